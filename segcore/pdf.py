"""A PDF's text layer as `Block`s that read as the author wrote them: headings, and paragraphs of body text.

Lines come from segcore.pdflayout (pdfminer.six, words from character positions, PDF limits). Here, page by page:
one to four columns in reading order; pieces of one justified line that pdfminer split, list bullets boxed apart
from their items and wrapped lines boxed apart at a hanging indent are put back together (segcore.pdfboxes); running
headers, page numbers, footnotes (small print below a column's body text) and contents pages (segcore.pdffurniture),
captions and the text of tables and figures (lines that share their baseline with another piece of the same column,
and boxes of short lines that are neither headings nor sentences, unless lined up with the running text) are left
out and counted; hyphenated words are re-joined from the document's own vocabulary, else English's (segcore.printed:
compounds keep their hyphens); paragraphs broken by a column or page end are re-joined. Headings are the PDF's
bookmarks when it has an outline that names its text's headings (segcore.pdfoutline); else, and below them, they are
found from their style, numbering and shape (segcore.pdfheadings). Each block keeps the page and the distance from
the page top of its lines, for the app to show where a segment is.
"""
from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass, field, replace

from .errors import InputError
from .limits import LIMITS, Limits
from .pdfboxes import (BULLET, Box, baseline_rows, drop_code, drop_line_numbers, join_hanging, merge_fragments,
                       opens_item, same_baseline)
from .pdffurniture import BLANK, credit, drop_overlays, ends_sentence, mark_footnotes, remove_contents, remove_page_furniture
from .pdflayout import Line, read_lines
from .pdfwords import loaded_words_check, repair_words
from .pdfheadings import (CAPTION, FRONT_END, RUNIN_END, Para, assign_levels, continues_heading, drop_index,
                          heading_line, is_larger, labels_heading, lettered_headings, lettered_line, mark_front_matter,
                          numbered_lists, one_heading, run_in)
from .pdfoutline import Entry, mark_outline
from .printed import LETTERS, LineJoiner, follows, numbered_items
from .sentences import REFERENCE_LABEL, SCRIPT_STOPS, next_item, word_count
from .structure import NOTE_LABEL, Block, small_words_only, split_number

__all__ = ["read_pdf", "PdfText"]


@dataclass
class PdfText:
    """What read_pdf found: blocks in reading order, the number of pages, what was left out (counts), the lines
    re-read by PDFium, the PDF's outline entries (segcore.pdfoutline.Entry) and how many were located as headings
    (0 when the headings come from the layout alone), and for a file cut short the first page not read (0: whole)."""

    blocks: list[Block]
    pages: int
    left_out: dict = field(default_factory=dict)
    repaired_lines: int = 0
    outline: list[Entry] = field(default_factory=list)
    bookmarks_located: int = 0
    cut_at: int = 0


# a sentence's or a lead-in's end, Chinese and Japanese full stops too (SCRIPT_STOPS; their full-width ！？：； are
# NFKC's ! ? : ; in a PDF's lines, pdflayout), then closing marks and a note's number
_SENTENCE_END = re.compile(rf"[.!?:;{SCRIPT_STOPS}][\"'”’)\]」』]*\d{{0,2}}$")
ITEM_INDENT = 2  # points: the numbers of one list's items start this near one another
# a field's line: its name in one to three words, the first capitalised, a colon, its value ("PACS numbers: 42.50")
_FIELD = re.compile(r"[A-Z][^\W\d_]*(?: [^\W\d_]+){0,2}: \S")
_BARE_NUMBER = re.compile(r"[\d.]+")  # a section's or a page's number


# ---- page layout -------------------------------------------------------------------------------------------------

def _order_boxes(boxes: list[Box], width: float) -> list[Box]:
    """Reading order: top to bottom; a page of 2 to 4 columns (_set_columns) column by column within the bands
    between boxes that span several columns (titles, wide figures)."""
    m = next((n for n in (4, 3, 2) if _set_columns(boxes, width, n)), 1)
    if m == 1:
        for b in boxes:
            b.column = 0
        return sorted(boxes, key=lambda b: (-round(b.y1), b.x0))
    spans = sorted((b for b in boxes if b.column == 0), key=lambda b: -b.y1)
    centres = [(s.y0 + s.y1) / 2 for s in spans]

    def key(b):
        if b.column == 0:
            return (spans.index(b), m, 0.0)
        c = (b.y0 + b.y1) / 2
        return (sum(1 for sc in centres if sc > c), b.column, -b.y1)

    return sorted(boxes, key=key)


def _set_columns(boxes: list[Box], width: float, m: int) -> bool:
    """Number the boxes by the column of m equal columns they fit in (0: none, a box spanning columns), the columns
    of the text area centred on the page (its margin the narrower side margin; two columns split at the page's
    middle), or of the text's own extent when it is set off the page's centre, its columns' lines or rows fill them
    (running text, not a form's labels and values; a change history's entries and their leaders are rows) and that
    leaves fewer of its characters in boxes spanning columns (ltxdoc's wide left margin: a change history's dot leaders
    end past the page's middle); whether it has m columns: side by side, for three or four filled, and in either
    trial not a table's rows cut in two (`_in_columns`)."""
    if not boxes:
        return False
    left, right = min(b.x0 for b in boxes), max(b.x1 for b in boxes)
    margin = max(0.0, min(left, width - right))
    best = None
    off_centre = right - left < width - 2 * margin - width * 0.02
    for area, filled in [((margin, width - margin), m > 2)] + [((left, right), True)] * off_centre:
        if _in_columns(boxes, *area, width * 0.02, m, filled):
            spanning = sum(len(ln.text) for b in boxes if not b.column for ln in b.lines)
            if best is None or spanning < best[0]:
                best = (spanning, [b.column for b in boxes])
    for b, c in zip(boxes, best[1] if best else ()):
        b.column = c
    return best is not None


def _in_columns(boxes: list[Box], left: float, right: float, tol: float, m: int, filled: bool) -> bool:
    """Number the boxes by the column of m equal columns between `left` and `right` they fit in, `tol` points over
    (0: none); whether each two adjacent columns hold text side by side, and every column's lines mostly fill it
    (running text, not a table's cells or a figure's labels, which also line up side by side), or else no two
    columns cut a table's rows (`_cut_table`: DBLaTeX's tables of packages and their descriptions) and, when `filled`
    is asked, the columns' rows fill them (a reference card's commands and what they do) and hold most of the page's
    text."""
    step = (right - left) / m
    bounds = [left + c * step for c in range(1, m)]  # between columns c and c + 1
    for b in boxes:
        b.column = next((c for c in range(1, m + 1) if (c == 1 or b.x0 >= bounds[c - 2] - tol)
                         and (c == m or b.x1 <= bounds[c - 1] + tol)), 0)

    def side_by_side(col, other):  # text of column `col` that has text of `other` at the same height
        return sum(sum(len(ln.text) for ln in b.lines) for b in boxes if b.column == col and any(
            o.column == other and o.y0 < b.y1 and b.y0 < o.y1 for o in boxes))

    if not all(side_by_side(c, c + 1) >= 100 and side_by_side(c + 1, c) >= 100 for c in range(1, m)):
        return False
    lines = {c: [ln for b in boxes if b.column == c for ln in b.lines] for c in range(1, m + 1)}

    def fill(widths) -> bool:
        return all(statistics.median(widths(lines[c])) >= 0.5 * step for c in lines)

    in_columns = sum(len(ln.text) * (1 if b.column else -1) for b in boxes for ln in b.lines)
    return fill(lambda ls: [ln.x1 - ln.x0 for ln in ls]) or (
        not any(_cut_table(lines[a], lines[b]) for c in range(1, m) for a, b in ((c, c + 1), (c + 1, c)))
        and (not filled or in_columns >= 0 and fill(_row_widths)))


def _row_widths(lines: list[Line]) -> list[float]:
    """For each line, the width of its row: from the first to the last line on its baseline (baseline_rows) among
    `lines`, a reference card's key and its description as one row."""
    return [max(ln.x1 for ln in r) - r[0].x0 for r in baseline_rows(lines) for _ in r]


def _cells(lines: list[Line]) -> bool:
    """Whether `lines` are a table's rows: of the pieces after the first on their baseline, two thirds or more start
    within a point or so of where such pieces of two other rows start (cells in columns: DBLaTeX's package, popcon,
    size and keyword), not where the text before them happens to end (a change history's dot leaders)."""
    starts = [round(ln.x0) for r in baseline_rows(lines) for ln in r[1:]]
    count = Counter(starts)
    return 0 < 2 * len(starts) <= 3 * sum(count[x - 1] + count[x] + count[x + 1] >= 3 for x in starts)


def _cut_table(cells: list[Line], other: list[Line]) -> bool:
    """Whether a table's rows are cut between two columns: the rows of `cells` are a table's cells (`_cells`) and
    half or more of those of several pieces go on in the `other` column in one piece on their baseline (the rows'
    last cell: a package's description), as neither running text beside a table nor a reference card's next column
    (a command and what it does on each of its rows) does."""
    if not _cells(cells):
        return False
    theirs = {id(ln) for ln in other}
    rows = [sum(id(ln) in theirs for ln in r) for r in baseline_rows(cells + other)
            if sum(id(ln) not in theirs for ln in r) > 1]
    return 0 < len(rows) <= 2 * rows.count(1)


def _mark_floats(boxes: list[Box], column_width: float, body_size: float) -> None:
    """Table and figure text among one page's boxes: lines that share their baseline with another line of the same
    column (cells, labels), and boxes of short lines (four words or fewer: sentences.word_count, a Chinese line by its
    characters) that are neither headings, sentences, list items, labelled lines (`_labelled`: a keywords line) nor a
    quote's credit (`pdffurniture.credit`) — a lone label, a row of numbers — unless they are in the running text: with
    nothing beside them (`_alone`), lined up with a line of text or with such a box lined up in turn (`_lined_up`): a
    list's items, lines of code, a paragraph's short last line; or, on page 1, above its Abstract, Keywords or
    (numbered) Introduction line (FRONT_END): a paper's authors, dates, addresses, not the small words between them
    (structure.small_words_only: ijmart's "BY" and "AND" between the authors). A heading with a note set on its right
    over running text (`_noted_headings`) is text, and its note too: neither cells nor a lone label."""
    front = max((ln.y1 for b in boxes if b.page == 1 for ln in b.lines  # the lowest of them: the highest y
                 if FRONT_END.match(RUNIN_END.sub("", split_number(ln.text)[1]))), default=None)
    short, noted = [], _noted_headings(boxes, body_size)
    for b in boxes:
        if any(ln.outline_level for ln in b.lines) or all(id(ln) in noted for ln in b.lines):
            continue
        others = [ln for o in boxes if o.column == b.column and o is not b for ln in o.lines]
        cells = [ln for ln in b.lines if id(ln) not in noted and any(
            same_baseline(ln, o) and (o.x0 > ln.x1 or o.x1 < ln.x0) for o in others + b.lines if o is not ln)]
        if cells and len(cells) * 2 >= len(b.lines):
            b.floating = True
        elif all(ln.x1 - ln.x0 < 0.5 * column_width and word_count(ln.text) <= 4 for ln in b.lines) and not any(
                heading_line(ln, body_size) or ends_sentence(ln, body_size) or BULLET.match(ln.text)
                or _labelled(ln) for ln in b.lines) and not credit(b, boxes, body_size):
            b.floating = True
            short.append(b)
    short = [b for b in short if _alone(b, boxes, column_width)]
    for b in short:
        b.floating = not (front is not None and b.y0 > front) or small_words_only(" ".join(ln.text for ln in b.lines))
    text = [b for b in boxes if not b.floating]
    while text:
        src = text.pop()
        for b in short:
            if b.floating and _lined_up(b, src):
                b.floating = False
                text.append(b)


def _noted_headings(boxes: list[Box], body_size: float) -> set[int]:
    """The lines (ids) of rows of two pieces in one column, a heading line (pdfheadings.heading_line) and a note set
    on its right in another style, whose next line is alone on its baseline, starts where the heading starts (within
    half an em) and runs on past its end: a heading over running text with a note beside it (a work package's bold
    "Task T2.1: Test (M1-M12)" and "Leader: UoC. Contributors: UoC"), not a table's row, whose cells' lines stay in
    their columns, nor its header, whose cells share one style (debian-reference's bold "Operation", "Command
    snippets" over a cell wrapped to two lines); a note in words, not a contents entry's page number."""
    noted = set()
    for c in {b.column for b in boxes}:
        rows = baseline_rows([ln for b in boxes if b.column == c for ln in b.lines])
        for r, below in zip(rows, rows[1:]):
            head, note = r[0], r[-1]
            if len(r) == 2 and len(below) == 1 and abs(below[0].x0 - head.x0) < head.size / 2 and (
                    below[0].x1 > head.x1 and head.y0 - below[0].y1 < head.size) and heading_line(head, body_size) and (
                    (head.bold, head.italic, round(head.size)) != (note.bold, note.italic, round(note.size))) and (
                    LETTERS.search(note.text)):
                noted.update(map(id, r))
    return noted


def _alone(box: Box, boxes: list[Box], column_width: float) -> bool:
    """More than a bare number (a contents entry's), with nothing beside it less than a column's width away but
    bare numbers (a manuscript's line numbers): no other cell of a table's row, no other label of a figure."""
    return not all(_BARE_NUMBER.fullmatch(ln.text) for ln in box.lines) and not any(
        min(ln.y1, b.y1) - max(ln.y0, b.y0) > 0.3 * ln.size and abs(b.x0 - ln.x0) < column_width
        and not _BARE_NUMBER.fullmatch(b.text) for o in boxes if o is not box for b in o.lines for ln in box.lines)


def _lined_up(box: Box, text: Box) -> bool:
    """A line of `text`, in the box's column and of its size, just above or below it (less than 1.5 em apart)
    starts where it starts (within half an em), or is just above it and ends with a hyphen that the box's first line
    continues in lower case (a paragraph's indented first line, "… The Israel Jour-" / "nal of Mathematics"), or is
    just below a box that opens a list's item and starts set in from it by less than four em: the item's text, its
    number hanging left of it ('3. 手动编译' / '手动编译是最繁琐的方法，…')."""
    em, item = box.size, opens_item(box.lines[0].text)
    return text.column == box.column and any(
        abs(ln.size - em) < 0.05 * em and (-0.2 * em < ln.y0 - box.y1 < 1.5 * em and (
            abs(ln.x0 - box.x0) < 0.5 * em or ln.text.endswith(("-", "\u00ad")) and box.lines[0].text[:1].islower())
            or (abs(ln.x0 - box.x0) < 0.5 * em or item and 0 < ln.x0 - box.x0 < 4 * em)
            and -0.2 * em < box.y0 - ln.y1 < 1.5 * em) for ln in text.lines)


def _labelled(ln: Line) -> bool:
    """A line opening with a label in bold or italic that ends with a colon, words after it: "Keywords: rivers,
    LATEX, floods" (text, however short), not a figure's label."""
    return ln.lead.endswith(":") and bool(LETTERS.search(ln.text[len(ln.lead):]))


# ---- headings and paragraphs -------------------------------------------------------------------------------------


def _split_paragraphs(box: Box, body_size: float, height: float) -> list[Para]:
    """Split a text box into paragraphs: at short lines (a paragraph's last line), indented first lines, list items'
    bullets and numbers, before a short line shaped as a lettered heading after a sentence's end ("… found." / "B.
    Methods": pdfheadings.lettered_headings tells whether it is one), where the size and the slant change together (an
    author's name in 10 points upright over the institution in 9 points italic), between two lines that each open with a
    field's name and a colon (_FIELD: "PACS numbers: …" / "Keywords: …", however long), and around heading lines
    (consecutive heading lines of one style are one heading, e.g. a title over two lines, but a line opening with the
    number next after the heading's, "A. Data" / "B. Tools"; more than three are a paragraph set in capitals or bold). A
    line set in from the label of a reference ("[4] …") in a run of them, or of the box's one reference (all its other
    lines set in, as pdfboxes.join_hanging puts a wrapped line back), hangs from it: it continues that entry, after a
    sentence's end too."""
    paras, cur = [], []
    width = max(ln.x1 - ln.x0 for ln in box.lines)
    heads = [heading_line(ln, body_size) for ln in box.lines]
    plain = [not (ln.outline_level or ln.bold or is_larger(ln, body_size)) for ln in box.lines]
    for i in range(len(heads)):  # a line in capitals between lines in capitals of a paragraph is not a heading
        if heads[i] and plain[i] and any(0 <= j < len(heads) and not heads[j] and box.lines[j].text.upper() ==
                                         box.lines[j].text for j in (i - 1, i + 1)):
            heads[i] = False

    def same(i, j):  # lines i and j in one heading style, not the body's
        a, b = box.lines[i], box.lines[j]
        return not plain[i] and one_heading(a, b) and a.italic == b.italic

    for i in range(1, len(heads)):  # the last words of a wrapped heading ("… - section" / "head"), set in its style
        heads[i] = heads[i] or (heads[i - 1] and same(i, i - 1))
    for i in range(len(heads) - 2, -1, -1):  # a heading broken after a colon ("I. FIRST-LEVEL HEADING:" / "THE …")
        heads[i] = heads[i] or (heads[i + 1] and box.lines[i].text.endswith(":") and same(i, i + 1))
    items = numbered_items([ln.text for ln in box.lines], [ln.x0 for ln in box.lines], ITEM_INDENT)
    first = box.lines[0]
    entry = len(box.lines) > 1 and all(ln.x0 > first.x0 + ln.size / 2 for ln in box.lines[1:])  # one reference's
    label = None  # the line of the reference whose lines hang from its label, if any
    for i, ln in enumerate(box.lines):
        if i in items or heads[i] or i == 0:
            label = i if REFERENCE_LABEL.match(ln.text) and (i in items or entry) and not heads[i] else None
        elif label is not None and ln.x0 <= box.lines[label].x0 + ln.size / 2:
            label = None
        if cur:
            prev = box.lines[i - 1]
            if heads[i] or heads[i - 1]:
                split = not (heads[i] and heads[i - 1] and one_heading(prev, ln)) or next_item(cur[0].text, ln.text)
            else:
                short = (prev.x1 - prev.x0) < 0.75 * width and not prev.text.endswith(("-", "\u00ad"))
                indented = ln.x0 > box.x0 + 6 and _SENTENCE_END.search(prev.text) and prev.x0 <= box.x0 + 2
                alone = lettered_line(ln.text) and _SENTENCE_END.search(prev.text) and ln.x1 - ln.x0 < 0.75 * width
                restyled = abs(ln.size - prev.size) > 0.05 * prev.size and ln.italic != prev.italic
                fields = bool(_FIELD.match(prev.text) and _FIELD.match(ln.text))
                split = bool(BULLET.match(ln.text)) or i in items or (
                    label is None and not ln.text[:1].islower() and (short or indented or alone or restyled or fields))
            if split:
                paras.append(Para(cur, box.page, box.column, height, level=int(heads[i - 1] and len(cur) <= 3)))
                cur = []
        cur.append(ln)
    if cur:
        paras.append(Para(cur, box.page, box.column, height, level=int(heads[-1] and len(cur) <= 3)))
    return paras


def _text_and_marks(lines: list[Line], joiner: LineJoiner, page: int, height: float, text: str = "",
                    marks: list | None = None) -> tuple[str, list]:
    marks = list(marks or [])
    for ln in lines:
        joined = joiner.join(text, ln.text)
        start = len(joined) - len(ln.text) if joined.endswith(ln.text) else len(text)
        marks.append((max(0, start), page, round(height - ln.y1, 1)))
        text = joined
    return text, marks


def read_pdf(data: bytes, source: str = "the PDF", limits: Limits = LIMITS, bookmarks: bool = True) -> PdfText:
    """The blocks of a PDF's text layer (see the module docstring); with `bookmarks`, the headings of the PDF's
    outline when it has one that names its text's headings (segcore.pdfoutline). InputError if it is not a PDF, is
    over the limits, has no text layer, or does not read as words."""
    head = data[:1024].lstrip()
    if not head.startswith(b"%PDF"):
        what = "it is empty" if not data.strip() else "it does not start with %PDF"
        raise InputError(f"{source}: not a PDF file ({what})")
    raw, entries, sideways, cut_at = read_lines(data, source, limits)
    overlays, entries = drop_overlays(raw, entries)
    repaired = repair_words(raw, data)
    located = mark_outline(raw, entries) if bookmarks else 0
    if not any(re.search(r"\w", ln.text) for _, _, boxes in raw for box in boxes for ln in box):
        if cut_at:
            what = "its one page" if cut_at == 2 else f"the {cut_at - 1:,} pages"
            raise InputError(f"{source}: damaged PDF: it is cut short (a download that stopped?), and {what} before "
                             f"the cut {'has' if cut_at == 2 else 'have'} no text")
        raise InputError(f"{source}: the PDF has no text layer (is it a scanned document?): run OCR on it first "
                         f"(e.g. ocrmypdf) and load the result")
    sizes = Counter(round(ln.size * 2) / 2 for _, _, boxes in raw for box in boxes for ln in box
                    for _ in range(len(ln.text)))
    body_size = sizes.most_common(1)[0][0]
    pages, heights, numbers, code = [], [], 0, drop_code(raw)
    for pageno, (width, height, boxes) in enumerate(raw, 1):
        numbers += drop_line_numbers(boxes, body_size)
        ordered = _order_boxes([Box(list(b), pageno) for b in boxes], width)
        merge_fragments(ordered)
        join_hanging(ordered)
        columns = max((b.column for b in ordered), default=0)
        _mark_floats(ordered, width * (0.84 / columns if columns else 0.8), body_size)
        pages.append(ordered)
        heights.append(height)
    left_out = Counter(overlays=overlays, sideways=sideways, furniture=numbers + remove_page_furniture(pages, body_size),
                       contents=remove_contents(pages), **{"code lines": code})
    mark_footnotes(pages, heights, body_size)
    paras, listing, item = [], False, False  # in a list after a lead-in ending with a colon (run_in); in its item
    for boxes, height in zip(pages, heights):
        for box in boxes:
            if not box.lines:
                continue
            if box.footnote or box.floating:
                left_out["footnotes" if box.footnote else "table and figure lines"] += len(box.lines)
                continue
            for p in _split_paragraphs(box, body_size, height):
                if not p.level and (h := run_in(p, listing)):
                    paras.append(h)
                    if not p.lines:
                        continue
                first = p.lines[0]
                item = not p.level and (listing and bool(first.lead and first.lead_bold)
                                        or item and first.text[:1].islower())  # an item, or its wrapped rest
                listing = item or (not p.level and p.lines[-1].text.endswith(":"))
                paras.append(p)
    _repeated_headings(paras, {i for i, (width, height, _) in enumerate(raw, 1) if height >= width})
    numbered_lists(paras)
    lettered_headings(paras)
    assign_levels(paras)
    left_out["contents"] += drop_index(paras)
    left_out["front"] = mark_front_matter(paras)
    blocks = _assemble(paras, body_size, left_out)
    loaded_words_check(" ".join(b.text for b in blocks), source)
    return PdfText(blocks, len(raw), {k: v for k, v in left_out.items() if v}, repaired, entries, located, cut_at)


def _repeated_headings(paras: list[Para], portrait: set[int]) -> None:
    """Headings found from the layout that recur, two or more of them, same text at the same place, on the same
    other pages (a cover or a form printed twice, as in a class's manual) are body text, not sections; on portrait
    pages only (a slide's title that the next slide repeats is one). A lone label that two pages set at the same
    place ("Tip") stays."""
    def place(p):
        return " ".join(ln.text for ln in p.lines), round(p.lines[0].x0), round(p.lines[0].y1)

    heads = [p for p in paras if p.level and p.page in portrait and not p.lines[0].outline_level]
    pages: dict[tuple, set] = {}
    for p in heads:
        pages.setdefault(place(p), set()).add(p.page)
    shared = Counter(frozenset(s) for s in pages.values() if len(s) > 1)
    for p in heads:
        if shared[frozenset(pages[place(p)])] >= 2:
            p.level = 0


def _assemble(paras: list[Para], body_size: float, left_out: Counter) -> list[Block]:
    """Blocks in reading order: captions left out; a body paragraph broken by a column or page end (no sentence
    end, and the next one starts lower-case or the line ended with a comma or hyphen) is re-joined, unless the next
    opens a bullet or the list item after it (printed.follows). Runs of dots that are blanks to fill (BLANK: the
    contents' leaders were read before) are left out of the lines."""
    joiner = LineJoiner([ln.text for p in paras for ln in p.lines])
    for p in paras:
        if any(BLANK.search(ln.text) for ln in p.lines):
            p.lines = [replace(ln, text=t) for ln in p.lines if (t := BLANK.sub("", ln.text).strip())]
    blocks: list[Block] = []
    last_body = last_head = None  # the block a broken paragraph continues; the last heading and its paragraph
    for p in paras:
        text, marks = _text_and_marks(p.lines, joiner, p.page, p.height)
        if not text:
            continue
        if not p.level and CAPTION.match(text):
            left_out["captions"] += 1
            continue
        if p.level and NOTE_LABEL.match(text):  # a box's label set as a heading ('Note'): a paragraph, left out
            blocks.append(Block(text, 0, None, marks))
            last_body = None
            continue
        if p.level:
            if last_head and last_head[0] is blocks[-1] and continues_heading(last_head[1], p):
                if labels_heading(last_head[1], p):
                    last_head[0].level = p.level
                last_head[0].text, last_head[0].marks = _text_and_marks(p.lines, joiner, p.page, p.height,
                                                                        last_head[0].text, last_head[0].marks)
                continue
            number, _ = split_number(text)
            blocks.append(Block(text, p.level, number, marks))
            last_body, last_head = None, (blocks[-1], p)
            continue
        if last_body is not None and not _SENTENCE_END.search(last_body.text) and not (
                BULLET.match(text) or follows(last_body.text, text)) and (
                text[:1].islower() or last_body.text.endswith((",", "-", "\u00ad"))):
            last_body.text, last_body.marks = _text_and_marks(p.lines, joiner, p.page, p.height, last_body.text,
                                                              last_body.marks)
            continue
        last_body = Block(text, 0, None, marks)
        blocks.append(last_body)
    return blocks


