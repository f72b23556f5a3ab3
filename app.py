"""Segmentation Explorer — a Streamlit front end to segcore.  Start with:  streamlit run app.py

The frame: page configuration, the shared document input in the sidebar (Explore and Compare work on the same
document), and the navigation over the page files in pages/.
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

st.set_page_config(page_title="Segmentation Explorer", page_icon=":material/content_cut:", layout="wide",
                   initial_sidebar_state="expanded")

from pages import common  # noqa: E402

PAGES_DIR = ROOT / "pages"
explore = st.Page(PAGES_DIR / "explore.py", title="Explore", icon=":material/search:", default=True)
compare = st.Page(PAGES_DIR / "compare.py", title="Compare", icon=":material/compare_arrows:", url_path="compare")
benchmark = st.Page(PAGES_DIR / "benchmark.py", title="Benchmark", icon=":material/leaderboard:", url_path="benchmark")
about = st.Page(PAGES_DIR / "about.py", title="About", icon=":material/info:", url_path="about")

page = st.navigation([explore, compare, benchmark, about])

common.keep_widget_state()
link_warnings = common.init_from_query_params()
if page.title in ("Explore", "Compare"):
    common.document_sidebar()
for w in link_warnings:
    st.warning(w)

st.session_state["_frame_token"] = True  # the pages check that this frame ran (see common.require_frame)
page.run()
