"""Regenerate lecture_ai_02-28-01.srt: python -m tests.data.make_captions.

The AI lecture transcript beside it written as broadcast captions by benchmarks.captions (SubRip, two lines of at
most 42 characters a cue), with synthetic times of 0.4 s a word."""
from pathlib import Path

from benchmarks.captions import srt_text, transcript
from segcore.loaders import load

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    words = transcript(load(HERE / "lecture_ai_02-28-01.ref"))[0]
    (HERE / "lecture_ai_02-28-01.srt").write_text(srt_text(words), encoding="utf-8")
