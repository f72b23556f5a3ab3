"""Utiyama & Isahara (2001), "A statistical model for domain-independent text segmentation", ACL: the
maximum-probability segmentation under a per-segment Laplace word model and the prior Pr(S) = n^(-m).

Cost of a segmentation S = (S_1 … S_m) of a text W of n words with a vocabulary of k different words (the
negated log of Pr(W|S)·Pr(S), their §2):

    C(S) = Σ_i Σ_w f_i(w) · ln((n_i + k) / (f_i(w) + 1))   +   lam · m · ln n

f_i(w) = count of word w in segment i, n_i = number of words of segment i; lam = 1 is their prior. This is also
what their C program computes (textseg-1.211, vseg.c: cost() adds log(numAllTokens) per segment). Words are the
content words after stopword removal and Porter stemming, as their ESeg script (Choi's stopword list + stemmer).

The segment costs σ(l, m) of one row m (all starts l < m) are computed incrementally from row m − 1: only the
words of element m − 1 change their counts, and for each such word the change is a step function of l whose
steps sit at that word's earlier occurrences. A row therefore costs O(m + occurrences) numpy work, with no
N×V prefix matrix; rows are cached (triangular, 8·N²/2 bytes: 17 MB at N = 2,057) below a size limit.
"""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp

from ..methods import STOPWORDS, Method, Param, Signal, register_method
from ..representations import term_matrix
from ..scores import Score
from ..splitters import dp, penalized_dp
from ..text import bags as make_bags

CACHE_LIMIT = 6000  # cache every row when N is at most this (8·N²/2 bytes: 144 MB at the limit)


def _h(f):
    return f * np.log1p(f)


class UIScore(Score):
    """Segment cost σ(l, m) = Σ_w f_w ln((n_S + k)/(f_w + 1)) (Utiyama & Isahara 2001, eq. of Pr(W|S) with the
    Laplace estimate), from a sparse N×V word-count matrix. Additive, one part, for splitters.dp/penalized_dp."""

    name = "ui"
    n_parts = 1

    def fit(self, counts) -> "UIScore":
        x = sp.csr_matrix(counts, dtype=float)
        x.sum_duplicates()
        x.eliminate_zeros()
        self.n = x.shape[0]
        self.words_per_element = np.asarray(x.sum(axis=1)).ravel()
        self.length = np.concatenate([[0.0], np.cumsum(self.words_per_element)])
        self.n_words = float(self.length[-1])
        self.vocab_size = int(np.count_nonzero(np.asarray(x.sum(axis=0)).ravel()))
        self._csr = x
        self.counts = x  # the N×V word-count matrix (CSR) the costs come from
        csc = x.tocsc()
        csc.sort_indices()
        self._csc = csc
        # for each stored (element, word) entry of the CSR, its rank among that word's occurrences
        rows = np.repeat(np.arange(self.n), np.diff(x.indptr))
        order = np.lexsort((rows, x.indices))
        rank = np.empty(len(order), dtype=np.int64)
        starts = csc.indptr[x.indices[order]]
        rank[order] = np.arange(len(order)) - starts
        self._rank = rank
        self._cache = {} if self.n <= CACHE_LIMIT else None
        self._cur_m = 0
        self._cur_g = np.zeros(0)
        return self

    # -- rows -------------------------------------------------------------------------------------------------

    def _advance(self):
        """G_{m+1}[l] = Σ_w h(f_w(l, m+1)), h(f) = f ln(f + 1), from G_m; l = 0 … m."""
        e = self._cur_m  # the element added: index e, new row m = e + 1
        m = e + 1
        x, csc = self._csr, self._csc
        pos_parts, val_parts = [], []
        d0 = 0.0
        for j in range(x.indptr[e], x.indptr[e + 1]):
            u, c, r = x.indices[j], x.data[j], self._rank[j]
            lo = csc.indptr[u]
            q = csc.indices[lo:lo + r]                     # earlier elements holding word u (sorted)
            cq = csc.data[lo:lo + r]
            s = np.concatenate([np.cumsum(cq[::-1])[::-1], [0.0]])  # count of u in [l, e) for l in each piece
            d = _h(s + c) - _h(s)                          # change of h when element e joins, per piece
            d0 += d[0]
            if r:
                pos_parts.append(q + 1)
                val_parts.append(np.diff(d))
        diff = np.zeros(m)
        diff[0] = d0
        if pos_parts:
            diff += np.bincount(np.concatenate(pos_parts), weights=np.concatenate(val_parts), minlength=m)
        delta = np.cumsum(diff)
        g = np.empty(m)
        g[:e] = self._cur_g + delta[:e]
        g[e] = delta[e]
        self._cur_g, self._cur_m = g, m

    def row(self, m: int) -> np.ndarray:
        """σ(l, m) for l = 0 … m−1 (exactly the same floats whatever the order of requests)."""
        if self._cache is not None and m in self._cache:
            return self._cache[m]
        if m < self._cur_m:
            self._cur_m, self._cur_g = 0, np.zeros(0)
        while self._cur_m < m:
            self._advance()
            if self._cache is not None:
                self._cache[self._cur_m] = self._sigma(self._cur_m, self._cur_g)
        return self._cache[m] if self._cache is not None else self._sigma(m, self._cur_g)

    def _sigma(self, m, g):
        ns = self.length[m] - self.length[:m]
        return ns * np.log(np.maximum(ns + self.vocab_size, 1.0)) - g

    def row_parts(self, end: int) -> np.ndarray:
        """σ(l, end) for every l < end, shape (end, 1): one DP row (a copy: the cache stays intact)."""
        return self.row(int(end))[:, None].copy()

    def parts(self, starts, ends) -> np.ndarray:
        starts, ends = np.broadcast_arrays(np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64))
        out = np.zeros(starts.shape)
        for m in np.unique(ends):
            sel = (ends == m) & (starts < m)
            if m > 0 and sel.any():
                out[sel] = self.row(int(m))[starts[sel]]
        return out[..., None]

    @property
    def penalty_unit(self) -> float:
        """ln n: the cost of one segment under the prior Pr(S) = n^(-m)."""
        return math.log(self.n_words) if self.n_words > 1 else 0.0


def ui_score(doc, p) -> UIScore:
    """The fitted UIScore of a document's elements with the method's preprocessing parameters."""
    bags = make_bags(doc.elements, stopwords=p["stopwords"], stem_words=p["stem"])
    counts, _ = term_matrix(bags)
    return UIScore().fit(counts)


def _run(doc, k, p, context):
    """Utiyama & Isahara 2001 §2: min −ln Pr(W|S)Pr(S) = Σ_i Σ_w f ln((n_i+k)/(f+1)) + lam·m·ln n."""
    score = ui_score(doc, p)
    penalty = p["lam"] * score.penalty_unit
    info = {"n_words": score.n_words, "vocabulary": score.vocab_size, "penalty_per_segment": penalty}
    signals = {}
    if k is None:
        split = penalized_dp(score, penalty)
        # per-K costs around the chosen K, for the plot (exact DP; cheap next to the automatic run)
        kmax = min(score.n, max(2 * split.k, split.k + 5))
        costs = dp(score, kmax).costs_by_k if score.n * kmax <= 300_000 else None
    else:
        split = dp(score, k)
        costs = split.costs_by_k
    if costs is not None:
        signals["costs_by_k"] = Signal(costs, "k")
        signals["penalized_costs_by_k"] = Signal([c + penalty * (i + 1) for i, c in enumerate(costs)], "k")
    info["data_cost"] = split.cost
    return {"boundaries": [int(b) for b in split.boundaries], "cost": float(split.cost + penalty * split.k),
            "signals": signals, "info": info}


LAM = Param("lam", 1.0, "weight of the prior −ln Pr(S) = m·ln n (1 = Utiyama & Isahara's n^-m); only used when K "
                        "is automatic", low=0.0, high=1e6)
UI_PARAMS = [LAM, STOPWORDS, Param("stem", True, "Porter-stem words (as their ESeg script)")]

register_method(Method(
    "ui", "Utiyama & Isahara: maximum-probability segmentation (Laplace word model per segment, prior n^-m)",
    "Utiyama & Isahara 2001, ACL, §2 (Pr(W|S) with Laplace estimates, Pr(S) = n^-m)", UI_PARAMS, _run))
