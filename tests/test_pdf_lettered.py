"""PDFs' lettered headings and title pages (segcore.pdfheadings): a letter after numbered subsections, lettered
subsections in the body font or bold, names with initials that are no headings, appendices among arabic sections,
and title pages (a postal address, an author's initial, a thesis's cover)."""
from __future__ import annotations

import pytest
from pdfminer.fontmetrics import FONT_METRICS

from segcore.loaders import load
from segcore.pdf import read_pdf
from tests.data.make_pdfs import build, column, text_ops
from tests.pdfpages import BODY, text_width

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


def title_page_pdf() -> bytes:
    """A paper's title page as REVTeX sets it: the title, the author, the address in italic (opening with its street
    number, as a numbered heading in italic does: "1 Research Road, Ridge, NY 11961"), then the first section."""
    items = [("F3", 14, 72, 720, "What Is New in the Class"), ("F1", 10, 72, 700, "Ann Author"),
             ("F6", 10, 72, 687, "1 Research Road, Ridge, NY 11961"), ("F6", 10, 72, 674, "D-44221 Dortmund"),
             ("F3", 10, 72, 640, "I. NEW SYNTAX")] + column(BODY[0], 72, 620)
    return build([text_ops(items)], {"F6": "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>"})


def test_a_postal_address_on_a_title_page_is_not_a_numbered_heading():
    """… nor text: with the author's name it is the author block, left out and counted as front matter."""
    doc = load(title_page_pdf())
    assert [h.title for h in doc.meta["outline"].headings] == ["I. NEW SYNTAX"], doc.meta["outline"].headings
    assert not any("Research Road" in e or "Ann Author" in e for e in doc.elements), doc.elements
    assert doc.meta["left_out"]["front"] == 3


def paper_page(between: list[str], abstract: str = "Abstract") -> bytes:
    """A paper's first page: its title, the lines `between` it and the abstract (a heading `abstract` over its
    text, or a paragraph opening with it), the first section."""
    items = [("F3", 16, 72, 720, "Segmenting Texts by Their Words")] + column(between, 72, 696, size=11)
    y = items[-1][3] - 30
    if abstract == "Abstract":
        items += [("F3", 12, 72, y, "Abstract")] + column(BODY[0], 72, y - 18)
    else:
        items += column([f"{abstract} {BODY[0][0]}", BODY[0][1]], 72, y)
    items += [("F3", 12, 72, y - 70, "1 Introduction")] + column(BODY[1], 72, y - 88)
    return build([text_ops(items)])


AUTHORS = ["Ann Author*, Ben van der Writer and C. Smith", "Department of Linguistics, Example University",
           "Cambridge, MA 02139, USA", "{ann,ben}@example.edu"]


@pytest.mark.parametrize("abstract", ["Abstract", "Abstract--"])
def test_a_papers_author_block_is_left_out_as_front_matter(abstract):
    """The names, affiliation, address and e-mail addresses between a paper's title and its abstract are no part of
    its prose (as LaTeX's \\author and \\affiliation are not): left out, counted as front matter; the title, the
    abstract and the first section stay whole."""
    out = read_pdf(paper_page(AUTHORS, abstract))
    text = " ".join(b.text for b in out.blocks)
    assert not any(a in text for a in ("Ann Author", "Linguistics", "Cambridge", "@")), text
    assert all(line in text for line in [*BODY[0], *BODY[1], "Segmenting Texts by Their Words", "1 Introduction"])
    assert out.left_out["front"] == len(AUTHORS)


@pytest.mark.parametrize("subtitle", ["Methods for the Real World", "A Study of Words, Lines and Pages in Print"])
def test_a_title_case_subtitle_over_an_author_block_stays(subtitle):
    """A subtitle in title case under the title, over the author block: its words are capitalised or small words
    that names and places have too ('of', 'for', 'the'), so it was left out with the authors. A paragraph with no
    e-mail address, postal address or institution whose lines hold more than names (a run of more than four
    capitalised words between separators, or 'of', 'for', 'the', 'at', 'in', 'on' among them) ends the block."""
    out = read_pdf(paper_page([subtitle, ""] + AUTHORS))
    text = " ".join(b.text for b in out.blocks)
    assert subtitle in text and not any(a in text for a in ("Ann Author", "Linguistics", "@")), text
    assert out.left_out["front"] == len(AUTHORS)


def test_an_author_block_under_a_bookmarked_title_is_left_out():
    """llncsconf's examples: the title is bookmarked, so it stays a heading, and the block was looked for only above
    the first heading of page 1 (the title itself): 'Some Department, Somewhere' stayed as text. Page 1's first
    paragraph does not end the front matter."""
    items = [("F3", 16, 72, 720, "Segmenting Texts by Their Words"), ("F1", 11, 72, 696, AUTHORS[1]),
             ("F3", 12, 72, 660, "Abstract")] + column(BODY[0], 72, 642) \
        + [("F3", 12, 72, 590, "1 Introduction")] + column(BODY[1], 72, 572)
    marks = [(1, "Segmenting Texts by Their Words", 0, 740), (1, "1 Introduction", 0, 604)]
    out = read_pdf(build([text_ops(items)], outline=marks))
    text = " ".join(b.text for b in out.blocks)
    assert "Linguistics" not in text and out.left_out["front"] == 1, text
    assert all(line in text for line in [*BODY[0], *BODY[1], "Segmenting Texts by Their Words", "1 Introduction"])
    assert out.bookmarks_located == 2


def test_an_affiliation_in_title_case_among_the_authors_is_left_out_with_them():
    """cje's guide: 'Federal Reserve Bank of Boston' under the first author names no institution and holds 'of', as
    a subtitle does; after a name it is the block's, left out with it."""
    authors = ["Author One", "", "Federal Reserve Bank of Boston", "", "Author Two", "",
               "Department of Economics, Peterson University"]
    out = read_pdf(paper_page(authors))
    text = " ".join(b.text for b in out.blocks)
    assert not any(a in text for a in ("Author", "Bank", "Economics")), text
    assert out.left_out["front"] == 4


def test_lines_under_a_title_without_a_name_an_address_or_an_institution_stay():
    """A subtitle, and a sentence under the title, are no author block: kept."""
    between = ["A Study in Three Parts", "This paper was written for the workshop on segmentation."]
    out = read_pdf(paper_page(between))
    text = " ".join(b.text for b in out.blocks)
    assert all(line in text for line in between) and "front" not in out.left_out


def test_a_title_in_short_lines_over_a_numbered_introduction_without_an_abstract_stays():
    """kdpcover's manual: its title in two short lines that open with the package's name in lower case ('kdpcover:
    LATEX Package' / 'for Amazon Book Covers', no heading's shape), the author and the date in short lines, then '1
    Introduction' and no abstract: the short lines were left out as a figure's labels, the title with them, as only
    an unnumbered Abstract/Introduction line told a title page's lines from labels. A numbered one does too."""
    items = [("F1", 17, 230, 720, "segtools: a Package"), ("F1", 17, 230, 700, "for Cutting Texts"),
             ("F1", 12, 260, 670, "Ann Author"), ("F1", 12, 260, 645, "2022.11.30, 0.5.1"),
             ("F3", 14, 72, 600, "1 Introduction")] + column(BODY[0] + [""] + BODY[1], 72, 580)
    text = " ".join(b.text for b in read_pdf(build([text_ops(items)])).blocks)
    assert "segtools: a Package for Cutting Texts" in text and all(line in text for line in BODY[0] + BODY[1]), text


def test_an_author_block_in_the_titles_size_goes_whole_under_the_title():
    """confproc's template: title and authors in one size (12 pt, the author's line 1e-13 pt larger as pdfminer
    computed it): the author's line was taken for the title (the largest paragraph) and kept, the rest of its block
    left out. The title is the first paragraph in the largest size, to a twentieth of a point."""
    items = [("F1", 12, 200, 720, "TEMPLATES FOR THREE AUTHORS"), ("F1", 12.00001, 200, 690, "Bob Boogie-Woogie,"),
             ("F1", 12, 200, 675, "McGill University, Montreal, Canada"), ("F1", 12, 200, 660, "bob@example.ca"),
             ("F3", 12, 72, 620, "Abstract")] + column(BODY[0], 72, 600)
    out = read_pdf(build([text_ops(items)]))
    text = " ".join(b.text for b in out.blocks)
    assert "TEMPLATES FOR THREE AUTHORS" in text and not any(a in text for a in ("Boogie", "McGill", "@")), text
    assert out.left_out["front"] == 3


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
        assert blocks[0] == ("Rivers of the North", 0) and not any("Smith" in t for t, _ in blocks), blocks  # the
        # author block, left out (test_a_papers_author_block_is_left_out_as_front_matter)


def test_a_thesis_s_title_page_after_its_cover_keeps_no_title_or_author_heading():
    """lion-msc's thesis: a cover (page 1), then the title page with the title, the author's name (bold, larger than
    the text), the address and the abstract. Only page 1's headings before the first section were front matter, so
    the title and the author on the later page were read as headings. Headings before an Abstract on its own page
    are its title page's; a heading before an Introduction on a later page (a chapter's label) stays one, the
    label's and the title's."""
    cover = [("F3", 24, 72, 720, "Reading Rivers"), ("F1", 12, 72, 690, "Thesis submitted for the degree of Master")]
    title = [("F3", 24, 72, 720, "Reading Rivers"), ("F3", 14, 72, 690, "Ann Lee"),
             ("F1", 12, 72, 672, "University of Leeds, Leeds"), ("F3", 14, 72, 640, "Abstract")]
    chapter = [("F3", 14, 72, 720, "Chapter One"), ("F3", 14, 72, 690, "Introduction")]
    pages = [text_ops(cover + column(BODY[0], 72, 660))]
    for items in (title, chapter):
        pages.append(text_ops(items + column(BODY[1], 72, items[-1][3] - 20)))
    blocks = [(b.text, b.level) for b in read_pdf(build(pages)).blocks]
    assert [t for t, level in blocks if level] == ["Abstract", "Chapter One Introduction"], blocks
    assert blocks[3:6] == [("Reading Rivers", 0), ("Ann Lee", 0), ("University of Leeds, Leeds", 0)], blocks


def test_short_lines_centred_under_a_centred_title_are_its_author_block():
    """revtex4-1's apssamp: under the centred title, the authors, 'Authors’ institution and/or address' and
    '(Dated: …)' in short centred lines: the placeholder institution holds words in lower case ('and/or', 'address')
    and the date a colon and digits, no names' signs, so the block ended before them and all of it stayed as text.
    Short lines centred under a centred title are the block's (it names an institution); the abstract under them, in
    full lines, and the first section stay."""
    right = 72 + max(text_width(ln) for ln in BODY[0] + BODY[1])
    centre = (72 + right) / 2
    bold = FONT_METRICS["Times-Bold"][1]
    title = "Segmenting Texts by Their Words"
    between = [("Ann Author and Second Author", 11), ("Authors' institution and/or address", 9),
               ("(Dated: August 10, 2010)", 9)]
    items = [("F3", 16, centre - sum(bold.get(c, 500) for c in title) * 16 / 2000, 720, title)]
    items += [("F1", size, centre - text_width(t, size) / 2, 696 - 14 * k, t) for k, (t, size) in enumerate(between)]
    items += column(BODY[0], 72, 640) + [("F3", 12, 72, 600, "1 Introduction")] + column(BODY[1], 72, 582)
    out = read_pdf(build([text_ops(items)]))
    text = " ".join(b.text for b in out.blocks)
    assert not any(t in text for t in ("Ann Author", "institution", "Dated")), text
    assert all(line in text for line in [*BODY[0], *BODY[1], title, "1 Introduction"]), text
    assert out.left_out["front"] == len(between)
