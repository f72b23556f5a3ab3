"""segcore.structure: headings of LaTeX and plain text (numbered, title case, lettered, wrapped, screenplays), lists
in plain text, the Outline, the structure as a reference, the back matter, and the CLI's --reference."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from segcore.errors import InputError, ParameterError
from segcore.loaders import left_out_notes, load, load_text
from segcore.plaintext import text_blocks
from segcore.structure import choose_reference, looks_like_title, make_outline, reference, split_number, with_structure
from tests.sampletexts import MARKDOWN


PAPERS = Path(__file__).resolve().parent / "data" / "papers"
LATEX = r"""\section{Introduction}
We study rivers. They are long.
\subsection[Short]{Data \emph{from} gauges}
Gauges measure the level. They report hourly.
\section*{Conclusion} Rivers matter. We conclude.
"""
PLAIN = """River Studies Today

1 Introduction
Rivers carry water to the sea. They shape valleys.

2 Methods

We measured flow. We measured depth.

2.1 Gauges
Gauges measure the level. They report hourly.

The steps were:
1. Install the gauge
2. Calibrate the gauge

Results And Findings

Flow rose in spring. Depth followed.

3 Discussion of the results

Floods were rare. See [4], eq. (2).

4.

Conclusions

Rivers matter.
"""
UNNUMBERED = """Results And Findings

Flow rose in spring. Depth followed.

Open Questions

Why did the depth follow? Nobody knows.
"""


def heads(doc):
    return [(h.title, h.level, doc.elements[h.element]) for h in doc.meta["outline"].headings]


def test_latex_headings():
    doc = load_text(LATEX)
    assert heads(doc) == [("Introduction", 1, "Introduction"), ("Data from gauges", 2, "Data from gauges"),
                          ("Conclusion", 1, "Conclusion")]
    assert "Rivers matter." in doc.elements  # text after \section*{...} on the same line


def test_plain_text_headings_numbered_and_title_case():
    doc = load_text(PLAIN)
    titles = [(h.title, h.level, h.number) for h in doc.meta["outline"].headings]
    # numbered headings make numbering the text's convention: an unnumbered title-case line is not a heading then,
    # but its first line is (the title) and so is a lone number over a title ("4." then "Conclusions")
    assert titles == [("River Studies Today", 1, None), ("1 Introduction", 1, "1"), ("2 Methods", 1, "2"),
                      ("2.1 Gauges", 2, "2.1"), ("3 Discussion of the results", 1, "3"), ("4. Conclusions", 1, "4")]
    assert not any("Install the gauge" == h.title for h in doc.meta["outline"].headings)  # a list, not headings
    assert "Conclusions" not in doc.elements and "4." not in doc.elements
    assert [h.title for h in load_text(UNNUMBERED).meta["outline"].headings] == ["Results And Findings",
                                                                                 "Open Questions"]


SCREENPLAY = """INT. KITCHEN - NIGHT

Mary stands at the stove. The kettle whistles.

                    MARY
          I told you not to come back.

12 EXT./INT. HARBOUR - DAWN 12

The boats rock in the grey water. Gulls circle overhead.

The int. value of a pier is its length. EXT. walls stand.
"""


def test_letters_under_roman_numerals_are_subsections_in_a_text():
    """An IEEE paper pasted as text ('II. METHODS' over 'A. Data Collection'): its lettered headings are subsections,
    as in its PDF (segcore.pdfheadings), not sections of their own."""
    para = "We measured the flow at ten stations. The results held across the seasons."
    text = "\n\n".join(["I. INTRODUCTION", para, "II. METHODS", para, "A. Data Collection", para, "B. Analysis", para,
                        "III. RESULTS", para, "IV. DISCUSSION", para])
    doc = load_text(text)
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [
        ("I. INTRODUCTION", 1), ("II. METHODS", 1), ("A. Data Collection", 2), ("B. Analysis", 2),
        ("III. RESULTS", 1), ("IV. DISCUSSION", 1)]
    assert len(reference(doc.meta["outline"], "sections")) == 4


def test_letters_between_arabic_sections_are_subsections_in_a_text():
    """A paper pasted as text with lettered subsections between its numbered sections ('2. Methods' / 'A. Setup' /
    'B. Results' / '3. Discussion'): the letters are a level under the section (structure.numbering_depths, as in
    its PDF), not sections of their own; after the last section, an appendix's letter stays on top."""
    para = "We measured the flow at ten stations. The results held across the seasons."
    text = "\n\n".join(["1. Introduction", para, "2. Methods", para, "A. Setup", para, "B. Results", para,
                        "3. Discussion", para, "A. Proofs", para])
    assert [(h.title, h.level) for h in load_text(text).meta["outline"].headings] == [
        ("1. Introduction", 1), ("2. Methods", 1), ("A. Setup", 2), ("B. Results", 2), ("3. Discussion", 1),
        ("A. Proofs", 1)]


def test_a_screenplays_scene_headings_are_its_sections():
    """Scene headings (sluglines) in capitals are a screenplay's sections, each one element ("INT." is no sentence);
    a sentence that merely starts with such a word is not one, nor is a lone slugline-like line."""
    doc = load_text(SCREENPLAY)
    assert [h.title for h in doc.meta["outline"].headings] == ["INT. KITCHEN - NIGHT", "12 EXT./INT. HARBOUR - DAWN 12"]
    assert doc.elements[0] == "INT. KITCHEN - NIGHT" and "INT." not in doc.elements
    assert "outline" not in load_text(SCREENPLAY.split("12 EXT")[0]).meta


def test_a_heading_wrapped_by_a_pdf_to_text_tool_is_joined_not_a_sentence():
    """pdftotext prints an ACM paper's "2 CHARACTERIZING EXPOSITORY WRITING" as a lone number over two lines; a
    title-case heading may wrap too. A short first line of a paragraph under a heading is not its title."""
    text = ("1\n\nINTRODUCTION\n\nWriting is hard. Tools help.\n\n2\n\nCHARACTERIZING EXPOSITORY\nWRITING\n\n"
            "Expository writing is evidence-based. It makes knowledge.\n\n3 Designing AI Supports for\n"
            "Expository Writing\n\nWe argue for three parts. They work.\n\n4 Results\nWe found more\n"
            "than we hoped for in the data.\n\nThat is all.\n\n5 LIMITS OF THE\nMETHOD\nOur evaluation covers two "
            "subjects. It is small.\n")  # pdftotext -layout: no blank line under a heading in capitals
    doc = load_text(text)
    assert [h.title for h in doc.meta["outline"].headings] == [
        "1. INTRODUCTION", "2. CHARACTERIZING EXPOSITORY WRITING", "3 Designing AI Supports for Expository Writing",
        "4 Results", "5 LIMITS OF THE METHOD"]
    assert "Our evaluation covers two subjects." in doc.elements
    assert "WRITING" not in doc.elements and "Expository Writing" not in doc.elements
    assert "We found more than we hoped for in the data." in doc.elements


def test_formula_lines_are_not_headings():
    text = "Intro text here. It goes on.\n\nthe number of probes:\ni=1\n# elements\n1\n\nAij =\n\nMore text. Done."
    assert "outline" not in load_text(text).meta  # neither '# elements' inside a formula nor 'Aij ='"


def test_the_items_of_a_list_in_a_plain_text_are_paragraphs_of_their_own():
    """A list typed under its lead-in ('please:' then '1. Lock the door' …) was one paragraph: 'please: 1. Lock the
    door 2. Turn off the lights 3.' and 'Feed the cat' were its sentences. Each item is a paragraph without its
    number or bullet, as in Markdown; a lone line that starts with a number is left as it is."""
    doc = load_text("We went out. It rained.\n\nBefore you leave, please:\n1. Lock the door\n2. Turn off the lights\n"
                    "3. Feed the cat\n\nShopping:\n- milk\n- eggs\n\nIt was 5 degrees or\n- 5 at night. We left.\n")
    assert doc.elements[2:9] == ["Before you leave, please:", "Lock the door", "Turn off the lights", "Feed the cat",
                                 "Shopping:", "milk", "eggs"]
    assert doc.meta["paragraphs"][1:7] == [2, 3, 4, 5, 6, 7]
    assert "It was 5 degrees or - 5 at night." in doc.elements


def test_a_plain_text_s_numbered_items_run_in_sequence():
    """A plain text's numbered list is read as a PDF's (segcore.printed.numbered_items): lines whose numbers run in
    sequence at one indent ('a)' then 'b)', as libldap's README.Debian lists its solutions). Two wrapped lines that
    start with numbers ('… in' / '2019. The next …', '… to' / '40. Each …') were items with their numbers taken
    off; two copyright lines that open with '(c)' were items without it. A sub-number one column further in
    ('  1.1.', Mozilla's licence) is no item of the list."""
    wrapped = ["The survey of the rivers of the north was first planned by the water board of the region in",
               "2019. The next year the first gauges were set along the banks of the three rivers, and in two",
               "years the number of gauges that sent their readings to the board every hour grew from six to",
               "40. Each gauge reads the height of the water every hour, and the board reads them every week."]
    solutions = ["Possible solutions to this problem are:", "",
                 "a) use another shell that does not utilize getpwuid for getting info",
                 "   about the current user (take dash for example).",
                 "b) make sure that the nsswitch.conf is replaced by a version which does",
                 "   not mention ldap before the system is shut down.", "c) move the libraries to /lib."]
    notices = ["(c) Copyright 1995, 1996, 1997 J. Knappen, Mainz", "(c) Copyright 1990, 1992 N. Schwarz, Bochum"]
    terms = [" 1. Definitions.", "  1.1. A contributor is one who writes the code.", " 2. Source Code License."]
    blocks, _ = text_blocks("\n".join(wrapped + [""] + solutions + [""] + notices + [""] + terms) + "\n",
                            markdown=False)
    assert [b.text for b in blocks] == [
        " ".join(wrapped), "Possible solutions to this problem are:",
        "use another shell that does not utilize getpwuid for getting info about the current user (take dash for "
        "example).", "make sure that the nsswitch.conf is replaced by a version which does not mention ldap before the "
        "system is shut down.", "move the libraries to /lib.", " ".join(notices),
        "Definitions. 1.1. A contributor is one who writes the code.", "Source Code License."]


def test_a_plain_text_s_names_with_initials_in_sequence_are_no_list():
    """Three authors whose initials run A., B., C. at the starts of lines ('A. Smith' / 'B. Jones' / 'C. Brown', an
    author block) were a lettered list, each name read without its initial ('Smith'); names with an affiliation
    ('A. Smith, Department of Water') too. A series of sentences lettered so is still a list."""
    names = ["A. Smith", "B. Jones", "C. Brown"]
    affiliated = ["A. Smith, Department of Water, University of the North",
                  "B. Jones, Department of Land, University of the South",
                  "C. Brown, Institute of the Rivers, Northtown"]
    series = ["A. Use the title of the report on its cover.", "B. List the names of its authors.",
              "C. State the name of the board that paid for it."]
    blocks, _ = text_blocks("\n".join(names + [""] + affiliated + [""] + series) + "\n", markdown=False)
    assert [b.text for b in blocks] == [" ".join(names), " ".join(affiliated), "Use the title of the report on its "
                                        "cover.", "List the names of its authors.",
                                        "State the name of the board that paid for it."]


def test_a_plain_text_s_numbered_references_open_entries_and_keep_their_labels():
    """References labelled '[1]', '[2]' in one paragraph open entries of their own, as a PDF's (numbered_items reads
    a run of labels), their labels kept; a citation '[3]' wrapped to a line's start stays in its paragraph."""
    refs = ["[1] A. Smith. Reading the gauges. Journal of Water, 12:1-10, 2019,", "and its second part, 2020.",
            "[2] C. Brown. Counting the floods. Journal of Land, 3:5-9, 2020."]
    stray = ["The board counted the gauges on the rivers, as the last survey had done in", "[3] and after it."]
    blocks, _ = text_blocks("\n".join(stray + [""] + refs) + "\n", markdown=False)
    assert [b.text for b in blocks] == [" ".join(stray), " ".join(refs[:2]), refs[2]]


def test_a_plain_text_list_of_short_items_after_a_lead_in_stays_a_list():
    """A README's steps under a lead-in without a colon ('Installation steps' / '1. Download the archive' / '2. Unpack
    it'): the wrapped-line guard of numbered_items ('… in' / '3. The year …') took them for one paragraph. A line
    that ends mid-sentence wraps only when it is long (a text wrapped at a width runs close to it), and a list's
    '1.' opens it."""
    steps = ["Read this first. The tool segments texts into topics and writes them out again for you.", "",
             "Installation steps", "1. Download the archive", "2. Unpack it", "3. Run make", "",
             "To build it you need", "1. a C compiler", "2. make"]
    blocks, _ = text_blocks("\n".join(steps) + "\n", markdown=False)
    assert [b.text for b in blocks] == [steps[0], "Installation steps", "Download the archive", "Unpack it",
                                        "Run make", "To build it you need", "a C compiler", "make"]


def test_an_e_mail_signature_separator_is_no_setext_underline():
    """'Cheers' over '--' (a signature's separator) made the text marked up: a heading 'Cheers' and none of its
    numbered sections."""
    text = ("Flood Report\n\n1 Introduction\n\nRivers rose. Towns flooded.\n\n2 Methods\n\nWe measured flow. "
            "It rose.\n\n3 Results\n\nFlow doubled. Depth followed.\n\nCheers\n--\nBob Smith\n")
    assert [h.title for h in load_text(text).meta["outline"].headings] == [
        "Flood Report", "1 Introduction", "2 Methods", "3 Results"]


@pytest.mark.parametrize("rule", ["==========", "----------", "**********", "* * *", "- - -", "#####", "_____", "+++"])
@pytest.mark.parametrize("titled", [False, True])
def test_a_line_of_one_mark_repeated_is_a_rule_between_paragraphs(rule, titled):
    """In a plain text, a line of one punctuation mark repeated that underlines no title is a rule: no sentence, no
    words of the paragraph it touches, a break between paragraphs; with blank lines around it or none, in a text
    with setext headings (whose underlines stay theirs) or without."""
    one, two = "The river rises in spring.\nFarmers plant early.", "The town sleeps at night. Nobody walks."
    head = "Rivers\n======\n\n" if titled else ""
    for text in (f"{one}\n\n{rule}\n\n{two}", f"{one}\n{rule}\n{two}", f"{one}\n\n{rule}\n{two}"):
        doc = load_text(head + text + "\n")
        assert doc.elements[titled:] == ["The river rises in spring.", "Farmers plant early.", "The town sleeps at "
                                         "night.", "Nobody walks."]
        assert doc.meta["paragraphs"][-1] == 2 + titled and doc.meta["left_out"] == {"rules": 1}
        assert [h.title for h in doc.meta["outline"].headings] == ["Rivers"] if titled else "outline" not in doc.meta


def test_the_labels_of_note_boxes_are_neither_sections_nor_sentences():
    """A manual's 'Note:' or 'WARNING' line (DocBook and Texinfo PDFs print them as bold headings) is left out and
    counted; the box's text and the real sections stay."""
    doc = load_text("# Install\n\nRun it. It works.\n\nNote:\n\nBack up first.\n\nWARNING\n\nDo not unplug the "
                    "machine while it runs.\n\n# Use\n\nStart it. Enjoy it.\n\nA note on tips\n\nTips help.")
    assert doc.elements[3:5] == ["Back up first.", "Do not unplug the machine while it runs."]
    assert doc.meta["left_out"] == {"labels": 2} and doc.meta["outline"].starts(1) == [5]
    assert "A note on tips" in doc.elements


def test_a_section_the_source_marks_is_kept_whatever_its_name_and_a_label_paragraph_is_not():
    """dpkg(1) has a section '.SH WARNING', git-imap-send(1) '.SH CAUTION', a README '## Note': every block whose text
    was a note label was left out, headings too, so the section's title was lost from the outline (56 pages under
    /usr/share/man). A marked heading is a section; the label over a box's text, a paragraph of its own, is still
    left out ('> **Warning**' in Markdown, a bold 'HINWEIS' paragraph over a DocBook sidebar's text in HTML)."""
    page = (".TH X 1\n.SH NAME\nx \\- does x\n.SH WARNING\nIt may break.\n.PP\nNote:\n.PP\nBack up first.\n"
            ".SH SEE ALSO\ny(1)\n")
    doc = load(page.encode(), format="man")
    assert [h.title for h in doc.meta["outline"].headings] == ["NAME", "WARNING", "SEE ALSO"]
    assert "It may break." in doc.elements and doc.meta["left_out"] == {"labels": 1}
    doc = load_text("# Install\n\nRun it.\n\n## Note\n\nIt needs a disk.\n\n> **Warning**\n>\n> Back up.\n\n"
                    "# Use\n\nUse it.\n")
    assert [h.title for h in doc.meta["outline"].headings] == ["Install", "Note", "Use"]
    assert "Warning" not in doc.elements and doc.meta["left_out"] == {"labels": 1}
    html = ("<html><body><h1>Help</h1><p>Read the pages.</p><div class='sidebar'><p class='title'><strong>HINWEIS"
            "</strong></p><p>Many pages have a section at the end.</p></div><h1>More</h1><p>Ask.</p></body></html>")
    doc = load(html.encode(), format="html")
    assert "HINWEIS" not in doc.elements and doc.meta["left_out"]["labels"] == 1
    assert [h.title for h in doc.meta["outline"].headings] == ["Help", "More"]


def test_text_without_headings_has_no_outline():
    doc = load_text("The cat sat on the mat. The dog ran away.\n\nIt rained all day. We stayed in.")
    assert "outline" not in doc.meta


@pytest.mark.parametrize("line,expected", [
    ("3.2 Results", ("3.2", "Results")), ("A.1 Proofs", ("A.1", "Proofs")), ("IV. RESULTS", ("IV", "RESULTS")),
    ("A. Hardware", ("A", "Hardware")), ("A Study of Rivers", (None, "A Study of Rivers")),
    ("I think so", (None, "I think so")), ("2021. SPECTER", (None, "2021. SPECTER"))])
def test_split_number(line, expected):
    assert split_number(line) == expected


def test_looks_like_title():
    assert looks_like_title("Related Work") and looks_like_title("ABSTRACT") and looks_like_title("What Is Flow?")
    assert not looks_like_title("the flow rose in spring") and not looks_like_title("It ends here.")
    assert not looks_like_title("A very long line that has far too many words to be any kind of heading at all")
    # small words alone (a connective between two items) are no title in any case; one word of its own besides is
    assert not any(looks_like_title(t, any_case=True) for t in ("OR", "Or", "AND", "And/Or", "IN OR"))
    assert looks_like_title("OR Gates") and looks_like_title("Over the Top") and looks_like_title("In Memoriam")


def test_reference_sections_and_subsections():
    doc = load_text(MARKDOWN)
    outline = doc.meta["outline"]
    floods, droughts, causes = (h.element for h in outline.headings)
    assert reference(outline, "sections") == [floods, droughts, doc.n]
    assert reference(outline, "subsections") == [floods, droughts, causes, doc.n]
    assert with_structure(doc, "subsections").reference == [floods, droughts, causes, doc.n]
    with pytest.raises(ParameterError, match="sections, subsections"):
        reference(outline, "chapters")
    with pytest.raises(InputError, match="no section headings"):
        reference(None)


@pytest.mark.parametrize("text", [
    "My Trip to Rome\n\nArrival\n\nWe came by train. It was late.\n\nThe Forum\n\nIt is old. It is big.\n",
    "My Trip to Rome\n===\n\nArrival\n---\n\nWe came by train. It was late.\n\nThe Forum\n---\n\nIt is old. "
    "It is big.\n"])
def test_a_title_over_the_first_section_opens_it(text):
    """A document's title just above its first heading opens the first section: no segment of the title alone."""
    doc = load_text(text)
    forum = next(h.element for h in doc.meta["outline"].headings if h.title == "The Forum")
    assert with_structure(doc).reference == [forum, doc.n]


_CHAPTERS = "".join(f"CHAPTER {r}\n\nThe {w} day came. We walked to the {w} hill and sat there.\n\n"
                    "It was cold. Nobody spoke until the night.\n\n" for r, w in
                    [("I", "first"), ("II", "second"), ("III", "third"), ("IV", "fourth"), ("V", "fifth"),
                     ("VI", "sixth")])


@pytest.mark.parametrize("front", ["THE SILENT VALLEY\n\nby Someone Smith\n\n\n",
                                   "THE SILENT VALLEY\n\nA Tale of the Hills\n\nby J. R. Smith\n\n1911\n\n\n",
                                   "The Silent Valley\nby Someone Smith\n\n\n", ""])
def test_a_title_and_byline_over_the_first_chapter_are_no_section(front):
    """A novel typed as plain text, its title and byline (no sentence) over six chapters: six sections, not seven
    (the byline, a paragraph of body text, made the title and byline a section of their own)."""
    doc = load_text(front + _CHAPTERS)
    chapters = [h.element for h in doc.meta["outline"].headings if h.title.startswith("CHAPTER")]
    assert len(chapters) == 6
    assert with_structure(doc).reference == [*chapters[1:], doc.n]


@pytest.mark.parametrize("text", ["THE SILENT VALLEY\n\nby Someone Smith\n\nThis story was told to me by my "
                                  "grandfather.\n\n", "# Guide\n\nby Someone Smith. Read this first.\n\n"])
def test_prose_before_the_first_chapter_stays_a_section(text):
    doc = load_text(text + _CHAPTERS.replace("CHAPTER ", "# CHAPTER ") if text.startswith("#") else text + _CHAPTERS)
    chapters = [h.element for h in doc.meta["outline"].headings if h.title.startswith("CHAPTER")]
    assert with_structure(doc).reference == [*chapters, doc.n]


def test_a_section_over_its_first_subsection_opens_it():
    doc = load_text("# Guide\n\nRead this. It helps.\n\n## Install\n\n### Linux\n\nUse apt. It works.\n\n"
                    "### Windows\n\nUse the installer. It works.\n\n## Usage\n\nRun it. It runs.\n\n## Empty\n")
    at = {h.title: h.element for h in doc.meta["outline"].headings}
    assert reference(doc.meta["outline"], "subsections") == [at["Install"], at["Windows"], at["Usage"], doc.n]
    assert reference(doc.meta["outline"], "sections") == [at["Install"], at["Usage"], doc.n]


def test_single_section_gives_no_reference():
    outline = make_outline([("Intro", 1, 0, None, 1)], 5)
    with pytest.raises(InputError, match="single section"):
        reference(outline)


def test_word_level_outline_points_at_words():
    doc = load_text(LATEX, level="word")
    outline = doc.meta["outline"]
    assert [doc.elements[h.element] for h in outline.headings] == ["introduction", "data", "conclusion"]


@pytest.mark.parametrize("fmt, text", [
    ("text", "# A Long Guide\n\nRead this first. It helps.\n\n## Getting Started Now\n\n### On Linux Systems\n\n"
           "Use apt. It works.\n\n### On Windows\n\nUse the installer.\n\n## Usage Notes Here\n\nRun it. It runs."),
    ("latex", "\\section{Long Introduction Here}\\subsection{First Background Part}Rivers are long. They flow.\n"
             "\\subsection{More Background}Water moves. It goes.\n\\section{The Results Now}Flow rose. Depth fell."),
    ("text", "# A Long Title Here\n\n## First Part\n\nProse. More prose.\n\n## Second Part\n\nProse again.")])
def test_word_level_sections_are_the_sentence_level_ones(fmt, text):
    """A heading of several words is several elements at word level, all of them its own: a section over its first
    subsection opens one section at both levels (the section's second word made its words a segment of their own)."""
    def titled(level, depth):
        outline = load(text.encode(), format=fmt, level=level).meta["outline"]
        at = {h.element: h.title for h in outline.headings}
        return [at[s] for s in outline.starts(depth)]

    for depth in (1, 2):
        assert titled("word", depth) == titled("sentence", depth)


def test_back_matter_left_out_by_default():
    text = "1 Introduction\n\nRivers are long. They flow.\n\n2 Results\n\nFlow rose. Depth fell.\n\nReferences\n\n" \
           "Smith, J. 2019. Rivers. Water Journal.\n\nA Appendix Tables\n\nMore numbers here. And here."
    doc = load_text(text)
    assert doc.meta["back_matter"] == {"heading": "References", "kept": False, "blocks": 4}
    assert not any("Smith" in e for e in doc.elements)
    kept = load_text(text, keep_back_matter=True)
    assert kept.meta["back_matter"]["kept"] and any("Smith" in e for e in kept.elements)
    assert [b.text for b in text_blocks(text)[0]][-2] == "A Appendix Tables"


def test_sections_after_a_readmes_reference_list_are_kept():
    """Only the reference list (and back matter by name after it) is left out of a README; 'Contributing' and
    'License' after it are the text's sections, and what was left out is counted and said."""
    text = ("# Tool\n\nIt parses logs. It is fast.\n\n## Usage\n\nRun it on a file. It prints a table.\n\n"
            "## References\n\n- Smith, J. (2020). Logs. Journal.\n- Doe, A. (2019). Parsing. Journal.\n\n"
            "## External links\n\n- The home page.\n\n## Contributing\n\nOpen an issue first. Then send a patch.\n\n"
            "## License\n\nMIT. See the file.\n")
    doc = load_text(text)
    assert doc.meta["back_matter"] == {"heading": "References", "kept": False, "blocks": 5, "until": "Contributing"}
    assert not any("Smith" in e or "home page" in e for e in doc.elements)
    assert [h.title for h in doc.meta["outline"].headings] == ["Usage", "Contributing", "License"]
    assert "from the heading 'References' up to the heading 'Contributing'" in " ".join(left_out_notes(doc))
    assert any("Smith" in e for e in load_text(text, keep_back_matter=True).elements)


@pytest.mark.parametrize("text, heading", [
    ("# Appendicitis\n\n## Introduction\n\nIt hurts. It swells.\n\n## Appendix Removal in Children\n\nSurgeons "
     "operate. Children heal.\n\n## Results\n\nAll recovered. None returned.\n\n## References\n\nSmith, J. 2019.",
     "Appendix Removal in Children"),
    ("1. Background\n\nThe bridge is old. It shakes.\n\n2. Options\n\nThere are two. Both cost.\n\nA. Build a New "
     "Bridge\n\nIt takes years. It costs more.\n\nB. Repair the Old Bridge\n\nIt takes months. It costs less.\n\n"
     "3. Recommendation\n\nRepair it. Soon.\n\nReferences\n\nSmith, J. 2019. Bridges.", "3. Recommendation")])
def test_an_appendix_heading_followed_by_the_texts_sections_is_not_back_matter(text, heading):
    """A section titled 'Appendix …' or lettered 'A.' with sections of its rank after it, before the reference
    list, is the text's: it and all that followed were left out with the reference list."""
    doc = load_text(text)
    assert doc.meta["back_matter"]["heading"] == "References" and heading in doc.elements


@pytest.mark.parametrize("text, heading, kept_out", [
    ("# Les crues\n\n## Introduction\n\nLe fleuve déborde au printemps. Les quais sont inondés.\n\n## Résultats\n\n"
     "Le débit a augmenté. La hauteur a baissé.\n\n## Références\n\nDupont, J. 2019. Les fleuves. Revue.\n\n"
     "## Annexe A\n\nDes tableaux ici. Et encore ici.\n", "Références", ("Dupont", "tableaux")),
    ("1 Einleitung\n\nDer Fluss tritt im Frühjahr über die Ufer. Die Kais stehen unter Wasser.\n\n2 Ergebnisse\n\n"
     "Der Abfluss stieg. Der Pegel fiel.\n\nLiteratur\n\nMüller, J. 2019. Flüsse. Zeitschrift für Wasser.\n\n"
     "Anhang\n\nWeitere Zahlen hier. Und hier.", "Literatur", ("Müller", "Zahlen")),
    ("1 Introducción\n\nEl río se desborda en primavera. Los muelles se inundan.\n\n2 Resultados\n\nEl caudal subió. "
     "El nivel bajó.\n\nReferencias bibliográficas\n\nGarcía, J. 2019. Los ríos. Revista del agua.\n\n",
     "Referencias bibliográficas", ("García",))])
def test_a_reference_list_in_another_language_is_back_matter(text, heading, kept_out):
    """A French, German or Spanish paper's reference list and appendix are left out as an English one's are."""
    doc = load_text(text)
    assert doc.meta["back_matter"]["heading"] == heading and not doc.meta["back_matter"]["kept"]
    assert not any(word in e for e in doc.elements for word in kept_out)
    assert any(word in e for e in load_text(text, keep_back_matter=True).elements for word in kept_out)


def test_choose_reference_modes():
    ref_file = load(Path(__file__).resolve().parent / "data" / "choi_1_0.ref")
    assert choose_reference(ref_file, "auto").reference == ref_file.reference
    assert choose_reference(ref_file, "sections").reference is None  # no headings in a Choi file
    doc = load_text(MARKDOWN)
    assert choose_reference(doc, "auto").reference == reference(doc.meta["outline"])
    assert choose_reference(doc, "file").reference is None
    with pytest.raises(ParameterError):
        choose_reference(doc, "bogus")


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "segcore", *args], capture_output=True, text=True, timeout=300)


def test_cli_segment_scores_against_the_sections(tmp_path):
    f = tmp_path / "notes.md"
    f.write_text(MARKDOWN)
    r = run_cli("segment", str(f), "--method", "cvs", "--k", "3", "--reference", "sections")
    assert r.returncode == 0, r.stderr
    assert "against the document's sections (3 segments): Pk" in r.stderr
    r = run_cli("segment", str(PAPERS / "lexical_chains.pdf"), "--k", "5", "--reference", "subsections", "--to",
                "json")
    out = json.loads(r.stdout)
    # 13, was 14: the title, body text alone above the Abstract, is no section of its own
    assert set(out["scores"]) >= {"pk", "windowdiff", "f1"} and len(out["reference"]) == 13


def test_cli_segment_reference_needs_headings(tmp_path):
    f = tmp_path / "plain.txt"
    f.write_text("The cat sat on the mat. The dog ran away. It rained all day.")
    r = run_cli("segment", str(f), "--reference", "sections")
    assert r.returncode == 2 and "no section headings" in r.stderr


def test_cli_evaluate_uses_the_structure_of_texts_and_pdfs(tmp_path):
    (tmp_path / "notes.txt").write_text(MARKDOWN)
    (tmp_path / "paper.pdf").write_bytes((PAPERS / "river_sensors.pdf").read_bytes())
    (tmp_path / "plain.txt").write_text("No headings here. Just text.\n\nMore text here. And more.")
    r = run_cli("evaluate", str(tmp_path), "--method", "cvs", "--json")
    out = json.loads(r.stdout)
    assert out["summary"]["documents"] == 2
    assert r.returncode == 2 and "plain.txt: no reference" in r.stderr
    r = run_cli("evaluate", str(tmp_path), "--reference", "file")
    assert r.returncode == 2 and "no document with a reference" in r.stderr


def test_left_out_counts_read_in_the_singular_for_one():
    from segcore.structure import left_out_phrase
    assert left_out_phrase({"comments": 1, "code lines": 4, "overlays": 1}) == \
        "comments (1 line), code blocks (4 lines), the earlier steps of slides built up step by step (1 page)"


def test_the_written_words_follow_the_elements_a_derived_document_keeps():
    """meta['written'] (each word element as written) was copied whole to a derived document: after Alemi's protocol
    dropped elements, the text shown was another's words. It follows the kept elements; when an element is cut into
    several, the pieces' written text is not known and it is left out."""
    from segcore.document import WRITTEN
    from segcore.evaluation import alemi_protocol
    from segcore.structure import carried
    from segcore.text import lowered
    doc = load_text("The AI-assisted tools work. Then a new topic, Volcanoes!", level="word")
    doc.reference = [6, doc.n]
    kept = alemi_protocol(doc, min_words=1)
    assert 0 < kept.n < doc.n and [lowered(w.strip()) for w in kept.meta[WRITTEN]] == kept.elements
    assert WRITTEN not in carried({WRITTEN: ["Two words ", "here "]}, [0, 2, 4])
