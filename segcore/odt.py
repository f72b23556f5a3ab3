"""An OpenDocument text (.odt: LibreOffice, OpenOffice; OASIS ODF 1.2 Part 1 §5) read into blocks: the paragraphs and
headings of content.xml in order (text:h at its outline level; a paragraph whose style is, or derives from, 'Title'
above them), lists and sections read through; spans, links and fields read, spaces (text:s), tabs and line breaks as
spaces. Left out and counted (structure.LEFT_OUT): paragraphs in a code style (wpstyles.code_styles: 'Preformatted
Text'; one in a fixed-pitch font only when the document is not set in fixed-pitch type), or all of whose text is in
spans of a code text style ('Source Text': a fixed-pitch font, when the document is not set in fixed-pitch type;
wpstyles.CodeRuns, wpstyles.Paragraphs), by lines; tables, frames (images, text boxes, formulas), footnotes and
endnotes, indexes and tables of contents, comments, tracked deletions, letterless paragraphs. Members read with
segcore.archive."""
from __future__ import annotations

from collections import Counter

import lxml.etree as etree

from .archive import dc_title, local, open_zip, words_in, xml, zip_mimetype
from .errors import InputError
from .limits import LIMITS, Limits, whole
from .structure import Block
from .wpstyles import CodeRuns, Paragraphs, code_styles, style_levels

__all__ = ["read_odt", "is_odt", "paragraph_text"]

CONTENT = "content.xml"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
_MIMETYPE = b"application/vnd.oasis.opendocument.text"
_LEFT_OUT = {"table": "tables", "frame": "tables", "note": "footnote texts", "table-of-content": "contents",
             "alphabetical-index": "contents", "illustration-index": "contents", "table-index": "contents",
             "object-index": "contents", "user-index": "contents", "bibliography": "contents",
             "annotation": "annotations", "tracked-changes": None, "sequence-decls": None}  # kind counted, or None


def is_odt(data: bytes) -> bool:
    """A ZIP archive whose first member is the OpenDocument 'mimetype' file of a text document."""
    return zip_mimetype(data).startswith(_MIMETYPE)


def _styles(roots) -> tuple[set[str], dict]:
    """The names of the paragraph styles that are, or derive from, 'Title' (the chain walked by
    wpstyles.style_levels), and of the code styles (wpstyles.code_styles: the body's 'Standard', fixed-pitch fonts
    as the font-face declarations say) of styles.xml and the automatic styles."""
    styles = [st for root in roots for st in root.iter(_STYLE + "style") if st.get(_STYLE + "name")]
    heads = {st.get(_STYLE + "name"): (None, st.get(_STYLE + "name"), st.get(_STYLE + "parent-style-name"))
             for st in styles}
    code = {_key(st.get(_STYLE + "family"), st.get(_STYLE + "name")): (
        st.get(_STYLE + "display-name") or st.get(_STYLE + "name").replace("_20_", " "), _font(st),
        _key(st.get(_STYLE + "family"), st.get(_STYLE + "parent-style-name"))) for st in styles
        if st.get(_STYLE + "family") in ("paragraph", "text")}
    fixed = frozenset(f.get(_STYLE + "name") for root in roots for f in root.iter(_STYLE + "font-face")
                      if f.get(_STYLE + "font-pitch") == "fixed")
    default = next((_font(st) for root in roots for st in root.iter(_STYLE + "default-style")
                    if st.get(_STYLE + "family") == "paragraph"), None)
    return ({name for name, level in style_levels(heads).items() if level == 1} | {"Title"},
            code_styles(code, "Standard", fixed, default))


def _key(family: str, name: str | None):
    """A style's key among the code styles: a paragraph style's name, a text style's ("text", name) (names are
    unique within a family only)."""
    return ("text", name) if family == "text" and name else name


def _font(style) -> str | None:
    props = style.find(_STYLE + "text-properties")
    return props.get(_STYLE + "font-name") if props is not None else None


def _size(kind: str, el) -> int:
    """How a left-out element counts, in the unit structure.LEFT_OUT gives its kind: notes and comments by number,
    contents by lines (paragraphs), tables and frames by words."""
    if kind in ("footnote texts", "annotations"):
        return 1
    return len(el.findall(f".//{_TEXT}p")) if kind == "contents" else words_in(el)


def paragraph_text(el, left_out: Counter, code: dict | None = None, runs: CodeRuns | None = None) -> str:
    """A paragraph's or heading's text; what it leaves out (notes, frames, comments) is counted into `left_out`, its
    characters into `runs` by what a span around them with a text style in `code` (_styles) makes them."""
    parts, walker = [el.text or ""], etree.iterwalk(el, events=("start", "end"))
    runs, in_code, code = CodeRuns() if runs is None else runs, [False], code or {}
    runs.add(el.text or "", False)
    for event, x in walker:
        name = local(x.tag)
        if x is el:
            continue
        if event == "start":
            in_code.append(in_code[-1] or (name == "span" and code.get(("text", x.get(_TEXT + "style-name")))))
            kind = _LEFT_OUT.get(name, "")
            if kind != "":
                if kind:
                    left_out[kind] += _size(kind, x)
                walker.skip_subtree()  # its end event still comes, with its tail
                continue
            parts.append(" " if name in ("s", "tab", "line-break") else x.text or "")
            runs.add(parts[-1], in_code[-1])
        else:
            in_code.pop()
            parts.append(x.tail or "")
            runs.add(parts[-1], in_code[-1])
    return " ".join("".join(parts).split())


def read_odt(data: bytes, source: str = "", limits: Limits = LIMITS) -> tuple[list[Block], dict[str, int], str | None]:
    """The blocks of an OpenDocument text in order (see the module's docstring), what was left out and its title;
    InputError for an archive that is not one or passes `limits` (markup_bytes inflated)."""
    source = source or "the OpenDocument text"
    with open_zip(data, source, "OpenDocument text") as zf:
        if CONTENT not in zf.namelist():
            raise InputError(f"{source}: not an OpenDocument text (.odt): it has no {CONTENT}")
        content = xml(zf, CONTENT, source, limits, "OpenDocument text")
        styles = [xml(zf, "styles.xml", source, limits, "OpenDocument text")] if "styles.xml" in zf.namelist() else []
        titles, code = _styles(styles + [content])
        body = next((el for el in content.iter() if local(el.tag) == "text" and el.getparent() is not None
                     and local(el.getparent().tag) == "body"), None)
        left_out = Counter()
        paragraphs = Paragraphs(left_out)
        pending = [] if body is None else list(body)[::-1]
        while pending:
            el = pending.pop()
            name = local(el.tag)
            if name in ("p", "h"):
                if name == "h":  # outline level 1-10 (ODF's range), raw level 2-11 under the title's 1
                    level = 1 + (whole(el.get(_TEXT + "outline-level", "1"), 1, 10) or 1)
                else:
                    level = 1 if el.get(_TEXT + "style-name") in titles else 0
                mark, runs = not level and code.get(el.get(_TEXT + "style-name")), CodeRuns()
                text = "" if mark is True else paragraph_text(el, left_out, code, runs)
                paragraphs.add(text, level, runs, len(el.findall(f".//{_TEXT}line-break")) + 1, not words_in(el),
                               mark)
            elif name in _LEFT_OUT:
                if _LEFT_OUT[name]:
                    left_out[_LEFT_OUT[name]] += _size(_LEFT_OUT[name], el)
            else:  # lists, list items, sections, soft page breaks: read what they hold
                pending.extend(list(el)[::-1])
        title = dc_title(zf, "meta.xml", source, limits, "OpenDocument text")
        return paragraphs.blocks(), {k: v for k, v in left_out.items() if v}, title
