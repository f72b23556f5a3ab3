"""One measurement of the scaling table, made in a fresh process: `python -m benchmarks.scaling 'SPEC-JSON'` prints one
JSON line. The inputs are built here, deterministically: the first N sentences (or words) of the shared fiction
novels concatenated in natural file order, or of the bundled Choi 3-11 documents; K given = N/100. Each call is timed
(wall and CPU) after the imports, the word vectors and a warm-up call on a short text, with the process's peak RSS
before and after it; the address space the call may add is capped (RLIMIT_AS) so that a runaway cannot exhaust the
shared machine. textsplit (PyPI `textsplit`, optional) runs on the same word-vector representation as `cvs`."""
from __future__ import annotations

import json
import random
import resource
import sys

import numpy as np

from segcore.datasets import concatenate, honest_corpus, load_named
from segcore.document import Document
from segcore.errors import InputError, SegcoreError
from segcore.loaders import choi_to_words

from .runner import load_source
from .tables_real import timed

SEGMENT_LENGTH = 100  # K given = N / SEGMENT_LENGTH; textsplit's target segment length
MEMORY_CAP = 6 * 2**30  # bytes of address space one call may add before it fails with MemoryError


def truncate(doc: Document, n: int) -> Document:
    """The first n elements of a document, its reference cut at n."""
    if doc.n < n:
        raise InputError(f"{doc.source}: {doc.n} elements, fewer than the {n} asked for")
    ref = [b for b in doc.reference or [] if b < n] + [n]
    return Document(doc.elements[:n], ref, level=doc.level, source=f"{doc.source}, first {n} {doc.level}s")


def build_input(source: str, level: str, n: int) -> Document:
    """The first n sentences or words of `source` ('fiction' or 'choi': bundled Choi 3-11), documents concatenated."""
    docs, pool = [], 0
    loaded = load_source("fiction") if source == "fiction" else load_named("choi/3-11") if source == "choi" else None
    if loaded is None:
        raise InputError(f"unknown scaling source '{source}' (fiction or choi)")
    for d in loaded:  # only as many documents as needed
        d = choi_to_words(d) if level == "word" else d
        docs.append(d)
        pool += d.n
        if pool >= n:
            break
    if not docs:
        raise InputError(f"no {source} documents found")
    return truncate(concatenate(docs, source=f"{source} ({len(docs)} documents)"), n)


def k_given(n: int) -> int:
    return max(2, n // SEGMENT_LENGTH)


def _rss_mb() -> float:
    """This process's peak resident memory in MB (VmHWM: unlike ru_maxrss, not inherited from the parent that
    forked it)."""
    with open("/proc/self/status") as fh:
        line = next(ln for ln in fh if ln.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024


def process_cpu() -> float:
    """CPU seconds this process has used (user + system)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _cap_memory():
    """Let what follows add at most MEMORY_CAP bytes of address space to what this process holds now."""
    with open("/proc/self/statm") as fh:
        vm = int(fh.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (vm + MEMORY_CAP, resource.RLIM_INFINITY))


def _context(method: str, doc: Document) -> dict | None:
    from segcore.methods import get_method

    return {"corpus": honest_corpus([doc])[1]} if "corpus" in get_method(method).needs else None


def _warm(method: str, params: dict, level: str):
    """Load the word vectors and run the method once on a short text of the same level."""
    from segcore.methods import segment
    from segcore.vectors import load_vectors

    load_vectors()
    small = load_source("concat/2")[0]  # two Choi documents: ≈ 140 sentences, ≈ 2,500 words
    segment(choi_to_words(small) if level == "word" else small, method, 2, **params)


def run_method(spec: dict) -> dict:
    """One segment() call: spec = {source, level, n, method, params, k ('given' or 'auto')}."""
    from segcore.methods import segment

    doc = build_input(spec["source"], spec["level"], spec["n"])
    k = k_given(doc.n) if spec["k"] == "given" else None
    context = _context(spec["method"], doc)
    ctx = {**(context or {})}
    if context:  # the warm-up trains/loads the topic model of this corpus once, as a session would have it
        segment(truncate(doc, min(doc.n, 200)), spec["method"], 2, context=ctx, **spec["params"])
    else:
        _warm(spec["method"], spec["params"], spec["level"])
    base = _rss_mb()
    _cap_memory()
    wall, cpu, seg = timed(lambda: segment(doc, spec["method"], k, context=ctx, **spec["params"]))
    return {"n": doc.n, "k": seg.k, "k_true": len(doc.reference), "wall": wall, "cpu": cpu, "rss_base_mb": base,
            "rss_peak_mb": _rss_mb(), "process_cpu": process_cpu()}


# ---- textsplit (optional) -------------------------------------------------------------------------------------

def textsplit_version() -> str | None:
    try:
        from importlib.metadata import version

        import textsplit  # noqa: F401  (installed and importable)
        return version("textsplit")
    except Exception:
        return None


def ts_optimal_k(docmat, k: int, seg_limit: int) -> tuple[list[int], int]:
    """textsplit's split_optimal with its penalty searched (bisection on a log scale) until it gives k segments:
    (splits, DP runs); the closest count found if no penalty gives exactly k."""
    from textsplit.algorithm import split_greedy, split_optimal

    lo, hi = 1e-6, None
    pen = max(split_greedy(docmat, max_splits=k - 1).min_gain, 1e-3)
    best, runs = None, 0
    for _ in range(40):
        seg = split_optimal(docmat, penalty=pen, seg_limit=seg_limit)
        runs += 1
        got = len(seg.splits) + 1
        if best is None or abs(got - k) < abs(len(best) + 1 - k):
            best = seg.splits
        if got == k:
            break
        if got > k:
            lo = pen
        else:
            hi = pen
        pen = pen * 2 if hi is None else (lo * hi) ** 0.5
    return list(best), runs


def run_textsplit(spec: dict) -> dict:
    """textsplit on the input of `spec` (algo 'greedy' or 'dp'; k 'given' or 'auto' = penalty from a target segment
    length, textsplit's get_penalty), representation (segcore's, as cvs's) included in the time."""
    from textsplit.algorithm import split_greedy, split_optimal
    from textsplit.tools import get_penalty

    from segcore.pipeline import represent

    doc = build_input(spec["source"], spec["level"], spec["n"])
    _warm("cvs", {}, spec["level"])
    base = _rss_mb()
    _cap_memory()
    k = k_given(doc.n)
    seg_limit = min(doc.n, max(500, 5 * doc.n // k))
    random.seed(0)

    def go():
        docmat = np.asarray(represent(doc.elements).matrix, dtype=float)
        if spec["algo"] == "greedy":
            if spec["k"] == "given":
                return split_greedy(docmat, max_splits=k - 1).splits, 1
            return split_greedy(docmat, penalty=get_penalty([docmat], doc.n / k)).splits, 1
        if spec["k"] == "given":
            return ts_optimal_k(docmat, k, seg_limit)
        return split_optimal(docmat, penalty=get_penalty([docmat], doc.n / k), seg_limit=seg_limit).splits, 1

    wall, cpu, (splits, runs) = timed(go)
    return {"n": doc.n, "k": len(splits) + 1, "k_true": len(doc.reference), "wall": wall, "cpu": cpu, "runs": runs,
            "rss_base_mb": base, "rss_peak_mb": _rss_mb(), "process_cpu": process_cpu()}


# ---- the goals' special rows --------------------------------------------------------------------------------

def run_greedy_2057(spec: dict) -> dict:
    """cvs greedy and textsplit greedy on the 29 first Choi 3-11 documents concatenated (2,057 sentences), K = true
    K, representation included; best of `repeats` (wall and CPU separately)."""
    from segcore.methods import segment
    from segcore.pipeline import represent

    doc = load_source("concat/29")[0]
    k = len(doc.reference)
    _warm("cvs", {"split": "greedy"}, "sentence")
    ours = [timed(lambda: segment(doc, "cvs", k, split="greedy"))[:2] for _ in range(spec["repeats"])]
    out = {"n": doc.n, "k": k, "cvs": ours, "textsplit": None, "textsplit_alone": None}
    if textsplit_version():
        from textsplit.algorithm import split_greedy

        def ts():
            return split_greedy(np.asarray(represent(doc.elements).matrix, dtype=float), max_splits=k - 1)

        out["textsplit"] = [timed(ts)[:2] for _ in range(spec["repeats"])]
        docmat = np.asarray(represent(doc.elements).matrix, dtype=float)
        out["textsplit_alone"] = [timed(lambda: split_greedy(docmat, max_splits=k - 1))[:2]
                                  for _ in range(spec["repeats"])]
    return out


def run_fiction(spec: dict) -> dict:
    """`best` with K automatic on each of the first `limit` fiction novels (all when None): per-document
    (sentences, chapters, segments found, wall, CPU)."""
    from segcore.methods import segment

    docs = load_source("fiction")[:spec.get("limit")]
    _warm("best", {}, "sentence")
    rows = []
    for d in docs:
        wall, cpu, seg = timed(lambda: segment(d, "best", None))
        rows.append([d.n, len(d.reference), seg.k, wall, cpu])
    return {"rows": rows, "rss_peak_mb": _rss_mb()}


KINDS = {"method": run_method, "textsplit": run_textsplit, "greedy2057": run_greedy_2057, "fiction": run_fiction}


def main(argv=None) -> int:
    spec = json.loads((argv or sys.argv[1:])[0])
    try:
        out = KINDS[spec["kind"]](spec)
    except MemoryError:
        out = {"error": f"memory: the call needed more than {MEMORY_CAP / 2**30:.0f} GB more address space"}
    except SegcoreError as exc:
        out = {"error": str(exc)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
