"""Scaling: time and peak memory of every registered method, K given and automatic, at N = 1k, 5k and 20k sentences
and words, with the growth exponent, beside textsplit's greedy and DP; and the speed goals of issue #15 (cvs greedy
against textsplit greedy on 2,057 sentences, `best` automatic per fiction novel). Every figure is one call in a fresh
process (benchmarks.scaling), run one at a time."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from dataclasses import dataclass

import numpy as np

from segcore.methods import METHODS

from .markdown import table
from .runner import REPO, Bench, real_files, shared_name
from .scaling import MEMORY_CAP, SEGMENT_LENGTH, textsplit_version
from .tables_real import ENV_AT_START, best_times

GOALS = {"sentence": (5000, 5.0), "word": (20000, 10.0)}  # level -> (N, seconds)
MEMORY_GOAL_MB = 1024
TEXTSPLIT_REPORTED = 0.075  # s, textsplit greedy on 2,057 sentences (ANCHORS.md)
FICTION_GOAL = 3.0  # s per novel, `best` with K automatic


@dataclass(frozen=True)
class Plan:
    """What one run measures: sizes and levels, the methods (None = every registered one), textsplit's algorithms,
    the text the inputs are cut from, how many fiction novels (None = all, 0 = none), repeats and a time limit per
    process."""

    sizes: tuple[int, ...] = (1000, 5000, 20000)
    levels: tuple[str, ...] = ("sentence", "word")
    methods: tuple[str, ...] | None = None
    textsplit: tuple[str, ...] = ("greedy", "dp")
    source: str = "fiction"
    fiction_limit: int | None = None
    repeats: int = 5
    timeout: float = 300.0
    contested: int = 3  # fresh-process runs of a goal cell whose CPU time lies within CONTESTED of the goal


CONTESTED = 0.25  # ± this share of a goal's seconds: one run cannot tell met from missed on a shared machine


def fiction_available() -> bool:
    return bool(real_files("fiction"))


def plan_for(b: Bench) -> Plan:
    source = "fiction" if fiction_available() else "choi"
    if b.limit:
        return Plan(sizes=(60, 120), methods=("cvs",), textsplit=("greedy",), source="choi", fiction_limit=0,
                    repeats=1, timeout=120.0, contested=1)
    if b.quick:
        return Plan(sizes=(250, 1000), source=source, fiction_limit=5, repeats=1, contested=1)
    return Plan(source=source)


def measure(spec: dict, timeout: float) -> dict:
    """One measurement in a fresh `python -m benchmarks.scaling` process: its JSON answer, or {'error': …}."""
    env = {k: v for k, v in ENV_AT_START.items() if k != "MALLOC_TRIM_THRESHOLD_"}
    try:
        done = subprocess.run([sys.executable, "-m", "benchmarks.scaling", json.dumps(spec)], cwd=REPO, env=env,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"over {timeout:.0f} s"}
    if done.returncode != 0 or not done.stdout.strip():
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"exit {done.returncode}: {last[:160]}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def exponent(points: list[tuple[int, float]]) -> float | None:
    """Slope of log(seconds) against log(N) (least squares) over the sizes measured; None with fewer than two."""
    pts = [(n, s) for n, s in points if s and s > 0 and math.isfinite(s)]
    if len(pts) < 2:
        return None
    return float(np.polyfit(np.log([n for n, _ in pts]), np.log([s for _, s in pts]), 1)[0])


def cell(r: dict | None) -> str:
    if r is None:
        return "not run"
    if "error" in r:
        return r["error"]
    runs = r.get("cpu_runs", [])
    spread = f" (median of {len(runs)}: {min(runs):.2f}–{max(runs):.2f})" if len(runs) > 1 else ""
    return f"{r['cpu']:.2f} / {r['wall']:.2f} · {r['rss_peak_mb']:.0f}{spread}"


def median_run(spec: dict, first: dict, runs: int, timeout: float) -> dict:
    """The run of median CPU time among `first` and runs − 1 more fresh-process runs of `spec` (an odd count), with
    every run's CPU seconds as 'cpu_runs'; a failed repeat is the answer."""
    done = [first]
    for _ in range(runs - 1):
        done.append(measure(spec, timeout))
        if "error" in done[-1]:
            return done[-1]
    done.sort(key=lambda r: r["cpu"])
    return {**done[len(done) // 2], "cpu_runs": [r["cpu"] for r in done]}


def verdict(r: dict | None, seconds: float) -> str:
    """Goal verdict on CPU time (the figure to trust on a shared machine) and the process's peak RSS."""
    if r is None or "error" in r:
        return "**missed** (" + ("not run" if r is None else r["error"]) + ")"
    late, big = r["cpu"] > seconds, r["rss_peak_mb"] > MEMORY_GOAL_MB
    if late or big:
        return "**missed** (" + ", ".join(w for w, bad in (("time", late), ("memory", big)) if bad) + ")"
    return "**met**" + (f" (wall {r['wall']:.1f} s)" if r["wall"] > seconds else "")


def run_grid(plan: Plan, labels: list[tuple[str, str, dict]]) -> dict:
    """Every (label, level, K mode, N) in a fresh process, smallest N first; a configuration that failed or ran out
    of time at one size is not run at the larger ones."""
    out = {}
    for level in plan.levels:
        for label, kind, extra in labels:
            for k in ("given", "auto"):
                stop = None
                for n in plan.sizes:
                    if stop:
                        out[label, level, k, n] = {"error": f"not run ({stop})"}
                        continue
                    spec = {"kind": kind, "source": plan.source, "level": level, "n": n, "params": {}, "k": k,
                            **extra}
                    print(f"scaling: {label} {level} {k} N={n}", file=sys.stderr, flush=True)
                    r = out[label, level, k, n] = measure(spec, plan.timeout)
                    goal_n, goal_s = GOALS[level]
                    if (kind == "method" and n == goal_n and "error" not in r
                            and abs(r["cpu"] - goal_s) <= CONTESTED * goal_s and plan.contested > 1):
                        print(f"scaling: {label} {level} {k} N={n}: near the goal, {plan.contested} runs",
                              file=sys.stderr, flush=True)
                        r = out[label, level, k, n] = median_run(spec, r, plan.contested, plan.timeout)
                    if "error" in r:
                        stop = f"{r['error'].split(':')[0]} at N = {n:,}"
    return out


def grid_table(plan: Plan, res: dict, labels, level: str) -> list[str]:
    big = plan.sizes[-1]
    goal_n, goal_s = GOALS[level]
    head = ["method", "K", *[f"N = {n:,}" for n in plan.sizes], "growth exponent (CPU)", f"segments at N = {big:,}"]
    with_goal = goal_n in plan.sizes
    if with_goal:
        head.append(f"goal: N = {goal_n:,} in ≤ {goal_s:.0f} s, ≤ 1 GB")
    body = []
    for label, kind, _ in labels:
        for k in ("given", "auto"):
            rs = [res.get((label, level, k, n)) for n in plan.sizes]
            e = exponent([(n, r["cpu"]) for n, r in zip(plan.sizes, rs) if r and "error" not in r])
            last = rs[-1]
            found = f"{last['k']} (true {last['k_true']})" if last and "error" not in last else "—"
            row = [label, k, *map(cell, rs), "—" if e is None else f"{e:.2f}", found]
            if with_goal:
                row.append(verdict(res.get((label, level, k, goal_n)), goal_s) if kind == "method" else "(peer)")
            body.append(row)
    return table(head, body)


def goal_rows(plan: Plan, res: dict, labels) -> list[list[str]]:
    rows = []
    for level, (n, seconds) in GOALS.items():
        if level not in plan.levels or n not in plan.sizes:
            continue
        keys = [(label, k) for label, kind, _ in labels if kind == "method" for k in ("given", "auto")]
        verdicts = {(label, k): verdict(res.get((label, level, k, n)), seconds) for label, k in keys}
        missed = [f"{label} {k} {v[len('**missed** '):]}" for (label, k), v in verdicts.items()
                  if v.startswith("**missed")]
        done = [(res[label, level, k, n]["cpu"], label, k) for label, k in keys
                if "error" not in res.get((label, level, k, n), {"error": ""})]
        slowest = "; slowest {1} {2} {0:.2f} s CPU".format(*max(done)) if done else ""
        rows.append([f"every method, K given and automatic, {n:,} {level}s", f"≤ {seconds:.0f} s and ≤ 1 GB",
                     f"{len(keys) - len(missed)} of {len(keys)} runs met{slowest}"
                     + (f"; missed: {'; '.join(missed)}" if missed else ""),
                     "**met**" if not missed else "**missed**"])
    return rows


def greedy_row(plan: Plan, have_ts: bool) -> list[str]:
    g = measure({"kind": "greedy2057", "repeats": plan.repeats}, plan.timeout)
    if "error" in g:
        return ["cvs greedy on 2,057 sentences, representation included", "≤ textsplit greedy", g["error"],
                "**missed**"]
    w, c = best_times(g["cvs"])
    reached = f"cvs split=greedy {c:.3f} s CPU ({w:.3f} s wall), K = {g['k']}, best of {len(g['cvs'])}"
    ok = c <= TEXTSPLIT_REPORTED
    if g["textsplit"]:
        tw, tc = best_times(g["textsplit"])
        aw, ac = best_times(g["textsplit_alone"])
        reached += (f"; textsplit split_greedy on the same vectors {tc:.3f} s CPU ({tw:.3f} s wall) with the "
                    f"representation, {ac:.3f} s CPU ({aw:.3f} s wall) without")
        vs = f"{'≤' if c <= tc else '>'} textsplit measured here ({tc:.3f} s)"
        ok = ok and c <= tc
    else:
        vs = "textsplit not installed here"
    reached += f"; textsplit greedy reported {TEXTSPLIT_REPORTED} s"
    why = f"{'≤' if c <= TEXTSPLIT_REPORTED else '>'} the reported {TEXTSPLIT_REPORTED} s; {vs}"
    return [f"cvs greedy on {g['n']:,} sentences (the first 29 Choi 3-11 documents; the peers' concatenation in "
            "ANCHORS.md has 2,057), representation included",
            f"no slower than textsplit greedy ({TEXTSPLIT_REPORTED} s reported)", reached,
            ("**met**" if ok else "**missed**") + f" ({why})"]


def fiction_row(plan: Plan) -> list[str] | None:
    if plan.fiction_limit == 0:
        return None
    if not fiction_available():
        return ["`best` automatic K per fiction novel", f"≤ {FICTION_GOAL:.0f} s per document on average",
                f"not measured: the fiction novels are not here ({shared_name('fiction_kazantseva2011')})", "—"]
    f = measure({"kind": "fiction", "limit": plan.fiction_limit}, 3600.0)
    if "error" in f:
        return ["`best` automatic K per fiction novel", f"≤ {FICTION_GOAL:.0f} s", f["error"], "**missed**"]
    a = np.array(f["rows"], dtype=float)  # sentences, chapters, segments found, wall, cpu
    which = "all 82 novels" if plan.fiction_limit is None else f"the first {len(a)} novels (natural file order)"
    slow = a[a[:, 4].argmax()]
    reached = (f"{a[:, 4].mean():.2f} s CPU per document ({a[:, 3].mean():.2f} s wall), {which}, mean "
               f"{a[:, 0].mean():,.0f} sentences; slowest {slow[4]:.1f} s CPU ({slow[0]:.0f} sentences); segments "
               f"found {a[:, 2].sum():.0f} for {a[:, 1].sum():.0f} chapters; peak RSS {f['rss_peak_mb']:.0f} MB")
    return [f"`best` automatic K on the fiction novels ({shared_name('fiction_kazantseva2011')})",
            f"≤ {FICTION_GOAL:.0f} s per document on average", reached,
            "**met**" if a[:, 4].mean() <= FICTION_GOAL else "**missed**"]


def section(plan: Plan, cmd: str) -> list[str]:
    methods = plan.methods or tuple(METHODS)
    labels = [(m, "method", {"method": m}) for m in methods]
    ts = textsplit_version()
    if ts:
        labels += [(f"textsplit {a}", "textsplit", {"algo": a}) for a in plan.textsplit]
    res = run_grid(plan, labels)
    load = os.getloadavg()
    src = ("the shared fiction novels (" + shared_name("fiction_kazantseva2011") + ") concatenated in natural file "
           "order" if plan.source == "fiction" else "the bundled Choi 3-11 documents concatenated in file order")
    startup = [r["process_cpu"] - r["cpu"] for r in res.values() if "process_cpu" in r]
    out = [f"Each cell is one `segment()` call in a fresh process (`python -m benchmarks.scaling`, one process at a "
           f"time): **CPU seconds / wall seconds · peak RSS in MB** of the whole process. Inputs: the first N "
           f"sentences, or the first N words (`loaders.word_elements`), of {src}; K given = N/{SEGMENT_LENGTH}; "
           "'auto' = the method's automatic rule. Every registered method with its defaults"
           + (" (lda learns from the bundled corpus `datasets.honest_corpus` picks; its topic model is trained or "
              "loaded during the warm-up, not timed)" if "lda" in methods else "")
           + "; none needs a model that is missing here (the optional MiniLM encoder of `best`, `cvs` and "
           "`sentence-tiling` is not a default and is not measured). Before the timed call each process imports segcore, loads the word vectors and segments a short "
           "text once (the imports, vectors and warm-up cost "
           + (f"{np.median(startup):.1f} s CPU (median) more per process and are not in the cells" if startup
              else "more per process, not in the cells")
           + "); peak RSS includes them (about 330–450 MB before the call). The call may add at most "
           f"{MEMORY_CAP / 2**30:.0f} GB of address space and {plan.timeout:.0f} s; a configuration that fails at "
           "one size is not run at the larger ones. Growth exponent = slope of log CPU time against log N over the "
           "sizes measured (1 = linear, 2 = quadratic; small times make it noisy). A goal cell whose CPU time lies "
           f"within ±{CONTESTED:.0%} of its goal is run {plan.contested} times (fresh processes) and shows the run of "
           "median CPU time with the range, since one run cannot tell met from missed there. CPU time is the figure to trust: "
           f"the machine is shared (load average {load[0]:.1f} on {os.cpu_count()} cores at the end of the grid) "
           "and wall time overstates an idle machine's; BLAS threads can make CPU time exceed wall time. Goals are "
           "judged on CPU time and the process's peak RSS.", ""]
    if ts:
        out += [f"textsplit {ts} (PyPI, `pip install -r requirements-bench.txt`) on the same representation as "
                "`cvs` (segcore's GloVe 6B 50d sums, Choi stopwords), representation time included: "
                "`split_greedy` with max_splits = K−1 (K given) or textsplit's `get_penalty` for a target segment "
                f"length of {SEGMENT_LENGTH} ('auto': textsplit has no automatic K; this is its documented way, "
                "and it is told the length K given implies); `split_optimal` with its penalty searched by bisection "
                "until it gives K segments (K given, as in ANCHORS.md) or with the `get_penalty` penalty ('auto'), "
                f"seg_limit = max(500, 5·N/K) elements (at most N), the band segcore's DP uses with K given. Rows "
                "marked (peer).", ""]
    else:
        out += ["textsplit not installed (`pip install -r requirements-bench.txt`): its rows are left out.", ""]
    for level in plan.levels:
        out += [f"**{level.capitalize()} level**", ""] + grid_table(plan, res, labels, level) + [""]
    goals = goal_rows(plan, res, labels) + [greedy_row(plan, bool(ts))]
    fr = fiction_row(plan)
    goals += [fr] if fr else []
    out += ["**Speed goals of issue #15**", ""] + table(["goal", "target", "reached", "verdict"], goals)
    out += ["", f"Reproduce: {cmd}."]
    return out


def t_scaling(b: Bench) -> list[str]:
    return section(plan_for(b), b.cmd("scaling"))
