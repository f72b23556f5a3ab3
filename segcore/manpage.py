"""A manual page in roff with the man(7) macros (written by hand, pod2man, help2man or DocBook) read into blocks
(segcore.structure.Block): .SH and .SS titles as headings, paragraphs broken by .PP, .LP, .P, .sp, .br, .TP and .IP
(an item's tag opens its paragraph), font, size and character escapes resolved (groff_char(7)'s common names).
Not text: macro and string definitions, conditionals, comments, index entries; left out and counted
(structure.LEFT_OUT): no-fill and example blocks (.nf/.fi, .EX/.EE, pod2man's .Vb/.Ve), tbl tables, eqn equations,
and files it includes with .so. A BSD mdoc(7) page is refused with a message."""
from __future__ import annotations

import re
from collections import Counter

from .errors import InputError
from .structure import Block, split_number

__all__ = ["man_blocks", "looks_like_man"]

_TH = re.compile(r"^\.TH\s", re.M)
_MDOC = re.compile(r"^\.Dd\b.*\n(?:.*\n){0,20}?\.Dt\b", re.M)
_CHARS = {"em": "—", "en": "–", "hy": "-", "mi": "-", "bu": "•", "lq": "“", "rq": "”", "oq": "‘", "cq": "’",
          "aq": "'", "dq": '"', "co": "©", "rg": "®", "tm": "™", "mu": "×", "de": "°", "+-": "±", "->": "→",
          "<-": "←", ">=": "≥", "<=": "≤", "!=": "≠", "ga": "`", "ti": "~", "ha": "^", "rs": "\\", "sl": "/",
          "ba": "|", "lB": "[", "rB": "]", "lC": "{", "rC": "}", "la": "⟨", "ra": "⟩", "Fo": "«", "Fc": "»",
          "sc": "§", "ps": "¶", "dg": "†", "L\"": "“", "R\"": "”", "C+": "C++", "--": "—", "PI": "π", "Tm": "™",
          "R": "®", "C`": "“", "C'": "”"}
_ESCAPE = re.compile(r"""\\(?:
    \((?P<two>..)                      # \(em
  | \[(?P<long>[^\]]*)\]               # \[em], \[u00E9]
  | \*(?:\((?P<str2>..)|\[(?P<strl>[^\]]*)\]|(?P<str1>.))   # strings: \*(lq, \*[name], \*R
  | [fFmMgnY](?:\(..|\[[^\]]*\]|.)     # font, colour, register: no text
  | s[-+]?(?:\d\d?|\(..|\[[^\]]*\]|'[^']*')   # size
  | [hvwlLoZXbxDNRSk]'[^']*'           # motions, width, overstrike, device control: no text
  | (?P<space>[ 0~t])                  # spaces, a tab
  | (?P<plain>[-e.\\'`])               # \- \e \. \\ \' \`
  | (?P<gone>[&|^%:c!}{acdpru,/])      # zero-width, italic corrections and flow
  | (?P<other>.)
)""", re.X)
_BREAKS = frozenset("PP LP P sp br HP RS RE PD TQ Sp ne in ti bp ce".split())
_ITALIC_PAIRS = frozenset("BI BR IB IR RB RI".split())
_FONTS = frozenset("B I SM SB".split())
_CODE = {"nf": "fi", "EX": "EE", "Vb": "Ve"}
_SKIPPED = {"TS": ("TE", "tables"), "EQ": ("EN", "equations"), "PS": ("PE", None), "ig": ("..", None)}
_DEFINITIONS = frozenset("de de1 am am1 dei".split())


def looks_like_man(head: str) -> bool:
    """Whether a text's start reads as a roff manual page: it opens with a request or comment and has .TH (man) or
    .Dd and .Dt (mdoc)."""
    first = head.lstrip()[:1]
    return first in (".", "'") and bool(_TH.search(head) or _MDOC.search(head))


def _escapes(m: re.Match) -> str:
    g = m.groupdict()
    name = g["two"] or g["long"] or g["str2"] or g["strl"] or g["str1"]
    if name is not None:
        if re.fullmatch(r"u[0-9A-Fa-f]{4,6}", name):  # a code point; none past U+10FFFF, no surrogate
            code = int(name[1:], 16)
            return chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else ""
        return _CHARS.get(name, "")
    if g["space"]:
        return " "
    if g["plain"]:
        return {"e": "\\", "-": "-", "'": "'", "`": "`"}.get(g["plain"], g["plain"])
    return g["other"] or ""


def _text(line: str) -> str:
    """A line's text: a comment (\\") cut off, escapes resolved."""
    at = line.find('\\"')
    while at > 0 and line[at - 1] == "\\" and (at < 2 or line[at - 2] != "\\"):  # \\" is a backslash and a quote
        at = line.find('\\"', at + 2)
    if at >= 0:
        line = line[:at]
    return _ESCAPE.sub(_escapes, line)


def _arguments(rest: str) -> list[str]:
    """A request's arguments: words, or strings in double quotes ("" a quote inside)."""
    return [a[1:-1].replace('""', '"') if a.startswith('"') else a
            for a in re.findall(r'"(?:[^"]|"")*"?|(?:\\.|[^\s\\])+|\\$', rest)]


def _table_words(lines: list[str]) -> int:
    """Words of a tbl table's rows: after its format section (the lines up to one that ends with a full stop)."""
    formats = next((j + 1 for j, x in enumerate(lines) if x.rstrip().endswith(".")), 0)
    return sum(len(re.findall(r"\w+", _text(x))) for x in lines[formats:] if not x.startswith((".", "'")))


class _Reader:
    """Reads the lines once, keeping the paragraph under way."""

    def __init__(self):
        self.blocks: list[Block] = []
        self.left_out: Counter = Counter()
        self.parts: list[str] = []
        self.heading = 0  # the level of a heading whose title is on the next line
        self.tag = False  # the next line is an item's tag (.TP)

    def flush(self):
        text = " ".join(" ".join(self.parts).split())
        self.parts = []
        if text:
            self.blocks.append(Block(text))

    def add(self, text: str):
        text = " ".join(text.split())
        if not text:
            return
        if self.heading:
            self.blocks.append(Block(text, self.heading, split_number(text)[0]))
            self.heading = 0
        elif self.tag:
            self.parts.append(text + ("" if text[-1] in ".:;,!?" else ":"))
            self.tag = False
        else:
            self.parts.append(text)

    def request(self, name: str, rest: str):
        args = _arguments(rest)
        if name in ("SH", "SS"):
            self.flush()
            self.heading = 1 if name == "SH" else 2
            if args:
                self.add(_text(" ".join(args)))
        elif name in _BREAKS:
            self.flush()
        elif name == "TP":
            self.flush()
            self.tag = True
        elif name == "IP":
            self.flush()
            tag = _text(args[0]).strip() if args else ""
            if tag and tag not in ("•", "*", "-", "o", "·"):
                self.tag = True
                self.add(tag)
        elif name in _FONTS:
            if args:
                self.add(_text(" ".join(args)))
        elif name in _ITALIC_PAIRS:
            self.add(_text("".join(args)))
        elif name == "SY":  # a synopsis: the command opens a paragraph
            self.flush()
            self.add(_text(" ".join(args)))
        elif name == "OP":
            self.add(_text("[" + " ".join(args) + "]"))
        elif name in ("UE", "ME"):  # a link's end: the punctuation that follows it
            self.add(_text("".join(args)))


def man_blocks(text: str) -> tuple[list[Block], dict[str, int]]:
    """Headings and paragraphs of a man(7) page and the counts of what was left out (see the module's docstring);
    InputError for an mdoc(7) page."""
    if _MDOC.search(text[:20000]) and not _TH.search(text[:20000]):
        raise InputError("a BSD mdoc manual page (.Dd, .Dt): render it as text first, e.g. mandoc -T utf8 PAGE")
    reader, lines, i = _Reader(), text.splitlines(), 0
    while i < len(lines):
        line = lines[i]
        i += 1
        while re.search(r"(?<!\\)(?:\\\\)*\\$", line) and i < len(lines):  # an escaped newline joins the next line
            line = line[:-1] + lines[i]
            i += 1
        if not line.startswith((".", "'")):
            reader.add(_text(line))
            continue
        m = re.match(r"""[.']\s*(\\".*|[^\s\\]*)\s*(.*)""", line)  # a comment, or a name up to a space or \\
        name, rest = m.group(1), m.group(2)
        if name.startswith('\\"'):
            continue
        if name in _DEFINITIONS or name in _SKIPPED:
            end, kind = ("..", None) if name in _DEFINITIONS else _SKIPPED[name]
            start = i
            while i < len(lines) and not re.match(r"\.\.(?:\s|$)" if end == ".." else r"[.']\s*" + end + r"\b",
                                                  lines[i]):
                i += 1
            if kind:
                reader.flush()
                reader.left_out[kind] += _table_words(lines[start:i]) if kind == "tables" else 1
            i += 1
        elif name in _CODE:
            reader.flush()
            start = i
            while i < len(lines) and not re.match(r"[.']\s*" + _CODE[name] + r"\b", lines[i]):
                i += 1
            reader.left_out["code lines"] += sum(1 for x in lines[start:i] if not x.startswith((".", "'")))
            i += 1
        elif name in ("if", "ie", "el"):
            depth = line.count("\\{") - line.count("\\}")
            while depth > 0 and i < len(lines):
                depth += lines[i].count("\\{") - lines[i].count("\\}")
                i += 1
        elif name == "so":
            reader.left_out["includes"] += 1
        else:
            reader.request(name, rest)
    reader.flush()
    return reader.blocks, {k: v for k, v in reader.left_out.items() if v}
