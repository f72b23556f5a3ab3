"""Benchmark: methods over a dataset of documents with reference segmentations, baselines beside every result, the
per-document spread, and a one-parameter sweep. Long runs show progress and can be stopped between documents."""
import sys
import time
from pathlib import Path

if str(Path(__file__).resolve().parent.parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import streamlit as st  # noqa: E402

from pages import common  # noqa: E402
from segcore import METHODS, plots, segment  # noqa: E402
from segcore.errors import SegcoreError  # noqa: E402
from segcore.metrics import evaluate  # noqa: E402

common.require_frame()
ss = st.session_state
st.title("Benchmark")
st.caption("Score methods on documents whose reference segmentation is known. Each result sits beside two "
           "baselines on the same documents: no boundary at all, and the same number of segments evenly spaced.")

# ---- dataset ------------------------------------------------------------------------------------------------------

SAMPLES_OPTION = "Bundled samples (2 Choi + 1 arXiv document)"
UPLOAD_OPTION = "Upload .ref files or a .zip of them"
named = common.bundled_dataset_names()
sources = [*named, SAMPLES_OPTION, UPLOAD_OPTION]
if ss.get("bench_source") not in sources:
    ss["bench_source"] = "choi/3-11" if "choi/3-11" in named else SAMPLES_OPTION
c1, c2 = st.columns([2, 1])
source = c1.selectbox("Dataset", sources, key="bench_source",
                      help="Bundled datasets come from segcore.datasets; an upload may hold Choi-format .ref files "
                           "(segments between ========== lines) or Alemi & Ginsparg arXiv files (segments split by "
                           "BR), or a .zip archive of them.")
docs, problems = [], []
if source == UPLOAD_OPTION:
    ups = c1.file_uploader(f"Reference files (.ref) or a .zip archive of them — up to {common.max_upload_mb()} MB "
                           f"each", type=["ref", "zip"], accept_multiple_files=True, key="bench_upload")
    if ups:
        out = common.guarded(common.load_benchmark_files, [(u.name, u.getvalue()) for u in ups],
                             what="Reading the uploaded files")
        if out.error:
            st.error(out.error)
        else:
            docs, problems = out.value
elif source == SAMPLES_OPTION:
    out = common.guarded(common.cached_sample_dataset, what="Reading the samples")
    docs = out.value or []
    if out.error:
        st.error(out.error)
else:
    with st.spinner(f"Loading {source}…"):
        out = common.guarded(common.cached_named_dataset, source, what=f"Loading {source}")
    docs = out.value or []
    if out.error:
        st.error(out.error)
for p in problems[:10]:
    st.error(p)
if len(problems) > 10:
    st.error(f"… and {len(problems) - 10} more files could not be used.")
if not docs:
    if source == UPLOAD_OPTION and not problems:
        st.info("Upload some .ref files (or a .zip of them) to benchmark on them.")
    st.stop()

levels = sorted({d.level for d in docs})
if not 1 <= int(ss.get("bench_max_docs", 0)) <= len(docs):
    ss["bench_max_docs"] = min(len(docs), 20)
max_docs = c2.number_input(f"Documents to use (of {len(docs)})", 1, len(docs), key="bench_max_docs", step=1,
                           help="The first documents of the dataset, in its order.")
docs = docs[: int(max_docs)]
lengths = [d.n for d in docs]
st.caption(f"{len(docs)} documents · {', '.join(common.LEVEL_LABELS[v] for v in levels)} · {int(np.mean(lengths))} "
           f"elements on average (min {min(lengths)}, max {max(lengths)}) · "
           f"{np.mean([len(d.reference) for d in docs]):.1f} reference segments on average")

tab_run, tab_sweep = st.tabs(["Methods", "Parameter sweep"])


def _stop():
    ss["_bench_stop"] = True


def _needs_vectors(names):
    for n in names:
        if common.uses_vectors(n, common.method_params(n)):
            out = common.ensure_vectors(str(common.method_params(n).get("vectors", "glove-6b-50d")))
            if out.error:
                st.error(out.error)
                return False
    return True


def _run_one(doc, name, params, k_from_reference):
    k = len(doc.reference) if k_from_reference else None
    ctx = common.method_context(name)  # a reference corpus for methods that learn one (the Explore page's choice)
    if ctx.error:
        return None, ctx.error
    try:
        seg = segment(doc, name, k=k, context=ctx.value[0], **params)
    except SegcoreError as e:
        return None, str(e)
    except Exception as e:  # noqa: BLE001
        return None, common.error_message(e, f"{name} on {doc.source}")
    return seg, None


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
        if name in common.CORPUS_METHODS:
            corpus = ss.get(f"corpus::{name}") or common.corpus_options()[0]
            st.caption(f"{name} learns from the reference corpus '{corpus}' (set on the Explore page, under its "
                       f"parameters); if that corpus holds these documents, its scores are flattering.")
    run_clicked = st.button("Run benchmark", type="primary", key="bench_run", disabled=not chosen)
    res = ss.get("bench_result")
    if res and res["status"] == "running" and not run_clicked:
        res["status"] = "stopped"  # the previous run was interrupted (stop button or another widget)
    if run_clicked and _needs_vectors(chosen):
        ss["_bench_stop"] = False
        res = {"status": "running", "rows": [], "total": len(docs) * len(chosen), "methods": list(chosen),
               "k_mode": k_mode, "source": source, "started": time.time()}
        ss["bench_result"] = res
        st.button("Stop", key="bench_stop", on_click=_stop, help="Stops after the current document.")
        bar = st.progress(0.0, text="Starting…")
        done = 0
        for d_i, doc in enumerate(docs):
            for name in chosen:
                if ss.get("_bench_stop"):
                    break
                params = common.method_params(name)
                seg, err = _run_one(doc, name, params, k_mode == "Reference K")
                row = {"method": name, "document": doc.source or f"doc {d_i}", "n": doc.n,
                       "reference K": len(doc.reference)}
                if err:
                    row["error"] = err
                else:
                    m = evaluate(doc.reference, seg.boundaries)
                    base = common.baseline_rows(doc, seg.k)
                    row.update({"K": seg.k, "pk": m["pk"], "windowdiff": m["windowdiff"], "f1": m["f1"],
                                "seconds": seg.seconds, "pk no boundary": base["none"]["pk"],
                                "pk even": base["even"]["pk"], "windowdiff no boundary": base["none"]["windowdiff"],
                                "windowdiff even": base["even"]["windowdiff"], "f1 even": base["even"]["f1"]})
                res["rows"].append(row)
                done += 1
                bar.progress(done / res["total"], text=f"{done} / {res['total']}: {name} on {row['document']}")
            if ss.get("_bench_stop"):
                break
        res["status"] = "stopped" if ss.get("_bench_stop") else "done"
        bar.empty()
        st.rerun()  # redraw without the Stop button

    if res and res["rows"]:
        rows = res["rows"]
        n_done = len(rows)
        if res["status"] == "stopped":
            st.warning(f"Stopped after {n_done} of {res['total']} runs; the results below cover those only.")
        else:
            st.success(f"{n_done} runs on {res['source']} ({res['k_mode']}) in "
                       f"{sum(r.get('seconds', 0) for r in rows):.1f} s of segmentation.")
        df = pd.DataFrame(rows)
        for e in df[df["error"].notna()].itertuples() if "error" in df else []:
            st.error(f"{e.method} on {e.document}: {e.error}")
        ok = df[df["error"].isna()] if "error" in df else df
        if len(ok):
            summary = ok.groupby("method", sort=False).agg(
                docs=("pk", "size"), Pk=("pk", "mean"), **{"Pk·none": ("pk no boundary", "mean"),
                                                            "Pk·even": ("pk even", "mean")},
                WD=("windowdiff", "mean"), **{"WD·none": ("windowdiff no boundary", "mean"),
                                              "WD·even": ("windowdiff even", "mean")},
                F1=("f1", "mean"), **{"F1·even": ("f1 even", "mean"), "ms/doc": ("seconds", "mean"),
                                      "mean K": ("K", "mean")}).reset_index()
            summary["ms/doc"] *= 1000
            fmt = {c: st.column_config.NumberColumn(format="%.3f") for c in summary.columns
                   if c not in ("method", "docs", "ms/doc", "mean K")}
            fmt["ms/doc"] = st.column_config.NumberColumn(format="%.1f")
            fmt["mean K"] = st.column_config.NumberColumn(format="%.1f")
            st.dataframe(summary, hide_index=True, width="stretch", column_config=fmt)
            st.caption("Means over documents. Pk and WD (WindowDiff): lower is better (k = half the mean reference "
                       "segment length); F1: boundaries within ±1 element, higher is better. Beside each: ·none = "
                       "the same documents with no boundary at all; ·even = the method's own number of segments "
                       "placed evenly — a method should beat both.")
            metric = st.radio("Distribution of", ["pk", "windowdiff", "f1"], horizontal=True, key="bench_metric",
                              format_func={"pk": "Pk", "windowdiff": "WindowDiff", "f1": "F1"}.get)
            long = [{"method": r["method"], "document": r["document"], metric: r[metric]}
                    for r in ok.to_dict("records")]
            first = ok.drop_duplicates("document")
            long += [{"method": "baseline: no boundary", "document": r["document"],
                      metric: r[f"{metric} no boundary"] if metric != "f1" else 0.0} for r in first.to_dict("records")]
            st.plotly_chart(plots.distribution_figure(long, metric), key="bench_dist", config={"displaylogo": False},
                            width="stretch")
            with st.expander("Per-document results"):
                st.dataframe(ok, hide_index=True, width="stretch")
            st.download_button("Download per-document results (CSV)", ok.to_csv(index=False), "benchmark.csv",
                               "text/csv", on_click="ignore", key="bench_dl")

# ---- parameter sweep ----------------------------------------------------------------------------------------------

with tab_sweep:
    names = list(METHODS)
    if ss.get("sweep_method") not in names:
        ss["sweep_method"] = "c99" if "c99" in names else names[0]
    a, b = st.columns(2)
    sm = a.selectbox("Method", names, key="sweep_method")
    sweepable = [p for p in METHODS[sm].params if isinstance(p.default, (bool, int, float)) or p.choices]
    if not sweepable:
        st.info(f"{sm} has no numeric or multiple-choice parameter to sweep.")
        st.stop()
    pnames = [p.name for p in sweepable]
    if ss.get("sweep_param") not in pnames:
        ss["sweep_param"] = pnames[0]
    pname = b.selectbox("Parameter", pnames, key="sweep_param",
                        help="; ".join(f"{p.name}: {p.help}" for p in sweepable)[:900])
    param = next(p for p in sweepable if p.name == pname)
    st.caption(f"**{pname}** — {param.help} (default {param.default!r})")
    values = []
    if param.choices:
        values = st.multiselect("Values", list(param.choices), default=list(param.choices),
                                key=f"sweep_vals_{sm}_{pname}")
    elif isinstance(param.default, bool):
        values = [False, True]
    else:
        c1, c2, c3 = st.columns(3)
        d = param.default
        lo_default = d / 2 if isinstance(d, float) and d else max(0, d - 4) if isinstance(d, int) else 0
        hi_default = d * 2 if isinstance(d, float) and d else d + 6 if isinstance(d, int) else 1
        if isinstance(d, float) and not d:
            hi_default = 1.0
        lo = c1.number_input("from", value=lo_default, key=f"sweep_lo_{sm}_{pname}")
        hi = c2.number_input("to", value=hi_default, key=f"sweep_hi_{sm}_{pname}")
        steps = c3.number_input("values", 2, 25, 5, key=f"sweep_n_{sm}_{pname}")
        if hi < lo:
            st.error("'to' must not be smaller than 'from'.")
        else:
            grid = np.linspace(lo, hi, int(steps))
            values = sorted({int(round(v)) for v in grid}) if isinstance(d, int) else [float(f"{v:.6g}") for v in grid]
    ss.setdefault("sweep_k_mode", "Reference K")
    sk = st.radio("K", ["Reference K", "Automatic"], key="sweep_k_mode", horizontal=True)
    sweep_docs = docs[: min(len(docs), 10)]
    st.caption(f"Runs on the first {len(sweep_docs)} documents of the dataset above ({len(values)} values × "
               f"{len(sweep_docs)} documents); the other parameters as set on the Explore page.")
    go_clicked = st.button("Run sweep", type="primary", key="sweep_run", disabled=not values)
    sres = ss.get("sweep_result")
    if sres and sres["status"] == "running" and not go_clicked:
        sres["status"] = "stopped"
    if go_clicked and _needs_vectors([sm]):
        ss["_bench_stop"] = False
        sres = {"status": "running", "method": sm, "param": pname, "values": list(values), "points": [],
                "total": len(values) * len(sweep_docs)}
        ss["sweep_result"] = sres
        st.button("Stop", key="sweep_stop", on_click=_stop)
        bar = st.progress(0.0, text="Starting…")
        done = 0
        base = common.method_params(sm)
        for v in values:
            per = []
            for doc in sweep_docs:
                if ss.get("_bench_stop"):
                    break
                seg, err = _run_one(doc, sm, {**base, pname: v}, sk == "Reference K")
                if err is None:
                    per.append(evaluate(doc.reference, seg.boundaries))
                else:
                    per.append({"error": err})
                done += 1
                bar.progress(done / sres["total"], text=f"{pname} = {v}: {done} / {sres['total']}")
            ok = [p for p in per if "error" not in p]
            if per:
                sres["points"].append({"value": v, "pk": np.mean([p["pk"] for p in ok]) if ok else np.nan,
                                       "windowdiff": np.mean([p["windowdiff"] for p in ok]) if ok else np.nan,
                                       "f1": np.mean([p["f1"] for p in ok]) if ok else np.nan,
                                       "documents": len(ok), "errors": len(per) - len(ok),
                                       "first error": next((p["error"] for p in per if "error" in p), "")})
            if ss.get("_bench_stop"):
                break
        sres["status"] = "stopped" if ss.get("_bench_stop") else "done"
        bar.empty()
        st.rerun()
    if sres and sres["points"]:
        pts = pd.DataFrame(sres["points"])
        if sres["status"] == "stopped":
            st.warning(f"Stopped: {len(pts)} of {len(sres['values'])} values done.")
        for r in sres["points"]:
            if r["errors"]:
                st.error(f"{sres['param']} = {r['value']}: {r['errors']} document(s) failed — {r['first error']}")
        nb = float(np.mean([evaluate(d.reference, [d.n])["pk"] for d in sweep_docs]))
        st.plotly_chart(plots.sweep_figure(list(pts["value"]), {"Pk": list(pts["pk"]),
                                                                "WindowDiff": list(pts["windowdiff"]),
                                                                "F1": list(pts["f1"])},
                                           f"{sres['method']}: {sres['param']}", {"Pk with no boundary": nb}),
                        key="sweep_chart", config={"displaylogo": False}, width="stretch")
        st.dataframe(pts, hide_index=True, width="stretch")
