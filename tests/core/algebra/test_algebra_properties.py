"""Property tests on random graphs, and the front functions of `lograph.core.solve`.

Boards are random: directed or not, either rule, random self-action overrides, p in
{2, 3, 5}, random lights. Every claim is checked by pressing buttons on a `Board` copy or
against the press matrix read from `Board.targets`, never by trusting the analysis itself.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.solve import (
    analyze,
    count_solutions,
    is_solvable,
    iter_solutions,
    solve,
    world,
)
from tests.references import press_matrix, rank_mod_p, rref_mod_p, span

ENGINES = ["galois", "dense", "auto"]
EXAMPLES = 60


@st.composite
def boards(draw: st.DrawFn, max_buttons: int = 8, primes: tuple[int, ...] = (2, 3, 5)) -> Board:
    n = draw(st.integers(0, max_buttons))
    directed = draw(st.booleans())
    p = draw(st.sampled_from(primes))
    board = Board(directed=directed, rule=draw(st.sampled_from(["closed", "open"])), states=p)
    for i in range(n):
        board.add_button(
            f"v{i}",
            light=draw(st.integers(0, p - 1)),
            self_action=draw(st.sampled_from([None, True, False])),
        )
    pairs = [(u, v) for u in range(n) for v in range(n) if u != v and (directed or u < v)]
    if pairs:
        for u, v in draw(st.lists(st.sampled_from(pairs), unique=True)):
            board.add_edge(f"v{u}", f"v{v}")
    return board


def goals(board: Board, seed: int) -> list[object]:
    pattern = np.random.default_rng(seed).integers(0, board.states, size=len(board))
    return ["off", "on", pattern]


def target(board: Board, goal: object) -> list[int]:
    if isinstance(goal, str):
        return [0 if goal == "off" else board.states - 1] * len(board)
    return list(np.asarray(goal).tolist())


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=EXAMPLES, deadline=None)
@given(board=boards(), seed=st.integers(0, 2**32 - 1))
def test_solution_reaches_the_goal(engine: str, board: Board, seed: int) -> None:
    p = board.states
    a_mat = press_matrix(board)
    for goal in goals(board, seed):
        sol = solve(board, goal, engine=engine)
        change = (np.array(target(board, goal), dtype=np.int64) - board.lights()) % p
        rank_a = rank_mod_p(a_mat, p)
        aug = np.concatenate([a_mat, change[:, None]], axis=1)
        reachable = rank_mod_p(aug, p) == rank_a if len(board) else True
        assert sol.solvable == reachable
        assert sol.solvable == is_solvable(board, goal, engine=engine)
        assert sol.world == world(board, goal, engine=engine)
        assert sol.solvable == (not any(sol.world))
        if sol.solvable:
            assert sol.presses is not None
            assert sol.presses.dtype == np.uint8
            assert int(sol.presses.max(initial=0)) < p
            played = board.copy()
            for button, times in zip(board.buttons, sol.presses.tolist(), strict=True):
                played.press(button, times)
            assert played.lights().tolist() == target(board, goal)
            assert sol.solutions == p ** (len(board) - rank_a)
        else:
            assert sol.presses is None
            assert sol.solutions == 0
            assert sol.press_count == 0


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=EXAMPLES, deadline=None)
@given(board=boards())
def test_analysis_invariants(engine: str, board: Board) -> None:
    p, n = board.states, len(board)
    a = analyze(board, engine=engine)
    a_mat = press_matrix(board)
    assert a.rank + a.nullity == n
    assert a.rank == rank_mod_p(a_mat, p)
    assert a.quiet.shape == a.left_kernel.shape == (a.nullity, n)
    assert a.quiet.dtype == a.left_kernel.dtype == np.uint8
    # every quiet pattern changes nothing: press it on the board
    system = board.to_system()
    for q in a.quiet:
        assert not system.apply(q).any()
        played = board.copy()
        played.apply_presses(q)
        assert played.lights().tolist() == board.lights().tolist()
    # the bases are independent; the galois engine's are in reduced row echelon form
    assert rank_mod_p(a.quiet, p) == a.nullity
    assert rank_mod_p(a.left_kernel, p) == a.nullity
    if engine in ("galois", "dense"):
        assert rref_mod_p(a.quiet, p)[0].tolist() == a.quiet.tolist()
        assert rref_mod_p(a.left_kernel, p)[0].tolist() == a.left_kernel.tolist()
    # left-kernel rows annihilate the image: y·(A x) = 0 for every column of A
    assert not ((a.left_kernel.astype(np.int64) @ a_mat) % p).any()
    assert a.solvable_count == p**a.rank
    assert a.worlds == p**a.nullity


@settings(max_examples=EXAMPLES, deadline=None)
@given(board=boards(max_buttons=9, primes=(2,)))
def test_sutner_self_acting_vertices_lit_is_solvable(board: Board) -> None:
    # Sutner: for a symmetric 0/1 press matrix, lighting exactly the self-acting buttons
    # (the diagonal of A) gives a solvable position.
    board.set_directed(False)
    diagonal = [int(board.acts_on_itself(v)) for v in board.buttons]
    board.set_lights(diagonal)
    for engine in ENGINES:
        assert is_solvable(board, engine=engine)
        sol = solve(board, engine=engine)
        assert sol.presses is not None
        played = board.copy()
        played.apply_presses(sol.presses)
        assert played.is_goal()


@pytest.mark.parametrize("engine", ENGINES)
@settings(max_examples=30, deadline=None)
@given(board=boards(max_buttons=7, primes=(2, 3)))
def test_iter_solutions_lists_every_solution_once(engine: str, board: Board) -> None:
    a = analyze(board, engine=engine)
    listed = [x.tolist() for x in iter_solutions(board, engine=engine)]
    if not is_solvable(board, engine=engine):
        assert listed == []
        assert count_solutions(board, engine=engine) == 0
        return
    assert len(listed) == board.states**a.nullity == count_solutions(board, engine=engine)
    assert len({tuple(x) for x in listed}) == len(listed)
    for x in listed:
        played = board.copy()
        played.apply_presses(x)
        assert played.is_goal()
    # solutions differ exactly by quiet patterns
    first = np.array(listed[0])
    diffs = {tuple(((np.array(x) - first) % board.states).tolist()) for x in listed}
    assert diffs == span(a.quiet, board.states)


# --------------------------------------------------------------------------- front functions


def test_goal_on_and_arrays_on_the_3x3() -> None:
    board = rectangle(3, 3, states=3)
    board.set_lights([2, 1, 0, 0, 1, 2, 1, 1, 1])
    for goal in ("off", "on", np.arange(9) % 3, [1] * 9):
        sol = solve(board, goal)
        assert sol.presses is not None
        played = board.copy()
        played.apply_presses(sol.presses)
        assert played.lights().tolist() == target(board, goal)
        assert sol.press_count == int(sol.presses.sum())


def test_unsolvable_position_reports_its_world() -> None:
    board = rectangle(5, 5)
    board.set_light("r0c0", 1)  # a single corner light is unsolvable on 5×5
    sol = solve(board)
    assert not sol.solvable
    assert sol.presses is None
    assert any(sol.world)
    assert sol.world == world(board)
    assert not is_solvable(board)
    assert count_solutions(board) == 0
    assert list(iter_solutions(board)) == []
    # pressing any buttons never changes the world
    board.press("r2c3")
    board.press("r4c4")
    assert world(board) == sol.world


@pytest.mark.parametrize(
    ("goal", "message"),
    [
        ("middle", "'middle'"),
        ("OFF", "'OFF'"),
        ([0, 1], r"9 values in 0\.\.1"),
        ([2] * 9, r"9 values in 0\.\.1"),
        ([-1] * 9, r"9 values in 0\.\.1"),
    ],
)
def test_bad_goal_is_refused(goal: object, message: str) -> None:
    board = rectangle(3, 3)
    for call in (solve, is_solvable, world, count_solutions):
        with pytest.raises(BoardError, match=message):
            call(board, goal)  # type: ignore[operator]
    with pytest.raises(BoardError, match=message):
        list(iter_solutions(board, goal))  # type: ignore[arg-type]


def test_iter_solutions_refuses_too_many() -> None:
    board = Board(rule="open")  # open rule, no edges: A = 0, every press vector is quiet
    for i in range(12):
        board.add_button(f"v{i}")
    assert count_solutions(board) == 2**12
    with pytest.raises(BoardTooLargeError, match="4096 solutions"):
        next(iter_solutions(board, limit=1000))
