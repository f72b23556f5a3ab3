"""What every reader's property test checks: any input loads as a Document or is refused with a message."""
from __future__ import annotations

from segcore.document import Document
from segcore.errors import InputError


def loaded_or_refused(load, source) -> Document | None:
    """load(source) — a Document of at least two non-blank elements — or None when it is refused by an InputError
    (any other exception fails the test)."""
    try:
        doc = load(source)
    except InputError:
        return None
    assert doc.n >= 2 and all(e.strip() for e in doc.elements)
    return doc
