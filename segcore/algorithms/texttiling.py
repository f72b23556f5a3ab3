"""Hearst (1997), "TextTiling: Segmenting text into multi-paragraph subtopic passages", Computational Linguistics
23(1): block comparison of adjacent windows, smoothing, depth scores, boundaries at the deepest valleys.

Steps (Hearst 1997 §5):
1. Units: pseudo-sentences of `w` word tokens (unit="tokens", Hearst's w = 20; stopwords count towards w, as in
   Hearst's and NLTK's programs, then are dropped) or the document's own elements (unit="sentences").
   Content words are lowercased, stopword-filtered and Porter-stemmed (Hearst: morphological analysis).
2. Lexical score of the gap after unit i: cosine of the term-frequency vectors of the `window` units on its
   left and the `window` units on its right (block comparison, Hearst's eq in §5.2.1); near the ends of the text
   both blocks shrink to the units available (equal sizes). The block vectors are sums of unit rows, taken for
   every gap at once with two sparse banded window matrices (a difference of prefix indicators).
3. Smoothing: `rounds` passes of a centred moving average of width `smoothing` (Hearst: average smoothing of
   width 3, repeated; default 2 rounds of width 3; at the ends the average runs over the points available).
4. Depth score of each gap: (left peak − score) + (right peak − score), the peaks found by climbing while the
   smoothed score does not decrease (§5.3.1); computed for all gaps at once from run boundaries.
5. Boundaries: the valleys (local minima) whose depth exceeds mean − σ/2 of the depth scores (cutoff="hc",
   Hearst's conservative cutoff; "lc" = mean − σ, her liberal one; mean and σ over every gap's depth as NLTK, or
   over the valleys' with cutoff_over="valleys"), deepest first, skipping a valley closer than
   `spacing` units to a boundary already placed; with K given, the K − 1 deepest valleys (then other gaps if
   there are not enough valleys).
6. Token-unit gaps are mapped to the nearest element end (in tokens); no paragraph breaks are needed and there
   is no minimum length in characters.
"""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from ..document import level_noun
from ..errors import ParameterError
from ..methods import STOPWORDS, Method, Param, Signal, register_method
from ..representations import term_matrix
from ..text import lexicon, tokenize

UNITS = ("tokens", "sentences")
DEFAULT_WINDOW = {"tokens": 6, "sentences": 4}
DEFAULT_SPACING = {"tokens": 2, "sentences": 2}


def _units(doc, p):
    """Bags of content words per unit, and for each gap between units its position in elements (float) and the
    element end it maps to (int)."""
    lex = lexicon(doc.elements, p["stopwords"])
    stop = lex.stop
    toks = [tokenize(e) for e in doc.elements]
    keep = lex.stem if p["stem"] else (lambda t: t)
    n = doc.n
    if p["unit"] == "sentences":
        bags = [[keep(t) for t in ts if t not in stop] for ts in toks]
        pos = np.arange(1, n, dtype=float)
        return bags, pos, np.arange(1, n)
    w = p["w"]
    flat = [t for ts in toks for t in ts]
    ends = np.concatenate([[0], np.cumsum([len(ts) for ts in toks])])   # token offset of each element end
    n_units = max(1, -(-len(flat) // w))
    bags = [[keep(t) for t in flat[u * w:(u + 1) * w] if t not in stop] for u in range(n_units)]
    t = np.arange(1, n_units) * w                                          # token offset of each gap
    e = np.clip(np.searchsorted(ends, t, side="right") - 1, 0, n - 1)
    size = np.maximum(ends[e + 1] - ends[e], 1)
    pos = e + (t - ends[e]) / size
    if n > 1:
        inner = ends[1:n]                                                  # token offsets of element ends 1 … N−1
        hi = np.clip(np.searchsorted(inner, t), 0, n - 2)                  # first one at or after the gap
        lo = np.clip(hi - 1, 0, n - 2)
        pick = np.where(np.abs(inner[lo] - t) <= np.abs(inner[hi] - t), lo, hi) + 1
    else:
        pick = np.zeros(len(t), dtype=np.int64)
    return bags, pos, pick.astype(np.int64)


def block_scores(x: sp.csr_matrix, window: int) -> np.ndarray:
    """Cosine of the summed rows [i−s+1, i] and [i+1, i+s] for each gap i, s = min(window, i+1, U−1−i)."""
    u = x.shape[0]
    g = np.arange(u - 1)
    s = np.minimum(window, np.minimum(g + 1, u - 1 - g))
    rows = np.repeat(g, s)
    offs = np.arange(len(rows)) - np.repeat(np.cumsum(s) - s, s)       # 0 … s−1 within each gap
    ones = np.ones(len(rows))
    left = sp.csr_matrix((ones, (rows, rows - offs)), shape=(u - 1, u)) @ x
    right = sp.csr_matrix((ones, (rows, rows + 1 + offs)), shape=(u - 1, u)) @ x
    dot = np.asarray(left.multiply(right).sum(axis=1)).ravel()
    nl = np.asarray(left.multiply(left).sum(axis=1)).ravel()
    nr = np.asarray(right.multiply(right).sum(axis=1)).ravel()
    den = np.sqrt(nl * nr)
    return np.divide(dot, den, out=np.zeros_like(dot), where=den > 0)


def smooth(scores: np.ndarray, width: int, rounds: int) -> np.ndarray:
    """`rounds` passes of a centred moving average of `width` points (fewer at the ends)."""
    s = np.asarray(scores, dtype=float)
    if width <= 1 or len(s) == 0:
        return s.copy()
    half = width // 2
    for _ in range(rounds):
        c = np.concatenate([[0.0], np.cumsum(s)])
        i = np.arange(len(s))
        lo, hi = np.maximum(i - half, 0), np.minimum(i + half + 1, len(s))
        s = (c[hi] - c[lo]) / (hi - lo)
    return s


def peaks(s: np.ndarray, climb_flat: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """For each gap i, the gaps (l, r) reached by climbing the score left and right from i while it does not
    decrease (climb_flat, Hearst 1997 §5.3.1) or while it strictly rises (Solbiati et al. 2021 §3)."""
    g = len(s)
    idx = np.arange(g)
    up = np.less if climb_flat else np.less_equal
    stop_left = np.concatenate([[True], up(s[:-1], s[1:])])     # climbing left from j stops here
    left = np.maximum.accumulate(np.where(stop_left, idx, 0))
    stop_right = np.concatenate([up(s[1:], s[:-1]), [True]])    # climbing right from j stops here
    right = np.minimum.accumulate(np.where(stop_right, idx, g - 1)[::-1])[::-1]
    return left, right


def hearst_depth(s: np.ndarray) -> np.ndarray:
    """(left peak − s_i) + (right peak − s_i), climbing while the score does not decrease (Hearst 1997 §5.3.1)."""
    if len(s) == 0:
        return np.zeros(0)
    left, right = peaks(s)
    return (s[left] - s) + (s[right] - s)


def local_minima(s: np.ndarray) -> np.ndarray:
    """Mask of the gaps whose score is not above either neighbour (the candidate valleys of Hearst 1997 §5.3.1)."""
    left = np.concatenate([[True], s[1:] <= s[:-1]])
    right = np.concatenate([s[:-1] <= s[1:], [True]])
    return left & right


def _pick(order, gap_elem, spacing, limit, chosen_gaps=None, chosen_elems=None):
    """Walk gaps in `order`, keep one if no kept gap lies closer than `spacing` units and its element end is new
    (gap_elem is 0 for a one-element text: no internal element end)."""
    gaps = [] if chosen_gaps is None else chosen_gaps
    elems = set() if chosen_elems is None else chosen_elems
    for i in order:
        if limit is not None and len(elems) >= limit:
            break
        e = int(gap_elem[i])
        if e < 1 or e in elems or any(abs(i - j) < spacing for j in gaps):
            continue
        gaps.append(int(i))
        elems.add(e)
    return gaps, elems


def _run(doc, k, p, context):
    """Hearst 1997 §5 (block comparison, average smoothing, depth scores, cutoff mean − σ/2)."""
    unit = p["unit"]
    window = p["window"] or DEFAULT_WINDOW[unit]
    spacing = p["spacing"] if p["spacing"] >= 0 else DEFAULT_SPACING[unit]
    bags, pos, gap_elem = _units(doc, p)
    n_units = len(bags)
    if p["window"] and window > n_units:  # a window set by hand; the default's blocks stop at the text's ends
        what = (f"pseudo-sentence{'s' * (n_units != 1)} of {p['w']} words" if unit == "tokens" else
                level_noun(doc.level, n_units))
        raise ParameterError(f"window = {window} is larger than the text ({n_units} {what}); lower 'window'"
                             + (" or 'w' (words per pseudo-sentence)" if unit == "tokens" else ""))
    window = max(1, min(window, n_units - 1))
    x, _ = term_matrix(bags)
    raw = block_scores(x, window) if n_units > 1 else np.zeros(0)
    sm = smooth(raw, p["smoothing"], p["rounds"])
    depth = hearst_depth(sm)
    val = local_minima(sm) & (depth > 0)
    population = depth[val] if p["cutoff_over"] == "valleys" and val.any() else depth
    mean = float(population.mean()) if len(population) else 0.0
    sd = float(population.std()) if len(population) else 0.0
    threshold = mean - (sd / 2 if p["cutoff"] == "hc" else sd)
    # deepest first; ties go to the leftmost gap
    by_depth = np.lexsort((np.arange(len(depth)), -depth))
    if k is None:
        cand = [i for i in by_depth if val[i] and depth[i] > threshold]
        _, elems = _pick(cand, gap_elem, spacing, None)
    else:
        need = k - 1
        first = [i for i in by_depth if val[i]]
        gaps, elems = _pick(first, gap_elem, spacing, need)
        gaps, elems = _pick(by_depth, gap_elem, spacing, need, gaps, elems)
        gaps, elems = _pick(by_depth, gap_elem, 0, need, gaps, elems)
        if len(elems) < need:   # token units: fewer distinct element ends than K − 1 — rank the others by the
            near = np.abs(pos[None, :] - np.arange(1, doc.n)[:, None]) if len(pos) else None  # nearest gap's depth
            rest = [e for e in range(1, doc.n) if e not in elems]
            if near is not None:
                j = near[np.asarray(rest) - 1].argmin(axis=1)
                rest = [rest[i] for i in np.lexsort((near[np.asarray(rest) - 1, j], -depth[j]))]
            elems.update(rest[:need - len(elems)])
    bounds = sorted(elems) + [doc.n]
    x = pos.tolist()
    signals = {"gap_scores": Signal(raw.tolist(), "gap", x=x, label="similarity of the words either side"),
               "smoothed_scores": Signal(sm.tolist(), "gap", x=x,
                                         label="similarity of the words either side, smoothed"),
               "depth_scores": Signal(depth.tolist(), "gap", x=x, threshold=threshold,
                                      label="depth of the similarity dip (higher: a likelier boundary)")}
    info = {"gap_boundaries": gap_elem.tolist(), "valleys": np.flatnonzero(val).tolist(), "unit": unit,
            "window": window}
    return {"boundaries": bounds, "signals": signals, "info": info}


register_method(Method(
    "texttiling", "Hearst's TextTiling: block comparison, smoothing, depth scores, cutoff on the depth",
    "Hearst 1997, Computational Linguistics 23(1), §5 (block comparison, depth scores, cutoff s̄ − σ/2)",
    [Param("unit", "tokens", "units compared: pseudo-sentences of w words, or the document's sentences (words at "
                            "word level)", UNITS),
     Param("w", 20, "words per pseudo-sentence (unit=tokens; Hearst: 20)", low=1, high=1000),
     Param("window", 0, "units per block on each side of a gap; 0 = 6 for tokens (Hearst), 4 for sentences "
                        "(best of 2–5 on Choi 3-5 + 6-8 + 9-11 with the other defaults), fewer on a text too short "
                        "for them", low=0, high=1000),
     Param("smoothing", 3, "width of the moving average over the gap scores (1 = none)", low=1, high=101),
     Param("rounds", 2, "number of smoothing passes", low=0, high=20),
     Param("cutoff", "hc", "automatic K: depth > mean − σ/2 ('hc', Hearst's conservative cutoff and her "
                           "default) or > mean − σ ('lc', liberal)", ("hc", "lc")),
     Param("cutoff_over", "all", "depth scores whose mean and σ set the cutoff: every gap's (as NLTK) or the "
                                 "valleys' only", ("all", "valleys")),
     Param("spacing", -1, "minimum distance between two boundaries, in units; −1 = default (2)", low=-1, high=1000),
     STOPWORDS,
     Param("stem", True, "stem words (Hearst: morphological analysis; Porter's stemmer, Snowball's for another "
                         "language)")],
    _run))
