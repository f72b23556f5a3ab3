"""A PDF's own outline (its bookmarks) as its headings: each entry's level, title and destination (page and height), and
the text lines it names.

A PDF made by LaTeX (hyperref), Texinfo, DocBook or a word processor usually carries the document's table of contents as
bookmarks, each pointing at the page (and height) of its heading: a surer record of the sections than any reading of
fonts. `read_outline` walks the outline tree iteratively (a crafted outline can loop, nest without end or hold millions
of entries: visited objects are skipped and at most MAX_ENTRIES read); `mark_outline` finds each entry's heading among
the text lines of its destination page (or the next one): the lines (up to three, a title set over several lines) whose
letters and digits spell the entry's title, with or without its number, the nearest to the destination's height when it
has one. A label line just above it ("Chapter 3", "Anhang A", "1. fejezet": books.division_label) joins the heading.
segcore.pdf then takes the located entries as the headings and keeps the headings it finds from the layout one level
below the outline's deepest.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .books import DIVISION_WORD, division_label, division_title
from .structure import split_number

MAX_ENTRIES = 5000     # outline entries read at most
SPAN = 3               # lines a heading may be set over
# a citation or note mark at a title's end (spaces before a citation read from their run's start: linear)
_MARK = re.compile(r"(?:(?<!\s)\s*\[[\d,;\s\u2013-]+\]|(?<=[^\W\d_])\d{1,2}|[*\u2020\u2021\u00a7]+)$")


@dataclass(frozen=True)
class Entry:
    """An outline entry: level (1 = top), title, destination page (0-based, None if unknown), height from the
    page bottom (None if the destination gives none)."""

    level: int
    title: str
    page: int | None
    top: float | None


def _key(text: str) -> str:
    """Letters and digits, lower case, without accents (a heading set in capitals drops them: "ΠΕΡΙΛΗΨΗ")."""
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFKD", text.lower()))  # accents decomposed: \W


def keys(text: str) -> set[str]:
    """A title's match keys: its letters and digits, with and without its leading division word ("Appendix", "Kapitel":
    books.DIVISION_WORD) and number, without a division's word and its letter or number ("Appendix A Appendix",
    books.division_title), and without a citation or note mark at its end ("Packages [12, 13]", "asmeconf.bst³")."""
    forms = {text, DIVISION_WORD.sub("", text), division_title(text) or "", _MARK.sub("", text)}
    return {k for t in forms for k in (_key(t), _key(split_number(t)[1])) if k}


def _destination(doc, dest, action, page_of: dict) -> tuple[int | None, float | None]:
    from pdfminer.psparser import PSLiteral
    from pdfminer.pdftypes import resolve1

    if dest is None and action is not None:
        act = resolve1(action)
        if isinstance(act, dict) and getattr(resolve1(act.get("S")), "name", None) == "GoTo":
            dest = act.get("D")
    dest = resolve1(dest)
    if isinstance(dest, (bytes, str, PSLiteral)):
        name = dest.name if isinstance(dest, PSLiteral) else dest
        dest = resolve1(doc.get_dest(name))
    if isinstance(dest, dict):
        dest = resolve1(dest.get("D"))
    if not isinstance(dest, list) or not dest:
        return None, None
    page = page_of.get(getattr(dest[0], "objid", None))
    kind = getattr(resolve1(dest[1]), "name", "") if len(dest) > 1 else ""
    top = {"XYZ": 3, "FitH": 2, "FitBH": 2}.get(kind)
    value = resolve1(dest[top]) if top is not None and len(dest) > top else None
    return page, float(value) if isinstance(value, (int, float)) else None


def read_outline(doc, page_of: dict) -> list[Entry]:
    """The outline entries of a pdfminer PDFDocument in reading order; `page_of` maps page object ids to page
    indices. [] when the PDF has no outline or it cannot be read (the layout's headings are used then)."""
    from pdfminer.pdftypes import resolve1
    from pdfminer.utils import decode_text

    try:
        root = resolve1(doc.catalog.get("Outlines"))
        if not isinstance(root, dict):
            return []
        out, seen, stack = [], set(), [(root.get("First"), 1)]
        while stack and len(out) < MAX_ENTRIES:
            ref, level = stack.pop()
            objid = getattr(ref, "objid", None)
            if ref is None or (objid is not None and objid in seen):
                continue
            seen.add(objid)
            node = resolve1(ref)
            if not isinstance(node, dict):
                continue
            stack += [(node.get("Next"), level), (node.get("First"), level + 1)]
            title = resolve1(node.get("Title"))
            if isinstance(title, bytes):
                title = decode_text(title)
            if isinstance(title, str) and title.strip():
                try:
                    page, top = _destination(doc, node.get("Dest"), node.get("A"), page_of)
                except Exception:  # a destination that does not resolve: the entry is unlocated
                    page, top = None, None
                out.append(Entry(level, " ".join(title.split()), page, top))
        return out
    except Exception:  # a damaged outline is no outline
        return []


def _page_index(boxes) -> tuple[dict, list]:
    """A page's runs of up to SPAN consecutive lines (in its boxes' order, each line below the one before and less
    than two of its heights lower: a title set over several lines or boxes) by the keys they spell, and its label
    lines ("Chapter 3"). Built once per page, so that each entry costs a look-up, however many entries point there."""
    lines = [ln for box in boxes for ln in box]
    runs: dict[str, list] = {}
    for i in range(len(lines)):
        if not _key(lines[i].text):  # a run starts at words ("∫" over "RESUMEN" is not the heading's first line)
            continue
        text = ""
        for j in range(i, min(i + SPAN, len(lines))):
            if j > i and not 0 <= lines[j - 1].y0 - lines[j].y1 < 2 * lines[j].size:
                break
            text = f"{text} {lines[j].text}".strip()
            for k in keys(text):
                runs.setdefault(k, []).append(lines[i:j + 1])
    return runs, [ln for ln in lines if division_label(ln.text)]


def mark_outline(pages: list, entries: list[Entry]) -> int:
    """Mark on the lines of `pages` ((width, height, boxes of Lines) per page) the heading of each entry: its lines
    get outline_level and outline_entry. Marks only when at least two entries and half of them are located (else
    the outline does not describe this text layer); returns the number of entries marked."""
    taken, marks, indexes = set(), [], {}
    for index, entry in enumerate(entries):
        want = keys(entry.title)
        for p in (entry.page, entry.page + 1) if entry.page is not None and want else ():
            if p >= len(pages):
                break
            if p not in indexes:
                indexes[p] = _page_index(pages[p][2])
            runs, labels = indexes[p]
            found = [c for k in want for c in runs.get(k, ()) if not any(id(ln) in taken for ln in c)]
            if found:
                top = entry.top if entry.top is not None and p == entry.page else pages[p][1]
                lines = min(found, key=lambda c: (abs(c[0].y1 - top) if c[0].y1 <= top + c[0].size else 1e9,
                                                  -c[0].y1))
                label = [ln for ln in labels if id(ln) not in taken and 0 <= ln.y0 - lines[0].y1 < 3 * lines[0].size
                         and abs(ln.x0 - lines[0].x0) < 2 * lines[0].size]
                taken.update(id(ln) for ln in label[:1] + lines)
                marks.append((label[:1] + lines, entry.level, index))
                break
    if len(marks) < 2 or 2 * len(marks) < len(entries):
        return 0
    for lines, level, index in marks:
        for ln in lines:
            ln.outline_level, ln.outline_entry = level, index
    return len(marks)
