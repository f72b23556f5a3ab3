"""Evaluate a method over a dataset of documents with reference segmentations."""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .document import Document
from .errors import InputError, SegcoreError
from .methods import get_method, segment
from .metrics import boundary_prf, pk, windowdiff
from .parallel import run_many
from .text import bags


@dataclass
class Task:
    doc: Document
    method: str
    params: dict
    k_from_reference: bool
    tolerance: int = 1
    context: dict | None = None


def evaluate_one(task: Task) -> dict:
    """Segment one document and score it against its reference; an error becomes a row with its message."""
    doc = task.doc
    row = {"path": doc.source, "n_elements": doc.n, "reference": doc.reference}
    t = time.perf_counter()
    try:
        k = len(doc.reference) if task.k_from_reference else None
        seg = segment(doc, task.method, k, context=task.context, **task.params)
    except SegcoreError as exc:
        row.update(error=str(exc), seconds=time.perf_counter() - t)
        return row
    p, r, f = boundary_prf(doc.reference, seg.boundaries, task.tolerance)
    row.update(hypothesis=seg.boundaries, pk=pk(doc.reference, seg.boundaries),
               windowdiff=windowdiff(doc.reference, seg.boundaries), precision=p, recall=r, f1=f,
               seconds=seg.seconds)
    return row


def dataset_idf_collection(docs: list[Document], params: dict) -> list[list[str]]:
    """One bag of words per document, preprocessed as `params` say: the collection for dataset-level idf."""
    return [[w for b in bags(d.elements, params.get("stopwords", "choi"), params.get("stem", False)) for w in b]
            for d in docs]


def evaluate_dataset(docs: list[Document], method: str, params: dict | None = None, k_from_reference: bool = True,
                     tolerance: int = 1, idf: str = "document", jobs: int = 1, scheduler: str | None = None,
                     progress=None, stop=None) -> dict:
    """Per-document rows and a summary (means of Pk, WindowDiff, F1, seconds per document)."""
    params = params or {}
    docs = [d for d in docs if d.reference is not None]
    if not docs:
        raise InputError("no document with a reference segmentation found")
    resolved = get_method(method).resolve(params)
    context = None
    if idf == "dataset":
        context = {"idf_collection": dataset_idf_collection(docs, resolved)}
    elif idf != "document":
        raise InputError(f"idf must be 'document' or 'dataset', got '{idf}'")
    tasks = [Task(d, method, params, k_from_reference, tolerance, context) for d in docs]
    rows = run_many(evaluate_one, tasks, jobs=jobs, scheduler=scheduler, progress=progress, stop=stop)
    return {"summary": summarize(rows), "documents": rows}


def summarize(rows: list[dict]) -> dict:
    ok = [r for r in rows if "error" not in r]
    mean = (lambda key: float(np.mean([r[key] for r in ok])) if ok else float("nan"))
    return {"documents": len(rows), "failed": len(rows) - len(ok), "pk": mean("pk"), "windowdiff": mean("windowdiff"),
            "f1": mean("f1"), "seconds_per_document": float(np.mean([r["seconds"] for r in rows])) if rows else 0.0}

