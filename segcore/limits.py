"""The largest input accepted, checked before the expensive step: characters of text (before sentence splitting),
elements (before segmenting), the bytes of an HTML page, a caption file or a document's text inflated (an EPUB, a Word
or OpenDocument file, a compressed file), and for a PDF its pages and the inflated size of its compressed streams
(before parsing: a decompression bomb is refused unread).
`LIMITS` holds the library's defaults; pass another `Limits` to segcore.loaders (`limits=`) to raise or tighten them.
`check` serves any other count with a limit, `whole` reads a bounded whole number from outside text."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import InputError, ParameterError


def whole(text: str, low: int, high: int) -> int | None:
    """The whole number that `text` writes in ASCII digits if it lies in low…high, else None ('²', a digit to
    str.isdigit but no number to int, and a 5,000-digit number, past int()'s limit, included)."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        return None
    value = int(text)
    return value if low <= value <= high else None


def check(count: int, limit: int, what: str, source: str = "", advice: str = "") -> int:
    """`count` if it is at most `limit`, else InputError: '{source}: {count} {what}, more than the limit of …'."""
    if count > limit:
        raise InputError(f"{source or 'the input'}: {count:,} {what}, more than the limit of {limit:,}"
                         + (f"; {advice}" if advice else ""))
    return count


@dataclass(frozen=True)
class Limits:
    """At most `chars` characters of text and `elements` elements (sentences or words) in one document; a PDF of
    at most `pages` pages whose non-image streams inflate to at most `inflated_bytes` bytes; an HTML page, a caption
    file, the text files of an EPUB, a Word or an OpenDocument file inflated, or a gzip, bzip2 or xz file's content, of
    at most `markup_bytes` bytes. `advice`: what a message about a text past `chars` or `elements` tells to do."""

    chars: int = 2_000_000
    elements: int = 200_000
    pages: int = 500
    inflated_bytes: int = 256 * 2**20
    markup_bytes: int = 64 * 2**20
    advice: str = "use a shorter text"

    def __post_init__(self):
        for name in ("chars", "elements", "pages", "inflated_bytes", "markup_bytes"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ParameterError(f"limit '{name}' must be a whole number of at least 1, got {v!r}")

    def check_text(self, text: str, source: str = "") -> str:
        check(len(text), self.chars, "characters", source, self.advice)
        return text

    def check_elements(self, n: int, level: str = "sentence", source: str = "") -> int:
        advice = f"use sentences instead of words, or {self.advice}" if level == "word" else self.advice
        return check(n, self.elements, f"{level}s", source, advice)

    def check_pages(self, n: int, source: str = "") -> int:
        return check(n, self.pages, "PDF pages", source, "split the PDF, or raise the limit (--max-pages, "
                                                           "Limits.pages)")

    def check_inflated(self, size: int, source: str = "") -> int:
        """InputError when a PDF's streams inflate past `inflated_bytes` (size counted up to just past it)."""
        return _check_bytes(size, self.inflated_bytes, f"{source or 'the PDF'}: its compressed streams inflate to more "
                            "than {mb} MB (a decompression bomb?), refused before parsing", "inflated_bytes")

    def check_markup(self, size: int, source: str = "") -> int:
        """InputError when an HTML page, a caption file, or the text files of an EPUB, a Word or OpenDocument file or
        a compressed file inflated, pass `markup_bytes`."""
        return _check_bytes(size, self.markup_bytes, f"{source or 'the input'}: more than {{mb}} MB of HTML or "
                            "captions, or of text inflated from an EPUB, a Word or OpenDocument file or a compressed "
                            "file, refused before reading", "markup_bytes")


def _check_bytes(size: int, limit: int, said: str, name: str) -> int:
    """`size` if at most `limit`, else InputError: `said` with {mb} the limit in MB, and how to raise it."""
    if size > limit:
        raise InputError(said.replace("{mb}", f"{limit / 2**20:,.0f}")
                         + f"; raise the limit (Limits.{name}) if the file is genuine")
    return size


LIMITS = Limits()
