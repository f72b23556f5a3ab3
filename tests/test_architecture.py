"""The house rules of ARCHITECTURE.md, checked on the source: imports only go down (no circle inside segcore, the
engine imports no app or benchmark code), no module over 600 lines, no private name used across modules, no
machine path and no sys.path edit anywhere."""
import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOMS = ("segcore", "explorer", "pages", "benchmarks")


def sources():
    files = [ROOT / "app.py"]
    for room in ROOMS:
        files += sorted((ROOT / room).rglob("*.py"))
    return files


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """(imported module, names) for every import statement of a file, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            names = [a.name for a in node.names]
            submodules = [f"{mod}.{n}" for n in names if (ROOT / Path(*f"{mod}.{n}".split("."))).with_suffix(".py")
                          .is_file() or (ROOT / Path(*f"{mod}.{n}".split(".")) / "__init__.py").is_file()]
            out += [(m, []) for m in submodules] or [(mod, names)]
    return out


def test_no_module_over_600_lines():
    long = {str(f.relative_to(ROOT)): n for f in sources() if (n := len(f.read_text().splitlines())) > 600}
    assert not long, long


def test_the_engine_imports_no_app_or_benchmark_code():
    for f in (ROOT / "segcore").rglob("*.py"):
        for mod, _ in imports(f):
            assert not mod.split(".")[0] in ("streamlit", "explorer", "pages", "benchmarks"), (f, mod)


def test_no_import_circle_inside_segcore():
    graph = {}
    for f in (ROOT / "segcore").rglob("*.py"):
        name = module_name(f)
        graph[name] = {m for m, _ in imports(f) if m.startswith("segcore.") and m != name}
    # the package's face imports the algorithms to register them; nothing below it imports the face
    graph.pop("segcore", None)
    state = {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in graph.get(node, ()):
            assert state.get(nxt) != "open", " -> ".join(stack + [node, nxt])
            if nxt not in state:
                visit(nxt, stack + [node])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [])


def test_no_private_name_used_across_modules():
    for f in sources():
        for mod, names in imports(f):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            assert not private, (f, mod, private)


def test_no_machine_path_and_no_sys_path_edit_in_the_project():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    for name in tracked:
        path = ROOT / name
        if path.suffix not in (".py", ".md", ".toml", ".txt", ".cfg") or not path.is_file() \
                or name == "tests/test_architecture.py":  # this file names what it looks for
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        assert "/work/" not in text and "/root/" not in text, name
        if path.suffix == ".py":
            assert not re.search(r"sys\.path\.(insert|append)|sys\.path\s*=", text), name
