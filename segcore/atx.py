"""ATX heading lines ('# Title', '## Part') and whether those of a text show it is Markdown (segcore.plaintext): in a
plain text a '#' line is often a shell prompt ('# apt-get install foo'), a comment in a configuration file or in
code ('  # /etc/nsswitch.conf', a block of '#' lines) or a modeline ('# vim:ts=4'), not a heading."""
from __future__ import annotations

import re

from .structure import looks_like_title

__all__ = ["ATX", "atx_shows_markdown"]

ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:(?<=[ \t])#+)?[ \t]*$")  # closing #s: '## #' is empty
# a command's, a path's or code's characters: '/etc', 'a=b', '$HOME', '{', ';', '|', 'f(x)', '--flag', 'vim:ts'
_CODE = re.compile(r"[/=${};|]|\w\(|--|\S:\S")
_SENTENCE_END = re.compile(r"[.!?:][\"'’”»)\]]*\s*$")


def _weak(lines: list[str], i: int, first: int) -> bool:
    """Whether the ATX line `i` reads as no heading: indented (CommonMark allows 3 spaces; a prompt or a comment in
    an indented example is so), with a command's or code's characters, under two letters, in a block of '#' lines
    (next to a '#' line that is no heading or one of its own level), right under a line that ends no sentence, or
    opening with a small letter ('# apt update', '# jump to changes') unless it opens the text (`first`: '# libusb')."""
    m = ATX.match(lines[i])
    text = m.group(2).strip()
    near = (lines[j] for j in (i - 1, i + 1) if 0 <= j < len(lines) and lines[j].lstrip().startswith("#"))
    block = any(not (n := ATX.match(ln)) or n.group(1) == m.group(1) for ln in near)
    above = lines[i - 1].strip() if i else ""
    return (lines[i][:1].isspace() or bool(_CODE.search(text)) or len(re.findall(r"[^\W\d_]", text)) < 2 or block
            or bool(above and not above.startswith("#") and not _SENTENCE_END.search(above))
            or (text[:1].islower() and i != first))


def atx_shows_markdown(lines: list[str]) -> bool:
    """Whether a text's ATX lines show it is Markdown: more headings that read as titles (not `_weak`, and opening
    the text or title-shaped, any case: structure.looks_like_title) than weak ones, and either one of them opens the
    text or there are two or more: a lone title-shaped '#' line amid a plain text is a comment."""
    first = next((i for i, ln in enumerate(lines) if ln.strip()), -1)
    strong, weak = [], 0
    for i, line in enumerate(lines):
        if m := ATX.match(line):
            if _weak(lines, i, first):
                weak += 1
            elif i == first or looks_like_title(m.group(2).strip(), any_case=True):
                strong.append(i)
    return len(strong) > weak and (strong[0] == first or len(strong) >= 2)
