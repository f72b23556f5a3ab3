"""The Compare, Benchmark and About pages and the frame every page runs in, under AppTest: two methods side by side,
datasets and sweeps with their baselines, background runs that can be stopped, zips with bad files."""

from __future__ import annotations

import io
import time
import zipfile

import numpy as np
import psutil
import pytest
from streamlit.testing.v1 import AppTest

from explorer import documents
from explorer.documents import SAMPLES_SET
from segcore import METHODS, datasets
from tests.apptest import SAMPLES, charts, decode, errors, new_app, run, upload


def test_compare_page():
    at = run(new_app())
    at.switch_page("pages/compare.py")
    run(at)
    assert not errors(at)
    chosen = at.multiselect(key="cmp_methods").value
    assert 2 <= len(chosen) <= 4
    strips = charts(at)[0]
    rows = {t["y"][0] for t in strips["data"]}
    assert rows == {"reference", *chosen}
    tables = at.dataframe
    assert len(tables) == 3  # scores and time; pairwise Pk; pairwise WindowDiff
    scores = tables[0].value
    assert set(chosen) <= set(scores["method"]) and "baseline: none" in set(scores["method"])
    assert {"Pk %", "WindowDiff %", "F1 %", "ms"} <= set(scores.columns)  # named as on the Benchmark page
    none = scores.set_index("method").loc["baseline: none"]
    assert 1 < none["Pk %"] < 100 and none["F1 %"] == 0  # in %, as the Benchmark page and the results tables
    pk = tables[1].value
    assert list(pk.index) == chosen and np.allclose(np.diag(pk.values), 0)
    assert pk.values.max() > 1 and tables[2].value.values.max() > 1  # pairwise Pk and WindowDiff in %, as the scores
    assert {"**Pk %** (row taken as reference)", "**WindowDiff %** (row taken as reference)"} <= {
        m.value for m in at.markdown}
    # document chosen in the sidebar is shared with Explore
    at.sidebar.selectbox(key="sample").set_value("choi-2_7")
    at.radio(key="cmp_k_mode").set_value("Automatic")
    run(at)
    assert charts(at)


def test_compare_needs_two_methods():
    at = run(new_app())
    at.switch_page("pages/compare.py")
    run(at)
    at.multiselect(key="cmp_methods").set_value(["cvs"])
    run(at)
    assert any("at least two" in i.value for i in at.info)


def bench_app(source: str) -> AppTest:
    at = run(new_app())
    at.switch_page("pages/benchmark.py")
    run(at)
    at.selectbox(key="bench_source").set_value(source)
    return run(at)


def test_benchmark_on_samples_with_baselines():
    at = bench_app("Bundled samples (2 Choi + 1 arXiv document)")
    at.multiselect(key="bench_methods").set_value(["cvs", "c99"])
    at.button(key="bench_run").click()
    run(at)
    assert not errors(at)
    summary_table = at.dataframe[0].value
    assert list(summary_table["method"]) == ["cvs", "c99"]
    scores = ["Pk %", "Pk % · none", "Pk % · even", "WindowDiff %", "WindowDiff % · none", "WindowDiff % · even",
              "F1 %", "F1 % · even"]
    assert list(summary_table.columns) == ["method", "docs", *scores, "ms/doc", "mean K"]
    assert 0 < summary_table["Pk % · none"].iloc[0] < 100 and summary_table["Pk %"].iloc[0] > 1  # in %, not fractions
    assert (summary_table["docs"] == 3).all()
    dist = charts(at)[0]
    assert {t["name"] for t in dist["data"]} == {"cvs", "c99", "baseline: none"}
    assert all(len(decode(t["y"])) == 3 for t in dist["data"])
    none = next(t for t in dist["data"] if t["name"] == "baseline: none")
    assert np.isclose(np.mean(decode(none["y"])), summary_table["Pk % · none"].iloc[0], atol=0.01)  # in %, as above
    per_document = at.dataframe[1].value  # reads like the summary: the same score columns, in %
    assert list(per_document.columns) == ["method", "document", "sentences or words", "reference K", "K", *scores,
                                          "ms"]  # 2 Choi documents in sentences, 1 arXiv in words
    assert np.isclose(per_document[per_document["method"] == "cvs"]["Pk %"].mean(), summary_table["Pk %"].iloc[0],
                      atol=0.01)
    assert at.get("download_button")[0].proto.help  # the CSV: machine-readable keys, fractions (said in its help)


def test_benchmark_parameter_sweep():
    at = bench_app("Bundled samples (2 Choi + 1 arXiv document)")
    at.selectbox(key="sweep_method").set_value("c99")
    run(at)
    at.selectbox(key="sweep_param").set_value("rank")
    run(at)
    at.number_input(key="sweep_lo_c99_rank").set_value(5)
    at.number_input(key="sweep_hi_c99_rank").set_value(11)
    at.number_input(key="sweep_n_c99_rank").set_value(3)
    at.button(key="sweep_run").click()
    run(at)
    sweep = next(s for s in charts(at) if s["layout"].get("xaxis", {}).get("title", {}).get("text", "").endswith(
        "rank"))
    assert [list(decode(t["x"])) for t in sweep["data"]][0] == [5, 8, 11]
    assert {t["name"] for t in sweep["data"]} == {"Pk %", "WindowDiff %", "F1 %"}
    table = at.dataframe[-1].value  # the same names and units as the Methods tab's summary: Pk etc. in %
    assert list(table.columns)[:4] == ["value", "Pk %", "WindowDiff %", "F1 %"]
    pk = next(t for t in sweep["data"] if t["name"] == "Pk %")
    assert list(decode(pk["y"])) == list(table["Pk %"]) and table["Pk %"].max() > 1


def test_a_zip_upload_is_opened_once(monkeypatch):
    """The app's zip upload was opened twice: to read its documents, then to find the skipped names."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("set/a.ref", (SAMPLES / "choi_3-11_1_0.ref").read_bytes())
        zf.writestr("set/README.md", b"Not a document.")
    opened, open_zip = [], zipfile.ZipFile.__init__
    monkeypatch.setattr(zipfile.ZipFile, "__init__", lambda self, *a, **k: opened.append(a) or open_zip(self, *a, **k))
    docs, problems, skipped = documents.read_reference_files([("set.zip", buf.getvalue())])
    assert [d.source for d in docs] == ["set/a.ref"] and len(opened) == 1
    assert not problems and skipped == "skipped 1 file: set/README.md (a note about the files, not a document)"


def test_benchmark_upload_zip_and_bad_files():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("set/a.ref", (SAMPLES / "choi_3-11_1_0.ref").read_bytes())
        zf.writestr("set/b.ref", (SAMPLES / "choi_3-11_2_7.ref").read_bytes())
        zf.writestr("set/readme.txt", b"Not a document. It has no reference.")
    files = [("set.zip", buf.getvalue()), ("plain.ref", b"no separators, no BR\n"), ("bad.zip", b"PK not a zip"),
             ("empty.ref", b"")]
    docs, problems, skipped = documents.read_reference_files(files)
    assert [d.source for d in docs] == ["set/a.ref", "set/b.ref", "plain.ref"]  # plain.ref: one segment
    assert any("not a valid zip" in p for p in problems) and any(p.startswith("empty.ref") for p in problems)
    # beside .ref files, a zip's readme is no document: said apart, not read as a document without a reference
    assert skipped == "skipped 1 file: set.zip/set/readme.txt (a note about the files, not a document)"  # 2 zips
    assert not any("readme" in p for p in problems)

    at = bench_app("Upload .ref files or a .zip of them")
    assert any("Upload some .ref files" in i.value for i in at.info)
    at.file_uploader(key="bench_upload").set_value([("set.zip", buf.getvalue(), "application/zip")])
    run(at)
    # the files skipped are news, not a fault: an info, not a red error (it read as one beside a Graphviz .dot)
    notes = [i.value.replace("\\", "") for i in at.info]  # without md()'s escapes
    assert not errors(at) and "Skipped 1 file: set/readme.txt (a note about the files, not a document)" in notes, notes
    assert any("2 documents" in c.value for c in at.caption)
    at.multiselect(key="bench_methods").set_value(["cvs"])
    at.button(key="bench_run").click()
    run(at)
    # the run names the upload, not the Dataset box's option ('2 runs on Upload .ref files or a .zip of them')
    assert any("2 runs on set.zip (Reference K)" in s.value.replace("\\", "") for s in at.success)
    at.file_uploader(key="bench_upload").set_value([("set.zip", buf.getvalue(), "application/zip"),
                                                   ("bad.zip", b"PK not a zip", "application/zip")])
    run(at)
    assert any("not a valid zip" in e for e in errors(at))
    at.button(key="bench_run").click()
    run(at)
    assert any("2 runs on 2 uploaded files (Reference K)" in s.value for s in at.success)


def test_benchmark_bundled_dataset():
    at = bench_app(datasets.NAMES[0])
    assert not errors(at)
    at.number_input(key="bench_max_docs").set_value(2)
    at.multiselect(key="bench_methods").set_value([next(iter(METHODS))])
    at.button(key="bench_run").click()
    run(at)
    assert at.dataframe[0].value["docs"].iloc[0] == 2


def test_benchmark_stopped_run_keeps_partial_results():
    """A run stopped after its first document keeps that row and says so."""
    from explorer.jobs import Job
    from segcore.budget import Runner
    from segcore.evaluation import Setting, evaluate_many

    def stop_after_first(batches, progress, stop, run):
        done = []
        return evaluate_many(batches, progress=lambda d, t: (done.append(d), progress(d, t)),
                             stop=lambda: bool(done) or stop(), run=run)

    with Runner() as runner:
        job = Job(stop_after_first, [(documents.cached_dataset(SAMPLES_SET), Setting.of("cvs"))], about="samples",
                  runner=runner)
        while job.running:
            time.sleep(0.05)
    assert job.done == 1 and job.total == 3 and not job.result[0].complete
    at = bench_app(SAMPLES_SET)
    at.session_state["bench_job"] = job
    run(at)
    assert any("Stopped after 1 of 3" in w.value for w in at.warning)
    assert at.dataframe[0].value["docs"].iloc[0] == 1


def test_stop_kills_the_document_under_way():
    """Stop does not wait for the document under way: its worker is killed at once."""
    from explorer.jobs import Job
    from segcore.budget import Runner

    with Runner() as runner:
        job = Job(lambda progress, stop, run: run(time.sleep, 120), runner=runner)
        deadline = time.time() + 60
        while not any(w.alive for w in runner._busy) and time.time() < deadline:
            time.sleep(0.05)
        pid = next(iter(runner._busy)).pid
        t = time.time()
        job.stop()
        while job.running:
            time.sleep(0.05)
        assert time.time() - t < 30 and "stopped" in job.error
        assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


def test_benchmark_runs_in_a_background_job():
    """Run starts segcore.evaluation.evaluate_many in a job; the page follows it to its end and shows the results."""
    at = bench_app(SAMPLES_SET)
    at.multiselect(key="bench_methods").set_value(["cvs"])
    at.button(key="bench_run").click()
    run(at)
    job = at.session_state["bench_job"]
    assert not job.running and job.result[0].complete
    assert any("3 runs on" in s.value for s in at.success)


def test_about_lists_every_registered_method():
    at = run(new_app())
    at.switch_page("pages/about.py")
    run(at)
    labels = [e.label for e in at.expander]
    for name, m in METHODS.items():
        assert any(lab.startswith(f"**{name}**") for lab in labels), name
        assert any(m.citation in md.value for md in at.markdown)
    assert any("How to read the plots" in h.value for h in at.header)


@pytest.mark.parametrize("page,title", [("pages/compare.py", "Compare methods"), ("pages/benchmark.py", "Benchmark"),
                                        ("pages/about.py", "About the Segmentation Explorer")])
def test_a_page_runs_once_inside_the_frame(page, title):
    """AppTest runs a page file directly (Streamlit's legacy pages/ layout): the page runs the frame around itself."""
    at = run(new_app())
    at.switch_page(page)
    run(at)
    assert [t.value for t in at.title] == [title]
    assert ("Document" in [h.value for h in at.sidebar.header]) == (title == "Compare methods")


def test_compare_on_a_meeting_transcript_speaks_of_no_reference_it_lacks():
    """A meeting transcript (Otter.ai layout) on the Compare page: read as a transcript, one strip per method and a
    caption that speaks of no reference row or reference lines (there is none to draw); each segment's times in its
    strip's hover, as in the Segments table."""
    from segcore.document import where
    from tests.test_transcripts import _transcript

    at = upload(run(new_app()), "meeting.txt", _transcript("otter").encode("utf-8"))
    at.switch_page("pages/compare.py")
    run(at)
    assert not errors(at) and any("format: transcript" in m.value for m in at.markdown)
    strips = charts(at)[0]["data"]
    assert {t["y"][0] for t in strips} == set(at.multiselect(key="cmp_methods").value)
    doc = at.session_state["_docstate"].doc
    first = [int(a) for a in decode(strips[0]["base"])][1]  # the second segment's first sentence
    assert strips[0]["hovertext"][1].endswith(f" · {where(doc, first, first + int(decode(strips[0]['x'])[1]))}")
    strips = next(c.value for c in at.caption if c.value.startswith("One row per method"))
    assert "reference" not in strips, strips
    hint = next(c.value for c in at.caption if c.value.startswith("No reference segmentation"))
    assert "Reference segmentation" in hint and "sidebar" in hint, hint  # a reference can be typed for any text
