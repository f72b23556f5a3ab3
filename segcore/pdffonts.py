"""A PDF font's own encoding from its embedded compact font program (CFF, a FontFile3 of subtype Type1C), as
xpdf/Poppler and PDFium read it. A simple font without an /Encoding, or with /Differences but no /BaseEncoding,
encodes its codes as its font program does (PDF 32000-1, 9.6.6.1), and TeX's fonts (Computer Modern set by
dvips and Ghostscript, as in older arXiv papers) are embedded so, without a ToUnicode map: their codes 11-15 are the
ligatures ff fi fl ffi ffl, 123 and 124 the dashes, 0 the minus of the symbol font. pdfminer reads such a font's
codes with the Standard Encoding (no codes below 32: 'file' read '(cid:12)le', whose '(cid:12)' clean_text drops;
'{' for an en dash) and reads the encoding only of a Type 1 program (FontFile); here the CFF program's encoding and
charset give each code its glyph name, and the name its character (the Adobe Glyph List, pdfminer's name2unicode).
"""
from __future__ import annotations

import re
import struct

_CID_KEYED = (12, 30)  # the Top DICT's ROS operator: a CID-keyed font, whose glyphs have no names
# The Adobe Glyph List maps glyphs that are no character of their own to the Private Use Area: pieces of large
# delimiters, integrals and radicals (TeX's CMEX 'bracelefttp', 'braceex', 'parenleftbt', 'radicalex'), small caps and
# old-style figures ('Asmall', 'oneoldstyle'); a private-use code is no text a reader can read, so such codes read as
# nothing (not as the Standard Encoding's character at that code: '<' and '>' for CMEX's brace pieces)
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def _index(data: bytes, pos: int) -> tuple[list[bytes], int]:
    """A CFF INDEX at `pos`: its items and the position after it."""
    (count,) = struct.unpack_from(">H", data, pos)
    if not count:
        return [], pos + 2
    size = data[pos + 2]
    offsets = [int.from_bytes(data[pos + 3 + i * size:pos + 3 + (i + 1) * size], "big") for i in range(count + 1)]
    base = pos + 2 + (count + 1) * size  # offsets count from the byte before the data
    return [data[base + a:base + b] for a, b in zip(offsets, offsets[1:])], base + offsets[-1]


def _top_dict(data: bytes) -> dict:
    """A CFF DICT's operators (an int, or (12, n) for two-byte ones) and their integer operands."""
    out, operands, i = {}, [], 0
    while i < len(data):
        b = data[i]
        if b <= 21:
            op = (12, data[i + 1]) if b == 12 else b
            i += 2 if b == 12 else 1
            out[op], operands = operands, []
        elif b == 28 or b == 29:
            n = 2 if b == 28 else 4
            operands.append(int.from_bytes(data[i + 1:i + 1 + n], "big", signed=True))
            i += 1 + n
        elif b == 30:  # a real number, nibbles up to an 0xf nibble: not an offset, skipped
            i += 1
            while i < len(data) and data[i] & 0x0F != 0x0F and data[i] >> 4 != 0x0F:
                i += 1
            operands.append(0)
            i += 1
        elif b >= 32:
            if b <= 246:
                operands.append(b - 139)
            elif b <= 250:
                operands.append((b - 247) * 256 + data[i + 1] + 108)
            else:
                operands.append(-(b - 251) * 256 - data[i + 1] - 108)
            i += 1 if b <= 246 else 2
        else:
            i += 1
    return out


def _charset(data: bytes, pos: int, glyphs: int) -> list[int]:
    """The string ids of glyphs 0..glyphs-1 (glyph 0 is .notdef); ISOAdobe's when the offset is 0."""
    if pos == 0:
        return list(range(glyphs))
    sids, fmt, pos = [0], data[pos], pos + 1
    while len(sids) < glyphs:
        if fmt == 0:
            sids.append(struct.unpack_from(">H", data, pos)[0])
            pos += 2
            continue
        first, left = struct.unpack_from(">HB" if fmt == 1 else ">HH", data, pos)
        pos += 3 if fmt == 1 else 4
        sids += range(first, first + left + 1)
    return sids[:glyphs]


def _codes(data: bytes, pos: int) -> tuple[dict[int, int], dict[int, int]]:
    """A custom CFF encoding at `pos`: code -> glyph index, and the supplements' code -> string id."""
    fmt, pos, codes = data[pos], pos + 2, {}
    n = data[pos - 1]
    if fmt & 0x7F == 0:
        codes = {data[pos + k]: k + 1 for k in range(n)}
        pos += n
    else:
        gid = 1
        for k in range(n):
            first, left = data[pos + 2 * k], data[pos + 2 * k + 1]
            for code in range(first, first + left + 1):
                codes[code] = gid
                gid += 1
        pos += 2 * n
    sups = {}
    if fmt & 0x80:
        for k in range(data[pos]):
            code, sid = struct.unpack_from(">BH", data, pos + 1 + 3 * k)
            sups[code] = sid
    return codes, sups


def builtin_encoding(cff: bytes) -> dict[int, str]:
    """Code -> character of a CFF font program's own encoding, for codes whose glyph names are in the Adobe Glyph List;
    {} for the Standard or Expert Encoding (offset 0 or 1: pdfminer's default is the Standard one), a CID-keyed or
    damaged program. A name whose character is private-use (_PRIVATE_USE) gives its code no character ('')."""
    from pdfminer.encodingdb import name2unicode
    from pdfminer.pdffont import CFFFont
    std = CFFFont.STANDARD_STRINGS
    try:
        _, pos = _index(cff, cff[2])  # the header's size, then the Name INDEX
        tops, pos = _index(cff, pos)
        strings, _ = _index(cff, pos)
        top = _top_dict(tops[0])
        enc = top.get(16, [0])[-1]
        if _CID_KEYED in top or enc in (0, 1) or 17 not in top:
            return {}
        charstrings, _ = _index(cff, top[17][-1])
        sids = _charset(cff, top.get(15, [0])[-1], len(charstrings))
        codes, sups = _codes(cff, enc)
        named = {code: sids[gid] for code, gid in codes.items() if gid < len(sids)} | sups
    except (struct.error, IndexError, KeyError):
        return {}
    out = {}
    for code, sid in named.items():
        name = std[sid] if sid < len(std) else strings[sid - len(std)].decode("latin-1") \
            if sid - len(std) < len(strings) else ""
        try:
            char = name2unicode(name)
            out[code] = "" if _PRIVATE_USE.search(char) else char
        except (KeyError, ValueError):
            pass
    return out


def resource_manager(PDFResourceManager, PDFType1Font, resolve1, literal_name):
    """pdfminer's resource manager whose Type 1 fonts embedded as CFF take their program's encoding where the PDF
    names no base encoding: no /Encoding, or /Differences over it (see the module docstring). Only the codes whose
    glyph names the Adobe Glyph List knows change; the others read as pdfminer read them."""

    class ResourceManager(PDFResourceManager):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.read_fonts: set[int] = set()

        def get_font(self, objid, spec):
            font = super().get_font(objid, spec)
            if type(font) is not PDFType1Font or id(font) in self.read_fonts:
                return font
            self.read_fonts.add(id(font))
            enc = resolve1(spec.get("Encoding"))
            descriptor = resolve1(spec.get("FontDescriptor"))
            program = resolve1(descriptor.get("FontFile3")) if isinstance(descriptor, dict) else None
            if (enc is None or isinstance(enc, dict) and "BaseEncoding" not in enc) and hasattr(program, "get_data") \
                    and literal_name(program.get("Subtype")) == "Type1C":
                builtin = builtin_encoding(_data(program))
                if builtin:
                    diff = resolve1(enc.get("Differences")) if enc else None
                    font.cid2unicode = font.cid2unicode | builtin | _differences(diff or [], font.cid2unicode)
            return font

    return ResourceManager


def _data(stream) -> bytes:
    """A font program stream's bytes; none when its filters fail (a damaged or unsupported stream: the font then
    reads as pdfminer reads it, and the rest of the PDF is read)."""
    try:
        return stream.get_data()
    except Exception:  # pdfminer raises its own errors and zlib's, struct's, ... by filter
        return b""


def _differences(diff: list, cid2unicode: dict[int, str]) -> dict[int, str]:
    """The codes an /Encoding's /Differences array names, with the characters pdfminer gave them."""
    codes, code = set(), 0
    for x in diff:
        if isinstance(x, int):
            code = x
        else:
            codes.add(code)
            code += 1
    return {c: cid2unicode[c] for c in codes if c in cid2unicode}
