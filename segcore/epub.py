"""An EPUB book (EPUB 2 or 3) read into blocks: the content documents of its spine, in reading order, each read as
an HTML page (segcore.htmlpage). Only members of the archive are read, by name, and nothing is fetched: a path in the
package that leaves the archive names nothing. The files the spine marks as outside the reading order (linear="no")
are left out and counted; a file the spine names twice (with different #fragments) is read once. Sizes are checked
before and while inflating (segcore.limits: markup_bytes), and an encrypted (DRM) book is refused with a message.
A file with text but no heading of its own (a chapter titled by styled paragraphs) gets the title its table of
contents gives it — the EPUB 3 navigation document, else the EPUB 2 NCX — as its heading."""
from __future__ import annotations

import posixpath
import re
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import unquote, urldefrag

from .archive import local, member, open_zip, xml, zip_mimetype
from .errors import InputError
from .encodings import decode_markup
from .htmlpage import html_blocks
from .limits import LIMITS, Limits
from .structure import Block

__all__ = ["read_epub", "EpubText", "is_epub"]

_CONTENT_TYPES = ("application/xhtml+xml", "text/html", "application/xml", "text/xml")
MAX_SPINE = 10_000


@dataclass
class EpubText:
    """An EPUB's blocks, what was left out (structure.LEFT_OUT keys), its title, the number of files read and how many
    of them have their heading from the table of contents."""

    blocks: list[Block]
    left_out: dict[str, int] = field(default_factory=dict)
    title: str | None = None
    files: int = 0
    toc_headings: int = 0


def is_epub(data: bytes) -> bool:
    """A ZIP archive whose first member is the EPUB 'mimetype' file."""
    return zip_mimetype(data).startswith(b"application/epub+zip")


def _package(zf, source: str, limits: Limits) -> str:
    """The path of the package document (.opf) named by META-INF/container.xml."""
    container = xml(zf, "META-INF/container.xml", source, limits, "EPUB")
    for el in container.iter():
        if local(el.tag) == "rootfile" and el.get("full-path"):
            return unquote(el.get("full-path"))
    raise InputError(f"{source}: this EPUB's container names no package document")


def _encrypted(zf, source: str, limits: Limits) -> set[str]:
    """Paths of the members META-INF/encryption.xml says are encrypted (fonts are often obfuscated so)."""
    if "META-INF/encryption.xml" not in zf.namelist():
        return set()
    tree = xml(zf, "META-INF/encryption.xml", source, limits, "EPUB")
    return {unquote(el.get("URI")) for el in tree.iter() if local(el.tag) == "CipherReference" and el.get("URI")}


def _toc(zf, package, base: str, source: str, limits: Limits) -> dict[str, tuple[str, int]]:
    """{member path: (title, depth from 1)} of the first table-of-contents entry naming each file: the EPUB 3
    navigation document's toc (the manifest item with property 'nav'), else the EPUB 2 NCX; {} when the book has
    neither or it cannot be read (a table of contents only adds headings)."""
    nav = ncx = None
    for el in package.iter():
        if local(el.tag) == "item" and el.get("href"):
            path = posixpath.normpath(posixpath.join(base, urldefrag(unquote(el.get("href")))[0]))
            if "nav" in (el.get("properties") or "").split():
                nav = nav or path
            elif el.get("media-type") == "application/x-dtbncx+xml":
                ncx = ncx or path
    for path, entries in ((nav, _nav_entries), (ncx, _ncx_entries)):
        if path is None or path not in zf.namelist():
            continue
        try:
            tree = xml(zf, path, source, limits, "EPUB")
        except InputError:
            continue
        out: dict[str, tuple[str, int]] = {}
        for title, href, depth in entries(tree):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), urldefrag(unquote(href))[0]))
            if title and target not in out:
                out[target] = (title, depth)
        if out:
            return out
    return {}


def _text(el) -> str:
    return " ".join("".join(el.itertext()).split())


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def _nav_entries(tree):
    """(title, href, depth) of the links of an EPUB 3 nav document's toc (or first) <nav>, in order."""
    navs = [el for el in tree.iter() if local(el.tag) == "nav"]
    toc = next((n for n in navs if "toc" in (n.get("{http://www.idpf.org/2007/ops}type") or "").split()),
               navs[0] if navs else None)
    for a in (() if toc is None else toc.iter()):
        if local(a.tag) == "a" and a.get("href"):
            depth = 0
            for x in a.iterancestors():
                if x is toc:
                    break
                depth += local(x.tag) == "ol"
            yield _text(a), a.get("href"), max(depth, 1)


def _ncx_entries(tree):
    """(title, src, depth) of an NCX's navPoints, in document order."""
    for point in tree.iter():
        if local(point.tag) != "navPoint":
            continue
        label = next((x for x in point if local(x.tag) == "navLabel"), None)
        content = next((x for x in point if local(x.tag) == "content"), None)
        if label is not None and content is not None and content.get("src"):
            yield _text(label), content.get("src"), 1 + sum(local(x.tag) == "navPoint" for x in point.iterancestors())


def _spine(package, base: str) -> tuple[list[str], int, str | None]:
    """(member paths of the spine's documents in reading order, each once; the number of non-linear ones; the
    book's title)."""
    items, order, extra = {}, [], 0
    for el in package.iter():
        name = local(el.tag)
        if name == "item" and el.get("id") and el.get("href"):
            href = urldefrag(unquote(el.get("href")))[0]
            items[el.get("id")] = (posixpath.normpath(posixpath.join(base, href)), el.get("media-type") or "")
        elif name == "itemref" and el.get("idref") in items:
            path, media = items[el.get("idref")]
            if media not in _CONTENT_TYPES or path in order:
                continue
            if (el.get("linear") or "yes").lower() == "no":
                extra += 1
                continue
            order.append(path)
    title = next((" ".join(el.text.split()) for el in package.iter() if local(el.tag) == "title" and el.text), None)
    return order, extra, title


def read_epub(data: bytes, source: str = "", limits: Limits = LIMITS) -> EpubText:
    """The blocks of an EPUB's spine documents in reading order (see the module's docstring); InputError for an
    archive that is not an EPUB, is encrypted, or passes `limits` (markup_bytes inflated, then characters)."""
    source = source or "the EPUB"
    with open_zip(data, source, "EPUB") as zf:
        opf = _package(zf, source, limits)
        package = xml(zf, opf, source, limits, "EPUB")
        spine, extra, title = _spine(package, posixpath.dirname(opf))
        if not spine:
            raise InputError(f"{source}: this EPUB's spine names no readable document")
        if len(spine) > MAX_SPINE:
            raise InputError(f"{source}: {len(spine):,} documents in this EPUB's spine, more than the limit of "
                             f"{MAX_SPINE:,}")
        locked = _encrypted(zf, source, limits) & set(spine)
        if locked:
            raise InputError(f"{source}: this EPUB is encrypted (DRM: {len(locked)} of its {len(spine)} text files); "
                             f"it cannot be read")
        names = set(zf.namelist())
        missing = [p for p in spine if p not in names]
        limits.check_markup(sum(zf.getinfo(p).file_size for p in spine if p in names), source)
        toc = _toc(zf, package, posixpath.dirname(opf), source, limits)
        blocks, left_out, used, titled = [], Counter(), 0, 0
        for path in spine:
            if path in missing:
                continue
            data = member(zf, path, source, limits, "EPUB", used)
            used += len(data)
            page, counts, _ = html_blocks(decode_markup(data, source).text, source)
            if path in toc and page and not any(b.level for b in page):  # a heading as an h1 would be (raw level 2)
                name, depth = toc[path]
                same = _words(page[0].text) == _words(name)  # the title written as a styled paragraph: that one
                page[:1 if same else 0] = [Block(page[0].text if same else name, level=1 + depth)]
                titled += 1
            blocks += page
            left_out.update(counts)
        if extra:
            left_out["nonlinear"] += extra
        if missing:
            left_out["missing"] += len(missing)
    return EpubText(blocks, dict(left_out), title, len(spine) - len(missing), titled)
