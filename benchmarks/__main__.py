"""The command line: python -m benchmarks [--quick] [--jobs N | --scheduler ADDRESS] [--only TABLE,...]
[--output FILE] [--limit N] (the work is report.run_bench)."""
import argparse
import sys

from segcore.errors import SegcoreError

from .report import ORDER, run_bench


def _positive(text: str) -> int:
    """--limit's value: a whole number of documents, at least 1 (0 and negatives would slice a set to none or to
    all but its last documents)."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of documents, at least 1, got '{text[:40]}'")
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks",
                                 description="Regenerate BENCHMARKS.md: the published experiments next to ours.")
    ap.add_argument("--quick", action="store_true", help="first 20 documents of each set (a couple of minutes)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (dask local cluster when > 1)")
    ap.add_argument("--scheduler", default=None, help="address of an existing dask scheduler")
    ap.add_argument("--only", default=None, metavar="TABLE,...", help=f"tables: {', '.join(ORDER)}")
    ap.add_argument("--output", default="BENCHMARKS.md", help="markdown file to write (default BENCHMARKS.md)")
    ap.add_argument("--limit", type=_positive, default=None, metavar="N",
                    help="first N documents of each set, in every table (rows run on fewer, as MiniLM's and LDA's, "
                         "keep their smaller count); growth runs concatenations of 2 and 8 documents, 'scaling' a "
                         "small plan (60 and 120 elements, cvs); the speed goals of 'goals' are timed at their full "
                         "size, which their rows name")
    args = ap.parse_args(argv)
    try:
        return run_bench(args)
    except SegcoreError as exc:
        print(f"benchmarks: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
