"""A wiki article (Wikipedia, any MediaWiki site) as a web browser copies it, read by segcore.plaintext: its section
headings end with their edit links ('History[edit]', 'Geschichte[Bearbeiten | Quelltext bearbeiten]'), its table of
contents is a 'Contents' line over numbered entries ('2.1<TAB>Starters'), its sentences carry citation marks glued to
their words ('yeast.[1]', '[2][3]', '[a]', '[note 3]', '[citation needed]') and the page's own lines may come with it
('From Wikipedia, the free encyclopedia', 'Jump to navigation', 'Retrieved from "https://…"', 'Categories: …').

A text is read so only when it shows it was copied from a wiki (`wiki_copy`): two or more lines end with an edit link
(a single '[edit]' may be prose), or a line is Wikipedia's tagline, or CITES_MIN or more numeric marks are glued after
punctuation ('taste.[2]') while no line opens with a bracketed number (a numbered list of notes or references, '[1]
A. Author …', or Markdown's link definitions, '[1]: https://…': there the marks point into the text and are kept).
Then the edit links come off the headings, the contents and the page's lines are left out and the citation marks
taken out of the text, each counted (structure.LEFT_OUT: 'contents' lines, 'navigation' words, 'citations'); the
reference list ('References', with 'See also', 'Notes', 'External links' … around it) is then left out as any text's
back matter (structure.back_matter)."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

# the text of an edit link in the languages segcore.language reads, as far as their wikis give one
_EDIT_WORDS = ("edit|edit source|bearbeiten|quelltext bearbeiten|modifier|modifier le code|modifier la section|editar|"
               "editar código(?:-fonte)?|modifica|modifica wikitesto|bewerken|brontekst bewerken|redigera|"
               "redigera wikitext|rediger|rediger kilde|muokkaa|muokkaa wikitekstiä|править|править код|szerkesztés|"
               "forrásszöveg szerkesztése|değiştir|kaynağı değiştir")
_EDIT = re.compile(rf"^(\S.*?)\s*\[\s*(?:{_EDIT_WORDS})(?:\s*\|\s*(?:{_EDIT_WORDS}))*\s*\]$", re.I)
EDITS_MIN = 2  # lines ending with an edit link from which a text is read as copied from a wiki
HEADING_CHARS = 120  # a longer line that ends with an edit link is no heading
_CONTENTS = re.compile(r"^(?:contents|inhaltsverzeichnis|inhalt|sommaire|índice|indice|inhoud|innehåll|"
                       r"indholdsfortegnelse|innhold|sisällys|содержание|tartalomjegyzék|içindekiler)"
                       r"(?:\s*\[?(?:hide|show|verbergen|masquer|ocultar)\]?)?$", re.I)
_ENTRY = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+(\S.*)$")  # '2.1<TAB>Starters'
_CONTENTS_EXTRA = re.compile(r"^(?:\(top\)|\[?(?:hide|show)\]?|toggle .{1,80} subsection)$", re.I)  # Vector 2022
_TAGLINE = re.compile(r"^(?:from|aus|de|un article de|da|van|från|fra) wikip[eé]dia\b.{0,60}$", re.I)
# the page's own lines, besides the tagline
_SITE_LINES = re.compile(r"^(?:jump to (?:navigation|search|content)|zur (?:navigation|suche) springen|"
                         r"aller à la (?:navigation|recherche)|ir a la (?:navegación|búsqueda)|"
                         r"\(redirected from [^()]{1,100}\)|"
                         r"(?:retrieved from|abgerufen von|ce document provient de|obtenido de)\s*[\"„«“]?\s*"
                         r"https?://\S+|"
                         r"(?:hidden )?(?:categories|category|kategorien|kategorie|catégories?|categorías?)\s*:\s*\S.*|"
                         r"this page was last edited on .{1,80}|text is available under the creative commons .*)$",
                         re.I)
# a citation mark: a note's number or letter, a named note, or an inline cleanup tag ('[citation needed]', '[who?]',
# '[dubious – discuss]'), glued to the word or punctuation before it
_CLEANUP = r"[a-z][a-z ]{0,30}(?:needed|\?)|[a-z][a-z ]{0,20} [–-] discuss|vague|failed verification|specify|quantify"
_MARK = re.compile(rf"(?<=\S)\[(?:\d{{1,4}}|[a-z]{{1,2}}|[A-Z]|(?:[Nn]ote|[Nn][Bb]?) ?\d{{1,3}}|{_CLEANUP})\]")
_PUNCT_MARK = re.compile(r"(?<=[.,;:!?\"”’)])\[\d{1,4}\](?=\s|$|\[)")  # 'taste.[2] ', '.[2][3]'
_LISTED = re.compile(r"^\s*\[\d")  # a line opening with a bracketed number: a numbered list's, a link definition's
CITES_MIN = 3  # numeric marks after punctuation from which a text without edit links is read as copied from a wiki


@dataclass
class WikiCopy:
    """A wiki article's `lines` as plaintext reads them (edit links and citation marks taken off, the contents and the
    page's own lines blanked), its `headings` as (line index, raw level, title) and what was left out (`left_out`)."""

    lines: list[str]
    headings: list[tuple[int, int, str]]
    left_out: Counter


def _contents(stripped: list[str], titles: set[str]) -> tuple[list[int], dict[str, int]]:
    """The lines of the table of contents (a 'Contents' line over numbered entries, most of them headings' `titles`)
    and the depth of each entry's title ('2.1' → 2)."""
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
            return run, depths
    return [], {}


def wiki_copy(lines: list[str]) -> WikiCopy | None:
    """The text's lines read as a wiki article copied from a browser, or None when it does not show it was one (see
    the module's notes). A line over the tagline that opens the text is the article's title (raw level 1); the
    sections' levels follow the contents' numbers when it has them."""
    stripped = [ln.strip() for ln in lines]
    edits = {i: m.group(1) for i, s in enumerate(stripped)
             if len(s) <= HEADING_CHARS and (m := _EDIT.match(s)) and _MARK.sub("", m.group(1)).strip()}
    tagline = [i for i, s in enumerate(stripped) if _TAGLINE.match(s)]
    marks = sum(len(_PUNCT_MARK.findall(s)) for s in stripped)
    if len(edits) < EDITS_MIN and not tagline and (marks < CITES_MIN or any(_LISTED.match(s) for s in stripped)):
        return None
    left_out, out = Counter(), list(lines)
    titles = {i: " ".join(_MARK.sub("", t).split()) for i, t in edits.items()}
    contents, depths = _contents(stripped, {t.lower() for t in titles.values()})
    site = [i for i, s in enumerate(stripped) if _TAGLINE.match(s) or _SITE_LINES.match(s)]
    for i in contents + site:
        out[i] = ""
    left_out["contents"] = sum(bool(stripped[i]) for i in contents)
    left_out["navigation"] = sum(len(stripped[i].split()) for i in site)
    lead = [i for i, s in enumerate(stripped) if s][:2]  # the text opens with the title over the tagline
    title = [(lead[0], 1, stripped[lead[0]])] if len(lead) == 2 and lead[1] in tagline else []
    for i, line in enumerate(out):
        if i in titles:
            out[i] = titles[i]
        elif line.strip():
            out[i], n = _MARK.subn("", line)
            left_out["citations"] += n
    heads = title + [(i, len(title) + depths.get(t.lower(), 1), t) for i, t in titles.items()]
    return WikiCopy(out, sorted(heads), +left_out)
