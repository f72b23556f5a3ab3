"""Scoring functions σ(i, j) of a candidate segment i..j−1 (Alemi & Ginsparg 2015 §2.2, §3), fitted once, O(D) or O(1)
per segment from prefix sums.

A score returns `n_parts` components per segment; segments aggregate by adding components (⊕) and `key` maps the
sum to one cost to minimise (⟦·⟧). Additive scores have one component and the identity key.
"""
from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np
from scipy.spatial.distance import cdist, pdist, squareform

from .errors import ParameterError

SCORES: dict[str, type["Score"]] = {}


def register_score(cls):
    SCORES[cls.name] = cls
    return cls


class Score(ABC):
    """Base class: fitted once on the N×D representation (sets `n`), then `parts(starts, ends)` for any arrays of
    segments."""

    name = ""
    n_parts = 1

    @abstractmethod
    def parts(self, starts, ends) -> np.ndarray:
        """Components of σ for each (start, end) pair, shape starts.shape + (n_parts,)."""

    def row_parts(self, end: int, starts=None) -> np.ndarray:
        """Components of σ(l, end) for the given starts l (every l < end by default), shape (len, n_parts): one DP
        row."""
        starts = np.arange(end) if starts is None else np.asarray(starts)
        return self.parts(starts, np.full(len(starts), end))

    def table(self) -> np.ndarray:
        """σ(l, m) of every segment at [m, l] of an (N+1)×(N+1) array (cells l ≥ m are not read), one `row_parts`
        per end: the values a DP reads, at the cost of N rows (additive scores)."""
        out = np.zeros((self.n + 1, self.n + 1))
        for m in range(1, self.n + 1):
            out[m, :m] = self.row_parts(m)[:, 0]
        return out

    def split_parts(self, start: int, end: int) -> np.ndarray:
        """Components of σ(start, c) + σ(c, end) − σ(start, end) for c = start+1 … end−1, shape (len, n_parts): what
        splitting [start, end) at c adds to the total (greedy)."""
        c = np.arange(start + 1, end)
        m = len(c)
        p = self.parts(np.concatenate([np.full(m, start), c, [start]]), np.concatenate([c, np.full(m, end), [end]]))
        return p[:m] + p[m:2 * m] - p[2 * m]

    def key(self, agg: np.ndarray) -> np.ndarray:
        """Cost to minimise from aggregated components (identity for additive scores)."""
        return agg[..., 0]

    @property
    def additive(self) -> bool:
        return self.n_parts == 1

    def error(self, start: int, end: int) -> float:
        return float(self.key(self.parts(np.array(start), np.array(end))))

    def total(self, boundaries) -> float:
        """C(s) = ⟦σ(0, s1) ⊕ … ⊕ σ(s_{K−1}, s_K)⟧ (Alemi eq 2–3)."""
        ends = np.asarray(boundaries)
        starts = np.concatenate([[0], ends[:-1]])
        return float(self.key(self.parts(starts, ends).sum(axis=0)))


def stride(starts: np.ndarray) -> int:
    """s when the starts are l, l+s, l+2s, … (s ≥ 1; a DP's band on a grid of every s-th position), else 0; 1 for
    one start."""
    if len(starts) < 2:
        return int(len(starts))
    step = int(starts[1] - starts[0])
    return step if step > 0 and bool((np.diff(starts) == step).all()) else 0


def rows_of(prefix: np.ndarray, end: int, starts=None) -> np.ndarray:
    """prefix[starts] (every l < end by default): a view, not a copy, when the starts are a `stride` (a DP's band)."""
    if starts is None:
        return prefix[:end]
    starts = np.asarray(starts)
    step = stride(starts)
    return prefix[starts[0]:starts[-1] + 1:step] if step else prefix[starts]


def _prefix(x: np.ndarray) -> np.ndarray:
    out = np.zeros((x.shape[0] + 1,) + x.shape[1:])
    np.cumsum(x, axis=0, out=out[1:])
    return out


class BandSums:
    """Σ_{u,v ∈ [i, j)} w[u, v] of a symmetric N×N matrix known on a band (w_band[u, t] = w[u, u+t], t ≤ W; cells
    farther from the diagonal count as 0), in O(1) per block from O(N·W) tables: Q[i, s] = the block [i, i+s) for
    s ≤ W+1, and for longer blocks Q[i, W+1] plus the full band columns beyond (prefix G)."""

    def __init__(self, w_band: np.ndarray):
        n, width = w_band.shape[0], w_band.shape[1] - 1
        diag = w_band[:, 0]
        colcum = np.zeros((n, width + 1))       # colcum[v, t] = Σ_{t' ≤ t} w[v − t', v]
        for t in range(1, width + 1):
            colcum[t:, t] = colcum[t:, t - 1] + w_band[:n - t, t]
            colcum[:t, t] = colcum[:t, t - 1]
        self.q = np.zeros((n + 1, width + 2))   # q[i, s] = Σ_{v = i}^{i+s−1} (w[v, v] + 2 colcum[v, v − i])
        for s in range(width + 1):
            self.q[:n - s, s + 1] = self.q[:n - s, s] + diag[s:] + 2.0 * colcum[s:, s]
            self.q[n - s:n, s + 1] = self.q[n - s:n, s]
        full = diag + 2.0 * colcum[np.arange(n), np.minimum(np.arange(n), width)]
        self.g = np.concatenate([[0.0], np.cumsum(full)])
        self.width = width

    def __call__(self, i, j):
        i, j = np.asarray(i), np.asarray(j)
        s = j - i
        short = s <= self.width + 1
        head = self.q[i, np.where(short, s, self.width + 1)]
        tail = np.where(short, 0.0, self.g[j] - self.g[np.minimum(i + self.width + 1, len(self.g) - 1)])
        return head + tail


@register_score
class EuclideanScore(Score):
    """Sum of squared deviations from the segment mean (Alemi & Ginsparg 2015 eq 19–20)."""

    name = "euclidean"

    def fit(self, x):
        x = np.asarray(x, dtype=float)
        self.n = x.shape[0]
        self._sum = _prefix(x)
        self._sq = _prefix((x * x).sum(axis=1))
        return self

    def parts(self, starts, ends):
        starts, ends = np.asarray(starts), np.asarray(ends)
        s = self._sum[ends] - self._sum[starts]
        length = np.maximum(ends - starts, 1)
        return (self._sq[ends] - self._sq[starts] - (s * s).sum(axis=-1) / length)[..., None]


class PrefixDistance(Score):
    """σ(l, m) = −scale · dist(S_m, S_l), a distance between prefix sums S of the rows: a DP's rows computed for a
    block of BLOCK ends at once (on its grid of every s-th position) and the whole triangle at once (scipy's cdist
    and pdist: one C kernel per pair, so every path gives the same bits); `parts` for any segments by numpy."""

    metric = ""
    BLOCK = 64

    def fit(self, x):
        x = np.asarray(x, dtype=float)
        self.n = x.shape[0]
        self._scale = self.scale_of(x.shape[1])
        self._sum = _prefix(x)
        self._block = (0, 0, 0, 1, np.zeros((0, 0)))  # rows of ends e0, e0 + s, … < e1 over starts s0, s0 + s, …
        return self

    def scale_of(self, dim: int) -> float:
        return 1.0

    @abstractmethod
    def distance(self, s: np.ndarray) -> np.ndarray:
        """dist of each difference of prefix sums (rows of s) to 0, by numpy."""

    def parts(self, starts, ends):
        return (-self._scale * self.distance(self._sum[np.asarray(ends)] - self._sum[np.asarray(starts)]))[..., None]

    def row_parts(self, end, starts=None):
        starts = np.arange(end) if starts is None else np.asarray(starts)
        step = stride(starts)
        if not step:
            return -self._scale * cdist(self._sum[starts], self._sum[end:end + 1], self.metric)
        lo, (e0, e1, s0, s, rows) = int(starts[0]), self._block
        # a DP asks rows by increasing end with non-decreasing starts, on one grid
        if not (step == s and e0 <= end < e1 and (end - e0) % s == 0 and s0 <= lo and (lo - s0) % s == 0):
            e0, e1, s0 = end, min(self.n + 1, end + self.BLOCK * step), lo
            rows = -self._scale * cdist(self._sum[e0:e1:step], self._sum[s0:e1:step], self.metric)
            self._block = e0, e1, s0, step, rows
        at = (lo - s0) // step
        return rows[(end - e0) // step, at:at + len(starts), None]

    def table(self):
        return -self._scale * squareform(pdist(self._sum, self.metric))


@register_score
class CVSScore(PrefixDistance):
    """Content Vector Segmentation: −Σ_k |Σ_l w_lk| / √D, the negated log-likelihood (Alemi & Ginsparg 2015
    eq 28–29): the city-block distance between prefix sums."""

    name = "cvs"
    metric = "cityblock"

    def scale_of(self, dim):
        return 1.0 / np.sqrt(dim)

    def distance(self, s):
        return np.abs(s).sum(axis=-1)

    def split_parts(self, start, end):
        inner = self._sum[start + 1:end]
        change = np.abs(inner - self._sum[start]).sum(axis=1) + np.abs(self._sum[end] - inner).sum(axis=1)
        return (-self._scale * (change - np.abs(self._sum[end] - self._sum[start]).sum()))[:, None]


class ResultantScore(PrefixDistance):
    """−‖Σ_l x_l‖₂, the von Mises–Fisher log-likelihood of a segment's unit word directions x at concentration 1
    with its maximum-likelihood mean direction, up to a constant of the segmentation (Banerjee et al. 2005, eq 2):
    each word's cosine with the segment's mean direction. The Euclidean distance between prefix sums."""

    name = "resultant"
    metric = "euclidean"

    def distance(self, s):
        return np.sqrt((s * s).sum(axis=-1))


class WeightedSum(Score):
    """Σ_i w_i σ_i(i, j) of already fitted additive scores: one objective from several representations."""

    name = "sum"

    def __init__(self, scores, weights):
        if any(not sc.additive for sc in scores):
            raise ParameterError("only additive scores can be summed")
        self.scores, self.weights = list(scores), list(weights)
        self.n = self.scores[0].n

    def parts(self, starts, ends):
        return sum(w * sc.parts(starts, ends) for sc, w in zip(self.scores, self.weights) if w)

    def row_parts(self, end, starts=None):
        return sum(w * sc.row_parts(end, starts) for sc, w in zip(self.scores, self.weights) if w)


class Dense(Score):
    """An additive score's σ(l, m) for every l < m, computed at once (`Score.table`) and then read: for texts
    short enough that a DP asks for the whole triangle, more than once (the gap statistic's tables). A WeightedSum's
    table is the weighted sum of its parts' tables; `known` (id of a score → its table) shares a part's table between
    sums. O(N²) memory."""

    name = "dense"

    def __init__(self, score, known: dict | None = None):
        if not score.additive:
            raise ParameterError("only additive scores can be tabulated")
        self.n = score.n
        known = {} if known is None else known
        if isinstance(score, WeightedSum):
            self._table = sum(w * Dense(s, known)._table for s, w in zip(score.scores, score.weights) if w)
        elif id(score) in known:
            self._table = known[id(score)]
        else:
            self._table = known[id(score)] = score.table()  # [end, start]

    def parts(self, starts, ends):
        return self._table[np.asarray(ends), np.asarray(starts)][..., None]

    def row_parts(self, end, starts=None):
        return rows_of(self._table[end], end, starts)[:, None]

    def table(self):
        return self._table
