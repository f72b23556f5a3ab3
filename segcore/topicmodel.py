"""The LDA topic model as segmenters use it (Misra, Yvon, Jose & Cappé 2009; Riedl & Biemann 2012): training on a
reference corpus with gensim, the disk and memory caches, fold-in of a topic mixture (eq 4) and the likelihood of
a word-count vector (eq 3), and per-element topic histograms.

Models are trained once and cached on disk under $SEGCORE_CACHE/lda/ (default ~/.cache/segcore/lda/), keyed by a
hash of the corpus and the training parameters; `progress(fraction, message)` reports training progress.
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

from .cache import cache_root
from .errors import InputError, ParameterError
from .text import bags as make_bags

CACHE_VERSION = 2  # 2: a possessive's 's left out of its word (text.tokenize)
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
    ratio = np.empty_like(counts)
    for _ in range(iterations):
        np.divide(counts, mixture(theta, phi), out=ratio)  # 0 where a word is absent: no masked division (3× slower)
        new = theta * (ratio @ phi.T)
        if alpha != 1.0:
            new = np.maximum(new + (alpha - 1.0), 0.0)
        norm = new.sum(axis=1, keepdims=True)
        theta = np.divide(new, norm, out=np.full_like(new, 1.0 / t), where=norm > 0)
    return theta


def mixture(theta: np.ndarray, phi: np.ndarray) -> np.ndarray:
    """Σ_t θ_t φ_tw of each row and word, at least the smallest normal float: a fitted φ has no zero, and the floor
    keeps 0 / 0 and 0 · log 0 out of the sums over every word."""
    mix = theta @ phi
    return np.maximum(mix, np.finfo(float).tiny, out=mix)


def log_likelihood(phi: np.ndarray, counts: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """log P(segment) = Σ_w n_w log Σ_t θ_t φ_tw for each row (Misra et al. 2009 eq 3)."""
    counts = np.atleast_2d(np.asarray(counts, dtype=float))
    return (counts * np.log(mixture(theta, phi))).sum(axis=1)


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


# ---- LDA topic histograms ------------------------------------------------------------------------------------

def topic_histograms(model, bags: list[list[str]], mode: str = "document", iterations: int = 15) -> np.ndarray:
    """N×T matrix of LDA topic counts per element (Riedl & Biemann 2012, C99LDA): every word token is given one
    topic and each element counts its tokens per topic. mode 'document' (default) gives a token the topic
    argmax_t θ_t φ_tw with θ folded in over the whole text (so a word takes its topic from its context, as
    TopicTiling's mode assignment); mode 'word' gives argmax_t φ_tw. `model` is a gensim LdaModel or an
    LdaTopics. Words unknown to the model are ignored."""
    topics = model if isinstance(model, LdaTopics) else LdaTopics.from_gensim(model)
    if mode not in ("document", "word"):
        raise ParameterError(f"topic assignment mode must be 'document' or 'word', got '{mode}'")
    ids = [[topics.word_index[w] for w in bag if w in topics.word_index] for bag in bags]
    flat = np.array([j for row in ids for j in row], dtype=np.int64)
    out = np.zeros((len(bags), topics.n_topics))
    if len(flat) == 0:
        raise InputError("none of the words of this text is in the topic model's vocabulary")
    phi = topics.phi
    if mode == "document":
        counts = np.bincount(flat, minlength=phi.shape[1]).astype(float)[None, :]
        theta = fold_in(phi, counts, iterations=iterations)[0]
        assign = (theta[:, None] * phi).argmax(axis=0)
    else:
        assign = phi.argmax(axis=0)
    row = np.repeat(np.arange(len(bags)), [len(r) for r in ids])
    np.add.at(out, (row, assign[flat]), 1.0)
    return out
