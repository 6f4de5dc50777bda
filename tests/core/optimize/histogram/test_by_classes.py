"""The press histogram counted from the quiet classes, piece by piece
(`lograph.core.optimize.histogram._counting`), against walking every press vector, closed
forms, the worst position and the published 5×5 figures."""

from __future__ import annotations

from math import comb

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardTooLargeError, InterruptedComputation
from lograph.core.model.board import Board
from lograph.core.model.generators import geometric, rectangle
from lograph.core.optimize.histogram._counting import (
    class_histogram,
    class_histogram_work,
    histogram_method,
    press_histogram,
)
from lograph.core.optimize.worst._search import worst_position
from lograph.core.work import Work
from tests.core.boards import SMALL_BOARDS, side_by_side, split_code_boards
from tests.references import ReferenceSolver, histogram, system_matrix


def _quiet(board: Board) -> np.ndarray:
    solver = ReferenceSolver(board.to_system())
    return np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(-1, solver.system.n)


def _convolve(a: list[int], b: list[int]) -> list[int]:
    """The product of two count polynomials, written out (no numpy)."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


@pytest.mark.parametrize("name", sorted(SMALL_BOARDS))
def test_matches_walking_every_press_vector(name: str) -> None:
    board = SMALL_BOARDS[name]()
    p = board.states
    expected = histogram(system_matrix(board.to_system()), p)
    assert class_histogram(_quiet(board), states=p) == expected


@pytest.mark.parametrize("p", [3, 5, 7])
def test_random_boards_over_gf_p_match_walking(p: int) -> None:
    rng = np.random.default_rng(p)
    checked = 0
    for seed in range(12):
        n = int(rng.integers(3, 7 if p == 3 else 6))
        graph = nx.gnp_random_graph(n, float(rng.uniform(0.2, 0.6)), seed=seed)
        board = Board.from_graph(graph, rule="open" if seed % 2 else "closed")
        board.states = p
        quiet = _quiet(board)
        checked += len(quiet) > 0
        assert class_histogram(quiet, states=p) == histogram(system_matrix(board.to_system()), p)
    assert checked >= 3


def test_random_graphs_match_walking_every_press_vector() -> None:
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(60):
        directed = seed % 3 == 0
        n = int(rng.integers(4, 14))
        graph = nx.gnp_random_graph(n, float(rng.uniform(0.1, 0.5)), seed=seed, directed=directed)
        board = Board.from_graph(graph, rule="open" if seed % 2 else "closed")
        quiet = _quiet(board)
        checked += len(quiet) > 0
        assert class_histogram(quiet) == histogram(system_matrix(board.to_system()), 2)
    assert checked >= 20  # most of them have quiet patterns


def test_connected_boards_whose_code_splits() -> None:
    for board in split_code_boards():
        quiet = _quiet(board)
        assert class_histogram(quiet) == histogram(system_matrix(board.to_system()), 2)


def test_boards_side_by_side_multiply() -> None:
    """Copies of small boards side by side (nullity past 26, 100+ buttons): the counts are
    the product of each part's walked histogram."""
    boards = (split_code_boards() * 4)[:10]
    union, parts = side_by_side(boards)
    expected = [1]
    for part in parts:
        expected = _convolve(expected, histogram(system_matrix(part.system), 2))
    quiet = _quiet(union)
    assert len(quiet) > 26
    assert union.to_system().n > 100
    assert class_histogram(quiet) == expected


def test_no_quiet_pattern_is_binomial_at_any_size() -> None:
    system = rectangle(40, 40).to_system()  # invertible: each press set its own position
    assert press_histogram(system) == [comb(1600, w) for w in range(1601)]


def test_no_quiet_pattern_over_gf3_is_a_power() -> None:
    # 6×6 over GF(3) is invertible: 3^36 press vectors (past the walk), each its own
    # position, so the counts are the coefficients of (1 + z + z²)^36
    board = rectangle(6, 6, states=3)
    expected = [1]
    for _ in range(36):
        expected = _convolve(expected, [1, 1, 1])
    assert press_histogram(board) == expected


def test_one_long_quiet_pattern_by_its_closed_form() -> None:
    """A path of 104 buttons has one quiet pattern (weight w): a press set meeting it in a
    buttons and pressing b others shares its position with the set flipped along it, so
    the position needs b + min(a, w − a). The pattern is past int64 counts (63 buttons)."""
    board = rectangle(1, 104)
    quiet = _quiet(board)
    assert len(quiet) == 1
    w, n = int(quiet.sum()), 104
    assert w >= 63
    expected = [0] * (n + 1)
    for a in range(w + 1):
        for b in range(n - w + 1):
            expected[b + min(a, w - a)] += comb(w, a) * comb(n - w, b)
    expected = [c // 2 for c in expected]
    while expected[-1] == 0:
        expected.pop()
    assert class_histogram(quiet) == expected


@pytest.mark.parametrize(("n", "radius", "seed"), [(300, 0.08, 0), (200, 0.1, 1)])
def test_the_hardest_count_is_the_worst_position(n: int, radius: float, seed: int) -> None:
    # random geometric graphs of nullity 62 and 41: their codes split into small pieces
    board = geometric(n, radius, seed=seed)
    solver = ReferenceSolver(board.to_system())
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    assert len(quiet) > 40
    counts = class_histogram(quiet)
    assert sum(counts) == 2**solver.analysis.rank
    worst = worst_position(board)
    assert worst.exact
    assert len(counts) - 1 == worst.worst_presses


def test_refuses_past_both_ways_in_one_line() -> None:
    with pytest.raises(BoardTooLargeError, match="4900 buttons"):
        press_histogram(rectangle(70, 70))
    with pytest.raises(BoardTooLargeError, match="nullity 20"):
        press_histogram(rectangle(30, 30))  # one piece of dimension 20
    system = rectangle(30, 30).to_system()
    assert histogram_method(system, _quiet(rectangle(30, 30))) is None
    assert class_histogram_work(_quiet(rectangle(30, 30))) > 2**31


def test_the_count_itself_refuses_too_much_work() -> None:
    with pytest.raises(BoardTooLargeError, match="2\\^31"):
        class_histogram(_quiet(rectangle(30, 30)))


def test_cancel_stops_the_count() -> None:
    with pytest.raises(InterruptedComputation):
        class_histogram(_quiet(rectangle(5, 5)), work=Work(cancel=lambda: True))
