"""The one evaluation loop: a method (or a baseline) over documents with reference segmentations, each document
scored by Pk, WindowDiff, boundary F1 and word-level Pk beside the no-boundary and evenly-spaced baselines, under
either protocol — every element kept (nltk's Pk window) or Alemi & Ginsparg's (short sentences dropped, their
window) — serially or through Dask, with progress and stop hooks. The CLI (`segcore evaluate`), the benchmark
harness (`python -m benchmarks`) and the app's Benchmark page all call `evaluate` / `evaluate_many`.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace

import numpy as np

from .budget import BudgetError, call
from .document import Document, check_boundaries, level_noun
from .errors import InputError, ParameterError, SegcoreError
from .methods import get_method, segment
from .metrics import NAMES, PERCENT_DIGITS, agreement, boundary_prf, default_k, pk, windowdiff
from .parallel import run_many
from .representations import DocumentFrequencies
from .structure import carried
from .text import bags as make_bags

PROTOCOLS = ("all", "alemi")
IDF = ("document", "dataset")
BASELINE_NAMES = {"": "", "_none": " · none", "_even": " · even"}  # a summary key's suffix → its column's


# ---- protocols and word-level Pk --------------------------------------------------------------------------------

def alemi_protocol(doc: Document, min_words: int = 5, stopwords: str = "choi") -> Document:
    """Alemi & Ginsparg's evaluation protocol: elements with fewer than `min_words` content words (segcore.text.bags:
    lower-cased word tokens, punctuation and the `stopwords` list removed, no stemming) are dropped from the text and
    from the reference; a reference segment left empty disappears. meta['kept'] lists the original indices kept."""
    if doc.reference is None:
        raise InputError(f"{doc.source or 'document'}: the Alemi protocol needs a reference segmentation")
    counts = [len(b) for b in make_bags(doc.elements, stopwords=stopwords, stem_words=False)]
    kept = [i for i, c in enumerate(counts) if c >= min_words]
    if not kept:
        raise InputError(f"{doc.source or 'document'}: no {level_noun(doc.level, 1)} has {min_words} or more content "
                         f"words")
    ref, start, total = [], 0, 0
    for end in doc.reference:
        total += sum(1 for i in range(start, end) if counts[i] >= min_words)
        if total and (not ref or total > ref[-1]):
            ref.append(total)
        start = end
    first = np.searchsorted(kept, np.arange(doc.n + 1)).tolist()  # kept elements before each one
    meta = {**carried(doc.meta, first), "protocol": f"alemi (min_words={min_words})", "kept": kept, "n_original": doc.n}
    return Document([doc.elements[i] for i in kept], ref, level=doc.level, source=doc.source, meta=meta)


def alemi_k(reference: list[int]) -> int:
    """Alemi & Ginsparg's Pk window: round(N / 2 / K) − 1 with Python 2's round (halves away from zero), at least 1."""
    n, k = reference[-1], len(reference)
    return max(1, int(math.floor(n / (2.0 * k) + 0.5)) - 1)


def word_boundaries(elements: list[str], boundaries: list[int]) -> list[int]:
    """Segment ends over elements → segment ends over tokens (every whitespace token of each element a unit).
    A segment without tokens vanishes; the last end is the number of tokens. InputError for ends that are not the
    elements' (document.check_boundaries)."""
    boundaries = check_boundaries(boundaries, len(elements), "segmentation to count in words")
    off = np.concatenate([[0], np.cumsum([len(e.split()) for e in elements])])
    out = []
    for b in boundaries:
        w = int(off[b])
        if w > 0 and (not out or w > out[-1]):
            out.append(w)
    if not out or out[-1] != off[-1]:
        out.append(int(off[-1]))
    return out


def word_pk(doc: Document, reference: list[int], hypothesis: list[int], k_fn=default_k) -> float:
    """Pk with every token a unit (Choi's and Utiyama & Isahara's published metric); k = k_fn(token reference)."""
    if doc.level == "word":
        return pk(reference, hypothesis, k_fn(reference))
    ref_w = word_boundaries(doc.elements, reference)
    return pk(ref_w, word_boundaries(doc.elements, hypothesis), k_fn(ref_w))


# ---- baselines ---------------------------------------------------------------------------------------------------

def evenly_spaced(n: int, k: int) -> list[int]:
    """K segments of (almost) equal length: ends round(i·N/K), kept strictly increasing (K is clipped to 1…N)."""
    k = max(1, min(int(k), n))
    out = []
    for i in range(1, k + 1):
        b = max(int(round(i * n / k)), (out[-1] + 1) if out else 1)
        out.append(min(b, n - (k - i)))
    return out


BASELINES = {"none": lambda n, k: [n], "even": lambda n, k: evenly_spaced(n, k or 1)}


# ---- one setting, one document ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setting:
    """What is evaluated: a method (or a baseline of BASELINES) with its parameters (sorted pairs: hashable), K given
    or automatic, the protocol, the F1 tolerance and where idf comes from ('dataset': over the documents evaluated,
    as Alemi & Ginsparg's Brown-corpus idf)."""

    method: str
    params: tuple = ()
    k_given: bool = True
    protocol: str = "all"
    min_words: int = 5
    protocol_stopwords: str = "choi"
    tolerance: int = 1
    idf: str = "document"

    @classmethod
    def of(cls, method: str, params: dict | None = None, **kw) -> "Setting":
        return cls(method, tuple(sorted((params or {}).items())), **kw)

    @property
    def p(self) -> dict:
        return dict(self.params)

    def check(self) -> "Setting":
        """The setting with its parameters parsed by the method's domains; ParameterError once, before any work."""
        if self.protocol not in PROTOCOLS:
            raise ParameterError(f"protocol must be one of {', '.join(PROTOCOLS)}, got '{self.protocol}'")
        if self.idf not in IDF:
            raise ParameterError(f"idf must be one of {', '.join(IDF)}, got '{self.idf}'")
        if not isinstance(self.tolerance, int) or not 0 <= self.tolerance <= 1000:
            raise ParameterError(f"tolerance must be a whole number from 0 to 1000, got {self.tolerance}")
        if self.method in BASELINES:
            return self
        m = get_method(self.method)
        parsed = {k: m.param(k).parse(v) for k, v in self.params}
        return replace(self, params=tuple(sorted(parsed.items())))

    def prepare(self, doc: Document) -> Document:
        return alemi_protocol(doc, self.min_words, self.protocol_stopwords) if self.protocol == "alemi" else doc

    def window(self, reference: list[int]) -> int:
        return alemi_k(reference) if self.protocol == "alemi" else default_k(reference)


def score(doc: Document, setting: Setting, context: dict | None = None, run=None) -> dict:
    """Segment one document as `setting` says and score it against its reference, beside the baselines; a
    SegcoreError becomes a row with its message (and 'stopped' when its run was killed by its owner). `run(fn,
    *args, **kwargs)` calls segment() (a segcore.budget.Runner: in a worker, under a budget); None: here."""
    row = {"source": doc.source, "n_original": doc.n}
    t = time.perf_counter()
    try:
        doc = setting.prepare(doc)
        ref = list(doc.reference)
        k = len(ref) if setting.k_given else None
        units = 0  # the paragraphs that were the method's units (segcore.paragraphs), 0: the elements
        if setting.method in BASELINES:
            hyp, seconds = BASELINES[setting.method](doc.n, k), 0.0
        else:
            seg = (run or call)(segment, doc, setting.method, k, context=context, **setting.p)
            hyp, seconds, units = seg.boundaries, seg.seconds, seg.info.get("paragraphs", 0)
        km = setting.window(ref)
        p, r, f = boundary_prf(ref, hyp, setting.tolerance)
        even = evenly_spaced(doc.n, len(hyp))
        row.update(n=doc.n, k_ref=len(ref), k_hyp=len(hyp), reference=ref, hypothesis=[int(b) for b in hyp],
                   k_window=km, pk=pk(ref, hyp, km), windowdiff=windowdiff(ref, hyp, km), precision=p, recall=r,
                   f1=f, pk_word=word_pk(doc, ref, hyp, setting.window), seconds=seconds, paragraphs=units,
                   pk_none=pk(ref, [doc.n], km), windowdiff_none=windowdiff(ref, [doc.n], km),
                   pk_even=pk(ref, even, km), windowdiff_even=windowdiff(ref, even, km),
                   f1_even=boundary_prf(ref, even, setting.tolerance)[2])
    except SegcoreError as exc:
        row.update(error=str(exc), seconds=time.perf_counter() - t)
        if isinstance(exc, BudgetError) and exc.kind == "stopped":
            row["stopped"] = True
    return row


def dataset_frequencies(docs: list[Document], setting: Setting) -> DocumentFrequencies:
    """Document frequencies over the documents as the setting prepares and preprocesses them (one bag each)."""
    p = setting.p
    bags = [[w for b in make_bags(setting.prepare(d).elements, p.get("stopwords", "choi"), p.get("stem", False))
             for w in b] for d in docs]
    return DocumentFrequencies.of(bags)


def _score_chunk(task) -> list[dict]:
    docs, setting, context, run = task
    return [score(d, setting, context, run) for d in docs]


# ---- the loop ----------------------------------------------------------------------------------------------------

@dataclass
class Evaluation:
    """Per-document rows (see `score`) and their summary."""

    setting: Setting
    rows: list[dict] = field(default_factory=list)
    complete: bool = True

    @property
    def summary(self) -> dict:
        return summarize(self.rows)

    def to_dict(self) -> dict:
        return {"method": self.setting.method, "params": self.setting.p, "k_given": self.setting.k_given,
                "protocol": self.setting.protocol, "complete": self.complete, "summary": self.summary,
                "documents": self.rows}


def evaluate_many(batches: list[tuple[list[Document], Setting]], jobs: int = 1, scheduler: str | None = None,
                  progress=None, stop=None, context: dict | None = None, chunk: int = 1, run=None) -> list[Evaluation]:
    """Evaluate several settings, each on its documents, in one pass of `run_many` (chunks of `chunk` documents per
    task); `progress(done, total)` counts documents; `stop()` true ends the run early (the rows so far are kept, a
    document whose run was killed is left out, and `complete` is False). `run`: how segment() is called (see
    `score`; serial runs only). Documents without a reference are left out; a setting with none at all is an
    error."""
    if run is not None and (jobs > 1 or scheduler):
        raise ParameterError("runs under a budget (in a worker process each) go one document at a time: leave out "
                             "jobs and scheduler")
    prepared, tasks, owner = [], [], []
    for docs, setting in batches:
        setting = setting.check()
        docs = [d for d in docs if d.reference is not None]
        if not docs:
            raise InputError("no document with a reference segmentation found")
        ctx = dict(context or {})
        if setting.idf == "dataset":
            ctx["df"] = dataset_frequencies(docs, setting)
        prepared.append(Evaluation(setting))
        for a in range(0, len(docs), max(1, chunk)):
            tasks.append((docs[a:a + max(1, chunk)], setting, ctx or None, run))
            owner.append(len(prepared) - 1)
    ends = np.cumsum([0] + [len(t[0]) for t in tasks])
    tick = (lambda done, total: progress(int(ends[done]), int(ends[-1]))) if progress else None
    results = run_many(_score_chunk, tasks, jobs=jobs, scheduler=scheduler, progress=tick, stop=stop)
    for i, rows in zip(owner, results):
        kept = [r for r in rows or [] if not r.get("stopped")]
        prepared[i].rows.extend(kept)
        if rows is None or len(kept) < len(rows):  # stopped before or while this chunk ran
            prepared[i].complete = False
    return prepared


LOOP_KEYS = ("jobs", "scheduler", "progress", "stop", "context", "chunk", "run")  # evaluate_many's own keywords


def evaluate(docs: list[Document], method: str, params: dict | None = None, k_given: bool = True, **kw) -> Evaluation:
    """One method over a dataset: `evaluate_many` with one setting. Keywords of Setting (protocol, tolerance, idf,
    …) and of evaluate_many (LOOP_KEYS) pass through."""
    loop = {k: kw.pop(k) for k in LOOP_KEYS if k in kw}
    return evaluate_many([(docs, Setting.of(method, params, k_given=k_given, **kw))], **loop)[0]


def sweep(docs: list[Document], method: str, name: str, values: list, params: dict | None = None,
          k_given: bool = True, **kw) -> list[Evaluation]:
    """One parameter of a method over several values (the other parameters as `params`), same documents."""
    loop = {k: kw.pop(k) for k in LOOP_KEYS if k in kw}
    batches = [(docs, Setting.of(method, {**(params or {}), name: v}, k_given=k_given, **kw)) for v in values]
    return evaluate_many(batches, **loop)


def summarize(rows: list[dict]) -> dict:
    """Means over the documents that did not fail (metrics as fractions), the baselines' means, and totals."""
    ok = [r for r in rows if "error" not in r]

    def mean(key):
        return float(np.mean([r[key] for r in ok])) if ok else float("nan")

    keys = ("pk", "windowdiff", "f1", "pk_word", "pk_none", "windowdiff_none", "pk_even", "windowdiff_even",
            "f1_even")
    return {"documents": len(rows), "failed": len(rows) - len(ok), **{k: mean(k) for k in keys},
            "segments_found": sum(r["k_hyp"] for r in ok), "segments_true": sum(r["k_ref"] for r in ok),
            "cut_between_paragraphs": sum(bool(r.get("paragraphs")) for r in ok),
            "seconds_per_document": float(np.mean([r["seconds"] for r in rows])) if rows else 0.0}


def score_cells(summary: dict, baselines: bool = False) -> dict[str, float]:
    """A summary's Pk, WindowDiff and F1 as the app's tables show them: named 'Pk %', …, in percent, rounded as the
    results tables (benchmarks/results) print them; with `baselines`, each measure's no-boundary ('Pk % · none')
    and evenly spaced ('Pk % · even') baselines beside it."""
    return {_column(key, BASELINE_NAMES[b]): percent(summary[key + b], key)
            for key in NAMES for b in (BASELINE_NAMES if baselines else [""]) if key + b in summary}


def _column(key: str, suffix: str = "") -> str:
    """A measure's column in the app's tables: 'Pk %', 'Pk % · none'."""
    return f"{NAMES[key]} %{suffix}"


def percent(value: float, key: str) -> float:
    """A measure's fraction in percent, rounded as the results tables print that measure (PERCENT_DIGITS)."""
    return round(100 * value, PERCENT_DIGITS[key])


def agreement_cells(segmentations: dict[str, list[int]], measure: str = "pk") -> dict[str, dict[str, float]]:
    """metrics.agreement (row as the reference, column as the hypothesis) in percent, rounded as `percent`."""
    return {a: {b: percent(v, measure) for b, v in row.items()} for a, row in agreement(segmentations, measure).items()}


def percent_text(scores: dict, key: str, baseline: str = "") -> str:
    """One measure of `scores` (fractions, keyed as metrics.evaluate; a summary's `baseline`, '_none' or '_even', as
    BASELINE_NAMES) as text in percent: '6.90 %'."""
    return f"{100 * scores[key + baseline]:.{PERCENT_DIGITS[key]}f} %"


def score_digits(columns) -> dict[str, int]:
    """The decimals of the score_cells columns among `columns`."""
    digits = {_column(key, suffix): PERCENT_DIGITS[key] for key in NAMES for suffix in BASELINE_NAMES.values()}
    return {c: digits[c] for c in columns if c in digits}
