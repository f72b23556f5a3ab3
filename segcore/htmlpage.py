"""An HTML page read into blocks (segcore.structure.Block): the page's own text — its <main> (or role="main", or a
single <article>; else the whole body) — as paragraphs, with the headings h1–h6 (a heading on a book's title page above
them all), and a paragraph wholly in bold that reads as a title ("4.1 What is a live system?") as a heading below them.
Left out and counted in words (structure.LEFT_OUT): what lies outside the main text and the menus, headers, footers,
sidebars, tables of contents, lists of links only (not one that a sentence ending in ':' introduces or that writes its
links out as addresses) and notices inside it; tables, figures and code blocks; hidden text; Project Gutenberg's header
and licence; the labels of note boxes ("Note", "Tip"); citation marks ("[12]") and note marks are counted by number, and
so are footnotes and endnotes (DPUB-ARIA's role doc-endnotes, doc-footnote, EPUB's epub:type footnotes: pandoc's notes
section, as a Markdown reading leaves out its '[^1]:' notes). Parsed by lxml (libxml2's HTML parser: it closes what
authors leave open and reads broken markup the way browsers do; nothing is fetched)."""
from __future__ import annotations

import re
from collections import Counter

import lxml.etree as etree
import lxml.html

from .errors import InputError
from .structure import (MARK_GAP, NOTE_LABEL, Block, closed_up, link_list, looks_like_title, number_depth, site_host,
                        split_number, worded)

__all__ = ["html_blocks"]

# not text: never read, never counted
_SILENT = frozenset("script style noscript template head title meta link svg math canvas iframe object embed form "
                    "button select input textarea audio video map area".split())
_BLOCK = frozenset("p div li dt dd blockquote section article main body ul ol dl h1 h2 h3 h4 h5 h6 address details "
                   "summary center hr tr td th header footer nav aside figure pre table".split())
_HEADINGS = {f"h{i}": i for i in range(1, 7)}
_PROSE = ("p", "li", "dd", "dt", "blockquote", *_HEADINGS)  # a table whose words are mostly in these lays out prose
_BOLD = frozenset(("b", "strong"))
_NAVIGATION_TAGS = frozenset(("nav",))
_EDGE_TAGS = frozenset(("header", "footer"))  # navigation outside an article; an article's own header is its title
_BOX_NAMES = frozenset(("sidebar",))  # a manual's box of prose (DocBook, reST), or a site's sidebar of links
_NAVIGATION_ROLES = frozenset("navigation banner contentinfo complementary search menu menubar toolbar doc-toc "
                              "directory".split())
# class and id words of page furniture (menus, site headers, Sphinx and MediaWiki chrome, notices), matched whole
_NAVIGATION_NAMES = frozenset("""
nav navbar navbox navigation vertical-navbox menu sphinxsidebar related breadcrumb breadcrumbs docnav navheader
navfooter footer header site-header site-footer skip-link mw-jump-link mw-editsection catlinks printfooter noprint
mw-indicators hatnote ambox metadata sistersitebox headerlink toc sitesub contentsub jump-to-nav
mw-navigation share social cookie cookies banner advertisement link-target
""".split())
# a table of contents' wrapper, navigation when mostly links: Sphinx's singlehtml puts the documents a toctree
# includes inside its div.toctree-wrapper
_CONTENTS_NAMES = frozenset(("contents", "toctree-wrapper"))
_WRAPPER_NAMES = frozenset(("pg-boilerplate", "pg-header", "pg-footer"))
_TABLE_TAGS = frozenset(("table", "figure", "figcaption", "caption"))
_TABLE_NAMES = frozenset("thumb thumbcaption gallery infobox table informaltable figure informalfigure".split())
_TITLE_PAGE = frozenset(("titlepage", "title-page", "halftitlepage"))
# a note box's label ("Note", "Tip", "See also"): Sphinx's and GitHub's title classes, Publican's header, and in a
# DocBook box (its class names the kind) a header cell or a heading of class "title"
_LABEL_NAMES = frozenset(("admonition-title", "admonition_header", "markdown-alert-title"))
_ADMONITIONS = frozenset("note tip hint important warning caution danger attention seealso".split())
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_CITATION = re.compile(r"^\s*\[[^\[\]]{1,30}\]\s*$")  # "[12]", "[a]", "[citation needed]"
_HEADING_MARKS = re.compile(r"(?<!\s)\s*(?:¶|#|\[edit\]|\[\s*edit\s*(?:source)?\s*\])\s*$", re.I)
# notes (DPUB-ARIA roles, EPUB 3 types) and the marks that point to them
_NOTE_KINDS = frozenset("doc-endnotes doc-endnote doc-footnote footnotes footnote endnotes endnote rearnotes "
                        "rearnote".split())
_NOTE_MARKS = frozenset(("doc-noteref", "noteref"))
_MAX_HEADING_WORDS = 30
_PSEUDO_LEVEL = 7  # a bold paragraph's raw level: below h6 (raw level 7), then by the depth of its number

_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")


def _words(el) -> int:
    """Words of an element's text, its <script> and <style> left aside."""
    return sum(len(t.split()) for t in el.xpath(".//text()[not(ancestor::script or ancestor::style)]"))


def _link_share(el) -> float:
    """The share of an element's words that are the text of links."""
    return sum(len(t.split()) for t in el.xpath(".//a//text()")) / max(1, _words(el))


def _lead(lst) -> str:
    """The text just before a list that may introduce it: a paragraph ("More examples can be found at:") or the words
    that lead into it in its parent (a list item's 'functions in the <a>Specification</a>:' over a nested list)."""
    before = lst.getprevious()
    lead = (before.tail if before is not None else lst.getparent().text) or ""
    if not lead.strip() and before is not None and before.tag == "p":
        lead = before.text_content() or ""
    return lead


def _prose_words(table) -> int:
    """Words of a table's paragraphs, list items, definitions, quotations and headings (the outermost of them)."""
    def outermost(el):  # no prose element between it and the table
        for a in el.iterancestors():
            if a is table:
                return True
            if a.tag in _PROSE:
                return False
        return True

    return sum(_words(el) for el in table.iter(*_PROSE) if outermost(el))


def _layout(table) -> bool:
    """A table that lays out the page rather than holding data: role="presentation"; else, unless its first row
    holds two or more column headings (<th>: Sphinx's and Node.js's data tables put <p> in their cells) or most of its
    words are links (a menu, an index, a table of cross-references), most of its words in paragraphs, list items or
    headings (a manual's admonition box, an old page's content cell) or another table inside it (a page laid out in
    nested tables) when its class does not name data."""
    if (table.get("role") or "").lower() in ("presentation", "none"):
        return True
    row = table.find(".//tr")
    if row is not None and len(row.findall("th")) >= 2:  # column headings: data, its cells paragraphs or not
        return False
    if _link_share(table) >= 0.5:
        return False
    words = _words(table)
    if words and _prose_words(table) >= 0.5 * words:
        return True
    return table.find(".//table") is not None and not _names(table) & _TABLE_NAMES


def _type(el) -> str:
    """An element's epub:type (EPUB 3 semantics), lower-cased."""
    return (el.get("epub:type") or el.get("{http://www.idpf.org/2007/ops}type") or "").lower()


def _names(el) -> set[str]:
    return set((el.get("class") or "").lower().split()) | set((el.get("id") or "").lower().split())


def _in_article(el, main) -> bool:
    """Whether an element is part of an article: the main text is one, or an <article> holds the element."""
    if main.tag in ("article", "main") or main.get("role") == "main":
        return True
    return any(a.tag == "article" for a in el.iterancestors())


def _site(root) -> str:
    """The host of the address the page says is its own (structure.site_host): its <base href>, else its
    <link rel="canonical">, else its og:url (the first that names a host); '' when it says none."""
    said = ((el.get("href") for el in root.iter("base")),
            (el.get("href") for el in root.iter("link") if "canonical" in (el.get("rel") or "").lower().split()),
            (el.get("content") for el in root.iter("meta")
             if (el.get("property") or el.get("name") or "").lower() == "og:url"))
    return next((host for addresses in said for a in addresses if (host := site_host(a or ""))), "")


def _left_out_kind(el, main, site: str) -> str | None:
    """Why an element of the main text is left out ('navigation', 'tables', 'code', 'hidden', 'gutenberg',
    'citations', 'labels'), or None when it is read. `site`: the host of the page's own address (_site)."""
    tag, names = el.tag, _names(el)
    if el.get("hidden") is not None or el.get("aria-hidden") == "true" or _HIDDEN_STYLE.search(el.get("style") or ""):
        return "hidden"
    semantics = {(el.get("role") or "").lower(), *_type(el).split()}
    if (tag == "sup" and ("reference" in names or _CITATION.match(el.text_content()))) or semantics & _NOTE_MARKS:
        return "citations"
    if semantics & _NOTE_KINDS:
        return "footnote texts"
    if names & _WRAPPER_NAMES:
        return "gutenberg"
    if names & _LABEL_NAMES or ((tag == "th" or (tag in _HEADINGS and "title" in names)) and any(
            _names(a) & _ADMONITIONS for a, _ in zip(el.iterancestors(), range(4)))):
        return "labels"
    if names & _CONTENTS_NAMES and _link_share(el) >= 0.5:  # a table of contents, not a wrapper named so
        return "navigation"
    anchors = el.findall(".//a") if tag in ("ul", "ol") else []
    if anchors and link_list(len(el.findall("li")), _link_share(el), _lead(el), [a.text_content() for a in anchors],
                             [a.get("href") or "" for a in anchors], site):
        return "navigation"  # a list of links only
    edge = tag in _EDGE_TAGS or tag == "aside"
    in_article = edge and _in_article(el, main)
    if (tag == "aside" and not in_article) or ((tag == "aside" or names & _BOX_NAMES) and _link_share(el) >= 0.5):
        return "navigation"  # an aside in an article, or a sidebar box, is text unless it is mostly links
    if tag in _NAVIGATION_TAGS or (tag in _EDGE_TAGS and not in_article) or names & _NAVIGATION_NAMES \
            or (el.get("role") or "").lower() in _NAVIGATION_ROLES \
            or _type(el) in ("toc", "landmarks"):
        return "navigation"
    if tag == "table" and _layout(el):
        return None
    if tag in _TABLE_TAGS or names & _TABLE_NAMES:
        return "tables"
    if tag == "pre":
        return "code"
    return None


def _counted(el, kind: str) -> int:
    """What an element left out adds to its kind's count: a citation mark 1, a section of notes its notes (a list's
    items), a note 1, others their words."""
    if kind == "footnote texts":
        return len(el.findall("ol/li")) or 1
    return 1 if kind == "citations" else _words(el)


def _main(root):
    """The element holding the page's own text: the first outermost <main> or role="main", else its single
    <article>, else <body> (or the root)."""
    found = root.xpath("//main | //*[@role='main']")
    if found:
        return found[0]
    articles = root.xpath("//article")
    if len(articles) == 1:
        return articles[0]
    body = root.find(".//body")
    return body if body is not None else root


class _Reader:
    """Walks the main element once (iteratively: no recursion however deep the markup), gathering blocks."""

    def __init__(self, site: str):
        self.site = site  # the host of the page's own address (_site)
        self.blocks: list[Block] = []
        self.left_out: Counter = Counter()
        self.parts: list[tuple[str, bool]] = []  # (text, in bold) of the paragraph being read
        self.heading = 0  # raw level of the heading being read: h1–h6 → 2–7, a book's title page → 1
        self.title_page = None  # the open title page of a book (epub:type titlepage)
        self.bold = 0
        self.whole_bold = False  # the open paragraph is styled bold by its class

    def flush(self):
        text = " ".join(closed_up("".join(t for t, _ in self.parts)).split())
        bold = self.whole_bold or all(b for t, b in self.parts if t.strip())
        self.parts = []
        if not text:
            return
        if not worded(text, self.heading and len(text.split()) <= _MAX_HEADING_WORDS):  # a number, an ornament
            self.left_out["numbers"] += 1
            return
        if self.heading:
            title = _HEADING_MARKS.sub("", text)
            if title and len(title.split()) <= _MAX_HEADING_WORDS:
                self.blocks.append(Block(title, self.heading, split_number(title)[0]))
                return
        number, title = split_number(text)
        if bold and looks_like_title(title, any_case=number is not None) and len(title.split()) <= 12 \
                and not NOTE_LABEL.match(text):  # a box's label in bold ('HINWEIS'): a paragraph, left out as one
            lv = _PSEUDO_LEVEL + (number_depth(number) if number else 4)
            self.blocks.append(Block(text, lv, number))
        else:
            self.blocks.append(Block(text))

    def read(self, main):
        walker, skipped = etree.iterwalk(main, events=("start", "end")), set()
        for event, el in walker:
            tag = el.tag if isinstance(el.tag, str) else ""
            if event == "start":
                kind = None if el is main else _left_out_kind(el, main, self.site)
                if tag in _SILENT or kind or not tag:
                    if kind:
                        self.left_out[kind] += _counted(el, kind)
                    if kind == "citations":  # the spaces before it go when punctuation follows (closed_up)
                        self.parts.append((MARK_GAP, True))
                    if tag in _BLOCK:
                        self.flush()
                    skipped.add(el)
                    walker.skip_subtree()
                    continue
                if tag in _BLOCK:
                    self.flush()
                    self.whole_bold = "bold" in _names(el) and tag in ("p", "div")
                if self.title_page is None and _TITLE_PAGE & set(_type(el).split()):  # DocBook's class is no sign
                    self.title_page = el
                if tag in _HEADINGS:
                    self.heading = 1 if self.title_page is not None else _HEADINGS[tag] + 1
                self.bold += tag in _BOLD
                self.parts.append((el.text or "", self.bold > 0))
            else:  # a silent element inline (a script, an icon, math in a sentence) does not end the paragraph
                if tag in _BLOCK or tag == "form" or (tag == "math" and el.get("display") == "block"):
                    self.flush()
                    self.whole_bold = False
                if el is self.title_page:
                    self.title_page = None
                if el in skipped:
                    skipped.discard(el)
                else:
                    self.heading = 0 if tag in _HEADINGS else self.heading
                    self.bold -= tag in _BOLD
                if el is not main and tag == "br":
                    self.parts.append((" ", True))
                if el is not main:
                    self.parts.append((el.tail or "", self.bold > 0))
        self.flush()


def parse_html(text: str, source: str = ""):
    """The root element of an HTML (or XHTML) text, parsed by lxml without fetching anything (libxml2's buffer
    limits lifted: segcore.limits bounds the input); InputError when nothing can be read, or when libxml2 would
    silently drop part of the page (elements nested deeper than it reads)."""
    text = _XML_DECLARATION.sub("", text, count=1)
    parser = lxml.html.HTMLParser(remove_comments=True, remove_pis=True, no_network=True, huge_tree=True)
    try:
        root = lxml.html.document_fromstring(text, parser=parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        raise InputError(f"{source or 'the page'}: no HTML text found (empty or unreadable markup)") from None
    lost = ["its elements are nested too deep" if "Excessive depth" in e.message else e.message.strip()
            for e in parser.error_log if e.level_name == "FATAL" or "Excessive depth" in e.message]
    if lost:
        raise InputError(f"{source or 'the page'}: the HTML cannot be read whole ({lost[0]}); part of the page "
                         f"would be lost")
    return root


def html_blocks(text: str, source: str = "") -> tuple[list[Block], dict[str, int], str | None]:
    """Headings and paragraphs of an HTML page's main text, the words left out of each kind (citation marks by
    number; structure.LEFT_OUT, none counted when none left out) and the page's <title>."""
    root = parse_html(text, source)
    main = _main(root)
    reader = _Reader(_site(root))
    reader.read(main)
    body = root.find(".//body")
    outside = (_words(body) if body is not None else 0) - _words(main) if main is not body else 0
    if outside > 0:
        reader.left_out["navigation"] += outside
    title = root.findtext(".//title")
    title = " ".join(title.split()) if title else None
    return reader.blocks, {k: v for k, v in reader.left_out.items() if v}, title or None
