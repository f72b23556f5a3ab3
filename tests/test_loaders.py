"""Tests of segcore.loaders: texts at sentence and word level, the benchmark formats (Choi, arXiv, wiki727), PDFs'
basics and damage, files, bytes and standard input, encodings and stray NUL bytes, and the errors a user sees (all
offline)."""
from __future__ import annotations

import base64
import bz2
import gzip
import io
import lzma
import re
import sys
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from segcore import folders, sentences
from segcore.document import Document
from segcore.methods import segment
from segcore.pdf import read_pdf
from segcore.pdfcut import inflate_damaged
from segcore.errors import InputError, ParameterError, SegcoreError
from segcore.loaders import (left_out_notes, load, load_pdf, load_pdf_document, load_text, parse_arxiv, parse_choi,
                             read_arxiv_bytes, read_text_bytes, word_elements)
from tests.test_encodings import NOISE
from tests.datafiles import ARXIV, ARXIV_BAD, CHOI_1_0, CHOI_3_48, DATA


LECTURE = DATA / "lecture_ai_02-28-01.ref"
TINY_PDF = DATA / "tiny.pdf"
NOTEXT_PDF = DATA / "notext.pdf"


def lengths(doc: Document) -> list[int]:
    return [b - a for a, b in doc.segments(doc.reference)]


def test_load_text_sentence_and_word_levels():
    doc = load_text("The cat sat. The dog ran away.", source="x")
    assert doc.elements == ["The cat sat.", "The dog ran away."]
    assert doc.level == "sentence" and doc.reference is None and doc.source == "x"
    words = load_text("The cat sat.", level="word")
    assert words.elements == ["the", "cat", "sat", "."] and words.level == "word"


@pytest.mark.parametrize("text", ["", "   \n\t  \n"])
def test_load_text_empty(text):
    with pytest.raises(InputError, match="empty"):
        load_text(text)


def test_load_text_single_sentence_suggests_word_level():
    with pytest.raises(InputError, match=r"only one sentence.*level='word'"):
        load_text("Just one sentence here.")


def test_load_text_bad_level():
    with pytest.raises(ParameterError, match="sentence.*word"):
        load_text("A b. C d.", level="paragraph")


def test_read_text_bytes():
    assert read_text_bytes("\ufeffhéllo".encode("utf-8")) == "héllo"
    assert read_text_bytes("héllo".encode("utf-16")) == "héllo"  # a BOM makes UTF-16 unambiguous
    with pytest.raises(InputError, match=r"not text in any encoding recognised.*byte offset 3 \(line 2\)") as e:
        read_text_bytes(b"ok\n" + NOISE, source="f.txt")
    assert "f.txt" in str(e.value) and not isinstance(e.value, UnicodeError)
    with pytest.raises(InputError, match="looks like a binary file"):
        read_text_bytes(b"\x7fELF\x02\x01\x00\x00\x00")
    with pytest.raises(InputError, match="format='pdf'"):
        read_text_bytes(TINY_PDF.read_bytes())


def test_read_arxiv_bytes_replaces_invalid_utf8():
    data = ARXIV_BAD.read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    assert "\ufffd" in read_arxiv_bytes(data)


def test_parse_choi_real_files():
    doc = parse_choi(CHOI_1_0.read_text(encoding="utf-8"), source="1_0")
    assert doc.level == "sentence" and doc.n == 60 and len(doc.reference) == 10
    assert lengths(doc) == [5, 3, 6, 7, 9, 4, 5, 7, 5, 9]
    assert all(3 <= k <= 11 for k in lengths(doc))
    assert doc.elements[2] == "He urged support for President Kennedy 's requests for both defense and foreign aid appropriations ."
    assert lengths(parse_choi(CHOI_3_48.read_text(encoding="utf-8"))) == [4, 4, 5, 3, 3, 9, 9, 5, 3, 9]


def test_parse_choi_lecture_with_windows_line_endings():
    raw = LECTURE.read_bytes()
    assert b"\r\n" in raw
    doc = load(LECTURE)
    assert doc.meta["format"] == "choi" and doc.n == 462 and len(doc.reference) == 12
    assert not any("\r" in e or e.endswith(" ") for e in doc.elements)


def test_parse_choi_variants():
    text = "a one \r\n\r\nb two  \n==========  \n==========\nc three\n==========\nd four\n"
    doc = parse_choi(text)  # no opening/closing separator, blank lines, an empty segment
    assert doc.elements == ["a one", "b two", "c three", "d four"] and doc.reference == [2, 3, 4]
    assert parse_choi("x\ny\n").reference == [2]
    with pytest.raises(InputError, match="no sentences"):
        parse_choi("==========\n\n==========\n")


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(st.from_regex(r"[A-Za-z][A-Za-z ,.]{0,20}", fullmatch=True), min_size=1, max_size=5),
                min_size=1, max_size=6), st.booleans())
def test_parse_choi_roundtrip(segments, crlf):
    nl = "\r\n" if crlf else "\n"
    text = nl.join(["=========="] + [nl.join(s + ["=========="]) for s in segments]) + nl
    doc = parse_choi(text)
    assert lengths(doc) == [len(s) for s in segments]
    assert doc.elements == [line.strip() for s in segments for line in s]


def test_parse_arxiv_real_file():
    doc = parse_arxiv(ARXIV.read_text(encoding="utf-8"), source="328")
    assert doc.level == "word" and len(doc.reference) == 10 and doc.reference[-1] == doc.n == 1545
    assert not any("BR" in w for w in doc.elements)


def test_parse_arxiv_glued_separators():
    doc = parse_arxiv("a b cBR. d eBRf g BR h UNKBRUNK i")
    assert doc.elements == ["a", "b", "c", ".", "d", "e", "f", "g", "h", "UNK", "UNK", "i"]
    assert doc.reference == [3, 6, 8, 10, 12]
    assert parse_arxiv("BR a b BR BR c BR").reference == [2, 3]  # empty segments are skipped


def test_load_arxiv_invalid_utf8():
    doc = load(ARXIV_BAD)
    assert doc.meta["format"] == "arxiv" and doc.meta["invalid_utf8_replaced"] > 0
    assert len(doc.reference) == 10 and doc.level == "word"


def test_arxiv_has_no_sentence_level():
    with pytest.raises(ParameterError, match="level='word'"):
        load(ARXIV, level="sentence")


def test_choi_at_word_level():
    doc = load(CHOI_3_48, level="word")
    sent = load(CHOI_3_48)
    assert doc.level == "word" and len(doc.reference) == len(sent.reference)
    assert doc.n == sum(len(word_elements(s)) for s in sent.elements)


@pytest.fixture(scope="module")
def tiny_text():
    return load_pdf(TINY_PDF)


def test_pdf_ligatures_hyphenation_and_words(tiny_text):
    t = tiny_text
    assert not re.search("[\ufb00-\ufb06]", t)
    assert "find the boundaries" in t and "most efficient methods" in t and "the flow of words" in t
    assert "topical segments." in t and "seg-" not in t  # hyphenated across a line end
    assert "without any explicit marker" in t
    assert "Real-World" in t  # a real compound (next line starts upper-case) keeps its hyphen
    assert "Notes on Text Segmentation" in t


def test_pdf_page_furniture_removed(tiny_text):
    lines = [ln.strip() for ln in tiny_text.splitlines()]
    assert "Tiny Test Journal" not in tiny_text  # running header on every page
    assert not any(re.fullmatch(r"(Page )?\d+( of \d+)?", ln) for ln in lines)
    assert "1997" in tiny_text  # numbers inside sentences stay


def test_pdf_paragraphs_and_page_break_join(tiny_text):
    paras = [p for p in tiny_text.split("\n\n") if p.strip()]
    assert all("\n" not in p.strip() for p in paras)
    # a sentence that runs over the page break is one paragraph again
    assert "the segments produced are then compared with a reference segmentation" in tiny_text
    # the two-column page is read column by column
    assert tiny_text.index("moves around the Sun") < tiny_text.index("Gardeners plant")
    assert "Astronomers measure the distance to nearby stars by parallax" in tiny_text


def test_pdf_document():
    doc = load_pdf_document(TINY_PDF)
    assert doc.meta["format"] == "pdf" and doc.meta["pages"] == 3 and doc.source == str(TINY_PDF)
    assert "Dr. Smith showed in 1997 that the flow of words is the only signal available, and the segments " \
           "produced are then compared with a reference segmentation drawn by human annotators." in doc.elements
    assert load(TINY_PDF).elements == doc.elements
    assert load(TINY_PDF.read_bytes()).elements == doc.elements  # sniffed by the %PDF magic
    assert load(TINY_PDF, level="word").level == "word"


def test_pdf_not_a_pdf():
    with pytest.raises(InputError, match="not a PDF"):
        load_pdf(b"Hello, this is plain text.")
    with pytest.raises(InputError, match="not a PDF"):
        load_pdf(b"")


@pytest.mark.parametrize("frac", [0.1, 0.5])
def test_pdf_truncated(frac):
    """A file cut short before its first page's objects are all in it has nothing to read: refused as damaged."""
    data = TINY_PDF.read_bytes()
    with pytest.raises(InputError, match="damaged PDF") as e:
        load_pdf(data[: int(len(data) * frac)])
    assert "cut short" in str(e.value)  # no %%EOF at its end: the user is told why, not only that it failed


def test_pdf_cut_short_reads_its_whole_pages():
    """A file cut short (a download that stopped: no cross-reference table, trailer nor %%EOF at its end) was refused
    as damaged; its pages whose objects all lie before the cut are read, as the whole file reads them, and a note
    says from which page on nothing was read."""
    data = TINY_PDF.read_bytes()
    whole, cut = read_pdf(data), read_pdf(data[: int(len(data) * 0.9)])
    assert 0 < cut.pages < whole.pages and cut.cut_at == cut.pages + 1 and whole.cut_at == 0
    assert [b.text for b in cut.blocks[:-1]] == [b.text for b in whole.blocks[: len(cut.blocks) - 1]]
    assert {page for b in cut.blocks for _, page, _ in b.marks} == set(range(1, cut.pages + 1))
    doc = load_pdf_document(data[: int(len(data) * 0.9)])
    assert doc.meta["cut_at"] == cut.cut_at and "cut_at" not in load_pdf_document(data).meta
    assert any(f"nothing from page {cut.cut_at} on was read" in note for note in left_out_notes(doc))


def test_pdf_content_stream_damaged_reads_its_text_before_the_damage():
    """A Flate stream zlib refuses is read up to its damage: pdfminer's fallback returned nothing when the damage lies
    before the stream's checksum (a page without text: refused as a scan), and took quadratic time."""
    from tests.data.make_pdfs import build, column
    lines = [f"Sentence {w} of the page is read before the damage." for w in ("one", "two", "three", "four")]
    ops = "\n".join(f"BT /F2 10 Tf 1 0 0 1 {x} {y} Tm ({t}) Tj ET" for _, _, x, y, t in column(lines, 72, 700))
    deflate = zlib.compressobj()
    before = deflate.compress(ops.encode()) + deflate.flush(zlib.Z_FULL_FLUSH)  # all of `ops` out before the damage
    stream = before + b"\xff" + deflate.compress(b"BT /F2 10 Tf 72 300 Td (After.) Tj ET") + deflate.flush()
    with pytest.raises(zlib.error):  # 0xff: a block of a reserved type
        zlib.decompress(stream)
    assert inflate_damaged(stream) == ops.encode()
    cut = zlib.compress(ops.encode())[:-40]
    assert inflate_damaged(cut) == zlib.decompressobj().decompress(cut)
    text = " ".join(b.text for b in read_pdf(build([stream])).blocks)
    assert all(line in text for line in lines) and "After" not in text
    # the same stream after an ASCII85 filter (/Filter [/A85 /Fl], as long as /FlateDecode: the offsets stay)
    a85 = build([base64.a85encode(stream) + b"~>"]).replace(b"/Filter /FlateDecode", b"/Filter [/A85 /Fl]  ")
    assert " ".join(b.text for b in read_pdf(a85).blocks) == text
    from pdfminer import pdftypes  # pdfminer's fallback stays its own for anyone else using it in the process
    assert pdftypes.decompress_corrupted.__module__ == "pdfminer.pdftypes"


def test_pdf_cut_short_opens_parsing_only_its_catalog(monkeypatch):
    """A file cut before its trailer has its catalog found among the objects whose bytes say /Type /Catalog, in the
    file or in an object stream's inflated data: only those are parsed to open it, not every object the scan found
    (pdfminer's own fallback already parsed each once)."""
    from tests.data.make_pdfs import build, write_pdf
    from segcore.pdfcut import CutDocument, Parser, cut_document
    parsed, getobj = [], CutDocument.getobj
    monkeypatch.setattr(CutDocument, "getobj", lambda self, objid: parsed.append(objid) or getobj(self, objid))
    data = TINY_PDF.read_bytes()
    doc = cut_document(Parser(io.BytesIO(data[: data.rindex(b"xref")])), None)
    catalog = int(re.search(rb"(\d+) 0 obj\s*<<\s*/Type\s*/Catalog", data).group(1))
    assert parsed == [catalog] and "Pages" in doc.catalog and len(list(doc.xrefs[0].get_objids())) > 5
    # the catalog (object 1) in a compressed object stream, after an object 1 of the same number it replaces
    objs = re.findall(rb"\d+ 0 obj\n(.*?)\nendobj", build(["BT /F2 10 Tf 72 700 Td (Text.) Tj ET"]), re.S)
    packed = zlib.compress(b"1 0 " + objs[0])
    objs = [b"<< >>", *objs[1:], b"<< /Type /ObjStm /N 1 /First 4 /Length %d /Filter /FlateDecode >>\nstream\n"
            % len(packed) + packed + b"\nendstream"]
    parsed.clear()
    pdf = write_pdf(objs, 1)
    doc = cut_document(Parser(io.BytesIO(pdf[: pdf.rindex(b"xref")])), None)
    assert set(parsed) == {1, len(objs)} and "Pages" in doc.catalog


def test_pdf_cut_in_its_trailer_reads_every_page():
    """A file cut after its last object (its page tree's /Count read): every page read, nothing said lost."""
    data = TINY_PDF.read_bytes()
    cut = read_pdf(data[: data.rindex(b"xref")])
    assert cut.cut_at == 0 and [b.text for b in cut.blocks] == [b.text for b in read_pdf(data).blocks]


def test_pdf_cut_short_stops_at_a_missing_page():
    """A page missing from a cut file (its object not found) ends the reading there: the pages after it are not read
    in its place (pdfminer passes over a page tree's kid that is not in the file)."""
    data = TINY_PDF.read_bytes()
    kids = re.search(rb"/Kids \[(\d+) 0 R (\d+) 0 R", data)
    second = re.search(kids.group(2) + rb" 0 obj", data)
    damaged = data[: second.start()] + b"% " + data[second.start() + 2: data.rindex(b"xref")]
    cut = read_pdf(damaged)
    assert cut.pages == 1 and cut.cut_at == 2
    assert {page for b in cut.blocks for _, page, _ in b.marks} == {1}


@pytest.mark.parametrize("frac", [0.25, 0.5, 0.9])
def test_pdf_linearized_cut_short(frac):
    """A linearized ('fast web view') file cut short: pdfminer opens it from its first page's cross-reference table
    (at the file's start), which lists no page, and it was refused as having no text layer. It is read as a cut file
    now: its whole pages with the note, or the cut-short refusal; the whole file reads as tiny.pdf does.
    (tests/data/tiny-linearized.pdf: tiny.pdf by `mutool clean -l`.)"""
    data = (TINY_PDF.parent / "tiny-linearized.pdf").read_bytes()
    assert [b.text for b in read_pdf(data).blocks] == [b.text for b in read_pdf(TINY_PDF.read_bytes()).blocks]
    try:
        cut = read_pdf(data[: int(len(data) * frac)])
    except InputError as e:
        assert "cut short" in str(e) and "text layer" not in str(e)
    else:
        assert cut.cut_at == cut.pages + 1 and cut.blocks


def test_pdf_with_bytes_after_its_end_is_read_whole(monkeypatch):
    """A whole file with bytes after its %%EOF (padding, a mail's signature) that pdfminer opens is no file cut
    short: read by pdfminer's own document, not by segcore.pdfcut's scan."""
    import segcore.pdfcut

    def refused(*args):
        raise AssertionError("read as a file cut short")
    monkeypatch.setattr(segcore.pdfcut, "cut_document", refused)
    data = TINY_PDF.read_bytes()
    padded = read_pdf(data + b"\0" * 4096)
    assert padded.cut_at == 0 and [b.text for b in padded.blocks] == [b.text for b in read_pdf(data).blocks]


@pytest.mark.parametrize("frac", [0.5, 0.9, 0.97])
def test_pdf_encrypted_cut_short_reads_no_garbage(frac):
    """An encrypted file cut short loses its trailer's /Encrypt entry, so pdfminer does not decrypt its streams: read,
    its pages gave nothing ('no text layer') or garbage. Its content streams are not zlib data nor PDF operators:
    no page is whole, and it is refused as cut short. (tests/data/tiny-encrypted.pdf: tiny.pdf by
    `mutool clean -E rc4-128 -O owner`, no user password: the whole file reads.)"""
    data = (TINY_PDF.parent / "tiny-encrypted.pdf").read_bytes()
    assert [b.text for b in read_pdf(data).blocks] == [b.text for b in read_pdf(TINY_PDF.read_bytes()).blocks]
    with pytest.raises(InputError, match="cut short"):
        read_pdf(data[: int(len(data) * frac)])


@pytest.mark.parametrize("frac", [0.5, 0.9, 0.97])
def test_pdf_encrypted_cut_short_with_its_encryption_dictionary_is_said_encrypted(frac):
    """An encrypted file whose trailer refers to its encryption dictionary as an object of its own (/Encrypt 12 0 R,
    as qpdf and Acrobat write it), the object before the cut: refused as cut short and encrypted (its pages cannot be
    decrypted without the file's ID, in the trailer lost with the cut), where it was said cut short only.
    (tests/data/tiny-encrypted.pdf with its trailer's /Encrypt dictionary written as object 12, first.)"""
    data = (TINY_PDF.parent / "tiny-encrypted.pdf").read_bytes()
    first, xref = data.index(b"1 0 obj"), data.rindex(b"\nxref") + 1
    trailer, encrypt = re.search(rb"trailer\s*<<(.*)/Encrypt(<<.*>>)>>\s*startxref", data, re.S).groups()
    pdf = data[:first] + b"12 0 obj\n" + encrypt + b"\nendobj\n" + data[first:xref]
    heads = {int(m.group(1)): m.start() for m in re.finditer(rb"(?m)^(\d+) 0 obj", pdf)}
    pdf += (b"xref\n0 13\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % heads[i] for i in range(1, 13))
            + b"trailer\n<<" + trailer.replace(b"/Size 12", b"/Size 13") + b"/Encrypt 12 0 R>>\nstartxref\n"
            + b"%d\n%%%%EOF\n" % len(pdf))
    assert [b.text for b in read_pdf(pdf).blocks] == [b.text for b in read_pdf(TINY_PDF.read_bytes()).blocks]
    with pytest.raises(InputError, match="cut short .* and encrypted"):
        read_pdf(pdf[: int(len(pdf) * frac)])


def test_pdf_garbage_after_magic():
    with pytest.raises(InputError, match="damaged PDF") as e:
        load_pdf(b"%PDF-1.7\n" + bytes(range(256)) * 4)
    assert isinstance(e.value.__cause__, Exception)


def test_pdf_without_text_layer():
    with pytest.raises(InputError, match=r"no text layer.*OCR"):
        load_pdf(NOTEXT_PDF)


def test_pdf_extension_but_not_pdf(tmp_path):
    f = tmp_path / "paper.pdf"
    f.write_text("not really a pdf")
    with pytest.raises(InputError, match="not a PDF"):
        load(f)


def test_load_text_file_and_source(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("First sentence here. Second one there.\n", encoding="utf-8")
    doc = load(f)
    assert doc.source == str(f) and doc.elements == ["First sentence here.", "Second one there."]
    assert load(str(f), source="mine").source == "mine"


def test_load_auto_formats():
    assert load(CHOI_1_0).meta["format"] == "choi"
    assert load(ARXIV).meta["format"] == "arxiv"
    assert load(CHOI_1_0.read_bytes()).meta["format"] == "choi"  # nameless: sniffed by its first line
    assert load(b"One thing. Another thing.").meta["format"] == "text"
    pasted = b"Background\n==========\n\nThe river rises. Farmers plant.\n\nMethods\n=======\n\nWe measured.\n"
    doc = load(pasted)  # a Markdown title of ten letters is underlined by a Choi separator: not a Choi file
    assert doc.meta["format"] == "text" and [h.title for h in doc.meta["outline"].headings] == ["Background", "Methods"]
    assert load(CHOI_1_0, format="text").meta["format"] == "text"


def test_a_text_that_opens_with_the_choi_separator_is_a_choi_file(tmp_path):
    """A Choi file renamed .txt is read as the .ref is, as nameless input is; a reST title between two separator lines
    and a blank line (a README's, a changelog's) is no Choi segment, a short sentence between them is."""
    renamed = tmp_path / "1_0.txt"
    renamed.write_bytes(CHOI_1_0.read_bytes())
    doc, ref = load(renamed), load(CHOI_1_0)
    assert doc.meta["format"] == "choi" and (doc.elements, doc.reference) == (ref.elements, ref.reference)
    titled = b"==========\nUser Guide\n==========\n\nThe river rises. Farmers plant.\n\nMethods\n=======\n\nWe ran.\n"
    short = b"==========\nIt rained.\n==========\nThe river rises.\nFarmers plant.\n==========\n"
    for name in ("guide.txt", None):
        assert load(titled, source=name).meta["format"] != "choi"
        assert load(short, source=name).reference == [1, 3]


def test_a_choi_export_reads_back_as_the_segmentation_it_wrote():
    """The app offers the Choi export as '<document>.<method>.k<K>.ref'; the CLI writes it to standard output, which
    one may save under any name: each reads back as the same elements and boundaries."""
    from segcore import exports
    from segcore.methods import Segmentation

    paper = load(DATA.parent.parent / "assets" / "samples" / "alemi_ginsparg_2015_paper.txt")
    titled = load_text("Rivers\n======\n\nThe river rises. Farmers plant.\n\nIt rained. Then the sun came.\n")
    for doc, ends in ((paper, [7, 40, 41, paper.n]), (titled, [1, 3, titled.n])):  # a short title as a segment
        seg = Segmentation(boundaries=ends, method="c99", params={}, n_elements=doc.n, k_automatic=False)
        data = exports.to_choi(doc, seg).encode()
        for name in (f"paper.c99.k{len(ends)}.ref", "paper.txt", None):
            back = load(data, source=name)
            assert (back.elements, back.reference) == (doc.elements, ends)


def test_bytes_with_a_file_name_are_read_as_that_file_is(tmp_path):
    """load(data, source=name) chooses the format as load(path) does for a file of that name: the extension counts
    (a .rst, .html, .org or .ref file, a Markdown file that reads like a manual page), and the content still where
    it does for a path (a PDF under a .txt name, gzip under its .gz name)."""
    files = {"notes.rst": b"Rivers\n======\n\nThe river rises. Farmers plant.\n",
             "page.html": b"<p>The river rises.</p><p>Farmers plant.</p>",
             "ideas.org": b"* Rivers\nThe river rises. Farmers plant.\n",
             "doc.ref": CHOI_1_0.read_bytes(), "paper.txt": TINY_PDF.read_bytes(),
             "usage.md": b".TH TOOL 1\n.SH NAME\ntool \\- does things. It runs.\n",
             "notes.rst.gz": gzip.compress(b"Rivers\n======\n\nThe river rises. Farmers plant.\n")}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        read = load(tmp_path / name)
        assert load(data, source=name).meta["format"] == read.meta["format"], name
        assert load(data, source=f"uploads/{name}").elements == read.elements, name
    assert [load(files[n], source=n).meta["format"] for n in ("notes.rst", "page.html", "ideas.org", "paper.txt")] \
        == ["rest", "html", "org", "pdf"]
    assert load(files["notes.rst"]).meta["format"] == "text"  # without a name: by its content


def test_load_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(CHOI_3_48.read_bytes())))
    doc = load("-")
    assert doc.source == "<stdin>" and doc.n == 54


def test_load_errors(tmp_path):
    with pytest.raises(InputError, match="file not found: .*nope.txt"):
        load(tmp_path / "nope.txt")
    with pytest.raises(InputError, match="directory"):
        load(tmp_path)
    with pytest.raises(ParameterError, match="auto, text, org, asciidoc, latex, rest, man, pdf, html, epub, docx, "
                                             "odt, rtf, doc, pptx, ppt, odp, captions, transcript, choi, wiki727, arxiv"):
        load(CHOI_1_0, format="wpd")
    with pytest.raises(InputError, match="choi_1_0.ref: not an RTF document"):
        load(CHOI_1_0, format="rtf")
    with pytest.raises(InputError, match="choi_1_0.ref: not a readable Word document"):
        load(CHOI_1_0, format="docx")
    bad = tmp_path / "noise.txt"
    bad.write_bytes(NOISE)
    with pytest.raises(InputError, match="noise.txt: not text in any encoding recognised"):
        load(bad)
    binary = tmp_path / "blob.txt"
    binary.write_bytes(b"abc\x00\x01\x02" * 10)
    with pytest.raises(InputError, match="binary"):
        load(binary)
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(InputError, match="empty"):
        load(empty)
    with pytest.raises(InputError, match="load_text"):
        load("This is a long text that somebody passed instead of a path.\nIt has two lines.")
    with pytest.raises(InputError, match="load_text"):
        load("A very long sentence passed by mistake instead of a file name. " * 20)


def test_errors_are_segcore_errors():
    for bad in (b"\xff\xfe\xfd", b"%PDF-1.4\n", b"\x00\x00"):
        with pytest.raises(SegcoreError):
            load(bad)


def test_a_text_that_declares_its_encoding_is_read_in_it_without_a_note():
    """Project Gutenberg's older books are ISO-8859-1 and say so in their header; Emacs and vim cookies and LaTeX's
    inputenc declare one too; a reading the file declares needs no note (undeclared ones: tests/test_encodings.py)."""
    book = ("The Project Gutenberg EBook of Caf\xe9s\n\nCharacter set encoding: ISO-8859-1\n\nUn caf\xe9. Deux "
            "caf\xe9s.\n\nTrois th\xe9s. Quatre.\n")
    assert "Un café." in load(book.encode("latin-1"), source="cafes.txt").elements
    emacs = "-*- mode: text; coding: cp1252 -*-\n\nIt costs 5 \u20ac. A caf\xe9 is cheap.\n"
    assert "It costs 5 €." in load(emacs.encode("cp1252"), source="notes.txt").elements
    latex = "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[latin1]{inputenc}\n" \
            "\\begin{document}\n\\section{Caf\xe9}\nUn caf\xe9. Deux caf\xe9s.\n\\end{document}\n"
    assert "Un café." in load(latex.encode("latin-1"), source="c.tex").elements
    for data, name in ((book.encode("latin-1"), "cafes.txt"), (latex.encode("latin-1"), "c.tex")):
        assert "encoding" not in load(data, source=name).meta


def test_a_text_without_sentence_punctuation_is_read_as_pseudo_sentences():
    """A speech-recognised transcript with no . ? ! (one 'sentence' of 1,200 words before) is cut into pieces of 20
    words (Hearst 1997's w) and says so; short unpunctuated paragraphs (bullets, headings) and punctuated text are
    read as before, so is a wiki copy whose periods all have a note mark glued after them ('units.[3]')."""
    heap = "so today we talk about the heap data structure and how it supports priority queues in practice "
    sort = "next we look at sorting with it and the cost of each operation in the worst case for large inputs "
    doc = load((heap * 20 + "\n\n" + sort * 20).encode(), source="asr.txt")
    words = [len(e.split()) for e in doc.elements]
    assert doc.meta["unpunctuated"] and set(words) == {20} and len(words) == 17 + 20  # 17 and 20 words × 20
    assert " ".join(doc.elements) == " ".join((heap * 20 + sort * 20).split())
    assert any("elements of 20 words" in n for n in left_out_notes(doc))
    seg = segment(doc, "best", 2)
    assert seg.boundaries[0] == 17  # the change of subject, where the second paragraph starts
    bullets = load(b"# Plan\n\n- read the heap chapter\n- write the sort\n\nA sentence here. Another one there.",
                   source="plan.md")
    assert "unpunctuated" not in bullets.meta and len(bullets.elements) == 5
    punctuated_text = load(((heap.strip() + ". ") * 20).encode(), source="p.txt")
    assert "unpunctuated" not in punctuated_text.meta and punctuated_text.n == 20
    wiki = " ".join(f"The heap keeps its smallest key at the root of the tree, and each step costs {i} units.[{i}]"
                    for i in range(1, 20))
    assert sentences.punctuated([wiki])  # a period before a glued note mark ends a sentence


WIKI727 = """========,1,preface.
Albert Einstein was a physicist.
He was born in Ulm.
========,2,Early life.
========,3,Childhood.
He went to school in Munich.
***LIST***
He liked the violin.
========,2,Career.
He worked at the patent office.
Later he taught in Berlin.
"""


def test_wiki727_files_read_with_their_sections_as_reference(tmp_path):
    """Koshorek et al.'s Wiki-727K format: every section a segment (an empty one merges into the next), its
    '***LIST***' placeholders no sentences; told by its first line, also without a name or an extension, and read
    from a folder of extension-less files."""
    doc = load(WIKI727.encode())
    assert doc.meta["format"] == "wiki727" and doc.reference == [2, 4, 6] and doc.n == 6
    assert "***LIST***" not in doc.elements and doc.meta["left_out"] == {"placeholders": 1}
    (tmp_path / "00").mkdir()
    (tmp_path / "00" / "1001").write_text(WIKI727, encoding="utf-8")
    (tmp_path / "00" / "1002").write_text(WIKI727.replace("Career", "Work"), encoding="utf-8")
    assert [p.name for p in folders.dataset_files(tmp_path, "wiki727")[0]] == ["1001", "1002"]
    assert load(tmp_path / "00" / "1001").reference == [2, 4, 6]
    with pytest.raises(InputError, match="Wiki-727K"):
        load(b"Just a sentence. And another.", format="wiki727")


def test_a_text_with_stray_nul_bytes_is_refused_with_where_they_are_and_a_binary_file_without():
    text = b"Cats sleep in the sun. Dogs run in the park.\n" * 20
    for data, nuls, first in ((text[:100] + b"\x00" + text[100:], 1, 100), (text + b"\x00" * 4096, 4096, len(text)),
                              (text[:100] + b"\x00" + text[100:] + b"\n", 1, 100)):  # even length: not UTF-16 either
        with pytest.raises(InputError, match=rf"^notes.txt: looks like a binary file, not text \({nuls:,} NUL "
                                             rf"bytes?, the first at byte offset {first:,}: if it is text, remove"):
            load(data, source="notes.txt")
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
    with pytest.raises(InputError, match=r"^img.txt: looks like a binary file, not text$"):
        load(png, source="img.txt")


@pytest.mark.parametrize("compress", [gzip.compress, bz2.compress, lzma.compress])
def test_a_file_compressed_twice_or_named_compressed_but_not_is_refused_saying_so(compress):
    """A .gz of a .gz (what it holds is gzip again) and a .gz whose start is not gzip's (damaged, or misnamed) were
    refused as 'looks like a binary file, not text' with nothing saying why."""
    once = compress(b"Cats sleep in the sun. Dogs run in the park.\n" * 20)
    with pytest.raises(InputError, match=r"compressed data, compressed twice\?: decompress it"):
        load(compress(once), source="notes.txt" + {gzip.compress: ".gz", bz2.compress: ".bz2"}.get(compress, ".xz"))
    damaged = bytes(range(256)) * 4 + once  # its start overwritten
    with pytest.raises(InputError, match=r"its name says \w+-compressed, but it does not start as .* damaged or "
                                         r"misnamed"):
        load(damaged, source="page.1" + {gzip.compress: ".gz", bz2.compress: ".bz2"}.get(compress, ".xz"))


@pytest.mark.parametrize("ext", [".gz", ".bz2", ".xz"])
def test_a_file_named_compressed_that_does_not_inflate_says_so_whatever_its_bytes_fail_on(ext):
    """A damaged .gz without NUL bytes (its start overwritten) was read as text and refused as 'not text in any
    encoding recognised' with no word of its compression; a .gz that inflates to what is no text is not told
    misnamed."""
    damaged = NOISE + gzip.compress(b"Cats sleep in the sun.\n" * 20).replace(b"\x00", b"\x01")
    with pytest.raises(InputError, match=r"^page\.1" + re.escape(ext) + r": not text in any encoding .*its name says "
                                         r"\w+-compressed, but it does not start as .* damaged or misnamed\)$"):
        load(damaged, source="page.1" + ext)
    for inside, said in ((NOISE, "not text in any encoding"), (bytes(range(256)) * 4, "looks like a binary file")):
        with pytest.raises(InputError, match=said) as e:
            load(gzip.compress(inside), source="page.1.gz")
        assert "its name says" not in str(e.value)


def test_ascii_armor_is_refused_whatever_its_name():
    """A PGP key or signature (.asc) was read as AsciiDoc, a certificate or a key (.pem, .crt, .key, .txt) as a plain
    text: segments of base64. A file that is ASCII armor (it opens with a BEGIN line and base64, or armor blocks are
    nearly all of it: a bundle of certificates with their names between them) is refused, saying what it is; a text
    that quotes a key, OpenPGP's signed text and a format given are read."""
    from tests.test_formats import CERTIFICATE, KEY, PROSE
    signature = KEY.replace("PUBLIC KEY BLOCK", "SIGNATURE").replace("\n\n", "\nVersion: GnuPG v2.0.16\n\n", 1)
    bundle = "".join(f"{name}\n{'=' * len(name)}\n{CERTIFICATE}\n" for name in ("GlobalSign Root CA", "ACCVRAIZ1"))
    cases = [(KEY, "key.asc", "PGP PUBLIC KEY BLOCK"), (signature, "fbithesis.dtx.asc", "PGP SIGNATURE"),
             (CERTIFICATE, "ca.pem", "CERTIFICATE"), (CERTIFICATE, "ca.crt", "CERTIFICATE"),
             ("\n" + KEY, "KEY.txt", "PGP PUBLIC KEY BLOCK"), (KEY, "KEY.md", "PGP PUBLIC KEY BLOCK"),
             (bundle, "bundle.crt", "CERTIFICATE")]
    for text, name, label in cases:
        with pytest.raises(InputError, match=rf"^{name}: ASCII armor \('-----BEGIN {label}-----'\): .*, not a doc"):
            load(text.encode(), source=name)
    with pytest.raises(InputError, match="armor \\('-----BEGIN PGP PUBLIC KEY BLOCK"):
        load(gzip.compress(KEY.encode()), source="key.asc.gz")
    readme = f"# Signing\n\n{PROSE}\nImport the key below. Then verify.\n\n```\n{KEY}```\n\n{PROSE}"
    assert "They carry silt." in load(readme.encode(), source="README.md").elements
    signed = f"-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n{PROSE}{signature}"
    assert "They carry silt." in load(signed.encode(), source="notes.asc").elements
    assert load(KEY.encode(), source="key.asc", format="text").n  # asked for: read as it is


def test_a_certificate_bundle_with_comments_and_a_certificate_dump_are_armor():
    """certifi's cacert.pem (its certificates with '# Issuer: ...' comments between them, 77 % armor) and
    `openssl x509 -text`'s dumps (/usr/share/doc/libxmlsec1-dev/examples/cacert.pem: fields, hex lines, the
    certificate) were read as texts: armor had to be 90 % of a file. Armor blocks and hex dumps that are more than half
    of a file whose other lines are no prose (comments; fields, lines without sentences) are armor too; a text whose
    sentences quote a certificate as long is read."""
    from tests.test_formats import CERTIFICATE, CERTIFICATE_DUMP, PROSE
    comments = ("# Issuer: CN=Example Root CA O=Example Ltd. OU=Example Trust Network, Inc.\n"
                "# Subject: CN=Example Root CA O=Example Ltd. OU=Example Trust Network, Inc.\n"
                '# Label: "Example Root CA"\n# Serial: 4835703278459707669005204\n'
                "# SHA1 Fingerprint: b1:bc:96:8b:d4:f4:9d:62:2a:a8:9a:81:f2:15:01:52:a4:1d:82:9c\n")
    for text, name in ((f"\n{comments}{CERTIFICATE}\n" * 3, "cacert.pem"), (CERTIFICATE_DUMP, "cert.txt")):
        with pytest.raises(InputError, match=rf"^{name}: ASCII armor \('-----BEGIN CERTIFICATE-----'\): .*not a doc"):
            load(text.encode(), source=name)
    readme = f"# Our certificate\n\n{PROSE * 4}\nTrust the certificate below.\n\n{CERTIFICATE}\n{PROSE * 2}"
    assert "They carry silt." in load(readme.encode(), source="README.md").elements
