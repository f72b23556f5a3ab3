"""Word 97–2003 documents (segcore.worddoc): text from the piece table, headings by outline level or style, what is
not text never read, what is left out counted, and files that are not readable Word documents refused with a message
(never another exception, whatever their bytes)."""
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from segcore.errors import InputError
from segcore.formats import sniff_format
from segcore.loaders import left_out_notes, load
from segcore.ole import OLE_MAGIC
from segcore.worddoc import read_doc

DATA = Path(__file__).parent / "data"
FEATURES = (DATA / "word97_features.doc").read_bytes()


def fib_at(data: bytes) -> int:
    """Where the WordDocument stream's File Information Block starts in the file (its sector, 0xA5EC first)."""
    return next(i for i in range(512, len(data), 512) if data[i:i + 2] == b"\xec\xa5")


def patched(data: bytes, at: int, new: bytes) -> bytes:
    return data[:at] + new + data[at + len(new):]


def test_what_word_marks_as_not_text_is_never_read_and_what_is_left_out_is_counted():
    """word97_features.doc: LibreOffice 7.4's .doc of word97_features.rtf beside it (a tracked deletion, hidden text, a
    field, a footnote, a table, Cyrillic, Chinese and an emoji, headings by style, style chain and outline level).
    LibreOffice wrote the PAGE field's shown result as the page number, 1."""
    doc = load(DATA / "word97_features.doc")
    assert doc.meta["format"] == "doc" and doc.meta["title"] == "Crafted Word Document"
    assert doc.elements == ["A Crafted Title", "Lava", "Visible words after a tab.", "Inserted words.",
                            "1 A footnote here.", "Русский text.", "火山。", "Emoji 🌋 here.", "Types",
                            "Pahoehoe is smooth.", "Ash", "Ash falls far.", "Kop", "Dutch styles work too."]
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [("Lava", 1), ("Types", 2), ("Ash", 1),
                                                                         ("Kop", 1)]
    assert left_out_notes(doc) == ["left out of the Word document: tables and figures (4 words), hidden text "
                                   "(2 words), footnotes (1)"]
    rtf = load(DATA / "word97_features.rtf")  # the same document as RTF: the same headings and text but the field
    assert [h.title for h in rtf.meta["outline"].headings] == [h.title for h in doc.meta["outline"].headings]
    assert [e for e in rtf.elements if e != "Shown result."] == [e.removeprefix("1 ") for e in doc.elements]


def test_a_document_written_by_word_reads_with_its_heading():
    """oletools_harmless_clean.doc: written by Microsoft Word (oletools' test data, BSD licence)."""
    doc = load(DATA / "oletools_harmless_clean.doc")
    assert doc.elements[:2] == ["Test", "This is a harmless test document."]
    assert "ünicöde-ßtringß" in doc.elements[-1]
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [("Test", 1)]


def test_a_word_document_is_told_by_its_content_and_a_doc_that_is_rtf_reads_as_rtf():
    assert sniff_format(FEATURES, "") == "doc" and sniff_format(FEATURES, "report.bin") == "doc"
    assert sniff_format((DATA / "word97_features.rtf").read_bytes(), "report.doc") == "rtf"
    assert sniff_format(b"<html><body><p>Saved by Word as a web page.</p></body></html>", "page.doc") == "html"
    assert load(b"Plain text. Saved under the name of a Word file.", source="notes.doc").elements[0] == "Plain text."
    assert load(FEATURES, source="x.bin").meta["format"] == "doc"


@pytest.mark.parametrize("edit,message", [
    (lambda d: patched(d, fib_at(d) + 10, bytes([d[fib_at(d) + 10], d[fib_at(d) + 11] | 0x01])),
     "password-protected"),
    (lambda d: patched(d, fib_at(d) + 2, b"\x65\x00"), "Word 6 or Word 95"),
    (lambda d: d.replace("WordDocument".encode("utf-16-le"), "XordDocument".encode("utf-16-le")),
     "not a Word document"),
    (lambda d: patched(d, fib_at(d), b"\x00\x00"), "no Word header"),
    (lambda d: d[:600], "damaged Office 97–2003 file"),
    (lambda d: b"Just text, not a Word document." * 20, "not an OLE compound file"),
])
def test_files_that_are_not_readable_word_documents_are_refused_with_a_message(edit, message):
    with pytest.raises(InputError, match=message):
        load(edit(FEATURES), format="doc", source="x.doc")


def test_a_text_length_the_file_cannot_hold_reads_the_text_there_is():
    """ccpText claims 4 billion characters: the text ends where the stream does (no 4-billion-character string)."""
    at = fib_at(FEATURES) + 32
    at += 2 + 2 * int.from_bytes(FEATURES[at:at + 2], "little") + 2 + 4 * 3  # csw, fibRgW, cslw; ccpText
    blocks, _, _ = read_doc(patched(FEATURES, at, b"\xf0\xff\xff\xff"), "x.doc")
    assert blocks[0].text == "A Crafted Title" and len(blocks) < 40


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(FEATURES) - 1), st.integers(0, 255)), min_size=1, max_size=40))
def test_damaged_bytes_give_a_document_or_a_message_never_another_error(changes):
    data = bytearray(FEATURES)
    for at, value in changes:
        data[at] = value
    try:
        read_doc(bytes(data), "x.doc")
    except InputError:
        pass


def test_an_office_file_that_is_not_word_is_named():
    at = FEATURES.index("WordDocument".encode("utf-16-le"))  # its directory entry: name, then the name's length
    data = patched(patched(FEATURES, at, "Workbook\0\0\0\0".encode("utf-16-le")), at + 64, (18).to_bytes(2, "little"))
    with pytest.raises(InputError, match="an Excel workbook; only Word documents are read"):
        load(data, source="sheet.xls")
    assert data[:8] == OLE_MAGIC
    name = "PowerPoint Document\0".encode("utf-16-le")  # 40 bytes: the name field holds 64
    data = patched(patched(FEATURES, at, name), at + 64, len(name).to_bytes(2, "little"))
    with pytest.raises(InputError, match=r"talk.ppt: a damaged PowerPoint 97–2003 presentation"):
        load(data, source="talk.ppt")  # a PowerPoint stream is read as a presentation (segcore.ppt): this one is not
    with pytest.raises(InputError, match=r"talk.doc: a PowerPoint 97–2003 presentation, not a Word document"):
        load(data, format="doc", source="talk.doc")
