"""Bytes to characters for every text format: a byte-order mark, else UTF-16 or UTF-32 told by the file's NUL bytes,
else UTF-8, else the encoding the file declares;
a file that is none of these is read as Windows-1252 when that gives Western text (as Windows-1250 when symbols
inside its words say it is Central European: Polish, Slovak, Romanian), else in the legacy encoding
charset-normalizer finds (Cyrillic, Greek, East Asian, ...), and the choice is reported (`Decoded.note`), never
made silently. A UTF-8 file with a few stray bytes keeps its UTF-8 and reads those bytes as Windows-1252. A Unicode
file cut short inside its last character is read up to it, and what was left out is said."""
from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import asdict, dataclass, replace

from .errors import InputError

__all__ = ["Decoded", "unicode_decoded", "stray_nuls", "decode_text", "decode_markup", "declared_encoding"]

DECLARED_BYTES = 8192  # where a text's declaration of its encoding is looked for
DETECT_BYTES = 256 * 1024  # what charset-normalizer is shown of a file
WESTERN_SHARE = 0.3  # at most this share of a Windows-1252 reading's letters outside ASCII: Western text
# a Western reading with at least this many symbols inside words is tried as Windows-1250 (Central European), which
# Windows-1252 reads without an error: kept when that halves them
CENTRAL_SYMBOLS = 3
RARE_HANGUL = 0.5  # a Korean reading with more of its syllables outside KS X 1001 is Shift JIS read wrong
# a character beyond ASCII between two letters, dashes, quotes, '…', '€' and '™' aside
_IN_WORD = re.compile(r"(?<=[^\W\d_])[^\x00-\x7f\u2010-\u2027\u20ac\u2122](?=[^\W\d_])")
_DECLARATIONS = (re.compile(rb"^Character set encoding:\s*([\w.-]{2,40})", re.M | re.I),  # Project Gutenberg
                 re.compile(rb"-\*-.{0,80}?coding:\s*([\w.-]{2,40})"),  # Emacs (and PEP 263)
                 re.compile(rb"\bvim?:.{0,80}?\bf(?:ile)?enc(?:oding)?=([\w.-]{2,40})"),  # vim
                 re.compile(rb"^[^%\n]*\\usepackage\[([\w,]{2,60})\]\{inputenc\}", re.M))  # LaTeX
_INPUTENC = {"latin1": "latin-1", "latin9": "iso8859-15", "latin2": "iso8859-2", "latin3": "iso8859-3",
             "latin4": "iso8859-4", "latin5": "iso8859-9", "latin10": "iso8859-16", "ansinew": "cp1252",
             "cp1252": "cp1252", "cp1250": "cp1250", "cp1251": "cp1251", "cp437": "cp437", "cp850": "cp850",
             "cp852": "cp852", "applemac": "mac_roman", "koi8-r": "koi8_r", "utf8": "utf-8"}
_META_CHARSET = re.compile(rb"""<meta[^>]{0,200}?charset\s*=\s*["']?\s*([\w.:-]{1,40})""", re.I)
_XML_ENCODING = re.compile(rb"""^\s*<\?xml[^>]{0,100}?encoding\s*=\s*["']([\w.:-]{1,40})["']""")
# a byte-order mark and the codec that reads the file with it (and drops it)
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))  # UTF-32 LE's mark starts as UTF-16 LE's
# control bytes no text holds (tab, line ends, form feed, ISO-2022's escape and DOS's end-of-file are text); no
# legacy encoding uses them inside a character: more than CONTROL_SHARE of a file's bytes is a binary file
_CONTROL = re.compile(rb"[\x01-\x08\x0e-\x19\x1c-\x1f\x7f]")
CONTROL_SHARE = 0.01
NUL_PARITY = 0.9  # UTF-16 without a byte-order mark: at least this share of its NUL bytes at even or odd offsets
# ... and at least this share of its bytes NUL (its ASCII: spaces, line breaks, digits), not a stray NUL in UTF-8
UNMARKED_NULS = 0.02
_ESCAPED = re.compile("[\udc80-\udcff]")  # a byte that is not UTF-8, as errors='surrogateescape' gives it
_NAMES = {"cp1252": "Windows-1252 (Western European)", "cp1250": "Windows-1250 (Central European)",
          "cp1251": "Windows-1251 (Cyrillic)", "koi8-r": "KOI8-R (Cyrillic)", "cp1253": "Windows-1253 (Greek)",
          "cp1254": "Windows-1254 (Turkish)", "cp1255": "Windows-1255 (Hebrew)", "cp1256": "Windows-1256 (Arabic)",
          "cp932": "Shift JIS (Japanese)", "shift_jis": "Shift JIS (Japanese)", "euc_jp": "EUC-JP (Japanese)",
          "gb18030": "GB18030 (Chinese)", "gbk": "GBK (Chinese)", "big5": "Big5 (Chinese)",
          "euc_kr": "EUC-KR (Korean)", "cp949": "CP949 (Korean)"}


@dataclass(frozen=True)
class Decoded:
    """A file's characters and how they were read: `how` is 'utf-8', 'bom', 'no bom' (UTF-16 or UTF-32 told by where
    its NUL bytes fall), 'declared', 'stray bytes' (UTF-8 with
    `replaced` bytes read as Windows-1252) or 'guessed' (no declaration, not UTF-8; `replaced` bytes unreadable);
    `cut`: the bytes of an unfinished last character left out (a Unicode file cut short)."""
    text: str
    codec: str  # Python's name of the encoding read (for 'stray bytes': the stray bytes')
    how: str
    replaced: int = 0
    declared: str | None = None  # what the file declares, when it was not that
    cut: int = 0

    @property
    def note(self) -> str | None:
        """What a user should know about the reading, or None when the file said or was plain UTF-8 and is whole."""
        cut = (f"its last {'byte' if self.cut == 1 else f'{self.cut} bytes'}, an unfinished {self.codec.upper()[:6]} "
               f"character (the file is cut short?), left out") if self.cut else None
        return "; ".join(note for note in (self._reading(), cut) if note) or None

    def _reading(self) -> str | None:
        name = _NAMES.get(self.codec, self.codec)
        if self.how == "guessed":
            lost = f"; {self.replaced} bytes it cannot read became \ufffd" if self.replaced else ""
            said = (" although it declares it" if self.declared == "utf-8" else
                    f", nor {self.declared} as it declares" if self.declared else " and declares no encoding")
            return f"read as {name}: the file is not UTF-8{said}{lost} (if letters look wrong, convert it to UTF-8)"
        if self.how == "no bom":
            return f"read as {self.codec.upper()}: the file has no byte-order mark, its NUL bytes say so"
        if self.how == "stray bytes":
            return (f"{self.replaced} byte{'s that are' if self.replaced > 1 else ' that is'} not UTF-8 read as "
                    f"{name}")
        return None

    def meta(self) -> dict:
        """meta['encoding'] of a Document read from these bytes (Decoded's fields but the text, and `cut` only when
        a character was left out), only when the reading is worth a note."""
        fields = {k: v for k, v in asdict(self).items() if k != "text" and (k != "cut" or v)}
        return {"encoding": fields} if self.note else {}


def declared_encoding(head: bytes) -> str | None:
    """The encoding a text declares in its first lines, as Python names it: Project Gutenberg's 'Character set
    encoding:' line, an Emacs or vim coding cookie, LaTeX's \\usepackage[...]{inputenc}; None when it declares none
    Python knows."""
    for pattern in _DECLARATIONS:
        if m := pattern.search(head):
            names = m.group(1).decode("ascii").lower().split(",")  # inputenc's options name LaTeX's encodings
            return _codec(next((_INPUTENC[n] for n in names if n in _INPUTENC), names[-1]))
    return None


def _codec(name: str) -> str | None:
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def _western(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return sum(not c.isascii() for c in letters) <= WESTERN_SHARE * max(1, len(letters))


def _symbols_in_words(text: str) -> int:
    """Symbols beyond ASCII between two letters ('by³em', 'ºtiinþã'), typographic marks aside ("don’t", "a—b"):
    what a Central European text read as Windows-1252 shows and a Western one does not."""
    return sum(unicodedata.category(c) not in ("Ll", "Lu") for c in _IN_WORD.findall(text))


def _has_controls(data: bytes) -> bool:
    """Whether bytes hold more control codes no text holds than CONTROL_SHARE of them (NUL aside): a binary file."""
    return len(_CONTROL.findall(data)) > CONTROL_SHARE * len(data)


def stray_nuls(data: bytes) -> int:
    """The NUL bytes of a text that holds a few of them, or ends padded with them (a file cut short by a crash);
    0 when the bytes are no text without them either."""
    nuls = data.count(0)
    few = nuls <= CONTROL_SHARE * len(data) or b"\x00" not in data.rstrip(b"\x00")
    return nuls if few and not _has_controls(data.replace(b"\x00", b"")) else 0


def _undeclared(data: bytes) -> Decoded | None:
    """Bytes that are not UTF-8 and declare nothing: UTF-8 with stray bytes when it holds at least as many UTF-8
    characters beyond ASCII as bytes that are not UTF-8; else Windows-1252 when it reads as Western text; else
    charset-normalizer's legacy encoding; None for bytes with control codes no text holds."""
    if _has_controls(data):
        return None
    raw = data.decode("utf-8", errors="surrogateescape")  # each byte that is not UTF-8 a lone surrogate
    stray = len(raw) - len(_ESCAPED.sub("", raw))
    if len(raw) - len(raw.encode("ascii", errors="ignore")) - stray >= stray:  # as many UTF-8 characters beyond ASCII
        text = _ESCAPED.sub(lambda m: bytes([ord(m.group()) - 0xDC00]).decode("cp1252", errors="replace"), raw)
        return Decoded(text, "cp1252", "stray bytes", stray)
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        text = None
    if text is not None and _western(text):
        odd = _symbols_in_words(text)
        central = data.decode("cp1250", errors="replace") if odd >= CENTRAL_SYMBOLS else None
        if central is not None and "\ufffd" not in central and 2 * _symbols_in_words(central) < odd:
            return Decoded(central, "cp1250", "guessed")
        return Decoded(text, "cp1252", "guessed")
    from charset_normalizer import from_bytes  # imported here: needed only for such files
    best = from_bytes(data[:DETECT_BYTES]).best()
    codec = best and _codec(best.encoding)
    if not codec or codec == "utf-8":
        return None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    if codec in ("cp949", "euc_kr") and _not_korean(text):
        try:
            return Decoded(data.decode("cp932"), "cp932", "guessed")
        except UnicodeDecodeError:
            pass
    return Decoded(text, codec, "guessed")


def _not_korean(text: str) -> bool:
    """Whether a Korean reading is of text Korean does not write: more than RARE_HANGUL of its syllables outside the
    2,350 of KS X 1001 (what charset-normalizer makes of a short Shift JIS text: '봍궼룷궠궶')."""
    hangul = [c for c in text if "\uac00" <= c <= "\ud7a3"]
    return sum(len(c.encode("euc_kr")) != 2 for c in hangul) > RARE_HANGUL * len(hangul)


def _unmarked(data: bytes) -> Decoded | None:
    """UTF-32 or UTF-16 without a byte-order mark, told by its NUL bytes: in UTF-32 one byte of every four is always
    NUL, in UTF-16 the NULs (the high bytes of ASCII) are UNMARKED_NULS of the bytes or more and fall at least
    NUL_PARITY of them on one side; read only when the bytes decode in that encoding into text (no NUL, no more
    control characters than CONTROL_SHARE) with a space or a line break (the ASCII its NULs come from)."""
    nuls = data.count(0)
    if not nuls or nuls < UNMARKED_NULS * len(data):
        return None
    codecs_ = [codec for codec, i in (("utf-32-le", 3), ("utf-32-be", 0)) if not data[i::4].strip(b"\x00")]
    odd = data[1::2].count(0)
    codecs_ += [codec for codec, n in (("utf-16-le", odd), ("utf-16-be", nuls - odd)) if n >= NUL_PARITY * nuls]
    for codec in codecs_:
        try:
            text, cut = _whole_characters(data, codec)
        except UnicodeDecodeError:
            continue
        if _reads_as_text(text):
            return Decoded(text, codec, "no bom", cut=cut)
    return None


def _whole_characters(data: bytes, codec: str) -> tuple[str, int]:
    """`data` decoded in a Unicode encoding but for an incomplete last character (a file cut short in one: one to
    three bytes of UTF-8, an odd byte of UTF-16, one to three of UTF-32, half a surrogate pair), and how many bytes
    that left out; UnicodeDecodeError as bytes.decode raises for any other invalid byte."""
    decoder = codecs.getincrementaldecoder(codec)()
    text = decoder.decode(data, final=False)
    return text, len(decoder.getstate()[0])


def _reads_as_text(text: str) -> bool:
    """Whether characters decoded by a guess (NUL bytes, or a mark on a file cut short) are text: no NUL, no more
    control characters than CONTROL_SHARE, a space or a line break (the ASCII a UTF-16 or UTF-32 text holds)."""
    return "\x00" not in text and bool(re.search(r"\s", text)) and not _has_controls(text.encode("utf-8"))


def unicode_decoded(data: bytes) -> Decoded | None:
    """The characters of a file that starts with a UTF-8, UTF-32 or UTF-16 byte-order mark and reads by it, or of a
    UTF-32 or UTF-16 file without one that its NUL bytes tell (`_unmarked`); else None."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                return Decoded(data.decode(codec), codec.removesuffix("-sig"), "bom")
            except UnicodeDecodeError:
                pass  # UTF-16 text whose first character is U+0000 has UTF-32's mark
            try:  # a file cut short inside its last character, read when the rest is text
                text, cut = _whole_characters(data, codec)
            except UnicodeDecodeError:
                continue
            if _reads_as_text(text):
                return Decoded(text, codec.removesuffix("-sig"), "bom", cut=cut)
    return _unmarked(data)


def _cut_utf8(data: bytes, error: UnicodeDecodeError) -> Decoded | None:
    """UTF-8 without a byte-order mark cut short inside its last character: the bytes that strict UTF-8 fails on
    (`error`) end the file and begin a UTF-8 sequence, all before them is UTF-8, and it shows UTF-8: a character beyond
    ASCII before them, or a lead byte and continuation bytes in them (a pure ASCII text cut inside '—' or an emoji: in
    a legacy encoding a letter and a symbol no text ends with, 'â€'); a lone lead byte after pure ASCII is also a
    legacy file's last letter ('café' in Latin-1) and keeps that reading; else None."""
    if error.end != len(data):
        return None
    try:
        text, cut = _whole_characters(data, "utf-8")
    except UnicodeDecodeError:  # an invalid byte, not a sequence begun
        return None
    return None if text.isascii() and cut < 2 else Decoded(text, "utf-8", "utf-8", cut=cut)


def _decode(data: bytes, declared: str | None, source: str) -> Decoded:
    if marked := unicode_decoded(data):
        return marked
    try:
        return Decoded(data.decode("utf-8"), "utf-8", "utf-8")
    except UnicodeDecodeError as e:
        error = e
    if cut_short := _cut_utf8(data, error):
        return cut_short
    if declared:
        try:
            return Decoded(data.decode(declared), declared, "declared")
        except UnicodeDecodeError:
            pass  # the declaration is wrong: read the bytes as if it had none
    if guessed := _undeclared(data):
        return replace(guessed, declared=declared)
    line = data.count(b"\n", 0, error.start) + 1
    raise InputError(
        f"{source or 'the input'}: not text in any encoding recognised: invalid UTF-8 byte "
        f"{data[error.start:error.start + 1]!r} at byte offset {error.start} (line {line})"
        f"{f', nor {declared} as it declares' if declared else ''}; convert the file to UTF-8 first (e.g. iconv "
        f"-f latin1 -t utf-8)")


def decode_text(data: bytes, source: str = "") -> Decoded:
    """A plain text's characters: by its byte-order mark (UTF-8, UTF-16 or UTF-32), else UTF-16 or UTF-32 told by its
    NUL bytes, else UTF-8, else the encoding it
    declares (declared_encoding), else as `_undeclared` finds; InputError when no reading holds."""
    return _decode(data, declared_encoding(data[:DECLARED_BYTES]), source)


def decode_markup(data: bytes, source: str = "") -> Decoded:
    """An HTML or XML file's characters: by its byte-order mark, else UTF-8, else its declared encoding (<?xml
    encoding?>, <meta charset>), else as `_undeclared` finds, else Windows-1252 with unreadable bytes as U+FFFD."""
    m = _XML_ENCODING.search(data[:200]) or _META_CHARSET.search(data[:4096])
    try:
        return _decode(data, m and _codec(m.group(1).decode("ascii")), source)
    except InputError:
        text = data.decode("cp1252", errors="replace")
        return Decoded(text, "cp1252", "guessed", text.count("\ufffd"))
