"""Typed exceptions: every user-facing failure of segcore is a SegcoreError with a readable message."""


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
