"""Long runs (segcore.evaluation's evaluate_many and sweep) in a background thread, driven through their own progress
and stop hooks, each document segmented in the session's worker (explorer.workers): a rerun of the page — the Stop
button, any other widget — neither loses nor restarts them; Stop kills the document under way, and so does the
session's end."""
from __future__ import annotations

import threading
import time

import streamlit as st

from .guard import guarded
from .workers import session_runner


class Job:
    """fn(*args, progress=…, stop=…, run=…, **kwargs) in a thread, `run` the session's Runner (or `runner`): how far
    it is, a stop request, its result or error, and `about`: what the page needs to say about the run."""

    def __init__(self, fn, *args, about=None, runner=None, **kwargs):
        self.about = about
        self.runner = runner or session_runner()
        self.done, self.total = 0, 0
        self.result, self.error = None, None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(fn, args, kwargs), daemon=True)
        self._thread.start()

    def _run(self, fn, args, kwargs) -> None:
        out = guarded(fn, *args, progress=self._progress, stop=self._stopping, run=self.runner, what="The run",
                      **kwargs)
        self.result, self.error = out.value, out.error

    def _stopping(self) -> bool:
        return self._stop.is_set() or self.runner.stopped

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def stop(self) -> None:
        """Stop the run now: the document under way is killed and left out."""
        self._stop.set()
        self.runner.kill()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()


def evaluations(job: Job | None, stop_key: str, label: str) -> list:
    """The evaluations of a job that have rows ([] before any run). While it runs: a Stop button and a progress bar,
    and the page is drawn again when it ends; its error as st.error."""
    if job is None:
        return []
    if job.running:
        st.button("Stop", key=stop_key, on_click=job.stop, help="Stops the run now; the results so far are kept.")
        bar = st.progress(0.0, text="Starting…")
        while job.running:
            bar.progress(job.done / job.total if job.total else 0.0,
                         text=f"{label}: {job.done} / {job.total} documents")
            time.sleep(0.25)
        st.rerun()
    if job.error:
        st.error(job.error)
    return [e for e in job.result or [] if e.rows]
