"""A LaTeX source read into blocks (segcore.structure.Block) of its prose: the body between \\begin{document} and
\\end{document}, sectioning commands as headings (the title above them, the abstract as a section), the text of
formatting commands (\\emph{…}, \\textbf{…}, \\href's text), lists and theorems as paragraphs (a theorem's opening
with its name as printed: "Theorem (Cauchy–Schwarz).", from the source's \\newtheorem), a bibliography as a
References section (left out with the back matter by default) and \\appendix as an Appendix heading. Left out and
counted (structure.LEFT_OUT): comments, displayed equations, figures, tables and algorithms (with their captions),
code listings, footnotes, endnotes and notes in the margin, the authors' block and a class's own title-page fields
(\\department{…} before \\maketitle or in a thesis's title-page file), and the files \\input names (a single file is
read: nothing is fetched). Citations are dropped and a cross-reference becomes '[#]' (no word to count as a term;
LaTeX's '??' would end a sentence). Inline math keeps its symbols' names without backslashes ("sigma(i,j)"); math
left open ends with its paragraph, as in TeX (a stray '$' does not take the rest of the file).
Macros the source defines (\\newcommand, \\renewcommand, \\providecommand, \\def) are expanded, within a budget
of characters (a macro that grows without end stops there)."""
from __future__ import annotations

import re

from .plaintext import LATEX_RANK
from .structure import MARK_GAP, Block, closed_up, split_number
from .texargs import (ASSIGNMENTS, BOX_SETTINGS, GLUE, PARAMETERS, STRETCH, assignment_end, box_settings,
                      braced_group, bracket_option, bracket_options, closing_braces, declared_registers,
                      environment_end)
from .texfront import FRONT, title_fields
from .texreader import ACCENTS, EATEN, FONT_SWITCHES, GONE, PARAGRAPH, VERTICAL, WORD, Reader, parameters
from .texverb import CONTEXT_FILES, VERB, VERBATIM_ENVS, is_context, verb_text, without_comments

__all__ = ["latex_blocks", "looks_like_latex"]

# the commands whose first argument is a length register, often written unbraced as TeX takes one token:
# '\setlength\parindent{0pt}' (its value was read as text: '0pt')
_LENGTH_SETTERS = frozenset(("setlength", "addtolength"))
_ARG_WORD = re.compile(r"\s*\\[A-Za-z@]+")
_ENV_NAME = re.compile(r"[A-Za-z@]{1,40}\*?")
_HEAD = "\x01"  # a heading line of the rendered text: _HEAD, the sectioning command, _HEAD, the title
_DROP_ENVS = {**dict.fromkeys("equation eqnarray align alignat gather multline flalign displaymath math".split(),
                              "equations"),
              **dict.fromkeys("figure table algorithm algorithm2e tikzpicture tabular wrapfigure sidewaystable "
                              "sidewaysfigure subfigure longtable tabularx".split(), "floats"),
              **VERBATIM_ENVS}  # code and the comment package's environment: lines left out
# environments whose first arguments are no text: a size, babel's language name (\begin{otherlanguage}{english}),
# CJK's encoding and font family (\begin{CJK}{UTF8}{hei}): how many
_SETTING_ENVS = {**dict.fromkeys(("minipage", "multicols", "adjustbox", "resizebox", "otherlanguage"), 1), "CJK": 2,
                 "letter": 1}  # and a letter's recipient's address (\begin{letter}{Ms X\\Street}): counted, _COUNTED
_INLINE_ENVS = frozenset(("equations",))  # removed within the paragraph: the sentence goes on after an equation
# commands whose arguments are no text: citations, labels, lengths, files, the front matter (counted: _COUNTED),
# settings (a colour, a font's size, \rule's dimensions, a picture's line thickness, hyperref's options, the page
# numbers' style), marks (\thanksref's footnote mark), what goes elsewhere than the text: a contents line, a PDF
# bookmark, the running heads (_HEAD_MARKS), an index or nomenclature entry, a note: a footnote's text (\footnote,
# \footnotetext), an endnote (endnotes: printed at \theendnotes), a numbered note in the margin (sidenotes, tufte:
# \sidenote) and an unnumbered one (\marginpar, marginnote's \marginnote): no part of the running prose; a counter's
# printed value (\arabic{chapter}, \Roman{page}, \value{x}: not known without counting what the source numbers; its
# name, 'chapter', is no word of the text) and a counter's setting (\stepcounter{x}, \addtocounter{x}{1}); the title
# page's fields (FRONT); the running heads' short title and authors (\shorttitle, \runningtitle, llncs's \titlerunning
# and \authorrunning) with \markboth, uncounted; marks (elsarticle's \corref, \fnref)
# notes, by the kind they are counted as: a footnote's text, an endnote, a numbered note in the margin (footnote
# texts); an unnumbered one (margin notes)
_NOTES = {**dict.fromkeys(("footnote", "footnotetext", "endnote", "sidenote"), "footnote texts"),
          **dict.fromkeys(("marginpar", "marginnote"), "margin notes")}
# marginnote's \\marginnote[left]{right}[shift]: its vertical shift an [option] after the text, spaces before it
# skipped as LaTeX's \\@ifnextchar skips them ('\\marginnote{Note.}[2cm]')
_SHIFTED = frozenset(("marginnote",))
_CITES = ("cite", "citep", "citet", "citealp", "citealt", "citeauthor", "citeyear")
# the running heads' marks, set where they stand and printed at the top of a page: \markboth{left}{right},
# \markright, \markleft, a sectioning command's own (\chaptermark, \subsectionmark), TeX's \mark, KOMA-Script's
# \markdouble and \automark[section]{chapter} (which levels set them)
_HEAD_MARKS = {"markboth": 2, **dict.fromkeys(("markright", "markleft", "mark", "markdouble", "automark",
                                               *(f"{rank}mark" for rank in LATEX_RANK)), 1)}
_DROP_ARGS = {**dict.fromkeys(_CITES, 1), "nocite": 1, "label": 1, "vspace": 1, "includegraphics": 1,
              "bibliographystyle": 1, "pagestyle": 1, "thispagestyle": 1, "setlength": 2, "setcounter": 2,
              "addtolength": 2, "usepackage": 1, "documentclass": 1, "newenvironment": 3, "selectlanguage": 1,
              "hyphenation": 1, "input": 1, "include": 1, "title": 1, "thanksref": 1, "corref": 1, "fnref": 1,
              "shorttitle": 1, "shortauthors": 1, "runningtitle": 1, "authorrunning": 1, "titlerunning": 1, "color": 1,
              "definecolor": 3, "rule": 2, "linethickness": 1, "fontsize": 2, "hypersetup": 1, "pagenumbering": 1,
              "enlargethispage": 1,
              "addcontentsline": 3, "addtocontents": 2, "pdfbookmark": 2, "currentpdfbookmark": 2, **_HEAD_MARKS,
              "index": 1, "nomenclature": 2, "arabic": 1, "roman": 1, "Roman": 1, "alph": 1, "Alph": 1,
              "fnsymbol": 1, "value": 1, "stepcounter": 1, "refstepcounter": 1, "addtocounter": 2, "newcounter": 1,
              **dict.fromkeys(_NOTES, 1), **dict.fromkeys(FRONT, 1)}
# those of _DROP_ARGS set in a sentence where they are: citations, notes, anchors (no space is left before a stop)
_MARKS = frozenset((*_CITES, *_NOTES, "thanks", "thanksref", "corref", "fnref", "label", "index", "nomenclature"))
_REFS = frozenset("ref eqref autoref cref Cref pageref nameref".split())
# commands whose text is one of their arguments (its index, how many): \href's text, \texorpdfstring's TeX (not its
# bookmark's) text, \hypertarget's and \hyperlink's text (not the anchor's name), babel's \foreignlanguage's text
# (not the language's name), the text \textcolor and \colorbox colour (not the colour's name), \fcolorbox's (not its
# frame's and background's colours), the text a box holds (not its size: \raisebox's height, \parbox's width, the
# angle \rotatebox turns it by, \scalebox's factor, \resizebox's width and height, \adjustbox's keys)
_ONE_OF = {"href": (1, 2), "texorpdfstring": (0, 2), "hypertarget": (1, 2), "hyperlink": (1, 2),
           "foreignlanguage": (1, 2), "textcolor": (1, 2), "colorbox": (1, 2), "fcolorbox": (2, 3),
           "raisebox": (1, 2), "rotatebox": (1, 2), "parbox": (1, 2), "scalebox": (1, 2), "resizebox": (2, 3),
           "adjustbox": (1, 2)}
# TeX's primitives that take a dimension or glue unbraced, no text: \kern.5em, \hskip 3em plus 1fil,
# \vskip\baselineskip, \lower.5ex, \moveleft 3pt (the box after it is read); a unit's letters end it, as in TeX
# ('\kern-.125emX')
_SKIPS = frozenset(("kern", "hskip", "vskip", "mkern", "mskip", "raise", "lower", "moveleft", "moveright"))
# where TeX sets words apart by other means than a space, in text: its horizontal spaces (\quad, \qquad, \enspace,
# \enskip, \thinspace, \hfill, \space: 'eg:\quad{\tt break}' is 'eg: break'), a table's cell and row ends (plain
# TeX's \cr in an \halign, ConTeXt's \NC and \NR, \tabularnewline; a cell's '&' in texreader): a space, no argument;
# so do \hspace{…} and \hskip of a positive width (_WIDE: '1em', '\fill'), not a negative or zero one ('\hspace{0pt}'
# is none); \kern never (it sets a logo's letters: '\kern-.125em', 'PDF\kern.1em\TeX'). In math they are read as any
# command
_SPACES = frozenset("quad qquad enspace enskip thinspace medspace thickspace space nobreakspace hfill hfil hfilll hss "
                    "cr crcr NC NR tabularnewline".split())
# the phantoms set their argument's room, not its text: \phantom and \hphantom its width (a space), \vphantom only its
# height (nothing: powerdot-tuliplab's '{#1\vphantom{#2}}' printed #2 twice)
_PHANTOMS = {"phantom": " ", "hphantom": " ", "vphantom": ""}
_WIDE = re.compile(r"\s*(?!-)[^-]*?(?:[1-9]|\\|fil)")
_ESCAPED = re.compile(r"\\([%#&_~$])")  # in an address (\url{…}) its characters as hyperref prints them
_SKIP = re.compile(rf"\s*{GLUE}")
# TeX's assignment of a number to a register in text: '\itemsep=0pt', '\parskip=0pt plus 1pt', '\tolerance=1000',
# '\hsize=.5\textwidth': a setting, no text (in math '\epsilon=0.5' is an equation's); its unit on the line
# ('\endlinechar=-1' before a line starting '\begin{…}' takes no unit)
_ASSIGNMENT = re.compile(r"[ \t]*=[ \t]*-?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[ \t]*(?:true[ \t]*)?"
                         r"(?:pt|pc|in|bp|cm|mm|dd|cc|sp|em|ex|px|mu|fil+)(?![A-Za-z])|\\[A-Za-z@]+)?"
                         + STRETCH)
# TeX's delimiter commands: a delimiter follows them ('\left[', '\bigl['), never an [option]
_DELIMITERS = frozenset("left right middle big Big bigg Bigg bigl Bigl biggl Biggl bigr Bigr biggr Biggr".split())
# beamer's overlay specification directly after a command, in text ('\alert<2>{…}', '\item<2->', '\onslide<+->',
# '\includegraphics<1>[…]{…}'): the slides it acts on, no text; it has a number, '+' or '.' ('\char<number>' stays)
_OVERLAY = re.compile(r"<(?=[^<>\n]{0,40}[\d+.])[-+.,|:@\w ]{1,40}>")
# text symbols: their characters, among them the letters a name needs (Ł, Ø, Å, Æ, Œ: '\L\'od\'z' is 'Łódź')
_SYMBOLS = {"ldots": "…", "dots": "…", "textendash": "–", "textemdash": "—", "LaTeX": "LaTeX", "TeX": "TeX",
            "S": "§", "ss": "ß", "aa": "å", "AA": "Å", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ",
            "OE": "Œ", "l": "ł", "L": "Ł", "copyright": "©", "textcopyright": "©", "texttrademark": "™",
            "textsection": "§", "texteuro": "€", "euro": "€", "texttimes": "×",
            "textbackslash": "\\", "textquotesingle": "'", "textquotedbl": '"', "textasciigrave": "`",
            "textquoteleft": "‘", "textquoteright": "’", "textquotedblleft": "“", "textquotedblright": "”",
            "textless": "<", "textgreater": ">", "textbar": "|", "textasciitilde": "~", "textasciicircum": "^",
            "textunderscore": "_", "textbraceleft": "{", "textbraceright": "}", "textdollar": "$", "textbullet": "•",
            "i": "ı", "j": "ȷ"}
# pgffor's loop head: \foreach, its variables (\x or \x/\y), [options], 'in'; its list (a braced group or a macro)
# and body follow. The loop is left out, its body read neither once nor as often as the list says: it draws or sets
# repeated items (pages, nodes) from its variables, no prose ('\foreach \i in {1,2,3} {\page{}}' read '1,2,3')
_LOOP_BODY = 2000  # characters: an unbraced loop body's ';' is looked for this far (not to the end by every loop)
_FOREACH = re.compile(r"\s*\\[A-Za-z@]+(?:\s*/\s*\\[A-Za-z@]+)*\s*(?:\[[^\]]{0,200}\]\s*)?in\s*(?=[{\\])")
# where a line or paragraph breaks: a space or a paragraph's end (as _render reads '\\' a space); plain TeX's and
# LaTeX's \break is '\penalty-\@M', a forced line break (_forces_break)
_BREAKS = frozenset("par newline linebreak break newpage clearpage pagebreak bigskip medskip smallskip "
                    "noindent".split())
# the TeX kernel's named constants a penalty takes: \@M (10000), \@MM (20000)
_CONSTANTS = {"\\@M": 10000, "\\@MM": 20000}
# a definition: LaTeX's (\\newcommand{\\x}[2][default]{…}) or TeX's, \\def and its expanding and global kinds (\\edef,
# \\gdef, \\xdef: one rule, the body read as \\def's is) with the parameter text up to the body's '{', as TeX reads it:
# '#1#2' or delimited ('\\def\\split#1-#2-{…}', '\\def\\x#1\\par{…}'); a prefix before one (\\global, \\long,
# \\protected, \\outer) prints nothing as any command
_DEFINE = re.compile(r"\\(?:(?:renew|provide|new)command\*?\s*(?:\{\s*\\([A-Za-z@]+)\s*\}|\\([A-Za-z@]+))\s*"
                     r"(?:\[(\d)\])?\s*(?:\[([^\]]{0,200})\])?|[egx]?def\s*\\([A-Za-z@]+)([^{}]{0,200})(?=\{))")
_DEFINERS = frozenset(("newcommand", "renewcommand", "providecommand", "def", "edef", "gdef", "xdef"))
# \\the<counter>: a counter's printed value, not known without counting (its name is no word of the text, in math
# either: '$\\thechapter.1$'): LaTeX's own counters and those the source declares (\\newcounter, \\newtheorem)
_COUNTERS = frozenset((*LATEX_RANK, "page", "equation", "figure", "table", "footnote", "mpfootnote", "enumi", "enumii",
                       "enumiii", "enumiv"))
_NEW_COUNTER = re.compile(r"\\newcounter\s*\{\s*([A-Za-z@]{1,40})\s*\}")
_THEOREM = re.compile(r"\\newtheorem\*?\s*\{\s*([A-Za-z@]{1,40})\s*\}\s*(?:\[[^\]]{0,100}\]\s*)?\{([^{}]{1,100})\}")
_EXPANSION = 100_000  # macros expand to at most this many characters more than the source's length
# TeX's file name without braces ('\input abstract.tex', plain TeX's '\input macros'): up to a space or line end
_FILE_NAME = re.compile(r"[ \t]*[^\s{}\\]*")
# a character's number after \char (TeX's syntax: decimal, "hex, 'octal, `character: '\char`\\' is the backslash's)
# and in \symbol's argument: the character it prints
_CHAR_CODE = re.compile(r"[ \t]*(?:(?P<dec>\d{1,7})|\"(?P<hex>[0-9A-F]{1,6})|'(?P<oct>[0-7]{1,7})|`\\?(?P<chr>.))",
                        re.S)
_COUNTED = {**_NOTES, "input": "inputs", "include": "inputs", "letter": "front", **dict.fromkeys(FRONT, "front")}


def looks_like_latex(text: str) -> bool:
    """A LaTeX document: \\documentclass or \\begin{document} near its start, and a command its first line (not
    comments): a text about LaTeX that shows its commands, such as an ACM template's guide, begins with prose."""
    head = without_comments(text[:20000])[0]
    first = next((ln.lstrip("\ufeff \t") for ln in head.splitlines() if ln.strip("\ufeff \t")), "")
    return first.startswith("\\") and ("\\documentclass" in head or "\\begin{document}" in head)


def _macros(text: str, braces: dict[int, int]) -> dict[str, tuple]:
    """The macros a source (its brace table `braces`) defines with \\newcommand, \\renewcommand, \\providecommand
    or \\def and its kinds (_DEFINE): name -> (number of arguments, the first one's default or None, body, its
    delimiters: texreader.parameters, None when each argument is undelimited as in '#1#2'). Not expanded where it is
    called, its call read as any command's: one whose parameter text TeX refuses, a name \\csname builds
    ('\\expandafter\\def\\csname x\\endcsname{…}': not \\csname), and an \\edef or \\xdef that names itself (its body
    expanded when it is defined, with the value the macro had then: '\\xdef\\list{\\list,x}' adds to a list, not known
    where it is called)."""
    out = {}
    for m in _DEFINE.finditer(text):
        body, j = braced_group(text, m.end(), braces)
        name = m.group(1) or m.group(2) or m.group(5)
        if j == m.end() or name == "csname":
            continue
        if m.group(0)[1] in "ex" and re.search(rf"\\{name}(?![A-Za-z@])", body):
            out.pop(name, None)
        elif (params := parameters(m.group(6) or "")) is not None:
            out[name] = (int(m.group(3) or 0) + params[0], m.group(4), body, params[1])
    return out


def _theorems(text: str) -> dict[str, str]:
    """The theorem-like environments a source defines with \\newtheorem (and amsthm's proof): name -> the name
    printed at its start."""
    return {"proof": "Proof", **{m.group(1): " ".join(m.group(2).split()) for m in _THEOREM.finditer(text)}}


class _Reader(Reader):
    """A LaTeX source's reader: what its commands and environments print."""

    def __init__(self, macros: dict | None = None, budget: int = 0, theorems: dict | None = None,
                 verbatims: frozenset = frozenset()):
        super().__init__(macros, budget)
        self.verbatims = verbatims  # the source's own verbatim environments, left out as code
        self.theorems = theorems or {}
        self.counters = _COUNTERS | self.theorems.keys()
        self.registers: dict[str, str] = {}  # those the source declares (texargs.declared_registers): their kinds
        self.fields, self.titles = frozenset(), 0  # the title page's fields (title_fields); \maketitles to come
        self.context = False  # a ConTeXt source (texverb.is_context)

    def command(self, s: str, name: str, i: int, math: bool) -> tuple[str, int]:
        """The text of the command \\name whose arguments start at s[i], and the index after them."""
        if not math and (m := _OVERLAY.match(s, i)):
            i = m.end()
        if name == "begin":
            env, j = self.group(s, i)
            if _ENV_NAME.fullmatch(env.strip()):
                return self.environment(s, env.strip(), j)
            return "", i  # "\\begin{" left open, or no name: what follows is read as text
        if name in ("verb", "lstinline"):  # the text as written: '\verb|\section|' is no heading
            m = VERB.match(s, s.rfind("\\", 0, i))
            return (verb_text(m), m.end()) if m else ("", i)
        if name in LATEX_RANK:
            title, i = self.group(s, i)
            return _heading(name, self.render(title)), i
        if name in _DEFINERS:  # a definition (read beforehand by _macros): no text
            m = _DEFINE.match(s, s.rfind("\\", 0, i))
            return "", self.group(s, m.end())[1] if m else i
        # a macro the source defines expands before any table below serves the name (TeX: the last definition wins;
        # '\newcommand{\email}[1]{\texttt{#1}}' is the source's own); a sectioning command stays a heading (a
        # redefinition, \@startsection's or plain TeX's skips, changes how it looks, not that it is one) and a
        # definer a definition ('\def\def{…}' inside a group is not followed), and so does an allocation (plain TeX's
        # '\outer\def\newdimen{…}': '\newdimen\maxdimen' declares \maxdimen, prints no message of \alloc@'s)
        if name in self.macros and self.budget > 0 and ASSIGNMENTS.get(name) != "new" and (
                expanded := self.expand(s, name, i, math)) is not None:
            return expanded
        # TeX's assignments print nothing: a register, its value, a box being set (texargs); a register the source
        # declares is served before the tables below, as its macros are ('\newdimen\pagewidth', '\pagewidth=\hsize');
        # it or a parameter without a value (a factor, '\the\hsize', ConTeXt's '\language[de]') reads as any command
        if (kind := self.registers.get(name, ASSIGNMENTS.get(name))) and (
                (j := assignment_end(s, name, i, self.braces[-1], kind, self.registers)) != i
                or name not in PARAMETERS and name not in self.registers):
            return (" " if name == "penalty" and not math and _forces_break(s[i:j]) else ""), j
        if self.context and name in CONTEXT_FILES:  # a file's name (texverb)
            return "", _FILE_NAME.match(s, bracket_options(s, i)).end()
        if name in FONT_SWITCHES:
            return "", i
        if name in _SPACES and not math:
            return " ", i
        if name in _PHANTOMS:
            return _PHANTOMS[name], self.group(s, i)[1]
        if name == "hspace":
            width, j = self.group(s, i)
            return (" " if _WIDE.match(width) and not math else ""), j
        if name in ("url", "nolinkurl"):  # an address as written ('~', '&', '\' are its characters), the source's
            address, j = self.group(s, i)  # own macros in it expanded ('\url{\home}')
            own = WORD.sub(lambda w: self.render(w.group()) if w.group()[1:] in self.macros else w.group(), address)
            return _ESCAPED.sub(r"\1", own), j
        if name in ("char", "symbol"):  # '\char92', '\symbol{92}': the character; one space after the number eaten
            arg, j = self.group(s, i) if name == "symbol" else (s, i)
            if m := _CHAR_CODE.match(arg, 0 if name == "symbol" else i):  # else (ConTeXt's \symbol[name]) as any
                return _character(m), j if name == "symbol" else EATEN.match(s, m.end()).end()
        if name in _DROP_ARGS:  # its options too ('\cite[see][p. 5]{x}', ConTeXt's '\definecolor[main][black]')
            i = start = bracket_options(s, i)
            count = _DROP_ARGS[name]
            if name in _LENGTH_SETTERS and (word := _ARG_WORD.match(s, i)):  # '\setlength\parindent{0pt}'
                i, count = word.end(), count - 1
            for _ in range(count):
                _, i = self.group(s, i)
            while name in FRONT and s.startswith("{", i) and i in self.braces[-1]:
                i = self.braces[-1][i] + 1
            if name in _SHIFTED and (option := bracket_option(s, EATEN.match(s, i).end()))[0] is not None:
                i = option[1]
            if name in ("input", "include") and i == start:
                i = _FILE_NAME.match(s, i).end()
            if name in _COUNTED:
                self.left_out[_COUNTED[name]] += 1
            # a citation's, a note's or an anchor's place (closed_up: "works well~\cite{x}." -> "works well.")
            return ("\n\n" if name in ("input", "include") else MARK_GAP if name in _MARKS else ""), i
        if name in _REFS:
            _, i = self.group(s, i)
            return "[#]", i
        if name in _ONE_OF:
            index, count = _ONE_OF[name]
            args = []
            for _ in range(count):
                arg, i = self.group(s, i)
                args.append(arg)
            return self.render(args[index]), i
        if not math and (m := _ASSIGNMENT.match(s, i)):
            return "", m.end()
        if name in _SKIPS:  # and the optional space after the dimension, a line's end among it, as TeX takes it
            # (a line after '\vskip 6pt' stays a paragraph's start): a positive kern with a space there sets words
            # apart ('Spine\kern.5em text'), a negative one a logo's letters together ('Bi\kern-.025em b')
            if not (m := _SKIP.match(s, i)):
                return "", i
            j = m.end() if name in VERTICAL else EATEN.match(s, m.end()).end()
            wide = _WIDE.match(m.group()) and (name == "hskip" or j > m.end()) and not math
            return (" " if wide else ""), j
        if name == "item":
            label, i = bracket_option(s, i)
            return "\n\n" + (self.render(label) + " " if label else ""), i
        if name == "appendix":
            return _heading("section", "Appendix"), i
        if name == "bibliography":
            _, i = self.group(s, i)
            return _heading("section", "References"), i
        if name == "bibitem":
            _, i = self.group(s, i)
            return "\n\n", i
        if name in ACCENTS:
            return self.accent(s, name, i, math)
        if name in _SYMBOLS:
            return _SYMBOLS[name], i
        if name in _BREAKS:  # \linebreak's and \pagebreak's urgency ('[3]', spaces before it skipped as LaTeX does)
            option = bracket_option(s, EATEN.match(s, i).end()) if name in ("linebreak", "pagebreak") else (None, i)
            i = i if option[0] is None else option[1]
            return "\n\n" if name in ("par", "newpage", "clearpage", "pagebreak") else " ", i
        if name == "foreach" and (m := _FOREACH.match(s, i)):
            return "", self.loop_end(s, m.end())
        if name == "maketitle":  # after the last title page the commands of its fields print as any other
            self.titles -= 1
            self.fields = self.fields if self.titles > 0 else frozenset()
            return "", bracket_options(s, i)  # a class's options for it ('\\maketitle[nofrontcover]'): settings
        if name[:3] == "the" and name[3:] in self.counters:
            return "", i
        if name in self.fields:  # all its [options] and braced arguments
            i = j = bracket_options(s, i)
            while (j := self.group(s, j)[1]) != i:
                i = j
            self.left_out["front"] += 1
            return "", i
        # any other command: the text of its arguments (\emph{x}, \textbf{x}, \url{x}, a macro's text); in text its
        # [options] right after it are settings, all of them ('\lipsum[3-17]', '\Blindtext[2][1]'); in math a '['
        # after a command is a delimiter ('\bigl[1+f(x)\bigr]')
        if name in BOX_SETTINGS:  # a box's size, a rule's, a picture's coordinates (texargs)
            i = box_settings(s, name, i, self.braces[-1])
        if not math and name not in _DELIMITERS:
            i = bracket_options(s, i)
        parts = []
        while True:
            arg, j = self.group(s, i)
            if j == i:
                break
            parts.append(self.render(arg, math))
            i = j
        return (name if math and not parts else "") + " ".join(parts), i

    def loop_end(self, s: str, i: int) -> int:
        """The index after a \\foreach loop whose list starts at s[i]: past the list and the body, a braced group, a
        nested \\foreach or (pgffor's rule) what runs up to the next ';' ('\\foreach \\x in {1,2} \\draw (\\x,0);'),
        within the paragraph and _LOOP_BODY characters; without one only the head and list are left out."""
        m = WORD.match(s, i)
        i = m.end() if m else self.group(s, i)[1]
        j = EATEN.match(s, i).end()
        if s.startswith("{", j) and j in self.braces[-1]:
            return self.braces[-1][j] + 1
        if s.startswith("\\foreach", j) and (m := _FOREACH.match(s, j + len("\\foreach"))):
            return self.loop_end(s, m.end())
        end = s.find(";", j, j + _LOOP_BODY)
        return i if end < 0 or PARAGRAPH.search(s, j, end) else end + 1

    def environment(self, s: str, env: str, i: int) -> tuple[str, int]:
        """The text of \\begin{env}…\\end{env} whose body starts at s[i], and the index after \\end{env}."""
        base = env.rstrip("*")
        end, after = environment_end(s, env, i)
        option = None
        if base in _SETTING_ENVS:  # \begin{minipage}{0.5\textwidth}: the size is no text
            for _ in range(_SETTING_ENVS[base]):
                _, i = self.group(s, i)
            if base in _COUNTED:
                self.left_out[_COUNTED[base]] += 1
        elif base in BOX_SETTINGS:  # \begin{picture}(100,50)(0,0)
            i = box_settings(s, base, i, self.braces[-1])
        else:
            option, i = bracket_option(s, i, end)  # \begin{enumerate}[label=(a)], \begin{theorem}[Cauchy]
        body = s[i:end]
        if base in _DROP_ENVS or base in self.verbatims:
            kind = _DROP_ENVS.get(base, "code lines")
            self.left_out[kind] += body.count("\n") + 1 if kind in ("code lines", "comments") else 1
            return (GONE if kind in _INLINE_ENVS else "\n\n"), after
        if base == "abstract":
            return _heading("section", "Abstract") + f"{self.render(body)}\n\n", after
        if base == "thebibliography":
            _, i = self.group(s, i)  # the widest label
            return _heading("section", "References") + f"{self.render(s[i:end])}\n\n", after
        if base == "document":
            return self.render(body), after
        if base == "tabbing":
            self.tabbing, was = True, self.tabbing
            try:
                return f"\n\n{self.render(body)}\n\n", after
            finally:
                self.tabbing = was
        if base in self.theorems:  # "Theorem (Cauchy–Schwarz). …"; a proof's option replaces its name
            name = self.render(option) if base == "proof" and option else self.theorems[base] + (
                f" ({self.render(option)})" if option else "")
            return f"\n\n{name.strip()}. {self.render(body)}\n\n", after
        return f"\n\n{self.render(body)}\n\n", after  # lists, theorems, quotes, …: their text, paragraphs apart


def _join_around_gone(text: str) -> str:
    """The text with each GONE mark and one line end on either side of it made a space (a linear scan: a regex
    with spaces on both sides of the mark backtracks quadratically on long runs of spaces)."""
    parts = text.split(GONE)
    out = [parts[0]]
    for part in parts[1:]:
        before = out[-1].rstrip(" \t")
        out[-1] = before[:-1] if before.endswith("\n") else before
        rest = part.lstrip(" \t")
        out.append(" " + (rest[1:] if rest.startswith("\n") else rest))
    return "".join(out)


def _code(m: re.Match) -> int:
    """The number a _CHAR_CODE match gives (TeX's decimal, "hex, 'octal or `character)."""
    if m["chr"] is not None:
        return ord(m["chr"])
    return int(m["dec"]) if m["dec"] else int(m["hex"], 16) if m["hex"] else int(m["oct"], 8)


def _character(m: re.Match) -> str:
    """The character a _CHAR_CODE match gives ('' for a number past Unicode's or a control character's)."""
    if m["chr"] is not None:
        return m["chr"]
    n = _code(m)
    return chr(n) if n < 0x110000 and chr(n).isprintable() else ""


def _forces_break(number: str) -> bool:
    """Whether a \\penalty's number (what it takes: signs, a number or a kernel constant, _CONSTANTS) is -10000 or
    less, a forced line break in TeX: the words on either side are set apart. A register's unknown value forces none."""
    digits = number.lstrip("+- \t\n")
    negative = number[:len(number) - len(digits)].count("-") % 2
    value = _CONSTANTS.get(digits) or ((m := _CHAR_CODE.fullmatch(digits)) and _code(m)) or 0
    return bool(negative) and value >= 10000


def _heading(command: str, title: str) -> str:
    return f"\n\n{_HEAD}{command}{_HEAD}{' '.join(title.split())}\n\n"


def latex_blocks(source: str) -> tuple[list[Block], dict[str, int]]:
    """A LaTeX source's headings (level: LATEX_RANK of the sectioning command; the title a part above them) and
    paragraphs, and what was left out, by kind (structure.LEFT_OUT)."""
    source = source.replace(_HEAD, " ").replace("\r\n", "\n").replace("\r", "\n")
    text, plain, comments, (start, end), verbatims = without_comments(source)
    braces = closing_braces(plain)
    reader = _Reader(_macros(plain, braces), len(text) + _EXPANSION, _theorems(plain), verbatims)
    reader.counters |= set(_NEW_COUNTER.findall(plain))
    reader.registers = declared_registers(plain)
    reader.context = is_context(plain)
    reader.fields = title_fields(text[start:end], piece=start == 0)  # no \begin{document}: a piece
    reader.titles = text[start:end].count("\\maketitle")
    title, _ = braced_group(plain, m.end(), braces) if (m := re.search(r"\\title\s*(?=[\[{])", plain)) else ("", 0)
    prose = reader.render(text[start:end])
    if comments:
        reader.left_out["comments"] += comments
    prose = (_heading("part", reader.render(title)) if title.strip() else "") + _join_around_gone(prose)
    blocks = []
    for para in PARAGRAPH.split(prose):
        if para.lstrip().startswith(_HEAD):
            _, command, title = para.strip().split(_HEAD, 2)
            if title := closed_up(title).strip():
                blocks.append(Block(title, LATEX_RANK[command], split_number(title)[0]))
        elif words := " ".join(closed_up(para).split()):
            blocks.append(Block(words))
    return blocks, dict(reader.left_out)
