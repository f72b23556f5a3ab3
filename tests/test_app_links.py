"""Crafted links on every page, under AppTest: whatever a URL carries (unknown or repeated keys, huge, negative or
non-finite numbers, kilobytes of text, control and bidi characters, parameters the method lacks, a path for a sample
or a Python path for a method), each page opens with a warning for each value it cannot use or ignores it: never a
traceback, never a file outside the bundled data, and the view keeps only values from the registry's domains."""

from __future__ import annotations

import sys
import unicodedata

import pytest

from explorer.documents import SAMPLE_BY_KEY
from segcore import METHODS
from tests.apptest import new_app, run

PAGES = ("pages/explore.py", "pages/compare.py", "pages/benchmark.py", "pages/about.py")
LONG = "x" * 10_000
LINKS = {  # a link, and how many of its values cannot be used (the others are valid, or keys a link does not carry)
    "unknown keys": ({"zzz": "1", "_link_read": "1", "src": "Paste text", "paste": "text from a link", LONG: LONG}, 0),
    "repeated keys": ({"method": ["c99", "os.system"], "k": ["3", "-1"], "sample": ["choi-1_0", "../../etc/passwd"]},
                      3),
    "numbers": ({"method": "c99", "k": "9" * 5000, "tol": "-1", "p.rank": "nan", "p.max_len": "inf",
                 "p.cut": "-1e308"}, 5),
    "long values": ({"method": LONG, "sample": LONG, "level": LONG, "k": LONG, "tol": LONG, "p." + LONG: "1"}, 6),
    "characters": ({"method": "c99\u202e\x00\x1b[31m", "sample": "choi-1_0\u200b", "level": "sentence\n", "k": "٣",
                    "p.stopwords": "choi\x07"}, 5),
    "paths": ({"method": "segcore.algorithms.c99.C99Score", "sample": "../assets/samples/choi_3-11_1_0.ref",
               "p.vectors": "/etc/passwd", "p.stopwords": "../../etc/hostname"}, 4),
    "parameters the method lacks": ({"method": "c99", "p.window": "3", "p.": "1", "p.p.rank": "2", "p.__class__": "x"},
                                    4),
}
_OPENED: list[str] = []
_WATCH: list[bool] = [False]


def _audit(event: str, args) -> None:
    if _WATCH[0] and event == "open" and isinstance(args[0], str):
        _OPENED.append(args[0])


sys.addaudithook(_audit)  # hooks cannot be removed: it records only while _WATCH is set


def _invisible(text: str) -> list[str]:
    """The control and format characters (bidi overrides, zero-width marks, NUL, escape) in `text`."""
    return [c for c in text if unicodedata.category(c)[0] == "C"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("name", list(LINKS))
def test_a_crafted_link_opens_every_page_with_warnings(page, name):
    link, unusable = LINKS[name]
    at = new_app()
    at.query_params = link
    at.switch_page(page)
    _OPENED.clear()
    _WATCH[0] = True
    try:
        run(at)  # asserts no exception
    finally:
        _WATCH[0] = False
    assert not any("passwd" in p or "hostname" in p or ".." in p for p in _OPENED), _OPENED
    warnings = [w.value for w in at.warning]
    assert len(warnings) == unusable, warnings
    for w in warnings:
        assert len(w) < 600 and not _invisible(w), w  # cut short; shown as escapes, not as themselves
    ss = at.session_state
    assert ss["method"] in METHODS if "method" in ss else True
    assert ss["sample"] in SAMPLE_BY_KEY if "sample" in ss else True
    assert ss["src"] == "Sample" if "src" in ss else True
    for key in ("p::c99::stopwords", "p::c99::vectors", "p::c99::rank", "p::c99::cut", "p::c99::max_len"):
        if key in ss:
            METHODS["c99"].param(key.split("::")[2]).parse(ss[key])  # within the domain


def test_control_and_bidi_characters_in_a_link_are_shown_as_escapes():
    """A right-to-left override in a link would reverse the rest of its warning on screen, a zero-width space make
    an unknown sample look like a known one: they are shown as escapes."""
    at = new_app()
    at.query_params = {"sample": "choi-1_0\u200b", "method": "c99\u202eevil", "p.stopwords": "choi\x1b[31m"}
    run(at)
    texts = [w.value.replace("\\\\", "\\") for w in at.warning]
    assert any("'choi-1\\_0\\u200b'" in t for t in texts), texts
    assert any("'c99\\u202eevil'" in t for t in texts), texts
    assert any("'choi\\x1b\\[31m'" in t for t in texts), texts
