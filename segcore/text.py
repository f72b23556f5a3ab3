"""Preprocessing of elements into bags of words: tokenise, lowercase, drop stopwords and punctuation, stem; and each
segment's top terms."""
from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import regex

from .errors import InputError
from .language import ENGLISH, NAMES, identify, stemmer as language_stemmer

_TOKEN = re.compile(r"\w+(?:['’]\w+)*|['’]\w+")
# the same for text beyond ASCII: the regex module's \w also holds the combining marks and joiners inside words
# (Devanagari's and Thai's vowel signs, Arabic's harakat, a decomposed accent), which re's \w cuts words at; with
# the other numbers (½, ², ①) that re's \w holds and regex's does not
_UNICODE_TOKEN = regex.compile(_TOKEN.pattern.replace(r"\w", r"[\w\p{No}]"))
_ALNUM = regex.compile(r"[\p{L}\p{N}]")  # a token beyond ASCII is a word when it holds one (not a lone mark)
# Chinese and Japanese are written without spaces between words (a regular expression class's ranges: kana, then
# Han ideographs): a run of them gives its overlapping character bigrams as words (Kwok 1997; Lucene's
# CJKBigramFilter), a lone character itself. Hangul is written with spaces: Korean words are tokens as they are.
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_CJK = re.compile(f"[{CJK}]+")
_NOT_ALNUM = "_'’"  # \w is a letter, a digit or "_": a token is a word when stripping these leaves something


@lru_cache(maxsize=16)
def load_stopwords(source: str = "choi") -> frozenset[str]:
    """Stopword set: 'choi' (Choi 2000's list, shipped, English's), 'none', a language of language.NAMES (the
    Snowball project's list), or a path to a one-word-per-line file."""
    if source in ("none", "", None):
        return frozenset()
    if source == "choi":
        text = resources.files("segcore.data").joinpath("stopwords_choi.txt").read_text("utf-8")
    elif source in NAMES:
        text = resources.files("segcore.data").joinpath("stopwords").joinpath(f"{source}.txt").read_text("utf-8")
    else:
        path = Path(source)
        if not path.is_file():
            raise InputError(f"stopword list not found: {source} is no file, and not 'auto', 'choi', 'none' or one "
                             f"of the languages {', '.join(NAMES)}")
        text = path.read_text("utf-8", errors="replace")
    return frozenset(w.strip().lower() for w in text.splitlines() if w.strip())


@dataclass(frozen=True)
class Lexicon:
    """How a text's words are filtered and folded: its stopword set and the language whose stemmer folds them (a name
    of language.NAMES, English, or langid's code of a language without a list: nothing folded)."""

    stop: frozenset[str]
    language: str = ENGLISH

    def stem(self, word: str) -> str:
        return stem(word, self.language)


def lexicon(elements: list[str], stopwords: str | bool = "choi") -> Lexicon:
    """The stopwords and stemmer for `elements` (the `stopwords` parameter): 'auto' reads them in the language they
    are written in (segcore.language: Choi's list for English, Snowball's for another, none and no stemmer for a
    language without a list), a language's name in that language; 'choi', 'none' and a file stem as English. True
    and False mean 'choi' and 'none'."""
    source = "choi" if stopwords is True else ("none" if stopwords is False else stopwords)
    if source == "auto":
        found = identify(elements)
        if found.language == ENGLISH and found.code != "en":
            return Lexicon(frozenset(), found.code)
        language = found.language
        source = "choi" if language == ENGLISH else language
    else:
        language = source if source in NAMES else ENGLISH
    return Lexicon(load_stopwords(source), language)


@lru_cache(maxsize=200_000)
def stem(word: str, language: str = ENGLISH) -> str:
    """A word's stem by the language's stemmer (segcore.language.stemmer; Porter's for English); the word itself
    where the language has none."""
    stemmer = language_stemmer(language)
    return stemmer.stem(word) if stemmer else word


_SPACE_OUT = bytes(c if chr(c).isalnum() or chr(c) in "_'" else 32 for c in range(256))  # ASCII non-word → space


def _raw_tokens(lowered: str) -> list[str]:
    """_TOKEN.findall(lowered) (beyond ASCII, _UNICODE_TOKEN's on its NFC form), ASCII text split in C: no token
    crosses a character that is neither a word character nor an apostrophe, so only the runs holding an apostrophe
    need the regular expression."""
    if not lowered.isascii():
        return _UNICODE_TOKEN.findall(unicodedata.normalize("NFC", lowered))
    runs = lowered.encode().translate(_SPACE_OUT).decode().split()
    if "'" not in lowered:
        return runs
    return [t for run in runs for t in (_TOKEN.findall(run) if "'" in run else (run,))]


def _bigrams(token: str) -> list[str]:
    """A token with runs of Han ideographs or kana: those runs as overlapping character bigrams, the rest as is."""
    out, at = [], 0
    for m in _CJK.finditer(token):
        out.append(token[at:m.start()])
        run = m.group()
        out.extend(run[i:i + 2] for i in range(max(1, len(run) - 1)))
        at = m.end()
    out.append(token[at:])
    return [t for t in out if t]


def lowered(text: str) -> str:
    """Text in lower case, soft hyphens (invisible break points inside a word) taken out and the capital dotted I
    (Turkish 'İ', which lower() makes 'i' and a combining dot) lowered to 'i', as Turkish writes it."""
    text = text.lower().replace("\u00ad", "")
    return text.replace("i\u0307", "i") if "\u0307" in text else text


# a possessive's (or 'is') 's glued to its word: nltk's tokenisers split it off ('Darwin' "'s") and Choi's stopword list
# drops it; kept on, Porter's stem made "darwin's" a term of its own ("darwin'") beside "darwin"
_CLITIC_S = re.compile(r"(?<=\w)['’]s$")


def tokenize(element: str) -> list[str]:
    """Lowercased word tokens (NFC: a decomposed accent reads as the composed one); tokens without a letter or digit
    (underscores, apostrophes, joiners) are dropped; a word's final 's after an apostrophe left out (_CLITIC_S: 'Darwin's'
    is 'darwin'); soft hyphens (invisible break points inside a word) and combining marks do not cut a word; Chinese and
    Japanese text as character bigrams (_CJK)."""
    tokens = _raw_tokens(lowered(element))
    if not element.isascii() and _CJK.search(element):
        tokens = [b for t in tokens for b in _bigrams(t)]
    return [_CLITIC_S.sub("", t) for t in tokens if (t.strip(_NOT_ALNUM) if t.isascii() else _ALNUM.search(t))]


def bags(elements: list[str], stopwords: str | bool = "choi", stem_words: bool = False) -> list[list[str]]:
    """Each element's content words after stopword removal and optional stemming (lexicon: the text's language)."""
    lex = lexicon(elements, stopwords)
    return [[lex.stem(w) for w in words] if stem_words else words for words in _content_words(elements, lex)]


def _content_words(elements: list[str], lex: Lexicon) -> list[list[str]]:
    return [[w for w in tokenize(e) if w not in lex.stop] for e in elements]


LABEL_STOPWORDS = "auto"  # a segment's label words: without the function words of the text's own language


def label_bags(elements: list[str]) -> tuple[list[list[str]], Callable[[str], str]]:
    """(each element's words that may label a segment: LABEL_STOPWORDS left out, unstemmed; the text's stemmer, for
    segment_top_terms' `fold`: 'effie' and 'effie's' are one word already, tokenize)."""
    lex = lexicon(elements, LABEL_STOPWORDS)
    return _content_words(elements, lex), lex.stem  # a bound method of a frozen dataclass: the app's cache pickles it


def segment_top_terms(bags: list[list[str]], boundaries: list[int], n_terms: int = 5,
                      fold: Callable[[str], str] | None = None) -> list[list[str]]:
    """Top terms of each segment against the whole document: count in the segment × log of how much more
    frequent the word is in the segment than in the document (a tf-idf / log-lift weight). `bags` are the
    content words of every element (stopwords removed: label_bags). With `fold` (a stemmer), the forms of one word
    count as one term ('volcano', 'volcanoes'), shown in its most frequent form in the segment (ties: the shorter)."""
    keys: dict[str, str] = {}  # each distinct word folded once
    key = (lambda w: keys[w] if w in keys else keys.setdefault(w, fold(w))) if fold else (lambda w: w)
    doc_counts = Counter()
    for w, c in Counter(w for bag in bags for w in bag).items():
        if _keep_term(w):  # each word checked once
            doc_counts[key(w)] += c
    total = sum(doc_counts.values()) or 1
    out = []
    for a, b in zip([0, *boundaries[:-1]], boundaries):
        forms = Counter(w for bag in bags[a:b] for w in bag if key(w) in doc_counts)
        seg, shown = Counter(), {}
        for w, c in sorted(forms.items(), key=lambda t: (-t[1], len(t[0]), t[0])):
            seg[key(w)] += c
            shown.setdefault(key(w), w)
        n_seg = sum(seg.values()) or 1
        min_count = 2 if any(c >= 2 for c in seg.values()) else 1
        scored = [(c * max(0.0, math.log((c / n_seg) / (doc_counts[k] / total))), c, shown[k]) for k, c in seg.items()
                  if c >= min_count]
        scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
        out.append([w for _, _, w in scored[:n_terms]])
    return out


def top_terms(elements: list[str], boundaries: list[int], n_terms: int = 5) -> list[list[str]]:
    """Each segment's label terms: segment_top_terms of label_bags, a word's forms folded into one."""
    words, fold = label_bags(elements)
    return segment_top_terms(words, boundaries, n_terms, fold)


def _keep_term(w: str) -> bool:
    """A word that can label a segment: three characters or more (a Chinese or Japanese bigram two), a letter, not
    'unk', and not a contraction of a stopword ("you're", "it's") or a negation ("don't")."""
    w = w.lower().replace("’", "'")
    if "'" in w and (w.endswith("n't") or w.split("'")[0] in load_stopwords("choi")):
        return False
    return len(w) >= (2 if _CJK.match(w) else 3) and any(c.isalpha() for c in w) and w != "unk"
