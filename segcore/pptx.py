"""A PowerPoint presentation (.pptx, .ppsx, .potx, .pptm: Office Open XML PresentationML, ECMA-376 Part 1 §19) read
into blocks by segcore.slides: its slides in the presentation's order (§19.2.1.34 sldIdLst, through the part's
relationships), on each slide its shapes in the shape tree's order (§19.3.1.45 spTree, groups read within, an
AlternateContent's first choice), each paragraph's runs and fields read, line breaks as spaces. Placeholders tell
what a shape is (ctrTitle, title, subTitle; dt, ftr, sldNum and hdr are page furniture); a section of PowerPoint
2010 (p14:sectionLst) and a section-header layout (secHead, §19.7.15) give the deck's upper heading levels.
A slide's speaker notes are the body placeholder of its notes slide (§19.3.1.26), read when asked for, else counted.
Left out and counted besides what segcore.slides leaves out: hidden slides (show="0"). Members read with
segcore.archive."""
from __future__ import annotations

import posixpath

from .archive import dc_title, local, member, open_zip, parse
from .errors import InputError
from .limits import LIMITS, Limits
from .slides import BODY, FURNITURE, OBJECT, OPENING_TITLE, SUBTITLE, TITLE, Deck, Shape
from .structure import Block

__all__ = ["read_pptx", "is_pptx", "PRESENTATION", "EXTENSIONS"]

PRESENTATION = "ppt/presentation.xml"
EXTENSIONS = (".pptx", ".ppsx", ".potx", ".pptm", ".ppsm", ".potm")
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
WHAT = "PowerPoint presentation"


def is_pptx(names: list[str]) -> bool:
    """Whether a ZIP archive's member names are a PowerPoint presentation's."""
    return PRESENTATION in names and "[Content_Types].xml" in names


class _Parts:
    """The archive's XML parts, read within `limits.markup_bytes` all together (a deck's slides, relationships and
    layouts are many parts: each one's own limit would not bound their sum)."""

    def __init__(self, zf, source: str, limits: Limits):
        self.zf, self.source, self.limits, self.used = zf, source, limits, 0
        self.names = set(zf.namelist())

    def xml(self, name: str):
        raw = member(self.zf, name, self.source, self.limits, WHAT, self.used)
        self.used += len(raw)
        return parse(raw, name, self.source, WHAT)


def _relations(parts: _Parts, part: str) -> dict[str, tuple[str, str]]:
    """{relationship id: (its type's last word, such as 'slideLayout'; the archive path of its target)} of a part's
    internal relationships (its _rels/<name>.rels)."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", name + ".rels")
    if rels not in parts.names:
        return {}
    out = {}
    for rel in parts.xml(rels).iter():
        target = rel.get("Target")
        if local(rel.tag) == "Relationship" and target and rel.get("TargetMode") != "External":
            path = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
            out[rel.get("Id")] = (rel.get("Type", "").rsplit("/", 1)[-1], posixpath.normpath(path))
    return out


def _sections(root) -> dict[str, tuple[int, str]]:
    """{slide id: (the number, the name) of the PowerPoint 2010 section it is in}."""
    out = {}
    for i, sec in enumerate(el for el in root.iter() if local(el.tag) == "section"):
        for el in sec.iter():
            if local(el.tag) == "sldId" and el.get("id"):
                out[el.get("id")] = (i, " ".join(sec.get("name", "").split()))
    return out


def _paragraph(p) -> str:
    """A DrawingML paragraph's text (§21.1.2.2.6): runs and fields, line breaks as spaces."""
    parts = []
    for el in p.iter():
        name = local(el.tag)
        if name == "t":
            parts.append(el.text or "")
        elif name == "br":
            parts.append(" ")
    return " ".join("".join(parts).split())


_KINDS = {"title": TITLE, "ctrTitle": OPENING_TITLE, "subTitle": SUBTITLE, "dt": FURNITURE, "ftr": FURNITURE,
          "sldNum": FURNITURE, "hdr": FURNITURE}  # placeholder types (§19.7.10) that are not body text


def _kind(shape) -> str:
    """What a shape is to slides.Deck: graphic frames (tables, charts, diagrams) and pictures are objects, a
    placeholder by its type (§19.3.1.36), any other shape body text."""
    if local(shape.tag) in ("graphicFrame", "pic", "contentPart"):
        return OBJECT
    ph = next((el for el in shape.iter() if local(el.tag) == "ph"), None)
    return BODY if ph is None else _KINDS.get(ph.get("type", "body"), BODY)


def _shapes(tree):
    """The shapes of a shape tree in order, groups' members in their place; an AlternateContent's first choice."""
    for el in tree:
        name = local(el.tag)
        if name == "grpSp":
            yield from _shapes(el)
        elif name == "AlternateContent" and len(el):
            yield from _shapes(el[0])
        elif name in ("sp", "graphicFrame", "pic", "cxnSp", "contentPart"):
            yield el


def _words(el) -> int:
    """Words of the text runs (a:t) within an element (not its other content, such as a table's style id)."""
    return sum(len((t.text or "").split()) for t in el.iter() if local(t.tag) == "t")


def _slide(root) -> list[Shape]:
    """A slide's shapes (its shape tree, §19.3.1.45)."""
    tree = next((el for el in root.iter() if local(el.tag) == "spTree"), None)
    out = []
    for shape in _shapes(tree if tree is not None else ()):
        kind = _kind(shape)
        paragraphs = [] if kind == OBJECT else [t for p in shape.iter() if local(p.tag) == "p" and (t := _paragraph(p))]
        out.append(Shape(kind, paragraphs, _words(shape) if kind == OBJECT else 0))
    return out


def _notes(parts: _Parts, related: list[tuple[str, str]]) -> list[str]:
    """The paragraphs of a slide's speaker notes: its notes slide's body placeholders (not the slide's image, its
    number, header or footer)."""
    part = next((target for kind, target in related if kind == "notesSlide"), None)
    if part not in parts.names:
        return []
    return [text for shape in _slide(parts.xml(part)) if shape.kind == BODY for text in shape.paragraphs]


def read_pptx(data: bytes, source: str = "", limits: Limits = LIMITS, speaker_notes: bool = False
              ) -> tuple[list[Block], dict[str, int], str | None]:
    """The blocks of a PowerPoint presentation's slides in order (see the module's docstring), with each slide's
    speaker notes after its text when `speaker_notes`, what was left out (structure.LEFT_OUT keys) and its title (the
    title slide's, else docProps/core.xml's); InputError for an archive that is not a presentation or passes `limits`
    (markup_bytes inflated)."""
    source = source or "the PowerPoint presentation"
    with open_zip(data, source, WHAT) as zf:
        parts = _Parts(zf, source, limits)
        if PRESENTATION not in parts.names:
            raise InputError(f"{source}: not a PowerPoint presentation (.pptx): it has no {PRESENTATION}")
        root = parts.xml(PRESENTATION)
        rels, sections = _relations(parts, PRESENTATION), _sections(root)
        order = [(el.get("id"), rels.get(el.get(_R + "id"), ("", ""))[1]) for el in root.iter()
                 if local(el.tag) == "sldId" and el.get(_R + "id")]  # sldIdLst's (the sections' sldId have no r:id)
        slides = [(sid, path) for sid, path in order if path in parts.names]
        limits.check_markup(sum(zf.getinfo(path).file_size for _, path in slides), source)
        deck, layouts = Deck(speaker_notes), {}
        for sid, path in slides:
            slide = parts.xml(path)
            if slide.get("show") in ("0", "false"):
                deck.left_out["hidden"] += _words(slide)
                continue
            related = list(_relations(parts, path).values())
            layout = next((target for kind, target in related if kind == "slideLayout"), None)
            if layout not in layouts:
                layouts[layout] = parts.xml(layout).get("type", "cust") if layout in parts.names else "cust"
            deck.slide(_slide(slide), layouts[layout] == "secHead", sections.get(sid), _notes(parts, related))
        if len(order) > len(slides):
            deck.left_out["missing"] += len(order) - len(slides)
        return deck.result(dc_title(zf, "docProps/core.xml", source, limits, WHAT))
