"""Bytes to characters (segcore.encodings): UTF-8 and marked files as they are, legacy files read and said."""
from __future__ import annotations

import codecs
import random

import pytest
from hypothesis import assume, given, settings, strategies as st

from segcore.encodings import WESTERN_SHARE, decode_markup, decode_text
from segcore.errors import InputError
from segcore.loaders import left_out_notes, load

RUSSIAN = "Привет, как дела? Это простой текст на русском языке. Второе предложение здесь."
JAPANESE = "これは日本語の文章です。今日はいい天気ですね。明日も晴れるでしょう。"
_RNG = random.Random(0)
NOISE = bytes(_RNG.randrange(1, 256) for _ in range(4000))  # no NUL: not told binary by that


@pytest.mark.parametrize("text,codec,expected", [
    ("He said \u201chello\u201d. It\u2019s over \u2014 really.", "cp1252", "cp1252"),
    ("Un café crème. L'été dernier, à la forêt où les arbres étaient très hauts.", "latin-1", "cp1252"),
    ("Die Straße war länger als die Brücke. Mädchen grüßen.", "latin-1", "cp1252"),
    (RUSSIAN * 3, "cp1251", "cp1251"),
    (JAPANESE * 3, "shift_jis", "cp932"),
])
def test_a_legacy_file_that_declares_nothing_is_read_and_the_reading_is_said(text, codec, expected):
    decoded = decode_text(text.encode(codec), "x.txt")
    assert decoded.text == text and decoded.codec == expected and decoded.how == "guessed"
    assert decoded.note.startswith("read as ") and "not UTF-8 and declares no encoding" in decoded.note


def test_utf8_and_marked_files_need_no_note():
    for data in ("Un café.".encode(), "\ufeffUn café.".encode(), "Un café.".encode("utf-16"),
                 codecs.BOM_UTF16_BE + "Un café.".encode("utf-16-be"), "Un café.".encode("utf-32"),
                 codecs.BOM_UTF32_BE + "Un café.".encode("utf-32-be"), b"plain ascii"):
        decoded = decode_text(data)
        assert decoded.text == ("Un café." if data != b"plain ascii" else "plain ascii") and decoded.note is None
        assert decoded.meta() == {}


def test_a_utf8_file_with_stray_bytes_keeps_its_utf8_and_reads_them_as_windows_1252():
    """A UTF-8 text into which a Windows editor pasted a curly apostrophe (0x92): only that byte is read otherwise."""
    data = "Café naïve résumé. Ζεύς.\n".encode() * 3 + b"It\x92s here, 5 \x80.\n"
    decoded = decode_text(data)
    assert decoded.text == "Café naïve résumé. Ζεύς.\n" * 3 + "It\u2019s here, 5 €.\n"
    assert (decoded.how, decoded.replaced) == ("stray bytes", 2)
    assert decoded.note == "2 bytes that are not UTF-8 read as Windows-1252 (Western European)"


def test_a_wrong_declaration_is_said_in_the_note():
    decoded = decode_text("-*- coding: utf-8 -*-\nUn caf\xe9. Deux.".encode("latin-1"))
    assert decoded.text.endswith("Un café. Deux.") and "not UTF-8 although it declares it" in decoded.note


def test_bytes_no_encoding_reads_are_refused_with_where():
    with pytest.raises(InputError, match=r"x.txt: not text in any encoding recognised: invalid UTF-8 byte b'\\xd9' "
                                         r"at byte offset 6 \(line 2\); convert"):
        decode_text(b"Hello\n" + NOISE, "x.txt")


def test_a_document_carries_the_reading_and_every_front_end_says_it():
    doc = load(("Un café. Deux cafés.\n\nTrois thés, quatre.\n" * 3).encode("latin-1"), source="cafes.txt")
    assert doc.elements[0] == "Un café." and doc.meta["encoding"]["codec"] == "cp1252"
    assert left_out_notes(doc)[0].startswith("read as Windows-1252 (Western European)")
    page = load("<html><body><p>Un café. Deux cafés.</p></body></html>".encode("cp1252"), source="p.html")
    assert page.meta["format"] == "html" and page.meta["encoding"]["how"] == "guessed"
    choi = load(("==========\nUn café.\nDeux.\n==========\nTrois thés.\n==========\n").encode("latin-1"),
                source="x.ref")
    assert choi.meta["format"] == "choi" and choi.elements[0] == "Un café." and "encoding" in choi.meta


def test_markup_declared_encoding_and_undecodable_fallback():
    assert decode_markup("<meta charset='koi8-r'><p>Привет</p>".encode("koi8-r")).how == "declared"
    noise = decode_markup(b"<p>" + NOISE + b"</p>")
    lost = sum(NOISE.count(b) for b in (b"\x81", b"\x8d", b"\x8f", b"\x90", b"\x9d"))  # undefined in Windows-1252
    assert noise.how == "guessed" and noise.replaced == lost > 0 and f"{lost} bytes it cannot read" in noise.note


_WESTERN = st.text(st.sampled_from("abcdefghij klmnop.,\n"), min_size=20, max_size=200)
_ACCENTED = st.lists(st.sampled_from("éèàùçôâêîœæøåäöüßñ€‘’“”—–"), min_size=1, max_size=6)


@settings(max_examples=200, deadline=None)
@given(_WESTERN, _ACCENTED, st.randoms())
def test_western_text_in_windows_1252_reads_back_exactly(base, accents, rnd):
    """Mostly-ASCII text with a few accented letters and typographic marks, saved as Windows-1252 ("ANSI"), reads
    back exactly unless some of its bytes happen to be UTF-8 too ("ßœ" is U+07DC in UTF-8): then, by the rules, UTF-8
    wins when all of it is UTF-8 or when UTF-8 characters are as many as the stray bytes, and the reading is said."""
    chars = list(base)
    for a in accents:
        chars.insert(rnd.randrange(len(chars) + 1), a)
    text = "".join(chars)
    letters = [c for c in text if c.isalpha()]  # mostly ASCII, as encodings' rule calls Western text
    assume(sum(not c.isascii() for c in letters) <= WESTERN_SHARE * len(letters))
    data = text.encode("cp1252")
    decoded = decode_text(data)
    raw = data.decode("utf-8", errors="surrogateescape")
    if not any(127 < ord(c) and not 0xDC80 <= ord(c) <= 0xDCFF for c in raw):  # no byte sequence reads as UTF-8
        assert (decoded.text, decoded.how) == (text, "guessed")
    else:
        assert decoded.how in ("utf-8", "stray bytes", "guessed") and (decoded.how == "utf-8" and not decoded.cut) != bool(decoded.note)


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=200).filter(lambda t: "\x00" not in t), st.binary(min_size=1, max_size=8))
def test_any_utf8_text_reads_back_and_any_bytes_give_text_or_a_typed_error(text, noise):
    assert decode_text(text.encode("utf-8")).text == (text[1:] if text.startswith("\ufeff") else text)
    try:
        decoded = decode_text(text.encode("utf-8") + noise)
    except InputError:
        return
    whole = decoded.how in ("utf-8", "bom", "declared") and not decoded.cut  # a character left out is said
    assert isinstance(decoded.text, str) and (decoded.note is None) == whole


def test_central_european_windows_1250_is_not_read_as_western():
    """Polish or Slovak saved as Windows-1250 decodes without error as Windows-1252 too, into 'by³em', 've¾mi':
    symbols inside words, which the Windows-1250 reading does not have; Western text with such a symbol or two
    (H²O, a fraction) stays Windows-1252."""
    polish = ("Wczoraj byłem w Krakowie i widziałem Wisłę. Polacy lubią pierogi, a jesienią zbierają grzyby w "
              "lesie. Miasto było piękne, choć pogoda była zła.")
    slovak = "Koľko ľudí žije na Slovensku? Veľmi veľa, a majú radi hory. Vôňa lesa je príjemná a voľná."
    for text in (polish, slovak):
        decoded = decode_text(text.encode("cp1250"))
        assert (decoded.text, decoded.codec) == (text, "cp1250") and "Windows-1250" in decoded.note
    western = "Water is H²O; salt is NaCl. Add ½ cup of sugar. Il était une fois — naïve café, Straße, niño."
    decoded = decode_text(western.encode("cp1252"))
    assert (decoded.text, decoded.codec) == (western, "cp1252")


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_utf16_and_utf32_without_a_byte_order_mark_are_read_and_said(tmp_path, codec):
    """Windows' 'Unicode' text without its mark: read by where its NUL bytes fall, not refused as binary."""
    text = f"Un café crème. {RUSSIAN}\n{JAPANESE}\n"
    decoded = decode_text(text.encode(codec))
    assert (decoded.text, decoded.codec, decoded.how) == (text, codec, "no bom")
    assert codec.upper() in decoded.note and "no byte-order mark" in decoded.note
    path = tmp_path / "unicode.txt"
    path.write_bytes(("Un café. Deux cafés.\n\nTrois thés, quatre.\n" * 3).encode(codec))
    doc = load(path)
    assert doc.elements[0] == "Un café." and doc.meta["encoding"]["codec"] == codec


@pytest.mark.parametrize("codec", ["utf-8-sig", "utf-16", "utf-32", "utf-16-le", "utf-16-be", "utf-32-le",
                                   "utf-32-be"])
@pytest.mark.parametrize("cut", [1, 2, 3])
def test_a_unicode_file_cut_inside_its_last_character_reads_up_to_it(codec, cut):
    """A UTF-16 or UTF-32 file (with a byte-order mark or without) or a marked UTF-8 file cut short inside a character
    (a broken download: an odd byte of UTF-16) reads but for that character, not 'looks like a binary file'."""
    text = f"Un café crème. {RUSSIAN}\n{JAPANESE}\n\U0001F600"  # ends with a character of 4 bytes in each
    data = text.encode(codec)
    decoded = decode_text(data[:-cut])
    assert decoded.text == text[:-1] and decoded.codec.startswith(codec.removesuffix("-sig")[:6])
    assert decoded.cut == 4 - cut and "character (the file is cut short?), left out" in decoded.note


@pytest.mark.parametrize("last", ["é", "€", "日", "\U0001F600"])  # characters of 2, 3, 3 and 4 bytes in UTF-8
def test_a_utf8_file_cut_inside_its_last_character_reads_as_utf8_up_to_it_and_says_so(last):
    """A UTF-8 file without a byte-order mark cut inside its last character (a download cut short) was read by the
    stray-bytes rule (a mojibake 'Ã' or 'â\x80' at its end) or, with few characters beyond ASCII, wholly as
    Windows-1252; now it reads as UTF-8 but for that character, and the note says the character was left out."""
    text = f"Un café crème.\nIt ends with {last}"
    data = text.encode()
    for cut in range(1, len(last.encode())):
        decoded = decode_text(data[:-cut])
        assert (decoded.text, decoded.codec, decoded.cut) == (text[:-1], "utf-8", len(last.encode()) - cut)
        assert decoded.note.startswith("its last ") and "unfinished UTF-8 character" in decoded.note
        doc = load(data[:-cut], source="x.txt")
        assert doc.elements[-1] == "It ends with" and left_out_notes(doc) == [decoded.note]


@pytest.mark.parametrize("last", ["—", "€", "\U0001F600"])  # characters of 3, 3 and 4 bytes in UTF-8
def test_a_pure_ascii_utf8_file_cut_after_two_bytes_of_its_last_character_reads_as_utf8(last):
    """A UTF-8 file all ASCII but its last character, cut inside it after its lead byte and a continuation byte or
    two, was read wholly as Windows-1252 ('â€' at its end, a 'guessed' note); a lead byte with continuation bytes is
    UTF-8's mark, so it reads as UTF-8 up to that character and says it left it out."""
    text = f"Plain ASCII text.\nIt ends with {last}"
    data = text.encode()
    for cut in range(1, len(last.encode()) - 1):  # at least two of its bytes kept
        decoded = decode_text(data[:-cut])
        assert (decoded.text, decoded.how, decoded.cut) == (text[:-1], "utf-8", len(last.encode()) - cut)
        assert "unfinished UTF-8 character" in decoded.note and "read as" not in decoded.note


@pytest.mark.parametrize("data", ["Un caf\xe9".encode("latin-1"), "Un café est là.\nCaf\xe9".encode("latin-1"),
                                  b"Un caf\xc3", "Un café.\n".encode() + b"\x80\xe2\x80"])
def test_a_file_that_ends_as_cut_utf8_but_is_not_utf8_before_it_keeps_its_reading(data):
    """Only a file whose bytes before the cut are UTF-8 with a character beyond ASCII is read as UTF-8 cut short: a
    Latin-1 file with its only é at its end (also the start of a UTF-8 character) stays Latin-1, as does ASCII ending
    with a lead byte (no sign of UTF-8), and a file with another invalid byte before its end keeps its reading."""
    decoded = decode_text(data)
    assert (decoded.text, decoded.how, decoded.cut) == (data.decode("cp1252"), "guessed", 0)


@pytest.mark.parametrize("data", [b"abc\x00\x01\x02" * 10, b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4,
                                  b"\x00\x00\x00\x00" * 50, bytes(range(1, 256, 2)) * 2 + b"\x00" * 100])
def test_binary_bytes_with_nuls_are_not_taken_for_utf16_or_utf32(data):
    with pytest.raises(InputError, match="blob.txt: looks like a binary file"):
        load(data, source="blob.txt")


def test_a_short_shift_jis_text_is_not_read_as_korean_and_korean_still_is():
    """charset-normalizer calls three lines of Shift JIS CP949 ('봍궼룷궠궶...', syllables Korean does not write)."""
    japanese = "猫は小さな動物です。彼らは太陽の下で寝るのが好きです。犬は忠実な友達です。\n" * 3
    decoded = decode_text(japanese.encode("shift_jis"), "neko.txt")
    assert (decoded.text, decoded.codec) == (japanese, "cp932") and "Shift JIS (Japanese)" in decoded.note
    korean = "안녕하세요. 오늘은 날씨가 좋습니다. 우리는 공원에 갑니다. 한국어 문장입니다.\n" * 3
    for codec in ("cp949", "euc_kr"):
        assert decode_text(korean.encode(codec)).text == korean
