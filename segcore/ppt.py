"""A PowerPoint 97–2003 presentation (.ppt, .pps, .pot: [MS-PPT], Microsoft Open Specifications) read into blocks by
segcore.slides, as a .pptx is. The live records are found as PowerPoint finds them: the Current User stream's last
edit (UserEditAtom, §2.3.3), the persist directories of that edit and the ones before it (§2.3.4: the newest entry of
each object wins), the document (DocumentContainer) and its list of slides in order (SlideListWithTextContainer,
instance 0, SlidePersistAtom by slide). On each slide (SlideContainer), its shapes in drawing order, groups read
within: a shape's text (ClientTextbox: TextCharsAtom UTF-16, TextBytesAtom one byte a character; an
OutlineTextRefAtom points at the text the slide list holds for it), what it is from its TextHeaderAtom's type
(title, centred title, subtitle, body) and its placeholder (date, slide number, footer and header are furniture). A
group that is a table (tableProperties, 0x039F) is counted, not read. A slide without a title placeholder (LibreOffice
writes its slides' titles as plain text boxes) takes its topmost text box as its title when that is one line of at
most TITLE_WORDS words. Hidden slides (SlideShowSlideInfoAtom's fHidden) are left out and counted; a slide's speaker
notes are its notes slide's (NotesContainer, found through the notes list's NotesPersistAtoms) notes text. The OLE
container is read by olefile (segcore.ole)."""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from .errors import InputError
from .limits import LIMITS, Limits
from .ole import is_ole, open_ole, stream, summary_title, u16, u32
from .slides import BODY, FURNITURE, OBJECT, OPENING_TITLE, SUBTITLE, TITLE, Deck, Shape
from .structure import Block

__all__ = ["read_ppt", "EXTENSIONS", "STREAM"]

EXTENSIONS = (".ppt", ".pps", ".pot")
STREAM = "PowerPoint Document"
WHAT = "PowerPoint 97–2003 presentation"
TITLE_WORDS = 12
MAX_DEPTH = 32  # nested groups read
MAX_EDITS = 10_000  # saves followed back through offsetLastEdit

_DOCUMENT, _SLIDE, _NOTES, _SLIDE_ATOM, _SHOW_INFO = 0x03E8, 0x03EE, 0x03F0, 0x03EF, 0x03F9
_LIST, _PERSIST_ATOM, _USER_EDIT, _PERSIST_DIRECTORY = 0x0FF0, 0x03F3, 0x0FF5, 0x1772
_TEXT_HEADER, _TEXT_CHARS, _TEXT_BYTES, _OUTLINE_REF = 0x0F9F, 0x0FA0, 0x0FA8, 0x0F9E
_GROUP, _SHAPE, _CLIENT_DATA, _TEXTBOX, _ANCHOR, _PLACEHOLDER = 0xF003, 0xF004, 0xF011, 0xF00D, 0xF010, 0x0BC3
_PROPERTIES = (0xF00B, 0xF121, 0xF122)  # OfficeArtFOPT, its secondary and tertiary tables
_TABLE_PROPERTY = 0x039F
_SLIDES, _NOTES_LIST = 0, 2  # instances of the SlideListWithTextContainer
_KINDS = {0: TITLE, 6: OPENING_TITLE, 5: SUBTITLE}  # TextHeaderAtom's textType; any other: body text
_NOTES_TEXT = 2
_FURNITURE = {7, 8, 9, 10}  # placeholders: date, slide number, footer, header
_SPACES = str.maketrans({**dict.fromkeys(map(chr, range(32)), ""), "\x0b": " ", "\t": " ", "\r": "\r"})


class _Record(NamedTuple):
    type: int
    instance: int
    start: int  # the payload's first byte
    end: int    # one past its last
    container: bool  # recVer 0xF: the payload is records


def _children(data: bytes, start: int, end: int):
    """The records of a container's payload [start, end) in order; stops at one that runs past the end."""
    at = start
    while at + 8 <= end:
        ver_instance, kind, size = u16(data, at), u16(data, at + 2), u32(data, at + 4)
        if at + 8 + size > end:
            return
        yield _Record(kind, ver_instance >> 4, at + 8, at + 8 + size, ver_instance & 0xF == 0xF)
        at += 8 + size


def _at(data: bytes, offset: int | None, kind: int) -> _Record | None:
    """The record of type `kind` whose header is at `offset` (None: none), or None."""
    if offset is None or not 0 <= offset < len(data):
        return None
    found = next(_children(data, offset, len(data)), None)
    return found if found is not None and found.type == kind else None


def _persist_directory(data: bytes, user: bytes) -> tuple[dict[int, int], int]:
    """{persist id: stream offset} of the live objects and the document's persist id: from the current edit (the
    Current User stream's offsetToCurrentEdit, else the last UserEditAtom of the stream) back through each edit's
    offsetLastEdit, the newest entry of an id winning."""
    edit = u32(user, 16) if len(user) >= 20 else None
    if edit is None or _at(data, edit, _USER_EDIT) is None:
        edits = [r.start - 8 for r in _children(data, 0, len(data)) if r.type == _USER_EDIT]
        edit = edits[-1] if edits else None
    offsets, document, seen = {}, None, set()
    while edit is not None and edit not in seen and len(seen) < MAX_EDITS:
        seen.add(edit)
        record = _at(data, edit, _USER_EDIT)
        if record is None:
            break
        document = u32(data, record.start + 16) if document is None else document
        directory = _at(data, u32(data, record.start + 12), _PERSIST_DIRECTORY)
        at = directory.start if directory else 0
        while directory and at + 4 <= directory.end:
            first, count = u32(data, at) & 0xFFFFF, u32(data, at) >> 20
            for i in range(min(count, (directory.end - at - 4) // 4)):
                offsets.setdefault(first + i, u32(data, at + 4 + 4 * i))
            at += 4 + 4 * count
        edit = u32(data, record.start + 8) or None
    if document is None:
        raise InputError("its edit records (UserEditAtom) are missing or damaged")
    return offsets, document


def _text(data: bytes, record: _Record) -> str:
    raw = data[record.start:record.end]
    text = raw.decode("utf-16-le", "replace") if record.type == _TEXT_CHARS else raw.decode("latin-1")
    return text.translate(_SPACES)


def _paragraphs(text: str) -> list[str]:
    return [p for p in (" ".join(line.split()) for line in text.split("\r")) if p]


class _Slide(NamedTuple):
    persist: int
    ident: int  # slideId (a notes list's: notesId)
    texts: list[tuple[int, str]]  # (textType, text) the list holds for its placeholders


def _list(data: bytes, document: _Record, instance: int) -> list[_Slide]:
    """The slides (or notes) of the document's SlideListWithTextContainer of that instance, in order."""
    out = []
    for container in _children(data, document.start, document.end):
        if container.type != _LIST or container.instance != instance:
            continue
        kind = 4
        for r in _children(data, container.start, container.end):
            if r.type == _PERSIST_ATOM:
                out.append(_Slide(u32(data, r.start), u32(data, r.start + 12), []))
            elif r.type == _TEXT_HEADER:
                kind = u32(data, r.start)
            elif r.type in (_TEXT_CHARS, _TEXT_BYTES) and out:
                out[-1].texts.append((kind, _text(data, r)))
    return out


def _properties(data: bytes, shape: _Record) -> set[int]:
    """The property ids set in a shape's property tables."""
    ids = set()
    for r in _children(data, shape.start, shape.end):
        if r.type in _PROPERTIES:
            ids |= {u16(data, r.start + 6 * i) & 0x3FFF for i in range(min(r.instance, (r.end - r.start) // 6))}
    return ids


class _Reader:
    """The shapes of one slide's drawing, with what the slide list holds for its placeholders (`texts`); of a notes
    slide (`notes`), only its notes text."""

    def __init__(self, data: bytes, texts: list[tuple[int, str]], notes: bool = False):
        self.data, self.texts, self.notes = data, texts, notes

    def shapes(self, record: _Record, depth: int = 0) -> list[tuple[int, Shape]]:
        """(top, Shape) of every text shape within a record, in drawing order; a table group as one OBJECT."""
        out = []
        for r in _children(self.data, record.start, record.end):
            if r.type == _GROUP and r.container and depth < MAX_DEPTH:
                first = next(_children(self.data, r.start, r.end), None)
                if first is not None and first.type == _SHAPE and _TABLE_PROPERTY in _properties(self.data, first):
                    inner = self.shapes(r, depth + 1)
                    words = sum(len(p.split()) for _, s in inner for p in s.paragraphs)
                    out.append((0, Shape(OBJECT, [], words)))
                else:
                    out += self.shapes(r, depth + 1)
            elif r.type == _SHAPE:
                shape = self.shape(r)
                if shape is not None:
                    out.append(shape)
            elif r.container and depth < MAX_DEPTH and r.type not in (_TEXTBOX, _CLIENT_DATA):
                out += self.shapes(r, depth + 1)  # PPDrawing, the drawing and group containers around the shapes
        return out

    def shape(self, record: _Record) -> tuple[int, Shape] | None:
        kind, placeholder, top, texts = 4, None, 0, []
        for r in _children(self.data, record.start, record.end):
            if r.type == _CLIENT_DATA:
                atom = next((c for c in _children(self.data, r.start, r.end) if c.type == _PLACEHOLDER), None)
                placeholder = self.data[atom.start + 4] if atom is not None and atom.end - atom.start >= 5 else None
            elif r.type == _ANCHOR:
                top = int.from_bytes(self.data[r.start:r.start + (2 if r.end - r.start == 8 else 4)], "little",
                                     signed=True)
            elif r.type == _TEXTBOX:
                for c in _children(self.data, r.start, r.end):
                    if c.type == _TEXT_HEADER:
                        kind = u32(self.data, c.start)
                    elif c.type in (_TEXT_CHARS, _TEXT_BYTES):
                        texts.append(_text(self.data, c))
                    elif c.type == _OUTLINE_REF and u32(self.data, c.start) < len(self.texts):
                        kind, text = self.texts[u32(self.data, c.start)]
                        texts.append(text)
        if not texts or self.notes != (kind == _NOTES_TEXT):
            return None
        what = FURNITURE if placeholder in _FURNITURE else _KINDS.get(kind, BODY)
        return top, Shape(what, [p for t in texts for p in _paragraphs(t)])


def _slide_shapes(data: bytes, slide: _Record, texts) -> list[Shape]:
    """A slide's shapes; without a title, its topmost text box as its title when that is one short line."""
    placed = _Reader(data, texts).shapes(slide)
    shapes = [s for _, s in placed]
    if not any(s.kind in (TITLE, OPENING_TITLE) for s in shapes):
        top = min((p for p in placed if p[1].kind == BODY), key=lambda p: p[0], default=None)
        if top is not None and len(top[1].paragraphs) == 1 and len(top[1].paragraphs[0].split()) <= TITLE_WORDS:
            top[1].kind = TITLE
    return shapes


def read_ppt(data: bytes, source: str = "", limits: Limits = LIMITS, speaker_notes: bool = False
             ) -> tuple[list[Block], dict[str, int], str | None]:
    """The blocks of a PowerPoint 97–2003 presentation's slides in order (see the module's docstring), each slide's
    speaker notes after its text when `speaker_notes`, what was left out (structure.LEFT_OUT keys) and its title (the
    title slide's, else the SummaryInformation's); InputError for a file that is not one, is damaged or passes
    `limits` (markup_bytes)."""
    source = source or "the PowerPoint presentation"
    if not is_ole(data):
        raise InputError(f"{source}: not a {WHAT}: it is not an OLE compound file")
    ole = open_ole(data, source)
    try:
        if not ole.exists(STREAM):
            raise InputError(f"{source}: not a {WHAT}: it has no '{STREAM}' stream")
        if ole.exists("EncryptedSummary"):
            raise InputError(f"{source}: the presentation is password-protected: save it without a password")
        body = stream(ole, STREAM, source, limits, WHAT)
        user = stream(ole, "Current User", source, limits, WHAT) if ole.exists("Current User") else b""
        title = summary_title(ole)
    finally:
        ole.close()
    try:
        offsets, document_id = _persist_directory(body, user)
    except InputError as e:
        raise InputError(f"{source}: a damaged {WHAT}: {e}") from None
    document = _at(body, offsets.get(document_id), _DOCUMENT)
    if document is None:
        raise InputError(f"{source}: a damaged {WHAT}: its document record cannot be found")
    notes = {n.ident: n.persist for n in _list(body, document, _NOTES_LIST)}
    deck, missing = Deck(speaker_notes), Counter()
    for entry in _list(body, document, _SLIDES):
        slide = _at(body, offsets.get(entry.persist), _SLIDE)
        if slide is None:
            missing["missing"] += 1
            continue
        atoms = {r.type: r for r in _children(body, slide.start, slide.end) if r.type in (_SLIDE_ATOM, _SHOW_INFO)}
        shapes = _slide_shapes(body, slide, entry.texts)
        info = atoms.get(_SHOW_INFO)
        if info is not None and info.end - info.start > 10 and body[info.start + 10] & 0x04:
            deck.left_out["hidden"] += sum(len(p.split()) for s in shapes for p in s.paragraphs)
            continue
        atom = atoms.get(_SLIDE_ATOM)
        page = _at(body, offsets.get(notes.get(u32(body, atom.start + 16))) if atom else None, _NOTES)
        spoken = [p for _, s in (_Reader(body, [], notes=True).shapes(page) if page else []) for p in s.paragraphs]
        deck.slide(shapes, notes=spoken)
    deck.left_out.update(missing)
    return deck.result(title)
