"""Sentences and words of a text, offline: NLTK's Punkt with its pretrained English tables when installed, else
trained on the text itself (no ``nltk.download``); Alemi & Ginsparg's word elements."""
from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

import regex

from .abbreviations import ABBREVIATIONS, LANGUAGE_ABBREVIATIONS, REFERENCE_ABBREVIATIONS, WRITTEN_AS_WORD, \
    journal_name
from .language import ENGLISH, identify
from .text import CJK, load_stopwords, lowered

__all__ = ["split_sentences", "split_paragraphs", "sentence_splitter_kind", "word_elements", "written_words",
           "punkt_for", "sentences_with_offsets", "Splitter", "PSEUDO_SENTENCE", "WORDS_PER_STOP", "punctuated",
           "pseudo_sentences"]

# A citation or note mark glued to a sentence's end ("old.[1]", "taste.[2][3]", "[5,6]", "[5–7]", "[citation needed]",
# "[a]", "nothing.¹", "²³", "¹⁻³", "one.†") before a space and a word that may open a sentence (a capital or a digit,
# after any opening quotes and brackets): Punkt sees no end there, or begins the next sentence with the mark. Not '*':
# after a period it is a glob ("Pango.TabAlign.* (Martin Pitt)", "LogoFH.* Bilddateien" in /usr/share/doc's READMEs)
_NOTE = r"(?:\[[\w ,;:.?!'’–—-]{1,40}\]|[⁰¹²³⁴-⁹]+(?:[⁻,–-][⁰¹²³⁴-⁹]+)*|[†‡]+)"
_MARKED_END = regex.compile(rf"[.?!][\"'”’»)\]]*({_NOTE}+)(?=\s+[\"'“‘«(\[]*[\p{{Lu}}\d])")
# languages that write an ordinal as a number and a period ("am 3. Oktober", "3. října"): a number's period before a
# word that is not a stopword (a noun, a month; the language has a list) ends no sentence
ORDINAL_PERIOD = frozenset("de da no nb fi hu tr cs sk pl sl hr sr et lv is".split())
_ORDINAL_END = regex.compile(rf"(?<![\w.,])\d{{1,3}}\.{_NOTE}*$")  # "3.", "3.[1]"
_ABBREVIATION_END = re.compile(r"(?<![\w.])([\w.-]+)\.$")  # the word before a span's final period
_LEAD = regex.compile(r"[\s\"'“”‘’«»„‚‹›(\[—–-]*")  # quotes, brackets and dashes before a sentence's first word
_CAPITAL_WORD = regex.compile(r"[\s\"'“‘«(\[]*(\p{Lu}\w*)")
_ASKED = re.compile(r"[?!…]+[\s\"'“”‘’«»‹›)\]]*$")  # a question or exclamation, and the marks that close it
# an opening quotation mark (after a space: « opens in French, Spanish, Italian, Russian ...; „ and ‚ in German) that
# Punkt's realignment, made for English, puts at the end of the sentence before
_OPENING_END = re.compile(r"\s[«„‚]$")
# and, in every language, the quotes and brackets it reads as closing before '--' (the Penn Treebank's dash): after a
# space and glued to the next word, they open it ('... generated. "' | '--export" filters' is '"--export" filters')
_GLUED_OPENING = re.compile(r"\s([\"'“‘«(\[]+)$")
_SEEN_LOWER = 0b111 << 4  # Punkt's ortho_context flags of a word seen in lower case (nltk's _ORTHO_LC)
# the first letter of a word after a word's period and any closing and opening quotes and brackets (capitalises)
_AFTER_STOP = regex.compile(r"\w\w\.[\"'”’»)\]]*\s+[\"'“‘«(\[]*(\p{L})")
_GREEK_QUESTION = re.compile(r"[;\u037e][»”’)\]]*\s+(?=\S)")  # Greek's question mark: ';' (U+037E)
# A spaced ellipsis ('. . .', '. . . .' at a sentence's end; one space of any kind between the dots, no-break, thin):
# Punkt reads each of its dots as a period of its own and cuts after each ('Wait for it .' | '.' | '.' | 'and then.'),
# where it reads '...' as one mark (an abbreviation's period: an end only before a word its tables show opens sentences)
_SPACED_ELLIPSIS = re.compile(r"\.(?:\s\.){2,}")

PSEUDO_SENTENCE = 20  # words of an element of a text without sentence punctuation (Hearst 1997, w)
WORDS_PER_STOP = 40  # a text with fewer sentence stops than one in this many words marks no sentences
DRAWN_SHARE = 0.3  # share of rule and border characters over which a text is a drawn table (`_drawn`)
# a drawn table's rules and borders, box drawing among them: a mark glued to a word is no border but the word's
# ('well-known', 'x+y', Org's '=verbatim', a cell's '|name' in an unpadded table, whose rules still count)
_RULE_MARK = re.compile("(?<!\\w)[-|+=\u2500-\u257f](?!\\w)")
_SPACE = re.compile(r"\s")
# sentence ends of other scripts that Punkt's . ? ! leave out: Devanagari's danda and double danda, Arabic's
# question mark, Urdu's full stop, Armenian's, Ethiopic's, Myanmar's and Khmer's
_OTHER_STOPS = "।॥؟۔։።။។"
SCRIPT_STOPS = f"。！？｡{_OTHER_STOPS}"  # the sentence ends Punkt does not read: CJK's full stops and the above
_STOP = regex.compile(rf"[.?!…。！？{_OTHER_STOPS}](?=\s|$|[\"'”’)]|{_NOTE})")  # "old.[1]" too
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\f\v]*\n")
# A word Punkt learns from one document as an abbreviation is kept when dotted ("m.p"), a single letter (an
# initial), or a short non-stopword that ends with a period at least LEARNED_MIN times: one or two sightings of
# an ordinary word at a sentence's end ("his hat.", "bakes it.") are not evidence. On the 82 novels of
# fiction_kazantseva2011 (one sentence per line) the old rule (any learned word of up to 4 letters) lost 529
# line ends that learning nothing keeps; this rule gives back 207 of them (recall 86.98 -> 87.10 %, precision
# 90.89 -> 90.90 %) and, unlike learning nothing, keeps a document's own recurring abbreviations.
LEARNED_MIN = 3
# A text capitalises its sentences when a word after a word's period is capitalised at least this many times as often
# as not: in each of the 82 novels of fiction_kazantseva2011 at least 139 times as often; in chat seldom
CAPITALISED = 3
# Punkt learns from at most this many characters of a text, in TRAIN_PIECES pieces spread evenly over it: training
# costs about 8 s per million characters. On the concatenated novels of fiction_kazantseva2011 (2.8 million
# characters, one sentence per line joined 8 lines to a paragraph) the sample finds the true line ends with recall
# 97.60 % and precision 98.70 % against 97.63 % and 98.60 % when trained on all of it, in 2.3 s instead of 18 s
TRAIN_CHARS = 500_000
TRAIN_PIECES = 10


@functools.lru_cache(maxsize=1)
def _vars():
    """Punkt's language variables with its two whole-text patterns (sentence-end contexts, words) compiled without
    the 5-second limit NLTK 3.10 (nltk.redos) puts on every scan: it counts the time Punkt spends working between
    matches, so a long paragraph (1.9 MB of a novel) failed to load. They are NLTK's own fixed patterns; the app's run
    budget bounds time."""
    from nltk.tokenize.punkt import PunktLanguageVars

    class Vars(PunktLanguageVars):
        period_context_re = functools.cache(lambda self: _unguarded(PunktLanguageVars.period_context_re(self)))
        _word_tokenizer_re = functools.cache(lambda self: _unguarded(PunktLanguageVars._word_tokenizer_re(self)))
    return Vars()


def _unguarded(rx):
    """An nltk.redos pattern (NLTK ≥ 3.10) as the plain `regex` pattern it wraps; a `re` pattern as it is."""
    return rx if isinstance(rx, re.Pattern) else regex.compile(rx.pattern, rx.flags)


@functools.lru_cache(maxsize=1)
def _pretrained_punkt():
    """The installed pretrained English Punkt model, or None (the usual offline case)."""
    from nltk import data as nltk_data
    from nltk.tokenize import punkt

    for resource in ("tokenizers/punkt_tab/english/", "tokenizers/punkt"):
        try:
            nltk_data.find(resource)
        except LookupError:
            continue
        try:
            if "punkt_tab" in resource:
                tok = punkt.PunktTokenizer("english")
            else:
                tok = nltk_data.load("tokenizers/punkt/english.pickle")
            tok._params.abbrev_types.update(ABBREVIATIONS)
            return punkt.PunktSentenceTokenizer(tok._params, lang_vars=_vars())
        except Exception:  # a broken or unreadable model: fall back to training on the text
            continue
    return None


def sentence_splitter_kind() -> str:
    """'punkt-pretrained' if NLTK's English Punkt tables are installed, else 'punkt-trained-on-text'."""
    return "punkt-pretrained" if _pretrained_punkt() is not None else "punkt-trained-on-text"


@dataclass(frozen=True)
class Splitter:
    """Punkt for a text, the language the text is in (langid's code, segcore.language) with its stopwords (none for
    English and a language without a list), and whether the text capitalises its sentences: sentences_with_offsets
    splits by them."""

    punkt: object
    code: str = "en"
    stop: frozenset = frozenset()
    capitalised: bool = True  # capitalises(text)


def punkt_for(text: str) -> Splitter:
    """Punkt for the text (NLTK's English tables when installed, else trained on it) with the abbreviations of the
    language it is in (identified: LANGUAGE_ABBREVIATIONS; English's that are that language's stopwords left out, and
    its reference abbreviations in another language or where the text writes them in lower case), and whether the
    text capitalises its sentences (capitalises)."""
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer, PunktTrainer

    found, capitalised = identify([text]), capitalises(text)
    stop = load_stopwords(found.language) if found.language != ENGLISH else frozenset()
    words = set(WRITTEN_AS_WORD.findall(text)) if found.code == "en" else REFERENCE_ABBREVIATIONS
    dropped = ABBREVIATIONS & (stop | words)
    own = LANGUAGE_ABBREVIATIONS.get(found.code, frozenset())
    tok = _pretrained_punkt()
    if tok is not None:
        if found.code == "en" and not dropped:
            return Splitter(tok, capitalised=capitalised)
        params = PunktParameters()
        params.collocations, params.sent_starters, params.ortho_context = (
            tok._params.collocations, tok._params.sent_starters, tok._params.ortho_context)
        params.abbrev_types = set(tok._params.abbrev_types) - dropped | own
        return Splitter(PunktSentenceTokenizer(params, lang_vars=_vars()), found.code, stop, capitalised)
    trainer = PunktTrainer(lang_vars=_vars())
    trainer.train(_training_sample(text), finalize=False)
    trainer.finalize_training()
    params = trainer.get_params()
    learned = _trusted(params.abbrev_types, text, stop or load_stopwords("choi"))
    params.abbrev_types = learned | (ABBREVIATIONS - dropped) | own
    return Splitter(PunktSentenceTokenizer(params, lang_vars=_vars()), found.code, stop, capitalised)


def capitalises(text: str) -> bool:
    """Whether the text capitalises its sentences: a word after a word's period is capitalised CAPITALISED times as
    often as not, or never lowercase (chat and some notes write every sentence in lower case)."""
    first = [m[1] for m in _AFTER_STOP.finditer(text)]
    return sum(c.isupper() for c in first) >= CAPITALISED * sum(c.islower() for c in first)


def _training_sample(text: str) -> str:
    """The text, or past TRAIN_CHARS characters TRAIN_PIECES pieces of it spread evenly, each cut at line breaks
    where it holds one."""
    if len(text) <= TRAIN_CHARS:
        return text
    size, pieces = TRAIN_CHARS // TRAIN_PIECES, []
    for i in range(TRAIN_PIECES):
        a = i * (len(text) // TRAIN_PIECES)
        nl = text.find("\n", a, a + size) if a else -1
        a = nl + 1 if nl >= 0 else a
        b = text.rfind("\n", a, a + size)
        pieces.append(text[a:b if b > a else a + size])
    return "\n\n".join(pieces)


def _trusted(learned: set[str], text: str, stop: frozenset[str]) -> set[str]:
    """The learned abbreviations kept (LEARNED_MIN; `stop`: the text's language's stopwords, Choi's for English and a
    language without a list): on one document Punkt also "learns" ordinary words seen before a period (e.g.
    "concepts. arXiv preprint" in a reference list), and one written more often without a period than with it is a
    word, not an abbreviation (Debian Reference's Spanish text learned 'doc' from 'libpam-doc.' and 'glibc-doc.' at
    sentences' ends, 3 of its 107 'doc', and joined '… en libpam-doc. | * El documento …')."""
    dotted, written = Counter(), Counter()  # a short word's uses with a period after it, and all of them
    for w, period in re.findall(r"(?<![\w.])(\w{2,4})(?!\w)(\.?)", text):
        written[w.lower()] += 1
        dotted[w.lower()] += bool(period)
    return {a for a in learned if "." in a or len(a) == 1
            or (len(a) <= 4 and a not in stop and dotted[a] >= max(LEARNED_MIN, written[a] / 2))}


def split_paragraphs(text: str) -> list[list[str]]:
    """The sentences of each paragraph of a text (blank lines part paragraphs; NLTK Punkt; inner whitespace
    collapsed)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = [p for p in _PARAGRAPH_BREAK.split(text) if p.strip()]
    if not paragraphs:
        return []
    tok = punkt_for("\n\n".join(paragraphs))
    return [[sent for sent, _ in sentences_with_offsets(tok, para)] for para in paragraphs]


def split_sentences(text: str) -> list[str]:
    """Sentences of a text (NLTK Punkt; blank lines are hard breaks; inner whitespace collapsed)."""
    return [sent for para in split_paragraphs(text) for sent in para]


_NON_WORD = regex.compile(r"([^\w\p{No}\s])")  # regex's \w: a combining mark or joiner is part of its word


def word_elements(text: str) -> list[str]:
    """Alemi & Ginsparg (2015) word elements: lower-cased (text.lowered), every non-alphanumeric char (not _) a
    token; a soft hyphen (an invisible break point inside a word, as web pages and e-books mark them) none."""
    text = lowered(unicodedata.normalize("NFC", text))
    return _NON_WORD.sub(r" \1 ", text).split()


def written_words(text: str) -> list[str]:
    """Each of word_elements(text) as the text writes it (its case kept; NFC, soft hyphens out), with a space after
    the last of each whitespace-separated word: joined with '', the text as written ('AI-assisted tools. ')."""
    out = []
    for word in unicodedata.normalize("NFC", text).replace("\u00ad", "").split():
        *inner, last = _NON_WORD.sub(r" \1 ", word).split()
        out.extend((*inner, last + " "))
    return out


# "Tab. 2", "Sect. 4.1", "Thm. 1": a short capitalised word with a period before a number is a label, not a sentence's
# end (a sentence seldom begins with digits); Punkt splits there unless the word is a known abbreviation
_LABEL_END = re.compile(r"(?<![\w.])[A-Z][a-z]{0,4}\.$")
_NUMBER_START = re.compile(r"\d")
# A name's initials ("F. Y. Choi", "M. A. Hearst" in a reference list): Punkt may cut between two of them. The first
# follows a label, a comma or "and" ('[3] F.', ', T.', 'and A.'), not a word ('Plan B.') nor a colon (a lecture's
# answers, 'Q: A.' | 'A. Good.')
_INITIAL_END = regex.compile(r"(?:[,\])&]\s+|\band\s+)\p{Lu}\.$")
_INITIAL = regex.compile(r"\p{Lu}\.\s")
# A list of names with initials ('A. Author, B. Author, and C. Author'): Punkt cuts after an initial before a name
# that the document writes in lower case too (aipsamp's 'author'). An initial before a capitalised word that is not a
# stopword (a name) is kept with it after an item of the list (initials and a name, then a comma or "and": ', B.' |
# 'Author', 'and C.' | 'Author wrote') or before one ('A.' | 'Author, B. Author'); 'in appendix B. | Then' and
# 'part E. | However, F. Writer' (a stopword after the initial) stay cut
_NAME = r"\p{Lu}[\p{Ll}'’-]+(?![\w'’-])"
_PARTED = r"(?:,\s+(?:and\s+)?|\s+and\s+)"
_LISTED_NAME = regex.compile(rf"({_NAME})({_PARTED}(?:\p{{Lu}}\.\s+)+{_NAME})?")
_ITEM_INITIAL = regex.compile(rf"(?<![\w.])(?:\p{{Lu}}\.\s+)+{_NAME}{_PARTED}\p{{Lu}}\.$")
_LONE_INITIAL = regex.compile(r"(?<![\w.])\p{Lu}\.$")
# a '?' or '!' that Punkt set at a sentence's start: a run of marks cut ("me!!" | "!—and", « Pourquoi ? | ! »), or
# a mark before punctuation ("*?, +?, ?" | "?, or"); one before a word after another sentence's end is a word of
# its own ("the syntax. | ? after a parenthesis")
_MARK_RUN = regex.compile(r"[?!]+(\s+\w)?")
# a mark that opens or goes on after a '?' or '!' ("~?: Display"), or closes ("(dangerous!).", "(really?), but")
_AFTER_ASKED = ":;,([{@" + ")]}\"'”’»"
BULLETS = "•◦▪‣⁃∙●○■□▸►▶➢➤✓"  # the round, square and arrow bullets that open a list's items in print and in text
ITEM_NUMBER = re.compile(r"(\(?)(\d{1,3}|[a-z]|[ivxlc]{2,6})([.)])", re.I)  # a list item's number: 1. 2) (a) iv.
REFERENCE_LABEL = re.compile(r"\[(\d{1,4})\]\s")  # a numbered reference's label: "[4] Lévy, P.: …"
# a screenplay's scene heading's place ("INT.", "EXT.", "12 INT./EXT."): Punkt cuts after it ('INT.' | 'HOUSE - NIGHT');
# before a word in capitals it opens the heading (plaintext reads a screenplay's scene headings by it)
SCENE_PLACE = r"(?:\d{1,4}[A-Z]?\s+)?(?:INT|EXT|EST|I/E|INT\.?\s*/\s*EXT|EXT\.?\s*/\s*INT)"
_SCENE_START = re.compile(rf"{SCENE_PLACE}\.")
_CAPITALS_WORD = re.compile(r"[A-Z][A-Z'’-]*\b(?![a-z])")
_SECTION_NUMBER = regex.compile(r"(?:\p{Lu}\p{Ll}{0,11}\s+)?\d{1,3}(?:\.\d{1,3})+\.")  # "3.1.", "Tabelle 2.4."
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
# a roman number as it is written, up to 399 (CCCXCIX): hundreds, tens, units, each its own letters in their order
_ROMAN = re.compile(r"(?=.)c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})", re.I)


def _item_numbers(text: str) -> set[tuple]:
    """The readings of a list item's number that opens `text` ("1.", "2)", "(a)", "iv.", then words): (style,
    value), the style its kind of number ("1", "a", "A", "i", "I": "i." reads as a letter and as a roman number) and
    its brackets; a reference's label "[4]" reads as ("[1]", 4)."""
    if label := REFERENCE_LABEL.match(text):
        return {("[1]", int(label[1]))}
    m = ITEM_NUMBER.match(text)
    if not m or (m[1] and m[3] != ")") or not text[m.end():m.end() + 1].isspace():
        return set()
    n, form = m[2], m[1] + m[3]
    if n.isdigit():
        return {("1" + form, int(n))}
    out = {(("a" if n.islower() else "A") + form, ord(n.lower()) - 96)} if len(n) == 1 else set()
    if value := roman_value(n):
        out.add((("i" if n.islower() else "I") + form, value))
    return out


def roman_value(n: str) -> int | None:
    """The value of a roman number up to 399 ('iv' 4, 'XII' 12, 'CCLXVIII' 268), None for other words, those of its
    letters too ('CIVIL', 'IIII', 'VX')."""
    if not _ROMAN.fullmatch(n):
        return None
    values = [_ROMAN_VALUES[c] for c in n.lower()]
    return sum(-v if v < w else v for v, w in zip(values, values[1:] + [0]))


def next_item(a: str, b: str) -> bool:
    """`b` opens with the number of a list's item next after the one that opens `a` (1. then 2., (a) then (b), [3]
    then [4])."""
    before = _item_numbers(a)
    return any((style, value - 1) in before for style, value in _item_numbers(b))


# scripts written without spaces between words (a regular expression class's ranges): Chinese and Japanese
# (text.CJK), then Thai, Lao, Myanmar, Khmer
UNSPACED = CJK + "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_CJK_RUN = re.compile(f"[{CJK}]+")


def word_count(text: str) -> int:
    """How many words a line holds: its pieces between spaces, a run of Chinese or Japanese characters (written
    without spaces) counting one word per two characters ("这条命令生成" three words, not one), so that a rule
    that tells a short label from a sentence by its words reads every script alike."""
    return len(text.split()) + (0 if text.isascii() else sum((len(r) - 1) // 2 for r in _CJK_RUN.findall(text)))


# Chinese and Japanese end a sentence with a full stop, question or exclamation mark written without a space after
# it, which Punkt (made for space-separated words) does not see, nor other scripts' stops (_OTHER_STOPS): a sentence
# ends after one (or after ! ? — NFKC's form of the full-width marks — after a Chinese or Japanese character), any
# closing marks, note marks ("。[1]", _NOTE) and the spaces after them (the next sentence begins at its first
# character: a caption line's time is that of the line it is on)
_SCRIPT_END = re.compile(f"(?:[{SCRIPT_STOPS}]|(?<=[{CJK}])[!?])[」』”’）)\\]]*{_NOTE}*\\s*(?=\\S)")


def _script_spans(text: str, a: int, b: int, end: re.Pattern = _SCRIPT_END) -> list[tuple[int, int]]:
    """The span a…b of text cut after each sentence end Punkt does not see inside it (`end`: _SCRIPT_END's)."""
    return _cut(a, b, [m.end() for m in end.finditer(text, a, b)])


def _cut(a: int, b: int, cuts: list[int]) -> list[tuple[int, int]]:
    """The span a…b cut at each of `cuts` (inside it, in order)."""
    return list(zip([a] + cuts, cuts + [b]))


# A numbered reference's label after a sentence's end and before a capitalised word ('[5] A. Doe'): Punkt reads the
# period before it as an abbreviation's where the entry before ends with one ('Phys. Rev. Lett. [5] A. Doe', 'Smith
# et al. [5] A. Doe') and runs the two entries together. The label numbered next after the last such label begins
# an entry (the list's numbering is the evidence; a citation '[5]' in a sentence follows no '[4]' label)
_ENTRY_LABEL = regex.compile(r"(?:^|(?<=[.?!]\s+))\[(\d{1,4})\]\s+(?=\p{Lu})", regex.M)


def _entry_starts(text: str) -> list[int]:
    """Where each entry of a numbered reference list begins (_ENTRY_LABEL), in order."""
    starts, last = [], None
    for m in _ENTRY_LABEL.finditer(text):
        if last is not None and int(m[1]) == last + 1:
            starts.append(m.start())
        last = int(m[1])
    return starts


# After a question or exclamation and its closing quote a capitalised word begins a sentence, though '"Why?" Mary
# asked.' is then cut in two: of the 4,157 capitalised words after ?" or !" (and ’ ” ») in the 82 novels of
# fiction_kazantseva2011, 666 open a tag (a name or "I" and one of 28 verbs of saying), the rest mostly a sentence
# ('"Is it agreed?" He pressed her outstretched hand.'). Joining lowercase tags removed 3,773 of Punkt's 167,939 ends
# in the novels, 65 of them checked by eye: each a tag or the sentence going on ('He repeated: "Go away!" and turned
# round'). The corpus's lines, cut by a sentence splitter, end at 3,352 of them. Without a quote between, a lowercase
# word goes on too ('Ah! this tastes pleasanter', 'What? you here?'): the writer chose lower case. Joining them removed
# 1,384 more of Punkt's 141,551 ends in the novels, none added; 70 checked by eye, each the sentence going on.
# In English a name said with a verb of saying goes on too ('"Why?" Mary asked.', '"Stop!" Mr. Smith said quietly'):
# the verbs are the past tenses of saying that follow a lowercase tag ('"Why?" she asked') at least three times in the
# novels, with 'remarked', 'enquired' and 'went on'; not 'laughed', 'thought', 'nodded' (no saying), nor 'began' and
# 'returned' (in the novels 12 of 13 such 'began' are 'I began to laugh', both 'returned' 'returned to his cigar').
# The tag ends after the verb, or punctuation follows it, or a lowercase word that does not make the verb tell of
# something else ('I answered that', 'said nothing', 'inquired if', 'said he was'); not a colon: that opens the next
# speaker's words ('"Any tobacco?" M. Dubuis replied: "No, monsieur."'). This removed 469 of Punkt's 162,731 ends in
# the novels (277 before "I"), none added; 56 of 60 checked by eye are tags, 4 open the next speaker's words (3 with
# a colon further on: '"... catch you here?" M. Saval said, in a state of confusion: "I haven't ..."').
# So a tag whose clause reaches a colon and a quote ('Sabot exclaimed with sincerity: "As to that …"', 12 in the
# novels) opens the next words, and so does one after a quote that had its tag before it ('Julie dimpled and said,
# "Maybe it's flowers!" Robert shouted, "Bakeryman!"'; 'said he; "but …?" I said, "And how …'): both begin a sentence
# (16 ends back in the novels, all read: each a reply), unless the second tag opens no quote and names the first's
# speaker by its verb (_said_by: '"Now," said I, "… any man do …?" I said.', the one such end in the novels; joining
# every second tag without a quote joined 6 more, each another's: '… this circus?" | Dad chuckled.', '… you come?" |
# I answered'). A tag going on with a comma and a quote is mostly the same speaker's (12 of 17 in the novels: '"Good
# heavens!" I cried, "you surely don't …"', '"Hello!" Dad said, "We're going …"') and stays one sentence, as style
# guides have it; 2 of the other 5 follow a quote opened in an earlier sentence ('she said, "Is this …? Where …?"
# William said, "…"').
SPEECH_VERBS = frozenset("""
said asked cried exclaimed shouted replied inquired enquired demanded repeated gasped called added whispered murmured
answered protested suggested muttered yelled ejaculated continued queried persisted ventured roared retorted screamed
stammered echoed growled entreated commanded shrieked questioned sobbed observed sneered insisted urged remarked
pleaded begged snapped hissed wailed bellowed declared announced groaned laughed chuckled
""".split()) | {"went on"}
# A tag's verb goes on with a few words before its punctuation ('said at last.', 'cried and ran.', 'demanded of the
# station master, a stout …') or with more that add no clause of their own ('declared as Ann Eliza conned her face.');
# past TAG_WORDS words one going on with 'and', 'so' or 'but' right after the verb or its next word tells what the
# speaker did next: narration ('"…?' | 'I laughed so I liked to have gone right over into the water', 'Lisa laughed
# and nodded meaningly to the sea …'; not 'Mother called back from the kitchen door as she peered … and over …')
TAG_WORDS = 4
_TOLD = "that if whether what nothing something it not by for against the those he she we they i you".split()
# a name of one or two capitalised words ('Mary', 'Mr. Smith', 'Aunt Polly') and a verb where the tag ends
_SAYING = "|".join(sorted(SPEECH_VERBS))
_NAMED_TAG = regex.compile(r"\s*(\p{Lu}[\w'’-]*)(?:\.?\s+\p{Lu}[\w'’-]*)?\s+(%s)(?=[^\w\s:]|\s*$|\s+(?!(?:%s)\b)"
                           r"(?=\p{Ll})(?:[\w'’-]+(?:\s+[\w'’-]+){0,%d}\s*(?:[.,;:?!…]|$)"
                           r"|(?!(?:[\w'’-]+\s+)?(?:and|so|but)\b)))"
                           % (_SAYING, "|".join(_TOLD), TAG_WORDS - 1))
# the tag's clause goes on to a quote of its own after a colon (always the next words) or a comma or semicolon
_INTRODUCES = regex.compile(r"[^\"“‘.?!;:]*([,;:])\s*[\"“‘']")
# a quote opened after a word and a comma, semicolon or colon (its tag), ending with a question or exclamation and
# its own closing mark (an inner ‘…’ closes no “…”); looked for up to QUOTE_REACH characters back, so a quote of
# several sentences is read whole ('she said, "Is this …? Where …?" William said, "…"')
_TAGGED_QUOTE = regex.compile(r"\w[,;:]\s*(?:\"[^\"]*[?!…]+\"|“[^“”]*[?!…]+”|‘[^‘]*[?!…]+’)\s*$")
QUOTE_REACH = 2000


def _goes_on(splitter: Splitter, text: str, a: int, b: int, after: str) -> bool:
    """Whether a sentence Punkt ended (text[a:b]) goes on in `after`. In any language a lowercase word after a question
    or exclamation goes on (a dialogue's tag: "Stop!" he said, « Est-ce fini ? » demanda-t-elle, —¿Vienes? —dijo él;
    Oh! how I wish; Yahoo! is) where a quotation mark, bracket or dash is between or the text capitalises its
    sentences (Splitter.capitalised; in chat 'lol! that was fun' are two); a capitalised one does not ("Now!" They
    ran) unless, in English, it is a name (not a stopword: '"Why?" He asked' begins one; "I" is one) said with a verb of
    saying after a closing quote (_NAMED_TAG: '"Why?" Mary asked.') that does not open the next words: a colon and a
    quote later in its clause (_INTRODUCES), or a comma and a quote after a quote that had its tag before it
    (_TAGGED_QUOTE, of one sentence or more: 'Julie said, "Maybe!" Robert shouted, "Bakeryman!"'); a comma and a
    quote after an untagged quote go on ('"Stop!" I cried, "stop now!"'), as does a second tag of the same speaker
    that opens no quote (_said_by: '"Now," said I, "… any man do?" I said.'). In a text not in English a comma,
    semicolon or colon goes on; so does a lowercase word after an abbreviation, an initial or a number ("usw. und",
    "p. ej. las", "3. října"); and, where ordinals take a period (ORDINAL_PERIOD), a capitalised word after a number,
    with or without a note mark, that is neither a stopword nor seen in lower case in the text (a noun: "am 3.
    Oktober", "am 3.[1] Oktober"; "war 25. Heute" ends a sentence)."""
    before, lead = text[a:b], _LEAD.match(after).group()
    first = after[len(lead):len(lead) + 1]
    asked = _ASKED.search(before)
    if asked and first.islower():  # a mark between, or a text that capitalises its sentences
        return bool(asked.group().strip("?!… \t\n") or lead.strip()) or splitter.capitalised
    if splitter.code == "en":
        tag = _NAMED_TAG.match(after) if asked and regex.search(r"[\"'”’»]", asked.group()) else None
        if not tag or (tag[1] != "I" and tag[1].lower() in load_stopwords("choi")):
            return False
        quote = _INTRODUCES.match(after, tag.end())
        if quote and quote[1] == ":":
            return False
        tagged = _TAGGED_QUOTE.search(text, max(0, b - QUOTE_REACH), b)
        return not tagged or (not quote and _said_by(text[max(0, tagged.start() - 200):tagged.start() + 1],
                                                     after[tag.start(1):tag.start(2)]))
    if first and first in ",;:":
        return True
    if first.islower():
        m = _ABBREVIATION_END.search(before)
        word = m.group(1).lower() if m else ""
        return bool(word) and (word in splitter.punkt._params.abbrev_types or len(word) == 1 or word.isdecimal()
                               or "." in word)
    m = _CAPITAL_WORD.match(after)
    word = m.group(1).lower() if m else ""
    return (splitter.code in ORDINAL_PERIOD and bool(splitter.stop) and bool(_ORDINAL_END.search(before))
            and bool(word) and word not in splitter.stop
            and not splitter.punkt._params.ortho_context.get(word, 0) & _SEEN_LOWER)


def _listed_initial(text: str, a: int, b: int) -> bool:
    """Whether the sentence Punkt ended (text[a:b]) ends with an initial in a list of names (_LISTED_NAME)."""
    name = _LISTED_NAME.match(text, b + len(text[b:]) - len(text[b:].lstrip()))
    return bool(name and _LONE_INITIAL.search(text, a, b)) and name[1].lower() not in load_stopwords("choi") and (
        bool(name[2]) or bool(_ITEM_INITIAL.search(text, a, b)))


def _said_by(before: str, name: str) -> bool:
    """Whether the tag that ends `before` (from its last quotation mark on) names `name` next to its verb of saying
    ('said I, with the certificate in my hand' and 'I'; not 'he said, looking at Dad' and 'Dad')."""
    tag = regex.split(r"[\"“”‘]|’(?!\w)", before)[-1]
    name = r"\s+".join(map(regex.escape, name.split()))
    return bool(regex.search(rf"\b(?:{_SAYING})\s+{name}\b|\b{name}\s+(?:{_SAYING})\b", tag))


_BRACKET = re.compile(r"[()\[\]]|\n[ \t\f\v]*\n")  # a bracket, or a paragraph break that no bracket spans


def _opened(text: str) -> list[int]:
    """For each position of text, where the innermost bracket around it opened (-1: none): '(' and '[', each matched
    by its own closing one short of a paragraph break (unmatched ones count for nothing); in time linear in text."""
    pairs, stacks = [], {"(": [], "[": []}
    for m in _BRACKET.finditer(text):
        if m[0] in stacks:
            stacks[m[0]].append(m.start())
        elif m[0] in ")]" and (opens := stacks["(" if m[0] == ")" else "["]):
            pairs.append((opens.pop(), m.start(), m[0]))
        elif m[0] not in ")]":
            stacks = {"(": [], "[": []}
    out, active, at = [-1] * (len(text) + 1), {")": [], "]": []}, 0  # each kind's open pairs nest
    for pos, closed, o, kind in sorted([(o + 1, 0, o, k) for o, _, k in pairs] + [(c + 1, 1, o, k) for o, c, k in
                                                                                   pairs]):
        out[at:pos] = [max((a[-1] for a in active.values() if a), default=-1)] * (pos - at)
        if closed:
            active[kind].pop()
        else:
            active[kind].append(o)
        at = pos
    return out


def sentences_with_offsets(splitter: Splitter, text: str, code: tuple = ()) -> list[tuple[str, int]]:
    """(sentence, offset of its start in text) by Punkt's span_tokenize, a split after a label such as "Tab." before
    a number (_LABEL_END), inside a journal's abbreviated name ("Proc. Natl. Acad. Sci. USA 98", journal_name), between
    two initials ("F. Y. Choi"), after an initial in a list of names ("A. Author, B. | Author, and C. Author") or
    after a screenplay's scene heading's place before a word in capitals ("INT." | "HOUSE - NIGHT", SCENE_PLACE),
    after a list item's number that opens a sentence ("1.", "iv.") or a section's, with a caption's label or not
    ("3.1.", "Tabelle 2.4.": Punkt trained on a manual may learn them as sentence ends from its contents) undone,
    so is one after a period with no space after it (Punkt ends a sentence at a period before '*', '[' or '(':
    "fs.*stat") or after a '?' or '!' before a mark that opens or goes on ('(', '[', ':' …: a manual's key '~?:
    Display a list'; not one that may close an emphasis, 'it!* Thus') or closes (a bracket or quote with no space
    after it, which Punkt's realignment leaves to the next sentence: '(dangerous!' | ').', '(really?' | '), but'),
    inside brackets opened after the sentence's start that close later ('char [*BUG!* should be]', 'ex art. 70 l.
    633/1941)': `_opened`; a bracket opening a sentence keeps the sentences inside it), inside code (`code`: the
    (start, end) of code spans in text, mdinline.inline_with_code) or before a lowercase word
    in a table drawn in characters (`_drawn`: an abbreviation in a cell, "list sig. of"), one before a '?' or '!'
    (Punkt cuts a run of marks, "me!!" | "!—and", and French's spaced "?!", « Pourquoi ? | ! »), and a split before
    a word that goes on the sentence (_goes_on: a dialogue's tag; more in a text not in English); a split after a
    Chinese, Japanese, Hindi, Arabic ... sentence end added (_SCRIPT_END), and in Greek after its question mark ';';
    an opening mark Punkt's realignment put at the end of the sentence before given to the next (_OPENING_END,
    _GLUED_OPENING: '"--export" filters');
    inner whitespace collapsed.
    Note marks glued to a sentence's end before a word that may open one (_MARKED_END) are hidden from Punkt, which
    judges the end as if they were not there, and stay with the sentence they follow; a spaced ellipsis
    (_SPACED_ELLIPSIS) is shown to it as a run of dots ('. . .' as '.....'), which it reads as it reads '...'."""
    notes = {m.start(1): m.end(1) for m in _MARKED_END.finditer(text)}
    masked = _MARKED_END.sub(lambda m: m[0][:m.start(1) - m.start()] + " " * len(m[1]), text)
    masked = _SPACED_ELLIPSIS.sub(lambda m: "." * len(m[0]), masked)
    spans, drawn, opened = [], _drawn(text), _opened(text)
    for a, b in splitter.punkt.span_tokenize(masked):
        b = notes.get(b, b)
        if spans and splitter.code != "en" and _OPENING_END.search(text, spans[-1][0], spans[-1][1]):
            spans[-1], a = (spans[-1][0], spans[-1][1] - 2), spans[-1][1] - 1  # the mark opens this sentence
        elif spans and a == spans[-1][1] and (glued := _GLUED_OPENING.search(text, spans[-1][0], spans[-1][1])):
            spans[-1], a = (spans[-1][0], glued.start()), glued.start(1)
        if spans and ((_NUMBER_START.match(text, a) and _LABEL_END.search(text, spans[-1][0], spans[-1][1]))
                      or journal_name(text, *spans[-1], a)  # "Proc. Natl. Acad. Sci. USA 98"
                      or (_INITIAL.match(text, a) and _INITIAL_END.search(text[slice(*spans[-1])]))  # "F. | Y. Choi"
                      or _listed_initial(text, *spans[-1])  # "A. | Author, B. | Author, and C. | Author"
                      or (a == spans[-1][1] and (text[a - 1] == "."  # "fs.*stat", "filehandle.[read|write]"
                                                 or text[a - 1] in "?!" and text[a] in _AFTER_ASKED))  # "~?: Display"
                      or ((run := _MARK_RUN.match(text, a)) and (text[spans[-1][1] - 1] in "?!" or not run[1]))
                      or any(s < spans[-1][1] <= e for s, e in code)  # "run `cmake .` in"
                      or opened[a] > spans[-1][0]  # "char [*BUG!* should be]": brackets opened in it close later
                      or (drawn and text[a].islower())  # a table's cell: "|list sig. of user_ID |"
                      or ITEM_NUMBER.fullmatch(text, spans[-1][0], spans[-1][1])
                      or (_SCENE_START.fullmatch(text, *spans[-1]) and _CAPITALS_WORD.match(text, a))
                      or _SECTION_NUMBER.fullmatch(text, spans[-1][0], spans[-1][1])
                      or _goes_on(splitter, text, *spans[-1], text[a:b])):
            spans[-1] = (spans[-1][0], b)
        else:
            spans.append((a, b))
    if starts := _entry_starts(text):
        spans = [part for a, b in spans
                 for part in _cut(a, b, starts[bisect.bisect_right(starts, a):bisect.bisect_left(starts, b)])]
    if not text.isascii():
        spans = [part for a, b in spans for part in _script_spans(text, a, b)]
    if splitter.code == "el":
        spans = [part for a, b in spans for part in _script_spans(text, a, b, _GREEK_QUESTION)]
    out = []
    for a, b in spans:
        sent = " ".join(text[a:b].split())
        if sent:
            out.append((sent, a))
    return out


def _drawn(text: str) -> bool:
    """Whether a text is a table drawn in characters: over DRAWN_SHARE of its non-space characters are rules and
    borders (| + - = and box drawing, not glued to a word: _RULE_MARK; a plain-text manual's tables hold 45-75 %, its
    prose and shell sessions under 15 %)."""
    return len(_RULE_MARK.findall(text)) > DRAWN_SHARE * (len(text) - len(_SPACE.findall(text)))


def punctuated(texts) -> bool:
    """Whether texts mark their sentences: at least one . ? ! or … per WORDS_PER_STOP words (automatic captions and
    speech-recognised transcripts often have none, and a sentence splitter then finds one sentence of thousands of
    words). A table drawn in characters (`_drawn`) is no evidence either way."""
    words = stops = 0
    for t in texts:
        if _drawn(t):
            continue
        words += len(t.split())
        stops += len(_STOP.findall(t))
    return words == 0 or stops * WORDS_PER_STOP >= words


def pseudo_sentences(text: str) -> list[tuple[str, int]]:
    """(piece, offset of its start in text): the text cut into PSEUDO_SENTENCE words a piece (Hearst 1997's
    token-sequences), a shorter end than half of that joined to the piece before; inner whitespace collapsed."""
    spans = [m.span() for m in re.finditer(r"\S+", text)]
    cuts = list(range(0, len(spans), PSEUDO_SENTENCE))
    if len(cuts) > 1 and len(spans) - cuts[-1] < PSEUDO_SENTENCE / 2:
        cuts.pop()
    return [(" ".join(text[a:b] for a, b in spans[i:j]), spans[i][0]) for i, j in zip(cuts, cuts[1:] + [len(spans)])]
