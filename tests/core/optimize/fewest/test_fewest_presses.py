"""Fewest presses, checked against brute force over every press vector of tiny boards
(`tests.references`: a reference solver by plain elimination, and the brute-force table of
fewest presses per light change)."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from lograph.core.algebra.analysis import Analysis
from lograph.core.errors import BoardError, InterruptedComputation, UnsolvableError
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest import _gf2 as gf2_fewest
from lograph.core.optimize.fewest._search import fewest_presses, solve_fewest
from lograph.core.optimize.quiet._pieces import Piece, Pieces
from lograph.core.work import Work
from tests.core.boards import SMALL_BOARDS
from tests.references import (
    A075464,
    ReferenceSolver,
    brute_force_fewest,
    code_of,
    coset_weights,
    system_matrix,
)


@pytest.fixture(params=sorted(SMALL_BOARDS), scope="module")
def small(request: pytest.FixtureRequest) -> tuple[ReferenceSolver, np.ndarray, np.ndarray]:
    system = SMALL_BOARDS[request.param]().to_system()
    solver = ReferenceSolver(system)
    assert solver.analysis.nullity > 0  # the fewest-presses question is trivial otherwise
    fewest, count = brute_force_fewest(system_matrix(system), system.states)
    return solver, fewest, count


# ---------------------------------------------------------------------------- tests


def test_fewest_presses_matches_brute_force(small):
    solver, fewest, count = small
    system, p = solver.system, solver.system.states
    rng = np.random.default_rng(5)
    for _ in range(12):
        change = system.apply(rng.integers(0, p, system.n))  # a random solvable change
        result = fewest_presses(solver, solver.particular(change))
        assert result.exact
        assert result.method in ("walsh-hadamard", "enumeration")
        assert result.press_count == fewest[code_of(change, p)]
        assert result.optimal_solutions == count[code_of(change, p)]
        assert result.solutions == p**solver.analysis.nullity
        assert np.array_equal(system.apply(result.presses), change)
        assert int(result.presses.astype(np.int64).sum()) == result.press_count


def test_heuristic_is_labelled_and_still_solves(small):
    solver, fewest, count = small
    system, p = solver.system, solver.system.states
    change = system.apply(np.full(system.n, p - 1))
    result = fewest_presses(solver, solver.particular(change), work=Work(transform_nullity=0))
    if p == 2:  # the exact limit only applies to GF(2); p > 2 enumerates small p^k anyway
        assert result.method == "heuristic"
        # counted only when every piece of the quiet code was proven (pieces that need
        # no presses have one lightest solution)
        assert result.optimal_solutions in (None, count[code_of(change, p)])
        # exact only when a proven lower bound (the cover bound) meets the answer
        assert result.exact == (result.lower_bound == result.press_count)
        assert result.lower_bound <= fewest[code_of(change, p)]
    assert np.array_equal(system.apply(result.presses), change)
    assert result.press_count >= fewest[code_of(change, p)]


def _seven_copies() -> tuple[PressSystem, Analysis, int, int]:
    """Seven disjoint 4×4 boards (nullity 28 > 26) with all of x₀ = 1 pressed, and one
    copy's fewest presses and number of lightest solutions by brute force: each copy is
    independent, so the true optimum is seven times the copy's."""
    copies = 7
    graph = nx.disjoint_union_all([nx.grid_2d_graph(4, 4)] * copies)
    system = Board.from_graph(graph).to_system()
    one = ReferenceSolver(rectangle(4, 4).to_system())
    quiet = np.zeros((4 * copies, 16 * copies), dtype=np.uint8)
    for i in range(copies):
        quiet[4 * i : 4 * i + 4, 16 * i : 16 * i + 16] = one.analysis.quiet
    analysis = Analysis(system.n, 2, system.n - len(quiet), quiet, quiet, "reference")
    fewest, count = brute_force_fewest(one.a, 2)
    change = code_of(one.system.apply(np.ones(16)), 2)
    return system, analysis, int(fewest[change]), int(count[change])


def test_disjoint_copies_are_solved_piece_by_piece():
    # nullity 28 is past one transform, but the code splits into seven of nullity 4
    system, analysis, per_copy, ties = _seven_copies()
    x0 = np.ones(system.n, dtype=np.uint8)
    result = fewest_presses(analysis, x0)
    assert (result.exact, result.method) == (True, "walsh-hadamard")
    assert (result.press_count, result.optimal_solutions) == (7 * per_copy, ties**7)
    assert np.array_equal(system.apply(result.presses), system.apply(x0))
    assert int(result.presses.sum()) == result.press_count


def test_heuristic_on_large_nullity_beats_the_start(monkeypatch):
    # as if the code did not split: only the heuristic runs (no search allowed)
    system, analysis, per_copy, _ = _seven_copies()

    def whole(quiet: np.ndarray) -> Pieces:
        return Pieces([Piece(np.arange(quiet.shape[1]), quiet)], np.zeros(0, dtype=np.intp))

    monkeypatch.setattr(gf2_fewest, "quiet_pieces", whole)
    x0 = np.ones(system.n, dtype=np.uint8)
    result = fewest_presses(analysis, x0, work=Work(search_nullity=0))  # the heuristic alone
    assert (result.exact, result.method, result.optimal_solutions) == (False, "heuristic", None)
    assert np.array_equal(system.apply(result.presses), system.apply(x0))
    assert 7 * per_copy <= result.press_count < int(x0.sum())


def test_heuristic_reaching_zero_is_exact():
    # Open rule, no edges: all 30 buttons are quiet; any solution can be cut down to nothing.
    system = Board.from_graph(nx.empty_graph(30), rule="open").to_system()
    solver = ReferenceSolver(system)
    assert solver.analysis.nullity == 30
    result = fewest_presses(solver, np.ones(30, dtype=np.uint8))
    assert (result.press_count, result.exact, result.optimal_solutions) == (0, True, 1)


def test_numba_transform_for_nullity_above_twenty():
    # 21 random quiet rows on 30 buttons: the compiled in-place transform path, checked
    # against enumerating all 2^21 combinations directly.
    rng = np.random.default_rng(1)
    k, n = 21, 30
    quiet = np.concatenate([np.eye(k, dtype=np.uint8), rng.integers(0, 2, (k, n - k))], axis=1)
    quiet = quiet.astype(np.uint8)
    analysis = Analysis(n, 2, n - k, quiet, quiet, "reference")
    x0 = rng.integers(0, 2, n).astype(np.uint8)
    packed_quiet = quiet.astype(np.int64) @ (1 << np.arange(n, dtype=np.int64))
    packed_x0 = int(x0.astype(np.int64) @ (1 << np.arange(n, dtype=np.int64)))
    # span via Gray code: consecutive combinations differ by one basis vector
    combos = np.arange(1 << k, dtype=np.int64)
    gray = combos ^ (combos >> 1)
    span = np.zeros(1 << k, dtype=np.int64)
    for j in range(k):
        span ^= np.where((gray >> j) & 1, packed_quiet[j], 0)
    words = span ^ packed_x0
    weights = np.zeros(1 << k, dtype=np.int64)
    for j in range(n):
        weights += (words >> j) & 1
    result = fewest_presses(analysis, x0)
    assert result.method == "walsh-hadamard"
    assert result.press_count == weights.min()
    assert result.optimal_solutions == np.count_nonzero(weights == weights.min())


def test_lecture_two_lights_position():
    # The 5×5 position with only r2c1 and r2c3 lit is known to need 13 presses (a
    # textbook example). Check against all four of its solutions.
    board = rectangle(5, 5)
    board.set_light("r2c1", 1)
    board.set_light("r2c3", 1)
    system = board.to_system()
    solver = ReferenceSolver(system)
    change = (-system.lights.astype(np.int64)) % 2
    base = solver.particular(change)
    weights = coset_weights(base, solver.analysis.quiet, 2)
    result = solve_fewest(system, solver=solver)
    assert result.press_count == min(weights) == 13  # the textbook's 13 is indeed the fewest
    assert result.optimal_solutions == weights.count(min(weights))
    board.apply_presses(result.presses)
    assert board.is_goal()


@pytest.mark.parametrize("n", range(1, 10))
def test_all_on_n_by_n_matches_oeis_a075464(n):
    # Published: the fewest presses from all off to all on on the n×n board (15 on 5×5).
    system = rectangle(n, n).to_system()
    result = solve_fewest(system, goal="on", solver=ReferenceSolver(system))
    assert (result.press_count, result.exact) == (A075464[n - 1], True)


def test_nullity_zero_is_unique():
    system = rectangle(3, 3).to_system()
    solver = ReferenceSolver(system)
    result = fewest_presses(solver, solver.particular(np.ones(9, dtype=np.int64)))
    assert (result.method, result.optimal_solutions, result.solutions) == ("unique", 1, 1)


def test_bad_input():
    system = rectangle(4, 4).to_system()
    solver = ReferenceSolver(system)
    with pytest.raises(BoardError, match="16 entries"):
        fewest_presses(solver, np.zeros(5, dtype=np.uint8))
    with pytest.raises(BoardError, match=r"0\.\.1"):
        fewest_presses(solver, np.full(16, 2))
    with pytest.raises(InterruptedComputation):
        fewest_presses(solver, np.zeros(16, dtype=np.uint8), work=Work(cancel=lambda: True))
    board = rectangle(4, 4)
    board.set_light("r0c0", 1)  # a single light on the 4×4 board is unsolvable
    with pytest.raises(UnsolvableError, match="world"):
        solve_fewest(board.to_system(), solver=ReferenceSolver(board.to_system()))


def test_with_lograph_engine():
    # The same answers through the normal front door (prepare → engine).
    board = rectangle(4, 4, holes=[(0, 0), (2, 1)])
    pressed = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0]
    board.set_lights(board.to_system().apply(pressed))  # solvable by construction
    system = board.to_system()
    fewest, count = brute_force_fewest(system_matrix(system), system.states)
    change = (-system.lights.astype(np.int64)) % 2
    result = solve_fewest(board)
    assert result.press_count == fewest[code_of(change, 2)]
    assert result.optimal_solutions == count[code_of(change, 2)]


def test_empty_board():
    # No buttons: one position (the empty one), solved by pressing nothing.
    from lograph.core.optimize.histogram._counting import press_histogram
    from lograph.core.optimize.worst._search import worst_position

    system = Board().to_system()
    solver = ReferenceSolver(system)
    assert solve_fewest(system, solver=solver).press_count == 0
    assert worst_position(solver).worst_presses == 0
    assert press_histogram(system) == [1]
