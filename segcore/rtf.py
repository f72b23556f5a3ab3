"""An RTF document (Rich Text Format 1.9.1, Microsoft 2008: Word, WordPad, TextEdit, pandoc) read into blocks: its
paragraphs in order, a heading at its outline level (its own \\outlinelevelN, else its style's through \\sbasedon, else
a style named 'heading N'; 'Title' above them, as is a first paragraph centred, bold and larger than the body, pandoc's
title), the shown result of fields read, the title from \\info. Characters from \\uN (its ANSI fallback skipped, \\ucN),
and bytes (\\'hh) in the code page of their font's \\fcharset, else of \\ansicpg. Left out and counted
(structure.LEFT_OUT): table cells (\\intbl), text boxes, footnotes, comments, hidden text (\\v), letterless paragraphs;
not text: headers and footers, pictures (and the '[image: source]' pandoc writes for one it could not embed), objects,
field instructions, list labels (\\listtext, or a bullet or number typed before the first tab of a hanging paragraph,
pandoc's: as DOCX and ODT, whose labels come from the numbering, not the text), index entries, deleted revisions, every
ignorable destination (\\*) that is not read. Code (wpstyles.code_styles), left out and counted by lines: a paragraph in
a code style ('HTML Preformatted'; one in a fixed-pitch font only when the document is not set in fixed-pitch type), or
all of whose characters are in a fixed-pitch font (\\fmodern, \\fprq1, a monospaced name: pandoc's code blocks) when the
body's font is not one and the document is not set in fixed-pitch type (wpstyles.Paragraphs)."""
from __future__ import annotations

import codecs
import re
from collections import Counter

from .errors import InputError
from .limits import LIMITS, Limits
from .sentences import BULLETS, ITEM_NUMBER
from .structure import Block
from .wpstyles import CodeRuns, Paragraphs, code_styles, style_levels

__all__ = ["read_rtf", "is_rtf"]

MAX_DEPTH = 1000  # groups within groups; deeper is refused
_TOKEN = re.compile(r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\(.)|([{}])|([^\\{}\r\n]+)|[\r\n]+|\\$",
                    re.S)
_SYMBOLS = {"tab": " ", "line": "\n", "page": " ", "column": " ", "emdash": "\u2014", "endash": "\u2013",
            "emspace": " ", "enspace": " ", "qmspace": " ", "bullet": "\u2022", "lquote": "\u2018",
            "rquote": "\u2019", "ldblquote": "\u201c", "rdblquote": "\u201d", "~": " ", "_": "-", "\\": "\\",
            "{": "{", "}": "}"}
_PARAGRAPH_ENDS = frozenset(("par", "sect", "cell", "nestcell", "row", "nestrow", "\n", "\r"))
# destinations that are not text, whether or not marked ignorable (\*)
_DROP = frozenset(("colortbl", "pict", "object", "header", "headerl", "headerr", "headerf", "footer", "footerl",
                   "footerr", "footerf", "fldinst", "listtext", "pntext", "pn", "nonshppict", "xe", "tc", "tcn", "txe",
                   "rxe", "template", "revtbl", "filetbl", "listtable", "listoverridetable", "rsidtbl", "sp", "shprslt",
                   "bkmkstart", "bkmkend", "datafield", "fldtype", "themedata", "colorschememapping", "latentstyles",
                   "datastore"))
# destinations read into a sink of their own: its name, or a structure.LEFT_OUT kind whose words are counted
_SINKS = {"fonttbl": "fonts", "stylesheet": "styles", "info": "info", "title": "title", "footnote": "footnote texts",
          "annotation": "annotations", "shpinst": "tables", "shptxt": "tables"}
_BY_NUMBER = frozenset(("footnote texts", "annotations"))  # counted once per group, not by words
_CHARSETS = {77: "mac_roman", 128: "cp932", 129: "cp949", 130: "johab", 134: "gbk", 136: "cp950", 161: "cp1253",
             162: "cp1254", 163: "cp1258", 177: "cp1255", 178: "cp1256", 186: "cp1257", 204: "cp1251", 222: "cp874",
             238: "cp1250", 255: "cp437"}  # \fcharsetN: the code page of a font's bytes (0: the document's \ansicpg)
_CHARSET_WORDS = {"mac": "mac_roman", "pc": "cp437", "pca": "cp850"}  # a document's character set other than \ansi
_PARAGRAPH = {"level": None, "style": 0, "table": False, "hanging": False, "centred": False}  # what \pard resets
_CHARACTER = {"hidden": False, "deleted": False, "bold": False, "size": 24}  # what \plain resets (12 pt: \fs24)
_ALIGNED = {"qc": True, "ql": False, "qr": False, "qj": False, "qd": False}  # a paragraph centred or not
# a list's label typed into its paragraph before a tab (pandoc's '1.\tab', '\bullet\tab', nested '\endash 1.')
_LIST_LABEL = re.compile(rf"\s*(?:(?:[{BULLETS}\u2013\u2014*\u00b7-]|{ITEM_NUMBER.pattern})\s*)+", re.I)
# what pandoc's writer puts, in a group of its own, where a picture it could not embed was: '[image: its source]'
_PICTURE_STAND_IN = re.compile(r"\s*\[image: [^\]]*\]\s*")


def is_rtf(data: bytes) -> bool:
    """Whether bytes open as an RTF document does ('{\\rtf', after a byte-order mark or white space)."""
    return data[:64].lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{\\rtf")


def _codec(page: int) -> str | None:
    """Python's codec of a Windows code page number (\\ansicpg, 10000 = Mac Roman), None when it has none."""
    name = {10000: "mac_roman", 65001: "utf-8"}.get(page, f"cp{page}")
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def _entry_word(entry: dict, table: str, word: str, arg: int | None):
    """A control word inside an entry of the font table ('fonts') or the stylesheet ('styles')."""
    if word == ("f" if table == "fonts" else "s") and arg is not None:
        entry["id"] = arg
    elif word in ("cs", "ds", "ts", "tsrowd"):  # a character, section or table style
        entry["paragraph"] = False
    elif word == "fcharset" and arg is not None:
        entry["charset"] = _CHARSETS.get(arg)
    elif word == "fmodern" or (word == "fprq" and arg == 1):  # a fixed-pitch font's family or pitch
        entry["fixed"] = True
    elif word == "f" and arg is not None:  # a style's font
        entry["font"] = arg
    elif word == "outlinelevel" and arg is not None and 0 <= arg <= 8:
        entry["outline"] = arg
    elif word == "sbasedon" and arg is not None:
        entry["based"] = arg


class _Characters:
    """Characters from \\uN (a surrogate pair's two halves, two \\uN, make one; a lone half nothing) and from bytes,
    decoded in the code page of their font's \\fcharset, else of the document's (\\ansicpg, \\mac, \\pc)."""

    def __init__(self):
        self.ansi, self.fonts = "cp1252", {}  # the document's code page; {font number: its code page}
        self.pending = bytearray()  # bytes not yet decoded, in the code page of `font`
        self.font = None
        self.high = None  # the first half of a surrogate pair

    def unicode(self, code: int) -> str:
        high, self.high = self.high, None
        if 0xD800 <= code < 0xDC00:
            self.high = code
        elif 0xDC00 <= code < 0xE000:
            return chr(0x10000 + ((high - 0xD800) << 10) + code - 0xDC00) if high is not None else ""
        elif 0 <= code <= 0x10FFFF:
            return chr(code)
        return ""

    def add(self, data: bytes, font) -> str:
        """Keep bytes of `font`; the text of the bytes kept before when they were in another font."""
        done = self.flush() if self.pending and self.font != font else ""
        self.pending += data
        self.font = font
        return done

    def flush(self) -> str:
        """The pending bytes decoded."""
        if not self.pending:
            return ""
        data, self.pending = bytes(self.pending), bytearray()
        return data.decode(self.fonts.get(self.font) or self.ansi, errors="replace")


class _Reader:
    """One pass over the tokens; `state` is the current group's (a copy pushed at '{', popped at '}')."""

    def __init__(self, source: str):
        self.source = source
        self.left_out: Counter = Counter()
        self.paragraphs = Paragraphs(self.left_out)
        self.sinks: dict[str, list[str]] = {"title": [], "tables": []}  # the text kept of sinks other than the body
        self.chars = _Characters()
        self.styles, self.levels = {}, {}
        self.fonts, self.style_fonts = {}, {}  # {font: (name, fixed-pitch)}; {style: (name, font, based-on style)}
        self.code, self.code_fonts = {}, {}  # code styles; fixed-pitch fonts when the body's is not (code_styles)
        self.typed = CodeRuns()  # a paragraph's characters: in a code font or not
        self.parts: list[str] = []
        self.label = None  # where a hanging paragraph's first tab came: (parts, characters) before it
        self.hidden: list[str] = []
        self.skip = 0  # fallback characters of the last \uN still to skip
        self.ends = 0  # the body's paragraphs ended so far
        self.sizes, self.setting = Counter(), Counter()  # the body's characters by size; a paragraph's by (bold, size)
        self.first = None  # the first paragraph with a letter: its index in `paragraphs` and its display size or None
        self.state = {"opened": (0, 0), "sink": "body", "uc": 1, "font": None, "entry": None, **_CHARACTER,
                      **_PARAGRAPH}

    def read(self, text: str):
        stack, pos, n, fresh, star = [], 0, len(text), False, False
        while pos < n:
            m = _TOKEN.match(text, pos)
            pos = m.end()
            word, arg, hexa, symbol, brace, run = m.groups()
            if brace == "{":
                if len(stack) >= MAX_DEPTH:
                    raise InputError(f"{self.source}: groups nested more than {MAX_DEPTH:,} deep: not an RTF document "
                                     f"segcore can read")
                self._flush()
                stack.append(self.state)
                self.state, self.skip, fresh = dict(self.state), 0, True
                self.state["opened"] = (self.ends, len(self.parts))  # where the group's text starts
                continue
            if brace == "}":
                self._flush()
                self._picture_stand_in()
                if not stack:
                    break  # a '}' of no group
                self._close(stack.pop())
                self.skip = 0
                if not stack:
                    break  # the document's group is closed: what follows is not part of it
                continue
            if m.lastindex is None:  # line breaks: not text in RTF
                continue
            if self.skip:
                if run and len(run) > self.skip:
                    run, self.skip = run[self.skip:], 0
                else:
                    self.skip -= len(run) if run else 1
                    continue
            if fresh:
                if symbol == "*":
                    star = True
                    continue
                fresh, was_star, star = False, star, False
                if word and self._destination(word, was_star):
                    continue
                if was_star and not word:  # '{\*' followed by text: nothing to read
                    self.state["sink"] = None
            if word == "bin":  # raw bytes follow: never text
                pos = min(n, pos + max(0, int(arg or 0)))
            elif word:
                self._word(word, int(arg) if arg else None)
            elif hexa:
                self._bytes(bytes((int(hexa, 16),)))
            elif symbol:
                if symbol in _PARAGRAPH_ENDS:
                    self._paragraph()
                else:
                    self._text(_SYMBOLS.get(symbol, ""))
            elif run:
                if run.isascii():
                    self._text(run)
                else:  # bytes above 127 written as they are, in the font's code page
                    self._bytes(run.encode("latin-1"))
        self._flush()
        self._paragraph()
        self._title()

    def _title(self):
        """The first paragraph with a letter is the document's title (level 1, as a 'Title' style makes it) when it has
        no level of its own, is centred, all its characters bold and larger than the size most of the body's
        characters are in, some of them not code, and no style made a title: pandoc's title ({\\pard \\qc \\b
        \\fs36 ...}, its headings are not centred), a title typed without styles."""
        if self.first is None or self.first[1] is None:
            return
        index, size = self.first
        read = self.paragraphs.read
        text, level, runs, lines, blank = read[index]
        if level or not runs or not runs[False] or size <= max(self.sizes, key=self.sizes.get):
            return
        if all(other != 1 for _, other, *_ in read):
            read[index] = (text, 1, runs, lines, blank)

    def _destination(self, word: str, star: bool) -> bool:
        """At a group's first control word: a destination not read empties the sink; True when the word is used."""
        state = self.state
        if state["sink"] in ("fonts", "styles") and state["entry"] is None and word not in _DROP and not star:
            state["entry"] = {"outline": None, "based": None, "id": 0, "name": []}
            return False
        if word in _SINKS:
            kind = _SINKS[word]
            if state["sink"] is None or (kind == "title" and state["sink"] != "info"):
                return False
            state["sink"] = kind
            if kind in _BY_NUMBER:
                self.left_out[kind] += 1
            return True
        if word in _DROP or star:
            state["sink"] = None
            return True
        return False

    def _close(self, outer: dict):
        """End of a group: a style or font entry that closes is kept."""
        entry, sink = self.state["entry"], self.state["sink"]
        if entry is not None and entry is not outer["entry"]:
            self._keep(entry, sink)
        if sink == "styles" and outer["sink"] != "styles":
            self.levels = style_levels(self.styles)
        if sink in ("styles", "fonts") and outer["sink"] != sink:
            self._code_tables()
        self.state = outer

    def _code_tables(self):
        """The code styles and code fonts (wpstyles.code_styles; a font as a style of its own) once the font table or
        the stylesheet is read; the body's font is style 0's, else the default (\\deff)."""
        names = {fid: name for fid, (name, _) in self.fonts.items()}
        fixed = frozenset(name for name, pitch in self.fonts.values() if pitch)
        default = self.state["font"]
        styles = {sid: (name, names.get(font), based) for sid, (name, font, based) in self.style_fonts.items()}
        self.code = code_styles(styles, 0, fixed, names.get(default))
        body = next((font for font in (self.style_fonts.get(0, (None, None))[1], default) if font in names), None)
        self.code_fonts = code_styles({fid: ("", name, None) for fid, name in names.items()}, body, fixed)

    def _keep(self, entry: dict, table: str):
        """A font's code page, or a paragraph style's outline level, name and based-on style."""
        name = "".join(entry["name"]).strip()
        if table == "fonts":
            self.fonts[entry["id"]] = (name, entry.get("fixed", False))
            if entry.get("charset") is not None:
                self.chars.fonts[entry["id"]] = entry["charset"]
        elif table == "styles" and entry.get("paragraph", True):
            self.styles[entry["id"]] = (entry["outline"], name, entry["based"])
            self.style_fonts[entry["id"]] = (name, entry.get("font"), entry["based"])

    def _word(self, word: str, arg: int | None):
        state, entry = self.state, self.state["entry"]
        if state["sink"] is None:
            return
        if entry is None and word == {"fonts": "f", "styles": "s"}.get(state["sink"]) and arg is not None:
            state["entry"] = {"outline": None, "based": None, "id": arg, "name": []}  # a table without inner groups
            return
        if entry is not None:  # inside a font or style entry of the tables
            _entry_word(entry, state["sink"], word, arg)
            return
        if word == "tab" and state["hanging"] and state["sink"] == "body" and self.label is None:
            self._flush()
            self.label = (len(self.parts), CodeRuns(self.typed))
        if word in _PARAGRAPH_ENDS:
            self._paragraph()
        elif word == "u" and arg is not None:
            self._text(self.chars.unicode(arg + 65536 if -32768 <= arg < 0 else arg))
            self.skip = state["uc"]
        elif word in _SYMBOLS:
            self._text(_SYMBOLS[word])
        elif word == "pard":
            self._flush()
            state.update(_PARAGRAPH)
        elif word == "plain":
            state.update(_CHARACTER)
        elif word in _ALIGNED:
            state["centred"] = _ALIGNED[word]
        elif word == "b":
            state["bold"] = arg != 0
        elif word == "fs":
            state["size"] = arg if arg else _CHARACTER["size"]
        elif word in ("v", "deleted"):
            state["hidden" if word == "v" else "deleted"] = arg != 0
        elif word == "uc" and arg is not None and arg >= 0:
            state["uc"] = arg
        elif word == "outlinelevel":
            state["level"] = arg if arg is not None and 0 <= arg <= 8 else None
        elif word == "s" and arg is not None:
            state["style"] = arg
        elif word == "fi":  # a negative first-line indent: a hanging paragraph, a list item's
            state["hanging"] = arg is not None and arg < 0
        elif word in ("intbl", "itap"):
            state["table"] = arg != 0
        elif word in ("f", "deff") and arg is not None:
            self._flush()
            state["font"] = arg
        elif word == "ansicpg" and arg is not None:
            self.chars.ansi = _codec(arg) or self.chars.ansi
        elif word in _CHARSET_WORDS:
            self.chars.ansi = _CHARSET_WORDS[word]

    def _picture_stand_in(self):
        """At a group's end: its text, when it is all of a paragraph's text since the group opened and reads
        '[image: source]' (_PICTURE_STAND_IN), is a picture, not text: taken out as \\pict is (not counted)."""
        ends, start = self.state["opened"]
        if ends != self.ends or start >= len(self.parts) or not self.parts[start].lstrip().startswith("[image: "):
            return
        if _PICTURE_STAND_IN.fullmatch(text := "".join(self.parts[start:])):
            del self.parts[start:]
            gone = CodeRuns()
            gone.add(text, self.code_fonts.get(self.state["font"]))
            self.typed.subtract(gone)

    def _bytes(self, data: bytes):
        if done := self.chars.add(data, self.state["font"]):
            self._put(done)

    def _flush(self):
        if done := self.chars.flush():
            self._put(done)

    def _text(self, text: str):
        self._flush()
        self._put(text)

    def _put(self, text: str):
        state = self.state
        sink = state["sink"]
        if sink is None or state["deleted"]:
            return
        if state["entry"] is not None:  # a name; ';' ends the entry
            name, end, _ = text.partition(";")
            state["entry"]["name"].append(name)
            if end:
                self._keep(state["entry"], sink)
                state["entry"] = None
        elif sink == "body":
            (self.hidden if state["hidden"] else self.parts).append(text)
            if not state["hidden"]:
                self.typed.add(text, self.code_fonts.get(state["font"]))
                self.setting[state["bold"], state["size"]] += len("".join(text.split()))
        elif sink in self.sinks:  # a footnote's or comment's text is counted by number, never kept
            self.sinks[sink].append(text)

    def _paragraph(self):
        """End of a paragraph (or table cell) of the body: a block, or words counted as left out."""
        self._flush()
        state = self.state
        if state["sink"] != "body":
            self._put(" ")
            return
        label, self.label = self.label, None
        if label and _LIST_LABEL.fullmatch("".join(self.parts[:label[0]])):  # a list label: not words of the text
            self.parts = self.parts[label[0]:]
            self.typed.subtract(label[1])
        text = "".join(self.parts)
        self.left_out["hidden"] += len("".join(self.hidden).split())
        runs, self.parts, self.hidden, self.typed = self.typed, [], [], CodeRuns()
        setting, self.setting = {k: n for k, n in self.setting.items() if n}, Counter()
        self.ends += 1
        if state["table"]:
            self.left_out["tables"] += len(text.split())
            return
        for (_, size), n in setting.items():
            self.sizes[size] += n
        if self.first is None and any(c.isalpha() for c in text):  # centred, all bold: the size it is displayed in
            shown = state["centred"] and all(bold for bold, _ in setting)
            self.first = (len(self.paragraphs.read), min(size for _, size in setting) if shown else None)
        level = 2 + state["level"] if state["level"] is not None else self.levels.get(state["style"], 0)
        self.paragraphs.add(" ".join(text.split()), level, runs, text.count("\n") + 1, not text.strip(),
                            not level and self.code.get(state["style"]))


def read_rtf(data: bytes, source: str = "", limits: Limits = LIMITS) -> tuple[list[Block], dict[str, int], str | None]:
    """The blocks of an RTF document in order (see the module's docstring), what was left out (structure.LEFT_OUT
    keys) and its title (\\info's \\title); InputError for bytes that are not RTF or pass `limits` (markup_bytes)."""
    source = source or "the RTF document"
    limits.check_markup(len(data), source)
    if not is_rtf(data):
        raise InputError(f"{source}: not an RTF document: it does not begin with '{{\\rtf'")
    reader = _Reader(source)
    reader.read(data.decode("latin-1"))
    left_out = reader.left_out
    left_out["tables"] += len("".join(reader.sinks["tables"]).split())
    title = " ".join("".join(reader.sinks["title"]).split()) or None
    return reader.paragraphs.blocks(), {k: v for k, v in left_out.items() if v}, title
