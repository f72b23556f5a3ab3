"""A text printed in pages by a PDF-to-text tool (pdftotext; an RFC's pages): form feeds end its pages, whose edges
hold page numbers and running headers and footers (left out by segcore.plaintext), and paragraphs run across them."""
from __future__ import annotations

import re
from collections import Counter

from .structure import END_PUNCT, looks_like_title

__all__ = ["page_furniture"]

_PAGE_NUMBER = re.compile(r"^(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s+of\s+\d{1,4}|\s*/\s*\d{1,4})?$"
                          r"|^[-–—]\s*\d{1,4}\s*[-–—]$", re.I)  # "12", "xii", "Page 3 of 9", "73 / 233", "- 4 -"
# a line with a number at its end or start: "Chapter 2 · The Storm 31", "32 Shen", an RFC's "Postel   [Page 3]"
_NUMBERED_EDGE = re.compile(r"^\S.*?\s+[\[(]?(?:page\s+)?(\d{1,4})[\])]?$|^(\d{1,4})\s+\S.*$", re.I)
EDGE_LINES = 2  # a page's first and last lines where running headers, footers and page numbers stand
PAGES_MIN = 3  # pages (form feeds + 1) from which a text is read as pages
TRACKED_MIN = 3  # lines whose number follows the page's, from which such numbers are page numbers


def _furniture(stripped: list[str], edges: list[tuple[list[int], list[int]]], starts: set[int]) -> set[int]:
    """The running headers, footers and page numbers at the pages' edges (`edges`: each page's top and bottom lines,
    from the outside in; a line is furniture only below or above furniture):
    - a page number (_PAGE_NUMBER);
    - a line ending or starting with a number that keeps step with the page's (the same offset on half such lines
      and TRACKED_MIN or more: not a chapter's number);
    - a line whose text came before in the document but stands at most once away from the pages' edges (a running
      header repeats the title of the book or chapter it is in, which is kept where it first stands; a play's
      speaker, often repeated, is not one) and that stands at the edge of two pages or more or is title-shaped;
      where it first stands too when it is the outermost line of a page's side that holds a page number.
    A block of lines (up to blank lines) is furniture when all its lines are: a paragraph's last line is not."""
    first, at_edges, edge_lines = {}, Counter(), {i for page in edges for side in page for i in side}
    for i, s in enumerate(stripped):
        first.setdefault(s, i)
    for top, bottom in edges:
        at_edges.update({stripped[i] for i in top + bottom})
    elsewhere = Counter(s for i, s in enumerate(stripped) if s and i not in edge_lines)
    offsets = {i: int(m.group(1) or m.group(2)) - p for p, (top, bottom) in enumerate(edges) for i in top + bottom
               if (m := _NUMBERED_EDGE.match(stripped[i]))}
    step, count = Counter(offsets.values()).most_common(1)[0] if offsets else (None, 0)
    tracked = count >= max(TRACKED_MIN, len(offsets) / 2)

    def furniture(i, first_too=False):
        s = stripped[i]
        again = first[s] < i or (first_too and at_edges[s] >= 2)
        repeated = again and elsewhere[s] <= 1 and (at_edges[s] >= 2 or looks_like_title(s))
        return i in edge_lines and (_PAGE_NUMBER.match(s) or (tracked and offsets.get(i) == step) or repeated)

    def block(i):  # the lines of i's block (up to blank lines and page breaks)
        a, b = i, i
        while a not in starts and a > 0 and stripped[a - 1]:
            a -= 1
        while b + 1 < len(stripped) and b + 1 not in starts and stripped[b + 1]:
            b += 1
        return range(a, b + 1)

    out = set()
    for side in (side for page in edges for side in page):
        numbered = any(_PAGE_NUMBER.match(stripped[i]) for i in side)
        for i in side:
            if i not in out:
                lines = block(i)
                if not all(furniture(j, numbered and j == side[0]) for j in lines):
                    break
                out.update(lines)
    return out


def page_furniture(lines: list[str], stripped: list[str], drop: dict) -> tuple[set[int], set[int]]:
    """(page furniture, page-break lines a paragraph runs across) of a text whose pages a PDF-to-text tool ended with
    form feeds (pdftotext): the furniture at each page's top and bottom EDGE_LINES lines (`_furniture`). A paragraph
    whose page ends without a sentence's end carries on past the next page's furniture, unless the text there is a
    line set apart in a heading's shape (a figure's label above the page's text, say)."""
    starts = [0] + [i for i, ln in enumerate(lines) if "\f" in ln]
    if len(starts) < PAGES_MIN:
        return set(), set()
    spans = list(zip(starts, starts[1:] + [len(lines)]))
    edges = []
    for a, b in spans:
        body = [i for i in range(a, b) if stripped[i] and i not in drop]
        half = min(EDGE_LINES, len(body) // 2)
        edges.append((body[:half], body[::-1][:half]))
    furniture = _furniture(stripped, edges, set(starts))
    joins, blank = set(), [not s for s in stripped] + [True]
    for a, _ in spans[1:]:
        before = next((i for i in range(a - 1, -1, -1) if stripped[i] and i not in furniture and i not in drop), None)
        after = next((i for i in range(a, len(lines)) if stripped[i] and i not in furniture and i not in drop), None)
        if before is not None and after is not None and not END_PUNCT.search(stripped[before]) \
                and not stripped[before].endswith("?") and not (blank[after + 1] and looks_like_title(stripped[after])):
            joins.update(range(before + 1, after))
    return furniture, joins - furniture
