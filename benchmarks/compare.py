"""Compare the figures of two BENCHMARKS.md files, section by section and table by table: every number of every
table cell (time columns and the speed goals left out) and of every caption (timings, dates and the load average
left out), positionally. Prints the differences and how many figures were compared; exit status 1 if any differ.

Run:  python -m benchmarks.compare OLD.md NEW.md
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
TIME_COLUMN = re.compile(r"ms/doc|s/doc|seconds|^s, m =|time|wall")
SPEED_GOAL = re.compile(r"≤ \d+ s\b")
# in prose: dates, commit ids, durations, the load average, training times, the run's command line
PROSE_SKIP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d|commit \w+|[\d.]+ (?:min|s)\b|load average [\d.]+|"
                        r"training time [\d.]+ s|`python -m [^`]*`|Python [\d.]+|\d+ cores|\d+ worker processes|"
                        r"x86_64")


def sections(text: str) -> dict[str, list[str]]:
    """Lines of each `<!-- bench:NAME -->` section (the header before them is left out)."""
    out, name = {}, None
    for line in text.splitlines():
        if line.startswith("<!-- bench:"):
            name = line[len("<!-- bench:"):-len(" -->")]
            out[name] = []
        elif name is not None:
            out[name].append(line)
    return out


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def figures(lines: list[str]) -> list[tuple[str, list[str]]]:
    """(where, numbers) for every compared table cell and caption line, in order."""
    out, header, t = [], None, 0
    for i, line in enumerate(lines):
        if not line.startswith("|"):
            header = None
            if line.strip():
                out.append((f"caption, line {i + 1}", NUMBER.findall(PROSE_SKIP.sub("", line))))
            continue
        row = cells(line)
        if header is None:
            header, t = row, t + 1
            continue
        if set("".join(row)) <= set("-"):
            continue
        if len(row) > 1 and SPEED_GOAL.search(row[1]) and header[:2] == ["goal", "target"]:
            continue
        for col, cell in zip(header, row):
            if not TIME_COLUMN.search(col):
                out.append((f"table {t}, row '{row[0]}', column '{col}'", NUMBER.findall(cell)))
    return out


def compare(old: str, new: str) -> tuple[int, list[str]]:
    """(figures compared, differences)."""
    a, b = sections(old), sections(new)
    n, diffs = 0, [f"section {s} only in one file" for s in sorted(set(a) ^ set(b))]
    for s in [s for s in a if s in b]:
        fa, fb = figures(a[s]), figures(b[s])
        if [w for w, _ in fa] != [w for w, _ in fb]:
            diffs.append(f"{s}: tables or captions differ in shape ({len(fa)} against {len(fb)} cells)")
        for (where, x), (_, y) in zip(fa, fb):
            n += max(len(x), len(y))
            if x != y:
                diffs.append(f"{s}, {where}: {' '.join(x) or '—'}  →  {' '.join(y) or '—'}")
    return n, diffs


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.compare", description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="the earlier BENCHMARKS.md")
    parser.add_argument("new", help="the later one")
    args = parser.parse_args(argv)
    try:
        old, new = (Path(p).read_text(encoding="utf-8") for p in (args.old, args.new))
    except OSError as exc:
        print(f"benchmarks.compare: cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    n, diffs = compare(old, new)
    print("\n".join(diffs))
    print(f"{n} figures compared, {len(diffs)} differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
