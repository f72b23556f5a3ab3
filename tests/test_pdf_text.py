"""PDF text that reads right (segcore.pdflayout, segcore.pdfboxes, segcore.bidi): words glued or broken apart, accents,
justified lines, right-to-left and Chinese text, slides built up step by step, rotated pages, columns, reference
cards, pages placed as forms, a quote's credit at the foot of every slide."""
from __future__ import annotations

import io
import logging
import random
import sys
import threading

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from pdfminer.fontmetrics import FONT_METRICS

from segcore import bidi
from segcore.errors import InputError
from segcore.loaders import left_out_notes, load, load_pdf_document
from segcore.pdflayout import read_lines
from segcore.pdfwords import repair_words, word_shape
from segcore.pdf import read_pdf
from tests.data.make_pdfs import build, column, pdf_string, text_ops
from tests.data.papers.make_papers import NAMES
from tests.pdfpages import text_width


def glued_pdf() -> bytes:
    lines = ["AbstractWhilehumanevaluationisthegoldstandardforsummarisation,itisslowandexpensive.",
             "Weproposeanautomaticmetricthatcorrelateswithhumanjudgementsonthreebenchmarks."]
    return build(["\n".join(f"BT /F2 10 Tf 1 0 0 1 {x} {y} Tm ({t}) Tj ET" for _, _, x, y, t in
                            column(lines * 6, 72, 700))])


def test_bitmap_type3_fonts_in_a_coarse_grid_read_once_with_their_spaces():
    """pdfTeX's bitmap fonts: glyphs in a grid of 100 units under a FontMatrix of 1/100 (not the usual 1/1000), words
    placed one by one without space characters. Scaling their characters by the FontMatrix alone made them ten times
    too tall: words glued, lines run together and re-read over each other ('… loremSed commodo …')."""
    times = FONT_METRICS["Times-Roman"][1]
    widths = [round(times.get(chr(c), 500) / 10) for c in range(32, 127)]
    font = ("<< /Type /Font /Subtype /Type3 /FontBBox [0 -25 100 75] /FontMatrix [0.01 0 0 0.01 0 0] /CharProcs << >> "
            f"/Encoding << /Type /Encoding /Differences [32 {' '.join('/' + n for n in NAMES)}] >> "
            f"/FirstChar 32 /LastChar 126 /Widths [{' '.join(map(str, widths))}] /Resources << >> >>")
    sentences = ["Rivers carry water from the hills down to the sea.", "Floods come after heavy rain in spring.",
                 "Bread is made of flour, water, salt and yeast.", "The dough rises for a few hours before baking."]
    ops, y = [], 700
    for line in sentences:
        x = 72
        for word in line.split():
            ops.append(f"BT /F9 10 Tf 1 0 0 1 {x:.2f} {y} Tm {pdf_string(word)} Tj ET")
            x += sum(widths[ord(ch) - 32] for ch in word) / 10 + 2.5
        y -= 12
    doc = load(build(["\n".join(ops)], {"F9": font}))
    assert doc.elements == sentences


def test_a_letter_spaced_watermark_is_not_re_read_over_the_text_beneath_it():
    """'S a m p l e' in 150-point type across a page looks like words broken apart; PDFium's re-reading of its
    rectangle took in the lines beneath it, which then came twice."""
    lines = ["Rivers carry water from the hills to the sea and shape their valleys.",
             "Floods come after heavy rain and move sand and stones downstream.", "",
             "Bread is made from flour, water, salt and yeast in a warm kitchen.",
             "The dough rises for hours before it is baked in a hot oven."]
    mark = "BT /F2 150 Tf 1 0 0 1 80 520 Tm (S a m p l e) Tj ET"
    doc = load(build([mark + "\n" + text_ops(column(lines, 72, 700) + column(lines, 72, 600))]))
    body = [e for e in doc.elements if "S a m p l e" not in e]
    assert sum(e.count("Rivers carry water") for e in body) == 2 and len(body) == 8


@pytest.mark.parametrize("text, single, broken", [("w o r d s a r e here", 7 / 9, 8 / 9), ("D O R T M U N D", 1, 1),
                                                  ("so y = 1, x = 0 and f (x) is a line", 4 / 9, 0),
                                                  ("I saw a cat.", 0, 0)])
def test_words_broken_apart_are_letters_side_by_side_not_a_formula_s_variables(text, single, broken):
    assert word_shape(text) == (0.0, pytest.approx(single), pytest.approx(broken))


def test_a_sheet_of_formulas_is_read_not_refused_as_words_broken_apart():
    """Its variables made half of its words single letters, which the check took for words broken apart."""
    lines = ["Let x = 2 and y = 3.", "Then x + y = 5, so z = x - y is below 0.", "If f (x) = 2x then f (y) = 6.",
             "Show that g (z) < 0 when z < 0."]
    doc = load(build([text_ops([("F2", 10, 72, 700 - 14 * i, t) for i, t in enumerate(lines)])]))
    assert doc.elements == lines

    with pytest.raises(InputError, match="does not read as words .*glued together"):
        load(glued_pdf())


def no_widths_pdf() -> bytes:
    """A TrueType font by name only, without /Widths: pdfminer makes its characters zero wide."""
    lines = ["Rivers carry water from the hills to the sea and shape their valleys.",
             "Floods come after heavy rain and move sand and stones downstream.", "",
             "Bread is made from flour, water, salt and yeast in a warm kitchen.",
             "The dough rises for hours before it is baked in a hot oven."]
    ops = "\n".join(f"BT /F4 10 Tf 1 0 0 1 {x} {y} Tm ({t}) Tj ET" for _, _, x, y, t in column(lines, 72, 700))
    return build([ops], {"F4": "<< /Type /Font /Subtype /TrueType /BaseFont /Verdana /Encoding /WinAnsiEncoding >>"})


def test_words_broken_apart_are_re_read_by_pdfium():
    pytest.importorskip("pypdfium2")
    doc = load(no_widths_pdf())
    assert doc.elements[0] == "Rivers carry water from the hills to the sea and shape their valleys."
    assert doc.meta["repaired_lines"] >= 4


def test_without_pdfium_broken_words_say_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails as if it were not installed
    with pytest.raises(InputError, match="words broken apart.*pip install pypdfium2"):
        load(no_widths_pdf())


def test_pdfminer_warnings_are_hushed_in_the_thread_reading_a_pdf_only(monkeypatch):
    """pdfminer warns about a harmless oddity (a line width that is not a number): hushed while segcore reads the
    PDF, in the thread that reads it only. Another thread's pdfminer warning logged meanwhile reaches the handlers,
    and the pdfminer logger's level is not changed (it is the process's: the app reads PDFs in several threads, and
    a level saved and restored by overlapping reads could stay at ERROR for good)."""
    import segcore.pdflayout as pdflayout

    log, seen, during = logging.getLogger("pdfminer"), [], []
    level, boxes = log.level, pdflayout._page_boxes

    def page_boxes(*args):  # mid-read: another thread warns
        during.append(log.level)
        other = threading.Thread(target=logging.getLogger("pdfminer.pdfinterp").warning, args=("another thread",))
        other.start()
        other.join()
        return boxes(*args)

    handler = logging.Handler(logging.DEBUG)
    handler.emit = lambda record: seen.append(record.getMessage())
    monkeypatch.setattr(pdflayout, "_page_boxes", page_boxes)
    log.addHandler(handler)
    try:
        pages = read_lines(build(["/x w\n" + text_ops([("F1", 12, 72, 700, "A line of text.")])]), "odd.pdf")[0]
        logging.getLogger("pdfminer.pdfinterp").warning("after the read")
    finally:
        log.removeHandler(handler)
    assert [line.text for box in pages[0][2] for line in box] == ["A line of text."]
    assert seen == ["another thread", "after the read"]  # the reading thread's warning hushed during its read only
    assert during == [level] and log.level == level


def accents_and_lists_pdf() -> bytes:
    """TeX's way of setting accents (the accent a glyph of its own over its letter: "Br¨uns", "Jos´e"), a lead-in
    line that pdfminer puts in a box of its own, and a bulleted list whose bullets come later in the page's content
    than the items' text, so that pdfminer puts them in boxes of their own, apart from the text (as in GNU Octave's
    manual)."""
    def op(x, y, t):
        return f"BT /F1 10 Tf 1 0 0 1 {x:.2f} {y} Tm {pdf_string(t)} Tj ET"

    def accented(accent, letter):  # TJ: the accent centred over the letter that follows it, as TeX's \accent does
        w_letter, w_accent = (FONT_METRICS["Times-Roman"][1][c] for c in (letter, accent))
        return f"{-(w_letter - w_accent) / 2} {pdf_string(accent)} {(w_letter + w_accent) / 2}"

    ops = [op(86, 700, "We thank the many people who have helped with this work over the years, and"),
           op(72, 687, "in particular:")]
    items = [["Rivers carry water from the hills down to the sea, and over many long",
              "centuries they shape the valleys that they flow through."],
             ["Floods come after heavy rain and move sand and stones downstream."],
             ["Bread is made from flour, water, salt and yeast in a warm kitchen, and",
              "the dough rises for hours before it is baked in a hot oven."]]
    y, bullets = 668, []
    for item in items:
        bullets.append(op(86, y, "\x95"))
        for line in item:
            ops.append(op(98, y, line))
            y -= 13
    ops.append(f"BT /F1 10 Tf 1 0 0 1 72 {y - 20} Tm [{pdf_string('The method was first described by Br')} "
               f"{accented(chr(0xa8), 'u')} {pdf_string('uns and by Jos')} {accented(chr(0xb4), 'e')} "
               f"{pdf_string('e Garcia in their paper.')}] TJ ET")
    return build(["\n".join(ops + bullets)])


def test_accents_set_apart_and_lists_in_boxes_apart_read_in_order():
    elements = load(accents_and_lists_pdf()).elements
    assert elements == [
        "We thank the many people who have helped with this work over the years, and in particular:",
        "\u2022 Rivers carry water from the hills down to the sea, and over many long centuries they shape the "
        "valleys that they flow through.",
        "\u2022 Floods come after heavy rain and move sand and stones downstream.",
        "\u2022 Bread is made from flour, water, salt and yeast in a warm kitchen, and the dough rises for hours "
        "before it is baked in a hot oven.",
        "The method was first described by Brüns and by José Garcia in their paper."], elements


def justified_pdf() -> bytes:
    """A paragraph whose middle line is justified with spaces of about 2.5 em (a long unbreakable name in it), which
    pdfminer splits into pieces, above a two-row table whose cells are as far apart."""
    lines = ["To add a user to a group when they log in, put the line below into the file that",
             "configures the login", "auth optional pam_group.so", "and list the group in",
             "the file of group settings, then log out and log in again to see the change."]
    right = 72 + text_width(lines[0])
    middle = [text_width(t) for t in lines[1:4]]
    space = (right - 72 - sum(middle)) / 2
    xs = [72, 72 + middle[0] + space, right - middle[2]]
    ops = [(72, 700, lines[0])] + [(x, 687, t) for x, t in zip(xs, lines[1:4])] + [(72, 674, lines[4])]
    ops += [(72, 640, "Group"), (160, 640, "Members"), (72, 627, "audio"), (160, 627, "alice")]
    return build([text_ops([("F1", 10, x, y, t) for x, y, t in ops])])


def test_a_justified_line_split_at_wide_spaces_is_one_line_and_a_table_row_is_not():
    out = read_pdf(justified_pdf())
    assert [b.text for b in out.blocks] == [
        "To add a user to a group when they log in, put the line below into the file that configures the login "
        "auth optional pam_group.so and list the group in the file of group settings, then log out and log in "
        "again to see the change."], out.blocks
    assert out.left_out == {"table and figure lines": 4}


def test_accents_are_put_on_the_letter_they_cover_and_a_caret_between_characters_stays():
    from segcore.pdflayout import accent_marks

    # character boxes as PDFium gives them on a page of GNU Octave's manual ("Pad´e"), then code: "x^2", "~/x"
    pade = [("P", 373.6, 380.0, 0), ("a", 380.8, 385.7, 0), ("d", 386.1, 391.5, 0), ("´", 393.8, 395.8, 7),
            ("e", 392.1, 396.3, 0)]
    assert accent_marks(pade) == {3: "", 4: "\u0301"}
    code = [("x", 0, 6), ("^", 6, 11), ("2", 11, 16), ("~", 20, 25), ("/", 25, 28), ("x", 28, 34)]
    assert accent_marks([(t, x0, x1, 0) for t, x0, x1 in code]) == {}


def test_two_accents_stacked_over_one_letter_are_both_put_on_it_lowest_first():
    from segcore.pdflayout import accent_marks, accented

    # pdfminer's characters of "Thê´" in dvipdfmx's TUG 2003 slides (Vietnamese: a circumflex, then an acute set
    # higher, the acute after the letter), and the same with the acute before it: 'ế' either way, not 'ê ́'
    the = [("T", 575.7, 588.4, 394.7), ("h", 588.4, 600.4, 394.7), ("ˆ", 601.9, 608.8, 394.7), ("e", 600.4, 610.3, 394.7),
           ("´", 603.4, 610.3, 399.6)]
    for chars in (the, the[:2] + [the[4], the[2], the[3]]):
        marks = accent_marks(chars)
        assert sorted(marks.values()) == ["", "", "\u0302\u0301"], marks
        assert [accented(t, marks[i]) for i, (t, *_) in enumerate(chars) if marks.get(i)] == ["\u1ebf"]


def test_pdfiums_mark_of_a_hyphen_at_a_line_end_is_a_soft_hyphen():
    from segcore.pdflayout import clean_text

    # PDFium's text of a page of GNU Octave's manual: "The eigen\ufffevalues of A", "economy-sized decom\ufffe"
    assert clean_text("The eigen\ufffevalues of A") == "The eigenvalues of A"
    assert clean_text("an economy-sized decom\ufffe") == "an economy-sized decom\u00ad"


HEBREW = {ord(ch): 161 + i for i, ch in enumerate("אבגדהוזחטיכךלמםנןסעפףצץקרשת")}
_HEBREW_NAMES = ("alef bet gimel dalet he vav zayin het tet yod kaf finalkaf lamed mem finalmem nun finalnun samekh "
                 "ayin pe finalpe tsadi finaltsadi qof resh shin tav").split()
HEBREW_FONT = ("<< /Type /Font /Subtype /Type1 /BaseFont /HebrewSans /FirstChar 32 /LastChar 200 /Widths ["
               + " ".join("250" if c == 32 else "500" for c in range(32, 201)) + "] /Encoding << /Type /Encoding "
               "/BaseEncoding /WinAnsiEncoding /Differences [161 " + " ".join(f"/{n}hebrew" for n in _HEBREW_NAMES)
               + "] >> >>")


def hebrew_ops(lines: list[str], logical: bool = False) -> str:
    """Lines of a right-to-left paragraph, right-aligned at x = 540 from y = 700 down, as a PDF writes them: in
    visual order, one string per line, as XeTeX does; or (logical) letter by letter in reading order, each placed
    right to left."""
    ops = []
    for i, line in enumerate(lines):
        y = 700 - 14 * i
        if not logical:
            x = 540 - sum(2.5 if ch == " " else 5 for ch in line)
            ops.append(f"BT /F7 10 Tf 1 0 0 1 {x} {y} Tm {pdf_string(line.translate(HEBREW))} Tj ET")
            continue
        x = 540.0
        for ch in line:
            x -= 2.5 if ch == " " else 5
            if ch != " ":
                ops.append(f"BT /F7 10 Tf 1 0 0 1 {x} {y} Tm {pdf_string(ch.translate(HEBREW))} Tj ET")
    return "\n".join(ops)


RIVERS = "נהרים זורמים מן ההרים אל הים ויוצרים עמקים רחבים בדרכם הארוכה"  # logical order, one line each below


def test_right_to_left_text_reads_in_reading_order_whichever_order_the_pdf_writes():
    """Hebrew read off the page left to right is backwards; XeTeX writes visual order (a file name and a number
    inside stay left to right, brackets are drawn mirrored), other producers reading order letter by letter."""
    visual = [RIVERS[::-1], "2 קרפ file.tex ץבוק", ".םיבר םירפס שי תירבעב", RIVERS[::-1], ".(שדח) רפס"]
    doc = load(build([hebrew_ops(visual)], {"F7": HEBREW_FONT}))
    assert " ".join(doc.elements) == f"{RIVERS} קובץ file.tex פרק 2 בעברית יש ספרים רבים. {RIVERS} ספר (חדש)."
    logical = [RIVERS, "ספרים רבים בעברית.", RIVERS, "שלום לכם."]
    doc = load(build([hebrew_ops(logical, logical=True)], {"F7": HEBREW_FONT}))
    assert " ".join(doc.elements) == " ".join(logical)


_RTL_BLOCKS = "".join(chr(c) for c in [*range(0x590, 0x900), *range(0xfb1d, 0xfe00), *range(0xfe70, 0xff00)])


@given(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=_RTL_BLOCKS), max_size=40))
def test_a_line_without_right_to_left_letters_is_left_as_it_is(text):
    assume(not bidi.has_rtl(text))
    assert bidi.logical_order(list(text), rtl=False) == text


@given(st.lists(st.text("אבגדהוזחטיכלמנסעפצקרשתابتثجحخدذرزسشصضطظعغفقكلمنهوي", min_size=1, max_size=8),
                min_size=1, max_size=8))
def test_right_to_left_words_drawn_on_the_page_read_back_in_order(words):
    line = " ".join(words)
    assert bidi.logical_order(list(line[::-1]), rtl=True) == line
    assert bidi.logical_order(list(f"{line[::-1]} 2024 ,abc"), rtl=True) == f"abc, 2024 {line}"


def test_bidi_numbers_brackets_and_marks():
    assert bidi.logical_order(list("٣ . . . اهلصف نتشون ١.۴.١"), rtl=True) == "١.۴.١ نوشتن فصلها . . . ٣"  # contents
    assert bidi.logical_order(list("the word םולש means peace"), rtl=False) == "the word שלום means peace"
    assert bidi.logical_order(list("(שדח) רפס"), rtl=True) == "ספר (חדש)"  # brackets are drawn mirrored
    assert bidi.logical_order(["ב", "\u05b8", "א"], rtl=True) == "אב\u05b8"  # a vowel mark stays after its letter
    assert bidi.logical_order(["ם", "(cid:876)", "ש"], rtl=True) == "ש(cid:876)ם"  # an unmapped glyph is one unit


def cjk_font(chars: str) -> tuple[str, dict]:
    """A font whose codes 161… are the given characters (glyph names uniXXXX) and the code map for str.translate."""
    names = " ".join(f"/uni{ord(ch):04X}" for ch in chars)
    font = ("<< /Type /Font /Subtype /Type1 /BaseFont /HeiTest /FirstChar 32 /LastChar 250 /Widths ["
            + " ".join("250" if c == 32 else "1000" for c in range(32, 251)) + "] /Encoding << /Type /Encoding "
            f"/BaseEncoding /WinAnsiEncoding /Differences [161 {names}] >> >>")
    return font, {ord(ch): 161 + i for i, ch in enumerate(chars)}


def test_chinese_lines_join_without_a_space_and_are_not_refused_as_broken_words():
    """Chinese is written without spaces and breaks lines anywhere; its sentences end without a space (full-width
    marks become ASCII ones under NFKC); a math exam's variables (x, f) among it are not words broken apart."""
    text = "河流把山上的水带到海里。洪水在大雨之后到来，把沙子和石头冲到下游。面包是用面粉、水、盐和酵母做的吗？面团要发几个小时。"
    font, codes = cjk_font("".join(dict.fromkeys(text)))
    lines = [text[i:i + 20] for i in range(0, len(text), 20)] + ["x f x y f x"]
    ops = text_ops([("F7", 10, 72, 700 - 14 * i, ln.translate(codes)) for i, ln in enumerate(lines)])
    doc = load(build([ops], {"F7": font}))
    assert doc.elements == ["河流把山上的水带到海里。", "洪水在大雨之后到来,把沙子和石头冲到下游。", "面包是用面粉、水、盐和酵母做的吗?",
                            "面团要发几个小时。", "x f x y f x"]


def test_slides_built_up_step_by_step_are_read_once_and_text_off_the_page_never():
    """A beamer deck: a slide shown in three steps (each page repeats the last one's lines in place and adds an
    item), its bookmark pointing at the first step, a hidden step's text placed off the page, then another slide."""
    def slide(title, items, hidden=()):
        ops = [("F3", 16, 20, 230, title)] + [("F1", 11, 30, 200 - 16 * i, t) for i, t in enumerate(items)]
        return text_ops(ops + [("F1", 11, 2000, 2000, t) for t in hidden] + [("F1", 8, 300, 5, "Talk title 1/2")])
    items = ["Lava flows downhill slowly.", "Ash falls on the towns nearby.", "Rock forms when the lava cools."]
    steps = [slide("Volcanoes", items[:n], items[n:]) for n in (1, 2, 3)]
    data = build(steps + [slide("Bread", ["Bread needs flour and water.", "Ovens bake it at high heat."])],
                 outline=[(1, "Volcanoes", 0, 240), (1, "Bread", 3, 240)], media="0 0 364 273")
    doc = load_pdf_document(data)
    assert doc.elements == ["Volcanoes", *items, "Bread", "Bread needs flour and water.", "Ovens bake it at high heat."]
    assert doc.meta["left_out"]["overlays"] == 2 and doc.meta["bookmarks"] == {"entries": 2, "located": 2}
    assert "the earlier steps of slides built up step by step (2 pages)" in left_out_notes(doc)[0]
    portrait = load_pdf_document(build(steps))  # a document's pages, not slides: nothing is a step
    assert "overlays" not in portrait.meta.get("left_out", {})


def test_a_slide_s_subtitle_that_changes_from_slide_to_slide_is_not_a_running_header():
    """A frame's subtitle under its title, on every slide, that differs from slide to slide in words or only in its
    number ("Step 2") is text; the footer (the talk's title and the slide's number) repeated on every slide goes."""
    facts = ["Lava flows downhill slowly.", "Ash falls on the towns nearby.", "Rock forms when the lava cools.",
             "Gas escapes through the vents.", "Old craters fill with rain."]
    subtitles = ["Step 1", "Step 2", "Step 2", "Step 3", "Where they are"]
    slides = [text_ops([("F3", 16, 20, 240, "Volcanoes"), ("F1", 12, 20, 222, sub), ("F1", 11, 30, 190, fact),
                        ("F1", 8, 20, 5, f"Talk on volcanoes {i}/5")])
              for i, (sub, fact) in enumerate(zip(subtitles, facts), 1)]
    doc = load_pdf_document(build(slides, media="0 0 364 273"))
    assert [e for e in doc.elements if e != "Volcanoes"] == [x for pair in zip(subtitles, facts) for x in pair]
    assert doc.meta["left_out"] == {"furniture": 5}, doc.meta["left_out"]


def test_a_slide_s_subtitle_whose_number_rises_with_the_slide_is_not_a_page_number():
    """A frame's subtitle set as a heading, a word and a number that rises with the slide ("Part 1" … "Part 4"), was
    left out as a running header with the page's number; a page number is a bare number ("Page 3", "3 / 4"), so the
    subtitle stays and the footer with the slide's number goes."""
    facts = ["Lava flows downhill slowly.", "Ash falls on the towns nearby.", "Rock forms when the lava cools.",
             "Gas escapes through the vents."]
    slides = [text_ops([("F3", 16, 20, 240, "Volcanoes"), ("F1", 12, 20, 222, f"Part {i}"), ("F1", 11, 30, 190, fact),
                        ("F1", 8, 20, 5, f"Talk on volcanoes {i}/4"), ("F1", 8, 330, 5, f"{i} / 4")])
              for i, fact in enumerate(facts, 1)]
    doc = load_pdf_document(build(slides, media="0 0 364 273"))
    parts = [x for i, fact in enumerate(facts, 1) for x in (f"Part {i}", fact)]
    assert [e for e in doc.elements if e != "Volcanoes"] == parts, doc.elements
    assert doc.meta["left_out"] == {"furniture": 8}, doc.meta["left_out"]


def volcano_slides(extra) -> list[str]:
    """Four slides' content streams: a title, a fact and a quote of four lines at the foot in the body's size, then
    extra(i)'s items on slide i."""
    facts = ["Lava flows downhill slowly.", "Ash falls on the towns nearby.", "Rock forms when the lava cools.",
             "Gas escapes through the vents."]
    quote = ["Gentle reader: this is a talk about the volcanoes,", "the mountains that make new land",
             "from the rock that melts under the crust", "and flows out of them as lava."]
    return [text_ops([("F3", 16, 20, 240, f"Volcano {t}"), ("F1", 11, 30, 200, fact)]
                     + [("F1", 11, 30, 80 - 13 * j, q) for j, q in enumerate(quote)] + extra(i))
            for i, (t, fact) in enumerate(zip(["Etna", "Hekla", "Fuji", "Kilauea"], facts), 1)]


def test_a_sentence_of_running_text_repeated_at_the_foot_of_every_slide_is_text():
    """beamer-verona's sidebar sample sets Knuth's quote in the body's size at the foot of its slides: its last lines
    were left out as a footer (repeated at the pages' edges) and the quote cut in two. A repeated line of the body's
    size in a box that ends a sentence of six words or more is running text; the footer set small goes, and so does
    a running head in the body's size that ends with "et al."."""
    slides = volcano_slides(lambda i: [("F1", 8, 20, 5, f"Talk on volcanoes {i}/4"),
                                       ("F1", 11, 250, 255, "Smith et al.")])
    doc = load_pdf_document(build(slides, media="0 0 364 273"))
    assert doc.elements.count("Gentle reader: this is a talk about the volcanoes, the mountains that make new land "
                              "from the rock that melts under the crust and flows out of them as lava.") == 4, \
        doc.elements
    assert doc.meta["left_out"] == {"furniture": 8}, doc.meta["left_out"]


def test_pages_turned_by_their_rotate_or_set_sideways_read_upright():
    """A page turned by its /Rotate (a quarter, half, three quarters), or whose text is set sideways, reads like
    the upright page: its lines were once all left out as rotated text, and the PDF refused as having no text
    layer; a line set sideways on an upright page (arXiv's stamp) is still left out."""
    lines = ["The river rises in the hills and flows to the sea past the old mill.",
             "Farmers along its banks grow wheat and barley in the summer months.",
             "In spring the floods carry sand and stones down to the plain below."]
    ops = text_ops([("F2", 10, 72, 700 - 13 * i, t) for i, t in enumerate(lines)])
    for rotate in (90, 180, 270):
        assert load_pdf_document(build([ops], rotate=rotate)).elements == lines
    sideways = "\n".join(f"BT /F2 10 Tf 0 1 -1 0 {100 + 13 * i} 72 Tm {pdf_string(t)} Tj ET"
                         for i, t in enumerate(lines))
    assert load_pdf_document(build([sideways])).elements == lines
    stamp = "BT /F2 20 Tf 0 1 -1 0 30 200 Tm (arXiv:2304.02623v1 [cs.CL] 5 Apr 2023) Tj ET"
    assert load_pdf_document(build([ops + "\n" + stamp])).elements == lines
    # a page set sideways among upright ones (not turned by its /Rotate) is a landscape table: left out, counted
    more = ["The mill stopped turning when the river ran dry in the long hot summer.",
            "Its wheel still stands beside the bridge where the children fish for trout."]
    doc = load_pdf_document(build([ops, sideways, text_ops([("F2", 10, 72, 700 - 13 * i, t)
                                                            for i, t in enumerate(more)])]))
    assert doc.elements == lines + more and doc.meta["left_out"]["sideways"] == 1


WORDS = ("river valley farmer harvest bread oven stone bridge market window garden winter summer lantern harbour "
         "sailor island forest meadow village kettle candle letter teacher pupil chapter").split()


def columns_pdf(m: int) -> tuple[bytes, list[str]]:
    """A page (reportlab) of m columns under a title that spans them, in two bands parted by a paragraph as wide as
    the page; and its words in reading order. Every sentence is numbered, so a word out of place shows."""
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import BaseDocTemplate, Frame, FrameBreak, PageTemplate, Paragraph
    w, h = letter
    colw = (w - 108 - (m - 1) * 12) / m
    frames = [Frame(54, h - 94, w - 108, 40)]  # the title
    for top in (h - 94, h - 454):  # the bands of columns, and the wide paragraph between them
        frames += [Frame(54 + c * (colw + 12), top - 280, colw, 280) for c in range(m)]
        frames += [Frame(54, top - 360, w - 108, 80)] if top == h - 94 else []
    body = ParagraphStyle("body", fontName="Times-Roman", fontSize=9, leading=11)
    wide = ParagraphStyle("wide", fontName="Helvetica", fontSize=10, leading=12)
    story, words = [], []

    def add(k: int, n: int, style=body) -> None:
        text = " ".join(" ".join(WORDS[(i * 7 + j * 5) % len(WORDS)] for j in range(8)).capitalize() + f" {i}."
                        for i in range(k, k + n))
        story.append(Paragraph(text, style))
        words.extend(text.split())

    story.append(Paragraph("Three Stories of the River Valley", ParagraphStyle("title", fontName="Times-Bold",
                                                                              fontSize=18, leading=22)))
    words.extend("Three Stories of the River Valley".split())
    for band, start in enumerate((0, 500)):
        story.append(FrameBreak())
        for c in range(m):
            for p in range(3):
                add(start + 100 * c + 10 * p, 2 if m > 2 else 2 * (5 - m))
            story.append(FrameBreak())
        if band == 0:
            add(1000, 4, wide)
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=letter)
    doc.addPageTemplates([PageTemplate("page", frames)])
    doc.build(story)
    return out.getvalue(), words


@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_pages_of_one_to_four_columns_read_column_by_column_within_bands(m):
    """A page in three columns read left, right, middle, and one in four lost 95 % of its words as table text (its
    columns taken two by two, their lines side by side on one baseline); now each band of columns reads column by
    column, the title and a paragraph as wide as the page in their place, and nothing is left out. One and two
    columns read as before."""
    data, words = columns_pdf(m)
    doc = load_pdf_document(data)
    assert " ".join(doc.elements).split() == words
    assert doc.elements[0] == "Three Stories of the River Valley" and not doc.meta.get("left_out")


def test_two_columns_of_a_text_area_set_off_the_page_s_centre_read_column_by_column():
    """ltxdoc's change history (revtex4-1.pdf, apa7.pdf): two columns in a text area set right of the page's centre
    (a wide left margin), the left column's longer lines ending past the page's middle. Those paragraphs were taken
    as spanning both columns and the others read between them; now the columns are the text area's own halves."""
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import BaseDocTemplate, Frame, FrameBreak, PageTemplate, Paragraph
    w, h = letter
    frames = [Frame(150, 100, 185, h - 200), Frame(345, 100, 165, h - 200)]
    long, short = (ParagraphStyle(name, fontName="Times-Roman", fontSize=9, leading=11, spaceAfter=8,
                                  rightIndent=indent) for name, indent in (("long", 0), ("short", 50)))
    story, words = [], []
    for c in range(2):
        for p in range(6):
            text = " ".join(" ".join(WORDS[(i * 7 + j * 5) % len(WORDS)] for j in range(8)).capitalize() + f" {i}."
                            for i in range(100 * c + 10 * p, 100 * c + 10 * p + 3))
            story.append(Paragraph(text, long if p % 2 or c else short))
            words.extend(text.split())
        story.append(FrameBreak())
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=letter)
    doc.addPageTemplates([PageTemplate("page", frames)])
    doc.build(story)
    boxes = [b for b in read_lines(out.getvalue(), "x")[0][0][2] if b[0].x0 < w / 2]
    assert max(ln.x1 for b in boxes for ln in b) > w / 2 + 0.02 * w  # lines of the left column past the middle
    assert " ".join(load_pdf_document(out.getvalue()).elements).split() == words


def test_a_change_history_s_entries_off_the_page_s_centre_read_column_by_column_as_rows():
    """ltxdoc's change history (revtex4-1.pdf, apa7.pdf): in a text area set right of the page's centre, each entry's
    last line is a few words and, set apart after them, its page numbers: most lines are short pieces, but the rows
    fill the columns. Their starts after the words vary, as a table's cells' do not: the columns are the text area's
    halves, and the entries read column by column (the page-centred split took the left column's longer lines as
    spanning both columns and read the right column's entries between them)."""
    names = "river stone garden window paper candle morning letter silver orchard harbour meadow lantern winter".split()
    items, firsts = [], []
    for c, x in enumerate((168, 350)):
        for e in range(14):
            y = 700 - 30 * e
            words = [names[(5 * e + 3 * c + k) % len(names)] for k in range(7)]
            first, last = f"Entry {c}{e:02d} " + " ".join(words[:5]), f"{words[5]} {words[6]}."
            items += [("F1", 9, x, y, first), ("F1", 9, x + 10, y - 11, last),
                      ("F1", 9, x + 50 + text_width(last, 9) + 4 * (e % 3), y - 11, f"{10 + e}, {40 + 3 * e}")]
            firsts.append(first)
    pdf = read_pdf(build([text_ops(items)]))
    read = [t for b in pdf.blocks for t in firsts if t in b.text]
    assert read == firsts


def test_an_off_centre_table_s_cells_are_no_columns_of_text():
    """DBLaTeX's tables of packages (debian-reference.en.pdf, text area 57-567 on a 595 pt page): a text area set
    off the page's centre holds a table whose cells (package, popcon, keyword) fill its left half as rows and whose
    descriptions, some wrapped to two lines, fill its right half. Its cells start at the same places row after row:
    no columns of text, and the table is left out, descriptions too; the paragraphs around it read in order. (A
    table this small gives the page-centred split too few characters beside the descriptions, so only the trial of
    the text's own extent could take it as two columns.)"""
    para = ["The survey counted the birds of every kind that nest along the river in the spring of",
            "each year, and the table below gives the tools that were used to count them at the sites."]
    rows = [("alien", "rpm/tgz", ["converter for the foreign package into", "the local package format"]),
            ("calibre", "any/epub", ["e-book converter and library management"]),
            ("freepwing", "eb/epw", ["converter from the electronic book to a", "single format of the old standard"]),
            ("unoconv", "odf/pdf", ["converter between the office formats"]),
            ("pandoc", "md/html", ["general markup converter for documents"])]
    y = 650
    table = [("F3", 9, x, y, t) for x, t in ((150, "package"), (215, "popcon"), (305, "keyword"), (365, "description"))]
    for i, (name, key, desc) in enumerate(rows):
        y -= 14
        table += [("F1", 9, 150, y, name), ("F1", 9, 215, y, f"V:{i + 1}, I:{3 * i + 7}"), ("F1", 9, 305, y, key)]
        table += [("F1", 9, 365, y - 11 * k, t) for k, t in enumerate(desc)]
        y -= 11 * (len(desc) - 1)
    pdf = read_pdf(build([text_ops(column(para, 150, 700) + table + column(para, 150, y - 30))]))
    assert [b.text for b in pdf.blocks] == [" ".join(para)] * 2
    assert pdf.left_out == {"table and figure lines": len(table)}


def test_a_table_cut_by_the_page_s_middle_is_no_two_columns_of_text():
    """DBLaTeX's larger tables of packages (debian-reference.en.pdf page 125): in a text area centred on the page, the
    cells of each row (package, popcon, size, type) fill the left half and its description, on the row's baseline,
    the right half. The page-centred two-column split asked its columns nothing but text side by side, so the
    descriptions read as running text of a right column, apart from their packages. Rows of cells whose last cell goes
    on alone across the split are a table cut in two: no columns, the table is left out and the paragraphs around it
    read in order."""
    para = ["The survey counted the birds of every kind that nest along the river in the spring of each year",
            "and the table below gives the tools that were used to count them at each of the sites we visited."]
    names = "alien calibre freepwing unoconv pandoc lynx groff ghostscript poppler qpdf mupdf zathura".split()
    descs = ["converter of the foreign package formats", "e-book converter and library management",
             "converter from the electronic book format", "converter between the office formats",
             "general markup converter for documents", "text web browser for the terminal window"]
    y, table, described = 650, [], []
    for i, name in enumerate(names):
        desc = f"{descs[i % len(descs)]} {i}"
        table += [("F1", 9, 57, y, name), ("F1", 9, 150, y, f"V:{i + 1}, I:{3 * i + 7}"),
                  ("F1", 9, 215, y, str(100 * i + 49)), ("F1", 9, 250, y, f"config::{name[:4]}"),
                  ("F1", 9, 310, y, desc)]
        described.append(desc)
        y -= 14
    pdf = read_pdf(build([text_ops(column(para, 57, 700) + table + column(para, 57, y - 30))], media="0 0 595 842"))
    assert [b.text for b in pdf.blocks] == [" ".join(para)] * 2
    assert not [d for d in described if any(d in b.text for b in pdf.blocks)]


def _headed_rows(rows):
    """A page read: a paragraph, then for each (head, note, text) a bold head with a note on its right on one
    baseline and a line of text below the head, then the paragraph again."""
    para = ["The work package is broken down into tasks, each with the role of the partners and a short account",
            "of the work that is carried out in it, from the first tests to the use of the results by everyone."]
    ops, y = column(para, 72, 700), 650
    for head, note, text in rows:
        ops += [("F3", 10, 72, y, head), ("F1", 10, 540 - text_width(note, 10), y, note),
                ("F1", 10, 72, y - 13, text)]
        y -= 36
    return read_pdf(build([text_ops(ops + column(para, 72, y - 10))]))


def test_a_heading_with_a_note_on_its_right_over_running_text_is_no_table_row():
    """A work package form (h2020proposal's template-ict.pdf, page 9): each task's bold heading shares its baseline
    with a note set on the right ("Leader: UoC. Contributors: UoC"), and its description runs on under the heading.
    Lines that share their baseline were all a table's cells on a one-column page: the task headings and their notes
    were left out. A heading in another style than its note, whose next line starts under it and runs past its end,
    is no table row: the headings, notes and descriptions read."""
    tasks = [("Task T2.1: Test (M1-M12)", "Leader: UoC", "Here we will test the code of the work package tasks."),
             ("Task T2.2: Integrate (M6-M9)", "Leader: UoP2", "In this task the partners integrate the work of T2.1."),
             ("Task T2.3: Apply (M9-M12)", "Leader: UoP3", "Here all the participants will apply the results.")]
    pdf = _headed_rows(tasks)
    texts = [b.text for b in pdf.blocks]
    for head, note, text in tasks:
        assert head in texts and pdf.blocks[texts.index(head)].level > 0
        assert note in texts and text in texts


def test_a_heading_line_beside_a_bare_page_number_is_no_noted_heading():
    """As above, but the notes are page numbers: a contents page's chapter lines, each over a line describing it
    (nostarch's nssample.pdf page 9). A note is in words: these rows are no noted headings, and the chapter lines
    are not read as the document's headings (as before the rule above)."""
    entries = [("Chapter One: Testing", "3", "Here we will test the code of the work package tasks and more."),
               ("Chapter Two: Integrating", "17", "In this chapter the partners integrate the work of chapter one."),
               ("Chapter Three: Applying", "29", "Here all the participants will apply the results to their work.")]
    texts = [b.text for b in _headed_rows(entries).blocks]
    assert not [head for head, _, _ in entries if head in texts]


def test_a_table_s_columns_of_cells_are_not_columns_of_text():
    """A table whose cells line up in five columns is not a page of several columns (its lines do not fill a
    column): its rows stay table text, left out, and the text around it reads in order."""
    para = ["The survey counted the birds of every kind that nest along the river in the spring of each year,",
            "and the table below gives the numbers of pairs that were seen at each of the five sites on the banks."]
    names = ["heron", "kingfisher", "dipper", "wagtail", "sandpiper", "moorhen", "coot", "swan"] * 2
    items = column(para, 72, 700)
    for i, name in enumerate(names):
        items += [("F1", 10, 72, 660 - 14 * i, f"{name} colony")]
        items += [("F1", 10, 250 + 80 * j, 660 - 14 * i, f"{(i * 7 + j * 3) % 40} pairs seen") for j in range(4)]
    items += column(para, 72, 420)
    pdf = read_pdf(build([text_ops(items)]))
    assert [b.text for b in pdf.blocks] == [" ".join(para)] * 2
    assert pdf.left_out == {"table and figure lines": 80}


def reference_card_pdf() -> tuple[bytes, list[str]]:
    """A landscape page in three columns of short cells, as a reference card sets it (Octave's refcard): in each
    column, sections of a heading, a sentence or two, then rows of a command and what it does; and the sentences
    in reading order."""
    items, sentences = [], []
    for c, x in enumerate((18, 282, 546), 1):
        y = 580
        for s in (1, 2):
            items.append(("F3", 10, x, y, f"{WORDS[3 * c + s].capitalize()} Commands"))
            prose = [f"These commands of part {c}.{s} change the {WORDS[c + s]} and", f"the {WORDS[c + 2 * s]} "
                     f"of the session in place."]
            items += [("F1", 9, x, y - 12 - 10 * i, t) for i, t in enumerate(prose)]
            sentences.append(" ".join(prose))
            y -= 44
            for r in range(10):
                items += [("F2", 8, x, y, f"{WORDS[(c * 5 + s * 3 + r) % len(WORDS)]} (x)"),
                          ("F1", 8, x + 74, y, f"set the {WORDS[(c + r) % len(WORDS)]} of x to its value")]
                y -= 10
            y -= 14
    return build([text_ops(items)], media="0 0 792 612"), sentences


def test_a_reference_card_s_three_columns_of_short_cells_read_left_middle_right():
    """Octave's reference cards read left, right, middle: their three columns' lines (a command, what it does)
    are short, so the page was taken for a table's columns and read as two columns, the middle one cut in two.
    A row of a column (a command and what it does, on one baseline) fills it as a line of running text does."""
    data, sentences = reference_card_pdf()
    doc = load_pdf_document(data)
    text = " ".join(doc.elements)
    assert [s for s in sentences if s in text] == sentences
    assert sorted(sentences, key=text.index) == sentences


def placed_pages_pdf() -> tuple[bytes, list[str]]:
    """Pages whose text is all inside Form XObjects (reportlab): a sheet with two pages placed side by side (as
    pdfpages or a printer's two-up puts them), then a page whose content a tool wrapped in one to stamp a line on
    it, then a page of body text with a small figure whose labels are in one; and the body's sentences in order."""
    from reportlab.pdfgen import canvas
    sentences = [" ".join(random.Random(i).choices(WORDS, k=9)).capitalize() + f" {i}." for i in range(48)]
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(1190, 842))

    def form(name, lines, width=595, height=842):
        c.beginForm(name, 0, 0, width, height)
        text = c.beginText(72, height - 72)
        text.setFont("Times-Roman", 10)
        for ln in lines:
            text.textLine(ln)
        c.drawText(text)
        c.endForm()

    for k in range(3):
        form(f"page{k}", [" ".join(sentences[i:i + 2]) for i in range(12 * k, 12 * k + 12, 2)])
    form("figure", ["axis", "time (s)"], 120, 100)
    c.doForm("page0")
    c.translate(595, 0)
    c.doForm("page1")
    c.showPage()
    c.setPageSize((595, 842))
    c.doForm("page2")
    c.setFont("Helvetica", 8)
    c.drawString(400, 30, "Stamped copy")
    c.showPage()
    c.setPageSize((595, 842))
    text = c.beginText(72, 770)
    text.setFont("Times-Roman", 10)
    for i in range(36, 48, 2):
        text.textLine(" ".join(sentences[i:i + 2]))
    c.drawText(text)
    c.translate(72, 500)
    c.doForm("figure")
    c.save()
    return out.getvalue(), sentences


def test_pages_placed_on_a_page_as_form_xobjects_are_read_and_a_figure_s_labels_are_not():
    """A sheet of two pages placed side by side (pdfpages, two-up printing) was refused as 'no text layer (is it a
    scanned document?)': its text is all inside Form XObjects, which were read as figures; now such pages read
    left then right, a wrapped and stamped page reads, and a figure's labels on a page of text stay left out."""
    data, sentences = placed_pages_pdf()
    doc = load_pdf_document(data)
    assert doc.elements == sentences  # the stamp, small print below the body, is left out as a footnote
    assert doc.meta["pages"] == 3 and doc.meta["left_out"] == {"footnotes": 1}


def test_a_slide_s_short_list_items_are_text_and_a_figure_s_labels_are_not():
    """A slide's items of a word or three ("• Motivation") were left out as the labels of a figure (a box of short
    lines that are neither headings nor sentences), or read as one sentence with the items before; a bullet makes
    them a list, each item a paragraph. Labels without one stay out."""
    items = ["\x95 Motivation", "\x95 Related work", "\x95 Our new method", "\x95 Results on two corpora"]
    ops = [("F3", 16, 20, 230, "Outline of the Talk")] + [("F2", 11, 30, 200 - 16 * i, t) for i, t in enumerate(items)]
    ops += [("F2", 7, 250, 215 - 9 * i, t) for i, t in enumerate(["time (s)", "error rate"])]
    doc = load_pdf_document(build([text_ops(ops)], media="0 0 364 273"))
    assert doc.elements == ["Outline of the Talk", "• Motivation", "• Related work", "• Our new method",
                            "• Results on two corpora"]
    assert doc.meta["left_out"] == {"table and figure lines": 2}


def test_a_quote_s_credit_under_it_at_the_foot_of_every_slide_is_text():
    """A beamer quote at the foot of every slide keeps its credit line ("— Donald E. Knuth", set apart under the
    quote): the credit was left out as a footer repeated at the pages' edges while the quote, running text, stayed.
    A line opening with a dash under a box of running text is its credit; the small footer and the page's number (a
    box emptied before it) still go."""
    slides = volcano_slides(lambda i: [("F1", 11, 150, 21, "\x97 Donald E. Knuth"),
                                       ("F1", 8, 20, 5, f"Talk on volcanoes {i}/4"), ("F1", 8, 340, 262, str(i))])
    doc = load_pdf_document(build(slides, media="0 0 364 273"))
    assert doc.elements.count("\u2014 Donald E. Knuth") == 4, doc.elements
    assert doc.meta["left_out"] == {"furniture": 8}, doc.meta["left_out"]


def test_a_glyph_drawn_again_a_hair_to_the_right_for_fake_bold_is_read_once_and_double_letters_stay():
    """Fake bold by overprinting (hitszbeamer's slides, Word): each glyph drawn two or three times 0.09 pt apart read
    '研 研 研究 究 究', each copy a word of its own."""
    chinese = ["河流把山上的水带到海里。", "洪水在大雨之后到来。"]
    font, codes = cjk_font("".join(dict.fromkeys("".join(chinese))))
    latin = "Rivers carry water from the hills down to the sea."
    items, y = [], 700
    for text, name, copies in ((chinese[0], "F7", 3), (chinese[1], "F7", 2), (latin, "F1", 2), (latin, "F1", 1)):
        x = 72
        for ch in text:
            items += [(name, 10, x + 0.09 * k, y, ch.translate(codes)) for k in range(copies)]
            x += 10 if name == "F7" else text_width(ch)
        y -= 14
    read = "".join(load(build([text_ops(items)], {"F7": font})).elements)
    assert read.replace(" ", "") == "".join(chinese + [latin, latin]).replace(" ", "")


def test_a_page_re_read_by_pdfium_keeps_its_bold_headings_and_a_running_head_apart_from_its_page_number():
    """aomart's sample: pages whose math pdfminer read letter by letter were re-read whole by PDFium, which lost
    every style (its section headings '3. Main theorem' in bold, no longer headings, were then left out as a figure's
    labels) and read the running head and its page number at the row's other end as one line ('SAMPLE PAPER 19',
    then a heading, as the pages pdfminer read had the running head alone)."""
    pytest.importorskip("pypdfium2")
    items = [("F1", 8, 72, 760, "Rivers and Floods"), ("F1", 8, 530, 760, "19"),
             ("F3", 10, 72, 720, "2. Main theorem")] + column(["Rivers carry water from the hills down to the sea.",
                                                               "Floods come after heavy rain in spring."], 72, 700)
    data = build([text_ops(items)])
    pages, _, _, _ = read_lines(data, "x")
    for box in pages[0][2]:  # every line read as letters apart, its rectangle empty: the page is re-read whole
        for ln in box:
            ln.text, ln.x1, ln.y1 = " ".join("x" * len(ln.text)), ln.x0, ln.y0
    assert repair_words(pages, data) > 0
    lines = {ln.text: ln for box in pages[0][2] for ln in box}
    assert lines["2. Main theorem"].bold and not lines["Rivers carry water from the hills down to the sea."].bold
    assert "Rivers and Floods" in lines and "19" in lines
