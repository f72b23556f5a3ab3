"""Runs with a budget: a function called in a worker process under a wall-time and a memory limit, its result returned
or a BudgetError that says what happened and what to try; the worker killed when over budget or when its owner asks,
kept warm for the next call otherwise.

A `Worker` is one process (multiprocessing, spawn) serving calls one at a time; a `Pool` keeps idle workers warm,
bounds how many run at once and keeps short runs ahead of long ones (a run that has used `grace` seconds of processor
time is long — one that only waits for a processor on a loaded machine is not: its worker drops to the lowest CPU
priority and at most `long` such runs go on at once); a `Runner` is one owner's way in (a command-line run, an app
session): its calls go through a pool under its budget, and `kill()` ends those under way.
Memory is limited with RLIMIT_AS in the worker (Linux): a run may add at most `Budget.memory` bytes of address space
to what its worker held when the call began.
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
from .parallel import main_script_hidden, one_thread_children

ADVICE = ("try fewer elements (sentences instead of words), K given instead of automatic, another method, or a "
          "shorter text")
UNITS = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
STARTUP = 300.0  # seconds a new worker may take to start and warm up (not counted in any run's budget)
LOW_PRIORITY = 19  # the nice value of a worker that has served a long run (the lowest priority)


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
        self.grace, self.on_long = None, None  # on_long(self) after `grace` CPU seconds of a call (a Pool's)
        self.niced = False  # its process runs at LOW_PRIORITY (it cannot be raised back)
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
        with main_script_hidden(), one_thread_children():
            process.start()
        theirs.close()
        self._process, self._conn, self._killed, self._ready, self.niced = process, ours, False, False, False

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
                ok, value, trace = self._receive(budget, self.grace)
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

    def _receive(self, budget: Budget, grace: float | None = None):
        now = time.monotonic()
        deadline = None if budget.seconds is None else now + budget.seconds
        long = None if grace is None or self.on_long is None else now + grace
        start = _cpu_seconds(self.pid)
        while True:
            now = time.monotonic()
            left = None if deadline is None else deadline - now
            if left is not None and left <= 0:
                raise BudgetError(f"The run took longer than its time limit of {budget.seconds:g} s and was stopped; "
                                  f"{ADVICE}.", "time")
            if long is not None and now >= long:
                cpu = _cpu_seconds(self.pid)
                used = None if start is None or cpu is None else cpu - start
                if used is not None and used < grace:  # waiting for a processor is not running long
                    long = now + max(grace - used, 0.05)
                else:
                    long = None
                    self.on_long(self)
            waits = [t for t in (left, None if long is None else long - now) if t is not None]
            if not wait([self._conn, self._process.sentinel], min(waits) if waits else None):
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

    def lower_priority(self) -> None:
        """Move every thread of the process to LOW_PRIORITY (Linux sets a nice value per thread; threads started
        later inherit it). It cannot be raised back without privileges: the worker stays low until it ends."""
        pid = self.pid
        if pid is None:
            return
        try:
            threads = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
        except OSError:
            threads = [pid]
        for t in threads:
            try:
                os.setpriority(os.PRIO_PROCESS, t, LOW_PRIORITY)
            except OSError:  # the thread ended meanwhile
                pass
        self.niced = True

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


def _cpu_seconds(pid: int | None) -> float | None:
    """Processor seconds process `pid` has used (Linux /proc); None where that cannot be read."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, TypeError):
        return None


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
    """Workers kept warm between calls, at most `size` busy at once (None: no bound). A caller gets the worker it used
    last if that one is idle, else a warm one nobody used yet, else one nobody used, else another at normal priority,
    else a new one. A call that has used `grace` seconds of processor time (of wall time where /proc cannot be read)
    is long: its worker drops to LOW_PRIORITY for good, so that short runs get the processors first, and beyond `long`
    long calls at once the next one is stopped (BudgetError 'busy'), so that slots stay free for short runs. Idle: at
    most `keep` workers at normal priority (one started when a worker drops) and `keep` low ones, each kept for the
    owner it served."""

    def __init__(self, warmup=None, keep: int = 1, size: int | None = None, grace: float | None = None,
                 long: int | None = None):
        self.warmup, self.keep, self.size, self.grace, self.long = warmup, keep, size, grace, long
        self._idle: list[Worker] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(size) if size else None
        self._long = threading.BoundedSemaphore(long) if long else None
        self._holding: set[Worker] = set()  # workers whose call counts as one of the `long`

    @contextmanager
    def worker(self, wait: float | None = None, owner=None):
        """A worker for one caller, waiting at most `wait` seconds for a free one (BudgetError 'busy'); afterwards
        kept for the next caller, restarted at once if it was killed, so that it warms up in the meantime."""
        if self._slots is not None and not self._slots.acquire(timeout=wait):
            raise BudgetError(f"All {self.size} workers are busy with other runs; try again in a minute.", "busy")
        try:
            with self._lock:
                worker = self._take(owner)
            worker.grace, worker.on_long = self.grace, self._went_long
            try:
                yield worker
            finally:
                with self._lock:
                    held = worker in self._holding
                    self._holding.discard(worker)
                if held:
                    self._long.release()
                self._keep(worker)
        finally:
            if self._slots is not None:
                self._slots.release()

    def _take(self, owner) -> Worker:
        def where(ok):
            return [i for i, w in enumerate(self._idle) if ok(w)]

        found = (where(lambda w: owner is not None and w.owner is owner) or where(lambda w: w.owner is None and w.warm)
                 or where(lambda w: w.owner is None) or where(lambda w: not w.niced))
        worker = self._idle.pop(found[-1]) if found else Worker(self.warmup)
        worker.owner = owner
        return worker

    def _went_long(self, worker: Worker) -> None:
        """A call has used `grace` processor seconds: count it among the long ones (or stop it), lower its priority."""
        if self._long is not None:
            if not self._long.acquire(blocking=False):
                raise BudgetError(f"The run used more than {self.grace:g} s of processor time while {self.long} other "
                                  f"long runs were under way, and was stopped to keep the server free for short "
                                  f"runs; try again in a minute, or {ADVICE}.", "busy")
            with self._lock:
                self._holding.add(worker)
        worker.lower_priority()

    def warm(self, count: int = 1) -> None:
        """Start idle workers now until there are `count` (at most `keep`), so that the first calls find them ready
        rather than each waiting for a new process to warm up."""
        with self._lock:
            new = [Worker(self.warmup) for _ in range(min(count, self.keep) - len(self._idle))]
            self._idle[:0] = new
        for worker in new:
            worker.start()

    def _keep(self, worker: Worker) -> None:
        worker.start()  # a killed worker's new process starts warming up now (at normal priority)
        with self._lock:
            self._idle.append(worker)
            normal = [w for w in self._idle if not w.niced]
            low = [w for w in self._idle if w.niced]
            extra = normal[:max(0, len(normal) - self.keep)] + low[:max(0, len(low) - self.keep)]
            self._idle = [w for w in self._idle if w not in extra]
            new = [Worker(self.warmup)] if worker.niced and len(normal) < self.keep else []
            self._idle[:0] = new
        for w in extra:
            w.close()
        for w in new:
            w.start()

    def forget(self, owner) -> None:
        """The owner is gone: its idle low-priority workers end (no one else would get them)."""
        with self._lock:
            gone = [w for w in self._idle if w.owner is owner and w.niced]
            self._idle = [w for w in self._idle if w not in gone]
        for w in gone:
            w.close()

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
        self.pool.forget(self)

    def __enter__(self) -> "Runner":
        return self

    def __exit__(self, *exc) -> None:
        self.pool.close()
