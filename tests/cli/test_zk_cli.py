"""Any number of states 2..255 on the command line and in every file format; bad numbers of
states refused with one line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tests.references as ref
from lograph.cli import main
from lograph.core.files import read_board, write_board
from lograph.core.model.generators import rectangle

ROOT = Path(__file__).resolve().parents[2]
BOARD = str(ROOT / "graphs" / "classic-4x4.txt")
COMMANDS = [
    ["analyze", BOARD],
    ["solve", BOARD],
    ["chase", BOARD],
    ["worst", BOARD],
    ["report", BOARD],
    ["generate", "rectangle", "3", "3", "-o", "OUT"],
    ["convert", BOARD, "OUT"],
]
BAD = ["1", "0", "256", "-4", "1234567890123456789", "9" * 4000, "six"]


@pytest.mark.parametrize("bad", BAD, ids=lambda b: b[:20])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_bad_number_of_states_is_one_line_and_status_2(
    command: list[str], bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "out.json")
    argv = [out if a == "OUT" else a for a in command] + ["--states", bad]
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert "states" in lines[0]
    assert len(lines[0]) < 300
    assert not (tmp_path / "out.json").exists()


def test_analyze_json_over_z6_reports_the_module(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", BOARD, "--states", "6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    a = ref.press_matrix(rectangle(4, 4))
    size = ref.kernel_size_mod_k(a, 6)
    assert data["rank"] is None
    assert data["nullity"] is None
    assert data["kernel_size"] == size == 144
    assert data["kernel_structure"] == [2, 2, 6, 6]
    assert data["solvable_count"] == 6**16 // size
    assert data["worlds"] == size
    assert data["solvable_fraction_exact"] == f"1/{size}"


def test_analyze_json_keeps_rank_for_primes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", BOARD, "--states", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rank = ref.rank_mod_p(ref.press_matrix(rectangle(4, 4)), 3)
    assert data["rank"] == rank
    assert data["nullity"] == 16 - rank
    assert data["kernel_size"] == 3 ** (16 - rank)
    assert data["kernel_structure"] == [3] * (16 - rank)


def test_plain_analyze_shows_the_structure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", BOARD, "--states", "4"]) == 0
    out = capsys.readouterr().out
    assert "quiet patterns   64 = Z_2 × Z_2 × Z_4 × Z_4" in out
    assert "rank" not in out


@pytest.mark.parametrize("suffix", [".json", ".graphml", ".txt"])
def test_every_file_format_holds_a_composite_number_of_states(suffix: str, tmp_path: Path) -> None:
    board = rectangle(3, 3, states=6)
    board.set_light("r1c1", 5)
    path = tmp_path / f"b{suffix}"
    write_board(board, path)
    again = read_board(path)
    assert again.states == 6
    assert again.light("r1c1") == 5


def test_solve_over_z4_is_checked_by_simulation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = rectangle(3, 3, states=4)
    board.set_light("r0c0", 3)
    path = tmp_path / "b.json"
    write_board(board, path)
    assert main(["solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for button in data["presses"]:
        board.press(button)
    assert board.is_goal()
    assert data["solutions"] == ref.kernel_size_mod_k(ref.press_matrix(board), 4)
