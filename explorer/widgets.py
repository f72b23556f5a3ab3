"""Widgets generated from segcore's registry — one per Param of a method, within the Param's own domain (bounds →
number-input limits, choices → select box), its value kept in session state under param_key —, the clicks on
charts drawn with on_select, and the tables' number formats."""
from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from segcore import METHODS
from segcore.errors import ParameterError
from segcore.evaluation import agreement_cells
from segcore.metrics import PERCENT_DIGITS
from segcore.methods import COMMON, Param
from segcore.pipeline import REP_KEYS

SWEEP_CHOICES = 3  # a sweep over a long list of choices starts with its first three


def param_key(method: str, name: str) -> str:
    return f"p::{method}::{name}"


def method_params(method: str) -> dict:
    """The method's parameters as set in the widgets, the defaults for those never touched; a parameter that could
    name a file only ever one of its named values (paths are for the library and the CLI, see `app_value`)."""
    values = {p.name: st.session_state.get(param_key(method, p.name), p.default) for p in METHODS[method].params}
    return {p.name: p.default if p.path and values[p.name] not in p.choices else values[p.name]
            for p in METHODS[method].params}


def changed_params(method: str) -> dict:
    """The parameters that differ from their defaults (what a link must carry)."""
    defaults = METHODS[method].defaults()
    return {name: v for name, v in method_params(method).items() if v != defaults[name]}


def reset_params(method: str) -> None:
    for p in METHODS[method].params:
        st.session_state[param_key(method, p.name)] = p.default


def app_value(param: Param, raw):
    """A value from outside the widgets (a link) checked against the Param's domain; where the Param could also
    name a file, only its named choices: paths are for the library and the CLI."""
    value = param.parse(raw)
    if param.path and value not in (param.choices or ()):
        raise ParameterError(f"parameter '{param.name}' must be one of {', '.join(param.choices or ())} in the app "
                             f"(file paths only in the library and the CLI), got '{value}'")
    return value


def _step(p: Param) -> float:
    mag = abs(p.default)
    return 0.01 if mag and mag < 0.1 else (0.1 if mag < 10 else 1.0)


def param_widget(container, method: str, p: Param) -> None:
    """One widget for a Param: check box (bool), select box (choices), number input within low…high, text."""
    key = param_key(method, p.name)
    if key not in st.session_state or (p.choices and st.session_state[key] not in p.choices):
        st.session_state[key] = p.default
    help_text = f"{p.help} — {p.domain()}."
    if p.kind is bool:
        container.checkbox(p.name, key=key, help=help_text)
    elif p.choices:
        container.selectbox(p.name, list(p.choices), key=key, help=help_text)
    elif p.kind is int:
        container.number_input(p.name, int(p.low), int(p.high), key=key, step=1, help=help_text)
    elif p.kind is float:
        container.number_input(p.name, float(p.low), float(p.high), key=key, step=_step(p), format="%g",
                               help=help_text)
    else:
        container.text_input(p.name, key=key, help=help_text)


def param_groups(method: str) -> list[tuple[str, list[Param]]]:
    """The method's parameters as (heading, Params): the algorithm's own, the representation's, then those every
    method takes (where boundaries may fall)."""
    params = METHODS[method].params
    groups = [("Algorithm", [p for p in params if p.name not in REP_KEYS and p not in COMMON]),
              ("Representation", [p for p in params if p.name in REP_KEYS]),
              ("Text structure", [p for p in params if p in COMMON])]
    return [(heading, ps) for heading, ps in groups if ps]


def sweepable(method: str) -> list[Param]:
    """The parameters a sweep can run over: true/false, numbers, choices."""
    return [p for p in METHODS[method].params if p.kind in (bool, int, float) or p.choices]


def sweep_choices(p: Param) -> list:
    """The choices a sweep starts with: all of them, or the first SWEEP_CHOICES of a long list (stopwords: 'choi',
    'auto', 'none' before the languages)."""
    return list(p.choices)[:SWEEP_CHOICES] if len(p.choices) > 2 * SWEEP_CHOICES else list(p.choices)


def value_grid(p: Param, low: float, high: float, count: int) -> list:
    """`count` values evenly spaced from low to high, whole numbers for an int Param (six significant digits for a
    float), without repeats: each value is run once."""
    grid = np.linspace(low, high, int(count))
    return sorted({int(round(v)) if p.kind is int else float(f"{v:.6g}") for v in grid})


def number_formats(digits: dict[str, int]) -> dict:
    """st.dataframe's column_config showing each column named in `digits` with that many decimals."""
    return {c: st.column_config.NumberColumn(format=f"%.{d}f") for c, d in digits.items()}


def agreement_table(container, segmentations: dict[str, list[int]], measure: str) -> None:
    """How far the segmentations agree by `measure` ('pk' or 'windowdiff'), row taken as the reference, in % with
    the decimals of the score tables (segcore.evaluation.agreement_cells)."""
    table = pd.DataFrame(agreement_cells(segmentations, measure)).T
    container.dataframe(table, width="stretch",
                        column_config=number_formats(dict.fromkeys(table.columns, PERCENT_DIGITS[measure])))


def clicked(chart_key: str, field: str):
    """The `field` ('x', 'customdata', …) of the first point clicked on a chart drawn with on_select, or None."""
    try:
        points = st.session_state[chart_key]["selection"]["points"]
    except (KeyError, TypeError):
        return None
    for point in points:
        value = point.get(field)
        if isinstance(value, (list, tuple)):
            value = value[0] if value else None
        if value is not None:
            return value
    return None


def sweep_range(p: Param) -> tuple:
    """A first range for sweeping a number Param: around its default, inside its bounds."""
    d = p.default
    lo, hi = (d - 4, d + 6) if p.kind is int else sorted((d / 2, d * 2) if d else (0.0, 1.0))
    return max(p.kind(p.low), lo), min(p.kind(p.high), hi)
