"""``lograph matrix`` writes the press and solution matrices (.png, .csv, .mtx) atomically;
``lograph convert`` reads a press matrix back as the same board (directed, Z_k, LightsOutWeb's
picture); every refusal is one line, exit status 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import lograph as lo
from lograph.cli import main
from lograph.core.files import read_board, write_board
from lograph.core.model.generators import rectangle
from tests.cli.helpers import fails_cleanly
from tests.core.matrices import lightsoutweb as low
from tests.core.matrices.test_matrix_files import lightsoutweb_plain


def saved(tmp_path: Path, board: lo.Board, name: str = "b.json") -> str:
    path = tmp_path / name
    write_board(board, str(path))
    return str(path)


@pytest.mark.parametrize("ext", ["mtx", "csv"])
def test_a_press_matrix_round_trips_through_convert_to_the_same_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ext: str
) -> None:
    rng = np.random.default_rng(5)
    a = (rng.random((8, 8)) < 0.3).astype(int)
    np.fill_diagonal(a, [1, 0, 1, 1, 0, 1, 1, 1])  # some presses leave their own light
    board = lo.from_press_matrix(a, states=3)
    assert board.directed
    matrix = tmp_path / f"a.{ext}"
    assert main(["matrix", saved(tmp_path, board), "-o", str(matrix)]) == 0
    assert main(["convert", str(matrix), str(tmp_path / "back.json")]) == 0
    assert "wrote" in capsys.readouterr().out
    back = read_board(str(tmp_path / "back.json"))
    assert back.states == 2  # a matrix file does not say k: --states does
    assert np.array_equal(lo.press_matrix(back), a)
    assert main(["convert", str(matrix), str(tmp_path / "k3.json"), "--states", "3"]) == 0
    again = read_board(str(tmp_path / "k3.json"))
    assert again.states == 3
    assert np.array_equal(lo.press_matrix(again), a)


def test_the_solution_matrix_as_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = rectangle(3, 3, states=5)
    out = tmp_path / "s.csv"
    assert main(["matrix", saved(tmp_path, board), "-o", str(out), "--solution", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matrix"] == "solution"
    assert data["size"] == 9
    assert data["states"] == 5
    s = np.loadtxt(out, delimiter=",", dtype=int)
    assert np.array_equal(s @ lo.press_matrix(board) % 5, np.eye(9, dtype=int))


def test_lightsoutwebs_saved_matrix_picture_becomes_its_grid_board(tmp_path: Path) -> None:
    from PIL import Image

    n = 6
    picture = lightsoutweb_plain(low.game_matrix("square", n, 2), n, 2)
    path = tmp_path / "LightsOutMatrix.png"
    Image.fromarray(picture).save(path)
    assert main(["convert", str(path), str(tmp_path / "b.txt")]) == 0  # a grid: .txt holds it
    board = read_board(str(tmp_path / "b.txt"))
    classic = rectangle(n, n)
    assert sorted(board.buttons) == sorted(classic.buttons)
    assert sorted(map(sorted, board.edges())) == sorted(map(sorted, classic.edges()))
    # and lograph's own picture of that board is the same picture
    assert main(["matrix", str(tmp_path / "b.txt"), "-o", str(tmp_path / "again.png")]) == 0
    with Image.open(tmp_path / "again.png") as again:
        assert np.array_equal(np.asarray(again.convert("RGB")), picture)


def test_refusals_are_one_line_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = saved(tmp_path, rectangle(3, 3))
    out = tmp_path / "kept.png"
    out.write_bytes(b"old")
    err = fails_cleanly(capsys, "matrix", board, "-o", str(tmp_path / "m.txt"))
    assert "a matrix is written to .png, .csv, .mtx, not .txt" in err
    err = fails_cleanly(capsys, "matrix", board, "-o", str(tmp_path / "m.csv"), "--edges")
    assert "draw a .png picture" in err
    big = saved(tmp_path, rectangle(1, 1025), "big.json")
    err = fails_cleanly(capsys, "matrix", big, "-o", str(out), "--solution")
    assert "1025 buttons is beyond the dense limit (1024 buttons" in err
    assert out.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json", "big.json", "kept.png"]


def test_the_boards_layout_needs_a_full_grid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    holed = saved(tmp_path, rectangle(3, 3, holes=[(1, 1)]))
    err = fails_cleanly(
        capsys, "matrix", holed, "-o", str(tmp_path / "m.png"), "--layout", "boards"
    )
    assert "the boards layout needs a grid board whose cells fill a rectangle" in err
    assert main(["matrix", holed, "-o", str(tmp_path / "m.png")]) == 0  # entry by entry
    assert "matrix layout" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("1,2\n0,1\n", "a press matrix holds 0 and 1 only"),
        ("1,0\n1\n", "line 2 has 1 entries"),
    ],
)
def test_a_bad_matrix_file_is_refused_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, problem: str
) -> None:
    path = tmp_path / "m.csv"
    path.write_text(text)
    err = fails_cleanly(capsys, "convert", str(path), str(tmp_path / "b.json"))
    assert f"{path}: " in err
    assert problem in err
    err = fails_cleanly(capsys, "convert", str(path), str(tmp_path / "b.json"), "--rule", "open")
    assert "--rule does not apply to a press matrix" in err
    assert not (tmp_path / "b.json").exists()
