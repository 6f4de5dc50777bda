"""The sample boards in graphs/: contents, round trips and analysis against independent answers.

The press matrix here is built straight from the networkx graph and ranked by a plain
Gaussian elimination mod p (`tests.references`), independent of PressSystem and of every engine.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lograph.core.files import FORMATS, cannot_hold, read_board, write_board
from lograph.core.model.board import Board
from lograph.core.solve import analyze, solve
from tests.references import A159257, press_matrix, rank_mod_p, solvable

GRAPHS = Path(__file__).resolve().parents[3] / "graphs"

# file -> (buttons, edges, states, directed, rule, formats that can hold it), counted by hand:
# an m×n grid has m(n-1) + n(m-1) edges; the WayOut holes are not adjacent and each removes 4;
# the radius-3 diamond has rows of 1,3,5,7,5,3,1 cells, 18 edges across and 18 down; a honeycomb
# of m×n hexagons has 3mn + 2m + 2n - 1 edges; the 3×4 triangular lattice has 4 rows of 3
# nodes: 8 edges along rows, 9 between rows, 6 diagonals.
EXPECTED = {
    "classic-5x5.txt": (25, 40, 2, False, "closed", {"json", "graphml", "txt"}),
    "classic-3x3.txt": (9, 12, 2, False, "closed", {"json", "graphml", "txt"}),
    "classic-4x4.txt": (16, 24, 2, False, "closed", {"json", "graphml", "txt"}),
    "classic-7x7.txt": (49, 84, 2, False, "closed", {"json", "graphml", "txt"}),
    "wayout-holed-5x5.txt": (22, 28, 2, False, "closed", {"json", "graphml", "txt"}),
    "diamond-r3.txt": (25, 36, 2, False, "closed", {"json", "graphml", "txt"}),
    "three-state-4x4.txt": (16, 24, 3, False, "closed", {"json", "graphml", "txt"}),
    "torus-5x5.json": (25, 50, 2, False, "closed", {"json", "graphml"}),
    "hexagonal-3x3.json": (30, 38, 2, False, "closed", {"json", "graphml"}),
    "petersen.json": (10, 15, 2, False, "closed", {"json", "graphml"}),
    "petersen.g6": (10, 15, 2, False, "closed", {"json", "graphml", "graph6"}),
    "directed-ring-8.json": (8, 16, 2, True, "closed", {"json", "graphml"}),
    "triangular-3x4.graphml": (12, 23, 2, False, "closed", {"json", "graphml"}),
}

#: The holed WayOut board: start position S, published solution A (row-major over 22 buttons).
WAYOUT_S = [1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0]
WAYOUT_A = [0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0]

#: The 5×5 press matrix has rank 23 and these two vectors span its kernel.
QUIET_5X5 = [
    [0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0],
    [1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1],
]


@pytest.fixture(params=sorted(EXPECTED))
def sample(request: pytest.FixtureRequest) -> tuple[str, Board]:
    return request.param, read_board(GRAPHS / request.param)


def test_every_sample_is_listed() -> None:
    on_disk = {p.name for p in GRAPHS.iterdir() if p.suffix in {".txt", ".json", ".graphml", ".g6"}}
    assert on_disk == set(EXPECTED)


def test_sample_contents(sample: tuple[str, Board]) -> None:
    name, board = sample
    buttons, edges, states, directed, rule, _ = EXPECTED[name]
    assert len(board) == buttons
    assert len(board.edges()) == edges
    assert (board.states, board.directed, board.rule) == (states, directed, rule)
    assert int(board.lights().max()) < states


def test_sample_round_trips(tmp_path: Path, sample: tuple[str, Board]) -> None:
    name, board = sample
    holders = {fmt for fmt in FORMATS if cannot_hold(board, fmt) is None}
    assert holders == EXPECTED[name][5]
    for fmt in holders:
        path = tmp_path / f"copy{FORMATS[fmt].extensions[0]}"
        write_board(board, path)
        back = read_board(path)
        assert np.array_equal(press_matrix(back), press_matrix(board)), fmt
        assert back.lights().tolist() == board.lights().tolist()
        if fmt != "graph6":  # graph6 keeps neither names nor positions
            assert back.buttons == board.buttons
            assert np.allclose(back.positions(), board.positions())
            assert (back.name, back.rule, back.states) == (board.name, board.rule, board.states)


@pytest.mark.parametrize("engine", ["auto", "galois"])
def test_sample_analysis_matches_plain_elimination(sample: tuple[str, Board], engine: str) -> None:
    _, board = sample
    a, p = press_matrix(board), board.states
    result = analyze(board, engine)
    rank = rank_mod_p(a, p)
    assert result.rank == rank
    assert result.nullity == len(board) - rank
    quiet = result.quiet.astype(np.int64)
    assert quiet.shape == (result.nullity, len(board))
    assert not ((a @ quiet.T) % p).any()  # every quiet pattern changes nothing
    assert rank_mod_p(quiet, p) == result.nullity  # and they are independent
    left = result.left_kernel.astype(np.int64)
    assert not ((left @ a) % p).any()
    assert rank_mod_p(left, p) == result.nullity


def test_sample_solution_reaches_the_goal(sample: tuple[str, Board]) -> None:
    _, board = sample
    a, p = press_matrix(board), board.states
    lights = board.lights().astype(np.int64)
    change = (-lights) % p
    reachable = solvable(a, change, p)
    result = solve(board)
    assert result.solvable == reachable
    if reachable:
        assert not ((a @ result.presses.astype(np.int64) + lights) % p).any()


def test_classic_5x5_facts() -> None:
    board = read_board(GRAPHS / "classic-5x5.txt")
    assert board.lights().tolist() == [1] * 25  # "all on", always solvable (Sutner)
    result = analyze(board)
    assert (result.rank, result.nullity) == (23, 2)
    assert str(result.solvable_fraction) == "1/4"
    # The engine's quiet basis spans the same space as the two published vectors.
    basis = result.quiet.astype(np.int64)
    assert rank_mod_p(np.vstack([basis, QUIET_5X5]), 2) == 2
    assert solve(board).solvable


@pytest.mark.parametrize(
    ("name", "n"), [("classic-3x3.txt", 3), ("classic-4x4.txt", 4), ("classic-7x7.txt", 7)]
)
def test_published_square_nullities(name: str, n: int) -> None:
    # Nullity of the n×n board, OEIS A159257: 3 → 0, 4 → 4, 7 → 0.
    assert analyze(read_board(GRAPHS / name)).nullity == A159257[n - 1]


def test_wayout_sample_is_the_holed_board() -> None:
    board = read_board(GRAPHS / "wayout-holed-5x5.txt")
    holes = {(1, 1), (2, 2), (3, 3)}
    assert board.buttons == tuple(
        f"r{r}c{c}" for r in range(5) for c in range(5) if (r, c) not in holes
    )
    assert board.lights().tolist() == WAYOUT_S
    a = press_matrix(board)
    assert ((a @ WAYOUT_A) % 2).tolist() == WAYOUT_S  # the published answer clears the board
    ours = solve(board)
    assert ours.solvable
    difference = (ours.presses.astype(np.int64) - WAYOUT_A) % 2
    assert not ((a @ difference) % 2).any()  # ours differs from it by a quiet pattern
