"""The members of a document that is a ZIP archive (an EPUB book, a Word .docx) read safely: by name only, inflated
no further than segcore.limits allows (the archive's own sizes may lie), XML parsed without entities, DTDs or
network access."""
from __future__ import annotations

import io
import zipfile
import zlib

import lxml.etree as etree

from .errors import InputError
from .limits import Limits

__all__ = ["ZIP_ERRORS", "open_zip", "zip_mimetype", "zip_names", "member", "parse", "xml", "local", "words_in",
           "dc_title"]

# what a damaged archive raises when opened or read: a bad directory, a member that does not inflate (zlib.error), a
# name that is not UTF-8 (UnicodeDecodeError, a ValueError) or a bad offset (ValueError), an unknown compression or
# version (NotImplementedError), an encrypted member (RuntimeError), a short member (EOFError)
ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, OSError, ValueError, NotImplementedError, RuntimeError, EOFError)

_XML = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, remove_comments=True,
                       remove_pis=True)


def open_zip(data: bytes, source: str, what: str) -> zipfile.ZipFile:
    """The archive of a `what` (an EPUB, a Word document); InputError when `data` is not a ZIP archive, or one cut
    short or damaged (it opens with a member's header, but its directory, at the end, cannot be read)."""
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except ZIP_ERRORS:
        if not data:
            raise InputError(f"{source}: the file is empty (0 bytes): there is no {what} in it") from None
        if data[:4] == b"PK\x03\x04":
            raise InputError(f"{source}: the {what} is damaged: the ZIP archive it is made of is cut short or "
                             f"corrupted (its directory, at the end, cannot be read); save or download it "
                             f"again") from None
        raise InputError(f"{source}: not a readable {what} (it is not a ZIP archive)") from None


def zip_mimetype(data: bytes) -> bytes:
    """The start of a ZIP archive's first member when that member is named 'mimetype' (how EPUB and OpenDocument
    files say what they are; stored uncompressed), else b''."""
    if data[:4] != b"PK\x03\x04" or data[30:38] != b"mimetype":
        return b""
    start = 30 + int.from_bytes(data[26:28], "little") + int.from_bytes(data[28:30], "little")
    return data[start:start + 80]


def zip_names(data: bytes) -> list[str]:
    """The member names of a ZIP archive (read from its directory, nothing inflated); [] when it is not one."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return zf.namelist()
    except ZIP_ERRORS:
        return []


def member(zf: zipfile.ZipFile, name: str, source: str, limits: Limits, what: str, used: int = 0) -> bytes:
    """A member's bytes, inflated no further than `limits.markup_bytes` allows after the `used` bytes already read."""
    try:
        with zf.open(name) as f:
            data = f.read(limits.markup_bytes - used + 1)
    except KeyError:
        raise InputError(f"{source}: this {what} has no {name} (it is not a complete {what})") from None
    except ZIP_ERRORS as e:
        raise InputError(f"{source}: the {what} is damaged: its part {name} cannot be read ({e})") from None
    limits.check_markup(used + len(data), source)
    return data


def parse(data: bytes, name: str, source: str, what: str):
    """A member's bytes parsed as XML (see the module's docstring)."""
    try:
        return etree.fromstring(data, parser=_XML)
    except etree.XMLSyntaxError as e:
        raise InputError(f"{source}: the {what} is damaged: its part {name} is not readable XML ({e.msg})") from None


def xml(zf: zipfile.ZipFile, name: str, source: str, limits: Limits, what: str):
    """A member parsed as XML (see the module's docstring)."""
    return parse(member(zf, name, source, limits, what), name, source, what)


def local(tag) -> str:
    """An element's tag without its namespace ('' for comments and the like)."""
    return etree.QName(tag).localname if isinstance(tag, str) else ""


# elements that part words in a word processor's or a presentation's XML: paragraphs, headings, table cells, tabs,
# line breaks and spaces (w:p, w:tc, w:tab, w:br, w:cr; text:p, text:h, text:s, text:tab, text:line-break; a:p, a:br)
_SPACED = frozenset(("p", "h", "tc", "table-cell", "tab", "br", "cr", "s", "line-break"))


def words_in(el) -> int:
    """Words of an element's text (what a left-out part is counted in): its text joined in order, as a word split
    across runs or spans ('address' '/' 'ttl') is one word, with a space at each element that parts words
    (_SPACED)."""
    parts = []
    for event, e in etree.iterwalk(el, events=("start", "end")):
        if event == "start" and isinstance(e.tag, str):
            parts.append(" " + (e.text or "") if local(e.tag) in _SPACED else e.text or "")
        elif event == "end" and e is not el:
            parts.append(e.tail or "")
    return len("".join(parts).split())


def dc_title(zf: zipfile.ZipFile, name: str, source: str, limits: Limits, what: str) -> str | None:
    """The Dublin Core title in a metadata member (a .docx's docProps/core.xml, an .odt's meta.xml); None when there
    is none or it cannot be read (the title only names the document)."""
    if name not in zf.namelist():
        return None
    try:
        root = xml(zf, name, source, limits, what)
    except InputError:
        return None
    titles = (" ".join("".join(el.itertext()).split()) for el in root.iter() if local(el.tag) == "title")
    return next(titles, "") or None
