"""Turn texts, PDFs, HTML pages, EPUB books, captions and benchmark files (Choi .ref, Alemi & Ginsparg arXiv) into
Documents, offline; one file at a time (segcore.folders reads many).

Every failure is an InputError or ParameterError with a message meant for the user: decoding and
PDF-parser errors never escape raw. Nothing here downloads anything (no ``nltk.download``).
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path
from typing import BinaryIO, Union

from .document import LEVELS, WRITTEN, Document
from .errors import InputError, ParameterError, input_name
from .limits import LIMITS, Limits
from .archive import zip_names
from .benchfiles import REFERENCE_FORMATS, choi_to_words, parse_arxiv, parse_choi, parse_wiki727
from .captions import caption_blocks, caption_lines
from .compression import compressed_kind, named_compression, uncompressed
from .docx import read_docx
from .epub import read_epub
from .formats import DOCUMENT, FORMATS, SLIDES, armor, check_format, format_kind, sniff_format, unpunctuated_note
from .encodings import Decoded, decode_markup, decode_text, stray_nuls, unicode_decoded
from .htmlpage import html_blocks
from .language import identify
from .latex import latex_blocks
from .lightmarkup import READERS, markup_of
from .manpage import man_blocks
from .odp import read_odp
from .odt import read_odt
from .pptx import read_pptx
from .rtf import read_rtf
from .ole import is_ole
from .worddoc import read_doc
from .ppt import read_ppt
from .pdf import read_pdf
from .plaintext import lines_of, looks_like_markdown, text_blocks
from .printed import unfold_columns
from .rest import rest_blocks
from .transcripts import transcript_lines
from .webcopy import wiki_copy
from .sentences import (PSEUDO_SENTENCE, pseudo_sentences, punctuated, punkt_for,
                        sentence_splitter_kind, sentences_with_offsets, split_sentences, word_elements,
                        written_words)
from .structure import Block, back_matter, left_out_phrase, make_outline, without_note_labels, writes_prose

__all__ = ["split_sentences", "sentence_splitter_kind", "word_elements", "read_text_bytes", "decoded_text",
           "read_arxiv_bytes", "load_text", "load_latex", "load_rest", "load_pdf", "load_pdf_document", "load_html",
           "load_epub", "document_from_blocks", "parse_choi", "parse_wiki727", "parse_arxiv", "load_captions", "load",
           "FORMATS", "LEVELS"]

PathLike = Union[str, Path]

# --------------------------------------------------------------------------------------------------
# Bytes -> str
# --------------------------------------------------------------------------------------------------

def _looks_binary(data: bytes) -> bool:
    return b"\x00" in data


def _binary_error(data: bytes, source: str) -> InputError:
    hint = ""
    if data.lstrip()[:5] == b"%PDF-":
        hint = " (it is a PDF: load it with format='pdf')"
    elif data[:4] == b"PK\x03\x04" and "xl/workbook.xml" in zip_names(data):
        hint = " (it is an Excel workbook, which is not read: save its text as .txt, or the sheet as PDF)"
    elif data[:4] == b"PK\x03\x04":
        hint = " (it is a zip archive: read its files with segcore.folders.read_dataset(), or unpack it)"
    elif is_ole(data):
        hint = " (an Office 97–2003 file: a Word .doc is read with format='doc'; others: save them as PDF)"
    elif data[257:262] == b"ustar":
        hint = " (it is a tar archive: extract the file to read first)"
    elif kind := compressed_kind(data):
        hint = f" ({kind}-compressed data, compressed twice?: decompress it and read what it holds)"
    elif nuls := stray_nuls(data):
        hint = (f" ({nuls:,} NUL byte{'s' * (nuls > 1)}, the first at byte offset {data.index(0):,}: if it is text, "
                f"remove them first, e.g. tr -d '\\000')")
    return InputError(f"{input_name(source)}: looks like a binary file, not text{hint}")


def decoded_text(data: bytes, source: str = "") -> Decoded:
    """A text file's characters (segcore.encodings.decode_text), or a readable InputError for a binary file."""
    if data.lstrip()[:5] == b"%PDF-":
        raise _binary_error(data, source)
    if marked := unicode_decoded(data):  # UTF-16 and UTF-32 hold NUL bytes
        return marked
    if _looks_binary(data):
        raise _binary_error(data, source)
    return decode_text(data, input_name(source))


def read_text_bytes(data: bytes, source: str = "") -> str:
    """A text file's characters: UTF-8, UTF-16 or UTF-32 by a byte-order mark, UTF-16 or UTF-32 by its NUL bytes,
    UTF-8, a declared encoding, else a legacy encoding found (segcore.encodings); a readable InputError for a binary
    file or bytes no encoding reads."""
    return decoded_text(data, source).text


def read_arxiv_bytes(data: bytes, source: str = "") -> str:
    """Decode an Alemi arXiv file: UTF-8 with errors='replace' (16 of the 500 files are not valid UTF-8)."""
    if _looks_binary(data):
        raise _binary_error(data, source)
    text = data.decode("utf-8", errors="replace")
    return text[1:] if text.startswith("\ufeff") else text


# --------------------------------------------------------------------------------------------------
# Plain text
# --------------------------------------------------------------------------------------------------

def check_level(level) -> str:
    """The level, if it is one of LEVELS (ParameterError otherwise)."""
    if level not in LEVELS:
        raise ParameterError(f"level must be 'sentence' or 'word', not {level!r}")
    return level


_WORD = re.compile(r"\S+")


def _position(marks: list, offset: int):
    """(page, y) of the line of a PDF block that holds the character at offset."""
    page, y = marks[0][1], marks[0][2]
    for start, p, yy in marks:
        if start > offset:
            break
        page, y = p, yy
    return page, y


def document_from_blocks(blocks: list[Block], level: str = "sentence", source: str = "", meta: dict | None = None,
                         keep_back_matter: bool = False, limits: Limits = LIMITS) -> Document:
    """A Document of headings and paragraphs (segcore.structure.Block): a heading is one element of its own; a
    paragraph gives its sentences (NLTK Punkt) or words. The headings go to meta['outline'] (structure.Outline),
    the page and y of each element to meta['positions'] when the blocks carry them (PDFs), the element each block
    starts at to meta['paragraphs'], each word element as the text writes it to meta['written'] (document.WRITTEN);
    the labels of note boxes ("Tip", "Warning:", structure.NOTE_LABEL) are left out and counted. When the text has a
    reference-list heading, the reference list and appendices (structure.back_matter) are left out unless
    keep_back_matter; meta['back_matter'] says which heading opens them, which one ends them (when the text goes on
    after them), how many blocks they hold and whether they were kept. When the long
    paragraphs mark no sentences (sentences.punctuated), paragraphs are cut into pseudo-sentences of PSEUDO_SENTENCE
    words instead (meta['unpunctuated']). InputError beyond `limits` (characters before sentence splitting, then
    elements)."""
    check_level(level)
    limits.check_text(" ".join(b.text for b in blocks), input_name(source))
    meta = dict(meta or {})
    blocks, labels = without_note_labels(blocks)
    if labels:
        meta["left_out"] = dict(Counter(meta.get("left_out", {})) + Counter(labels=labels))
    span = back_matter(blocks)
    if span is not None:
        start, end = span
        meta["back_matter"] = {"heading": blocks[start].text, "kept": keep_back_matter, "blocks": end - start,
                               **({"until": blocks[end].text} if end < len(blocks) else {})}
        if not keep_back_matter and any(b.text.strip() for b in blocks[:start] + blocks[end:]):
            blocks = blocks[:start] + blocks[end:]
    body = "\n\n".join(b.text for b in blocks if not b.level)
    # paragraphs long enough to hold two pseudo-sentences, without sentence punctuation: read as pseudo-sentences
    # (captions group their own lines; bullets and headings are short)
    long = [b.text for b in blocks if not b.level and len(b.text.split()) >= 2 * PSEUDO_SENTENCE]
    pseudo = level == "sentence" and "unpunctuated" not in meta and bool(long) and not punctuated(long)
    if pseudo:
        meta["unpunctuated"] = True
    tok = punkt_for(body) if not pseudo and (level == "sentence" or any(b.marks for b in blocks)) else None
    elements, positions, opens, written = [], [], [], []
    for b in blocks:
        opens.append(len(elements))
        if b.level:
            parts = [(b.text, 0)]
        else:
            parts = (pseudo_sentences(b.text) if pseudo else sentences_with_offsets(tok, b.text, b.code)
                     if tok is not None else [(b.text, 0)])
        for text, offset in parts:
            if level == "sentence" or not b.marks:
                new, starts = ([text], [offset]) if level == "sentence" else (word_elements(text), [])
            else:  # each word at its own place: the line (PDF) or caption line (transcript) it is on
                pieces = [(word_elements(m.group()), offset + m.start()) for m in _WORD.finditer(text)]
                new = [w for ws, _ in pieces for w in ws]
                starts = [at for ws, at in pieces for _ in ws]
            elements.extend(new)
            written.extend(written_words(text) if level == "word" else ())
            if b.marks:
                positions.extend(_position(b.marks, at) for at in starts)
    if level == "sentence":
        meta["sentence_splitter"] = sentence_splitter_kind()
    if len(elements) < 2:
        left = meta.get("left_out")
        left = f"; left out: {left_out_phrase(left)}" if left else ""
        if level == "sentence" and elements:
            raise InputError(f"{input_name(source)}: only one sentence found, nothing to segment at sentence level; "
                             f"segment it into word sequences at word level (level='word'; --level word on the command "
                             f"line; Elements: Words in the app){left}")
        raise InputError(f"{input_name(source)}: only one word found, nothing to segment{left}" if elements else
                         f"{input_name(source)}: no text found{left or ' (empty or whitespace only)'}")
    limits.check_elements(len(elements), level, input_name(source))
    prose = next((at for at, b in zip(opens, blocks) if not b.level and writes_prose(b.text)), len(elements))
    ends = [*opens[1:], len(elements)]  # a heading is its block's elements: its words at word level
    heads = [(b.text, b.level, at, b.number, end - at) for at, end, b in zip(opens, ends, blocks) if b.level]
    outline = make_outline(heads, len(elements), prose)
    if outline is not None:
        meta["outline"] = outline
    if positions:
        meta["positions"] = positions
    if written:
        meta[WRITTEN] = written
    meta["paragraphs"] = sorted(set(opens) - {len(elements)})
    return Document(elements=elements, reference=None, level=level, source=source, meta=meta)


def load_text(text: str, level: str = "sentence", source: str = "", keep_back_matter: bool = False,
              limits: Limits = LIMITS) -> Document:
    """A Document of the sentences (or words) of a plain text, its headings (Markdown, LaTeX, book or plain-text
    patterns, segcore.plaintext; Org, AsciiDoc: segcore.lightmarkup) each an element listed in meta['outline'], what
    was left out (a Project Gutenberg header and licence, a table of contents, ...) counted in meta['left_out'];
    InputError beyond `limits`."""
    return _load_prose(text, markup_of(text, source) or "text", level, source, keep_back_matter, limits, source)


def load_latex(text: str, level: str = "sentence", source: str = "", keep_back_matter: bool = False,
               limits: Limits = LIMITS) -> Document:
    """A Document of a LaTeX source's prose (segcore.latex: its body, sectioning commands as headings, the abstract a
    section, equations, floats, code, footnotes and comments left out and counted), read as load_text reads a text."""
    return _load_prose(text, "latex", level, source, keep_back_matter, limits)


def load_rest(text: str, level: str = "sentence", source: str = "", keep_back_matter: bool = False,
              limits: Limits = LIMITS) -> Document:
    """A Document of a reStructuredText source (segcore.rest: section titles by adornment, paragraphs with inline
    markup resolved; code, tables and directives without prose left out and counted)."""
    return _load_prose(text, "rest", level, source, keep_back_matter, limits)


_PROSE = ("text", "org", "asciidoc", "latex", "rest", "man")  # the formats _load_prose reads


def _load_prose(text: str, fmt: str, level: str, source: str, keep_back_matter: bool, limits: Limits,
                name: str = "") -> Document:
    """A text (Markdown by its file's `name` or content), LaTeX, reST or man page as a Document (load_text, ...)."""
    check_level(level)
    if not isinstance(text, str):
        raise InputError(f"{input_name(source)}: expected text (str), got {type(text).__name__}")
    limits.check_text(text, input_name(source))
    if not text.strip():
        raise InputError(f"{input_name(source)}: no text found (empty or whitespace only)")
    text, columns = unfold_columns(text) if fmt == "text" else (text, 0)
    markdown = fmt == "text" and looks_like_markdown(text, name)
    wiki = fmt == "text" and not markdown and wiki_copy(lines_of(text), keep_back_matter)  # text_blocks reads it so
    try:
        blocks, left_out = (text_blocks(text, markdown, wiki or False) if fmt == "text" else
                            {"latex": latex_blocks, "rest": rest_blocks, "man": man_blocks, **READERS}[fmt](text))
    except InputError as e:
        raise InputError(f"{input_name(source)}: {e}") from None
    meta = {"format": fmt, **({"markdown": True} if markdown else {}), **({"wiki": True} if wiki else {}),
            **({"left_out": left_out} if left_out else {}), **({"columns": columns} if columns else {})}
    return document_from_blocks(blocks, level, source, meta, keep_back_matter, limits)


# --------------------------------------------------------------------------------------------------
# PDF
# --------------------------------------------------------------------------------------------------

def _pdf_bytes(data, source: str) -> tuple[bytes, str]:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data), source
    if isinstance(data, (str, Path)):
        p = Path(data)
        return read_file(p), source or str(data)
    raise InputError(f"{input_name(source)}: expected PDF bytes or a file path, got {type(data).__name__}")


def load_pdf(data: bytes | PathLike, source: str = "", limits: Limits = LIMITS) -> str:
    """Cleaned text of a PDF (segcore.pdf): headings and paragraphs separated by blank lines; running headers,
    page numbers, footnotes, captions and table/figure text left out; ligatures and hyphenation fixed. InputError
    beyond `limits` (pages, inflated stream size, characters)."""
    data, source = _pdf_bytes(data, source)
    pdf = read_pdf(data, input_name(source), limits)
    return limits.check_text("\n\n".join(b.text for b in pdf.blocks) + "\n", input_name(source))


def left_out_notes(doc: Document, stopwords: str = "choi") -> list[str]:
    """What reading left out of a document's text, in words: the pages of a PDF cut short not read (meta['cut_at']);
    in one note naming the document (formats.DOCUMENT) a
    PDF's furniture, contents, footnotes, tables and captions, a text's Project Gutenberg wrapper, contents and notes,
    a page's menus, tables and code (meta['left_out'], structure.LEFT_OUT), the reference list and appendices
    (meta['back_matter']) unless kept; before it, how a file not in UTF-8 was read (meta['encoding']); after it, a
    text's two columns, slides' speaker notes, a transcript's times of day counted from its first turn
    (meta['clock_start']) or times counted on over recordings joined (meta['parts']), how a text without sentence
    punctuation was cut, a language other than English (read with a method's `stopwords`)."""
    notes = []
    if cut := doc.meta.get("cut_at"):
        notes.append(f"read: {'page 1' if cut == 2 else f'pages 1 to {cut - 1:,}'} only: the file is cut short (a "
                     f"download that stopped?) and nothing from page {cut:,} on was read")
    if encoding := doc.meta.get("encoding"):
        notes.append(Decoded("", **encoding).note)
    left = [left_out_phrase(counts)] if (counts := doc.meta.get("left_out")) else []
    back = doc.meta.get("back_matter")
    if back and not back["kept"]:
        until = f" up to the heading '{back['until']}'" if back.get("until") else " on"
        left.append(f"the reference list and appendices (from the heading '{back['heading']}'{until})")
    if left:
        notes.append(f"left out of {DOCUMENT.get(format_kind(doc.meta), 'the text')}: {', and '.join(left)}")
    if pages := doc.meta.get("columns"):
        notes.append(f"read: two columns printed side by side on {pages:,} page{'s' * (pages > 1)}, the left one first")
    if doc.meta.get("speaker_notes"):
        notes.append("read: each slide's speaker notes, after its text")
    if start := doc.meta.get("clock_start"):
        notes.append(f"read: the times are times of day, counted from the first turn ({start}) as 0:00")
    if parts := doc.meta.get("parts"):
        again = "once" if parts == 2 else f"{parts - 1} times"
        notes.append(f"read: the times start again near 0:00 {again} (recordings joined): each part's times are counted "
                     "on from the last turn before it")
    if doc.meta.get("unpunctuated"):
        notes.append(unpunctuated_note(doc.meta.get("format")))
    if language := identify(doc.elements).note(stopwords):
        notes.append(language)
    return notes


def load_pdf_document(data: bytes | PathLike, level: str = "sentence", source: str = "",
                      keep_back_matter: bool = False, limits: Limits = LIMITS) -> Document:
    """A Document from a PDF's text layer (segcore.pdf.read_pdf): sentences or words, headings as elements of
    their own and in meta['outline'] (from the PDF's bookmarks when it has them: meta['bookmarks'] counts the
    entries and those located), page and y of every element in meta['positions'], what was left out in
    meta['left_out'], the first page not read of a file cut short in meta['cut_at']; the reference list and
    appendices left out unless keep_back_matter. InputError beyond
    `limits`: pages and inflated stream size before parsing, then characters and elements."""
    check_level(level)
    data, source = _pdf_bytes(data, source)
    pdf = read_pdf(data, input_name(source), limits)
    meta = {"format": "pdf", "pages": pdf.pages, "left_out": pdf.left_out, "repaired_lines": pdf.repaired_lines,
            "bookmarks": {"entries": len(pdf.outline), "located": pdf.bookmarks_located},
            **({"cut_at": pdf.cut_at} if pdf.cut_at else {})}
    return document_from_blocks(pdf.blocks, level, source, meta, keep_back_matter, limits)


# --------------------------------------------------------------------------------------------------
# HTML and EPUB
# --------------------------------------------------------------------------------------------------

def _markup_text(data: bytes | str, source: str, limits: Limits) -> Decoded:
    """The characters of an HTML page given as text or as bytes (segcore.encodings.decode_markup)."""
    if isinstance(data, str):
        limits.check_markup(len(data), input_name(source))
        return Decoded(data, "utf-8", "utf-8")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InputError(f"{input_name(source)}: expected HTML text or bytes, got {type(data).__name__}")
    limits.check_markup(len(data), input_name(source))
    return decode_markup(bytes(data), input_name(source))


def load_html(data: bytes | str, level: str = "sentence", source: str = "", keep_back_matter: bool = False,
              limits: Limits = LIMITS) -> Document:
    """A Document of an HTML page's own text (segcore.htmlpage): sentences or words, its headings h1–h6 as elements
    of their own and in meta['outline'], its <title> in meta['title'], the menus, tables, code and notices left out
    counted in meta['left_out']; a reference list and what follows it left out unless keep_back_matter. InputError
    beyond `limits` (markup bytes, then characters and elements)."""
    check_level(level)
    page = _markup_text(data, source, limits)
    blocks, left_out, title = html_blocks(page.text, input_name(source))
    meta = {"format": "html", **({"title": title} if title else {}), **({"left_out": left_out} if left_out else {}),
            **page.meta()}
    return document_from_blocks(blocks, level, source, meta, keep_back_matter, limits)


# an office format: its reader, giving (blocks, what was left out, title); presentations' read speaker notes too
_OFFICE_READERS = {"docx": read_docx, "odt": read_odt, "rtf": read_rtf, "doc": read_doc, "pptx": read_pptx,
                   "ppt": read_ppt, "odp": read_odp}


def _load_office(data: bytes | PathLike, fmt: str, level: str, source: str, keep_back_matter: bool,
                 limits: Limits, speaker_notes: bool = False) -> Document:
    """A Document of a word processor's document or a presentation (load(..., format=fmt)): sentences or words, its
    headings (by outline level or style; slides' titles) as elements of their own and in meta['outline'], a slide's
    speaker notes after its text when `speaker_notes` (meta['speaker_notes']), its title in meta['title'], what was
    left out in meta['left_out']. InputError for a file that is not in that format, or beyond `limits`."""
    check_level(level)
    if isinstance(data, (str, Path)):
        data, source = read_file(Path(data)), source or str(data)
    options = {"speaker_notes": True} if speaker_notes and fmt in SLIDES else {}  # the readers' options, in meta too
    blocks, left_out, title = _OFFICE_READERS[fmt](bytes(data), input_name(source), limits, **options)
    meta = {"format": fmt, **({"title": title} if title else {}), **({"left_out": left_out} if left_out else {}),
            **options}
    return document_from_blocks(blocks, level, source, meta, keep_back_matter, limits)


def load_epub(data: bytes | PathLike, level: str = "sentence", source: str = "", keep_back_matter: bool = False,
              limits: Limits = LIMITS) -> Document:
    """A Document of an EPUB book's text in reading order (segcore.epub): sentences or words, the headings of its
    files as elements of their own and in meta['outline'] (for a file without one, its title in the book's table of
    contents: meta['toc_headings'] counts them), its title in meta['title'], what was left out in meta['left_out'].
    InputError for an archive that is not an EPUB or is encrypted, or beyond `limits`."""
    check_level(level)
    if isinstance(data, (str, Path)):
        data, source = read_file(Path(data)), source or str(data)
    book = read_epub(bytes(data), input_name(source), limits)
    meta = {"format": "epub", "files": book.files, **({"title": book.title} if book.title else {}),
            **({"left_out": book.left_out} if book.left_out else {}),
            **({"toc_headings": book.toc_headings} if book.toc_headings else {})}
    return document_from_blocks(book.blocks, level, source, meta, keep_back_matter, limits)


# --------------------------------------------------------------------------------------------------
# Files, auto-detection, datasets
# --------------------------------------------------------------------------------------------------

def load_captions(data: bytes | str, level: str = "sentence", source: str = "", limits: Limits = LIMITS,
                  format: str = "captions") -> Document:
    """A timed transcript (segcore.captions: .srt, .vtt, .sbv; format 'transcript': a plain text whose turns open
    with their times, segcore.transcripts, each turn a paragraph) as a Document of its sentences — of pseudo-sentences
    of whole caption lines when it has no sentence punctuation (meta['unpunctuated']) — or words; meta['times'] holds
    each element's (start, end) in seconds, those of the line where it begins (times of day from the first turn, at
    meta['clock_start']; over recordings joined, counted on: meta['parts']), meta['duration'] the last cue's end;
    repeated lines and sound descriptions are counted in meta['left_out']. InputError when no cue can be read, or
    beyond `limits`."""
    limits.check_markup(len(data.encode("utf-8")) if isinstance(data, str) else len(data), input_name(source))
    decoded = Decoded(data, "utf-8", "utf-8") if isinstance(data, str) else decoded_text(data, source)
    try:  # the words said are checked against limits.chars (timestamps and markup can be most of a file)
        lines, counts, timing = (transcript_lines(decoded.text) if format == "transcript" else
                                 (*caption_lines(decoded.text), {}))
    except InputError as e:
        raise InputError(f"{input_name(source)}: {e}") from None
    marked = punctuated(x.text for x in lines)
    meta = {"format": format, "left_out": counts, "duration": max(x.end for x in lines), **timing,
            **decoded.meta(), **({} if marked else {"unpunctuated": True})}
    blocks = caption_blocks(lines, marked, turns=format == "transcript")
    doc = document_from_blocks(blocks, level, source, meta, limits=limits)
    doc.meta["times"] = doc.meta.pop("positions")
    return doc


def read_file(path: Path) -> bytes:
    """A file's bytes, or an InputError that says why it cannot be read (missing, a folder, too large, ...)."""
    try:
        exists = path.exists()
    except (OSError, ValueError):  # a name too long or with a NUL byte: surely text passed as a path
        exists = False
    if not exists:
        hint = ""
        s = str(path)
        if "\n" in s or len(s) > 200 or "\x00" in s:
            hint = " (to segment a string of text, use load_text())"
        raise InputError(f"file not found: {s[:200]}{hint}")
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a file (read its files with segcore.folders.read_dataset())")
    try:
        return path.read_bytes()
    except OSError as e:
        raise InputError(f"{path}: cannot read the file ({e.strerror or e})") from None


def load_data(data: bytes, name: str, format: str, level: str | None, source: str, keep_back_matter: bool = False,
              limits: Limits = LIMITS, speaker_notes: bool = False) -> Document:
    """A file's bytes (`name` for its extension; gzip, bzip2 or xz compressed or not) as a Document in `format`
    ('auto': sniffed from the content); see `load`."""
    check_format(format)
    if level is not None:
        check_level(level)
    content, inner = uncompressed(data, name, source, limits)
    try:
        return _load_content(content, inner, format, level, source, keep_back_matter, limits, speaker_notes)
    except InputError as e:
        if content is not data or not (kind := named_compression(name)):
            raise
        # a file named compressed that did not inflate (its start is not that compression's): whatever reading its
        # bytes as they are fails on, say why they are no compressed file
        raise InputError(f"{e} (its name says {kind}-compressed, but it does not start as a {kind} file does: "
                         f"damaged or misnamed)") from None


def _load_content(data: bytes, name: str, format: str, level: str | None, source: str, keep_back_matter: bool,
                  limits: Limits, speaker_notes: bool) -> Document:
    """load_data's reading of a file's content, inflated (`name` without a compression's extension)."""
    if format == "auto":
        format = sniff_format(data, name)
        if format == "text" and data.lstrip()[:4] == b"%!PS":  # a program that draws pages, no text to read as such
            raise InputError(f"{input_name(source)}: PostScript (a page description program), not text: make a PDF "
                             f"of it (ps2pdf) and read that, or read its code as text (format='text'; --format text "
                             f"on the command line)")
        if format in _PROSE and (label := armor(data)):
            raise InputError(f"{input_name(source)}: ASCII armor ('-----BEGIN {label}-----'): a key, a signature "
                             f"or a certificate, not a document")
    if format == "pdf":
        return load_pdf_document(data, level or "sentence", source, keep_back_matter, limits)
    if format == "html":
        return load_html(data, level or "sentence", source, keep_back_matter, limits)
    if format == "epub":
        return load_epub(data, level or "sentence", source, keep_back_matter, limits)
    if format in _OFFICE_READERS:
        return _load_office(data, format, level or "sentence", source, keep_back_matter, limits, speaker_notes)
    if format in ("captions", "transcript"):
        return load_captions(data, level or "sentence", source, limits, format)
    if format in (*_PROSE, *REFERENCE_FORMATS):
        decoded = decoded_text(data, source)
        if format not in REFERENCE_FORMATS:
            doc = _load_prose(decoded.text, format, level or "sentence", source, keep_back_matter, limits, name)
        else:
            doc = REFERENCE_FORMATS[format](decoded.text, source=source, limits=limits)
            if level == "word":
                doc = choi_to_words(doc)
                limits.check_elements(doc.n, "word", input_name(source))
        doc.meta.update(decoded.meta())
        return doc
    # arxiv
    if level == "sentence":
        raise ParameterError("arXiv (Alemi & Ginsparg) files have no sentence boundaries: use word level "
                             "(level='word'; --level word on the command line)")
    text = read_arxiv_bytes(data, source)
    doc = parse_arxiv(text, source=source, limits=limits)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        doc.meta["invalid_utf8_replaced"] = text.count("\ufffd")
    return doc


def load(path_or_bytes: PathLike | bytes, format: str = "auto", level: str | None = None,
         source: str | None = None, keep_back_matter: bool = False, limits: Limits = LIMITS,
         speaker_notes: bool = False) -> Document:
    """Load a file path, raw bytes or '-' (stdin) as a Document; format auto-detected by default (by the name, for
    bytes `source`'s, and content). Texts and PDFs keep their headings in meta['outline'] and leave out a reference
    list and appendices unless keep_back_matter; slides read their speaker notes when speaker_notes. InputError
    beyond `limits` (segcore.limits: characters, elements; a PDF's pages and inflated stream size)."""
    check_format(format)
    if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
        data, name, default = bytes(path_or_bytes), Path(source or "").name, "<bytes>"
    elif isinstance(path_or_bytes, str) and path_or_bytes == "-":
        stdin: BinaryIO = getattr(sys.stdin, "buffer", sys.stdin)
        data = stdin.read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        name, default = Path(source or "").name, "<stdin>"
    elif isinstance(path_or_bytes, (str, Path)):
        path = Path(path_or_bytes)
        data, name, default = read_file(path), path.name, str(path_or_bytes)
    else:
        raise InputError(f"expected a file path, bytes or '-', got {type(path_or_bytes).__name__}")
    return load_data(data, name, format, level, source if source is not None else default, keep_back_matter,
                     limits, speaker_notes)
