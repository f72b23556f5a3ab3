"""Safety of the library (issue #13): every value a caller can give either yields a valid partition or a typed error
(segcore.errors) with a readable message. Property tests draw parameter values inside and outside every registered
method's declared domains (segcore.methods.Param); the named cases of the issue are tested one by one."""
from __future__ import annotations

import math
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from segcore import METHODS, Document, InputError, ParameterError, segment
from segcore.budget import Budget, BudgetError, Pool, Runner
from segcore.document import check_boundaries
from segcore.errors import SegcoreError
from segcore.evaluation import evaluate
from segcore.folders import read_dataset
from segcore.methods import Param
from segcore.pipeline import preload

TOPICS = ["river bank water fish boat stream flood rain".split(), "money loan credit interest market stock trade "
          "price".split(), "court judge law trial jury verdict crime police".split()]
ODD = ["", "...", "zzqxj qqxzv", "the of and", "Ünïcödé ☃ 42"]  # no content word, unknown words, stopwords only
CORPUS = [" ".join(np.random.default_rng(i).choice(TOPICS[i % 3], 40)) for i in range(12)]  # for lda
RUN_SECONDS = 10.0  # one in-domain run's budget: a combination too costly for it is a BudgetError, a typed error


def small_doc(seed: int, n: int, odd: int = 0, level: str = "sentence") -> Document:
    """n elements on three planted topics; `odd` of them replaced by elements without any usable word."""
    rng = np.random.default_rng(seed)
    topic = np.repeat(np.arange(3), math.ceil(n / 3))[:n]
    size = 1 if level == "word" else 6
    elements = [" ".join(rng.choice(TOPICS[t], size)) for t in topic]
    for i in rng.choice(n, min(odd, n), replace=False):
        elements[i] = ODD[i % len(ODD)]
    return Document(elements, level=level)


def context(name: str) -> dict | None:
    return {"corpus": CORPUS} if "corpus" in METHODS[name].needs else None


# ---- values inside and outside a Param's domain ---------------------------------------------------------------------

def inside(p: Param):
    """Values that Param.parse accepts, in the forms a caller may use (a CLI or URL string included)."""
    if p.kind is bool:
        return st.one_of(st.booleans(), st.sampled_from(["true", "false", "1", "0", "yes", "no"]))
    if p.choices:
        return st.sampled_from(p.choices)
    numbers = (st.integers(int(p.low), int(p.high)) if p.kind is int
               else st.floats(p.low, p.high, allow_nan=False, allow_infinity=False))
    return st.one_of(numbers, numbers.map(str))


JUNK = st.sampled_from([None, [], {}, (1,), b"1", object()])


def outside(p: Param):
    """Values that Param.parse must refuse."""
    if p.kind is bool:
        return st.one_of(JUNK, st.sampled_from(["maybe", "", "2", "nan", 2, -1, 0.5]))
    if p.kind is str:
        wrong = st.one_of(JUNK, st.integers(), st.just("a\x00b"), st.just("x" * 5000))
        return wrong if p.path else st.one_of(wrong, st.text(max_size=20).filter(lambda s: s not in p.choices))
    below = st.floats(max_value=p.low, allow_nan=False).filter(lambda x: x < p.low)
    above = st.floats(min_value=p.high, allow_nan=False).filter(lambda x: x > p.high)
    special = st.sampled_from([math.nan, math.inf, -math.inf, "nan", "inf", "-inf", "1e999", "", "abc", "²", "1,5",
                               True, False, "0x10", 10**400])
    out = [JUNK, special, below, above, below.map(repr), above.map(repr)]
    if p.kind is int:
        out.append(st.floats(p.low, p.high).filter(lambda x: not float(x).is_integer()))
    return st.one_of(*out).filter(lambda v: _refused(p, v))


def _refused(p: Param, value) -> bool:
    try:
        p.parse(value)
    except ParameterError:
        return True
    return False


def check_partition(seg, n: int, k) -> None:
    check_boundaries(seg.boundaries, n, what="the segmentation")
    assert seg.n_elements == n and (k is None or seg.k == k)
    assert seg.cost is None or not math.isnan(seg.cost)


# ---- property tests over the registry --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def runner(tmp_path_factory):
    """Runs in a worker under a budget, caches (LDA models, word-vector clusters) in a temporary folder."""
    with mock.patch.dict("os.environ", {"SEGCORE_CACHE": str(tmp_path_factory.mktemp("cache"))}):
        with Runner(Budget(RUN_SECONDS, 2 * 2**30), Pool(warmup=preload)) as run:
            yield run


@pytest.mark.parametrize("name", list(METHODS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_values_inside_the_domains_give_a_partition_or_a_typed_error(runner, name, data):
    """Any values inside the declared domains, any K (or automatic), small documents with odd elements: a valid
    partition (K segments when K was given), or a SegcoreError — a BudgetError when the run is too costly."""
    n = data.draw(st.integers(2, 30), label="n")
    level = data.draw(st.sampled_from(["sentence", "word"]), label="level")
    doc = small_doc(data.draw(st.integers(0, 99), label="seed"), n, data.draw(st.integers(0, 3), label="odd"), level)
    params = {p.name: data.draw(inside(p), label=p.name) for p in METHODS[name].params
              if data.draw(st.booleans(), label=f"set {p.name}")}
    k = data.draw(st.one_of(st.none(), st.integers(1, n)), label="k")
    try:
        seg = runner(segment, doc, name, k, context=context(name), **params)
    except BudgetError as exc:
        assert exc.kind in ("time", "memory") and "limit" in str(exc)
        return
    except SegcoreError as exc:
        assert str(exc).strip()
        return
    check_partition(seg, n, k)


@pytest.mark.parametrize("name", list(METHODS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_value_outside_its_domain_is_refused_before_any_work(name, data):
    """One or more values outside their domains (the rest inside), or a K that is no whole number in 1…N: a
    ParameterError naming what is wrong, and the method never runs."""
    method = METHODS[name]
    n = data.draw(st.integers(2, 12), label="n")
    doc = small_doc(0, n)
    bad = data.draw(st.lists(st.sampled_from(method.params), min_size=0, max_size=3, unique_by=lambda p: p.name),
                    label="bad")
    params = {p.name: data.draw(outside(p) if p in bad else inside(p), label=p.name) for p in method.params
              if p in bad or data.draw(st.booleans())}
    for group in method.exclusive:  # the values inside their domains also go together: one of each group at most
        for extra in [x for x in group if x in params and x not in {p.name for p in bad}][1:]:
            del params[extra]
    k = data.draw(st.one_of(st.none(), st.integers(1, n)) if bad else
                  st.one_of(st.integers(max_value=0), st.integers(min_value=n + 1), st.floats().filter(
                      lambda x: not (x.is_integer() and 1 <= x <= n)), st.sampled_from(["many", True, [2], "²"])),
                  label="k")
    with mock.patch.object(method, "run", side_effect=AssertionError("the method ran")):
        with pytest.raises(ParameterError) as err:
            segment(doc, name, k, context=context(name), **params)
    named = [p.name for p in bad] or ["number of segments K"]
    assert any(x in str(err.value) for x in named), str(err.value)


def test_every_number_has_both_bounds_and_every_default_lies_inside():
    for m in METHODS.values():
        for p in m.params:
            assert p.parse(p.default) == p.default
            if p.kind in (int, float) and not p.choices:
                assert p.low is not None and p.high is not None and math.isfinite(p.high), (m.name, p.name)


# ---- the cases named in the issue -----------------------------------------------------------------------------------

@pytest.mark.parametrize("method, params, message", [
    ("best", {"beta": math.inf}, "'beta' must be a number from 0"),
    ("lda", {"alpha": math.nan}, "'alpha' must be a number"),
    ("lda", {"passes": 1e9}, "'passes' must be a whole number from 1 to 100"),
    ("lda", {"topics": 10**9}, "'topics' must be a whole number from 1 to 500"),
    ("c99", {"rank": -3}, "'rank' must be a whole number from 0 to 25"),
    ("c99", {"rank": "1e9"}, "'rank' must be a whole number from 0 to 25"),
    ("ui", {"lam": math.nan}, "'lam' must be a number from 0"),
    ("ui", {"lam": -1}, "'lam' must be a number from 0"),
    ("simon", {"lam": math.inf}, "'lam' must be a number from 0"),
    ("texttiling", {"rounds": 10**9}, "'rounds' must be a whole number from 0 to 20"),
    ("cvs", {"tol": 999}, "has no parameter 'tol'"),
])
def test_named_bad_values_are_parameter_errors(method, params, message):
    with pytest.raises(ParameterError, match=message):
        segment(small_doc(1, 12), method, 3, context=context(method), **params)


@pytest.mark.parametrize("name, value, message", [("vectors", "/nonexistent/vectors.txt", "word-vector file not found"),
                                                  ("stopwords", "/nonexistent/stop.txt", "stopword list not found")])
def test_a_missing_file_parameter_is_an_error_not_a_dropped_term(name, value, message):
    """best's CVS term reads the vectors: a file that is not there is an InputError, never a silent 'ui'."""
    with pytest.raises(InputError, match=message):
        segment(small_doc(2, 12), "best", 3, **{name: value})


@pytest.mark.parametrize("k", [2.0, "2", np.int64(2)])
def test_k_as_a_whole_float_or_string_is_that_k(k):
    assert segment(small_doc(3, 12), "cvs", k).boundaries[-1] == 12 and segment(small_doc(3, 12), "cvs", k).k == 2


@pytest.mark.parametrize("k", [math.nan, math.inf, -math.inf, 2.5, True, "²", "7" * 5000, [2]])
def test_k_that_is_no_whole_number_is_a_parameter_error(k):
    with pytest.raises(ParameterError, match="number of segments K must be a whole number between 1 and 12"):
        segment(small_doc(3, 12), "cvs", k)


@pytest.mark.parametrize("elements, message", [("abc", "must be a list of strings"),
                                               (b"abc", "must be a list of strings"),
                                               ([None, "a"], "element 0 is NoneType"),
                                               (["a", 3], "element 1 is int"),
                                               ([], "no text found")])
def test_documents_take_lists_of_strings_only(elements, message):
    with pytest.raises(InputError, match=message):
        Document(elements)


def test_a_document_level_is_sentence_or_word():
    """('paragraph' is the level of a document of another's paragraphs, segcore.paragraphs: its messages say so.)"""
    with pytest.raises(ParameterError, match="level must be 'sentence' or 'word'"):
        Document(["a b", "c d"], level="chapter")


def test_segment_needs_a_document_and_a_method_name():
    with pytest.raises(ParameterError, match="expects a Document"):
        segment("some text", "cvs", 2)
    with pytest.raises(ParameterError, match="unknown method"):
        segment(small_doc(0, 6), ["cvs"], 2)


def test_evaluation_carries_on_past_a_failing_document_and_counts_it(tmp_path):
    good = small_doc(4, 12)
    good.reference = [4, 8, 12]
    hopeless = Document(["zzqxj qqxzv.", "vvqzx xqzzj.", "qqzzx zzqqj."], reference=[1, 3], source="hopeless")
    result = evaluate([good, hopeless, good], "cvs", {"rep": "vectors"})
    s = result.summary
    assert s["documents"] == 3 and s["failed"] == 1
    assert "vocabulary" in next(r["error"] for r in result.rows if r["source"] == "hopeless")
    assert 0 <= s["pk"] <= 1
    # a folder with an unreadable file: the others are read, the bad one is named
    (tmp_path / "a.ref").write_text("==========\n" + "\n".join(good.elements[:6]) + "\n==========\n"
                                    + "\n".join(good.elements[6:]) + "\n==========\n")
    (tmp_path / "b.ref").write_bytes(b"\x00\x01\x02binary\xff")
    docs, problems, skipped = read_dataset(tmp_path)
    assert len(docs) == 1 and len(problems) == 1 and problems[0].startswith("b.ref")
