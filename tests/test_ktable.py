"""segcore.ktable: K given answered from a fitted score and DP tables kept between calls gives exactly segment()'s
segmentation (boundaries and cost) for every K, in the grid and band regimes of splitters.plan; the work is kept for
the next K; and a session's runner gets back the worker it used last, where that work is kept."""
from __future__ import annotations

import os
import threading
import time

import pytest

from segcore import ktable, segment
from segcore.budget import Pool, Runner
from segcore.datasets import concatenate, load_named
from segcore.splitters import plan


@pytest.fixture(scope="module")
def long_doc():
    return concatenate(load_named("choi/3-11")[:14])  # about 1,000 sentences: a band, and a grid for small K


@pytest.mark.parametrize("method", ["cvs", "best"])
def test_every_k_is_segments_own_answer(long_doc, method):
    n = long_doc.n
    assert n > 500 and {plan(n, k, 0, k)[0] for k in (2, 8, 30)} != {n}  # bands differ with K
    for k in (8, 3, 12, 2, 30, 9, 41):
        fast = ktable.segment(long_doc, method, k=k)
        slow = segment(long_doc, method, k=k)
        assert fast.boundaries == slow.boundaries, k
        assert fast.cost == pytest.approx(slow.cost, rel=1e-9, abs=1e-9)
        assert fast.k == k and not fast.k_automatic and fast.params == slow.params and fast.info == slow.info
        assert len(fast.signals["costs_by_k"].values) >= k


def test_a_maximum_segment_length_is_kept(long_doc):
    for k in (12, 15, 20):
        fast = ktable.segment(long_doc, "cvs", k=k, max_len=90)
        assert fast.boundaries == segment(long_doc, "cvs", k=k, max_len=90).boundaries
        assert max(b - a for a, b in long_doc.segments(fast.boundaries)) <= 90
    with pytest.raises(Exception, match="cannot cover"):
        ktable.segment(long_doc, "cvs", k=3, max_len=90)


def test_a_grid_is_refined_as_dp_refines_it():
    doc = concatenate(load_named("choi/3-11")[:40])  # about 2,800 sentences: K = 2 on a grid of step > 1
    assert plan(doc.n, 2, 0, 2)[1] > 1
    for k in (2, 3):
        assert ktable.segment(doc, "cvs", k=k).boundaries == segment(doc, "cvs", k=k).boundaries


def test_work_is_kept_for_the_next_k(long_doc):
    def kept():
        return next(v for key, v in ktable.HELD.items() if key[:2] == (ktable.document_key(long_doc), "cvs"))

    ktable.segment(long_doc, "cvs", k=10)
    _, table = kept()
    ktable.segment(long_doc, "cvs", k=11)
    assert kept()[1] is table
    assert len(ktable.HELD) <= ktable.KEEP
    step = plan(long_doc.n, 11, 0, 11)[1]
    low, high, _ = table.tables[step]
    assert low <= 10 and high >= ktable.KMAX  # one table serves the K of its grid up to KMAX


def test_other_settings_go_the_usual_way(long_doc):
    greedy = ktable.segment(long_doc, "cvs", k=6, split="greedy")
    assert greedy.boundaries == segment(long_doc, "cvs", k=6, split="greedy").boundaries
    auto = ktable.segment(long_doc, "cvs")
    assert auto.k_automatic and auto.boundaries == segment(long_doc, "cvs").boundaries
    with pytest.raises(Exception, match="K must be a whole number"):
        ktable.segment(long_doc, "cvs", k=long_doc.n + 1)


def test_a_runner_gets_back_its_own_worker():
    pool = Pool(keep=3)
    a, b = Runner(pool=pool), Runner(pool=pool)
    try:
        first = threading.Thread(target=a, args=(time.sleep, 1.0))  # two runs at once: two workers
        first.start()
        b(time.sleep, 1.0)
        first.join()
        pid_a, pid_b = a(os.getpid), b(os.getpid)
        assert pid_a != pid_b
        for _ in range(3):
            assert a(os.getpid) == pid_a and b(os.getpid) == pid_b
    finally:
        pool.close()


def test_the_cost_curve_readies_every_k(long_doc):
    curve = ktable.costs_by_k(long_doc, "cvs", 30)
    assert len(curve) == 30 and all(c is not None for c in curve)
    assert all(a >= b - 1e-9 for a, b in zip(curve, curve[1:]))  # more segments never cost more
    _, table = next(v for key, v in ktable.HELD.items() if key[:2] == (ktable.document_key(long_doc), "cvs"))
    assert {plan(long_doc.n, k, 0, k)[1] for k in range(1, 31)} == set(table.tables)  # a table for every grid
    for k in (4, 17, 30):
        assert curve[k - 1] <= segment(long_doc, "cvs", k=k).cost + 1e-9
    assert ktable.costs_by_k(long_doc, "cvs", 10, split="greedy") is None
