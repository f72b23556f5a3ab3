"""The Segmentation Explorer under Streamlit's AppTest: every page, the shared sidebar, widgets (K included), the
charts' shapes, URL state, uploads, and that bad input always gives an st.error and never an exception."""
from __future__ import annotations

import base64
import gzip
import io
import json
import re
import time
import zipfile
from pathlib import Path

import numpy as np
import psutil
import pytest
from streamlit.testing.v1 import AppTest

from explorer import documents
from explorer.documents import SAMPLES_SET
from segcore import METHODS, datasets
from tests.test_encodings import NOISE

ROOT = Path(__file__).resolve().parent.parent

APP = str(ROOT / "app.py")
SAMPLES = ROOT / "assets" / "samples"
TIMEOUT = 240

PASTED = """Volcanoes form where magma rises through the crust. Lava flows cool into basalt and the mountain grows with
every eruption. Ash clouds from a volcano can ground aircraft for days.

The eruption of a volcano is preceded by small earthquakes and swelling of the ground. Geologists watch the magma
chamber with seismometers.

Bread is made from flour, water, salt and yeast. The dough is kneaded, left to rise and baked in a hot oven. A good
crust needs steam in the first minutes of baking.

Sourdough bread rises with wild yeast instead of baker's yeast. The starter is fed flour and water every day."""


# ---- helpers ---------------------------------------------------------------------------------------------------------

def new_app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=TIMEOUT)


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def charts(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def decode(arr):
    """A plotly array from the JSON spec: plain list, or {'dtype', 'bdata' (base64), 'shape'}."""
    if isinstance(arr, dict) and "bdata" in arr:
        out = np.frombuffer(base64.b64decode(arr["bdata"]), dtype=np.dtype(arr["dtype"]))
        if "shape" in arr:
            out = out.reshape([int(x) for x in str(arr["shape"]).split(",")])
        return out
    return np.asarray(arr)


def heatmap(at: AppTest) -> dict:
    for spec in charts(at):
        if spec["data"] and spec["data"][0].get("type") == "heatmap":
            return spec
    raise AssertionError("no heatmap on the page")


def overlay(at: AppTest) -> str:
    for h in at.get("html"):
        body = h.proto.body
        if "segx-overlay" in body:
            return body
    raise AssertionError("no text overlay on the page")


def open_tab(at: AppTest, label: str) -> AppTest:
    """Switch the Explore page to one of its tabs (only the open tab runs), as a click on it does."""
    at.session_state["explore_tab"] = label
    return run(at)


def summary(at: AppTest) -> str:
    return next(m.value for m in at.markdown if " cut the " in m.value)


def paste(at: AppTest, text: str) -> AppTest:
    at.sidebar.radio(key="src").set_value("Paste text")
    run(at)
    at.sidebar.text_area(key="paste").set_value(text)
    return run(at)


def upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.sidebar.radio(key="src").set_value("Upload a file")
    run(at)
    at.sidebar.file_uploader(key="upload").set_value((name, data, "application/octet-stream"))
    return run(at)


def tiny_pdf(lines: list[str] | None) -> bytes:
    """A one-page PDF: with lines of Helvetica text, or (None) with no text layer at all."""
    if lines:
        ops = ["BT /F1 12 Tf 72 720 Td 16 TL"] + [f"({t}) Tj T*" for t in lines] + ["ET"]
        stream = "\n".join(ops).encode()
    else:
        stream = b"0 0 1 rg 72 72 200 200 re f"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


@pytest.fixture(scope="module")
def explore() -> AppTest:
    return run(new_app())


# ---- Explore -------------------------------------------------------------------------------------------------------

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
    words a comb of 0s and 1s: the window starts at its default for the new level."""
    at = run(new_app())
    assert at.slider(key="novelty_window").value == 3
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    assert at.slider(key="novelty_window").value == 25 and " words into " in summary(at)
    at.sidebar.radio(key="level").set_value("sentence")
    run(at)
    assert at.slider(key="novelty_window").value == 3


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


def said(at: AppTest) -> str:
    """What the page says in its own words: titles, headers, markdown, captions, notices, and every widget's and
    metric's label and help (not the text of the document: tables, charts, the text view; nor the methods' parameters,
    whose help is the registry's)."""
    out = []
    for el in [*at.main, *at.sidebar]:
        if el.type in ("title", "subheader", "header", "markdown", "caption", "info", "warning", "success"):
            out.append(el.value)
        if str(getattr(el, "key", None)).startswith("p::"):
            continue
        for field in ("label", "help"):
            out.append(str(getattr(getattr(el, "proto", None), field, "") or ""))
    return "\n".join(out)


def test_the_explore_page_names_what_the_text_was_split_into():
    """Where the page said 'element' (the Segments table's length, the heatmap's axes and hover, the section title,
    the F1 tolerance, Pk's help, the agreement's tolerance, the exports' help), it names the document's unit:
    sentences, or words at word level."""
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


def test_automatic_k_1_on_a_short_text_says_it_is_a_fallback():
    """PASTED has four paragraphs, best's units: its automatic rules weigh K up to a third of them, so K = 1; the
    Choosing K tab said 'fairly sure' and 'The evidence supports K = 1 alone: the choice is clear'."""
    at = run(new_app())
    paste(at, PASTED)
    assert "into **1 segment**" in summary(at) and "(K chosen automatically)" in summary(at)
    words = next(m.value for m in open_tab(at, "Choosing K").markdown if "chooses K = 1 automatically" in m.value)
    assert "(for want of evidence)" in words and "fairly sure" not in words and "clear" not in words, words
    assert "falls back to K = 1" in words


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


def test_link_reproduces_the_view():
    at = new_app()
    at.query_params = {"method": "c99", "k": "7", "sample": "choi-2_7", "p.rank": "9"}
    run(at)
    assert at.session_state["method"] == "c99" and at.session_state["p::c99::rank"] == 9
    assert at.session_state["_docstate"].sample == "choi-2_7"
    assert "**c99** cut the" in summary(at) and "into **7 segments**" in summary(at)
    qp = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert qp["method"] == "c99" and qp["k"] == "7" and qp["sample"] == "choi-2_7" and qp["p.rank"] == "9"


def test_bad_link_values_warn():
    at = new_app()
    at.query_params = {"method": "nope", "k": "many", "p.zzz": "1", "tol": "50"}
    run(at)
    texts = " ".join(w.value for w in at.warning)
    assert "unknown method 'nope'" in texts and "K in the link" in texts and "no parameter 'zzz'" in texts
    assert "tolerance in the link must be a whole number from 0 to 10" in texts
    assert " segment" in summary(at)


# ---- uploads and bad input -------------------------------------------------------------------------------------------

def test_upload_choi_ref():
    at = run(new_app())
    upload(at, "doc.ref", (SAMPLES / "choi_3-11_2_7.ref").read_bytes())
    doc = at.session_state["_docstate"].doc
    assert doc.reference and len(doc.reference) == 10
    assert not errors(at) and heatmap(at)


def test_upload_compressed_ref_file():
    """A Choi file compressed with gzip keeps its format (from the name inside) and its reference."""
    at = run(new_app())
    upload(at, "doc.ref.gz", gzip.compress((SAMPLES / "choi_3-11_2_7.ref").read_bytes()))
    doc = at.session_state["_docstate"].doc
    assert doc.reference and len(doc.reference) == 10
    assert not errors(at) and heatmap(at)


@pytest.mark.parametrize("name", ["pandoc_volcanoes.docx", "libreoffice_volcanoes.doc", "pandoc_volcanoes.rtf",
                                  "pandoc_slides.pptx", "libreoffice_slides.odp"])
def test_upload_office_document(name):
    at = run(new_app())
    upload(at, name, (ROOT / "tests" / "data" / name).read_bytes())
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and doc.meta["format"] == name.rsplit(".", 1)[1] and doc.elements[1] == "Volcanoes"
    assert overlay(at)


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


def test_a_powerpoint_97_file_uploads():
    at = run(new_app())
    upload(at, "talk.ppt", gzip.decompress((ROOT / "tests" / "data" / "libreoffice_slides.ppt.gz").read_bytes()))
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and doc.meta["format"] == "ppt" and doc.elements[:2] == ["Volcanoes and Bread", "Volcanoes"]
    assert overlay(at)


def test_slides_read_their_speaker_notes_when_asked():
    at = run(new_app())
    upload(at, "talk.pptx", (ROOT / "tests" / "data" / "pandoc_slides.pptx").read_bytes())
    note = "Remind the class of last week’s plate tectonics."
    assert note not in at.session_state["_docstate"].doc.elements
    at.sidebar.checkbox(key="speaker_notes").check()
    run(at)
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and doc.elements[5] == note and overlay(at)
    assert "read: each slide's speaker notes, after its text" in documents.describe(doc)
    upload(at, "notes.txt", PASTED.encode())  # a text has no such option
    assert not at.sidebar.get("checkbox") or all(c.key != "speaker_notes" for c in at.sidebar.checkbox)


def test_upload_text_file():
    at = run(new_app())
    upload(at, "notes.txt", PASTED.encode())
    assert not errors(at)
    assert at.session_state["_docstate"].doc.reference is None
    assert overlay(at)
    upload(at, "windows.txt", PASTED.replace(". ", ". \u201cQuoted,\u201d she said. ", 1).encode("cp1252"))
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and any("\u201cQuoted,\u201d" in e for e in doc.elements) and overlay(at)
    assert "read as Windows-1252 (Western European): the file is not UTF-8" in documents.describe(doc)


LIGHT = {"notes.md": "# Notes\n\n## Volcanoes\n\n" + PASTED + "\n\n## Bread\n\n" + PASTED,
         "notes.org": "#+TITLE: Notes\n\n* Volcanoes\n\n" + PASTED + "\n\n* Bread\n\n" + PASTED,
         "notes.adoc": "= Notes\n\n== Volcanoes\n\n" + PASTED + "\n\n== Bread\n\n" + PASTED,
         "notes.rst": "Notes\n=====\n\nVolcanoes\n---------\n\n" + PASTED + "\n\nBread\n-----\n\n" + PASTED,
         "notes.tex": "\\documentclass{article}\\begin{document}\\section{Volcanoes}\n" + PASTED
                      + "\n\\section{Bread}\n" + PASTED + "\n\\end{document}\n",
         "notes.txt": PASTED,
         "article.txt": (Path(__file__).parent / "data" / "wikipedia_copy.txt").read_text(encoding="utf-8")}


@pytest.mark.parametrize("name, said", [("notes.md", "Markdown"), ("notes.org", "Org"), ("notes.adoc", "AsciiDoc"),
                                        ("notes.rst", "reStructuredText"), ("notes.tex", "LaTeX"),
                                        ("notes.txt", "plain text"),
                                        ("article.txt", "wiki article copied from a browser")])
def test_the_document_line_names_the_format_it_was_read_as(name, said):
    """A Markdown file was 'format: text' (its format key: Markdown is read by the text reader), reST 'format: rest':
    the line names the format as a reader knows it, Markdown when the text was read as Markdown."""
    doc = documents.load_bytes(LIGHT[name].encode(), name, "sentence", run=lambda fn, *a, **kw: fn(*a, **kw))
    assert f" · format: {said}" in documents.describe(doc)
    pasted = documents.load_bytes(LIGHT[name].encode(), "pasted text", "sentence", run=lambda fn, *a, **kw: fn(*a, **kw))
    assert name != "notes.md" or " · format: Markdown" in documents.describe(pasted)  # known by its marks alone
    assert name != "article.txt" or documents.describe(pasted).endswith(
        " · format: wiki article copied from a browser · left out of the article: contents and indexes (5 lines), "
        "citation marks (8), and the reference list and appendices (from the heading 'See also' on)")


def test_reading_an_upload_leaves_no_empty_box_in_the_sidebar():
    """The sidebar's 'Read notes.md' status box expanded to nothing: the success line below says what was read."""
    at = run(new_app())
    upload(at, "notes.md", LIGHT["notes.md"].encode())
    boxes = at.sidebar.get("status") + at.sidebar.get("expander")
    assert boxes and all(box.children for box in boxes), [box.label for box in boxes if not box.children]
    assert " · format: Markdown" in at.sidebar.success[0].value


def test_upload_an_org_file_gives_its_sections():
    at = run(new_app())
    org = "#+TITLE: Rivers\n\n* Floods\n\n" + PASTED + "\n\n* Droughts\n\n" + PASTED + "\n"
    assert {"org", "adoc", "asciidoc", "asc"} <= set(documents.UPLOAD_TYPES)  # the uploader offers them
    upload(at, "rivers.org", org.encode())
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and overlay(at) and not any(e.startswith(("#+", "*")) for e in doc.elements)
    assert [h.title for h in doc.meta["outline"].headings][-2:] == ["Floods", "Droughts"]


def test_upload_pdf_with_text():
    at = run(new_app())
    lines = ["Volcanoes erupt lava and ash over the valley.", "Magma rises through the crust of the earth.",
             "Bread needs flour, water and yeast.", "The oven bakes the dough into a crust."]
    upload(at, "paper.pdf", tiny_pdf(lines))
    assert not errors(at), errors(at)
    at.sidebar.radio(key="k_mode").set_value("Number")  # a new upload starts on automatic K
    run(at)
    at.sidebar.number_input(key="k").set_value(2)
    run(at)
    assert at.session_state["_docstate"].doc.n >= 2
    assert "into **2 segments**" in summary(at)


@pytest.mark.parametrize("name,data,expected", [
    ("empty.txt", b"", "empty"),
    ("binary.txt", b"\x00\x01\x02\x03 binary", "binary"),
    ("noise.txt", NOISE, "not text in any encoding"),
    ("damaged.pdf", b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer garbage", "PDF"),
    ("scan.pdf", tiny_pdf(None), "no text layer"),
    ("old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "damaged Office 97–2003 file"),
    ("talk.pptx", b"PK\x03\x04 cut short", "not a readable PowerPoint presentation"),
])
def test_bad_upload_gives_an_error(name, data, expected):
    at = run(new_app())
    upload(at, name, data)
    errs = errors(at)
    assert errs and any(expected.lower() in e.lower() for e in errs), errs
    assert not at.get("plotly_chart")


def test_upload_handler_directly():
    from segcore.errors import InputError

    doc = documents.load_bytes((SAMPLES / "arxiv_alemi2015_003.ref").read_bytes(), "x.ref", "sentence")
    assert doc.level == "word" and len(doc.reference) == 10  # arXiv files are word level whatever is asked
    packed = documents.load_bytes(gzip.compress((SAMPLES / "arxiv_alemi2015_003.ref").read_bytes()), "x.ref.gz",
                                  "sentence")
    assert packed.elements == doc.elements and packed.reference == doc.reference
    too_big = b"a" * (documents.max_upload_mb() * 1024 * 1024 + 1)
    with pytest.raises(InputError, match="MB limit"):
        documents.load_bytes(too_big, "big.txt", "sentence")
    with pytest.raises(InputError, match="empty"):
        documents.load_bytes(b"", "e.txt", "sentence")


def test_max_upload_size_is_configured_and_stated(monkeypatch):
    """The label said only 'up to 50 MB': the German Debian Reference, a 1 MB text, was then refused for its 979,207
    characters. The label states the characters a document may have too (EXPLORER_MAX_CHARS)."""
    toml = (ROOT / ".streamlit" / "config.toml").read_text()
    assert "maxUploadSize = 50" in toml
    at = run(new_app())
    at.sidebar.radio(key="src").set_value("Upload a file")
    run(at)
    assert "up to 50 MB and 500,000 characters of text" in at.sidebar.file_uploader(key="upload").label
    monkeypatch.setenv("EXPLORER_MAX_CHARS", "1000")
    at = run(new_app())
    at.sidebar.radio(key="src").set_value("Upload a file")
    run(at)
    assert "up to 50 MB and 1,000 characters of text" in at.sidebar.file_uploader(key="upload").label


# ---- Compare ---------------------------------------------------------------------------------------------------------

def test_compare_page():
    at = run(new_app())
    at.switch_page("pages/compare.py")
    run(at)
    assert not errors(at)
    chosen = at.multiselect(key="cmp_methods").value
    assert 2 <= len(chosen) <= 4
    strips = charts(at)[0]
    rows = {t["y"][0] for t in strips["data"]}
    assert rows == {"reference", *chosen}
    tables = at.dataframe
    assert len(tables) == 3  # scores and time; pairwise Pk; pairwise WindowDiff
    scores = tables[0].value
    assert set(chosen) <= set(scores["method"]) and "baseline: no boundary" in set(scores["method"])
    assert {"Pk %", "WindowDiff %", "F1 %", "seconds"} <= set(scores.columns)  # named as on the Benchmark page
    none = scores.set_index("method").loc["baseline: no boundary"]
    assert 1 < none["Pk %"] < 100 and none["F1 %"] == 0  # in %, as the Benchmark page and the results tables
    pk = tables[1].value
    assert list(pk.index) == chosen and np.allclose(np.diag(pk.values), 0)
    assert pk.values.max() > 1 and tables[2].value.values.max() > 1  # pairwise Pk and WindowDiff in %, as the scores
    assert {"**Pk %** (row taken as reference)", "**WindowDiff %** (row taken as reference)"} <= {
        m.value for m in at.markdown}
    # document chosen in the sidebar is shared with Explore
    at.sidebar.selectbox(key="sample").set_value("choi-2_7")
    at.radio(key="cmp_k_mode").set_value("Automatic")
    run(at)
    assert charts(at)


def test_compare_needs_two_methods():
    at = run(new_app())
    at.switch_page("pages/compare.py")
    run(at)
    at.multiselect(key="cmp_methods").set_value(["cvs"])
    run(at)
    assert any("at least two" in i.value for i in at.info)


# ---- Benchmark -------------------------------------------------------------------------------------------------------

def bench_app(source: str) -> AppTest:
    at = run(new_app())
    at.switch_page("pages/benchmark.py")
    run(at)
    at.selectbox(key="bench_source").set_value(source)
    return run(at)


def test_benchmark_on_samples_with_baselines():
    at = bench_app("Bundled samples (2 Choi + 1 arXiv document)")
    at.multiselect(key="bench_methods").set_value(["cvs", "c99"])
    at.button(key="bench_run").click()
    run(at)
    assert not errors(at)
    summary_table = at.dataframe[0].value
    assert list(summary_table["method"]) == ["cvs", "c99"]
    scores = ["Pk %", "Pk % · none", "Pk % · even", "WindowDiff %", "WindowDiff % · none", "WindowDiff % · even",
              "F1 %", "F1 % · even"]
    assert list(summary_table.columns) == ["method", "docs", *scores, "ms/doc", "mean K"]
    assert 0 < summary_table["Pk % · none"].iloc[0] < 100 and summary_table["Pk %"].iloc[0] > 1  # in %, not fractions
    assert (summary_table["docs"] == 3).all()
    dist = charts(at)[0]
    assert {t["name"] for t in dist["data"]} == {"cvs", "c99", "baseline: no boundary"}
    assert all(len(decode(t["y"])) == 3 for t in dist["data"])
    none = next(t for t in dist["data"] if t["name"] == "baseline: no boundary")
    assert np.isclose(np.mean(decode(none["y"])), summary_table["Pk % · none"].iloc[0], atol=0.01)  # in %, as above
    per_document = at.dataframe[1].value  # reads like the summary: the same score columns, in %
    assert list(per_document.columns) == ["method", "document", "sentences or words", "reference K", "K", *scores,
                                          "ms"]  # 2 Choi documents in sentences, 1 arXiv in words
    assert np.isclose(per_document[per_document["method"] == "cvs"]["Pk %"].mean(), summary_table["Pk %"].iloc[0],
                      atol=0.01)
    assert at.get("download_button")[0].proto.help  # the CSV: machine-readable keys, fractions (said in its help)


def test_benchmark_parameter_sweep():
    at = bench_app("Bundled samples (2 Choi + 1 arXiv document)")
    at.selectbox(key="sweep_method").set_value("c99")
    run(at)
    at.selectbox(key="sweep_param").set_value("rank")
    run(at)
    at.number_input(key="sweep_lo_c99_rank").set_value(5)
    at.number_input(key="sweep_hi_c99_rank").set_value(11)
    at.number_input(key="sweep_n_c99_rank").set_value(3)
    at.button(key="sweep_run").click()
    run(at)
    sweep = next(s for s in charts(at) if s["layout"].get("xaxis", {}).get("title", {}).get("text", "").endswith(
        "rank"))
    assert [list(decode(t["x"])) for t in sweep["data"]][0] == [5, 8, 11]
    assert {t["name"] for t in sweep["data"]} == {"Pk %", "WindowDiff %", "F1 %"}
    table = at.dataframe[-1].value  # the same names and units as the Methods tab's summary: Pk etc. in %
    assert list(table.columns)[:4] == ["value", "Pk %", "WindowDiff %", "F1 %"]
    pk = next(t for t in sweep["data"] if t["name"] == "Pk %")
    assert list(decode(pk["y"])) == list(table["Pk %"]) and table["Pk %"].max() > 1


def test_a_zip_upload_is_opened_once(monkeypatch):
    """The app's zip upload was opened twice: to read its documents, then to find the skipped names."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("set/a.ref", (SAMPLES / "choi_3-11_1_0.ref").read_bytes())
        zf.writestr("set/README.md", b"Not a document.")
    opened, open_zip = [], zipfile.ZipFile.__init__
    monkeypatch.setattr(zipfile.ZipFile, "__init__", lambda self, *a, **k: opened.append(a) or open_zip(self, *a, **k))
    docs, problems, skipped = documents.read_reference_files([("set.zip", buf.getvalue())])
    assert [d.source for d in docs] == ["set/a.ref"] and len(opened) == 1
    assert not problems and skipped == "skipped 1 file: set/README.md (a note about the files, not a document)"


def test_benchmark_upload_zip_and_bad_files():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("set/a.ref", (SAMPLES / "choi_3-11_1_0.ref").read_bytes())
        zf.writestr("set/b.ref", (SAMPLES / "choi_3-11_2_7.ref").read_bytes())
        zf.writestr("set/readme.txt", b"Not a document. It has no reference.")
    files = [("set.zip", buf.getvalue()), ("plain.ref", b"no separators, no BR\n"), ("bad.zip", b"PK not a zip"),
             ("empty.ref", b"")]
    docs, problems, skipped = documents.read_reference_files(files)
    assert [d.source for d in docs] == ["set/a.ref", "set/b.ref", "plain.ref"]  # plain.ref: one segment
    assert any("not a valid zip" in p for p in problems) and any(p.startswith("empty.ref") for p in problems)
    # beside .ref files, a zip's readme is no document: said apart, not read as a document without a reference
    assert skipped == "skipped 1 file: set.zip/set/readme.txt (a note about the files, not a document)"  # 2 zips
    assert not any("readme" in p for p in problems)

    at = bench_app("Upload .ref files or a .zip of them")
    assert any("Upload some .ref files" in i.value for i in at.info)
    at.file_uploader(key="bench_upload").set_value([("set.zip", buf.getvalue(), "application/zip")])
    run(at)
    # the files skipped are news, not a fault: an info, not a red error (it read as one beside a Graphviz .dot)
    notes = [i.value.replace("\\", "") for i in at.info]  # without md()'s escapes
    assert not errors(at) and "Skipped 1 file: set/readme.txt (a note about the files, not a document)" in notes, notes
    assert any("2 documents" in c.value for c in at.caption)
    at.multiselect(key="bench_methods").set_value(["cvs"])
    at.button(key="bench_run").click()
    run(at)
    # the run names the upload, not the Dataset box's option ('2 runs on Upload .ref files or a .zip of them')
    assert any("2 runs on set.zip (Reference K)" in s.value.replace("\\", "") for s in at.success)
    at.file_uploader(key="bench_upload").set_value([("set.zip", buf.getvalue(), "application/zip"),
                                                   ("bad.zip", b"PK not a zip", "application/zip")])
    run(at)
    assert any("not a valid zip" in e for e in errors(at))
    at.button(key="bench_run").click()
    run(at)
    assert any("2 runs on 2 uploaded files (Reference K)" in s.value for s in at.success)


def test_benchmark_bundled_dataset():
    at = bench_app(datasets.NAMES[0])
    assert not errors(at)
    at.number_input(key="bench_max_docs").set_value(2)
    at.multiselect(key="bench_methods").set_value([next(iter(METHODS))])
    at.button(key="bench_run").click()
    run(at)
    assert at.dataframe[0].value["docs"].iloc[0] == 2


def test_benchmark_stopped_run_keeps_partial_results():
    """A run stopped after its first document keeps that row and says so."""
    from explorer.jobs import Job
    from segcore.budget import Runner
    from segcore.evaluation import Setting, evaluate_many

    def stop_after_first(batches, progress, stop, run):
        done = []
        return evaluate_many(batches, progress=lambda d, t: (done.append(d), progress(d, t)),
                             stop=lambda: bool(done) or stop(), run=run)

    with Runner() as runner:
        job = Job(stop_after_first, [(documents.cached_dataset(SAMPLES_SET), Setting.of("cvs"))], about="samples",
                  runner=runner)
        while job.running:
            time.sleep(0.05)
    assert job.done == 1 and job.total == 3 and not job.result[0].complete
    at = bench_app(SAMPLES_SET)
    at.session_state["bench_job"] = job
    run(at)
    assert any("Stopped after 1 of 3" in w.value for w in at.warning)
    assert at.dataframe[0].value["docs"].iloc[0] == 1


def test_stop_kills_the_document_under_way():
    """Stop does not wait for the document under way: its worker is killed at once."""
    from explorer.jobs import Job
    from segcore.budget import Runner

    with Runner() as runner:
        job = Job(lambda progress, stop, run: run(time.sleep, 120), runner=runner)
        deadline = time.time() + 60
        while not any(w.alive for w in runner._busy) and time.time() < deadline:
            time.sleep(0.05)
        pid = next(iter(runner._busy)).pid
        t = time.time()
        job.stop()
        while job.running:
            time.sleep(0.05)
        assert time.time() - t < 30 and "stopped" in job.error
        assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


def test_benchmark_runs_in_a_background_job():
    """Run starts segcore.evaluation.evaluate_many in a job; the page follows it to its end and shows the results."""
    at = bench_app(SAMPLES_SET)
    at.multiselect(key="bench_methods").set_value(["cvs"])
    at.button(key="bench_run").click()
    run(at)
    job = at.session_state["bench_job"]
    assert not job.running and job.result[0].complete
    assert any("3 runs on" in s.value for s in at.success)


# ---- About -----------------------------------------------------------------------------------------------------------

def test_about_lists_every_registered_method():
    at = run(new_app())
    at.switch_page("pages/about.py")
    run(at)
    labels = [e.label for e in at.expander]
    for name, m in METHODS.items():
        assert any(lab.startswith(f"**{name}**") for lab in labels), name
        assert any(m.citation in md.value for md in at.markdown)
    assert any("How to read the plots" in h.value for h in at.header)


def test_too_large_upload_is_an_error():
    at = run(new_app())
    upload(at, "huge.txt", b"word " * (11 * 1024 * 1024))  # 55 MB > the 50 MB limit
    assert any("more than the 50 MB limit" in e for e in errors(at))
    assert not at.get("plotly_chart")


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


# ---- the frame -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("page,title", [("pages/compare.py", "Compare methods"), ("pages/benchmark.py", "Benchmark"),
                                        ("pages/about.py", "About the Segmentation Explorer")])
def test_a_page_runs_once_inside_the_frame(page, title):
    """AppTest runs a page file directly (Streamlit's legacy pages/ layout): the page runs the frame around itself."""
    at = run(new_app())
    at.switch_page(page)
    run(at)
    assert [t.value for t in at.title] == [title]
    assert ("Document" in [h.value for h in at.sidebar.header]) == (title == "Compare methods")


def test_no_private_streamlit_api_and_no_sys_path_edits():
    files = [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "explorer").glob("*.py"),
             *(f for f in (ROOT / "tests").glob("test_*.py") if f.name != Path(__file__).name)]
    for f in files:
        src = f.read_text()
        assert not re.search(r"streamlit\.(runtime|web|proto|elements)|PagesManager", src), f
        assert not re.search(r"sys\.path\.(insert|append)|sys\.path\s*=", src), f


def test_parameter_widgets_take_the_registry_domain():
    at = run(new_app())
    at.sidebar.selectbox(key="method").set_value("c99")
    run(at)
    rank = METHODS["c99"].param("rank")
    widget = at.sidebar.number_input(key="p::c99::rank")
    assert (widget.min, widget.max) == (rank.low, rank.high)
    assert at.sidebar.selectbox(key="p::c99::rep").options == list(METHODS["c99"].param("rep").choices)


def test_a_link_cannot_name_a_file():
    at = new_app()
    at.query_params = {"method": "c99", "p.stopwords": "/etc/passwd", "p.rank": "99"}
    run(at)
    texts = " ".join(w.value for w in at.warning)
    assert "file paths only in the library" in texts and "'rank' must be a whole number from 0 to 25" in texts
    assert at.session_state["p::c99::stopwords"] == "choi" and " segment" in summary(at)


# ---- safety: budgets, limits, links and names from outside -------------------------------------------------------

def workers() -> set[int]:
    """The worker processes (multiprocessing, spawn) that this test process has running."""
    return {p.pid for p in psutil.Process().children() if "spawn_main" in " ".join(p.cmdline())}


def test_a_run_over_budget_is_an_error_and_the_app_stays_usable(monkeypatch):
    monkeypatch.setenv("EXPLORER_TIMEOUT", "2")
    at = run(new_app())
    at.sidebar.selectbox(key="sample").set_value("alemi-paper")  # 12,933 words
    run(at)
    before = workers()
    monkeypatch.setenv("EXPLORER_TIMEOUT", "0.2")  # automatic K at word level takes longer than this on any machine
    at.sidebar.radio(key="k_mode").set_value("Automatic")
    run(at)
    assert any("time limit of 0.2 s" in e.replace("\\", "") and "sentences instead of words" in e
               for e in errors(at)), errors(at)
    killed = before - workers()
    assert killed and not any(psutil.pid_exists(pid) for pid in killed)  # the worker over budget is gone
    monkeypatch.setenv("EXPLORER_TIMEOUT", "60")  # read at every run: a loaded machine must not fail what follows
    at.sidebar.selectbox(key="sample").set_value("choi-1_0")
    run(at)
    assert not errors(at) and " segment" in summary(at)


def test_an_upload_is_read_in_a_worker_under_the_budget(monkeypatch):
    """Reading a file (a long PDF is many seconds of parsing) runs in a worker under the app's budget, not in the
    server's process: past the time limit it is a clear error, and the app stays usable."""
    at = run(new_app())
    monkeypatch.setenv("EXPLORER_TIMEOUT", "0.001")
    upload(at, "slow.pdf", tiny_pdf(["A page read too slowly for this budget.", "Another line of it."]))
    said = [e.replace("\\", "") for e in errors(at)]
    assert any("slow.pdf: reading it took more time than a run may have here" in e for e in said), said
    monkeypatch.setenv("EXPLORER_TIMEOUT", "60")
    upload(at, "fine.txt", b"Volcanoes erupt lava. Ash falls on towns. Bread needs flour. Ovens bake bread.")
    assert not errors(at) and at.session_state["_docstate"].doc.n == 4


def test_a_crafted_link_is_checked_before_any_work():
    at = new_app()
    at.query_params = {"method": "texttiling", "p.rounds": "99999999", "p.smoothing": "1e308", "k": "9" * 30}
    run(at)
    texts = " ".join(w.value for w in at.warning)
    assert "'rounds' must be a whole number from 0 to 20" in texts and "'smoothing' must be" in texts
    assert "K in the link must be 'auto' or a whole number from 1 to 50,000" in texts
    at.sidebar.number_input(key="k").set_value(500)
    run(at)
    assert any("K must be a whole number between 1 and 60" in e for e in errors(at))
    at.sidebar.number_input(key="k").set_value(5)
    run(at)
    assert not errors(at) and "into **5 segments**" in summary(at)


def test_link_values_and_file_names_are_shown_as_text():
    at = new_app()
    at.query_params = {"method": "[sign in](https://evil.example)", "sample": "![x](https://evil.example/a.png)",
                       "level": "www.evil.example :red[alert] <b>bold</b>"}
    run(at)
    texts = [w.value for w in at.warning]
    assert len(texts) == 3
    for t in texts:
        assert "](" not in t.replace("\\]", "") and "https://" not in t and "www.evil" not in t and "<b>" not in t
    assert any("\\[sign in\\](https\\://evil\\.example)" in t for t in texts)
    upload(at, "[click](https://evil.example).txt", b"")
    assert any("\\[click\\](https\\://evil\\.example)\\.txt" in e for e in errors(at)), errors(at)
    assert not any("[click](" in e for e in errors(at))


def test_too_long_text_is_an_error_before_any_work(monkeypatch):
    monkeypatch.setenv("EXPLORER_MAX_CHARS", "1000")
    monkeypatch.setenv("EXPLORER_MAX_ELEMENTS", "100")
    at = run(new_app())
    paste(at, PASTED * 2)
    said = [e.replace("\\", "") for e in errors(at)]  # the message says the size, the limit and what to do instead
    assert any(re.search(r"pasted text: 1,\d{3} characters, more than the limit of 1,000; load one chapter or part "
                         r"of it, or segment the whole text with segcore's command line \(python -m segcore segment "
                         r"FILE\), which reads up to 2,000,000 characters and 200,000 sentences or words by default, "
                         r"more with --max-chars and --max-elements$", e) for e in said), said
    assert not at.get("plotly_chart")
    at.sidebar.text_area(key="paste").set_value(PASTED[:900])
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    assert any("words, more than the limit of 100; use sentences instead of words, or load one chapter" in e
               for e in errors(at))
    at.sidebar.radio(key="level").set_value("sentence")
    run(at)
    assert not errors(at) and " segment" in summary(at)


def test_a_wrong_setting_is_named(monkeypatch):
    monkeypatch.setenv("EXPLORER_MAX_MEMORY", "lots")
    at = run(new_app())
    assert any("EXPLORER\\_MAX\\_MEMORY must be a positive number or 'none'" in e for e in errors(at)), errors(at)
    assert not at.get("plotly_chart")


def test_a_paper_offers_its_sections_as_the_reference():
    """A PDF with headings: the sidebar starts on its sections as the reference and scores against them; 'none'
    stays chosen while the same text is shown, K stays as set when only the reference changes, and the reference
    list can be kept: the same text read with it keeps K and the reference chosen (before, that toggle read as a
    new text: automatic K and the sections again)."""
    at = run(new_app())
    pdf = (ROOT / "tests" / "data" / "papers" / "lexical_chains.pdf").read_bytes()
    upload(at, "lexical_chains.pdf", pdf)
    box = at.sidebar.selectbox(key="structure_ref")
    assert "the paper's sections" in box.options and box.value == "the paper's sections"
    doc = at.session_state["_docstate"].doc
    assert doc.reference == [*doc.meta["outline"].starts(1), doc.n] and not errors(at)
    assert at.metric and at.metric[0].label == "Pk"
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(4)
    at.sidebar.selectbox(key="structure_ref").set_value("none")
    run(at)
    assert at.sidebar.selectbox(key="structure_ref").value == "none" and not at.metric
    assert at.sidebar.radio(key="k_mode").value == "Number" and at.sidebar.number_input(key="k").value == 4
    n = at.session_state["_docstate"].doc.n
    at.sidebar.checkbox(key="drop_back_matter").uncheck()  # the reference list and appendix are back
    run(at)
    assert at.session_state["_docstate"].doc.n > n and not errors(at)
    assert at.sidebar.selectbox(key="structure_ref").value == "none"
    assert at.sidebar.radio(key="k_mode").value == "Number" and at.sidebar.number_input(key="k").value == 4
    at.sidebar.selectbox(key="structure_ref").set_value("the paper's sections")
    run(at)
    assert at.metric


@pytest.mark.parametrize("name, fmt, sections, note", [
    ("paper.tex", "latex", "the paper's sections", "left out of the LaTeX source"),
    ("guide.rst", "rest", "the text's sections", "left out of the reST source")])
def test_a_latex_or_rest_source_uploads_with_its_sections(name, fmt, sections, note):
    from tests.test_latex import PAPER
    from tests.test_rest import GUIDE

    at = run(new_app())
    upload(at, name, (PAPER if fmt == "latex" else GUIDE).encode("utf-8"))
    assert not errors(at)
    doc = at.session_state["_docstate"].doc
    assert doc.meta["format"] == fmt and not any("\\" in e or "``" in e for e in doc.elements)
    assert at.sidebar.selectbox(key="structure_ref").value == sections and at.metric
    assert note in documents.describe(doc)


@pytest.mark.parametrize("link, warning", [
    ({"k": "²"}, "K in the link must be 'auto' or a whole number from 1 to 50,000, got '²'"),
    ({"k": "7" * 5000}, "K in the link must be 'auto' or a whole number"),
    ({"tol": "²"}, "tolerance in the link must be a whole number from 0 to 10"),
    ({"method": "cvs", "tol": "999"}, "tolerance in the link must be a whole number from 0 to 10, got '999'"),
    ({"method": "texttiling", "k": "auto", "p.rounds": "1000000000"}, "'rounds' must be a whole number from 0 to 20"),
    ({"method": "lda", "p.passes": "1e9"}, "'passes' must be a whole number from 1 to 100"),
    ({"method": "lda", "p.topics": "1e9"}, "'topics' must be a whole number from 1 to 500"),
    ({"method": "ui", "p.lam": "nan"}, "'lam' must be a number from 0"),
    ({"method": "best", "p.vectors": "/etc/passwd"}, "file paths only in the library and the CLI"),
    ({"method": "c99", "p.stopwords": "../../etc/passwd"}, "file paths only in the library and the CLI"),
])
def test_crafted_links_are_warnings_and_the_view_still_works(link, warning):
    """Issue #13's links: each value that cannot be used is a warning naming it; the page works with the rest."""
    at = new_app()
    at.query_params = {**link, "sample": "choi-1_0"}
    run(at)
    texts = [w.value.replace("\\", "") for w in at.warning]
    assert any(warning in t for t in texts), texts
    assert not errors(at) and " segment" in summary(at)
    assert at.session_state["p::best::vectors"] == "glove-6b-50d" if "p.vectors" in link else True


def test_a_long_link_is_cut_short_in_its_warnings():
    at = new_app()
    at.query_params = {"sample": "x" * 10_000, **{f"p.x{i}": "1" for i in range(30)}}
    run(at)
    texts = [w.value for w in at.warning]
    assert len(texts) == 8 and "24 more values in the link could not be used" in texts[-1]
    assert all(len(t) < 400 for t in texts)


@pytest.mark.parametrize("link", [{"sample": "alemi-paper", "method": "c99", "k": "auto"},
                                  {"sample": "alemi-paper", "method": "lda", "k": "auto", "p.topics": "500",
                                   "p.passes": "100", "p.iterations": "1000"}])
def test_a_costly_link_ends_within_the_budget(monkeypatch, link):
    """Alemi & Ginsparg's paper at word level with c99 and automatic K once took 6.9 GB; LDA at the top of its domains
    minutes: now each run is a result or a budget error, and a run over its budget leaves no worker behind."""
    monkeypatch.setenv("EXPLORER_TIMEOUT", "5")
    monkeypatch.setenv("EXPLORER_MAX_MEMORY", "1G")
    before = workers()
    at = new_app()
    at.query_params = link
    run(at)
    budget = [e for e in errors(at) if "limit of" in e]
    assert budget or " segment" in summary(at), errors(at)
    assert all("sentences instead of words" in e for e in budget)
    if budget:
        assert not any(psutil.pid_exists(pid) for pid in before - workers())


def test_parameters_from_session_state_never_name_a_file():
    """Whatever sits in session state, a parameter that could name a file reaches segcore only as a named value."""
    import streamlit as st

    from explorer.widgets import method_params, param_key

    keys = [param_key("cvs", "vectors"), param_key("cvs", "stopwords"), param_key("cvs", "cut")]
    try:
        for key, value in zip(keys, ["/etc/passwd", "/etc/hostname", 2]):
            st.session_state[key] = value
        params = method_params("cvs")
        assert (params["vectors"], params["stopwords"], params["cut"]) == ("glove-6b-50d", "choi", 2)
    finally:
        for key in keys:
            st.session_state.pop(key, None)


def test_document_line_says_the_headings_come_from_the_bookmarks():
    from segcore.loaders import load
    from tests.test_pdf_structure import manual_pdf

    line = documents.describe(load(manual_pdf()))
    assert "3 PDF pages · headings from its bookmarks (3 of 3 found in the text)" in line


def test_document_line_says_what_was_left_out_of_a_book():
    from segcore.loaders import load_text
    from tests.test_books import FOOTER, HEADER, PARA, book

    text = HEADER + book("THE LONG ROAD", *[x for n in ("I", "II", "III") for x in (f"CHAPTER {n}", PARA)]) + FOOTER
    line = documents.describe(load_text(text))
    assert "left out of the text: the Project Gutenberg header and licence (10 lines)" in line


def test_a_web_page_and_an_e_book_upload_with_their_sections_as_the_reference():
    """An uploaded HTML page: its text without the site's chrome, the page's sections offered as the reference and
    scored when chosen, what was left out said; an EPUB likewise, as a book."""
    from tests.test_html import BOOK, WIKI, _epub

    at = run(new_app())
    upload(at, "Lighthouse.html", WIKI.encode("utf-8"))
    assert not errors(at)
    doc = at.session_state["_docstate"].doc
    assert doc.meta["format"] == "html" and "Jump to content" not in " ".join(doc.elements)
    box = at.sidebar.selectbox(key="structure_ref")
    assert "the page's sections" in box.options and box.value == "the page's sections"
    assert at.session_state["_docstate"].doc.reference == [3, 7, 10] and at.metric and not errors(at)
    line = documents.describe(at.session_state["_docstate"].doc)
    assert "format: HTML" in line and "left out of the page: " in line and "citation marks (3)" in line
    upload(at, "book.epub", _epub(BOOK, ["nav", "c1", "c2"]))
    assert not errors(at)
    assert "the book's sections" in at.sidebar.selectbox(key="structure_ref").options


def test_an_uploaded_transcript_shows_its_segments_times_and_offers_chapters():
    """Captions (.srt): the text said, the recording's length in the document line, each segment's times in the
    Segments tab, and a Chapters download beside the other exports."""
    from tests.test_captions import _lecture

    at = run(new_app())
    upload(at, "lecture.srt", _lecture().encode("utf-8"))
    assert not errors(at)
    doc = at.session_state["_docstate"].doc
    assert doc.meta["format"] == "captions" and doc.n == 24 and "-->" not in " ".join(doc.elements)
    assert "1:59 of recording" in documents.describe(doc)
    table = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    assert table["where"].iloc[0].startswith("0:00–")
    assert len(open_tab(at, "Export").get("download_button")) == 5
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(2)
    notes = [c.value for c in open_tab(at, "Export").caption if c.value.startswith("Chapters:")]
    assert len(notes) == 1 and notes[0].endswith(": 2 chapters, fewer than 3."), notes
    paste(at, _lecture())
    assert at.session_state["_docstate"].doc.meta["format"] == "captions" and not errors(at)


def test_the_server_process_draws_its_pictures_on_one_blas_thread():
    """The similarity heatmap's and the novelty curve's matrix products run in the server process, which serves every
    session: its BLAS keeps to one thread, as the workers' (idle BLAS threads spin on a shared machine)."""
    from threadpoolctl import threadpool_info

    run(new_app())
    assert max(p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas") == 1


def test_a_wikipedia_copy_is_scored_against_its_sections_and_the_sidebar_says_so():
    """A Wikipedia article pasted as a browser copies it: its '[edit]' headings give the reference (the text's
    article's sections), and the box for typed segment ends names that reference, not a file the paste never was."""
    at = paste(run(new_app()), (ROOT / "tests" / "data" / "wikipedia_copy.txt").read_text("utf-8"))
    assert not errors(at) and at.sidebar.selectbox(key="structure_ref").value == "the article's sections"
    assert "(the article's sections)" in documents.describe(at.session_state["_docstate"].doc) and at.metric
    assert at.sidebar.text_input(key="ref_text").placeholder == "(the article's sections)"
    upload(at, "choi.ref", (SAMPLES / "choi_3-11_2_7.ref").read_bytes())
    assert at.sidebar.text_input(key="ref_text").placeholder == "(taken from the file)"


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


def test_compare_on_a_meeting_transcript_speaks_of_no_reference_it_lacks():
    """A meeting transcript (Otter.ai layout) on the Compare page: read as a transcript, one strip per method and a
    caption that speaks of no reference row or reference lines (there is none to draw); each segment's times in its
    strip's hover, as in the Segments table."""
    from segcore.document import where
    from tests.test_transcripts import _transcript

    at = upload(run(new_app()), "meeting.txt", _transcript("otter").encode("utf-8"))
    at.switch_page("pages/compare.py")
    run(at)
    assert not errors(at) and any("format: transcript" in m.value for m in at.markdown)
    strips = charts(at)[0]["data"]
    assert {t["y"][0] for t in strips} == set(at.multiselect(key="cmp_methods").value)
    doc = at.session_state["_docstate"].doc
    first = [int(a) for a in decode(strips[0]["base"])][1]  # the second segment's first sentence
    assert strips[0]["hovertext"][1].endswith(f" · {where(doc, first, first + int(decode(strips[0]['x'])[1]))}")
    strips = next(c.value for c in at.caption if c.value.startswith("One row per method"))
    assert "reference" not in strips, strips
    hint = next(c.value for c in at.caption if c.value.startswith("No reference segmentation"))
    assert "Reference segmentation" in hint and "sidebar" in hint, hint  # a reference can be typed for any text


def test_a_highlighted_segment_of_a_transcript_shows_its_times():
    """The card of a highlighted segment of a timed transcript names its times, as the segment's header in the text
    and the Segments table do: where to listen to it in the recording."""
    from tests.test_transcripts import _transcript

    at = upload(run(new_app()), "meeting.txt", _transcript("otter").encode("utf-8"))
    at.selectbox(key="highlight").set_value(1)
    run(at)
    where = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)["where"].iloc[1]
    card = next(h.proto.body for h in at.get("html") if "segx-selected" in h.proto.body)
    assert f"· {where}" in card, (where, card)


def test_the_preview_says_when_each_line_was_said_and_on_which_page():
    """The preview of the text read names each row's start time in a recording (as the Segments table writes times)
    and its page in a PDF; a text with neither has no such column."""
    from segcore.document import clock
    from tests.test_captions import _lecture

    at = upload(run(new_app()), "lecture.srt", _lecture().encode("utf-8"))
    preview = at.dataframe[0].value
    assert list(preview.columns) == ["sentence", "where", "text"], preview.columns
    assert list(preview["where"][:3]) == ["0:00", "0:05", "0:10"]
    segments = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    assert segments["where"].iloc[0].startswith(preview["where"].iloc[0] + "–")  # one way of writing a time
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    words = at.dataframe[0].value
    times = at.session_state["_docstate"].doc.meta["times"]  # each word the time of its line
    assert list(words.columns) == ["words", "where", "text"] and words["where"][1] == clock(times[40][0]) != "0:00"
    assert any("'where': the time in the recording or the page" in c.value for c in at.caption)  # said what it is
    upload(at, "paper.pdf", tiny_pdf(["Volcanoes erupt lava and ash over the valley.",
                                      "Bread needs flour, water and yeast."]))
    assert set(at.dataframe[0].value["where"]) == {"p. 1"}
    paste(at, PASTED)
    assert "where" not in at.dataframe[0].value.columns and not any("'where'" in c.value for c in at.caption)
