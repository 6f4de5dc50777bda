"""``lograph chase``: steps, free buttons, check lights, table and picture, text and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lograph.cli import main
from lograph.core.model.generators import named, rectangle, wayout_5x5
from tests.cli.helpers import board_file


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["chase", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_classic_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chase", board_file(tmp_path, rectangle(5, 5))]) == 0
    out = capsys.readouterr().out
    assert "     1. free r0c0" in out
    assert "     6. force r0c0 -> r1c0" in out
    assert "    25. force r3c4 -> r4c4" in out
    assert "free buttons: r0c0 r0c1 r0c2 r0c3 r0c4" in out
    assert "check lights: r4c0 r4c1 r4c2 r4c3 r4c4" in out
    assert "8 rows, 7 non-trivial; fewest presses" in out
    # The picture: step numbers on the layout, F on the top row, C on the bottom row.
    assert "1F   2F   3F   4F   5F" in out
    assert "21^C 22^C 23^C 24^C 25^C" in out
    assert "00111         r0c3" in out  # Wikipedia's table: --OOO -> press the 4th light


def test_json_keys_and_consistency(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = wayout_5x5()
    data = run_json(capsys, board_file(tmp_path, board))
    assert {"steps", "free", "check", "table"} <= set(data)
    assert data["free_count"] == len(data["free"]) == len(data["check"]) == 4
    steps = data["steps"]
    assert [s["step"] for s in steps] == list(range(1, 23))
    assert sorted(s["button"] for s in steps) == sorted(board.buttons)
    assert [s["button"] for s in steps if s["action"] == "free"] == data["free"]
    forcing = {s["light"] for s in steps if s["action"] == "force"}
    assert forcing.isdisjoint(data["check"])
    assert forcing | set(data["check"]) == set(board.buttons)
    # Each force step: its light is changed by its button (the light or a neighbour).
    for s in steps:
        if s["action"] == "force":
            assert s["light"] == s["button"] or board.has_edge(s["light"], s["button"])
    assert data["table_rows"] == len(data["table"]) == 4  # 2^(4 free - nullity 2)
    assert data["table"][0]["pattern"] == [0, 0, 0, 0]
    assert data["table"][0]["press"] == []
    for row in data["table"]:
        assert set(row["press"]) <= set(data["free"])
        assert row["lit"] == [c for c, v in zip(data["check"], row["pattern"], strict=True) if v]


def test_table_row_really_solves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Follow the printed recipe on a board by hand with Board.press (not the chase code).
    board = wayout_5x5()
    data = run_json(capsys, board_file(tmp_path, board))
    rng = np.random.default_rng(4)
    for _ in range(10):
        for button in rng.choice(board.buttons, size=6):
            board.press(str(button))

        def chase() -> None:
            for s in data["steps"]:
                if s["action"] == "force":
                    while board.light(s["light"]):
                        board.press(s["button"])

        chase()
        pattern = [board.light(c) for c in data["check"]]
        row = next(r for r in data["table"] if r["pattern"] == pattern)
        for button in row["press"]:
            board.press(button)
        chase()
        assert board.is_goal()


def test_non_grid_board_has_no_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, board_file(tmp_path, named("petersen")))
    assert data["picture"] is None
    assert data["table"] is not None


def test_big_board_refuses_table_but_prints_plan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = board_file(tmp_path, rectangle(13, 13))  # nullity 0: 2^13 patterns
    assert main(["chase", path]) == 0
    out = capsys.readouterr().out
    assert "lookup table: not available" in out
    assert "limit 4096" in out
    data = run_json(capsys, path)
    assert data["table"] is None
    assert data["free_count"] == 13
    assert "rows" in data["table_error"]


def test_step_limit_and_all(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = board_file(tmp_path, rectangle(25, 20))
    assert main(["chase", path, "--no-table"]) == 0
    out = capsys.readouterr().out
    assert "100 more steps" in out
    assert "500. force" not in out
    assert main(["chase", path, "--no-table", "--all"]) == 0
    assert "   500. force" in capsys.readouterr().out


def test_options_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = board_file(tmp_path, rectangle(3, 3))
    data = run_json(capsys, path, "--states", "3", "--rule", "open")
    assert data["states"] == 3
    assert main(["chase", path, "--starts", "0"]) == 2
    assert "starts" in capsys.readouterr().err
    assert main(["chase", str(tmp_path / "missing.json")]) == 2
