"""HTML pages, EPUB books, Word, OpenDocument and RTF documents (segcore.htmlpage, segcore.epub, segcore.docx,
segcore.odt, segcore.rtf) read with segcore.loaders.load, against real files installed on this machine. Writes
benchmarks/results/html_pages.md.

Run:  python -m benchmarks.html_pages        (Debian packages python3.11-doc, debian-handbook, debian-reference-en,
      live-manual, ubuntu-packaging-guide-epub; pandoc; the novels of ../shared/data/fiction_kazantseva2011)

1. Python docs: each of the 28 documents of benchmarks/data/manuals/python was built (benchmarks.corpora) from the
   reST source _sources/{tutorial,howto}/NAME.rst.txt; here the rendered page /usr/share/doc/python3.11/html/
   {tutorial,howto}/NAME.html is loaded. Independent sources: the same text, rendered by Sphinx, read by another reader.
2. Debian Handbook and Debian Reference: the corpora were built from the same HTML by benchmarks.markup's reader, so
   this is a weaker check (two readers of one file). A Handbook chapter is its page plus the section pages after it
   (followed by rel="next" as corpora.handbook_documents does, with markup.HtmlPage only to find the pages); each page
   is loaded on its own and the chapter's elements and headings concatenated; the title of a later page (its h2, a
   top-level section of the chapter) counts as a level-1 heading and that page's own headings one level lower.
   Figures of 1 and 2, per set: a corpus section start is each segment start but the first (the first segment is
   the introduction, or the first section when there is none); it is found at a heading when the first 6 word
   tokens (lower-cased, [^\\W_]+) of the segment's first sentence occur, as a run, in the words of the elements after
   the heading up to the next heading of the same or a higher level, at most 6 elements; the matching goes in order
   (each heading serves once, a later start is looked for after the last heading matched). 'level-1' uses only
   headings of level 1, 'any' all headings; 'level-1 headings' counts them (to compare with the corpus's section
   starts; a page's title is not one). Words kept: multiset share of the corpus's word tokens found in the loaded
   elements that are not headings (the corpus drops headings); words not in the corpus: share of the loaded
   non-heading words beyond that multiset, and the 15 most frequent of them over the set. Repeated heading titles:
   titles found in 3 or more loaded pages of the set (chrome such as 'Prev' would repeat, section titles rarely do).
   Seconds: load time per HTML page. `load` runs with its defaults, so a page's back matter (from a 'References'
   heading on) is left out; the pages where that happened are listed.
3. Pandoc EPUBs and Word documents: each novel of the fiction set is written as Markdown (a title block; each
   chapter '# Chapter N' then paragraphs of 1-6 sentences, seeded by the novel as in benchmarks.books; ASCII
   punctuation backslash-escaped so the prose stays prose), converted by `pandoc -f markdown -t epub3` (and
   `-t docx`, `-t odt`, `-s -t rtf`) in a temporary folder and loaded.
   Chapters found: outline headings titled 'Chapter N', in order, over true chapters; other headings: the rest
   (the outline's title not counted); words kept as above against the novel's sentences; left out: the kinds of
   meta['left_out'] summed; sections: novels where with_structure(doc, 'sections') gives as many segments as
   chapters, one more, or another count. Pandoc 2.17's default --epub-chapter-level 1 puts each chapter in a file.
4. Debian EPUBs (live-manual, ubuntu-packaging-guide): the truth is the book's own table of contents, read here with
   zipfile + lxml (EPUB 3 nav.xhtml when the package names one, else toc.ncx navPoint labels, in document order).
   A toc entry is found when an outline heading (or the outline's title) has the same title, lower-cased word tokens
   compared with leading section numbers dropped, in order as above; headings not in the toc: outline headings whose
   title so compared is no toc entry's.
Disclosure: the reader was written on hand-made pages (tests/test_html.py) and tried on tutorial/controlflow.html,
library/re.html and the two Debian EPUBs. This bench's first run then showed six faults, and the reader was mended
before the figures here: DocBook's page navigation (docnav) kept as text; prose boxes (DocBook and reST sidebars)
dropped as navigation and Debian Reference's admonitions dropped as tables (now: a sidebar or an aside in an article
is navigation only when most of its words are links; a table most of whose words are in paragraphs is a layout
table, read); DocBook's table captions kept; a 'References' subsection inside a chapter taken for the reference list
(now only a reference-list heading that no later heading outranks); pandoc's title page read as a chapter (now a
heading on an epub:type="titlepage" is the book's title). At the first run: python section starts 207 of 212 and
95.8 % of words, handbook 118 of 125 and 71.2 %, reference 90 of 92 and 82.6 %. So these figures are not a held-out
measurement of the mended rules. Missing sources are skipped.
"""
from __future__ import annotations

import random
import re
import shutil
import subprocess
import tempfile
import time
import zipfile
from collections import Counter
from pathlib import Path

import lxml.etree as etree

from segcore.loaders import load, parse_choi
from segcore.structure import with_structure

from .books import paragraphs, tokens
from .runner import REPO, load_source, real_files, shared_name

OUT = REPO / "benchmarks" / "results" / "html_pages.md"
MANUALS = REPO / "benchmarks" / "data" / "manuals"
PYTHON_HTML = Path("/usr/share/doc/python3.11/html")
HANDBOOK_HTML = Path("/usr/share/doc/debian-handbook/html/en-US")
REFERENCE_HTML = Path("/usr/share/debian-reference")
EPUBS = [Path("/usr/share/doc/live-manual/epub/live-manual.en.epub"),
         Path("/usr/share/doc/ubuntu-packaging-guide-epub/ubuntu-packaging-guide.epub")]
KEY_WORDS, WINDOW, SHOW_MISSES = 6, 6, 3
_NUMBER = re.compile(r"^(?:(?:chapter|appendix|section|part)\s+)?(?:[0-9a-z]{1,3}[.)]?\s*)*?[0-9][0-9.]*[.)]?\s+")
_ESCAPE = re.compile(r"([!-/:-@\[-`{-~])")


def title_key(title: str) -> str:
    return " ".join(tokens(_NUMBER.sub("", title.strip().lower())))


class Read:
    """What `load` gave for one corpus document: elements, headings [(title, level, element)], seconds, left out."""

    def __init__(self, docs: list, sections: list[bool] | None = None, seconds: float = 0.0):
        self.elements, self.headings, self.left_out, self.seconds, self.pages = [], [], Counter(), seconds, []
        self.back = [d.meta["back_matter"]["heading"] for d in docs
                     if d.meta.get("back_matter") and not d.meta["back_matter"]["kept"]]
        for doc, section in zip(docs, sections or [False] * len(docs)):
            outline, base = doc.meta.get("outline"), len(self.elements)
            heads = [(h.title, h.level + section, base + h.element) for h in (outline.headings if outline else [])]
            if outline and outline.title and doc.elements and doc.elements[0] == outline.title:
                heads.insert(0, (outline.title, int(section), base))
            self.headings += heads
            self.pages.append({t for t, _, _ in heads})
            self.elements += doc.elements
            self.left_out.update(doc.meta.get("left_out", {}))

    def body_words(self) -> Counter:
        heads = {e for _, _, e in self.headings}
        return Counter(w for i, s in enumerate(self.elements) if i not in heads for w in tokens(s))


def match_starts(corpus, read: Read, top_only: bool) -> tuple[int, int, list[str]]:
    """(corpus section starts, found at a heading, first sentences of the missed ones): see the docstring."""
    starts = [a for a, _ in corpus.segments(corpus.reference)][1:]
    heads = [(k, h) for k, h in enumerate(read.headings) if h[1] >= 1 and (h[1] == 1 or not top_only)]
    windows = []
    for k, (_, level, element) in heads:
        stop = next((e for _, lv, e in read.headings[k + 1:] if lv <= level), len(read.elements))
        words = [w for s in read.elements[element + 1:min(stop, element + 1 + WINDOW)] for w in tokens(s)]
        windows.append(" " + " ".join(words) + " ")
    found, j, misses = 0, 0, []
    for a in starts:
        key = " " + " ".join(tokens(corpus.elements[a])[:KEY_WORDS]) + " "
        hit = next((x for x in range(j, len(windows)) if key in windows[x]), None)
        if hit is None:
            misses.append(corpus.elements[a])
        else:
            found, j = found + 1, hit + 1
    return len(starts), found, misses


def timed_load(path: Path):
    t = time.perf_counter()
    doc = load(path)
    return doc, time.perf_counter() - t


def python_pairs():
    for ref in sorted((MANUALS / "python").glob("*.ref")):
        folder, name = ref.stem.split("-", 1)
        page = PYTHON_HTML / folder / f"{name}.html"
        if page.is_file():
            doc, s = timed_load(page)
            yield ref, Read([doc], seconds=s), 1


def handbook_pairs():
    from .markup import HtmlPage

    chapters, name, page = {}, None, HtmlPage((HANDBOOK_HTML / "index.html").read_text(encoding="utf-8")).next_page
    while page:
        parsed = HtmlPage((HANDBOOK_HTML / page).read_text(encoding="utf-8"))
        if parsed.has_title:
            name = page.removesuffix(".html")
        chapters.setdefault(name, []).append(page)
        page = parsed.next_page
    for ref in sorted((MANUALS / "handbook").glob("*.ref")):
        docs, seconds = [], 0.0
        for page in chapters.get(ref.stem, []):
            doc, s = timed_load(HANDBOOK_HTML / page)
            docs.append(doc)
            seconds += s
        if docs:
            yield ref, Read(docs, [False] + [True] * (len(docs) - 1), seconds), len(docs)


def reference_pairs():
    for ref in sorted((MANUALS / "reference").glob("*.ref")):
        page = REFERENCE_HTML / f"{ref.stem}.en.html"
        if page.is_file():
            doc, s = timed_load(page)
            yield ref, Read([doc], seconds=s), 1


def manual_row(label: str, pairs) -> tuple[str | None, list[str]]:
    """Parts 1 and 2: one table row and the notes (extra words, repeated headings) for one set."""
    totals, extra, titles, misses, pages, back = Counter(), Counter(), Counter(), [], 0, []
    for ref, read, n_pages in pairs:
        corpus = parse_choi(ref.read_text(encoding="utf-8"))
        n, top, _ = match_starts(corpus, read, True)
        _, anyh, missed = match_starts(corpus, read, False)
        want = Counter(w for s in corpus.elements for w in tokens(s))
        got = read.body_words()
        totals.update(docs=1, starts=n, top=top, any=anyh, level1=sum(1 for h in read.headings if h[1] == 1),
                      want=sum(want.values()), kept=sum((want & got).values()), got=sum(got.values()),
                      extra=sum((got - want).values()))
        extra.update(got - want)
        for page in read.pages:
            titles.update(page)
        misses += [f"{ref.stem}: {m}" for m in missed]
        back += [f"{ref.stem} ('{h}')" for h in read.back]
        pages += n_pages
        totals["seconds"] += read.seconds
    if not totals["docs"]:
        return None, []
    print(f"{label}: {totals['any']}/{totals['starts']} starts found at any heading; misses:")
    for m in misses[:SHOW_MISSES]:
        print("   ", m[:160])
    t = totals
    row = (f"| {label} | {t['docs']} ({pages} pages) | {t['starts']} | "
           f"{t['top']} ({100 * t['top'] / t['starts']:.0f} %) | "
           f"{t['any']} ({100 * t['any'] / t['starts']:.0f} %) | "
           f"{t['level1']} | {100 * t['kept'] / t['want']:.1f} % | {100 * t['extra'] / t['got']:.1f} % | "
           f"{t['seconds'] / pages:.3f} |")
    repeated = [f"'{k}' ({v})" for k, v in titles.most_common() if v >= 3]
    notes = [f"- **{label}**, words not in the corpus, most frequent: "
             + ", ".join(f"{w} {c}" for w, c in extra.most_common(15)) + ".",
             f"  Heading titles in 3 or more pages: {', '.join(repeated[:10]) or 'none'}.",
             f"  Missed section starts: {len(misses)}" + (f", e.g. “{misses[0][:140]}”." if misses else "."),
             f"  Back matter left out (load's default): {', '.join(back) or 'none'}."]
    return row, notes


def markdown_novel(chaps: list[list[str]], seed: int) -> tuple[str, list[str]]:
    rng = random.Random(seed)
    parts, names = [f"% The Novel Number {seed}\n% An Author"], []
    for i, sentences in enumerate(chaps, 1):
        names.append(f"Chapter {i}")
        parts += [f"# Chapter {i}"] + [_ESCAPE.sub(r"\\\1", p) for p in paragraphs(sentences, rng)]
    return "\n\n".join(parts) + "\n", names


PANDOC_TARGETS = (("epub3", ".epub", "EPUB"), ("docx", ".docx", "Word document"),
                  ("odt", ".odt", "OpenDocument text"), ("rtf", ".rtf", "RTF document"))  # pandoc -t, extension, name


def pandoc_part() -> list[str]:
    """Part 3: the novels as pandoc EPUBs, Word, OpenDocument and RTF documents."""
    if not real_files("fiction"):
        print(f"part 3 skipped: the fiction set is not here ({shared_name('fiction_kazantseva2011')})")
        return []
    if not shutil.which("pandoc"):
        print("part 3 skipped: pandoc is not installed")
        return []
    version = subprocess.run(["pandoc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    out = ["## Novels as pandoc EPUBs, Word, OpenDocument and RTF documents", "",
           f"The {len(load_source('fiction'))} novels of the "
           f"fiction set ({version}).", "",
           "| format | novels | chapters found / true | other headings | words kept (mean; lowest novel) | left out "
           "(summed) | sections reference: segments = chapters / = chapters + 1 / other | s per book (reading) |",
           "|---|---|---|---|---|---|---|---|"]
    notes = []
    for target, ext, name in PANDOC_TARGETS:
        row, other = _pandoc_novels(target, ext, name)
        out.append(row)
        notes.append(f"Other headings of the {name}s (digits as N): " + other + ".")
    return out + [""] + notes + [""]


def _pandoc_novels(target: str, ext: str, name: str) -> tuple[str, str]:
    """The table row of the novels written by pandoc -t `target` and loaded, and their other headings."""
    scratch = Path(tempfile.mkdtemp(prefix="html_pages_"))
    t, misses, left, others = Counter(), [], Counter(), Counter()
    shares = []
    for seed, novel in enumerate(load_source("fiction")):
        chaps = [list(novel.elements[a:b]) for a, b in novel.segments(novel.reference)]
        text, names = markdown_novel(chaps, seed)
        md, book = scratch / f"novel{seed:02d}.md", scratch / f"novel{seed:02d}{ext}"
        md.write_text(text, encoding="utf-8")
        subprocess.run(["pandoc", "-s", "-f", "markdown", "-t", target, "-o", str(book), str(md)], check=True)
        doc, seconds = timed_load(book)
        outline = doc.meta.get("outline")
        heads = outline.headings if outline else []
        found, j = 0, 0
        for h in heads:
            if j < len(names) and h.title == names[j]:
                found, j = found + 1, j + 1
            else:
                others[re.sub(r"\d+", "N", h.title)] += 1
        read = Read([doc])
        want = Counter(w for s in novel.elements for w in tokens(s))
        shares.append(sum((want & read.body_words()).values()) / sum(want.values()))
        try:
            segments = len(with_structure(doc, "sections").reference)
        except Exception as e:  # noqa: BLE001 - a failure is a finding
            segments = f"{type(e).__name__}"
        if found < len(names) or len(heads) != found:
            misses.append(f"novel{seed:02d}: {found}/{len(names)}, headings {[h.title for h in heads][:6]}")
        fit = "=" if segments == len(names) else "+1" if segments == len(names) + 1 else "other"
        t.update(novels=1, true=len(names), found=found, other=len(heads) - found, seconds=seconds,
                 **{f"sections {fit}": 1})
        left.update(doc.meta.get("left_out", {}))
    print(f"pandoc {name}s: {len(misses)} novels with a missed or extra heading;", *misses[:SHOW_MISSES],
          sep="\n    ")
    shutil.rmtree(scratch, ignore_errors=True)
    return (f"| {name} | {t['novels']} | {t['found']:,} / {t['true']:,} | {t['other']} | "
            f"{100 * sum(shares) / len(shares):.2f} %; {100 * min(shares):.2f} % | "
            f"{', '.join(f'{k} {v:,}' for k, v in left.items()) or 'nothing'} | "
            f"{t['sections =']} / {t['sections +1']} / {t['sections other']} | {t['seconds'] / t['novels']:.2f} |",
            ", ".join(f"'{k}' {v}" for k, v in others.most_common(5)) or "none")


def epub_toc(path: Path) -> list[str]:
    """The labels of an EPUB's own table of contents, in order (nav.xhtml of EPUB 3, else toc.ncx)."""
    with zipfile.ZipFile(path) as z:
        container = etree.fromstring(z.read("META-INF/container.xml"))
        opf_name = container.xpath("//*[local-name()='rootfile']/@full-path")[0]
        opf = etree.fromstring(z.read(opf_name))
        folder = opf_name.rpartition("/")[0]
        nav = opf.xpath("//*[local-name()='item'][contains(concat(' ', @properties, ' '), ' nav ')]/@href")
        ncx = opf.xpath("//*[local-name()='item'][@media-type='application/x-dtbncx+xml']/@href")
        member = lambda href: f"{folder}/{href}" if folder else href  # noqa: E731
        if nav:
            root = etree.fromstring(z.read(member(nav[0])))
            toc = root.xpath("//*[local-name()='nav'][contains(@*[local-name()='type'], 'toc')]")[0]
            return [" ".join("".join(a.itertext()).split()) for a in toc.iter("{*}a")]
        root = etree.fromstring(z.read(member(ncx[0])))
        return [" ".join("".join(t.itertext()).split()) for t in root.xpath("//*[local-name()='navLabel']/*")]


def epub_part() -> list[str]:
    """Part 4: Debian's EPUBs against their own table of contents."""
    rows = []
    for path in EPUBS:
        if not path.is_file():
            print(f"part 4: {path} is not here, skipped")
            continue
        toc = epub_toc(path)
        doc, seconds = timed_load(path)
        outline = doc.meta.get("outline")
        heads = ([outline.title] if outline and outline.title else []) + [h.title for h in outline.headings]
        keys = [title_key(h) for h in heads]
        found, j, missed = 0, 0, []
        for label in toc:
            hit = next((x for x in range(j, len(keys)) if keys[x] == title_key(label)), None)
            if hit is None:
                missed.append(label)
            else:
                found, j = found + 1, hit + 1
        toc_keys = {title_key(t) for t in toc}
        extra = [h for h in heads if title_key(h) not in toc_keys]
        print(f"{path.name}: toc entries missed {missed[:SHOW_MISSES]}; headings not in the toc {extra[:8]}")
        left = ", ".join(f"{k} {v:,}" for k, v in doc.meta.get("left_out", {}).items())
        words = sum(len(tokens(s)) for s in doc.elements)
        rows.append(f"| {path.name} | {len(toc)} | {found} ({100 * found / len(toc):.0f} %) | {len(extra)} | "
                    f"{doc.n:,} | {words:,} | {left or 'nothing'} | {seconds:.2f} |")
        rows.append(f"|  | missed e.g. {'; '.join(missed[:3]) or '—'} | | not in toc e.g. "
                    f"{'; '.join(extra[:4]) or '—'} | | | | |")
    if not rows:
        return []
    return ["## Debian's EPUBs against their own table of contents", "",
            "| book | toc entries | found as headings, in order | headings not in the toc | elements | words | "
            "left out | s |", "|---|---|---|---|---|---|---|---|", *rows, ""]


def main() -> None:
    lines = ["# HTML pages, EPUB books, Word and OpenDocument documents", "",
             "`python -m benchmarks.html_pages` (definitions and disclosures in its docstring).", ""]
    rows, notes = [], []
    for label, folder, pairs in (("python (HTML vs reST)", PYTHON_HTML, python_pairs),
                                 ("handbook (same HTML)", HANDBOOK_HTML, handbook_pairs),
                                 ("reference (same HTML)", REFERENCE_HTML, reference_pairs)):
        if not folder.is_dir():
            print(f"{label}: {folder} is not here, skipped")
            continue
        row, note = manual_row(label, pairs())
        if row:
            rows.append(row)
            notes += note
    if rows:
        lines += ["## Manual pages against the natural corpora", "",
                  "| set | documents | corpus section starts | found at a level-1 heading | found at any heading | "
                  "level-1 headings | corpus words kept | loaded words not in corpus | s per page |",
                  "|---|---|---|---|---|---|---|---|---|", *rows, "", *notes, ""]
    lines += pandoc_part() + epub_part()
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
