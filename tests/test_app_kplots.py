"""The figures and words that help choose K (segcore.kplots, segcore.kchoice): the cost-versus-K curve, the
evidence per K with the automatic choice and how sure it is, the shared K axis, and where methods' boundaries agree."""
from __future__ import annotations

import re

import numpy as np

from segcore import Signal, kchoice, kplots, plots, segment
from segcore.document import Document


def test_gap_curves_take_the_gap_axis_signals_only():
    n = 8
    sig = {"gap_scores": Signal(list(range(n - 1)), "gap"), "depth_scores": Signal([0.0] * (n - 1), "gap"),
           "costs_by_k": Signal([1, 2, 3], "k"), "gradient": Signal([0.1] * (n - 1), "k"),
           "segment_loglik": Signal([1.0, 2.0], "segment")}
    out = plots.gap_curves(sig, n)
    assert set(out) == {"gap_scores", "depth_scores"}  # the kind decides, not the name or the length
    x, y = out["gap_scores"]
    assert list(x) == list(range(1, n))
    sig = {"any name": Signal([0.5, 0.2], "gap", x=[2.5, 5.0])}  # TextTiling over pseudo-sentences
    x, y = plots.gap_curves(sig, 100)["any name"]
    assert list(x) == [2.5, 5.0]


def test_k_curves_figure_reads_the_k_axis_signals():
    assert kplots.k_curves_figure({"gap_scores": Signal([1.0], "gap")}) is None
    fig = kplots.k_curves_figure({"costs_by_k": Signal([5.0, 3.0], "k")}, 2, 3, costs_by_k=[5.0, 3.0, 2.0])
    assert list(fig.data[0].x) == [1, 2, 3]  # the longer curve given wins
    fig = kplots.k_curves_figure({"gradient": Signal([0.3, 0.1], "k"),
                                 "smoothed_gradient": Signal([0.2, 0.1], "k", threshold=0.15)})
    assert [t.name for t in fig.data] == ["density gain", "smoothed gain"]
    fig = kplots.k_curves_figure({"density": Signal([0.5, 0.7, 0.8], "k")})
    assert fig.data[0].name.startswith("inside density")


def test_coincidence_and_consensus():
    from segcore.metrics import coincidence, consensus

    segs = {"a": [5, 10, 20], "b": [6, 12, 20], "c": [5, 15, 20]}
    c = coincidence(segs, 20, 1)
    assert c[5] == 3 and c[6] == 3 and c[10] == 1 and c[0] == 0 and len(c) == 21
    assert list(coincidence(segs, 20, 0)[[5, 6, 10]]) == [2, 1, 1]
    assert consensus(segs, 20, 1) == [5, 11]  # 5: all three near, two exactly; 11: a (10) and b (12)
    assert consensus(segs, 20, 0) == [5] and consensus(segs, 20, 1, quorum=3) == [5]
    assert consensus({"a": [20]}, 20) == []


def test_evidence_figure_marks_the_automatic_choice_and_its_range():

    signals = {"costs_by_k": Signal([5.0, 3.0, 2.5, 2.2], "k"), "gap": Signal([0.1, 0.5, 0.45], "k", x=[1, 2, 3]),
               "heldout_loglik": Signal([1.0, None, 3.0], "k", x=[1, 2, 4]), "gap_scores": Signal([0.2], "gap")}
    assert list(kchoice.evidence_curves(signals)) == ["gap", "heldout_loglik"]
    assert kchoice.evidence_curves(signals)["heldout_loglik"][0].tolist() == [1, 4]  # None left out
    fig = kplots.evidence_figure(signals, k_selected=3, k_reference=4, k_automatic=2, k_interval=(2, 3))
    names = [t.name for t in fig.data]
    assert {"automatic K = 2", "supported range K 2–3", "K shown = 3", "reference K = 4"} <= set(names)
    band = [s for s in fig.layout.shapes if s.type == "rect"]
    assert len(band) == 2 and all((s.x0, s.x1) == (1.5, 3.5) for s in band)  # one per panel
    assert {s.yref for s in band} == {"y domain", "y2 domain"} and fig.layout.xaxis.matches == "x2"
    cost = kplots.k_curves_figure(signals, 3, k_automatic=2, k_interval=(2, 3))
    assert {"automatic K = 2", "supported range K 2–3", "K shown = 3"} <= {t.name for t in cost.data}
    assert [s.yref for s in cost.layout.shapes] == ["y domain"] * 3
    one = kplots.k_curves_figure(signals, 3, k_automatic=2, k_interval=(2, 2))  # a range of one K is that K
    assert "supported range K = 2 alone" in {t.name for t in one.data}
    assert kplots.evidence_figure({"costs_by_k": Signal([1.0], "k")}) is None


def test_k_axes_tick_whole_numbers_only():
    # a 3-sentence text: K = 1, 2, 3 (plotly's own ticks would add K = 0.5, 1.5, 2.5)
    cost = kplots.cost_curve_figure([17.0, 10.0, 7.5], k_selected=1, k_automatic=1, k_interval=(1, 1))
    evidence = kplots.evidence_figure({"gap": Signal([0.0], "k"), "heldout_loglik": Signal([-18.3], "k")}, 1,
                                      k_automatic=1, k_interval=(1, 1))
    for fig in (cost, evidence):
        axes = [a for name, a in fig.layout.to_plotly_json().items() if name.startswith("xaxis")]
        assert axes and all(a.get("dtick") == 1 for a in axes)
    many = kplots.cost_curve_figure(list(range(40, 0, -1)), k_selected=10)
    assert many.layout.xaxis.dtick is None  # 40 K: plotly's own ticks (0, 10, 20, …) are whole and fewer


def test_how_sure_the_choice_is():

    assert kchoice.range_words(10, (9, 11))[0] == "narrow"
    assert kchoice.range_words(10, (7, 13))[0] == "moderate"
    assert kchoice.range_words(10, (3, 40))[0] == "wide"
    width, lines = kchoice.choice_summary(12, {"k_heldout": 12, "k_gap": 8, "k_interval": (8, 30)}, {})
    assert width == "wide" and any("K = 12" in s and "K = 8" in s for s in lines)
    assert kchoice.choice_summary(5, {}, {"costs_by_k": Signal([1.0], "k")}) == (None, [
        "K = 5 sits at the knee of the cost curve, where adding segments stops paying."])


def test_k_1_for_want_of_evidence_is_not_called_a_clear_choice():
    """best keeps a text whole when no larger K is clearly better: the gap statistic's one-standard-error rule stops
    at K = 1 when two segments gain no more than a standard error over the text in random order (Gap(1) = 0), and
    the held-out rule takes the fewest segments about as good as the best. That range (1, 1) read 'the choice is
    clear'; on a text of four paragraphs no K above 1 was even weighed (K up to a third of the units)."""
    weighed = {"gap": Signal([0.0], "k", x=[1]), "heldout_loglik": Signal([-80.0], "k", x=[1])}
    info = {"k_interval": (1, 1), "k_gap": 1, "k_heldout": 1}
    width, lines = kchoice.choice_summary(1, info, weighed)
    assert width == "fallback" and not any("clear" in s for s in lines)
    assert "no K above 1" in lines[0] and "no finding that the text is one piece" in lines[0]
    assert not any("both point to" in s for s in lines)  # they had no other K to point to
    # what was short is the paragraphs it cut between, by its rule of K up to a third of them: said, with the way out
    info = {**info, "paragraphs": 4, "units_per_k": 3}
    width, lines = kchoice.choice_summary(1, info, weighed, "12 sentences")
    assert width == "fallback" and "only between its 4 paragraphs" in lines[0], lines
    assert "one segment per 3 of them" in lines[0] and "too short" not in lines[0]
    assert "set K yourself" in lines[0] and "paragraphs = false" in lines[0] and "12 sentences" in lines[0]
    width, lines = kchoice.choice_summary(1, {**info, "paragraphs": None}, weighed, "5 sentences")
    assert "only between its 5 sentences" in lines[0] and "paragraphs = false" not in lines[0]
    longer = {"gap": Signal([0.0, -0.2, -0.5], "k", x=[1, 2, 3])}
    width, lines = kchoice.choice_summary(1, {**info, "k_interval": (1, 2)}, longer)
    assert width == "fallback" and lines[0].startswith("No K above 1 is clearly better") and "clear:" not in lines[0]
    # K = 2 of at most 2 weighed (a text of 8 sentences): not 'alone' nor 'clear' either
    width, lines = kchoice.choice_summary(2, {"k_interval": (2, 2), "k_gap": 2, "k_heldout": 2},
                                         {"gap": Signal([0.0, 0.4], "k", x=[1, 2])})
    assert width == "capped" and "no K above 2 was weighed" in lines[0] and "clear" not in lines[0]
    assert kchoice.choice_summary(2, {"k_interval": (2, 2)}, {"gap": Signal([0.0, 0.4, 0.1], "k", x=[1, 2, 3])})[
        1][0] == "The evidence supports K = 2 alone: the choice is clear."


def test_agreement_figure():

    fig = kplots.agreement_figure({"a": [5, 10, 20], "b": [6, 12, 20], "c": [5, 15, 20]}, 20, [10, 20], tolerance=1)
    agreed = next(t for t in fig.data if (t.name or "").startswith("most methods agree"))
    assert list(agreed.x) == [5, 11] and "K = 3" in agreed.name
    counts = next(t for t in fig.data if (t.name or "").startswith("methods with a boundary"))
    assert len(counts.y) == 21 and max(counts.y) == 3


def test_agreement_in_one_place_is_named_in_the_singular():
    fig = kplots.agreement_figure({"a": [5, 20], "b": [5, 20], "c": [12, 20]}, 20, tolerance=1)
    assert any(t.name == "most methods agree: 1 place, K = 2" for t in fig.data)


def test_a_cost_curve_shorter_than_the_k_axis_says_where_it_stops():
    """The cost is computed up to K = 40 while the supported range (or the automatic K) can reach further: the axis
    ran on to K = 97 past the curve's last point with nothing to say why."""
    costs = list(np.linspace(100.0, 60.0, 40))
    fig = kplots.k_curves_figure({}, 17, costs_by_k=costs, k_automatic=17, k_interval=(17, 97))
    notes = [a.text for a in fig.layout.annotations]
    assert any("up to K = 40" in t for t in notes), notes
    whole = kplots.k_curves_figure({}, 17, costs_by_k=costs, k_automatic=17, k_interval=(17, 30))
    assert not whole.layout.annotations


def test_the_cost_and_evidence_figures_share_one_k_axis():
    """Stacked on the page, the cost curve (to K = 40, its band to 97) and the evidence panels (to K = 150) put a K at
    one place: the K = 17 lines were at different heights of the two x axes."""
    costs = list(np.linspace(100.0, 60.0, 40))
    signals = {"gap": Signal(list(np.linspace(0.0, 1.0, 150)), "k")}
    cost = kplots.k_curves_figure({}, 17, costs_by_k=costs, k_automatic=17, k_interval=(17, 97))
    evidence = kplots.evidence_figure(signals, 17, k_automatic=17, k_interval=(17, 97))
    kplots.share_k_axis(cost, evidence, None)
    ranges = {tuple(ax.range) for fig in (cost, evidence) for ax in fig.select_xaxes()}
    assert ranges == {(0.5, 150.5)}


def test_gap_curves_carry_the_readable_label_given_where_the_signal_is_made():
    """The score profile's legend: each curve under the label its method gave it, never a raw signal name."""
    text = ("Volcanoes erupt lava and ash. Magma rises under the volcano. Lava cools into basalt rock. "
            "Bread needs flour and yeast. Dough rises in a warm oven. Bakers knead the bread dough. ") * 4
    from segcore import segment

    doc = Document([s.strip() for s in re.findall(r"[^.]+\.", text)])
    seen = {m: list(plots.gap_curves(segment(doc, m, k=4).signals, doc.n))
            for m in ("texttiling", "sentence-tiling", "simon")}
    assert all(names for names in seen.values()), seen
    for names in seen.values():
        assert all("_" not in n and " " in n for n in names), seen
    sig = {"raw_name": Signal([0.5, 0.2], "gap", label="what it measures")}
    assert list(plots.gap_curves(sig, 3)) == ["what it measures"]
    assert list(plots.gap_curves({"plain": Signal([0.5, 0.2], "gap")}, 3)) == ["plain"]


def test_evidence_per_k_is_named_where_each_signal_is_made():
    """The per-K evidence carries its own Signal.label, set by the method that makes it (as the gap curves'), and the
    evidence figure titles each panel by it: no table of names in kplots to keep in step with the methods."""
    text = [f"Volcanoes erupt lava and ash number {i}." for i in range(8)] + \
           [f"Bread dough rises with yeast in the oven {i}." for i in range(8)]
    doc = Document(text)
    best, prior = (segment(doc, method).signals for method in ("best", "ui"))
    labels = {name: s.label for name, s in {**best, **prior}.items() if name in ("heldout_loglik", "gap",
                                                                               "penalized_costs_by_k")}
    assert len(labels) == 3 and all(labels.values()), labels
    assert "held-out" in labels["heldout_loglik"] and "random order" in labels["gap"]
    assert not hasattr(kplots, "EVIDENCE")
    fig = kplots.evidence_figure({"gap": Signal([0.0, 0.5], "k", label="what segmenting gains"),
                                  "other": Signal([1.0, 2.0], "k")})
    assert [a.text for a in fig.layout.annotations] == ["what segmenting gains", "other"]


def test_a_y_title_in_one_k_figure_does_not_shift_its_k_axis():
    """The cost figure has a y-axis title and the evidence figure none; with plotly's automargin the title grew the
    cost figure's left margin in the browser, so K = 1 sat 11 px further right than in the evidence panels below.
    Shared: one left and right margin that the y axes' titles and labels do not widen, room for the title in it."""
    cost = kplots.k_curves_figure({}, 2, costs_by_k=[235.0, 196.0, 187.0, 180.0], k_automatic=1, k_interval=(1, 1))
    evidence = kplots.evidence_figure({"gap": Signal([0.0], "k", x=[1]), "heldout_loglik": Signal([-242.0], "k",
                                                                                                  x=[1])}, 2)
    kplots.share_k_axis(cost, evidence)
    assert cost.layout.yaxis.title.text and all(not ax.title.text for ax in evidence.select_yaxes())
    margins = {(f.layout.margin.l, f.layout.margin.r) for f in (cost, evidence)}
    assert len(margins) == 1 and next(iter(margins))[0] >= 60 + kplots.TITLE_ROOM
    assert all(ax.automargin is False for f in (cost, evidence) for ax in f.select_yaxes())
