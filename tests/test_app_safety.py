"""Nothing a user sends can hurt the server, under AppTest: links (URL state) checked before any work and shown as text,
never naming a file; runs within a time and memory budget, in workers; size limits said before work."""

from __future__ import annotations

import re
from pathlib import Path

import psutil
import pytest

from segcore import METHODS
from tests.apptest import PASTED, ROOT, errors, new_app, paste, run, summary, tiny_pdf, upload, workers


def test_link_reproduces_the_view():
    at = new_app()
    at.query_params = {"method": "c99", "k": "7", "sample": "choi-2_7", "p.rank": "9"}
    run(at)
    assert at.session_state["method"] == "c99" and at.session_state["p::c99::rank"] == 9
    assert at.session_state["_docstate"].sample == "choi-2_7"
    assert "**c99** cut the" in summary(at) and "into **7 segments**" in summary(at)
    qp = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert qp["method"] == "c99" and qp["k"] == "7" and qp["sample"] == "choi-2_7" and qp["p.rank"] == "9"


def test_bad_link_values_warn():
    at = new_app()
    at.query_params = {"method": "nope", "k": "many", "p.zzz": "1", "tol": "50"}
    run(at)
    texts = " ".join(w.value for w in at.warning)
    assert "unknown method 'nope'" in texts and "K in the link" in texts and "no parameter 'zzz'" in texts
    assert "tolerance in the link must be a whole number from 0 to 10" in texts
    assert " segment" in summary(at)


def test_too_large_upload_is_an_error():
    at = run(new_app())
    upload(at, "huge.txt", b"word " * (11 * 1024 * 1024))  # 55 MB > the 50 MB limit
    assert any("more than the 50 MB limit" in e for e in errors(at))
    assert not at.get("plotly_chart")


def test_no_private_streamlit_api_and_no_sys_path_edits():
    files = [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "explorer").glob("*.py"),
             *(f for f in (ROOT / "tests").glob("test_*.py") if f.name != Path(__file__).name)]
    for f in files:
        src = f.read_text()
        assert not re.search(r"streamlit\.(runtime|web|proto|elements)|PagesManager", src), f
        assert not re.search(r"sys\.path\.(insert|append)|sys\.path\s*=", src), f


def test_parameter_widgets_take_the_registry_domain():
    at = run(new_app())
    at.sidebar.selectbox(key="method").set_value("c99")
    run(at)
    rank = METHODS["c99"].param("rank")
    widget = at.sidebar.number_input(key="p::c99::rank")
    assert (widget.min, widget.max) == (rank.low, rank.high)
    assert at.sidebar.selectbox(key="p::c99::rep").options == list(METHODS["c99"].param("rep").choices)


def test_a_link_cannot_name_a_file():
    at = new_app()
    at.query_params = {"method": "c99", "p.stopwords": "/etc/passwd", "p.rank": "99"}
    run(at)
    texts = " ".join(w.value for w in at.warning)
    assert "file paths only in the library" in texts and "'rank' must be a whole number from 0 to 25" in texts
    assert at.session_state["p::c99::stopwords"] == "choi" and " segment" in summary(at)


def test_a_run_over_budget_is_an_error_and_the_app_stays_usable(monkeypatch):
    monkeypatch.setenv("EXPLORER_TIMEOUT", "2")
    at = run(new_app())
    at.sidebar.selectbox(key="sample").set_value("alemi-paper")  # 12,933 words
    run(at)
    before = workers()
    monkeypatch.setenv("EXPLORER_TIMEOUT", "0.2")  # automatic K at word level takes longer than this on any machine
    at.sidebar.radio(key="k_mode").set_value("Automatic")
    run(at)
    assert any("time limit of 0.2 s" in e.replace("\\", "") and "sentences instead of words" in e
               for e in errors(at)), errors(at)
    killed = before - workers()
    assert killed and not any(psutil.pid_exists(pid) for pid in killed)  # the worker over budget is gone
    monkeypatch.setenv("EXPLORER_TIMEOUT", "60")  # read at every run: a loaded machine must not fail what follows
    at.sidebar.selectbox(key="sample").set_value("choi-1_0")
    run(at)
    assert not errors(at) and " segment" in summary(at)


def test_an_upload_is_read_in_a_worker_under_the_budget(monkeypatch):
    """Reading a file (a long PDF is many seconds of parsing) runs in a worker under the app's budget, not in the
    server's process: past the time limit it is a clear error, and the app stays usable."""
    at = run(new_app())
    monkeypatch.setenv("EXPLORER_TIMEOUT", "0.001")
    upload(at, "slow.pdf", tiny_pdf(["A page read too slowly for this budget.", "Another line of it."]))
    said = [e.replace("\\", "") for e in errors(at)]
    assert any("slow.pdf: reading it took more time than a run may have here" in e for e in said), said
    monkeypatch.setenv("EXPLORER_TIMEOUT", "60")
    upload(at, "fine.txt", b"Volcanoes erupt lava. Ash falls on towns. Bread needs flour. Ovens bake bread.")
    assert not errors(at) and at.session_state["_docstate"].doc.n == 4


def test_a_crafted_link_is_checked_before_any_work():
    at = new_app()
    at.query_params = {"method": "texttiling", "p.rounds": "99999999", "p.smoothing": "1e308", "k": "9" * 30}
    run(at)
    texts = " ".join(w.value for w in at.warning)
    assert "'rounds' must be a whole number from 0 to 20" in texts and "'smoothing' must be" in texts
    assert "K in the link must be 'auto' or a whole number from 1 to 50,000" in texts
    at.sidebar.number_input(key="k").set_value(500)
    run(at)
    assert any("K must be a whole number between 1 and 60" in e for e in errors(at))
    at.sidebar.number_input(key="k").set_value(5)
    run(at)
    assert not errors(at) and "into **5 segments**" in summary(at)


def test_link_values_and_file_names_are_shown_as_text():
    at = new_app()
    at.query_params = {"method": "[sign in](https://evil.example)", "sample": "![x](https://evil.example/a.png)",
                       "level": "www.evil.example :red[alert] <b>bold</b>"}
    run(at)
    texts = [w.value for w in at.warning]
    assert len(texts) == 3
    for t in texts:
        assert "](" not in t.replace("\\]", "") and "https://" not in t and "www.evil" not in t and "<b>" not in t
    assert any("\\[sign in\\](https\\://evil\\.example)" in t for t in texts)
    upload(at, "[click](https://evil.example).txt", b"")
    assert any("\\[click\\](https\\://evil\\.example)\\.txt" in e for e in errors(at)), errors(at)
    assert not any("[click](" in e for e in errors(at))


def test_too_long_text_is_an_error_before_any_work(monkeypatch):
    monkeypatch.setenv("EXPLORER_MAX_CHARS", "1000")
    monkeypatch.setenv("EXPLORER_MAX_ELEMENTS", "100")
    at = run(new_app())
    paste(at, PASTED * 2)
    said = [e.replace("\\", "") for e in errors(at)]  # the message says the size, the limit and what to do instead
    assert any(re.search(r"pasted text: 1,\d{3} characters, more than the limit of 1,000; load one chapter or part "
                         r"of it, or segment the whole text with segcore's command line \(python -m segcore segment "
                         r"FILE\), which reads up to 2,000,000 characters and 200,000 sentences or words by default, "
                         r"more with --max-chars and --max-elements$", e) for e in said), said
    assert not at.get("plotly_chart")
    at.sidebar.text_area(key="paste").set_value(PASTED[:900])
    at.sidebar.radio(key="level").set_value("word")
    run(at)
    assert any("words, more than the limit of 100; use sentences instead of words, or load one chapter" in e
               for e in errors(at))
    at.sidebar.radio(key="level").set_value("sentence")
    run(at)
    assert not errors(at) and " segment" in summary(at)


def test_a_wrong_setting_is_named(monkeypatch):
    monkeypatch.setenv("EXPLORER_MAX_MEMORY", "lots")
    at = run(new_app())
    assert any("EXPLORER\\_MAX\\_MEMORY must be a positive number or 'none'" in e for e in errors(at)), errors(at)
    assert not at.get("plotly_chart")


@pytest.mark.parametrize("link, warning", [
    ({"k": "²"}, "K in the link must be 'auto' or a whole number from 1 to 50,000, got '²'"),
    ({"k": "7" * 5000}, "K in the link must be 'auto' or a whole number"),
    ({"tol": "²"}, "tolerance in the link must be a whole number from 0 to 10"),
    ({"method": "cvs", "tol": "999"}, "tolerance in the link must be a whole number from 0 to 10 sentences, got '999'"),
    ({"method": "texttiling", "k": "auto", "p.rounds": "1000000000"}, "'rounds' must be a whole number from 0 to 20"),
    ({"method": "lda", "p.passes": "1e9"}, "'passes' must be a whole number from 1 to 100"),
    ({"method": "lda", "p.topics": "1e9"}, "'topics' must be a whole number from 1 to 500"),
    ({"method": "ui", "p.lam": "nan"}, "'lam' must be a number from 0"),
    ({"method": "best", "p.vectors": "/etc/passwd"}, "file paths only in the library and the CLI"),
    ({"method": "c99", "p.stopwords": "../../etc/passwd"}, "file paths only in the library and the CLI"),
])
def test_crafted_links_are_warnings_and_the_view_still_works(link, warning):
    """Issue #13's links: each value that cannot be used is a warning naming it; the page works with the rest."""
    at = new_app()
    at.query_params = {**link, "sample": "choi-1_0"}
    run(at)
    texts = [w.value.replace("\\", "") for w in at.warning]
    assert any(warning in t for t in texts), texts
    assert not errors(at) and " segment" in summary(at)
    assert at.session_state["p::best::vectors"] == "glove-6b-50d" if "p.vectors" in link else True


def test_a_long_link_is_cut_short_in_its_warnings():
    at = new_app()
    at.query_params = {"sample": "x" * 10_000, **{f"p.x{i}": "1" for i in range(30)}}
    run(at)
    texts = [w.value for w in at.warning]
    assert len(texts) == 8 and "24 more values in the link could not be used" in texts[-1]
    assert all(len(t) < 400 for t in texts)


@pytest.mark.parametrize("link", [{"sample": "alemi-paper", "method": "c99", "k": "auto"},
                                  {"sample": "alemi-paper", "method": "lda", "k": "auto", "p.topics": "500",
                                   "p.passes": "100", "p.iterations": "1000"}])
def test_a_costly_link_ends_within_the_budget(monkeypatch, link):
    """Alemi & Ginsparg's paper at word level with c99 and automatic K once took 6.9 GB; LDA at the top of its domains
    minutes: now each run is a result or a budget error, and a run over its budget leaves no worker behind."""
    monkeypatch.setenv("EXPLORER_TIMEOUT", "5")
    monkeypatch.setenv("EXPLORER_MAX_MEMORY", "1G")
    before = workers()
    at = new_app()
    at.query_params = link
    run(at)
    budget = [e for e in errors(at) if "limit of" in e]
    assert budget or " segment" in summary(at), errors(at)
    assert all("sentences instead of words" in e for e in budget)
    if budget:
        assert not any(psutil.pid_exists(pid) for pid in before - workers())


def test_parameters_from_session_state_never_name_a_file():
    """Whatever sits in session state, a parameter that could name a file reaches segcore only as a named value."""
    import streamlit as st

    from explorer.widgets import method_params, param_key

    keys = [param_key("cvs", "vectors"), param_key("cvs", "stopwords"), param_key("cvs", "cut")]
    try:
        for key, value in zip(keys, ["/etc/passwd", "/etc/hostname", 2]):
            st.session_state[key] = value
        params = method_params("cvs")
        assert (params["vectors"], params["stopwords"], params["cut"]) == ("glove-6b-50d", "choi", 2)
    finally:
        for key in keys:
            st.session_state.pop(key, None)


def test_the_server_process_draws_its_pictures_on_one_blas_thread():
    """The similarity heatmap's and the novelty curve's matrix products run in the server process, which serves every
    session: its BLAS keeps to one thread, as the workers' (idle BLAS threads spin on a shared machine)."""
    from threadpoolctl import threadpool_info

    run(new_app())
    assert max(p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas") == 1
