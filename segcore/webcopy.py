"""A wiki article (Wikipedia, any MediaWiki site) as a web browser copies it, read by segcore.plaintext: its section
headings end with their edit links ('History[edit]', 'Geschichte[Bearbeiten | Quelltext bearbeiten]'), its table of
contents is a 'Contents' line over numbered entries ('2.1<TAB>Starters'), its sentences carry citation marks glued to
their words ('yeast.[1]', '[2][3]', '[a]', '[note 3]', '[citation needed]') and the page's own lines may come with it
('From Wikipedia, the free encyclopedia', 'Jump to navigation', 'Retrieved from "https://…"', 'Categories: …'). A
whole page copied (Ctrl+A) brings its chrome too: in Wikipedia's Vector 2022 skin the header, main menu, contents,
language button, tabs, tools and appearance menus over the tagline, the title among them ('Sourdough' over '45
languages'), and the footer's links after the page's end ('This page was last edited on …', 'Privacy policy').
Articles copied one after the other are read each from its tagline on, each with its title and chrome (copied
without their pages: each from its lead over its contents, titled when a line over the lead that its first sentence
names is its title, `_titled`, an image's caption or hatnotes between them aside); the back-matter sections of each
but the last ('See also', 'References' …) are left out up to the next article ('article ends') unless the back
matter is kept, the last one's being the text's back matter.

A text is read so only when it shows it was copied from a wiki (`wiki_copy`): two or more lines end with an edit link
(a single '[edit]' may be prose), or a line is Wikipedia's tagline, or CITES_MIN or more numeric marks are glued after
punctuation ('taste.[2]') while no line opens with a bracketed number (a numbered list of notes or references, '[1]
A. Author …', or Markdown's link definitions, '[1]: https://…': there the marks point into the text and are kept).
Then the edit links come off the headings, the contents, the page's lines, hatnotes ('For other uses, see …',
'Main article: …') and its chrome (the runs of short lines over the tagline and from the page's end on: a line of
prose ends them, and words such as 'Help' or 'Contents' in the article are kept), the infobox ('Type<TAB>Bread'
rows in the lead), images' captions in the sections (`_captions`, in a copy with edit links) and a reference list
without its heading (a run of '^ …' lines) are left out and the citation marks taken out of the text, each counted
(structure.LEFT_OUT: 'contents' lines, 'navigation' words, 'tables' words, 'image captions', 'footnotes' lines,
'citations'); the reference list under its heading ('References', with 'See also', 'Notes', 'External links' …
around it) is then left out as any text's back matter
(structure.back_matter)."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .structure import CONTENTS_NAMES, END_PUNCT, back_named

# the text of an edit link in the languages segcore.language reads, as far as their wikis give one
_EDIT_WORDS = ("edit|edit source|bearbeiten|quelltext bearbeiten|modifier|modifier le code|modifier la section|editar|"
               "editar código(?:-fonte)?|modifica|modifica wikitesto|bewerken|brontekst bewerken|redigera|"
               "redigera wikitext|rediger|rediger kilde|muokkaa|muokkaa wikitekstiä|править|править код|szerkesztés|"
               "forrásszöveg szerkesztése|değiştir|kaynağı değiştir")
_EDIT = re.compile(rf"^(\S.*?)\s*\[\s*(?:{_EDIT_WORDS})(?:\s*\|\s*(?:{_EDIT_WORDS}))*\s*\]$", re.I)
EDITS_MIN = 2  # lines ending with an edit link from which a text is read as copied from a wiki
HEADING_CHARS = 120  # a longer line that ends with an edit link is no heading
_CONTENTS = re.compile(rf"^(?:{CONTENTS_NAMES})(?:\s*\[?(?:hide|show|verbergen|masquer|ocultar)\]?)?$", re.I)
_ENTRY = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+(\S.*)$")  # '2.1<TAB>Starters'
_CONTENTS_EXTRA = re.compile(r"^(?:\(top\)|\[?(?:hide|show)\]?|toggle .{1,80} subsection)$", re.I)  # Vector 2022
_TAGLINE = re.compile(r"^(?:from|aus|de|un article de|da|van|från|fra) wikip[eé]dia\b.{0,60}$", re.I)
# the page's own lines, besides the tagline: those over the article and those that end the page (its chrome follows)
_PAGE_TOP = re.compile(r"^(?:jump to (?:navigation|search|content)|zur (?:navigation|suche) springen|"
                       r"aller à la (?:navigation|recherche)|ir a la (?:navegación|búsqueda)|"
                       r"\(redirected from [^()]{1,100}\))$", re.I)
_PAGE_END = re.compile(r"^(?:(?:retrieved from|abgerufen von|ce document provient de|obtenido de)\s*[\"„«“]?\s*"
                       r"https?://\S+|"
                       r"(?:hidden )?(?:categories|category|kategorien|kategorie|catégories?|categorías?)\s*:\s*\S.*|"
                       r"this page was last edited on .{1,80}|text is available under the creative commons .*)$", re.I)
# a hatnote: a line that points to other pages, over an article or a section ('For other uses, see …', 'Main article:
# …', 'For broader coverage of this topic, see …', '"Sour dough" redirects here.'), in English
_HATNOTE = re.compile(r"^(?:for (?:other uses|other people|the [^,]{1,80}|(?:a )?more [^,]{1,80}|broader [^,]{1,80}), "
                      r"see .{1,200}|"
                      r"this article is about .{1,250}|not to be confused with .{1,200}|"
                      r"\"[^\"]{1,80}\"(?: and \"[^\"]{1,80}\")? redirects? here\..{0,200}|"
                      r"(?:main articles?|further information|see also|further): .{1,200})$", re.I)
# the language button over the article's tabs in Vector 2022 ('45 languages', 'Add languages'), below its title
_LANGUAGES = re.compile(r"^(?:\d{1,3}\s+(?:languages|sprachen|langues|idiomas|lingue|talen|språk|sprog|kieltä|"
                        r"язык\w*|nyelv\w*|dil)|add languages|page contents not supported in other languages\.?)$",
                        re.I)
_ROW = re.compile(r"^[^\t]{1,60}\t+\S")  # an infobox's row, 'Type<TAB>Bread'
CHROME_WORDS = 8  # a line of the page's chrome that ends a sentence has no more words ('This page is always in light
# mode.'); a longer one is prose
INFOBOX_ROWS = 2  # rows from which a run of them before the first heading is an infobox
_REFERENCE = re.compile(r"^\^\s")  # a line of the reference list, '^ a b Gänzle, M. (2014) …'
REFERENCES_MIN = 2  # lines of a run from which one outside a back-matter section is a reference list
# a citation mark: a note's number or letter, a named note, or an inline cleanup tag ('[citation needed]', '[who?]',
# '[dubious – discuss]'), glued to the word or punctuation before it
_CLEANUP = r"[a-z][a-z ]{0,30}(?:needed|\?)|[a-z][a-z ]{0,20} [–-] discuss|vague|failed verification|specify|quantify"
_MARK = re.compile(rf"(?<=\S)\[(?:[1-9]\d{{0,3}}|[a-z]{{1,2}}|[A-Z]|(?:[Nn]ote|[Nn][Bb]?) ?\d{{1,3}}|{_CLEANUP})\]")
# an index in code ('argv[1]', 'a[i]'), not a mark: a bracket glued to a name (or to an index before it) that an
# assignment, an attribute, a call or another index followed by one of these follows ('a[2] = 5', 'args[0].split()',
# 'm[1][j] +='), or that stands in a call's parentheses ('atoi(argv[1])') or on a line of code (one that opens with an
# assignment, 'x = argv[1]', or ends with '{'); a note's mark is glued to a word that prose follows ('[0]' is no
# note's number)
_INDEXED = re.compile(r"(?:^|[^\w.])[A-Za-z_][\w.]*$|\]$")
_INDEX_AFTER = re.compile(r"(?:\[[^\]\s]{1,20}\])*(?:\s*[-+*/%&|^<>!=]?=|\.\w|\(|->)")
_IN_CALL = re.compile(r"\w\([\w.]*$")
_CODE_LINE = re.compile(r"\{\s*$|^\s*(?:[A-Za-z_][\w.]*\**\s+\**){0,2}[A-Za-z_][\w.]*(?:\[[^\]]*\])*\s*"
                        r"[-+*/%&|^]?=(?!=)")
_PUNCT_MARK = re.compile(r"(?<=[.,;:!?\"”’)])\[\d{1,4}\](?=\s|$|\[)")  # 'taste.[2] ', '.[2][3]'
_LISTED = re.compile(r"^\s*\[\d")  # a line opening with a bracketed number: a numbered list's, a link definition's
CITES_MIN = 3  # numeric marks after punctuation from which a text without edit links is read as copied from a wiki
TITLE_WORDS = 12  # a longer line over a lead is no article's title
_BRACKETED = re.compile(r"\s*\([^()]*\)$")  # a title's qualifier, 'Mercury (planet)'
# no caption: a displayed formula ('x = y + 2'), a quotation's source ('— Alan Turing, 1950'), words broken off
# ('If we stop a day or two—"')
_NO_CAPTION = re.compile(r"[=<>{}\\^]|^[-–—―]|[-–—―][\"'”’]*$")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s")  # where a sentence ends within a line


@dataclass
class WikiCopy:
    """A wiki article's `lines` as plaintext reads them (edit links and citation marks taken off, the contents, the
    page's own lines and chrome, the infobox, images' captions and a reference list without its heading blanked),
    its `headings` as (line index, raw level, title) and what was left out (`left_out`)."""

    lines: list[str]
    headings: list[tuple[int, int, str]]
    left_out: Counter


def _uncited(s: str) -> tuple[str, int]:
    """A line without its citation marks (indexes in code aside) and how many it had."""
    code = _CODE_LINE.search(s)
    marks = [m for m in _MARK.finditer(s) if not (_INDEXED.search(before := s[:m.start()]) and (
        code or _IN_CALL.search(before) or _INDEX_AFTER.match(s, m.end())))]
    for m in reversed(marks):
        s = s[:m.start()] + s[m.end():]
    return s, len(marks)


def _contents(stripped: list[str], titles: set[str]) -> tuple[list[int], dict[str, int]]:
    """The lines of the tables of contents (a 'Contents' line over numbered entries, most of them headings' `titles`;
    one an article) and the depth of each entry's title ('2.1' → 2)."""
    lines, found = [], {}
    for i, s in enumerate(stripped):
        if not _CONTENTS.match(s):
            continue
        run, depths = [i], {}
        for j in range(i + 1, len(stripped)):
            if m := _ENTRY.match(stripped[j]):
                depths.setdefault(m.group(2).strip().lower(), m.group(1).count(".") + 1)
            elif stripped[j] and not _CONTENTS_EXTRA.match(stripped[j]):
                break
            run.append(j)
        while len(run) > 1 and not stripped[run[-1]]:
            run.pop()
        if len(depths) >= 2 and 2 * len(titles.intersection(depths)) >= len(depths):
            lines += run
            found = depths | found
    return lines, found


def _short(s: str) -> bool:
    """Whether a line is short (HEADING_CHARS) and ends no sentence, its citation marks aside: a menu's entry, a
    heading, a caption."""
    return len(s) <= HEADING_CHARS and not END_PUNCT.search(_uncited(s)[0])


def _chrome(stripped: list[str], i: int, step: int) -> list[int]:
    """The nonblank lines of the run of the page's chrome (menus, tabs, tools, footer links) from line `i` on, going
    by `step` (-1: up): short lines (HEADING_CHARS) that end no sentence, lines of CHROME_WORDS words or fewer and
    page-end lines; a line of prose ends it."""
    def chrome(s):
        return _short(s) or len(s.split()) <= CHROME_WORDS or _PAGE_END.match(s)

    run = []
    while 0 <= i < len(stripped) and chrome(stripped[i]):
        if stripped[i]:
            run.append(i)
        i += step
    return run


def _head(stripped: list[str], tagline: int) -> tuple[list[int], int | None]:
    """The chrome over the tagline (`_chrome`; 'Jump to …' aside, one of the page's own lines) and the article's title
    in it: the line over the language button ('45 languages') in Vector 2022's page, else the line over the tagline
    (older skins) when it is the run's one line or a page's end ('Categories: …': an article copied before this one,
    whose footer follows it) is above it."""
    run = [i for i in _chrome(stripped, tagline - 1, -1)[::-1] if not _PAGE_TOP.match(stripped[i])]
    ends = [k for k, i in enumerate(run) if _PAGE_END.match(stripped[i])]
    run = run[ends[-1] + 1:] if ends else run  # from a page's end up, the chrome is that page's (wiki_copy)
    buttons = [k for k, i in enumerate(run) if _LANGUAGES.match(stripped[i])]
    at = buttons[-1] - 1 if buttons else len(run) - 1 if len(run) == 1 or ends else -1
    return (run[:at] + run[at + 1:], run[at]) if at >= 0 else (run, None)


def _infobox(stripped: list[str], start: int, stop: int, taken: set[int]) -> list[int]:
    """The infobox's lines in the lead (lines `start` to `stop`, `taken` aside): the first run of INFOBOX_ROWS or
    more rows ('Type<TAB>Bread') with the short lines that end no sentence among and around them (its name, its
    image's caption, a header), which a blank line or a sentence ends."""
    def row(i):
        return i not in taken and _ROW.match(stripped[i]) and not _ENTRY.match(stripped[i])

    def part(i):
        return start <= i < stop and i not in taken and stripped[i] and (
            row(i) or _short(stripped[i]))

    for r in filter(row, range(start, stop)):
        a, b = r, r
        while part(a - 1):
            a -= 1
        while part(b + 1):
            b += 1
        if sum(bool(row(i)) for i in range(a, b + 1)) >= INFOBOX_ROWS:
            return list(range(a, b + 1))
    return []


def _references(stripped: list[str], titles: dict[int, str], last: int) -> list[int]:
    """The lines of runs of REFERENCES_MIN or more reference-list lines ('^ …', blank lines between) outside the
    sections after line `last` (the last article's start) that a back-matter name heads (those are left out with
    the back matter; an article's before the last is not the text's back matter, structure.back_matter, but when
    it is kept: `last` -1)."""
    out, run = [], []
    for i, s in enumerate(stripped + ["end"]):
        if _REFERENCE.match(s):
            run.append(i)
        elif s and run:
            section = max((h for h in titles if h < run[0]), default=None)
            name = titles.get(section, "")
            back = section is not None and section > last and back_named(name)
            if len(run) >= REFERENCES_MIN and not back:
                out += run
            run = []
    return out


def _article_starts(stripped: list[str], contents: list[int], titles: dict[int, str]) -> list[tuple[int, int | None]]:
    """The first line of each article of articles copied one after the other without their pages (no tagline), each
    with its title's line (`_titled`) or None: 0, then each later one's title's or lead's, the run of prose lines
    (blank lines between) over its contents that comes after a section of the article before it; the title may
    stand over an image's caption (the short line over the lead: the line over it is the title when it is one, else
    the short line may be)."""
    first = _nonblank(stripped, 0, 1)
    starts = [(0, first if first is not None and _titled(stripped, first) else None)]
    for c in contents:
        if _CONTENTS.match(stripped[c]) and any(i < c for i in titles):
            i = c - 1
            while i >= 0 and i not in titles and (not stripped[i] or not (
                    _short(stripped[i]) or _REFERENCE.match(stripped[i]) or _PAGE_END.match(stripped[i]))):
                i -= 1
            first = next((j for j in range(i + 1, c) if stripped[j]), None)
            above = _nonblank(stripped, i - 1, -1, _HATNOTE) if i > 0 and _caption_like(stripped[i]) else None
            title = next((t for t in (above, i) if t is not None and t >= 0 and t not in titles
                          and t > starts[-1][0] and _titled(stripped, t)), None) if first is not None else None
            first = first if title is None else title
            if first is not None and first > starts[-1][0]:
                starts.append((first, title))
    return starts


def _prose(s: str) -> bool:
    """Whether a line is a paragraph's: it ends a sentence or is longer than a heading (`_short`), and is no infobox
    row, heading or reference."""
    return bool(s) and not (_short(s) or _ROW.match(s) or _EDIT.match(s) or _REFERENCE.match(s))


def _nonblank(stripped: list[str], i: int, step: int, skip: re.Pattern | set[int] = frozenset()) -> int | None:
    """The first nonblank line from line `i` on, going by `step` (-1: up), but those in `skip` (lines, or a pattern
    they match); None past either end."""
    def skipped(j):
        return j in skip if isinstance(skip, (set, frozenset)) else skip.match(stripped[j])

    while 0 <= i < len(stripped) and (not stripped[i] or skipped(i)):
        i += step
    return i if 0 <= i < len(stripped) else None


def _caption_like(s: str) -> bool:
    """Whether a line may be an image's caption: short (`_short`), no question, heading, contents, reference, row or
    `_NO_CAPTION`, with a letter."""
    t = _uncited(s)[0]
    return _short(s) and not (t.endswith("?") or _NO_CAPTION.search(t) or "\t" in s or _EDIT.match(s)
                              or _CONTENTS.match(s) or _REFERENCE.match(s)) and any(c.isalpha() for c in t)


def _titled(stripped: list[str], i: int) -> bool:
    """Whether line `i` is an article's title over its lead (a copy from its heading down): TITLE_WORDS words or
    fewer that end no sentence and carry no citation mark, over (blank lines aside) a paragraph whose first sentence
    names it, at least half of its words (a bracketed qualifier aside, 'Mercury (planet)') opening one of that
    sentence's words or opened by one ('Tim' Timothy, 'Breads' bread), as a lead names its subject; the paragraph
    may be the lead under hatnotes and an image's caption."""
    s = stripped[i]
    if not (s and len(s.split()) <= TITLE_WORDS and _short(s) and not _uncited(s)[1]) \
            or _EDIT.match(s) or _CONTENTS.match(s) or _REFERENCE.match(s) or _ROW.match(s):
        return False
    words = re.findall(r"\w+", _BRACKETED.sub("", s).lower())
    j, lead = _nonblank(stripped, i + 1, 1), _nonblank(stripped, i + 1, 1, _HATNOTE)
    if lead is not None and not _prose(stripped[lead]) and _caption_like(stripped[lead]):
        lead = _nonblank(stripped, lead + 1, 1, _HATNOTE)
    for k in {j, lead} - {None}:
        if _prose(stripped[k]):
            named = re.findall(r"\w+", _SENTENCE_BREAK.split(_uncited(stripped[k])[0], maxsplit=1)[0].lower())
            found = sum(any(w.startswith(n) or n.startswith(w) for n in named if min(len(n), len(w)) >= 3 or n == w)
                        for w in words)
            if words and 2 * found >= len(words):
                return True
    return False


def _defined(s: str) -> bool:
    """Whether a line may be a definition list's definition: one sentence, no longer than a heading (HEADING_CHARS)."""
    t = _uncited(s)[0]
    return len(s) <= HEADING_CHARS and bool(END_PUNCT.search(t)) and not _SENTENCE_BREAK.search(t)


def _captions(stripped: list[str], headings: set[int], taken: set[int], skip: set[int]) -> list[int]:
    """The lines of images' captions: a line that may be one (`_caption_like`), alone between a heading's line
    (`headings`, an article's title among them) or a paragraph and a paragraph (blank lines and the `skip` lines,
    the page's own lines and hatnotes, aside; `taken` lines none of them), as a thumbnail's caption comes out of a
    browser copy over the paragraph it stands by (a browser sets paragraphs apart with blank lines). A line under
    one that ends with ':' is what that line introduces (a list's item or a definition list's term), and two such
    lines with one line between them and no blank line are a definition list's terms ('Starter' / 'A culture of …'
    / 'Levain'): they stay, and so does a line right over (no blank line) a definition, a line of one sentence no
    longer than a heading (HEADING_CHARS): a definition list's one term."""
    found, listed = [], set()
    for i, s in enumerate(stripped):
        if i in headings or i in taken or i in skip or not _caption_like(s):
            continue
        up, down = _nonblank(stripped, i - 1, -1, skip), _nonblank(stripped, i + 1, 1, skip)
        if up is not None and down is not None and not taken.intersection((up, down)) and _prose(stripped[down]) \
                and (up in headings or _prose(stripped[up])):
            found.append(i)
            if (up not in headings and _uncited(stripped[up])[0].endswith(":")) or (
                    down == i + 1 and _defined(stripped[down])):
                listed.add(i)
    terms = {k for a, b in zip(found, found[1:]) if b == a + 2 for k in (a, b)}
    return [i for i in found if i not in terms and i not in listed]


def _back_sections(titles: dict[int, str], sections: list[int], stop: int) -> set[int]:
    """The lines of an article's back matter when another article follows it (line `stop` on): from the first of
    its last sections that back-matter names head ('See also', 'References', 'External links' …) to its end."""
    first = None
    for i in sorted(sections, reverse=True):
        if not back_named(titles[i]):
            break
        first = i
    return set() if first is None else set(range(first, stop))


def _signs(stripped: list[str]) -> tuple[dict[int, str], list[int]] | None:
    """The signs that stripped lines were copied from a wiki (see the module's notes): the headings' lines with their
    edit links' titles and the taglines' lines; None when they show none."""
    edits = {i: m.group(1) for i, s in enumerate(stripped)
             if len(s) <= HEADING_CHARS and (m := _EDIT.match(s)) and _uncited(m.group(1))[0].strip()}
    tagline = [i for i, s in enumerate(stripped) if _TAGLINE.match(s)]
    marks = sum(len(_PUNCT_MARK.findall(s)) for s in stripped)
    if len(edits) < EDITS_MIN and not tagline and (marks < CITES_MIN or any(_LISTED.match(s) for s in stripped)):
        return None
    return edits, tagline


def wiki_copy(lines: list[str], keep_back_matter: bool = False) -> WikiCopy | None:
    """The text's lines read as a wiki article (or articles, one after the other, each from its tagline, else from
    its title or lead, `_article_starts`) copied from a browser, or None when it does not show it was one (see the
    module's notes). Each article's title (raw level 1) is read from the page's chrome over its tagline (`_head`),
    else from its first line (`_titled`); the sections' levels follow the contents' numbers when it has them. The
    back matter of the articles before the last is kept when `keep_back_matter` (as the last one's is, by
    structure.back_matter's reader)."""
    stripped = [ln.strip() for ln in lines]
    if (signs := _signs(stripped)) is None:
        return None
    edits, tagline = signs
    left_out, out = Counter(), list(lines)
    titles = {i: " ".join(_uncited(t)[0].split()) for i, t in edits.items()}
    contents, depths = _contents(stripped, {t.lower() for t in titles.values()})
    site = {i for i, s in enumerate(stripped)
            if _TAGLINE.match(s) or _PAGE_TOP.match(s) or _PAGE_END.match(s) or _HATNOTE.match(s)}
    # each article from its tagline, else (articles copied without their pages) from its lead over its contents
    starts = [(i, None) for i in tagline] or _article_starts(stripped, contents, titles)
    pages, leads, ends = [], [], set()
    for (start, title), stop in zip(starts, [i for i, _ in starts[1:]] + [len(stripped)]):
        head, title = _head(stripped, start) if tagline else ([], title)
        sections = [i for i in titles if start < i < stop]
        end = next((i for i in range(max(sections, default=max(start, 0)), stop)
                    if _PAGE_END.match(stripped[i])), None)  # the page's end after its last section
        site |= set(head) | set(_chrome(stripped[:stop], end, 1) if end is not None else ())
        pages += [title] if title is not None else []
        lead = start + 1 if tagline else start if title is None else title + 1
        leads.append(range(lead, min(sections, default=stop)))
        if stop < len(stripped) and not keep_back_matter:  # an article before the last: its back matter ends at
            # the next one
            ends |= _back_sections(titles, sections, stop)
    site = site.difference(contents, pages)
    ends = ends.difference(site, pages)
    infobox = [i for lead in leads for i in _infobox(stripped, lead.start, lead.stop, site.union(contents))]
    references = set(_references(stripped, titles, -1 if keep_back_matter else starts[-1][0])).difference(ends)
    # without edit links a heading is a line such as a caption (plaintext finds them): no caption is told
    captions = _captions(stripped, set(titles).union(pages), set(contents).union(infobox, references, ends), site) \
        if len(edits) >= EDITS_MIN else []
    for i in [*contents, *site, *infobox, *references, *ends, *captions]:
        out[i] = ""
    left_out["contents"] = sum(bool(stripped[i]) for i in contents)
    left_out["navigation"] = sum(len(stripped[i].split()) for i in site)
    left_out["tables"] = sum(len(stripped[i].split()) for i in infobox)
    left_out["footnotes"] = len(references)
    left_out["article ends"] = sum(bool(stripped[i]) for i in ends)
    left_out["image captions"] = len(captions)
    titles = {i: t for i, t in titles.items() if i not in ends}
    for i, line in enumerate(out):
        if i in titles:
            out[i] = titles[i]
        elif line.strip():
            out[i], n = _uncited(line)
            left_out["citations"] += n
    heads = [(i, 1, stripped[i]) for i in pages]
    heads += [(i, bool(pages) + depths.get(t.lower(), 1), t) for i, t in titles.items()]
    return WikiCopy(out, sorted(heads), +left_out)
