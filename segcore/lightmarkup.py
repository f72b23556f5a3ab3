"""Org-mode and AsciiDoc sources read as Markdown is read (segcore.plaintext.text_blocks): their headings ('* Floods',
'== Section') at Markdown's levels (a document title, '#+TITLE:' or '= Title', above them), their paragraphs and
list items with the inline marks taken off; code and listing blocks, tables, comments, property drawers, keyword and
attribute lines, block attributes and titles, and block macros are left out and counted (structure.LEFT_OUT) as a
Markdown text's code is. A text without a telling name is read so only when it is clearly in that format
(`markup_of`): Markdown's '* item' bullets stay list items."""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from functools import partial
from operator import itemgetter
from pathlib import PurePath

from .plaintext import lines_of, text_blocks
from .structure import Block

__all__ = ["EXTENSIONS", "SHARED", "READERS", "markup_of", "named_markup", "org_blocks", "asciidoc_blocks"]

EXTENSIONS = {"org": (".org",), "asciidoc": (".adoc", ".asciidoc", ".asc")}
# extensions other files share: '.asc' is PGP's too (ASCII armor) and any ASCII text's; by content (named_markup)
SHARED = (".asc",)

# ---- Org -----------------------------------------------------------------------------------------------------------

_ORG_HEADING = re.compile(r"^(\*+)\s+(.*?)\s*$")
_ORG_TITLE = re.compile(r"^(?:(?:TODO|DONE|NEXT|WAITING|CANCELL?ED)\s+)?(?:\[#[A-Z0-9]\]\s*)?(?:COMMENT\s+)?(.*?)"
                        r"(?:\s+\[\d*(?:/\d*|%)\])?(?:\s+:[\w@#%:]+:)?$")
_ORG_KEYWORD = re.compile(r"^\s*#\+(\w+)(?:\[[^\]]*\])?:\s*(.*)$")
_ORG_BLOCK = re.compile(r"^\s*#\+begin_(\w+)", re.I)
_LATEX_ENV = re.compile(r"^\s*\\begin\{([\w*]+)\}")  # a LaTeX environment: a displayed equation
_ORG_BLOCK_KINDS = {"src": "code lines", "example": "code lines", "export": "code lines", "comment": "comments"}
_ORG_KEYWORDS = {"caption": "captions", "results": "code lines", "call": "code lines", "html": "code lines",
                 "latex": "code lines", "name": "directives", "include": "directives", "toc": "directives",
                 "label": "directives", "tblfm": "table and figure lines", "plot": "table and figure lines"}
# other keywords: 'front matter' (#+AUTHOR:, #+OPTIONS:); #+ATTR_HTML: and the like: 'directives'
_DRAWER = re.compile(r"^\s*:[\w-]+:\s*$")
_DRAWER_END = re.compile(r"^\s*:end:\s*$", re.I)
_PLANNING = re.compile(r"^\s*(?:SCHEDULED|DEADLINE|CLOSED):")
_IMAGE = r"[^\[\]\s]+\.(?:png|jpe?g|gif|svg|webp)(?:\?[^\[\]\s]*)?"  # an image's file or address
_TEXT = r"(?:[^\[\]\n]|\n(?![ \t]*\n))"  # a link's or a note's text: brackets aside, lines of one paragraph
_NESTED = r"\[(?:[^\[\]]|\[(?:[^\[\]]|\[[^\[\]]*\])*\])*\]"  # brackets in a link's text, paired, three deep
_ORG_NOTE = re.compile(rf"\[fn:[\w-]*:{_TEXT}*\]")  # a footnote's text in the line: [fn::It rains.]


class _Marked:
    """A regex of text between an opening and a closing mark: its text at most `reach` characters on the opening's
    line (`lines`=2: and at most `reach` more on the next), closed by the first closing mark after it. `opening` finds
    each opening mark, `closing` each closing one, their character in group 1 (a mark closes one of its character).
    `sub` is the regex's, with the same readings, in one pass: the regex is tried only from an opening with a closing
    mark of its own within reach (found by bisection), so no opening that never closes ('/a ' repeated) is looked
    ahead from `reach` characters far; the text between matches is `between`'s of it (None: as it is)."""

    def __init__(self, pattern: str, opening: str, closing: str, reach: int = 500, lines: int = 1,
                 between=None) -> None:
        self.regex, self.reach, self.lines, self.between = re.compile(pattern, re.M), reach, lines, between
        self.opening, self.closing = re.compile(opening, re.M), re.compile(closing, re.M)

    def sub(self, repl, text: str) -> str:
        """The text with each match replaced by `repl` (a function of the match), as re.sub."""
        closing: dict[str, list[int]] = {}  # where a mark of each character closes, in order
        for m in self.closing.finditer(text):
            closing.setdefault(m.group(1), []).append(m.start(1))
        between = self.between or str
        if not closing:  # no span closes: no opening is tried
            return between(text)
        line_ends = [m.start() for m in re.finditer("\n", text)] + [len(text)]

        def closes(ends: list[int], after: int, last: int) -> bool:  # a closing mark in after + 1 … last
            i = bisect_left(ends, after + 1)
            return i < len(ends) and ends[i] <= last

        out, at = [], 0
        for o in self.opening.finditer(text):
            inner, ends = o.end(1), closing.get(o.group(1), [])
            if o.start() < at or not ends:
                continue
            end = line_ends[bisect_left(line_ends, inner)]  # the opening line's end
            next_end = line_ends[bisect_left(line_ends, end + 1)] if end < len(text) else end
            if closes(ends, inner, min(inner + self.reach, end)) or (
                    self.lines > 1 and inner < end <= inner + self.reach and end < len(text)
                    and closes(ends, end, min(end + 1 + self.reach, next_end))):
                m = self.regex.match(text, o.start())
                if m:
                    out += [text[at:m.start()], repl(m)]
                    at = m.end()
        out.append(text[at:])
        if self.between:  # on the texts between matches (out's even items) only
            out[::2] = map(self.between, out[::2])
        return "".join(out)


def _org_emphasis(marks: str, lines: int) -> _Marked:
    """Org's emphasis with one of `marks`: text between two of the same mark, not spaced inside, after a space or
    one of -({'" and before a space or one of -.,;:!?')}[", on one line or across one line break (lines=2)."""
    more = "(?:\\n[^\\n]{0,500}?)?" if lines > 1 else ""
    after = r"""(?=[\s\-.,;:!?')}\["]|$)"""
    return _Marked(rf"(?:(?<=[\s\-({{'\"])|^)([{re.escape(marks)}])(?=\S)([^\n]{{1,500}}?{more})(?<=\S)\1{after}",
                   rf"(?:(?<=[\s\-({{'\"])|^)([{re.escape(marks)}])(?=\S)", rf"(?<=\S)([{re.escape(marks)}]){after}",
                   500, lines)


def _code_span(m: re.Match) -> str:
    """Org's =verbatim= or ~code~ as a Markdown code span (_as_code), the backslashes the marks before doubled put
    back."""
    text = m.group(2)
    return _as_code(_ESCAPED.sub(r"\1", text) if "\\" in text else text)


_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def _as_code(text: str) -> str:
    """A text as a Markdown code span: its backticks more than any run in it, two at least around an apostrophe
    (`x's' is a quote in Markdown's reading)."""
    run = max(map(len, _TICKS.findall(text)), default=0) if "`" in text else 0  # the longest run of backticks
    ticks = "`" * max(run + 1, 1 + ("'" in text))
    pad = " " * (text[0] == "`" or text[-1] == "`")
    return f"{ticks}{pad}{text}{pad}{ticks}"


_TICKS = re.compile("`+")


_ORG_MARKS = [(re.compile(r"[ \t]*\\\\[ \t]*$", re.M), ""),  # a forced line break: '\\' at a line's end
              (re.compile(r"\\(?=[!-/:-@\[-`{-~\n])"), r"\\\\"),  # Org has no escapes nor '\' breaks: a backslash
              (re.compile(r"&(?=#?\w+;)"), r"\\&"),  # nor entities: '&amp;' is text
              (re.compile(rf"\[\[[^\[\]\n]*\]\[\s*(?:(?:file:)?{_IMAGE}|\[\[[^\[\]\n]*\]\])?\s*\]\]"), ""),  # linked
              (re.compile(rf"\[\[(?:file:)?{_IMAGE}\]\]"), ""),  # an image
              (re.compile(rf"\[\[[^\[\]\n]*\]\[((?:{_TEXT}|{_NESTED})+)\]\]"), r"\1"),  # [[target][text]]: its text
              (re.compile(r"\[\[(?:mailto:)?([^\[\]\n]*)\]\]"), r"\1"),  # [[target]]
              (_ORG_NOTE, ""), (re.compile(r"\[fn:[\w-]+\]"), ""),  # footnotes' marks
              (re.compile(r"@@\w+:.*?@@"), ""),  # export snippets
              (_org_emphasis("/+", 2), itemgetter(2)),  # /italic/, +struck+ (around a verbatim: /=node.lib=/)
              (_org_emphasis("=~", 1), _code_span)]  # =verbatim=, ~code~ on one line ('=x=s … =y=' is no code)


def _org_markdown(lines: list[str]) -> tuple[list[str], Counter]:
    """Each line of an Org text as Markdown ('' for one left out, counted by kind)."""
    out, left, blocks, drawer, note, drawn = [], Counter(), [], False, False, False  # blocks: (its end, kind) open
    for line in lines:
        s, kind, md = line.strip(), None, ""
        if blocks and blocks[-1][0].match(s):
            kind = blocks.pop()[1]
        elif blocks and blocks[-1][1]:
            kind = blocks[-1][1]  # inside a block left out: code, an example, a comment, an equation
        elif m := _LATEX_ENV.match(line):
            blocks.append((re.compile(rf"^\\end\{{{re.escape(m.group(1))}\}}"), "equations"))
            left["equations"] += 1  # counted once
        elif drawer:
            kind, drawer = "fields", not _DRAWER_END.match(s)
        elif m := _ORG_BLOCK.match(line):
            name = m.group(1).lower()
            blocks.append((re.compile(rf"^#\+end_{re.escape(name)}\b", re.I), _ORG_BLOCK_KINDS.get(name)))
            # quote, verse, center, special blocks: their text is read
            kind = blocks[-1][1]
        elif _DRAWER.match(line) and not _DRAWER_END.match(line):
            kind, drawer = "fields", True
        elif m := _ORG_KEYWORD.match(line):
            key = m.group(1).lower()
            if key == "title" and m.group(2).strip():
                md = "\n# " + m.group(2).strip()  # a heading after a blank line, as Org's always is
            else:
                kind = _ORG_KEYWORDS.get(key, "directives" if key.startswith("attr_") else "front matter")
        elif m := _ORG_HEADING.match(line):
            title = _ORG_TITLE.match(m.group(2)).group(1)
            md = "\n" + "#" * min(len(m.group(1)) + 1, 6) + " " + title if title else ""
        elif re.match(r"^#(?:\s|$)", s):
            kind = "comments"
        elif s.startswith("#+"):
            kind = "directives"  # an '#+END_SRC' without its '#+BEGIN_SRC', an unknown '#+' line
        elif _DRAWER_END.match(s):
            kind = "fields"  # an ':END:' without its drawer
        elif s.startswith(("|", "+-")) or (drawn and s.startswith("+")):
            kind = "table and figure lines"  # Org's '|' table; a table.el table drawn in characters: from a line
            drawn = s.startswith("+-") or drawn  # opening with '+-' ('+----+----+') to one opening with neither
        elif re.match(r"^:(?:\s|$)", s):
            kind = "code lines"  # fixed-width lines (a result's output)
        elif _PLANNING.match(line):
            kind = "fields"
        elif re.match(r"^-{5,}$", s):  # a horizontal rule
            kind = "rules"
        elif re.match(r"^\[fn:[\w-]+\]", s) or (s and note):
            kind = "footnotes"  # a footnote's text, to a blank line
        else:
            md = s
        note, drawn = kind == "footnotes", drawn and kind == "table and figure lines"
        left[kind] += bool(kind and s and kind != "equations")
        out.append(md)
    return out, left


# ---- AsciiDoc ------------------------------------------------------------------------------------------------------

_ADOC_HEADING = re.compile(r"^(={1,6}|#{1,6})\s+(\S.*?)(?:\s+\1)?\s*$")
_ADOC_DELIMITERS = {"-": "code lines", ".": "code lines", "+": "code lines", "/": "comments",
                    "|": "table and figure lines", "`": "code lines", "=": None, "*": None, "_": None}
_ADOC_DELIMITER = re.compile(r"^(?:([-.+/=*_])\1{3,}|(`)\2{2}\w*|([|,:!])===)\s*$|^--\s*$")
_UNDERLINE = re.compile(r"^([=\-~^+])\1+$")  # a two-line title's underline: '=' (the document's), '-', '~', '^', '+'
_ADOC_ATTRIBUTE = re.compile(r"^:!?[\w-]+!?:(?:\s|$)")
_ADOC_BLOCK_ATTRIBUTES = re.compile(r"^\[\[?[^\]]*\]\]?\s*$")
_ADOC_ADMONITION = re.compile(r"^(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION):\s+")
_ADOC_LABEL = re.compile(r"^\[(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*$")
_ADOC_MACRO = re.compile(r"^[a-z]+::\S*\[.*\]\s*$")  # image::, include::, toc::, video::
_ADOC_ITEM = re.compile(r"^(?:\*{1,5}|-|\.{1,5})\s+(?=\S)")
_ADOC_TERM = re.compile(r"^(\S.*?)(?::{2,4}|;;)(?:\s+(.*))?$")  # 'Term:: its definition'
# a link's text: a code span in it may hold brackets ('[`[[Prototype]]`]'); a lone backtick is text
_LINK_TEXT = r"(?:`[^`\n]*`|`(?![^`\n]*`)|[^\[\]\n`]|\n(?![ \t]*\n))"
# Asciidoctor's monospace: ``text`` anywhere; `text` with no space inside its marks, none after a word character, one
# of ;:"'`} or a backslash (its escape), or before a word character, quote or backtick ('a`b`c', '`+a `', '\`a`' are
# none); on a line or across one break. Read as Markdown's code spans (_monospace); any other backtick is text
# ('&#96;', its escaping backslash dropped), no code span's mark
_SPAN = r"[^\n]{0,500}?(?:\n[^\n]{0,500}?)?"
_ADOC_MONOSPACE = _Marked(rf"``([^\n]{_SPAN})``|(?:^|(?<=[^\w;:\"'`}}\\]))`(\S(?:{_SPAN}\S)??)`(?![\w\"'`])",
                          r"(``|(?:^|(?<=[^\w;:\"'`}\\]))`(?=\S))", r"(``|(?<=\S)`(?![\w\"'`]))", 500, 2,
                          partial(re.compile(r"\\?`").sub, "&#96;"))


def _monospace(m: re.Match) -> str:
    """AsciiDoc's monospace as a Markdown code span, its `+passthrough+` text as written."""
    inner = m.group(1) or m.group(2)
    return _as_code(inner[1:-1] if len(inner) > 2 and inner[0] == inner[-1] == "+" else inner)


_ADOC_NOTE = re.compile(rf"\bfootnote(?:ref)?:[\w-]*\[(?:{_TEXT}|\[{_TEXT}*\])*\]")
_ADOC_MARKS = [(_ADOC_NOTE, ""),
               (re.compile(r"\b(?:https?://|link:)[^\s\[]*\[image:[^\s\[]*\[[^\[\]]*\]\]"), ""),  # linked images
               (re.compile(r"\bimage:[^\s\[:][^\s\[]*\[[^\[\]]*\]"), ""),  # images
               (re.compile(r"<<[^,<>\n]*,\s*((?:[^<>\n]|\n(?![ \t]*\n))+)>>"), r"\1"),  # xrefs: their text
               (re.compile(r"<<([^,<>\n]+)>>"), r"\1"),
               (re.compile(rf"\b(?:https?://|link:|mailto:|xref:)[^\s\[]*\[({_LINK_TEXT}+)\]"), r"\1"),  # its text
               (re.compile(r"(?<!`)\[\[[^\[\]\n]*\]\](?!`)|\[[#.][\w.#-]*\](?=#)"), ""),  # anchors; an id, a role
               (re.compile(r"\b(?:link:|xref:|mailto:)([^\s\[]*)\[\]"), r"\1"),
               (re.compile(rf"\b(?:kbd|btn|menu|pass|stem|latexmath|asciimath):[^\s\[]*\[({_TEXT}*)\]"), r"\1"),
               (re.compile(r"(?<![\w#])#(?=\S)([^#\n]{1,500}?)(?<=\S)#(?![\w#])"), r"\1"),  # #highlight#
               (_ADOC_MONOSPACE, _monospace), (re.compile(r" \+$", re.M), "")]  # a line break


def _asciidoc_markdown(lines: list[str]) -> tuple[list[str], Counter]:
    """Each line of an AsciiDoc text as Markdown ('' for one left out, counted by kind)."""
    out, left, blocks, literal = [], Counter(), [], False  # blocks: the delimited blocks open
    first = next((i for i, ln in enumerate(lines) if ln.strip() and not ln.startswith("//")
                  and not _ADOC_ATTRIBUTE.match(ln)), None)
    header = first is not None and lines[first].startswith("= ")
    below = next((i for i in range(first + 1, len(lines)) if not lines[i].strip()), len(lines)) if header else 0
    for i, line in enumerate(lines):
        s, kind, md = line.strip(), None, ""
        if blocks and s == blocks[-1][0]:
            kind = blocks.pop()[1]
        elif blocks and blocks[-1][1]:
            kind = blocks[-1][1]  # inside a block left out: a listing, a table, a comment
        elif (m := _UNDERLINE.match(s)) and out and out[-1] and not out[-1].lstrip().startswith(("#", "- ")) \
                and abs(len(s) - len(lines[i - 1].strip())) <= 1 and (i < 2 or not lines[i - 2].strip()):
            out[-1] = "\n" + "#" * " =-~^+".index(s[0]) + " " + out[-1]  # a two-line title: the underline's level
        elif (m := _ADOC_DELIMITER.match(line)) and not literal:
            mark = m.group(1) or m.group(2) or ("|" if m.group(3) else "-")
            kind = _ADOC_DELIMITERS[mark] if s != "--" else None  # '--': an open block, its text read
            blocks.append(("```" if m.group(2) else s, kind))  # a fence '```python' closes with '```'
        elif header and first < i < below or _ADOC_ATTRIBUTE.match(line):
            kind = "front matter"  # the author and revision lines under the title, attribute entries
        elif not s:
            literal = False
        elif literal or (line[:1].isspace() and (i == 0 or not lines[i - 1].strip()) and not _ADOC_ITEM.match(s)):
            kind, literal = "code lines", True  # a literal paragraph: indented after a blank line
        elif s.startswith("//"):
            kind = "comments"
        elif m := _ADOC_HEADING.match(line):
            md = "\n" + "#" * len(m.group(1)) + " " + m.group(2)  # a heading, even under a paragraph's line
        elif _ADOC_LABEL.match(s):
            kind = "labels"
        elif _ADOC_BLOCK_ATTRIBUTES.match(s) or _ADOC_MACRO.match(s):
            kind = "directives"
        elif re.match(r"^\.[^\s.]", s):
            kind = "captions"  # a block's title
        elif s in ("+", "<<<"):
            pass  # a list continuation, a page break: marks
        elif s == "'''":
            kind = "rules"
        else:
            if m := _ADOC_ADMONITION.match(s):
                left["labels"] += 1
                s = s[m.end():]
            if m := _ADOC_ITEM.match(s):
                s = "- " + s[m.end():]
            elif m := _ADOC_TERM.match(s):
                s = "- " + m.group(1) + (": " + m.group(2) if m.group(2) else "")
            md = s
        left[kind] += bool(kind and s)
        out.append(md)
    return out, left


def _blocks(markdown, marks: list, notes: re.Pattern, text: str) -> tuple[list[Block], dict[str, int]]:
    """text_blocks of a text's lines as Markdown (`markdown`), its own inline `marks` taken off first (footnotes'
    texts in a line, `notes`, counted)."""
    md, left = markdown(lines_of(text))
    md = "\n".join(md)
    left["footnote texts"] += len(notes.findall(md))
    for pattern, repl in marks:
        md = pattern.sub(repl, md)
    blocks, more = text_blocks(md, markdown=True)
    left.update(more)
    return blocks, {k: n for k, n in left.items() if k and n}


def org_blocks(text: str) -> tuple[list[Block], dict[str, int]]:
    """Headings and paragraphs of an Org-mode text, and the lines left out of each kind (as text_blocks)."""
    return _blocks(_org_markdown, _ORG_MARKS, _ORG_NOTE, text)


def asciidoc_blocks(text: str) -> tuple[list[Block], dict[str, int]]:
    """Headings and paragraphs of an AsciiDoc text, and the lines left out of each kind (as text_blocks)."""
    return _blocks(_asciidoc_markdown, _ADOC_MARKS, _ADOC_NOTE, text)


READERS = {"text": text_blocks, "org": org_blocks, "asciidoc": asciidoc_blocks}  # a text's blocks by its format
_ORG_START = re.compile(r"^(?:#\+\w+:|.*-\*-.*\bmode:\s*org\b)", re.I)  # '#+TITLE: Rivers', '-*- mode: org -*-'
_ORG_SECTION = re.compile(r"(?m)^\*+ \S")
_ADOC_SECTION = re.compile(r"(?m)^==(?:=){0,4} \S(?:.*[^=\s])?\s*$")


def _asciidoc_marks(text: str) -> tuple[bool, bool]:
    """(a '= Title' first line without a closing '=' after comments and attribute entries, a '== Section' line)."""
    lines = (ln for ln in text.splitlines() if ln.strip())
    first = next(lines, "")
    while first.startswith("//") or _ADOC_ATTRIBUTE.match(first):
        first = next(lines, "")
    return bool(re.match(r"^= \S(?:.*[^=\s])?\s*$", first)), bool(_ADOC_SECTION.search(text))


def markup_of(text: str, name: str = "") -> str | None:
    """'org' or 'asciidoc' for a text of that format — by its name's extension (named_markup), else only when clearly
    so (Org: a '#+TITLE:'-like keyword line or a '-*- mode: org -*-' line first, and a '* ' heading; AsciiDoc: a
    '= Title' first line, without a closing '=', and a '== Section'; a Markdown text that shows Org in a code block is
    neither) — else None."""
    if kind := named_markup(name, text):
        return kind
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    if _ORG_START.match(first) and _ORG_SECTION.search(text):
        return "org"
    return "asciidoc" if all(_asciidoc_marks(text)) else None


def named_markup(name: str, text: str = "") -> str | None:
    """'org' or 'asciidoc' for a file name with that format's extension (EXTENSIONS); with an extension other files
    share (SHARED: '.asc') only when `text` shows AsciiDoc's markup (a '= Title' first line or a '== Section': a PGP key
    or signature, a LaTeX source or a plain text named so shows neither), else None."""
    ext = PurePath(name).suffix.lower() if name else ""
    if ext in SHARED and not any(_asciidoc_marks(text)):
        return None
    return next((kind for kind, exts in EXTENSIONS.items() if ext in exts), None)
