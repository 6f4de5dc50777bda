"""The person's recipe: chase, read the check lights, look up, press, chase again.

Checked against the published 5×5 table, a chase simulation and brute force written here,
and a plain GF(p) elimination written here."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lograph.core.chase import table as ct
from lograph.core.chase.plan import chase_plan
from lograph.core.chase.table import chase_solve, chase_table, check_response, run_chase
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.generators import grid_system, named, rectangle, wayout_5x5
from lograph.core.model.system import PressSystem
from tests.references import nullity, solvable
from tests.references import system_matrix as dense


def simulate(a: np.ndarray, p: int, plan, lights, free) -> tuple[np.ndarray, np.ndarray]:
    """The chase by hand on the dense matrix: presses made and the final lights."""
    state = np.array(lights, dtype=np.int64) % p
    x = np.zeros(len(a), dtype=np.int64)
    free = iter(free)
    for w, u in zip(plan.buttons.tolist(), plan.lights.tolist(), strict=True):
        x[w] = next(free) if u < 0 else (-state[u]) % p
        state = (state + x[w] * a[:, w]) % p
    return x, state


# Wikipedia, "Lights Out (game)", light chasing on 5×5: bottom row lit -> press on top row.
PUBLISHED_5x5 = {
    "10001": "11000",
    "01010": "10010",
    "11100": "01000",
    "00111": "00010",
    "10110": "00001",
    "01101": "10000",
    "11011": "00100",
}


def bits(text: str) -> list[int]:
    return [int(c) for c in text]


def test_classic_table_matches_the_published_one() -> None:
    system = grid_system(5, 5)
    table = chase_table(system)
    assert [system.names[w] for w in table.plan.free] == [f"r0c{c}" for c in range(5)]
    assert [system.names[u] for u in table.plan.check] == [f"r4c{c}" for c in range(5)]
    assert len(table) == 8
    assert table.minimal
    rows = {
        "".join(map(str, p)): "".join(map(str, f))
        for p, f in zip(table.patterns.tolist(), table.presses.tolist(), strict=True)
    }
    assert rows.pop("00000") == "00000"
    assert set(rows) == set(PUBLISHED_5x5)
    a = dense(system)
    zero = np.zeros(system.n, dtype=np.int64)
    for pattern, published in PUBLISHED_5x5.items():
        ours = rows[pattern]
        assert ours.count("1") == published.count("1")  # a tie may pick another minimum
        for presses in (published, ours):
            # Chasing an all-off board after these top-row presses lights exactly `pattern`
            # on the bottom row, so these presses cancel that pattern (mod 2).
            _, state = simulate(a, 2, table.plan, zero, bits(presses))
            assert state[20:].tolist() == bits(pattern)
            assert not state[:20].any()


def test_table_rows_fix_their_patterns_with_fewest_presses() -> None:
    for system in (grid_system(5, 5), wayout_5x5().to_system(), grid_system(4, 4, states=3)):
        p = system.states
        a = dense(system)
        table = chase_table(system)
        plan = table.plan
        k = plan.free_count
        best: dict[tuple[int, ...], int] = {}
        zero = np.zeros(system.n, dtype=np.int64)
        for free in itertools.product(range(p), repeat=k):
            _, state = simulate(a, p, plan, zero, free)
            key = tuple(int(v) for v in (-state[plan.check]) % p)
            best[key] = min(best.get(key, 10**9), sum(free))
        assert {tuple(r) for r in table.patterns.tolist()} == set(best)
        for pattern, presses in zip(table.patterns.tolist(), table.presses.tolist(), strict=True):
            assert sum(presses) == best[tuple(pattern)]
        assert len(table) == p ** (k - nullity(system))


def solve_by_recipe(system: PressSystem, table, lights: np.ndarray) -> np.ndarray | None:
    """The recipe step by step with the public helpers, checked by hand simulation."""
    presses, pattern = run_chase(system, table.plan, lights)
    fix = table.lookup(pattern)
    if fix is None:
        return None
    after = (lights + dense(system) @ presses) % system.states
    more, left = run_chase(system, table.plan, after, fix)
    assert not left.any()
    return (presses.astype(np.int64) + more) % system.states


@pytest.mark.parametrize(
    "system",
    [
        grid_system(5, 5),
        wayout_5x5().to_system(),
        grid_system(4, 4, states=3),
        grid_system(6, 7, rule="open"),
        named("petersen").to_system(),
        rectangle(5, 6, holes=[(2, 2), (0, 5)], states=5).to_system(),
    ],
    ids=["5x5", "wayout", "4x4 p3", "6x7 open", "petersen", "holed p5"],
)
def test_recipe_solves_random_positions(system: PressSystem) -> None:
    rng = np.random.default_rng(7)
    p = system.states
    a = dense(system)
    table = chase_table(system)
    for _ in range(25):
        lights = a @ rng.integers(0, p, system.n) % p  # solvable by construction
        for presses in (solve_by_recipe(system, table, lights), chase_solve(system, table, lights)):
            assert presses is not None
            assert not ((lights + a @ presses.astype(np.int64)) % p).any()
    unsolved = 0
    for _ in range(25):
        lights = rng.integers(0, p, system.n)
        if not solvable(a, lights, p):
            unsolved += 1
            assert chase_solve(system, table, lights) is None
            assert solve_by_recipe(system, table, lights) is None
    if nullity(system):
        assert unsolved > 0


@st.composite
def small_systems(draw: st.DrawFn) -> PressSystem:
    n = draw(st.integers(1, 10))
    pairs = [(u, v) for u in range(n) for v in range(n) if u != v]
    edges = draw(st.lists(st.sampled_from(pairs), max_size=2 * n)) if pairs else []
    return PressSystem.from_edges(
        n,
        np.array([u for u, _ in edges], dtype=np.int64),
        np.array([v for _, v in edges], dtype=np.int64),
        np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n))),
        directed=draw(st.booleans()),
        states=draw(st.sampled_from([2, 3])),
    )


@settings(max_examples=80, deadline=None)
@given(small_systems(), st.data())
def test_recipe_on_random_graphs(system: PressSystem, data: st.DataObject) -> None:
    p = system.states
    a = dense(system)
    table = chase_table(system)
    assert len(table) == p ** (table.plan.free_count - nullity(system))
    lights = np.array(
        data.draw(st.lists(st.integers(0, p - 1), min_size=system.n, max_size=system.n))
    )
    presses = chase_solve(system, table, lights)
    assert (presses is not None) == solvable(a, lights, p)
    if presses is not None:
        assert not ((lights + a @ presses.astype(np.int64)) % p).any()


def test_response_columns_are_unit_chases() -> None:
    system = wayout_5x5().to_system()
    plan = chase_plan(system)
    response = check_response(system, plan)
    a = dense(system)
    for j in range(plan.free_count):
        unit = [int(i == j) for i in range(plan.free_count)]
        _, state = simulate(a, 2, plan, np.zeros(system.n), unit)
        assert response[:, j].tolist() == state[plan.check].tolist()
        assert not np.delete(state, plan.check).any()  # only check lights can stay lit


def test_run_chase_leaves_only_check_lights() -> None:
    system = grid_system(6, 6, states=3)
    plan = chase_plan(system)
    lights = np.random.default_rng(3).integers(0, 3, system.n)
    presses, check = run_chase(system, plan, lights)
    x, state = simulate(dense(system), 3, plan, lights, [0] * plan.free_count)
    assert presses.tolist() == x.tolist()
    assert check.tolist() == state[plan.check].tolist()
    assert not np.delete(state, plan.check).any()


def test_too_large_tables_are_refused() -> None:
    system = grid_system(13, 13)  # 13 free buttons, nullity 0: 2^13 rows
    assert 2 ** (13 - nullity(system)) > ct.TABLE_LIMIT
    with pytest.raises(BoardTooLargeError, match="rows"):
        chase_table(system)
    with pytest.raises(BoardTooLargeError, match="rows"):
        chase_table(grid_system(5, 5), limit=4)
    with pytest.raises(BoardTooLargeError, match="free buttons"):
        chase_table(grid_system(600, 600))


def test_search_limit_gives_valid_but_unlabelled_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ct, "EXACT_LIMIT", 1)
    system = wayout_5x5().to_system()
    table = chase_table(system)
    assert not table.minimal
    assert len(table) == 4
    a = dense(system)
    lights = a @ np.random.default_rng(1).integers(0, 2, system.n) % 2
    presses = chase_solve(system, table, lights)
    assert presses is not None
    assert not ((lights + a @ presses.astype(np.int64)) % 2).any()


def test_bad_inputs() -> None:
    system = grid_system(3, 3)
    table = chase_table(system)
    with pytest.raises(BoardError, match="check-light values"):
        table.lookup([0, 1])
    with pytest.raises(BoardError, match="light values"):
        run_chase(system, table.plan, [0, 2, 0, 0, 0, 0, 0, 0, 0])
    with pytest.raises(BoardError, match="free press counts"):
        run_chase(system, table.plan, None, [1])
