"""``lograph lights``: presets and transforms written to a board file, refusals in one line
with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lograph.core.files import read_board, write_board
from lograph.core.model.generators import named, rectangle
from lograph.core.solve import is_solvable
from tests.cli.helpers import fails_cleanly, run_cli


@pytest.fixture
def grid(tmp_path: Path) -> Path:
    path = tmp_path / "grid.txt"
    write_board(rectangle(4, 5, states=3), path)
    return path


def test_preset_writes_the_board_with_new_lights(
    capsys: pytest.CaptureFixture[str], grid: Path, tmp_path: Path
) -> None:
    out = tmp_path / "corners.json"
    status, text, _ = run_cli(capsys, "lights", str(grid), "--preset", "corners", "-o", str(out))
    assert status == 0
    assert text.splitlines()[0] == f"wrote {out}: preset corners, 4 of 20 lights on"
    assert text.splitlines()[1].split() == ["2", ".", ".", ".", "2"]
    board = read_board(out)
    lit = [b for b in board.buttons if board.light(b)]
    assert lit == ["r0c0", "r0c4", "r3c0", "r3c4"]
    assert {board.light(b) for b in lit} == {2}
    assert len(board.edges()) == len(read_board(grid).edges())


def test_transform_in_place_and_json(
    capsys: pytest.CaptureFixture[str], grid: Path, tmp_path: Path
) -> None:
    run_cli(capsys, "lights", str(grid), "--preset", "checkers", "-o", str(grid))
    before = read_board(grid).lights().reshape(4, 5)
    status, text, _ = run_cli(
        capsys, "lights", str(grid), "--transform", "shift-down", "-o", str(grid), "--json"
    )
    assert status == 0
    data = json.loads(text)
    assert data == {
        "input": str(grid),
        "output": str(grid),
        "transform": "shift-down",
        "seed": None,
        "buttons": 20,
        "states": 3,
        "lit": 6,
    }
    after = read_board(grid).lights().reshape(4, 5)
    assert after[1:].tolist() == before[:-1].tolist()
    assert after[0].tolist() == before[-1].tolist()


def test_seed_is_printed_and_makes_the_same_lights(
    capsys: pytest.CaptureFixture[str], grid: Path, tmp_path: Path
) -> None:
    first, again = tmp_path / "a.json", tmp_path / "b.json"
    status, text, _ = run_cli(
        capsys, "lights", str(grid), "--preset", "random", "-o", str(first), "--json"
    )
    assert status == 0
    seed = json.loads(text)["seed"]
    assert isinstance(seed, int)
    run_cli(
        capsys, "lights", str(grid), "--preset", "random", "-o", str(again), "--seed", str(seed)
    )
    assert read_board(first).lights().tolist() == read_board(again).lights().tolist()


@pytest.mark.parametrize("goal", ["off", "on"])
def test_random_solvable_towards_the_goal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, goal: str
) -> None:
    board = tmp_path / "board.txt"
    write_board(rectangle(5, 5, states=4), board)  # singular over Z_4
    for seed in range(4):
        out = tmp_path / f"{seed}.txt"
        args = ("lights", str(board), "--preset", "random-solvable", "--goal", goal)
        status, _, _ = run_cli(capsys, *args, "--seed", str(seed), "-o", str(out))
        assert status == 0
        assert is_solvable(read_board(out), goal)


def _listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--preset", "corners"], "corners needs a grid board"),
        (["--transform", "shift-left"], "shift-left needs a grid board"),
        (["--preset", "border"], "no border: every button has as many neighbours"),
        (["--preset", "chessboard"], "no chessboard: the board has an odd cycle"),
    ],
)
def test_refusals_are_one_line_and_leave_the_output_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    board = tmp_path / "petersen.json"
    write_board(named("petersen"), board)
    out = tmp_path / "out.json"
    out.write_text("old")
    before = _listing(tmp_path)
    err = fails_cleanly(capsys, "lights", str(board), *args, "-o", str(out))
    assert message in err
    assert _listing(tmp_path) == before  # no new, changed or temporary file


def test_a_format_that_cannot_hold_the_lights_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = tmp_path / "petersen.json"
    write_board(named("petersen"), board)
    before = _listing(tmp_path)
    err = fails_cleanly(
        capsys, "lights", str(board), "--preset", "lit", "-o", str(tmp_path / "p.g6")
    )
    assert "cannot save as graph6" in err
    assert _listing(tmp_path) == before


def test_a_board_with_holes_is_not_shifted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = tmp_path / "holed.txt"
    write_board(rectangle(3, 3, holes=[(1, 1)]), board)
    before = _listing(tmp_path)
    out = str(tmp_path / "o.txt")
    err = fails_cleanly(capsys, "lights", str(board), "--transform", "shift-up", "-o", out)
    assert (
        err == "lograph: error: shift-up needs a full rectangle of grid cells, and r1c1 is a hole\n"
    )
    assert _listing(tmp_path) == before


@pytest.mark.parametrize(
    "args",
    [
        ["--preset", "stars"],
        ["--transform", "flip"],
        ["--preset", "lit", "--transform", "invert"],
        [],
        ["--preset", "random", "--seed", "-1"],
    ],
)
def test_bad_arguments_exit_2_in_one_line(
    capsys: pytest.CaptureFixture[str], grid: Path, tmp_path: Path, args: list[str]
) -> None:
    before = _listing(tmp_path)
    status, _, err = run_cli(capsys, "lights", str(grid), *args, "-o", str(tmp_path / "o.txt"))
    assert status == 2
    assert err.count("\n") == 1
    assert err.startswith("lograph lights: error: ")
    assert _listing(tmp_path) == before


def test_bad_files_exit_2_before_reading(
    capsys: pytest.CaptureFixture[str], grid: Path, tmp_path: Path
) -> None:
    before = _listing(tmp_path)
    err = fails_cleanly(
        capsys, "lights", str(grid), "--preset", "lit", "-o", str(tmp_path / "o.xyz")
    )
    assert "unknown board file type '.xyz'" in err
    err = fails_cleanly(
        capsys, "lights", str(grid), "--preset", "lit", "-o", str(tmp_path / "no" / "o.txt")
    )
    assert "no folder" in err
    err = fails_cleanly(
        capsys,
        "lights",
        str(tmp_path / "missing.txt"),
        "--preset",
        "lit",
        "-o",
        str(tmp_path / "o.txt"),
    )
    assert "missing.txt" in err
    assert _listing(tmp_path) == before
