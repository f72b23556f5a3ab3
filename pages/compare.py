"""Compare: 2–4 methods on the same document — boundary strips, agreement between methods, scores, time."""
import sys
from pathlib import Path

if str(Path(__file__).resolve().parent.parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd  # noqa: E402
import streamlit as st  # noqa: E402

from pages import common  # noqa: E402
from segcore import METHODS, plots  # noqa: E402

common.require_frame()
ss = st.session_state
state = common.current_document()
doc = state.doc

st.title("Compare methods")
st.caption("Run several methods on the document chosen in the sidebar. Each method uses the parameters set for it on "
           "the Explore page, or its defaults.")
if doc is None:
    if state.error:
        st.error(state.error)
    else:
        st.info("Choose a sample, upload a file or paste text in the sidebar.")
    st.stop()
if state.ref_error:
    st.error(state.ref_error + " — the text is segmented without a reference until this is corrected.")

st.markdown(f"**{state.label}** — {common.describe(doc)}")
names = list(METHODS)
default = [n for n in ("best", "cvs", "c99", "texttiling") if n in names][:3] or names[:2]
ss.setdefault("cmp_methods", default)
ss["cmp_methods"] = [n for n in ss["cmp_methods"] if n in names]
c1, c2, c3 = st.columns([3, 1.4, 1])
chosen = c1.multiselect("Methods (2–4)", names, key="cmp_methods", max_selections=4,
                        help="Methods from segcore's registry; see the About page.")
modes = (["Reference K"] if doc.reference else []) + ["Automatic", "Number"]
if ss.get("cmp_k_mode") not in modes:
    ss["cmp_k_mode"] = modes[0]
k_mode = c2.radio("Number of segments K", modes, key="cmp_k_mode",
                  help="Reference K: every method gets the true number of segments. Automatic: each method picks "
                       "its own K.")
ss.setdefault("cmp_k", len(doc.reference) if doc.reference else 10)
k_num = c3.number_input("K", min_value=1, step=1, key="cmp_k", disabled=k_mode != "Number")
k = len(doc.reference) if k_mode == "Reference K" else (None if k_mode == "Automatic" else int(k_num))

if len(chosen) < 2:
    st.info("Choose at least two methods.")
    st.stop()

for name in chosen:
    leak = common.corpus_leak_warning(name, doc)
    if leak:
        st.warning(leak)
results, rows, errors = {}, [], []
progress = st.progress(0.0, text="Running…")
for i, name in enumerate(chosen):
    params = common.method_params(name)
    if common.uses_vectors(name, params):
        vec = common.ensure_vectors(str(params.get("vectors", "glove-6b-50d")), where=st.sidebar)
        if vec.error:
            errors.append(f"{name}: {vec.error}")
            continue
    progress.progress(i / len(chosen), text=f"Running {name}…")
    out = common.run_method(state, name, k, params)
    if out.error:
        errors.append(f"{name}: {out.error}")
        continue
    seg = out.value
    results[name] = seg.boundaries
    row = {"method": name, "K": seg.k, "K automatic": seg.k_automatic, "seconds": round(seg.seconds, 4)}
    if doc.reference:
        met = common.guarded(common.metrics, doc.reference, seg.boundaries, 1)
        if met.value:
            row.update({"Pk": met.value["pk"], "WindowDiff": met.value["windowdiff"], "F1 (±1)": met.value["f1"]})
    rows.append(row)
progress.empty()
for e in errors:
    st.error(e)
if not results:
    st.stop()

st.subheader("Boundaries")
st.plotly_chart(plots.boundary_strips_figure(results, doc.n, doc.reference), key="strips",
                config={"displaylogo": False}, width="stretch")
st.caption("One row per method (reference on top); each bar is a segment, alternately dark and light. Dotted "
           "lines: the reference boundaries.")

st.subheader("Scores and time")
if doc.reference:
    base = {"method": "baseline: no boundary", "K": 1, "K automatic": False, "seconds": 0.0}
    m0 = common.metrics(doc.reference, [doc.n], 1)
    base.update({"Pk": m0["pk"], "WindowDiff": m0["windowdiff"], "F1 (±1)": m0["f1"]})
    kk = len(doc.reference)
    even = {"method": f"baseline: {kk} evenly spaced", "K": kk, "K automatic": False, "seconds": 0.0}
    m1 = common.metrics(doc.reference, common.evenly_spaced(doc.n, kk), 1)
    even.update({"Pk": m1["pk"], "WindowDiff": m1["windowdiff"], "F1 (±1)": m1["f1"]})
    rows += [base, even]
table = pd.DataFrame(rows)
st.dataframe(table, hide_index=True, width="stretch",
             column_config={c: st.column_config.NumberColumn(format="%.3f") for c in ("Pk", "WindowDiff", "F1 (±1)")})
if not doc.reference:
    st.caption("No reference segmentation for this document: load a .ref file or a sample to see Pk, WindowDiff "
               "and F1.")

if len(results) >= 2:
    st.subheader("Agreement between methods")
    pk_t = pd.DataFrame(common.pairwise(results, "pk")).T
    wd_t = pd.DataFrame(common.pairwise(results, "windowdiff")).T
    a, b = st.columns(2)
    a.markdown("**Pk** (row taken as reference)")
    a.dataframe(pk_t.style.format("{:.3f}"), width="stretch")
    b.markdown("**WindowDiff** (row taken as reference)")
    b.dataframe(wd_t.style.format("{:.3f}"), width="stretch")
    st.caption("0 = the two methods put their boundaries in the same places; the window k is half the mean "
               "segment length of the row's method.")
