"""Prose of documentation and encyclopedia markup as a stream of paragraphs with a SECTION_BREAK where each
top-level section starts: reST (the Python docs), HTML (the Debian Handbook and Debian Reference) and wikitext
(Wikipedia), each with the documents of one source (`*_documents`: name, stream). What is dropped and what is kept
is listed in benchmarks.corpora's docstring."""
from __future__ import annotations

import bz2
import re
from html.parser import HTMLParser
from pathlib import Path

from segcore.rest import label_titles, rst_items

MIN_WORDS = 3
SECTION_BREAK = None  # in a page's paragraph stream: a top-level section starts here

Stream = list  # of paragraph strings and SECTION_BREAKs

_WORD = re.compile(r"[^\W\d_]+")


def enough_words(prose: str) -> bool:
    return len(_WORD.findall(prose)) >= MIN_WORDS


# --------------------------------------------------------------------------------------------------
# reST (Python docs)
# --------------------------------------------------------------------------------------------------

def rst_label_titles(root: Path) -> dict[str, str]:
    """Section titles by label ('.. _label:' right before a heading) in every reST source under root."""
    titles = {}
    for path in root.rglob("*.rst.txt"):
        titles.update(label_titles(path.read_text(encoding="utf-8").splitlines()))
    return titles


def rst_stream(lines: list[str], labels: dict[str, str], styles: list) -> Stream:
    """Paragraphs of reST lines (segcore.rest), with a SECTION_BREAK at each heading of the second adornment style;
    paragraphs of fewer than MIN_WORDS words outside code markup dropped."""
    out: Stream = []
    for kind, a, b in rst_items(lines, labels, styles):
        if kind == "heading":
            if a == 1:
                out.append(SECTION_BREAK)
        elif a and enough_words(b):
            out.append(a)
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


def reference_documents(root: Path, language: str = "en"):
    """(name, stream) of each page of Debian Reference but the index, in a language of its translations."""
    for path in sorted(root.glob(f"*.{language}.html")):
        if path.name != f"index.{language}.html":
            yield path.name.removesuffix(f".{language}.html"), HtmlPage(path.read_text(encoding="utf-8")).stream


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
