"""Spherical k-means clusters of word vectors and per-element cluster histograms: Alemi & Ginsparg's (2015) oC99k50 /
oC99k200 representation.

Spherical k-means runs on the unit-normalised vectors of the `top` most frequent words of the word-vector file
(GloVe lists its words by corpus frequency; 50,000 by default): the clustering is then independent of the text
being segmented, computed once and cached on disk (SEGCORE_CACHE or ~/.cache/segcore, folder clusters/). A word
outside those `top` words but in the vectors is assigned to its nearest centroid (cosine); other words are ignored.
"""
from __future__ import annotations

import hashlib
import os

import numpy as np

from .cache import cache_root
from .errors import ParameterError
from .representations import term_matrix
from .vectors import load_vectors


def spherical_kmeans(x: np.ndarray, k: int, seed: int = 0, max_iter: int = 50, tol: float = 1e-6,
                     block: int = 20_000) -> tuple[np.ndarray, np.ndarray, int]:
    """Spherical k-means (Dhillon & Modha 2001): rows and centroids on the unit sphere, each row assigned to its
    most cosine-similar centroid, centroids = normalised sums. Initial centroids: k distinct rows drawn with a fixed
    seed; an emptied cluster is re-seeded with the row worst served by its centroid. Returns (labels, centroids,
    iterations); stops when no label changes or the mean similarity gains less than `tol`."""
    x = np.asarray(x, dtype=np.float64)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    keep = norms[:, 0] > 0
    if not 1 <= k <= int(keep.sum()):
        raise ParameterError(f"spherical k-means needs 1 ≤ k ≤ {int(keep.sum())} non-zero rows, got k = {k}")
    u = np.zeros_like(x)
    u[keep] = x[keep] / norms[keep]
    rng = np.random.default_rng(seed)
    centroids = u[rng.choice(np.flatnonzero(keep), size=k, replace=False)].copy()
    labels = np.full(len(u), -1)
    prev = -np.inf
    it = 0
    for it in range(1, max_iter + 1):
        new, best = _assign(u, centroids, block)
        sums = np.zeros_like(centroids)
        np.add.at(sums, new, u)
        sizes = np.bincount(new, minlength=k)
        for c in np.flatnonzero(sizes == 0):  # re-seed empty clusters with the worst-served rows
            worst = int(np.argmin(np.where(keep, best, np.inf)))
            sums[c] = u[worst]
            best[worst] = np.inf
        cn = np.linalg.norm(sums, axis=1, keepdims=True)
        centroids = np.divide(sums, cn, out=centroids, where=cn > 0)
        quality = float(best[np.isfinite(best) & keep].mean())
        changed = np.any(new != labels)
        labels = new
        if not changed or quality - prev < tol:
            break
        prev = quality
    return labels, centroids, it


def _assign(u, centroids, block):
    labels = np.empty(len(u), dtype=np.int64)
    best = np.empty(len(u))
    for a in range(0, len(u), block):
        s = u[a:a + block] @ centroids.T
        labels[a:a + block] = s.argmax(axis=1)
        best[a:a + block] = s.max(axis=1)
    return labels, best


def word_clusters(k: int = 50, vectors: str = "glove-6b-50d", top: int = 50_000, seed: int = 0,
                  use_cache: bool = True) -> tuple[dict[str, int], np.ndarray]:
    """{word: cluster id} for the `top` most frequent words of `vectors`, and the k unit centroids; cached on disk."""
    kv = load_vectors(vectors)
    top = min(top, len(kv.index_to_key))
    ident = f"{vectors}|{len(kv.index_to_key)}|{kv.vector_size}|{top}|{k}|{seed}"
    tag = hashlib.sha256(ident.encode()).hexdigest()[:16]
    path = cache_root() / "clusters" / f"k{k}_top{top}_{tag}.npz"
    if use_cache and path.is_file():
        data = np.load(path)
        labels, centroids = data["labels"], data["centroids"]
    else:
        labels, centroids, _ = spherical_kmeans(np.asarray(kv.vectors[:top]), k, seed=seed)
        if use_cache:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
            np.savez_compressed(tmp, labels=labels, centroids=centroids)
            os.replace(tmp, path)
    words = kv.index_to_key[:top]
    return {w: int(c) for w, c in zip(words, labels)}, centroids


def cluster_histograms(bags: list[list[str]], k: int = 50, vectors: str = "glove-6b-50d", top: int = 50_000,
                       seed: int = 0) -> np.ndarray:
    """N×k matrix: element i's count of content words in each word-vector cluster (Alemi & Ginsparg's oC99k<k>)."""
    table, centroids = word_clusters(k, vectors, top, seed)
    kv = load_vectors(vectors)
    extra = sorted({w for bag in bags for w in bag if w not in table and w in kv.key_to_index})
    if extra:
        v = np.asarray(kv.vectors[[kv.key_to_index[w] for w in extra]], dtype=float)
        v /= np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)
        table = {**table, **dict(zip(extra, (v @ centroids.T).argmax(axis=1).tolist()))}
    return term_matrix(bags, vocab=table, width=k)[0].toarray()
