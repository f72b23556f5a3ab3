"""Many K on one document without fitting again: a method's fitted additive score (`Method.fit`) and DP tables over a
range of K, from which each K's `splitters.dp` optimum is read off in O(K); kept for the last documents of this
process (`segment`: what the app's workers call, so that a change of K is answered at once).

A table is built for the K that share `splitters.plan`'s grid: the first one from the K asked for up (K's own band),
and once a lower K is asked for, from the grid's lowest K (its band, the widest). Read off a table, K's segmentation
is `dp`'s whenever its segments fit K's own band (the optimum over the wider band is then the optimum over K's band
too); otherwise `dp` is run for that K.
"""
from __future__ import annotations

import hashlib
import math
import time
from collections import OrderedDict
from dataclasses import dataclass

from .document import Document, level_noun
from .errors import ParameterError
from .methods import Segmentation, Signal, answer, checked, get_method, paragraph_view, segment as segment_once
from .parallel import one_blas_thread
from .splitters import DPTable, Split, check_k, check_room, dp, dp_table, own_costs, plan, windows

KMAX = 40   # a table covers K up to at least this (the app's cost curve)
KEEP = 2    # fitted documents kept per process
GROWTH = 1.25  # past KMAX, a table covers K up to 1.25 × the K asked


class KTable:
    """`splitters.dp`'s optimum for any K on one fitted additive score, from DP tables built once per range of K."""

    def __init__(self, score, max_len: int = 0, level: str = "sentence"):
        self.score, self.max_len, self.level = score, max_len, level  # level: what the score's rows are (messages)
        self.tables: dict[int, tuple[int, int, DPTable]] = {}  # grid step → (lowest K, highest K, table)

    def split(self, k: int) -> Split:
        """The K-segment optimum, as dp(score, k, max_len) gives it; costs_by_k: the table's, K = 1 … its highest,
        where they are each K's own optimum (splitters.own_costs)."""
        n = self.score.n
        k = check_k(k, n, self.level)
        band, step = plan(n, k, self.max_len, k, self.level)
        table = self._table(k, step)
        try:
            bounds = table.boundaries(k)
        except ParameterError:  # no K segments fit the table's band: dp says so in its own words
            return dp(self.score, k, self.max_len, self.level)
        if max(b - a for a, b in zip([0, *bounds[:-1]], bounds)) > band:
            return dp(self.score, k, self.max_len, self.level)
        low = self.tables[step][0]
        costs = own_costs(table, n, self.max_len, plan(n, low, self.max_len, low)[0])
        if step == 1:
            return Split(bounds, table.cost(k), costs_by_k=costs)
        bounds = windows(self.score, bounds, step - 1)
        return Split(bounds, self.score.total(bounds), costs_by_k=costs)

    def costs_by_k(self, kmax: int) -> list[float | None]:
        """The optimal cost of each K = 1 … kmax from the tables (built for every grid they need): over the table's
        band and grid, so at most what split(K) reports; None where K segments cannot cover the text."""
        out = []
        for k in range(1, min(kmax, self.score.n) + 1):
            step = self._step(k)
            cost = self._table(k, step).costs[k, -1] if step is not None else math.inf
            out.append(float(cost) if math.isfinite(cost) else None)
        return out

    def _step(self, k: int) -> int | None:
        """K's grid step, None when K segments of max_len cannot cover the text."""
        try:
            return plan(self.score.n, k, self.max_len, k)[1]
        except ParameterError:
            return None

    def _table(self, k: int, step: int) -> DPTable:
        """The table of K's grid. The first one starts at K: its band is K's own, so it answers K as dp does without
        a second DP (a table from a lower K has that K's wider band, and its optimum for K may use segments longer
        than K's band); once a lower K is asked for, the table covers every K of the grid down from there."""
        low, high, table = self.tables.get(step, (0, 0, None))
        if table is None or not low <= k <= high:
            n = self.score.n
            top = min(n, max(KMAX, math.ceil(GROWTH * k)))
            steps = [0] + [self._step(j) for j in range(1, top + 1)]  # steps[j]: the grid of K = j
            first = table is None
            low = high = k
            while not first and low > 1 and steps[low - 1] == step:  # a K below the table's: all lower K of the grid
                low -= 1
            while high < top and steps[high + 1] == step:
                high += 1
            table = dp_table(self.score, high, plan(n, low, self.max_len, low)[0], step)
            self.tables[step] = (low, high, table)
        return table


@dataclass
class Fitted:
    """What a method's K-given run splits (`Method.fit`): its additive score, the map from the score's segment ends
    to the document's, the max_len of its DP, and facts for Segmentation.info."""

    score: object
    to_original: object
    max_len: int
    info: dict


HELD: OrderedDict = OrderedDict()  # (document digest, method, parameters) → (Fitted, KTable): the last KEEP


def document_key(doc: Document) -> str:
    """A digest of the document's elements and level."""
    h = hashlib.sha1(doc.level.encode())
    for e in doc.elements:
        h.update(b"\x00" + e.encode("utf-8", "replace"))
    return h.hexdigest()


def kept(doc: Document, method: str, p: dict, context: dict) -> tuple[Fitted, KTable] | None:
    """This process's fitted score and tables for the document, method and parameters (`p`, resolved), fitted now
    if not yet (the last KEEP kept); None for a method or settings without a `Method.fit`."""
    fit = get_method(method).fit
    if context or fit is None:
        return None
    key = (document_key(doc), method, repr(sorted(p.items())))
    if key not in HELD:
        out = fit(doc, p, context)
        if out is None:
            return None
        fitted = Fitted(*out)
        HELD[key] = (fitted, KTable(fitted.score, fitted.max_len, doc.level))
        while len(HELD) > KEEP:
            HELD.popitem(last=False)
    HELD.move_to_end(key)
    return HELD[key]


@one_blas_thread()
def segment(doc: Document, method: str = "cvs", k: int | None = None, context: dict | None = None,
            **params) -> Segmentation:
    """methods.segment, with K given for a method with a `Method.fit` (without a context) answered from this process's
    fitted score and DP tables of the same document, method and parameters when it has them (built otherwise and
    kept for the next K): the same Segmentation, its costs_by_k the table's (K up to at least KMAX)."""
    m, p, k, ctx = checked(doc, method, k, context, params)
    t = time.perf_counter()
    view = paragraph_view(doc, m, p, k)
    units = view.doc if view else doc  # what the method splits: the document, or its paragraphs
    held = kept(units, method, p, ctx) if k is not None else None
    if held is None:
        return segment_once(doc, method, k, context, **params)
    fitted, table = held
    check_room(k, fitted.score.n, level_noun(units.level, fitted.score.n), " left to split")
    split = table.split(k)
    out = {"boundaries": fitted.to_original(split.boundaries), "cost": split.cost, "info": dict(fitted.info),
           "signals": {"costs_by_k": Signal(split.costs_by_k, "k")}}
    return answer(doc, m, p, k, view.expand(out) if view else out, time.perf_counter() - t)


@one_blas_thread()
def costs_by_k(doc: Document, method: str, kmax: int, context: dict | None = None, **params) -> list | None:
    """The best cost of each K = 1 … kmax for the method on the document (`KTable.costs_by_k`), its tables kept
    for the K asked next; None for a method or settings without a `Method.fit`."""
    m, p, _, ctx = checked(doc, method, None, context, params)
    view = paragraph_view(doc, m, p, 1)  # the units of K-given runs (K = 1 is never more than the paragraphs)
    held = kept(view.doc if view else doc, method, p, ctx)
    return None if held is None else held[1].costs_by_k(kmax)
