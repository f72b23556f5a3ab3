"""A document's own structure as a reference segmentation: its section headings.

Texts (segcore.plaintext) and PDFs (segcore.pdf) are read into `Block`s: a heading line, or a paragraph of body
text; this module holds what both readers share (how a heading is numbered and shaped, the names of a paper's
sections, what reading may leave out) and what follows from the headings. The loaders turn blocks into elements: **a
heading is kept as an element of its own** (never glued to the next sentence) and the section it opens starts at
that element. The `Outline` lists the headings with their element indices; `reference(outline, depth)` gives the
segment ends of the top `depth` heading levels ("sections": 1, "subsections": 2), to score a segmentation like any
other reference.
"""
from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import numpy as np

from .document import WRITTEN, Document
from .errors import InputError, ParameterError
from .sentences import SCRIPT_STOPS

DEPTHS = {"sections": 1, "subsections": 2}


@dataclass
class Block:
    """A heading (level >= 1) or a paragraph of body text (level 0); `marks` are (char offset, page, y) of its
    lines when it comes from a PDF (page from 1, y in points from the page top); `code` the (start, end) of its code
    spans' text (Markdown's), where no sentence ends."""

    text: str
    level: int = 0
    number: str | None = None
    marks: list = field(default_factory=list)
    code: tuple = ()


@dataclass(frozen=True)
class Heading:
    title: str
    level: int        # 1 = the top level present in the document, 2 the next, ...
    element: int      # index of the heading's own element (its first word at word level)
    number: str | None = None
    size: int = 1     # its elements: one, or its words at word level


@dataclass
class Outline:
    """The headings of a document (titles, dense levels, element indices) over n elements."""

    headings: list[Heading]
    n: int
    title: str | None = None  # a lone top-level heading that opens the document: its title, not a section
    front: int = 0  # the elements before the first heading when none writes prose (writes_prose): a title, a byline
    title_size: int = 1  # the title's elements from 0: one, or its words at word level

    @property
    def depth(self) -> int:
        return max((h.level for h in self.headings), default=0)

    def starts(self, depth: int = 1) -> list[int]:
        """Where the sections down to `depth` start; a run of headings with no text between them (a title over the
        first section, a chapter over its first section) opens one section, never a segment of headings alone; nor
        does a front without prose (a title and its byline over the first chapter): the first section holds it. A
        heading is all its elements (its words at word level), so words give the sections sentences give."""
        heads = {e for h in self.headings for e in range(h.element, h.element + h.size)} | set(range(self.front)) | \
            set(range(self.title_size if self.title is not None else 0))
        out = []
        for s in sorted({h.element for h in self.headings if h.level <= depth and 0 < h.element < self.n}):
            if not all(e in heads for e in range(out[-1] if out else 0, s)):
                out.append(s)
        if out and all(e in heads for e in range(out[-1], self.n)):  # headings alone at the end: the last section's
            out.pop()
        return out

    def sections(self, depth: int = 1) -> list[Heading]:
        return [h for h in self.headings if h.level <= depth]

    def moved(self, first: list[int]) -> Outline:
        """The outline of a derived document (`carried`): each heading (the title, the front) where its first
        element's text starts now, its size the elements its own became there; a heading whose elements were all
        dropped keeps size 0, its section starting at the next element kept, as a reference segment does."""
        def size(start, n):
            return first[min(start + n, len(first) - 1)] - first[start]

        heads = [dataclasses.replace(h, element=first[h.element], size=size(h.element, h.size)) for h in self.headings]
        return Outline(heads, first[-1], self.title, first[self.front],
                       size(0, self.title_size) if self.title is not None else self.title_size)


POSITIONAL = ("positions", "times")  # meta's lists with an entry for each element: its page and y, its time


def carried(meta: dict, first: list[int]) -> dict:
    """meta carried to a document derived from this one (elements dropped, or each element cut into words):
    first[i] = where the old element i's text starts in the new one, its last entry the new N. What points at
    elements follows them: the paragraph starts (a paragraph left empty vanishes), the outline (Outline.moved), each
    element's page or time (POSITIONAL: a new element has that of the old one it comes from), and each element as
    written (WRITTEN) when elements were only dropped (cut into words, the pieces' written text is not known)."""
    out, n = dict(meta), first[-1]
    if "paragraphs" in meta:
        out["paragraphs"] = sorted({first[i] for i in meta["paragraphs"]} - {n})
    if meta.get("outline") is not None:
        out["outline"] = meta["outline"].moved(first)
    origin = np.searchsorted(first, np.arange(n), side="right") - 1  # the old element each new one comes from
    whole = bool(np.all(np.diff(first) <= 1))  # no old element gives more than one new one
    out.pop(WRITTEN, None)
    for key in POSITIONAL + (WRITTEN,) * whole:
        if meta.get(key):
            out[key] = [meta[key][i] for i in origin]
    return out


def make_outline(raw: list[tuple[str, int, int, str | None, int]], n: int, prose: int = 0) -> Outline | None:
    """Outline from (title, raw level, element, number, size: how many elements it is) of headings, raw levels
    renumbered 1, 2, ... in order of rank (a document with only "3.1"-style and run-in headings gets levels 1 and 2);
    `prose`: where the first paragraph that writes prose starts (writes_prose): when none is before the first heading
    other than the title, what is there (a byline, a date, a subtitle) is the document's front, no section of its
    own."""
    if not raw:
        return None
    title = None
    top = min(h[1] for h in raw)
    tops = [h for h in raw if h[1] == top]
    if len(tops) == 1 and tops[0][2] == 0 and len(raw) > 1:
        title = tops[0][0]
        raw = [h for h in raw if h is not tops[0]]
    rank = {lv: i + 1 for i, lv in enumerate(sorted({h[1] for h in raw}))}
    first = min(h[2] for h in raw)
    front = first if prose >= first else 0
    return Outline([Heading(t, rank[lv], e, num, size) for t, lv, e, num, size in raw], n, title, front,
                   tops[0][4] if title is not None else 1)


def depth_of(level: str | int) -> int:
    """'sections' → 1, 'subsections' → 2 (or a whole number >= 1)."""
    if isinstance(level, int) and not isinstance(level, bool) and level >= 1:
        return level
    if level in DEPTHS:
        return DEPTHS[level]
    raise ParameterError(f"structure level must be one of {', '.join(DEPTHS)}, not {level!r}")


def reference(outline: Outline | None, level: str | int = "sections") -> list[int]:
    """Segment ends of the document's own sections ('sections') or sections and subsections ('subsections'):
    a segment starts at each heading's element. InputError when that gives fewer than two segments."""
    depth = depth_of(level)
    if outline is None or not outline.headings:
        raise InputError("no section headings were found in this document, so it has no structure to use as a "
                         "reference")
    starts = outline.starts(depth)
    if not starts:
        raise InputError(f"the document has a single {'section' if depth == 1 else 'section or subsection'}: "
                         f"its structure gives no boundary to score against")
    return [*starts, outline.n]


REFERENCE_CHOICES = ("auto", "file", *DEPTHS)


def with_structure(doc: Document, level: str | int = "sections") -> Document:
    """The document with its own sections (or sections and subsections) as its reference; InputError without."""
    ends = reference(doc.meta.get("outline"), level)
    return dataclasses.replace(doc, reference=ends, meta={**doc.meta, "reference_from": str(level)})


def choose_reference(doc: Document, mode: str = "auto") -> Document:
    """The reference to score a document against: 'file' its own (.ref files), 'sections'/'subsections' its
    structure (None when it has none), 'auto' its own if any, else its sections if they give a boundary."""
    if mode not in REFERENCE_CHOICES:
        raise ParameterError(f"reference must be one of {', '.join(REFERENCE_CHOICES)}, not {mode!r}")
    if mode == "file" or (mode == "auto" and doc.reference is not None):
        return doc
    try:
        return with_structure(doc, "sections" if mode == "auto" else mode)
    except InputError:
        return dataclasses.replace(doc, reference=None) if mode != "auto" else doc


# ---- headings: numbers, names and shapes ------------------------------------------------------------

# "3", "3.2", "3.2.1", "A", "A.1", "IV", optionally followed by "." or ")": the numbering of a heading
NUMBER = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3}|[A-Z](?:\.\d{1,2}){0,3}|[IVX]{2,5})([.)]?)\s+(?=\S)")
# end punctuation of a sentence, not of a heading: "." and the like, or any of them (and "?") inside closing quotes
# or brackets, as speech ends: 'It's Robert." "Robert?"'
END_PUNCT = re.compile(r"[.,;:!]$|[.,;:!?][\"'”’»)\]]+$")
# a reference list's heading, in English and in the languages segcore.language reads (French, German, Spanish,
# Italian, Portuguese, Dutch, Swedish, Danish, Norwegian, Finnish, Russian, Hungarian, Turkish)
REFERENCE_NAMES = ("references?|bibliography|works cited|literature cited|references and notes|"
                   "références(?: bibliographiques)?|bibliographie|literatur|literaturverzeichnis|quellenverzeichnis|"
                   "referencias(?: bibliográficas)?|bibliografía|bibliografia|riferimenti bibliografici|"
                   "referências(?: bibliográficas)?|literatuur|literatuurlijst|referenties|referenser|litteratur|"
                   "referencer|referanser|lähteet|kirjallisuus|литература|список литературы|библиография|irodalom|"
                   "irodalomjegyzék|hivatkozások|kaynaklar|kaynakça")
BACK_MATTER = re.compile(f"^(?:{REFERENCE_NAMES})$", re.I)
# an appendix's heading (the same languages)
APPENDIX_NAMES = ("appendix|appendices|supplementary material|supplemental material|annex(?:e|es)?|anhang|anhänge|"
                  "apéndices?|anexos?|appendice|appendici|apêndices?|bijlagen?|bilagor|bilaga|bilag|vedlegg|liitteet|"
                  "liite|приложения|приложение|függelék")
APPENDIX = re.compile(f"^(?:{APPENDIX_NAMES})\\b", re.I)
# unnumbered headings with these names are top-level sections of a paper (the same languages, as far as a paper's
# abstract, introduction, conclusion and acknowledgements go)
TOP_NAMES = re.compile(r"^(?:abstract|introduction|keywords|index terms|related work|conclusions?|discussion|"
                       r"limitations|ethics statement|ethical considerations|acknowledge?ments?|résumé|"
                       r"remerciements|zusammenfassung|einleitung|fazit|schlussfolgerungen?|danksagung|resumen|"
                       r"introducción|conclusiones|agradecimientos|riassunto|introduzione|conclusioni|"
                       r"ringraziamenti|resumo|introdução|conclusões|samenvatting|inleiding|conclusie|"
                       f"{REFERENCE_NAMES}|{APPENDIX_NAMES})\\b", re.I)
# the label of a figure's, a table's or a listing's caption (the same languages): 'Figure 3', 'Tableau 2', 'Abb. 1'
CAPTION_LABELS = ("figure", "fig.", "table", "tab.", "listing", "algorithm", "exhibit", "tableau", "abbildung", "abb.",
                  "tabelle", "figura", "tabla", "cuadro", "tabella", "tabela", "quadro", "afbeelding", "tabel", "figur",
                  "tabell", "kuva", "taulukko", "рисунок", "рис.", "таблица", "ábra", "táblázat", "şekil", "tablo")
# the sections an encyclopedia article or a book puts just before its reference list: back matter with it
BACK_BEFORE = re.compile(r"^(?:see also|notes|footnotes|endnotes|citations|sources|further reading|external links|"
                         r"voir aussi|liens externes|siehe auch|weblinks|anmerkungen|véase también|enlaces externos|"
                         r"notas|voci correlate|collegamenti esterni|ver também|ligações externas)$", re.I)


PROSE_WORDS = 15  # words of a line or paragraph over which it is prose, whatever its end (writes_prose)
_SCRIPT_STOP = re.compile(f"[{SCRIPT_STOPS}]")


def writes_prose(text: str) -> bool:
    """Whether a paragraph (or a line) is prose: it ends as a sentence or a clause does (END_PUNCT), holds a sentence
    end of a script without spaces ('。'), more than PROSE_WORDS words or 100 characters; a title, a byline ('by
    Mark Twain'), a date or a contents entry does none of these."""
    return len(text.split()) > PROSE_WORDS or len(text) > 100 or bool(END_PUNCT.search(text) or
                                                                      _SCRIPT_STOP.search(text))


def back_named(title: str) -> bool:
    """Whether a heading's title names back matter (BACK_MATTER: 'References') or what goes with it (BACK_BEFORE: 'See
    also', 'External links')."""
    return bool(BACK_MATTER.match(title) or BACK_BEFORE.match(title))


# a table of contents' heading (or a list of tables' or figures') in the languages segcore.language reads (a book's,
# books; a wiki page's box, webcopy)
CONTENTS_NAMES = ("(?:table of )?contents|list of (?:tables|figures|examples)|inhalt|inhaltsverzeichnis|"
                  "tabellenverzeichnis|abbildungsverzeichnis|table des matières|sommaire|liste des (?:tableaux|figures)|"
                  "tabla de contenidos?|índice|indice|lista de (?:tablas|figuras|tabelas)|sommario|"
                  "(?:lista|elenco) delle (?:tabelle|figure)|conteúdo|inhoud|inhoudsopgave|indhold|indholdsfortegnelse|"
                  "innehåll|innehållsförteckning|innhold|innholdsfortegnelse|sisällys|sisällysluettelo|tartalom|"
                  "tartalomjegyzék|содержание|оглавление|içindekiler")
# a note box's label set as a line or heading of its own ("Tip", "Warning:"), as manuals (DocBook, Texinfo) print
# them, in English and as DocBook names them in German, French, Spanish, Italian and Portuguese (the Debian
# Reference's translations): neither a section nor a sentence
NOTE_LABEL = re.compile(r"^(?:note|tip|hint|important|warning|caution|danger|attention|anmerkung|hinweis|tipp|"
                        r"wichtig|warnung|achtung|remarque|astuce|avertissement|nota|sugerencia|importante|aviso|"
                        r"atención|suggerimento|avvertimento|attenzione|dica|cuidado|atenção)\s*:?$", re.I)
# a word in a title: two letters in a row, or a numeronym ('I18N', 'L10N', 'K8S'), not a lone letter nor a code ('X1')
_WORDLIKE = re.compile(r"[^\W\d_]{2}|(?<!\w)[^\W\d_]\d{1,2}[^\W\d_](?!\w)")
_SMALL_WORDS = frozenset("a an and as at by for from in into of on or over the to vs via with without".split())
# what reading a PDF (segcore.pdf), a text (segcore.plaintext), a page (segcore.htmlpage) or a book (segcore.epub) may
# leave out, in words, by the key it is counted under
LEFT_OUT = {"overlays": "the earlier steps of slides built up step by step ({:,} pages)",
            "sideways": "pages of text set sideways, such as landscape tables ({:,} pages)",
            "furniture": "running headers and page numbers ({:,} lines)",
            "contents": "contents and indexes ({:,} lines)", "footnotes": "footnotes ({:,} lines)",
            "article ends": "the reference lists and links of the articles before the last ({:,} lines)",
            "front matter": "front matter, such as its title, date and tags ({:,} lines)",
            "table and figure lines": "tables and figures ({:,} lines)", "captions": "captions ({:,})",
            "image captions": "image captions ({:,})",
            "wrapper": "the Project Gutenberg header and licence ({:,} lines)",
            "notes": "illustration and footnote notes in brackets ({:,} lines)",
            "rules": "paragraphs without a letter or digit ({:,})",
            "navigation": "menus, headers, footers, sidebars and tables of contents ({:,} words)",
            "tables": "tables and figures ({:,} words)", "code": "code blocks ({:,} words)",
            "code lines": "code blocks ({:,} lines)",
            "equations": "displayed equations ({:,})", "floats": "figures, tables and algorithms ({:,})",
            "footnote texts": "footnotes ({:,})", "margin notes": "notes in the margin ({:,})",
            "front": "authors, affiliations and dates ({:,})",
            "inputs": "files it \\input or \\include, not read: give one file ({:,})",
            "includes": "pages it includes with .so, not read: give that page ({:,})",
            "comments": "comments ({:,} lines)", "annotations": "comments ({:,})",
            "link definitions": "link definitions, such as '[1]: https://…' ({:,} lines)",
            "directives": "directives without prose, such as images and tables of contents ({:,})",
            "fields": "field lists ({:,} lines)",
            "hidden": "hidden text ({:,} words)", "gutenberg": "the Project Gutenberg header and licence ({:,} words)",
            "citations": "citation marks ({:,})", "numbers": "paragraphs without a letter ({:,})",
            "labels": "the labels of note boxes, such as 'Note' or 'Tip' ({:,} words)",
            "nonlinear": "files outside the reading order ({:,})",
            "missing": "files the book or presentation names but the archive lacks ({:,})",
            "repeated titles": "slide titles repeated from the slide before ({:,})",
            "speaker notes": "slides' speaker notes ({:,})",
            "sounds": "sound descriptions and notes in brackets, such as [Music] ({:,})",
            "repeated": "caption lines repeated by the next cue ({:,})",
            "bad timing": "cues whose times could not be read ({:,})",
            "speakers": "speakers' names that begin lines ({:,})",
            "turns": "speakers' names and times that open turns ({:,})",
            "credits": "the transcribing tool's credit line, such as 'Transcribed by https://otter.ai' ({:,})",
            "placeholders": "placeholder lines such as ***LIST*** ({:,})"}
# the navigation's phrase where a text's contents are counted apart ('contents'), which names them
_NAVIGATION_BESIDE_CONTENTS = "menus, headers, footers and sidebars ({:,} words)"


def left_out_phrase(counts: dict[str, int]) -> str:
    """What was left out, in words: LEFT_OUT's phrase of each kind with its count ('1 line', not '1 lines'); beside
    'contents' the navigation's phrase does not name tables of contents again (_NAVIGATION_BESIDE_CONTENTS)."""
    phrases = LEFT_OUT | ({"navigation": _NAVIGATION_BESIDE_CONTENTS} if "contents" in counts else {})
    return ", ".join(re.sub(r"\(1 (line|word|page)s\)", r"(1 \1)", phrases[k].format(n)) for k, n in counts.items())


_NOTE_MARK = re.compile(r"\s*[(\[]\s*\d+\s*[)\]]\s*")  # '(1)', '[2]': a note's mark (Texinfo's footnotes' headings)


def worded(text: str, heading: bool = False) -> bool:
    """Whether a paragraph has a letter, or a heading a letter or a digit: a version or a date ('[1.0.5] -
    2022-09-21', a changelog's), a year or a chapter's number names its section; an ornament ('* * *') or a note's
    mark alone ('(1)') names none."""
    return any(c.isalpha() for c in text) or (heading and any(c.isdigit() for c in text)
                                             and not _NOTE_MARK.fullmatch(text))


def text_block(text: str, level: int, left_out: Counter) -> Block | None:
    """A Block of a document's paragraph (level 0) or heading (its number split off), or None for one that is not
    `worded` — empty, a paragraph's number, an ornament ("* * *") — counted in left_out['numbers'] when not empty."""
    if not worded(text, level > 0):
        left_out["numbers"] += bool(text)
        return None
    return Block(text, level, split_number(text)[0] if level else None)


def split_number(line: str) -> tuple[str | None, str]:
    """('3.2', 'Results') from '3.2 Results'; (None, line) when the line is not numbered. A bare 'A' or 'I' is
    read as a word, not a number ('A Study of ...'): appendix 'A' needs 'A.' or 'A.1'."""
    m = NUMBER.match(line)
    if not m or (m.group(1) in ("A", "I") and not m.group(2)):  # "A Study of ...", "I Think": words, not numbers
        return None, line.strip()
    return m.group(1), line[m.end():].strip()


def number_depth(number: str) -> int:
    """Depth of a heading number: '3' and 'IV' → 1, '3.2' and 'A.1' → 2, '3.2.1' → 3."""
    return number.count(".") + 1


def roman_numbered(numbers) -> bool:
    """Headings numbered in roman numerals ("II", "IV"; a lone "I" may be a letter) among `numbers` (None for none)."""
    return any(n and len(n) > 1 and re.fullmatch(r"[IVX]+", n) for n in numbers)


def numbering_depths(headings: list[str]) -> list[int | None]:
    """The depth of each numbered heading of a document (`headings`, their texts in order; None for an unnumbered
    one): number_depth, but under roman numerals (APS, AIP, IEEE: "II.", "A.", "1.") letters are 2 and numbers 3, and
    under arabic numerals a letter between two numbered sections in order ("2. Methods", "A. Setup", "3. Results") is
    a level under the numbered heading before it; after the last one, or after a heading named References or
    Appendix, or titled so itself, or between numbers out of order (a contents page's), a letter is an appendix's."""
    def key(number):  # "2.1" → (2, 1), in the order of the sections
        return tuple(map(int, number.split(".")))

    split = [split_number(h) for h in headings]
    roman = roman_numbered(n for n, _ in split)
    following, after = [()] * len(split), ()  # the number of the next heading numbered in arabic, () for none
    for i in range(len(split) - 1, -1, -1):
        following[i] = after
        after = key(split[i][0]) if split[i][0] and split[i][0][0].isdigit() else after
    depths, section = [], None  # the number of the heading that letters are under, if any
    for i, (number, title) in enumerate(split):
        letter = bool(number and re.fullmatch(r"[A-Z]", number))
        back = bool(BACK_MATTER.match(title) or APPENDIX.match(title))
        section = None if back else section
        if number is None:
            depths.append(None)
        elif roman and (letter and number not in "IVX" or re.fullmatch(r"\d{1,2}", number)):
            depths.append(2 if letter else 3)
        elif letter and section and following[i] > section:
            depths.append(len(section) + 1)
        else:
            depths.append(number_depth(number))
            section = key(number) if number[0].isdigit() and not back else section
    return depths


def small_words_only(text: str) -> bool:
    """No word but small ones ('OR', 'And', 'by the'), or none: a connective between items, no title or name."""
    return _SMALL_WORDS.issuperset(re.findall(r"\w+", text.lower()))


def looks_like_title(text: str, max_words: int = 12, any_case: bool = False) -> bool:
    """A heading's shape: short, starts with a capital (or a digit), no end punctuation but '?', a word that is not
    a small word (an 'OR' or 'And' alone between two items is a connective), and title case (most words of four or
    more letters capitalised) or all capitals, or with any_case sentence case too."""
    words = text.split()
    if not words or len(words) > max_words or len(text) > 100 or END_PUNCT.search(text):
        return False
    if small_words_only(text):
        return False
    if not (text[0].isupper() or text[0].isdigit()) or not _WORDLIKE.search(text):
        return False
    letters = [w for w in words if w[:1].isalpha()]
    if text.upper() == text or any_case:
        return True
    long = [w for w in letters if len(w) >= 4 and w.lower() not in _SMALL_WORDS]
    return not long or sum(w[0].isupper() for w in long) >= 0.6 * len(long)


LINK_LIST_SHARE = 0.9  # of a list's words in the text of its links: a list of links only, navigation
LINK_LIST_ITEMS = 2  # items at least (one link alone is the text's)
ADDRESS = re.compile(r"(?:https?://|www\.)\S+$", re.I)  # a link written out as its address


# a sentence's end (full-width too), before closing quotes, brackets or emphasis marks
SENTENCE_END = re.compile(r"[.!?\u3002\uff01\uff1f][\"'\u2019\u201d\u00bb)\]*_]*$")
_AWAY = re.compile(r"(?:[a-z][a-z0-9+.-]*:|//)", re.I)  # a target elsewhere: a scheme ('https:', 'mailto:'), a host


def site_host(address: str) -> str:
    """The host of an address ('https://www.Example.org/a.html', '//example.org/b' → 'example.org': lower-cased,
    'www.' aside); '' for one without a host or malformed (a path, '#part', 'mailto:', 'file:///usr/share/doc/…')."""
    address = address.strip()
    try:
        host = urlsplit(address).hostname if _AWAY.match(address) else None
    except ValueError:  # a malformed address ('http://[::1'): no host
        host = None
    return (host or "").removeprefix("www.")


def link_list(items: int, share: float, lead: str, links: list[str], targets: list[str], site: str = "") -> bool:
    """Whether a list of `items` whose words are the text of links by `share` is navigation (a menu, a site's or a
    README's bar of links, a document's contents), not the text's: LINK_LIST_ITEMS or more, LINK_LIST_SHARE of its
    words links, not every link (their texts, `links`) written out as its address (a list of references; a menu
    names its pages), and the text just before it (`lead`) does not lead into it: it does when it ends with a colon
    (full-width too: "More examples can be found at:", its sentence goes on in the list), or ends a sentence and most
    of the links (`targets`, where they point) leave the document and its site ("… and a C compiler to build the
    library." over the links to Bash, Make and GCC's pages); under a sentence, links into the document or its site
    ('#part', 'chapter2.html', 'docs/INSTALL.md') are its contents ("Chapters follow below. Read them in order.").
    The site is the host (`site`, site_host) of the address the page says is its own (HTML's <base>, canonical link,
    og:url): an absolute link to that host ('https://nodejs.org/api/fs.html' on nodejs.org's page) stays in it. A
    page that says none (a local page, a Markdown text) has no host, so only a relative target is its site's: the
    host most of its links name is no sign (a list of links to one other site would read as the page's own).
    HTML's lists (htmlpage) and Markdown's lists and link bars (plaintext) read so."""
    if items < LINK_LIST_ITEMS or share < LINK_LIST_SHARE or (links and all(ADDRESS.match(t.strip()) for t in links)):
        return False
    lead = lead.rstrip()
    return not (lead.endswith((":", "\uff1a")) or (SENTENCE_END.search(lead) and 2 * sum(
        bool(_AWAY.match(t.strip())) and not (site and site_host(t) == site) for t in targets) > len(targets)))


# put where a note or citation mark is taken off a text (an HTML page's, a Markdown text's, LaTeX's, a PDF line's),
# for closed_up to remove: a noncharacter, never a text's own
MARK_GAP = "\ufdd0"
# marks taken off right before punctuation or a space, with the spaces before them (from the run's start: linear), or
# one alone
_GAP_BEFORE_STOP = re.compile(r"(?<!\s)\s*(?:\ufdd0\s*)*\ufdd0(?=[\s.,;:!?])|\ufdd0")


def closed_up(text: str) -> str:
    """`text` without the MARK_GAPs put where note or citation marks were taken off, and without the spaces before
    one that punctuation or a space follows ('as shown [3].', "newline='' [^1]." → 'as shown.', "newline=''."; 'a [3]
    b' → 'a b'): punctuation set apart elsewhere (French ' :', ' ?', code's ' ;', ' ...'; after a mark too: 'x [3] :'
    → 'x :') is the source's and kept."""
    return _GAP_BEFORE_STOP.sub("", text) if MARK_GAP in text else text


def without_note_labels(blocks: list[Block]) -> tuple[list[Block], int]:
    """The blocks without the labels of note boxes (NOTE_LABEL: a paragraph of its own over the box's text), and how
    many words they had. A heading the source marks as one is a section whatever its name (a manual page's '.SH
    WARNING', Markdown's '## Note'); readers that guess headings from type do not take a label for one."""
    kept, words = [], 0
    for b in blocks:
        if not b.level and NOTE_LABEL.match(b.text.strip()):
            words += len(b.text.split())
        else:
            kept.append(b)
    return kept, words


def back_matter(blocks: list[Block]) -> tuple[int, int] | None:
    """(first block, block after the last) of the back matter — the reference list, the appendices and the run of
    sections named 'See also', 'Notes', 'External links'... just before it — when the document has a
    reference-list heading that no later heading outranks, back matter aside (a 'References' subsection inside a
    chapter is not one); None otherwise. An appendix before the reference list is one only when no other section of
    its rank or above follows it ('Appendix Removal in Children' then 'Results' is the text's), unless it is
    headed 'Appendix' alone. A section after the reference list of its rank or above that is neither an appendix nor
    back matter by name ('Contributing', 'License' in a README), numbered as the text's sections are when they are
    (an unnumbered one after a numbered paper's references is its back matter), ends the back matter: it and what
    follows are the text's."""
    heads = [(i, b, split_number(b.text)[1]) for i, b in enumerate(blocks) if b.level > 0]
    numeric = any(b.number and b.number[0].isdigit() for _, b, _ in heads)

    def appendix(i, b, title):
        lettered = numeric and b.number and re.fullmatch(r"[A-Z]", b.number) and i > heads[0][0]
        return bool(APPENDIX.match(title) or lettered)

    def back(i, b, title):
        return appendix(i, b, title) or back_named(title)

    top, outranked = math.inf, []
    for i, b, title in reversed(heads):  # does a later heading, back matter aside, rank above this one?
        outranked.append(top < b.level)
        if not back(i, b, title):
            top = min(top, b.level)
    outranked.reverse()
    refs = [x for x, (_, _, title) in enumerate(heads) if BACK_MATTER.match(title) and not outranked[x]]
    if not refs:
        return None
    x = refs[0]
    level = heads[x][1].level
    end = next((i for i, b, title in heads[x + 1:] if b.level <= level and not back(i, b, title)
                and (not numeric or (b.number and b.number[0].isdigit()))), len(blocks))
    while x > 0 and BACK_BEFORE.match(heads[x - 1][2]):
        x -= 1
    start, top = heads[x][0], math.inf
    for i, b, title in reversed(heads[:x]):  # appendices before it ('Appendix' alone: LaTeX's \appendix)
        if appendix(i, b, title) and (top > b.level or APPENDIX.fullmatch(title)):
            start = i
        else:
            top = min(top, b.level)
    return start, end
