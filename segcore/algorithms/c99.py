"""Choi's C99 (Choi 2000): rank-transformed cosine matrix, divisive clustering of regions maximising the inside
density D, and the automatic stop on the smoothed density gradient (§3.3–3.5; as his C99.java). Also C99's inside
density as a framework score (`C99Score`, Alemi & Ginsparg 2015 eq 12–15), which `oc99` optimises with any
splitter."""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from ..document import level_noun
from ..methods import MAX_LEN, Method, Param, Signal, register_method
from ..pipeline import rep_params, representation_for
from ..representations import cosine_band, rank_band
from ..scores import BandSums, Score, register_score
from ..splitters import check_room, plan

RANK = Param("rank", 11, "size r of the r×r rank mask (Choi 2000 §3.2; Alemi eq 11); 0 = plain cosine, no ranking",
             low=0, high=25)


CELLS = 10_000_000  # cells of the rank matrix's band (elements × width) above which elements are pooled in blocks


def layout(n: int, k: int | None, max_len: int = 0, level: str = "sentence") -> tuple[int, int]:
    """(pool, width): how many consecutive elements form one unit of C99's matrices, and the band kept around the
    diagonal in elements. width = the DP's segment-length band with K given (splitters.plan), the whole text with K
    automatic; units are pooled so that their band has at most CELLS cells (C99 on pseudo-sentences, as TextTiling's
    pseudo-sentences of w words); `level`: what the n elements are (plan's message)."""
    width = plan(n, k, max_len, k, level)[0] if k is not None else (min(n, max_len) if max_len > 0 else n)
    return max(1, math.ceil(math.sqrt(n * width / CELLS))), width


@register_score
class C99Score(Score):
    """C99 inside density: σ = (β, α), β the rank-matrix block sum, α = (j−i)², key −Σβ/Σα (Alemi eq 12–15; Choi 2000
    §3.3). rank = 0 uses the plain cosine matrix (Alemi & Ginsparg's no-rank rows). Only the band of `width` cells
    around the diagonal is computed (0 = all); cells beyond it count as 0."""

    name = "c99"
    n_parts = 2

    def __init__(self, rank: int = 11, width: int = 0):
        self.rank, self.width = rank, width

    def fit(self, x):
        self.n = x.shape[0]
        width = self.n - 1 if self.width <= 0 else min(self.width, self.n - 1)
        margin = max(0, self.rank - 1) // 2 * 2
        cos = cosine_band(x, width + margin)
        self.ranked = rank_band(cos, self.rank, width) if self.rank > 0 else cos[:, :width + 1]
        self.block = BandSums(self.ranked)
        return self

    def parts(self, starts, ends):
        i, j = np.asarray(starts), np.asarray(ends)
        return np.stack([self.block(i, j), ((j - i) ** 2).astype(float)], axis=-1)

    def key(self, agg):
        return -agg[..., 0] / np.maximum(agg[..., 1], 1.0)


MASK = np.array([1, 2, 4, 8, 4, 2, 1], dtype=float)
AUTO_SPLITS = 1000  # with K automatic, the split sequence whose density gradient sets the stop is this long at most


def _best_split(block: BandSums, start: int, end: int) -> int:
    """Inside a region [start, end) the boundary b maximising its own two-part density (Choi's bestBoundary_max);
    ties go to the rightmost, as in his program."""
    b = np.arange(start + 1, end)
    inside = (block(start, b) + block(b, end)) / ((b - start) ** 2 + (end - b) ** 2)
    rev = inside[::-1]
    i = len(rev) - 1 - int(np.argmax(rev))
    return int(b[i]) if inside[i] > 0 else start + 1


def divisive(block: BandSums, n: int, k: int | None) -> tuple[list[int], dict, dict]:
    """Split regions one at a time, always the one whose best split most raises D = Σβ/Σα; with k None, keep the
    splits whose smoothed gradient δD exceeds μ + 1.2·σ (Choi 2000 §3.5) among the first AUTO_SPLITS ones (all of
    them on texts of up to AUTO_SPLITS + 1 units). Returns boundaries, signals (over K) and info (split order)."""
    regions = []  # [a, c, best split b (−1: none), β of [a, c), β of [a, b), β of [b, c)] in text order

    def region(a, c):
        b = _best_split(block, a, c) if c - a > 1 else -1
        return [a, c, b, float(block(a, c)), *((float(block(a, b)), float(block(b, c))) if b > 0 else (0.0, 0.0))]

    regions.append(region(0, n))
    beta, alpha = float(block(0, n)), float(n * n)
    order, gains, densities = [], [], [beta / alpha]
    steps = (k - 1) if k is not None else min(n - 1, AUTO_SPLITS)
    for _ in range(steps):
        r = np.array(regions)
        a, c, b = r[:, 0], r[:, 1], r[:, 2]
        d = np.where(b > 0, (beta - r[:, 3] + r[:, 4] + r[:, 5]) / (alpha - (c - a) ** 2 + (b - a) ** 2 + (c - b) ** 2),
                     -np.inf)
        if not np.isfinite(d).any():
            break
        best = len(d) - 1 - int(np.argmax(d[::-1]))  # Choi scans regions from the last; strict > keeps the first
        a, c, b = (int(x) for x in regions[best][:3])
        beta += regions[best][4] + regions[best][5] - regions[best][3]
        alpha += (b - a) ** 2 + (c - b) ** 2 - (c - a) ** 2
        regions[best:best + 1] = [region(a, b), region(b, c)]
        gains.append(float(d[best]) - densities[-1])
        densities.append(float(d[best]))
        order.append(b)
    signals = {"density": Signal(densities, "k")}  # density after K − 1 splits
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
    rep = representation_for(doc, p, context, sparse=True)
    unit = doc.level
    check_room(k, len(rep.kept), level_noun(unit, len(rep.kept)), " left after 'cut'")
    pool, width = layout(len(rep.kept), k, p["max_len"], unit)
    rep = rep.pooled(pool)
    n = len(rep.kept)
    check_room(k, n, f"blocks of {pool} {level_noun(unit, pool)}", " C99 works on for this text; lower K")
    score = C99Score(p["rank"], math.ceil(width / pool)).fit(rep.matrix)
    bounds, signals, info = divisive(score.block, n, k)
    info["pool"] = pool
    return {"boundaries": rep.to_original(bounds), "signals": signals, "info": info}


register_method(Method(
    "c99", "Choi's C99: rank matrix, divisive clustering, automatic stop on the density gradient",
    "Choi 2000, §3", [*rep_params("tf", stem=True), RANK,
                      replace(MAX_LEN, help="width, in sentences (words at word level), of the band of the rank "
                                            "matrix kept around its diagonal (0 = automatic: the whole text with K "
                                            "automatic, max(500, 5·N/K) with K given); divisive clustering counts "
                                            "cells beyond it as 0, so a segment may be longer")], _run))
