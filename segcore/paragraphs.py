"""Boundaries between paragraphs: a document whose text marks paragraphs (meta['paragraphs']: the element each one
starts at) is segmented with its paragraphs as the units, so that every method places its boundaries only where a
paragraph ends, as Hearst (1997, §5) moves TextTiling's boundaries to paragraph breaks; the answer is mapped back to
the document's elements. For the additive scores (word counts, word-vector sums) a paragraph's row is the sum of its
elements' rows, so a DP over paragraphs is the DP over elements restricted to paragraph ends."""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .document import PARAGRAPH, Document, level_noun
from .errors import InputError

MIN_PARAGRAPHS = 3  # fewer marked paragraphs say nothing about where topics change


def paragraph_starts(doc: Document) -> list[int] | None:
    """The elements that open a paragraph (0 first, strictly increasing, < N) when the document marks at least
    MIN_PARAGRAPHS paragraphs and some paragraph holds two or more elements; None otherwise. A heading that is a
    paragraph of its own (meta['outline'], the title included) opens the paragraph after it, so that a boundary
    falls before a heading, never between it and its text: a text of one-sentence paragraphs under headings (a
    changelog) has units, its headings joined to their first paragraphs. InputError for marks that are not such a
    list (a Document built by hand)."""
    starts = doc.meta.get("paragraphs")
    if not starts:
        return None
    if (not all(isinstance(i, int) and not isinstance(i, bool) for i in starts) or starts[0] != 0
            or any(b <= a for a, b in zip(starts, starts[1:])) or starts[-1] >= doc.n):
        raise InputError(f"{doc.source or 'the document'}: meta['paragraphs'] must list the elements that open a "
                         f"paragraph, 0 first, strictly increasing and below {doc.n}: got {str(starts)[:80]}")
    heads = headings(doc)
    joined = {b for a, b in zip(starts, starts[1:]) if a in heads}  # the paragraph after a heading's own
    starts = [s for s in starts if s not in joined]
    return starts if MIN_PARAGRAPHS <= len(starts) < doc.n else None


def headings(doc: Document) -> set[int]:
    """The elements that open a heading (meta['outline']: its first word at word level), with a title that opens the
    document (Outline.title_size: its elements from 0), at both levels; a heading a derived document dropped (size
    0, structure.carried) opens none."""
    outline = doc.meta.get("outline")
    if outline is None:
        return set()
    title = {0} if outline.title is not None and outline.title_size else set()
    return {h.element for h in outline.headings if h.size} | title


@dataclass
class Units:
    """A document's paragraphs as the elements of a Document of their own (each paragraph's elements joined), and
    the element at which each paragraph ends."""

    doc: Document
    ends: list[int]

    def element(self, units):
        """Positions in paragraphs (0 … P, fractions between) as positions in the document's elements."""
        return np.interp(units, np.arange(len(self.ends) + 1), [0, *self.ends])

    def expand(self, out: dict) -> dict:
        """A method's answer on the paragraphs (run's dict) as an answer on the elements: boundaries, and the
        positions of curves along the text; info['paragraphs'] says how many paragraphs were the units."""
        signals = {}
        for name, s in (out.get("signals") or {}).items():
            if s.axis == "gap":
                x = self.ends[:-1] if s.x is None else self.element(s.x).tolist()
                s = replace(s, x=[float(v) for v in x])
            signals[name] = s
        info = dict(out.get("info") or {}, paragraphs=len(self.ends))
        bounds = [self.ends[b - 1] for b in out["boundaries"]]
        return dict(out, boundaries=bounds, signals=signals, info=info)


def units(doc: Document, k: int | None) -> Units | None:
    """The paragraph view of a document (`Units`), or None when it marks no paragraphs (`paragraph_starts`) or K is
    more than its paragraphs."""
    starts = paragraph_starts(doc)
    if starts is None or (k is not None and k > len(starts)):
        return None
    ends = [*starts[1:], doc.n]
    sep = " " if doc.level == "word" else "\n"
    joined = [sep.join(doc.elements[a:b]) for a, b in zip(starts, ends)]
    return Units(Document(joined, level=PARAGRAPH, source=doc.source), ends)


def units_note(doc: Document, seg) -> str | None:
    """What the units of a run (a methods.Segmentation of `doc`) were, in a sentence for the CLI and the app: its
    paragraphs (info['paragraphs']), or sentences because a parameter counted in them was set (info['in_elements'])
    or K was more than the paragraphs the text marks; None when the text marks none or the run did not ask for
    them."""
    unit, used = level_noun(doc.level), seg.info.get("paragraphs")
    if used:
        return (f"boundaries only between paragraphs: the text marks {used:,} paragraphs (paragraphs = false lets any "
                f"of its {doc.n:,} {unit} end a segment)")
    starts = paragraph_starts(doc) if seg.params.get("paragraphs") else None
    named = seg.info.get("in_elements")
    if starts and named:
        return (f"{', '.join(named)} counted in {unit}, not in the {len(starts):,} paragraphs the text marks: "
                f"boundaries between any {unit}")
    if starts:
        return f"K = {seg.k} is more than the {len(starts):,} paragraphs the text marks: boundaries between any {unit}"
    return None

