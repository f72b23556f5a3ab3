"""A PowerPoint presentation (.pptx, .ppsx, .potx, .pptm: Office Open XML PresentationML, ECMA-376 Part 1 §19) read
into blocks: its slides in the presentation's order (§19.2.1.34 sldIdLst, through the part's relationships), and on
each slide the text of its shapes in the shape tree's order (§19.3.1.45 spTree, groups read within), the title first.
A slide's title placeholder is a heading: a title slide's (ctrTitle, or a title with a subTitle) is the
presentation's title (raw level 1); a section of PowerPoint 2010 (p14:sectionLst) names the heading of its first
slide (level 2); the title of a section-header slide (its layout's type secHead, §19.7.15, or a slide that holds its
title and nothing else, as LibreOffice writes them) is level 3, any other slide's title level 4
(structure.make_outline keeps the levels present, in order). A title repeated from the slide before ('… (cont.)' too) opens no new section.
Every other paragraph is a block of body text: line breaks as spaces, fields' shown text read.
Left out and counted (structure.LEFT_OUT): hidden slides, tables, charts, diagrams and pictures (graphic frames),
the date, footer and slide-number placeholders, a title slide's subtitle (its authors and date), repeated titles,
and the speaker notes (another part, not read). Members read with segcore.archive."""
from __future__ import annotations

import posixpath
import re
from collections import Counter

from .archive import dc_title, local, member, open_zip, parse, xml
from .errors import InputError
from .limits import LIMITS, Limits
from .structure import Block, text_block

__all__ = ["read_pptx", "is_pptx", "PRESENTATION", "EXTENSIONS"]

PRESENTATION = "ppt/presentation.xml"
EXTENSIONS = (".pptx", ".ppsx", ".potx", ".pptm", ".ppsm", ".potm")
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_TITLES = frozenset(("title", "ctrTitle"))
_FURNITURE = frozenset(("dt", "ftr", "sldNum", "hdr"))
# a title's mark of a continued slide: '(cont.)', '(continued)', '– cont'd', '(2/3)'
_CONTINUED = re.compile(r"\s*(?:[(\[]\s*(?:cont(?:inued|'d|’d|d)?\.?|ctd\.?|\d+\s*/\s*\d+)\s*[)\]]"
                        r"|[-–—,:]?\s*\b(?:continued|cont'd|cont’d|contd|cont\.|ctd\.))\s*$", re.I)


def is_pptx(names: list[str]) -> bool:
    """Whether a ZIP archive's member names are a PowerPoint presentation's."""
    return PRESENTATION in names and "[Content_Types].xml" in names


def _relations(zf, part: str, source: str, limits: Limits) -> dict[str, tuple[str, str]]:
    """{relationship id: (its type's last word, such as 'slideLayout'; the archive path of its target)} of a part's
    internal relationships (its _rels/<name>.rels)."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", name + ".rels")
    if rels not in zf.namelist():
        return {}
    out = {}
    for rel in xml(zf, rels, source, limits, "PowerPoint presentation").iter():
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


def _placeholder(shape) -> str | None:
    """A shape's placeholder type (§19.3.1.36; 'body' when it has none), None when it is not a placeholder."""
    ph = next((el for el in shape.iter() if local(el.tag) == "ph"), None)
    return None if ph is None else ph.get("type", "body")


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


def _key(title: str) -> str:
    return " ".join(_CONTINUED.sub("", title).lower().split())


class _Slides:
    """The blocks of the slides read so far, and what was left out."""

    def __init__(self):
        self.blocks, self.left_out, self.title, self._last, self._section = [], Counter(), None, None, None

    def heading(self, text: str, level: int):
        if level > 1 and self._last is not None and _key(text) == self._last[1] and level >= self._last[0]:
            self.left_out["repeated titles"] += 1
            return
        if block := text_block(text, level, self.left_out):
            self.blocks.append(block)
            self._last = (level, _key(text))
            if level == 1 and self.title is None:
                self.title = text

    def slide(self, root, layout: str, section: tuple[int, str] | None):
        """One slide's blocks: its section's name where a section begins, its title, then its other shapes' text."""
        if section and section != self._section and section[1]:
            self.heading(section[1], 2)
        self._section = section
        tree = next((el for el in root.iter() if local(el.tag) == "spTree"), None)
        shapes = list(_shapes(tree)) if tree is not None else []
        kinds = [_placeholder(s) for s in shapes]
        opening = "ctrTitle" in kinds or "subTitle" in kinds  # a title slide (LibreOffice's have no ctrTitle)
        bare = all(kind in _TITLES or kind in _FURNITURE for kind in kinds)  # a title and nothing else: a divider
        for shape, kind in sorted(zip(shapes, kinds), key=lambda sk: sk[1] not in _TITLES):
            paragraphs = [t for p in shape.iter() if local(p.tag) == "p" and (t := _paragraph(p))]
            if local(shape.tag) == "graphicFrame":
                self.left_out["tables"] += _words(shape)
            elif kind in _FURNITURE:
                self.left_out["furniture"] += len(paragraphs)
            elif kind == "subTitle" and opening:
                self.left_out["front"] += len(paragraphs)
            elif kind in _TITLES and paragraphs:
                level = 1 if opening else 3 if layout == "secHead" or bare else 4
                self.heading(" ".join(paragraphs), level)
            else:
                for text in paragraphs:
                    if block := text_block(text, 0, self.left_out):
                        self.blocks.append(block)


def read_pptx(data: bytes, source: str = "", limits: Limits = LIMITS) -> tuple[list[Block], dict[str, int],
                                                                              str | None]:
    """The blocks of a PowerPoint presentation's slides in order (see the module's docstring), what was left out
    (structure.LEFT_OUT keys) and its title (the title slide's, else docProps/core.xml's); InputError for an archive
    that is not a presentation or passes `limits` (markup_bytes inflated)."""
    source = source or "the PowerPoint presentation"
    what = "PowerPoint presentation"
    with open_zip(data, source, what) as zf:
        names = set(zf.namelist())
        if PRESENTATION not in names:
            raise InputError(f"{source}: not a PowerPoint presentation (.pptx): it has no {PRESENTATION}")
        root = xml(zf, PRESENTATION, source, limits, what)
        rels, sections = _relations(zf, PRESENTATION, source, limits), _sections(root)
        order = [(el.get("id"), rels.get(el.get(_R + "id"), ("", ""))[1]) for el in root.iter()
                 if local(el.tag) == "sldId" and el.get(_R + "id")]  # sldIdLst's (the sections' sldId have no r:id)
        slides = [(sid, path) for sid, path in order if path in names]
        limits.check_markup(sum(zf.getinfo(path).file_size for _, path in slides), source)
        out, layouts, used = _Slides(), {}, 0
        for sid, path in slides:
            raw = member(zf, path, source, limits, what, used)
            used += len(raw)
            slide = parse(raw, path, source, what)
            if slide.get("show") in ("0", "false"):
                out.left_out["hidden"] += _words(slide)
                continue
            related = list(_relations(zf, path, source, limits).values())
            layout = next((target for kind, target in related if kind == "slideLayout"), None)
            if layout not in layouts:
                layouts[layout] = (xml(zf, layout, source, limits, what).get("type", "cust")
                                   if layout in names else "cust")
            out.slide(slide, layouts[layout], sections.get(sid))
            out.left_out["speaker notes"] += any(kind == "notesSlide" for kind, _ in related)
        if len(order) > len(slides):
            out.left_out["missing"] += len(order) - len(slides)
        title = out.title or dc_title(zf, "docProps/core.xml", source, limits, what)
        return out.blocks, {k: v for k, v in out.left_out.items() if v}, title
