"""Time the Segmentation Explorer's reruns with Streamlit's AppTest (no browser): the first load, and a change of K
on a 300-sentence text, for several methods.  Run:  python -m benchmarks.app_responsiveness [--repeat 5]
With --paper: the link of A&G's paper sample (12,933 words, word level, K = 40) opened with each method, workers
warm (issue #15's goal: ≤ 5 s for every method).

The text is the first 300 sentences of Alemi & Ginsparg's paper (assets/samples/), pasted into the app. Each figure
is the wall time of one AppTest run (the whole script: load, segment, heatmap, overlay, profile, cost curve,
exports), so it includes AppTest's own overhead and is an upper bound on the server's work for that rerun.
Target: a K change ≤ 0.5 s.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from streamlit.testing.v1 import AppTest

from .runner import REPO


def three_hundred_sentences() -> str:
    from segcore.loaders import split_sentences

    text = (REPO / "assets" / "samples" / "alemi_ginsparg_2015_paper.txt").read_text("utf-8")
    sentences = split_sentences(text)[:300]
    return "\n\n".join(sentences)


def timed_run(at: AppTest) -> float:
    t = time.perf_counter()
    at.run()
    dt = time.perf_counter() - t
    if at.exception:
        raise RuntimeError(at.exception[0].value)
    return dt


def paper(methods: list[str]) -> None:
    """Each method's first view of the A&G paper sample at K = 40, as its link opens it (a new session each)."""
    from segcore.methods import METHODS

    warm = AppTest.from_file(str(REPO / "app.py"), default_timeout=600)
    print(f"first load of the app (workers warming up): {timed_run(warm):.2f} s\n")
    print(f"{'method':<18}{'seconds':>9}  result")
    for m in methods or list(METHODS):
        at = AppTest.from_file(str(REPO / "app.py"), default_timeout=600)
        at.query_params = {"sample": "alemi-paper", "method": m, "k": "40"}
        dt = timed_run(at)
        said = at.error[0].value if at.error else next((x.value for x in at.markdown if "segments" in x.value), "")
        print(f"{m:<18}{dt:>9.2f}  {said[:100]}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n(target ≤ 5 s each; load average {load:.1f} on {os.cpu_count()} CPUs)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="K changes to time per method")
    ap.add_argument("--methods", default="cvs,c99,texttiling,sentence-tiling,ui",
                    help="comma-separated methods (those not registered are skipped)")
    ap.add_argument("--paper", action="store_true", help="time the paper sample's link with each method instead "
                                                         "(--methods all: every registered method)")
    args = ap.parse_args()
    if args.paper:
        paper([] if args.methods == "all" else args.methods.split(","))
        return 0
    text = three_hundred_sentences()

    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=600)
    t_first = timed_run(at)
    print(f"first load of the app (bundled Choi sample, cvs, caches cold, word vectors loaded): {t_first:.2f} s")
    at.sidebar.radio(key="src").set_value("Paste text")
    timed_run(at)
    at.sidebar.text_area(key="paste").set_value(text)
    t_paste = timed_run(at)
    n = at.session_state["_docstate"].doc.n
    print(f"paste the text ({n} sentences) and segment it: {t_paste:.2f} s")
    methods = [m for m in args.methods.split(",") if m in at.sidebar.selectbox(key="method").options]
    at.sidebar.radio(key="k_mode").set_value("Number")
    print(f"\n{'method':<18}{'first run':>11}{'K change: median':>19}{'max':>8}   (seconds, {args.repeat} K changes)")
    worst = worst_median = 0.0
    for m in methods:
        at.sidebar.selectbox(key="method").set_value(m)
        at.sidebar.number_input(key="k").set_value(9)  # a K not run yet: nothing of this method is cached
        first = timed_run(at)
        times = []
        for i in range(args.repeat):
            at.sidebar.number_input(key="k").set_value(11 + i * 3)
            times.append(timed_run(at))
        if at.error:
            print(f"{m:<18} error: {at.error[0].value}")
            continue
        worst = max(worst, max(times))
        worst_median = max(worst_median, statistics.median(times))
        print(f"{m:<18}{first:>11.3f}{statistics.median(times):>19.3f}{max(times):>8.3f}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\nslowest median K change: {worst_median:.3f} s, slowest single K change: {worst:.3f} s "
          f"(target ≤ 0.5 s: {'OK' if worst_median <= 0.5 else 'TOO SLOW'}); load average {load:.1f} on "
          f"{os.cpu_count()} CPUs — other processes inflate single runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
