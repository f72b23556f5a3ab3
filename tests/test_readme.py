"""The README's Python snippets run as written (from the repository root)."""
import os
import re
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
