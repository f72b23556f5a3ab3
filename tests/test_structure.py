"""segcore.structure: headings of Markdown, LaTeX and plain text, the Outline, the structure as a reference, the
back matter, and the CLI's --reference."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from segcore.errors import InputError, ParameterError
from segcore.loaders import left_out_notes, load, load_text
from segcore.plaintext import text_blocks
from segcore.structure import choose_reference, looks_like_title, make_outline, reference, split_number, with_structure
from tests.loading import loaded_or_refused

PAPERS = Path(__file__).resolve().parent / "data" / "papers"

MARKDOWN = """# Notes on Rivers

Rivers carry water to the sea. They shape valleys.

## Floods
Floods happen after heavy rain. They move sediment.

Droughts
--------

Droughts lower the water table. Fish suffer.

```
# a comment in code, not a heading
```

### Causes of Droughts
Little rain falls for months. Farmers irrigate more.
"""

LATEX = r"""\section{Introduction}
We study rivers. They are long.
\subsection[Short]{Data \emph{from} gauges}
Gauges measure the level. They report hourly.
\section*{Conclusion} Rivers matter. We conclude.
"""

PLAIN = """River Studies Today

1 Introduction
Rivers carry water to the sea. They shape valleys.

2 Methods

We measured flow. We measured depth.

2.1 Gauges
Gauges measure the level. They report hourly.

The steps were:
1. Install the gauge
2. Calibrate the gauge

Results And Findings

Flow rose in spring. Depth followed.

3 Discussion of the results

Floods were rare. See [4], eq. (2).

4.

Conclusions

Rivers matter.
"""

UNNUMBERED = """Results And Findings

Flow rose in spring. Depth followed.

Open Questions

Why did the depth follow? Nobody knows.
"""


def heads(doc):
    return [(h.title, h.level, doc.elements[h.element]) for h in doc.meta["outline"].headings]


def test_markdown_headings():
    doc = load_text(MARKDOWN)
    outline = doc.meta["outline"]
    assert outline.title == "Notes on Rivers"  # the lone '#' heading that opens the text
    assert [(h.title, h.level) for h in outline.headings] == [("Floods", 1), ("Droughts", 1),
                                                             ("Causes of Droughts", 2)]
    # each heading is its own element, without its markup, never glued to the next sentence
    assert "Floods" in doc.elements and "Floods happen after heavy rain." in doc.elements
    assert all(doc.elements[h.element] == h.title for h in outline.headings)
    assert not any(e.startswith("#") for e in doc.elements)


README = """# Setup

Install the **tool** with `pip`. It needs [Python](https://python.org) 3.10 ![logo](logo.png).

> [!NOTE]
> Use a _virtual_ environment. It keeps my_var_name clean.

```bash
# not a heading
pip install tool
```

## Usage

| option | meaning |
|---|---|
| -k | segments |

> **Warning**
> Large files take time.

~~~
```
still code
~~~

## License

MIT. Compute 2 * 3 * 4 by hand.

* * *

- First item
  goes on here.
* Second item.
"""


def test_markdown_code_tables_alerts_and_marks_are_not_text():
    """A README: fenced code, a pipe table and alert labels are left out and counted; quote, link, image, code and
    emphasis marks are taken off the words; identifiers and arithmetic keep theirs."""
    doc = load_text(README)
    assert doc.elements == [
        "Setup", "Install the tool with pip.", "It needs Python 3.10.", "Use a virtual environment.",
        "It keeps my_var_name clean.", "Usage", "Large files take time.", "License", "MIT.", "Compute 2 * 3 * 4 by hand.",
        "First item goes on here.", "Second item."]
    assert doc.meta["left_out"] == {"labels": 2, "code lines": 8, "table and figure lines": 3, "rules": 1}
    assert [doc.elements[i] for i in doc.meta["outline"].starts(1)] == ["Usage", "License"]


def test_markdown_numbered_items_html_and_comments():
    """A numbered item is a paragraph without its number (a number inside a paragraph is text unless it is "1.");
    HTML tags are taken off their words, comments, <pre> and <table> blocks left out and counted; a text whose only
    Markdown is a link is read as Markdown."""
    doc = load_text("# Tool\n\nIt has grown since\n2019. It is used now.\n\n1. Install the tool.\n2. Run it on a "
                    "file.\n   It takes time.\n3) Read the output.\n\n<!-- badges\nand notes -->\nA <b>bold</b> "
                    "<a href=\"x\">link</a><br>here, if a < b.\n\n<p align=\"center\"><img src=\"logo.png\"></p>\n\n"
                    "<pre>\nx = 1\n</pre>\n<table>\n<tr><td>a</td></tr>\n</table>\n<!-- a --> It ends.")
    assert doc.elements == ["Tool", "It has grown since 2019.", "It is used now.", "Install the tool.",
                            "Run it on a file.", "It takes time.", "Read the output.", "A bold link here, if a < b.",
                            "It ends."]
    assert doc.meta["left_out"] == {"comments": 2, "code lines": 3, "table and figure lines": 3}
    assert load_text("See [the guide](https://example.org/guide) for *more* on it.\n\n1. One thing.\n2. Another "
                     "thing.").elements == ["See the guide for more on it.", "One thing.", "Another thing."]
    # a target with brackets of its own, brackets inside a link's text, a comment inside a line
    assert load_text("# Planets\n\nRead [Mercury](https://en.wikipedia.org/wiki/Mercury_(planet)) and [the [2nd] "
                     "one](v.html) <!-- todo --> now.").elements == ["Planets", "Read Mercury and the [2nd] one now."]



def test_an_indented_html_comment_does_not_make_a_plain_text_markdown():
    """A plain text that indents its paragraphs and quotes an HTML comment in an indented example is not Markdown: an
    HTML block opens at most 3 spaces in (CommonMark §4.6). Debian Reference's .txt lost 35,000 of its 92,000 words
    to Markdown's indented code for one '    <!-- comment -->' line."""
    text = ("Web pages\n\n    A page holds markup that the browser reads and shows to the\n    reader. Notes for the "
            "authors hide in comments:\n\n        <!-- comment -->\n\n    The browser shows none of them.\n")
    doc = load_text(text)
    assert not doc.meta.get("markdown") and "left_out" not in doc.meta
    assert doc.elements[1:] == ["A page holds markup that the browser reads and shows to the reader.",
                                "Notes for the authors hide in comments:", "<!-- comment -->",
                                "The browser shows none of them."]
    assert load_text("Text here. More text.\n\n   <!-- a note -->\n\nAnd more.").elements == [
        "Text here.", "More text.", "And more."]


def test_markdown_marks_that_span_lines_and_longer_code_spans():
    """A wrapped paragraph's image, link, emphasis or code span may run over a line end (this README's own
    screenshot read as '!' and '[The Explore page: …](assets/screenshot.png)'); a code span may open with two
    backticks to hold one; a line that starts with a code span ending '`100`.' is no numbered item."""
    doc = load_text("# Notes\n\n![The plot (red) and\nthe text](assets/x.png) Then a [link that\nspans](http://x.org) "
                    "two **lines\nof** text.\n\nRun ``a ` b`` or `git\nlog` now, with a delay no less than\n`100`. "
                    "It can be more.")
    assert doc.elements == ["Notes", "Then a link that spans two lines of text.",
                            "Run a ` b or git log now, with a delay no less than 100.", "It can be more."]


def test_a_full_stop_inside_a_markdown_code_span_ends_no_sentence():
    """'To use cmake run `cmake .` in the root directory.' (double-conversion's README) was two sentences, 'To use
    cmake run cmake .' and 'in the root directory.': a code span's periods are code, not the sentence's end; a
    period after a code span, and any in a paragraph indented or quoted, ends one as before."""
    doc = load_text("# Build\n\nTo use cmake run `cmake .` in the root directory. The `np.` prefix names NumPy. "
                    "Run `a. B` too.\n\n  Call `f()`. Then go.\n\n> See `x.` Then `pip install .`\n")
    assert doc.elements == ["Build", "To use cmake run cmake . in the root directory.", "The np. prefix names NumPy.",
                            "Run a. B too.", "Call f().", "Then go.", "See x. Then pip install ."]


def test_markdown_reference_links_read_as_their_text_and_definitions_are_left_out():
    """Reference-style links ('[guide][1]', collapsed '[docs][]', shortcut '[docs]') read as their text and image
    references ('![alt][logo]') go as inline images do, when the label is defined (any case and spacing); the
    definitions ('[1]: https://x.org "Guide"', a title on the next line, a target on the next line) are left out
    and counted, and make a text Markdown. An undefined label, a definition inside a paragraph (CommonMark: it
    cannot interrupt one) and brackets in code stay as written."""
    doc = load_text('See the [guide][1] and [docs]. It helps.\n\n[1]: https://x.org/guide "Guide"\n'
                    '[docs]: https://x.org/docs\n')
    assert doc.elements == ["See the guide and docs.", "It helps."]
    assert doc.meta["left_out"] == {"link definitions": 2}
    doc = load_text("# Links\n\nRead [the Docs][] and [more\nnews][News Page] ![logo][Logo] here. Keep [this][none], "
                    "[x] and `[the docs][]`.\n\n```\n[docs]: /in-code\n```\nA line\n[x]: /not-a-definition\n\n"
                    "[the docs]: <https://x.org/a b>\n  'The docs'\n[news  page]:\n   https://x.org/news\n"
                    "[LOGO]: logo.png")
    assert doc.elements == ["Links", "Read the Docs and more news here.",
                            "Keep [this][none], [x] and [the docs][].", "A line [x]: /not-a-definition"]
    assert doc.meta["left_out"] == {"code lines": 3, "link definitions": 5}
    # after a setext heading's underline a definition may start; a fence is no definition's target
    doc = load_text("Links\n=====\n[a]: https://x.org\n\nRead [a] now. It helps.\n\n[b]:\n```\ncode\n```\n")
    assert doc.elements == ["Links", "Read a now.", "It helps.", "[b]:"]
    assert doc.meta["left_out"] == {"link definitions": 1, "code lines": 3}
    plain = load_text("Mail me at home [2]. Or there.\n\n[1]: home")  # no definition in use: not Markdown, all kept
    assert plain.elements == ["Mail me at home [2].", "Or there.", "[1]: home"]


def test_markdown_backslash_escapes_give_the_character_and_no_markup():
    """A backslash before ASCII punctuation (CommonMark 2.4) gives that character, which then marks nothing: no
    emphasis, heading, item, link or tag; inside code spans and code blocks the backslash stays."""
    doc = load_text("# Steps\n\nStep 1\\. Then \\*not emphasis\\* and \\[not a link\\](x.org) and \\<b\\>, "
                    "a\\\\b, C:\\dir, `a\\*b`.\n\n\\# Not a heading\n\n\\- not an item\n\n"
                    "```\nkeep \\* this\n```\n")
    assert doc.elements == ["Steps", "Step 1.", "Then *not emphasis* and [not a link](x.org) and <b>, a\\b, C:\\dir, "
                            "a\\*b.", "# Not a heading", "- not an item"]
    assert [h.title for h in doc.meta["outline"].headings] == ["Steps"]
    assert load_text("# A \\*star\\* heading\n\nText here.").meta["outline"].headings[0].title == "A *star* heading"
    # a code span's text is kept from the other marks: emphasis, HTML tags, footnote marks, links
    assert load_text("# Code\n\nEdit `__init__.py`, `<br>`, `[^1]: a` and `a[b](c)` now. More text.").elements == [
        "Code", "Edit __init__.py, <br>, [^1]: a and a[b](c) now.", "More text."]


def test_a_markdown_setext_heading_may_span_lines_and_atx_closing_marks_go():
    """A setext heading's text is the whole paragraph above its underline (CommonMark 4.3): 'Long title' over
    'continued' over '=====' was the paragraph 'Long title continued =====' (and, over '---', a paragraph and a
    rule); a list item or a quote above the underline is no paragraph, so '---' under it is a rule, as is one over a
    title. An ATX heading's closing '#'s go, even when they are all its text ('## #' is an empty heading: no block,
    not '#')."""
    blocks, left_out = text_blocks("Long title\ncontinued\n==========\n\nText here. More text.\n\nA second\nlong "
                                   "one\n---\n\nMore here.\n\n- An item\n---\n\n> A quote\n---\n\n## Closed ##\n"
                                   "\nEnd text.\n\n## #\n\n### ###\n\n# Hash#tag \\# #\n\n-------\nVersion 2\n"
                                   "-------\n\nLast text.", True)
    assert [(b.level, b.text) for b in blocks] == [
        (1, "Long title continued"), (0, "Text here. More text."), (2, "A second long one"), (0, "More here."),
        (0, "An item"), (0, "A quote"), (2, "Closed"), (0, "End text."), (1, "Hash#tag #"), (2, "Version 2"),
        (0, "Last text.")]
    assert left_out == {"rules": 3}  # a rule over a title is no line of it
    # prose over an underline is a paragraph and a rule, not a title (fontconfig's text, read as Markdown, had its
    # paragraphs over a table's header rule as headings): more than TITLE_LINES lines, or a sentence or a clause
    # ended before the last line
    blocks, left_out = text_blocks("# Fonts\n\nValues are separated with commas. The name\nneed not include sizes. "
                                   "There are\nconstants too. Here are some\nexamples:\n-----\n\nIt ends. Here.\n"
                                   "Name Meaning\n---\n\nThe constants:\nName Value\n---\n\nLast.", True)
    assert [b.level for b in blocks] == [1, 0, 0, 0, 0] and left_out == {"rules": 3}
    # in a plain text a title under its underline is still one line: a paragraph over '=====' stays text
    assert [(b.level, b.text) for b in text_blocks("Some words\nmore words\n=====\n\nText here.", False)[0]] == [
        (0, "Some words more words ====="), (0, "Text here.")]


def test_markdown_link_definitions_in_block_quotes_are_left_out_and_used():
    """A link reference definition inside a block quote ('> [id]: http://x') is a definition as any other: left out,
    counted and its references read as their text; it cannot interrupt the quote's paragraph, nor is a line after a
    quoted paragraph one (a lazy continuation line), but a quote may open right under a paragraph, and a definition
    follow a quoted heading."""
    blocks, left_out = text_blocks('> Quoted [id] text.\n>\n> [id]: http://x.org "T"\n> [two]:\n>   http://y.org\n\n'
                                   "See [id] and [two].\n\n> A line\n[three]: http://z.org\n\n> More\n> [four]: /f\n\n"
                                   "Keep [three] and [four].\nPara text\n> [five]: http://v.org\n\nUse [five].", True)
    assert [b.text for b in blocks] == ["Quoted id text.", "See id and two.", "A line [three]: http://z.org",
                                        "More [four]: /f", "Keep [three] and [four]. Para text", "Use five."]
    assert left_out == {"link definitions": 4}
    assert [b.text for b in text_blocks("> ## Head\n> [six]: /six\n\nUse [six].", True)[0]] == ["Head", "Use six."]


def test_a_markdown_backslash_at_a_line_end_is_a_hard_line_break():
    """A backslash at the end of a paragraph's line (not its last) is a hard line break (CommonMark 6.7), read as the
    line break's space, not a backslash in the text; an escaped backslash ('\\\\') before a line end, one in a code
    span and one at the paragraph's end stay; in a heading over two lines too. Org has no such breaks."""
    blocks, _ = text_blocks("Two\\\nlines\n===\n\nFirst line\\\nsecond line, `a\\\nb` and c\\\\\nd, e\\", True)
    assert [b.text for b in blocks] == ["Two lines", "First line second line, a\\ b and c\\ d, e\\"]
    assert load_text("* Paths\nSee C:\\\nand D:\\ here.\n", source="p.org").elements == ["Paths",
                                                                                  "See C:\\ and D:\\ here."]


def test_markdown_badges_and_linked_images_leave_no_brackets():
    """A README's badges, images inside links ('[![build](b.svg)](https://ci)', by reference too), read as
    nothing, as every image does: they left '[](https://ci)' and '[]cov' in the text."""
    blocks, _ = text_blocks("# Tool\n\n[![Build](https://ci/b.svg)](https://ci/y) [![Cov](c.png)][cov]\n"
                            "A tool [with ![icon](i.png) an icon](https://x) and [cov].\n\n[cov]: https://cov\n", True)
    assert [b.text for b in blocks] == ["Tool", "A tool with an icon and cov."]


def test_markdown_entities_and_character_references_read_as_their_characters():
    """'&amp;', '&copy;', '&#8212;', '&#x2014;' read as their characters (CommonMark 6.2), which then mark nothing
    ('&#42;' is a star, no emphasis), in headings too; not in code spans or code blocks, not after a backslash, nor
    a name HTML does not define or one without its ';' ('?a=1&sect=2' stays); Org has no entities."""
    blocks, left_out = text_blocks("# Caf&eacute; &amp; more\n\nA &amp; B &copy; 2024 &#8212; x&#x2014;y, `&amp;` and "
                                   "\\&amp; stay; &nosuch; &notit; &notin; &#42;a&#42; AT&T ?a=1&sect=2 &#0;.\n\n"
                                   "```\n&amp;\n```", True)
    assert [b.text for b in blocks] == ["Café & more", "A & B © 2024 — x—y, &amp; and &amp; stay; &nosuch; &notit; "
                                        "∉ *a* AT&T ?a=1&sect=2 \ufffd."]
    assert left_out == {"code lines": 3}
    assert load_text("* Notes\nSalt &amp; pepper here.\n", source="n.org").elements == [
        "Notes", "Salt &amp; pepper here."]


def test_a_markdown_line_with_a_bar_is_still_read_for_definitions_and_html():
    """A line holding '|' outside a table (a link definition's title 'a | b', a target or a label with a bar, an HTML
    comment's first line) was taken for a table's row and read for nothing else: the definition stayed text and its
    references unread, the comment's lines uncounted; the rows of a real table are still left out as table lines."""
    blocks, left_out = text_blocks('See [id] and [x|y] now.\n\n[id]: http://x.org "a | b"\n[x|y]: http://y.org/a|b\n\n'
                                   "<!-- a | b\nmore -->\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nText.", True)
    assert [b.text for b in blocks] == ["See id and x|y now.", "Text."]
    assert left_out == {"link definitions": 2, "comments": 2, "table and figure lines": 3}


def test_markdown_code_fenced_inside_list_items():
    """A fence indented under a list item, as READMEs put install steps ('1.  Run:' then '    ```bash'), even in a
    nested item, is code left out; the old reader kept it as text, and a fence it missed turned the rest of the
    file into code. Outside a list, lines indented 4 spaces after a blank line are an indented code block, a fence
    among them too (it opens no fenced block); inside a list they are the item's text."""
    doc = load_text("# Install\n\n1.  Make an environment for it.\n\n    ```bash\n    python -m venv .venv\n"
                    "    ```\n\n- Then:\n  - Import it.\n\n      ```python\n      import foo\n      ```\n\n"
                    "   ~~~\n   foo.run()\n   ~~~\n\nIt runs.")
    assert doc.elements == ["Install", "Make an environment for it.", "Then:", "Import it.", "It runs."]
    assert doc.meta["left_out"] == {"code lines": 9}
    shown = load_text("# Fences\n\nA fence is written so:\n\n    ```\n    pip install foo | tee log\n\n    ```\n\n"
                      "That line is shown, not read.\n\n- An item.\n\n    More of the item.")
    assert shown.elements == ["Fences", "A fence is written so:", "That line is shown, not read.", "An item.",
                              "More of the item."]
    assert shown.meta["left_out"] == {"code lines": 3}


def test_markdown_front_matter_and_footnotes_are_not_text():
    """Jekyll's, pandoc's or Hugo's front matter and Markdown footnotes (a mark in the text, its note below) are left
    out and counted; a block between rules that is not all YAML stays text."""
    doc = load_text("---\ntitle: Volcanoes\ntags:\n  - geology\n# a comment\n---\n\n# Lava\n\nLava flows.[^1] It "
                    "cools.[^note]\n\n[^1]: When it is hot.\n    Very hot.\n\n    Still the note.\n[^note]: Slowly.\n\n"
                    "# Ash\n\nAsh falls. It covers cars.\n")
    assert doc.elements == ["Lava", "Lava flows.", "It cools.", "Ash", "Ash falls.", "It covers cars."]
    assert doc.meta["left_out"] == {"front matter": 6, "footnotes": 4}
    toml = load_text('+++\ntitle = "Ash"\n[params]\ndraft = true\n+++\n\nAsh falls. It covers cars.')
    assert toml.elements == ["Ash falls.", "It covers cars."] and toml.meta["left_out"] == {"front matter": 5}
    prose = load_text("---\nWarning: a draft. Read it with care.\nIt has two lines.\n---\n\nAsh falls. It covers cars.")
    assert "It has two lines." in prose.elements and "front matter" not in prose.meta.get("left_out", {})



def test_a_heading_quoted_in_markdown_is_quoted_words_not_a_section():
    """A heading inside a block quote (ATX or setext) is quoted material: its words a paragraph of their own, without
    the quote's or the heading's marks, and no section; a rule inside a quote is left out as rules are."""
    doc = load_text("# Guide\n\nIntro text here.\n\n> ## Quoted heading\n> quoted text here.\n\n> Quoted title\n"
                    "> ------------\n> Body line.\n>\n> ***\n> After the rule.\n\n## Next\n\nEnd text here.\n")
    assert doc.elements == ["Guide", "Intro text here.", "Quoted heading", "quoted text here.", "Quoted title",
                            "Body line.", "After the rule.", "Next", "End text here."]
    assert [h.title for h in doc.meta["outline"].headings] == ["Next"] and doc.meta["left_out"] == {"rules": 1}
    assert {2, 3, 4, 5, 6} <= set(doc.meta["paragraphs"])

@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["# Title", "## Part two", "```", "~~~", "| a | b |", "|---|---|", "> [!TIP]",
                                 "> **Note**", "", "Plain words here.", "A *marked* `span` [link](u) line.",
                                 "* a list item", "![alt](x.png)", "<!-- a comment -->", "Warning:", "2. an item",
                                 "<!-- open", "-->", "<b>bold</b> <br>", "<pre>", "</pre>", "<table>", "---",
                                 "title: x", "[^1]: a note", "    indented", "a mark[^1] here",
                                 "  - a nested item", "- an item:\n\n    ```", "[1]: https://x.org 'X'", "[a][1] \\*b\\*",
                                 "[1]:", "![i][1] `[1]`"]),
                max_size=30))
@example(['# Title', '# Title', '', '<b>bold</b> <br>'])  # two '#' lines of one level: a comment block
def test_any_markdown_loads_or_says_why(lines):
    """Markdown made of any mix of headings, fences, tables, alerts and marks: a Document, or an InputError; read as
    Markdown (a fence, a table rule, an alert, a comment, or '#' lines that read as headings: segcore.atx), none of
    its marks left."""
    doc = loaded_or_refused(load_text, "\n".join(lines))
    markdown = any(ln.startswith(("```", "~~~", "|---", "> [!", "<!--")) for ln in lines) or (
        doc is not None and doc.meta.get("markdown"))
    assert doc is None or not any(e.startswith(("```", "~~~", "|---", "> [!", "<!--"))
                                  or (markdown and "<b>" in e) for e in doc.elements)


def test_latex_headings():
    doc = load_text(LATEX)
    assert heads(doc) == [("Introduction", 1, "Introduction"), ("Data from gauges", 2, "Data from gauges"),
                          ("Conclusion", 1, "Conclusion")]
    assert "Rivers matter." in doc.elements  # text after \section*{...} on the same line


def test_plain_text_headings_numbered_and_title_case():
    doc = load_text(PLAIN)
    titles = [(h.title, h.level, h.number) for h in doc.meta["outline"].headings]
    # numbered headings make numbering the text's convention: an unnumbered title-case line is not a heading then,
    # but its first line is (the title) and so is a lone number over a title ("4." then "Conclusions")
    assert titles == [("River Studies Today", 1, None), ("1 Introduction", 1, "1"), ("2 Methods", 1, "2"),
                      ("2.1 Gauges", 2, "2.1"), ("3 Discussion of the results", 1, "3"), ("4. Conclusions", 1, "4")]
    assert not any("Install the gauge" == h.title for h in doc.meta["outline"].headings)  # a list, not headings
    assert "Conclusions" not in doc.elements and "4." not in doc.elements
    assert [h.title for h in load_text(UNNUMBERED).meta["outline"].headings] == ["Results And Findings",
                                                                                 "Open Questions"]


SCREENPLAY = """INT. KITCHEN - NIGHT

Mary stands at the stove. The kettle whistles.

                    MARY
          I told you not to come back.

12 EXT./INT. HARBOUR - DAWN 12

The boats rock in the grey water. Gulls circle overhead.

The int. value of a pier is its length. EXT. walls stand.
"""


def test_letters_under_roman_numerals_are_subsections_in_a_text():
    """An IEEE paper pasted as text ('II. METHODS' over 'A. Data Collection'): its lettered headings are subsections,
    as in its PDF (segcore.pdfheadings), not sections of their own."""
    para = "We measured the flow at ten stations. The results held across the seasons."
    text = "\n\n".join(["I. INTRODUCTION", para, "II. METHODS", para, "A. Data Collection", para, "B. Analysis", para,
                        "III. RESULTS", para, "IV. DISCUSSION", para])
    doc = load_text(text)
    assert [(h.title, h.level) for h in doc.meta["outline"].headings] == [
        ("I. INTRODUCTION", 1), ("II. METHODS", 1), ("A. Data Collection", 2), ("B. Analysis", 2),
        ("III. RESULTS", 1), ("IV. DISCUSSION", 1)]
    assert len(reference(doc.meta["outline"], "sections")) == 4


def test_letters_between_arabic_sections_are_subsections_in_a_text():
    """A paper pasted as text with lettered subsections between its numbered sections ('2. Methods' / 'A. Setup' /
    'B. Results' / '3. Discussion'): the letters are a level under the section (structure.numbering_depths, as in
    its PDF), not sections of their own; after the last section, an appendix's letter stays on top."""
    para = "We measured the flow at ten stations. The results held across the seasons."
    text = "\n\n".join(["1. Introduction", para, "2. Methods", para, "A. Setup", para, "B. Results", para,
                        "3. Discussion", para, "A. Proofs", para])
    assert [(h.title, h.level) for h in load_text(text).meta["outline"].headings] == [
        ("1. Introduction", 1), ("2. Methods", 1), ("A. Setup", 2), ("B. Results", 2), ("3. Discussion", 1),
        ("A. Proofs", 1)]

def test_a_screenplays_scene_headings_are_its_sections():
    """Scene headings (sluglines) in capitals are a screenplay's sections, each one element ("INT." is no sentence);
    a sentence that merely starts with such a word is not one, nor is a lone slugline-like line."""
    doc = load_text(SCREENPLAY)
    assert [h.title for h in doc.meta["outline"].headings] == ["INT. KITCHEN - NIGHT", "12 EXT./INT. HARBOUR - DAWN 12"]
    assert doc.elements[0] == "INT. KITCHEN - NIGHT" and "INT." not in doc.elements
    assert "outline" not in load_text(SCREENPLAY.split("12 EXT")[0]).meta


def test_a_heading_wrapped_by_a_pdf_to_text_tool_is_joined_not_a_sentence():
    """pdftotext prints an ACM paper's "2 CHARACTERIZING EXPOSITORY WRITING" as a lone number over two lines; a
    title-case heading may wrap too. A short first line of a paragraph under a heading is not its title."""
    text = ("1\n\nINTRODUCTION\n\nWriting is hard. Tools help.\n\n2\n\nCHARACTERIZING EXPOSITORY\nWRITING\n\n"
            "Expository writing is evidence-based. It makes knowledge.\n\n3 Designing AI Supports for\n"
            "Expository Writing\n\nWe argue for three parts. They work.\n\n4 Results\nWe found more\n"
            "than we hoped for in the data.\n\nThat is all.\n\n5 LIMITS OF THE\nMETHOD\nOur evaluation covers two "
            "subjects. It is small.\n")  # pdftotext -layout: no blank line under a heading in capitals
    doc = load_text(text)
    assert [h.title for h in doc.meta["outline"].headings] == [
        "1. INTRODUCTION", "2. CHARACTERIZING EXPOSITORY WRITING", "3 Designing AI Supports for Expository Writing",
        "4 Results", "5 LIMITS OF THE METHOD"]
    assert "Our evaluation covers two subjects." in doc.elements
    assert "WRITING" not in doc.elements and "Expository Writing" not in doc.elements
    assert "We found more than we hoped for in the data." in doc.elements


def test_formula_lines_are_not_headings():
    text = "Intro text here. It goes on.\n\nthe number of probes:\ni=1\n# elements\n1\n\nAij =\n\nMore text. Done."
    assert "outline" not in load_text(text).meta  # neither '# elements' inside a formula nor 'Aij ='"


def test_a_markdown_heading_may_interrupt_a_paragraph():
    """Notes typed without a blank line above each '## ' heading (CommonMark reads them as headings): sections, not
    '## Decisions We will ship on Friday.' glued into a sentence; a lone '# elements' in a formula stays text."""
    doc = load_text("# Meeting Notes\n\nWe met to plan the release.\n## Decisions\nWe ship on Friday. Ann owns the "
                    "changelog.\n## Open questions\nWho writes the post? Nobody.\n")
    assert [h.title for h in doc.meta["outline"].headings] == ["Decisions", "Open questions"]
    assert "Decisions" in doc.elements and not any("#" in e for e in doc.elements)


def test_the_items_of_a_list_in_a_plain_text_are_paragraphs_of_their_own():
    """A list typed under its lead-in ('please:' then '1. Lock the door' …) was one paragraph: 'please: 1. Lock the
    door 2. Turn off the lights 3.' and 'Feed the cat' were its sentences. Each item is a paragraph without its
    number or bullet, as in Markdown; a lone line that starts with a number is left as it is."""
    doc = load_text("We went out. It rained.\n\nBefore you leave, please:\n1. Lock the door\n2. Turn off the lights\n"
                    "3. Feed the cat\n\nShopping:\n- milk\n- eggs\n\nIt was 5 degrees or\n- 5 at night. We left.\n")
    assert doc.elements[2:9] == ["Before you leave, please:", "Lock the door", "Turn off the lights", "Feed the cat",
                                 "Shopping:", "milk", "eggs"]
    assert doc.meta["paragraphs"][1:7] == [2, 3, 4, 5, 6, 7]
    assert "It was 5 degrees or - 5 at night." in doc.elements



def test_a_plain_text_s_numbered_items_run_in_sequence():
    """A plain text's numbered list is read as a PDF's (segcore.printed.numbered_items): lines whose numbers run in
    sequence at one indent ('a)' then 'b)', as libldap's README.Debian lists its solutions). Two wrapped lines that
    start with numbers ('… in' / '2019. The next …', '… to' / '40. Each …') were items with their numbers taken
    off; two copyright lines that open with '(c)' were items without it. A sub-number one column further in
    ('  1.1.', Mozilla's licence) is no item of the list."""
    wrapped = ["The survey of the rivers of the north was first planned by the water board of the region in",
               "2019. The next year the first gauges were set along the banks of the three rivers, and in two",
               "years the number of gauges that sent their readings to the board every hour grew from six to",
               "40. Each gauge reads the height of the water every hour, and the board reads them every week."]
    solutions = ["Possible solutions to this problem are:", "",
                 "a) use another shell that does not utilize getpwuid for getting info",
                 "   about the current user (take dash for example).",
                 "b) make sure that the nsswitch.conf is replaced by a version which does",
                 "   not mention ldap before the system is shut down.", "c) move the libraries to /lib."]
    notices = ["(c) Copyright 1995, 1996, 1997 J. Knappen, Mainz", "(c) Copyright 1990, 1992 N. Schwarz, Bochum"]
    terms = [" 1. Definitions.", "  1.1. A contributor is one who writes the code.", " 2. Source Code License."]
    blocks, _ = text_blocks("\n".join(wrapped + [""] + solutions + [""] + notices + [""] + terms) + "\n",
                            markdown=False)
    assert [b.text for b in blocks] == [
        " ".join(wrapped), "Possible solutions to this problem are:",
        "use another shell that does not utilize getpwuid for getting info about the current user (take dash for "
        "example).", "make sure that the nsswitch.conf is replaced by a version which does not mention ldap before the "
        "system is shut down.", "move the libraries to /lib.", " ".join(notices),
        "Definitions. 1.1. A contributor is one who writes the code.", "Source Code License."]


def test_a_plain_text_s_names_with_initials_in_sequence_are_no_list():
    """Three authors whose initials run A., B., C. at the starts of lines ('A. Smith' / 'B. Jones' / 'C. Brown', an
    author block) were a lettered list, each name read without its initial ('Smith'); names with an affiliation
    ('A. Smith, Department of Water') too. A series of sentences lettered so is still a list."""
    names = ["A. Smith", "B. Jones", "C. Brown"]
    affiliated = ["A. Smith, Department of Water, University of the North",
                  "B. Jones, Department of Land, University of the South",
                  "C. Brown, Institute of the Rivers, Northtown"]
    series = ["A. Use the title of the report on its cover.", "B. List the names of its authors.",
              "C. State the name of the board that paid for it."]
    blocks, _ = text_blocks("\n".join(names + [""] + affiliated + [""] + series) + "\n", markdown=False)
    assert [b.text for b in blocks] == [" ".join(names), " ".join(affiliated), "Use the title of the report on its "
                                        "cover.", "List the names of its authors.",
                                        "State the name of the board that paid for it."]


def test_a_plain_text_s_numbered_references_open_entries_and_keep_their_labels():
    """References labelled '[1]', '[2]' in one paragraph open entries of their own, as a PDF's (numbered_items reads
    a run of labels), their labels kept; a citation '[3]' wrapped to a line's start stays in its paragraph."""
    refs = ["[1] A. Smith. Reading the gauges. Journal of Water, 12:1-10, 2019,", "and its second part, 2020.",
            "[2] C. Brown. Counting the floods. Journal of Land, 3:5-9, 2020."]
    stray = ["The board counted the gauges on the rivers, as the last survey had done in", "[3] and after it."]
    blocks, _ = text_blocks("\n".join(stray + [""] + refs) + "\n", markdown=False)
    assert [b.text for b in blocks] == [" ".join(stray), " ".join(refs[:2]), refs[2]]


def test_a_plain_text_list_of_short_items_after_a_lead_in_stays_a_list():
    """A README's steps under a lead-in without a colon ('Installation steps' / '1. Download the archive' / '2. Unpack
    it'): the wrapped-line guard of numbered_items ('… in' / '3. The year …') took them for one paragraph. A line
    that ends mid-sentence wraps only when it is long (a text wrapped at a width runs close to it), and a list's
    '1.' opens it."""
    steps = ["Read this first. The tool segments texts into topics and writes them out again for you.", "",
             "Installation steps", "1. Download the archive", "2. Unpack it", "3. Run make", "",
             "To build it you need", "1. a C compiler", "2. make"]
    blocks, _ = text_blocks("\n".join(steps) + "\n", markdown=False)
    assert [b.text for b in blocks] == [steps[0], "Installation steps", "Download the archive", "Unpack it",
                                        "Run make", "To build it you need", "a C compiler", "make"]


def test_an_e_mail_signature_separator_is_no_setext_underline():
    """'Cheers' over '--' (a signature's separator) made the text marked up: a heading 'Cheers' and none of its
    numbered sections."""
    text = ("Flood Report\n\n1 Introduction\n\nRivers rose. Towns flooded.\n\n2 Methods\n\nWe measured flow. "
            "It rose.\n\n3 Results\n\nFlow doubled. Depth followed.\n\nCheers\n--\nBob Smith\n")
    assert [h.title for h in load_text(text).meta["outline"].headings] == [
        "Flood Report", "1 Introduction", "2 Methods", "3 Results"]


def test_the_labels_of_note_boxes_are_neither_sections_nor_sentences():
    """A manual's 'Note:' or 'WARNING' line (DocBook and Texinfo PDFs print them as bold headings) is left out and
    counted; the box's text and the real sections stay."""
    doc = load_text("# Install\n\nRun it. It works.\n\nNote:\n\nBack up first.\n\nWARNING\n\nDo not unplug the "
                    "machine while it runs.\n\n# Use\n\nStart it. Enjoy it.\n\nA note on tips\n\nTips help.")
    assert doc.elements[3:5] == ["Back up first.", "Do not unplug the machine while it runs."]
    assert doc.meta["left_out"] == {"labels": 2} and doc.meta["outline"].starts(1) == [5]
    assert "A note on tips" in doc.elements


def test_text_without_headings_has_no_outline():
    doc = load_text("The cat sat on the mat. The dog ran away.\n\nIt rained all day. We stayed in.")
    assert "outline" not in doc.meta


@pytest.mark.parametrize("line,expected", [
    ("3.2 Results", ("3.2", "Results")), ("A.1 Proofs", ("A.1", "Proofs")), ("IV. RESULTS", ("IV", "RESULTS")),
    ("A. Hardware", ("A", "Hardware")), ("A Study of Rivers", (None, "A Study of Rivers")),
    ("I think so", (None, "I think so")), ("2021. SPECTER", (None, "2021. SPECTER"))])
def test_split_number(line, expected):
    assert split_number(line) == expected


def test_looks_like_title():
    assert looks_like_title("Related Work") and looks_like_title("ABSTRACT") and looks_like_title("What Is Flow?")
    assert not looks_like_title("the flow rose in spring") and not looks_like_title("It ends here.")
    assert not looks_like_title("A very long line that has far too many words to be any kind of heading at all")


def test_reference_sections_and_subsections():
    doc = load_text(MARKDOWN)
    outline = doc.meta["outline"]
    floods, droughts, causes = (h.element for h in outline.headings)
    assert reference(outline, "sections") == [floods, droughts, doc.n]
    assert reference(outline, "subsections") == [floods, droughts, causes, doc.n]
    assert with_structure(doc, "subsections").reference == [floods, droughts, causes, doc.n]
    with pytest.raises(ParameterError, match="sections, subsections"):
        reference(outline, "chapters")
    with pytest.raises(InputError, match="no section headings"):
        reference(None)


@pytest.mark.parametrize("text", [
    "My Trip to Rome\n\nArrival\n\nWe came by train. It was late.\n\nThe Forum\n\nIt is old. It is big.\n",
    "My Trip to Rome\n===\n\nArrival\n---\n\nWe came by train. It was late.\n\nThe Forum\n---\n\nIt is old. "
    "It is big.\n"])
def test_a_title_over_the_first_section_opens_it(text):
    """A document's title just above its first heading opens the first section: no segment of the title alone."""
    doc = load_text(text)
    forum = next(h.element for h in doc.meta["outline"].headings if h.title == "The Forum")
    assert with_structure(doc).reference == [forum, doc.n]


def test_a_section_over_its_first_subsection_opens_it():
    doc = load_text("# Guide\n\nRead this. It helps.\n\n## Install\n\n### Linux\n\nUse apt. It works.\n\n"
                    "### Windows\n\nUse the installer. It works.\n\n## Usage\n\nRun it. It runs.\n\n## Empty\n")
    at = {h.title: h.element for h in doc.meta["outline"].headings}
    assert reference(doc.meta["outline"], "subsections") == [at["Install"], at["Windows"], at["Usage"], doc.n]
    assert reference(doc.meta["outline"], "sections") == [at["Install"], at["Usage"], doc.n]


def test_single_section_gives_no_reference():
    outline = make_outline([("Intro", 1, 0, None)], 5)
    with pytest.raises(InputError, match="single section"):
        reference(outline)


def test_word_level_outline_points_at_words():
    doc = load_text(LATEX, level="word")
    outline = doc.meta["outline"]
    assert [doc.elements[h.element] for h in outline.headings] == ["introduction", "data", "conclusion"]


def test_back_matter_left_out_by_default():
    text = "1 Introduction\n\nRivers are long. They flow.\n\n2 Results\n\nFlow rose. Depth fell.\n\nReferences\n\n" \
           "Smith, J. 2019. Rivers. Water Journal.\n\nA Appendix Tables\n\nMore numbers here. And here."
    doc = load_text(text)
    assert doc.meta["back_matter"] == {"heading": "References", "kept": False, "blocks": 4}
    assert not any("Smith" in e for e in doc.elements)
    kept = load_text(text, keep_back_matter=True)
    assert kept.meta["back_matter"]["kept"] and any("Smith" in e for e in kept.elements)
    assert [b.text for b in text_blocks(text)[0]][-2] == "A Appendix Tables"


def test_sections_after_a_readmes_reference_list_are_kept():
    """Only the reference list (and back matter by name after it) is left out of a README; 'Contributing' and
    'License' after it are the text's sections, and what was left out is counted and said."""
    text = ("# Tool\n\nIt parses logs. It is fast.\n\n## Usage\n\nRun it on a file. It prints a table.\n\n"
            "## References\n\n- Smith, J. (2020). Logs. Journal.\n- Doe, A. (2019). Parsing. Journal.\n\n"
            "## External links\n\n- The home page.\n\n## Contributing\n\nOpen an issue first. Then send a patch.\n\n"
            "## License\n\nMIT. See the file.\n")
    doc = load_text(text)
    assert doc.meta["back_matter"] == {"heading": "References", "kept": False, "blocks": 5, "until": "Contributing"}
    assert not any("Smith" in e or "home page" in e for e in doc.elements)
    assert [h.title for h in doc.meta["outline"].headings] == ["Usage", "Contributing", "License"]
    assert "from the heading 'References' up to the heading 'Contributing'" in " ".join(left_out_notes(doc))
    assert any("Smith" in e for e in load_text(text, keep_back_matter=True).elements)


@pytest.mark.parametrize("text, heading", [
    ("# Appendicitis\n\n## Introduction\n\nIt hurts. It swells.\n\n## Appendix Removal in Children\n\nSurgeons "
     "operate. Children heal.\n\n## Results\n\nAll recovered. None returned.\n\n## References\n\nSmith, J. 2019.",
     "Appendix Removal in Children"),
    ("1. Background\n\nThe bridge is old. It shakes.\n\n2. Options\n\nThere are two. Both cost.\n\nA. Build a New "
     "Bridge\n\nIt takes years. It costs more.\n\nB. Repair the Old Bridge\n\nIt takes months. It costs less.\n\n"
     "3. Recommendation\n\nRepair it. Soon.\n\nReferences\n\nSmith, J. 2019. Bridges.", "3. Recommendation")])
def test_an_appendix_heading_followed_by_the_texts_sections_is_not_back_matter(text, heading):
    """A section titled 'Appendix …' or lettered 'A.' with sections of its rank after it, before the reference
    list, is the text's: it and all that followed were left out with the reference list."""
    doc = load_text(text)
    assert doc.meta["back_matter"]["heading"] == "References" and heading in doc.elements


@pytest.mark.parametrize("text, heading, kept_out", [
    ("# Les crues\n\n## Introduction\n\nLe fleuve déborde au printemps. Les quais sont inondés.\n\n## Résultats\n\n"
     "Le débit a augmenté. La hauteur a baissé.\n\n## Références\n\nDupont, J. 2019. Les fleuves. Revue.\n\n"
     "## Annexe A\n\nDes tableaux ici. Et encore ici.\n", "Références", ("Dupont", "tableaux")),
    ("1 Einleitung\n\nDer Fluss tritt im Frühjahr über die Ufer. Die Kais stehen unter Wasser.\n\n2 Ergebnisse\n\n"
     "Der Abfluss stieg. Der Pegel fiel.\n\nLiteratur\n\nMüller, J. 2019. Flüsse. Zeitschrift für Wasser.\n\n"
     "Anhang\n\nWeitere Zahlen hier. Und hier.", "Literatur", ("Müller", "Zahlen")),
    ("1 Introducción\n\nEl río se desborda en primavera. Los muelles se inundan.\n\n2 Resultados\n\nEl caudal subió. "
     "El nivel bajó.\n\nReferencias bibliográficas\n\nGarcía, J. 2019. Los ríos. Revista del agua.\n\n",
     "Referencias bibliográficas", ("García",))])
def test_a_reference_list_in_another_language_is_back_matter(text, heading, kept_out):
    """A French, German or Spanish paper's reference list and appendix are left out as an English one's are."""
    doc = load_text(text)
    assert doc.meta["back_matter"]["heading"] == heading and not doc.meta["back_matter"]["kept"]
    assert not any(word in e for e in doc.elements for word in kept_out)
    assert any(word in e for e in load_text(text, keep_back_matter=True).elements for word in kept_out)


def test_choose_reference_modes():
    ref_file = load(Path(__file__).resolve().parent / "data" / "choi_1_0.ref")
    assert choose_reference(ref_file, "auto").reference == ref_file.reference
    assert choose_reference(ref_file, "sections").reference is None  # no headings in a Choi file
    doc = load_text(MARKDOWN)
    assert choose_reference(doc, "auto").reference == reference(doc.meta["outline"])
    assert choose_reference(doc, "file").reference is None
    with pytest.raises(ParameterError):
        choose_reference(doc, "bogus")


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "segcore", *args], capture_output=True, text=True, timeout=300)


def test_cli_segment_scores_against_the_sections(tmp_path):
    f = tmp_path / "notes.md"
    f.write_text(MARKDOWN)
    r = run_cli("segment", str(f), "--method", "cvs", "--k", "3", "--reference", "sections")
    assert r.returncode == 0, r.stderr
    assert "against the document's sections (3 segments): Pk" in r.stderr
    r = run_cli("segment", str(PAPERS / "lexical_chains.pdf"), "--k", "5", "--reference", "subsections", "--to",
                "json")
    out = json.loads(r.stdout)
    assert set(out["scores"]) >= {"pk", "windowdiff", "f1"} and len(out["reference"]) == 14


def test_cli_segment_reference_needs_headings(tmp_path):
    f = tmp_path / "plain.txt"
    f.write_text("The cat sat on the mat. The dog ran away. It rained all day.")
    r = run_cli("segment", str(f), "--reference", "sections")
    assert r.returncode == 2 and "no section headings" in r.stderr


def test_cli_evaluate_uses_the_structure_of_texts_and_pdfs(tmp_path):
    (tmp_path / "notes.txt").write_text(MARKDOWN)
    (tmp_path / "paper.pdf").write_bytes((PAPERS / "river_sensors.pdf").read_bytes())
    (tmp_path / "plain.txt").write_text("No headings here. Just text.\n\nMore text here. And more.")
    r = run_cli("evaluate", str(tmp_path), "--method", "cvs", "--json")
    out = json.loads(r.stdout)
    assert out["summary"]["documents"] == 2
    assert r.returncode == 2 and "plain.txt: no reference" in r.stderr
    r = run_cli("evaluate", str(tmp_path), "--reference", "file")
    assert r.returncode == 2 and "no document with a reference" in r.stderr


def test_left_out_counts_read_in_the_singular_for_one():
    from segcore.structure import left_out_phrase
    assert left_out_phrase({"comments": 1, "code lines": 4, "overlays": 1}) == \
        "comments (1 line), code blocks (4 lines), the earlier steps of slides built up step by step (1 page)"


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


def test_a_longer_code_fence_holds_shorter_fences():
    """A Markdown code fence closes only at a fence of its own character at least as long (CommonMark 4.5): a
    '````' block that shows '```' fences (a MyST directive, a README showing Markdown) is code to its '````'."""
    doc = load_text("# Bundles\n\nMake one first.\n\n````{admonition} Example\nCreate it:\n\n```\n$ mktemp -d\n"
                    "$ pip wheel -r req.txt\n```\n````\n\n~~~~\n~~~\nnot prose\n~~~~\n\nThen install it.\n")
    assert doc.elements == ["Bundles", "Make one first.", "Then install it."]
    assert doc.meta["left_out"] == {"code lines": 11}


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
