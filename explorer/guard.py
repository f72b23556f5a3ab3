"""Calls into segcore that never show a traceback: a SegcoreError becomes its own message, any other exception a
short generic one (its traceback goes to the server log only); and text from outside (a link, a file name, a
message quoting them) shown as itself in Markdown."""
from __future__ import annotations

import re
import sys
import traceback
from dataclasses import dataclass

from segcore.errors import SegcoreError


_MARKDOWN = re.compile(r"[\\`*_\[\]<>#|~$:.@&]|^[-+]")


def md(text) -> str:
    """`text` shown as itself by st.markdown, st.error, st.caption, labels…: every character that could begin a link,
    an image, emphasis, code, HTML, math, a Streamlit directive (:red[…], :material/…:) or an automatic link
    (https://…, www.…, name@host) escaped, lines joined."""
    return _MARKDOWN.sub(lambda m: "\\" + m.group(0), " ".join(str(text).splitlines()))


@dataclass
class Outcome:
    """A value, or the message that says why there is none."""

    value: object = None
    error: str | None = None


def error_message(exc: BaseException, what: str = "") -> str:
    """The message shown to the user (Markdown-safe, see `md`): a SegcoreError's own message, else a short generic
    one."""
    if isinstance(exc, SegcoreError):
        return md(exc)
    if isinstance(exc, MemoryError):
        return md(f"{what or 'This step'} ran out of memory: the text is too long for this method at this level; "
                  f"try sentences instead of words, a shorter text, or another method.")
    return md(f"{what or 'This step'} failed unexpectedly ({type(exc).__name__}). Try other parameters or another "
              f"input; if it persists, please report it with the input that caused it.")


def guarded(fn, *args, what: str = "", **kwargs) -> Outcome:
    """fn(*args, **kwargs) as an Outcome. Streamlit's st.stop and st.rerun pass through: they are no Exception."""
    try:
        return Outcome(fn(*args, **kwargs))
    except Exception as exc:  # noqa: BLE001  (each kind becomes a readable message)
        if not isinstance(exc, SegcoreError):
            traceback.print_exc(file=sys.stderr)
        return Outcome(None, error_message(exc, what))
