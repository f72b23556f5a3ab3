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
    flat = [w for bag in bags for w in bag]
    rows = np.repeat(np.arange(len(bags)), [len(b) for b in bags])
    if vocab is None:
        vocab = {}
        cols = np.array([vocab.setdefault(w, len(vocab)) for w in flat], dtype=np.int64)
    else:
        cols = np.array([vocab.get(w, -1) for w in flat], dtype=np.int64)
        rows, cols = rows[cols >= 0], cols[cols >= 0]
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
                  normalize_words: bool = False, whiten: np.ndarray | None = None, unit: bool = False) -> np.ndarray:
    """Element vectors Σ_w f_iw (idf_w) v_w (Alemi eq 16–18); out-of-vocabulary words contribute nothing.
    `whiten` (a D×D map, `vectors.whitening`): v_w becomes (v_w − mean word of this text) · whiten, so that no
    direction shared by all the text's words, nor the embedding's own anisotropy, dominates CVS's signs. `unit`:
    each word vector is then scaled to unit length (a word's direction; every word counts alike)."""
    words = sorted(vocab, key=vocab.get)
    table = np.zeros((max(len(words), 1), kv.vector_size))
    idx = [(j, kv.key_to_index[w]) for j, w in enumerate(words) if w in kv.key_to_index]
    if idx:
        rows, src = map(np.array, zip(*idx))
        table[rows] = kv.vectors[src]
    if normalize_words:
        table = normalize_rows(table)
    if whiten is not None:
        counts = np.zeros(len(table))  # occurrences of the words that have a vector
        if idx:
            counts[rows] = np.asarray(tf.sum(axis=0)).ravel()[rows]
        mean = counts @ table / max(counts.sum(), 1.0)
        table = np.where((counts > 0)[:, None], (table - mean) @ whiten, 0.0)
    if unit:
        table = normalize_rows(table)
    if idf is not None:
        table = table * idf[:, None]
    return np.asarray(tf @ table)


def normalize_rows(x):
    """Rows scaled to unit length (a sparse matrix stays sparse); all-zero rows stay zero."""
    if sp.issparse(x):
        norms = np.sqrt(np.asarray(x.multiply(x).sum(axis=1)).ravel())
        return sp.csr_matrix(sp.diags(np.divide(1.0, norms, out=np.zeros_like(norms), where=norms > 0)) @ x)
    x = np.asarray(x, dtype=float)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


BLOCK_CELLS = 4_000_000  # cells of one block product while a band is built


def gram_band(x, width: int) -> np.ndarray:
    """The band of the Gram matrix x·xᵀ: out[u, t] = x_u · x_{u+t} for t = 0 … width (0 past the last row), built
    block by block (dense or sparse rows), never the N×N matrix."""
    n = x.shape[0]
    width = max(0, min(width, n - 1))
    out = np.zeros((n, width + 1))
    rows = max(1, BLOCK_CELLS // (2 * width + 1))
    for a in range(0, n, rows):
        e, c = min(n, a + rows), min(n, a + rows + width)
        prod = x[a:e] @ x[a:c].T
        prod = prod.toarray() if sp.issparse(prod) else np.asarray(prod)
        col = np.arange(e - a)[:, None] + np.arange(width + 1)[None, :]
        out[a:e] = np.where(col < c - a, prod[np.arange(e - a)[:, None], np.minimum(col, c - a - 1)], 0.0)
    return out


def cosine_band(x, width: int) -> np.ndarray:
    """Cosine similarity of each element with the next `width` ones (Choi 2000 eq 1; Alemi eq 10), as a band
    (see gram_band); an empty element has similarity 0."""
    return gram_band(normalize_rows(x), width)


def band_of(a: np.ndarray, width: int) -> np.ndarray:
    """The band out[u, t] = a[u, u+t] (t = 0 … width) of a square matrix, 0 past its edge."""
    n = a.shape[0]
    col = np.arange(n)[:, None] + np.arange(width + 1)[None, :]
    return np.where(col < n, a[np.arange(n)[:, None], np.minimum(col, n - 1)], 0.0)


def dense_of(band: np.ndarray) -> np.ndarray:
    """The symmetric N×N matrix of a band (cells outside it 0)."""
    n, w = band.shape
    out = np.zeros((n, n))
    u, t = np.nonzero(np.arange(n)[:, None] + np.arange(w)[None, :] < n)
    out[u, u + t] = band[u, t]
    out[u + t, u] = band[u, t]
    return out


TIE = 1e-12  # cosines closer than this count as equal in Choi's rank ("smaller value" means smaller beyond rounding)
RANK_CHUNK = 1 << 16  # cells of one chunk of rank_band's comparisons (2.6× faster than whole-band passes at 2,500²)


def rank_band(cos: np.ndarray, rank: int = 11, width: int | None = None) -> np.ndarray:
    """Choi's rank matrix (Alemi eq 11) on a band: each cell's fraction of its r×r neighbours with a smaller value;
    cells outside the matrix are neither counted nor in the normaliser, the centre is left out of the normaliser (as
    Choi's C99.java). `cos` is a symmetric matrix's band (cosine_band) at least width + r − 1 wide when the matrix is;
    the result has `width` + 1 columns and is exact on it, so cells farther than `width` from the diagonal are 0."""
    if rank < 1:
        raise InputError(f"rank mask size must be at least 1, got {rank}")
    n, have = cos.shape[0], cos.shape[1] - 1
    width = min(have, n - 1) if width is None else min(width, n - 1)
    h = (rank - 1) // 2  # an even size acts as size - 1, as in Choi's program
    span = width + 4 * h + 1
    full = np.full((n + 2 * h, span), np.inf)  # full[h + u, 2h + s] = a[u, u + s], s = −2h … width + 2h
    u = np.arange(n)
    for s in range(-min(2 * h, have), min(width + 2 * h, have) + 1):
        ok = (u + s >= 0) & (u + s < n)
        if s >= 0:
            full[h + u[ok], 2 * h + s] = cos[u[ok], s]
        else:
            full[h + u[ok], 2 * h + s] = cos[u[ok] + s, -s]
    centre = full[h:h + n, 2 * h:2 * h + width + 1]
    count = np.zeros(centre.shape, dtype=np.int16)
    lowered = centre - TIE  # values equal but for rounding (e.g. the diagonal's 1s) tie, whatever the summation order
    rows = max(1, RANK_CHUNK // (width + 1))
    below = np.empty((rows, width + 1), dtype=bool)
    for a in range(0, n, rows):  # a chunk of rows at a time: its counts and the neighbours it reads stay in cache
        e = min(n, a + rows)
        for di in range(-h, h + 1):
            for dj in range(-h, h + 1):
                if di or dj:
                    o = 2 * h + dj - di
                    np.greater(lowered[a:e], full[h + di + a:h + di + e, o:o + width + 1], out=below[:e - a])
                    count[a:e] += below[:e - a]
    idx = np.arange(n)
    span_of = np.minimum(idx + h, n - 1) - np.maximum(idx - h, 0) + 1
    v = idx[:, None] + np.arange(width + 1)[None, :]
    area = span_of[:, None] * span_of[np.minimum(v, n - 1)] - 1
    inside = v < n
    return np.divide(count, area, out=np.zeros(centre.shape), where=(area > 0) & inside)


def rank_transform(a: np.ndarray, rank: int = 11) -> np.ndarray:
    """Choi's rank matrix of a whole (small) symmetric matrix, e.g. a heatmap's: rank_band over all of it."""
    n = a.shape[0]
    return dense_of(rank_band(band_of(np.asarray(a, dtype=float), n - 1), rank, n - 1))
