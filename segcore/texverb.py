"""What a LaTeX source's reader takes as written, before it reads the source: where a '%' is a comment and where
it is none (\\verb's text, an address, a verbatim environment's body), and where the document's body is."""
from __future__ import annotations

import re
from functools import lru_cache

from .plaintext import LATEX_RANK
from .texargs import OPTION_ON_A_LINE

__all__ = ["CONTEXT_FILES", "VERB", "VERBATIM_ENVS", "is_context", "verb_text", "without_comments"]

# environments read as written, to their \end: a '%' there is no comment; code (verbatim, listings, minted, fancyvrb,
# alltt, filecontents) and the comment package's environment, by the kind of lines left out (structure.LEFT_OUT)
VERBATIM_ENVS = {**dict.fromkeys("verbatim lstlisting minted Verbatim alltt filecontents".split(), "code lines"),
                 "comment": "comments"}
# \verb|text| (\verb*|text|: a star after it is always its own) and listings' \lstinline|text| (after its [options],
# texargs' rule on one line: '\lstinline[deletekeywords={[2]label}]+x+'; a '[' after it always opens them), its text as
# written: its delimiter an ASCII character but a letter or space (a '|', '+', '!', '"') or a symbol beyond ASCII (a
# '×' in a Unicode source), its text on one line; after an unclosed one the next '\verb' with that delimiter is
# on another line: a line is scanned at most once a delimiter, never once a '\verb'. \lstinline's text may also be in
# braces, to the first '}' as listings reads it ('\lstinline{a{b}' is 'a{b'); verb_text(m) is the text
VERB_TEXT = (r"\\(?:verb(?:\*|(?!\*))|(?P<lst>lstinline)(?:" + OPTION_ON_A_LINE + r"|(?!\[)))"
             r"(?:(?(lst)\{(?P<inbraces>[^}\n]*)\}|(?!))"
             r"|(?P<delim>[!-@\[-`{-~]|[^\x00-\x7f\w\s])(?P<code>.*?)(?P=delim))")
VERB = re.compile(VERB_TEXT)
# what LaTeX reads no comment in: \verb's and \lstinline's text (on its line), a \url's or \href's address ('%20'), an
# escaped '%' or backslash ('\%', '\\%': a line break, then a comment), a verbatim environment (VERBATIM_ENVS, and those
# the source defines before, fancyvrb's and listings': pandoc's 'Highlighting' for code) from its \begin, a short verb's
# text (_SHORT_CHARS); else a comment: the whole line where only spaces come before its '%', or '%' to the line's end (a
# definition there defines nothing) with, as TeX, the line's end and the next line's leading spaces (the comment lines
# right after it with theirs): 'fo%\n  o' is 'foo', a macro body '{%\n  \link…' opens with no line end; not before a
# blank line (the paragraph's end stays), nor after a command's end, a control word or a closing brace ('\noindent%',
# '\author{X}%'): a '%' there keeps a space out of TeX's output (no word is cut there), and the reader's rules that go
# by lines (a title page's field alone on its line, a line of commands printing nothing) read that line as one. The
# document's class is seen for the short verb its class declares.
_NO_COMMENT = (VERB_TEXT + r"|\\(?:url|href)\s*\{[^{}\n]*\}"
               r"|\\(?:(?:Define|Recustom)VerbatimEnvironment|lstnewenvironment)\s*\{\s*(?P<verbatim>[A-Za-z@]{1,40})"
               r"\s*\}|\\(?P<bound>begin|end)\s*\{(?P<env>[A-Za-z]{1,40}\*?)\}"
               r"|\\documentclass\s*(?:\[[^\]%]{0,500}\]\s*)?\{\s*(?P<cls>[\w-]{1,40})\s*\}"
               r"|(?P<short>\\(?:lst)?(?P<op>Make|Define|Delete|Undefine)Short(?:Verb\*?|Inline)\s*"
               r"(?:" + OPTION_ON_A_LINE + r"\s*)?(?:\{\s*\\?(?P<braced>[!-~])\s*\}|\\?(?P<bare>[!-~])))"
               r"|\\[\\%]|(?<![^\n])[ \t]*%[^\n]*\n?|%[^\n]*(?P<join>\n(?:[ \t]*%[^\n]*\n)*[ \t]*(?=[^ \t\n%]))?")
# a short verb: doc's (shortvrb's) \MakeShortVerb{\|}, fancyvrb's \DefineShortVerb{\|} and listings'
# \lstMakeShortInline[options]| make '|text|' read as \verb|text| is, from there on, until \DeleteShortVerb{\|}
# (fancyvrb: \UndefineShortVerb; listings: \lstDeleteShortInline); its text on one line, as \verb's. Its character is
# any ASCII one but a letter or space, '%', '\' and braces; a control symbol ('\|', a norm) is none. The classes that
# declare one themselves, at \begin{document}: ltxdoc's '|' (a .dtx package manual's '|\cmd|'), l3doc's '"' and '|'
# (its \AtBeginDocument{\MakeShortVerb\" \MakeShortVerb\|}); one the preamble deleted stays deleted
# (\AtBeginDocument{\DeleteShortVerb{\|}})
_SHORT_CHARS = frozenset(c for c in map(chr, range(33, 127)) if not c.isalpha() and c not in "%\\{}")
_CLASS_SHORT = {"ltxdoc": "|", "l3doc": "\"|"}
# ConTeXt's verbatim text: \type{…} (its braces balanced, one level inside: '\type{\pdfliteral{q}}'), \type<<…>>,
# \typ{…}, on one line, printed as written ('\type{\box0}' is '\box0'): read as \verb is, written as \verb with a
# delimiter not in it (_DELIMITERS), in a source that is ConTeXt's (a LaTeX source's own \type is its own): its text
# (\starttext), a project's structure's files (\startproduct, \startcomponent, \startproject, \startenvironment; a
# manual's \startdocument, as the LuaTeX manual's) or the environment file it loads by name ('\environment
# luatex-style', '\environment[style]'; a LaTeX manual's \environment{name} shows an environment's name)
_CONTEXT = re.compile(r"\\start(?:text|product|component|project|environment|document)(?![A-Za-z])"
                      r"|^[ \t]*\\environment(?:[ \t]+[\w.-]|[ \t]*\[)", re.M)
# in a ConTeXt source, its project's files by name (unbraced, or in brackets): those a file loads ('\environment
# luatex-style', '\component x', \product, \project: not read) and the one it starts ('\startcomponent x'): no text
CONTEXT_FILES = frozenset("environment component product project startcomponent startproduct startproject "
                          "startenvironment".split())
_TYPE = (r"|\\typ(?:e)?(?![A-Za-z@])[ \t]*(?:\{(?P<typed>(?:[^{}\n]|\{[^{}\n]*\})*)\}|<<(?P<angled>[^\n]*?)>>)")
_DELIMITERS = "|!+=@^~\"'/"
# a sectioning command at a line's start: no preamble has one, a chapter file (\input by its main file) does; a
# \begin{document} after it is a listing's, in an environment the main file defines ('\begin{code}', 'LaTeXCode')
_HEADING = re.compile(r"(?m)^[ \t]*\\(?:" + "|".join(LATEX_RANK) + r")\*?\s*[\[{]")


def is_context(source: str) -> bool:
    """Whether a source is ConTeXt's (_CONTEXT)."""
    return bool(_CONTEXT.search(source))


def verb_text(m: re.Match) -> str:
    """The text of a VERB match: between its delimiters or in \\lstinline's braces."""
    return m["inbraces"] if m["delim"] is None else m["code"]


def _after_command(source: str, start: int, end: int) -> bool:
    """Whether source[:end] ends a command, spaces after it aside: a closing brace, or a control word ('\\noindent')
    within source[start:end] (the spaces and letters before `end` scanned once)."""
    while end > start and source[end - 1] in " \t":
        end -= 1
    j = end
    while j > start and (source[j - 1].isascii() and source[j - 1].isalpha() or source[j - 1] == "@"):
        j -= 1
    return source[end - 1:end] == "}" or start < j < end and source[j - 1] == "\\"


@lru_cache(maxsize=64)
def _pattern(shorts: str, context: bool = False) -> re.Pattern:
    """_NO_COMMENT with the text of the short verbs `shorts` (sorted characters) as '\\verb's text, and in a ConTeXt
    source its \\type's and \\typ's (_TYPE)."""
    pattern = _NO_COMMENT + (_TYPE if context else "")
    if not shorts:
        return re.compile(pattern)
    return re.compile(pattern + rf"|(?<!\\)(?P<shortverb>[{re.escape(shorts)}])[^\n]*?(?P=shortverb)")


def _as_verb(text: str) -> str | None:
    """\\verb with `text` between a delimiter not in it (None when each of _DELIMITERS is)."""
    d = next((c for c in _DELIMITERS if c not in text), None)
    return None if d is None else f"\\verb{d}{text}{d}"


def without_comments(source: str) -> tuple[str, str, int, tuple[int, int], frozenset]:
    """The source without its comments; the same without the bodies of its verbatim environments (where its own
    definitions are: a macro a listing shows is not defined); how many lines had a comment ('%' to the line's end,
    the whole line where only spaces come before it: a comment line does not end a paragraph); and where the
    document's body is in the first: after the first \\begin{document}, before the first \\end{document} after it
    (the text's ends without them), neither of them in a verbatim environment (a listing of a document's source) nor
    after a heading (_HEADING: a chapter file's listing of a document, in an environment its main file defines);
    and the verbatim environments the source defines, outside comments and verbatim text. '%' is no comment where
    LaTeX reads none (_NO_COMMENT): one pass, each '%' seen once. A short verb's text is written as \\verb's
    ('|\\cmd|' -> '\\verb|\\cmd|'), its declarations taken out."""
    out, listed, i, comments, size, start, end = [], [], 0, 0, 0, -1, -1  # size: the characters kept so far
    chapter = False  # a heading came before a \begin{document}: the text is a chapter's, that a listing's
    verbatims, shorts, deleted, declared = set(), set(), set(), ""  # short verbs: on, deleted in the preamble
    context = is_context(source)
    while m := _pattern("".join(sorted(shorts)), context).search(source, i):
        kept = m.start() if m["short"] or m.group(0).lstrip(" \t").startswith("%") else m.end()
        joined = m["join"] and not _after_command(source, i, kept)
        comments += 0 if kept != m.start() or m["short"] else m["join"].count("\n") if joined else 1
        typed = (m["typed"] if m["angled"] is None else m["angled"]) if context else None
        verb = None if typed is None else _as_verb(typed)
        out.append(source[i:m.start()] + "\\verb" + m.group(0) if shorts and m["shortverb"] else
                   source[i:m.start()] + verb if verb else source[i:kept])
        size, i = size + len(out[-1]), m.end() if joined or not m["join"] else m.start("join")
        env, opens = m["env"], m["bound"] == "begin"
        if m["verbatim"]:
            verbatims.add(m["verbatim"])
        if m["cls"]:
            declared = _CLASS_SHORT.get(m["cls"], "")
        if m["short"] and (char := m["braced"] or m["bare"]) in _SHORT_CHARS:
            undo = m["op"] in ("Delete", "Undefine")
            (shorts.discard if undo else shorts.add)(char)
            (deleted.add if undo and start < 0 else deleted.discard)(char)
        if env == "document" and opens and start < 0 and not (
                chapter := chapter or bool(_HEADING.search("".join(out)))):
            start = size
            shorts |= set(declared) - deleted
        elif env == "document" and not opens and start >= 0 > end:
            end = size - len(m.group(0))
        elif env and opens and (env.rstrip("*") in VERBATIM_ENVS or env in verbatims):
            close = source.find(f"\\end{{{env}}}", i)  # its body ends at the first \end{env}, else at the end
            close = close if close >= 0 else len(source)
            out.append(source[i:close])
            listed.append(len(out) - 1)
            size, i = size + close - i, close
    out.append(source[i:])
    plain = out.copy()
    for k in listed:
        plain[k] = ""
    body = (max(start, 0), size + len(source) - i if end < 0 else end)
    return "".join(out), "".join(plain), comments, body, frozenset(verbatims)
