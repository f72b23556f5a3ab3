"""Engine: scores, splitters, representations, metrics, methods — unit and property tests."""
import itertools
import unicodedata

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from nltk.metrics.segmentation import pk as nltk_pk, windowdiff as nltk_wd

from segcore import Document, InputError, ParameterError, METHODS, segment
from segcore.metrics import boundary_prf, coincidence, pk, windowdiff
from segcore.representations import dense_of, rank_transform
from segcore.algorithms.c99 import C99Score
from segcore.scores import SCORES, CVSScore, Dense, EuclideanScore, ResultantScore, WeightedSum
from segcore.splitters import auto_table, dp, greedy, penalized_dp, refine, tabulated_costs

WORDS = ("river bank water fish boat stream flood rain money loan credit interest market stock trade price "
         "court judge law trial jury verdict crime police game team score player coach season ball win").split()


def random_doc(draw_ints, n):
    rng = np.random.default_rng(draw_ints)
    topic = np.repeat(np.arange(3), int(np.ceil(n / 3)))[:n]
    return Document([" ".join(rng.choice(WORDS[10 * t:10 * t + 10], size=6)) + "." for t in topic])


def all_segmentations(n, k):
    for cut in itertools.combinations(range(1, n), k - 1):
        yield list(cut) + [n]


@pytest.mark.parametrize("name", sorted(SCORES))
def test_dp_is_exact_for_additive_scores_and_matches_its_reported_cost(name):
    x = np.random.default_rng(3).normal(size=(10, 4))
    score = SCORES[name]().fit(x)
    for k in range(1, 5):
        result = dp(score, k)
        assert abs(score.total(result.boundaries) - result.cost) < 1e-9
        if score.additive:
            best = [min(score.total(s) for s in all_segmentations(10, j)) for j in range(1, k + 1)]
            assert result.cost == pytest.approx(best[-1])
            assert result.costs_by_k == pytest.approx(best)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 40), st.integers(0, 10_000), st.sampled_from(["cvs", "euclidean"]))
def test_dp_le_refine_le_greedy(n, seed, name):
    x = np.random.default_rng(seed).normal(size=(n, 5))
    score = SCORES[name]().fit(x)
    k = 1 + seed % n
    g, r, d = greedy(score, k), refine(score, k), dp(score, k)
    for s in (g, r, d):
        assert s.boundaries[-1] == n and len(s.boundaries) == k
        assert all(a < b for a, b in zip(s.boundaries, s.boundaries[1:]))
    assert d.cost <= r.cost + 1e-9 <= g.cost + 2e-9
    assert r.converged in (True, False)


def test_prefix_sum_scores_match_direct_formulas():
    x = np.random.default_rng(0).normal(size=(9, 6))
    i, j = 2, 7
    seg = x[i:j]
    assert EuclideanScore().fit(x).error(i, j) == pytest.approx(((seg - seg.mean(0)) ** 2).sum())
    assert CVSScore().fit(x).error(i, j) == pytest.approx(-np.abs(seg.sum(0)).sum() / np.sqrt(6))
    resultant = ResultantScore().fit(x)
    assert resultant.error(i, j) == pytest.approx(-np.linalg.norm(seg.sum(0)))
    np.testing.assert_allclose(resultant.row_parts(j)[:, 0], [-np.linalg.norm(x[a:j].sum(0)) for a in range(j)])
    np.testing.assert_allclose(resultant.row_parts(j, [1, 4])[:, 0], resultant.row_parts(j)[[1, 4], 0])
    c = C99Score(rank=3).fit(np.abs(x))
    ranked = dense_of(c.ranked)  # the band of the whole matrix: its block sums are the dense ones
    assert c.parts(np.array(i), np.array(j))[0] == pytest.approx(ranked[i:j, i:j].sum())
    narrow = C99Score(rank=3, width=2).fit(np.abs(x))  # cells farther than 2 from the diagonal count as 0
    near = np.abs(np.subtract.outer(np.arange(9), np.arange(9))) <= 2
    assert narrow.parts(np.array(i), np.array(j))[0] == pytest.approx((ranked * near)[i:j, i:j].sum())


def test_rank_transform_matches_choi_loops():
    rng = np.random.default_rng(1)
    a = rng.random((15, 15))
    a = (a + a.T) / 2
    for r in (3, 4, 11):
        d = (r - 1) // 2
        want = np.zeros_like(a)
        for i in range(15):
            for j in range(15):
                block = a[max(i - d, 0):i + d + 1, max(j - d, 0):j + d + 1]
                want[i, j] = (a[i, j] > block).sum() / (block.size - 1)
        np.testing.assert_allclose(rank_transform(a, r), want)


def test_rank_transform_ties_do_not_depend_on_rounding():
    # cosines equal in exact arithmetic (the diagonal's 1s, repeated sentences) come out of different summation orders
    # a few ulps apart; Choi's "smaller value" must not count those as smaller
    rng = np.random.default_rng(3)
    a = np.round(rng.random((20, 20)), 1)  # many exact ties
    a = np.triu(a) + np.triu(a, 1).T
    np.fill_diagonal(a, 1.0)
    noise = rng.uniform(-4e-16, 4e-16, a.shape)
    noisy = a + np.triu(noise) + np.triu(noise, 1).T
    assert not np.array_equal(noisy, a)
    for r in (3, 11):
        np.testing.assert_array_equal(rank_transform(noisy, r), rank_transform(a, r))


def test_penalized_dp_is_exact_and_needs_an_additive_score():
    x = np.random.default_rng(2).normal(size=(9, 3))
    score = CVSScore().fit(x)
    pen = 0.3
    res = penalized_dp(score, pen)
    best = min(score.total(s) + pen * k for k in range(1, 10) for s in all_segmentations(9, k))
    assert res.cost + pen * len(res.boundaries) == pytest.approx(best)
    with pytest.raises(ParameterError):
        penalized_dp(C99Score().fit(np.abs(x)), pen)


def _marks(b, n):
    s = ["0"] * n
    for x in b[:-1]:
        s[x - 1] = "1"
    return "".join(s)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_pk_and_windowdiff_equal_nltk(data):
    n = data.draw(st.integers(2, 80))
    seg = st.sets(st.integers(1, n - 1), max_size=n - 1).map(lambda s: sorted(s) + [n])
    ref, hyp = data.draw(seg), data.draw(seg)
    k = data.draw(st.integers(1, n))
    assert pk(ref, hyp, k) == pytest.approx(nltk_pk(_marks(ref, n), _marks(hyp, n), k))
    assert windowdiff(ref, hyp, k) == pytest.approx(nltk_wd(_marks(ref, n), _marks(hyp, n), k))
    for value in (pk(ref, hyp), windowdiff(ref, hyp), *boundary_prf(ref, hyp)):
        assert 0.0 <= value <= 1.0
    assert pk(ref, ref) == 0.0 and windowdiff(ref, ref) == 0.0 and boundary_prf(ref, ref)[2] == 1.0


def test_boundary_f1_tolerance():
    ref, hyp = [5, 10, 20], [6, 14, 20]
    assert boundary_prf(ref, hyp, 0) == (0.0, 0.0, 0.0)
    p, r, f = boundary_prf(ref, hyp, 1)
    assert (p, r) == (0.5, 0.5)
    assert boundary_prf(ref, hyp, 4)[2] == 1.0


def test_metrics_refuse_a_fractional_window_and_segmentations_of_other_lengths():
    """k = 2.7 was truncated to 2, and boundary F1 scored a hypothesis over 6 elements against a reference over 5
    as perfect; a fractional tolerance went through (coincidence: a TypeError)."""
    for call in (lambda: pk([3, 5], [2, 5], 2.7), lambda: windowdiff([3, 5], [2, 5], "2"),
                 lambda: boundary_prf([3, 5], [3, 5], 1.5), lambda: coincidence({"a": [3, 5]}, 5, 0.5)):
        with pytest.raises(ParameterError, match="must be a whole number"):
            call()
    with pytest.raises(InputError, match="must end at the number of elements \\(5\\), got 6"):
        boundary_prf([3, 5], [3, 6])  # the metrics do not know the level: not 'sentences' for words
    assert pk([3, 5], [2, 5], 2.0) == pk([3, 5], [2, 5], 2)


@settings(max_examples=15, deadline=None)
@given(st.integers(4, 30), st.integers(0, 1000), st.data())
def test_every_method_returns_a_valid_partition(n, seed, data):
    doc = random_doc(seed, n)
    for name, method in METHODS.items():
        if name == "lda":
            continue  # needs a reference corpus: tested in its own module
        k = data.draw(st.one_of(st.none(), st.integers(1, n)), label=name)
        try:
            seg = segment(doc, name, k)
        except ParameterError as exc:  # a method may refuse parameters impossible for this text; say so clearly
            assert str(exc)
            continue
        b = seg.boundaries
        assert b[-1] == n and all(x < y for x, y in zip([0] + b, b)), (name, b)
        if k is not None:
            assert len(b) == k, name


def test_cvs_finds_planted_topics():
    doc = random_doc(7, 30)
    assert segment(doc, "cvs", 3).boundaries == [10, 20, 30]
    assert segment(doc, "c99", 3).boundaries == [10, 20, 30]


def test_cut_reports_boundaries_in_original_indices():
    elements = ["river bank water fish boat stream"] * 4 + ["the"] + ["court judge law trial jury verdict"] * 4
    seg = segment(Document(elements), "cvs", 2, cut=1)
    assert seg.boundaries in ([4, 9], [5, 9])
    assert seg.n_elements == 9


@pytest.mark.parametrize("k", [0, -1, 31, 2.5])
def test_impossible_k_is_a_parameter_error(k):
    with pytest.raises(ParameterError, match="number of segments"):
        segment(random_doc(0, 30), "cvs", k)


def test_bad_inputs_give_typed_errors():
    with pytest.raises(InputError):
        Document([])
    with pytest.raises(InputError, match="vocabulary"):
        segment(Document(["zzqxj qqxzv.", "vvqzx xqzzj."]), "cvs", 2)
    with pytest.raises(ParameterError, match="unknown method"):
        segment(random_doc(0, 9), "nope", 2)
    with pytest.raises(ParameterError, match="no parameter"):
        segment(random_doc(0, 9), "cvs", 2, gamma_typo=1)
    with pytest.raises(ParameterError, match="one of"):
        segment(random_doc(0, 9), "cvs", 2, split="best")
    with pytest.raises(InputError, match="reference"):
        Document(["a", "b"], reference=[1, 3])


def test_params_parse_strings_like_the_cli():
    seg = segment(random_doc(1, 12), "oc99", 3, stem="false", rank="5", split="refine")
    assert seg.params["stem"] is False and seg.params["rank"] == 5 and seg.converged in (True, False)


def test_automatic_k_rules_for_framework_methods():
    doc = random_doc(5, 30)
    assert segment(doc, "cvs", None, length=10).k == 3
    auto = segment(doc, "cvs", None)
    assert 1 <= auto.k <= 30 and auto.signals["costs_by_k"].values
    pen = segment(doc, "cvs", None, lam=0.5)
    assert pen.boundaries[-1] == 30
    for name in ("cvs", "euclidean"):  # two rules for K at once: refused before any work, naming both
        with pytest.raises(ParameterError, match="lam and length"):
            segment(doc, name, None, lam=0.5, length=10)


@pytest.mark.parametrize("name", ["cvs", "euclidean", "oc99", "best"])
@pytest.mark.parametrize("n,max_len", [(2, 1), (3, 1), (7, 2), (60, 1)])
def test_automatic_k_keeps_to_the_k_that_fit_max_len(name, n, max_len):
    seg = segment(random_doc(2, n), name, None, max_len=max_len)
    lengths = np.diff([0] + seg.boundaries)
    assert lengths.max() <= max_len and seg.k >= -(-n // max_len)


def _toy_vectors(seed):
    from segcore.vectors import WordVectors
    rng = np.random.default_rng(seed)
    return WordVectors(rng.normal(size=(len(WORDS), 5)) + rng.normal(size=5) * 3, list(WORDS))


def test_whitening_map_whitens_the_zipf_weighted_vocabulary(monkeypatch):
    from segcore import vectors
    kv = _toy_vectors(1)
    monkeypatch.setattr(vectors, "load_vectors", lambda source: kv)
    vectors.whitening.cache_clear()
    try:
        t = vectors.whitening("toy")
    finally:
        vectors.whitening.cache_clear()
    w = 1.0 / np.arange(1, len(WORDS) + 1)
    w /= w.sum()
    g = kv.vectors - w @ kv.vectors
    assert np.allclose(t.T @ ((g.T * w) @ g) @ t, np.eye(5), atol=1e-8)


def test_whitening_map_of_unit_directions_leaves_the_vectors_as_they_were(monkeypatch):
    from segcore import vectors
    kv = _toy_vectors(2)
    kv.vectors = kv.vectors.astype(np.float64)  # float64 vectors: a block of them is a view, not a copy
    before = kv.vectors.copy()
    monkeypatch.setattr(vectors, "load_vectors", lambda source: kv)
    vectors.whitening.cache_clear()
    try:
        t = vectors.whitening("toy", normalize=True)
    finally:
        vectors.whitening.cache_clear()
    assert np.array_equal(kv.vectors, before)
    w = 1.0 / np.arange(1, len(WORDS) + 1)
    w /= w.sum()
    u = before / np.linalg.norm(before, axis=1, keepdims=True)
    g = u - w @ u
    assert np.allclose(t.T @ ((g.T * w) @ g) @ t, np.eye(5), atol=1e-8)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(6, 30))
def test_whitened_element_vectors_ignore_a_shift_shared_by_every_word(seed, n):
    from segcore.representations import term_matrix, vector_matrix
    kv = _toy_vectors(seed)
    shifted = _toy_vectors(seed)
    shifted.vectors = shifted.vectors + np.random.default_rng(seed + 1).normal(size=5) * 10
    bags = [d.split() for d in random_doc(seed, n).elements]
    tf, vocab = term_matrix(bags)
    t = np.random.default_rng(seed + 2).normal(size=(5, 5))
    a = vector_matrix(tf, vocab, kv, whiten=t)
    b = vector_matrix(tf, vocab, shifted, whiten=t)
    assert np.allclose(a, b, atol=1e-7)
    assert np.allclose(a.sum(axis=0), 0, atol=1e-7)  # centred on the text's mean word
    unit = vector_matrix(tf, vocab, kv, whiten=t, unit=True)  # each word its whitened direction
    known = np.array([w in kv.key_to_index for w in sorted(vocab, key=vocab.get)])  # 'river.' has no vector
    table = np.array([kv.vectors[kv.key_to_index[w]] if w in kv.key_to_index else np.zeros(5)
                      for w in sorted(vocab, key=vocab.get)])
    counts = np.asarray(tf.sum(axis=0)).ravel() * known
    directions = (table - counts @ table / counts.sum()) @ t
    directions = known[:, None] * directions / np.linalg.norm(directions, axis=1, keepdims=True)
    assert np.allclose(unit, tf @ directions, atol=1e-7)


def test_zipf_idf_grows_with_rank_and_ignores_unknown_words():
    from segcore.representations import zipf_idf
    kv = _toy_vectors(3)
    vocab = {WORDS[5]: 0, "zzqx": 1, WORDS[0]: 2, WORDS[20]: 3}
    w = zipf_idf(vocab, kv)
    assert w[1] == 0 and w[2] == 0  # unknown word; the most frequent word (rank 1: ln 1)
    assert w[3] > w[0] > 0
    assert w[0] == pytest.approx(np.log(6))
    with pytest.raises(ParameterError, match="weighting"):
        segment(random_doc(0, 12), "cvs", 2, weighting="tfidf")


@pytest.mark.parametrize("method,params", [("cvs", {"whiten": True}), ("cvs", {"whiten": True, "weighting": "zipf"}),
                                           ("best", {"whiten": True})])
def test_whitened_and_zipf_weighted_vectors_find_planted_topics(method, params):
    assert segment(random_doc(7, 30), method, 3, **params).boundaries == [10, 20, 30]


def test_heldout_likelihoods_are_even_odd_predictions_of_segment_sums():
    """best's held-out criteria: each segment's even rows predict its odd rows and the reverse, by hand."""
    import scipy.sparse as sp
    from segcore.algorithms.best import (cvs_heldout, heldout_elements, heldout_loglik, row_loglik,
                                         segment_sums)

    rng = np.random.default_rng(3)
    counts = sp.csr_matrix(rng.poisson(0.4, (12, 5)).astype(float))
    x = rng.normal(size=(12, 3))
    bounds = [5, 12]
    dense = counts.toarray()
    assert np.allclose(segment_sums(counts, bounds, np.ones(12)).toarray(), [dense[:5].sum(0), dense[5:].sum(0)])
    expected = 0.0
    for a, b in ((0, 5), (5, 12)):
        rows = np.arange(a, b)
        even, odd = dense[rows[rows % 2 == 0]].sum(0), dense[rows[rows % 2 == 1]].sum(0)
        for train, test in ((even, odd), (odd, even)):
            expected += (test * np.log((train + 1) / (train.sum() + 5))).sum()
    assert heldout_loglik(counts, bounds) == pytest.approx(expected)
    per = heldout_elements(counts, bounds, row_loglik)  # element 6 (even, second segment): by its rows 5, 7, 9, 11
    odd = dense[[5, 7, 9, 11]].sum(0)
    assert per[6] == pytest.approx((dense[6] * np.log((odd + 1) / (odd.sum() + 5))).sum())
    assert per.sum() == pytest.approx(expected)
    expected = sum((np.sign(x[rows[rows % 2 == t]].sum(0)) * x[rows[rows % 2 != t]].sum(0)).sum() / np.sqrt(3)
                   for rows in (np.arange(0, 5), np.arange(5, 12)) for t in (0, 1))
    assert cvs_heldout(x, bounds) == pytest.approx(expected)


def test_automatic_k_knows_when_the_evidence_is_weak():
    """The gap statistic finds planted topics and (almost) nothing in text without topical order; the combined rule
    keeps the held-out likelihood's K within 1–5× the gap statistic's, so structureless text gets few boundaries."""
    rng = np.random.default_rng(0)
    common = [f"common{i}" for i in range(60)]
    topics = [[f"topic{t}word{i}" for i in range(40)] + common for t in range(8)]
    elements, ref = [], []
    for t in range(8):
        elements += [" ".join(rng.choice(topics[t], 9)) + "." for _ in range(rng.integers(30, 70))]
        ref.append(len(elements))
    planted = segment(Document(elements, ref), "best")
    assert planted.info["k_gap"] == 8 and planted.k == 8
    assert planted.info["gap_view"] in ("the whole objective", "the word directions")
    lo, hi = planted.info["k_interval"]
    assert lo <= 8 <= hi and hi - lo <= 3  # clear topics: the K the evidence supports is narrow
    assert sum(abs(a - b) <= 2 for a, b in zip(planted.boundaries, ref)) >= 7
    flat = Document([" ".join(rng.choice(common + topics[0], 9)) + "." for _ in range(400)])
    auto = segment(flat, "best")
    assert auto.info["k_gap"] <= 2 and auto.k <= 5 * auto.info["k_gap"] <= 10
    lo, hi = auto.info["k_interval"]
    assert lo <= auto.k <= hi and hi - lo > planted.info["k_interval"][1] - planted.info["k_interval"][0]
    assert auto.signals["gap"].axis == "k" and len(auto.signals["gap"].values) > 10
    assert segment(flat, "best", auto="gap").k == auto.info["k_gap"]


def test_gap_k_takes_the_most_boundaries_one_view_supports(monkeypatch):
    """best's gap statistic is computed on the whole objective and on the word directions alone; its K is the
    largest of the two views' K."""
    from segcore.algorithms import best

    rng = np.random.default_rng(0)  # six topics of five words: the directions blur some of them together
    doc = Document([" ".join(rng.choice(WORDS[5 * (i // 15):5 * (i // 15) + 5], size=4)) + "." for i in range(90)])
    t = best.terms(doc, METHODS["best"].defaults())
    assert [type(v).__name__ for v in best.views(t.score()[0])] == ["WeightedSum", "ResultantScore"]
    both, _, _, view = best.gap_k(t, doc.n, 8, 0)
    objective = best.gap_k(t, doc.n, 8, 0, "objective")[0]
    real_views = best.views
    monkeypatch.setattr(best, "views", lambda score, which: real_views(score)[1:])
    directions = best.gap_k(t, doc.n, 8, 0)[0]
    assert objective != directions and both == max(objective, directions)
    assert view == best.VIEW_NAMES[int(directions > objective)]


def test_one_standard_error_rule_and_the_combination_on_hand_curves():
    """Tibshirani et al.'s rule stops at the first K whose gap is within one spread of the next K's; the held-out
    rule takes the fewest segments within one standard error of the best K among K in [K_gap, GAP_SPAN · K_gap],
    and no fewer segments than max_len allows."""
    from segcore.algorithms import best

    gap, spread = np.array([0.0, 5.0, 6.0, 9.0]), np.array([0.0, 2.0, 1.0, 1.0])
    assert best.one_se_k(gap, spread) == 2  # Gap(2) = 5 ≥ Gap(3) − s(3) = 5; K = 1 fails: 0 < 5 − 2
    assert best.one_se_k(np.array([0.0, 3.0, 6.0]), np.array([0.0, 1.0, 1.0])) == 3  # still rising: the largest K
    rng = np.random.default_rng(0)
    noise = rng.normal(size=100)
    noise -= noise.mean()  # its sum 0, its spread ≈ 1: an error of ≈ 10 on a total
    base = rng.normal(size=100)
    # per-element held-out log-likelihoods: K = 4 beats K = 3 by far, K = 6 beats K = 4 by less than its error,
    # K = 12 is a lower local maximum
    per = {3: base, 4: base + 1.0, 6: base + 1.0 + 0.05 + noise, 12: base + 0.5}
    held = best.HeldOut(per, {j: None for j in per})
    assert held.curve().x == [3, 4, 6, 12]
    assert held.choose(1, None, 0.0) == 6 and held.choose(1, None, 1.0) == 4  # the largest; the one-SE rule
    assert best.combined_k(held, 4, 1000) == 4 and best.combined_k(held, 5, 1000) == 6  # only K in [K_gap, 5 K_gap]
    assert best.combined_k(held, 1, 1000) == 4  # 6 and 12 lie beyond 5 × 1; 4 beats 3 beyond any error
    assert best.combined_k(held, 8, 1000) == 8  # the held-out likelihood prefers fewer than K_gap: K_gap, not 12
    assert best.combined_k(None, 3, 1000) == 3 and best.combined_k(held, 0, 1000) == 4
    assert best.combined_k(None, 3, 100, max_len=10) == 10  # fewer than 10 segments cannot keep to 10 elements each


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab_'’ .,-é1\tÉ–")) | st.characters(), max_size=40))
def test_fast_tokens_equal_the_regular_expression(s):
    from segcore.text import _UNICODE_TOKEN, _raw_tokens

    assert _raw_tokens(s.lower()) == _UNICODE_TOKEN.findall(unicodedata.normalize("NFC", s.lower()))


def test_a_possessive_is_the_same_term_as_its_word():
    """Porter's stem keeps a glued 's ("darwin's" -> "darwin'"): tf and tf-idf counted 'Darwin's' and 'Darwin' as two
    terms. nltk's tokenisers split the 's off and Choi's list drops it; a word ending in an apostrophe stays a word."""
    from segcore.representations import term_matrix
    from segcore.text import bags, tokenize

    elements = ["Darwin's theory changed biology.", "Darwin sailed on the Beagle.", "The Beagle’s voyage was long."]
    for stem_words in (False, True):
        words = bags(elements, stem_words=stem_words)
        tf, vocab = term_matrix(words)
        assert not any("'" in w or "’" in w for w in vocab), vocab
        assert tf[:, vocab["darwin"]].sum() == 2 and tf[:, vocab[words[1][-1]]].sum() == 2  # 'beagle' twice
    assert tokenize("isn't it's 's") == ["isn't", "it", "'s"]  # only a final 's glued to a word


def test_chinese_and_japanese_words_are_character_bigrams():
    from segcore.text import segment_top_terms, tokenize

    assert tokenize("東京は日本の首都です。Python 3を使う。") == [
        "東京", "京は", "は日", "日本", "本の", "の首", "首都", "都で", "です", "python", "3", "を使", "使う"]
    assert tokenize("猫。") == ["猫"] and tokenize("한국어 문장입니다") == ["한국어", "문장입니다"]  # Hangul has spaces
    assert tokenize("Café crème") == ["café", "crème"]
    # two topics (volcanoes, bread) written without spaces: whole clauses share no token (each method then cuts in the
    # middle, at 6), their bigrams do
    volcano = ["火山喷发时岩浆流出地表。", "岩浆冷却后形成火山岩。", "火山灰会影响航班。", "地震常常预示火山喷发。"]
    bread = ["面包需要面粉和水。", "酵母让面团发酵膨胀。", "烤箱把面团烤成面包。", "面粉的质量影响面包口感。",
             "发酵的面团需要时间。", "新鲜面包外皮酥脆。", "面包店早上卖新鲜面包。", "全麦面粉做的面包更健康。"]
    doc = Document(volcano + bread)
    for method in ("ui", "c99", "best"):
        assert segment(doc, method, k=2).boundaries == [4, 12], method
    tops = segment_top_terms([tokenize(e) for e in doc.elements], [4, 12])
    assert "火山" in tops[0] and "面包" in tops[1]


def test_split_parts_is_the_change_of_the_total():
    x = np.random.default_rng(4).normal(size=(12, 4))
    for score in (CVSScore().fit(x), EuclideanScore().fit(x), ResultantScore().fit(x), C99Score(rank=3).fit(np.abs(x))):
        a, b = 2, 11
        want = [score.parts(np.array(a), np.array(c)) + score.parts(np.array(c), np.array(b))
                - score.parts(np.array(a), np.array(b)) for c in range(a + 1, b)]
        np.testing.assert_allclose(score.split_parts(a, b), want, atol=1e-12)



def test_a_dense_table_and_consecutive_rows_read_the_same_costs():
    """Dense(score) tabulates σ(l, m) for every l < m (Score.table: pairwise distances for CVS and the resultant,
    rows for the rest); rows_of reads consecutive starts as a view: both give what the score's own parts give (a
    WeightedSum too); a non-additive score cannot be tabulated."""
    x = np.random.default_rng(5).normal(size=(15, 4))
    cvs, res = CVSScore().fit(x), ResultantScore().fit(x)
    for score in (cvs, res, EuclideanScore().fit(x), WeightedSum([cvs, res], [0.5, 2.0])):
        table = Dense(score)
        for end in range(1, 16):
            want = score.parts(np.arange(end), np.full(end, end))
            np.testing.assert_allclose(table.row_parts(end), want, atol=1e-12)
            np.testing.assert_allclose(score.row_parts(end, np.arange(end)), want, atol=1e-12)
            odd = np.arange(0, end, 2)
            np.testing.assert_allclose(score.row_parts(end, odd), want[odd], atol=1e-12)
            np.testing.assert_allclose(table.row_parts(end, odd), want[odd], atol=1e-12)
        assert table.parts(np.array([[2, 0]]), np.array([[9, 15]])) == pytest.approx(
            score.parts(np.array([[2, 0]]), np.array([[9, 15]])))
        assert dp(table, 4).boundaries == dp(score, 4).boundaries
    with pytest.raises(ParameterError):
        Dense(C99Score(rank=3).fit(np.abs(x)))

def test_tabulated_costs_are_the_automatic_tables_costs():
    """tabulated_costs (a tabulated score's DP without back-pointers, the gap statistic's) gives the same bits as
    auto_table's costs_by_k, K up to N (at most N costs)."""
    x = np.random.default_rng(7).normal(size=(40, 4))
    score = Dense(WeightedSum([CVSScore().fit(x), EuclideanScore().fit(x)], [1.0, 0.3]))
    for kmax in (1, 7, 40):
        want = auto_table(score, kmax).costs_by_k()
        assert tabulated_costs(score.table(), kmax).tolist() == want
    assert tabulated_costs(score.table(), 60).tolist() == auto_table(score, 40).costs_by_k()


def test_prefix_distance_rows_in_blocks_read_the_table():
    """CVS and the resultant compute a DP's rows a block of ends at a time (cdist) and the whole triangle at once
    (pdist): a banded DP's rows, on every position or on a grid of every s-th one, rows of any starts and the table
    hold the same bits; parts agrees up to rounding."""
    x = np.random.default_rng(6).normal(size=(150, 5))  # more than two blocks of ends
    for score in (CVSScore().fit(x), ResultantScore().fit(x)):
        table = score.table()
        for step in (1, 3, 2):
            for end in list(range(step, 151, step)) + [150]:
                starts = np.arange(0, end, step)[-(40 // step):]
                assert np.array_equal(score.row_parts(end, starts)[:, 0], table[end, starts])
                assert np.array_equal(score.row_parts(end, starts[-1:])[:, 0], table[end, starts[-1:]])
        for end in (3, 77, 150, 20):  # any order, starts not consecutive or not ending at end − 1
            starts = np.array([0, 2]) if end == 3 else np.arange(0, end - 5, 3)
            assert np.array_equal(score.row_parts(end, starts)[:, 0], table[end, starts])
            assert np.array_equal(score.row_parts(end, starts[:1])[:, 0], table[end, starts[:1]])
            np.testing.assert_allclose(score.parts(starts, np.full(len(starts), end))[:, 0], table[end, starts],
                                       rtol=1e-12)


def test_a_word_vector_file_in_glove_and_word2vec_text_formats(tmp_path):
    """vectors=PATH: a GloVe text file (no header) and a word2vec one (a 'count size' header) give the same table;
    cvs segments a text with it; a malformed file is an InputError."""
    from segcore.vectors import load_vectors
    rng = np.random.default_rng(0)
    words = sorted(set(WORDS))
    table = rng.normal(size=(len(words), 4))
    rows = [w + " " + " ".join(f"{x:.6f}" for x in v) for w, v in zip(words, table)]
    glove, w2v, bad = tmp_path / "g.txt", tmp_path / "w.txt", tmp_path / "bad.txt"
    glove.write_text("\n".join(rows) + "\n")
    w2v.write_text(f"{len(words)} 4\n" + "\n".join(rows) + "\n")
    bad.write_text("a b c\nd e\n")
    for path in (glove, w2v):
        kv = load_vectors(str(path))
        assert kv.index_to_key == words and kv.vector_size == 4
        assert np.allclose(kv.vectors[kv.key_to_index["river"]], table[words.index("river")], atol=1e-5)
    assert segment(random_doc(3, 12), "cvs", k=3, vectors=str(glove)).k == 3
    with pytest.raises(InputError, match="cannot read word vectors"):
        load_vectors(str(bad))
