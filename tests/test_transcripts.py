"""Plain-text transcripts (segcore.transcripts): the layouts meeting and recording tools export — Otter.ai, Rev,
Descript, Happy Scribe, Zoom, Teams — read as timed transcripts: the speaker and time lines that open turns are not
text (counted), every element has its turn's time, and a text with one such line stays plain text."""
from __future__ import annotations

import subprocess
import sys

import pytest

from segcore.document import clock, where
from segcore.formats import format_name, sniff_format
from segcore.loaders import left_out_notes, load

TOPICS = [("quarter", "budget", "spending", "costs"), ("hiring", "roles", "interview", "team"),
          ("garden", "roses", "soil", "water")]
SPEAKERS = ["Alice Chen", "Bob Martin", "Carol Diaz"]


def _turns(n: int = 18) -> list[tuple[str, int, str]]:
    """(speaker, seconds, text) of n turns on three topics, two sentences each, 20 s apart."""
    out = []
    for i in range(n):
        a, b, c, d = TOPICS[i * 3 // n]
        text = f"The {a} and the {b} need {c} today. Our {d} and {a} matter for {b}."
        out.append((SPEAKERS[i % 3], 20 * i + 5, text))
    return out


def _hms(seconds: int) -> str:
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


LAYOUTS = {  # each layout as a tool writes it: one turn
    "otter": lambda name, t, text: f"{name}  {clock(t)}\n{text}\n",
    "rev": lambda name, t, text: f"{name} ({clock(t)}):\n{text}\n",
    "rev same line": lambda name, t, text: f"{name} ({_hms(t)}): {text}\n",
    "bracketed": lambda name, t, text: f"[{_hms(t)}] {name}: {text}\n",
    "time first": lambda name, t, text: f"{_hms(t)} {name}: {text}\n",
    "zoom": lambda name, t, text: f"[{name}] {_hms(36000 + t)}\n{text}\n",  # times of day: from 10:00:05
    "teams": lambda name, t, text: f"{name}   {clock(t)}\n{text}\n",
    "time only": lambda name, t, text: f"{_hms(t)}\n{text}\n",
    "happy scribe": lambda name, t, text: f"[{_hms(t)}.00] - {name}\n{text}\n",  # the name alone, words below
    "word": lambda name, t, text: f"{_hms(t)} {name}\n{text}\n",  # Microsoft Word's Transcribe
}


def _transcript(layout: str, blank: str = "\n") -> str:
    return blank.join(LAYOUTS[layout](*turn) for turn in _turns())


@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_layout_reads_as_a_transcript_with_its_turns_times(layout):
    doc = load(_transcript(layout).encode("utf-8"), source="meeting.txt")
    assert doc.meta["format"] == "transcript" and format_name(doc.meta) == "transcript"
    turns = _turns()
    assert doc.elements == [s for _, _, text in turns for s in text.replace(". ", ".\n").splitlines()]
    assert not any(name in " ".join(doc.elements) for name in SPEAKERS)  # a speaker's name is not a word said
    origin = 5 if layout == "zoom" else 0  # Zoom's times of day are counted from the first turn
    starts = [t - origin for _, t, _ in turns]
    assert [start for start, _ in doc.meta["times"]] == [t for t in starts for _ in range(2)]
    assert doc.meta["times"][0] == (5 - origin, 25 - origin)
    assert doc.meta["times"][-1] == (345 - origin, 345 - origin)  # a turn ends as the next starts
    assert doc.meta["left_out"] == {"turns": 18}
    assert doc.meta["paragraphs"] == list(range(0, 36, 2))  # each turn a paragraph
    assert "left out of the transcript: speakers' names and times that open turns (18)" in left_out_notes(doc)


@pytest.mark.parametrize("layout", ["bracketed", "time first", "rev same line"])
def test_turns_of_one_line_each_read_without_blank_lines_between_them(layout):
    doc = load(_transcript(layout, blank="").encode("utf-8"))
    assert doc.meta["format"] == "transcript" and len(doc.elements) == 36 and doc.meta["left_out"] == {"turns": 18}


def test_youtube_s_copied_transcript_a_time_line_then_a_text_line_without_blank_lines_reads():
    """YouTube's 'Show transcript' panel copied: '0:05' on a line, the words on the next, no blank lines."""
    text = "".join(f"{clock(t)}\n{body}\n" for _, t, body in _turns())
    doc = load(text.encode("utf-8"), source="video.txt")
    assert doc.meta["format"] == "transcript" and doc.meta["left_out"] == {"turns": 18} and len(doc.elements) == 36
    assert doc.meta["times"][2] == (25, 45)


@pytest.mark.parametrize("turn", [
    "[{t}] - {text}\n",  # "[00:00:05] - Hello there": the words said on the turn's line, no name
    "[{t}] - {text}\nAnd so on.\n",  # and a line more
    "{t} {text}\nAnd so on.\n",
])
def test_a_time_and_short_words_on_a_line_are_words_said_not_a_speaker(turn):
    """A time then a dash and short words, or a time and words that never recur, are the turn's words: only a time
    and a name alone on a line with the words below, the names recurring (Happy Scribe, Word), open a turn with a
    speaker."""
    said = ["Hello there.", "Good morning all.", "Nice to see you.", "Let us begin.", "Thanks everyone."]
    text = "\n".join(turn.format(t=_hms(20 * i), text=x) for i, x in enumerate(said))
    doc = load(text.encode("utf-8"), source="notes.txt")
    assert all(any(x in e for e in doc.elements) for x in said), doc.elements


def test_an_agenda_of_times_and_items_stays_plain_text():
    text = ("09:00 Registration\nCoffee in the hall.\n\n10:00 Keynote\nRivers and their valleys.\n\n"
            "11:30 Lunch break\nServed on the terrace.\n\n13:00 Workshops\nThree rooms, one each.\n")
    assert sniff_format(text.encode("utf-8"), "agenda.txt") == "text"


def test_a_transcript_of_two_recordings_joined_counts_the_second_on_from_the_first():
    """Times that start again near 0:00 part way (two recordings joined, each of at least three turns): read as one
    transcript, the second part's times counted on from the first part's last time, and the reading note says so."""
    turns = _turns()
    text = "\n".join(LAYOUTS["otter"](name, t - 180 * (i >= 9), body) for i, (name, t, body) in enumerate(turns))
    assert text.count("Alice Chen  0:05") == 2  # the tenth turn starts again
    doc = load(text.encode("utf-8"), source="meeting.txt")
    assert doc.meta["format"] == "transcript" and doc.meta["left_out"] == {"turns": 18} and len(doc.elements) == 36
    starts = [s for s, _ in doc.meta["times"]][::2]
    assert starts[:9] == [t for _, t, _ in turns[:9]] and starts[9:] == [t - 180 + 165 for _, t, _ in turns[9:]]
    assert doc.meta["parts"] == 2
    assert ("read: the times start again near 0:00 once (recordings joined): each part's times are counted on from "
            "the last turn before it" in left_out_notes(doc))


def test_a_pasted_text_and_long_times_read_too_and_a_turn_may_span_lines():
    text = ("Weekly sync\n\nSpeaker 1  59:58\nWe start with the budget.\nIt grew this year.\n\n"
            "Speaker 2  1:02:03\nThe garden needs water.\n\nSpeaker 1\t1:05:00.5\nRoses too.\n")
    assert sniff_format(text.encode("utf-8"), "") == "transcript"
    assert load(text.encode("utf-8"), format="transcript").elements == load(text.encode("utf-8")).elements
    doc = load(text.encode("utf-8"))
    assert doc.elements == ["We start with the budget.", "It grew this year.", "The garden needs water.", "Roses too."]
    assert [s for s, _ in doc.meta["times"]] == [3598, 3598, 3723, 3900.5]
    assert doc.meta["left_out"] == {"turns": 3, "front matter": 1}  # the title: said by no one


def test_a_time_line_then_a_speaker_s_label_leaves_out_both():
    text = "".join(f"{_hms(t)}\n{name}: {text}\n\n" for name, t, text in _turns())
    doc = load(text.encode("utf-8"))
    assert doc.meta["left_out"] == {"turns": 18, "speakers": 18} and doc.elements[0].startswith("The quarter")


@pytest.mark.parametrize("text", [
    "Chapter 1  0:28\nIt was a dark night. The rain fell.\n\nThe end came at last. Nobody knew.\n\nMore text here.\n",
    "Alice Chen  0:28\nHello there. Good day.\n\nIt rained. It poured.\n\nThe end. Goodbye.\n\nMore. Text.\n",
    "Bob  1:00\nOne. Two.\n\nAnn  0:30\nThree. Four.\n\nBob  0:10\nFive. Six.\n",  # times going back
    "10:30 Talk: rivers and valleys.\nA long day of talks.\n\nWe met at noon.\n\nThey left.\n\nAll went home.\n",
])
def test_a_text_with_one_such_line_or_times_going_back_stays_plain_text(text):
    assert sniff_format(text.encode("utf-8"), "notes.txt") == "text"
    assert load(text.encode("utf-8"), source="notes.txt").meta["format"] == "text"


def test_the_cli_prints_segment_times_for_a_pasted_otter_transcript():
    out = subprocess.run([sys.executable, "-m", "segcore", "segment", "-", "--k", "3"], input=_transcript("otter"),
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "segment 1: sentences 0–11 (12) · 0:05–2:05" in out.stdout
    assert "segment 3: sentences 24–35 (12) · 4:05–5:45" in out.stdout
    assert "Alice Chen" not in out.stdout and "times that open turns (18)" in out.stderr


def test_the_transcribing_tools_credit_line_is_no_sentence_said():
    """Otter's free plan ends its export with 'Transcribed by https://otter.ai': left out and counted."""
    doc = load((_transcript("otter") + "\nTranscribed by https://otter.ai\n").encode("utf-8"), source="meeting.txt")
    assert doc.elements[-1] == "Our water and garden matter for roses."
    assert doc.meta["left_out"] == {"turns": 18, "credits": 1}
    assert "the transcribing tool's credit line" in " ".join(left_out_notes(doc))


def test_an_otter_export_s_header_is_front_matter_not_a_turn():
    """Otter's export opens with the title, the date and length, its keywords and speakers: no one said them."""
    header = ("Weekly sync\nTue, Nov 28, 2023 10:02AM • 05:45\n\nSUMMARY KEYWORDS\nbudget, garden, hiring\n\n"
              "SPEAKERS\nAlice Chen, Bob Martin, Carol Diaz\n\n")
    doc = load((header + _transcript("otter")).encode("utf-8"), source="meeting.txt")
    assert doc.meta["format"] == "transcript" and doc.elements[0].startswith("The quarter")
    assert doc.meta["left_out"] == {"turns": 18, "front matter": 6} and len(doc.elements) == 36


def test_zoom_s_clock_times_are_counted_from_the_first_turn_in_times_chapters_and_the_cli():
    """Zoom writes the time of day ("[Alice Chen] 10:02:33"): times are counted from the first turn, so chapter marks
    and segment times are offsets into the recording, and the reading summary says so."""
    clock_times = _transcript("zoom")
    doc = load(clock_times.encode("utf-8"), source="zoom.txt")
    offsets = load(_transcript("otter").encode("utf-8"), source="otter.txt")
    assert doc.elements == offsets.elements and doc.meta["times"][0] == (0, 20)
    assert doc.meta["times"] == [(s - 5, e - 5) for s, e in offsets.meta["times"]] and doc.meta["duration"] == 340
    assert doc.meta["clock_start"] == "10:00:05" and where(doc, 0, 12) == "0:00–2:00"  # the CLI's and app's times
    assert ("read: the times are times of day, counted from the first turn (10:00:05) as 0:00"
            in left_out_notes(doc))
    out = subprocess.run([sys.executable, "-m", "segcore", "segment", "-", "--k", "3", "--to", "chapters"],
                         input=clock_times, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert [line.split()[0] for line in out.stdout.splitlines()] == ["0:00", "2:00", "4:00"]


def test_zoom_s_clock_times_past_midnight_go_on():
    text = "".join(f"[{name}] {_hms((23 * 3600 + 59 * 60 + t) % 86400)}\n{body}\n\n" for name, t, body in _turns())
    doc = load(text.encode("utf-8"), source="zoom.txt")
    assert doc.meta["format"] == "transcript" and doc.meta["times"][-1] == (340, 340)


def test_a_line_within_a_turn_that_looks_like_another_layout_s_turn_line_is_text():
    """A transcript opens its turns with one layout (the one most of its turn lines have): a time alone ("10:30")
    inside a turn of an Otter export is said, not a new turn."""
    text = _transcript("otter").replace("Our water", "We meet at\n10:30\ntomorrow. Our water", 1)
    doc = load(text.encode("utf-8"), source="meeting.txt")
    assert doc.meta["format"] == "transcript" and doc.meta["left_out"] == {"turns": 18}
    assert "We meet at 10:30 tomorrow." in doc.elements


def test_a_time_only_transcript_keeps_a_line_of_another_layout_as_text():
    text = _transcript("time only").replace("today. Our team", "today.\n10:30 Talk: rivers and valleys.\nOur team", 1)
    doc = load(text.encode("utf-8"), source="meeting.txt")
    assert doc.meta["left_out"] == {"turns": 18} and "10:30 Talk: rivers and valleys." in doc.elements


def test_an_unpunctuated_transcript_s_note_says_its_elements_are_whole_lines():
    text = "".join(f"{name}  {clock(t)}\n{text.replace('.', '').lower()}\n\n" for name, t, text in _turns())
    doc = load(text.encode("utf-8"), source="meeting.txt")
    assert doc.meta["unpunctuated"] and doc.meta["format"] == "transcript"
    assert all(len(e.split()) >= 10 for e in doc.elements)  # each turn of 15 words one: the speaker changes
    note = next(n for n in left_out_notes(doc) if "marks no sentences" in n)
    assert ("elements of whole lines, at least 20 words each, or 10 where the speaker changes (a shorter turn goes on "
            "into the next)") in note, note


def test_a_time_alone_is_one_layout_bracketed_or_not():
    """Times alone, some in brackets ("0:00:05", "[00:00:25]"), as hand-kept transcripts mix them: all open turns."""
    text = "".join(f"{'[' * (i % 2)}{_hms(t)}{']' * (i % 2)}\n{body}\n\n" for i, (_, t, body) in enumerate(_turns()))
    doc = load(text.encode("utf-8"), source="notes.txt")
    assert doc.meta["left_out"] == {"turns": 18} and len(doc.elements) == 36


def _words(start: int, n: int) -> str:
    return " ".join(f"w{i}" for i in range(start, start + n))


@pytest.mark.parametrize("turn", ["{name}  {time}\n{text}", "{time}\n{name}: {text}"])  # named, or a label
def test_an_unpunctuated_transcript_s_elements_end_where_the_speaker_changes(turn):
    """Without sentence punctuation, elements of whole lines end at a change of speaker once they hold SPEAKER_END
    (10) words, a speaker's few last words stay on the element before them, and a turn shorter than that ('yeah
    right') goes on into the next, and so does a short end of the transcript into the element before it; each element
    has the time of its first line's turn."""
    turns = [(SPEAKERS[i % 2], t, sizes) for i, (t, sizes) in enumerate([
        (5, [12, 12]), (30, [15]), (50, [2]), (55, [14]), (80, [12, 12, 5]), (120, [25]), (160, [11]), (180, [3])])]
    text, said, n = "", [], 0
    for name, t, sizes in turns:
        lines = []
        for size in sizes:
            lines.append(_words(n, size))
            n += size
        text += turn.format(name=name, time=clock(t), text="\n".join(lines)) + "\n\n"
        said.append(" ".join(lines))
    doc = load(text.encode("utf-8"), source="meeting.txt")
    assert doc.meta["unpunctuated"] and doc.meta["format"] == "transcript"
    assert doc.elements == [said[0], said[1], f"{said[2]} {said[3]}", said[4], said[5], f"{said[6]} {said[7]}"]
    assert [start for start, _ in doc.meta["times"]] == [5, 30, 50, 80, 120, 160]
    assert doc.meta["paragraphs"] == list(range(6))


def test_an_unpunctuated_transcript_without_speakers_is_cut_as_before():
    """Times alone name no speaker: the lines are joined into elements of at least 20 words across turns."""
    text = "".join(f"{clock(20 * i)}\n{_words(8 * i, 8)}\n\n" for i in range(10))
    doc = load(text.encode("utf-8"), source="meeting.txt")
    assert doc.meta["format"] == "transcript" and [len(e.split()) for e in doc.elements] == [24, 24, 32]
    assert [start for start, _ in doc.meta["times"]] == [0, 60, 120]


@pytest.mark.parametrize("layout", ["happy scribe", "word"])
def test_three_turns_by_two_speakers_open_turns_with_their_names(layout):
    """Three turns by two speakers: one name recurs and one is said once, the times increase, each name line has
    words below it: the names open turns, not words said."""
    turns = [("Speaker 1", 5, "The quarter budget grew. We spent less."), ("Speaker 2", 25, "Hiring comes next. "
             "Two roles are open."), ("Speaker 1", 45, "The garden needs water. Roses too.")]
    text = "\n".join(LAYOUTS[layout](*turn) for turn in turns)
    doc = load(text.encode("utf-8"), source="meeting.txt")
    assert doc.meta["format"] == "transcript" and doc.meta["left_out"] == {"turns": 3}
    assert not any("Speaker" in e for e in doc.elements) and len(doc.elements) == 6


@pytest.mark.parametrize("agenda", [
    "09:00 Registration\nCoffee in the hall.\n\n10:00 Keynote\nRivers and valleys.\n\n11:00 Lunch\nOn the terrace.\n",
    ("09:00 Registration\nCoffee in the hall.\n\n10:00 Coffee break\nIn the foyer.\n\n11:00 Keynote\nOn rivers.\n\n"
     "12:00 Coffee break\nIn the foyer.\n\n13:00 Workshops\nThree rooms.\n"),  # one item recurs, three are once
])
def test_a_short_agenda_stays_plain_text_even_with_an_item_that_recurs(agenda):
    assert sniff_format(agenda.encode("utf-8"), "agenda.txt") == "text"


def _otter_parts(steps: list[int], restart: int, at: int = 9) -> str:
    """An Otter transcript of len(steps) + 1 turns whose times go up by steps, back to `restart` at turn `at`."""
    times = [5]
    for i, step in enumerate(steps):
        times.append(restart if i + 1 == at else times[-1] + step)
    return "\n".join(LAYOUTS["otter"](name, t, body) for (name, _, body), t in zip(_turns(len(times)), times))


@pytest.mark.parametrize("steps, restart", [([60] * 17, 90), ([450] * 17, 150)])
def test_recordings_joined_whose_second_starts_within_two_minutes_or_5_percent_read_as_one(steps, restart):
    """The second recording starts at 1:30 after an 8-minute first part (under 2 minutes and a quarter of it), or at
    2:30 after a one-hour part (under 5 % of it): a restart, times counted on."""
    doc = load(_otter_parts(steps, restart).encode("utf-8"), source="meeting.txt")
    assert doc.meta["format"] == "transcript" and doc.meta["parts"] == 2
    starts = [s for s, _ in doc.meta["times"]][::2]
    assert starts[9] == starts[8] + restart and all(b > a for a, b in zip(starts, starts[1:]))


@pytest.mark.parametrize("steps, restart", [([20] * 8, 75), ([20] * 8, 50)])
def test_times_going_back_a_little_part_way_stay_plain_text(steps, restart):
    """1:25 back to 1:15 or to 0:50 is no new recording (not back near its start): the text stays plain text."""
    assert sniff_format(_otter_parts(steps, restart, at=5).encode("utf-8"), "notes.txt") == "text"


def test_a_transcripts_turns_are_found_once_when_it_is_read(monkeypatch):
    """Loading a transcript found its turns twice: once to tell its format (formats.sniff_format), once more to read
    it; a text the sniffer sees whole is read from the turns it found."""
    import segcore.transcripts as transcripts
    calls = []
    turns = transcripts._turns
    monkeypatch.setattr(transcripts, "_turns", lambda lines: calls.append(1) or turns(lines))
    transcripts._reading.cache_clear()
    for layout in ("otter", "zoom"):
        calls.clear()
        doc = load((_transcript(layout) + "\r\nTranscribed by https://otter.ai\r\n").encode("utf-8"),
                   source="meeting.txt")
        assert doc.meta["format"] == "transcript" and doc.meta["left_out"]["credits"] == 1
        assert len(calls) == 1, layout


def test_a_transcripts_reading_is_not_kept_once_it_is_read():
    """The reading kept for the sniffer (lines, turns and their matches: about six times the text) stayed in the
    process after the text was read, for a text longer than the sniffer's head never to be asked again."""
    import gc
    import tracemalloc

    from segcore.transcripts import transcript_lines

    text = "".join(f"Alice Chen  {t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}\nWe talked about the budget and the "
                   f"plan for quarter {t}, then moved on.\n\n" for t in range(0, 7 * 3000, 7))
    tracemalloc.start()
    try:
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        lines, counts, _ = transcript_lines(text)
        assert counts["turns"] == 3000
        del lines
        gc.collect()
        assert tracemalloc.get_traced_memory()[0] - before < len(text) / 2
    finally:
        tracemalloc.stop()
