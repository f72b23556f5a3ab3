"""LDA segmentation (Misra, Yvon, Jose & Cappé 2009): segments scored by their log-likelihood under a topic model
trained on a reference corpus, each segment's topic mixture folded in, exact DP over the segmentations.

Reference corpus: `context['lda_model']` (an LdaTopics from `train_lda`, or a gensim LdaModel) or
`context['lda_corpus']` (a list of texts, a folder of .txt/.ref files, or one file). Models are trained once and
cached on disk under $SEGCORE_CACHE/lda/ (default ~/.cache/segcore/lda/), keyed by a hash of the corpus and the
training parameters; `progress(fraction, message)` (argument of `train_lda`, or `context['progress']`) reports
training progress.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from ..errors import InputError, ParameterError
from ..methods import Method, Param, register_method
from ..scores import Score
from ..splitters import dp, penalized_dp
from ..text import bags as make_bags
from ..topics import cache_root

CACHE_VERSION = 1
SEPARATOR = re.compile(r"^={5,}\s*$", re.M)  # Choi's segment separator in .ref files


# ---- the trained model -----------------------------------------------------------------------------------------

@dataclass
class LdaTopics:
    """A trained topic model as the segmenter uses it: φ (T×V topic-word probabilities), the vocabulary, the
    preprocessing the model was trained with, and facts about its training."""

    phi: np.ndarray
    words: list[str]
    stopwords: str = "choi"
    stem: bool = True
    info: dict = field(default_factory=dict)
    model: object = None  # the gensim LdaModel, when there is one

    def __post_init__(self):
        self.phi = np.asarray(self.phi, dtype=float)
        self.word_index = {w: i for i, w in enumerate(self.words)}

    @property
    def n_topics(self) -> int:
        return self.phi.shape[0]

    @classmethod
    def from_gensim(cls, model, stopwords: str = "choi", stem: bool = True, info: dict | None = None) -> "LdaTopics":
        words = [model.id2word[i] for i in range(model.num_terms)]
        return cls(model.get_topics(), words, stopwords, stem, dict(info or {}), model)

    def bags(self, elements: list[str]) -> list[list[str]]:
        return make_bags(elements, stopwords=self.stopwords, stem_words=self.stem)

    def top_words(self, theta: np.ndarray, n: int = 10) -> list[str]:
        """The n words most probable under the mixture θ·φ."""
        dist = np.asarray(theta) @ self.phi
        return [self.words[j] for j in np.argsort(-dist, kind="stable")[:n]]


# ---- fold-in and likelihood (Misra et al. 2009 eq 3–4) --------------------------------------------------------

def fold_in(phi: np.ndarray, counts: np.ndarray, iterations: int = 15, alpha: float = 1.0) -> np.ndarray:
    """Topic mixtures θ (S×T) of S word-count vectors (S×V) with φ (T×V) fixed, by the EM fold-in of Misra et al.
    2009 eq 4: θ_t ← [Σ_w n_w θ_t φ_tw / Σ_t' θ_t' φ_t'w + (α − 1)]₊, normalised; from uniform θ, `iterations`
    times, all rows at once. α = 1 is the maximum-likelihood update; α ≠ 1 adds a Dirichlet(α) MAP term.
    A row without words keeps the uniform mixture."""
    phi = np.asarray(phi, dtype=float)
    counts = np.atleast_2d(np.asarray(counts, dtype=float))
    t = phi.shape[0]
    theta = np.full((counts.shape[0], t), 1.0 / t)
    nz = counts > 0
    ratio = np.zeros_like(counts)
    for _ in range(iterations):
        mix = theta @ phi
        np.divide(counts, mix, out=ratio, where=nz)
        new = theta * (ratio @ phi.T)
        if alpha != 1.0:
            new = np.maximum(new + (alpha - 1.0), 0.0)
        norm = new.sum(axis=1, keepdims=True)
        theta = np.divide(new, norm, out=np.full_like(new, 1.0 / t), where=norm > 0)
    return theta


def log_likelihood(phi: np.ndarray, counts: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """log P(segment) = Σ_w n_w log Σ_t θ_t φ_tw for each row (Misra et al. 2009 eq 3)."""
    counts = np.atleast_2d(np.asarray(counts, dtype=float))
    mix = theta @ phi
    logs = np.log(mix, out=np.zeros_like(mix), where=counts > 0)
    return (counts * logs).sum(axis=1)


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


# ---- reference corpora, training and the cache ----------------------------------------------------------------

def read_corpus(source) -> list[str]:
    """Texts of a reference corpus: a list of strings (or Documents), a folder (every .txt/.ref file, sorted), or
    one file. Lines of '=====' (Choi's .ref separator) split a file into several texts."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        if path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in (".txt", ".ref"))
            if not files:
                raise InputError(f"LDA reference corpus: no .txt or .ref file in {path}")
        elif path.is_file():
            files = [path]
        else:
            raise InputError(f"LDA reference corpus not found: {source}")
        texts = []
        for f in files:
            texts.extend(t for t in SEPARATOR.split(f.read_text("utf-8", errors="replace")) if t.strip())
        return texts
    texts = []
    for item in source:
        if hasattr(item, "elements"):
            texts.append("\n".join(item.elements))
        elif isinstance(item, str):
            texts.append(item)
        else:
            raise InputError(f"LDA reference corpus: expected texts, got {type(item).__name__}")
    return texts


def _corpus_key(texts: list[str], params: dict) -> str:
    h = hashlib.sha256(json.dumps({"v": CACHE_VERSION, **params}, sort_keys=True).encode())
    for t in texts:
        h.update(t.encode("utf-8", errors="replace"))
        h.update(b"\0")
    return h.hexdigest()[:24]


class _ProgressHandler(logging.Handler):
    """Turns gensim's 'PROGRESS: pass p, at document #d/D' log lines into progress(fraction, message) calls."""

    PATTERN = re.compile(r"PROGRESS: pass (\d+), at document #(\d+)/(\d+)")

    def __init__(self, progress, passes):
        super().__init__(logging.INFO)
        self.progress, self.passes = progress, passes

    def emit(self, record):
        m = self.PATTERN.search(record.getMessage())
        if m:
            p, d, total = map(int, m.groups())
            frac = min(0.99, (p + d / max(total, 1)) / self.passes)
            self.progress(frac, f"training LDA: pass {p + 1}/{self.passes}, document {d}/{total}")


_MEMORY: "OrderedDict[str, LdaTopics]" = OrderedDict()


def train_lda(corpus, topics: int = 50, alpha: float = 1.0, eta: float = 0.01, passes: int = 10,
              iterations: int = 50, seed: int = 0, stopwords: str = "choi", stem: bool = True,
              progress: Callable[[float, str], None] | None = None, cache: bool = True,
              cache_dir: str | Path | None = None) -> LdaTopics:
    """Train (or load from the disk cache) a gensim LdaModel on a reference corpus (see `read_corpus`); each text
    is one LDA document. Defaults: T = 50 topics, symmetric α = 1, η (β) = 0.01 (Misra et al. 2009 §5)."""
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    if topics < 1 or passes < 1 or iterations < 1:
        raise ParameterError(f"LDA needs topics, passes and iterations ≥ 1 (got {topics}, {passes}, {iterations})")
    if alpha <= 0 or eta <= 0:
        raise ParameterError(f"LDA priors must be positive (alpha = {alpha}, eta = {eta})")
    texts = read_corpus(corpus)
    params = {"topics": int(topics), "alpha": float(alpha), "eta": float(eta), "passes": int(passes),
              "iterations": int(iterations), "seed": int(seed), "stopwords": str(stopwords), "stem": bool(stem)}
    key = _corpus_key(texts, params)
    if cache and key in _MEMORY:
        _MEMORY.move_to_end(key)
        return _MEMORY[key]
    folder = Path(cache_dir) if cache_dir else cache_root() / "lda"
    path = folder / key
    if cache and (path / "meta.json").is_file():
        try:
            meta = json.loads((path / "meta.json").read_text())
            model = LdaModel.load(str(path / "model"), mmap="r")
            out = LdaTopics.from_gensim(model, stopwords, stem, {**meta, "from_cache": True, "cache_path": str(path)})
            if progress:
                progress(1.0, f"LDA model loaded from cache {path}")
            return _remember(key, out)
        except Exception:  # a damaged cache entry is retrained
            shutil.rmtree(path, ignore_errors=True)
    bags = [b for b in make_bags(texts, stopwords=stopwords, stem_words=stem) if b]
    if not bags:
        raise InputError("LDA reference corpus is empty: no text with a content word after preprocessing "
                         f"({len(texts)} texts given); give the method a corpus of texts in the document's language")
    if progress:
        progress(0.0, f"training LDA: {len(bags)} documents, {topics} topics, {passes} passes")
    dictionary = Dictionary(bags)
    bows = [dictionary.doc2bow(b) for b in bags]
    logger = logging.getLogger("gensim.models.ldamodel")
    handler, old_level, old_prop = None, logger.level, logger.propagate
    if progress:
        handler = _ProgressHandler(progress, passes)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    t0 = time.perf_counter()
    try:
        model = LdaModel(bows, id2word=dictionary, num_topics=topics, alpha=float(alpha), eta=float(eta),
                         passes=passes, iterations=iterations, random_state=seed, chunksize=2000,
                         eval_every=None, update_every=1)
    finally:
        if handler:
            logger.removeHandler(handler)
            logger.setLevel(old_level)
            logger.propagate = old_prop
    seconds = time.perf_counter() - t0
    meta = {**params, "n_documents": len(bags), "n_words": len(dictionary), "train_seconds": round(seconds, 3),
            "key": key}
    if cache:
        try:
            tmp = folder / f".{key}.{os.getpid()}.tmp"
            shutil.rmtree(tmp, ignore_errors=True)
            tmp.mkdir(parents=True)
            model.save(str(tmp / "model"))
            (tmp / "meta.json").write_text(json.dumps(meta, indent=1))
            if not path.exists():
                os.replace(tmp, path)
            shutil.rmtree(tmp, ignore_errors=True)
        except OSError:  # an unwritable cache only costs the retraining next time
            pass
    if progress:
        progress(1.0, f"LDA trained in {seconds:.1f} s on {len(bags)} documents")
    return _remember(key, LdaTopics.from_gensim(model, stopwords, stem, {**meta, "from_cache": False,
                                                                           "cache_path": str(path) if cache else None}))


def _remember(key, topics, size=8):
    _MEMORY[key] = topics
    _MEMORY.move_to_end(key)
    while len(_MEMORY) > size:
        _MEMORY.popitem(last=False)
    return topics


def clear_memory_cache():
    _MEMORY.clear()


def document_folds(n_docs: int, k: int = 5, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """k-fold split over documents: (train indices, test indices) per fold, a seeded permutation cut in k parts,
    so that every document is segmented by a model that never saw it."""
    if not 2 <= k <= n_docs:
        raise ParameterError(f"k-fold needs 2 ≤ k ≤ {n_docs} documents, got k = {k}")
    order = np.random.default_rng(seed).permutation(n_docs)
    parts = np.array_split(order, k)
    return [(np.sort(np.concatenate(parts[:i] + parts[i + 1:])), np.sort(parts[i])) for i in range(k)]


# ---- the method -------------------------------------------------------------------------------------------------

def resolve_model(p: dict, context: dict) -> LdaTopics:
    model = context.get("lda_model")
    if model is not None:
        return model if isinstance(model, LdaTopics) else LdaTopics.from_gensim(model, p["stopwords"], p["stem"])
    corpus = context.get("lda_corpus")
    if corpus is None:
        raise ParameterError("LDA needs a reference corpus to learn its topics from: pass context={'lda_corpus': "
                             "[texts...] or a folder} or context={'lda_model': train_lda(...)}")
    return train_lda(corpus, topics=p["topics"], alpha=p["alpha"], eta=p["eta"], passes=p["passes"],
                     iterations=p["iterations"], seed=p["seed"], stopwords=p["stopwords"], stem=p["stem"],
                     progress=context.get("progress"))


def _run(doc, k, p, context):
    topics = resolve_model(p, context)
    bags = topics.bags(doc.elements)
    if p["max_segment"] < 0:
        raise ParameterError(f"max_segment must be 0 (no limit) or a number of elements, got {p['max_segment']}")
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
        "segment_topics": theta.round(6).tolist(),
        "segment_top_words": [topics.top_words(t, p["top_words"]) for t in theta],
        "segment_loglik": [float(table[a, b]) for a, b in zip(starts, ends)],
        "n_words": n_words,
        "model": {k_: v for k_, v in topics.info.items() if isinstance(v, (int, float, str, bool)) or v is None},
    }
    if split.costs_by_k is not None:
        signals["costs_by_k"] = split.costs_by_k
    return {"boundaries": bounds, "cost": split.cost, "signals": signals}


register_method(Method(
    "lda",
    "Topic-model segmentation: each candidate segment's topic mixture folded in under an LDA model of a reference "
    "corpus, segments scored by their log-likelihood, exact DP (K given) or DP with a −p·m·log(l_d) penalty",
    "Misra, Yvon, Jose & Cappé 2009 (CIKM), eq 3 (segment likelihood), eq 4 (fold-in), §3.2 (penalised DP)",
    [Param("topics", 50, "number of LDA topics T"),
     Param("alpha", 1.0, "symmetric Dirichlet prior α on topic mixtures (training and fold-in)"),
     Param("eta", 0.01, "Dirichlet prior η (β) on topic-word distributions"),
     Param("passes", 10, "passes of gensim's online variational Bayes over the reference corpus"),
     Param("iterations", 50, "gensim's per-document inference iterations while training"),
     Param("fold_in", 15, "fold-in iterations of eq 4 per candidate segment"),
     Param("p", 3.0, "penalty weight p of −p·m·log(l_d) when K is not given (m segments, l_d words)"),
     Param("seed", 0, "random seed of the LDA training"),
     Param("stopwords", "choi", "stopword list used to train the model and read the document"),
     Param("stem", True, "Porter-stem words (training and document)"),
     Param("max_segment", 0, "longest candidate segment in elements, 0 = no limit (cost grows as N² without one)"),
     Param("top_words", 10, "words listed per segment in the signals")],
    _run))
