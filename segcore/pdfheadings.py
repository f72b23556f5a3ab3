"""Which lines of a PDF's text are headings, and at which level: a heading's style (bold or larger than the body
text, in any case when numbered or much larger; upper case; italic with a number; never monospaced), numbering
("3", "3.2", "A.1", "IV") and shape (short, title case, no end punctuation); run-in headings (the bold words that
open a paragraph, but captions, labels and theorems); levels from the outline, numbering and style; the title page
as body text. Used by segcore.pdf on the paragraphs of each text box."""
from __future__ import annotations

import re
import statistics
from dataclasses import dataclass

from .books import division_label
from .pdflayout import Line
from .printed import SENTENCE_END
from .sentences import next_item, word_count
from .structure import CAPTION_LABELS, TOP_NAMES, looks_like_title, numbering_depths, split_number

MUCH_LARGER = 1.15  # a heading in sentence case, or a title that the running heads repeat, is set this much larger
# a caption's opening, its label capitalised or in capitals ('Table 1:', 'FIGURE 2.', 'Tableau 1 :')
CAPTION = re.compile("^(?:" + "|".join(re.escape(f(w)) for w in CAPTION_LABELS for f in (str.capitalize, str.upper))
                     + r")\s*(?:\d+|[IVXL]+)\s*[.:|]")
RUNIN_END = re.compile(r"[.:\u2014\u2013-]$")
# "Theorem 1.1 (", "Proof.": the label of a theorem, text and not a run-in heading
THEOREM_LABEL = re.compile(r"^(?:[^\W\d_]+\s+\d+(?:\.\d+)*\b|proof\b)", re.I)
# a postal address (a title page's, a letter's): a street number and name, or a postal code before or after a place
ADDRESS = re.compile(r"^\d+[a-z]?\s+(?:[^\W\d_][\w'’.-]*\s+){1,3}"
                     r"(?i:road|street|avenue|drive|lane|boulevard|rd|st|ave|blvd)\b\.?,"
                     r"|\b[A-Z]{2}\s+\d{5}(?:-\d{4})?$|\b[A-Z]{1,2}-\d{4,5}\s+[^\W\d_]")
ABSTRACT = r"abstract|keywords|index terms"  # headings found only in a paper's front matter
FRONT_END = re.compile(rf"^(?:{ABSTRACT}|introduction|summary)$", re.I)
_ABSTRACT_OPENING = re.compile(rf"(?:{ABSTRACT})\b", re.I)  # a paragraph opening with it: 'Abstract—We …'
# an index's heading (English, German, French, Spanish, Portuguese, Italian, Russian, Chinese names) and the
# letters (or 'Symbols', 'Numbers') that head its groups
_INDEX = re.compile(r"^(?:.*\bindex|index\b.*|indexes|register|sachregister|stichwortverzeichnis|index alphabétique|"
                    r"índice (?:alfabético|remissivo|analítico)|indice analitico|предметный указатель|.*索引)$", re.I)
_INDEX_LETTER = re.compile(r"^(?:[^\W\d_]|symbols|numbers|numerals|symbole|zahlen|symboles)$", re.I)
# a title page's author block: an e-mail address ('kylel@allenai.org', '{zjshen,dsontag}@mit.edu'), an institution
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\}\s*@")
_INSTITUTION = re.compile(r"\b(?:universit\w*|univ\.|institut\w*|college|school|department|dept\.|facult\w*|"
                          r"laborator\w*|labs?|cent(?:er|re)|academy|hospital|foundation|corporation|inc\.|ltd\.?|"
                          r"gmbh|research)\b", re.I)
# … its names and places: capitalised words, initials and particles ('Jan van der Berg', 'J. Smith', 'University of
# Oxford'), separated by commas, 'and', '&', '·' and set with note marks ('Tal August²', 'Kyle Lo∗†')
_PLACE_WORDS = frozenset("of for the at in on".split())  # 'University of Oxford', not a person's name
_PARTICLES = _PLACE_WORDS | frozenset("and de da di du del della der den van von la le dos bin al y e und et".split())
_NAME_SEPARATOR = re.compile(r"[,;&·]|\band\b")
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_NOT_A_NAME_SIGN = re.compile(r"[^\w\s,;&·.'’()*∗†‡§¶⋆#-]")


@dataclass
class Para:
    """A paragraph of a text box, or a heading (level > 0), with its page and place."""

    lines: list
    page: int
    column: int
    height: float  # the page's height, for positions from the top
    level: int = 0  # 0 body; > 0 heading (raw level)
    number: str | None = None
    runin: bool = False

    @property
    def size(self):
        return statistics.median(ln.size for ln in self.lines)


def is_larger(ln: Line, body_size: float, by: float = 1.08) -> bool:
    """Set larger than the body text (>= 1.08×, or `by` times: MUCH_LARGER for a title's size)."""
    return body_size > 0 and ln.size >= by * body_size


def heading_line(ln: Line, body_size: float) -> bool:
    """A line set as a heading: a line of an outline entry's heading, or title-shaped and bold, larger than the body
    text (>= 1.08×), upper case, or numbered and italic (IEEE's "A. Data"); in sentence case when numbered or set
    at least 1.15× the body size (OUP's unnumbered "Cross referencing"). A caption's first line is none, nor a postal
    address ("1 Research Road, Ridge, NY 11961", "D-44221 DORTMUND")."""
    if ln.outline_level:
        return True
    if ln.mono or CAPTION.match(ln.text) or ADDRESS.search(ln.text):
        return False
    number, title = split_number(ln.text)
    larger = is_larger(ln, body_size)
    sentence_case = (bool(number and (ln.bold or larger or (ln.italic and number[0].isdigit())))
                     or is_larger(ln, body_size, MUCH_LARGER))
    if not looks_like_title(title, max_words=14, any_case=sentence_case) or title[:1].isdigit():
        return False
    caps = title.upper() == title and len(re.sub(r"\W", "", title)) >= 4
    return ln.bold or larger or caps or bool(number and ln.italic)


def one_heading(a: Line, b: Line) -> bool:
    """Two consecutive heading lines of one heading: of one outline entry, or of one style outside the outline."""
    if a.outline_level or b.outline_level:
        return a.outline_entry == b.outline_entry
    return a.bold == b.bold and abs(a.size - b.size) < 0.5


def run_in(para: Para, listing: bool = False) -> Para | None:
    """The run-in heading that opens a paragraph, split off it: bold words ending with '.', ':' or a dash, or
    followed by a capital; or italic words ending with '.' or ':' (ACM's \\paragraph). None if there is none, or
    if the words are a caption's ("Table 1."), a label (one word and a colon: "Returns:") or a theorem's ("Lemma
    2.", "Proof."), or, `listing` (in a list after a lead-in ending with a colon), a description list's term: bold
    words followed by a capital without punctuation between ("Top Left On the top left the course name...")."""
    first = para.lines[0]
    lead = first.lead
    if CAPTION.match(first.text):  # "Table 1. Observation log": a caption, left out whole
        return None
    rest = first.text[len(lead):].strip()
    title = RUNIN_END.sub("", lead).strip()
    if not lead or not title or not looks_like_title(title, max_words=10):
        return None
    ends = bool(RUNIN_END.search(lead))
    if not (ends or (first.lead_bold and not listing and (rest[:1].isupper() or rest[:1] in "\u2014\u2013-"))):
        return None
    one_word = word_count(title) < 2  # a Chinese title by its characters: '注意', not '参数说明'
    label = one_word and lead.endswith(":") or THEOREM_LABEL.match(title)
    if label or (not first.lead_bold and (not ends or one_word)):
        return None
    head = Line(lead, first.x0, first.y0, first.x1, first.y1, first.size, bold=first.lead_bold)
    first.text, first.lead = rest.lstrip("\u2014\u2013- ") or rest, ""
    if not first.text:
        para.lines.pop(0)
    return Para([head], para.page, para.column, para.height, level=1, runin=True)


LETTER_INDENT = 2  # points: the letters of one series of lettered subsections start this near one another
TWO_INITIALS = re.compile(r"[A-Z]\.\s+[A-Z]\.\s")  # "A. J. Smith": a name, no lettered subsection's title
SURNAME = re.compile(r"[A-Z][a-z]*(?:['’-][A-Z][a-z]+)?")  # a surname's shape: "Smith", "O'Brien", "Background"


def lettered_line(text: str) -> bool:
    """A line shaped as a lettered subsection's heading, or as a name with initials: "A. Background", "A. Smith"."""
    number, title = split_number(text)
    return bool(number and re.fullmatch(r"[A-Z]", number) and text.startswith(number + ".")
                and looks_like_title(title, max_words=10))


def lettered_headings(paras: list[Para]) -> None:
    """Lettered subsections set in the body's font (IEEE's "A. Background" over its text, then "B. Methods" over
    its own), which only their layout tells from names with initials ("A. Smith" / "B. Jones" / "C. Brown"): body
    paragraphs of one title-shaped line numbered with a capital letter and a period, each followed by a paragraph of
    text (over two lines or more, or ending a sentence), are headings when two or more in a row (among such lines)
    run in series, A. then B., at one indent and size, and none right after another such line. Names on
    consecutive lines have no text between them, nor names over their affiliations; a lone name over a paragraph is
    in no series; a name with two initials ("A. J. Smith" / text / "B. K. Jones" / text) is none (TWO_INITIALS). A
    series whose titles are each one capitalised word, a surname's shape ("A. Smith" / text / "B. Jones" / text, as
    "A. Background" / "B. Methods"), needs evidence of lettered subsections: three or more in the series (A., B.,
    C.), or the layout of headings, each line set apart from the text above it (`set_apart`)."""
    def lettered(k):
        text = paras[k].lines[0].text
        return not paras[k].level and len(paras[k].lines) == 1 and lettered_line(text) and not TWO_INITIALS.match(text)

    def text(k):
        p = paras[k]
        return not p.level and not lettered(k) and (len(p.lines) > 1 or bool(SENTENCE_END.search(p.lines[-1].text)))

    heads = [k for k in range(len(paras) - 1) if lettered(k) and text(k + 1) and not (k and lettered(k - 1))]
    series = [(a, b) for a, b in zip(heads, heads[1:]) if next_item(paras[a].lines[0].text, paras[b].lines[0].text)
              and abs(paras[a].lines[0].x0 - paras[b].lines[0].x0) < LETTER_INDENT
              and abs(paras[a].size - paras[b].size) < 0.5]
    runs: list[list[int]] = []
    for a, b in series:
        if runs and runs[-1][-1] == a:
            runs[-1].append(b)
        else:
            runs.append([a, b])
    gaps = None  # the spaces between two paragraphs of text one under the other, found once when a run needs them
    for run in runs:
        if len(run) <= 2 and all(SURNAME.fullmatch(split_number(paras[k].lines[0].text)[1]) for k in run):
            if gaps is None:
                gaps = [s for k in range(1, len(paras)) if text(k - 1) and text(k)
                        and (s := _space_above(paras, k)) is not None]
            if not set_apart(paras, run, text, gaps):
                continue
        for k in run:
            paras[k].level = 1


def _space_above(paras: list[Para], k: int) -> float | None:
    """The space between paragraph k's first line and the last line of the one before, if in its page and column."""
    a, b = paras[k - 1], paras[k]
    return a.lines[-1].y0 - b.lines[0].y1 if k and (a.page, a.column) == (b.page, b.column) else None


def set_apart(paras: list[Para], run: list[int], text, gaps: list[float]) -> bool:
    """Lines `run` set apart as headings are: those under text (`text(k)`) in their page and column, one or more, by
    more space (a fifth of their size) than the median of `gaps`, the spaces between two paragraphs of text one under
    the other; a line at the top of a column or under its section's heading has no text above it to be set apart
    from."""
    above = [(k, s) for k in run if k and text(k - 1) and (s := _space_above(paras, k)) is not None]
    if not (gaps and above):
        return False
    median = statistics.median(gaps)
    return all(s > median + paras[k].size / 5 for k, s in above)


def next_line(a: Para, b: Para) -> bool:
    """`b` set on the line under `a`'s last line: same page and column, no space between but the lines' own."""
    above, below = a.lines[-1], b.lines[0]
    return a.page == b.page and a.column == b.column and 0 <= above.y0 - below.y1 < below.size


def numbered_lists(paras: list[Para]) -> None:
    """A list's items set bold ("1. Install" / "2. Configure" / "3. Run"), read as headings by their style: one-line
    headings in series from the first number ("1", "A"), each on the line under the one before, are body text when
    the series does not go on at the next heading of their style after them ("A. Data" / "B. Tools" / text / "C.
    Results": subsections, the first empty). Numbered headings each over its text are headings."""
    def head(k):
        p = paras[k]
        return p.level and not p.runin and not p.lines[0].outline_level and len(p.lines) == 1

    k = 0
    while k < len(paras):
        j = k
        while (j + 1 < len(paras) and head(j) and head(j + 1) and next_line(paras[j], paras[j + 1])
               and next_item(paras[j].lines[0].text, paras[j + 1].lines[0].text)):
            j += 1
        if j > k and split_number(paras[k].lines[0].text)[0] in ("1", "A"):
            last = paras[j].lines[0]
            later = next((p for p in paras[j + 1:] if p.level and not p.runin and one_heading(last, p.lines[0])), None)
            if not (later and next_item(last.text, later.lines[0].text)):
                for p in paras[k:j + 1]:
                    p.level = 0
        k = j + 1


def assign_levels(paras: list[Para]) -> None:
    """Raw heading levels: an outline entry's heading its level in the outline; the others (but the top-level names
    such as Abstract and Acknowledgments, unnumbered) below the outline's deepest level: the numbering's depth
    (structure.numbering_depths: "3" 1, "3.2" 2; under roman numerals letters 2, numbers 3; under arabic ones a
    letter between two sections a level under the one before, or, when the style of arabic-numbered headings tells
    their depth (two depths or more, none sharing a style), at the depth of those in its style if that is less:
    "2.1 Data" then "A. Corpus" in the same font and size are siblings, "A. Corpus" smaller is under "2.1"); an
    unnumbered heading takes the depth of numbered headings of its style (bold, italic, size), else ranks by size
    among the numbered ones; run-in headings come below all."""
    heads = [p for p in paras if p.level and not p.runin]
    for p in heads:
        p.number = split_number(" ".join(ln.text for ln in p.lines))[0]
    marked = [p for p in heads if p.lines[0].outline_level]
    heads = [p for p in heads if not p.lines[0].outline_level]
    depth = dict(zip(map(id, heads), numbering_depths([" ".join(ln.text for ln in p.lines) for p in heads])))

    def style(p):
        return (p.lines[0].bold, p.lines[0].italic, round(p.size * 2) / 2)

    numbered = [p for p in heads if p.number]
    by_style = {style(p): depth[id(p)] for p in numbered}
    arabic: dict[tuple, set] = {}  # the depths of the headings numbered in arabic, by style
    for p in numbered:
        if p.number[0].isdigit():
            arabic.setdefault(style(p), set()).add(depth[id(p)])
    told = len(set().union(*arabic.values())) > 1 and all(len(d) == 1 for d in arabic.values())
    for p in numbered:  # a letter under a numbered heading set as those of a depth is at that depth
        if told and re.fullmatch(r"[A-Z]", p.number) and depth[id(p)] > 1 and style(p) in arabic:
            depth[id(p)] = min(depth[id(p)], *arabic[style(p)])
    sizes = sorted({(depth[id(p)], p.size) for p in numbered})
    ranks = sorted({round(p.size * 2) / 2 for p in heads}, reverse=True)
    for p in heads:
        if p.number:
            p.level = depth[id(p)]
        elif TOP_NAMES.match(RUNIN_END.sub("", p.lines[0].text)):
            p.level = 1
        elif style(p) in by_style:
            p.level = by_style[style(p)]
        elif sizes:
            p.level = min((d for d, s in sizes if p.size >= s - 0.3), default=max(d for d, _ in sizes))
        else:
            p.level = ranks.index(round(p.size * 2) / 2) + 1
    for p in paras:
        if p.runin:
            p.level = 1 if TOP_NAMES.match(RUNIN_END.sub("", p.lines[0].text)) else 9
    deepest = max((ln.outline_level for p in marked for ln in p.lines), default=0)
    for p in heads + [p for p in paras if p.runin]:
        if p.number or not TOP_NAMES.match(RUNIN_END.sub("", p.lines[0].text)):  # "Acknowledgments" stays on top
            p.level += deepest
    for p in marked:
        p.level = p.lines[0].outline_level


def drop_index(paras: list[Para]) -> int:
    """Leave out a back-of-book index: a heading that names one ('Index', 'Index of Commands', 'Stichwortverzeichnis',
    '代码索引') followed, heading after heading, by the letters that head its groups ('A', 'B', … or 'Symbols',
    'Numbers' first), three letters or more, each once, most of them after the one before in the alphabet (two
    columns read in an odd order give 'A', 'C', 'B', 'F', 'G', 'D'…): the index's furniture, no sections. The heading,
    its letters and the entries under them (what the dot leaders' rule of segcore.pdf left: entries without leaders,
    their wrapped page numbers, groups' names) are no prose either: left out up to the next heading that is no
    letter. Returns the number of lines left out (counted with contents and indexes)."""
    heads = [i for i, p in enumerate(paras) if p.level]
    for x, i in enumerate(heads):
        if not _INDEX.match(_named(paras[i])):
            continue
        rest = heads[x + 1:]
        n = next((k for k, j in enumerate(rest) if not _INDEX_LETTER.match(_named(paras[j]))), len(rest))
        letters = [_named(paras[j]).upper() for j in rest[:n] if len(_named(paras[j])) == 1]
        rising = sum(a < b for a, b in zip(letters, letters[1:]))
        if len(letters) >= 3 and len(set(letters)) == len(letters) and 2 * rising > len(letters) - 1:
            end = rest[n] if n < len(rest) else len(paras)
            lines = sum(len(p.lines) for p in paras[i:end])
            del paras[i:end]
            return lines
    return 0


def _named(p: Para) -> str:
    """A heading's text, without a run-in heading's final mark ('Abstract.', 'Index:')."""
    return RUNIN_END.sub("", " ".join(ln.text for ln in p.lines)).strip()


def _author_line(ln: Line) -> bool:
    """A line of a title page's author block: an e-mail address, a postal address, or names and places only
    (no word in lower case but a particle, no sign but separators and note marks)."""
    rest = _EMAIL.sub("", ln.text)
    return bool(_EMAIL.search(ln.text) or ADDRESS.search(ln.text)) or not _NOT_A_NAME_SIGN.search(rest) and all(
        w[0].isupper() or w in _PARTICLES for w in _WORD.findall(rest))


def _evidence(ln: Line) -> bool:
    """An author block's mark: an e-mail address, an institution or a postal address."""
    return bool(_EMAIL.search(ln.text) or _INSTITUTION.search(ln.text) or ADDRESS.search(ln.text))


def _names(text: str) -> bool:
    """Names only: between separators, one to four capitalised words and no other word but a name's particles
    ('Methods for the Real World', 'A Study of Words in Print', 'LaTeX 2ε Version' are a subtitle's)."""
    return all(len([w for w in words if w[0].isupper()]) <= 4 and all(
        w[0].isupper() or w in _PARTICLES and w not in _PLACE_WORDS for w in words)
        for words in map(_WORD.findall, _NAME_SEPARATOR.split(text)))


def _author_block(paras: list[Para]) -> int:
    """Leave out a paper's author block: on page 1, between the title (the first paragraph in the largest size, to a
    twentieth of a point) and the first heading or a paragraph opening with 'Abstract' ('Abstract—We …') after page 1's
    first paragraph (a bookmarked title stays a heading: it does not end the front matter), the paragraphs right under
    the title whose lines all hold names, affiliations, addresses, e-mail addresses and note marks only (_author_line),
    or, under a title (not bookmarked) centred on page 1's text, short lines (under 0.8 of the text's width) centred
    under it (to half an em), not a caption (acmart's teaser figure's) nor a sentence the next paragraph goes on with in
    lower case (revtex's 'Authors' institution and/or address', '(Dated: August 10, 2010)'), when one of them shows an
    e-mail address, an institution or a postal address (_evidence); paragraphs before the block that show neither and
    end no sentence (_names: a subtitle, 'Methods for the Real World') are passed over and stay, as does a bookmarked
    line. Returns the number of lines left out (as LaTeX's title-page fields, counted as front matter)."""
    first = [i for i, p in enumerate(paras) if p.page == 1]
    end = next((i for i in first[1:] if paras[i].level or _ABSTRACT_OPENING.match(paras[i].lines[0].text)), None)
    before = [i for i in first if end is not None and i < end]
    if len(before) < 2:
        return 0
    top = max(paras[i].size for i in before)
    title = next(i for i in before if paras[i].size > top - 0.05)  # confproc's differ by 1e-13
    text = [ln for i in first for ln in paras[i].lines]
    left, right = min(ln.x0 for ln in text), max(ln.x1 for ln in text)
    axis = sum(ln.x0 + ln.x1 for ln in paras[title].lines) / 2 / len(paras[title].lines)
    centred = abs(axis - (left + right) / 2) < paras[title].size and not any(
        ln.outline_level for ln in paras[title].lines)
    block = set()
    for i in before[before.index(title) + 1:]:
        lines = paras[i].lines
        if not (block or any(map(_evidence, lines)) or all(_names(ln.text) for ln in lines)
                or any(ln.outline_level or SENTENCE_END.search(ln.text) for ln in lines)):
            continue  # a subtitle, kept (after the names, an affiliation may be one: 'Bank of Boston')
        cut = i + 1 < len(paras) and paras[i + 1].lines[0].text[:1].islower()  # a sentence the next one goes on with
        if any(ln.outline_level for ln in lines) or not all(map(_author_line, lines)) and (
                cut or CAPTION.match(lines[0].text) or not (centred and all(
                abs(ln.x0 + ln.x1 - 2 * axis) < ln.size and ln.x1 - ln.x0 < 0.8 * (right - left) for ln in lines))):
            break
        block.add(i)
    lines = [ln for i in sorted(block) for ln in paras[i].lines]
    if not any(map(_evidence, lines)):
        return 0
    paras[:] = [p for i, p in enumerate(paras) if i not in block]
    return len(lines)


def mark_front_matter(paras: list[Para]) -> int:
    """Title, authors and affiliations are body text: the headings of page 1 before the first heading numbered
    ("1", "2.3", "IV", "I."; a lone letter such as "X Desktop Group" is a word) or named Abstract/Introduction/Keywords,
    wherever it is (a title page), a bookmarked heading too; and when that heading is an Abstract (or Keywords) on a
    later page, the headings before it on its own page: a thesis's title page after its cover, the title and author
    above the abstract, not a paper's section named in another language (a "Zusammenfassung" over the "Abstract",
    structure.TOP_NAMES). Without such a heading, the first heading if it is the largest (the title). "I." is a
    section's only when the next heading numbered in roman numerals is "II." (an author's initial, "I. Smith", is
    followed by none, or by "I. INTRODUCTION"). Bookmarked headings stay headings. The author block under the title
    is left out (_author_block): returns the number of its lines."""
    def anchor(i, p):
        roman_one = _named(p).startswith("I. ") and next(
            (q.number for q in every[i + 1:] if q.number and re.fullmatch(r"[IVX]+", q.number)), None) == "II"
        numbered = p.number and (p.number[0].isdigit() or len(p.number) > 1 or roman_one)
        return bool(numbered) or bool(FRONT_END.match(_named(p)))

    every = [p for p in paras if p.level]
    first = next((i for i, p in enumerate(every) if anchor(i, p)), None)
    if first is not None:
        title_page = every[first].page if re.fullmatch(ABSTRACT, _named(every[first]), re.I) else 1
        for p in every[:first]:
            p.level = 0 if p.page == 1 and not p.lines[0].outline_level or p.page == title_page and not (
                p.lines[0].outline_level or TOP_NAMES.match(_named(p))) else p.level
        return _author_block(paras)
    heads = [p for p in every if p.page == 1 and not p.lines[0].outline_level]
    if len(heads) > 1 and heads[0].size > max(p.size for p in heads[1:]) + 0.5:
        heads[0].level = 0
    return _author_block(paras)


def labels_heading(prev: Para, p: Para) -> bool:
    """A division's label on a line of its own ("Kapitel 1", "Appendix A": books.division_label) over the heading it
    labels, in its own style and up to two of the heading's lines above it, as a thesis's chapters are set: one
    heading, at the level of its title."""
    a, b = prev.lines[-1], p.lines[0]
    return (len(prev.lines) == 1 and division_label(a.text) and (prev.page, prev.column) == (p.page, p.column)
            and 0 <= a.y0 - b.y1 < 2 * b.size)


def continues_heading(prev: Para, p: Para) -> bool:
    """A heading set as two boxes ("2 CHARACTERIZING EXPOSITORY" / "WRITING"): same style and place, next line; or a
    division's label over its title (labels_heading)."""
    a, b = prev.lines[-1], p.lines[0]
    if labels_heading(prev, p):
        return True
    if a.outline_level or b.outline_level:
        return one_heading(a, b)
    return (not p.number and not p.runin and prev.level == p.level and a.bold == b.bold
            and abs(a.size - b.size) < 0.3 and next_line(prev, p))
