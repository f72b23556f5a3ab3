"""Segmentation metrics on segment end indices: Pk (Beeferman et al. 1999), WindowDiff (Pevzner & Hearst 2002),
boundary precision/recall/F1 with a tolerance (Simon et al. 2013)."""
from __future__ import annotations

import bisect
import math

import numpy as np

from .document import check_boundaries
from .errors import ParameterError

NAMES = {"pk": "Pk", "windowdiff": "WindowDiff", "f1": "F1"}  # each measure's key and its name as printed
PERCENT_DIGITS = {"pk": 2, "windowdiff": 2, "f1": 1, "precision": 1, "recall": 1}  # decimals in %, as the results
# tables (benchmarks/results) print each measure


def default_k(reference: list[int]) -> int:
    """Half the mean reference segment length, rounded (Python's round, as nltk's pk), at least 1."""
    reference = _reference(reference)
    return max(1, int(round(reference[-1] / (2.0 * len(reference)))))


def _windows(reference: list[int], hypothesis: list[int], n: int, k: int):
    """The windows [i, i+k) of the boundary strings that nltk.metrics.segmentation uses, i = 0 … n−k (a marker at
    the last element of each segment but the final one), in runs over which neither segmentation's count of
    boundaries in the window changes: each run's number of windows and both counts. A count changes only where a
    boundary enters or leaves the window, so the runs are O(boundaries), whatever N is."""
    last = n - k + 1  # one past the last window
    marks = [np.asarray(b[:-1], dtype=np.int64) for b in (reference, hypothesis)]
    cuts = np.unique(np.clip(np.concatenate([[0], *marks, *(m - k for m in marks)]), 0, last))
    starts = cuts[cuts < last]
    sizes = np.diff(np.append(starts, last))
    ref, hyp = (np.searchsorted(m, starts + k, "right") - np.searchsorted(m, starts, "right") for m in marks)
    return sizes, ref, hyp


def _whole(value, low: int, high: int, what: str) -> int:
    """`value` as an int in low…high (a float that is a whole number accepted); ParameterError otherwise."""
    try:
        x = float(value) if not isinstance(value, (bool, str)) else math.nan
    except (TypeError, ValueError, OverflowError):
        x = math.nan
    if not x.is_integer() or not low <= x <= high:
        raise ParameterError(f"{what} must be a whole number from {low} to {high}, got {str(value)[:40]}")
    return int(x)


def _pair(reference, hypothesis) -> tuple[list[int], list[int], int]:
    """Both segmentations checked, over the same N elements (the reference's last end); the metrics do not know
    the level, so a message names the elements as such."""
    reference = _reference(reference)
    n = reference[-1]
    return reference, check_boundaries(hypothesis, n, "hypothesis segmentation", "element"), n


def _reference(reference) -> list[int]:
    """A reference segmentation checked, over the N elements its last end says (InputError)."""
    try:
        n = reference[-1] if len(reference) else 0
    except (TypeError, KeyError):
        n = 0  # not a list: check_boundaries says what it is
    return check_boundaries(reference, n, "reference segmentation", "element")


def _check(reference, hypothesis, k):
    reference, hypothesis, n = _pair(reference, hypothesis)
    k = default_k(reference) if k is None else _whole(k, 1, n, "metric window k")
    return reference, hypothesis, n, k


def pk(reference: list[int], hypothesis: list[int], k: int | None = None) -> float:
    """Probability that a probe k elements wide disagrees on 'same segment or not' (Beeferman et al. 1999)."""
    sizes, r, h = _windows(*_check(reference, hypothesis, k))
    return float(np.sum(sizes[(r > 0) != (h > 0)]) / np.sum(sizes))


def windowdiff(reference: list[int], hypothesis: list[int], k: int | None = None) -> float:
    """Fraction of k-wide windows whose boundary counts differ (Pevzner & Hearst 2002)."""
    sizes, r, h = _windows(*_check(reference, hypothesis, k))
    return float(np.sum(sizes[r != h]) / np.sum(sizes))


def boundary_prf(reference: list[int], hypothesis: list[int], tolerance: int = 1) -> tuple[float, float, float]:
    """Precision, recall, F1 of internal boundaries, a hypothesis boundary matching at most one reference
    boundary within `tolerance` elements (one-to-one, left to right). Both empty → (1, 1, 1)."""
    tolerance = _whole(tolerance, 0, 10**9, "tolerance")
    reference, hypothesis, _ = _pair(reference, hypothesis)
    ref, hyp = reference[:-1], hypothesis[:-1]
    if not ref and not hyp:
        return 1.0, 1.0, 1.0
    i = j = hits = 0
    while i < len(ref) and j < len(hyp):
        if abs(ref[i] - hyp[j]) <= tolerance:
            hits, i, j = hits + 1, i + 1, j + 1
        elif hyp[j] < ref[i]:
            j += 1
        else:
            i += 1
    p = hits / len(hyp) if hyp else 0.0
    r = hits / len(ref) if ref else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def evaluate(reference: list[int], hypothesis: list[int], k: int | None = None, tolerance: int = 1) -> dict:
    """Pk, WindowDiff and boundary P/R/F1 in one dict (fractions in [0, 1])."""
    p, r, f = boundary_prf(reference, hypothesis, tolerance)
    return {"pk": pk(reference, hypothesis, k), "windowdiff": windowdiff(reference, hypothesis, k),
            "precision": p, "recall": r, "f1": f}


def agreement(segmentations: dict[str, list[int]], measure: str = "pk") -> dict[str, dict[str, float]]:
    """How far several segmentations of one text agree: measure(row as reference, column as hypothesis) for every
    pair, 'pk' or 'windowdiff', the window k from the row's segments (`default_k`); 0 on the diagonal."""
    fns = {"pk": pk, "windowdiff": windowdiff}
    if measure not in fns:
        raise ParameterError(f"agreement measure must be one of {', '.join(fns)}, got '{measure}'")
    fn = fns[measure]
    return {a: {b: fn(ra, rb, default_k(ra)) for b, rb in segmentations.items()} for a, ra in segmentations.items()}


def _near(segmentations: dict[str, list[int]], n: int, tolerance) -> tuple[int, list[np.ndarray], np.ndarray]:
    """The tolerance checked, each segmentation's internal boundaries (checked: over the n elements) and where the
    positions within ±tolerance of them run: [start, stop) spans, one per run of boundaries closer than
    2·tolerance + 1, over all segmentations (each counted once where its own spans cover a position)."""
    tolerance = _whole(tolerance, 0, 10**9, "tolerance")
    inner = [np.asarray(check_boundaries(b, n, f"segmentation '{str(name)[:40]}'", "element")[:-1], dtype=np.int64)
             for name, b in segmentations.items()]
    spans = []
    for b in inner:
        if len(b):
            first = np.flatnonzero(np.diff(b, prepend=b[0] - 2 * tolerance - 2) > 2 * tolerance)  # a run's start
            last = np.append(first[1:] - 1, len(b) - 1)
            spans.append(np.stack([np.maximum(b[first] - tolerance, 0), np.minimum(b[last] + tolerance + 1, n + 1)]))
    return tolerance, inner, np.hstack(spans) if spans else np.zeros((2, 0), dtype=np.int64)


def coincidence(segmentations: dict[str, list[int]], n: int, tolerance: int = 1) -> np.ndarray:
    """For every position 0 … n: how many of the segmentations have an internal boundary within ±tolerance of it."""
    _, _, spans = _near(segmentations, n, tolerance)
    counts = np.zeros(n + 2, dtype=np.int64)
    np.add.at(counts, spans[0], 1)
    np.add.at(counts, spans[1], -1)
    return np.cumsum(counts)[:n + 1]


def consensus(segmentations: dict[str, list[int]], n: int, tolerance: int = 1, quorum: int | None = None) -> list[int]:
    """The places where at least `quorum` segmentations (default: more than half) put a boundary within ±tolerance:
    positions taken best first (most segmentations near, then most exactly there, then leftmost), each keeping the
    next place at least 2·tolerance + 1 away (so that the same boundaries count once). Only positions near a
    boundary are looked at: the work follows the boundaries, not n."""
    quorum = max(1, len(segmentations) // 2 + 1 if quorum is None else int(quorum))
    tolerance, inner, spans = _near(segmentations, n, tolerance)
    cuts = np.unique(np.concatenate([[1], np.clip(spans.ravel(), 1, n)]))  # the count is constant between cuts
    near = np.searchsorted(np.sort(spans[0]), cuts, "right") - np.searchsorted(np.sort(spans[1]), cuts, "right")
    runs = np.flatnonzero(near[:-1] >= quorum)  # [cuts[i], cuts[i + 1]) within 1 … n − 1
    places = np.concatenate([np.arange(cuts[i], cuts[i + 1]) for i in runs] or [np.zeros(0, dtype=np.int64)])
    counts = np.repeat(near[runs], cuts[runs + 1] - cuts[runs])
    at, there = np.unique(np.concatenate([np.zeros(0, dtype=np.int64), *inner]), return_counts=True)
    i = np.minimum(np.searchsorted(at, places), max(len(at) - 1, 0))
    exact = np.where(at[i] == places, there[i], 0) if len(at) else np.zeros(len(places), dtype=np.int64)
    out: list[int] = []
    for p in places[np.lexsort((places, -(counts * (len(segmentations) + 1) + exact)))]:
        j = bisect.bisect(out, p)
        if (j == 0 or p - out[j - 1] > 2 * tolerance) and (j == len(out) or out[j] - p > 2 * tolerance):
            out.insert(j, int(p))
    return out
