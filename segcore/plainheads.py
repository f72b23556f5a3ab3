"""A plain text's headings when it has no markup (segcore.plaintext reads the rest of it): a screenplay's scene
headings, a division's label on a line of its own with its title below (books.labelled_divisions), numbered
heading-shaped lines ("3.2 Results", a title a PDF-to-text tool wrapped over two or three lines, a lone "1." over its
title) and short title-shaped lines set apart by blank lines; not a novel's speech nor a shout in its dialogue in
capitals, and, in a text that numbers its headings, no unnumbered line but its first and a paper's usual sections."""
from __future__ import annotations

import re
from itertools import takewhile

from .books import entry_key, labelled_divisions
from .sentences import SCENE_PLACE
from .structure import (BACK_MATTER, END_PUNCT, NOTE_LABEL, TOP_NAMES, looks_like_title, number_depth,
                        numbering_depths, split_number)

_NOT_TITLE = re.compile(r"[=\[\]{}<>|\\^_,\x00-\x1f]")  # formulas, citations, table junk, a comma
# a screenplay's scene heading ("INT. KITCHEN - NIGHT", "12 EXT./INT. CAR - DAY 12"), in capitals
_SCENE = re.compile(rf"^{SCENE_PLACE}\.?\s+\S")
SCENES_MIN = 2  # scene headings from which a text is read as a screenplay
_LONE_NUMBER = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3})\.?$")  # "1." on a line of its own (PDF-to-text output)


# a sentence's end from a word's start (linear in a long unbroken run), a closing quote after it: 'ONCE!" SHE'
_SENTENCE_BREAK = re.compile(r"(?<!\w)(\w+)[.!][\"'”’»]?\s")
_ABBREVIATIONS = frozenset("mr mrs ms dr st jr sr mt ft no vol ch sec fig prof rev gen capt col lt sgt".split())
_OPEN_END = re.compile(r"[—–…-]$")  # "Therefore—", "WAIT…": speech broken off


def _speech(title: str) -> bool:
    """A line that reads as speech or prose, not a heading: a question, a sentence that ends inside it ('PICKERING.
    How so', 'STOP!" SHE CRIED', but not after an initial or an abbreviation such as 'Mr.' or 'St.') or an end
    broken off."""
    ends = [m for m in _SENTENCE_BREAK.finditer(title)
            if len(m.group(1)) > 1 and m.group(1).lower() not in _ABBREVIATIONS]
    return "?" in title or bool(ends) or bool(_OPEN_END.search(title))


def _plain_title(title: str, numbered: bool) -> bool:
    """A plain-text heading's words: title-shaped (looks_like_title), no formula or citation characters, four
    letters at least; after a number, sentence case too ("4.2 Effect of word vectors"); without one, not speech
    (a short paragraph of a novel: `_speech`)."""
    if _NOT_TITLE.search(title) or len(re.findall(r"[^\W\d_]", title)) < 4:
        return False
    if not numbered and _speech(title):
        return False
    if looks_like_title(title, max_words=12 if numbered else 10):
        return True
    return numbered and len(title.split()) <= 8 and title[0].isupper() and not END_PUNCT.search(title)


def _wrapped(stripped: list[str], blank: list[bool], j: int, title: str, listed: bool = False) -> \
        tuple[str, list[int]]:
    """(the whole title, the lines below line j that carry it on) of a numbered heading whose title a PDF-to-text
    tool wrapped ("2 CHARACTERIZING EXPOSITORY" over "WRITING"): one or two lines, then a blank line, in the title's
    case (all capitals under all capitals, else title case) and the whole still a heading's words; else (title, []).
    Under a title in capitals the text may follow at once (pdftotext -layout keeps no blank line in a column). A
    title a table of contents `listed` goes on over any lines up to the blank one ('2.2.2. … utilizando la línea' over
    'de órdenes')."""
    caps = title.upper() == title
    stop = next((k for k in range(j + 1, min(j + 4, len(stripped) + 1))
                 if blank[k] or (caps and stripped[k].upper() != stripped[k])), None)
    if stop is None or stop == j + 1:
        return title, []
    more = list(range(j + 1, stop))
    whole = " ".join([title, *(stripped[k] for k in more)])
    if listed:
        return whole, more
    if not all(stripped[k].upper() == stripped[k] if caps else looks_like_title(stripped[k]) for k in more):
        return title, []
    return (whole, more) if _plain_title(whole, True) else (title, [])


_SPOKEN = re.compile(r"^[\"“«]|[.!?,—–-][\"”»]")  # a line with speech: '"Is anyone there?" she called.'
_PARAGRAPH_LINES = 50  # lines of a paragraph looked at for speech


def _shouts(heads: list[tuple[int, int, str]], stripped: list[str], first: int | None) -> set[int]:
    """Lines of unnumbered headings in capitals that are shouts in a novel's dialogue ('HELP', 'STOP THAT AT
    ONCE'): next to speech (a quotation ending a sentence in the paragraph before or after) and not set apart as
    the text sets its headings, when two or more follow two blank lines or more and most lines after two blank lines
    are headings (Project Gutenberg sets a chapter's title so; a page break of PDF-to-text output is followed by
    text) while this one follows a single blank line. The first line, a paper's usual section names and a
    screenplay's scene headings are never one."""
    caps = [i for i, lv, t in heads if lv > 0 and i != first and t.upper() == t and split_number(t)[0] is None
            and not TOP_NAMES.match(t) and not _SCENE.match(t)]
    after = {i for i in range(2, len(stripped)) if stripped[i] and not stripped[i - 1] and not stripped[i - 2]}
    headed = after.intersection(i for i, lv, _ in heads if lv > 0)
    if len(after.intersection(caps)) < 2 or 2 * len(headed) <= len(after):
        return set()

    def speech(lines):
        return any(_SPOKEN.search(ln) for ln in takewhile(bool, lines))
    return {i for i in caps if i not in after and (
        speech(stripped[j] for j in range(i - 2, max(-1, i - 2 - _PARAGRAPH_LINES), -1))
        or speech(stripped[i + 2:i + 2 + _PARAGRAPH_LINES]))}


def plain_headings(lines: list[str], entries: frozenset = frozenset(), kinds: list | None = None) -> \
        list[tuple[int, int, str]]:
    """(line index, raw level, title) of plain-text headings: a screenplay's scene headings in capitals after a
    blank line (SCENES_MIN or more: "INT. KITCHEN - NIGHT"), a division's label on a line of its own, its title
    below joined (books.labelled_divisions: 'CHAPTER I.' in a text with too few to be a book; never taken for a
    shout nor left out by a numbering convention), a numbered heading-shaped line (or one whose number
    and first words a table of contents listed, `entries`: books.entry_key; '10.5. Git', '1.1.12. sudo
    configuration') that is not one item of a list (the lines around it are not numbered too), a lone number over a
    heading-shaped line (reported at the title's line, the number's line with level -1), or an unnumbered
    title-shaped line between blank lines (or after one, for "Abstract" and the like).
    When the text numbers three headings or more, numbering is its convention: unnumbered lines count only as its
    first line or as the usual unnumbered sections of a paper (Abstract, Acknowledgments, References, ...); when it
    sets its headings in capitals apart by more blank lines than a paragraph, a line in capitals that is not, next
    to speech, is a shout (`_shouts`). `kinds`: books.division_kinds of the lines, if found."""
    stripped = [ln.strip() for ln in lines]
    blank = [not s for s in stripped] + [True]
    scenes = [(i, 1, s) for i, s in enumerate(stripped) if _SCENE.match(s) and s.upper() == s and blank[i - 1]]
    out, taken = (scenes, {i for i, _, _ in scenes}) if len(scenes) >= SCENES_MIN else ([], set())
    labelled = labelled_divisions(stripped, kinds)  # 'CHAPTER I.' of a text with too few such lines to be a book
    out += [(i, 1, t) for i, t, _ in labelled] + [(k, -1, "") for _, _, more in labelled for k in more]
    divisions = {i for i, _, _ in labelled}
    taken |= divisions | {k for _, _, more in labelled for k in more}
    numbered = [split_number(s)[0] is not None for s in stripped] + [False]
    for i, s in enumerate(stripped):
        if not s or i in taken:
            continue
        before, after = i == 0 or blank[i - 1], blank[i + 1]
        number, title = split_number(s)
        listed = bool(number) and entry_key(s) in entries
        if number and not title[0].isdigit() and (listed or _plain_title(title, True)) \
                and (before or not numbered[i - 1]) and (after or not numbered[i + 1]):
            s, more = _wrapped(stripped, blank, i, s, listed)
            out += [(i, number_depth(number), s)] + [(k, -1, "") for k in more]
            taken.update(more)
        elif (m := _LONE_NUMBER.match(s)) and before:
            j = next((j for j in range(i + 1, min(i + 3, len(lines))) if stripped[j]), None)
            if j is not None and split_number(stripped[j])[0] is None and _plain_title(stripped[j], True):
                title, more = _wrapped(stripped, blank, j, stripped[j])
                out += [(i, -1, ""), (j, number_depth(m.group(1)), f"{m.group(1)}. {title}")]
                out += [(k, -1, "") for k in more]
                taken.update([j, *more])
        elif number is None and before and (after or (TOP_NAMES.match(s) and len(s.split()) <= 3)) \
                and not NOTE_LABEL.match(s) \
                and (_plain_title(s, False) or BACK_MATTER.match(s)):  # 'Referencias bibliográficas' in any case
            out.append((i, 1, s))
    first = next((i for i, s in enumerate(stripped) if s), None)
    shouts = _shouts(out, stripped, first)
    out = [h for h in out if h[0] not in shouts or h[0] in divisions]
    if sum(1 for i, lv, t in out if lv > 0 and split_number(t)[0]) >= 3:
        out = [h for h in out if h[1] < 0 or split_number(h[2])[0] or h[0] in divisions or h[0] == first
               or TOP_NAMES.match(h[2])]
    out.sort(key=lambda h: h[0])  # in the text's order: a letter's depth is from the sections around it
    depths = iter(numbering_depths([t for _, lv, t in out if lv > 0]))  # "A." under "II." is a level down
    return [(i, (next(depths) or lv) if lv > 0 else lv, t) for i, lv, t in out]
