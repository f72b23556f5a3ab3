"""Where the app's segmentations run: worker processes of segcore.budget, each run under the app's budget
(explorer.settings). One pool per server keeps workers warm (word vectors loaded), bounds the runs under way and keeps
short runs ahead of long ones (a run past settings.LONG_AFTER seconds of processor time drops to the lowest CPU
priority, and at most EXPLORER_LONG_RUNS such runs go on at once); each session has its Runner, a session-scoped
resource whose release — Streamlit calls it when the session disconnects — kills the session's runs under way and
refuses further ones (a benchmark's next document), so a closed tab leaves no work behind."""
from __future__ import annotations

import streamlit as st

from segcore.budget import Pool, Runner
from segcore.pipeline import preload

from . import settings


@st.cache_resource(show_spinner=False)
def pool() -> Pool:
    """The server's workers: at most EXPLORER_WORKERS busy, as many kept warm, all started now (a run that has to
    wait for a new process to warm up waits seconds, for a warm one milliseconds)."""
    size = settings.workers()
    workers = Pool(warmup=preload, keep=size, size=size, grace=settings.LONG_AFTER, long=settings.long_runs())
    workers.warm(size)
    return workers


@st.cache_resource(scope="session", on_release=Runner.stop, show_spinner=False)
def _runner() -> Runner:
    return Runner(settings.budget(), pool())


def session_runner() -> Runner:
    """This session's runs: runner(fn, *args, **kwargs) calls fn in a worker (the one it used last, where the DP
    tables of its document are kept: segcore.ktable) under the app's budget as the settings say at the time of the
    call (AppTest's sessions all share one session id, and so one runner)."""
    runner = _runner()
    runner.budget = settings.budget()
    return runner
