"""The analysis (rank, quiet patterns, left kernel, worlds) against independent answers.

Independent references, none of them lograph's algebra:
- published facts: 5×5 rank 23 and its quiet patterns n1, n2, 3×3 always solvable,
  the holed WayOut 5×5 position and its posted solution, the 3×3 worst position;
- brute force over every press vector on tiny boards;
- `tests.references`: Gauss-Jordan elimination mod p (`rref_mod_p`), press matrices read off
  the board's graph (not from `PressSystem`), spans by enumeration.
Property tests on random graphs live in ``test_algebra_properties.py``.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from lograph.core.engines.registry import available_engines, get_solver
from lograph.core.errors import (
    BoardError,
    BoardTooLargeError,
    InterruptedComputation,
    LographError,
)
from lograph.core.model.board import Board
from lograph.core.model.generators import grid_system, rectangle, wayout_5x5
from lograph.core.solve import analyze, count_solutions, iter_solutions, solve
from tests.references import all_vectors, press_matrix, rref_mod_p, span

ENGINES = ["galois", "dense", "auto"]

# The two quiet patterns of the classic 5×5 board (the 25-entry n1).
N1 = [0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0]
N2 = [1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1]
# The holed WayOut 5×5: start position S and its solution A (22 buttons, row-major).
HOLED_START = [1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0]
HOLED_PRESSES = [0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0]


# --------------------------------------------------------------------------- boards


def random_board(rng: np.random.Generator, n: int, p: int, density: float = 0.3) -> Board:
    directed = bool(rng.integers(2))
    board = Board(directed=directed, rule=str(rng.choice(["open", "closed"])), states=p)
    for i in range(n):
        override = int(rng.integers(4))
        board.add_button(f"v{i}", self_action=None if override > 1 else bool(override))
    for u in range(n):
        for v in range(n):
            if u != v and rng.random() < density and not board.has_edge(f"v{u}", f"v{v}"):
                board.add_edge(f"v{u}", f"v{v}")
    return board


# --------------------------------------------------------------------------- published facts


@pytest.mark.parametrize("engine", ENGINES)
def test_5x5_rank_23_and_its_quiet_patterns(engine: str) -> None:
    a = analyze(rectangle(5, 5), engine=engine)
    assert (a.rank, a.nullity) == (23, 2)
    assert span(a.quiet, 2) == span(np.array([N1, N2]), 2)
    assert len(span(a.quiet, 2)) == 4  # and the two patterns are independent
    # symmetric board: the left kernel is the same space
    assert span(a.left_kernel, 2) == span(np.array([N1, N2]), 2)


@pytest.mark.parametrize("engine", ENGINES)
def test_5x5_quarter_of_patterns_solvable_and_four_solutions(engine: str) -> None:
    board = rectangle(5, 5)
    a = analyze(board, engine=engine)
    # a quarter of all positions are solvable, three bad worlds
    assert a.solvable_fraction == Fraction(1, 4)
    assert a.solvable_count == 2**23
    assert a.worlds == 4
    # solvable iff orthogonal to n1 and n2; checked on random patterns
    rng = np.random.default_rng(0)
    for pattern in rng.integers(0, 2, size=(300, 25)):
        orthogonal = not (np.dot(pattern, N1) % 2 or np.dot(pattern, N2) % 2)
        assert a.is_solvable_pattern(pattern) == orthogonal
    # single lights stay solvable only on the small X in the middle
    solvable_cells = {
        divmod(i, 5) for i in range(25) if a.is_solvable_pattern(np.eye(25, dtype=int)[i])
    }
    assert solvable_cells == {(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)}
    # every solvable position has exactly four solutions
    board.set_light("r2c2", 1)
    assert count_solutions(board, engine=engine) == 4


def test_rank_to_fraction_by_enumeration_on_smaller_grids() -> None:
    # The 1/4 on 5×5 comes from p^rank; check p^rank = |image| where enumeration is cheap.
    for rows, cols in [(2, 2), (3, 3), (2, 5), (3, 4), (4, 4)]:
        board = rectangle(rows, cols)
        n = rows * cols
        images = (all_vectors(n, 2) @ press_matrix(board).T) % 2
        image_size = len({tuple(v) for v in images.tolist()})
        a = analyze(board, engine="galois")
        assert image_size == a.solvable_count
        assert Fraction(image_size, 2**n) == a.solvable_fraction


@pytest.mark.parametrize("engine", ENGINES)
def test_3x3_always_solvable(engine: str) -> None:
    board = rectangle(3, 3)
    solver = get_solver(board.to_system(), engine)
    assert solver.analysis.rank == 9
    assert solver.analysis.quiet.shape == (0, 9)
    for pattern in all_vectors(9, 2):
        x = solver.particular(pattern)
        assert x is not None
        assert board.to_system().apply(x).tolist() == pattern.tolist()


@pytest.mark.parametrize("engine", ENGINES)
def test_the_holed_wayout_board(engine: str) -> None:
    board = wayout_5x5()
    board.set_lights(HOLED_START)
    sol = solve(board, engine=engine)
    assert sol.solvable
    assert sol.presses is not None
    after = board.copy()
    after.apply_presses(sol.presses)
    assert after.is_goal()
    # the posted answer A satisfies A·M = S and is among the solutions we list
    assert board.to_system().apply(HOLED_PRESSES).tolist() == HOLED_START
    listed = [x.tolist() for x in iter_solutions(board, engine=engine)]
    assert HOLED_PRESSES in listed
    assert len(listed) == sol.solutions == 2 ** analyze(board, engine=engine).nullity


@pytest.mark.parametrize("engine", ENGINES)
def test_3x3_worst_position_needs_all_nine_presses(engine: str) -> None:
    # goal all on, start 010/101/010 -> press all nine buttons (unique)
    board = rectangle(3, 3)
    board.set_lights([0, 1, 0, 1, 0, 1, 0, 1, 0])
    sol = solve(board, "on", engine=engine)
    assert sol.presses is not None
    assert sol.presses.tolist() == [1] * 9
    assert sol.solutions == 1
    # goal off, start X (101/010/101) -> the same nine presses
    board.set_lights([1, 0, 1, 0, 1, 0, 1, 0, 1])
    assert solve(board, engine=engine).presses.tolist() == [1] * 9  # type: ignore[union-attr]
    # and it is the only position that needs nine (enumerating all 512 solutions)
    solver = get_solver(board.to_system(), engine)
    nines = [
        tuple(pattern)
        for pattern in all_vectors(9, 2).tolist()
        if int(solver.particular(np.array(pattern)).sum()) == 9  # type: ignore[union-attr]
    ]
    assert nines == [(1, 0, 1, 0, 1, 0, 1, 0, 1)]


# --------------------------------------------------------------------------- brute force


def tiny_cases() -> list[tuple[int, int, int]]:
    """(seed, buttons, p) with p^buttons <= 4096."""
    sizes = {
        2: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 10],
        3: [1, 2, 3, 5, 6, 7, 7],
        5: [1, 3, 4, 5, 5],
    }
    return [(100 * p + i, n, p) for p, ns in sizes.items() for i, n in enumerate(ns)]


@pytest.mark.parametrize(("seed", "n", "p"), tiny_cases())
def test_brute_force_image_kernel_and_worlds(seed: int, n: int, p: int) -> None:
    rng = np.random.default_rng(seed)
    board = random_board(rng, n, p, density=float(rng.uniform(0.1, 0.6)))
    a_mat = press_matrix(board)
    xs = all_vectors(n, p)
    images = (xs @ a_mat.T) % p
    image_set = {tuple(v) for v in images.tolist()}
    kernel = {tuple(x) for x, img in zip(xs.tolist(), images.tolist(), strict=True) if not any(img)}
    a = analyze(board, engine="galois")
    assert len(image_set) == p**a.rank == a.solvable_count
    assert span(a.quiet, p) == kernel
    assert len(kernel) == p**a.nullity
    # every pattern: solvable (in the image) exactly when its syndrome is zero
    syndromes = (xs @ a.left_kernel.T.astype(np.int64)) % p
    for pattern, syndrome in zip(xs.tolist(), syndromes.tolist(), strict=True):
        assert (tuple(pattern) in image_set) == (not any(syndrome))
    # and there are p^nullity worlds, all reached
    assert len({tuple(s) for s in syndromes.tolist()}) == a.worlds


# --------------------------------------------------------------------------- second elimination


@pytest.mark.parametrize("seed", range(25))
def test_rank_matches_plain_elimination_on_random_boards(seed: int) -> None:
    rng = np.random.default_rng(1000 + seed)
    p = int(rng.choice([2, 2, 3, 5, 7, 251]))
    n = int(rng.integers(1, 36))
    board = random_board(rng, n, p, density=float(rng.uniform(0.02, 0.3)))
    a_mat = press_matrix(board)
    rank = len(rref_mod_p(a_mat, p)[1])
    a = analyze(board, engine="galois")
    assert a.rank == rank
    # the quiet basis is exactly the canonical basis of ker A (RREF is unique)
    assert not ((a_mat @ a.quiet.T.astype(np.int64)) % p).any()
    assert rref_mod_p(a.quiet, p)[0].tolist() == a.quiet.tolist()
    # the left kernel likewise for ker Aᵀ
    assert not ((a.left_kernel.astype(np.int64) @ a_mat) % p).any()
    assert rref_mod_p(a.left_kernel, p)[0].tolist() == a.left_kernel.tolist()
    if p == 2:  # the fast engine must agree on the same board
        fast = analyze(board, engine="auto")
        assert fast.rank == rank
        assert rref_mod_p(fast.quiet, 2)[0].tolist() == a.quiet.tolist()


# --------------------------------------------------------------------------- engine details


def test_engines_are_registered_and_chase_p_is_chosen_for_p_above_2() -> None:
    assert {"galois", "dense", "fast", "chase-p"} <= set(available_engines())
    # auto prefers the GF(p) symbolic chase; it falls back to "dense" only when the chase
    # refuses a board (tested in test_gfp_chase_engine)
    assert analyze(rectangle(3, 3, states=3)).engine == "chase-p"
    assert analyze(rectangle(3, 3, states=3), engine="dense").engine == "dense"
    assert analyze(rectangle(3, 3), engine="galois").engine == "galois"


def test_dense_engine_matches_the_galois_library_exactly() -> None:
    # the same elimination done by galois field arrays and by numpy: identical RREF bases
    for board in (rectangle(4, 5, states=3), rectangle(5, 5), wayout_5x5(states=5)):
        ref = analyze(board, engine="galois")
        ours = analyze(board, engine="dense")
        assert ours.rank == ref.rank
        assert ours.quiet.tolist() == ref.quiet.tolist()
        assert ours.left_kernel.tolist() == ref.left_kernel.tolist()


def test_empty_board() -> None:
    for engine in ENGINES:
        a = analyze(Board(), engine=engine)
        assert (a.n, a.rank, a.nullity) == (0, 0, 0)
        assert a.quiet.shape == a.left_kernel.shape == (0, 0)
        sol = solve(Board(), engine=engine)
        assert sol.solvable
        assert sol.presses is not None
        assert sol.presses.tolist() == []
        assert sol.solutions == 1


def test_cancel_raises_interrupted() -> None:
    polls: list[int] = []

    def cancel() -> bool:
        polls.append(1)
        return len(polls) > 5

    with pytest.raises(InterruptedComputation):
        get_solver(grid_system(6, 6, states=3), "dense", cancel)
    assert len(polls) == 6
    with pytest.raises(InterruptedComputation):  # galois polls before its one long call
        get_solver(grid_system(6, 6, states=3), "galois", lambda: True)


def test_dense_engines_refuse_boards_beyond_their_limits() -> None:
    with pytest.raises(LographError, match="does not support"):
        get_solver(grid_system(80, 80, states=3), "dense")
    with pytest.raises(LographError, match="does not support"):
        get_solver(grid_system(60, 60, states=3), "galois")
    with pytest.raises(LographError, match="does not support"):  # p > 2 stops at 3600
        get_solver(grid_system(61, 61, states=3), "dense")


def test_particular_validates_its_argument() -> None:
    solver = get_solver(rectangle(2, 2).to_system(), "galois")
    with pytest.raises(BoardError, match=r"4 integers, got shape \(3,\)"):
        solver.particular(np.zeros(3, dtype=np.int64))
    # values are taken mod p
    x = solver.particular(np.array([3, -1, 0, 0]))
    assert x is not None
    assert rectangle(2, 2).to_system().apply(x).tolist() == [1, 1, 0, 0]


def test_largest_prime_and_directed_cycle() -> None:
    # a directed 4-cycle, open rule, p = 251: A is a permutation matrix, invertible
    board = Board(directed=True, rule="open", states=251)
    for v in "abcd":
        board.add_button(v)
    for u, v in ["ab", "bc", "cd", "da"]:
        board.add_edge(u, v)
    board.set_lights([250, 3, 0, 17])
    sol = solve(board, engine="galois")
    assert sol.presses is not None
    # pressing a adds to b, ..., so press d to fix a: x_d = -250, x_a = -3, x_c = -17
    assert sol.presses.tolist() == [248, 0, 234, 1]
    # closed rule makes A = I + P, singular mod any p when the cycle length is even
    board.rule = "closed"
    a = analyze(board, engine="galois")
    assert a.nullity == 1
    assert a.quiet.tolist() == [[1, 250, 1, 250]]


def test_refusals_say_which_limit_the_board_breaks() -> None:
    # a 3-state 200×200 board used to get only "no engine supports this board"; the GF(p)
    # chase engine now takes it (its own refusals are tested in test_gfp_chase_engine)
    assert get_solver(grid_system(200, 200, states=3)).analysis.engine == "chase-p"
    with pytest.raises(BoardTooLargeError, match="up to 2500 buttons"):
        get_solver(grid_system(60, 60, states=3), "galois")
    with pytest.raises(BoardTooLargeError, match="2 states only"):
        get_solver(grid_system(3, 3, states=3), "fast")
