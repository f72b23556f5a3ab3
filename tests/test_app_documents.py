"""The app on what users bring, under AppTest: uploads of every format (text, PDF, office, slides, web pages, e-books,
transcripts), the document line that says how each was read, their own sections as the reference, and bad files
that give an st.error and never an exception."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from explorer import documents
from tests.apptest import (PASTED, ROOT, SAMPLES, errors, heatmap, new_app, open_tab, overlay, paste, run,
                           summary, tiny_pdf, upload)
from tests.test_encodings import NOISE


def test_upload_choi_ref():
    at = run(new_app())
    upload(at, "doc.ref", (SAMPLES / "choi_3-11_2_7.ref").read_bytes())
    doc = at.session_state["_docstate"].doc
    assert doc.reference and len(doc.reference) == 10
    assert not errors(at) and heatmap(at)


def test_upload_compressed_ref_file():
    """A Choi file compressed with gzip keeps its format (from the name inside) and its reference."""
    at = run(new_app())
    upload(at, "doc.ref.gz", gzip.compress((SAMPLES / "choi_3-11_2_7.ref").read_bytes()))
    doc = at.session_state["_docstate"].doc
    assert doc.reference and len(doc.reference) == 10
    assert not errors(at) and heatmap(at)


@pytest.mark.parametrize("name", ["pandoc_volcanoes.docx", "libreoffice_volcanoes.doc", "pandoc_volcanoes.rtf",
                                  "pandoc_slides.pptx", "libreoffice_slides.odp"])
def test_upload_office_document(name):
    at = run(new_app())
    upload(at, name, (ROOT / "tests" / "data" / name).read_bytes())
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and doc.meta["format"] == name.rsplit(".", 1)[1] and doc.elements[1] == "Volcanoes"
    assert overlay(at)


def test_a_powerpoint_97_file_uploads():
    at = run(new_app())
    upload(at, "talk.ppt", gzip.decompress((ROOT / "tests" / "data" / "libreoffice_slides.ppt.gz").read_bytes()))
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and doc.meta["format"] == "ppt" and doc.elements[:2] == ["Volcanoes and Bread", "Volcanoes"]
    assert overlay(at)


def test_slides_read_their_speaker_notes_when_asked():
    at = run(new_app())
    upload(at, "talk.pptx", (ROOT / "tests" / "data" / "pandoc_slides.pptx").read_bytes())
    note = "Remind the class of last week’s plate tectonics."
    assert note not in at.session_state["_docstate"].doc.elements
    at.sidebar.checkbox(key="speaker_notes").check()
    run(at)
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and doc.elements[5] == note and overlay(at)
    assert "read: each slide's speaker notes, after its text" in documents.describe(doc)
    upload(at, "notes.txt", PASTED.encode())  # a text has no such option
    assert not at.sidebar.get("checkbox") or all(c.key != "speaker_notes" for c in at.sidebar.checkbox)


def test_upload_text_file():
    at = run(new_app())
    upload(at, "notes.txt", PASTED.encode())
    assert not errors(at)
    assert at.session_state["_docstate"].doc.reference is None
    assert overlay(at)
    upload(at, "windows.txt", PASTED.replace(". ", ". \u201cQuoted,\u201d she said. ", 1).encode("cp1252"))
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and any("\u201cQuoted,\u201d" in e for e in doc.elements) and overlay(at)
    assert "read as Windows-1252 (Western European): the file is not UTF-8" in documents.describe(doc)


LIGHT = {"notes.md": "# Notes\n\n## Volcanoes\n\n" + PASTED + "\n\n## Bread\n\n" + PASTED,
         "notes.org": "#+TITLE: Notes\n\n* Volcanoes\n\n" + PASTED + "\n\n* Bread\n\n" + PASTED,
         "notes.adoc": "= Notes\n\n== Volcanoes\n\n" + PASTED + "\n\n== Bread\n\n" + PASTED,
         "notes.rst": "Notes\n=====\n\nVolcanoes\n---------\n\n" + PASTED + "\n\nBread\n-----\n\n" + PASTED,
         "notes.tex": "\\documentclass{article}\\begin{document}\\section{Volcanoes}\n" + PASTED
                      + "\n\\section{Bread}\n" + PASTED + "\n\\end{document}\n",
         "notes.txt": PASTED,
         "article.txt": (Path(__file__).parent / "data" / "wikipedia_copy.txt").read_text(encoding="utf-8")}


@pytest.mark.parametrize("name, said", [("notes.md", "Markdown"), ("notes.org", "Org"), ("notes.adoc", "AsciiDoc"),
                                        ("notes.rst", "reStructuredText"), ("notes.tex", "LaTeX"),
                                        ("notes.txt", "plain text"),
                                        ("article.txt", "wiki article copied from a browser")])
def test_the_document_line_names_the_format_it_was_read_as(name, said):
    """A Markdown file was 'format: text' (its format key: Markdown is read by the text reader), reST 'format: rest':
    the line names the format as a reader knows it, Markdown when the text was read as Markdown."""
    doc = documents.load_bytes(LIGHT[name].encode(), name, "sentence", run=lambda fn, *a, **kw: fn(*a, **kw))
    assert f" · format: {said}" in documents.describe(doc)
    pasted = documents.load_bytes(LIGHT[name].encode(), "pasted text", "sentence", run=lambda fn, *a, **kw: fn(*a, **kw))
    assert name != "notes.md" or " · format: Markdown" in documents.describe(pasted)  # known by its marks alone
    assert name != "article.txt" or documents.describe(pasted).endswith(
        " · format: wiki article copied from a browser · left out of the article: contents and indexes (5 lines), "
        "citation marks (8), and the reference list and appendices (from the heading 'See also' on)")


def test_reading_an_upload_leaves_no_empty_box_in_the_sidebar():
    """The sidebar's 'Read notes.md' status box expanded to nothing: the success line below says what was read."""
    at = run(new_app())
    upload(at, "notes.md", LIGHT["notes.md"].encode())
    boxes = at.sidebar.get("status") + at.sidebar.get("expander")
    assert boxes and all(box.children for box in boxes), [box.label for box in boxes if not box.children]
    assert " · format: Markdown" in at.sidebar.success[0].value


def test_upload_an_org_file_gives_its_sections():
    at = run(new_app())
    org = "#+TITLE: Rivers\n\n* Floods\n\n" + PASTED + "\n\n* Droughts\n\n" + PASTED + "\n"
    assert {"org", "adoc", "asciidoc", "asc"} <= set(documents.UPLOAD_TYPES)  # the uploader offers them
    upload(at, "rivers.org", org.encode())
    doc = at.session_state["_docstate"].doc
    assert not errors(at) and overlay(at) and not any(e.startswith(("#+", "*")) for e in doc.elements)
    assert [h.title for h in doc.meta["outline"].headings][-2:] == ["Floods", "Droughts"]


def test_upload_pdf_with_text():
    at = run(new_app())
    lines = ["Volcanoes erupt lava and ash over the valley.", "Magma rises through the crust of the earth.",
             "Bread needs flour, water and yeast.", "The oven bakes the dough into a crust."]
    upload(at, "paper.pdf", tiny_pdf(lines))
    assert not errors(at), errors(at)
    at.sidebar.radio(key="k_mode").set_value("Number")  # a new upload starts on automatic K
    run(at)
    at.sidebar.number_input(key="k").set_value(2)
    run(at)
    assert at.session_state["_docstate"].doc.n >= 2
    assert "into **2 segments**" in summary(at)


@pytest.mark.parametrize("name,data,expected", [
    ("empty.txt", b"", "empty"),
    ("binary.txt", b"\x00\x01\x02\x03 binary", "binary"),
    ("noise.txt", NOISE, "not text in any encoding"),
    ("damaged.pdf", b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer garbage", "PDF"),
    ("scan.pdf", tiny_pdf(None), "no text layer"),
    ("old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "damaged Office 97–2003 file"),
    ("talk.pptx", b"PK\x03\x04 cut short", "the PowerPoint presentation is damaged"),
])
def test_bad_upload_gives_an_error(name, data, expected):
    at = run(new_app())
    upload(at, name, data)
    errs = errors(at)
    assert errs and any(expected.lower() in e.lower() for e in errs), errs
    assert not at.get("plotly_chart")


def test_upload_handler_directly():
    from segcore.errors import InputError

    doc = documents.load_bytes((SAMPLES / "arxiv_alemi2015_003.ref").read_bytes(), "x.ref", "sentence")
    assert doc.level == "word" and len(doc.reference) == 10  # arXiv files are word level whatever is asked
    packed = documents.load_bytes(gzip.compress((SAMPLES / "arxiv_alemi2015_003.ref").read_bytes()), "x.ref.gz",
                                  "sentence")
    assert packed.elements == doc.elements and packed.reference == doc.reference
    too_big = b"a" * (documents.max_upload_mb() * 1024 * 1024 + 1)
    with pytest.raises(InputError, match="MB limit"):
        documents.load_bytes(too_big, "big.txt", "sentence")
    with pytest.raises(InputError, match="empty"):
        documents.load_bytes(b"", "e.txt", "sentence")


def test_max_upload_size_is_configured_and_stated(monkeypatch):
    """The label said only 'up to 50 MB': the German Debian Reference, a 1 MB text, was then refused for its 979,207
    characters. The label states the characters a document may have too (EXPLORER_MAX_CHARS)."""
    toml = (ROOT / ".streamlit" / "config.toml").read_text()
    assert "maxUploadSize = 50" in toml
    at = run(new_app())
    at.sidebar.radio(key="src").set_value("Upload a file")
    run(at)
    assert "up to 50 MB and 500,000 characters of text" in at.sidebar.file_uploader(key="upload").label
    monkeypatch.setenv("EXPLORER_MAX_CHARS", "1000")
    at = run(new_app())
    at.sidebar.radio(key="src").set_value("Upload a file")
    run(at)
    assert "up to 50 MB and 1,000 characters of text" in at.sidebar.file_uploader(key="upload").label


def test_a_paper_offers_its_sections_as_the_reference():
    """A PDF with headings: the sidebar starts on its sections as the reference and scores against them; 'none'
    stays chosen while the same text is shown, K stays as set when only the reference changes, and the reference
    list can be kept: the same text read with it keeps K and the reference chosen (before, that toggle read as a
    new text: automatic K and the sections again)."""
    at = run(new_app())
    pdf = (ROOT / "tests" / "data" / "papers" / "lexical_chains.pdf").read_bytes()
    upload(at, "lexical_chains.pdf", pdf)
    box = at.sidebar.selectbox(key="structure_ref")
    assert "the paper's sections" in box.options and box.value == "the paper's sections"
    doc = at.session_state["_docstate"].doc
    assert doc.reference == [*doc.meta["outline"].starts(1), doc.n] and not errors(at)
    assert at.metric and at.metric[0].label == "Pk"
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(4)
    at.sidebar.selectbox(key="structure_ref").set_value("none")
    run(at)
    assert at.sidebar.selectbox(key="structure_ref").value == "none" and not at.metric
    assert at.sidebar.radio(key="k_mode").value == "Number" and at.sidebar.number_input(key="k").value == 4
    n = at.session_state["_docstate"].doc.n
    at.sidebar.checkbox(key="drop_back_matter").uncheck()  # the reference list and appendix are back
    run(at)
    assert at.session_state["_docstate"].doc.n > n and not errors(at)
    assert at.sidebar.selectbox(key="structure_ref").value == "none"
    assert at.sidebar.radio(key="k_mode").value == "Number" and at.sidebar.number_input(key="k").value == 4
    at.sidebar.selectbox(key="structure_ref").set_value("the paper's sections")
    run(at)
    assert at.metric


@pytest.mark.parametrize("name, fmt, sections, note", [
    ("paper.tex", "latex", "the paper's sections", "left out of the LaTeX source"),
    ("guide.rst", "rest", "the text's sections", "left out of the reST source")])
def test_a_latex_or_rest_source_uploads_with_its_sections(name, fmt, sections, note):
    from tests.test_latex import PAPER
    from tests.test_rest import GUIDE

    at = run(new_app())
    upload(at, name, (PAPER if fmt == "latex" else GUIDE).encode("utf-8"))
    assert not errors(at)
    doc = at.session_state["_docstate"].doc
    assert doc.meta["format"] == fmt and not any("\\" in e or "``" in e for e in doc.elements)
    assert at.sidebar.selectbox(key="structure_ref").value == sections and at.metric
    assert note in documents.describe(doc)


def test_document_line_says_the_headings_come_from_the_bookmarks():
    from segcore.loaders import load
    from tests.test_pdf_structure import manual_pdf

    line = documents.describe(load(manual_pdf()))
    assert "3 PDF pages · headings from its bookmarks (3 of 3 found in the text)" in line


def test_document_line_says_what_was_left_out_of_a_book():
    from segcore.loaders import load_text
    from tests.test_books import FOOTER, HEADER, PARA, book

    text = HEADER + book("THE LONG ROAD", *[x for n in ("I", "II", "III") for x in (f"CHAPTER {n}", PARA)]) + FOOTER
    line = documents.describe(load_text(text))
    assert "left out of the text: the Project Gutenberg header and licence (10 lines)" in line


def test_a_web_page_and_an_e_book_upload_with_their_sections_as_the_reference():
    """An uploaded HTML page: its text without the site's chrome, the page's sections offered as the reference and
    scored when chosen, what was left out said; an EPUB likewise, as a book."""
    from tests.test_html import BOOK, WIKI, _epub

    at = run(new_app())
    upload(at, "Lighthouse.html", WIKI.encode("utf-8"))
    assert not errors(at)
    doc = at.session_state["_docstate"].doc
    assert doc.meta["format"] == "html" and "Jump to content" not in " ".join(doc.elements)
    box = at.sidebar.selectbox(key="structure_ref")
    assert "the page's sections" in box.options and box.value == "the page's sections"
    assert at.session_state["_docstate"].doc.reference == [3, 7, 10] and at.metric and not errors(at)
    line = documents.describe(at.session_state["_docstate"].doc)
    assert "format: HTML" in line and "left out of the page: " in line and "citation marks (3)" in line
    upload(at, "book.epub", _epub(BOOK, ["nav", "c1", "c2"]))
    assert not errors(at)
    assert "the book's sections" in at.sidebar.selectbox(key="structure_ref").options


def test_an_uploaded_transcript_shows_its_segments_times_and_offers_chapters():
    """Captions (.srt): the text said, the recording's length in the document line, each segment's times in the
    Segments tab, and a Chapters download beside the other exports."""
    from tests.test_captions import _lecture

    at = run(new_app())
    upload(at, "lecture.srt", _lecture().encode("utf-8"))
    assert not errors(at)
    doc = at.session_state["_docstate"].doc
    assert doc.meta["format"] == "captions" and doc.n == 24 and "-->" not in " ".join(doc.elements)
    assert "1:59 of recording" in documents.describe(doc)
    table = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    assert table["where"].iloc[0].startswith("0:00–")
    assert len(open_tab(at, "Export").get("download_button")) == 5
    at.sidebar.radio(key="k_mode").set_value("Number")
    run(at)
    at.sidebar.number_input(key="k").set_value(2)
    notes = [c.value for c in open_tab(at, "Export").caption if c.value.startswith("Chapters:")]
    assert len(notes) == 1 and notes[0].endswith(": 2 chapters, fewer than 3."), notes
    paste(at, _lecture())
    assert at.session_state["_docstate"].doc.meta["format"] == "captions" and not errors(at)


def test_a_wikipedia_copy_is_scored_against_its_sections_and_the_sidebar_says_so():
    """A Wikipedia article pasted as a browser copies it: its '[edit]' headings give the reference (the text's
    article's sections), and the box for typed segment ends names that reference, not a file the paste never was."""
    at = paste(run(new_app()), (ROOT / "tests" / "data" / "wikipedia_copy.txt").read_text("utf-8"))
    assert not errors(at) and at.sidebar.selectbox(key="structure_ref").value == "the article's sections"
    assert "(the article's sections)" in documents.describe(at.session_state["_docstate"].doc) and at.metric
    assert at.sidebar.text_input(key="ref_text").placeholder == "(the article's sections)"
    upload(at, "choi.ref", (SAMPLES / "choi_3-11_2_7.ref").read_bytes())
    assert at.sidebar.text_input(key="ref_text").placeholder == "(taken from the file)"


def test_a_highlighted_segment_of_a_transcript_shows_its_times():
    """The card of a highlighted segment of a timed transcript names its times, as the segment's header in the text
    and the Segments table do: where to listen to it in the recording."""
    from tests.test_transcripts import _transcript

    at = upload(run(new_app()), "meeting.txt", _transcript("otter").encode("utf-8"))
    at.selectbox(key="highlight").set_value(1)
    run(at)
    where = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)["where"].iloc[1]
    card = next(h.proto.body for h in at.get("html") if "segx-selected" in h.proto.body)
    assert f"· {where}" in card, (where, card)


def test_the_preview_says_when_each_line_was_said_and_on_which_page():
    """The preview of the text read names each row's start time in a recording (as the Segments table writes times)
    and its page in a PDF; a text with neither has no such column."""
    from segcore.document import clock
    from tests.test_captions import _lecture

    at = upload(run(new_app()), "lecture.srt", _lecture().encode("utf-8"))
    preview = at.table[0].value
    assert list(preview.columns) == ["sentence", "where", "text"], preview.columns
    assert list(preview["where"][:3]) == ["0:00", "0:05", "0:10"]
    segments = next(d.value for d in open_tab(at, "Segments").dataframe if "segment" in d.value.columns)
    assert segments["where"].iloc[0].startswith(preview["where"].iloc[0] + "–")  # one way of writing a time
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    words = at.table[0].value
    times = at.session_state["_docstate"].doc.meta["times"]  # each word the time of its line
    assert list(words.columns) == ["words", "where", "text"] and words["where"][1] == clock(times[40][0]) != "0:00"
    assert any("'where': the time in the recording or the page" in c.value for c in at.caption)  # said what it is
    upload(at, "paper.pdf", tiny_pdf(["Volcanoes erupt lava and ash over the valley.",
                                      "Bread needs flour, water and yeast."]))
    assert set(at.table[0].value["where"]) == {"p. 1"}
    paste(at, PASTED)
    assert "where" not in at.table[0].value.columns and not any("'where'" in c.value for c in at.caption)


def test_a_preview_row_ends_where_a_written_word_ends():
    """The word-level preview cut its rows every 40 word elements, and a written word can be several elements ('AI',
    '-', 'assisted'): a row could end inside it ('… Note: AI-' | 'assisted tools …'). A row now ends only where the
    text writes a space (at least 40 elements), so the rows joined are the text as written, none of it lost or twice;
    at sentence level a row is a sentence, as before."""
    from segcore.document import INLINE_BREAK
    from segcore.loaders import load_text
    paragraphs = ["Note: " + "AI-assisted tools help. " * 11, "Bakers' well-known dough-based loaves rise. " * 9]
    doc = load_text("\n\n".join(paragraphs), level="word")
    rows = documents.preview_rows(doc, limit=doc.n)
    assert len(rows) > 3
    assert " ".join(r["text"].replace(INLINE_BREAK, " ") for r in rows) == " ".join(" ".join(paragraphs).split())
    spans = [[int(x) for x in r["words"].split("–")] for r in rows]
    assert spans[0][0] == 0 and spans[-1][1] == doc.n - 1
    assert all(b + 1 == c for (_, b), (c, _) in zip(spans, spans[1:]))
    assert all(b - a + 1 >= 40 for a, b in spans[:-1])
    sentences = load_text("\n\n".join(paragraphs))
    assert [r["text"] for r in documents.preview_rows(sentences, limit=sentences.n)] == sentences.elements


def test_a_preview_row_of_one_long_written_word_is_cut_at_twice_its_length():
    """A row waits for a written word's end (above), but a run the text writes without a space (a URL, 'a-b-c-…')
    can be the whole text: a row then ends after 80 elements, and the rows joined still give every element once."""
    from segcore.loaders import load_text
    doc = load_text("Start here. " + "-".join(["part"] * 150) + " and the end.", level="word")
    rows = documents.preview_rows(doc, limit=doc.n)
    spans = [[int(x) for x in r["words"].split("–")] for r in rows]
    assert max(b - a + 1 for a, b in spans) == 80
    assert spans[0][0] == 0 and spans[-1][1] == doc.n - 1
    assert all(b + 1 == c for (_, b), (c, _) in zip(spans, spans[1:]))
