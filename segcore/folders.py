"""Many documents at once: a folder (recursive, natural order), a zip archive, or uploaded files, each read with
segcore.loaders; a file that cannot be read is reported by name and the others are kept."""
from __future__ import annotations

import codecs
import io
import re
import zipfile
from functools import partial
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from .archive import ZIP_ERRORS
from .captions import EXTENSIONS as CAPTION_EXTENSIONS
from .document import Document
from .errors import InputError, SegcoreError
from .limits import LIMITS, Limits
from .compression import content_blocks, document_suffix, inflated
from .formats import HTML_EXTENSIONS, LATEX_EXTENSIONS, armor, check_format
from .lightmarkup import EXTENSIONS as LIGHT_EXTENSIONS
from .loaders import PathLike, check_level, decoded_text, load_data, read_file
from .manpage import redirect_target, starts_like_roff
from .odp import EXTENSIONS as ODP_EXTENSIONS
from .ppt import EXTENSIONS as PPT_EXTENSIONS
from .plaintext import MARKDOWN_EXTENSIONS
from .pptx import EXTENSIONS as PPTX_EXTENSIONS


_MAN_SECTIONS = tuple(f".{s}" for s in "123456789")
# a manual page's suffix: its section, alone ('.1') or with the letters of a subsection ('.1p', '.3pm', '.1ssl',
# '.3const', as /usr/share/man has them), or '.man'
_MAN_SUFFIX = re.compile(r"\.(?:man|[1-9][a-z]{0,12})")
_BY_FORMAT = {"choi": (".ref",), "text": (".txt", *MARKDOWN_EXTENSIONS),
              **{k: (*exts, ".txt") for k, exts in LIGHT_EXTENSIONS.items()},  # Org, AsciiDoc
              "docx": (".docx",), "odt": (".odt",), "rtf": (".rtf",), "doc": (".doc", ".dot"),
              "pptx": PPTX_EXTENSIONS, "ppt": PPT_EXTENSIONS, "odp": ODP_EXTENSIONS,
              "latex": LATEX_EXTENSIONS, "rest": (".rst", ".txt"), "man": (".man", *_MAN_SECTIONS),
              "pdf": (".pdf",), "html": HTML_EXTENSIONS, "epub": (".epub",), "captions": CAPTION_EXTENSIONS,
              "transcript": (".txt",),
              "wiki727": ("", ".txt", ".ref"),  # Wiki-727K's files have no extension
              "arxiv": (".ref",)}
# the files of a folder read in each format; in 'auto', those of every format (a file without an extension is no
# document unless the format says so: Wiki-727K)
EXTENSIONS = {"auto": tuple(dict.fromkeys(ext for exts in _BY_FORMAT.values() for ext in exts if ext)), **_BY_FORMAT}

# what a project's or a dataset's folder says about itself (README.md, LICENSE.txt, CHANGELOG.rst, REPO_README.rst),
# and a licence named by its identifier (LGPL-2.1, GPL-3, Apache-2.0.txt, BSD: /usr/share/common-licenses' names): no
# document in 'auto' mode; the names that are also common words only in capitals (NEWS, HISTORY.md: history.md is
# read)
_ABOUT = re.compile(r"(?:[A-Z0-9]+[-_])*(?:(?i:readme|licen[cs]e|copying|copyright|changelog|authors|contributors|"
                    r"contributing|code_of_conduct)|NEWS|HISTORY|CHANGES|INSTALL|TODO|THANKS|CREDITS|NOTICE|SECURITY|"
                    r"CITATION)(?:[-_.]|$)|(?:[AL]?GPL|GFDL|MPL|CC0|CC-BY(?:-[A-Z]{2})*|Apache|Artistic)"
                    r"(?:-[0-9][0-9.]*)?(?:\.(?:txt|md))?$|BSD(?:-[0-9]-Clause)?(?:\.(?:txt|md))?$")


class Reason(NamedTuple):
    """Why a file of a type read is not one of a folder's documents, in the skip note's words for one file and for
    several; for a manual page that only redirects, the page it names (`target`, said after its name)."""
    one: str
    many: str
    target: str = ""


ABOUT = Reason("a note about the files, not a document", "notes about the files, not documents")
EMPTY = Reason("an empty file", "empty files")
BESIDE_REF = Reason(*["the folder holds .ref files: only those are its documents"] * 2)
NO_EXTENSION = Reason("no file extension: not taken for a document", "no file extension: not taken for documents")
REDIRECT = Reason("a manual page that only redirects to another with .so: give that one",
                  "manual pages that only redirect to others with .so: give those")
# files of a type read that are, by how they begin (their first bytes), something else: a Graphviz graph is no Word
# template (.dot), a .1 to .9 file that does not begin as roff no manual page (libdb5.3, MSZ_7795.3.gz: a version
# number; samplepdf.1: EPS PostScript); whatever its type, a file that is ASCII armor (formats.armor) is no document
_GRAPH = re.compile(rb"\s*(?:(?://|#)[^\n]*\n\s*|/\*.*?\*/\s*)*(?:strict\s+)?(?:di)?graph\b", re.S | re.I)
_NOT_ROFF = "named like {}, .1 to .9, but not roff: a version number or another kind of file"
NOT_DOCUMENTS = {".dot": (_GRAPH.match, Reason("a Graphviz graph, not a document", "Graphviz graphs, not documents")),
                 **dict.fromkeys(_MAN_SECTIONS, (lambda head: not starts_like_roff(head.decode("utf-8", "replace")),
                                                 Reason(_NOT_ROFF.format("a manual page"),
                                                        _NOT_ROFF.format("manual pages"))))}
ARMOR = Reason("ASCII armor: a key, a signature or a certificate, not a document",
               "ASCII armor: keys, signatures or certificates, not documents")
_HEAD = 4096  # how much of a file tells what it begins with
_BLOCK = 2**16  # how much of a file is read at a time to see that it holds whitespace only


def _left_out(names: list[str], format: str, head, open_) -> dict[str, Reason]:
    """{name: why} of the names among a folder's or zip's files of `format`'s types (and without an extension) that
    are not its documents, in 'auto' mode: its notes about itself (_ABOUT), a file without an extension, a manual page
    that only redirects to another, a file that `head(name)` (its first bytes) shows to be something else than its
    suffix says (NOT_DOCUMENTS) or ASCII armor whatever its suffix (ARMOR; a file that cannot be read, a link out of
    the folder that dataset_files names, shows nothing), an empty file (_blank: no bytes, or whitespace only, inside
    its compression or not; `open_(name)` opens it to read past its first bytes), and when it holds .ref files every
    other file; none in another format."""
    if format != "auto":
        return {}
    why = {}
    for n in names:
        suffix = document_suffix(n)
        if _ABOUT.match(PurePosixPath(n).name):
            why[n] = ABOUT
        elif not suffix:
            why[n] = NO_EXTENSION
        elif (first := head(n)) is not None:  # a file that cannot be read shows nothing (dataset_files says why)
            inner = _inner(first, n)  # inflated once for the three looks below
            if _blank(inner, n, open_):
                why[n] = EMPTY
            elif _MAN_SUFFIX.fullmatch(suffix) and (target := redirect_target(inner.decode("utf-8", "replace"))):
                why[n] = REDIRECT._replace(target=target)
            elif suffix in NOT_DOCUMENTS and NOT_DOCUMENTS[suffix][0](inner):
                why[n] = NOT_DOCUMENTS[suffix][1]
            elif armor(inner):
                why[n] = ARMOR
    if any(document_suffix(n) == ".ref" for n in names if n not in why):
        why.update((n, BESIDE_REF) for n in names if n not in why and document_suffix(n) != ".ref")
    return {n: why[n] for n in names if n in why}


def _blank(inner: bytes, name: str, open_) -> bool:
    """Whether a file's content is no text: its first bytes (`inner`, inside its compression) read as text
    (decoded_text: its encoding) are whitespace only, or none, and when they are _HEAD bytes (more may follow), so is
    the rest: `open_(name)` read again from its start, inside its compression, in blocks of _BLOCK bytes decoded in
    that encoding, up to the first block with a character that is not whitespace (a file whose first bytes hold text
    is not opened again) and no further than LIMITS.markup_bytes (a larger file is a document to read, and the loader
    says what it holds)."""
    try:
        decoded = decoded_text(inner)
    except InputError:  # bytes that are no text: not empty
        return False
    if decoded.text.strip():
        return False
    if len(inner) < _HEAD:  # all of it
        return True
    # utf-8-sig: a UTF-8 byte-order mark dropped, as decoded_text drops it
    decoder = codecs.getincrementaldecoder("utf-8-sig" if decoded.codec == "utf-8" else decoded.codec)()
    read = 0
    try:
        with open_(name) as f:
            for block in content_blocks(f, _BLOCK, name):
                read += len(block)
                if read > LIMITS.markup_bytes or decoder.decode(block).strip():
                    return False
        return not decoder.decode(b"", final=True).strip()
    except (UnicodeDecodeError, InputError, *ZIP_ERRORS):  # ZIP_ERRORS: OSError too; the loader says why
        return False


def _inner(head: bytes, name: str) -> bytes:
    """The first bytes of a file's content, inside its compression (as much as `head` holds)."""
    try:
        found = inflated(head, name, name, _HEAD)
    except InputError:  # cut short within the compressed stream: what came out is unknown here
        return head
    return head if found is None else found[0]


def _first_named(names: list[str], shown: int) -> str:
    """The first `shown` names, and how many more: 'a, b, c and 4 more'."""
    return ", ".join(names[:shown]) + (f" and {len(names) - shown} more" if len(names) > shown else "")


def skipped_note(skipped: dict[str, Reason], shown: int = 3, others: str = "") -> str:
    """One line that counts the files _left_out left out and says why, naming the first `shown` of each reason (a
    redirect with its target: 'alias.1 → man1/tool.1') and, when some are not named, saying `others` (where they are
    listed); '' for none."""
    if not skipped:
        return ""
    by_why: dict[tuple[str, str], list[str]] = {}
    for name, why in skipped.items():
        by_why.setdefault(why[:2], []).append(f"{name} → {why.target}" if why.target else name)
    parts = [_first_named(names, shown) + f" ({many if len(names) > 1 else one})"
             for (one, many), names in by_why.items()]
    more = f"; {others}" if others and any(len(names) > shown for names in by_why.values()) else ""
    return f"skipped {len(skipped)} file{'s' * (len(skipped) > 1)}: {'; '.join(parts)}{more}"


def format_hint(skipped: dict[str, Reason], shown: int = 3) -> str:
    """Which --format reads which of the files _left_out left out ('--format text reads README.md, notes.txt'), each
    under the first format of its type: a note about the files or a file beside .ref files that has a type (a
    licence's version, 'LGPL-2.1', is none); no format reads a file without an extension, a manual page that only
    redirects or a file that begins as another kind. '' when none."""
    by_format: dict[str, list[str]] = {}
    for name, why in skipped.items():
        suffix = document_suffix(name)
        if why in (ABOUT, BESIDE_REF) and suffix and not (why == ABOUT and suffix[1:].isdigit()):
            fmt = next((f for f, exts in _BY_FORMAT.items() if suffix in exts), "man")  # else a '.3pm' page's
            by_format.setdefault(fmt, []).append(name)
    return "; ".join(f"--format {fmt} reads {_first_named(names, shown)}" for fmt, names in by_format.items())


def natural_key(name: str):
    """Sort key that orders 'doc2' before 'doc10'."""
    # a run of digits compares by its length, then as text: no int() of a name's 5,000 digits
    return [(0, len(t.lstrip("0")), t.lstrip("0")) if t.isascii() and t.isdigit() else (1, 0, t)
            for t in re.split(r"([0-9]+)", name) if t]


def _skipped(parts) -> bool:
    """Hidden entries, _meta and __MACOSX folders (a path's '..' is not hidden: see _zip_members)."""
    return any((p.startswith(".") and p != "..") or p == "_meta" or p == "__MACOSX" for p in parts)


def _check_format(format: str, level: str | None) -> tuple[str, ...]:
    check_format(format)
    if level is not None:
        check_level(level)
    return EXTENSIONS[format]


class Reading(NamedTuple):
    """What reading a folder, a zip archive or files gives: the documents, one message per file that could not be
    used, and {name: why} of the files of a type read that are not documents (_left_out; skipped_note says them)."""
    documents: list[Document]
    problems: list[str]
    skipped: dict[str, Reason]


def _head(root: Path, name: str) -> bytes | None:
    """The first bytes of a file under a folder (None when it cannot be opened, or is a link out of the folder:
    dataset_files says why)."""
    path = root / name
    try:
        if not path.resolve().is_relative_to(root.resolve()):
            return None
        with path.open("rb") as f:
            return f.read(_HEAD)
    except (OSError, RuntimeError):  # RuntimeError: a link to itself (Path.resolve)
        return None


def _taken(name: str, format: str, head) -> bool:
    """Whether a file is listed in `format`: of its types, or in 'auto' without an extension or a note about the files
    whose suffix is a version's number, 'Apache-2.0' (_left_out says why it is no document); in 'auto' and 'man' a
    manual page whose section has letters ('.1p', '.3pm'), when `head(name)` (its first bytes) begins as roff: by such
    a suffix alone it may be any file ('.7z', '.3ds')."""
    suffix = document_suffix(name)
    if suffix in EXTENSIONS[format] or (format == "auto" and (not suffix or suffix[1:].isdigit()
                                                              and bool(_ABOUT.match(PurePosixPath(name).name)))):
        return True  # a note's name with a version for suffix ('Apache-2.0', 'MPL-2.0') too, for _left_out to say
    return format in ("auto", "man") and bool(_MAN_SUFFIX.fullmatch(suffix)) and starts_like_roff(
        _inner(head(name) or b"", name).decode("utf-8", "replace"))


def _listed(root: Path, format: str) -> tuple[list[Path], dict[str, Reason]]:
    """(the files under a folder of `format`'s types that are its documents, natural order; hidden, _meta and
    __MACOSX entries left out) and {name: why} of those _left_out leaves out."""
    _check_format(format, None)
    head = partial(_head, root)
    listed = sorted((p for p in root.rglob("*") if _taken(p.relative_to(root).as_posix(), format, head)
                     and not _skipped(p.relative_to(root).parts) and not p.is_dir()),
                    key=lambda p: natural_key(p.relative_to(root).as_posix()))
    left = _left_out([p.relative_to(root).as_posix() for p in listed], format, head, lambda n: (root / n).open("rb"))
    return [p for p in listed if p.relative_to(root).as_posix() not in left], left


def _none_found(name: str, where: str, format: str, left: dict[str, Reason]) -> InputError:
    """The error for a folder or zip archive (`where`) without a document of `format`'s types, naming the types (a
    few of them in 'auto': dozens) and what _left_out skipped."""
    exts = EXTENSIONS[format]
    what = (f"{'/'.join(exts)} files" if len(exts) <= 8 else
            f"document files (none of the {len(exts)} file types read, such as .txt, .md, .pdf, .html, .docx)")
    return InputError(f"{name}: no {what} found in {where}" + (f"; {skipped_note(left)}" if left else ""))


def dataset_files(folder: PathLike, format: str = "auto") -> tuple[list[Path], dict[str, str], dict[str, Reason]]:
    """The document files under a folder (recursive, natural order; hidden, _meta and __MACOSX entries left out, and
    those _left_out skips), {name: message} of the links among them that are not read (those that lead out of the
    folder and those to a file that does not exist), and {name: why} of the files skipped."""
    root = Path(folder)
    listed, left = _listed(root, format)
    inside, unread = root.resolve(), {}
    for p in listed:
        name = p.relative_to(root).as_posix()
        if p.is_symlink() and not p.exists():  # gone, or a link to itself
            unread[p] = f"{name}: a link to a file that does not exist ({p.readlink()}), not read"
        elif p.is_file() and not p.resolve().is_relative_to(inside):
            unread[p] = f"{name}: a link to a file outside the folder ({p.resolve()}), not read"
    files = [p for p in listed if p.is_file() and p not in unread]
    if not files and not unread:
        raise _none_found(f"{root}", "this folder", format, left)
    return files, {p.relative_to(root).as_posix(): message for p, message in unread.items()}, left


def _zip_infos(zf: zipfile.ZipFile, format: str) -> tuple[list[zipfile.ZipInfo], dict[str, Reason]]:
    """A zip's document files as _listed finds a folder's, and {name: why} of those left out."""
    head = partial(_member_head, zf)
    infos = sorted((i for i in zf.infolist() if not i.is_dir() and _taken(i.filename, format, head)
                    and not _skipped(Path(i.filename).parts)), key=lambda i: natural_key(i.filename))
    left = _left_out([i.filename for i in infos], format, head, zf.open)
    return [i for i in infos if i.filename not in left], left


def _member_head(zf: zipfile.ZipFile, name: str) -> bytes | None:
    """A zip member's first bytes (None when it cannot be inflated: reading it says why)."""
    try:
        with zf.open(name) as f:
            return f.read(_HEAD)
    except ZIP_ERRORS:
        return None


def _zip_members(zf: zipfile.ZipFile, infos: list[zipfile.ZipInfo], name: str, max_bytes: int | None):
    """(member name, bytes or the InputError that stops it) of a zip's document files (_zip_infos), in their order;
    the unpacked total is limited to max_bytes (checked from the archive's directory before anything is inflated)."""
    total = sum(i.file_size for i in infos)
    if max_bytes is not None and total > max_bytes:
        raise InputError(f"{name}: {total / 2**20:.0f} MB once unpacked, more than the {max_bytes / 2**20:.0f} MB "
                         f"limit; split the archive")
    for info in infos:
        if ".." in Path(info.filename).parts:  # nothing is unpacked to disk, but such a name is no document's
            yield info.filename, InputError(f"{info.filename}: a path that leaves the archive (..), not read")
            continue
        try:
            yield info.filename, zf.read(info)
        except ZIP_ERRORS as e:
            yield info.filename, InputError(f"{info.filename}: cannot read it from the zip archive ({e})")


def _open_zip(data, name: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data) if isinstance(data, bytes) else data)
    except ZIP_ERRORS as e:
        raise InputError(f"{name}: not a valid zip file ({e})") from None


def _zip_documents(zf: zipfile.ZipFile, name: str, format: str, max_bytes: int | None):
    """(_zip_members of a zip's document files, {member name: why} of those skipped); InputError for a zip without
    any (saying what was skipped)."""
    infos, left = _zip_infos(zf, format)
    if not infos:
        raise _none_found(name, "this zip archive", format, left)
    return _zip_members(zf, infos, name, max_bytes), left


_Item = tuple[str, Path | bytes | InputError]  # (name, file, bytes or why it is not read)


def dataset_items(path: PathLike, format: str = "auto",
                  max_bytes: int | None = None) -> tuple[list[_Item], dict[str, Reason]]:
    """(name, its file, or for a zip its bytes, or the InputError that stops it) of each document file of a folder
    (dataset_files: the links not read first) or a zip archive, in their order, and {name: why} of the files
    skipped; InputError when there is none."""
    root = Path(path)
    if root.is_dir():
        files, unread, skipped = dataset_files(root, format)
        return ([(name, InputError(message)) for name, message in unread.items()]
                + [(p.relative_to(root).as_posix(), p) for p in files]), skipped
    with _open_zip(read_file(root), root.name) as zf:
        members, skipped = _zip_documents(zf, root.name, format, max_bytes)
        return list(members), skipped


def read_files(files: list[tuple[str, bytes]], format: str = "auto", level: str | None = None,
               max_bytes: int | None = None, limits: Limits = LIMITS) -> Reading:
    """Documents from (name, bytes) pairs — document files, or zip archives of them —, one message per file that
    could not be used (it is reported, the others are still read) and {member name: why} of the zips' files
    skipped (the name after its zip's, 'a.zip/set/README.md', when several are given)."""
    _check_format(format, level)
    docs, problems, skipped = [], [], {}
    several = sum(Path(name).suffix.lower() == ".zip" for name, _ in files) > 1  # names say their zip

    def add(name: str, data):
        try:
            if isinstance(data, Exception):
                raise data
            docs.append(load_data(data, Path(name).name, format, level, name, limits=limits))
        except SegcoreError as e:
            problems.append(str(e) if name in str(e) else f"{name}: {e}")

    for name, data in files:
        if Path(name).suffix.lower() != ".zip":
            add(name, data)
            continue
        try:
            with _open_zip(data, name) as zf:
                members, left = _zip_documents(zf, name, format, max_bytes)
                skipped.update((f"{name}/{member}" if several else member, why) for member, why in left.items())
                for member, content in members:
                    add(member, content)
        except InputError as e:
            problems.append(str(e))
    return Reading(docs, problems, skipped)


def read_dataset(path: PathLike, format: str = "auto", level: str | None = None,
                 max_bytes: int | None = None, limits: Limits = LIMITS) -> Reading:
    """The documents of a folder (every file under it of a type `format` reads, natural order, but those _left_out
    skips), a zip of them, or one file, one message per file that could not be read (a bad file is reported, not
    fatal), and {name: why} of the files skipped."""
    _check_format(format, level)
    root = Path(path)
    if not root.exists():
        raise InputError(f"file not found: {root}")
    if root.is_dir():
        items, skipped = dataset_items(root, format)
        docs, problems = [], []
        for name, data in items:
            if isinstance(data, Path):
                try:
                    data = read_file(data)
                except InputError as e:  # unreadable (permissions, gone since listed): the others are still read
                    data = e
            d, bad, _ = read_files([(name, data)], format, level, limits=limits)
            docs += d
            problems += bad
        return Reading(docs, problems, skipped)
    return read_files([(root.name, read_file(root))], format, level, max_bytes, limits)
