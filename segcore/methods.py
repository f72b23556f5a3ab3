"""The method registry: a named method couples a representation, a score and a splitter (or a whole published
algorithm) with its parameters, so the library, the CLI and the app share one list, one set of names, one set of
defaults and one check of every value (`Param.parse`).

The methods themselves live in `segcore.algorithms` and register here when `segcore` is imported.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

from .document import Document, check_boundaries, level_noun
from .errors import ParameterError, quoted
from .kchoice import choice_record
from .language import NAMES
from .parallel import one_blas_thread
from .paragraphs import Units, paragraph_starts, units
from .splitters import check_k

KINDS = (bool, int, float, str)


@dataclass(frozen=True)
class Param:
    """One parameter of a method and its domain: type (that of the default), inclusive bounds `low`…`high` for
    numbers (required: nothing unbounded reaches an algorithm), allowed `choices`, `path` for values that may
    name a file (only the library and the CLI may pass a path; the app offers the named values and uploads), and
    `elements` for a value counted in elements (a length, a threshold on each element): set away from its default,
    it makes `segment` cut between any elements, not only between paragraphs; `auto_k` for a value only used when K
    is automatic (with K given it changes nothing, not even the units)."""

    name: str
    default: object
    help: str
    choices: tuple | None = None
    low: float | None = None
    high: float | None = None
    path: bool = False
    elements: bool = False
    auto_k: bool = False

    def __post_init__(self):
        kind = type(self.default)
        if kind not in KINDS:
            raise TypeError(f"parameter {self.name}: default of unsupported type {kind.__name__}")
        if kind in (int, float) and not self.choices and (self.low is None or self.high is None):
            raise TypeError(f"parameter {self.name}: a number needs both bounds (low, high)")
        self.parse(self.default)  # the default lies in the domain

    @property
    def kind(self) -> type:
        return type(self.default)

    def domain(self) -> str:
        """The domain in words, as error messages and help texts show it."""
        if self.choices:
            return "one of " + ", ".join(map(str, self.choices)) + (" or a file path" if self.path else "")
        if self.kind is bool:
            return "true or false"
        if self.kind in (int, float):
            what = "a whole number" if self.kind is int else "a number"
            return f"{what} from {_num(self.low)} to {_num(self.high)}"
        return "a file path" if self.path else "text"

    def parse(self, value):
        """Convert a CLI/URL string (or any value) to this parameter's type and check it against the domain;
        ParameterError naming the parameter and its domain otherwise."""
        kind = self.kind
        bad = ParameterError(f"parameter '{self.name}' must be {self.domain()}, got {quoted(value)}")
        if kind is bool:
            if isinstance(value, str):
                low = value.strip().lower()
                if low not in ("true", "false", "1", "0", "yes", "no"):
                    raise bad
                return low in ("true", "1", "yes")
            if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
                return bool(value)
            raise bad
        if kind in (int, float):
            if isinstance(value, bool):
                raise bad
            try:
                x = float(value.strip()) if isinstance(value, str) and len(value) <= 40 else float(value)
            except (TypeError, ValueError, OverflowError):
                raise bad from None
            if not math.isfinite(x) or (kind is int and not x.is_integer()):
                raise bad
            x = int(x) if kind is int else x
            if (self.choices and x not in self.choices) or (self.low is not None and x < self.low) or (
                    self.high is not None and x > self.high):
                raise bad
            return x
        if not isinstance(value, str) or "\x00" in value or len(value) > 4096:
            raise bad
        if self.choices and value not in self.choices and not self.path:
            raise bad
        return value


def _num(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


# Parameters shared by several methods (one name, one meaning, one domain everywhere).
STOPWORDS = Param("stopwords", "choi", "stopword list and stemmer: 'choi' (English: Choi 2000's list, Porter's "
                                       "stemmer), 'auto' (the text's language, identified: the Snowball project's "
                                       "list and stemmer for 13 languages, English's otherwise), a language "
                                       "('french', …), 'none' or a file path (one word per line; Porter's stemmer)",
                  choices=("choi", "auto", "none", *NAMES), path=True)
VECTORS = Param("vectors", "glove-6b-50d", "word vectors: the embedded GloVe 6B 50d, or a word2vec/GloVe/"
                                          "KeyedVectors file", choices=("glove-6b-50d",), path=True)
MAX_LEN = Param("max_len", 0, "longest segment considered, in sentences (words at word level); 0 = automatic: the "
                              "whole text with K automatic, max(500, 5·N/K) with K given; N ≤ 500: every segmentation",
                low=0, high=10**7, elements=True)

# Applied by segment() around every method's run (segcore.paragraphs), so every method lists it.
PARAGRAPHS = Param("paragraphs", True, "place boundaries only between paragraphs when the text marks them (at least "
                                       "3 paragraphs, K at most their number; Hearst 1997 §5)")
COMMON = (PARAGRAPHS,)  # the parameters every method takes

AXES = ("gap", "k", "segment")


@dataclass(frozen=True)
class Signal:
    """A sequence a method computed on the way, with what it is indexed by: `axis` 'gap' (a curve over the text:
    values at gaps 1…N−1, or at positions `x` in element units), 'k' (one value per number of segments: K = 1, 2,
    … or the K of `x`) or 'segment' (one row per segment found). `threshold`: the cut-off the method applied to it;
    `label`: what it measures, in words a reader understands (a plot's legend; else the signal's name)."""

    values: list
    axis: str
    x: list | None = None
    threshold: float | None = None
    label: str | None = None

    def __post_init__(self):
        if self.axis not in AXES:
            raise ValueError(f"signal axis must be one of {AXES}, got {self.axis}")

    def to_dict(self) -> dict:
        return {"axis": self.axis, "values": self.values, **{f: getattr(self, f) for f in ("x", "threshold", "label")
                                                             if getattr(self, f) is not None}}


@dataclass
class Segmentation:
    """A method's answer: segment end indices (last = N), the signals behind them (ready to plot) and facts about
    the run (`info`: numbers and short texts)."""

    boundaries: list[int]
    method: str
    params: dict
    n_elements: int
    k_automatic: bool
    seconds: float = 0.0
    cost: float | None = None
    converged: bool | None = None
    signals: dict[str, Signal] = field(default_factory=dict)
    info: dict = field(default_factory=dict)

    @property
    def k(self) -> int:
        return len(self.boundaries)

    def curves(self, axis: str) -> dict[str, Signal]:
        """The signals along one axis ('gap', 'k' or 'segment')."""
        return {name: s for name, s in self.signals.items() if s.axis == axis}

    def elements(self, doc: Document | None = None) -> str:
        """The elements it segmented, counted: '12 sentences' (of `doc`; without it, '12 elements')."""
        noun = level_noun(doc.level, self.n_elements) if doc is not None else "elements"
        return f"{self.n_elements:,} {noun}"

    def to_dict(self, doc: Document | None = None) -> dict:
        starts = [0, *self.boundaries[:-1]]
        segs = [{"start": a, "end": b} for a, b in zip(starts, self.boundaries)]
        if doc is not None:
            for s, text in zip(segs, doc.segment_texts(self.boundaries)):
                s["text"] = text
        return {"method": self.method, "params": self.params, "n_elements": self.n_elements,
                "boundaries": self.boundaries, "k": self.k, "k_automatic": self.k_automatic,
                **({"k_choice": choice_record(self.k, self.info, self.signals, self.elements(doc))}
                   if self.k_automatic else {}),
                "segments": segs, "seconds": round(self.seconds, 6), "cost": self.cost, "converged": self.converged,
                "info": self.info, "signals": {name: s.to_dict() for name, s in self.signals.items()}}


NEEDS = ("corpus",)


@dataclass
class Method:
    """A named method. `run(doc, k, params, context)` returns a dict of Segmentation fields (boundaries, cost,
    signals, info, converged). `needs` names what the caller must supply in `context`: 'corpus' = a reference
    corpus to learn from (context['corpus']: a list of texts, or context['model']: a trained model). `fit(doc,
    params, context)`, for a method whose K-given run is `splitters.dp` on an additive score: (score, map from the
    score's segment ends to the document's, max_len, info), or None for settings that do not run that way — what
    segcore.ktable fits once and splits for many K. Every method also takes the COMMON parameters (PARAGRAPHS),
    which `segment` applies around its run. `exclusive`: groups of parameters that do one job each its own way
    (two rules for automatic K), of which a user may set one."""

    name: str
    summary: str
    citation: str
    params: list[Param]
    run: Callable
    needs: tuple[str, ...] = ()
    fit: Callable | None = None
    exclusive: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self):
        unknown = set(self.needs) - set(NEEDS)
        if unknown:
            raise ValueError(f"method {self.name}: unknown needs {unknown}")
        self.params = [*self.params, *COMMON]

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise ParameterError(f"method '{self.name}' has no parameter {quoted(name)}; its parameters: "
                             f"{', '.join(p.name for p in self.params)}")

    def defaults(self) -> dict:
        return {p.name: p.default for p in self.params}

    def in_elements(self, p: dict, k: int | None) -> list[str]:
        """The parameters of `p` (resolved) set away from their defaults whose values count elements (those for
        automatic K only when K is automatic)."""
        return [q.name for q in self.params
                if q.elements and p[q.name] != q.default and not (q.auto_k and k is not None)]

    def resolve(self, overrides: dict) -> dict:
        """Defaults updated with `overrides`, each parsed and checked against its domain, at most one parameter of
        each `exclusive` group set."""
        out = self.defaults()
        out.update({k: self.param(k).parse(v) for k, v in overrides.items()})
        for group in self.exclusive:
            both = [name for name in group if out[name] != self.param(name).default]
            if len(both) > 1:
                raise ParameterError(f"method '{self.name}': {' and '.join(both)} are two ways to choose K "
                                     f"automatically; set one of them")
        return out


METHODS: dict[str, Method] = {}
DEFAULT_METHOD = "best"  # the CLI's and the app's default (BENCHMARKS.md: the best untrained method)


def register_method(method: Method) -> Method:
    METHODS[method.name] = method
    return method


def get_method(name: str) -> Method:
    if not isinstance(name, str) or name not in METHODS:
        raise ParameterError(f"unknown method {quoted(name)}; available: {', '.join(METHODS)}")
    return METHODS[name]


@one_blas_thread()
def segment(doc: Document, method: str = "cvs", k: int | None = None, context: dict | None = None,
            **params) -> Segmentation:
    """Segment `doc` with a named method (its numerical work on one thread: parallel.one_blas_thread); `k` = number
    of segments, None for the method's automatic choice.
    `context` carries shared resources: {'corpus': texts} for methods that learn from a reference corpus,
    {'df': DocumentFrequencies} for idf over a whole dataset. Every value is checked before any work, and the
    answer is checked before it is returned (strictly increasing ends, last = N, K segments when K was given). With
    paragraphs=True (the default) a text that marks paragraphs is segmented with them as its units."""
    m, p, k, context = checked(doc, method, k, context, params)
    t = time.perf_counter()
    view = paragraph_view(doc, m, p, k)
    out = m.run(view.doc if view else doc, k, p, context)
    return answer(doc, m, p, k, view.expand(out) if view else out, time.perf_counter() - t)


def paragraph_view(doc: Document, m: Method, p: dict, k: int | None) -> Units | None:
    """The paragraphs a run takes as its units (`segcore.paragraphs.units`); None with paragraphs=false or a
    parameter counted in elements set (`Method.in_elements`: in paragraphs it would mean another length)."""
    return units(doc, k) if p["paragraphs"] and not m.in_elements(p, k) else None


def checked(doc: Document, method: str, k: int | None, context: dict | None,
            params: dict) -> tuple[Method, dict, int | None, dict]:
    """What `segment` checks before any work: (the Method, its parameters resolved, K, the context)."""
    if not isinstance(doc, Document):
        raise ParameterError(f"segment() expects a Document (see segcore.loaders), got {type(doc).__name__}")
    m = get_method(method)
    p = m.resolve(params)
    k = None if k is None else check_k(k, doc.n, doc.level)
    context = context or {}
    if "corpus" in m.needs and context.get("corpus") is None and context.get("model") is None:
        raise ParameterError(f"method '{m.name}' learns from a reference corpus: give one (CLI: --corpus "
                             f"choi/3-5 or a folder of .txt/.ref files; library: context={{'corpus': texts}})")
    return m, p, k, context


def answer(doc: Document, m: Method, p: dict, k: int | None, out: dict, seconds: float) -> Segmentation:
    """The Segmentation of a method's run (`out`: the fields its run returned), checked as `segment` promises."""
    seg = Segmentation(method=m.name, params=p, n_elements=doc.n, k_automatic=k is None, seconds=seconds, **out)
    named = m.in_elements(p, k) if p["paragraphs"] else []
    if named and paragraph_starts(doc):
        seg.info["in_elements"] = named  # why paragraphs were not the units (units_note)
    check_boundaries(seg.boundaries, doc.n, what=f"{m.name}'s segmentation", level=doc.level)
    if k is not None and seg.k != k:
        raise ParameterError(f"{m.name} returned {seg.k} segments where K = {k} was asked")
    if seg.cost is not None and math.isnan(seg.cost):
        raise ParameterError(f"{m.name} gave an undefined cost (nan) with these parameters; check the weights")
    return seg
