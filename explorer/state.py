"""What survives reruns and pages, and what a link carries: widget values kept when a page does not draw them, and
the view in the URL (?method=c99&k=10&level=sentence&sample=choi-1_0&tol=2&p.rank=9), read once per session and
written back as the view changes."""
from __future__ import annotations

import streamlit as st

from segcore import METHODS
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
MAX_TOLERANCE = 10  # the F1 tolerance slider's range: 0 … MAX_TOLERANCE elements
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
    tol = qp.get("tol")
    if tol and whole(tol, 0, MAX_TOLERANCE) is not None:
        ss["tolerance"] = whole(tol, 0, MAX_TOLERANCE)
    elif tol:
        warnings.append(f"tolerance in the link must be a whole number from 0 to {MAX_TOLERANCE}, got {quoted(tol)}")
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
    if ss.get("tolerance", 1) != 1:
        want["tol"] = str(ss["tolerance"])
    want.update({f"p.{name}": str(v) for name, v in changed_params(method).items()})
    if st.query_params.to_dict() != want:
        st.query_params.from_dict(want)
