"""The chase plan heuristic, checked against brute force, a plain row chase written here and
a plain GF(p) elimination (`tests.references`)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lograph.core.chase.plan import ChasePlan, chase_plan, check_plan
from lograph.core.errors import BoardError, InterruptedComputation
from lograph.core.model.generators import (
    cylinder,
    diamond,
    grid_system,
    hexagonal,
    named,
    rectangle,
    torus,
    triangular,
    wayout_5x5,
)
from lograph.core.model.system import PressSystem
from tests.references import nullity
from tests.references import system_matrix as dense

# ------------------------------------------------------------------ independent helpers


def closes(a: np.ndarray, free: set[int]) -> bool:
    """Does forcing alone decide every button once the `free` buttons are decided?"""
    n = len(a)
    decided = set(free)
    used: set[int] = set()
    progress = True
    while progress:
        progress = False
        for u in range(n):
            if u in used:
                continue
            undecided = [w for w in range(n) if a[u, w] and w not in decided]
            if len(undecided) == 1:
                decided.add(undecided[0])
                used.add(u)
                progress = True
    return len(decided) == n


def plain_row_chase(mask: np.ndarray) -> int:
    """Free buttons of the plain row-by-row chase, best of the four sides: a cell is free
    when the cell before it in the sweep direction is missing."""
    counts = []
    for k in range(4):
        m = np.rot90(mask, k)
        above = np.vstack([np.zeros((1, m.shape[1]), dtype=bool), m[:-1]])
        counts.append(int(np.count_nonzero(m & ~above)))
    return min(counts)


# ------------------------------------------------------------------ rectangles and seeds


@pytest.mark.parametrize(("m", "n"), list(itertools.product(range(1, 9), repeat=2)))
def test_rectangles_reach_min_side(m: int, n: int) -> None:
    system = grid_system(m, n)
    plan = chase_plan(system)
    check_plan(system, plan)
    assert plan.free_count <= min(m, n)
    assert plan.free_count >= nullity(system)


@pytest.mark.parametrize(("m", "n"), [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (2, 7), (3, 5)])
def test_rectangle_plans_are_optimal_by_brute_force(m: int, n: int) -> None:
    system = grid_system(m, n)
    plan = chase_plan(system)
    a = dense(system)
    smaller = plan.free_count - 1
    assert not any(closes(a, set(s)) for s in itertools.combinations(range(system.n), smaller))


@pytest.mark.parametrize(
    ("m", "n", "rule"), [(40, 25, "closed"), (13, 60, "open"), (1, 90, "closed")]
)
def test_bigger_rectangles(m: int, n: int, rule: str) -> None:
    system = grid_system(m, n, rule=rule)
    plan = chase_plan(system)
    check_plan(system, plan)
    assert plan.free_count <= min(m, n)


def test_million_button_grid_frees_one_row() -> None:
    system = grid_system(1000, 1000)
    plan = chase_plan(system)
    assert plan.free_count == 1000
    assert len(plan.check) == 1000
    assert len(np.unique(plan.buttons)) == system.n


def test_classic_plan_is_the_top_down_chase() -> None:
    system = grid_system(5, 5)
    plan = chase_plan(system)
    names = [system.names[w] for w in plan.buttons]
    assert names[:6] == ["r0c0", "r0c1", "r0c2", "r0c3", "r0c4", "r1c0"]
    assert system.names[plan.lights[5]] == "r0c0"
    assert [system.names[u] for u in plan.check] == [f"r4c{c}" for c in range(5)]


def test_wayout_board_needs_exactly_four_free_buttons() -> None:
    # The holed 5×5 of WayOut; four free buttons (A, B, F, H) chase it.
    system = wayout_5x5().to_system()
    plan = chase_plan(system)
    check_plan(system, plan)
    assert plan.free_count == 4
    a = dense(system)
    assert closes(a, {int(w) for w in plan.free})
    # No three buttons can be chased from: forcing from any 3-set leaves some undecided.
    assert not any(closes(a, set(s)) for s in itertools.combinations(range(system.n), 3))


@pytest.mark.parametrize("seed", range(12))
def test_never_worse_than_plain_row_chase_on_holed_grids(seed: int) -> None:
    rng = np.random.default_rng(seed)
    rows, cols = rng.integers(3, 14, size=2)
    mask = rng.random((rows, cols)) > rng.uniform(0.05, 0.35)
    if not mask.any():
        mask[0, 0] = True
    rule = "open" if seed % 3 == 0 else "closed"
    system = grid_system(int(rows), int(cols), mask=mask, rule=rule)
    plan = chase_plan(system)
    check_plan(system, plan)
    assert plan.free_count <= plain_row_chase(mask)
    assert plan.free_count >= nullity(system)


def test_big_holed_grid_never_worse_than_row_chase() -> None:
    rng = np.random.default_rng(5)
    mask = rng.random((120, 90)) > 0.1
    system = grid_system(120, 90, mask=mask)
    plan = chase_plan(system)
    check_plan(system, plan)
    assert plan.free_count <= plain_row_chase(mask)


@pytest.mark.parametrize(
    "board",
    [
        torus(5, 6),
        cylinder(4, 5, rule="open"),
        hexagonal(3, 3),
        triangular(4, 4),
        diamond(3),
        named("petersen"),
        named("hypercube", 4, states=3),
        named("complete", 6, rule="open"),
        rectangle(6, 6, holes=[(0, 0), (5, 5), (2, 3)], states=5),
    ],
    ids=lambda b: b.name,
)
def test_plans_on_other_boards_are_valid(board) -> None:
    system = board.to_system()
    plan = chase_plan(system)
    check_plan(system, plan)
    assert nullity(system) <= plan.free_count == len(plan.check)


# ------------------------------------------------------------------ random graphs


@st.composite
def systems(draw: st.DrawFn) -> PressSystem:
    n = draw(st.integers(1, 14))
    pairs = [(u, v) for u in range(n) for v in range(n) if u != v]
    edges = draw(st.lists(st.sampled_from(pairs), max_size=3 * n)) if pairs else []
    src = np.array([u for u, _ in edges], dtype=np.int64)
    dst = np.array([v for _, v in edges], dtype=np.int64)
    self_mask = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    return PressSystem.from_edges(
        n,
        src,
        dst,
        self_mask,
        directed=draw(st.booleans()),
        states=draw(st.sampled_from([2, 3, 5])),
    )


@settings(max_examples=150, deadline=None)
@given(systems(), st.integers(1, 6))
def test_random_plans_are_valid_and_bound_the_nullity(system: PressSystem, starts: int) -> None:
    plan = chase_plan(system, starts=starts)
    check_plan(system, plan)
    assert len(plan.check) == plan.free_count >= nullity(system)
    # The free buttons really do chase the whole board (an independent closure).
    assert closes(dense(system), {int(w) for w in plan.free})


@settings(max_examples=60, deadline=None)
@given(systems())
def test_plan_is_deterministic(system: PressSystem) -> None:
    first, second = chase_plan(system), chase_plan(system)
    assert np.array_equal(first.buttons, second.buttons)
    assert np.array_equal(first.lights, second.lights)


def test_disconnected_board_with_isolated_buttons() -> None:
    # Open rule: an isolated button changes nothing, so it must be free and its light checks.
    system = PressSystem.from_edges(
        5, np.array([0, 1]), np.array([1, 2]), np.zeros(5, dtype=bool), states=2
    )
    plan = chase_plan(system)
    check_plan(system, plan)
    assert {3, 4} <= set(plan.free.tolist())
    assert {3, 4} <= set(plan.check.tolist())
    assert plan.free_count >= nullity(system)


def test_empty_system() -> None:
    empty = np.zeros(0, dtype=np.int64)
    system = PressSystem.from_edges(0, empty, empty, np.zeros(0, dtype=bool))
    plan = chase_plan(system)
    assert plan.free_count == 0
    check_plan(system, plan)


# ------------------------------------------------------------------ validation and errors


def test_check_plan_rejects_broken_plans() -> None:
    system = grid_system(3, 3)
    plan = chase_plan(system)
    swapped = plan.buttons.copy()
    swapped[[3, 8]] = swapped[[8, 3]]  # a force step now comes before its light is ready
    with pytest.raises(BoardError, match=r"undecided|not changed"):
        check_plan(system, ChasePlan(swapped, plan.lights, plan.check))
    with pytest.raises(BoardError, match="check lights"):
        check_plan(system, ChasePlan(plan.buttons, plan.lights, plan.check[:-1]))
    with pytest.raises(BoardError, match="permutation"):
        check_plan(system, ChasePlan(np.zeros(9, dtype=np.int64), plan.lights, plan.check))
    lights = plan.lights.copy()
    lights[3] = 8  # light r2c2 is not changed by button r1c0
    with pytest.raises(BoardError, match="not changed"):
        check_plan(system, ChasePlan(plan.buttons, lights, plan.check))


def test_bad_arguments_and_cancel() -> None:
    system = grid_system(4, 4)
    with pytest.raises(BoardError, match="starts"):
        chase_plan(system, starts=0)
    with pytest.raises(BoardError, match="PressSystem"):
        chase_plan(system.dense())  # type: ignore[arg-type]
    board = rectangle(3, 2)
    assert np.array_equal(chase_plan(board).buttons, chase_plan(board.to_system()).buttons)
    with pytest.raises(InterruptedComputation):
        chase_plan(system, cancel=lambda: True)


def valid_by_hand(a: np.ndarray, buttons: list[int], lights: list[int], check: list[int]) -> bool:
    """The plan rules checked step by step, with sets."""
    n = len(a)
    if sorted(buttons) != list(range(n)):
        return False
    decided: set[int] = set()
    used: list[int] = []
    for w, u in zip(buttons, lights, strict=True):
        if u >= 0:
            acting = {v for v in range(n) if a[u, v]}
            if u in used or w not in acting or acting - decided != {w}:
                return False
            used.append(u)
        decided.add(w)
    return sorted(check) == sorted(set(range(n)) - set(used))


@settings(max_examples=150, deadline=None)
@given(systems(), st.data())
def test_check_plan_agrees_with_a_step_by_step_check(system: PressSystem, data) -> None:
    plan = chase_plan(system)
    buttons, lights, check = plan.buttons.copy(), plan.lights.copy(), plan.check.copy()
    n = system.n
    kind = data.draw(st.sampled_from(["swap steps", "swap buttons", "light", "check"]))
    i, j = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
    if kind == "swap steps":
        buttons[[i, j]], lights[[i, j]] = buttons[[j, i]], lights[[j, i]]
    elif kind == "swap buttons":
        buttons[[i, j]] = buttons[[j, i]]
    elif kind == "light":
        lights[i] = data.draw(st.integers(-1, n - 1))
    elif len(check):
        check[0] = j
    expected = valid_by_hand(dense(system), buttons.tolist(), lights.tolist(), check.tolist())
    if expected:
        check_plan(system, ChasePlan(buttons, lights, check))
    else:
        with pytest.raises(BoardError):
            check_plan(system, ChasePlan(buttons, lights, check))


def test_farthest_vertex_of_one_component_matches_the_sorted_choice() -> None:
    """The one-component shortcut picks what the full sort (farthest, then lowest degree,
    then lowest index) picks."""
    from lograph.core.chase.orders import _farthest_per_tree

    rng = np.random.default_rng(3)
    for _ in range(200):
        n = int(rng.integers(1, 40))
        dist = rng.integers(0, 4, n)
        degree = rng.integers(1, 4, n)
        tree = np.zeros(n, dtype=np.int64)
        order = np.lexsort((np.arange(n), degree, -dist))
        assert _farthest_per_tree(dist, tree, degree).tolist() == [int(order[0])]
