"""A Word document (.docx: Office Open XML, ECMA-376 Part 1 §17) read into blocks: the paragraphs of its main part in
order, a heading at its outline level (§17.3.1.20: the paragraph's own, else its style's through basedOn, else a style
named 'heading N'; 'Title' above them all); a run's text with tabs and breaks as spaces, hyperlinks, the shown result of
fields, tracked insertions and content controls read; deleted or moved-away text, field instructions and hidden text
(vanish) not.
Left out and counted (structure.LEFT_OUT): paragraphs in a code style (wpstyles.code_styles: 'Source Code'; one in a
fixed-pitch font only when the document is not set in fixed-pitch type), or all of whose runs are in a code character
style or font ('Verbatim Char'; 'Courier New' when the document is not set in fixed-pitch type: wpstyles.CodeRuns,
wpstyles.Paragraphs), by lines; tables, text boxes and drawings, displayed equations, paragraphs without a letter, and
the footnotes and endnotes (their marks dropped; the notes live in other parts, not read). Members read with
segcore.archive."""
from __future__ import annotations

from collections import Counter

import lxml.etree as etree

from .archive import dc_title, local, open_zip, words_in, xml
from .errors import InputError
from .limits import LIMITS, Limits, whole
from .structure import Block
from .wpstyles import CodeRuns, Paragraphs, code_styles, style_levels

__all__ = ["read_docx", "is_docx", "DOCUMENT"]

DOCUMENT = "word/document.xml"
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_FIGURES = frozenset(("drawing", "pict", "object", "AlternateContent"))  # in a run: drawings and text boxes
_NOT_TEXT = frozenset(("del", "moveFrom", "delText", "instrText", "rPr", "pPr", "commentReference", "annotationRef"))
_NOTES = frozenset(("footnoteReference", "endnoteReference"))
_BODY_BLOCKS = frozenset(("sdt", "sdtContent", "customXml", "ins", "smartTag", "moveTo"))  # read what they hold


def is_docx(names: list[str]) -> bool:
    """Whether a ZIP archive's member names are a Word document's."""
    return DOCUMENT in names and "[Content_Types].xml" in names


def _w(el, name: str) -> str | None:
    return el.get(_W + name)


def _outline(ppr) -> int | None:
    """The outline level (0–8) a paragraph or style properties element sets, None when none (9 = body text)."""
    if ppr is None:
        return None
    lvl = ppr.find(_W + "outlineLvl")
    return whole(_w(lvl, "val") or "", 0, 8) if lvl is not None else None


def _font(rpr) -> str | None:
    fonts = rpr.find(_W + "rFonts") if rpr is not None else None
    return (_w(fonts, "ascii") or _w(fonts, "hAnsi")) if fonts is not None else None


def _run(run) -> tuple:
    """A run as a character style of its own (wpstyles.code_styles): its font, based on its character style."""
    rpr = run.find(_W + "rPr")
    style = rpr.find(_W + "rStyle") if rpr is not None else None
    return "run", _font(rpr), _w(style, "val") if style is not None else None


def _styles(zf, source: str, limits: Limits, document) -> tuple[dict[str, int], dict]:
    """{paragraph style id: raw heading level} (wpstyles.style_levels) and the code styles (wpstyles.code_styles;
    fixed-pitch fonts as word/fontTable.xml declares them) of word/styles.xml: paragraph and character styles' ids
    (unique across types, §17.7.4.17) and the document's runs (_run) that set code."""
    runs = {_run(r) for r in document.iter(_W + "r")}
    code = {key: ("", key[1], key[2]) for key in runs}
    if "word/styles.xml" not in zf.namelist():
        return {}, code_styles(code)
    root = xml(zf, "word/styles.xml", source, limits, "Word document")
    heads, body = {}, None
    for st in root.iter(_W + "style"):
        if _w(st, "type") not in (None, "paragraph", "character") or not _w(st, "styleId"):
            continue
        sid, name, based = _w(st, "styleId"), st.find(_W + "name"), st.find(_W + "basedOn")
        name = (_w(name, "val") or "") if name is not None else ""
        based = _w(based, "val") if based is not None else None
        code[sid] = (name, _font(st.find(_W + "rPr")), based)
        if _w(st, "type") == "character":
            continue
        heads[sid] = (_outline(st.find(_W + "pPr")), name, based)
        body = sid if _w(st, "default") in ("1", "true", "on") else body
    fixed = frozenset()
    if "word/fontTable.xml" in zf.namelist():
        fixed = frozenset(_w(f, "name") for f in xml(zf, "word/fontTable.xml", source, limits, "Word document").iter(
            _W + "font") if (pitch := f.find(_W + "pitch")) is not None and _w(pitch, "val") == "fixed")
    default = root.find(f"{_W}docDefaults/{_W}rPrDefault/{_W}rPr")
    return style_levels(heads), code_styles(code, body, fixed, _font(default))


def _hidden(run) -> bool:
    rpr = run.find(_W + "rPr")
    vanish = rpr.find(_W + "vanish") if rpr is not None else None
    return vanish is not None and _w(vanish, "val") not in ("0", "false", "off")


def _paragraph(p, left_out: Counter, code: dict) -> tuple[str, CodeRuns]:
    """A paragraph's text (see the module's docstring) and its characters by what their run's key in `code` (_styles)
    makes them (wpstyles.CodeRuns); what it leaves out is counted into `left_out`."""
    parts, walker, runs, in_code = [], etree.iterwalk(p, events=("start",)), CodeRuns(), False
    for _, el in walker:
        name = local(el.tag)
        if name in _NOT_TEXT:
            walker.skip_subtree()
        elif name in _FIGURES:  # an AlternateContent holds one drawing twice (Choice, Fallback): count the first
            left_out["tables"] += words_in(el[0] if name == "AlternateContent" and len(el) else el)
            walker.skip_subtree()
        elif name == "oMathPara":  # a displayed equation (Office Math); inline math is read as text
            left_out["equations"] += 1
            walker.skip_subtree()
        elif name in _NOTES:
            left_out["footnote texts"] += 1
        elif name == "r" and _hidden(el):
            left_out["hidden"] += words_in(el)
            walker.skip_subtree()
        elif name == "r":
            in_code = code.get(_run(el), False)
        elif name == "t":
            parts.append(el.text or "")
            runs.add(el.text or "", in_code)
        elif name in ("tab", "ptab", "br", "cr"):
            parts.append(" ")
        elif name == "noBreakHyphen":
            parts.append("-")
    return " ".join("".join(parts).split()), runs


def read_docx(data: bytes, source: str = "", limits: Limits = LIMITS) -> tuple[list[Block], dict[str, int],
                                                                              str | None]:
    """The blocks of a Word document's main part in order (see the module's docstring), what was left out
    (structure.LEFT_OUT keys) and its title (docProps/core.xml); InputError for an archive that is not a Word document
    or passes `limits` (markup_bytes inflated)."""
    source = source or "the Word document"
    with open_zip(data, source, "Word document") as zf:
        if DOCUMENT not in zf.namelist():
            raise InputError(f"{source}: not a Word document (.docx): it has no {DOCUMENT}")
        document = xml(zf, DOCUMENT, source, limits, "Word document")
        levels, code = _styles(zf, source, limits, document)
        body = document.find(_W + "body")
        left_out = Counter()
        paragraphs = Paragraphs(left_out)
        pending = [] if body is None else list(body)[::-1]
        while pending:
            el = pending.pop()
            name = local(el.tag)
            if name in _BODY_BLOCKS:
                pending.extend(list(el)[::-1])
            elif name == "tbl":
                left_out["tables"] += words_in(el)
            elif name == "p":
                ppr = el.find(_W + "pPr")
                style = ppr.find(_W + "pStyle") if ppr is not None else None
                own, sid = _outline(ppr), _w(style, "val") if style is not None else ""
                level = 2 + own if own is not None else levels.get(sid, 0)
                mark = not level and code.get(sid)
                text, runs = ("", None) if mark is True else _paragraph(el, left_out, code)
                paragraphs.add(text, level, runs, len(el.findall(f".//{_W}br")) + 1, not words_in(el), mark)
        title = dc_title(zf, "docProps/core.xml", source, limits, "Word document")
        return paragraphs.blocks(), {k: v for k, v in left_out.items() if v}, title
