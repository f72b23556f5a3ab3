"""How much `best`'s automatic K depends on the random orders of its gap statistic (issue #14): best with K
automatic on each natural set, its gap statistic's null drawn from B = 4 random orders with three different seeds,
and from B = 20 (the default since this study; best's parameters `orders` and `seed`). Writes benchmarks/results/gap_orders.md.

Run:  python -m benchmarks.gap_orders [--jobs 2] [--limit N]      (needs ../shared/data for the natural sets)

Line-level Pk % (k = half the mean reference segment length), means over documents, with the segments found over
the true total. If the three B = 4 columns differ by more than the differences between methods, the rule's choice
of K was the draw's, not the text's."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from segcore.methods import segment
from segcore.metrics import pk

from .markdown import table
from .real_documents_k import cli

OUT = Path(__file__).resolve().parent / "results" / "gap_orders.md"
SETS = ("lectures/ai/manual", "lectures/physics/manual", "lectures/physics/asr", "fiction", "choi/3-5")
CONFIGS = ((4, 0), (4, 1), (4, 2), (20, 0))  # (random orders B, seed)


def study(doc) -> dict:
    """best's automatic segmentation of `doc` under each (B, seed) of CONFIGS: (Pk, K found) each."""
    out = {"K": len(doc.reference)}
    for b, seed in CONFIGS:
        seg = segment(doc, "best", None, orders=b, seed=seed)
        out[b, seed] = (pk(doc.reference, seg.boundaries), seg.k)
    return out


def report(res: dict, seconds: float, args) -> list[str]:
    out = ["# best's automatic K and the gap statistic's random orders", "",
           f"`python -m benchmarks.gap_orders --jobs {args.jobs}`, {seconds / 60:.1f} min.", "",
           __doc__.split("\n\n", 2)[2].strip(), ""]
    rows = []
    for s, docs in res.items():
        true = sum(d["K"] for d in docs)
        rows.append([s, len(docs), *[f"{100 * np.mean([d[c][0] for d in docs]):.2f} "
                                     f"({sum(d[c][1] for d in docs) / true:.2f}×)" for c in CONFIGS]])
    return out + table(["set", "docs", *[f"B = {b}, seed {seed}" for b, seed in CONFIGS]], rows)


if __name__ == "__main__":
    cli(__doc__, SETS, study, report, OUT)
