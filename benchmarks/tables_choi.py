"""The Choi (2000) benchmark tables: the headline Choi 3-11 table (every method, both protocols, peers beside) and
Choi's own Tables 6 (C99 with and without K) and 7 (the rank-mask sweep)."""
from __future__ import annotations

import numpy as np

from .markdown import fmt, mean_k, ms, ok_rows, table
from .published import CHOI_MASK_ROW, CHOI_ROWS, PEER, SRC
from .runner import BEST_MINILM, SUBSETS, Bench, use_minilm


def t_choi(b: Bench) -> list[str]:
    src = "choi/3-11"
    rows_spec = [
        ("no boundary", "none", {}, True, PEER["none"]),
        ("K−1 evenly spaced", "even", {}, True, PEER["even"]),
        ("best", "best", {}, True, ""), ("best", "best", {}, False, ""),
        ("ui", "ui", {}, True, PEER["ui given"]), ("ui", "ui", {}, False, PEER["ui auto"]),
        ("bayesseg", "bayesseg", {}, True, ""), ("bayesseg", "bayesseg", {}, False, ""),
        ("simon", "simon", {}, True, ""), ("simon", "simon", {}, False, ""),
        ("cvs DP", "cvs", {}, True, PEER["cvs dp"]), ("cvs, cost-curve knee", "cvs", {}, False, PEER["cvs auto"]),
        ("cvs DP, whitened vectors", "cvs", {"whiten": True}, True, ""),
        ("cvs refine", "cvs", {"split": "refine"}, True, PEER["cvs refine"]),
        ("cvs greedy", "cvs", {"split": "greedy"}, True, PEER["cvs greedy"]),
        ("euclidean DP", "euclidean", {}, True, ""),
        ("oc99 DP (tf, stem, rank 11)", "oc99", {}, True, ""),
        ("c99", "c99", {}, True, PEER["c99 given"]), ("c99", "c99", {}, False, PEER["c99 auto"]),
        ("texttiling (Hearst defaults)", "texttiling", {}, False, PEER["texttiling auto"]),
        ("texttiling", "texttiling", {}, True, ""),
        ("sentence-tiling (glove-mean)", "sentence-tiling", {}, True, ""),
        ("sentence-tiling (glove-mean)", "sentence-tiling", {}, False, ""),
    ]
    have, why = use_minilm(b)
    if have:
        rows_spec[3:3] = [("best + MiniLM term", "best", BEST_MINILM, g, "") for g in (True, False)]
    jobs = [b.j(src, m, p, k_given=g) for _, m, p, g, _ in rows_spec]
    res = b.runner.run("Choi 3-11, every sentence kept", jobs)
    n = b.n_docs(jobs[0])
    out = [f"Choi 3-11, {n} documents, **every sentence kept** (one `.ref` line = one element). Pk and WindowDiff at "
           "sentence level with k = round(mean reference segment length / 2) as nltk; F1 = boundary F1 with a "
           "tolerance of 1 sentence; word-level Pk = every whitespace token a unit (sentence boundaries mapped to "
           "token positions, k = half the mean reference segment length in tokens); means over documents "
           "(± standard error). ms/doc = time inside `segment()` (preprocessing included; vectors loaded), in a "
           f"worker process. 'whitened vectors' = `whiten=True` (word vectors centred on the text's mean word and "
           "whitened by the vectors' own Zipf-weighted token covariance; chosen among 16 centring/whitening variants "
           "on choi/3-5 and the first 100 arXiv documents). 'best + MiniLM term' = `best` with `encoder=minilm` "
           "(optional extra; the CVS likelihood of all-MiniLM-L6-v2 sentence embeddings with weight 100, chosen on "
           "choi/3-5)" + ("" if have else f" — rows skipped ({why})") +
           f". Peer figures: {SRC['ANCHORS']}. Reproduce: {b.cmd('choi')}.", ""]
    body = _choi_rows(rows_spec, jobs, res)
    out += table(["method", "K", "Pk %", "WD %", "F1 %", "word-level Pk %", "mean K found (true 10)", "ms/doc",
                  "peer Pk % (ANCHORS)"], body)
    # the Alemi protocol
    spec2 = [("best", "best", {}, True, ""), ("best", "best", {}, False, ""),
             ("cvs DP", "cvs", {}, True, "5.29 (A&G Table 2/3, 300-d GloVe 42B); 8.63 (A&G code, 50-d)"),
             ("cvs DP, whitened vectors", "cvs", {"whiten": True}, True, ""),
             ("cvs refine", "cvs", {"split": "refine"}, True, "5.65 (A&G Table 3); 9.14 (A&G code, 50-d)"),
             ("cvs greedy", "cvs", {"split": "greedy"}, True, "6.49 (A&G Table 3); 10.29 (A&G code, 50-d)"),
             ("ui", "ui", {}, True, "10 (U00, A&G Table 3)"), ("ui", "ui", {}, False, ""),
             ("c99", "c99", {}, True, "12 (Choi 2000 via A&G Table 3)"),
             ("no boundary", "none", {}, True, ""), ("K−1 evenly spaced", "even", {}, True, "")]
    if have:
        spec2[2:2] = [("best + MiniLM term", "best", BEST_MINILM, True, "")]
    jobs2 = [b.j(src, m, p, k_given=g, protocol="alemi") for _, m, p, g, _ in spec2]
    res2 = b.runner.run("Choi 3-11, Alemi protocol", jobs2)
    kept = ok_rows(res2[jobs2[0]])
    frac = np.mean([r["n"] / r["n_original"] for r in kept]) if kept else float("nan")
    out += ["", "**Alemi & Ginsparg's protocol** (same documents): sentences with fewer than 5 words after stopword "
            "removal (Choi's list and punctuation, `segcore.text.bags`, no stemming) dropped from the text *and* "
            f"the reference ({100 * (1 - frac):.1f} % of sentences dropped on average); Pk and WindowDiff with "
            "k = round(N / 2 / K) − 1 (N sentences left, K segments); word-level Pk on the kept sentences' tokens "
            "with the same rule. Published: A&G used 300-d GloVe 42B vectors, we use the bundled 50-d GloVe 6B; "
            f"their loader keeps a sentence when it has *more than* `word_cut` words, i.e. with word_cut = 5 it "
            "drops sentences of 5 words too — we follow the stated rule (fewer than 5).", ""]
    body = _choi_rows(spec2, jobs2, res2)
    out += table(["method", "K", "Pk %", "WD %", "F1 %", "word-level Pk %", "mean K found", "ms/doc",
                  "published / peer Pk %"], body)
    return out


def _choi_rows(spec, jobs, res) -> list[list]:
    """Table rows (label, K, Pk, WD, F1, word-level Pk, mean K, ms/doc, peer) of the Choi 3-11 section."""
    return [[label, "given" if g else "auto", fmt(res[j], se=True), fmt(res[j], "windowdiff"), fmt(res[j], "f1", digits=1),
             fmt(res[j], "pk_word"), mean_k(res[j]), ms(res[j]), peer]
            for (label, _, _, g, peer), j in zip(spec, jobs)]


def t_choi6(b: Bench) -> list[str]:
    spec = [("no boundary", "none", {}, True, 1), ("K−1 evenly spaced", "even", {}, True, 4),
            ("c99, K given", "c99", {}, True, 25), ("c99, automatic K", "c99", {}, False, 26),
            ("texttiling (Hearst defaults), automatic", "texttiling", {}, False, 27)]
    jobs = {(i, s): b.j(b.choi(s), m, p, k_given=g) for i, (_, m, p, g, _) in enumerate(spec) for s in SUBSETS}
    res = b.runner.run("Choi 2000 Table 6 (C99 ± K)", list(jobs.values()))
    out = ["Choi's C99 (cosine of stemmed term frequencies, Choi's stopword list, 11×11 rank mask, divisive "
           "clustering; automatic K = his density-gradient stop) on the four subsets, every sentence kept. Each "
           "cell: word-level Pk % (Choi's metric: every token a unit) / sentence-level Pk %. Published: "
           f"{SRC['CHOI']} (rows: 1 no boundary, 4 random with known K, 25/26 C99 with/without K, 27 Hearst's "
           "TextTiling with default parameters; fractions shown as %). Note Choi's baseline row 4 is random, ours "
           f"is evenly spaced. Reproduce: {b.cmd('choi6')}.", ""]
    body = []
    for i, (label, m, p, g, row) in enumerate(spec):
        cells = [f"{fmt(res[jobs[i, s]], 'pk_word')} / {fmt(res[jobs[i, s]])}" for s in SUBSETS]
        body.append([label, *cells, " / ".join(f"{100 * x:.0f}" for x in CHOI_ROWS[row]) + f" (row {row})"])
    out += table(["method", *[f"{s}: word / sentence Pk %" for s in SUBSETS],
                  "published word-level Pk % 3-5 / 6-8 / 9-11 / 3-11"], body)
    return out


def t_choi7(b: Bench) -> list[str]:
    ranks = (1, 3, 5, 7, 9, 11, 13, 15, 17)
    jobs = {(r, s): b.j(b.choi(s), "c99", {"rank": r}) for r in ranks for s in SUBSETS}
    res = b.runner.run("Choi 2000 Table 7 (rank mask)", list(jobs.values()))
    out = ["Choi's C99 with an r×r rank mask, r = 1 … 17, K given, every sentence kept. Each cell: word-level Pk % "
           f"/ sentence-level Pk %. Published: {SRC['CHOI']}, rows 30–38 (mask 1×1 … 17×17; that those runs were "
           "told K is our inference: the 1×1 row equals the random-with-known-K baseline). "
           f"Reproduce: {b.cmd('choi7')}.", ""]
    body = []
    for r in ranks:
        cells = [f"{fmt(res[jobs[r, s]], 'pk_word')} / {fmt(res[jobs[r, s]])}" for s in SUBSETS]
        row = CHOI_MASK_ROW[r]
        body.append([f"{r}×{r}", *cells, " / ".join(f"{100 * x:.0f}" for x in CHOI_ROWS[row]) + f" (row {row})"])
    out += table(["mask", *[f"{s}: word / sentence Pk %" for s in SUBSETS],
                  "published word-level Pk % 3-5 / 6-8 / 9-11 / 3-11"], body)
    return out
