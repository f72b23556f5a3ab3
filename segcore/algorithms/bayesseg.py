"""Eisenstein & Barzilay (2008), "Bayesian unsupervised topic segmentation", EMNLP, §3: each segment's words are drawn
from a language model of its own, itself drawn from a Dirichlet prior; marginalising the language model gives each
segment the Dirichlet compound multinomial (DCM) likelihood

    ln p(X_S | a) = ln Γ(A) − ln Γ(n_S + A) + Σ_w [ln Γ(f_w + a_w) − ln Γ(a_w)],   A = Σ_w a_w

(f_w = count of word w in the segment, n_S = its words), and the segmentation of highest likelihood is found exactly
by DP. Their prior is symmetric, a_w = α over the document's V words (tau = 0); tau > 0 shapes it by the document's
own word distribution, a_w ∝ p_w^tau with the same total mass αV (p_w = the share of w among the document's words;
tau = 1: proportional), so that words spread over the whole text weigh less than words that keep to one part of it
(a hierarchical prior, as IR's Dirichlet smoothing towards the collection; our option, not theirs: tau = 0.75 reads
the novels of the fiction set far better than tau = 0, the manuals and Wikipedia worse; benchmarks/results/
best_words.md). α is estimated by hard EM as their segEM does (segment with the current α, then the α of largest
likelihood for that segmentation, until the segmentation no longer changes): they estimate one α for a whole
dataset; here each document estimates its own, so no corpus is needed. The first segmentation is Utiyama &
Isahara's (below): started from the DCM at α = 1 instead, the automatic K of a long document (2,064 sentences, 290
segments) fell into one segment, whose own best α (1.17) keeps it there. Their duration prior (use-duration) is off
in their distributed dp.config and is not implemented. Utiyama & Isahara's cost is the same model with the Laplace
(MAP, α = 1) estimate of the language model plugged in instead of marginalised.
"""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp
from scipy.special import gammaln

from ..methods import MAX_LEN, STOPWORDS, Method, Param, Signal, register_method
from ..splitters import dp, penalized_dp
from .utiyama import LAM, UIScore, ui_score

ALPHA_RANGE = (1e-3, 10.0)  # the prior α searched (log scale)
EM_ROUNDS = 5  # hard-EM rounds at most (segEM: until the likelihood stops improving, at most 20)


def prior_shape(counts: sp.csr_matrix, tau: float) -> np.ndarray:
    """a_w / α for each word (column) of the document: V p_w^tau / Σ_u p_u^tau over the words that occur (1 for
    tau = 0)."""
    total = np.asarray(counts.sum(axis=0)).ravel()
    seen = total > 0
    if tau == 0 or not seen.any():
        return np.ones(counts.shape[1])
    p = np.where(seen, total / total.sum(), 1.0) ** tau
    return p * seen.sum() / p[seen].sum()


class DCMScore(UIScore):
    """Segment cost σ(l, m) = −ln p(X_S | a), the DCM likelihood with the Dirichlet prior a_w = α · shape_w (see
    prior_shape; Eisenstein & Barzilay 2008, §3), from the same incremental rows as UIScore."""

    name = "dcm"

    def __init__(self, alpha: float = 1.0, tau: float = 0.0):
        self.alpha, self.tau = float(alpha), float(tau)

    def fit(self, counts) -> "DCMScore":
        super().fit(counts)
        self.a = self.alpha * prior_shape(self.counts, self.tau)
        self.mass = float(self.a[np.asarray(self.counts.sum(axis=0)).ravel() > 0].sum()) or self.alpha
        return self

    def word_share(self, f, words):
        """ln Γ(f + a_w) − ln Γ(a_w) for words (ids) counted f times."""
        a = self.a[words]
        return gammaln(f + a) - gammaln(a)

    def length_share(self, ns):
        """ln Γ(n + A) − ln Γ(A): a segment of n words (A = the prior's mass over the document's words)."""
        return gammaln(ns + self.mass) - gammaln(self.mass)


def segment_counts(counts: sp.csr_matrix, boundaries) -> sp.csr_matrix:
    """The word counts of each segment (rows), from the element × word counts and the segment ends."""
    n = counts.shape[0]
    ids = np.repeat(np.arange(len(boundaries)), np.diff(np.concatenate([[0], boundaries])).astype(np.int64))
    return sp.csr_matrix((np.ones(n), (ids, np.arange(n))), shape=(len(boundaries), n)) @ counts


def dcm_loglik(seg: sp.csr_matrix, a: np.ndarray) -> float:
    """Σ over segments (rows of `seg`) of ln p(X_S | a), the prior a over the words that occur."""
    seg = sp.csr_matrix(seg)
    seg.eliminate_zeros()
    mass = a[np.asarray(seg.sum(axis=0)).ravel() > 0].sum() or a.mean()
    n = np.asarray(seg.sum(axis=1)).ravel()
    aw = a[seg.indices]
    return float(len(n) * gammaln(mass) - gammaln(n + mass).sum() + (gammaln(seg.data + aw) - gammaln(aw)).sum())


def best_alpha(counts: sp.csr_matrix, boundaries, tau: float = 0.0) -> float:
    """The α of largest DCM likelihood for a given segmentation (1-D search over ln α in ALPHA_RANGE)."""
    from scipy.optimize import minimize_scalar  # imported here: scipy.optimize is 0.3 s of every start-up

    seg, shape = segment_counts(counts, boundaries), prior_shape(counts, tau)
    lo, hi = (math.log(a) for a in ALPHA_RANGE)
    res = minimize_scalar(lambda la: -dcm_loglik(seg, math.exp(la) * shape), bounds=(lo, hi), method="bounded",
                          options={"xatol": 1e-3})
    return float(math.exp(res.x))


def hard_em(score: DCMScore, search, split=None, rounds: int = EM_ROUNDS) -> tuple[DCMScore, object, list[float]]:
    """segEM (Eisenstein & Barzilay's code): from a first segmentation (`split`, else `search(score)`), α is
    re-estimated on the segmentation and `search(score)` segments again (a Split), until the boundaries repeat or
    `rounds` are done. Returns the last score, its split and the α of each round."""
    split, alphas = split or search(score), [score.alpha]
    for _ in range(rounds):
        alpha = best_alpha(score.counts, split.boundaries, score.tau)
        if abs(math.log(alpha / score.alpha)) < 1e-3:
            break
        score = DCMScore(alpha, score.tau).fit(score.counts)
        alphas.append(alpha)
        again = search(score)
        if list(again.boundaries) == list(split.boundaries):
            split = again
            break
        split = again
    return score, split, alphas


def _run(doc, k, p, context):
    """Eisenstein & Barzilay 2008 §3: max Σ_S ln p(X_S | α) (DCM) by exact DP, α by hard EM (their segEM) started
    from Utiyama & Isahara's segmentation; K automatic (which their DP leaves out) with U&I's prior n^-m × lam."""
    ui = ui_score(doc, p)
    start = DCMScore(p["alpha"] if p["alpha"] > 0 else 1.0, p["tau"]).fit(ui.counts)
    if k is None:
        penalty = p["lam"] * ui.penalty_unit
        search = lambda s: penalized_dp(s, penalty, p["max_len"])  # noqa: E731
    else:
        search = lambda s: dp(s, k, p["max_len"])  # noqa: E731
    if p["alpha"] > 0:
        score, split, alphas = start, search(start), [start.alpha]
    else:
        score, split, alphas = hard_em(start, search, search(ui))
    info = {"alpha": score.alpha, "alpha_rounds": alphas, "vocabulary": score.vocab_size}
    signals = {"costs_by_k": Signal(split.costs_by_k, "k")} if split.costs_by_k else {}
    return {"boundaries": [int(b) for b in split.boundaries], "cost": float(split.cost), "signals": signals,
            "info": info}


register_method(Method(
    "bayesseg", "Eisenstein & Barzilay's Bayesian segmentation: Dirichlet compound multinomial likelihood per segment "
                "(language models marginalised), prior α estimated by hard EM, exact DP",
    "Eisenstein & Barzilay 2008, EMNLP, §3 (DCM segment likelihood) and their segEM (hard EM for the prior); K "
    "automatic with Utiyama & Isahara's prior n^-m",
    [Param("alpha", 0.0, "Dirichlet prior α of each segment's language model, per word on average (0 = estimated on "
                         "the document by hard EM)", low=0.0, high=100.0),
     Param("tau", 0.0, "the prior's shape: a_w ∝ (the word's share of the document)^tau, the same total mass; 0 = "
                       "uniform (Eisenstein & Barzilay's symmetric prior), 1 = the document's word distribution",
           low=0.0, high=1.0),
     LAM, STOPWORDS, Param("stem", True, "stem words (Porter's stemmer; Snowball's for another language)"), MAX_LEN],
    _run))
