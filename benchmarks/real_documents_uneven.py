"""Real documents with uneven sections, K given (issue 14): two changes to `best` that could place the short
sections of manuals and Wikipedia, each chosen on one group of sets and reported on the others, paired document by
document. Writes benchmarks/results/real_documents_uneven.md.

Run:  python -m benchmarks.real_documents_uneven [--jobs 2] [--limit N]   (needs ../shared and benchmarks/data)

On Wikipedia and the manuals `best`'s segments are more even than the true ones (coefficient of variation of the
segment lengths 0.35–0.49 against 0.79–0.93) and its first segment is about the mean length where the lead or the
chapter's introduction is 0.13–0.56 of it. Two changes, with the true K and paragraphs as units where the text
marks them (as the main table):
- chance removed: each term of best's objective costs a segment less what a segment of as many words drawn at
  random would cost (the shuffled document as the null, as modularity subtracts a random graph's edges), γ × that
  expectation subtracted: the word term's exactly (E Σ_w f ln(f + 1), hypergeometric), the vector terms' from the
  words' mean and variance (CVS: Σ_d E|N(M μ_d, M(W−M)/(W−1) σ_d²)|, the resultant: √(M² ‖μ‖² + M(W−M)/(W−1)
  Σ_d σ_d²)); 'word term' removes it from the Utiyama–Isahara term only;
- consensus: the K-segment segmentation of least expected Pk (window N/2K) when the answers of several methods
  with the true K are taken as equally likely (the minimum-Bayes-risk decoding of real_documents_kgiven, its
  posterior replaced by the methods' votes).
Each family's setting is chosen on the manuals (python, handbook, reference: the genre the change is for) and,
apart, on the sets best's objective was chosen on (choi/3-5 and the three lecture sets); each is reported on every
set. Fiction is not run: its chapters are about even (variation 0.25), and its 82 novels would take most of the
time.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
from scipy.stats import norm

from segcore.algorithms.best import terms
from segcore.methods import segment
from segcore.metrics import pk
from segcore.paragraphs import units
from segcore.scores import ResultantScore, WeightedSum
from segcore.splitters import dp_table

from .markdown import table
from .real_documents_k import P, cli
from .real_documents_kgiven import BEST, Additive, against_best, header, length_bias, sizes

OUT = Path(__file__).resolve().parent / "results" / "real_documents_uneven.md"
MANUALS = ["manuals/python", "manuals/handbook", "manuals/reference"]
CHOSEN_BEFORE = ["choi/3-5", "lectures/ai/manual", "lectures/physics/manual", "lectures/physics/asr"]
SETS = (*CHOSEN_BEFORE, *MANUALS, "wikipedia")  # not fiction: its chapters are even, and 82 novels take long
GAMMAS = (0.25, 0.5, 0.75, 1.0)
PANELS = {"best, ui, simon, cvs, c99": ("best", "ui", "simon", "cvs", "c99"),
          "best, ui, simon, cvs": ("best", "ui", "simon", "cvs"), "best, simon, cvs": ("best", "simon", "cvs"),
          "best, ui, simon, cvs, c99, texttiling": ("best", "ui", "simon", "cvs", "c99", "texttiling")}


def vector_chance(cls, x: np.ndarray, length: np.ndarray) -> Additive:
    """Minus a vector term's expected cost for a segment of M words of the shuffled document (interpolated in M)."""
    w, big = np.diff(length), float(length[-1])
    mu = x.sum(0) / big
    var = ((x - w[:, None] * mu) ** 2).sum(0) / big  # the words' variance, per dimension
    m = sizes(int(big)).astype(float)
    f = m * (big - m) / max(big - 1, 1)
    if cls is ResultantScore:
        expected = -np.sqrt(m ** 2 * (mu @ mu) + f * var.sum())
    else:
        loc, sd = m[:, None] * mu[None, :], np.sqrt(np.maximum(f[:, None] * var[None, :], 1e-300))
        folded = sd * np.sqrt(2 / np.pi) * np.exp(-loc ** 2 / (2 * sd ** 2)) + loc * (1 - 2 * norm.cdf(-loc / sd))
        expected = -folded.sum(1) / np.sqrt(x.shape[1])
    return Additive(len(w), lambda i, j: -np.interp(length[j] - length[i], m, expected))


def consensus(answers: list[list[int]], n: int, k: int, ends: list[int] | None) -> list[int]:
    """The K-segment segmentation (ends among `ends`, or any element) of least expected Pk, window N/2K, when each
    answer is equally likely: a probe (i, i + w) is in one segment with the share q_i of answers that say so."""
    w = max(1, int(round(n / k / 2)))
    q = np.zeros(max(n - w, 0))
    for b in answers:
        seg = np.repeat(np.arange(len(b)), np.diff([0, *b]))
        q += seg[:n - w] == seg[w:]
    d = np.concatenate([[0.0], np.cumsum(2 * q / len(answers) - 1)])
    pos = np.array([0, *(ends or range(1, n + 1))])

    def fn(i, j):
        hi = np.clip(pos[j] - w, 0, len(q))
        return -(d[hi] - d[np.minimum(pos[i], hi)])
    return [int(pos[x]) for x in dp_table(Additive(len(pos) - 1, fn), k).boundaries(k)]


def study(doc) -> dict:
    k = len(doc.reference)
    view = units(doc, k)
    t = terms(view.doc if view else doc, P)
    score, ui = t.score()
    chance_ui = length_bias(ui)
    chance_vectors = [vector_chance(cls, np.asarray(x), ui.length) for cls, x, _ in t.vectors]
    weights = [wt for _, _, wt in t.vectors]

    def run(sc):
        b = dp_table(sc, k).boundaries(k)
        return [view.ends[i - 1] for i in b] if view else b
    answers = {m: run(score) if m == "best" else segment(doc, m, k=k).boundaries
               for m in dict.fromkeys(sum(PANELS.values(), ()))}  # best: the DP of its objective, as segment() gives
    res = {BEST: answers["best"]}
    for g in GAMMAS:
        res[("chance removed", f"word term, γ = {g}")] = run(WeightedSum([score, chance_ui], [1.0, g]))
        res[("chance removed", f"every term, γ = {g}")] = run(WeightedSum([score, chance_ui, *chance_vectors],
                                                                          [1.0, g, *[g * w for w in weights]]))
    for name, panel in PANELS.items():
        res[("consensus", name)] = consensus([answers[m] for m in panel], doc.n, k, view.ends if view else None)
    for m in ("ui", "simon", "cvs"):
        res[(m, "")] = answers[m]
    return {"source": doc.source, "pk": {key: pk(doc.reference, b) for key, b in res.items()},
            "cv": {key: float(np.std(np.diff([0, *b])) / np.mean(np.diff([0, *b]))) for key, b in res.items()},
            "cv_true": float(np.std(np.diff([0, *doc.reference])) / np.mean(np.diff([0, *doc.reference])))}


def report(res: dict, seconds: float, args) -> list[str]:
    sets, keys = list(res), list(next(iter(res.values()))[0]["pk"])

    def mean(s, key, what="pk"):
        return np.mean([r[what][key] for r in res[s]])
    out = header("Real documents with uneven sections, K given: chance removed, and a consensus of methods",
                 "real_documents_uneven", __doc__, res, seconds, args) + [
           "## Chosen on one group, reported on every set", "",
           "Per family, the setting with the lowest mean Pk over the group. Cells: mean Pk (paired difference from "
           "best ± its standard error; documents better, worse); *chosen*: a set of the group.", ""]
    rows = []
    for family in ("chance removed", "consensus"):
        for group, name in ((MANUALS, "manuals"), (CHOSEN_BEFORE, "choi/3-5 + lectures")):
            if not all(s in res for s in group):
                continue
            chosen = min((key for key in keys if key[0] == family),
                         key=lambda key: np.mean([mean(s, key) for s in group]))
            rows.append([family, name, chosen[1], *[("*chosen* " if s in group else "") + against_best(res[s], chosen)
                                                    for s in sets]])
    out += table(["family", "chosen on", "setting", *sets], rows)
    out += ["", "## Every setting: mean Pk % (segment lengths' coefficient of variation, the true one first)", ""]
    out += table(["family", "setting", *sets],
                 [["true segments", "", *[f"({np.mean([r['cv_true'] for r in res[s]]):.2f})" for s in sets]]]
                 + [[f, v, *[f"{100 * mean(s, (f, v)):.2f} ({mean(s, (f, v), 'cv'):.2f})" for s in sets]]
                    for f, v in keys])
    return out


if __name__ == "__main__":
    cli(__doc__, SETS, study, report, OUT)
