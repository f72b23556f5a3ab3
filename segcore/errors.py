"""Typed exceptions: every user-facing failure of segcore is a SegcoreError with a readable message; how a message
names the input and quotes a value a user gave."""
import unicodedata


class SegcoreError(ValueError):
    """Base class: the message is meant for the user, as is."""


class InputError(SegcoreError):
    """The input text or file cannot be used (empty, not UTF-8, not a PDF, no text layer, ...)."""


class ParameterError(SegcoreError):
    """A parameter is out of range or unknown (K outside 1..N, window larger than the text, ...)."""


class MissingDependencyError(SegcoreError):
    """An optional component is not installed; the message says how to install it."""


def input_name(source: str) -> str:
    """How a message names the input: its source, else 'the input'."""
    return source or "the input"


def visible(text: str) -> str:
    """`text` with the characters that do not show as themselves written as escapes ('\\x1b', '\\u202e'): Unicode's
    control, format, surrogate, private and unassigned characters (category C). A bidi override a user sent would
    reorder the rest of a message on screen, a zero-width space make an unknown name look like a known one."""
    return "".join(c.encode("unicode_escape").decode("ascii") if unicodedata.category(c)[0] == "C" else c
                   for c in text)


def quoted(value, limit: int = 60) -> str:
    """A value a user gave, as a message quotes it: a string in quotes, anything else as Python writes it; what does
    not show as itself as escapes (visible); cut to `limit` characters (a link or an argument can carry kilobytes)."""
    s = visible(f"'{value}'" if isinstance(value, str) else repr(value))
    return s if len(s) <= limit else s[:limit - 1] + "…"
