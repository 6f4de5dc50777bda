"""The worst position, checked against brute force (max over positions of fewest presses)."""

from __future__ import annotations

import threading

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.optimize.quiet._pieces import Piece, Pieces
from lograph.core.optimize.worst import _gf2_exact as gf2_worst_exact
from lograph.core.optimize.worst import _search as worst_module
from lograph.core.optimize.worst._search import worst_position
from lograph.core.work import Work
from tests.core.boards import SMALL_BOARDS
from tests.references import ReferenceSolver, code_of, coset_weights

#: The GF(2) boards (the integer program and the search are for p = 2).
GF2_BOARDS = sorted(name for name in SMALL_BOARDS if "p=" not in name)


def _check_position(solver: ReferenceSolver, result, goal: np.ndarray, fewest: np.ndarray) -> None:
    """The returned position needs exactly `worst_presses` presses, and `presses` does it."""
    p = solver.system.states
    change = (goal - result.lights.astype(np.int64)) % p
    assert np.array_equal(solver.system.apply(result.presses), change)
    assert int(result.presses.astype(np.int64).sum()) == result.worst_presses
    assert fewest[code_of(change, p)] == result.worst_presses


@pytest.fixture(params=sorted(SMALL_BOARDS), scope="module")
def small(request: pytest.FixtureRequest) -> tuple[ReferenceSolver, np.ndarray]:
    solver = ReferenceSolver(SMALL_BOARDS[request.param]().to_system())
    fewest, _ = solver.fewest_and_count()
    return solver, fewest


def test_matches_brute_force(small):
    solver, fewest = small
    result = worst_position(solver)
    assert result.exact
    assert result.worst_presses == result.upper_bound == fewest.max()
    _check_position(solver, result, np.zeros(solver.system.n, dtype=np.int64), fewest)


@pytest.mark.parametrize("method", ["spectrum search", "integer program"])
@pytest.mark.parametrize("name", GF2_BOARDS)
def test_exact_methods_match_brute_force(name, method, monkeypatch):
    # Skip the small-case enumeration of class counts, so that the spectrum search answers,
    # or, without it, HiGHS.
    monkeypatch.setattr(gf2_worst_exact, "_COUNT_ENUMERATION_LIMIT", 0)
    if method == "integer program":
        monkeypatch.setattr(worst_module, "SPECTRUM_NULLITY_LIMIT", 0)
    solver = ReferenceSolver(SMALL_BOARDS[name]().to_system())
    fewest, _ = solver.fewest_and_count()
    result = worst_position(solver)
    assert (result.method, result.exact) == (method, True)
    assert result.worst_presses == fewest.max()
    _check_position(solver, result, np.zeros(solver.system.n, dtype=np.int64), fewest)


def test_goal_on_moves_the_position_not_the_count(small):
    solver, fewest = small
    p, n = solver.system.states, solver.system.n
    result = worst_position(solver, goal="on")
    assert result.worst_presses == fewest.max()
    _check_position(solver, result, np.full(n, p - 1, dtype=np.int64), fewest)


def test_three_by_three_seed():
    # The 3×3 board: nullity 0, so the worst is all nine presses; towards all-on the position is
    # the X of lit edges 010/101/010, towards all-off it is A·1 = 101/010/101.
    system = rectangle(3, 3).to_system()
    solver = ReferenceSolver(system)
    on = worst_position(solver, goal="on")
    off = worst_position(solver)
    assert (on.worst_presses, on.exact, on.method) == (9, True, "every button")
    assert on.lights.reshape(3, 3).tolist() == [[0, 1, 0], [1, 0, 1], [0, 1, 0]]
    assert off.lights.reshape(3, 3).tolist() == [[1, 0, 1], [0, 1, 0], [1, 0, 1]]
    assert off.presses.tolist() == [1] * 9


def test_five_by_five_is_fifteen():
    # The well-known "God's number" of the classic 5×5 game.
    result = worst_position(ReferenceSolver(rectangle(5, 5).to_system()))
    assert (result.worst_presses, result.exact) == (15, True)


def test_nullity_zero_over_gf3():
    solver = ReferenceSolver(rectangle(3, 3, states=3).to_system())
    assert solver.analysis.nullity == 0
    fewest, _ = solver.fewest_and_count()
    result = worst_position(solver)
    assert result.worst_presses == fewest.max() == 18  # every button twice
    assert result.method == "every button"


@pytest.mark.usefixtures("highs_stops_after_one_node")
def test_unfinished_integer_program_gives_a_bounded_answer(monkeypatch):
    # 9×9 (nullity 8) is hard for the integer program; stopped early (after one node, a
    # limit on work rather than on seconds) it must still answer, bounded, with a position
    # that really needs the reported count (checked by enumerating all 2^8 solutions of it).
    # The spectrum search, which proves 9×9 before the program starts, is left out.
    monkeypatch.setattr(worst_module, "SPECTRUM_NULLITY_LIMIT", 0)
    solver = ReferenceSolver(rectangle(9, 9).to_system())
    assert solver.analysis.nullity == 8
    result = worst_position(solver)
    assert (result.exact, result.method) == (False, "integer program")
    assert result.worst_presses < result.upper_bound <= 81 - 8
    change = (-result.lights.astype(np.int64)) % 2
    base = solver.particular(change).astype(np.int64)
    assert min(coset_weights(base, solver.analysis.quiet, 2)) == result.worst_presses


@pytest.mark.parametrize("name", GF2_BOARDS)
def test_search_beyond_the_program(name, monkeypatch):
    solver = ReferenceSolver(SMALL_BOARDS[name]().to_system())
    fewest, _ = solver.fewest_and_count()
    monkeypatch.setattr(worst_module, "ILP_NULLITY_LIMIT", 0)
    monkeypatch.setattr(worst_module, "SPECTRUM_NULLITY_LIMIT", 0)
    result = worst_position(solver)
    assert result.method == "search"
    assert result.worst_presses <= fewest.max() <= result.upper_bound
    _check_position(solver, result, np.zeros(solver.system.n, dtype=np.int64), fewest)


def test_disjoint_copies_are_exact_piece_by_piece(monkeypatch):
    # Seven disjoint 4×4 boards: nullity 28. The covering radius of a disjoint union is
    # the sum over the parts, so the truth is 7 × (4×4 worst, by brute force). The quiet
    # code splits into the seven copies, each exact on its own.
    copies = 7
    graph = nx.disjoint_union_all([nx.grid_2d_graph(4, 4)] * copies)
    solver = ReferenceSolver(Board.from_graph(graph).to_system())
    assert solver.analysis.nullity == 28
    fewest, _ = ReferenceSolver(rectangle(4, 4).to_system()).fewest_and_count()
    truth = copies * int(fewest.max())
    result = worst_position(solver)
    assert (result.worst_presses, result.upper_bound, result.exact) == (truth, truth, True)
    assert result.method == "class enumeration"  # how each 4×4 copy was proved
    # the position: its lightest solution (brute force per copy) weighs the truth
    change = (-result.lights.astype(np.int64)) % 2
    base = solver.particular(change).astype(np.int64)
    quiet = ReferenceSolver(rectangle(4, 4).to_system()).analysis.quiet
    per_copy = [min(coset_weights(base[16 * i : 16 * i + 16], quiet, 2)) for i in range(copies)]
    assert sum(per_copy) == truth

    # as if the code did not split: nullity 28 is past the searches, so only bounds
    def whole(quiet: np.ndarray) -> Pieces:
        return Pieces([Piece(np.arange(quiet.shape[1]), quiet)], np.zeros(0, dtype=np.intp))

    monkeypatch.setattr(worst_module, "quiet_pieces", whole)
    result = worst_position(solver)
    assert (result.method, result.exact, result.presses, result.lights) == (
        "bounds",
        False,
        None,
        None,
    )
    assert result.worst_presses <= truth <= result.upper_bound


def test_everything_quiet_is_exact():
    # Open rule, no edges: every press is quiet, the only solvable position is the goal.
    board = Board.from_graph(nx.empty_graph(30), rule="open")
    result = worst_position(ReferenceSolver(board.to_system()))
    assert (result.worst_presses, result.upper_bound, result.exact) == (0, 0, True)


def test_cancel():
    with pytest.raises(InterruptedComputation):
        worst_position(ReferenceSolver(rectangle(5, 5).to_system()), work=Work(cancel=lambda: True))


def test_cancel_during_the_integer_program(monkeypatch):
    # HiGHS cannot be polled; it runs in a helper thread while `cancel` is polled. The
    # program is replaced by a stand-in that blocks until released, so that the cancel
    # fires while it runs however fast the machine (a real 9×9 program may finish first).
    monkeypatch.setattr(worst_module, "SPECTRUM_NULLITY_LIMIT", 0)  # straight to the program
    solver = ReferenceSolver(rectangle(9, 9).to_system())
    entered, release = threading.Event(), threading.Event()

    def blocked_program(*args: object) -> None:
        entered.set()
        release.wait(timeout=60)  # only a guard against a hang if cancel is never polled

    monkeypatch.setattr(gf2_worst_exact, "_ilp", blocked_program)
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 3

    try:
        with pytest.raises(InterruptedComputation):
            worst_position(solver, work=Work(cancel=cancel))
    finally:
        release.set()
    assert entered.is_set()
    assert len(calls) == 4  # once before the program, three times while it runs


def test_with_lograph_engine():
    result = worst_position(rectangle(5, 5))
    assert (result.worst_presses, result.exact) == (15, True)
