"""A reStructuredText source read into blocks (segcore.structure.Block): section titles (under- or over-and-under-
lined; the level is the order in which adornment styles first appear) and paragraphs (list items, terms and
definitions each a paragraph), with the inline markup resolved (roles by their text, :ref: by the title of the
section its label names, links by their text, literals kept, emphasis marks taken off, footnote references dropped).
The prose of admonitions, version notes and API descriptions is read; literal blocks, code and other directives,
tables, doctests, field lists and transitions are left out and counted (structure.LEFT_OUT). benchmarks.markup
builds the Python documentation corpus with the same reader."""
from __future__ import annotations

import re
import textwrap
from collections import Counter

from .sentences import BULLETS
from .structure import Block, split_number

__all__ = ["rest_blocks", "rst_items", "plain_rst", "label_titles", "ADMONITIONS", "PROSE_DIRECTIVES", "role_text"]

_ADORNMENT = re.compile(r"^([^\w\s])\1{2,}\s*$")
_EXPLICIT = re.compile(r"^\.\.(?:\s+([\w:-]+)::(.*)|\s|$)")
_BULLET = re.compile(rf"^\s*(?:[-*+{BULLETS}]|\d+\.|#\.|\(\d+\))\s+")
_FIELD = re.compile(r"^:[^`:]+:(?:\s|$)")
_TABLE_BORDER = re.compile(r"^\s*(?:\+[-=+]+\+|=+(?:\s+=+)+)\s*$")
_OPTION = re.compile(r"^\s*:[\w-]+:")

ADMONITIONS = {"note", "warning", "seealso", "tip", "hint", "important", "caution", "danger", "error",
               "attention", "impl-detail"}  # body and first-line text kept
PROSE_DIRECTIVES = ADMONITIONS | {  # body kept; first-line argument (title, version, signature) dropped
    "topic", "sidebar", "admonition", "only", "versionadded", "versionchanged", "deprecated",
    "method", "function", "object", "data", "attribute", "class",
    "tab-set", "tab-item", "tabs", "tab", "group-tab"}  # tabs (sphinx-design, sphinx-tabs): each tab's text is read

_INLINE = re.compile(r"""
    ``(?P<literal>.+?)``
  | (?<![\w:]):(?P<role>[\w.+-]+(?::[\w.+-]+)*):`(?P<role_text>[^`]+)`
  | `(?P<link>[^`]+)`_{0,2}
  | \*\*(?P<strong>[^*]+)\*\*
  | (?<![\w*])\*(?P<em>[^*\s](?:[^*]*[^*\s])?)\*(?![\w*])
  | (?:(?<=[\s\-:/'"<(\[{])|^)\|(?P<substitution>[^|\s](?:[^|\n]*[^|\s])?)\|(?:__?)?(?=[\s\-.,:;!?\\/'")\]}>]|$)
  | \s?\[(?:\#\w*|\d+|\*)\]_
  | \\(?P<escaped>.)
""", re.VERBOSE)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _heading_at(lines: list[str], i: int):
    """(adornment style, lines used, title) if a section title starts at line i, else None."""
    line = lines[i]
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    over = _ADORNMENT.match(line)
    if over and i + 2 < len(lines) and lines[i + 2].strip() == line.strip() and nxt.strip():
        return (line.strip()[0], True), 3, nxt.strip()
    under = _ADORNMENT.match(nxt)
    if under and line.strip() and not over and _indent(line) == 0 and (i == 0 or not lines[i - 1].strip()):
        return (nxt.strip()[0], False), 2, line.strip()
    return None


def role_text(role: str, text: str, labels: dict[str, str]) -> str:
    """A role's text as Sphinx prints it: its title ('text <target>'), a reference's last name ('~a.b'), a label's
    title, 'PEP 518'; for a document's title ({doc}, not known here) the last part of its path, its '-' and '_' read
    as spaces, as a label without a title is ('/usage/first-steps' -> 'first steps'; 'build-system/index' -> 'build
    system')."""
    titled = re.match(r"^(.*?)\s*<[^<>]*>$", text, re.DOTALL)
    if titled and titled.group(1):
        return titled.group(1)
    text = text.lstrip("!")
    if text.startswith("~"):
        return text[1:].rsplit(".", 1)[-1]
    if role in ("ref", "std:ref"):
        return labels.get(text.lower(), text.replace("-", " ").replace("_", " "))
    if role in ("doc", "std:doc"):  # the document's title, not known here: its name ('../usage/first-steps'), a
        name = re.sub(r"(?<=.)/index$", "", text.rstrip("/")).rsplit("/", 1)[-1]  # folder's for its index page
        return name.replace("-", " ").replace("_", " ")
    if role in ("pep", "rfc"):
        return f"{role.upper()} {text}"
    return text


def _inline(m: re.Match, labels: dict[str, str], prose_only: bool) -> str:
    kind = m.lastgroup
    if kind in ("literal", "role_text"):
        if prose_only:
            return ""
        return m.group(kind) if kind == "literal" else role_text(m.group("role"), m.group(kind), labels)
    if kind == "substitution":  # its definition's text ('' for an image), else its name (Sphinx's |version|)
        return labels.get(f"|{m.group(kind)}|", m.group(kind))
    if kind == "link":
        return re.sub(r"\s*<[^<>]*>$", "", m.group(kind)) or m.group(kind)
    return m.group(kind).strip() if kind else ""  # emphasis, an escaped character; a footnote reference vanishes


def plain_rst(text: str, labels: dict[str, str]) -> tuple[str, str]:
    """(plain text, the text outside code markup) of a reST paragraph."""
    plain = _INLINE.sub(lambda m: _inline(m, labels, False), text)
    prose = _INLINE.sub(lambda m: _inline(m, labels, True), text)
    return " ".join(plain.split()), prose


def _block_end(lines: list[str], start: int, indent: int) -> int:
    """First line from start on that is not blank and indented no deeper than indent."""
    i = start
    while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > indent):
        i += 1
    return i


def _run_paragraphs(run: list[str]) -> list[tuple[str, int]]:
    """(text, continuation indent) of the list items, terms, definitions and paragraphs in a run of lines."""
    paragraphs, current, column, in_list = [], [], None, False
    for line in run:
        bullet = _BULLET.match(line) if in_list or not current else None  # else a continuation line
        if bullet or _indent(line) != column:
            if current:
                paragraphs.append((" ".join(current), column))
            current, column, in_list = [], bullet.end() if bullet else _indent(line), bool(bullet)
        current.append(line[bullet.end():].strip() if bullet else line.strip())
    if current:
        paragraphs.append((" ".join(current), column))
    return paragraphs


def _directive_body(lines: list[str], name: str, argument: str) -> list[str]:
    """The prose lines of a directive: its body without options, plus an admonition's first-line text."""
    body = textwrap.dedent("\n".join(lines)).splitlines()
    while body and _OPTION.match(body[0]):
        body.pop(0)
    return ([argument.strip(), ""] if name in ADMONITIONS and argument.strip() else []) + body


def _literal_marker(text: str) -> tuple[str, bool]:
    """The text with its literal-block marker '::' resolved, and whether a literal block follows."""
    if not text.endswith("::"):
        return text, False
    if text == "::" or text.endswith(" ::"):
        return text[:-2].rstrip(), True
    return text[:-1], True


_SUBSTITUTION = re.compile(r"^\.\.\s+\|([^|]+)\|\s+([\w-]+)::\s*(.*)$")


def label_titles(lines: list[str]) -> dict[str, str]:
    """Section titles by label ('.. _label:' right before a heading) in one reST source, and the texts of its
    substitutions by '|name|' ('.. |name| replace:: text'; an image's or another directive's: '')."""
    titles = {}
    for i, line in enumerate(lines):
        if sub := _SUBSTITUTION.match(line):
            titles[f"|{sub.group(1)}|"] = plain_rst(sub.group(3), {})[0] if sub.group(2) == "replace" else ""
        label = re.match(r"^\.\. _([^:]+):\s*$", line)
        j = i + 1
        while label and j < len(lines) and (not lines[j].strip() or lines[j].startswith(".. _")):
            j += 1
        heading = label and j < len(lines) and _heading_at(lines, j)
        if heading:
            titles[label.group(1).strip().lower()] = plain_rst(heading[2], {})[0]
    return titles


def rst_items(lines: list[str], labels: dict[str, str], styles: list, left_out: Counter | None = None) -> list:
    """The section titles and paragraphs of reST lines in order: ('heading', level from 0 by adornment style, title)
    and ('paragraph', plain text, its text outside code markup); what is not prose counted in left_out."""
    out, i = [], 0
    left_out = Counter() if left_out is None else left_out
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        heading = _heading_at(lines, i)
        if heading:
            style, used, title = heading
            if style not in styles:
                styles.append(style)
            out.append(("heading", styles.index(style), plain_rst(title, labels)[0]))
            i += used
            continue
        indent = _indent(line)
        explicit = _EXPLICIT.match(line.strip())
        if explicit:  # '..' alone over a blank line: an empty comment, which ends a list and takes no block
            empty = line.strip() == ".." and (i + 1 == len(lines) or not lines[i + 1].strip())
            end = i + 1 if empty else _block_end(lines, i + 1, indent)
            name = explicit.group(1)
            if name in PROSE_DIRECTIVES:
                out += rst_items(_directive_body(lines[i + 1:end], name, explicit.group(2)), labels, styles, left_out)
            elif name in _CODE_DIRECTIVES:
                left_out["code lines"] += sum(1 for ln in lines[i + 1:end] if ln.strip())
            elif name:
                left_out["directives"] += 1
            i = end
            continue
        run_end = i
        while run_end < len(lines) and lines[run_end].strip():
            run_end += 1
        run = lines[i:run_end]
        i = run_end
        kind = ("table and figure lines" if _TABLE_BORDER.match(run[0]) else
                "code lines" if run[0].strip().startswith(">>>") else "fields" if _FIELD.match(run[0].strip()) else
                "rules" if len(run) == 1 and _ADORNMENT.match(run[0].strip()) else "")
        if kind:  # a table, a doctest, a field list, a transition ('----------' between blank lines)
            left_out[kind] += len(run)
            continue
        literal_follows = False
        for text, column in _run_paragraphs(run):
            text, literal_follows = _literal_marker(text)
            plain, prose = plain_rst(text, labels)
            out.append(("paragraph", plain, prose))
        if literal_follows:
            end = _block_end(lines, i, column)
            left_out["code lines"] += sum(1 for ln in lines[i:end] if ln.strip())
            i = end
    return out


_CODE_DIRECTIVES = frozenset("code code-block sourcecode literalinclude doctest testcode testoutput productionlist "
                             "highlight".split())


def rest_blocks(text: str) -> tuple[list[Block], dict[str, int]]:
    """Headings and paragraphs of a reST text (rst_items), and what was left out by kind."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").expandtabs(8).split("\n")
    left_out: Counter = Counter()
    blocks = []
    for kind, a, b in rst_items(lines, label_titles(lines), [], left_out):
        if kind == "heading" and b:
            blocks.append(Block(b, a + 1, split_number(b)[0]))
        elif kind == "paragraph" and a:
            blocks.append(Block(a))
    return blocks, dict(left_out)
