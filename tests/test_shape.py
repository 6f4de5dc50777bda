"""The shape rules of the code, checked on the source itself with `ast`.

- every function of `lograph` has at most 60 lines (modules have no line cap: cohesion, not
  size, decides where a module ends);
- `lograph.core` never imports Qt (also an import-linter contract; this one needs no tool);
- the repository is self-contained: no tracked text file points at material outside it
  (the `shared/` folder, `MATH.md`) — the mathematics lives in the project's own `docs/`;
- no test turns a failed import of lograph's own code into a skip (a broken install would
  pass), and no test waits a fixed time (`qtbot.wait(50)`, `time.sleep`, `QTest.qWait`).
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lograph"
TESTS = ROOT / "tests"

MAX_FUNCTION_LINES = 60

#: Functions allowed past MAX_FUNCTION_LINES, each with the reason it cannot be split.
#: Keys are "path/to/module.py:qualified.name". Keep this short; empty is the goal.
FUNCTION_EXEMPTIONS: dict[str, str] = {
    "lograph/core/kernels/graph6_rank.py:graph6_block": (
        "the census's compiled inner loop: its per-line state (offset, counts, the parent's "
        "basis) stays in one numba frame; split into calls it passes a dozen arrays a line"
    ),
}

#: Pointers to material outside the repository: the old `shared/` folder (and its seeds) and
#: the `MATH.md` that docstrings used to cite before `docs/` held the mathematics.
OUTSIDE = re.compile(r"(?:\.\./)*\bshared/|\bMATH\.md\b")

#: Tracked files allowed to name those places: documents that explain the project's history.
#: None needs to today; a future docs/history.md would be listed here with its reason.
HISTORY_DOCUMENTS: dict[str, str] = {}

#: Test modules still turning a failed import of lograph into a skip, with the reason they
#: are let through. Empty is the goal.
SKIP_ON_IMPORT_EXEMPTIONS: dict[str, str] = {}

#: Test modules still waiting a fixed time, with the reason they are let through.
FIXED_WAIT_EXEMPTIONS: dict[str, str] = {}


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def sources_under_tests() -> list[Path]:
    """Every Python file under tests/ (test modules, helpers, conftest files)."""
    return sorted(TESTS.rglob("*.py"))


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


def _is_lograph(name: object) -> bool:
    return isinstance(name, str) and (name == "lograph" or name.startswith("lograph."))


def _called(node: ast.Call) -> str:
    """The dotted name a call calls (``pytest.importorskip``, ``qtbot.wait``), else ""."""
    parts: list[str] = []
    func: ast.expr = node.func
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return ""
    return ".".join([func.id, *reversed(parts)])


def _first_text(node: ast.Call) -> object:
    if node.args and isinstance(node.args[0], ast.Constant):
        return node.args[0].value
    return None


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = {k.id if isinstance(k, ast.Name) else getattr(k, "attr", "") for k in kinds if k}
    return handler.type is None or bool(names & {"ImportError", "ModuleNotFoundError"})


def _skips(nodes: list[ast.stmt]) -> bool:
    calls = (n for stmt in nodes for n in ast.walk(stmt) if isinstance(n, ast.Call))
    return any(_called(call).split(".")[-1] == "skip" for call in calls)


def skips_on_lograph_import(tree: ast.AST) -> list[int]:
    """Lines where a failed import of lograph becomes a skip instead of a failure.

    - ``pytest.importorskip("lograph...")``, and ``find_spec("lograph...")`` (a skip condition);
    - ``try: ... except ImportError/ModuleNotFoundError: pytest.skip(...)`` around lograph:
      a ``try`` that imports lograph, or that imports nothing itself (lograph code imports
      inside the call). A ``try`` importing only third-party modules is an optional
      dependency's skip and passes.
    """
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = _called(node).split(".")[-1]
            if called in ("importorskip", "find_spec") and _is_lograph(_first_text(node)):
                lines.append(node.lineno)
        elif isinstance(node, ast.Try):
            handlers = [h for h in node.handlers if _catches_import_error(h) and _skips(h.body)]
            if not handlers:
                continue
            imported = [name for stmt in node.body for name in imported_modules(stmt)]
            if not imported or any(_is_lograph(name) for name in imported):
                lines.append(node.lineno)
    return sorted(lines)


def fixed_waits(tree: ast.AST) -> list[int]:
    """Lines that wait a fixed time: ``qtbot.wait(<number>)``, ``time.sleep(...)``,
    ``sleep(...)``, ``QTest.qWait(...)``. The interval of a ``while`` loop that polls for a
    condition (with its own deadline) is not a fixed wait and passes."""
    polled: set[int] = set()
    for loop in ast.walk(tree):
        if isinstance(loop, ast.While):
            polled.update(id(n) for stmt in loop.body for n in ast.walk(stmt))
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in polled:
            continue
        called = _called(node)
        number = isinstance(_first_text(node), int | float)
        if (
            (called.endswith("qtbot.wait") and number)
            or called in ("time.sleep", "sleep")
            or called.endswith("qWait")
        ):
            lines.append(node.lineno)
    return sorted(lines)


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


def test_the_test_checks_see_what_they_look_for() -> None:
    assert len(sources_under_tests()) > 100  # a wrong TESTS would make the checks pass vacuously
    skipping = """
import pytest
pytest.importorskip("lograph.core.engines.galois")
importlib.util.find_spec("lograph.core.optimize")
try:
    prepare(board)
except ModuleNotFoundError as exc:
    pytest.skip(str(exc))
try:
    from lograph.core import solve
except (ImportError, OSError):
    pytest.skip("no solve")
"""
    allowed = """
grimp = pytest.importorskip("grimp")
try:
    import pyarrow
except ImportError:
    pytest.skip("no pyarrow")
try:
    prepare(board)
except ValueError:
    pytest.skip("unsolvable")
"""
    assert skips_on_lograph_import(ast.parse(skipping)) == [3, 4, 5, 9]
    assert skips_on_lograph_import(ast.parse(allowed)) == []
    waits = """
qtbot.wait(50)
time.sleep(0.1)
QTest.qWait(20)
sleep(1)
qtbot.wait(delay)
while time.monotonic() < deadline and not done():
    time.sleep(0.05)
"""
    assert fixed_waits(ast.parse(waits)) == [2, 3, 4, 5]


def test_no_test_skips_on_a_failed_import_of_lograph() -> None:
    """A failed import of lograph's own code is a broken install: the test must fail, not
    skip. (Skipping on a genuinely optional third-party package outside the ``test`` extra,
    with ``pytest.importorskip("name")``, is allowed.)"""
    offenders = {}
    for path in sources_under_tests():
        key = relative(path)
        if key in SKIP_ON_IMPORT_EXEMPTIONS:
            continue
        lines = skips_on_lograph_import(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        if lines:
            offenders[key] = lines
    assert offenders == {}, f"skips on a failed import of lograph (file: lines): {offenders}"


def test_no_test_waits_a_fixed_time() -> None:
    """Wait for the thing itself (``qtbot.waitUntil``, ``waitSignal``, an event), never for
    a number of milliseconds: a fixed wait is too short on a loaded machine and wasted on
    a fast one."""
    offenders = {}
    for path in sources_under_tests():
        key = relative(path)
        if key in FIXED_WAIT_EXEMPTIONS:
            continue
        lines = fixed_waits(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        if lines:
            offenders[key] = lines
    assert offenders == {}, f"fixed waits (file: lines): {offenders}"
