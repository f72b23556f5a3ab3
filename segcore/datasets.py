"""Benchmark datasets bundled under assets/datasets/ (gzip'd JSON lines): Choi (2000) subsets and Alemi &
Ginsparg's (2015) arXiv test set (see assets/datasets/PROVENANCE.md); a dataset or a reference corpus named by a
bundled name or a path."""
from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from .document import Document
from .errors import InputError
from .limits import LIMITS, Limits
from .folders import Reading, read_dataset
from .topicmodel import read_corpus

ROOT = Path(__file__).resolve().parent.parent / "assets" / "datasets"
FILES = {"choi/3-11": "choi_3-11.jsonl.gz", "choi/3-5": "choi_3-5.jsonl.gz", "choi/6-8": "choi_6-8.jsonl.gz",
         "choi/9-11": "choi_9-11.jsonl.gz", "arxiv": "arxiv.jsonl.gz"}
NAMES = tuple(FILES)


def is_named(name: str) -> bool:
    return name in FILES


@lru_cache(maxsize=8)
def _records(name: str) -> tuple[dict, ...]:
    if name not in FILES:
        raise InputError(f"unknown dataset '{name}'; bundled: {', '.join(NAMES)}")
    path = ROOT / FILES[name]
    if not path.is_file():
        raise InputError(f"bundled dataset file missing: {path}")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh)


def load_named(name: str, limit: int | None = None) -> list[Document]:
    """The documents of a bundled dataset, in their original file order (first `limit` only if given)."""
    recs = _records(name)[:limit]
    return [Document(r["elements"], r["reference"], level=r["level"], source=r["source"]) for r in recs]


def write_dataset(path: Path, docs) -> int:
    """Write documents as gzip'd JSON lines; returns how many."""
    n = 0
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as fh:
        for d in docs:
            fh.write(json.dumps({"source": d.source, "level": d.level, "elements": d.elements,
                                 "reference": d.reference}, ensure_ascii=False) + "\n")
            n += 1
    return n


def concatenate(docs: list[Document], source: str = "concatenation") -> Document:
    """One long document made of several, references joined (the growth tests: 2, 8, 29 Choi documents)."""
    elements, ref = [], []
    for d in docs:
        ref.extend(len(elements) + b for b in d.reference)
        elements.extend(d.elements)
    return Document(elements, ref, level=docs[0].level, source=source)


def load_dataset(name_or_path: str, format: str = "auto", level: str | None = None,
                 max_bytes: int | None = None, limits: Limits = LIMITS) -> Reading:
    """A bundled dataset by name, or the documents of a folder, zip or file (`folders.read_dataset`, within
    `limits`): a Reading (documents, one message per file that could not be read, the files skipped). InputError
    naming the bundled datasets for a path that does not exist."""
    if is_named(name_or_path):
        return Reading(load_named(name_or_path), [], {})
    if not Path(name_or_path).exists():  # a dataset's name mistyped, most likely: say which there are
        raise InputError(f"file not found: {str(name_or_path)[:200]} (nor a bundled dataset: {', '.join(NAMES)})")
    return read_dataset(name_or_path, format=format, level=level, max_bytes=max_bytes, limits=limits)


def segment_texts(docs: list[Document]) -> list[str]:
    """One text per reference segment (a whole document without a reference): single-topic texts to learn from."""
    out = []
    for d in docs:
        out.extend(d.segment_texts(d.reference) if d.reference else ["\n".join(d.elements)])
    return out


def corpus_texts(name_or_path: str) -> list[str]:
    """A reference corpus for methods that learn from one: a bundled dataset's reference segments, or the texts of
    a folder or file (`topicmodel.read_corpus`)."""
    if is_named(name_or_path):
        return segment_texts(load_named(name_or_path))
    return read_corpus(name_or_path)


def corpus_contains(texts: list[str], doc: Document) -> bool:
    """Whether a reference corpus holds the document's own text (a method that learnt from it would score flatteringly
    on it): most of three probes — its first, middle and last elements, those over 20 characters — occur in a text."""
    probes = [doc.elements[i] for i in sorted({0, doc.n // 2, doc.n - 1}) if len(doc.elements[i]) > 20]
    hits = sum(any(p in t for t in texts) for p in probes)
    return bool(probes) and hits * 2 > len(probes)


CORPORA = ("choi/3-11", "arxiv")  # bundled reference corpora, general English first


def honest_corpus(docs: list[Document], probes: int = 20) -> tuple[str, list[str]]:
    """(name, texts) of the first bundled reference corpus that holds none of the documents' own text (checked on up
    to `probes` of them, evenly spread): a method that learns from it is never scored on what it learnt from."""
    sample = [docs[i] for i in sorted({int(i) for i in np.linspace(0, len(docs) - 1, min(probes, len(docs)))})]
    for name in CORPORA:
        texts = corpus_texts(name)
        if not any(corpus_contains(texts, d) for d in sample):
            return name, texts
    raise InputError(f"every bundled reference corpus ({', '.join(CORPORA)}) holds these documents' text; give "
                     f"another one (a folder of .txt files)")
