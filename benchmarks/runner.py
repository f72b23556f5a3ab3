"""What every table is given: the document sources (bundled Choi and arXiv sets, the shared lecture transcripts,
concatenations, A&G's paper), jobs (a segcore.evaluation.Setting on a source), the Runner that evaluates them
through segcore.evaluation.evaluate_many on one dask cluster for the whole bench (serially without one) and
remembers their rows, the warm-ups done in every worker, and the Bench context (size limits, notes shared between
tables, the reproduce command)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from segcore.document import Document
from segcore.errors import InputError
from segcore.evaluation import Setting, evaluate_many
from segcore.parallel import Progress, run_many

from .corpora import TRANSLATIONS

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("SEGCORE_SHARED_DATA", REPO.parent / "shared" / "data"))
BUILT = REPO / "benchmarks" / "data"  # built by python -m benchmarks.corpora (Debian's manuals, gensim's Wikipedia)
LECTURE_SETS = ("ai/manual", "physics/manual", "physics/asr")
MANUAL_SETS = ("python", "handbook", "reference")
REAL_SETS = {**{f"lectures/{s}": ("lectures_bayesseg", s) for s in LECTURE_SETS},
             "fiction": ("fiction_kazantseva2011", ""),
             **{f"manuals/{s}": ("", f"manuals/{s}") for s in MANUAL_SETS},
             "wikipedia": ("", "wikipedia")}  # source key -> (shared folder or '' = BUILT, set below it)
# every set of documents by key: the real ones and Debian Reference's translations (benchmarks.languages)
DOCUMENT_SETS = {**REAL_SETS, **{f"translated/{code}": ("", f"translated/{code}") for code in TRANSLATIONS}}
SUBSETS = ("3-5", "6-8", "9-11", "3-11")
PAPER_TEXT = REPO / "assets" / "samples" / "alemi_ginsparg_2015_paper.txt"


def shared_name(*parts: str) -> str:
    """A path under the shared data root as the output writes it (never this machine's absolute path)."""
    root = "$SEGCORE_SHARED_DATA" if "SEGCORE_SHARED_DATA" in os.environ else "../shared/data"
    return "/".join([root, *parts])


# ---- document sources (loaded once per process) ------------------------------------------------------------------

def real_folder(key: str) -> tuple[Path, str]:
    """The folder of one set of real documents (DOCUMENT_SETS) and its name as the output writes it."""
    folder, name = DOCUMENT_SETS[key]
    if not folder:
        return BUILT / name, f"benchmarks/data/{name}"
    return SHARED / folder / name, shared_name(*filter(None, (folder, name)))


def real_files(key: str) -> list[Path]:
    """The .ref and .dev files of one set of real documents (REAL_SETS), in natural order (none when absent)."""
    from segcore.folders import natural_key

    root = real_folder(key)[0]
    files = [p for p in root.glob("*") if p.suffix in (".ref", ".dev")]
    return sorted(files, key=lambda p: natural_key(p.name))


@lru_cache(maxsize=32)
def load_source(key: str) -> tuple[Document, ...]:
    """'choi/3-11' … 'arxiv' (bundled), 'lectures/<set>' and 'fiction' (.ref and .dev files of the shared data),
    'manuals/<source>', 'translated/<language>' and 'wikipedia' (built by `python -m benchmarks.corpora`),
    'concat/<m>' (the first m Choi
    3-11 documents as one), 'paper' (A&G's paper text at word level)."""
    from segcore.datasets import concatenate, is_named, load_named

    if is_named(key):
        return tuple(load_named(key))
    if key in DOCUMENT_SETS:
        from segcore.loaders import parse_choi, read_text_bytes

        files = real_files(key)
        if not files:
            raise InputError(f"no .ref files under {real_folder(key)[1]}")
        name = key.split("/", 1)[-1]
        return tuple(parse_choi(read_text_bytes(f.read_bytes(), f.name), source=f"{name}/{f.name}") for f in files)
    if key.startswith("concat/"):
        m = int(key.split("/")[1])
        return (concatenate(load_named("choi/3-11")[:m], source=f"choi/3-11 first {m} documents concatenated"),)
    if key == "paper":
        from segcore.loaders import load

        path = PAPER_TEXT if PAPER_TEXT.is_file() else SHARED / "arxiv_alemi2015" / "_meta" / "segmentation.txt"
        return (load(path, level="word"),)
    raise InputError(f"unknown document source '{key}'")


# ---- one evaluation: a job = a method configuration over the documents of one source --------------------------

@dataclass(frozen=True)
class Job:
    """A setting (segcore.evaluation.Setting) on the first `limit` documents of a source (all when None)."""

    source: str
    setting: Setting
    limit: int | None = None


def job(source, method, params=None, limit=None, **kw) -> Job:
    """A Job from a method name, its parameters and Setting's keywords (k_given, protocol, idf, …)."""
    return Job(source, Setting.of(method, params, **kw), limit)


def prepared_docs(j: Job) -> list[Document]:
    return list(load_source(j.source)[:j.limit])


def warm_up():
    """Load the word vectors, the stemmer and the methods once in this process."""
    from segcore.methods import segment
    from segcore.vectors import load_vectors

    load_vectors()
    d = Document(["the cat sat on the mat today", "dogs run in the park", "stocks fell sharply on monday",
                  "markets closed lower again"], [2, 4])
    for m in ("cvs", "best", "ui", "c99"):
        segment(d, m, 2)
    segment(d, "cvs", 2, whiten=True)  # the whitening map, computed once per process
    return True


# ---- the runner: one cluster for the whole bench, results cached per job ---------------------------------------

CHUNK = {"choi": 20, "arxiv": 5, "lectures": 1, "fiction": 1, "manuals": 1, "wikipedia": 1, "concat": 1, "paper": 1}


class Runner:
    """Evaluates jobs through segcore.evaluation.evaluate_many on one dask cluster (`jobs` > 1 or `scheduler`) or
    in this process, and remembers each job's rows, so that tables sharing a job compute it once."""

    def __init__(self, jobs: int = 1, scheduler: str | None = None, quiet: bool = False):
        self.scheduler, self.quiet = scheduler, quiet
        self.cluster = None
        self.cache: dict[Job, list[dict]] = {}
        if scheduler is None and jobs > 1:
            from segcore.parallel import local_cluster

            self.cluster = local_cluster(jobs)
            self.scheduler = self.cluster.scheduler_address

        self.warm()

    def warm(self, fn=None):
        """Run `fn` (default: load the word vectors and warm the caches) in every worker, or here when serial, so
        that no document's time includes it."""
        fn = fn or warm_up
        if self.scheduler:
            from dask.distributed import Client

            with Client(self.scheduler) as client:
                client.run(fn)
        else:
            fn()

    def close(self):
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None

    def map(self, fn, items, label: str) -> list:
        progress = None if self.quiet else Progress(label)
        return run_many(fn, items, scheduler=self.scheduler, progress=progress)

    def run(self, label: str, jobs: list[Job]) -> dict[Job, list[dict]]:
        """Rows of every job (computed once per job and remembered), all new jobs in one pass of the evaluation loop."""
        todo = [j for j in dict.fromkeys(jobs) if j not in self.cache]
        if todo:
            chunk = max(CHUNK.get(j.source.split("/")[0], 10) for j in todo)
            out = evaluate_many([(prepared_docs(j), j.setting) for j in todo], scheduler=self.scheduler,
                                progress=None if self.quiet else Progress(label), chunk=chunk)
            for j, ev in zip(todo, out):
                self.cache[j] = ev.rows
        return {j: self.cache[j] for j in jobs}


# ---- the bench context --------------------------------------------------------------------------------------------

@dataclass
class Bench:
    """What a table function is given: the runner, the run's size (`quick`, `limit`), notes shared between tables
    (whether MiniLM rows are on), and the command that reproduces a table."""

    runner: Runner
    quick: bool = False
    limit: int | None = None
    argv_flags: str = ""
    notes: dict = field(default_factory=dict)

    def lim(self, kind: str) -> int | None:
        if self.limit is not None:
            return self.limit
        if self.quick:
            return {"choi": 20, "arxiv": 10, "lectures": 3, "fiction": 3, "manuals": 3, "wikipedia": 3}.get(kind)
        return None

    def choi(self, subset):
        return f"choi/{subset}"

    def j(self, source, method, params=None, **kw) -> Job:
        kind = source.split("/")[0]
        lim = kw.pop("limit", "auto")
        return job(source, method, params, limit=self.lim(kind) if lim == "auto" else lim, **kw)

    def cmd(self, name: str) -> str:
        return f"`python -m benchmarks --only {name}{self.argv_flags}`"

    def n_docs(self, j: Job) -> int:
        return len(prepared_docs(j))


def warm_minilm():
    """Load the MiniLM sentence encoder in this process (the optional extra)."""
    from segcore.encoders import load_minilm

    load_minilm()
    return True


def minilm_available() -> tuple[bool, str]:
    try:
        warm_minilm()
        return True, ""
    except Exception as exc:  # MissingDependencyError or anything torch raises
        return False, str(exc)


BEST_MINILM = {"encoder": "minilm"}


def use_minilm(b: Bench) -> tuple[bool, str]:
    """Whether this run has MiniLM rows (never in a quick run; only with the extra installed), with the reason if
    not; the workers load the model once, before any document is timed."""
    if "minilm" not in b.notes:
        have, why = (False, "skipped in a quick run: loading the model alone takes tens of seconds") \
            if b.quick and not b.limit else minilm_available()
        if have:
            b.runner.warm(warm_minilm)
        b.notes["minilm"] = (have, why)
    return b.notes["minilm"]
