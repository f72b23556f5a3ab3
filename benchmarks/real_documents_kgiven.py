"""Segmenting real documents with K given (issues 6 and 14): four changes to `best` beyond its objective's settings,
each chosen on one lecture corpus and reported on the other, paired document by document. Writes
benchmarks/results/real_documents_kgiven.md.

Run:  python -m benchmarks.real_documents_kgiven [--jobs 2] [--limit N]      (needs ../shared/data/lectures_bayesseg)

Every variant keeps best's default objective (UI word likelihood + word directions + CVS) and the true K, and changes
one thing:
- ncut: Malioutov & Barzilay's (2006) normalized cut Σ_segments cut(A, V−A)/vol(A) over a line-similarity graph
  (cosine of term counts, optionally idf-weighted, optionally smoothed by exponential decay 0.7 over preceding lines
  or both sides, optionally only edges within 50 lines), alone or added to best's objective with weight
  w × the document's word count;
- length prior: c·ln(l/L)² per segment of l lines, L = N/K (log-normal prior around the mean length; 'short' only
  penalises l < L);
- MBR: minimum-Bayes-risk decoding for Pk: the posterior over K-segment segmentations of best's objective at
  temperature T (T = 1: the objective's own likelihood), each probe's probability that lines i and i+k share a
  segment, and the K-segment segmentation with the lowest expected Pk (an additive DP, k = N/(2K) as in the metric);
- UI's length bias removed: the word term's cost of a segment of n words, n ln(n + V) − Σ_w f_w ln(f_w + 1), is
  convex in n and so favours segments of equal length, where real sections are uneven; γ × (n ln(n + V) − E[Σ_w
  f ln(f + 1)]), the expectation over n words drawn at random from the document (hypergeometric), is subtracted
  (γ = 1: the segment's word concentration beyond chance).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
from scipy.special import gammaln, logsumexp

from segcore.algorithms.best import objective
from segcore.metrics import default_k, pk
from segcore.representations import band_of
from segcore.scores import BandSums, Score, WeightedSum
from segcore.splitters import dp_table

from .markdown import paired, table
from .real_documents_k import P, cli

OUT = Path(__file__).resolve().parent / "results" / "real_documents_kgiven.md"
SETS = ("lectures/ai/manual", "lectures/physics/manual", "lectures/physics/asr", "choi/3-5")
AI, PHYSICS = ["lectures/ai/manual"], ["lectures/physics/manual", "lectures/physics/asr"]
GRAPHS = [(idf, decay, band) for idf in (False, True) for decay in ("none", "preceding", "both") for band in (0, 50)]
NCUT_WEIGHTS = (0.01, 0.03, 0.1)
PRIORS = [(shape, c) for shape in ("log²", "short") for c in (3.0, 10.0, 30.0)]
TEMPERATURES = (1.0, 3.0, 10.0, 30.0)
GAMMAS = (0.25, 0.5, 1.0)
EXACT = 60  # length_bias: exact hypergeometric sums over counts up to this, the delta method beyond
BEST = ("best", "")


class Additive(Score):
    """A fixed additive score from a function of (starts, ends)."""

    def __init__(self, n, fn):
        self.n, self.fn = n, fn

    def parts(self, starts, ends):
        return self.fn(np.asarray(starts), np.asarray(ends))[..., None]


def line_graph(counts, idf: bool, decay: str, band: int) -> np.ndarray:
    """Cosine similarity of the lines' (idf-weighted, decay-smoothed) term counts; edges beyond `band` lines cut."""
    x = counts.toarray()
    n = x.shape[0]
    if idf:
        x = x * np.log(n / np.maximum((x > 0).sum(0), 1))
    if decay != "none":
        kernel = 0.7 ** np.abs(np.subtract.outer(np.arange(n), np.arange(n)))
        x = (np.tril(kernel) if decay == "preceding" else kernel) @ x
    x /= np.maximum(np.linalg.norm(x, axis=1), 1e-12)[:, None]
    w = x @ x.T
    if band:
        w[np.abs(np.subtract.outer(np.arange(n), np.arange(n))) > band] = 0.0
    return w


def ncut(w: np.ndarray) -> Additive:
    """Malioutov & Barzilay 2006 eq 1–2: a segment A costs cut(A, V−A)/vol(A) = 1 − assoc(A, A)/vol(A)."""
    assoc, vol = BandSums(band_of(w, w.shape[0] - 1)), np.concatenate([[0.0], np.cumsum(w.sum(1))])
    return Additive(w.shape[0], lambda i, j: 1.0 - assoc(i, j) / np.maximum(vol[j] - vol[i], 1e-12))


def length_prior(n: int, k: int, shape: str) -> Additive:
    def fn(i, j):
        r = np.log(np.maximum(j - i, 1) * k / n)
        return r * r if shape == "log²" else np.minimum(r, 0.0) ** 2
    return Additive(n, fn)


def expected_concentration(counts: np.ndarray, ns: np.ndarray) -> np.ndarray:
    """E[Σ_w f_w ln(f_w + 1)] for each sample size in `ns`: n words drawn without replacement from a document whose
    words occur `counts` times (f_w hypergeometric); exact below EXACT occurrences, else where the mean is under
    EXACT / 4, the second-order delta method otherwise."""
    big_n = float(counts.sum())
    ns = np.asarray(ns, dtype=float)[:, None]

    def ln_choose(a, b):
        return gammaln(a + 1) - gammaln(b + 1) - gammaln(a - b + 1)
    out = np.zeros(len(ns))
    values, repeats = np.unique(counts, return_counts=True)
    for c, times in zip(values.astype(float), repeats):
        f = np.arange(min(c, EXACT) + 1)[None, :]
        ok = (f <= ns) & (ns - f <= big_n - c)
        logp = np.where(ok, ln_choose(c, np.minimum(f, c)) + ln_choose(big_n - c, np.clip(ns - f, 0, big_n - c))
                        - ln_choose(big_n, ns), -np.inf)
        exact = (np.exp(logp) * f * np.log1p(f)).sum(axis=1)
        mu = ns[:, 0] * c / big_n
        var = mu * (1 - c / big_n) * (big_n - ns[:, 0]) / max(big_n - 1, 1)
        delta = mu * np.log1p(mu) + 0.5 * (2 + mu) / (1 + mu) ** 2 * var
        out += times * np.where((c > EXACT) & (mu > EXACT / 4), delta, exact)
    return out


def sizes(total: int) -> np.ndarray:
    """Segment sizes in words at which an expectation is computed and then interpolated: every size up to 64, then
    200 geometric steps up to `total`."""
    g = np.unique(np.concatenate([np.arange(min(total, 64) + 1), np.geomspace(64, max(total, 64), 200).round()]))
    return g[g <= total]


def length_bias(ui) -> Additive:
    """Minus the word term's cost of a segment of n words that n words at random would also have: n ln(n + V) −
    E[Σ_w f ln(f + 1)] (on 264 sizes, interpolated)."""
    counts = np.rint(np.asarray(ui.counts.sum(axis=0)).ravel()).astype(np.int64)
    counts = counts[counts > 0]
    total = int(counts.sum())
    grid = sizes(total)
    bias = grid * np.log(np.maximum(grid + ui.vocab_size, 1.0)) - expected_concentration(counts, grid)
    return Additive(ui.n, lambda i, j: -np.interp(ui.length[j] - ui.length[i], grid, bias))


def mbr(score, k: int, w: int, temperature: float) -> Additive:
    """Expected-Pk cost: −Σ_{probes i inside the segment} (2 q_i − 1), q_i = P(lines i and i+w share a segment)
    under the posterior over K-segment segmentations ∝ exp(−cost / T) (forward–backward on whole rows)."""
    n = score.n
    s = np.full((n + 1, n + 1), -np.inf)
    for m in range(1, n + 1):
        s[:m, m] = -score.row_parts(m)[:, 0] / temperature
    fwd, bwd = np.full((k + 1, n + 1), -np.inf), np.full((k + 1, n + 1), -np.inf)
    fwd[0, 0] = bwd[0, n] = 0.0
    for j in range(1, k + 1):
        fwd[j] = logsumexp(fwd[j - 1][:, None] + s, axis=0)
        bwd[j] = logsumexp(s + bwd[j - 1][None, :], axis=1)
    logp = logsumexp([fwd[j - 1][:, None] + s + bwd[k - j][None, :] for j in range(1, k + 1)], axis=0)
    post = np.exp(logp - fwd[k, n])  # post[l, m]: probability that [l, m) is a segment
    post = np.concatenate([post[:, :n], np.zeros((n + 1, 1)), post[:, n:]], axis=1)  # the last end counts as n + 1
    tail = np.cumsum(post[:, ::-1], axis=1)[:, ::-1].cumsum(0)  # Σ_{l ≤ i, end ≥ m}
    probes = np.arange(n - w + 1)
    d = np.concatenate([[0.0], np.cumsum(2 * tail[probes, probes + w + 1] - 1)])

    def fn(i, j):
        hi = np.clip(np.where(j == n, n + 1, j) - w, 0, n - w + 1)
        return -(d[hi] - d[np.minimum(i, hi)])
    return Additive(n, fn)


def study(doc) -> dict:
    score, ui, _, _ = objective(doc, P)
    n, k = score.n, len(doc.reference)

    def run(sc):
        return pk(doc.reference, dp_table(sc, k).boundaries(k))
    res = {BEST: run(score)}
    for idf, decay, band in GRAPHS:
        graph = f"{'idf' if idf else 'tf'}, decay {decay}, band {band or 'all'}"
        nc = ncut(line_graph(ui.counts, idf, decay, band))
        res[("ncut alone", graph)] = run(nc)
        for wt in NCUT_WEIGHTS:
            res[("best + ncut", f"{graph}, w = {wt}")] = run(WeightedSum([score, nc], [1.0, wt * ui.n_words]))
    for shape, c in PRIORS:
        res[("best + length prior", f"{shape}, c = {c}")] = run(WeightedSum([score, length_prior(n, k, shape)],
                                                                           [1.0, c]))
    for t in TEMPERATURES:
        res[("best, MBR decoding", f"T = {t}")] = run(mbr(score, k, default_k(doc.reference), t))
    bias = length_bias(ui)
    for g in GAMMAS:
        res[("best, UI's length bias removed", f"γ = {g}")] = run(WeightedSum([score, bias], [1.0, g]))
    return {"source": doc.source, "pk": res}


def against_best(rows, key) -> str:
    cell, better, worse = paired([100 * (r["pk"][key] - r["pk"][BEST]) for r in rows])
    return f"{100 * np.mean([r['pk'][key] for r in rows]):.2f} ({cell}; {better} better, {worse} worse)"


def header(title: str, module: str, doc: str, res: dict, seconds: float, args) -> list[str]:
    """The opening lines of a K-given study's report: its title, command and time, its docstring's body, its
    documents."""
    return [f"# {title}", "", f"`python -m benchmarks.{module} --jobs {args.jobs}"
            + (f" --limit {args.limit}" if args.limit else "") + f"`, {seconds / 60:.1f} min.", "",
            doc.split("\n\n", 2)[2].strip(), "",
            f"Documents: {', '.join(f'{s}: {len(r)}' for s, r in res.items())}. Line-level Pk % with the true K "
            "(k = half the mean reference segment length), means over documents.", ""]


def report(res: dict, seconds: float, args) -> list[str]:
    sets = list(res)
    keys = list(res[sets[0]][0]["pk"])

    def mean(s, key):
        return np.mean([r["pk"][key] for r in res[s]])
    out = header("Real documents, K given: four changes to best", "real_documents_kgiven", __doc__, res, seconds,
                 args) + ["## Selected on one corpus, reported on the other", "",
           "Per family, the setting with the lowest mean Pk on the tuning corpus. Cells: mean Pk (paired difference "
           "from best ± its standard error; documents better, worse).", ""]
    rows = []
    for family in dict.fromkeys(f for f, _ in keys if f != "best"):
        for tune, name in ((AI, "ai"), (PHYSICS, "physics")):
            if not all(s in res for s in tune):
                continue
            chosen = min((key for key in keys if key[0] == family), key=lambda key: np.mean([mean(s, key) for s in tune]))
            rows.append([family, name, chosen[1], *[("*tuned* " if s in tune else "") + against_best(res[s], chosen)
                                                    for s in sets]])
    out += table(["family", "tuned on", "setting", *sets], rows)
    base = ", ".join(f"{s} {100 * mean(s, BEST):.2f}" for s in sets)
    bound = ", ".join(f"{s} {100 * min(mean(s, key) for key in keys):.2f}" for s in sets)
    out += ["", f"best's own figures: {base}. Lowest mean Pk of any setting above, chosen on each set itself "
            f"(an optimistic bound, not a result): {bound}.", "",
            "## Every setting (mean Pk %)", ""]
    out += table(["family", "setting", *sets], [[f, v, *[f"{100 * mean(s, (f, v)):.2f}" for s in sets]]
                                                for f, v in keys])
    return out


if __name__ == "__main__":
    cli(__doc__, SETS, study, report, OUT)
