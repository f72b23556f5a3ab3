"""Crafted input through the library (load, segment, evaluate, the metrics) and the command line: odd characters
(zero-width and bidi controls, lone surrogates, NUL), punctuation alone, one element, K past the elements, segment
ends outside the text. Each gives an answer or a typed error (segcore.errors.SegcoreError), never another
exception."""
from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from segcore import Document, segment
from segcore.errors import SegcoreError
from segcore.evaluation import evaluate, word_pk
from segcore.loaders import load, load_text
from segcore.metrics import boundary_prf, default_k, pk, windowdiff

ODD = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066",
       "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\ud800", "\udfff", "\x00", "\x0c", "\u0301", "\u00ad"]
PIECES = [*ODD, "river", "bank", "water", "money", "loan", "court", "judge", "the", ".", "!", "?", ",", "...", " ",
          "\n", "\n\n", "# ", "## ", "\\section{", "}", "==========\n", "BR", "<p>", "Ünïcödé"]
texts = st.lists(st.sampled_from(PIECES), max_size=120).map("".join)


def typed(fn, *args, **kw):
    """fn's answer, or None for a SegcoreError; any other exception fails the test."""
    try:
        return fn(*args, **kw)
    except SegcoreError as exc:
        assert str(exc).strip(), "a typed error says what went wrong"
        return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts, level=st.sampled_from(["sentence", "word"]), fmt=st.sampled_from(["auto", "text", "markdown",
       "latex", "html", "rest", "choi", "wiki727", "arxiv"]), k=st.integers(-2, 40), ends=st.lists(st.integers(-3, 60),
       max_size=5))
def test_crafted_text_loads_segments_and_evaluates_or_says_why(text, level, fmt, k, ends):
    doc = typed(load_text, text, level=level) if fmt == "auto" else \
        typed(load, text.encode("utf-8", "surrogatepass"), format=fmt, level=level)
    if doc is None:
        return
    for given_k in (k, None, doc.n + 1):
        seg = typed(segment, doc, "ui", given_k)
        assert seg is None or seg.boundaries[-1] == doc.n
    ref = typed(Document, doc.elements, sorted(set(ends)), level=doc.level)
    if ref is not None:
        result = evaluate([ref], "ui", protocol="alemi", min_words=1)
        assert len(result.rows) == 1
    typed(word_pk, doc, ends, [doc.n])


@settings(max_examples=200, deadline=None)
@given(ref=st.lists(st.integers(-2, 12) | st.sampled_from([10**18, 10**19, 2.5, None, "3"]), max_size=5),
       hyp=st.lists(st.integers(-2, 12) | st.sampled_from([10**18, 10**19]), max_size=5),
       k=st.integers(-1, 14) | st.sampled_from([None, 0.5, 10**30]))
def test_the_metrics_take_any_segment_ends(ref, hyp, k):
    for fn in (pk, windowdiff):
        value = typed(fn, ref, hyp, k)
        assert value is None or 0 <= value <= 1
    typed(boundary_prf, ref, hyp)
    typed(default_k, ref)


def test_a_reference_of_huge_ends_is_scored_without_a_huge_array():
    """Pk and WindowDiff count windows by runs between boundaries: a reference of 10^18 elements is scored at once
    (before, an array of N + 1 counts: numpy's ValueError past its dimensions, memory exhausted below them)."""
    n = 10**18
    assert pk([n // 2, n], [n // 2, n]) == 0.0 and windowdiff([n], [n], 7) == 0.0
    k = default_k([n // 2, n])  # n / 4: the windows holding the reference's boundary, of the n - k + 1
    assert pk([n // 2, n], [n]) == pytest.approx(k / (n - k + 1))
    with pytest.raises(SegcoreError, match="whole numbers up to"):
        pk([10**30], [10**30])


@pytest.mark.parametrize("text", ["The river bank.", "!?.,;:" * 500, "\u200b\u202e\x00" * 300,
                                  "The river \ud800 bank. Money \udfff loans.\x00 Judges rule. " * 4])
@pytest.mark.parametrize("level", ["sentence", "word"])
def test_named_crafted_texts(text, level):
    doc = typed(load_text, text, level=level)
    if doc is not None:
        for k in (1, doc.n, doc.n + 1, 10**9):
            typed(segment, doc, "ui", k)


def test_the_command_line_says_a_typed_error_for_crafted_files(tmp_path):
    """Each crafted file gives segcore's one-line error or an answer, never an internal error."""
    files = {"nul.txt": b"\x00" * 50, "controls.txt": "\u200b\u202e\u2066 \u2069".encode() * 200,
             "surrogates.txt": "The river \ud800 bank. Money loans.".encode("utf-8", "surrogatepass") * 20,
             "one.txt": b"One sentence only.", "punct.txt": b"!?.,;:" * 1000}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        for k in ("2", "100000"):
            done = subprocess.run([sys.executable, "-m", "segcore", "segment", str(tmp_path / name), "--method", "ui",
                                   "--k", k], capture_output=True, text=True, timeout=300)
            assert "internal error" not in done.stderr and "Traceback" not in done.stderr, (name, done.stderr)
            assert done.returncode == 0 or done.stderr.startswith("segcore: error: "), (name, done.stderr)
