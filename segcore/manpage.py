"""A manual page in roff read into blocks (segcore.structure.Block): a man(7) page (written by hand, pod2man,
help2man or DocBook) by segcore.roff's `ManReader`, a BSD mdoc(7) page by segcore.mdoc's `MdocReader`; a conditional
line read when nroff's condition holds (`_condition`), the strings the page defines put in, a call of a macro it
defines that sets text read as the macro's body with the call's arguments (`_prints`; one of text lines alone as
text).
Not text: macro and string definitions, other conditionals, comments, index entries; left out and counted
(structure.LEFT_OUT): no-fill and example blocks (.nf/.fi, .EX/.EE, pod2man's .Vb/.Ve; a section heading ends one too),
tbl tables, eqn equations, and files it includes with .so."""
from __future__ import annotations

import re
from collections import Counter

from .mdoc import MdocReader
from .roff import BULLETS, FONTS, ITALIC_PAIRS, NO_BREAK, ManReader, arguments, line_text, uncommented
from .structure import Block

__all__ = ["man_blocks", "looks_like_man", "redirect_target", "starts_like_roff"]

_TH = re.compile(r"^\.TH\s", re.M)
_SO = re.compile(r"\.so\s+\S")
_MDOC = re.compile(r"^\.Dd\b.*\n(?:.*\n){0,20}?\.Dt\b", re.M)
_CODE = {"nf": "fi", "EX": "EE", "Vb": "Ve"}
_SKIPPED = {"TS": ("TE", "tables"), "EQ": ("EN", "equations"), "PS": ("PE", None)}
# a section heading, which ends a no-fill block left open (man's .SH and .SS restore filling, mdoc's close blocks)
_SECTION = re.compile(r"[.']\s*S[HShs]\b")
# a line of a no-fill block that prints words: a text line, or a font macro's with its words ('.BI "int f(int " x );')
_PRINTS = re.compile(r"(?![.'])|[.']\s*(?:" + "|".join(FONTS | ITALIC_PAIRS) + r")\s+\S")
# requests whose lines up to an end are never text: macro definitions, and .ig's ignored lines
_DEFINITIONS = frozenset("de de1 am am1 dei ig".split())
# a string's definition: '.ds d /etc/terminfo'
_DS = re.compile(r'[.\']\s*ds\s+(\S+)[ \t]?"?(.*)')
# a definition's value as groff reads it (copy mode): '\\' is one backslash, a register's value is put in (none is
# known: nothing), a comment is cut off
_COPY = re.compile(r'\\\\|\\n(?:\(..|\[[^\]]*\]|[^(\[])|\\".*')
# a line that may define a string: a definition, or a conditional request ('.if n .ds TX TeX', '.el .ds Aq \'')
_MAY_DEFINE = re.compile(r"^[.']\s*(ds|if|ie|el)\b(.*)$", re.M)
# \\$1 in a definition: its call's first argument; '\\' alone a backslash, as groff reads a macro's body (copy mode)
_MACRO_ARGUMENT = re.compile(r"\\\\(?:\$(\d|\*|@))?")
_MOST_EXPANDED = 100_000  # the most lines the calls of a page's macros put in (one may call itself)
# a text line groff reads as a blank line: nothing but spaces or tabs, and a comment alone (its newline is read)
_BLANK = re.compile(r'[ \t]*(?:\\".*)?')
_STRING_CALL = re.compile(r"(?<!\\)\\\*(?:\((..)|\[([^\]\s]*)\]|([^(\[]))")  # \*d, \*(lq, \*[name]


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


def _definition_end(name: str, rest: str) -> re.Pattern:
    """Where the lines a definition request takes end, as groff ends them: at '..', or at a call of the end macro it
    names ('.de NAME END', '.am NAME END', '.ig END'; .dei's names a string, not known here: '..'), on a line of the
    control dot (not "'"), spaces or tabs, and the name, then a space, a comment or the line's end (a tab does not
    end it)."""
    args = arguments(uncommented(rest))
    end = args[0] if name == "ig" and args else args[1] if name in ("de", "de1", "am", "am1") and len(args) > 1 else "."
    return re.compile(r"\.[ \t]*" + re.escape(end) + r'(?= |\\"|$)')


def _table_words(lines: list[str]) -> int:
    """Words of a tbl table's rows: after its format section (the lines up to one that ends with a full stop)."""
    formats = next((j + 1 for j, x in enumerate(lines) if x.rstrip().endswith(".")), 0)
    return sum(len(re.findall(r"\w+", line_text(x))) for x in lines[formats:] if not x.startswith((".", "'")))


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


def _own_strings(text: str) -> dict[str, str]:
    """The strings the page defines, by name, as nroff reads them: '.ds d /etc/terminfo' makes '\\*d' read
    '/etc/terminfo'; a definition under a condition that holds for nroff ('.if n .ds TX TeX', '.el .ds Q nroff' after
    '.ie t .ds Q troff') is taken over others, else one made once and not under a condition."""
    definitions = list(_definitions(text))
    times = Counter(name for conditional, name, _ in definitions if not conditional)
    strings = {name: value for conditional, name, value in definitions if not conditional and times[name] == 1}
    return strings | {name: value for conditional, name, value in definitions if conditional}


def _put_strings(text: str, strings: dict[str, str]) -> str:
    """The text with the calls of the page's `strings` put in, a value's own calls too; other calls are
    `_escapes`'."""
    for _ in range(2 if strings else 0):
        text = _STRING_CALL.sub(lambda m: strings.get(m.group(1) or m.group(2) or m.group(3), m.group(0)), text)
    return text


def _called(body: str, args: list[str]) -> str:
    """A macro's body with the arguments of its call put in (\\$1 … \\$9, \\$* and \\$@ all of them), '\\\\' read as one
    backslash, as groff does on reading the body (copy mode)."""
    def argument(m: re.Match) -> str:
        if not m[1]:
            return "\\"
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


def _prints(body) -> bool:
    """Whether a macro's body sets text of its own: a text line among its requests (a macro for layout alone, rst2man's
    .INDENT or a page's .CW that opens a no-fill block, is not read: the reader has its own reading of the layout)."""
    return any(x.strip() and not x.startswith((".", "'")) for x in body)


def _taken(lines: list[str], stop) -> list[str]:
    """The lines to read (`man_blocks`'s, the next last) taken off up to the first that `stop` holds for, in order."""
    taken = []
    while lines and not stop(lines[-1]):
        taken.append(lines.pop())
    return taken


def man_blocks(text: str) -> tuple[list[Block], dict[str, int]]:
    """Headings and paragraphs of a man(7) page and the counts of what was left out (see the module's docstring);
    an mdoc(7) page (.Dd and .Dt, no .TH) read by its own macros."""
    mdoc = bool(_MDOC.search(text[:20000])) and not _TH.search(text[:20000])
    strings = _own_strings(text)
    text = _put_strings(text, strings)
    reader = MdocReader() if mdoc else ManReader()
    lines = text.splitlines()[::-1]  # the lines still to read, the next last: a macro's call puts its body there
    defined: dict[str, list[str]] = {}  # the macros the page defined so far, by name: their bodies' lines
    expanded = 0  # the lines macros' calls have put in (a bound: a macro may call itself)
    last_ie: bool | None = None  # whether the last .ie's condition held (None: not known)
    while lines:
        line = lines.pop()
        while re.search(r"(?<!\\)(?:\\\\)*\\$", line) and lines:  # an escaped newline joins the next line
            line = line[:-1] + lines.pop()
        if _BLANK.fullmatch(line):  # a blank line (spaces or a comment alone too), read by groff as .sp is
            reader.blank()
            continue
        if not line.startswith((".", "'")):
            if line[0] in " \t":  # groff breaks the line before it
                reader.indented_line(line_text(line))
            elif not (line.endswith("\\c") and line_text(line).strip() in BULLETS and not reader.parts):
                reader.add(line_text(line))
            continue
        m = re.match(r"""[.']\s*(\\".*|[^\s\\]*)\s*(.*)""", line)  # a comment, or a name up to a space or \\
        name, rest = m.group(1), m.group(2)
        if name.startswith('\\"'):
            continue
        if name in _DEFINITIONS or name in _SKIPPED:
            end, kind = (_definition_end(name, rest), None) if name in _DEFINITIONS else \
                (re.compile(r"[.']\s*" + _SKIPPED[name][0] + r"\b"), _SKIPPED[name][1])
            taken = _taken(lines, end.match)
            if kind:
                reader.leave_out(kind, _table_words(taken) if kind == "tables" else 1)
            elif name in ("de", "de1", "am", "am1") and (args := arguments(uncommented(rest))):  # its body (appended)
                defined[args[0]] = (defined.get(args[0], []) if name.startswith("am") else []) + taken
            if lines:
                lines.pop()
        elif end := _CODE.get(name) or reader.code_end(name, rest):
            taken = _taken(lines, lambda x: re.match(r"[.']\s*" + end + r"\b", x) or _SECTION.match(x))
            if line[0] == "'" and name in NO_BREAK and reader.parts and taken and not _BLANK.fullmatch(taken[0]) \
                    and not taken[0].startswith((".", "'")):  # "'nf" does not break: its first line goes on the line
                reader.add(line_text(taken.pop(0)))  # under way, as groff sets it
            reader.leave_out("code lines", sum(1 for x in taken if _PRINTS.match(x)))
            if lines and not _SECTION.match(lines[-1]):  # a section heading that ends the block is read
                lines.pop()
        elif name in ("if", "ie", "el"):
            holds, body = (last_ie is False, rest) if name == "el" else _condition(rest)
            last_ie = holds if name == "ie" else last_ie
            depth = line.count("\\{") - line.count("\\}")
            if holds:  # a braced block's lines are read as they come; its closing \} reads as nothing
                lines.append(re.sub(r"^\s*\\\{\s*", "", body))
                depth = 0
            while depth > 0 and lines:
                depth += lines[-1].count("\\{") - lines[-1].count("\\}")
                lines.pop()
        elif line[0] == "'" and name in NO_BREAK:  # the no-break control character: the request but its break
            reader.unbroken(name, arguments(rest))
        elif name == "so":
            reader.left_out["includes"] += 1
        elif name == "als" and len(args := arguments(rest)) == 2 and args[1] in defined:  # another name of one
            defined[args[0]] = defined[args[1]]  # (Asciidoctor's '.als MTO URL')
        # a call of a macro the page defined, read as its body with the call's arguments, as groff reads it: one of
        # text lines alone is the page's reading of the name, before the reader's own; one with requests only when
        # the reader has no reading of the name and the body sets text (_prints)
        elif (name in defined and not any(x.startswith((".", "'")) for x in defined[name])
              or not reader.request(name, rest) and _prints(defined.get(name, ()))) and expanded < _MOST_EXPANDED:
            body = _put_strings(_called("\n".join(defined[name]), arguments(rest)), strings).split("\n")
            lines.extend(reversed(body))
            expanded += len(body)
    reader.flush()
    return reader.blocks, {k: v for k, v in reader.left_out.items() if v}
