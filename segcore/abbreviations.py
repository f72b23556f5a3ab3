"""Abbreviations: the words Punkt is told are abbreviations (English's, the shortened words of journals' names in
references, other languages'), and a journal's abbreviated name in a reference, inside which no sentence ends."""
from __future__ import annotations

import re

import regex

__all__ = ["ABBREVIATIONS", "LANGUAGE_ABBREVIATIONS", "REFERENCE_ABBREVIATIONS", "WRITTEN_AS_WORD", "journal_name"]

# Words a reference list shortens in journals' and proceedings' names (ISO 4's 'Commun. ACM 50', 'ACM Comput. Surveys',
# 'In: Proc. ICML', 'Proc. of the Conf. on'), where Punkt cut after them: not those that also end sentences as words
# ('math', 'trans', 'res' of 'REs.', 'int' of C's type, 'bull', 'lang', 'rep', 'med', 'ind' in the novels and manuals).
# English's: other languages' words among them end sentences there (French 'un bien commun.', German 'in die Oper.',
# Dutch 'een mol.'); nor in a text that writes one in lower case (WRITTEN_AS_WORD, in a text read as English)
REFERENCE_ABBREVIATIONS = frozenset("""
proc conf symp comput commun acad sci phys lett appl probab intell mach autom soc chem biol syst theor mech econ nucl
mol neurosci psychol lect adv technol softw optim netw mater environ genet biochem biophys geophys astrophys astron
clin surv cryptol cogn behav educ manag oper
""".split())
# a reference abbreviation in lower case, not inside a path, a dotted name or a hyphenated word ('/proc', 'sci-fi')
WRITTEN_AS_WORD = re.compile(r"(?<![\w./-])(%s)(?![\w/-]|\.\w)" % "|".join(sorted(REFERENCE_ABBREVIATIONS)))
# Lower-case, without the final period, as Punkt stores them in params.abbrev_types. Words that often
# end a sentence are left out (no "sat", "sun", "wed", "may"): Punkt would then fail to split after them.
ABBREVIATIONS = frozenset("""
mr mrs ms messrs mme mlle rev esq dr prof hon gen gov sen capt lt sgt cmdr adm supt sr jr st mt ft
vs etc e.g i.e cf viz al approx appx
fig figs eq eqs sec secs ch chs ref refs no nos vol vols pp p ed eds
jan feb mar apr jun jul aug sep sept oct nov dec tues thurs
inc ltd co corp bros assn dept univ inst assoc natl intl ave blvd
a.m p.m u.s u.k u.n u.s.a ph.d m.d b.a m.a b.sc m.sc d.c
""".split()) | REFERENCE_ABBREVIATIONS

# Other languages' abbreviations (langid's codes), read as ABBREVIATIONS are; in a text in one of them, English's that
# are that language's stopwords ("no", "se") are not abbreviations (Spanish's "dijo que no." ends a sentence)
LANGUAGE_ABBREVIATIONS = {code: frozenset(words.split()) for code, words in {
    "de": "usw bzw z.b d.h u.a o.ä s.o s.u v.a u.u z.t zb dh ua ca vgl ggf evtl inkl zzgl exkl sog bspw jh jhd hrsg "
          "aufl abb bd nr str hr fr frl dipl ing mio mrd tsd abs ff bzgl dgl entspr geb gest usf",
    "fr": "m mm mme mmes mlle mlles pr me mgr ste p.ex ex env apr av c.-à-d n° coll éd tél suiv al",
    "es": "sr sra sres srta d dña ud uds vd vds p.ej ej ee uu núm pág págs avda aprox admón cía dra etc al",
    "it": "sig sig.ra sigg dott dott.ssa ing avv geom rag sr ecc pag pagg ca es p.es ad.es al",
    "nl": "dhr mevr mw mr bijv o.a d.w.z m.b.t enz z.g.a.n blz ca jl resp incl excl evt ong",
    "pt": "sr sra srs srta dra exmo exma pág págs av p.ex ex etc al",
    "cs": "atd např tj tzv apod aj resp str čís mj př pí",
    "pl": "np itd itp tzn tj ok ul godz dr prof mgr inż wg tzw",
}.items()}

# A journal's abbreviated name in a reference ("Proc. Natl. Acad. Sci. USA 98", "J. Am. Chem. Soc. 121", "IEEE Trans.
# Pattern Anal. Mach. Intell. 22", "Nucl. Phys. B 123"): a run of capitalised words, at least two of them shortened
# with a period, before a volume's number. Punkt ends a sentence after such a word where it is not a known
# abbreviation ('Proc.' | 'Natl. Acad.' | 'Sci.' | 'USA 98'); one shortened word before a capitalised one ends a
# sentence ('Paris. The 3 boys'), and so do "U.S." ('the U.S. The next', dotted inside) and a hyphenated word's end
# ('P-type AT-Pases. Mol Cell Endocrinol. 2002', a title's). In 32 PDFs and .tex files with reference lists this
# removed 35 of Punkt's ends (32 in a journal's name or a law's citation, 3 an ACM entry's 'Lydia B. Chilton. | 2021.',
# which _AUTHOR_BEFORE cuts again as the entries' other authors are),
# in /usr/share/doc's 3,481 texts 1 ('Rev. Mod. | Phys.'), in the 82 novels 2 ('A. | D. 1530. 17 Jac. | V. May 16').
# A comma may follow the name's shortened words ('Theor. Math. Phys., 2000, 124', 'SIAM J. Comput., 39'), not an
# initial ('Berlin. Jones K., 1999', an author) nor a word without a period ('Tom. Dr. Smith, 34'): in the same 32
# files this removed 25 more ends, all 25 inside a journal's name. The fields of an entry stay cut where they end with a
# period ('Lars Hörmander. | 1985. | Title. | Journal 3, 1'; 'Title. | Proc. Natl. Acad. Sci. USA 98'), as Punkt cuts
# them: joining only the title and the journal would leave the rest cut (reference lists are left out, back matter).
_SHORTENED = regex.compile(r"(?<![\w.-])\p{Lu}\p{Ll}{0,9}\.")
_NAME_BEFORE = regex.compile(r"(?:(?<![\w.])\p{Lu}\p{L}*\.?\s+)*(?<![\w.-])\p{Lu}\p{Ll}{0,9}\.$")
# "Phys., 2000", not "K., 2000"; or the name ends with a comma before the next field ("J. Mach. Learn. Res., vol. 3");
# or shortened words only go on to a year in brackets or a volume's label ("J. Mach. | Learn. Res. (2003)", "Res. vol.
# 3"), not other words ("He went to Paris. | Dr. Smith (1990) came")
_NAME_AFTER = regex.compile(r"(?:\p{Lu}(?:\p{L}+\.,|\p{L}*\.?)\s+){0,6}(?:(?=\d)|(?<=\p{L}{2}\.,\s))"
                            r"|(?:\p{Lu}\p{Ll}{0,9}\.\s+){0,6}(?=\(\d|(?:vol|no|pp?)\.\s*\d)")


# An entry's first or last author ('[6] C. Poe.', 'and Lydia B. Chilton.') ends with a period that ends its field,
# not a journal's name: the title's capitalised words and a journal's after it ('[6] C. Poe. More. J. Mach. Learn. Res.
# 3' was read as one name) are cut there. Not after a comma: physics' entries name a journal there ('A. Doe, J. Math.
# Phys. 5'), which cannot be told from a middle author by its form
_AUTHOR_BEFORE = regex.compile(r"(?:\]|&|\band)\s*$")


def journal_name(text: str, a: int, b: int, c: int) -> bool:
    """Whether a sentence from a to b, the next one beginning at c, ends inside a journal's abbreviated name."""
    before = _NAME_BEFORE.search(text, max(a, b - 200), b)
    if before and _AUTHOR_BEFORE.search(text, max(a, before.start() - 5), before.start()):
        return False
    after = _NAME_AFTER.match(text, c) if before else None
    return bool(after) and len(_SHORTENED.findall(before[0] + " " + after[0])) >= 2
