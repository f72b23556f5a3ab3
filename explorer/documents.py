"""Where the app's documents come from, each read once (st.cache_data) within the app's limits (explorer.settings):
the bundled samples, an uploaded or pasted text (segcore.loaders), the benchmark datasets of segcore.datasets or uploaded .ref files and .zip archives of them,
and the reference corpora that methods learning from one are given."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

from segcore import datasets, folders, loaders, structure
from segcore.budget import BudgetError, call
from segcore.document import (INLINE_BREAK, WRITTEN, Document, clock, level_noun, located, span_text, span_times,
                              where, written_end)
from segcore.errors import InputError
from segcore.formats import format_kind, format_name, sniff_format
from segcore.lightmarkup import EXTENSIONS as LIGHT_MARKUP
from segcore.limits import Limits

from . import settings
from .workers import session_runner

SAMPLES_DIR = Path(__file__).resolve().parent.parent / "assets" / "samples"
# a .doc: Word 97–2003, or RTF, HTML or text under that name
UPLOAD_TYPES = ["txt", "md", "rst", "tex", "pdf", "docx", "odt", "rtf", "doc", "pptx", "ppsx", "ppt", "pps", "odp",
                "html", "htm", "xhtml", "epub", "srt", "vtt", "sbv", "ref", "man", *"12345678", "gz", "bz2", "xz",
                *(e[1:] for exts in LIGHT_MARKUP.values() for e in exts)]  # Org, AsciiDoc
LARGE_N = 3000  # beyond this many elements, N×N methods get slow


def max_upload_mb() -> int:
    """The server's upload limit (server.maxUploadSize), in MB."""
    return int(st.get_option("server.maxUploadSize"))


# ---- samples ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sample:
    """A bundled document: its file under assets/samples, level, the K of its publication if any, and whether its
    publication cut it only between paragraphs."""

    key: str
    label: str
    file: str
    level: str
    k: int | None = None
    note: str = ""
    paragraphs: bool = True


SAMPLES = [
    Sample("choi-1_0", "Choi 3-11 · document 1_0 (reference known)", "choi_3-11_1_0.ref", "sentence",
           note="Ten excerpts of the Brown corpus glued together (Choi 2000); the reference marks the joins."),
    Sample("choi-2_7", "Choi 3-11 · document 2_7 (reference known)", "choi_3-11_2_7.ref", "sentence",
           note="Ten excerpts of the Brown corpus glued together (Choi 2000); the reference marks the joins."),
    Sample("arxiv-003", "arXiv test set · document 003 (reference known, words)", "arxiv_alemi2015_003.ref", "word",
           note="Alemi & Ginsparg's (2015) arXiv test set: ten pieces of papers, lower-cased word tokens (MIT)."),
    Sample("alemi-paper", "Alemi & Ginsparg 2015 paper text (their Fig. 4: words, K = 40)",
           "alemi_ginsparg_2015_paper.txt", "word", k=40, paragraphs=False,
           note="The paper's own text; their Fig. 4 cuts it into 40 segments at word level, any word may end one "
                "(MIT)."),
]
SAMPLE_BY_KEY = {s.key: s for s in SAMPLES}


# ---- one document ----------------------------------------------------------------------------------------------

def load_bytes(data: bytes, name: str, level: str, keep_back_matter: bool = False, run=call,
               speaker_notes: bool = False, limits: Limits | None = None) -> Document:
    """A Document from an uploaded file's bytes (.txt, .md, .pdf, .docx, .doc, .odt, .rtf, .pptx, .ppt, .odp, .html,
    .epub, captions .srt/.vtt/.sbv, a manual page, Choi or arXiv .ref; any of them gzip, bzip2 or xz compressed), read
    by `run(loaders.load, ...)` (a Runner: in a worker process under its budget). arXiv files have no sentences: they
    load at word level whatever is asked; slides read their speaker notes when `speaker_notes`. InputError beyond the
    upload limit, the app's limits (`limits`, else the settings' now), past the run's budget, or for a file loaders
    refuses."""
    limit = max_upload_mb()
    if len(data) > limit * 2**20:
        raise InputError(f"{name}: the file is {len(data) / 2**20:.1f} MB, more than the {limit} MB limit")
    fmt = sniff_format(data, name)
    return _read(run, data, name, limits, format=fmt, level="word" if fmt == "arxiv" else level,
                 keep_back_matter=keep_back_matter, speaker_notes=speaker_notes)


def _read(run, data: bytes, name: str, limits: Limits | None, **kwargs) -> Document:
    """run(loaders.load, data, ...) under the app's limits (_in_worker), the settings' now when not given."""
    return _in_worker(run, name, loaders.load, data, source=name, limits=limits or settings.limits(), **kwargs)


def _in_worker(run, name: str, fn, *args, **kwargs):
    """run(fn, ...): a read past the run's budget an InputError about `name` that says what to do."""
    try:
        return run(fn, *args, **kwargs)
    except BudgetError as e:
        if e.kind == "stopped":  # its tab has closed
            raise
        if e.kind == "busy":
            raise InputError(f"{name}: the server is busy with other long runs; try again in a minute") from None
        raise InputError(f"{name}: reading it took more {'time' if e.kind == 'time' else 'memory'} than a run may "
                         f"have here, and was stopped; split it, or use a shorter text") from None


@st.cache_data(max_entries=24, show_spinner=False)
def cached_load_bytes(key: str, _data: bytes, name: str, level: str, keep_back_matter: bool, speaker_notes: bool,
                      limits: Limits) -> Document:
    """load_bytes in one of the server's worker processes under the app's budget (a long PDF is many seconds of
    parsing, which must not hold the server's own process), cached under `key` (name, content digest and level) and
    the back-matter and speaker-notes choices and the limits (settings.limits(): a document read under other
    limits is read again)."""
    return load_bytes(_data, name, level, keep_back_matter, run=session_runner(), speaker_notes=speaker_notes,
                      limits=limits)


@st.cache_data(max_entries=24, show_spinner=False)
def cached_load_string(text: str, level: str, keep_back_matter: bool, limits: Limits) -> Document:
    """Pasted text as a Document, read in a worker process as uploads are, its format sniffed as a nameless file's
    (formats.sniff_format: plain text, or captions when it has timing lines, ...), cached with the limits it was
    read under."""
    return _read(session_runner(), text.encode("utf-8"), "pasted text", limits, level=level,
                 keep_back_matter=keep_back_matter)


@st.cache_data(max_entries=8, show_spinner=False)
def cached_load_sample(key: str, level: str, limits: Limits) -> Document:
    s = SAMPLE_BY_KEY[key]
    return load_bytes((SAMPLES_DIR / s.file).read_bytes(), s.file, level, limits=limits)


@dataclass
class DocState:
    """The document chosen in the sidebar (shared by Explore and Compare), or why there is none."""

    doc: Document | None = None
    key: str = ""            # identifies the content, level and reference, for the caches
    content: str = ""        # identifies the text loaded, whatever its level and reference
    text: str = ""           # identifies the text, whatever it is read with (the back matter, speaker notes)
    label: str = ""          # what the user loaded
    error: str | None = None
    notes: list[str] = field(default_factory=list)
    sample: str | None = None
    ref_error: str | None = None


# what the sidebar offers as the reference: the file's own, the document's structure (segcore.structure), none
FILE_REFERENCE, NO_REFERENCE = "the file's reference", "none"
_NOUNS = {"pdf": "paper", "latex": "paper", "html": "page", "epub": "book", "wiki": "article"}


def structure_labels(doc: Document) -> dict[str, str]:
    """What the document's own sections are called in the sidebar: 'the paper's sections' for a PDF, the page's, the
    book's, a wiki copy's article's (formats.format_kind) or the text's for the others, and '… and subsections'."""
    noun = _NOUNS.get(format_kind(doc.meta), "text")
    return {"sections": f"the {noun}'s sections", "subsections": f"the {noun}'s sections and subsections"}


def reference_options(doc: Document) -> list[str]:
    """The references the sidebar can offer for this document: its file's, its sections and subsections when its
    headings give boundaries at that depth (segcore.structure), or none."""
    outline = doc.meta.get("outline")
    options = [FILE_REFERENCE] if doc.reference else []
    if outline is not None:
        options += [label for name, label in structure_labels(doc).items()
                    if outline.starts(structure.depth_of(name))
                    and (name == "sections" or outline.starts(2) != outline.starts(1))]
    return options + [NO_REFERENCE]


def apply_reference(doc: Document, choice: str) -> Document:
    """The document with the reference chosen among reference_options."""
    for name, label in structure_labels(doc).items():
        if choice == label:
            return structure.with_structure(doc, name)
    return doc if choice == FILE_REFERENCE else dataclasses.replace(doc, reference=None)


def reference_name(doc: Document) -> str:
    """Where the document's reference comes from: 'the text's sections' (its headings), else 'taken from the file'."""
    source = doc.meta.get("reference_from")
    return structure_labels(doc).get(source, source) if source else "taken from the file"


def describe(doc: Document, stopwords: str = "choi") -> str:
    """One line: size, reference, format, PDF pages or recording length, where the headings come from, what reading
    left out, and a language other than English with how a method's `stopwords` read it (loaders.left_out_notes)."""
    s = f"{doc.n:,} {level_noun(doc.level, doc.n)}"
    if doc.reference:
        s += f" · reference: {len(doc.reference)} segments"
        if doc.meta.get("reference_from"):
            s += f" ({reference_name(doc)})"
    if fmt := format_name(doc.meta):
        s += f" · format: {fmt}"
    if doc.meta.get("pages"):
        s += f" · {doc.meta['pages']} PDF pages"
    if doc.meta.get("duration"):
        s += f" · {clock(doc.meta['duration'])} of recording"
    if doc.meta.get("toc_headings"):
        s += f" · {doc.meta['toc_headings']} chapter headings from its table of contents"
    marks = doc.meta.get("bookmarks") or {}
    if marks.get("located"):
        s += f" · headings from its bookmarks ({marks['located']} of {marks['entries']} found in the text)"
    return " · ".join([s, *loaders.left_out_notes(doc, stopwords)])


def preview_rows(doc: Document, limit: int = 12) -> list[dict]:
    """The first elements as the segmenter sees them (words in rows of 40 to 80, as the text writes them when
    it is known: meta['written'], INLINE_BREAK where a heading or paragraph opens), reference boundaries marked;
    where each row begins in the source when that is known: a recording's time (written as the Segments table's), a
    PDF's page. A row of words ends where a written word does (document.written_end: 'AI-assisted' is not cut)."""
    ref, step, written = set(doc.reference or []), 40 if doc.level == "word" else 1, doc.meta.get(WRITTEN)
    rows, a = [], 0
    while a < doc.n and len(rows) < limit:
        b = min(doc.n, a + step)
        b = written_end(written, b, b + step) if written else b
        row = {"words": f"{a}–{b - 1}"} if step > 1 else {"sentence": str(a)}
        if located(doc):
            span = span_times(doc, a, b)
            row["where"] = clock(span[0]) if span else where(doc, a, b)
        row["text"] = (span_text(doc.elements, a, b, doc.level, written,
                                 paragraphs=doc.meta.get("paragraphs"), block=INLINE_BREAK) if step > 1
                       else doc.elements[a] + ("   ▮ reference boundary after" if b in ref and b < doc.n else ""))
        rows.append(row)
        a = b
    return rows


# ---- datasets and reference corpora -------------------------------------------------------------------------------

SAMPLES_SET = "Bundled samples (2 Choi + 1 arXiv document)"


@st.cache_data(max_entries=6, show_spinner=False)
def cached_dataset(name: str) -> list[Document]:
    """A bundled dataset of segcore.datasets, or (SAMPLES_SET) the samples that have a reference."""
    if name == SAMPLES_SET:
        return [d for d in (cached_load_sample(s.key, s.level, settings.limits()) for s in SAMPLES) if d.reference]
    return datasets.load_named(name)


def read_reference_files(files: list[tuple[str, bytes]], run=call) -> tuple[list[Document], list[str], str]:
    """Documents with a reference from uploaded .ref files and .zip archives of them (segcore.folders.read_files,
    called by `run` as load_bytes reads), one message per file that cannot be used, a document without a reference
    included, and the note on the files that are no documents (folders.skipped_note; '' for none)."""
    docs, problems, skipped = _in_worker(run, "the uploaded files", folders.read_files, files,
                                         max_bytes=4 * max_upload_mb() * 2**20, limits=settings.limits())
    problems += [f"{d.source}: no reference segmentation in it (plain text), skipped" for d in docs if not d.reference]
    return [d for d in docs if d.reference], problems, folders.skipped_note(skipped)


@st.cache_data(max_entries=4, show_spinner=False)
def cached_reference_files(files: list[tuple[str, bytes]]) -> tuple[list[Document], list[str], str]:
    """read_reference_files in one of the server's worker processes under the app's budget, as Explore's uploads."""
    return read_reference_files(files, run=session_runner())


def corpus_options() -> list[str]:
    """The reference corpora a method can learn from: the bundled datasets and the samples."""
    return [*datasets.NAMES, SAMPLES_SET]


@st.cache_data(max_entries=4, show_spinner=False)
def cached_corpus(name: str) -> list[str]:
    """One text per reference segment of a corpus option (single-topic texts to learn from)."""
    return datasets.segment_texts(cached_dataset(name)) if name == SAMPLES_SET else datasets.corpus_texts(name)
