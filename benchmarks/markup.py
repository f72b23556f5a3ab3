"""Prose of documentation and encyclopedia markup as a stream of paragraphs with a SECTION_BREAK where each
top-level section starts: reST (the Python docs), HTML (the Debian Handbook and Debian Reference) and wikitext
(Wikipedia), each with the documents of one source (`*_documents`: name, stream). What is dropped and what is kept
is listed in benchmarks.corpora's docstring."""
from __future__ import annotations

import bz2
import re
import textwrap
from html.parser import HTMLParser
from pathlib import Path

MIN_WORDS = 3
SECTION_BREAK = None  # in a page's paragraph stream: a top-level section starts here

Stream = list  # of paragraph strings and SECTION_BREAKs

_WORD = re.compile(r"[^\W\d_]+")


def enough_words(prose: str) -> bool:
    return len(_WORD.findall(prose)) >= MIN_WORDS


# --------------------------------------------------------------------------------------------------
# reST (Python docs)
# --------------------------------------------------------------------------------------------------

_ADORNMENT = re.compile(r"^([^\w\s])\1{2,}\s*$")
_EXPLICIT = re.compile(r"^\.\.(?:\s+([\w:-]+)::(.*)|\s|$)")
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d+\.|#\.|\(\d+\))\s+")
_FIELD = re.compile(r"^:[^`:]+:(?:\s|$)")
_TABLE_BORDER = re.compile(r"^\s*(?:\+[-=+]+\+|=+(?:\s+=+)+)\s*$")
_OPTION = re.compile(r"^\s*:[\w-]+:")

ADMONITIONS = {"note", "warning", "seealso", "tip", "hint", "important", "caution", "danger", "error",
               "attention", "impl-detail"}  # body and first-line text kept
PROSE_DIRECTIVES = ADMONITIONS | {  # body kept; first-line argument (title, version, signature) dropped
    "topic", "sidebar", "admonition", "only", "versionadded", "versionchanged", "deprecated",
    "method", "function", "object", "data", "attribute", "class"}

_INLINE = re.compile(r"""
    ``(?P<literal>.+?)``
  | :(?P<role>[\w:.+-]+):`(?P<role_text>[^`]+)`
  | `(?P<link>[^`]+)`_{0,2}
  | \*\*(?P<strong>[^*]+)\*\*
  | (?<![\w*])\*(?P<em>[^*\s](?:[^*]*[^*\s])?)\*(?![\w*])
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


def rst_label_titles(root: Path) -> dict[str, str]:
    """Section titles by label ('.. _label:' right before a heading) in every reST source under root."""
    titles = {}
    for path in root.rglob("*.rst.txt"):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            label = re.match(r"^\.\. _([^:]+):\s*$", line)
            j = i + 1
            while label and j < len(lines) and (not lines[j].strip() or lines[j].startswith(".. _")):
                j += 1
            heading = label and j < len(lines) and _heading_at(lines, j)
            if heading:
                titles[label.group(1).strip().lower()] = plain_rst(heading[2], {})[0]
    return titles


def _role_text(role: str, text: str, labels: dict[str, str]) -> str:
    titled = re.match(r"^(.*?)\s*<[^<>]*>$", text, re.DOTALL)
    if titled and titled.group(1):
        return titled.group(1)
    text = text.lstrip("!")
    if text.startswith("~"):
        return text[1:].rsplit(".", 1)[-1]
    if role in ("ref", "std:ref"):
        return labels.get(text.lower(), text.replace("-", " ").replace("_", " "))
    if role in ("pep", "rfc"):
        return f"{role.upper()} {text}"
    return text


def _inline(m: re.Match, labels: dict[str, str], prose_only: bool) -> str:
    kind = m.lastgroup
    if kind in ("literal", "role_text"):
        if prose_only:
            return ""
        return m.group(kind) if kind == "literal" else _role_text(m.group("role"), m.group(kind), labels)
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


def rst_stream(lines: list[str], labels: dict[str, str], styles: list) -> Stream:
    """Paragraphs of reST lines, with a SECTION_BREAK at each heading of the second adornment style."""
    out: Stream = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        heading = _heading_at(lines, i)
        if heading:
            style, used, _ = heading
            if style not in styles:
                styles.append(style)
            if styles.index(style) == 1:
                out.append(SECTION_BREAK)
            i += used
            continue
        indent = _indent(line)
        explicit = _EXPLICIT.match(line.strip())
        if explicit:
            end = _block_end(lines, i + 1, indent)
            name = explicit.group(1)
            if name in PROSE_DIRECTIVES:
                out += rst_stream(_directive_body(lines[i + 1:end], name, explicit.group(2)), labels, styles)
            i = end
            continue
        run_end = i
        while run_end < len(lines) and lines[run_end].strip():
            run_end += 1
        run = lines[i:run_end]
        i = run_end
        if _TABLE_BORDER.match(run[0]) or run[0].strip().startswith(">>>") or _FIELD.match(run[0].strip()):
            continue
        literal_follows = False
        for text, column in _run_paragraphs(run):
            text, literal_follows = _literal_marker(text)
            plain, prose = plain_rst(text, labels)
            if plain and enough_words(prose):
                out.append(plain)
        if literal_follows:
            i = _block_end(lines, i, column)
    return out


def python_documents(root: Path):
    """(name, stream) of each Tutorial and HOWTO page."""
    labels = rst_label_titles(root)
    for folder in ("tutorial", "howto"):
        for path in sorted((root / folder).glob("*.rst.txt")):
            if path.name != "index.rst.txt":
                lines = path.read_text(encoding="utf-8").expandtabs(8).splitlines()
                yield f"{folder}-{path.name.removesuffix('.rst.txt')}", rst_stream(lines, labels, [])


# --------------------------------------------------------------------------------------------------
# HTML (Debian Handbook, Debian Reference)
# --------------------------------------------------------------------------------------------------

VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
BLOCK_TAGS = {"p", "div", "li", "dt", "dd", "ul", "ol", "dl", "blockquote", "table", "tr", "td", "th", "pre",
              "section", "h1", "h2", "h3", "h4", "h5", "h6"}
SKIP_TAGS = {"pre", "script", "style", "th", "h1", "h2", "h3", "h4", "h5", "h6"}
SKIP_CLASSES = {"toc", "docnav", "navheader", "navfooter", "title", "example", "informalexample", "figure",
                "informalfigure", "mediaobject", "url", "table", "informaltable", "calloutlist", "footnote",
                "footnotes", "programlisting", "screen", "list-of-tables"}
ADMONITION_SUMMARIES = {"Tip", "Note", "Caution", "Warning", "Important"}


class HtmlPage(HTMLParser):
    """One HTML page as a stream of prose paragraphs (SECTION_BREAK at each h2), its h1 and its rel=next link."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.stream: Stream = []
        self.has_title = False
        self.next_page = None
        self._open: list[tuple[str, bool]] = []  # (tag, skipped) of the open elements
        self._skipped = self._code = 0
        self._started = False
        self._text: list[str] = []
        self._prose: list[str] = []
        self.feed(text)
        self.close()
        self._flush()

    def _skips(self, tag: str, attrs: dict) -> bool:
        if tag == "table":
            return attrs.get("summary") not in ADMONITION_SUMMARIES
        return tag in SKIP_TAGS or bool(SKIP_CLASSES & set((attrs.get("class") or "").split()))

    def _flush(self):
        text = " ".join("".join(self._text).split())
        if text and enough_words("".join(self._prose)):
            self.stream.append(text)
        self._text, self._prose = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") == "next":
            self.next_page = attrs.get("href")
        if tag in ("h1", "h2"):
            self._started = True
            self.has_title |= tag == "h1"
        if tag in BLOCK_TAGS:
            self._flush()
        if tag == "h2":
            self.stream.append(SECTION_BREAK)
        if tag == "br":
            self._text.append(" ")
        if tag in VOID_TAGS:
            return
        skipped = self._skips(tag, attrs)
        self._open.append((tag, skipped))
        self._skipped += skipped
        self._code += tag == "code"

    def handle_endtag(self, tag):
        if tag in BLOCK_TAGS:
            self._flush()
        if tag in VOID_TAGS or all(t != tag for t, _ in self._open):
            return
        while self._open:
            open_tag, skipped = self._open.pop()
            self._skipped -= skipped
            self._code -= open_tag == "code"
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self._started and not self._skipped:
            self._text.append(data)
            if not self._code:
                self._prose.append(data)


def handbook_documents(root: Path):
    """(name, stream) of each chapter, preface and appendix: its page plus the section pages after it."""
    name, stream = None, []
    page = HtmlPage((root / "index.html").read_text(encoding="utf-8")).next_page
    while page:
        parsed = HtmlPage((root / page).read_text(encoding="utf-8"))
        if parsed.has_title:
            if name:
                yield name, stream
            name, stream = page.removesuffix(".html"), []
        stream += parsed.stream
        page = parsed.next_page
    if name:
        yield name, stream


def reference_documents(root: Path):
    """(name, stream) of each page of Debian Reference but the index."""
    for path in sorted(root.glob("*.en.html")):
        if path.name != "index.en.html":
            yield path.name.removesuffix(".en.html"), HtmlPage(path.read_text(encoding="utf-8")).stream


# --------------------------------------------------------------------------------------------------
# Wikipedia (gensim's test dump)
# --------------------------------------------------------------------------------------------------

_WIKI_SECTION = re.compile(r"^(==[^=].*?==)\s*$", re.MULTILINE)
_WIKI_LEFT_OUT = re.compile(r"^(references|notes|see also|external links|further reading|bibliography|sources|"
                            r"citations|footnotes|works cited|gallery|discography|filmography|works|publications)\b",
                            re.IGNORECASE)
_WIKI_NOT_PROSE = tuple("*#:;|!{=")


def wiki_paragraphs(wikitext: str) -> Stream:
    """The prose paragraphs of a stretch of wikitext (gensim's filter_wiki, then lists, indents, tables and
    headings dropped, bold and italic quotes removed)."""
    from gensim.corpora.wikicorpus import filter_wiki

    out: Stream = []
    for block in re.split(r"\n\s*\n", filter_wiki(wikitext)):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        text = " ".join(line for line in lines if not line.startswith(_WIKI_NOT_PROSE)).replace("''", "")
        text = " ".join(text.split())
        if enough_words(text):
            out.append(text)
    return out


def wikipedia_documents(dump: Path):
    """(name, stream) of each article of a Wikipedia XML dump (redirects skipped; sections such as References
    left out)."""
    from gensim.corpora.wikicorpus import extract_pages

    with bz2.open(dump) as fh:
        for title, text, _ in extract_pages(fh):
            if text.lstrip().lower().startswith("#redirect"):
                continue
            stream, left_out = [], False
            for part in _WIKI_SECTION.split(text):
                heading = re.fullmatch(r"==\s*(.*?)\s*==", part.strip())
                if heading:
                    left_out = bool(_WIKI_LEFT_OUT.match(heading.group(1)))
                    stream += [] if left_out else [SECTION_BREAK]
                elif not left_out:
                    stream += wiki_paragraphs(part)
            yield re.sub(r"[^\w-]+", "_", title).strip("_"), stream
