"""A LaTeX command's arguments where they are in the source: the closing brace of each opening brace (one pass), the
braced group at an index, the [optional arguments] there, where an environment ends, a line's end after them, and
the settings a box takes before its contents (its size, a rule's dimensions, a picture object's coordinates), and
what one of TeX's assignments takes after it (a register, '=', its value, a box being set)."""
from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["ASSIGNMENTS", "BOX_SETTINGS", "DIMENSION", "GLUE", "LINE_END", "OPTION_ON_A_LINE", "OPTION_REACH",
           "PARAMETERS", "STRETCH", "assignment_end", "box_settings", "braced_group", "bracket_option",
           "bracket_options", "closing_braces", "declared_registers", "environment_end"]

LINE_END = re.compile(r"[ \t]*\n")  # the end of a line at an index, spaces before it
OPTION_REACH = 200  # an [optional argument] is looked for this far: a lone '[' does not send a scan to the end
_BRACE = re.compile(r"\\.|[{}]", re.S)
# a register: a name that stands for one ('\\hsize', '\\mycount') or one of TeX's by its number or name ('\\count255',
# '\\wd0', '\\ht\\mybox': its number is no text); \\relax ends a number, no register ('\\numexpr 1+2\\relax')
_REGISTER = (r"\\(?!relax(?![A-Za-z@]))(?:(?:count|dimen|skip|muskip|toks|wd|ht|dp)\s*(?:\d+|\\[A-Za-z@]+)"
             r"|[A-Za-z@]+)")
# TeX's dimension: a number and its unit ('7em', pdfTeX's '1200px', '.5\\hsize', '-1.5 truept', 'fill') or a register
# ('\\hsize'); a register on the next line is not taken as a number's factor ('\\divide\\x by 96' ends its line)
_SIGNS = r"(?:[-+]\s*)*"  # TeX's optional signs before a number or a dimension: '-', '+', '--' (spaces between)
DIMENSION = (rf"(?:{_SIGNS}(?:\d+(?:[.,]\d*)?|[.,]\d+)"
             r"(?:\s*(?:(?:true\s*)?(?:pt|pc|in|bp|cm|mm|dd|cc|sp|em|ex|px|mu)|fil+)"
             rf"|[ \t]*{_REGISTER})|{_SIGNS}{_REGISTER})")
# glue: a dimension's stretch and shrink after it ('1em plus 1fil minus 2pt'), and the whole of it
STRETCH = rf"(?:\s*plus\s*{DIMENSION})?(?:\s*minus\s*{DIMENSION})?"
GLUE = DIMENSION + STRETCH
# the settings a box takes before its contents, no text, by the kind of box: TeX's box specification
# ('\\hbox to 7em{…}', '\\vbox spread 1em{…}', '\\vtop to\\vsize{…}'), a rule's dimensions ('\\vrule width 1pt
# height 2pt'); and a picture object's, in its order ('(': a coordinate pair, '{': a braced length or count), its
# [options] anywhere, as far as they are there: '\\put(10,20){…}', '\\multiput(0,0)(10,0){5}{…}', '\\line(1,0){10}',
# '\\circle*{2}', '\\dashbox{2}(10,5){…}', '\\qbezier(0,0)(1,1)(2,0)', '\\begin{picture}(100,50)(0,0)', a box's size
# ('\\makebox(0,0)[l]{…}'): a braced argument after them is its text (plain TeX's \\line{…}, a line of text, has no
# pair and keeps its argument)
_SPEC = re.compile(rf"\s*(?:to|spread)\s*{DIMENSION}")
_RULE = re.compile(rf"(?:\s*(?:width|height|depth)\s*{DIMENSION})*")
_PAIR, _BLANKS = re.compile(r"\([^(),\n]{1,40},[^(),\n]{1,40}\)"), re.compile(r"\s*")
BOX_SETTINGS = {**dict.fromkeys(("hbox", "vbox", "vtop"), _SPEC), **dict.fromkeys(("hrule", "vrule"), _RULE),
                **dict.fromkeys(("put", "oval", "makebox", "framebox", "savebox"), "("), "picture": "((",
                **dict.fromkeys(("line", "vector"), "({"), "multiput": "(({", "qbezier": "(((", "bezier": "(((",
                "circle": "{", "dashbox": "{("}

# TeX's assignments (and LaTeX's allocations and saved boxes) print nothing: what each takes after it, as far as it is
# there. A value: a number ('3', '"7F', '`\\a'), a dimension or glue ('2pt', '1em plus 1fil', '-\\parindent'); an
# expression to its \\relax ('\\numexpr 3+4\\relax'); a name being defined ('\\chardef\\x=65', '\\newcount\\x',
# '\\newlength{\\x}'); \\let's name and the token it takes ('\\let\\a=\\b'); \\multiply's and \\divide's factor, an
# integer ('\\multiply\\x by 2 \\advance…': no dimension '2\\advance'). '\\global' before one prints nothing as any
# command. A box being set ('\\setbox0=\\hbox{…}', '\\sbox\\x{…}', '\\savebox\\x[3em]{…}'): its register and
# kind print nothing, its contents are read where it is set (assignment_end); and so is a box register where it is
# used ('\\box255', '\\copy\\mybox', '\\unhbox0', '\\unvcopy\\x'): its number or name is no text (it printed '255')
_NUMBER = rf"{_SIGNS}(?:\d+|\"[0-9A-F]+|'[0-7]+|`\\?.)"
_INTEGER = rf"(?:{_NUMBER}|{_SIGNS}{_REGISTER})"  # a number or a register that stands for one
_VALUE = rf"(?:{GLUE}|{_NUMBER})"
_NAME = r"\s*(?:\\[A-Za-z@]+|\{\s*\\[A-Za-z@]+\s*\})"
_TOKEN = r"(?:\\[A-Za-z@]+|\\.|\S)"  # a control sequence or a character
_DEFINED = r"\s*(?:\\[A-Za-z@]+|\\.|[^\s\w{}])"  # what \\let defines: a control sequence, an active character ('|')
_INDEX = r"\s*(?:\d+|\"[0-9A-F]+|\\[A-Za-z@]+)"  # a register's number, or a name that stands for one
_SET = rf"{_INDEX}\s*=?"  # a register by its number and '=': a box's, a token list's
# TeX's parameters (the TeXbook's list, chapter 24: integer, dimension, glue and muglue ones) are set by their name
# and a value, '=' optional ('\\tolerance 9999', '\\parindent0pt', '\\parskip 1ex plus 1pt'), and print nothing: an
# integer one takes a number or a register that stands for one ('\\clubpenalty\\@M'), never a dimension (a control
# word after its number is no factor of it: '\\clubpenalty10000\\hskip 1em'); a dimension or glue one its value;
# on the parameter's line (a command on the next line is no value of it: '…0pt \\hsize⏎\\input tufte', \\parshape's
# last dimension and a file read). Named alone ('\\the\\hsize'), a dimension one after a number (its factor:
# '.5\\hsize') or any after '=' (another's value: '\\n=\\time') they set nothing (_FACTOR); an integer one after a
# number is set ('2\\tolerance 9999' prints '2', as in TeX: the number ends at the control word; TeX scales an
# integer only inside a dimension, '\\dimen0=2\\count1', which sources hardly write). A register by its number
# ('\\ht0', '\\count3') takes its value on its line too, or after an '=' ending it: gkpmac's '\\ht0⏎\\def…' takes no
# \\def as its value
_INTEGERS = ("pretolerance tolerance hbadness vbadness linepenalty hyphenpenalty exhyphenpenalty binoppenalty "
             "relpenalty clubpenalty widowpenalty displaywidowpenalty brokenpenalty predisplaypenalty "
             "postdisplaypenalty interlinepenalty floatingpenalty outputpenalty doublehyphendemerits "
             "finalhyphendemerits adjdemerits looseness pausing holdinginserts tracingonline tracingmacros "
             "tracingstats tracingparagraphs tracingpages tracingoutput tracinglostchars tracingcommands "
             "tracingrestores language uchyph lefthyphenmin righthyphenmin globaldefs defaulthyphenchar "
             "defaultskewchar escapechar endlinechar newlinechar maxdeadcycles hangafter fam mag delimiterfactor time "
             "day month year showboxbreadth showboxdepth errorcontextlines").split()
_DIMENSIONS = ("hfuzz vfuzz overfullrule emergencystretch hsize vsize maxdepth splitmaxdepth boxmaxdepth lineskiplimit "
               "delimitershortfall nulldelimiterspace scriptspace mathsurround predisplaysize displaywidth "
               "displayindent parindent hangindent hoffset voffset baselineskip lineskip parskip abovedisplayskip "
               "abovedisplayshortskip belowdisplayskip belowdisplayshortskip leftskip rightskip topskip splittopskip "
               "tabskip spaceskip xspaceskip parfillskip thinmuskip medmuskip thickmuskip").split()
# TeX's token-list parameters (\\everypar, \\everymath, …, \\output, \\errhelp; e-TeX's \\everyeof) and plain TeX's
# running head and foot (\\headline, \\footline) hold code TeX runs at each paragraph, formula, box, alignment row or
# page, a page's furniture or an error's help: set by name, '=' optional, to a braced list that is no prose
# ('\\everypar{\\hangindent2em}', '\\headline={\\hfil\\tenrm Title}', manmac's '\\output={\\balancecolumns}')
_TOKEN_LISTS = ("everypar everymath everydisplay everyhbox everyvbox everycr everyjob everyeof output errhelp headline "
                "footline").split()
PARAMETERS = frozenset((*_INTEGERS, *_DIMENSIONS, *_TOKEN_LISTS))
_TAKES = {"integer": rf"[ \t]*=?[ \t]*{_INTEGER}", "number": rf"\s*{_INTEGER}",
          "dimension": rf"[ \t]*=?[ \t]*{_VALUE}",
          "arithmetic": rf"\s*(?P<register>{_REGISTER})(?:\s*by(?![A-Za-z]))?",
          "scaling": rf"\s*{_REGISTER}(?:\s*by(?![A-Za-z]))?(?:\s*{_NUMBER}|\s*-?\s*{_REGISTER})?",
          "register": rf"{_INDEX}(?:[ \t]*(?:=\s*)?{_VALUE})?", "count": rf"{_INDEX}(?:[ \t]*(?:=\s*)?{_INTEGER})?",
          "shorthand": rf"{_NAME}(?:\s*=?\s*{_NUMBER})?", "new": _NAME,
          "let": rf"{_DEFINED}\s*=?\s?{_TOKEN}",
          "expression": rf"(?:\s*(?:[-+*/()]|\{{[A-Za-z@]{{1,40}}\}}|{_VALUE}))*(?:\s*\\relax)?",
          "setbox": _SET, "savebox": _NAME, "toks": _SET, "box": _INDEX, "list": r"\s*=?",
          "tokens": r"[ \t]*=?\s*(?=\{)"}
ASSIGNMENTS = {**dict.fromkeys(_INTEGERS, "integer"), **dict.fromkeys(_DIMENSIONS, "dimension"),
               **dict.fromkeys(_TOKEN_LISTS, "tokens"),
               # \\penalty takes a number, its signs ('\\penalty-10000', '+100'), as a command: no quantity, never a
               # factor ('1\\penalty-10000' is no '1 times \\penalty'), set by no name
               "penalty": "number", "advance": "arithmetic", **dict.fromkeys(("multiply", "divide"), "scaling"),
               "count": "count", **dict.fromkeys(("dimen", "skip", "muskip", "wd", "ht", "dp"), "register"),
               **dict.fromkeys(("chardef", "mathchardef", "countdef", "dimendef", "skipdef", "muskipdef", "toksdef"),
                               "shorthand"),
               **dict.fromkeys(("newcount", "newdimen", "newskip", "newmuskip", "newtoks", "newbox", "newwrite",
                                "newread", "newif", "newlength", "newlanguage", "newinsert", "newfam", "futurelet"),
                               "new"),
               "let": "let", **dict.fromkeys(("numexpr", "dimexpr", "glueexpr", "muexpr"), "expression"),
               "setbox": "setbox", **dict.fromkeys(("sbox", "savebox"), "savebox"), "toks": "toks",
               **dict.fromkeys(("box", "copy", "unhbox", "unvbox", "unhcopy", "unvcopy"), "box")}
# the registers a source declares by name (\\newcount\\x, \\newdimen\\x, \\newskip, \\newmuskip, \\newtoks, LaTeX's
# \\newlength{\\x}; \\countdef\\x=10 and its kinds) are set by name as TeX's parameters are, '=' optional
# ('\\pagewidth=\\hsize', '\\x 3pt'): a number, a dimension or glue, or a token list ('\\mytoks={…}': its braced text
# read where it is set, as \\toks0's). A box register is set by \\setbox, not by its name
_DECLARED = re.compile(r"\\(?:new(count|dimen|skip|muskip|toks|length)|(count|dimen|skip|muskip|toks)def)(?![A-Za-z@])"
                       r"\s*\{?\s*\\([A-Za-z@]+)")
_DECLARED_KINDS = {"count": "integer", "dimen": "dimension", "skip": "dimension", "muskip": "dimension",
                   "length": "dimension", "toks": "list"}
_FACTOR = {"dimension": re.compile(r"(?:\d|=[ \t]*)\Z"), "integer": re.compile(r"=[ \t]*\Z")}
_ASSIGNED = {kind: re.compile(takes, re.S) for kind, takes in _TAKES.items()}
# what \\advance adds to its register, by the register's kind: a count register (\\count3, a name declared by
# \\newcount or \\countdef, an integer parameter) a number, no unit ('\\advance\\count0 by 1⏎in the loop': 'in' is
# text, as in TeX); any other a dimension or glue, its unit across a line's end as TeX reads it (so one the source does
# not declare)
_ADDED = {True: re.compile(rf"\s*{_INTEGER}"), False: re.compile(rf"\s*{_VALUE}")}
_COUNT = re.compile(r"\\count(?![A-Za-z@])")
# a value that is an e-TeX expression ('\\hsize=\\dimexpr\\textwidth-2em\\relax', '\\count0=\\numexpr 2+3\\relax'): a
# register's name to _REGISTER, read on to its \\relax as TeX reads it (the expression's operands are no text)
_EXPRESSION_VALUE = re.compile(rf"\\(?:{'|'.join(n for n, k in ASSIGNMENTS.items() if k == 'expression')})\Z")
# what \\setbox sets: a new box (its settings and braced contents follow) or another register's ('\\box1', '\\copy1',
# '\\vsplit1 to 2em')
_BOX = re.compile(rf"\s*\\(?:(hbox|vbox|vtop)(?![A-Za-z])|(?:box|copy|vsplit){_INDEX}(?:\s*to\s*{DIMENSION})?)")


def _option(stop: str, count: str) -> str:
    """The regex of an [optional argument]: its ']' outside braces (three levels deep) and no control symbol; no
    character of `stop` in it; each level `count` items. Linear, as each alternative starts with another character."""
    item = rf"[^{{}}\\{stop}]|\\."
    group = rf"\{{(?:{item}|\{{(?:{item}|\{{(?:{item}){count}\}}){count}\}}){count}\}}"
    return rf"\[(?:[^\]{{}}\\{stop}]|\\.|{group}){count}\]"


_OPTION = re.compile(_option("", "*"), re.S)  # the whole text: bracket_option stops it at OPTION_REACH
# the same in a pattern that is searched for and reads a line (compiled without re.S: a control symbol's '.' is no line
# end): on one line, each level at most OPTION_REACH items (texverb: \lstinline's options, a short verb's declaration)
OPTION_ON_A_LINE = _option(r"\n", f"{{0,{OPTION_REACH}}}")


def closing_braces(s: str) -> dict[int, int]:
    """The index of the closing brace of each opening brace of s that is closed (escaped braces skipped): one pass,
    so that looking for a command's argument never scans to the end again."""
    table, stack = {}, []
    for m in _BRACE.finditer(s):
        c = m.group()
        if c == "{":
            stack.append(m.start())
        elif c == "}" and stack:
            table[stack.pop()] = m.start()
    return table


def box_settings(s: str, name: str, i: int, braces: dict[int, int]) -> int:
    """The index after the settings (BOX_SETTINGS[name]) a box, rule or picture object takes at s[i]."""
    if isinstance(spec := BOX_SETTINGS[name], re.Pattern):
        return m.end() if (m := spec.match(s, i)) else i
    for kind in spec:  # spaces and [options] before each
        while (option := bracket_option(s, j := _BLANKS.match(s, i).end()))[0] is not None:
            i = option[1]
        if kind == "(" and (m := _PAIR.match(s, j)):
            i = m.end()
        elif kind == "{" and (j := braced_group(s, i, braces)[1]) != i:
            i = j
        else:
            break
    return i


def braced_group(s: str, i: int, braces: dict[int, int]) -> tuple[str, int]:
    """The text inside the braces that open at s[i] (skipping spaces and the [optional] arguments before them, all of
    them: '\\parbox[c][3cm][t]{5cm}', '\\raisebox{1ex}[0pt][0pt]{text}'), and the index after them; ('', i) when no
    closed group follows."""
    j = i
    while True:
        while j < len(s) and s[j] in " \t\n":
            j += 1
        if (option := bracket_option(s, j))[0] is None:
            break
        j = option[1]
    close = braces.get(j) if j < len(s) and s[j] == "{" else None
    return ("", i) if close is None else (s[j + 1:close], close + 1)


def bracket_option(s: str, i: int, stop: int | None = None) -> tuple[str | None, int]:
    """The [optional argument] that opens at s[i] (its closing ']' within OPTION_REACH characters and before
    `stop`) and the index after it; (None, i) when there is none. As TeX reads a delimited argument, a ']' in braces
    does not close it ('[listing options={deletekeywords={[2]title}}]' is one option), nor does a control symbol
    '\\]'."""
    m = _OPTION.match(s, i, min(i + OPTION_REACH, len(s) if stop is None else stop)) if s[i:i + 1] == "[" else None
    return (m.group()[1:-1], m.end()) if m else (None, i)


def bracket_options(s: str, i: int) -> int:
    """The index after the [optional arguments] directly at s[i], all consecutive ones ('[2][1]')."""
    while (option := bracket_option(s, i))[0] is not None:
        i = option[1]
    return i


def environment_end(s: str, name: str, i: int) -> tuple[int, int]:
    """(start of the matching \\end{name}, index after it), nested environments of the same name skipped (one
    pass over the begins and ends of that name)."""
    depth = 1
    for m in _bounds(name).finditer(s, i):
        depth += 1 if m.group(1) == "begin" else -1
        if depth == 0:
            return m.start(), m.end()
    return len(s), len(s)


@lru_cache(maxsize=256)
def _bounds(name: str) -> re.Pattern:
    return re.compile(r"\\(begin|end)\{" + re.escape(name) + r"\}")


def declared_registers(text: str) -> dict[str, str]:
    """The registers a source declares (_DECLARED): name -> the kind of assignment that sets one (_TAKES)."""
    return {m[3]: _DECLARED_KINDS[m[1] or m[2]] for m in _DECLARED.finditer(text)}


def assignment_end(s: str, name: str, i: int, braces: dict[int, int], kind: str | None = None,
                   registers: dict[str, str] | None = None) -> int:
    """The index after what the assignment \\name (of `kind`, else ASSIGNMENTS[name]: a register the source declares
    is of its declaration's kind, declared_registers: `registers`) takes at s[i]: its register, '=' and value; a box's
    kind and settings too (\\setbox's '\\hbox to 2em', \\savebox's '[3em]'). The box's contents, as a token list's
    text ('\\toks0={…}'), stay to be read where they are set: TeX prints them later (\\box0, \\vsplit, \\the\\toks0),
    where the reader does not follow them, and a story set in a box (samplepdf's) is not lost; a token-list
    parameter's list (_TOKEN_LISTS: code, page furniture, an error's help) is taken with it."""
    kind = kind or ASSIGNMENTS[name]
    if kind in _FACTOR and _FACTOR[kind].search(s, max(0, i - len(name) - 40), s.rfind("\\", 0, i)):
        return i  # a dimension's factor ('.8\\hsize 10pt': \\parshape's) or a value, no assignment
    if not (m := _ASSIGNED[kind].match(s, i)):  # not followed by what it takes ('\\let^^M'): nothing taken
        return i
    i = m.end() if kind == "let" else _value_end(s, m)
    if kind == "arithmetic":  # what it adds, by its register's kind (_ADDED)
        register = m.group("register")
        count = bool(_COUNT.match(register)) or (registers or {}).get(
            register[1:], ASSIGNMENTS.get(register[1:])) == "integer"
        return _value_end(s, v) if (v := _ADDED[count].match(s, i)) else i
    if kind == "tokens":  # its braced list, not read
        return braced_group(s, i, braces)[1]
    if kind == "setbox" and (m := _BOX.match(s, i)):
        return box_settings(s, m.group(1), m.end(), braces) if m.group(1) else m.end()
    return box_settings(s, name, i, braces) if kind == "savebox" and name in BOX_SETTINGS else i


def _value_end(s: str, m: re.Match) -> int:
    """The index after the value `m` matched: past the expression when it is one (_EXPRESSION_VALUE)."""
    return _ASSIGNED["expression"].match(s, m.end()).end() if _EXPRESSION_VALUE.search(m.group()) else m.end()
