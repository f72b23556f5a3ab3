"""PDF extraction and structure (issue #14): heading recall on the test papers, word agreement with a second
extractor, and what `best` does on a real paper. Writes benchmarks/results/pdf_extraction.md.

Run:  python -m benchmarks.pdf_extraction        (the real paper from ../shared/data/pdfs or $SEGCORE_SHARED_DATA)

- Heading recall: the test papers of tests/data/papers (regenerate: python -m tests.data.papers.make_papers) carry
  their true sections in truth.json. A true section starts at its heading's element (or, when the heading did not
  become an element of its own, at the element holding the start of its first sentence); it is found within ±t
  when a heading of the document's outline (all levels) starts within t elements of it. Precision is the share of
  outline headings that start within ±0 of a true section (back matter left out, as by default).
- Word agreement: the words (lower-cased runs of letters and digits) of segcore's text of each PDF, reference list
  and appendices kept, against those of a second extractor: Poppler's pdftotext when it is on PATH, else PDFium
  (pypdfium2). Agreement = the share of segcore's words that the other extractor also has (multiset
  intersection): glued or broken words do not match. Coverage = the share of the other extractor's words found in
  segcore's (lower by design: running headers, page numbers, footnotes, captions and table text are left out).
- The real paper: `best` with K = the number of its sections (+1 for the front matter), boundaries inside the
  reference list when it is kept, and the share of section headings within ±3 sentences of a boundary.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
import unicodedata
from collections import Counter
from pathlib import Path

from segcore.loaders import load
from segcore.methods import segment

REPO = Path(__file__).resolve().parent.parent
PAPERS = REPO / "tests" / "data" / "papers"
SHARED = Path(os.environ.get("SEGCORE_SHARED_DATA", REPO.parent / "shared" / "data"))
REAL = SHARED / "pdfs" / "2304.02623v1.pdf"
OUT = REPO / "benchmarks" / "results" / "pdf_extraction.md"
_WORD = re.compile(r"[^\W_]+")


def true_starts(doc, truth: list[dict]) -> list[int]:
    """Element index where each true section starts (see the module docstring); -1 if its text is not found."""
    out, pos = [], 0
    for sec in truth:
        first = " ".join(sec["first"].split()[:5])
        hit = next((i for i in range(pos, doc.n) if first in doc.elements[i]), -1)
        if hit < 0:
            out.append(-1)
            continue
        heading = sec["heading"].lower()
        start = hit - 1 if hit > 0 and doc.elements[hit - 1].lower().rstrip(".:—") == heading.rstrip(".:—") else hit
        out.append(start)
        pos = hit + 1
    return out


def heading_scores(doc, truth: list[dict]) -> dict:
    """Recall of the true section starts within ±0 and ±1 elements, and precision at ±0."""
    outline = doc.meta.get("outline")
    found = sorted({h.element for h in outline.headings}) if outline else []
    starts = true_starts(doc, truth)

    def recall(t):
        return sum(any(abs(s - f) <= t for f in found) for s in starts if s >= 0) / len(starts)

    precision = sum(any(f == s for s in starts) for f in found) / len(found) if found else 0.0
    return {"true": len(starts), "found": len(found), "recall0": recall(0), "recall1": recall(1),
            "precision0": precision}


def words(text: str) -> Counter:
    return Counter(w.lower() for w in _WORD.findall(unicodedata.normalize("NFKC", text)))


def other_extractor(path: Path) -> tuple[str, str]:
    """(name, text) of Poppler's pdftotext if installed, else PDFium's."""
    if shutil.which("pdftotext"):
        return "pdftotext (Poppler)", subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                                     check=True).stdout
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return "PDFium (pypdfium2)", "\n".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()


def word_agreement(path: Path) -> dict:
    doc = load(path, keep_back_matter=True)
    ours = words("\n".join(doc.elements))
    name, text = other_extractor(path)
    theirs = words(text)
    common = sum((ours & theirs).values())
    return {"extractor": name, "words": sum(ours.values()), "agreement": common / sum(ours.values()),
            "coverage": common / sum(theirs.values())}


def best_on_real_paper(path: Path) -> dict:
    """best with K = the number of sections, with the back matter left out (default) and kept."""
    out = {}
    for keep in (False, True):
        doc = load(path, keep_back_matter=keep)
        outline = doc.meta["outline"]
        starts = outline.starts(1)
        k = len(starts) + 1
        t0 = time.perf_counter()
        seg = segment(doc, "best", k)
        bounds = seg.boundaries[:-1]
        refs = next((h.element for h in outline.headings if h.title.strip().lower() == "references"), None)
        out["kept" if keep else "left out"] = {
            "n": doc.n, "k": k, "boundaries": bounds, "seconds": time.perf_counter() - t0,
            "in_references": sum(b > refs for b in bounds) if refs is not None else 0,
            "headings_within_3": sum(any(abs(s - b) <= 3 for b in bounds) for s in starts), "headings": len(starts)}
    return out


def main() -> None:
    truth = json.loads((PAPERS / "truth.json").read_text())
    lines = ["# PDF extraction and structure", "",
             "`python -m benchmarks.pdf_extraction` (see its docstring for the definitions). Test papers: "
             "`tests/data/papers` (lexical_chains: ACL-like, reportlab; river_sensors: IEEE-like, reportlab; "
             "sourdough_nospace: no space characters, words placed one by one in Type 3 fonts).", "",
             "## Heading recall (true section starts found, back matter left out)", "",
             "| paper | true sections | outline headings | recall ±0 | recall ±1 | precision ±0 |", "|---|---|---|---|---|---|"]
    totals = Counter()
    for name, secs in truth.items():
        doc = load(PAPERS / f"{name}.pdf")
        s = heading_scores(doc, secs)
        for key in ("true", "found"):
            totals[key] += s[key]
        totals["hit0"] += s["recall0"] * s["true"]
        totals["hit1"] += s["recall1"] * s["true"]
        totals["prec"] += s["precision0"] * s["found"]
        lines.append(f"| {name} | {s['true']} | {s['found']} | {100 * s['recall0']:.0f} % | {100 * s['recall1']:.0f} % "
                     f"| {100 * s['precision0']:.0f} % |")
    lines.append(f"| **all** | {totals['true']} | {totals['found']} | **{100 * totals['hit0'] / totals['true']:.1f} %** "
                 f"| **{100 * totals['hit1'] / totals['true']:.1f} %** | {100 * totals['prec'] / totals['found']:.1f} % |")
    lines += ["", "## Word agreement with a second extractor (reference list and appendices kept)", "",
              "| PDF | extractor | segcore's words | agreement | coverage |", "|---|---|---|---|---|"]
    pdfs = [PAPERS / f"{name}.pdf" for name in truth] + ([REAL] if REAL.is_file() else [])
    for path in pdfs:
        w = word_agreement(path)
        lines.append(f"| {path.name} | {w['extractor']} | {w['words']:,} | {100 * w['agreement']:.1f} % | "
                     f"{100 * w['coverage']:.1f} % |")
    if REAL.is_file():
        lines += ["", f"## `best` on the real paper ({REAL.name}, K = its sections + the front matter)", "",
                  "| reference list | sentences | K | boundaries in the reference list | section headings within ±3 "
                  "sentences of a boundary | boundaries | seconds |", "|---|---|---|---|---|---|---|"]
        for which, r in best_on_real_paper(REAL).items():
            lines.append(f"| {which} | {r['n']} | {r['k']} | {r['in_references']} | {r['headings_within_3']} of "
                         f"{r['headings']} | {', '.join(map(str, r['boundaries']))} | {r['seconds']:.1f} |")
    else:
        lines += ["", f"(The real paper {REAL} is not here: its rows are left out.)"]
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
