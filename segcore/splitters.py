"""Splitting strategies (Alemi & Ginsparg 2015 §2.3): greedy, dynamic programming, iterative refinement, and
penalised DP. Each takes a fitted Score and returns segment end indices ending with N; ties go to the leftmost
position.

Work grows with the document, not its square: the DP considers segments of at most `max_len` elements (a band:
O(N·L·K) time, O(N·K) memory) and, when even the band is too much work, places boundaries first on a grid of every
`step`-th position (exact segment costs, only the boundaries restricted) and then moves each boundary to its best
place within ±step by an exact DP over those windows. On short texts the band is the whole text and the step is 1:
the DP is then the exact optimum (`plan`).
"""
from __future__ import annotations

import bisect
import math
from dataclasses import dataclass

import numpy as np

from .document import level_noun
from .errors import ParameterError

FULL = 500                 # texts of at most this many elements: exact DP over every segmentation
SEGMENT_FACTOR = 5         # with K given, segments of up to 5× the mean length N/K are considered
CELLS = 400_000_000        # DP work (rows × band × max(K, PART_COST)) above which boundaries go on a coarser grid
PART_COST = 64             # work of one segment cost σ(l, m) in DP cells (an O(D) score, D ≈ 50)


@dataclass
class Split:
    boundaries: list[int]
    cost: float
    converged: bool | None = None
    sweeps: int | None = None
    costs_by_k: list[float] | None = None  # best cost for K = 1, 2, … (dynamic programming only)

    @property
    def k(self) -> int:
        return len(self.boundaries)


def check_room(k: int | None, n: int, units: str, after: str = "") -> None:
    """ParameterError when K is given and more than the `n` `units` a method has left to split ('K = 7 is more than
    the 5 words left after 'cut''; `after` goes on the message)."""
    if k is not None and k > n:
        raise ParameterError(f"K = {k} is more than the {n} {units}{after}")


def check_k(k, n: int, level: str = "sentence") -> int:
    """K as an int in 1…n (n elements at `level`); ParameterError for anything else (a float that is a whole number
    is accepted)."""
    bad = ParameterError(f"the number of segments K must be a whole number between 1 and {n} (the number of "
                         f"{level_noun(level)}), got {str(k)[:40]}")
    if isinstance(k, bool) or k is None:
        raise bad
    try:
        x = float(k)
    except (TypeError, ValueError, OverflowError):
        raise bad from None
    if not math.isfinite(x) or not x.is_integer() or not 1 <= x <= n:
        raise bad
    return int(x)


def band(n: int, k: int | None, max_len: int = 0) -> int:
    """The longest segment a DP for K segments considers: max_len, or when it is 0 the whole text when n ≤ FULL or K
    is not given, else max(FULL, SEGMENT_FACTOR·N/K)."""
    if max_len <= 0:
        max_len = n if n <= FULL or k is None else max(FULL, math.ceil(SEGMENT_FACTOR * n / k))
    return min(n, max_len)


def fewest(n: int, max_len: int = 0) -> int:
    """The fewest segments of at most max_len elements (0 = any length) that cover n elements."""
    return -(-n // band(n, None, max_len))


def plan(n: int, kmax: int, max_len: int = 0, k: int | None = None, level: str = "sentence") -> tuple[int, int]:
    """(max_len, step) of a DP over n elements (at `level`, as its message says) and up to kmax segments. max_len
    = 0 chooses it: the whole text when n ≤ FULL or K is not given, else max(FULL, SEGMENT_FACTOR·N/K); step = 1
    unless the work n/step · max_len/step · max(kmax, PART_COST) would exceed CELLS."""
    max_len = band(n, k, max_len)
    if k is not None and k * max_len < n:
        raise ParameterError(f"K = {k} segments of at most max_len = {max_len} {level_noun(level, max_len)} cannot "
                             f"cover the {n} {level_noun(level, n)}; raise max_len or K")
    step = max(1, math.ceil(math.sqrt(n * max_len * max(kmax, PART_COST) / CELLS)))
    return max_len, min(step, max(1, max_len // 2))


def greedy(score, k: int) -> Split:
    """Insert, K−1 times, the boundary that most lowers the total cost (Alemi eq 4–5). Each candidate c of a segment
    [a, b) keeps its change σ(a, c) + σ(c, b) − σ(a, b) (Score.split_parts); after a split only the two new
    segments' candidates are recomputed: O(N) per step plus the new costs."""
    n = score.n
    k = check_k(k, n)
    bounds = [0, n]
    total = score.parts(np.array([0]), np.array([n]))[0]
    delta = np.zeros((n + 1, score.n_parts))
    free = np.ones(n + 1, dtype=bool)
    free[[0, n]] = False

    def update(a, b):
        if b - a > 1:
            delta[a + 1:b] = score.split_parts(a, b)

    update(0, n)
    for _ in range(k - 1):
        new = total + delta
        c = int(np.argmin(np.where(free, score.key(new), np.inf)))
        total = new[c]
        free[c] = False
        i = bisect.bisect(bounds, c)
        a, b = bounds[i - 1], bounds[i]
        bounds.insert(i, c)
        update(a, c)
        update(c, b)
    return Split(bounds[1:], float(score.key(total)))


@dataclass
class DPTable:
    """Optimal costs and back-pointers for every K up to kmax over the candidate ends `positions`: any K's
    segmentation without a new DP."""

    costs: np.ndarray      # costs[j, e]: best cost of the first positions[e] elements in j segments
    back: np.ndarray       # back[j, e]: index of the previous segment end
    positions: np.ndarray  # candidate segment ends, 0 … N

    def cost(self, k: int) -> float:
        return float(self.costs[k, -1])

    def costs_by_k(self) -> list[float | None]:
        """Best cost for K = 1 … kmax; None where no segmentation into K segments fits the band."""
        return [float(c) if np.isfinite(c) else None for c in self.costs[1:, -1]]

    def boundaries(self, k: int) -> list[int]:
        e = self.costs.shape[1] - 1
        if not np.isfinite(self.costs[k, e]):
            raise ParameterError(f"no segmentation into K = {k} segments fits the maximum segment length")
        bounds = []
        for j in range(k, 0, -1):
            bounds.append(int(self.positions[e]))
            e = int(self.back[j, e])
        return bounds[::-1]


def grid(n: int, step: int) -> np.ndarray:
    """Candidate segment ends 0, step, 2·step, …, N."""
    return np.unique(np.append(np.arange(0, n, step), n))


def dp_table(score, kmax: int, max_len: int = 0, step: int = 1) -> DPTable:
    """One DP pass giving the optimum for every K = 1 … kmax (the cost-versus-K curve) over segments of at most
    `max_len` elements (0 = any) whose ends lie on the grid of every `step`-th position (Alemi eq 6–7). For scores
    with a non-additive key (C99), each prefix keeps its aggregated parts and the key of the extended aggregate is
    minimised, as Alemi & Ginsparg do; exact only for additive scores."""
    n = score.n
    pos = grid(n, step)
    g = len(pos)
    max_len = n if max_len <= 0 else max_len
    cost = np.full((kmax + 1, g), np.inf)
    back = np.zeros((kmax + 1, g), dtype=np.int32)
    agg = None if score.additive else np.zeros((kmax + 1, g, score.n_parts))
    cost[0, 0] = 0.0
    lows = np.searchsorted(pos, pos - max_len)
    # one row's candidates of an additive score, reused (a fresh array per row touches new pages)
    buf = np.empty(kmax * int((np.arange(g) - lows).max())) if agg is None else None
    for e in range(1, g):
        lo, hi = int(lows[e]), min(kmax, e)
        p = score.row_parts(int(pos[e]), pos[lo:e])  # σ(l, m) for the candidate starts l
        if agg is None:
            cand = np.add(cost[:hi, lo:e], p[None, :, 0], out=buf[:hi * (e - lo)].reshape(hi, e - lo))
        else:
            tot = agg[:hi, lo:e] + p[None]
            cand = np.where(np.isfinite(cost[:hi, lo:e]), score.key(tot), np.inf)
        arg = cand.argmin(axis=1)
        rows = np.arange(hi)
        cost[1:hi + 1, e] = cand[rows, arg]
        back[1:hi + 1, e] = lo + arg
        if agg is not None:
            agg[1:hi + 1, e] = tot[rows, arg]
    return DPTable(cost, back, pos)


def tabulated_costs(table: np.ndarray, kmax: int) -> np.ndarray:
    """`auto_table`'s best cost of each K = 1 … min(kmax, N) over every segmentation (Alemi eq 6–7), when every
    σ(l, m) is tabulated (table[m, l], `Score.table`): the DP without back-pointers, each end's candidates laid out by
    start and then K (one whole-array sum and min per end)."""
    n = table.shape[0] - 1
    kmax = min(kmax, n)
    best = np.full((n + 1, kmax + 1), np.inf)  # best[e, j]: the first e elements in j segments
    best[0, 0] = 0.0
    buf = np.empty(n * kmax)
    for e in range(1, n + 1):
        hi = min(kmax, e)
        cand = np.add(best[:e, :hi], table[e, :e, None], out=buf[:e * hi].reshape(e, hi))
        cand.min(axis=0, out=best[e, 1:hi + 1])
    return best[n, 1:]


def windows(score, bounds: list[int], radius: int) -> list[int]:
    """The segmentation with the lowest cost among those whose i-th boundary lies within ±radius of bounds[i]: an
    exact DP over the windows (for scores with a non-additive key, the aggregate rule of `dp_table`)."""
    n = score.n
    inner = [np.arange(max(1, b - radius), min(n - 1, b + radius) + 1) for b in bounds[:-1]]
    layers = [np.array([0])] + inner + [np.array([n])]
    cost = [np.zeros(1)]
    agg = [np.zeros((1, score.n_parts))]
    backs = []
    for prev, cur in zip(layers[:-1], layers[1:]):
        starts, ends = np.meshgrid(prev, cur, indexing="ij")
        p = score.parts(starts.ravel(), ends.ravel()).reshape(len(prev), len(cur), score.n_parts)
        tot = agg[-1][:, None, :] + p
        ok = (starts < ends) & np.isfinite(cost[-1])[:, None]
        if score.additive:
            cand = np.where(ok, cost[-1][:, None] + p[..., 0], np.inf)
        else:
            cand = np.where(ok, score.key(tot), np.inf)
        arg = cand.argmin(axis=0)
        cols = np.arange(len(cur))
        cost.append(cand[arg, cols])
        agg.append(tot[arg, cols])
        backs.append(arg)
    out, j = [n], 0
    for layer, arg in zip(layers[-2:0:-1], backs[:0:-1]):
        j = int(arg[j])
        out.append(int(layer[j]))
    return out[::-1]


def dp(score, k: int, max_len: int = 0, level: str = "sentence") -> Split:
    """The optimum for K segments (Alemi eq 6–7) by `dp_table` with the band and grid `plan` chooses; on a grid
    coarser than 1, each boundary is then moved to its best place within ±step (`windows`). `level`: what the
    score's rows are, for the messages."""
    k = check_k(k, score.n, level)
    length, step = plan(score.n, k, max_len, k, level)
    table = dp_table(score, k, length, step)
    bounds = table.boundaries(k)
    costs = own_costs(table, score.n, max_len, length)
    if step == 1:
        return Split(bounds, table.cost(k), costs_by_k=costs)
    bounds = windows(score, bounds, step - 1)
    return Split(bounds, score.total(bounds), costs_by_k=costs)


def own_costs(table: DPTable, n: int, max_len: int, length: int) -> list[float | None]:
    """The table's best cost of each K (segments of at most `length`) where it is K's own optimum: None for a K
    whose own band is longer, over which the table's cost is only an upper bound."""
    return [c if c is None or band(n, j, max_len) <= length else None for j, c in enumerate(table.costs_by_k(), 1)]


def auto_table(score, kmax: int, max_len: int = 0) -> DPTable:
    """The table for an automatic choice of K: every K up to kmax (at most one segment per grid cell) over segments
    of up to max_len elements (the whole text by default), on the grid `plan` chooses."""
    max_len, step = plan(score.n, kmax, max_len)
    return dp_table(score, min(kmax, len(grid(score.n, step)) - 1), max_len, step)


def segmentation(score, table: DPTable, k: int, max_len: int = 0) -> Split:
    """The K-segment optimum from an automatic-K table: read off it when its grid is every position, else a new
    `dp` with K given (element resolution)."""
    if len(table.positions) == score.n + 1:
        return Split(table.boundaries(k), table.cost(k), costs_by_k=table.costs_by_k())
    return dp(score, k, max_len)


def refine(score, k: int, init: list[int] | None = None, max_sweeps: int = 20) -> Split:
    """Lloyd-style relaxation: move each boundary to its best place between its neighbours (Alemi eq 8–9),
    starting from the greedy segmentation, until a sweep moves nothing or `max_sweeps` sweeps."""
    n = score.n
    k = check_k(k, n)
    bounds = list(init) if init is not None else greedy(score, k).boundaries
    ends = np.asarray(bounds)
    total = score.parts(np.concatenate([[0], ends[:-1]]), ends).sum(axis=0)
    converged, sweep = k == 1, 0
    while not converged and sweep < max_sweeps:
        sweep += 1
        moved = False
        for t in range(k - 1):
            a = bounds[t - 1] if t > 0 else 0
            c = bounds[t + 1]
            cur = bounds[t]
            cand = np.arange(a + 1, c)
            base = total - score.parts(np.array(a), np.array(cur)) - score.parts(np.array(cur), np.array(c))
            new = base + score.parts(np.full_like(cand, a), cand) + score.parts(cand, np.full_like(cand, c))
            keys = score.key(new)
            best = int(np.argmin(keys))
            if keys[best] < score.key(total) - 1e-12 * max(1.0, abs(float(score.key(total)))):
                bounds[t] = int(cand[best])
                total = new[best]
                moved = True
        converged = not moved
    return Split(bounds, float(score.key(total)), converged=converged, sweeps=sweep)


def penalized_dp(score, penalty: float, max_len: int = 0) -> Split:
    """Minimum of Σ σ + penalty · (number of segments), K free (optimal partitioning; textsplit's split_optimal),
    over segments of at most max_len elements (0 = any), on the grid `plan` chooses (exact when it is every position;
    otherwise each boundary is then moved to its best place within ±step, `windows`)."""
    if not score.additive:
        raise ParameterError(f"a per-segment penalty needs an additive score; '{score.name}' is a ratio")
    n = score.n
    max_len, step = plan(n, 1, max_len)
    pos = grid(n, step)
    lows = np.searchsorted(pos, pos - max_len)
    best = np.zeros(len(pos))
    back = np.zeros(len(pos), dtype=np.int64)
    for e in range(1, len(pos)):
        lo = int(lows[e])
        cand = best[lo:e] + score.row_parts(int(pos[e]), pos[lo:e])[:, 0]
        back[e] = lo + int(np.argmin(cand))
        best[e] = cand[back[e] - lo] + penalty
    bounds, e = [], len(pos) - 1
    while e > 0:
        bounds.append(int(pos[e]))
        e = int(back[e])
    bounds = bounds[::-1]
    if step == 1:
        return Split(bounds, float(best[-1] - penalty * len(bounds)))
    bounds = windows(score, bounds, step - 1)
    return Split(bounds, score.total(bounds))


SPLITTERS = {"greedy": greedy, "dp": dp, "refine": refine}
