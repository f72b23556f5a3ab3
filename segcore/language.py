"""The language of a text and the words that language's processing drops and folds: language identification with
py3langid (Lui & Baldwin 2012's langid.py, a naive Bayes model over byte n-grams, 97 languages), the languages
that have the Snowball project's stopword lists (function words only; shipped in segcore/data/stopwords, see its
README, read by text.load_stopwords; Choi 2000's list stays English's) and NLTK's Snowball stemmers (Porter's for
English, as before)."""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

ENGLISH = "english"
SAMPLES = 10  # stretches of the text whose language is identified, spread evenly over it
SAMPLE_CHARS = 2_000  # characters of each (at most: a shorter text is cut into equal stretches)
# a shorter text is read as English (langid is sure of a language's prose from about this many), unless most of its
# letters are in another script than Latin (Chinese, Greek, Cyrillic, Arabic, ...: a script tells that much) or langid
# gives another language at least SHORT_CONFIDENCE of its normalised probability (py3langid's softmax, tempered by the
# text's length: unsure of a few words, sure of a paragraph of German, French or Spanish prose). Chosen on half of
# 3,285 samples of 100-499 characters (English prose, manual pages, arXiv's formulas; 17 other languages), checked on
# the other half: no English sample read as another language (the most English gave another was 0.15), 95% of the other
# languages' identified, nearly all the rest read as English
MIN_CHARS = 500
SHORT_CONFIDENCE = 0.5
# langid's codes of the languages with a Snowball stopword list; NLTK's Snowball stemmers have the same names
LANGUAGES = {"da": "danish", "de": "german", "en": ENGLISH, "es": "spanish", "fi": "finnish", "fr": "french",
             "hu": "hungarian", "it": "italian", "nb": "norwegian", "nl": "dutch", "no": "norwegian",
             "pt": "portuguese", "ru": "russian", "sv": "swedish", "tr": "turkish"}
NAMES = tuple(sorted(set(LANGUAGES.values()) - {ENGLISH}))  # the languages other than English
# names of other languages langid tells, for the note on a text read as English for want of a list
OTHER_NAMES = {"ar": "Arabic", "bg": "Bulgarian", "ca": "Catalan", "cs": "Czech", "el": "Greek", "et": "Estonian",
               "eu": "Basque", "fa": "Persian", "gl": "Galician", "he": "Hebrew", "hi": "Hindi", "hr": "Croatian",
               "id": "Indonesian", "ja": "Japanese", "ko": "Korean", "la": "Latin", "lt": "Lithuanian",
               "lv": "Latvian", "ms": "Malay", "pl": "Polish", "ro": "Romanian", "sk": "Slovak", "sl": "Slovenian",
               "sr": "Serbian", "th": "Thai", "uk": "Ukrainian", "vi": "Vietnamese", "zh": "Chinese"}
STEMMED = frozenset(NAMES) - {"turkish"} | {ENGLISH}  # NLTK has no Snowball stemmer for Turkish


@dataclass(frozen=True)
class Identified:
    """A text's language as identified: `language` (English, or a name of NAMES when that language holds more of
    the text than any other), `code` (langid's ISO 639-1 code of the language most of the text is in, which may
    have no list here), and the samples that were in it of those taken."""

    language: str
    code: str
    share: int
    samples: int

    def note(self, stopwords: str = "choi") -> str:
        """How the text is read with a method's `stopwords` (its default, 'choi': as English), for a text not in
        English; '' for English."""
        if self.code == "en":
            return ""
        how = f" ({self.share} of {self.samples} samples of the text)" if self.samples > 1 else ""
        if self.language == ENGLISH:  # a language without a list
            name = f"{OTHER_NAMES[self.code]} ('{self.code}')" if self.code in OTHER_NAMES else f"'{self.code}'"
            name = f"{name}{how}, which has no stopword list here:"
            default, auto = "words are filtered and stemmed as English", "no word filtered, none stemmed"
            hint = "would filter no word, stem none"
        else:
            own = f"{self.language.capitalize()}'s"
            hint = f"would read it with {own}"
            name, default = f"{self.language.capitalize()}{how},", "read with English's stopwords and stemmer"
            auto = f"read with {own} stopwords" + (" and stemmer" if self.language in STEMMED else ", no stemmer")
        reading = {"choi": f"{default} (stopwords = auto {hint})", "auto": f"{auto} (stopwords = auto)"}.get(
            stopwords, f"read with stopwords = {stopwords}")
        return f"language: {name} {reading}; GloVe's word vectors are English"


@lru_cache(maxsize=1)
def load_identifier():
    """langid.py's model (py3langid), loaded once (about a second); it gives normalised probabilities."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def _samples(elements: list[str]) -> tuple[str, ...]:
    """Up to SAMPLES stretches of about SAMPLE_CHARS characters with a letter, evenly spaced over the joined
    elements; a shorter text cut into stretches of equal length (each one votes: a last stretch of a few words
    would weigh as much as 2,000 characters)."""
    text = " ".join(elements)
    if len(text) <= SAMPLES * SAMPLE_CHARS:
        size = math.ceil(len(text) / math.ceil(len(text) / SAMPLE_CHARS)) if text else 1  # equal stretches
        stretches = [text[i:i + size] for i in range(0, len(text), size)]
    else:
        step = (len(text) - SAMPLE_CHARS) / (SAMPLES - 1)
        stretches = [text[round(i * step):round(i * step) + SAMPLE_CHARS] for i in range(SAMPLES)]
    return tuple(s for s in stretches if any(c.isalpha() for c in s))


@lru_cache(maxsize=64)
def _identify(samples: tuple[str, ...]) -> Identified:
    """The samples' language (cached on them: at most 20,000 characters a text, not its elements)."""
    if sum(map(len, samples)) < MIN_CHARS and not _other_script(samples):
        code, confidence = load_identifier().classify(" ".join(samples))
        if confidence < SHORT_CONFIDENCE or code == "en":
            return Identified(ENGLISH, "en", 0, 0)
        return Identified(LANGUAGES.get(code, ENGLISH), code, 1, 1)
    counts: dict[str, int] = {}
    for s in samples:
        code = load_identifier().classify(s)[0]
        counts[code] = counts.get(code, 0) + 1
    code = max(counts, key=lambda c: (counts[c], c == "en"))  # a tie goes to English
    return Identified(LANGUAGES.get(code, ENGLISH), code, counts[code], len(samples))


def _other_script(samples: tuple[str, ...]) -> bool:
    """Whether most letters of the samples are in a script other than Latin."""
    letters = [c for s in samples for c in s if c.isalpha()]
    return 2 * sum("LATIN" not in unicodedata.name(c, "LATIN") for c in letters) > len(letters)


def identify(elements: list[str]) -> Identified:
    """The language most of the elements are written in (the samples' majority); English for a text of fewer than
    MIN_CHARS characters mostly in Latin letters unless langid is sure of another language (SHORT_CONFIDENCE)."""
    return _identify(_samples(elements))


@lru_cache(maxsize=16)
def stemmer(language: str):
    """NLTK's stemmer for a language: Porter's for English, Snowball's for the others of STEMMED; None for the rest."""
    if language == ENGLISH:
        from nltk.stem import PorterStemmer

        return PorterStemmer()
    if language in STEMMED:
        from nltk.stem.snowball import SnowballStemmer

        return SnowballStemmer(language)
    return None
