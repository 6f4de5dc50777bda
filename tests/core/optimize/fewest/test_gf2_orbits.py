"""Fewest presses beyond one transform: the orbit search over leaves, checked against the
Walsh–Hadamard path (a second algorithm), brute force over every combination on tiny codes,
and OEIS A075464 (the n×n all-on board). Every limit is a count of leaves or polls, never
time."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import _gf2 as gf2_fewest
from lograph.core.optimize.fewest import _gf2_orbits as gf2_orbits
from lograph.core.optimize.fewest._search import fewest_presses
from lograph.core.solve import prepare, solve
from lograph.core.work import Work
from tests.references import A075464_EXTENDED, A159257


@pytest.mark.parametrize("n", [n for n in range(4, 20) if A159257[n - 1] > 0])
def test_all_on_matches_oeis_a075464_beyond_one_transform(n: int) -> None:
    board = rectangle(n, n)
    solver = prepare(board)
    x0 = solve(board, goal="on", solver=solver).presses
    best = fewest_presses(
        solver, x0, work=Work(transform_nullity=0, search_nullity=20, leaves=1 << 16)
    )
    assert best.exact
    assert best.method == "branch and bound"
    assert best.press_count == best.lower_bound == A075464_EXTENDED[n - 1]
    assert best.optimal_solutions == fewest_presses(solver, x0).optimal_solutions


def test_beyond_the_branch_limit_the_answer_is_bounded_not_claimed() -> None:
    board = rectangle(19, 19)  # nullity 16
    solver = prepare(board)
    x0 = solve(board, goal="on", solver=solver).presses
    best = fewest_presses(solver, x0, work=Work(transform_nullity=8, search_nullity=12))
    assert best.press_count >= A075464_EXTENDED[18] >= best.lower_bound
    assert best.exact == (best.press_count == best.lower_bound)
    stopped = fewest_presses(
        solver, x0, work=Work(transform_nullity=8, search_nullity=20, leaves=3)
    )
    assert stopped.press_count >= A075464_EXTENDED[18] >= stopped.lower_bound
    assert stopped.exact or stopped.optimal_solutions is None


def _stop_after(polls: int) -> Callable[[], bool]:
    """A stop hook that says stop from its `polls`-th call on (a limit on work, not time)."""
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > polls

    return stop


@pytest.mark.parametrize("polls", [0, 1, 5, 60])
def test_stopped_frontier_search_brackets_a075464(
    monkeypatch: pytest.MonkeyPatch, polls: int
) -> None:
    """All-on 19×19 (nullity 16) in leaves of 2^3, one leaf per poll of the stop hook, and
    a heuristic that gives back the solution it starts from (the particular one): the answer
    is a solution, its weight and bound bracket the published value, and once the stopped
    search has seen 60 leaves (480 solutions) its lighter best is the answer."""
    monkeypatch.setattr(gf2_orbits, "LEAF_BITS", 3)
    monkeypatch.setattr(gf2_orbits, "_BATCH_LEAVES", 1)
    monkeypatch.setattr(gf2_fewest, "symmetric_start", lambda quiet, x0, *rest: x0)
    monkeypatch.setattr(gf2_fewest, "descend", lambda quiet, x0, *rest: x0)
    board = rectangle(19, 19)
    solver = prepare(board)
    x0 = solve(board, goal="on", solver=solver).presses
    best = fewest_presses(
        solver, x0, work=Work(transform_nullity=0, search_nullity=62, stop=_stop_after(polls))
    )
    assert not best.exact
    assert best.lower_bound <= A075464_EXTENDED[18] <= best.press_count
    assert best.search_leaves is not None
    assert best.search_leaves > polls
    pressed = board.to_system().sparse() @ best.presses.astype(np.int64) % 2
    assert pressed.all()  # a solution: every light switched on from all off
    if polls == 0:
        assert (best.method, best.press_count) == ("heuristic", int(x0.sum()))
    if polls == 60:
        assert best.method == "branch and bound"
        assert best.press_count < int(x0.sum())


def test_never_stopping_is_the_exact_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gf2_orbits, "LEAF_BITS", 3)
    board = rectangle(19, 19)
    solver = prepare(board)
    x0 = solve(board, goal="on", solver=solver).presses
    best = fewest_presses(
        solver, x0, work=Work(transform_nullity=0, search_nullity=62, stop=lambda: False)
    )
    assert (best.exact, best.method, best.press_count) == (
        True,
        "branch and bound",
        A075464_EXTENDED[18],
    )
