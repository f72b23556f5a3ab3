"""segcore.limits: characters and elements, checked by the loaders' text entry points before the expensive step, each
with a message that says what to do; the defaults are generous and a Limits raises or tightens them."""
from __future__ import annotations

import io
import zipfile

import pytest

from segcore import folders, loaders
from segcore.errors import InputError, ParameterError
from segcore.limits import LIMITS, Limits, check

TEXT = "Volcanoes erupt. Lava flows. Bread rises in the oven. Yeast feeds on flour.\n\n" * 10


def test_defaults_are_generous_and_limits_are_checked_values():
    assert LIMITS.chars == 2_000_000 and LIMITS.elements == 200_000
    for bad in (0, -5, 1.5, True, "10"):
        with pytest.raises(ParameterError):
            Limits(chars=bad)
    assert check(3, 3, "pages") == 3
    with pytest.raises(InputError, match=r"^a\.pdf: 4 PDF pages, more than the limit of 3; split it$"):
        check(4, 3, "PDF pages", "a.pdf", "split it")


def test_too_many_characters_fail_before_sentence_splitting(monkeypatch):
    def never(text):
        raise AssertionError("split_sentences ran")

    monkeypatch.setattr(loaders, "split_sentences", never)
    with pytest.raises(InputError, match=r"notes: 1,000,001 characters, more than the limit of 1,000,000; use a "
                                         r"shorter text"):
        loaders.load_text("a" * 1_000_001, source="notes", limits=Limits(chars=1_000_000))


def test_too_many_elements_say_what_to_try():
    with pytest.raises(InputError, match=r"170 words, more than the limit of 100; use sentences instead of words"):
        loaders.load_text(TEXT, level="word", limits=Limits(elements=100))
    doc = loaders.load_text(TEXT, level="sentence", limits=Limits(elements=100))
    assert doc.n == 30
    with pytest.raises(InputError, match=r"30 sentences, more than the limit of 29; use a shorter text"):
        loaders.load_text(TEXT, limits=Limits(elements=29))


def test_every_text_format_is_checked():
    choi = ("\n".join(["==========", "One sentence here.", "Another one here.", "=========="] * 30)).encode()
    arxiv = (" ".join(["some words here BR"] * 50)).encode()
    small = Limits(chars=100_000, elements=50)
    with pytest.raises(InputError, match="60 sentences, more than the limit of 50"):
        loaders.load(choi, format="choi", limits=small)
    with pytest.raises(InputError, match="240 words, more than the limit of 100"):
        loaders.load(choi, format="choi", level="word", limits=Limits(elements=100))
    with pytest.raises(InputError, match="150 words, more than the limit of 50"):
        loaders.load(arxiv, format="arxiv", limits=small)
    with pytest.raises(InputError, match="characters, more than the limit of 10"):
        loaders.load(arxiv, format="arxiv", limits=Limits(chars=10))
    assert loaders.load(choi, format="choi").n == 60  # the defaults


def test_a_dataset_reports_the_file_over_the_limit_and_reads_the_others():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("short.ref", "==========\nOne.\nTwo.\n==========\nThree.\n==========\n")
        zf.writestr("long.ref", "==========\n" + "A sentence.\n" * 500 + "==========\n")
    docs, problems, skipped = folders.read_files([("set.zip", buf.getvalue())], limits=Limits(elements=100))
    assert [d.source for d in docs] == ["short.ref"]
    assert problems == ["long.ref: 500 sentences, more than the limit of 100; use a shorter text"]
