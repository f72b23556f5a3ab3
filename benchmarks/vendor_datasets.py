"""Rebuild assets/datasets/*.jsonl.gz from ../shared/data (run once; the outputs are committed)."""
import sys
from pathlib import Path

from segcore.datasets import FILES, ROOT, write_dataset
from segcore.loaders import iter_dataset

SHARED = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "data")
SOURCES = {"choi/3-11": ("choi/3-11", "choi"), "choi/3-5": ("choi/3-5", "choi"), "choi/6-8": ("choi/6-8", "choi"),
           "choi/9-11": ("choi/9-11", "choi"), "arxiv": ("arxiv_alemi2015", "arxiv")}

ROOT.mkdir(parents=True, exist_ok=True)
for name, (folder, fmt) in SOURCES.items():
    n = write_dataset(ROOT / FILES[name], iter_dataset(SHARED / folder, format=fmt,
                                                       level="word" if fmt == "arxiv" else None))
    print(f"{name}: {n} documents → {FILES[name]} ({(ROOT / FILES[name]).stat().st_size / 1e6:.2f} MB)")
