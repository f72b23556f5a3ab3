"""What survives reruns and pages, and what a link carries: widget values kept when a page does not draw them, and
the view in the URL (?method=c99&k=10&level=sentence&sample=choi-1_0&tol.sentence=2&p.rank=9), read once per session
and written back as the view changes; a widget's value kept for each level, when it counts the document's elements."""
from __future__ import annotations

import streamlit as st

from segcore import METHODS
from segcore.document import LEVELS, level_noun
from segcore.errors import SegcoreError, quoted, visible
from segcore.limits import whole
from segcore.methods import DEFAULT_METHOD

from . import settings
from .documents import SAMPLE_BY_KEY, DocState
from .widgets import app_value, changed_params, param_key

PERSISTENT_KEYS = ("src", "sample", "level", "paste", "ref_text", "drop_back_matter", "speaker_notes",
                   "structure_ref", "method", "k_mode", "k", "tolerance", "corpus", "explore_tab",
                   "hm_kind", "hm_bins", "novelty_window", "agree_methods", "agree_tol", "cmp_methods", "cmp_k_mode",
                   "cmp_k", "bench_source", "bench_methods", "bench_k_mode", "bench_max_docs", "sweep_method",
                   "sweep_param", "sweep_k_mode")
AUTOMATIC = "Automatic"  # the K mode in which the method chooses K
F1_TOLERANCE = {"sentence": 1, "word": 10}  # the F1 tolerance at first, in elements of each level
MAX_TOLERANCE = {"sentence": 10, "word": 100}  # the F1 tolerance slider's range: 0 … MAX_TOLERANCE[level] elements
MAX_WARNINGS = 8  # a link with more unusable values says how many more there are


def keep_widget_state() -> None:
    """Keep widget values across pages: Streamlit forgets the state of a widget that a run does not draw, unless
    its value is written back into session state at the start of the run."""
    ss = st.session_state
    for key in list(ss.keys()):
        if key in PERSISTENT_KEYS or (isinstance(key, str) and key.startswith("p::")):
            ss[key] = ss[key]


def read_link() -> list[str]:
    """Once per session, set the widgets from the URL; warnings about the values that could not be used."""
    ss = st.session_state
    if ss.get("_link_read"):
        return []
    ss["_link_read"] = True
    qp = st.query_params
    warnings = []
    sample = qp.get("sample")
    if sample in SAMPLE_BY_KEY:
        ss["src"], ss["sample"], ss["level"] = "Sample", sample, SAMPLE_BY_KEY[sample].level
    elif sample:
        warnings.append(f"unknown sample {quoted(sample)} in the link")
    level = qp.get("level")
    if level in ("sentence", "word"):
        ss["level"] = level
    elif level:
        warnings.append(f"unknown level {quoted(level)} in the link")
    method = qp.get("method")
    if method in METHODS:
        ss["method"] = method
    elif method:
        warnings.append(f"unknown method {quoted(method)} in the link; available: {', '.join(METHODS)}")
    k, most = qp.get("k"), settings.limits().elements
    if k == "auto":
        ss["k_mode"] = AUTOMATIC
    elif k and whole(k, 1, most):
        ss["k_mode"], ss["k"] = "Number", whole(k, 1, most)
    elif k:
        warnings.append(f"K in the link must be 'auto' or a whole number from 1 to {most:,}, got {quoted(k)}")
    # tol.word=20: the F1 tolerance at that level; tol (a link from before the levels had their own): at the link's
    for name, level in [("tol", ss.get("level", "sentence"))] + [(f"tol.{level}", level) for level in LEVELS]:
        tol, most = qp.get(name), MAX_TOLERANCE[level]
        if tol and whole(tol, 0, most) is not None:
            set_at_level("tolerance", level, whole(tol, 0, most))
        elif tol:
            warnings.append(f"tolerance in the link must be a whole number from 0 to {most} {level_noun(level)}, got "
                            f"{quoted(tol)}")
    m = METHODS[ss.get("method", DEFAULT_METHOD)]
    for name in qp:
        if not name.startswith("p."):
            continue
        try:
            ss[param_key(m.name, name[2:])] = app_value(m.param(name[2:]), qp[name])
        except SegcoreError as e:
            warnings.append(f"{e} (from the link)")
    if len(warnings) > MAX_WARNINGS:
        warnings[MAX_WARNINGS - 1:] = [f"{len(warnings) - MAX_WARNINGS + 1} more values in the link could not be used"]
    return [visible(w) for w in warnings]  # each quotes a value from the link (quoted), any other as escapes too


def write_link(doc_state: DocState, method: str) -> None:
    """Write the current view into the URL so that the link reproduces it (uploads and pasted text cannot be)."""
    ss = st.session_state
    want = {"method": method, "k": "auto" if ss.get("k_mode") == AUTOMATIC else str(ss.get("k"))}
    if doc_state.sample:
        want["sample"] = doc_state.sample
    want["level"] = ss.get("level", "sentence")
    want.update({f"tol.{level}": str(v) for level, v in at_levels("tolerance").items() if v != F1_TOLERANCE[level]})
    want.update({f"p.{name}": str(v) for name, v in changed_params(method).items()})
    if st.query_params.to_dict() != want:
        st.query_params.from_dict(want)


def at_levels(key: str) -> dict[str, int]:
    """The value of a widget (`key`) that counts the document's elements, at each level it has had one: the value
    it has now at the level it is shown at."""
    ss = st.session_state
    kept, shown = dict(ss.get(f"levels:{key}", {})), ss.get(f"level:{key}")
    if shown is not None and key in ss:
        kept[shown] = ss[key]
    return kept


def set_at_level(key: str, level: str, value: int) -> None:
    """Give a widget (`key`) that counts the document's elements `value` at `level` (shown when the document is at
    that level)."""
    ss = st.session_state
    ss[f"levels:{key}"] = {**at_levels(key), level: value}
    if ss.get(f"level:{key}") == level:
        ss[key] = value


def per_level(key: str, level: str, start: dict[str, int]) -> None:
    """Before a widget (`key`) whose value counts the document's elements is drawn: its value is kept for each level
    (3 sentences are not 3 words, nearly exact), the value last given at `level` when the document comes back to it,
    start[level] the first time."""
    ss, kept = st.session_state, at_levels(key)
    ss[f"levels:{key}"] = kept
    if ss.get(f"level:{key}") != level or key not in ss:
        ss[key], ss[f"level:{key}"] = kept.get(level, start[level]), level
