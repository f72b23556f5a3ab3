"""Plain-text transcripts, as meeting and recording tools export them: each turn opened by a line that gives its
time and often its speaker, read as timed transcripts (the captions' Lines, segcore.captions).

The layouts (TURN): Otter.ai's and Teams' "Alice Chen  0:28" (two spaces or more, or a tab, before the time) on a
line of its own; Rev's, Descript's and Happy Scribe's "Speaker 1 (00:00):" and "Name (01:02:03): text",
"[00:01:23] Name: text" and "00:01:23 Name: text"; Zoom's "[Alice Chen] 10:02:33"; a time alone ("00:01:23",
"[00:01:23]"). The text of a turn follows on its line or the lines below. What opens a turn is not text (counted as
'turns'); a speaker's label that begins a turn's text ("00:01:23" then "Ada: ...") is taken off as in captions; what
comes before the first turn (a title; Otter's date, keywords and speakers) is front matter, left out and counted.
Times are kept as written (a clock time of day stays one)."""
from __future__ import annotations

import regex

from .captions import Line, said
from .errors import InputError

_TIME = r"(?P<time>\d{1,2}(?::\d{2}){1,2}(?:[.,]\d{1,3})?)"
_NAME = r"(?P<name>\p{L}[\p{L}\p{N}.'’ -]{0,40}?)"  # "Alice Chen", "Speaker 1", "Dr. O'Neil": no , ? ! : ( [
TURN = regex.compile(
    rf"^\s*(?:{_NAME}(?:[ \t]{{2,}}|\t){_TIME}"  # Otter, Teams: "Alice Chen  0:28"
    rf"|{_NAME}\s*\({_TIME}\)\s*:?(?:\s+(?P<text>.*))?"  # Rev, Descript: "Speaker 1 (00:00):", "Ada (0:01:23): text"
    rf"|\[{_TIME}\](?:\s*-)?(?:\s*{_NAME}\s*:)?(?:\s+(?P<text>.*))?"  # "[00:01:23] Ada: text", "[00:01:23]"
    rf"|{_TIME}(?:\s*-)?\s+{_NAME}\s*:(?:\s+(?P<text>.*))?"  # "00:01:23 Ada: text"
    rf"|\[{_NAME}\]\s+{_TIME}"  # Zoom: "[Alice Chen] 10:02:33"
    rf"|{_TIME})\s*$")  # a time alone
MIN_TURNS = 3  # a text is a transcript when at least this many turns open with TURN lines
# the tool's credit line that ends an export ("Transcribed by https://otter.ai", Otter's free plan): no one said it
_CREDIT = regex.compile(r"^\s*transcribed by\s+(?:https?://)?(?:www\.)?(?:otter\.ai|rev\.com|descript\.com|"
                        r"happyscribe\.com|trint\.com|sonix\.ai|temi\.com)\S*\s*$", regex.I)


def _seconds(time: str) -> float:
    whole, _, frac = time.replace(",", ".").partition(".")
    seconds = 0
    for part in whole.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds + (float(f"0.{frac}") if frac else 0.0)


def _turn_times(lines: list[str]) -> list[tuple[int, float]]:
    """(line number, seconds) of every line that opens a turn."""
    return [(i, _seconds(m.group("time"))) for i, x in enumerate(lines) if (m := TURN.match(x))]


def looks_like_transcript(text: str) -> bool:
    """Whether a plain text is a transcript: at least MIN_TURNS lines open turns (TURN), more than half of its
    paragraphs (runs of non-blank lines) begin with one, and their times never go back."""
    lines = text.splitlines()
    turns = _turn_times(lines)
    if len(turns) < MIN_TURNS or any(b[1] < a[1] for a, b in zip(turns, turns[1:])):
        return False
    opening = {i for i, _ in turns}
    firsts = [i for i, x in enumerate(lines) if x.strip() and (i == 0 or not lines[i - 1].strip())]
    return 2 * sum(i in opening for i in firsts) > len(firsts)


def transcript_lines(text: str) -> tuple[list[Line], dict]:
    """The lines said, in order, each with the time of its turn (start, and the next turn's start as its end; the
    last turn's end is its start), and what was left out: {'turns': n, 'speakers': n, 'sounds': n, 'credits': n
    (the tool's credit line, _CREDIT), 'front matter': n (the lines before the first turn: a title, the date, Otter's
    keywords and speakers)}. InputError when no line opens a turn."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n")
    credits = [i for i, x in enumerate(lines) if _CREDIT.match(x)]
    for i in credits:
        lines[i] = ""
    turns = _turn_times(lines)
    if not turns:
        raise InputError("no transcript turn found: no line gives a time as 'Alice Chen  0:28', "
                         "'Speaker 1 (00:00):' or '[00:01:23] Name: text' do")
    bounds = [i for i, _ in turns] + [len(lines)]
    starts = [t for _, t in turns]
    header = sum(bool(x.strip()) for x in lines[:bounds[0]])  # a title, a date, keywords, speakers: said by no one
    cues = []
    for n, start in enumerate(starts):
        rest = TURN.match(lines[bounds[n]]).group("text")
        cues.append((start, starts[n + 1] if n + 1 < len(starts) else start,
                     ([rest] if rest else []) + lines[bounds[n] + 1:bounds[n + 1]]))
    counts = {"turns": len(turns)} | ({"credits": len(credits)} if credits else {}) | (
        {"front matter": header} if header else {})
    out = said(cues, counts, captions=False)
    if not out:
        raise InputError("no transcript text found: its turns hold no words")
    return out, counts
