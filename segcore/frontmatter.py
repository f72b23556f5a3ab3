"""A Markdown file's front matter: the YAML or TOML block that opens it, which segcore.plaintext leaves out of the
text."""
from __future__ import annotations

import re

__all__ = ["front_matter"]

# front matter: (its closing line, a key line, any of its lines: a key, an indented or list line, a comment)
_FRONT = {"---": (re.compile(r"^(?:---|\.\.\.)\s*$"), re.compile(r"^[\w-]+\s*:(?:\s|$)"),  # YAML: Jekyll, pandoc
                  re.compile(r"^(?:[\w-]+\s*:(?:\s|$)|\s+\S|\s*-\s|\s*#)")),
          "+++": (re.compile(r"^\+\+\+\s*$"), re.compile(r"^[\w.-]+\s*="),  # TOML: Hugo
                  re.compile(r"^(?:[\w.\"-]+\s*=|\[.*\]\s*$|\s+\S|\s*#|\s*\])"))}
_MAX_FRONT = 200  # lines: a front matter block closes within them


def front_matter(lines: list[str]) -> range:
    """The lines of a Markdown file's front matter (Jekyll, Hugo, pandoc, Obsidian): a '---' first line, lines that
    are all YAML's ('key: value', indented, '- item', '# comment'), then '---' or '...'; or TOML's between '+++' lines
    ('key = value', '[table]'); else none."""
    if not lines or lines[0].strip() not in _FRONT:
        return range(0)
    close, key, line = _FRONT[lines[0].strip()]
    end = next((i for i in range(1, min(len(lines), _MAX_FRONT)) if close.match(lines[i])), None)
    inside = [] if end is None else [ln for ln in lines[1:end] if ln.strip()]
    if not any(key.match(ln) for ln in inside) or not all(line.match(ln) for ln in inside):
        return range(0)
    return range(end + 1)
