"""Which format a file is in: the formats segcore.loaders reads, their extensions, and `sniff_format`, which tells a
file's format from its name and content (a compressed file's from the name inside and the start of its content)."""
from __future__ import annotations

import re
from pathlib import Path

from .archive import zip_names
from .captions import EXTENSIONS as CAPTION_EXTENSIONS
from .captions import SPEAKER_END, looks_like_captions
from .compression import inflated
from .docx import is_docx
from .encodings import unicode_decoded
from .epub import is_epub
from .errors import ParameterError
from .latex import looks_like_latex
from .lightmarkup import EXTENSIONS as MARKUP_EXTENSIONS
from .lightmarkup import SHARED, markup_of, named_markup
from .manpage import looks_like_man
from .odp import EXTENSIONS as ODP_EXTENSIONS
from .odp import is_odp
from .odt import is_odt
from .plaintext import MARKDOWN_EXTENSIONS
from .pptx import EXTENSIONS as PPTX_EXTENSIONS
from .pptx import is_pptx
from .rtf import is_rtf
from .sentences import PSEUDO_SENTENCE, WORDS_PER_STOP, punctuated
from .transcripts import looks_like_transcript
from .ole import has_stream, is_ole
from .ppt import EXTENSIONS as PPT_EXTENSIONS
from .ppt import STREAM as PPT_STREAM

__all__ = ["FORMATS", "NAMES", "DOCUMENT", "SLIDES", "HTML_EXTENSIONS", "LATEX_EXTENSIONS", "CHOI_SEPARATOR",
           "ARXIV_SEPARATOR", "WIKI727_HEADER", "check_format", "format_kind", "format_name", "sniff_format",
           "unpunctuated_note", "armor"]

FORMATS = ("auto", "text", "org", "asciidoc", "latex", "rest", "man", "pdf", "html", "epub", "docx", "odt", "rtf",
           "doc", "pptx", "ppt", "odp", "captions", "transcript", "choi", "wiki727", "arxiv")
NAMES = {"text": "plain text", "markdown": "Markdown", "org": "Org", "asciidoc": "AsciiDoc", "latex": "LaTeX",
         "rest": "reStructuredText", "man": "manual page", "pdf": "PDF", "html": "HTML", "epub": "EPUB",
         "docx": "Word", "odt": "OpenDocument text", "rtf": "RTF", "doc": "Word 97–2003", "pptx": "PowerPoint",
         "ppt": "PowerPoint 97–2003", "odp": "OpenDocument presentation", "captions": "captions",
         "transcript": "transcript", "choi": "Choi .ref", "wiki727": "Wiki-727K",
         "arxiv": "arXiv (Alemi & Ginsparg)",
         "wiki": "wiki article copied from a browser"}  # each format as a reader knows it
SLIDES = ("pptx", "ppt", "odp")
DOCUMENT = {"pdf": "the PDF", "html": "the page", "epub": "the book", "captions": "the captions",
            "transcript": "the transcript", "latex": "the LaTeX source", "rest": "the reST source",
            "man": "the manual page", "org": "the Org text",
            "asciidoc": "the AsciiDoc text", "docx": "the Word document", "odt": "the OpenDocument text",
            "rtf": "the RTF document", "doc": "the Word document", "wiki": "the article",
            **dict.fromkeys(SLIDES, "the presentation")}  # a document of each format as a note names it (else "the text")
LATEX_EXTENSIONS = (".tex", ".latex", ".ltx")
CHOI_SEPARATOR = "=" * 10
ARXIV_SEPARATOR = "BR"


def check_format(format: str) -> str:
    """`format` when it is one of FORMATS, else a ParameterError that lists them."""
    if format not in FORMATS:
        raise ParameterError(f"unknown format {format!r}: use one of {', '.join(FORMATS)}")
    return format


def format_kind(meta: dict) -> str | None:
    """The kind of text a document was read as (its meta): 'markdown' for a text read as Markdown (meta['markdown']),
    'wiki' for one read as a wiki article copied from a browser (meta['wiki']), else its format."""
    return "markdown" if meta.get("markdown") else "wiki" if meta.get("wiki") else meta.get("format")


def format_name(meta: dict) -> str | None:
    """The format a document was read as (its meta, `format_kind`), named as a reader knows it (NAMES); None when the
    meta names no format."""
    fmt = format_kind(meta)
    return NAMES.get(fmt, fmt)


def unpunctuated_note(fmt: str | None) -> str:
    """How a document of a format that marks no sentences (meta['unpunctuated']) was cut into elements: a text into
    pieces of PSEUDO_SENTENCE words, captions and a transcript into whole lines, ending where the speaker changes
    (segcore.captions.caption_blocks)."""
    what = f"elements of {PSEUDO_SENTENCE} words"
    if fmt in ("captions", "transcript"):
        what = (f"elements of whole {'caption ' * (fmt == 'captions')}lines, at least {PSEUDO_SENTENCE} words each, "
                f"or {SPEAKER_END} where the speaker changes" + " (a shorter turn goes on into the next)" * (
                    fmt == "transcript"))
    return (f"{DOCUMENT.get(fmt, 'the text')} mark{'s' * (fmt != 'captions')} no sentences (fewer than one . ? ! in "
            f"{WORDS_PER_STOP} words): {what}")


def _has_separator_line(text: str) -> bool:
    return any(line.strip() == CHOI_SEPARATOR for line in text.splitlines())


# a section's first line in Koshorek et al.'s (2018) Wiki-727K files: "========,2,Early life."
WIKI727_HEADER = re.compile(r"^={8},(\d{1,2}),(.*)$")


def _head(data: bytes, size: int) -> str:
    """The first `size` characters of a file as segcore.encodings reads them when a byte-order mark or its NUL bytes
    say UTF-16 or UTF-32, else of its first `size` bytes as UTF-8 (legacy encodings are ASCII where formats show)."""
    decoded = unicode_decoded(data)
    return decoded.text[:size] if decoded else data[:size].decode("utf-8", errors="replace").lstrip("\ufeff")


def _first_line(head: str) -> str:
    """The first line of a file's start that is not blank, stripped."""
    return next((line.strip() for line in head[:4096].splitlines() if line.strip()), "")


def _overlined_title(head: str) -> bool:
    """Whether a file's start opens with a reST title between an overline and an underline of CHOI_SEPARATOR
    ('==========', 'User Guide', '==========') and a blank line: reST wants the lines as long as the title; a Choi
    file whose first segment is one sentence of at most ten characters goes on with a sentence (a blank line inside
    a segment marks a paragraph, between a separator and a sentence none)."""
    lines = [line.strip() for line in head[:4096].lstrip().splitlines()[:4]]
    return len(lines) == 4 and lines[2] == CHOI_SEPARATOR and 0 < len(lines[1]) <= len(CHOI_SEPARATOR) \
        and not lines[3]


HTML_EXTENSIONS = (".html", ".htm", ".xhtml")
SNIFF_BYTES = 1 << 20  # of a compressed file, how much sniff_format inflates to tell its format
_HTML_START = re.compile(r"^\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)\b", re.I | re.S)


# the extensions sniff_format knows a format by; another 'extension' ('report v1.2', 'README.Debian') weighs as none
EXTENSIONS = frozenset((".pdf", ".epub", ".docx", ".odt", ".rtf", ".txt", ".ref", ".rst", *MARKDOWN_EXTENSIONS,
                        *PPTX_EXTENSIONS, *ODP_EXTENSIONS, *PPT_EXTENSIONS, *HTML_EXTENSIONS, *CAPTION_EXTENSIONS,
                        *LATEX_EXTENSIONS, *(ext for exts in MARKUP_EXTENSIONS.values() for ext in exts)))


def sniff_format(data: bytes, name: str) -> str:
    """Format of a file from its name and content (of a compressed file: the name without .gz, .bz2 or .xz, and the
    start of what it holds); a name without one of EXTENSIONS tells nothing."""
    data, name = inflated(data, name, name, SNIFF_BYTES) or (data, name)
    ext = Path(name).suffix.lower() if name else ""
    ext = ext if ext in EXTENSIONS else ""
    if data[:1024].lstrip().startswith(b"%PDF") or ext == ".pdf":
        return "pdf"
    if is_epub(data) or ext == ".epub":
        return "epub"
    names = zip_names(data) if data[:4] == b"PK\x03\x04" else []
    if ext == ".docx" or is_docx(names):
        return "docx"
    if is_odt(data) or ext == ".odt":
        return "odt"
    if ext in PPTX_EXTENSIONS or is_pptx(names):
        return "pptx"
    if is_odp(data) or ext in ODP_EXTENSIONS:
        return "odp"
    if is_rtf(data) or ext == ".rtf":  # a Word .doc is often RTF under that name
        return "rtf"
    if is_ole(data):  # Word or PowerPoint 97–2003, other Office 97–2003 files (a .doc may be RTF, HTML or text)
        return "ppt" if ext in PPT_EXTENSIONS or has_stream(data, PPT_STREAM) else "doc"
    head = _head(data, 20000)
    if ext in SHARED and not named_markup(name, head):
        ext = ""  # '.asc' without AsciiDoc's markup: a key or a signature (loaders refuses armor), LaTeX, plain text
    if ext in HTML_EXTENSIONS or _HTML_START.match(head[:1024]):
        return "html"
    if ext in CAPTION_EXTENSIONS:
        return "captions"
    first = _first_line(head) if ext in ("", ".txt", ".ref") else ""
    if WIKI727_HEADER.match(first):
        return "wiki727"
    if ext == ".ref":
        text = data.decode("utf-8", errors="replace")
        if not _has_separator_line(text) and ARXIV_SEPARATOR in text:
            return "arxiv"
        return "choi"
    if ext in LATEX_EXTENSIONS:
        return "latex"
    if ext == ".rst" or name.lower().endswith(".rst.txt"):
        return "rest"
    # a .txt or nameless text (stdin, pasted) that opens with the separator, as a Choi file does (a Markdown title of
    # ten letters underlined by one opens with its title; a reST title has an overline too: _overlined_title)
    if ext in ("", ".txt") and first == CHOI_SEPARATOR and not _overlined_title(head):
        return "choi"
    if kind := named_markup(name, head):
        return kind  # Org, AsciiDoc by name; a text without a telling name when it clearly is either (below)
    if ext not in MARKDOWN_EXTENSIONS and looks_like_man(head):
        return "man"
    if ext in ("", ".txt"):
        if looks_like_captions(head[:4096]):
            return "captions"
        if looks_like_transcript(head):
            return "transcript"
        if looks_like_latex(head):
            return "latex"
        if kind := markup_of(head):
            return kind
    return "text"


# ASCII armor (OpenPGP, RFC 4880 6.2; PEM, RFC 7468): a key, a signature or a certificate as base64 lines between
# '-----BEGIN X-----' and '-----END X-----', armor headers first ('Version: GnuPG v2', 'Proc-Type: 4,ENCRYPTED'); a
# block cut short by the end of what is read (a file's first bytes, as segcore.folders looks at) runs to that end
_ARMOR_BEGIN = r"-----BEGIN ([A-Z0-9][A-Z0-9 ]*)-----[ \t]*\r?\n(?:[\w-]+:[^\n]*\n|[ \t]*\r?\n)*"
_BASE64 = "[A-Za-z0-9+/=]"
_BASE64_LINE = rf"{_BASE64}+[ \t]*\r?\n"
_ARMOR_OPENS = re.compile(rf"\s*{_ARMOR_BEGIN}{_BASE64_LINE}")
_ARMOR = re.compile(rf"(?m)^{_ARMOR_BEGIN}(?:{_BASE64_LINE})*(?:-----END \1-----|{_BASE64}*\Z)")
# a line of bytes in hex, colon-separated, at least four of them: how `openssl x509 -text` (and `openssl rsa|ec|req
# -text`) prints a key's modulus, a signature, a serial number or a key identifier ('    00:b4:c6:79:d3:8f:6c:')
_HEX_DUMP_LINE = re.compile(r"(?m)^[ \t]*(?:[0-9A-Fa-f]{2}:){3,}[0-9A-Fa-f]{0,2}[ \t]*\r?$")
_COMMENT_LINE = re.compile(r"(?m)^[ \t]*#.*$")  # a comment ('# Issuer: CN=...'), a Markdown heading: no prose
CLEARTEXT = "PGP SIGNED MESSAGE"  # OpenPGP's signed text (RFC 4880 7): its lines are the document, armor below them
ARMORED = 0.9  # of a file's characters that are not whitespace, the share in armor (and hex dumps) that makes it armor
MOSTLY = 0.5  # the share over which it is armor when the rest is no prose (comments, a dump's fields)


def _visible(text: str) -> int:
    """How many characters of a text are not whitespace."""
    return len(text) - sum(map(len, re.findall(r"\s+", text)))


def armor(data: bytes) -> str | None:
    """The label of the ASCII armor a file is ('PGP SIGNATURE', 'PGP PUBLIC KEY BLOCK', 'CERTIFICATE') when it is
    armor, whatever its name: it opens with a BEGIN line and armor's data (a file's first bytes show it), or its armor
    blocks, BEGIN to END, and hex dumps (_HEX_DUMP_LINE) hold at least ARMORED of its characters that are not
    whitespace, or more than MOSTLY of them while the rest is no prose: its lines other than comments ('#' lines) mark
    no sentences (fewer than one . ? ! in WORDS_PER_STOP words, sentences.punctuated), or there are none: a bundle of
    certificates with their names or '# Issuer:' comments between them, `openssl x509 -text`'s dump of a certificate
    (its fields, its key and signature in hex) above it; else None: a text that quotes a key or ends with one (its
    prose is the document), OpenPGP's signed text (CLEARTEXT) and whatever its own words are most of."""
    if b"-----BEGIN " not in data and not unicode_decoded(data):  # no armor line in bytes read as ASCII is in: the
        return None  # whole file is decoded only when it may be armor (or is UTF-16 or UTF-32, where bytes do not show)
    text = _head(data, len(data))
    if "-----BEGIN " not in text:
        return None
    if (opens := _ARMOR_OPENS.match(text)) and opens[1] != CLEARTEXT:
        return opens[1]
    if text.lstrip().startswith(f"-----BEGIN {CLEARTEXT}-----") or not (block := _ARMOR.search(text)):
        return None
    rest = _HEX_DUMP_LINE.sub("", _ARMOR.sub("\n", text))
    share = 1 - _visible(rest) / _visible(text)
    prose = _COMMENT_LINE.sub("", rest)
    return block[1] if share >= ARMORED or (share > MOSTLY and not (prose.split() and punctuated([prose]))) else None
