"""The public surface holds: `lograph.__all__` is the API the reference documents, every
name resolves and has a docstring, nothing else is exported, and ``import lograph`` loads
neither numba, galois, Qt, numpy nor the notebook widget."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import lograph as lo

ROOT = Path(__file__).resolve().parents[2]

#: The promised API; changing it is a change of the compatibility policy (CHANGELOG.md).
PUBLIC = {
    "__version__",
    # boards
    "Board", "PressSystem", "board", "from_press_matrix", "press_matrix", "solution_matrix",
    "to_networkx", "read", "write",
    "rectangle", "torus", "cylinder", "mobius", "klein", "projective", "diamond",
    "hexagonal", "triangular", "named", "random_graph",
    # questions
    "analyze", "solve", "is_solvable", "fewest", "worst", "histogram", "quiet_patterns",
    "worlds", "chase_plan", "chase_table", "lit_only", "puzzles", "census", "explain",
    "share", "play", "dynamics",
    # positions
    "preset", "transform",
    # answers
    "Analysis", "Solution", "Worst", "Histogram", "QuietPatterns", "Worlds", "ChasePlan",
    "LitOnly", "Explanation", "Pack", "Census", "Dynamics",
    # errors
    "LographError", "BoardError", "BoardFormatError", "BoardTooLargeError", "UnsolvableError",
}  # fmt: skip


def test_all_is_the_promised_api() -> None:
    assert set(lo.__all__) == PUBLIC
    assert len(lo.__all__) == len(PUBLIC)


def test_every_public_name_resolves_and_is_documented() -> None:
    for name in lo.__all__:
        value = getattr(lo, name)
        if name != "__version__":
            assert (value.__doc__ or "").strip(), f"lograph.{name} has no docstring"


def test_nothing_else_is_public() -> None:
    public = {name for name in dir(lo) if not name.startswith("_")}
    assert public == PUBLIC - {"__version__"}
    with pytest.raises(AttributeError, match="no attribute 'fewest_presses'"):
        lo.fewest_presses  # noqa: B018 - an internal stays internal


def test_the_library_package_is_no_public_door() -> None:
    """The questions and answers are reached through `lograph`: `lograph.api` exports
    nothing of its own (its modules are internals, importable by name for tests)."""
    import lograph.api

    assert not hasattr(lograph.api, "__all__")


def test_import_lograph_loads_nothing_heavy() -> None:
    heavy = ("numba", "galois", "PySide6", "numpy", "networkx", "scipy", "anywidget")
    code = f"import sys, lograph\nprint(sorted(m for m in {heavy!r} if m in sys.modules))"
    result = _fresh(code)
    assert result.stdout.strip() == "[]", result.stdout + result.stderr


def test_a_board_shows_itself_in_ipython() -> None:
    """In an IPython shell, `import lograph` registers an SVG picture for boards."""
    code = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "import lograph as lo\n"
        "data, _ = shell.display_formatter.format(lo.rectangle(2, 3))\n"
        "svg = data.get('image/svg+xml', '')\n"
        "print(svg.count('<circle'), svg.startswith('<svg'))"
    )
    result = _fresh(code)
    assert result.stdout.split() == ["6", "True"], result.stdout + result.stderr


def test_the_reference_lists_every_public_name() -> None:
    """docs/api.md, the reference's index of `lograph`, names every public name."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"`lo\.([A-Za-z_]+)", text))
    assert PUBLIC - {"__version__"} <= listed, sorted(PUBLIC - {"__version__"} - listed)


def test_internals_are_imported_by_name_in_tests() -> None:
    """No test reaches an internal through the public door (an underscore name of lo)."""
    offenders = []
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name != "test_public_surface.py" and re.search(
            r"\blo\._[a-z]", path.read_text(encoding="utf-8")
        ):
            offenders.append(path.name)
    assert offenders == [], offenders


def _fresh(code: str) -> subprocess.CompletedProcess[str]:
    """`code` run by a new interpreter (a hang guard of ten minutes, never a wait)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=False
    )
