"""A book's parts in a plain text (segcore.plaintext reads the rest): Project Gutenberg's header and footer, a
transcriber's notes in brackets, the divisions (parts, chapters, a preface …) with the table of contents that
lists them, and a manual's table of contents (numbered entries that its headings repeat)."""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from functools import cache

from .sentences import roman_value
from .structure import (CAPTION_LABELS, CONTENTS_NAMES, END_PUNCT, NOTE_LABEL, looks_like_title, split_number,
                        writes_prose)

__all__ = ["BOOK_MIN", "book_divisions", "bracketed_notes", "contents_heading", "division_kinds", "division_label",
           "division_title", "entry_key", "gutenberg_wrapper", "labelled_divisions", "listed_contents",
           "numbered_sections"]

_PG_START = re.compile(r"^\*{3}\s*START OF (?:THE|THIS) PROJECT GUTENBERG|^\*END\*THE SMALL PRINT", re.I)
_PG_END = re.compile(r"^\*{3}\s*END OF (?:THE|THIS) PROJECT GUTENBERG|^End of (?:the )?Project Gutenberg", re.I)
_PG_CREDITS = re.compile(r"^(?:produced by|e-?text prepared by|transcribed (?:from|by)|this e-?(?:text|book) was "
                         r"(?:produced|prepared|created) by)\b", re.I)
_NOTE = re.compile(r"^\[(?:illustration|footnote|sidenote|transcriber'?s note)\b", re.I)
_UNITS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
          "seventeen|eighteen|nineteen")
_ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
             "fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth")
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
# French ordinals past the first, built as French builds them: a number's words with 'ième' for their last letter
# ('deuxième', 'dix-septième', 'vingt et unième', 'soixante-dix-neuvième'); the stems lose a final e ('quatr',
# 'onz', 'trent') and turn f to v ('neuv')
_FR_STEMS = "deux|trois|quatr|cinqu|six|sept|huit|neuv|dix(?:-sept|-huit|-neuv)?|onz|douz|treiz|quatorz|quinz|seiz"
_FR_TENS = "vingt|trente?|quarante?|cinquante?|soixante?|quatre-vingt"
_FR_ORDINAL = rf"(?:(?:{_FR_TENS})(?:-(?:{_FR_STEMS}|un)|[-\s]et[-\s](?:un|onz))?|{_FR_STEMS})ième"
# Spanish, Portuguese and Italian ordinals, by their Latin tens and units ('décimo', 'vigésimo tercero', 'vigésimo
# terceiro', 'decimoterzo', 'undécimo', a written accent or not) and Italian's own: a number's words with 'esimo' for
# their last vowel ('tredicesimo', 'ventitreesimo', 'ventunesimo', 'trentottesimo'); masculine or feminine
_LATIN_UNITS = ("prim(?:er|eir)?|segund|second|terc(?:er|eir)|terz|cuart|quart|quint|sext|sest|s[eé]p?tim|settim|"
                "octav|oitav|ottav|noven|non")
_LATIN_TENS = (r"d[eé]cim|vig[eé]sim|trig[eé]sim|"
               r"(?:cuadra|quadra|quincua|quinqua|sexa|sep?tua|settua|octo|ottua|nona)g[eé]sim")
_IT_TENS = "vent|trent|quarant|cinquant|sessant|settant|ottant|novant"
_IT_ORDINAL = (rf"(?:undic|dodic|tredic|quattordic|quindic|sedic|diciassett|diciott|diciannov|cent|"
               rf"(?:{_IT_TENS})(?:[ia]?(?:du|tre|quattr|cinqu|sei|sett|nov)|un|ott)?)esim")
_ROMANCE_ORDINAL = (rf"(?:(?:{_LATIN_TENS})[oa](?:[\s-]?(?:{_LATIN_UNITS})[oa])?|(?:un|duo)d[eé]cim[oa]|"
                    rf"(?:{_LATIN_UNITS})[oa]|{_IT_ORDINAL}[oa])")
# Russian ordinals, in each gender ('первая', 'третий', 'двадцать третья': a ten's cardinal before the unit's ordinal)
_RU_STEMS = ("перв|втор|четв[её]рт|пят|шест|седьм|восьм|девят|десят|(?:один|две|три|четыр|пят|шест|сем|восем|девят)"
             "надцат|двадцат|тридцат|сороков|(?:пяти|шести|семи|восьми)десят|девяност|сот")
_RU_ORDINAL = (r"(?:(?:двадцать|тридцать|сорок|пятьдесят|шестьдесят|семьдесят|восемьдесят|девяносто)\s+)?"
               rf"(?:(?:{_RU_STEMS})(?:ая|ый|ое|ой)|трет(?:ья|ий|ье))")
# ordinals after a division's word in other languages: French's ('Chapitre premier', 'Chapitre treizième'),
# Spanish's, Portuguese's, Italian's ('Capítulo vigésimo tercero', 'Capitolo ventitreesimo') and Russian's ('Глава
# двадцать третья')
_OTHER_ORDINALS = rf"premier|première|seconde?|{_FR_ORDINAL}|{_ROMANCE_ORDINAL}|{_RU_ORDINAL}"
_TENTHS = "(?:twent|thirt|fort|fift|sixt|sevent|eight|ninet)ieth"
_WORD_NUMBER = (rf"(?:the\s+)?(?:(?:{_TENS})(?:[-\s](?:{_UNITS}|{_ORDINALS}))?|{_TENTHS}|{_ORDINALS}|{_UNITS}|"
                rf"{_OTHER_ORDINALS})")
# English ordinals before the word ('First Chapter', 'The Twenty-First Chapter', 'THE SECOND PART')
_ORDINAL_FIRST = rf"(?:the\s+)?(?:(?:{_TENS})[-\s](?:{_ORDINALS})|{_TENTHS}|{_ORDINALS})"
# the kinds of a book's divisions: their raw level (1: the book's title; a part holds chapters, an act scenes) and
# their words in the languages segcore.language reads (English, German, French, Spanish, Portuguese, Italian, Dutch,
# Danish, Swedish, Norwegian, Finnish, Hungarian, Russian, Turkish); the kinds of _UNNUMBERED stand unnumbered, an
# appendix either way or lettered ('Appendix A. Appendix', 'Anhang A'). A course's lectures and lessons stand as its
# chapters ('Lecture 3', 'Vorlesung 3', '3. előadás'); a section ('SECTION I. OF THE ORIGIN OF IDEAS', as Project
# Gutenberg sets Hume's) below a chapter (levels are ranked: alone it reads as the top one; a book that nests parts
# in its sections has them so, _nesting). Left out, as words that open ordinary lines: Dutch 'college' and 'les'
# (English 'college', French 'les'); Finnish 'osa' names a part
_KINDS = {
    "book": (2, "book buch livre libro livro boek bog bok kirja könyv книга kitap"),
    "part": (2, "part teil partie parte deel del osa rész часть kısım"),
    "volume": (2, "volume band tome tomo volumen bind nide kötet том cilt"),
    "act": (2, "act akt aufzug acte acto ato atto bedrijf näytös felvonás действие perde"),
    "chapter": (3, "chapter kapitel chapitre capítulo capitolo hoofdstuk kapittel luku fejezet глава bölüm"),
    "lecture": (3, "lecture lesson vorlesung lektion leçon lección lição lezione forelæsning föreläsning "
                   "forelesning leksjon luento oppitunti előadás lecke лекция урок ders"),
    "section": (4, "section abschnitt sección secção seção sezione afdeling afsnit avsnitt szakasz раздел"),
    "stave": (3, "stave"), "canto": (3, "canto"), "letter": (3, "letter brief lettre carta lettera"),
    "scene": (4, "scene szene auftritt scène escena cena scena scen kohtaus jelenet сцена явление sahne"),
    "appendix": (3, "appendix anhang annexe appendice apéndice anexo apêndice bijlage bilag bilaga appendiks "
                    "vedlegg liite függelék приложение ek"),
    "preface": (3, "preface foreword vorwort geleitwort préface avant-propos prefacio prefácio prefazione "
                   "voorwoord forord förord esipuhe előszó предисловие önsöz"),
    "introduction": (3, "introduction einleitung einführung introducción introdução introduzione inleiding "
                        "indledning inledning innledning johdanto bevezetés введение giriş"),
    "prologue": (3, "prologue prolog prólogo prologo proloog prologi пролог"),
    "epilogue": (3, "epilogue epilog épilogue epílogo epilogo epiloog epilogi эпилог"),
    "afterword": (3, "afterword postscript nachwort postface posfácio postfazione nawoord efterord etterord "
                     "jälkisanat utószó послесловие sonsöz"),
    "conclusion": (3, "conclusion schluss conclusión conclusão conclusione besluit konklusion slutsats konklusjon "
                      "loppusanat заключение sonuç"),
}
_UNNUMBERED = ("preface", "introduction", "prologue", "epilogue", "afterword", "conclusion")
_WORDS = {kind: "|".join(map(re.escape, words.split())) for kind, (_, words) in _KINDS.items()}
_KIND_WORDS = {kind: re.compile(rf"(?:{words})$", re.I) for kind, words in _WORDS.items()}  # matched, not
# lower()ed: 'KISIM'.lower() is no 'kısım'
_NUMBERED = "|".join(words for kind, words in _WORDS.items() if kind not in _UNNUMBERED)
# the mark between a division's number and its title: '.', ':', a dash ('—', or '--' as a typewriter and Project
# Gutenberg write one: 'CHAPTER II--THE STORM')
_MARK = r"(?:[.:—–]|--?)"
DIVISION_WORD = re.compile(rf"^(?:{_NUMBERED})\s+(?=\S)", re.I)  # a numbered division's word opening a line: 'Anhang '
_DIVISION = re.compile(rf"^({_NUMBERED})\s+({_WORD_NUMBER}|[IVXLC]+|\d{{1,3}}|[A-Z]|(?-i:[А-Я]))\b\.?\s*"
                       rf"(?:{_MARK}\s*)?(.*)$", re.I)  # an appendix's letter may be Cyrillic: 'Приложение Б';
# a number in words is tried first: 'dix-septième' is no roman 'DIX' with a title '-septième'
# German's ordinals before the word ('Erstes Kapitel', 'Zweiter Teil', 'Dritte Szene'), by their stems
_GERMAN_ORDINALS = ("erst|zweit|dritt|viert|fünft|sechst|sieb(?:en)?t|acht|neunt|zehnt|elft|zwölft|dreizehnt|"
                    "vierzehnt|fünfzehnt|sechzehnt|siebzehnt|achtzehnt|neunzehnt|(?:(?:ein|zwei|drei|vier|fünf|"
                    "sechs|sieben|acht|neun)und)?(?:zwanzig|dreißig)st")
# the number before the word, as Hungarian has it ('1. fejezet', 'III. RÉSZ: …'), German ('Erstes Kapitel') and
# English in words ('The First Chapter'); a title only after a mark, so that a list item ('2. Part of the work') is none
_NUMBER_FIRST = re.compile(rf"^(?:([IVXLC]+|\d{{1,3}})\.|({_GERMAN_ORDINALS})e[rs]?|({_ORDINAL_FIRST}))\s+({_NUMBERED})"
                           rf"(?:\s*$|\s*{_MARK}\s*(.*)$)", re.I)
# a division's label in Chinese, Japanese and Korean, its title after it with or without a space: '第三章', '第 2 节',
# '附录 A', '付録 B', '제 1 장', '부록 A' (an appendix's number in words ends at a space or a mark: '附录一般' is none)
_CJK_DIVISION = re.compile(r"^(?:第\s*[\d零〇一二三四五六七八九十百两]{1,4}\s*[章节節篇部卷回编編讲講课課]"
                           r"|제\s*\d{1,3}\s*[장절부편권]|(?:附录|附錄|付録|부록)\s*(?:[A-Z](?![A-Za-z])|\d{1,2}(?!\d)"
                           r"|[一二三四五六七八九十]{1,3}(?=[\s.:：、]|$)))[\s.:：、]*(.*)$")
_LONE_ROMAN = re.compile(r"^[IVXLC]+\.?$")  # "XII" on a line of its own: a chapter (roman_value's, up to 399)
_BOOK_PARTS = re.compile(rf"^(?:{'|'.join(_WORDS[k] for k in (*_UNNUMBERED, 'appendix'))}|author'?s note)\.?$",
                         re.I)
# a table of contents' heading, in the same languages
_CONTENTS = re.compile(rf"^(?:{CONTENTS_NAMES})\.?:?$", re.I)
_PAGE = re.compile(r"(?:\s*(?:\.\s?){2,}|\s{2,})\s*(?:\d{1,4}|[ivxlc]{1,6})$", re.I)  # leaders, a page: '…… 12'
_LEADERS = re.compile(r"(?:\.\s?){4,}\s*(?:\d{1,4}|[ivxlc]{1,6})$", re.I)  # '. . . . 12': no line of prose
_LABEL = re.compile(rf"^(?:{'|'.join(map(re.escape, CAPTION_LABELS))}|{'|'.join(_WORDS.values())})\s+(?=\S)",
                    re.I)  # a caption's or a division's label: 'Table 1.1. …', 'Chapter 2. …', 'Anhang A. …'
_CLOSED_TITLE = re.compile(r"[^\W\d_]\.$")  # one period after a word closes a title below its label: 'THE RETURN.'
ENTRY_WORDS = 12  # words of an unnumbered contents entry (or a wrapped entry's next line) at most
ENTRIES_MIN = 3  # numbered entries from which lines without a contents heading are contents
BOOK_MIN = 3  # a text is a book when it has this many numbered divisions (after its table of contents)
NESTED_MIN = 2  # times one kind's numbers start again under another's from which it holds them (_nesting)


def gutenberg_wrapper(stripped: list[str]) -> set[int]:
    """Lines of Project Gutenberg's header (up to its START line, and a credits paragraph just after it) and of its
    footer (from 'End of the Project Gutenberg EBook …' or its END line on)."""
    start = next((i for i, s in enumerate(stripped) if _PG_START.match(s)), None)
    end = next((i for i, s in enumerate(stripped) if _PG_END.match(s) and (start is None or i > start)), None)
    out = set(range(start + 1)) if start is not None else set()
    if start is not None:
        j = next((j for j in range(start + 1, len(stripped)) if stripped[j]), len(stripped))
        if j < len(stripped) and _PG_CREDITS.match(stripped[j]):
            while j < len(stripped) and stripped[j]:
                out.add(j)
                j += 1
    return out | (set(range(end, len(stripped))) if end is not None else set())


def bracketed_notes(stripped: list[str]) -> set[int]:
    """Lines of the notes in brackets of a transcribed book: '[Illustration: …]', '[Footnote 3: …]', up to the
    closing bracket (or the end of the paragraph)."""
    out, i = set(), 0
    while i < len(stripped):
        if _NOTE.match(stripped[i]):
            depth = 0
            while i < len(stripped) and stripped[i]:
                out.add(i)
                depth += stripped[i].count("[") - stripped[i].count("]")
                i += 1
                if depth <= 0:
                    break
        else:
            i += 1
    return out


def _division_title(text: str, strict: bool, one_line: bool = False) -> bool:
    """A division's title: on the division's own line any case will do, a final period too ('CHAPTER I. In which we
    meet.'); on the lines below it (strict) it must be title-shaped — a final period only on its one line below it
    (one_line) in capitals or in title case with a capitalised word of four letters or more ('OF THE ORIGIN OF IDEAS.',
    'The Return.', as Project Gutenberg sets Hume's and many a novel's; 'Yes.' or 'It was cold.' is a short first
    sentence) —, not a note box's label ('Note' under a manual's chapter heading) nor a section's heading ('7.1.
    GUI-Arbeitsplatz…' under 'Kapitel 7. GUI-System')."""
    if not strict:
        return looks_like_title(text.rstrip(".").strip(), max_words=20, any_case=True)
    text = text.strip()
    if NOTE_LABEL.match(text) or "." in (split_number(text)[0] or ""):
        return False
    if one_line and _CLOSED_TITLE.search(text):
        text = text[:-1]
        if not (text.isupper() or any(w[0].isupper() and len(w) >= 4 for w in re.findall(r"[^\W\d_]+", text))):
            return False
    return looks_like_title(text, max_words=20)


def _division(s: str) -> tuple[int, tuple[str, str]] | None:
    """(raw level, key) of a line that names a division of a book ('CHAPTER IV. The Storm', 'XII', 'Epilogue'),
    else None. Raw levels start at 2: 1 is the book's own title."""
    m = _DIVISION.match(s)
    word, number, title = m.groups() if m else (n[4], n[1] or n[2] or n[3], n[5]) if (n := _NUMBER_FIRST.match(s)) \
        else (None,) * 3
    if word and (not title or _division_title(title, False)):
        kind = next(k for k, words in _KIND_WORDS.items() if words.match(word))
        number = number.upper()
        if roman_value(number) if _LONE_ROMAN.match(number) else \
                kind == "appendix" or len(number) > 1 or not number.isalpha():
            return _KINDS[kind][0], (kind, number)  # a roman number as written ('CIVIL' is none); a letter (but a
            # roman number's) numbers appendices only
    if _LONE_ROMAN.match(s) and roman_value(s.rstrip(".")):
        return _KINDS["chapter"][0], ("chapter", s.rstrip(".").upper())
    if _BOOK_PARTS.match(s):
        return _KINDS["chapter"][0], (s.rstrip(".").lower(), "")
    return None


def contents_heading(text: str) -> bool:
    """A table of contents' (or list of figures') heading: 'Contents', 'Inhaltsverzeichnis', 'List of Figures'."""
    return bool(_CONTENTS.match(text.strip()))


def division_title(text: str) -> str | None:
    """The title of a line that names a division, without the division's word and number ('Appendix' for 'Appendix A
    Appendix', 'The Storm' for 'CHAPTER IV. The Storm', '' for 'Part II', '绪论' for '第一章 绪论'); None when the line
    names none."""
    s = text.strip()
    if c := _CJK_DIVISION.match(s):
        return c.group(1)
    m = _DIVISION.match(s) or _NUMBER_FIRST.match(s)
    return (m.groups()[-1] or "") if m and _division(s) is not None else None


def division_label(text: str) -> bool:
    """A division's word and number without a title ('Chapter 3', 'Kapitel 1', 'Anhang A', 'Part II', '1. fejezet'):
    the label a book or thesis sets on a line of its own over the division's title."""
    return division_title(text) == ""


def _numbered(key: tuple[str, str]) -> bool:
    """Whether a division's key numbers it as a book numbers its parts: an appendix's letter or number does not (a
    paper has appendices A to C)."""
    return bool(key[1]) and key[0] != "appendix"


def division_kinds(stripped: list[str]) -> list:
    """The division each line names ((raw level, key), _division's), or None: found once for book_divisions and
    labelled_divisions over the same lines."""
    return [_division(s) if s and (s[0].isupper() or s[0].isdigit()) else None for s in stripped]


def _divisions(stripped: list[str], kinds: list | None) -> tuple[list[bool], list]:
    """(blank, the division each line names: division_kinds', found here unless given), each list one longer than
    the text's lines."""
    return [not s for s in stripped] + [True], (division_kinds(stripped) if kinds is None else kinds) + [None]


def _titled(stripped: list[str], blank: list[bool], kinds: list, i: int) -> tuple[list[int], str, list[int], list[int]]:
    """(lines the division at line i takes, its heading, the lines of text just below it, the line of a contents
    heading just under it): its title on the lines just below joined — up to two title-shaped lines up to a blank
    line or the next division, or the next line set apart by a blank line ('CHAPTER I.', '', 'The Storm')."""
    n, s = len(stripped), stripped[i]
    stop = next(j for j in range(i + 1, n + 1) if blank[j] or kinds[j])
    nxt = next((j for j in range(i + 1, min(n, i + 4)) if stripped[j]), None)
    below = list(range(i + 1, stop)) if stop > i + 1 else \
        [nxt] if nxt is not None and blank[nxt + 1] and not kinds[nxt] else []
    words = " ".join(stripped[j] for j in below)
    if nxt is not None and _CONTENTS.match(stripped[nxt]):  # 'Preface' over 'Table of Contents': no title
        return [i], s, below, [nxt]
    if below and len(below) <= 2 and _division_title(words, True, len(below) == 1):
        return [i, *below], f"{s.rstrip('.')}. {words}", below, []
    return [i], s, below, []


def labelled_divisions(stripped: list[str], kinds: list | None = None) -> list[tuple[int, str, list[int]]]:
    """(line, heading, lines below it that its title takes) of the divisions a text that is no book (fewer than
    BOOK_MIN) labels on a line of its own (division_label: 'CHAPTER I.', 'Chapter Three', 'BOOK II', 'PART ONE')
    after a blank line: a blank line under the label, or under its title (_titled); never a roman number alone ('IV.'
    heads a list item as often) nor a label over a paragraph of text. `kinds`: division_kinds(stripped), if found."""
    blank, kinds = _divisions(stripped, kinds)
    out = []
    for i, s in enumerate(stripped):
        if kinds[i] is not None and (i == 0 or blank[i - 1]) and division_label(s):
            taken, title, below, _ = _titled(stripped, blank, kinds, i)
            if len(taken) > 1 or not below or below[0] > i + 1:
                out.append((i, title, taken[1:]))
    return out


def _nesting(keys: list[tuple[str, str]]) -> dict[str, int]:
    """The raw levels of the kinds of division (`keys`, the divisions' in order) that a book nests otherwise than
    _KINDS ranks them: a kind whose numbers start again after another kind's divisions (NESTED_MIN times or more),
    while that kind's own did not start again in between, is held by it (PART I and PART II under each SECTION of
    Hume's Enquiry; chapters under books, as _KINDS has it), a level below it. Once is no nesting: a table of contents
    over the text starts every kind again once (PART I listed, chapters I to X, PART I over chapter I). Kinds each
    holding the other keep their ranks."""
    seen, last, restarted, holds = {}, {}, {}, Counter()  # key: where last; kind: where last, where last started again
    for x, key in enumerate(keys):
        if not _numbered(key):
            continue
        if key in seen:
            holds.update((kind, key[0]) for kind, at in last.items()
                         if kind != key[0] and at > seen[key] and restarted.get(kind, -1) < seen[key])
            restarted[key[0]] = x
        seen[key], last[key[0]] = x, x
    level = {kind: lv for kind, (lv, _) in _KINDS.items()}
    pairs = [(a, b) for (a, b), k in sorted(holds.items()) if k >= NESTED_MIN > holds[b, a]]
    for _ in pairs:  # as many rounds as pairs: a chain of them settles
        for a, b in pairs:
            level[b] = max(level[b], level[a] + 1)
    return {kind: lv for kind, lv in level.items() if lv != _KINDS[kind][0]}


def book_divisions(stripped: list[str], kinds: list | None = None) -> \
        tuple[list[tuple[int, int, str]], set[int]] | None:
    """(headings as (line index, raw level, title), lines of the table of contents) of a book — its divisions set
    apart by a blank line above (a title on the lines just below joins; a roman number alone, 'IV.', stands on a line
    of its own or over its title; at _KINDS' levels, or as the book nests its kinds: _nesting), its preface, epilogue
    and the like, its first line as the book's title (raw level 1) — or None when it has fewer than BOOK_MIN
    divisions. A table of contents is the divisions followed by less than two lines (and 40 words) of text before the
    next one, or by less than five lines (and 100 words) when the same division comes again later: its entries are
    left out, with a 'Contents' line above them; a 'Contents' line just under a division is left out, never its
    title. `kinds`: division_kinds(stripped), if found."""
    n = len(stripped)
    blank, kinds = _divisions(stripped, kinds)
    found, listings = [], set()  # [line, raw level, title, key, lines the heading takes], contents lines under one
    for i, s in enumerate(stripped):
        if kinds[i] is None or not (i == 0 or blank[i - 1] or kinds[i - 1]):
            continue
        (level, key), (taken, title, _, listing) = kinds[i], _titled(stripped, blank, kinds, i)
        if _LONE_ROMAN.match(s) and not (blank[i + 1] or len(taken) > 1):
            continue  # 'IV.' over the text of a list's item: a chapter's number stands on a line of its own
        listings.update(listing)
        found.append([i, level, title, key, taken])
    if sum(_numbered(h[3]) for h in found) < BOOK_MIN:
        return None
    ranks = _nesting([h[3] for h in found])
    for h in found:
        h[1] = ranks.get(h[3][0], h[1])
    within, paths = {}, []  # each division with those above it: chapter I of book II is not chapter I of book I
    for h in found:
        within = {lv: k for lv, k in within.items() if lv < h[1]} | {h[1]: h[3]}
        paths.append(tuple(sorted(within.items())))
    division_lines = {j for h in found for j in h[4]}
    ends, nearest = [n] * len(found), {}  # where the next division at each one's level or above starts
    for x in range(len(found) - 1, -1, -1):
        ends[x] = min((at for lv, at in nearest.items() if lv <= found[x][1]), default=n)
        nearest[found[x][1]] = found[x][0]
    contents, later = listings, Counter(paths)
    for x, h in enumerate(found):
        later[paths[x]] -= 1
        text = [j for j in range(h[4][-1] + 1, ends[x]) if stripped[j] and j not in division_lines]
        words = sum(len(stripped[j].split()) for j in text[:5])
        if (len(text) < 2 and words < 40) or (len(text) < 5 and words < 100 and later[paths[x]] > 0):
            following = found[x + 1][0] if x + 1 < len(found) else n
            contents.update(h[4] + [j for j in text if j < following])
    heads = [h for h in found if h[0] not in contents]
    if sum(_numbered(h[3]) for h in heads) < BOOK_MIN:  # numbered divisions: a preface and an epilogue are not a book
        return None
    listed = next((i for i, s in enumerate(stripped[:heads[0][0]]) if _CONTENTS.match(s)), None)
    if listed is not None:  # a 'Contents' line and the short lines after it, up to the first division
        contents.add(listed)
        for j in range(listed + 1, heads[0][0]):
            if stripped[j] and writes_prose(stripped[j]):
                break
            contents.add(j)
    first = next(i for i, s in enumerate(stripped) if s)
    out = [(i, lv, t) for i, lv, t, _, _ in heads] + [(j, -1, "") for h in heads for j in h[4][1:]]
    if first < heads[0][0] and first not in contents and _division_title(stripped[first], True):
        out.append((first, 1, stripped[first]))
    return sorted(out), contents


def _division_number(title: str) -> str | None:
    """The number a division's sections are numbered under: '2' for 'Chapter 2. …' and 'CHAPTER II', 'A' for
    'Appendix A'; '' for a division that stands unnumbered ('Preface'), None for one numbered in words ('Chapter
    One')."""
    kind, number = division[1] if (division := _division(title)) else ("", "")
    if not number:
        return ""
    if kind == "appendix" and len(number) == 1 and number.isalpha():
        return number  # 'A' for 'Appendix A. …', whose sections are 'A.1.' …
    if number.isdigit():
        return str(int(number))
    value = roman_value(number)
    return str(value) if value else None


def numbered_sections(heads: list[tuple[int, int, str]], found: list[tuple[int, int, str]]) -> \
        list[tuple[int, int, str]]:
    """Of a book's numbered plain headings (`found`: (line, raw level, title), at level -1 the lines that carry one
    on), those that number a section of the division they fall in (`heads`, book_divisions'): two parts or more, the
    first the division's number ('2.1.' and '2.1.3' under 'Chapter 2' or 'CHAPTER II'), a raw level below it for
    each part past the first; under an unnumbered division ('Preface') those whose first part is one of its
    sections numbered 1, 2, … in sequence ('1. Disclaimer', '3.1. Guiding rules'), a raw level below it for each
    part; with the lines within three of them that carry them on."""
    divisions = sorted((i, lv, _division_number(t)) for i, lv, t in heads if lv > 1)
    starts = [i for i, _, _ in divisions]
    numbered = []  # (line, title, number's parts, the division it falls in)
    for i, lv, t in found:
        if lv > 0 and (number := split_number(t)[0]) and (x := bisect_left(starts, i) - 1) >= 0:
            numbered.append((i, t, number.split("."), divisions[x]))
    tops = {}  # an unnumbered division's sections numbered in one part, two or more running 1, 2, …
    for i, _, parts, within in numbered:
        if within[2] == "" and len(parts) == 1 and parts[0].isdigit():
            tops.setdefault(within[0], []).append(int(parts[0]))
    tops = {at: set(n) for at, n in tops.items() if len(n) >= 2 and n == list(range(1, len(n) + 1))}
    taken, out = set(), []
    for i, t, parts, within in numbered:
        prefix = [within[2]] if within[2] else []
        if within[2] is not None and parts[:len(prefix)] == prefix and len(parts) > len(prefix) and (
                prefix or (parts[0].isdigit() and int(parts[0]) in tops.get(within[0], ()))):
            out.append((i, within[1] + len(parts) - len(prefix), t))
            taken.add(i)
    return out + [(k, -1, "") for k, lv, _ in found if lv < 0 and any(j in taken for j in range(k - 3, k + 4))]


def entry_key(s: str) -> tuple[str | None, str]:
    """(number, first words) by which a contents entry and the heading it lists are matched: without a caption's or
    a division's label ('2. Keyboard State' lists 'Chapter 2. Keyboard State'), leaders and page number; case and a
    number's final period aside."""
    number, title = split_number(_LABEL.sub("", _PAGE.sub("", s)))
    return number and number.rstrip("."), " ".join(title.lower().split()[:3])


def listed_contents(stripped: list[str], apart: list[bool] | None = None) -> set[int]:
    """Lines of a text's tables of contents (and lists of tables and figures): under a contents heading
    (CONTENTS_NAMES), or without one a paragraph of ENTRIES_MIN numbered entries or more, the paragraphs of entries
    (numbered lines, lines ending with leaders or a page number, short lines that end no sentence, the wrapped
    rest of an entry: a short line under a numbered one, which may end as the entry's title does) up to a line that
    repeats an entry or a lone line set apart (the first section's heading; one with leaders and a page number, or
    one set apart again later, is an entry) — when most entries are lines set apart later in the text (its headings)
    or end with leaders (or, under a heading, a page number). The lines set apart are those after a blank line, or
    those `apart` names (a PDF's first lines of text boxes, segcore.pdf)."""
    n, out = len(stripped), set()
    blank = [not s for s in stripped] + [True]
    apart = apart or [bool(s) and blank[i - 1] for i, s in enumerate(stripped)]
    key = cache(lambda k: entry_key(stripped[k]))  # a line's, found once
    last = {}  # key: the last line set apart that may be a heading
    for i, s in enumerate(stripped):
        if apart[i] and len(s.split()) <= 2 * ENTRY_WORDS:
            last[key(i)] = i

    def entry(k: int) -> bool:  # a numbered entry's wrapped rest may end as its title does ('… apt-pinning.')
        s = stripped[k]
        return bool(split_number(s)[0] or _PAGE.search(s)) or len(s.split()) <= ENTRY_WORDS and (
            not END_PUNCT.search(s) or bool(k and stripped[k - 1] and split_number(stripped[k - 1])[0]))

    i = 0
    while i < n:
        headed = bool(_CONTENTS.match(stripped[i]))
        start = i + 1 if headed else i
        if not headed and not (stripped[i] and blank[i - 1]):
            i += 1
            continue
        run, keys, j = [], set(), start
        while j < n and (headed or not run):  # paragraph by paragraph; without a heading, one
            if blank[j]:
                j += 1
                continue
            para = list(range(j, next(k for k in range(j, n + 1) if blank[k])))
            # a section's entry: its heading comes later
            lone = run and len(para) == 1 and not _PAGE.search(stripped[j]) and last.get(key(j), j) <= j
            if lone or key(j) in keys or not all(
                    entry(k) and not _CONTENTS.match(stripped[k]) for k in para):
                break  # the first section's heading (or a line set apart, as one), prose or another contents heading
            keys.update(key(k) for k in para)
            run += para
            j = para[-1] + 1
        numbered = [k for k in run if split_number(stripped[k])[0]]
        later = sum(last.get(key(k), -1) > run[-1] for k in run)
        paged = sum(bool((_PAGE if headed else _LEADERS).search(stripped[k])) for k in run)
        if run and (headed or len(numbered) >= ENTRIES_MIN) and 2 * max(later, paged) >= len(run):
            out.update([i] * headed + list(range(start, run[-1] + 1)))
            i = run[-1] + 1
        else:
            i += 1
    return out
