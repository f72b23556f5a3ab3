"""LDA segmentation (Misra, Yvon, Jose & Cappé 2009): segments scored by their log-likelihood under a topic model
trained on a reference corpus (segcore.topicmodel), each segment's topic mixture folded in, exact DP over the
segmentations.

Reference corpus: `context['model']` (an LdaTopics from `train_lda`, or a gensim LdaModel) or `context['corpus']`
(a list of texts, a folder of .txt/.ref files, or one file); `context['progress']` reports training progress.
"""
from __future__ import annotations

import numpy as np

from ..errors import ParameterError
from ..methods import STOPWORDS, Method, Param, Signal, register_method
from ..scores import Score
from ..splitters import dp, penalized_dp
from ..topicmodel import LdaTopics, fold_in, log_likelihood, train_lda


def segment_loglik_table(topics: LdaTopics, bags: list[list[str]], iterations: int = 15, alpha: float = 1.0,
                         max_cells: int = 4_000_000, max_segment: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """L[l, m] = log-likelihood of elements l..m−1 as one segment (l < m), with its own folded-in θ, for every
    candidate segment (only those of at most `max_segment` elements if > 0; the others get −inf); segments are
    processed in blocks of whole end positions (all of them at once for Choi-sized documents), at most `max_cells`
    segment×word cells at a time. Returns (L, counts per element)."""
    n = len(bags)
    ids = [[topics.word_index[w] for w in bag if w in topics.word_index] for bag in bags]
    vocab = sorted({j for row in ids for j in row})
    local = {j: i for i, j in enumerate(vocab)}
    v = max(len(vocab), 1)
    elem = np.zeros((n, v))
    for i, row in enumerate(ids):
        for j in row:
            elem[i, local[j]] += 1.0
    phi = topics.phi[:, vocab] if vocab else np.ones((topics.n_topics, 1))
    prefix = np.zeros((n + 1, v))
    np.cumsum(elem, axis=0, out=prefix[1:])
    table = np.zeros((n + 1, n + 1))
    span = n if max_segment <= 0 else int(max_segment)
    if span < n:
        table[:] = -np.inf
    m = 1
    while m <= n:  # block of end positions m..m2−1, whose segments number ≤ max_cells / v
        m2, cells = m, 0
        while m2 <= n and (m2 == m or cells + min(m2, span) * v <= max_cells):
            cells += min(m2, span) * v
            m2 += 1
        ends = np.concatenate([np.full(min(e, span), e) for e in range(m, m2)])
        starts = np.concatenate([np.arange(max(0, e - span), e) for e in range(m, m2)])
        counts = prefix[ends] - prefix[starts]
        theta = fold_in(phi, counts, iterations, alpha)
        table[starts, ends] = log_likelihood(phi, counts, theta)
        m = m2
    return table, elem


class SegmentNLL(Score):
    """σ(l, m) = −log P(elements l..m−1) from a precomputed table (Misra et al. 2009 eq 3), additive."""

    name = "lda-nll"

    def fit(self, table):
        self.table = np.asarray(table)
        self.n = self.table.shape[0] - 1
        return self

    def parts(self, starts, ends):
        return (-self.table[np.asarray(starts), np.asarray(ends)])[..., None]


# ---- the method -------------------------------------------------------------------------------------------------

def resolve_model(p: dict, context: dict) -> LdaTopics:
    model = context.get("model")
    if model is not None:
        return model if isinstance(model, LdaTopics) else LdaTopics.from_gensim(model, p["stopwords"], p["stem"])
    return train_lda(context["corpus"], topics=p["topics"], alpha=p["alpha"], eta=p["eta"], passes=p["passes"],
                     iterations=p["iterations"], seed=p["seed"], stopwords=p["stopwords"], stem=p["stem"],
                     progress=context.get("progress"))


def _run(doc, k, p, context):
    """Misra et al. 2009 eq 3–4 (segment likelihood with its folded-in mixture), §3.2 (DP; penalty p·m·log l_d)."""
    topics = resolve_model(p, context)
    bags = topics.bags(doc.elements)
    if k is not None and p["max_segment"] and k * p["max_segment"] < doc.n:
        raise ParameterError(f"K = {k} segments of at most max_segment = {p['max_segment']} elements cannot cover "
                             f"{doc.n} elements; raise max_segment or K")
    table, elem = segment_loglik_table(topics, bags, p["fold_in"], p["alpha"], max_segment=p["max_segment"])
    score = SegmentNLL().fit(table)
    n_words = float(elem.sum())
    if k is None:
        penalty = p["p"] * np.log(max(n_words, 2.0))
        split = penalized_dp(score, penalty)
    else:
        split = dp(score, k)
    bounds = split.boundaries
    starts = np.array([0, *bounds[:-1]])
    ends = np.array(bounds)
    prefix = np.vstack([np.zeros((1, elem.shape[1])), np.cumsum(elem, axis=0)])
    vocab = sorted({topics.word_index[w] for bag in bags for w in bag if w in topics.word_index})
    phi = topics.phi[:, vocab] if vocab else np.ones((topics.n_topics, 1))
    theta = fold_in(phi, prefix[ends] - prefix[starts], p["fold_in"], p["alpha"])
    signals = {
        "segment_topics": Signal(theta.round(6).tolist(), "segment"),
        "segment_top_words": Signal([topics.top_words(t, p["top_words"]) for t in theta], "segment"),
        "segment_loglik": Signal([float(table[a, b]) for a, b in zip(starts, ends)], "segment"),
    }
    if split.costs_by_k is not None:
        signals["costs_by_k"] = Signal(split.costs_by_k, "k")
    info = {"n_words": n_words,
            "model": {k_: v for k_, v in topics.info.items() if isinstance(v, (int, float, str, bool)) or v is None}}
    return {"boundaries": bounds, "cost": split.cost, "signals": signals, "info": info}


register_method(Method(
    "lda",
    "Topic-model segmentation: each candidate segment's topic mixture folded in under an LDA model of a reference "
    "corpus, segments scored by their log-likelihood, exact DP (K given) or DP with a −p·m·log(l_d) penalty",
    "Misra, Yvon, Jose & Cappé 2009 (CIKM), eq 3 (segment likelihood), eq 4 (fold-in), §3.2 (penalised DP)",
    [Param("topics", 50, "number of LDA topics T", low=1, high=500),
     Param("alpha", 1.0, "symmetric Dirichlet prior α on topic mixtures (training and fold-in)", low=1e-4, high=100.0),
     Param("eta", 0.01, "Dirichlet prior η (β) on topic-word distributions", low=1e-6, high=100.0),
     Param("passes", 10, "passes of gensim's online variational Bayes over the reference corpus", low=1, high=100),
     Param("iterations", 50, "gensim's per-document inference iterations while training", low=1, high=1000),
     Param("fold_in", 15, "fold-in iterations of eq 4 per candidate segment", low=1, high=200),
     Param("p", 3.0, "penalty weight p of −p·m·log(l_d) when K is not given (m segments, l_d words)",
           low=0.0, high=1000.0),
     Param("seed", 0, "random seed of the LDA training", low=0, high=2**31 - 1),
     STOPWORDS,
     Param("stem", True, "Porter-stem words (training and document)"),
     Param("max_segment", 0, "longest candidate segment in elements, 0 = no limit (cost grows as N² without one)",
           low=0, high=10**7),
     Param("top_words", 10, "words listed per segment in the signals", low=1, high=100)],
    _run, needs=("corpus",)))
