"""Home: what GeoPlunge is, and a link to every page in the menu (see `ui.home`)."""

from ui.home import home_page
from ui.nav import page_setup

page_setup()
home_page()
