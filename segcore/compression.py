"""Compressed files: a gzip, bzip2 or xz file read as the file inside (Python's gzip, bz2 and lzma modules), inflated
no further than segcore.limits allows."""
from __future__ import annotations

import bz2
import gzip
import io
import lzma
import re
import zlib
from pathlib import Path
from typing import BinaryIO, Iterator

from .errors import InputError
from .limits import LIMITS, Limits

__all__ = ["compressed_kind", "named_compression", "document_suffix", "inflated", "uncompressed", "content_blocks"]

# (how the file starts, what it is, how to open it, its extension)
_COMPRESSED = ((re.compile(rb"\x1f\x8b\x08"), "gzip", gzip.open, ".gz"),
               (re.compile(rb"BZh[1-9](?:1AY&SY|\x17rE8P\x90)", re.S), "bzip2", bz2.open, ".bz2"),  # a block or the end
               (re.compile(rb"\xfd7zXZ\x00"), "xz", lzma.open, ".xz"))


_EXTENSIONS = frozenset(ext for *_, ext in _COMPRESSED)
_SIGNATURE = 10  # bytes: the longest start above (bzip2's 'BZh9' and a block's '1AY&SY')
_DAMAGED = (OSError, EOFError, lzma.LZMAError, zlib.error)  # what opening a damaged or cut stream raises


def _compression(start: bytes):
    """(what it is, how to open it, its extension) of the compression a file's first bytes show; None: none."""
    return next(((kind, opener, ext) for begins, kind, opener, ext in _COMPRESSED if begins.match(start)), None)


def compressed_kind(data: bytes) -> str | None:
    """'gzip', 'bzip2' or 'xz' when `data` starts as a file so compressed does, else None."""
    found = _compression(data[:_SIGNATURE])
    return found[0] if found else None


def named_compression(name: str) -> str | None:
    """'gzip', 'bzip2' or 'xz' when a file's name ends with that compression's extension (.gz, .bz2, .xz), else
    None."""
    suffix = Path(name).suffix.lower()
    return next((kind for _, kind, _, ext in _COMPRESSED if ext == suffix), None)


def _damaged(source: str, kind: str, error: Exception) -> InputError:
    return InputError(f"{source or 'the input'}: a damaged or incomplete {kind} file ({error})")


def document_suffix(name: str) -> str:
    """A file name's extension, lower-cased, under a compression's: '.ref' for 'doc.ref.gz'."""
    path = Path(name)
    if path.suffix.lower() in _EXTENSIONS:
        path = path.with_suffix("")
    return path.suffix.lower()


def inflated(data: bytes, name: str, source: str, most: int) -> tuple[bytes, str] | None:
    """The first `most` bytes of a gzip, bzip2 or xz file's content and its name without that extension; None when
    `data` is not compressed."""
    found = _compression(data)
    if found is None:
        return None
    kind, opener, ext = found
    try:
        with opener(io.BytesIO(data)) as f:
            content = f.read(most)
    except _DAMAGED as e:
        raise _damaged(source, kind, e) from None
    return content, name[:-len(ext)] if name.lower().endswith(ext) else name


def content_blocks(f: BinaryIO, size: int, source: str) -> Iterator[bytes]:
    """A binary file's content (`f`, from its start), the file inside when it is gzip, bzip2 or xz compressed, in
    blocks of `size` bytes as it is read and inflated: never whole in memory; InputError when the compressed stream
    is damaged."""
    found = _compression(f.read(_SIGNATURE))
    f.seek(0)
    if found is None:
        while block := f.read(size):
            yield block
        return
    kind, opener, _ = found
    try:
        with opener(f) as content:
            while block := content.read(size):
                yield block
    except _DAMAGED as e:
        raise _damaged(source, kind, e) from None


def uncompressed(data: bytes, name: str, source: str, limits: Limits = LIMITS) -> tuple[bytes, str]:
    """The content of a gzip, bzip2 or xz file and its name without that extension (`data` and `name` unchanged when
    not compressed), inflated no further than limits.markup_bytes allows: a decompression bomb is refused unread."""
    found = inflated(data, name, source, limits.markup_bytes + 1)
    if found is None:
        return data, name
    limits.check_markup(len(found[0]), source)
    return found
