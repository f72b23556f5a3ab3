"""Book-length plain texts (segcore.plaintext): the novels of the fiction set laid out as a reader gets them, with
their true chapters as the truth. Writes benchmarks/results/books.md.

Run:  python -m benchmarks.books        (the novels from ../shared/data/fiction_kazantseva2011)

Each novel's sentences (one per line in the .ref file, chapters between separator lines) are laid out five ways,
paragraphs of 1–6 sentences (random, seeded by the novel) wrapped at 70 characters: 'gutenberg' — a Project
Gutenberg header and licence around it, its title and author, a 'CONTENTS' list of the chapters, each chapter under
'CHAPTER IV.' set apart by blank lines; 'digits' — 'Chapter 4' on the line just above the chapter's first paragraph;
'roman' — a lone 'IV.' between blank lines; 'none' — no chapter headings at all (the prose alone: what it makes of
speech and short paragraphs); 'pages' — the 'digits' layout as a PDF-to-text tool gives a printed book: pages of
PAGE_LINES lines ended by form feeds, the title and author above the text, paragraphs broken across pages, each page
but the first under a running header (the title on even pages, the chapter it opens in on odd ones: 'Chapter 4'
as its heading) and over its number. The prose is real; the layouts are the common ones of transcribed books,
written for this bench. The book rules were written on hand-made examples (tests/test_books.py) before this bench
first ran; the rule that speech is not a heading (plainheads._speech: a question, a sentence ending inside the line,
an end broken off) was added after its first run showed 49 short paragraphs of the 'none' layout read as headings.

Figures: chapters found (an outline heading whose title is the chapter's line, in order) over true chapters;
sentences read whole (the novel's sentences that are elements as they are: the sentence splitter's own
differences show in the other layouts);
headings that are not chapters; headings that took a line of the text as their title; words of the novel kept
(multiset share of the .ref's words in the elements); lines left out (wrapper and contents, against what the layout
put there).
"""
from __future__ import annotations

import random
import re
import textwrap
import time
from collections import Counter

from segcore.loaders import load_text

from .runner import REPO, load_source, real_files, shared_name

OUT = REPO / "benchmarks" / "results" / "books.md"
LAYOUTS = ("gutenberg", "digits", "roman", "none", "pages")
PAGE_LINES = 40
_WORD = re.compile(r"[^\W_]+")
HEADER = ("The Project Gutenberg EBook of {title}, by An Author\n\nThis eBook is for the use of anyone anywhere at no "
          "cost and with\nalmost no restrictions whatsoever.\n\nTitle: {title}\n\nAuthor: An Author\n\n"
          "*** START OF THIS PROJECT GUTENBERG EBOOK {title} ***\n\n\n\n\nProduced by Some Volunteers\n\n\n\n\n")
FOOTER = ("\n\n\n\nEnd of the Project Gutenberg EBook of {title}, by An Author\n\n"
          "*** END OF THIS PROJECT GUTENBERG EBOOK {title} ***\n\nUpdated editions will replace the previous one--the "
          "old editions\nwill be renamed.\n")


def tokens(text: str) -> list[str]:
    """The lower-cased word tokens of a text, as the studies of reading count them."""
    return [w.lower() for w in _WORD.findall(text)]


def roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
                           (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def paragraphs(sentences: list[str], rng: random.Random) -> list[str]:
    out, i = [], 0
    while i < len(sentences):
        k = rng.randint(1, 6)
        out.append(textwrap.fill(" ".join(sentences[i:i + k]), 70))
        i += k
    return out


def layout(chaps: list[list[str]], style: str, seed: int) -> tuple[str, list[str], dict]:
    """(text, the chapters' heading lines in order, lines the layout put there to be left out)."""
    rng = random.Random(seed)
    title = f"THE NOVEL NUMBER {seed}"
    names = {"gutenberg": [f"CHAPTER {roman(i)}." for i in range(1, len(chaps) + 1)],
             "digits": [f"Chapter {i}" for i in range(1, len(chaps) + 1)],
             "pages": [f"Chapter {i}" for i in range(1, len(chaps) + 1)],
             "roman": [f"{roman(i)}." for i in range(1, len(chaps) + 1)], "none": [""] * len(chaps)}[style]
    parts = []
    for name, sentences in zip(names, chaps):
        paras = paragraphs(sentences, rng)
        if style in ("digits", "pages"):
            paras[0] = f"{name}\n{paras[0]}"
        elif name:
            paras.insert(0, name)
        parts += paras
    text = "\n\n".join(parts)
    if style == "pages":
        text = "\n\n".join([title, "By An Author", text])
        return printed(text, title), names, {"furniture": 2 * -(-len(text.splitlines()) // PAGE_LINES) - 1}
    if style != "gutenberg":
        return text, [n for n in names if n], {}
    contents = [f"CHAPTER {roman(i)}" for i in range(1, len(chaps) + 1)]
    head, foot = HEADER.format(title=title), FOOTER.format(title=title)
    text = head + "\n\n".join([title, "By An Author", "CONTENTS", "\n".join(contents), text]) + foot
    wrapper = sum(1 for s in (head + foot).splitlines() if s.strip())
    return text, names, {"wrapper": wrapper, "contents": len(contents) + 1}


def printed(text: str, title: str) -> str:
    """The text cut into pages of PAGE_LINES lines, as pdftotext gives a book: a running header over each page but the
    first (the title, or on odd pages the chapter it is in, as the chapter's heading names it), its number under it,
    form feeds between pages."""
    lines, chapter, pages = text.splitlines(), "", []
    for n, a in enumerate(range(0, len(lines), PAGE_LINES), 1):
        head = [] if n == 1 else [title if n % 2 == 0 else chapter, ""]
        chapter = next((ln for ln in reversed(lines[a:a + PAGE_LINES]) if ln.startswith("Chapter ")), chapter)
        pages.append("\n".join([*head, *lines[a:a + PAGE_LINES], "", str(n)]))
    return "\n\f".join(pages) + "\n"


def measure(doc, style: str, seed: int) -> dict:
    chaps = [list(doc.elements[a:b]) for a, b in doc.segments(doc.reference)]
    text, names, put = layout(chaps, style, seed)
    t = time.perf_counter()
    read = load_text(text)
    seconds = time.perf_counter() - t
    outline = read.meta.get("outline")
    heads = outline.headings if outline else []
    titles = [h.title for h in heads]
    found, j = 0, 0
    for title in titles:  # in order: each true chapter line at most once
        if j < len(names) and title.rstrip(".").startswith(names[j].rstrip(".")):
            found, j = found + 1, j + 1
    took_line = sum(1 for title in titles if any(title.startswith(n.rstrip(".") + ". ") for n in names))
    want = Counter(w for s in doc.elements for w in tokens(s))
    heading_elements = {h.element for h in heads}
    got = Counter(w for i, s in enumerate(read.elements) if i not in heading_elements for w in tokens(s))
    left = read.meta.get("left_out", {})
    elements = set(read.elements)
    return {"whole": sum(s in elements for s in doc.elements) / doc.n, "true": len(names), "found": found,
            "extra": len(titles) - found, "took_line": took_line,
            "words": sum((want & got).values()) / sum(want.values()), "sentences": read.n, "seconds": seconds,
            "left_out_ok": all(left.get(k, 0) == v for k, v in put.items()),
            "left_other": {k: v for k, v in left.items() if k not in put}}


def main() -> None:
    if not real_files("fiction"):
        print(f"the fiction set is not here ({shared_name('fiction_kazantseva2011')}): nothing to measure")
        return
    docs = load_source("fiction")
    lines = ["# Book-length plain texts: chapters, wrapper, contents and pages", "",
             f"`python -m benchmarks.books` (definitions in its docstring): the {len(docs)} novels of the fiction "
             f"set, each in {len(LAYOUTS)} layouts.", "",
             "| layout | novels read as books | chapters found / true | other headings | headings that took a "
             "line of text | words kept | sentences read whole | wrapper, contents and page furniture left out as "
             "laid out | other lines left out | s per novel (reading) |", "|---|---|---|---|---|---|---|---|---|---|"]
    for style in LAYOUTS:
        rows = [measure(d, style, seed) for seed, d in enumerate(docs)]
        other = Counter()
        for r in rows:
            other.update(r["left_other"])
        books = sum(1 for r in rows if r["found"] >= 3)
        lines.append(f"| {style} | {books if style != 'none' else '—'} of {len(rows)} | "
                     f"{sum(r['found'] for r in rows):,} / {sum(r['true'] for r in rows):,} | "
                     f"{sum(r['extra'] for r in rows):,} | {sum(r['took_line'] for r in rows)} | "
                     f"{100 * min(r['words'] for r in rows):.2f} % (lowest novel) | "
                     f"{100 * sum(r['whole'] for r in rows) / len(rows):.2f} % | "
                     f"{sum(r['left_out_ok'] for r in rows)} of {len(rows)} | "
                     f"{', '.join(f'{k} {v:,}' for k, v in other.items()) or 'none'} | "
                     f"{sum(r['seconds'] for r in rows) / len(rows):.2f} |")
    OUT.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
