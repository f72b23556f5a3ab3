"""A Type 1 font embedded as a compact font program (CFF) without an /Encoding (segcore.pdffonts): its codes read
as the program encodes them, TeX's ligatures and dashes at codes 11-15 and 123 as letters and dashes."""
from __future__ import annotations

import struct

import pytest
from pdfminer.pdffont import CFFFont

from segcore.loaders import load
from segcore.pdffonts import builtin_encoding
from tests.data.make_pdfs import pdf_string, write_pdf

STD = CFFFont.STANDARD_STRINGS
# code -> glyph name of a TeX text font (OT1: ff fi fl ffi ffl at 11-15, en dash at 123), letters at their ASCII codes
GLYPHS = {11: "ff", 12: "fi", 13: "fl", 14: "ffi", 15: "ffl", 32: "space", 46: "period", 123: "endash",
          **{ord(c): c for c in "abcdefghijklmnopqrstuvwxyzT"},
          **{48 + k: n for k, n in enumerate("zero one two three four five six seven eight nine".split())}}


def index(items: list[bytes]) -> bytes:
    """A CFF INDEX with 4-byte offsets."""
    if not items:
        return b"\0\0"
    offsets, off = [], 1
    for it in items:
        offsets.append(off)
        off += len(it)
    return struct.pack(">HB", len(items), 4) + b"".join(struct.pack(">I", o) for o in offsets + [off]) \
        + b"".join(items)


def cff(glyphs: dict[int, str], ranges: bool) -> bytes:
    """A CFF font program whose encoding gives each code its glyph (formats 0, or 1 with charset format 1 when
    `ranges`: consecutive codes and names in runs); the names not among CFF's standard strings in its String INDEX."""
    names = [glyphs[c] for c in sorted(glyphs)]
    extra = [n for n in names if n not in STD]
    sids = [STD.index(n) if n in STD else len(STD) + extra.index(n) for n in names]
    codes = sorted(glyphs)
    if ranges:  # runs of consecutive codes; runs of consecutive string ids
        enc_runs = [[codes[0], 0]]
        for a, b in zip(codes, codes[1:]):
            enc_runs[-1][1] += 1 if b == a + 1 else 0
            enc_runs += [] if b == a + 1 else [[b, 0]]
        encoding = bytes([1, len(enc_runs)]) + b"".join(bytes(r) for r in enc_runs)
        cs_runs = [[sids[0], 0]]
        for a, b in zip(sids, sids[1:]):
            cs_runs[-1][1] += 1 if b == a + 1 else 0
            cs_runs += [] if b == a + 1 else [[b, 0]]
        charset = b"\1" + b"".join(struct.pack(">HB", *r) for r in cs_runs)
    else:
        encoding = bytes([0, len(codes)]) + bytes(codes)
        charset = b"\0" + b"".join(struct.pack(">H", s) for s in sids)
    head = b"\1\0\4\4" + index([b"TestFont"])
    strings, gsubrs = index([n.encode() for n in extra]), index([])
    charstrings = index([b"\x0e"] * (len(names) + 1))  # .notdef and each glyph: endchar
    top_size = len(index([bytes(18)]))  # three offsets of 5 bytes, each with its operator
    start = len(head) + top_size + len(strings) + len(gsubrs)
    at = [start, start + len(charset), start + len(charset) + len(encoding)]  # charset, encoding, CharStrings
    top = b"".join(b"\x1d" + struct.pack(">i", a) + bytes([op]) for a, op in zip(at, (15, 16, 17)))
    return head + index([top]) + strings + gsubrs + charset + encoding + charstrings


def encode(text: str) -> str:
    """A string of the font's codes: ligatures and the en dash as TeX sets them."""
    code = {n: c for c, n in GLYPHS.items()}
    for lig in ("ffi", "ffl", "ff", "fi", "fl"):
        text = text.replace(lig, chr(code[lig]))
    return pdf_string(text.replace("\u2013", chr(123)))


def cff_pdf(lines: list[str], ranges: bool = False, encoding: str = "", stream: str = "",
            font_file: str = "7 0 R", glyphs: dict[int, str] | None = None) -> bytes:
    """A page of `lines` in a Type 1 font embedded as CFF (FontFile3 /Type1C) with no ToUnicode and no /Encoding
    (or `encoding`), as dvips and Ghostscript embed TeX's fonts; `stream`: more of the program stream's dictionary,
    `font_file`: what the descriptor's /FontFile3 is; `glyphs`: more codes of the program, set as they are."""
    program = cff(GLYPHS | (glyphs or {}), ranges)
    ops = "\n".join(f"BT /F1 10 Tf 1 0 0 1 72 {700 - 13 * i} Tm {encode(t)} Tj ET" for i, t in enumerate(lines))
    widths = " ".join("250" if c == 32 else "500" for c in range(256))
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R "
            ">> >> >>", f"<< /Length {len(ops)} >>\nstream\n{ops}\nendstream",
            f"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMR10 /FirstChar 0 /LastChar 255 /Widths [{widths}] "
            f"{encoding}/FontDescriptor 6 0 R >>",
            "<< /Type /FontDescriptor /FontName /ABCDEF+CMR10 /Flags 4 /FontBBox [0 -250 1000 750] /ItalicAngle 0 "
            f"/Ascent 750 /Descent -250 /CapHeight 700 /StemV 80 /FontFile3 {font_file} >>",
            b"<< /Subtype /Type1C %s/Length %d >>\nstream\n" % (stream.encode(), len(program)) + program
            + b"\nendstream"]
    return write_pdf(objs, 1)


LINES = ["The first file specifies the office staff of the fleet.", "They baffled the raffle in pages 12\u201319."]


@pytest.mark.parametrize("ranges", [False, True])
def test_a_cff_font_without_an_encoding_reads_its_ligatures_and_dashes_as_its_program_encodes_them(ranges):
    """pdfminer read such codes with the Standard Encoding: 'The rst le species the oce sta of the eet.'"""
    doc = load(cff_pdf(LINES, ranges))
    assert " ".join(doc.elements) == " ".join(LINES)


def test_differences_without_a_base_encoding_change_only_their_codes_of_the_program_s_encoding():
    """A /Differences array over no /BaseEncoding differs from the font program's own encoding (PDF 32000-1,
    Table 114): its codes as it names them (here 'T' drawn as 'W'), the others as the program encodes them."""
    doc = load(cff_pdf(LINES, encoding="/Encoding << /Type /Encoding /Differences [84 /W] >> "))
    assert " ".join(doc.elements) == " ".join(LINES).replace("T", "W")


def test_a_damaged_program_gives_no_encoding_of_its_own():
    program = cff(GLYPHS, False)
    assert builtin_encoding(program)[12] == "\ufb01"
    assert builtin_encoding(program[:40]) == {}  # cut short
    assert builtin_encoding(b"") == {}


@pytest.mark.parametrize("stream, font_file", [("/Filter /FlateDecode ", "7 0 R"), ("/Filter /NoSuchDecode ", "7 0 R"),
                                               ("", "<< /Subtype /Type1C >>")])
def test_a_font_program_that_cannot_be_read_leaves_the_page_read_as_before(stream, font_file):
    """A FontFile3 whose bytes do not inflate, whose filter is unknown, or that is no stream at all (a crafted or
    damaged PDF) is no reason to refuse the PDF: the font keeps pdfminer's reading (its ligatures lost, as before
    segcore.pdffonts), the rest is read."""
    doc = load(cff_pdf(LINES, stream=stream, font_file=font_file))
    assert "The rst le species the oce sta of the eet." in doc.elements


def test_pieces_of_large_delimiters_read_as_nothing():
    """TeX's extension font (CMEX) draws a large brace from pieces whose glyph names ('braceleftmid', 'braceex',
    'braceleftbt') the Adobe Glyph List maps to the Private Use Area: no text. They read as nothing, neither as
    private-use characters nor as the Standard Encoding's '<', '>' and ':' at their codes."""
    pieces = {60: "braceleftmid", 62: "braceex", 58: "braceleftbt"}
    program = cff(GLYPHS | pieces, False)
    assert {builtin_encoding(program)[c] for c in pieces} == {""}
    doc = load(cff_pdf([LINES[0], "The set <>: of pages 12\u201319."], glyphs=pieces))
    assert " ".join(doc.elements) == LINES[0] + " The set of pages 12\u201319."
