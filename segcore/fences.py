"""Code fences in plain text and Markdown: the line that opens or closes one ('```', '~~~~', CommonMark §4.5), and
the lines that only look like one (a title's underline; a scene break over prose, which a fence never closed would
leave out to the end of the document)."""
from __future__ import annotations

import re
from itertools import accumulate

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# MyST's colon fence: a directive (':::{note}', '::::{tab-set}') opens with '{name}' after three colons or more, and
# closes with colons alone; it holds Markdown, never code, and is no sign of Markdown by itself
_MARK = re.compile(r"^ {0,3}(`{3,}|~{3,}|:{3,}(?=\{[\w-]+\}(?:\s|$)))")
_CLOSING = re.compile(r"^ {0,3}(`{3,}|~{3,}|:{3,})[ \t]*$")  # a fence's marks alone: one that may close


def fence_mark(line: str, item: int, colons: bool = False) -> str | None:
    """The mark of a fence ('```', '~~~~' …, MyST's ':::{note}'; ':::' alone when `colons`: a colon fence is open)
    that `line` is, indented at most 3 spaces past the content of the list item it may be in (`item`: that content's
    column, 0 outside lists; CommonMark §4.5, §5.2), else None."""
    line = line.expandtabs()
    text = line.lstrip(" ")
    m = (_MARK.match(text) or (colons and _CLOSING.match(text))) if len(line) - len(text) <= item + 3 else None
    return m.group(1) if m else None


# What is no code fence though it looks like one. A line of fence marks alone (no info string) right under a text line
# about as long is the title's underline, as in reST and plain texts ('Changes\n~~~~~~~'). A fence never closed runs
# to the end of the document (CommonMark §4.5), so a '~~~~' or '```' scene break in a plain text (a novel's) would
# leave out all the text after it: such a fence is none when what follows it reads as prose (prose_between: sentence
# ends, no code's characters). A closed fence of prose in a Markdown text stays code (a quoted message or licence, as
# its author set it apart); in a text that is otherwise plain, fences of prose are no sign of Markdown
# (segcore.plaintext.looks_like_markdown), and their lines are the text's rules.
UNDERLINE_SLACK = 2  # characters: an underline's length differs from its title's by at most this many
_PROSE_END = re.compile(r"[.!?][\"'’”»)\]]*(?=\s|$)")
_CODE_CHAR = re.compile(r"[{}<>$\\|;=#@]|\w\(|\S/\S|->|::")
PROSE_SPAN = 3  # non-blank lines: prose ends a sentence at least once in this many lines, and has fewer code characters


def is_underline(lines: list[str], i: int) -> bool:
    """Whether line `i`, fence marks alone, underlines the title above it: a line of its own after a blank line (or
    opening the text), about as long, not ending with a colon (that introduces code: 'Run:' over '```')."""
    above = lines[i - 1].strip() if i else ""
    bare = _CLOSING.match(lines[i].strip())  # backtick or tilde marks alone: colons close a MyST fence
    return bool(bare and bare.group(1)[0] != ":" and above and not FENCE.match(above) and not above.endswith(":")
                and (i < 2 or not lines[i - 2].strip()) and abs(len(lines[i].strip()) - len(above)) <= UNDERLINE_SLACK)


def prose_counts(lines: list[str]) -> list[tuple[int, int, int]]:
    """Running (non-blank lines, sentence ends, code characters) before each line, for prose_between."""
    return [(0, 0, 0), *accumulate(((1, len(_PROSE_END.findall(ln)), len(_CODE_CHAR.findall(ln))) if ln.strip()
                                    else (0, 0, 0) for ln in lines), lambda a, b: tuple(map(sum, zip(a, b))))]


def prose_between(counts: list[tuple[int, int, int]], a: int, b: int) -> bool:
    """Whether lines `a` to `b` (excluded) read as prose: two sentence ends at least, one in PROSE_SPAN non-blank
    lines, and fewer code characters (_CODE_CHAR) than one in PROSE_SPAN lines."""
    lines, ends, code = (y - x for x, y in zip(counts[a], counts[b]))
    return ends >= max(2, lines / PROSE_SPAN) and code * PROSE_SPAN < lines


def unclosed_fences(lines: list[str]) -> list[bool]:
    """For each fence line (fence_mark's), whether no line below it is fence marks alone of its character ('`', '~'
    or ':'), at least as long: a fence opening there is never closed."""
    longest, out = {"`": 0, "~": 0, ":": 0}, [False] * len(lines)
    for i in range(len(lines) - 1, -1, -1):
        if m := _MARK.match(lines[i].lstrip()):
            out[i] = longest[m.group(1)[0]] < len(m.group(1))
        if m := _CLOSING.match(lines[i].strip()):
            longest[m.group(1)[0]] = max(longest[m.group(1)[0]], len(m.group(1)))
    return out


def fenced_code(lines: list[str]) -> bool:
    """Whether a text has a fenced block that is code (a sign of Markdown): a fence, not an underline, whose lines up
    to its closing fence or the end do not read as prose."""
    counts, fence = prose_counts(lines), None
    for i, line in enumerate(lines):
        m = FENCE.match(line.lstrip())
        if fence is None and m and not is_underline(lines, i):
            fence = (m.group(1), i)
        elif fence and (n := _CLOSING.match(line.strip())) and n.group(1)[0] == fence[0][0] \
                and len(n.group(1)) >= len(fence[0]):
            if not prose_between(counts, fence[1] + 1, i):
                return True
            fence = None
    return fence is not None and not prose_between(counts, fence[1] + 1, len(lines))
