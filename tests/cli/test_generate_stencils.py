"""``lograph generate`` with --stencil and on the new surfaces (Möbius, Klein, projective)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lograph.core.files import read_board
from lograph.core.model.stencils import STENCILS
from tests.cli.test_generate_convert import run
from tests.core.model.test_surfaces import walked_matrix
from tests.references import press_matrix


def test_knight_stencil_on_a_rectangle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "k.json"
    status, out, err = run(
        capsys, "generate", "rectangle", "7", "7", "--stencil", "knight", "-o", str(path)
    )
    assert (status, err) == (0, "")
    board = read_board(path)
    assert board.name == "7x7 knight"
    # by hand: knight moves from a corner reach 2 cells, from the centre 8
    assert board.neighbors("r0c0") == ["r1c2", "r2c1"]
    assert len(board.neighbors("r3c3")) == 8
    assert "120 edges" in out  # knight graph: 2((m-1)(n-2) + (m-2)(n-1)) = 2(30 + 30)


def test_custom_asymmetric_stencil_is_directed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.json"
    status, _, err = run(
        capsys, "generate", "rectangle", "4", "5", "--stencil", "0,0 1,0 -1,0 0,2", "-o", str(path)
    )
    assert (status, err) == (0, "")
    board = read_board(path)
    assert board.directed
    assert board.targets("r1c1") == ["r0c1", "r1c1", "r1c3", "r2c1"]


@pytest.mark.parametrize("surface", ["mobius", "klein", "projective", "torus", "cylinder"])
def test_surfaces_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], surface: str
) -> None:
    path = tmp_path / "s.graphml"
    status, _, err = run(capsys, "generate", surface, "4", "5", "--stencil", "x", "-o", str(path))
    assert (status, err) == (0, "")
    board = read_board(path)
    assert (press_matrix(board) == walked_matrix(surface, 4, 5, STENCILS["x"], True)).all()


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (
            ["rectangle", "3", "3", "--stencil", "0,0 1,x"],
            "stencil offset '1,x' is not two integers",
        ),
        (["rectangle", "3", "3", "--stencil", " "], "the stencil is empty"),
        (["rectangle", "3", "3", "--stencil", "0,5000"], "reaches beyond 1000"),
        (["torus", "3", "3", "--stencil", "queen"], "or a preset"),
        (["mobius", "3", "2"], "at least 3 columns"),
        (["projective", "2", "3"], "at least 3 rows and 3 columns"),
    ],
)
def test_bad_stencils_and_surfaces_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], problem: str
) -> None:
    status, _, err = run(capsys, "generate", *args, "-o", str(tmp_path / "out.json"))
    assert status == 2
    assert err.count("\n") == 1, err
    assert problem in err
    assert list(tmp_path.iterdir()) == []


def test_a_stencil_cannot_be_written_as_ascii(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(
        capsys,
        "generate",
        "rectangle",
        "3",
        "3",
        "--stencil",
        "king",
        "-o",
        str(tmp_path / "b.txt"),
    )
    assert status == 2
    assert "classic rule" in err
    assert list(tmp_path.iterdir()) == []
