"""Timed transcripts: SubRip (.srt), WebVTT (.vtt) and YouTube's SBV captions read as text with the time of every
line, so that a segment of a lecture, a talk or a meeting is also a stretch of the recording.

Read tolerantly, as real caption files are written: cue numbers and identifiers, cue settings, WebVTT's header, NOTE,
STYLE and REGION blocks, markup (<i>, <c.colour>, <v Speaker>, word timestamps, {\\an8}) and entities are not text;
a cue may follow the previous one without a blank line (youtube-dl's files). Left out and counted: lines that only
describe sounds ("[Music]", "♪ … ♪", "(applause)": up to 30 characters in parentheses) and bracketed notes within
a line ("[laughs]"); in rolling captions (YouTube's automatic ones, where most cues begin with the line that ended the
cue before: ROLLING_SHARE), a cue's first line when it repeats the line just before it — still on screen, not said
again (a cue's later lines are new, so a line said twice in a row is kept there too, as it is in other captions);
speakers' names that begin lines ("Ada: ...", as meeting captions write them). A cue whose times cannot be read is
counted, not guessed."""
from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass, replace
from itertools import groupby

import regex

from .errors import InputError
from .sentences import PSEUDO_SENTENCE
from .structure import Block

_TIME = r"(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})[.,](\d{1,3})"  # Teams writes 0:0:5.750
TIMING = re.compile(rf"^\s*{_TIME}\s*-->\s*{_TIME}(?:\s.*)?$")  # SRT and WebVTT: start --> end [settings]
SBV_TIMING = re.compile(rf"^\s*{_TIME},{_TIME}\s*$")  # YouTube SBV: start,end
# a timing line whose times cannot be read ("00:00:01,000 --> 00:00:0x", "00:00:01 --> 00:00:04"): a whole timing
# line, a time with a colon before the arrow, after it at most a time and cue settings ("align:start"), not the line
# after a timing (a cue's text); a cue's text with an arrow ("input --> output", "10:30 --> 11:00 coffee break") is text
_BAD_TIMING = re.compile(r"^\s*\d[\d:.,]*:[\d:.,]*\s*-->\s*(?:\d\S*)?(?:\s+[\w-]+:\S+)*\s*$")
_HEADER_BLOCK = re.compile(r"^(?:WEBVTT|NOTE|STYLE|REGION)(?:\s|$)")
# a tag (<i>, </c>, <c.yellow>, <v Ada>, <font color=...>) or a word timestamp (<00:01:02.500>); "x < 5 and y > 3",
# as a SubRip file may write it, is text
_TAG = re.compile(r"<(?:/?[A-Za-z][^<>\n]{0,200}|\d{1,3}(?::\d{2}){1,2}[.,]\d{1,3})>")
_ASS = re.compile(r"\{\\[^}\n]{0,100}\}")
# "[MUSIC]", "[laughs]" within a line: said by no one (each match from a space run's start, as the leftmost match
# is anyway: a long run of spaces is read once, not once from each of its spaces)
BRACKETED = re.compile(r"(?<!\s)\s*\[[^\]\n]{0,60}\]")
_SOUND = re.compile(r"^[\s\-–—>]*(?:\[[^\]]*\]|\([^)]{1,30}\)|♪[^♪]*♪?|[♪♫]+)[\s.,!?]*$")
_SPEAKER = regex.compile(r"^((?:\p{Lu}[\w.'’-]*)(?: \p{Lu}[\w.'’-]*){0,3}):\s")  # "Ada Lovelace: ", "Émile: "
_SPEAKER_MARK = re.compile(r"^\s*(?:>>+|-(?=\s))\s*")  # a new speaker: ">> " (YouTube), "- " (dialogue)
_RT = re.compile(r"<rt\b[^>]*>.*?</rt>", re.S | re.I)  # ruby annotations (pronunciation), not the words said
EXTENSIONS = (".srt", ".vtt", ".sbv")
SPEAKER_LINES = 3  # a label must begin this many lines to be taken for a speaker's name
SPEAKER_END = PSEUDO_SENTENCE // 2  # words: without punctuation, an element this long ends where the speaker changes
ROLLING_SHARE = 0.5  # captions roll when this share of the cues begin with the previous cue's last line


@dataclass(frozen=True)
class Line:
    """One line said: its text, the start and end (seconds) of the cue that first showed it, that cue's number and
    who said it, when known (a transcript's turn line or a speaker's label; '' otherwise)."""

    text: str
    start: float
    end: float
    cue: int = 0
    speaker: str = ""


def _seconds(h, m, s, frac) -> float:
    return int(h or 0) * 3600 + int(m) * 60 + int(s) + int(frac.ljust(3, "0")) / 1000


def looks_like_captions(text: str) -> bool:
    """Whether a text is a caption file: a WebVTT header, a 'start --> end' line or two SBV timing lines among its
    first 20 lines."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("WEBVTT"):
        return True
    lines = head.splitlines()[:20]
    return any(TIMING.match(x) for x in lines) or sum(bool(SBV_TIMING.match(x)) for x in lines) >= 2


def _clean(line: str) -> str:
    line = _RT.sub("", line)
    line = html.unescape(_ASS.sub("", _TAG.sub("", line))).replace("\u200e", "").replace("\u200f", "")
    return " ".join(_SPEAKER_MARK.sub("", line).split())


def _cues(text: str, counts: dict) -> list[tuple[float, float, list[str]]]:
    """(start, end, text lines) of every cue, in the order of their start times (a stable sort: a file's own order
    where cues start together; a file whose cues are out of order, say two tracks joined, reads as said, and its
    chapters' times never go back); what comes before the first timing line (WebVTT's header, metadata, style) is
    not text."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")
    good = [bool(TIMING.match(x) or SBV_TIMING.match(x)) for x in lines]
    timings = [i for i, x in enumerate(lines) if good[i] or (_BAD_TIMING.match(x) and not (i and good[i - 1]))]
    webvtt = lines[0].startswith("WEBVTT")
    first = lines[timings[0] - 1].strip() if timings and timings[0] else ""
    number = int(first) if first.isdecimal() else 0  # the number of the cue just read (SubRip's may not start at 1)
    cues = []
    for n, t in enumerate(timings):
        body = lines[t + 1:timings[n + 1] if n + 1 < len(timings) else len(lines)]
        number += 1
        if n + 1 < len(timings) and body and _is_identifier(body, number, webvtt):
            number = int(body[-1]) if body[-1].strip().isdecimal() else number
            body = body[:-1]  # the next cue's number or identifier
        m = TIMING.match(lines[t]) or SBV_TIMING.match(lines[t])
        if not m:
            counts["bad timing"] = counts.get("bad timing", 0) + 1
            continue
        start, end = _seconds(*m.groups()[:4]), _seconds(*m.groups()[4:])
        cues.append((start, max(start, end), _without_blocks(body, webvtt)))
    return sorted(cues, key=lambda c: c[0])


def _is_identifier(body: list[str], number: int, webvtt: bool) -> bool:
    """Whether the last line of a cue's body names the next cue: the number after the cue's own, or after a blank
    line any number (numbering that skips one) and in WebVTT any line (a SubRip cue's text may hold a blank line;
    its identifiers are numbers)."""
    last = body[-1].strip()
    after_blank = len(body) >= 2 and not body[-2].strip()
    return bool(last) and (last == str(number) or (after_blank and (webvtt or last.isdecimal())))


def _without_blocks(body: list[str], webvtt: bool) -> list[str]:
    """A cue's non-blank text lines, a WebVTT file's NOTE, STYLE and REGION blocks after it (after a blank line)
    left out: the line after a timing is the cue's text ("NOTE THE TIME." in captions written in capitals)."""
    out, skipping, blank = [], False, False
    for line in body:
        if not line.strip():
            skipping, blank = False, True
            continue
        skipping = skipping or (webvtt and blank and bool(_HEADER_BLOCK.match(line)))
        blank = False
        if not skipping:
            out.append(line)
    return out


def _rolling(cues: list[tuple[float, float, list[str]]]) -> bool:
    """Whether the captions roll: at least half of the cues begin with the line that ended the cue before them."""
    repeats = sum(bool(c[2] and p[2] and c[2][0] == p[2][-1]) for p, c in zip(cues, cues[1:]))
    return len(cues) > 1 and repeats >= ROLLING_SHARE * (len(cues) - 1)


def caption_lines(text: str) -> tuple[list[Line], dict]:
    """The lines said, in order, with their times, and what was left out: {'sounds': n, 'repeated': n,
    'bad timing': n, 'speakers': n}. InputError when no cue can be read."""
    counts: dict = {}
    out = said(_cues(text, counts), counts)
    if not out:
        bad = counts.get("bad timing", 0)
        raise InputError("no caption text found: the file has no cue with a readable time and text" + (
            f" ({bad} timing line{'s' * (bad > 1)} cannot be read: times are written 00:01:02,500 --> 00:01:04,000)"
            if bad else ""))
    return out, counts


def said(cues: list[tuple[float, float, list[str]]], counts: dict, captions: bool = True) -> list[Line]:
    """The lines said in cues (start, end, raw text lines) — of captions, or the turns of a transcript
    (segcore.transcripts: `captions` False, whose turns never roll) — cleaned of markup, each with its cue's times
    and number; sound descriptions, the lines rolling captions repeat and speakers' labels left out and counted in
    `counts`."""
    cleaned = [(start, end, [x for x in map(_clean, raw) if x]) for start, end, raw in cues]
    rolling = captions and _rolling(cleaned)
    out: list[Line] = []
    last = ""
    for n, (start, end, lines) in enumerate(cleaned):
        for j, line in enumerate(lines):
            if _SOUND.match(line):
                counts["sounds"] = counts.get("sounds", 0) + 1
                continue
            line, inline = BRACKETED.subn("", line)
            if inline:
                counts["sounds"] = counts.get("sounds", 0) + inline
            line = line.strip()
            if not line:
                continue
            if rolling and j == 0 and line == last:  # still on screen (a cue's lines after its first are new)
                counts["repeated"] = counts.get("repeated", 0) + 1
                continue
            last = line
            out.append(Line(line, start, end, n))
    return _without_speakers(out, counts)


def _without_speakers(lines: list[Line], counts: dict) -> list[Line]:
    """The lines with their speaker labels taken off ("Ada Lovelace: ..." in a meeting's captions): a label is a
    name of one to four capitalised words and a colon that begins SPEAKER_LINES lines or more (a one-off "Note:" is
    text); counted, since a name said in every line is no topic."""
    found = [_SPEAKER.match(x.text) for x in lines]
    often = Counter(m.group(1) for m in found if m)
    speakers = {name for name, n in often.items() if n >= SPEAKER_LINES}
    out = []
    for x, m in zip(lines, found):
        if m and m.group(1) in speakers and x.text[m.end():].strip():
            counts["speakers"] = counts.get("speakers", 0) + 1
            x = replace(x, text=x.text[m.end():].strip(), speaker=m.group(1))
        out.append(x)
    return out


def caption_blocks(lines: list[Line], punctuated: bool, turns: bool = False) -> list[Block]:
    """Blocks for segcore.loaders.document_from_blocks: with sentence punctuation, the whole transcript as one
    paragraph (with `turns`, each cue — a transcript's turn — one) whose marks (char offset, start, end) give each
    sentence the times of the line where it begins; without it, consecutive lines joined into pseudo-sentences
    (_pseudo_groups), each one block. A sentence (an element) has the times of the line where it begins; at word
    level each word those of its own line."""
    if not punctuated:
        return [_block(g) for g in _pseudo_groups(lines)]
    return [_block(list(g)) for _, g in groupby(lines, key=lambda x: x.cue)] if turns else [_block(lines)]


def _pseudo_groups(lines: list[Line]) -> list[list[Line]]:
    """Lines without sentence punctuation in groups of at least PSEUDO_SENTENCE words (Hearst 1997's
    token-sequences, w = 20), whole lines each. A group ends where the speaker changes (both known: Line.speaker) once
    it holds SPEAKER_END words — a shorter turn ('yeah right') goes on into the next — and within a speaker's lines
    once it holds PSEUDO_SENTENCE words, unless fewer than SPEAKER_END of them are left (they go with it, so it ends
    at the change); a shorter end of the text joins the group before."""
    size = [len(x.text.split()) for x in lines]
    changes = [n > 0 and bool(x.speaker and lines[n - 1].speaker and x.speaker != lines[n - 1].speaker)
               for n, x in enumerate(lines)]
    left, rest, tail = [0] * len(lines), 0, sum(size)  # the words of the speaker's lines from each line on
    for n in reversed(range(len(lines))):
        rest = size[n] + (rest if n + 1 < len(lines) and not changes[n + 1] else 0)
        left[n] = rest
    groups, words = [[]], 0
    for n, x in enumerate(lines):
        if words >= SPEAKER_END and tail >= SPEAKER_END and (changes[n] or words >= PSEUDO_SENTENCE
                                                             and left[n] >= SPEAKER_END):
            groups.append([])
            words = 0
        groups[-1].append(x)
        words += size[n]
        tail -= size[n]
    return groups


def _block(lines: list[Line]) -> Block:
    """The lines as one block, marked with the offset and times of each line."""
    marks, offset = [], 0
    for x in lines:
        marks.append((offset, x.start, x.end))
        offset += len(x.text) + 1
    return Block(" ".join(x.text for x in lines), marks=marks)

