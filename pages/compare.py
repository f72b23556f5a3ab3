"""Compare: 2–4 methods on the same document — boundary strips, agreement between methods, scores, time."""
from functools import partial

import pandas as pd
import streamlit as st

from explorer import compute, frame, sidebar, widgets
from explorer.documents import describe
from explorer.guard import md
from segcore import METHODS, plots
from segcore.document import level_noun, located, where
from segcore.evaluation import score_cells, score_digits
from segcore.metrics import evaluate

frame.require()
ss = st.session_state
st.title("Compare methods")
st.caption("Run several methods on the document chosen in the sidebar. Each method uses the parameters set for it on "
           "the Explore page, or its defaults.")
doc_state = sidebar.document_or_stop()
doc = doc_state.doc

st.markdown(f"**{md(doc_state.label)}** — {describe(doc)}")
names = list(METHODS)
ss.setdefault("cmp_methods", [n for n in ("best", "cvs", "c99", "texttiling") if n in names][:3] or names[:2])
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
    leak = compute.corpus_leak(name, doc)
    if leak:
        st.warning(leak)
segs = {}
progress = st.progress(0.0, text="Running…")
for i, name in enumerate(chosen):
    progress.progress(i / len(chosen), text=f"Running {name}…")
    out = compute.run_method(doc_state, name, k, widgets.method_params(name))
    if out.error:
        st.error(f"{name}: {out.error}")
    else:
        segs[name] = out.value
progress.empty()
if not segs:
    st.stop()

st.subheader("Boundaries")
place = partial(where, doc) if located(doc) else None  # a PDF's pages, a recording's times
st.plotly_chart(plots.boundary_strips_figure({n: s.boundaries for n, s in segs.items()}, doc.n, doc.reference,
                                            level=doc.level, place=place),
                key="strips", config={"displaylogo": False}, width="stretch")
st.caption("One row per method" + " (reference on top)" * bool(doc.reference) + "; each bar is a segment, alternately "
           "dark and light." + " Dotted lines: the reference boundaries." * bool(doc.reference)
           + " Hover over a segment for where it is in the source." * bool(place))

st.subheader("Scores and time")
rows = [{"method": n, "K": s.k, "K automatic": s.k_automatic, "ms": 1000 * s.seconds} for n, s in segs.items()]
baselines = ""
if doc.reference:
    for row, s in zip(rows, segs.values()):
        row.update(score_cells(evaluate(doc.reference, s.boundaries)))
    kk = len(doc.reference)
    base = compute.baselines(doc, kk)
    for name, k_base in (("none", 1), ("even", kk)):  # named short, as the Benchmark page's '· none' and '· even'
        rows.append({"method": f"baseline: {name}", "K": k_base, "K automatic": False, "ms": 0.0,
                     **score_cells(base[name])})
    baselines = f"baseline: none = no boundary at all; baseline: even = {kk} segments evenly spaced"
table = pd.DataFrame(rows)
st.dataframe(table, hide_index=True, width="stretch", column_config={  # short labels: all columns fit at 800 px
    **widgets.number_formats({"ms": 1, **score_digits(table.columns)}),
    "method": st.column_config.TextColumn(help="The methods compared" + f"; {baselines}" * bool(baselines)),
    "K automatic": st.column_config.CheckboxColumn("auto", help="K automatic: chosen by the method itself")})
if doc.reference:
    st.caption(f"Pk and WindowDiff in % (lower is better); F1 in %: boundaries within ±1 {level_noun(doc.level, 1)} "
               f"of the reference's; {baselines}.")
else:
    st.caption("No reference segmentation for this document: type where its segments end in the sidebar's "
               "'Reference segmentation', or load a .ref file or a sample, to see Pk, WindowDiff and F1.")

if len(segs) >= 2:
    st.subheader("Agreement between methods")
    bounds = {n: s.boundaries for n, s in segs.items()}
    a, b = st.columns(2, vertical_alignment="bottom")  # the tables level when a heading wraps (800 px)
    a.markdown("**Pk %** (row taken as reference)")
    widgets.agreement_table(a, bounds, "pk")
    b.markdown("**WindowDiff %** (row taken as reference)")
    widgets.agreement_table(b, bounds, "windowdiff")
    st.caption("0 % = the two methods put their boundaries in the same places; the window k is half the mean "
               "segment length of the row's method.")
