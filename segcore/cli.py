"""Command line: `segcore segment`, `segcore evaluate`, `segcore methods` (see --help)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .errors import InputError, ParameterError, SegcoreError


def _params(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ParameterError(f"--param expects KEY=VALUE, got '{pair}'")
        out[key.strip()] = value.strip()
    return out


def cmd_segment(args) -> int:
    from .loaders import load
    from .methods import segment

    if args.input != "-" and Path(args.input).is_dir():
        return _segment_folder(args)
    data = sys.stdin.buffer.read() if args.input == "-" else args.input
    doc = load(data, format=args.format, level=args.level, source="stdin" if args.input == "-" else None)
    seg = segment(doc, args.method, args.k, **_params(args.param))
    if args.json:
        print(json.dumps(seg.to_dict(doc), ensure_ascii=False))
        return 0
    for i, ((a, b), text) in enumerate(zip(doc.segments(seg.boundaries), doc.segment_texts(seg.boundaries))):
        print(f"========== segment {i + 1}: elements {a}–{b - 1}")
        print(text)
    print(f"# {seg.k} segments of {doc.n} {doc.level}s by {seg.method} in {seg.seconds:.3f} s", file=sys.stderr)
    return 0


def _segment_folder(args) -> int:
    """Every document file of a folder through segcore.parallel.run_many (serial, or dask with --jobs/--scheduler)."""
    from .bench import Progress, segment_folder

    progress = Progress("segment") if sys.stderr.isatty() else None
    rows = segment_folder(args.input, args.format, args.level, args.method, args.k, _params(args.param),
                          jobs=args.jobs, scheduler=args.scheduler, progress=progress)
    failed = 0
    for r in rows:
        if "error" in r:
            failed += 1
            print(f"segcore: error: {r['source']}: {r['error']}", file=sys.stderr)
        if args.json:
            print(json.dumps(r, ensure_ascii=False))
        elif "error" not in r:
            print(f"{r['source']}\t{r['k']} segments of {r['n_elements']} {args.level}s\tboundaries "
                  f"{' '.join(map(str, r['boundaries']))}")
    return 2 if failed else 0


def cmd_bench(args) -> int:
    from .bench import run_bench

    return run_bench(args)


def _dataset_docs(path: str, fmt: str):
    from .loaders import iter_dataset

    try:
        from .datasets import is_named, load_named
    except ImportError:
        is_named = None
    if is_named is not None and is_named(path):
        return load_named(path)
    if not Path(path).exists():
        raise InputError(f"dataset not found: {path}")
    return list(iter_dataset(path, format=fmt))


def cmd_evaluate(args) -> int:
    from .evaluation import evaluate_dataset

    docs = _dataset_docs(args.dataset, args.format)
    progress = None if args.json or not sys.stderr.isatty() else (
        lambda d, t: print(f"\r{d}/{t} documents", end="" if d < t else "\n", file=sys.stderr))
    t0 = time.perf_counter()
    result = evaluate_dataset(docs, args.method, _params(args.param), k_from_reference=args.k_from_reference,
                              tolerance=args.tolerance, idf=args.idf, jobs=args.jobs, scheduler=args.scheduler,
                              progress=progress)
    result["summary"]["wall_seconds"] = time.perf_counter() - t0
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{'document':40s} {'N':>5s} {'Kref':>4s} {'Khyp':>4s} {'Pk':>7s} {'WD':>7s} {'F1':>6s} {'sec':>7s}")
    for r in result["documents"]:
        if "error" in r:
            print(f"{r['path'][-40:]:40s} {r['n_elements']:5d} error: {r['error']}")
            continue
        print(f"{r['path'][-40:]:40s} {r['n_elements']:5d} {len(r['reference']):4d} {len(r['hypothesis']):4d} "
              f"{100 * r['pk']:6.2f}% {100 * r['windowdiff']:6.2f}% {r['f1']:6.3f} {r['seconds']:7.3f}")
    s = result["summary"]
    print(f"\n{s['documents']} documents ({s['failed']} failed): Pk {100 * s['pk']:.2f}%  WindowDiff "
          f"{100 * s['windowdiff']:.2f}%  F1 {s['f1']:.3f}  {1000 * s['seconds_per_document']:.1f} ms/document")
    return 0


def cmd_methods(args) -> int:
    from .methods import METHODS

    if args.json:
        print(json.dumps({m.name: {"summary": m.summary, "citation": m.citation,
                                   "params": {p.name: {"default": p.default, "help": p.help,
                                                       "choices": list(p.choices) if p.choices else None}
                                              for p in m.params}} for m in METHODS.values()}))
        return 0
    for m in METHODS.values():
        print(f"{m.name}: {m.summary} [{m.citation}]")
        for p in m.params:
            choices = f" ({'|'.join(map(str, p.choices))})" if p.choices else ""
            print(f"    {p.name}={p.default}{choices}  {p.help}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="segcore", description="Linear text segmentation.")
    sub = ap.add_subparsers(dest="command", required=True)
    formats = ["auto", "text", "pdf", "choi", "arxiv"]

    s = sub.add_parser("segment", help="segment one document")
    s.add_argument("input", help="a file path, a folder (every document file in it, one result each), or - for "
                                 "standard input")
    s.add_argument("--format", default="auto", choices=formats)
    s.add_argument("--level", default="sentence", choices=["sentence", "word"], help="elements: sentences or words")
    s.add_argument("--method", default="cvs")
    s.add_argument("--k", type=int, default=None, help="number of segments (default: the method's automatic rule)")
    s.add_argument("--param", action="append", metavar="KEY=VALUE", help="method parameter, repeatable")
    s.add_argument("--json", action="store_true", help="JSON output (one line per document for a folder)")
    s.add_argument("--jobs", type=int, default=1, help="folder input: worker processes (dask local cluster when > 1)")
    s.add_argument("--scheduler", default=None, help="folder input: address of an existing dask scheduler")
    s.set_defaults(func=cmd_segment)

    e = sub.add_parser("evaluate", help="evaluate a method on a dataset with reference segmentations")
    e.add_argument("dataset", help="a folder or .zip of documents, or a bundled dataset name such as choi/3-11")
    e.add_argument("--format", default="auto", choices=formats)
    e.add_argument("--method", default="cvs")
    e.add_argument("--k-from-reference", action="store_true", help="give each document its true number of segments")
    e.add_argument("--param", action="append", metavar="KEY=VALUE")
    e.add_argument("--idf", default="document", choices=["document", "dataset"],
                   help="idf from each document's own elements or from the dataset's documents")
    e.add_argument("--tolerance", type=int, default=1, help="boundary F1 tolerance in elements")
    e.add_argument("--jobs", type=int, default=1, help="worker processes (dask local cluster when > 1)")
    e.add_argument("--scheduler", default=None, help="address of an existing dask scheduler")
    e.add_argument("--json", action="store_true")
    e.set_defaults(func=cmd_evaluate)

    b = sub.add_parser("bench", help="regenerate BENCHMARKS.md: the published experiments next to ours")
    b.add_argument("--quick", action="store_true", help="first 20 documents of each set (a couple of minutes)")
    b.add_argument("--jobs", type=int, default=1, help="worker processes (dask local cluster when > 1)")
    b.add_argument("--scheduler", default=None, help="address of an existing dask scheduler")
    b.add_argument("--only", default=None, metavar="TABLE,...",
                   help="tables: goals, choi, alemi1 … alemi6, choi6, choi7, misra, simon, encoders, time, lectures")
    b.add_argument("--output", default="BENCHMARKS.md", help="markdown file to write (default BENCHMARKS.md)")
    b.add_argument("--limit", type=int, default=None, help=argparse.SUPPRESS)  # tests: first N documents per set
    b.set_defaults(func=cmd_bench)

    m = sub.add_parser("methods", help="list the named methods and their parameters")
    m.add_argument("--json", action="store_true")
    m.set_defaults(func=cmd_methods)
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except SegcoreError as exc:
        print(f"segcore: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("segcore: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except MemoryError:
        print("segcore: error: out of memory; try fewer elements (sentences instead of words) or a smaller K",
              file=sys.stderr)
        return 1
    except Exception as exc:  # never a traceback on the terminal: one line, and a non-zero exit
        print(f"segcore: internal error ({type(exc).__name__}): {exc}; please report it", file=sys.stderr)
        return 1
