"""The Document: N elements (sentences or words) of a text, with an optional reference segmentation."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from .errors import InputError, ParameterError
from .limits import whole

LEVELS = ("sentence", "word")  # what one element is: what a text is split into
MAX_END = 10**18  # past any text's elements: the largest segment end read (as a 64-bit integer, by the metrics)
PARAGRAPH = "paragraph"  # the level of a Document whose elements are another's paragraphs (segcore.paragraphs)
INLINE_BREAK = " / "  # where the text breaks in a one-line view (a table's cell, the selected segment's card)
PARAGRAPH_BREAK = "\n\n"  # where a heading or paragraph opens in plain text written to be read (the CLI's text output)
WRITTEN = "written"  # meta's list of each word element as the text writes it ('AI', '-', 'assisted ' for 'ai', '-',
# 'assisted': word elements are lower-cased tokens), joined with '' the text; a sentence element is its own text


def level_noun(level: str, n: int = 2) -> str:
    """What the elements of a text at `level` are called, as a reader says it: 'sentences', 'words', 'paragraphs'
    ('sentence', 'word' for n = 1): how the CLI, the app and segcore's messages name a text's unit."""
    return level if n == 1 else f"{level}s"


def span_label(start: int, end: int, level: str = "sentence") -> str:
    """The elements start … end − 1 as a reader is told them: 'sentences 120–139 (20)', 'word 7'."""
    if end - start == 1:
        return f"{level_noun(level, 1)} {start}"
    return f"{level_noun(level)} {start}–{end - 1} ({end - start})"


def span_text(elements, start: int, end: int, level: str = "sentence", written=None, sep: str | None = None,
              paragraphs=None, block: str = "\n") -> str:
    """Elements start … end − 1 as one text: as written (`written`: a word-level document's meta[WRITTEN]) when
    given, else the elements joined by `sep` (by default a space between words, a new line between sentences). A block
    (a heading or a paragraph) that opens inside the range (`paragraphs`: the sorted elements that open one, the
    document's meta['paragraphs']) starts after `block`: a new line in a running text, INLINE_BREAK in a one-line
    view, so that a heading does not run into the paragraph after it (as overlay_html breaks the line there)."""
    if sep is None:
        sep = " " if level == "word" else "\n"
    opens = paragraphs[bisect_right(paragraphs, start):bisect_left(paragraphs, end)] if paragraphs else []
    cuts = [start, *opens, end]
    return block.join("".join(written[a:b]).rstrip() if written else sep.join(elements[a:b])
                      for a, b in zip(cuts, cuts[1:]))


def starts_word(written, j: int) -> bool:
    """Whether element j (j > 0) starts a written word (`written`: a word-level document's meta[WRITTEN]): the text
    writes a space after element j − 1, not 'AI' | '-' | 'assisted' nor 'e.' | 'g.'."""
    return written[j - 1][-1:].isspace()


def written_end(written, at: int, most: int) -> int:
    """The first element from `at` on that a written word ends at (`written`: a word-level document's meta[WRITTEN]):
    one that starts a word (`starts_word`), or the text's end; so that a piece of it cut there ('AI-assisted', three
    elements) is not cut inside a word. At most `most`: a URL or a run of hyphenated words may be long."""
    while at < min(most, len(written)) and not starts_word(written, at):
        at += 1
    return at


def segments_of(boundaries) -> list[tuple[int, int]]:
    """(start, end) pairs of the segments given by end indices."""
    starts = [0, *boundaries[:-1]]
    return [(int(a), int(b)) for a, b in zip(starts, boundaries)]


@dataclass
class Document:
    """Elements in reading order; `reference` holds segment end indices (last = N) when known."""

    elements: list[str]
    reference: list[int] | None = None
    level: str = "sentence"  # "sentence" or "word"
    source: str = ""
    meta: dict = field(default_factory=dict)

    def __post_init__(self):
        if isinstance(self.elements, (str, bytes)) or not isinstance(self.elements, (list, tuple)):
            raise InputError(f"{self.source or 'the text'}: elements must be a list of strings (sentences or "
                             f"words), got {type(self.elements).__name__}; to split a text, use segcore.loaders")
        bad = next((i for i, e in enumerate(self.elements) if not isinstance(e, str)), None)
        if bad is not None:
            raise InputError(f"{self.source or 'the text'}: element {bad} is {type(self.elements[bad]).__name__}, "
                             f"not a string")
        if self.level not in (*LEVELS, PARAGRAPH):
            raise ParameterError(f"level must be 'sentence' or 'word' ('paragraph' for a document of paragraphs), "
                                 f"not {str(self.level)[:40]!r}")
        self.elements = list(self.elements)
        if not self.elements:
            raise InputError(f"{self.source or 'the text'}: no text found (empty or whitespace only)")
        if self.reference is not None:
            check_boundaries(self.reference, len(self.elements), what="reference segmentation", level=self.level)

    @property
    def n(self) -> int:
        return len(self.elements)

    def segments(self, boundaries: list[int]) -> list[tuple[int, int]]:
        """(start, end) pairs of the segments given by end indices."""
        return segments_of(boundaries)

    def segment_texts(self, boundaries: list[int], block: str = "\n") -> list[str]:
        """Each segment's text as written (meta['written']) or, without it, its elements joined; `block` where a
        block (a heading or a paragraph: meta['paragraphs']) opens inside it: a new line (the exports' text: a block
        a line at word level, a sentence a line at sentence level) or PARAGRAPH_BREAK (a blank line: plain text)."""
        written, opens = self.meta.get(WRITTEN), self.meta.get("paragraphs")
        return [span_text(self.elements, a, b, self.level, written, paragraphs=opens, block=block)
                for a, b in self.segments(boundaries)]


def check_boundaries(boundaries, n: int, what: str = "segmentation", level: str = "sentence") -> list[int]:
    """Validate segment end indices: strictly increasing, inside 1..n, last == n (n elements at `level`)."""
    try:
        b = [int(x) for x in boundaries]
        whole = all(x == y and abs(x) <= MAX_END for x, y in zip(b, boundaries))
    except (TypeError, ValueError, OverflowError):
        whole = False
    if not whole:
        raise InputError(f"{what}: segment ends must be whole numbers up to {MAX_END:.0e}, got {str(boundaries)[:80]}")
    if not b or b[-1] != n:
        raise InputError(f"{what}: must end at the number of {level_noun(level)} ({n}), got "
                         f"{b[-1] if b else 'nothing'}")
    if any(x <= y for x, y in zip(b[1:], b[:-1])) or b[0] < 1:
        raise InputError(f"{what}: boundaries must be strictly increasing and at least 1: {b}")
    return b


def parse_ends(text: str, n: int, what: str = "reference segmentation", level: str = "sentence") -> list[int]:
    """Segment ends typed by a person ('12, 30, 45' or '12 30 45 60': commas, semicolons or spaces) for a text of
    n elements at `level`, checked as `check_boundaries` does; the last end, n, may be left out."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    ends = [whole(t, 0, MAX_END) for t in tokens]  # out of range of the text: check_boundaries says so
    bad = next((t for t, e in zip(tokens, ends) if e is None), None)
    if bad is not None:
        shown = bad if len(bad) <= 30 else bad[:29] + "…"
        one = level_noun(level, 1)
        raise InputError(f"{what}: '{shown}' is not a {one} number; type the {one} numbers where segments end, "
                         f"e.g. 12, 30, 45")
    if ends and ends[-1] < n:
        ends.append(n)
    return check_boundaries(ends, n, what=f"{what} ({n} {level_noun(level, n)})", level=level)


def boundaries_from_lengths(lengths) -> list[int]:
    out, t = [], 0
    for x in lengths:
        t += int(x)
        out.append(t)
    return out


def clock(seconds: float) -> str:
    """A time in a recording: '4:05', '1:02:33'."""
    h, rest = divmod(int(seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def span_times(doc: Document, start: int, end: int) -> tuple[float, float] | None:
    """(start, end) in seconds of elements start…end-1 of a timed transcript (meta['times']): from the time of its
    first element to that of the next segment's first element (the recording's end for the last); None untimed."""
    times = doc.meta.get("times")
    if not times:
        return None
    return times[start][0], times[end][0] if end < len(times) else doc.meta.get("duration", times[-1][1])


def located(doc: Document) -> bool:
    """Whether `where` can place the document's elements in its source (a PDF's pages, a recording's times)."""
    return bool(doc.meta.get("times") or doc.meta.get("positions"))


def where(doc: Document, start: int, end: int) -> str:
    """Where elements start…end-1 are in the source: 'p. 3–4' in a PDF (meta['positions']), '4:05–12:31' in a
    timed transcript (meta['times']), else ''."""
    span = span_times(doc, start, end)
    if span is not None:
        return f"{clock(span[0])}–{clock(span[1])}"
    positions = doc.meta.get("positions")
    if not positions:
        return ""
    first, last = positions[start][0], positions[end - 1][0]
    return f"p. {first}" if first == last else f"p. {first}–{last}"
