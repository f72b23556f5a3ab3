"""Many sessions at once on a real server (issue #13): `streamlit run app.py` as a subprocess on 127.0.0.1, Debian's
Chromium driven by Playwright (one browser, one tab — one Streamlit session — per visit). A normal visit alone, then
normal visits and crafted links all at once (each normal one asks for a K not computed yet; the crafted ones ask for
a costly method on a 13,000-word text, values outside their domains, markup), every tab closed, and last a tab
closed while its run is under way. Run:  python -m benchmarks.app_load [--sessions 12] [--timeout 30]

Prints the lone time; the same normal visits at once without the crafted links (the baseline); each visit's outcome and
time in the mixed load; the ratio of the normal visits' times beside the crafted links to the baseline (target ≤ 2:
the crafted links must not slow anyone down) and to the lone time (informational: every tab is a Chromium renderer on
this same machine, so ten tabs at once cost ten times the browser's work whatever the server does); and the worker
processes left once the tabs are closed. tests/test_load.py runs the same visits and asserts only what cannot flake.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
WORKERS = 4  # the server's EXPLORER_WORKERS: runs at once, and workers kept warm (explorer.workers.pool)
RESULT = re.compile(r"cut the [\d,]+ \w+ into \d+ segments")  # the summary, not a sample's note
ERROR = "[data-testid='stAlertContentError']"
EXCEPTION = "[data-testid='stException']"


def normal(k: int) -> str:
    """A normal visit: a bundled Choi document, cvs, a given K (each K is computed once, then cached)."""
    return f"/?sample=choi-1_0&method=cvs&k={k}"


CRAFTED = ("/?sample=alemi-paper&method=c99&k=auto",  # once 6.9 GB
           "/?sample=alemi-paper&method=lda&k=auto&p.topics=500&p.passes=100&p.iterations=1000",
           "/?method=texttiling&k=auto&p.rounds=1000000000",
           "/?k=%C2%B2&tol=999&method=%5Bsign%20in%5D(https://evil.example)&p.vectors=/etc/passwd")
LONG_RUN = CRAFTED[1] + "&p.seed=7"  # runs until its budget ends, in a worker, not cached


def chromium() -> str | None:
    return CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    url: str
    process: subprocess.Popen
    log: str = ""


@contextmanager
def serve(env: dict | None = None, start_timeout: float = 90.0):
    """`streamlit run app.py` on a free port of 127.0.0.1 with `env` added to the environment; the Server (its log
    filled in when it has stopped)."""
    port = free_port()
    log = tempfile.TemporaryFile()
    env = {"EXPLORER_WORKERS": str(WORKERS), **(env or {})}
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **env})
    server = Server(f"http://127.0.0.1:{port}", proc)
    try:
        deadline = time.monotonic() + start_timeout
        while not _healthy(server.url):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("streamlit did not start")
            time.sleep(0.3)
        yield server
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.seek(0)
        server.log = log.read().decode("utf-8", "replace")
        log.close()


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
            return r.read().strip() == b"ok"
    except OSError:
        return False


# ---- the server's worker processes ---------------------------------------------------------------------------------

def workers(server: Server) -> list[psutil.Process]:
    """The server's worker processes (segcore.budget: multiprocessing, spawn)."""
    try:
        children = psutil.Process(server.process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for p in children:
        try:
            if "spawn_main" in " ".join(p.cmdline()) and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.Error:
            pass
    return out


def cpu_use(procs: list[psutil.Process], interval: float = 1.0) -> dict[int, float]:
    """CPU seconds each process used during `interval` (gone processes left out)."""
    def cpu(p):
        try:
            t = p.cpu_times()
            return t.user + t.system
        except psutil.Error:
            return None
    before = {p.pid: cpu(p) for p in procs}
    time.sleep(interval)
    after = {p.pid: cpu(p) for p in procs}
    return {pid: after[pid] - before[pid] for pid in before if before[pid] is not None and after[pid] is not None}


def settle(server: Server, timeout: float = 60.0) -> tuple[list[int], float | None]:
    """Wait until at most WORKERS workers are left and none works (those killed are replaced and warm up first): (the
    workers left, seconds waited, None if they were still more or busy at the timeout)."""
    t = time.monotonic()
    while True:
        procs = workers(server)
        use = cpu_use(procs, 1.0)
        if len(procs) <= WORKERS and all(u < 0.02 for u in use.values()):
            return sorted(use), time.monotonic() - t
        if time.monotonic() - t > timeout:
            return sorted(use), None


def busy_worker(server: Server, timeout: float = 60.0) -> int | None:
    """The pid of a worker that is computing (idle ones use no CPU at all), waiting for one at most `timeout`
    seconds."""
    t = time.monotonic()
    while time.monotonic() - t < timeout:
        use = cpu_use(workers(server), 0.5)
        busy = [pid for pid, u in use.items() if u > 0.02]
        if busy:
            return busy[0]
    return None


# ---- visits -------------------------------------------------------------------------------------------------------

@dataclass
class Visit:
    """One tab: its link, what it ended with ('result', 'error', 'exception' or 'timeout'), after how many seconds,
    and the text of its first error, if any."""

    link: str
    kind: str = "timeout"
    seconds: float = float("nan")
    text: str = ""


async def page_visit(browser, server: Server, link: str, timeout: float = 120.0, wait: bool = True):
    """Open `link` in a new tab and wait (with `wait`) for a segmentation, an st.error or an exception: (Visit, the
    open tab)."""
    page = await browser.new_page(viewport={"width": 1400, "height": 1000})
    out = Visit(link)
    t = time.perf_counter()
    if not wait:
        await page.goto(server.url + link, timeout=timeout * 1000)
        return out, page
    try:
        await page.goto(server.url + link, timeout=timeout * 1000)
        ended = page.get_by_text(RESULT).or_(page.locator(ERROR)).or_(page.locator(EXCEPTION))
        await ended.first.wait_for(timeout=timeout * 1000)
        out.seconds = time.perf_counter() - t
        if await page.locator(EXCEPTION).count():
            out.kind, out.text = "exception", await page.locator(EXCEPTION).first.inner_text()
        elif await page.get_by_text(RESULT).count():
            out.kind = "result"
        else:
            out.kind, out.text = "error", await page.locator(ERROR).first.inner_text()
    except Exception as exc:  # noqa: BLE001  (a tab that never ends is the finding: reported, not raised)
        out.text = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return out, page


class RawTab:
    """A Streamlit session without a browser: Streamlit's own WebSocket protocol (BackMsg / ForwardMsg), so that a
    visit's time is the server's alone (no page is drawn). `close()` disconnects, as closing a tab does."""

    def __init__(self, ws):
        self.ws = ws

    async def close(self) -> None:
        await self.ws.close()


async def raw_visit(server: Server, link: str, timeout: float = 120.0, wait: bool = True):
    """Open a session on `link` and wait (with `wait`) until its script has finished with a segmentation, an error or
    an exception: (Visit, RawTab)."""
    import websockets
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    out = Visit(link)
    t = time.perf_counter()
    ws = await websockets.connect(server.url.replace("http", "ws", 1) + "/_stcore/stream", subprotocols=["streamlit"],
                                  max_size=None, open_timeout=timeout)
    msg = BackMsg()
    msg.rerun_script.query_string = link.split("?", 1)[-1]
    await ws.send(msg.SerializeToString())
    if not wait:
        return out, RawTab(ws)
    seen = {"result": False, "error": "", "exception": ""}
    try:
        async with asyncio.timeout(timeout):
            while True:
                fm = ForwardMsg()
                fm.ParseFromString(await ws.recv())
                kind = fm.WhichOneof("type")
                if kind == "delta":
                    text = str(fm.delta).replace("*", "")  # the summary is Markdown: **4 segments**
                    seen["result"] |= bool(RESULT.search(text))
                    if "exception {" in text:
                        seen["exception"] = seen["exception"] or text[:300]
                    elif "alert {" in text and "format: ERROR" in text:
                        seen["error"] = seen["error"] or re.search(r'body: "(.*)"', text).group(1)
                elif kind == "script_finished" and fm.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
                    if any(seen.values()):
                        break
        out.seconds = time.perf_counter() - t
        out.kind = "exception" if seen["exception"] else "result" if seen["result"] else "error"
        out.text = seen["exception"] or ("" if seen["result"] else seen["error"])
    except Exception as exc:  # noqa: BLE001  (a session that never ends is the finding: reported, not raised)
        out.text = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return out, RawTab(ws)


@dataclass
class Load:
    """What one load run saw."""

    lone: Visit
    visits: list[Visit]
    left: list[int]             # workers left once every tab was closed …
    settle_seconds: float | None  # … all idle after this many seconds (None: not within a minute)
    killed: int | None = None   # the worker busy when its tab closed …
    gone_after: float | None = None  # … gone this many seconds after the tab closed (None: still there)
    baseline: list[Visit] | None = None  # the same number of normal visits at once, without the crafted links
    beside: list[Visit] | None = None  # normal visits one after another while the costly crafted links run

    def normal_seconds(self, visits: list[Visit]) -> list[float]:
        return [v.seconds for v in visits if v.link not in CRAFTED and v.kind == "result"]

    @property
    def ratios(self) -> list[float]:
        return [t / self.lone.seconds for t in self.normal_seconds(self.visits)]


async def run_load(server: Server, sessions: int = 12, timeout: float = 120.0, baseline: bool = False,
                   raw: bool = False) -> Load:
    """A warm-up visit, a lone normal visit, (with `baseline`, the normal visits of the load at once without the
    crafted links,) then `sessions` visits at once (the crafted links among them), every tab closed; last, a tab
    closed while its run is under way. Each visit a Chromium tab, or with `raw` a RawTab (no browser)."""
    if raw:
        return await _run_load(None, server, sessions, timeout, baseline)
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium(), args=LAUNCH_ARGS)
        try:
            return await _run_load(browser, server, sessions, timeout, baseline)
        finally:
            await browser.close()


async def _run_load(browser, server: Server, sessions: int, timeout: float, baseline: bool) -> Load:
    async def visit(link, wait=True):
        if browser is None:
            return await raw_visit(server, link, timeout, wait)
        return await page_visit(browser, server, link, timeout, wait)

    async def at_once(links):
        opened = await asyncio.gather(*(visit(link) for link in links))
        for _, tab in opened:
            await tab.close()
        return [v for v, _ in opened]

    count = max(0, sessions - len(CRAFTED))
    for k in (2, 3):  # the first visit fills the shared caches; the second is the lone time
        lone = (await at_once([normal(k)]))[0]
    base = None
    if baseline:  # Ks of their own, so that nothing of the load below is cached yet
        base = await at_once([normal(4 + count + i) for i in range(count)])
        await asyncio.to_thread(settle, server)
    visits = await at_once([normal(4 + i) for i in range(count)] + list(CRAFTED[:sessions]))
    left, waited = await asyncio.to_thread(settle, server)
    beside = None
    if baseline:  # the costly links running, normal visits come one at a time, as users do
        costly = [await visit(link, wait=False) for link in (CRAFTED[0], CRAFTED[1] + "&p.seed=3")]
        await asyncio.sleep(3.0)  # both are long runs by now
        beside = [(await at_once([normal(4 + 2 * count + i)]))[0] for i in range(count)]
        for _, tab in costly:
            await tab.close()
        await asyncio.to_thread(settle, server)
    load = Load(lone, visits, left, waited, baseline=base, beside=beside)
    _, tab = await visit(LONG_RUN, wait=False)
    load.killed = await asyncio.to_thread(busy_worker, server)
    await tab.close()
    closed = time.monotonic()
    while load.killed and psutil.pid_exists(load.killed) and time.monotonic() - closed < 20:
        await asyncio.sleep(0.2)
    if load.killed and not psutil.pid_exists(load.killed):
        load.gone_after = time.monotonic() - closed
    return load


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sessions", type=int, default=12, help="visits at once (the 4 crafted links among them)")
    ap.add_argument("--timeout", default="30", help="EXPLORER_TIMEOUT of the server, in seconds")
    ap.add_argument("--browser", action="store_true", help="each visit a Chromium tab (default: a session without a "
                                                           "browser, Streamlit's WebSocket protocol: the server's time)")
    args = ap.parse_args()
    if args.browser and not chromium():
        print("chromium is not installed (apt-get install -y chromium)")
        return 1
    with serve({"EXPLORER_TIMEOUT": args.timeout}) as server:
        load = asyncio.run(run_load(server, args.sessions, baseline=True, raw=not args.browser))
    print(f"lone normal visit: {load.lone.seconds:.2f} s ({load.lone.kind})")
    base = load.normal_seconds(load.baseline)
    print(f"\nthe {len(load.baseline)} normal visits at once, no crafted link: median {statistics.median(base):.2f} s, "
          f"max {max(base):.2f} s ({sum(v.kind == 'result' for v in load.baseline)} results)" if base else
          "\nthe normal visits without crafted links gave no result")
    print(f"\n{args.sessions} visits at once (server budget {args.timeout} s per run):")
    for v in load.visits:
        text = f" — {v.text[:110]}" if v.text else ""
        print(f"  {v.seconds:7.2f} s  {v.kind:9s} {v.link[:70]}{text}")
    mixed = load.normal_seconds(load.visits)
    if mixed and base:
        print(f"\nnormal visits beside the crafted links / the same visits without them: median "
              f"{statistics.median(mixed) / statistics.median(base):.2f}×, slowest {max(mixed) / max(base):.2f}× "
              f"(target ≤ 2×)")
    if load.beside:
        one = [v.seconds / load.lone.seconds for v in load.beside if v.kind == "result"]
        print(f"normal visits one after another while the two costly links run / lone visit: median "
              f"{statistics.median(one):.2f}×, max {max(one):.2f}× (target ≤ 2×; {len(one)} of {len(load.beside)} "
              f"results)" if one else "normal visits beside the costly links gave no result")
    if load.ratios:
        print(f"normal visits / lone visit: median {statistics.median(load.ratios):.2f}×, max {max(load.ratios):.2f}× "
              f"(the browser's tabs run on this machine too); load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} CPUs")
    idle = f"idle after {load.settle_seconds:.1f} s" if load.settle_seconds is not None else "NOT idle after 60 s"
    print(f"workers left after the tabs closed: {len(load.left)} (≤ {WORKERS} kept warm), {idle}")
    print(f"a tab closed mid-run: its worker {load.killed} gone after "
          + (f"{load.gone_after:.1f} s" if load.gone_after is not None else "— still running"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
