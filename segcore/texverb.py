"""What a LaTeX source's reader takes as written, before it reads the source: where a '%' is a comment and where
it is none (\\verb's text, an address, a verbatim environment's body), and where the document's body is."""
from __future__ import annotations

import re

__all__ = ["VERB", "VERBATIM_ENVS", "without_comments"]

# environments read as written, to their \end: a '%' there is no comment; code (verbatim, listings, minted, fancyvrb,
# alltt, filecontents) and the comment package's environment, by the kind of lines left out (structure.LEFT_OUT)
VERBATIM_ENVS = {**dict.fromkeys("verbatim lstlisting minted Verbatim alltt filecontents".split(), "code lines"),
                 "comment": "comments"}
# \verb|text|: its delimiter any ASCII character but a letter or space (a '|', '+', '!', '"'), its text on one line;
# after an unclosed one the next '\verb' with that delimiter is on another line: a line is scanned at most once a
# delimiter, never once a '\verb'
VERB_TEXT = r"([!-@\[-`{-~])(.*?)\1"
VERB = re.compile(VERB_TEXT)
# what LaTeX reads no comment in: \verb's text (on its line), a \url's or \href's address ('%20'), an escaped '%' or
# backslash ('\%', '\\%': a line break, then a comment), a verbatim environment (VERBATIM_ENVS, and those the source
# defines before, fancyvrb's and listings': pandoc's 'Highlighting' for code) from its \begin; else a comment: the
# whole line where only spaces come before its '%', or '%' to the line's end (a definition there defines nothing)
_NO_COMMENT = re.compile(r"\\verb\*?" + VERB_TEXT + r"|\\(?:url|href)\s*\{[^{}\n]*\}"
                         r"|\\(?:(?:Define|Recustom)VerbatimEnvironment|lstnewenvironment)\s*\{\s*(?P<verbatim>"
                         r"[A-Za-z@]{1,40})\s*\}|\\(?P<bound>begin|end)\s*\{(?P<env>[A-Za-z]{1,40}\*?)\}|\\[\\%]"
                         r"|(?<![^\n])[ \t]*%[^\n]*\n?|%[^\n]*")


def without_comments(source: str) -> tuple[str, str, int, tuple[int, int], frozenset]:
    """The source without its comments; the same without the bodies of its verbatim environments (where its own
    definitions are: a macro a listing shows is not defined); how many lines had a comment ('%' to the line's end,
    the whole line where only spaces come before it: a comment line does not end a paragraph); and where the
    document's body is in the first: after the first \\begin{document}, before the first \\end{document} after it
    (the text's ends without them), neither of them in a verbatim environment (a listing of a document's source);
    and the verbatim environments the source defines, outside comments and verbatim text. '%' is no comment where
    LaTeX reads none (_NO_COMMENT): one pass, each '%' seen once."""
    out, listed, i, comments, size, start, end = [], [], 0, 0, 0, -1, -1  # size: the characters kept so far
    verbatims = set()
    while m := _NO_COMMENT.search(source, i):
        kept = m.start() if m.group(0).lstrip(" \t").startswith("%") else m.end()
        comments += kept == m.start()
        out.append(source[i:kept])
        size, i = size + kept - i, m.end()
        env, opens = m["env"], m["bound"] == "begin"
        if m["verbatim"]:
            verbatims.add(m["verbatim"])
        if env == "document" and opens and start < 0:
            start = size
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
