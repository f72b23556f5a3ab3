"""RTF documents (segcore.rtf): paragraphs in order, headings by outline level or style, characters from \\uN and from
code-page bytes, what is not text never read, tables, notes, comments, text boxes and hidden text left out and
counted, crafted input refused with a message or read, never a traceback."""
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.errors import InputError
from segcore.formats import sniff_format
from segcore.limits import Limits
from segcore.loaders import left_out_notes, load
from segcore.rtf import read_rtf

DATA = Path(__file__).parent / "data"

# as Word writes it: a font table with a Cyrillic font, styles (a heading by outline level, one by name only that
# is based on another, a title), document information, then the body
WORD = (r"{\rtf1\adeflang1025\ansi\ansicpg1252\uc1\deff0{\fonttbl{\f0\froman\fcharset0\fprq2"
        r"{\*\panose 02020603050405020304}Times New Roman;}{\f1\fswiss\fcharset204 Arial Cyr;}}"
        r"{\colortbl;\red0\green0\blue0;}"
        r"{\stylesheet{\ql \li0\ri0\widctlpar\f0\fs24 \snext0 Normal;}"
        r"{\s1\ql \li0\ri0\keepn\outlinelevel0\b\fs32 \sbasedon0 \snext0 heading 1;}"
        r"{\s2\ql \b\fs28 \sbasedon0 \snext0 heading 2;}{\s3\ql \sbasedon2 \snext0 My Subsection;}"
        r"{\s15\qc \fs48 \sbasedon0 \snext0 Title;}{\*\cs10 \additive Default Paragraph Font;}}" "\n"
        r"{\info{\title Stones and Songs}{\author A. Writer}{\operator A. Writer}}"
        r"{\header \pard\plain \ql Running head words\par}" "\n"
        r"\pard\plain \s15\qc Stones and Songs\par" "\n"
        r"\pard\plain \s1\outlinelevel0\b Granite\par" "\n"
        r"\pard\plain \ql Granite is hard{\super\chftn}{\footnote \pard\plain \ql {\super\chftn} A note.\par}. "
        r"It cools slowly{\v  hidden words here}.\par" "\n"
        r"\pard\plain \s3 Uses\par" "\n"
        r"\pard\plain \ql Caf\'e9s use it \u8212\'97 see {\field{\*\fldinst { HYPERLINK \"http://x.org\" }}"
        r"{\fldrslt {\ul the site}}}.{\*\atnid AW}{\*\annotation{\*\atnref 1}\pard\plain A comment.}\par" "\n"
        r"\trowd\cellx4000\cellx8000\pard\plain \intbl Cell one\cell Cell two\cell\row" "\n"
        r"\pard\plain {\pict\pngblip\picw10 89504e470d0a\bin4 }}{{}\par" "\n"
        r"\pard\plain {\f1 \'cf\'e5\'f1\'ed\'ff} \u-10179\'3f\u-8704\'3f sings.\par" "\n"
        r"{\shp{\*\shpinst{\sp{\sn fillColor}{\sv 255}}{\shptxt \pard Box text\par}}"
        r"{\shprslt{\*\do\dobxcolumn{\dptxbxtext Box text}}}}" "\n"
        r"\pard\plain * * *\par}" "\n\x00\x00")


def test_a_word_document_reads_its_paragraphs_headings_and_characters():
    doc = load(WORD.encode("latin-1"), source="stones.rtf")
    assert doc.meta["format"] == "rtf" and doc.meta["title"] == "Stones and Songs"
    assert doc.elements == ["Stones and Songs", "Granite", "Granite is hard.", "It cools slowly.", "Uses",
                            "Cafés use it — see the site.", "Песня \U0001f600 sings."]
    outline = doc.meta["outline"]
    assert outline.title == "Stones and Songs"
    assert [(h.title, h.level) for h in outline.headings] == [("Granite", 1), ("Uses", 2)]
    assert doc.meta["left_out"] == {"footnote texts": 1, "hidden": 3, "annotations": 1, "tables": 4 + 2, "numbers": 1}
    assert left_out_notes(doc) == ["left out of the RTF document: hidden text (3 words), footnotes (1), comments (1), "
                                   "tables and figures (6 words), paragraphs without a letter (1)"]


def test_a_doc_that_is_rtf_is_read_as_rtf():
    """Editors save RTF under the name .doc; it is told by its content (pandoc's file: test_docx)."""
    data = (DATA / "pandoc_volcanoes.rtf").read_bytes()
    assert sniff_format(data, "") == "rtf" and sniff_format(data, "old.doc") == "rtf"
    doc = load(data, source="saved by an old editor.doc")
    assert doc.meta["format"] == "rtf" and doc.elements == load(DATA / "pandoc_volcanoes.docx").elements


def test_textedit_paragraphs_unicode_fallbacks_and_code_pages():
    """TextEdit ends paragraphs with a backslash before the line break; \\uc2 skips two fallback characters;
    \\ansicpg1251 is the code page of bytes in a font of charset 0; a Mac Roman document's bytes."""
    cocoa = (b"{\\rtf1\\ansi\\ansicpg1251\\cocoartf2709\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n"
             b"{\\*\\expandedcolortbl;;}\n\\pard\\tx566\\pardirnatural\\partightenfactor0\n\n"
             b"\\f0\\fs24 \\cf0 First line \\'c4\\'e0.\\\nSecond \\uc2\\u20013\\'d6\\'d0 line.\\\n}")
    blocks, left_out, title = read_rtf(cocoa)
    assert [b.text for b in blocks] == ["First line Да.", "Second 中 line."] and title is None
    mac = b"{\\rtf1\\mac Cr\\'8fme br\\'9el\\'8ee.\\par}"
    assert [b.text for b in read_rtf(mac)[0]] == ["Crème brûlée."]
    flat = (b"{\\rtf1\\ansi\\ansicpg1252{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;\\f1\\fnil\\fcharset204 Arial;}"
            b"{\\stylesheet\\s0 Normal;\\s1\\outlinelevel0 Part;}"
            b"\\pard\\s1 Part one\\par\\pard\\f0 Caf\\'e9 au lait. \\f1 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2.\\par}")
    blocks = read_rtf(flat)[0]  # font table and stylesheet without inner groups, entries ended by ';'
    assert [(b.text, b.level) for b in blocks] == [("Part one", 2), ("Café au lait. Привет.", 0)]


def test_what_is_not_rtf_or_too_large_or_too_deep_is_refused_with_a_message():
    with pytest.raises(InputError, match="not an RTF document"):
        load(b"plain words", format="rtf", source="x.rtf")
    with pytest.raises(InputError, match="nested more than 1,000 deep"):
        load(b"{\\rtf1 " + b"{" * 5000 + b"words" + b"}" * 5000 + b"}", source="deep.rtf")
    with pytest.raises(InputError, match="more than 1 MB"):
        load(b"{\\rtf1 " + b"words " * 200_000 + b"}", source="big.rtf", limits=Limits(markup_bytes=2**20))


PARTS = [r"{", r"}", r"\par ", "Some words here. ", r"\'e9", r"\'", "\\", r"{\*\footnote ", r"{\*", r"\u-10179 ",
         r"\u99999999999 ", r"\u-8704 ", r"\uc99999 ", r"\bin99999999 ", r"\bin-5 ", r"\intbl ", r"\pard ",
         r"\outlinelevel-3 ", r"\outlinelevel99999999999 ", r"\s77 ", r"{\stylesheet{\s77\sbasedon77 Loop;}}",
         r"{\fonttbl{\f5\fcharset128 Mincho;}}", r"\f5 ", r"\ansicpg99999 ", r"\v ", r"{\info{\title ", "\r\n",
         r"\cell ", r"\row ", r"{\field{\*\fldinst X}{\fldrslt Y}}"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PARTS), max_size=40))
def test_any_crafted_rtf_reads_or_is_refused_cleanly(parts):
    """Unbalanced groups, lone surrogates, absurd numbers, binary lengths past the end, styles based on themselves,
    double-byte code pages cut in half: a Document or an InputError, never another exception; text that can be
    written as UTF-8."""
    try:
        doc = load(("{\\rtf1 " + "".join(parts)).encode("latin-1"), source="x.rtf")
    except InputError:
        return
    assert doc.n >= 2 and all(e.strip() for e in doc.elements)
    "\n".join(doc.elements).encode("utf-8")


def test_code_paragraphs_by_font_or_style_are_left_out_by_lines_and_a_text_typed_all_in_courier_is_prose():
    """A paragraph all in a fixed-pitch font (\\fmodern, \\fprq1 or a monospaced name: pandoc's code blocks) or in a
    code style (Word's 'HTML Preformatted') is code, left out and counted by lines; code inside a sentence is read;
    when the body's own font is fixed-pitch, nothing is code by its font (nor when most of the text is in fixed-pitch
    fonts, all counted together: prose is most of this one)."""
    fonts = r"{\fonttbl{\f0 \fswiss Helvetica;}{\f1 \fmodern Courier;}{\f2\fnil\fprq1 Pitchy;}}"
    styles = (r"{\stylesheet{\f0 Normal;}{\s7\f0\sbasedon0 HTML Preformatted;}"
              r"{\s8\f1\sbasedon0 Plain Box;}}")
    body = (r"{\pard \f0 Lava flows {\f1 make} downhill.\par}"
            r"{\pard \f0 \f1 import lava\line lava.flow()\par}"
            r"{\pard \f0 {\f2 cat vent.log}\par}"
            r"{\pard \s7 run the vent\par}{\pard \s8 more vent code\par}"
            r"{\pard \f0 Then it cools.\par}{\pard \f0 It stops at the sea, where it hisses.\par}")
    doc = load(("{\\rtf1\\ansi\\deff0" + fonts + styles + body + "}").encode(), source="lava.rtf")
    assert doc.elements == ["Lava flows make downhill.", "Then it cools.", "It stops at the sea, where it hisses."]
    assert doc.meta["left_out"]["code lines"] == 5
    courier = fonts.replace(r"\fswiss Helvetica", r"\fmodern Courier New")
    courier = ("{\\rtf1\\ansi\\deff0" + courier + styles + body + "}").encode()
    assert "import" in load(courier, source="typed.rtf", level="word").elements


def test_a_list_label_typed_before_a_hanging_paragraphs_tab_is_not_read():
    """pandoc types a list's label into the item's paragraph (a hanging indent, the label, a tab); it is not read,
    as DOCX and ODT do not read labels their numbering makes: an item all in code is code. A tab in a paragraph that
    does not hang, or after words that are no label, is a space."""
    fonts = r"{\fonttbl{\f0 \fswiss Helvetica;}{\f1 \fmodern Courier;}}"
    body = (r"{\pard \f0 \li720 \fi-360 1.\tx360\tab Find the vents.\par}"
            r"{\pard \f0 \li720 \fi-360 \endash  b)\tx360\tab {\f1 -Dvent=}\par}"
            r"{\pard \f0 \li720 \fi-360 \bullet \tx360\tab Lava cools.\par}"
            r"{\pard \f0 \li720 \fi-360 Note:\tab the vent\tab hisses.\par}"
            r"{\pard \f0 \fi0 1.\tab Version two erupts.\par}")
    doc = load(("{\\rtf1\\ansi\\deff0" + fonts + body + "}").encode(), source="lava.rtf")
    assert doc.elements == ["Find the vents.", "Lava cools.", "Note: the vent hisses.", "1. Version two erupts."]
    assert doc.meta["left_out"] == {"code lines": 1}


def test_a_text_typed_all_in_courier_by_its_font_changes_is_prose():
    """Word's RTF of a screenplay: the default font Times (\\deff0), every paragraph typed in Courier (\\f1). The font
    most of the document is set in marks no code (wpstyles.Paragraphs); a code paragraph among prose still is."""
    lines = ["INT. KITCHEN - NIGHT", "Anna walks in. She looks tired.", "ANNA", "I told you so. You never listen.",
             "She leaves."]
    fonts = r"{\fonttbl{\f0\froman Times New Roman;}{\f1\fmodern\fprq1 Courier New;}}"
    styles = r"{\stylesheet{\s0\f0 Normal;}}"
    body = "".join(rf"{{\pard\plain \s0 {{\f1 {t}}}\par}}" for t in lines)
    doc = load(("{\\rtf1\\ansi\\deff0" + fonts + styles + body + "}").encode(), source="s.rtf")
    assert " ".join(doc.elements) == " ".join(lines) and "left_out" not in doc.meta
    body = (r"{\pard\plain Lava flows downhill.\par}{\pard\plain {\f1 import lava}\par}"
            r"{\pard\plain It stops at the sea.\par}")
    doc = load(("{\\rtf1\\ansi\\deff0" + fonts + styles + body + "}").encode(), source="x.rtf")
    assert doc.elements == ["Lava flows downhill.", "It stops at the sea."]


def test_a_text_set_in_a_courier_paragraph_style_is_prose():
    """Word's RTF of a screenplay whose paragraphs are in an 'Action' style in Courier New (\\s1\\f1) over a Times
    'Normal': the style's font is the document's, so it marks no code (wpstyles.Paragraphs); among prose, a paragraph
    in that style is code, and one in a style named for code ('HTML Preformatted') is code whatever."""
    lines = ["INT. KITCHEN - NIGHT", "Anna walks in. She looks tired.", "ANNA", "I told you so. You never listen.",
             "She leaves."]
    fonts = r"{\fonttbl{\f0\froman Times New Roman;}{\f1\fmodern\fprq1 Courier New;}}"
    styles = (r"{\stylesheet{\s0\f0 Normal;}{\s1\f1\sbasedon0 Action;}{\s2\f1\sbasedon0 HTML Preformatted;}}")
    body = "".join(rf"{{\pard\plain \s1\f1 {t}\par}}" for t in lines) + r"{\pard\plain \s2\f1 FADE OUT.\par}"
    doc = load(("{\\rtf1\\ansi\\deff0" + fonts + styles + body + "}").encode(), source="s.rtf")
    assert " ".join(doc.elements) == " ".join(lines) and doc.meta["left_out"] == {"code lines": 1}
    body = (r"{\pard\plain Lava flows downhill.\par}{\pard\plain \s1\f1 import lava\par}"
            r"{\pard\plain It stops at the sea.\par}")
    doc = load(("{\\rtf1\\ansi\\deff0" + fonts + styles + body + "}").encode(), source="x.rtf")
    assert doc.elements == ["Lava flows downhill.", "It stops at the sea."] and doc.meta["left_out"] == {
        "code lines": 1}


def test_pandocs_stand_in_for_a_picture_it_could_not_embed_is_not_text():
    """pandoc's RTF writer puts '[image: source]' in a group of its own where it could not embed a picture (a badge's
    URL, a missing file): a picture, left out as \\pict is, not a paragraph of URLs; the same words typed inside a
    sentence, not a group of their own, are text."""
    rtf = (r"{\rtf1\ansi\deff0{\fonttbl{\f0 \fswiss Helvetica;}{\f1 \fmodern Courier;}}" "\n"
           r"{\pard \ql \f0 \sa180 \li0 \fi0 {\cf1 [image: https://img.shields.io/ctan/v/x.svg]\cf0} "
           r"{\cf1 [image: logo.png]\cf0}\par}" "\n"
           r"{\pard \ql \f0 \sa180 \li0 \fi0 The figure {\cf1 [image: fig.png]\cf0} shows the granite.\par}" "\n"
           r"{\pard \ql \f0 \sa180 \li0 \fi0 Write [image: name] where a picture goes.\par}" "\n}")
    blocks, left_out, _ = read_rtf(rtf.encode())
    assert [b.text for b in blocks] == ["The figure shows the granite.", "Write [image: name] where a picture goes."]
    assert not left_out


def test_a_centred_bold_large_first_paragraph_is_the_title_as_a_title_style_makes_it():
    """pandoc writes a document's title as {\\pard \\qc \\b \\fs36 ...} (no style, no outline level; its headings are
    not centred): it reads as a title, as pandoc's DOCX of the same source ('Title' style) does. Only the first
    paragraph with a letter, centred, bold throughout and larger than most of the body's characters, and only when no
    style makes a title."""
    from segcore.docx import read_docx
    rtf_blocks = read_rtf((DATA / "pandoc_volcanoes.rtf").read_bytes())[0]
    docx_blocks = read_docx((DATA / "pandoc_volcanoes.docx").read_bytes())[0]
    assert [(b.text, b.level) for b in rtf_blocks] == [(b.text, b.level) for b in docx_blocks]

    def levels(first, later=r"{\pard \qc \b \fs36 Also centred\par}", styles=""):
        rtf = (r"{\rtf1\ansi\deff0{\fonttbl{\f0 \fswiss Helvetica;}}" + styles + first
               + r"{\pard \ql The body says this.\par}" + later + r"{\pard \ql More of the body.\par}}")
        return [b.level for b in read_rtf(rtf.encode())[0]]

    assert levels(r"{\pard \qc \f0 \sa180 \b \fs36 Lava\par}") == [1, 0, 0, 0]
    assert levels(r"{\pard \qc \b \fs36 ***\par}{\pard \qc \b \fs36 Lava\par}") == [1, 0, 0, 0]  # first with a letter
    assert levels(r"{\pard \qc \fs36 Lava\par}") == [0, 0, 0, 0]  # not bold
    assert levels(r"{\pard \qc \b Lava\par}") == [0, 0, 0, 0]  # not larger
    assert levels(r"{\pard \ql \b \fs36 Lava\par}") == [0, 0, 0, 0]  # not centred
    assert levels(r"{\pard \qc \b \fs36 Lava {\b0 flows}\par}") == [0, 0, 0, 0]  # not bold throughout
    titled = r"{\stylesheet{\s0 Normal;}{\s1 Title;}}"
    assert levels(r"{\pard \qc \b \fs36 Lava\par}", r"{\pard \s1 A styled title\par}", titled) == [0, 0, 1, 0]
