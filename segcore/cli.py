"""Command line: `segcore segment`, `segcore evaluate`, `segcore methods` (see --help). Errors print one line and exit
with status 2; nothing prints a traceback."""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from .budget import Budget, Pool, Runner, call, parse_size
from .datasets import corpus_texts, honest_corpus, is_named, load_dataset
from .document import PARAGRAPH_BREAK, span_label, where
from .errors import InputError, ParameterError, SegcoreError
from .evaluation import evaluate, percent_text
from .exports import FORMATS as EXPORTS, chapter_problems, check_timed, export, to_json
from .limits import LIMITS, Limits
from .folders import dataset_items, format_hint, skipped_note
from .kchoice import choice_record
from .formats import FORMATS
from .loaders import LEVELS, left_out_notes, load
from .methods import DEFAULT_METHOD, METHODS, get_method, segment
from .metrics import NAMES, evaluate as scores
from .paragraphs import units_note
from .parallel import Progress, run_many
from .pipeline import preload
from .structure import DEPTHS, REFERENCE_CHOICES, choose_reference, with_structure
from .text import top_terms

FORMAT_HELP = ("the input's format; auto (the default) tells it from the file's name and content, also inside a .gz, "
               ".bz2 or .xz file")


def _params(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ParameterError(f"--param expects KEY=VALUE, got '{pair}'")
        out[key.strip()] = value.strip()
    return out


def _context(method: str, corpus: str, docs) -> dict | None:
    """context= for segment(): the reference corpus a method learns from, when it needs one: --corpus NAME_OR_PATH,
    or 'auto' (the default): the first bundled corpus that holds none of the documents (datasets.honest_corpus)."""
    if "corpus" not in get_method(method).needs:
        if corpus != "auto":
            raise ParameterError(f"--corpus is for methods that learn from a reference corpus "
                                 f"({', '.join(m.name for m in METHODS.values() if 'corpus' in m.needs)}), "
                                 f"not {method}")
        return None
    if corpus == "auto":
        corpus, texts = honest_corpus(docs())
        print(f"segcore: {method} learns from the bundled corpus {corpus} (it holds none of the text it segments; "
              f"--corpus chooses another)", file=sys.stderr)
        return {"corpus": texts}
    return {"corpus": corpus_texts(corpus)}


@contextmanager
def _runner(args):
    """How segment() is called: in a worker under --timeout/--max-memory (a segcore.budget.Runner), else here
    (None)."""
    budget = Budget(args.timeout, args.max_memory)
    if not budget.limited:
        yield None
        return
    if args.jobs > 1 or args.scheduler:
        raise ParameterError("--timeout and --max-memory run one document at a time, each in a worker process: "
                             "leave out --jobs and --scheduler")
    with Runner(budget, Pool(warmup=preload)) as run:  # imports and vectors ready before the clock starts
        yield run


def cmd_segment(args) -> int:
    params = _params(args.param)
    get_method(args.method).resolve(params)  # a bad method or parameter fails once, before any file is read
    limits = Limits(args.max_chars, args.max_elements, args.max_pages)
    if args.input != "-" and (Path(args.input).is_dir() or Path(args.input).suffix.lower() == ".zip"):
        if args.reference or args.keep_back_matter or args.speaker_notes:
            raise ParameterError("--reference, --keep-back-matter and --speaker-notes are for one file; for a folder "
                                 "or a zip, use `segcore evaluate FOLDER --reference sections`")
        context = _context(args.method, args.corpus,
                           lambda: load_dataset(args.input, args.format, args.level, limits=limits)[0])
        return _segment_folder(args, params, context, limits)
    data = sys.stdin.buffer.read() if args.input == "-" else args.input
    doc = load(data, format=args.format, level=args.level, source="stdin" if args.input == "-" else None,
               keep_back_matter=args.keep_back_matter, limits=limits, speaker_notes=args.speaker_notes)
    if args.reference:
        doc = with_structure(doc, args.reference)
    if args.to == "chapters":
        check_timed(doc)
    context = _context(args.method, args.corpus, lambda: [doc])
    with _runner(args) as run:
        seg = (run or call)(segment, doc, args.method, args.k, context=context, **params)
    score = scores(doc.reference, seg.boundaries) if args.reference else None
    if args.to == "json" and score:
        print(to_json(doc, seg, {"scores": score}))
        return 0
    if args.to != "text":
        tops = top_terms(doc.elements, seg.boundaries) if args.to in ("jsonl", "chapters") else None
        print(export(doc, seg, args.to, tops), end="")
        note = chapter_problems(doc, seg) if args.to == "chapters" else ""
        if note:
            print(f"note: {note}", file=sys.stderr)
    else:
        texts = doc.segment_texts(seg.boundaries, PARAGRAPH_BREAK)
        for i, ((a, b), text) in enumerate(zip(doc.segments(seg.boundaries), texts)):
            place = where(doc, a, b)
            print(f"========== segment {i + 1}: {span_label(a, b, doc.level)}" + (f" · {place}" if place else ""))
            print(text)
        print(f"# {seg.k} segment{'s' * (seg.k != 1)} of {doc.n} {doc.level}s by {seg.method} in {seg.seconds:.3f} s",
              file=sys.stderr)
        if seg.k_automatic:
            print(f"# {choice_record(seg.k, seg.info, seg.signals, seg.elements(doc))['text']}", file=sys.stderr)
        units = units_note(doc, seg)
        if units:
            print(f"# {units}", file=sys.stderr)
        for note in left_out_notes(doc, seg.params.get("stopwords", "choi")):
            print(f"# {note}", file=sys.stderr)
    if score:
        print(f"# against the document's {args.reference} ({len(doc.reference)} segments): Pk {percent_text(score, 'pk')}  "
              f"WindowDiff {percent_text(score, 'windowdiff')}  F1 {percent_text(score, 'f1')}", file=sys.stderr)
    return 0


def segment_file(task) -> dict:
    """Worker of the folder mode: (file path, a zip member's bytes or the InputError that stops it (folders.
    dataset_items), source name, format, level, method, k, params, context, limits, run) → the Segmentation as a dict
    with the document's `source`, or {'source', 'error'} (with 'unreadable': true where the file could not be read as
    a document); `run` calls segment() (see `_runner`)."""
    data, source, fmt, level, method, k, params, context, limits, run = task
    def error(exc: SegcoreError, **extra) -> dict:  # the message names the file once
        return {"source": source, "error": str(exc) if source in str(exc) else f"{source}: {exc}", **extra}

    try:
        if isinstance(data, InputError):
            raise data
        doc = load(data, format=fmt, level=level, source=source, limits=limits)
    except SegcoreError as exc:
        return error(exc, unreadable=True)
    try:
        seg = (run or call)(segment, doc, method, k, context=context, **params)
    except SegcoreError as exc:
        return error(exc)
    return {"source": source, **seg.to_dict(doc)}


def _segment_folder(args, params: dict, context, limits: Limits) -> int:
    """Every document file of a folder or a zip archive through run_many (serial, or dask with --jobs/--scheduler);
    a file that fails is reported and the others go on (exit status 2 if any failed); --json ends with a summary
    line that counts as evaluate --json's does (documents, failed, unreadable_files, skipped_files)."""
    progress = Progress("segment") if sys.stderr.isatty() else None
    items, skipped = dataset_items(args.input, args.format)
    _say_skipped(skipped, "segment")
    with _runner(args) as run:
        tasks = [(data, name, args.format, args.level, args.method, args.k, params, context, limits, run)
                 for name, data in items]
        rows = run_many(segment_file, tasks, jobs=args.jobs, scheduler=args.scheduler, progress=progress)
    for r in rows:
        if "error" in r:
            print(f"segcore: error: {r['error']}", file=sys.stderr)
        if args.to == "json":
            print(json.dumps(r, ensure_ascii=False))
        elif "error" not in r:
            print(f"{r['source']}\t{r['k']} segments of {r['n_elements']} {args.level}s\tboundaries "
                  f"{' '.join(map(str, r['boundaries']))}")
    unreadable = sum(bool(r.get("unreadable")) for r in rows)
    documents, failed = len(rows) - unreadable, sum("error" in r for r in rows) - unreadable
    if args.to == "json":
        print(json.dumps({"summary": {"documents": documents, "failed": failed, "unreadable_files": unreadable,
                                      "skipped_files": list(skipped)}}, ensure_ascii=False))
    if failed or unreadable:
        print(f"segcore: {_counted(documents, failed, unreadable)}", file=sys.stderr)
    return 2 if failed or unreadable else 0


def cmd_evaluate(args) -> int:
    params = _params(args.param)
    limits = Limits(args.max_chars, args.max_elements, args.max_pages)
    if args.level and is_named(args.dataset):
        raise ParameterError(f"{args.dataset} is a bundled dataset, read at its own level: --level is for a folder or "
                             "a file")
    docs, problems, skipped = load_dataset(args.dataset, args.format, args.level, limits=limits)
    docs = [choose_reference(d, args.reference) for d in docs]
    problems += [f"{d.source}: no reference: neither a .ref file nor headings to use ({args.reference})"
                 for d in docs if d.reference is None]
    docs = [d for d in docs if d.reference is not None]
    context = _context(args.method, args.corpus, lambda: docs)
    for msg in problems:
        print(f"segcore: error: {msg}", file=sys.stderr)
    _say_skipped(skipped, "evaluate")
    progress = None if args.json or not sys.stderr.isatty() else Progress("evaluate")
    t0 = time.perf_counter()
    with _runner(args) as run:
        result = evaluate(docs, args.method, params, k_given=args.k_from_reference, protocol=args.protocol,
                          tolerance=args.tolerance, idf=args.idf, jobs=args.jobs, scheduler=args.scheduler,
                          progress=progress, context=context, run=run)
    out = result.to_dict()
    s = out["summary"]
    s.update(wall_seconds=time.perf_counter() - t0, unreadable_files=len(problems), skipped_files=list(skipped))
    status = 2 if problems or s["failed"] else 0  # a file unread or a document not segmented: the result is partial
    if args.json:
        s.update({k: None for k, v in s.items() if isinstance(v, float) and not math.isfinite(v)})  # valid JSON
        print(json.dumps(out))
        return status
    print(f"{'document':40s} {'N':>5s} {'Kref':>4s} {'Khyp':>4s} {'Pk':>8s} {'WD':>8s} {'F1':>7s} {'sec':>7s}")
    for r in result.rows:
        if "error" in r:
            print(f"{r['source'][-40:]:40s} {r['n_original']:5d} error: {r['error']}")
            continue
        print(f"{r['source'][-40:]:40s} {r['n']:5d} {r['k_ref']:4d} {r['k_hyp']:4d} {percent_text(r, 'pk'):>8s} "
              f"{percent_text(r, 'windowdiff'):>8s} {percent_text(r, 'f1'):>7s} {r['seconds']:7.3f}")
    print(f"\n{_counted(s['documents'], s['failed'], len(problems))}, "
          f"{s['segments_found']} segments found for {s['segments_true']} true"
          + (f"; {s['cut_between_paragraphs']} cut only between their paragraphs (--param paragraphs=false: "
             f"between any elements)" if s["cut_between_paragraphs"] else ""))
    if s["failed"] == s["documents"]:
        print("No document was segmented: no scores (the errors are above).")
        return status
    def cells(baseline: str) -> str:  # one line's Pk, WindowDiff and F1 (where the summary has it) in %, aligned
        return "  ".join(f"{NAMES[key]} {percent_text(s, key, baseline):>8s}" for key in NAMES if key + baseline in s)

    print(f"  {args.method:22s} {cells('')}  {1000 * s['seconds_per_document']:.1f} ms/document\n"
          f"  {'no boundary':22s} {cells('_none')}\n"
          f"  {'evenly spaced, same K':22s} {cells('_even')}")
    return status


def _say_skipped(skipped: dict, command: str) -> None:
    """The files of a folder or zip that are of a type segcore reads but not its documents, in one line (counted, a
    few named: `command` --json lists them all), and which --format reads which of them, if any does."""
    if skipped:
        hint = format_hint(skipped)
        print(f"segcore: {skipped_note(skipped, others=f'{command} --json lists them all (summary.skipped_files)')}"
              + (f"; {hint}" if hint else ""), file=sys.stderr)


def _counted(documents: int, failed: int, unreadable: int) -> str:
    """'2 documents (1 failed, 1 file unreadable)': what segment and evaluate say of a folder's run."""
    plural = lambda n, word: f"{n} {word}{'s' * (n != 1)}"
    return (f"{plural(documents, 'document')} ({failed} failed"
            + (f", {plural(unreadable, 'file')} unreadable" if unreadable else "") + ")")


def cmd_methods(args) -> int:
    if args.json:
        print(json.dumps({m.name: {"summary": m.summary, "citation": m.citation, "needs": list(m.needs),
                                   "params": {p.name: {"default": p.default, "help": p.help, "domain": p.domain(),
                                                       "choices": list(p.choices) if p.choices else None,
                                                       "low": p.low, "high": p.high}
                                              for p in m.params}} for m in METHODS.values()}))
        return 0
    for m in METHODS.values():
        needs = " (needs --corpus)" if "corpus" in m.needs else ""
        print(f"{m.name}: {m.summary} [{m.citation}]{needs}")
        for p in m.params:
            print(f"    {p.name}={p.default}  ({p.domain()})  {p.help}")
    return 0


def _count(low: int, high: int):
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got '{text}'") from None
        if not low <= v <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, got {v}")
        return v
    return parse


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got '{text}'") from None
    if not 0 < v < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, got {text}")
    return v


def _size(text: str) -> int:
    try:
        return parse_size(text)
    except SegcoreError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _add_safety(p: argparse.ArgumentParser, what: str) -> None:
    """--timeout and --max-memory (a worker process under a budget), --max-chars, --max-elements and --max-pages
    (input limits)."""
    p.add_argument("--timeout", type=_seconds, default=None, metavar="SECONDS",
                   help=f"wall-time limit of {what}, run in a worker process that is killed beyond it (default: none)")
    p.add_argument("--max-memory", type=_size, default=None, metavar="SIZE",
                   help=f"memory that {what} may allocate in its worker process, e.g. 2G or 500M (default: none)")
    p.add_argument("--max-chars", type=_count(1, 10**12), default=LIMITS.chars, metavar="N",
                   help=f"largest text accepted, in characters (default {LIMITS.chars:,})")
    p.add_argument("--max-elements", type=_count(1, 10**12), default=LIMITS.elements, metavar="N",
                   help=f"most sentences or words accepted in one document (default {LIMITS.elements:,})")
    p.add_argument("--max-pages", type=_count(1, 10**6), default=LIMITS.pages, metavar="N",
                   help=f"most pages accepted in one PDF (default {LIMITS.pages:,})")


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (no usage block), as every other error of the CLI."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="segcore", description="Linear text segmentation.")
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Parser)
    corpus_help = ("reference corpus for methods that learn from one (lda): a bundled dataset name such as "
                   "choi/3-5, a folder or file of .txt/.ref texts, or auto (default): the first bundled corpus that "
                   "holds none of the text being segmented")

    method_help = f"method (default: {DEFAULT_METHOD}; python -m segcore methods lists them)"

    s = sub.add_parser("segment", help="segment one document")
    s.add_argument("input", help="a file path (text, PDF, HTML page, EPUB book, .ref), a folder or a zip archive "
                                 "(every document file in it, one result each), or - for standard input")
    s.add_argument("--format", default="auto", choices=FORMATS, help=FORMAT_HELP)
    s.add_argument("--level", default="sentence", choices=LEVELS, help="what the text is split into: sentences or words")
    s.add_argument("--method", default=DEFAULT_METHOD, help=method_help)
    s.add_argument("--k", type=int, default=None, help="number of segments (default: the method's automatic rule)")
    s.add_argument("--param", action="append", metavar="KEY=VALUE", help="method parameter, repeatable")
    s.add_argument("--corpus", default="auto", help=corpus_help)
    s.add_argument("--to", default="text", choices=("text", *EXPORTS),
                   help="output: the segments' text (default), or an export format (a folder gives JSON lines; "
                        "chapters: '4:05 top terms' lines of a timed transcript, .srt/.vtt/.sbv)")
    s.add_argument("--json", dest="to", action="store_const", const="json", help="same as --to json")
    s.add_argument("--reference", choices=tuple(DEPTHS), default=None,
                   help="score the segmentation against the document's own headings: its sections, or its sections "
                        "and subsections (Pk, WindowDiff and F1 on standard error, or 'scores' in --to json)")
    s.add_argument("--keep-back-matter", action="store_true",
                   help="texts, PDFs, pages and books: keep the reference list and appendices (left out when a "
                        "reference-list heading is found)")
    s.add_argument("--speaker-notes", action="store_true",
                   help="slides (.pptx, .ppt, .odp): read each slide's speaker notes after its text (counted "
                        "otherwise)")
    s.add_argument("--jobs", type=_count(1, 256), default=1,
                   help="folder input: worker processes (dask local cluster when > 1)")
    s.add_argument("--scheduler", default=None, help="folder input: address of an existing dask scheduler")
    _add_safety(s, "the segmentation (each document's, for a folder)")
    s.set_defaults(func=cmd_segment)

    e = sub.add_parser("evaluate", help="evaluate a method on a dataset with reference segmentations")
    e.add_argument("dataset", help="a folder or .zip of documents, or a bundled dataset name such as choi/3-11")
    e.add_argument("--format", default="auto", choices=FORMATS, help=FORMAT_HELP)
    e.add_argument("--level", default=None, choices=LEVELS,
                   help="what each document's text is split into: sentences (default; a .ref file: as it is) or words")
    e.add_argument("--method", default=DEFAULT_METHOD, help=method_help)
    e.add_argument("--k-from-reference", action="store_true", help="give each document its true number of segments")
    e.add_argument("--reference", choices=REFERENCE_CHOICES, default="auto",
                   help="what each document is scored against: auto (default): its reference (.ref files), else its "
                        "own section headings (texts, PDFs, pages, books); file: .ref references only; sections / "
                        "subsections: the "
                        "headings")
    e.add_argument("--param", action="append", metavar="KEY=VALUE", help="method parameter, repeatable")
    e.add_argument("--corpus", default="auto", help=corpus_help)
    e.add_argument("--protocol", default="all", choices=("all", "alemi"),
                   help="all: every element kept (nltk's Pk window); alemi: Alemi & Ginsparg's (short sentences "
                        "dropped, window round(N/2K) − 1)")
    e.add_argument("--idf", default="document", choices=["document", "dataset"],
                   help="idf from each document's own elements or from the dataset's documents")
    e.add_argument("--tolerance", type=_count(0, 1000), default=1, help="boundary F1 tolerance in elements")
    e.add_argument("--jobs", type=_count(1, 256), default=1, help="worker processes (dask local cluster when > 1)")
    e.add_argument("--scheduler", default=None, help="address of an existing dask scheduler")
    e.add_argument("--json", action="store_true", help="the summary and every document's scores as one JSON object")
    _add_safety(e, "each document's segmentation")
    e.set_defaults(func=cmd_evaluate)

    m = sub.add_parser("methods", help="list the named methods and their parameters")
    m.add_argument("--json", action="store_true", help="as one JSON object")
    m.set_defaults(func=cmd_methods)
    return ap


def _lean_nltk() -> None:
    """Import NLTK (Punkt, the stemmers) without the scipy.stats and scikit-learn it loads for tools segcore never
    uses (its Fisher's exact test, its scikit-learn classifier wrapper, both imported in try/except ImportError):
    about 2.3 of the 3.4 s `import nltk` takes. Only for the command line's own process, whose NLTK nobody else
    uses; both modules import normally afterwards."""
    held = [name for name in ("scipy.stats", "sklearn") if name not in sys.modules]
    sys.modules.update(dict.fromkeys(held))
    try:
        import nltk  # noqa: F401
    except ImportError:
        pass  # a requirement: segcore.sentences says what to install where it is needed
    finally:
        for name in held:
            sys.modules.pop(name, None)


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.command != "methods" and "nltk" not in sys.modules:
        _lean_nltk()
    try:
        return args.func(args)
    except SegcoreError as exc:
        print(f"segcore: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("segcore: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except MemoryError:
        print("segcore: error: out of memory; try fewer elements (sentences instead of words) or a smaller K",
              file=sys.stderr)
        return 1
    except Exception as exc:  # never a traceback on the terminal: one line, and a non-zero exit
        print(f"segcore: internal error ({type(exc).__name__}): {exc}; please report it", file=sys.stderr)
        return 1
