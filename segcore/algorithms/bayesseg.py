"""Eisenstein & Barzilay (2008), "Bayesian unsupervised topic segmentation", EMNLP, §3: each segment's words are drawn
from a language model of its own, itself drawn from a symmetric Dirichlet(α) prior; marginalising the language model
gives each segment the Dirichlet compound multinomial (DCM) likelihood

    ln p(X_S | α) = ln Γ(Vα) − ln Γ(n_S + Vα) + Σ_w [ln Γ(f_w + α) − ln Γ(α)]

(f_w = count of word w in the segment, n_S = its words, V = the document's vocabulary), and the segmentation of
highest likelihood is found exactly by DP. The prior α is estimated by hard EM as their segEM does (segment with the
current α, then α of largest likelihood for that segmentation, until the segmentation no longer changes): they
estimate one α for a whole dataset; here each document estimates its own, so no corpus is needed. Their duration
prior (use-duration) is off in their reported configuration and is not implemented. Utiyama & Isahara's cost is the
same model with the language model's Laplace (MAP, α = 1) estimate plugged in instead of marginalised (their §3.3).
"""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp
from scipy.optimize import minimize_scalar
from scipy.special import gammaln

from ..methods import MAX_LEN, STOPWORDS, Param, Method, Signal, register_method
from ..splitters import dp, penalized_dp
from .utiyama import LAM, UIScore, ui_score

ALPHA_RANGE = (1e-3, 10.0)  # the prior α searched (log scale)
EM_ROUNDS = 5  # hard-EM rounds at most (segEM: until the likelihood stops improving, at most 20)


class DCMScore(UIScore):
    """Segment cost σ(l, m) = −ln p(X_S | α), the DCM likelihood with a symmetric Dirichlet(α) prior over the
    document's vocabulary (Eisenstein & Barzilay 2008, §3), from the same incremental rows as UIScore."""

    name = "dcm"

    def __init__(self, alpha: float = 1.0):
        self.alpha = float(alpha)

    def word_share(self, f):
        """ln Γ(f + α) − ln Γ(α): a word counted f times."""
        return gammaln(f + self.alpha) - gammaln(self.alpha)

    def length_share(self, ns):
        """ln Γ(n + Vα) − ln Γ(Vα): a segment of n words (0 for a text without words)."""
        va = max(self.vocab_size, 1) * self.alpha
        return gammaln(ns + va) - gammaln(va)


def segment_counts(counts: sp.csr_matrix, boundaries) -> sp.csr_matrix:
    """The word counts of each segment (rows), from the element × word counts and the segment ends."""
    n = counts.shape[0]
    ids = np.repeat(np.arange(len(boundaries)), np.diff(np.concatenate([[0], boundaries])).astype(np.int64))
    return sp.csr_matrix((np.ones(n), (ids, np.arange(n))), shape=(len(boundaries), n)) @ counts


def dcm_loglik(seg: sp.csr_matrix, vocab: int, alpha: float) -> float:
    """Σ over segments (rows of `seg`) of ln p(X_S | α)."""
    seg = sp.csr_matrix(seg)
    n = np.asarray(seg.sum(axis=1)).ravel()
    va = max(vocab, 1) * alpha
    return float(len(n) * gammaln(va) - gammaln(n + va).sum() + (gammaln(seg.data + alpha) - gammaln(alpha)).sum())


def best_alpha(counts: sp.csr_matrix, boundaries, vocab: int) -> float:
    """The α of largest DCM likelihood for a given segmentation (1-D search over ln α in ALPHA_RANGE)."""
    seg = segment_counts(counts, boundaries)
    lo, hi = (math.log(a) for a in ALPHA_RANGE)
    res = minimize_scalar(lambda la: -dcm_loglik(seg, vocab, math.exp(la)), bounds=(lo, hi), method="bounded",
                          options={"xatol": 1e-3})
    return float(math.exp(res.x))


def hard_em(score: DCMScore, search, rounds: int = EM_ROUNDS) -> tuple[DCMScore, object, list[float]]:
    """segEM (Eisenstein & Barzilay's code): `search(score)` segments (a Split), α is re-estimated on that
    segmentation, until the boundaries repeat or `rounds` are done. Returns the last score, its split and the α of
    each round."""
    split, alphas = search(score), [score.alpha]
    for _ in range(rounds):
        alpha = best_alpha(score.counts, split.boundaries, score.vocab_size)
        if abs(math.log(alpha / score.alpha)) < 1e-3:
            break
        score = DCMScore(alpha).fit(score.counts)
        alphas.append(alpha)
        again = search(score)
        if list(again.boundaries) == list(split.boundaries):
            split = again
            break
        split = again
    return score, split, alphas


def _run(doc, k, p, context):
    """Eisenstein & Barzilay 2008 §3: max Σ_S ln p(X_S | α) (DCM) by exact DP, α by hard EM (their segEM); K
    automatic (which their DP leaves out) with Utiyama & Isahara's prior n^-m × lam."""
    counts = ui_score(doc, p).counts
    start = DCMScore(p["alpha"] if p["alpha"] > 0 else 1.0).fit(counts)
    if k is None:
        penalty = p["lam"] * start.penalty_unit
        search = lambda s: penalized_dp(s, penalty, p["max_len"])  # noqa: E731
    else:
        search = lambda s: dp(s, k, p["max_len"])  # noqa: E731
    if p["alpha"] > 0:
        score, split, alphas = start, search(start), [start.alpha]
    else:
        score, split, alphas = hard_em(start, search)
    info = {"alpha": score.alpha, "alpha_rounds": alphas, "vocabulary": score.vocab_size}
    signals = {"costs_by_k": Signal(split.costs_by_k, "k")} if split.costs_by_k else {}
    return {"boundaries": [int(b) for b in split.boundaries], "cost": float(split.cost), "signals": signals,
            "info": info}


register_method(Method(
    "bayesseg", "Eisenstein & Barzilay's Bayesian segmentation: Dirichlet compound multinomial likelihood per segment "
                "(language models marginalised), prior α estimated by hard EM, exact DP",
    "Eisenstein & Barzilay 2008, EMNLP, §3 (DCM segment likelihood) and their segEM (hard EM for the prior); K "
    "automatic with Utiyama & Isahara's prior n^-m",
    [Param("alpha", 0.0, "symmetric Dirichlet prior α of each segment's language model (0 = estimated on the "
                         "document by hard EM)", low=0.0, high=100.0),
     LAM, STOPWORDS, Param("stem", True, "stem words (Porter's stemmer; Snowball's for another language)"), MAX_LEN],
    _run))
