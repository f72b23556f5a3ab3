"""A document's own structure as a reference segmentation: its section headings.

Text is read into `Block`s (a heading line, or a paragraph of body text) by the heading patterns of Markdown (ATX
``#``/``##`` lines and setext underlines), LaTeX (``\\section``, ``\\subsection``, ...) and, when neither is found,
plain text (numbered lines such as "3.2 Results" and short title-case or upper-case lines set apart by blank lines).
PDFs give their blocks from the layout (segcore.pdf). The loaders turn blocks into elements: **a heading is kept as
an element of its own** (never glued to the next sentence) and the section it opens starts at that element. The
`Outline` lists the headings with their element indices; `reference(outline, depth)` gives the segment ends of the
top `depth` heading levels ("sections": 1, "subsections": 2), to score a segmentation like any other reference.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from .document import Document
from .errors import InputError, ParameterError

DEPTHS = {"sections": 1, "subsections": 2}


@dataclass
class Block:
    """A heading (level >= 1) or a paragraph of body text (level 0); `marks` are (char offset, page, y) of its
    lines when it comes from a PDF (page from 1, y in points from the page top)."""

    text: str
    level: int = 0
    number: str | None = None
    marks: list = field(default_factory=list)


@dataclass(frozen=True)
class Heading:
    title: str
    level: int        # 1 = the top level present in the document, 2 the next, ...
    element: int      # index of the heading's own element
    number: str | None = None


@dataclass
class Outline:
    """The headings of a document (titles, dense levels, element indices) over n elements."""

    headings: list[Heading]
    n: int
    title: str | None = None  # a lone top-level heading that opens the document: its title, not a section

    @property
    def depth(self) -> int:
        return max((h.level for h in self.headings), default=0)

    def starts(self, depth: int = 1) -> list[int]:
        return sorted({h.element for h in self.headings if h.level <= depth and 0 < h.element < self.n})

    def sections(self, depth: int = 1) -> list[Heading]:
        return [h for h in self.headings if h.level <= depth]


def make_outline(raw: list[tuple[str, int, int, str | None]], n: int) -> Outline | None:
    """Outline from (title, raw level, element, number) of headings, raw levels renumbered 1, 2, ... in order of
    rank (a document with only "3.1"-style and run-in headings gets levels 1 and 2)."""
    if not raw:
        return None
    title = None
    top = min(lv for _, lv, _, _ in raw)
    tops = [h for h in raw if h[1] == top]
    if len(tops) == 1 and tops[0][2] == 0 and len(raw) > 1:
        title = tops[0][0]
        raw = [h for h in raw if h is not tops[0]]
    rank = {lv: i + 1 for i, lv in enumerate(sorted({lv for _, lv, _, _ in raw}))}
    return Outline([Heading(t, rank[lv], e, num) for t, lv, e, num in raw], n, title)


def depth_of(level: str | int) -> int:
    """'sections' → 1, 'subsections' → 2 (or a whole number >= 1)."""
    if isinstance(level, int) and not isinstance(level, bool) and level >= 1:
        return level
    if level in DEPTHS:
        return DEPTHS[level]
    raise ParameterError(f"structure level must be one of {', '.join(DEPTHS)}, not {level!r}")


def reference(outline: Outline | None, level: str | int = "sections") -> list[int]:
    """Segment ends of the document's own sections ('sections') or sections and subsections ('subsections'):
    a segment starts at each heading's element. InputError when that gives fewer than two segments."""
    depth = depth_of(level)
    if outline is None or not outline.headings:
        raise InputError("no section headings were found in this document, so it has no structure to use as a "
                         "reference")
    starts = outline.starts(depth)
    if not starts:
        raise InputError(f"the document has a single {'section' if depth == 1 else 'section or subsection'}: "
                         f"its structure gives no boundary to score against")
    return [*starts, outline.n]


REFERENCE_CHOICES = ("auto", "file", *DEPTHS)


def with_structure(doc: Document, level: str | int = "sections") -> Document:
    """The document with its own sections (or sections and subsections) as its reference; InputError without."""
    ends = reference(doc.meta.get("outline"), level)
    return dataclasses.replace(doc, reference=ends, meta={**doc.meta, "reference_from": str(level)})


def choose_reference(doc: Document, mode: str = "auto") -> Document:
    """The reference to score a document against: 'file' its own (.ref files), 'sections'/'subsections' its
    structure (None when it has none), 'auto' its own if any, else its sections if they give a boundary."""
    if mode not in REFERENCE_CHOICES:
        raise ParameterError(f"reference must be one of {', '.join(REFERENCE_CHOICES)}, not {mode!r}")
    if mode == "file" or (mode == "auto" and doc.reference is not None):
        return doc
    try:
        return with_structure(doc, "sections" if mode == "auto" else mode)
    except InputError:
        return dataclasses.replace(doc, reference=None) if mode != "auto" else doc


# ---- headings in text --------------------------------------------------------------------------------------------

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_LATEX = re.compile(r"^\s*\\(part|chapter|section|subsection|subsubsection|paragraph)\*?\s*(?:\[[^\]]*\])?\s*"
                    r"\{(.*)\}\s*(.*)$")
_LATEX_RANK = {"part": 1, "chapter": 2, "section": 3, "subsection": 4, "subsubsection": 5, "paragraph": 6}
_LATEX_CMD = re.compile(r"\\[A-Za-z]+\*?\s*(?:\[[^\]]*\])?")
# "3", "3.2", "3.2.1", "A", "A.1", "IV", optionally followed by "." or ")": the numbering of a heading
NUMBER = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3}|[A-Z](?:\.\d{1,2}){0,3}|[IVX]{2,5})([.)]?)\s+(?=\S)")
_END_PUNCT = re.compile(r"[.,;:!]$")
BACK_MATTER = re.compile(r"^(?:references?|bibliography|works cited|literature cited|references and notes)$", re.I)
# unnumbered headings with these names are top-level sections of a paper
TOP_NAMES = re.compile(r"^(?:abstract|introduction|keywords|index terms|related work|conclusions?|discussion|"
                       r"limitations|ethics statement|ethical considerations|acknowledge?ments?|references|"
                       r"bibliography|appendix|appendices)\b", re.I)
APPENDIX = re.compile(r"^(?:appendix|appendices|supplementary material|supplemental material)\b", re.I)
_SMALL_WORDS = frozenset("a an and as at by for from in into of on or over the to vs via with without".split())


def split_number(line: str) -> tuple[str | None, str]:
    """('3.2', 'Results') from '3.2 Results'; (None, line) when the line is not numbered. A bare 'A' or 'I' is
    read as a word, not a number ('A Study of ...'): appendix 'A' needs 'A.' or 'A.1'."""
    m = NUMBER.match(line)
    if not m or (m.group(1) in ("A", "I") and not m.group(2)):  # "A Study of ...", "I Think": words, not numbers
        return None, line.strip()
    return m.group(1), line[m.end():].strip()


def number_depth(number: str) -> int:
    """Depth of a heading number: '3' and 'IV' → 1, '3.2' and 'A.1' → 2, '3.2.1' → 3."""
    return number.count(".") + 1


def looks_like_title(text: str, max_words: int = 12, any_case: bool = False) -> bool:
    """A heading's shape: short, starts with a capital (or a digit), no end punctuation but '?', and title case
    (most words of four or more letters capitalised) or all capitals, or with any_case sentence case too."""
    words = text.split()
    if not words or len(words) > max_words or len(text) > 100 or _END_PUNCT.search(text):
        return False
    if not (text[0].isupper() or text[0].isdigit()) or not re.search(r"[^\W\d_]{2}", text):
        return False
    letters = [w for w in words if w[:1].isalpha()]
    if text.upper() == text or any_case:
        return True
    long = [w for w in letters if len(w) >= 4 and w.lower() not in _SMALL_WORDS]
    return not long or sum(w[0].isupper() for w in long) >= 0.6 * len(long)


def _clean_latex(s: str) -> str:
    return " ".join(_LATEX_CMD.sub("", s).replace("{", "").replace("}", "").replace("~", " ").split())


def _marked_up(lines: list[str]) -> list[tuple[int, int, str]]:
    """(line index, raw level, title) of Markdown and LaTeX headings; setext underlines are reported at the
    underline's index with level -1 (to be dropped). A Markdown heading must open the text or follow a blank line
    or another heading: a '# elements' line in a formula wrapped by a PDF-to-text tool is not one."""
    out, fenced = [], False

    def apart(i):
        return i == 0 or not lines[i - 1].strip() or bool(out and out[-1][0] == i - 1)

    for i, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if (m := _ATX.match(line)) and apart(i):
            out.append((i, len(m.group(1)), m.group(2).strip()))
        elif (m := _LATEX.match(line)) and _clean_latex(m.group(2)):
            out.append((i, _LATEX_RANK[m.group(1)], _clean_latex(m.group(2))))
        elif (m := _SETEXT.match(line)) and i > 0 and lines[i - 1].strip() and not _SETEXT.match(lines[i - 1]) \
                and apart(i - 1) and (m.group(1)[0] == "=" or len(m.group(1)) >= 2) \
                and not (out and out[-1][0] == i - 1):
            out.append((i - 1, 1 if m.group(1)[0] == "=" else 2, lines[i - 1].strip()))
            out.append((i, -1, ""))
    return out


_NOT_TITLE = re.compile(r"[=\[\]{}<>|\\^_,\x00-\x1f]")  # formulas, citations, table junk, a comma
_LONE_NUMBER = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3})\.?$")  # "1." on a line of its own (PDF-to-text output)


def _plain_title(title: str, numbered: bool) -> bool:
    """A plain-text heading's words: title-shaped (looks_like_title), no formula or citation characters, four
    letters at least; after a number, sentence case too ("4.2 Effect of word vectors")."""
    if _NOT_TITLE.search(title) or len(re.findall(r"[^\W\d_]", title)) < 4:
        return False
    if looks_like_title(title, max_words=12 if numbered else 10):
        return True
    return numbered and len(title.split()) <= 8 and title[0].isupper() and not _END_PUNCT.search(title)


def _plain(lines: list[str]) -> list[tuple[int, int, str]]:
    """(line index, raw level, title) of plain-text headings: a numbered heading-shaped line that is not one item
    of a list (the lines around it are not numbered too), a lone number over a heading-shaped line (reported at
    the title's line, the number's line with level -1), or an unnumbered title-shaped line between blank lines (or
after one, for "Abstract" and the like).
    When the text numbers three headings or more, numbering is its convention: unnumbered lines count only as its
    first line or as the usual unnumbered sections of a paper (Abstract, Acknowledgments, References, ...)."""
    out, taken = [], set()
    stripped = [ln.strip() for ln in lines]
    blank = [not s for s in stripped] + [True]
    numbered = [split_number(s)[0] is not None for s in stripped] + [False]
    for i, s in enumerate(stripped):
        if not s or i in taken:
            continue
        before, after = i == 0 or blank[i - 1], blank[i + 1]
        number, title = split_number(s)
        if number and not title[0].isdigit() and _plain_title(title, True) and (before or not numbered[i - 1]) \
                and (after or not numbered[i + 1]):
            out.append((i, number_depth(number), s))
        elif (m := _LONE_NUMBER.match(s)) and before:
            j = next((j for j in range(i + 1, min(i + 3, len(lines))) if stripped[j]), None)
            if j is not None and split_number(stripped[j])[0] is None and _plain_title(stripped[j], True):
                out += [(i, -1, ""), (j, number_depth(m.group(1)), f"{m.group(1)}. {stripped[j]}")]
                taken.add(j)
        elif number is None and before and (after or (TOP_NAMES.match(s) and len(s.split()) <= 3)) \
                and _plain_title(s, False):
            out.append((i, 1, s))
    first = next((i for i, s in enumerate(stripped) if s), None)
    if sum(1 for i, lv, t in out if lv > 0 and split_number(t)[0]) >= 3:
        out = [h for h in out if h[1] < 0 or split_number(h[2])[0] or h[0] == first or TOP_NAMES.match(h[2])]
    return out


def text_blocks(text: str) -> list[Block]:
    """Headings and paragraphs of a text (blank lines separate paragraphs; a heading line is a block of its own)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    found = _marked_up(lines)
    if not [h for h in found if h[1] > 0]:
        found = _plain(lines)
    heads = {i: (lv, t) for i, lv, t in found}
    blocks, body = [], []

    def flush():
        if body:
            blocks.append(Block(" ".join(body)))
            body.clear()

    for i, line in enumerate(lines):
        if i in heads:
            flush()
            lv, title = heads[i]
            if lv > 0:
                number, _ = split_number(title)
                blocks.append(Block(title, lv, number))
                m = _LATEX.match(line)
                if m and m.group(3).strip():  # text after \section{...} on the same line
                    body.append(m.group(3).strip())
        elif not line.strip():
            flush()
        else:
            body.append(line.strip())
    flush()
    return blocks


def back_matter_start(blocks: list[Block]) -> int | None:
    """Index of the first block of the back matter — the reference list and what follows it, and appendices
    before it — when the document has a reference-list heading; None otherwise."""
    heads = [(i, b) for i, b in enumerate(blocks) if b.level > 0]
    refs = [i for i, b in heads if BACK_MATTER.match(split_number(b.text)[1])]
    if not refs:
        return None
    numeric = any(b.number and b.number[0].isdigit() for _, b in heads)
    for i, b in heads:
        title = split_number(b.text)[1]
        lettered = numeric and b.number and re.fullmatch(r"[A-Z]", b.number) and i > heads[0][0]
        if i >= refs[0] or APPENDIX.match(title) or lettered:
            return i
    return refs[0]
