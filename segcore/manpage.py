"""A manual page in roff with the man(7) macros (written by hand, pod2man, help2man or DocBook) read into blocks
(segcore.structure.Block): .SH and .SS titles as headings, paragraphs broken by .PP, .LP, .P, .sp, .br, .TP and .IP
(an item's tag opens its paragraph, .TQ adds a tag), font, size and character escapes resolved (groff_char(7)'s common
names, its accented and Greek letters); a conditional line read when nroff's condition holds (`_condition`).
Not text: macro and string definitions, other conditionals, comments, index entries; left out and counted
(structure.LEFT_OUT): no-fill and example blocks (.nf/.fi, .EX/.EE, pod2man's .Vb/.Ve; a section heading ends one too),
tbl tables, eqn equations, and files it includes with .so. A BSD mdoc(7) page is read by its macros (`_MdocReader`): .Sh
and .Ss as headings, .Pp as a paragraph break, a list's .It tag opening its paragraph, a column list's row as its cells
between bars, the inline macros as their words (`_mdoc_words`; .St and .Lb as the standard's and the library's names),
literal displays (.Bd -literal, .Dl) left out as code. An item's tag is followed by a colon when its text follows,
unless it ends in one or in a word's mark ('1.', 'etc.'): a key's or a synopsis's mark ('~.', '?', 'file ...') takes one
too."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter

from .mdocnames import LIBRARIES, STANDARDS
from .structure import Block, split_number

__all__ = ["man_blocks", "looks_like_man", "redirect_target", "starts_like_roff"]

_TH = re.compile(r"^\.TH\s", re.M)
_SO = re.compile(r"\.so\s+\S")
_MDOC = re.compile(r"^\.Dd\b.*\n(?:.*\n){0,20}?\.Dt\b", re.M)
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
  | [hvwlLoZXbxDNRSk]'[^']*'           # motions, width, overstrike, device control: no text
  | (?P<space>[ 0~t])                  # spaces, a tab
  | (?P<plain>[-e.\\'`])               # \- \e \. \\ \' \`
  | (?P<gone>[&|^%:c!}{acdpru,/])      # zero-width, italic corrections and flow
  | (?P<other>.)
)""", re.X)
_BREAKS = frozenset("PP LP P sp br HP RS RE PD Sp ne in ti bp ce".split())
_ITALIC_PAIRS = frozenset("BI BR IB IR RB RI".split())
_FONTS = frozenset("B I SM SB".split())
# an item's mark, not its tag: .IP's, or one a text line sets before the item's text ('\(bu\c', DocBook's for nroff)
_BULLETS = frozenset("• * - o ·".split())
_CODE = {"nf": "fi", "EX": "EE", "Vb": "Ve"}
_SKIPPED = {"TS": ("TE", "tables"), "EQ": ("EN", "equations"), "PS": ("PE", None)}
# a section heading, which ends a no-fill block left open (man's .SH and .SS restore filling, mdoc's close blocks)
_SECTION = re.compile(r"[.']\s*S[HShs]\b")
# a line of a no-fill block that prints words: a text line, or a font macro's with its words ('.BI "int f(int " x );')
_PRINTS = re.compile(r"(?![.'])|[.']\s*(?:" + "|".join(_FONTS | _ITALIC_PAIRS) + r")\s+\S")
# requests whose lines up to an end are never text: macro definitions, and .ig's ignored lines
_DEFINITIONS = frozenset("de de1 am am1 dei ig".split())
# a string's definition: '.ds d /etc/terminfo'
_DS = re.compile(r'[.\']\s*ds\s+(\S+)[ \t]?"?(.*)')
# a definition's value as groff reads it (copy mode): '\\' is one backslash, a register's value is put in (none is
# known: nothing), a comment is cut off
_COPY = re.compile(r'\\\\|\\n(?:\(..|\[[^\]]*\]|[^(\[])|\\".*')
# a line that may define a string: a definition, or a conditional request ('.if n .ds TX TeX', '.el .ds Aq \'')
_MAY_DEFINE = re.compile(r"^[.']\s*(ds|if|ie|el)\b(.*)$", re.M)
# a macro the page defines whose body is text lines only (no request) up to its end: '.de C' / '\\$1\\$2' / '..' …
_TEXT_MACRO = re.compile(r"^[.']\s*de\s+(\S+)(.*)\n((?:(?![.'])[^\n]*\n)+)(.*)", re.M)
_MACRO_ARGUMENT = re.compile(r"\\\\\$(\d|\*|@)")  # \\$1 in a definition: its call's first argument
_STRING_CALL = re.compile(r"(?<!\\)\\\*(?:\((..)|\[([^\]\s]*)\]|([^(\[]))")  # \*d, \*(lq, \*[name]
# a tag that needs no colon before its text: one ending in a colon, or a word's mark ('1.', 'etc.', 'f(),'); not a
# key's or a synopsis's ('~.', '?', 'name ...')
_TAG_END = re.compile(r"(?:[\w)\]\"'”’][.;,!?]|:)$")
# addresses alone (a URL, a mail address in angle brackets, the punctuation after them): groff sets them on
# a line of their own under the text they complete ('… the less homepage at' / '.br' / 'https://…'; DocBook's note
# '1. Title' / '.RS 4' / '\%https://…'), which they are read with
_ADDRESS = r"(?:[(<]?(?:(?:https?|ftp)://|www\.|mailto:)\S+|<[\w.+-]+@[\w-]+(?:\.[\w-]+)+>[).,;:]*)"
_ADDRESSES = re.compile(rf"{_ADDRESS}(?:\s+{_ADDRESS})*")


def starts_like_roff(head: str) -> bool:
    """Whether a text begins as roff does: with a request or a comment ('.', "'" or '\\"'; blank lines and a
    byte-order mark before it aside), as every page in /usr/share/man does."""
    return head.lstrip("\ufeff \t\r\n").startswith((".", "'", '\\"'))


def looks_like_man(head: str) -> bool:
    """Whether a text's start reads as a roff manual page: it begins as roff (`starts_like_roff`) and has .TH (man),
    .Dd and .Dt (mdoc), or opens with .so (a page that only includes another)."""
    return starts_like_roff(head) and bool(_TH.search(head) or _MDOC.search(head) or _SO.match(head.lstrip()))


# a page that is only '.so man1/other.1' (comments and blank lines aside): it names the page to read in its place
_REDIRECT = re.compile(r"""\ufeff?(?:[ \t]*(?:[.'][ \t]*)?(?:\\"[^\n]*)?\r?\n)*"""  # blank lines, comments
                       r"[ \t]*\.so[ \t]+(\S+)[ \t]*(?:\r?\n[ \t]*)*")


def redirect_target(text: str) -> str | None:
    """The page a manual page only redirects to ('.so man1/other.1' and nothing else), else None."""
    m = _REDIRECT.fullmatch(text)
    return m and m.group(1)


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


def _uncommented(line: str) -> str:
    """A line without its comment (\\")."""
    at = line.find('\\"')
    while at > 0 and line[at - 1] == "\\" and (at < 2 or line[at - 2] != "\\"):  # \\" is a backslash and a quote
        at = line.find('\\"', at + 2)
    return line[:at] if at >= 0 else line


def _text(line: str) -> str:
    """A line's text: a comment (\\") cut off, escapes resolved."""
    return _ESCAPE.sub(_escapes, _uncommented(line))


def _definition_end(name: str, rest: str) -> re.Pattern:
    """Where the lines a definition request takes end, as groff ends them: at '..', or at a call of the end macro it
    names ('.de NAME END', '.am NAME END', '.ig END'; .dei's names a string, not known here: '..'), on a line of the
    control dot (not "'"), spaces or tabs, and the name, then a space, a comment or the line's end (a tab does not
    end it)."""
    args = _arguments(_uncommented(rest))
    end = args[0] if name == "ig" and args else args[1] if name in ("de", "de1", "am", "am1") and len(args) > 1 else "."
    return re.compile(r"\.[ \t]*" + re.escape(end) + r'(?= |\\"|$)')


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
        self.colon = False  # the tag just added takes a colon if the item's text follows it
        self.link: tuple[str, int, int] | None = None  # a link's address, and where its text begins (.UR, .MT)

    def code_end(self, name: str, rest: str) -> str | None:
        """The request that ends a code block opened by `name` beyond the man macros' own (none here)."""
        return None

    def flush(self):
        """The paragraph under way ends; one of addresses only joins the paragraph before, whose text it completes."""
        text = " ".join(" ".join(self.parts).split())
        self.parts, self.colon = [], False
        if text and self.blocks and not self.blocks[-1].level and _ADDRESSES.fullmatch(text):
            self.blocks[-1] = Block(f"{self.blocks[-1].text} {text}")
        elif text:
            self.blocks.append(Block(text))

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
            self.tag, self.colon = False, not _TAG_END.search(text)
        else:
            if self.colon:
                self.parts[-1] += ":"
                self.colon = False
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
        elif name in ("TP", "TQ"):  # .TQ: another tag of the item (groff's man(7))
            self.next_item()
            self.tag = True
        elif name == "IP":
            tag = _text(args[0]).strip() if args else ""
            if tag and tag not in _BULLETS:
                self.next_item()
                self.tag = True
                self.add(tag)
            else:
                self.flush()
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
        elif name in ("UR", "MT"):
            self.link = (_text(args[0]) if args else "", len(self.parts), len(self.blocks))
        elif name in ("UE", "ME"):  # a link's end: its address when it has no text of its own, then the punctuation
            bare = self.link and self.link[0] and self.link[1:] == (len(self.parts), len(self.blocks))
            self.add((f"<{self.link[0]}>" if bare else "") + _text("".join(args)))
            self.link = None


# mdoc(7)'s macros that may be called on a macro line: enclosures of the rest of the line, opening and closing
# marks, system names, and those whose arguments are words (Fl, Xr and Fn written their own way)
_ENCLOSE = {"Op": ("[", "]"), "Bq": ("[", "]"), "Pq": ("(", ")"), "Dq": ("“", "”"), "Qq": ('"', '"'),
            "Sq": ("‘", "’"), "Ql": ("‘", "’"), "Aq": ("⟨", "⟩"), "Brq": ("{", "}")}
_OPEN = {"Oo": "[", "Bo": "[", "Po": "(", "Do": "“", "Qo": '"', "So": "‘", "Ao": "⟨", "Bro": "{", "Eo": ""}
_CLOSE = {"Oc": "]", "Bc": "]", "Pc": ")", "Dc": "”", "Qc": '"', "Sc": "’", "Ac": "⟩", "Brc": "}", "Ec": ""}
_SYSTEMS = {"Bx": "BSD", "Bsx": "BSD/OS", "Nx": "NetBSD", "Fx": "FreeBSD", "Ox": "OpenBSD", "Dx": "DragonFly",
            "Ux": "UNIX", "At": "AT&T UNIX"}
_CALLABLE = frozenset("Ad An Ap Ar Cd Cm Dv Em Er Ev Fa Fl Fn Ft Ic Li Lk Ms Mt Nm No Ns Pa Pf St Sx Sy Ta Tn Va "
                      "Vt Xr Xo Xc".split()) | set(_ENCLOSE) | set(_OPEN) | set(_CLOSE) | set(_SYSTEMS)
_CLOSING = frozenset(". , : ; ) ] ? !".split())  # set against the word before; opening marks against the next
_OPENING = frozenset("( [".split())
_TAGGED_LISTS = ("-tag", "-hang", "-ohang", "-inset", "-diag")
_CELL = "\t"  # between a column list's cells (Ta, a tab) until its row is read (`_cells`)


def _cells(text: str) -> str:
    """A column list's row: its cells that are not empty, between bars."""
    return " | ".join(c for c in (" ".join(c.split()) for c in text.split(_CELL)) if c)


def _mdoc_words(tokens: list[str], name: str) -> list[tuple[str, bool]]:
    """The words of an mdoc macro line's arguments, each with whether it joins the word before without a space:
    callable macros resolved (flags with their dash, 'Xr sort 1' as sort(1), 'Fn f a b' as f(a, b), an enclosure
    around the rest of the line but its closing punctuation, a bare Nm as the page's `name`, a bare Ar as 'file ...',
    Ns and Pf joining words)."""
    out: list[tuple[str, bool]] = []
    macro, glue, i = None, False, 0
    while i < len(tokens):
        t = tokens[i]
        i += 1
        bare = i == len(tokens) or tokens[i] in _CALLABLE or tokens[i] in _CLOSING
        if t in _ENCLOSE:
            end = len(tokens)
            while end > i and tokens[end - 1] in _CLOSING:
                end -= 1
            inner = _mdoc_words(tokens[i:end], name)
            out += [(_ENCLOSE[t][0], glue), *((w, g or j == 0) for j, (w, g) in enumerate(inner)),
                    (_ENCLOSE[t][1], True)]
            macro, glue, i = None, False, end
        elif t in _OPEN:
            out.append((_OPEN[t], glue))
            macro, glue = None, True
        elif t in _CLOSE:
            out.append((_CLOSE[t], True))
            macro = None
        elif t in ("Ns", "Ap"):
            if t == "Ap":
                out.append(("'", True))
            macro, glue = None, True
        elif t == "Ta":
            out.append((_CELL, True))
            macro, glue = None, True
        elif t in ("St", "Lb") and not bare and (t == "St" or i == 1):  # .Lb is called on its own line only
            arg = tokens[i]
            out.append((STANDARDS.get(arg, arg) if t == "St" else
                        f"{LIBRARIES[arg]} ({arg}, -l{arg[3:]})" if arg in LIBRARIES else f"library “{arg}”", glue))
            macro, glue, i = None, False, i + 1
        elif t in _SYSTEMS:
            out.append((_SYSTEMS[t], glue))
            macro, glue = None, False
        elif t in _CALLABLE:
            macro = t
            if bare and t in ("Nm", "Ar", "Fl"):
                out.append(({"Nm": name, "Ar": "file ...", "Fl": "-"}[t], glue))
                glue = t == "Fl"
        elif t in _CLOSING:
            out.append((t, True))
        elif t in _OPENING:
            out.append((t, glue))
            glue = True
        else:
            word = _text(t)
            if macro == "Fl":
                word = "-" + word
            elif macro == "Xr" and not bare:
                word, i = f"{word}({_text(tokens[i])})", i + 1
            elif macro == "Fn":
                end = next((k for k in range(i, len(tokens)) if tokens[k] in _CALLABLE or tokens[k] in _CLOSING),
                           len(tokens))
                word, i = f"{word}({', '.join(_text(a) for a in tokens[i:end])})", end
            out.append((word, glue))
            glue = macro == "Pf"
            macro = None if macro == "Pf" else macro
    return out


def _mdoc_line(tokens: list[str], name: str, spaced: bool = True) -> str:
    """The text of an mdoc macro line's arguments (`_mdoc_words`), without spaces between them when not `spaced`
    (.Sm off)."""
    text = ""
    for word, glue in _mdoc_words(tokens, name):
        text += word if glue or not spaced or not text else " " + word
    return text


class _MdocReader(_Reader):
    """Reads an mdoc(7) page's macros into the paragraph under way (the request lines of roff as a man page's)."""

    def __init__(self):
        super().__init__()
        self.name = ""  # the page's name: its first .Nm's
        self.section = ""
        self.lists: list[str] = []  # the kinds of the lists open (-tag, -bullet …)
        self.extended: list[str] | None = None  # an item's tag under way across lines (.It Xo … .Xc)
        self.function: list[str] | None = None  # a function's name and arguments under way (.Fo … .Fa … .Fc)
        self.spaced = True  # spacing mode (.Sm): off, macros' words and adjacent macros' output join without a space
        self.after_macro = False  # the last words added came from a macro line with spacing off

    def add(self, text: str):
        self.after_macro = False
        if self.extended is not None:
            self.extended.append(text)
        else:
            super().add(text)

    def end_tag(self):
        """An item's tag written across lines (.It Xo … .Xc) opens its paragraph (at .Xc, or at the next .It)."""
        if self.extended is not None:
            tag, self.extended = " ".join(self.extended), None
            self.item(tag, True)

    def item(self, words: str, tagged: bool):
        """An item's words: a column list's row as its cells (`_cells`), else a tag that opens its paragraph when
        `tagged`."""
        if self.lists and self.lists[-1] == "-column":
            self.add(_cells(words))
        else:
            self.tag = tagged and bool(words.strip())
            self.add(words)

    def code_end(self, name: str, rest: str) -> str | None:
        """The macro that ends a literal display opened by `name` (.Bd -literal or -unfilled), else None."""
        return "Ed" if name == "Bd" and re.search(r"-(?:literal|unfilled)\b", rest) else None

    def request(self, name: str, rest: str):
        """A macro line, spacing mode aside (`_macro`); with spacing off ('.Sm off' / '.Oo user @ Oc hostname' /
        '.Sm on': '[user@]hostname'), its words join those of the macro line before if spacing was off there too
        ('.Fl D' / '.Sm off' / '.Oo Ar bind_address : Oc' / '.Ar port': '-D [bind_address:]port', as mandoc)."""
        if name == "Sm":
            args = _arguments(rest)
            self.spaced = args[0] != "off" if args else not self.spaced
            return
        out = self.parts if self.extended is None else self.extended  # a tag under way gathers its own words
        join, n = not self.spaced and self.after_macro, len(out)
        self._macro(name, rest)
        if join and n and len(out) == n + 1 and out is (self.parts if self.extended is None else self.extended):
            out[n - 1:] = [out[n - 1] + out[n]]
        self.after_macro = not self.spaced

    def _macro(self, name: str, rest: str):
        args = _arguments(rest)
        words = _mdoc_line(args, self.name, self.spaced)
        if self.function is not None and name in ("Fa", "Fc"):
            if name == "Fa":
                self.function.append(_text(" ".join(args)))
            else:
                self.add(f"{self.function[0]}({', '.join(self.function[1:])}){words}")
                self.function = None
        elif name == "Fo":
            self.function = [_text(args[0]) if args else ""]
        elif self.extended is not None and name != "It":
            if name in _CALLABLE:  # others in a tag print nothing: .Tg, .Bk/.Ek, .Bf/.Ef (a font for the lines within)
                self.extended.append(_mdoc_line([name, *args], self.name, self.spaced))
            if "Xc" in args or name == "Xc":
                self.end_tag()
        elif name in ("Sh", "Ss"):
            self.flush()
            self.section, self.heading = words, 1 if name == "Sh" else 2
            self.add(words)
        elif name in ("Pp", "Lp", "br", "sp", "Bd", "Ed", "Rs", "Re", "D1"):
            self.flush()
            if name == "D1":
                self.add(words)
                self.flush()
        elif name == "Bl":
            self.flush()
            self.lists.append(args[0] if args else "")
        elif name == "El":
            self.flush()
            self.lists = self.lists[:-1]
        elif name == "It":
            self.end_tag()
            if self.lists and self.lists[-1] in _TAGGED_LISTS:
                self.next_item()
            else:
                self.flush()
            if self.lists and self.lists[-1] == "-column":  # a tab parts cells as Ta does
                args = _arguments(rest.replace("\t", " Ta "))
            if "Xo" in args:  # the tag goes on past its line, its words after Xo too ('.It Xo Ic detach-client')
                at = args.index("Xo")
                self.extended = [_mdoc_line(args[:at], self.name), _mdoc_line(args[at + 1:], self.name)]
            else:
                self.item(_mdoc_line(args, self.name), bool(self.lists) and self.lists[-1] in _TAGGED_LISTS)
        elif name == "Nd":
            self.add("— " + words)
        elif name == "Dl":
            self.flush()
            self.left_out["code lines"] += 1
        elif name == "Ex":
            names = [a for a in args if a != "-std"] or [self.name]
            self.add(f"The {' and '.join(names)} utilit{'y exits' if len(names) == 1 else 'ies exit'} 0 on success, "
                     f"and >0 if an error occurs.")
        elif name == "Rv":
            names = ", ".join(f"{a}()" for a in args if a != "-std") or "function"
            self.add(f"The {names} function returns the value 0 if successful; otherwise the value -1 is returned "
                     f"and the global variable errno is set to indicate the error.")
        elif name in _CALLABLE or name.startswith("%") or name in ("Fd", "In", "Lb"):
            if name == "Nm" and not self.name and args:
                self.name = _text(args[0])
            if name in ("Nm", "In", "Fd", "Ft") and self.section == "SYNOPSIS":  # a command's or a declaration's
                self.flush()  # line of its own
            self.add(f"#include <{words}>" if name == "In" else words if name.startswith("%") or name == "Fd" else
                     _mdoc_line([name, *args], self.name, self.spaced))


def _definitions(text: str):
    """The page's string definitions in order, each as (whether it is under a condition, name, value); one under a
    condition only when the condition holds as nroff reads it (`_condition`; an .el's when its .ie's did not)."""
    last_ie: bool | None = None
    for m in _MAY_DEFINE.finditer(text):
        conditional = m[1] != "ds"
        holds, body = (True, m[0]) if not conditional else \
            (last_ie is False, m[2].lstrip()) if m[1] == "el" else _condition(m[2].lstrip())
        last_ie = holds if m[1] == "ie" else last_ie
        if holds and (d := _DS.match(body)):
            yield conditional, d[1], _COPY.sub(lambda c: "\\" if c[0] == "\\\\" else "", d[2])


def _own_strings(text: str) -> str:
    """The text with the calls of the strings the page defines put in, as nroff does: '.ds d /etc/terminfo' makes
    '\\*d' read '/etc/terminfo'; a definition under a condition that holds for nroff ('.if n .ds TX TeX', '.el .ds Q
    nroff' after '.ie t .ds Q troff') is taken over others, else one made once and not under a condition; a value's
    own calls are put in too; other calls are `_escapes`'."""
    definitions = list(_definitions(text))
    times = Counter(name for conditional, name, _ in definitions if not conditional)
    strings = {name: value for conditional, name, value in definitions if not conditional and times[name] == 1}
    strings |= {name: value for conditional, name, value in definitions if conditional}
    for _ in range(2 if strings else 0):
        text = _STRING_CALL.sub(lambda m: strings.get(m.group(1) or m.group(2) or m.group(3), m.group(0)), text)
    return text


def _text_macros(text: str) -> dict[str, str]:
    """The macros the page defines as text lines only, by name (the last definition of a name, as a later one replaces
    an earlier: ttf2pk(1) defines 'C' for troff and for nroff), and the names .als gives them (Asciidoctor's MTO)."""
    macros = {name: " ".join(body.split("\n")) for name, rest, body, last in _TEXT_MACRO.findall(text)
              if _definition_end("de", name + rest).match(last)}
    for new, old in re.findall(r"^[.']\s*als\s+(\S+)\s+(\S+)", text, re.M):  # '.als MTO URL': another name of one
        if old in macros:
            macros[new] = macros[old]
    return macros


def _called(body: str, args: list[str]) -> str:
    """A text macro's body with the arguments of its call put in (\\$1 … \\$9, \\$* and \\$@ all of them)."""
    def argument(m: re.Match) -> str:
        if m[1] in "*@":
            return " ".join(args)
        return args[int(m[1]) - 1] if 0 < int(m[1]) <= len(args) else ""
    return _MACRO_ARGUMENT.sub(argument, body)


# a condition as nroff reads it: n holds, t and v do not; groff's own register \n(.g holds (groff's reading is the
# one followed); 'a'b' whether two strings (no escape in them) are the same
_CONDITION = re.compile(r"""(!?)(?:([ntv]|\\n(?:\(\.g|\[\.g\]))(?=[\s\\])|([^\w\s\\(])([^\\\n]*?)\3([^\\\n]*?)\3)\s*""")


def _condition(rest: str) -> tuple[bool | None, str]:
    """Whether a conditional request's condition holds as nroff reads it (`_CONDITION`; None when it depends on what
    only a formatter knows: a register the page sets, a font, a macro's definition), and the line it governs."""
    m = _CONDITION.match(rest)
    if not m:
        return None, rest
    holds = m[2] not in ("t", "v") if m[2] else m[4] == m[5]
    return holds != bool(m[1]), rest[m.end():]


def man_blocks(text: str) -> tuple[list[Block], dict[str, int]]:
    """Headings and paragraphs of a man(7) page and the counts of what was left out (see the module's docstring);
    an mdoc(7) page (.Dd and .Dt, no .TH) read by its own macros."""
    mdoc = bool(_MDOC.search(text[:20000])) and not _TH.search(text[:20000])
    text = _own_strings(text)
    macros = _text_macros(text)
    reader, lines, i = _MdocReader() if mdoc else _Reader(), text.splitlines(), 0
    branch: str | None = None  # the line a condition that holds reads (.if n .IP …), read next
    last_ie: bool | None = None  # whether the last .ie's condition held (None: not known)
    while branch is not None or i < len(lines):
        if branch is not None:
            line, branch = branch, None
        else:
            line = lines[i]
            i += 1
        while re.search(r"(?<!\\)(?:\\\\)*\\$", line) and i < len(lines):  # an escaped newline joins the next line
            line = line[:-1] + lines[i]
            i += 1
        if not line.startswith((".", "'")):
            if not (line.endswith("\\c") and _text(line).strip() in _BULLETS and not reader.parts):
                reader.add(_text(line))
            continue
        m = re.match(r"""[.']\s*(\\".*|[^\s\\]*)\s*(.*)""", line)  # a comment, or a name up to a space or \\
        name, rest = m.group(1), m.group(2)
        if name.startswith('\\"'):
            continue
        if name in _DEFINITIONS or name in _SKIPPED:
            end, kind = (_definition_end(name, rest), None) if name in _DEFINITIONS else \
                (re.compile(r"[.']\s*" + _SKIPPED[name][0] + r"\b"), _SKIPPED[name][1])
            start = i
            while i < len(lines) and not end.match(lines[i]):
                i += 1
            if kind:
                reader.flush()
                reader.left_out[kind] += _table_words(lines[start:i]) if kind == "tables" else 1
            i += 1
        elif end := _CODE.get(name) or reader.code_end(name, rest):
            reader.flush()
            start = i
            while i < len(lines) and not re.match(r"[.']\s*" + end + r"\b", lines[i]) and not _SECTION.match(lines[i]):
                i += 1
            reader.left_out["code lines"] += sum(1 for x in lines[start:i] if _PRINTS.match(x))
            i += i < len(lines) and not _SECTION.match(lines[i])  # a section heading that ends the block is read
        elif name in ("if", "ie", "el"):
            holds, body = (last_ie is False, rest) if name == "el" else _condition(rest)
            last_ie = holds if name == "ie" else last_ie
            depth = line.count("\\{") - line.count("\\}")
            if holds:  # a braced block's lines are read as they come; its closing \} reads as nothing
                branch, depth = re.sub(r"^\s*\\\{\s*", "", body), 0
            while depth > 0 and i < len(lines):
                depth += lines[i].count("\\{") - lines[i].count("\\}")
                i += 1
        elif name == "so":
            reader.left_out["includes"] += 1
        elif name in macros:  # one the page defines as text: read as the text with its arguments
            reader.add(_text(_called(macros[name], _arguments(rest))))
        else:
            reader.request(name, rest)
    reader.flush()
    return reader.blocks, {k: v for k, v in reader.left_out.items() if v}
