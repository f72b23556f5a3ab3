"""Raised and small marks in PDFs (segcore.pdflayout): affiliation and note marks, citation numbers and a TeX logo's
raised letter, told from exponents, powers of formulas and isotopes' mass numbers, which stay."""
from __future__ import annotations

import io

from segcore.loaders import load
from segcore.pdf import read_pdf
from segcore.pdfboxes import Box, merge_fragments
from segcore.pdflayout import Line
from tests.data.make_pdfs import build, column, pdf_string, text_ops
from tests.pdfpages import BODY, text_width


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


MINUS_FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Differences [45 /minus] >> >>"


def marked(y: float, pieces, font: str = "F1") -> str:
    """(text, raised[, font]) pieces of one line, each placed as TeX places it (raised ones at 7 points, 3.5 up; -1:
    a subscript, 3.5 down); `font` sets the pieces that name none (F8: MINUS_FONT, whose '-' is TeX's minus sign)."""
    ops, x = [], 72.0
    for t, up, *own in pieces:
        size = 7 if up else 10
        ops.append(f"BT /{own[0] if own else font} {size} Tf 1 0 0 1 {x:.2f} {y + 3.5 * up} Tm {pdf_string(t)} Tj ET")
        x += text_width(t.replace("\x86", "\u2020").replace("\x87", "\u2021").replace("\xa7", "\u00a7"), size)
    return "\n".join(ops)


def authors_pdf() -> bytes:
    """A paper's title, its abstract, then its authors with their affiliation marks set small and raised after their
    names (a dagger, a double dagger, an asterisk and a section sign, two of them parted by a raised comma), and the
    affiliations with their marks before them (under the abstract, as some classes set them: an author block above
    it is left out whole, test_pdf_lettered)."""
    authors = marked(560, [("Ann Lee", False), ("\x86", True), (", Tom Hill", False), ("\x87", True),
                           (", Eva Berg", False), ("*,\xa7", True)])
    places = marked(547, [("\x86", True), ("University of Leeds, ", False), ("\x87", True),
                          ("Open University, ", False), ("*", True), ("Lund University, ", False), ("\xa7", True),
                          ("Oslo", False)])
    title = text_ops([("F3", 16, 72, 710, "Reading Rivers")])
    return build(["\n".join([title, authors, places, text_ops([("F3", 12, 72, 630, "Abstract")]
                                                              + column(BODY[0], 72, 610))])])


def test_affiliation_marks_set_small_and_raised_do_not_reach_the_text():
    elements = load(authors_pdf()).elements
    assert elements[-2:] == ["Ann Lee, Tom Hill, Eva Berg",
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


def test_affiliation_letters_listed_after_a_name_go_and_raised_letters_of_formulas_stay():
    """elsarticle's and cas-sc's authors ("Sir J.K. Krishnanᵃ,ᶜ,∗,¹", "Han Thaneᵇ,ᵈ") kept their raised letters
    ("Krishnana,c", "Thaneb,d"): only digits and NOTE_MARKS were taken for marks. A small raised list of single letters
    parted by commas (numbers and NOTE_MARKS among them) after an upright capitalised word of two letters or more is an
    author's affiliations; a raised letter after a variable or a lower-case word ("xⁿ", "eᵃ", "gⁱ,ʲ", "formᵃ,ᵇ"), or a
    single one, is a formula's and stays."""
    italic = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>"
    authors = marked(700, [("Ann Lee", False), ("a,c,*,1", True, "F6"), (", Tom Hill", False), ("b,d", True, "F6"),
                           (" and Bo Xu Jr", False), ("a,2", True, "F6")])
    powers = marked(687, [("The sum of ", False), ("x", False, "F6"), ("n", True, "F6"), (" and ", False),
                          ("e", False, "F6"), ("a", True, "F6"), (" over ", False), ("g", False, "F6"),
                          ("i,j", True, "F6"), (" and the form", False), ("a,b", True, "F6"), (" grows. It ends.", False)])
    doc = load(build(["\n".join([authors, powers])], {"F6": italic}))
    assert doc.elements == ["Ann Lee, Tom Hill and Bo Xu Jr",
                            "The sum of xn and ea over gi,j and the forma,b grows.", "It ends."], doc.elements


def test_aip_note_marks_of_a_letter_and_a_parenthesis_go_and_a_raised_letter_without_one_stays():
    """revtex4-1's aipsamp: AIP sets its notes' marks as a small raised letter and a closing parenthesis, after the
    title ("Linebreakᵃ⁾"), after an author's affiliation number and a raised comma ("Author,¹,ᵇ⁾", "Author²,ᵈ⁾") and at
    a note's start ("ᵇ⁾Also at …"): they stayed glued to the words ("Linebreaka)", "Author2, d)"). A raised run ending
    with a letter and a parenthesis, which no exponent does, is a mark; a raised letter alone after a word stays."""
    lines = "\n".join([
        marked(700, [("Sample Title with Forced Linebreak", False), ("a)", True)]),
        marked(687, [("A. Author,", False), ("1,b)", True), (" B. Author, and C. Author", False), ("2,d)", True)]),
        marked(674, [("The area is x", False), ("a", True), (" and the rate grows as it should.", False)]),
        marked(661, [("b)", True), ("Also at Physics Department, XYZ University.", False)])])
    blocks = read_pdf(build([lines])).blocks
    text = " ".join(b.text for b in blocks)
    assert ")" not in text and "Linebreak" in text.split() and "xa" in text.split(), blocks
    assert "A. Author, B. Author, and C. Author" in text and "Also at Physics" in text, blocks


def test_an_affiliation_letter_raised_at_a_line_start_goes_and_one_before_a_lower_case_word_stays():
    """elsarticle sets each affiliation on its own line after a small raised letter ("ᵃElsevier B.V., …"), which
    stayed glued to the word ("aElsevier"): raised letters were taken only after a word. A single small raised letter
    at a line's start, set against a capitalised word of three letters or more, is the affiliation's mark; before a
    lower-case word it is kept."""
    places = "\n".join([marked(700, [("a", True), ("Department of Water, University of Leeds", False)]),
                        marked(687, [("b", True), ("Institute of Land, Oslo", False)]),
                        marked(674, [("n", True), ("times the rate of the river grows as it should.", False)])])
    blocks = read_pdf(build([places])).blocks
    assert [b.text for b in blocks] == ["Department of Water, University of Leeds Institute of Land, Oslo ntimes the "
                                        "rate of the river grows as it should."], blocks


def first_page_pdf() -> bytes:
    """A paper's first page: its title, an abstract whose indented first line ends with a hyphen the short last line
    continues ("… Jour-" / "nal of Rivers", set flush left), a body paragraph, and at the foot a note set a little
    smaller than the body (9 points against 10) that opens with a small raised asterisk."""
    abstract = [("F1", 10, 90, 650, "This package provides a class for typesetting articles for The Jour-"),
                ("F1", 10, 72, 637, "nal of Rivers")]
    note = (f"BT /F1 7 Tf 1 0 0 1 72 103.5 Tm {pdf_string('*')} Tj ET\n"
            + text_ops([("F1", 9, 76, 100, "Copyright 2007, The University Press of Leeds and Lund")]))
    return build(["\n".join([text_ops([("F3", 16, 72, 710, "Reading Rivers"), ("F3", 12, 72, 670, "Abstract")]
                                      + abstract + column(BODY[0] + BODY[1], 72, 600)), note])])


def test_an_abstract_s_hyphenated_last_line_stays_and_a_note_opening_with_a_raised_mark_is_a_footnote():
    """Seen failing without the fix: the last line read as a figure's label and the note glued to the abstract."""
    doc = load(first_page_pdf())
    assert "This package provides a class for typesetting articles for The Journal of Rivers" in doc.elements
    assert not any("Copyright" in e for e in doc.elements)
    assert doc.meta["left_out"].get("footnotes") == 1


STAR_FONT = ("<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Differences [128 /noglyphname] >> "
             ">>")  # its code 128 has no text: pdfminer reads "(cid:128)", as elsarticle's raised ⋆ in its math font


def front_matter_pdf() -> bytes:
    """A paper's first page as elsarticle sets it: a centred title followed by two notes' marks set small and raised
    in a font that gives them no text, parted by a raised comma; a centred author's name alone on its line (body
    size, two words); the Abstract heading and the body."""
    title = text_ops([("F1", 16, 200, 710, "Reading Rivers Again")])
    marks = (f"BT /F9 10 Tf 1 0 0 1 {200 + text_width('Reading Rivers Again', 16):.2f} 715 Tm "
             f"{pdf_string(chr(128) + ',' + chr(128) * 2)} Tj ET")
    author = text_ops([("F1", 10, 270, 680, "Ann Lee")])
    body = text_ops([("F3", 12, 72, 640, "Abstract")] + column(BODY[0] + BODY[1], 72, 620))
    return build(["\n".join([title, marks, author, body])], fonts={"F9": STAR_FONT})


def test_unmapped_raised_marks_after_a_title_go_and_an_author_alone_above_the_abstract_is_text():
    """Seen failing without the fix: 'Reading Rivers Again,' (the comma between the marks kept) and the author
    left out as a figure's label."""
    elements = load(front_matter_pdf()).elements
    assert elements[:2] == ["Reading Rivers Again", "Ann Lee"]


def test_a_label_on_a_later_page_higher_than_page_one_s_abstract_is_still_a_figure_s():
    """Authors above the Abstract line are kept on page 1 only: a figure's short label on page 2, higher on its page
    than page 1's Abstract line, stays left out (pdf._mark_floats takes one page's boxes at a time)."""
    label = text_ops([("F1", 10, 400, 700, "Flow rate")] + column(BODY[2] + BODY[3], 72, 600))
    pages = [text_ops([("F1", 10, 270, 680, "Ann Lee"), ("F3", 12, 72, 640, "Abstract")]
                      + column(BODY[0] + BODY[1], 72, 620)), label]
    pdf = read_pdf(build(pages))
    texts = [b.text for b in pdf.blocks]
    assert "Ann Lee" in texts and not any("Flow rate" in t for t in texts)
    assert pdf.left_out["table and figure lines"] == 1


def test_a_small_connective_between_the_authors_above_the_abstract_is_left_out_and_the_authors_kept():
    """ijmart's front matter: the authors centred one to a line, a small "AND" alone between them; the Abstract heading
    and the body. Seen failing without the rule: "AND" read as an element of its own."""
    front = text_ops([("F1", 10, 306 - text_width("Ann Lee") / 2, 700, "Ann Lee"),
                      ("F1", 6, 306 - text_width("AND", 6) / 2, 684, "AND"),
                      ("F1", 10, 306 - text_width("Tom Hill") / 2, 668, "Tom Hill"),
                      ("F3", 12, 72, 640, "Abstract")] + column(BODY[0] + BODY[1], 72, 620))
    pdf = read_pdf(build([front]))
    texts = [b.text for b in pdf.blocks]
    assert texts[:3] == ["Ann Lee", "Tom Hill", "Abstract"]
    assert pdf.left_out["table and figure lines"] == 1


ITALIC_FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>"


def test_an_author_s_name_and_the_institution_in_smaller_italic_below_it_are_two_paragraphs():
    """REVTeX's front matter: the authors' names in 10 points upright, the institution just below in 9 points italic,
    both centred in one text box; a body line set all in italic of the body's size stays in its paragraph. Seen
    failing without the fix: the two read as one paragraph."""
    names, place = "Ann Lee, Tom Hill, Eva Berg and Ola Nordmann", "Department of Hydrology, University of Leeds"
    front = text_ops([("F3", 14, 250, 720, "Reading Rivers"), ("F1", 10, 306 - text_width(names) / 2, 690, names),
                      ("F6", 9, 306 - text_width(place, 9) / 2, 680, place)])
    body = column(BODY[0], 72, 640) + [("F6", 10, 72, 614, "and every report names the files it was written from,"),
                                       ("F1", 10, 72, 601, "so that a reader can find them again.")]
    elements = load(build([front + "\n" + text_ops(body)], {"F6": ITALIC_FONT})).elements
    assert elements[1:3] == [names, place]
    assert "and every report names the files it was written from, so that a reader can find them again." in elements


def test_a_radical_sign_boxed_a_line_too_high_reads_on_the_line_it_roots_in_that_line_s_box():
    """TeX's radical sign hangs from its origin, and pdfminer boxes it a line too high, here in the box of the
    fraction above (hfutexam's question 10: 'an+1 = √(an + 6)', under the sum of question 9) and as a piece above a
    bookmarked appendix heading (seuthesix's '附录 B √2 是无理数的证明'). It joins the line it roots; the line stays in
    its own box (moved into the fraction's, it was left out with it) and a bookmarked piece keeps the line a heading."""
    fraction = Box([Line("1", 213.8, 366.8, 219.7, 378.7, 12), Line("n2 + 2", 200.8, 350.5, 232.8, 362.4, 12),
                    Line("\u221a", 218.9, 336.4, 228.8, 348.3, 12)], 1)
    start = Box([Line("10. (5 分) 设 a1 = 4, an+1 =", 66.2, 327.4, 215.5, 339.3, 12)], 1)
    rest = Box([Line("an + 6, 证明 lim an 存在并求之.", 228.8, 327.4, 398.6, 339.3, 12)], 1)
    boxes = [fraction, start, rest]
    merge_fragments(boxes)
    assert [ln.text for ln in fraction.lines] == ["1", "n2 + 2"]
    question = [b for b in boxes if b is not fraction]
    assert [ln.text for b in question for ln in b.lines] == ["10. (5 分) 设 a1 = 4, an+1 = \u221a an + 6, 证明 lim an 存在并求之."]

    sign, label = Line("\u221a", 262.7, 728.8, 275.2, 743.8, 15), Line("附录 B", 204.0, 716.4, 247.7, 731.4, 15)
    title = Line("2 是无理数的证明", 275.2, 716.4, 391.3, 731.4, 15, outline_level=1, outline_entry=7)
    boxes = [Box([sign], 44), Box([label], 44), Box([title], 44)]
    merge_fragments(boxes)
    [heading] = [ln for b in boxes for ln in b.lines]
    assert (heading.text, heading.outline_level, heading.outline_entry) == ("附录 B \u221a 2 是无理数的证明", 1, 7)


def test_an_item_s_line_with_a_formula_set_in_it_is_one_line_and_a_table_s_row_is_not():
    """An exam's question with a cases formula in its line: pdfminer splits the line at the formula, its pieces
    more than 1.5 em apart on one baseline, which read as a table's cells and were left out, question and all
    (hfutexam's '2. (5 分) 求函数 y = {1/x, x < 0; 1, x = 0; …} 的反函数.'). A row from an item's number to a
    sentence's end is one line; a numbered table row whose last cell is a number stays apart."""
    def row(*pieces):
        return [Box([Line(t, x0, 640.9, x1, 652.8, 12)], 1) for t, x0, x1 in pieces]

    question = row(("2. (5 分) 求函数 y = 1,", 73.0, 208.3), ("x = 0, 的反函数.", 252.0, 339.6))
    merge_fragments(question)
    assert [ln.text for b in question for ln in b.lines] == ["2. (5 分) 求函数 y = 1, x = 0, 的反函数."]
    table = row(("2. Apples", 73.0, 120.0), ("Red", 200.0, 220.0), ("12.", 300.0, 312.0))
    merge_fragments(table)
    assert [ln.text for b in table for ln in b.lines] == ["2. Apples", "Red", "12."]
    captions = row(("(a) Asia personas duo.", 100.0, 190.0), ("(b) Pan ma signo.", 300.0, 380.0))
    merge_fragments(captions)
    assert [ln.text for b in captions for ln in b.lines] == ["(a) Asia personas duo.", "(b) Pan ma signo."]


def centred_lines_pdf(lines: list[str]) -> bytes:
    """A page (reportlab) of two paragraphs with `lines` between them, each centred alone on its line, a Chinese one
    in a CID font (STSong-Light)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    buf = io.BytesIO()
    page = canvas.Canvas(buf, pagesize=(612, 792))
    y = 700
    for text in BODY[0]:
        page.setFont("Helvetica", 10)
        page.drawString(72, y, text)
        y -= 13
    for text in lines:
        page.setFont("Helvetica" if text.isascii() else "STSong-Light", 10)
        page.drawCentredString(306, y - 13, text)
        y -= 26
    for text in BODY[1]:
        page.setFont("Helvetica", 10)
        page.drawString(72, y, text)
        y -= 13
    page.showPage()
    page.save()
    return buf.getvalue()


def test_a_chinese_sentence_alone_on_its_line_is_text_and_a_short_chinese_label_is_not():
    """A short line alone between paragraphs is a figure's label when it has four words or fewer; words were counted
    by spaces, so a Chinese sentence (no spaces: one 'word') centred on its line was left out as a label (seuthesix:
    '这条命令生成 A4 中文封面和英文封面。'). Counted by its characters (two to a word) it is text; a label of two
    characters and a Latin one of two words are still left out. Seen failing without the fix: the sentence left out."""
    pdf = read_pdf(centred_lines_pdf(["这条命令生成中文封面和英文封面", "图表", "Flow rate"]))
    assert "这条命令生成中文封面和英文封面" in [b.text for b in pdf.blocks]
    assert pdf.left_out["table and figure lines"] == 2


def test_a_short_chinese_sentence_ending_with_its_full_stop_is_a_sentence():
    """A short line that ends a sentence after a word is text, not a label; the Chinese full stop '。' was not read as
    a sentence's end (pdfboxes.WORDS_END: . ! ? : only), and a short Chinese sentence alone on its line was left out
    (hustthesis: '用于生成目录。'). Seen failing without the fix: the sentence left out; the label still is."""
    pdf = read_pdf(centred_lines_pdf(["用于生成目录。", "图表"]))
    assert "用于生成目录。" in [b.text for b in pdf.blocks]
    assert pdf.left_out["table and figure lines"] == 1


def test_pieces_of_a_row_as_wide_as_a_chinese_line_above_it_are_one_line():
    """A row's pieces a little apart that start and end where a whole line of eight words or more above them does are
    one line broken by a formula (pdfboxes.merge_fragments); a Chinese line of thirty characters is such a line (it
    was one 'word' counted by spaces). Seen failing without the fix: the two pieces stayed apart."""
    line = "设函数在闭区间上连续在开区间内可导且端点处的函数值相等则在开区间内至少存在一点"
    whole = Box([Line(line, 72.0, 652.0, 372.0, 662.0, 10)], 1)
    pieces = [Box([Line("证明存在一点使得导数", 72.0, 638.0, 200.0, 648.0, 10)], 1),
              Box([Line("等于零并求之.", 215.0, 638.0, 372.0, 648.0, 10)], 1)]
    boxes = [whole] + pieces
    merge_fragments(boxes)
    assert [ln.text for b in boxes for ln in b.lines][1:] == ["证明存在一点使得导数 等于零并求之."]


def test_a_line_set_in_below_a_short_chinese_item_is_not_put_back_into_it_as_its_wrapped_line():
    """pdfboxes.join_hanging puts a line boxed alone and set in below an item's last line back into the item when
    that line is wrapped: the next line's first word would not have fit after it before the column's edge. That word
    was the next line's text up to a space, for Chinese its whole run of characters, so every Chinese line above one
    looked wrapped, short or not, and a paragraph set in below a short item was joined to it. A Chinese line's first
    word is its first character (an em wide); a line that ends on a Chinese character, within a sentence, is wrapped
    when it fills most of the column (xduthesis's list, set narrower than the page's widest line: '… 使用前请认真阅读协'
    / '议内容。'), not a short label or a line whose next opens an item.
    Seen failing without the fix: the short item and the line below were one box."""
    from segcore.pdfboxes import join_hanging

    def page(item_end: float, item: str = "1. 这是第一项的文字，它比一整行短了十个字以上。",
             below: str = "这是缩进排列的另一段文字，它的第一行有二十四个字，") -> list[Box]:
        boxes = [Box([Line("这是一段很长的正文文字" * 4, 72, 700, 540, 712, 12)], 1),
                 Box([Line(item, 72, 600, item_end, 612, 12)], 1),
                 Box([Line(below, 96, 584, 540, 596, 12)], 1),
                 Box([Line("它的第二行从左边开始。", 72, 568, 200, 580, 12)], 1)]
        join_hanging(boxes)
        return [[ln.text[:4] for ln in b.lines] for b in boxes]

    assert page(400) == [["这是一段"], ["1. 这"], ["这是缩进"], ["它的第二"]]  # a short item: the lines stay apart
    assert page(535) == [["这是一段"], ["1. 这", "这是缩进"], ["它的第二"]]  # the item's line is full: wrapped
    assert page(480, "1. 这是第一项的文字，它在句中换行到下") == [["这是一段"], ["1. 这", "这是缩进"], ["它的第二"]]
    assert page(200, "1. 这是第一项的标题") == [["这是一段"], ["1. 这"], ["这是缩进"], ["它的第二"]]  # a short label
    # a question's line ending on '求' and its first part below it, set in: the part opens an item of its own
    assert page(480, "8. 设函数在区间上连续，求", "(1) 函数的增减区间及极值；") == [["这是一段"], ["8. 设"], ["(1) "],
                                                                              ["它的第二"]]


def test_a_table_s_row_of_short_chinese_cells_is_not_a_wrapped_line_of_the_row_set_in_below_it():
    """A line that ends on a Chinese character and fills most of the column is wrapped within a sentence
    (pdfboxes._wraps), and join_hanging put the row set in below it back into it as its next line: a table's rows,
    pdfminer's one line of Chinese cells '初号 小初 … 三号 小三' over the number row '0 -0 … 3 -3' (sduthesis's table of
    font sizes), read as one line. A line of four or more short pieces between spaces is a table's row, not prose;
    a Chinese line with spaces around a Latin word, its runs long, is still wrapped.
    Seen failing without the fix: the two rows were one box."""
    from segcore.pdfboxes import join_hanging

    def page(row: str, below: str) -> list[list[str]]:
        boxes = [Box([Line("这是一段很长的正文文字" * 3, 154, 560, 512, 572, 10.5)], 1),
                 Box([Line(row, 205, 525, 456, 536, 10.5)], 1),
                 Box([Line(below, 213, 509, 450, 520, 10.5)], 1),
                 Box([Line("四号 小四 五号 小五 六号 小六 七号 八号", 205, 492, 456, 503, 10.5)], 1)]
        join_hanging(boxes)
        return [[ln.text[:5] for ln in b.lines] for b in boxes]

    assert page("初号 小初 一号 小一 二号 小二 三号 小三", "0 -0 1 -1 2 -2 3 -3") == [
        ["这是一段很"], ["初号 小初"], ["0 -0 "], ["四号 小四"]]
    assert page("汉字大小和字距改变的情况都可以 \\CTEXnoindent 自动修改缩", "改缩进距离的宽度") == [
        ["这是一段很"], ["汉字大小和", "改缩进距离"], ["四号 小四"]]


def test_a_chinese_paragraph_s_next_line_boxed_apart_at_or_left_of_its_line_is_put_back():
    """pdfminer boxes two lines together only when they line up at an end and lie less than half a line's height
    apart: a Chinese paragraph's indented first line over a shorter second line (sduthesis: '…例如 \\zihao{3}。可以使用的'
    / '参数有 16 个，…'), or two lines at the margin with ctex's wide leading between them, were boxes of their own,
    and the paragraph read as two (a Chinese line has no lower case to say it goes on). A line boxed alone just below
    a line that ends on a Chinese character where no other would fit, set out from it or starting where it starts,
    continues it; a short line, one ending on a full stop, a row of cells set in below, or a line opening an item
    does not. Seen failing without the fix: the first two pages kept their three boxes apart."""
    from segcore.pdfboxes import join_hanging

    def page(first: str, x1: float, below: str = "参数有十六个，小号字体在前面加负号表示。", x0: float = 154) -> list:
        boxes = [Box([Line("这是一段很长的正文文字" * 3, 154, 600, 512, 611, 10.5)], 1),
                 Box([Line(first, 175, 567, x1, 578, 10.5)], 1),
                 Box([Line(below, x0, 551, 434, 562, 10.5)], 1)]
        join_hanging(boxes)
        return [len(b.lines) for b in boxes]

    assert page("中文字号的设置命令是例如可以使用的", 507) == [1, 2]  # indented first line, the next at the margin
    assert page("汉字字距为当前汉字字宽的一半。这里的汉字字宽指的是实际汉字的宽度，不", 507, x0=175) == [1, 2]
    assert page("中文字号的设置命令是例如可以使用的", 400) == [1, 1, 1]  # a short line: its paragraph's last
    assert page("中文字号的设置命令是例如可以使用。", 507) == [1, 1, 1]  # a sentence's end
    assert page("中文字号的设置命令是例如可以使用的", 507, "1. 第一项") == [1, 1, 1]  # an item of its own


def test_a_short_list_item_whose_number_hangs_left_of_its_text_below_is_running_text():
    """A short box that is no heading nor sentence is a table's or figure's label unless it lines up with the running
    text; an enumerate item's short first line ('3. 手动编译', hfutthesis) starts at its number, left of its text's
    next lines below, so it lined up with nothing and was left out. A box that opens an item, with a line of text
    just below set in from it by less than four em, is the item's; a label without a number over the same text, or
    an item with the text below set in further, stays a float's. Seen failing without the fix: the item left out."""
    from segcore.pdf import _mark_floats

    def floating(first: str, indent: float = 13) -> bool:
        boxes = [Box([Line("这是一段很长的正文文字" * 3, 157, 560, 512, 571, 10.5)], 3),
                 Box([Line(first, 157, 521, 212, 532, 10.5)], 3),
                 Box([Line("手动编译是最繁琐的方法，用户可能需要运行多遍，以确保论文的交叉", 157 + indent, 505, 498, 516, 10.5),
                      Line("引用等信息全部正确。", 157 + indent, 489, 275, 500, 10.5)], 3)]
        _mark_floats(boxes, 0.8 * 612, 10.5)
        return boxes[1].floating

    assert not floating("3. 手动编译") and not floating("2. latexmk")
    assert floating("手动编译") and floating("3. 手动编译", indent=60)


def test_a_row_of_numbers_as_wide_as_the_line_above_is_a_table_s_row_not_a_justified_line():
    """merge_fragments joins the pieces of a row less than 4 em apart when a line of 8 words or more above or below
    spans it: a justified line that pdfminer split at its wide spaces. sduthesis's table of font sizes has the row of
    numbers '0', '-0', '1', '-1', … under the row '初号 小初 … 小三' (16 characters), and read as one line of text, a
    paragraph of its own. No justified line splits into numbers only: those pieces stay a table's cells, while a row
    of words so spanned is still joined. Seen failing without the fix: the numbers were one line."""
    def rows(pieces: list[str]) -> list[str]:
        above = Box([Line("初号 小初 一号 小一 二号 小二 三号 小三", 205, 525, 456, 536, 10.5)], 1)
        step = (450 - 213) / len(pieces)
        cells = [Box([Line(t, 213 + i * step, 509, 213 + i * step + 8, 520, 10.5)], 1) for i, t in enumerate(pieces)]
        cells[-1].lines[0].x1 = 450
        boxes = [above] + cells
        merge_fragments(boxes)
        return [ln.text for b in boxes for ln in b.lines][1:]

    assert rows("0 -0 1 -1 2 -2 3 -3".split()) == "0 -0 1 -1 2 -2 3 -3".split()
    assert rows("这是 一行 两端 对齐 的文".split()) == ["这是 一行 两端 对齐 的文"]


def test_chinese_words_are_counted_by_their_characters_in_the_furniture_and_run_in_rules():
    """A Chinese line's words were counted by spaces: a line with two numbers among a few spaced Chinese runs read
    as mostly numbers (a table's row), so it ended no sentence; a Chinese sentence repeated at the foot of every page
    was never running text (six words or more) and was dropped as a footer; a bold lead with a colon, a Latin word
    glued to four Chinese characters, read as a one-word label ('Returns:'), not a run-in heading. Counted by their
    characters (sentences.word_count) they read as the Latin ones do. Seen failing without the fix: all three."""
    from segcore.pdffurniture import ends_sentence, remove_page_furniture
    from segcore.pdfheadings import Para, run_in

    assert ends_sentence(Line("2019 年 3 月开始研究工作。", 72, 600, 300, 612, 12), 12)
    assert not ends_sentence(Line("2019 12 3 45 工作。", 72, 600, 300, 612, 12), 12)

    motto = "学而时习之不亦说乎有朋自远方来不亦乐乎。"
    pages = [[Box([Line(f"第 {i} 页的正文文字在这里。", 72, 600, 400, 612, 12)], i),
              Box([Line(motto, 72, 60, 330, 72, 12)], i)] for i in range(1, 5)]
    remove_page_furniture(pages, 12)
    assert [b.lines[0].text for boxes in pages for b in boxes].count(motto) == 4

    def lead(words: str) -> Para:
        text = f"{words}:本节说明各个参数的用法。"
        return Para([Line(text, 72, 600, 400, 612, 12, lead=f"{words}:", lead_bold=True)], 1, 0, 792)

    assert run_in(lead("PDF输出设置")) is not None
    assert run_in(lead("PDF文件")) is None


def test_a_chapter_s_running_head_where_the_other_pages_print_the_title_is_left_out():
    """A thesis prints its title atop its odd pages and the chapter's title atop its even pages (pkuthss: '北京大学
    本科生毕业论文' / '第二章 pkuthss 文档模版提供的功能'). The title, on half the pages, is a running head; each
    chapter's head, on a few, was kept as text when set in the body's size (pkuthss's appendix of small print makes
    it the body's). A page's highest line at the place (baseline and size) of a running head, with other text, is one
    too. Seen failing without the fix: the chapter's heads kept."""
    from segcore.pdffurniture import remove_page_furniture

    chapters = {2: "第一章 使用介绍", 6: "第二章 文档模版提供的功能", 12: "第三章 问题及其解决"}
    pages, chapter = [], ""
    for i in range(1, 17):
        chapter = chapters.get(i, chapter)
        head = "北京大学本科生毕业论文" if i % 2 else chapter
        pages.append([Box([Line(head, 240, 775, 360, 785.5, 10.5)], i),
                      Box([Line("正文" + "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳"[i - 1] * 20, 72, 742, 540, 752.5, 10.5)], i)])
    remove_page_furniture(pages, 10.5)
    kept = [b.lines[0].text for boxes in pages for b in boxes]
    assert len(kept) == 16 and all("正文" in t for t in kept)


def test_an_indented_chinese_line_after_a_full_stop_opens_a_paragraph_within_a_box():
    """A box's indented line after a line that ends a sentence opens a paragraph (pdf._split_paragraphs), but a
    sentence's end was only '.!?:;': two Chinese paragraphs that pdfminer boxed together, the first's last line
    filling the column and ending with '。', read as one. Chinese and Japanese full stops (sentences.SCRIPT_STOPS,
    before a closing quote too: '。」') end a sentence; an indented line after a line within a sentence, or set flush
    under one ending with '。', goes on in its paragraph.
    Seen failing without the fix: each box read as one paragraph."""
    from segcore.pdf import _split_paragraphs

    def paragraphs(end: str, x0: float = 96) -> list[str]:
        box = Box([Line("这是第一段的第一行，它缩进两个字，一直排到这一栏的右边为", 96, 700, 540, 712, 12),
                   Line("止。这是第一段的最后一行，它也排满了这一栏，在句号处结束" + end, 72, 684, 540, 696, 12),
                   Line("这是第二段的第一行，它同样缩进两个字，一直排到这一栏的右", x0, 668, 540, 680, 12),
                   Line("边为止，这是第二段的最后一行。", 72, 652, 260, 664, 12)], 1)
        return ["".join(ln.text[:2] for ln in p.lines) for p in _split_paragraphs(box, 12, 792)]

    assert paragraphs("。") == ["这是止。", "这是边为"]
    assert paragraphs("。」") == ["这是止。", "这是边为"]
    assert paragraphs("的") == ["这是止。这是边为"]  # the line runs on in its sentence
    assert paragraphs("。", x0=72) == ["这是止。这是边为"]  # flush left under it: the same paragraph
