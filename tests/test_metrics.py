"""Where several segmentations agree (segcore.metrics.coincidence, consensus): checked against their definitions
position by position, and their work following the boundaries, not the number of elements."""
import random

import numpy as np
import pytest

from segcore.errors import InputError
from segcore.metrics import coincidence, consensus


def _by_definition(segs, n, t, quorum):
    """Each position's count of segmentations with an internal boundary within ±t, and the consensus taken as its
    docstring says: best first (count, then exact count, then leftmost), each place 2t + 1 from the others."""
    near = [sum(any(abs(b - p) <= t for b in s[:-1]) for s in segs.values()) for p in range(n + 1)]
    exact = [sum(p in s[:-1] for s in segs.values()) for p in range(n + 1)]
    quorum = max(1, len(segs) // 2 + 1 if quorum is None else quorum)
    order = sorted((p for p in range(1, n) if near[p] >= quorum), key=lambda p: (-near[p], -exact[p], p))
    out = []
    for p in order:
        if all(abs(p - q) > 2 * t for q in out):
            out.append(p)
    return near, sorted(out)


def test_coincidence_and_consensus_follow_their_definitions():
    rng = random.Random(7)
    for _ in range(400):
        n = rng.choice([1, 2, 5, 12, 40, 90])
        segs = {f"m{i}": sorted(rng.sample(range(1, n), rng.randint(0, min(n - 1, 12)))) + [n]
                for i in range(rng.randint(0, 5))}
        t, quorum = rng.choice([0, 1, 2, 4, 50]), rng.choice([None, 1, 2, 4])
        near, agreed = _by_definition(segs, n, t, quorum)
        assert list(coincidence(segs, n, t)) == near
        assert consensus(segs, n, t, quorum) == agreed


def test_consensus_work_follows_the_boundaries_not_n():
    """consensus built arrays of n + 1 positions (a Python pass over all of them): a segmentation over 10^12 elements
    asked for 7 TiB (MemoryError); coincidence's tolerance sized its buffer (n + 2 + 2·tolerance)."""
    segs = {"a": [5, 70, 10**12], "b": [6, 10**12], "c": [10**12 - 9, 10**12]}
    assert consensus(segs, 10**12, 1) == [5]
    assert consensus(segs, 10**12, 1, quorum=1) == [5, 70, 10**12 - 9]
    assert list(coincidence({"a": [3, 10]}, 10, 10**9)) == [1] * 11


def test_segmentations_are_checked_against_n():
    """A boundary below 1 wrapped around numpy's array (counted at the far end, or not at all)."""
    for bad in ({"a": [-3, 10]}, {"a": [3, 12]}, {"a": [4, 3, 10]}):
        with pytest.raises(InputError):
            coincidence(bad, 10, 1)
        with pytest.raises(InputError):
            consensus(bad, 10, 1)
    assert np.array_equal(coincidence({}, 4, 1), np.zeros(5))
