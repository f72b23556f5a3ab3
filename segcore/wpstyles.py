"""Word processors' paragraph styles (DOCX, ODT, RTF): the heading level a style gives, and which styles, fonts and
paragraphs are code (a style named for code, or a fixed-pitch font the document is not set in), decided once every
paragraph is read (Paragraphs)."""
from __future__ import annotations

import re
from collections import Counter

from .structure import Block, text_block

_HEADING_STYLE = re.compile(r"heading\s*([1-9])$", re.I)
_MAX_STYLE_CHAIN = 20
_CODE_STYLE = re.compile(r"code|verbatim|preformatted|listing|monospace", re.I)  # 'Source Code', 'HTML Preformatted'
_MONOSPACED = re.compile(r"mono|courier|consolas|menlo|monaco|lucida (?:console|sans typewriter)|inconsolata|"
                         r"typewriter|andale|fixedsys", re.I)  # a font named so: 'Courier New', 'DejaVu Sans Mono'


def _chain(styles: dict, sid):
    """A style and those it is based on, nearest first (the based-on style last in each style's tuple)."""
    at, seen = sid, 0
    while at in styles and seen < _MAX_STYLE_CHAIN:
        yield at
        at, seen = styles[at][-1], seen + 1


def style_levels(styles: dict) -> dict:
    """{style: raw heading level} of a word processor's paragraph styles, given as {style: (outline level 0–8 or
    None, name, based-on style or None)}: 1 for a title, 2–10 for outline levels 0–8 (their own or inherited through
    based-on, else from a name 'heading N'); styles that are not headings are absent (Word and RTF documents)."""
    levels = {}
    for sid in styles:
        for at in _chain(styles, sid):
            outline, name, _ = styles[at]
            heading = _HEADING_STYLE.match(name.strip())
            if name.strip().lower() == "title" or (isinstance(at, str) and at.lower() == "title"):
                levels[sid] = 1
            elif outline is not None or heading:
                levels[sid] = 2 + (outline if outline is not None else int(heading.group(1)) - 1)
            else:
                continue
            break
    return levels


def code_styles(styles: dict, body=None, fixed: frozenset = frozenset(), default: str | None = None) -> dict:
    """The paragraph styles that set code, given as {style: (name, font or None, based-on style or None)}, each with
    what makes it code: True for a style whose name or a name in its based-on chain says so ('Source Code',
    'Preformatted Text', 'codeblock', 'Verbatim', 'Listing'), else its font, its own or inherited, when monospaced
    (declared fixed-pitch in `fixed`, or named so: Courier, Consolas, ... Mono) and the body text's style `body`'s
    is not, and then only when the document is not set in fixed-pitch type (Paragraphs). A style without a font of its
    own or inherited has the document's `default`."""
    def font(sid):
        return next((styles[at][1] for at in _chain(styles, sid) if styles[at][1]), default)

    def monospaced(name):
        return bool(name) and (name in fixed or bool(_MONOSPACED.search(name)))

    by_font, code = not monospaced(font(body)), {}
    for sid in styles:
        if any(_CODE_STYLE.search(styles[at][0] or "") for at in _chain(styles, sid)):
            code[sid] = True
        elif by_font and monospaced(font(sid)):
            code[sid] = font(sid)
    return code


class CodeRuns(Counter):
    """A paragraph's characters (spaces aside) counted by what their run's character style or font makes them
    (code_styles over a document's character styles, or its fonts as styles of their own): False (not code), True (a
    style named for code), or the monospaced font that makes them code. The paragraph is code when it has characters
    and all are in code, by a style or by a font that is not the document's own type (Paragraphs): pandoc's RTF code
    blocks, a terminal transcript in 'Verbatim Char' runs; a code span inside a sentence of prose is not (RTF, DOCX,
    ODT)."""

    def add(self, text: str, code):
        self[code or False] += len("".join(text.split()))

    def mark(self):
        """What the paragraph is set in: False when some of it is not code, True when some is in a code style, else
        the font most of it is in; None when it has no characters."""
        if self[False] or not any(self.values()):
            return False if self[False] else None
        return True if self[True] else max((k for k in self if k is not True), key=self.get)

    def code(self, own: set = frozenset()) -> bool:
        """Whether all its characters are in code: none not, some by a style or a font that is not in `own`."""
        return not self[False] and any(n > 0 and (k is True or k not in own) for k, n in self.items() if k)


class Paragraphs:
    """A word processor document's paragraphs (DOCX, ODT, RTF), made into blocks (`blocks`) once all are read. A
    paragraph in a code style, or all of whose characters are in code runs (CodeRuns), is code: left out and its lines
    counted ('code lines': its line breaks and one; a blank one, no words, as pandoc's ODT and LibreOffice write a
    code block's blank line, one paragraph a line, counted when code follows it, as a block's blank line is inside one
    paragraph in DOCX and RTF). A run's monospaced font marks code only when the document is not set in fixed-pitch
    type: its paragraphs all in a monospaced font are most of the document's paragraphs and their runs hold most of
    its characters, all monospaced fonts counted together, whatever the body style's font (a screenplay or a
    typewriter manuscript typed in Courier over a Calibri 'Normal', by its runs or by a paragraph style in Courier,
    or in 'Courier' and 'Courier New' by two tools, is prose; a style named for code stays code).
    Both measures, as code among prose passes one of them: pandoc's RTF writes each code block as one paragraph
    (md10's code holds 56% of its characters in 36% of the paragraphs), a Word text typed with code a line a
    paragraph has many short code paragraphs. This needs every paragraph read, so the rule is decided at
    the end, in one more pass over the paragraphs."""

    def __init__(self, left_out: Counter):
        self.left_out, self.read = left_out, []

    def add(self, text: str, level: int, runs: CodeRuns | None, lines: int, blank: bool, style=None):
        """A paragraph: its text, raw heading level, its characters by run (None when not read), its lines (line
        breaks and one), whether it has no words, and what code_styles makes its paragraph style (`style`): True,
        code whatever (its text need not be read); a font, its characters not in a code run are in that font, code
        unless the document is set in it, as runs are (a screenplay's 'Action' style in Courier, Word's 'Plain
        Text'); one without characters is code (a code block's blank line)."""
        if style is True or (style and not any(runs.values())):
            runs = None
        elif style:
            runs = CodeRuns(runs)
            runs[style] += runs.pop(False, 0)
        self.read.append((text, level, runs, lines, blank))

    def _own(self) -> set:
        """The monospaced fonts, all of them, when the document is set in fixed-pitch type (see the class)."""
        paragraphs, chars, fonts = Counter(), Counter(), set()
        for _, _, runs, _, _ in self.read:
            if runs is not None and (mark := runs.mark()) is not None:
                paragraphs[isinstance(mark, str)] += 1
                for k, n in runs.items():
                    chars[isinstance(k, str)] += n
                    fonts.add(k)
        fixed = 2 * paragraphs[True] > paragraphs.total() and 2 * chars[True] > chars.total()
        return {k for k in fonts if isinstance(k, str)} if fixed else set()

    def blocks(self) -> list[Block]:
        own, blocks, blank = self._own(), [], 0
        for text, level, runs, lines, empty in self.read:
            if not level and (runs is None or runs.code(own)):
                if empty:
                    blank += lines
                else:
                    self.left_out["code lines"] += lines + blank
                    blank = 0
                continue
            blank = 0
            if block := text_block(text, level, self.left_out):
                blocks.append(block)
        return blocks
