"""PowerPoint 97–2003 presentations (segcore.ppt): LibreOffice's .ppt of the slides fixture reads as its .pptx does
(slides in order, titles as headings, the table counted, speaker notes when asked), a hidden slide is left out, the
format is told by name or content, and any damage gives a presentation or an InputError."""
from __future__ import annotations

import gzip
import tempfile
from pathlib import Path

import olefile

import pytest
from hypothesis import given, settings, strategies as st

from segcore.errors import InputError
from segcore.formats import sniff_format
from segcore.loaders import left_out_notes, load
from segcore.ppt import STREAM, read_ppt

DATA = Path(__file__).parent / "data"
PPT = gzip.decompress((DATA / "libreoffice_slides.ppt.gz").read_bytes())
HIDDEN = gzip.decompress((DATA / "libreoffice_slides_hidden.ppt.gz").read_bytes())


def test_a_ppt_reads_as_the_same_slides_pptx():
    doc, twin = load(PPT, source="talk.ppt"), load(DATA / "libreoffice_slides.pptx")
    assert doc.meta["format"] == "ppt" and doc.meta["title"] == "Volcanoes and Bread"
    assert doc.elements == twin.elements
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [
        (h.title, h.level) for h in twin.meta["outline"].headings]
    assert left_out_notes(doc) == left_out_notes(twin)
    spoken = load(PPT, source="talk.ppt", speaker_notes=True)
    assert spoken.elements == load(DATA / "libreoffice_slides.pptx", speaker_notes=True).elements
    assert "Remind the class of last week’s plate tectonics." in spoken.elements


def test_a_hidden_slide_is_left_out_and_counted():
    doc = load(HIDDEN, source="talk.ppt")
    assert "Dough" not in doc.elements and "Bread needs flour and water." not in doc.elements
    assert doc.meta["left_out"]["hidden"] == 11 and doc.elements[-3:] == ["Baking", "Ovens bake it at high heat.",
                                                                          "The crust turns brown."]


def test_the_format_is_told_by_name_or_content():
    assert sniff_format(PPT, "talk.ppt") == sniff_format(PPT, "talk.doc") == sniff_format(PPT, "") == "ppt"
    assert sniff_format((DATA / "libreoffice_volcanoes.doc").read_bytes(), "x.doc") == "doc"
    with pytest.raises(InputError, match="not a PowerPoint 97–2003 presentation"):
        read_ppt((DATA / "libreoffice_volcanoes.doc").read_bytes(), "x.doc")
    with pytest.raises(InputError, match="not a Word document: read it as format 'ppt'"):
        load(PPT, format="doc", source="talk.doc")


def _with_stream(name: str, content: bytes) -> bytes:
    """The hidden-slide fixture with one stream's bytes replaced (same length), written in place by olefile."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "talk.ppt"
        path.write_bytes(HIDDEN)
        with olefile.OleFileIO(str(path), write_mode=True) as ole:
            ole.write_stream(name, content)
        return path.read_bytes()


STREAMS = {name: olefile.OleFileIO(HIDDEN).openstream(name).read() for name in (STREAM, "Current User")}


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_damage_reads_or_is_refused_cleanly(data):
    """Bytes of the PowerPoint Document or Current User stream overwritten (the container kept whole, so the records
    are what is damaged), or the file cut short: a presentation or an InputError, never another exception."""
    name = data.draw(st.sampled_from(sorted(STREAMS)))
    content = bytearray(STREAMS[name])
    at = data.draw(st.integers(0, len(content) - 1))
    junk = data.draw(st.binary(min_size=1, max_size=64))
    content[at:at + len(junk)] = junk
    raw = _with_stream(name, bytes(content[:len(STREAMS[name])]))
    if data.draw(st.booleans()):
        raw = raw[:data.draw(st.integers(0, len(raw)))]
    try:
        blocks, _, _ = read_ppt(raw, "damaged.ppt", speaker_notes=data.draw(st.booleans()))
    except InputError:
        return
    assert all(isinstance(b.text, str) and b.text for b in blocks)
