"""How a method chose K automatically, in words: the per-K evidence it reports (signals with axis 'k'), how far the
range of K that evidence supports settles the choice, and the rule that made it. Shared by the app (beside
segcore.kplots' figures) and the CLI; no plotting here."""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

COST_CURVES = ("costs_by_k", "gradient", "smoothed_gradient", "density")  # drawn as cost curves, not evidence
NARROW, MODERATE = 1.35, 2.0  # high/low of the supported range of K: up to 1.35 narrow, up to 2 moderate, else wide
SURENESS = {"narrow": "fairly sure", "moderate": "roughly", "wide": "unsure", "capped": "as many as it weighed",
            "fallback": "for want of evidence"}  # range_words' verdict as a few words beside the K chosen


def evidence_curves(signals: Mapping) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The k-axis signals other than the cost curves, as label (else name) → (K, values) (K = 1, 2, … unless the
    signal has its own x); undefined values left out."""
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
            out[sig.label or name] = (ks[ok], y[ok])
    return out


def range_words(k: int, k_interval: Sequence[int], weighed: int | None = None, units: str | None = None,
                per_k: int | None = None, remedy: str = "set K yourself") -> tuple[str, str]:
    """(how far the range of K the evidence supports settles the choice: 'fallback' (K = 1: no larger K clearly
    better), 'capped' (the range reaches `weighed`, the largest K the evidence covers: more were not tried), 'narrow',
    'moderate' or 'wide'; a sentence saying so). `units`: what the method cut between ('4 paragraphs'); `per_k`: its
    automatic K weighs at most one segment per that many units; `remedy`: what the reader can do at K = 1."""
    lo, hi = int(k_interval[0]), int(k_interval[1])
    capped = weighed is not None and hi >= weighed
    if k == 1:
        if capped and weighed <= 1:
            rule = (f"its automatic K weighs at most one segment per {per_k} of them, so it tried no K above 1"
                    if per_k else "it tried no K above 1")
            return "fallback", (f"The method could cut this text only between its {units or 'units'}, and {rule} "
                                f"and kept the text whole: that is no finding that the text is one piece. To see "
                                f"segments, {remedy}.")
        return "fallback", ("No K above 1 is clearly better" + (f" (K up to {hi} are about as good)" if hi > 1 else "")
                            + ": when the evidence for more segments is weak, as it often is on a short text, the "
                              "method falls back to K = 1. That is no finding that the text is one piece; "
                            + remedy + ", or see where other methods put their boundaries.")
    if capped:
        return "capped", ((f"The evidence supports K from {lo} to {hi}" if hi > lo else f"The evidence supports K = "
                           f"{lo}") + f", but no K above {weighed} was weighed, so the text may have more segments "
                          f"than that: set K yourself to see more.")
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
                    f"long you want the segments to be, or by where other methods put their boundaries.")


def remedy(info: Mapping, elements: str | None) -> str:
    """What a reader can do when automatic K kept the text whole: set K, and when the units were the text's
    paragraphs (info['paragraphs']), let the method cut between its `elements` ('12 sentences') instead."""
    if not info.get("paragraphs"):
        return "set K yourself"
    return f"set K yourself, or set paragraphs = false to let it cut between any of the {elements or 'elements'}"


def choice_summary(k: int, info: Mapping, signals: Mapping,
                   elements: str | None = None) -> tuple[str | None, list[str]]:
    """How a method chose K automatically, from its info and signals: (how far the supported range settles it, as
    `range_words`, or None when the method does not say; sentences in Markdown). `elements`: the document's elements
    counted ('12 sentences'), what the method cut between unless info['paragraphs'] says it cut between paragraphs;
    info['units_per_k']: its automatic K weighs at most one segment per that many units."""
    info, signals = info or {}, signals or {}
    lines, width = [], None
    weighed = max((int(ks.max()) for ks, _ in evidence_curves(signals).values()), default=None)
    if info.get("k_interval") is not None:
        units = f"{info['paragraphs']:,} paragraphs" if info.get("paragraphs") else elements
        width, words = range_words(k, info["k_interval"], weighed, units, info.get("units_per_k"),
                                   remedy(info, elements))
        lines.append(words)
    held, gap = info.get("k_heldout"), info.get("k_gap")
    of = f" (of {info['gap_view']})" if info.get("gap_view") else ""
    if weighed == 1:  # no other K weighed: the rules below had nothing to choose from
        return width, lines
    if held and gap:
        if held == gap:
            lines.append(f"Held-out likelihood and the gap statistic{of} both point to K = {held}.")
        else:
            lines.append(f"Held-out likelihood alone would choose K = {held}, the gap statistic{of} K = {gap}; the "
                         f"held-out choice is made among 1–5× the gap statistic's, which gives K = {k}.")
    elif held:
        lines.append(f"K = {held} is the fewest segments that predict held-out sentences about as well as the best "
                     "K (by the one-standard-error rule).")
    elif gap:
        lines.append(f"K = {gap} is the smallest K past which the gap statistic{of} stops rising clearly.")
    elif "smoothed_gradient" in signals:
        lines.append("Splitting stopped where the smoothed density gain fell below its threshold (μ + 1.2σ).")
    elif "penalized_costs_by_k" in signals:
        lines.append(f"K = {k} minimises the cost plus the prior's penalty per segment.")
    elif "costs_by_k" in signals:
        lines.append(f"K = {k} sits at the knee of the cost curve, where adding segments stops paying.")
    elif any(getattr(s, "threshold", None) is not None for s in signals.values()):
        lines.append("Boundaries go where the depth score exceeds the method's threshold; K follows from them.")
    return width, lines


def choice_record(k: int, info: Mapping, signals: Mapping, elements: str | None = None) -> dict:
    """choice_summary as plain text for the CLI and exports: {'sureness': SURENESS's words or None, 'text': 'K = 5
    chosen automatically (fairly sure): …'}."""
    width, lines = choice_summary(k, info, signals, elements)
    sure = SURENESS.get(width)
    return {"sureness": sure, "text": f"K = {k} chosen automatically" + (f" ({sure})" if sure else "")
            + (": " + " ".join(lines) if lines else "")}


def no_curve_note(method: str, declared: Sequence, params: Mapping) -> str:
    """What to say when a run of `method` (its declared Params, the values it ran with) reported neither a cost per K
    nor other evidence per K: with a `split` parameter that offers the DP and is set otherwise, to set split = dp;
    else that there is no curve to draw (not a setting the method does not have)."""
    split = next((p for p in declared if p.name == "split"), None)
    if split is not None and "dp" in (split.choices or ()) and params.get("split", split.default) != "dp":
        return (f"{method} with split = {params.get('split', split.default)} reports no cost per K: set split = dp "
                "(under its parameters) to see the best cost of every K.")
    return (f"{method} reports no cost or evidence per K with these parameters, so there is no curve to draw; the "
            "methods compared below each choose their own K.")
