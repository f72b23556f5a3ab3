"""A segmentation written out: JSON (everything), CSV (one row per segment), Choi's .ref format (segments between
lines of ==========, readable by every benchmark tool), JSON lines (one chunk per line, for a retrieval index) and,
for a timed transcript, chapters ('4:05 label' lines, as video sites read them). Segments of a PDF carry their
pages, those of a transcript their start and end times. The CLI (`segment --to`) and the app's download buttons both
use these."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np

from .document import Document, clock, span_times, where
from .errors import InputError
from .formats import CHOI_SEPARATOR
from .methods import Segmentation

FORMATS = ("json", "csv", "choi", "jsonl", "chapters")


def _plain(o):
    if isinstance(o, np.integer):
        return int(o)
    if isinstance(o, np.floating):
        return float(o)
    if isinstance(o, np.ndarray):
        return o.tolist()
    return str(o)


def located(doc: Document, start: int, end: int) -> dict:
    """Where a segment is in the source: {'start_time', 'end_time'} (seconds) in a timed transcript, {'pages'} in a
    PDF, {} otherwise."""
    span = span_times(doc, start, end)
    if span is not None:
        return {"start_time": round(span[0], 3), "end_time": round(span[1], 3)}
    place = where(doc, start, end)
    return {"pages": place.removeprefix("p. ")} if place else {}


def to_json(doc: Document, seg: Segmentation, extra: dict | None = None, indent: int | None = 2) -> str:
    """The segmentation with its segments' text and place, the document's source, level and reference, and
    `extra`."""
    d = seg.to_dict(doc)
    for s in d["segments"]:
        s.update(located(doc, s["start"], s["end"]))
    d.update({"source": doc.source, "level": doc.level, "reference": doc.reference, **(extra or {})})
    return json.dumps(d, ensure_ascii=False, indent=indent, default=_plain)


def to_csv(doc: Document, seg: Segmentation) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    place = list(located(doc, 0, 1))
    w.writerow(["segment", "start", "end", *place, "text"])
    for i, ((a, b), text) in enumerate(zip(doc.segments(seg.boundaries), doc.segment_texts(seg.boundaries)), 1):
        w.writerow([i, a, b, *located(doc, a, b).values(), text])
    return buf.getvalue()


def to_choi(doc: Document, seg: Segmentation) -> str:
    """Choi's .ref format: one element per line (a segment's words on one line at word level), segments between
    lines of ==========, which open and close the file."""
    lines = [CHOI_SEPARATOR]
    for a, b in doc.segments(seg.boundaries):
        lines.extend([" ".join(doc.elements[a:b])] if doc.level == "word" else doc.elements[a:b])
        lines.append(CHOI_SEPARATOR)
    return "\n".join(lines) + "\n"


def to_jsonl(doc: Document, seg: Segmentation, top_terms: list[list[str]] | None = None) -> str:
    """One JSON object per segment (id, position, text, source, method, and its top terms when given)."""
    out = []
    for i, ((a, b), text) in enumerate(zip(doc.segments(seg.boundaries), doc.segment_texts(seg.boundaries))):
        rec = {"id": f"{Path(doc.source or 'document').stem}#{i + 1}", "chunk": i + 1, "start": a, "end": b,
               "n_elements": b - a, **located(doc, a, b), "level": doc.level, "text": text, "source": doc.source,
               "method": seg.method}
        if top_terms is not None and i < len(top_terms):
            rec["top_terms"] = list(top_terms[i])
        out.append(json.dumps(rec, ensure_ascii=False))
    return "\n".join(out) + "\n"


def check_timed(doc: Document) -> None:
    """InputError unless the document has times, as chapters need (check before segmenting it)."""
    if span_times(doc, 0, 1) is None:
        raise InputError("chapters need a timed transcript (captions: .srt, .vtt or .sbv; or a transcript as text with "
                         "its times, as Otter, Rev, Zoom or Teams export it)")


def to_chapters(doc: Document, seg: Segmentation, top_terms: list[list[str]] | None = None) -> str:
    """A transcript's segments as chapters, one '4:05 label' line each, the first at 0:00 (as video sites want it);
    the label is a segment's top terms when given, else its first words. InputError for an untimed document."""
    check_timed(doc)
    out = []
    for i, ((a, b), start) in enumerate(zip(doc.segments(seg.boundaries), _chapter_starts(doc, seg))):
        terms = top_terms[i] if top_terms is not None and i < len(top_terms) else []
        label = ", ".join(terms[:3]) if terms else " ".join(" ".join(doc.elements[a:b]).split()[:8])
        out.append(f"{clock(start)} {label}")
    return "\n".join(out) + "\n"


def _chapter_starts(doc: Document, seg: Segmentation) -> list[float]:
    """Each segment's start time in a timed transcript, the first at 0:00 (as video sites want it)."""
    return [0.0] + [span_times(doc, a, b)[0] for a, b in doc.segments(seg.boundaries)[1:]]


CHAPTERS_MIN, CHAPTER_SECONDS = 3, 10  # YouTube shows chapters only when there are 3 or more, each of 10 s or more


def chapter_problems(doc: Document, seg: Segmentation) -> str:
    """Why a video site would not show these chapters ('' when it would): fewer than CHAPTERS_MIN, or chapters
    shorter than CHAPTER_SECONDS between the whole-second times the lines show."""
    if span_times(doc, 0, 1) is None:
        return ""
    starts = [int(t) for t in _chapter_starts(doc, seg)]
    lengths = np.diff([*starts, span_times(doc, 0, doc.n)[1]])
    problems = []
    if len(starts) < CHAPTERS_MIN:
        problems.append(f"{len(starts)} chapters, fewer than {CHAPTERS_MIN}")
    short = [f"{i + 1} ({lengths[i]:.0f} s)" for i in np.flatnonzero(lengths < CHAPTER_SECONDS)]
    if short:
        problems.append(f"chapter{'s' * (len(short) > 1)} {', '.join(short[:5])}"
                        f"{f' and {len(short) - 5} more' if len(short) > 5 else ''} shorter than {CHAPTER_SECONDS} s")
    return ("video sites such as YouTube show chapters only when there are at least "
            f"{CHAPTERS_MIN}, each of {CHAPTER_SECONDS} s or more: " + "; ".join(problems)) if problems else ""


def export(doc: Document, seg: Segmentation, fmt: str, top_terms: list[list[str]] | None = None) -> str:
    """The segmentation in one of FORMATS."""
    if fmt == "json":
        return to_json(doc, seg)
    if fmt == "csv":
        return to_csv(doc, seg)
    if fmt == "choi":
        return to_choi(doc, seg)
    if fmt == "jsonl":
        return to_jsonl(doc, seg, top_terms)
    if fmt == "chapters":
        return to_chapters(doc, seg, top_terms)
    raise ValueError(f"unknown export format {fmt}; one of {FORMATS}")
