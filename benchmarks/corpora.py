"""Build expository segmentation corpora from text installed on this machine: chapters of Debian-packaged manuals
(a proxy for textbook chapters) and the English Wikipedia articles that gensim ships with its tests (encyclopedia
articles).

Run:  python -m benchmarks.corpora [--out DIR]        (default DIR: benchmarks/data)

Sources, read from disk (the manuals: `apt-get install python3.11-doc debian-handbook debian-reference-en`):
  manuals/python     python3.11-doc: the reST sources of the Tutorial and the HOWTOs
                     (/usr/share/doc/python3.11/html/_sources/{tutorial,howto}/*.rst.txt, index files skipped);
  manuals/handbook   debian-handbook: The Debian Administrator's Handbook, English HTML (/usr/share/doc/
                     debian-handbook/html/en-US/); the book is one page per chapter (its introduction and first
                     section) plus one sect.*.html page per further top-level section, so each chapter is
                     reassembled by following the pages' rel="next" links from index.html, a page with an h1 title
                     starting a new chapter;
  manuals/reference  debian-reference-en: Debian Reference, English HTML (/usr/share/debian-reference/*.en.html, one
                     page per chapter, preface and appendix; index skipped);
  wikipedia          gensim (a requirement): gensim/test/test_data/enwiki-latest-pages-articles1.xml-p000000010p
                     000030302-shortened.bz2, the first articles of an English Wikipedia dump, read with gensim's
                     extract_pages; redirects skipped.
A missing source is skipped with a warning; the build fails only if none is present.

Each document is one chapter (HOWTO, tutorial page, article); its segments are its top-level sections (reST: the
second adornment style seen, the first being the title; HTML: h2; wikitext: == Title ==). Subsections belong to
their top-level section. The text before the first section (the introduction, an article's lead) is the first
segment. Elements are sentences. Output: one Choi file DIR/<source>/<name>.ref per document (a '==========' line
opens the file, separates segments and closes it; one sentence per line; UTF-8, \\n), the old DIR/<source>/*.ref
files being replaced, and DIR/PROVENANCE.md.

Cleaning rules:
  reST   headings (all levels), rubrics and directive arguments (signatures, titles, version numbers) are dropped;
         literal blocks are dropped (a paragraph ending in '::' loses the indented block after it, and its '::'
         becomes ':', ' ::' and a lone '::' vanish); so are '>>>' sessions, grid and simple tables, field lists
         (:Author: ...), comments, labels, footnotes, substitutions and all directives but the prose ones
         (note, warning, seealso, topic, only, sidebar, versionadded, method, ...; their body is kept, their
         options dropped): code-block, doctest, testcode, index, toctree, image, ... vanish with their body.
         Inline markup becomes plain words: ``code`` -> code, :role:`x` -> x (`title <target>` -> title,
         ~a.b -> b, !x -> x, :pep:`8` -> PEP 8), a :ref: without title -> the referenced section title (labels
         read from all the installed reST sources), `text <url>`_ -> text, *em* / **strong** -> em / strong,
         footnote references removed. Each list item, definition term and definition is its own paragraph.
  HTML   text starts at the first h1/h2; dropped: headings (all levels), titles of sidebars, examples and tables,
         pre (screens, program listings), URL lines, tables (except the Debian Reference admonition boxes,
         whose label cell is dropped), examples, figures, callout lists, footnotes, tables of contents,
         navigation. Kept as
         prose where they stand: the Handbook's sidebars (TIP, NOTE, CULTURE, ... boxes), chapter highlights,
         Debian Reference tip/note/caution/warning boxes, lists. Each p / div.para / li / dt / dd is a paragraph.
  all    a paragraph with fewer than 3 words outside code markup (reST literals and roles, HTML code) is dropped
         (command and path lists); each paragraph is split into sentences separately by segcore's
         split_sentences (Punkt, trained on the whole document when NLTK's pretrained model is absent), so no
         sentence spans two paragraphs; whitespace is normalised; sentences with fewer than 3 word tokens (\\w+)
         are dropped; a section left with no sentence vanishes; documents are cut after 1,500 sentences and kept
         only with at least 3 segments and 30 sentences.
  wiki   gensim's filter_wiki removes templates, references, tables, files and link markup; then lines that are
         lists, indented, table or heading lines are dropped, bold and italic quotes removed; sections titled
         References, Notes, See also, External links, Further reading, Bibliography, Sources, Citations,
         Footnotes, Works cited, Gallery, Discography, Filmography, Works or Publications are left out.
"""
from __future__ import annotations

import argparse
import bz2
import re
import statistics
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from html.parser import HTMLParser
from importlib import metadata
from pathlib import Path
from typing import Callable

from segcore.loaders import CHOI_SEPARATOR, sentence_splitter_kind, split_sentences

DEFAULT_OUT = Path(__file__).resolve().parent / "data"
PYTHON_SOURCES = Path("/usr/share/doc/python3.11/html/_sources")
HANDBOOK_HTML = Path("/usr/share/doc/debian-handbook/html/en-US")
REFERENCE_HTML = Path("/usr/share/debian-reference")
WIKI_DUMP = "test/test_data/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"  # in gensim

MIN_SEGMENTS, MIN_SENTENCES, MAX_SENTENCES = 3, 30, 1500
MIN_WORDS = 3
SECTION_BREAK = None  # in a page's paragraph stream: a top-level section starts here

Stream = list  # of paragraph strings and SECTION_BREAKs

_WORD = re.compile(r"[^\W\d_]+")
_TOKEN = re.compile(r"\w+")


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
# Documents
# --------------------------------------------------------------------------------------------------

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


def gensim_file(relative: str) -> Path:
    """A data file inside the installed gensim package (a missing path when gensim is absent)."""
    try:
        import gensim
    except ImportError:
        return Path("gensim-not-installed") / relative
    return Path(gensim.__file__).parent / relative


# --------------------------------------------------------------------------------------------------
# Documents
# --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    """Where one source is read from, the package that installs it (Debian's, or PyPI's when `pypi`), how its
    documents are read, and its licence as the package states it."""

    path: Path
    package: str
    documents: Callable
    licence: str
    pypi: bool = False

    def install(self) -> str:
        return f"{'python -m pip' if self.pypi else 'apt-get'} install {self.package}"

    def version(self) -> str:
        if self.pypi:
            return metadata.version(self.package)
        done = subprocess.run(["dpkg-query", "-W", "-f=${Version}", self.package], capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else "unknown"


SOURCES = {  # output folder under DIR: Source
    "manuals/python": Source(PYTHON_SOURCES, "python3.11-doc", python_documents,
                             "PSF License Agreement for Python 3.11 (documentation of the Python distribution), "
                             "/usr/share/doc/python3.11-doc/copyright"),
    "manuals/handbook": Source(HANDBOOK_HTML, "debian-handbook", handbook_documents,
                               "GPL-2.0+ or CC-BY-SA-3.0 (Raphaël Hertzog, Roland Mas, Freexian SARL), "
                               "/usr/share/doc/debian-handbook/copyright"),
    "manuals/reference": Source(REFERENCE_HTML, "debian-reference-en", reference_documents,
                                "GPL-2+ (Osamu Aoki and contributors), /usr/share/doc/debian-reference-en/copyright"),
    "wikipedia": Source(gensim_file(WIKI_DUMP), "gensim", wikipedia_documents,
                        "Wikipedia's text: CC BY-SA (its authors); the file: gensim's test data (LGPL-2.1)", pypi=True),
}
_MARKER = "SEGMENTBREAKMARKER"


def segment_sentences(stream: Stream) -> list[list[str]]:
    """Sentences of each section of a stream, short sentences dropped (the document split in one call)."""
    text = "\n\n".join(_MARKER if p is SECTION_BREAK else p for p in stream)
    sections: list[list[str]] = [[]]
    for sentence in split_sentences(text):
        if sentence == _MARKER:
            sections.append([])
        elif len(_TOKEN.findall(sentence)) >= MIN_WORDS:
            sections[-1].append(sentence)
    return sections


def build_document(stream: Stream) -> list[list[str]] | None:
    """Non-empty segments of at most MAX_SENTENCES sentences in all, or None if too short or too flat."""
    segments, total = [], 0
    for sentences in segment_sentences(stream):
        sentences = sentences[:MAX_SENTENCES - total]
        if sentences:
            segments.append(sentences)
            total += len(sentences)
    return segments if len(segments) >= MIN_SEGMENTS and total >= MIN_SENTENCES else None


def choi_text(segments: list[list[str]]) -> str:
    lines = [CHOI_SEPARATOR]
    for sentences in segments:
        lines += sentences + [CHOI_SEPARATOR]
    return "\n".join(lines) + "\n"


def write_source(out: Path, source: str, documents) -> dict[str, list[list[str]]]:
    """Write the kept documents of one source as DIR/source/name.ref (replacing old ones); return them."""
    folder = out / source
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.ref"):
        old.unlink()
    kept = {}
    for name, stream in documents:
        segments = build_document(stream)
        if segments:
            (folder / f"{name}.ref").write_text(choi_text(segments), encoding="utf-8", newline="\n")
            kept[name] = segments
    return kept


# --------------------------------------------------------------------------------------------------
# Provenance
# --------------------------------------------------------------------------------------------------

def _spread(values: list[float]) -> str:
    return f"{min(values)} / {statistics.mean(values):.1f} / {max(values)}"


def counts_table(built: dict[str, dict[str, list[list[str]]]]) -> list[str]:
    rows = ["| source | documents | sentences per doc (min / mean / max) | segments per doc (min / mean / max) "
            "| mean segment length (sentences) |", "|---|---:|---|---|---:|"]
    for source, docs in built.items():
        sentences = [sum(map(len, segs)) for segs in docs.values()]
        segments = [len(segs) for segs in docs.values()]
        rows.append(f"| {source} | {len(docs)} | {_spread(sentences)} | {_spread(segments)} "
                    f"| {sum(sentences) / sum(segments):.1f} |")
    return rows


def provenance(built: dict[str, dict[str, list[list[str]]]]) -> str:
    lines = ["# Expository corpora built from installed text", "",
             "Built by `python -m benchmarks.corpora` (see that module's docstring for the full rules). One "
             "Choi-format `.ref` file per chapter or article; segments = top-level sections; elements = sentences.",
             "", "## Sources", "", "| source | package | version | read from | licence |", "|---|---|---|---|---|"]
    for source in built:
        src = SOURCES[source]
        lines.append(f"| {source} | {src.package} | {src.version()} | `{src.path}` | {src.licence} |")
    lines += ["", f"Sentence splitter: `segcore.loaders.split_sentences` ({sentence_splitter_kind()}).", "",
              "## Counts", ""] + counts_table(built)
    lines += ["", "## Cleaning rules", "", "```", textwrap.dedent(__doc__.split("Cleaning rules:\n", 1)[1]).strip(),
              "```", ""]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    out = parser.parse_args(argv).out
    present = {}
    for source, src in SOURCES.items():
        if src.path.exists():
            present[source] = src
        else:
            print(f"warning: {source}: {src.path} not found, skipped ({src.install()})", file=sys.stderr)
    if not present:
        sys.exit("error: no source found; see python -m benchmarks.corpora --help")
    built = {source: write_source(out, source, src.documents(src.path)) for source, src in present.items()}
    (out / "PROVENANCE.md").write_text(provenance(built), encoding="utf-8", newline="\n")
    for row in counts_table(built)[2:]:
        print(row)


if __name__ == "__main__":
    main()
