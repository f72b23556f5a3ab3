"""Shared state, caching, input handling and exports of the Segmentation Explorer (not a page: app.py lists its
pages explicitly with st.Page, so this module is only imported).

Everything the pages compute goes through the cached functions here: parsed documents and representations with
st.cache_data, word vectors with st.cache_resource. Every call into segcore goes through `guarded()`, which turns
a SegcoreError into its own message and any other exception into a short generic message (never a traceback).
"""
from __future__ import annotations

import hashlib
import io
import re
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import streamlit as st  # noqa: E402

from segcore import METHODS, loaders, segment  # noqa: E402
from segcore.document import Document  # noqa: E402
from segcore.errors import InputError, SegcoreError  # noqa: E402
from segcore.pipeline import REP_KEYS as REP_PARAM_NAMES  # noqa: E402  (grouped together in the sidebar)
from segcore.metrics import default_k, evaluate, pk, windowdiff  # noqa: E402

SAMPLES_DIR = ROOT / "assets" / "samples"
UPLOAD_TYPES = ["txt", "pdf", "ref"]
LEVEL_LABELS = {"sentence": "sentences", "word": "words"}
LARGE_N = 3000  # beyond this many elements, warn that N×N methods get slow


def require_frame() -> None:
    """Make sure app.py (the frame: sidebar, navigation) ran before this page.

    Streamlit treats a folder named pages/ next to the entry point as an old-style multipage app until the entry
    point has called st.navigation once in the server process: the very first run of a fresh server (and every
    run under AppTest) may execute a page file directly. A page that finds no token from the frame switches that
    mode off, runs the frame (which runs this page again, inside it) and stops: same run, so a button click is
    not lost as it would be with st.rerun()."""
    if st.session_state.pop("_frame_token", False):
        return
    import runpy

    from streamlit.runtime.pages_manager import PagesManager

    PagesManager.uses_pages_directory = False
    runpy.run_path(str(ROOT / "app.py"), run_name="__segx_frame__")
    st.stop()


def max_upload_mb() -> int:
    try:
        return int(st.get_option("server.maxUploadSize"))
    except Exception:  # noqa: BLE001
        return 50


# ---- samples ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sample:
    key: str
    label: str
    file: str
    level: str
    k: int | None = None
    note: str = ""


SAMPLES = [
    Sample("choi-1_0", "Choi 3-11 · document 1_0 (reference known)", "choi_3-11_1_0.ref", "sentence",
           note="Ten excerpts of the Brown corpus glued together (Choi 2000); the reference marks the joins."),
    Sample("choi-2_7", "Choi 3-11 · document 2_7 (reference known)", "choi_3-11_2_7.ref", "sentence",
           note="Ten excerpts of the Brown corpus glued together (Choi 2000); the reference marks the joins."),
    Sample("arxiv-003", "arXiv test set · document 003 (reference known, words)", "arxiv_alemi2015_003.ref", "word",
           note="Alemi & Ginsparg's (2015) arXiv test set: ten pieces of papers, lower-cased word tokens (MIT)."),
    Sample("alemi-paper", "Alemi & Ginsparg 2015 paper text (their Fig. 4: words, K = 40)",
           "alemi_ginsparg_2015_paper.txt", "word", k=40,
           note="The paper's own text; their Fig. 4 cuts it into 40 segments at word level (MIT)."),
]
SAMPLE_BY_KEY = {s.key: s for s in SAMPLES}


# ---- safe calls ------------------------------------------------------------------------------------------------

@dataclass
class Outcome:
    value: object = None
    error: str | None = None


def error_message(exc: BaseException, what: str = "") -> str:
    """The message shown to the user: a SegcoreError's own message, else a short generic one."""
    if isinstance(exc, SegcoreError):
        return str(exc)
    if isinstance(exc, MemoryError):
        return (f"{what or 'This step'} ran out of memory: the text is too long for this method at this level; "
                f"try sentences instead of words, a shorter text, or another method.")
    if isinstance(exc, UnicodeDecodeError):
        return "the file is not UTF-8 text; convert it to UTF-8 first."
    return (f"{what or 'This step'} failed unexpectedly ({type(exc).__name__}). Try other parameters or another "
            f"input; if it persists, please report it with the input that caused it.")


def guarded(fn, *args, what: str = "", **kwargs) -> Outcome:
    """Run fn; return its value or the user-facing error message (stop exceptions of Streamlit pass through)."""
    try:
        return Outcome(fn(*args, **kwargs))
    except Exception as exc:  # noqa: BLE001  (each kind is turned into a readable message)
        if type(exc).__name__ in ("StopException", "RerunException", "StreamlitAPIException"):
            raise
        if not isinstance(exc, SegcoreError):
            traceback.print_exc(file=sys.stderr)  # for the server log, never the page
        return Outcome(None, error_message(exc, what))


# ---- loading ---------------------------------------------------------------------------------------------------

def load_bytes(data: bytes, name: str, level: str) -> Document:
    """A Document from an uploaded file's bytes (.txt, .pdf, Choi .ref, arXiv .ref); InputError on bad input.
    arXiv files have no sentences: they always load at word level."""
    limit = max_upload_mb()
    if data is None or len(data) == 0:
        raise InputError(f"{name}: the file is empty (0 bytes)")
    if len(data) > limit * 1024 * 1024:
        raise InputError(f"{name}: the file is {len(data) / 2**20:.1f} MB, more than the {limit} MB limit")
    ext = Path(name).suffix.lower()
    if ext and ext[1:] not in UPLOAD_TYPES:
        raise InputError(f"{name}: unsupported file type '{ext}'; upload a .txt, .pdf or .ref file")
    fmt = loaders.sniff_format(data, name)
    return loaders.load(data, format=fmt, level="word" if fmt == "arxiv" else level, source=name)


def load_string(text: str, level: str, source: str = "pasted text") -> Document:
    return loaders.load(text.encode("utf-8"), format="text", level=level, source=source)


@st.cache_data(max_entries=24, show_spinner=False)
def cached_load_bytes(key: str, _data: bytes, name: str, level: str) -> Document:
    return load_bytes(_data, name, level)


@st.cache_data(max_entries=24, show_spinner=False)
def cached_load_string(text: str, level: str) -> Document:
    return load_string(text, level)


@st.cache_data(max_entries=8, show_spinner=False)
def cached_load_sample(key: str, level: str) -> Document:
    s = SAMPLE_BY_KEY[key]
    data = (SAMPLES_DIR / s.file).read_bytes()
    return load_bytes(data, s.file, level)


def sample_bytes(key: str) -> bytes:
    return (SAMPLES_DIR / SAMPLE_BY_KEY[key].file).read_bytes()


# ---- the current document (sidebar, shared by Explore and Compare) ---------------------------------------------

@dataclass
class DocState:
    doc: Document | None = None
    key: str = ""            # identifies the document content + level, for caches
    label: str = ""          # what the user loaded
    error: str | None = None
    notes: list[str] = field(default_factory=list)
    sample: str | None = None
    ref_error: str | None = None


SOURCES = ("Sample", "Upload a file", "Paste text")


PERSISTENT_KEYS = ("src", "sample", "level", "paste", "ref_text", "method", "k_mode", "k", "tolerance", "hm_kind",
                   "hm_bins", "novelty_window", "cmp_methods", "cmp_k_mode", "cmp_k", "bench_source", "bench_methods",
                   "bench_k_mode", "bench_max_docs", "bench_datasets")


def keep_widget_state() -> None:
    """Keep widget values across pages: Streamlit forgets the state of widgets a page does not draw, unless the
    value is written back into session state at the start of each run."""
    ss = st.session_state
    for key in list(ss.keys()):
        if key in PERSISTENT_KEYS or (isinstance(key, str) and key.startswith(("p::", "corpus::"))):
            ss[key] = ss[key]


def _on_sample_change():
    s = SAMPLE_BY_KEY.get(st.session_state.get("sample"))
    if s is None:
        return
    st.session_state["level"] = s.level
    if s.k:
        st.session_state["k_mode"] = "Number"
        st.session_state["k"] = s.k
    st.session_state.pop("highlight", None)
    st.session_state["ref_text"] = ""


def document_sidebar() -> DocState:
    """The document input widgets (in the sidebar) and the loaded Document, with errors as messages."""
    ss = st.session_state
    ss.setdefault("src", SOURCES[0])
    ss.setdefault("sample", SAMPLES[0].key)
    ss.setdefault("level", SAMPLE_BY_KEY[ss["sample"]].level if ss["src"] == "Sample" else "sentence")
    sb = st.sidebar
    sb.header("Document")
    src = sb.radio("Input", SOURCES, key="src", horizontal=True, label_visibility="collapsed")
    state = DocState()
    if src == "Sample":
        sb.selectbox("Bundled sample", [s.key for s in SAMPLES], key="sample", on_change=_on_sample_change,
                     format_func=lambda k: SAMPLE_BY_KEY[k].label)
        s = SAMPLE_BY_KEY[ss["sample"]]
        sb.caption(s.note)
        state.sample = s.key
    elif src == "Upload a file":
        limit = max_upload_mb()
        up = sb.file_uploader(f"Text (.txt), PDF (.pdf) or Choi/arXiv reference file (.ref) — up to {limit} MB",
                              type=UPLOAD_TYPES, key="upload",
                              help="A .ref file in Choi's format (one sentence per line, segments separated by "
                                   "lines of ==========) or Alemi & Ginsparg's arXiv format (segments separated by "
                                   "BR) carries a reference segmentation, so the app can score the result.")
        last = ss.get("_last_upload")
        if up is not None and (last is None or last[0] != up.file_id):
            data = up.getvalue()
            ss["_last_upload"] = (up.file_id, up.name, data, hashlib.sha1(data).hexdigest()[:16])
        elif up is None and last:
            name = last[1]
            sb.caption(f"Using **{name}**, uploaded earlier.")
            if sb.button("Forget it", key="forget_upload"):
                ss.pop("_last_upload", None)
                st.rerun()
        if not ss.get("_last_upload"):
            sb.info("Choose a file to segment.")
            return _store(state)
    else:
        sb.text_area("Paste text (press Ctrl+Enter or click outside to apply)", key="paste", height=180,
                     placeholder="Paste a few paragraphs of text here…")
        if not ss.get("paste", "").strip():
            sb.info("Paste some text to segment.")
            return _store(state)
    level = sb.radio("Elements", ["sentence", "word"], key="level", horizontal=True,
                     format_func=lambda v: LEVEL_LABELS[v].capitalize(),
                     help="What one element is: a sentence, or a word (Alemi & Ginsparg's Fig. 4 works on words).")
    if src == "Sample":
        state.label = SAMPLE_BY_KEY[ss["sample"]].file
        state.key = f"sample:{ss['sample']}:{level}"
        out = _load_with_status(state.key, state.label, cached_load_sample, ss["sample"], level)
    elif src == "Upload a file":
        _, name, data, digest = ss["_last_upload"]
        state.label = name
        state.key = f"upload:{name}:{digest}:{level}"
        out = _load_with_status(state.key, name, cached_load_bytes, state.key, data, name, level)
    else:
        text = ss["paste"]
        state.label = "pasted text"
        state.key = f"paste:{hashlib.sha1(text.encode('utf-8', 'replace')).hexdigest()[:16]}:{level}"
        out = _load_with_status(state.key, "pasted text", cached_load_string, text, level)
    if out.error:
        state.error = out.error
        sb.error(out.error)
        return _store(state)
    doc = out.value
    ref_text = sb.text_input(
        "Reference segmentation (optional)", key="ref_text",
        placeholder="segment ends, e.g. 12, 30, 45" if not doc.reference else "(taken from the file)",
        help="To score a segmentation of your own text: the element numbers where segments END, separated by commas "
             "or spaces (the last one, the number of elements, may be left out). Overrides a file's reference.")
    if ref_text and ref_text.strip():
        ref = guarded(parse_reference, ref_text, doc.n, what="Reading the reference")
        if ref.error:
            sb.error(ref.error)
            state.ref_error = ref.error
        else:
            import dataclasses

            doc = dataclasses.replace(doc, reference=ref.value)
            state.key += ":ref=" + hashlib.sha1(",".join(map(str, ref.value)).encode()).hexdigest()[:10]
    if doc.level != level:
        state.notes.append(f"{state.label} is a word-level file (no sentence boundaries): loaded as words.")
        state.key = state.key.rsplit(":", 1)[0] + ":" + doc.level
    state.doc = doc
    sb.success(describe(doc))
    for n in state.notes:
        sb.caption(n)
    return _store(state)


def parse_reference(text: str, n: int) -> list[int]:
    """Segment end indices typed by the user ('12, 30, 45' or '12 30 45 60'); N appended when left out."""
    from segcore.document import check_boundaries

    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    try:
        ends = [int(t) for t in tokens]
    except ValueError:
        bad = next(t for t in tokens if not t.lstrip("-").isdigit())
        raise InputError(f"reference segmentation: '{bad}' is not a whole number; type the element numbers where "
                         f"segments end, e.g. 12, 30, 45") from None
    if ends and ends[-1] < n:
        ends.append(n)
    return check_boundaries(ends, n, what=f"reference segmentation ({n} elements)")


def _load_with_status(key: str, label: str, fn, *args) -> Outcome:
    """Load through a cached function; the first time (PDFs can take seconds) inside st.status."""
    seen = st.session_state.setdefault("_loaded_keys", set())
    if key in seen:
        return guarded(fn, *args, what=f"Reading {label}")
    with st.sidebar.status(f"Reading {label}…", expanded=False) as status:
        out = guarded(fn, *args, what=f"Reading {label}")
        if out.error:
            status.update(label=f"Could not read {label}", state="error")
        else:
            seen.add(key)
            status.update(label=f"Read {label}", state="complete")
    return out


def _store(state: DocState) -> DocState:
    st.session_state["_docstate"] = state
    return state


def current_document() -> DocState:
    return st.session_state.get("_docstate") or DocState()


def describe(doc: Document) -> str:
    s = f"{doc.n:,} {LEVEL_LABELS.get(doc.level, doc.level)}"
    if doc.reference:
        s += f" · reference: {len(doc.reference)} segments"
    fmt = (doc.meta or {}).get("format")
    if fmt:
        s += f" · format: {fmt}"
    if (doc.meta or {}).get("pages"):
        s += f" · {doc.meta['pages']} PDF pages"
    return s


def preview_rows(doc: Document, limit: int = 12) -> list[dict]:
    rows = []
    ref = set(doc.reference or [])
    if doc.level == "word":
        step = 40
        for a in range(0, min(doc.n, step * limit), step):
            rows.append({"elements": f"{a}–{min(doc.n, a + step) - 1}", "text": " ".join(doc.elements[a:a + step])})
    else:
        for i, e in enumerate(doc.elements[:limit]):
            rows.append({"elements": str(i), "text": e + ("   ▮ reference boundary after" if i + 1 in ref and
                                                          i + 1 < doc.n else "")})
    return rows


# ---- methods and parameters ------------------------------------------------------------------------------------

def param_key(method: str, name: str) -> str:
    return f"p::{method}::{name}"


def method_params(method: str) -> dict:
    """The method's parameters as set in the widgets (session state), defaults for those never touched."""
    m = METHODS[method]
    out = {}
    for p in m.params:
        v = st.session_state.get(param_key(method, p.name), p.default)
        out[p.name] = v
    return out


def changed_params(method: str) -> dict:
    m = METHODS[method]
    cur = method_params(method)
    return {p.name: cur[p.name] for p in m.params if cur[p.name] != p.default}


def _number_step(default) -> float:
    if isinstance(default, float):
        mag = abs(default)
        return 0.01 if mag and mag < 0.1 else (0.1 if mag < 10 else 1.0)
    return 1


def param_widget(container, method: str, p) -> None:
    """One widget for a registry Param: checkbox (bool), selectbox (choices), number input (int/float), text."""
    key = param_key(method, p.name)
    st.session_state.setdefault(key, p.default)
    label = p.name
    if isinstance(p.default, bool):
        container.checkbox(label, key=key, help=p.help)
    elif p.choices:
        choices = list(p.choices)
        if st.session_state[key] not in choices:
            st.session_state[key] = p.default
        container.selectbox(label, choices, key=key, help=p.help)
    elif isinstance(p.default, int):
        container.number_input(label, key=key, step=1, help=p.help)
    elif isinstance(p.default, float):
        container.number_input(label, key=key, step=_number_step(p.default), format="%g", help=p.help)
    else:
        container.text_input(label, key=key, help=p.help)


def param_groups(method: str) -> list[tuple[str, list]]:
    m = METHODS[method]
    rep = [p for p in m.params if p.name in REP_PARAM_NAMES]
    other = [p for p in m.params if p.name not in REP_PARAM_NAMES]
    groups = []
    if other:
        groups.append(("Algorithm", other))
    if rep:
        groups.append(("Representation", rep))
    return groups


def reset_params(method: str) -> None:
    for p in METHODS[method].params:
        st.session_state[param_key(method, p.name)] = p.default


def uses_vectors(method: str, params: dict) -> bool:
    return params.get("rep") == "vectors" or ("vectors" in params and "rep" not in params)


# ---- cached computation ----------------------------------------------------------------------------------------

def _items(params: dict) -> tuple:
    return tuple(sorted((k, repr(v)) for k, v in params.items()))


@st.cache_resource(show_spinner=False)
def word_vectors(name: str = "glove-6b-50d"):
    from segcore.vectors import load_vectors

    return load_vectors(name)


def ensure_vectors(name: str = "glove-6b-50d", where=None) -> Outcome:
    """Load word vectors once per server (st.cache_resource), inside st.status the first time."""
    loaded = st.session_state.setdefault("_vectors_loaded", set())
    if name in loaded:
        return guarded(word_vectors, name, what="Loading word vectors")
    with (where or st).status(f"Loading word vectors ({name})…", expanded=False) as status:
        out = guarded(word_vectors, name, what="Loading word vectors")
        status.update(label=("Word vectors ready" if not out.error else "Could not load word vectors"),
                      state="error" if out.error else "complete")
    if not out.error:
        loaded.add(name)
    return out


def _run_segment(doc: Document, method: str, k: int | None, params: dict, context=None):  # noqa: D103
    return segment(doc, method, k=k, context=context, **params)


@st.cache_data(max_entries=128, show_spinner=False)
def cached_segment(doc_key: str, _doc: Document, method: str, k: int | None, items: tuple, _params: dict,
                   context_key: str = "", _context: dict | None = None):
    """Segmentation of the current document (keyed by document key, method, K, parameters and context)."""
    return _run_segment(_doc, method, k, _params, _context)


def run_method(state: DocState, method: str, k: int | None, params: dict, where=None) -> Outcome:
    if k is not None and state.doc is not None and k > state.doc.n:
        return Outcome(None, f"K = {k} is more than the number of {LEVEL_LABELS[state.doc.level]} in the text "
                             f"({state.doc.n}); choose K between 1 and {state.doc.n}.")
    if k is not None and k < 1:
        return Outcome(None, f"K must be at least 1, got {k}.")
    ctx = method_context(method)
    if ctx.error:
        return ctx
    context, context_key = ctx.value
    if context and not st.session_state.get("_ctx_ready", {}).get((method, context_key, _items(params))):
        # first use of a learned model (e.g. LDA topics): training or loading it can take a while
        with (where or st).status(f"{method}: preparing its model on {context_key.split(':', 1)[-1]} (the first "
                                  f"time takes up to a few minutes; it is cached afterwards)…", expanded=False) as s:
            out = guarded(cached_segment, state.key, state.doc, method, k, _items(params), params, context_key,
                          context, what=f"Method {method}")
            s.update(label=f"{method}: model ready" if not out.error else f"{method}: failed",
                     state="error" if out.error else "complete")
        if not out.error:
            st.session_state.setdefault("_ctx_ready", {})[(method, context_key, _items(params))] = True
        return out
    return guarded(cached_segment, state.key, state.doc, method, k, _items(params), params, context_key, context,
                   what=f"Method {method}")


# Methods that learn from a reference corpus (the registry's `needs`), given to segment(context={'corpus': ...}).
CORPUS_METHODS = {m.name: "corpus" for m in METHODS.values() if "corpus" in m.needs}
SAMPLES_CORPUS = "bundled samples"


def corpus_options() -> list[str]:
    return bundled_dataset_names() + [SAMPLES_CORPUS]


@st.cache_data(max_entries=4, show_spinner=False)
def corpus_texts(name: str) -> list[str]:
    """One text per reference segment of a bundled dataset (topics are learnt from single-topic texts)."""
    docs = cached_sample_dataset() if name == SAMPLES_CORPUS else cached_named_dataset(name)
    texts = []
    for d in docs:
        texts.extend(d.segment_texts(d.reference) if d.reference else [" ".join(d.elements)])
    return texts


def corpus_widget(container, method: str) -> None:
    if method not in CORPUS_METHODS:
        return
    options = corpus_options()
    key = f"corpus::{method}"
    if st.session_state.get(key) not in options:
        st.session_state[key] = options[0]
    container.selectbox("reference corpus", options, key=key,
                        help="The texts the method learns from (one text per reference segment of a bundled "
                             "dataset). Learning on a corpus that contains the document itself flatters the scores.")


def corpus_leak_warning(method: str, doc: Document | None) -> str | None:
    """A warning when the method's reference corpus contains the document's own text (flattering scores)."""
    if method not in CORPUS_METHODS or doc is None or doc.n < 3:
        return None
    name = st.session_state.get(f"corpus::{method}") or corpus_options()[0]
    out = guarded(corpus_texts, name)
    if out.error or not out.value:
        return None
    probes = [doc.elements[i] for i in (0, doc.n // 2, doc.n - 1) if len(doc.elements[i]) > 20]
    hits = sum(any(p in t for t in out.value) for p in probes)
    if probes and hits * 2 > len(probes):
        return (f"The reference corpus '{name}' contains this document's own text: {method} has learnt its topics "
                f"from it, so its scores here are flattering. Choose another corpus under the method's parameters "
                f"for an honest test.")
    return None


def method_context(method: str) -> Outcome:
    """(context dict or None, cache key) for segment(context=...)."""
    if method not in CORPUS_METHODS:
        return Outcome((None, ""))
    options = corpus_options()
    name = st.session_state.get(f"corpus::{method}")
    if name not in options:
        name = options[0]
    out = guarded(corpus_texts, name, what=f"Reading the corpus {name}")
    if out.error:
        return out
    return Outcome(({CORPUS_METHODS[method]: out.value}, f"corpus:{name}"))


@st.cache_data(max_entries=32, show_spinner=False)
def cached_curve(doc_key: str, _doc: Document, method: str, kmax: int, items: tuple, _params: dict):
    """costs_by_k up to kmax (one DP run with K = kmax gives the best cost of every K ≤ kmax)."""
    seg = _run_segment(_doc, method, kmax, _params)
    costs = seg.signals.get("costs_by_k")
    return costs.values if costs is not None else None


def rep_kwargs(params: dict) -> dict:
    """Representation settings for the heatmap/profile: the method's own (all elements kept: no 'cut'), or term
    frequencies with Choi's stopwords and stemming for methods that have no representation parameters."""
    base = {"rep": "tf", "stopwords": "choi", "stem": True}
    for k in REP_PARAM_NAMES:
        if k in params and k != "cut":
            base[k] = params[k]
    return base


def _represent_kwargs(rep: dict) -> dict:
    import inspect

    from segcore.pipeline import represent

    accepted = set(inspect.signature(represent).parameters)
    return {k: v for k, v in rep.items() if k in accepted and k not in ("cut", "elements")}


@st.cache_data(max_entries=16, show_spinner=False)
def cached_bags(doc_key: str, _doc: Document, stopwords: str = "choi", stem: bool = False):
    from segcore.text import bags

    return bags(_doc.elements, stopwords=stopwords, stem_words=stem)


@st.cache_data(max_entries=16, show_spinner=False)
def cached_representation(doc_key: str, _doc: Document, items: tuple, _rep: dict):
    """N×D element matrix (all N elements, no cut): sparse term counts for tf/tf-idf, dense vector sums."""
    from segcore.pipeline import represent

    return represent(_doc.elements, cut=0, sparse=True, **_represent_kwargs(_rep)).matrix


@st.cache_data(max_entries=16, show_spinner=False)
def cached_similarity(doc_key: str, _doc: Document, kind: str, items: tuple, _rep: dict, rank: int, max_bins: int):
    """(matrix, edges) for the heatmap: binned mean cosine, optionally rank-transformed."""
    from segcore.plots import binned_cosine
    from segcore.representations import rank_transform

    rep = dict(_rep)
    if kind == "embedding":
        rep.update(rep="vectors", stem=False)
    x = cached_representation(doc_key, _doc, _items(rep), rep)
    sim, edges = binned_cosine(x, max_bins)
    if kind == "rank":
        sim = rank_transform(sim, rank)
    return sim.astype(np.float32), edges


@st.cache_data(max_entries=16, show_spinner=False)
def cached_novelty(doc_key: str, _doc: Document, items: tuple, _rep: dict, window: int):
    from segcore.plots import novelty_profile

    x = cached_representation(doc_key, _doc, items, _rep)
    return novelty_profile(x, window)


def metrics(reference, boundaries, tolerance: int = 1, k: int | None = None) -> dict:
    return evaluate(reference, boundaries, k=k, tolerance=tolerance)


from segcore.evaluation import evenly_spaced  # noqa: E402,F401  (one definition, used by the pages)


def pairwise(segs: dict[str, list[int]], measure: str = "pk") -> dict[str, dict[str, float]]:
    """measure(row as reference, column as hypothesis) for every pair; window from the row's segments."""
    fn = pk if measure == "pk" else windowdiff
    out = {}
    for a, ra in segs.items():
        out[a] = {}
        for b, rb in segs.items():
            out[a][b] = fn(ra, rb, default_k(ra))
    return out


# ---- links: method and parameters in the URL -------------------------------------------------------------------

def init_from_query_params() -> list[str]:
    """Once per session, set the widgets from the URL (?method=c99&k=10&level=sentence&sample=choi-1_0&p.rank=9).
    Returns warnings about values that could not be used."""
    ss = st.session_state
    if ss.get("_qp_done"):
        return []
    ss["_qp_done"] = True
    qp = st.query_params
    warnings = []
    if not qp:
        return warnings
    sample = qp.get("sample")
    if sample:
        if sample in SAMPLE_BY_KEY:
            ss["src"], ss["sample"] = "Sample", sample
            ss["level"] = SAMPLE_BY_KEY[sample].level
        else:
            warnings.append(f"unknown sample '{sample}' in the link")
    level = qp.get("level")
    if level in ("sentence", "word"):
        ss["level"] = level
    elif level:
        warnings.append(f"unknown level '{level}' in the link")
    method = qp.get("method")
    if method:
        if method in METHODS:
            ss["method"] = method
        else:
            warnings.append(f"unknown method '{method}' in the link; available: {', '.join(METHODS)}")
            method = None
    k = qp.get("k")
    if k:
        if k == "auto":
            ss["k_mode"] = "Automatic"
        elif k.isdigit() and int(k) >= 1:
            ss["k_mode"], ss["k"] = "Number", int(k)
        else:
            warnings.append(f"K in the link must be 'auto' or a whole number, got '{k}'")
    if "tol" in qp:
        try:
            ss["tolerance"] = max(0, int(qp["tol"]))
        except ValueError:
            warnings.append(f"tolerance in the link must be a whole number, got '{qp['tol']}'")
    m = METHODS.get(method or ss.get("method") or next(iter(METHODS)))
    for name in qp:
        if not name.startswith("p."):
            continue
        pname = name[2:]
        param = next((p for p in m.params if p.name == pname), None) if m else None
        if param is None:
            warnings.append(f"method '{m.name if m else '?'}' has no parameter '{pname}' (from the link)")
            continue
        try:
            ss[param_key(m.name, pname)] = param.parse(qp[name])
        except SegcoreError as e:
            warnings.append(str(e) + " (from the link)")
    return warnings


def sync_query_params(state: DocState, method: str, k_mode: str, k: int | None) -> None:
    """Write the current view into the URL so a link reproduces it."""
    want = {"method": method, "k": "auto" if k_mode == "Automatic" else str(k)}
    ss = st.session_state
    if state.sample:
        want["sample"] = state.sample
    want["level"] = ss.get("level", "sentence")
    if ss.get("tolerance", 1) != 1:
        want["tol"] = str(ss["tolerance"])
    for name, v in changed_params(method).items():
        want[f"p.{name}"] = str(v)
    if st.query_params.to_dict() != want:
        st.query_params.from_dict(want)


# ---- benchmark datasets ----------------------------------------------------------------------------------------

def bundled_dataset_names() -> list[str]:
    """Names of segcore.datasets' bundled datasets, when that module is there."""
    try:
        from segcore import datasets
    except ImportError:
        return []
    return list(getattr(datasets, "NAMES", ()))


@st.cache_data(max_entries=6, show_spinner=False)
def cached_named_dataset(name: str, limit: int | None = None) -> list[Document]:
    from segcore import datasets

    return datasets.load_named(name, limit=limit)


@st.cache_data(max_entries=2, show_spinner=False)
def cached_sample_dataset() -> list[Document]:
    docs = []
    for s in SAMPLES:
        d = cached_load_sample(s.key, s.level)
        if d.reference:
            docs.append(d)
    return docs


def load_benchmark_files(files: list[tuple[str, bytes]], level: str = "sentence") -> tuple[list[Document], list[str]]:
    """Documents with a reference from uploaded .ref files and/or .zip archives of them; problems as messages
    (a file that cannot be read, a document without a reference) instead of exceptions."""
    import zipfile

    docs, problems = [], []
    limit = max_upload_mb()

    def add(name: str, data: bytes):
        try:
            d = load_bytes(data, name, level)
        except SegcoreError as e:
            problems.append(str(e))
            return
        except Exception as e:  # noqa: BLE001
            problems.append(f"{name}: {error_message(e, 'Reading the file')}")
            return
        if not d.reference:
            problems.append(f"{name}: no reference segmentation in it (plain text), skipped")
            return
        docs.append(d)

    for name, data in files:
        if not data:
            problems.append(f"{name}: the file is empty (0 bytes)")
            continue
        if Path(name).suffix.lower() == ".zip":
            try:
                zf = zipfile.ZipFile(io.BytesIO(data))
                members = sorted(n for n in zf.namelist() if Path(n).suffix.lower() == ".ref" and not n.endswith("/")
                                 and not any(p.startswith((".", "__MACOSX")) for p in Path(n).parts))
            except zipfile.BadZipFile:
                problems.append(f"{name}: not a valid zip archive")
                continue
            if not members:
                problems.append(f"{name}: no .ref files in this zip archive")
                continue
            total = 0
            for mname in members:
                info = zf.getinfo(mname)
                total += info.file_size
                if total > 4 * limit * 1024 * 1024:
                    problems.append(f"{name}: more than {4 * limit} MB once unpacked; the rest is skipped")
                    break
                try:
                    add(mname, zf.read(mname))
                except (zipfile.BadZipFile, RuntimeError, OSError) as e:
                    problems.append(f"{mname}: cannot read it from the zip archive ({e})")
        else:
            add(name, data)
    return docs, problems


def baseline_rows(doc: Document, k: int, tolerance: int = 1) -> dict:
    none = evaluate(doc.reference, [doc.n], tolerance=tolerance)
    even = evaluate(doc.reference, evenly_spaced(doc.n, k), tolerance=tolerance)
    return {"none": none, "even": even}
