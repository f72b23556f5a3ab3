"""The text overlay of the Segmentation Explorer: the text as HTML with one coloured block per segment, its key,
the selected segment's card, the pages it is shown in, and the Segments table's rows.

No streamlit and no figures here: everything takes plain lists and returns a string (or rows), so it can be
unit-tested and reused in notebooks. Segmentations are lists of segment END indices (last = N), as in segcore;
element indices are 0-based.
"""
from __future__ import annotations

import html
from typing import Mapping, Sequence

import numpy as np

from .document import INLINE_BREAK, level_noun, segments_of, span_label, span_text, starts_word
from .plots import HIGHLIGHT_COLOUR, truncate

# alternating segment colours (as the alternating shading of Alemi & Ginsparg 2015, Fig. 4)
SEGMENT_COLOURS = ("#fdebd0", "#d6eaf8")


def topic_mixture_labels(signals: Mapping, k: int, top: int = 3) -> list[str] | None:
    """Per-segment topic mixture strings from a method's 'segment_topics' signal (K×T mixtures, as segcore's lda),
    with the words most probable under each segment's mixture from 'segment_top_words' (K lists of words)."""
    mix = (signals or {}).get("segment_topics")
    if mix is None:
        return None
    arr = np.asarray(mix.values, dtype=float)
    if arr.ndim != 2 or arr.shape[0] != k:
        return None
    out = []
    for row in arr:
        total = row.sum()
        row = row / total if total > 0 else row
        out.append(", ".join(f"T{t} {row[t]:.0%}" for t in np.argsort(-row)[:top] if row[t] >= 0.05))
    words = signals.get("segment_top_words")
    if words is not None and len(words.values) == k:
        out = [f"{o} — {', '.join(map(str, list(w)[:5]))}" if w else o for o, w in zip(out, words.values)]
    return out


def overlay_html(elements: Sequence[str], boundaries: Sequence[int], level: str = "sentence",
                 top_terms: Sequence[Sequence[str]] | None = None, topics: Sequence[str] | None = None,
                 reference: Sequence[int] | None = None, highlight: int | None = None, number_every: int = 25,
                 max_height: int | None = 620, window: tuple[int, int] | None = None,
                 places: Sequence[str] | None = None, paragraphs: Sequence[int] | None = None,
                 written: Sequence[str] | None = None) -> str:
    """HTML of the text with one coloured block per segment (alternating colours), a header per segment with its number,
    element range, place in the source (`places`: 'p. 3–4', '5:18–13:38') and top terms (and topic mixture), element
    numbers shown (every sentence; at word level every `number_every` elements, at the first that starts a written
    word: not inside 'e.g.'), reference boundaries marked inside the text, one segment optionally highlighted, a new
    line where a paragraph starts inside a segment (`paragraphs`: the elements that open one). `window` (start, end):
    only the elements start … end−1 (a page, see `page_ranges`). `written`: each element as the text writes it (a
    word-level document's meta['written']: its words, not the lower-cased tokens; a space ends a word), shown instead
    of the elements. All text is HTML-escaped."""
    ref_gaps, opens = set((reference or [])[:-1]), set(paragraphs or ())
    lo, hi = window if window is not None else (0, len(elements))
    parts = [
        "<div class='segx-overlay' style=\"font-family: Georgia, 'Times New Roman', serif; font-size: 15px; "
        "line-height: 1.55; color: #222;"
        + (f" max-height: {max_height}px; overflow-y: auto; padding-right: 6px;" if max_height else "") + "\">"]
    for i, (a, b) in enumerate(segments_of(boundaries)):
        if b <= lo or a >= hi:
            continue
        hl = highlight is not None and i == highlight
        bg = HIGHLIGHT_COLOUR if hl else SEGMENT_COLOURS[i % 2]
        border = "3px solid #b8860b" if hl else "1px solid rgba(0,0,0,0.08)"
        header = f"Segment {i + 1} · {span_label(a, b, level)}"
        header += f" · {places[i]}" if places is not None and i < len(places) and places[i] else ""
        terms = list(top_terms[i]) if top_terms is not None and i < len(top_terms) else []
        sub = ""
        if terms:
            sub += " · top terms: <b>" + html.escape(", ".join(terms)) + "</b>"
        if topics is not None and i < len(topics) and topics[i]:
            sub += " · topics: " + html.escape(topics[i])
        sub += " · <i>continued from the previous page</i>" if a < lo else ""
        sub += " · <i>continues on the next page</i>" if b > hi else ""
        parts.append(
            f"<div id='segment-{i + 1}' class='segx-segment{' segx-highlight' if hl else ''}' "
            f"style='background:{bg}; border:{border}; border-radius:6px; padding:6px 10px; margin:0 0 6px 0;'>"
            f"<div style='font-family: sans-serif; font-size: 12px; color:#555; margin-bottom:3px;'>"
            f"<b>{html.escape(header)}</b>{sub}{' · <b>selected</b>' if hl else ''}</div>")
        body, due = [], False  # due: a number every `number_every` words, put where the next written word starts
        for j in range(max(a, lo), min(b, hi)):
            if j in opens and j != max(a, lo):
                body.append("<br class='segx-paragraph'>")
            if j in ref_gaps and j != a:
                body.append("<span title='reference boundary' style='color:#0e8c99; font-weight:bold; "
                            "font-family:sans-serif;'>¦ref¦ </span>")
            text = html.escape(written[j] if written else elements[j])
            if level == "word":
                due = due or j % number_every == 0
                if j in (a, lo) or (due and (not written or starts_word(written, j))):
                    body.append(f"<sup style='color:#888; font-family:sans-serif; font-size:10px;'>{j}</sup>")
                    due = False
                body.append(text if written else text + " ")
            else:
                body.append(f"<sup style='color:#888; font-family:sans-serif; font-size:10px;'>{j}</sup>"
                            f"<span>{text}</span> ")
        parts.append("".join(body))
        if b in ref_gaps and b <= hi:
            parts.append("<span title='the reference has a boundary here too' style='color:#0e8c99; "
                         "font-family:sans-serif; font-size:11px;'> ✓ref</span>")
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)


def page_ranges(boundaries: Sequence[int], size: int = 200) -> list[tuple[int, int]]:
    """Pages of the text for `overlay_html`'s window: whole segments, about `size` elements each (a page closes
    before a segment that would take it past `size`; a segment longer than that is cut into pieces of `size`);
    (start, end) pairs covering 0 … N in order."""
    pages, start = [], 0
    for a, b in segments_of(boundaries):
        if b - start > size and a > start:
            pages.append((start, a))
            start = a
        while b - start > size:
            pages.append((start, start + size))
            start += size
    if boundaries and start < boundaries[-1]:
        pages.append((start, int(boundaries[-1])))
    return pages


def selected_segment_html(elements: Sequence[str], index: int, start: int, end: int, level: str = "sentence",
                          terms: Sequence[str] | None = None, width: int = 420, place: str | None = None,
                          written: Sequence[str] | None = None, paragraphs: Sequence[int] | None = None) -> str:
    """A small card for the selected segment (shown above the text), with its place in the source ('p. 3–4',
    '5:18–13:38') if any and a link that scrolls the text to it; its text as written (`written`, as overlay_html's)
    when given, INLINE_BREAK where a block opens inside it (`paragraphs`, as overlay_html's: the document's)."""
    opens = [p - start for p in paragraphs or () if start < p < end]
    text = truncate(span_text(elements, 0, len(elements), level, written, " ", opens, INLINE_BREAK), width)
    head = f"Segment {index + 1} · {span_label(start, end, level)}" + (f" · {place}" if place else "")
    if terms:
        head += " · " + ", ".join(terms)
    return (f"<div class='segx-selected' style='background:{HIGHLIGHT_COLOUR}; border:1px solid #b8860b; "
            "border-radius:6px; padding:6px 10px; font-family:sans-serif; font-size:13px;'>"
            f"<b>{html.escape(head)}</b> — {html.escape(text)} "
            f"<a href='#segment-{index + 1}' style='white-space:nowrap;'>show in the text ↓</a></div>")


def segment_rows(elements: Sequence[str], boundaries: Sequence[int], top_terms: Sequence[Sequence[str]],
                 places: Sequence[str] | None = None, level: str = "sentence",
                 written: Sequence[str] | None = None, width: int = 90,
                 paragraphs: Sequence[int] | None = None) -> list[dict]:
    """The Segments table: each segment's number, first and last element (both inclusive, as the text and
    `segcore segment` print them), length (its column named by `level`: 'sentences'), place in the source, top terms
    and how it begins, cut at `width` characters: its first three sentences apart (INLINE_BREAK: a heading does not
    run into the sentence after it), or its first words as written (`written`, as overlay_html's) or else as elements,
    INLINE_BREAK where a block opens among them (`paragraphs`, as overlay_html's)."""
    first, sep = (width // 2, None) if level == "word" else (3, INLINE_BREAK)  # enough words: a word and a space
    return [{"segment": i + 1, "first": a, "last": b - 1, level_noun(level): b - a,
             **({"where": places[i]} if places else {}), "top terms": ", ".join(terms),
             "begins with": truncate(span_text(elements, a, min(b, a + first), level, written, sep, paragraphs,
                                               INLINE_BREAK), width)}
            for i, ((a, b), terms) in enumerate(zip(segments_of(boundaries), top_terms))]


def overlay_legend_html(reference: bool = True, level: str = "sentence") -> str:
    """The key to overlay_html's colours and marks (its numbers named by `level`); the reference's marks only when
    there is a reference."""
    marks = (" · <b style='color:#0e8c99'>¦ref¦</b> reference boundary inside a segment · "
             "<span style='color:#0e8c99'>✓ref</span> the reference agrees with this boundary") if reference else ""
    return ("<div style='font-family:sans-serif; font-size:12px; color:#555;'>"
            f"<span style='background:{SEGMENT_COLOURS[0]}; padding:1px 6px;'>segment</span> "
            f"<span style='background:{SEGMENT_COLOURS[1]}; padding:1px 6px;'>next segment</span> "
            f"<span style='background:{HIGHLIGHT_COLOUR}; padding:1px 6px;'>selected</span> · "
            f"<sup>12</sup> {level_noun(level, 1)} number{marks}</div>")

