"""Choi's C99 (Choi 2000): rank-transformed cosine matrix, divisive clustering of regions maximising the inside
density D, and the automatic stop on the smoothed density gradient (§3.3–3.5; as his C99.java)."""
from __future__ import annotations

import numpy as np

MASK = np.array([1, 2, 4, 8, 4, 2, 1], dtype=float)


def _best_split(s: np.ndarray, start: int, end: int) -> int:
    """Inside a region [start, end) the boundary b maximising its own two-part density (Choi's bestBoundary_max);
    ties go to the rightmost, as in his program."""
    b = np.arange(start + 1, end)
    inside = (_block(s, start, b) + _block(s, b, end)) / ((b - start) ** 2 + (end - b) ** 2)
    rev = inside[::-1]
    i = len(rev) - 1 - int(np.argmax(rev))
    return int(b[i]) if inside[i] > 0 else start + 1


def _block(s, i, j):
    return s[j, j] - s[i, j] - s[j, i] + s[i, i]


def divisive(ranked: np.ndarray, k: int | None) -> tuple[list[int], dict]:
    """Split regions one at a time, always the one whose best split most raises D = Σβ/Σα; with k None, keep the
    splits whose smoothed gradient δD exceeds μ + 1.2·σ (Choi 2000 §3.5). Returns boundaries and signals."""
    n = ranked.shape[0]
    s = np.zeros((n + 1, n + 1))
    s[1:, 1:] = ranked.cumsum(0).cumsum(1)
    regions = [(0, n)]
    splits = {(0, n): _best_split(s, 0, n) if n > 1 else None}
    beta, alpha = _block(s, 0, n), float(n * n)
    order, gains, densities = [], [], [beta / alpha]
    steps = (k - 1) if k is not None else n - 1
    for _ in range(steps):
        best, best_d = None, -np.inf
        for idx in range(len(regions) - 1, -1, -1):  # Choi scans regions from the last; strict > keeps the first seen
            a, c = regions[idx]
            if c - a < 2:
                continue
            b = splits[(a, c)]
            d = (beta - _block(s, a, c) + _block(s, a, b) + _block(s, b, c)) / (
                alpha - (c - a) ** 2 + (b - a) ** 2 + (c - b) ** 2)
            if d > best_d:
                best, best_d = idx, d
        if best is None:
            break
        a, c = regions[best]
        b = splits[(a, c)]
        regions[best:best + 1] = [(a, b), (b, c)]
        for r in ((a, b), (b, c)):
            splits[r] = _best_split(s, *r) if r[1] - r[0] > 1 else None
        beta += _block(s, a, b) + _block(s, b, c) - _block(s, a, c)
        alpha += (b - a) ** 2 + (c - b) ** 2 - (c - a) ** 2
        gains.append(best_d - densities[-1])
        densities.append(best_d)
        order.append(b)
    signals = {"density": densities, "split_order": order}
    if k is None:
        g = np.array(gains)
        smooth = np.convolve(g, MASK, mode="same") / np.convolve(np.ones_like(g), MASK, mode="same") if len(g) else g
        threshold = float(smooth.mean() + 1.2 * smooth.std()) if len(g) else 0.0
        above = smooth > threshold
        number = int(np.argmin(above)) if not above.all() else len(above)
        order = order[:number]
        signals.update(gradient=g.tolist(), smoothed_gradient=smooth.tolist(), threshold=threshold)
    return sorted(order) + [n], signals
