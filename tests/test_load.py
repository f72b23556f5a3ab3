"""Many sessions at once on a real server (issue #13), with the visits of benchmarks.app_load: a lone normal visit,
then 10 at once — 6 normal ones and the 4 crafted links of the issue (c99 and LDA at the top of its domains on a
13,000-word text, a billion smoothing rounds, K = '²', markup as a method name, a file path for the vectors) — every
tab closed, and a tab closed while its run is under way. Only what cannot flake is asserted: every visit ends with a
segmentation or a clean error, no traceback anywhere, the workers are back to the warm pool and idle once the tabs
are closed, and a closed tab's run is killed long before its budget would end it. How much slower the normal visits
are than the lone one depends on the machine's load: `python -m benchmarks.app_load` prints it.

Skipped when Playwright or Chromium is missing (apt-get install -y chromium)."""
from __future__ import annotations

import asyncio

import pytest

from benchmarks import app_load

pytest.importorskip("playwright.async_api")
if not app_load.chromium():
    pytest.skip("chromium is not installed (apt-get install -y chromium)", allow_module_level=True)

pytestmark = pytest.mark.load

BUDGET = 20  # seconds per run on the test's server: the costly links end within it
SESSIONS = 10  # at once (the issue asks for ≥ 10); each may take up to 300 s on a loaded 2-core machine


@pytest.fixture(scope="module")
def load():
    with app_load.serve({"EXPLORER_TIMEOUT": str(BUDGET)}) as server:
        yield asyncio.run(app_load.run_load(server, sessions=SESSIONS, timeout=300)), server
    assert "Traceback" not in server.log, server.log[-3000:]


def test_every_session_ends_with_a_result_or_a_clean_error(load):
    result, _ = load
    assert result.lone.kind == "result", result.lone
    assert len(result.visits) == SESSIONS
    for v in result.visits:
        assert v.kind in ("result", "error"), v
        assert "Traceback" not in v.text and "Error details" not in v.text
        if v.link in app_load.CRAFTED[:2]:  # costly: a result within the budget, the budget's message, or the
            # 'busy' stop when other long runs already hold the long-run slots (a loaded machine makes more runs long)
            assert v.kind == "result" or any(m in v.text for m in (f"time limit of {BUDGET} s", "memory",
                                                                   "to keep the server free for short runs")), v
        else:  # normal visits, and crafted links whose bad values are warnings: a segmentation
            assert v.kind == "result", v


def test_closed_tabs_leave_only_the_idle_warm_pool(load):
    result, _ = load
    assert result.settle_seconds is not None, "workers still busy a minute after every tab closed"
    assert len(result.left) <= app_load.WORKERS


def test_a_tab_closed_mid_run_kills_its_run(load):
    result, _ = load
    assert result.killed is not None, "no worker was seen running the long link"
    assert result.gone_after is not None and result.gone_after < BUDGET / 2, result.gone_after
