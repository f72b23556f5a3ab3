"""Lexical published algorithms: TextTiling (Hearst 1997), Utiyama & Isahara (2001), Eisenstein & Barzilay (2008),
Simon et al. (2013)."""
import itertools
import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from segcore import Document, ParameterError, segment
from segcore.methods import get_method
from segcore.algorithms import simon as simon_mod
from segcore.algorithms.bayesseg import DCMScore, best_alpha, dcm_loglik, segment_counts
from segcore.algorithms.simon import Disruption, objective
from segcore.algorithms.texttiling import hearst_depth, local_minima, smooth
from segcore.algorithms.utiyama import UIScore, ui_score
from segcore.text import bags

DATA = Path(__file__).parent / "data"
WORDS = ("river bank water fish boat stream flood rain money loan credit interest market stock trade price "
         "court judge law trial jury verdict crime police game team score player coach season ball win").split()
METHODS = ("texttiling", "ui", "bayesseg", "simon")


def choi(name):
    segs, cur = [], []
    for line in (DATA / name).read_text().splitlines():
        if line.strip() == "==========":
            if cur:
                segs.append(cur)
            cur = []
        elif line.strip():
            cur.append(line.strip())
    if cur:
        segs.append(cur)
    return Document([s for seg in segs for s in seg], list(np.cumsum([len(s) for s in segs]).tolist()))


def check_partition(bounds, n, k=None):
    assert bounds[-1] == n
    assert all(1 <= b <= n for b in bounds)
    assert all(a < b for a, b in zip(bounds, bounds[1:]))
    if k is not None:
        assert len(bounds) == k


@st.composite
def documents(draw, max_n=24):
    n = draw(st.integers(1, max_n))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    topics = rng.integers(0, 3, size=n)
    sentences = []
    for t in topics:
        size = int(rng.integers(0, 7))
        pool = WORDS[10 * t:10 * t + 10] + ["the", "of"]
        sentences.append(" ".join(rng.choice(pool, size=size)) + ".")
    return Document(sentences)


def params_for(method, doc):
    if method == "texttiling":
        return {"unit": "sentences", "window": min(3, doc.n)}
    return {}


# ---- valid partitions on random input -------------------------------------------------------------------------

@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=documents(), data=st.data())
def test_valid_partition_on_random_input(method, doc, data):
    p = params_for(method, doc)
    check_partition(segment(doc, method, **p).boundaries, doc.n)
    k = data.draw(st.integers(1, doc.n))
    check_partition(segment(doc, method, k=k, **p).boundaries, doc.n, k)


@settings(max_examples=40, deadline=None)
@given(doc=documents(), w=st.integers(1, 6), data=st.data())
def test_texttiling_token_units_give_valid_partitions(doc, w, data):
    k = data.draw(st.integers(1, doc.n))
    for kk in (None, k):
        out = segment(doc, "texttiling", k=kk, unit="tokens", w=w, window=1)
        check_partition(out.boundaries, doc.n, kk)
        assert len(out.info["gap_boundaries"]) == len(out.signals["depth_scores"].values)
        assert all(1 <= b < max(doc.n, 2) for b in out.info["gap_boundaries"]) or doc.n == 1


@pytest.mark.parametrize("method", METHODS)
def test_choi_documents_segment_well_with_k_given(method):
    doc = choi("choi_1_0.ref")
    out = segment(doc, method, k=len(doc.reference))
    check_partition(out.boundaries, doc.n, len(doc.reference))
    hits = sum(any(abs(b - r) <= 1 for b in out.boundaries[:-1]) for r in doc.reference[:-1])
    assert hits >= (6 if method != "texttiling" else 4)


# ---- parameter errors -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("k", [0, -1, 7, 2.5])
def test_k_outside_1_to_n_is_a_parameter_error(method, k):
    doc = Document(["a river bank.", "fish in water.", "money loan.", "court judge.", "game team.", "ball win."])
    with pytest.raises(ParameterError, match="number of segments K"):
        segment(doc, method, k=k)


def test_texttiling_window_larger_than_the_text():
    doc = Document(["river bank water.", "fish boat stream.", "money loan credit."])
    with pytest.raises(ParameterError, match="window = 4 is larger than the text"):
        segment(doc, "texttiling", unit="sentences", window=4)
    # the parameters named as the other methods' messages name them, not 'lower window or w' (read as cut short)
    with pytest.raises(ParameterError, match=r"larger than the text \(1 pseudo-sentence of 20 words\); lower "
                                             r"'window' or 'w' \(words per pseudo-sentence\)$"):
        segment(doc, "texttiling", unit="tokens", w=20, window=2)   # 9 words: one pseudo-sentence
    with pytest.raises(ParameterError, match=r"window = 6 is larger than the text \(3 pseudo-sentences of 3 words\); "
                                             r"lower 'window' or 'w'"):
        segment(doc, "texttiling", unit="tokens", w=3, window=6)  # a window set by hand is checked
    # the default window (Hearst's 6) is a block of at most what the text has on each side: a short text is tiled
    seg = segment(doc, "texttiling", unit="tokens", w=3)
    assert seg.boundaries[-1] == doc.n and seg.info["window"] == 2
    with pytest.raises(ParameterError, match="'w'"):
        segment(doc, "texttiling", unit="tokens", w=0)
    with pytest.raises(ParameterError):
        segment(doc, "texttiling", unit="paragraphs")


def test_simon_impossible_lengths():
    doc = Document([f"{w} {w}." for w in WORDS[:10]])
    with pytest.raises(ParameterError, match="smaller than lmin"):
        segment(doc, "simon", lmin=4, lmax=2)
    with pytest.raises(ParameterError, match="lmin"):
        segment(doc, "simon", lmin=0)
    with pytest.raises(ParameterError, match="cannot cover"):
        segment(doc, "simon", k=2, lmax=3)
    with pytest.raises(ParameterError, match="cannot cover"):
        segment(doc, "simon", k=6, lmin=2)
    with pytest.raises(ParameterError, match="gamma"):
        segment(doc, "simon", gamma=-1)
    with pytest.raises(ParameterError, match="lam"):
        segment(doc, "ui", lam=-0.5)


def test_oc99_takes_no_penalty_its_ratio_score_cannot_use():
    """C99's density is no sum over segments: oc99 lists no `lam`, so lam=1 fails by name before any work (it
    passed the domain check and then failed in the splitter, naming 'c99')."""
    assert "lam" not in get_method("oc99").defaults() and "lam" in get_method("cvs").defaults()
    with pytest.raises(ParameterError, match="method 'oc99' has no parameter 'lam'"):
        segment(Document([f"{w} {w}." for w in WORDS[:10]]), "oc99", lam=1.0)


# ---- Utiyama & Isahara: brute force ------------------------------------------------------------------------------

def ui_cost_by_hand(words_per_element, bounds, lam):
    n = sum(len(w) for w in words_per_element)
    k = len({w for ws in words_per_element for w in ws})
    total, start = 0.0, 0
    for end in bounds:
        c = Counter(w for ws in words_per_element[start:end] for w in ws)
        ns = sum(c.values())
        total += sum(f * math.log((ns + k) / (f + 1)) for f in c.values())
        start = end
    return total + lam * len(bounds) * math.log(n)


def test_ui_matches_brute_force_on_a_tiny_example():
    doc = Document(["The river bank flooded.", "Fish swim in the river water.", "Boats on the river.",
                    "The bank raised its loan rate.", "Money and credit markets.", "A loan for the market."])
    words = bags(doc.elements, stopwords="choi", stem_words=True)
    every = [list(c) + [6] for r in range(6) for c in itertools.combinations(range(1, 6), r)]
    for lam in (1.0, 0.3):
        best = min(every, key=lambda b: (ui_cost_by_hand(words, b, lam), b))
        out = segment(doc, "ui", lam=lam)
        assert out.boundaries == best
        assert out.cost == pytest.approx(ui_cost_by_hand(words, best, lam))
    for k in range(1, 7):
        cands = [b for b in every if len(b) == k]
        best = min(cands, key=lambda b: (ui_cost_by_hand(words, b, 1.0), b))
        out = segment(doc, "ui", k=k)
        assert out.cost == pytest.approx(ui_cost_by_hand(words, best, 1.0))
        assert out.boundaries == best
        assert out.signals["costs_by_k"].values[-1] == pytest.approx(ui_cost_by_hand(words, best, 0.0))
    assert segment(doc, "ui", k=2).boundaries == [3, 6]


@settings(max_examples=30, deadline=None)
@given(doc=documents(max_n=12))
def test_ui_segment_costs_match_direct_counts_in_any_order(doc):
    score = ui_score(doc, {"stopwords": "choi", "stem": True})
    words = bags(doc.elements, stopwords="choi", stem_words=True)
    k = len({w for ws in words for w in ws})
    pairs = [(a, b) for b in range(1, doc.n + 1) for a in range(b)][::-1]  # out of order on purpose
    got = score.parts([a for a, _ in pairs], [b for _, b in pairs])[:, 0]
    for (a, b), g in zip(pairs, got):
        c = Counter(w for ws in words[a:b] for w in ws)
        ns = sum(c.values())
        assert g == pytest.approx(sum(f * math.log((ns + k) / (f + 1)) for f in c.values()), abs=1e-9)



@settings(max_examples=40, deadline=None)
@given(doc=documents(max_n=16), alpha=st.sampled_from([0.2, 1.0]), tau=st.sampled_from([0.0, 0.5]))
def test_filled_rows_equal_the_incremental_rows(doc, alpha, tau):
    """UIScore.fill (every row at once from the words' occurrence pairs) gives the rows the incremental updates
    give, for the UI and the DCM costs, from any start; parts() of any shape reads them, empty segments cost 0;
    table() is the filled triangle, and without fill() the same values row by row."""
    counts = ui_score(doc, {"stopwords": "choi", "stem": True}).counts
    for make in (UIScore, lambda: DCMScore(alpha, tau)):
        plain, filled = make().fit(counts), make().fit(counts).fill()
        for m in range(1, doc.n + 1):
            for start in (0, m // 2, m - 1):
                np.testing.assert_allclose(filled.row(m, start), plain.row(m, start), rtol=1e-12, atol=1e-9)
        lower = np.tril_indices(doc.n + 1, -1)
        np.testing.assert_allclose(filled.table()[lower], plain.table()[lower], rtol=1e-12, atol=1e-9)
        assert filled.table()[doc.n, 0] == filled.row(doc.n, 0)[0]
        starts = np.array([[0, doc.n], [doc.n // 2, 0]])
        ends = np.array([[doc.n, doc.n], [doc.n, 0]])  # two empty segments
        got = filled.parts(starts, ends)
        assert got.shape == (2, 2, 1) and got[0, 1, 0] == 0 == got[1, 1, 0]
        assert got[0, 0, 0] == pytest.approx(plain._one(0, doc.n), abs=1e-9)


def test_fill_leaves_long_texts_to_the_rows():
    """fill() does nothing past its size limits: the rows are then computed one by one as before."""
    from segcore.algorithms import utiyama
    doc = Document([f"word{i % 7} other{i % 3} thing." for i in range(utiyama.FILL_LIMIT + 1)])
    score = ui_score(doc, {"stopwords": "choi", "stem": True}).fill()
    assert not score._cache and score._full is None
    assert score.row(5, 0) == pytest.approx(UIScore().fit(score.counts).row(5, 0))

# ---- Eisenstein & Barzilay: the DCM likelihood, its prior, exactness -------------------------------------------------

def dcm_by_hand(counter, prior):
    """ln p(X | a) of one segment's word counts, written out with lgamma; `prior` maps each word of the document to
    a_w (a text without words: 0)."""
    n, mass = sum(counter.values()), sum(prior.values()) or 1.0
    return (math.lgamma(mass) - math.lgamma(n + mass)
            + sum(math.lgamma(f + prior[w]) - math.lgamma(prior[w]) for w, f in counter.items()))


def prior(words, alpha, tau=0.0):
    """bayesseg's prior by hand: a_w = α V p_w^tau / Σ_u p_u^tau."""
    total = Counter(w for ws in words for w in ws)
    shape = {w: f ** tau for w, f in total.items()}
    return {w: alpha * len(total) * x / sum(shape.values()) for w, x in shape.items()}


@settings(max_examples=30, deadline=None)
@given(doc=documents(max_n=12), alpha=st.sampled_from([0.01, 0.2, 1.0, 7.5]), tau=st.sampled_from([0.0, 0.5, 1.0]))
def test_dcm_segment_costs_match_the_formula_in_any_order(doc, alpha, tau):
    counts = ui_score(doc, {"stopwords": "choi", "stem": True}).counts
    score = DCMScore(alpha, tau).fit(counts)
    words = bags(doc.elements, stopwords="choi", stem_words=True)
    a = prior(words, alpha, tau)
    pairs = [(a_, b) for b in range(1, doc.n + 1) for a_ in range(b)][::-1]
    got = score.parts([x for x, _ in pairs], [b for _, b in pairs])[:, 0]
    for (x, b), g in zip(pairs, got):
        assert g == pytest.approx(-dcm_by_hand(Counter(w for ws in words[x:b] for w in ws), a), abs=1e-8)
    rows = [score.row(m, 0) for m in range(1, doc.n + 1)]  # the incremental rows agree with the segments one by one
    for m, row in enumerate(rows, 1):
        assert row == pytest.approx(score.parts(np.arange(m), np.full(m, m))[:, 0], abs=1e-8)


def test_bayesseg_matches_brute_force_and_its_prior_is_the_likelihood_maximum():
    doc = Document(["The river bank flooded.", "Fish swim in the river water.", "Boats on the river.",
                    "The bank raised its loan rate.", "Money and credit markets.", "A loan for the market."])
    words = bags(doc.elements, stopwords="choi", stem_words=True)
    vocab = len({w for ws in words for w in ws})
    every = [list(c) + [6] for r in range(6) for c in itertools.combinations(range(1, 6), r)]

    def loglik(b, alpha):
        a = prior(words, alpha)
        return sum(dcm_by_hand(Counter(w for ws in words[s:e] for w in ws), a) for s, e in zip([0] + b, b))

    for k in range(1, 7):
        top = max((b for b in every if len(b) == k), key=lambda b: (loglik(b, 0.5), [-x for x in b]))
        out = segment(doc, "bayesseg", k=k, alpha=0.5)
        assert out.cost == pytest.approx(-loglik(top, 0.5))
        assert loglik(out.boundaries, 0.5) == pytest.approx(loglik(top, 0.5))
    assert segment(doc, "bayesseg", k=2, alpha=0.5).boundaries == [3, 6]
    counts = ui_score(doc, {"stopwords": "choi", "stem": True}).counts
    seg, ones = segment_counts(counts, [3, 6]), np.ones(vocab)
    a = best_alpha(counts, [3, 6])
    assert dcm_loglik(seg, a * ones) == pytest.approx(loglik([3, 6], a))
    assert all(dcm_loglik(seg, a * ones) >= dcm_loglik(seg, x * ones) - 1e-4 for x in np.geomspace(1e-3, 10, 60))


def test_bayesseg_estimates_its_prior_on_the_document():
    doc = choi("choi_1_0.ref")
    out = segment(doc, "bayesseg", k=len(doc.reference))
    rounds = out.info["alpha_rounds"]
    assert rounds[0] == 1.0 and len(rounds) >= 2          # started at 1 and moved
    assert 1e-3 <= out.info["alpha"] <= 10
    fixed = segment(doc, "bayesseg", k=len(doc.reference), alpha=out.info["alpha"])
    assert fixed.boundaries == out.boundaries             # the estimate is a fixed point of segmenting
    with pytest.raises(ParameterError, match="alpha"):
        segment(doc, "bayesseg", alpha=-1)


# ---- Simon et al.: gamma = 0 is ui; exactness ---------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(doc=documents(), data=st.data())
def test_simon_with_gamma_zero_is_ui(doc, data):
    assert segment(doc, "simon", gamma=0).boundaries == segment(doc, "ui").boundaries
    lam = data.draw(st.sampled_from([0.0, 0.5, 2.0]))
    assert segment(doc, "simon", gamma=0, lam=lam).boundaries == segment(doc, "ui", lam=lam).boundaries
    k = data.draw(st.integers(1, doc.n))
    s, u = segment(doc, "simon", k=k, gamma=0), segment(doc, "ui", k=k)
    assert s.boundaries == u.boundaries
    assert s.cost == pytest.approx(u.cost)


@pytest.mark.parametrize("name", ["choi_1_0.ref", "choi_3_48.ref"])
def test_simon_with_gamma_zero_is_ui_on_choi(name):
    doc = choi(name)
    assert segment(doc, "simon", gamma=0).boundaries == segment(doc, "ui").boundaries
    k = len(doc.reference)
    assert segment(doc, "simon", gamma=0, k=k).boundaries == segment(doc, "ui", k=k).boundaries


@settings(max_examples=25, deadline=None)
@given(doc=documents(max_n=8), gamma=st.sampled_from([0.3, 1.0, 5.0]), lmin=st.integers(1, 2), data=st.data())
def test_simon_lattice_is_exact(doc, gamma, lmin, data):
    n = doc.n
    if lmin > n:
        return
    lmax = data.draw(st.integers(max(lmin, 1), n))
    score = ui_score(doc, {"stopwords": "choi", "stem": True})
    dis = Disruption(simon_mod.tfidf(score.counts), score.n)
    pen = score.penalty_unit
    best = {}
    for r in range(n):
        for cut in itertools.combinations(range(1, n), r):
            b = list(cut) + [n]
            lens = np.diff([0] + b)
            if lens.min() < lmin or lens.max() > lmax:
                continue
            data_cost, disr = objective(score, dis, gamma, b)
            v = data_cost + gamma * disr
            best[len(b)] = min(best.get(len(b), np.inf), v)
    if not best:
        return
    auto = min(v + pen * k for k, v in best.items())
    assert segment(doc, "simon", gamma=gamma, lmin=lmin, lmax=lmax).cost == pytest.approx(auto, abs=1e-7)
    for k, v in best.items():
        out = segment(doc, "simon", k=k, gamma=gamma, lmin=lmin, lmax=lmax)
        check_partition(out.boundaries, n, k)
        assert out.cost == pytest.approx(v + pen * k, abs=1e-7)


def test_simon_lagrangian_search_returns_k_segments(monkeypatch):
    doc = choi("choi_3_48.ref")
    k = len(doc.reference)
    exact = segment(doc, "simon", k=k, gamma=2.0)
    monkeypatch.setattr(simon_mod, "EXACT_BUDGET", 0)
    approx = segment(doc, "simon", k=k, gamma=2.0)
    check_partition(approx.boundaries, doc.n, k)
    assert approx.info["decoder"] == "lagrangian"
    assert approx.cost >= exact.cost - 1e-6
    if approx.info["exact"]:
        assert approx.cost == pytest.approx(exact.cost)


def test_simon_lattice_rows_are_the_disruption_and_kept_for_the_next_pass():
    doc = choi("choi_3_48.ref")
    score = ui_score(doc, {"stopwords": "choi", "stem": True})
    lmax = 12
    dis = Disruption(simon_mod.tfidf(score.counts), 2 * lmax).prepare(lmax)
    lp = np.arange(lmax, 0, -1)
    for m in (15, 40, score.n):
        l = m - np.arange(1, lmax + 1)
        l = l[l >= 1]
        row = dis.lattice_row(m, l, lp)
        a = np.maximum(l[:, None] - lp[None, :], 0)
        np.testing.assert_allclose(row, dis(a, np.broadcast_to(l[:, None], a.shape), np.full(a.shape, m)),
                                   rtol=1e-12)
        assert dis.lattice_row(m, l, lp) is row  # the next pass reads it
    assert sum(r.size for r in dis.kept.values()) > 0


def test_simon_disruption_penalises_similar_neighbours():
    doc = Document(["river bank water", "river bank water", "money loan credit", "money loan credit"])
    score = ui_score(doc, {"stopwords": "choi", "stem": True})
    dis = Disruption(simon_mod.tfidf(score.counts), score.n)
    assert dis(np.array(0), np.array(2), np.array(4)) == pytest.approx(1.0)     # orthogonal halves: Δ = 1
    assert dis(np.array(0), np.array(1), np.array(2)) > 1e5                     # identical neighbours
    out = segment(doc, "simon", gamma=1.0, k=2)
    assert out.boundaries == [2, 4]


# ---- TextTiling ---------------------------------------------------------------------------------------------------

def two_topics(n_each=12, seed=0):
    rng = np.random.default_rng(seed)
    a = [" ".join(rng.choice(WORDS[:10], size=8)) + "." for _ in range(n_each)]
    b = [" ".join(rng.choice(WORDS[10:20], size=8)) + "." for _ in range(n_each)]
    return Document(a + b)


@pytest.mark.parametrize("unit,extra", [("sentences", {}), ("tokens", {"w": 8, "window": 3})])
def test_texttiling_finds_the_topic_change(unit, extra):
    doc = two_topics()
    assert segment(doc, "texttiling", k=2, unit=unit, **extra).boundaries == [12, 24]
    auto = segment(doc, "texttiling", unit=unit, **extra)
    assert 12 in auto.boundaries
    depth = auto.signals["depth_scores"]
    assert depth.axis == "gap"
    deepest = int(np.argmax(depth.values))
    assert auto.info["gap_boundaries"][deepest] == 12
    assert depth.threshold < max(depth.values)
    assert len(auto.signals["gap_scores"].values) == len(auto.signals["smoothed_scores"].values) == len(depth.x)


def test_depth_scores_climb_to_the_peaks():
    s = np.array([0.5, 0.8, 0.3, 0.3, 0.6, 0.9, 0.2, 0.4])
    d = hearst_depth(s)
    assert d[2] == pytest.approx((0.8 - 0.3) + (0.9 - 0.3))
    assert d[3] == pytest.approx((0.8 - 0.3) + (0.9 - 0.3))  # plateau: climbing passes equal values
    assert d[6] == pytest.approx((0.9 - 0.2) + (0.4 - 0.2))
    assert d[1] == 0 and d[5] == 0
    assert local_minima(s).tolist() == [True, False, True, True, False, False, True, False]


def test_smoothing_is_a_moving_average():
    s = np.array([0.0, 3.0, 0.0, 3.0])
    assert smooth(s, 3, 1).tolist() == pytest.approx([1.5, 1.0, 2.0, 1.5])
    assert smooth(s, 1, 5).tolist() == s.tolist()
    assert smooth(s, 3, 0).tolist() == s.tolist()


def test_texttiling_works_without_paragraph_breaks_on_short_text():
    doc = Document(["One short line about rivers.", "Another about money."])
    out = segment(doc, "texttiling", unit="sentences", window=1)
    check_partition(out.boundaries, 2)
    assert segment(doc, "texttiling", unit="sentences", window=1, k=2).boundaries == [1, 2]
