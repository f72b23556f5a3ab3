"""A wiki article as a browser copies it (segcore.webcopy, read by segcore.plaintext): headings without their
'[edit]' links, the table of contents, the page's own lines and chrome (a whole page's menus and footer), the
infobox and the citation marks left out and counted, the reference list left out as back matter; '[edit]' or '[1]'
in other texts untouched."""
from __future__ import annotations

import re
from pathlib import Path

from segcore.formats import format_name
from segcore.loaders import left_out_notes, load_text
from segcore.plaintext import text_blocks
from segcore.structure import reference

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


VECTOR = (Path(__file__).parent / "data" / "wikipedia_vector2022.txt").read_text(encoding="utf-8")


def test_a_full_page_copy_loses_the_pages_chrome_and_keeps_its_title_and_article():
    doc = load_text(VECTOR)  # Ctrl+A, Ctrl+C of an article in Wikipedia's Vector 2022 skin
    assert doc.meta["outline"].title == "Sourdough"
    assert titles(doc) == [("History", 1), ("Origins", 1), ("Gold Rush", 1), ("Chemistry", 1)]
    # the menus, tagline, footer and the hatnote ('For other uses, see Sourdough (disambiguation).': 6 words)
    assert doc.meta["left_out"] == {"navigation": 234, "tables": 22, "citations": 8, "image captions": 1}
    assert doc.elements[:2] == ["Sourdough", "Sourdough is bread made by the fermentation of dough using wild "
                                "lactobacillaceae and yeast."]
    assert "San Francisco sourdough in a bakery window" not in doc.elements  # an image's caption, counted
    assert doc.elements[-1] == "Acetic acid is also produced, which gives a sharper taste."
    for chrome in ("Jump", "Main menu", "Donate", "languages", "Deutsch", "View history", "Download", "Appearance",
                   "Privacy", "Mobile view", "Type", "Worldwide"):
        assert not any(chrome in e for e in doc.elements), chrome


def test_the_chrome_is_the_short_lines_before_the_tagline_and_after_the_pages_end_not_words_in_the_article():
    text = ("My notes for Tuesday's class, copied before the lecture.\n"
            "Search\nLog in\nSourdough\n12 languages\nArticle\nTalk\nFrom Wikipedia, the free encyclopedia\n"
            f"{PARA}\nUses[edit]\nA starter asks for little:\nHelp\nSearch\nContents\nTools\n"
            f"History[edit]\n{PARA}\nThis page was last edited on 1 May 2024, at 10:00 (UTC).\nPrivacy policy\n"
            "Mobile view\nThe class meets again on Thursday with a loaf each.\n")
    blocks, left_out = text_blocks(text)
    texts = [b.text for b in blocks]
    assert texts[0].startswith("My notes for Tuesday") and ("Sourdough", 1) in [(b.text, b.level) for b in blocks]
    assert texts[texts.index("Uses") + 1] == "A starter asks for little: Help Search Contents Tools"  # the article's
    assert texts[-1].startswith("The class meets again") and "Mobile view" not in texts
    assert left_out == {"navigation": 28, "citations": 6}


def test_an_infobox_near_the_top_is_left_out_as_a_table_and_a_table_in_a_section_kept():
    text = ("Rye bread\nFrom Wikipedia, the free encyclopedia\nRye bread\nA dark rye loaf\nType\tBread\n"
            f"Main ingredients\tRye flour\n{PARA}\nKinds[edit]\nKind\tColour\nPumpernickel\tdark\nLimpa\tlight\n"
            f"Uses[edit]\n{PARA}\n")
    blocks, left_out = text_blocks(text)
    texts = [b.text for b in blocks]
    assert texts[:2] == ["Rye bread", "Rye was grown in the north long before wheat. Its bread kept for weeks."]
    assert "Pumpernickel" in " ".join(texts) and "Limpa" in " ".join(texts)
    assert left_out == {"navigation": 5, "tables": 12, "citations": 6}


def test_a_reference_list_without_its_heading_is_left_out_in_a_wiki_copy_only():
    refs = ('^ Gänzle, Michael G. (2014). "Enzymatic and bacterial conversions". Food Microbiology. 37: 2–10.\n'
            '^ a b "Sourdough". Oxford English Dictionary.\n')
    blocks, left_out = text_blocks(f"Origins[edit]\n{PARA}\nUses[edit]\n{PARA}\n\n{refs}")
    assert [b.text for b in blocks][-1].endswith("kept for weeks.") and left_out == {"footnotes": 2, "citations": 6}
    blocks, left_out = text_blocks(f"Origins[edit]\n{PARA}\n\n^ Gänzle is quoted here.\n\nUses[edit]\n{PARA}\n")
    assert "^ Gänzle is quoted here." in [b.text for b in blocks]  # one such line may be the text's
    blocks, left_out = text_blocks(f"Rye needs little care.\n\n{refs}")
    assert "^ a b" in blocks[-1].text and not left_out


def test_the_older_skins_menus_between_the_categories_and_the_footer_are_left_out():
    text = (f"Rye bread\nFrom Wikipedia, the free encyclopedia\nJump to navigation\nJump to search\n{PARA}\n"
            f"History[edit]\n{PARA}\nUses[edit]\n{PARA}\nCategories: Breads | Rye\nNavigation menu\nPersonal tools\n"
            "Not logged in\nCreate account\nLog in\nArticle\nTalk\nRead\nEdit\nView history\nSearch\nMain page\n"
            "Contents\nTools\nWhat links here\nLanguages\nDeutsch\nEdit links\n"
            "This page was last edited on 1 May 2020, at 10:00 (UTC).\nPrivacy policy\nMobile view\n")
    blocks, left_out = text_blocks(text)
    assert [(b.text, b.level) for b in blocks][-2:] == [("Uses", 2), ("Rye was grown in the north long before wheat. "
                                                                      "Its bread kept for weeks.", 0)]
    assert left_out == {"navigation": 60, "citations": 9}  # all but the title, the article


def test_hatnotes_are_left_out_with_the_pages_own_lines():
    """'For other uses, see …', 'Main article: …' and their kin point to other pages: navigation, not the article."""
    text = EXAMPLE.replace("History[edit]\n", "History[edit]\nMain article: History of bread\n").replace(
        "Chemistry[edit]\n", "Chemistry[edit]\nFurther information: Lactic acid fermentation\n"
        "Not to be confused with Salt-rising bread.\n")
    text = text.replace("Sourdough is bread made", "For other uses, see Sourdough (disambiguation).\n"
                        "\"Sour dough\" redirects here. For the film, see Sour Dough (film).\n\nSourdough is bread made")
    doc = load_text(text)
    assert not any(re.match(r"(Main article|Further information|Not to be confused|For other uses|\"Sour dough\")", e)
                   for e in doc.elements), doc.elements
    assert doc.elements[0].startswith("Sourdough is bread made")
    assert doc.meta["left_out"]["navigation"] == sum(len(s.split()) for s in (
        "Main article: History of bread", "Further information: Lactic acid fermentation",
        "Not to be confused with Salt-rising bread.", "For other uses, see Sourdough (disambiguation).",
        "\"Sour dough\" redirects here. For the film, see Sour Dough (film)."))
    full = load_text((Path(__file__).parent / "data" / "wikipedia_vector2022.txt").read_text(encoding="utf-8"))
    assert not any(e.startswith("For other uses") for e in full.elements)
    plain = load_text("For other uses, see the manual. It explains the rest.\n\nA second paragraph follows here.")
    assert plain.elements[0].startswith("For other uses")  # not a wiki copy: prose


def test_a_wiki_copy_is_named_so_and_what_was_left_out_said_in_one_sentence():
    """The summary read 'format: plain text' and said 'left out of the text: …' then 'left out: the reference list
    …' apart: a wiki copy is named as one, what reading left out of it said once."""
    doc = load_text(EXAMPLE)
    assert format_name(doc.meta) == "wiki article copied from a browser"
    assert left_out_notes(doc) == ["left out of the article: contents and indexes (5 lines), citation marks (8), and "
                                   "the reference list and appendices (from the heading 'See also' on)"]
    plain = load_text("Rye needs little care. It grows in poor soil.\n\nWheat needs more. It grows in rich soil.\n")
    assert format_name(plain.meta) == "plain text" and not left_out_notes(plain)


def test_each_of_two_articles_copied_one_after_the_other_has_its_title_and_loses_its_pages_lines():
    """Only the first tagline's article had its title read and its chrome left out: the second's title was a line of
    its paragraph, its sections ranked with the first's, its menus and footer kept."""
    first = ("Sourdough\nFrom Wikipedia, the free encyclopedia\nJump to navigation\nJump to search\n"
             f"{PARA}\nHistory[edit]\n{PARA}\nUses[edit]\n{PARA}\n"
             'Retrieved from "https://en.wikipedia.org/w/index.php?title=Sourdough&oldid=1"\n'
             "Categories: Breads | Sourdough\n")
    second = first.replace("Sourdough", "Rye bread").replace("=Rye bread", "=Rye_bread").replace("History", "Kinds")
    doc = load_text(first + second)
    assert titles(doc) == [("Sourdough", 1), ("History", 2), ("Uses", 2), ("Rye bread", 1), ("Kinds", 2), ("Uses", 2)]
    assert doc.meta["left_out"] == {"navigation": 18 + 19, "citations": 18}  # 'Categories: Breads | Rye bread': 5
    assert not any("Wikipedia" in e or "Jump" in e or "Categories" in e or "Retrieved" in e for e in doc.elements)
    rye = VECTOR.replace("Sourdough\n45 languages", "Rye bread\n45 languages")  # two whole pages
    doc = load_text(VECTOR + rye)
    assert [t for t, lv in titles(doc) if lv == 1] == ["Sourdough", "Rye bread"]
    assert doc.meta["left_out"] == {"navigation": 2 * 234, "tables": 2 * 22, "citations": 16, "article ends": 6,
                                    "image captions": 2}
    for chrome in ("Jump", "Main menu", "languages", "Privacy", "Mobile view", "Type", "Gänzle", "Amish", "See also"):
        assert not any(chrome in e for e in doc.elements), chrome


def test_an_earlier_articles_back_matter_ends_where_the_next_article_begins():
    """Two articles copied without their pages (no title, no tagline) one after the other: the first one's 'See also'
    and 'References' were the text's back matter up to the next heading, so the second one's lead went with them, and
    the second one's reference list stayed. An article is read from its lead over its contents; the back matter of
    each one before the last is left out up to the next one's lead and counted."""
    rye = (Path(__file__).parent / "data" / "wikipedia_copy_rye.txt").read_text(encoding="utf-8")
    doc = load_text(EXAMPLE + rye)
    assert "Rye bread is a type of bread made with various proportions of flour from rye grain." in doc.elements
    assert titles(doc) == [("History", 1), ("Chemistry", 1), ("History", 1), ("Varieties", 1)]
    assert doc.meta["left_out"] == {"contents": 10, "citations": 15, "article ends": 6}
    assert doc.meta["back_matter"] == {"heading": "See also", "kept": False, "blocks": 6}
    assert not any(w in e for e in doc.elements for w in ("Amish", "Mayer", "Oxford", "References", "See also"))


def test_the_broader_and_list_hatnotes_at_a_sections_start_are_left_out():
    """{{Broader}} and {{Main list}} hatnotes ('For broader coverage …, see …', 'For a more comprehensive list, see
    …') stayed in their sections' first paragraphs."""
    notes = ("For broader coverage of this topic, see Bread.", "For a more comprehensive list, see List of breads.")
    blocks, left_out = text_blocks(f"Origins[edit]\n{notes[0]}\n{PARA}\nUses[edit]\n{notes[1]}\n{PARA}\n")
    assert [b.text for b in blocks] == ["Origins", PARA.replace("[1]", "").replace("[2][3]", ""), "Uses",
                                        PARA.replace("[1]", "").replace("[2][3]", "")]
    assert left_out == {"navigation": sum(len(n.split()) for n in notes), "citations": 6}


def test_an_index_in_code_keeps_its_brackets_and_marks_in_prose_still_go():
    """'argv[1]', 'a[2]' lost their brackets as citation marks: a bracket glued to a name is an index when an
    assignment, an attribute, a call or another index follows it, or it stands in a call's parentheses, on a line
    that opens with an assignment or ends with '{'; '[0]' is no note's number."""
    code = ["x = argv[1]", "int n = atoi(argv[1]);", "print(sys.argv[1])", "a[2] = 5", "m[1][2] += m[i][j]",
            "words = args[0].split()", "handlers[2](event)", "if (a[1] > b[2]) {", "total = a[i] + b[j]"]
    prose = [("It was built in 1990[3] and rebuilt.", "It was built in 1990 and rebuilt."),
             ("The word[12] and its kin.", "The word and its kin."),
             ("Node.js[4] is a runtime.[5]", "Node.js is a runtime."),
             ("Rye flour[1][2] keeps.", "Rye flour keeps."),
             ("Pumpernickel, a dark bread[3];", "Pumpernickel, a dark bread;"),
             ("The capital (Paris[1]) grew.", "The capital (Paris) grew."),
             ("The bakers[2] (in San Francisco) kept it.", "The bakers (in San Francisco) kept it.")]
    text = ("Use[edit]\n" + "\n\n".join(p for p, _ in prose) + "\n\nCode[edit]\n" + "\n\n".join(code) + "\n")
    blocks, left_out = text_blocks(text)
    assert [b.text for b in blocks] == ["Use", *(q for _, q in prose), "Code", *code]
    assert left_out == {"citations": 9}


def test_an_articles_title_over_its_lead_is_read_when_it_names_the_article():
    """A copy from the article's heading down (no tagline) had no title: two such articles pasted one after the other
    were one run of sections. A short line over the lead that the lead's first sentence names is the title; a first
    line the lead does not name, or a paragraph, is no title."""
    rye = (Path(__file__).parent / "data" / "wikipedia_copy_rye.txt").read_text(encoding="utf-8")
    doc = load_text("Sourdough\n\n" + EXAMPLE)
    assert doc.meta["outline"].title == "Sourdough" and doc.elements[:1] == ["Sourdough"]
    assert titles(doc) == [("History", 1), ("Chemistry", 1)]
    doc = load_text("Sourdough\n" + EXAMPLE + "Rye bread\n" + rye)
    assert [t for t, lv in titles(doc) if lv == 1] == ["Sourdough", "Rye bread"]
    rye_at = doc.elements.index("Rye bread")
    assert doc.elements[rye_at + 1].startswith("Rye bread is a type of bread")
    assert reference(doc.meta["outline"]) == [rye_at, len(doc.elements)]  # the two articles
    assert doc.meta["left_out"] == {"contents": 10, "citations": 15, "article ends": 6}
    for first in ("", "Notes on bread\n", "Rye needs little care\n"):
        doc = load_text(first + EXAMPLE)
        assert doc.meta["outline"].title is None, first
        assert first.strip() in " ".join(doc.elements)


CAPTIONED = ("Alan Turing\n\nAlan Mathison Turing was an English mathematician and computer scientist.[1]\n\n"
             "Early life[edit]\nTuring in 1936\n\nTuring was born in Maida Vale, London.[2] He went to Sherborne "
             "School.\n\nThe Bombe, a machine built at Bletchley Park to break the Enigma ciphers\n\n"
             "He worked at Bletchley Park during the war.[3]\n\nHe died in 1954.\n\n"
             "Legacy[edit]\nTuring's statue at Bletchley Park, unveiled in 2007.\n\nHe is remembered in many ways.\n\n"
             "His prizes include:\nthe Turing Award\nthe Turing medal\n\nThe list goes on.\n\n"
             "Formula\n\nx = y + 2\n\nThe formula is his.\n\n\"We can only see a short distance ahead.\"\n"
             "— Alan Turing, 1950\n\nHe wrote it in a paper.\n")


def test_image_captions_standing_alone_between_paragraphs_are_left_out_and_counted():
    """A thumbnail's caption ('Turing in 1936') comes out of a browser copy as a line of its own over the paragraph
    it stands by, no sentence end: it was read as a sentence of the text. In a copy whose headings carry edit links,
    such a line alone between a heading or a paragraph and a paragraph is a caption: left out, counted. A caption that
    ends a sentence, list items, a formula, a quotation's source and short paragraphs stay."""
    doc = load_text(CAPTIONED)
    assert doc.meta["left_out"]["image captions"] == 2
    assert not any("Turing in 1936" in e or "The Bombe" in e for e in doc.elements)
    for kept in ("He died in 1954.", "Turing's statue at Bletchley Park, unveiled in 2007.", "the Turing medal",
                 "x = y + 2", "Formula", "— Alan Turing, 1950"):
        assert any(kept in e for e in doc.elements), kept
    assert "image captions (2)" in left_out_notes(doc)[0]
    doc = load_text(VECTOR)
    assert "San Francisco sourdough in a bakery window" not in " ".join(doc.elements)
    plain = CAPTIONED.replace("[edit]", "")  # no edit links: such a line may be a heading
    assert not text_blocks(plain)[1].get("image captions")
    terms = ("Glossary[edit]\nStarter\nA culture of flour and water.\nLevain\nA starter grown for one bake.\n"
             "Crumb\nThe inside of the loaf.\nUses[edit]\nIt leavens bread.\n")  # a definition list's terms stay
    assert not text_blocks(terms)[1].get("image captions")


def test_each_line_is_asked_once_whether_it_is_an_articles_title(monkeypatch):
    """A later article's first line was tested as a title twice: once to find where the article starts, once more to
    read its title."""
    import segcore.webcopy as webcopy
    asked = []
    titled = webcopy._titled
    monkeypatch.setattr(webcopy, "_titled", lambda stripped, i: asked.append(i) or titled(stripped, i))
    rye = (Path(__file__).parent / "data" / "wikipedia_copy_rye.txt").read_text(encoding="utf-8")
    doc = load_text("Sourdough\n" + EXAMPLE + "Rye bread\n" + rye + "Sourdough\n" + EXAMPLE)
    assert [t for t, lv in titles(doc) if lv == 1] == ["Sourdough", "Rye bread", "Sourdough"]
    assert sorted(asked) == sorted(set(asked))


def test_the_wiki_signs_are_read_once_per_document(monkeypatch):
    """Loading a text looked for a wiki copy's signs twice: once to name its kind (meta['wiki']), once to read it."""
    import segcore.webcopy as webcopy
    calls = []
    signs = webcopy._signs
    monkeypatch.setattr(webcopy, "_signs", lambda stripped: calls.append(1) or signs(stripped))
    for text in (EXAMPLE, "Rye needs little care. It grows in poor soil.\n\nWheat needs more. It grows in rich soil.\n"):
        calls.clear()
        load_text(text)
        assert len(calls) == 1


def test_keep_back_matter_keeps_every_articles_back_matter():
    """keep_back_matter kept the last article's 'See also' and 'References' only: those of the articles before it
    were left out all the same ('article ends')."""
    rye = (Path(__file__).parent / "data" / "wikipedia_copy_rye.txt").read_text(encoding="utf-8")
    doc = load_text(EXAMPLE + rye, keep_back_matter=True)
    assert "article ends" not in doc.meta["left_out"] and doc.meta["back_matter"]["kept"]
    for kept in ("Amish friendship bread", "Mayer, Anne", "Enzymatic and bacterial conversions"):
        assert any(kept in e for e in doc.elements), kept
    assert "Rye bread is a type of bread made with various proportions of flour from rye grain." in doc.elements
    assert load_text(EXAMPLE + rye).meta["left_out"]["article ends"] == 6


def test_a_caption_under_the_title_or_beside_a_hatnote_is_left_out_and_a_listed_term_kept():
    """An image's caption under the article's title, or over or under a hatnote, was read as a sentence (or joined
    to the lead), and the title over it was not read; a definition list's one term after the line that introduces it
    ('… are these:') was left out as a caption."""
    lead = "Alan Mathison Turing was an English mathematician.[1] He was born in London."
    sections = f"Early life[edit]\n{PARA}\nLegacy[edit]\n{PARA}\n"
    for top in (f"Alan Turing\n\nTuring in 1936\n\n{lead}\n\n",
                f"Alan Turing\nTuring in 1936\n{lead}\n",
                f"Alan Turing\nFor other uses, see Turing (disambiguation).\nTuring in 1936\n{lead}\n",
                f"Alan Turing\nTuring in 1936\nThis article is about the mathematician. For others, see Turing.\n{lead}\n"):
        blocks, left_out = text_blocks(top + sections)
        assert [(b.text, b.level) for b in blocks][:2] == [("Alan Turing", 1), (lead.replace("[1]", ""), 0)], top
        assert left_out["image captions"] == 1, top
    for hatnote in ("Main article: Early life of Alan Turing\nTuring in 1936\n",
                    "Turing in 1936\nMain article: Early life of Alan Turing\n"):
        blocks, left_out = text_blocks(f"Early life[edit]\n{hatnote}{PARA}\n" + sections)
        assert [b.text for b in blocks][:2] == ["Early life", PARA.replace("[1]", "").replace("[2][3]", "")], hatnote
        assert left_out["image captions"] == 1, hatnote
    term = f"Glossary[edit]\nOne word is used:\nStarter\nA culture of flour and water.\n\n{PARA}\n" + sections
    blocks, left_out = text_blocks(term)
    assert "image captions" not in left_out and any("Starter" in b.text for b in blocks)


def test_a_definition_list_of_one_term_under_a_heading_is_text():
    """A definition list of one term right under a heading ('Starter' over its definition, no blank line between)
    was left out as an image's caption; a caption over a paragraph of more than one short sentence still is."""
    one = f"Glossary[edit]\nStarter\nA culture of flour and water.\n\n{PARA}\nUses[edit]\n{PARA}\n"
    blocks, left_out = text_blocks(one)
    assert "image captions" not in left_out and any(b.text.startswith("Starter") for b in blocks)
    assert load_text(VECTOR).meta["left_out"]["image captions"] == 1  # 'San Francisco sourdough in a bakery window'
    two = (f"Glossary[edit]\nStarter\nA culture of flour and water.\nLevain\nA starter grown for one bake. It is fed "
           f"the night before.\n\n{PARA}\nUses[edit]\n{PARA}\n")  # the first term's definition is short: both stay
    assert "image captions" not in text_blocks(two)[1]


def test_a_caption_under_a_later_articles_title_is_no_title():
    """A caption over a later article's lead that names it ('A rye loaf on a board') was read as the article's title
    and the title over it ('Rye bread') was left out with the article before's back matter."""
    rye = (Path(__file__).parent / "data" / "wikipedia_copy_rye.txt").read_text(encoding="utf-8")
    doc = load_text(EXAMPLE + "Rye bread\nA rye loaf on a board\n" + rye)
    assert titles(doc) == [("History", 2), ("Chemistry", 2), ("Rye bread", 1), ("History", 2), ("Varieties", 2)]
    assert doc.meta["left_out"] == {"contents": 10, "citations": 15, "article ends": 6, "image captions": 1}
    assert "A rye loaf on a board" not in " ".join(doc.elements)


def test_the_summary_names_the_table_of_contents_once():
    """With the article's contents and its hatnotes or menus left out, the summary read 'contents and indexes (5
    lines), menus, headers, footers, sidebars and tables of contents (5 words)'."""
    doc = load_text(EXAMPLE.replace("History[edit]\n", "History[edit]\nMain article: History of bread\n"))
    assert set(doc.meta["left_out"]) >= {"contents", "navigation"}
    assert left_out_notes(doc) == ["left out of the article: contents and indexes (5 lines), menus, headers, "
                                   "footers and sidebars (5 words), citation marks (8), and the reference list and "
                                   "appendices (from the heading 'See also' on)"]
