"""The first run after an install (an empty numba cache): what a command compiles.

Small boards load no numba at all, a 9×9 board's worst position included (its search runs in
numpy within a budget); a command that needs the compiled search (the worst position of a
16×16 board) compiles that search's kernels and nothing else: the other kernels it touches
keep their Python paths while they are not in the cache. The answers are those of
the compiled kernels (``LOGRAPH_JIT=numba``). Checked in fresh interpreters, never by timing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.core.files import write_board
from lograph.core.model.generators import rectangle
from tests.cli.helpers import fresh_interpreter
from tests.core.census.geng import geng_or_skip

# slow: most cases compile kernels into an empty numba cache (tens of CPU seconds)
pytestmark = pytest.mark.slow

_RUNNER = """
import contextlib, io, json, sys
from lograph.core.kernels import compile_notice
from lograph.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(sys.argv[1:])
print(json.dumps({"status": status, "numba": "numba" in sys.modules, "out": out.getvalue(),
                  "compiled": compile_notice.compiled_kernels()}))
"""


def _run(argv: tuple[str, ...], cwd: Path, cache: Path, jit: str = "") -> dict[str, object]:
    return fresh_interpreter(
        _RUNNER, argv, cwd, {"LOGRAPH_JIT": jit, "NUMBA_CACHE_DIR": str(cache)}
    )


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("boards")
    write_board(rectangle(5, 5), folder / "r5.txt")
    write_board(rectangle(9, 9), folder / "r9.txt")
    write_board(rectangle(16, 16), folder / "r16.txt")
    write_board(rectangle(20, 20), folder / "r20.txt")
    return folder


@pytest.mark.parametrize(
    "argv",
    [
        ("chase", "r20.txt", "--json"),  # 400 buttons: the chase plan as Python
        ("solve", "--fewest", "r9.txt", "--json"),
        ("analyze", "r5.txt", "--json", "--histogram"),
    ],
)
def test_a_small_board_loads_no_numba_on_a_fresh_install(
    boards: Path, tmp_path: Path, argv: tuple[str, ...]
) -> None:
    fresh = _run(argv, boards, tmp_path / "empty-cache")
    assert fresh["status"] == 0
    assert fresh["numba"] is False
    assert fresh["compiled"] == []
    compiled = _run(argv, boards, tmp_path / "numba-cache", jit="numba")
    assert fresh["out"] == compiled["out"]


def test_a_small_worst_position_search_runs_in_numpy(boards: Path, tmp_path: Path) -> None:
    """The report of a 9×9 board needs the search over class spectra, which its numpy form
    settles within its budget: no numba, and the answer (the position too) of the compiled
    search."""
    argv = ("report", "r9.txt", "--json")
    fresh = _run(argv, boards, tmp_path / "empty-cache")
    assert fresh["status"] == 0
    assert (fresh["numba"], fresh["compiled"]) == (False, [])
    compiled = _run(argv, boards, tmp_path / "numba-cache", jit="numba")
    assert json.loads(str(fresh["out"])) == json.loads(str(compiled["out"]))


def test_the_worst_position_compiles_its_search_only(boards: Path, tmp_path: Path) -> None:
    """16×16's worst position outgrows the numpy search: the command compiles the compiled
    search's kernels and nothing else, and loads them from the cache the next time."""
    # a time limit far past the work: the default 20 s, spent compiling on a loaded machine
    # (parallel tests, other jobs), gave a bounded 113 instead of the exact 124
    argv = ("worst", "r16.txt", "--json", "--time-limit", "3600")
    fresh = _run(argv, boards, tmp_path / "empty-cache")
    assert fresh["status"] == 0
    assert fresh["numba"] is True
    modules = {str(name).split(".")[0] for name in fresh["compiled"]}  # type: ignore[attr-defined]
    assert modules == {"spectrum"}
    again = _run(argv, boards, tmp_path / "empty-cache")
    assert again["compiled"] == []  # loaded from the cache
    assert json.loads(str(again["out"]))["worst_presses"] == 124
    assert json.loads(str(fresh["out"]))["worst_presses"] == 124


def test_a_small_census_loads_no_numba_on_a_fresh_install(boards: Path, tmp_path: Path) -> None:
    """Every connected graph on 8 vertices (11,117, 78 KB of graph6) is counted with numpy
    while the census kernel is not compiled: no numba, the table of the compiled kernel."""
    geng_or_skip()
    fresh = _run(("census", "geng", "8", "-c", "-o", str(tmp_path / "a.csv")), boards,
                 tmp_path / "empty-cache")  # fmt: skip
    assert (fresh["status"], fresh["numba"], fresh["compiled"]) == (0, False, [])
    compiled = _run(("census", "geng", "8", "-c", "-o", str(tmp_path / "b.csv")), boards,
                    tmp_path / "numba-cache", jit="numba")  # fmt: skip
    assert compiled["status"] == 0
    assert (tmp_path / "a.csv").read_text() == (tmp_path / "b.csv").read_text()
