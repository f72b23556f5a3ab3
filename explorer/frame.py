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
    reading = sidebar.document_sidebar() if page.title in DOCUMENT_PAGES else None
    # the page is one block at the top of the main area, in every run: a file being read shows its spinner in a
    # placeholder there, which replaces the previous run's page whole (Streamlit would otherwise keep its greyed
    # elements below the spinner until the run ends), and the page then goes in that placeholder
    with reading.container() if reading is not None else st.container():
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
