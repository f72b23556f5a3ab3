"""Rebuild assets/datasets/*.jsonl.gz from the shared data (run once; the outputs are committed).

Run:  python -m benchmarks.vendor_datasets [FOLDER]      (FOLDER: default ../shared/data beside the checkout, or
      $SEGCORE_SHARED_DATA)"""
import sys
from pathlib import Path

from segcore.datasets import FILES, ROOT, write_dataset
from segcore.folders import read_dataset

from .runner import SHARED

SOURCES = {"choi/3-11": ("choi/3-11", "choi"), "choi/3-5": ("choi/3-5", "choi"), "choi/6-8": ("choi/6-8", "choi"),
           "choi/9-11": ("choi/9-11", "choi"), "arxiv": ("arxiv_alemi2015", "arxiv")}

if __name__ == "__main__":
    shared = Path(sys.argv[1]) if len(sys.argv) > 1 else SHARED
    ROOT.mkdir(parents=True, exist_ok=True)
    for name, (folder, fmt) in SOURCES.items():
        docs, problems, _ = read_dataset(shared / folder, format=fmt, level="word" if fmt == "arxiv" else None)
        for message in problems:
            print(f"{name}: skipped {message}", file=sys.stderr)
        n = write_dataset(ROOT / FILES[name], docs)
        print(f"{name}: {n} documents → {FILES[name]} ({(ROOT / FILES[name]).stat().st_size / 1e6:.2f} MB)")
