"""A wiki article as a browser copies it (segcore.webcopy, read by segcore.plaintext): headings without their
'[edit]' links, the table of contents, the page's own lines and the citation marks left out and counted, the
reference list left out as back matter; '[edit]' or '[1]' in other texts untouched."""
from __future__ import annotations

import re
from pathlib import Path

from segcore.loaders import left_out_notes, load_text
from segcore.plaintext import text_blocks

EXAMPLE = (Path(__file__).parent / "data" / "wikipedia_copy.txt").read_text(encoding="utf-8")
PARA = "Rye was grown in the north long before wheat.[1] Its bread kept for weeks.[2][3]"


def titles(doc):
    return [(h.title, h.level) for h in doc.meta["outline"].headings]


def test_edit_links_come_off_headings_and_the_sections_are_found():
    doc = load_text(EXAMPLE)
    assert titles(doc) == [("History", 1), ("Chemistry", 1)]
    assert not any("[edit]" in e for e in doc.elements)
    history = doc.elements.index("History")
    assert doc.meta["outline"].starts() == [history, doc.elements.index("Chemistry")]


def test_contents_references_and_citation_marks_are_left_out_and_counted():
    doc = load_text(EXAMPLE)
    assert doc.meta["left_out"]["contents"] == 5  # 'Contents' and its four entries
    assert doc.meta["left_out"]["citations"] == 8
    assert not any(re.search(r"\[\d+\]|^\d\s", e) for e in doc.elements)
    assert "Lactic acid from fermentation imparts a sour taste and improves keeping qualities." in doc.elements
    assert doc.meta["back_matter"]["heading"] == "See also" and not doc.meta["back_matter"]["kept"]
    assert not any("Gänzle" in e or "Rye bread" in e for e in doc.elements)
    assert "citation marks (8)" in left_out_notes(doc)[0]


def test_the_contents_numbers_give_the_headings_levels_and_other_wikis_edit_links_come_off():
    text = ("Inhaltsverzeichnis\n1\tGeschichte\n1.1\tMittelalter\n2\tHerstellung\n\n"
            "Geschichte[Bearbeiten | Quelltext bearbeiten]\nSauerteig ist eines der ältesten Triebmittel.[1]\n"
            "Mittelalter[Bearbeiten | Quelltext bearbeiten]\nBäcker hoben ein Stück Teig auf.[2]\n"
            "Herstellung[Bearbeiten | Quelltext bearbeiten]\nMan mischt Mehl und Wasser.[3]\n")
    blocks, left_out = text_blocks(text)
    assert [(b.text, b.level) for b in blocks if b.level] == [("Geschichte", 1), ("Mittelalter", 2),
                                                              ("Herstellung", 1)]
    assert left_out == {"contents": 4, "citations": 3}


def test_letter_notes_and_cleanup_marks_come_out_of_the_sentences():
    text = (f"Origins[edit]\nSourdough is old.[a] It came from Egypt.[citation needed] Bakers kept starters,"
            f"[note 3] as others did.[according to whom?][12]\n\nUse[edit source]\nIt leavens bread.[clarification "
            f"needed] Ask the baker [sic] or see the list [1].\n")
    blocks, left_out = text_blocks(text)
    assert [b.text for b in blocks] == ["Origins", "Sourdough is old. It came from Egypt. Bakers kept starters, as "
                                        "others did.", "Use", "It leavens bread. Ask the baker [sic] or see the "
                                        "list [1]."]
    assert left_out == {"citations": 6}


def test_the_pages_own_lines_are_left_out_and_counted_and_the_title_read():
    text = ("Sourdough\nFrom Wikipedia, the free encyclopedia\nJump to navigation\nJump to search\n"
            f"{PARA}\nHistory[edit]\n{PARA}\nUses[edit]\n{PARA}\n"
            'Retrieved from "https://en.wikipedia.org/w/index.php?title=Sourdough&oldid=1"\n'
            "Categories: Breads | Sourdough\n")
    doc = load_text(text)
    assert doc.meta["outline"].title == "Sourdough"
    assert titles(doc) == [("History", 1), ("Uses", 1)]
    assert doc.meta["left_out"] == {"navigation": 18, "citations": 9}
    assert not any("Wikipedia" in e or "Jump" in e or "Categories" in e for e in doc.elements)


def test_paragraphs_copied_without_headings_lose_their_marks():
    text = f"{PARA}\n\nRye needs little care.[4] It grows in poor soil.[5]\n"
    blocks, left_out = text_blocks(text)
    assert left_out == {"citations": 5}
    assert "[" not in " ".join(b.text for b in blocks)


def test_one_edit_line_or_a_numbered_reference_list_leaves_the_text_as_it_is():
    one = f"Notes[edit]\n{PARA}\n\nThe page's editor shows an edit link.\n"
    blocks, left_out = text_blocks(one)
    assert blocks[0].text.startswith("Notes[edit]") and "[2][3]" in blocks[0].text and not left_out
    listed = (f"{PARA}\n\nRye needs little care.[4] It grows in poor soil.[5]\n\nReferences\n\n"
              "[1] A. Author. Rye. Journal of Grain, 1999.\n[2] B. Author. Bread. Baker Press, 2001.\n")
    blocks, left_out = text_blocks(listed)
    assert "[4]" in blocks[1].text and blocks[-1].text.startswith("[2] B. Author") and not left_out
    linked = "See the [docs][1] and the [guide][2], or [faq][3].\n\n[1]: https://a.org\n[2]: https://b.org\n"
    assert "citations" not in text_blocks(linked)[1]
