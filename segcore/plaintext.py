"""A plain text read into blocks (segcore.structure.Block): headings by the patterns of Markdown (ATX and setext lines),
LaTeX (\\section, ...), books (a chapter, part, act or scene and its number — "CHAPTER IV", "Book the First", a lone
"XII" — above its title; a preface or epilogue) or, when none of these is found, plain text (segcore.plainheads:
numbered lines such as "3.2 Results", short title-shaped lines set apart by blank lines). What a reader does not
count as the text is left out and counted (structure.LEFT_OUT): Project Gutenberg's header and licence, a book's
table of contents, illustration and footnote notes in brackets, paragraphs without a letter or digit; in a wiki
article copied from a browser (segcore.webcopy), its contents, the page's own lines and citation marks, its headings
found by their edit links ('History[edit]'); in Markdown (a text with front matter, ATX headings that read as titles
(segcore.atx: not a prompt's or a comment's '#' lines), fenced code, a table rule, an alert, a link, a link
definition in use, a footnote or an HTML comment; see looks_like_markdown), its front matter, fenced and indented
code (in list items too), pipe tables, rules, footnotes, link definitions, HTML comments, <pre> and <table> blocks,
the labels of alert boxes and lists and bars of links only (navigation, as in HTML: structure.link_list), and the
marks of quotes, bullets, item numbers, links (inline and by reference), images, code spans, emphasis, footnotes and
HTML tags are taken off the text, backslash escapes, entities and character references read as their characters, hard
line breaks as line breaks (a list item is a paragraph of its own; a setext heading's title may span lines)."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from itertools import accumulate, groupby
from pathlib import PurePath

from .atx import ATX, atx_shows_markdown
from .books import (book_divisions, bracketed_notes, division_kinds, entry_key, gutenberg_wrapper, listed_contents,
                    numbered_sections)
from .fences import (FENCE, fence_mark, fenced_code, is_underline, prose_between, prose_counts,
                     unclosed_fences)
from .frontmatter import front_matter
from .mdinline import LINK_TEXT, hard_breaks, inline, inline_with_code, link_label, shows_marks
from .plainheads import plain_headings
from .printed import SENTENCE_END, LineJoiner, numbered_items, page_furniture, typeset_pages
from .rest import PROSE_DIRECTIVES
from .sentences import BULLETS, ITEM_NUMBER
from .structure import CAPTION_LABELS, NOTE_LABEL, Block, link_list, split_number
from .text import tokenize
from .webcopy import WikiCopy, wiki_copy

_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
LATEX_RANK = {"part": 1, "chapter": 2, "section": 3, "subsection": 4, "subsubsection": 5, "paragraph": 6,
              "subparagraph": 7}
_LATEX = re.compile(r"^\s*\\(" + "|".join(LATEX_RANK) + r")\*?\s*(?:\[[^\]]*\])?\s*\{(.*)\}\s*(.*)$")
_LATEX_CMD = re.compile(r"\\[A-Za-z]+\*?\s*(?:\[[^\]]*\])?")

_TABLE_RULE = re.compile(r"^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?$")  # | --- | :-: |, |-|-| (GFM: a dash or more)
_QUOTE = re.compile(r"^(?:\s{0,3}>\s?)+")
_ITEM = re.compile(rf"^\s*(?:[-*+{BULLETS}]|(\d{{1,9}})[.)])\s+(?=\S)")  # a list item: "- ", "• ", "2) "
ITEM_INDENT = 1  # characters: the numbers of one list's items start at one column (not '1.' and '  1.0.1.')
_TASK = re.compile(r"^\[[ xX]\]\s+(?=\S)")  # a task list item's box: "[ ] ", "[x] "
_LINK = re.compile(r"!?\[" + LINK_TEXT + r"\]\((?:https?://|\.{0,2}/|#)[^)\s]*\)")  # [text](https://…), ![a](./b)
# a link reference definition (CommonMark 4.7): '[label]: target "title"', its target or its title may be on the next
# line; not a footnote ('[^1]: …')
_DESTINATION, _TITLE = r"<[^<>\n]*>|[^\s<]\S*", r"\"[^\"]*\"|'[^']*'|\([^()]*\)"
_DEFINITION = re.compile(rf"^\[(?!\^)((?:[^\[\]\\]|\\.)+)\]:[ \t]*(?:({_DESTINATION})"
                         rf"(?:[ \t]+(?:{_TITLE}))?)?[ \t]*$")
_DESTINATION_LINE = re.compile(rf"^\s*(?:{_DESTINATION})(?:[ \t]+(?:{_TITLE}))?\s*$")
_TITLE_LINE = re.compile(rf"^\s*(?:{_TITLE})\s*$")
_RULE = re.compile(r"^\s*([-*_])(?:\s*\1){2,}\s*$")  # ---, * * *, ___
# a plain text's rule: one mark repeated, a space apart at most (==========, ~~~~, * * *, #####; no columns' rules
# under a table's header, no ellipsis: '...' stands for words left out)
_PLAIN_RULE = re.compile(r"^([^\w\s.…]|_)(?:[ \t]?\1){2,}$")
_DIRECTIVE = re.compile(r"\{([\w-]+)\}(?:\s|$)")  # a MyST directive's name, a fence's info string: '```{note}'
_FOOTNOTE = re.compile(r"^ {0,3}\[\^[^\]\s]+\]:")  # a footnote's text: "[^1]: And yeast."
_COMMENT = re.compile(r"^ {0,3}<!--")  # an HTML comment opening a block; deeper in, it is indented code's text
_ALERT = re.compile(r"^\[!(?:note|tip|important|warning|caution)\]$", re.I)  # GitHub's alert boxes
LABEL_LINE = 40  # characters: a longer Markdown line is no note box's label ('> **Warning**:'), even with its marks


def _markdown_line(line: str, labels: Mapping[str, str]) -> str:
    """A Markdown line's text: block-quote marks and inline marks taken off."""
    return inline(_QUOTE.sub("", line), labels)


_HTML_BLOCK = re.compile(r"^\s*<(!--|(?:pre|table|script|style)\b)", re.I)  # an HTML block opening a line
_HTML_END = {"!--": ("-->", "comments"), "pre": ("</pre>", "code lines"), "script": ("</script>", "code lines"),
             "style": ("</style>", "code lines"), "table": ("</table>", "table and figure lines")}


def _indented_code(line: str, item: int, code: bool, before: str) -> bool:
    """Whether `line` is in an indented code block (CommonMark §4.4): indented 4 spaces outside a list (`item` = 0)
    after a blank line or in the block (`code`: the line `before` was; a blank line keeps it open)."""
    text = line.expandtabs()
    if not text.strip():
        return code
    return item == 0 and text.startswith("    ") and (code or not before.strip())


def _definition(line: str, item: int = 0) -> re.Match | None:
    """The link reference definition that `line` opens, indented at most 3 spaces past the content of the list item
    it may be in (`item`, as for `_fence`), else None."""
    line = line.expandtabs()
    text = line.lstrip(" ")
    m = _DEFINITION.match(text) if len(line) - len(text) <= item + 3 else None
    return m if m and m.group(1).strip() else None


def _definition_at(lines: list[str], i: int, item: int) -> tuple[int, str, str] | None:
    """The link reference definition at line `i`: how many lines it takes (1 or 2: its target or its title may be on
    the next line), its label and its target; None when there is none."""
    if not (m := _definition(lines[i], item)):
        return None
    after = lines[i + 1] if i + 1 < len(lines) else ""
    if m.group(2) is None and not (_DESTINATION_LINE.match(after) and not FENCE.match(after)):
        return None
    taken = 2 if m.group(2) is None else 1 + bool(_TITLE_LINE.match(after))
    return taken, link_label(m.group(1)), (m.group(2) or re.match(_DESTINATION, after.strip()).group()).strip("<>")


def _labels_used(lines: list[str]) -> bool:
    """Whether a link reference definition's label is used in brackets on another line (a sign of Markdown)."""
    lines = [_QUOTE.sub("", ln) for ln in lines]
    defined = {link_label(m.group(1)) for ln in lines if (m := _definition(ln)) and m.group(2)}
    return bool(defined) and any(link_label(used) in defined for ln in lines if not _definition(ln)
                                 for used in re.findall(r"\[([^\[\]]+)\]", ln))


def _markdown_drops(lines: list[str]) -> tuple[dict[int, str], dict[str, str]]:
    """Lines of a Markdown text that are not its prose: fenced and indented code, in block quotes too, where a fence
    closes with its quote ('code lines'), pipe tables (a run of lines with '|' holding a '---|---' rule: 'table and
    figure lines'), GitHub alert markers ('labels'), link reference definitions, in block quotes too ('link
    definitions'), the fences of a MyST directive of prose ('```{note}', '```{versionadded} 20.3', its colon fence
    ':::{tab-item} Linux'; reST's prose directives, rest.PROSE_DIRECTIVES: its body read as the text's, its opening
    line the box's label, 'labels') and HTML blocks that open their line until they close: comments ('comments'),
    <pre>, <script> and <style> ('code lines'), <table> ('table and figure lines'); one closed on its line with text
    after it is left to the inline rules. With them, the labels the definitions define and their targets (the first
    definition of a label holds)."""
    drop, fence, run, block, item, code, labels = {}, None, [], None, 0, False, {}
    directives = []  # the marks of the MyST directives of prose open around the line
    unquoted = [_QUOTE.sub("", ln) for ln in lines]  # a definition or code may be in a block quote
    counts, unclosed = prose_counts(unquoted), unclosed_fences(unquoted)
    depths = [m.group().count(">") if (m := _QUOTE.match(ln)) else 0 for ln in lines]
    for i, (line, text, depth) in enumerate(zip([*lines, ""], [*unquoted, ""], [*depths, 0])):
        before = depths[i - 1] if i else 0  # the quote depth of the line before
        if fence is not None and depth < fence[1]:
            fence = None  # its quote ended
        if fence is None and block is None:  # a blank line or one deeper in quotes opens a block; one less deep may
            code = _indented_code(text, item, code and depth == before, unquoted[i - 1] if 0 < i and depth <= before
                                  else "")  # continue a quoted paragraph
        if "|" in line and fence is None and block is None and not code:
            run.append(i)  # a table's row, if the run holds a rule; read for the other blocks meanwhile
        else:
            if any(_TABLE_RULE.match(lines[r].strip()) for r in run):
                drop.update(dict.fromkeys(run, "table and figure lines"))
            run = []
        if i == len(lines):
            break
        if fence is None and not code and (m := _ITEM.match(text)):
            item = len(text[:m.end()].expandtabs())
        elif fence is None and text[:1].strip():
            item = 0  # a line at the margin ends the lists
        opening = _HTML_BLOCK.match(line) if block is None and fence is None else None
        inner = fence[0] if fence else directives[-1] if directives else ""  # the innermost fence open
        mark = fence_mark(text, item, inner[:1] == ":") if fence is None or depth == fence[1] else None  # once
        if block or opening:
            end, kind = block or _HTML_END[opening.group(1).lower()]
            rest = line[opening.end():] if opening else line
            closed = rest.lower().find(end)
            block = None if closed >= 0 else (end, kind)
            if not (opening and closed >= 0 and rest[closed + len(end):].strip()):
                drop[i] = kind
        elif fence is None and mark and not unclosed[i] \
                and (m := _DIRECTIVE.match(text.strip()[len(mark):])) and m.group(1).lower() in PROSE_DIRECTIVES:
            directives.append(mark)  # its lines are read as the text's; its name and argument label its box
            drop[i] = "labels"
        elif fence is None and directives and mark and text.strip() == mark \
                and mark[0] == directives[-1][0] and len(mark) >= len(directives[-1]):
            directives.pop()
            drop[i] = "rules"
        elif fence is None and mark and (is_underline(unquoted, i) or unclosed[i]
                                         and prose_between(counts, i + 1, len(lines))):
            drop[i] = "rules"  # no fence: an underline, or one never closed over prose (see segcore.fences)
        elif mark or fence is not None:
            # closed by a fence of its own character at least as long (CommonMark §4.5: '````' holds '```' lines), in
            # its own quote (a deeper quote's line is its text)
            fence = (mark, depth) if fence is None else (None if mark and mark[0] == fence[0][0]
                                                         and len(mark) >= len(fence[0]) else fence)
            drop[i] = "code lines"
        elif _ALERT.match(_QUOTE.sub("", line).strip()):
            drop[i] = "labels"
        elif drop.get(i) == "link definitions":
            pass  # the target or title of a definition on the line before
        elif not (i and unquoted[i - 1].strip() and i - 1 not in drop and not ATX.match(unquoted[i - 1])
                  and not _SETEXT.match(unquoted[i - 1]) and (lines[i - 1] != unquoted[i - 1] or line == unquoted[i])) \
                and (defined := _definition_at(unquoted, i, item)):  # one cannot interrupt a paragraph; a quote
            taken, label, target = defined  # opening under one can
            drop.update(dict.fromkeys(range(i, i + taken), "link definitions"))
            labels.setdefault(label, target)
        elif _FOOTNOTE.match(line) or (drop.get(i - 1) == "footnotes" and line.strip()) or (
                line.startswith("    ") and drop.get(i - 1 - (not lines[i - 1].strip())) == "footnotes"):
            drop[i] = "footnotes"  # a footnote's text runs to a blank line, and on over paragraphs indented 4 spaces
        elif code and text.strip():
            drop[i] = "code lines"
    return drop, labels


def _clean_latex(s: str) -> str:
    return " ".join(_LATEX_CMD.sub("", s).replace("{", "").replace("}", "").replace("~", " ").split())


TITLE_LINES = 3  # a setext title's lines at most: a longer paragraph over an underline, or one that ends a sentence
# or a clause before its last line (_CLAUSE_END), is prose over a rule (a table's header rule in a text converted to
# Markdown), not a title
_CLAUSE_END = re.compile(r"[.!?:;][\"'’”»)\]]*$")


def _marked_up(lines: list[str], markdown: bool) -> list[tuple[int, int, str]]:
    """(line index, raw level, title) of Markdown and LaTeX headings; setext underlines, and the lines of a setext
    title after its first, are reported with level -1 (to be dropped). A setext title is the line above its
    underline, in `markdown` the paragraph above it (CommonMark 4.3) unless it is prose. ATX headings are read in a
    `markdown` text only; one must open the text or follow a blank line or another heading unless one in the text
    does (then, as CommonMark has it, it may interrupt a paragraph). A '--' line is an e-mail's signature separator,
    not a setext underline."""
    out = []
    loose = any(ATX.match(ln) and (i == 0 or not lines[i - 1].strip()) for i, ln in enumerate(lines))

    def apart(i):
        return i == 0 or not lines[i - 1].strip() or bool(out and out[-1][0] == i - 1)

    def setext_top(i: int) -> int | None:
        """The first line of the title over the setext underline at line `i`: the line above, in `markdown` the first
        of the paragraph above (after a blank line, a heading, a rule or an overline); None when it is no paragraph's
        (a list item's, a quote's) or is prose (TITLE_LINES)."""
        if not markdown:
            return i - 1 if apart(i - 1) else None
        top = next(j for j in range(i - 1, -1, -1) if apart(j) or _RULE.match(lines[j - 1]) or _SETEXT.match(
            lines[j - 1]))
        prose = i - top > TITLE_LINES or any(_CLAUSE_END.search(ln.rstrip()) for ln in lines[top:i - 1])
        return None if prose or any(_ITEM.match(ln) or _QUOTE.match(ln) for ln in lines[top:i]) else top

    for i, line in enumerate(lines):
        if markdown and (m := ATX.match(line)) and (loose or apart(i)):
            out.append((i, len(m.group(1)), m.group(2).strip()))
        elif (m := _LATEX.match(line)) and _clean_latex(m.group(2)):
            out.append((i, LATEX_RANK[m.group(1)], _clean_latex(m.group(2))))
        elif (m := _SETEXT.match(line)) and i > 0 and lines[i - 1].strip() and not _SETEXT.match(lines[i - 1]) \
                and (m.group(1)[0] == "=" or len(m.group(1)) >= 3) and not (out and out[-1][0] == i - 1) \
                and (top := setext_top(i)) is not None:
            title = " ".join(hard_breaks([ln.strip() for ln in lines[top:i]]))
            out.append((top, 1 if m.group(1)[0] == "=" else 2, title))
            out += [(j, -1, "") for j in range(top + 1, i + 1)]
    return out


# "Figure 3", "Table 2.1:" on a line of its own
_CAPTION_LABEL = re.compile("^(?:" + "|".join(map(re.escape, CAPTION_LABELS)) + r")\s*(?:\d+|[ivxl]+)(?:\.\d+)?[.:]?$",
                            re.I)


LONG_LINE = 150  # characters: longer than any wrapped line (e-mail, Project Gutenberg and pdftotext wrap at 70-100)
UNWRAPPED_SHARE = 0.1  # lines of a text longer than LONG_LINE: its line breaks are paragraph breaks


def _line_paragraphs(lines: list[str], stripped: list[str], skip, heads) -> dict[int, int]:
    """Lines that open a paragraph without a blank line before them, each with the length of the bullet or number
    to take off its stripped text (0: none): every line of a text that does not wrap its lines (one line in
    UNWRAPPED_SHARE longer than LONG_LINE: a word processor's or a web page's text), or an indented line after an
    unindented one that ends a sentence, in a text that marks three or more paragraphs so; and each item of a list,
    bulleted ('- milk', '• milk': two or more such lines in one paragraph, or in paragraphs of their own one after the
    other, a loose list) or numbered ('2. Feed the cat', '(b) use …', and
    a reference's '[4] Lévy …', whose label is kept: printed.numbered_items over a paragraph's lines, headings among
    them, their indents in characters)."""
    kept = [i for i, s in enumerate(stripped) if s and i not in skip]  # headings too: a list item read as one
    body = [i for i in kept if i not in heads]
    paragraph = list(accumulate(not s for s in stripped))  # the lines of a paragraph have as many blanks above
    bullets = {i: m.end() for i in body if (m := _ITEM.match(stripped[i])) and m.group(1) is None}
    per = Counter(paragraph[i] for i in bullets)
    opens, numbers = {i for i in bullets if per[paragraph[i]] >= 2}, {}
    groups = [list(g) for _, g in groupby(kept, key=paragraph.__getitem__)]
    lone = [False, *(len(g) == 1 and g[0] in bullets for g in groups), False]  # paragraphs of one bulleted line
    opens |= {g[0] for j, g in enumerate(groups, 1) if lone[j] and (lone[j - 1] or lone[j + 1])}
    for group in groups:
        indents = [len(lines[i].expandtabs()) - len(lines[i].expandtabs().lstrip()) for i in group]
        numbers |= {group[k]: m.end() if (m := ITEM_NUMBER.match(stripped[group[k]])) else 0 for k in
                    numbered_items([stripped[i] for i in group], indents, ITEM_INDENT) if group[k] not in heads}
    long = sum(len(stripped[i]) > LONG_LINE for i in body)
    indented = {i for i in body if i and stripped[i - 1] and lines[i][:1].isspace() and not lines[i - 1][:1].isspace()
                and SENTENCE_END.search(stripped[i - 1])}
    if long >= 3 and long >= UNWRAPPED_SHARE * len(body):
        opens.update(body)
    elif len(indented) >= 3:
        opens.update(indented)
    return {i: bullets.get(i, 0) for i in opens} | numbers


def lines_of(text: str) -> list[str]:
    """A text's lines, whatever its line ends (\\r\\n, \\r, \\n)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


MARKDOWN_EXTENSIONS = (".md", ".markdown")


def looks_like_markdown(text: str, name: str = "") -> bool:
    """Whether a text is read as Markdown (`text_blocks`): it has front matter, ATX headings that show it (atx: not a
    prompt's or a comment's '#' lines), a fenced block of code (fences.fenced_code), a pipe table's rule, a note box
    ('> [!NOTE]'), a link, an HTML comment opening a block (at most 3 spaces in) or a footnote, or a link definition
    whose label it uses; or its file's `name` has a Markdown extension (MARKDOWN_EXTENSIONS) and it shows an ATX
    heading, a code span or strong emphasis (mdinline.shows_marks; a .md file without any may be plain text that
    indents its paragraphs, which Markdown reads as code)."""
    named = PurePath(name).suffix.lower() in MARKDOWN_EXTENSIONS
    if named and shows_marks(text):
        return True
    lines = lines_of(text)
    if (named and any(ATX.match(ln) for ln in lines)) or atx_shows_markdown(lines):
        return True
    return bool(front_matter(lines)) or any(("|" in ln and _TABLE_RULE.match(ln.strip()))
                                             or _ALERT.match(_QUOTE.sub("", ln).strip()) or _LINK.search(ln)
                                             or _COMMENT.match(ln) or _FOOTNOTE.match(ln) for ln in lines) \
        or fenced_code(lines) or _labels_used(lines)




def _without_link_lists(blocks: list[Block], linked: dict[int, tuple[bool, list[str], list[str]]]
                        ) -> tuple[list[Block], int]:
    """Markdown's blocks without its lists of links only and its bars of links ('[Home](/) | [Docs](/docs)'), which
    are navigation as in HTML (structure.link_list: a run of list items, or a paragraph of links, words all but links;
    words as text.tokenize counts them: Chinese, which sets no spaces, by its characters), and how many words those
    had. `linked`: each paragraph's place in `blocks`, whether it is a list item, the texts of its links and their
    targets."""
    kept, words, k = [], 0, 0
    while k < len(blocks):
        listed, links, targets = linked.get(k, (False, [], []))
        links, targets, end = list(links), list(targets), k + 1
        while listed and end in linked and linked[end][0]:
            links.extend(linked[end][1])
            targets.extend(linked[end][2])
            end += 1
        n = sum(len(tokenize(b.text)) for b in blocks[k:end]) if links else 0  # no link: no navigation, uncounted
        share = sum(len(tokenize(t)) for t in links) / max(1, n)
        if links and link_list(end - k if listed else len(links), share, kept[-1].text if kept else "", links, targets):
            words += n
        else:
            kept += blocks[k:end]
        k = end
    return kept, words


def text_blocks(text: str, markdown: bool | None = None, wiki: WikiCopy | bool | None = None
                ) -> tuple[list[Block], dict[str, int]]:
    """Headings and paragraphs of a text (blank lines separate paragraphs, and so do the line breaks of a text that
    does not wrap its lines or that indents its paragraphs; a heading line is a block of its own), read as Markdown
    when `markdown` (None: when it looks so, `looks_like_markdown`), else as a wiki article copied from a browser
    when `wiki` is its reading (webcopy.wiki_copy of its lines_of; False: it is none; None: when it shows it is
    one), and the number of lines left out of each kind (structure.LEFT_OUT), none counted when none left out."""
    if markdown is None:
        markdown = looks_like_markdown(text)
    lines = lines_of(text)
    wiki = None if markdown or wiki is False else wiki_copy(lines) if wiki is None else wiki
    lines = wiki.lines if wiki else lines
    stripped = [ln.strip() for ln in lines]
    front = front_matter(lines)
    drop = dict.fromkeys(gutenberg_wrapper(stripped), "wrapper") | dict.fromkeys(bracketed_notes(stripped), "notes") \
        | dict.fromkeys(front, "front matter")
    labels, entries = {}, frozenset()
    if markdown:
        marked, labels = _markdown_drops(lines)
        drop |= marked
    else:  # a figure's label alone ("Figure 3", in PDF-to-text output): neither a heading nor a sentence
        drop |= {i: "captions" for i, x in enumerate(stripped) if _CAPTION_LABEL.match(x)
                 and (i == 0 or not stripped[i - 1]) and (i + 1 == len(stripped) or not stripped[i + 1])}
        kept = ["" if i in drop else s for i, s in enumerate(stripped)]  # a manual's tables of contents
        contents = listed_contents(kept)
        drop |= dict.fromkeys(contents, "contents")
        entries = frozenset(entry_key(stripped[i]) for i in contents if split_number(stripped[i])[0])
    furniture, joins = page_furniture(lines, stripped, drop)
    drop |= dict.fromkeys(furniture, "furniture")
    found = (wiki and wiki.headings) or _marked_up(["" if i in drop else ln for i, ln in enumerate(lines)], markdown)
    if not markdown:  # a line of one mark repeated, no setext title's underline, is a rule between sections, no words
        taken = {i for i, _, _ in found} | drop.keys()
        drop |= {i: "rules" for i, s in enumerate(stripped) if i not in taken and _PLAIN_RULE.match(s)}
    marked = [h for h in found if h[1] > 0]
    if not marked or not (markdown or wiki):  # a book's divisions are read beside a plain text's underlined headings
        taken = {i for i, _, _ in found}
        kept = ["" if i in drop or i in taken else s for i, s in enumerate(stripped)] + [""]
        for i, s in enumerate(kept[:-1] if not marked else ()):  # no markup: a paragraph without a letter or digit
            if s and not kept[i - 1] and not kept[i + 1] and not any(c.isalnum() for c in s):  # is an ornament
                drop[i], kept[i] = "rules", ""  # ("* * *"); inside a paragraph, a "." line ends a sentence
        kinds = division_kinds(kept[:-1])  # found once: a blanked line names no division
        book = book_divisions(kept[:-1], kinds)
        if book:  # and the sections its chapters number ('2.1.' under 'Chapter 2'), its contents aside; an underlined
            lines_in = {i for i, _, _ in book[0]} | book[1]  # title is the book's (its first line then is none)
            found = found + [h for h in book[0] if not (marked and h[1] == 1)] + numbered_sections(
                book[0], plain_headings(["" if i in lines_in else s for i, s in enumerate(kept[:-1])], entries,
                                        [None if i in lines_in else k for i, k in enumerate(kinds)]))
        elif not marked:
            found = plain_headings(kept[:-1], entries, kinds)
        drop |= dict.fromkeys(book[1] if book else (), "contents")
    heads = {i: (lv, t) for i, lv, t in found}
    opens = {} if markdown else _line_paragraphs(lines, stripped, drop.keys(), heads.keys())
    blocks, body, listed, item = [], [], False, [False]
    linked = {}  # Markdown's paragraphs by their place in blocks: (a list item's?, its links' texts, their targets)
    joiner = LineJoiner(stripped, typeset=typeset_pages(lines))

    def flush():  # Markdown's inline marks are read on the paragraph: a link or an image may span lines
        if body:
            text = joiner.join_lines(hard_breaks(body) if markdown else body)
            text, code, links = inline_with_code(text, labels) if markdown else (text, (), ())
            lead = len(text) - len(text.lstrip())  # code spans' places in the stripped paragraph
            if para := text.strip():
                linked[len(blocks)] = (item[0], [text[a:b] for a, b, _ in links], [t for _, _, t in links])
                blocks.append(Block(para, code=tuple((a - lead, b - lead) for a, b in code)))
        body.clear()
        item[0] = False

    for i, line in enumerate(lines):
        if i in heads:
            flush()
            lv, title = heads[i]
            title = " ".join((_markdown_line(title, labels) if markdown else title).split())
            if lv > 0 and title:  # a heading whose marks were all its text ("</pre>" over "---") is none
                number, _ = split_number(title)
                blocks.append(Block(title, lv, number))
                m = _LATEX.match(line)
                if m and m.group(3).strip():  # text after \section{...} on the same line
                    body.append(m.group(3).strip())
        elif i in joins or i in furniture:
            continue  # a paragraph carries on across a page break and the page's furniture
        elif i in drop or not line.strip():
            flush()
            listed = False
        elif not markdown:
            if i in opens:
                flush()
            body.append(line.strip()[opens.get(i, 0):].strip())  # an item without its bullet or number
        elif _RULE.match(line):
            flush()
            drop[i] = "rules"
        elif (quoted := _QUOTE.match(line)) and (m := ATX.match(raw := _QUOTE.sub("", line))):
            flush()  # a heading in a block quote is quoted words, not a section: a paragraph of its own, unmarked
            body.append(m.group(2))
            flush()
        elif quoted and body and (m := _SETEXT.match(raw)) and (m.group(1)[0] == "=" or len(m.group(1)) >= 3):
            flush()  # the underline of a quoted setext heading: the words above are a paragraph of their own
        elif quoted and _RULE.match(raw):
            flush()
            drop[i] = "rules"
        elif len(raw := _QUOTE.sub("", line).strip()) <= LABEL_LINE and NOTE_LABEL.match(label := inline(raw).strip()):
            flush()  # "> **Warning**" above the box's text: a block of its own, which document_from_blocks leaves
            blocks.append(Block(label))  # out as every note label
        elif (m := _ITEM.match(raw)) and (m.group(1) in (None, "1") or not body or listed):
            flush()  # a list item is a paragraph of its own, without its bullet, number or task box ('[x]'); a number
            body.append(_TASK.sub("", raw[m.end():], 1))  # other than 1 starts one only after a break or an item
            listed = item[0] = True
        elif raw:
            body.append(raw)  # its inline marks are read with its paragraph's (flush)
    flush()
    counts = Counter(kind for i, kind in drop.items() if stripped[i])
    if markdown:
        blocks, counts["navigation"] = _without_link_lists(blocks, linked)
    return blocks, dict(+counts + wiki.left_out if wiki else +counts)
