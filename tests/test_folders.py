"""Folders, zips and compressed files as datasets (segcore.folders): what is listed, read and skipped and why (notes
about the files, empty files, man pages that redirect, links out of the folder, files of another kind), the skip
note's wording and counts, and the limits of inflating."""
from __future__ import annotations

import bz2
import gzip
import io
import lzma
import re
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest

from segcore import folders, formats, loaders
from segcore.errors import InputError, ParameterError
from segcore.folders import read_dataset, read_files
from segcore.limits import Limits
from segcore.loaders import load, load_data, parse_choi
from tests.datafiles import ARXIV, ARXIV_BAD, CHOI_1_0, CHOI_3_48


def zipped(members: dict) -> bytes:
    """A zip archive of members by name: a text or bytes, or a file's path to copy."""
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zf:
        for name, member in members.items():
            if isinstance(member, Path):
                zf.write(member, name)
            else:
                zf.writestr(name, member)
    return archive.getvalue()


def test_read_dataset_directory(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "_meta").mkdir()
    shutil.copy(CHOI_3_48, tmp_path / "a" / "10.ref")
    shutil.copy(CHOI_1_0, tmp_path / "a" / "2.ref")
    shutil.copy(ARXIV, tmp_path / "b.ref")
    shutil.copy(CHOI_1_0, tmp_path / "_meta" / "x.ref")
    shutil.copy(CHOI_1_0, tmp_path / ".hidden.ref")
    (tmp_path / "README").write_text("not a dataset file")
    docs, problems, skipped = read_dataset(tmp_path)
    assert [d.source for d in docs] == ["a/2.ref", "a/10.ref", "b.ref"] and not problems  # natural order
    assert [d.meta["format"] for d in docs] == ["choi", "choi", "arxiv"]
    assert [d.n for d in docs] == [60, 54, 1545]
    assert len(read_dataset(tmp_path / "a", format="choi")[0]) == 2


def test_read_dataset_reports_bad_files_and_carries_on(tmp_path):
    shutil.copy(CHOI_1_0, tmp_path / "1.ref")
    (tmp_path / "2.ref").write_bytes(b"\xff\xfe\xfd not utf-8 \x00")
    (tmp_path / "3.ref").write_text("==========\n==========\n")
    shutil.copy(CHOI_3_48, tmp_path / "4.ref")
    docs, problems, skipped = read_dataset(tmp_path)
    assert [d.source for d in docs] == ["1.ref", "4.ref"]
    assert len(problems) == 2 and problems[0].startswith("2.ref") and problems[1].startswith("3.ref")


def test_read_dataset_single_file_and_errors(tmp_path):
    assert [d.n for d in read_dataset(CHOI_1_0)[0]] == [60]
    with pytest.raises(InputError, match="no document files"):
        read_dataset(tmp_path)
    with pytest.raises(InputError, match="no .ref files"):
        read_dataset(tmp_path, format="choi")
    with pytest.raises(InputError, match="not found"):
        read_dataset(tmp_path / "missing")
    with pytest.raises(ParameterError):
        read_dataset(tmp_path, format="xml")


def test_read_dataset_zip(tmp_path):
    z = tmp_path / "set.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.write(CHOI_1_0, "choi/1_0.ref")
        zf.write(ARXIV_BAD, "arxiv/268.ref")
        zf.write(CHOI_3_48, "__MACOSX/choi/._1_0.ref")
        zf.writestr("choi/_meta/README", "x")
        zf.write(CHOI_3_48, "../outside.ref")  # a crafted name: said, not silently skipped (nothing is unpacked)
    docs, problems, skipped = read_dataset(z)
    assert [d.source for d in docs] == ["arxiv/268.ref", "choi/1_0.ref"]
    assert problems == ["../outside.ref: a path that leaves the archive (..), not read"]
    assert [len(d.reference) for d in docs] == [10, 10]
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"PK\x03\x04 not really")
    assert read_dataset(bad) == ([], ["bad.zip: not a valid zip file (File is not a zip file)"], {})
    # the unpacked size is checked from the archive's directory before anything is inflated
    big = tmp_path / "big.zip"
    with zipfile.ZipFile(big, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("a.ref", "x\n" * 600_000)
    docs, problems, skipped = read_files([("big.zip", big.read_bytes())], max_bytes=1_000_000)
    assert not docs and "more than the 1 MB limit" in problems[0]


@pytest.mark.parametrize("pack", [gzip.compress, bz2.compress, lzma.compress])
def test_a_compressed_file_reads_as_its_content(pack):
    """A gzip, bzip2 or xz file (a NEWS.gz, a corpus.txt.xz) reads as the file inside, its format from the name
    without the compression's extension or from the content."""
    text = "# Notes\n\nThe cat sat on the mat. It was warm.\n\n# More\n\nDogs bark at night. They wake us.\n"
    ext = {gzip.compress: ".gz", bz2.compress: ".bz2", lzma.compress: ".xz"}[pack]
    plain = load(text.encode(), source="notes.md")
    for name in (f"notes.md{ext}", "notes"):
        doc = loaders.load_data(pack(text.encode()), name, "auto", None, name)
        assert doc.elements == plain.elements and doc.meta["outline"] == plain.meta["outline"]
    page = f"<html><body><h1>T</h1><p>{text}</p></body></html>".encode()
    assert loaders.load_data(pack(page), "page" + ext, "auto", None, "page").meta["format"] == "html"


def test_a_compressed_file_is_inflated_no_further_than_the_limit_and_damage_is_named(tmp_path):
    bomb = gzip.compress(b"word " * 2_000_000)  # 10 MB of text in about 10 kB
    with pytest.raises(InputError, match=r"more than 1 MB of HTML or captions, or of text inflated from .* a "
                                         r"compressed file"):
        loaders.load_data(bomb, "a.txt.gz", "auto", None, "a.txt.gz", limits=Limits(markup_bytes=2**20))
    with pytest.raises(InputError, match="a.txt.gz: a damaged or incomplete gzip file"):
        loaders.load_data(bomb[:len(bomb) // 2], "a.txt.gz", "auto", None, "a.txt.gz")
    archive = io.BytesIO()
    with tarfile.open(fileobj=archive, mode="w") as tar:
        info = tarfile.TarInfo("a.txt")
        info.size = 5
        tar.addfile(info, io.BytesIO(b"hello"))
    path = tmp_path / "a.tar.gz"
    path.write_bytes(gzip.compress(archive.getvalue()))
    with pytest.raises(InputError, match="it is a tar archive: extract the file to read first"):
        load(path)


@pytest.mark.parametrize("compress", [gzip.compress, bz2.compress, lzma.compress])
def test_an_empty_compressed_file_is_said_to_be_empty_not_binary(compress):
    """bzip2's empty stream has no block: it was not recognised as bzip2 and read as a binary file."""
    with pytest.raises(InputError, match=r"^a.txt.z: no text found \(empty or whitespace only\)$"):
        loaders.load_data(compress(b""), "a.txt.z", "auto", None, "a.txt.z")
    assert loaders.load_data(compress(b"One cat. Two dogs."), "a.txt.z", "auto", None, "a.txt.z").n == 2


def test_a_folder_of_compressed_reference_files_is_a_dataset(tmp_path):
    (tmp_path / "b.ref.gz").write_bytes(gzip.compress(CHOI_3_48.read_bytes()))
    (tmp_path / "a.ref.xz").write_bytes(lzma.compress(CHOI_1_0.read_bytes()))
    (tmp_path / "notes.gz.bak").write_bytes(b"not a document")
    docs, problems, skipped = read_dataset(tmp_path)
    assert problems == [] and [d.source for d in docs] == ["a.ref.xz", "b.ref.gz"]
    assert [d.reference for d in docs] == [parse_choi(p.read_text()).reference for p in (CHOI_1_0, CHOI_3_48)]


def test_a_folder_reads_nothing_outside_it_and_names_the_links_that_lead_out(tmp_path, capsys):
    """A link to /etc/passwd or to a file beside the folder was read as one of its documents (by read_dataset and
    `segcore segment FOLDER`); a link inside the folder, a name with spaces and accents are read."""
    text = "Cats sleep in the sun. Dogs run in the park. Birds sing at dawn. Fish swim in the sea.\n"
    folder, beside = tmp_path / "corpus", tmp_path / "private"
    (folder / "sub").mkdir(parents=True)
    beside.mkdir()
    (beside / "secret.txt").write_text("A secret kept beside. Not for the corpus.\n")
    (folder / "a.txt").write_text(text)
    (folder / "sub" / "ré sumé.txt").write_text(text)
    (folder / "same.txt").symlink_to("a.txt")
    (folder / "out.txt").symlink_to(beside / "secret.txt")
    (folder / "sub" / "up.txt").symlink_to(Path("..") / ".." / "private" / "secret.txt")
    (folder / "sub" / "parent").symlink_to("..", target_is_directory=True)
    docs, problems, skipped = read_dataset(folder)
    assert [d.source for d in docs] == ["a.txt", "same.txt", "sub/ré sumé.txt"]
    assert problems == [f"out.txt: a link to a file outside the folder ({beside.resolve() / 'secret.txt'}), not read",
                        f"sub/up.txt: a link to a file outside the folder ({beside.resolve() / 'secret.txt'}), not "
                        f"read"]
    assert not any("secret" in e for d in docs for e in d.elements)
    from segcore.cli import main
    assert main(["segment", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert "secret" not in out and err.count("outside the folder") == 2
    assert "3 documents (0 failed, 2 files unreadable)" in err  # evaluate's count


def test_a_man_page_link_that_leads_out_of_the_folder_is_named_as_such(tmp_path):
    """/usr/share/man/man1 links clusterdb.1.gz to /etc/alternatives/…: its first bytes, not read (out of the
    folder), came back empty, so it was skipped as 'not roff: a version number or another kind of file' (62 such in
    man1, 13 in man3) instead of being named as a link out of the folder."""
    folder, beside = tmp_path / "man1", tmp_path / "alternatives"
    folder.mkdir()
    beside.mkdir()
    page = ".TH TOOL 1\n.SH NAME\ntool \\- does things\n.SH DESCRIPTION\nIt does things well. It does them fast.\n"
    (folder / "tool.1").write_text(page)
    (beside / "other.1").write_text(page)
    (folder / "other.1").symlink_to(beside / "other.1")
    docs, problems, skipped = read_dataset(folder)
    assert [d.source for d in docs] == ["tool.1"] and not skipped, skipped
    assert problems == [f"other.1: a link to a file outside the folder ({beside.resolve() / 'other.1'}), not read"]


def test_a_folder_names_its_broken_links_as_files_it_cannot_read(tmp_path, capsys):
    """A link to a file that is gone (or to itself) was skipped without a word, as if it were no document; it is
    named as a link out of the folder is, and `segcore segment FOLDER` exits 2. A broken link that is no document's
    name is passed over as such files are."""
    text = "Cats sleep in the sun. Dogs run in the park. Birds sing at dawn. Fish swim in the sea.\n"
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.txt").write_text(text)
    (tmp_path / "gone.txt").symlink_to("moved.txt")
    (tmp_path / "sub" / "loop.txt").symlink_to("loop.txt")
    (tmp_path / "picture.png").symlink_to("nowhere.png")
    docs, problems, skipped = read_dataset(tmp_path)
    assert [d.source for d in docs] == ["a.txt"]
    assert problems == ["gone.txt: a link to a file that does not exist (moved.txt), not read",
                        "sub/loop.txt: a link to a file that does not exist (loop.txt), not read"]
    from segcore.cli import main
    assert main(["segment", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("does not exist") == 2 and "1 document (0 failed, 2 files unreadable)" in err
    (tmp_path / "a.txt").unlink()
    assert read_dataset(tmp_path) == ([], problems, {})  # as a folder of links out of it: named, none read


def test_a_zip_or_a_folder_given_as_one_file_names_a_function_that_reads_it(tmp_path):
    """The hint named iter_dataset(), which does not exist."""
    archive = tmp_path / "docs.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("a.txt", "Cats sleep. Dogs run.")
    for path in (archive, tmp_path):
        with pytest.raises(InputError) as e:
            load(path, format="text")
        named = re.findall(r"([\w.]+)\(\)", str(e.value))
        assert named and all(hasattr(folders, name.rsplit(".", 1)[-1]) for name in named) and str(path) in str(e.value)
    docs, problems, skipped = folders.read_dataset(archive)
    assert [d.elements for d in docs] == [["Cats sleep.", "Dogs run."]] and problems == []


def test_a_file_of_a_folder_that_cannot_be_read_is_reported_and_the_others_are_read(tmp_path, monkeypatch):
    """One unreadable file (no permission) stopped read_dataset on the whole folder with an error."""
    for name in ("a.txt", "b.txt", "c.txt"):
        (tmp_path / name).write_text(f"{name} opens here. Then it ends.\n")
    read_bytes = Path.read_bytes

    def denied(self):
        if self.name == "b.txt":
            raise PermissionError(13, "Permission denied")
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", denied)
    docs, problems, skipped = read_dataset(tmp_path)
    assert [d.source for d in docs] == ["a.txt", "c.txt"]
    assert len(problems) == 1 and problems[0].startswith(str(tmp_path / "b.txt")) and "Permission denied" in problems[0]


def test_every_format_names_the_files_of_a_folder_it_reads(tmp_path):
    """A folder read in any format, not only the sniffed one: LaTeX sources, reST and manual pages included."""
    (tmp_path / "a.tex").write_text("\\section{One}\nCats sleep. Dogs run.\n\\section{Two}\nBirds fly. Fish swim.\n")
    (tmp_path / "b.rst").write_text("One\n===\n\nCats sleep. Dogs run.\n\nTwo\n===\n\nBirds fly.\n")
    (tmp_path / "c.1.gz").write_bytes(gzip.compress(b".TH C 1\n.SH NAME\nc \\- a tool\n.SH USE\nIt runs.\n"))
    for fmt, name in (("latex", "a.tex"), ("rest", "b.rst"), ("man", "c.1.gz")):
        docs, problems, skipped = read_dataset(tmp_path, format=fmt)
        assert problems == [] and [d.source for d in docs] == [name] and docs[0].meta["format"] == fmt
    assert set(loaders.FORMATS) <= set(folders.EXTENSIONS)


def test_natural_order_takes_any_run_of_digits():
    names = ["doc10", "x" + "9" * 5000, "doc2", "doc1", "doc²", "a"]
    assert [n[:6] for n in sorted(names, key=folders.natural_key)] == ["a", "doc1", "doc2", "doc10", "doc²",
                                                                        "x99999"]


def test_a_folder_takes_every_file_type_one_file_is_read_in(tmp_path):
    """A folder in auto mode left out Markdown, reST, LaTeX, Org, AsciiDoc and manual pages, and so their compressed
    copies, although each is read as one file; --format text took no Markdown."""
    text = "# One\n\nCats sleep all day. Dogs run in the park.\n\n# Two\n\nBirds fly south. Fish swim upstream.\n"
    (tmp_path / "a.md.gz").write_bytes(gzip.compress(text.encode()))
    (tmp_path / "b.rst").write_text("One\n===\n\nCats sleep. Dogs run.\n\nTwo\n===\n\nBirds fly.\n")
    (tmp_path / "c.1").write_text(".TH C 1\n.SH NAME\nc \\- a tool\n.SH USE\nIt runs. It stops.\n")
    (tmp_path / "d.tex").write_text("\\section{One}\nCats sleep. Dogs run.\n\\section{Two}\nBirds fly. Fish swim.\n")
    (tmp_path / "e.org").write_text("* One\nCats sleep. Dogs run.\n* Two\nBirds fly. Fish swim.\n")
    (tmp_path / "f.py").write_text("print('not a document')\n")
    docs, problems, skipped = read_dataset(tmp_path)
    assert not problems and [d.source for d in docs] == ["a.md.gz", "b.rst", "c.1", "d.tex", "e.org"]
    assert [d.meta["format"] for d in docs] == ["text", "rest", "man", "latex", "org"] and docs[0].meta["markdown"]
    assert [d.source for d in read_dataset(tmp_path, format="text")[0]] == ["a.md.gz"]
    exts = {ext for fmt, group in folders.EXTENSIONS.items() if fmt != "auto" for ext in group} - {""}
    assert set(folders.EXTENSIONS["auto"]) == exts >= formats.EXTENSIONS


def test_readme_and_licence_files_and_files_beside_ref_files_are_skipped_in_auto_mode(tmp_path):
    """A Choi folder's README.md and notes.txt were not its documents; in a zip alike; a format says otherwise."""
    shutil.copy(CHOI_1_0, tmp_path / "1.ref")
    (tmp_path / "README.md").write_text("# Data\n\nChoi's files. Made in 2000.\n")
    (tmp_path / "notes.txt").write_text("How the files were made. By hand.\n")
    (tmp_path / "LICENSE").write_text("Free to use.\n")
    (tmp_path / "REPO_README.rst").write_text("Data\n====\n\nChoi's files.\n")
    docs, problems, skipped = read_dataset(tmp_path)
    assert [d.source for d in docs] == ["1.ref"] and not problems
    assert list(read_dataset(tmp_path).skipped) == ["LICENSE", "README.md", "REPO_README.rst", "notes.txt"]
    assert read_dataset(tmp_path, format="text").skipped == {}
    assert [d.source for d in read_dataset(tmp_path, format="text")[0]] == ["README.md", "notes.txt"]
    z = tmp_path / "set.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.write(CHOI_1_0, "set/1.ref")
        zf.writestr("set/README.md", "# Data\n\nChoi's files. Made in 2000.\n")
    reading = read_dataset(z)
    assert [d.source for d in reading.documents] == ["set/1.ref"] and list(reading.skipped) == ["set/README.md"]
    (tmp_path / "1.ref").unlink()
    z.unlink()
    docs, problems, skipped = read_dataset(tmp_path)  # without .ref files the notes are a document; a README never
    assert [d.source for d in docs] == ["notes.txt"]
    assert list(read_dataset(tmp_path).skipped) == ["LICENSE", "README.md", "REPO_README.rst"]
    (tmp_path / "HISTORY.md").write_text("# 1.0\n\nFirst release. It works.\n")
    (tmp_path / "history.md").write_text("# Rome\n\nRome grew. It fell.\n\n# Athens\n\nAthens voted. It won.\n")
    assert [d.source for d in read_dataset(tmp_path)[0]] == ["history.md", "notes.txt"]  # a word in lower case


def test_a_zip_of_markdown_files_is_read():
    archive = zipped({"notes/a.md": "# One\n\nCats sleep all day. Dogs run.\n\n# Two\n\nBirds fly south. Fish swim.\n"})
    docs, problems, skipped = read_files([("notes.zip", archive)])
    assert [d.source for d in docs] == ["notes/a.md"] and not problems


def test_one_listing_gives_the_documents_and_the_skipped_names(tmp_path, monkeypatch):
    """The skipped names came from a second listing of the folder (skipped_files) or a second opening of the zip
    (skipped_members); read_dataset and read_files now give them with the documents."""
    shutil.copy(CHOI_1_0, tmp_path / "1.ref")
    (tmp_path / "README.md").write_text("# Data\n\nChoi's files. Made in 2000.\n")
    listed, opened = [], []
    rglob, open_zip = Path.rglob, zipfile.ZipFile.__init__
    monkeypatch.setattr(Path, "rglob", lambda self, *a: listed.append(self) or rglob(self, *a))
    monkeypatch.setattr(zipfile.ZipFile, "__init__", lambda self, *a, **k: opened.append(a) or open_zip(self, *a, **k))
    reading = read_dataset(tmp_path)
    assert [d.source for d in reading.documents] == ["1.ref"] and reading.problems == []
    assert list(reading.skipped) == ["README.md"] and len(listed) == 1
    archive = zipped({"set/1.ref": CHOI_1_0, "set/README.md": "# Data\n\nChoi's files. Made in 2000.\n"})
    opened.clear()
    docs, problems, skipped = read_files([("set.zip", archive), ("2.ref", CHOI_1_0.read_bytes())])
    assert [d.source for d in docs] == ["set/1.ref", "2.ref"] and list(skipped) == ["set/README.md"]
    assert len(opened) == 1
    assert not hasattr(folders, "skipped_files") and not hasattr(folders, "skipped_members")


def test_the_skip_note_counts_the_files_and_names_the_first_few():
    """A folder with hundreds of skipped files said every name in one line."""
    skipped = {"README.md": folders.ABOUT, **{f"n{i}.txt": folders.BESIDE_REF for i in range(1, 311)},
               "LICENSE": folders.ABOUT}
    note = folders.skipped_note(skipped)
    assert note == ("skipped 312 files: README.md, LICENSE (notes about the files, not documents); n1.txt, n2.txt, "
                    "n3.txt and 307 more (the folder holds .ref files: only those are its documents)")
    assert folders.skipped_note({}) == ""


GUIDE = "= Guide\n\n== One\n\nCats sleep. Dogs run.\n\n== Two\n\nBirds fly. Fish swim.\n"
GRAPH = 'digraph G {\n  graph [fontname = "Handlee"];\n  a -> b;\n}\n'
SIGNATURE = "-----BEGIN PGP SIGNATURE-----\nVersion: GnuPG v2\n\niEYEABECAAYFAk1PMB4ACgkQ\n-----END PGP SIGNATURE-----"


def test_a_graphviz_graph_and_a_pgp_signature_are_skipped_in_auto_mode(tmp_path):
    """A Graphviz .dot was read as a text of three sentences and a PGP .asc signature as AsciiDoc (as /usr/share/doc's
    deps.dot and fbithesis.dtx.asc were), a key as a .txt as text; an AsciiDoc .asc, a Word .dot and a man page are
    still read."""
    (tmp_path / "deps.dot").write_text(GRAPH)
    (tmp_path / "sig.asc").write_text(SIGNATURE)
    (tmp_path / "key.asc.gz").write_bytes(gzip.compress(SIGNATURE.replace("SIGNATURE", "PUBLIC KEY BLOCK").encode()))
    (tmp_path / "guide.asc").write_text(GUIDE)
    (tmp_path / "keys.txt").write_text(SIGNATURE.replace("SIGNATURE", "PUBLIC KEY BLOCK"))
    (tmp_path / "tool.1").write_text(".TH TOOL 1\n.SH NAME\ntool \\- a tool\n.SH USE\nIt runs. It stops.\n")
    docs, problems, skipped = read_dataset(tmp_path)
    assert [d.source for d in docs] == ["guide.asc", "tool.1"] and not problems
    assert [d.meta["format"] for d in docs] == ["asciidoc", "man"]
    assert folders.skipped_note(skipped) == ("skipped 4 files: deps.dot (a Graphviz graph, not a document); "
                                             "key.asc.gz, keys.txt, sig.asc (ASCII armor: keys, signatures or "
                                             "certificates, not documents)")
    assert read_dataset(tmp_path, format="asciidoc").skipped == {}  # a format reads every file of its types
    archive = zipped({"set/deps.dot": GRAPH, "set/guide.asc": GUIDE})
    docs, problems, skipped = read_files([("set.zip", archive)])
    assert [d.source for d in docs] == ["set/guide.asc"] and list(skipped) == ["set/deps.dot"]


def test_a_certificate_dump_whose_armor_runs_past_the_first_bytes_is_skipped(tmp_path):
    """A folder looks at a file's first 4 KB for armor: `openssl x509 -text`'s dump of a 2048-bit certificate has its
    PEM block from about 3 KB to past 4 KB, and that cut block was no armor block (no END line), so the dump was taken
    for a document and its loading failed (a problem). A block cut short by the end of the bytes looked at is armor to
    that end: the dump is skipped as armor, as the whole certificate is."""
    from tests.test_formats import CERTIFICATE, CERTIFICATE_DUMP
    assert CERTIFICATE_DUMP.index("-----END") > folders._HEAD > CERTIFICATE_DUMP.index("-----BEGIN")
    (tmp_path / "dump.txt").write_text(CERTIFICATE_DUMP)
    (tmp_path / "cert.txt").write_text(CERTIFICATE)
    (tmp_path / "guide.asc").write_text(GUIDE)
    docs, problems, skipped = read_dataset(tmp_path)
    assert [d.source for d in docs] == ["guide.asc"] and not problems
    assert skipped == {"cert.txt": folders.ARMOR, "dump.txt": folders.ARMOR}


EPS = "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: -21 30 403 260\n%%Creator: MetaPost\n%%Pages: 1\n%%EndProlog\n" + (
    "newpath 0 0 moveto 10 10 lineto stroke. gsave 1 setlinejoin. grestore showpage.\n" * 3)


def test_a_file_named_like_a_man_page_that_is_no_roff_is_skipped_in_auto_mode(tmp_path):
    """A .1 to .9 file was taken as a man page by its name: /usr/share/doc's samplepdf.1 (EPS PostScript) read as a
    text of 6 sentences and 'THIS-IS-VERSION-1.3' failed ('only one sentence'); such a name's '.1' is a version number
    (LGPL-2.1, libdb5.3) or another file type's. Pages that begin with a request, a comment ('\\" t, \\") or blank
    lines are still read."""
    (tmp_path / "samplepdf.1").write_text(EPS)
    (tmp_path / "THIS-IS-VERSION-1.3").write_text("VERSION 1.3 DATE=May 18, 2000\n")
    (tmp_path / "LGPL-2.1").write_text("GNU LESSER GENERAL PUBLIC LICENSE\n\nYou may copy it. You may not sell it.\n")
    (tmp_path / "libdb5.3.gz").write_bytes(gzip.compress(b"libdb5.3: package-name-doesnt-match-sonames\n"))
    page = ".TH TOOL 1\n.SH NAME\ntool \\- a tool\n.SH USE\nIt runs. It stops.\n"
    (tmp_path / "tool.1").write_text(page)
    (tmp_path / "tbl.7").write_text("'\\\" t\n" + page)
    (tmp_path / "old.8").write_text("\n\\\"copied from zmore.1\n" + page)
    docs, problems, skipped = read_dataset(tmp_path)
    assert [d.source for d in docs] == ["old.8", "tbl.7", "tool.1"] and not problems
    assert {d.meta["format"] for d in docs} == {"man"}
    assert folders.skipped_note(skipped, 4) == (
        "skipped 4 files: LGPL-2.1 (a note about the files, not a document); THIS-IS-VERSION-1.3, libdb5.3.gz, "
        "samplepdf.1 (named like manual pages, .1 to .9, but not roff: a version number or another kind of file)")
    assert read_dataset(tmp_path, format="man").skipped == {}
    archive = zipped({"set/samplepdf.1": EPS, "set/tool.1": page})
    docs, problems, skipped = read_files([("set.zip", archive)])
    assert [d.source for d in docs] == ["set/tool.1"] and list(skipped) == ["set/samplepdf.1"]


def test_a_postscript_file_given_alone_is_refused_with_what_to_do():
    """samplepdf.1, EPS given on its own, was read as a text of 6 'sentences' of PostScript code."""
    with pytest.raises(InputError, match=r"samplepdf\.1: PostScript .*not text.*ps2pdf"):
        load_data(EPS.encode(), "samplepdf.1", "auto", None, "samplepdf.1")
    assert load_data(EPS.encode(), "samplepdf.1", "text", None, "samplepdf.1").meta["format"] == "text"
    doc = load_data(b"GNU LICENSE\n\nYou may copy it. You may not sell it.\n", "LGPL-2.1", "auto", None, "LGPL-2.1")
    assert doc.meta["format"] == "text" and doc.n == 3


def test_the_skip_note_agrees_with_each_count():
    """'skipped 1 file: a.dot (Graphviz graphs, not documents)': every reason was worded for many files."""
    reasons = [folders.ABOUT, folders.BESIDE_REF, folders.NO_EXTENSION, folders.REDIRECT, folders.ARMOR,
               *(why for _, why in folders.NOT_DOCUMENTS.values())]
    for why in reasons:
        assert folders.skipped_note({"a": why}) == f"skipped 1 file: a ({why.one})"
        assert folders.skipped_note({"a": why, "b": why}) == f"skipped 2 files: a, b ({why.many})"
    assert folders.skipped_note({"a.dot": folders.NOT_DOCUMENTS[".dot"][1]}) == (
        "skipped 1 file: a.dot (a Graphviz graph, not a document)")


def test_a_file_without_an_extension_is_named_in_the_skip_note(tmp_path):
    """A README or notes file without an extension, in a folder or a zip, was left out without a word."""
    shutil.copy(CHOI_1_0, tmp_path / "1.md")
    (tmp_path / "README").write_text("About these files. They are notes.\n")
    (tmp_path / "notes").write_text("How the files were made. By hand.\n")
    reading = read_dataset(tmp_path)
    assert [d.source for d in reading.documents] == ["1.md"] and not reading.problems
    assert reading.skipped == {"README": folders.ABOUT, "notes": folders.NO_EXTENSION}
    archive = zipped({"set/1.md": CHOI_1_0,
                      "set/README": "About these files. They are notes.\n",
                      "set/notes": "How the files were made. By hand.\n"})
    reading = read_files([("set.zip", archive)])
    assert [d.source for d in reading.documents] == ["set/1.md"]
    assert folders.skipped_note(reading.skipped) == (
        "skipped 2 files: set/README (a note about the files, not a document); set/notes (no file extension: not "
        "taken for a document)")
    assert read_dataset(tmp_path, format="wiki727").skipped == {}  # a format that reads such files


def test_the_skip_note_says_which_zip_each_name_comes_from(tmp_path):
    """Two zips with a set/README.md each gave one name, 'set/README.md', without its zip (the other was lost)."""
    zips = []
    for name in ("a.zip", "b.zip"):
        archive = zipped({"set/1.ref": CHOI_1_0, "set/README.md": "# Data\n\nChoi's files. Made in 2000.\n"})
        zips.append((name, archive))
    reading = read_files(zips)
    assert len(reading.documents) == 2 and list(reading.skipped) == ["a.zip/set/README.md", "b.zip/set/README.md"]
    reading = read_files(zips[:1] + [("2.ref", CHOI_1_0.read_bytes())])  # one zip: its names alone, as before
    assert list(reading.skipped) == ["set/README.md"]


def test_a_man_page_that_only_redirects_and_a_licence_named_by_its_version_are_skipped_and_said(tmp_path):
    """A page that is only '.so man1/tool.1' counted as a file that failed ('no text found'); LGPL-2.1 was skipped as
    'named like manual pages … a version number': given alone it is read as a plain text, a licence, which a folder
    skips as it skips LICENSE."""
    page = ".TH TOOL 1\n.SH NAME\ntool \\- a tool\n.SH USE\nIt runs. It stops.\n"
    (tmp_path / "tool.1").write_text(page)
    (tmp_path / "alias.1").write_text(".so man1/tool.1\n")
    (tmp_path / "other.1.gz").write_bytes(gzip.compress(b'.\\" a comment\n\n.so man1/tool.1\n'))
    (tmp_path / "LGPL-2.1").write_text("GNU LESSER GENERAL PUBLIC LICENSE\n\nYou may copy it. You may not sell it.\n")
    (tmp_path / "GPL-2").write_text("GNU GENERAL PUBLIC LICENSE\n\nYou may copy it. You may not sell it.\n")
    (tmp_path / "more.1").write_text(".so man1/tool.1\n.SH MORE\nIt also sleeps. It wakes.\n")  # more than that
    reading = read_dataset(tmp_path)
    assert [d.source for d in reading.documents] == ["more.1", "tool.1"] and not reading.problems
    to_tool = folders.REDIRECT._replace(target="man1/tool.1")
    assert reading.skipped == {"alias.1": to_tool, "GPL-2": folders.ABOUT, "LGPL-2.1": folders.ABOUT,
                               "other.1.gz": to_tool}
    assert load_data(b"GNU LICENSE\n\nYou may copy it. You may not sell it.\n", "LGPL-2.1", "auto", None,
                     "LGPL-2.1").meta["format"] == "text"
    archive = zipped({"set/alias.1": ".so man1/tool.1\n", "set/tool.1": page})
    reading = read_files([("set.zip", archive)])
    assert [d.source for d in reading.documents] == ["set/tool.1"] and not reading.problems
    assert reading.skipped == {"set/alias.1": to_tool}


def test_empty_files_and_licences_named_bsd_or_by_a_version_are_skipped_and_said(tmp_path):
    """An empty x.1 was read and failed ('no text found'); /usr/share/common-licenses' BSD was skipped as 'no file
    extension' and Apache-2.0, MPL-2.0 ('.0', no type read) left out unsaid. An empty file (compressed or not, in a
    folder or a zip) is skipped as such; licences named by their identifier, versioned or not, are notes about the
    files, as LGPL-2.1 is."""
    (tmp_path / "tool.txt").write_text("It runs. It stops.\n")
    (tmp_path / "x.1").write_bytes(b"")
    (tmp_path / "y.1.gz").write_bytes(gzip.compress(b""))
    (tmp_path / "notes.txt").write_bytes(b"")
    for name in ("BSD", "Apache-2.0", "MPL-2.0"):
        (tmp_path / name).write_text("Redistribution is permitted. Keep this notice.\n")
    reading = read_dataset(tmp_path)
    assert [d.source for d in reading.documents] == ["tool.txt"] and not reading.problems
    assert reading.skipped == {"Apache-2.0": folders.ABOUT, "BSD": folders.ABOUT, "MPL-2.0": folders.ABOUT,
                               "notes.txt": folders.EMPTY, "x.1": folders.EMPTY, "y.1.gz": folders.EMPTY}
    archive = zipped({"set/x.1": b"", "set/tool.txt": "It runs. It stops.\n"})
    reading = read_files([("set.zip", archive)])
    assert [d.source for d in reading.documents] == ["set/tool.txt"] and reading.skipped == {"set/x.1": folders.EMPTY}


def test_files_of_whitespace_only_are_skipped_as_empty_files(tmp_path):
    """A file whose text is whitespace only (spaces and line ends; a UTF-8 no-break space; UTF-16 spaces after its
    byte-order mark; inside gzip; in a zip) was read and failed ('no text found'), while a file of no bytes was
    skipped: both are skipped as empty files now. A file that begins with whitespace and holds text further on is
    read (its text is kept)."""
    (tmp_path / "tool.txt").write_text("It runs. It stops.\n")
    (tmp_path / "blank.txt").write_bytes(b"  \n\t\n\r\n")
    (tmp_path / "nbsp.md").write_bytes("\u00a0\n \n".encode())
    (tmp_path / "wide.txt").write_bytes(" \n\n".encode("utf-16"))
    (tmp_path / "x.1.gz").write_bytes(gzip.compress(b"\n\n   \n"))
    (tmp_path / "late.txt").write_bytes(b" " * (2 * folders._HEAD) + b"It starts late. It ends.\n")
    reading = read_dataset(tmp_path)
    assert reading.skipped == {name: folders.EMPTY for name in ("blank.txt", "nbsp.md", "wide.txt", "x.1.gz")}
    assert [d.source for d in reading.documents] == ["late.txt", "tool.txt"] and not reading.problems
    archive = zipped({"set/blank.txt": " \n \n", "set/tool.txt": "It runs. It stops.\n"})
    reading = read_files([("set.zip", archive)])
    assert [d.source for d in reading.documents] == ["set/tool.txt"] and not reading.problems
    assert reading.skipped == {"set/blank.txt": folders.EMPTY}


def test_a_bzip2_file_of_whitespace_only_longer_than_a_first_block_is_an_empty_file(tmp_path):
    """bzip2's start is 10 bytes long ('BZh9' and a block's '1AY&SY'): read by its first 8, a bzip2 file's content was
    looked at as its compressed bytes, and 300 kB of spaces failed ('no text found') instead of being skipped."""
    (tmp_path / "tool.txt").write_text("It runs. It stops.\n")
    (tmp_path / "z.txt.bz2").write_bytes(bz2.compress(b" " * (4 * folders._BLOCK)))
    reading = read_dataset(tmp_path)
    assert reading.skipped == {"z.txt.bz2": folders.EMPTY} and not reading.problems
    assert [d.source for d in reading.documents] == ["tool.txt"]


def test_files_of_whitespace_only_longer_than_a_first_block_are_skipped_as_empty_files(tmp_path):
    """A file of whitespace only of _HEAD bytes or more (its first block, all that was looked at) was read and failed
    ('no text found'), in a folder or a zip, compressed or not: it is an empty file now, its content read in blocks
    in the encoding of its first (UTF-16 with a byte-order mark, UTF-8 no-break spaces cut across blocks). One that
    holds text after several blocks of whitespace is read, and the look stops at the block that holds text."""
    (tmp_path / "tool.txt").write_text("It runs. It stops.\n")
    (tmp_path / "wide_blank.txt").write_bytes(b"\n" * (2 * folders._HEAD))
    (tmp_path / "spaces.md").write_bytes(b" \n" * (3 * folders._BLOCK))
    (tmp_path / "nbsp.txt").write_bytes("\u00a0 \n".encode() * folders._BLOCK)
    (tmp_path / "wide.txt").write_bytes("\n \t".encode("utf-16-be") * folders._BLOCK)
    (tmp_path / "wide_bom.txt").write_bytes(("\n \t\u3000" * folders._BLOCK).encode("utf-16"))
    (tmp_path / "x.1.gz").write_bytes(gzip.compress(b"\n" * (4 * folders._BLOCK)))
    (tmp_path / "y.txt.xz").write_bytes(lzma.compress(b" " * (4 * folders._BLOCK)))
    late = b" " * (3 * folders._BLOCK) + b"It starts late. It ends.\n"
    (tmp_path / "late.txt").write_bytes(late)
    (tmp_path / "late.txt.bz2").write_bytes(bz2.compress(late))
    reading = read_dataset(tmp_path)
    blank = ("wide_blank.txt", "spaces.md", "nbsp.txt", "wide.txt", "wide_bom.txt", "x.1.gz", "y.txt.xz")
    assert reading.skipped == {name: folders.EMPTY for name in blank} and not reading.problems
    assert [d.source for d in reading.documents] == ["late.txt", "late.txt.bz2", "tool.txt"]
    archive = zipped({"set/blank.txt": b" \n" * folders._BLOCK, "set/late.txt": late,
                      "set/tool.txt": "It runs. It stops.\n"})
    reading = read_files([("set.zip", archive)])
    assert [d.source for d in reading.documents] == ["set/late.txt", "set/tool.txt"] and not reading.problems
    assert reading.skipped == {"set/blank.txt": folders.EMPTY}

    read = []

    class Counted(io.BytesIO):
        def read(self, size=-1):
            read.append(block := super().read(size))
            return block

    text = b" " * (2 * folders._BLOCK) + b"Text. " * (10 * folders._BLOCK)
    assert not folders._blank(text[:folders._HEAD], "a.txt", lambda name: Counted(text))
    assert sum(map(len, read)) <= 4 * folders._BLOCK < len(text)


def test_man_pages_with_a_section_suffix_are_listed(tmp_path):
    """/usr/share/man's '.1p', '.3pm', '.1ssl', '.3const' pages (compressed too) were not listed at all; a file so
    named that does not begin as roff ('archive.7z') is still no document, and none to name as skipped."""
    page = ".TH {0} 3\n.SH NAME\n{0} \\- a page\n.SH USE\nIt runs. It stops.\n"
    (tmp_path / "cat.1p").write_text(page.format("CAT"))
    (tmp_path / "File::Temp.3pm.gz").write_bytes(gzip.compress(page.format("TEMP").encode()))
    (tmp_path / "openssl.1ssl").write_text(page.format("OPENSSL"))
    (tmp_path / "alias.3const.gz").write_bytes(gzip.compress(b".so man3/File::Temp.3pm\n"))
    (tmp_path / "archive.7z").write_bytes(b"7z\xbc\xaf'\x1c\x00\x04" + bytes(40))
    reading = read_dataset(tmp_path)
    assert [d.source for d in reading.documents] == ["File::Temp.3pm.gz", "cat.1p", "openssl.1ssl"]
    assert all(d.meta["format"] == "man" for d in reading.documents) and not reading.problems
    assert list(reading.skipped) == ["alias.3const.gz"]
    assert [d.source for d in read_dataset(tmp_path, format="man").documents] == [
        "File::Temp.3pm.gz", "cat.1p", "openssl.1ssl"]


def test_a_redirect_s_skip_note_names_its_target(tmp_path):
    """'alias.1 → man1/tool.1': the page to give instead, each redirect's own, in one group of the note."""
    (tmp_path / "tool.1").write_text(".TH TOOL 1\n.SH NAME\ntool \\- a tool\n.SH USE\nIt runs. It stops.\n")
    (tmp_path / "alias.1").write_text(".so man1/tool.1\n")
    (tmp_path / "other.1.gz").write_bytes(gzip.compress(b".so man1/more.1\n"))
    reading = read_dataset(tmp_path)
    assert folders.skipped_note(reading.skipped) == (
        "skipped 2 files: alias.1 → man1/tool.1, other.1.gz → man1/more.1 (manual pages that only redirect to "
        "others with .so: give those)")
