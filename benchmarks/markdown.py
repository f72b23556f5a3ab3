"""Markdown cells from evaluation rows (segcore.evaluation.score): means ± standard error, failures counted, mean K
found, ms per document, and the table layout every section uses."""
from __future__ import annotations

import math

import numpy as np


def ok_rows(rows):
    return [r for r in rows if "error" not in r]


def mean_se(rows, key="pk", scale=100.0):
    vals = np.array([r[key] for r in ok_rows(rows)], dtype=float) * scale
    if len(vals) == 0:
        return float("nan"), float("nan")
    return float(vals.mean()), float(vals.std(ddof=1) / np.sqrt(len(vals))) if len(vals) > 1 else 0.0


def paired(d) -> tuple[str, int, int]:
    """Paired differences (points): 'mean ± standard error', how many are below 0 and how many above."""
    d = np.asarray(d, dtype=float)
    se = d.std(ddof=1) / np.sqrt(len(d)) if len(d) > 1 else float("nan")
    return f"{d.mean():+.2f} ± {se:.2f}", int((d < 0).sum()), int((d > 0).sum())


def fmt(rows, key="pk", se=False, digits=2, scale=100.0) -> str:
    m, s = mean_se(rows, key, scale)
    if math.isnan(m):
        return "—"
    failed = len(rows) - len(ok_rows(rows))
    out = f"{m:.{digits}f}" + (f" ± {s:.{digits}f}" if se else "")
    return out + (f" ({failed} failed)" if failed else "")


def ms(rows) -> str:
    vals = [r["seconds"] for r in ok_rows(rows)]
    return f"{1000 * np.mean(vals):.1f}" if vals else "—"


def mean_k(rows) -> str:
    vals = [r["k_hyp"] for r in ok_rows(rows)]
    return f"{np.mean(vals):.1f}" if vals else "—"


def num(x, digits=2) -> str:
    if x is None:
        return ""
    return f"{x:.{digits}f}" if isinstance(x, float) else str(x)


def table(header: list[str], rows: list[list]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


def pstr(params: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(params.items())) or "defaults"
