"""The shown algebra checked against the engine: rank and quiet patterns equal `analyze`'s,
replaying the shown row operations reproduces the shown matrices, the back-substituted
solution clears the board, and an unsolvable position's witness really proves it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from lograph.core.algebra.canonical import rref_basis
from lograph.core.explain.steps import Explanation, explain_board
from lograph.core.files import read_board, write_board
from lograph.core.model.board import Board
from lograph.core.solve import analyze
from tests.cli.helpers import fails_cleanly, run_cli

SAMPLES = Path(__file__).resolve().parents[3] / "lograph" / "samples"


def _boards() -> dict[str, Board]:
    rng = np.random.default_rng(3)
    boards = {
        name: read_board(SAMPLES / name)
        for name in (
            "classic-5x5.txt",
            "three-state-4x4.txt",
            "torus-5x5.json",
            "directed-ring-8.json",
            "petersen.json",
            "wayout-holed-5x5.txt",
        )
    }
    unsolvable = read_board(SAMPLES / "classic-5x5.txt")
    unsolvable.clear_lights()
    unsolvable.set_light("r0c0", 1)  # one corner light: not solvable on the 5×5
    boards["5x5-corner"] = unsolvable
    ring = read_board(SAMPLES / "directed-ring-8.json")
    ring.states, ring.rule = 5, "open"
    ring.set_self_action(ring.buttons[2], True)
    ring.set_lights(rng.integers(0, 5, len(ring)))
    boards["ring-k5-open"] = ring
    for k in (4, 6):
        grid = read_board(SAMPLES / "classic-4x4.txt")
        grid.states = k
        grid.set_lights(rng.integers(0, k, len(grid)))
        boards[f"4x4-k{k}"] = grid
    return boards


BOARDS = _boards()


def _replay(e: Explanation, phases: tuple[str, ...]) -> list[list[int]]:
    m = [[*row, c] for row, c in zip(e.matrix, e.change, strict=True)]
    for stage in e.stages:
        if stage.phase in phases:
            for op in stage.ops:
                op.apply(m, e.states)
            assert m == stage.after
    return m


@pytest.mark.parametrize("goal", ["off", "on"])
@pytest.mark.parametrize("name", list(BOARDS))
def test_the_shown_algebra_is_the_engines(name: str, goal: str) -> None:
    board = BOARDS[name]
    e = explain_board(board, goal)
    engine = analyze(board)
    a = np.array(e.matrix, dtype=np.int64)
    k = board.states
    # A is the press matrix: column j is what pressing button j changes
    assert (a @ np.eye(len(board), dtype=np.int64)[0] % k == board.to_system().apply(
        np.eye(len(board), dtype=np.int64)[0])).all()  # fmt: skip
    assert e.rank == engine.rank
    quiet = np.array(e.quiet, dtype=np.int64).reshape(-1, len(board))
    assert not ((a @ quiet.T) % k).any()  # every shown quiet pattern is quiet
    if e.prime:
        assert _replay(e, ("forward",)) == e.echelon
        assert _replay(e, ("forward", "backward")) == e.reduced
        reduced = np.array(e.reduced)[:, : len(board)]
        for r, c in e.pivots:  # reduced row echelon form: pivots 1, alone in their column
            assert reduced[r, c] == 1
            assert np.count_nonzero(reduced[:, c]) == 1
        assert len(e.free) == engine.nullity
        assert rref_basis(quiet, k).tolist() == rref_basis(engine.quiet, k).tolist()
    else:
        orders = 1
        for order in e.quiet_orders:
            orders *= order
        assert orders == engine.kernel_size
    target = board.copy()
    assert e.solvable == engine.is_solvable_pattern(e.change)
    if e.solvable:
        assert e.solution is not None
        target.apply_presses(e.solution)
        assert target.is_goal(goal)
    elif e.witness is not None:
        y = np.array(e.witness, dtype=np.int64)
        assert not ((y @ a) % k).any()
        assert (y @ np.array(e.change)) % k
        if e.symmetric:
            assert e.witness_is_quiet


def test_cli_prints_markdown_and_writes_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = str(SAMPLES / "classic-3x3.txt")
    status, out, _ = run_cli(capsys, "explain", board)
    assert status == 0
    assert out.startswith("# The algebra of")
    assert "[1]" in out  # the pivots are marked
    assert "## A solution by back substitution" in out
    for suffix in ("md", "tex", "html", "png"):
        path = tmp_path / f"e.{suffix}"
        status, out, err = run_cli(capsys, "explain", board, "-o", str(path))
        assert status == 0, err
        assert out == f"wrote {path}: the algebra of 9 buttons\n"
    assert (tmp_path / "e.png").read_bytes().startswith(b"\x89PNG")
    assert '<td class="pivot">1</td>' in (tmp_path / "e.html").read_text()
    assert "\\boxed{1}" in (tmp_path / "e.tex").read_text()


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="no pdflatex")
@pytest.mark.parametrize("name", ["5x5-corner", "ring-k5-open", "4x4-k6"])
def test_the_worksheet_compiles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = tmp_path / "board.json"
    write_board(BOARDS[name], path)
    assert run_cli(capsys, "explain", str(path), "-o", str(tmp_path / "w.tex"))[0] == 0
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "w.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "w.pdf").stat().st_size > 1000


def test_a_big_board_gets_the_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "b.txt"
    board.write_text(("1" * 11 + "\n") * 11)  # 121 buttons
    status, out, _ = run_cli(capsys, "explain", str(board))
    assert status == 0
    first, *rest = out.splitlines()
    assert first == (
        "121 buttons are too many to show the algebra step by step (limit 100); "
        "the figures instead:"
    )
    assert "- rank: 115" in rest  # the 11×11 board has nullity 6


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["explain", "missing.txt"], "missing.txt"),
        (["explain", str(SAMPLES / "classic-3x3.txt"), "-o", "{out}/e.pdf"], ".md, .tex"),
        (["explain", str(SAMPLES / "classic-3x3.txt"), "-o", "{out}/no/e.md"], "no such folder"),
        (["explain", str(SAMPLES / "classic-3x3.txt"), "--goal", "up"], "goal"),
    ],
)
def test_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    argv = [a.replace("{out}", str(tmp_path)) for a in argv]
    if "--goal" in argv:  # argparse's own error: status 2, one line
        status, _, err = run_cli(capsys, *argv)
        assert status == 2
        assert err.count("\n") == 1
        assert says in err
        return
    assert says in fails_cleanly(capsys, *argv)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("name", ["classic-5x5.txt", "torus-5x5.json", "petersen.json"])
def test_rank_and_quiet_patterns_equal_lograph_analyze(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    import json

    status, out, _ = run_cli(capsys, "analyze", str(SAMPLES / name), "--json")
    assert status == 0
    shown = json.loads(out)
    board = read_board(SAMPLES / name)
    e = explain_board(board)
    assert e.rank == shown["rank"]
    index = {b: i for i, b in enumerate(board.buttons)}
    engine = np.zeros((len(shown["quiet_patterns"]), len(board)), dtype=np.int64)
    for row, pattern in enumerate(shown["quiet_patterns"]):
        for button in pattern:
            engine[row, index[button]] = 1
    mine = np.array(e.quiet, dtype=np.int64).reshape(-1, len(board))
    assert rref_basis(mine, 2).tolist() == rref_basis(engine, 2).tolist()
