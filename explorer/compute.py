"""What the pages compute, cached: a method's segmentation of the sidebar's document (st.cache_data, keyed by the
document, method, K, parameters and reference corpus; run in a worker under the app's budget, explorer.workers) and
what it needs first (word vectors, once per server; the
reference corpus), its scores beside segcore.evaluation's baselines, the cost curve over K, and the matrices behind
the pictures (segcore.pipeline.represent, every element kept)."""
from __future__ import annotations

import numpy as np
import streamlit as st
from threadpoolctl import threadpool_limits

from segcore import METHODS, datasets, ktable, plots
from segcore.document import Document, level_noun
from segcore.evaluation import BASELINES
from segcore.language import load_identifier
from segcore.metrics import evaluate
from segcore.pipeline import REP_KEYS, represent
from segcore.representations import rank_transform
from segcore.text import label_bags, segment_top_terms, stem
from segcore.vectors import load_vectors

from .documents import LARGE_N, DocState, cached_corpus, corpus_options
from .guard import Outcome, guarded
from .workers import session_runner

CURVE_K, CURVE_N = ktable.KMAX, 10000  # the cost curve goes up to K = 40, for texts of at most 10,000 elements


def cache_key(params: dict) -> tuple:
    """Parameters as a hashable cache key."""
    return tuple(sorted((k, repr(v)) for k, v in params.items()))


# ---- what a method needs -------------------------------------------------------------------------------------------

@st.cache_resource(show_spinner=False)
def word_vectors(name: str):
    return load_vectors(name)


def ensure_vectors(name: str = "glove-6b-50d") -> Outcome:
    """Load word vectors once per server, inside st.status in the sidebar the first time in a session."""
    loaded = st.session_state.setdefault("_vectors_loaded", set())
    if name in loaded:
        return guarded(word_vectors, name, what="Loading word vectors")
    with st.sidebar.status(f"Loading word vectors ({name})…", expanded=False) as status:
        out = guarded(word_vectors, name, what="Loading word vectors")
        status.update(label="Could not load word vectors" if out.error else "Word vectors ready",
                      state="error" if out.error else "complete")
    if not out.error:
        loaded.add(name)
    return out


def corpus_choice() -> str:
    """The reference corpus chosen for methods that learn from one (the first option until one is chosen)."""
    name = st.session_state.get("corpus")
    return name if name in corpus_options() else corpus_options()[0]


def prepare(method: str, params: dict) -> Outcome:
    """What running the method needs, ready: its word vectors loaded, and its context for segment()
    ({'corpus': texts} when it learns from a reference corpus); Outcome((context or None, context's cache key))."""
    if params.get("rep") == "vectors" or ("vectors" in params and "rep" not in params):
        vec = ensure_vectors(str(params["vectors"]))
        if vec.error:
            return vec
    if "corpus" not in METHODS[method].needs:
        return Outcome((None, ""))
    name = corpus_choice()
    out = guarded(cached_corpus, name, what=f"Reading the corpus {name}")
    return out if out.error else Outcome(({"corpus": out.value}, f"corpus:{name}"))


def shared_context(methods: dict[str, dict]) -> Outcome:
    """One context for several methods (name → parameters) run in one evaluation, what each needs ready (`prepare`):
    the reference corpus when one of them learns from it, else None."""
    context = None
    for name, params in methods.items():
        ready = prepare(name, params)
        if ready.error:
            return ready
        context = ready.value[0] or context
    return Outcome(context)


def corpus_leak(method: str, doc: Document) -> str | None:
    """A warning when the method learns from a reference corpus that holds this document's own text."""
    if "corpus" not in METHODS[method].needs:
        return None
    name = corpus_choice()
    texts = guarded(cached_corpus, name).value
    if not texts or not datasets.corpus_contains(texts, doc):
        return None
    return (f"The reference corpus '{name}' contains this document's own text: {method} has learnt its topics from "
            f"it, so its scores here are flattering. Choose another corpus under the method's parameters for an "
            f"honest test.")


# ---- segmentations and their scores ---------------------------------------------------------------------------------

@st.cache_data(max_entries=128, show_spinner=False)
def cached_segment(doc_key: str, _doc: Document, method: str, k: int | None, params_key: tuple, _params: dict,
                   context_key: str = "", _context: dict | None = None):
    """segment() in this session's worker (ktable.segment: a K given answered from what the worker fitted for an
    earlier K), cached by document key, method, K, parameters and context key."""
    return session_runner()(ktable.segment, _doc, method, k=k, context=_context, **_params)


def run_method(doc_state: DocState, method: str, k: int | None, params: dict) -> Outcome:
    """The method's segmentation of the sidebar's document; the first use of a learned model inside st.status (it
    can take minutes: LDA topics are trained, then cached)."""
    ready = prepare(method, params)
    if ready.error:
        return ready
    context, context_key = ready.value
    args = (cached_segment, doc_state.key, doc_state.doc, method, k, cache_key(params), params, context_key, context)
    trained = st.session_state.setdefault("_models_ready", set())
    if not context or (method, context_key, cache_key(params)) in trained:
        return guarded(*args, what=f"Method {method}")
    with st.status(f"{method}: preparing its model on {context_key.split(':', 1)[1]} (the first time "
                              f"takes up to a few minutes; it is cached afterwards)…", expanded=False) as status:
        out = guarded(*args, what=f"Method {method}")
        status.update(label=f"{method}: failed" if out.error else f"{method}: model ready",
                      state="error" if out.error else "complete")
    if not out.error:
        trained.add((method, context_key, cache_key(params)))
    return out


def automatic(doc_state: DocState, method: str, params: dict, seg) -> Outcome | None:
    """The method's automatic choice of K on the document: `seg` itself when K was automatic, else a run with K
    automatic (cached) on texts of up to LARGE_N elements or once asked for (`ask_automatic`); None until then."""
    done = st.session_state.setdefault("_automatic", set())
    key = (doc_state.key, method, cache_key(params))
    if seg.k_automatic:
        done.add(key)
        return Outcome(seg)
    if doc_state.doc.n > LARGE_N and key not in done:
        return None
    with st.spinner(f"{method}: choosing K automatically…"):
        out = run_method(doc_state, method, None, params)
    if not out.error:
        done.add(key)
    return out


def ask_automatic(doc_state: DocState, method: str, params: dict) -> None:
    """Have `automatic` run the method with K automatic on this document from now on."""
    st.session_state.setdefault("_automatic", set()).add((doc_state.key, method, cache_key(params)))


def automatic_runs(doc_state: DocState, methods: dict[str, dict]) -> tuple[dict, list[str]]:
    """Each method (name → parameters) run with K automatic on the document, each under a spinner: ({name:
    Segmentation}, one message per method that failed)."""
    runs, problems = {}, []
    for i, (name, params) in enumerate(methods.items(), 1):
        with st.spinner(f"{name} with K automatic ({i} of {len(methods)})…"):
            out = run_method(doc_state, name, None, params)
        if out.error:
            problems.append(f"{name}: {out.error}")
        else:
            runs[name] = out.value
    return runs, problems


def baselines(doc: Document, k: int, tolerance: int = 1) -> dict[str, dict]:
    """segcore.metrics.evaluate (Pk, WindowDiff, boundary P/R/F1) of each of segcore.evaluation's baselines with K
    segments: {'none': …, 'even': …}."""
    return {name: evaluate(doc.reference, make(doc.n, k), tolerance=tolerance) for name, make in BASELINES.items()}


def scores(doc: Document, boundaries: list[int], tolerance: int = 1) -> dict[str, dict]:
    """The scores of the boundaries beside those of the baselines with as many segments: {'method', 'none', 'even'}."""
    return {"method": evaluate(doc.reference, boundaries, tolerance=tolerance),
            **baselines(doc, len(boundaries), tolerance)}


def cost_curve(doc_state: DocState, method: str, params: dict, seg) -> tuple[list | None, str]:
    """The best cost of every K up to min(N, CURVE_K) when the method reports costs: for the K the segmentation's own
    costs leave out (beyond its K, or a lower K whose own segment-length band is longer: splitters.own_costs), from
    the worker's DP tables (ktable.costs_by_k, which also readies every K up to CURVE_K there) or else a run with
    K = CURVE_K (texts up to CURVE_N elements); the segmentation's own costs where the longer curve has none, and
    past its end (an automatic K beyond CURVE_K); (costs or None, a note on what is left out). The longer curve is
    computed under a spinner that names it (seconds on a long text)."""
    costs = seg.signals.get("costs_by_k")
    doc = doc_state.doc
    kmax = min(doc.n, CURVE_K)
    if costs is None:
        return None, ""
    complete = len(costs.values) >= kmax
    if complete and None not in costs.values[:kmax]:
        return costs.values, ""
    if doc.n > CURVE_N:
        shown = [k for k, c in enumerate(costs.values, 1) if c is not None]
        return costs.values, (f" Only K = {shown[0]} … {shown[-1]} shown: the whole curve is not computed for texts "
                              f"over {CURVE_N:,} {level_noun(doc.level)}." if shown else "")
    with st.spinner(f"{method}: the best cost of every K up to {kmax} (seconds on a long text)…"):
        curve = guarded(cached_costs, doc_state.key, doc_state.doc, method, kmax, cache_key(params), params).value
        if curve is None and not complete:  # a method without kept tables: a run with K = kmax
            longer = run_method(doc_state, method, kmax, params).value
            curve = (longer.signals["costs_by_k"].values if longer is not None and "costs_by_k" in longer.signals
                     else None)
    if curve is None:
        return costs.values, ""
    own = list(costs.values)
    return [c if c is not None or i >= len(own) else own[i] for i, c in enumerate(curve)] + own[len(curve):], ""


@st.cache_data(max_entries=32, show_spinner=False)
def cached_costs(doc_key: str, _doc: Document, method: str, kmax: int, params_key: tuple, _params: dict):
    """ktable.costs_by_k in this session's worker (which keeps the tables for the next K), cached."""
    return session_runner()(ktable.costs_by_k, _doc, method, kmax, **_params)


# ---- the pictures ----------------------------------------------------------------------------------------------------

@st.cache_resource(show_spinner=False)
def warm() -> bool:
    """Once per server, at its first visit: import NLTK's stemmer and load the language identifier's model, which the
    pictures and the document's summary use in this process (loaded later, their seconds stall every session at
    once, in the middle of the first visit that stems); and keep its BLAS to one thread, as the workers' (segcore's
    parallel.one_blas_thread: idle BLAS threads spin on a shared machine)."""
    stem("words")
    load_identifier()
    threadpool_limits(limits=1)  # the pictures' matrix products, in the process that serves every session
    return True


def picture_settings(params: dict, kind: str = "cosine") -> dict:
    """represent() settings behind the heatmap and the novelty curve: the method's own representation parameters with
    every element kept (cut = 0), term frequencies with Choi's stopwords and stemming for what it does not set;
    word-vector sums, unstemmed, for the 'embedding' heatmap."""
    rep = {"rep": "tf", "stopwords": "choi", "stem": True, **{k: params[k] for k in REP_KEYS if k in params}, "cut": 0}
    if kind == "embedding":
        rep.update(rep="vectors", stem=False)
    return rep


@st.cache_data(max_entries=16, show_spinner=False)
def _matrix(doc_key: str, _doc: Document, rep_key: tuple, _rep: dict):
    """N×D element matrix: sparse term counts for tf/tf-idf, dense vector sums."""
    return represent(_doc.elements, sparse=True, **_rep).matrix


@st.cache_data(max_entries=16, show_spinner=False)
def _similarity(doc_key: str, _doc: Document, kind: str, rep_key: tuple, _rep: dict, rank: int, max_bins: int,
                region: tuple[int, int]):
    sim, edges = plots.binned_cosine(_matrix(doc_key, _doc, rep_key, _rep), max_bins, region)
    if kind == "rank":
        sim = rank_transform(sim, rank)
    return sim.astype(np.float32), edges


@st.cache_data(max_entries=16, show_spinner=False)
def _novelty(doc_key: str, _doc: Document, rep_key: tuple, _rep: dict, window: int):
    return plots.novelty_profile(_matrix(doc_key, _doc, rep_key, _rep), window)


@st.cache_data(max_entries=16, show_spinner=False)
def _bags(doc_key: str, _doc: Document):
    return label_bags(_doc.elements)


def similarity(doc_state: DocState, params: dict, kind: str, max_bins: int,
               region: tuple[int, int] | None = None) -> Outcome:
    """(matrix, bin edges) of the heatmap: mean cosine over at most max_bins bins of the elements of `region` (start,
    end; the whole text by default), rank-transformed for kind 'rank' (r = the method's rank parameter, or Choi's
    11)."""
    if kind == "embedding":
        vec = ensure_vectors()
        if vec.error:
            return vec
    rep = picture_settings(params, kind)
    return guarded(_similarity, doc_state.key, doc_state.doc, kind, cache_key(rep), rep, int(params.get("rank", 11)),
                   int(max_bins), tuple(map(int, region or (0, doc_state.doc.n))), what="The similarity matrix")


def novelty(doc_state: DocState, params: dict, window: int) -> Outcome:
    """1 − cosine of the windows before and after every gap, over the heatmap's vectors."""
    rep = picture_settings(params)
    return guarded(_novelty, doc_state.key, doc_state.doc, cache_key(rep), rep, int(window), what="The novelty curve")


def top_terms(doc_state: DocState, boundaries: list[int]) -> list[list[str]]:
    """Each segment's most over-represented content words (segcore.text.top_terms, the bags kept per document)."""
    words, fold = _bags(doc_state.key, doc_state.doc)
    return segment_top_terms(words, boundaries, fold=fold)
