"""From a Document to the N×D matrix a score is fitted on: bags of words → tf, tf-idf or word-vector sums,
with the 'cut' of short elements (Alemi & Ginsparg 2015 §2.1, Table 6)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from .clusters import cluster_histograms
from .document import level_noun
from .encoders import encode
from .errors import InputError, ParameterError
from .methods import STOPWORDS, VECTORS, Param
from .representations import (DocumentFrequencies, idf_weights, normalize_rows, term_matrix, tfidf_matrix,
                              vector_matrix, zipf_idf)
from .text import bags as make_bags, stem
from .vectors import load_vectors, whitening

REPRESENTATIONS = ("tf", "tfidf", "vectors", "embedding", "clusters")
WEIGHTINGS = ("sum", "idf", "zipf")


@dataclass
class Representation:
    matrix: np.ndarray        # rows for the kept elements only (scipy sparse when built with sparse=True)
    kept: np.ndarray          # original indices of the kept elements
    bags: list[list[str]]     # content words of every element (all N)
    n: int                    # number of original elements

    def pooled(self, size: int) -> "Representation":
        """Rows summed over blocks of `size` consecutive kept elements (pseudo-sentences); to_original maps block
        boundaries back to element boundaries."""
        if size <= 1:
            return self
        m = len(self.kept)
        block = np.arange(m) // size
        pool = sp.csr_matrix((np.ones(m), (block, np.arange(m))), shape=(block[-1] + 1, m))
        x = pool @ self.matrix
        return Representation(x if sp.issparse(self.matrix) else np.asarray(x), self.kept[::size], self.bags, self.n)

    def to_original(self, boundaries: list[int]) -> list[int]:
        """Map segment ends over kept elements back to original element indices (last = N)."""
        if len(self.kept) == self.n:
            return list(boundaries)
        return [int(self.kept[b]) for b in boundaries[:-1]] + [self.n]


def represent(elements: list[str], rep: str = "vectors", stopwords="choi", stem: bool = False, cut: int = 0,
              weighting: str = "sum", normalize: bool = False, normalize_elements: bool = False,
              vectors: str = "glove-6b-50d", df: DocumentFrequencies | None = None,
              encoder: str = "glove-mean", clusters: int = 50, whiten: bool = False,
              sparse: bool = False, directions: bool = False, level: str = "sentence") -> Representation:
    """Build the representation of `elements`; idf comes from `df` (a collection's document frequencies) or from the
    elements themselves, each element a document. `sparse`: tf and tf-idf stay a scipy sparse matrix (for
    similarity pictures of long texts). `directions`: with rep=vectors, each word vector (whitened first if asked)
    counts as its unit direction. `level`: what the elements are, for the messages."""
    if rep not in REPRESENTATIONS:
        raise ParameterError(f"unknown representation '{rep}'; choose one of {', '.join(REPRESENTATIONS)}")
    if weighting not in WEIGHTINGS:
        raise ParameterError(f"weighting must be one of {', '.join(WEIGHTINGS)}, got '{weighting}'")
    bags = make_bags(elements, stopwords=stopwords, stem_words=stem)
    kept = np.array([i for i, b in enumerate(bags) if len(b) >= cut], dtype=np.int64)
    if len(kept) == 0:
        raise InputError(f"no {level_noun(level, 1)} keeps {cut} or more content words after preprocessing; lower "
                         f"'cut'")
    kept_bags = [bags[i] for i in kept]
    tf, vocab = term_matrix(kept_bags)
    idf = None
    if rep == "tfidf" or weighting == "idf":
        idf = idf_weights(df if df is not None else DocumentFrequencies.of(kept_bags), vocab)
    if rep in ("tf", "tfidf"):
        x = tf if rep == "tf" else tfidf_matrix(tf, idf)
        if sparse:
            return Representation(x, kept, bags, len(elements))
        x = x.toarray()
    elif rep == "embedding":  # sentence encoder on the kept elements' text (segcore.encoders)
        x = encode([elements[i] for i in kept], encoder, stopwords=stopwords, vectors=vectors)
    elif rep == "clusters":  # histograms of word-vector clusters, Alemi & Ginsparg's oC99k<clusters>
        x = cluster_histograms(kept_bags, clusters, vectors)
    else:
        kv = load_vectors(vectors)
        if weighting == "zipf":
            idf = zipf_idf(vocab, kv)
        x = vector_matrix(tf, vocab, kv, idf=idf, normalize_words=normalize,
                          whiten=whitening(vectors, normalize) if whiten else None, unit=directions)
        if not np.any(x):
            raise InputError("none of the words of this text is in the word-vector vocabulary; use rep=tf or other "
                             "vectors")
    if normalize_elements:
        x = normalize_rows(x)
    return Representation(np.asarray(x, dtype=float), kept, bags, len(elements))


def preload() -> None:
    """Load now what a first segmentation would load on its clock: the default word vectors, their whitening map
    (best's word directions) and NLTK's Porter stemmer (importing NLTK takes seconds); a worker process's warm-up
    (segcore.budget). The language identifier's model (stopwords = auto) loads on first use."""
    load_vectors()
    whitening()
    stem("words")


def rep_params(rep: str = "vectors", stem: bool = False) -> list[Param]:
    """The representation parameters (Alemi eq 16–18, Table 6), with this method's default `rep` and `stem`."""
    return [
        Param("rep", rep, "representation: term frequencies, tf-idf, or summed word vectors (Alemi eq 16–18)",
              REPRESENTATIONS),
        STOPWORDS,
        Param("stem", stem, "stem words (Porter's stemmer, Choi 2000; Snowball's for another language); leave off "
                            "with word vectors"),
        Param("cut", 0, "leave out of scoring the sentences (words at word level) with fewer content words than this "
                        "(Alemi Table 6)",
              low=0, high=1000, elements=True),
        Param("weighting", "sum", "word-vector weighting: plain sum (eq 16), idf-weighted (eq 17), or ln(rank in the "
                                  "vector file), an idf of general English by Zipf's law", WEIGHTINGS),
        Param("normalize", False, "normalise word vectors to unit length before summing (eq 18)"),
        Param("whiten", False, "centre word vectors on the text's mean word and whiten them by the vectors' token "
                               "covariance (Zipf-weighted vocabulary) before summing; rep=vectors"),
        Param("normalize_elements", False, "normalise each vector (of a sentence, word or paragraph) to unit length"),
        VECTORS,
        Param("encoder", "glove-mean", "sentence encoder for rep=embedding: mean GloVe vector or all-MiniLM-L6-v2",
              ("glove-mean", "minilm")),
        Param("clusters", 50, "number of spherical k-means word-vector clusters for rep=clusters (Alemi oC99k50/k200)",
              low=2, high=500),
    ]


REP_KEYS = tuple(p.name for p in rep_params())


def representation_for(doc, p: dict, context: dict, sparse: bool = False):
    """The Representation of `doc` under the method's representation parameters (idf over context['df'] if given;
    `sparse`: tf and tf-idf stay sparse, for scores that take sparse rows)."""
    return represent(doc.elements, df=context.get("df"), sparse=sparse, level=doc.level,
                     **{k: p[k] for k in REP_KEYS})
