"""Named methods: each couples a representation, a score and a splitter (or a whole published algorithm) with
its parameters, so the library, the CLI and the app share one list, one set of names and one set of defaults."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from .c99 import divisive
from .document import Document
from .errors import ParameterError
from .pipeline import REPRESENTATIONS, WEIGHTINGS, represent
from .scores import SCORES
from .splitters import SPLITTERS, check_k, dp, penalized_dp


@dataclass
class Param:
    name: str
    default: object
    help: str
    choices: tuple | None = None

    def parse(self, value):
        """Convert a CLI/URL string (or any value) to this parameter's type and check it."""
        kind = type(self.default)
        try:
            if isinstance(value, str) and kind is bool:
                low = value.strip().lower()
                if low not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(value)
                value = low in ("true", "1", "yes")
            elif kind in (int, float) and not isinstance(value, bool):
                value = kind(float(value)) if kind is int and float(value).is_integer() else kind(value)
            elif kind is str:
                value = str(value)
        except (TypeError, ValueError):
            raise ParameterError(f"parameter '{self.name}' expects a {kind.__name__}, got '{value}'") from None
        if self.choices and value not in self.choices:
            raise ParameterError(f"parameter '{self.name}' must be one of {', '.join(map(str, self.choices))}, "
                                 f"got '{value}'")
        return value


@dataclass
class Segmentation:
    """A method's answer: segment end indices (last = N) and the signals behind them, ready to plot."""

    boundaries: list[int]
    method: str
    params: dict
    n_elements: int
    k_automatic: bool
    seconds: float = 0.0
    cost: float | None = None
    converged: bool | None = None
    signals: dict = field(default_factory=dict)

    @property
    def k(self) -> int:
        return len(self.boundaries)

    def to_dict(self, doc: Document | None = None) -> dict:
        starts = [0, *self.boundaries[:-1]]
        segs = [{"start": a, "end": b} for a, b in zip(starts, self.boundaries)]
        if doc is not None:
            for s, text in zip(segs, doc.segment_texts(self.boundaries)):
                s["text"] = text
        return {"method": self.method, "params": self.params, "n_elements": self.n_elements,
                "boundaries": self.boundaries, "k": self.k, "k_automatic": self.k_automatic,
                "segments": segs, "seconds": round(self.seconds, 6), "cost": self.cost, "converged": self.converged}


@dataclass
class Method:
    name: str
    summary: str
    citation: str
    params: list[Param]
    run: Callable  # run(doc, k, params, context) -> Segmentation fields (dict)

    def defaults(self) -> dict:
        return {p.name: p.default for p in self.params}

    def resolve(self, overrides: dict) -> dict:
        known = {p.name: p for p in self.params}
        unknown = set(overrides) - set(known)
        if unknown:
            raise ParameterError(f"method '{self.name}' has no parameter {', '.join(sorted(unknown))}; "
                                 f"its parameters: {', '.join(known)}")
        out = self.defaults()
        out.update({k: known[k].parse(v) for k, v in overrides.items()})
        return out


METHODS: dict[str, Method] = {}


def register_method(method: Method) -> Method:
    METHODS[method.name] = method
    return method


def get_method(name: str) -> Method:
    if name not in METHODS:
        raise ParameterError(f"unknown method '{name}'; available: {', '.join(METHODS)}")
    return METHODS[name]


def segment(doc: Document, method: str = "cvs", k: int | None = None, context: dict | None = None,
            **params) -> Segmentation:
    """Segment `doc` with a named method; `k` = number of segments, None for the method's automatic choice.
    `context` may carry shared resources, e.g. {'idf_collection': bags of a whole dataset}."""
    m = get_method(method)
    p = m.resolve(params)
    if k is not None:
        check_k(k, doc.n)
    t = time.perf_counter()
    out = m.run(doc, k, p, context or {})
    seconds = time.perf_counter() - t
    return Segmentation(method=method, params=p, n_elements=doc.n, k_automatic=k is None, seconds=seconds, **out)


# ---- shared parameters -----------------------------------------------------------------------------------------

def _rep_params(rep="vectors", stem=False):
    return [
        Param("rep", rep, "element representation: term frequencies, tf-idf, or summed word vectors (Alemi eq 16–18)",
              REPRESENTATIONS),
        Param("stopwords", "choi", "stopword list: 'choi' (Choi 2000's list), 'none', or a file path"),
        Param("stem", stem, "Porter-stem words (Choi 2000); leave off with word vectors"),
        Param("cut", 0, "leave out of scoring the elements with fewer content words than this (Alemi Table 6)"),
        Param("weighting", "sum", "word-vector weighting: plain sum (eq 16), idf-weighted (eq 17), or ln(rank in the "
                                  "vector file), an idf of general English by Zipf's law", WEIGHTINGS),
        Param("normalize", False, "normalise word vectors to unit length before summing (eq 18)"),
        Param("whiten", False, "centre word vectors on the text's mean word and whiten them by the vectors' token "
                               "covariance (Zipf-weighted vocabulary) before summing; rep=vectors"),
        Param("normalize_elements", False, "normalise each element vector to unit length"),
        Param("vectors", "glove-6b-50d", "word vectors: the embedded GloVe 6B 50d or a word2vec/GloVe/KeyedVectors file"),
        Param("encoder", "glove-mean", "sentence encoder for rep=embedding: mean GloVe vector or all-MiniLM-L6-v2",
              ("glove-mean", "minilm")),
        Param("clusters", 50, "number of spherical k-means word-vector clusters for rep=clusters (Alemi oC99k50/k200)"),
    ]


REP_KEYS = ("rep", "stopwords", "stem", "cut", "weighting", "normalize", "whiten", "normalize_elements", "vectors",
            "encoder", "clusters")


def representation_for(doc: Document, p: dict, context: dict):
    return represent(doc.elements, idf_collection=context.get("idf_collection"), **{k: p[k] for k in REP_KEYS})


def _framework(score_name: str):
    def run(doc, k, p, context):
        rep = representation_for(doc, p, context)
        n = len(rep.kept)
        score = SCORES[score_name](**({"rank": p["rank"]} if score_name == "c99" else {})).fit(rep.matrix)
        if k is not None and k > n:
            raise ParameterError(f"K = {k} is more than the {n} elements left after 'cut'")
        signals = {}
        if k is None:
            k, signals = choose_k(score, p)
        split = penalized_dp(score, p["lam"]) if k is None else SPLITTERS[p["split"]](score, k)
        if split.costs_by_k is not None:
            signals["costs_by_k"] = split.costs_by_k
        if split.sweeps is not None:
            signals["sweeps"] = split.sweeps
        return {"boundaries": rep.to_original(split.boundaries), "cost": split.cost, "converged": split.converged,
                "signals": signals}
    return run


def choose_k(score, p: dict) -> tuple[int | None, dict]:
    """Automatic K for a framework score: penalty `lam` per segment (None → exact penalised DP), a target mean
    segment `length`, or else the knee of the DP cost-versus-K curve (largest distance below its chord)."""
    n = score.n
    if p["lam"] > 0:
        return None, {}
    if p["length"] > 0:
        return max(1, min(n, int(round(n / p["length"])))), {}
    kmax = max(1, min(n, max(10, n // 4)))
    costs = np.asarray(dp(score, kmax).costs_by_k)
    ks = np.arange(1, kmax + 1)
    if kmax < 3 or costs[0] == costs[-1]:
        return 1, {"costs_by_k": costs.tolist()}
    chord = costs[0] + (costs[-1] - costs[0]) * (ks - 1) / (kmax - 1)
    return int(ks[np.argmax(chord - costs)]), {"costs_by_k": costs.tolist()}


_AUTO = [Param("lam", 0.0, "automatic K: penalty per segment for an exact penalised DP (0 = not used)"),
         Param("length", 0.0, "automatic K: target mean segment length in elements, K = round(N / length), exact DP "
                              "(on one document this is what a penalty tuned to that length gives; 0 = not used)")]
_SPLIT = Param("split", "dp", "splitting strategy: greedy (eq 4–5), exact DP (eq 6–7), iterative refinement (eq 8–9)",
               tuple(SPLITTERS))
_RANK = Param("rank", 11, "size r of the r×r rank mask (Choi 2000 §3.2; Alemi eq 11); 0 = plain cosine, no ranking")

register_method(Method(
    "cvs", "Content Vector Segmentation: word-vector sums scored by their ±1/√D content vector",
    "Alemi & Ginsparg 2015, eq 28–29", [*_rep_params("vectors"), _SPLIT, *_AUTO], _framework("cvs")))
register_method(Method(
    "euclidean", "Sum of squared distances of element vectors to their segment mean (k-means style)",
    "Alemi & Ginsparg 2015, eq 19–20", [*_rep_params("vectors"), _SPLIT, *_AUTO], _framework("euclidean")))
register_method(Method(
    "oc99", "C99's inside density of the rank-transformed cosine matrix, with any splitter",
    "Alemi & Ginsparg 2015, eq 10–15; Choi 2000", [*_rep_params("tf", stem=True), _RANK, _SPLIT, *_AUTO],
    _framework("c99")))


def _c99(doc, k, p, context):
    rep = representation_for(doc, p, context)
    ranked = SCORES["c99"](rank=p["rank"]).fit(rep.matrix).ranked
    if k is not None and k > len(rep.kept):
        raise ParameterError(f"K = {k} is more than the {len(rep.kept)} elements left after 'cut'")
    bounds, signals = divisive(ranked, k)
    return {"boundaries": rep.to_original(bounds), "signals": signals}


register_method(Method(
    "c99", "Choi's C99: rank matrix, divisive clustering, automatic stop on the density gradient",
    "Choi 2000, §3", [*_rep_params("tf", stem=True), _RANK], _c99))


from . import algorithms  # noqa: E402,F401  (registers the methods defined in segcore/algorithms/)
