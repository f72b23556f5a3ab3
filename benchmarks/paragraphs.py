"""Boundaries between paragraphs (segcore.paragraphs): every method on the sets whose files mark paragraphs, with
`paragraphs` off (any sentence may end a segment) and on (the default: only a paragraph's last sentence may).
Writes benchmarks/results/paragraphs.md.

Run:  python -m benchmarks.paragraphs [--jobs 2] [--limit N]
      (needs python -m benchmarks.corpora: the manuals and Wikipedia, written with a blank line between paragraphs)

Each method with its defaults, K given (the true number of sections) and automatic. Line-level Pk % (k = half the
mean reference segment length), means over documents; 'on − off': mean paired difference (points) ± standard error
(documents better / worse with paragraphs on); K found: totals over the set against the true total. The rule has no
setting tuned on these sets (a text marks paragraphs when it has at least 3, segcore.paragraphs.MIN_PARAGRAPHS, set
before any run); it was made the default after a first run of best, ui and cvs on these four sets, the only ones with
paragraphs (lectures, fiction and Choi's files mark none, and read as before)."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from segcore.methods import segment
from segcore.metrics import pk

from .markdown import paired, table
from .real_documents_k import cli

OUT = Path(__file__).resolve().parent / "results" / "paragraphs.md"
SETS = ("manuals/python", "manuals/handbook", "manuals/reference", "wikipedia")
METHODS = ("best", "ui", "simon", "cvs", "c99", "texttiling")
MODES = ("given", "auto")


def study(doc) -> dict:
    """(Pk, K found) of each method, K mode and paragraphs setting; the paragraphs marked and the true K."""
    out = {"K": len(doc.reference), "paragraphs": len(doc.meta.get("paragraphs", []))}
    for method in METHODS:
        for mode in MODES:
            for on in (False, True):
                seg = segment(doc, method, len(doc.reference) if mode == "given" else None, paragraphs=on)
                out[method, mode, on] = (pk(doc.reference, seg.boundaries), seg.k)
    return out


def report(res: dict, seconds: float, args) -> list[str]:
    out = ["# Boundaries between paragraphs", "",
           f"`python -m benchmarks.paragraphs --jobs {args.jobs}`, {seconds / 60:.1f} min.", "",
           __doc__.split("\n\n", 2)[2].strip(), "",
           "Documents: " + ", ".join(f"{s}: {len(r)} ({sum(d['paragraphs'] for d in r):,} paragraphs, "
                                     f"{sum(d['K'] for d in r)} sections)" for s, r in res.items()) + ".", ""]
    rows = []
    for s, docs in res.items():
        for method in METHODS:
            for mode in MODES:
                off = [d[method, mode, False] for d in docs]
                on = [d[method, mode, True] for d in docs]
                cell, better, worse = paired([100 * (b[0] - a[0]) for a, b in zip(off, on)])
                found = "" if mode == "given" else (f"{sum(a[1] for a in off)} → {sum(b[1] for b in on)} / "
                                                    f"{sum(d['K'] for d in docs)}")
                rows.append([s, method, mode, f"{100 * np.mean([a[0] for a in off]):.2f}",
                             f"{100 * np.mean([b[0] for b in on]):.2f}", f"{cell} ({better} / {worse})", found])
    return out + table(["set", "method", "K", "Pk off", "Pk on", "on − off (better / worse)",
                        "segments found off → on / true"], rows)


if __name__ == "__main__":
    cli(__doc__, SETS, study, report, OUT)
