"""Atlas: the map of the 50 states; a click (or the search box) opens a state's card
(``/atlas?state=CO``), see `ui.atlas`."""

from ui.atlas import atlas_page
from ui.nav import page_setup

page_setup()
atlas_page()
