"""Text as print lays it out, in lines: how line ends join (hyphenated words, scripts written without spaces), and
a text printed in pages by a PDF-to-text tool (pdftotext; an RFC's pages): form feeds end its pages, whose edges
hold page numbers and running headers and footers (left out by segcore.plaintext), and paragraphs run across them;
with -layout, a page of two columns prints them side by side (`unfold_columns` reads them one after the other)."""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

import numpy as np

from .errors import MissingDependencyError
from .sentences import ITEM_NUMBER, REFERENCE_LABEL, UNSPACED, next_item
from .structure import END_PUNCT, looks_like_title, split_number
from .vectors import load_vectors

__all__ = ["LETTERS", "SENTENCE_END", "LineJoiner", "follows", "numbered_items", "page_furniture", "typeset_pages",
           "unfold_columns"]

LETTERS = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")  # a word, or words joined by hyphens
_UNSPACED_CHAR = re.compile(f"[{UNSPACED}\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f]")  # with CJK punctuation

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


COLUMN_LINES = 8  # lines of a page's right column from which it is read as two columns side by side (and more
# than the lines of text across the gutter: a figure or a title may span both columns) …
COLUMN_ROWS = 3  # … with text on both sides of the gutter on at least this many of them
COLUMN_PROSE = 25  # … and prose on each side: at least this many characters a line on average (not a table),
COLUMN_FILL = 2 / 3  # … most lines filling the column: the median line at least this share of the longest, and
# at most a third of them with a gap of 2+ spaces inside (a table's further columns)
INDENT = 4  # characters: a column's lines start at its edge or indented by at most this many (a paragraph's first)
_GAP = re.compile(r" {2,}")
_LIST_MARK = re.compile(rf"^(?:[•·*–—-]|{ITEM_NUMBER.pattern})\s+", re.I)  # a list item's bullet or number
SENTENCE_END = re.compile(r"[.!?][\"'’”»)\]]*$")  # a line that ends a sentence (closing quotes, brackets after)


def _start(line: str) -> int:
    return len(line) - len(line.lstrip())


def _in_gap(line: str, x: int) -> bool:
    """Whether character column x of the line lies in a run of 2+ spaces."""
    return line[x:x + 1] == " " and (line[x - 1:x] == " " or line[x + 1:x + 2] == " ")


def _gutter(lines: list[str]) -> int | None:
    """The character column that splits a page printed in two columns side by side (pdftotext -layout), or None:
    the column in the middle half of the page inside a gap of 2+ spaces with text on both sides on the most lines,
    less the lines whose text runs across it; a right column is the lines that start at its edge, the most common
    start of the text right of the gutter."""
    text = [ln.rstrip() for ln in lines if ln.strip()]
    width = max(map(len, text), default=0)
    if len(text) < COLUMN_LINES or width < 2 * COLUMN_PROSE:
        return None
    split, cross = np.zeros(width + 1, np.int64), np.zeros(width + 1, np.int64)
    for ln in text:
        cross[_start(ln)] += 1
        cross[len(ln)] -= 1
        for m in _GAP.finditer(ln, _start(ln)):
            split[m.start()] += 1
            split[m.end()] -= 1
            cross[m.start()] -= 1
            cross[m.end()] += 1
    split, cross = np.cumsum(split), np.cumsum(cross)
    x = width // 4 + int(np.argmax(split[width // 4:3 * width // 4] - cross[width // 4:3 * width // 4]))
    both = [ln for ln in text if _in_gap(ln, x) and ln[:x].strip() and ln[x:].strip()]
    if len(both) < COLUMN_ROWS:
        return None
    edge = Counter(x + _start(ln[x:]) for ln in both).most_common(1)[0][0]
    right = [ln[x:].strip() for ln in text if edge <= _start(ln[x:]) + x <= edge + INDENT and not ln[:x].strip()]
    right += [ln[x:].strip() for ln in both]
    if len(right) < COLUMN_LINES or cross[x] >= len(right):
        return None
    left = [ln[:x].strip() for ln in both]
    runs = {i for i, ln in enumerate(both) if _cells(left[i]) or _cells(ln[x:].strip())}
    prose = [t for i, t in enumerate(left) if i not in runs]  # not a row of a table's cells or of a block of names
    for side, filling in ((left, prose), (right, right)):  # prose set in a column, not a table's cells
        sizes = sorted(map(len, filling))
        if not sizes or sum(sizes) < COLUMN_PROSE * len(sizes) or sizes[len(sizes) // 2] < COLUMN_FILL * sizes[-1] \
                or 3 * sum(map(_cells, side)) > len(side):
            return None
    return x


def _cells(text: str) -> bool:
    """Whether a side of a line holds runs of text 2+ spaces apart (a table's cells), past a list item's mark."""
    return bool(_GAP.search(_LIST_MARK.sub("", text, count=1)))


def _column(lines: list[str]) -> list[str]:
    """A column's lines without the indentation most of them have, and the lines wholly left of that edge (a note
    in the page's margin, such as arXiv's stamp) after them as a paragraph of their own."""
    indents = Counter(_start(ln) for ln in lines if ln.strip())
    edge = indents.most_common(1)[0][0] if indents else 0
    margin = [ln.strip() for ln in lines if ln.strip() and len(ln) <= edge]
    body = _set_off_headings([ln[edge:] if ln[:edge].isspace() or not edge else ln.lstrip() for ln in lines
                              if not ln.strip() or len(ln) > edge])
    return body + [""] + margin if margin else body


_INNER_END = re.compile(r"[.!?]\s")


def _set_off_headings(lines: list[str]) -> list[str]:
    """A column's lines with a blank line before and after each heading set between paragraphs without one (rows
    of the other column beside it take the space above it, and none is printed under it): a title-shaped line
    shorter than COLUMN_FILL of the column's width, after a blank line or one that ends a sentence and before a
    line of text that is not title-shaped (a heading that wraps is left to the plain-text reader), without a
    sentence's end inside (a paragraph that opens with a run-in heading: "Line Numbers. The option …")."""
    width = max(map(len, lines), default=0)
    out = []
    for i, ln in enumerate(lines):
        t, before = ln.strip(), out[-1].strip() if out else ""
        after = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if after and (not before or SENTENCE_END.search(before)) and len(t) < COLUMN_FILL * width \
                and looks_like_title(t) and not _INNER_END.search(split_number(t)[1]) and not looks_like_title(after):
            out += ["", ln, ""]
        else:
            out.append(ln)
    return out


def _unfold_page(page: str) -> str | None:
    """A page printed in two columns side by side as its lines in reading order (None when it is not one): lines
    across the gutter as they stand, and between them the left column's lines, then the right column's."""
    lines = page.expandtabs().split("\n")
    x = _gutter(lines)
    if x is None:
        return None
    out, cols, blank = [], ([], []), [0, 0]
    top = 0  # a running header or page number over the first row of both columns stays at the page's edge
    while top < len(lines) and not (len(lines[top]) > x and lines[top][:x].strip() and lines[top][x:].strip()):
        top += 1
    if sum(1 for ln in lines[:top] if ln.strip()) <= EDGE_LINES:
        out, lines = [ln.strip() for ln in lines[:top]], lines[top:]
    for ln in lines:
        if len(ln) > x and ln[:x].strip() and not _in_gap(ln, x):  # text across the gutter
            out += _column(cols[0]) + [""] + _column(cols[1]) + [ln.strip()]
            cols, blank = ([], []), [0, 0]
            continue
        sides = (ln[:x].rstrip(), ln[x:].rstrip())
        for side, col in zip(sides, (0, 1)):
            if not side.strip():  # a row blank on both sides is a gap; on one side only, two are (one is the
                blank[col] += 1 if sides[1 - col].strip() else 2  # other column's lines set at other heights)
                continue
            last = next((t.strip() for t in reversed(cols[col]) if t.strip()), "")
            if blank[col] >= 2 and (SENTENCE_END.search(last) or looks_like_title(last)
                                    or looks_like_title(side.strip())):
                cols[col].append("")  # … between paragraphs (not where the other column's figure made room)
            cols[col].append(side)
            blank[col] = 0
    return "\n".join(out + _column(cols[0]) + [""] + _column(cols[1]) + [""] * page.endswith("\n"))


def unfold_columns(text: str) -> tuple[str, int]:
    """A text whose pages (form feeds end them; without any, the whole text) are printed in two columns side by side,
    as pdftotext -layout prints a two-column paper, with each such page's columns one after the other; and the
    number of pages unfolded (0: the text as it was)."""
    pages = text.split("\f")
    unfolded = [_unfold_page(p) if "  " in p else None for p in pages]
    done = sum(u is not None for u in unfolded)
    return ("\f".join(p if u is None else u for p, u in zip(pages, unfolded)), done) if done else (text, 0)


_INITIAL = re.compile(r"[A-Z]\.\s+[A-Z]")  # "A. Smith": a name's initial, or an item "A." that opens with a capital
SERIES_MIN = 3  # items A., B., C.: lines that all open as initials do are a list from this many on
# a name after initials ("A. Smith", "A. B. van der Berg-Jones"), then the line's end, a comma, an affiliation's mark
# or "and"; the rest holds no lower-case word but these (no sentence: "A. Smith, Department of Water")
_NAME = re.compile(r"(?:[A-Z]\.\s*)+(?:(?:van|von|de|der|den|del|da|di|du|la|le)\s+)*[A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)*"
                   r"(?=[\s\d*†‡∗]*(?:$|[,;&]|and\b))")
_NAME_WORDS = {"and", "of", "the", "for", "van", "von", "der", "den", "del", "et", "al"}
_NUMBER_END = re.compile(r"\d{1,3}\.\s")  # a number that may end a sentence: "… in" / "3. The year …"
_FIRST = re.compile(r"0?1\.\s")  # a list's first number: it opens a list rather than ends a sentence
# a line wrapped at a width: at least WRAPPED_CHARS and WRAPPED_SHARE of the longest line looked at ("Installation
# steps" over "1. Download the archive" is a lead-in, not a wrapped line)
WRAPPED_CHARS, WRAPPED_SHARE = 40, 0.75


def _name(text: str) -> bool:
    """Whether a line that opens with initials is a name ("A. Smith", "B. Jones, Department of Land"), no sentence."""
    m = _NAME.match(text)
    return bool(m) and not any(w.islower() and w not in _NAME_WORDS for w in LETTERS.findall(text[m.end():]))


def follows(a: str, b: str) -> bool:
    """Whether `b` opens with the number of a list's item next after the one that opens `a` (sentences.next_item),
    other than a name's initials after a name's ("A. Smith" / "B. Jones")."""
    return next_item(a, b) and not (_name(a) and _name(b))


def numbered_items(texts: list[str], indents: list[float], near: float) -> set[int]:
    """The lines that start a numbered list's item ("1.", "2)", "(a)", "iv.") or a reference ("[4]"): at the start of
    a line, its number follows or is followed by the number of the next such line whose indent is within `near` of
    its own ("3." then "4.", not "… in" / "2019. The next …"; "[3]" then "[4]", not a lone citation "[3]"). A line
    that opens with a number and a period after a line at its indent that ends mid-sentence (in a letter or digit:
    "… in" / "3. The year …") and is long (WRAPPED_CHARS, WRAPPED_SHARE) wraps a paragraph unless that line starts an
    item itself ("purposes: (1) … and" / "(2) when …" is a list) or the number is a list's first ("1."); names with
    initials ("A. Smith" / "B. Jones" / "C. Brown") are no items (`follows`), and lines that all open as initials do
    are items only in a series of SERIES_MIN or more. Each line is compared with that one line only, so many
    numbered lines are read in one pass."""
    numbered, wide = [], max(WRAPPED_CHARS, WRAPPED_SHARE * max((len(t.rstrip()) for t in texts), default=0))
    for i, text in enumerate(texts):
        before = texts[i - 1].rstrip() if i else ""
        wraps = before[-1:].isalnum() and len(before) >= wide
        if (ITEM_NUMBER.match(text) or REFERENCE_LABEL.match(text)) and (
                not wraps or abs(indents[i] - indents[i - 1]) >= near or numbered[-1:] == [i - 1]
                or not _NUMBER_END.match(text) or _FIRST.match(text)):
            numbered.append(i)
    following = {}
    for n, i in enumerate(numbered):
        j = next((numbered[m] for m in range(n + 1, len(numbered)) if abs(indents[i] - indents[numbered[m]]) < near),
                 None)  # no copy of the rest per line: a list of thousands of items stays one pass
        if j is not None and follows(texts[i], texts[j]):
            following[i] = j
    out = set()
    for i in following.keys() - following.values():  # each series from its first item
        series = [i]
        while series[-1] in following:
            series.append(following[series[-1]])
        if len(series) >= SERIES_MIN or not all(_INITIAL.match(texts[k]) for k in series):
            out.update(series)
    return out


def typeset_pages(lines: list[str]) -> bool:
    """Whether a text's form feeds are a PDF-to-text tool's page breaks (pdftotext ends each page with a form feed,
    the next page's text going on on the same line, the last one ending the text: the text was typeset, its line-end
    hyphens hyphenation's) rather than page separators on lines of their own (an Emacs-edited NEWS file's before its
    copyright notice, an RFC's between its pages: text wrapped at spaces and at the hyphens of compounds): most form
    feeds have text after them on their line or end the text."""
    last = max((i for i, ln in enumerate(lines) if ln.strip() or "\f" in ln), default=-1)
    feeds = [bool(ln.rsplit("\f", 1)[1].strip()) or i == last for i, ln in enumerate(lines) if "\f" in ln]
    return 2 * sum(feeds) > len(feeds)


_HYPHEN_END = re.compile(r"([^\W\d_]+)-$")
_WORD_START = re.compile(r"[^\W\d_]+")
TAIL = 100  # characters at a line's end that can hold the first half of a word broken there
COMMON = 50_000  # a compound's parts are among English's this many most frequent words (`english_ranks`)
# a line opening with a conjunction (English, German, French) and the next two words: the second member of a pair
# whose first ends the line before with a suspended hyphen ("upper-" / "and lower-case")
_PAIRED = re.compile(r"(?:and|or|nor|to|und|oder|et|ou)(?:/(?:and|or))?\s+(\S+)(\s+\S+)?")
_HYPHENATED = re.compile(r"[^\W\d_]-(?:[^\W\d_]|$)")  # a word hyphenated, or broken at a hyphen ending the line
SUFFIX = 3  # the fewest letters of a second member's ending that complete a suspended first half ('sub-' + 'script')


@lru_cache(maxsize=1)
def english_ranks() -> dict[str, int]:
    """English words (GloVe's 400,000, lower case, hyphenated compounds among them: its tokenizer keeps them) → their
    rank by corpus frequency; empty where the embedded vectors are not installed."""
    try:
        return load_vectors().key_to_index
    except MissingDependencyError:
        return {}


class LineJoiner:
    """Join line ends: re-join hyphenated words (by the document's own vocabulary: "seg-mentation" where it has
    "segmentation", "evidence-based" where it has that; a word it has in neither form as most of its known ones go:
    typeset hyphenation loses the hyphen, a text wrapped at the hyphens of compounds keeps it; where it knows no
    break in either form, as `typeset` says: a PDF's lines and a PDF-to-text tool's pages (`typeset_pages`) are
    typeset, a plain text wrapped by an editor or a tool such as Python's textwrap is not; a typeset text's compounds
    still keep theirs, `_compound`; a suspended hyphen keeps its hyphen and a space, `_suspended`), lines of scripts
    written without spaces, else a space. `all_lines`: the document's lines in order."""

    def __init__(self, all_lines: list[str], typeset: bool = True):
        self.words, self.compounds = set(), set()
        for line in all_lines:
            for w in LETTERS.findall(line.lower()):
                (self.compounds if "-" in w else self.words).add(w)
                self.words.update(w.split("-"))
        votes = Counter(self._known(*pair) for left, right in zip(all_lines, all_lines[1:])
                        if (pair := self._halves(left.strip(), right.strip())))
        self.typeset = votes["word"] >= votes["compound"] if votes["word"] + votes["compound"] else typeset

    @staticmethod
    def _halves(left: str, right: str) -> tuple[str, str] | None:
        """The two halves of a word broken by a hyphen at the end of line `left`, lower case (None: no such break;
        a hyphen before a capital or a digit joins a compound such as "Real-World", "COVID-19")."""
        m = _HYPHEN_END.search(left[-TAIL:]) if left.endswith("-") and not left.endswith(" -") else None
        head = _WORD_START.match(right) if m else None
        return (m.group(1).lower(), head.group(0).lower()) if head and right[:1].islower() else None

    def _known(self, a: str, b: str) -> str | None:
        return "word" if a + b in self.words else "compound" if f"{a}-{b}" in self.compounds else None

    @staticmethod
    def _compound(a: str, b: str) -> bool:
        """Whether a typeset line end that the document knows in neither form breaks a compound at its own hyphen:
        English (`english_ranks`) writes it with the hyphen more often than without ('well-known', 'T-cell'; not
        'segmen-tation', and 'cooperation' rather than 'co-operation'), or knows neither form and both halves are
        among its COMMON most frequent words ('length-' / 'determination', 'state-of-the-' / 'art'; not a name broken
        as 'El-' / 'hadad')."""
        ranks = english_ranks()
        hyphened, joined = ranks.get(f"{a}-{b}"), ranks.get(a + b)
        if hyphened is not None or joined is not None:
            return hyphened is not None and (joined is None or hyphened < joined)
        return ranks.get(a, COMMON) < COMMON and ranks.get(b, COMMON) < COMMON

    def _suspended(self, a: str, right: str) -> bool:
        """Whether a line ending in the unknown break `a`- holds the first half of a pair written with a suspended
        hyphen ('upper- and lower-case', 'Emacs- or vi-style', 'sub- and superscript', German 'Ein- und Ausgabe'):
        the next line, `right`, opens with a conjunction (`_PAIRED`) and one of the two words after it is hyphenated,
        or the first is written whole with an ending (SUFFIX letters or more, less than the whole) that makes `a` a
        word the document or English knows ('superscript': 'subscript')."""
        if not (m := _PAIRED.match(right)):
            return False
        if any(_HYPHENATED.search(w) for w in m.groups() if w):
            return True
        second = _WORD_START.match(m.group(1))
        second = second.group(0).lower() if second else ""
        return any(a + second[i:] in self.words or a + second[i:] in english_ranks()
                   for i in range(1, len(second) - SUFFIX + 1))

    def glue(self, left: str, right: str) -> tuple[int, str]:
        """How a line ending in `left` joins the next, `right`: (characters to take off left's end, separator)."""
        if left.endswith("\u00ad"):
            return 1, ""
        if halves := self._halves(left, right):
            known = self._known(*halves)
            if not known and self._suspended(halves[0], right):
                return 0, " "  # "upper- and lower-case"
            known = known or (
                "word" if self.typeset and not self._compound(*halves) else "compound")
            return (1, "") if known == "word" else (0, "")  # "seg-mentation", "evidence-based"
        if left.endswith("-") and not left.endswith(" -") and _HYPHEN_END.search(left[-TAIL:]):
            return 0, ""  # a real compound such as "Real-World", "COVID-19"
        if (left.endswith(("—", "–")) and not left.endswith((" —", " –"))) or (
                _UNSPACED_CHAR.match(left[-1]) and _UNSPACED_CHAR.match(right)):
            return 0, ""  # Chinese, Japanese, Thai lines break anywhere, without a space
        return 0, " "

    def join(self, left: str, right: str) -> str:
        """`left` and the line `right` after it as one text."""
        if not left or not right:
            return left or right
        cut, sep = self.glue(left, right)
        return left[:len(left) - cut] + sep + right

    def join_lines(self, lines: list[str]) -> str:
        """The (non-empty) lines of one paragraph as one text, in time linear in its length."""
        parts = []
        for line in lines:
            if parts:
                cut, sep = self.glue(parts[-1], line)
                parts[-1] = parts[-1][:len(parts[-1]) - cut] + sep
            parts.append(line)
        return "".join(parts)
