"""A text's language (segcore.language): the same chapters of Debian Reference in English and in five translations,
segmented with English's stopwords and stemmer (stopwords = 'choi', every method's default) and with the text's own
(stopwords = 'auto': the language identified, the Snowball project's stopword list and stemmer). Writes
benchmarks/results/languages.md.

Run:  python -m benchmarks.languages [--jobs 2] [--limit N]
      (needs python -m benchmarks.corpora with debian-reference-{en,de,es,fr,it,pt} installed)

Each method with its defaults, K given (the true number of sections) and automatic. Two choices, both made on
translated/fr and reported on the other languages: the default reading ('auto' if it lowers the mean Pk of the six
methods, both K modes, on translated/fr; else 'choi', as before), and whether best keeps its two vector terms on a
text read in another language (GloVe's vectors are English: a French text's words are missing from them or stand for
English words spelt alike); best leaves them out (best.vectors_fit) and 'best, vector terms kept' is best without
that rule. Line-level Pk % (k = half the mean reference segment length), means over documents; 'auto − choi': mean
paired difference (points) ± standard error (documents better / worse reading the text in its language); K found:
totals over the set against the true total. manuals/reference is the English original (a check: both readings are
the same there). Two chapters of the French and Portuguese translations (ch07, ch08) are not translated: they are
identified as English and read as before. Before the Snowball lists, python-stop-words' were tried (its French
list holds content words: nom, valeur, état, début); the text's reading gained nothing with them either (a first
run of this study, not kept)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np

from segcore.language import identify
from segcore.methods import segment
from segcore.metrics import pk

from .markdown import paired, table
from .real_documents_k import cli

OUT = Path(__file__).resolve().parent / "results" / "languages.md"
SETS = ("manuals/reference", "translated/fr", "translated/de", "translated/es", "translated/it", "translated/pt")
CHOSEN_ON = "translated/fr"
KEPT = "best, vector terms kept"
VARIANTS = [("best", "best", {}), (KEPT, "best", {}),
            ("ui", "ui", {}), ("simon", "simon", {}), ("cvs", "cvs", {}), ("c99", "c99", {}),
            ("texttiling", "texttiling", {})]
MODES = ("given", "auto")
SIX = ("best", "ui", "simon", "cvs", "c99", "texttiling")  # the methods the default reading is chosen on
READINGS = ("choi", "auto")


def study(doc) -> dict:
    """(Pk, K found) of each variant, K mode and reading; the language identified and the true K."""
    from segcore.algorithms import best

    found = identify(doc.elements)
    out = {"K": len(doc.reference), "language": found.language}
    rule = best.vectors_fit
    for label, method, params in VARIANTS:
        best.vectors_fit = (lambda d, p: True) if label == KEPT else rule
        for mode in MODES:
            for reading in READINGS:
                seg = segment(doc, method, len(doc.reference) if mode == "given" else None,
                              **params, stopwords=reading)
                out[label, mode, reading] = (pk(doc.reference, seg.boundaries), seg.k)
    best.vectors_fit = rule
    return out


def report(res: dict, seconds: float, args) -> list[str]:
    found = {s: ", ".join(f"{lang} {n}" for lang, n in Counter(d["language"] for d in r).most_common())
             for s, r in res.items()}
    out = ["# A text's language: stopwords and stemmer of English or of the text's language", "",
           f"`python -m benchmarks.languages --jobs {args.jobs}`, {seconds / 60:.1f} min.", "",
           __doc__.split("\n\n", 2)[2].strip(), "",
           "Documents (language identified: documents): "
           + "; ".join(f"{s}: {len(r)} ({found[s]})" for s, r in res.items()) + ".", ""]
    rows = []
    for s, docs in res.items():
        for label, _, _ in VARIANTS:
            for mode in MODES:
                choi = [d[label, mode, "choi"] for d in docs]
                auto = [d[label, mode, "auto"] for d in docs]
                cell, better, worse = paired([100 * (b[0] - a[0]) for a, b in zip(choi, auto)])
                found = "" if mode == "given" else (f"{sum(a[1] for a in choi)} → {sum(b[1] for b in auto)} / "
                                                    f"{sum(d['K'] for d in docs)}")
                rows.append([s, label, mode, f"{100 * np.mean([a[0] for a in choi]):.2f}",
                             f"{100 * np.mean([b[0] for b in auto]):.2f}", f"{cell} ({better} / {worse})", found])
    out += table(["set", "method", "K", "Pk, English's words (choi)", "Pk, the text's (auto)",
                  "auto − choi (better / worse)", "segments found choi → auto / true"], rows)
    out += ["", f"## The default reading (chosen on {CHOSEN_ON}, reported on the others)", "",
            f"Mean over {', '.join(SIX)} of the mean paired difference auto − choi (points; negative: reading the "
            "text in its language is better), and in how many of those method × K cells it is better / worse.", ""]
    rows, chosen = [], None
    for s, docs in res.items():
        diffs = {(m, mode): np.mean([100 * (d[m, mode, "auto"][0] - d[m, mode, "choi"][0]) for d in docs])
                 for m in SIX for mode in MODES}
        cells = [f"{np.mean([v for (m, mode), v in diffs.items() if mode == want]):+.2f}" for want in MODES]
        overall = float(np.mean(list(diffs.values())))
        if s == CHOSEN_ON:
            chosen = "auto" if overall < 0 else "choi"
        rows.append([s + (" (chosen here)" if s == CHOSEN_ON else ""), *cells, f"{overall:+.2f}",
                     f"{sum(v < 0 for v in diffs.values())} / {sum(v > 0 for v in diffs.values())}"])
    out += table(["set", "K given", "K automatic", "both", "cells better / worse"], rows)
    if chosen:
        out += ["", f"The rule gives stopwords = '{chosen}' as every method's default."]
    out += ["", f"## best's vector terms in another language (chosen on {CHOSEN_ON}, reported on the others)", "",
            "Reading each text in its language (auto): best (vector terms left out of a text not in English) minus "
            "best with them kept (points ± standard error; documents better / worse leaving them out).", ""]
    rows = []
    for s, docs in res.items():
        for mode in MODES:
            cell, better, worse = paired([100 * (d["best", mode, "auto"][0] - d[KEPT, mode, "auto"][0])
                                          for d in docs])
            rows.append([s + (" (chosen here)" if s == CHOSEN_ON else ""), mode, f"{cell} ({better} / {worse})"])
    return out + table(["set", "K", "left out − kept"], rows)


if __name__ == "__main__":
    cli(__doc__, SETS, study, report, OUT)
