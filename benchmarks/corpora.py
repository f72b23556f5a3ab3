"""Build expository segmentation corpora from text installed on this machine: chapters of Debian-packaged manuals
(a proxy for textbook chapters) and the English Wikipedia articles that gensim ships with its tests (encyclopedia
articles).

Run:  python -m benchmarks.corpora [--out DIR]        (default DIR: benchmarks/data)

Sources, read from disk (the manuals: `apt-get install python3.11-doc debian-handbook debian-reference-en`; the
translations: `apt-get install debian-reference-de debian-reference-es debian-reference-fr debian-reference-it
debian-reference-pt`):
  manuals/python     python3.11-doc: the reST sources of the Tutorial and the HOWTOs
                     (/usr/share/doc/python3.11/html/_sources/{tutorial,howto}/*.rst.txt, index files skipped);
  manuals/handbook   debian-handbook: The Debian Administrator's Handbook, English HTML (/usr/share/doc/
                     debian-handbook/html/en-US/); the book is one page per chapter (its introduction and first
                     section) plus one sect.*.html page per further top-level section, so each chapter is
                     reassembled by following the pages' rel="next" links from index.html, a page with an h1 title
                     starting a new chapter;
  manuals/reference  debian-reference-en: Debian Reference, English HTML (/usr/share/debian-reference/*.en.html, one
                     page per chapter, preface and appendix; index skipped);
  translated/LANG    debian-reference-LANG for LANG in de, es, fr, it, pt: the same pages in Debian Reference's
                     German, Spanish, French, Italian and Portuguese translations (*.LANG.html), read the same way;
                     the same chapters and sections in another language, to measure what a text's language changes;
  wikipedia          gensim (a requirement): gensim/test/test_data/enwiki-latest-pages-articles1.xml-p000000010p
                     000030302-shortened.bz2, the first articles of an English Wikipedia dump, read with gensim's
                     extract_pages; redirects skipped.
A missing source is skipped with a warning; the build fails only if none is present.

Each document is one chapter (HOWTO, tutorial page, article); its segments are its top-level sections (reST: the
second adornment style seen, the first being the title; HTML: h2; wikitext: == Title ==). Subsections belong to
their top-level section. The text before the first section (the introduction, an article's lead) is the first
segment. Elements are sentences. Output: one Choi file DIR/<source>/<name>.ref per document (a '==========' line
opens the file, separates segments and closes it; one sentence per line; a blank line between two paragraphs of a
segment, which segcore.loaders.parse_choi reads as meta['paragraphs']; UTF-8, \\n), the old DIR/<source>/*.ref files
being replaced, and DIR/PROVENANCE.md.

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
         split_paragraphs (Punkt, trained on the whole document when NLTK's pretrained model is absent), so no
         sentence spans two paragraphs; whitespace is normalised; sentences with fewer than 3 word tokens (\\w+)
         are dropped (a paragraph left with none vanishes); a section left with no sentence vanishes; documents
         are cut after 1,500 sentences and kept only with at least 3 segments and 30 sentences.
  wiki   gensim's filter_wiki removes templates, references, tables, files and link markup; then lines that are
         lists, indented, table or heading lines are dropped, bold and italic quotes removed; sections titled
         References, Notes, See also, External links, Further reading, Bibliography, Sources, Citations,
         Footnotes, Works cited, Gallery, Discography, Filmography, Works or Publications are left out.
"""
from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Callable

from segcore.formats import CHOI_SEPARATOR
from segcore.sentences import sentence_splitter_kind, split_paragraphs

from .markup import (MIN_WORDS, SECTION_BREAK, Stream, handbook_documents, python_documents, reference_documents,
                     wikipedia_documents)

DEFAULT_OUT = Path(__file__).resolve().parent / "data"
PYTHON_SOURCES = Path("/usr/share/doc/python3.11/html/_sources")
HANDBOOK_HTML = Path("/usr/share/doc/debian-handbook/html/en-US")
REFERENCE_HTML = Path("/usr/share/debian-reference")
TRANSLATIONS = ("de", "es", "fr", "it", "pt")  # Debian Reference's translations into languages Snowball stems
WIKI_DUMP = "test/test_data/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"  # in gensim

MIN_SEGMENTS, MIN_SENTENCES, MAX_SENTENCES = 3, 30, 1500
_TOKEN = re.compile(r"\w+")


def gensim_file(relative: str) -> Path:
    """A data file inside the installed gensim package (a missing path when gensim is absent)."""
    try:
        import gensim
    except ImportError:
        return Path("gensim-not-installed") / relative
    return Path(gensim.__file__).parent / relative


@dataclass(frozen=True)
class Source:
    """Where one source is read from, the package that installs it (Debian's, or PyPI's when `pypi`), how its
    documents are read, and its licence as the package states it."""

    path: Path
    package: str
    documents: Callable
    licence: str
    pypi: bool = False
    pattern: str = ""

    def install(self) -> str:
        return f"{'python -m pip' if self.pypi else 'apt-get'} install {self.package}"

    def version(self) -> str:
        if self.pypi:
            return metadata.version(self.package)
        done = subprocess.run(["dpkg-query", "-W", "-f=${Version}", self.package], capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else "unknown"

    def present(self) -> bool:
        """Whether the source is on disk (for a folder with `pattern`, a file matching it: one translation's pages)."""
        return self.path.exists() and (not self.pattern or any(self.path.glob(self.pattern)))


SOURCES = {  # output folder under DIR: Source
    "manuals/python": Source(PYTHON_SOURCES, "python3.11-doc", python_documents,
                             "PSF License Agreement for Python 3.11 (documentation of the Python distribution), "
                             "/usr/share/doc/python3.11-doc/copyright"),
    "manuals/handbook": Source(HANDBOOK_HTML, "debian-handbook", handbook_documents,
                               "GPL-2.0+ or CC-BY-SA-3.0 (Raphaël Hertzog, Roland Mas, Freexian SARL), "
                               "/usr/share/doc/debian-handbook/copyright"),
    "manuals/reference": Source(REFERENCE_HTML, "debian-reference-en", reference_documents,
                                "GPL-2+ (Osamu Aoki and contributors), /usr/share/doc/debian-reference-en/copyright",
                                pattern="*.en.html"),
    "wikipedia": Source(gensim_file(WIKI_DUMP), "gensim", wikipedia_documents,
                        "Wikipedia's text: CC BY-SA (its authors); the file: gensim's test data (LGPL-2.1)", pypi=True),
    **{f"translated/{code}": Source(REFERENCE_HTML, f"debian-reference-{code}",
                                    partial(reference_documents, language=code),
                                    "GPL-2+ (Osamu Aoki, translators), "
                                    f"/usr/share/doc/debian-reference-{code}/copyright",
                                    pattern=f"*.{code}.html")
       for code in TRANSLATIONS},
}
_MARKER = "SEGMENTBREAKMARKER"


def segment_paragraphs(stream: Stream) -> list[list[list[str]]]:
    """The paragraphs (lists of sentences) of each section of a stream, short sentences dropped (the document split
    in one call)."""
    text = "\n\n".join(_MARKER if p is SECTION_BREAK else p for p in stream)
    sections: list[list[list[str]]] = [[]]
    for paragraph in split_paragraphs(text):
        if paragraph == [_MARKER]:
            sections.append([])
            continue
        kept = [s for s in paragraph if len(_TOKEN.findall(s)) >= MIN_WORDS]
        if kept:
            sections[-1].append(kept)
    return sections


def build_document(stream: Stream) -> list[list[list[str]]] | None:
    """Non-empty segments (lists of paragraphs) of at most MAX_SENTENCES sentences in all, or None if too short or
    too flat."""
    segments, total = [], 0
    for paragraphs in segment_paragraphs(stream):
        kept = []
        for sentences in paragraphs:
            sentences = sentences[:MAX_SENTENCES - total]
            if sentences:
                kept.append(sentences)
                total += len(sentences)
        if kept:
            segments.append(kept)
    return segments if len(segments) >= MIN_SEGMENTS and total >= MIN_SENTENCES else None


def choi_text(segments: list[list[list[str]]]) -> str:
    """Choi format, a blank line between two paragraphs of a segment (segcore.loaders.parse_choi)."""
    lines = [CHOI_SEPARATOR]
    for paragraphs in segments:
        for i, sentences in enumerate(paragraphs):
            lines += ([""] if i else []) + sentences
        lines.append(CHOI_SEPARATOR)
    return "\n".join(lines) + "\n"


def write_source(out: Path, source: str, documents) -> dict[str, list[list[list[str]]]]:
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


def counts_table(built: dict[str, dict[str, list[list[list[str]]]]]) -> list[str]:
    rows = ["| source | documents | sentences per doc (min / mean / max) | segments per doc (min / mean / max) "
            "| mean segment length (sentences) |", "|---|---:|---|---|---:|"]
    for source, docs in built.items():
        sentences = [sum(len(p) for seg in segs for p in seg) for segs in docs.values()]
        segments = [len(segs) for segs in docs.values()]
        rows.append(f"| {source} | {len(docs)} | {_spread(sentences)} | {_spread(segments)} "
                    f"| {sum(sentences) / sum(segments):.1f} |")
    return rows


def provenance(built: dict[str, dict[str, list[list[list[str]]]]]) -> str:
    lines = ["# Expository corpora built from installed text", "",
             "Built by `python -m benchmarks.corpora` (see that module's docstring for the full rules). One "
             "Choi-format `.ref` file per chapter or article; segments = top-level sections; elements = sentences.",
             "", "## Sources", "", "| source | package | version | read from | licence |", "|---|---|---|---|---|"]
    for source in built:
        src = SOURCES[source]
        lines.append(f"| {source} | {src.package} | {src.version()} | `{src.path}` | {src.licence} |")
    lines += ["", f"Sentence splitter: `segcore.sentences.split_paragraphs` ({sentence_splitter_kind()}).", "",
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
        if src.present():
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
