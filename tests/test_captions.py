"""Timed transcripts (segcore.captions, loaders.load_captions): SubRip, WebVTT and SBV files read as the words said,
each element with the time of the line where it begins; markup, numbering, headers, sound descriptions and the
repeated lines of rolling captions are not text; a transcript without sentence punctuation is read line by line;
segments carry their times in the CLI, the exports and the app."""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.captions import stamp
from segcore import exports
from segcore.captions import caption_lines
from segcore.document import clock, span_times, where
from segcore.errors import InputError
from segcore.formats import sniff_format
from segcore.loaders import left_out_notes, load, load_captions
from segcore.methods import segment

SRT = ("\ufeff1\r\n00:00:01,000 --> 00:00:04,000\r\n<i>Volcanoes</i> form where magma &amp; gas\r\n"
       "reach the surface.\r\n\r\n"
       "2\r\n00:00:04,500 --> 00:00:07,000\r\n{\\an8}Lava flows down the slopes of the volcano\r\n\r\n"
       "3\r\n00:00:07,000 --> 00:00:09,500\r\nand the ash falls on the towns. [MUSIC]\r\n\r\n"
       "4\r\n00:00:10,000 --> 00:00:12,000\r\n♪ la la ♪\r\n\r\n"
       "5\r\n00:01:05,250 --> 00:01:09,000\r\n- Bread needs flour, water and yeast.\r\n- The oven bakes it.\r\n")

VTT = """WEBVTT - a lecture
Kind: captions
Language: en

STYLE
::cue(v) { color: yellow }

NOTE written by hand
for the test

intro
00:00:00.000 --> 00:00:03.000 align:start position:10%
<v Ada>Rivers carve valleys over millions of years.</v>

00:00:03.000 --> 00:00:06.500
<v.loud Ada>The <b>water</b> carries <ruby>sand<rt>sănd</rt></ruby> to the sea.

NOTE a comment between cues

1:02:03.000 --> 1:02:06.000
>> Stars burn hydrogen into helium.
"""

# Rolling captions as YouTube writes them automatically: each line shown twice, word timestamps, no blank line
# between a cue's text and the next timing line, no punctuation.
ROLLING = """WEBVTT
Kind: captions
Language: en

00:00:00.000 --> 00:00:02.000 align:start position:0%
so<00:00:00.400><c> today</c><00:00:00.800><c> we</c><00:00:01.200><c> talk</c>

00:00:02.000 --> 00:00:02.010 align:start position:0%
so today we talk

00:00:02.010 --> 00:00:04.000 align:start position:0%
so today we talk
about<00:00:02.500><c> rivers</c><00:00:03.000><c> and</c><c> valleys</c>
00:00:04.000 --> 00:00:04.010 align:start position:0%
about rivers and valleys

00:00:04.010 --> 00:00:06.000 align:start position:0%
about rivers and valleys
[Music]
00:00:06.000 --> 00:00:08.000 align:start position:0%
then<c> we</c><c> talk</c><c> about</c><c> stars</c>

00:00:08.000 --> 00:00:08.010 align:start position:0%
then we talk about stars

00:00:08.010 --> 00:00:10.000 align:start position:0%
then we talk about stars
then<c> we</c><c> talk</c><c> about</c><c> stars</c>
"""


def test_a_subrip_file_reads_as_its_sentences_with_their_times():
    doc = load(SRT.encode("utf-8"), source="talk.srt")
    assert doc.meta["format"] == "captions" and sniff_format(b"", "talk.srt") == "captions"
    assert doc.elements == ["Volcanoes form where magma & gas reach the surface.",
                            "Lava flows down the slopes of the volcano and the ash falls on the towns.",
                            "Bread needs flour, water and yeast.", "The oven bakes it."]
    times = doc.meta["times"]
    assert times[0] == (1.0, 4.0) and times[1] == (4.5, 7.0)  # a sentence over two cues: the first one's times
    assert times[2] == times[3] == (65.25, 69.0) and doc.meta["duration"] == 69.0
    assert doc.meta["left_out"] == {"sounds": 2}
    assert where(doc, 0, 2) == "0:01–1:05" and where(doc, 2, 4) == "1:05–1:09"
    assert span_times(doc, 2, 4) == (65.25, 69.0)


def test_webvtt_headers_notes_styles_identifiers_and_markup_are_not_text():
    doc = load_captions(VTT, source="rivers.vtt")
    assert doc.elements == ["Rivers carve valleys over millions of years.", "The water carries sand to the sea.",
                            "Stars burn hydrogen into helium."]
    assert [t[0] for t in doc.meta["times"]] == [0.0, 3.0, 3723.0] and clock(3723.0) == "1:02:03"
    assert sniff_format(VTT.encode(), "") == "captions" and sniff_format(VTT.encode(), "notes.txt") == "captions"


def test_rolling_automatic_captions_read_each_line_once_and_line_by_line():
    lines, counts = caption_lines(ROLLING)
    assert [x.text for x in lines] == ["so today we talk", "about rivers and valleys", "then we talk about stars",
                                       "then we talk about stars"]  # said twice: the second time below the first
    assert [x.start for x in lines] == [0.0, 2.01, 6.0, 8.01]
    assert counts == {"repeated": 6, "sounds": 1}
    words = load_captions(ROLLING, level="word")
    assert words.elements[:5] == ["so", "today", "we", "talk", "about"] and len(words.meta["times"]) == words.n


def test_captions_without_punctuation_read_as_pseudo_sentences_of_whole_lines():
    from benchmarks.captions import WORD_SECONDS, caption_rows, rolling_vtt

    said = [f"word{i}" for i in range(95)]
    doc = load_captions(rolling_vtt(said))
    assert doc.meta["unpunctuated"] and any("at least 20 words" in n for n in left_out_notes(doc))
    assert " ".join(doc.elements).split() == said
    sizes = [len(e.split()) for e in doc.elements]
    assert all(s >= 20 for s in sizes) and max(sizes) < 20 + max(b - a for a, b in caption_rows(said))
    starts = [said.index(e.split()[0]) * WORD_SECONDS for e in doc.elements]  # each element at its first line's time
    assert [t[0] for t in doc.meta["times"]] == pytest.approx(starts)


def test_speakers_names_that_begin_lines_are_taken_off_and_a_one_off_label_is_text():
    said = ["Ada Lovelace: The engine weaves algebra.", "Charles: It computes tables.", "Note: this is an aside.",
            "Ada Lovelace: Cards give it its orders.", "Charles: Gears hold the numbers.",
            "Ada Lovelace: So it can compute more than numbers.", "Charles: Then we build it."]
    vtt = "WEBVTT\n\n" + "\n".join(f"00:00:0{i}.000 --> 00:00:0{i}.900\n{x}\n" for i, x in enumerate(said))
    lines, counts = caption_lines(vtt)
    assert [x.text for x in lines][:3] == ["The engine weaves algebra.", "It computes tables.",
                                           "Note: this is an aside."]
    assert counts == {"speakers": 6}
    teams = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Ada Lovelace>The engine weaves algebra.</v>\n"
    assert [x.text for x in caption_lines(teams)[0]] == ["The engine weaves algebra."]


def test_speakers_names_beyond_ascii_are_taken_off_too():
    said = ["Émile: Bonjour à tous.", "Åsa: Hej.", "Émile: On commence.", "Åsa: Ja.", "Émile: Voilà.", "Åsa: Bra.",
            "Иван Петров: Привет."] * 3
    srt = "\n".join(f"{i + 1}\n00:00:{i:02d},000 --> 00:00:{i:02d},900\n{x}\n" for i, x in enumerate(said))
    lines, counts = caption_lines(srt)
    assert lines[0].text == "Bonjour à tous." and lines[6].text == "Привет." and counts["speakers"] == len(said)


def test_a_subrip_cue_with_a_blank_line_inside_keeps_its_last_line():
    srt = ("1\n00:00:01,000 --> 00:00:03,000\nThe first part of a cue.\n\nIts second part.\n"
           "00:00:03,000 --> 00:00:05,000\nThe next cue, unnumbered.\n")
    assert [x.text for x in caption_lines(srt)[0]] == ["The first part of a cue.", "Its second part.",
                                                       "The next cue, unnumbered."]


def test_subrip_numbers_that_do_not_start_at_1_or_skip_one_are_not_text():
    """A clip cut from a longer file (cues 245, 246, ...), numbering from 0, a cue deleted, a cue after a bad timing,
    and numbers written right after the text (youtube-dl)."""
    for numbers, sep in (((245, 246, 247), "\n"), ((0, 1, 2), ""), ((1, 3, 4), "\n"), ((7, 8, 9), "")):
        srt = "".join(f"{n}\n00:00:0{i},000 --> 00:00:0{i},900\nLine {i}.\n{sep}" for i, n in enumerate(numbers))
        assert [x.text for x in caption_lines(srt)[0]] == ["Line 0.", "Line 1.", "Line 2."], numbers
    bad = ("1\n00:00:01,000 --> 00:00:0x\nlost\n\n2\n00:00:02,000 --> 00:00:03,000\nKept.\n\n"
           "3\n00:00:03,000 --> 00:00:04,000\nToo.\n")
    assert [x.text for x in caption_lines(bad)[0]] == ["Kept.", "Too."]


def test_cues_out_of_order_read_in_the_order_said():
    """Two tracks joined (cues numbered in file order, times out of order) read by their start times; cues that
    start together keep the file's order."""
    cues = [(4, "Then the third."), (0, "First said."), (2, "Second said."), (2, "Said with it.")]
    srt = "\n".join(f"{n + 1}\n00:00:0{t},000 --> 00:00:0{t + 1},500\n{x}\n" for n, (t, x) in enumerate(cues))
    lines = caption_lines(srt)[0]
    assert [x.text for x in lines] == ["First said.", "Second said.", "Said with it.", "Then the third."]
    assert [x.start for x in lines] == sorted(x.start for x in lines)


def test_a_japanese_sentence_has_the_time_of_the_line_it_begins_on():
    """The cut after '。' left the space that joins caption lines at the next sentence's start, so each sentence
    had the time of the line before its own."""
    said = ["今日は晴れです。", "明日は雨でしょう。", "公園に行きます。"]
    srt = "\n".join(f"{i + 1}\n00:00:0{2 * i},000 --> 00:00:0{2 * i + 1},000\n{x}\n" for i, x in enumerate(said))
    doc = load_captions(srt)
    assert doc.elements == said and doc.meta["times"] == [(0.0, 1.0), (2.0, 3.0), (4.0, 5.0)]


def test_less_than_and_greater_than_signs_in_a_subrip_line_are_text():
    srt = "1\n00:00:01,000 --> 00:00:02,000\nIf x < 5 and y > 3 the <i>loop</i> <font color=red>stops</font>.\n"
    assert [x.text for x in caption_lines(srt)[0]] == ["If x < 5 and y > 3 the loop stops."]


def test_a_line_said_twice_is_kept_in_captions_that_do_not_roll():
    said = ["Is it over?", "No.", "No.", "Then we go on."]
    srt = "\n".join(f"{i + 1}\n00:00:0{i},000 --> 00:00:0{i},900\n{x}\n" for i, x in enumerate(said))
    assert [x.text for x in caption_lines(srt)[0]] == said


def test_words_said_again_and_a_long_aside_in_parentheses_are_kept_and_sbv_files_read_too():
    said = ("00:00:01.000 --> 00:00:02.000\nthe idea\n\n00:00:02.000 --> 00:00:03.000\nthe idea is simple\n(and "
            "it works in practice, as we saw)\n")
    assert [x.text for x in caption_lines(said)[0]] == ["the idea", "the idea is simple",
                                                         "(and it works in practice, as we saw)"]
    sbv = "0:00:00.000,0:00:02.500\nFirst line said.\n\n0:00:02.500,0:00:05.000\nSecond line said.\n"
    doc = load(sbv.encode(), source="talk.sbv")
    assert doc.elements == ["First line said.", "Second line said."] and doc.meta["times"][1] == (2.5, 5.0)


def test_unreadable_timings_are_counted_and_a_file_without_cues_is_a_clear_error():
    text = "1\n00:00:01,000 --> 00:00:0x\nlost\n\n2\n00:00:02,000 --> 00:00:03,000\nKept. And kept.\n"
    doc = load_captions(text)
    assert doc.elements == ["Kept.", "And kept."] and doc.meta["left_out"] == {"bad timing": 1}
    with pytest.raises(InputError, match="empty.srt: no caption text found"):
        load(b"1\n00:00:01,000 --> 00:00:02,000\n\n", source="empty.srt")
    latin = load("1\n00:00:01,000 --> 00:00:02,000\nUn café. Deux thés.\n".encode("latin-1"), source="latin.srt")
    assert latin.elements == ["Un café.", "Deux thés."] and latin.meta["encoding"]["codec"] == "cp1252"


def test_an_arrow_in_a_cue_s_text_is_text_not_a_timing():
    """A line with '-->' was taken for a timing line: a slide read aloud ("input --> output") lost its text and was
    counted as a cue whose times could not be read."""
    said = ["The pipeline maps input --> output.", "Then we check the result.", "A --> B --> C is the chain."]
    srt = "\n".join(f"{i + 1}\n00:00:0{2 * i},000 --> 00:00:0{2 * i + 1},000\n{x}\n" for i, x in enumerate(said))
    doc = load(srt.encode(), source="talk.srt")
    assert doc.elements == said and doc.meta["left_out"] == {} and doc.meta["times"][2] == (4.0, 5.0)
    vtt = "WEBVTT\n\n" + "\n".join(f"00:00:0{i}.000 --> 00:00:0{i}.900\n{x}\n" for i, x in enumerate(said))
    assert [x.text for x in caption_lines(vtt)[0]] == said


def test_a_cue_whose_text_starts_with_note_or_style_is_text():
    """The line after a timing was taken for a WebVTT NOTE/STYLE/REGION block when it began with that word: captions
    in capitals ("NOTE THE TIME.", "STYLE MATTERS.") lost whole cues, in SubRip files too, and nothing was counted."""
    srt = ("1\n00:00:01,000 --> 00:00:02,000\nNOTE THE TIME ON THE CLOCK.\nIT IS LATE.\n\n"
           "2\n00:00:02,000 --> 00:00:03,000\nSTYLE MATTERS HERE.\n\n3\n00:00:03,000 --> 00:00:04,000\nWE GO HOME.\n")
    assert [x.text for x in caption_lines(srt)[0]] == ["NOTE THE TIME ON THE CLOCK.", "IT IS LATE.",
                                                       "STYLE MATTERS HERE.", "WE GO HOME."]
    vtt = ("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nNOTE the time on the clock.\n\nNOTE a comment, not said\n\n"
           "00:00:02.000 --> 00:00:03.000\nWe go home.\n")
    assert [x.text for x in caption_lines(vtt)[0]] == ["NOTE the time on the clock.", "We go home."]


def test_a_caption_file_is_limited_by_its_size_and_by_the_words_said():
    from segcore.limits import Limits

    text = _lecture()
    said = sum(len(e) for e in load_captions(text).elements)
    assert load_captions(text, limits=Limits(chars=said + 100)).n == 24  # timestamps are not text
    with pytest.raises(InputError, match="characters"):
        load_captions(text, limits=Limits(chars=said // 2))
    with pytest.raises(InputError, match="MB of HTML or captions"):
        load_captions(text, limits=Limits(markup_bytes=1000))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["river", "stone", "valley", "star", "light", "sea"]), min_size=1,
                         max_size=6), min_size=2, max_size=12))
def test_every_word_said_is_read_once_in_order_with_times_that_never_go_back(cues):
    text = "\n".join(f"{i + 1}\n{stamp(2 * i)} --> {stamp(2 * i + 1.5)}\n{' '.join(c)} {i}\n"
                     for i, c in enumerate(cues))
    doc = load_captions(text, level="word")
    assert doc.elements == [w for i, c in enumerate(cues) for w in [*c, str(i)]]
    starts = [t[0] for t in doc.meta["times"]]
    assert starts == sorted(starts) and starts[-1] == 2 * (len(cues) - 1)


def _lecture(n: int = 24) -> str:
    """A timed transcript of two topics, one sentence per cue, 5 s each."""
    topics = ["Volcanoes erupt lava and ash while magma rises under crater {}.",
              "Bakers knead bread dough with flour and yeast before oven {} bakes bread."]
    names = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split()
    return "\n".join(f"{i + 1}\n{stamp(5 * i)} --> {stamp(5 * i + 4)}\n"
                     f"{topics[i >= n // 2].format(names[i % len(names)])}\n" for i in range(n))


def test_exports_carry_the_times_and_chapters_start_at_zero():
    doc = load_captions(_lecture(), source="lecture.srt")
    seg = segment(doc, "best", k=2)
    assert seg.boundaries == [12, 24]
    rows = list(csv.reader(io.StringIO(exports.to_csv(doc, seg))))
    assert rows[0] == ["segment", "start", "end", "start_time", "end_time", "text"]
    assert rows[2][3:5] == ["60.0", "119.0"]
    d = json.loads(exports.to_json(doc, seg))
    assert d["segments"][1]["start_time"] == 60.0
    chapters = exports.to_chapters(doc, seg, [["volcano", "lava"], ["bread", "flour"]]).splitlines()
    assert chapters == ["0:00 volcano, lava", "1:00 bread, flour"]
    assert exports.to_chapters(doc, seg).splitlines()[1].startswith("1:00 Bakers knead bread dough")
    with pytest.raises(InputError, match="timed transcript"):
        exports.to_chapters(load(b"One sentence here. Another one there."), seg)
    assert exports.chapter_problems(doc, seg).endswith(": 2 chapters, fewer than 3")
    assert exports.chapter_problems(doc, replace(seg, boundaries=[12, 13, 24])).endswith(
        ": chapter 2 (5 s) shorter than 10 s")
    assert exports.chapter_problems(doc, replace(seg, boundaries=[12, 14, 24])) == ""  # 10 s is enough
    assert "chapters 1 (5 s), 2 (5 s), 3 (5 s), 4 (5 s), 5 (5 s) and 1 more shorter" in exports.chapter_problems(
        doc, replace(seg, boundaries=[1, 2, 3, 4, 5, 6, 24]))
    assert exports.chapter_problems(load(b"One sentence here. Another one there."), seg) == ""


def test_the_cli_prints_each_segment_with_its_times(tmp_path):
    path = tmp_path / "lecture.vtt"
    path.write_text("WEBVTT\n\n" + _lecture().replace(",", "."), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--k", "2"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "segment 1: sentences 0–11 (12) · 0:00–1:00" in out.stdout
    assert "segment 2: sentences 12–23 (12) · 1:00–1:59" in out.stdout
    out = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--k", "2", "--to", "chapters"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.splitlines()[0].startswith("0:00 ") and len(out.stdout.splitlines()) == 2
    assert out.stderr.startswith("note: video sites such as YouTube show chapters only when there are at least 3")


@pytest.mark.parametrize("codec", ["utf-16", "utf-32", "utf-16-le", "utf-16-be", "utf-32-le"])
def test_a_utf16_or_utf32_caption_file_without_a_caption_extension_is_read_as_captions(codec):
    """The format is told from the characters the file holds, not from its bytes read as UTF-8 (which made the
    timings of a UTF-16 transcript words of a plain text)."""
    srt = "1\n00:00:01,000 --> 00:00:04,000\nLava flows down.\n\n2\n00:00:05,000 --> 00:00:07,000\nAsh falls.\n"
    data = srt.encode(codec)
    assert sniff_format(data, "") == sniff_format(data, "talk.txt") == "captions"
    doc = load(data, source="talk.txt")
    assert doc.elements == ["Lava flows down.", "Ash falls."] and doc.meta["times"] == [(1.0, 4.0), (5.0, 7.0)]
    page = "<!DOCTYPE html><html><body><p>Lava flows down. Ash falls.</p></body></html>".encode(codec)
    assert sniff_format(page, "") == "html"


def test_a_time_range_said_in_a_cue_is_text_and_a_broken_timing_line_is_still_counted():
    """'10:30 --> 11:00 coffee break' in a cue is what is said, not a timing that cannot be read; a line that is a
    whole timing (two times, settings) whose times do not read is counted and its cue left out."""
    srt = ("1\n00:00:01,000 --> 00:00:03,000\n10:30 --> 11:00 coffee break.\n\n"
           "2\n00:00:03,000 --> 00:00:05,000\n11:00 --> 12:00\nThe keynote.\n\n"
           "3\n00:00:05,000 --> 00:00:0x align:start\nlost\n\n4\n00:00:06 --> 00:00:07\nlost too\n\n"
           "5\n00:00:08,000 --> 00:00:09,000\nThen lunch.\n")
    lines, counts = caption_lines(srt)
    assert [x.text for x in lines] == ["10:30 --> 11:00 coffee break.", "11:00 --> 12:00", "The keynote.",
                                       "Then lunch."]
    assert counts == {"bad timing": 2} and [x.start for x in lines] == [1.0, 3.0, 3.0, 8.0]


def test_a_file_whose_every_timing_is_unreadable_says_so_and_how_times_are_written(tmp_path):
    """Times without milliseconds ('00:00:01 --> 00:00:03', written by hand) made every cue unreadable, and the
    error only said that no cue had a readable time."""
    srt = "1\n00:00:01 --> 00:00:03\nHello there.\n\n2\n00:00:03 --> 00:00:05\nGoodbye.\n"
    path = tmp_path / "hand.srt"
    path.write_text(srt)
    with pytest.raises(InputError, match=r"hand.srt: no caption text found: .*\(2 timing lines cannot be read: "
                                         r"times are written 00:01:02,500 --> 00:01:04,000\)$"):
        load(path)
    with pytest.raises(InputError, match=r"text$"):
        load(b"1\n00:00:01,000 --> 00:00:02,000\n\n", source="empty.srt")


def test_teams_timings_without_leading_zeros_are_read():
    """Microsoft Teams' transcripts write '0:0:0.0 --> 0:0:5.750' (a second of one digit)."""
    text = ("WEBVTT\n\n0:0:0.0 --> 0:0:5.750\n<v Alice Chen>Rivers carve valleys.</v>\n\n"
            "0:0:5.750 --> 0:1:2.5\n<v Bob Martin>Stars burn hydrogen.</v>\n")
    doc = load(text.encode("utf-8"))
    assert doc.meta["format"] == "captions" and doc.elements == ["Rivers carve valleys.", "Stars burn hydrogen."]
    assert doc.meta["times"] == [(0.0, 5.75), (5.75, 62.5)]
