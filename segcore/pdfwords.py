"""Glued and broken words in a PDF's text: how glued or letter by letter a text looks (`word_shape`), the lines and
pages re-read by PDFium (pypdfium2, which ships its own binary) inside the same rectangle or whole (`repair_words`),
and the check that refuses a text that still reads as glued words rather than letting it become one "sentence"
(`loaded_words_check`). Why two readers: segcore.pdflayout's docstring."""
from __future__ import annotations

import ctypes
import re
import statistics

from .errors import InputError
from .pdflayout import Line, accent_marks, accented, clean_text, font_style
from .sentences import UNSPACED

PIECE_GAP = 2.0  # pdfminer's char_margin: a gap wider than this many em cuts a row of PDFium's characters
GLUED_LETTERS = 20  # a run of this many letters or more without a space: glued words
_LETTER_RUN = re.compile(f"[^\\W\\d_{UNSPACED}]+")  # words of scripts written with spaces
_UNSPACED_RUN = re.compile(f"[{UNSPACED}]+")


def word_shape(text: str) -> tuple[float, float, float]:
    """(glued: share of letters in runs of GLUED_LETTERS+ letters; single: share of the words that are one letter,
    other than 'a'/'I'; broken: share of the words that are one letter next to another one, only spaces between,
    'w o r d s', not the variables of a formula, 'y = 1, x = 0'). A character of a script written without spaces
    (Chinese, Thai...) counts as a letter and as a word, never glued or broken. Single letters make a line or
    page worth re-reading (`suspicion`); glued or broken words refuse a text (`loaded_words_check`)."""
    spans = [m.span() for m in _LETTER_RUN.finditer(text)]
    unspaced = sum(map(len, _UNSPACED_RUN.findall(text))) if not text.isascii() else 0
    letters = sum(e - s for s, e in spans) + unspaced
    if not letters:
        return 0.0, 0.0, 0.0
    words = len(spans) + unspaced
    glued = sum(e - s for s, e in spans if e - s >= GLUED_LETTERS) / letters
    one = [e - s == 1 for s, e in spans]
    single = sum(1 for (s, _), o in zip(spans, one) if o and text[s] not in "aAI") / words
    spaced = [not text[e:s2].strip() for (_, e), (s2, _) in zip(spans, spans[1:])] + [False]  # only spaces next
    broken = sum(1 for i in range(len(spans))
                 if one[i] and ((spaced[i] and one[i + 1]) or (i and spaced[i - 1] and one[i - 1]))) / words
    return glued, single, broken


def suspicion(text: str) -> float:
    """How glued or letter by letter a text looks, for deciding whether a re-reading is better: glued + single."""
    glued, single, _ = word_shape(text)
    return glued + single


def _bad(text: str) -> bool:
    glued, single, _ = word_shape(text)
    return glued > 0 or (single > 0.5 and len(text.split()) >= 4)


def _font_name(textpage, i: int, pdfium_c) -> str:
    """The name of the font of PDFium's character i."""
    n = pdfium_c.FPDFText_GetFontInfo(textpage.raw, i, None, 0, None)
    buf = ctypes.create_string_buffer(max(n, 1))
    pdfium_c.FPDFText_GetFontInfo(textpage.raw, i, buf, n, None)
    return buf.value.decode("utf-8", "replace")


def _pieces(idx: list[int], rects: list, size: float) -> list[list[int]]:
    """A row of PDFium's characters (indices, with their boxes; its font size) cut where the gap between two is
    wider than PIECE_GAP em, as pdfminer cuts its lines (its char_margin): a running head's title and its page number
    at the other end of the row are two lines, as on the pages pdfminer reads."""
    out = [[idx[0]]]
    for k in range(1, len(idx)):
        if rects[k][0] - rects[k - 1][2] > PIECE_GAP * size:
            out.append([])
        out[-1].append(idx[k])
    return out


def _pdfium_boxes(textpage, pdfium_c) -> list[list[Line]]:
    """A page's lines as PDFium reads them (its text, character boxes, font sizes and styles: bold, italic,
    monospaced from the fonts' names as pdflayout reads them), a row cut at wide gaps (`_pieces`), grouped into boxes
    of consecutive lines less than 1.6 em apart that overlap horizontally."""
    text = textpage.get_text_range()
    if len(text) != textpage.count_chars():
        return []
    boxes: list[list[Line]] = []
    for m in re.finditer(r"[^\r\n]+", text):
        row = [i for i in range(*m.span()) if not text[i].isspace()]
        if not row:
            continue
        size = statistics.median(pdfium_c.FPDFText_GetFontSize(textpage.raw, i) for i in row) or 10.0
        charbox = {i: textpage.get_charbox(i) for i in row}
        for idx in _pieces(row, list(charbox.values()), size):
            rects = [charbox[i] for i in idx]
            base = statistics.median(r[1] for r in rects)
            chars = {i: text[i] for i in range(idx[0], idx[-1] + 1)}
            for k, mark in accent_marks([(text[i], r[0], r[2], r[1]) for i, r in zip(idx, rects)]).items():
                chars[idx[k]] = mark and accented(text[idx[k]], mark)
            styles = [font_style(_font_name(textpage, i, pdfium_c)) for i in idx if text[i].isalpha()]
            bold, italic, mono = (bool(styles) and sum(s[k] for s in styles) >= 0.8 * len(styles) for k in range(3))
            ln = Line(clean_text("".join(chars.values())), min(r[0] for r in rects), base - 0.25 * size,
                      max(r[2] for r in rects), base + 0.75 * size, size, bold=bold, italic=italic, mono=mono)
            prev = boxes[-1][-1] if boxes else None
            if prev and 0 < prev.y0 - ln.y0 < 1.6 * size and ln.x0 < prev.x1 and prev.x0 < ln.x1 \
                    and abs(prev.size - size) < 0.1 * size:
                boxes[-1].append(ln)
            else:
                boxes.append([ln])
    return boxes


def _same_length(new: str, old: str) -> bool:
    """Whether a line re-read within its rectangle has about as many characters (spaces aside) as pdfminer's: a
    rectangle that took in other lines' text (a letter-spaced watermark in large type over the page) does not."""
    n, o = len("".join(new.split())), len("".join(old.split()))
    return 0.8 * o - 2 <= n <= 1.25 * o + 2


def repair_words(pages, data: bytes) -> int:
    """Re-read with PDFium the lines whose words look glued or broken, inside each line's rectangle (kept when it
    reads better and as long, `_same_length`), and a whole page whose text still does; the number of lines changed.
    Without pypdfium2 nothing changes (loaded_words_check then tells what to install); nor when PDFium cannot open
    the file."""
    def page_text(i):
        return " ".join(ln.text for box in pages[i][2] for ln in box)

    suspects = [(i, ln) for i, (_, _, boxes) in enumerate(pages) for box in boxes for ln in box if _bad(ln.text)]
    bad_pages = [i for i in range(len(pages)) if suspicion(page_text(i)) > 0.1]
    if not suspects and not bad_pages:
        return 0
    try:
        import pypdfium2
        import pypdfium2.raw as pdfium_c
    except ImportError:
        return 0
    changed, pdf = 0, None
    try:
        pdf = pypdfium2.PdfDocument(data)
        textpages = {i: pdf[i].get_textpage() for i in sorted({i for i, _ in suspects} | set(bad_pages))}
        for i, ln in suspects:
            em = ln.size
            text = clean_text(textpages[i].get_text_bounded(ln.x0 - 0.1 * em, ln.y0 + 0.1 * em, ln.x1 + em,
                                                             ln.y1 - 0.1 * em))
            if text and suspicion(text) < suspicion(ln.text) and _same_length(text, ln.text):
                ln.text, ln.lead = text, ""
                changed += 1
        for i, textpage in textpages.items():
            old = suspicion(page_text(i))
            if old > 0.1:
                new = _pdfium_boxes(textpage, pdfium_c)
                if new and suspicion(" ".join(ln.text for b in new for ln in b)) < old:
                    pages[i] = (pages[i][0], pages[i][1], new)
                    changed += sum(map(len, new))
    except pypdfium2.PdfiumError:  # a damaged file or page that pdfminer read and PDFium cannot: pdfminer's text stays
        pass
    finally:
        if pdf is not None:
            pdf.close()
    return changed


def loaded_words_check(text: str, source: str) -> None:
    """InputError when a PDF's text still reads as glued words (or letters apart) after repair_words."""
    glued, _, broken = word_shape(text)
    if glued < 0.2 and broken < 0.3:
        return
    what = (f"{100 * glued:.0f}% of its letters are in 'words' of {GLUED_LETTERS}+ letters: words glued together"
            if glued >= 0.2 else f"{100 * broken:.0f}% of its words are single letters side by side: words broken "
            "apart")
    try:
        import pypdfium2  # noqa: F401
        hint = "PDFium could not read it better either; convert it to text (e.g. pdftotext) and load that"
    except ImportError:
        hint = "install pypdfium2 (pip install pypdfium2) to let segcore re-read it, or convert it to text first"
    raise InputError(f"{source}: the PDF's text layer does not read as words ({what}); {hint}")
