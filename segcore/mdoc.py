"""A BSD mdoc(7) page's macros read into blocks (`MdocReader`, which segcore.manpage reads such a page's lines with):
.Sh and .Ss as headings, .Pp as a paragraph break, a list's .It tag opening its paragraph (an -enum list's item its
number, '1.'), a column list's row as its cells between bars, the inline macros as their words (`_mdoc_words`; .St and
.Lb as the standard's and the library's names, .In as the header in angle brackets, after '#include' in the
SYNOPSIS), literal displays (.Bd -literal, .Dl) left out as code."""
from __future__ import annotations

import re

from .mdocnames import LIBRARIES, STANDARDS
from .roff import ManReader, arguments, line_text, sets_space

__all__ = ["MdocReader"]


# mdoc(7)'s macros that may be called on a macro line: enclosures of the rest of the line, opening and closing
# marks, system names, and those whose arguments are words (Fl, Xr and Fn written their own way)
_ENCLOSE = {"Op": ("[", "]"), "Bq": ("[", "]"), "Pq": ("(", ")"), "Dq": ("“", "”"), "Qq": ('"', '"'),
            "Sq": ("‘", "’"), "Ql": ("‘", "’"), "Aq": ("⟨", "⟩"), "Brq": ("{", "}"),
            "In": ("<", ">")}
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


def _mdoc_words(tokens: list[str], name: str, line: str = "") -> list[tuple[str, bool]]:
    """The words of an mdoc macro line's arguments, each with whether it joins the word before without a space:
    callable macros resolved (flags with their dash, 'Xr sort 1' as sort(1), 'Fn f a b' as f(a, b), an enclosure
    around the rest of the line but its closing punctuation, a bare Nm as the page's `name`, a bare Ar as 'file ...',
    Ns and Pf joining words). Aq on a `line` of .An (the line's macro; its first token unless given) encloses an
    author's address in '<' and '>', as groff prints it ('.An Tatu Ylonen Aq Mt ylo@cs.hut.fi'), not in '⟨' '⟩'."""
    line = line or (tokens[0] if tokens else "")
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
            inner = _mdoc_words(tokens[i:end], name, line)
            left, right = ("<", ">") if t == "Aq" and line == "An" else _ENCLOSE[t]
            out += [(left, glue), *((w, g or j == 0) for j, (w, g) in enumerate(inner)), (right, True)]
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
        elif t == "Bx" and not bare:  # '.Bx 4.4 Lite2': 4.4BSD-Lite2, as groff and mandoc print it
            release = tokens[i] + "BSD"
            i += 1
            if i < len(tokens) and tokens[i] not in _CALLABLE and tokens[i] not in _CLOSING:
                release, i = f"{release}-{tokens[i]}", i + 1
            out.append((line_text(release), glue))
            macro, glue = None, False
        elif t in _SYSTEMS:
            out.append((_SYSTEMS[t], glue))
            macro, glue = None, False
        elif macro == "An" and t in ("-split", "-nosplit"):  # how authors' names break lines: no text
            continue
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
            word = line_text(t)
            if macro == "Fl":
                word = "-" + word
            elif macro == "Xr" and not bare:
                word, i = f"{word}({line_text(tokens[i])})", i + 1
            elif macro == "Fn":
                end = next((k for k in range(i, len(tokens)) if tokens[k] in _CALLABLE or tokens[k] in _CLOSING),
                           len(tokens))
                word, i = f"{word}({', '.join(line_text(a) for a in tokens[i:end])})", end
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


class MdocReader(ManReader):
    """Reads an mdoc(7) page's macros into the paragraph under way (the request lines of roff as a man page's)."""

    def __init__(self):
        super().__init__()
        self.name = ""  # the page's name: its first .Nm's
        self.section = ""
        self.lists: list[str] = []  # the kinds of the lists open (-tag, -bullet …)
        self.numbers: list[int] = []  # each open list's items so far (an -enum list's item is numbered: '1.')
        self.extended: list[str] | None = None  # an item's tag under way across lines (.It Xo … .Xc)
        self.function: list[str] | None = None  # a function's name and arguments under way (.Fo … .Fa … .Fc)
        self.spaced = True  # spacing mode (.Sm): off, macros' words and adjacent macros' output join without a space
        self.after_macro = False  # the last words added came from a macro line with spacing off
        self.split = False  # each author (.An) after the section's first starts a line: in AUTHORS, or after -split
        self.authors = False  # the section has named an author (`_author`)

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

    def _author(self, args: list[str]):
        """An .An line: in AUTHORS, or after '.An -split', each .An after the section's first begins a line in groff
        (mdoc(7): one author a line, scp(1)'s two), so the paragraph under way ends; '.An -nosplit' stops it."""
        self.split = args[0] != "-nosplit" if args[:1] in (["-split"], ["-nosplit"]) else self.split
        if self.split and self.authors:
            self.flush()
        self.authors = self.authors or self.split

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

    def request(self, name: str, rest: str) -> bool:
        """A macro line, spacing mode aside (`_macro`); with spacing off ('.Sm off' / '.Oo user @ Oc hostname' /
        '.Sm on': '[user@]hostname'), its words join those of the macro line before if spacing was off there too
        ('.Fl D' / '.Sm off' / '.Oo Ar bind_address : Oc' / '.Ar port': '-D [bind_address:]port', as mandoc)."""
        if name == "Sm":
            args = arguments(rest)
            self.spaced = args[0] != "off" if args else not self.spaced
            return True
        out = self.parts if self.extended is None else self.extended  # a tag under way gathers its own words
        join, n = not self.spaced and self.after_macro, len(out)
        known = self._macro(name, rest)
        if join and n and len(out) == n + 1 and out is (self.parts if self.extended is None else self.extended):
            out[n - 1:] = [out[n - 1] + out[n]]
        self.after_macro = not self.spaced
        return known

    def _macro(self, name: str, rest: str) -> bool:
        args = arguments(rest)
        words = _mdoc_line(args, self.name, self.spaced)
        if self.function is not None and name in ("Fa", "Fc"):
            if name == "Fa":
                self.function.append(line_text(" ".join(args)))
            else:
                self.add(f"{self.function[0]}({', '.join(self.function[1:])}){words}")
                self.function = None
        elif name == "Fo":
            self.function = [line_text(args[0]) if args else ""]
        elif self.extended is not None and name != "It":
            if name in _CALLABLE:  # others in a tag print nothing: .Tg, .Bk/.Ek, .Bf/.Ef (a font for the lines within)
                self.extended.append(_mdoc_line([name, *args], self.name, self.spaced))
            if "Xc" in args or name == "Xc":
                self.end_tag()
        elif name in ("Sh", "Ss"):
            self.flush()
            self.section, self.heading = words, 1 if name == "Sh" else 2
            if name == "Sh":
                self.split, self.authors = words == "AUTHORS", False
            self.add(words)
        elif name in ("Pp", "Lp", "br", "sp", "Bd", "Ed", "Rs", "Re", "D1"):
            self.flush()
            self.apart = self.apart or sets_space(name, args)
            if name == "D1":
                self.add(words)
                self.flush()
        elif name == "Bl":
            self.flush()
            self.lists.append(args[0] if args else "")
            self.numbers.append(0)
        elif name == "El":
            self.flush()
            self.lists, self.numbers = self.lists[:-1], self.numbers[:-1]
        elif name == "It":
            self.end_tag()
            if self.lists and self.lists[-1] in _TAGGED_LISTS:
                self.next_item()
            else:
                self.flush()
            if self.lists and self.lists[-1] == "-column":  # a tab parts cells as Ta does
                args = arguments(rest.replace("\t", " Ta "))
            if self.lists and self.lists[-1] == "-enum":  # its number, as mandoc and groff print it
                self.numbers[-1] += 1
                self.add(f"{self.numbers[-1]}.")
            if "Xo" in args:  # the tag goes on past its line, its words after Xo too ('.It Xo Ic detach-client')
                at = args.index("Xo")
                self.extended = [_mdoc_line(args[:at], self.name), _mdoc_line(args[at + 1:], self.name)]
            else:
                self.item(_mdoc_line(args, self.name), bool(self.lists) and self.lists[-1] in _TAGGED_LISTS)
        elif name == "Nd":
            self.add("— " + words)
        elif name == "Dl":
            self.leave_out("code lines", 1)
        elif name == "Ex":
            names = [a for a in args if a != "-std"] or [self.name]
            self.add(f"The {' and '.join(names)} utilit{'y exits' if len(names) == 1 else 'ies exit'} 0 on success, "
                     f"and >0 if an error occurs.")
        elif name == "Rv":
            names = ", ".join(f"{a}()" for a in args if a != "-std") or "function"
            self.add(f"The {names} function returns the value 0 if successful; otherwise the value -1 is returned "
                     f"and the global variable errno is set to indicate the error.")
        elif name in _CALLABLE or name.startswith("%") or name in ("Fd", "Lb"):
            if name == "Nm" and not self.name and args:
                self.name = line_text(args[0])
            if name == "An":
                self._author(args)
            if name in ("Nm", "In", "Fd", "Ft") and self.section == "SYNOPSIS":  # a command's or a declaration's
                self.flush()  # line of its own
            include = "#include " if name == "In" and self.section == "SYNOPSIS" else ""  # '<stdio.h>' in the text
            self.add(words if name.startswith("%") or name == "Fd" else
                     include + _mdoc_line([name, *args], self.name, self.spaced))
        else:
            return False
        return True
