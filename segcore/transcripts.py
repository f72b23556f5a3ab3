"""Plain-text transcripts, as meeting and recording tools export them: each turn opened by a line that gives its
time and often its speaker, read as timed transcripts (the captions' Lines, segcore.captions).

The layouts (FORMS): Otter.ai's and Teams' "Alice Chen  0:28" (two spaces or more, or a tab, before the time) on a
line of its own; Rev's, Descript's and Happy Scribe's "Speaker 1 (00:00):" and "Name (01:02:03): text",
"[00:01:23] Name: text" and "00:01:23 Name: text"; Happy Scribe's export "[00:00:05.00] - Speaker 1" and Microsoft
Word's Transcribe "00:00:05 Speaker 1", the words on the lines below (SPEAKER_LINES); Zoom's "[Alice Chen] 10:02:33";
a time alone ("00:01:23", "[00:01:23]", YouTube's copied "0:05" above each line). A transcript opens its turns with
one layout, the one most of its lines of any layout have: a line of another layout is text ("10:30" within an Otter
turn). The text of a turn follows on its line or the lines below.
What opens a turn is not text (counted as 'turns'); a speaker's label that begins a turn's text ("00:01:23" then
"Ada: ...") is taken off as in captions; what comes before the first turn (a title; Otter's date, keywords and
speakers) is front matter, left out and counted.
Times are offsets into the recording, as the tools write them, except Zoom's (CLOCK), which are times of day: those
are counted from the first turn (its time is 0:00, and a time past midnight goes on from 24:00), so that segment
times and chapter marks are offsets, as in every other transcript. Offsets that start again near 0:00 part way
(recordings joined, RESTART) are counted on from the turn before, so that times never go back.
Without sentence punctuation, elements end where the speaker changes (the turn line's name, else a speaker's label:
Line.speaker; segcore.captions.caption_blocks)."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache

import regex

from .captions import Line, said
from .errors import InputError

_TIME = r"(?P<time>\d{1,2}(?::\d{2}){1,2}(?:[.,]\d{1,3})?)"
_NAME = r"(?P<name>\p{L}[\p{L}\p{N}.'’ -]{0,40}?)"  # "Alice Chen", "Speaker 1", "Dr. O'Neil": no , ? ! : ( [
FORMS = {name: regex.compile(rf"^\s*(?:{form})\s*$") for name, form in {  # a line may be of two: "[00:01:23]"
    "time": rf"{_TIME}|\[{_TIME}\]",  # a time alone, bracketed or not (first: on a tie, "[00:01:23]" lines are times)
    "otter": rf"{_NAME}(?:[ \t]{{2,}}|\t){_TIME}",  # Otter, Teams: "Alice Chen  0:28"
    # Rev, Descript: "Speaker 1 (00:00):", "Ada (0:01:23): text"
    "rev": rf"{_NAME}\s*\({_TIME}\)\s*:?(?:\s+(?P<text>.*))?",
    "happy scribe": rf"\[{_TIME}\]\s*-\s*{_NAME}",  # Happy Scribe: "[00:00:05.00] - Speaker 1" (SPEAKER_LINES)
    "word": rf"{_TIME}\s+{_NAME}",  # Microsoft Word's Transcribe: "00:00:05 Speaker 1" (SPEAKER_LINES)
    "bracketed": rf"\[{_TIME}\](?:\s*-)?(?:\s*{_NAME}\s*:)?(?:\s+(?P<text>.*))?",  # "[00:01:23] Ada: text", "[0:01]"
    "time first": rf"{_TIME}(?:\s*-)?\s+{_NAME}\s*:(?:\s+(?P<text>.*))?",  # "00:01:23 Ada: text"
    "zoom": rf"\[{_NAME}\]\s+{_TIME}",  # Zoom: "[Alice Chen] 10:02:33"
}.items()}
CLOCK = {"zoom"}  # the layouts whose times are times of day
# the layouts whose turn line is a time and a speaker's name alone, the words said on the lines right below it: a line
# opens a turn only so followed, and only when the names recur as speakers' do (_speakers) — "[00:00:05] - Hello
# there." (no words below) and an agenda's "09:00 Registration" are words, not speakers
SPEAKER_LINES = {"happy scribe", "word"}
# a time going back near the start — under RESTART seconds or RESTART_SHARE of the time above, whichever is more — and
# by far (to under a quarter of the time above) starts a recording joined on, its times counted on; 1:25 back to 0:50
# or 1:15 does not
RESTART, RESTART_SHARE = 120, 0.05
DAY = 24 * 3600
MIN_TURNS = 3  # a text is a transcript when at least this many turns open with lines of its layout (FORMS)
# the tool's credit line that ends an export ("Transcribed by https://otter.ai", Otter's free plan): no one said it
_CREDIT = regex.compile(r"^\s*transcribed by\s+(?:https?://)?(?:www\.)?(?:otter\.ai|rev\.com|descript\.com|"
                        r"happyscribe\.com|trint\.com|sonix\.ai|temi\.com)\S*\s*$", regex.I)


def _seconds(time: str) -> float:
    whole, _, frac = time.replace(",", ".").partition(".")
    seconds = 0
    for part in whole.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds + (float(f"0.{frac}") if frac else 0.0)


def _speakers(found: list[tuple[int, regex.Match]], every: bool) -> bool:
    """Whether the names of lines that give a time and a name alone (SPEAKER_LINES) are speakers': they recur, at
    most half as many names as lines; or, `every` such line having words below it, one name at least recurs, at most
    one is said once (three turns by two speakers: A, B, A) and the times increase strictly. An agenda's items
    ('09:00 Registration', '10:00 Keynote', a 'Coffee break' twice among three others) are not."""
    names = Counter(m.group("name") for _, m in found)
    times = [_seconds(m.group("time")) for _, m in found]
    return 2 * len(names) <= len(found) or (every and len(names) < len(found) and list(names.values()).count(1) <= 1
                                            and all(a < b for a, b in zip(times, times[1:])))


def _turns(lines: list[str]) -> tuple[str, list[tuple[int, float, regex.Match]], list[int]]:
    """The layout of a transcript's turn lines (FORMS: the one that opens the most lines, on a tie the one that opens
    the first), (line number, seconds, match) of every line it opens and the number of the turn each part opens.
    Times of day (CLOCK) go on past midnight (a time more than 12 hours before the one above it is on the next day);
    offsets that go back near the start (RESTART) start a part (a recording joined on), counted on from the turn
    above."""
    found = {name: [(i, m) for i, x in enumerate(lines) if ":" in x and (m := form.match(x))]
             for name, form in FORMS.items()}
    for name in SPEAKER_LINES:
        above = [(i, m) for i, m in found[name] if i + 1 < len(lines) and lines[i + 1].strip()
                 and not FORMS[name].match(lines[i + 1])]  # the lines with words below them
        found[name] = above if _speakers(above, len(above) == len(found[name])) else []
    layout = max(found, key=lambda name: (len(found[name]), -found[name][0][0] if found[name] else 0))
    turns, parts, shift, last = [], [0], 0, 0.0
    for i, m in found[layout]:
        seconds = _seconds(m.group("time"))
        if turns and layout in CLOCK and seconds < last - DAY / 2:
            shift += DAY
        elif turns and layout not in CLOCK and seconds < min(last / 4, max(RESTART, RESTART_SHARE * last)):
            shift = turns[-1][1]
            parts.append(len(turns))
        last = seconds
        turns.append((i, seconds + shift, m))
    return layout, turns, parts


def _with_speakers(lines: list[Line], names: list[str]) -> list[Line]:
    """The lines, each with its speaker: the name on its turn's line, else the label that began it or a line above
    it in its turn ("00:01:23" then "Ada: ..."); '' when none is known."""
    out, cue, speaker = [], -1, ""
    for x in lines:
        if x.cue != cue:
            cue, speaker = x.cue, names[x.cue]
        speaker = x.speaker or speaker
        out.append(replace(x, speaker=speaker))
    return out


@lru_cache(maxsize=1)
def _reading(text: str) -> tuple[tuple[str, ...], tuple[int, ...], str, tuple, tuple[int, ...]]:
    """A text's lines (the tool's credit lines, _CREDIT, blanked), those credit lines and its turns (_turns: layout,
    turns, parts), kept for the last text asked (keyed on the text itself, so an edited file is read anew): a file
    the format sniffer sees whole (segcore.formats) is read from the turns it found. transcript_lines lets it go
    once it has it: a reading is about six times its text, and a text longer than the sniffer's head is never asked
    again."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")
    credits = tuple(i for i, x in enumerate(lines) if _CREDIT.match(x))
    for i in credits:
        lines[i] = ""
    layout, turns, parts = _turns(lines)
    return tuple(lines), credits, layout, tuple(turns), tuple(parts)


def looks_like_transcript(text: str) -> bool:
    """Whether a plain text is a transcript: at least MIN_TURNS lines open turns (_turns), more than half of its
    paragraphs (runs of non-blank lines) begin with one, and their times never go back but where a recording joined
    on starts again at 0:00 (each part of at least MIN_TURNS turns)."""
    lines, _, _, turns, parts = _reading(text)
    if len(turns) < MIN_TURNS or any(b[1] < a[1] for a, b in zip(turns, turns[1:])) or any(
            b - a < MIN_TURNS for a, b in zip(parts, parts[1:] + (len(turns),))):
        return False
    opening = {i for i, _, _ in turns}
    firsts = [i for i, x in enumerate(lines) if x.strip() and (i == 0 or not lines[i - 1].strip())]
    return 2 * sum(i in opening for i in firsts) > len(firsts)


def transcript_lines(text: str) -> tuple[list[Line], dict, dict]:
    """The lines said, in order, each with the time of its turn (start, and the next turn's start as its end; the
    last turn's end is its start), what was left out: {'turns': n, 'speakers': n, 'sounds': n, 'credits': n
    (the tool's credit line, _CREDIT), 'front matter': n (the lines before the first turn: a title, the date, Otter's
    keywords and speakers)}, and how its times were counted: {'clock_start': the first turn's time as written} when
    they are times of day (CLOCK), counted from it; {'parts': n} when they start again (recordings joined, _turns).
    InputError when no line opens a turn."""
    lines, credits, layout, turns, parts = _reading(text)
    _reading.cache_clear()
    if not turns:
        raise InputError("no transcript turn found: no line gives a time as 'Alice Chen  0:28', "
                         "'Speaker 1 (00:00):' or '[00:01:23] Name: text' do")
    bounds = [i for i, _, _ in turns] + [len(lines)]
    origin = turns[0][1] if layout in CLOCK else 0
    starts = [t - origin for _, t, _ in turns]
    header = sum(bool(x.strip()) for x in lines[:bounds[0]])  # a title, a date, keywords, speakers: said by no one
    cues = []
    for n, (start, (_, _, m)) in enumerate(zip(starts, turns)):
        rest = m.groupdict().get("text")
        cues.append((start, starts[n + 1] if n + 1 < len(starts) else start,
                     ([rest] if rest else []) + list(lines[bounds[n] + 1:bounds[n + 1]])))
    counts = {"turns": len(turns)} | ({"credits": len(credits)} if credits else {}) | (
        {"front matter": header} if header else {})
    out = _with_speakers(said(cues, counts, captions=False), [m.groupdict().get("name") or "" for _, _, m in turns])
    if not out:
        raise InputError("no transcript text found: its turns hold no words")
    return out, counts, ({"clock_start": turns[0][2].group("time")} if layout in CLOCK else {}) | (
        {"parts": len(parts)} if len(parts) > 1 else {})
