"""A Word 97–2003 binary document (.doc, .dot: [MS-DOC], Microsoft Open Specifications) read into blocks: the main
document's paragraphs in order, from the piece table (§2.4.1), a heading at its outline level (sprmPOutLvl, its own
or its style's through istdBase, else a built-in heading style sti 1–9 or a style named 'heading N'; Title, sti 62,
above them); the shown result of fields read, their instructions not. Left out and counted (structure.LEFT_OUT):
table paragraphs (sprmPFInTable, sprmPItap), text boxes, footnotes and comments (by their reference marks), hidden
text (sprmCFVanish), letterless paragraphs; never text: headers and footers (a sub-document of their own), pictures and
drawn objects, deleted revisions (sprmCFRMarkDel). The title from the SummaryInformation stream. The OLE container is
read by olefile; Word 6/95 and encrypted files are refused with a message."""
from __future__ import annotations

import re
import struct
from collections import Counter
from typing import NamedTuple

import numpy as np

from .errors import InputError
from .limits import LIMITS, Limits
from .ole import is_ole, open_ole, stream, summary_title, u16, u32
from .structure import Block, text_block
from .wpstyles import style_levels

__all__ = ["read_doc"]

WHAT = "Word document"

_WORD_97 = 0x00C1  # nFib of Word 97 and later; Word 6 and 95 files have a different FIB
_FKP = 512  # bytes of a formatted disk page (§2.9.91, §2.9.92)
_NO_STYLE = 0x0FFF  # istdBase of a style based on none
_STI_TITLE = 62
_ENCRYPTED, _TABLE_1, _OBFUSCATED = 0x0100, 0x0200, 0x8000  # FibBase flags: fEncrypted, fWhichTblStm, fObfuscated
# sprms (§2.6): paragraph in a table, table depth, outline level; character deleted (tracked), hidden
_IN_TABLE, _ITAP, _OUTLINE, _DELETED, _HIDDEN = 0x2416, 0x6649, 0x2640, 0x0800, 0x083C
_PARAGRAPH_END = re.compile("[\r\x07\x0c]")  # paragraph mark, table cell or row mark, section or page break
# inside a paragraph: line and column breaks and tabs a space, a non-breaking hyphen '-', other control characters
# (pictures 0x01, drawn objects 0x08, note and comment marks 0x02 0x05, stray field marks, dropped text 0x00) nothing
_SPACES = str.maketrans({**dict.fromkeys(map(chr, range(32))), "\x0b": " ", "\t": " ", "\x0e": " ", "\x1e": "-",
                         "\xa0": " "})


class _Piece(NamedTuple):
    cp: int  # first character position
    end: int  # one past the last
    fc: int  # byte offset of its first character in the WordDocument stream
    width: int  # 1: cp1252 bytes ('compressed'), 2: UTF-16LE


class _Run(NamedTuple):
    fc: int  # byte offsets [fc, end) of the WordDocument stream the properties cover
    end: int
    istd: int
    sprms: dict


def _sprms(grpprl: bytes) -> dict[int, bytes]:
    """{sprm: operand} of a list of property modifiers (§2.6.1: the operand's size from the sprm's spra); stops at
    the first one that runs past the end."""
    out, at = {}, 0
    while at + 2 <= len(grpprl):
        sprm, at = u16(grpprl, at), at + 2
        spra = sprm >> 13
        if spra != 6:
            size = (1, 1, 2, 4, 2, 2, 0, 3)[spra]
        elif sprm == 0xD608:  # sprmTDefTable: a two-byte size, one more than the bytes after it
            size = u16(grpprl, at) + 1
        else:
            size, at = grpprl[at] if at < len(grpprl) else 0, at + 1
        if at + size > len(grpprl):
            break
        out[sprm], at = grpprl[at:at + size], at + size
    return out


def _on(sprms: dict, sprm: int) -> bool:
    """Whether a toggle property is set: 1 on, 0x81 the opposite of the style's (styles are not hidden or deleted)."""
    op = sprms.get(sprm)
    return bool(op) and op[0] in (1, 0x81)


def _plc_pages(table: bytes, fc: int, lcb: int) -> list[int]:
    """The FKP page numbers of a PlcBtePapx or PlcBteChpx (§2.8.6: n+1 offsets, then n page numbers)."""
    plc = table[fc:fc + lcb]
    n = max(0, (len(plc) - 4) // 8)
    return [u32(plc, 4 * (n + 1) + 4 * i) & 0x3FFFFF for i in range(n)]


def _runs(word: bytes, pages: list[int], paragraphs: bool) -> list[_Run]:
    """The property runs of formatted disk pages, sorted by offset: PapxFkp (§2.9.92: istd and sprms of each
    paragraph) or ChpxFkp (§2.9.91: sprms of each run of characters)."""
    runs = []
    for pn in sorted(set(pages)):
        page = word[pn * _FKP:(pn + 1) * _FKP]
        if len(page) < _FKP:
            continue
        crun = page[511]
        if 4 * (crun + 1) + (13 if paragraphs else 1) * crun > 511:
            continue
        fcs = struct.unpack_from(f"<{crun + 1}I", page)
        for i in range(crun):
            b = page[4 * (crun + 1) + (13 * i if paragraphs else i)]
            istd, grpprl, at = 0, b"", 2 * b
            if b and paragraphs:
                cb, at = page[at], at + 1
                size = 2 * cb - 1 if cb else 2 * page[at]
                at += 0 if cb else 1
                istd, grpprl = u16(page, at), page[at + 2:at + size]
            elif b:
                grpprl = page[at + 1:at + 1 + page[at]]
            runs.append(_Run(fcs[i], fcs[i + 1], istd, _sprms(grpprl)))
    return sorted(runs, key=lambda r: r.fc)


def _styles(table: bytes, fc: int, lcb: int) -> dict[int, int]:
    """{istd: raw heading level} of the stylesheet (STSH, §2.9.271: STDs after the Stshi; a paragraph style's first
    UPX holds its paragraph sprms), through wpstyles.style_levels."""
    stsh = table[fc:fc + lcb]
    if len(stsh) < 6:
        return {}
    cb_stshi = u16(stsh, 0)
    count, base = u16(stsh, 2), u16(stsh, 4)  # cstd, cbSTDBaseInFile
    styles, at = {}, 2 + cb_stshi
    for istd in range(count):
        if at + 2 > len(stsh):
            break
        cb, at = u16(stsh, at), at + 2
        std, at = stsh[at:at + cb], at + cb
        if len(std) < base + 2 or len(std) < 10:
            continue
        sti, kind, based = u16(std, 0) & 0x0FFF, u16(std, 2) & 0x000F, u16(std, 2) >> 4
        cch = u16(std, base)
        name = std[base + 2:base + 2 + 2 * cch].decode("utf-16-le", "replace").split(",")[0]
        upx = base + 2 + 2 * cch + 2
        upx += upx % 2
        sprms = _sprms(std[upx + 4:upx + 2 + u16(std, upx)]) if kind == 1 and upx + 4 <= len(std) else {}
        outline = sprms[_OUTLINE][0] if _OUTLINE in sprms and sprms[_OUTLINE][0] <= 8 else None
        if outline is None and 1 <= sti <= 9:
            outline = sti - 1
        styles[istd] = (outline, "Title" if sti == _STI_TITLE else name, None if based == _NO_STYLE else based)
    return style_levels(styles)


def _pieces(table: bytes, fc: int, lcb: int, source: str) -> list[_Piece]:
    """The piece table of the Clx (§2.9.38: Prc entries skipped, then the Pcdt's PlcPcd)."""
    clx, at = table[fc:fc + lcb], 0
    while at < len(clx) and clx[at] == 1:
        at += 3 + u16(clx, at + 1)
    if at + 5 > len(clx) or clx[at] != 2:
        raise InputError(f"{source}: a damaged Word document: its piece table cannot be read")
    plc = clx[at + 5:at + 5 + u32(clx, at + 1)]
    n = (len(plc) - 4) // 12
    cps = struct.unpack_from(f"<{n + 1}I", plc) if n > 0 else ()
    pieces = []
    for i in range(n):
        raw = u32(plc, 4 * (n + 1) + 8 * i + 2)
        packed = bool(raw & 0x40000000)
        fc_ = (raw & 0x3FFFFFFF) // 2 if packed else raw & 0x3FFFFFFF
        if cps[i] < cps[i + 1]:
            pieces.append(_Piece(cps[i], cps[i + 1], fc_, 1 if packed else 2))
    return pieces


def _characters(word: bytes, pieces: list[_Piece], end: int) -> tuple[np.ndarray, np.ndarray]:
    """(code units, stream offsets) of character positions 0 … end, one per position: UTF-16 units one by one
    (surrogate pairs not joined) or cp1252 bytes; a piece that runs past the stream's end is cut there and ends the
    text, as does the stream's length in characters (pieces that read the same bytes over and over)."""
    codes, offsets, budget = [], [], len(word)
    for p in pieces:
        n = min(p.end, end) - p.cp
        if n <= 0:
            break
        n_read = max(0, min(n, (len(word) - p.fc) // p.width, budget))
        budget -= n_read
        raw = word[p.fc:p.fc + n_read * p.width]
        codes.append(np.frombuffer(raw.decode("cp1252", "replace").encode("utf-32-le"), "<u4") if p.width == 1
                     else np.frombuffer(raw, "<u2").astype("<u4"))
        offsets.append(p.fc + p.width * np.arange(n_read, dtype=np.uint32))
        if n_read < n:
            break
    if not codes:
        return np.zeros(0, "<u4"), np.zeros(0, np.uint32)
    return np.concatenate(codes), np.concatenate(offsets)


def _run_index(runs: list[_Run], offsets: np.ndarray) -> np.ndarray:
    """For each stream offset, the index of the run that covers it, -1 where none does."""
    if not runs:
        return np.full(len(offsets), -1)
    starts, ends = np.array([r.fc for r in runs]), np.array([r.end for r in runs])
    i = np.searchsorted(starts, offsets, "right") - 1
    return np.where((i >= 0) & (offsets < ends[np.maximum(i, 0)]), i, -1)


def _set(runs: list[_Run], index: np.ndarray, sprm: int) -> np.ndarray:
    """Which characters (by their run index) a toggle `sprm` of their run sets."""
    on = np.array([_on(r.sprms, sprm) for r in runs] + [False])
    return on[index]  # -1 reads the final False


def _field_codes(codes: np.ndarray) -> np.ndarray:
    """Which characters are field instructions or marks (§2.8.25: 0x13 begin, instructions, 0x14 separator, shown
    result, 0x15 end; nested); the results are kept. Linear in the text however deep the nesting."""
    edge, stack = np.zeros(len(codes) + 1, np.int64), []
    for i in np.flatnonzero((codes >= 0x13) & (codes <= 0x15)).tolist():
        c = codes[i]
        if c == 0x13:
            stack.append([i, None])
        elif stack and c == 0x14 and stack[-1][1] is None:
            stack[-1][1] = i
            edge[stack[-1][0]] += 1
            edge[i + 1] -= 1
        elif stack and c == 0x15:
            begin, sep = stack.pop()
            edge[begin if sep is None else i] += 1
            edge[i + 1] -= 1
    return np.cumsum(edge[:-1]) > 0


def _text(codes: np.ndarray, keep: np.ndarray, fill: int = 0) -> str:
    """The characters kept, the others `fill` (NUL: positions kept, dropped later)."""
    return np.where(keep, codes, fill).astype("<u4").tobytes().decode("utf-32-le", "surrogatepass")


def _words(codes: np.ndarray, keep: np.ndarray) -> int:
    return len(_text(codes, keep, 32).translate(_SPACES).split()) if keep.any() else 0


def _fib(word: bytes, source: str) -> tuple[int, list[int], list[tuple[int, int]]]:
    """(flags, the FibRgLw97 longs, the FibRgFcLcb pairs) of the File Information Block (§2.5.1)."""
    if len(word) < 34 or u16(word, 0) != 0xA5EC:
        raise InputError(f"{source}: a damaged Word document: its WordDocument stream has no Word header")
    if u16(word, 2) < _WORD_97 and u16(word, 2) not in (0x00C0, 0x00C2):
        raise InputError(f"{source}: a Word 6 or Word 95 document: open it in a word processor and save it as .docx, "
                         "RTF or PDF")
    flags, at = u16(word, 10), 32
    at += 2 + 2 * u16(word, at)  # csw, fibRgW
    cslw = u16(word, at)
    longs = [u32(word, at + 2 + 4 * i) for i in range(cslw)]
    at += 2 + 4 * cslw
    pairs = [(u32(word, at + 2 + 8 * i), u32(word, at + 6 + 8 * i)) for i in range(u16(word, at))]
    if len(longs) < 11 or len(pairs) < 34:
        raise InputError(f"{source}: a damaged Word document: its File Information Block is cut short")
    return flags, longs, pairs


def read_doc(data: bytes, source: str = "", limits: Limits = LIMITS) -> tuple[list[Block], dict[str, int], str | None]:
    """The blocks of a Word 97–2003 document's main text in order (see the module's docstring), what was left out
    (structure.LEFT_OUT keys) and its title; InputError for a file that is not one, is encrypted, from Word 6/95,
    damaged, or whose streams pass `limits` (markup_bytes)."""
    source = source or "the Word document"
    if not is_ole(data):
        raise InputError(f"{source}: not a Word 97–2003 document: it is not an OLE compound file")
    ole = open_ole(data, source)
    try:
        if not ole.exists("WordDocument"):
            if ole.exists("PowerPoint Document"):
                raise InputError(f"{source}: a PowerPoint 97–2003 presentation, not a Word document: read it as "
                                 f"format 'ppt' (named .ppt, it is read so)")
            kind = ("an Excel workbook" if ole.exists("Workbook") or ole.exists("Book")
                    else "an Office 97–2003 file that is not a Word document")
            raise InputError(f"{source}: {kind}; only Word documents are read (save it as PDF)")
        word = stream(ole, "WordDocument", source, limits, WHAT)
        flags, longs, pairs = _fib(word, source)
        if flags & (_ENCRYPTED | _OBFUSCATED):
            raise InputError(f"{source}: the Word document is password-protected: save it without a password")
        table = stream(ole, "1Table" if flags & _TABLE_1 else "0Table", source, limits, WHAT)
        title = summary_title(ole)
    finally:
        ole.close()
    pieces = _pieces(table, *pairs[33], source)
    main, notes_end = longs[3], sum(longs[3:9])  # ccpText; + footnotes, headers, macros, comments, endnotes
    codes, offsets = _characters(word, pieces, notes_end + longs[9])  # + text boxes
    main = min(main, len(codes))
    characters = _runs(word, _plc_pages(table, *pairs[12]), paragraphs=False)
    in_run = _run_index(characters, offsets)
    kept = ~_set(characters, in_run, _DELETED)
    boxes = np.arange(len(codes)) >= notes_end
    left_out = Counter(tables=_words(codes, kept & boxes))
    kept, codes = kept[:main] & ~_field_codes(codes[:main]), codes[:main]
    hidden = _set(characters, in_run[:main], _HIDDEN) & kept
    left_out["hidden"] = _words(codes, hidden)
    body = _text(codes, kept & ~hidden)
    left_out["footnote texts"], left_out["annotations"] = body.count("\x02"), body.count("\x05")
    levels = _styles(table, *pairs[1])
    paragraphs = _runs(word, _plc_pages(table, *pairs[13]), paragraphs=True)
    ends = [m.start() for m in _PARAGRAPH_END.finditer(body)]
    of_end = _run_index(paragraphs, offsets[ends]).tolist() if ends else []
    blocks, at = [], 0
    for end, i in zip(ends + [len(body)], of_end + [-1]):
        line, at = " ".join(body[at:end].translate(_SPACES).split()), end + 1
        run = paragraphs[i] if i >= 0 else None
        if run and (_on(run.sprms, _IN_TABLE) or int.from_bytes(run.sprms.get(_ITAP, b""), "little")):
            left_out["tables"] += len(line.split())
            continue
        own = run.sprms.get(_OUTLINE, b"\x09")[0] if run else 9
        level = 2 + own if own <= 8 else levels.get(run.istd if run else 0, 0)
        if line and (block := text_block(_joined(line), level, left_out)):
            blocks.append(block)
    return blocks, {k: v for k, v in left_out.items() if v}, title


def _joined(line: str) -> str:
    """A paragraph's text with UTF-16 surrogate pairs (two character positions) made one character."""
    return line.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace") if any(
        "\ud800" <= c <= "\udfff" for c in line) else line
