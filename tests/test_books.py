"""Book-length plain texts (segcore.plaintext): Project Gutenberg's wrapper left out, chapters, parts and acts as
the structure, a table of contents left out, notes in brackets and ornaments out, speech never a heading."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from segcore.books import book_divisions
from segcore.loaders import left_out_notes, load_text
from segcore.plaintext import text_blocks

PARA = ("The rain fell on the town all night, and nobody in the house slept well.\nIn the morning the river was "
        "high and the mill had stopped.")
HEADER = """The Project Gutenberg EBook of The Long Road, by A. Writer

This eBook is for the use of anyone anywhere at no cost and with
almost no restrictions whatsoever.

Title: The Long Road

*** START OF THIS PROJECT GUTENBERG EBOOK THE LONG ROAD ***




Produced by Some Volunteers and the Online Distributed
Proofreading Team



"""
FOOTER = """

End of the Project Gutenberg EBook of The Long Road, by A. Writer

*** END OF THIS PROJECT GUTENBERG EBOOK THE LONG ROAD ***

Updated editions will replace the previous one.
"""


def book(*parts: str) -> str:
    return "\n\n".join(parts)


def headings(text):
    return [(b.level, b.text) for b in text_blocks(text)[0] if b.level]


def test_gutenberg_wrapper_contents_and_chapters():
    text = HEADER + book("THE LONG ROAD", "By A. Writer", "CONTENTS",
                         "CHAPTER I. The Storm ........ 1\nCHAPTER II. The Flood ....... 9\n"
                         "CHAPTER III. The Calm ...... 17",
                         "CHAPTER I.\nTHE STORM", PARA, PARA, "CHAPTER II", "The Flood", PARA, PARA,
                         "CHAPTER III", PARA, "[Illustration: The mill\nby the river]", PARA, "* * * * *",
                         PARA) + FOOTER
    blocks, left_out = text_blocks(text)
    assert left_out == {"wrapper": 10, "contents": 4, "notes": 2, "rules": 1}
    assert [(b.level, b.text) for b in blocks if b.level] == [
        (1, "THE LONG ROAD"), (3, "CHAPTER I. THE STORM"), (3, "CHAPTER II. The Flood"), (3, "CHAPTER III")]
    body = " ".join(b.text for b in blocks)
    assert "Gutenberg" not in body and "Produced by" not in body and "Illustration" not in body
    assert "......" not in body and "* *" not in body and "By A. Writer" in body  # the title page stays text
    doc = load_text(text)
    outline = doc.meta["outline"]
    assert outline.title == "THE LONG ROAD" and len(outline.starts()) == 2  # title page, byline: no section
    assert doc.meta["left_out"] == left_out
    note = left_out_notes(doc)[0]
    assert note.startswith("left out of the text: ") and "the Project Gutenberg header and licence (10 lines)" in note
    assert "contents and indexes (4 lines)" in note and "notes in brackets (2 lines)" in note


def test_parts_with_chapters_numbered_again():
    text = book("BOOK I", "CHAPTER I", PARA, PARA, "CHAPTER II", PARA, PARA,
                "BOOK II", "CHAPTER I", PARA, PARA, "CHAPTER II", PARA, PARA)
    assert headings(text) == [(2, "BOOK I"), (3, "CHAPTER I"), (3, "CHAPTER II"), (2, "BOOK II"), (3, "CHAPTER I"),
                              (3, "CHAPTER II")]
    outline = load_text(text).meta["outline"]
    assert len(outline.starts(1)) == 1 and len(outline.starts(2)) == 3  # books, then chapters: a book's heading
    # opens its first chapter, never a segment of its own


@pytest.mark.parametrize("names", [("Chapter One", "Chapter Two: Rain", "CHAPTER THE THIRD", "Chapter Twenty-One"),
                                   ("I", "II.", "III", "IV"), ("Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4"),
                                   ("LETTER I", "LETTER II", "LETTER III", "LETTER IV")])
def test_ways_of_numbering_chapters(names):
    text = book(*[x for name in names for x in (name, PARA, PARA)])
    assert [t for _, t in headings(text)] == list(names)


@pytest.mark.parametrize("names", [("Kapitel 1", "Chapitre II", "CAPÍTULO III", "Capitolo 4"),
                                   ("Hoofdstuk 1", "KAPITTEL 2", "Luku 3", "BÖLÜM 4"),
                                   ("Глава 1", "ГЛАВА II", "Глава 3", "Глава 4")])
def test_chapters_in_the_languages_segcore_reads(names):
    """A book's chapters as its language names them ('BÖLÜM' in capitals too: 'bölüm' lower-cased), at a chapter's
    level; a part ('KISIM II', which lower() does not make 'kısım') holds them."""
    text = book(*[x for name in names for x in (name, PARA, PARA)])
    assert headings(text) == [(3, name) for name in names]
    assert headings(book("KISIM II", text))[0] == (2, "KISIM II")


@pytest.mark.parametrize("names", [("Lecture 1", "Lecture 2: Estimation", "LECTURE 3", "Lecture 4"),
                                   ("Lesson 1", "Lektion 2", "Leçon 3", "Лекция 4"),
                                   ("1. előadás", "2. előadás", "3. előadás", "4. előadás")])
def test_a_course_s_lectures_are_its_chapters(names):
    """Lecture notes divided by lectures or lessons (in the languages segcore reads) are a book whose lectures stand
    at a chapter's level, each with its title set apart below it joined; a part holds them."""
    text = book(*[x for name in names for x in (name, "Sampling and Estimation", PARA, PARA)])
    assert headings(text) == [(3, f"{name}. Sampling and Estimation") for name in names]
    assert headings(book("PART II", text))[0] == (2, "PART II")


def test_sections_of_an_essay_and_sections_under_chapters():
    """'SECTION I.' over its title, as Project Gutenberg sets Hume's essays, divides a book as its chapters would;
    under a chapter a section is a level below it ('Abschnitt', 'Sección' in other languages)."""
    essay = book(*[x for n in ("I", "II", "III", "IV") for x in (f"SECTION {n}.", "Of the Origin of Ideas", PARA)])
    assert headings(essay) == [(4, f"SECTION {n}. Of the Origin of Ideas") for n in ("I", "II", "III", "IV")]
    doc = load_text(essay)
    assert [h.level for h in doc.meta["outline"].headings] == [1] * 4
    text = book("CHAPTER I", "Abschnitt 1", PARA, PARA, "Sección 2", PARA, PARA, "CHAPTER II", PARA, PARA,
                "CHAPTER III", PARA, PARA)
    assert headings(text) == [(3, "CHAPTER I"), (4, "Abschnitt 1"), (4, "Sección 2"), (3, "CHAPTER II"),
                              (3, "CHAPTER III")]


def test_a_play_acts_and_scenes():
    text = book("ACT I", "SCENE I. Elsinore. A platform before the castle.", "Who's there? Nay, answer me.", PARA,
                "SCENE II", PARA, PARA, "ACT II", "SCENE I", PARA, PARA)
    assert headings(text) == [(2, "ACT I"), (4, "SCENE I. Elsinore. A platform before the castle."),
                              (4, "SCENE II"), (2, "ACT II"), (4, "SCENE I")]


def test_a_chapter_line_over_its_first_paragraph():
    text = book("Chapter 1\n" + PARA, PARA, "Chapter 2\n" + PARA, PARA, "Chapter 3\nIt was cold.", PARA)
    blocks = text_blocks(text)[0]
    assert [b.text for b in blocks if b.level] == ["Chapter 1", "Chapter 2", "Chapter 3"]
    assert "It was cold." in [b.text for b in blocks]  # a short first sentence is not a chapter title


def test_speech_and_prefaces_are_not_a_book():
    speech = ['It\'s Robert Elwell." "Robert Elwell?"', "Where Was Moran?", "PICKERING. How So", "Therefore—"]
    assert headings(book("A Day", *[x for line in speech for x in (PARA, line)], PARA, "Mr. Bennet Said Nothing",
                         PARA)) == [(1, "A Day"), (1, "Mr. Bennet Said Nothing")]
    assert headings(book("Preface", PARA, "Introduction", PARA, "Epilogue", PARA)) == [
        (1, "Preface"), (1, "Introduction"), (1, "Epilogue")]  # no numbered division: the plain-text rules


SHOUTS = ('"HELP!"', "STOP THAT AT ONCE, SHE CRIED.", 'STOP THAT AT ONCE!" SHE CRIED', "WAIT…", "HELP")


def test_a_line_in_capitals_is_a_heading_only_when_set_as_one():
    """Shouts in capitals are speech, not headings; a novel's chapters in capitals stay headings: divisions
    ('CHAPTER IV', 'PART TWO'), and titles ('THE RETURN') when the text sets them apart by more blank lines than the
    shouts."""
    chapters = book(*[x for n in ("I", "II", "III", "IV") for x in (f"CHAPTER {n}", PARA, *SHOUTS, PARA)])
    assert headings(chapters) == [(3, f"CHAPTER {n}") for n in ("I", "II", "III", "IV")]
    parts = book("PART ONE", PARA, SHOUTS[2], PARA, SHOUTS[3], PARA, "PART TWO", PARA, "THE RETURN", PARA)
    assert headings(parts) == [(1, "PART ONE"), (1, "PART TWO"), (1, "THE RETURN")]
    said, says = '"Is anyone there?" she called.', '"Hold on," he said. "I am coming."'
    titles = ("THE DEPARTURE", "THE LONG ROAD", "THE RETURN")
    novel = "\n\n\n\n".join(book(title, PARA, said, "HELP", PARA, "STOP THAT AT ONCE", says, PARA, "NO ENTRY",
                                      PARA) for title in titles)
    assert headings(novel) == [(1, t) for title in titles for t in (title, "NO ENTRY")]  # not next to speech: a
    # subheading as far as the text shows


def test_a_crafted_book_is_read_in_linear_time():
    text = "CONTENTS\n" + "CHAPTER I\n" * 150_000 + "\n" + "I\n\n" * 100_000
    blocks, left_out = text_blocks(text)  # would take minutes if any step compared every division with every other
    assert sum(len(b.text) for b in blocks) > 0


def test_cli_segments_a_gutenberg_book(tmp_path):
    f = tmp_path / "book.txt"
    chapters = [x for n in ("I", "II", "III", "IV") for x in (f"CHAPTER {n}", PARA, PARA, PARA)]
    f.write_text(HEADER + book("THE LONG ROAD", *chapters) + FOOTER)
    r = subprocess.run([sys.executable, "-m", "segcore", "segment", str(f), "--method", "cvs", "--k", "4",
                        "--reference", "sections"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "against the document's sections (4 segments)" in r.stderr  # four chapters, the title opening the first
    assert "# left out of the text: the Project Gutenberg header and licence (10 lines)" in r.stderr
    assert "Gutenberg" not in r.stdout


def test_pages_of_a_pdf_to_text_tool_lose_their_furniture_and_keep_their_sentences():
    """pdftotext ends each page with a form feed: page numbers and running headers (the book's title, the chapter
    it is in) are left out and counted; a sentence broken by a page break reads whole; the title where it first
    stands and a play's repeated speaker are kept; a figure's label alone is left out as a caption."""
    pages = ["THE LONG ROAD\n\nBy A. Writer\n\nChapter 1\n\nThe rain fell on the town all night, and\n\n1",
             "THE LONG ROAD\n\nnobody in the house slept well. The mill had stopped.\n\nMAYOR.\n\nWe must\n\n2",
             "Chapter 1\n\nFigure 3\n\nact now. The river rose again. The bridge held, and the\n\n3",
             "THE LONG ROAD\n\nmayor walked home.\n\nMAYOR.\n\nIt is done.\n\nPage 4 of 5",
             "Chapter 2\n\nSpring came late that year. The fields were slow to dry.\n\n5 / 5"]
    doc = load_text("\n\f".join(pages) + "\n")
    assert "The rain fell on the town all night, and nobody in the house slept well." in doc.elements
    assert "The bridge held, and the mayor walked home." in doc.elements
    assert "We must act now." in doc.elements  # across a page break and a figure's label, left out
    assert "Figure 3" not in doc.elements and doc.meta["left_out"]["captions"] == 1
    assert doc.elements.count("MAYOR.") == 2  # a speaker, said twice, is no running header
    assert doc.elements[0] == "THE LONG ROAD" and "THE LONG ROAD" not in doc.elements[1:]
    assert not any(e in ("1", "2", "3", "5 / 5", "Page 4 of 5") for e in doc.elements)
    assert doc.meta["left_out"]["furniture"] == 8  # 5 page numbers, 2 repeated titles, 1 chapter header
    assert "left out of the text: captions (1), running headers and page numbers (8 lines)" in left_out_notes(doc)
    assert "furniture" not in load_text("\n\n".join(pages) + "\n").meta.get("left_out", {})  # no form feeds: no pages


def test_an_rfc_loses_its_page_footers_and_repeated_headers():
    """An RFC's pages end with '[Page n]' footers under a form feed; its two-line header repeats from page 2 on (kept
    there, where it first stands)."""
    pages = [("" if n == 1 else "RFC 791                                       September 1981\nInternet Protocol\n\n")
             + f"Datagrams go from sources to destinations, number {n}. Each is a unit of data.\n\n"
             + f"Postel                                                         [Page {n}]" for n in range(1, 6)]
    doc = load_text("\n\f".join(pages) + "\n")
    assert doc.meta["left_out"] == {"furniture": 11} and not any("[Page" in e for e in doc.elements)
    assert doc.elements.count("RFC 791 September 1981 Internet Protocol") == 1


MANUAL = book("Debian Reference", "Chapter\xa01.\xa0Tutorials", "    Note\n   \xa0",
              "    This chapter assumes the latest stable release.", PARA, "1.1. Console basics", "    Tip",
              "    Read the manual first.", PARA, "1.1.1. The shell prompt", PARA, "Chapter 2. Packages",
              "    Warning", PARA, "Chapter 3. Networks", "    Caution:", PARA)


def test_a_manual_s_note_labels_are_neither_headings_nor_part_of_them():
    """The Debian Reference's text (DocBook to text): a chapter's heading, then a note box's label alone."""
    assert [t for _, t in headings(MANUAL)][:2] == ["Debian Reference", "Chapter 1. Tutorials"]
    assert [t for _, t in headings(MANUAL) if t.startswith("Chapter")] == [
        "Chapter 1. Tutorials", "Chapter 2. Packages", "Chapter 3. Networks"]
    doc = load_text(MANUAL)
    assert not {"Note", "Tip", "Warning", "Caution:"} & set(doc.elements)
    assert doc.meta["left_out"]["labels"] == 4
    plain = book("A Short Guide", PARA, "Warning", PARA, "Getting Started", PARA, "Note", PARA)
    assert headings(plain) == [(1, "A Short Guide"), (1, "Getting Started")]


@pytest.mark.parametrize("label", ["Anmerkung", "Tipp", "Achtung", "Warnung", "Nota", "Sugerencia", "Atención",
                                   "Aviso", "Astuce", "Avertissement", "Suggerimento", "Attenzione", "Avvertimento",
                                   "Dica", "Cuidado", "Atenção"])
def test_note_labels_of_the_manual_s_translations_are_left_out(label):
    doc = load_text(book("Kapitel 1. Einführung", f"    {label}", PARA, PARA))
    assert label not in doc.elements and doc.meta["left_out"]["labels"] == 1


@pytest.mark.parametrize("dot", ["", "."])
def test_a_book_s_numbered_sections_under_its_chapters(dot):
    """'1.1.' as the Debian Reference numbers them, '1.1' too: under the chapter of that number, a level down; a
    list item ('1. Milk') or another chapter's number is no section."""
    assert headings(re.sub(r"^(1\.1(?:\.1)?)\.", rf"\1{dot}", MANUAL, flags=re.M)) == [
        (1, "Debian Reference"), (3, "Chapter 1. Tutorials"), (4, f"1.1{dot} Console basics"),
        (5, f"1.1.1{dot} The shell prompt"), (3, "Chapter 2. Packages"), (3, "Chapter 3. Networks")]
    listed = book("Chapter 1. Bread", PARA, "1. Flour And Water", PARA, "2.1. Baking Times", PARA,
                  "Chapter 2. Cakes", PARA, "Chapter 3. Pies", PARA, "3.1. Pastry", PARA)
    assert headings(listed) == [(3, "Chapter 1. Bread"), (3, "Chapter 2. Cakes"), (3, "Chapter 3. Pies"),
                                (4, "3.1. Pastry")]


TRANSLATIONS = {  # the Debian Reference's editions: (preface, contents, chapter, appendix) as each one spells them
    "de": ("Vorwort", "Inhaltsverzeichnis", "Kapitel", "Anhang"),
    "fr": ("Préface", "Table des matières", "Chapitre", "Annexe"),
    "es": ("Prefacio", "Tabla de contenidos", "Capítulo", "Apéndice"),
    "pt": ("Prefácio", "Índice", "Capítulo", "Apêndice"),
    "it": ("Prefazione", "Indice", "Capitolo", "Appendice"),
    "en": ("Preface", "Table of Contents", "Chapter", "Appendix")}


@pytest.mark.parametrize("language", sorted(TRANSLATIONS))
def test_a_translated_manual_reads_like_the_english_one(language):
    """Its chapters are divisions in its language ('Kapitel 2. Pakete'), their numbered sections under them, the
    lettered appendix too ('Anhang A. Anhang' over 'A.1.'); its preface's title is not joined to the contents line
    below it ('Vorwort' over 'Inhaltsverzeichnis'), which is left out; a wrapped line of the contents stays text."""
    preface, contents, chapter, appendix = TRANSLATIONS[language]
    text = book("Debian Reference", preface, contents, "1. Disclaimer\n2. What is Debian", PARA,
                "2.7.8. Automatisches Herunterladen und Aktualisieren von\n         Paketen", PARA,
                f"{chapter} 1. Tutorials", PARA, "1.1. Console basics", PARA, "1.1.1. The shell prompt", PARA,
                f"{chapter} 2. Packages", PARA, "2.1. Package sources", PARA, f"{chapter} 3. Networks", PARA,
                f"{appendix} A. {appendix}", PARA, "A.1. The Debian maze", PARA, "A.2. Copyright history", PARA)
    assert headings(text) == [
        (1, "Debian Reference"), (3, preface), (3, f"{chapter} 1. Tutorials"), (4, "1.1. Console basics"),
        (5, "1.1.1. The shell prompt"), (3, f"{chapter} 2. Packages"), (4, "2.1. Package sources"),
        (3, f"{chapter} 3. Networks"), (3, f"{appendix} A. {appendix}"), (4, "A.1. The Debian maze"),
        (4, "A.2. Copyright history")]
    assert text_blocks(text)[1] == {"contents": 1}


def test_appendices_alone_are_not_a_book():
    """Three lettered appendices are no book's divisions: a paper's sections stay as the plain text reads them."""
    text = book("A Study Of Rain", "1. Introduction", PARA, "2. Methods", PARA, "3. Results", PARA,
                "Appendix A. Data", PARA, "Appendix B. Tools", PARA, "Appendix C. Proofs", PARA)
    assert [t for _, t in headings(text)][:4] == ["A Study Of Rain", "1. Introduction", "2. Methods", "3. Results"]
# a manual's contents (DocBook's plain-text output): numbered entries, wrapped ones, under a heading or none
_MANUAL_EN = """Debian Reference

Table of Contents

Preface
    1. Disclaimer
    2. About this document
        2.1. Guiding rules
        2.2. Prerequisites
1. GNU/Linux tutorials
    1.1. Console basics

Preface

1. Disclaimer

All warranties are disclaimed. All trademarks are property of their respective owners.

2. About this document

2.1. Guiding rules

Following guiding rules are followed while compiling this document.

2.2. Prerequisites

You are expected to make a good effort to seek answers yourself.

Chapter 1. GNU/Linux tutorials

I think learning a computer system is like learning a new foreign language.

1.1. Console basics

Upon starting the system, you are presented with the login screen.
"""
_MANUAL_DE = """Debian-Referenz

Inhaltsverzeichnis

Vorwort
    1. Haftungsausschluss
    2. Über dieses Dokument
        2.1. Leitregeln
        2.2. Systemadministrations-Werkzeuge mit grafischer
        Oberfläche (GUI)

Vorwort

1. Haftungsausschluss

Alle Gewährleistungen werden abgelehnt. Alle Warenzeichen sind Eigentum ihrer Inhaber.

2. Über dieses Dokument

2.1. Leitregeln

Folgende Leitregeln wurden bei der Erstellung dieses Dokuments befolgt.

2.2. Systemadministrations-Werkzeuge mit grafischer Oberfläche (GUI)

Die Werkzeuge sind mit der Maus zu bedienen.
"""


@pytest.mark.parametrize("text, heading, entries", [(_MANUAL_EN, "Table of Contents", 7),
                                                    (_MANUAL_DE, "Inhaltsverzeichnis", 6)])
def test_a_manuals_contents_under_its_heading_are_left_out(text, heading, entries):
    blocks, left_out = text_blocks(text)
    words = " ".join(b.text for b in blocks)
    assert heading not in words and "Disclaimer 2." not in words and "Haftungsausschluss 2." not in words
    assert left_out["contents"] == entries + 1  # the entries and their heading
    assert [b.text for b in blocks][1:3] in (["Preface", "1. Disclaimer"], ["Vorwort", "1. Haftungsausschluss"])


def test_numbered_entries_that_repeat_the_headings_are_contents_without_a_heading():
    text = ("A guide to baking\n\n1. Starters\n2. Dough\n3. Baking\n\n1. Starters\n\nA starter is flour and water left"
            " to ferment.\n\n2. Dough\n\nMix the starter with flour and salt.\n\n3. Baking\n\nBake it hot.\n")
    blocks, left_out = text_blocks(text)
    assert left_out == {"contents": 3}
    assert [b.text for b in blocks][:2] == ["A guide to baking", "1. Starters"]
    assert [b.text for b in blocks if b.level] == ["1. Starters", "2. Dough", "3. Baking"]


@pytest.mark.parametrize("text, item", [
    # a numbered list of steps, none of them a heading later
    ("Making bread\n\n1. Feed the starter\n2. Mix the dough\n3. Bake it\n\nThe loaf keeps for a week.\n",
     "Mix the dough"),
    # under 'Inhalt', the list's entries are not the text's headings: the text's first section stays
    ("Inhalt\n\nDie Kiste enthält:\n1. Ein Messer\n2. Eine Gabel\n3. Einen Löffel\n\nDas Besteck ist aus Stahl.\n",
     "Eine Gabel")])
def test_a_numbered_list_is_no_contents(text, item):
    blocks, left_out = text_blocks(text)
    assert "contents" not in left_out and item in " ".join(b.text for b in blocks)


def test_a_contents_with_page_numbers_is_left_out_but_not_the_first_section():
    text = ("Contents\n\nIntroduction ........ 1\nMethods ........ 4\nResults ........ 9\n\nIntroduction\n\n"
            "We study bread.\n\nMethods\n\nWe baked it.\n\nResults\n\nIt rose.\n")
    blocks, left_out = text_blocks(text)
    assert left_out == {"contents": 4}
    assert [b.text for b in blocks][:2] == ["Introduction", "We study bread."]


def test_leaving_out_the_contents_keeps_the_sentences():
    # a manual whose tables, drawn in characters, outweigh its prose: the contents' numbered entries ('1.1. ') were
    # what told that it marks its sentences; without them it was cut into 20-word pieces (debian-reference)
    entries = [f"{c}.{s}. Using the tool number {c}{s}" for c in range(1, 4) for s in range(1, 5)]
    rule = "|----------+------+--------------------|"
    table = "\n".join(["+" + rule[1:-1] + "+"] + [f"|package{n:<3}|V:{n:<4}|a tool to read files|\n{rule}"
                                                    for n in range(40)])
    prose = ("The tool reads the files that the system keeps under its own folder and writes what it finds to the "
             "screen, one line for each file it reads there. Nothing else is changed by it at any time, and it asks "
             "before it writes a file")
    body = "\n\n".join(f"{e}\n\n{prose} {e[:4]}.\n\n{table}" for e in entries)
    text = "Tools\n\nTable of Contents\n\n" + "\n".join(entries) + "\n\n" + body + "\n"
    doc, bare = load_text(text), load_text("Tools\n\n" + body + "\n")
    assert doc.meta["left_out"] == {"contents": 13} and "unpunctuated" not in doc.meta
    assert doc.elements == bare.elements and prose.split(". ")[0] + "." in doc.elements


def test_a_list_of_tables_whose_wrapped_entry_ends_as_its_title_does_is_left_out_whole():
    """The Debian Reference in Portuguese and Italian (and Spanish and French): a table's caption ends with a
    period or a colon, and its entry wraps ('2.18. … para a técnica de' over 'apt-pinning.'): the rest under the
    numbered line is the entry's, not prose, and the whole list stays out, not only what comes before it."""
    captions = ["Lista de pacotes de programas interessantes em modo de texto",
                "Lista de valores de prioridade Pin-Priority notáveis para a técnica de\napt-pinning.",
                "Lista de ferramentas proxy especiais para arquivos Debian", "Lista de gestores de arranque"]
    listed = "\n".join(f"1.{n}. {c}" for n, c in enumerate(captions, 1))
    rest = ["Prefácio", "1. Aviso Legal", "Todas as garantias são rejeitadas. Todas as marcas registadas são "
            "propriedade dos seus respectivos donos.",
            *[x for n, c in enumerate(captions, 1) for x in (f"Tabela 1.{n}. {c}", "O pacote lê os ficheiros.")]]
    blocks, left_out = text_blocks(book("Referência Debian", "Lista de Tabelas", listed, *rest))
    assert left_out == {"contents": 6}  # the heading, four entries, one of them on two lines
    assert blocks == text_blocks(book("Referência Debian", *rest))[0]


def test_a_nested_contents_is_left_out_whole():
    """DocBook's text (xkbproto): a section's entry, indented under its chapter's, is a paragraph of its own, and
    the text sets it apart again later as the section's heading — an entry, not the first section; under it the
    rest of the contents, which book_divisions alone left out, stays out."""
    chapters = [("Overview", "Conventions and Assumptions"), ("Keyboard State", "Locking and Latching Modifiers"),
                ("Virtual Modifiers", "Modifier Definitions")]
    contents = "\n\n".join(f"{n}. {c}\n\n    {s}" for n, (c, s) in enumerate(chapters, 1))
    body = [part for n, (c, s) in enumerate(chapters, 1) for part in (f"Chapter {n}. {c}", PARA, s, PARA)]
    rest = ["Acknowledgments", "I am grateful for all of the comments and suggestions I have received over the years.",
            *body]
    blocks, left_out = text_blocks(book("The X Keyboard Extension", "Table of Contents",
                                        "Acknowledgments\n" + contents, *rest))
    assert left_out == {"contents": 8}
    assert blocks == text_blocks(book("The X Keyboard Extension", *rest))[0]


def test_a_title_of_numeronyms_is_a_title():
    """'I18N y L10N' (the Debian Reference's chapter 8 in Spanish, Italian, Portuguese) has no two letters in a
    row but is a title; numbers and letters alone are none."""
    from segcore.structure import looks_like_title
    assert looks_like_title("I18N y L10N") and looks_like_title("A11Y e K8S")
    assert not looks_like_title("B 2 C") and not looks_like_title("X1 y Z2") and not looks_like_title("3 x 4")
    text = book(*[x for name in ("Capítulo 7. Sistema GUI", "Capítulo 8. I18N y L10N", "Capítulo 9. Trucos")
                  for x in (name, PARA, PARA)])
    assert [t for _, t in headings(text)] == ["Capítulo 7. Sistema GUI", "Capítulo 8. I18N y L10N",
                                              "Capítulo 9. Trucos"]


@pytest.mark.parametrize("names", [("Chapitre premier", "Chapitre deuxième", "CHAPITRE TROISIÈME", "Chapitre IV"),
                                   ("Chapitre treizième", "Chapitre dix-septième", "Chapitre vingt et unième",
                                    "CHAPITRE VINGT-NEUVIÈME", "Chapitre soixante et onzième"),
                                   ("Capítulo primero", "Capítulo II", "Capitolo primo", "Capítulo primeiro"),
                                   ("Capítulo décimo", "Capítulo undécimo", "CAPÍTULO DECIMOTERCERO",
                                    "Capítulo vigésimo tercero", "Capítulo trigésima"),
                                   ("Capitolo secondo", "Capitolo tredicesimo", "CAPITOLO VENTITREESIMO",
                                    "Capitolo ventunesimo", "Capitolo trentottesimo"),
                                   ("Capítulo terceiro", "Capítulo sétimo", "Capítulo vigésimo terceiro",
                                    "Capítulo quadragésimo"),
                                   ("Глава первая", "Глава 2", "Глава 3", "Глава 4"),
                                   ("Глава вторая", "ГЛАВА ТРЕТЬЯ", "Глава двенадцатая", "Глава двадцать третья",
                                    "Глава сороковая"),
                                   ("1. fejezet", "2. fejezet", "III. FEJEZET", "4. fejezet: A vége"),
                                   ("Erstes Kapitel", "Zweites Kapitel: Der Sturm", "DRITTES KAPITEL",
                                    "Zwölftes Kapitel")])
def test_chapters_numbered_as_their_languages_number_them(names):
    """A chapter's ordinal in words after the word, as each language builds it: French from its number words
    ('dix-septième', 'vingt et unième'), Spanish, Portuguese and Italian from Latin's tens and units ('vigésimo
    tercero', 'decimotercero') and Italian from its number words ('ventitreesimo'), Russian with a ten's cardinal
    before the unit's ordinal ('двадцать третья'); Hungarian's number before the word ('1. fejezet'), German's
    ordinal ('Zweites Kapitel')."""
    text = book(*[x for name in names for x in (name, PARA, PARA)])
    assert headings(text) == [(3, name) for name in names]


def test_german_parts_and_chapters_by_their_ordinals():
    """'Erster Teil' holds 'Erstes Kapitel' …, a chapter numbered again under 'Zweiter Teil'; a line that goes on
    after the word without a mark ('Zweites Kapitel der Geschichte …') names no division."""
    chapters = [x for name in ("Erstes Kapitel", "Zweites Kapitel") for x in (name, PARA, PARA)]
    assert headings(book("Erster Teil", *chapters, "Zweiter Teil", *chapters)) == [
        (2, "Erster Teil"), (3, "Erstes Kapitel"), (3, "Zweites Kapitel"), (2, "Zweiter Teil"),
        (3, "Erstes Kapitel"), (3, "Zweites Kapitel")]
    lines = ["Erstes Kapitel der Geschichte", "Zweites Kapitel der Geschichte", "Drittes Kapitel der Geschichte"]
    assert book_divisions(book(*[x for line in lines for x in (line, PARA)]).split("\n")) is None


def test_cyrillic_appendix_letters_and_numbered_lines_that_name_no_division():
    """'Приложение А' with a Cyrillic А is an appendix; a list item that starts with a division's word after its
    number ('2. Part of the work …') is none."""
    chapters = [x for name in ("Глава 1", "Глава 2", "Глава 3") for x in (name, PARA, PARA)]
    appendices = [x for name in ("Приложение А", "Приложение Б", "Приложение В") for x in (name, PARA)]
    assert headings(book(*chapters, *appendices))[3:] == [(3, "Приложение А"), (3, "Приложение Б"),
                                                           (3, "Приложение В")]
    listed = book("1. Part of the work is done", PARA, "2. Book the rooms early", PARA, "3. Act now", PARA)
    assert book_divisions([ln.strip() for ln in listed.split("\n")]) is None


def test_numbered_headings_the_contents_lists_are_headings_whatever_their_shape():
    """The Debian Reference's '1.1.12. sudo configuration', '10.5. Git', '12.3.1. C', '9.4. Monitoring, controlling,
    and …': a heading's shape they lack, but the text's table of contents lists them (a wrapped one by its first
    line, and it goes on over its next line); unlisted, they stay text."""
    sections = ["1.1. sudo configuration", "1.2. Git", "1.3. Monitoring, controlling, and starting", "2.1. C",
                "2.2. Operaciones básicas utilizando la línea de órdenes"]
    entries = "\n".join(["1. Tutorials", *("    " + s for s in sections[:3]), "2. Packages", "    " + sections[3],
                         "    2.2. Operaciones básicas utilizando la línea", "3. Networks"])
    body = ["Chapter 1. Tutorials", PARA, *(x for s in sections[:3] for x in (s, PARA)), "Chapter 2. Packages", PARA,
            sections[3], PARA, sections[4].replace(" de ", "\nde "), PARA, "Chapter 3. Networks", PARA]
    listed = headings(book("Tools", "Table of Contents", entries, *body))
    assert [t for _, t in listed] == ["Tools", "Chapter 1. Tutorials", *sections[:3], "Chapter 2. Packages",
                                      *sections[3:], "Chapter 3. Networks"]
    assert not set(sections[:4]) & {t for _, t in headings(book("Tools", *body))}
    plain = ["1. Tutorials", PARA, *(x for s in sections[:3] for x in (s, PARA))]
    assert [t for _, t in headings(book("Tools", "Table of Contents", entries, *plain))][1:] == [
        "1. Tutorials", *sections[:3]]


def test_a_drawn_table_is_not_cut_at_an_abbreviation_in_a_cell():
    """The Debian Reference's gpg table: 'list sig. of user_ID' is one cell, not a sentence's end and a start."""
    rule = "|-------------------------+-------------------------------------|"
    rows = [("gpg --recv-keys user_ID", "recv. key of user_ID from keyserver"),
            ("gpg --list-sigs user_ID", "list sig. of user_ID"), ("gpg --check-sigs user_ID", "check sig. of user_ID")]
    table = "\n".join(f"|{a:<25}|{b:<37}|\n{rule}" for a, b in rows)
    prose = "The commands below read keys. Each one asks the keyserver first. Nothing is changed by them."
    doc = load_text(book("Keys", prose, table, prose))
    assert not [e for e in doc.elements if e.startswith(("of user_ID", "key of"))]
    assert "Each one asks the keyserver first." in doc.elements


def test_a_chapter_s_first_section_just_below_it_is_no_part_of_its_title():
    """The German Reference: 'Kapitel 7. GUI-System' over '7.1. GUI-Arbeitsplatzumgebung' (title case, set apart)
    is a chapter and its first section, not 'Kapitel 7. GUI-System. 7.1. GUI-Arbeitsplatzumgebung'."""
    text = book("Kapitel 7. GUI-System", "7.1. GUI-Arbeitsplatzumgebung", PARA, "Kapitel 8. Systemtipps", PARA,
                "Kapitel 9. Datenmanagement", PARA)
    assert headings(text)[:2] == [(3, "Kapitel 7. GUI-System"), (4, "7.1. GUI-Arbeitsplatzumgebung")]


def test_an_unnumbered_division_s_numbered_sections():
    """The Debian Reference's Preface holds '1. Disclaimer' … '3.1. Guiding rules': its sections, a level under it
    as a chapter's are, when they number it from 1 in sequence; numbers out of sequence there stay text."""
    chapters = ["Chapter 1. Tutorials", PARA, "1.1. Console basics", PARA, "Chapter 2. Packages", PARA,
                "Chapter 3. Networks", PARA]
    text = book("Debian Reference", "Preface", PARA, "1. Disclaimer", PARA, "2. What is Debian", PARA,
                "3. About this document", PARA, "3.1. Guiding rules", PARA, *chapters)
    assert headings(text) == [
        (1, "Debian Reference"), (3, "Preface"), (4, "1. Disclaimer"), (4, "2. What is Debian"),
        (4, "3. About this document"), (5, "3.1. Guiding rules"), (3, "Chapter 1. Tutorials"),
        (4, "1.1. Console basics"), (3, "Chapter 2. Packages"), (3, "Chapter 3. Networks")]
    stray = book("Debian Reference", "Introduction", PARA, "2. What is Debian", PARA, "4. About this document",
                 PARA, *chapters)
    assert [t for _, t in headings(stray)][:3] == ["Debian Reference", "Introduction", "Chapter 1. Tutorials"]


@pytest.mark.parametrize("title", ["THE LONG ROAD\n=============", "The Long Road\n-------------"])
def test_a_book_s_chapters_under_an_underlined_title(title):
    """A plain-text book whose title is underlined (a setext title) still has its chapters as its sections: the
    book's divisions are read beside the underlined headings, never sentences of their own."""
    text = book(title, "By A. Writer", "CHAPTER I.", PARA, PARA, "CHAPTER II.", "The Flood", PARA, PARA,
                "CHAPTER III.", PARA, PARA)
    assert [t for _, t in headings(text)] == [title.split("\n")[0], "CHAPTER I.", "CHAPTER II. The Flood",
                                              "CHAPTER III."]
    doc = load_text(text)
    assert doc.meta["outline"].title == title.split("\n")[0]
    heads = {h.element for h in doc.meta["outline"].headings}
    assert not [i for i, e in enumerate(doc.elements) if e.startswith("CHAPTER") and i not in heads]
    assert doc.meta["outline"].starts(1) == sorted(heads)[1:]  # each chapter a section, the byline the first's


@pytest.mark.parametrize("labels", [("CHAPTER I.", "CHAPTER II."), ("Chapter Three", "Chapter Four"),
                                    ("BOOK II", "BOOK III"), ("PART ONE", "PART TWO"), ("Part 1", "Part 2")])
def test_a_division_s_label_is_a_heading_in_a_text_too_short_to_be_a_book(labels):
    """A story of two chapters is no book (BOOK_MIN), yet a line of its own that names a division is its heading, the
    title set apart below it joined, as in a book ('CHAPTER I.' over 'The Storm'); no sentence of its own."""
    text = book("The Long Road", PARA, labels[0], "The Storm", PARA, PARA, labels[1], PARA, PARA)
    assert headings(text) == [(1, "The Long Road"), (1, f"{labels[0].rstrip('.')}. The Storm"), (1, labels[1])]
    doc = load_text(text)
    heads = {h.element for h in doc.meta["outline"].headings}
    assert doc.meta["outline"].starts(1)[-2:] == sorted(heads)[-2:]
    assert not [e for i, e in enumerate(doc.elements) if i not in heads and (e == "The Storm" or e in labels)]


@pytest.mark.parametrize("line", ["Chapter 1\nIt was cold that night, and the mill had stopped.",
                                  "I. Smith came home late, and the mill had stopped."])
def test_a_label_over_its_paragraph_or_a_numbered_sentence_is_no_division_out_of_a_book(line):
    """Out of a book, a division's label heads only what stands on its own: 'Chapter 1' over the paragraph it opens
    (a book sets it so; one or two of them are a sentence's words) is none, nor is a sentence after an initial."""
    assert headings(book("The Long Road", PARA, line, PARA, PARA)) == [(1, "The Long Road")]


@pytest.mark.parametrize("item", ["I.\nThe first rule.\nII.\nThe second rule.", "IV.\nThe fourth rule is kept."])
def test_a_roman_number_over_a_list_s_item_is_no_chapter(item):
    """A lone roman number is a chapter's heading on a line of its own ('IV.' between blank lines, or over its title);
    over the text of a list's item ('I.' over 'The first rule.') it is none, and the chapter of that number before
    it is no contents entry for it."""
    text = book("CHAPTER I.", PARA, PARA, "CHAPTER II.", PARA, item, PARA, "CHAPTER III.", PARA, PARA)
    assert headings(text) == [(3, "CHAPTER I."), (3, "CHAPTER II."), (3, "CHAPTER III.")]
    assert headings(book("I.", PARA, PARA, "II.", "The Flood", PARA, "III.", PARA, PARA)) == [
        (3, "I."), (3, "II. The Flood"), (3, "III.")]


def test_a_chapter_s_title_after_a_double_hyphen():
    """A typewriter's and Project Gutenberg's dash, '--', sets a chapter's title off its number as '—' does: the
    chapters are a book's ('CHAPTER II--THE STORM'), at a chapter's level."""
    names = ("CHAPTER I--THE ROAD", "CHAPTER II--THE STORM", "CHAPTER III -- THE CALM")
    assert headings(book(*[x for name in names for x in (name, PARA, PARA)])) == [(3, name) for name in names]


@pytest.mark.parametrize("labels", [("CHAPTER I.", "CHAPTER II."), ("CHAPTER I.", "CHAPTER II.", "CHAPTER III.")])
def test_each_line_is_asked_once_what_division_it_names(labels, monkeypatch):
    """book_divisions and, in a text too short to be a book or among a book's other lines, labelled_divisions read
    the same lines: the division each names is found once for both (books.division_kinds), not once each."""
    import segcore.books as books
    asked = []
    monkeypatch.setattr(books, "_division", lambda s, read=books._division: asked.append(s) or read(s))
    text = book("The Long Road", PARA, *[x for label in labels for x in (label, "The Storm", PARA, PARA)])
    assert [t for _, t in headings(text)][-len(labels):] == [f"{label} The Storm" for label in labels]
    lines = [s for s in text.split("\n") if s and s not in labels]  # a label is asked again for its title
    assert sorted(s for s in asked if s in lines) == sorted(lines)


def test_roman_numbers_as_long_as_a_book_s_and_words_of_their_letters():
    """A chapter's roman number is one as written, of any length up to 399 ('LXXXVIII', 'CCCXXXVIII': eight letters
    and more), alone or after the division's word; a word of its letters is none ('CIVIL', 'Chapter Civil War',
    'PART LIVID', 'IIII'), so a book of three such lines is no book."""
    from segcore.sentences import roman_value
    romans = ["LXXXVII", "LXXXVIII", "CCCXXXVIII"]
    assert headings(book(*[x for r in romans for x in (f"CHAPTER {r}", PARA, PARA)])) == [
        (3, f"CHAPTER {r}") for r in romans]
    assert headings(book(*[x for r in romans for x in (r, PARA, PARA)])) == [(3, r) for r in romans]
    assert [roman_value(r) for r in romans] == [87, 88, 338]
    words = ["CIVIL", "Chapter Civil War", "PART LIVID", "CHAPTER IIII"]
    assert {lv for lv, _ in headings(book(*[x for w in words for x in (w, PARA, PARA)]))} == {1}  # plain titles
    assert [roman_value(w) for w in ("CIVIL", "LIVID", "IIII", "VX", "CCCC")] == [None] * 5


@pytest.mark.parametrize("names", [("First Chapter", "Second Chapter", "Third Chapter"),
                                   ("The First Chapter", "The Second Chapter", "The Twenty-First Chapter"),
                                   ("Chapter the First", "Chapter the Second", "Chapter the Third")])
def test_chapters_by_their_ordinal_words_before_or_after_the_label(names):
    """An English ordinal before the division's word ('The First Chapter', 'THE SECOND PART') numbers it as one
    after it does ('Chapter the First'): a book's chapters; a sentence that begins so is none."""
    assert headings(book(*[x for name in names for x in (name, PARA, PARA)])) == [(3, name) for name in names]
    assert headings(book("THE FIRST PART", *[x for name in names for x in (name, PARA)]))[0] == (2, "THE FIRST PART")
    assert headings(book("Chapter 1", PARA, "The first chapter was long.", PARA, "Chapter 2", PARA, "Chapter 3",
                         PARA)) == [(3, "Chapter 1"), (3, "Chapter 2"), (3, "Chapter 3")]


@pytest.mark.parametrize("title", ["OF THE ORIGIN OF IDEAS.", "The Return of the Native."])
@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_a_title_closed_by_a_period_joins_its_label(title, gap):
    """A title in capitals or title case on one line of its own under a division's label, closed by a period as
    Project Gutenberg sets Hume's ('SECTION I.' over 'OF THE ORIGIN OF IDEAS.'), is the label's title; a short first
    sentence under it ('Yes.', 'It was cold.') or a paragraph of more lines is the text's."""
    labels = [f"CHAPTER {n}." for n in ("I", "II", "III")]
    text = book(*[x for label in labels for x in (f"{label}{gap}{title}", PARA, PARA)])
    assert headings(text) == [(3, f"{label.rstrip('.')}. {title}") for label in labels]
    short = book(labels[0], "Yes.", PARA, labels[1], "It was cold.", PARA, labels[2] + "\n" + title + "\n" + PARA)
    assert headings(short) == [(3, label) for label in labels]
    assert {"Yes.", "It was cold."} <= {b.text for b in text_blocks(short)[0] if not b.level}


def test_parts_within_sections_as_hume_nests_them():
    """A kind of division whose numbers start again under each of another kind's is held by it, whatever their words'
    usual ranks: Hume's Enquiry puts PART I and PART II inside its SECTIONs; a part of a paragraph is the text's, no
    table of contents' entry (PART I of one section is not PART I of another). Books over chapters numbered again read as before (test_parts_with_chapters_…)."""
    parts = [x for n in ("I", "II") for x in (f"PART {n}.", PARA)]
    text = book(*[x for n in ("I", "II", "III") for x in (f"SECTION {n}.", "OF THE ORIGIN OF IDEAS.", *parts)])
    assert [t for _, t in headings(text)] == [t for n in ("I", "II", "III") for t in (
        f"SECTION {n}. OF THE ORIGIN OF IDEAS.", "PART I.", "PART II.")]
    outline = load_text(text).meta["outline"]
    assert [h.level for h in outline.headings] == [1, 2, 2] * 3
    assert len(outline.starts(1)) == 2 and len(outline.starts(2)) == 5
    listed = "CONTENTS\n\nPART I. THE TOWN\nCHAPTER I. Rain\nCHAPTER II. Flood\nPART II. THE HILLS\nCHAPTER III. Sun"
    novel = book("The Long Road", listed, *[x for part, chapters in (("PART I.", "I II"), ("PART II.", "III")) for x in (
        part, *[y for n in chapters.split() for y in (f"CHAPTER {n}.", PARA, PARA)])])
    assert headings(novel) == [(1, "The Long Road"), (2, "PART I."), (3, "CHAPTER I."), (3, "CHAPTER II."),
                               (2, "PART II."), (3, "CHAPTER III.")]  # once, as the text repeats its contents: no
    # nesting (parts under chapters), the parts kept
