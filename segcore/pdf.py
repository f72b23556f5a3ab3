"""Text of a PDF's text layer that reads as the author wrote it, via pdfminer.six's layout analysis: upright text
only, columns in reading order, footnotes, running headers and page numbers set apart, hyphenated words re-joined,
paragraphs broken by a column or page end re-joined, floats (captions) kept from cutting a sentence."""
from __future__ import annotations

import functools
import io
import logging
import math
import re
import statistics
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from .errors import InputError, MissingDependencyError


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


def _pdf_layout(data: bytes, source: str) -> list[list[_Box]]:
    """Text boxes of each page (upright text only), with font sizes, via pdfminer.six."""
    try:
        from pdfminer.high_level import extract_pages
        from pdfminer.layout import LAParams, LTChar, LTTextBox, LTTextLine
    except ImportError:  # pragma: no cover - pdfminer.six is a requirement
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
            raise InputError(f"{source}: the PDF is encrypted (password-protected); "
                             f"save an unprotected copy first") from e
        raise InputError(f"{source}: damaged PDF (truncated or corrupted?): the PDF parser "
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


def pdf_to_text(data: bytes, source: str = "the PDF") -> tuple[str, int]:
    """(Text of the PDF, paragraphs separated by blank lines; number of pages); InputError if it is not a PDF or
    has no text layer."""
    head = data[:1024].lstrip()
    if not head.startswith(b"%PDF"):
        what = "it is empty" if not data.strip() else "it does not start with %PDF"
        raise InputError(f"{source}: not a PDF file ({what})")
    pages = _pdf_layout(data, source)
    sizes = Counter()
    for boxes in pages:
        for b in boxes:
            for ln in b.lines:
                sizes[round(ln.size * 2) / 2] += len(ln.text)
    if not any(re.search(r"\w", ln.text) for boxes in pages for b in boxes for ln in b.lines):
        raise InputError(
            f"{source}: the PDF has no text layer (is it a scanned document?): "
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
