"""Paragraphs of PDFs that are not running text (segcore.pdfboxes, segcore.pdf): lists and their items, numbered
references and their wrapped lines, description lists, keywords lines, a figure's labels, covers printed twice."""
from __future__ import annotations

import pytest

from segcore.loaders import load
from segcore.pdf import read_pdf
from tests.data.make_pdfs import build, column, text_ops
from tests.pdfpages import BODY, lead


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


def test_monospaced_fonts_are_known_by_their_names():
    """URW's and TeX Gyre's Courier clones and other typewriter fonts set code as Courier does (bangorexam's TikZ
    code is in NimbusMonL); a text face is none."""
    from segcore.pdflayout import font_style

    mono = ("ABCDEF+NimbusMonL-Regu", "NimbusMonoPS-Regular", "texgyrecursor-regular", "Cousine-Bold", "ECTT1000",
            "LMMono10-Regular", "Inconsolata-Regular", "SourceCodePro-Regular", "CMTT10", "Courier")
    assert [font_style(n)[2] for n in mono] == [True] * len(mono)
    assert not any(font_style(n)[2] for n in ("NimbusRomNo9L-Regu", "NimbusSanL-Bold", "CMR10", "LMRoman10-Regular"))


def listing_pdf(numbered: bool) -> bytes:
    """A paragraph, a listing of four lines in Courier set solid (one text box), its lines numbered in the margin
    as the listings package does (small, left of the text) or not, then a paragraph and a line of code set off in
    the running text."""
    code = ["\\path[draw] (0,0) -- (1,1);", "\\node at (2,2) {label};", "}", "\\path[fill] (3,3) circle (1pt);"]
    items = (column(BODY[0], 72, 740) + [("F5", 10, 84, 690 - 11 * i, t) for i, t in enumerate(code)]
             + column(BODY[1] + ["Draw it with"], 72, 630) + [("F5", 10, 72, 630 - 13 * (len(BODY[1]) + 1),
                                                                "\\drawriver")]
             + column(["where the river is wanted, as the manual shows."], 72, 630 - 13 * (len(BODY[1]) + 2)))
    if numbered:
        items += [("F1", 7, 70 - 4 * len(str(n)), 690 - 11 * i, str(n)) for i, n in enumerate(range(610, 614))]
    return build([text_ops(items)], COURIER)


@pytest.mark.parametrize("numbered", [False, True])
def test_a_listing_numbered_or_not_is_left_out_as_code(numbered):
    """bangorexam's and bangorcsthesis's TikZ listings, their lines numbered in the margin, were read as prose once
    the numbers went; a box of lines in a monospaced font is code, as a verbatim block is in the LaTeX reader; a line
    of code in the running text stays (test_a_list_s_short_items_and_short_code_lines_in_the_running_text_are_kept)."""
    doc = load(listing_pdf(numbered))
    text = " ".join(doc.elements)
    assert "\\path" not in text and "label" not in text and doc.meta["left_out"]["code lines"] == 4, doc.elements
    assert " ".join(BODY[0]) in text and "Draw it with \\drawriver where the river is wanted" in text, doc.elements


def test_a_word_in_typewriter_ending_a_paragraph_over_a_listing_stays_text():
    """limecv's 'This can be modified using sansfont and' / 'monofont.' over a listing set smaller: the last line,
    one word in typewriter boxed apart, is in the text's size, not the listing's, and is no line of the code."""
    code = ["\\DeclareStringOption[Fira Sans]{sansfont}", "\\DeclareStringOption[Fira Mono]{monofont}"]
    items = (column(BODY[0] + ["By default, Fira fonts are used. This can be changed with sansfont and"], 72, 740)
             + [("F5", 10, 72, 740 - 13 * len(BODY[0]) - 22, "monofont.")]
             + [("F5", 9, 84, 740 - 13 * len(BODY[0]) - 36 - 10 * i, t) for i, t in enumerate(code)]
             + column(BODY[1], 72, 740 - 13 * len(BODY[0]) - 80))
    doc = load(build([text_ops(items)], COURIER))
    text = " ".join(doc.elements)
    assert "with sansfont and monofont." in text and "DeclareStringOption" not in text, doc.elements
