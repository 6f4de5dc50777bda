"""What a small-board command loads: the small engine runs without numba or galois.

Checked in a fresh interpreter through ``sys.modules`` (never by timing)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_RUNNER = """
import contextlib, io, json, sys
from lograph.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    status = main(sys.argv[1:])
heavy = sorted({"numba", "galois"} & set(sys.modules))
print(json.dumps({"status": status, "heavy": heavy, "out": out.getvalue()}))
"""


def run_fresh(*argv: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _RUNNER, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,  # a hang guard only
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


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
    assert result["heavy"] == []
    data = json.loads(str(result["out"]))
    assert data["solvable"]
    assert data["solutions"] == 4
