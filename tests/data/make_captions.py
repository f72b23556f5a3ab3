"""Regenerate lecture_ai_02-28-01.srt: python tests/data/make_captions.py.

The AI lecture transcript beside it written as broadcast captions by benchmarks.captions (SubRip, two lines of at
most 42 characters a cue), with synthetic times of 0.4 s a word."""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from benchmarks.captions import srt_text, transcript  # noqa: E402
from segcore.loaders import load  # noqa: E402

if __name__ == "__main__":
    words = transcript(load(HERE / "lecture_ai_02-28-01.ref"))[0]
    (HERE / "lecture_ai_02-28-01.srt").write_text(srt_text(words), encoding="utf-8")
