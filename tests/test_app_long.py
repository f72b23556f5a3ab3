"""The Explore page on choosing K and on long documents, under AppTest: a new text starts on automatic K; the Choosing
K tab marks the automatic choice (and the range of K its evidence supports) and shows where methods agree; a
5,000-sentence document gets a bounded heatmap, a zoom at full resolution, a paged text and drawable curves."""
from __future__ import annotations

import contextlib
import re

import numpy as np
import pytest
import streamlit

from explorer.documents import SAMPLES
from tests.apptest import (PASTED, ROOT, charts, decode, errors, heatmap, new_app, open_tab, overlay, paste, run,
                           summary, upload)

N_LONG = 5000


def long_ref(n: int = N_LONG, topics: int = 25) -> bytes:
    """A Choi-format document of n sentences on `topics` topics, each with words of its own (real English words, so
    that word vectors know them)."""
    words = sorted({w for w in re.findall(r"[a-z]{4,}", (ROOT / "assets" / "samples" /
                                                         "alemi_ginsparg_2015_paper.txt").read_text("utf-8").lower())})
    groups = np.array_split(np.array(words), topics)
    rng = np.random.default_rng(0)
    per = n // topics
    lines = []
    for t in range(topics):
        lines.append("==========")
        lines += [" ".join(rng.choice(groups[t], 8)) + " ." for _ in range(per)]
    return ("\n".join(lines + ["=========="]) + "\n").encode()


def chart_named(at, name: str) -> dict:
    return next(spec for spec in charts(at) if any((t.get("name") or "").startswith(name) for t in spec["data"]))


def test_a_new_text_starts_on_automatic_k():
    at = run(new_app())
    assert at.sidebar.radio(key="k_mode").value == "Number"  # the sample: its reference's K
    at.sidebar.radio(key="src").set_value("Paste text")
    run(at)
    at.sidebar.text_area(key="paste").set_value(PASTED)
    run(at)
    assert at.sidebar.radio(key="k_mode").value == "Automatic"
    assert "(K chosen automatically)" in summary(at)
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(2)
    run(at)
    at.sidebar.radio(key="level").set_value("word")  # the same text: K stays as set
    run(at)
    assert at.sidebar.radio(key="k_mode").value == "Number" and "into **2 segments**" in summary(at)
    at.sidebar.text_area(key="paste").set_value(PASTED + "\n\nA third topic: rivers flow to the sea.")
    run(at)
    assert at.sidebar.radio(key="k_mode").value == "Automatic"


def test_choosing_k_marks_the_automatic_choice_and_where_methods_agree():
    at = open_tab(run(new_app()), "Choosing K")  # the default sample with best, K = 10 given
    assert not errors(at)
    text = next(m.value for m in at.markdown if "automatically**" in m.value)
    k_auto = int(re.search(r"chooses K = (\d+)", text).group(1))
    cost = chart_named(at, "best cost")
    names = [t.get("name") for t in cost["data"]]
    assert f"automatic K = {k_auto}" in names
    evidence = chart_named(at, "held-out log-likelihood")  # each panel named by its Signal.label
    names = [t.get("name") for t in evidence["data"]]
    assert {f"automatic K = {k_auto}", "K shown = 10", "reference K = 10"} <= set(names)
    for label in ("held-out log-likelihood (higher", "gap statistic (what"):  # best's two kinds of evidence
        assert any(n and n.startswith(label) for n in names), names
    band = next(n for n in names if n and n.startswith("supported range"))  # best reports k_interval
    found = [int(x) for x in re.findall(r"\d+", band)]  # "K 5–11", or "K = 5 alone"
    low, high = found[0], found[-1]
    assert low <= k_auto <= high
    assert f"K from {low} to {high}" in text or (low == high and f"K = {low} alone" in text)
    shapes = [s for s in evidence["layout"]["shapes"] if s["type"] == "rect"]
    assert shapes and shapes[0]["x0"] == low - 0.5 and shapes[0]["x1"] == high + 0.5
    agree = chart_named(at, "most methods agree")
    rows = {t["y"][0] for t in agree["data"] if t.get("type") == "bar"}
    assert rows == {"reference", *at.multiselect(key="agree_methods").value}
    assert len(at.multiselect(key="agree_methods").value) >= 2
    assert any(c.value.startswith(f"best: K = {k_auto}") for c in at.caption)


@pytest.fixture
def said(monkeypatch) -> list[str]:
    """The texts of the spinners a run shows, in order."""
    texts = []

    @contextlib.contextmanager
    def spinner(text="", *args, **kwargs):
        texts.append(text)
        yield

    monkeypatch.setattr(streamlit, "spinner", spinner)
    return texts


def test_the_slow_steps_of_choosing_k_say_what_runs(said):
    """The tab runs the method with K automatic and each agreeing method with K automatic, seconds each on a long
    text, where the page only greyed out: each under a spinner that names it."""
    at = open_tab(run(new_app()), "Choosing K")  # the default sample with best, K = 10 given
    agreeing = at.multiselect(key="agree_methods").value
    assert len(agreeing) >= 2 and not errors(at)
    assert "best: choosing K automatically…" in said, said
    for i, name in enumerate(agreeing, 1):
        assert f"{name} with K automatic ({i} of {len(agreeing)})…" in said, said


def test_the_cost_curve_is_computed_under_a_spinner_that_names_it(said):
    """On a novel (3,343 sentences) the tab said 'best chooses K = 9' and then nothing for about ten seconds, not even
    a spinner, while the best cost of every K up to 40 was computed (a cached call without a spinner of its own): it
    runs under a spinner that says what it computes."""
    at = run(new_app())
    at.sidebar.radio(key="k_mode").set_value("Automatic")  # its own costs stop at the K it chose: the curve goes on
    at = open_tab(run(at), "Choosing K")
    assert chart_named(at, "best cost") and not errors(at)
    assert any(t.startswith("best: the best cost of every K up to ") for t in said), said


def test_reading_a_file_says_so_in_the_main_area(monkeypatch):
    """Reading a PDF takes seconds; under a spinner in the sidebar, the greyed main area went on saying "Choose a
    sample, upload a file or paste text…" meanwhile. The spinner is the main area's first element, in its place."""
    said, inside = [], [0]  # (spinner's text, whether `with st.sidebar` was open), how deep in the sidebar
    cls = type(streamlit.sidebar)
    enter, leave = cls.__enter__, cls.__exit__

    def entering(self):
        inside[0] += self is streamlit.sidebar
        return enter(self)

    def leaving(self, *exc):
        inside[0] -= self is streamlit.sidebar
        return leave(self, *exc)

    @contextlib.contextmanager
    def spinner(text="", *args, **kwargs):
        said.append((text, inside[0] > 0))
        yield

    monkeypatch.setattr(cls, "__enter__", entering)
    monkeypatch.setattr(cls, "__exit__", leaving)
    monkeypatch.setattr(streamlit, "spinner", spinner)
    at = run(new_app())
    upload(at, "paper.txt", PASTED.encode())
    run(at)
    assert [side for text, side in said if text.startswith("Reading paper")] == [False], said


def test_the_first_look_at_an_upload_says_what_runs(monkeypatch):
    """The spinners of a new upload said 'Reading notes.txt…' and 'Segmenting with best…', no hint of what either
    step does (extracting the text and splitting it; representing the sentences and placing boundaries)."""
    said = []

    @contextlib.contextmanager
    def spinner(text="", *args, **kwargs):
        said.append(text.replace("\\", ""))
        yield

    monkeypatch.setattr(streamlit, "spinner", spinner)
    upload(run(new_app()), "notes.txt", PASTED.encode())
    assert "Reading notes.txt: extracting its text and splitting it into sentences…" in said, said
    assert "Segmenting with best: representing the sentences, then placing the boundaries…" in said, said


def _stopped_at_the_read(monkeypatch):
    """streamlit.spinner stopping the run when a read starts while `stop[0]`: to see what the page holds then."""
    stop, real = [True], streamlit.spinner

    def spinner(text="", *args, **kwargs):
        if stop[0] and text.startswith("Reading "):
            streamlit.stop()
        return real(text, *args, **kwargs)

    monkeypatch.setattr(streamlit, "spinner", spinner)
    return stop


def _page_block(at) -> int:
    """Where the page (its title) is in the main area."""
    return next(i for i, block in at.main.children.items() if getattr(block, "title", None) and block.title)


def test_a_file_being_read_takes_the_place_of_a_page_without_a_document(monkeypatch):
    """While a file was read, Streamlit kept the previous run's page (greyed: its title, 'Choose a sample, upload a
    file or paste text…') below the spinner until the run ended. The reading spinner is the main area's first
    element and the page its next block, in every run; a read after a page without a document puts an empty
    placeholder in the page's place at once, and the page then goes in it (the spinner, written here as a caption in
    a placeholder emptied after, as st.spinner's, is gone from the page that follows)."""
    said = []

    @contextlib.contextmanager
    def spinner(text="", *args, **kwargs):
        said.append(text)
        shown = streamlit.empty()
        shown.caption(f"spinner: {text}")
        yield
        shown.empty()

    monkeypatch.setattr(streamlit, "spinner", spinner)
    at = run(new_app())
    for reading in (True, False):  # the default sample read, then the same page again from the cache
        assert any(t.startswith("Reading ") for t in said) == reading, said
        assert list(at.main.children) == [0, 1] and [t.value for t in at.main.children[1].title] == [
            "Explore a segmentation"]
        assert not [c.value for c in at.caption if c.value.startswith("spinner: Reading")]
        said.clear()
        run(at)
    upload(at, "paper.txt", PASTED.encode())
    assert any(t.startswith("Reading paper") for t in said), said
    assert list(at.main.children) == [0, 1] and not [c for c in at.caption if c.value.startswith("spinner: Reading")]
    assert " segment" in summary(at)  # the page, read and segmented
    stop = _stopped_at_the_read(monkeypatch)
    at.sidebar.radio(key="src").set_value("Paste text")  # no document: 'Paste some text to segment.'
    run(at)
    at.sidebar.text_area(key="paste").set_value(PASTED)
    run(at)
    main = at.main.children
    assert list(main) == [0, 1] and main[1].type == "empty", main  # the page without a document, gone
    stop[0] = False
    run(at)
    assert _page_block(at) == 1 and " segment" in summary(at)


def test_a_new_document_being_read_keeps_the_previous_page_until_the_new_one_replaces_it(monkeypatch):
    """While a new document was read, the main area held the reading spinner alone (a placeholder in the page's
    place), blank for as long as the read took. The spinner now has its own place above the page, and the previous
    document's page stays (greyed, in the browser) until the new one replaces it: the run stopped at the spinner
    writes nothing where the page is."""
    at = run(new_app())
    page = _page_block(at)
    sample = at.sidebar.selectbox(key="sample")
    stop = _stopped_at_the_read(monkeypatch)
    sample.set_value(next(s.key for s in SAMPLES if s.key != sample.value))
    run(at)
    assert page not in at.main.children, at.main.children
    stop[0] = False
    run(at)
    assert _page_block(at) == page and " segment" in summary(at)


@pytest.fixture(scope="module")
def long_view():
    at = new_app()
    at.session_state["method"] = "texttiling"  # fast on 5,000 sentences
    run(at)
    upload(at, "long.ref", long_ref())
    assert not errors(at), errors(at)
    open_tab(at, "Choosing K")
    assert at.multiselect(key="agree_methods").value == []  # none by default on a long text: each takes seconds
    at.multiselect(key="agree_methods").set_value(["texttiling", "sentence-tiling"])
    return run(at)


def test_a_long_document_gets_a_bounded_heatmap_and_a_paged_text(long_view):
    at = long_view
    assert at.session_state["_docstate"].doc.n == N_LONG and "5,000 sentences" in summary(at)
    z = decode(heatmap(at)["data"][0]["z"])
    assert z.shape[0] == z.shape[1] <= 600 and z.shape[0] >= 100
    body = overlay(at)
    assert 0 < body.count("<sup") <= 200  # one page of sentences, not 5,000
    pages = at.selectbox(key="text_page")
    assert len(pages.options) >= N_LONG // 200
    pages.set_value(3)
    run(at)
    assert "<sup style='color:#888; font-family:sans-serif; font-size:10px;'>600</sup>" in overlay(at)
    last = len(at.selectbox(key="highlight").options) - 1
    at.selectbox(key="highlight").set_value(last)  # the page turns to the highlighted segment
    run(at)
    assert "segx-highlight" in overlay(at) and at.selectbox(key="text_page").value == len(pages.options) - 1
    assert chart_named(at, "most methods agree")
    profile = chart_named(open_tab(at, "Score profile"), "novelty")
    assert all(len(decode(t["x"])) <= 4000 for t in profile["data"] if t.get("x") and t["x"] != [None])


def test_a_zoom_shows_a_region_at_full_resolution(long_view):
    at = long_view
    at.slider(key="hm_zoom").set_value((1000, 1150))
    run(at)
    hm = heatmap(at)
    z = decode(hm["data"][0]["z"])
    assert z.shape == (150, 150)
    assert hm["data"][0]["x"][0].startswith("#1000 ") and hm["data"][0]["x"][-1].startswith("#1149 ")
    assert any("1,000–1,149, one by one" in c.value for c in at.caption)


def test_a_selectbox_whose_labels_change_is_set_again():
    """A keyed selectbox keeps its identity when only its labels change, and the browser kept showing the old label:
    'page 1 of 27: sentences 0–11' above a text in words (/tmp/appwalk/after_novel_words.png), a segment's old range
    after a new K. When the labels change, the value is sent again (the proto's set_value), with the new label."""
    at = run(new_app())
    upload(at, "long.ref", long_ref(1200, 6))
    at.sidebar.radio(key="k_mode").set_value("Number")  # K given: no automatic K of 15,000 words on a loaded machine
    run(at)
    run(at)  # nothing changed: nothing to send again
    assert not at.selectbox(key="text_page").proto.set_value
    at.sidebar.radio(key="level").set_value("word")  # new pages, in words; still the first one
    run(at)
    assert not errors(at), errors(at)
    page = at.selectbox(key="text_page")
    assert page.value == 0 and page.proto.set_value and page.proto.raw_value == page.options[0]
    assert " words " in page.proto.raw_value
    at.selectbox(key="highlight").set_value(2)
    run(at)
    at.sidebar.number_input(key="k").set_value(at.sidebar.number_input(key="k").value + 3)  # new segments
    run(at)
    highlight = at.selectbox(key="highlight")
    assert highlight.value == 2 and highlight.proto.set_value and highlight.proto.raw_value == highlight.options[2]


def test_the_cost_curve_reaches_the_automatic_choice_beyond_k_40():
    at = new_app()
    at.query_params.update({"sample": "choi-1_0", "level": "word", "method": "cvs", "k": "auto"})
    at = open_tab(run(at), "Choosing K")
    k_auto = int(re.search(r"chooses K = (\d+)", next(m.value for m in at.markdown if "automatically**" in m.value))
                 .group(1))
    assert k_auto > 40  # past the K the DP tables answer: the curve's end comes from the run's own costs
    cost = next(t for t in chart_named(at, "best cost")["data"] if t.get("name") == "best cost")
    ks, costs = decode(cost["x"]), decode(cost["y"]).astype(float)
    assert ks.max() >= k_auto and np.isfinite(costs[ks == k_auto]).all()


def test_a_file_being_read_clears_the_stale_method_section_from_the_sidebar(monkeypatch):
    """While a file was read, the sidebar's Method section (the previous document's method, K and parameters) stayed
    greyed below the new document's box until the run ended. The document section is one block at the top of the
    sidebar; while a file is read, the block after it is a placeholder, which takes the place of the previous run's
    Method section at once; the Method section then goes in it. Here the run is stopped at the reading spinner to
    see what the sidebar holds then: on Explore, a note in the Method section's place (it had simply gone), on
    Compare (no Method section) nothing. A read that fails leaves no note behind."""
    at = run(new_app())
    assert at.sidebar.selectbox(key="method").value
    stop = _stopped_at_the_read(monkeypatch)
    upload(at, "paper.txt", PASTED.encode())
    sidebar = at.sidebar.children
    assert list(sidebar) == [0, 1] and sidebar[1].type == "caption", sidebar
    assert sidebar[1].value == "**Method**: shown when the document is read."
    assert "upload" in [w.key for w in sidebar[0].get("file_uploader")]
    stop[0] = False
    run(at)
    sidebar = at.sidebar.children
    assert [h.value for h in sidebar[1].header] == ["Method"] and sidebar[1].selectbox(key="method").value
    assert not [c for c in at.sidebar.caption if "shown when the document is read" in c.value]
    assert " segment" in summary(at)
    upload(at, "broken.pdf", b"%PDF-1.4 not really")  # a read that fails: the Method section all the same
    assert errors(at)
    sidebar = at.sidebar.children
    assert [h.value for h in sidebar[1].header] == ["Method"]
    assert not [c for c in at.sidebar.caption if "shown when the document is read" in c.value]
    at.switch_page("pages/compare.py")
    run(at)
    stop[0] = True
    upload(at, "other.txt", PASTED.encode() + b"\n\nA third topic: rivers flow to the sea.")
    sidebar = at.sidebar.children
    assert list(sidebar) == [0, 1] and sidebar[1].type == "empty", sidebar


WIKI_21 = """Sourdough is bread made by the fermentation of dough using wild lactobacillaceae and yeast.[1] Lactic acid from \
fermentation imparts a sour taste and improves keeping qualities.[2]

History[edit]
Sourdough is one of the oldest forms of grain leavening.[3] It is believed to have originated in Ancient Egyptian \
times around 1500 BC. Bakers in the Middle Ages kept a piece of dough from each batch to start the next. The bakers of \
the Gold Rush carried starters with them to California. Miners were nicknamed sourdoughs for the pouch of starter \
they carried.

Chemistry[edit]
A sourdough starter is a stable culture of lactic acid bacteria and yeast in flour and water.[4] The yeast produces \
gas that leavens the dough, and the bacteria produce lactic acid that flavours it. The ratio of bacteria to yeast is \
about one hundred to one. Acetic acid is also produced, which gives a sharper taste. The acids lower the pH of the \
dough and slow the growth of moulds. Enzymes in the flour break starch into sugars that the microbes feed on.

Baking[edit]
A loaf is shaped after a long first rise and left to proof in a basket. Bakers score the top of the loaf with a blade \
before it goes into the oven. Steam in the first minutes of baking keeps the crust soft. \
A thick dark crust forms as the sugars caramelise. The loaf is left to cool for an hour before it is cut.

References[edit]
^ Gänzle, Michael G. (2014). "Enzymatic and bacterial conversions". Food Microbiology. 37: 2–10.
"""


def test_no_boundary_found_is_said_on_the_page_with_why_and_what_to_do():
    """A Wikipedia copy of 21 sentences and headings in 3 sections: best weighs K up to a third of the paragraphs it
    may cut between, so K = 1 alone, and the page only said 'into 1 segment (K chosen automatically)' beside a
    reference of 4 segments — as if the method had found the text to be one piece."""
    at = paste(run(new_app()), WIKI_21)
    doc = at.session_state["_docstate"].doc
    assert doc.n == 21 and len(doc.reference) == 4 and not errors(at)  # the lead and its 3 sections
    assert "into **1 segment** (K chosen automatically)" in summary(at)
    said = [i.value for i in at.info if "No boundary found" in i.value]
    assert len(said) == 1, [i.value for i in at.info]
    assert "no K above 1" in said[0] and "set K" in said[0] and "in the sidebar" in said[0], said
    # what was short is the paragraphs it cut between (not the 21 sentences), by best's rule; the way out is named
    assert re.search(r"only between its \d+ paragraphs", said[0]) and "one segment per 3" in said[0], said
    assert "paragraphs = false" in said[0] and "21 sentences" in said[0] and "Parameters of best" in said[0]
    assert not any("paragraphs = false" in c.value for c in at.caption)  # said once, in the note
    at = open_tab(at, "Choosing K")  # the same run: its reason is not said a second time
    told = [m.value for m in at.markdown if "automatically**" in m.value]
    assert told and "see 'No boundary found' above" in told[0] and "only between" not in told[0], told
    assert sum("only between its" in i.value for i in at.info) == 1


def test_the_methods_compared_for_k_stay_chosen_when_the_tab_is_left():
    """Only the open tab runs, and Streamlit forgets a widget that a run does not draw: in the browser the methods
    chosen under 'Where the methods agree' (and their tolerance) were gone after a look at the Segments tab and back
    (README.md, controlflow.html: 'best, ui, c99, cvs', then none and 'Choose at least two methods.'). AppTest keeps
    a widget over a tab switch, not over a page switch, which forgets it the same way: both are kept now, as the
    novelty window (on another tab) already was."""
    at = open_tab(run(new_app()), "Choosing K")
    box = at.multiselect(key="agree_methods")
    chosen = [n for n in box.options if n not in box.value][:2]
    box.set_value(chosen)
    at.number_input(key="agree_tol").set_value(4)
    run(at)
    open_tab(at, "Segments")
    at.switch_page("pages/compare.py")
    run(at)
    at.switch_page("pages/explore.py")
    open_tab(at, "Choosing K")
    assert at.multiselect(key="agree_methods").value == chosen
    assert at.number_input(key="agree_tol").value == 4
    assert chart_named(at, "most methods agree")
