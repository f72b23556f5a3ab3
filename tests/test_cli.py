"""The command line as a user runs it: one JSON object, one-line errors with a non-zero exit, never a traceback."""
import contextlib
import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_encodings import NOISE

DATA = Path(__file__).parent / "data"
CHOI = str(DATA / "choi_1_0.ref")
PAPER = str(Path(__file__).parent.parent / "assets" / "samples" / "alemi_ginsparg_2015_paper.txt")
TINY_PDF = str(DATA / "tiny.pdf")


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "segcore", *args], input=stdin, capture_output=True, timeout=300)


def test_segment_json_contract():
    r = run("segment", str(DATA / "choi_1_0.ref"), "--method", "cvs", "--k", "10", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["n_elements"] == out["boundaries"][-1] and len(out["boundaries"]) == 10
    assert [s["end"] for s in out["segments"]] == out["boundaries"]
    assert all(s["text"] for s in out["segments"])
    assert out["method"] == "cvs" and out["params"]["split"] == "dp" and out["seconds"] >= 0
    r = run("segment", str(DATA / "choi_1_0.ref"), "--method", "texttiling", "--json")
    depth = json.loads(r.stdout)["signals"]["depth_scores"]  # each signal with the words the app's legend uses
    assert depth["axis"] == "gap" and depth["label"].startswith("depth of the similarity dip") and "x" in depth


def test_segment_stdin_params_and_text_output():
    text = ("The river flooded the valley. Water covered the fields. Boats rescued farmers.\n\n"
            "The court heard the case. The judge spoke to the jury. The verdict came at noon.").encode()
    r = run("segment", "-", "--method", "cvs", "--k", "2", "--param", "split=refine", "--param", "rep=tfidf", stdin=text)
    assert r.returncode == 0
    r = run("segment", "-", "--method", "cvs", "--k", "2", "--json", "--param", "split=greedy", stdin=text)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["boundaries"] == [3, 6]
    r = run("segment", "-", "--method", "c99", stdin=text)
    assert r.returncode == 0 and b"==========" in r.stdout


def test_a_windows_1252_text_is_read_and_the_reading_said():
    text = "Un caf\xe9 au lait. Une phrase l\xe0. Et une autre."
    r = run("segment", "-", "--method", "c99", stdin=text.encode("cp1252"))
    assert r.returncode == 0 and "Un café au lait." in r.stdout.decode()
    assert b"# read as Windows-1252 (Western European): the file is not UTF-8" in r.stderr


@pytest.mark.parametrize("args, stdin, message", [
    (("segment", "/no/such/file.txt"), None, b"not found"),
    (("segment", "-"), b"   \n ", b"no text"),
    (("segment", "-"), b"\x00\x01\x02binary\xff", b"binary"),
    (("segment", "-", "--format", "text"), NOISE, b"not text in any encoding recognised"),
    (("segment", str(DATA / "notext.pdf")), None, b"text layer"),
    (("segment", "-", "--format", "pdf"), b"hello, not a pdf", b"PDF"),
    (("segment", str(DATA / "choi_1_0.ref"), "--k", "0"), None, b"number of segments"),
    (("segment", str(DATA / "choi_1_0.ref"), "--k", "100000"), None, b"number of segments"),
    (("segment", str(DATA / "choi_1_0.ref"), "--param", "nokey"), None, b"KEY=VALUE"),
    (("segment", str(DATA / "choi_1_0.ref"), "--method", "cvs", "--param", "split=fast"), None, b"one of"),
    (("segment", str(DATA / "choi_1_0.ref"), "--method", "nope"), None, b"unknown method"),
    (("segment", "-", "--method", "cvs", "--k", "2"), b"zzqxj qqxzv vvqzx. qqzzx zzqqj xxzqv.", b"vocabulary"),
    (("evaluate", "/no/such/folder"), None, b"not found"),
    (("segment", PAPER, "--level", "word", "--method", "best", "--param", "paragraphs=false", "--timeout", "1"), None,
     b"time limit of 1 s"),
    (("segment", PAPER, "--level", "word", "--method", "cvs", "--param", "paragraphs=false", "--max-memory", "5M"),
     None, b"its limit of 5 MB"),
    (("segment", PAPER, "--level", "word", "--max-elements", "1000"), None, b"use sentences instead of words"),
    (("segment", "-", "--max-chars", "10"), b"A text. Longer than ten.", b"more than the limit of 10"),
    (("segment", TINY_PDF, "--max-pages", "2"), None, b"3 PDF pages, more than the limit of 2; split the PDF, or "
                                                       b"raise the limit (--max-pages"),
    (("segment", str(DATA / "choi_1_0.ref"), "--timeout", "0"), None, b"more than 0 seconds"),
    (("segment", str(DATA / "choi_1_0.ref"), "--max-memory", "lots"), None, b"size such as 2G"),
    (("evaluate", "choi/3-5", "--timeout", "10", "--jobs", "2"), None, b"leave out --jobs"),
    # issue #13: values that once gave silent nonsense, hung or ran out of memory
    (("segment", CHOI, "--method", "best", "--param", "beta=inf", "--k", "5"), None, b"'beta' must be a number"),
    (("segment", CHOI, "--method", "lda", "--param", "alpha=nan"), None, b"'alpha' must be a number"),
    (("segment", CHOI, "--method", "lda", "--param", "passes=1e9"), None, b"'passes' must be a whole number from 1"),
    (("segment", CHOI, "--method", "lda", "--param", "topics=1e9"), None, b"'topics' must be a whole number from 1"),
    (("segment", CHOI, "--method", "c99", "--param", "rank=-3"), None, b"'rank' must be a whole number from 0 to 25"),
    (("segment", CHOI, "--method", "c99", "--param", "rank=1e9"), None, b"'rank' must be a whole number from 0"),
    (("segment", CHOI, "--method", "ui", "--param", "lam=nan"), None, b"'lam' must be a number from 0"),
    (("segment", CHOI, "--method", "ui", "--param", "lam=-1"), None, b"'lam' must be a number from 0"),
    (("segment", CHOI, "--method", "simon", "--param", "lam=inf"), None, b"'lam' must be a number from 0"),
    (("segment", CHOI, "--method", "texttiling", "--param", "rounds=1000000000"), None, b"'rounds' must be"),
    (("segment", CHOI, "--jobs", "0"), None, b"--jobs: must be from 1 to 256"),
    (("evaluate", "choi/3-5", "--jobs", "0"), None, b"--jobs: must be from 1 to 256"),
    (("segment", CHOI, "--k", "2.5"), None, b"invalid int value"),
    (("segment", CHOI, "--method", "best", "--param", "vectors=/nonexistent", "--k", "5"), None,
     b"word-vector file not found: /nonexistent"),
    (("segment", CHOI, "--method", "best", "--param", "stopwords=/nonexistent", "--k", "5"), None,
     b"stopword list not found"),
])
def test_bad_input_is_one_line_and_nonzero(args, stdin, message):
    r = run(*args, stdin=stdin)
    assert r.returncode != 0
    assert b"Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert message.lower() in r.stderr.lower(), r.stderr


def test_evaluate_json_on_a_folder(tmp_path):
    for name in ("choi_1_0.ref", "choi_3_48.ref"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    s = out["summary"]
    assert s["documents"] == 2 and 0 <= s["pk"] <= 1 and 0 <= s["windowdiff"] <= 1 and 0 <= s["f1"] <= 1
    assert s["seconds_per_document"] > 0
    for d in out["documents"]:
        assert len(d["hypothesis"]) == len(d["reference"]) and d["hypothesis"][-1] == d["n"]
        assert {"source", "pk", "windowdiff", "seconds", "pk_none", "pk_even"} <= set(d)
    assert s["pk_none"] > s["pk"] and s["segments_found"] == s["segments_true"]


def test_evaluate_reads_a_folder_at_word_level(tmp_path):
    """evaluate had no --level, yet a one-sentence document's error told it to use '--level word on the command
    line'; a bundled dataset keeps its own level and says so."""
    (tmp_path / "notes.txt").write_text("# Rivers\n\nRivers carry water. They shape valleys.\n\n# Hills\n\n"
                                       "Hills rise slowly. Sheep graze there.\n")
    words = json.loads(run("evaluate", str(tmp_path), "--method", "ui", "--level", "word", "--json").stdout)
    assert [d["n"] for d in words["documents"]] == [18]  # the headings, the words and full stops of the sentences
    r = run("evaluate", "choi/3-5", "--level", "word")
    assert r.returncode == 2 and r.stderr.decode().count("\n") == 1
    said = "choi/3-5 is a bundled dataset, read at its own level: --level is for a folder or a file"
    assert said in r.stderr.decode()


def test_evaluate_with_jobs_prints_no_warning_when_dask_s_port_is_taken(tmp_path):
    """With --jobs 2 and port 8787 in use (another dask cluster, the app's), dask's "UserWarning: Port 8787 is
    already in use ... warnings.warn(" came before the table: the cluster's scheduler opened its HTTP server there."""
    for name in ("choi_1_0.ref", "choi_3_48.ref"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    with socket.socket() as taken:
        with contextlib.suppress(OSError):  # already taken by someone else: as good
            taken.bind(("127.0.0.1", 8787))
            taken.listen()
        r = run("evaluate", str(tmp_path), "--method", "cvs", "--jobs", "2")
    assert r.returncode == 0, r.stderr
    assert b"Warning" not in r.stderr and b"8787" not in r.stderr


def test_every_option_says_what_it_does_in_help():
    """segment --help showed '--method METHOD' with no line (nor its default), evaluate --help '--param KEY=VALUE'
    and '--json' too."""
    from segcore.cli import build_parser

    commands = next(a for a in build_parser()._actions if a.choices).choices
    bare = [f"{name} {a.option_strings[-1]}" for name, p in commands.items() for a in p._actions
            if a.option_strings and not a.help]
    assert bare == []
    shown = run("segment", "--help").stdout.decode()
    assert "method (default: best; python -m segcore methods lists them)" in " ".join(shown.split())


def test_chapters_of_an_untimed_text_are_refused_before_segmenting():
    """--to chapters of a text without times was refused only once the text was segmented (the whole run's time
    first; a K out of range was said instead)."""
    r = run("segment", str(DATA / "choi_1_0.ref"), "--to", "chapters", "--k", "500")
    assert r.returncode == 2 and r.stderr.decode().startswith("segcore: error: chapters need a timed transcript")


def test_a_folder_with_bad_files_carries_on_and_counts_them(tmp_path):
    """A malformed file, an unreadable one and a document no method can segment: the others are evaluated, each bad
    one is named once, the counts are said, and the exit status says the result is partial."""
    (tmp_path / "good.ref").write_bytes((DATA / "choi_1_0.ref").read_bytes())
    (tmp_path / "binary.ref").write_bytes(b"\x00\x01\x02binary\xff")
    (tmp_path / "unknown.ref").write_bytes(b"==========\nzzqxj qqxzv.\nvvqzx xqzzj.\n==========\nqqzzx zzqqj.\n"
                                           b"==========\n")
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference")
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert b"2 documents (1 failed, 1 file unreadable)" in r.stdout, r.stdout
    assert r.stderr.count(b"binary.ref") == 1 and b"unknown.ref" in r.stdout and b"vocabulary" in r.stdout
    assert b"Pk " in r.stdout.split(b"2 documents")[1]  # the good document's scores
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference", "--json")
    summary = json.loads(r.stdout)["summary"]
    assert r.returncode == 2 and summary["failed"] == 1 and summary["unreadable_files"] == 1
    r = run("segment", str(tmp_path), "--method", "cvs", "--k", "2")
    assert r.returncode == 2 and b"2 documents (1 failed, 1 file unreadable)" in r.stderr  # evaluate's count
    assert r.stderr.count(b"binary.ref") == 1 and b"good.ref\t2 segments" in r.stdout
    (tmp_path / "good.ref").unlink()
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference", "--json")
    assert r.returncode == 2 and json.loads(r.stdout)["summary"]["pk"] is None  # valid JSON: no NaN
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference")
    assert b"No document was segmented" in r.stdout and b"nan" not in r.stdout


def test_a_budget_gives_the_same_answer():
    """--timeout and --max-memory run the segmentation in a worker process: the answer is the one without them."""
    args = ("segment", str(DATA / "choi_1_0.ref"), "--method", "cvs", "--k", "10", "--json")
    here, there = run(*args), run(*args, "--timeout", "120", "--max-memory", "2G")
    assert there.returncode == 0, there.stderr
    assert json.loads(there.stdout)["boundaries"] == json.loads(here.stdout)["boundaries"]
    r = run("evaluate", "choi/3-5", "--method", "cvs", "--k-from-reference", "--json", "--timeout", "120")
    assert r.returncode == 0 and json.loads(r.stdout)["summary"]["documents"] == 100


def test_evaluate_bundled_dataset_by_name_table_output():
    r = run("evaluate", "choi/3-5", "--method", "c99")
    assert r.returncode == 0, r.stderr
    assert b"100 documents" in r.stdout and b"Pk" in r.stdout
    assert b"no boundary" in r.stdout and b"evenly spaced" in r.stdout  # the baselines beside the method


def test_a_folder_without_documents_says_so_in_a_short_line(tmp_path):
    (tmp_path / "tool.py").write_text("print('hello')\n")
    r = run("segment", str(tmp_path))
    assert r.returncode == 2 and r.stderr.count(b"\n") == 1 and len(r.stderr) < 240, r.stderr
    assert b"no document files (none of the" in r.stderr and b"such as .txt, .md, .pdf" in r.stderr
    r = run("evaluate", str(tmp_path), "--format", "choi")
    assert r.returncode == 2 and b"no .ref files found in this folder" in r.stderr, r.stderr


def test_evaluate_a_mistyped_dataset_name_lists_the_bundled_ones():
    r = run("evaluate", "choi/3-4")
    assert r.returncode == 2 and r.stderr.count(b"\n") == 1, r.stderr
    assert b"file not found: choi/3-4 (nor a bundled dataset: choi/3-11, choi/3-5" in r.stderr


def test_evaluate_and_segment_print_every_score_in_percent(tmp_path):
    """Pk, WindowDiff and F1 in %, with the decimals of the app's tables and the results tables
    (metrics.PERCENT_DIGITS): F1 was a fraction (0.800) beside Pk and WindowDiff in %."""
    (tmp_path / "a.ref").write_bytes((DATA / "choi_1_0.ref").read_bytes())
    out = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference").stdout.decode()
    row = next(line for line in out.splitlines() if line.startswith("a.ref"))
    assert re.search(r" \d+\.\d\d % +\d+\.\d\d % +\d+\.\d % ", row), row
    method = next(line for line in out.splitlines() if line.strip().startswith("cvs"))
    assert re.search(r"Pk +\d+\.\d\d %  WindowDiff +\d+\.\d\d %  F1 +\d+\.\d % ", method), method
    even = next(line for line in out.splitlines() if "evenly spaced" in line)
    assert re.search(r"F1 +\d+\.\d %$", even), even
    md = tmp_path / "notes.md"
    md.write_text("# Notes\n\n## Volcanoes\n\nLava flows cool into basalt. Ash clouds ground aircraft. Magma rises.\n\n"
                  "## Bread\n\nDough is kneaded and baked. Yeast makes it rise. The oven is hot.\n")
    r = run("segment", str(md), "--method", "cvs", "--k", "2", "--reference", "sections")
    assert re.search(r"Pk \d+\.\d\d %  WindowDiff \d+\.\d\d %  F1 \d+\.\d %", r.stderr.decode()), r.stderr


def test_methods_lists_parameters():
    r = run("methods", "--json")
    assert r.returncode == 0
    methods = json.loads(r.stdout)
    for name in ("c99", "oc99", "cvs", "euclidean"):
        assert name in methods
    assert methods["oc99"]["params"]["rank"]["default"] == 11
    assert methods["cvs"]["params"]["split"]["choices"] == ["greedy", "dp", "refine"]


def test_segment_says_what_reading_a_pdf_left_out():
    r = run("segment", str(DATA / "papers" / "lexical_chains.pdf"), "--method", "cvs", "--k", "4")
    assert r.returncode == 0, r.stderr
    notes = [ln for ln in r.stderr.decode().splitlines() if ln.startswith("# left out")]
    assert len(notes) == 1 and notes[0].startswith("# left out of the PDF: running headers and page numbers (")
    assert "captions (" in notes[0] and notes[0].endswith(
        ", and the reference list and appendices (from the heading 'References' on)")


def test_the_command_line_starts_without_the_libraries_only_some_runs_need():
    """Start-up imports only what every run needs: the optimiser, topic model, PDF readers, encoders and the app's
    libraries are imported by the runs that use them."""
    heavy = ("scipy.optimize", "gensim", "pdfminer", "pypdfium2", "torch", "streamlit", "plotly", "dask")
    r = subprocess.run([sys.executable, "-c", "import sys, segcore.cli; print(' '.join(sorted(sys.modules)))"],
                       capture_output=True, text=True, timeout=120)
    loaded = set(r.stdout.split())
    assert r.returncode == 0, r.stderr
    assert "segcore.algorithms.bayesseg" in loaded and not [m for m in heavy if m in loaded]


def test_segment_says_how_sure_an_automatic_k_is_and_nothing_when_k_is_given():
    r = run("segment", CHOI, "--method", "best")
    assert r.returncode == 0, r.stderr
    line = next(ln for ln in r.stderr.decode().splitlines() if "chosen automatically" in ln)
    k = int(re.search(r"# (\d+) segments", r.stderr.decode()).group(1))
    assert line.startswith(f"# K = {k} chosen automatically (") and "The evidence supports" in line
    assert "*" not in line  # plain text, not the app's Markdown
    r = run("segment", CHOI, "--method", "best", "--k", "4")
    assert r.returncode == 0 and b"chosen automatically" not in r.stderr
    auto = json.loads(run("segment", CHOI, "--method", "best", "--json").stdout)  # the same words in JSON
    assert auto["k_choice"]["text"] == line[2:] and auto["k_choice"]["sureness"] in line
    assert "k_choice" not in json.loads(run("segment", CHOI, "--method", "best", "--k", "4", "--json").stdout)


MARKDOWN = ("# Rivers\n\nRivers carry water to the sea. They shape deep valleys over time. Fish swim in them.\n\n"
            "# Hills\n\nHills rise slowly above the plain. Sheep graze there all summer. Walkers climb them.\n\n"
            "# Towns\n\nTowns grow along the roads. Markets open on Mondays. People trade bread and cloth.\n")


def test_a_folder_of_markdown_files_segments_and_evaluates(tmp_path):
    """`segment DIR` of .md files failed with 'no .ref/.txt/.pdf/... files found': a folder took fewer file types
    than one file does."""
    for name in ("a.md", "b.markdown"):
        (tmp_path / name).write_text(MARKDOWN)
    r = run("segment", str(tmp_path), "--method", "cvs", "--k", "3")
    assert r.returncode == 0, r.stderr
    assert [line.split("\t")[0] for line in r.stdout.decode().splitlines()] == ["a.md", "b.markdown"]
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--reference", "auto", "--json")
    assert r.returncode == 0, r.stderr
    assert [len(d["reference"]) for d in json.loads(r.stdout)["documents"]] == [3, 3]  # the headings


def test_a_choi_folder_with_a_readme_evaluates_only_its_ref_files_and_says_so(tmp_path):
    """A dataset folder's README.md, LICENSE and notes.txt are not documents to score; what is left out is said."""
    for name in ("choi_1_0.ref", "choi_3_48.ref"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    (tmp_path / "README.md").write_text(MARKDOWN)
    (tmp_path / "LICENSE").write_text("Permission is granted to anyone.\n")
    (tmp_path / "notes.txt").write_text("How the files were made. They were made by hand.\n")
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference", "--json")
    assert r.returncode == 0, r.stderr
    assert [d["source"] for d in json.loads(r.stdout)["documents"]] == ["choi_1_0.ref", "choi_3_48.ref"]
    said = [line for line in r.stderr.decode().splitlines() if "skipped" in line]
    assert len(said) == 1 and "README.md" in said[0] and "notes.txt" in said[0], r.stderr
    r = run("segment", str(tmp_path), "--method", "cvs", "--k", "2")
    assert r.returncode == 0 and r.stdout.decode().count("\t") == 4 and b"README.md" in r.stderr
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--format", "text", "--reference", "auto", "--json")
    assert [d["source"] for d in json.loads(r.stdout)["documents"]] == ["README.md"]  # a format says otherwise


def test_a_folder_with_hundreds_of_skipped_files_says_a_count_and_json_lists_them_all(tmp_path):
    """The skip line named each of 312 skipped files; it now counts them and names a few, --json keeps every name."""
    (tmp_path / "choi_1_0.ref").write_bytes((DATA / "choi_1_0.ref").read_bytes())
    names = [f"note{i}.txt" for i in range(1, 313)]
    for name in names:
        (tmp_path / name).write_text("How the files were made. By hand.\n")
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference")
    said = [line for line in r.stderr.decode().splitlines() if "skipped" in line]
    assert r.returncode == 0 and len(said) == 1 and len(said[0]) < 300, r.stderr
    assert "skipped 312 files: note1.txt, note2.txt, note3.txt and 309 more" in said[0]
    assert "evaluate --json lists them all (summary.skipped_files)" in said[0]
    r = run("evaluate", str(tmp_path), "--method", "cvs", "--k-from-reference", "--json")
    assert json.loads(r.stdout)["summary"]["skipped_files"] == names


def test_a_folder_is_listed_and_a_zip_opened_once(tmp_path, monkeypatch, capsys):
    """segment on a folder listed it twice (its documents, then the skipped names); evaluate opened a zip twice."""
    import zipfile
    from segcore import cli
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "choi_1_0.ref").write_bytes((DATA / "choi_1_0.ref").read_bytes())
    (folder / "README.md").write_text(MARKDOWN)
    listed, opened = [], []
    rglob, open_zip = Path.rglob, zipfile.ZipFile.__init__
    monkeypatch.setattr(Path, "rglob", lambda self, *a: listed.append(self) or rglob(self, *a))
    assert cli.main(["segment", str(folder), "--method", "cvs", "--k", "2"]) == 0
    assert listed == [folder] and "README.md" in capsys.readouterr().err
    with zipfile.ZipFile(tmp_path / "set.zip", "w") as zf:
        zf.write(folder / "choi_1_0.ref", "set/choi_1_0.ref")
        zf.write(folder / "README.md", "set/README.md")
    monkeypatch.setattr(zipfile.ZipFile, "__init__", lambda self, *a, **k: opened.append(a) or open_zip(self, *a, **k))
    assert cli.main(["evaluate", str(tmp_path / "set.zip"), "--method", "cvs", "--k-from-reference"]) == 0
    assert len(opened) == 1 and "set/README.md" in capsys.readouterr().err


def test_segment_json_on_a_folder_or_a_zip_ends_with_the_summary_of_what_was_read(tmp_path):
    """`segment FOLDER --json` said nothing in its JSON of the files skipped or unread (evaluate --json has
    summary.skipped_files), and `segment ZIP` was refused as a binary file."""
    import zipfile
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "choi_1_0.ref").write_bytes((DATA / "choi_1_0.ref").read_bytes())
    (folder / "bad.ref").write_bytes(b"==========\n==========\n")  # no sentence: read and failed (an empty file,
    # or one of whitespace only, is skipped as such)
    names = [f"note{i}.txt" for i in range(1, 6)]
    for name in names:
        (folder / name).write_text("How the files were made. By hand.\n")
    with zipfile.ZipFile(tmp_path / "set.zip", "w") as zf:
        for p in sorted(folder.iterdir()):
            zf.write(p, f"set/{p.name}")
    for path, prefix in ((folder, ""), (tmp_path / "set.zip", "set/")):
        r = run("segment", str(path), "--method", "cvs", "--k", "2", "--json")
        lines = [json.loads(line) for line in r.stdout.decode().splitlines()]
        assert r.returncode == 2 and [d["source"] for d in lines[:-1]] == [prefix + "bad.ref", prefix + "choi_1_0.ref"]
        assert lines[-1] == {"summary": {"documents": 1, "failed": 0, "unreadable_files": 1,
                                         "skipped_files": [prefix + name for name in names]}}, lines[-1]
        said = [line for line in r.stderr.decode().splitlines() if "skipped" in line]
        assert len(said) == 1 and "and 2 more" in said[0], r.stderr
        assert "segment --json lists them all (summary.skipped_files)" in said[0]
    r = run("evaluate", str(folder), "--method", "cvs", "--k-from-reference", "--json")
    summary = json.loads(r.stdout)["summary"]
    assert summary["skipped_files"] == names and summary["unreadable_files"] == 1


def test_the_skip_line_offers_a_format_only_for_files_one_reads(tmp_path):
    """'--format FORMAT reads every file of that format' ended every skip line, also when no format reads any skipped
    file (one without an extension, a manual page that only redirects, a licence named by its version); it now says
    which format reads which, or nothing."""
    (tmp_path / "choi_1_0.ref").write_bytes((DATA / "choi_1_0.ref").read_bytes())
    (tmp_path / "notes").write_text("How the files were made. By hand.\n")
    (tmp_path / "alias.1").write_text(".so man1/tool.1\n")
    (tmp_path / "GPL-2.1").write_text("GNU GENERAL PUBLIC LICENSE\n\nYou may copy it. You may not sell it.\n")
    r = run("segment", str(tmp_path), "--method", "cvs", "--k", "2")
    said = [line for line in r.stderr.decode().splitlines() if "skipped" in line]
    assert r.returncode == 0 and len(said) == 1 and "--format" not in said[0], r.stderr
    (tmp_path / "README.md").write_text("# Data\n\nChoi's files. Made in 2000.\n")
    (tmp_path / "n1.txt").write_text("How the files were made. By hand.\n")
    (tmp_path / "n2.txt").write_text("How the files were made. By hand.\n")
    (tmp_path / "n3.txt").write_text("How the files were made. By hand.\n")
    r = run("segment", str(tmp_path), "--method", "cvs", "--k", "2")
    said = [line for line in r.stderr.decode().splitlines() if "skipped" in line]
    assert said[0].endswith("; --format text reads README.md, n1.txt, n2.txt and 1 more"), r.stderr


def test_the_text_output_writes_a_blank_line_where_a_heading_or_paragraph_opens_and_the_exports_one_line_a_block():
    """The text output put one new line where a block opens, as between a sentence's lines: a heading read as a
    one-line paragraph run into the next. Now a blank line opens each block (a paragraph as plain text writes it),
    at both levels, and nowhere else; the exports' text keeps its form: a block a line at word level, a sentence a
    line at sentence level."""
    blocks = ["Volcanoes", "Magma rises through the crust. It cools into AI-assisted rock.",
              "Bakers knead the dough. Yeast makes it rise."]
    source = f"# {blocks[0]}\n\n" + "\n\n".join(blocks[1:]) + "\n"
    for level, lines in (("word", blocks), ("sentence", [re.split(r"(?<=\.) ", b) for b in blocks])):
        r = run("segment", "-", "--format", "text", "--level", level, "--method", "cvs", "--k", "1",
                stdin=source.encode())
        assert r.returncode == 0, r.stderr
        text = r.stdout.decode().split("\n", 1)[1]  # after the segment's header line
        block_lines = lines if level == "word" else ["\n".join(b) for b in lines]
        assert text == "\n\n".join(block_lines) + "\n", text
        r = run("segment", "-", "--format", "text", "--level", level, "--method", "cvs", "--k", "1", "--to",
                "jsonl", stdin=source.encode())
        exported = json.loads(r.stdout)["text"].split("\n")
        assert exported == (blocks if level == "word" else [s for b in lines for s in b]), exported
