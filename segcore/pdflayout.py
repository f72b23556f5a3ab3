"""The text lines of a PDF page, read with pdfminer.six, with words that read right, and the PDF limits.

Words. pdfminer puts a space between two characters only when the gap between them is wider than `word_margin`
times the larger of the character's width and height, and never when they overlap. Two kinds of PDF defeat that.
In a Type 3 font pdfminer makes a character one em (the font size) tall, whatever the glyphs' size in text space
(their height in glyph units times the FontMatrix): glyphs in a finer grid set at a larger size (as in some PDFs
made with bitmap TeX fonts) get characters many times taller than the glyphs: every word of a text layer without
space characters comes out glued ("AbstractWhilehumanevaluation") and lines and boxes run into each other. The
device here (`_Aggregator`) scales such characters to the glyphs' height before pdfminer's layout analysis: the
FontMatrix against the usual 1/1000, unless the FontBBox says otherwise (`type3_scale`). And words
placed by positioning may overlap the previous word's advance: the spaces are recomputed from the characters'
positions with the rule of xpdf/Poppler's TextOutputDev (``minWordBreakSpace`` 0.1, ``minDupBreakOverlap`` 0.2): a
new word where the gap exceeds 0.1 em or the overlap 0.2 em, but for a character set smaller or off the baseline
that overlaps the one before it (the raised A kerned under the L of TeX's "LaTeX" logo, `_kerned`). Lines whose
words still look glued or broken letter by letter (fonts without widths, whose characters pdfminer makes zero wide)
are re-read by PDFium (segcore.pdfwords).

Why two readers: pdfminer gives what the structure needs — every character's font name (bold, italic), size and
box, grouped into lines and boxes — so headings, columns, running headers, footnotes and table text can be told
apart (segcore.pdf); PDFium places words from the fonts' real advances, as a viewer does, but gives no font names
or layout boxes. So pdfminer reads every page, and PDFium only the lines (or pages) whose words look wrong; without
pypdfium2 installed those lines stay as pdfminer read them and the check above says what to install.

Limits (segcore.limits, issue #13): the page count, and the inflated size of the PDF's Flate streams (images left
out: pdfminer does not decode them), are checked before parsing: a 400 KB PDF of compressed zeros must not take
gigabytes.

Damaged streams: a Flate stream zlib refuses is read up to its damage (segcore.pdfcut.Parser's streams, in place of
pdfminer's own fallback, which is quadratic and keeps nothing when the damage lies before the stream's checksum).
"""
from __future__ import annotations

import contextvars
import functools
import io
import logging
import re
import statistics
import unicodedata
import zlib
from dataclasses import dataclass

from . import bidi
from .errors import InputError, MissingDependencyError
from .limits import LIMITS, Limits
from .pdffonts import resource_manager
from .pdfoutline import Entry, read_outline

WORD_GAP = 0.1                     # xpdf minWordBreakSpace: a gap wider than this many em starts a word
WORD_OVERLAP = 0.2                 # xpdf minDupBreakOverlap: an overlap larger than this many em starts a word
OVERPRINT = 0.1                    # a glyph drawn again less than this share of its width away: fake bold (_line)

# the symbols that mark notes and authors' affiliations, dropped when set small and raised ("August□", "†MIT")
NOTE_MARKS = frozenset("*∗⋆†‡§¶‖#□■◇◆⋄♢♦○●★☆♠♣♥♮♭♯")
# a small raised digit after one of these is an exponent ("km s−1", "10−17", "2^4") or a mass number ("(14C)"),
# never a note's mark, as it may be after other punctuation ("measured.7")
EXPONENT_AFTER = frozenset("−-+=×^/([")
# names of functions set upright in formulas, whose raised digit is a power ("sin2 θ"), not a citation (`_cited`)
OPERATOR_NAMES = frozenset("sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos arctan exp log det".split())
_WORD = re.compile(r"[^\W\d_]+")
_WORD_END = re.compile(r"[^\W\d_]+$")
_SEPARATED = re.compile(r"\d[,–-]\d")  # "1,2", "1–3": a list or range of references
_LETTERED = re.compile(r"(?=.*[^\W\d_])({0})(,({0}))+".format(rf"[^\W\d_]|\d+|[{re.escape(''.join(NOTE_MARKS))}]+"))
# AIP's and APS's note marks: a letter and a closing parenthesis ("Linebreaka)", "Author2,d)"), after a list of marks
_PAREN_NOTE = re.compile(r"(?:(?:\d+|[^\W\d_]\)?|[{0}]+),)*[^\W\d_]\)".format(re.escape("".join(NOTE_MARKS))))
_CID = re.compile(r"\(cid:\d+\)|[\x00-\x08\x0e-\x1f\x7f-\x9f]")  # unmapped glyph codes, control characters
# bold and italic font names, Computer Modern (cmbx, cmb10, cmssbx, cmsl) and EC / CM-Super (ecbx, sfrb, sfsl...) too
_BOLD = re.compile(r"bold|black|heavy|demi|semibold|-medi|^cmbx|^cmb\d|^cmssbx|^(?:sf|ec)(?:bx|rb|sx|bi)|^ptmb|-b$",
                   re.I)
_BOLD_SUFFIX = re.compile(r"[a-z]TB$")  # Linux Libertine/Biolinum: LinLibertineTB
_ITALIC = re.compile(r"italic|oblique|slant|-it$|^cmti|^cmsl|^cmbxti|^(?:sf|ec)(?:ti|sl|bi|si|so)|^ptmri|-i$", re.I)
_ITALIC_SUFFIX = re.compile(r"[a-z]TI$")
# monospaced (code): Courier and its clones (URW NimbusMonL / NimbusMono(PS), TeX Gyre Cursor, Cousine), TeX's
# typewriter fonts (cmtt, EC/CM-Super ectt/tctt/sftt, pcrr, txtt, Latin Modern LMMono), named mono fonts
_MONO = re.compile(r"mono|courier|nimbusmon|cursor|cousine|^(?:cm|ec|tc|sf|tx)tt|^pcrr|consol|typewriter|menlo|"
                   r"monaco|inconsolata|sourcecode|firacode|andale|lettergothic|-tt$", re.I)
# accents set as glyphs of their own (TeX's \accent, OT1 fonts: "Br¨uns"), as the combining marks they stand for
_ACCENTS = {"¨": "\u0308", "´": "\u0301", "`": "\u0300", "^": "\u0302", "ˆ": "\u0302", "~": "\u0303", "˜": "\u0303",
            "¯": "\u0304", "˘": "\u0306", "˙": "\u0307", "˚": "\u030a", "˝": "\u030b", "ˇ": "\u030c", "¸": "\u0327",
            "˛": "\u0328"}
_DOTLESS = {"ı": "i", "ȷ": "j"}  # TeX accents i and j without their dot


@dataclass
class Line:
    """One text line: its text, box (PDF points, origin bottom left), font size (em), style."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    bold: bool = False
    italic: bool = False
    lead: str = ""  # the line's leading words in bold or italic when the rest is not (a run-in heading)
    lead_bold: bool = False
    mono: bool = False  # set in a monospaced (typewriter) font: code
    outline_level: int = 0   # > 0: a line of the heading of a PDF outline entry (segcore.pdfoutline), its level
    outline_entry: int = -1  # … and that entry's index
    noted: bool = False  # opened with a small raised NOTE_MARK (dropped): a footnote's first line ("∗ © 2007 …")


@functools.lru_cache(maxsize=1024)
def font_style(fontname: str) -> tuple[bool, bool, bool]:
    """(bold, italic, monospaced) from a font's name (asked for every character: a document has few fonts)."""
    name = fontname.split("+", 1)[-1]
    return (bool(_BOLD.search(name) or _BOLD_SUFFIX.search(name)),
            bool(_ITALIC.search(name) or _ITALIC_SUFFIX.search(name)), bool(_MONO.search(name)))


def clean_text(s: str) -> str:
    """NFKC (ligatures), (cid:N) codes and control characters out, whitespace collapsed; a soft hyphen (PDFium's
    U+FFFE for a hyphen at a line end too) kept only at the end."""
    s = unicodedata.normalize("NFKC", _CID.sub("", s)).replace("\ufffe", "\u00ad")
    shy = s.rstrip().endswith("\u00ad")
    s = " ".join(s.replace("\u00ad", "").split())
    return s + "\u00ad" if shy and s else s


# ---- limits ------------------------------------------------------------------------------------------------------

_STREAM = re.compile(rb"stream\r?\n")
_OBJ = re.compile(rb"\d+\s+\d+\s+obj\b")


def _cut(data: bytes, opened: bool = False) -> bool:
    """Whether a PDF is cut short (segcore.pdfcut): its last %%EOF line comes before its last object (a linearized
    file's first-page trailer ends with one, near the file's start), or, when pdfminer could not open it (not
    `opened`), is not in its last 1 KB. A file pdfminer opens with bytes after its %%EOF (padding, a mail's
    signature) is whole."""
    end = data.rfind(b"%%EOF")
    return end < data.rfind(b"endobj") or not opened and end < len(data) - 1024


def inflated_size(data: bytes, budget: int) -> int:
    """Total inflated size of the Flate streams of a PDF that are not images, counted chunk by chunk (never held
    whole) and stopping once past `budget`. Streams with other filters count their stored size."""
    total, pos = 0, 0
    while total <= budget and (m := _STREAM.search(data, pos)):
        head_start = max((o.end() for o in _OBJ.finditer(data, max(0, m.start() - 4096), m.start())), default=0)
        head = data[head_start:m.start()]
        end = data.find(b"endstream", m.end())
        end = len(data) if end < 0 else end
        pos = end
        if b"/Image" in head:
            continue
        body = data[m.end():end]
        if b"/FlateDecode" not in head and b"/Fl " not in head and b"/Fl]" not in head:
            total += len(body)
            continue
        inflater = zlib.decompressobj()
        try:
            while body and total <= budget and not inflater.eof:  # bytes after the end stay in unconsumed_tail
                total += len(inflater.decompress(body, 1 << 20))
                body = inflater.unconsumed_tail
        except zlib.error:
            total += len(body)
    return total


# ---- pdfminer ----------------------------------------------------------------------------------------------------

def _mark(t: str) -> str:
    """The combining mark of an accent set as a character of its own, '' for any other character."""
    return _ACCENTS.get(t) or (t if len(t) == 1 and unicodedata.combining(t) else "")


def accent_marks(chars: list[tuple[str, float, float, float]]) -> dict[int, str]:
    """Accents set as characters of their own over or under a letter, as TeX does ("Br¨uns", "Garc´ıa"), among
    characters given as (text, x0, x1, y0): by index, the combining marks that the letter takes, and '' for the accent
    itself. An accent belongs to the neighbour (next, else previous) letter, another accent between passed over, that
    it covers by at least half the narrower width; a letter takes two accents stacked (Vietnamese "Thê´": 'ế'),
    the lowest first, whichever order the PDF set them in; a caret or tilde between two characters (code) covers
    neither and stays."""
    out: dict[int, str] = {}
    marks: dict[int, list[tuple[float, str]]] = {}  # a letter's accents: (y0, combining mark)
    for i, (t, x0, x1, y0) in enumerate(chars):
        mark = _mark(t)
        for step in (1, -1) if mark else ():
            j = i + step + (step if 0 <= i + step < len(chars) and _mark(chars[i + step][0]) else 0)
            if 0 <= j < len(chars) and chars[j][0].isalpha() and not _mark(chars[j][0]):
                overlap = min(x1, chars[j][2]) - max(x0, chars[j][1])
                if overlap > 0 and overlap >= 0.5 * min(x1 - x0, chars[j][2] - chars[j][1]):
                    out[i] = ""
                    marks.setdefault(j, []).append((y0, mark))
                    break
    out.update((j, "".join(m for _, m in sorted(marks[j]))) for j in marks)
    return out


def accented(t: str, mark: str) -> str:
    """A letter with the combining mark of an accent set apart (`accent_marks`), composed where Unicode can."""
    return unicodedata.normalize("NFC", _DOTLESS.get(t, t) + mark)


def _visual_order(chars: list) -> list:
    """A line's characters from left to right on the page (combining marks after their letter), whichever order
    the PDF wrote them in: right-to-left text is written in visual order by XeTeX, in reading order by others."""
    clusters: list[list] = []
    for c in chars:
        if clusters and unicodedata.combining(c.get_text()[:1] or " "):
            clusters[-1].append(c)
        else:
            clusters.append([c])
    clusters.sort(key=lambda cl: cl[0].x0 + cl[0].x1)
    return [c for cl in clusters for c in cl]


def _kerned(prev, c, em: float) -> bool:
    """A character kerned under or over the previous one, set smaller or raised or lowered, within one word: the
    raised small A of TeX's logo "LaTeX" that overlaps its L by more than WORD_OVERLAP."""
    return c.x0 > prev.x0 and (abs(c.height - prev.height) > 0.1 * em or abs(c.matrix[5] - prev.matrix[5]) > 0.1 * em)


def _raised(c, height: float, base: float) -> bool:
    """A character set smaller than the line's letters (`height`) and raised off its baseline: a note's mark."""
    return c.height < 0.85 * height and c.matrix[5] > base + 0.15 * height


def _formula(text: str) -> bool:
    """Whether `text` ends with a group in brackets (opened on the line, else from the line's start) that reads as a
    formula, "(x − 1)", "(2n)", "(sin x)": no word of three letters or more in it but an operator's name ("(see the
    survey)", "(Lee, 2001)" are words)."""
    depth, i = 0, len(text) - 1
    while i >= 0:
        depth += (text[i] == ")") - (text[i] == "(")
        if not depth:
            break
        i -= 1
    return not any(len(w) > 2 and w.lower() not in OPERATOR_NAMES for w in _WORD.findall(_CID.sub("", text[i + 1:])))


def _raised_run(chars, i: int, height: float, base: float) -> tuple[int, str]:
    """Where the small raised run from chars[i] ends, and its text."""
    j = next((j for j in range(i, len(chars)) if not _raised(chars[j], height, base)), len(chars))
    return j, "".join(c.get_text() for c in chars[i:j])


def _paren_note(chars, i: int, height: float, base: float) -> bool:
    """Whether the small raised run from chars[i] is an AIP note mark or a list of marks ending with one."""
    return bool(_PAREN_NOTE.fullmatch(_raised_run(chars, i, height, base)[1]))


def _cited(chars, i: int, height: float, base: float, text: str, italic: bool) -> bool:
    """Whether the small raised run from chars[i] set right after the word or bracket ending `text` (its last letter in
    italic: `italic`) is a citation or note mark (AIP, Nature, Vancouver; LaTeX's footnotes), not an exponent: it holds
    only digits, commas, dashes and NOTE_MARKS (not "2+"), and either lists or spans references after a word of two
    letters or more ("Li1,2", "Lee1–3") or a bracket, or follows an upright word, not an operator's name, capitalised of
    two letters ("Li1") or of three or more in lower case, capitalised or capitals ("diabetes12"), or a bracket that
    holds no formula ("(see the survey)3", `_formula`). So "x2", "mc2" (italic), "cm2", "GB2", "GeV2", "sin2",
    "(x − 1)2", "Fe3+" keep theirs; "Mpc3", "Pa2" (upright units, word-like) would not. Or it lists single letters
    (`_LETTERED`) after an upright capitalised word: an author's affiliations ("Krishnana,c,∗,1", "Jrb,c"). Or it
    ends with a letter and a closing parenthesis, which no exponent does (`_PAREN_NOTE`: "Linebreaka)",
    "Author2,d)")."""
    if _paren_note(chars, i, height, base):
        return True
    run, before = _raised_run(chars, i, height, base)[1], (_WORD_END.search(text) or [""])[0]
    if _LETTERED.fullmatch(run):
        return len(before) > 1 and before[0].isupper() and not italic
    if not all(t.isdigit() or t in ",–-" or t in NOTE_MARKS for t in run):
        return False
    if text.endswith(")"):
        return bool(_SEPARATED.search(run)) or not _formula(text)
    if len(before) < 2:
        return False
    word = before.islower() or before.isupper() or before.istitle()
    return bool(_SEPARATED.search(run)) or ((len(before) > 2 and word or before.istitle()) and not italic
                                             and before.lower() not in OPERATOR_NAMES)


def _prefixed(chars, i: int, height: float, base: float) -> bool:
    """Whether the small raised run of digits and commas from chars[i] (after a space), or the single small raised
    letter chars[i] at the line's start before a capital, is set against a word of three letters or more after it:
    an affiliation's mark ("and ⁴Department", "ᵃDepartment" as elsarticle sets them), not a mass number ("⁴He", "¹⁴C")
    nor a raised letter before a short word."""
    j, run = _raised_run(chars, i, height, base)
    word = _WORD.match("".join(c.get_text() for c in chars[j:j + 3]))
    return bool(word) and len(word[0]) == 3 and chars[j].x0 - chars[j - 1].x1 <= WORD_GAP * height and (
        run.replace(",", "").isdigit() or i == 0 and len(run) == 1 and run.isalpha() and word[0][0].isupper())


def _overprinted(chars: list) -> list:
    """The characters without the copies that fake bold draws over them (pdfTeX's and Word's, a CJK font without a
    bold face: '研 研 研究 究 究'): the same glyph at the same size set again less than OVERPRINT of its width right or
    left of, and on the baseline of, the character kept before it."""
    kept: list = []
    for c in chars:
        k = kept[-1] if kept else None
        if k is None or (c.get_text(), c.fontname) != (k.get_text(), k.fontname) or abs(c.size - k.size) > 0.01 * k.size \
                or abs(c.x0 - k.x0) >= OVERPRINT * k.width or abs(c.matrix[5] - k.matrix[5]) >= OVERPRINT * k.height:
            kept.append(c)
    return kept


def _line(obj, LTChar, rtl: bool = False, tally: list | None = None) -> Line | None:
    """A Line from a pdfminer text line: upright characters only, spaces from the character gaps (see the module
    docstring), accents set apart put on their letters (`accent_marks`), small raised digits after punctuation (but an
    operator or opening bracket: EXPONENT_AFTER), at a line start, after a word or a closing bracket when they are a
    citation (`_cited`; letters too, listed after a name; a letter and a parenthesis anywhere: `_paren_note`), after a
    space when set against the word after them (`_prefixed`), and small raised NOTE_MARKS anywhere dropped, with the
    raised commas, dashes and parentheses among them (citations, note and affiliation marks: "diabetes12,13.", "Shen†,
    Tal August□", "Yukawa2,∗∗)"), the next word's space measured from a mark's end (the full stop of "diabetes12,13."
    stays on its word); right-to-left text read from its characters' places and put in reading order (segcore.bidi;
    `rtl`: its paragraph reads right to left); a glyph drawn again over itself (fake bold, `_overprinted`) read once."""
    chars = _overprinted([c for c in obj if isinstance(c, LTChar)])
    up = sum(map(_upright, chars))
    if tally is not None:  # [upright characters, characters] of a page (_page_boxes)
        tally[0] += up
        tally[1] += len(chars)
    if not chars or up * 2 < len(chars):
        return None  # rotated text, e.g. arXiv's vertical stamp in the margin
    bidi_line = rtl or bidi.has_rtl("".join(c.get_text() for c in chars))
    if bidi_line:
        chars = _visual_order(chars)
    letters = [c for c in chars if c.get_text().isalpha()] or chars
    em = height = statistics.median(c.height for c in letters)
    base = statistics.median(c.matrix[5] for c in letters)
    parts, prev, shown, last, in_marker, italic, noted = [], None, None, "", False, False, False  # shown: the last kept
    bold_chars = italic_chars = mono_chars = n_letters = 0
    first_style, lead_end = None, None  # style of the first letter; text length before the first other style
    accents = accent_marks([(c.get_text(), c.x0, c.x1, c.y0) for c in chars])
    for i, c in enumerate(chars):
        t = c.get_text()
        if i in accents:
            if not accents[i]:
                continue
            t = accented(t, accents[i])
        mark = t in NOTE_MARKS or bool(_CID.fullmatch(t))  # or a glyph without text (elsarticle's ⋆ as "(cid:63)")
        dropped = _raised(c, height, base) and (t.isdigit() or mark or (in_marker and t in ",)–-") or t.isalpha()
                                                 and (last.isalpha() and (not in_marker or prev.get_text() == ",")
                                                      or not i and _prefixed(chars, i, height, base)
                                                      or _paren_note(chars, i, height, base))) \
            and (in_marker or mark or not last or not (last.isalnum() or last in EXPONENT_AFTER or last == ")")
                 or (((last.isalpha() and c.x0 - prev.x1 <= WORD_GAP * em) or last == ")")
                     and _cited(chars, i, height, base, "".join(parts), italic))
                 or ((prev.get_text().isspace() or c.x0 - prev.x1 > WORD_GAP * em)
                     and _prefixed(chars, i, height, base)))
        if dropped and mark and parts and parts[-1] == "," and _raised(shown, height, base):
            parts.pop()  # the raised comma before a mark is the marks' ("Lienhard1,†")
        if dropped and in_marker and not mark:  # a number, comma or dash among marks: no space of its own
            prev = c
            continue
        in_marker = dropped
        if prev is not None and not t.isspace() and parts and not parts[-1].isspace():
            gap = c.x0 - prev.x1
            if gap > WORD_GAP * em or (gap < -WORD_OVERLAP * em and not _kerned(prev, c, em)):
                parts.append(" ")
        if dropped:  # a mark keeps the space before it, and the next word's space is from its end
            noted = noted or mark and not "".join(parts).strip()
            prev = c if parts else None
            continue
        if t.isalpha():
            bold, italic, mono = font_style(c.fontname)
            n_letters += 1
            bold_chars += bold
            italic_chars += italic
            mono_chars += mono
            if first_style is None:
                first_style = (bold, italic)
            elif lead_end is None and (bold, italic) != first_style:
                lead_end = len("".join(parts))
        parts.append(t)
        prev = shown = c
        if t.strip():
            last = t.strip()[-1]
    raw = "".join(parts)
    if bidi_line:
        raw, lead_end = bidi.logical_order(parts, rtl), None  # a run-in heading may stand at the right end
    text = clean_text(raw)
    if not text:
        return None
    lead = clean_text(raw[:lead_end]) if lead_end and any(first_style) else ""
    return Line(text, min(c.x0 for c in chars), base - 0.25 * em, max(c.x1 for c in chars), base + 0.75 * em, em,
                bold=n_letters > 0 and bold_chars >= 0.8 * n_letters,
                italic=n_letters > 0 and italic_chars >= 0.8 * n_letters,
                mono=n_letters > 0 and mono_chars >= 0.8 * n_letters,
                lead=lead if lead and text.startswith(lead) else "", lead_bold=bool(first_style and first_style[0]),
                noted=noted)


def type3_scale(bbox, vscale: float) -> float:
    """How many times taller a Type 3 font's glyphs are than the em pdfminer gives them (see the module docstring).
    1 when the FontBBox is 0.5–2 em tall in text space (glyphs about an em tall: pdfTeX's bitmap fonts, grids of
    60–200 units under a FontMatrix of 1/60–1/200); else the FontMatrix against the usual 1/1000, or the FontBBox's
    height when the two disagree by more than twice."""
    height = abs(bbox[3] - bbox[1]) * abs(vscale) if len(bbox) == 4 else 0.0
    if 0.5 <= height <= 2:
        return 1.0
    matrix = abs(vscale) * 1000
    return matrix if not height or 0.5 <= matrix / height <= 2 else height


def _aggregator(PDFPageAggregator, PDFType3Font):
    """pdfminer's page aggregator with characters of Type 3 fonts scaled to their glyphs' height (`type3_scale`)."""

    class Aggregator(PDFPageAggregator):
        def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):
            adv = super().render_char(matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate)
            k = type3_scale(font.bbox, font.vscale) if isinstance(font, PDFType3Font) else 1.0
            if abs(k - 1) > 0.05:
                ch = self.cur_item._objs[-1]  # the LTChar just added
                if ch.upright:
                    ch.set_bbox((ch.x0, ch.y0, ch.x1, ch.y0 + ch.height * k))
                    ch.size = ch.height
            return adv

    return Aggregator


def _miner_error(e: Exception | None, source: str, data: bytes, encrypted: bool = False) -> InputError:
    """pdfminer's refusal of a file as a user reads it: encrypted, cut short (no %%EOF at its end, and no page before
    the cut whole: segcore.pdfcut; `e` None when pdfminer opened the file; `encrypted` when the cut file's scan found
    its encryption dictionary: its key needs the file's ID, in the trailer lost with the cut, so the whole file is
    what the user needs first) or else damaged."""
    name = type(e).__name__
    if "Password" in name or "Encrypt" in name:
        return InputError(f"{source}: the PDF is encrypted (password-protected); save an unprotected copy first")
    what = (" (truncated or corrupted?)" if not _cut(data) else
            ": it is cut short (no end of file: a download that stopped?) and encrypted: its pages cannot be "
            "decrypted without the end of the file" if encrypted else
            ": it is cut short (no end of file: a download that stopped?) and no page before the cut is whole")
    return InputError(f"{source}: damaged PDF{what}" + (f"; the PDF parser failed with {name}: {e}" if e else ""))


def _upright(c) -> bool:
    """A pdfminer character that stands upright, not turned sideways nor upside down (which pdfminer's `upright`
    lets through)."""
    return c.upright and c.matrix[0] > 0


def _turned(page, interpreter, device, kinds) -> tuple:
    """`_page_boxes` of a page whose text is mostly not upright (a page turned by its /Rotate, or text set sideways
    or upside down), turned by the quarter that sets most of it upright (`_line` leaves rotated lines out)."""
    best, rotate = ((), -1.0), page.rotate
    for turn in (90, 180, 270):
        page.rotate = (rotate + turn) % 360
        interpreter.process_page(page)
        read = _page_boxes(device.get_result(), *kinds)
        if read[1] > best[1]:
            best = read
        if best[1] >= 0.5:
            break
    page.rotate = rotate
    return best[0]


def _characters(el, LTChar) -> int:
    """The number of characters in a pdfminer layout object."""
    return 1 if isinstance(el, LTChar) else sum(_characters(o, LTChar) for o in el) if hasattr(el, "__iter__") else 0


def _placed_pages(layout, LTChar, LTFigure) -> list:
    """The Form XObjects of a page that are pages placed on it (two pages on a sheet, pdfpages, a tool that wraps a
    page's content to stamp it): figures a quarter of the page or larger that hold 80 % of its characters or more;
    [] on other pages, whose figures' text is labels, not running text."""
    figures = [el for el in layout if isinstance(el, LTFigure)]
    if not figures:
        return []
    big = [f for f in figures if f.width * f.height >= 0.25 * layout.width * layout.height]
    inside = sum(_characters(f, LTChar) for f in big)
    return big if inside and inside >= 0.8 * _characters(layout, LTChar) else []


def _page_boxes(layout, LTChar, LTTextBox, LTTextLine, LTFigure) -> tuple[tuple, float]:
    """(width, height, text boxes as lists of Lines) of a pdfminer page layout, and the share of its text's
    characters that stand upright (1 without any); the text of pages placed on the page (`_placed_pages`) read
    too; lines wholly outside the page are not read (beamer places a slide's hidden steps there)."""
    boxes, tally = [], [0, 0]
    for el in [*layout, *(o for fig in _placed_pages(layout, LTChar, LTFigure) for o in fig)]:
        if isinstance(el, LTTextBox):
            rtl = bidi.mostly_rtl(el.get_text())  # the box is a paragraph: its direction, UAX #9 P2
            lines = [ln for ln in (_line(o, LTChar, rtl, tally) for o in el if isinstance(o, LTTextLine)) if ln]
        elif isinstance(el, LTTextLine):
            lines = [ln] if (ln := _line(el, LTChar, bidi.mostly_rtl(el.get_text()), tally)) else []
        else:  # figures, images, drawings: labels inside figures are not running text
            continue
        lines = [ln for ln in lines if ln.x0 < layout.x1 and ln.x1 > layout.x0 and ln.y0 < layout.y1
                 and ln.y1 > layout.y0]
        if lines:
            boxes.append(lines)
    return (layout.width, layout.height, boxes), tally[0] / tally[1] if tally[1] else 1.0


_READING = contextvars.ContextVar("segcore_reads_a_pdf", default=False)


def _quiet(record: logging.LogRecord) -> bool:
    """Whether a pdfminer record is let through: not a warning (or less) logged while this thread (this context)
    reads a PDF in read_lines, where pdfminer warns about harmless oddities on stderr. Another thread's pdfminer
    records, and its logger's level, are left as they are (the app reads PDFs in several threads at once)."""
    return record.levelno >= logging.ERROR or not _READING.get()


def _hush_pdfminer() -> None:
    """_quiet on every pdfminer logger, at each read (a pdfminer module imported since has its own): a logger's filter
    sees only the records logged to it, not its children's, and pdfminer logs to one logger per module (addFilter
    adds it once)."""
    for name, logger in list(logging.Logger.manager.loggerDict.items()):
        if name.partition(".")[0] == "pdfminer" and isinstance(logger, logging.Logger):
            logger.addFilter(_quiet)


def read_lines(data: bytes, source: str, limits: Limits = LIMITS) -> tuple[list, list[Entry], int, int]:
    """(width, height, text boxes as lists of Lines) of each page, after the page count (the page tree's) and the
    inflated stream size are checked against `limits` (a page tree whose count lies is stopped past the limit); the
    PDF's outline entries (segcore.pdfoutline; [] without an outline); the number of pages left out as set
    sideways; and, for a file cut short (no %%EOF at its end: pdfminer cannot open it, or opens a linearized one from
    its first page's cross-reference table, which lists no page), the first page not read (0 for a whole file): its
    whole pages up to the first that is not are read (segcore.pdfcut), and without one the file is refused as
    damaged. A page whose text is mostly not upright is read turned upright when its /Rotate
    turned it (a viewer's 'rotate page') or when most pages are so (a document set sideways); else it is a table or
    figure set landscape (LaTeX's sidewaystable) and left out, counted."""
    try:
        from pdfminer.converter import PDFPageAggregator
        from pdfminer.layout import LAParams, LTChar, LTFigure, LTTextBox, LTTextLine
        from pdfminer.pdfdocument import PDFDocument
        from pdfminer.pdffont import PDFType1Font, PDFType3Font
        from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
        from pdfminer.pdfpage import PDFPage
        from pdfminer.pdftypes import resolve1
        from pdfminer.psparser import literal_name

        from .pdfcut import Parser, cut_document, whole
    except ImportError:  # pragma: no cover - pdfminer.six is a requirement
        raise MissingDependencyError("reading PDFs needs pdfminer.six: pip install pdfminer.six") from None
    _hush_pdfminer()
    reading = _READING.set(True)
    pages, page_of, cut_at = [], {}, 0
    try:
        # before pdfminer opens the file: its fallback scan (a damaged or cut file's) inflates object streams as it
        # meets them
        limits.check_inflated(inflated_size(data, limits.inflated_bytes), source)
        refused = None  # pdfminer's refusal of a cut file; a linearized one it opens from its first-page xref
        try:
            doc = PDFDocument(Parser(io.BytesIO(data)))
        except Exception as e:
            refused = e
        if _cut(data, opened=refused is None):
            doc, cut_at = cut_document(Parser(io.BytesIO(data)), refused), 1
        elif refused:
            raise refused
        try:
            count = int(resolve1(resolve1(doc.catalog["Pages"])["Count"]))
        except (KeyError, TypeError, ValueError):
            count = None
        if count is not None:
            limits.check_pages(count, source)
        rsrc = resource_manager(PDFResourceManager, PDFType1Font, resolve1, literal_name)(caching=True)
        laparams = LAParams(boxes_flow=None, all_texts=True)  # figures' text in lines too (_placed_pages)
        device = _aggregator(PDFPageAggregator, PDFType3Font)(rsrc, laparams=laparams)
        interpreter = PDFPageInterpreter(rsrc, device)
        kinds, sideways = (LTChar, LTTextBox, LTTextLine, LTFigure), []
        for page in PDFPage.create_pages(doc):
            if cut_at and not whole(page):
                break
            limits.check_pages(len(pages) + 1, source)  # the page tree's /Count can lie
            page_of[page.pageid] = len(pages)
            interpreter.process_page(page)
            read, upright = _page_boxes(device.get_result(), *kinds)
            if upright < 0.5:
                sideways.append((len(pages), page))
            pages.append(read)
        if cut_at and not pages:
            raise _miner_error(refused, source, data, doc.encrypted()) from refused
        cut_at = cut_at and (len(pages) + 1 if count is None or len(pages) < count else 0)  # 0: all pages read
        most = 2 * len(sideways) > len(pages)
        for i, page in sideways:
            if page.rotate % 360 or most:
                pages[i] = _turned(page, interpreter, device, kinds)
        entries = read_outline(doc, page_of)
    except InputError:
        raise
    except Exception as e:
        raise _miner_error(e, source, data) from e
    finally:
        _READING.reset(reading)
    return pages, entries, sum(1 for _, page in sideways if not (page.rotate % 360 or most)), cut_at
