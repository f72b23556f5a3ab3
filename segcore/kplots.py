"""Figures and words for choosing K: the cost-versus-K curve and the other per-K evidence a method reports (signals
with axis 'k'), marked with its automatic choice and the range of K the evidence supports, how sure that choice is,
and where several methods' boundaries coincide. Pure functions returning plotly figures or text, as segcore.plots."""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .metrics import coincidence, consensus
from .plots import HYP_COLOUR, METHOD_COLOURS, REF_COLOUR, boundary_strips_figure

COST_CURVES = ("costs_by_k", "gradient", "smoothed_gradient", "density")  # what k_curves_figure draws
EVIDENCE = {"heldout_loglik": "held-out log-likelihood (higher: the segments predict unseen sentences better)",
            "gap": "gap statistic (what segmenting gains over the same text in random order)",
            "penalized_costs_by_k": "cost + prior per segment (lower is better)"}
AUTO_COLOUR = "#2ca02c"
NARROW, MODERATE = 1.35, 2.0  # high/low of the supported range of K: up to 1.35 narrow, up to 2 moderate, else wide


def cost_curve_figure(costs_by_k: Sequence[float] | None = None, k_selected: int | None = None,
                      k_reference: int | None = None, gains: Sequence[float] | None = None,
                      smoothed_gains: Sequence[float] | None = None, threshold: float | None = None,
                      y_title: str | None = None, height: int = 340) -> go.Figure:
    """Best cost for each number of segments K (DP's costs_by_k: index 0 is K=1), clickable markers named
    'costs' carrying K in customdata; and/or C99's density gain per split (split i takes K from i+1 to i+2)
    with its automatic-stop threshold."""
    fig = go.Figure()
    if costs_by_k is not None and len(costs_by_k):
        c = np.asarray(costs_by_k, dtype=float)
        ks = np.arange(1, len(c) + 1)
        fig.add_trace(go.Scatter(x=ks, y=c, mode="lines+markers", name=y_title or "best cost", customdata=ks,
                                 marker=dict(size=8, color="#1f77b4"), line=dict(color="#1f77b4"),
                                 hovertemplate="K = %{x}: %{y:.4g}<br>click to choose this K<extra></extra>"))
        fig.update_yaxes(title_text=y_title or "best cost for K segments (lower is better)")
    if gains is not None and len(gains):
        g = np.asarray(gains, dtype=float)
        ks = np.arange(2, len(g) + 2)
        axis = "y2" if costs_by_k is not None and len(costs_by_k) else "y"
        fig.add_trace(go.Scatter(x=ks, y=g, mode="markers", name="density gain", customdata=ks, yaxis=axis,
                                 marker=dict(size=6, color="#2ca02c"),
                                 hovertemplate="split to K = %{x}: gain %{y:.4g}<extra></extra>"))
        if smoothed_gains is not None:
            fig.add_trace(go.Scatter(x=ks, y=np.asarray(smoothed_gains, dtype=float), mode="lines+markers",
                                     name="smoothed gain", customdata=ks, yaxis=axis,
                                     marker=dict(size=7, color="#9467bd"), line=dict(color="#9467bd"),
                                     hovertemplate="K = %{x}: smoothed gain %{y:.4g}<br>click to choose this K"
                                                   "<extra></extra>"))
        if threshold is not None:
            fig.add_hline(y=threshold, line=dict(color="grey", dash="dash"), yref=axis,
                          annotation_text="automatic-stop threshold (μ + 1.2σ)")
        if axis == "y2":
            fig.update_layout(yaxis2=dict(overlaying="y", side="right", title="density gain", showgrid=False))
        else:
            fig.update_yaxes(title_text="density gain of the split")
    if k_selected:
        fig.add_vline(x=k_selected, line=dict(color=HYP_COLOUR, width=2),
                      annotation_text=f"K = {k_selected}", annotation_position="top right")
    if k_reference:
        fig.add_vline(x=k_reference, line=dict(color=REF_COLOUR, width=2, dash="dot"),
                      annotation_text=f"reference K = {k_reference}", annotation_position="bottom right")
    fig.update_layout(height=height, margin=dict(l=60, r=60, t=20, b=40), xaxis=dict(title="number of segments K"),
                      plot_bgcolor="white", clickmode="event+select", legend=dict(orientation="h", y=1.02,
                                                                                  yanchor="bottom"))
    return fig


def k_curves_figure(signals: Mapping, k_selected: int | None = None, k_reference: int | None = None,
                    costs_by_k: Sequence[float] | None = None) -> go.Figure | None:
    """The cost-versus-K picture of a method's signals: DP's best cost per K ('costs_by_k', or a longer curve given
    as `costs_by_k`), C99's density gain per split ('gradient'; 'smoothed_gradient' with its threshold), else C99's
    inside density after each split ('density'); None when the method reported none of them."""
    def values(name):
        sig = (signals or {}).get(name)
        return sig.values if sig is not None else None

    costs = costs_by_k if costs_by_k is not None else values("costs_by_k")
    gains, density = values("gradient"), values("density")
    smoothed = (signals or {}).get("smoothed_gradient")
    if costs is not None or gains is not None:
        return cost_curve_figure(costs, k_selected, k_reference, gains=gains,
                                 smoothed_gains=smoothed.values if smoothed else None,
                                 threshold=smoothed.threshold if smoothed else None)
    if density is not None and len(density) > 1:
        return cost_curve_figure(density, k_selected, k_reference,
                                 y_title="inside density D after K−1 splits (higher is denser)")
    return None


def evidence_curves(signals: Mapping) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The k-axis signals other than the cost curves, as name → (K, values) (K = 1, 2, … unless the signal has its
    own x); undefined values left out."""
    out = {}
    for name, sig in (signals or {}).items():
        if name in COST_CURVES or getattr(sig, "axis", None) != "k" or not len(sig.values):
            continue
        y = np.array([np.nan if v is None else v for v in sig.values], dtype=float)
        if y.ndim != 1:
            continue
        ks = np.asarray(sig.x, dtype=float) if sig.x is not None else np.arange(1, len(y) + 1, dtype=float)
        ok = np.isfinite(y)
        if ok.any():
            out[name] = (ks[ok], y[ok])
    return out


def mark_choice(fig: go.Figure, k_automatic: int | None = None,
                k_interval: Sequence[int] | None = None) -> go.Figure:
    """Mark a figure over K with the automatic choice (green line) and the range of K the evidence supports (green
    band); the figure, changed in place."""
    marks = []
    if k_interval is not None:
        lo, hi = int(k_interval[0]), int(k_interval[1])
        marks += _across(fig, lo - 0.5, hi + 0.5, type="rect", fillcolor=AUTO_COLOUR, opacity=0.12, line_width=0,
                         layer="below")
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", name=f"supported range K {lo}–{hi}",
                                 line=dict(color=AUTO_COLOUR, width=10), opacity=0.25))
    if k_automatic:
        marks += _across(fig, k_automatic, k_automatic, type="line", line=dict(color=AUTO_COLOUR, width=2, dash="dash"))
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", name=f"automatic K = {k_automatic}",
                                 line=dict(color=AUTO_COLOUR, width=2, dash="dash")))
    fig.update_layout(shapes=list(fig.layout.shapes) + marks)  # one update: plotly checks each shape added
    return fig


def _across(fig: go.Figure, x0: float, x1: float, **style) -> list[dict]:
    """A shape from x0 to x1 across the height of every panel of the figure (one per x axis, up its y axis)."""
    layout = fig.layout.to_plotly_json()
    xs = sorted(name for name in layout if name.startswith("xaxis")) or ["xaxis"]
    return [dict(xref="x" + x[5:], yref=f"{layout.get(x, {}).get('anchor', 'y')} domain", x0=x0, x1=x1, y0=0, y1=1,
                 **style) for x in xs]


def evidence_figure(signals: Mapping, k_selected: int | None = None, k_reference: int | None = None,
                    k_automatic: int | None = None, k_interval: Sequence[int] | None = None,
                    height_per_curve: int = 190) -> go.Figure | None:
    """One panel per evidence curve (`evidence_curves`) over a shared K axis, clickable markers carrying K, marked
    with the K shown (red), the reference's K (cyan), the automatic choice and its supported range (green); None
    when the method reports no such curve."""
    curves = evidence_curves(signals)
    if not curves:
        return None
    fig = make_subplots(rows=len(curves), cols=1, shared_xaxes=True, vertical_spacing=0.08,
                        subplot_titles=[EVIDENCE.get(name, name) for name in curves])
    for i, (name, (ks, y)) in enumerate(curves.items(), start=1):
        colour = METHOD_COLOURS[(i + 1) % len(METHOD_COLOURS)]
        fig.add_trace(go.Scatter(x=ks, y=y, mode="lines+markers", name=name, customdata=ks, showlegend=False,
                                 marker=dict(size=6, color=colour), line=dict(color=colour),
                                 hovertemplate="K = %{x}: %{y:.5g}<br>click to choose this K<extra>" + name
                                               + "</extra>"), row=i, col=1)
    marks = []
    if k_selected:
        marks += _across(fig, k_selected, k_selected, type="line", line=dict(color=HYP_COLOUR, width=2))
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", name=f"K shown = {k_selected}",
                                 line=dict(color=HYP_COLOUR, width=2)))
    if k_reference:
        marks += _across(fig, k_reference, k_reference, type="line", line=dict(color=REF_COLOUR, width=2, dash="dot"))
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="lines", name=f"reference K = {k_reference}",
                                 line=dict(color=REF_COLOUR, width=2, dash="dot")))
    fig.update_layout(shapes=marks)
    mark_choice(fig, k_automatic, k_interval)
    fig.update_xaxes(title_text="number of segments K", row=len(curves), col=1)
    fig.update_annotations(font_size=12)
    fig.update_layout(height=70 + height_per_curve * len(curves), margin=dict(l=60, r=20, t=40, b=40),
                      plot_bgcolor="white", clickmode="event+select",
                      legend=dict(orientation="h", y=-0.25 if len(curves) == 1 else -0.12, yanchor="top"))
    return fig


# ---- how sure the automatic choice is ------------------------------------------------------------------------------

def range_words(k: int, k_interval: Sequence[int]) -> tuple[str, str]:
    """(how narrow the range of K the evidence supports is: 'narrow', 'moderate' or 'wide'; a sentence saying so)."""
    lo, hi = int(k_interval[0]), int(k_interval[1])
    if lo == hi:
        return "narrow", f"The evidence supports K = {lo} alone: the choice is clear."
    ratio = hi / max(lo, 1)
    if ratio <= NARROW:
        return "narrow", (f"The evidence supports K from {lo} to {hi}, a narrow range: the text has about {k} "
                          f"segments, and any K in the range is about as good.")
    if ratio <= MODERATE:
        return "moderate", (f"The evidence supports K from {lo} to {hi}: the number of segments is known roughly; "
                            f"{k} is the best guess.")
    return "wide", (f"The evidence supports anything from {lo} to {hi} segments, a wide range: the text has no one "
                    f"natural number of segments at this scale. K = {k} is one reasonable choice; choose by how "
                    f"long you want the segments to be, or by where the methods agree (below).")


def choice_summary(k: int, info: Mapping, signals: Mapping) -> tuple[str | None, list[str]]:
    """How a method chose K automatically, from its info and signals: (how narrow the supported range is, or None
    when the method does not say; sentences in Markdown)."""
    info, signals = info or {}, signals or {}
    lines, width = [], None
    if info.get("k_interval") is not None:
        width, words = range_words(k, info["k_interval"])
        lines.append(words)
    held, gap = info.get("k_heldout"), info.get("k_gap")
    if held and gap:
        if held == gap:
            lines.append(f"Held-out likelihood and the gap statistic both point to K = {held}.")
        else:
            lines.append(f"Held-out likelihood alone would choose K = {held}, the gap statistic K = {gap}; the "
                         f"held-out choice is kept within 1–5× the gap statistic's, which gives K = {k}.")
    elif held:
        lines.append(f"K = {held} predicts held-out sentences best.")
    elif gap:
        lines.append(f"K = {gap} is the smallest K past which the gap statistic stops rising clearly.")
    elif "smoothed_gradient" in signals:
        lines.append("Splitting stopped where the smoothed density gain fell below its threshold (μ + 1.2σ).")
    elif "penalized_costs_by_k" in signals:
        lines.append(f"K = {k} minimises the cost plus the prior's penalty per segment.")
    elif "costs_by_k" in signals:
        lines.append(f"K = {k} sits at the knee of the cost curve, where adding segments stops paying.")
    elif any(getattr(s, "threshold", None) is not None for s in signals.values()):
        lines.append("Boundaries go where the depth score exceeds the method's threshold; K follows from them.")
    return width, lines


# ---- where methods agree -------------------------------------------------------------------------------------------

def agreement_figure(segmentations: Mapping[str, Sequence[int]], n: int, reference: Sequence[int] | None = None,
                     tolerance: int = 1, height: int | None = None) -> go.Figure:
    """plots.boundary_strips_figure of the segmentations, with below it how many of them put a boundary within
    ±tolerance of each position (metrics.coincidence) and a ▼ at each position where most of them agree
    (metrics.consensus)."""
    fig = boundary_strips_figure(segmentations, n, reference)
    counts = coincidence(dict(segmentations), n, tolerance)
    agreed = consensus(dict(segmentations), n, tolerance)
    quorum = len(segmentations) // 2 + 1
    fig.add_trace(go.Scatter(x=np.arange(n + 1), y=counts, yaxis="y2", mode="lines", line=dict(color="#777777",
                             width=1, shape="hv"), fill="tozeroy", fillcolor="rgba(120,120,120,0.25)",
                             name=f"methods with a boundary within ±{tolerance}", showlegend=False,
                             hovertemplate=f"position %{{x}}: %{{y}} of {len(segmentations)} methods have a "
                                           f"boundary within ±{tolerance}<extra></extra>"))
    fig.add_trace(go.Scatter(x=[0, n], y=[quorum - 0.5] * 2, yaxis="y2", mode="lines", hoverinfo="skip",
                             line=dict(color=HYP_COLOUR, width=1, dash="dot"), name=f"quorum: {quorum} methods"))
    fig.add_trace(go.Scatter(x=agreed, y=[len(segmentations) + 0.4] * len(agreed), yaxis="y2", mode="markers",
                             name=f"most methods agree: {len(agreed)} places, K = {len(agreed) + 1}",
                             marker=dict(symbol="triangle-down", size=10, color=HYP_COLOUR),
                             hovertemplate="most methods agree at %{x}<extra></extra>"))
    rows = len(segmentations) + (1 if reference else 0)
    fig.update_layout(height=height or 190 + 45 * rows, showlegend=True,
                      legend=dict(orientation="h", y=-0.18, yanchor="top"),
                      xaxis=dict(anchor="y2"), yaxis=dict(domain=[0.36, 1.0]),
                      yaxis2=dict(domain=[0.0, 0.28], anchor="x", title="agree", range=[0, len(segmentations) + 1],
                                  dtick=1, showgrid=True))
    return fig
