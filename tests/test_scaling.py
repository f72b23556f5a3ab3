"""The engine's work grows with the document, not its square: banded DP, the coarse grid with window refinement,
banded matrices (C99's rank matrix, block sums, Gram), banded Utiyama–Isahara rows and the incremental greedy.
Where the band cannot matter the answers are the full DP's, tested here against it."""
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings, strategies as st

from segcore import Document, segment
from segcore.algorithms.c99 import C99Score
from segcore.algorithms.utiyama import UIScore
from segcore.representations import band_of, cosine_band, dense_of, gram_band, rank_band, rank_transform
from segcore.scores import BandSums, CVSScore, EuclideanScore
from segcore.splitters import band, dp, dp_table, greedy, penalized_dp, plan, windows


def planted(n_topics=6, per=8, dim=30, seed=0, noise=0.3):
    """Element vectors drawn around one centre per topic, topics in runs of `per` elements."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(n_topics, dim))
    x = np.repeat(centres, per, axis=0) + noise * rng.normal(size=(n_topics * per, dim))
    return x, list(range(per, n_topics * per + 1, per))


def full_dp(score, k):
    table = dp_table(score, k)  # every segmentation: no band, grid step 1
    return table.boundaries(k), table.cost(k)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 40), seed=st.integers(0, 10**6), data=st.data())
def test_banded_dp_equals_full_dp_when_the_band_holds_the_optimum(n, seed, data):
    x = np.random.default_rng(seed).normal(size=(n, 4))
    for score in (CVSScore().fit(x), EuclideanScore().fit(x)):
        k = data.draw(st.integers(1, n))
        bounds, cost = full_dp(score, k)
        longest = int(np.diff([0, *bounds]).max())
        band = dp_table(score, k, max_len=longest)
        assert band.cost(k) == pytest.approx(cost) and band.boundaries(k) == bounds
        assert dp_table(score, k, max_len=max(1, longest - 1)).cost(k) >= cost - 1e-9  # a narrower band: never better


def test_grid_then_windows_finds_the_planted_optimum_and_never_beats_the_full_dp():
    x, truth = planted(n_topics=8, per=9)
    score = CVSScore().fit(x)
    bounds, cost = full_dp(score, 8)
    assert bounds == truth
    coarse = dp_table(score, 8, step=4)
    assert set(coarse.positions[1:-1]) <= set(range(4, 72, 4))
    coarse_bounds = coarse.boundaries(8)
    refined = windows(score, coarse_bounds, 3)
    assert refined == truth                                    # ±3 around each grid boundary holds the truth
    assert score.total(refined) <= score.total(coarse_bounds) + 1e-9
    assert score.total(refined) >= cost - 1e-9


def test_plan_is_exact_on_short_texts_and_coarsens_long_ones():
    assert plan(70, 10) == (70, 1)                      # a Choi document: every segmentation
    assert plan(2064, 290, k=290) == (500, 1)           # 29 Choi documents: a band, still every position
    length, step = plan(20000, 40, k=40)                # a paper at word level
    assert length == 2500 and step > 1
    with pytest.raises(Exception, match="cannot cover"):
        plan(1000, 2, max_len=100, k=2)


def is_greedy(score, bounds) -> bool:
    """Whether `bounds` (in the order they were inserted) is a greedy sequence: each boundary's total key is the
    smallest of all candidates at its step, within rounding (mathematical ties may go either way)."""
    n = score.n
    cuts = [0, n]
    for c in bounds:
        cand = np.setdiff1d(np.arange(1, n), cuts)
        seg = np.searchsorted(cuts, cand)
        a, b = np.asarray(cuts)[seg - 1], np.asarray(cuts)[seg]
        inside = np.asarray(cuts)
        total = score.parts(inside[:-1], inside[1:]).sum(axis=0)
        keys = score.key(total - score.parts(a, b) + score.parts(a, cand) + score.parts(cand, b))
        if keys[list(cand).index(c)] > keys.min() + 1e-9 * max(1.0, abs(keys.min())):
            return False
        cuts = sorted(cuts + [c])
    return True


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 30), seed=st.integers(0, 10**6), data=st.data())
def test_incremental_greedy_takes_the_best_boundary_at_every_step(n, seed, data):
    x = np.abs(np.random.default_rng(seed).normal(size=(n, 5)))
    k = data.draw(st.integers(1, n))
    for score in (CVSScore().fit(x), C99Score(rank=3).fit(x)):
        runs = [set(greedy(score, j).boundaries) for j in range(1, k + 1)]
        assert all(len(r) == j + 1 and n in r for j, r in enumerate(runs))
        assert all(a < b for a, b in zip(runs, runs[1:]))  # greedy is nested: K + 1 adds one boundary to K's
        assert is_greedy(score, [next(iter(b - a)) for a, b in zip(runs, runs[1:])])


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 30), width=st.integers(0, 35), rank=st.integers(1, 7), seed=st.integers(0, 10**6))
def test_band_matrices_equal_the_dense_ones_on_the_band(n, width, rank, seed):
    x = np.random.default_rng(seed).random((n, 5))
    x[x < 0.4] = 0
    u = x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-300)
    cos = u @ u.T
    assert np.allclose(cosine_band(sp.csr_matrix(x), n - 1), band_of(cos, n - 1))
    assert np.allclose(gram_band(x, n), band_of(x @ x.T, n - 1)[:, :n])
    full = rank_transform(cos, rank)
    w = min(width, n - 1)
    h = (rank - 1) // 2
    assert np.array_equal(rank_band(band_of(cos, min(n - 1, w + 2 * h)), rank, w), band_of(full, w))
    sums = BandSums(band_of(full, w))
    near = dense_of(band_of(full, w))
    i, j = np.triu_indices(n + 1)
    assert np.allclose(sums(i, j), [near[a:b, a:b].sum() for a, b in zip(i, j)])


def test_ui_rows_in_a_window_equal_the_full_rows():
    rng = np.random.default_rng(3)
    counts = sp.csr_matrix(rng.poisson(0.4, size=(60, 25)))
    full = UIScore().fit(counts)
    banded = UIScore().fit(counts)
    for m in range(1, 61):  # a DP's order: ends rising, window starts rising
        start = max(0, m - 9)
        assert np.allclose(banded.row(m, start), full.row(m)[start:])
    assert np.allclose(banded.row(30, 0), full.row(30))  # an earlier row: recomputed, same values


def test_penalized_dp_on_a_grid_keeps_the_planted_segments():
    x, truth = planted(n_topics=5, per=12, seed=2)
    score = CVSScore().fit(x)
    exact = penalized_dp(score, 5.0)
    assert exact.boundaries == truth
    from segcore import splitters
    old = splitters.CELLS
    try:
        splitters.CELLS = 2_000  # forces a grid of step > 1 on this small text
        assert plan(score.n, 1)[1] > 1
        assert penalized_dp(score, 5.0).boundaries == truth
    finally:
        splitters.CELLS = old


def test_long_planted_text_every_method_finds_the_topics():
    words = {t: [f"w{t}_{i}" for i in range(30)] for t in range(6)}
    rng = np.random.default_rng(0)
    elements, ref = [], []
    for t in range(6):
        for _ in range(120):
            elements.append(" ".join(rng.choice(words[t], 8)) + ".")
        ref.append(len(elements))
    doc = Document(elements, ref)
    for method in ("ui", "oc99", "c99", "simon"):
        seg = segment(doc, method, k=6)
        assert seg.boundaries == ref, method
    assert dp(CVSScore().fit(np.eye(3)), 3).boundaries == [1, 2, 3]


def test_costs_by_k_are_each_ks_own_optimum_or_none():
    # a table built for K over K's band: a lower K whose own band is longer gets None, not an upper bound
    x = np.random.default_rng(5).normal(size=(1200, 4))
    score = CVSScore().fit(x)
    k = 12
    costs = dp(score, k).costs_by_k
    assert plan(1200, k, k=k) == (500, 1)
    for j in range(1, k + 1):
        if band(1200, j) > band(1200, k):
            assert costs[j - 1] is None
        else:
            assert costs[j - 1] == pytest.approx(dp(score, j).cost)
    assert any(c is None for c in costs) and costs[-1] is not None
