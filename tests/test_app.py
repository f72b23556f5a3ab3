"""The Explore page under Streamlit's AppTest: the default sample, K and its widgets, every method, the charts' shapes,
pasted text, and that a wrong setting gives an st.error and never an exception (helpers in tests/apptest.py)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from explorer import documents, views
from explorer.documents import SAMPLES_SET
from segcore import METHODS
from segcore.document import INLINE_BREAK
from tests.apptest import (PASTED, ROOT, charts, decode, errors, heatmap, new_app, open_tab, overlay, paste, run, said,
                           summary)


@pytest.fixture(scope="module")
def explore() -> AppTest:
    return run(new_app())


def test_explore_default_sample(explore):
    at = explore
    assert not errors(at)
    doc = at.session_state["_docstate"].doc
    assert doc.n == 60 and len(doc.reference) == 10
    assert "cut the 60 sentences into **10 segments**" in summary(at)
    specs = charts(at)
    assert len(specs) == 2  # heatmap, score profile: the other tabs run when opened
    assert len(charts(open_tab(at, "Choosing K"))) == 4  # heatmap, cost vs K, evidence per K, agreement of methods
    agree = at.dataframe[-1].value  # pairwise Pk of the methods compared, in % as the tiles above
    assert np.allclose(np.diag(agree.values), 0) and agree.values.max() > 1
    assert any("Pairwise Pk in % below" in c.value for c in at.caption)
    open_tab(at, "Score profile")
    hm = heatmap(at)
    z = decode(hm["data"][0]["z"])
    assert z.shape == (60, 60)
    assert np.allclose(np.diag(z)[np.diag(z) > 0], 1.0, atol=1e-5)  # cosine of an element with itself
    assert len(hm["data"][0]["x"]) == 60
    markers = next(t for t in hm["data"] if t.get("name") == "segments")
    assert len(decode(markers["customdata"])) == 10
    # 10 hypothesis squares + 10 reference squares
    assert len(hm["layout"]["shapes"]) == 20
    html = overlay(at)
    assert html.count("class='segx-segment") == 10
    assert "top terms" in html
    labels = [m.label for m in at.metric]
    assert labels[:5] == ["Pk", "WindowDiff", "Precision", "Recall", "F1"]
    pk = at.metric[0].value  # in %, as on the Compare and Benchmark pages
    assert re.fullmatch(r"\d+\.\d\d %", pk) and re.fullmatch(r"\d+\.\d %", at.metric[4].value), pk
    assert any(c.value.startswith("Baselines on this document — no boundary: Pk ") and " %" in c.value
               for c in at.caption)
    assert not at.get("download_button")
    assert len(open_tab(at, "Export").get("download_button")) == 4
    open_tab(at, "Score profile")


def test_k_change_updates_every_view(explore):
    at = explore
    at.sidebar.radio(key="k_mode").set_value("Number")
    at.sidebar.number_input(key="k").set_value(6)
    run(at)
    assert "into **6 segments**" in summary(at)
    assert re.search(r"in (under 1|[1-9][\d,]*) ms\.$", summary(at))  # a K read off the fitted score is quick
    assert overlay(at).count("class='segx-segment") == 6
    hm = heatmap(at)
    markers = next(t for t in hm["data"] if t.get("name") == "segments")
    assert len(decode(markers["customdata"])) == 6
    cost = next(s for s in charts(open_tab(at, "Choosing K")) if any(t.get("name") == "best cost" for t in s["data"]))
    costs = next(t for t in cost["data"] if t.get("name") == "best cost")
    assert len(decode(costs["y"])) >= 6  # the cost-vs-K curve covers the K chosen
    assert at.query_params["k"] == ["6"] or at.query_params["k"] == "6"
    open_tab(at, "Score profile")


def test_a_sample_starts_on_its_own_k_not_the_previous_documents():
    """A K set for a longer document (300 of the paper's 444 sentences) is not carried to a Choi sample of 65 (an
    error there) nor the paper's K = 40 to a sample with a reference of 10: a sample starts on its reference's K."""
    at = run(new_app())
    at.sidebar.selectbox(key="sample").set_value("alemi-paper")
    at.sidebar.selectbox(key="method").set_value("texttiling")  # quick at any K
    run(at)
    at.sidebar.radio(key="level").set_value("sentence")
    run(at)
    at.sidebar.number_input(key="k").set_value(300)
    run(at)
    assert "into **300 segments**" in summary(at)
    at.sidebar.selectbox(key="sample").set_value("choi-2_7")
    run(at)
    assert not errors(at) and "cut the 65 sentences into **10 segments**" in summary(at)
    at.sidebar.selectbox(key="sample").set_value("alemi-paper")
    run(at)
    at.sidebar.selectbox(key="sample").set_value("choi-1_0")
    run(at)
    assert at.sidebar.radio(key="k_mode").value == "Number" and "into **10 segments**" in summary(at)


def test_highlight_a_segment(explore):
    at = explore
    at.selectbox(key="highlight").set_value(2)
    run(at)
    html = overlay(at)
    assert html.count("segx-highlight") == 1 and "id='segment-3' class='segx-segment segx-highlight'" in html
    assert any("segx-selected" in h.proto.body and "Segment 3" in h.proto.body for h in at.get("html"))
    shapes = heatmap(at)["layout"]["shapes"]
    assert sum(1 for s in shapes if s.get("fillcolor")) == 1


def test_k_larger_than_text_is_an_error(explore):
    at = explore
    at.sidebar.number_input(key="k").set_value(500)
    run(at)
    assert any("K must be a whole number between 1 and 60" in e for e in errors(at))
    at.sidebar.number_input(key="k").set_value(10)
    run(at)
    assert not errors(at)


def test_novelty_window_in_words_does_not_break_a_text_in_sentences():
    """The novelty window of a word-level text (25 words, up to 100) is out of the slider's range for sentences (up to
    20): switching to a text in sentences starts it anew instead of raising StreamlitValueAboveMaxError."""
    at = run(new_app())
    at.sidebar.selectbox(key="sample").set_value("arxiv-003")
    run(at)
    at.slider(key="novelty_window").set_value(60)
    run(at)
    at.sidebar.selectbox(key="sample").set_value("choi-1_0")
    run(at)
    assert at.slider(key="novelty_window").value == 3 and " segment" in summary(at)


def test_the_novelty_window_starts_anew_when_the_elements_become_words():
    """A window of 3 sentences kept as 3 words (inside the word slider's range) made the novelty curve of a text in
    words a comb of 0s and 1s: the window starts at its start for the new level (at least its least start, 25 words;
    more on a long text)."""
    at = run(new_app())
    assert at.slider(key="novelty_window").value == 3
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    assert at.slider(key="novelty_window").value >= views.NOVELTY_WINDOW["word"][0] and " words into " in summary(at)
    at.sidebar.radio(key="level").set_value("sentence")
    run(at)
    assert at.slider(key="novelty_window").value == 3


def test_the_tolerances_are_kept_for_each_level_and_the_link_says_which():
    """The F1 tolerance kept its number when the elements changed level (3 sentences chosen stayed 3 words, nearly
    exact; the default 1 was right at both by chance), and the agreement's went back to its start on each change: each
    is now its own at each level, its start the first time, the value a user gave when the document comes back to that
    level; the link names the level of each tolerance it carries (tol.sentence=3), and a link's tol.word is the
    tolerance at word level, whichever level the link opens at."""
    from explorer import state
    at = run(new_app())
    assert at.slider(key="tolerance").value == state.F1_TOLERANCE["sentence"]
    at.slider(key="tolerance").set_value(3)
    open_tab(at, "Choosing K")
    at.number_input(key="agree_tol").set_value(4)
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    assert at.slider(key="tolerance").value == state.F1_TOLERANCE["word"] != 3
    assert at.slider(key="tolerance").max == state.MAX_TOLERANCE["word"]
    assert at.number_input(key="agree_tol").value == views.AGREE_TOLERANCE["word"]
    at.slider(key="tolerance").set_value(25)
    at.number_input(key="agree_tol").set_value(30)
    at.sidebar.radio(key="level").set_value("sentence")
    run(at)
    assert at.slider(key="tolerance").value == 3 and at.number_input(key="agree_tol").value == 4
    qp = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert qp["tol.sentence"] == "3" and qp["tol.word"] == "25" and "tol" not in qp
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    assert at.slider(key="tolerance").value == 25 and at.number_input(key="agree_tol").value == 30
    linked = new_app()
    linked.query_params = {"sample": "choi-1_0", "level": "sentence", "tol.word": "25"}
    run(linked)
    assert linked.slider(key="tolerance").value == state.F1_TOLERANCE["sentence"]
    linked.sidebar.radio(key="level").set_value("word")
    run(linked)
    assert linked.slider(key="tolerance").value == 25
    old = new_app()
    old.query_params = {"sample": "choi-1_0", "level": "word", "tol": "20"}  # a link from before: at its level
    assert run(old).slider(key="tolerance").value == 20


def test_the_novelty_window_follows_the_length_of_the_text():
    """On a long text the window (1 to 20 sentences each side) was short against its parts: the curve over six parts
    of 200 sentences, each with its own words, was a band at 1 (windows of 3 sentences share no word on either side
    of most gaps). The slider now reaches a share of the text, and starts where the parts stand out."""
    rng = np.random.default_rng(7)
    letters = np.array(list("bcdfghklmnprstvz"))
    vowels = np.array(list("aeiou"))

    def word():
        return "".join(c + v for c, v in zip(rng.choice(letters, 3), rng.choice(vowels, 3)))

    parts, size = 6, 200
    words = [[word() for _ in range(300)] for _ in range(parts)]
    text = "\n\n".join(" ".join(" ".join(rng.choice(w, 6)).capitalize() + "." for _ in range(size)) for w in words)
    at = paste(run(new_app()), text)
    n = at.session_state["_docstate"].doc.n
    assert n == parts * size, n
    slider = at.slider(key="novelty_window")
    assert slider.max >= n // 10 and slider.value > 3, (slider.max, slider.value)
    curve = next(t for t in charts(at)[1]["data"] if t["name"].startswith("novelty"))
    x, y = decode(curve["x"]), decode(curve["y"])
    assert np.nanmedian(y) < 0.8, np.nanmedian(y)  # not a band at 1
    top = np.nanquantile(y, 0.95)
    for change in range(size, n, size):  # each part's start is among the curve's highest values
        assert y[np.abs(x - change) <= 2].max() >= top, change


def test_the_heatmap_scale_is_named_in_whole_words():
    """The colour bar's title was the kind's description cut at 18 characters ('rank-transformed c')."""
    at = run(new_app())
    for kind, title in (("cosine", "cosine similarity"), ("rank", "rank-transformed cosine")):
        at.radio(key="hm_kind").set_value(kind)
        run(at)
        assert heatmap(at)["data"][0]["colorbar"]["title"]["text"] == title


@pytest.mark.parametrize("method", list(METHODS))
def test_every_registered_method_runs_or_explains(method):
    at = run(new_app())
    if "corpus" in METHODS[method].needs:  # learn from the three bundled samples: seconds, not minutes
        at.session_state["corpus"] = SAMPLES_SET
    at.sidebar.selectbox(key="method").set_value(method)
    run(at)
    # parameters come from the registry: one widget per Param
    keys = {w.key for w in at.sidebar if getattr(w, "key", None)}
    assert {f"p::{method}::{p.name}" for p in METHODS[method].params} <= keys
    if errors(at):  # a SegcoreError from the method is shown, not raised
        return
    assert " segment" in summary(at)
    assert heatmap(at)
    at.sidebar.radio(key="k_mode").set_value("Automatic")
    run(at)
    assert errors(at) or " segment" in summary(at)


def test_parameter_widget_and_reset():
    at = run(new_app())
    at.sidebar.selectbox(key="method").set_value("c99")
    run(at)
    at.sidebar.number_input(key="p::c99::rank").set_value(7)
    run(at)
    assert at.query_params.get("p.rank") in ("7", ["7"])
    at.sidebar.button(key="reset_params").click()
    run(at)
    assert at.session_state["p::c99::rank"] == METHODS["c99"].params[[p.name for p in METHODS["c99"].params]
                                                                     .index("rank")].default


def test_method_error_is_shown_not_raised():
    at = run(new_app())
    at.sidebar.selectbox(key="method").set_value("cvs")
    run(at)
    at.sidebar.number_input(key="p::cvs::cut").set_value(1000)
    run(at)
    assert any("no sentence keeps 1000 or more content words" in e for e in errors(at))


def test_segments_table_and_profile_legend_speak_as_the_text_view():
    """The Segments tab gives each segment's first and last element, as the text view's 'sentences 0–3' and the CLI
    do; the score profile names the method's curves by what they measure, not by their signal names."""
    at = run(new_app())
    paste(at, PASTED)
    at.sidebar.selectbox(key="method").set_value("texttiling")
    run(at)
    table = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    assert list(table.columns[:4]) == ["segment", "first", "last", "sentences"]
    assert table["first"].iloc[0] == 0 and table["last"].iloc[-1] == at.session_state["_docstate"].doc.n - 1
    a, b = table["first"].iloc[0], table["last"].iloc[0]
    assert f"sentences {a}–{b} ({b - a + 1})" in "".join(h.proto.body for h in at.get("html"))
    names = [t["name"] for t in charts(open_tab(at, "Score profile"))[-1]["data"] if t.get("name")]
    assert names and not [n for n in names if "_" in n], names
    csv_help = next(b.proto.help for b in open_tab(at, "Export").get("download_button") if b.proto.label == "CSV")
    assert "end (exclusive" in csv_help  # the exported files keep Python's end, and say so


def test_the_explore_page_names_what_the_text_was_split_into():
    """Where the page said 'element' (the Segments table's length, the heatmap's axes and hover, the section title,
    the F1 tolerance, Pk's help, the agreement's tolerance, the exports' help), it names the document's unit:
    sentences, or words at word level; and the agreement's tolerance starts at the level's own (it kept the 2 given
    for sentences as 2 words)."""
    at = run(new_app())  # the default sample: 60 sentences with a reference
    assert at.slider(key="tolerance").label == "F1 tolerance (sentences)"
    assert "Similarity of sentences" in [s.value for s in at.subheader]
    hm = heatmap(at)
    assert hm["layout"]["xaxis"]["title"]["text"] == hm["layout"]["yaxis"]["title"]["text"] == "sentence"
    markers = next(t for t in hm["data"] if t.get("name") == "segments")
    assert all(re.fullmatch(r"segment \d+: sentences \d+–\d+ \(\d+\)", h) for h in markers["text"]), markers["text"]
    table = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    assert list(table.columns[:4]) == ["segment", "first", "last", "sentences"]
    open_tab(at, "Choosing K")
    assert at.number_input(key="agree_tol").label == "within ± sentences"
    assert at.number_input(key="agree_tol").value == views.AGREE_TOLERANCE["sentence"]
    open_tab(at, "Export")
    assert not re.search(r"\belements?\b", said(at)), said(at)
    at.sidebar.radio(key="level").set_value("word")
    open_tab(at, "Score profile")
    assert at.slider(key="tolerance").label == "F1 tolerance (words)"
    hm = heatmap(at)
    assert hm["layout"]["xaxis"]["title"]["text"] == "word"
    assert all(re.fullmatch(r"#\d+ .*|words \d+–\d+ \(\d+\): .*", label) for label in hm["data"][0]["x"])
    table = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    assert list(table.columns[:4]) == ["segment", "first", "last", "words"]
    open_tab(at, "Choosing K")
    assert at.number_input(key="agree_tol").label == "within ± words"
    assert at.number_input(key="agree_tol").value == views.AGREE_TOLERANCE["word"]  # not the 2 sentences' 2 words
    assert not re.search(r"\belements?\b", said(at)), said(at)
    open_tab(at, "Score profile")


def test_paste_text():
    at = run(new_app())
    at.sidebar.radio(key="src").set_value("Paste text")
    run(at)
    assert any("Paste some text" in i.value for i in at.sidebar.info)
    at.sidebar.text_area(key="paste").set_value(PASTED)
    run(at)
    assert "(K chosen automatically)" in summary(at)  # a new text starts on automatic K
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(2)
    run(at)
    doc = at.session_state["_docstate"].doc
    assert doc.reference is None and 8 <= doc.n <= 14
    assert "into **2 segments**" in summary(at)
    assert not at.metric  # no reference: no scores
    for tab in ("Score profile", "Choosing K"):  # nor words about the reference's marks, which are not drawn
        assert not [c.value for c in open_tab(at, tab).caption if "cyan" in c.value]
    # a reference typed by the user makes scores appear; a wrong one is an error
    at.sidebar.text_input(key="ref_text").set_value("5")
    run(at)
    assert at.metric and at.metric[0].label == "Pk"
    at.sidebar.text_input(key="ref_text").set_value("5, 400")
    run(at)
    assert any("reference segmentation" in e and "must end at the number of sentences" in e for e in errors(at))
    assert not at.metric and " segment" in summary(at)
    at.sidebar.text_input(key="ref_text").set_value("five")
    run(at)
    assert any("is not a sentence number" in e for e in errors(at))


def test_a_wrong_reference_at_word_level_is_said_in_words():
    """The errors on a typed reference name the text's unit, words at word level: segcore's own messages, as the
    app shows them."""
    at = paste(run(new_app()), PASTED)
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    n = at.session_state["_docstate"].doc.n
    at.sidebar.text_input(key="ref_text").set_value("five")
    run(at)
    assert any("'five' is not a word number; type the word numbers" in e for e in errors(at))
    at.sidebar.text_input(key="ref_text").set_value(f"5, {n + 1}")
    run(at)
    assert any(f"reference segmentation ({n} words)" in e and f"must end at the number of words ({n})" in e
               for e in errors(at))
    assert not any("element" in e for e in errors(at))


def test_the_text_at_word_level_is_shown_as_the_user_wrote_it():
    """The text view at word level showed the word elements, lower-cased with every mark apart ('volcanoes form',
    "baker ' s yeast"): it shows the pasted text as written, coloured by segment, and so does the selected segment's
    card; the card and the Segments table put INLINE_BREAK where a paragraph opens (the title ran into the text)."""
    at = paste(run(new_app()), f"Volcanoes and bread\n\n{PASTED}")
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    assert "baker ' s" in " ".join(at.session_state["_docstate"].doc.elements)  # what is segmented: unchanged
    text = overlay(at)
    assert "Volcanoes form where magma rises" in text and "baker&#x27;s yeast" in text and " &#x27; " not in text
    at.selectbox(key="highlight").set_value(0)
    run(at)
    card = next(h.proto.body for h in at.get("html") if "segx-selected" in h.proto.body)
    assert f"Volcanoes and bread{INLINE_BREAK}Volcanoes form where magma" in card
    assert "for days." + INLINE_BREAK + "The eruption" in card  # paragraphs apart too
    rows = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    begins = list(rows["begins with"])
    assert begins[0].startswith(f"Volcanoes and bread{INLINE_BREAK}Volcanoes form"), begins


def test_the_word_numbers_of_the_text_stand_where_a_written_word_starts():
    """At word level the text view numbers every 25th word element; shown as written, a number fell inside a word
    ('e.<sup>25</sup>g.'). It stands where the next written word starts, still that element's number."""
    at = paste(run(new_app()), " ".join(["Volcanoes erupt, e.g. in Iceland."] * 8 + ["Bread rises, e.g. with yeast."] * 8))
    at.sidebar.radio(key="level").set_value("word")
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(2)
    run(at)
    elements = at.session_state["_docstate"].doc.elements
    assert elements[23:28] == ["e", ".", "g", ".", "in"]  # the 25th element is inside 'e.g.'
    text = overlay(at)
    assert "into **2 segments**" in summary(at) and text.count(">0</sup>Volcanoes erupt, e.g. in Iceland.") == 1
    # a number stands after a space (a written word's start) or opens a segment, never inside 'e.g.'
    assert all(text[m.start() - 1] == " " or text[:m.start()].endswith("</div>")
               for m in re.finditer(r"<sup[^>]*>\d+</sup>", text)) and "e.<sup" not in text
    assert re.search(r" <sup[^>]*>27</sup>in Iceland", text)  # the 25th's number at the next word, 'in'


def test_the_preview_and_the_segments_table_show_the_words_as_written():
    """At word level the preview of the text read and the Segments table's 'begins with' joined the word elements
    ('volcanoes form where', "baker ' s yeast"): they show the pasted text as written, as the text view does, and
    where a paragraph opens document.INLINE_BREAK (the written words ran on: '… for days. The eruption …')."""
    at = paste(run(new_app()), PASTED)
    at.sidebar.radio(key="level").set_value("word")
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(3)
    run(at)
    preview = " ".join(at.table[0].value["text"]).replace("\\", "")  # its cells are Markdown, marks escaped
    assert preview.startswith("Volcanoes form where magma rises through the crust.") and "baker's yeast" in preview
    assert " ' " not in preview and "volcanoes" not in preview
    paragraphs = [" ".join(p.split()) for p in PASTED.split("\n\n")]
    assert f"{paragraphs[0]}{INLINE_BREAK}{paragraphs[1][:20]}" in preview, preview
    rows = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    begins = list(rows["begins with"])
    assert len(begins) == 3 and begins[0].startswith("Volcanoes form where magma rises"), begins
    assert all(b.rstrip("…").replace(INLINE_BREAK, " ") in " ".join(PASTED.split()) for b in begins), begins  # pieces
    # of the text as written


def test_automatic_k_1_on_a_short_text_says_it_is_a_fallback():
    """PASTED has four paragraphs, best's units: its automatic rules weigh K up to a third of them, so K = 1; the
    Choosing K tab said 'fairly sure' and 'The evidence supports K = 1 alone: the choice is clear'. The reason is
    said once, in the page's 'No boundary found' box, which the tab points to."""
    at = run(new_app())
    paste(at, PASTED)
    assert "into **1 segment**" in summary(at) and "(K chosen automatically)" in summary(at)
    words = next(m.value for m in open_tab(at, "Choosing K").markdown if "chooses K = 1 automatically" in m.value)
    assert "(for want of evidence)" in words and "fairly sure" not in words and "clear" not in words, words
    assert "No boundary found" in words
    why = [i.value for i in at.info if "No boundary found" in i.value]
    assert len(why) == 1 and "no finding that the text is one piece" in why[0] and "clear" not in why[0], why


def test_the_k_figures_show_every_cost_and_put_each_k_at_one_place():
    """On a short text with K = 1 chosen, the cost curve (K = 1 … 4) ran off the right edge of an axis cut at K = 1.5:
    its K were numpy numbers, which the shared K axis did not count. And the cost and evidence figures, stacked, had
    different right margins, so one K stood at two places across them."""
    at = run(new_app())
    paste(at, PASTED)
    specs = charts(open_tab(at, "Choosing K"))
    cost = next(s for s in specs if any(t.get("name") == "best cost" for t in s["data"]))
    evidence = next(s for s in specs
                    if any("held-out" in str(a.get("text")) for a in s["layout"].get("annotations", [])))
    ks = decode(next(t for t in cost["data"] if t.get("name") == "best cost")["x"]).astype(float)
    lo, hi = cost["layout"]["xaxis"]["range"]
    assert len(ks) > 1 and lo < ks.min() and ks.max() < hi, (ks, lo, hi)
    for fig in (cost, evidence):
        assert all(ax["range"] == [lo, hi] for name, ax in fig["layout"].items() if name.startswith("xaxis"))
    assert len({(f["layout"]["margin"]["l"], f["layout"]["margin"]["r"]) for f in (cost, evidence)}) == 1


def test_without_a_k_curve_the_page_names_only_settings_the_method_has():
    """texttiling, which has no 'split' parameter, was told 'set split = dp if the method has it'; cvs with split =
    greedy is told to set split = dp, the setting that draws its curve."""
    at = run(new_app())
    at.sidebar.selectbox(key="method").set_value("texttiling")
    notes = [i.value for i in open_tab(run(at), "Choosing K").info]
    assert any("no curve to draw" in n for n in notes) and not any("split" in n for n in notes), notes
    at.sidebar.selectbox(key="method").set_value("cvs")
    run(at)
    at.sidebar.selectbox(key="p::cvs::split").set_value("greedy")
    notes = [i.value for i in run(at).info]
    assert any("set split = dp" in n for n in notes), notes


NOUNS = "river bread engine violin garden planet castle market lamp harbour meadow tower kettle bridge forest clock"
ADJECTIVES = ("old new red blue tall short quiet loud warm cold bright dark heavy light rough smooth wide narrow sweet "
              "bitter calm wild plain grand round").split()


def sentences_about(nouns: int) -> str:
    """A text of 25 sentences about each of the first `nouns` nouns, a paragraph each."""
    return "\n\n".join(" ".join(f"The {a} {w} stands beside the {w} today." for a in ADJECTIVES)
                       for w in NOUNS.split()[:nouns])


def test_a_text_of_a_few_hundred_sentences_is_drawn_one_by_one():
    """A text of 151 to 300 sentences was averaged over 150 bins by default (250 sentences in cells of 1.7), though a
    heatmap of one sentence per row and column fits the plot: each sentence is its own row now."""
    at = paste(run(new_app()), sentences_about(10))
    n = at.session_state["_docstate"].doc.n
    z = decode(heatmap(at)["data"][0]["z"])
    assert 150 < n <= 300 and z.shape == (n, n), (n, z.shape)
    assert not any("averaged over" in c.value for c in at.caption)


def test_the_heatmap_caption_gives_the_bins_size_it_drew():
    """200 sentences in 150 bins were 'averaged over bins of about 1', which reads as no averaging at all (and 411 in
    300, the lecture 02-07-01, the same): the size said, times the bins drawn, makes the sentences shown (400
    sentences: more than the heatmap shows one by one at first)."""
    at = paste(run(new_app()), sentences_about(16))
    n = int(re.search(r"the ([\d,]+) sentences", summary(at)).group(1).replace(",", ""))
    bins = len(decode(heatmap(at)["data"][0]["z"]))
    assert bins < n, (n, bins)
    said_size = next(float(m.group(1)) for c in at.caption if (m := re.search(r"bins of about (\d+(?:\.\d+)?)", c.value)))
    assert abs(said_size * bins - n) < 0.05 * n, (said_size, bins, n)
    # 'averaged over bins of about 1.6.' named neither the unit nor how many bins: both are said
    said = next(c.value for c in at.caption if "bins of about" in c.value)
    assert re.search(rf"over {bins:,} bins of about [\d.,]+ sentences each\.", said), said


def test_a_typed_reference_belongs_to_its_text():
    """Segment ends typed for one text are not applied to the next one: not to a pasted text (an error about ends
    nobody typed for it, or a reference silently taken over), nor back on a sample in place of its file's reference."""
    at = run(new_app())
    at.sidebar.text_input(key="ref_text").set_value("5, 30")
    run(at)
    paste(at, PASTED)
    assert not errors(at) and at.session_state["_docstate"].doc.reference is None
    at.sidebar.text_input(key="ref_text").set_value("5")
    run(at)
    assert at.session_state["_docstate"].doc.reference[0] == 5
    at.sidebar.text_area(key="paste").set_value(PASTED + "\n\nRivers flow to the sea. The sea is salty.")
    run(at)
    assert at.session_state["_docstate"].doc.reference is None and not at.metric
    at.sidebar.text_input(key="ref_text").set_value("5")
    run(at)
    at.sidebar.radio(key="src").set_value("Sample")
    run(at)
    assert len(at.session_state["_docstate"].doc.reference) == 10 and not at.sidebar.text_input(key="ref_text").value


def test_a_pasted_text_in_french_is_said_to_be_french():
    """The sidebar names the language of a text not in English and how it is read; stopwords=auto reads it in French."""
    from tests.test_language import FRENCH

    at = run(new_app())
    paste(at, "\n\n".join(FRENCH * 2))
    line = next(s.value for s in at.sidebar.success if "language:" in s.value)
    assert "language: French" in line and "read with English's stopwords" in line
    at.sidebar.selectbox(key="method").set_value("ui")
    run(at)
    at.sidebar.selectbox(key="p::ui::stopwords").set_value("auto")
    run(at)
    assert not errors(at) and "cut the 18 sentences into **" in summary(at)
    line = next(s.value for s in at.sidebar.success if "language:" in s.value)  # as the method reads it now
    assert "read with French's stopwords and stemmer (stopwords = auto)" in line
    assert any("read with French's stopwords and stemmer (stopwords = auto)" in e.label for e in at.main.expander)


def test_pasted_html_is_escaped():
    at = run(new_app())
    paste(at, "Hello <script>alert(1)</script> world. <b>Bold</b> claim here.")
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(1)
    run(at)
    html = overlay(at)
    assert "<script>" not in html and "&lt;script&gt;" in html and "&lt;b&gt;Bold" in html


def test_empty_paste_asks_for_text():
    at = run(new_app())
    paste(at, "   \n  ")
    assert not at.get("plotly_chart")
    assert any("Paste some text" in i.value for i in at.sidebar.info)


def test_alemi_paper_word_level_k40():
    """Alemi & Ginsparg's Fig. 4: their own paper in 40 segments at word level."""
    at = run(new_app())
    at.sidebar.selectbox(key="sample").set_value("alemi-paper")
    run(at)
    assert at.session_state["level"] == "word"
    assert at.session_state["k"] == 40 and at.session_state["k_mode"] == "Number"
    at.sidebar.selectbox(key="method").set_value("cvs")
    run(at)
    at.sidebar.selectbox(key="p::cvs::split").set_value("refine")  # fast; exact DP takes seconds here
    run(at)
    doc = at.session_state["_docstate"].doc
    assert doc.level == "word" and doc.n > 8000
    assert f"cut the {doc.n:,} words into **40 segments**" in summary(at)
    assert not at.session_state["p::cvs::paragraphs"]  # as their figure: any word may end a segment
    assert not any("between paragraphs" in c.value for c in at.caption)
    z = decode(heatmap(at)["data"][0]["z"])
    assert z.shape[0] == z.shape[1] and z.shape[0] <= 400  # binned
    seen = set()
    pages = len(at.selectbox(key="text_page").options)
    assert 1 < pages < 40  # the text comes a page at a time
    for page in range(pages):
        at.selectbox(key="text_page").set_value(page)
        run(at)
        seen |= set(re.findall(r"id='segment-(\d+)'", overlay(at)))
    assert seen == {str(i) for i in range(1, 41)}


def test_sample_arxiv_is_word_level():
    at = run(new_app())
    at.sidebar.selectbox(key="sample").set_value("arxiv-003")
    run(at)
    doc = at.session_state["_docstate"].doc
    assert doc.level == "word" and len(doc.reference) == 10


def test_a_pasted_text_with_paragraphs_is_cut_between_them():
    """Four paragraphs pasted: the segments end where paragraphs end and the page says so (also after the A&G sample,
    which turns paragraphs off as their figure); the 'paragraphs' check box (under Text structure) lets any sentence
    end one."""
    at = run(new_app())
    at.sidebar.selectbox(key="sample").set_value("alemi-paper")
    run(at)
    assert at.session_state["p::best::paragraphs"] is False
    paste(at, PASTED)
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(3)
    run(at)
    doc = at.session_state["_docstate"].doc
    ends = set(doc.meta["paragraphs"][1:]) | {doc.n}
    assert "into **3 segments**" in summary(at) and not errors(at)
    assert any("Boundaries only between paragraphs: the text marks 4 paragraphs" in c.value for c in at.caption)
    shown = [int(b) + 1 for _, b in re.findall(r"Segment \d+ · (?:sentences|words) (\d+)–(\d+)", overlay(at))]
    assert len(shown) == 3 and set(shown) <= ends
    at.sidebar.checkbox(key="p::best::paragraphs").uncheck()
    run(at)
    assert not any("between paragraphs" in c.value for c in at.caption) and "into **3 segments**" in summary(at)
    assert str(at.query_params.get("p.paragraphs")).lower() == "false"  # the link carries it


@pytest.mark.parametrize("kind", ["rank", "embedding"])
def test_heatmap_kinds(explore, kind):
    at = explore
    at.radio(key="hm_kind").set_value(kind)
    run(at)
    z = decode(heatmap(at)["data"][0]["z"])
    n = at.session_state["_docstate"].doc.n
    assert z.shape == (n, n) and not errors(at)
    if kind == "rank":
        assert z.min() >= 0 and z.max() <= 1
    at.radio(key="hm_kind").set_value("cosine")
    run(at)


def test_topic_model_method_shows_topic_mixtures():
    method = next(m for m in METHODS.values() if "corpus" in m.needs).name  # from the registry
    at = run(new_app())
    at.session_state["corpus"] = SAMPLES_SET
    at.sidebar.selectbox(key="method").set_value(method)
    run(at)
    assert not errors(at), errors(at)
    assert at.sidebar.selectbox(key="corpus").value == SAMPLES_SET
    assert "topics: T" in overlay(at)
    # the default Choi sample is part of the samples corpus: the app says the scores are flattering
    assert any("contains this document's own text" in w.value for w in at.warning)


def test_two_wikipedia_articles_pasted_one_after_the_other_keep_the_second_ones_lead():
    """Two articles' texts copied one after the other (no title or tagline: the article alone): the second one's lead
    was left out with the first one's 'See also' and 'References' (its back matter ran up to the next heading), and
    the second one's reference list stayed in the text. Each earlier article's back matter goes now, the last one's
    as any text's; every article's prose is kept."""
    data = ROOT / "tests" / "data"
    at = paste(run(new_app()), (data / "wikipedia_copy.txt").read_text("utf-8")
               + (data / "wikipedia_copy_rye.txt").read_text("utf-8"))
    text = " ".join(at.session_state["_docstate"].doc.elements)
    assert "Rye bread is a type of bread made with various proportions of flour from rye grain." in text
    assert "It can be light or dark in colour" in text and "Sourdough is one of the oldest" in text
    for gone in ("Amish friendship bread", "Mayer", "Oxford English Dictionary", "References", "See also"):
        assert gone not in text, gone
    note = documents.describe(at.session_state["_docstate"].doc)
    assert "format: wiki article copied from a browser" in note and note.count("left out") == 1, note
    assert "and the reference list and appendices (from the heading 'See also' on)" in note, note
