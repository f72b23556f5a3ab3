"""Figures for the Segmentation Explorer: pure functions returning plotly figures (the text overlay's HTML is
segcore.overlay's).

No streamlit here: everything takes plain lists / numpy arrays and returns a ``plotly.graph_objects.Figure``, so it
can be unit-tested and reused in notebooks.

Conventions: segmentations are lists of segment END indices (last = N), as in segcore; element indices are
0-based; a "gap" g (1 ≤ g ≤ N−1) is the position between elements g−1 and g, so a boundary b sits at gap b.
"""
from __future__ import annotations

import html
import math
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np
import plotly.graph_objects as go

from .document import level_noun, segments_of, span_label
from .metrics import NAMES as METRIC_NAMES, PERCENT_DIGITS

# A highlight colour (the selected segment, on the heatmap, the curves and in the text overlay), the method's and the
# reference's colours, and one colour per method for the comparison plots.
HIGHLIGHT_COLOUR = "#ffe066"
HYP_COLOUR = "#d62728"
REF_COLOUR = "#17becf"
METHOD_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f")

# white (dissimilar) to black (similar): the red and cyan outlines stand out on it, unlike on Viridis
HEATMAP_COLOURSCALE = [[0.0, "#ffffff"], [0.25, "#d9d9d9"], [0.5, "#969696"], [0.75, "#525252"], [1.0, "#000000"]]

# the heatmap's margins in pixels around its square plot area: the y ticks and title (l), the colour bar and its title
# (r), the x ticks and title and the legend under them (b)
HEATMAP_MARGIN = dict(l=45, r=85, t=10, b=95)
MAX_OUTLINES = 150  # segments outlined on the heatmap; beyond, marks (many shapes make plotly slow)

HEATMAP_KINDS = {"cosine": "cosine similarity", "rank": "rank-transformed cosine",
                 "embedding": "word-vector cosine"}  # each kind's name: its button and its colour bar's title


# ---- small helpers ---------------------------------------------------------------------------------------------

def truncate(text: str, width: int = 80) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def round_step(least: float) -> int:
    """The smallest whole 1, 2 or 5 × 10^k that is at least `least`: the step between an axis's ticks."""
    power = 10 ** max(0, math.floor(math.log10(max(least, 1.0))))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= least)


def bin_edges(n: int, max_bins: int) -> np.ndarray:
    """Edges of at most `max_bins` contiguous, near-equal bins over n elements (edges[0]=0, edges[-1]=n)."""
    bins = max(1, min(n, int(max_bins)))
    return np.unique(np.round(np.linspace(0, n, bins + 1)).astype(np.int64))


def bin_size(count: int, bins: int) -> str:
    """The mean number of elements in a bin, as a caption says it: one decimal below 10 (411 sentences in 300 bins
    are bins of 1.4, not 'of about 1', which reads as no averaging), whole numbers above."""
    size = count / max(bins, 1)
    return f"{size:.1f}" if size < 10 else f"{size:,.0f}"


def to_bin_coordinate(positions: Iterable[float], edges: np.ndarray) -> np.ndarray:
    """Map element positions (boundaries, in 0..N) to the continuous bin axis where bin i spans i−0.5 … i+0.5."""
    pos = np.asarray(list(positions), dtype=float)
    edges = np.asarray(edges, dtype=float)
    idx = np.clip(np.searchsorted(edges, pos, side="right") - 1, 0, len(edges) - 2)
    width = edges[idx + 1] - edges[idx]
    return idx - 0.5 + (pos - edges[idx]) / np.where(width > 0, width, 1)


def _dense(x) -> np.ndarray:
    if hasattr(x, "toarray"):
        return x.toarray()
    return np.asarray(x, dtype=float)


def _unit_rows(x):
    """Rows scaled to unit length (sparse stays sparse); zero rows stay zero."""
    if hasattr(x, "multiply"):
        import scipy.sparse as sp

        x = sp.csr_matrix(x, dtype=float)
        norms = np.sqrt(np.asarray(x.multiply(x).sum(axis=1)).ravel())
        inv = np.divide(1.0, norms, out=np.zeros_like(norms), where=norms > 0)
        return sp.diags(inv) @ x
    x = np.asarray(x, dtype=float)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


def binned_cosine(matrix, max_bins: int = 300, region: tuple[int, int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Mean pairwise cosine similarity between bins of consecutive elements, without the N×N matrix.

    The mean over pairs (a in bin i, b in bin j) of û_a·û_b equals (Σ_a û_a)·(Σ_b û_b) / (n_i n_j), so the
    binned matrix is exact; with N ≤ max_bins every bin is one element and this is the plain cosine matrix.
    `region` (start, end): only the elements start … end−1 (a zoom). Returns (matrix B×B, edges of length B+1, in
    element numbers)."""
    start, end = region if region is not None else (0, matrix.shape[0])
    matrix = matrix[start:end]
    n = matrix.shape[0]
    edges = bin_edges(n, max_bins)
    u = _unit_rows(matrix)
    if len(edges) - 1 == n:
        sums = _dense(u)
    else:
        import scipy.sparse as sp

        rows = np.repeat(np.arange(len(edges) - 1), np.diff(edges))
        agg = sp.csr_matrix((np.ones(n), (rows, np.arange(n))), shape=(len(edges) - 1, n))
        sums = _dense(agg @ u)
    counts = np.diff(edges).astype(float)
    sim = (sums @ sums.T) / np.outer(counts, counts)
    return np.clip(sim, -1.0, 1.0), edges + start


def element_labels(elements: Sequence[str], edges: np.ndarray, width: int = 70, level: str = "sentence") -> list[str]:
    """One hover label per bin: '#12 text…' (one element per bin) or 'words 120–139 (20): text…'."""
    out = []
    for a, b in zip(edges[:-1], edges[1:]):
        a, b = int(a), int(b)
        if b - a == 1:
            out.append(f"#{a} {html.escape(truncate(elements[a], width))}")
        else:
            sep = " " if level == "word" else " / "
            out.append(f"{span_label(a, b, level)}: {html.escape(truncate(sep.join(elements[a:b]), width))}")
    return out


# ---- similarity heatmap ----------------------------------------------------------------------------------------

def visible_segments(boundaries: Sequence[int], edges: np.ndarray) -> list[tuple[int, int, int]]:
    """(index, start, end) of the segments that overlap the elements edges[0] … edges[-1] − 1, clipped to them."""
    lo, hi = int(edges[0]), int(edges[-1])
    return [(i, max(a, lo), min(b, hi)) for i, (a, b) in enumerate(segments_of(boundaries)) if a < hi and b > lo]


def figure(data: list[dict], layout: dict) -> go.Figure:
    """A figure from its traces and layout given whole as plain dicts: plotly validates them in one pass (setting
    properties one by one on a figure, as update_layout and add_vline do, costs several times more server time)."""
    return go.Figure({"data": data, "layout": layout})


def hline(layout: dict, y: float, line: dict, yref: str = "y", text: str = "") -> None:
    """Add to `layout` a horizontal line at `y` across the plot, labelled `text` above its right end."""
    layout.setdefault("shapes", []).append(dict(type="line", xref="x domain", x0=0, x1=1, yref=yref, y0=y, y1=y,
                                                line=line))
    if text:
        layout.setdefault("annotations", []).append(dict(xref="x domain", x=1, yref=yref, y=y, text=text,
                                                         showarrow=False, xanchor="right", yanchor="bottom"))


def heatmap_figure(matrix: np.ndarray, edges: np.ndarray, hypothesis: Sequence[int] | None = None,
                   reference: Sequence[int] | None = None, labels: Sequence[str] | None = None,
                   highlight: int | None = None, title: str = "", colorbar_title: str = "cosine",
                   width: int = 400, level: str = "sentence") -> go.Figure:
    """Similarity heatmap (bins × bins) with hypothesis segments outlined as thin red squares on the diagonal,
    reference segments as wide translucent cyan squares, and one clickable marker per hypothesis segment (its centre);
    past MAX_OUTLINES segments in view, the reference's boundaries are marks on the diagonal and the method's segments
    their markers only; the axes and the markers name the elements by `level`.

    `labels` (one per bin) appear on hover; the marker trace is named 'segments' and carries the segment index
    in customdata, so a selection event on it tells which segment was clicked. The figure is `width` pixels wide
    and as high as its square plot area and the margins around it (HEATMAP_MARGIN: ticks, axis titles, colour bar,
    legend at the bottom edge), without a band of white above and below; drawn at another width (the app stretches it
    to its column, explorer.views.square_chart), the plot area stays square in the same margins."""
    m = np.asarray(matrix, dtype=np.float32)
    nb = m.shape[0]
    # contrast: the diagonal (self-similarity 1) would otherwise use up the scale; saturate at the 99th percentile
    # of the off-diagonal values
    off = m[~np.eye(nb, dtype=bool)] if nb > 1 else m.ravel()
    zmax = float(np.percentile(off, 99)) if off.size else 1.0
    zmin = float(off.min()) if off.size else 0.0
    if not zmax > zmin:
        zmin, zmax = float(m.min()), float(m.max()) if m.max() > m.min() else float(m.min()) + 1.0
    if labels is None:
        labels = [f"#{i}" for i in range(nb)]
    labels = list(labels)
    lo, hi = int(edges[0]), int(edges[-1])
    step = round_step((hi - lo) / 12)
    ticks = np.arange(-(-lo // step) * step, hi, step)
    tick_idx = np.searchsorted(edges, ticks, side="right") - 1  # the bin holding each tick's element
    data = [dict(type="heatmap", z=m, x=labels, y=labels, colorscale=HEATMAP_COLOURSCALE, name="similarity",
                 zmin=zmin, zmax=zmax, colorbar=dict(title=dict(text=colorbar_title, side="right"), thickness=12),
                 hovertemplate="row: %{y}<br>column: %{x}<br>value: %{z:.3f}<extra></extra>")]
    shapes = []
    if reference:
        shown = visible_segments(reference, edges)
        if len(shown) > MAX_OUTLINES:  # squares smaller than a cell: the boundaries as marks on the diagonal
            cells = [labels[int(np.clip(round(to_bin_coordinate([a], edges)[0]), 0, nb - 1))] for _, a, _ in shown[1:]]
            data.append(dict(type="scatter", x=cells, y=cells, mode="markers", name="reference boundaries",
                             hoverinfo="skip", marker=dict(symbol="line-ne-open", size=12, color=REF_COLOUR,
                                                           line=dict(width=3, color=REF_COLOUR))))
        for _, a, b in shown if len(shown) <= MAX_OUTLINES else ():
            x0, x1 = to_bin_coordinate([a, b], edges)
            shapes.append(dict(type="rect", x0=x0, x1=x1, y0=x0, y1=x1, xref="x", yref="y", opacity=0.8,
                               line=dict(color=REF_COLOUR, width=5), layer="above"))
    centres, seg_ids, hover = [], [], []
    if hypothesis:
        spans = segments_of(hypothesis)
        shown = visible_segments(hypothesis, edges)
        for i, a, b in shown:
            x0, x1 = to_bin_coordinate([a, b], edges)
            hl = highlight is not None and i == highlight
            if hl or len(shown) <= MAX_OUTLINES:  # beyond, the markers at the centres stand for the squares
                shapes.append(dict(type="rect", x0=x0, x1=x1, y0=x0, y1=x1, xref="x", yref="y", layer="above",
                                   line=dict(color=HIGHLIGHT_COLOUR if hl else HYP_COLOUR, width=4 if hl else 2),
                                   fillcolor="rgba(255,224,102,0.25)" if hl else None))
            c = int(np.clip(round((x0 + x1) / 2), 0, nb - 1))
            centres.append(labels[c])
            seg_ids.append(i)
            a, b = spans[i]
            hover.append(f"segment {i + 1}: {span_label(a, b, level)}")
        data.append(dict(type="scatter", x=centres, y=centres, mode="markers", name="segments", customdata=seg_ids,
                         text=hover, showlegend=False,
                         marker=dict(symbol="diamond", size=11, color="white", line=dict(color=HYP_COLOUR, width=2)),
                         hovertemplate="%{text}<br>click to highlight it in the text<extra></extra>"))
    # legend entries for the two outline styles
    data.append(legend_line("method's segments", dict(color=HYP_COLOUR, width=2)))
    if reference:
        data.append(legend_line("reference segments", dict(color=REF_COLOUR, width=5)))
    axis = dict(tickmode="array", tickvals=[labels[i] for i in tick_idx], ticktext=[f"{t:,}" for t in ticks],
                showgrid=False, constrain="domain")
    margin = dict(HEATMAP_MARGIN, t=40 if title else HEATMAP_MARGIN["t"])
    side = width - margin["l"] - margin["r"]
    return figure(data, dict(
        title=title or None, shapes=shapes, width=width, height=side + margin["t"] + margin["b"], margin=margin,
        xaxis=dict(axis, title=level_noun(level, 1)), yaxis=dict(axis, title=level_noun(level, 1),
                                                                autorange="reversed", scaleanchor="x", scaleratio=1),
        legend=dict(orientation="h", yref="container", yanchor="bottom", y=0, x=0), clickmode="event+select",
        dragmode="pan",
        plot_bgcolor="white"))


def legend_line(name: str, line: dict, **style) -> dict:
    """A trace with no points: a legend entry for lines drawn as shapes or as parts of other traces."""
    return dict(type="scatter", x=[None], y=[None], mode="lines", name=name, line=line, **style)


# ---- score profiles --------------------------------------------------------------------------------------------

def novelty_profile(matrix, window: int = 3) -> np.ndarray:
    """For every gap g = 1 … N−1: 1 − cosine(sum of the `window` rows before g, sum of the `window` rows after).
    A method-independent picture of where the vocabulary changes (as TextTiling's block comparison). NaN within a
    window of either end of the text (a window cut short there compares a few elements with many, and reads as a
    peak); a window over half the text is taken as half of it. Sparse term counts stay sparse (memory of the order
    of window × the counts, not N × vocabulary)."""
    x = _unit_rows(matrix)
    n = x.shape[0]
    if n < 2:
        return np.zeros(0)
    w = max(1, min(int(window), n // 2))
    g = np.arange(1, n)
    left, right = window_sums(g - w, g, n) @ x, window_sums(g, g + w, n) @ x

    def dots(a, b):  # row-wise dot products, sparse or dense
        return np.asarray((a.multiply(b) if hasattr(a, "multiply") else a * b).sum(axis=1)).ravel()

    num = dots(left, right)
    den = np.sqrt(dots(left, left) * dots(right, right))
    cos = np.divide(num, den, out=np.zeros_like(num), where=den > 0)
    return np.where((g >= w) & (g <= n - w), 1.0 - cos, np.nan)


def window_sums(starts: np.ndarray, ends: np.ndarray, n: int):
    """The sparse matrix whose row r sums the elements starts[r] … ends[r] − 1 (clipped to 0 … n − 1)."""
    import scipy.sparse as sp

    lo, hi = np.clip(starts, 0, n), np.clip(ends, 0, n)
    width = int((hi - lo).max(initial=0))
    cols = lo[:, None] + np.arange(width)
    keep = cols < hi[:, None]
    rows = np.broadcast_to(np.arange(len(lo))[:, None], cols.shape)
    return sp.csr_matrix((np.ones(int(keep.sum())), (rows[keep], cols[keep])), shape=(len(lo), n))


def gap_curves(signals: Mapping, n: int) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """A method's curves over the text (signals with axis 'gap') as label (else name) → (x, y): at their own
    positions `x` when they have them (TextTiling's pseudo-sentence gaps, in element units), else at gaps
    1 … N−1."""
    out = {}
    for name, sig in (signals or {}).items():
        if getattr(sig, "axis", None) != "gap" or not len(sig.values):
            continue
        y = np.asarray(sig.values, dtype=float)
        out[sig.label or name] = (np.asarray(sig.x, dtype=float) if sig.x is not None else _gap_axis(len(y), n), y)
    return out


def _gap_axis(length: int, n: int) -> np.ndarray:
    """x positions for a positional signal: N−1 values → gaps 1…N−1; N → elements 0…N−1 (+0.5); N+1 → 0…N."""
    if length == n - 1:
        return np.arange(1, n, dtype=float)
    if length == n:
        return np.arange(n, dtype=float) + 0.5
    return np.arange(length, dtype=float)


def decimate(x: np.ndarray, y: np.ndarray, max_points: int = 4000) -> tuple[np.ndarray, np.ndarray]:
    """A curve of at most `max_points` points for drawing: per bucket of consecutive points, its lowest and highest
    point in their order (peaks and valleys survive); the curve itself when it is short enough."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if len(y) <= max_points:
        return x, y
    width = -(-len(y) // max(1, max_points // 2))  # points per bucket
    padded = np.full(-(-len(y) // width) * width, np.nan)
    padded[:len(y)] = y
    rows = padded.reshape(-1, width)
    finite = np.isfinite(rows)
    starts = np.arange(rows.shape[0]) * width
    low = starts + np.argmin(np.where(finite, rows, np.inf), axis=1)
    high = starts + np.argmax(np.where(finite, rows, -np.inf), axis=1)
    keep = np.unique(np.concatenate([low, high])[np.concatenate([finite.any(axis=1)] * 2)])
    return x[keep], y[keep]


def _verticals(positions: Sequence[float], axis: int, span: tuple[float, float] = (0.0, 1.0)) -> np.ndarray:
    """x (axis 0) or y (axis 1) of vertical lines at `positions` from span[0] to span[1], as one trace's points (a
    NaN between two lines breaks the trace)."""
    k = len(positions)
    out = np.full((k, 3), np.nan)
    out[:, :2] = np.repeat(np.asarray(positions, dtype=float)[:, None], 2, axis=1) if axis == 0 else span
    return out.ravel()


def profile_figure(profiles: Mapping[str, Sequence[float] | tuple], n: int, boundaries: Sequence[int] | None = None,
                   reference: Sequence[int] | None = None, threshold: float | None = None,
                   highlight: tuple[int, int] | None = None, hidden: Iterable[str] = (),
                   height: int = 320, max_points: int = 4000) -> go.Figure:
    """Curves over the gaps of the text (gap/depth scores, novelty…), each given as y values (x = gaps, see
    _gap_axis) or as an (x, y) pair, with the chosen boundaries as thin red lines and the reference boundaries as
    wide translucent cyan bands under them, over the range of the curves shown; an optional horizontal threshold.
    Curves named in `hidden` start switched off (a click on the legend shows them). Curves longer than `max_points`
    are drawn `decimate`d."""
    data, layout = [], {}
    for i, (name, values) in enumerate(profiles.items()):
        if isinstance(values, tuple):
            x, v = np.asarray(values[0], dtype=float), np.asarray(values[1], dtype=float)
        else:
            v = np.asarray(values, dtype=float)
            x = _gap_axis(len(v), n)
        x, v = decimate(x, v, max_points)
        data.append(dict(type="scatter", x=x, y=v, mode="lines", name=name,
                         visible="legendonly" if name in hidden else True,
                         line=dict(color=METHOD_COLOURS[(i + 1) % len(METHOD_COLOURS)], width=1.5),
                         hovertemplate="gap %{x}: %{y:.3f}<extra>" + html.escape(name) + "</extra>"))
    shown = [t["y"] for t in data if t["visible"] is True] or [t["y"] for t in data]  # a hidden curve sets no range
    values = np.concatenate(shown + [np.zeros(0)])
    values = values[np.isfinite(values)]
    low, high = (float(values.min()), float(values.max())) if len(values) else (0.0, 1.0)
    span = (low, high if high > low else low + 1.0)
    if highlight is not None:
        layout["shapes"] = [dict(type="rect", xref="x", yref="paper", x0=highlight[0], x1=highlight[1], y0=0, y1=1,
                                 fillcolor=HIGHLIGHT_COLOUR, opacity=0.35, line_width=0, layer="below")]
    if threshold is not None:
        hline(layout, threshold, dict(color="grey", dash="dash"))
        data.append(legend_line("depth threshold", dict(color="grey", dash="dash")))
    # boundaries as one trace each (thousands of shapes are slow in plotly): the reference's wide translucent band
    # under the method's thin red line, so that both stay visible
    if reference:
        data.append(dict(type="scatter", x=_verticals(reference[:-1], 0), y=_verticals(reference[:-1], 1, span),
                         mode="lines", name="reference boundary", opacity=0.5, hoverinfo="skip",
                         line=dict(color=REF_COLOUR, width=6)))
    data.append(dict(type="scatter", x=_verticals((boundaries or [])[:-1], 0),
                     y=_verticals((boundaries or [])[:-1], 1, span), mode="lines", name="chosen boundary",
                     hoverinfo="skip", line=dict(color=HYP_COLOUR, width=1.5)))
    return figure(data, dict(layout, height=height, margin=dict(l=50, r=10, t=10, b=40),
                             xaxis=dict(title="gap (boundary position)", range=[0, n]), yaxis=dict(title="score"),
                             legend=dict(orientation="h", y=1.02, yanchor="bottom"), plot_bgcolor="white",
                             hovermode="x"))


# ---- comparison and benchmark plots ----------------------------------------------------------------------------

def boundary_strips_figure(segmentations: Mapping[str, Sequence[int]], n: int,
                           reference: Sequence[int] | None = None, height: int | None = None,
                           level: str = "sentence", place: Callable[[int, int], str] | None = None) -> go.Figure:
    """One horizontal timeline per method (reference on top): alternating shaded segments, ticks at boundaries;
    the axis and the hover name the elements by `level`, the hover also a segment's place in the source
    (`place`(start, end): segcore.document.where's '5:18–13:38', 'p. 3–4')."""
    return figure(*strips_spec(segmentations, n, reference, height, level, place))


def strips_spec(segmentations: Mapping[str, Sequence[int]], n: int, reference: Sequence[int] | None = None,
                height: int | None = None, level: str = "sentence",
                place: Callable[[int, int], str] | None = None) -> tuple[list[dict], dict]:
    """The traces and layout of `boundary_strips_figure`, for figures that add to it."""
    rows = ([("reference", list(reference))] if reference else []) + [(k, list(v)) for k, v in segmentations.items()]
    data = []
    for r, (name, bounds) in enumerate(rows):
        colour = REF_COLOUR if name == "reference" and reference else METHOD_COLOURS[(r - (1 if reference else 0))
                                                                                    % len(METHOD_COLOURS)]
        spans = np.array(segments_of(bounds)).reshape(-1, 2)
        ids = np.arange(1, len(spans) + 1)
        data.append(dict(  # one trace per row: thousands of segments stay one trace
            type="bar", x=spans[:, 1] - spans[:, 0], y=[name] * len(spans), base=spans[:, 0], orientation="h",
            showlegend=False, width=0.6, name=name,
            hovertext=[f"{html.escape(name)}: segment {i}, {span_label(a, b, level)}"
                       + (f" · {place(a, b)}" if place else "") for i, (a, b) in zip(ids, spans)],
            marker=dict(color=colour, opacity=np.where(ids % 2 == 0, 0.35, 0.7), line=dict(color="white", width=1)),
            hovertemplate="%{hovertext}<extra></extra>"))
    layout = dict(shapes=[dict(type="line", x0=b, x1=b, y0=0, y1=1, yref="paper", layer="above",
                               line=dict(color=REF_COLOUR, width=1, dash="dot")) for b in (reference or [])[:-1]],
                  barmode="overlay", height=height or 90 + 55 * len(rows), bargap=0.3,
                  margin=dict(l=10, r=10, t=10, b=40), plot_bgcolor="white",
                  xaxis=dict(title=level_noun(level, 1), range=[0, n]),
                  yaxis=dict(categoryorder="array", categoryarray=[r[0] for r in rows][::-1], automargin=True))
    return data, layout


def sweep_figure(values: Sequence, metrics: Mapping[str, Sequence[float]], parameter: str,
                 baselines: Mapping[str, float] | None = None, height: int = 360) -> go.Figure:
    """Metric (mean over documents) versus one parameter's value; optional horizontal baselines."""
    categorical = any(isinstance(v, str) for v in values)
    x = [str(v) for v in values] if categorical else list(values)
    data = [dict(type="scatter", x=x, y=list(ys), mode="lines+markers", name=name,
                 line=dict(color=METHOD_COLOURS[i % len(METHOD_COLOURS)])) for i, (name, ys) in enumerate(metrics.items())]
    layout = dict(height=height, margin=dict(l=50, r=10, t=20, b=40), xaxis=dict(title=parameter),
                  yaxis=dict(title="mean over documents (lower Pk/WindowDiff is better)"), plot_bgcolor="white",
                  legend=dict(orientation="h", y=1.02, yanchor="bottom"))
    for name, y in (baselines or {}).items():
        hline(layout, y, dict(color="grey", dash="dot"), text=name)
    return figure(data, layout)


def distribution_figure(rows: Sequence[Mapping], metric: str = "pk", group: str = "method",
                        height: int = 380, percent: bool = False) -> go.Figure:
    """Box plot with every document as a point, one box per group (method or baseline); `percent`: the metric's
    fractions shown in %."""
    scale, unit = (100.0, " %") if percent else (1.0, "")
    groups: dict[str, list] = {}
    docs: dict[str, list] = {}
    for r in rows:
        v = r.get(metric)
        if v is None or (isinstance(v, float) and math.isnan(v)):
            continue
        groups.setdefault(str(r[group]), []).append(scale * float(v))
        docs.setdefault(str(r[group]), []).append(str(r.get("document", "")))
    data = [dict(type="box", y=ys, name=name, boxpoints="all", jitter=0.4, pointpos=0,
                 text=[html.escape(d) for d in docs[name]],
                 marker=dict(color="#999999" if name.startswith("baseline") else METHOD_COLOURS[i % len(METHOD_COLOURS)],
                             size=5),
                 hovertemplate=f"%{{text}}: %{{y:.{PERCENT_DIGITS.get(metric, 2) if percent else 3}f}}{unit}<extra>" + html.escape(name)
                               + "</extra>")
            for i, (name, ys) in enumerate(groups.items())]
    return figure(data, dict(height=height, margin=dict(l=50, r=10, t=20, b=40), showlegend=False, plot_bgcolor="white",
                             yaxis=dict(title=f"{METRIC_NAMES.get(metric, metric)}{unit} per document")))
