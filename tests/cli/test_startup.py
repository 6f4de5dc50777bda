"""What a small-board command loads: neither numba nor galois, and the same answers as with
them.

Small boards run the linear kernels as plain Python (`lograph.core.kernels.jit`) and the
small engine needs none. Checked in fresh interpreters through ``sys.modules`` and by
comparing whole outputs with the compiled kernels (``LOGRAPH_JIT=numba``), never by timing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import fresh_interpreter

ROOT = Path(__file__).resolve().parents[2]

_RUNNER = """
import contextlib, io, json, sys
from lograph.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(sys.argv[1:])
heavy = sorted({"numba", "galois", "scipy", "networkx"} & set(sys.modules))
print(json.dumps({"status": status, "heavy": heavy, "out": out.getvalue()}))
"""


def run_fresh(*argv: str, jit: str = "", cache: Path | None = None) -> dict[str, object]:
    env = {"LOGRAPH_JIT": jit}
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    return fresh_interpreter(_RUNNER, argv, ROOT, env, timeout=300)


def test_small_engine_analyze_loads_neither_numba_nor_galois() -> None:
    result = run_fresh("analyze", "graphs/classic-5x5.txt", "--engine", "small", "--json")
    assert result["status"] == 0
    assert result["heavy"] == []
    data = json.loads(str(result["out"]))
    assert (data["rank"], data["nullity"], data["engine"]) == (23, 2, "small")
    assert data["free_buttons"] is None


def test_small_engine_solve_loads_neither_numba_nor_galois() -> None:
    result = run_fresh("solve", "graphs/classic-5x5.txt", "--engine", "small", "--json")
    assert result["status"] == 0
    assert not {"numba", "galois"} & set(result["heavy"])
    data = json.loads(str(result["out"]))
    assert data["solvable"]
    assert data["solutions"] == 4


def test_default_analyze_of_the_classic_board_loads_no_heavy_library() -> None:
    result = run_fresh("analyze", "graphs/classic-5x5.txt", "--json")
    assert result["status"] == 0
    assert result["heavy"] == []
    # auto gives the small board to the small engine: no compiled code at all
    assert json.loads(str(result["out"]))["engine"] == "small"


@pytest.mark.parametrize(
    "argv",
    [
        # GF(2) boards this small go to the small engine (no kernels) unless told otherwise
        ("analyze", "graphs/torus-5x5.json", "--json", "--engine", "fast"),
        ("analyze", "graphs/directed-ring-8.json", "--json", "--engine", "fast"),
        ("analyze", "graphs/three-state-4x4.txt", "--json"),
        ("analyze", "graphs/petersen.json", "--rule", "open", "--json", "--engine", "fast"),
        ("solve", "graphs/wayout-holed-5x5.txt", "--json", "--engine", "fast"),
        ("chase", "graphs/classic-7x7.txt", "--json"),
    ],
)
def test_python_kernels_answer_as_the_compiled_ones(argv: tuple[str, ...]) -> None:
    python = run_fresh(*argv, jit="python")
    compiled = run_fresh(*argv, jit="numba")
    assert not {"numba", "galois"} & set(python["heavy"])
    assert "numba" in compiled["heavy"]
    assert python["status"] == compiled["status"] == 0
    assert python["out"] == compiled["out"]


@pytest.mark.slow  # compiles the chase kernels into an empty cache
def test_compiling_into_an_empty_cache_links_kernels_across_modules(tmp_path: Path) -> None:
    # chase-p's kernels call one imported from the GF(2) chase module: numba must find the
    # compiled kernel there, not the lazy wrapper (a fresh install has no cached code).
    argv = ("analyze", "graphs/three-state-4x4.txt", "--json")
    compiled = run_fresh(*argv, jit="numba", cache=tmp_path)
    python = run_fresh(*argv, jit="python")
    assert compiled["status"] == 0
    assert "numba" in compiled["heavy"]
    assert compiled["out"] == python["out"]


@pytest.mark.parametrize(
    ("kind", "args"), [("diamond", ("15",)), ("random", ("2000", "0.003", "--seed", "3"))]
)
def test_general_boards_of_hundreds_of_buttons_are_analysed_without_numba(
    tmp_path: Path, kind: str, args: tuple[str, ...]
) -> None:
    """A diamond of 481 buttons and a random graph of 2,000 fit the small engine's int path,
    so a fresh process (an empty numba cache after install) neither loads nor compiles
    numba; the answers are those of the compiled kernels."""
    board = tmp_path / "board.json"
    assert run_fresh("generate", kind, *args, "-o", str(board))["status"] == 0
    argv = ("analyze", str(board), "--json")
    fresh = run_fresh(*argv, cache=tmp_path / "numba")
    compiled = run_fresh(*argv, jit="numba")
    assert fresh["status"] == compiled["status"] == 0
    assert "numba" not in fresh["heavy"]
    assert not (tmp_path / "numba").exists()
    mine, theirs = json.loads(str(fresh["out"])), json.loads(str(compiled["out"]))
    assert mine["engine"] == "small"
    how = ("engine", "free_buttons")  # which engine ran, not what it found
    assert {k: v for k, v in mine.items() if k not in how} == {
        k: v for k, v in theirs.items() if k not in how
    }
