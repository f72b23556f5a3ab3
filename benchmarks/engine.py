"""Engine figures for issue 2: accuracy on Choi 3-11 (every sentence kept, K given / automatic, sentence-level Pk)
and speed. Writes benchmarks/results/engine.md.  Run: python -m benchmarks.engine [--quick]"""
import sys
import time
from pathlib import Path

import numpy as np

from segcore.datasets import concatenate, load_named
from segcore.evaluation import evaluate
from segcore.metrics import pk
from segcore.pipeline import represent
from segcore.scores import CVSScore
from segcore.splitters import dp
from segcore.vectors import load_vectors

def main() -> None:
    quick = "--quick" in sys.argv
    docs = load_named("choi/3-11", limit=40 if quick else None)
    lines = [f"# Engine figures ({len(docs)} Choi 3-11 documents{', quick run' if quick else ''})", "",
             "Every sentence kept; one `.ref` line = one element; sentence-level Pk and WindowDiff with k = round(mean "
             "reference segment length / 2); mean over documents, ± the standard error of the mean. "
             "Regenerate with `python -m benchmarks.engine`.", ""]

    t = time.perf_counter()
    load_vectors.cache_clear()
    load_vectors()
    lines += [f"Loading the embedded GloVe 6B 50d vectors (memory-mapped): {time.perf_counter() - t:.2f} s.", ""]

    RUNS = [("cvs", "DP", {}, True, "10.66 (Alemi code), 10.70 (textsplit); goal ≤ 10.7"),
            ("cvs", "refine", {"split": "refine"}, True, "11.50 (Alemi code greedy + refine)"),
            ("cvs", "greedy", {"split": "greedy"}, True, "12.79 (Alemi code greedy)"),
            ("oc99", "DP, tf + stem", {}, True, ""),
            ("c99", "K given", {}, True, "14.80 (Choi's Java); goal 14.8 ± 1.0"),
            ("c99", "automatic K", {}, False, "15.47 (Choi's Java); goal 15.5 ± 1.0")]
    lines += ["| method | settings | K | Pk % | WD % | ms/doc | published / peer |", "|---|---|---|---|---|---|---|"]
    for name, label, params, given, peer in RUNS:
        rows = evaluate(docs, name, params, k_given=given).rows
        pks, wds, secs = ([r[key] for r in rows] for key in ("pk", "windowdiff", "seconds"))
        se = 100 * np.std(pks) / np.sqrt(len(pks))
        row = (f"| {name} | {label} | {'given' if given else 'auto'} | {100 * np.mean(pks):.2f} ± {se:.2f} | "
               f"{100 * np.mean(wds):.2f} | {1000 * np.mean(secs):.1f} | {peer} |")
        print(row, flush=True)
        lines.append(row)

    # Speed of the DP alone, vectors loaded and representation built.
    rep = represent(docs[0].elements)
    score = CVSScore().fit(rep.matrix)
    reps = 200
    t = time.perf_counter()
    for _ in range(reps):
        dp(score, len(docs[0].reference))
    per_doc = (time.perf_counter() - t) / reps
    long = concatenate(load_named("choi/3-11", limit=29))
    t = time.perf_counter()
    long_score = CVSScore().fit(represent(long.elements).matrix)
    t_rep = time.perf_counter() - t
    t = time.perf_counter()
    res = dp(long_score, len(long.reference))
    t_dp = time.perf_counter() - t
    lines += ["", "## Speed", "",
              f"- CVS + DP on one Choi document ({docs[0].n} sentences, K = {len(docs[0].reference)}): "
              f"{1000 * per_doc:.2f} ms for the DP (goal ≤ 5 ms); the full `segment` call, representation included, is "
              f"the ms/doc column above.",
              f"- Exact CVS DP on {long.n} sentences (29 concatenated Choi 3-11 documents), K = {len(long.reference)}: "
              f"{t_dp:.2f} s (goal ≤ 1 s; representation {t_rep:.2f} s more); "
              f"Pk {100 * pk(long.reference, res.boundaries):.2f} %. "
              "Peers: Alemi & Ginsparg's Python DP ≈ 21 min, Utiyama–Isahara's C program 59 s, textsplit 8.4 s."]
    for line in lines[-3:]:
        print(line)
    out = Path(__file__).parent / "results" / "engine.md"
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
