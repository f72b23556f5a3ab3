"""A segmentation written out: JSON (everything), CSV (one row per segment), Choi's .ref format (segments between
lines of ==========, readable by every benchmark tool) and JSON lines (one chunk per line, for a retrieval index).
The CLI (`segment --to`) and the app's download buttons both use these."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import numpy as np

from .document import Document
from .loaders import CHOI_SEPARATOR
from .methods import Segmentation

FORMATS = ("json", "csv", "choi", "jsonl")


def _plain(o):
    if isinstance(o, np.integer):
        return int(o)
    if isinstance(o, np.floating):
        return float(o)
    if isinstance(o, np.ndarray):
        return o.tolist()
    return str(o)


def to_json(doc: Document, seg: Segmentation, extra: dict | None = None, indent: int | None = 2) -> str:
    """The segmentation with its segments' text, the document's source, level and reference, and `extra`."""
    d = seg.to_dict(doc)
    d.update({"source": doc.source, "level": doc.level, "reference": doc.reference, **(extra or {})})
    return json.dumps(d, ensure_ascii=False, indent=indent, default=_plain)


def to_csv(doc: Document, seg: Segmentation) -> str:
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["segment", "start", "end", "text"])
    for i, ((a, b), text) in enumerate(zip(doc.segments(seg.boundaries), doc.segment_texts(seg.boundaries)), 1):
        w.writerow([i, a, b, text])
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
               "n_elements": b - a, "level": doc.level, "text": text, "source": doc.source, "method": seg.method}
        if top_terms is not None and i < len(top_terms):
            rec["top_terms"] = list(top_terms[i])
        out.append(json.dumps(rec, ensure_ascii=False))
    return "\n".join(out) + "\n"


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
    raise ValueError(f"unknown export format {fmt}; one of {FORMATS}")
