"""Widgets whose state belongs to one document, reset when the document changes: the heatmap's resolution (kept),
the part of the text the heatmap shows, the page of the text overlay, the novelty curve's window, and the methods
compared when choosing K and how close their boundaries count as one place; and a chart with a square plot area (the
heatmap) drawn as wide as its column at any window width."""
from __future__ import annotations

import streamlit as st

from segcore import METHODS, overlay
from segcore.document import level_noun

from .documents import LARGE_N, DocState
from .state import per_level

PAGE = {"sentence": 200, "word": 4000}  # elements of text per page of the overlay
# the novelty window's least (start, most), elements each side; on a long text its start N/60, its most N/10 (a
# novel's chapters are hundreds of sentences)
NOVELTY_WINDOW = {"sentence": (3, 20), "word": (25, 100)}
NOVELTY_SHARE = (60, 10)
HEATMAP_BINS = (100, 150, 200, 300, 400, 600)  # the heatmap's resolution: its most cells a side, the choices
SHOWN_WHOLE = 300  # ... by default: a text up to this many elements one by one (a cell ≥ 1 pixel), longer ones binned
AGREE_TOLERANCE = {"sentence": 2, "word": 10}  # boundaries this close are one place where methods agree, at its start
TOLERANCE_WIDTH = 160  # pixels: the agreement's tolerance box, its label 'within ± sentences' and its help on a line
SQUARE_MIN = 400  # a square chart's column narrower than this many pixels goes on a row of its own (its margins
# alone take about 130 px of it)


def square_chart(fig, key: str, **kwargs) -> None:
    """Draw a plotly figure whose plot area is square (scaleanchor) as wide as its column at any window width and as
    high as that square and its margins, so no white band is left beside or under it: a figure of fixed size was
    squeezed into a narrower column (the square shrunk inside white bands above and below) or left one at the right
    of a wider one. The height follows the width in CSS (a container query: the server never knows the width); a
    column narrower than SQUARE_MIN pixels takes the whole row, the columns beside it wrapping below (:has()). A
    browser without container queries drops that height and keeps the figure's own proportions (its width and
    height as made, an aspect ratio), one without :has() leaves the column as it is: the chart stays inside its
    column, near square, not in Streamlit's default 450 px (a plot area of 67 × 92 px between white bands in a 224 px
    column). `kwargs` go to st.plotly_chart."""
    m, ratio = fig.layout.margin, f"{fig.layout.width}/{fig.layout.height}"
    fig.update_layout(width=None, height=None, autosize=True)
    box = f"st-key-{key}_box"
    st.html(f"<style>.{box}{{container-type:inline-size}}"
            f".{box} [data-testid=stPlotlyChart]{{min-height:0;height:auto;aspect-ratio:{ratio};"
            f"height:calc(100cqw - {m.l + m.r - m.t - m.b}px)}}"
            f"[data-testid=stHorizontalBlock]:has(> [data-testid=stColumn] .{box}){{flex-wrap:wrap}}"
            f"[data-testid=stColumn]:has(.{box}){{min-width:min(100%, {SQUARE_MIN}px)}}</style>")
    with st.container(key=f"{key}_box"):
        st.plotly_chart(fig, key=key, width="stretch", height="stretch", **kwargs)


def heatmap_bins(doc_state: DocState, where=st) -> int:
    """The heatmap's most bins a side: a choice (a select slider in `where`) on a text longer than 150 elements, at
    first SHOWN_WHOLE, so that a text of a few hundred elements is drawn one element per row and column."""
    if doc_state.doc.n <= HEATMAP_BINS[1]:
        return SHOWN_WHOLE
    st.session_state.setdefault("hm_bins", SHOWN_WHOLE)
    unit = level_noun(doc_state.doc.level)
    return where.select_slider("Resolution (bins)", HEATMAP_BINS, key="hm_bins",
                               help=f"The heatmap averages the similarity over bins of consecutive {unit} when the "
                                    f"part shown has more {unit} than this.")


def zoom(doc_state: DocState, max_bins: int) -> tuple[int, int]:
    """(start, end) of the elements the heatmap shows: a range slider when the text has more than max_bins, the
    whole text on a new document; at least two elements."""
    ss, n = st.session_state, doc_state.doc.n
    if n <= max_bins:
        return 0, n
    z = ss.get("hm_zoom")
    if ss.get("_zoom_doc") != doc_state.key or not (isinstance(z, (tuple, list)) and len(z) == 2
                                                    and 0 <= z[0] < z[1] <= n):
        ss["hm_zoom"], ss["_zoom_doc"] = (0, n), doc_state.key
    unit = level_noun(doc_state.doc.level)
    a, b = st.slider(f"Zoom to {unit}", 0, n, key="hm_zoom",
                     help=f"The part of the text the heatmap shows; at most {max_bins} {unit} are shown one by one, "
                          f"more are averaged over bins.")
    a = min(a, n - 2)
    return a, max(b, a + 2)


def shown_anew(key: str, labels: list[str]) -> None:
    """Before a selectbox (`key`, options 0 … len(labels) − 1) is drawn: when its labels have changed since the last
    run (new pages, new segments), its value is set again, so that the browser shows the new label of the option
    chosen (a keyed selectbox keeps its identity, and the browser the old label, when only its labels change)."""
    ss = st.session_state
    if ss.get(f"_labels:{key}") != labels:
        ss[f"_labels:{key}"] = labels
        ss[key] = ss.get(key)


def text_page(doc_state: DocState, boundaries: list[int], highlight: int | None) -> tuple[int, int]:
    """(start, end) of the page of the text overlay (overlay.page_ranges): a page selector when there is more than one
    page, turned to the page of a newly highlighted segment."""
    ss, doc = st.session_state, doc_state.doc
    pages = overlay.page_ranges(boundaries, PAGE[doc.level])
    if ss.get("text_page") not in range(len(pages)):
        ss["text_page"] = 0
    if highlight is not None and ss.get("_paged_highlight") != (doc_state.key, highlight):
        start = doc.segments(boundaries)[highlight][0]
        ss["text_page"] = next(i for i, (a, b) in enumerate(pages) if a <= start < b)
    ss["_paged_highlight"] = (doc_state.key, highlight)
    if len(pages) > 1:
        unit = level_noun(doc.level)
        labels = [f"page {i + 1} of {len(pages)}: {unit} {a:,}–{b - 1:,}" for i, (a, b) in enumerate(pages)]
        shown_anew("text_page", labels)
        st.selectbox("Page", list(range(len(pages))), key="text_page", format_func=labels.__getitem__,
                     help=f"Long texts are shown a page at a time: whole segments, about {PAGE[doc.level]} {unit} "
                          f"a page.")
    return pages[ss["text_page"]]


def novelty_domain(level: str, n: int) -> tuple[int, int]:
    """The novelty window's (start, most) in elements each side, for a text of n elements: a few elements on a short
    text (Choi's segments are 3 to 11 sentences), a share of the text on a long one (a window of 3 sentences over a
    novel's chapters of hundreds finds no shared word on either side: a flat band at 1)."""
    start, most = NOVELTY_WINDOW[level]
    return max(start, round(n / NOVELTY_SHARE[0])), max(most, n // NOVELTY_SHARE[1])


def novelty_window(doc_state: DocState) -> int:
    """The novelty curve's window (a slider), in the document's elements: at its start on a first look and whenever
    its domain changes (3 sentences each side are not 3 words, nor a window for a novel)."""
    ss, doc = st.session_state, doc_state.doc
    start, most = novelty_domain(doc.level, doc.n)
    if ss.get("_window_domain") != (start, most) or not 1 <= ss.get("novelty_window", 0) <= most:
        ss["novelty_window"], ss["_window_domain"] = start, (start, most)
    return st.slider(f"Window of the novelty curve ({level_noun(doc.level)} each side)", 1, most, key="novelty_window")


def agreement_tolerance(doc_state: DocState, where=st) -> int:
    """How close boundaries count as one place where methods agree (a number input in `where`), in the document's
    elements: its own at each level (2 sentences are not 2 words), at its start on a first look at a level."""
    level = doc_state.doc.level
    per_level("agree_tol", level, AGREE_TOLERANCE)
    return where.number_input(f"within ± {level_noun(level)}", 0, 100, key="agree_tol", width=TOLERANCE_WIDTH,
                              help="Boundaries this close count as the same place.")


def compared_methods(doc_state: DocState, method: str) -> list[str]:
    """The methods whose automatic K are compared (a multiselect): on a new document, the method and ui, c99, cvs
    on a short text, none on a long one (each takes seconds there)."""
    ss = st.session_state
    names = [n for n in METHODS if "corpus" not in METHODS[n].needs]
    if ss.get("_agree_doc") != doc_state.key:
        ss["_agree_doc"] = doc_state.key
        defaults = [n for n in dict.fromkeys([method, "ui", "c99", "cvs"]) if n in names][:4]
        ss["agree_methods"] = defaults if doc_state.doc.n <= LARGE_N else []
    ss["agree_methods"] = [n for n in ss.get("agree_methods", []) if n in names]
    return st.multiselect("Methods, each with K automatic", names, key="agree_methods", max_selections=6)
