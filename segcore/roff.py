"""roff's text as a manual page's reader takes it (segcore.manpage reads a page's lines with it): font, size and
character escapes resolved (`line_text`: groff_char(7)'s common names, its accented and Greek letters), a comment cut
off (`uncommented`), a request's arguments (`arguments`); and `ManReader`, the paragraph under way and the man(7)
macros: .SH and .SS titles as headings, paragraphs broken by .PP, .LP, .P, .sp, .br, .TP and .IP (an item's tag opens
its paragraph, .TQ adds a tag; not by roff's requests called with "'", `NO_BREAK`; paragraphs and items set apart
by the distance .PD sets) and by a blank line (groff's .sp; not between an item's tag and its text), links (.UR, .MT).
An item's tag is followed by a colon when its text follows, unless it ends in one or in a word's mark ('1.', 'etc.'):
a key's or a synopsis's mark ('~.', '?', 'file ...') takes one too."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from fractions import Fraction

from .structure import SENTENCE_END, Block, split_number

__all__ = ["ManReader", "line_text", "arguments", "uncommented", "sets_space", "BULLETS", "FONTS",
           "ITALIC_PAIRS", "NO_BREAK"]

_CHARS = {"em": "—", "en": "–", "hy": "-", "mi": "-", "bu": "•", "lq": "“", "rq": "”", "oq": "‘", "cq": "’",
          "aq": "'", "dq": '"', "co": "©", "rg": "®", "tm": "™", "mu": "×", "de": "°", "+-": "±", "->": "→",
          "<-": "←", ">=": "≥", "<=": "≤", "!=": "≠", "ga": "`", "ti": "~", "ha": "^", "rs": "\\", "sl": "/",
          "ba": "|", "lB": "[", "rB": "]", "lC": "{", "rC": "}", "la": "⟨", "ra": "⟩", "Fo": "«", "Fc": "»",
          "sc": "§", "ps": "¶", "at": "@",
          "dg": "†", "L\"": "“", "R\"": "”", "C+": "C++", "--": "—", "PI": "π", "Tm": "™",
          "R": "®", "C`": "“", "C'": "”", "ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "/o": "ø",
          "/O": "Ø", "/l": "ł", "/L": "Ł", "-D": "Đ", "Sd": "ð", "TP": "Þ", "Tp": "þ", ".i": "ı", "ts": "ς",
          "oa": "å", "oA": "Å", "vs": "š", "vS": "Š", "vz": "ž", "vZ": "Ž", '"o': "ő", '"O': "Ő", '"u': "ű", '"U': "Ű"}
# groff_char(7)'s composed letters: an accent's mark then any letter ('e é, :a ä, ,c ç, ^o ô, ~n ñ, `e è; the ring,
# caron and double acute, whose marks begin other names too ('or' a bar, 'va' an arrow), are in the table above);
# Greek's '*' then the Latin letter groff names it by (*p π, *W Ω)
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", ":": "\u0308", ",": "\u0327"}
_GREEK = dict(zip("abgdezyhiklmncoprstufxqw", "αβγδεζηθικλμνξοπρστυφχψω"))
_ESCAPE = re.compile(r"""\\(?:
    \((?P<two>..)                      # \(em
  | \[(?P<long>[^\]]*)\]               # \[em], \[u00E9]
  | \*(?:\((?P<str2>..)|\[(?P<strl>[^\]]*)\]|(?P<str1>.))   # strings: \*(lq, \*[name], \*R
  | [fFmMgnY](?:\(..|\[[^\]]*\]|.)     # font, colour, register: no text
  | s[-+]?(?:\d\d?|\(..|\[[^\]]*\]|'[^']*')   # size
  | [hvwlLoZXbxDNRSk]'(?:\\w'[^']*'|[^'])*'   # motions (a width in them: \h'-\w'x'u'), overstrike …: no text
  | (?P<space>[ 0~t])                  # spaces, a tab
  | (?P<plain>[-e.\\'`])               # \- \e \. \\ \' \`
  | (?P<gone>[&|^%:c!}{acdpru,/])      # zero-width, italic corrections and flow
  | (?P<other>.)
)""", re.X)
# requests that break the line (groff's manual: .br, .sp, .in, .ti, .ce, .bp; man(7)'s paragraphs and .RS/.RE;
# pod2man's .Sp, '.if n .sp'); not .PD, which sets the distance of the paragraphs and items after it, nor .ne, which
# asks for room before the page's end: neither breaks
_BREAKS = frozenset("PP LP P sp br HP RS RE Sp in ti bp ce".split())
# of those, and of a no-fill block's .nf and .fi (`manpage`), roff's own requests, which the no-break control character
# ("'br", "'sp", "'in", "'nf") calls without their break (groff(7)): the line under way goes on; not the macros, whose
# own .br or .sp inside still break ("'PP", pod2man's "'Sp"), nor .bp, a macro of groff's man(7) that breaks for a
# terminal's page without end (an.tmac, -rcR=1)
NO_BREAK = frozenset("br sp in ti ce nf fi".split())
# breaks groff sets with space after the paragraph before, as it sets a blank line (`sets_space`): man(7)'s and
# mdoc(7)'s paragraphs (the distance .PD sets, a line), .sp but for half a line or less, and pod2man's .Sp (a line
# for nroff: '.if n .sp'); in a man(7) page its paragraphs and items set the distance .PD sets (`_PD_SPACED`)
_SPACED = frozenset("PP LP P HP sp Sp Pp Lp".split())
# man(7)'s paragraphs and items, whose space is the distance .PD sets (groff's an-old.tmac: '.sp \\n[PD]u' in .LP,
# .PP, .P, .HP, .TP, and .IP, which calls .TP for a tag); a line by default for nroff, none after '.PD 0'
_PD_SPACED = frozenset("PP LP P HP TP IP".split())
# .sp's distance, a number and its unit (v when none), in groff's basic units for -Tutf8 (240 an inch; a line is 40,
# a character's width 24); groff drops the fraction of a basic unit, then sets a whole number of lines, none for half
# a line or less ('.sp 0.5', '.sp 6p', '.sp 20u'), one for more ('.sp 0.55', '.sp 1n'); a negative one goes back up
_DISTANCE = re.compile(r"(-?)\+?(\d+\.?\d*|\.\d+)([uicpPmnv]?)")
_UNITS = {"u": 1, "i": 240, "c": Fraction(240 * 50, 127), "p": Fraction(240, 72), "P": 40, "m": 24, "n": 24, "v": 40}
_HALF_LINE = 20
ITALIC_PAIRS = frozenset("BI BR IB IR RB RI".split())
FONTS = frozenset("B I SM SB".split())
# an item's mark, not its tag: .IP's, or one a text line sets before the item's text ('\(bu\c', DocBook's for nroff)
BULLETS = frozenset("• * - o ·".split())

# a tag that needs no colon before its text: one ending in a colon, or a word's mark ('1.', 'etc.', 'f(),'); not a
# key's or a synopsis's ('~.', '?', 'name ...')
_TAG_END = re.compile(r"(?:[\w)\]\"'”’][.;,!?]|:)$")
# addresses alone (a URL, a mail address in angle brackets, the punctuation after them): groff sets them on
# a line of their own under the text they complete ('… the less homepage at' / '.br' / 'https://…'; DocBook's note
# '1. Title' / '.RS 4' / '\%https://…'), which they are read with
_ADDRESS = r"(?:[(<]?(?:(?:https?|ftp)://|www\.|mailto:)\S+|<[\w.+-]+@[\w-]+(?:\.[\w-]+)+>[).,;:]*)"
_ADDRESSES = re.compile(rf"{_ADDRESS}(?:\s+{_ADDRESS})*")
# an ellipsis before the brackets it closes ('[+extension...]]', '[...]', '(a, b, ...)'): a synopsis's mark of
# repetition or an omission inside them, which ends no sentence (one that ends a line of prose does: 'He waited...')
_BRACKETED_ELLIPSIS = re.compile(r"\.\.\.[)\]]+$")


def _char(name: str) -> str:
    """A character named as groff_char(7) names it: in the table, else a composed letter or a Greek one, else none."""
    if name in _CHARS or len(name) != 2 or not name[1].isalpha():
        return _CHARS.get(name, "")
    if name[0] == "*" and name[1].lower() in _GREEK:
        greek = _GREEK[name[1].lower()]
        return greek.upper() if name[1].isupper() else greek
    return unicodedata.normalize("NFC", name[1] + _ACCENTS[name[0]]) if name[0] in _ACCENTS else ""


def _escapes(m: re.Match) -> str:
    g = m.groupdict()
    name = g["two"] or g["long"] or g["str2"] or g["strl"] or g["str1"]
    if name is not None:
        if re.fullmatch(r"u[0-9A-Fa-f]{4,6}", name):  # a code point; none past U+10FFFF, no surrogate
            code = int(name[1:], 16)
            return chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else ""
        return _char(name)
    if g["space"]:
        return " "
    if g["plain"]:
        return {"e": "\\", "-": "-", "'": "'", "`": "`"}.get(g["plain"], g["plain"])
    return g["other"] or ""


def sets_space(name: str, args: list[str]) -> bool:
    """Whether a break request sets space after the paragraph before (`_SPACED`; .sp's distance as groff rounds it
    to lines, `_DISTANCE`; one it cannot read here, a register's or a sum, as a line)."""
    distance = _DISTANCE.fullmatch(args[0]) if name == "sp" and args else None
    if distance:
        sign, number, unit = distance.groups()
        return not sign and int(Fraction(number) * _UNITS[unit or "v"]) > _HALF_LINE
    return name in _SPACED


def uncommented(line: str) -> str:
    """A line without its comment (\\")."""
    at = line.find('\\"')
    while at > 0 and line[at - 1] == "\\" and (at < 2 or line[at - 2] != "\\"):  # \\" is a backslash and a quote
        at = line.find('\\"', at + 2)
    return line[:at] if at >= 0 else line


def line_text(line: str) -> str:
    """A line's text: a comment (\\") cut off, escapes resolved."""
    return _ESCAPE.sub(_escapes, uncommented(line))


def arguments(rest: str) -> list[str]:
    """A request's arguments: words, or strings in double quotes ("" a quote inside)."""
    return [a[1:-1].replace('""', '"') if a.startswith('"') else a
            for a in re.findall(r'"(?:[^"]|"")*"?|(?:\\.|[^\s\\])+|\\$', rest)]



class ManReader:
    """Reads the lines once, keeping the paragraph under way."""

    def __init__(self):
        self.blocks: list[Block] = []
        self.left_out: Counter = Counter()
        self.parts: list[str] = []
        self.heading = 0  # the level of a heading whose title is on the next line
        self.tag = False  # the next line is an item's tag (.TP)
        self.colon = False  # the tag just added takes a colon if the item's text follows it
        self.bare_tag = False  # the paragraph under way ends with an item's tag, its text not begun
        self.link: tuple[str, int, int] | None = None  # a link's address, and where its text begins (.UR, .MT)
        self.pd = True  # .PD's distance sets a line (before man(7)'s paragraphs and items: `_PD_SPACED`)
        self.apart = False  # space or a left-out block came after the last paragraph (a blank line, .PP, code): the
        # next is set apart from it
        self.centred = 0  # the text lines .ce still centres, each set on a line of its own (`centre`)

    def code_end(self, name: str, rest: str) -> str | None:
        """The request that ends a code block opened by `name` beyond the man macros' own (none here)."""
        return None

    def flush(self):
        """The paragraph under way ends; one of addresses only joins the paragraph before, whose text it completes,
        unless groff set space or printed a block between them (a blank line, a paragraph's macro, .sp, code left
        out: `blank`, `sets_space`, `leave_out`)."""
        text = " ".join(" ".join(self.parts).split())
        self.parts, self.colon, self.bare_tag = [], False, False
        if text and self.blocks and not self.blocks[-1].level and not self.apart and _ADDRESSES.fullmatch(text):
            self.blocks[-1] = Block(f"{self.blocks[-1].text} {text}")
        elif text:
            self.blocks.append(Block(text))
        self.apart = self.apart and not text

    def leave_out(self, kind: str, count: int):
        """A block groff prints and the reader leaves out (a no-fill or code block, a tbl table, an equation; counted
        as `count` of `kind`): the paragraph under way ends before it, and the next is set apart from that one, as
        the block's lines stand between them (an address after it completes no text before it: `flush`)."""
        self.flush()
        self.left_out[kind] += count
        self.apart = True

    def unbroken(self, name: str, args: list[str]):
        """A break request called with the no-break control character (`NO_BREAK`): all it does but the break, of
        which the reader reads .sp's space; it sets the next paragraph apart only when no line is under way (groff
        sets it between the lines of the paragraph under way, which goes on)."""
        self.apart = self.apart or (not self.parts and sets_space(name, args))
        self.centre(name, args)

    def centre(self, name: str, args: list[str]):
        """.ce N centres the next N text lines (1 when N is not given, none after '.ce 0'): groff breaks after each,
        so each ends the paragraph under way (the first takes the line under way when "'ce" did not break it)."""
        if name == "ce":
            self.centred = int(args[0]) if args and args[0].isdigit() else 1

    def spaced(self, name: str, args: list[str]) -> bool:
        """Whether a break request or man(7)'s macro sets space before what follows it: .PD's distance for man(7)'s
        paragraphs and items (`_PD_SPACED`), else `sets_space`."""
        return self.pd if name in _PD_SPACED else sets_space(name, args)

    def next_item(self):
        """A list item's tag follows: tags standing alone share the text that comes after them ('-a, -b: …'; a
        compact list of bare names reads as one line of them), else the paragraph under way ends."""
        if self.colon:  # a tag without text yet
            self.parts[-1] += ","
            self.colon = False
        else:
            self.flush()

    def add(self, text: str):
        text = " ".join(text.split())
        if not text:
            return
        if self.heading:
            self.blocks.append(Block(text, self.heading, split_number(text)[0]))
            self.heading = 0
        elif self.tag:
            self.parts.append(text)
            self.tag, self.colon, self.bare_tag = False, not _TAG_END.search(text), True
        else:
            self.bare_tag = False
            if self.colon:
                self.parts[-1] += ":"
                self.colon = False
            self.parts.append(text)
            if self.centred:
                self.centred -= 1
                self.flush()

    def blank(self):
        """A blank text line: for groff a break with space, as .sp, so the paragraph under way ends; not while an
        item's tag is awaited (.TP's is the next line with text) or waits for its text (groff sets them apart, but
        the tag still heads its item); the next paragraph is set apart, one of addresses too (`flush`)."""
        if not (self.tag or self.bare_tag):
            self.flush()
            self.apart = True

    def indented_line(self, text: str):
        """A text line that starts with a space or a tab: for groff a break (.br) before it. The paragraph under way
        ends there when its text ends a sentence (an indented example or option after prose; an ellipsis before a
        closing bracket ends none: `_BRACKETED_ELLIPSIS`); else the indent continues what the line before began (a
        command's continued lines, a prototype's arguments, lines written with spaces: a YAML or JSON value) and reads
        on, as it does while an item's tag waits for its text."""
        last = self.parts[-1] if self.parts else ""
        if last and not (self.tag or self.bare_tag) and SENTENCE_END.search(last) \
                and not _BRACKETED_ELLIPSIS.search(last):
            self.flush()
        self.add(text)

    def request(self, name: str, rest: str) -> bool:
        """A request or macro line read; False when the reader has no reading of `name`."""
        args = arguments(rest)
        if name in ("SH", "SS"):
            self.flush()
            self.heading = 1 if name == "SH" else 2
            if args:
                self.add(line_text(" ".join(args)))
        elif name in _BREAKS:
            self.flush()
            self.apart = self.apart or self.spaced(name, args)
            self.centre(name, args)
        elif name in ("TP", "TQ"):  # .TQ: another tag of the item (groff's man(7)), with no space before it
            self.next_item()
            self.tag = True
            self.apart = self.apart or self.spaced(name, args)
        elif name == "PD":  # the distance, read as .sp's; none given: the default, a line for nroff
            self.pd = sets_space("sp", args) if args else True
        elif name == "IP":
            tag = line_text(args[0]).strip() if args else ""
            if tag and tag not in BULLETS:
                self.next_item()
                self.tag = True
                self.add(tag)
            else:  # a mark alone ('.IP \(bu') or none: an item groff sets as a paragraph (indented, below .PD's space)
                self.flush()
            self.apart = self.apart or self.spaced(name, args)
        elif name in FONTS:
            if args:
                self.add(line_text(" ".join(args)))
        elif name in ITALIC_PAIRS:
            self.add(line_text("".join(args)))
        elif name == "SY":  # a synopsis: the command opens a paragraph
            self.flush()
            self.add(line_text(" ".join(args)))
        elif name == "OP":
            self.add(line_text("[" + " ".join(args) + "]"))
        elif name in ("UR", "MT"):
            self.link = (line_text(args[0]) if args else "", len(self.parts), len(self.blocks))
        elif name in ("UE", "ME"):  # a link's end: its address when it has no text of its own, then the punctuation
            bare = self.link and self.link[0] and self.link[1:] == (len(self.parts), len(self.blocks))
            self.add((f"<{self.link[0]}>" if bare else "") + line_text("".join(args)))
            self.link = None
        else:
            return False
        return True
