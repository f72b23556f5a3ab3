"""The command line: python -m benchmarks [--quick] [--jobs N | --scheduler ADDRESS] [--only TABLE,...] [--output FILE]
(the work is report.run_bench)."""
import argparse
import sys

from segcore.errors import SegcoreError

from .report import ORDER, run_bench


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks",
                                 description="Regenerate BENCHMARKS.md: the published experiments next to ours.")
    ap.add_argument("--quick", action="store_true", help="first 20 documents of each set (a couple of minutes)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (dask local cluster when > 1)")
    ap.add_argument("--scheduler", default=None, help="address of an existing dask scheduler")
    ap.add_argument("--only", default=None, metavar="TABLE,...", help=f"tables: {', '.join(ORDER)}")
    ap.add_argument("--output", default="BENCHMARKS.md", help="markdown file to write (default BENCHMARKS.md)")
    ap.add_argument("--limit", type=int, default=None, help=argparse.SUPPRESS)  # tests: first N documents per set
    args = ap.parse_args(argv)
    try:
        return run_bench(args)
    except SegcoreError as exc:
        print(f"benchmarks: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
