"""Figures for choosing K: the cost-versus-K curve and the other per-K evidence a method reports (signals with axis
'k'), marked with its automatic choice and the range of K the evidence supports, and where several methods'
boundaries coincide. Pure functions returning plotly figures, as segcore.plots; the words are segcore.kchoice's."""
from __future__ import annotations

import numbers
from typing import Callable, Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from .document import level_noun
from .kchoice import evidence_curves
from .metrics import coincidence, consensus
from .plots import HYP_COLOUR, METHOD_COLOURS, REF_COLOUR, figure, hline, legend_line, strips_spec

AUTO_COLOUR = "#2ca02c"
WHOLE_TICKS = 12  # K axes up to this K tick every K; longer ones take plotly's ticks, whole numbers there
TITLE_ROOM = 22  # px of left margin for a y axis' title beside 60 for its tick labels (no automargin: share_k_axis)


def cost_curve_figure(costs_by_k: Sequence[float] | None = None, k_selected: int | None = None,
                      k_reference: int | None = None, gains: Sequence[float] | None = None,
                      smoothed_gains: Sequence[float] | None = None, threshold: float | None = None,
                      y_title: str | None = None, height: int = 340, k_automatic: int | None = None,
                      k_interval: Sequence[int] | None = None) -> go.Figure:
    """Best cost for each number of segments K (DP's costs_by_k: index 0 is K=1), clickable markers named
    'costs' carrying K in customdata, its last point labelled when a mark takes the K axis further; and/or C99's
    density gain per split (split i takes K from i+1 to i+2) with its automatic-stop threshold; marked as
    `k_marks`."""
    data = []
    layout = dict(height=height, margin=dict(l=60 + TITLE_ROOM, r=60, t=20, b=40),
                  xaxis=dict(title="number of segments K"),
                  yaxis={}, plot_bgcolor="white", clickmode="event+select",
                  legend=dict(orientation="h", y=1.02, yanchor="bottom"))
    if costs_by_k is not None and len(costs_by_k):
        c = np.asarray(costs_by_k, dtype=float)
        ks = np.arange(1, len(c) + 1)
        data.append(dict(type="scatter", x=ks, y=c, mode="lines+markers", name=y_title or "best cost", customdata=ks,
                         marker=dict(size=8, color="#1f77b4"), line=dict(color="#1f77b4"),
                         hovertemplate="K = %{x}: %{y:.4g}<br>click to choose this K<extra></extra>"))
        layout["yaxis"]["title"] = y_title or "best cost for K segments (lower is better)"
        reach = max(k_selected or 0, k_reference or 0, k_automatic or 0, int(k_interval[1]) if k_interval else 0)
        last = np.flatnonzero(np.isfinite(c))
        if reach > len(c) and last.size:  # the K axis runs on past the curve: say where it stops
            end = int(last[-1])
            layout["annotations"] = [dict(x=end + 1, y=float(c[end]), text=f"computed up to K = {len(c)}",
                                          showarrow=True, arrowhead=0, ax=0, ay=-30, font=dict(size=11, color="#555"))]
    if gains is not None and len(gains):
        g = np.asarray(gains, dtype=float)
        ks = np.arange(2, len(g) + 2)
        axis = "y2" if data else "y"
        data.append(dict(type="scatter", x=ks, y=g, mode="markers", name="density gain", customdata=ks, yaxis=axis,
                         marker=dict(size=6, color="#2ca02c"),
                         hovertemplate="split to K = %{x}: gain %{y:.4g}<extra></extra>"))
        if smoothed_gains is not None:
            data.append(dict(type="scatter", x=ks, y=np.asarray(smoothed_gains, dtype=float), mode="lines+markers",
                             name="smoothed gain", customdata=ks, yaxis=axis,
                             marker=dict(size=7, color="#9467bd"), line=dict(color="#9467bd"),
                             hovertemplate="K = %{x}: smoothed gain %{y:.4g}<br>click to choose this K"
                                           "<extra></extra>"))
        if threshold is not None:
            hline(layout, threshold, dict(color="grey", dash="dash"), yref=axis,
                  text="automatic-stop threshold (μ + 1.2σ)")
        if axis == "y2":
            layout["yaxis2"] = dict(overlaying="y", side="right", title="density gain", showgrid=False)
        else:
            layout["yaxis"]["title"] = "density gain of the split"
    k_marks(data, layout, k_selected, k_reference, k_automatic, k_interval)
    return figure(data, layout)


def k_curves_figure(signals: Mapping, k_selected: int | None = None, k_reference: int | None = None,
                    costs_by_k: Sequence[float] | None = None, k_automatic: int | None = None,
                    k_interval: Sequence[int] | None = None) -> go.Figure | None:
    """The cost-versus-K picture of a method's signals: DP's best cost per K ('costs_by_k', or a longer curve given
    as `costs_by_k`), C99's density gain per split ('gradient'; 'smoothed_gradient' with its threshold), else C99's
    inside density after each split ('density'); None when the method reported none of them."""
    def values(name):
        sig = (signals or {}).get(name)
        return sig.values if sig is not None else None

    costs = costs_by_k if costs_by_k is not None else values("costs_by_k")
    gains, density = values("gradient"), values("density")
    smoothed = (signals or {}).get("smoothed_gradient")
    marks = dict(k_automatic=k_automatic, k_interval=k_interval)
    if costs is not None or gains is not None:
        return cost_curve_figure(costs, k_selected, k_reference, gains=gains,
                                 smoothed_gains=smoothed.values if smoothed else None,
                                 threshold=smoothed.threshold if smoothed else None, **marks)
    if density is not None and len(density) > 1:
        return cost_curve_figure(density, k_selected, k_reference,
                                 y_title="inside density D after K−1 splits (higher is denser)", **marks)
    return None


def k_marks(data: list[dict], layout: dict, k_selected: int | None = None, k_reference: int | None = None,
            k_automatic: int | None = None, k_interval: Sequence[int] | None = None) -> None:
    """Mark a figure over K (its traces and layout, changed in place) across every panel: the K shown (red line),
    the reference's K (dotted cyan), the automatic choice (dashed green) and the range of K its evidence supports
    (green band), each with a legend entry; up to WHOLE_TICKS K, a tick at every K (plotly's own would add K = 1.5)."""
    ks = np.concatenate([np.asarray(t["x"], dtype=float) for t in data] + [np.zeros(1)])
    top = max(float(ks[np.isfinite(ks)].max()), k_selected or 0, k_reference or 0, k_automatic or 0,
              int(k_interval[1]) if k_interval is not None else 0)
    marks = []
    if k_interval is not None:
        lo, hi = int(k_interval[0]), int(k_interval[1])
        name = f"supported range K {lo}–{hi}" if hi > lo else f"supported range K = {lo} alone"
        marks.append((name, lo - 0.5, hi + 0.5,
                      dict(type="rect", fillcolor=AUTO_COLOUR, opacity=0.12, line_width=0, layer="below"),
                      dict(line=dict(color=AUTO_COLOUR, width=10), opacity=0.25)))
    lines = ((f"K shown = {k_selected}", k_selected, dict(color=HYP_COLOUR, width=2)),
             (f"reference K = {k_reference}", k_reference, dict(color=REF_COLOUR, width=2, dash="dot")),
             (f"automatic K = {k_automatic}", k_automatic, dict(color=AUTO_COLOUR, width=2, dash="dash")))
    marks += [(name, k, k, dict(type="line", line=line), dict(line=line)) for name, k, line in lines if k]
    xs = sorted(name for name in layout if name.startswith("xaxis")) or ["xaxis"]
    if top <= WHOLE_TICKS:
        for x in xs:
            layout.setdefault(x, {})["dtick"] = 1
    shapes = layout.setdefault("shapes", [])
    for name, x0, x1, shape, entry in marks:
        shapes += [dict(xref="x" + x[5:], yref=f"{layout.get(x, {}).get('anchor', 'y')} domain", x0=x0, x1=x1, y0=0,
                        y1=1, **shape) for x in xs]
        data.append(legend_line(name, **entry))


def evidence_figure(signals: Mapping, k_selected: int | None = None, k_reference: int | None = None,
                    k_automatic: int | None = None, k_interval: Sequence[int] | None = None,
                    height_per_curve: int = 190, spacing: float = 0.08) -> go.Figure | None:
    """One panel per evidence curve (`evidence_curves`) over a shared K axis, clickable markers carrying K, marked
    as `k_marks`; None when the method reports no such curve."""
    curves = evidence_curves(signals)
    if not curves:
        return None
    rows = len(curves)
    tall = (1.0 - spacing * (rows - 1)) / rows
    data, layout = [], dict(height=70 + height_per_curve * rows, margin=dict(l=60, r=20, t=40, b=40),
                            plot_bgcolor="white", clickmode="event+select", annotations=[],
                            legend=dict(orientation="h", y=-0.25 if rows == 1 else -0.12, yanchor="top"))
    for i, (name, (ks, y)) in enumerate(curves.items(), start=1):
        colour = METHOD_COLOURS[(i + 1) % len(METHOD_COLOURS)]
        top = 1.0 - (i - 1) * (tall + spacing)
        suffix = "" if i == 1 else str(i)
        data.append(dict(type="scatter", x=ks, y=y, mode="lines+markers", name=name, customdata=ks, showlegend=False,
                         xaxis="x" + suffix, yaxis="y" + suffix, marker=dict(size=6, color=colour),
                         line=dict(color=colour),
                         hovertemplate="K = %{x}: %{y:.5g}<br>click to choose this K<extra>" + name + "</extra>"))
        last = i == rows  # the panels share the bottom panel's K axis
        layout["xaxis" + suffix] = dict(anchor="y" + suffix, domain=[0.0, 1.0], showticklabels=last,
                                        **({"title": "number of segments K"} if last else {"matches": f"x{rows}"}))
        layout["yaxis" + suffix] = dict(anchor="x" + suffix, domain=[max(0.0, top - tall), top])
        layout["annotations"].append(dict(text=name, x=0.5, xref="paper", y=top, yref="paper",
                                          xanchor="center", yanchor="bottom", showarrow=False, font=dict(size=12)))
    k_marks(data, layout, k_selected, k_reference, k_automatic, k_interval)
    return figure(data, layout)


def share_k_axis(*figures: go.Figure | None) -> None:
    """Give figures over K (cost_curve_figure's, evidence_figure's; None skipped) one K axis, from K = 1 to the
    largest K any of them shows (points given as numpy numbers too), and one left and one right margin (the widest)
    that their y axes' titles and tick labels do not widen (automargin off: a title in one figure alone grew its left
    margin in the browser), so that figures stacked on a page put each K at one place (changed in place)."""
    figs = [f for f in figures if f is not None]
    xs = [float(v) for f in figs for t in f.data if t.x is not None for v in t.x if isinstance(v, numbers.Real)]
    xs += [float(v) for f in figs for sh in f.layout.shapes if str(sh.xref).startswith("x") for v in (sh.x0, sh.x1)]
    if xs:
        top = np.ceil(max(xs) - 0.5) + 0.5
        margin = {side: max(getattr(f.layout.margin, side) or 0 for f in figs) for side in ("l", "r")}
        for f in figs:
            f.update_xaxes(range=[0.5, float(top)])
            f.update_yaxes(automargin=False)
            f.update_layout(margin=margin)


# ---- where methods agree -------------------------------------------------------------------------------------------

def agreement_figure(segmentations: Mapping[str, Sequence[int]], n: int, reference: Sequence[int] | None = None,
                     tolerance: int = 1, height: int | None = None, level: str = "sentence",
                     place: Callable[[int, int], str] | None = None) -> go.Figure:
    """plots.boundary_strips_figure of the segmentations (their hover with `place`), with below it how many of them put a boundary within
    ±tolerance of each position (metrics.coincidence) and a ▼ at each position where most of them agree
    (metrics.consensus); the tolerance and the axis in elements named by `level`."""
    data, layout = strips_spec(segmentations, n, reference, level=level, place=place)
    within = f"within ±{tolerance} {level_noun(level, tolerance)}"
    counts = coincidence(dict(segmentations), n, tolerance)
    agreed = consensus(dict(segmentations), n, tolerance)
    quorum = len(segmentations) // 2 + 1
    data += [dict(type="scatter", x=np.arange(n + 1), y=counts, yaxis="y2", mode="lines",
                  line=dict(color="#777777", width=1, shape="hv"), fill="tozeroy", fillcolor="rgba(120,120,120,0.25)",
                  name=f"methods with a boundary {within}", showlegend=False,
                  hovertemplate=f"position %{{x}}: %{{y}} of {len(segmentations)} methods have a boundary "
                                f"{within}<extra></extra>"),
             dict(type="scatter", x=[0, n], y=[quorum - 0.5] * 2, yaxis="y2", mode="lines", hoverinfo="skip",
                  line=dict(color=HYP_COLOUR, width=1, dash="dot"), name=f"quorum: {quorum} methods"),
             dict(type="scatter", x=agreed, y=[len(segmentations) + 0.4] * len(agreed), yaxis="y2", mode="markers",
                  name=f"most methods agree: {len(agreed)} place{'s' * (len(agreed) != 1)}, K = {len(agreed) + 1}",
                  marker=dict(symbol="triangle-down", size=10, color=HYP_COLOUR),
                  hovertemplate="most methods agree at %{x}<extra></extra>")]
    rows = len(segmentations) + (1 if reference else 0)
    layout["xaxis"]["anchor"] = "y2"
    layout["yaxis"]["domain"] = [0.36, 1.0]
    layout.update(height=height or 190 + 45 * rows, showlegend=True, legend=dict(orientation="h", y=-0.18,
                                                                                  yanchor="top"),
                  yaxis2=dict(domain=[0.0, 0.28], anchor="x", title="agree", range=[0, len(segmentations) + 1],
                              dtick=1, showgrid=True))
    return figure(data, layout)
