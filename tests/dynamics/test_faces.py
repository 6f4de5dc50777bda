"""The dynamics' library and CLI faces: one record for both, steps written to a file, bad
input refused in one line; grid boards answered by the grid fast path agree with the same
graph given without its grid."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import lograph as lo
from lograph.core.dynamics import MapKind, map_order, orbit, step
from lograph.core.files import read_board, write_board
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem
from tests.cli.helpers import run_cli


def _board_file(tmp_path: Path, rows: int, cols: int, states: int, seed: int) -> Path:
    board = lo.board(lo.rectangle(rows, cols, states=states))
    rng = np.random.default_rng(seed)
    board.set_lights(rng.integers(0, states, len(board)))
    path = tmp_path / "b.json"
    write_board(board, path)
    return path


@pytest.mark.parametrize(
    ("rows", "cols", "states", "kind"),
    [(5, 5, 2, "solution"), (4, 3, 6, "press"), (3, 4, 4, "solution")],
)
def test_library_answer_is_the_cli_json(tmp_path: Path, capsys, rows, cols, states, kind):
    path = _board_file(tmp_path, rows, cols, states, rows * cols)
    status, out, _ = run_cli(capsys, "dynamics", str(path), "--map", kind, "--json")
    assert status == 0
    answer = lo.dynamics(str(path), map=kind)
    assert answer.to_dict() == json.loads(out)
    assert answer.period == json.loads(out)["period"]


def test_steps_are_written_and_the_text_names_the_figures(tmp_path: Path, capsys):
    path = _board_file(tmp_path, 3, 3, 3, 1)
    out_path = tmp_path / "after.json"
    status, out, _ = run_cli(capsys, "dynamics", str(path), "--steps", "-5", "-o", str(out_path))
    assert status == 0
    assert "period" in out
    assert f"wrote {out_path}" in out
    system = read_board(path).to_system()
    written = read_board(out_path)
    assert written.lights().tolist() == step(system, None, MapKind.SOLUTION, -5).tolist()
    # five steps forward bring it back
    again = step(written.to_system(), None, MapKind.SOLUTION, 5)
    assert again.tolist() == system.lights.tolist()


@pytest.mark.parametrize(
    "argv",
    [
        ["--steps", "3"],  # no OUT
        ["-o", "x.json"],  # no N
        ["--map", "both"],
        ["--steps", "-1", "-o", "x.json"],  # 5×5 is singular: no way back
        ["--steps", "1x", "-o", "x.json"],
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path: Path, capsys, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    path = _board_file(tmp_path, 5, 5, 2, 0)
    status, _, err = run_cli(capsys, "dynamics", str(path), *argv)
    assert status == 2
    assert err.count("\n") == 1, err
    assert "error" in err
    assert not (tmp_path / "x.json").exists()


def test_library_refuses_an_unknown_map():
    with pytest.raises(lo.BoardError, match="not 'solution' or 'press'"):
        lo.dynamics(lo.rectangle(2, 2), map="inverse")


def _without_grid(system: PressSystem) -> PressSystem:
    """The same press matrix with no grid cells: only the general algebra knows it."""
    cols = np.repeat(np.arange(system.n), np.diff(system.indptr))
    off = system.indices != cols
    loops = np.zeros(system.n, dtype=bool)
    loops[cols[~off]] = True
    return PressSystem.from_edges(
        system.n, cols[off], system.indices[off], loops, directed=True, states=system.states
    )


@pytest.mark.parametrize(("n", "k"), [(5, 2), (6, 2), (7, 3), (4, 6), (9, 2), (8, 5)])
def test_grids_agree_with_the_same_graph_without_its_grid(n: int, k: int):
    grid = grid_system(n, n).with_states(k)
    plain = _without_grid(grid)
    assert plain.coords is None
    lights = np.random.default_rng(n * k).integers(0, k, n * n)
    for kind in MapKind:
        a, b = orbit(grid, lights, kind), orbit(plain, lights, kind)
        assert (a.tail, a.period) == (b.tail, b.period), (kind, a.method, b.method)
        ma, mb = map_order(grid, kind), map_order(plain, kind)
        assert (ma.order, ma.tail, ma.invertible) == (mb.order, mb.tail, mb.invertible)


def test_the_text_writes_a_prime_alone_and_a_composite_with_its_factors(tmp_path, capsys):
    # the lit 5×5 board: period 2 (prime) after a tail of 1, order 4 = 2^2 (docs/commands.md)
    path = tmp_path / "lit.json"
    write_board(lo.board(lo.rectangle(5, 5), lights=1), path)
    status, out, _ = run_cli(capsys, "dynamics", str(path))
    answer = lo.dynamics(str(path))
    assert status == 0
    assert (answer.period, answer.tail, answer.order) == (2, 1, 4)
    assert "period 2, after a tail of 1" in out
    assert "order            4 = 2^2" in out
