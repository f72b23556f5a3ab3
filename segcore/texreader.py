"""A LaTeX fragment read as TeX's reading loop reads it: its tokens (control words and symbols, math shifts,
braces, ties, the ligatures of quotes and dashes), math inline and displayed (a displayed equation counted and left
out), accents and control symbols, and the expansion of the macros a source defines. What each command prints, and
an environment, is the subclass's: `Reader.command` (latex._Reader, which reads a whole source)."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter

from .structure import MARK_GAP
from .texargs import LINE_END, braced_group, bracket_option, closing_braces

# a control word (\name, '@' a letter as in a package's macros; a lone '\@' is a control symbol), a control symbol
# (\ and one other character), math shifts, braces, ties and the ligatures of quotes and dashes
_TOKEN = re.compile(r"\\([A-Za-z@]{2,}|[A-Za-z])\*?|\\(.)|\$\$?|[{}~&]|``|''|---?", re.S)
# the spaces a control word eats, those after it and one line end among them (not a blank line: a paragraph's end),
# read as eaten after one that printed one character in text (a symbol: \textbackslash, \textbar, \ldots, \ss; a
# macro whose text is one, spaces around it aside: manptp's \def\BS{\ttfamily \symbol{"5C}}, '\BS cite');
# after a word (\LaTeX, a macro's text) they stay, LaTeX would glue the next word on ('\LaTeX is' prints 'LaTeXis',
# an author's slip), and so they do after nothing: a command the reader does not know may print a space ('J.\nbs H.')
EATEN = re.compile(r"[ \t]*(?:\n(?![ \t]*\n)[ \t]*)?")
# what a control symbol prints other than its character: spacing ones a space (\\, a line break, with its option in
# _render); the italic correction \/, the space factor \@ and the discretionary hyphen \- nothing ("-\/-help" is
# "--help", "hy\-phen" is "hyphen")
_CONTROL_SYMBOLS = {**dict.fromkeys(",;:! \n", " "), **dict.fromkeys("/@-", "")}
# the accents: a control symbol (\' \` \^ \" \~ \= \.) or a one-letter control word (\u \v \H \c \k \r \d \b)
# and the combining mark it puts on the first character of its argument, a character or a braced group ({\'e},
# \'{e}, \c c, \'\i): the composed character is read (NFC); an accent on nothing ('\~{}') stays its character
ACCENTS = dict(zip("'`^\"~=.uvHckrdb", "\u0301\u0300\u0302\u0308\u0303\u0304\u0307\u0306\u030c\u030b\u0327\u0328\u030a"
                                        "\u0323\u0331"))
_DOTLESS = str.maketrans("ıȷ", "ij")  # \i and \j are there to carry an accent: '\'\i' is 'í'
_TABS = frozenset("=><+-'`")  # in a tabbing environment these control symbols set and move to tab stops: a space
_MAX_DEPTH = 20  # fragments inside fragments beyond this are read flat: commands and braces dropped
WORD = re.compile(r"\\[A-Za-z@]+")  # a control word
_FLAT = re.compile(r"\\[A-Za-z@]+\*?|[{}]")
GONE = "\x00"  # where a displayed equation was: the lines around it stay one paragraph
PARAGRAPH = re.compile(r"\n[ \t]*\n")
# a font switch: a declaration of the font's family, series, shape or size (\ttfamily, \bfseries, \itshape, \small;
# plain TeX's \tt, \bf, \it, \em) prints nothing and takes no argument ('{\bf[1] x}' keeps its '[1]'); as TeX's
# tokenizer does after any control word, the spaces after it go (manptp's \def\BS{\ttfamily \symbol{"5C}} prints '\')
FONT_SWITCHES = frozenset("rmfamily sffamily ttfamily bfseries mdseries itshape slshape scshape upshape normalfont em "
                           "rm sf tt bf it sl sc tiny scriptsize footnotesize small normalsize large Large LARGE huge "
                           "Huge".split())
# a line of commands that print nothing (or a space) is no blank line: a paragraph goes on across '\label{x}',
# '\kern3pt', '\selectfont', '\noindent' alone on their line, as in TeX (a control word eats the line's end);
# unless one of them is vertical, a skip or a page's or list's start: the author sets the text apart
VERTICAL = frozenset("par newpage clearpage cleardoublepage pagebreak bigskip medskip smallskip vspace vskip vfill "
                      "vfil addvspace maketitle tableofcontents listoffigures listoftables printindex "
                      "printbibliography frontmatter mainmatter backmatter".split())


class Reader:
    """The reading loop and its state; a subclass serves commands: command(s, name, i, math) -> (text, index
    after its arguments)."""

    def __init__(self, macros: dict | None = None, budget: int = 0):
        self.left_out: Counter = Counter()
        self.braces: list[dict[int, int]] = []  # of each fragment being read, innermost last
        self.macros, self.budget = macros or {}, budget
        self.tabbing = False  # inside a tabbing environment: \= \> \' … are its tab commands, not accents

    def render(self, s: str, math: bool = False) -> str:
        """The text of a LaTeX fragment."""
        if len(self.braces) >= _MAX_DEPTH:
            return _FLAT.sub(" ", s)
        self.braces.append(closing_braces(s))
        try:
            return self._render(s, math)
        finally:
            self.braces.pop()

    def group(self, s: str, i: int) -> tuple[str, int]:
        """_group in the fragment being read."""
        return braced_group(s, i, self.braces[-1])

    def _render(self, s: str, math: bool) -> str:
        out, i = [], 0
        blank, seen = True, 0  # whether the output's last line is blank so far, from out[:seen]
        closing = -2  # where the next '\)' is (-1: none left): found once, not looked for again by every '\('
        par = -1  # where the paragraph read ends (a blank line, or the end): found once per paragraph
        while True:
            m = _TOKEN.search(s, i)
            if m is None:
                out.append(s[i:])
                break
            out.append(s[i:m.start()])
            i = m.end()
            tok, name, char = m.group(0), m.group(1), m.group(2)
            if (char in ("(", "[") or tok[0] == "$") and par < i:
                par = b.start() if (b := PARAGRAPH.search(s, i)) else len(s)
            if name is not None:
                text, j = self.command(s, name, i, math)
                shown = text.replace(MARK_GAP, "")  # a mark taken off is no text
                eats = len(shown.strip()) == 1 or name in FONT_SWITCHES and not shown  # the spaces after it
                i = EATEN.match(s, j).end() if j == i and eats and not math else j
                if not (math or shown.strip() or "\n" in text or name in VERTICAL):
                    for piece in out[seen:]:
                        k = piece.rfind("\n")
                        blank = (blank or k >= 0) and not piece[k + 1:].strip()
                    seen = len(out)
                    if blank and (m := LINE_END.match(s, i)):  # the line is commands alone: its end is no break
                        i, text = m.end(), shown  # nor is a mark taken off there in a sentence
                out.append(text)
            elif char == "[" or tok[0] == "$":  # math: \[ … \] and $$ … $$ displayed, $ … $ inline
                # math cannot go on past a paragraph's end: TeX ends it there ("Missing $ inserted"), a stray '$'
                # does not swallow the text after it
                close = "\\]" if char else tok
                end = s.find(close, i, par)
                if tok == "$":
                    out.append(self.render(s[i:par if end < 0 else end], math=True))
                else:  # a displayed equation; left open, it ends with its paragraph (if the fragment goes on)
                    self.left_out["equations"] += 1
                    out.append("\n\n" if end < 0 < len(s) - par else GONE)
                i = par if end < 0 else end + len(close)
            elif char == "(" and 0 <= (closing := s.find("\\)", i) if -1 != closing < i else closing) < par:
                out.append(self.render(s[i:closing], math=True))  # \( … \): inline math, as $ … $
                i = closing + 2
            elif char == "\\":  # a line break: a space; its star and its [space above the next line] are no text
                option, j = bracket_option(s, EATEN.match(s, i + s.startswith("*", i)).end())  # '\\*[6pt]'
                i = i + s.startswith("*", i) if option is None else j
                out.append(" ")
            elif char is not None and self.tabbing and char in _TABS:
                out.append(" ")
            elif char in ACCENTS:
                text, i = self.accent(s, char, i, math)
                out.append(text)
            elif char is not None:
                out.append(_CONTROL_SYMBOLS.get(char, "" if math and char in "{}" else char))
            elif tok in "{}":
                continue
            elif tok == "&":  # a table's cell ends: a space and, as TeX skips them, the spaces after it, one line end
                out.append("&" if math else " ")  # among them (a line of '&' is no blank line); in math a mark, kept
                i = i if math else EATEN.match(s, i).end()
            else:
                out.append({"~": " ", "``": "“", "''": "”", "--": "–", "---": "—"}[tok])
        return "".join(out)

    def accent(self, s: str, accent: str, i: int, math: bool) -> tuple[str, int]:
        """The text of the accent \\accent whose argument starts at s[i] (past spaces: a braced group, a control word
        or one character) with its mark on the argument's first character, and the index after the argument."""
        j = EATEN.match(s, i).end()
        if s[j:j + 1] == "{" and j in self.braces[-1]:
            arg, j = s[j + 1:self.braces[-1][j]], self.braces[-1][j] + 1
        elif m := WORD.match(s, j):
            arg, j = m.group(), EATEN.match(s, m.end()).end()
        else:
            arg, j = s[j:j + 1].strip("{}\\"), j + 1
        text = self.render(arg, math) if arg else ""
        if not text.strip():
            return ("" if accent.isalpha() else accent) + text, (j if arg else i)
        return unicodedata.normalize("NFC", text[0].translate(_DOTLESS) + ACCENTS[accent] + text[1:]), j

    def expand(self, s: str, name: str, i: int, math: bool) -> tuple[str, int] | None:
        """The text of the defined macro \\name whose arguments start at s[i] (#1 … #9 replaced by them; an
        optional first one in brackets or its default; delimited ones as `parameters` reads them), and the index after
        them; None where the call does not match its parameter text (TeX: "Use of \\x doesn't match its
        definition"; the call is read as any command's)."""
        n, default, body, delimiters = self.macros[name]
        prefix, after = delimiters or (None, (None,) * n)
        args = []
        if delimiters:  # from past the spaces a control word eats: the text before #1, a delimited #1
            i = EATEN.match(s, i).end()
            if prefix is not None and not (m := prefix.match(s, i)):
                return None
            i = m.end() if prefix is not None else i
        if default is not None and n:
            given, i = bracket_option(s, i)
            args.append(default if given is None else given)
        while len(args) < n:
            if after[len(args)] is not None:
                if (taken := self.delimited(s, i, after[len(args)])) is None:
                    return None
                arg, i = taken
            elif (group := self.group(s, i))[1] != i:
                arg, i = group
            else:  # a one-token argument: \macro x
                m = re.match(r"\s*(\\[A-Za-z@]+|\S)", s[i:i + 60])
                arg, i = (m.group(1), i + m.end()) if m else ("", i)
            args.append(arg)
        # a control word before '#n' stays one: '{\small#2}' with 'Sets' is '\small Sets' (TeX puts tokens there)
        text = re.sub(r"(\\[A-Za-z@]+)?#(\d)", lambda a: (a.group(1) + " " if a.group(1) else "") + (
            args[int(a.group(2)) - 1] if 0 < int(a.group(2)) <= n else ""), body)
        self.budget -= len(text)
        return self.render(text, math), i

    def delimited(self, s: str, i: int, delimiter: re.Pattern) -> tuple[str, int] | None:
        """A delimited argument at s[i], as TeX takes one: up to its delimiter outside braces (groups skipped by the
        brace table), one pair of braces around all of it taken off ('{a-b}' is 'a-b'), and the index after the
        delimiter; None when an unmatched brace or a paragraph's end (TeX: a "Runaway argument") comes first. What is
        looked through is charged to the expansion budget: calls that never find their delimiter stop being expanded."""
        j = i
        while True:
            m = delimiter.match(s, j)
            self.budget -= m.end() - j
            if m.group("end") is not None:
                arg = s[i:m.start("end")]
                whole = arg.startswith("{") and self.braces[-1].get(i) == m.start("end") - 1
                return (arg[1:-1] if whole else arg), m.end()
            if m.group("open") is None or m.start("open") not in self.braces[-1]:
                return None
            j = self.braces[-1][m.start("open")] + 1


# a parameter text's pieces (\def\x(#1,#2)#3{…}): a control word (the spaces after it are none of its tokens; \par is
# a blank line too), a control symbol, a space (spaces and one line end: a blank line is \par), a parameter, a character
_PARAMETER_TEXT = re.compile(r"\\([A-Za-z@]+)[ \t]*\n?[ \t]*|(\\.)|((?:[ \t]+\n?|\n)[ \t]*)|#(\d)|(.)", re.S)
_SPACE = r"(?:[ \t]+\n?|\n)(?![ \t]*\n)[ \t]*"
# what a delimited argument is looked through (a control sequence and the spaces a control word eats, a character, a
# line's end) up to its delimiter, or a brace, or a paragraph's end, or the text's: one match, as lazy as can be
_THROUGH = rf"(?:\\[A-Za-z@]+{EATEN.pattern}|\\.?|[^\\{{}}\n]|\n(?![ \t]*\n))*?"
_STOP = rf"|(?P<open>\{{)|\}}|{PARAGRAPH.pattern}|\Z"


def parameters(text: str) -> tuple[int, tuple[re.Pattern | None, tuple[re.Pattern | None, ...]] | None] | None:
    """A \\def's parameter text read as TeX reads it: how many parameters (#1 … #9, in order) and, when any of them
    is delimited, the pattern of the text before #1 (None if none) and of each one's delimiter, the text after it up
    to the next parameter or the body (None: undelimited, one token or group, as #1 in '#1#2'); None for a text TeX
    refuses (its parameters out of order)."""
    pieces, numbers = [[]], []
    for m in _PARAMETER_TEXT.finditer(text.lstrip()):
        if m[4]:
            numbers.append(int(m[4]))
            pieces.append([])
        elif m[1]:
            word = rf"\\{m[1]}(?![A-Za-z@])"
            pieces[-1].append(rf"(?:{word}|{PARAGRAPH.pattern})" if m[1] == "par" else word)
        else:
            pieces[-1].append(_SPACE if m[3] else re.escape(m[2] or m[5]))
    if numbers != list(range(1, len(numbers) + 1)):
        return None
    if not any(pieces):
        return len(numbers), None
    return len(numbers), (re.compile("".join(pieces[0])) if pieces[0] else None,
                          tuple(re.compile(f"{_THROUGH}(?:(?P<end>{''.join(p)}){_STOP})", re.S) if p else None for p in pieces[1:]))
