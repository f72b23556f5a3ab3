"""LDA segmentation (Misra, Yvon, Jose & Cappé 2009): segments scored by their log-likelihood under a topic model
trained on a reference corpus (segcore.topicmodel), each segment's topic mixture folded in, exact DP over the
segmentations.

Reference corpus: `context['model']` (an LdaTopics from `train_lda`, or a gensim LdaModel) or `context['corpus']`
(a list of texts, a folder of .txt/.ref files, or one file); `context['progress']` reports training progress.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from ..document import level_noun
from ..methods import MAX_LEN, STOPWORDS, Method, Param, Signal, register_method
from ..scores import Score
from ..splitters import check_room, dp, penalized_dp, plan
from ..text import lexicon, tokenize
from ..topicmodel import LdaTopics, fold_in, log_likelihood, train_lda


SEGMENTS = 6_000  # candidate segments whose likelihood is computed at most (every Choi document has fewer)


def pooling(n: int, width: int) -> int:
    """The fewest elements per block for which the candidate segments (ends × lengths up to width) are at most
    SEGMENTS."""
    def count(b):
        m, w = -(-n // b), -(-width // b)
        return m * w - w * (w - 1) // 2
    b = 1
    while count(b) > SEGMENTS:
        b += 1
    return b


def segment_loglik_table(topics: LdaTopics, bags: list[list[str]], iterations: int = 15, alpha: float = 1.0,
                         width: int = 0, max_cells: int = 4_000_000) -> np.ndarray:
    """L[m, ℓ] = log-likelihood of elements m−ℓ … m−1 as one segment, with its own folded-in θ (Misra et al. 2009
    eq 3–4), for every segment of at most `width` elements (0 = any; −inf beyond), computed in blocks of whole end
    positions of at most `max_cells` segment×word cells."""
    n = len(bags)
    width = n if width <= 0 else min(width, n)
    ids = [[topics.word_index[w] for w in bag if w in topics.word_index] for bag in bags]
    vocab = sorted({j for row in ids for j in row})
    local = {j: i for i, j in enumerate(vocab)}
    v = max(len(vocab), 1)
    prefix = np.zeros((n + 1, v))
    for i, row in enumerate(ids):
        for j in row:
            prefix[i + 1, local[j]] += 1.0
    np.cumsum(prefix, axis=0, out=prefix)
    phi = topics.phi[:, vocab] if vocab else np.ones((topics.n_topics, 1))
    table = np.full((n + 1, width + 1), -np.inf)
    table[:, 0] = 0.0
    m = 1
    while m <= n:  # block of end positions m..m2−1, whose segments number ≤ max_cells / v
        m2, cells = m, 0
        while m2 <= n and (m2 == m or cells + min(m2, width) * v <= max_cells):
            cells += min(m2, width) * v
            m2 += 1
        ends = np.concatenate([np.full(min(e, width), e) for e in range(m, m2)])
        lengths = np.concatenate([np.arange(min(e, width), 0, -1) for e in range(m, m2)])
        counts = prefix[ends] - prefix[ends - lengths]
        table[ends, lengths] = log_likelihood(phi, counts, fold_in(phi, counts, iterations, alpha))
        m = m2
    return table


class SegmentNLL(Score):
    """σ(l, m) = −log P(elements l..m−1) from a banded table L[m, m − l] (Misra et al. 2009 eq 3), additive."""

    name = "lda-nll"

    def fit(self, table):
        self.table = np.asarray(table)
        self.n = self.table.shape[0] - 1
        return self

    def parts(self, starts, ends):
        starts, ends = np.asarray(starts), np.asarray(ends)
        length = ends - starts
        inside = length < self.table.shape[1]
        return np.where(inside, -self.table[ends, np.where(inside, length, 0)], np.inf)[..., None]


def resolve_model(p: dict, context: dict) -> LdaTopics:
    model = context.get("model")
    if model is not None:
        return model if isinstance(model, LdaTopics) else LdaTopics.from_gensim(model, p["stopwords"], p["stem"])
    return train_lda(context["corpus"], topics=p["topics"], alpha=p["alpha"], eta=p["eta"], passes=p["passes"],
                     iterations=p["iterations"], seed=p["seed"], stopwords=p["stopwords"], stem=p["stem"],
                     progress=context.get("progress"))


def _run(doc, k, p, context):
    """Misra et al. 2009 eq 3–4 (segment likelihood with its folded-in mixture), §3.2 (DP; penalty lam·m·log l_d,
    their p). A text with more than SEGMENTS candidate segments is read in blocks of `pool` elements
    (pseudo-sentences)."""
    topics = resolve_model(p, context)
    width = plan(doc.n, k or 1, p["max_len"], k, doc.level)[0]
    pool = pooling(doc.n, width)
    bags = topics.bags(doc.elements)
    units = [sum(bags[a:a + pool], []) for a in range(0, doc.n, pool)]
    check_room(k, len(units), f"blocks of {pool} {level_noun(doc.level, pool)}", " lda works on for this text; lower K")
    score = SegmentNLL().fit(segment_loglik_table(topics, units, p["fold_in"], p["alpha"], -(-width // pool)))
    n_words = float(sum(len(u) for u in units if u))
    if k is None:
        split = penalized_dp(score, p["lam"] * np.log(max(n_words, 2.0)), score.table.shape[1] - 1)
    else:
        split = dp(score, k, score.table.shape[1] - 1)
    ends = np.array(split.boundaries)
    starts = np.concatenate([[0], ends[:-1]])
    seg_bags = [sum(units[a:b], []) for a, b in zip(starts, ends)]
    vocab = sorted({topics.word_index[w] for bag in seg_bags for w in bag if w in topics.word_index})
    local = {j: i for i, j in enumerate(vocab)}
    counts = np.zeros((len(seg_bags), max(len(vocab), 1)))
    for i, bag in enumerate(seg_bags):
        for w in bag:
            if w in topics.word_index:
                counts[i, local[topics.word_index[w]]] += 1.0
    phi = topics.phi[:, vocab] if vocab else np.ones((topics.n_topics, 1))
    theta = fold_in(phi, counts, p["fold_in"], p["alpha"])
    signals = {
        "segment_topics": Signal(theta.round(6).tolist(), "segment"),
        "segment_top_words": Signal(readable_top_words(topics, theta, seg_bags, doc, p), "segment"),
        "segment_loglik": Signal([float(-score.error(a, b)) for a, b in zip(starts, ends)], "segment"),
    }
    if split.costs_by_k is not None:
        signals["costs_by_k"] = Signal(split.costs_by_k, "k")
    info = {"n_words": n_words, "pool": pool,
            "model": {k_: v for k_, v in topics.info.items() if isinstance(v, (int, float, str, bool)) or v is None}}
    return {"boundaries": [int(min(b * pool, doc.n)) for b in split.boundaries], "cost": split.cost,
            "signals": signals, "info": info}


def readable_top_words(topics: LdaTopics, theta: np.ndarray, seg_bags: list[list[str]], doc, p: dict) -> list[list[str]]:
    """Each segment's words most probable under its mixture θ·φ among those it contains (of three letters or more),
    each shown as its most frequent spelling in the document (the model's vocabulary is stemmed, by the stemmer and
    stopwords the document's bags were made with)."""
    lex = lexicon(doc.elements, topics.stopwords)
    spelling: dict[str, Counter] = {}
    for word in (w for e in doc.elements for w in tokenize(e) if w not in lex.stop):
        spelling.setdefault(lex.stem(word) if topics.stem else word, Counter())[word] += 1
    out = []
    for t, bag in zip(theta, seg_bags):
        present = {w for w in bag if len(w) >= 3 and any(c.isalpha() for c in w)}
        ranked = [w for w in topics.top_words(t, len(topics.words)) if w in present][:p["top_words"]]
        out.append([spelling[w].most_common(1)[0][0] if w in spelling else w for w in ranked])
    return out


register_method(Method(
    "lda",
    "Topic-model segmentation: each candidate segment's topic mixture folded in under an LDA model of a reference "
    "corpus, segments scored by their log-likelihood, exact DP (K given) or DP with a lam·m·log(l_d) penalty (their p)",
    "Misra, Yvon, Jose & Cappé 2009 (CIKM), eq 3 (segment likelihood), eq 4 (fold-in), §3.2 (penalised DP)",
    [Param("topics", 50, "number of LDA topics T", low=1, high=500),
     Param("alpha", 1.0, "symmetric Dirichlet prior α on topic mixtures (training and fold-in)", low=1e-4, high=100.0),
     Param("eta", 0.01, "Dirichlet prior η (β) on topic-word distributions", low=1e-6, high=100.0),
     Param("passes", 10, "passes of gensim's online variational Bayes over the reference corpus", low=1, high=100),
     Param("iterations", 50, "gensim's per-document inference iterations while training", low=1, high=1000),
     Param("fold_in", 15, "fold-in iterations of eq 4 per candidate segment", low=1, high=200),
     Param("lam", 3.0, "penalty weight (Misra et al.'s p) of lam·m·log(l_d) when K is not given (m segments, l_d "
                         "words)",
           low=0.0, high=1000.0),
     Param("seed", 0, "random seed of the LDA training", low=0, high=2**31 - 1),
     STOPWORDS,
     Param("stem", True, "stem words, training and document (Porter's stemmer; Snowball's for another language)"),
     MAX_LEN,
     Param("top_words", 10, "words listed per segment (those of the segment most probable under its topic mixture, "
                            "as spelt in the document)", low=1, high=100)],
    _run, needs=("corpus",)))
