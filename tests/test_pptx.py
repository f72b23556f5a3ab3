"""Presentations (segcore.slides; PowerPoint by segcore.pptx, OpenDocument by segcore.odp): slides in the
presentation's order, titles as headings (sections, section-header slides, slides), what is not the slides' prose
left out and counted, damaged archives refused."""
import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.errors import InputError
from segcore.formats import sniff_format
from segcore.limits import Limits
from segcore.loaders import left_out_notes, load
from segcore.odp import read_odp
from segcore.pptx import read_pptx

DATA = Path(__file__).parent / "data"
NS = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
      'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"')
P14 = 'xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main"'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


def shape(*paragraphs: str, ph: str | None = "body") -> str:
    """A shape (a placeholder of type `ph`, none when None) holding one paragraph per text ('|' a line break)."""
    kind = "" if ph is None else f'<p:ph type="{ph}"/>'
    body = "".join("<a:p>" + "<a:br/>".join(f"<a:r><a:t>{part}</a:t></a:r>" for part in t.split("|")) + "</a:p>"
                   for t in paragraphs)
    return f"<p:sp><p:nvSpPr><p:cNvPr id='2' name='s'/><p:cNvSpPr/><p:nvPr>{kind}</p:nvPr></p:nvSpPr>" \
           f"<p:txBody><a:bodyPr/>{body}</p:txBody></p:sp>"


def pptx(slides: list[tuple[str, str]], sections: list[tuple[str, int]] = (), hidden=(), notes=()) -> bytes:
    """A presentation of (layout type, shapes' XML) slides; `sections` (name, index of its first slide) as
    PowerPoint 2010 writes them; `hidden` and `notes`: indices of hidden slides and of slides with notes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                                           'content-types"/>')
        ids = "".join(f'<p:sldId id="{256 + i}" r:id="rId{i + 1}"/>' for i in range(len(slides)))
        ends = [first for _, first in sections[1:]] + [len(slides)]
        ext = "".join(f'<p14:section name="{name}" id="{{{i}}}"><p14:sldIdLst>'
                      + "".join(f'<p14:sldId id="{256 + j}"/>' for j in range(first, end))
                      + "</p14:sldIdLst></p14:section>" for i, ((name, first), end) in enumerate(zip(sections, ends)))
        ext = f'<p:extLst><p:ext uri="x"><p14:sectionLst {P14}>{ext}</p14:sectionLst></p:ext></p:extLst>'
        zf.writestr("ppt/presentation.xml", f"<p:presentation {NS}><p:sldIdLst>{ids}</p:sldIdLst>{ext}"
                                            f"</p:presentation>")
        rels = "".join(f'<Relationship Id="rId{i + 1}" Type="{REL}slide" Target="slides/slide{i + 1}.xml"/>'
                       for i in range(len(slides)))
        zf.writestr("ppt/_rels/presentation.xml.rels", f'<Relationships xmlns="http://schemas.openxmlformats.org/'
                                                       f'package/2006/relationships">{rels}</Relationships>')
        layouts = sorted({layout for layout, _ in slides})
        for i, layout in enumerate(layouts):
            zf.writestr(f"ppt/slideLayouts/slideLayout{i + 1}.xml", f'<p:sldLayout {NS} type="{layout}"/>')
        for i, (layout, shapes) in enumerate(slides):
            show = ' show="0"' if i in hidden else ""
            zf.writestr(f"ppt/slides/slide{i + 1}.xml", f"<p:sld {NS}{show}><p:cSld><p:spTree>{shapes}</p:spTree>"
                                                        f"</p:cSld></p:sld>")
            note = f'<Relationship Id="rId2" Type="{REL}notesSlide" Target="../notesSlides/n{i}.xml"/>'
            if i in notes:  # a notes slide: the slide's image, the notes, the slide number
                tree = shape(ph="sldImg") + shape(f"Say {i} aloud.|Then pause.") + shape("7", ph="sldNum")
                zf.writestr(f"ppt/notesSlides/n{i}.xml", f"<p:notes {NS}><p:cSld><p:spTree>{tree}</p:spTree></p:cSld>"
                                                        f"</p:notes>")
            zf.writestr(f"ppt/slides/_rels/slide{i + 1}.xml.rels",
                        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                        f'<Relationship Id="rId1" Type="{REL}slideLayout" Target="../slideLayouts/slideLayout'
                        f'{layouts.index(layout) + 1}.xml"/>{note if i in notes else ""}</Relationships>')
    return out.getvalue()


@pytest.mark.parametrize("name", ["pandoc_slides.pptx", "libreoffice_slides.pptx", "libreoffice_slides.odp"])
def test_slides_written_from_markdown_read_as_their_source(name):
    """tests/data/pandoc_slides.pptx was written by pandoc 2.17 from pandoc_slides.md beside it: a title slide,
    section-header slides for the level-1 headings, a slide continued under '(cont.)', a table, speaker notes.
    LibreOffice 7.4's .odp of it, and its .pptx of that, have no centred title and no section-header layout: the
    title slide is a title with a subtitle, the section headers slides with a title alone."""
    doc = load(DATA / name)
    assert doc.meta["format"] == name.rsplit(".", 1)[1] and doc.meta["title"] == "Volcanoes and Bread"
    assert doc.elements == ["Volcanoes and Bread", "Volcanoes", "How volcanoes form",
                            "Magma rises through cracks in the crust.", "It collects in a chamber below the mountain.",
                            "Pressure builds until the rock gives way.", "Eruptions", "An eruption can last for years.",
                            "The lava cools into rock.", "Bread", "Dough", "Bread needs flour and water.",
                            "Yeast makes the dough rise.", "Baking", "Ovens bake it at high heat.",
                            "The crust turns brown."]
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [
        ("Volcanoes", 1), ("How volcanoes form", 2), ("Eruptions", 2), ("Bread", 1), ("Dough", 2), ("Baking", 2)]
    assert left_out_notes(doc) == ["left out of the presentation: authors, affiliations and dates (1), slides' speaker "
                                   "notes (1), slide titles repeated from the slide before (1), tables and figures "
                                   "(5 words)"]
    spoken = load(DATA / name, speaker_notes=True)
    assert spoken.elements == doc.elements[:5] + ["Remind the class of last week’s plate tectonics."] + doc.elements[5:]
    assert "speaker notes" not in spoken.meta["left_out"] and spoken.meta["speaker_notes"]
    assert left_out_notes(spoken)[-1] == "read: each slide's speaker notes, after its text"


def test_sections_hidden_slides_furniture_and_reading_order():
    table = ('<p:graphicFrame><a:graphic><a:graphicData><a:tbl><a:tr><a:tc><a:txBody><a:p><a:r><a:t>Cell words'
             '</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>')
    group = f"<p:grpSp>{shape('Grouped text.', ph=None)}</p:grpSp>"
    slides = [("title", shape("Rocks", ph="ctrTitle") + shape("A. Teacher", ph="subTitle")),
              ("obj", shape("Lava flows downhill.|It is hot.") + shape("Lava", ph="title")
               + shape("Geology 101", ph="ftr") + shape("2", ph="sldNum")),
              ("obj", shape("Lava (continued)", ph="title") + shape("Pahoehoe is smooth.")),
              ("obj", shape("Secret", ph="title") + shape("Never shown words.")),
              ("obj", shape("Ash", ph="title") + table + group
               + f"<mc:AlternateContent xmlns:mc='m'><mc:Choice>{shape('Once.', ph=None)}</mc:Choice>"
                 f"<mc:Fallback>{shape('Once.', ph=None)}</mc:Fallback></mc:AlternateContent>")]
    doc = load(pptx(slides, sections=[("Fire", 1), ("Air", 3)], hidden={3}, notes={1, 2}), source="talk.pptx")
    assert doc.elements == ["Rocks", "Fire", "Lava", "Lava flows downhill.", "It is hot.", "Pahoehoe is smooth.",
                            "Air", "Ash", "Grouped text.", "Once."]
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [("Fire", 1), ("Lava", 2), ("Air", 1),
                                                                         ("Ash", 2)]
    assert doc.meta["title"] == "Rocks"
    assert doc.meta["left_out"] == {"front": 1, "furniture": 2, "speaker notes": 2, "repeated titles": 1,
                                    "hidden": 4, "tables": 2}
    # each notes slide's body placeholder after its slide's text, in the slide's place
    spoken = load(pptx(slides, sections=[("Fire", 1), ("Air", 3)], hidden={3}, notes={1, 2}), source="talk.pptx",
                  speaker_notes=True)
    assert spoken.elements == ["Rocks", "Fire", "Lava", "Lava flows downhill.", "It is hot.", "Say 1 aloud.",
                               "Then pause.", "Pahoehoe is smooth.", "Say 2 aloud.", "Then pause.", "Air", "Ash",
                               "Grouped text.", "Once."]
    assert "speaker notes" not in spoken.meta["left_out"]
    assert load(pptx(slides), speaker_notes=True).elements == load(pptx(slides)).elements


ODF = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
       'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
       'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
       'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
       'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
       'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"')


def frame(*paragraphs: str, cls: str = "outline") -> str:
    body = "".join(f"<text:p>{t}</text:p>" for t in paragraphs)
    return f'<draw:frame presentation:class="{cls}"><draw:text-box>{body}</draw:text-box></draw:frame>'


def odp(pages: list[str]) -> bytes:
    """An OpenDocument presentation of pages (their shapes' XML); style dp9 hides a page."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.presentation")
        hidden = ('<style:style style:name="dp9" style:family="drawing-page"><style:drawing-page-properties '
                  'presentation:visibility="hidden"/></style:style>')
        body = "".join(f'<draw:page draw:style-name="{"dp9" if "SECRET" in p else "dp1"}">{p}</draw:page>'
                       for p in pages)
        zf.writestr("content.xml", f"<office:document-content {ODF}><office:automatic-styles>{hidden}"
                                   f"</office:automatic-styles><office:body><office:presentation>{body}"
                                   f"</office:presentation></office:body></office:document-content>")
    return out.getvalue()


def test_an_opendocument_presentation_reads_its_pages_and_leaves_out_what_is_not_prose():
    table = ('<draw:frame><table:table><table:table-row><table:table-cell><text:p>Cell words</text:p>'
             '</table:table-cell></table:table-row></table:table></draw:frame>')
    notes = f'<presentation:notes>{frame("Say this aloud.", cls="notes")}</presentation:notes>'
    pages = [frame("Rocks", cls="title") + frame("A. Teacher", cls="subtitle"),
             frame("Lava", cls="title") + f'<draw:g>{frame("Lava flows downhill.")}</draw:g>'
             + frame("Geology 101", cls="footer") + notes,
             frame("SECRET", cls="title") + frame("Never shown."),
             frame("Ash", cls="title") + table + frame("Ash falls far. <text:span>It is grey.</text:span>")]
    doc = load(odp(pages), source="talk.odp")
    assert doc.meta["format"] == "odp" and doc.meta["title"] == "Rocks"
    assert doc.elements == ["Rocks", "Lava", "Lava flows downhill.", "Ash", "Ash falls far.", "It is grey."]
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [("Lava", 1), ("Ash", 1)]
    assert doc.meta["left_out"] == {"front": 1, "furniture": 1, "speaker notes": 1, "hidden": 3, "tables": 2}
    spoken = load(odp(pages), source="talk.odp", speaker_notes=True)
    assert spoken.elements == doc.elements[:3] + ["Say this aloud."] + doc.elements[3:]
    assert "speaker notes" not in spoken.meta["left_out"]
    assert sniff_format(odp(pages), "") == "odp" and sniff_format(b"", "talk.otp") == "odp"
    with pytest.raises(InputError, match="not an OpenDocument presentation"):
        read_odp(zipfile_with({"mimetype": "x"}), "x.odp")


def test_a_presentation_is_told_by_its_content_and_bad_ones_are_refused_with_a_message():
    data = pptx([("obj", shape("Title", ph="title") + shape("One sentence here."))])
    assert sniff_format(data, "") == "pptx" and sniff_format(data, "talk.bin") == "pptx"
    assert sniff_format(b"", "talk.ppsx") == "pptx"
    with pytest.raises(InputError, match="not a PowerPoint presentation"):
        load(zipfile_with({"a.txt": "hello"}), format="pptx", source="x.pptx")
    with pytest.raises(InputError, match="x.pptx: not a readable PowerPoint presentation"):
        load(b"not a zip at all", format="pptx", source="x.pptx")
    big = pptx([("obj", shape("word " * 300_000))])
    with pytest.raises(InputError, match="more than 1 MB"):
        load(big, limits=Limits(markup_bytes=2**20))
    small = zipfile.ZipFile(io.BytesIO(pptx([("obj", shape("Tiny."))] * 300)))
    padded = {i.filename: small.read(i).decode() + ("<!--" + "x" * 4000 + "-->" if "_rels/slide" in i.filename else "")
              for i in small.infolist()}  # small slides, their relationship parts 1.2 MB together
    with pytest.raises(InputError, match="more than 1 MB"):
        load(zipfile_with(padded), limits=Limits(markup_bytes=2**20))
    bad = zipfile_with({"[Content_Types].xml": "<Types/>", "ppt/presentation.xml": "<p:presentation"})
    with pytest.raises(InputError, match="not readable XML"):
        load(bad, source="x.pptx")


def zipfile_with(members: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, text in members.items():
            zf.writestr(name, text)
    return out.getvalue()


FIXTURES = {name: (DATA / name).read_bytes() for name in ("pandoc_slides.pptx", "libreoffice_slides.odp")}


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_damage_reads_or_is_refused_cleanly(data):
    """Any member of a fixture replaced by damaged XML (its notes' too): the presentation reads or gives an
    InputError, its speaker notes asked for or not."""
    fixture = data.draw(st.sampled_from(sorted(FIXTURES)))
    archive = zipfile.ZipFile(io.BytesIO(FIXTURES[fixture]))
    members = {i.filename: archive.read(i) for i in archive.infolist()}
    name = data.draw(st.sampled_from(sorted(n for n in members if n.endswith((".xml", ".rels")))))
    text = members[name]
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.binary(max_size=40))
    members[name] = text[:cut] + junk + text[cut + data.draw(st.integers(0, 60)):]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for n, b in members.items():
            zf.writestr(n, b)
    try:
        (read_odp if fixture.endswith(".odp") else read_pptx)(out.getvalue(), fixture,
                                                              speaker_notes=data.draw(st.booleans()))
    except InputError:
        pass
