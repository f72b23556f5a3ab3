"""Pathological texts in every text format the loaders read: a long run of one character or of a short unit ('[',
':', spaces, 'a. ', ...) put inside a small document of each format, read at two lengths. Regular expressions that
read such a run again from each of its characters (quadratic time) show as a growth near 16× when the run is 4×
longer; linear reading grows about 4×. Writes benchmarks/results/pathological.md.

Run:  python -m benchmarks.pathological [--n 25000]"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from segcore.errors import SegcoreError
from segcore.loaders import load_data

OUT = Path(__file__).resolve().parent / "results" / "pathological.md"
UNITS = ["a", "1", ".", "-", "=", "#", "\\", "{", "<", "*", "_", "[", ":", "'", "(", "A", '"', "|", "&", "}", "]",
         ">", " ", "\t", "\n", ",", "!", "/", "`", "~", "+", "ab ", "a. ", "1.", "aA.", "a\n", "- ", "* ", "a:", "[a",
         "a]", "\\a", "a=", ".a", "a-", "{a", "<a", "&a", "<!--", "![", "](", ":a:", "*a ", "_a ", "``", "a<!--",
         "[a](", "![a](", "(a", "*a _b ", "**a ", "/a ", "=a ", "`+a "]
FORMATS = {  # a small document of each format with the run inside its first paragraph
    "x.txt": lambda run: "Title\n\n" + run + "\n\nSecond paragraph here. And more.\n",
    "x.md": lambda run: "# Title\n\n" + run + "\n\n## Two\n\nSecond paragraph here.\n",
    "x.tex": lambda run: "\\section{A}\n" + run + "\n\\section{B}\nSecond paragraph here.\n",
    "x.rst": lambda run: "Title\n=====\n\n" + run + "\n\nTwo\n---\n\nSecond paragraph.\n",
    "x.html": lambda run: "<html><body><h1>T</h1><p>" + run + "</p><p>Second paragraph.</p></body></html>",
    "x.1": lambda run: ".TH X 1\n.SH NAME\n" + run + "\n.SH TWO\nSecond paragraph.\n",
    "x.org": lambda run: "* Title\n\n" + run + "\n\n* Two\n\nSecond paragraph here.\n",
    "x.adoc": lambda run: "= Title\n\n" + run + "\n\n== Two\n\nSecond paragraph here.\n",
    "x.srt": lambda run: "1\n00:00:01,000 --> 00:00:02,000\n" + run + "\n\n2\n00:00:03,000 --> 00:00:04,000\nSecond.\n",
}


def seconds(name: str, text: str) -> tuple[float, str]:
    """Time to load `text` as file `name`, and what came of it (elements, or that it was refused)."""
    t = time.perf_counter()
    try:
        out = f"{load_data(text.encode('utf-8'), name, 'auto', None, name).n} elements"
    except SegcoreError:
        out = "refused with a message"
    return time.perf_counter() - t, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=25_000, help="characters of the shorter run (the longer: 4×)")
    args = ap.parse_args()
    seconds("x.txt", FORMATS["x.txt"]("Warm up. Load the modules."))
    t0, rows = time.time(), []
    for name, wrap in FORMATS.items():
        for unit in UNITS:
            short, _ = seconds(name, wrap(unit * (args.n // len(unit))))
            long, out = seconds(name, wrap(unit * (4 * args.n // len(unit))))
            rows.append((long, name.split(".")[1], unit, short, long / max(short, 1e-3), out))
    rows.sort(reverse=True)
    lines = ["# Pathological texts: long runs of one unit in every text format", "",
             f"`python -m benchmarks.pathological --n {args.n}`, {time.time() - t0:.0f} s; "
             f"{len(rows)} readings ({len(FORMATS)} formats × {len(UNITS)} units), runs of {args.n:,} and "
             f"{4 * args.n:,} characters.", "", __doc__.split("\n\n")[0], "",
             f"Slowest reading of the longer run: {rows[0][0]:.2f} s; largest growth: "
             f"{max(r[4] for r in rows):.1f}×. The ten slowest:", "",
             "| format | unit | seconds, short run | seconds, 4× longer | growth | result |",
             "|---|---|---|---|---|---|"]
    lines += [f"| {fmt} | {'a pipe' if unit == '|' else f'`{unit!r}`'} | {short:.3f} | {long:.3f} | {growth:.1f}× "
              f"| {out} |" for long, fmt, unit, short, growth, out in rows[:10]]
    text = "\n".join(lines) + "\n"
    OUT.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
