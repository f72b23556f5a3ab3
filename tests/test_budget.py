"""segcore.budget: a call in a worker process returns its value or its exception; beyond its time or memory limit, or
killed by its owner, it is a BudgetError and the worker process is gone; a warm worker is reused; a pool bounds the
runs under way; a worker does not outlive the process that started it. Time limits are generous: machines are
shared, and nothing here asserts speed."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import psutil
import pytest

from segcore import datasets
from segcore.budget import Budget, BudgetError, Pool, Runner, Worker, parse_size, show_size
from segcore.errors import InputError, ParameterError
from segcore.evaluation import evaluate


def gone(pid: int, within: float = 30.0) -> bool:
    """Whether process `pid` ends (or is a zombie) within `within` seconds."""
    deadline = time.time() + within
    while time.time() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.1)
    return False


@pytest.fixture(scope="module")
def worker():
    w = Worker()
    yield w
    w.close()


def test_a_normal_call_returns_its_value(worker):
    assert worker.run(sum, [1, 2, 3]) == 6
    assert worker.run(divmod, 7, 2, budget=Budget(seconds=60, memory=2**30)) == (3, 1)


def test_workers_run_numerical_libraries_on_one_thread(worker):
    """Several workers share a core: their BLAS must not start (and spin) threads of its own."""
    before = os.environ.get("OPENBLAS_NUM_THREADS")
    assert worker.run(os.getenv, "OPENBLAS_NUM_THREADS") == "1"
    assert worker.run(os.getenv, "OMP_NUM_THREADS") == "1"
    assert os.environ.get("OPENBLAS_NUM_THREADS") == before  # the server's own environment is left as it was


def test_exceptions_come_back_as_they_are(worker):
    pid = worker.run(os.getpid)
    with pytest.raises(InputError, match="file not found"):
        worker.run(datasets.load_dataset, "/no/such/folder")
    assert worker.run(os.getpid) == pid  # a SegcoreError is an answer: the worker stays
    with pytest.raises(ValueError, match="invalid literal") as info:
        worker.run(int, "x")
    assert "In the worker process" in info.value.__notes__[0]
    assert gone(pid, within=1)  # anything else: the worker is replaced


def test_a_sleeping_call_is_killed_at_its_time_limit(worker):
    pid = worker.run(os.getpid)
    t = time.time()
    with pytest.raises(BudgetError, match="time limit of 1 s") as info:
        worker.run(time.sleep, 120, budget=Budget(seconds=1))
    assert info.value.kind == "time" and time.time() - t < 60
    assert gone(pid, within=1) and not worker.alive
    assert "sentences instead of words" in str(info.value)
    assert worker.run(os.getpid) != pid  # replaced


def test_an_allocation_beyond_the_memory_limit_is_a_budget_error(worker):
    pid = worker.run(os.getpid)
    with pytest.raises(BudgetError, match="its limit of 256 MB") as info:
        worker.run(bytearray, 64 * 2**30, budget=Budget(memory=256 * 2**20))
    assert info.value.kind == "memory" and gone(pid, within=1)
    assert worker.run(len, bytearray(300 * 2**20)) == 300 * 2**20  # the limit was for that call only


def test_a_warm_worker_is_reused_and_replaced_only_when_killed():
    with Runner(Budget(seconds=60)) as run:
        first = run(os.getpid)
        assert run(os.getpid) == first
        threading.Timer(1.0, run.kill).start()
        with pytest.raises(BudgetError, match="stopped before it finished") as info:
            run(time.sleep, 120)
        assert info.value.kind == "stopped" and gone(first)
        second = run(os.getpid)
        assert second != first and run(os.getpid) == second
        run.stop()
        with pytest.raises(BudgetError, match="not started"):
            run(os.getpid)
    assert gone(second)  # closing the runner's pool ends its workers


def test_a_pool_bounds_the_runs_under_way():
    pool = Pool(size=1)
    slow, quick = Runner(Budget(seconds=60), pool), Runner(Budget(seconds=1), pool)
    try:
        threading.Thread(target=lambda: pytest.raises(BudgetError, slow, time.sleep, 120), daemon=True).start()
        deadline = time.time() + 60
        while not slow._busy and time.time() < deadline:
            time.sleep(0.05)
        with pytest.raises(BudgetError, match="busy") as info:
            quick(os.getpid)
        assert info.value.kind == "busy"
        slow.kill()
        assert isinstance(Runner(Budget(seconds=60), pool)(os.getpid), int)
    finally:
        pool.close()


def spin(seconds: float) -> None:
    """Compute for `seconds` of processor time (a long run is one that computes, not one that waits)."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_long_runs_drop_to_low_priority_and_leave_slots_for_short_ones():
    pool = Pool(size=3, keep=2, grace=0.5, long=1)
    a, b, c = (Runner(Budget(seconds=60), pool) for _ in range(3))
    try:
        a(time.sleep, 1.5)  # waiting is not computing: not long, however much wall time it takes
        assert os.getpriority(os.PRIO_PROCESS, a(os.getpid)) == 0
        assert a(spin, 1.0) is None  # long, and the only long one: it finishes
        pid = a(os.getpid)  # its owner gets that worker back, still at the lowest priority
        assert os.getpriority(os.PRIO_PROCESS, pid) == 19
        assert os.getpriority(os.PRIO_PROCESS, c(os.getpid)) == 0  # anyone else gets a worker at normal priority
        threading.Thread(target=lambda: pytest.raises(BudgetError, a, spin, 120), daemon=True).start()
        deadline = time.time() + 60
        while not pool._holding and time.time() < deadline:  # a's second call is long now, and holds the long place
            time.sleep(0.05)
        with pytest.raises(BudgetError, match="other long runs") as info:
            b(spin, 120)
        assert info.value.kind == "busy"
        assert isinstance(c(os.getpid), int)  # a short run still finds a slot
        a.kill()
        deadline = time.time() + 60
        while pool._holding and time.time() < deadline:  # a's thread gives the long place back when its call ends
            time.sleep(0.05)
        d = Runner(Budget(seconds=60), pool)
        d(spin, 1.0)
        idle = d(os.getpid)
        assert os.getpriority(os.PRIO_PROCESS, idle) == 19
        d.stop()  # its owner gone (a closed tab), the idle low-priority worker ends
        assert gone(idle)
    finally:
        pool.close()


def test_a_worker_ends_with_the_process_that_started_it():
    code = ("import os, sys, time\nfrom segcore.budget import Worker\nw = Worker()\nprint(w.run(os.getpid), "
            "flush=True)\ntime.sleep(120)\n")
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        pid = int(parent.stdout.readline())
        assert not gone(pid, within=0.5)
        parent.kill()
        parent.wait(timeout=30)
        assert gone(pid)
    finally:
        parent.kill()


def test_evaluate_runs_each_document_through_a_runner():
    docs = datasets.load_named("choi/3-11", limit=3)
    here = evaluate(docs, "cvs", {"split": "greedy"})
    with Runner(Budget(seconds=120)) as run:
        there = evaluate(docs, "cvs", {"split": "greedy"}, run=run)
    assert [r["hypothesis"] for r in here.rows] == [r["hypothesis"] for r in there.rows]
    with pytest.raises(ParameterError, match="one document at a time"):
        evaluate(docs, "cvs", run=run, jobs=2)


def test_budget_values_and_sizes():
    assert not Budget().limited and Budget(seconds=1).limited and Budget(memory=1).limited
    for bad in (0, -1, float("nan"), float("inf"), True, "5"):
        with pytest.raises(ParameterError):
            Budget(seconds=bad)
    assert parse_size("2G") == parse_size("2GB") == parse_size("2gib") == 2 * 2**30
    assert parse_size("512M") == 512 * 2**20 and parse_size("1.5g") == int(1.5 * 2**30) and parse_size("100") == 100
    for bad in ("", "lots", "-1G", "0", "2X"):
        with pytest.raises(ParameterError):
            parse_size(bad)
    assert show_size(2 * 2**30) == "2 GB" and show_size(512 * 2**20) == "512 MB" and show_size(10) == "10 bytes"


def test_a_method_runs_its_numerical_work_on_one_blas_thread(monkeypatch):
    """In the CLI or a library call (no worker), a multi-threaded BLAS's idle threads spin on a shared machine: a
    method's run and the K tables' fit and splits hold it to one thread, and give it back after."""
    from threadpoolctl import threadpool_info, threadpool_limits

    from segcore import ktable, methods
    from segcore.document import Document

    seen = []

    def spy(original):
        def run(*args, **kwargs):
            seen.append(max((p["num_threads"] for p in threadpool_info()), default=1))
            return original(*args, **kwargs)
        return run

    cvs = methods.METHODS["cvs"]  # a method with a fit: ktable's path
    monkeypatch.setattr(cvs, "run", spy(cvs.run))
    monkeypatch.setattr(cvs, "fit", spy(cvs.fit))
    doc = Document([f"apples and pears number {i}." for i in range(10)] + [f"trains and buses line {i}." for i in
                                                                          range(10)])
    with threadpool_limits(limits=2):
        methods.segment(doc, "cvs", 2)
        ktable.segment(doc, "cvs", 2, paragraphs=False)
        ktable.costs_by_k(doc, "cvs", 3, lam=0.5)
        assert max(p["num_threads"] for p in threadpool_info()) == 2
    assert seen and set(seen) == {1}
