"""Runs with a budget: a function called in a worker process under a wall-time and a memory limit, its result returned
or a BudgetError that says what happened and what to try; the worker killed when over budget or when its owner asks,
kept warm for the next call otherwise.

A `Worker` is one process (multiprocessing, spawn) serving calls one at a time; a `Pool` keeps idle workers warm and
bounds how many run at once; a `Runner` is one owner's way in (a command-line run, an app session): its calls go
through a pool under its budget, and `kill()` ends those under way. Memory is limited with RLIMIT_AS in the worker
(Linux): a run may add at most `Budget.memory` bytes of address space to what its worker held when the call began.
"""
from __future__ import annotations

import errno
import math
import multiprocessing
import os
import re
import signal
import threading
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import wait

from .errors import ParameterError, SegcoreError
from .parallel import main_script_hidden

ADVICE = ("try fewer elements (sentences instead of words), K given instead of automatic, another method, or a "
          "shorter text")
UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
STARTUP = 300.0  # seconds a new worker may take to start and warm up (not counted in any run's budget)


@dataclass(frozen=True)
class Budget:
    """The limits of one run: wall time in seconds, memory in bytes; None = no limit."""

    seconds: float | None = None
    memory: int | None = None

    def __post_init__(self):
        for name, v in (("seconds", self.seconds), ("memory", self.memory)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v)
                                  or v <= 0):
                raise ParameterError(f"the budget's {name} must be a positive number or None, got {v!r}")

    @property
    def limited(self) -> bool:
        return self.seconds is not None or self.memory is not None


class BudgetError(SegcoreError):
    """A run that did not finish: `kind` is 'time' or 'memory' (over its budget), 'stopped' (killed by its owner),
    'crashed' (its worker died) or 'busy' (no worker free in time)."""

    def __init__(self, message: str, kind: str):
        super().__init__(message)
        self.kind = kind

    def __reduce__(self):
        return BudgetError, (str(self), self.kind)


def parse_size(text: str) -> int:
    """Bytes from '2G', '512M', '1.5GB', '300k' or a plain number of bytes (units of 1024)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*", str(text).lower())
    if not m or float(m.group(1)) <= 0:
        raise ParameterError(f"expected a size such as 2G, 512M or 300k, got '{str(text)[:40]}'")
    return int(float(m.group(1)) * UNITS[m.group(2)])


def show_size(n: float) -> str:
    """A size in words: '2 GB', '512 MB'."""
    for unit in "TGMK":
        if n >= UNITS[unit.lower()]:
            return f"{n / UNITS[unit.lower()]:.3g} {unit}B"
    return f"{int(n)} bytes"


def call(fn, *args, **kwargs):
    """fn(*args, **kwargs) here and now: what a Runner's callers use when there is no budget."""
    return fn(*args, **kwargs)


# ---- one worker process ------------------------------------------------------------------------------------------

class Worker:
    """One worker process serving calls one at a time, started when first needed and again after it was killed.
    `warmup()` runs in it once when it starts (loading word vectors, say), so the calls find it ready."""

    def __init__(self, warmup=None):
        self.warmup = warmup
        self.owner = None  # who it served last (a Pool hands it back to them first: what they left in it is warm)
        self._process = self._conn = None
        self._killed = self._ready = False
        self._lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def warm(self) -> bool:
        """Whether it has started and warmed up (a call would begin at once)."""
        return self.alive and (self._ready or (self._conn is not None and self._conn.poll()))

    def start(self) -> None:
        """Start the process unless it is running."""
        if self.alive:
            return
        self._reap()
        ctx = multiprocessing.get_context("spawn")
        ours, theirs = ctx.Pipe()
        process = ctx.Process(target=_serve, args=(theirs, self.warmup, os.getpid()), daemon=True,
                              name="segcore-worker")
        with main_script_hidden():
            process.start()
        theirs.close()
        self._process, self._conn, self._killed, self._ready = process, ours, False, False

    def run(self, fn, *args, budget: Budget = Budget(), **kwargs):
        """fn(*args, **kwargs) in the worker under `budget` (counted from when the worker is ready): its value, its
        exception, or BudgetError. The worker is killed before this returns when the call went over budget, was
        stopped or interrupted, or failed otherwise than with a SegcoreError (a half-done import, say, could leave
        it unusable); the next call starts a new one."""
        with self._lock:
            self.start()
            try:
                self._ready = self._ready or self._receive(Budget(STARTUP)) == "ready"
                self._conn.send((fn, args, kwargs, budget.memory))
                ok, value, trace = self._receive(budget)
            except BaseException:
                self.close()
                raise
            if not ok and not isinstance(value, SegcoreError):
                self.close()
        if ok:
            return value
        if _out_of_memory(value, budget):
            limit = f"more memory than its limit of {show_size(budget.memory)}" if budget.memory else "more memory"
            raise BudgetError(f"The run needed {limit} and was stopped; {ADVICE}.", "memory") from None
        if not isinstance(value, SegcoreError):
            value.add_note(f"In the worker process:\n{trace}")
        raise value

    def _receive(self, budget: Budget):
        deadline = None if budget.seconds is None else time.monotonic() + budget.seconds
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise BudgetError(f"The run took longer than its time limit of {budget.seconds:g} s and was stopped; "
                                  f"{ADVICE}.", "time")
            if not wait([self._conn, self._process.sentinel], left):
                continue
            try:
                return self._conn.recv()
            except (EOFError, OSError):  # the process died before answering
                killed = self._killed
                code = self._reap()
                if killed:
                    raise BudgetError("The run was stopped before it finished.", "stopped") from None
                if budget.memory:
                    raise BudgetError(f"The worker process ended abruptly (exit code {code}), most likely beyond its "
                                      f"memory limit of {show_size(budget.memory)}; {ADVICE}.", "memory") from None
                raise BudgetError(f"The worker process ended abruptly (exit code {code}); {ADVICE}.",
                                  "crashed") from None

    def kill(self) -> None:
        """End the process at once, from any thread: the call under way raises BudgetError('stopped')."""
        process = self._process
        if process is not None and process.is_alive():
            self._killed = True
            process.kill()

    def close(self) -> None:
        """Kill the process and wait until it is gone."""
        self.kill()
        self._reap()

    def _reap(self) -> int | None:
        """Wait for a dead (or killed) process; its exit code."""
        process, self._process = self._process, None
        if process is None:
            return None
        process.join(timeout=10)
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        return process.exitcode


def _out_of_memory(exc: BaseException | None, budget: Budget) -> bool:
    """Whether a call's exception comes from running out of memory: a MemoryError or an OSError ENOMEM in its chain,
    or under a memory limit a SystemError (C code whose allocation failed)."""
    while exc is not None:
        if (isinstance(exc, MemoryError) or (isinstance(exc, OSError) and exc.errno == errno.ENOMEM)
                or (budget.memory and isinstance(exc, SystemError))):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def _serve(conn, warmup, parent: int) -> None:
    """The worker's loop: (fn, args, kwargs, memory) in, (ok, value or exception, traceback) out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent, which kills the worker
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")  # pyarrow's own pool reserves GBs of address space
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if warmup is not None:
        try:
            warmup()
        except Exception:  # noqa: BLE001  (the calls that need it report it themselves)
            traceback.print_exc()
    conn.send("ready")
    while True:
        try:
            fn, args, kwargs, memory = conn.recv()
        except (EOFError, OSError):
            return
        _limit_memory(memory)
        try:
            reply = (True, fn(*args, **kwargs), "")
        except BaseException as exc:  # noqa: BLE001  (every failure goes back to the caller)
            reply = (False, exc, None)
        _limit_memory(None)
        if not reply[0]:
            reply = (False, reply[1], "".join(traceback.format_exception(reply[1])))
        try:
            conn.send(reply)
        except Exception as exc:  # noqa: BLE001  (an answer that cannot be pickled)
            conn.send((False, RuntimeError(f"the worker could not send its answer back: {exc!r}"), ""))


def _watch_parent(parent: int) -> None:
    """End the worker when the process that started it is gone (killed, crashed)."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _limit_memory(extra: int | None) -> None:
    """Let the address space grow by at most `extra` bytes from now on; None: back to the hard limit."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = hard
    if extra is not None:
        try:
            with open("/proc/self/statm") as fh:
                soft = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE") + int(extra)
        except OSError:  # no /proc: no limit
            return
        soft = soft if hard == resource.RLIM_INFINITY else min(soft, hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# ---- warm workers, and one owner's calls -----------------------------------------------------------------------

class Pool:
    """Workers kept warm between calls (at most `keep` idle; the one an owner used last handed back to that owner,
    else a warm one nobody used yet, else one nobody used, else the one used last), at most `size` busy at once
    (None: no bound)."""

    def __init__(self, warmup=None, keep: int = 1, size: int | None = None):
        self.warmup, self.keep, self.size = warmup, keep, size
        self._idle: list[Worker] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(size) if size else None

    @contextmanager
    def worker(self, wait: float | None = None, owner=None):
        """A worker for one caller, waiting at most `wait` seconds for a free one (BudgetError 'busy'): the one that
        served `owner` last if it is idle; afterwards kept for the next caller, restarted at once if it was killed,
        so that it warms up in the meantime."""
        if self._slots is not None and not self._slots.acquire(timeout=wait):
            raise BudgetError(f"All {self.size} workers are busy with other runs; try again in a minute.", "busy")
        try:
            with self._lock:
                mine = [i for i, w in enumerate(self._idle) if owner is not None and w.owner is owner]
                free = [i for i, w in enumerate(self._idle) if w.owner is None]
                warm = [i for i in free if self._idle[i].warm]
                worker = self._idle.pop((mine or warm or free or [-1])[-1]) if self._idle else Worker(self.warmup)
                worker.owner = owner
            try:
                yield worker
            finally:
                self._keep(worker)
        finally:
            if self._slots is not None:
                self._slots.release()

    def warm(self, count: int = 1) -> None:
        """Start idle workers now until there are `count` (at most `keep`), so that the first calls find them ready
        rather than each waiting for a new process to warm up."""
        with self._lock:
            new = [Worker(self.warmup) for _ in range(min(count, self.keep) - len(self._idle))]
            self._idle[:0] = new
        for worker in new:
            worker.start()

    def _keep(self, worker: Worker) -> None:
        with self._lock:
            self._idle.append(worker)
            extra = self._idle[:max(0, len(self._idle) - self.keep)]
            del self._idle[:len(extra)]
        for w in extra:
            w.close()
        if worker not in extra:
            worker.start()

    def close(self) -> None:
        """Kill the idle workers (the busy ones belong to their callers until they finish)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for w in idle:
            w.close()


class Runner:
    """One owner's calls: runner(fn, *args, **kwargs) runs fn in a worker of `pool` under `budget` (the worker it used
    last when that one is idle, so that what a call left in it serves the next); kill() ends the calls under way
    (each raises BudgetError 'stopped'), stop() also refuses the calls to come (the owner is gone). As a context
    manager, it closes its pool at the end."""

    def __init__(self, budget: Budget = Budget(), pool: Pool | None = None):
        self.budget = budget
        self.pool = pool or Pool()
        self.stopped = False
        self._busy: set[Worker] = set()
        self._lock = threading.Lock()

    def __call__(self, fn, *args, **kwargs):
        if self.stopped:
            raise BudgetError("The run was not started: its owner has stopped.", "stopped")
        with self.pool.worker(wait=self.budget.seconds, owner=self) as worker:
            with self._lock:
                self._busy.add(worker)
            try:
                return worker.run(fn, *args, budget=self.budget, **kwargs)
            finally:
                with self._lock:
                    self._busy.discard(worker)

    def kill(self) -> None:
        with self._lock:
            busy = list(self._busy)
        for w in busy:
            w.kill()

    def stop(self) -> None:
        self.stopped = True
        self.kill()

    def __enter__(self) -> "Runner":
        return self

    def __exit__(self, *exc) -> None:
        self.pool.close()
