"""Word documents and OpenDocument texts (segcore.docx, segcore.odt): paragraphs in order, headings by outline level
or heading style, what is not text (deleted text, field instructions, hidden runs) never read, tables, drawings,
equations and notes left out and counted, archives that are not such documents refused with a message."""
import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.errors import InputError
from segcore.limits import Limits
from segcore.formats import sniff_format
from segcore.loaders import left_out_notes, load

DATA = Path(__file__).parent / "data"
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"'
MC = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'


def docx(body: str, styles: str = "", fonts: str = "") -> bytes:
    """A minimal Word document with `body` as the main part's body, `styles` as its paragraph styles and `fonts` as
    its font table."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                                           'package/2006/content-types"/>')
        zf.writestr("word/document.xml", f'<?xml version="1.0"?><w:document {W} {M} {MC}><w:body>{body}</w:body>'
                                         f'</w:document>')
        zf.writestr("word/styles.xml", f'<?xml version="1.0"?><w:styles {W}>{styles}</w:styles>')
        if fonts:
            zf.writestr("word/fontTable.xml", f'<?xml version="1.0"?><w:fonts {W}>{fonts}</w:fonts>')
    return out.getvalue()


def p(text: str, style: str = "", extra: str = "") -> str:
    props = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f"<w:p>{props}<w:r><w:t xml:space='preserve'>{text}</w:t></w:r>{extra}</w:p>"


STYLES = ('<w:style w:type="paragraph" w:styleId="Kop1"><w:name w:val="Kop 1"/><w:pPr><w:outlineLvl w:val="0"/>'
          '</w:pPr></w:style><w:style w:type="paragraph" w:styleId="Mine"><w:name w:val="My Section"/>'
          '<w:basedOn w:val="Kop1"/></w:style><w:style w:type="paragraph" w:styleId="H2"><w:name w:val="heading 2"/>'
          '</w:style><w:style w:type="paragraph" w:styleId="Body"><w:name w:val="Body Text"/>'
          '<w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>')


@pytest.mark.parametrize("name", ["pandoc_volcanoes.docx", "pandoc_volcanoes.odt", "pandoc_volcanoes.rtf",
                                  "libreoffice_volcanoes.rtf", "libreoffice_volcanoes.doc"])
def test_a_document_written_from_markdown_reads_as_its_source(name):
    """tests/data/pandoc_volcanoes.docx, .odt and .rtf were written by pandoc 2.17 from pandoc_volcanoes.md beside
    them (its RTF has no document information: no title), libreoffice_volcanoes.rtf and .doc (Word 97–2003) by
    LibreOffice 7.4 from the .docx (its RTF styles name their fonts, \\f6, before their names, 'Heading 1')."""
    doc = load(DATA / name)
    fmt = name.rsplit(".", 1)[1]
    assert doc.meta["format"] == fmt
    assert doc.meta.get("title") == (None if name == "pandoc_volcanoes.rtf" else "Volcanoes and Bread")
    assert doc.elements == ["Volcanoes and Bread", "Volcanoes", "Volcanoes erupt lava.",
                            "Ash falls on towns near the mountain.", "Eruptions", "An eruption can last for years.",
                            "The lava cools into rock.", "Bread", "Bread needs flour and water.",
                            "Ovens bake it at high heat."]
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [("Volcanoes", 1), ("Eruptions", 2),
                                                                         ("Bread", 1)]
    what = {"docx": "Word document", "odt": "OpenDocument text", "rtf": "RTF document", "doc": "Word document"}[fmt]
    assert left_out_notes(doc) == [f"left out of the {what}: tables and figures (5 words), footnotes (1)"]


def test_headings_come_from_outline_levels_styles_and_their_names_in_any_language():
    body = (p("Lava", "Mine") + p("Lava flows downhill. It is hot.", "Body") + p("Types", "H2")
            + p("Pahoehoe is smooth.") + '<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:r><w:t>Ash</w:t></w:r></w:p>'
            + p("Ash falls far.")
            + p("Kop", "Kop1") + p("Dutch styles work too."))
    doc = load(docx(body, STYLES))
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [("Lava", 1), ("Types", 2), ("Ash", 1),
                                                                         ("Kop", 1)]
    assert "Lava flows downhill." in doc.elements


def test_what_is_not_text_is_never_read_and_what_is_left_out_is_counted():
    run = "<w:r><w:t>{}</w:t></w:r>"
    body = ("<w:p>" + run.format("Visible words") + "<w:r><w:tab/></w:r>" + run.format("after a tab.")
            + '<w:del w:id="1"><w:r><w:delText>Deleted words.</w:delText></w:r></w:del>'
            + '<w:ins w:id="2"><w:r><w:t xml:space="preserve"> Inserted words.</w:t></w:r></w:ins>'
            + '<w:r><w:rPr><w:vanish/></w:rPr><w:t>Hidden words.</w:t></w:r>'
            + '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE \\* MERGEFORMAT</w:instrText></w:r>'
            + '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' + run.format(" Shown result.")
            + '<w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:footnoteReference w:id="3"/></w:r>'
            + '<w:hyperlink><w:r><w:t xml:space="preserve"> A link.</w:t></w:r></w:hyperlink>'
            + '<w:r><mc:AlternateContent><mc:Choice><w:drawing><w:t>Box text</w:t></w:drawing></mc:Choice>'
            + '<mc:Fallback><w:pict><w:t>Box text</w:t></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>'
            + "<w:tbl><w:tr><w:tc>" + p("Cell one") + "</w:tc><w:tc>" + p("Cell two") + "</w:tc></w:tr></w:tbl>"
            + "<w:sdt><w:sdtContent>" + p("In a content control.") + "</w:sdtContent></w:sdt>" + p("* * *")
            + "<w:p><m:oMathPara><m:oMath><m:r><m:t>E=mc2</m:t></m:r></m:oMath></m:oMathPara></w:p>"
            + "<w:p>" + run.format("Inline ") + "<m:oMath><m:r><m:t>x</m:t></m:r></m:oMath>" + run.format(" math.")
            + "</w:p>")
    doc = load(docx(body), source="x.docx")
    assert doc.elements == ["Visible words after a tab.", "Inserted words.", "Shown result.", "A link.",
                            "In a content control.", "Inline x math."]
    assert doc.meta["left_out"] == {"hidden": 2, "footnote texts": 1, "tables": 2 + 4, "equations": 1, "numbers": 1}


def test_a_version_heading_without_a_letter_is_a_heading_and_a_letterless_paragraph_is_left_out():
    body = p("[1.0.5] - 2022-09-21", "H2") + p("Page numbers agree now.") + p("2022-02-21") + p("(1)", "H2")
    doc = load(docx(body, STYLES), source="x.docx")
    assert [h.title for h in doc.meta["outline"].headings] == ["[1.0.5] - 2022-09-21"]
    assert doc.elements == ["[1.0.5] - 2022-09-21", "Page numbers agree now."]
    assert doc.meta["left_out"] == {"numbers": 2}


def wstyle(sid: str, name: str, based: str = "", font: str = "", default: bool = False) -> str:
    return (f'<w:style w:type="paragraph" w:styleId="{sid}"' + (' w:default="1"' if default else "")
            + f'><w:name w:val="{name}"/>' + (f'<w:basedOn w:val="{based}"/>' if based else "")
            + (f'<w:rPr><w:rFonts w:ascii="{font}" w:hAnsi="{font}"/></w:rPr>' if font else "") + "</w:style>")


def test_paragraphs_in_a_code_style_are_left_out_by_lines_and_a_text_typed_all_in_courier_is_prose():
    """Code by its style's name or one it is based on ('Source Code', pandoc's; 'HTML Preformatted', Word's), or by a
    monospaced font, named so or declared fixed-pitch in the font table, when the body text's is not."""
    styles = (wstyle("Normal", "Normal", font="Calibri", default=True) + wstyle("SourceCode", "Source Code", "Normal")
              + wstyle("HTMLPre", "HTML Preformatted", "Normal") + wstyle("Shell", "Shell", "HTMLPre")
              + wstyle("Term", "Terminal", "Normal", font="Consolas") + wstyle("Out", "Output", "Normal", font="Lab")
              + wstyle("Quote", "Quote", "Normal", font="Georgia"))
    code = ('<w:p><w:pPr><w:pStyle w:val="SourceCode"/></w:pPr><w:r><w:t>import lava</w:t></w:r><w:r><w:br/></w:r>'
            '<w:r><w:t>lava.flow(downhill=True)</w:t></w:r></w:p>')
    body = (p("Lava flows downhill.") + code + p("Then it cools.", "Quote") + p("$ make eruption", "Shell")
            + p("cc -o lava lava.c", "Term") + p("lava: 3 flows", "Out") + p("It stops.", "Normal"))
    lab = '<w:font w:name="Lab"><w:pitch w:val="fixed"/></w:font>'
    doc = load(docx(body, styles, lab), source="x.docx")
    assert doc.elements == ["Lava flows downhill.", "Then it cools.", "It stops."]
    assert doc.meta["left_out"] == {"code lines": 2 + 1 + 1 + 1}
    typescript = styles.replace('"Calibri"', '"Courier New"')  # the body's font monospaced: fonts mark no code
    doc = load(docx(body, typescript, lab), source="x.docx")
    assert doc.elements == ["Lava flows downhill.", "Then it cools.", "cc -o lava lava.c", "lava: 3 flows",
                            "It stops."]
    assert doc.meta["left_out"] == {"code lines": 2 + 1}


def run(text: str, style: str = "", font: str = "") -> str:
    props = (f'<w:rStyle w:val="{style}"/>' if style else "") + (f'<w:rFonts w:ascii="{font}"/>' if font else "")
    return f"<w:r><w:rPr>{props}</w:rPr><w:t xml:space='preserve'>{text}</w:t></w:r>"


def test_a_paragraph_all_in_code_runs_is_code_and_a_code_span_in_prose_is_not():
    """Runs in a character style named for code ('Verbatim Char', pandoc's) or based on one, or in a monospaced font
    (their own or their style's) when the body's is not, make a paragraph of code when they hold all its characters:
    a terminal transcript typed in a paragraph of body text (wpstyles.CodeRuns, as RTF reads pandoc's code)."""
    chars = ('<w:style w:type="character" w:styleId="VerbatimChar"><w:name w:val="Verbatim Char"/></w:style>'
             '<w:style w:type="character" w:styleId="KeywordTok"><w:name w:val="KeywordTok"/>'
             '<w:basedOn w:val="VerbatimChar"/></w:style>'
             '<w:style w:type="character" w:styleId="Emph"><w:name w:val="Emphasis"/></w:style>')
    styles = wstyle("Normal", "Normal", font="Calibri", default=True) + chars
    body = ("<w:p>" + run("$ tex sample2e", "VerbatimChar") + "<w:r><w:br/></w:r>" + run("  ")
            + run("This is TeX", "KeywordTok") + "</w:p>"
            + p("Run it and see.") + "<w:p>" + run("ls -l /usr", font="Courier New") + "</w:p>"
            + "<w:p>" + run("Type ") + run("make", "VerbatimChar") + run(" now.") + "</w:p>"
            + "<w:p>" + run("It stops.", "Emph") + "</w:p>")
    doc = load(docx(body, styles), source="x.docx")
    assert doc.elements == ["Run it and see.", "Type make now.", "It stops."]
    assert doc.meta["left_out"] == {"code lines": 2 + 1}
    typescript = styles.replace('"Calibri"', '"Courier New"')  # the body's font monospaced: only names mark code
    doc = load(docx(body, typescript), source="x.docx")
    assert doc.elements == ["Run it and see.", "ls -l /usr", "Type make now.", "It stops."]
    assert doc.meta["left_out"] == {"code lines": 2}


def test_a_word_document_is_told_by_its_content_and_other_archives_are_refused_with_a_message():
    data = docx(p("One sentence here. Another one there."))
    assert sniff_format(data, "") == "docx" and sniff_format(data, "notes.bin") == "docx"
    other = io.BytesIO()
    with zipfile.ZipFile(other, "w") as zf:
        zf.writestr("a.txt", "hello")
    with pytest.raises(InputError, match="not a Word document"):
        load(other.getvalue(), format="docx", source="x.docx")
    with pytest.raises(InputError, match=r"old\.doc: a damaged Office 97–2003 file"):
        load(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, source="old.doc")
    big = docx(p("word " * 300_000))  # 1.5 MB of XML in a few kB
    with pytest.raises(InputError, match="more than 1 MB .* inflated from an EPUB, a Word or OpenDocument file"):
        load(big, limits=Limits(markup_bytes=2**20))


def odt(body: str, styles: str = "", fonts: str = "") -> bytes:
    """A minimal OpenDocument text with `body` inside office:text, `styles` as its automatic styles and `fonts` as its
    font face declarations."""
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
          'xmlns:dc="http://purl.org/dc/elements/1.1/"')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        zf.writestr("content.xml", f'<?xml version="1.0"?><office:document-content {ns}><office:font-face-decls>{fonts}'
                                   f'</office:font-face-decls><office:automatic-styles>'
                                   f'{styles}</office:automatic-styles><office:body><office:text>{body}</office:text>'
                                   f'</office:body></office:document-content>')
        zf.writestr("meta.xml", f'<?xml version="1.0"?><office:document-meta {ns}><office:meta><dc:title>Rocks'
                                f'</dc:title></office:meta></office:document-meta>')
    return out.getvalue()


def test_an_opendocument_text_reads_its_paragraphs_and_leaves_out_what_is_not_prose():
    styles = '<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Title"/>'
    body = ('<text:tracked-changes><text:changed-region><text:deletion><text:p>Gone words.</text:p></text:deletion>'
            '</text:changed-region></text:tracked-changes>'
            '<text:p text:style-name="P1">Rocks</text:p><text:table-of-content><text:p>Granite 1</text:p>'
            '</text:table-of-content><text:h text:outline-level="1">Granite</text:h>'
            '<text:p>Granite is<text:s text:c="3"/>hard.<text:tab/>It<text:line-break/>cools slowly.'
            '<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>A note.</text:p>'
            '</text:note-body></text:note> <text:span>It is <text:a>old</text:a>.</text:span></text:p>'
            '<text:list><text:list-item><text:p>Quartz is in it.</text:p></text:list-item></text:list>'
            '<text:section><text:h text:outline-level="2">Uses</text:h><text:p>Kitchens use it.'
            '<draw:frame><draw:text-box><text:p>Caption words here</text:p></draw:text-box></draw:frame>'
            '<office:annotation><text:p>A comment.</text:p></office:annotation></text:p></text:section>'
            '<table:table><table:table-row><table:table-cell><text:p>Cell text</text:p></table:table-cell>'
            '</table:table-row></table:table><text:p>* * *</text:p>')
    data = odt(body, styles)
    assert sniff_format(data, "") == "odt"
    doc = load(data, source="rocks.odt")
    assert doc.meta["title"] == "Rocks"
    assert doc.elements == ["Rocks", "Granite", "Granite is hard.", "It cools slowly.", "It is old.",
                            "Quartz is in it.", "Uses", "Kitchens use it."]
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [("Granite", 1), ("Uses", 2)]
    assert doc.meta["left_out"] == {"contents": 1, "footnote texts": 1, "tables": 3 + 2, "annotations": 1,
                                    "numbers": 1}


def test_an_opendocument_texts_paragraphs_in_a_code_style_are_left_out_by_lines():
    """LibreOffice's 'Preformatted Text' (pandoc's code blocks, a paragraph a line), docutils' 'rststyle-codeblock'
    and a style in a font declared fixed-pitch are code; 'Standard', the body's, is not monospaced here. An empty
    code paragraph is a blank line of the block when code follows it, as in a Word paragraph with two breaks."""
    style = '<style:style style:name="{}" style:family="paragraph" style:parent-style-name="{}">{}</style:style>'
    font = '<style:text-properties style:font-name="{}"/>'
    styles = (style.format("Standard", "", font.format("Liberation Serif"))
              + style.format("Preformatted_20_Text", "Standard", "") + style.format("P2", "Preformatted_20_Text", "")
              + style.format("rststyle-codeblock", "Standard", "") + style.format("P3", "Standard", font.format("Lab"))
              + style.format("P4", "Standard", font.format("Noto Serif")))
    body = ('<text:p text:style-name="Standard">Lava flows downhill.</text:p>'
            '<text:p text:style-name="P2">import lava</text:p><text:p text:style-name="P2"></text:p>'
            '<text:p text:style-name="P2">lava.flow()<text:line-break/>lava.cool()</text:p>'
            '<text:p text:style-name="rststyle-codeblock">$ make eruption</text:p>'
            '<text:p text:style-name="P3">lava: 3 flows</text:p><text:p text:style-name="P2"/>'
            '<text:p text:style-name="P4">It stops.</text:p>')
    doc = load(odt(body, styles, '<style:font-face style:name="Lab" style:font-pitch="fixed"/>'), source="x.odt")
    assert doc.elements == ["Lava flows downhill.", "It stops."]
    assert doc.meta["left_out"] == {"code lines": 1 + 1 + 2 + 1 + 1}  # the blank line inside, not the one after


def test_an_opendocument_paragraph_all_in_spans_of_a_code_text_style_is_code():
    """Spans in a text style in a fixed-pitch font (pandoc's 'Source Text'), nested or not, holding all of a
    paragraph's characters make it code; a code span in a sentence does not (wpstyles.CodeRuns)."""
    styles = ('<style:style style:name="Standard" style:family="paragraph"><style:text-properties '
              'style:font-name="Liberation Serif"/></style:style>'
              '<style:style style:name="Source_Text" style:family="text"><style:text-properties '
              'style:font-name="Courier New"/></style:style>'
              '<style:style style:name="T1" style:family="text"><style:text-properties '
              'style:text-underline-style="solid"/></style:style>')
    code = '<text:span text:style-name="Source_Text">{}</text:span>'
    body = (f'<text:p>{code.format("$ tex sample2e")}<text:line-break/> '
            + code.format('This is <text:span text:style-name="T1">TeX</text:span>')
            + f'</text:p><text:p>Type {code.format("make")} now.</text:p>'
            '<text:p><text:span text:style-name="T1">It stops.</text:span></text:p>')
    fonts = '<style:font-face style:name="Courier New" style:font-pitch="fixed"/>'
    doc = load(odt(body, styles, fonts), source="x.odt")
    assert doc.elements == ["Type make now.", "It stops."]
    assert doc.meta["left_out"] == {"code lines": 2}


WORD_PARTS = ["<w:p>", "</w:p>", "<w:r><w:t>Some words here.</w:t></w:r>", "<w:r><w:tab/></w:r>", "<w:tbl>",
              "</w:tbl>", '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
              '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
              "<w:sdt><w:sdtContent>", "</w:sdtContent></w:sdt>", '<w:pPr><w:outlineLvl w:val="99999"/></w:pPr>',
              '<w:pPr><w:pStyle w:val="Loop"/></w:pPr>', '<w:pPr><w:outlineLvl w:val="²"/></w:pPr>',
              "<m:oMathPara>", "</m:oMathPara>", "<w:del>", "</w:del>"]
ODF_PARTS = ["<text:p>", "</text:p>", "Some words here.", "<text:h text:outline-level='99999'>", "</text:h>",
             "<text:h text:outline-level='²'>",
             '<text:s text:c="999999999"/>', "<text:note>", "</text:note>", "<text:list>", "</text:list>",
             "<table:table>", "</table:table>", "<text:section>", "</text:section>"]
LOOP = ('<w:style w:type="paragraph" w:styleId="Loop"><w:name w:val="Loop"/><w:basedOn w:val="Back"/></w:style>'
        '<w:style w:type="paragraph" w:styleId="Back"><w:name w:val="Back"/><w:basedOn w:val="Loop"/></w:style>')


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WORD_PARTS), max_size=25), st.lists(st.sampled_from(ODF_PARTS), max_size=25))
def test_any_markup_reads_or_is_refused_cleanly(word, odf):
    """Unbalanced markup, styles based on each other in a loop, absurd outline levels ('²' is a digit to Python but
    no number to int) and space counts: a Document or an InputError, never another exception."""
    for data in (docx("".join(word), LOOP), odt("".join(odf))):
        try:
            doc = load(data)
        except InputError:
            continue
        assert doc.n >= 2 and all(e.strip() for e in doc.elements)


SCREENPLAY = ["INT. KITCHEN - NIGHT", "Anna walks in. She looks tired.", "ANNA", "I told you so. You never listen.",
              "She leaves."]


def test_a_text_typed_all_or_mostly_in_courier_by_its_runs_is_prose_and_code_among_prose_is_code():
    """A screenplay or a typewriter manuscript: the body style's font is Calibri but every run is typed in 'Courier
    New'. The font most of the document is set in (most of its paragraphs and most of its characters) marks no code,
    whatever the body style says (wpstyles.Paragraphs); a code character style ('Verbatim Char') still does. Code
    among prose stays code when it has most of the characters only (one long block) or most of the paragraphs only
    (a line a paragraph)."""
    styles = wstyle("Normal", "Normal", font="Calibri", default=True) + (
        '<w:style w:type="character" w:styleId="VerbatimChar"><w:name w:val="Verbatim Char"/></w:style>')
    typed = "".join("<w:p>" + run(t, font="Courier New") + "</w:p>" for t in SCREENPLAY)
    doc = load(docx(typed, styles), source="s.docx")
    assert " ".join(doc.elements) == " ".join(SCREENPLAY) and "left_out" not in doc.meta
    doc = load(docx(p("Draft two") + typed + "<w:p>" + run("FADE OUT", "VerbatimChar") + "</w:p>", styles),
               source="s.docx")
    assert " ".join(doc.elements) == " ".join(["Draft two"] + SCREENPLAY) and doc.meta["left_out"] == {"code lines": 1}
    prose = [p("Lava flows downhill and cools into rock."), p("It stops at the sea.")]
    block = "<w:p>" + run("import lava; lava.flow(downhill=True, speed=3)", font="Courier New") + "<w:r><w:br/></w:r>" \
        + run("lava.cool(to='rock', at='sea', hours=12)", font="Courier New") + "</w:p>"
    lines = "".join("<w:p>" + run(t, font="Courier New") + "</w:p>" for t in ("cd vent", "ls", "make"))
    for body in (prose[0] + block + prose[1], prose[0] + lines + prose[1]):
        doc = load(docx(body, styles), source="x.docx")
        assert doc.elements == ["Lava flows downhill and cools into rock.", "It stops at the sea."]


def test_an_opendocument_text_typed_all_in_a_fixed_pitch_text_style_is_prose():
    styles = ('<style:style style:name="Standard" style:family="paragraph"><style:text-properties '
              'style:font-name="Liberation Serif"/></style:style>'
              '<style:style style:name="T1" style:family="text"><style:text-properties '
              'style:font-name="Courier New"/></style:style>')
    body = "".join(f'<text:p text:style-name="Standard"><text:span text:style-name="T1">{t}</text:span></text:p>'
                   for t in SCREENPLAY)
    fonts = '<style:font-face style:name="Courier New" style:font-pitch="fixed"/>'
    doc = load(odt(body, styles, fonts), source="s.odt")
    assert " ".join(doc.elements) == " ".join(SCREENPLAY) and "left_out" not in doc.meta


def test_a_text_set_in_a_courier_paragraph_style_is_prose_and_code_in_one_among_prose_is_code():
    """A screenplay whose paragraphs use 'Action' and 'Character' styles in Courier New over a Calibri 'Normal', or a
    letter all in Word's 'Plain Text' (Consolas): a paragraph style marks code by its font only when the document is
    not set in that font (wpstyles.Paragraphs), as runs do; a style named for code ('Source Code') stays code. Code
    in a monospaced style not named for code, among prose, stays code."""
    styles = (wstyle("Normal", "Normal", font="Calibri", default=True)
              + wstyle("Action", "Action", "Normal", font="Courier New") + wstyle("Character", "Character", "Action")
              + wstyle("PlainText", "Plain Text", "Normal", font="Consolas")
              + wstyle("SourceCode", "Source Code", "Action"))
    kinds = ["Action", "Action", "Character", "Action", "Action"]
    play = "".join(p(t, k) for t, k in zip(SCREENPLAY, kinds))
    doc = load(docx(play + p("FADE OUT.", "SourceCode"), styles), source="s.docx")
    assert " ".join(doc.elements) == " ".join(SCREENPLAY) and doc.meta["left_out"] == {"code lines": 1}
    letter = ["Dear Ms Lava,", "Thank you for the rocks. They came today.", "Yours, Anna"]
    doc = load(docx("".join(p(t, "PlainText") for t in letter), styles), source="l.docx")
    assert " ".join(doc.elements) == " ".join(letter) and "left_out" not in doc.meta
    sentences = ["Lava flows downhill and cools into rock.", "It stops at the sea, where it hisses."]
    prose = "".join(p(t) for t in sentences)
    doc = load(docx(prose + p("cd vent", "PlainText") + p("make eruption", "PlainText") + prose, styles),
               source="x.docx")
    assert " ".join(doc.elements) == " ".join(sentences * 2)
    assert doc.meta["left_out"] == {"code lines": 2}


def test_an_opendocument_text_set_in_a_fixed_pitch_paragraph_style_is_prose():
    style = '<style:style style:name="{}" style:family="paragraph" style:parent-style-name="{}">{}</style:style>'
    font = '<style:text-properties style:font-name="{}"/>'
    styles = (style.format("Standard", "", font.format("Liberation Serif"))
              + style.format("Action", "Standard", font.format("Courier Prime")) + style.format("P1", "Action", ""))
    fonts = '<style:font-face style:name="Courier Prime" style:font-pitch="fixed"/>'
    body = "".join(f'<text:p text:style-name="P1">{t}</text:p>' for t in SCREENPLAY)
    doc = load(odt(body, styles, fonts), source="s.odt")
    assert " ".join(doc.elements) == " ".join(SCREENPLAY) and "left_out" not in doc.meta
    prose = '<text:p text:style-name="Standard">Lava flows downhill and cools into rock.</text:p>' * 3
    doc = load(odt(prose + '<text:p text:style-name="P1">make eruption</text:p>', styles, fonts), source="x.odt")
    assert doc.elements == ["Lava flows downhill and cools into rock."] * 3 and doc.meta["left_out"] == {
        "code lines": 1}


def test_a_text_typed_in_two_courier_fonts_neither_most_of_it_is_prose():
    """A screenplay made by two tools: its paragraphs alternate 'Courier New' and 'Courier' runs, neither font most
    of the paragraphs. Fixed-pitch type is the document's own when its paragraphs all in some fixed-pitch font are
    most of the document's and hold most of its characters, all such fonts counted together (wpstyles.Paragraphs);
    code among prose in two fixed-pitch fonts stays code."""
    styles = wstyle("Normal", "Normal", font="Calibri", default=True)
    fonts = ["Courier New", "Courier"] * 3
    typed = "".join("<w:p>" + run(t, font=f) + "</w:p>" for t, f in zip(SCREENPLAY + ["THE END"], fonts))
    doc = load(docx(p("Draft two") + typed, styles), source="s.docx")
    assert " ".join(doc.elements) == " ".join(["Draft two"] + SCREENPLAY + ["THE END"])
    assert "left_out" not in doc.meta
    prose = "".join(p(t) for t in ("Lava flows downhill and cools into rock.", "It stops at the sea.") * 2)
    code = "".join("<w:p>" + run(t, font=f) + "</w:p>" for t, f in zip(("cd vent", "ls", "make"), fonts))
    doc = load(docx(prose + code, styles), source="x.docx")
    assert doc.meta["left_out"] == {"code lines": 3}


def test_words_left_out_in_a_table_are_counted_as_read_a_word_split_across_runs_once():
    """A table's words are counted as its text reads: a word typed in three runs ('address', '/', 'ttl': pandoc
    sets each piece in its own run) is one word; paragraphs, cells, tabs and line breaks part words (as RTF counts
    them, where a run is no text node)."""
    cell = "<w:tc><w:p>{}</w:p></w:tc>"
    row = ("<w:tbl><w:tr>" + cell.format(run("address") + run("/", font="Courier New") + run("ttl"))
           + cell.format(run("lava") + "<w:r><w:tab/></w:r>" + run("rock") + "<w:r><w:br/></w:r>" + run("sea"))
           + "<w:tc>" + p("cools") + p("slowly") + "</w:tc></w:tr></w:tbl>")
    doc = load(docx(p("Lava flows downhill.") + row + p("It stops at the sea.")), source="t.docx")
    assert doc.meta["left_out"] == {"tables": 1 + 3 + 2}
    odt_row = ('<table:table><table:table-row><table:table-cell><text:p>add<text:span>ress</text:span>'
               '<text:s/>lava<text:tab/>rock<text:line-break/>sea</text:p><text:p>cools</text:p></table:table-cell>'
               '</table:table-row></table:table>')
    doc = load(odt("<text:p>Lava flows downhill.</text:p>" + odt_row + "<text:p>It stops at the sea.</text:p>"),
               source="t.odt")
    assert doc.meta["left_out"] == {"tables": 5}
