"""A PDF page's text boxes (pdfminer's, in reading order) and the lines they hold put back together: pieces of one
justified line that pdfminer split, list bullets boxed apart from their items, and wrapped lines boxed apart at a
hanging indent; displayed code and margin line numbers left out. Used by segcore.pdf."""
from __future__ import annotations

import bisect
import re
import statistics
from collections import Counter
from dataclasses import dataclass

from .pdflayout import Line
from .sentences import BULLETS, ITEM_NUMBER, REFERENCE_LABEL, SCRIPT_STOPS, word_count
from .text import CJK

__all__ = ["BULLET", "NUMBER_TOKEN", "WORDS_END", "Box", "drop_code", "drop_line_numbers", "join_hanging",
           "merge_fragments", "opens_item", "same_baseline", "baseline_rows"]

BULLET = re.compile(rf"^[{BULLETS}]\s*[^\W\d_]")  # a list item's bullet, then its words
# a sentence's or lead-in's end, Chinese and Japanese full stops too (SCRIPT_STOPS: "用于生成目录。")
WORDS_END = re.compile(rf"[^\W\d_][\"'”’)\]]*[.!?:{SCRIPT_STOPS}][\"'”’)\]]*$")
# a line's first word: its first Chinese or Japanese character or full-width mark (those scripts wrap between any
# two; an em wide), else its letters up to a space or to such a character (half an em each)
_FIRST_WORD = re.compile(rf"\s*(?:(?P<wide>[{CJK}\u3000-\u303f\uff00-\uffef])|[^\s{CJK}\u3000-\u303f\uff00-\uffef]*)")
NUMBER_TOKEN = re.compile(r"^[(±+-]?\d[\d.,]*%?[)]?$")  # a table's number: "12", "-0", "3.5%", "(0.02)"
_CJK_END = re.compile(f"[{CJK}]$")  # a line ending on a Chinese or Japanese character: within a sentence
# a table's row of cells as one line: four or more pieces between spaces, each of four characters or fewer ('初号 小初
# 一号 小一 …', '0 -0 1 -1 …'); a line of Chinese prose has runs longer than that between its spaces
_CELLS = re.compile(r"\s*\S{1,4}(?:\s+\S{1,4}){3,}\s*")


@dataclass
class Box:
    lines: list
    page: int
    column: int = 0  # 0 single/spanning, else 1 to 4 from the left
    footnote: bool = False
    floating: bool = False  # table or figure text

    @property
    def x0(self):
        return min(ln.x0 for ln in self.lines)

    @property
    def x1(self):
        return max(ln.x1 for ln in self.lines)

    @property
    def y0(self):
        return min(ln.y0 for ln in self.lines)

    @property
    def y1(self):
        return max(ln.y1 for ln in self.lines)

    @property
    def size(self):
        return statistics.median(ln.size for ln in self.lines)


def same_baseline(a: Line, b: Line) -> bool:
    return abs(a.y0 - b.y0) < 0.2 * min(a.size, b.size)


def baseline_rows(lines: list[Line]) -> list[list[Line]]:
    """The lines in rows of lines on one baseline (same_baseline), top to bottom, each row left to right."""
    rows: list[list[Line]] = []
    for ln in sorted(lines, key=lambda ln: -ln.y0):
        if rows and same_baseline(rows[-1][0], ln):
            rows[-1].append(ln)
        else:
            rows.append([ln])
    return [sorted(r, key=lambda ln: ln.x0) for r in rows]


_LINE_NUMBER = re.compile(r"\d{1,5}")
_LETTER = re.compile(r"[^\W\d_]")


def drop_line_numbers(boxes: list[list[Line]], body_size: float) -> int:
    """Leave out a page's line numbers (the lineno package's, a review copy's, a preprint's or a listing's): bare
    numbers set smaller than the body text (lineno's, acmart's, aomart's and listings' are 0.5-0.8 of it), aligned in
    a column (same left or right edge) beside the page's text, left of where its lines of body size begin or right of
    where they end, three or more that count up from the top down. A numbered column inside the text (a table's)
    stays, and so do a contents page's page numbers (body size, at the entries' right edge). `boxes` are a page's
    text boxes as lists of lines, changed in place; the number of lines dropped."""
    numbers = [ln for box in boxes for ln in box if _LINE_NUMBER.fullmatch(ln.text) and ln.size < 0.9 * body_size]
    text = [ln for box in boxes for ln in box if ln.size >= 0.95 * body_size and not _LINE_NUMBER.fullmatch(ln.text)]
    if len(numbers) < 3 or not text:
        return 0
    left, right = min(ln.x0 for ln in text), max(ln.x1 for ln in text)
    columns: dict[tuple, list[Line]] = {}
    for ln in numbers:
        if ln.x1 <= left or ln.x0 >= right:
            columns.setdefault(("x0", round(ln.x0)), []).append(ln)
            columns.setdefault(("x1", round(ln.x1)), []).append(ln)
    out = set()
    for column in columns.values():
        values = [int(ln.text) for ln in sorted(column, key=lambda ln: -ln.y0)]
        if len(values) >= 3 and all(a < b for a, b in zip(values, values[1:])):
            out.update(map(id, column))
    for box in boxes:
        box[:] = [ln for ln in box if id(ln) not in out]
    boxes[:] = [box for box in boxes if box]
    return len(out)


def drop_code(pages: list) -> int:
    """Leave out displayed code (a listing, a verbatim block), as the other readers leave out code blocks: a text box
    of two or more lines whose lines with a letter are all set in a monospaced font (pdflayout's Line.mono), lines
    without one (a brace, a listing's line number) going with them, and a one-line box of code just above or below
    such a box in its size (under 1.5 em apart: a statement's first line boxed apart; a word in typewriter ending a
    paragraph's line is in the text's size); not a bookmarked heading's. Another line
    of code set off between lines of text stays (often part of the sentence: "add \\usepackage{x} to the
    preamble"), and nothing is left out of a document whose text is nearly all monospaced (a typescript, a plain text
    printed to PDF). `pages` are read_lines' pages (width, height, boxes as lists of lines), changed in place; the
    number of lines dropped."""
    lines = [ln for _, _, boxes in pages for box in boxes for ln in box]
    if 10 * sum(len(ln.text) for ln in lines if not ln.mono) < sum(len(ln.text) for ln in lines):
        return 0
    dropped = 0
    for _, _, boxes in pages:
        code = [box for box in boxes if _code(box) and len(box) >= 2]
        spans = [(min(ln.y0 for ln in box), max(ln.y1 for ln in box), box[0].size) for box in code]
        code += [box for box in boxes if len(box) == 1 and _code(box) and any(
            b0 - 1.5 * em < box[0].y0 < b1 + 1.5 * em and abs(box[0].size - em) < 0.05 * em for b0, b1, em in spans)]
        out = set(map(id, code))
        dropped += sum(map(len, code))
        boxes[:] = [box for box in boxes if id(box) not in out]
    return dropped


def _code(box: list[Line]) -> bool:
    """Lines of code: those with a letter all monospaced, one at least; not a bookmarked heading."""
    return any(ln.mono for ln in box) and all((ln.mono or not _LETTER.search(ln.text)) and not ln.outline_level
                                              for ln in box)


def _lower_radicals(boxes: list[Box]) -> None:
    """TeX's radical sign (the 'radical' glyphs of its symbol and extension fonts) hangs from its origin, at the top of
    the root it draws, and pdfminer boxes a character as if it stood on its origin: the sign alone ('√') reads as a
    line of its own above the text it roots, in whatever text box holds that height (a fraction's over the line).
    A sign whose box holds the top of a line that starts at its right edge (within half an em) is put on that line's
    baseline and in that line's box, just before it, so merge_fragments reads them as one line where the line is,
    not in the box the sign was boxed with ('附录 B' / '√' / '2 是无理数的证明'; '√' over 'an + 6' in
    the box of the fraction above)."""
    lines = sorted(((ln, b) for b in boxes for ln in b.lines), key=lambda t: t[0].y1)
    tops = [ln.y1 for ln, _ in lines]
    for sign, home in [(ln, b) for ln, b in lines if ln.text == "\u221a"]:
        root = next(((ln, b) for ln, b in lines[bisect.bisect_left(tops, sign.y0):bisect.bisect_left(tops, sign.y1)]
                     if ln.text != sign.text and ln.y0 < sign.y0 and abs(ln.x0 - sign.x1) < 0.5 * sign.size), None)
        if root is not None:
            ln, box = root
            sign.y0, sign.y1 = ln.y0, ln.y1
            home.lines.remove(sign)
            box.lines.insert(box.lines.index(ln), sign)


def merge_fragments(boxes: list[Box]) -> None:
    """Put back together the pieces of one line that pdfminer split at wide justified spaces or after a list bullet
    (same baseline, same column): pieces less than 1.5 em apart; the pieces (less than 4 em apart) of a row as
    wide as a line of running text (8 words or more) above or below it, which is a justified line, not a table's
    row, unless its pieces are all numbers (NUMBER_TOKEN: sduthesis's '0', '-0', '1', '-1', … under its row of
    font sizes, a table's cells); and the pieces of a row from a list item's number or bullet to a sentence's end, no
    other piece opening an item, an item's line with a formula set in it, not a table's row nor items side by side
    (subfigures' captions) (an exam's question: "2. (5 分) 求函数 y = 1," … "x = 0, 的反函数.", the formula's other
    rows above and below it). Boxes that shared such a line become one, at the place of the
    earlier, lines top to bottom: a list's bullets and the text of its items read in order. A line a piece of which
    is a bookmarked heading's (outline_level) is that heading's. TeX's radical signs are first put on the line they
    root (_lower_radicals)."""
    _lower_radicals(boxes)
    home = {id(ln): b for b in boxes for ln in b.lines}
    order = {id(b): j for j, b in enumerate(boxes)}

    def join(a: Line, b: Line) -> None:
        a.text, a.x1, a.y1 = f"{a.text} {b.text}", b.x1, max(a.y1, b.y1)
        if b.outline_level and not a.outline_level:
            a.outline_level, a.outline_entry = b.outline_level, b.outline_entry
        home[id(b)].lines.remove(b)
        keep, gone = sorted((home[id(a)], home[id(b)]), key=lambda x: order[id(x)])
        if keep is not gone:
            for ln in gone.lines:
                home[id(ln)] = keep
            keep.lines = sorted(keep.lines + gone.lines, key=lambda ln: (-ln.y0, ln.x0))
            gone.lines = []

    def gap(a: Line, b: Line) -> float:  # in em
        return (b.x0 - a.x1) / max(a.size, b.size)

    for col in {b.column for b in boxes}:
        rows = baseline_rows([ln for b in boxes if b.column == col for ln in b.lines])
        for row in rows:
            i = 0
            while i < len(row) - 1:
                if 0 <= gap(row[i], row[i + 1]) < 1.5:
                    join(row[i], row.pop(i + 1))
                else:
                    i += 1
        for k, row in enumerate(rows):
            whole = [r[0] for r in rows[max(k - 1, 0):k + 2] if len(r) == 1 and r is not row
                     and word_count(r[0].text) >= 8]
            if len(row) > 1 and (all(0 <= gap(a, b) < 4 for a, b in zip(row, row[1:]))
                                 and not all(NUMBER_TOKEN.match(t) for ln in row for t in ln.text.split()) and any(
                    abs(w.x0 - row[0].x0) < w.size and abs(w.x1 - row[-1].x1) < w.size for w in whole)
                    or all(gap(a, b) >= 0 and not opens_item(b.text) for a, b in zip(row, row[1:]))
                    and opens_item(row[0].text) and WORDS_END.search(row[-1].text)):
                while len(row) > 1:
                    join(row[0], row.pop(1))
    boxes[:] = [b for b in boxes if b.lines]


def opens_item(text: str) -> bool:
    """A line that opens a list's item or a numbered reference: "3. Easier …", "(b) The …", "• Ash …", "[4] Lévy …"."""
    m = ITEM_NUMBER.match(text)
    return bool(BULLET.match(text) or REFERENCE_LABEL.match(text) or (m and text[m.end():m.end() + 1] == " "))


def _wraps(last: Line, first: Line, right: float) -> bool:
    """Whether line `last` ends where it does because the first word of `first` would not have fit after it before
    the column's right edge: a line wrapped, not a short line. The word (_FIRST_WORD) is a Latin word (a character
    half an em wide, a space between) or one Chinese or Japanese character (an em wide, no space): a Chinese line's
    first word is not its whole run, which would make every line above one look wrapped. A line that ends on a
    Chinese or Japanese character, not a mark, ends within a sentence and is wrapped wherever it ends (a list set
    narrower than the page's widest line, an overfull line on the page: '… 使用前请认真阅读协' / '议内容。'), when
    it ends past three quarters of the way from its start to that edge (not a heading's '3. 手动编译', a table's
    'backmatter 已发表论文列表', an exam's '3. 设' and the formula beside it), it is no table's row of short cells
    (_CELLS: '初号 小初 … 三号 小三' above '0 -0 … 3 -3') and `first` opens no item ('8. 设函数 … 求' / '(1) 函数 …')."""
    m = _FIRST_WORD.match(first.text)
    width = 1.0 if m["wide"] else (len(m.group().strip()) + 1) * 0.5
    within = bool(_CJK_END.search(last.text.rstrip())) and last.x1 - last.x0 > 0.75 * (right - last.x0) \
        and not _CELLS.fullmatch(last.text) and not opens_item(first.text)
    return last.text.endswith(("-", "\u00ad")) or within or last.x1 + width * first.size > right


def _runs_on(last: Line, first: Line, right: float) -> bool:
    """Whether `first`, boxed apart below `last` and starting where it starts or left of it (an indented first
    line's: every Chinese paragraph is set so), is the next line of `last`'s sentence: `last` ends on a Chinese or
    Japanese character, within a sentence, where one more would not fit before the column's right edge, and
    `first` opens no item. pdfminer boxes two lines together only when they line up at an end (left, right or
    centre) and lie less than half a line's height apart: an indented first line over a shorter line lines up at
    neither end ('…例如 \\zihao{3}。可以使用的' / '参数有 16 个，…'), and Chinese leading (1.56 em in ctex) sets
    lines without a tall glyph (a bracket) further apart than that ('…实际汉字的宽度，不' / '包含字间间隔。')."""
    return bool(_CJK_END.search(last.text.rstrip())) and last.x1 + first.size > right and not opens_item(first.text)


def join_hanging(boxes: list[Box]) -> None:
    """Put back in its box a wrapped line that pdfminer boxed apart at a hanging indent (it lines up with the line
    it continues at neither end): a box of one line, nothing else on its baseline (not a table's cell), just below
    (less than 1.5 em) the last line of another box of its column and size and set in from it by half an em to
    four (APA's half inch), when that line is wrapped (`_wraps`) and opens an item or a reference ("3. … portable doc-" / "ument
    format (PDF) files,", "[4] … (1939)," / "283–339. MR0000919"), or the line just below the box starts where that
    line starts (the next reference: "… Taylor &" / "Francis."); or set out from it by up to four em, or not set in
    by half an em, when it runs on that line's Chinese sentence (`_runs_on`)."""
    lines = sorted(((ln, b.column) for b in boxes for ln in b.lines), key=lambda t: t[0].y0)
    ys = [ln.y0 for ln, _ in lines]
    lasts = sorted(((min(b.lines, key=lambda ln: ln.y0), b) for b in boxes), key=lambda t: t[0].y0)
    last_ys = [ln.y0 for ln, _ in lasts]
    right = Counter()  # the right edge of each column
    for b in boxes:
        right[b.column] = max(right[b.column], b.x1)
    into: dict[int, Box] = {}  # a box joined to another -> that box

    def between(items, keys, lo, hi):  # the items whose key is between lo and hi
        return items[bisect.bisect_left(keys, lo):bisect.bisect_right(keys, hi)]

    for b in boxes:
        if len(b.lines) != 1 or b.lines[0].outline_level:
            continue
        line, em = b.lines[0], b.lines[0].size
        near = [ln for ln, column in between(lines, ys, line.y0 - 2.5 * em, line.y0 + em) if column == b.column]
        if any(ln is not line and same_baseline(line, ln) for ln in near):
            continue
        for last, host in between(lasts, last_ys, line.y1 - 0.2 * em, line.y1 + 1.5 * em):
            while id(host) in into:
                host = into[id(host)]
            if host is b or host.column != b.column or abs(last.size - em) >= 0.05 * em \
                    or not -4 * em < line.x0 - last.x0 < 4 * em or not _wraps(last, line, right[b.column]):
                continue
            if _runs_on(last, line, right[b.column]) if line.x0 - last.x0 <= 0.5 * em else (opens_item(last.text) \
                    or any(abs(ln.x0 - last.x0) < 0.5 * em and abs(ln.size - em) < 0.05 * em
                           and -0.2 * em < line.y0 - ln.y1 < 1.5 * em for ln in near)):
                host.lines = sorted(host.lines + b.lines, key=lambda ln: (-ln.y0, ln.x0))
                b.lines, into[id(b)] = [], host
                break
    boxes[:] = [b for b in boxes if b.lines]
