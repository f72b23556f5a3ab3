"""Markdown's inline marks read off a paragraph's text (segcore.plaintext reads its blocks): comments, images, emoji
shortcodes, footnote marks and HTML tags taken off, backslash escapes, entities and character references read as their
characters, code spans, links and the references to defined link labels read as their text, emphasis marks taken
off, hard line breaks' backslashes taken off (CommonMark 2.4, 6)."""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from html import unescape
from html.entities import html5
from types import MappingProxyType

from .rest import role_text
from .structure import MARK_GAP, closed_up

__all__ = ["EMPHASIS", "LINK_TEXT", "hard_breaks", "inline", "inline_with_code", "link_label", "shows_marks"]

_HTML_TAGS = ("a|abbr|b|big|blockquote|br|center|cite|code|dd|del|details|div|dl|dt|em|figcaption|figure|font|h[1-6]|"
              "hr|i|img|ins|kbd|li|mark|ol|p|picture|pre|q|s|samp|small|source|span|strike|strong|sub|summary|sup|"
              "table|tbody|td|th|thead|tr|tt|u|ul|var|video")

LINK_TEXT = r"(?:[^\[\]]|\[[^\[\]]*\])+"  # a link's text: at most one level of brackets inside
# Inline marks (comments, images, footnote marks, HTML, links, emphasis), each read so that a long run of one
# character is not read again from each of its characters: spaces before a comment or an image from their run's
# start, a comment to the first '-->' before another '<!--', an image's text without brackets, a link's text and
# target with at most one level of brackets, an emphasis of at most EMPHASIS characters (a longer one keeps its marks)
EMPHASIS = 1000
_TARGET = r"\((?:[^()]|\([^()]*\))*\)"  # a link's target: (https://en.wikipedia.org/wiki/Mercury_(planet))
# a quote as old TeX and Emacs texts write it, `like this' or ``like this'' (groff's README, libc6's README.hesiod): a
# backtick or two, words up to the first apostrophe, which follows a letter, digit, '/', '.', ')' or '*' (`-TX*'; not
# a space, '(', '=' or '+', which open a string in code: `require('./a')`, `date +'%Y'`), as many apostrophes, then no
# word character, apostrophe or backtick
_QUOTED = r"[^`'\s][^`']*(?<=[\w/.)*])'{%d}(?![\w'`])"
# read first, from the left, and kept from the other marks: comments (taken off), backslash escapes (CommonMark 2.4:
# the character), the backticks that open a quote (_QUOTED: literal), code spans (their text, between backtick strings
# of one length: ``a ` b``), entities and numeric character references (CommonMark 6.2: '&amp;', '&#8212;',
# '&#x2014;'; a name HTML does not define stays), autolinks (CommonMark 6.5: '<https://example.org>',
# '<user@example.org>': the address, without its brackets) and characters of the private-use planes, which stand for
# these while the other marks are read
_ESCAPE, _CODE = r"\\(?P<escaped>[!-/:-@\[-`{-~])", r"(?<!`)(?P<ticks>`+)(?!`)(?P<code>.{1,%d}?)(?<!`)(?P=ticks)(?!`)"
# a MyST role before a code span ('{pep}`518`', '{ref}`title <label>`', '{py:func}`len`'): read as reST's role
_ROLE = r"(?:(?<![\w{}$])\{(?P<role>[a-z][\w.+-]*(?::[\w.+-]+)*)\})?"
_LABEL = r"[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
_AUTOLINK = (r"<(?P<address>[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\x00-\x20<>]*"
             rf"|[a-zA-Z0-9.!#$%&'*+/=?^_`{{|}}~-]+@{_LABEL}(?:\.{_LABEL})*)>")
_KEPT = re.compile(r"(?P<comment>(?<!\s)\s*<!--(?:(?!<!--).)*?-->)|" + _ESCAPE + "|" + _AUTOLINK
                   + rf"|(?<!`)(?P<quote>`(?={_QUOTED % 1})|``(?={_QUOTED % 2}))|" + _ROLE + _CODE % EMPHASIS
                   + r"|(?P<entity>&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|(?P<name>[A-Za-z][A-Za-z0-9]{1,31}));)"
                   + r"|[\U000F0000-\U0010FFFF]")
# a hard line break (CommonMark 6.7): a backslash at a line's end, not escaped and not in a code span
_HARD_BREAK = re.compile(_ESCAPE + "|" + _CODE % EMPHASIS + r"|(?P<hard>\\)\n", re.S)
_STAND_IN = re.compile(r"[\U000F0000-\U000FFFFD][\U00100000-\U0010FFFD]")  # one kept piece: two characters
_PIECE = re.compile(_STAND_IN.pattern + "|[\ufdd1\ufdd2]")  # a kept piece, a link's start or end
_IMAGE_START = r"(?<!\s)\s*!"
_LINK_OPEN, _LINK_CLOSE = "\ufdd1", "\ufdd2"
_NO_LABELS: Mapping[str, str] = MappingProxyType({})  # no link label defined
# GitHub's emoji shortcodes (':warning:', ':+1:', ':star::star:'; a letter or digit in each: a table's ':-:' is none):
# a picture, read as nothing, as an image is; glued to no word, colon, bracket or slash on either side ('10:30:45',
# 'std::vector', 'http://', '[:alpha:]' are none), nor to a code span (read before: a stand-in character) or a
# parenthesis after (reST's ':ref:`x`' in a Markdown text)
_SHORTCODE = re.compile(r"(?<![\w:\[/\\\U000F0000-\U0010FFFF])(?::(?=[_+-]*[a-z0-9])[a-z0-9_+-]+:)+"
                        r"(?![\w:(/\]\U000F0000-\U0010FFFF])")
_INLINE = [(re.compile(_IMAGE_START + r"\[[^\[\]]*\]" + _TARGET), ""), (_SHORTCODE, MARK_GAP),
           (re.compile(r"\[\^[^\]\s]+\]"), MARK_GAP),  # footnote marks (closed_up: no space left before a stop)
           (re.compile(r"<br\s*/?>", re.I), " "), (re.compile(rf"</?(?:{_HTML_TAGS})\b[^<>]*>", re.I), "")]  # HTML
# a link: its text (none: an image's) between two noncharacters while the other marks are read, its target kept as a
# piece right after the first (where links are and where they point: inline_with_code)
_LINK = re.compile(r"\[(?P<text>" + LINK_TEXT + r")?\](?P<target>" + _TARGET + ")")
# a reference link or image (CommonMark 6.3): '[text][label]', '[label][]', '[label]'
_REFERENCE = re.compile(rf"(?P<image>{_IMAGE_START})?\[(?P<text>{LINK_TEXT})?\](?:\[(?P<label>[^\[\]]*)\]|(?![\[(]))")
# emphasis (CommonMark 6.2, simplified): a run of '*' or '_' not after a word character or '*' opens, with 3, 2 or 1 of
# its marks (the most it has first) and a character that is no space after them; the same marks close it: the first,
# within EMPHASIS characters and on the same line, that end a run, after a character that is no space and before none
# that is a word character or '*'. Strong emphasis ('**bold**', shows_marks): 2 marks, then no space, '*' or '_'. Each
# run is found once and a closing run by bisection in the runs that can close, not looked for from each opening one:
# '*a _b ' repeated opens thousands that never close
_RUN = re.compile(r"\*+|_+")
_WORD_OR_STAR, _SPACE, _NOT_STRONG = re.compile(r"[\w*]"), re.compile(r"\s"), re.compile(r"[\s*_]")


def shows_marks(text: str) -> bool:
    """Whether a text shows the inline marks of Markdown that plain texts seldom have: a code span (not a quote
    `like this') or strong emphasis ('**bold**')."""
    return next(_emphases(text, strong=True), None) is not None or any(m.group("code") for m in _KEPT.finditer(text))


def _emphases(text: str, strong: bool = False) -> Iterator[tuple[int, int, int]]:
    """Each emphasis in a text, from the left and none inside another (start, end, number of marks on each side):
    strong emphasis only if `strong`."""
    runs = [m.span() for m in _RUN.finditer(text)]
    closing: dict[tuple[str, int], list[int]] = {}  # where k marks of one character can close, in order
    for s, e in runs:
        after = e == len(text) or not _WORD_OR_STAR.match(text, e)
        for k in range(1, min(3, e - s) + 1):
            if after and (e - s > k or (s > 0 and not _SPACE.match(text, s - 1))):
                closing.setdefault((text[s], k), []).append(e - k)
    line_ends = [m.start() for m in re.finditer("\n", text)] + [len(text)]
    at = 0  # where the last emphasis found ends
    for s, e in runs:
        if s < at or (s > 0 and _WORD_OR_STAR.match(text, s - 1)):
            continue
        for k in (2,) if strong else range(min(3, e - s), 0, -1):
            inner = s + k
            if e - s < k or inner == len(text) or (_NOT_STRONG if strong else _SPACE).match(text, inner):
                continue
            ends = closing.get((text[s], k), [])
            i = bisect_left(ends, inner + 1)
            if i < len(ends) and ends[i] - inner <= EMPHASIS and ends[i] <= line_ends[bisect_left(line_ends, inner)]:
                yield s, ends[i] + k, k
                at = ends[i] + k
                break


def _without_emphasis(text: str) -> str:
    """A text with its emphasis marks taken off (closed_up: no space left before a stop)."""
    out, at = [], 0
    for start, end, k in _emphases(text):
        out += [text[at:start], text[start + k:end - k]]
        at = end
    return closed_up("".join(out) + text[at:])


def link_label(text: str) -> str:
    """A link label as CommonMark matches it: case and runs of white space aside."""
    return " ".join(text.split()).casefold()


def hard_breaks(lines: list[str]) -> list[str]:
    """A paragraph's lines with the backslash of each hard line break taken off: the line break it marks reads as
    the others do."""
    return _HARD_BREAK.sub(lambda m: "\n" if m.group("hard") else m.group(), "\n".join(lines)).split("\n")


def _entity(m: re.Match) -> str | None:
    """The character an entity or a character reference stands for (html.unescape's), None for an unknown name."""
    entity, name = m.group("entity"), m.group("name")
    return unescape(entity) if entity and (not name or name + ";" in html5) else None


def inline(text: str, labels: Mapping[str, str] = _NO_LABELS) -> str:
    """Markdown text without its inline marks: comments and images taken off, escapes read, code spans, links and
    the references to the link `labels` defined read as their text, emphasis marks taken off."""
    return inline_with_code(text, labels)[0]


def _destination(target: str) -> str:
    """A link's destination as written in its '(destination "title")' (CommonMark 6.3): '<…>' or up to a space."""
    inner = target[1:-1].strip()
    return inner[1:inner.find(">")] if inner.startswith("<") and ">" in inner else (inner.split() or [""])[0]


def inline_with_code(text: str, labels: Mapping[str, str] = _NO_LABELS
                     ) -> tuple[str, tuple[tuple[int, int], ...], tuple[tuple[int, int, str], ...]]:
    """inline's text, where each code span's text is in it ((start, end), in order): a sentence does not end at a
    period inside code ('run `cmake .` in'), and where each link's text is and where it points ((start, end, target):
    inline, by reference to the `labels` defined (label: target), autolinks; an address without a scheme is mail's)."""
    kept = []  # (as written, as read) of each piece kept from the other marks

    def keep(m: re.Match) -> str:
        if m.group("comment"):
            return ""
        if m.group("quote"):
            return m.group()
        code = m.group("code") and (role_text(m.group("role"), m.group("code"), {}) if m.group("role")
                                    else m.group("code"))
        return stand_in(m.group(), m.group("escaped") or m.group("address") or code or _entity(m) or m.group())

    def stand_in(written_as: str, read: str) -> str:  # two characters standing for a piece kept
        kept.append((written_as, read))
        return chr(0xF0000 + (len(kept) - 1) // 0xFFFE) + chr(0x100000 + (len(kept) - 1) % 0xFFFE)

    def piece(m: re.Match) -> tuple[str, str]:
        return kept[(ord(m.group()[0]) - 0xF0000) * 0xFFFE + ord(m.group()[1]) - 0x100000]

    def written(part: str) -> str:
        return _STAND_IN.sub(lambda p: piece(p)[0], part)

    def link(link_text: str, target: str) -> str:  # its target a piece written '(…)', read as nothing
        return _LINK_OPEN + stand_in(f"({target})", "") + link_text + _LINK_CLOSE

    def reference(m: re.Match) -> str:
        name = link_label(written(m.group("label") or m.group("text") or ""))
        if name not in labels:
            return m.group()
        return "" if m.group("image") else link(m.group("text") or "", labels[name])

    text = _KEPT.sub(keep, text)
    for pattern, repl in _INLINE:
        text = pattern.sub(repl, text)
    text = _LINK.sub(lambda m: link(m.group("text") or "", _destination(written(m.group("target")))), text)
    text = _without_emphasis(_REFERENCE.sub(reference, text) if labels else text)
    out, code, links, opened, at, n = [], [], [], [], 0, 0
    for m in _PIECE.finditer(text):
        out.append(text[at:m.start()])
        n, at = n + m.start() - at, m.end()
        if m.group() == _LINK_OPEN:
            opened.append([n, ""])
        elif m.group() == _LINK_CLOSE and opened:  # a link in a reference's text is in that link
            start, target = opened.pop()
            links += [] if opened else [(start, n, target)]
        else:
            written_as, read = piece(m)
            out.append(read)
            if written_as.startswith(("`", "{")):
                code.append((n, n + len(read)))
            elif written_as.startswith("<"):
                links.append((n, n + len(read), read if ":" in read else "mailto:" + read))
            elif written_as.startswith("(") and opened:  # the target of the link just opened
                opened[-1][1] = written_as[1:-1]
            n += len(read)
    out.append(text[at:])
    return "".join(out), tuple(code), tuple(sorted(links))
