"""From a Document to the N×D matrix a score is fitted on: bags of words → tf, tf-idf or word-vector sums,
with the 'cut' of short elements (Alemi & Ginsparg 2015 §2.1, Table 6)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import InputError, ParameterError
from .representations import idf_weights, normalize_rows, term_matrix, tfidf_matrix, vector_matrix, zipf_idf
from .text import bags as make_bags
from .vectors import load_vectors, whitening

REPRESENTATIONS = ("tf", "tfidf", "vectors", "embedding", "clusters")
WEIGHTINGS = ("sum", "idf", "zipf")


@dataclass
class Representation:
    matrix: np.ndarray        # rows for the kept elements only
    kept: np.ndarray          # original indices of the kept elements
    bags: list[list[str]]     # content words of every element (all N)
    n: int                    # number of original elements

    def to_original(self, boundaries: list[int]) -> list[int]:
        """Map segment ends over kept elements back to original element indices (last = N)."""
        if len(self.kept) == self.n:
            return list(boundaries)
        return [int(self.kept[b]) for b in boundaries[:-1]] + [self.n]


def represent(elements: list[str], rep: str = "vectors", stopwords="choi", stem: bool = False, cut: int = 0,
              weighting: str = "sum", normalize: bool = False, normalize_elements: bool = False,
              vectors: str = "glove-6b-50d", idf_collection: list[list[str]] | None = None,
              encoder: str = "glove-mean", clusters: int = 50, whiten: bool = False) -> Representation:
    """Build the representation of `elements`; idf comes from `idf_collection` (bags) or the elements themselves."""
    if rep not in REPRESENTATIONS:
        raise ParameterError(f"unknown representation '{rep}'; choose one of {', '.join(REPRESENTATIONS)}")
    if weighting not in WEIGHTINGS:
        raise ParameterError(f"weighting must be one of {', '.join(WEIGHTINGS)}, got '{weighting}'")
    bags = make_bags(elements, stopwords=stopwords, stem_words=stem)
    kept = np.array([i for i, b in enumerate(bags) if len(b) >= cut], dtype=np.int64)
    if len(kept) == 0:
        raise InputError(f"no element keeps {cut} or more content words after preprocessing; lower 'cut'")
    kept_bags = [bags[i] for i in kept]
    tf, vocab = term_matrix(kept_bags)
    idf = None
    if rep == "tfidf" or weighting == "idf":
        idf = idf_weights(idf_collection if idf_collection is not None else kept_bags, vocab)
    if rep == "tf":
        x = tf.toarray()
    elif rep == "tfidf":
        x = tfidf_matrix(tf, idf).toarray()
    elif rep == "embedding":  # sentence encoder on the kept elements' text (segcore.encoders)
        from .encoders import encode
        x = encode([elements[i] for i in kept], encoder, stopwords=stopwords, vectors=vectors)
    elif rep == "clusters":  # histograms of word-vector clusters, Alemi & Ginsparg's oC99k<clusters> (segcore.topics)
        from .topics import cluster_histograms
        x = cluster_histograms(kept_bags, clusters, vectors)
    else:
        kv = load_vectors(vectors)
        if weighting == "zipf":
            idf = zipf_idf(vocab, kv)
        x = vector_matrix(tf, vocab, kv, idf=idf, normalize_words=normalize,
                          whiten=whitening(vectors, normalize) if whiten else None)
        if not np.any(x):
            raise InputError("none of the words of this text is in the word-vector vocabulary (all element "
                             "vectors are zero); use rep=tf or other vectors")
    if normalize_elements:
        x = normalize_rows(x)
    return Representation(np.asarray(x, dtype=float), kept, bags, len(elements))
