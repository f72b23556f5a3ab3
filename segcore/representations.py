"""Representations (Alemi & Ginsparg 2015 §2.1, §3): bags of words → N×D matrices, similarity and rank matrices."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from .errors import InputError


def term_matrix(bags: list[list[str]], vocab: dict[str, int] | None = None,
                width: int | None = None) -> tuple[sp.csr_matrix, dict[str, int]]:
    """Sparse term-frequency matrix f_{i,w} (N × |V|, or N × width when several words share a column) and the
    vocabulary it uses."""
    if vocab is None:
        vocab = {}
        for bag in bags:
            for w in bag:
                vocab.setdefault(w, len(vocab))
    rows, cols = [], []
    for i, bag in enumerate(bags):
        for w in bag:
            j = vocab.get(w)
            if j is not None:
                rows.append(i)
                cols.append(j)
    data = np.ones(len(rows))
    m = sp.csr_matrix((data, (rows, cols)), shape=(len(bags), width or max(len(vocab), 1)))
    m.sum_duplicates()
    return m, vocab


@dataclass(frozen=True)
class DocumentFrequencies:
    """How many documents of a collection hold each word (`counts`), and how many documents there are (`n`)."""

    counts: dict
    n: int

    @classmethod
    def of(cls, collection: list[list[str]]) -> "DocumentFrequencies":
        """Frequencies over a collection of bags of words, each bag one document."""
        counts: dict[str, int] = {}
        for bag in collection:
            for w in set(bag):
                counts[w] = counts.get(w, 0) + 1
        return cls(counts, len(collection))


def idf_weights(df: DocumentFrequencies, vocab: dict[str, int]) -> np.ndarray:
    """log(|D| / df_w) over a collection (Alemi eq 17); words absent from it get the maximum idf."""
    out = np.zeros(max(len(vocab), 1))
    for w, j in vocab.items():
        out[j] = df.counts.get(w, 0)
    return np.log(max(df.n, 1) / np.maximum(out, 1.0))


def zipf_idf(vocab: dict[str, int], kv) -> np.ndarray:
    """ln(rank of w in the vector file), an idf of general English with no corpus: under Zipf's law p(w) ∝ 1/rank,
    so −ln p(w) = ln rank + const (files list words by frequency, as GloVe and word2vec do); unknown words get 0."""
    out = np.zeros(max(len(vocab), 1))
    for w, j in vocab.items():
        r = kv.key_to_index.get(w)
        if r is not None:
            out[j] = np.log1p(r)
    return out


def tfidf_matrix(tf: sp.csr_matrix, idf: np.ndarray) -> sp.csr_matrix:
    return sp.csr_matrix(tf.multiply(idf[None, :]))


def vector_matrix(tf: sp.csr_matrix, vocab: dict[str, int], kv, idf: np.ndarray | None = None,
                  normalize_words: bool = False, whiten: np.ndarray | None = None) -> np.ndarray:
    """Element vectors Σ_w f_iw (idf_w) v_w (Alemi eq 16–18); out-of-vocabulary words contribute nothing.
    `whiten` (a D×D map, `vectors.whitening`): v_w becomes (v_w − mean word of this text) · whiten, so that no
    direction shared by all the text's words, nor the embedding's own anisotropy, dominates CVS's signs."""
    words = sorted(vocab, key=vocab.get)
    table = np.zeros((max(len(words), 1), kv.vector_size))
    idx = [(j, kv.key_to_index[w]) for j, w in enumerate(words) if w in kv.key_to_index]
    if idx:
        rows, src = map(np.array, zip(*idx))
        table[rows] = kv.vectors[src]
    if normalize_words:
        norms = np.linalg.norm(table, axis=1, keepdims=True)
        table = np.divide(table, norms, out=np.zeros_like(table), where=norms > 0)
    if whiten is not None:
        counts = np.zeros(len(table))  # occurrences of the words that have a vector
        if idx:
            counts[rows] = np.asarray(tf.sum(axis=0)).ravel()[rows]
        mean = counts @ table / max(counts.sum(), 1.0)
        table = np.where((counts > 0)[:, None], (table - mean) @ whiten, 0.0)
    if idf is not None:
        table = table * idf[:, None]
    return np.asarray(tf @ table)


def normalize_rows(x) -> np.ndarray:
    """Rows scaled to unit length; all-zero rows stay zero."""
    x = x.toarray() if sp.issparse(x) else np.asarray(x, dtype=float)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


def cosine_matrix(x) -> np.ndarray:
    """Pairwise cosine similarity (Choi 2000 eq 1; Alemi eq 10); an empty element has similarity 0."""
    u = normalize_rows(x)
    return u @ u.T


def rank_transform(a: np.ndarray, rank: int = 11) -> np.ndarray:
    """Choi's rank matrix (Alemi eq 11): fraction of the r×r neighbours with a smaller value; cells outside are
    neither counted nor in the normaliser, the centre is left out of the normaliser (as Choi's C99.java)."""
    if rank < 1:
        raise InputError(f"rank mask size must be at least 1, got {rank}")
    n = a.shape[0]
    lo = hi = (rank - 1) // 2  # an even size acts as size - 1, as in Choi's program
    count = np.zeros_like(a, dtype=float)
    pad = np.full((n + lo + hi, n + lo + hi), np.inf)
    pad[lo:lo + n, lo:lo + n] = a
    for di in range(-lo, hi + 1):
        for dj in range(-lo, hi + 1):
            if di or dj:
                count += a > pad[lo + di:lo + di + n, lo + dj:lo + dj + n]
    idx = np.arange(n)
    span = np.minimum(idx + hi, n - 1) - np.maximum(idx - lo, 0) + 1
    area = span[:, None] * span[None, :] - 1
    return np.divide(count, area, out=np.zeros_like(count), where=area > 0)
