"""A change of K on a 5,000-sentence document: the engine's CPU time (segment() with K given, before; ktable.segment,
which keeps the fitted score and DP tables, after) and the app's time per K change (AppTest with the real workers:
wall time, and the CPU time of the page script itself).
Run:  python -m benchmarks.app_k_change [--source choi|fiction] [--methods best,cvs] [--no-app]

'choi': the bundled Choi 3-11 documents concatenated, cut at 5,000 sentences; 'fiction': two novels of the shared
fiction corpus (Kazantseva & Szpakowicz 2011), cut at 5,000. Target: a K change answered in ≤ 1 s.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from segcore import ktable, segment
from segcore.datasets import concatenate, load_named
from segcore.document import Document
from segcore.loaders import load

from .runner import REPO, SHARED, shared_name
from .scaling import process_cpu, truncate

N = 5000
KS = (10, 12, 8, 20, 25, 9, 30, 40, 15)  # the K changes, in this order


def source(name: str) -> Document:
    if name == "choi":
        return truncate(concatenate(load_named("choi/3-11")[:90], source="choi/3-11 concatenated"), N)
    files = [SHARED / "fiction_kazantseva2011" / f for f in ("3329.ref", "385.ref")]
    if not all(f.is_file() for f in files):
        sys.exit(f"the fiction corpus is not under {shared_name('fiction_kazantseva2011')}")
    return truncate(concatenate([load(f) for f in files], source="fiction 3329 + 385"), N)


def engine(doc: Document, methods: list[str]) -> None:
    print(f"engine, CPU seconds per K (K changes in the order {', '.join(map(str, KS))}):")
    segment(Document(doc.elements[:40]), "cvs", k=2)  # word vectors loaded
    for m in methods:
        before, after = [], []
        for k in KS:
            t = process_cpu()
            a = segment(doc, m, k=k)
            before.append(process_cpu() - t)
            t = process_cpu()
            b = ktable.segment(doc, m, k=k)
            after.append(process_cpu() - t)
            if a.boundaries != b.boundaries:
                print(f"  {m} K = {k}: ktable.segment differs from segment()!")
        print(f"  {m:<6} segment():       " + " ".join(f"{x:5.2f}" for x in before)
              + f"   median {statistics.median(before):.2f}")
        print(f"  {m:<6} ktable.segment(): " + " ".join(f"{x:5.2f}" for x in after)
              + f"   median {statistics.median(after):.2f} (first: fit + table)")


def app(doc: Document, methods: list[str]) -> None:
    from streamlit.testing.v1 import AppTest

    data = "".join("==========\n" + "\n".join(doc.elements[a:b]) + "\n"
                   for a, b in doc.segments(doc.reference)) + "==========\n"
    os.environ.setdefault("EXPLORER_MAX_CHARS", "2000000")  # 5,000 of Choi's sentences are 780,000 characters
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=900)
    at.run()
    at.sidebar.radio(key="src").set_value("Upload a file")
    at.run()
    at.sidebar.file_uploader(key="upload").set_value(("long.ref", data.encode(), "text/plain"))
    t = time.perf_counter()
    at.run()
    print(f"\napp: upload and first view ({at.session_state['_docstate'].doc.n} sentences, best, K automatic): "
          f"{time.perf_counter() - t:.1f} s wall")
    for m in methods:
        at.sidebar.selectbox(key="method").set_value(m)
        at.run()
        at.sidebar.radio(key="k_mode").set_value("Number")
        at.run()
        times, page = [], []
        for k in KS:
            at.sidebar.number_input(key="k").set_value(k)
            t, c = time.perf_counter(), time.process_time()
            at.run()
            times.append(time.perf_counter() - t)
            page.append(time.process_time() - c)
            if at.exception or at.error:
                print(f"  {m} K = {k}: {[e.value for e in at.exception] or [e.value for e in at.error]}")
        print(f"  {m:<6} wall s per K change: " + " ".join(f"{x:5.2f}" for x in times)
              + f"   median {statistics.median(times):.2f}, max {max(times):.2f}")
        print(f"  {m:<6} page CPU s:          " + " ".join(f"{x:5.2f}" for x in page)
              + f"   median {statistics.median(page):.2f} (the script's own work; the worker's is the engine's above)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", choices=("choi", "fiction"), default="choi")
    ap.add_argument("--methods", default="best,cvs")
    ap.add_argument("--no-app", action="store_true", help="the engine's figures only")
    args = ap.parse_args()
    doc = source(args.source)
    methods = args.methods.split(",")
    print(f"{doc.source}: {doc.n} sentences, {len(doc.reference)} reference segments")
    engine(doc, methods)
    if not args.no_app:
        app(doc, methods)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (wall times include other processes' "
          f"work; CPU times do not)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
