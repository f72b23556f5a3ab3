"""The README's Python snippets run as written (from the repository root)."""
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_python_snippets_run(capsys):
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has no python snippet"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for code in blocks:
            exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert "[" in out and "'pk'" in out  # boundaries and a metrics dict were printed


def test_readme_command_lines_run_and_give_sensible_segments():
    """Each `python -m segcore` line of the README's command-line block exits 0; the segmentations it prints have
    no one-element segment and a median segment of at least four (the old refine/tfidf example cut an article into one-sentence pieces)."""
    block = re.search(r"## The command line\n\n```bash\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"),
                      re.S).group(1)
    lines = [shlex.split(line.split("  #")[0]) for line in block.splitlines() if line.strip()]
    assert len(lines) >= 5
    for argv in lines:
        assert argv[:3] == ["python", "-m", "segcore"]
        out = subprocess.run([sys.executable, *argv[1:]], cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, (argv, out.stderr)
        if argv[3] != "segment":
            continue
        if "--to" in argv:
            sizes = [s["end"] - s["start"] for s in json.loads(out.stdout)["segments"]]
        else:
            sizes = [int(b or a) - int(a) + 1 for a, b in re.findall(
                r"^========== segment \d+: (?:sentence|word)s? (\d+)(?:–(\d+) \(\d+\))?(?: · .*)?$", out.stdout, re.M)]
        assert len(sizes) >= 2 and min(sizes) >= 2 and sorted(sizes)[len(sizes) // 2] >= 4, (argv, sizes)
