"""The messages a user reads (the CLI and the app show them as they are) name what the text was split into —
sentences or words, in the singular for one — or its paragraphs when they were the units, never 'element'."""
import re

import pytest

from segcore import Document, InputError, ParameterError, segment
from segcore.document import parse_ends
from segcore.evaluation import alemi_protocol
from segcore.ktable import segment as segment_kept

WORDS = "the rivers of the north run to the cold sea".split()  # 10 words, 5 content words ('the', 'of', 'to' not)
SENTENCES = ["The rivers run.", "Of the.", "Cold seas freeze.", "To the.", "Ships sail north.", "The of.",
             "Fish swim deep.", "And the.", "Birds fly south.", "It is."]  # 10 sentences, 5 with content words
TEXTS = {"word": WORDS, "sentence": SENTENCES}


def doc_at(level: str, **kw) -> Document:
    return Document(TEXTS[level], level=level, **kw)


def says(error, level: str, *phrases: str) -> str:
    """The message of `error`: it holds each phrase (with {u}: the level's plural noun) and no 'element'."""
    msg = str(error.value)
    for phrase in phrases:
        assert phrase.format(u=f"{level}s", one=level) in msg, msg
    assert not re.search("element", msg), msg
    return msg


LEVELS = pytest.mark.parametrize("level", ["sentence", "word"])


@LEVELS
def test_k_larger_than_the_text(level):
    with pytest.raises(ParameterError) as e:
        segment(doc_at(level), "cvs", k=50, rep="tf")
    says(e, level, "between 1 and 10 (the number of {u})")


@LEVELS
@pytest.mark.parametrize("run", [segment, segment_kept])
@pytest.mark.parametrize("method", ["c99", "cvs", "oc99"])
def test_k_larger_than_what_cut_leaves(level, run, method):
    with pytest.raises(ParameterError) as e:
        run(doc_at(level), method, k=7, cut=1, rep="tf")
    says(e, level, "K = 7 is more than the 5 {u} left")
    with pytest.raises(ParameterError) as e:  # one left: the singular
        run(Document(["the", "of", "rivers", "to"], level=level), method, k=2, cut=1, rep="tf")
    says(e, level, "the 1 {one} left")


@LEVELS
def test_nothing_left_after_cut(level):
    with pytest.raises(InputError) as e:
        segment(doc_at(level), "cvs", cut=1000, rep="tf")
    says(e, level, "no {one} keeps 1000 or more content words")


@LEVELS
@pytest.mark.parametrize("run", [segment, segment_kept])
@pytest.mark.parametrize("method", ["c99", "cvs"])
def test_k_segments_of_max_len_cannot_cover_the_text(level, run, method):
    with pytest.raises(ParameterError) as e:
        run(doc_at(level), method, k=2, max_len=3, rep="tf")
    says(e, level, "K = 2 segments of at most max_len = 3 {u} cannot cover the 10 {u}")


@LEVELS
def test_simon_segment_lengths(level):
    with pytest.raises(ParameterError) as e:
        segment(doc_at(level), "simon", k=2, lmax=3)
    says(e, level, "K = 2 segments of 1…3 {u} cannot cover the 10 {u}")
    with pytest.raises(ParameterError) as e:
        segment(doc_at(level), "simon", lmin=20, lmax=15)
    says(e, level, "the text has only 10 {u}")


@LEVELS
def test_windows_larger_than_the_text(level):
    with pytest.raises(ParameterError) as e:
        segment(doc_at(level), "sentence-tiling", window=20, paragraphs=False)
    says(e, level, "window = 20 {u} is larger than the text (10 {u})")
    with pytest.raises(ParameterError) as e:
        segment(doc_at(level), "texttiling", unit="sentences", window=20, paragraphs=False)
    says(e, level, "larger than the text (10 {u})")


@LEVELS
def test_a_run_on_paragraphs_says_paragraphs(level):
    """With the text's paragraphs as the units (segcore.paragraphs), a window counts paragraphs."""
    doc = doc_at(level, meta={"paragraphs": [0, 4, 7]})
    with pytest.raises(ParameterError) as e:
        segment(doc, "sentence-tiling", window=5)
    says(e, level, "window = 5 paragraphs is larger than the text (3 paragraphs)")


@LEVELS
def test_c99_on_blocks(level, monkeypatch):
    from segcore.algorithms import c99

    monkeypatch.setattr(c99, "CELLS", 10)  # blocks of 4 elements on a text of 10
    with pytest.raises(ParameterError) as e:
        segment(doc_at(level), "c99", k=7, rep="tf")
    says(e, level, "than the 3 blocks of 4 {u} C99 works on")


@LEVELS
def test_lda_on_blocks(level, monkeypatch):
    from segcore.algorithms import lda
    from segcore.topicmodel import train_lda

    model = train_lda([" ".join(SENTENCES)] * 5, topics=2, passes=1, iterations=5)
    monkeypatch.setattr(lda, "SEGMENTS", 10)  # 10 elements × their candidate lengths > 10: read in blocks of 3
    with pytest.raises(ParameterError) as e:
        segment(doc_at(level), "lda", k=7, context={"model": model})
    says(e, level, "K = 7 is more than the 4 blocks of 3 {u} lda works on")


@LEVELS
def test_a_reference_typed_or_given(level):
    with pytest.raises(InputError) as e:
        parse_ends("3, x", 10, level=level)
    says(e, level, "'x' is not a {one} number; type the {one} numbers where segments end")
    with pytest.raises(InputError) as e:
        parse_ends("3, 12", 10, level=level)
    says(e, level, "(10 {u})", "must end at the number of {u} (10)")
    with pytest.raises(InputError) as e:
        doc_at(level, reference=[3, 11])
    says(e, level, "must end at the number of {u} (10)")


@LEVELS
def test_the_alemi_protocol_keeps_nothing(level):
    with pytest.raises(InputError) as e:
        alemi_protocol(doc_at(level, reference=[5, 10]), min_words=5)
    says(e, level, "no {one} has 5 or more content words")


def test_parameter_help_names_the_unit():
    """The parameters' help (the CLI's --list and the app's widget help, one text for both levels) says what a length
    counts in words a reader knows, right at either level."""
    from segcore.methods import METHODS

    for m in METHODS.values():
        for p in m.params:
            assert not re.search("element", p.help), (m.name, p.name, p.help)
    cut = METHODS["cvs"].param("cut").help
    assert "sentences (words at word level)" in cut, cut
