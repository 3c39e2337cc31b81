"""Hand-over for Streamlit's legacy page lookup, which finds this file on a server's first
request for this page: it runs the router, which shows the page (see ``ui.nav.hand_over``)."""

from ui.nav import hand_over

hand_over()
