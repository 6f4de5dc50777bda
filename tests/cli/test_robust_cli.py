"""Regression tests for small CLI bugs: every bad argument is one line and
exit status 2, nothing is overwritten by mistake, and stderr carries no stray warnings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lograph.core.model.generators import rectangle
from tests.cli.helpers import board_file, with_budgets
from tests.cli.helpers import run_cli as call
from tests.fuzz.formats import targeted


def one_line_error(status: int, err: str) -> None:
    assert status == 2
    assert len(err.strip().splitlines()) == 1, err
    assert "internal error" not in err
    assert "Traceback" not in err


def test_negative_seed_is_refused_by_numpys_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a.json"
    argv = ("generate", "rectangle", "3", "3", "--lights", "random", "-o", str(out))
    status, _, err = call(capsys, *argv, "--seed", "-1")
    one_line_error(status, err)
    assert "seed must be a non-negative integer" in err
    assert not out.exists()
    assert call(capsys, *argv, "--seed", str(10**40))[0] == 0  # numpy takes any size


@pytest.mark.parametrize("command", ["solve", "report", "generate", "convert", "samples"])
def test_empty_output_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    board = board_file(tmp_path, rectangle(2, 2))
    argv = {
        "solve": ("solve", board, "-o", ""),
        "report": ("report", board, "-o", ""),
        "generate": ("generate", "wayout", "-o", ""),
        "convert": ("convert", board, ""),
        "samples": ("samples", "classic-3x3.txt", "-o", ""),
    }[command]
    status, out, err = call(capsys, *argv)
    one_line_error(status, err)
    assert "output file name is empty" in err
    assert out == ""


@pytest.mark.parametrize("via", ["same", "symlink", "dotted"])
def test_convert_refuses_to_overwrite_its_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], via: str
) -> None:
    source = tmp_path / "a.txt"
    source.write_text("# name: mine\n# rule: closed\n# states: 2\n101\n")
    before = source.read_bytes()
    target = {"same": source, "symlink": tmp_path / "link.txt", "dotted": tmp_path / "." / "a.txt"}
    if via == "symlink":
        os.symlink(source, target[via])
    status, _, err = call(capsys, "convert", str(source), str(target[via]))
    one_line_error(status, err)
    assert "this is the board file being read" in err
    assert source.read_bytes() == before


def test_graphml_port_leaves_stderr_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = next(case[2] for case in targeted() if case[0] == "graphml port")
    path = tmp_path / "port.graphml"
    path.write_bytes(data)
    status, out, err = call(capsys, "analyze", str(path))
    assert status == 0
    assert err == ""
    assert out.startswith("buttons          12")


def test_heuristic_minimal_says_what_is_known(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lograph.core.optimize import fewest as minimal

    # force the heuristic on a small board
    heuristic = with_budgets(minimal.fewest_presses, transform_nullity=0)
    monkeypatch.setattr(minimal, "fewest_presses", heuristic)
    board = rectangle(5, 5)
    board.set_light("r1c1", 1)  # (r2c2: the root bound proves the heuristic's 11 exact)
    status, out, _ = call(capsys, "solve", board_file(tmp_path, board), "--minimal")
    assert status == 0
    assert "None" not in out
    assert out.startswith("solvable: best found ")
    assert "heuristic, not proven optimal" in out.splitlines()[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("generate", "rectangle", "8000", "8000", "-o", "{dir}/big.txt"), "at most 16777216"),
        (
            (
                "generate",
                "rectangle",
                "5",
                "5",
                "--states",
                "2305843009213693951",
                "-o",
                "{dir}/a.txt",
            ),
            "between 2 and 255",
        ),
        (("analyze", "{dir}/b.txt", "--states", "2305843009213693951"), "between 2 and 255"),
        (("generate", "named", "complete", "100000", "-o", "{dir}/k.g6"), "limited to 250000"),
        (("grid", str(10**40), "3"), "larger than the supported"),
    ],
)
def test_numbers_in_arguments_are_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    (tmp_path / "b.txt").write_text("101\n")
    status, _, err = call(capsys, *(a.format(dir=tmp_path) for a in argv))
    one_line_error(status, err)
    assert message in err
    assert not (tmp_path / "big.txt").exists()
