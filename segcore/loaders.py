"""Turn texts, PDFs and benchmark files (Choi .ref, Alemi & Ginsparg arXiv) into Documents, offline.

Every failure is an InputError or ParameterError with a message meant for the user: decoding and
PDF-parser errors never escape raw. Nothing here downloads anything (no ``nltk.download``).
"""
from __future__ import annotations

import functools
import io
import logging
import math
import re
import statistics
import sys
import unicodedata
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Iterator, Union

from .document import Document, boundaries_from_lengths
from .errors import InputError, ParameterError

__all__ = [
    "split_sentences", "sentence_splitter_kind", "word_elements", "read_text_bytes", "read_arxiv_bytes",
    "load_text", "load_pdf", "load_pdf_document", "parse_choi", "parse_arxiv", "load", "iter_dataset",
    "FORMATS", "LEVELS",
]

FORMATS = ("auto", "text", "pdf", "choi", "arxiv")
LEVELS = ("sentence", "word")
CHOI_SEPARATOR = "=" * 10
ARXIV_SEPARATOR = "BR"

PathLike = Union[str, Path]

# --------------------------------------------------------------------------------------------------
# Sentences and words
# --------------------------------------------------------------------------------------------------

# Lower-case, without the final period, as Punkt stores them in params.abbrev_types. Words that often
# end a sentence are left out (no "sat", "sun", "wed", "may"): Punkt would then fail to split after them.
ABBREVIATIONS = frozenset("""
mr mrs ms messrs dr prof hon gen gov sen capt lt sgt cmdr adm supt sr jr st mt ft
vs etc e.g i.e cf viz al approx appx
fig figs eq eqs sec secs ch chs ref refs no nos vol vols pp p ed eds
jan feb mar apr jun jul aug sep sept oct nov dec tues thurs
inc ltd co corp bros assn dept univ inst assoc natl intl ave blvd
a.m p.m u.s u.k u.n u.s.a ph.d m.d b.a m.a b.sc m.sc d.c
""".split())

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\f\v]*\n")


@functools.lru_cache(maxsize=1)
def _pretrained_punkt():
    """The installed pretrained English Punkt model, or None (the usual offline case)."""
    from nltk import data as nltk_data
    from nltk.tokenize import punkt

    for resource in ("tokenizers/punkt_tab/english/", "tokenizers/punkt"):
        try:
            nltk_data.find(resource)
        except LookupError:
            continue
        try:
            if "punkt_tab" in resource:
                tok = punkt.PunktTokenizer("english")
            else:
                tok = nltk_data.load("tokenizers/punkt/english.pickle")
            tok._params.abbrev_types.update(ABBREVIATIONS)
            return tok
        except Exception:  # a broken or unreadable model: fall back to training on the text
            continue
    return None


def sentence_splitter_kind() -> str:
    """'punkt-pretrained' if NLTK's English Punkt tables are installed, else 'punkt-trained-on-text'."""
    return "punkt-pretrained" if _pretrained_punkt() is not None else "punkt-trained-on-text"


def _punkt_for(text: str):
    tok = _pretrained_punkt()
    if tok is not None:
        return tok
    from nltk.tokenize.punkt import PunktSentenceTokenizer, PunktTrainer

    trainer = PunktTrainer()
    trainer.train(text, finalize=False)
    trainer.finalize_training()
    params = trainer.get_params()
    # On one document Punkt also "learns" ordinary words seen before a period and a lower-case word
    # (e.g. "concepts. arXiv preprint" in a reference list): keep only short or dotted ones.
    params.abbrev_types = {a for a in params.abbrev_types if "." in a or len(a) <= 4} | ABBREVIATIONS
    return PunktSentenceTokenizer(params)


def split_sentences(text: str) -> list[str]:
    """Sentences of a text (NLTK Punkt; blank lines are hard breaks; inner whitespace collapsed)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = [p for p in _PARAGRAPH_BREAK.split(text) if p.strip()]
    if not paragraphs:
        return []
    tok = _punkt_for("\n\n".join(paragraphs))
    out = []
    for para in paragraphs:
        for sent in tok.tokenize(para.strip()):
            sent = " ".join(sent.split())
            if sent:
                out.append(sent)
    return out


_NON_WORD = re.compile(r"([^\w\s])")


def word_elements(text: str) -> list[str]:
    """Alemi & Ginsparg (2015) word elements: lower-cased, every non-alphanumeric char (not _) a token."""
    text = unicodedata.normalize("NFC", text).lower()
    return _NON_WORD.sub(r" \1 ", text).split()


# --------------------------------------------------------------------------------------------------
# Bytes -> str
# --------------------------------------------------------------------------------------------------

def _name(source: str) -> str:
    return source or "the input"


def _looks_binary(data: bytes) -> bool:
    return b"\x00" in data


def _binary_error(data: bytes, source: str) -> InputError:
    hint = ""
    if data.lstrip()[:5] == b"%PDF-":
        hint = " (it is a PDF: load it with format='pdf')"
    elif data[:4] == b"PK\x03\x04":
        hint = " (it is a zip archive: use iter_dataset() for a zip of .ref files)"
    return InputError(f"{_name(source)}: looks like a binary file, not text{hint}")


def read_text_bytes(data: bytes, source: str = "") -> str:
    """Decode UTF-8 text (BOM stripped; UTF-16 with a BOM also accepted) or raise a readable InputError."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") and not data.startswith(b"\xff\xfe\x00\x00"):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass  # not really UTF-16: report it below
    if data.lstrip()[:5] == b"%PDF-":
        raise _binary_error(data, source)
    if _looks_binary(data):
        raise _binary_error(data, source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        bad = data[e.start:e.start + 4]
        raise InputError(
            f"{_name(source)}: not UTF-8 text: invalid byte {bad[:1]!r} at byte offset {e.start} (line {line}); "
            f"convert the file to UTF-8 first (e.g. iconv -f latin1 -t utf-8)") from None
    return text[1:] if text.startswith("\ufeff") else text


def read_arxiv_bytes(data: bytes, source: str = "") -> str:
    """Decode an Alemi arXiv file: UTF-8 with errors='replace' (16 of the 500 files are not valid UTF-8)."""
    if _looks_binary(data):
        raise _binary_error(data, source)
    text = data.decode("utf-8", errors="replace")
    return text[1:] if text.startswith("\ufeff") else text


# --------------------------------------------------------------------------------------------------
# Plain text
# --------------------------------------------------------------------------------------------------

def _check_level(level) -> str:
    if level not in LEVELS:
        raise ParameterError(f"level must be 'sentence' or 'word', not {level!r}")
    return level


def load_text(text: str, level: str = "sentence", source: str = "") -> Document:
    """A Document of the sentences (or words) of a plain text, without a reference segmentation."""
    _check_level(level)
    if not isinstance(text, str):
        raise InputError(f"{_name(source)}: expected text (str), got {type(text).__name__}")
    if not text.strip():
        raise InputError(f"{_name(source)}: no text found (empty or whitespace only)")
    if level == "sentence":
        elements = split_sentences(text)
        if len(elements) < 2:
            raise InputError(
                f"{_name(source)}: only one sentence found, nothing to segment at sentence level; "
                f"use level='word' to segment it into word sequences")
        meta = {"format": "text", "sentence_splitter": sentence_splitter_kind()}
    else:
        elements = word_elements(text)
        if len(elements) < 2:
            raise InputError(f"{_name(source)}: only one word found, nothing to segment")
        meta = {"format": "text"}
    return Document(elements=elements, reference=None, level=level, source=source, meta=meta)


# --------------------------------------------------------------------------------------------------
# Benchmark formats
# --------------------------------------------------------------------------------------------------

def parse_choi(text: str, source: str = "") -> Document:
    """Choi .ref text: one sentence per line, segments separated by '==========' lines."""
    lengths, elements, current = [], [], 0
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = raw.strip()
        if line == CHOI_SEPARATOR:
            if current:
                lengths.append(current)
            current = 0
        elif line:
            elements.append(line)
            current += 1
    if current:
        lengths.append(current)
    if not elements:
        raise InputError(f"{_name(source)}: no sentences found in this Choi-format (.ref) file")
    return Document(elements=elements, reference=boundaries_from_lengths(lengths), level="sentence",
                    source=source, meta={"format": "choi"})


def parse_arxiv(text: str, source: str = "") -> Document:
    """Alemi & Ginsparg arXiv text: one line of word tokens, segments separated by the substring 'BR'."""
    lengths, elements = [], []
    for part in text.split(ARXIV_SEPARATOR):
        tokens = part.split()
        if tokens:
            elements.extend(tokens)
            lengths.append(len(tokens))
    if not elements:
        raise InputError(f"{_name(source)}: no words found in this arXiv-format file")
    return Document(elements=elements, reference=boundaries_from_lengths(lengths), level="word",
                    source=source, meta={"format": "arxiv"})


def choi_to_words(doc: Document) -> Document:
    """The same Choi document at word level: word_elements of each line, reference mapped to words."""
    elements, ends, seg_len = [], [], 0
    bounds = set(doc.reference or [])
    for i, line in enumerate(doc.elements, 1):
        words = word_elements(line)
        elements.extend(words)
        seg_len += len(words)
        if i in bounds and seg_len:
            ends.append(len(elements))
            seg_len = 0
    if ends and ends[-1] != len(elements):  # trailing words after an empty mapped segment
        ends.append(len(elements))
    return Document(elements=elements, reference=ends, level="word", source=doc.source,
                    meta={**doc.meta, "converted_from": "sentence"})


# --------------------------------------------------------------------------------------------------
# PDF
# --------------------------------------------------------------------------------------------------

@dataclass
class _Line:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float


@dataclass
class _Box:
    lines: list
    x0: float
    y0: float
    x1: float
    y1: float
    size: float = 0.0
    column: int = 0  # 0 single/spanning, 1 left, 2 right
    footnote: bool = False


@dataclass
class _Para:
    lines: list = field(default_factory=list)
    size: float = 0.0
    footnote: bool = False
    top: float = 0.0  # y1 of the first line
    bottom: float = 0.0  # y0 of the last line
    column: int = 0


_CID = re.compile(r"\(cid:\d+\)")
_PAGE_NUMBER = re.compile(r"^(?:page\s+)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$", re.I)
_ROMAN = re.compile(r"^[ivxlcdm]{1,6}$", re.I)
_SENTENCE_END = re.compile(r"[.!?:;][\"'”’)\]]*\d{0,2}$")
_CAPTION = re.compile(r"^(?:Figure|Fig\.|Table|Algorithm|Listing)\s*\d+[.:]")
_LETTERS = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def _clean_line(s: str) -> str:
    s = unicodedata.normalize("NFKC", _CID.sub("", s))
    s = s.replace("\u00ad", "\x00SHY")  # soft hyphen: only meaningful at a line end
    s = " ".join(s.split())
    if s.endswith("\x00SHY"):
        s = s[:-4] + "\u00ad"
    return s.replace("\x00SHY", "")


def _pdf_bytes(data, source: str) -> tuple[bytes, str]:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data), source
    if isinstance(data, (str, Path)):
        p = Path(data)
        return _read_file(p), source or str(data)
    raise InputError(f"{_name(source)}: expected PDF bytes or a file path, got {type(data).__name__}")


def _pdf_layout(data: bytes, source: str) -> list[list[_Box]]:
    """Text boxes of each page (upright text only), with font sizes, via pdfminer.six."""
    try:
        from pdfminer.high_level import extract_pages
        from pdfminer.layout import LAParams, LTChar, LTTextBox, LTTextLine
    except ImportError:  # pragma: no cover - pdfminer.six is a requirement
        from .errors import MissingDependencyError
        raise MissingDependencyError("reading PDFs needs pdfminer.six: pip install pdfminer.six") from None

    def line_of(obj) -> _Line | None:
        chars = [c for c in obj if isinstance(c, LTChar)]
        if chars and sum(1 for c in chars if c.upright) * 2 < len(chars):
            return None  # rotated text, e.g. arXiv's vertical stamp in the margin
        size = statistics.median(c.size for c in chars) if chars else 0.0
        base = statistics.median(c.y0 for c in chars) if chars else 0.0
        parts, last, in_marker = [], "", False
        for o in obj:
            t = o.get_text()
            # footnote markers: small raised digits after punctuation or at a line start ("writing.1 The")
            if (isinstance(o, LTChar) and (t.isdigit() or (in_marker and t == ","))
                    and o.size < 0.85 * size and o.y0 > base + 0.15 * size
                    and (in_marker or not last or not last.isalnum())):
                in_marker = True
                continue
            in_marker = False
            parts.append(t)
            if t.strip():
                last = t.strip()[-1]
        text = _clean_line("".join(parts))
        if not text:
            return None
        return _Line(text, obj.x0, obj.y0, obj.x1, obj.y1, size)

    pages = []
    log = logging.getLogger("pdfminer")
    old_level = log.level
    log.setLevel(logging.ERROR)  # pdfminer warns about harmless oddities on stderr
    try:
        for page in extract_pages(io.BytesIO(data), laparams=LAParams()):
            boxes = []
            for el in page:
                if isinstance(el, LTTextBox):
                    lines = [ln for ln in (line_of(o) for o in el if isinstance(o, LTTextLine)) if ln]
                elif isinstance(el, LTTextLine):
                    lines = [ln] if (ln := line_of(el)) else []
                else:  # figures, images, drawings: labels inside figures are not running text
                    continue
                if lines:
                    sizes = [ln.size for ln in lines]
                    boxes.append(_Box(lines, min(ln.x0 for ln in lines), min(ln.y0 for ln in lines),
                                      max(ln.x1 for ln in lines), max(ln.y1 for ln in lines),
                                      statistics.median(sizes)))
            pages.append((page.width, page.height, boxes))
    except Exception as e:
        name = type(e).__name__
        if "Password" in name or "Encrypt" in name:
            raise InputError(f"{_name(source)}: the PDF is encrypted (password-protected); "
                             f"save an unprotected copy first") from e
        raise InputError(f"{_name(source)}: damaged PDF (truncated or corrupted?): the PDF parser "
                         f"failed with {name}: {e}") from e
    finally:
        log.setLevel(old_level)
    return [_order_boxes(boxes, w, h) for w, h, boxes in pages]


def _order_boxes(boxes: list[_Box], width: float, height: float) -> list[_Box]:
    """Reading order: top to bottom; two-column pages column by column within bands of wide boxes."""
    mid, tol = width / 2, width * 0.02
    for b in boxes:
        if b.x1 <= mid + tol:
            b.column = 1
        elif b.x0 >= mid - tol:
            b.column = 2
        else:
            b.column = 0
    def side_by_side(col, other):  # text of column `col` that has text of `other` at the same height
        return sum(sum(len(ln.text) for ln in b.lines) for b in boxes if b.column == col and any(
            o.column == other and o.y0 < b.y1 and b.y0 < o.y1 for o in boxes))

    if side_by_side(1, 2) < 100 or side_by_side(2, 1) < 100:  # single column
        for b in boxes:
            b.column = 0
        return sorted(boxes, key=lambda b: (-round(b.y1), b.x0))
    spans = sorted((b for b in boxes if b.column == 0), key=lambda b: -b.y1)
    centres = [(s.y0 + s.y1) / 2 for s in spans]

    def key(b):
        if b.column == 0:
            return (spans.index(b), 2, 0.0)
        c = (b.y0 + b.y1) / 2
        band = sum(1 for sc in centres if sc > c)
        return (band, b.column, -b.y1)

    return sorted(boxes, key=key)


def _mark_footnotes(pages: list[list[_Box]], body_size: float) -> None:
    """Small-print boxes below all body text of their column in the lower half of a page: footnotes."""
    for boxes in pages:
        if not boxes:
            continue
        height = max(b.y1 for b in boxes)
        for b in boxes:
            if b.size > 0.85 * body_size or b.y1 > 0.5 * height:
                continue
            same_col = [o for o in boxes if o.column == b.column and o.size > 0.85 * body_size]
            if same_col and all(o.y0 >= b.y1 - 1 for o in same_col):
                b.footnote = True


def _norm_key(s: str) -> str:
    return " ".join(re.sub(r"\d+", "#", s.lower()).split())


def _remove_page_furniture(pages: list[list[_Box]]) -> None:
    """Drop page-number lines and running headers/footers (edge lines repeated on >= half the pages)."""
    npages = len(pages)
    edge_keys: list[set] = []
    page_keys: list[set] = []
    edges: list[set] = []
    for boxes in pages:
        lines = sorted((ln for b in boxes for ln in b.lines), key=lambda ln: -ln.y1)
        edge = set(map(id, lines[:3] + lines[-3:]))
        edges.append(edge)
        keys = {_norm_key(ln.text) for ln in lines if id(ln) in edge}
        edge_keys.append(keys)
        # a running head often repeats the title, which page 1 prints over several lines
        page_keys.append(keys | {_norm_key(" ".join(ln.text for ln in b.lines)) for b in boxes})
    repeated = set()
    if npages >= 2:
        counts = Counter(k for keys in page_keys for k in keys)
        odd = Counter(k for i, keys in enumerate(page_keys) if i % 2 == 0 for k in keys)
        even = Counter(k for i, keys in enumerate(page_keys) if i % 2 == 1 for k in keys)
        n_odd, n_even = math.ceil(npages / 2), npages // 2
        for keys in edge_keys:
            for k in keys:
                c = counts[k]
                if c >= 2 and (c * 2 >= npages or odd[k] * 2 >= n_odd >= 2 or even[k] * 2 >= n_even >= 2):
                    repeated.add(k)
    for boxes, edge in zip(pages, edges):
        for b in boxes:
            kept = []
            for ln in b.lines:
                t = ln.text.strip("-–— ")
                if _PAGE_NUMBER.match(t) or (id(ln) in edge and _ROMAN.match(t)):
                    continue
                if id(ln) in edge and _norm_key(ln.text) in repeated:
                    continue
                kept.append(ln)
            b.lines = kept


def _split_paragraphs(box: _Box, body_size: float) -> list[_Para]:
    """Split a text box at short lines (a paragraph's last line, a heading) and indented first lines."""
    paras, cur = [], []
    width = max((ln.x1 - ln.x0) for ln in box.lines)
    heading = box.size > 1.1 * body_size  # a title set over several lines stays one paragraph
    for i, ln in enumerate(box.lines):
        if cur and not heading:
            prev = box.lines[i - 1]
            starts_lower = ln.text[:1].islower()
            short = (prev.x1 - prev.x0) < 0.75 * width and not prev.text.endswith(("-", "\u00ad"))
            indented = ln.x0 > box.x0 + 6 and _SENTENCE_END.search(prev.text) and prev.x0 <= box.x0 + 2
            if not starts_lower and (short or indented):
                paras.append(cur)
                cur = []
        cur.append(ln)
    if cur:
        paras.append(cur)
    return [_Para([ln.text for ln in p], statistics.median(ln.size for ln in p), box.footnote, p[0].y1, p[-1].y0,
                  box.column)
            for p in paras]


class _Joiner:
    """Join line ends: re-join hyphenated words (using the document's own vocabulary), else a space."""

    def __init__(self, all_lines: list[str]):
        self.words, self.compounds = set(), set()
        for line in all_lines:
            for w in _LETTERS.findall(line.lower()):
                (self.compounds if "-" in w else self.words).add(w)
                self.words.update(w.split("-"))

    def join(self, left: str, right: str) -> str:
        if not left:
            return right
        if not right:
            return left
        if left.endswith("\u00ad"):
            return left[:-1] + right
        m = re.search(r"([^\W\d_]+)-$", left)
        if m and not left.endswith(" -"):
            head = re.match(r"[^\W\d_]+", right)
            if not right[:1].islower() or not head:
                return left + right  # a real compound such as "Real-World", "COVID-19"
            a, b = m.group(1).lower(), head.group(0).lower()
            if (a + b) not in self.words and f"{a}-{b}" in self.compounds:
                return left + right  # "evidence-based" seen elsewhere in the document
            return left[:-1] + right  # "seg-mentation" -> "segmentation"
        if left.endswith(("—", "–")) and not left.endswith((" —", " –")):
            return left + right
        return left + " " + right


def _assemble(pages: list[list[_Box]], body_size: float) -> list[str]:
    """Paragraph texts in reading order; paragraphs broken by a column/page end are re-joined."""
    all_lines = [ln.text for boxes in pages for b in boxes for ln in b.lines]
    joiner = _Joiner(all_lines)
    out: list[list] = []  # [text, para, page] of body paragraphs and flushed footnotes
    pending: list[str] = []  # footnotes wait until the paragraph they interrupt is finished
    for pageno, boxes in enumerate(pages):
        for box in boxes:
            if not box.lines:
                continue
            for para in _split_paragraphs(box, body_size):
                text = functools.reduce(joiner.join, para.lines, "")
                if not text:
                    continue
                if para.footnote or _CAPTION.match(text):  # floats: do not let them cut a sentence
                    pending.append(text)
                    continue
                if out and out[-1][1] is not None:
                    prev, pp, ppage = out[-1]
                    # a heading set as two boxes, e.g. "2 CHARACTERIZING EXPOSITORY" / "WRITING"
                    heading = (pp.size > 1.1 * body_size and abs(pp.size - para.size) < 0.3 and ppage == pageno
                               and pp.column == para.column and 0 <= pp.bottom - para.top < 1.0 * para.size)
                    cont = not _SENTENCE_END.search(prev) and (
                        text[:1].islower() or prev.endswith((",", "-", "\u00ad")) or heading)
                    if cont:
                        out[-1][0] = joiner.join(prev, text)
                        continue
                out.extend([p, None, None] for p in pending)
                pending.clear()
                out.append([text, para, pageno])
    out.extend([p, None, None] for p in pending)
    return [t for t, _, _ in out]


def _pdf_to_text(data: bytes, source: str) -> tuple[str, int]:
    head = data[:1024].lstrip()
    if not head.startswith(b"%PDF"):
        what = "it is empty" if not data.strip() else "it does not start with %PDF"
        raise InputError(f"{_name(source)}: not a PDF file ({what})")
    pages = _pdf_layout(data, source)
    sizes = Counter()
    for boxes in pages:
        for b in boxes:
            for ln in b.lines:
                sizes[round(ln.size * 2) / 2] += len(ln.text)
    if not any(re.search(r"\w", ln.text) for boxes in pages for b in boxes for ln in b.lines):
        raise InputError(
            f"{_name(source)}: the PDF has no text layer (is it a scanned document?): "
            f"run OCR on it first (e.g. ocrmypdf) and load the result")
    body_size = sizes.most_common(1)[0][0] if sizes else 10.0
    _mark_footnotes(pages, body_size)
    saved = [[list(b.lines) for b in boxes] for boxes in pages]
    _remove_page_furniture(pages)
    paragraphs = _assemble(pages, body_size)
    if not any(re.search(r"\w", p) for p in paragraphs):  # everything looked like furniture: keep it all
        for boxes, lines in zip(pages, saved):
            for b, ls in zip(boxes, lines):
                b.lines = ls
        paragraphs = _assemble(pages, body_size)
    return "\n\n".join(paragraphs) + "\n", len(pages)


def load_pdf(data: bytes | PathLike, source: str = "") -> str:
    """Cleaned text of a PDF: ligatures, hyphenation, page numbers and running headers fixed."""
    data, source = _pdf_bytes(data, source)
    return _pdf_to_text(data, source)[0]


def load_pdf_document(data: bytes | PathLike, level: str = "sentence", source: str = "") -> Document:
    """A Document from a PDF's text layer (see load_pdf), split into sentences or words."""
    _check_level(level)
    data, source = _pdf_bytes(data, source)
    text, npages = _pdf_to_text(data, source)
    doc = load_text(text, level=level, source=source)
    doc.meta.update({"format": "pdf", "pages": npages})
    return doc


# --------------------------------------------------------------------------------------------------
# Files, auto-detection, datasets
# --------------------------------------------------------------------------------------------------

def _read_file(path: Path) -> bytes:
    try:
        exists = path.exists()
    except (OSError, ValueError):  # a name too long or with a NUL byte: surely text passed as a path
        exists = False
    if not exists:
        hint = ""
        s = str(path)
        if "\n" in s or len(s) > 200 or "\x00" in s:
            hint = " (to segment a string of text, use load_text())"
        raise InputError(f"file not found: {s[:200]}{hint}")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a file (use iter_dataset() for a folder of files)")
    try:
        return path.read_bytes()
    except OSError as e:
        raise InputError(f"{path}: cannot read the file ({e.strerror or e})") from None


def _has_separator_line(text: str) -> bool:
    return any(line.strip() == CHOI_SEPARATOR for line in text.splitlines())


def sniff_format(data: bytes, name: str) -> str:
    """Format of a file from its name and content."""
    ext = Path(name).suffix.lower() if name else ""
    if data[:1024].lstrip().startswith(b"%PDF") or ext == ".pdf":
        return "pdf"
    if ext == ".ref":
        text = data.decode("utf-8", errors="replace")
        if not _has_separator_line(text) and ARXIV_SEPARATOR in text:
            return "arxiv"
        return "choi"
    if not ext:  # nameless input (bytes, stdin): a Choi file is recognisable by its separator lines
        text = data.decode("utf-8", errors="replace")
        if _has_separator_line(text):
            return "choi"
    return "text"


def _load_data(data: bytes, name: str, format: str, level: str | None, source: str) -> Document:
    if format not in FORMATS:
        raise ParameterError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")
    if level is not None:
        _check_level(level)
    if format == "auto":
        format = sniff_format(data, name)
    if format == "pdf":
        return load_pdf_document(data, level=level or "sentence", source=source)
    if format == "text":
        return load_text(read_text_bytes(data, source), level=level or "sentence", source=source)
    if format == "choi":
        doc = parse_choi(read_text_bytes(data, source), source=source)
        return choi_to_words(doc) if level == "word" else doc
    # arxiv
    if level == "sentence":
        raise ParameterError("arXiv (Alemi & Ginsparg) files have no sentence boundaries: use level='word'")
    text = read_arxiv_bytes(data, source)
    doc = parse_arxiv(text, source=source)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        doc.meta["invalid_utf8_replaced"] = text.count("\ufffd")
    return doc


def load(path_or_bytes: PathLike | bytes, format: str = "auto", level: str | None = None,
         source: str | None = None) -> Document:
    """Load a file path, raw bytes or '-' (stdin) as a Document; format auto-detected by default."""
    if format not in FORMATS:
        raise ParameterError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")
    if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
        data, name, default = bytes(path_or_bytes), "", "<bytes>"
    elif isinstance(path_or_bytes, str) and path_or_bytes == "-":
        stdin: BinaryIO = getattr(sys.stdin, "buffer", sys.stdin)
        data = stdin.read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        name, default = "", "<stdin>"
    elif isinstance(path_or_bytes, (str, Path)):
        path = Path(path_or_bytes)
        data, name, default = _read_file(path), path.name, str(path_or_bytes)
    else:
        raise InputError(f"expected a file path, bytes or '-', got {type(path_or_bytes).__name__}")
    return _load_data(data, name, format, level, source if source is not None else default)


_PATTERNS = {"auto": (".ref", ".txt", ".pdf"), "text": (".txt",), "pdf": (".pdf",),
             "choi": (".ref",), "arxiv": (".ref",)}


def _natural_key(name: str):
    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.split(r"(\d+)", name) if t]


def _skipped(parts) -> bool:
    return any(p.startswith(".") or p == "_meta" or p == "__MACOSX" for p in parts)


def iter_dataset(path: PathLike, format: str = "auto", level: str | None = None) -> Iterator[Document]:
    """Documents of every .ref/.txt/.pdf file under a folder (recursive, natural order), a zip, or one file."""
    if format not in FORMATS:
        raise ParameterError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")
    if level is not None:
        _check_level(level)
    root = Path(path)
    exts = _PATTERNS[format]
    if not root.exists():
        raise InputError(f"file not found: {root}")
    if root.is_dir():
        files = [p for p in root.rglob("*")
                 if p.is_file() and p.suffix.lower() in exts and not _skipped(p.relative_to(root).parts)]
        files.sort(key=lambda p: _natural_key(p.relative_to(root).as_posix()))
        if not files:
            raise InputError(f"{root}: no {'/'.join(exts)} files found in this folder")
        return (load(p, format=format, level=level, source=p.relative_to(root).as_posix()) for p in files)
    if root.suffix.lower() == ".zip":
        try:
            zf = zipfile.ZipFile(root)
            names = [n for n in zf.namelist() if not n.endswith("/") and Path(n).suffix.lower() in exts
                     and not _skipped(Path(n).parts)]
        except (zipfile.BadZipFile, OSError) as e:
            raise InputError(f"{root}: not a valid zip file ({e})") from None
        names.sort(key=_natural_key)
        if not names:
            zf.close()
            raise InputError(f"{root}: no {'/'.join(exts)} files found in this zip archive")
        return _iter_zip(zf, names, format, level)
    return iter([load(root, format=format, level=level)])


def _iter_zip(zf: zipfile.ZipFile, names: list[str], format: str, level: str | None) -> Iterator[Document]:
    with zf:
        for n in names:
            try:
                data = zf.read(n)
            except (zipfile.BadZipFile, OSError, RuntimeError) as e:  # RuntimeError: encrypted member
                raise InputError(f"{n}: cannot read it from the zip archive ({e})") from None
            yield _load_data(data, Path(n).name, format, level, n)
