"""The frame around every page: page configuration, navigation over the page files in pages/, widget state kept
across pages, the link read once per session, and the document sidebar of Explore and Compare.

Pages run only inside the frame, through st.navigation. A folder named pages/ next to the entry point is also
Streamlit's legacy multipage layout: until some session has called st.navigation, Streamlit runs a page file that a
URL names (/compare) directly, without app.py — on a fresh server, and in every AppTest run after switch_page. A page
therefore starts with `require()`: outside the frame it runs the frame, whose st.navigation switches the legacy
layout off for the whole server and runs the page inside it, and then stops the outer run."""
from __future__ import annotations

from contextvars import ContextVar

import streamlit as st

from . import compute, settings, sidebar, state, workers
from .guard import guarded, md

PAGES = (("pages/explore.py", "Explore", ":material/search:", None),
         ("pages/compare.py", "Compare", ":material/compare_arrows:", "compare"),
         ("pages/benchmark.py", "Benchmark", ":material/leaderboard:", "benchmark"),
         ("pages/about.py", "About", ":material/info:", "about"))
DOCUMENT_PAGES = ("Explore", "Compare")  # the pages that work on the sidebar's document
METHOD_PAGE = "Explore"  # the page with the sidebar's Method section (sidebar.method_sidebar)

_inside: ContextVar[bool] = ContextVar("inside_frame", default=False)


def main() -> None:
    """Draw the frame and run the page that the URL or the navigation chose."""
    st.set_page_config(page_title="Segmentation Explorer", page_icon=":material/content_cut:", layout="wide",
                       initial_sidebar_state="auto")
    page = st.navigation([st.Page(path, title=title, icon=icon, url_path=url, default=url is None)
                          for path, title, icon, url in PAGES])
    bad = guarded(settings.check).error
    if bad:
        st.error(bad)
        st.stop()
    workers.pool()  # the first worker warms up while the page is drawn
    compute.warm()
    state.keep_widget_state()
    warnings = state.read_link()
    # the page is one block in the main area, after the document's reading spinner's place (sidebar._load): while
    # a new document is read, the previous run's page stays (greyed) until the new one replaces it, or, when it
    # showed no document, an empty placeholder takes its place at once and the page then goes in it
    page_place = sidebar.document_sidebar(page.title == METHOD_PAGE) if page.title in DOCUMENT_PAGES else None
    with page_place.container() if page_place is not None else st.container():
        for w in warnings:
            st.warning(md(w))
        token = _inside.set(True)
        try:
            page.run()
        finally:
            _inside.reset(token)


def require() -> None:
    """The first line of every page: run the page inside the frame (see the module's docstring)."""
    if not _inside.get():
        main()
        st.stop()
