"""Run one function over many items: serially in process, or through dask.distributed (a local cluster of
`jobs` worker processes, or an existing scheduler) — one code path, results in input order, with progress."""
from __future__ import annotations

import os
import sys
import threading
import time
from contextlib import contextmanager
from typing import Callable, Iterable

_MAIN_LOCK = threading.Lock()
ONE_THREAD = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}


@contextmanager
def main_script_hidden():
    """Spawned workers re-run the main script when it is a file: under Streamlit (or after AppTest) that is
    app.py. Hide it while the workers start; they only need segcore. One thread at a time: a server starts
    workers for several sessions."""
    with _MAIN_LOCK:
        main = sys.modules.get("__main__")
        path = getattr(main, "__file__", None)
        if path is not None and getattr(main, "__spec__", None) is None:
            del main.__file__
            try:
                yield
            finally:
                main.__file__ = path
        else:
            yield


@contextmanager
def one_blas_thread():
    """Numerical libraries (OpenBLAS, MKL, OpenMP) on one thread inside, as before outside (threadpoolctl; also a
    decorator): segcore's matrices are narrow (D = 50 dimensions) and a multi-threaded BLAS's idle threads spin on a
    shared machine (the CLI on a Choi document took 3.4× the wall time with two threads on a loaded 2-core machine)."""
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):
        yield


@contextmanager
def one_thread_children():
    """Processes started inside run their numerical libraries on one thread: there are several of them per core,
    and OpenBLAS's idle threads spin (a small matrix product cost a second core's time). The environment is
    restored afterwards; call it under main_script_hidden's lock when other threads may start processes too."""
    old = {k: os.environ.get(k) for k in ONE_THREAD}
    os.environ.update(ONE_THREAD)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def local_cluster(jobs: int):
    """A dask LocalCluster of `jobs` single-threaded worker processes, no dashboard (the scheduler's HTTP server, which
    it opens anyway, on a free local port: on 8787 taken, dask warned on the user's terminal).

    dask's default pre-spawn environment sets MALLOC_TRIM_THRESHOLD_=65536, which also fixes glibc's mmap
    threshold: every large numpy temporary becomes an mmap/munmap pair and DP rows run ~3x slower. The workers
    keep only the one-thread settings."""
    import dask
    import distributed  # noqa: F401  (its defaults must be in dask.config before the override below)
    from dask.distributed import LocalCluster

    with dask.config.set({"distributed.nanny.pre-spawn-environ": ONE_THREAD}), main_script_hidden():
        return LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})


def run_many(fn: Callable, items: Iterable, jobs: int = 1, scheduler: str | None = None,
             progress: Callable[[int, int], None] | None = None, stop: Callable[[], bool] | None = None) -> list:
    """[fn(x) for x in items], in input order, serially (jobs ≤ 1, no scheduler) or through dask; `progress(done,
    total)` after each item; `stop()` true ends the run early: the items not run are None."""
    items = list(items)
    total = len(items)
    out = [None] * total
    if jobs <= 1 and not scheduler:
        for i, x in enumerate(items):
            if stop is not None and stop():
                break
            out[i] = fn(x)
            if progress:
                progress(i + 1, total)
        return out
    from dask.distributed import Client, as_completed

    cluster = None if scheduler else local_cluster(jobs)
    try:
        with Client(scheduler or cluster) as client:
            futures = client.map(fn, items, pure=False)
            index = {f.key: i for i, f in enumerate(futures)}
            for done, fut in enumerate(as_completed(futures), 1):
                out[index[fut.key]] = fut.result()
                if progress:
                    progress(done, total)
                if stop is not None and stop():
                    client.cancel(futures)
                    break
    finally:
        if cluster is not None:
            cluster.close()
    return out


class Progress:
    """A progress bar on stderr for `run_many` (redrawn in place on a terminal; a line every 10 % otherwise)."""

    def __init__(self, label: str, stream=None):
        self.label, self.stream = label, stream or sys.stderr
        self.t0 = time.perf_counter()
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last, self.shown = 0.0, -1

    def __call__(self, done: int, total: int):
        now = time.perf_counter()
        frac = done / total if total else 1.0
        if self.tty:
            if done < total and now - self.last < 0.2:
                return
            self.last = now
            bar = "#" * int(30 * frac) + "-" * (30 - int(30 * frac))
            end = "\n" if done >= total else ""
            print(f"\r{self.label[:38]:38s} [{bar}] {done}/{total} {now - self.t0:6.1f} s", end=end,
                  file=self.stream, flush=True)
        else:
            tenth = int(10 * frac)
            if tenth > self.shown:
                self.shown = tenth
                print(f"{self.label}: {done}/{total}, {now - self.t0:.1f} s", file=self.stream, flush=True)
