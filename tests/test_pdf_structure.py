"""PDFs that read right and their structure (segcore.pdf, segcore.pdflayout): the test papers of tests/data/papers
(headings, running headers, page numbers, footnotes, tables, figures, captions, references, appendices, a text layer
without space characters), words glued or broken, the page and inflated-size limits, and the real paper when
../shared/data is there."""
from __future__ import annotations

import io
import json
import os
import random
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from pdfminer.fontmetrics import FONT_METRICS

from benchmarks.pdf_extraction import heading_scores, true_starts
from segcore import bidi
from segcore.errors import InputError
from segcore.loaders import left_out_notes, load, load_pdf, load_pdf_document
from segcore.limits import LIMITS, Limits
from segcore.pdflayout import inflated_size, word_shape
from segcore.pdf import read_pdf
from segcore.structure import with_structure
from tests.data.make_pdfs import build, column, pdf_string, text_ops
from tests.data.papers.make_papers import NAMES

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


def glued_pdf() -> bytes:
    lines = ["AbstractWhilehumanevaluationisthegoldstandardforsummarisation,itisslowandexpensive.",
             "Weproposeanautomaticmetricthatcorrelateswithhumanjudgementsonthreebenchmarks."]
    return build(["\n".join(f"BT /F2 10 Tf 1 0 0 1 {x} {y} Tm ({t}) Tj ET" for _, _, x, y, t in
                            column(lines * 6, 72, 700))])


def test_bitmap_type3_fonts_in_a_coarse_grid_read_once_with_their_spaces():
    """pdfTeX's bitmap fonts: glyphs in a grid of 100 units under a FontMatrix of 1/100 (not the usual 1/1000), words
    placed one by one without space characters. Scaling their characters by the FontMatrix alone made them ten times
    too tall: words glued, lines run together and re-read over each other ('… loremSed commodo …')."""
    times = FONT_METRICS["Times-Roman"][1]
    widths = [round(times.get(chr(c), 500) / 10) for c in range(32, 127)]
    font = ("<< /Type /Font /Subtype /Type3 /FontBBox [0 -25 100 75] /FontMatrix [0.01 0 0 0.01 0 0] /CharProcs << >> "
            f"/Encoding << /Type /Encoding /Differences [32 {' '.join('/' + n for n in NAMES)}] >> "
            f"/FirstChar 32 /LastChar 126 /Widths [{' '.join(map(str, widths))}] /Resources << >> >>")
    sentences = ["Rivers carry water from the hills down to the sea.", "Floods come after heavy rain in spring.",
                 "Bread is made of flour, water, salt and yeast.", "The dough rises for a few hours before baking."]
    ops, y = [], 700
    for line in sentences:
        x = 72
        for word in line.split():
            ops.append(f"BT /F9 10 Tf 1 0 0 1 {x:.2f} {y} Tm {pdf_string(word)} Tj ET")
            x += sum(widths[ord(ch) - 32] for ch in word) / 10 + 2.5
        y -= 12
    doc = load(build(["\n".join(ops)], {"F9": font}))
    assert doc.elements == sentences


def test_a_letter_spaced_watermark_is_not_re_read_over_the_text_beneath_it():
    """'S a m p l e' in 150-point type across a page looks like words broken apart; PDFium's re-reading of its
    rectangle took in the lines beneath it, which then came twice."""
    lines = ["Rivers carry water from the hills to the sea and shape their valleys.",
             "Floods come after heavy rain and move sand and stones downstream.", "",
             "Bread is made from flour, water, salt and yeast in a warm kitchen.",
             "The dough rises for hours before it is baked in a hot oven."]
    mark = "BT /F2 150 Tf 1 0 0 1 80 520 Tm (S a m p l e) Tj ET"
    doc = load(build([mark + "\n" + text_ops(column(lines, 72, 700) + column(lines, 72, 600))]))
    body = [e for e in doc.elements if "S a m p l e" not in e]
    assert sum(e.count("Rivers carry water") for e in body) == 2 and len(body) == 8


@pytest.mark.parametrize("text, single, broken", [("w o r d s a r e here", 7 / 9, 8 / 9), ("D O R T M U N D", 1, 1),
                                                  ("so y = 1, x = 0 and f (x) is a line", 4 / 9, 0),
                                                  ("I saw a cat.", 0, 0)])
def test_words_broken_apart_are_letters_side_by_side_not_a_formula_s_variables(text, single, broken):
    assert word_shape(text) == (0.0, pytest.approx(single), pytest.approx(broken))


def test_a_sheet_of_formulas_is_read_not_refused_as_words_broken_apart():
    """Its variables made half of its words single letters, which the check took for words broken apart."""
    lines = ["Let x = 2 and y = 3.", "Then x + y = 5, so z = x - y is below 0.", "If f (x) = 2x then f (y) = 6.",
             "Show that g (z) < 0 when z < 0."]
    doc = load(build([text_ops([("F2", 10, 72, 700 - 14 * i, t) for i, t in enumerate(lines)])]))
    assert doc.elements == lines

    with pytest.raises(InputError, match="does not read as words .*glued together"):
        load(glued_pdf())


def no_widths_pdf() -> bytes:
    """A TrueType font by name only, without /Widths: pdfminer makes its characters zero wide."""
    lines = ["Rivers carry water from the hills to the sea and shape their valleys.",
             "Floods come after heavy rain and move sand and stones downstream.", "",
             "Bread is made from flour, water, salt and yeast in a warm kitchen.",
             "The dough rises for hours before it is baked in a hot oven."]
    ops = "\n".join(f"BT /F4 10 Tf 1 0 0 1 {x} {y} Tm ({t}) Tj ET" for _, _, x, y, t in column(lines, 72, 700))
    return build([ops], {"F4": "<< /Type /Font /Subtype /TrueType /BaseFont /Verdana /Encoding /WinAnsiEncoding >>"})


def test_words_broken_apart_are_re_read_by_pdfium():
    pytest.importorskip("pypdfium2")
    doc = load(no_widths_pdf())
    assert doc.elements[0] == "Rivers carry water from the hills to the sea and shape their valleys."
    assert doc.meta["repaired_lines"] >= 4


def test_without_pdfium_broken_words_say_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails as if it were not installed
    with pytest.raises(InputError, match="words broken apart.*pip install pypdfium2"):
        load(no_widths_pdf())


BODY = [["Every analysis starts from a clean copy of the data and a record of where it came from.",
         "The tools read the files once, check their columns and write a short report of what they found."],
        ["Install the tools in a fresh environment and pin the version of every package you use.",
         "A second machine should give the same numbers from the same files and the same commands."],
        ["Run the analysis from the command line with the settings kept in a file under version control.",
         "Each run writes its figures and a log, so a result can be traced back to the run that made it."],
        ["Check the log for warnings before you read the figures, and keep the log with the results.", "",
         "When a warning names a file, open that file and look at the rows it names before going on.", "",
         "Write down what you changed and why, in the same folder as the results of the run."],
        ["A run that fails stops at once and says which step failed and with which input file.", "",
         "Fix the input, not the output: the next run starts again from the clean copy of the data.", "",
         "Old results stay in their own folders, named by date, until the report is written."]]


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
    assert with_structure(doc).reference[-3:] == [starts[0], starts[1], doc.n]


def test_without_bookmarks_the_layout_cannot_see_a_section_in_the_body_font():
    blocks = read_pdf(manual_pdf(), bookmarks=False).blocks
    assert [b.text for b in blocks if b.level] == ["Chapter 1", "Getting started", "1.1 Setting up the tools"]


def test_an_outline_that_names_no_heading_of_the_text_is_not_used():
    wrong = [(1, "Appendix on pottery", 1, 700), (1, "Glazes and kilns", 2, 700), (1, "Firing", 2, 600)]
    out = read_pdf(manual_pdf(marks=wrong))
    assert len(out.outline) == 3 and out.bookmarks_located == 0
    assert [b.text for b in out.blocks if b.level] == ["Chapter 1", "Getting started", "1.1 Setting up the tools"]


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


def _width(text: str, size: float = 10) -> float:
    metrics = FONT_METRICS["Times-Roman"][1]
    return sum(metrics.get(c, 500) for c in text.replace("\x95", "\u2022")) * size / 1000


def accents_and_lists_pdf() -> bytes:
    """TeX's way of setting accents (the accent a glyph of its own over its letter: "Br¨uns", "Jos´e"), a lead-in
    line that pdfminer puts in a box of its own, and a bulleted list whose bullets come later in the page's content
    than the items' text, so that pdfminer puts them in boxes of their own, apart from the text (as in GNU Octave's
    manual)."""
    def op(x, y, t):
        return f"BT /F1 10 Tf 1 0 0 1 {x:.2f} {y} Tm {pdf_string(t)} Tj ET"

    def accented(accent, letter):  # TJ: the accent centred over the letter that follows it, as TeX's \accent does
        w_letter, w_accent = (FONT_METRICS["Times-Roman"][1][c] for c in (letter, accent))
        return f"{-(w_letter - w_accent) / 2} {pdf_string(accent)} {(w_letter + w_accent) / 2}"

    ops = [op(86, 700, "We thank the many people who have helped with this work over the years, and"),
           op(72, 687, "in particular:")]
    items = [["Rivers carry water from the hills down to the sea, and over many long",
              "centuries they shape the valleys that they flow through."],
             ["Floods come after heavy rain and move sand and stones downstream."],
             ["Bread is made from flour, water, salt and yeast in a warm kitchen, and",
              "the dough rises for hours before it is baked in a hot oven."]]
    y, bullets = 668, []
    for item in items:
        bullets.append(op(86, y, "\x95"))
        for line in item:
            ops.append(op(98, y, line))
            y -= 13
    ops.append(f"BT /F1 10 Tf 1 0 0 1 72 {y - 20} Tm [{pdf_string('The method was first described by Br')} "
               f"{accented(chr(0xa8), 'u')} {pdf_string('uns and by Jos')} {accented(chr(0xb4), 'e')} "
               f"{pdf_string('e Garcia in their paper.')}] TJ ET")
    return build(["\n".join(ops + bullets)])


def test_accents_set_apart_and_lists_in_boxes_apart_read_in_order():
    elements = load(accents_and_lists_pdf()).elements
    assert elements == [
        "We thank the many people who have helped with this work over the years, and in particular:",
        "\u2022 Rivers carry water from the hills down to the sea, and over many long centuries they shape the "
        "valleys that they flow through.",
        "\u2022 Floods come after heavy rain and move sand and stones downstream.",
        "\u2022 Bread is made from flour, water, salt and yeast in a warm kitchen, and the dough rises for hours "
        "before it is baked in a hot oven.",
        "The method was first described by Brüns and by José Garcia in their paper."], elements


def justified_pdf() -> bytes:
    """A paragraph whose middle line is justified with spaces of about 2.5 em (a long unbreakable name in it), which
    pdfminer splits into pieces, above a two-row table whose cells are as far apart."""
    lines = ["To add a user to a group when they log in, put the line below into the file that",
             "configures the login", "auth optional pam_group.so", "and list the group in",
             "the file of group settings, then log out and log in again to see the change."]
    right = 72 + _width(lines[0])
    middle = [_width(t) for t in lines[1:4]]
    space = (right - 72 - sum(middle)) / 2
    xs = [72, 72 + middle[0] + space, right - middle[2]]
    ops = [(72, 700, lines[0])] + [(x, 687, t) for x, t in zip(xs, lines[1:4])] + [(72, 674, lines[4])]
    ops += [(72, 640, "Group"), (160, 640, "Members"), (72, 627, "audio"), (160, 627, "alice")]
    return build([text_ops([("F1", 10, x, y, t) for x, y, t in ops])])


def test_a_justified_line_split_at_wide_spaces_is_one_line_and_a_table_row_is_not():
    out = read_pdf(justified_pdf())
    assert [b.text for b in out.blocks] == [
        "To add a user to a group when they log in, put the line below into the file that configures the login "
        "auth optional pam_group.so and list the group in the file of group settings, then log out and log in "
        "again to see the change."], out.blocks
    assert out.left_out == {"table and figure lines": 4}


def test_accents_are_put_on_the_letter_they_cover_and_a_caret_between_characters_stays():
    from segcore.pdflayout import _accents

    # character boxes as PDFium gives them on a page of GNU Octave's manual ("Pad´e"), then code: "x^2", "~/x"
    pade = [("P", 373.6, 380.0), ("a", 380.8, 385.7), ("d", 386.1, 391.5), ("´", 393.8, 395.8), ("e", 392.1, 396.3)]
    assert _accents(pade) == {3: "", 4: "\u0301"}
    assert _accents([("x", 0, 6), ("^", 6, 11), ("2", 11, 16), ("~", 20, 25), ("/", 25, 28), ("x", 28, 34)]) == {}


def test_pdfiums_mark_of_a_hyphen_at_a_line_end_is_a_soft_hyphen():
    from segcore.pdflayout import clean_text

    # PDFium's text of a page of GNU Octave's manual: "The eigen\ufffevalues of A", "economy-sized decom\ufffe"
    assert clean_text("The eigen\ufffevalues of A") == "The eigenvalues of A"
    assert clean_text("an economy-sized decom\ufffe") == "an economy-sized decom\u00ad"


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
    from segcore.pdflayout import _style

    assert [_style(n)[:2] for n in ("EHKDEH+CMB10", "CMSSBX10", "SFRB1000", "CMBX12", "CMR10")] == [
        (True, False)] * 4 + [(False, False)]
    slanted = ("CMSL10", "SFSL1000", "BeraSerif-Roman-Slant_167", "CMTI10", "CMBXTI10")
    assert [_style(n)[1] for n in slanted] == [True] * 5


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


HEBREW = {ord(ch): 161 + i for i, ch in enumerate("אבגדהוזחטיכךלמםנןסעפףצץקרשת")}
_HEBREW_NAMES = ("alef bet gimel dalet he vav zayin het tet yod kaf finalkaf lamed mem finalmem nun finalnun samekh "
                 "ayin pe finalpe tsadi finaltsadi qof resh shin tav").split()
HEBREW_FONT = ("<< /Type /Font /Subtype /Type1 /BaseFont /HebrewSans /FirstChar 32 /LastChar 200 /Widths ["
               + " ".join("250" if c == 32 else "500" for c in range(32, 201)) + "] /Encoding << /Type /Encoding "
               "/BaseEncoding /WinAnsiEncoding /Differences [161 " + " ".join(f"/{n}hebrew" for n in _HEBREW_NAMES)
               + "] >> >>")


def hebrew_ops(lines: list[str], logical: bool = False) -> str:
    """Lines of a right-to-left paragraph, right-aligned at x = 540 from y = 700 down, as a PDF writes them: in
    visual order, one string per line, as XeTeX does; or (logical) letter by letter in reading order, each placed
    right to left."""
    ops = []
    for i, line in enumerate(lines):
        y = 700 - 14 * i
        if not logical:
            x = 540 - sum(2.5 if ch == " " else 5 for ch in line)
            ops.append(f"BT /F7 10 Tf 1 0 0 1 {x} {y} Tm {pdf_string(line.translate(HEBREW))} Tj ET")
            continue
        x = 540.0
        for ch in line:
            x -= 2.5 if ch == " " else 5
            if ch != " ":
                ops.append(f"BT /F7 10 Tf 1 0 0 1 {x} {y} Tm {pdf_string(ch.translate(HEBREW))} Tj ET")
    return "\n".join(ops)


RIVERS = "נהרים זורמים מן ההרים אל הים ויוצרים עמקים רחבים בדרכם הארוכה"  # logical order, one line each below


def test_right_to_left_text_reads_in_reading_order_whichever_order_the_pdf_writes():
    """Hebrew read off the page left to right is backwards; XeTeX writes visual order (a file name and a number
    inside stay left to right, brackets are drawn mirrored), other producers reading order letter by letter."""
    visual = [RIVERS[::-1], "2 קרפ file.tex ץבוק", ".םיבר םירפס שי תירבעב", RIVERS[::-1], ".(שדח) רפס"]
    doc = load(build([hebrew_ops(visual)], {"F7": HEBREW_FONT}))
    assert " ".join(doc.elements) == f"{RIVERS} קובץ file.tex פרק 2 בעברית יש ספרים רבים. {RIVERS} ספר (חדש)."
    logical = [RIVERS, "ספרים רבים בעברית.", RIVERS, "שלום לכם."]
    doc = load(build([hebrew_ops(logical, logical=True)], {"F7": HEBREW_FONT}))
    assert " ".join(doc.elements) == " ".join(logical)


_RTL_BLOCKS = "".join(chr(c) for c in [*range(0x590, 0x900), *range(0xfb1d, 0xfe00), *range(0xfe70, 0xff00)])


@given(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=_RTL_BLOCKS), max_size=40))
def test_a_line_without_right_to_left_letters_is_left_as_it_is(text):
    assume(not bidi.has_rtl(text))
    assert bidi.logical_order(list(text), rtl=False) == text


@given(st.lists(st.text("אבגדהוזחטיכלמנסעפצקרשתابتثجحخدذرزسشصضطظعغفقكلمنهوي", min_size=1, max_size=8),
                min_size=1, max_size=8))
def test_right_to_left_words_drawn_on_the_page_read_back_in_order(words):
    line = " ".join(words)
    assert bidi.logical_order(list(line[::-1]), rtl=True) == line
    assert bidi.logical_order(list(f"{line[::-1]} 2024 ,abc"), rtl=True) == f"abc, 2024 {line}"


def test_bidi_numbers_brackets_and_marks():
    assert bidi.logical_order(list("٣ . . . اهلصف نتشون ١.۴.١"), rtl=True) == "١.۴.١ نوشتن فصلها . . . ٣"  # contents
    assert bidi.logical_order(list("the word םולש means peace"), rtl=False) == "the word שלום means peace"
    assert bidi.logical_order(list("(שדח) רפס"), rtl=True) == "ספר (חדש)"  # brackets are drawn mirrored
    assert bidi.logical_order(["ב", "\u05b8", "א"], rtl=True) == "אב\u05b8"  # a vowel mark stays after its letter
    assert bidi.logical_order(["ם", "(cid:876)", "ש"], rtl=True) == "ש(cid:876)ם"  # an unmapped glyph is one unit


def cjk_font(chars: str) -> tuple[str, dict]:
    """A font whose codes 161… are the given characters (glyph names uniXXXX) and the code map for str.translate."""
    names = " ".join(f"/uni{ord(ch):04X}" for ch in chars)
    font = ("<< /Type /Font /Subtype /Type1 /BaseFont /HeiTest /FirstChar 32 /LastChar 250 /Widths ["
            + " ".join("250" if c == 32 else "1000" for c in range(32, 251)) + "] /Encoding << /Type /Encoding "
            f"/BaseEncoding /WinAnsiEncoding /Differences [161 {names}] >> >>")
    return font, {ord(ch): 161 + i for i, ch in enumerate(chars)}


def test_chinese_lines_join_without_a_space_and_are_not_refused_as_broken_words():
    """Chinese is written without spaces and breaks lines anywhere; its sentences end without a space (full-width
    marks become ASCII ones under NFKC); a math exam's variables (x, f) among it are not words broken apart."""
    text = "河流把山上的水带到海里。洪水在大雨之后到来，把沙子和石头冲到下游。面包是用面粉、水、盐和酵母做的吗？面团要发几个小时。"
    font, codes = cjk_font("".join(dict.fromkeys(text)))
    lines = [text[i:i + 20] for i in range(0, len(text), 20)] + ["x f x y f x"]
    ops = text_ops([("F7", 10, 72, 700 - 14 * i, ln.translate(codes)) for i, ln in enumerate(lines)])
    doc = load(build([ops], {"F7": font}))
    assert doc.elements == ["河流把山上的水带到海里。", "洪水在大雨之后到来,把沙子和石头冲到下游。", "面包是用面粉、水、盐和酵母做的吗?",
                            "面团要发几个小时。", "x f x y f x"]


def test_slides_built_up_step_by_step_are_read_once_and_text_off_the_page_never():
    """A beamer deck: a slide shown in three steps (each page repeats the last one's lines in place and adds an
    item), its bookmark pointing at the first step, a hidden step's text placed off the page, then another slide."""
    def slide(title, items, hidden=()):
        ops = [("F3", 16, 20, 230, title)] + [("F1", 11, 30, 200 - 16 * i, t) for i, t in enumerate(items)]
        return text_ops(ops + [("F1", 11, 2000, 2000, t) for t in hidden] + [("F1", 8, 300, 5, "Talk title 1/2")])
    items = ["Lava flows downhill slowly.", "Ash falls on the towns nearby.", "Rock forms when the lava cools."]
    steps = [slide("Volcanoes", items[:n], items[n:]) for n in (1, 2, 3)]
    data = build(steps + [slide("Bread", ["Bread needs flour and water.", "Ovens bake it at high heat."])],
                 outline=[(1, "Volcanoes", 0, 240), (1, "Bread", 3, 240)], media="0 0 364 273")
    doc = load_pdf_document(data)
    assert doc.elements == ["Volcanoes", *items, "Bread", "Bread needs flour and water.", "Ovens bake it at high heat."]
    assert doc.meta["left_out"]["overlays"] == 2 and doc.meta["bookmarks"] == {"entries": 2, "located": 2}
    assert "the earlier steps of slides built up step by step (2 pages)" in left_out_notes(doc)[0]
    portrait = load_pdf_document(build(steps))  # a document's pages, not slides: nothing is a step
    assert "overlays" not in portrait.meta.get("left_out", {})


def test_a_slide_s_subtitle_that_changes_from_slide_to_slide_is_not_a_running_header():
    """A frame's subtitle under its title, on every slide, that differs from slide to slide in words or only in its
    number ("Step 2") is text; the footer (the talk's title and the slide's number) repeated on every slide goes."""
    facts = ["Lava flows downhill slowly.", "Ash falls on the towns nearby.", "Rock forms when the lava cools.",
             "Gas escapes through the vents.", "Old craters fill with rain."]
    subtitles = ["Step 1", "Step 2", "Step 2", "Step 3", "Where they are"]
    slides = [text_ops([("F3", 16, 20, 240, "Volcanoes"), ("F1", 12, 20, 222, sub), ("F1", 11, 30, 190, fact),
                        ("F1", 8, 20, 5, f"Talk on volcanoes {i}/5")])
              for i, (sub, fact) in enumerate(zip(subtitles, facts), 1)]
    doc = load_pdf_document(build(slides, media="0 0 364 273"))
    assert [e for e in doc.elements if e != "Volcanoes"] == [x for pair in zip(subtitles, facts) for x in pair]
    assert doc.meta["left_out"] == {"furniture": 5}, doc.meta["left_out"]


def test_a_slide_s_subtitle_whose_number_rises_with_the_slide_is_not_a_page_number():
    """A frame's subtitle set as a heading, a word and a number that rises with the slide ("Part 1" … "Part 4"), was
    left out as a running header with the page's number; a page number is a bare number ("Page 3", "3 / 4"), so the
    subtitle stays and the footer with the slide's number goes."""
    facts = ["Lava flows downhill slowly.", "Ash falls on the towns nearby.", "Rock forms when the lava cools.",
             "Gas escapes through the vents."]
    slides = [text_ops([("F3", 16, 20, 240, "Volcanoes"), ("F1", 12, 20, 222, f"Part {i}"), ("F1", 11, 30, 190, fact),
                        ("F1", 8, 20, 5, f"Talk on volcanoes {i}/4"), ("F1", 8, 330, 5, f"{i} / 4")])
              for i, fact in enumerate(facts, 1)]
    doc = load_pdf_document(build(slides, media="0 0 364 273"))
    parts = [x for i, fact in enumerate(facts, 1) for x in (f"Part {i}", fact)]
    assert [e for e in doc.elements if e != "Volcanoes"] == parts, doc.elements
    assert doc.meta["left_out"] == {"furniture": 8}, doc.meta["left_out"]


def volcano_slides(extra) -> list[str]:
    """Four slides' content streams: a title, a fact and a quote of four lines at the foot in the body's size, then
    extra(i)'s items on slide i."""
    facts = ["Lava flows downhill slowly.", "Ash falls on the towns nearby.", "Rock forms when the lava cools.",
             "Gas escapes through the vents."]
    quote = ["Gentle reader: this is a talk about the volcanoes,", "the mountains that make new land",
             "from the rock that melts under the crust", "and flows out of them as lava."]
    return [text_ops([("F3", 16, 20, 240, f"Volcano {t}"), ("F1", 11, 30, 200, fact)]
                     + [("F1", 11, 30, 80 - 13 * j, q) for j, q in enumerate(quote)] + extra(i))
            for i, (t, fact) in enumerate(zip(["Etna", "Hekla", "Fuji", "Kilauea"], facts), 1)]


def test_a_sentence_of_running_text_repeated_at_the_foot_of_every_slide_is_text():
    """beamer-verona's sidebar sample sets Knuth's quote in the body's size at the foot of its slides: its last lines
    were left out as a footer (repeated at the pages' edges) and the quote cut in two. A repeated line of the body's
    size in a box that ends a sentence of six words or more is running text; the footer set small goes, and so does
    a running head in the body's size that ends with "et al."."""
    slides = volcano_slides(lambda i: [("F1", 8, 20, 5, f"Talk on volcanoes {i}/4"),
                                       ("F1", 11, 250, 255, "Smith et al.")])
    doc = load_pdf_document(build(slides, media="0 0 364 273"))
    assert doc.elements.count("Gentle reader: this is a talk about the volcanoes, the mountains that make new land "
                              "from the rock that melts under the crust and flows out of them as lava.") == 4, \
        doc.elements
    assert doc.meta["left_out"] == {"furniture": 8}, doc.meta["left_out"]


def test_pages_turned_by_their_rotate_or_set_sideways_read_upright():
    """A page turned by its /Rotate (a quarter, half, three quarters), or whose text is set sideways, reads like
    the upright page: its lines were once all left out as rotated text, and the PDF refused as having no text
    layer; a line set sideways on an upright page (arXiv's stamp) is still left out."""
    lines = ["The river rises in the hills and flows to the sea past the old mill.",
             "Farmers along its banks grow wheat and barley in the summer months.",
             "In spring the floods carry sand and stones down to the plain below."]
    ops = text_ops([("F2", 10, 72, 700 - 13 * i, t) for i, t in enumerate(lines)])
    for rotate in (90, 180, 270):
        assert load_pdf_document(build([ops], rotate=rotate)).elements == lines
    sideways = "\n".join(f"BT /F2 10 Tf 0 1 -1 0 {100 + 13 * i} 72 Tm {pdf_string(t)} Tj ET"
                         for i, t in enumerate(lines))
    assert load_pdf_document(build([sideways])).elements == lines
    stamp = "BT /F2 20 Tf 0 1 -1 0 30 200 Tm (arXiv:2304.02623v1 [cs.CL] 5 Apr 2023) Tj ET"
    assert load_pdf_document(build([ops + "\n" + stamp])).elements == lines
    # a page set sideways among upright ones (not turned by its /Rotate) is a landscape table: left out, counted
    more = ["The mill stopped turning when the river ran dry in the long hot summer.",
            "Its wheel still stands beside the bridge where the children fish for trout."]
    doc = load_pdf_document(build([ops, sideways, text_ops([("F2", 10, 72, 700 - 13 * i, t)
                                                            for i, t in enumerate(more)])]))
    assert doc.elements == lines + more and doc.meta["left_out"]["sideways"] == 1


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


WORDS = ("river valley farmer harvest bread oven stone bridge market window garden winter summer lantern harbour "
         "sailor island forest meadow village kettle candle letter teacher pupil chapter").split()


def columns_pdf(m: int) -> tuple[bytes, list[str]]:
    """A page (reportlab) of m columns under a title that spans them, in two bands parted by a paragraph as wide as
    the page; and its words in reading order. Every sentence is numbered, so a word out of place shows."""
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import BaseDocTemplate, Frame, FrameBreak, PageTemplate, Paragraph
    w, h = letter
    colw = (w - 108 - (m - 1) * 12) / m
    frames = [Frame(54, h - 94, w - 108, 40)]  # the title
    for top in (h - 94, h - 454):  # the bands of columns, and the wide paragraph between them
        frames += [Frame(54 + c * (colw + 12), top - 280, colw, 280) for c in range(m)]
        frames += [Frame(54, top - 360, w - 108, 80)] if top == h - 94 else []
    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=9, leading=11)
    wide = ParagraphStyle("wide", fontName="Helvetica", fontSize=10, leading=12)
    story, words = [], []

    def add(k: int, n: int, style=body) -> None:
        text = " ".join(" ".join(WORDS[(i * 7 + j * 5) % len(WORDS)] for j in range(8)).capitalize() + f" {i}."
                        for i in range(k, k + n))
        story.append(Paragraph(text, style))
        words.extend(text.split())

    story.append(Paragraph("Three Stories of the River Valley", ParagraphStyle("title", fontName="Times-Bold",
                                                                              fontSize=18, leading=22)))
    words.extend("Three Stories of the River Valley".split())
    for band, start in enumerate((0, 500)):
        story.append(FrameBreak())
        for c in range(m):
            for p in range(3):
                add(start + 100 * c + 10 * p, 2 if m > 2 else 2 * (5 - m))
            story.append(FrameBreak())
        if band == 0:
            add(1000, 4, wide)
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=letter)
    doc.addPageTemplates([PageTemplate("page", frames)])
    doc.build(story)
    return out.getvalue(), words


@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_pages_of_one_to_four_columns_read_column_by_column_within_bands(m):
    """A page in three columns read left, right, middle, and one in four lost 95 % of its words as table text (its
    columns taken two by two, their lines side by side on one baseline); now each band of columns reads column by
    column, the title and a paragraph as wide as the page in their place, and nothing is left out. One and two
    columns read as before."""
    data, words = columns_pdf(m)
    doc = load_pdf_document(data)
    assert " ".join(doc.elements).split() == words
    assert doc.elements[0] == "Three Stories of the River Valley" and not doc.meta.get("left_out")


def test_a_table_s_columns_of_cells_are_not_columns_of_text():
    """A table whose cells line up in five columns is not a page of several columns (its lines do not fill a
    column): its rows stay table text, left out, and the text around it reads in order."""
    para = ["The survey counted the birds of every kind that nest along the river in the spring of each year,",
            "and the table below gives the numbers of pairs that were seen at each of the five sites on the banks."]
    names = ["heron", "kingfisher", "dipper", "wagtail", "sandpiper", "moorhen", "coot", "swan"] * 2
    items = column(para, 72, 700)
    for i, name in enumerate(names):
        items += [("F1", 10, 72, 660 - 14 * i, f"{name} colony")]
        items += [("F1", 10, 250 + 80 * j, 660 - 14 * i, f"{(i * 7 + j * 3) % 40} pairs seen") for j in range(4)]
    items += column(para, 72, 420)
    pdf = read_pdf(build([text_ops(items)]))
    assert [b.text for b in pdf.blocks] == [" ".join(para)] * 2
    assert pdf.left_out == {"table and figure lines": 80}


def reference_card_pdf() -> tuple[bytes, list[str]]:
    """A landscape page in three columns of short cells, as a reference card sets it (Octave's refcard): in each
    column, sections of a heading, a sentence or two, then rows of a command and what it does; and the sentences
    in reading order."""
    items, sentences = [], []
    for c, x in enumerate((18, 282, 546), 1):
        y = 580
        for s in (1, 2):
            items.append(("F3", 10, x, y, f"{WORDS[3 * c + s].capitalize()} Commands"))
            prose = [f"These commands of part {c}.{s} change the {WORDS[c + s]} and", f"the {WORDS[c + 2 * s]} "
                     f"of the session in place."]
            items += [("F1", 9, x, y - 12 - 10 * i, t) for i, t in enumerate(prose)]
            sentences.append(" ".join(prose))
            y -= 44
            for r in range(10):
                items += [("F2", 8, x, y, f"{WORDS[(c * 5 + s * 3 + r) % len(WORDS)]} (x)"),
                          ("F1", 8, x + 74, y, f"set the {WORDS[(c + r) % len(WORDS)]} of x to its value")]
                y -= 10
            y -= 14
    return build([text_ops(items)], media="0 0 792 612"), sentences


def test_a_reference_card_s_three_columns_of_short_cells_read_left_middle_right():
    """Octave's reference cards read left, right, middle: their three columns' lines (a command, what it does)
    are short, so the page was taken for a table's columns and read as two columns, the middle one cut in two.
    A row of a column (a command and what it does, on one baseline) fills it as a line of running text does."""
    data, sentences = reference_card_pdf()
    doc = load_pdf_document(data)
    text = " ".join(doc.elements)
    assert [s for s in sentences if s in text] == sentences
    assert sorted(sentences, key=text.index) == sentences


def placed_pages_pdf() -> tuple[bytes, list[str]]:
    """Pages whose text is all inside Form XObjects (reportlab): a sheet with two pages placed side by side (as
    pdfpages or a printer's two-up puts them), then a page whose content a tool wrapped in one to stamp a line on
    it, then a page of body text with a small figure whose labels are in one; and the body's sentences in order."""
    from reportlab.pdfgen import canvas
    sentences = [" ".join(random.Random(i).choices(WORDS, k=9)).capitalize() + f" {i}." for i in range(48)]
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(1190, 842))

    def form(name, lines, width=595, height=842):
        c.beginForm(name, 0, 0, width, height)
        text = c.beginText(72, height - 72)
        text.setFont("Times-Roman", 10)
        for ln in lines:
            text.textLine(ln)
        c.drawText(text)
        c.endForm()

    for k in range(3):
        form(f"page{k}", [" ".join(sentences[i:i + 2]) for i in range(12 * k, 12 * k + 12, 2)])
    form("figure", ["axis", "time (s)"], 120, 100)
    c.doForm("page0")
    c.translate(595, 0)
    c.doForm("page1")
    c.showPage()
    c.setPageSize((595, 842))
    c.doForm("page2")
    c.setFont("Helvetica", 8)
    c.drawString(400, 30, "Stamped copy")
    c.showPage()
    c.setPageSize((595, 842))
    text = c.beginText(72, 770)
    text.setFont("Times-Roman", 10)
    for i in range(36, 48, 2):
        text.textLine(" ".join(sentences[i:i + 2]))
    c.drawText(text)
    c.translate(72, 500)
    c.doForm("figure")
    c.save()
    return out.getvalue(), sentences


def test_pages_placed_on_a_page_as_form_xobjects_are_read_and_a_figure_s_labels_are_not():
    """A sheet of two pages placed side by side (pdfpages, two-up printing) was refused as 'no text layer (is it a
    scanned document?)': its text is all inside Form XObjects, which were read as figures; now such pages read
    left then right, a wrapped and stamped page reads, and a figure's labels on a page of text stay left out."""
    data, sentences = placed_pages_pdf()
    doc = load_pdf_document(data)
    assert doc.elements == sentences  # the stamp, small print below the body, is left out as a footnote
    assert doc.meta["pages"] == 3 and doc.meta["left_out"] == {"footnotes": 1}


def test_a_slide_s_short_list_items_are_text_and_a_figure_s_labels_are_not():
    """A slide's items of a word or three ("• Motivation") were left out as the labels of a figure (a box of short
    lines that are neither headings nor sentences), or read as one sentence with the items before; a bullet makes
    them a list, each item a paragraph. Labels without one stay out."""
    items = ["\x95 Motivation", "\x95 Related work", "\x95 Our new method", "\x95 Results on two corpora"]
    ops = [("F3", 16, 20, 230, "Outline of the Talk")] + [("F2", 11, 30, 200 - 16 * i, t) for i, t in enumerate(items)]
    ops += [("F2", 7, 250, 215 - 9 * i, t) for i, t in enumerate(["time (s)", "error rate"])]
    doc = load_pdf_document(build([text_ops(ops)], media="0 0 364 273"))
    assert doc.elements == ["Outline of the Talk", "• Motivation", "• Related work", "• Our new method",
                            "• Results on two corpora"]
    assert doc.meta["left_out"] == {"table and figure lines": 2}


def logo_pdf() -> bytes:
    """TeX's logo as LaTeX sets it: an L, a kern of -0.36 em, a smaller A raised over the end of the L, a kern of
    -0.15 em, then "TeX" with its lowered E; and two words of one size and baseline, the second placed back over the
    end of the first (by more than 0.2 em: a new word, as xpdf reads it)."""
    logo = (f"BT /F1 10 Tf 1 0 0 1 72 700 Tm {pdf_string('Documents typeset with L')} Tj /F1 7 Tf 2.2 Ts "
            f"[514 {pdf_string('A')} 214] TJ /F1 10 Tf 0 Ts {pdf_string('T')} Tj -2.2 Ts [167 {pdf_string('E')}"
            f" 125] TJ 0 Ts {pdf_string('X are easy to read, and they look good when they are printed.')} Tj ET")
    back = (f"BT /F1 10 Tf 1 0 0 1 72 687 Tm [{pdf_string('Other tools set text by placing every')} 300 "
            f"{pdf_string('word')} 300 {pdf_string('themselves.')}] TJ ET")
    return build([logo + "\n" + back])


def test_the_raised_small_a_of_tex_s_logo_is_in_its_word_and_a_word_placed_back_over_another_is_not():
    out = read_pdf(logo_pdf())
    assert [b.text for b in out.blocks] == [
        "Documents typeset with LATEX are easy to read, and they look good when they are printed. Other tools set "
        "text by placing every word themselves."], out.blocks


def contents_pdf() -> bytes:
    """A contents page set in bold as LaTeX sets a short one: entries with leaders of many dots, long titles that
    leave room for only three dots (the page number a piece apart, on the entry's baseline) or two, and an entry
    wrapped over two lines, its second line indented; then the first section."""
    entries = [("1 Introduction . . . . . . . . . .", "2"), ("2 Where to find it . . . . . . . .", "2"),
               ("3 The colours of the logos . . .", "3"), ("4 Logos of the faculty of arts . .", "4"),
               ("5 Logos of the faculty of law . . 5", None)]
    items, y = [("F3", 14, 72, 720, "Contents")], 690
    for title, page in entries:
        items += [("F3", 10, 72, y, title)] + ([("F1", 10, 260, y, page)] if page else [])
        y -= 20
    items += [("F3", 10, 72, y, "6 Printing the logos in"), ("F3", 10, 86, y - 13, "another colour . . . . . 6")]
    items += [("F3", 12, 72, y - 50, "1 Introduction")] + column(BODY[0], 72, y - 70)
    return build([text_ops(items)])


def test_contents_entries_with_two_or_three_dots_of_leaders_or_wrapped_are_not_headings():
    doc = load(contents_pdf())
    assert doc.elements[:2] == ["Contents", "1 Introduction"], doc.elements
    left_out = doc.meta["left_out"]  # the 7 lines of entries, their 4 page numbers apart (page-number lines)
    assert left_out["contents"] >= 5 and sum(left_out.values()) == 11, left_out



def two_column_contents_pdf() -> bytes:
    """A contents page as a LaTeX class's documentation sets it: no leaders, two columns of entries in bold and
    roman, each page number a piece of its own, long entries wrapped, an appendix's entry ending with a question
    mark; then the sections those entries list, on pages of their own."""
    left = [("F3", 72, "1 Introduction", "2"), ("F3", 72, "2 Requirements", None), ("F3", 86, "and installation", "2"),
            ("F1", 86, "2.1 The problem of the logo", "3"), ("F3", 72, "3 Usage", "3")]
    right = [("F3", 320, "A Other useful commands", "4"), ("F3", 320, "B Frequently asked questions", "4"),
             ("F1", 334, "B.1 How can I increase the", None), ("F1", 356, "font size?", "4")]
    items = [("F3", 14, 72, 720, "Contents")]
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


def test_a_letter_after_a_numbered_subsection_is_its_sibling_in_its_style_and_under_it_when_smaller():
    """'2.1 Data' then 'A. Corpus' went under 2.1 whatever their type; from the layout: set as the subsections
    (one depth of arabic-numbered headings in that font and size) a letter is their sibling, set smaller it is a
    level under."""
    items, y = [], 730
    for font, size, title in [("F3", 14, "1 Introduction"), ("F3", 14, "2 Methods"), ("F3", 12, "2.1 Data"),
                              ("F3", 12, "A. Corpus"), ("F3", 12, "B. Tools"), ("F3", 14, "3 Results"),
                              ("F3", 12, "3.1 Scores"), ("F3", 10, "A. Pk"), ("F3", 10, "B. WindowDiff"),
                              ("F3", 14, "4 Discussion")]:
        items += [(font, size, 72, y, title)] + column(BODY[0][:1], 72, y - 18)
        y -= 36
    heads = [(h.title, h.level) for h in load(build([text_ops(items)])).meta["outline"].headings]
    assert heads == [("1 Introduction", 1), ("2 Methods", 1), ("2.1 Data", 2), ("A. Corpus", 2), ("B. Tools", 2),
                     ("3 Results", 1), ("3.1 Scores", 2), ("A. Pk", 3), ("B. WindowDiff", 3), ("4 Discussion", 1)], heads

MINUS_FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Differences [45 /minus] >> >>"


def marked(y: float, pieces, font: str = "F1") -> str:
    """(text, raised[, font]) pieces of one line, each placed as TeX places it (raised ones at 7 points, 3.5 up; -1:
    a subscript, 3.5 down); `font` sets the pieces that name none (F8: MINUS_FONT, whose '-' is TeX's minus sign)."""
    ops, x = [], 72.0
    for t, up, *own in pieces:
        size = 7 if up else 10
        ops.append(f"BT /{own[0] if own else font} {size} Tf 1 0 0 1 {x:.2f} {y + 3.5 * up} Tm {pdf_string(t)} Tj ET")
        x += _width(t.replace("\x86", "\u2020").replace("\x87", "\u2021").replace("\xa7", "\u00a7"), size)
    return "\n".join(ops)


def authors_pdf() -> bytes:
    """A paper's title, its authors with their affiliation marks set small and raised after their names (a dagger,
    a double dagger, an asterisk and a section sign, two of them parted by a raised comma), and the affiliations
    with their marks before them; then the abstract."""
    authors = marked(680, [("Ann Lee", False), ("\x86", True), (", Tom Hill", False), ("\x87", True),
                           (", Eva Berg", False), ("*,\xa7", True)])
    places = marked(667, [("\x86", True), ("University of Leeds, ", False), ("\x87", True),
                          ("Open University, ", False), ("*", True), ("Lund University, ", False), ("\xa7", True),
                          ("Oslo", False)])
    title = text_ops([("F3", 16, 72, 710, "Reading Rivers")])
    return build(["\n".join([title, authors, places, text_ops([("F3", 12, 72, 630, "Abstract")]
                                                              + column(BODY[0], 72, 610))])])


def test_affiliation_marks_set_small_and_raised_do_not_reach_the_text():
    elements = load(authors_pdf()).elements
    assert elements[1:3] == ["Ann Lee, Tom Hill, Eva Berg",
                             "University of Leeds, Open University, Lund University, Oslo"], elements


def test_exponents_after_a_minus_sign_or_an_operator_are_kept_and_note_marks_are_not():
    """aastex's table heads "(km s−1)" and "(10−17 erg s−1 cm−2)" read "(km s−)" and "(10− erg s− cm− )": a small
    raised digit after punctuation was taken for a note's mark, but after a minus sign, an operator or an opening
    bracket it is an exponent (or an isotope's mass number). A note's number after a full stop still goes."""
    units = marked(700, [("Speeds in (km s", False), ("-1", True), (") and fluxes in (10", False), ("-17", True),
                         (" erg s", False), ("-1", True), (" cm", False), ("-2", True), (").", False)], "F8")
    ops = [units, marked(687, [("The area is 3 ", False), ("\xd7", False), (" 10", False), ("5", True),
                               (" km, about 2", False), ("^", False), ("4", True), (" times (", False), ("2", True),
                               ("H) as measured.", False), ("7", True), (" Ann Lee wrote it.", False)])]
    elements = load(build(["\n".join(ops)], {"F8": MINUS_FONT})).elements
    assert elements == ["Speeds in (km s\u22121) and fluxes in (10\u221217 erg s\u22121 cm\u22122).",
                        "The area is 3 \u00d7 105 km, about 2^4 times (2H) as measured.", "Ann Lee wrote it."], elements


def test_citation_numbers_raised_after_a_word_go_and_exponents_stay():
    """Superscript citations (AIP, Nature, Vancouver) and note numbers right after a word stayed glued to it
    ("diabetes12,13.", "Lee1-3"): a small raised digit after a letter was always kept as an exponent. A raised run
    with a comma or dash between digits, or a number after an upright word of three letters or more, is a mark;
    the exponents of an italic variable, a unit of one or two letters or mixed case, an operator name and a number
    stay, and the punctuation after a mark stays on its word."""
    cites = marked(700, [("Many patients with diabetes", False), ("12,13", True), (". It was shown by Lee", False),
                         ("1\x963", True, "F2"), (" and by Hill", False), ("4", True), (" in cells.", False)])
    powers = marked(687, [("The area of ", False), ("x", False, "F6"), ("2", True), (" is 3 cm", False), ("2", True),
                          (" or 10", False), ("5", True), (" m, sin", False), ("2", True), (" of 4 GeV", False),
                          ("2", True), (" is small.", False)])
    places = marked(674, [("Ann Lee", False), ("1,2", True), (" works in Leeds, ", False), ("2", True),
                          ("Oslo and York.", False)])
    doc = load(build(["\n".join([cites, powers, places])],
                     {"F6": "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>"}))
    assert doc.elements == ["Many patients with diabetes.", "It was shown by Lee and by Hill in cells.",
                            "The area of x2 is 3 cm2 or 105 m, sin2 of 4 GeV2 is small.",
                            "Ann Lee works in Leeds, Oslo and York."], doc.elements


def title_page_pdf() -> bytes:
    """A paper's title page as REVTeX sets it: the title, the author, the address in italic (opening with its street
    number, as a numbered heading in italic does: "1 Research Road, Ridge, NY 11961"), then the first section."""
    items = [("F3", 14, 72, 720, "What Is New in the Class"), ("F1", 10, 72, 700, "Ann Author"),
             ("F6", 10, 72, 687, "1 Research Road, Ridge, NY 11961"), ("F6", 10, 72, 674, "D-44221 Dortmund"),
             ("F3", 10, 72, 640, "I. NEW SYNTAX")] + column(BODY[0], 72, 620)
    return build([text_ops(items)], {"F6": "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>"})


def test_a_postal_address_on_a_title_page_is_not_a_numbered_heading():
    doc = load(title_page_pdf())
    assert [h.title for h in doc.meta["outline"].headings] == ["I. NEW SYNTAX"], doc.meta["outline"].headings
    assert "1 Research Road, Ridge, NY 11961 D-44221 Dortmund" in doc.elements, doc.elements


def lead(y: float, head: str, rest: str, x: float = 72, size: float = 10) -> list[tuple]:
    """Items of a line at (x, y) opening with `head` in bold, then `rest` in the body font."""
    bold = FONT_METRICS["Times-Bold"][1]
    return [("F3", size, x, y, head), ("F1", size, x + sum(bold.get(c, 500) for c in head + " ") * size / 1000, y, rest)]


def description_list_pdf() -> bytes:
    """A description list as LaTeX sets one: a lead-in ending with a colon, then items opening with their term in
    bold ("Top Left", no punctuation after it), one wrapped with a hanging indent; after a paragraph that ends a
    sentence, a run-in heading in bold followed by a capital (LaTeX's \\paragraph)."""
    items = ([("F3", 12, 72, 740, "1 Layout")] + column(BODY[0], 72, 720)
             + [("F1", 10, 72, 680, "The title has six slots each of which can hold a piece of text:")]
             + lead(660, "Top Left", "On the top left the course name is printed in a bold font.")
             + lead(640, "Meta Left", "Below the course name a piece of information is printed, and it")
             + [("F1", 10, 97, 627, "can be either the group number or the name of the teacher.")]
             + lead(607, "Title Right", "Similarly to the title on the left this slot may contain the date.")
             + column(BODY[1], 72, 580)
             + lead(540, "Related Work", "Other classes set their titles in other ways, and they are described")
             + [("F1", 10, 72, 527, "in the manuals that come with them, which we have read with care.")])
    return build([text_ops(items)])


def test_a_description_list_s_terms_are_not_headings_and_a_run_in_heading_still_is():
    doc = load(description_list_pdf())
    assert [h.title for h in doc.meta["outline"].headings] == ["1 Layout", "Related Work"], doc.meta["outline"]
    assert "Top Left On the top left the course name is printed in a bold font." in doc.elements, doc.elements


def test_a_short_keywords_line_is_text_and_a_figure_s_labels_are_not():
    """ijsra's "Keywords: documentclass, LATEX, IJSRA" (four words, no sentence end, set as small as the abstract
    above it) was left out as a figure's label; a line opening with a label in bold ending with a colon is text.
    The figure's labels beside it stay out."""
    items = ([("F3", 16, 72, 740, "Reading Rivers")] + column(BODY[0], 98, 710, size=9, lead=11)
             + lead(680, "Keywords:", "rivers, floods, sensors", x=98, size=9) + column(BODY[1] + [""] + BODY[2], 72, 650)
             + [("F2", 7, 450, 560 - 9 * i, t) for i, t in enumerate(["time (s)", "flow: m/s"])])
    doc = load(build([text_ops(items)]))
    assert "Keywords: rivers, floods, sensors" in doc.elements, doc.elements
    assert doc.meta["left_out"] == {"table and figure lines": 2}, doc.meta["left_out"]


def repeated_cover_pdf(lines: int = 2) -> bytes:
    """A class's manual that prints the cover it makes on two pages, mid-page, its `lines` in bold capitals at the
    same place each time, under each page's section and its text."""
    cover = [("F3", 12, 150, 500, "UNIVERSITY OF DORTMUND"), ("F3", 12, 150, 470, "INTERNAL REPORTS")][:lines]
    pages = [[("F3", 12, 72, 740, heading)] + column(BODY[i], 72, 720) + cover + column(BODY[i + 2], 72, 430)
             for i, heading in enumerate(["1 Introduction", "2 Usage"])]
    return build([text_ops(items) for items in pages])


def test_lines_of_a_cover_printed_twice_at_the_same_place_are_not_headings():
    doc = load(repeated_cover_pdf())
    assert [h.title for h in doc.meta["outline"].headings] == ["1 Introduction", "2 Usage"], doc.meta["outline"]
    assert doc.elements.count("UNIVERSITY OF DORTMUND") == doc.elements.count("INTERNAL REPORTS") == 2, doc.elements
    lone = load(repeated_cover_pdf(lines=1))  # one label at the same place on two pages ("Tip") stays a heading
    assert [h.title for h in lone.meta["outline"].headings].count("UNIVERSITY OF DORTMUND") == 2


COURIER = {"F5": "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"}


def items_and_code_pdf() -> bytes:
    """A numbered list whose items are boxed apart (a gap between items), two of them of four words or fewer
    ("2. Column alignment," aastex's sample), its lines numbered in the margin as a manuscript's; then a block of
    code whose lines are parted by blank lines, one of them longer than four words, the others a word or two
    ("BEGIN", libtasn1's manual)."""
    listed = ["1. Declaring math mode in the columns of a table,", "2. Column alignment,",
              "3. Automatic numbers for the heads of the columns,", "4. Hiding columns, and",
              "5. Splitting wide tables into two or three parts."]
    code = ["Example DEFINITIONS EXPLICIT TAGS ::=", "BEGIN", "Group ::= SEQUENCE { }", "END"]
    items = (column(BODY[0] + ["The class adds five features to tables:"], 72, 740)
             + [("F1", 10, 84, 690 - 20 * i, t) for i, t in enumerate(listed)] + column(BODY[1], 72, 580)
             + [("F1", 5, 40, 690 - 20 * i, str(12 + i)) for i in range(len(listed))]
             + [("F1", 10, 72, 545, "Each file of definitions takes this form:")]
             + [("F5", 10, 96, 525 - 24 * i, t) for i, t in enumerate(code)] + column(BODY[2], 72, 425))
    return build([text_ops(items)], COURIER)


def test_a_list_s_short_items_and_short_code_lines_in_the_running_text_are_kept():
    """A short item of a numbered list ("2. Column alignment,") and a short line of code ("BEGIN") were left out as
    figure labels (a box of short lines that are neither headings nor sentences); a short box that starts where a
    line of text of its size just above or below it starts is in the running text."""
    doc = load(items_and_code_pdf())
    text = " ".join(doc.elements)
    for line in ["2. Column alignment,", "4. Hiding columns, and", "BEGIN", "Group ::= SEQUENCE { }", "END"]:
        assert line in text, doc.elements
    assert "table and figure lines" not in doc.meta["left_out"], doc.meta["left_out"]


def double_spaced_pdf() -> bytes:
    """A page set double-spaced at 12 points, as APA's class sets a manuscript (every line a box of its own): a
    paragraph with a word on a line of its own before a line of code, a second line of code after it; then a
    reference list whose entries hang, one of them ending on a line with only its pages ("318–336.")."""
    code = {"\\usepackage{rivers}", "\\printrivers"}
    para = [(108, "If you want to read the flood records in your own tables, you can instead"), (72, "add"),
            (72, "\\usepackage{rivers}"), (72, "to the preamble of your document, and then print the records with"),
            (72, "\\printrivers"), (72, "where you want them, as the manual of the package shows.")]
    refs = [(72, "Lee, A., & Berg, E. (2011). Reading the flow of rivers from the records of their"),
            (108, "gauges over a hundred years of floods and droughts. Water Research, 76,"), (108, "318\x96336."),
            (72, "Moss, T. (2019). The rivers of the north and their floods. Journal of Water, 12, 1\x9620.")]
    items = [("F5" if t in code else "F1", 12, x, 740 - 24 * i, t) for i, (x, t) in enumerate(para)]
    items += [("F3", 12, 260, 570, "References")]
    items += [("F1", 12, x, 540 - 24 * i, t) for i, (x, t) in enumerate(refs)]
    return build([text_ops(items)], COURIER)


def test_a_word_on_a_line_of_its_own_and_a_reference_s_last_line_of_pages_are_kept():
    """quantum's "add" before a line of code, and apa7's reference that ends on "318–336.", were left out as figure
    labels: a short line that starts where the line of text of its size just below or above it starts is text."""
    doc = load(double_spaced_pdf(), keep_back_matter=True)
    text = " ".join(doc.elements)
    assert ("you can instead add \\usepackage{rivers} to the preamble of your document, and then print the records "
            "with \\printrivers where you want them") in text, doc.elements
    assert "Water Research, 76, 318\u2013336. Moss, T." in text, doc.elements
    assert "table and figure lines" not in doc.meta["left_out"], doc.meta["left_out"]


def figure_and_contents_pdf() -> bytes:
    """A contents page whose section numbers are pieces of their own, each on the baseline of its entry ("1.2.5",
    then "Permissions for groups . . . 11", as DBLaTeX sets them); then a page of text with a figure between two
    paragraphs whose labels are set in the body's font and size, one at the body's left edge a float's gap below
    the text, two lined up under it, one further right, and a figure beside a paragraph (set narrow around it) whose
    labels sit between the paragraph's lines; then a table whose first column's short cells line up under a long
    one, beside the wrapped lines of a second column set between their baselines."""
    entries = [("1.2.4", "Control of permissions for new files"), ("1.2.5", "Permissions for groups of users"),
               ("1.2.6", "Timestamps")]
    toc = [("F3", 16, 72, 720, "Contents")]
    for i, (number, title) in enumerate(entries):
        toc += [("F1", 10, 95, 690 - 18 * i, number), ("F1", 10, 126, 690 - 18 * i, title + " ." * 20),
                ("F1", 10, 540, 690 - 18 * i, str(10 + i))]
    narrow = ["Every analysis starts from a clean copy of the data", "and a record of where it came from, so that",
              "the tools read the files once and check them."]
    labels = [(72, 690, "Flow"), (72, 670, "North"), (72, 658, "South"), (250, 610, "Time (days)")]
    text = (column(BODY[0], 72, 740) + [("F1", 10, x, y, t) for x, y, t in labels]
            + [("F1", 10, 72, 590, "Figure 1: Flow of the river over a year.")] + column(BODY[1], 72, 565)
            + column(narrow, 72, 520) + [("F1", 10, 400, 520 - 6.5 - 13 * i, t) for i, t in enumerate(["rain", "snow"])]
            + column(BODY[2], 72, 470))
    commands = ["git push -u origin the branch", "git commit -a", "git reflog"]
    table = [("F1", 10, 72, 380 - 24 * i, t) for i, t in enumerate(commands)]
    table += [("F1", 10, 270, 386 - 12 * i, t) for i, t in enumerate(
        ["update the remote repository from", "the local branch of that name", "add all changes to the index",
         "and commit them to the local repository", "show the log of every reference", "with the commits it held"])]
    return build([text_ops(toc), text_ops(text + table)])


def test_a_figure_s_labels_and_a_contents_page_s_section_numbers_stay_out():
    """Short lines that are not in the running text stay out: labels a float's gap below the text, or beside text,
    and the section numbers of a contents page."""
    doc = load(figure_and_contents_pdf())
    text = " ".join(doc.elements)
    for label in ["Flow", "North", "South", "Time (days)", "rain", "snow", "1.2.5", "Timestamps", "git commit -a",
                  "git reflog"]:
        assert label not in text, doc.elements
    assert "the tools read the files once and check them." in text, doc.elements
    assert doc.meta["left_out"]["table and figure lines"] == 8, doc.meta["left_out"]


def numbered_list_pdf(marks: list[str]) -> bytes:
    """A lead-in, then a list of four items numbered `marks` in one box with the text around it (lines 13 points
    apart), set at an indent with their wrapped lines hanging further in, as aastex's sample sets its list: the first
    item's line full to the margin, the second short, both ending with a comma; then a paragraph."""
    listed = [(84, f"{marks[0]} Declaring math mode in the columns of a table that holds numbers and words,"),
              (84, f"{marks[1]} Column alignment,"),
              (84, f"{marks[2]} Automatic numbers for the heads of the columns, so that the text can refer"),
              (96, "to a column by its number, and"),
              (84, f"{marks[3]} Splitting wide tables into two or three parts.")]
    items = (column(BODY[0] + ["The class adds four features to the tables of the paper:"], 72, 740)
             + [("F1", 10, x, 701 - 13 * i, t) for i, (x, t) in enumerate(listed)]
             + column(BODY[1], 72, 701 - 13 * len(listed)))
    return build([text_ops(items)])


@pytest.mark.parametrize("marks", [["1.", "2.", "3.", "4."], ["(a)", "(b)", "(c)", "(d)"], ["2)", "3)", "4)", "5)"],
                                   ["i.", "ii.", "iii.", "iv."]])
def test_a_numbered_list_s_items_are_paragraphs_of_their_own(marks):
    """aastex's sample read its list as one paragraph, each item's number sentence-split onto the end of the item
    before ("… in specific columns, 2."): an item whose number follows the number of the item before, at the start
    of a line, starts a paragraph, and is not joined to the item before that ends with a comma."""
    doc = load(numbered_list_pdf(marks))
    assert doc.elements[-7:-2] == [
        "The class adds four features to the tables of the paper:",
        f"{marks[0]} Declaring math mode in the columns of a table that holds numbers and words,",
        f"{marks[1]} Column alignment,",
        f"{marks[2]} Automatic numbers for the heads of the columns, so that the text can refer to a column by its "
        "number, and", f"{marks[3]} Splitting wide tables into two or three parts."], doc.elements


def test_a_number_that_starts_a_wrapped_line_does_not_start_an_item():
    """A line of a paragraph that starts with a year or a number after a line that does not end a sentence ("… in" /
    "2019. The next …"), numbers that do not run 1, 2, 3, stays in its paragraph."""
    lines = ["The survey of the rivers of the north was first planned by the water board of the region in",
             "2019. The next year the first gauges were set along the banks of the three rivers, and in two",
             "years the number of gauges that sent their readings to the board every hour grew from six to",
             "40. Each gauge reads the height of the water every hour, and the board reads them every",
             "week, in floods and in droughts, and writes a short report of what they found in the week."]
    blocks = read_pdf(build([text_ops(column(BODY[0] + [""] + lines + [""] + BODY[1], 72, 740))])).blocks
    assert [b.text for b in blocks] == [" ".join(BODY[0]), " ".join(lines), " ".join(BODY[1])], blocks


def hanging_lines_pdf() -> bytes:
    """Wrapped lines at a hanging indent that pdfminer boxes apart from the line they continue (aligned with it at
    neither end): aastex's list (numbered lines in the margin), item 3 full to the margin and broken in "doc-" /
    "ument format (PDF) files,"; octave's "… the permuta-" / "tions. Goto 8"; then a reference list, ejpecp's
    "[1] … Statist" / "20, (1949), 393–403. MR0030732" and "[4] … (1939)," / "283–339. MR0000919" among references
    on one line, and apa7's
    "Shotton … Taylor &" / "Francis." set in by half an inch (APA's indent) before the next reference."""
    listed = [(84, "1. Line numbering and watermarking of the pages of the paper,"),
              (84, "2. Improved citations for the data and software that the paper uses,"),
              (84, "3. Easier figures of many encapsulated postscript (EPS) or portable doc-"),
              (96, "ument format (PDF) files,"), (84, "4. Improved url support for the links of the paper, and"),
              (84, "5. A solver that takes into account the permuta-"), (96, "tions. Goto 8"),
              (84, "6. A document format of its own for the tables of the paper.")]
    refs = [(72, "[1] Doob, J. L.: Heuristic approach to the Kolmogorov-Smirnov theorems. Ann. Math. Statist"),
            (86, "20, (1949), 393\x96403. MR0030732"),
            (72, "[3] Ito, K.: Multiple Wiener integral. J. Math. Soc. Japan 3, (1951), 157\x96169. MR0044064"),
            (72, "[4] Levy, P.: Sur certains processus stochastiques homogenes. Compositio Math. 7, (1939),"),
            (86, "283\x96339. MR0000919"),
            (72, "[5] Perelman, G.: The entropy formula for the Ricci flow and its geometric applications."),
            (72, "Shotton, M. A. (1989). Computer addiction? A study of computer dependency. Taylor &"),
            (108, "Francis."), (72, "Smirnov, S. and Schramm, O.: On the scaling limits of planar percolation.")]
    items = (column(BODY[0] + ["The class adds these features:"], 72, 740)
             + [("F1", 10, x, 701 - 13 * i, t) for i, (x, t) in enumerate(listed)]
             + [("F1", 5, 40, 701 - 13 * i, str(58 + i)) for i in range(len(listed))]
             + column(BODY[1], 72, 590) + [("F3", 12, 72, 550, "References")]
             + [("F1", 10, x, 530 - 12 * i, t) for i, (x, t) in enumerate(refs)])
    return build([text_ops(items)])


def test_a_wrapped_line_at_a_hanging_indent_stays_with_its_item_or_reference():
    """An item's or a reference's wrapped line boxed apart at a hanging indent was left out as a figure's label
    (aastex's "ument format (PDF) files,", octave's "tions. Goto 8", ejpecp's "283–339. MR0000919", apa7's
    "Francis."): a box just below a line that opens an item or a reference, or above a line that starts where that
    line starts, and set in from it by a hanging indent, is that line's wrapped rest."""
    doc = load(hanging_lines_pdf(), keep_back_matter=True)
    text = " ".join(doc.elements)
    for words in ["or portable document format (PDF) files, 4.", "the permutations. Goto 8 6.",
                  "Ann. Math. Statist 20, (1949), 393\u2013403. MR0030732 [3]",
                  "Compositio Math. 7, (1939), 283\u2013339. MR0000919 [5]"]:
        assert words in text, doc.elements
    assert "Taylor & Francis." in doc.elements, doc.elements
    assert "table and figure lines" not in doc.meta["left_out"], doc.meta["left_out"]


def test_wrapped_lines_that_start_with_running_numbers_do_not_start_items():
    """Two wrapped lines of one paragraph that start with numbers in sequence at its indent, each after a line that
    ends mid-sentence ("… only" / "3. The year …", "… to" / "4. Each …"), stay in the paragraph."""
    lines = ["The board counted the gauges on the rivers of the region, and in the first year it had set up only",
             "3. The year after, the count of gauges along the banks of the three rivers had grown from three to",
             "4. Each gauge reads the height of the water every hour, and the board reads the gauges every",
             "week, in floods and in droughts, and writes a short report of what it found in the week."]
    blocks = read_pdf(build([text_ops(column(BODY[0] + [""] + lines + [""] + BODY[1], 72, 740))])).blocks
    assert [b.text for b in blocks] == [" ".join(BODY[0]), " ".join(lines), " ".join(BODY[1])], blocks


def test_initials_at_line_starts_do_not_start_items():
    """Names with initials at the starts of lines ("A. Smith" / "B. Jones") are no list of items A. and B.; a series
    A., B., C. is (the GFDL's "A. Use in the Title Page …")."""
    names = ["A. Smith, Department of Water, University of the North, Northtown, and for the survey of the rivers",
             "B. Jones, Department of Land, University of the South, Southtown, wrote the report on the gauges."]
    series = ["A. Use the title of the report on its cover and on its first page, set in the same type.",
              "B. List the names of the authors of the report on its cover, in the order they gave.",
              "C. State the name of the board that paid for the survey of the rivers on its cover."]
    for lines, split in ((names, False), (series, True)):
        blocks = read_pdf(build([text_ops(column(BODY[0] + [""] + lines + [""] + BODY[1], 72, 740))])).blocks
        middle = lines if split else [" ".join(lines)]
        assert [b.text for b in blocks] == [" ".join(BODY[0]), *middle, " ".join(BODY[1])], blocks


def test_names_with_initials_in_sequence_are_no_list_in_a_box_or_across_a_page():
    """Three names whose initials run A., B., C. ("A. Smith" / "B. Jones" / "C. Brown") are no lettered list: one
    paragraph, in one box as across a page break (the join of a paragraph broken by a page end asks the same rule,
    printed.follows, as the items of a box)."""
    names = ["A. Smith, Department of Water, University of the North, Northtown,",
             "B. Jones, Department of Land, University of the South, Southtown,",
             "C. Brown, Institute of the Rivers, Westtown"]
    blocks = read_pdf(build([text_ops(column(BODY[0] + [""] + names + [""] + BODY[1], 72, 740))])).blocks
    assert [b.text for b in blocks] == [" ".join(BODY[0]), " ".join(names), " ".join(BODY[1])], blocks
    pages = [text_ops(column(BODY[0] + [""] + names[:1], 72, 740)), text_ops(column(names[1:2], 72, 740))]
    blocks = read_pdf(build(pages)).blocks
    assert [b.text for b in blocks] == [" ".join(BODY[0]), " ".join(names[:2])], blocks


def test_numbered_references_in_one_box_are_entries_of_their_own():
    """References labelled "[1]", "[2]", "[3]" whose lines pdfminer put in one box (full lines, none short) were one
    paragraph; in a run of labels they open entries, as in boxes of their own. A citation "[3]" wrapped to a line's
    start, no label before or after it, stays in its paragraph."""
    refs = ["[1] A. Smith and B. Jones. Reading the gauges on the rivers of the north. Journal of Water, 12:1-10, 2019.",
            "[2] C. Brown. Counting the floods of the three rivers of the region. Journal of Land, 3:5-9, 2020, pp. 1-9.",
            "[3] D. Green. The report of the water board on the survey of its rivers. Water Press, Northtown, 2021."]
    stray = ["The board counted the gauges on the rivers of the region, as the last survey of the rivers had done in",
             "[3] and in the years after it, and it wrote down the height of the water at each gauge every week."]
    blocks = read_pdf(build([text_ops(column(BODY[0] + [""] + stray + [""] + refs, 72, 740))])).blocks
    assert [b.text for b in blocks] == [" ".join(BODY[0]), " ".join(stray), *refs], blocks


def test_a_reference_s_tail_line_at_its_hanging_indent_stays_in_it():
    """A reference's last line set at the list's hanging indent after a line that ends a sentence ("… pp. 283-339." /
    "MR0000919 Springer, Berlin.") was a paragraph of its own (an indented line after a sentence's end opens one);
    in a run of labelled references it continues the entry it hangs from. A line back at the labels' edge does not."""
    entries = [("[1] A. Smith and B. Jones. Reading the gauges of the north. Journal of Water, 12, pp. 283-339.",
                "MR0000919 Springer, Berlin."),
               ("[2] C. Brown. Counting the floods of the three rivers of the region. Journal of Land, 3:5-9, 2020.",
                "Water Press, Northtown.")]
    after = "Further reading is listed on the web site of the board, with the reports of every year."
    items, y = column(BODY[0], 72, 740), 740 - 13 * len(BODY[0]) - 9
    for label, tail in entries:
        items += [("F1", 10, 72, y, label), ("F1", 10, 86, y - 13, tail)]
        y -= 26
    blocks = read_pdf(build([text_ops(items + [("F1", 10, 72, y, after)])])).blocks
    assert [b.text for b in blocks] == [" ".join(BODY[0]), *map(" ".join, entries), after], blocks


def test_items_in_brackets_after_a_line_ending_mid_sentence_are_items():
    """A list set as its paragraph ("purposes:" / "(1) when … and" / "(2) when …", etex's manual): a number in
    brackets ends no sentence, so the line before it ending in "and" does not make it a wrapped line."""
    lines = ["The board reads the gauges on the rivers of the region for two quite unrelated purposes:",
             "(1) when the water rises over the banks and the towns below the river must be told in time",
             "that they can leave their houses for the hills, in the same way as in the last flood, and",
             "(2) when the readings of a whole year are written into the report of the board."]
    blocks = read_pdf(build([text_ops(column(BODY[0] + [""] + lines + [""] + BODY[1], 72, 740))])).blocks
    assert [b.text for b in blocks] == [" ".join(BODY[0]), lines[0], " ".join(lines[1:3]), lines[3],
                                        " ".join(BODY[1])], blocks


def lettered_pdf(lead: float) -> bytes:
    """An IEEE-style page whose lettered subsections ("A. Background", "B. Methods", "C. Results") are set in the
    body's font on lines of their own, each over its text (`lead` points below the text before it), under bold
    roman-numbered sections; names with initials in sequence ("A. Smith" / "B. Jones" / "C. Brown") and a name over
    a paragraph ("D. Green") in the text too."""
    items, y = [("F3", 10, 72, 740, "I. INTRODUCTION")], 727
    for lines in (["A. Smith", "B. Jones", "C. Brown"], BODY[3][:1], ["D. Green"], BODY[3][2:3]):
        items += column(lines, 72, y)
        y = items[-1][3] - 13
    items.append(("F3", 10, 72, y - 9, "II. METHODS"))
    y -= 22
    for head, body in zip(["A. Background", "B. Methods", "C. Results"], BODY):
        items += column([head] + body, 72, y)
        y = items[-1][3] - lead
    return build([text_ops(items)])


@pytest.mark.parametrize("lead", [22, 13])
def test_lettered_subsections_in_the_body_font_over_their_text_are_headings_and_names_are_not(lead):
    """IEEE's lettered subsections set in the body's font ("A. Background" / text / "B. Methods" / text) are shaped
    as names with initials ("A. Smith") and were read as body text, set as close as the text's lines glued to the
    paragraph before ("… found. B. Methods"): the paper's subsections were lost. Lines of their own, each over a
    paragraph, in a series of letters at one indent, are headings; names on consecutive lines, and a lone name over
    a paragraph, stay text."""
    blocks = read_pdf(lettered_pdf(lead)).blocks
    heads = [(b.text, b.level) for b in blocks if b.level]
    assert [t for t, _ in heads] == ["I. INTRODUCTION", "II. METHODS", "A. Background", "B. Methods", "C. Results"], \
        heads
    assert heads[-1][1] > heads[0][1], heads
    text = " ".join(b.text for b in blocks if not b.level)
    assert all(name in text for name in ["A. Smith", "B. Jones", "C. Brown", "D. Green"]), blocks


def test_a_power_of_a_bracketed_formula_stays_and_a_mark_after_a_bracket_goes():
    """A small raised digit after ")" was always dropped as a note's mark, so "(x − 1)2", "(a + b)3" and "(2n)2" lost
    their powers (ithw's "((x−μ1)2 − (x−μ2)2)"). After a bracket that holds a formula (no word of three letters or
    more but an operator's name) it is a power; after words in brackets, or a list of numbers, it is still a mark."""
    italic = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>"
    line = marked(700, [("The mean of (", False), ("x", False, "F6"), (" ", False), ("-", False, "F8"), (" 1)", False),
                        ("2", True), (" and (", False), ("a", False, "F6"), (" + ", False), ("b", False, "F6"),
                        (")", False), ("3", True), (" and (2", False), ("n", False, "F6"), (")", False), ("2", True),
                        (" and (sin ", False), ("x", False, "F6"), (")", False), ("2", True),
                        (" grows, as noted (see the survey)", False), ("3", True), (". More (Lee, 2001)", False),
                        ("4,5", True), (" and (1994 release)", False), ("9", True), (" text.", False)])
    assert load(build([line], {"F8": MINUS_FONT, "F6": italic})).elements == [
        "The mean of (x \u2212 1)2 and (a + b)3 and (2n)2 and (sin x)2 grows, as noted (see the survey).",
        "More (Lee, 2001) and (1994 release) text."]


def test_an_affiliation_mark_after_a_space_goes_and_an_isotope_s_mass_number_stays():
    """A small raised number after a space, set against the word after it ("and ⁴Department", an affiliation's mark
    in a list of places), stayed as "4Department". Before a word of three letters or more it is a mark; before an
    element's symbol of one or two letters ("⁴He", "¹⁴C") it is a mass number and stays."""
    places = marked(700, [("Leeds and ", False), ("4", True), ("Department of Water, Oslo and ", False), ("5,6", True),
                          ("Institute of Land.", False)])
    isotopes = marked(687, [("The ", False), ("4", True), ("He nuclei and ", False), ("14", True),
                            ("C dating of 10 ", False), ("3", True), (" years.", False)])
    assert load(build(["\n".join([places, isotopes])])).elements == [
        "Leeds and Department of Water, Oslo and Institute of Land.", "The 4He nuclei and 14C dating of 10 3 years."]


def test_one_raised_mark_after_a_capitalised_name_of_two_letters_goes_and_formulas_stay():
    """A single small raised digit after a name of two letters ("Wei Li1, Ann Lee2") stayed glued to it ("Li1"):
    only a list or range of marks ("Li1,2") was taken after a word of two letters. After an upright capitalised
    word of two letters a raised run of digits is a mark; a subscript ("CO2", "Li2O", set lower: `up` -1), an ion's
    charge ("Fe3+"), a unit or word of two letters in lower case or capitals ("cm2", "GB2") keep theirs."""
    authors = marked(700, [("Wei Li", False), ("1", True), (", Ann Lee", False), ("2", True), (" and Bo Xu", False),
                           ("3", True)])
    rest = marked(687, [("The CO", False), ("2", -1), (", Li", False), ("2", -1), ("O and Fe", False), ("3+", True),
                        (" in 2 cm", False), ("2", True), (" of GB", False), ("2", True),
                        (" grow.", False)])
    doc = load(build(["\n".join([authors, rest])]))
    assert doc.elements == ["Wei Li, Ann Lee and Bo Xu", "The CO2, Li2O and Fe3+ in 2 cm2 of GB2 grow."], doc.elements


def test_bold_lettered_subsections_on_consecutive_lines_are_headings_of_their_own():
    """Bold lettered subsections on lines of their own with no text between them ("A. Data" / "B. Tools", an empty
    subsection) were read as one heading, "A. Data B. Tools": consecutive heading lines of one style were one
    heading. A heading line opening with the number next after the one that opens the heading starts its own."""
    items = [("F3", 10, 72, 740, "II. METHODS"), ("F3", 10, 72, 718, "A. Data"), ("F3", 10, 72, 705, "B. Tools")]
    items += column(BODY[0], 72, 690)
    items += [("F3", 10, 72, items[-1][3] - 22, "C. Results of the Long Survey of the Rivers and of the"),
              ("F3", 10, 72, items[-1][3] - 35, "Gauges Placed on Them")]
    items += column(BODY[1], 72, items[-1][3] - 15)
    heads = [b.text for b in read_pdf(build([text_ops(items)])).blocks if b.level]
    assert heads == ["II. METHODS", "A. Data", "B. Tools",
                     "C. Results of the Long Survey of the Rivers and of the Gauges Placed on Them"], heads


def test_names_with_two_initials_each_over_a_paragraph_past_page_one_are_not_lettered_headings():
    """Names with initials in sequence, each over a paragraph past the title page ("A. J. Smith" / text / "B. K.
    Jones" / text), ran as a series of lettered subsections and became headings; a second initial is a name's, no
    subsection's title. Subsections titled with a word ("A. Background" / text / "B. Methods" / text), set apart from
    the text above them as headings are, stay headings."""
    for names, taken in ((["A. J. Smith", "B. K. Jones"], False), (["A. Background", "B. Methods"], True)):
        items, y = [("F3", 10, 72, 740, "II. METHODS")], 718
        for name, body in zip(names, BODY):
            items += column([name] + body, 72, y)
            y = items[-1][3] - 30
        blocks = read_pdf(build([text_ops(column(BODY[3], 72, 740)), text_ops(items)])).blocks
        assert [b.text for b in blocks if b.level] == ["II. METHODS"] + names * taken, blocks


def test_names_with_one_initial_each_over_a_paragraph_are_lettered_headings_only_with_evidence():
    """Names with one initial in sequence, each over a paragraph past the title page ("A. Smith" / text / "B. Jones" /
    text, under "2. The Survey Team"), ran as a series of lettered subsections: a lettered title of one capitalised
    word is shaped as a name. Such a series is headings only with evidence of lettered subsections: a series of three
    (A., B., C.), a title of more words in it ("A. Where the Water Goes"), or lines set apart as headings are (see
    the test of one-word lettered subsections set apart)."""
    cases = ((["A. Smith", "B. Jones"], "2. The Survey Team", False),
             (["A. Background", "B. Methods", "C. Results"], "2. The Survey", True),
             (["A. Where the Water Goes", "B. Gauges"], "2. The Survey", True))
    for names, section, taken in cases:
        items, y = [("F3", 10, 72, 740, section)], 718
        for name, body in zip(names, BODY):
            items += column([name] + body, 72, y)
            y = items[-1][3] - 22
        blocks = read_pdf(build([text_ops(column(BODY[3], 72, 740)), text_ops(items)])).blocks
        assert [b.text for b in blocks if b.level] == [section] + names * taken, blocks


def test_bold_numbered_lines_one_under_another_are_a_list_and_a_series_that_goes_on_after_text_headings():
    """A bold numbered list of one-line items ("1. Install" / "2. Configure" / "3. Run", line under line, text after
    it) was read as a heading per item. Numbered heading lines in series from the first number, one under the next
    with no text or space between, are a list's items when the series does not go on after the text that follows
    them; bold lettered subsections on consecutive lines whose series goes on ("A. Data" / "B. Tools" / text / "C.
    Results") and numbered headings each over its text stay headings."""
    def heads(lines, gap):
        items = [("F3", 10, 72, 740, "2. Setup")] + column(BODY[0], 72, 725)
        y = items[-1][3] - 22
        for line, body in zip(lines, BODY[1:]):
            items.append(("F3", 10, 72, y, line))
            if gap:
                items += column(body, 72, y - 13)
            y = items[-1][3] - (22 if gap else 13)
        items += column(BODY[4], 72, y - 9)
        blocks = read_pdf(build([text_ops(column(BODY[3], 72, 740)), text_ops(items)])).blocks
        return [b.text for b in blocks if b.level], " ".join(b.text for b in blocks if not b.level)

    steps = ["1. Install", "2. Configure", "3. Run"]
    listed, text = heads(steps, gap=False)
    assert listed == ["2. Setup"] and all(s in text for s in steps), (listed, text)
    assert heads(steps, gap=True)[0] == ["2. Setup"] + steps


def lettered_series_pdf(section: str, names: list[str], above: float) -> bytes:
    """Page 2 of a paper: `section` (bold) over a paragraph, then `names` in the body's font, each over a paragraph,
    `above` points from baseline to baseline under the paragraph before it (paragraphs are 22 apart)."""
    items = [("F3", 10, 72, 740, section)] + column(BODY[0], 72, 725)
    for name, body in zip(names, BODY[1:]):
        y = items[-1][3] - above
        items += column([name] + body, 72, y)
    items += column(BODY[4], 72, items[-1][3] - 22)
    return build([text_ops(column(BODY[3], 72, 740)), text_ops(items)])


def test_one_word_lettered_subsections_set_apart_like_headings_are_headings_and_names_in_the_text_are_not():
    """A series of two lettered lines titled with one word each, set in the body's font over their text, took its
    evidence of subsections from the numbering of the sections: under arabic numerals "A. Setup" / "B. Results" set
    apart by the space of a heading were read as text, under roman numerals names with initials each over its
    paragraph ("A. Smith" / "B. Jones", set as the text's paragraphs are) as headings. The layout is the evidence:
    each line set apart from the text above it by more space than the text's paragraphs are."""
    for section, names, above, taken in (("2. Methods", ["A. Setup", "B. Results"], 30, True),
                                         ("II. THE TEAM", ["A. Smith", "B. Jones"], 22, False),
                                         ("II. METHODS", ["A. Setup", "B. Results"], 30, True),
                                         ("2. The Team", ["A. Smith", "B. Jones"], 22, False)):
        blocks = read_pdf(lettered_series_pdf(section, names, above)).blocks
        assert [b.text for b in blocks if b.level] == [section] + names * taken, (section, blocks)


def test_a_quote_s_credit_under_it_at_the_foot_of_every_slide_is_text():
    """A beamer quote at the foot of every slide keeps its credit line ("— Donald E. Knuth", set apart under the
    quote): the credit was left out as a footer repeated at the pages' edges while the quote, running text, stayed.
    A line opening with a dash under a box of running text is its credit; the small footer and the page's number (a
    box emptied before it) still go."""
    slides = volcano_slides(lambda i: [("F1", 11, 150, 21, "\x97 Donald E. Knuth"),
                                       ("F1", 8, 20, 5, f"Talk on volcanoes {i}/4"), ("F1", 8, 340, 262, str(i))])
    doc = load_pdf_document(build(slides, media="0 0 364 273"))
    assert doc.elements.count("\u2014 Donald E. Knuth") == 4, doc.elements
    assert doc.meta["left_out"] == {"furniture": 8}, doc.meta["left_out"]


def sections_pdf(heads: list[str], title_page: list[tuple] = ()) -> bytes:
    """A paper: `title_page` items over a paragraph on page 1, then page 2 with `heads` (bold) each over a paragraph."""
    page1 = list(title_page) + column(BODY[3], 72, (title_page[-1][3] - 30) if title_page else 740)
    items, y = [], 740
    for head, body in zip(heads, BODY * 3):
        items += [("F3", 10, 72, y, head)] + column(body, 72, y - 15)
        y = items[-1][3] - 24
    return build([text_ops(page1), text_ops(items)])


def test_lettered_subsections_between_arabic_sections_are_a_level_down_and_appendices_stay_on_top():
    """Bold lettered subsections between arabic-numbered sections ("2. Methods" / "A. Setup" / "B. Results" / "3.
    Discussion") came out at the sections' level: under arabic numerals a letter was an appendix's, at the top. A
    letter after a numbered section and before the next is one level under it; letters after the last numbered
    section (after "References", or after "Appendix") stay appendices, as do letters between numbers out of order, a
    contents page's lines read as headings."""
    heads = ["1. Introduction", "2. Methods", "A. Setup", "B. Results", "3. Discussion", "References",
             "A. Proofs", "B. Data"]
    blocks = read_pdf(sections_pdf(heads)).blocks
    levels = [(b.text, b.level) for b in blocks if b.level]
    assert levels == list(zip(heads, [1, 1, 2, 2, 1, 1, 1, 1])), levels
    for heads, want in ((["1. Setup", "1.1 Tools", "A. Install", "2. Runs", "Appendix", "A. Proofs", "3. Notes"],
                         [1, 2, 3, 1, 1, 1, 1]),
                        (["2. Runs", "E. Questions", "1. Setup", "2. Runs"], [1, 1, 1, 1])):  # a contents page's
        levels = [(b.text, b.level) for b in read_pdf(sections_pdf(heads)).blocks if b.level]
        assert levels == list(zip(heads, want)), levels


def test_an_author_with_the_initial_i_on_a_title_page_is_no_roman_section():
    """An author line opening with the initial I ("I. Smith and J. Doe", set larger than the text) was taken for a
    roman section's "I." (as "I. INTRODUCTION"), which ends the title page: the author and the lines under it stayed
    headings. "I." opens a section only when the next heading numbered in roman numerals is "II."."""
    page = [("F3", 16, 72, 720, "Rivers of the North"), ("F1", 12, 72, 696, "I. Smith and J. Doe"),
            ("F1", 12, 72, 680, "University of Leeds"), ("F3", 10, 72, 650, "Abstract")]
    for first, taken in (("1. Introduction", ["Abstract", "1. Introduction", "2. Methods"]),
                         ("I. INTRODUCTION", ["Abstract", "I. INTRODUCTION", "II. METHODS"])):
        blocks = [(b.text, b.level) for b in read_pdf(sections_pdf([first, taken[2]], page)).blocks]
        assert [t for t, level in blocks if level] == taken, blocks
        assert blocks[:2] == [("Rivers of the North", 0), ("I. Smith and J. Doe University of Leeds", 0)], blocks
