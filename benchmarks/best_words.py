"""best's word term as a Dirichlet compound multinomial (Eisenstein & Barzilay 2008), K given, across genres: does
marginalising each segment's language model, with a prior shaped by the document's own word distribution, read
real documents better than Utiyama & Isahara's Laplace estimate? Writes benchmarks/results/best_words.md.

Run:  python -m benchmarks.best_words [--jobs 2] [--limit N]
      (needs ../shared/data for lectures and fiction, and python -m benchmarks.corpora for manuals and Wikipedia)

Every variant keeps best's vector terms and weights and the true K (paragraphs as units where the text marks them,
as the main table), and replaces best's word term (ui: Σ_w f ln((n + V)/(f + 1))) with −ln p(X_S | a), the DCM
likelihood under the prior a_w = α V p_w^τ / Σ_u p_u^τ (p_w: the word's share of the document; τ = 0 is Eisenstein &
Barzilay's symmetric prior, τ = 1 the document's word distribution), α estimated on the document by hard EM
(bayesseg.hard_em: segment, refit α, until the segmentation repeats). `bayesseg` alone (no vector terms) is run at
the same τ. A variant is chosen three ways: on choi/3-5 and the three lecture sets (the sets best's objective was
chosen on), on every set but the one reported (leave one set out: each set's figure comes from the variant the eight
others choose), and per document by the DCM's own likelihood at its estimated α (the τ the data prefer); for best,
its own word term (ui) is one of the candidates of the first two. Line-level Pk % (k = half the mean reference
segment length), means over documents."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from segcore.algorithms.best import terms
from segcore.algorithms.bayesseg import DCMScore, dcm_loglik, hard_em, prior_shape, segment_counts
from segcore.methods import get_method
from segcore.metrics import pk
from segcore.paragraphs import units
from segcore.splitters import dp

from .markdown import paired, table
from .real_documents_k import cli
from .real_documents_kgiven import header

OUT = Path(__file__).resolve().parent / "results" / "best_words.md"
SETS = ("choi/3-5", "lectures/ai/manual", "lectures/physics/manual", "lectures/physics/asr", "fiction",
        "manuals/python", "manuals/handbook", "manuals/reference", "wikipedia")
CHOSEN_BEFORE = SETS[:4]
TAUS = (0.0, 0.25, 0.5, 0.75, 1.0)
P = get_method("best").resolve({})


def study(doc) -> dict:
    """Pk of best, of best with the DCM word term at each τ and of bayesseg at each τ, and the DCM likelihood (at its
    estimated α) of each variant's segmentation."""
    k = len(doc.reference)
    view = units(doc, k)
    t = terms(view.doc if view else doc, P)

    def ends(split):
        return [view.ends[i - 1] for i in split.boundaries] if view else split.boundaries

    out = {"best": (pk(doc.reference, ends(dp(t.score()[0], k))), 0.0),
           "no boundary": (pk(doc.reference, [doc.n]), 0.0)}
    for tau in TAUS:
        for name, search in (("best + DCM", lambda s: dp(t.score(words=lambda: DCMScore(s.alpha, s.tau))[0], k)),
                             ("bayesseg", lambda s: dp(s, k))):
            score, split, _ = hard_em(DCMScore(1.0, tau).fit(t.counts), search)
            seg = segment_counts(t.counts, split.boundaries)
            out[name, tau] = (pk(doc.reference, ends(split)),
                              dcm_loglik(seg, score.alpha * prior_shape(t.counts, tau)))
    return out


def report(res: dict, seconds: float, args) -> list[str]:
    sets = list(res)

    def mean(s, key):
        return 100 * np.mean([r[key][0] for r in res[s]])

    def against(s, key):
        cell, better, worse = paired([100 * (r[key][0] - r["best"][0]) for r in res[s]])
        return f"{mean(s, key):.2f} ({cell}; {better} / {worse})"

    out = header("best's word term as a Dirichlet compound multinomial, K given", "best_words", __doc__, res, seconds,
                 args)
    rows = []
    for fam in ("best + DCM", "bayesseg"):
        keys = [(fam, tau) for tau in TAUS]
        candidates = (["best"] if fam == "best + DCM" else []) + keys  # best's own word term competes
        group = [s for s in CHOSEN_BEFORE if s in res]
        for label, pick in (("choi/3-5 + lectures", lambda s: group),
                            ("the other sets", lambda s: [x for x in sets if x != s])):
            cells = []
            for s in sets:
                g = pick(s) or [s]
                key = min(candidates, key=lambda x: np.mean([mean(z, x) for z in g]))
                name = "ui (best as it is)" if key == "best" else f"τ = {key[1]:g}"
                cells.append(f"{name}: " + against(s, key) + (" *chosen*" if s in g else ""))
            rows.append([fam, label, *cells])
        ml = []
        for s in sets:
            vals = [100 * r[max(keys, key=lambda x: r[x][1])][0] - 100 * r["best"][0] for r in res[s]]
            taus = [max(keys, key=lambda x: r[x][1])[1] for r in res[s]]
            cell, better, worse = paired(vals)
            ml.append(f"τ ~ {np.median(taus):g}: {mean(s, 'best') + np.mean(vals):.2f} ({cell}; {better} / {worse})")
        rows.append([fam, "each document, by likelihood", *ml])
    loso = {s: min(["best"] + [("best + DCM", tau) for tau in TAUS],
                   key=lambda x: np.mean([mean(z, x) for z in sets if z != s])) for s in sets}
    change = [mean(s, loso[s]) - mean(s, "best") for s in sets]
    out += ["## A τ chosen, reported on every set", "",
            f"Leaving one set out, best with the word term the other sets choose changes the mean Pk by "
            f"{np.mean(change):+.2f} points per set ({', '.join(f'{s} {c:+.2f}' for s, c in zip(sets, change))}).",
            "",
            "Cells: the τ chosen, mean Pk, (paired difference from best ± its standard error; documents better / "
            "worse); *chosen*: the set was among those the τ was chosen on (leave one set out: never).", ""]
    out += table(["variant", "τ chosen on", *sets], rows)
    out += ["", "## Every setting (mean Pk %)", ""]
    body = [["best (ui word term)", "", *[f"{mean(s, 'best'):.2f}" for s in sets]]]
    body += [[fam, f"τ = {tau:g}", *[f"{mean(s, (fam, tau)):.2f}" for s in sets]]
             for fam in ("best + DCM", "bayesseg") for tau in TAUS]
    body.append(["no boundary", "", *[f"{mean(s, 'no boundary'):.2f}" for s in sets]])
    out += table(["variant", "setting", *sets], body)
    return out


if __name__ == "__main__":
    cli(__doc__, SETS, study, report, OUT)
