"""A PDF's page furniture and contents pages, found on its text boxes (segcore.pdfboxes.Box) page by page, to be
left out: a slide's earlier steps that the next page repeats in place; page numbers and running headers and footers
(but a title, running text and a quote's credit that a page's edge repeats); footnotes (small print below a column's
body text); the entries of a table of contents or an index (dot leaders, page numbers, a contents page without
leaders) and the heading above them. segcore.pdf calls these in turn and counts the lines left out.
"""
from __future__ import annotations

import bisect
import dataclasses
import math
import re
import statistics
from collections import Counter

from .books import contents_heading, listed_contents
from .pdfboxes import NUMBER_TOKEN, WORDS_END, Box, same_baseline
from .pdfheadings import MUCH_LARGER, heading_line, is_larger
from .pdflayout import Line
from .pdfoutline import Entry
from .printed import LETTERS
from .sentences import word_count
from .structure import BACK_MATTER, split_number

__all__ = ["credit", "drop_overlays", "ends_sentence", "mark_footnotes", "remove_contents", "remove_page_furniture"]


_PAGE_NUMBER = re.compile(r"^(?:page\s+)?\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$", re.I)
_ROMAN = re.compile(r"^[ivxlcdm]{1,6}$", re.I)
_PAGE_REF = r"(?:\d+|[ivxlcdm]+)"
_DOT = "[.·]"  # a leader's dot: a period or a centred dot (the periodcentered of TeX's symbol font: \cdotfill)
# contents, index: a run of dots before a page number
_LEADERS = re.compile(rf"(?:{_DOT}\s?){{4,}}\s*(?:{_PAGE_REF}(?:\s*[,–-]\s*{_PAGE_REF})*)?\s*$", re.I)
# on a contents page, an entry whose title leaves room for only two or three spaced dots ("… Engels . . 15")
_SHORT_LEADERS = re.compile(rf"\s{_DOT}(?:\s{_DOT}){{1,2}}(\s+{_PAGE_REF})?$", re.I)
# in a line of text, a run of five or more dots standing alone: a blank to fill (an exam's answer line, a form's
# field: '1. … is ( C )' set as '… is · · · · · · ( C )'), not text; an ellipsis is glued to its word (Chinese's of
# six dots too: '性,. . . . . . 。') or has three or four dots ('. . . .'); a run glued to the next word stays too
_RUNS = "|".join(rf"(?<!{d}\s){d}(?:\s?{d}){{4,}}" for d in (r"\.", "·"))  # each dot's run, not an ellipsis' dots
BLANK = re.compile(rf"(?<!\S)(?:{_RUNS})(?!\s?{_DOT})(?!\S)\s*")


def ends_sentence(ln: Line, body_size: float) -> bool:
    """A sentence's end after a word, or a list's lead-in ("… of Octave:") in text of the body's size, not a
    table's row or label."""
    end = WORDS_END.search(ln.text)
    return bool(end) and not _numeric(ln.text) and (":" not in end.group() or ln.size >= 0.95 * body_size)


def _numeric(text: str) -> bool:
    """Mostly numbers: a table row (half its words or more, sentences.word_count: a Chinese line's by its
    characters)."""
    return sum(bool(NUMBER_TOKEN.match(t)) for t in text.split()) * 2 >= word_count(text)


def mark_footnotes(pages: list[list[Box]], heights: list[float], body_size: float) -> None:
    """Small-print boxes below all body text of their column in the lower half of a page: footnotes (not after the
    reference list's heading, whose entries are small print too). Small print is under 0.85 of the body's size, or
    under 0.95 of it when the box opens with a raised note mark ("∗ © 2007 …" in a document whose code and index
    make most of its text small)."""
    for boxes, height in zip(pages, heights):
        for b in boxes:
            if BACK_MATTER.match(split_number(b.lines[0].text)[1]):
                return
            small = (0.95 if b.lines[0].noted else 0.85) * body_size
            if b.size > small or b.y1 > 0.5 * height:
                continue
            same_col = [o for o in boxes if o.column == b.column and o.size > small]
            if same_col and all(o.y0 >= b.y1 - 1 for o in same_col):
                b.footnote = True


def _place(ln: Line) -> tuple:
    return ln.text, round(ln.x0), round(ln.y0)


def drop_overlays(raw: list, entries: list[Entry]) -> tuple[int, list[Entry]]:
    """Slides built up step by step (beamer's \\pause, a presentation's animations): a landscape page whose every
    line with a letter the next page repeats in place is an earlier step of that slide, and its lines are dropped.
    The number of such pages, and the bookmarks with those pointing at one moved to the slide's last step."""
    def step(page, after) -> bool:
        if page[0] <= page[1] or page[:2] != after[:2]:  # not a landscape page followed by one of its size
            return False
        lines = [ln for box in page[2] for ln in box if LETTERS.search(ln.text)]
        later = {_place(ln) for box in after[2] for ln in box}
        return bool(lines) and all(_place(ln) in later for ln in lines)

    steps = [i for i in range(len(raw) - 1) if step(raw[i], raw[i + 1])]
    step_of = {}
    for i in reversed(steps):
        raw[i] = (*raw[i][:2], [])
        step_of[i] = step_of.get(i + 1, i + 1)
    return len(step_of), [dataclasses.replace(e, page=step_of.get(e.page, e.page)) for e in entries]


_NUMBER = re.compile(r"\d+")


def _norm_key(s: str) -> str:
    return " ".join(_NUMBER.sub("#", s.lower()).split())


def _follow_pages(places: list[tuple[int, str]]) -> bool:
    """Whether the numbers of the texts (page index, text) that share a key (_norm_key) are a running head's: each
    the same on every page, or the page's number (going up with the page index); a slide's subtitle "Step 2" set
    on two slides is not."""
    numbers = [(i, [int(n) for n in _NUMBER.findall(t)]) for i, t in places]
    for j in range(min(len(ns) for _, ns in numbers)):
        if len({ns[j] for _, ns in numbers}) > 1 and len({ns[j] - i for i, ns in numbers}) > 1:
            return False
    return True


SENTENCE_WORDS = 6  # words from which a box that ends a sentence holds one ("Schwarz et al.", a running head, not)


def _running_text(box: Box, body_size: float) -> bool:
    """A box of running text, which a page's edge may repeat (a quote at the foot of every slide) and is not a
    footer: set in the body's size, a sentence of SENTENCE_WORDS or more (sentences.word_count), its last line
    ending it after a word."""
    return box.size >= 0.95 * body_size and ends_sentence(box.lines[-1], body_size) and sum(
        word_count(ln.text) for ln in box.lines) >= SENTENCE_WORDS


_WORD_NUMBER = re.compile(r"[^\W\d_]+\.?\s+\d{1,4}")  # "Part 3", "Case 2"
_CREDIT = re.compile(r"(?:[\u2014\u2013]|--?\s)\s*(\w)")  # "— Donald E. Knuth", "-- Lilo & Stitch"


def credit(box: Box, boxes: list[Box], body_size: float) -> bool:
    """A quote's credit ("— Donald E. Knuth"): a line of its own opening with a dash and a capital, within two lines
    under running text (not a list of dashed items, an option "-T 7in", a formula's "—bil")."""
    first = box.lines[0]
    credit = _CREDIT.match(first.text)
    return len(box.lines) == 1 and bool(credit) and credit.group(1).isupper() and any(
        b is not box and _running_text(b, body_size) and 0 <= b.lines[-1].y0 - first.y1 < 2 * first.size for b in boxes)


def _numbered_heading(ln: Line, places: list[tuple[int, str]], body_size: float) -> bool:
    """A slide's heading or subtitle whose number rises from slide to slide ("Part 1" … "Part 4"): a word and a
    number set as a heading, its number not the same on all its pages; not a page number, which is bare ("3",
    "Page 3", "3 / 9")."""
    return bool(_WORD_NUMBER.fullmatch(ln.text.strip())) and heading_line(ln, body_size) and len(
        {tuple(_NUMBER.findall(t)) for _, t in places}) > 1


def remove_page_furniture(pages: list[list[Box]], body_size: float) -> int:
    """Drop page-number lines and running headers/footers (edge lines repeated on >= half the pages, their numbers
    the same or the page's (`_follow_pages`); small heads whose text changes, `_changing_heads`), but a title a
    running head repeats, set much larger than the body (ACM's) or larger than it and the heads (ptptex's); running
    text (`_running_text`) and a quote's credit under it (`credit`); a heading numbered with the slide,
    `_numbered_heading`), and lines of the same text at the same place on most pages wherever they stand (a draft's
    stamp); the number of lines dropped."""
    npages = sum(1 for boxes in pages if boxes)  # a slide's earlier steps (drop_overlays) are not pages
    edge_keys, page_keys, edges = [], [], []
    places: dict[str, list[tuple[int, str]]] = {}  # key -> (page index, text) of the edge lines
    smallest: dict[str, float] = {}  # key -> the smallest size of its edge lines (a running head's)
    tops = []  # each page's highest line
    for i, boxes in enumerate(pages):
        lines = sorted((ln for b in boxes for ln in b.lines), key=lambda ln: -ln.y1)
        tops += lines[:1]
        edge = set(map(id, lines[:3] + lines[-3:]))
        edges.append(edge)
        keys = set()
        for ln in lines[:3] + lines[-3:]:
            keys.add(k := _norm_key(ln.text))
            places.setdefault(k, []).append((i, ln.text))
            smallest[k] = min(smallest.get(k, ln.size), ln.size)
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
                if c >= 2 and (c * 2 >= npages or odd[k] * 2 >= n_odd >= 2 or even[k] * 2 >= n_even >= 2) \
                        and ("#" not in k or _follow_pages(places[k])):
                    repeated.add(k)
    # boxes of running text, which a page's edge may repeat (a quote at the foot of every slide): no furniture, and
    # their lines mark no running head's place
    running = {id(b) for boxes in pages for b in boxes if _running_text(b, body_size) or credit(b, boxes, body_size)}
    prose = {id(ln) for boxes in pages for b in boxes if id(b) in running for ln in b.lines}
    heads = _changing_heads(pages, [ln for ln in tops if id(ln) not in prose], body_size, repeated)
    # the same text at the same place on most pages, three or more, wherever it stands and whatever its size: a
    # stamp ("Unpublished working draft." set diagonally across each page, in pieces) or a logo's text; not a page's
    # highest line (a slide's title that frames of one topic repeat: a heading, kept as the edge rules keep it)
    placed = Counter(p for boxes in pages for p in {_place(ln) for b in boxes for ln in b.lines})
    stamped = {p for p, c in placed.items() if c >= 3 and c * 2 > npages} - {_place(ln) for ln in tops}
    dropped = 0
    for boxes, edge in zip(pages, edges):
        for b in boxes:
            kept = [ln for ln in b.lines if ln.outline_level or not (_PAGE_NUMBER.match(ln.text.strip("-–— ")) or (
                (id(ln) in heads or _place(ln) in stamped) and id(b) not in running) or (
                id(ln) in edge and (_ROMAN.match(ln.text.strip("-–— ")) or (
                    _norm_key(ln.text) in repeated and id(b) not in running
                    and not is_larger(ln, body_size, MUCH_LARGER)
                    and not is_larger(ln, max(body_size, smallest[_norm_key(ln.text)]))
                    and not _numbered_heading(ln, places[_norm_key(ln.text)], body_size)))))]
            dropped += len(b.lines) - len(kept)
            b.lines = kept
        boxes[:] = [b for b in boxes if b.lines]
    return dropped


def _changing_heads(pages: list[list[Box]], tops: list[Line], body_size: float, repeated: set[str]) -> set[int]:
    """ids of the running heads whose text changes with the chapter (a thesis's chapter title on the blank page
    before the next chapter): pages' highest lines set smaller than the body at one place, the same baseline and
    size, on three pages or more, above the text block: half an em of the body above every line of the body's size
    (not the small print of code, a margin note or a quote that starts at the text block's top); and pages' highest
    lines not larger than the body at the place of a running head of `repeated` text (keys) on other pages, with
    other text (the repeated text's own lines are the edge rule's): the chapter's title that a thesis's even pages
    carry where its odd pages carry the thesis's (pkuthss's, set in the body's size when an appendix's small print
    is most of the text)."""
    def place(ln):
        return round(ln.y0), round(ln.size, 1)

    body = (ln for boxes in pages for b in boxes for ln in b.lines if abs(ln.size - body_size) < 0.05 * body_size)
    top = max((ln.y0 for ln in body), default=math.inf)
    small = [ln for ln in tops if ln.size < 0.95 * body_size and ln.y0 > top + 0.5 * body_size]
    count = Counter(map(place, small))
    head_places = {place(ln) for ln in tops if _norm_key(ln.text) in repeated}
    return {id(ln) for ln in small if count[place(ln)] >= 3} | {
        id(ln) for ln in tops if place(ln) in head_places and _norm_key(ln.text) not in repeated
        and not is_larger(ln, body_size)}


def _on_baselines(lines: list[Line], marks: list[Line]) -> set[int]:
    """ids of the `lines` on the baseline of one of the `marks` (same_baseline), by bisection on the baselines."""
    marks = sorted(marks, key=lambda m: m.y0)
    ys = [m.y0 for m in marks]
    out = set()
    for ln in lines:
        lo = bisect.bisect_left(ys, ln.y0 - 0.2 * ln.size)
        hi = bisect.bisect_right(ys, ln.y0 + 0.2 * ln.size)
        if any(same_baseline(ln, m) for m in marks[lo:hi]):
            out.add(id(ln))
    return out


def remove_contents(pages: list[list[Box]]) -> int:
    """Drop lines without a letter or digit (dot leaders, lone bullets) and the entries of a table of contents or an
    index: on a page with at least three lines of dot leaders ("2.1 Syntax . . . . 4", "map . . . 20, 21"), those
    lines, the entries there with two or three spaced dots before a page number (in the line or on its baseline),
    the first line of an entry wrapped over two (_wrapped_entries), and the pieces on the baselines of all these
    and of the lines without a letter or digit (a number, a page number); and the lines of a contents page without
    leaders (_listed_contents); and the heading of the entries dropped ("Contents", "List of Figures",
    books.contents_heading, bookmarked or not) above them on their page, which would head an empty section; the
    number of lines dropped."""
    dropped, listed = 0, _listed_contents(pages)
    for boxes in pages:
        lines = [ln for b in boxes for ln in b.lines if not ln.outline_level]
        empty = {id(ln) for ln in lines if not re.search(r"[^\W_]", ln.text)}
        dotted = [ln for ln in lines if _LEADERS.search(ln.text) and id(ln) not in empty]
        leaders = dotted + [ln for ln in lines if id(ln) in empty]
        if len(dotted) >= 3:
            refs = [ln for ln in lines if re.fullmatch(_PAGE_REF, ln.text, re.I)]
            short = [ln for ln in lines if (m := _SHORT_LEADERS.search(ln.text)) and id(ln) not in empty
                     and not _LEADERS.search(ln.text) and (m.group(1) or id(ln) in _on_baselines([ln], refs))]
            leaders += short + _wrapped_entries(lines, dotted + short)
        toc = _on_baselines(lines, leaders) if len(leaders) >= 3 else set()
        top = min((ln.y1 for ln in lines if id(ln) in toc or id(ln) in listed), default=math.inf)
        toc |= {id(ln) for b in boxes for ln in b.lines if ln.y0 > top and contents_heading(ln.text)}
        for b in boxes:
            kept = [ln for ln in b.lines if id(ln) not in empty and id(ln) not in toc and id(ln) not in listed]
            dropped += len(b.lines) - len(kept)
            b.lines = kept
        boxes[:] = [b for b in boxes if b.lines]
    return dropped


def _listed_contents(pages: list[list[Box]]) -> set[int]:
    """ids of the lines of a table of contents with or without leaders as books.listed_contents finds them in a
    plain text: the document's lines with a page to a paragraph, the first line of each text box set apart (a
    heading's place); lines located from the bookmarks stay, and so do lines set smaller than most of the entries
    of their page (less than 0.9 of their size: a copyright's or an address's note at the foot of a contents page)."""
    flat = [ln for boxes in pages for ln in [ln for b in boxes for ln in b.lines] + [None]]
    page = {id(ln): k for k, boxes in enumerate(pages) for b in boxes for ln in b.lines}
    firsts = {id(b.lines[0]) for boxes in pages for b in boxes}
    found = listed_contents([ln.text.strip() if ln else "" for ln in flat], [id(ln) in firsts for ln in flat])
    listed = [flat[i] for i in found if flat[i] and not flat[i].outline_level]
    sizes: dict[int, list[float]] = {}
    for ln in listed:
        sizes.setdefault(page[id(ln)], []).append(ln.size)
    size = {k: statistics.median(v) for k, v in sizes.items()}
    return {id(ln) for ln in listed if ln.size >= 0.9 * size[page[id(ln)]]}


def _wrapped_entries(lines: list[Line], leaders: list[Line]) -> list[Line]:
    """The first lines of contents entries wrapped over two lines ("23 Logo's met een andere" over an indented
    "kleur afdrukken . . . 21"): a line just above a line of leaders (less than 1.6 of its heights) that the leaders'
    line continues indented by half an em to four."""
    return [ln for ln in lines if any(0 < ln.y0 - d.y0 < 1.6 * d.size and 0.5 * d.size < d.x0 - ln.x0 < 4 * d.size
                                      for d in leaders if d is not ln)]
