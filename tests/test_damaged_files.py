"""Damaged and pathological files. Damaged: each fixture of every format the loaders read cut short, with bytes
overwritten, with a stretch repeated or with foreign bytes put in, and, inside a ZIP-based document (Word,
OpenDocument, PowerPoint, EPUB, a zip of files), one member damaged the same ways and the archive rebuilt around it.
Each either loads or raises a SegcoreError (a message for the user), never another exception (which the app would
show as a traceback). Pathological: long runs of one character, which some patterns once read again from each of
their characters."""
from __future__ import annotations

import bz2
import gzip
import io
import lzma
import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.pathological import FORMATS
from segcore import captions, htmlpage, pdfoutline, structure
from segcore.document import Document
from segcore.errors import SegcoreError
from segcore.loaders import load_data
from tests.test_html import BOOK, WIKI, _epub
from tests.test_latex import PAPER
from tests.test_manpage import PAGE
from tests.test_rest import GUIDE

DATA = Path(__file__).parent / "data"
FILES = sorted(p for p in [*DATA.glob("*"), *(DATA / "papers").glob("*.pdf")]
               if p.is_file() and p.suffix not in (".py", ".json") and p.name not in ("__init__.py", "README.md"))


def _zipped(name: str, data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(name, data)
    return out.getvalue()


# (name, bytes): the files of tests/data, and documents the other tests write (a book, a web page, LaTeX, reST, a
# manual page) and compressed or archived files
FIXTURES = [(p.name, p.read_bytes()) for p in FILES] + [
    ("book.epub", _epub(BOOK, ["nav", "c1", "c2", "notes:no"])), ("wiki.html", WIKI.encode()),
    ("paper.tex", PAPER.encode()), ("guide.rst", GUIDE.encode()), ("tool.1", PAGE.encode()),
    ("paper.tex.gz", gzip.compress(PAPER.encode())), ("paper.tex.bz2", bz2.compress(PAPER.encode())),
    ("paper.tex.xz", lzma.compress(PAPER.encode())), ("papers.zip", _zipped("paper.tex", PAPER.encode()))]
FOREIGN = (b"\x00" * 50, b"<<<>>>", b"{\\rtf1", b"\\begin{", b"<html><body>", b"\xff\xfe", b"%PDF-1.4", b"]]>",
           b"&#xD800;", b"&#0;", b"\\u-5000?", b"\\bin999999999 ", b"<!DOCTYPE x [<!ENTITY a 'aaaa'>]>&a;", b"</w:p>")


@st.composite
def damaged(draw, data: bytes, inside_zip: bool = True) -> bytes:
    """`data` damaged one of the ways the module's docstring lists."""
    kinds = ["cut", "overwrite", "repeat", "insert"] + (["member"] if inside_zip and data[:2] == b"PK" else [])
    kind = draw(st.sampled_from(kinds))
    at = draw(st.integers(0, max(0, len(data) - 1)))
    if kind == "cut":
        return data[:at]
    if kind == "overwrite":
        spots = draw(st.lists(st.tuples(st.integers(0, len(data) - 1), st.integers(0, 255)), min_size=1, max_size=40))
        out = bytearray(data)
        for i, b in spots:
            out[i] = b
        return bytes(out)
    if kind == "repeat":
        end = min(len(data), at + draw(st.integers(1, 2000)))
        return data[:end] + data[at:end] * draw(st.integers(1, 5)) + data[end:]
    if kind == "insert":
        return data[:at] + draw(st.sampled_from(FOREIGN)) + data[at:]
    zin = zipfile.ZipFile(io.BytesIO(data))
    target = draw(st.sampled_from(zin.namelist()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for name in zin.namelist():
            member = zin.read(name)
            zout.writestr(name, draw(damaged(member, inside_zip=False)) if name == target and member else member)
    return out.getvalue()


@pytest.mark.parametrize("name, content", FIXTURES, ids=[name for name, _ in FIXTURES])
@given(data=st.data())
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_a_damaged_file_loads_or_gets_a_message(name, content, data):
    bad = data.draw(damaged(content))
    try:
        doc = load_data(bad, name, "auto", None, name)
    except SegcoreError as e:
        assert str(e).strip()
    else:
        assert isinstance(doc, Document) and doc.n > 0


ZIPPED = [(name, content) for name, content in FIXTURES
          if content[:4] == b"PK\x03\x04" and Path(name).suffix in (".docx", ".odt", ".pptx", ".odp", ".epub")]


@pytest.mark.parametrize("name, content", ZIPPED, ids=[name for name, _ in ZIPPED])
def test_a_zip_based_document_cut_short_or_corrupted_is_said_to_be_damaged(name, content):
    """A Word, OpenDocument, PowerPoint or EPUB file cut short (its ZIP directory, at the end, lost), or one whose
    part does not inflate, is named damaged, not 'not a ZIP archive' nor a bare zlib error; an empty one empty."""
    with pytest.raises(SegcoreError, match=r"is damaged: the ZIP archive .* cut short or corrupted"):
        load_data(content[:len(content) // 2], name, "auto", None, name)
    bad = bytearray(content)
    for info in zipfile.ZipFile(io.BytesIO(content)).infolist():  # each deflated part's stream broken
        if info.compress_type == zipfile.ZIP_DEFLATED:
            at = info.header_offset  # its local header: 30 bytes, its name and extra field, then its deflated bytes
            start = at + 30 + int.from_bytes(content[at + 26:at + 28], "little") + int.from_bytes(
                content[at + 28:at + 30], "little")
            bad[start:start + 64] = bytes(b ^ 0x5A for b in bad[start:start + 64])
    with pytest.raises(SegcoreError, match=r"is damaged: its part \S+ cannot be read"):
        load_data(bytes(bad), name, "auto", None, name)
    with pytest.raises(SegcoreError, match="the file is empty"):
        load_data(b"", name, "auto", None, name)


def test_the_fixtures_cover_every_binary_format():
    assert {".pdf", ".docx", ".odt", ".rtf", ".doc", ".pptx", ".odp", ".srt", ".epub", ".html", ".tex", ".rst", ".1",
            ".md", ".ref", ".gz", ".bz2", ".xz", ".zip"} <= {Path(name).suffix for name, _ in FIXTURES}


# patterns read from the start of a run of spaces (a lookbehind) so that a long run is not read again from each of its
# characters: the same text comes out as with the pattern before (without the lookbehind) on any text
READ_ONCE = [(captions.BRACKETED, " [ab]\t\n"), (htmlpage._HEADING_MARKS, " ¶#[edit]sourcx\t"),
             (structure._GAP_BEFORE_STOP, " .,a;!\n\ufdd0"), (pdfoutline._MARK, " [1,]a*†")]


@pytest.mark.parametrize("pattern, alphabet", READ_ONCE, ids=lambda x: getattr(x, "pattern", "")[:12])
@given(data=st.data())
@settings(max_examples=300, deadline=None)
def test_a_pattern_read_once_from_a_run_of_spaces_finds_what_it_found_before(pattern, alphabet, data):
    text = data.draw(st.text(alphabet, max_size=40))
    before = re.sub(r"\(\?<!(?:\\s| )\)", "", pattern.pattern, count=1)  # the pattern without its lookbehind
    assert before != pattern.pattern
    old = re.compile(before, pattern.flags)
    assert pattern.sub("#", text) == old.sub("#", text) and bool(pattern.search(text)) == bool(old.search(text))


RUNS = [("x.md", "["), ("x.md", "*a "), ("x.md", "[a]("), ("x.md", "a<!--"), ("x.rst", ":"), ("x.txt", "a"),
        ("x.srt", "\t"), ("x.html", " "), ("x.tex", " ")]


@pytest.mark.parametrize("name, run", RUNS)
def test_a_long_run_of_one_character_loads_or_gets_a_message(name, run):
    """Runs that took minutes before (quadratic patterns; benchmarks/pathological.py times every format and unit)."""
    text = FORMATS[name](run * 50_000)
    try:
        doc = load_data(text.encode(), name, "auto", None, name)
    except SegcoreError as e:
        assert name in str(e)
    else:
        assert doc.n >= 1
