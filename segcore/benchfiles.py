"""Benchmark files with their reference segmentation: Choi's .ref (one sentence a line, '==========' between
segments), Koshorek et al.'s Wiki-727K and Alemi & Ginsparg's arXiv files (segcore.loaders dispatches to them)."""
from __future__ import annotations

import re

from .document import Document, boundaries_from_lengths
from .errors import InputError, input_name
from .formats import ARXIV_SEPARATOR, CHOI_SEPARATOR, WIKI727_HEADER
from .limits import LIMITS, Limits
from .plaintext import lines_of
from .sentences import word_elements
from .structure import carried

__all__ = ["parse_choi", "parse_wiki727", "parse_arxiv", "choi_to_words", "REFERENCE_FORMATS"]


def parse_choi(text: str, source: str = "", limits: Limits = LIMITS) -> Document:
    """Choi .ref text: one sentence per line, segments separated by '==========' lines. Blank lines inside a segment
    mark paragraphs: then meta['paragraphs'] holds the line each paragraph starts at (a segment starts one)."""
    limits.check_text(text, input_name(source))
    return _separated(_lines(text), "choi", "Choi-format (.ref)", source, limits)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in lines_of(text)]


def _separated(lines: list[str], fmt: str, what: str, source: str, limits: Limits) -> Document:
    """A Document of stripped lines, one sentence each, segments separated by CHOI_SEPARATOR lines (a segment
    without a sentence merges into the next), paragraphs by blank lines (meta['paragraphs'])."""
    lengths, elements, current, starts, inside, blank = [], [], 0, [], False, False
    for line in lines:
        if line == CHOI_SEPARATOR:
            if current:
                lengths.append(current)
            current = 0
        elif line:
            if not current or blank:
                starts.append(len(elements))
                inside = inside or current > 0
            elements.append(line)
            current += 1
        blank = not line
    if current:
        lengths.append(current)
    if not elements:
        raise InputError(f"{input_name(source)}: no sentences found in this {what} file")
    limits.check_elements(len(elements), "sentence", input_name(source))
    meta = {"format": fmt, **({"paragraphs": starts} if inside else {})}
    return Document(elements=elements, reference=boundaries_from_lengths(lengths), level="sentence",
                    source=source, meta=meta)


_PLACEHOLDER = re.compile(r"^\*{3}[A-Za-z_]{1,20}\*{3}$")  # Wiki-727K's "***LIST***" where a list stood


def parse_wiki727(text: str, source: str = "", limits: Limits = LIMITS) -> Document:
    """Koshorek et al. (2018) Wiki-727K text (also their wiki_test_50 files): one sentence per line, each section
    opened by a line '========,LEVEL,TITLE.'; every section, at any level, is a segment (their evaluation);
    placeholder lines such as '***LIST***' are no sentences (meta['left_out']). Read as a Choi file whose
    separators are the section lines (`_separated`)."""
    limits.check_text(text, input_name(source))
    lines = _lines(text)
    kept = [CHOI_SEPARATOR if WIKI727_HEADER.match(line) else line for line in lines if not _PLACEHOLDER.match(line)]
    if CHOI_SEPARATOR not in kept:
        raise InputError(f"{input_name(source)}: not a Wiki-727K-format file: no line '========,LEVEL,TITLE.' opens a "
                         f"section")
    doc = _separated(kept, "wiki727", "Wiki-727K-format", source, limits)
    if placeholders := len(lines) - len(kept):
        doc.meta["left_out"] = {"placeholders": placeholders}
    return doc


REFERENCE_FORMATS = {"choi": parse_choi, "wiki727": parse_wiki727}  # one sentence a line, with a reference


def parse_arxiv(text: str, source: str = "", limits: Limits = LIMITS) -> Document:
    """Alemi & Ginsparg arXiv text: one line of word tokens, segments separated by the substring 'BR'."""
    limits.check_text(text, input_name(source))
    lengths, elements = [], []
    for part in text.split(ARXIV_SEPARATOR):
        tokens = part.split()
        if tokens:
            elements.extend(tokens)
            lengths.append(len(tokens))
    if not elements:
        raise InputError(f"{input_name(source)}: no words found in this arXiv-format file")
    limits.check_elements(len(elements), "word", input_name(source))
    return Document(elements=elements, reference=boundaries_from_lengths(lengths), level="word",
                    source=source, meta={"format": "arxiv"})


def choi_to_words(doc: Document) -> Document:
    """The same Choi document at word level: word_elements of each line, reference mapped to words."""
    elements, ends, seg_len, first = [], [], 0, []
    bounds = set(doc.reference or [])
    for i, line in enumerate(doc.elements, 1):
        first.append(len(elements))
        words = word_elements(line)
        elements.extend(words)
        seg_len += len(words)
        if i in bounds and seg_len:
            ends.append(len(elements))
            seg_len = 0
    if ends and ends[-1] != len(elements):  # trailing words after an empty mapped segment
        ends.append(len(elements))
    return Document(elements=elements, reference=ends, level="word", source=doc.source,
                    meta={**carried(doc.meta, first + [len(elements)]), "converted_from": "sentence"})
