"""Which standard-error rules read `best`'s automatic-K curves (issue #14): best's automatic K with the gap rule of
Tibshirani, Walther & Hastie (2001) that it uses and the three others of R's cluster::maxSE; and with the held-out
likelihood read at c = 0 (its largest) and at c = 0.5, 1 (best's) and 2 standard errors. On every natural set.
Writes benchmarks/results/gap_rules.md.

Run:  python -m benchmarks.gap_rules [--jobs 2] [--limit N]
      (needs ../shared/data for lectures and fiction, and python -m benchmarks.corpora for manuals and Wikipedia)

Every rule reads the same curves (best.gap_curves: B = 20 random orders, both views, a rule's K the largest of the
views'; best.heldout_k: the held-out likelihood per element of the optimum of each K) and goes through best's
combination (best.combined_k) and its exact DP; only one rule differs from best's at a time. Gap rules, with Gap(K)
and its spread s(K): Tibshirani 2001 (best's): the smallest K with Gap(K) ≥ Gap(K+1) − s(K+1); firstSEmax: the
smallest K whose gap is within s of the first local maximum's; globalSEmax: the smallest K within s of the largest
gap; globalmax: the K of the largest gap. Held-out rule (Breiman et al. 1984's one-standard-error rule, best.HeldOut
.choose): among K from the gap statistic's K to the held-out likelihood's best K (kept within 1–5× the gap
statistic's), the fewest segments whose held-out likelihood is within c standard errors of that best K's (c = 0:
the best K itself, best's rule before this study). Line-level Pk % (k = half the mean reference segment length),
means over documents, segments found / true, and the paired difference from best's rules (points ± standard
error; documents better / worse). No rule is tuned here: c = 1 is the convention, as for the gap statistic; the
study checks the rules best has against the alternatives, on every set."""
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
OURS = "best's rules"
HELD_CS = (0.0, 0.5, 2.0)
# every variant: (name, gap rule, c of the held-out rule); best's first
VARIANTS = [(OURS, RULES["Tibshirani 2001 (best's)"], P["heldout_se"])] + \
    [(f"gap: {name}", rule, P["heldout_se"]) for name, rule in list(RULES.items())[1:]] + \
    [(f"held-out: c = {c:g}", best.one_se_k, c) for c in HELD_CS]


def study(doc) -> dict:
    """Pk and K found (key (variant, 'k')) of best's automatic segmentation of `doc` under each of VARIANTS."""
    t = best.terms(doc, P)
    score, ui = t.score()
    held = best.heldout_k(t, score, ui, P)
    gaps, spreads = best.gap_curves(t, score.n, P["orders"], P["seed"], P["views"])
    out, cache = {"K": len(doc.reference), "none": pk(doc.reference, [doc.n])}, {}
    for name, rule, c in VARIANTS:
        k = best.combined_k(held, max(rule(g, s) for g, s in zip(gaps, spreads)), score.n, P["max_len"], c)
        if k not in cache:
            cache[k] = pk(doc.reference, dp(score, k, P["max_len"]).boundaries)
        out[name], out[name, "k"] = cache[k], k
    return out


def report(res: dict, seconds: float, args) -> list[str]:
    out = ["# best's automatic K: which rules read the gap statistic and the held-out likelihood", "",
           f"`python -m benchmarks.gap_rules --jobs {args.jobs}`, {seconds / 60:.1f} min.", "",
           __doc__.split("\n\n", 2)[2].strip(), "",
           f"Documents: {', '.join(f'{s}: {len(r)}' for s, r in res.items())}.", ""]
    rows = []
    for s, docs in res.items():
        true = sum(d["K"] for d in docs)
        for name, _, _ in VARIANTS:
            rows.append([s, name, f"{100 * np.mean([d[name] for d in docs]):.2f}",
                         f"{sum(d[name, 'k'] for d in docs) / true:.2f}×",
                         "" if name == OURS else difference(docs, name, OURS)])
        rows.append([s, "no boundary", f"{100 * np.mean([d['none'] for d in docs]):.2f}", "", ""])
    names = [v[0] for v in VARIANTS]
    lowest = {s: min(names, key=lambda r: np.mean([d[r] for d in docs])) for s, docs in res.items()}
    ours = [s for s, r in lowest.items() if r == OURS]
    out += [f"best's rules have the lowest mean Pk on {len(ours)} of {len(res)} sets"
            + "".join(f"; {r} on {s}" for s, r in lowest.items() if r != OURS) + ".", ""]
    return out + table(["set", "rule", "Pk %", "segments found / true", "difference from best's rules"], rows)


if __name__ == "__main__":
    cli(__doc__, CHOOSE + REPORT, study, report, OUT)
