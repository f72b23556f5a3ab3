"""segcore.plots and segcore.overlay (pure figure/HTML functions), the segcore functions the app's pages call
(exports, typed segment ends, agreement, corpus overlap) and the explorer glue that runs without a Streamlit script
(guard, widgets' values)."""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import pytest
import scipy.sparse as sp

from segcore import METHODS, Signal, kplots, overlay, plots
from segcore.document import Document, span_label

ROOT = Path(__file__).resolve().parent.parent


def test_plots_does_not_import_streamlit():
    for name in ("plots.py", "overlay.py"):
        assert "import streamlit" not in (ROOT / "segcore" / name).read_text()


def test_binned_cosine_is_exact_mean_of_pairwise_cosines():
    rng = np.random.default_rng(0)
    x = rng.random((23, 7))
    x[4] = 0  # an empty element
    u = x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-300)
    full = u @ u.T
    sim, edges = plots.binned_cosine(x, max_bins=100)
    assert sim.shape == (23, 23) and np.allclose(sim, full)
    sim, edges = plots.binned_cosine(sp.csr_matrix(x), max_bins=5)
    assert sim.shape == (len(edges) - 1,) * 2 and edges[0] == 0 and edges[-1] == 23
    for i in range(len(edges) - 1):
        for j in range(len(edges) - 1):
            block = full[edges[i]:edges[i + 1], edges[j]:edges[j + 1]]
            assert sim[i, j] == pytest.approx(block.mean())


def test_bin_coordinates():
    edges = np.array([0, 10, 20, 30])
    assert list(plots.to_bin_coordinate([0, 10, 15, 30], edges)) == [-0.5, 0.5, 1.0, 2.5]
    assert list(plots.to_bin_coordinate([0, 3, 5], np.arange(6))) == [-0.5, 2.5, 4.5]


def test_heatmap_figure_outlines_and_markers():
    sim = np.eye(10)
    fig = plots.heatmap_figure(sim, np.arange(11), hypothesis=[3, 7, 10], reference=[5, 10],
                               labels=[f"#{i}" for i in range(10)], highlight=1)
    assert isinstance(fig, go.Figure)
    shapes = fig.layout.shapes
    assert len(shapes) == 2 + 3  # reference squares first, then hypothesis
    hyp = shapes[2:]
    assert [(s.x0, s.x1) for s in hyp] == [(-0.5, 2.5), (2.5, 6.5), (6.5, 9.5)]
    assert [s.fillcolor is not None for s in hyp] == [False, True, False]
    markers = next(t for t in fig.data if t.name == "segments")
    assert list(markers.customdata) == [0, 1, 2]
    assert fig.layout.yaxis.autorange == "reversed"


def test_heatmap_figure_is_as_high_as_its_square_plot_area():
    # the figure was 520 px high whatever its width: a square plot area in a 400 px column left white bands above
    # and below it
    for width, title in [(300, ""), (400, ""), (560, "a title")]:
        layout = plots.heatmap_figure(np.eye(20), np.arange(21), hypothesis=[10, 20], reference=[5, 20],
                                      title=title, width=width).layout
        m = layout.margin
        assert layout.width == width
        assert layout.height - m.t - m.b == width - m.l - m.r  # square, the margins all the rest
        assert layout.yaxis.scaleanchor == "x"


def test_heatmap_ticks_name_round_element_numbers():
    # 527 caption lines in 300 bins: the ticks once read 0, 44, 88, 132, …, 307, 351 (every 22nd bin's first element)
    n = 527
    sim, edges = plots.binned_cosine(np.random.default_rng(0).random((n, 4)), 300)
    labels = plots.element_labels([f"s{i}" for i in range(n)], edges)
    axis = plots.heatmap_figure(sim, edges, labels=labels).layout.xaxis
    numbers = [int(t) for t in axis.ticktext]
    assert numbers == list(range(0, n, 50))
    for number, label in zip(numbers, axis.tickvals):  # each at the bin that holds that element
        i = labels.index(label)
        assert edges[i] <= number < edges[i + 1]
    region = plots.heatmap_figure(np.eye(150), np.arange(1000, 1151)).layout.xaxis  # a zoom: 1,000-1,149
    assert list(region.ticktext) == ["1,000", "1,020", "1,040", "1,060", "1,080", "1,100", "1,120", "1,140"]


def test_element_labels_escape_and_truncate():
    labels = plots.element_labels(["<b>x</b>", "y" * 200], np.arange(3))
    assert labels[0] == "#0 &lt;b&gt;x&lt;/b&gt;" and labels[1].endswith("…") and len(labels[1]) < 90
    labels = plots.element_labels(["a", "b", "c", "d"], np.array([0, 2, 4]), level="word")
    assert labels == ["words 0–1 (2): a b", "words 2–3 (2): c d"]


def test_novelty_profile_peaks_at_topic_change():
    x = np.vstack([np.tile([1.0, 0, 0], (6, 1)), np.tile([0, 1.0, 0], (6, 1))])
    prof = plots.novelty_profile(x, window=2)
    assert len(prof) == 11 and int(np.nanargmax(prof)) + 1 == 6  # gap 6 is between the two topics
    assert prof[1] == pytest.approx(0.0)
    # gaps 1 and 11 have one element on one side, not two: no reading (one element against a window is a peak on text)
    assert np.isnan(prof[[0, -1]]).all() and not np.isnan(prof[1:-1]).any()


def test_novelty_profile_of_sparse_counts_is_the_definition():
    counts = sp.random(40, 30, density=0.15, random_state=4, format="lil") * 5
    counts[7] = 0  # an empty element
    counts = counts.tocsr()
    for w in (1, 3, 20):
        want = []
        for g in range(1, 40):
            u = counts.toarray() / np.maximum(np.linalg.norm(counts.toarray(), axis=1, keepdims=True), 1e-300)
            a, b = u[max(0, g - w):g].sum(axis=0), u[g:g + w].sum(axis=0)
            den = np.linalg.norm(a) * np.linalg.norm(b)
            want.append(1.0 - (a @ b / den if den > 0 else 0.0))
        want = np.where([w <= g <= 40 - w for g in range(1, 40)], want, np.nan)  # both windows whole
        assert np.allclose(plots.novelty_profile(counts, w), want, equal_nan=True)
        assert np.allclose(plots.novelty_profile(counts.toarray(), w), want, equal_nan=True)  # dense: the same
    assert np.allclose(plots.novelty_profile(counts, 50), plots.novelty_profile(counts, 20), equal_nan=True)  # N/2


def test_profile_and_cost_figures():
    fig = plots.profile_figure({"a": [0.1, 0.5, 0.2]}, 4, boundaries=[2, 4], reference=[1, 4], threshold=0.3,
                               highlight=(0, 2))
    kinds = [s.type for s in fig.layout.shapes]
    assert kinds.count("line") == 1 and kinds.count("rect") == 1  # threshold; highlight
    lines = {t.name: t for t in fig.data if t.mode == "lines"}
    assert np.array_equal(lines["chosen boundary"].x, [2, 2, np.nan], equal_nan=True)
    assert np.array_equal(lines["reference boundary"].x, [1, 1, np.nan], equal_nan=True)
    assert np.array_equal(lines["chosen boundary"].y, [0.1, 0.5, np.nan], equal_nan=True)  # the curves' range
    # a curve that starts hidden (the novelty beside the method's own scores) does not stretch the lines, and with
    # them the axis, over its range: the curves shown would be squashed into the bottom of the plot
    fig = plots.profile_figure({"own": [0.1, 0.3, 0.2], "novelty": [0.6, 1.0, 0.9]}, 4, boundaries=[2, 4],
                               reference=[1, 4], hidden={"novelty"})
    lines = {t.name: t for t in fig.data}
    assert lines["novelty"].visible == "legendonly"
    assert np.array_equal(lines["chosen boundary"].y, [0.1, 0.3, np.nan], equal_nan=True)
    assert np.array_equal(lines["reference boundary"].y, [0.1, 0.3, np.nan], equal_nan=True)
    fig = kplots.cost_curve_figure([5.0, 3.0, 2.5, 2.4], k_selected=3, k_reference=2)
    curve = fig.data[0]
    assert list(curve.x) == [1, 2, 3, 4] and list(curve.customdata) == [1, 2, 3, 4]
    fig = kplots.cost_curve_figure(None, 2, gains=[0.3, 0.1, 0.05], smoothed_gains=[0.2, 0.1, 0.06], threshold=0.1)
    assert list(fig.data[0].x) == [2, 3, 4]


def test_strips_sweep_distribution():
    fig = plots.boundary_strips_figure({"m1": [3, 10], "m2": [5, 10]}, 10, reference=[4, 10])
    assert {t.y[0] for t in fig.data} == {"reference", "m1", "m2"}
    assert len(fig.data) == 3 and len(fig.layout.shapes) == 1  # one trace per row
    assert list(fig.data[1].base) == [0, 3] and list(fig.data[1].x) == [3, 7]
    fig = plots.sweep_figure([1, 2, 3], {"Pk": [0.3, 0.2, 0.25]}, "rank", {"no boundary": 0.45})
    assert list(fig.data[0].y) == [0.3, 0.2, 0.25]
    rows = [{"method": "a", "document": "d1", "pk": 0.1}, {"method": "a", "document": "d2", "pk": 0.2},
            {"method": "baseline: no boundary", "document": "d1", "pk": 0.4}]
    fig = plots.distribution_figure(rows, "pk")
    assert [t.name for t in fig.data] == ["a", "baseline: no boundary"] and list(fig.data[0].y) == [0.1, 0.2]
    assert fig.layout.yaxis.title.text == "Pk per document"
    fig = plots.distribution_figure(rows, "pk", percent=True)  # as the tables beside it
    assert list(fig.data[0].y) == [10.0, 20.0] and fig.layout.yaxis.title.text == "Pk % per document"
    assert "%{y:.2f} %" in fig.data[0].hovertemplate  # each measure's decimals, as the table's
    f1 = plots.distribution_figure([{"method": "a", "document": "d1", "f1": 0.5}], "f1", percent=True)
    assert "%{y:.1f} %" in f1.data[0].hovertemplate


def test_top_terms_prefer_words_specific_to_the_segment():
    bags = [["volcano", "lava", "the"], ["volcano", "ash", "lava"], ["bread", "flour", "oven"],
            ["bread", "yeast", "flour"]]
    from segcore.text import segment_top_terms

    tops = segment_top_terms(bags, [2, 4], n_terms=2)
    assert set(tops[0]) == {"volcano", "lava"} and set(tops[1]) == {"bread", "flour"}


def test_a_word_s_forms_make_one_label_term_in_its_most_frequent_form():
    from segcore.text import label_bags, segment_top_terms

    elements = ["Volcanoes erupt with lava.", "A volcano spews lava and ash.", "The volcano slept.",
                "Bakers bake bread.", "The baker kneads the bread dough.", "Fresh bread smells good."]
    words, fold = label_bags(elements)
    tops = segment_top_terms(words, [3, 6], fold=fold)
    assert tops[0][:2] == ["volcano", "lava"] and "volcanoes" not in tops[0]  # 3 of one stem, 2 of them 'volcano'
    assert tops[1][0] == "bread" and ("baker" in tops[1]) != ("bakers" in tops[1])
    assert segment_top_terms(words, [3, 6])[0] == ["lava", "volcano"]  # unfolded, 'volcanoes' counts apart: 2, not 3


def test_a_name_and_its_possessive_are_one_label_term():
    """Porter's stemmer keeps a possessive's 's ("effie's" -> "effie'"): a novel's segments were labelled 'effie, gabe,
    effie's' (fiction_kazantseva2011 352), the name twice and each form counted apart."""
    from segcore.text import label_bags, segment_top_terms

    elements = ["Effie's hat lay on the chair.", "Effie smiled at Gabe.", "Gabe took Effie’s hand.",
                "The engine roared.", "The engine's pistons rose.", "Steam filled the engine room."]
    words, fold = label_bags(elements)
    tops = segment_top_terms(words, [3, 6], fold=fold)
    assert tops[0][0] == "effie" and not any(w.startswith("effie") for w in tops[0][1:]), tops[0]
    assert tops[1][0] == "engine" and "engine's" not in tops[1], tops[1]


def test_topic_mixture_labels():
    assert overlay.topic_mixture_labels({"gap_scores": Signal([1], "gap")}, 2) is None
    sig = {"segment_topics": Signal([[0.9, 0.1], [0.2, 0.8]], "segment"),
           "segment_top_words": Signal([["stock", "bank"], ["game"]], "segment")}
    assert overlay.topic_mixture_labels(sig, 2) == ["T0 90%, T1 10% — stock, bank", "T1 80%, T0 20% — game"]


def test_overlay_html():
    elements = ["First <i>one</i>.", "Second & more.", "Third.", "Fourth."]
    html = overlay.overlay_html(elements, [2, 4], top_terms=[["first"], ["third"]], reference=[1, 2, 4], highlight=1)
    assert html.count("class='segx-segment") == 2 and "segx-highlight" in html
    assert "&lt;i&gt;one&lt;/i&gt;" in html and "Second &amp; more." in html and "<i>" not in html
    assert "<sup" in html and ">3</sup>" in html  # element numbers
    assert "¦ref¦" in html and "✓ref" in html  # a missed reference boundary (1) and an agreed one (2)
    assert "top terms: <b>first</b>" in html
    words = overlay.overlay_html([f"w{i}" for i in range(60)], [30, 60], level="word", number_every=25)
    assert ">25</sup>" in words and ">30</sup>" in words and ">7</sup>" not in words
    # a paragraph that starts inside a segment starts a new line; one that starts the segment needs none
    broken = overlay.overlay_html(elements, [2, 4], paragraphs=[0, 1, 2, 3])
    assert broken.count("<br class='segx-paragraph'>") == 2 and "segx-paragraph" not in html
    assert broken.index("segx-paragraph") < broken.index("Second &amp; more.")


def test_the_text_at_word_level_is_shown_as_written():
    """At word level the text showed the word elements, lower-cased tokens ('ai - assisted tools .'): the text is
    shown as the user wrote it, coloured by segment, wherever a segment ends (inside a word too); the segmented
    tokens stay the same."""
    from segcore.document import WRITTEN
    from segcore.loaders import load_text
    doc = load_text("AI-assisted tools. They work.\n\nWhy? Because U.S. teams said so.", level="word")
    assert doc.elements[:5] == ["ai", "-", "assisted", "tools", "."]
    written = doc.meta[WRITTEN]
    html = overlay.overlay_html(doc.elements, [5, doc.n], "word", written=written)
    assert "AI-assisted tools. " in html and "They work." in html and "U.S. teams" in html and "ai -" not in html
    cut = overlay.overlay_html(doc.elements, [1, doc.n], "word", written=written)  # a segment ends inside a word
    assert "</sup>AI</div>" in cut and "</sup>-assisted tools." in cut
    card = overlay.selected_segment_html(doc.elements[:8], 0, 0, 8, "word", written=written[:8])
    assert "— AI-assisted tools. They work. <a" in card
    assert doc.segment_texts([5, doc.n])[0] == "AI-assisted tools."  # what the CLI and the exports print
    words = load_text(" ".join(["Some e.g. AI-assisted U.S. tools."] * 30), level="word")
    shown = overlay.overlay_html(words.elements, [words.n], "word", written=words.meta[WRITTEN], number_every=25)
    numbers = [int(x) for x in re.findall(r">(\d+)</sup>", shown)]
    starts = [0] + [j for j in range(1, words.n) if words.meta[WRITTEN][j - 1].endswith(" ")]
    assert set(numbers) <= set(starts) and "e.<sup" not in shown and "AI<sup" not in shown  # never inside a word
    # one number for each multiple of 25: at the first word start at or after it (the element's own index)
    assert numbers == [0] + [next(j for j in starts if j >= m) for m in range(25, words.n, 25)], numbers
    rows = overlay.segment_rows(doc.elements, [1, 5, doc.n], [[], [], []], level="word", written=written)
    assert [r["begins with"] for r in rows] == ["AI", "-assisted tools.", "They work. Why? Because U.S. teams said so."]
    assert overlay.segment_rows(doc.elements, [3, doc.n], [[], []], level="word")[0]["begins with"] == "ai - assisted"


def test_the_written_text_breaks_where_a_heading_or_paragraph_opens():
    """At word level the written words were joined with nothing between blocks, so a heading ran into the paragraph
    after it ('Volcanoes Magma rises …'): the running text (segment_texts: the CLI, the exports) starts each block on
    a new line, the one-line views (the Segments table, the card) put document.INLINE_BREAK there, as the text view
    breaks its line (<br class='segx-paragraph'>)."""
    from html import unescape

    from segcore.document import INLINE_BREAK, WRITTEN
    from segcore.loaders import load
    blocks = ["Volcanoes", "Magma rises through the crust. It cools into new rock.", "Baker's yeast",
              "Yeast ferments the sugar in dough. The gas makes it rise."]
    doc = load(f"# {blocks[0]}\n\n{blocks[1]}\n\n## {blocks[2]}\n\n{blocks[3]}\n".encode(), source="notes.md",
               level="word")
    written, opens = doc.meta[WRITTEN], doc.meta["paragraphs"]
    assert doc.segment_texts([doc.n]) == ["\n".join(blocks)]
    cut = opens[2]  # a segment that ends where a block opens, and one that starts there: no break at their edges
    assert doc.segment_texts([cut, doc.n]) == ["\n".join(blocks[:2]), "\n".join(blocks[2:])]
    html = overlay.overlay_html(doc.elements, [doc.n], "word", written=written, paragraphs=opens)
    body = re.sub(r"<sup[^>]*>\d+</sup>|<[^b][^>]*>|</?b>", "", html.split("</b></div>", 1)[1])
    assert [unescape(line).strip() for line in body.split("<br class='segx-paragraph'>")] == blocks  # the same lines
    rows = overlay.segment_rows(doc.elements, [cut, doc.n], [[], []], level="word", written=written, paragraphs=opens)
    assert [r["begins with"] for r in rows] == [INLINE_BREAK.join(blocks[:2]), INLINE_BREAK.join(blocks[2:])]
    card = overlay.selected_segment_html(doc.elements[cut:], 1, cut, doc.n, "word", written=written[cut:],
                                         paragraphs=opens)
    assert f"— {INLINE_BREAK.join(blocks[2:])} <a" in unescape(card)
    sentences = load(f"# {blocks[0]}\n\n{blocks[1]}\n".encode(), source="notes.md")
    assert sentences.segment_texts([sentences.n]) == [f"{blocks[0]}\nMagma rises through the crust.\nIt cools into "
                                                      "new rock."]  # a new line between sentences, as before
    assert overlay.selected_segment_html(sentences.elements, 0, 0, sentences.n, paragraphs=sentences.meta[
        "paragraphs"]).count(INLINE_BREAK) == 1  # the card's sentences run on ('… crust. It cools'), not its heading

# ---- what the pages call ---------------------------------------------------------------------------------------

def _seg(boundaries, n):
    from segcore.methods import Segmentation
    return Segmentation(boundaries=boundaries, method="m", params={"a": 1}, n_elements=n, k_automatic=False)


def test_the_text_legend_names_the_reference_marks_only_with_a_reference():
    assert "¦ref¦" in overlay.overlay_legend_html(reference=True) and "✓ref" in overlay.overlay_legend_html(True)
    bare = overlay.overlay_legend_html(reference=False)
    assert "ref" not in bare and "next segment" in bare and "sentence number" in bare


def test_exports_round_trip():
    from segcore import exports
    from segcore.loaders import parse_choi

    doc = Document(["A one.", "B, two.", 'C "three".', "D four."], reference=[2, 4], source="x.txt")
    seg = _seg([1, 3, 4], 4)
    choi = exports.to_choi(doc, seg)
    assert choi.startswith("==========\nA one.\n==========\n") and choi.endswith("==========\n")
    assert parse_choi(choi).reference == [1, 3, 4]
    rows = list(csv.reader(io.StringIO(exports.to_csv(doc, seg))))
    assert rows[0] == ["segment", "start", "end", "text"] and rows[2] == ["2", "1", "3", 'B, two.\nC "three".']
    lines = exports.to_jsonl(doc, seg, [["a"], ["b"], ["d"]]).strip().split("\n")
    recs = [json.loads(x) for x in lines]
    assert [r["id"] for r in recs] == ["x#1", "x#2", "x#3"] and recs[1]["top_terms"] == ["b"]
    d = json.loads(exports.to_json(doc, seg))
    assert d["boundaries"] == [1, 3, 4] and d["segments"][0]["text"] == "A one." and d["reference"] == [2, 4]


def test_typed_segment_ends():
    from segcore.document import parse_ends
    from segcore.errors import InputError

    assert parse_ends("3, 5", 8) == [3, 5, 8]
    assert parse_ends("3 5 8", 8) == [3, 5, 8] == parse_ends("3;5 ;8", 8)
    with pytest.raises(InputError, match="must end at the number of sentences"):
        parse_ends("3, 12", 8)
    with pytest.raises(InputError, match="strictly increasing"):
        parse_ends("5, 3", 8)
    for typed in ("3, x", "3, ²", "3, " + "9" * 5000, "3.5"):  # '²' passes str.isdigit; int() stops at 4300 digits
        with pytest.raises(InputError, match="is not a sentence number"):
            parse_ends(typed, 8)


def test_agreement_between_segmentations():
    from segcore.errors import ParameterError
    from segcore.metrics import agreement, pk, windowdiff

    segs = {"a": [5, 10], "b": [5, 10], "c": [10]}
    pw = agreement(segs)
    assert pw["a"]["b"] == 0 and pw["a"]["a"] == 0 and pw["a"]["c"] == pk([5, 10], [10]) > 0
    assert agreement(segs, "windowdiff")["c"]["a"] == windowdiff([10], [5, 10], 5)  # window from the row
    with pytest.raises(ParameterError, match="pk, windowdiff"):
        agreement(segs, "f1")


def test_corpus_contains_the_document():
    from segcore.datasets import corpus_contains

    doc = Document(["The first sentence of this document is long.", "A middle sentence, long enough to probe.",
                    "And the last sentence closes the document."])
    assert corpus_contains(["x " + "\n".join(doc.elements) + " y", "other"], doc)
    assert not corpus_contains([doc.elements[0], "unrelated text"], doc)  # one probe of three
    assert not corpus_contains(["a b c"], Document(["short", "ones", "only"]))


def test_error_messages():
    from explorer.guard import error_message, guarded
    from segcore.errors import ParameterError

    assert error_message(ParameterError("K too big")) == "K too big"
    msg = error_message(KeyError("x"), "Method foo")
    assert msg.startswith("Method foo failed unexpectedly (KeyError)") and "Traceback" not in msg
    out = guarded(lambda: 1 / 0, what="Dividing")
    assert out.value is None and "ZeroDivisionError" in out.error


def test_values_from_the_registry_domains():
    from explorer.widgets import app_value, sweep_range, value_grid
    from segcore.errors import ParameterError

    rank, stopwords = METHODS["c99"].param("rank"), METHODS["c99"].param("stopwords")
    assert app_value(rank, "9") == 9 and app_value(stopwords, "none") == "none"
    with pytest.raises(ParameterError, match="from 0 to 25"):
        app_value(rank, "99")
    with pytest.raises(ParameterError, match="file paths only in the library"):
        app_value(stopwords, "/etc/passwd")
    assert sweep_range(rank) == (7, 17) and value_grid(rank, 5, 11, 3) == [5, 8, 11]
    lam = METHODS["cvs"].param("lam")
    assert sweep_range(lam) == (0.0, 1.0) and value_grid(lam, 0.0, 1.0, 3) == [0.0, 0.5, 1.0]
    assert value_grid(lam, 1.0, 1.0, 5) == [1.0] and value_grid(rank, 4, 4, 5) == [4]  # 'from' = 'to': one run, not 5


def test_baselines_beside_the_scores():
    from explorer.compute import scores

    doc = Document([f"s{i}." for i in range(10)], reference=[5, 10])
    sc = scores(doc, [3, 10])
    assert set(sc) == {"method", "none", "even"} and sc["even"]["pk"] == 0.0  # [5, 10] is evenly spaced
    assert sc["none"]["recall"] == 0.0 and sc["method"]["f1"] == 0.0


def test_heatmap_contrast_ignores_the_diagonal():
    sim = np.full((5, 5), 0.2) + np.eye(5) * 0.8
    sim[0, 1] = sim[1, 0] = 0.4
    hm = plots.heatmap_figure(sim, np.arange(6)).data[0]
    assert hm.zmax < 1.0 and hm.zmin == pytest.approx(0.2)
    fig = plots.profile_figure({"own": [0.1, 0.2], "novelty": [0.3, 0.1]}, 3, hidden={"novelty"})
    assert [t.visible for t in fig.data[:2]] == [True, "legendonly"]


# ---- long documents and choosing K --------------------------------------------------------------------------------

def test_binned_cosine_over_a_region_is_the_block_mean():
    rng = np.random.default_rng(1)
    x = rng.random((700, 5))
    u = x / np.linalg.norm(x, axis=1, keepdims=True)
    sim, edges = plots.binned_cosine(x, max_bins=40, region=(100, 643))
    assert edges[0] == 100 and edges[-1] == 643 and len(edges) - 1 <= 40 and sim.shape == (len(edges) - 1,) * 2
    full = u @ u.T
    for i, j in [(0, 0), (3, 17), (len(edges) - 2, 5)]:
        block = full[edges[i]:edges[i + 1], edges[j]:edges[j + 1]]
        assert sim[i, j] == pytest.approx(block.mean())
    sim, edges = plots.binned_cosine(x, max_bins=300, region=(200, 450))  # small enough: one element per cell
    assert list(edges) == list(range(200, 451)) and np.allclose(sim, full[200:450, 200:450])
    whole, e = plots.binned_cosine(x, max_bins=600)
    assert len(e) - 1 == 600 and whole.shape == (600, 600)  # a bounded picture of any size


def test_heatmap_of_a_region_clips_the_segments():
    edges = np.arange(100, 151)
    fig = plots.heatmap_figure(np.eye(50), edges, hypothesis=[60, 120, 140, 200], reference=[130, 200])
    markers = next(t for t in fig.data if t.name == "segments")
    assert list(markers.customdata) == [1, 2, 3]  # the first segment ends before the region
    hyp = [s for s in fig.layout.shapes if s.line.color == plots.HYP_COLOUR]
    assert (hyp[0].x0, hyp[0].x1) == (-0.5, 19.5) and (hyp[-1].x0, hyp[-1].x1) == (39.5, 49.5)
    assert plots.visible_segments([60, 120, 200], edges) == [(1, 100, 120), (2, 120, 150)]


def test_decimate_keeps_peaks_and_short_curves():
    x = np.arange(20000.0)
    y = np.sin(x / 40)
    y[12345], y[777] = 9.0, -9.0
    xd, yd = plots.decimate(x, y, 2000)
    assert len(xd) <= 2000 and yd.max() == 9.0 and yd.min() == -9.0 and np.all(np.diff(xd) > 0)
    assert xd[np.argmax(yd)] == 12345
    assert plots.decimate(x[:50], y[:50], 2000)[1].tolist() == y[:50].tolist()
    fig = plots.profile_figure({"long": y}, 20001)
    assert len(fig.data[0].y) <= 4000


def test_pages_of_the_text_cover_it_in_whole_segments():
    bounds = [50, 120, 500, 560, 600]
    pages = overlay.page_ranges(bounds, 200)
    assert pages[0][0] == 0 and pages[-1][1] == 600
    assert all(b == c for (_, b), (c, _) in zip(pages, pages[1:]))  # contiguous
    assert all(b - a <= 200 for a, b in pages)
    assert (0, 120) in pages  # closed before a segment that would not fit
    elements = [f"s{i}." for i in range(600)]
    for a, b in pages:
        body = overlay.overlay_html(elements, bounds, window=(a, b))
        assert body.count("<sup") == b - a and f">s{a}.<" in body and f">s{b}.<" not in body
    part = overlay.overlay_html(elements, bounds, window=(120, 320))
    assert "continues on the next page" in part and "continued from" not in part


def test_heatmap_of_many_segments_draws_marks_not_squares():
    n = 1000
    bounds = list(range(4, n + 1, 4))  # 250 segments
    sim, edges = plots.binned_cosine(np.random.default_rng(2).random((n, 6)), 300)
    fig = plots.heatmap_figure(sim, edges, hypothesis=bounds, reference=bounds, highlight=3)
    assert len(fig.layout.shapes) == 1  # the highlighted segment only
    marks = next(t for t in fig.data if t.name == "reference boundaries")
    assert len(marks.x) == len(bounds) - 1
    assert len(next(t for t in fig.data if t.name == "segments").customdata) == len(bounds)
    few = plots.heatmap_figure(sim, edges, hypothesis=[500, n], reference=[300, n])
    assert len(few.layout.shapes) == 4 and not any(t.name == "reference boundaries" for t in few.data)


def test_segment_rows_name_the_first_and_last_element_as_the_text_view_and_the_cli_do():
    """The Segments table, the text view and `segcore segment` all give a segment's first and last element (both
    inclusive): 'sentences 0–2' is the rows first = 0, last = 2."""
    elements = ["Alpha one.", "Alpha two.", "Alpha three.", "Beta one.", "Beta two."]
    rows = overlay.segment_rows(elements, [3, 5], [["alpha"], ["beta"]], places=["p. 1", "p. 2"])
    assert [(r["segment"], r["first"], r["last"], r["sentences"]) for r in rows] == [(1, 0, 2, 3), (2, 3, 4, 2)]
    assert rows[0]["where"] == "p. 1" and rows[1]["top terms"] == "beta"
    assert rows[1]["begins with"] == "Beta one. / Beta two."  # elements apart: a heading stays one
    assert "end" not in rows[0] and "where" not in overlay.segment_rows(elements, [5], [[]])[0]
    assert "sentences 0–2 (3)" in overlay.overlay_html(elements, [3, 5])


def test_score_cells_print_the_measures_in_percent_as_the_results_tables():
    """Pk, WindowDiff and F1 under one name each, in %, with the results tables' decimals (Pk and WindowDiff 2, F1
    1), the baselines' beside them when asked for."""
    from segcore.evaluation import score_cells, score_digits, summarize

    rows = [{"pk": 0.12345, "windowdiff": 0.2, "f1": 0.66666, "pk_word": 0.1, "pk_none": 0.5, "windowdiff_none": 0.5,
             "pk_even": 0.4, "windowdiff_even": 0.45, "f1_even": 0.3, "k_hyp": 3, "k_ref": 3, "seconds": 0.1}]
    cells = score_cells(summarize(rows))
    assert cells == {"Pk %": 12.35, "WindowDiff %": 20.0, "F1 %": 66.7}
    both = score_cells(summarize(rows), baselines=True)
    assert list(both) == ["Pk %", "Pk % · none", "Pk % · even", "WindowDiff %", "WindowDiff % · none",
                          "WindowDiff % · even", "F1 %", "F1 % · even"]
    assert both["Pk % · none"] == 50.0
    assert score_digits([*both, "method"]) == {c: 1 if c.startswith("F1") else 2 for c in both}


def test_the_builders_name_the_unit_of_the_text_in_the_singular_and_plural():
    """The builders the pages call name what the text was split into (segcore.document.level_noun), not 'element':
    '1 sentence', 'sentences 3–5 (3)', 'word 7'."""
    from segcore.document import level_noun
    assert [level_noun("sentence"), level_noun("sentence", 1), level_noun("word", 0), level_noun("word", 1)] == [
        "sentences", "sentence", "words", "word"]
    elements = ["Alpha one.", "Alpha two.", "Alpha three.", "Beta one."]
    assert span_label(0, 3, "sentence") == "sentences 0–2 (3)" and span_label(3, 4, "word") == "word 3"
    rows = overlay.segment_rows(elements, [3, 4], [[], []], level="word")
    assert [(r["first"], r["last"], r["words"]) for r in rows] == [(0, 2, 3), (3, 3, 1)]
    fig = plots.heatmap_figure(np.eye(4), np.arange(5), hypothesis=[3, 4], level="word")
    assert fig.layout.xaxis.title.text == fig.layout.yaxis.title.text == "word"
    assert list(next(t for t in fig.data if t.name == "segments").text) == ["segment 1: words 0–2 (3)",
                                                                             "segment 2: word 3"]
    assert plots.element_labels(["a", "b", "c"], np.array([0, 2, 3]))[0].startswith("sentences 0–1 (2): ")
    html = overlay.overlay_html(elements, [3, 4])
    assert "Segment 1 · sentences 0–2 (3)" in html and "Segment 2 · sentence 3" in html
    assert "<b>Segment 2 · word 3</b>" in overlay.selected_segment_html(elements[3:], 1, 3, 4, "word")
    assert "word number" in overlay.overlay_legend_html(False, level="word")
    strips = plots.boundary_strips_figure({"m": [1, 4]}, 4, level="word")
    assert strips.layout.xaxis.title.text == "word"
    assert list(strips.data[0].hovertext) == ["m: segment 1, word 0", "m: segment 2, words 1–3 (3)"]
    timed = plots.boundary_strips_figure({"m": [1, 4]}, 4, reference=[2, 4], place=lambda a, b: f"{a}:00–{b}:00")
    assert list(timed.data[1].hovertext) == ["m: segment 1, sentence 0 · 0:00–1:00",
                                             "m: segment 2, sentences 1–3 (3) · 1:00–4:00"]  # a recording's times
    agree = kplots.agreement_figure({"a": [2, 4], "b": [2, 4]}, 4, tolerance=1, level="sentence")
    assert agree.layout.xaxis.title.text == "sentence"
    assert any(t.name == "methods with a boundary within ±1 sentence" for t in agree.data)
    timed = kplots.agreement_figure({"a": [2, 4], "b": [2, 4]}, 4, place=lambda a, b: f"{a}:00–{b}:00")
    assert list(timed.data[0].hovertext) == ["a: segment 1, sentences 0–1 (2) · 0:00–2:00",
                                             "a: segment 2, sentences 2–3 (2) · 2:00–4:00"]  # a recording's times
