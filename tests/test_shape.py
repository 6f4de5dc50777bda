"""The shape rules of the code (issue 8), checked on the source itself with `ast`.

- every module of `lograph` has at most 400 lines, every function at most 60;
- `lograph.core` never imports Qt (also an import-linter contract; this one needs no tool);
- the repository is self-contained: no tracked text file points at material outside it
  (the `shared/` folder, `MATH.md`) — the mathematics lives in the project's own `docs/`.
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lograph"

MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60

#: Functions allowed past MAX_FUNCTION_LINES, each with the reason it cannot be split.
#: Keys are "path/to/module.py:qualified.name". Keep this short; empty is the goal.
FUNCTION_EXEMPTIONS: dict[str, str] = {}

#: Pointers to material outside the repository: the old `shared/` folder (and its seeds) and
#: the `MATH.md` that docstrings used to cite before `docs/` held the mathematics.
OUTSIDE = re.compile(r"(?:\.\./)*\bshared/|\bMATH\.md\b")

#: Tracked files allowed to name those places: documents that explain the project's history.
#: None needs to today; a future docs/history.md would be listed here with its reason.
HISTORY_DOCUMENTS: dict[str, str] = {}


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def functions(tree: ast.AST) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function and method with its qualified name (Class.method, outer.inner)."""
    found: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((prefix + child.name, child))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return found


def function_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines from the first decorator (or `def`) to the last line of the body."""
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    assert node.end_lineno is not None
    return node.end_lineno - first + 1


def imported_modules(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def tracked_text_files() -> list[Path]:
    """The files git tracks (the repository's content), text only."""
    try:
        listing = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    paths = [ROOT / name for name in listing.decode().split("\0") if name]
    texts = []
    for path in paths:
        if path.is_file() and not path.is_symlink() and b"\0" not in path.read_bytes()[:4096]:
            texts.append(path)
    return texts


# --------------------------------------------------------------------------- the checks


def test_the_checks_see_the_package() -> None:
    assert len(modules()) > 40  # a wrong ROOT would make every other check pass vacuously
    sample = ast.parse("class A:\n    def f(self):\n        def g():\n            pass\n")
    assert [(name, function_lines(node)) for name, node in functions(sample)] == [
        ("A.f", 3),
        ("A.f.g", 2),
    ]
    assert OUTSIDE.search("see ../shared/seeds")
    assert OUTSIDE.search("(MATH.md)")
    assert not OUTSIDE.search("docs/algorithms.md, shared_state")


def test_modules_are_at_most_400_lines() -> None:
    long = {
        relative(path): n
        for path in modules()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}, f"modules over {MAX_MODULE_LINES} lines: {long}"


def test_functions_are_at_most_60_lines() -> None:
    long = {}
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, node in functions(tree):
            key = f"{relative(path)}:{name}"
            if (n := function_lines(node)) > MAX_FUNCTION_LINES and key not in FUNCTION_EXEMPTIONS:
                long[key] = n
    assert long == {}, f"functions over {MAX_FUNCTION_LINES} lines: {long}"


def test_exemptions_are_still_needed() -> None:
    # an exemption whose function was split or removed must go too
    present = {
        f"{relative(path)}:{name}"
        for path in modules()
        for name, _ in functions(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert set(FUNCTION_EXEMPTIONS) <= present


def test_core_never_imports_qt_or_the_ui() -> None:
    offenders = {}
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        bad = [
            name
            for name in imported_modules(tree)
            if name.split(".")[0] == "PySide6" or name.startswith(("lograph.ui", "lograph.cli"))
        ]
        if bad:
            offenders[relative(path)] = bad
    assert offenders == {}


def test_no_file_points_outside_the_repository() -> None:
    hits = []
    for path in tracked_text_files():
        if relative(path) in HISTORY_DOCUMENTS:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line) and path != Path(__file__).resolve():
                hits.append(f"{relative(path)}:{number}: {line.strip()[:80]}")
    assert hits == [], "pointers outside the repository:\n" + "\n".join(hits)


def test_no_import_cycles() -> None:
    """No module of lograph imports, directly or through others, a module that imports it.

    Imports under ``TYPE_CHECKING`` are left out (they create no runtime dependency), and so
    are a package's imports of its own submodules. grimp is the graph library import-linter
    builds on, so this sees exactly the imports the layer contracts see.
    """
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("lograph", exclude_type_checking_imports=True)
    cycles = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if imported.startswith(module + ".") or module.startswith(imported + "."):
                continue
            if graph.find_shortest_chain(importer=imported, imported=module):
                cycles.add(tuple(sorted((module, imported))))
    assert sorted(cycles) == []
