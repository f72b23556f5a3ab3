"""Boundaries between paragraphs (segcore.paragraphs): where a text marks paragraphs, every method ends segments only
at a paragraph's end; for an additive score that is the exact optimum over those ends; K more than the paragraphs,
or a text without them, reads as before; the marks come from blank lines (texts, Choi files) and follow a document
through the Alemi protocol and the word level."""
from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from segcore import ktable, segment
from segcore.datasets import load_named
from segcore.document import Document
from segcore.errors import InputError
from segcore.evaluation import alemi_protocol
from segcore.loaders import choi_to_words, load_latex, load_text, parse_choi
from segcore.methods import METHODS, get_method
from segcore.paragraphs import paragraph_starts, units_note
from segcore.sentences import word_elements
from segcore.structure import with_structure


@pytest.fixture(scope="module")
def choi():
    return load_named("choi/3-11")[0]


def with_paragraphs(doc: Document, starts) -> Document:
    return Document(doc.elements, doc.reference, source=doc.source, meta={"paragraphs": list(starts)})


def ends_of(starts, n):
    return set(starts[1:]) | {n}


@pytest.mark.parametrize("name", [m for m in METHODS if "corpus" not in METHODS[m].needs])
def test_every_method_ends_segments_at_paragraph_ends(choi, name):
    starts = list(range(0, choi.n, 3))
    doc = with_paragraphs(choi, starts)
    for k in (None, 4):
        seg = segment(doc, name, k)
        assert set(seg.boundaries) <= ends_of(starts, doc.n), (name, k)
        assert seg.info["paragraphs"] == len(starts) and (k is None or seg.k == k)
        for s in seg.curves("gap").values():  # curves along the text in the document's element positions
            assert all(0 <= x <= doc.n for x in (s.x or []))
        free = segment(doc, name, k, paragraphs=False)
        assert "paragraphs" not in free.info


def test_lda_too(choi):
    corpus = [" ".join(d.elements) for d in load_named("choi/3-5")[:20]]
    doc = with_paragraphs(choi, range(0, choi.n, 4))
    seg = segment(doc, "lda", 3, context={"corpus": corpus})
    assert set(seg.boundaries) <= ends_of(list(range(0, choi.n, 4)), doc.n)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_additive_score_gives_the_best_segmentation_over_paragraph_ends(choi, data):
    """The DP over joined paragraphs finds the segmentation of lowest CVS cost among all whose ends are paragraph
    ends, each cost summed over the sentences' own rows (exhaustive search)."""
    doc = Document(choi.elements[:40])
    inner = data.draw(st.lists(st.integers(1, doc.n - 1), min_size=4, max_size=8, unique=True))
    starts = [0, *sorted(inner)]
    k = data.draw(st.integers(1, 4))
    seg = segment(with_paragraphs(doc, starts), "cvs", k)
    score, to_original, _, _ = get_method("cvs").fit(doc, get_method("cvs").resolve({}), {})
    assert to_original([doc.n]) == [doc.n]  # every sentence kept: the score's positions are the document's
    costs = {c: score.total([*c, doc.n]) for c in itertools.combinations(starts[1:], k - 1)}
    best = min(costs.values())
    assert score.total(seg.boundaries) == pytest.approx(best, rel=1e-9, abs=1e-9)


def test_k_more_than_paragraphs_cuts_between_sentences(choi):
    doc = with_paragraphs(choi, [0, 15, 30, 45])
    seg = segment(doc, "cvs", 6)
    assert seg.k == 6 and "paragraphs" not in seg.info
    assert "more than the 4 paragraphs" in units_note(doc, seg)
    assert units_note(doc, segment(doc, "cvs", 3)).startswith("boundaries only between paragraphs")
    assert units_note(choi, segment(choi, "cvs", 3)) is None


@pytest.mark.parametrize("name, params", [("simon", {"lmax": 4}), ("ui", {"max_len": 4}), ("cvs", {"length": 6}),
                                          ("cvs", {"cut": 2})])
def test_a_parameter_counted_in_elements_keeps_its_meaning_on_a_text_with_paragraphs(choi, name, params):
    """A length in elements (lmax, max_len, length) or a threshold per element (cut) set on a text that marks
    paragraphs is read in elements, as on the same text without them, not in paragraphs; the note says why. A
    length for automatic K only (cvs's `length`) changes nothing when K is given: the units stay paragraphs."""
    doc = with_paragraphs(choi, range(0, choi.n, 10))
    auto_only = "length" in params
    for k in (None, 20):
        if auto_only and k is not None:  # K = 4: fewer than the 6 paragraphs, else sentences are the units anyway
            seg = segment(doc, name, 4, **params)
            assert seg.boundaries == segment(doc, name, 4).boundaries and seg.info["paragraphs"] == 6
            assert units_note(doc, seg).startswith("boundaries only between paragraphs")
            assert ktable.segment(doc, name, 4, **params).boundaries == seg.boundaries
            continue
        seg, plain = segment(doc, name, k, **params), segment(choi, name, k, **params)
        assert seg.boundaries == plain.boundaries and "paragraphs" not in seg.info
        assert units_note(doc, seg).startswith(f"{next(iter(params))} counted in sentences")
    assert ktable.segment(doc, name, 20, **params).boundaries == segment(choi, name, 20, **params).boundaries


def test_too_few_or_no_paragraphs_read_as_before(choi):
    for starts in ([0], [0, 30], list(range(choi.n))):
        doc = with_paragraphs(choi, starts)
        assert paragraph_starts(doc) is None
        assert segment(doc, "cvs", 5).boundaries == segment(choi, "cvs", 5).boundaries


def test_marks_that_are_not_paragraph_starts_are_refused(choi):
    for starts in ([0, 30, 20], [5, 10, 20], [0, 10, 10, 20], [0, 10, 2.5, 20], [0, 10, choi.n]):
        with pytest.raises(InputError, match="meta\\['paragraphs'\\] must list"):
            segment(with_paragraphs(choi, starts), "cvs", 3)


def test_ktable_answers_as_segment_does(choi):
    doc = with_paragraphs(choi, range(0, choi.n, 2))
    for k in (3, 7, 5):
        fast, slow = ktable.segment(doc, "best", k=k), segment(doc, "best", k=k)
        assert fast.boundaries == slow.boundaries and fast.info == slow.info
    curve = ktable.costs_by_k(doc, "cvs", 60)
    assert len(curve) == len(range(0, choi.n, 2))  # K up to the number of paragraphs


def test_blank_lines_mark_paragraphs_in_choi_files():
    doc = parse_choi("==========\na one.\na two.\n\na three.\n==========\nb one.\nb two.\n==========\n")
    assert doc.meta["paragraphs"] == [0, 2, 3] and doc.reference == [3, 5]
    around = parse_choi("==========\n\na one.\na two.\n\n==========\n\nb one.\nb two.\n\n==========\n")
    assert "paragraphs" not in around.meta  # blank lines only next to separators: no paragraph marked


def test_texts_mark_their_paragraphs_and_headings():
    text = ("# Volcanoes\n\nA volcano is a rupture in the crust. Lava flows out of it.\n\nMagma rises from the "
            "mantle. It collects in a chamber.\n\n## Rivers\n\nA river flows to the sea. It carries sediment.")
    doc = load_text(text)
    starts = doc.meta["paragraphs"]
    assert [doc.elements[i] for i in starts] == ["Volcanoes", "A volcano is a rupture in the crust.",
                                                "Magma rises from the mantle.", "Rivers", "A river flows to the sea."]


def test_plain_texts_without_blank_lines_mark_paragraphs_by_long_lines_or_indents(choi):
    """A word processor's text (one paragraph per line, lines not wrapped) and a typed one (wrapped lines, each
    paragraph's first indented) mark their paragraphs; a wrapped text without indents or blank lines marks none."""
    paragraphs = [" ".join(choi.elements[i:i + 3]) for i in range(0, 30, 3)]
    wrapped = [textwrap.wrap(p, 70) for p in paragraphs]
    texts = {"unwrapped": "\n".join(paragraphs),
             "indented": "\n".join("\n".join(["   " + w[0], *w[1:]]) for w in wrapped),
             "blank lines": "\n\n".join("\n".join(w) for w in wrapped)}
    for name, text in texts.items():
        doc = load_text(text)
        opened = [doc.elements[i] for i in doc.meta["paragraphs"]]
        assert opened == [choi.elements[i] for i in range(0, 30, 3)], name
    assert load_text("\n".join("\n".join(w) for w in wrapped)).meta["paragraphs"] == [0]


def test_derived_documents_keep_their_paragraphs():
    doc = parse_choi("==========\nThe cat sat on the mat all day.\nOk ok.\n\nThe dog ran over the green hill "
                     "quickly.\n==========\nBirds flew over the high mountain pass.\n==========\n")
    words = choi_to_words(doc)
    assert [words.elements[i] for i in words.meta["paragraphs"]] == ["the", "the", "birds"]
    assert words.meta["paragraphs"] == [0, 12, 21]
    kept = alemi_protocol(doc, 3)
    assert kept.elements[0].startswith("The cat") and len(kept.elements) == 3
    assert kept.meta["paragraphs"] == [0, 1, 2]


def test_one_sentence_paragraphs_under_headings_are_units_with_their_headings():
    """A changelog: every paragraph one sentence, under version headings. Each heading joins the paragraph after it
    at sentence level as at word level (before, sentence level had no units: every paragraph one element, so a
    boundary could fall between a heading and its first entry), and the units are the word-level ones."""
    entries = ["Fixed the parser on empty files.", "Added an option to keep comments.", "Dropped the old cache.",
               "Sped up the tokenizer twice over.", "Documented every option."]
    text = "# Changelog\n\n" + "".join(f"## Version 1.{v}\n\n{entries[v]}\n\n{entries[v - 1]}\n\n"
                                        for v in range(4, 0, -1))
    sentences, words = load_text(text, source="CHANGELOG.md"), load_text(text, source="CHANGELOG.md", level="word")
    assert len(sentences.meta["paragraphs"]) == sentences.n
    starts = paragraph_starts(sentences)
    heads = {0} | {h.element for h in sentences.meta["outline"].headings}  # the title and the versions
    assert starts == sorted(set(range(sentences.n)) - {h + 1 for h in heads})
    first_word = list(itertools.accumulate((len(word_elements(e)) for e in sentences.elements), initial=0))
    assert paragraph_starts(words) == [first_word[i] for i in starts]
    assert paragraph_starts(Document(sentences.elements, meta={"paragraphs": sentences.meta["paragraphs"]})) is None


def test_derived_documents_carry_their_outline():
    """A titled Markdown text with sections, re-cut into words (choi_to_words) or with its short sentences dropped
    (the Alemi protocol): its outline follows the elements. Re-cut, it is the one the text has read at word level;
    under the protocol, its headings (too short: dropped) open no paragraph, and its sections give the reference the
    protocol maps."""
    lava = ("Lava flows from the volcano crater every single year. Magma rises under the volcano and erupts as "
            "glowing lava.")
    river = ("The river carries cold water down to the distant sea. Fish swim in the river and out into the sea "
             "again.")
    text = (f"# Rivers And Volcanoes\n\n{lava}\n\n## Volcano Lava\n\n{lava}\n\n{lava}\n\n## The River\n\n{river}"
            f"\n\n{river}\n\n## More Lava\n\n{lava}\n\n{lava}\n")
    sentences = with_structure(load_text(text, source="t.md"))
    words, direct = choi_to_words(sentences), load_text(text, source="t.md", level="word")
    assert words.elements == direct.elements
    assert words.meta["outline"] == direct.meta["outline"]
    assert paragraph_starts(words) == paragraph_starts(direct)
    kept = alemi_protocol(sentences, 3)
    moved = kept.meta["outline"]
    assert moved.n == kept.n and [h.size for h in moved.headings] == [0, 0, 0] and moved.title_size == 0
    assert with_structure(kept).reference == kept.reference
    starts = paragraph_starts(kept)
    assert starts is not None and all(kept.elements[i][0].isupper() for i in starts)
    assert [kept.elements[i] for i in starts] == [kept.elements[i] for i in kept.meta["paragraphs"]]
    placed = Document(sentences.elements, sentences.reference, meta={"positions": [(1 + i, 0.0) for i in
                                                                       range(sentences.n)]})
    assert alemi_protocol(placed, 3).meta["positions"] == [(1 + i, 0.0) for i in kept.meta["kept"]]
    line = [i for i, e in enumerate(sentences.elements) for _ in word_elements(e)]
    assert choi_to_words(placed).meta["positions"] == [(1 + i, 0.0) for i in line]


def test_the_cli_says_what_the_units_were(tmp_path):
    paragraphs = ["\n".join(load_named("choi/3-11")[0].elements[i:i + 3]) for i in range(0, 30, 3)]
    path = tmp_path / "article.txt"
    path.write_text("\n\n".join(p.replace("\n", " ") for p in paragraphs), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--k", "3", "--method", "cvs"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "# boundaries only between paragraphs: the text marks 10 paragraphs" in done.stderr
    off = subprocess.run([sys.executable, "-m", "segcore", "segment", str(path), "--k", "3", "--method", "cvs",
                          "--param", "paragraphs=false"], capture_output=True, text=True, timeout=300)
    assert off.returncode == 0 and "between paragraphs" not in off.stderr


def test_an_evaluation_counts_the_documents_cut_between_paragraphs(choi):
    from segcore.evaluation import evaluate

    docs = [with_paragraphs(choi, range(0, choi.n, 3)), choi]
    result = evaluate(docs, "cvs", k_given=True)
    assert result.summary["cut_between_paragraphs"] == 1 and [r["paragraphs"] for r in result.rows] == [20, 0]
    assert evaluate(docs, "cvs", {"paragraphs": False}).summary["cut_between_paragraphs"] == 0


def test_a_heading_opens_the_paragraph_after_it():
    """A heading that is a paragraph of its own (and the document's title) joins the paragraph after it, chained
    over a heading followed by a subheading; a run-in heading inside a paragraph changes nothing."""
    from segcore.structure import Heading, Outline

    elements = [f"Line {i} about topic {i // 4}." for i in range(16)]
    outline = Outline([Heading("A", 1, 4), Heading("A.1", 2, 5), Heading("B", 1, 9), Heading("run-in", 2, 13)],
                      16, title=elements[0])
    doc = Document(elements, meta={"paragraphs": [0, 1, 4, 5, 6, 9, 10, 12], "outline": outline})
    assert paragraph_starts(doc) == [0, 4, 9, 12]
    assert paragraph_starts(Document(elements, meta={"paragraphs": [0, 4, 5, 9]})) == [0, 4, 5, 9]


def test_a_boundary_falls_before_a_heading_not_after_it():
    """A Markdown text whose second heading shares its words with the first section: the boundary still falls
    before the heading, which opens the section it titles (before, the DP ended the first section after it)."""
    lava = ("Lava flows from the volcano crater. Magma rises under the volcano and erupts as lava. The volcano "
            "crater glows with hot lava and magma.")
    river = ("The river carries water to the sea. Fish swim in the river and the sea. Boats sail down the river to "
             "the harbour by the sea.")
    text = f"# Volcano\n\n{lava}\n\n{lava}\n\n# Volcano lava magma and the river\n\n{river}\n\n{river}\n"
    doc = load_text(text, source="sections.md")
    heads = {h.element for h in doc.meta["outline"].headings}
    seg = segment(doc, "ui", 2)
    assert seg.boundaries[0] in heads, (seg.boundaries, heads)


@pytest.mark.parametrize("fmt", ["markdown", "latex"])
def test_word_level_paragraphs_are_the_sentence_level_ones(fmt):
    """A titled text at word level has the paragraph units it has at sentence level, mapped to words: the title (its
    words) joins the paragraph after it as the one-element title does at sentence level."""
    lava, river = "Volcanoes erupt lava. Magma rises under them.", "Rivers carry water. Fish swim in them."
    body = [lava, river, "{First Part}", river, lava, "{Second Part}", lava, river]
    if fmt == "markdown":
        text = "# A Short Title Here\n\n" + "\n\n".join(p.replace("{", "## ").rstrip("}") for p in body)
        read = load_text
    else:
        text = ("\\documentclass{article}\n\\title{Rivers and Volcanoes Compared}\n\\begin{document}\n\\maketitle\n\n"
                + "\n\n".join(p.replace("{", "\\section{") for p in body) + "\n\\end{document}\n")
        read = load_latex
    sentences, words = read(text, level="sentence"), read(text, level="word")
    assert sentences.meta["outline"].title is not None
    first_word = list(itertools.accumulate((len(word_elements(e)) for e in sentences.elements), initial=0))
    assert first_word[-1] == words.n
    assert paragraph_starts(words) == [first_word[i] for i in paragraph_starts(sentences)]
