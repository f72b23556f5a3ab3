"""Benchmark: methods over a dataset of documents with reference segmentations, baselines beside every result, the
per-document spread, and a one-parameter sweep — segcore.evaluation's loops, run in the background with progress,
stoppable between documents."""
import numpy as np
import pandas as pd
import streamlit as st

from explorer import compute, documents, frame, widgets
from explorer.documents import SAMPLES_SET
from explorer.guard import guarded, md
from explorer.jobs import Job, evaluations
from segcore import METHODS, datasets, plots
from segcore.document import level_noun
from segcore.evaluation import Setting, evaluate_many, percent, score_cells, score_digits, sweep
from segcore.metrics import NAMES as METRIC_NAMES

frame.require()
ss = st.session_state
st.title("Benchmark")
st.caption("Score methods on documents whose reference segmentation is known. Each result sits beside two "
           "baselines on the same documents: no boundary at all, and the same number of segments evenly spaced.")

# ---- dataset ------------------------------------------------------------------------------------------------------

UPLOAD_SET = "Upload .ref files or a .zip of them"
sources = [*datasets.NAMES, SAMPLES_SET, UPLOAD_SET]
if ss.get("bench_source") not in sources:
    ss["bench_source"] = "choi/3-11" if "choi/3-11" in sources else SAMPLES_SET
c1, c2 = st.columns([2, 1])
source = c1.selectbox("Dataset", sources, key="bench_source",
                      help="Bundled datasets come from segcore.datasets; an upload may hold Choi-format .ref files "
                           "(segments between ========== lines) or Alemi & Ginsparg arXiv files (segments split by "
                           "BR), or a .zip archive of them.")
if source == UPLOAD_SET:
    ups = c1.file_uploader(f"Reference files (.ref) or a .zip archive of them — up to {documents.max_upload_mb()} MB "
                           f"each", type=["ref", "zip"], accept_multiple_files=True, key="bench_upload")
    out = guarded(documents.cached_reference_files, [(u.name, u.getvalue()) for u in ups or []],
                  what="Reading the uploaded files")
    docs, problems, skipped = out.value or ([], [], "")
    about = md(ups[0].name) if len(ups or []) == 1 else f"{len(ups or [])} uploaded files"
else:
    with st.spinner(f"Loading {source}…"):
        out = guarded(documents.cached_dataset, source, what=f"Loading {source}")
    docs, problems, skipped, about = out.value or [], [], "", source
for p in ([out.error] if out.error else []) + problems[:10]:
    st.error(md(p))
if skipped:
    st.info(md(skipped[0].upper() + skipped[1:]))
if len(problems) > 10:
    st.error(f"… and {len(problems) - 10} more files could not be used.")
if not docs:
    if source == UPLOAD_SET and not problems and not out.error:
        st.info("Upload some .ref files (or a .zip of them) to benchmark on them.")
    st.stop()

if not 1 <= int(ss.get("bench_max_docs", 0)) <= len(docs):
    ss["bench_max_docs"] = min(len(docs), 20)
total = len(docs)  # said in the help and the caption: in the label it wrapped it to two lines at 800 px
max_docs = c2.number_input("Documents to use", 1, total, key="bench_max_docs", step=1,
                           help=f"How many of the dataset's {total} documents: the first ones, in its order.")
docs = docs[: int(max_docs)]
lengths = [d.n for d in docs]


def units(n: int = 2) -> str:
    """What the documents are split into: 'sentences', 'words', 'sentences or words' (a set of both levels)."""
    return " or ".join(sorted({level_noun(d.level, n) for d in docs}))


st.caption(f"{len(docs)} of {total} documents · {int(np.mean(lengths))} {units()} on average (min {min(lengths)}, max "
           f"{max(lengths)}) · {np.mean([len(d.reference) for d in docs]):.1f} reference segments on average")


tab_run, tab_sweep = st.tabs(["Methods", "Parameter sweep"])

# ---- methods ------------------------------------------------------------------------------------------------------

with tab_run:
    names = list(METHODS)
    ss.setdefault("bench_methods", [n for n in ("best", "cvs") if n in names] or names[:1])
    ss["bench_methods"] = [n for n in ss["bench_methods"] if n in names]
    a, b = st.columns([3, 1.2])
    chosen = a.multiselect("Methods", names, key="bench_methods",
                           help="Each runs with the parameters set for it on the Explore page, or its defaults.")
    ss.setdefault("bench_k_mode", "Reference K")
    k_mode = b.radio("K", ["Reference K", "Automatic"], key="bench_k_mode", horizontal=True,
                     help="Reference K: each method is told the true number of segments of each document.")
    for name in chosen:
        if "corpus" in METHODS[name].needs:
            st.caption(f"{name} learns from the reference corpus '{compute.corpus_choice()}' (set on the Explore "
                       f"page, under its parameters); if that corpus holds these documents, its scores are flattering.")
    if st.button("Run benchmark", type="primary", key="bench_run", disabled=not chosen):
        params = {n: widgets.method_params(n) for n in chosen}
        ready = compute.shared_context(params)
        if ready.error:
            st.error(ready.error)
        else:
            batches = [(docs, Setting.of(n, p, k_given=k_mode == "Reference K")) for n, p in params.items()]
            ss["bench_job"] = Job(evaluate_many, batches, context=ready.value, about=f"{about} ({k_mode})")
    job = ss.get("bench_job")
    evals = evaluations(job, "bench_stop", "Benchmark")
    if evals:
        rows = [{"method": e.setting.method, **r} for e in evals for r in e.rows]
        if not all(e.complete for e in job.result):
            st.warning(f"Stopped after {len(rows)} of {job.total} runs; the results below cover those only.")
        else:
            st.success(f"{len(rows)} runs on {job.about} in {sum(r['seconds'] for r in rows):.1f} s of "
                       f"segmentation.")
        for r in rows:
            if "error" in r:
                st.error(f"{r['method']} on {md(r['source'])}: {md(r['error'])}")
        summary = pd.DataFrame([{
            "method": e.setting.method, "docs": s["documents"] - s["failed"], **score_cells(s, baselines=True),
            "ms/doc": 1000 * s["seconds_per_document"],
            "mean K": s["segments_found"] / (s["documents"] - s["failed"])}
            for e, s in ((e, e.summary) for e in evals) if s["documents"] > s["failed"]])
        ok = pd.DataFrame([r for r in rows if "error" not in r]).drop(columns=["reference", "hypothesis"],
                                                                    errors="ignore")
        if len(summary):
            st.dataframe(summary, hide_index=True, width="stretch", column_config=widgets.number_formats(
                {**score_digits(summary.columns), "ms/doc": 1, "mean K": 1}))
            st.caption("Means over documents, in %. Pk and WindowDiff: lower is better (k = half the mean reference "
                       f"segment length); F1: boundaries within ±1 {units(1)}, higher is better. Beside each: · "
                       "none = the same documents with no boundary at all; · even = the method's own number of "
                       "segments placed evenly — a method should beat both.")
            metric = st.radio("Distribution of", ["pk", "windowdiff", "f1"], horizontal=True, key="bench_metric",
                              format_func=METRIC_NAMES.get)
            spread = ok.rename(columns={"source": "document"})
            if f"{metric}_none" in spread:  # the no-boundary baseline, once per document
                first = spread.drop_duplicates("document")
                spread = pd.concat([spread, first.assign(method="baseline: none", **{metric: first[
                    f"{metric}_none"]})])
            st.plotly_chart(plots.distribution_figure(spread.to_dict("records"), metric, percent=True),
                            key="bench_dist", config={"displaylogo": False}, width="stretch")
            with st.expander("Per-document results"):
                per_document = pd.DataFrame([{
                    "method": r["method"], "document": r["source"], units(): r["n"], "reference K": r["k_ref"],
                    "K": r["k_hyp"], **score_cells(r, baselines=True), "ms": 1000 * r["seconds"]}
                    for r in rows if "error" not in r])
                st.dataframe(per_document, hide_index=True, width="stretch", column_config=widgets.number_formats(
                    {**score_digits(per_document.columns), "ms": 1}))
            st.download_button("Download per-document results (CSV)", ok.to_csv(index=False), "benchmark.csv",
                               "text/csv", on_click="ignore", key="bench_dl",
                               help="Every figure of each run under segcore's own keys (pk, windowdiff, f1, "
                                    "pk_none, …), scores as fractions from 0 to 1, seconds unrounded: for a program "
                                    "to read.")

# ---- parameter sweep ----------------------------------------------------------------------------------------------

with tab_sweep:
    names = list(METHODS)
    if ss.get("sweep_method") not in names:
        ss["sweep_method"] = "c99" if "c99" in names else names[0]
    a, b = st.columns(2)
    sm = a.selectbox("Method", names, key="sweep_method")
    params = widgets.sweepable(sm)
    if not params:
        st.info(f"{sm} has no parameter to sweep.")
        st.stop()
    if ss.get("sweep_param") not in [p.name for p in params]:
        ss["sweep_param"] = params[0].name
    pname = b.selectbox("Parameter", [p.name for p in params], key="sweep_param",
                        help="; ".join(f"{p.name}: {p.help}" for p in params)[:900])
    param = METHODS[sm].param(pname)
    st.caption(f"**{pname}** — {param.help} ({param.domain()}; default {param.default!r})")
    values = []
    if param.choices:
        values = st.multiselect("Values", list(param.choices), default=widgets.sweep_choices(param),
                                key=f"sweep_vals_{sm}_{pname}")
    elif param.kind is bool:
        values = [False, True]
    else:
        c1, c2, c3 = st.columns(3)
        lo_default, hi_default = widgets.sweep_range(param)
        bounds = param.kind(param.low), param.kind(param.high)
        lo = c1.number_input("from", *bounds, value=lo_default, key=f"sweep_lo_{sm}_{pname}")
        hi = c2.number_input("to", *bounds, value=hi_default, key=f"sweep_hi_{sm}_{pname}")
        count = c3.number_input("values", 2, 25, 5, key=f"sweep_n_{sm}_{pname}")
        if hi < lo:
            st.error("'to' must not be smaller than 'from'.")
        else:
            values = widgets.value_grid(param, lo, hi, count)
    ss.setdefault("sweep_k_mode", "Reference K")
    sk = st.radio("K", ["Reference K", "Automatic"], key="sweep_k_mode", horizontal=True)
    sweep_docs = docs[:10]
    st.caption(f"Runs on the first {len(sweep_docs)} documents of the dataset above ({len(values)} values × "
               f"{len(sweep_docs)} documents); the other parameters as set on the Explore page.")
    if st.button("Run sweep", type="primary", key="sweep_run", disabled=not values):
        base = widgets.method_params(sm)
        ready = compute.shared_context({sm: base})
        if ready.error:
            st.error(ready.error)
        else:
            ss["sweep_job"] = Job(sweep, sweep_docs, sm, pname, values, params=base, k_given=sk == "Reference K",
                                  context=ready.value, about=(sm, pname, len(values)))
    job = ss.get("sweep_job")
    evals = evaluations(job, "sweep_stop", "Sweep")
    if evals:
        method, name, n_values = job.about
        if not all(e.complete for e in job.result):
            st.warning(f"Stopped: {len(evals)} of {n_values} values done.")
        points = pd.DataFrame([{
            "value": e.setting.p[name], **score_cells(s),
            "documents": s["documents"] - s["failed"], "errors": s["failed"],
            "first error": next((r["error"] for r in e.rows if "error" in r), "")}
            for e, s in ((e, e.summary) for e in evals)])
        for r in points.to_dict("records"):
            if r["errors"]:
                st.error(f"{name} = {r['value']}: {r['errors']} document(s) failed — {md(r['first error'])}")
        scored = score_digits(points.columns)
        none = percent(evals[0].summary["pk_none"], "pk")
        st.plotly_chart(plots.sweep_figure(list(points["value"]), {c: list(points[c]) for c in scored},
                                           f"{method}: {name}", {"Pk with no boundary": none}),
                        key="sweep_chart", config={"displaylogo": False}, width="stretch")
        st.dataframe(points, hide_index=True, width="stretch", column_config=widgets.number_formats(scored))
