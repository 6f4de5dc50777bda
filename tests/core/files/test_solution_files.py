"""Solution files: hand-written expected content and reading back."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lograph.core.errors import BoardError, BoardFormatError
from lograph.core.files import read_solution, write_solution
from lograph.core.model.board import Board
from lograph.core.model.generators import grid_system, named, rectangle


def test_solution_files_by_hand(tmp_path: Path) -> None:
    system = rectangle(2, 3, holes=[(0, 1)]).to_system()  # r0c0 r0c2 r1c0 r1c1 r1c2
    presses = [1, 0, 0, 1, 1]
    write_solution(tmp_path / "s.json", system, presses, info={"goal": "off", "rank": np.int64(5)})
    write_solution(tmp_path / "s.csv", system, presses)
    write_solution(tmp_path / "s.txt", system, presses, info={"goal": "off"})
    doc = json.loads((tmp_path / "s.json").read_text())
    assert doc["presses"] == {"r0c0": 1, "r1c1": 1, "r1c2": 1}
    assert (doc["press_count"], doc["buttons"], doc["info"]) == (3, 5, {"goal": "off", "rank": 5})
    assert (tmp_path / "s.csv").read_text() == "button,presses\nr0c0,1\nr1c1,1\nr1c2,1\n"
    lines = (tmp_path / "s.txt").read_text().splitlines()
    assert lines[-2:] == ["1.0", "011"]
    assert "# goal: off" in lines
    for ext in ("json", "csv", "txt"):
        assert read_solution(tmp_path / f"s.{ext}", system).tolist() == presses


def test_solution_list_for_non_grid_boards_and_counts(tmp_path: Path) -> None:
    board = named("cycle", 4, states=3)
    system = board.to_system()
    write_solution(tmp_path / "s.txt", system, [2, 0, 1, 0])
    body = [ln for ln in (tmp_path / "s.txt").read_text().splitlines() if not ln.startswith("#")]
    assert body == ["0 2", "2"]
    assert read_solution(tmp_path / "s.txt", system).tolist() == [2, 0, 1, 0]
    big = grid_system(2, 2, states=11)  # counts above 9 do not fit a grid drawing
    write_solution(tmp_path / "b.txt", big, [10, 0, 0, 1])
    assert read_solution(tmp_path / "b.txt", big).tolist() == [10, 0, 0, 1]


def test_solution_errors(tmp_path: Path) -> None:
    system = grid_system(1, 2)
    with pytest.raises(BoardError, match=r"0\.\.1"):
        write_solution(tmp_path / "s.json", system, [2, 0])
    with pytest.raises(BoardError, match="2 integer press counts"):
        write_solution(tmp_path / "s.json", system, [1, 0, 1])
    with pytest.raises(BoardFormatError, match=r"s\.pdf"):
        write_solution(tmp_path / "s.pdf", system, [1, 0])
    (tmp_path / "bad.csv").write_text("button,presses\nr9c9,1\n")
    with pytest.raises(BoardFormatError, match="r9c9"):
        read_solution(tmp_path / "bad.csv", system)
    assert not (tmp_path / "s.json").exists()


def test_solution_txt_is_itself_an_ascii_board(tmp_path: Path) -> None:
    # The drawn press grid has the board's shape, so it reads as a board of the same cells.
    from lograph.core.files import read_board

    system = rectangle(3, 3, holes=[(0, 0), (2, 1)]).to_system()
    write_solution(tmp_path / "s.txt", system, [1, 0, 0, 1, 1, 0, 1], info={"states": 3})
    board = read_board(tmp_path / "s.txt", states=2)
    assert board.buttons == tuple(system.names)
    assert board.lights().tolist() == [1, 0, 0, 1, 1, 0, 1]


def test_txt_solution_refuses_ids_it_cannot_hold(tmp_path: Path) -> None:
    # "x y" was written as the line "x y" and read back as button x pressed y times;
    # "#c" a comment (line breaks can no longer be in an id at all)
    for odd in ("x y", "#c"):
        board = Board()
        board.add_button(odd)
        system = board.to_system()
        with pytest.raises(BoardError, match=r"\.txt solution cannot hold"):
            write_solution(tmp_path / "s.txt", system, [1])
        assert not (tmp_path / "s.txt").exists()
        for ext in (".json", ".csv"):
            write_solution(tmp_path / f"s{ext}", system, [1])
            assert read_solution(tmp_path / f"s{ext}", system).tolist() == [1]
