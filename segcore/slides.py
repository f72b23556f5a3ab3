"""A presentation's slides into blocks, whatever wrote them (segcore.pptx: PowerPoint; segcore.odp: OpenDocument):
each slide's title first, then the text of its other shapes in order. Titles are headings: a title slide's (a
centred title, or a title with a subtitle) is the presentation's title (raw level 1); a named section's (PowerPoint's
sections) is level 2 on its first slide; a section-header slide's title (its layout says so, or the slide holds its
title and nothing else) level 3; any other slide's title level 4 (structure.make_outline keeps the levels present,
in order). A title repeated from the slide before ('… (cont.)', '(2/3)') opens no new section. A slide's speaker
notes follow its text when asked for (often the prose of the talk), else they are counted.
Left out and counted (structure.LEFT_OUT): tables, charts and other objects, the date, footer and slide-number
placeholders, a title slide's subtitle (its authors and date), repeated titles, speaker notes not asked for."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .structure import Block, text_block

__all__ = ["Shape", "Deck"]

TITLE, OPENING_TITLE, SUBTITLE, FURNITURE, OBJECT, BODY = "title", "opening title", "subtitle", "furniture", \
    "object", "body"
# a title's mark of a continued slide: '(cont.)', '(continued)', '– cont'd', '(2/3)'
_CONTINUED = re.compile(r"\s*(?:[(\[]\s*(?:cont(?:inued|'d|’d|d)?\.?|ctd\.?|\d+\s*/\s*\d+)\s*[)\]]"
                        r"|[-–—,:]?\s*\b(?:continued|cont'd|cont’d|contd|cont\.|ctd\.))\s*$", re.I)


@dataclass
class Shape:
    """What a slide's shape is (TITLE, OPENING_TITLE, SUBTITLE, FURNITURE, OBJECT or BODY), its paragraphs' text,
    and, for an OBJECT (a table, a chart), the words it holds."""

    kind: str
    paragraphs: list[str]
    words: int = 0


def _key(title: str) -> str:
    return " ".join(_CONTINUED.sub("", title).lower().split())


class Deck:
    """The blocks of the slides read so far, what was left out and the title slide's title; the slides' speaker
    notes read when `speaker_notes`."""

    def __init__(self, speaker_notes: bool = False):
        self.blocks, self.left_out, self.title, self._last, self._section = [], Counter(), None, None, None
        self.speaker_notes = speaker_notes

    def heading(self, text: str, level: int):
        if level > 1 and self._last is not None and _key(text) == self._last[1] and level >= self._last[0]:
            self.left_out["repeated titles"] += 1
            return
        if block := text_block(text, level, self.left_out):
            self.blocks.append(block)
            self._last = (level, _key(text))
            if level == 1 and self.title is None:
                self.title = text

    def slide(self, shapes: list[Shape], section_header: bool = False, section: tuple[int, str] | None = None,
              notes: list[str] = ()):
        """One slide's blocks: its section's name where a section (number, name) begins, its title, then its other
        shapes' text, then its speaker notes' paragraphs (`notes`) if asked for; `section_header` when its layout is a
        section header's."""
        if section and section != self._section and section[1]:
            self.heading(section[1], 2)
        self._section = section
        kinds = {s.kind for s in shapes}
        opening = OPENING_TITLE in kinds or SUBTITLE in kinds  # a title slide (LibreOffice's have no centred title)
        divider = section_header or all(s.kind in (TITLE, FURNITURE) or (s.kind == BODY and not s.paragraphs)
                                        for s in shapes)  # a title and nothing else
        for shape in sorted(shapes, key=lambda s: s.kind not in (TITLE, OPENING_TITLE)):
            if shape.kind == OBJECT:
                self.left_out["tables"] += shape.words
            elif shape.kind == FURNITURE:
                self.left_out["furniture"] += len(shape.paragraphs)
            elif shape.kind == SUBTITLE and opening:
                self.left_out["front"] += len(shape.paragraphs)
            elif shape.kind in (TITLE, OPENING_TITLE) and shape.paragraphs:
                self.heading(" ".join(shape.paragraphs), 1 if opening else 3 if divider else 4)
            else:
                self._paragraphs(shape.paragraphs)
        if notes and self.speaker_notes:
            self._paragraphs(notes)
        elif notes:
            self.left_out["speaker notes"] += 1

    def _paragraphs(self, paragraphs: list[str]):
        for text in paragraphs:
            if block := text_block(text, 0, self.left_out):
                self.blocks.append(block)

    def result(self, title: str | None) -> tuple[list[Block], dict[str, int], str | None]:
        """(blocks, what was left out, the title slide's title, else `title`)."""
        return self.blocks, {k: v for k, v in self.left_out.items() if v}, self.title or title
