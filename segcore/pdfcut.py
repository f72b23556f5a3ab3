"""A PDF cut short (a download that stopped) opened with pdfminer.six's own classes, for its whole pages, and a
damaged stream read up to its damage.

A cut file has no cross-reference table nor trailer at its end, so pdfminer scans the file for its objects
('N 0 obj' lines, PDFXRefFallback): the scan stops at the cut, inside the last object, which is not one. The
trailer's /Root is then the catalog among the objects scanned (/Type /Catalog), or none (a producer that writes it
last): pdfminer then finds the pages among the objects, in the order the file holds them. A page is read only when
every object its content and resources refer to is in the file (`whole`): fonts a TeX file writes at its end are
missing on every page, and nothing is read then.

A Flate stream zlib refuses (damaged, or the cut one) is read up to its damage by the streams of `Parser`, a
pdfminer PDFParser segcore opens every PDF with: pdfminer's own fallback, the module function decode calls, is left
as it is for anyone else using pdfminer in the process (it is quadratic and keeps nothing when the damage lies
before the stream's checksum)."""
from __future__ import annotations

import bisect
import re
import zlib

from pdfminer.pdfdocument import PDFDocument, PDFXRefFallback
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import LITERALS_FLATE_DECODE, PDFObjectNotFound, PDFObjRef, PDFStream, resolve1
from pdfminer.psexceptions import PSEOF
from pdfminer.psparser import LIT

__all__ = ["Parser", "cut_document", "inflate_damaged", "whole"]

_CATALOG, _STANDARD = LIT("Catalog"), LIT("Standard")
_TEXT = re.compile(rb"[\x20-\x7e\t\r\n\f]*")  # PDF operators and numbers
_CATALOG_KEY = re.compile(rb"/Type\s*/Catalog\b")
_ENCRYPT_KEY = re.compile(rb"/Filter\s*/Standard\b")  # the standard security handler's encryption dictionary
_HEAD = re.compile(rb"(?<![^\r\n])(\d+)\s+\d+\s+obj\b")  # an object's first line, as the fallback scan finds it


class _Stream(PDFStream):
    """A pdfminer PDFStream whose Flate data zlib refuses is read up to its damage: decoded one filter at a time by
    pdfminer, the data of a Flate filter zlib refuses replaced first by what it inflates to before the damage
    (`inflate_damaged`), stored as zlib takes it (not compressed again); the other filters and the predictors are
    pdfminer's as for any stream."""

    def decode(self) -> None:
        filters = self.get_filters()
        if self.rawdata is None or not any(f in LITERALS_FLATE_DECODE for f, _ in filters):
            return super().decode()
        data = self.decipher(self.objid, self.genno, self.rawdata, self.attrs) if self.decipher else self.rawdata
        for f, params in filters:
            if f in LITERALS_FLATE_DECODE:
                try:
                    zlib.decompress(data)
                except zlib.error:
                    data = zlib.compress(inflate_damaged(data), 0)
            data = PDFStream({"Filter": f, "DecodeParms": params}, data).get_data()
        self.data, self.rawdata = data, None


class Parser(PDFParser):
    """pdfminer's PDFParser whose streams are read up to their damage when zlib refuses them (`_Stream`)."""

    def push(self, *objs) -> None:
        super().push(*((pos, _Stream(obj.attrs, obj.rawdata, obj.decipher) if type(obj) is PDFStream else obj)
                       for pos, obj in objs))


def inflate_damaged(data: bytes) -> bytes:
    """What a Flate stream that zlib refuses (damaged, or cut short) inflates to before the damage. pdfminer's own
    fallback (pdftypes.decompress_corrupted) feeds the stream one byte at a time into a growing bytes object
    (quadratic: 14-24 s for a 0.8 MB stream, 287 s for 3.2 MB) and returns nothing when the damage lies before its last
    3 bytes. Here the stream goes in 64 KB at a time, and the piece zlib fails on again byte by byte from a copy of
    the inflater as it was before that piece: the same bytes up to the damage, in linear time."""
    inflater, out, step = zlib.decompressobj(), [], 1 << 16
    for start in range(0, len(data), step):
        before = inflater.copy()
        try:
            out.append(inflater.decompress(data[start:start + step]))
        except zlib.error:
            for i in range(start, min(start + step, len(data))):
                try:
                    out.append(before.decompress(data[i:i + 1]))
                except zlib.error:
                    break
            break
    return b"".join(out)


class CutDocument(PDFDocument):
    """A pdfminer PDFDocument of a file without its end: its objects as the fallback scan finds them up to the cut,
    its catalog the last one scanned (an empty one when there is none; only the objects whose bytes, or whose
    object stream's, say /Type /Catalog are parsed for it). What `whole` found of its pages is kept for
    the next: the objects found in the file with all they refer to (pages are read in order, up to the first that
    is not whole), and each page-tree node's kids (where each stands, the first missing)."""

    present: set[int]
    trees: dict[int, tuple[dict[int, int], int]]

    def __init__(self, parser) -> None:
        self.present, self.trees = set(), {}
        super().__init__(parser)

    def find_xref(self, parser) -> int:
        return 0

    def read_xref_from(self, parser, start: int, xrefs: list) -> None:
        parser.fallback = True
        xref = PDFXRefFallback()
        try:
            xref.load(parser)
        except PSEOF:  # the last object, cut
            pass
        xrefs.append(xref)
        if not xref.trailer.get("Root"):
            parser.fp.seek(0)
            maybe = self._saying(xref, parser.fp.read(), _CATALOG_KEY)
            catalogs = [obj for obj in map(self._found, [objid for objid in xref.get_objids() if objid in maybe])
                        if isinstance(obj, dict) and obj.get("Type") is _CATALOG]
            xref.trailer["Root"] = catalogs[-1] if catalogs else {"Type": _CATALOG}

    def encrypted(self) -> bool:
        """Whether the file is encrypted by the standard security handler as far as the cut shows it: an encryption
        dictionary (/Filter /Standard, with its /O and /U entries) among the objects scanned, where a trailer that
        refers to it (/Encrypt N 0 R, as qpdf and Acrobat write it) puts it; one written in the trailer itself is
        lost with the cut."""
        self._parser.fp.seek(0)
        said = self._saying(self.xrefs[0], self._parser.fp.read(), _ENCRYPT_KEY)
        return any(isinstance(obj := self._found(objid), dict) and obj.get("Filter") is _STANDARD
                   and "O" in obj and "U" in obj for objid in said)

    def _saying(self, xref: PDFXRefFallback, data: bytes, key: re.Pattern) -> set[int]:
        """The objects whose bytes match `key` (after the last 'N G obj' line before the match), and the members of
        an object stream whose decoded data does: those that may be what `key` names, so that only they are parsed."""
        heads = [(m.start(), int(m.group(1))) for m in _HEAD.finditer(data)]
        starts = [start for start, _ in heads]
        maybe = {heads[i - 1][1] for i in (bisect.bisect(starts, m.start()) for m in key.finditer(data)) if i}
        streams = {stream for stream, _, _ in xref.offsets.values() if stream is not None}
        said = {stream for stream in streams if isinstance(obj := self._found(stream), PDFStream)
                and key.search(obj.get_data())}
        return maybe | {objid for objid, (stream, _, _) in xref.offsets.items() if stream in said}

    def _found(self, objid: int):
        try:
            return self.getobj(objid)
        except PDFObjectNotFound:
            return None


def cut_document(parser: PDFParser, error: Exception | None) -> CutDocument:
    """The CutDocument of a file cut short (the `parser` of its bytes); pdfminer's `error` (its refusal of the file; None when pdfminer opened it,
    a linearized file, from its first page's cross-reference table) when it cannot be opened either."""
    try:
        return CutDocument(parser)
    except Exception as e:
        raise (error or e) from None


def whole(page) -> bool:
    """Whether every object a pdfminer PDFPage's content and resources refer to, and what those refer to in turn
    (not its /Parent: the page tree), is in the file, and no page before it in the page tree is missing (pdfminer
    passes over a missing one: the page would be read as the one before it)."""
    return not _missing_before(page) and _complete(page) and _readable(page)


def _readable(page) -> bool:
    """Whether the page's content streams start as what they are: zlib data when Flate-compressed, PDF's ASCII
    operators when not filtered. An encrypted file's streams do not (random bytes: their /Encrypt entry was in the
    trailer, lost with the cut, so pdfminer does not decrypt them), and read they would give garbage or nothing."""
    contents = resolve1(page.attrs.get("Contents"))
    for stream in map(resolve1, contents if isinstance(contents, list) else [contents]):
        raw = stream.rawdata if isinstance(stream, PDFStream) and not stream.decipher else None
        filters = raw and stream.get_filters()
        if raw and not filters and not _TEXT.fullmatch(raw[:16]):
            return False
        if raw and filters and filters[0][0] in LITERALS_FLATE_DECODE:
            try:
                zlib.decompressobj().decompress(raw[:1024])
            except zlib.error:
                return False
    return True


def _missing_before(page) -> bool:
    """Whether a node of the page tree before the page is missing: a kid listed before the page (or before the node
    that holds it, up the tree) that is not in the file. False when the tree is not (pages found by the scan). Each
    node's kids are looked at once for the whole document (CutDocument.trees)."""
    node, parent, seen = page.pageid, page.attrs.get("Parent"), set()
    while isinstance(parent, PDFObjRef) and parent.objid not in seen:
        seen.add(parent.objid)
        tree = resolve1(parent)
        if not isinstance(tree, dict):
            return False
        if parent.objid not in page.doc.trees:
            kids = resolve1(tree.get("Kids")) or []
            page.doc.trees[parent.objid] = (
                {kid.objid: i for i, kid in reversed(list(enumerate(kids))) if isinstance(kid, PDFObjRef)},
                next((i for i, kid in enumerate(kids) if resolve1(kid) is None), len(kids)))
        where, missing = page.doc.trees[parent.objid]
        if missing < where.get(node, float("inf")):  # a missing kid before it (any, if it is not listed)
            return True
        node, parent = parent.objid, tree.get("Parent")
    return False


def _complete(page) -> bool:
    """Whether every object the page's content and resources refer to, and what they refer to, is in the file. The
    objects found for the pages before (CutDocument.present: each was whole, or the reading stopped) are not walked
    again: fonts and resources the pages share are looked at once."""
    stack, seen = [page.attrs.get("Contents"), page.attrs.get("Resources")], page.doc.present
    while stack:
        obj = stack.pop()
        if isinstance(obj, PDFObjRef):
            if obj.objid in seen:
                continue
            seen.add(obj.objid)
            try:
                obj = page.doc.getobj(obj.objid)
            except PDFObjectNotFound:
                return False
        if isinstance(obj, PDFStream):
            obj = obj.attrs
        if isinstance(obj, dict):
            stack += [v for k, v in obj.items() if k != "Parent"]
        elif isinstance(obj, list):
            stack += obj
    return True
