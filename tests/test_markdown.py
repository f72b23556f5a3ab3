"""Markdown read as its readers read it (segcore.plaintext, segcore.mdinline): headings (ATX, setext), code spans and
fences, links and their definitions, escapes, entities, HTML and comments, front matter and footnotes, badges;
any Markdown loads or says why."""
from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from segcore.loaders import load_text
from segcore.mdinline import EMPHASIS, inline, shows_marks
from segcore.plaintext import text_blocks
from tests.loading import loaded_or_refused
from tests.sampletexts import MARKDOWN


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


def test_emphasis_closes_on_its_line_within_its_length_and_unclosed_marks_stay():
    """Emphasis closes with the same marks, the first that end a run, on its line and within EMPHASIS characters; with
    3 marks, else 2, else 1; marks that never close stay, however many there are ('*a _b ' repeated: each opening
    mark is read once, not looked for a closing one EMPHASIS characters on)."""
    x = "x" * EMPHASIS
    assert inline(f"a *{x}* b") == f"a {x} b" and inline(f"a *{x}x* b") == f"a *{x}x* b"
    assert inline("a *b\nc* d") == "a *b\nc* d" and inline("a **b** c") == "a b c" and inline("a ***b*** c") == "a b c"
    assert inline("***a** b*") == "*a b*"  # '***' does not close: '**' does, one '*' is left in the text
    assert inline("2 * 3 * 4 and my_var_name") == "2 * 3 * 4 and my_var_name"
    crafted = "*a _b " * 100_000  # 600 kB: nothing closes
    assert inline(crafted) == crafted
    assert shows_marks("**a** " + crafted) and not shows_marks(crafted) and not shows_marks("x **a\nb**")


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
    # in a plain text a title under its underline is still one line: a paragraph over '=====' stays text, and the
    # '=====' under it is a rule
    blocks, left_out = text_blocks("Some words\nmore words\n=====\n\nText here.", False)
    assert [(b.level, b.text) for b in blocks] == [(0, "Some words more words"), (0, "Text here.")]
    assert left_out == {"rules": 1}


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


def test_a_markdown_heading_may_interrupt_a_paragraph():
    """Notes typed without a blank line above each '## ' heading (CommonMark reads them as headings): sections, not
    '## Decisions We will ship on Friday.' glued into a sentence; a lone '# elements' in a formula stays text."""
    doc = load_text("# Meeting Notes\n\nWe met to plan the release.\n## Decisions\nWe ship on Friday. Ann owns the "
                    "changelog.\n## Open questions\nWho writes the post? Nobody.\n")
    assert [h.title for h in doc.meta["outline"].headings] == ["Decisions", "Open questions"]
    assert "Decisions" in doc.elements and not any("#" in e for e in doc.elements)


def test_a_longer_code_fence_holds_shorter_fences():
    """A Markdown code fence closes only at a fence of its own character at least as long (CommonMark 4.5): a
    '````' block that shows '```' fences (a README showing Markdown) is code to its '````'; so is a MyST directive
    of prose to its '````' (its own text read, the code fence inside it code)."""
    doc = load_text("# Bundles\n\nMake one first.\n\n````{admonition} Example\nCreate it:\n\n```\n$ mktemp -d\n"
                    "$ pip wheel -r req.txt\n```\n````\n\n````markdown\n```\nnot prose\n```\n````\n\n"
                    "~~~~\n~~~\nnot prose\n~~~~\n\nThen install it.\n")
    assert doc.elements == ["Bundles", "Make one first.", "Create it:", "Then install it."]
    assert doc.meta["left_out"] == {"labels": 1, "code lines": 4 + 5 + 4, "rules": 1}


def test_markdown_autolinks_read_as_their_addresses():
    """An autolink (CommonMark 6.5), a URI ('<https://example.org>', '<mailto:a@b.org>') or an e-mail address
    ('<ann@example.org>') in angle brackets, reads as the address without its brackets, in headings too; in a code
    span, after a backslash, or with a space inside ('<made up>') the brackets stay."""
    blocks, _ = text_blocks("# See <https://example.org/a_b_>\n\nVisit <https://example.org/x?a=1&b=2> or write to "
                            "<ann.lee+docs@mail.example.org> or <mailto:bo@example.org>.\n\nCode `<https://x.org>` "
                            "and \\<https://y.org> and <made up> stay.\n", True)
    assert [b.text for b in blocks] == ["See https://example.org/a_b_", "Visit https://example.org/x?a=1&b=2 or write "
                                        "to ann.lee+docs@mail.example.org or mailto:bo@example.org.",
                                        "Code <https://x.org> and <https://y.org> and <made up> stay."]


def test_markdown_code_in_block_quotes_is_code():
    """Code inside a block quote ('> ```powershell', '>     indented', a fence under a quoted list item) is code left
    out, as it is outside quotes; the old reader read its lines as the quote's text. A fence closes with its quote
    (a line outside it, a blank line), and a quoted fence line inside an unquoted fence is that block's text."""
    blocks, left_out = text_blocks("# Build\n\n> Clone the repository first.\n>\n> ```powershell\n> git clone x\n"
                                   "> ```\n>\n>     make all\n>\n> 1. Step one:\n>\n>    ```sh\n>    make test\n"
                                   ">    ```\n> 2. Step two.\n\n> ```\n> open fence\n\nText after.\n\n```\n> ```\n"
                                   "shown\n```\n\n> A quote\n    continued lazily.\n", True)
    assert [b.text for b in blocks] == ["Build", "Clone the repository first.", "Step one:", "Step two.",
                                        "Text after.", "A quote continued lazily."]
    assert left_out == {"code lines": 13}


SCENES = ("The rain had not stopped for three days. Anna sat by the window and watched the street below.\n\n"
          "She thought of her brother, who had gone to the city in the spring. He had not written since.\n\n{0}\n\n"
          "In the morning the sun came out. The children ran down to the river to see how high it was.\n\n"
          "Anna walked with them as far as the bridge. A man was coming along the road.\n\n{0}\n\n"
          "It was her brother. He waved his hat and called her name.\n")


def test_a_scene_break_of_fence_marks_is_no_code_fence():
    """A novel's scene breaks written '~~~~', '~~~' or '```' alone: the old reader took the first for a code fence,
    read the text as Markdown and left out the scenes after it as code lines (an unclosed fence runs to the end; two
    breaks enclosed a 'code block' of prose). Fences whose lines read as prose are no sign of Markdown: the text is
    plain, every scene read, the breaks counted as rules, in a .txt file or without a name."""
    for mark in ("~~~~", "~~~", "```"):
        for text in (SCENES.format(mark), SCENES.format(mark).rsplit(mark, 1)[0] + "\n"):  # two breaks, one
            for name in ("novel.txt", ""):
                doc = load_text(text, source=name)
                assert not doc.meta.get("markdown"), (mark, name)
                assert "It was her brother." in doc.elements or "It was her brother." not in text
                assert "In the morning the sun came out." in doc.elements
                assert "code lines" not in doc.meta.get("left_out", {})
                assert doc.meta["left_out"]["rules"] == text.count(mark)


def test_a_title_underlined_with_tildes_is_no_code_fence():
    """A plain text's titles underlined with '~' (NEWS files, READMEs: 'Network interface naming' over a '~~~~'
    line as long): the old reader took each underline for a fence and left out what followed as code; now an underline
    is no fence and the text is read. 'Run:' over '```' still opens a fence."""
    text = ("Network naming\n~~~~~~~~~~~~~~\nSince version 197 names are stable. They follow the slot.\n\n"
            "Legacy naming\n~~~~~~~~~~~~~\nOld releases kept a rule file. It fixed each name.\n")
    doc = load_text(text, source="README.Debian")
    assert not doc.meta.get("markdown") and "It fixed each name." in doc.elements
    assert "Since version 197 names are stable." in doc.elements
    code = load_text("Setup\n\nRun:\n```\nmake install PREFIX=/usr\n```\n\nThen it works.\n")
    assert code.meta.get("markdown") and not any("PREFIX" in e for e in code.elements)


def test_an_unclosed_fence_over_prose_in_markdown_is_no_fence():
    """In a Markdown text, a fence never closed runs to the end (CommonMark §4.5): the old reader lost the rest of
    the document. When what follows reads as prose it is no fence (a rule); an unclosed fence over code stays code,
    and a closed fence of prose stays code in Markdown (its author set it apart)."""
    head = "# Story\n\nSee [the notes](https://example.org/notes).\n\nThe first scene ends here. It is short.\n\n"
    prose = "~~~~\n\nThe second scene begins. Anna walks home.\n\nShe sees her brother. He waves.\n"
    doc = load_text(head + prose)
    assert doc.meta.get("markdown") and "She sees her brother." in doc.elements
    assert "code lines" not in doc.meta.get("left_out", {})
    code = load_text(head + "~~~~\nx = compute(a, b);\nprint(x) # {x}\n")
    assert code.meta["left_out"]["code lines"] == 3 and not any("compute" in e for e in code.elements)
    closed = load_text(head + prose + "~~~~\n\nAfter the quote. The end.\n")
    assert "She sees her brother." not in closed.elements and "After the quote." in closed.elements


def test_no_space_is_left_before_a_stop_where_a_footnote_mark_was_taken_off():
    """'as shown [^1].' read 'as shown .': the footnote mark went, the space before it stayed. It goes now when a stop
    follows the mark (in emphasis too); spaced punctuation where no mark was (French ' :', ' ?') is kept."""
    text = ("As shown [^1]. It is *fast [^fast]*, and it works [^2] [^3]!\n\n"
            "Voici la règle : elle marche [^4] ; vraiment ?\n\n[^1]: One.\n[^fast]: Two.\n[^2]: Three.\n[^3]: Four.\n"
            "[^4]: Cinq.\n")
    assert [b.text for b in text_blocks(text, markdown=True)[0]] == [
        "As shown. It is fast, and it works!", "Voici la règle : elle marche ; vraiment ?"]


def test_gfm_table_rules_with_a_single_dash_are_tables():
    """GFM's delimiter row is one dash or more per cell, with optional colons ('| - |', '|-|-|', '| :- | -: |'): those
    tables' lines are left out as those with '---' rules are; a '-' between bars in a sentence is no rule."""
    text = ("# Sizes\n\nThe sizes are below.\n\n| a | b |\n|-|-|\n| 1 | 2 |\n\nThen more.\n\n| Name |\n| - |\n"
            "| tea |\n\nAnd aligned.\n\n| x | y |\n| :- | -: |\n| 3 | 4 |\n\nIt reads a | - | b as words.\n")
    blocks, left_out = text_blocks(text, markdown=True)
    assert [b.text for b in blocks] == ["Sizes", "The sizes are below.", "Then more.", "And aligned.",
                                        "It reads a | - | b as words."]
    assert left_out == {"table and figure lines": 9}


def test_a_myst_directive_of_prose_is_read_and_its_code_stays_code():
    # MyST (Sphinx's Markdown) writes a directive as a fence with '{name}' for its info string: an admonition's or a
    # version note's body is prose (as reST's '.. note::'), a code block inside it stays code, other directives
    # ('{toctree}', '{code-block}') are no prose
    text = ("# Resolver\n\n```{versionchanged} 20.3\nThe resolver can now backtrack over versions.\n```\n\n"
            "````{admonition} Example\nThe user asks for tea. It needs a cup.\n\n```\npip install tea\n```\n\n"
            "Then pip picks a cup.\n````\n\n```{toctree}\nsetup\nusage\n```\n\nThe end of the text is here.\n")
    doc = load_text(text, source="notes.md")
    kept = " ".join(doc.elements)
    for sentence in ("The resolver can now backtrack over versions.", "The user asks for tea.",
                     "Then pip picks a cup.", "The end of the text is here."):
        assert sentence in doc.elements
    assert "pip install tea" not in kept and "setup" not in kept and "{" not in kept and "```" not in kept
    assert doc.meta["left_out"]["code lines"] >= 3 + 4  # the code block and the toctree, with their fences


def test_a_myst_role_reads_as_sphinx_prints_it():
    """MyST writes a role as '{name}' before a code span: '{pep}`518`' prints 'PEP 518' and '{ref}`the guide
    <guide-label>`' its title, as reST's ':pep:`518`' reads (rest.role_text); a brace before a plain code span that is
    no role name (a template's '${name}') is left as written."""
    blocks, _ = text_blocks("Build files follow {pep}`518` and {file}`pyproject.toml`, see {ref}`the guide "
                            "<guide-label>`.\n\nA template writes ${`name`} here.\n", True)
    assert [b.text for b in blocks] == ["Build files follow PEP 518 and pyproject.toml, see the guide.",
                                        "A template writes ${name} here."]


def test_github_emoji_shortcodes_read_as_nothing():
    """GitHub shows ':warning:', ':bulb:', ':+1:' as pictures: read as nothing, as an image is, with the space before
    one; a ':word:' glued to a word, a colon, a slash, a bracket or a code span is no shortcode (a time, C++'s '::',
    an address, a POSIX class, reST's role), nor one without a letter or digit (a table's ':-:')."""
    blocks, _ = text_blocks("# :rocket: Features\n\n:warning: Do not edit the copy :bulb:.\n\n"
                            "Tests pass :white_check_mark: :+1::tada: now.\n\nA column's rule is | - | :-: | here.\n\n"
                            "At 10:30:45 call std::vector::size on http://example.org/a:b: with [[:alpha:]] "
                            "and :ref:`x`.\n", markdown=True)
    texts = [b.text for b in blocks]
    assert texts[:3] == ["Features", "Do not edit the copy.", "Tests pass now."]
    for kept in ("10:30:45", "std::vector::size", "http://example.org/a:b:", "[[:alpha:]]", ":ref:x", "| :-: |"):
        assert any(kept in t for t in texts[3:])


def test_myst_doc_roles_and_tab_bodies():
    """'{doc}' names a document whose title Sphinx prints, unknown here: its explicit title if it has one, else the
    path's last part (a folder's for its index) with '-' and '_' as spaces, as a label without a title reads; the
    text of tabs ('{tab-set}', '{tab-item}', '{tab}') is read, their labels are not."""
    blocks, left_out = text_blocks(
        "See {doc}`/usage/install`, {doc}`the guide <usage/install>` and {doc}`../getting_started/first-steps`; "
        "{doc}`build-system/index`.\n\n"
        "````{tab-set}\n```{tab-item} Linux\nRun the installer.\n```\n```{tab-item} Windows\nOpen the setup file.\n"
        "```\n````\n\n```{tab} macOS\nDrag the app over.\n```\n", markdown=True)
    assert [b.text for b in blocks] == ["See install, the guide and first steps; build system.", "Run the installer.",
                                        "Open the setup file.", "Drag the app over."]
    assert "code lines" not in left_out


def test_myst_colon_fences_are_directives_as_backtick_fences_are():
    """MyST also fences a directive with colons (':::{note}', '::::{tab-set}' around ':::{tab-item} Linux'): a
    directive of prose has its body read and its fences and label left out, as with backticks; another directive's
    lines ('{figure}') are left out; a ':::' line with no directive open is the text's."""
    blocks, left_out = text_blocks(
        "# Install\n\n::::{tab-set}\n:::{tab-item} Linux\nRun the installer.\n:::\n\n:::{tab-item} Windows\n"
        "Open the setup file.\n:::\n::::\n\n:::{note}\nKeep the key safe.\n:::\n\n:::{figure} cup.png\nA cup\n:::\n\n"
        "It ends here.\n\n:::\n", markdown=True)
    assert [b.text for b in blocks] == ["Install", "Run the installer.", "Open the setup file.", "Keep the key safe.",
                                        "It ends here.", ":::"]
    assert left_out == {"labels": 4, "rules": 4, "code lines": 3}


def test_a_list_of_links_to_other_sites_under_a_sentence_is_the_texts():
    """libidn2's README: 'To build Libidn2 you will need … a C compiler to build the library.' over a list of links to
    Bash's, Make's and GCC's pages was left out as navigation. Where the links point tells: under a sentence, a list
    whose links mostly leave the document (a scheme: 'https:', 'mailto:', reference links by their definitions,
    autolinks) is the text's; one whose links stay in it or its site ('#part', 'docs/a.md') is its contents; under a
    heading either is navigation; a full-width colon introduces a list as ':' does."""
    away = ("* [Bash](https://gnu.org/bash \"GNU Bash\")\n* [Make][make]\n* [GCC](mailto:gcc@gcc.example)\n\n"
            "[make]:\n  https://gnu.org/make\n\n")
    inside = "* [Install](docs/INSTALL.md)\n* [Usage](#usage)\n* [Bugs](https://bugs.example/x)\n\n"
    blocks, left_out = text_blocks(
        "# Build\n\nYou will need a shell, the make tool and a C compiler.\n\n" + away +
        "The manual has more. Its parts follow.\n\n" + inside + "## Tools\n\n" + away +
        "请按照以下顺序反馈问题\uff1a\n\n- [GitHub](https://github.com/x/issues)\n- [Mail](mailto:a@b.example)\n",
        markdown=True)
    texts = [b.text for b in blocks]
    assert texts == ["Build", "You will need a shell, the make tool and a C compiler.", "Bash", "Make",
                     "GCC", "The manual has more. Its parts follow.", "Tools", "请按照以下顺序反馈问题\uff1a",
                     "GitHub", "Mail"]
    assert left_out["navigation"] == 3 + 3


def test_lists_and_bars_of_links_only_are_navigation():
    """A list of links only (two items or more, nine words in ten links' text) and a bar of links are navigation, as
    HTML's lists of links are (structure.link_list): left out and counted. A list the text introduces (':'), one of
    addresses, one whose items say more than their link, and a sentence with two links stay."""
    text = ("# Tool\n\n[Home](/) | [Docs](/docs) | [API](/api)\n\n"
            "The tool reads files. See [the guide](guide.md) and [the API](api.md).\n\n"
            "## Other Versions\n\n* [Node 20](https://nodejs.org/v20)\n* [Node 18](https://nodejs.org/v18)\n\n"
            "More examples are at:\n\n- [Example one](ex1.md)\n- [Example two](ex2.md)\n\nReferences\n\n"
            "- <https://example.org/a>\n- <https://example.org/b>\n\n"
            "- [pandoc](https://pandoc.org), a converter of documents\n"
            "- [groff](https://gnu.org/groff), a typesetter\n")
    blocks, left_out = text_blocks(text, markdown=True)
    texts = [b.text for b in blocks]
    assert not any(word in t for t in texts for word in ("Home", "Docs", "Node"))
    assert left_out["navigation"] == 3 + 4
    for kept in ("The tool reads files.", "Example one", "https://example.org/a", "pandoc, a converter of documents"):
        assert any(t.startswith(kept) for t in texts)
