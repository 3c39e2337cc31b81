"""GeoPlunge: the router. Run with ``streamlit run streamlit_app.py``.

``streamlit run`` finds :data:`app` (an ``st.App``) here and serves it: Streamlit's pages and
the app's own routes (:mod:`ui.stream`, the stream of changes). Its server imports this module
for :data:`app`, and runs it as the page script (as ``__main__``) for every page a browser
asks for: only then does :func:`main` draw.
"""

import streamlit as st

from messages import _
from ui.buttons import end_run, start_run
from ui.heap import freeze_long_lived
from ui.language import choose_language, language_switch, mark_page_language
from ui.nav import navigation, routed, sidebar_menu
from ui.storage import app_database
from ui.stream import routes

app = st.App("streamlit_app.py", routes=routes(lambda: app_database().changes))


def main() -> None:
    """Every page's run: the language, the menu, then the page."""
    st.set_page_config(page_title="GeoPlunge", page_icon="🗺️", layout="wide")
    lang = choose_language()

    pages = navigation()
    page = st.navigation(pages, position="hidden")
    # Less blank space above each page, so a question, its map and its Check button fit a laptop.
    st.html("<style>[data-testid='stMainBlockContainer']{padding-top:2.5rem}</style>")

    with st.sidebar:
        language_switch()
        sidebar_menu(pages)
        st.divider()
        st.markdown("**GeoPlunge** · " + _("learn the United States by playing"))
        st.caption(
            _(
                "Borders from U.S. Census Bureau boundaries; areas from the 2010 Census; "
                "population from the 2020 Census."
            )
        )
        mark_page_language(lang)

    start_run()
    try:
        with routed():
            page.run()
    finally:
        end_run()
        freeze_long_lived()


if __name__ == "__main__":
    main()
