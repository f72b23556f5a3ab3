"""Choi's C99 (Choi 2000): rank-transformed cosine matrix, divisive clustering of regions maximising the inside
density D, and the automatic stop on the smoothed density gradient (§3.3–3.5; as his C99.java). Also C99's inside
density as a framework score (`C99Score`, Alemi & Ginsparg 2015 eq 12–15), which `oc99` optimises with any
splitter."""
from __future__ import annotations

import numpy as np

from ..errors import ParameterError
from ..methods import Method, Param, Signal, register_method
from ..pipeline import rep_params, representation_for
from ..representations import cosine_matrix, rank_transform
from ..scores import BlockSums, Score, register_score

RANK = Param("rank", 11, "size r of the r×r rank mask (Choi 2000 §3.2; Alemi eq 11); 0 = plain cosine, no ranking",
             low=0, high=25)


@register_score
class C99Score(Score):
    """C99 inside density: σ = (β, α), β the rank-matrix block sum, α = (j−i)², key −Σβ/Σα (Alemi eq 12–15; Choi 2000
    §3.3).
    rank = 0 uses the plain cosine matrix (Alemi & Ginsparg's no-rank rows)."""

    name = "c99"
    n_parts = 2

    def __init__(self, rank: int = 11):
        self.rank = rank

    def fit(self, x):
        self.similarity = cosine_matrix(x)
        self.ranked = rank_transform(self.similarity, self.rank) if self.rank > 0 else self.similarity
        self.n = self.ranked.shape[0]
        self._block = BlockSums(self.ranked)
        return self

    def parts(self, starts, ends):
        i, j = np.asarray(starts), np.asarray(ends)
        beta = self._block(i, j)
        return np.stack([beta, ((j - i) ** 2).astype(float)], axis=-1)

    def key(self, agg):
        return -agg[..., 0] / np.maximum(agg[..., 1], 1.0)


MASK = np.array([1, 2, 4, 8, 4, 2, 1], dtype=float)


def _best_split(block: BlockSums, start: int, end: int) -> int:
    """Inside a region [start, end) the boundary b maximising its own two-part density (Choi's bestBoundary_max);
    ties go to the rightmost, as in his program."""
    b = np.arange(start + 1, end)
    inside = (block(start, b) + block(b, end)) / ((b - start) ** 2 + (end - b) ** 2)
    rev = inside[::-1]
    i = len(rev) - 1 - int(np.argmax(rev))
    return int(b[i]) if inside[i] > 0 else start + 1


def divisive(ranked: np.ndarray, k: int | None) -> tuple[list[int], dict, dict]:
    """Split regions one at a time, always the one whose best split most raises D = Σβ/Σα; with k None, keep the
    splits whose smoothed gradient δD exceeds μ + 1.2·σ (Choi 2000 §3.5). Returns boundaries, signals (over K) and
    info (the order of the splits)."""
    n = ranked.shape[0]
    block = BlockSums(ranked)
    regions = [(0, n)]
    splits = {(0, n): _best_split(block, 0, n) if n > 1 else None}
    beta, alpha = block(0, n), float(n * n)
    order, gains, densities = [], [], [beta / alpha]
    steps = (k - 1) if k is not None else n - 1
    for _ in range(steps):
        best, best_d = None, -np.inf
        for idx in range(len(regions) - 1, -1, -1):  # Choi scans regions from the last; strict > keeps the first seen
            a, c = regions[idx]
            if c - a < 2:
                continue
            b = splits[(a, c)]
            d = (beta - block(a, c) + block(a, b) + block(b, c)) / (
                alpha - (c - a) ** 2 + (b - a) ** 2 + (c - b) ** 2)
            if d > best_d:
                best, best_d = idx, d
        if best is None:
            break
        a, c = regions[best]
        b = splits[(a, c)]
        regions[best:best + 1] = [(a, b), (b, c)]
        for r in ((a, b), (b, c)):
            splits[r] = _best_split(block, *r) if r[1] - r[0] > 1 else None
        beta += block(a, b) + block(b, c) - block(a, c)
        alpha += (b - a) ** 2 + (c - b) ** 2 - (c - a) ** 2
        gains.append(best_d - densities[-1])
        densities.append(best_d)
        order.append(b)
    signals = {"density": Signal([float(d) for d in densities], "k")}  # density after K − 1 splits
    info = {"split_order": [int(b) for b in order]}
    if k is None:
        g = np.array(gains)
        smooth = np.convolve(g, MASK, mode="same") / np.convolve(np.ones_like(g), MASK, mode="same") if len(g) else g
        threshold = float(smooth.mean() + 1.2 * smooth.std()) if len(g) else 0.0
        above = smooth > threshold
        number = int(np.argmin(above)) if not above.all() else len(above)
        order = order[:number]
        ks = list(range(2, len(g) + 2))  # split i takes K from i + 1 to i + 2
        signals.update(gradient=Signal(g.tolist(), "k", x=ks),
                       smoothed_gradient=Signal(smooth.tolist(), "k", x=ks, threshold=threshold))
    return sorted(order) + [n], signals, info


def _run(doc, k, p, context):
    """Choi 2000 §3: rank matrix (§3.2), divisive clustering on the inside density (§3.3–3.4), automatic stop (§3.5)."""
    rep = representation_for(doc, p, context)
    ranked = C99Score(rank=p["rank"]).fit(rep.matrix).ranked
    if k is not None and k > len(rep.kept):
        raise ParameterError(f"K = {k} is more than the {len(rep.kept)} elements left after 'cut'")
    bounds, signals, info = divisive(ranked, k)
    return {"boundaries": rep.to_original(bounds), "signals": signals, "info": info}


register_method(Method(
    "c99", "Choi's C99: rank matrix, divisive clustering, automatic stop on the density gradient",
    "Choi 2000, §3", [*rep_params("tf", stem=True), RANK], _run))
