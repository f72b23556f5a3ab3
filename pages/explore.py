"""Explore: segment one document with one method and look at it from every side."""
import sys
from functools import partial
from pathlib import Path

if str(Path(__file__).resolve().parent.parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pandas as pd  # noqa: E402
import streamlit as st  # noqa: E402

from pages import common  # noqa: E402
from segcore import METHODS, exports, plots  # noqa: E402

common.require_frame()
ss = st.session_state
state = common.current_document()
doc = state.doc

# ---- sidebar: method, K, parameters -----------------------------------------------------------------------------

names = list(METHODS)
if ss.get("method") not in names:
    ss["method"] = "best" if "best" in names else names[0]
sb = st.sidebar
sb.header("Method")
method = sb.selectbox("Method", names, key="method", help="Methods come from segcore's registry; see the About "
                                                          "page for what each one does.")
m = METHODS[method]
sb.caption(f"{m.summary} — *{m.citation}*")


def _use_reference_k():
    d = common.current_document().doc
    if d is not None and d.reference:
        ss["k_mode"], ss["k"] = "Number", len(d.reference)


ss.setdefault("k_mode", "Number" if doc is not None and doc.reference else "Automatic")
ss.setdefault("k", len(doc.reference) if doc is not None and doc.reference else 10)
k_mode = sb.radio("Number of segments K", ["Automatic", "Number"], key="k_mode", horizontal=True,
                  help="Automatic: the method chooses K itself (each method has its own rule). Number: exactly K "
                       "segments.")
k_value = sb.number_input("K", min_value=1, step=1, key="k", disabled=k_mode == "Automatic",
                          help="Number of segments (1 … number of elements). You can also click a point of the "
                               "cost-versus-K curve below.")
if doc is not None and doc.reference:
    sb.button(f"Use the reference's K = {len(doc.reference)}", on_click=_use_reference_k)
with sb.expander(f"Parameters of {method}", expanded=False):
    for group, params in common.param_groups(method):
        st.markdown(f"**{group}**")
        for p in params:
            common.param_widget(st, method, p)
    common.corpus_widget(st, method)
    st.button("Reset to defaults", on_click=common.reset_params, args=(method,), key="reset_params")

k = None if k_mode == "Automatic" else int(k_value)
common.sync_query_params(state, method, k_mode, int(k_value))

# ---- main ---------------------------------------------------------------------------------------------------------

st.title("Explore a segmentation")
if doc is None:
    if state.error:
        st.error(state.error)
    else:
        st.info("Choose a sample, upload a file or paste text in the sidebar.")
    st.stop()
if state.ref_error:
    st.error(state.ref_error + " — the text is segmented without a reference until this is corrected.")

unit = common.LEVEL_LABELS[doc.level]
seen = ss.setdefault("_previewed", set())
first_look = state.sample is None and state.key not in seen  # an upload or a paste: show what was extracted
seen.add(state.key)
with st.expander(f"**{state.label}** — {common.describe(doc)} (preview of the extracted text)", expanded=first_look):
    st.dataframe(pd.DataFrame(common.preview_rows(doc)), hide_index=True, width="stretch")
    if doc.level == "sentence":
        st.caption("One row per element, as the segmenter sees it. Sentence splitting can merge or split a "
                   "sentence or two; element numbers are the ones used everywhere on this page.")
for note in state.notes:
    st.info(note)
if doc.n > common.LARGE_N:
    st.warning(f"{doc.n:,} {unit}: a long text. Methods that build an N×N matrix (c99, oc99) and exact DP "
               f"splitters take seconds to minutes here; split = greedy or refine, or the tiling methods, answer in "
               f"well under a second. The heatmap shows averages over bins of consecutive {unit}.")

params = common.method_params(method)
if common.uses_vectors(method, params):
    vec = common.ensure_vectors(str(params.get("vectors", "glove-6b-50d")), where=st.sidebar)
    if vec.error:
        st.error(vec.error)
        st.stop()

leak = common.corpus_leak_warning(method, doc)
if leak:
    st.warning(leak)
with st.spinner(f"Segmenting with {method}…"):
    res = common.run_method(state, method, k, params)
if res.error:
    st.error(res.error)
    st.stop()
seg = res.value
bounds = seg.boundaries

# K chosen, timing
auto = " (K chosen automatically)" if seg.k_automatic else ""
st.markdown(f"**{method}** cut the {doc.n:,} {unit} into **{seg.k} segments**{auto} "
            f"in {seg.seconds * 1000:,.0f} ms.")

# metrics against the reference
tops = None
if doc.reference:
    ss.setdefault("tolerance", 1)
    mc = st.columns([1, 1, 1, 1, 1, 1.6])
    with mc[5]:
        tol = st.slider("F1 tolerance (elements)", 0, 10, key="tolerance",
                        help="A boundary counts as found if it lies within this many elements of a reference "
                             "boundary (one-to-one).")
    met = common.guarded(common.metrics, doc.reference, bounds, int(tol), what="Scoring")
    if met.error:
        st.error(met.error)
    else:
        v = met.value
        even = common.guarded(common.metrics, doc.reference, common.evenly_spaced(doc.n, seg.k), int(tol)).value
        none = common.guarded(common.metrics, doc.reference, [doc.n], int(tol)).value
        mc[0].metric("Pk", f"{v['pk']:.3f}", help="Probability that two elements k apart are wrongly put in the "
                     "same or in different segments (Beeferman et al. 1999); 0 is perfect. k = half the mean "
                     "reference segment length." + (f" No boundary: {none['pk']:.3f}" if none else ""))
        mc[1].metric("WindowDiff", f"{v['windowdiff']:.3f}", help="Fraction of k-wide windows where the number of "
                     "boundaries differs from the reference (Pevzner & Hearst 2002); 0 is perfect.")
        mc[2].metric("Precision", f"{v['precision']:.2f}")
        mc[3].metric("Recall", f"{v['recall']:.2f}")
        mc[4].metric("F1", f"{v['f1']:.2f}", help=f"Boundary F1 with tolerance {tol}.")
        if even and none:
            st.caption(f"Baselines on this document — no boundary: Pk {none['pk']:.3f}, WindowDiff "
                       f"{none['windowdiff']:.3f}; {seg.k} evenly spaced segments: Pk {even['pk']:.3f}, "
                       f"WindowDiff {even['windowdiff']:.3f}, F1 {even['f1']:.2f}.")

# highlight state
options = list(range(seg.k))
if ss.get("highlight") not in options:
    ss["highlight"] = None


def _on_heatmap_select():
    ev = ss.get("heatmap_chart")
    try:
        points = ev["selection"]["points"]
    except (KeyError, TypeError):
        return
    for p in points:
        cd = p.get("customdata")
        if cd is not None:
            if isinstance(cd, (list, tuple)):
                cd = cd[0] if cd else None
            if cd is not None:
                ss["highlight"] = int(cd)
                return


def _on_cost_select():
    ev = ss.get("cost_chart")
    try:
        points = ev["selection"]["points"]
    except (KeyError, TypeError):
        return
    for p in points:
        x = p.get("x")
        if x is not None:
            ss["k_mode"], ss["k"] = "Number", int(round(float(x)))
            return


rep = common.rep_kwargs(params)
bags = common.cached_bags(state.key, doc, "choi", False)
tops = plots.segment_top_terms(bags, bounds)
topics = plots.topic_mixture_labels(seg.signals, seg.k)

left, right = st.columns([1.05, 1], gap="medium")
with left:
    st.subheader("Similarity of elements")
    kinds = list(plots.HEATMAP_KINDS)
    ss.setdefault("hm_kind", "cosine")
    c1, c2 = st.columns([3, 1.3])
    kind = c1.radio("Heatmap", kinds, key="hm_kind", horizontal=True, label_visibility="collapsed",
                    format_func={"cosine": "cosine", "rank": "rank-transformed", "embedding": "word-vector cosine"}.get,
                    help="cosine: of the method's element vectors; rank-transformed: Choi's r×r rank matrix of that "
                         "cosine (rank = the method's 'rank' parameter or 11); word-vector cosine: of GloVe "
                         "word-vector sums.")
    max_bins = 300
    if doc.n > 150:
        ss.setdefault("hm_bins", 300 if doc.n > 300 else 150)
        max_bins = c2.select_slider("Resolution (bins)", [100, 150, 200, 300, 400], key="hm_bins",
                                    help="The heatmap averages the similarity over bins of consecutive elements "
                                         "when the text has more elements than this.")
    ok = True
    if kind == "embedding":
        vec = common.ensure_vectors(where=st.sidebar)
        if vec.error:
            st.error(vec.error)
            ok = False
    if ok:
        sim = common.guarded(common.cached_similarity, state.key, doc, kind, common._items(rep), rep,
                             int(params.get("rank", 11)), int(max_bins), what="The similarity matrix")
        if sim.error:
            st.error(sim.error)
        else:
            matrix, edges = sim.value
            labels = plots.element_labels(doc.elements, edges, level=doc.level)
            fig = plots.heatmap_figure(matrix, edges, bounds, doc.reference, labels, highlight=ss["highlight"],
                                       colorbar_title=plots.HEATMAP_KINDS[kind].split(" (")[0][:18])
            st.plotly_chart(fig, key="heatmap_chart", on_select=_on_heatmap_select, selection_mode="points",
                            config={"displaylogo": False, "scrollZoom": True}, width="stretch")
            binned = len(edges) - 1 < doc.n
            st.caption(("Averaged over bins of consecutive elements. " if binned else "")
                       + "Thin red squares: the method's segments; wide cyan squares: the reference. Click a ◆ "
                         "to highlight its segment in the text.")

with right:
    st.subheader("Text")
    st.selectbox("Highlight segment", options, key="highlight", index=None, placeholder="click a ◆ or choose here",
                 format_func=lambda i: f"segment {i + 1}: {bounds[i - 1] if i else 0}–{bounds[i] - 1}"
                                       + (f" ({', '.join(tops[i][:3])})" if tops and tops[i] else ""))
    if ss["highlight"] is not None:
        i = ss["highlight"]
        a, b = (bounds[i - 1] if i else 0), bounds[i]
        st.html(plots.selected_segment_html(doc.elements[a:b], i, a, b, doc.level, tops[i] if tops else None))
    st.html(plots.overlay_legend_html())
    st.html(plots.overlay_html(doc.elements, bounds, doc.level, top_terms=tops, topics=topics,
                               reference=doc.reference, highlight=ss["highlight"], max_height=600))

hl = ss["highlight"]
hl_range = ((bounds[hl - 1] if hl else 0), bounds[hl]) if hl is not None else None

tab_profile, tab_cost, tab_segments, tab_export = st.tabs(["Score profile", "Cost vs K", "Segments", "Export"])

with tab_profile:
    ss.setdefault("novelty_window", 3 if doc.level == "sentence" else 25)
    window = st.slider("Window of the novelty curve (elements each side)", 1, 100 if doc.level == "word" else 20,
                       key="novelty_window")
    profiles = {f"{name} (method)": v for name, v in plots.gap_curves(seg.signals, doc.n).items()}
    nov = common.guarded(common.cached_novelty, state.key, doc, common._items(rep), rep, int(window),
                         what="The novelty curve")
    novelty_name = "novelty: 1 − cosine(window before, window after)"
    if nov.error:
        st.error(nov.error)
    else:
        profiles[novelty_name] = nov.value
    thr = next((s.threshold for s in seg.curves("gap").values() if s.threshold is not None), None)
    own = len(profiles) > 1  # the method's own gap scores come first; the novelty curve is then off by default
    st.plotly_chart(plots.profile_figure(profiles, doc.n, bounds, doc.reference, highlight=hl_range, threshold=thr,
                                         hidden={novelty_name} if own else ()),
                    key="profile_chart", config={"displaylogo": False}, width="stretch")
    st.caption("Red lines: the boundaries the method chose; wide cyan bands: the reference. The novelty curve peaks "
               "where the vocabulary changes" + (" (click its legend entry to show it); curves marked (method) are "
                                                 "the method's own scores." if own else "."))

with tab_cost:
    costs = seg.signals["costs_by_k"].values if "costs_by_k" in seg.signals else None
    kmax = min(doc.n, 40)
    curve_note = ""
    if costs is not None and len(costs) < kmax and doc.n <= 2000:
        cur = common.guarded(common.cached_curve, state.key, doc, method, kmax, common._items(params), params,
                             what="The cost curve")
        if cur.value is not None:
            costs = cur.value
    elif costs is not None and doc.n > 2000 and len(costs) < kmax:
        curve_note = f" Only K ≤ {len(costs)} shown: longer curves are not computed for texts over 2,000 {unit}."
    gains = seg.signals["gradient"].values if "gradient" in seg.signals else None
    density = seg.signals["density"].values if "density" in seg.signals else None
    smoothed = seg.signals.get("smoothed_gradient")
    if costs is None and gains is None and density is not None and len(density) > 1:
        fig = plots.cost_curve_figure(density, seg.k, len(doc.reference) if doc.reference else None,
                                      y_title="inside density D after K−1 splits (higher is denser)")
    elif costs is not None or gains is not None:
        fig = plots.cost_curve_figure(costs, seg.k, len(doc.reference) if doc.reference else None, gains=gains,
                                      smoothed_gains=smoothed.values if smoothed else None,
                                      threshold=smoothed.threshold if smoothed else None)
    else:
        fig = None
    if fig is None:
        st.info(f"{method} with these parameters reports no cost or gain per K (the DP splitter does: "
                f"set split = dp if the method has it).")
    else:
        st.plotly_chart(fig, key="cost_chart", on_select=_on_cost_select, selection_mode="points",
                        config={"displaylogo": False}, width="stretch")
        st.caption("Click a point to use that K (or set K in the sidebar). A knee in the curve suggests a natural "
                   "number of segments." + curve_note)

with tab_segments:
    rows = []
    for i, (a, b) in enumerate(doc.segments(bounds)):
        rows.append({"segment": i + 1, "start": a, "end": b, "length": b - a,
                     "top terms": ", ".join(tops[i]) if tops else "",
                     "begins with": plots.truncate((" " if doc.level == "word" else " ").join(doc.elements[a:a + 3]),
                                                   90)})
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")

with tab_export:
    stem = Path(state.label or "document").stem.replace(" ", "_")
    base = f"{stem}.{method}.k{seg.k}"
    e1, e2, e3, e4 = st.columns(4)
    # callables: an export is only built when its button is clicked (deferred download data)
    e1.download_button("JSON", partial(exports.to_json, doc, seg), f"{base}.json", "application/json",
                       on_click="ignore", key="dl_json", help="Boundaries, segments with text, parameters, timing.")
    e2.download_button("CSV", partial(exports.to_csv, doc, seg), f"{base}.csv", "text/csv", on_click="ignore",
                       key="dl_csv", help="segment, start, end, text")
    e3.download_button("Choi .ref", partial(exports.to_choi, doc, seg), f"{base}.ref", "text/plain",
                       on_click="ignore", key="dl_choi", help="One element per line, segments separated by lines "
                                                               "of ==========")
    e4.download_button("JSONL chunks", partial(exports.to_jsonl, doc, seg, tops), f"{base}.jsonl",
                       "application/jsonl", on_click="ignore", key="dl_jsonl",
                       help="One JSON object per segment, for a retrieval index.")
    st.caption("Link to this view: copy the address bar (the method, K, level, sample and changed parameters are "
               "in it). Uploaded or pasted text is not part of the link.")
