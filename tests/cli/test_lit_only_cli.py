"""``lograph solve --lit-only`` and ``lograph analyze --lit-only``: text, JSON, refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.cli import main
from lograph.core.model.generators import rectangle
from tests.cli.helpers import board_file


def _replay_grid(rows: int, cols: int, lit: set[str], presses: list[str]) -> set[str]:
    """Press the named cells of a closed grid in order, each while lit; the lights left on."""
    on = set(lit)
    for name in presses:
        assert name in on, f"{name} pressed while unlit"
        r, c = int(name[1 : name.index("c")]), int(name[name.index("c") + 1 :])
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                on ^= {f"r{r + dr}c{c + dc}"}
    return on


def test_solve_json_presses_in_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = rectangle(3, 3)
    board.set_light("r1c1", 1)
    assert main(["solve", board_file(tmp_path, board), "--lit-only", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lit_only"] is True
    assert data["solvable"] is True
    assert data["press_count"] == len(data["presses"]) == 5  # as the plain BFS in tests/core finds
    assert _replay_grid(3, 3, {"r1c1"}, data["presses"]) == set()


def test_solve_text_and_unsolvable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = rectangle(3, 3)
    board.set_light("r1c1", 1)
    path = board_file(tmp_path, board)
    assert main(["solve", path, "--lit-only"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("solvable (lit-only): fewest 5 lit presses")
    assert "1. r1c1" in out
    # Open rule: a pressed light stays on, so a lit position is never cleared.
    open_board = rectangle(1, 3, rule="open")
    open_board.set_light("r0c0", 1)
    open_path = board_file(tmp_path, open_board, "open.json")
    assert main(["solve", open_path, "--lit-only"]) == 1
    assert "unsolvable in the lit-only game" in capsys.readouterr().out
    assert main(["solve", open_path, "--lit-only", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["solvable"], data["presses"], data["press_count"]) == (False, None, None)


def test_solve_goal_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 1×2 with one light on: each lit press swaps the two lights, so neither goal is reached.
    board = rectangle(1, 2)
    board.set_light("r0c0", 1)
    path = board_file(tmp_path, board)
    assert main(["solve", path, "--lit-only", "--goal", "on", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["solvable"] is False
    assert main(["solve", path, "--lit-only", "--json"]) == 1  # r0c0 on, r0c1 off: stuck
    capsys.readouterr()


@pytest.mark.parametrize(
    ("board", "extra", "message"),
    [
        (rectangle(2, 2, states=3), [], "states 2"),
        (rectangle(6, 6), [], "limited to 26 buttons"),
        (rectangle(2, 2), ["--all"], "does not combine"),
    ],
)
def test_solve_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], board, extra, message
) -> None:
    assert main(["solve", board_file(tmp_path, board), "--lit-only", *extra]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_analyze_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = board_file(tmp_path, rectangle(4, 4))
    assert main(["analyze", path, "--lit-only", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lit_only_solvable_count"] == data["solvable_count"] == 2**12
    assert main(["analyze", path, "--lit-only"]) == 0
    assert "lit-only         4096 of 65536 positions" in capsys.readouterr().out
    open_path = board_file(tmp_path, rectangle(2, 3, rule="open"), "open.json")
    assert main(["analyze", open_path, "--lit-only", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["lit_only_solvable_count"] == 1


def test_analyze_says_when_not_computed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = board_file(tmp_path, rectangle(6, 6))
    assert main(["analyze", path, "--lit-only", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lit_only_solvable_count"] is None
    assert data["lit_only_note"].startswith("not computed:")
    assert main(["analyze", path, "--lit-only"]) == 0
    assert "lit-only         not computed:" in capsys.readouterr().out
    assert main(["analyze", path]) == 0
    assert "lit-only" not in capsys.readouterr().out  # unchanged without the flag
