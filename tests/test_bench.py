"""The benchmark harness (python -m benchmarks): the Alemi & Ginsparg protocol, word-level Pk, the bench command on
a tiny subset, and the comparison of two BENCHMARKS.md files."""
import re
from pathlib import Path

import pytest
from nltk.metrics.segmentation import pk as nltk_pk

from segcore import Document
from benchmarks.__main__ import main
from benchmarks.compare import compare
from benchmarks.report import _merge
from benchmarks.runner import REPO
from segcore.evaluation import alemi_k, alemi_protocol, evenly_spaced, word_boundaries, word_pk
from segcore.errors import InputError
from segcore.metrics import pk


def _doc():
    # segment 1: a 5-word sentence, a stopword-only line, a 6-word sentence (punctuation is not a word);
    # segment 2: one short sentence only (the whole segment must vanish); segment 3: two 5-word sentences
    elements = ["apple banana cherry grape melon", "the of and", "apple , banana cherry grape melon lemon",
                "short one", "river mountain forest valley ocean", "desert island canyon glacier volcano"]
    return Document(elements, [3, 4, 6], source="hand")


def test_alemi_protocol_drops_short_sentences_from_text_and_reference():
    d = alemi_protocol(_doc())
    assert d.meta["kept"] == [0, 2, 4, 5]
    assert d.elements == ["apple banana cherry grape melon", "apple , banana cherry grape melon lemon",
                          "river mountain forest valley ocean", "desert island canyon glacier volcano"]
    assert d.reference == [2, 4]  # the emptied second segment disappeared, ends remapped
    assert d.meta["n_original"] == 6


def test_alemi_protocol_thresholds_and_stopwords():
    assert alemi_protocol(_doc(), min_words=6).elements == ["apple , banana cherry grape melon lemon"]
    assert alemi_protocol(_doc(), min_words=6).reference == [1]
    # without a stopword list "the of and" has 3 words: still dropped at 5, kept at 1
    assert alemi_protocol(_doc(), min_words=1, stopwords="none").meta["kept"] == [0, 1, 2, 3, 4, 5]
    assert alemi_protocol(_doc(), min_words=0).reference == [3, 4, 6]
    with pytest.raises(InputError):
        alemi_protocol(_doc(), min_words=50)


def test_alemi_protocol_first_segment_emptied():
    d = Document(["a b", "apple banana cherry grape melon", "river mountain forest valley ocean"], [1, 3])
    out = alemi_protocol(d)
    assert out.reference == [2] and out.n == 2


def test_alemi_k_rounds_half_up_then_minus_one():
    assert alemi_k(list(range(5, 51, 5))) == 2   # N/2K = 2.5 → 3 (Python 2 round) → 2; Python 3's round gives 1
    assert alemi_k(list(range(7, 71, 7))) == 3   # 3.5 → 4 → 3
    assert alemi_k([2, 4]) == 1                 # never below 1


def test_word_boundaries_map_sentence_ends_to_token_positions():
    elements = ["a b c", "d e", "f g h i"]
    assert word_boundaries(elements, [2, 3]) == [5, 9]
    assert word_boundaries(elements, [1, 3]) == [3, 9]
    assert word_boundaries(elements, [3]) == [9]
    # an element without tokens: two sentence ends on one token position collapse into one
    assert word_boundaries(["a b", "   ", "c"], [1, 2, 3]) == [2, 3]


def test_word_pk_hand_example_matches_nltk():
    d = Document(["a b c", "d e", "f g h i"], [2, 3])
    # tokens: a b c d e | f g h i  against  a b c | d e f g h i; k = round(9 / 2 / 2) = 2
    expected = nltk_pk("000010000", "001000000", k=2)
    assert word_pk(d, [2, 3], [1, 3]) == pytest.approx(expected) == pytest.approx(0.5)
    assert word_pk(d, [2, 3], [2, 3]) == 0.0
    # word-level documents are scored as they are
    w = Document(list("abcdefghi"), [5, 9], level="word")
    assert word_pk(w, [5, 9], [3, 9]) == pk([5, 9], [3, 9])


def test_evenly_spaced():
    assert evenly_spaced(60, 10) == list(range(6, 61, 6))
    assert evenly_spaced(5, 5) == [1, 2, 3, 4, 5]
    b = evenly_spaced(7, 3)
    assert b[-1] == 7 and len(b) == 3 and all(x < y for x, y in zip(b, b[1:]))


def test_held_out_note_averages_only_the_documents_after_the_selection_set():
    from benchmarks.tables_alemi import _held_out_note

    rows = [{"pk": 0.5}] * 3 + [{"pk": 0.1}, {"pk": 0.3}, {"error": "x"}]
    note = _held_out_note([("cvs refine", rows), ("cvs refine, whitened", rows)], dev=3)
    assert note == "; on the 2 documents after those 3: cvs refine, whitened 20.00 % Pk"
    assert _held_out_note([("cvs refine", rows)], dev=3) == ""


def test_bench_quick_tiny_subset_writes_the_tables(tmp_path):
    out = tmp_path / "B.md"
    rc = main(["--quick", "--limit", "3", "--only", "alemi3,choi6", "--output", str(out)])
    assert rc == 0
    text = out.read_text()
    assert "## Alemi & Ginsparg Table 3: greedy, refine and DP CVS on the subsets, with peers" in text
    assert "## Choi 2000: C99 with and without K" in text
    assert "## Alemi & Ginsparg Table 1" not in text  # not asked for
    assert "| G-CVS (greedy) | A&G |" in text and "| DP-CVS (exact DP) | every sentence |" in text
    assert "3.41 / 3.45 / 4.45 / 5.29" in text        # A&G's published DP-CVS row beside ours
    assert "12 / 9 / 9 / 12 (row 25)" in text          # Choi's Table.txt, C99 with K
    assert "`python -m benchmarks --only alemi3 --quick --limit 3`" in text
    assert "failed to build" not in text and "failed)" not in text
    assert "3-5: 3, 6-8: 3, 9-11: 3, 3-11: 3 docs" in text
    assert str(REPO.parent) not in text  # no machine path: the shared data is named relative to the checkout


def test_bench_unknown_table_is_a_one_line_error(tmp_path, capsys):
    assert main(["--only", "nosuch", "--output", str(tmp_path / "x.md")]) == 2
    assert "unknown table" in capsys.readouterr().err
    assert not Path(tmp_path / "x.md").exists()


def test_compare_reports_changed_figures_and_ignores_timings():
    def page(pk, ms, dropped, took):
        return ("# Benchmarks\n\nGenerated 2026-01-01 10:00, 3.0 min.\n\n<!-- bench:x -->\n## X\n\n"
                f"{dropped} % of sentences dropped; took {took} s.\n\n"
                "| method | K | Pk % | ms/doc |\n|---|---|---|---|\n"
                f"| cvs | given | {pk} ± 0.30 | {ms} |\n| ui | auto | 9.50 ± 0.20 | 3.0 |\n")

    n, diffs = compare(page("10.00", "5.1", "12.5", "3.2"), page("10.00", "7.9", "12.5", "4.0"))
    assert diffs == [] and n == 5  # 12.5 in the caption, Pk ± s.e. of each row (ms/doc and the timing left out)
    n, diffs = compare(page("10.00", "5.1", "12.5", "3.2"), page("10.01", "5.1", "12.4", "3.2"))
    assert diffs == ["x, caption, line 3: 12.5  →  12.4",
                     "x, table 1, row 'cvs', column 'Pk %': 10.00 0.30  →  10.01 0.30"]


def test_scaling_inputs_are_cut_from_the_bundled_text():
    from benchmarks.scaling import build_input, k_given

    s = build_input("choi", "sentence", 150)
    assert s.n == 150 and s.level == "sentence" and s.reference[-1] == 150
    assert all(a < b for a, b in zip(s.reference, s.reference[1:]))
    w = build_input("choi", "word", 300)
    assert w.n == 300 and w.level == "word" and all(" " not in e for e in w.elements)
    assert build_input("choi", "word", 300).elements == w.elements  # deterministic
    assert k_given(5000) == 50 and k_given(60) == 2
    with pytest.raises(InputError):
        build_input("nosuch", "sentence", 10)


def test_scaling_exponent_and_verdict():
    from benchmarks.tables_scaling import exponent, verdict

    assert exponent([(1000, 0.5), (2000, 2.0), (4000, 8.0)]) == pytest.approx(2.0)
    assert exponent([(1000, 1.0), (5000, 5.0)]) == pytest.approx(1.0)
    assert exponent([(1000, 1.0)]) is None
    assert verdict({"cpu": 4.0, "wall": 7.0, "rss_peak_mb": 500}, 5.0) == "**met** (wall 7.0 s)"
    assert verdict({"cpu": 6.0, "wall": 3.0, "rss_peak_mb": 2000}, 5.0) == "**missed** (time, memory)"
    assert verdict({"error": "over 300 s"}, 5.0) == "**missed** (over 300 s)"


def test_a_goal_cell_near_its_goal_reads_the_median_of_its_runs(monkeypatch):
    from benchmarks import tables_scaling as ts

    later = iter([{"cpu": 4.0, "wall": 4.1, "rss_peak_mb": 500}, {"cpu": 5.5, "wall": 5.6, "rss_peak_mb": 510}])
    monkeypatch.setattr(ts, "measure", lambda spec, timeout: next(later))
    r = ts.median_run({}, {"cpu": 6.2, "wall": 6.3, "rss_peak_mb": 520}, 3, 10.0)
    assert r["cpu"] == 5.5 and r["cpu_runs"] == [4.0, 5.5, 6.2] and r["rss_peak_mb"] == 510
    assert ts.cell(r) == "5.50 / 5.60 · 510 (median of 3: 4.00–6.20)" and ts.verdict(r, 5.0).startswith("**missed")
    monkeypatch.setattr(ts, "measure", lambda spec, timeout: {"error": "over 300 s"})
    assert ts.median_run({}, {"cpu": 4.9, "wall": 5.0, "rss_peak_mb": 500}, 3, 10.0) == {"error": "over 300 s"}


def test_textsplit_dp_penalty_search_gives_k_segments():
    pytest.importorskip("textsplit")
    import numpy as np
    from benchmarks.scaling import ts_optimal_k

    rng = np.random.default_rng(0)
    docmat = np.vstack([rng.normal(c, 1.0, size=(20, 5)) for c in (-3.0, 0.0, 3.0, 6.0)])
    splits, runs = ts_optimal_k(docmat, 4, seg_limit=80)
    assert len(splits) == 3 and runs >= 1


def test_scaling_table_tiny_sizes_in_fresh_processes():
    from benchmarks.scaling import textsplit_version
    from benchmarks.tables_scaling import Plan, section

    plan = Plan(sizes=(60, 120), levels=("sentence",), methods=("cvs",), textsplit=("greedy",), source="choi",
                fiction_limit=0, repeats=1, timeout=120.0)
    text = "\n".join(section(plan, "`cmd`"))
    cells = re.findall(r"\| cvs \| (given|auto) \| ([\d.]+) / ([\d.]+) · (\d+) \| ([\d.]+) / ([\d.]+) · (\d+) \|", text)
    assert [c[0] for c in cells] == ["given", "auto"]
    assert all(0 < float(c[3]) < 4096 for c in cells)  # peak RSS of the child process, in MB
    assert "| cvs | given |" in text and "2 (true" in text  # K given = max(2, N/100)
    if textsplit_version():
        assert re.search(r"\| textsplit greedy \| given \| [\d.]+ / [\d.]+ · \d+ \|", text)
    else:
        assert "textsplit not installed" in text
    assert "cvs greedy on 2,0" in text and "representation included" in text
    assert "| not run" not in text and "exit " not in text
    assert str(REPO.parent) not in text


def test_scaling_goal_row_names_every_missed_run():
    from benchmarks.tables_scaling import Plan, goal_rows

    labels = [("cvs", "method", {}), ("ui", "method", {}), ("textsplit greedy", "textsplit", {})]
    ok = {"cpu": 1.0, "wall": 2.0, "rss_peak_mb": 400}
    res = {("cvs", "sentence", "given", 5000): ok, ("cvs", "sentence", "auto", 5000): {**ok, "cpu": 6.0},
           ("ui", "sentence", "given", 5000): {"error": "over 300 s"}}
    (row,) = goal_rows(Plan(sizes=(1000, 5000), levels=("sentence",)), res, labels)
    assert row[2].startswith("1 of 4 runs met; slowest cvs auto 6.00 s CPU")
    assert "cvs auto (time); ui given (over 300 s); ui auto (not run)" in row[2] and row[3] == "**missed**"
    assert goal_rows(Plan(sizes=(1000,), levels=("sentence",)), res, labels) == []  # 5,000 not measured


def test_a_partial_run_keeps_the_dates_of_the_tables_it_did_not_rerun():
    """Regenerating one table takes its name out of earlier 'Regenerated later' notes, which keep dating the
    others; a note left with no table goes."""
    old = ("# Benchmarks\n\nGenerated by X.\n\n"
           "**Regenerated later:** scaling by `a` — 1, commit 1, 1 s; the rest of the file is from the run named above.\n\n"
           "**Regenerated later:** choi, real, scaling by `b` — 2, commit 2, 2 s; the rest of the file is from the run named above.\n\n"
           "<!-- bench:choi -->\n## Choi\nold choi\n\n<!-- bench:real -->\n## Real\nold real\n")
    new = _merge(old, {"real": ["<!-- bench:real -->", "## Real", "", "new real", ""]}, "c", 3.0)
    notes = [ln for ln in new.split("\n") if ln.startswith("**Regenerated later:**")]
    assert notes[0].startswith("**Regenerated later:** scaling by `a`")
    assert notes[1].startswith("**Regenerated later:** choi, scaling by `b`")
    assert notes[2].startswith("**Regenerated later:** real by `c`")
    assert "old choi" in new and "new real" in new and "old real" not in new
    newer = _merge(new, {"scaling": ["<!-- bench:scaling -->", "## Scaling", "", "s", ""]}, "d", 4.0)
    notes = [ln for ln in newer.split("\n") if ln.startswith("**Regenerated later:**")]
    assert [n.split(" by ")[0] for n in notes] == ["**Regenerated later:** choi", "**Regenerated later:** real",
                                                   "**Regenerated later:** scaling"]


def test_compare_command_names_a_missing_file_in_one_line(tmp_path, capsys):
    from benchmarks.compare import main as compare_main
    same = tmp_path / "a.md"
    same.write_text("<!-- bench:choi -->\n| a | b |\n|---|---|\n| x | 1.5 |\n")
    assert compare_main([str(same), str(same)]) == 0
    assert compare_main([str(tmp_path / "missing.md"), str(same)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "missing.md" in err[0]


def test_limit_caps_every_table_and_never_enlarges_a_row(monkeypatch):
    """--limit N is the first N documents of each set; MiniLM's rows (20 documents) and LDA's test documents (10 per
    fold) ran N when N was larger than their own count, and 0 or a negative N sliced the sets to nothing or to all
    but their last documents. Counted without evaluating anything."""
    import benchmarks.tables_models as tm
    from benchmarks.runner import Bench, prepared_docs

    row = {"pk": 0.1, "windowdiff": 0.1, "f1": 0.5, "precision": 0.5, "recall": 0.5, "pk_word": 0.1, "k_hyp": 2,
           "k_ref": 2, "seconds": 0.0, "n": 1, "n_original": 1}

    class Counting:
        def __init__(self):
            self.docs, self.tests = {}, []

        def run(self, label, jobs):
            self.docs.update({j: len(prepared_docs(j)) for j in jobs})
            return {j: [row] * self.docs[j] for j in jobs}

        def map(self, fn, items, label):
            self.tests += [len(test) for _, _, test, _ in items]
            return [[] for _ in items]

        def warm(self, fn=None):
            pass

    monkeypatch.setattr(tm, "use_minilm", lambda b: (True, ""))
    runner = Counting()
    b = Bench(runner, limit=60)
    tm.t_encoders(b)
    tm.t_misra(b)
    minilm = [n for j, n in runner.docs.items() if ("encoder", "minilm") in j.setting.params]
    assert minilm and max(minilm) == tm.MINILM_DOCS
    assert max(runner.docs.values()) == 60
    from segcore.methods import METHODS
    if "lda" in METHODS:
        assert runner.tests and max(runner.tests) == tm.LDA_TEST_PER_FOLD
    for bad in ("0", "-3", "x"):
        with pytest.raises(SystemExit):
            main(["--limit", bad, "--only", "choi"])
