"""Serial and dask runs give identical results: a tiny sweep through the benchmark runner, segcore.evaluation's
loop, and `segcore segment FOLDER`; a stop request ends a dask run early. One LocalCluster of 2 workers is shared
by the module."""
import json
import shutil
from pathlib import Path

import pytest

from benchmarks.runner import Runner, job
from segcore.cli import main
from segcore.datasets import load_named
from segcore.evaluation import evaluate
from segcore.parallel import run_many

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def cluster():
    runner = Runner(jobs=2, quiet=True)
    yield runner
    runner.close()


def _strip(rows):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_sweep_serial_equals_local_cluster(cluster):
    jobs = [job("choi/3-5", "cvs", {"split": s}, limit=3) for s in ("greedy", "dp")]
    jobs += [job("choi/3-5", "ui", {"lam": lam}, limit=3, k_given=False) for lam in (0.5, 2.0)]
    serial = Runner(jobs=1, quiet=True).run("serial", jobs)
    parallel = cluster.run("dask", jobs)
    for j in jobs:
        assert len(serial[j]) == 3
        assert _strip(serial[j]) == _strip(parallel[j])
    # the two parameter values really differ somewhere (the sweep is not vacuous)
    assert _strip(serial[jobs[2]]) != _strip(serial[jobs[3]]) or _strip(serial[jobs[0]]) != _strip(serial[jobs[1]])


def test_evaluate_serial_equals_scheduler(cluster):
    docs = load_named("choi/3-5", limit=3)
    for params in ({"split": "greedy"}, {"split": "refine"}):
        a = evaluate(docs, "cvs", params, jobs=1)
        b = evaluate(docs, "cvs", params, scheduler=cluster.scheduler, chunk=2)
        assert _strip(a.rows) == _strip(b.rows) and a.complete and b.complete


def _slow(x):
    import time

    time.sleep(0.2)
    return x


def test_a_stop_request_ends_a_dask_run_early(cluster):
    seen = []
    out = run_many(_slow, range(40), scheduler=cluster.scheduler, progress=lambda d, t: seen.append(d),
                   stop=lambda: len(seen) >= 3)
    assert len(out) == 40 and 3 <= sum(x is not None for x in out) < 40
    serial = run_many(_slow, range(5), stop=lambda: False)
    assert serial == [0, 1, 2, 3, 4]


@pytest.fixture
def folder(tmp_path):
    for name in ("choi_1_0.ref", "choi_3_48.ref"):
        shutil.copy(DATA / name, tmp_path / name)
    sub = tmp_path / "more"
    sub.mkdir()
    shutil.copy(DATA / "choi_1_0.ref", sub / "copy.ref")
    (tmp_path / "empty.ref").write_text("==========\n==========\n")
    return tmp_path


def test_segment_folder_serial_equals_cluster(folder, cluster, capsys):
    args = ["segment", str(folder), "--format", "choi", "--method", "cvs", "--json"]
    main(args)
    *a, summary = [json.loads(x) for x in capsys.readouterr().out.splitlines()]  # the rows, then what was read
    main(args + ["--scheduler", cluster.scheduler])
    *b, summary_b = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert summary == summary_b == {"summary": {"documents": 3, "failed": 0, "unreadable_files": 1,
                                                        "skipped_files": []}}, summary
    assert [r["source"] for r in a] == ["choi_1_0.ref", "choi_3_48.ref", "empty.ref", "more/copy.ref"]
    assert _strip(a) == _strip(b)
    assert a[2]["unreadable"] and "error" in a[2] and "boundaries" in a[0]
    assert a[0]["boundaries"] == a[3]["boundaries"]  # same text, same answer


def test_cli_segment_folder_json_lines(folder, cluster, capsys):
    rc = main(["segment", str(folder), "--format", "choi", "--method", "cvs", "--k", "5", "--json",
               "--scheduler", cluster.scheduler])
    captured = capsys.readouterr()
    *lines, summary = [json.loads(x) for x in captured.out.splitlines()]
    assert rc == 2 and summary["summary"]["unreadable_files"] == 1  # one file could not be read
    assert [x["source"] for x in lines] == ["choi_1_0.ref", "choi_3_48.ref", "empty.ref", "more/copy.ref"]
    assert all(x["k"] == 5 for x in lines if "error" not in x)
    assert "empty.ref" in captured.err
    rc = main(["segment", str(folder / "more"), "--format", "choi", "--method", "ui"])
    out = capsys.readouterr().out
    assert rc == 0 and out.startswith("copy.ref\t")
