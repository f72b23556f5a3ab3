"""Org and AsciiDoc (segcore.lightmarkup): headings as sections, directives, links, verbatim and emphasis, line
breaks, equations and export lines left out and counted, task-list boxes; any Org or AsciiDoc loads or says why."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from segcore.loaders import left_out_notes, load, load_text
from tests.loading import loaded_or_refused


ORG = """#+TITLE: Rivers
#+AUTHOR: Ann Lee
#+OPTIONS: toc:nil

* Floods
  :PROPERTIES:
  :ID: abc-123
  :END:
  Floods happen after heavy rain. They damage /farms/ and =towns=.

** TODO Causes                                                     :water:
   Rain falls for days. See [[https://example.org][the
   survey]] for more.[fn:1]

   #+begin_quote
   The river rose in the night.
   #+BEGIN_SRC python
   print("not prose")
   #+END_SRC
   #+end_quote

   - First item here.
   - Second item here.

| a | b |
|---+---|
# a comment line
* Droughts
Droughts follow dry summers. Crops fail.

[fn:1] A footnote's text.
"""
ASCIIDOC = """= Rivers
Ann Lee <ann@example.org>
:toc:

// a comment line
Rivers shape the land. They carry water to the sea.

== Floods

Floods happen after heavy rain. They damage *farms* and _towns_.
See link:https://example.org[the
survey] and <<causes,the causes>>.footnote:[A note.]

[[causes]]
=== Causes

NOTE: Rain falls for days.

[quote, Someone]
____
The river rose in the night.

.A listing
[source,python]
----
print("not prose")
----
____

* First item here.
** Nested item here.

|===
| a | b
|===

image::river.png[A river]

== Droughts

Droughts follow dry summers. Crops fail.
"""
LIGHT_ELEMENTS = ["Rivers", "Floods", "Floods happen after heavy rain.", "They damage farms and towns.", "Causes",
                  "Rain falls for days.", "The river rose in the night.", "First item here.", "Droughts",
                  "Droughts follow dry summers.", "Crops fail."]


@pytest.mark.parametrize("name, text, fmt, left_out", [
    ("rivers.org", ORG, "org", {"front matter": 2, "fields": 3, "code lines": 3, "table and figure lines": 2,
                                "comments": 1, "footnotes": 1}),
    ("rivers.adoc", ASCIIDOC, "asciidoc", {"front matter": 2, "comments": 1, "directives": 4, "captions": 1,
                                           "code lines": 3, "labels": 1, "table and figure lines": 3,
                                           "footnote texts": 1})])
def test_org_and_asciidoc_headings_are_sections_and_their_directives_are_not_text(tmp_path, name, text, fmt,
                                                                                  left_out):
    """An Org or AsciiDoc file: its title and headings are its outline at Markdown's levels (TODO keywords and tags
    off an Org heading), its paragraphs and list items text without their marks (links by their text, across
    lines), and its code, tables, drawers, comments, keywords, attributes and block macros left out and counted;
    the same read from its name or, pasted without one, from its content."""
    (tmp_path / name).write_text(text)
    for doc in (load(tmp_path / name), load_text(text), load(text.encode())):
        outline = doc.meta["outline"]
        assert doc.meta["format"] == fmt and outline.title == "Rivers"
        assert [(h.title, h.level) for h in outline.headings] == [("Floods", 1), ("Causes", 2), ("Droughts", 1)]
        assert [e for e in doc.elements if not e.startswith(("See ", "Rivers shape", "They carry", "Second",
                                                             "Nested"))] == LIGHT_ELEMENTS
        assert "See the survey for more." in doc.elements or "See the survey and the causes." in doc.elements
        assert doc.meta["left_out"] == left_out
    assert f"left out of the {'Org' if fmt == 'org' else 'AsciiDoc'} text" in left_out_notes(doc)[0]


def test_markdown_and_plain_bullets_are_not_org_headings():
    """'* item' bullets stay list items in Markdown and in plain text: a text is read as Org or AsciiDoc without a
    telling name only when it clearly is (an Org keyword line, an AsciiDoc '= Title' without a closing '=')."""
    markdown = load_text("# Shopping\n\n* Milk for the cat\n* Eggs for the cake\n\nBuy them today. Go now.\n")
    assert markdown.meta["format"] == "text" and [h.title for h in markdown.meta["outline"].headings] == ["Shopping"]
    assert markdown.elements == ["Shopping", "Milk for the cat", "Eggs for the cake", "Buy them today.", "Go now."]
    plain = load(b"Lists:\n\n* Milk for the cat\n* Eggs for the cake\n\nBuy them today.\n", source="list.txt")
    assert plain.meta["format"] == "text" and "Milk for the cat" in plain.elements
    wiki = load_text("= Rivers =\n\n== Floods ==\n\nFloods come. They go.\n")
    assert wiki.meta["format"] == "text"
    shown = load_text("# Org notes\n\nWrite a title and a heading:\n\n```org\n#+TITLE: Rivers\n* Floods\n```\n\nThen save.\n")
    assert shown.meta["format"] == "text" and shown.elements == ["Org notes", "Write a title and a heading:",
                                                                 "Then save."]


def test_asciidoc_fences_close_and_indented_items_are_items():
    """An AsciiDoc '```python' fence ends at '```' (the text after it is read), and an indented list item after a
    blank line is an item, not a literal block."""
    doc = load_text("= Guide\n\n== Setup\n\nRun it.\n\n```python\ncode = 1\n```\n\n* Item one here.\n\n"
                    "  * Item two here.\n\nAfter the list.\n", source="guide.adoc")
    assert doc.elements == ["Guide", "Setup", "Run it.", "Item one here.", "Item two here.", "After the list."]
    assert doc.meta["left_out"] == {"code lines": 3}


def test_org_equations_and_export_lines_are_left_out_and_counted():
    """A LaTeX environment in an Org text (a displayed equation) is one equation left out, not a sentence, and an
    '#+HTML:' export line is code, not front matter."""
    doc = load_text("* Rates\nRain adds water. It runs off.\n\\begin{equation}\nq = c i A\n\\end{equation}\n"
                    "#+HTML: <b>bold</b>\nThe rate rises.\n", source="rates.org")
    assert doc.elements == ["Rates", "Rain adds water.", "It runs off.", "The rate rises."]
    assert doc.meta["left_out"] == {"equations": 1, "code lines": 1}


def test_an_org_table_drawn_in_characters_is_a_table_and_a_plus_bullet_needs_a_space():
    """A table.el table in an Org text ('+----+----+' rules, '|' rows: from a line opening with '+-' to one opening
    with neither '+' nor '|') is a table, left out and counted as an Org '|' table is, not a paragraph of its rules
    read as +struck+ text; a '+' opens a list item with a space after it, and the prose around the table is read."""
    rule = "+----------+--------+"
    doc = load_text(f"* Rivers\n+ The river rose.\n{rule}\n| River    | Length |\n{rule}\n| Nile     | 6650   |\n"
                    f"{rule}\n\n+ The fields were green.\n+ Cattle came back.\n", source="rivers.org")
    assert doc.elements == ["Rivers", "The river rose.", "The fields were green.", "Cattle came back."]
    assert doc.meta["left_out"] == {"table and figure lines": 5}


def test_asciidoc_monospace_follows_asciidoctor_and_other_backticks_are_text():
    """AsciiDoc's constrained `monospace` has no space inside its marks and stands at a word's edges; ``unconstrained``
    may be anywhere; a backtick that opens or closes neither is text, not a Markdown code span's mark ('`+a `' and
    'a`b`c' keep their backticks), and a period inside monospace ends no sentence."""
    doc = load_text("= Guide\n\n== Run\n\nType `+a ` and x`y`z here.\n\n"
                    "Then `cd ..` and ``ls``x now. Say `+a+b+` once.\n", source="guide.adoc")
    assert doc.elements[2:] == ["Type `+a ` and x`y`z here.", "Then cd .. and lsx now.", "Say a+b once."]
    two = load_text("= Guide\n\n== Run\n\nSet `x` first. Then set `y` too.\n", source="g.adoc")
    assert two.elements[2:] == ["Set x first.", "Then set y too."]  # two spans, not one from 'x' to 'y'
    escaped = load_text("= Guide\n\n== Run\n\nWrite \\`x` as is.\n", source="g.adoc")
    assert escaped.elements[2:] == ["Write `x` as is."]  # an escaped backtick opens nothing and is one backtick


def test_org_line_breaks_are_marks_and_its_backslashes_are_text():
    """Org's forced line break ('\\\\' at a line's end) is a mark, not text; Org has no backslash escapes, so a
    backslash before a punctuation mark stays (Markdown's escapes are Markdown's)."""
    doc = load_text("* Poem\nThe rain falls \\\\\non the hill. Paths use C:\\tmp\\*.txt here.\n", source="poem.org")
    assert doc.elements == ["Poem", "The rain falls on the hill.", "Paths use C:\\tmp\\*.txt here."]


def test_the_boxes_of_a_task_list_are_marks_not_words():
    """A Markdown task list's boxes ('- [ ] …', '- [x] …'), and so an Org checkbox list's, are taken off the items."""
    doc = load_text("# Chores\n\n- [ ] Buy milk today.\n- [x] Feed the cat.\n- [link](https://example.org) here.\n")
    assert doc.elements == ["Chores", "Buy milk today.", "Feed the cat.", "link here."]
    org = load_text("* Chores\n- [ ] Buy milk today.\n- [X] Feed the cat.\n", source="chores.org")
    assert org.elements == ["Chores", "Buy milk today.", "Feed the cat."]


def test_asciidoc_two_line_titles_are_headings():
    """AsciiDoc's two-line titles (a title over a line of '=', '-', '~' as long as it, give or take one) are headings
    at the underline's level, not an example or listing block; a '----' under a longer line opens a listing."""
    doc = load_text("Rivers\n======\n\nIntro text.\n\nFloods\n------\n\nFloods come.\n\nCauses\n~~~~~~\nRain falls.\n\n"
                    "A paragraph line\n----\ncode here\n----\n\nDroughts\n-------\nDry summers.\n", source="r.adoc")
    assert doc.meta["outline"].title == "Rivers"
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [("Floods", 1), ("Causes", 2),
                                                                         ("Droughts", 1)]
    assert "A paragraph line" in doc.elements and doc.meta["left_out"] == {"code lines": 3}


def test_asciidoc_links_keep_their_text_and_a_phrase_s_role_is_a_mark():
    """An AsciiDoc link is read as its text also when the text starts with '#' (an issue number, not an anchor) or
    holds a code span with brackets; '[.role]' before a '#marked#' phrase is a mark (as pandoc writes them)."""
    doc = load_text("== Changes\n\n* Fixed the cache (Ann Lee)\nhttps://example.org/pull/42[#42]\n* Compare the\n"
                    "https://example.org/spec#slots[`[[Prototype]]`]\nof objects.\n\n"
                    "See link:#create[`create([options])`] first.\n[.emoji]#⚠️# Do not edit the copy.\n",
                    source="changes.adoc")
    assert doc.elements == ["Changes", "Fixed the cache (Ann Lee) #42", "Compare the [[Prototype]] of objects.",
                            "See create([options]) first.", "⚠️ Do not edit the copy."]


def test_org_links_verbatim_and_emphasis_read_as_org_reads_them():
    """An Org link's text runs to ']]' (it may hold brackets); =verbatim= and ~code~ are code, whose brackets are no
    Markdown link; emphasis may span a line break and hold a verbatim (as pandoc writes them)."""
    doc = load_text("* Server\n** =server[Symbol.asyncDispose]()=\nCall [[#listen][=listen([port[, host[, backlog]]])=]]\n"
                    "first. This should be /at\nleast/ as new as V8. Use /=node.lib=/ and ~a\\*b~ here. Only\n"
                    "=Entry=s made after it are sent.\nIt is =false= by default.\n", source="net.org")
    assert [h.title for h in doc.meta["outline"].headings] == ["server[Symbol.asyncDispose]()"]
    assert doc.elements[2:] == ["Call listen([port[, host[, backlog]]]) first.", "This should be at least as new as V8.",
                                "Use node.lib and a\\*b here.", "Only =Entry=s made after it are sent.",
                                "It is false by default."]


ORG_LINES = ["#+TITLE: T", "* Head", "** TODO Sub :tag:", "#+BEGIN_SRC", "#+END_SRC", "#+begin_quote", "#+end_quote",
             ":PROPERTIES:", ":END:", "| a |", "# c", "-----", "\\begin{x}", "\\end{x}", "[fn:1] a note"]
ADOC_LINES = ["= T", "== Section", "----", "////", "____", "|===", "[source,py]", ".Title", "// c", ":toc:",
              "NOTE: Mind it.", "image::x.png[]", "* item", "Title", "======", "-----", "  literal", "```py", "```", "--"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([("x.org", ORG_LINES), ("x.adoc", ADOC_LINES)]).flatmap(
    lambda f: st.tuples(st.just(f[0]), st.lists(st.sampled_from([*f[1], "Plain words here.", "",
                                                                   "a [[x][y]] link:x[y] <<a,b>> z"]), max_size=30))))
def test_any_org_or_asciidoc_loads_or_says_why(name_lines):
    """Org or AsciiDoc made of any mix of headings, blocks (closed or not), drawers and directives: a Document without
    their marks in its elements, or an InputError."""
    name, lines = name_lines
    doc = loaded_or_refused(lambda text: load_text(text, source=name), "\n".join(lines))
    assert doc is None or not any(e.startswith(("#", "=", "----", "////", "|===", ":PROPERTIES", ":END:", "[source"))
                                  or " ## " in e for e in doc.elements)


def test_marks_close_within_their_reach_and_unclosed_ones_are_not_looked_ahead_from(monkeypatch):
    """Org's /emphasis/ (also across a line break) and =verbatim=, AsciiDoc's `+literal+` close within 500 characters
    by the first closing mark; the regex is tried only from an opening with a closing mark within that reach: '/a '
    repeated, which never closes, is not looked ahead from each '/' (it was: 500 characters from each, 30 s a MB)."""
    from segcore import lightmarkup

    def read(text: str, name: str = "x.org") -> str:
        return " ".join(load_text(f"* H\n\n{text}\n", source=name).elements[1:])

    w = "w" * 499  # with the mark's first letter: 500 characters
    assert "/" not in read(f"Say /a{w}/ now.") and "/" in read(f"Say /ab{w}/ now.")
    assert "/" not in read(f"Say /a {w[:400]}\n{w[:400]} b/ now.") and "/" in read("Say /a\n\n b/ now.")
    assert "=" not in read(f"Say =a{w}= now.") and "=" in read("Say =a\nb= now.")
    assert read("Run `+a+b+` and `+x+.", "x.adoc") == "Run a+b and `+x+."
    tried = []

    class Counted:  # the regex, its tries counted
        def __init__(self, regex):
            self.regex = regex

        def match(self, *args):
            tried.append(args)
            return self.regex.match(*args)

    for marked in (*lightmarkup._ORG_MARKS[-2:], lightmarkup._ADOC_MARKS[-2]):
        monkeypatch.setattr(marked[0], "regex", Counted(marked[0].regex))
    assert read("/a " * 5000 + "=a " * 5000) and read("`+a " * 5000, "x.adoc") and not tried
    assert read("/a/ =b= /c") == "a b /c" and len(tried) == 2


def test_unclosed_marks_glued_to_words_are_no_drawn_table_and_unpunctuated_text_is_cut_into_pieces():
    """Org's '=a' and AsciiDoc's '`+a' repeated (no mark closes, no sentence ends) are their text, words with a mark
    glued on: not the rules and borders of a table drawn in characters, which tells nothing of sentences. As plain
    text without sentence punctuation, they are cut into pieces of PSEUDO_SENTENCE words (one 'sentence' of the whole
    text before, refused at sentence level), their words all kept."""
    from segcore.sentences import PSEUDO_SENTENCE

    for name, text in (("x.org", "=a " * 30 * PSEUDO_SENTENCE), ("x.adoc", "`+a " * 30 * PSEUDO_SENTENCE)):
        doc = load_text(text, source=name)
        assert doc.meta["unpunctuated"] and doc.n == 30
        assert {len(e.split()) for e in doc.elements} == {PSEUDO_SENTENCE}
        assert " ".join(doc.elements).replace("`", "").split() == text.replace("`", "").split()
