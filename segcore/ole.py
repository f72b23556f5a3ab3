"""An OLE compound file (Office 97–2003: .doc, .xls, .ppt; [MS-CFB]) opened by olefile, read safely: its streams
within the markup limit, any damage an InputError, and its title from the SummaryInformation property set
([MS-OLEPS]). Shared by segcore.worddoc and segcore.ppt."""
from __future__ import annotations

from .errors import InputError
from .limits import Limits

__all__ = ["OLE_MAGIC", "is_ole", "open_ole", "has_stream", "stream", "summary_title", "u16", "u32"]

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_SUMMARY = "\x05SummaryInformation"
_MAX_SUMMARY = 1 << 20
_VT_I2, _VT_LPSTR, _VT_LPWSTR = 2, 30, 31


def is_ole(data: bytes) -> bool:
    """Whether bytes open as an OLE compound file (Office 97–2003: .doc, .xls, .ppt)."""
    return data[:8] == OLE_MAGIC


def u16(b: bytes, at: int) -> int:
    return int.from_bytes(b[at:at + 2], "little")


def u32(b: bytes, at: int) -> int:
    return int.from_bytes(b[at:at + 4], "little")


def open_ole(data: bytes, source: str):
    """The olefile.OleFileIO of the bytes; InputError for a damaged container."""
    try:
        import olefile
    except ImportError:  # pragma: no cover - olefile is in requirements.txt
        raise InputError(f"{source}: reading an Office 97–2003 file needs olefile (pip install olefile); or save it "
                         "in the newer format or as PDF") from None
    try:
        return olefile.OleFileIO(data)
    except Exception as e:  # olefile raises OSError, struct.error, IndexError, ... on a damaged container
        raise InputError(f"{source}: a damaged Office 97–2003 file ({type(e).__name__}: {e})") from None


def has_stream(data: bytes, name: str) -> bool:
    """Whether an OLE compound file holds a stream of that name (False for a damaged container)."""
    try:
        ole = open_ole(data, "")
    except InputError:
        return False
    try:
        return bool(ole.exists(name))
    finally:
        ole.close()


def stream(ole, name: str, source: str, limits: Limits, what: str) -> bytes:
    """A stream's bytes; InputError when it is missing, cannot be read or passes `limits` (markup_bytes)."""
    try:
        if not ole.exists(name):
            raise InputError(f"{source}: a damaged {what}: it has no {name} stream")
        limits.check_markup(ole.get_size(name), source)
        return ole.openstream(name).read()
    except InputError:
        raise
    except Exception as e:  # a storage where a stream should be, a damaged sector chain
        raise InputError(f"{source}: a damaged {what}: its {name} stream cannot be read ({e})") from None


def summary_title(ole) -> str | None:
    """The title (PIDSI_TITLE, 2) of the SummaryInformation property set's first section ([MS-OLEPS] §2.21), in its
    code page (property 1); None when there is none or it cannot be read."""
    try:
        if not ole.exists(_SUMMARY) or ole.get_size(_SUMMARY) > _MAX_SUMMARY:
            return None
        data = ole.openstream(_SUMMARY).read()
    except Exception:  # a damaged property set: the title is not needed to read the text
        return None
    section = u32(data, 44)
    count = min(u32(data, section + 4), max(0, (len(data) - section - 8) // 8))
    props = {u32(data, section + 8 + 8 * i): section + u32(data, section + 12 + 8 * i) for i in range(count)}
    page = u16(data, props[1] + 4) if 1 in props and u16(data, props[1]) == _VT_I2 else 1252
    if 2 not in props:
        return None
    at, kind = props[2], u16(data, props[2])
    n = u32(data, at + 4)
    if kind == _VT_LPWSTR:
        title = data[at + 8:at + 8 + 2 * n].decode("utf-16-le", "replace")
    elif kind == _VT_LPSTR:
        try:
            title = data[at + 8:at + 8 + n].decode("utf-16-le" if page == 1200 else f"cp{page}")
        except (LookupError, UnicodeDecodeError):
            title = data[at + 8:at + 8 + n].decode("cp1252", "replace")
    else:
        return None
    return " ".join(title.replace("\x00", " ").split()) or None
