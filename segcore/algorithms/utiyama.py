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
N×V prefix matrix; rows are cached (triangular, 8·N²/2 bytes: 17 MB at N = 2,057) below a size limit. Any cost of
the form g(n_S) − Σ_w h(f_w) has such rows: `bayesseg`'s DCM likelihood subclasses UIScore with its own g and h.
"""
from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp

from ..methods import MAX_LEN, STOPWORDS, Method, Param, Signal, register_method
from ..representations import term_matrix
from ..scores import Score
from ..splitters import dp, penalized_dp
from ..text import bags as make_bags

FEW = 8  # segments sharing an end above which parts() computes their row rather than each one alone
CACHE_LIMIT = 6000  # cache every row when N is at most this (8·N²/2 bytes: 144 MB at the limit)
FILL_LIMIT = 1000  # fill(): at most this many elements (five (N+2)² arrays: 40 MB at the limit) …
FILL_PAIRS = 1_000_000  # … and occurrence pairs (about 150 bytes each)


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
        self._key = (np.repeat(np.arange(csc.shape[1]), np.diff(csc.indptr)) * (self.n + 1) + csc.indices)
        self._cache = {} if self.n <= CACHE_LIMIT else None
        self._m, self._s, self._g = 0, 0, np.zeros(0)
        self._full = None  # every σ at [m, l], once `fill` has computed them
        return self

    def word_share(self, f, words):
        """The share of −σ of words (ids `words`) counted f times in a segment: f ln(f + 1)."""
        return f * np.log1p(f)

    def length_share(self, ns):
        """The share of σ of a segment of ns words (vocabulary size k): ns ln(ns + k)."""
        return ns * np.log(np.maximum(ns + self.vocab_size, 1.0))

    # -- rows -------------------------------------------------------------------------------------------------

    def _advance(self, stop: int):
        """G_{m+1}[l] = Σ_w h(f_w(l, m+1)), h = word_share, from G_m, for l in the window [s, m]: for each word u
        of element m, the change h(f + c) − h(f) is a step function of l whose steps sit at u's earlier occurrences
        in the window; all words at once. A run of elements without words (up to row `stop`) only adds zeros."""
        e, s0 = self._m, self._s  # the element added: index e, new row m = e + 1
        x, csc = self._csr, self._csc
        a, b = x.indptr[e], x.indptr[e + 1]
        if a == b:
            run = int(np.searchsorted(x.indptr[e + 1:stop + 1], a, side="right"))  # empty elements e … e+run−1
            self._g, self._m = np.concatenate([self._g, np.zeros(run)]), e + run
            return
        words, c = x.indices[a:b], x.data[a:b]
        first = np.searchsorted(self._key, words * (self.n + 1) + s0)  # first occurrence of u inside the window
        lens = csc.indptr[words] + self._rank[a:b] - first              # its occurrences in [s, e)
        total = int(lens.sum())
        starts = np.cumsum(lens) - lens
        idx = np.repeat(first - starts, lens) + np.arange(total)
        q, cq = csc.indices[idx], csc.data[idx]
        wid = np.repeat(np.arange(len(words)), lens)
        h = self.word_share
        last = h(c, words)                                              # the change for l after u's last occurrence
        diff = np.zeros(e + 1 - s0)
        if total:
            before = np.cumsum(cq) - cq                                 # counts before each occurrence (all words)
            base = before[np.minimum(starts, total - 1)]                # … before each word's first one
            suffix = np.bincount(wid, cq, minlength=len(words))[wid] - (before - base[wid])
            d = h(suffix + c[wid], words[wid]) - h(suffix, words[wid])  # … for l up to each occurrence
            nxt = np.empty(total)
            nxt[:-1] = d[1:]
            seen = lens > 0
            nxt[(starts + lens - 1)[seen]] = last[seen]
            diff[0] = np.where(seen, d[np.minimum(starts, total - 1)], last).sum()
            diff += np.bincount(q + 1 - s0, weights=nxt - d, minlength=len(diff))
        else:
            diff[0] = last.sum()
        delta = np.cumsum(diff)
        g = np.empty(e + 1 - s0)
        g[:-1] = self._g + delta[:-1]
        g[-1] = delta[-1]
        self._g, self._m = g, e + 1

    def fill(self) -> "UIScore":
        """Every row at once (the triangle `row` and `table` then read), when N ≤ FILL_LIMIT and the pairs below ≤ FILL_PAIRS (else nothing): for
        one word, the segments [l, m) whose first and last occurrences of it are its a-th and b-th share one count,
        so Σ_w h(f_w) is a sum of rectangles of the (l, m) plane, one per (a ≤ b) pair of each word, added by a 2-D
        difference array and two cumulative sums. O(N² + pairs) numpy work in a few calls instead of N row
        updates: for short texts, or texts pooled into few units, whose triangle is computed whole (the gap
        statistic's random orders). Equal to the rows' values up to rounding."""
        n, csc = self.n, self._csc
        r = np.diff(csc.indptr).astype(np.int64)  # occurrences of each word: r (r + 1) / 2 pairs
        if n > FILL_LIMIT or int((r * (r + 1) // 2).sum()) > FILL_PAIRS:
            return self
        p, c = csc.indices.astype(np.int64), csc.data
        word = np.repeat(np.arange(len(r)), r)
        local = np.arange(len(p)) - csc.indptr[word]                    # rank of each occurrence in its word
        first, last = local == 0, local == r[word] - 1
        side = n + 2
        # pair (a, b) of one word, a ≤ b: rows l0 ≤ l < l1 from a (its previous occurrence + 1 … a + 1), columns
        # m0 ≤ m < m1 from b (b + 1 … its next occurrence + 1); each pair's cells through b's repeats, a's gathers
        l0, l1 = (np.where(first, -1, np.roll(p, 1)) + 1) * side, (p + 1) * side
        m0, m1 = p + 1, np.where(last, n, np.roll(p, -1)) + 1
        cum, cnt = np.cumsum(c), local + 1                              # occurrence b pairs with cnt a's
        size = int(cnt.sum())
        a = np.arange(size) + np.repeat(csc.indptr[word] - (np.cumsum(cnt) - cnt), cnt)
        v = self.word_share(np.repeat(cum, cnt) - cum[a] + c[a], np.repeat(word, cnt))
        rows, cols = (l0[a], l1[a]), (np.repeat(m0, cnt), np.repeat(m1, cnt))
        corners = np.empty(4 * size, dtype=np.int64)  # (l0, m0) +v, (l1, m1) +v, (l1, m0) −v, (l0, m1) −v
        for q, (i, j) in enumerate(((0, 0), (1, 1), (1, 0), (0, 1))):
            np.add(rows[i], cols[j], out=corners[q * size:(q + 1) * size])
        w = np.empty(4 * size)
        w[:2 * size].reshape(2, size)[:] = v
        np.negative(w[:2 * size], out=w[2 * size:])
        d = np.bincount(corners, w, minlength=side * side).reshape(side, side)
        g = np.cumsum(np.cumsum(d, axis=0), axis=1)[:n + 1, :n + 1].T  # [m, l]: Σ_w h(f_w) of the segment [l, m)
        ns = np.maximum(self.length[:, None] - self.length[None, :], 0.0)  # its words (0 where l ≥ m)
        self._full = self.length_share(ns) - g
        return self

    def table(self) -> np.ndarray:
        """Every σ at [m, l] (Score.table): the filled triangle when `fill` made one, else row by row."""
        return self._full if self._full is not None else super().table()

    def row(self, m: int, start: int = 0) -> np.ndarray:
        """σ(l, m) for l = start … m−1. Rows asked for in increasing m with non-decreasing starts (a DP's band)
        cost O(band + occurrences) each; any other order recomputes from `start`."""
        if self._full is not None:
            return self._full[m, start:m]
        if self._cache is not None and m in self._cache:
            s, row = self._cache[m]
            if s <= start:
                return row[start - s:]
        if m < self._m or start < self._s or start > self._m:
            self._m, self._s, self._g = start, start, np.zeros(0)
        elif start > self._s:  # the window moves on: drop what no later row needs
            self._g, self._s = self._g[start - self._s:], start
        while self._m < m:
            self._advance(m)
        out = self._sigma(m, self._s, self._g)[start - self._s:]
        if self._cache is not None:
            self._cache[m] = (start, out)
        return out

    def _sigma(self, m, s, g):
        return self.length_share(self.length[m] - self.length[s:m]) - g

    def row_parts(self, end: int, starts=None) -> np.ndarray:
        """σ(l, end) for the starts l (every l < end by default), shape (len, 1); a copy (the cache stays intact)."""
        starts = np.arange(end) if starts is None else np.asarray(starts)
        if len(starts) == 0:
            return np.zeros((0, 1))
        lo = int(starts.min())
        return self.row(int(end), lo)[starts - lo][:, None].copy()

    def parts(self, starts, ends) -> np.ndarray:
        """σ of each (start, end): from a row where many segments share their end, else from each segment's own
        word counts (a segmentation's total, say, which would otherwise rebuild one row per segment)."""
        starts, ends = np.broadcast_arrays(np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64))
        shape, starts, ends = starts.shape, starts.ravel(), ends.ravel()
        out = np.zeros(len(starts))
        keep = np.flatnonzero(starts < ends)  # empty segments cost 0
        keep = keep[np.argsort(ends[keep], kind="stable")]
        groups = np.split(keep, np.flatnonzero(np.diff(ends[keep])) + 1) if len(keep) else []
        for sel in groups:  # the segments of one end
            m, a = int(ends[sel[0]]), starts[sel]
            if len(sel) > FEW:
                lo = int(a.min())
                out[sel] = self.row(m, lo)[a - lo]
            else:
                out[sel] = [self._one(int(b), m) for b in a]
        return out.reshape(shape)[..., None]

    def _one(self, a: int, b: int) -> float:
        """σ(a, b) from the word counts of elements a … b−1: O(their words)."""
        lo, hi = self._csr.indptr[a], self._csr.indptr[b]
        f = np.bincount(self._csr.indices[lo:hi], weights=self._csr.data[lo:hi])
        seen = np.flatnonzero(f)
        return float(self.length_share(self.length[b] - self.length[a]) - self.word_share(f[seen], seen).sum())

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
        split = penalized_dp(score, penalty, p["max_len"])
        # per-K costs around the chosen K, for the plot (exact DP; cheap next to the automatic run)
        kmax = min(score.n, max(2 * split.k, split.k + 5))
        costs = dp(score, kmax).costs_by_k if score.n * kmax <= 300_000 else None
    else:
        split = dp(score, k, p["max_len"])
        costs = split.costs_by_k
    if costs is not None:
        signals["costs_by_k"] = Signal(costs, "k")
        signals["penalized_costs_by_k"] = Signal([None if c is None else c + penalty * (i + 1)
                                                  for i, c in enumerate(costs)], "k",
                                                 label="cost + prior per segment (lower is better)")
    info["data_cost"] = split.cost
    return {"boundaries": [int(b) for b in split.boundaries], "cost": float(split.cost + penalty * split.k),
            "signals": signals, "info": info}


LAM = Param("lam", 1.0, "weight of the prior −ln Pr(S) = m·ln n (1 = Utiyama & Isahara's n^-m); only used when K "
                        "is automatic", low=0.0, high=1e6)
UI_PARAMS = [LAM, STOPWORDS, Param("stem", True, "stem words (Porter's stemmer as their ESeg script; Snowball's "
                                                "for another language)"), MAX_LEN]

register_method(Method(
    "ui", "Utiyama & Isahara: maximum-probability segmentation (Laplace word model per segment, prior n^-m)",
    "Utiyama & Isahara 2001, ACL, §2 (Pr(W|S) with Laplace estimates, Pr(S) = n^-m)", UI_PARAMS, _run))
