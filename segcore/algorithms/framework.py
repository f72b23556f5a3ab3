"""Alemi & Ginsparg's (2015) framework as named methods: a representation (segcore.pipeline), a score
(segcore.scores) and a splitter (segcore.splitters), with K given or chosen automatically: `cvs`, `euclidean`
and `oc99` (C99's inside density with any splitter)."""
from __future__ import annotations

import numpy as np

from ..document import level_noun
from ..methods import MAX_LEN, Method, Param, Signal, register_method
from ..pipeline import rep_params, representation_for
from ..scores import SCORES
from ..splitters import SPLITTERS, auto_table, check_room, dp, fewest, penalized_dp
from .c99 import RANK, C99Score, layout


def choose_k(score, p: dict) -> tuple[int | None, dict]:
    """Automatic K for a framework score: penalty `lam` per segment (None → penalised DP; additive scores only), a
    target mean segment `length`, or else the knee of the DP cost-versus-K curve for K ≤ max(10, N/4) (largest
    distance below its chord), over the K whose segments fit max_len."""
    n = score.n
    if p.get("lam", 0.0) > 0:
        return None, {}
    if p["length"] > 0:
        return max(1, int(round(min(n, n / p["length"])))), {}  # a tiny length: n / length is inf
    by_k = auto_table(score, max(1, min(n, max(10, n // 4))), p["max_len"]).costs_by_k()
    signals = {"costs_by_k": Signal(by_k, "k")}
    ks = np.array([j + 1 for j, c in enumerate(by_k) if c is not None])  # the K that max_len lets fit
    if len(ks) == 0:  # even the largest K of the curve has a segment over max_len: the fewest segments that fit
        return fewest(n, p["max_len"]), signals
    costs = np.array([by_k[j - 1] for j in ks])
    if len(ks) < 3 or costs[0] == costs[-1]:
        return int(ks[0]), signals
    chord = costs[0] + (costs[-1] - costs[0]) * (ks - ks[0]) / (ks[-1] - ks[0])
    return int(ks[np.argmax(chord - costs)]), signals


def fit(score_name: str, doc, p: dict, context: dict, k: int | None = None) -> tuple:
    """Alemi & Ginsparg 2015 §2: the score σ fitted on the document's representation: (score, Representation, the
    max_len its splitters use, info). K, if given, is checked against what is left to split."""
    rep = representation_for(doc, p, context, sparse=score_name == "c99")
    unit = doc.level
    check_room(k, len(rep.kept), level_noun(unit, len(rep.kept)), " left after 'cut'")
    max_len, info = p["max_len"], {}
    if score_name == "c99":  # C99's matrices on pseudo-sentences when the text is long (c99.layout)
        pool, width = layout(len(rep.kept), k, max_len, unit)
        rep, max_len = rep.pooled(pool), -(-max_len // pool)
        score = C99Score(p["rank"], -(-width // pool)).fit(rep.matrix)
        info["pool"] = pool
    else:
        score = SCORES[score_name]().fit(rep.matrix)
    if "pool" in info:
        check_room(k, score.n, f"blocks of {info['pool']} {level_noun(unit, info['pool'])}",
                   " oc99 works on for this text; lower K")
    return score, rep, max_len, info


def _framework(score_name: str):
    def run(doc, k, p, context):
        """Alemi & Ginsparg 2015 §2: fit σ on the representation, split with the chosen strategy (eq 4–9)."""
        score, rep, max_len, info = fit(score_name, doc, p, context, k)
        signals = {}
        if k is None:
            k, signals = choose_k(score, {**p, "max_len": max_len})
        if k is None:
            split = penalized_dp(score, p["lam"], max_len)
        elif p["split"] == "dp":
            split = dp(score, k, max_len, doc.level)
        else:
            split = SPLITTERS[p["split"]](score, k)
        if split.costs_by_k is not None:
            signals["costs_by_k"] = Signal(split.costs_by_k, "k")
        if split.sweeps is not None:
            info["sweeps"] = split.sweeps
        return {"boundaries": rep.to_original(split.boundaries), "cost": split.cost, "converged": split.converged,
                "signals": signals, "info": info}
    return run


def _fitter(score_name: str):
    def fitted(doc, p, context):
        """Method.fit: σ fitted once, for K-given runs split by exact DP (None with another splitter)."""
        if p["split"] != "dp":
            return None
        score, rep, max_len, info = fit(score_name, doc, p, context)
        return score, rep.to_original, max_len, info
    return fitted


LAM = Param("lam", 0.0, "automatic K: penalty per segment for an exact penalised DP (0 = not used)",
            low=0.0, high=1e9)
LENGTH = Param("length", 0.0, "automatic K: target mean segment length in sentences (words at word level), K = "
                              "round(N / length), exact "
                              "DP (on one document this is what a penalty tuned to that length gives; 0 = not used)",
               low=0.0, high=1e9, elements=True, auto_k=True)
AUTO = [LAM, LENGTH]  # C99's density is a ratio: no per-segment penalty (lam) for oc99
ONE_AUTO = (("lam", "length"),)  # both set: which rule would choose K is unclear (Method.exclusive)
SPLIT = Param("split", "dp", "splitting strategy: greedy (eq 4–5), exact DP (eq 6–7), iterative refinement (eq 8–9)",
              tuple(SPLITTERS))

register_method(Method(
    "cvs", "Content Vector Segmentation: word-vector sums scored by their ±1/√D content vector",
    "Alemi & Ginsparg 2015, eq 28–29", [*rep_params("vectors"), SPLIT, *AUTO, MAX_LEN], _framework("cvs"),
    fit=_fitter("cvs"), exclusive=ONE_AUTO))
register_method(Method(
    "euclidean", "Sum of squared distances of element vectors to their segment mean (k-means style)",
    "Alemi & Ginsparg 2015, eq 19–20", [*rep_params("vectors"), SPLIT, *AUTO, MAX_LEN],
    _framework("euclidean"), fit=_fitter("euclidean"), exclusive=ONE_AUTO))
register_method(Method(
    "oc99", "C99's inside density of the rank-transformed cosine matrix, with any splitter",
    "Alemi & Ginsparg 2015, eq 10–15; Choi 2000", [*rep_params("tf", stem=True), RANK, SPLIT, LENGTH, MAX_LEN],
    _framework("c99")))
