"""Splitting strategies (Alemi & Ginsparg 2015 §2.3): greedy, exact dynamic programming, iterative refinement, and
penalised DP. Each takes a fitted Score and returns segment end indices ending with N; ties go to the leftmost position."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .errors import ParameterError


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


def check_k(k, n: int) -> int:
    """K as an int in 1…n; ParameterError for anything else (a float that is a whole number is accepted)."""
    bad = ParameterError(f"the number of segments K must be a whole number between 1 and {n} (the number of "
                         f"elements), got {str(k)[:40]}")
    if isinstance(k, bool) or k is None:
        raise bad
    try:
        x = float(k)
    except (TypeError, ValueError, OverflowError):
        raise bad from None
    if not math.isfinite(x) or not x.is_integer() or not 1 <= x <= n:
        raise bad
    return int(x)


def greedy(score, k: int) -> Split:
    """Insert, K−1 times, the boundary that most lowers the total cost (Alemi eq 4–5)."""
    n = score.n
    k = check_k(k, n)
    bounds = [n]
    total = score.parts(np.array([0]), np.array([n]))[0]
    for _ in range(k - 1):
        cand = np.setdiff1d(np.arange(1, n), bounds)
        seg = np.searchsorted(bounds, cand, side="right")
        b = np.asarray(bounds)[seg]
        a = np.where(seg > 0, np.asarray(bounds)[np.maximum(seg - 1, 0)], 0)
        new = total - score.parts(a, b) + score.parts(a, cand) + score.parts(cand, b)
        best = int(np.argmin(score.key(new)))
        total = new[best]
        bounds = sorted(bounds + [int(cand[best])])
    return Split(bounds, float(score.key(total)))


def dp(score, k: int) -> Split:
    """Exact optimum for K segments by dynamic programming over whole rows (Alemi eq 6–7).

    For scores with a non-additive key (C99), the table keeps each prefix's aggregated pair and minimises the key
    of the extended pair, as Alemi & Ginsparg do; this is exact only for additive scores."""
    table = dp_table(score, check_k(k, score.n))
    return Split(table.boundaries(k), table.cost(k), costs_by_k=table.costs_by_k())


@dataclass
class DPTable:
    """Optimal costs and back-pointers for every K up to kmax: any K's segmentation without a new DP."""

    costs: np.ndarray  # costs[j, m]: best cost of the first m elements in j segments
    back: np.ndarray

    def cost(self, k: int) -> float:
        return float(self.costs[k, -1])

    def costs_by_k(self) -> list[float]:
        return [float(c) for c in self.costs[1:, -1]]

    def boundaries(self, k: int) -> list[int]:
        m = self.costs.shape[1] - 1
        bounds = []
        for j in range(k, 0, -1):
            bounds.append(m)
            m = int(self.back[j, m])
        return bounds[::-1]


def dp_table(score, kmax: int) -> DPTable:
    """One DP pass giving the optimum for every K = 1 … kmax (the cost-versus-K curve)."""
    n = score.n
    cost = np.full((kmax + 1, n + 1), np.inf)
    agg = np.zeros((kmax + 1, n + 1, score.n_parts))
    back = np.zeros((kmax + 1, n + 1), dtype=np.int64)
    cost[0, 0] = 0.0
    for m in range(1, n + 1):
        hi = min(kmax, m)
        p = score.row_parts(m)  # σ(l, m) for every l < m
        if score.additive:
            cand = cost[:hi, :m] + p[None, :, 0]
        else:
            tot = agg[:hi, :m] + p[None]
            cand = np.where(np.isfinite(cost[:hi, :m]), score.key(tot), np.inf)
        arg = cand.argmin(axis=1)
        rows = np.arange(hi)
        cost[1:hi + 1, m] = cand[rows, arg]
        back[1:hi + 1, m] = arg
        if not score.additive:
            agg[1:hi + 1, m] = tot[rows, arg]
    return DPTable(cost, back)


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


def penalized_dp(score, penalty: float) -> Split:
    """Exact minimum of Σ σ + penalty · (number of segments), K free (optimal partitioning; textsplit's split_optimal)."""
    if not score.additive:
        raise ParameterError(f"a per-segment penalty needs an additive score; '{score.name}' is a ratio")
    n = score.n
    best = np.zeros(n + 1)
    back = np.zeros(n + 1, dtype=np.int64)
    for m in range(1, n + 1):
        cand = best[:m] + score.row_parts(m)[:, 0]
        back[m] = int(np.argmin(cand))
        best[m] = cand[back[m]] + penalty
    bounds, m = [], n
    while m > 0:
        bounds.append(m)
        m = int(back[m])
    bounds = bounds[::-1]
    return Split(bounds, float(best[n] - penalty * len(bounds)))


SPLITTERS = {"greedy": greedy, "dp": dp, "refine": refine}
