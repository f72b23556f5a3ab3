"""Which one-standard-error rule reads `best`'s gap statistic (issue #14): best's automatic K with the rule of
Tibshirani, Walther & Hastie (2001) that it uses, and the three others of R's cluster::maxSE, on every natural set.
Writes benchmarks/results/gap_rules.md.

Run:  python -m benchmarks.gap_rules [--jobs 2] [--limit N]
      (needs ../shared/data for lectures and fiction, and python -m benchmarks.corpora for manuals and Wikipedia)

Every rule reads the same gap curves (best.gap_curves: B = 20 random orders, both views; a rule's K is the largest
of the views') and goes through best's combination with the held-out K (best.combined_k) and its exact DP; only the
rule differs. Rules, with Gap(K) and its spread s(K): Tibshirani 2001 (best's): the smallest K with
Gap(K) ≥ Gap(K+1) − s(K+1); firstSEmax: the smallest K whose gap is within s of the first local maximum's;
globalSEmax: the smallest K within s of the largest gap; globalmax: the K of the largest gap. Line-level Pk %
(k = half the mean reference segment length), means over documents, segments found / true, and the paired
difference from best's rule (points ± standard error; documents better / worse). No rule is tuned here: the
study checks the rule best already had against the published alternatives, on every set."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from segcore.algorithms import best
from segcore.methods import get_method
from segcore.metrics import pk
from segcore.splitters import dp

from .best_terms import CHOOSE, REPORT, difference
from .markdown import table
from .real_documents_k import cli

OUT = Path(__file__).resolve().parent / "results" / "gap_rules.md"
P = get_method("best").resolve({})


def within_se(gap, spread, top: int) -> int:
    """The smallest K whose gap is within one spread of the gap at index `top` (K = top + 1)."""
    return next(j + 1 for j in range(len(gap)) if gap[j] >= gap[top] - spread[top])


def first_se_max(gap, spread) -> int:
    """firstSEmax (Dudoit & Fridlyand 2002, as in R's cluster::maxSE): within one spread of the first local maximum."""
    return within_se(gap, spread, next((j for j in range(len(gap) - 1) if gap[j] >= gap[j + 1]), len(gap) - 1))


def global_se_max(gap, spread) -> int:
    """globalSEmax (R's cluster::maxSE): within one spread of the largest gap."""
    return within_se(gap, spread, int(np.nanargmax(gap)))


RULES = {"Tibshirani 2001 (best's)": best.one_se_k, "firstSEmax": first_se_max, "globalSEmax": global_se_max,
         "globalmax": lambda gap, spread: int(np.nanargmax(gap)) + 1}
OURS = next(iter(RULES))


def study(doc) -> dict:
    """Pk and K found (key (rule, 'k')) of best's automatic segmentation of `doc` under each rule of RULES."""
    t = best.terms(doc, P)
    score, ui = t.score()
    k_held = best.heldout_k(t, ui, P)[0]
    gaps, spreads = best.gap_curves(t, score.n, P["orders"], P["seed"], P["views"])
    out, cache = {"K": len(doc.reference), "none": pk(doc.reference, [doc.n])}, {}
    for name, rule in RULES.items():
        k = best.combined_k(k_held, max(rule(g, s) for g, s in zip(gaps, spreads)), score.n, P["max_len"])
        if k not in cache:
            cache[k] = pk(doc.reference, dp(score, k, P["max_len"]).boundaries)
        out[name], out[name, "k"] = cache[k], k
    return out


def report(res: dict, seconds: float, args) -> list[str]:
    out = ["# best's automatic K: which rule reads the gap statistic", "",
           f"`python -m benchmarks.gap_rules --jobs {args.jobs}`, {seconds / 60:.1f} min.", "",
           __doc__.split("\n\n", 2)[2].strip(), "",
           f"Documents: {', '.join(f'{s}: {len(r)}' for s, r in res.items())}.", ""]
    rows = []
    for s, docs in res.items():
        true = sum(d["K"] for d in docs)
        for name in RULES:
            rows.append([s, name, f"{100 * np.mean([d[name] for d in docs]):.2f}",
                         f"{sum(d[name, 'k'] for d in docs) / true:.2f}×",
                         "" if name == OURS else difference(docs, name, OURS)])
        rows.append([s, "no boundary", f"{100 * np.mean([d['none'] for d in docs]):.2f}", "", ""])
    lowest = {s: min(RULES, key=lambda r: np.mean([d[r] for d in docs])) for s, docs in res.items()}
    ours = [s for s, r in lowest.items() if r == OURS]
    out += [f"best's rule has the lowest mean Pk on {len(ours)} of {len(res)} sets"
            + "".join(f"; {r} on {s}" for s, r in lowest.items() if r != OURS) + ".", ""]
    return out + table(["set", "rule", "Pk %", "segments found / true", "difference from best's rule"], rows)


if __name__ == "__main__":
    cli(__doc__, CHOOSE + REPORT, study, report, OUT)
