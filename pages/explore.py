"""Explore: segment one document with one method and look at it from every side."""
from functools import partial
from pathlib import Path

import pandas as pd
import streamlit as st

from explorer import compute, frame, sidebar, state, views, widgets
from explorer.documents import LARGE_N, describe, preview_rows
from explorer.guard import guarded, md
from segcore import METHODS, exports, kchoice, kplots, overlay, plots
from segcore.document import WRITTEN, level_noun, located, span_times, where
from segcore.evaluation import percent_text
from segcore.paragraphs import units_note

frame.require()
ss = st.session_state
doc_state = sidebar.current_document()
method, k = sidebar.method_sidebar(doc_state.doc)
state.write_link(doc_state, method)

st.title("Explore a segmentation")
doc = sidebar.document_or_stop().doc

unit, one = level_noun(doc.level), level_noun(doc.level, 1)  # 'sentences', 'sentence'
seen = ss.setdefault("_previewed", set())
first_look = doc_state.sample is None and doc_state.key not in seen  # an upload or a paste: show what was read
seen.add(doc_state.key)
with st.expander(f"**{md(doc_state.label)}** — {describe(doc, sidebar.stopwords_of(method))} (preview of the extracted text)", expanded=first_look):
    # a table whose rows wrap: in the grid's one-line rows the text was cut at the column's edge (at 800 px most of
    # it, a PDF's 'where' column beside it), the reference's mark at a sentence's end lost; its cells are Markdown
    rows = pd.DataFrame(preview_rows(doc))
    st.table(rows.assign(text=rows["text"].map(md)), hide_index=True)
    where_note = " 'where': the time in the recording or the page each row starts at." * located(doc)
    if doc.level == "sentence":
        st.caption("One row per sentence, as the segmenter sees it. Sentence splitting can merge or split a "
                   "sentence or two; sentence numbers are the ones used everywhere on this page." + where_note)
    elif where_note:
        st.caption(where_note.strip())
for note in doc_state.notes:
    st.info(note)
if doc.n > LARGE_N:
    st.info(f"{doc.n:,} {unit}: a long text. A run can take several seconds here (automatic K the longest); the tiling "
            f"methods and split = greedy answer in under a second. The heatmap shows averages over bins of "
            f"consecutive {unit}.")

params = widgets.method_params(method)
leak = compute.corpus_leak(method, doc)
if leak:
    st.warning(leak)
with st.spinner(f"Segmenting with {method}: representing the {unit}, then placing the boundaries…"):
    res = compute.run_method(doc_state, method, k, params)
if res.error:
    st.error(res.error)
    st.stop()
seg = res.value
bounds = seg.boundaries
auto = " (K chosen automatically)" if seg.k_automatic else ""
has_ref = bool(doc.reference)  # the captions name the reference's marks only when they are drawn
st.markdown(f"**{method}** cut the {doc.n:,} {level_noun(doc.level, doc.n)} into "
            f"**{seg.k} segment{'s' * (seg.k != 1)}**{auto} "
            + (f"in {seg.seconds * 1000:,.0f} ms." if seg.seconds >= 0.0005 else "in under 1 ms."))
units = units_note(doc, seg)
kept_whole = seg.k_automatic and seg.k == 1  # one segment: no finding, for want of evidence (kchoice says why)
if units and not (kept_whole and seg.info.get("paragraphs")):  # else the note below names the paragraphs
    st.caption(units[0].upper() + units[1:] + ".")
if kept_whole:
    why = (" ".join(kchoice.choice_summary(seg.k, seg.info, seg.signals, seg.elements(doc))[1])
           or "No K above 1 was clearly better.")
    st.info(f"**No boundary found**: {method} chose K = 1 automatically, the whole text as one segment. {why} "
            f"(K: 'Number of segments K' in the sidebar"
            + f"; paragraphs: a check box under 'Parameters of {method}'" * bool(seg.info.get("paragraphs")) + ".)")

# ---- scores against the reference, beside the baselines ----------------------------------------------------------

if doc.reference:
    state.per_level("tolerance", doc.level, state.F1_TOLERANCE)  # its own at each level: 3 sentences are not 3 words
    # one row that wraps (a horizontal container): each score as wide as its label and value, the slider after
    # them; in fixed columns at 800 px each score had 58 px, its value cut to '8…'
    row = st.container(horizontal=True, key="scores")
    cells = [row.container(width="content") for _ in range(5)]  # filled once the tolerance is known
    tol = row.slider(f"F1 tolerance ({unit})", 0, state.MAX_TOLERANCE[doc.level], key="tolerance",
                     help=f"A boundary counts as found if it lies within this many {unit} of a reference "
                          f"boundary (one-to-one).")
    sc = guarded(compute.scores, doc, bounds, int(tol), what="Scoring")
    if sc.error:
        st.error(sc.error)
    else:
        v, none, even = sc.value["method"], sc.value["none"], sc.value["even"]
        scores = (("Pk", "pk", f"How often two {unit} k apart are wrongly put in the same or in different segments "
                               "(Beeferman et al. 1999); 0 % is perfect. k = half the mean reference segment length. "
                               f"No boundary: {percent_text(none, 'pk')}"),
                  ("WindowDiff", "windowdiff", "Share of k-wide windows where the number of boundaries differs from "
                                               "the reference (Pevzner & Hearst 2002); 0 % is perfect."),
                  ("Precision", "precision", None), ("Recall", "recall", None),
                  ("F1", "f1", f"Boundary F1 with tolerance {tol}."))
        for cell, (label, name, help_text) in zip(cells, scores):
            cell.metric(label, percent_text(v, name), help=help_text, width="content")
        spaced = (f"; {seg.k} evenly spaced segments: Pk {percent_text(even, 'pk')}, WindowDiff "
                  f"{percent_text(even, 'windowdiff')}, F1 {percent_text(even, 'f1')}"
                  if seg.k > 1 else "")  # K = 1: the no-boundary baseline again
        st.caption(f"Baselines on this document — no boundary: Pk {percent_text(none, 'pk')}, WindowDiff "
                   f"{percent_text(none, 'windowdiff')}{spaced}.")

# ---- heatmap and text ------------------------------------------------------------------------------------------------

if ss.get("highlight") not in range(seg.k):
    ss["highlight"] = None


def _on_heatmap_click():
    segment = widgets.clicked("heatmap_chart", "customdata")
    if segment is not None:
        ss["highlight"] = int(segment)


def _on_k_click(chart: str):
    k_clicked = widgets.clicked(chart, "x")
    if k_clicked is not None:
        ss["k_mode"], ss["k"] = "Number", int(round(float(k_clicked)))


tops = compute.top_terms(doc_state, bounds)
spans = doc.segments(bounds)
places = [where(doc, a, b) for a, b in spans] if located(doc) else None  # pages of a PDF, times of a recording
left, right = st.columns([1.05, 1], gap="medium")
with left:
    st.subheader(f"Similarity of {unit}")
    ss.setdefault("hm_kind", "cosine")
    # one row that wraps: the kinds on one line wherever the column holds them (in columns of 3 : 1.3, 'word-vector
    # cosine' went on a line of its own at every width, beside an empty column on a short text), the resolution beside
    row = st.container(horizontal=True, key="heatmap_controls")
    kind = row.radio("Heatmap", list(plots.HEATMAP_KINDS), key="hm_kind", horizontal=True, label_visibility="collapsed",
                    format_func=plots.HEATMAP_KINDS.get,
                    help=f"cosine similarity: of the method's {one} vectors; rank-transformed cosine: Choi's r×r "
                         "rank matrix of that cosine (rank = the method's 'rank' parameter or 11); word-vector "
                         "cosine: of GloVe word-vector sums.")
    max_bins = views.heatmap_bins(doc_state, row)
    region = views.zoom(doc_state, max_bins)
    sim = compute.similarity(doc_state, params, kind, max_bins, region)
    if sim.error:
        st.error(sim.error)
    else:
        matrix, edges = sim.value
        labels = plots.element_labels(doc.elements, edges, level=doc.level)
        fig = plots.heatmap_figure(matrix, edges, bounds, doc.reference, labels, highlight=ss["highlight"],
                                   colorbar_title=plots.HEATMAP_KINDS[kind], level=doc.level)
        views.square_chart(fig, "heatmap_chart", on_select=_on_heatmap_click, selection_mode="points",
                           config={"displaylogo": False, "scrollZoom": True})
        binned = len(edges) - 1 < region[1] - region[0]
        st.caption((f"{unit.capitalize()} {region[0]:,}–{region[1] - 1:,}"
                    + (f", averaged over {len(edges) - 1:,} bins of about "
                       f"{plots.bin_size(region[1] - region[0], len(edges) - 1)} {unit} each. "
                       if binned else ", one by one. ") if region != (0, doc.n) or binned else "")
                   + "Thin red squares: the method's segments" + ("; wide cyan squares: the reference" * has_ref)
                   + ". Click a ◆ to highlight its segment in the text.")

with right:
    st.subheader("Text")
    choices = [f"segment {i + 1}: {a}–{b - 1}" + (f" ({', '.join(tops[i][:3])})" if tops[i] else "")
               for i, (a, b) in enumerate(spans)]
    views.shown_anew("highlight", choices)
    st.selectbox("Highlight segment", list(range(seg.k)), key="highlight", index=None,
                 placeholder="click a ◆ or choose here", format_func=choices.__getitem__)
    hl, written, opens = ss["highlight"], doc.meta.get(WRITTEN), doc.meta.get("paragraphs")
    if hl is not None:
        a, b = spans[hl]
        st.html(overlay.selected_segment_html(doc.elements[a:b], hl, a, b, doc.level, tops[hl],
                                              place=places[hl] if places else None,
                                              written=written[a:b] if written else None, paragraphs=opens))
    window = views.text_page(doc_state, bounds, hl)
    st.html(overlay.overlay_legend_html(has_ref, doc.level))
    st.html(overlay.overlay_html(doc.elements, bounds, doc.level, top_terms=tops,
                                 topics=overlay.topic_mixture_labels(seg.signals, seg.k), reference=doc.reference,
                                 highlight=hl, max_height=600, window=window, places=places,
                                 paragraphs=opens, written=written))

# ---- score profile, cost vs K, segments, exports ------------------------------------------------------------------

def profile_tab():
    window = views.novelty_window(doc_state)
    profiles = {f"{method}: {label}": v for label, v in plots.gap_curves(seg.signals, doc.n).items()}
    nov = compute.novelty(doc_state, params, window)
    novelty_name = "novelty: 1 − cosine(window before, window after)"
    if nov.error:
        st.error(nov.error)
    else:
        profiles[novelty_name] = nov.value
    thr = next((s.threshold for s in seg.curves("gap").values() if s.threshold is not None), None)
    own = len(profiles) > 1  # the method's own gap scores come first; the novelty curve is then off by default
    st.plotly_chart(plots.profile_figure(profiles, doc.n, bounds, doc.reference,
                                         highlight=spans[hl] if hl is not None else None, threshold=thr,
                                         hidden={novelty_name} if own else ()),
                    key="profile_chart", config={"displaylogo": False}, width="stretch")
    st.caption("Red lines: the boundaries the method chose" + "; wide cyan bands: the reference" * has_ref
               + ". The novelty curve peaks where the vocabulary changes (it starts a window into the text and ends a "
                 "window before its end)"
               + (f" (click its legend entry to show it); curves named '{method}: …' are the method's own scores."
                  if own else "."))

def k_tab():
    k_ref = len(doc.reference) if doc.reference else None
    auto = compute.automatic(doc_state, method, params, seg)
    chosen = auto.value if auto is not None and not auto.error else None
    k_auto, interval = (chosen.k, chosen.info.get("k_interval")) if chosen else (None, None)
    if auto is None:
        st.button(f"Show {method}'s automatic choice of K", key="auto_now", on_click=compute.ask_automatic,
                  args=(doc_state, method, params), help="Runs the method once more, with K automatic.")
    elif auto.error:
        st.error(auto.error)
    else:
        width, lines = kchoice.choice_summary(chosen.k, chosen.info, chosen.signals, chosen.elements(doc))
        sure = kchoice.SURENESS.get(width)
        said = kept_whole  # the run above is this one: 'No boundary found' said why
        st.markdown(f"**{method} chooses K = {chosen.k} automatically**" + (f" ({sure})" if sure else "") + ". "
                    + ("Why: see 'No boundary found' above." if said else " ".join(lines)))
    costs, curve_note = compute.cost_curve(doc_state, method, params, seg)
    fig = kplots.k_curves_figure(seg.signals, seg.k, k_ref, costs, k_auto, interval)
    evidence = kplots.evidence_figure(chosen.signals if chosen else {}, seg.k, k_ref, k_auto, interval)
    kplots.share_k_axis(fig, evidence)
    if fig is not None:
        st.plotly_chart(fig, key="cost_chart",
                        on_select=partial(_on_k_click, "cost_chart"), selection_mode="points",
                        config={"displaylogo": False}, width="stretch")
    if evidence is not None:
        st.plotly_chart(evidence, key="evidence_chart", on_select=partial(_on_k_click, "evidence_chart"),
                        selection_mode="points", config={"displaylogo": False}, width="stretch")
    if fig is None and evidence is None:
        st.info(kchoice.no_curve_note(method, METHODS[method].params, params))
    else:
        st.caption("Click a point to use that K (or set K in the sidebar). Red: the K shown; green: the automatic "
                   "choice and the range of K its evidence supports" + "; cyan: the reference's K" * has_ref
                   + ". A knee in the cost curve suggests a natural number of segments." + curve_note)

    st.markdown("**Where the methods agree.** Each method below chooses its own K; places where most of them put a "
                "boundary are likely topic changes, and their number suggests a K.")
    row = st.container(horizontal=True, key="agree_controls")  # in columns of 4 : 1 'within ± sentences' took two
    with row:                                                     # lines at 800 px
        agree = views.compared_methods(doc_state, method)
    tol_agree = views.agreement_tolerance(doc_state, row)
    runs, problems = compute.automatic_runs(doc_state, {n: widgets.method_params(n) for n in agree})
    for p in problems:
        st.error(p)
    if len(runs) >= 2:
        ends = {n: s.boundaries for n, s in runs.items()}
        st.plotly_chart(kplots.agreement_figure(ends, doc.n, doc.reference, int(tol_agree), level=doc.level,
                                                 place=partial(where, doc) if places else None),
                        key="agreement_chart", config={"displaylogo": False}, width="stretch")
        st.caption(" · ".join(f"{n}: K = {s.k}" for n, s in runs.items())
                   + ". Pairwise Pk in % below (row taken as the reference; 0 % = the same boundaries).")
        widgets.agreement_table(st, ends, "pk")
    else:
        st.info("Choose at least two methods" + (f" (on {doc.n:,} {unit}, each takes seconds)." if doc.n > LARGE_N
                                                 else "."))

def segments_tab():
    # the grid (sortable): its two text columns narrow enough to fit the page at 800 px, their rows three lines high
    # so that they wrap (a grid wraps only in rows over 4rem); cut to one line at their content's width, 'begins with'
    # ran past the grid's edge
    st.dataframe(pd.DataFrame(overlay.segment_rows(doc.elements, bounds, tops, places, doc.level,
                                                    written=doc.meta.get(WRITTEN),
                                                    paragraphs=doc.meta.get("paragraphs"))), hide_index=True,
                 width="stretch", row_height=72,
                 column_config={"top terms": st.column_config.TextColumn(width=100),
                                "begins with": st.column_config.TextColumn(width=120)})

def export_tab():
    base = f"{Path(doc_state.label or 'document').stem.replace(' ', '_')}.{method}.k{seg.k}"
    # one row that wraps, each button as wide as its name: in four fixed columns at 800 px 'JSONL chunks' was cut
    row = st.container(horizontal=True, key="exports")
    # callables: an export is only built when its button is clicked (deferred download data)
    row.download_button("JSON", partial(exports.to_json, doc, seg), f"{base}.json", "application/json",
                       on_click="ignore", key="dl_json", help="Boundaries, segments with text, parameters, timing.")
    row.download_button("CSV", partial(exports.to_csv, doc, seg), f"{base}.csv", "text/csv", on_click="ignore",
                       key="dl_csv", help=f"segment, start, end (exclusive: the first {one} after the segment, as "
                                         f"in Python's slices), (pages or start and end times,) text")
    row.download_button("Choi .ref", partial(exports.to_choi, doc, seg), f"{base}.ref", "text/plain",
                       on_click="ignore", key="dl_choi",
                       help=("One segment per line (its words)" if doc.level == "word" else "One sentence per line")
                       + ", segments separated by lines of ==========")
    row.download_button("JSONL chunks", partial(exports.to_jsonl, doc, seg, tops), f"{base}.jsonl",
                       "application/jsonl", on_click="ignore", key="dl_jsonl",
                       help="One JSON object per segment, for a retrieval index.")
    if span_times(doc, 0, 1) is not None:
        st.download_button("Chapters", partial(exports.to_chapters, doc, seg, tops), f"{base}.chapters.txt",
                           "text/plain", on_click="ignore", key="dl_chapters",
                           help="One '4:05 top terms' line per segment, the first at 0:00: paste them into a video's "
                                "description to get chapters.")
        if note := exports.chapter_problems(doc, seg):
            st.caption(f"Chapters: {note[0].upper()}{note[1:]}.")
    st.caption("Link to this view: copy the address bar (the method, K, level, sample and changed parameters are "
               "in it). Uploaded or pasted text is not part of the link.")


# Only the open tab runs (each switch of tab is a rerun): a visit costs the server the first tab alone, not the cost
# curve, the other methods' runs and the exports it may never look at.
TABS = {"Score profile": profile_tab, "Choosing K": k_tab, "Segments": segments_tab, "Export": export_tab}
for tab, draw in zip(st.tabs(list(TABS), key="explore_tab", on_change="rerun"), TABS.values()):
    if tab.open:
        with tab:
            draw()
