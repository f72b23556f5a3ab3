"""PDFs and their structure (segcore.pdf, segcore.pdfheadings): the test papers of tests/data/papers (headings,
running headers, page numbers, footnotes, tables, figures, captions, references, appendices, a text layer without
space characters), bookmarks, contents pages, numbered headings, line numbers, the page and inflated-size limits,
and the real paper when ../shared/data is there (lettered headings and title pages: test_pdf_lettered.py)."""
from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

import pytest
from pdfminer.fontmetrics import FONT_METRICS

from benchmarks.pdf_extraction import heading_scores, true_starts
from segcore.errors import InputError
from segcore.loaders import load, load_pdf
from segcore.limits import LIMITS, Limits
from segcore.pdflayout import Line, inflated_size
from segcore.pdf import read_pdf
from segcore.pdfoutline import Entry, keys, mark_outline
from segcore.structure import with_structure
from tests.data.make_pdfs import build, column, text_ops
from tests.pdfpages import BODY


DATA = Path(__file__).resolve().parent / "data"
PAPERS = DATA / "papers"
TRUTH = json.loads((PAPERS / "truth.json").read_text())
REAL = Path(os.environ.get("SEGCORE_SHARED_DATA", DATA.parent.parent.parent / "shared" / "data")) / "pdfs" \
    / "2304.02623v1.pdf"


@pytest.fixture(scope="module")
def papers():
    return {name: load(PAPERS / f"{name}.pdf") for name in TRUTH}


@pytest.mark.parametrize("name", list(TRUTH))
def test_every_true_section_start_is_a_heading(papers, name):
    doc = papers[name]
    scores = heading_scores(doc, TRUTH[name])
    assert scores["recall0"] == 1.0 and scores["precision0"] == 1.0, scores
    starts = true_starts(doc, TRUTH[name])
    outline = doc.meta["outline"]
    levels = {h.element: h.level for h in outline.headings}
    assert [levels[s] for s in starts] == [sec["level"] for sec in TRUTH[name]]


def test_heading_is_an_element_of_its_own(papers):
    doc = papers["lexical_chains"]
    i = doc.elements.index("2.1 Lexical Cohesion")
    assert doc.elements[i + 1].startswith("Halliday and Hasan described cohesion")


def test_page_furniture_floats_and_footnotes_left_out(papers):
    doc = papers["lexical_chains"]
    text = "\n".join(doc.elements)
    assert "Proceedings of the Workshop" not in text  # running header
    assert "Our code and models are available" not in text  # footnote
    assert "Table 1:" not in text and "Figure 1:" not in text  # captions
    assert "0.41" not in text and "TextTiling 0.41" not in text and "sentence boundary" not in text  # cells, labels
    assert "Table 1 reports the error metric Pk for every method and corpus." in doc.elements  # a reference to it
    left = doc.meta["left_out"]
    assert left["captions"] == 2 and left["footnotes"] >= 1 and left["table and figure lines"] >= 10
    assert not any(e.strip().isdigit() for e in doc.elements)  # page numbers


def test_positions_of_elements(papers):
    doc = papers["lexical_chains"]
    pos = doc.meta["positions"]
    assert len(pos) == doc.n and {p for p, _ in pos} == {1, 2}
    i = doc.elements.index("4 Experiments")
    assert pos[i][0] == 2 and 0 < pos[i][1] < 792
    first = [y for p, y in pos[:6]]
    assert first == sorted(first)  # down the first page


def test_back_matter_left_out_by_default_and_kept_on_request(papers):
    doc = papers["lexical_chains"]
    assert doc.meta["back_matter"] == {"heading": "References", "kept": False, "blocks": 7}
    assert not any("Hearst" in e or "WindowDiff" in e for e in doc.elements)
    kept = load(PAPERS / "lexical_chains.pdf", keep_back_matter=True)
    titles = [h.title for h in kept.meta["outline"].headings]
    assert titles[-2:] == ["References", "A Additional Results"]
    assert "TextTiling: segmenting text into multi-paragraph subtopic passages." in "\n".join(kept.elements)


def test_ieee_roman_sections_italic_subsections_and_run_in_abstract(papers):
    doc = papers["river_sensors"]
    heads = [(h.title, h.level) for h in doc.meta["outline"].headings]
    assert heads[:5] == [("Abstract—", 1), ("I. INTRODUCTION", 1), ("II. SENSOR DESIGN", 1), ("A. Hardware", 2),
                         ("B. Power Budget", 2)]
    assert doc.elements[1 + doc.elements.index("Abstract—")].startswith("Rivers change quickly after storms")
    assert doc.meta["back_matter"]["heading"] == "REFERENCES"


def test_text_layer_without_spaces_reads_as_words(papers):
    """pdfminer alone glues every word of this PDF (its Type 3 characters are ten times too tall)."""
    from pdfminer.high_level import extract_text

    assert "Bakerssaythatalongfermentation" in extract_text(str(PAPERS / "sourdough_nospace.pdf"))
    doc = papers["sourdough_nospace"]
    assert "Bakers say that a long fermentation gives sourdough bread more flavour." in doc.elements
    assert "The bacteria turn sugars into lactic and acetic acid." in doc.elements
    assert "Workshop on Food Chemistry" not in "\n".join(doc.elements)  # its running header, placed word by word


MARKS = [(1, "1 Getting started", 1, 720), (2, "1.1 Setting up the tools", 1, 584),
         (1, "2 Running the analysis", 2, 712)]


def manual_pdf(loop: bool = False, marks=MARKS) -> bytes:
    """A manual with bookmarks: a contents page listing the titles (dot leaders and page numbers); on page 2 a
    "Chapter 1" label over its title and a bold subsection in sentence case; on page 3 a section set in the body
    font, which no layout rule can tell from text."""
    toc = [("F3", 16, 72, 700, "Contents"), ("F1", 10, 72, 670, "1 Getting started" + " ." * 30),
           ("F1", 10, 84, 656, "1.1 Setting up the tools" + " ." * 25), ("F1", 10, 72, 642, "2 Running the analysis"),
           ("F1", 10, 200, 642, ". . . . . . . . . . . . ."), ("F1", 10, 340, 642, "3")]
    page2 = [("F3", 14, 72, 700, "Chapter 1"), ("F3", 18, 72, 676, "Getting started")] + column(BODY[0], 72, 640) \
        + [("F3", 12, 72, 570, "1.1 Setting up the tools")] + column(BODY[1] + [""] + BODY[3], 72, 545)
    page3 = [("F1", 10, 72, 700, "2 Running the analysis")] + column(BODY[2] + [""] + BODY[4], 72, 680)
    return build([text_ops(toc), text_ops(page2), text_ops(page3)], outline=marks, loop=loop)


@pytest.mark.parametrize("loop", [False, True])
def test_bookmarks_give_the_headings(loop):
    doc = load(manual_pdf(loop))
    heads = [(h.title, h.level) for h in doc.meta["outline"].headings]
    assert heads[-3:] == [("Chapter 1 Getting started", 1), ("1.1 Setting up the tools", 2),
                          ("2 Running the analysis", 1)], heads
    assert doc.meta["bookmarks"] == {"entries": 3, "located": 3}
    assert doc.meta["left_out"]["contents"] >= 3 and not any(". . ." in e or e == "3" for e in doc.elements)
    starts = [h.element for h in doc.meta["outline"].headings if h.level == 1][-2:]
    assert doc.elements[starts[0]] == "Chapter 1 Getting started"
    assert doc.elements[starts[1]] == "2 Running the analysis"
    assert starts[0] == 0 and with_structure(doc).reference[-2:] == [starts[1], doc.n]  # no "Contents" section


def test_without_bookmarks_the_layout_cannot_see_a_section_in_the_body_font():
    blocks = read_pdf(manual_pdf(), bookmarks=False).blocks
    assert [b.text for b in blocks if b.level] == ["Chapter 1 Getting started", "1.1 Setting up the tools"]


def test_an_outline_that_names_no_heading_of_the_text_is_not_used():
    wrong = [(1, "Appendix on pottery", 1, 700), (1, "Glazes and kilns", 2, 700), (1, "Firing", 2, 600)]
    out = read_pdf(manual_pdf(marks=wrong))
    assert len(out.outline) == 3 and out.bookmarks_located == 0
    assert [b.text for b in out.blocks if b.level] == ["Chapter 1 Getting started", "1.1 Setting up the tools"]


@pytest.mark.parametrize("bookmarks", [False, True])
def test_the_heading_of_a_contents_page_goes_with_its_entries(bookmarks):
    """The contents' entries are left out, and so is their heading, which would head an empty section; a section
    that the text names "Contents", on a page without entries, stays."""
    out = read_pdf(manual_pdf(), bookmarks=bookmarks)
    assert "Contents" not in [b.text for b in out.blocks]
    named = [("F3", 16, 72, 700, "Contents")] + column(BODY[0], 72, 670)
    pages = [text_ops(named), text_ops([("F3", 16, 72, 700, "Results")] + column(BODY[1], 72, 670))]
    assert [b.text for b in read_pdf(build(pages)).blocks if b.level] == ["Contents", "Results"]


@pytest.mark.parametrize("bookmarks", [False, True])
def test_a_chapter_label_set_over_its_title_is_one_heading_at_the_title_level(bookmarks):
    """A thesis's chapter: "Kapitel 2" in a smaller roman type a title's line above its title (the bookmark names the
    title only); "Anhang A" over its title alike; a "Kapitel 3" in the text is no label."""
    def chapter(label, title, body):
        return [("F1", 20, 72, 700, label), ("F1", 24, 72, 650, title)] + column(body, 72, 600)
    pages = [chapter("Kapitel 2", "Die Abschlussarbeit", BODY[0] + [""] + BODY[1]),
             chapter("Anhang A", "Technische Informationen", BODY[2] + ["", "Kapitel 3"] + BODY[3])]
    marks = [(1, "Die Abschlussarbeit", 0, 676), (1, "Technische Informationen", 1, 676)]
    out = read_pdf(build([text_ops(p) for p in pages], outline=marks), bookmarks=bookmarks)
    heads = [(b.level, b.text) for b in out.blocks if b.level]
    assert heads == [(1, "Kapitel 2 Die Abschlussarbeit"), (1, "Anhang A Technische Informationen")], heads
    assert out.bookmarks_located == (2 if bookmarks else 0)
    assert any(b.text.startswith("Kapitel 3") or b.text.endswith("Kapitel 3") for b in out.blocks if not b.level)


@pytest.mark.parametrize("bookmarks", [False, True])
def test_a_lecture_label_over_its_title_joins_the_bookmarked_heading(bookmarks):
    """Lecture notes: "Lecture 2" on a line of its own over the title "Sampling" (bookmarked "Sampling"), "Section 3"
    over "Estimation" (bookmarked with its label, "Section 3 Estimation"): each label is its heading's, as a chapter's
    is (books.py's divisions: a lecture at a chapter's level, a section)."""
    def lecture(label, title, body):
        return [("F1", 20, 72, 700, label), ("F1", 24, 72, 650, title)] + column(body, 72, 600)
    pages = [lecture("Lecture 2", "Sampling", BODY[0] + [""] + BODY[1]),
             lecture("Section 3", "Estimation", BODY[2] + [""] + BODY[3])]
    marks = [(1, "Sampling", 0, 676), (1, "Section 3 Estimation", 1, 720)]
    out = read_pdf(build([text_ops(p) for p in pages], outline=marks), bookmarks=bookmarks)
    heads = [(b.level, b.text) for b in out.blocks if b.level]
    assert heads == [(1, "Lecture 2 Sampling"), (1, "Section 3 Estimation")], heads
    assert out.bookmarks_located == (2 if bookmarks else 0)


def test_a_heading_under_a_division_label_spells_its_bookmark():
    """A division's label set over its title is one heading ("Anhang A Technische Informationen"); its match keys
    hold the title without the label's word and letter or number, so that the bookmark naming the title alone is
    found by the layout's headings too (the benchmark's "layout only"). A letter numbers an appendix only."""
    pairs = [("Appendix A Appendix", "Appendix"), ("Anhang B Tabellen", "Tabellen"), ("Part II Methods", "Methods"),
             ("Kapitel 2 Die Abschlussarbeit", "Die Abschlussarbeit"), ("Chapter 3. Introduction", "Introduction")]
    assert all(keys(heading) & keys(title) for heading, title in pairs)
    assert not keys("Book a flight") & keys("flight")


@pytest.mark.parametrize("label", ["Chapter 1", "Kapitel 1", "Глава 1", "1. fejezet", "Erstes Kapitel", "Anhang A",
                                   "Lecture 2", "Vorlesung 2", "2. előadás", "Лекция 2", "Section 3", "Abschnitt III"])
def test_a_division_label_over_a_bookmarked_title_joins_its_heading(label):
    """The label line over a bookmarked title is the heading's in the languages books.py reads (books.division_label),
    not only for pdfoutline's own English words: a label with its number first ('1. fejezet', 'Erstes Kapitel') joined
    no run of lines that spells the title either (books.division_title reads a title after it only past a mark). A
    course's lecture ('Lecture 2' over 'Sampling', bookmarked 'Sampling') and a section are books.py's divisions too."""
    lines = [Line(label, 72, 700, 130, 710, 10), Line("Erste Schritte", 72, 676, 200, 694, 18),
             Line("Zweiter Teil der Arbeit", 72, 500, 250, 514, 14)]
    entries = [Entry(1, "Erste Schritte", 0, 720), Entry(1, "Zweiter Teil der Arbeit", 0, 520)]
    assert mark_outline([(612, 792, [lines])], entries) == 2
    assert [ln.outline_entry for ln in lines] == [0, 0, 1]


@pytest.mark.parametrize("heading, title", [("附录 A 欧几里得第二定理的证明", "欧几里得第二定理的证明"),
                                            ("第三章 内功", "内功"), ("第3章はじめに", "はじめに"), ("제 1 장 서론", "서론"),
                                            ("Appendix B Proofs", "Proofs"), ("Chapter 3 Methods", "Methods")])
def test_a_bookmark_names_the_line_of_its_division_label_and_title(heading, title):
    """A thesis sets its chapter's label and title on one line ('第三章 内功', '附录 A 欧几里得第二定理的证明') and
    bookmarks the title alone: the line is the bookmark's heading, in Chinese, Japanese and Korean as in the languages
    of books.py's words (books.division_title). A word after '附录' is no appendix's number ('附录一般与论文…')."""
    lines = [Line(heading, 72, 700, 300, 715, 15), Line("Zweiter Teil der Arbeit", 72, 500, 250, 514, 14)]
    entries = [Entry(1, title, 0, 755), Entry(1, "Zweiter Teil der Arbeit", 0, 520)]
    assert mark_outline([(612, 792, [lines])], entries) == 2
    assert [ln.outline_entry for ln in lines] == [0, 1]
    assert not keys("附录一般与论文全文装订在一起") & keys("般与论文全文装订在一起")


SEUTHESIX = Path("/usr/share/doc/texlive-doc/latex/seuthesix/sample_masters.pdf")


@pytest.mark.skipif(not SEUTHESIX.exists(), reason="seuthesix's sample thesis is not installed")
def test_a_chinese_thesis_s_chapters_and_appendix_are_its_bookmarked_headings():
    """seuthesix's sample: each chapter's line ('第一章 绪论') and the appendix's ('附录 A 欧几里得第二定理的证明'),
    bookmarked by their titles alone, were left out as short floats; they are its level-1 headings."""
    out = read_pdf(SEUTHESIX.read_bytes())
    heads = [b.text for b in out.blocks if b.level == 1]
    assert "第一章 绪论" in heads and "附录 A 欧几里得第二定理的证明" in heads, heads
    assert out.bookmarks_located == len(out.outline)


@pytest.mark.parametrize("name, index", [("Index", True), ("Index of Commands", True), ("Glossary", False)])
def test_a_back_of_book_index_and_its_letters_are_left_out(name, index):
    """A manual's index (as LaTeX's doc and hyperref set it, its letters bookmarked under it): the letters 'A', 'B',
    'C' heading its groups were read as sections and its entries ('analysis of the data, 3, 7') as sentences. Under a
    heading naming an index they are its furniture: heading, letters and entries are left out, counted with the
    contents; under another heading ('Glossary') the same letters stay sections."""
    page1 = [("F3", 14, 72, 720, "1 Getting started")] + column(BODY[0] + [""] + BODY[1], 72, 700)
    items, y = [("F3", 14, 72, 720, name)] + column(["The numbers are the pages where each entry is used."], 72, 700), 670
    for letter, entries in (("A", ["analysis of the data, 3, 7, 12, 15, 18", "archive of old results, 12, 14"]),
                            ("B", ["batch runs on the second machine, 4", "build of the tools, 9, 11"]),
                            ("C", ["clean copy of the data, 2, 8", "columns of the files, 5, 6"])):
        items += [("F3", 12, 72, y, letter)] + column(entries, 72, y - 18)
        y -= 64
    marks = [(1, "1 Getting started", 0, 734), (1, name, 1, 734), (2, "A", 1, 682), (2, "B", 1, 618),
             (2, "C", 1, 554)]
    out = read_pdf(build([text_ops(page1), text_ops(items)], outline=marks))
    text = " ".join(b.text for b in out.blocks)
    assert all(line in text for line in BODY[0] + BODY[1])
    assert (("analysis of the data" in text) != index) and (("A", 2) in [(b.text, b.level) for b in out.blocks]) != index
    assert (out.left_out.get("contents", 0) >= 10) == index, out.left_out


def test_a_crafted_outline_of_thousands_of_entries_is_read_up_to_its_limit():
    from segcore.pdfoutline import MAX_ENTRIES

    many = [(1, "1 Getting started", 1, 720)] * 3 + [(1, f"Entry {i}", 1, 700) for i in range(MAX_ENTRIES + 500)]
    out = read_pdf(manual_pdf(marks=many))
    assert len(out.outline) == MAX_ENTRIES and out.bookmarks_located == 0  # too few of them name a heading


def test_code_in_capitals_and_a_paragraph_in_capitals_are_not_headings():
    caps = ["THE PROGRAM IS PROVIDED AS IS WITHOUT WARRANTY OF ANY KIND, EITHER EXPRESSED OR IMPLIED,",
            "INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS",
            "FOR A PARTICULAR PURPOSE. THE ENTIRE RISK AS TO THE QUALITY AND PERFORMANCE OF THE",
            "PROGRAM IS WITH YOU. SHOULD THE PROGRAM PROVE DEFECTIVE, YOU ASSUME THE COST OF ALL"]
    code = [("F5", 10, 72, 660, "DEFINITIONS EXPLICIT TAGS"), ("F5", 10, 72, 647, "BEGIN")]
    items = column(BODY[0], 72, 700) + code + column(BODY[1], 72, 620) + column(caps, 72, 580) + column(BODY[2], 72, 510)
    ops = text_ops(items)
    blocks = read_pdf(build([ops], {"F5": "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"})).blocks
    assert not [b.text for b in blocks if b.level]
    assert any(b.text.startswith("THE PROGRAM IS PROVIDED") for b in blocks)


def test_page_limit():
    with pytest.raises(InputError, match="2 PDF pages, more than the limit of 1; split the PDF"):
        load(PAPERS / "lexical_chains.pdf", limits=Limits(pages=1))
    assert load(PAPERS / "lexical_chains.pdf", limits=Limits(pages=2)).n > 10


def bomb(megabytes: int) -> bytes:
    """A one-page PDF whose content stream inflates to `megabytes` MB of spaces after one line of text."""
    c = zlib.compressobj(1)
    chunk = b" " * 2**20
    body = c.compress(b"BT /F2 10 Tf 72 700 Td (Hello there. A short text.) Tj ET\n")
    body += b"".join(c.compress(chunk) for _ in range(megabytes)) + c.flush()
    return build([body])


def test_inflated_size_limit_is_checked_before_parsing():
    data = bomb(8)
    assert len(data) < 100_000 and inflated_size(data, 2**40) > 8 * 2**20
    with pytest.raises(InputError, match="inflate to more than 4 MB .*decompression bomb"):
        load_pdf(data, limits=Limits(inflated_bytes=4 * 2**20))


def test_inflated_size_limit_is_checked_before_pdfminer_opens_the_file(monkeypatch):
    """pdfminer's fallback scan (a damaged or cut file's: no cross-reference table) inflates each object stream it
    meets while the document is opened: the inflated size is checked before, for a whole file and a cut one."""
    import pdfminer.pdfdocument

    def opened(*args, **kwargs):
        raise AssertionError("pdfminer opened the file before the inflated size was checked")
    monkeypatch.setattr(pdfminer.pdfdocument.PDFDocument, "__init__", opened)
    data = bomb(8)
    for case in (data, data[: data.rindex(b"xref")]):
        with pytest.raises(InputError, match="inflate to more than 4 MB"):
            load_pdf(case, limits=Limits(inflated_bytes=4 * 2**20))


def test_default_limit_stops_a_bomb_quickly():
    data = bomb(LIMITS.inflated_bytes // 2**20 + 16)  # ~300 KB that inflate past the default limit
    with pytest.raises(InputError, match="decompression bomb"):
        load(data)


@pytest.mark.skipif(not REAL.is_file(), reason="the real paper is in ../shared/data/pdfs")
def test_real_paper_structure():
    doc = load(REAL)
    outline = doc.meta["outline"]
    titles = [h.title for h in outline.headings]
    assert [t for t in titles if t[0].isdigit()] == ["1 INTRODUCTION", "2 CHARACTERIZING EXPOSITORY WRITING",
                                                    "3 DESIGNING AI SUPPORTS FOR EXPOSITORY WRITING", "4 CONCLUSION"]
    runins = [h for h in outline.headings if h.level == 2]
    assert [h.title for h in runins] == ["Augmenting Reading and Collecting Evidence.",
                                         "Supporting Information Synthesis.", "Facilitating Text Composition."]
    assert doc.meta["back_matter"]["heading"] == "REFERENCES" and not any("[12]" in e for e in doc.elements)
    assert not any(e.startswith("https://") for e in doc.elements)  # footnotes


def latex_journal_pdf() -> bytes:
    """A page set as LaTeX journal classes set theirs: an unnumbered heading in sentence case, larger than the body
    and wrapped over two lines (OUP); a numbered subsubsection in italic, smaller than the body (AASTeX); a heading
    in Computer Modern's bold CMB10 (whose name says nothing of bold); a table caption opening with a bold
    "Table 1."; a theorem and a "Returns:" label in bold at the head of their paragraphs."""
    bold = FONT_METRICS["Times-Bold"][1]

    def lead(y, head, rest):  # a paragraph's first line: bold words, then the body font
        x = 72 + sum(bold.get(c, 500) for c in head + " ") * 10 / 1000
        return [("F3", 10, 72, y, head), ("F1", 10, x, y, rest)]

    items = ([("F3", 12, 72, 740, "1 Introduction")] + column(BODY[0], 72, 720)
             + [("F1", 13, 72, 684, "This is an example of a first level heading set in"),
                ("F1", 13, 72, 669, "sentence case")] + column(BODY[1], 72, 650)
             + [("F6", 9, 72, 616, "3.1.1. Column math mode")] + column(BODY[2], 72, 600)
             + [("F7", 10, 72, 566, "Related Work")] + column(BODY[4][:1], 72, 550)
             + lead(520, "Table 1.", "Observation log of the three rivers") + column(BODY[4][2:3], 72, 490)
             + lead(460, "Theorem 1.1 (Cauchy).", "For all vectors u and v the inner product is at most")
             + column(["the product of their norms, and equality holds when they are parallel."], 72, 447)
             + lead(420, "Returns:", "the number of rows that were read from the file and checked.")
             + column(BODY[4][4:], 72, 400))
    ops = text_ops(items)
    widths = " ".join(str(bold.get(chr(c), 0)) for c in range(32, 127))
    return build([ops], {"F6": "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>",
                         "F7": "<< /Type /Font /Subtype /Type1 /BaseFont /EHKDEH+CMB10 /Encoding /WinAnsiEncoding "
                               f"/FirstChar 32 /LastChar 126 /Widths [{widths}] /FontDescriptor << /Type "
                               "/FontDescriptor /FontName /EHKDEH+CMB10 /Flags 32 /FontBBox [0 -200 1000 900] "
                               "/ItalicAngle 0 /Ascent 700 /Descent -200 /CapHeight 700 /StemV 80 >> >>"})


def test_headings_of_latex_journal_classes_and_labels_that_are_not_headings():
    out = read_pdf(latex_journal_pdf())
    assert [b.text for b in out.blocks if b.level] == [
        "1 Introduction", "This is an example of a first level heading set in sentence case", "3.1.1. Column math mode",
        "Related Work"], out.blocks
    text = [b.text for b in out.blocks if not b.level]
    assert "Theorem 1.1 (Cauchy). For all vectors u and v the inner product is at most the product of their norms, " \
           "and equality holds when they are parallel." in text
    assert "Returns: the number of rows that were read from the file and checked." in text
    assert not any("Observation log" in t for t in text) and out.left_out["captions"] == 1


def test_bold_and_italic_from_tex_font_names():
    from segcore.pdflayout import font_style

    assert [font_style(n)[:2] for n in ("EHKDEH+CMB10", "CMSSBX10", "SFRB1000", "CMBX12", "CMR10")] == [
        (True, False)] * 4 + [(False, False)]
    slanted = ("CMSL10", "SFSL1000", "BeraSerif-Roman-Slant_167", "CMTI10", "CMBXTI10")
    assert [font_style(n)[1] for n in slanted] == [True] * 5


def test_a_bookmarked_heading_starts_at_words_not_at_a_symbol_just_above_it():
    from segcore.pdflayout import Line
    from segcore.pdfoutline import Entry, mark_outline

    intro, symbol, head = (Line("1 INTRODUCTION", 36, 700, 120, 709, 9), Line("\u222b", 100, 400, 106, 410, 10),
                           Line("RESUMEN", 36, 385, 90, 394, 9))
    pages = [(612, 792, [[intro], [symbol], [head]])]
    assert mark_outline(pages, [Entry(1, "1 Introduction", 0, 712), Entry(1, "Resumen", 0, 402)]) == 2
    assert (symbol.outline_level, head.outline_level, head.outline_entry) == (0, 1, 1)


def test_aps_headings_roman_letters_numbers_and_a_heading_broken_after_a_colon():
    """REVTeX's levels (APS, AIP): "I." over "A." over "1."; a first heading broken after a colon, on page 1 under
    the title and authors."""
    items = ([("F3", 12, 200, 740, "A Study of Rivers"), ("F1", 10, 220, 725, "Ann Author and Second Author")]
             + [("F3", 9, 72, 690, "I. RIVERS AND FLOODS:"), ("F3", 9, 72, 679, "A FIRST LOOK")]
             + column(BODY[0], 72, 660) + [("F3", 9, 72, 625, "A. Where the water goes")] + column(BODY[1], 72, 610)
             + [("F6", 9, 72, 575, "1. Measuring the flow")] + column(BODY[2], 72, 560)
             + [("F3", 9, 72, 525, "II. BREAD")] + column(BODY[4][:1], 72, 510))
    ops = text_ops(items)
    doc = load(build([ops], {"F6": "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>"}))
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [
        ("I. RIVERS AND FLOODS: A FIRST LOOK", 1), ("A. Where the water goes", 2), ("1. Measuring the flow", 3),
        ("II. BREAD", 1)]
    assert doc.elements[:2] == ["A Study of Rivers", "Ann Author and Second Author"]


def test_bookmarks_with_marks_and_accents_and_the_title_page_before_them():
    """hyperref's bookmarks name headings printed with a citation, a note mark or in capitals without accents; the
    title and the authors above the first bookmarked section are body text."""
    items = ([("F3", 14, 150, 740, "Rivers and Their Floods"), ("F3", 11, 180, 720, "Ann Author and Second Author")]
             + [("F3", 11, 72, 690, "1 Introduction [12, 13]")] + column(BODY[0], 72, 672)
             + [("F3", 11, 72, 640, "2 Methods of Measurement3")] + column(BODY[1], 72, 622)
             + [("F3", 11, 72, 590, "3 RESUME")] + column(BODY[2], 72, 572))
    ops = text_ops(items)
    marks = [(1, "1 Introduction", 0, 702), (1, "2 Methods of Measurement", 0, 652), (1, "3 Résumé", 0, 602)]
    out = read_pdf(build([ops], outline=marks))
    assert out.bookmarks_located == 3
    assert [(b.text, b.level) for b in out.blocks][:3] == [("Rivers and Their Floods", 0),
                                                           ("Ann Author and Second Author", 0),
                                                           ("1 Introduction [12, 13]", 1)]


def test_a_title_that_the_running_heads_repeat_stays_and_the_running_heads_go():
    page1 = [("F3", 17, 150, 720, "Rivers and Their Floods")] + column(BODY[0] + [""] + BODY[1], 72, 690)
    heads = [[("F1", 7, 72, 760, "Rivers and Their Floods"), ("F1", 7, 450, 760, "Author et al.")]] * 2
    pages = [page1] + [h + column(b, 72, 700) for h, b in zip(heads, (BODY[2], BODY[3]))]
    elements = load(build([text_ops(p) for p in pages])).elements
    assert elements[0] == "Rivers and Their Floods" and elements.count("Rivers and Their Floods") == 1
    assert not any("et al." in e for e in elements)


def test_a_stamp_at_the_same_place_on_every_page_is_furniture_wherever_it_stands():
    """acmart's authordraft sets "Unpublished working draft. Not for distribution." large and diagonally across
    the middle of every page, each word run a line of its own: the running-head rules looked at the pages' top and
    bottom lines only and kept the pieces as text ('Unpublished' read as a heading four times). The same text at
    the same place on most pages is furniture wherever it stands; a line repeated on two of six pages stays."""
    stamp = [("F1", 36, 140, 420, "Unpublished"), ("F1", 36, 270, 470, "working draft.")]
    note = [("F1", 10, 72, 380, "Rivers rise in spring when the snow melts in the hills above the town.")]
    pages = [column(BODY[i % 5] + [""] + BODY[(i + 1) % 5], 72, 700) + stamp + (note if i < 2 else [])
             + column(BODY[(i + 2) % 5], 72, 300) for i in range(6)]
    out = read_pdf(build([text_ops(p) for p in pages]))
    texts = [b.text for b in out.blocks]
    assert not any("Unpublished" in t or "working draft" in t for t in texts), texts
    assert sum(t.count("Rivers rise in spring") for t in texts) == 2, texts


def test_a_title_set_a_little_larger_than_the_odd_pages_running_heads_that_repeat_it_stays():
    """ptptex's manual: page 1's title in 12 pt over 11 pt text, the odd pages' running head the same title in the
    body's size (the even pages' the authors): the title was left out as a running head, not being 1.15× the body
    size. A line set larger than the body and than the running heads that repeat it is the page's title."""
    title = "Rivers and Their Floods in Spring"
    page1 = [("F1", 11, 150, 720, title)] + column(BODY[0] + [""] + BODY[1], 72, 690)
    heads = [("F1", 10, 72, 760, "A. Author and B. Author"), ("F1", 10, 72, 760, title)] * 2
    pages = [page1] + [[h] + column(b, 72, 700) for h, b in zip(heads, BODY[1:])]
    elements = load(build([text_ops(p) for p in pages])).elements
    assert elements[0] == title and elements.count(title) == 1
    assert not any("B. Author" in e for e in elements)


def test_a_french_paper_loses_its_caption_and_reference_list():
    """'Tableau 1 :' is a caption and 'Références' a reference list, as 'Table 1:' and 'References' are."""
    def body(lines, y):
        return [("F2", 10, 72, yy, t) for _, _, _, yy, t in column(lines, 72, y)]

    items = [("F3", 12, 72, 720, "1 Introduction")]
    items += body(["Le fleuve traverse la ville du nord au sud et ses eaux sont souvent hautes.",
                   "Les pêcheurs attendent sur les quais que la crue se retire avant de sortir."], 700)
    items += [("F3", 12, 72, 650, "2 Résultats")]
    items += body(["La banque centrale a relevé ses taux pour la troisième fois cette année.",
                   "Les entreprises qui empruntent pour investir paient désormais plus cher."], 630)
    items += body(["Tableau 1 : Les taux de la banque centrale chaque mois de l'année."], 590)
    items += [("F3", 12, 72, 550, "Références")]
    items += body(["Dupont, J. (2019). Les fleuves de France. Revue de l'eau, 12(3), 45-67."], 530)
    doc = load(build([text_ops(items)]), source="article.pdf")
    assert [h.title for h in doc.meta["outline"].headings] == ["1 Introduction", "2 Résultats"]
    assert not any("Tableau" in e or "Dupont" in e for e in doc.elements)
    assert doc.meta["left_out"]["captions"] == 1 and doc.meta["back_matter"]["heading"] == "Références"


def contents_pdf(dot: str = ".") -> bytes:
    """A contents page set in bold as LaTeX sets a short one: entries with leaders of many dots (or centred dots,
    `dot`), long titles that leave room for only three dots (the page number a piece apart, on the entry's baseline)
    or two, and an entry wrapped over two lines, its second line indented; then the first section."""
    entries = [("1 Introduction . . . . . . . . . .", "2"), ("2 Where to find it . . . . . . . .", "2"),
               ("3 The colours of the logos . . .", "3"), ("4 Logos of the faculty of arts . .", "4"),
               ("5 Logos of the faculty of law . . 5", None)]
    items, y = [("F3", 14, 72, 720, "Contents")], 690
    for title, page in entries:
        items += [("F3", 10, 72, y, title.replace(" .", f" {dot}"))] + ([("F1", 10, 260, y, page)] if page else [])
        y -= 20
    items += [("F3", 10, 72, y, "6 Printing the logos in"),
              ("F3", 10, 86, y - 13, "another colour . . . . . 6".replace(" .", f" {dot}"))]
    items += [("F3", 12, 72, y - 50, "1 Introduction")] + column(BODY[0], 72, y - 70)
    return build([text_ops(items)])


@pytest.mark.parametrize("dot", [".", "\u00b7"])
def test_contents_entries_with_two_or_three_dots_of_leaders_or_wrapped_are_not_headings(dot):
    doc = load(contents_pdf(dot))
    assert doc.elements[0] == "1 Introduction", doc.elements
    left_out = doc.meta["left_out"]  # the heading, the 7 lines of entries, their 4 page numbers apart (page numbers)
    assert left_out["contents"] >= 6 and sum(left_out.values()) == 12, left_out


@pytest.mark.parametrize("dot", [".", "\u00b7"])
def test_a_run_of_dots_in_a_line_is_a_blank_to_fill_and_an_ellipsis_is_text(dot):
    """An exam's answer line ('… is . . . . . . ( C )', TeX's \\dotfill, or centred dots: \\cdotfill) is a blank to
    fill, left out as the contents' leaders are; a spaced ellipsis of three or four dots, or glued to its word (six
    dots, as Chinese sets one), is the text's."""
    questions = [f"{k}. Which of these {what}? " + f"{dot} " * n + f"( {a} )" for k, what, n, a in
                 [(1, "numbers is even", 30, "C"), (2, "words names a colour", 6, "A")]]
    lines = ["Answer each question and write the letter of the right answer in the brackets.", "", questions[0],
             "(A) one (B) three (C) four (D) five", "", questions[1], "(A) red (B) cat (C) run (D) tall", "",
             "She waited . . . and then . . . . The bell rang. . . . . . at last."]
    questions, ellipsis = " ".join(load(build([text_ops(column(lines, 72, 700))])).elements).split("She waited")
    assert dot * 2 not in questions.replace(" ", "") and "even? ( C ) (A) one" in questions and "colour? ( A )" in questions
    assert ellipsis == " . . . and then . . . . The bell rang. . . . . . at last."


def two_column_contents_pdf(foot: tuple = ()) -> bytes:
    """A contents page as a LaTeX class's documentation sets it: no leaders, two columns of entries in bold and
    roman, each page number a piece of its own, long entries wrapped, an appendix's entry ending with a question
    mark, `foot` items under them; then the sections those entries list, on pages of their own."""
    left = [("F3", 72, "1 Introduction", "2"), ("F3", 72, "2 Requirements", None), ("F3", 86, "and installation", "2"),
            ("F1", 86, "2.1 The problem of the logo", "3"), ("F3", 72, "3 Usage", "3")]
    right = [("F3", 320, "A Other useful commands", "4"), ("F3", 320, "B Frequently asked questions", "4"),
             ("F1", 334, "B.1 How can I increase the", None), ("F1", 356, "font size?", "4")]
    items = [("F3", 14, 72, 720, "Contents"), *foot]
    for entries, number_x in ((left, 260), (right, 520)):
        y = 690
        for font, x, title, page in entries:
            items += [(font, 10, x, y, title)] + ([("F1", 10, number_x, y, page)] if page else [])
            y -= 14 if page is None else 24
    pages = [text_ops(items)]
    heads = [["1 Introduction", "2 Requirements and installation", "2.1 The problem of the logo"],
             ["3 Usage", "A Other useful commands", "B Frequently asked questions",
              "B.1 How can I increase the font size?"]]
    for k, titles in enumerate(heads):
        ops, y = [], 720
        for t, title in enumerate(titles):
            ops += [("F3", 12 if "." not in title.split()[0] else 10, 72, y, title)] + column(BODY[t % 2], 72, y - 20)
            y -= 80
        pages.append(text_ops(ops + [("F1", 10, 300, 60, str(k + 2))]))
    return build(pages)


def test_a_contents_page_without_leaders_is_left_out_not_read_as_headings():
    """A two-column contents page without leaders (unifith's and sapthesis' documentation) gave headings
    'Contents', '2 Requirements', 'B Frequently asked questions 4' and text of its wrapped entries: its lines are
    entries whose sections come later, as books.listed_contents finds them in a plain text."""
    doc = load(two_column_contents_pdf())
    titles = [h.title for h in doc.meta["outline"].headings]
    assert titles == ["1 Introduction", "2 Requirements and installation", "2.1 The problem of the logo", "3 Usage",
                      "A Other useful commands", "B Frequently asked questions",
                      "B.1 How can I increase the font size?"], titles
    assert doc.elements[0] == "1 Introduction", doc.elements
    left_out = doc.meta["left_out"]  # its 10 lines, and 9 page numbers (page-number lines)
    assert left_out["contents"] >= 8 and sum(left_out.values()) == 19, left_out


def test_a_copyright_note_set_small_under_a_contents_page_is_text():
    """aomart's and ijmart's documentation set a copyright note smaller than the text at the foot of their contents
    page ("©2010–2022, Princeton University"); it was left out with the entries, as the contents' last lines. Lines
    set smaller than most entries of their page (less than 0.9 of their size) are no entries; the entries still go."""
    note = "\xa9 2020 University of Leeds, Department of Water"
    doc = load(two_column_contents_pdf(((("F1", 8, 72, 500, note)),)))
    assert [h.title for h in doc.meta["outline"].headings][:2] == ["1 Introduction", "2 Requirements and installation"]
    assert doc.elements[:2] == ["\u00a9 2020 University of Leeds, Department of Water", "1 Introduction"], doc.elements


def numbered_lines(lines, x: float, y: float, first: int = 1) -> list[tuple]:
    """`lines` (column) with their numbers in the left margin as the lineno package sets them: small, right-aligned
    1 em left of the text, on each line's baseline, counting up from `first`."""
    items = column(lines, x, y)
    numbers = [("F2", 6, x - 10 - len(str(n)) * 3.3, it[3], str(n)) for n, it in enumerate(items, first)]
    return items + numbers


def test_line_numbers_in_the_margin_are_left_out_and_counted():
    """aomart's review copies: the margin's numbers ran into the lines beside them ('9 The task here … 10 also')."""
    pages = [numbered_lines(BODY[0] + [""] + BODY[1], 72, 700), numbered_lines(BODY[2] + BODY[3], 72, 700)]
    out = read_pdf(build([text_ops(p) for p in pages]))
    words = " ".join(b.text for b in out.blocks).split()
    assert words == " ".join(BODY[0] + BODY[1] + BODY[2] + BODY[3]).split()
    assert out.left_out["furniture"] == sum(1 for line in BODY[0] + BODY[1] + BODY[2] + BODY[3] if line)


def test_a_contents_page_s_page_numbers_are_no_line_numbers():
    """texlive-en's contents: page numbers at the right edge, a piece of their own beside each entry and counting
    up, were left out as margin line numbers, and the page no longer read as contents ('Contents' left heading an
    empty section). Line numbers are set smaller than the text; a contents page's numbers are not."""
    titles = ["1 Introduction", "2 Installation", "3 Usage", "4 Acknowledgements"]
    toc = ([("F3", 14, 72, 740, "Contents")] + [("F1", 10, 72, 710 - 40 * i, t) for i, t in enumerate(titles)]
           + [("F1", 10, 530, 710 - 40 * i, str(n)) for i, n in enumerate([2, 3, 5, 8])])
    pages = [toc] + [[("F3", 12, 72, 740, t)] + column(BODY[i], 72, 715) for i, t in enumerate(titles)]
    out = read_pdf(build([text_ops(p) for p in pages]))
    assert [b.text for b in out.blocks if b.level] == titles
    assert "Contents" not in [b.text for b in out.blocks] and out.left_out.get("contents"), out.left_out


def test_two_short_lines_opening_with_a_field_s_name_are_two_paragraphs():
    """revtex4-1's aipsamp: 'PACS numbers: Valid PACS appear here' over 'Keywords: Suggested keywords', a box of
    their own: the first is no short line against the box's widest (itself), so both read as one paragraph. Lines
    that each open with a field's name and a colon are one field each; a wrapped field's next line stays on it."""
    fields = ["PACS numbers: Valid PACS appear here", "Keywords: Suggested keywords"]
    wrapped = ["Usage: The rivers rise in the spring and fall again when the summer comes to the valley,",
               "and the farmers wait for them."]
    items = column(BODY[0], 72, 700) + column(fields, 72, 640) + column(wrapped, 72, 590) + column(BODY[1], 72, 540)
    texts = [b.text for b in read_pdf(build([text_ops(items)])).blocks]
    assert fields[0] in texts and fields[1] in texts and " ".join(wrapped) in texts, texts


def test_a_running_head_that_changes_with_the_chapter_goes_from_the_blank_pages_before_chapters():
    """seuthesix's sample thesis prints the running head, the chapter's title in 9 pt over 12 pt text, only on the
    blank even page before the next chapter, each title on one page: not repeated on half the pages, '附录 B √ 2 是
    无理数的证明' on page 45 read as a paragraph. The highest lines of three pages or more set smaller than the body
    at one place (baseline and size) are running heads whatever their text; a small line at the top of two pages
    only stays."""
    titles = ["Where the rivers of the north rise", "How the floods shape the plains", "What the farmers grow there"]
    pages = []
    for i, (title, body) in enumerate(zip(titles, BODY), 1):
        pages.append([("F3", 14, 72, 720, f"Chapter {i}")] + column(body, 72, 690) + [("F1", 10, 300, 40, str(2 * i))])
        pages.append([("F1", 7, 72, 760, title), ("F1", 10, 300, 40, str(2 * i + 1))])
    note = "A note on the maps of the valleys"
    pages.append([("F1", 7, 72, 750, note)] + column(BODY[3], 72, 700))
    pages.append([("F1", 7, 72, 750, note)] + column(BODY[0], 72, 700))
    elements = load(build([text_ops(p) for p in pages])).elements
    assert not any(t in e for t in titles for e in elements), elements
    assert elements.count(note) == 2, elements
    assert any(BODY[3][0] in e for e in elements)
