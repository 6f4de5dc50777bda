"""The command line over Z_k for composite k: ``solve --minimal``, ``solve --all``, ``worst``,
``analyze --histogram`` and ``puzzle``, judged by brute force over all k^n press vectors and
a breadth-first search over positions (`tests.references`)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lograph.cli import main
from lograph.core.files.level_pack import read_level_pack
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.optimize.worst import _program as zk_worst_program
from lograph.core.optimize.worst import _zk_anneal as zk_anneal
from tests.cli.helpers import board_file
from tests.cli.helpers import fails_cleanly as fails
from tests.references import bfs_fewest, brute_force_fewest, code_of, goal_change, press_matrix


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def presses_vector(board: Board, ids: list[str]) -> np.ndarray:
    """The press vector of a list of button ids (an id repeated once per press)."""
    index = {b: i for i, b in enumerate(board.buttons)}
    x = np.zeros(len(board), dtype=np.int64)
    for button in ids:
        x[index[button]] += 1
    return x


def _lit_board(k: int) -> Board:
    """2×3 over Z_k, lit so that some presses reach all on: (k − 1) − A·x for an x."""
    board = rectangle(2, 3, states=k)
    x = np.array([(i * 5 + 1) % k for i in range(len(board))])
    lights = (k - 1 - press_matrix(board) @ x) % k
    for b, value in zip(board.buttons, lights.tolist(), strict=True):
        board.set_light(b, value)
    return board


@pytest.mark.parametrize("k", [4, 6, 8, 9])
def test_solve_minimal_and_all_match_brute_force(
    k: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = _lit_board(k)
    path = board_file(tmp_path, board)
    fewest, count = brute_force_fewest(press_matrix(board), k)
    change = goal_change(board, "on")
    code = code_of(change, k)
    data = run_json(capsys, "solve", path, "--goal", "on", "--minimal", "--all")
    assert data["press_count"] == fewest[code]
    assert data["optimal_solutions"] == count[code]
    assert data["exact"] is True
    a = press_matrix(board)
    x = presses_vector(board, data["presses"])
    assert np.array_equal(a @ x % k, change)  # simulation
    listing = data["all_solutions"]
    assert len(listing) == data["solutions"] == len({tuple(sorted(ids)) for ids in listing})
    weights = [len(ids) for ids in listing]
    assert weights == sorted(weights)
    assert weights.count(data["press_count"]) == data["optimal_solutions"]
    for ids in listing:
        assert np.array_equal(a @ presses_vector(board, ids) % k, change)


@pytest.mark.parametrize("k", [4, 6])
def test_worst_and_histogram_match_breadth_first_search(
    k: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = rectangle(2, 3, states=k)
    path = board_file(tmp_path, board)
    distances = bfs_fewest(press_matrix(board), k)
    worst = run_json(capsys, "worst", path)
    assert worst["exact"] is True
    assert worst["worst_presses"] == worst["upper_bound"] == max(distances.values())
    lights = np.array(worst["light_values"], dtype=np.int64)
    x = presses_vector(board, worst["presses"])
    assert not np.any((press_matrix(board) @ x + lights) % k)  # the presses clear it
    analysis = run_json(capsys, "analyze", path, "--histogram")
    assert analysis["histogram"] == np.bincount(list(distances.values())).tolist()


def test_worst_on_large_composite_boards_is_the_program(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 4^25 press vectors are too many to walk: the integer program over the quiet classes
    # (checked against brute force in tests/core/optimize/worst/test_program.py), its position
    # checked here by multiplication
    board = rectangle(5, 5, states=4)
    data = run_json(capsys, "worst", board_file(tmp_path, board))
    assert (data["exact"], data["method"]) == (True, "integer program")
    assert data["worst_presses"] == data["upper_bound"]
    lights = np.array(data["light_values"], dtype=np.int64)
    x = presses_vector(board, data["presses"])
    assert int(x.sum()) == data["worst_presses"]
    assert not np.any((press_matrix(board) @ x + lights) % 4)


def test_worst_on_large_composite_boards_is_a_labelled_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # beyond the walk, the program and the annealing (the search alone does not close the
    # range here): a proven range, its position checked
    monkeypatch.setattr(zk_worst_program, "PROGRAM_ENTRIES", 0)
    monkeypatch.setattr(zk_anneal, "ANNEAL_ENTRIES", 0)
    board = rectangle(5, 5, states=4)
    data = run_json(capsys, "worst", board_file(tmp_path, board))
    assert (data["exact"], data["method"]) == (False, "search")
    assert 0 < data["worst_presses"] < data["upper_bound"] <= 25 * 3
    lights = np.array(data["light_values"], dtype=np.int64)
    x = presses_vector(board, data["presses"])
    assert len(data["presses"]) == data["worst_presses"]
    assert not np.any((press_matrix(board) @ x + lights) % 4)
    assert main(["worst", board_file(tmp_path, board)]) == 0
    assert "between" in capsys.readouterr().out


def test_puzzle_over_z4_is_checked_by_brute_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = rectangle(2, 3, states=4)
    pack = tmp_path / "pack.json"
    argv = ["puzzle", board_file(tmp_path, board), "--presses", "2-6", "--unique"]
    summary = run_json(capsys, *argv, "-o", str(pack))
    assert [lv["fewest"] for lv in summary["levels"]] == [2, 3, 4, 5, 6]
    assert all(lv["unique"] for lv in summary["levels"])
    assert summary["states"] == 4
    fewest, count = brute_force_fewest(press_matrix(board), 4)
    for level in read_level_pack(pack).levels:
        code = code_of((-level.lights.astype(np.int64)) % 4, 4)
        assert (fewest[code], count[code] == 1) == (level.fewest, level.unique)
    checked = run_json(capsys, "puzzle", "--check", str(pack))
    assert checked["verified"] is True
    assert checked["levels"] == summary["levels"]


def test_puzzle_refuses_counts_above_the_worst_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = board_file(tmp_path, rectangle(2, 3, states=4))
    worst = max(bfs_fewest(press_matrix(rectangle(2, 3, states=4)), 4).values())
    err = fails(capsys, "puzzle", path, "--presses", str(worst + 1), "-o", str(tmp_path / "p.json"))
    assert f"the worst position needs {worst} (exact)" in err


def test_puzzle_runs_where_the_worst_position_is_out_of_reach(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 4^25 press vectors are too many for the worst position; levels are still exact
    board = rectangle(5, 5, states=4)
    pack = tmp_path / "pack.json"
    summary = run_json(
        capsys, "puzzle", board_file(tmp_path, board), "--presses", "3", "-o", str(pack)
    )
    assert [lv["fewest"] for lv in summary["levels"]] == [3]
    assert main(["puzzle", "--check", str(pack)]) == 0
