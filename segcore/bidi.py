"""Reading order of right-to-left text (Hebrew, Arabic, Persian) read off a page.

A PDF places characters, and a reader that takes them from left to right (pdfminer does) gets right-to-left words
backwards: "هتشر" for "رشته". `logical_order` undoes the display order of the Unicode bidirectional algorithm
(UAX #9) for one line: it resolves each character's level with the rules that matter on a line of text (paragraph
direction given; numbers and the separators inside them, W4–W5; a number after left-to-right text, W7; neutrals
between two strong characters of one direction take it, N1, the rest the paragraph's, N2; I1–I2) and reverses runs
from the highest level down (L2), which is its own inverse. Explicit embeddings (LRE, RLI...) are not in a PDF's text layer, and mirrored brackets are drawn
as their mirror image, so they are swapped back in right-to-left runs (L4)."""
from __future__ import annotations

import unicodedata

_MIRROR = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹"))  # Bidi_Mirrored pairs


def _kind(cluster: str) -> str:
    """'L', 'R' (R and AL), 'EN', 'AN', 'CS'/'ES'/'ET' (number separators and terminators) or 'ON' (neutral)."""
    c = unicodedata.bidirectional(cluster[0])
    return "R" if c == "AL" else c if c in ("L", "R", "EN", "AN", "CS", "ES", "ET") else "ON"


def mostly_rtl(text: str) -> bool:
    """Whether `text` has more strong right-to-left characters than left-to-right ones (a paragraph's direction)."""
    if text.isascii():
        return False
    kinds = [_kind(ch) for ch in text]
    return kinds.count("R") > kinds.count("L")


def has_rtl(text: str) -> bool:
    return not text.isascii() and any(_kind(ch) == "R" for ch in text)


def _levels(kinds: list[str], rtl: bool) -> list[int]:
    """Each cluster's embedding level on a line of paragraph direction rtl (UAX #9 W4–W5, W7, N1–N2, I1–I2)."""
    n, sos = len(kinds), "R" if rtl else "L"
    kinds = list(kinds)
    for i in range(n):  # W4: a single separator between two numbers of one kind (ES: European numbers only)
        if kinds[i] in ("CS", "ES") and 0 < i < n - 1 and kinds[i - 1] == kinds[i + 1] in ("EN", "AN") and (
                kinds[i] == "CS" or kinds[i - 1] == "EN"):
            kinds[i] = kinds[i - 1]
    for order in (range(n), range(n - 1, -1, -1)):  # W5: terminators next to a European number (%, $, °)
        prev = ""
        for i in order:
            if kinds[i] == "ET" and prev == "EN":
                kinds[i] = "EN"
            prev = kinds[i] if kinds[i] != "ET" else prev
    last = sos  # W7: a European number after left-to-right text (or at a left-to-right line's start) is left to right
    for i in range(n):
        if kinds[i] in ("L", "R"):
            last = kinds[i]
        elif kinds[i] == "EN" and last == "L":
            kinds[i] = "L"
    kinds = ["N" if k in ("EN", "AN") else k for k in kinds]
    strong = ["R" if k in ("R", "N") else "L" if k == "L" else "" for k in kinds]  # N1: numbers act as R
    resolved = list(kinds)
    i = 0
    while i < n:
        if strong[i]:
            i += 1
            continue
        j = i
        while j < n and not strong[j]:
            j += 1
        left = strong[i - 1] if i > 0 else sos
        right = strong[j] if j < n else sos
        resolved[i:j] = [left if left == right else sos] * (j - i)  # N1, else N2
        i = j
    if rtl:  # I2: on a right-to-left line, left-to-right text and numbers go up one level
        return [1 + (k in ("L", "N")) for k in resolved]
    return [1 if k == "R" else 2 if k == "N" else 0 for k in resolved]  # I1


def logical_order(visual: list[str], rtl: bool) -> str:
    """A line's glyph texts read left to right on the page (a glyph's text may be several characters: a ligature,
    pdfminer's '(cid:N)'), in reading order (`rtl`: the paragraph's direction is right to left): combining marks
    stay after their letter, brackets in right-to-left runs are mirrored back."""
    clusters: list[str] = []
    for glyph in visual:
        if clusters and glyph and unicodedata.combining(glyph[0]):
            clusters[-1] += glyph
        elif glyph:
            clusters.append(glyph)
    kinds = [_kind(c) for c in clusters]
    levels = _levels(kinds, rtl)
    out = [_MIRROR.get(c, c) if lv % 2 else c for c, lv in zip(clusters, levels)]
    for level in range(max(levels, default=0), 0, -1):  # L2: reverse every run at this level or higher
        i = 0
        while i < len(out):
            if levels[i] < level:
                i += 1
                continue
            j = i
            while j < len(out) and levels[j] >= level:
                j += 1
            out[i:j], levels[i:j] = out[i:j][::-1], levels[i:j][::-1]
            i = j
    return "".join(out)
