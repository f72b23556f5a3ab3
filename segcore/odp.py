"""An OpenDocument presentation (.odp, .otp: LibreOffice Impress; OASIS ODF 1.2 Part 1 §9.1) read into blocks by
segcore.slides: the pages (draw:page) of content.xml in order, on each page its shapes in order (groups read within),
each paragraph's text as an OpenDocument text's (segcore.odt). A frame's presentation:class tells what it is (title,
subtitle; header, footer, date-time and page-number are page furniture); a frame holding a table, a chart, an object
or an image is left out and counted. A page's speaker notes (presentation:notes) are read when asked for, else
counted. Left out and counted besides what segcore.slides leaves out: hidden pages (their style's
presentation:visibility). Members read with segcore.archive."""
from __future__ import annotations

from collections import Counter

from .archive import dc_title, local, open_zip, words_in, xml, zip_mimetype
from .errors import InputError
from .limits import LIMITS, Limits
from .odt import paragraph_text
from .slides import BODY, FURNITURE, OBJECT, SUBTITLE, TITLE, Deck, Shape
from .structure import Block

__all__ = ["read_odp", "is_odp", "EXTENSIONS"]

EXTENSIONS = (".odp", ".otp")
CONTENT = "content.xml"
_MIMETYPE = b"application/vnd.oasis.opendocument.presentation"
_P = "{urn:oasis:names:tc:opendocument:xmlns:presentation:1.0}"
_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
_DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
_KINDS = {"title": TITLE, "subtitle": SUBTITLE, "header": FURNITURE, "footer": FURNITURE, "date-time": FURNITURE,
          "page-number": FURNITURE, "table": OBJECT, "chart": OBJECT, "object": OBJECT, "graphic": OBJECT}
_OBJECTS = frozenset(("table", "object", "object-ole", "image", "plugin"))  # a frame's content that is not text
_SHAPES = frozenset(("frame", "custom-shape", "rect", "ellipse", "polygon", "path", "caption", "circle"))


def is_odp(data: bytes) -> bool:
    """A ZIP archive whose first member is the OpenDocument 'mimetype' file of a presentation."""
    return zip_mimetype(data).startswith(_MIMETYPE)


def _hidden_styles(root) -> set[str]:
    """The drawing-page styles whose pages are not shown."""
    return {st.get(_STYLE + "name") for st in root.iter(_STYLE + "style")
            if any(p.get(_P + "visibility") == "hidden" for p in st.iter(_STYLE + "drawing-page-properties"))}


def _shapes(el):
    """The shapes of a page or group in order, groups' members in their place (the notes are not the page's)."""
    for child in el:
        name = local(child.tag)
        if name == "g":
            yield from _shapes(child)
        elif name in _SHAPES:
            yield child


def _own(p, shape) -> bool:
    """Whether a paragraph is the shape's own, not a frame's inside it (which paragraph_text counts as left out)."""
    at = p.getparent()
    while at is not None and at is not shape:
        if local(at.tag) in _SHAPES:
            return False
        at = at.getparent()
    return True


def _page(page, left_out: Counter) -> list[Shape]:
    """A page's shapes; what their paragraphs leave out (notes, comments) counted into `left_out`."""
    out = []
    for shape in _shapes(page):
        kind = _KINDS.get(shape.get(_P + "class", ""), BODY)
        if kind == OBJECT or any(local(c.tag) in _OBJECTS for c in shape):
            out.append(Shape(OBJECT, [], words_in(shape)))
            continue
        paragraphs = [t for p in shape.iter() if local(p.tag) in ("p", "h") and _own(p, shape)
                      and (t := paragraph_text(p, left_out))]
        out.append(Shape(kind, paragraphs))
    return out


def _notes(page, deck: Deck) -> list[str]:
    """The paragraphs of a page's speaker notes (its presentation:notes' text frames, not the page's thumbnail); what
    they leave out is counted only when the notes are read (else they are counted whole, as speaker notes)."""
    left_out = deck.left_out if deck.speaker_notes else Counter()
    return [text for notes in page if local(notes.tag) == "notes"
            for shape in _page(notes, left_out) if shape.kind == BODY for text in shape.paragraphs]


def read_odp(data: bytes, source: str = "", limits: Limits = LIMITS, speaker_notes: bool = False
             ) -> tuple[list[Block], dict[str, int], str | None]:
    """The blocks of an OpenDocument presentation's pages in order (see the module's docstring), with each page's
    speaker notes after its text when `speaker_notes`, what was left out and its title (the title slide's, else
    meta.xml's); InputError for an archive that is not one or passes `limits` (markup_bytes inflated)."""
    source = source or "the OpenDocument presentation"
    what = "OpenDocument presentation"
    with open_zip(data, source, what) as zf:
        if CONTENT not in zf.namelist():
            raise InputError(f"{source}: not an OpenDocument presentation (.odp): it has no {CONTENT}")
        content = xml(zf, CONTENT, source, limits, what)
        hidden, deck = _hidden_styles(content), Deck(speaker_notes)
        for page in content.iter(_DRAW + "page"):
            if page.get(_DRAW + "style-name") in hidden:
                deck.left_out["hidden"] += words_in(page)
                continue
            deck.slide(_page(page, deck.left_out), notes=_notes(page, deck))
        return deck.result(dc_title(zf, "meta.xml", source, limits, what))
