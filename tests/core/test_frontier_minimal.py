"""Fewest presses beyond one transform: the branch and bound over quiet classes, checked
against the Walsh–Hadamard path (a second algorithm), brute force over every combination on
tiny codes, and OEIS A075464 (the n×n all-on board). Leaves are shrunk so that the tree's
inner nodes and their bounds are exercised; every limit is a count of nodes, never time."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from lograph.core.model.generators import rectangle
from lograph.core.optimize import gf2_branch, gf2_fewest, gf2_orbits
from lograph.core.optimize.gf2_branch import branch_and_bound
from lograph.core.optimize.minimal import fewest_presses, minimise_classes, quiet_classes
from lograph.core.solve import prepare, solve
from tests.references import A075464_EXTENDED, A159257, coset_weights


@pytest.fixture
def small_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gf2_branch, "LEAF_BITS", 3)


def _random_code(rng: np.random.Generator, k: int, n: int, density: float) -> np.ndarray:
    quiet = (rng.random((k, n)) < density).astype(np.uint8)
    quiet[np.arange(k), rng.choice(n, k, replace=False)] = 1  # independent rows, mostly
    return quiet


@pytest.mark.parametrize("seed", range(12))
def test_branch_and_bound_matches_walsh_hadamard(small_leaves: None, seed: int) -> None:
    rng = np.random.default_rng(seed)
    k = int(rng.integers(4, 21))
    n = int(rng.integers(k + 1, 120))
    quiet = _random_code(rng, k, n, float(rng.choice([0.05, 0.2, 0.5])))
    x0 = rng.integers(0, 2, n, dtype=np.uint8)
    keys = quiet_classes(quiet)
    _, weight, ties = minimise_classes(keys, k, x0)
    found = branch_and_bound(keys, k, x0, node_limit=1 << 20)
    assert found.complete
    assert (found.weight, found.lower_bound, found.ties) == (weight, weight, ties)
    lightest = x0 ^ (quiet.T.astype(np.int64) @ [(found.combination >> j) & 1 for j in range(k)])
    assert int((lightest % 2).sum()) == weight


@pytest.mark.parametrize("seed", range(6))
def test_stopped_search_brackets_the_brute_force_answer(small_leaves: None, seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    k, n = 10, 40
    quiet = _random_code(rng, k, n, 0.15)
    x0 = rng.integers(0, 2, n, dtype=np.uint8)
    true = min(coset_weights(x0, quiet, 2))
    for nodes in (0, 1, 5, 40):
        found = branch_and_bound(quiet_classes(quiet), k, x0, node_limit=nodes)
        assert found.lower_bound <= true <= found.weight
        if found.complete:
            assert found.weight == found.lower_bound == true


def test_incumbent_is_kept_when_nothing_is_lighter(small_leaves: None) -> None:
    rng = np.random.default_rng(7)
    quiet = _random_code(rng, 8, 50, 0.3)
    x0 = rng.integers(0, 2, 50, dtype=np.uint8)
    true = min(coset_weights(x0, quiet, 2))
    found = branch_and_bound(quiet_classes(quiet), 8, x0, incumbent=true, node_limit=1 << 16)
    assert (found.weight, found.lower_bound) == (true, true)


@pytest.mark.parametrize("n", [n for n in range(4, 20) if A159257[n - 1] > 0])
def test_all_on_matches_oeis_a075464_by_branch_and_bound(small_leaves: None, n: int) -> None:
    board = rectangle(n, n)
    solver = prepare(board)
    x0 = solve(board, goal="on", solver=solver).presses
    best = fewest_presses(solver, x0, exact_limit=0, branch_limit=20, node_limit=1 << 16)
    assert best.exact
    assert best.method == "branch and bound"
    assert best.press_count == best.lower_bound == A075464_EXTENDED[n - 1]
    assert best.optimal_solutions == fewest_presses(solver, x0).optimal_solutions


def test_beyond_the_branch_limit_the_answer_is_bounded_not_claimed(small_leaves: None) -> None:
    board = rectangle(19, 19)  # nullity 16
    solver = prepare(board)
    x0 = solve(board, goal="on", solver=solver).presses
    best = fewest_presses(solver, x0, exact_limit=8, branch_limit=12)
    assert best.press_count >= A075464_EXTENDED[18] >= best.lower_bound
    assert best.exact == (best.press_count == best.lower_bound)
    stopped = fewest_presses(solver, x0, exact_limit=8, branch_limit=20, node_limit=3)
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
    best = fewest_presses(solver, x0, exact_limit=0, branch_limit=62, stop=_stop_after(polls))
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
    best = fewest_presses(solver, x0, exact_limit=0, branch_limit=62, stop=lambda: False)
    assert (best.exact, best.method, best.press_count) == (
        True,
        "branch and bound",
        A075464_EXTENDED[18],
    )
