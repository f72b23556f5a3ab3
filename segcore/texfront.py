"""A LaTeX source's title page: the fields of it that are no part of the running prose, those the classes name
(FRONT: authors, addresses, notes on them, dates, a paper's codes and journal; counted as "front") and those a
class of its own stores for \\maketitle, found in the document's body (title_fields)."""
from __future__ import annotations

import re

from .plaintext import LATEX_RANK
from .texargs import LINE_END, braced_group, bracket_options, closing_braces

__all__ = ["FRONT", "title_fields"]

# the title page's fields, no part of the running prose (counted as "front"): who wrote it (\author, IEEEtran's
# \IEEEauthorblockN and \IEEEmembership), where they are and how to reach them (\affiliation, revtex's \altaffiliation
# and \homepage, authblk's \affil, llncs's \institute, amsart's \address, \curraddr and \urladdr, \email, elsarticle's
# \ead, IEEEtran's \IEEEauthorblockA, \orcid), notes on them and the title (\thanks, acmart's \authornote,
# elsarticle's \tnotetext, \fntext and \cortext, OUP's \corresp), dates (\date, \received, \revised, \accepted), the
# codes that class the paper (amsart's \subjclass, revtex's \pacs, acmart's \ccsdesc), its journal (elsarticle's
# \journal), a dedication (amsart's \dedicatory: to whom, no part of the paper's prose), a letter's sender's address
# (\address), its copies and enclosures (\cc, \encl); and (latex's _SETTING_ENVS) a letter's recipient's address. A
# class may give a field more arguments: the braced groups right after it are all its own ('\received{Date}{0}{Year}',
# '\author*{X}{x@y.org}'). Keywords stay text: the authors' own words for what the text is about, the terms of its
# prose, read beside the abstract; so do a letter's \opening ('Dear Sir,'), \closing ('Yours faithfully,') and \ps
FRONT = frozenset("author date thanks affiliation altaffiliation affil institute address curraddr urladdr email ead "
                  "homepage orcid IEEEauthorblockN IEEEauthorblockA IEEEmembership authornote tnotetext fntext cc "
                  "cortext corresp received accepted revised subjclass pacs ccsdesc journal dedicatory encl".split())
# a title page's fields a class of its own stores for \maketitle (a thesis's \department{…}, afparticle's
# \volumenumber{…}): a command the reader knows no other way, alone on its line at the body's top level before
# \maketitle, prints nothing ("front") up to the last \maketitle (an exam's answer key repeats its title page), then
# prints as any other; keywords and the front matter's prose (an abstract, cje's \resume, acknowledgements, a preface,
# prologue or foreword: thesis-gwu's \preface{…}) stay text
_FIELD_LINE = re.compile(r"(?m)^[ \t]*\\(?P<name>(?!(?:begin|end)\b)[A-Za-z@]+)\*?[ \t]*(?=[\[{])"
                         r"|^[ \t]*(?P<prose>[^\s\\{}])|\\(?:begin|end)\b|\\.|[{}]", re.S)
_TITLE_PROSE = frozenset("keywords keyword abstract resume acknowledgements acknowledgments preface prologue "
                          "foreword".split())
_SHOWN = re.compile(r"\\(?:begin|" + "|".join(LATEX_RANK) + r")(?![A-Za-z@])")  # an environment, a heading
_SET_BY_PIECE = FRONT | {"title"}  # a piece's fields: among them the title or a field the classes name


def title_fields(body: str, piece: bool = False) -> frozenset:
    """The commands a document's body (its text) sets as its title page's fields before its \\maketitle (none
    without one, or with text before it: a documentation's \\maketitle after its prose): those alone on their line
    with their [options] and braced arguments (an [option] over lines no prose line), outside any group or
    environment; not one whose arguments hold an environment or a heading there, once or more (IEEEtran's
    \\IEEEtitleabstractindextext{\\begin{abstract}…}, beamer's \\frame{…}, a thesis's \\ack{\\subsection*{…}…}:
    prose the page shows). A piece of a document (no \\begin{document}: a file a thesis \\input's) without a
    \\maketitle sets them from its start up to its first prose, if \\title or a FRONT field is among them (a
    thesis class's information file: '\\title{…}', '\\department{…}', '\\supervisor{…}', then its abstract and
    its own title command); a chapter's '\\textbf{…}' alone on a line sets none."""
    top, braces, names, prose, depth, i = body.find("\\maketitle"), closing_braces(body), set(), set(), 0, 0
    run = piece and top < 0
    while m := _FIELD_LINE.search(body, i, len(body) if run else max(top, 0)):
        i = m.end()
        if m["prose"] and depth == 0:
            if run:
                break
            return frozenset()
        if m["name"] and depth == 0 and m["name"] not in _TITLE_PROSE:
            start = j = bracket_options(body, m.end())
            while (k := braced_group(body, j, braces)[1]) != j:
                j = k
            if j > start and LINE_END.match(body, j):
                (prose if _SHOWN.search(body, start, j) else names).add(m["name"])
            i = j
        depth = max(depth + (m[0] in ("{", "\\begin")) - (m[0] in ("}", "\\end")), 0)
    names -= prose
    return frozenset(names if not run or names & _SET_BY_PIECE else ())
