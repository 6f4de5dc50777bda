"""Fewest presses beyond one transform: the orbit search over the board's symmetries.

Checked against the single Walsh–Hadamard transform (a second algorithm: same weight, same
number of optimal solutions), brute force over every combination on tiny kernels, and OEIS
A075464. Leaves are shrunk so that prefixes, orbits and the symmetric basis are exercised on
small kernels; every limit is a count of leaves or a cancel hook, never time.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import _gf2_orbits as gf2_orbits
from lograph.core.optimize.fewest._bounds import cover_bound
from lograph.core.optimize.fewest._gf2 import symmetric_start
from lograph.core.optimize.fewest._gf2_orbits import plan_frontier, prefix_maps, root_bound
from lograph.core.optimize.fewest._search import fewest_by_classes, fewest_presses, quiet_classes
from lograph.core.optimize.quiet._symmetry import (
    coset_actions,
    dihedral_candidates,
    invariant_basis,
    span_coefficients,
)
from lograph.core.solve import prepare, solve
from lograph.core.work import Work
from tests.references import A075464_EXTENDED, A159257, coset_weights


@pytest.fixture
def small_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gf2_orbits, "LEAF_BITS", 3)


def _square(n: int, lights: np.ndarray | None = None):  # type: ignore[no-untyped-def]
    system = rectangle(n, n).to_system()
    if lights is not None:
        system = system.with_lights(lights)
    solver = prepare(system)
    return system, solver


def _symmetric_lights(n: int, rng: np.random.Generator) -> np.ndarray:
    """A random position kept by all 8 symmetries of the square."""
    grid = (rng.random((n, n)) < 0.05).astype(np.int64)
    for _ in range(4):
        grid |= np.rot90(grid)
    return (grid | grid.T).ravel().astype(np.int64)


@pytest.mark.parametrize("n", [n for n in range(4, 20) if A159257[n - 1] > 0])
def test_orbit_search_matches_the_transform_and_oeis(small_leaves: None, n: int) -> None:
    system, solver = _square(n)
    x0 = solve(system, goal="on", solver=solver).presses
    one = fewest_presses(solver, x0)  # one transform (nullity ≤ 16 here)
    orbits = fewest_presses(
        solver, x0, work=Work(transform_nullity=0, search_nullity=20, leaves=1 << 16)
    )
    assert orbits.method == "branch and bound"
    assert orbits.exact
    assert orbits.press_count == one.press_count == A075464_EXTENDED[n - 1]
    assert orbits.optimal_solutions == one.optimal_solutions
    assert int(orbits.presses.sum()) == orbits.press_count
    assert not ((system.apply(orbits.presses) - 1) % 2).any()


@pytest.mark.parametrize("seed", range(8))
def test_symmetric_positions_use_the_symmetries(small_leaves: None, seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.choice([9, 16, 19]))  # nullity 8, 8, 16
    lights = _symmetric_lights(n, rng)
    system, solver = _square(n, lights)
    found = solve(system, goal="off", solver=solver)
    if found.presses is None:
        pytest.skip("unsolvable position")
    x0 = found.presses
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    plan = plan_frontier(quiet, x0, dihedral_candidates(system.positions), Work(leaves=1 << 16))
    assert plan.symmetries == 8  # every symmetry of the square keeps the solution set
    assert plan.leaves is not None
    assert plan.leaves < 1 << (len(quiet) - plan.low)
    _, weight, ties = fewest_by_classes(quiet_classes(quiet), len(quiet), x0)
    best = fewest_presses(
        solver, x0, work=Work(transform_nullity=0, search_nullity=20, leaves=1 << 16)
    )
    assert (best.press_count, best.optimal_solutions) == (weight, ties)
    assert np.array_equal(system.apply(best.presses), lights)


@pytest.mark.parametrize("seed", range(10))
def test_random_codes_match_brute_force(small_leaves: None, seed: int) -> None:
    rng = np.random.default_rng(50 + seed)
    k, n = int(rng.integers(3, 11)), int(rng.integers(12, 60))
    quiet = (rng.random((k, n)) < 0.3).astype(np.uint8)
    quiet[np.arange(k), rng.choice(n, k, replace=False)] = 1
    quiet = quiet[: len(np.unique(quiet, axis=0))]
    x0 = rng.integers(0, 2, n, dtype=np.uint8)
    weights = coset_weights(x0, quiet, 2)
    plan = plan_frontier(quiet, x0, [rng.permutation(n)], Work(leaves=1 << 16))  # not a symmetry
    result = plan.search(x0, incumbent=None, work=Work(leaves=1 << 16))
    assert result.complete
    assert plan.symmetries == 1
    assert (result.weight, result.ties) == (min(weights), weights.count(min(weights)))
    assert int(plan.presses(x0, result.combination).sum()) == min(weights)


def test_a_stopped_search_brackets_the_answer(small_leaves: None) -> None:
    system, solver = _square(19)  # nullity 16
    x0 = solve(system, goal="on", solver=solver).presses
    true = A075464_EXTENDED[18]
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    plan = plan_frontier(quiet, x0, dihedral_candidates(system.positions), Work(leaves=1 << 16))
    for leaves in (0, 1, 7):
        result = plan.search(x0, incumbent=None, work=Work(leaves=leaves))
        assert not result.complete
        assert result.nodes == leaves
        assert result.lower_bound <= true <= result.weight
    assert root_bound(plan.keys, x0) <= true
    quick = fewest_presses(solver, x0, work=Work(transform_nullity=0, search_nullity=20, leaves=2))
    assert not quick.exact
    assert quick.optimal_solutions is None
    assert quick.lower_bound <= true <= quick.press_count


def test_cancel_stops_the_search(small_leaves: None) -> None:
    system, solver = _square(19)
    x0 = solve(system, goal="on", solver=solver).presses
    polls = []

    def cancel() -> bool:
        polls.append(1)
        return len(polls) > 3

    with pytest.raises(InterruptedComputation):
        fewest_presses(solver, x0, work=Work(transform_nullity=0, search_nullity=20, cancel=cancel))


def test_progress_reaches_the_total(small_leaves: None) -> None:
    system, solver = _square(17)
    x0 = solve(system, goal="on", solver=solver).presses
    seen: list[tuple[int, int]] = []
    fewest_presses(
        solver,
        x0,
        work=Work(
            transform_nullity=0, search_nullity=20, progress=lambda d, t: seen.append((d, t))
        ),
    )
    assert seen
    assert seen[-1][0] == seen[-1][1]
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_only_true_symmetries_are_kept() -> None:
    system, solver = _square(9)
    x0 = solve(system, goal="on", solver=solver).presses
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    perms = dihedral_candidates(system.positions)
    assert len(perms) == 7
    assert len(coset_actions(quiet, x0, perms)) == 7
    corner = np.zeros(81, dtype=np.uint8)
    corner[0] = 1  # a position made by pressing one corner: only its diagonal keeps it
    assert len(coset_actions(quiet, corner, perms)) == 1
    shifted = np.roll(np.arange(81), 1)
    assert coset_actions(quiet, x0, [shifted]) == []
    assert coset_actions(quiet, x0, [np.arange(80), np.zeros(81, dtype=np.intp)]) == []


@pytest.mark.parametrize("high", [1, 3, 5, 6, 7])
def test_the_basis_keeps_its_low_subspace(high: int) -> None:
    system, solver = _square(16)  # nullity 8
    x0 = solve(system, goal="on", solver=solver).presses
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    actions = coset_actions(quiet, x0, dihedral_candidates(system.positions))
    basis, low = invariant_basis(actions, len(quiet), high)
    assert low == len(quiet) - high  # smaller orbits fill up what whole ones overshoot
    assert span_coefficients(basis, np.eye(len(quiet), dtype=np.uint8)) is not None
    for matrix, _ in actions:
        moved = (basis[:low].astype(np.int64) @ matrix) % 2
        assert span_coefficients(basis[:low], moved.astype(np.uint8)) is not None
    maps = prefix_maps(
        coset_actions(
            (basis.astype(np.int64) @ quiet % 2).astype(np.uint8),
            x0,
            dihedral_candidates(system.positions),
        ),
        low,
    )
    assert maps.rows.shape == (7, len(quiet) - low)


def test_published_value_beyond_one_transform() -> None:
    system, solver = _square(47)  # nullity 30: the split search (the sublattices' tables)
    x0 = solve(system, goal="on", solver=solver).presses
    best = fewest_presses(solver, x0)
    assert best.exact
    assert best.method == "branch and bound"
    assert best.press_count == best.lower_bound == A075464_EXTENDED[46] == 971
    assert not ((system.apply(best.presses) - 1) % 2).any()
    # without the system there are no groups: orbits of 2^18-solution leaves, same answer
    symmetries = dihedral_candidates(system.positions)
    orbits = fewest_presses(solver.analysis, x0, symmetries=symmetries)
    assert (orbits.press_count, orbits.optimal_solutions, orbits.exact) == (
        971,
        best.optimal_solutions,
        True,
    )


@pytest.mark.parametrize("seed", range(10))
def test_cover_bound_is_below_the_brute_force_answer(seed: int) -> None:
    rng = np.random.default_rng(300 + seed)
    rows, cols = int(rng.integers(2, 6)), int(rng.integers(2, 6))
    system = rectangle(rows, cols).to_system()
    solver = prepare(system)
    x0 = rng.integers(0, 2, system.n).astype(np.uint8)
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(
        solver.analysis.nullity, system.n
    )
    true = min(coset_weights(x0, quiet, 2)) if len(quiet) else int(x0.sum())
    assert cover_bound(system.sparse(), x0) <= true
    assert root_bound(quiet_classes(quiet), x0) <= true


def test_cover_bound_on_the_all_on_board() -> None:
    system = rectangle(10, 10).to_system()  # every light toggles: at least one press per
    x0 = solve(system, goal="on", solver=prepare(system)).presses  # light, five per press
    assert 100 / 5 <= cover_bound(system.sparse(), x0) <= A075464_EXTENDED[9]


@pytest.mark.parametrize("n", [9, 16])
def test_symmetric_start_is_the_lightest_symmetric_solution(n: int) -> None:
    system, solver = _square(n)  # nullity 8: every combination by brute force
    x0 = solve(system, goal="on", solver=solver).presses
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    actions = coset_actions(quiet, x0, dihedral_candidates(system.positions))
    combos = np.array([[(c >> j) & 1 for j in range(len(quiet))] for c in range(1 << len(quiet))])
    solutions = (x0.astype(np.int64) + combos @ quiet) % 2
    kept = [
        w
        for c, w in zip(combos, solutions.sum(axis=1), strict=True)
        if any(np.array_equal((c @ m.astype(np.int64) + t) % 2, c) for m, t in actions)
    ]
    start = symmetric_start(quiet, x0, actions, Work())
    assert int(start.sum()) == min([*kept, int(x0.sum())])
    assert not ((system.apply(start) - 1) % 2).any()
    assert int(start.sum()) >= A075464_EXTENDED[n - 1]


def test_a_bounded_answer_counts_the_leaves_an_exact_search_takes(small_leaves: None) -> None:
    system, solver = _square(19)  # nullity 16
    x0 = solve(system, goal="on", solver=solver).presses
    quick = fewest_presses(solver, x0, work=Work(transform_nullity=0, search_nullity=20, leaves=2))
    needed = quick.search_leaves
    assert needed is not None
    assert not quick.exact
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    plan = plan_frontier(quiet, x0, dihedral_candidates(system.positions), Work(leaves=1 << 20))
    complete = plan.search(x0, incumbent=None, work=Work(leaves=1 << 20))
    assert complete.complete
    assert complete.nodes == needed
    # no symmetry: every prefix is its own leaf
    plain = fewest_presses(
        solver, x0, symmetries=[], work=Work(transform_nullity=0, search_nullity=20, leaves=2)
    )
    assert plain.search_leaves == 1 << (len(quiet) - gf2_orbits.LEAF_BITS)
    exact = fewest_presses(
        solver, x0, work=Work(transform_nullity=0, search_nullity=20, leaves=needed)
    )
    assert (exact.exact, exact.search_leaves) == (True, None)
    assert exact.press_count == A075464_EXTENDED[18]


def _orbits_by_union(maps: gf2_orbits.PrefixMaps, high: int) -> int:
    """Orbits of the prefixes: join every prefix with its images (union-find)."""
    parent = list(range(1 << high))

    def root(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for rows, shift in zip(maps.rows.tolist(), maps.shifts.tolist(), strict=True):
        for a in range(1 << high):
            image = shift
            for j in range(high):
                if a >> j & 1:
                    image ^= rows[j]
            parent[root(a)] = root(image)
    return sum(root(a) == a for a in range(1 << high))


@pytest.mark.parametrize(("n", "leaf_bits"), [(19, 3), (19, 6), (16, 3), (14, 2), (9, 4)])
def test_burnside_counts_the_leaves_the_search_walks(
    monkeypatch: pytest.MonkeyPatch, n: int, leaf_bits: int
) -> None:
    monkeypatch.setattr(gf2_orbits, "LEAF_BITS", leaf_bits)
    system, solver = _square(n)
    x0 = solve(system, goal="on", solver=solver).presses
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    plan = plan_frontier(quiet, x0, dihedral_candidates(system.positions), Work(leaves=1 << 20))
    high = plan.k - plan.low
    counted = gf2_orbits.orbit_count(plan.maps, high)
    assert counted == gf2_orbits.count_leaves(plan.maps, high) == _orbits_by_union(plan.maps, high)
    assert counted == plan.needed


def test_burnside_needs_a_group() -> None:
    cycle = np.array([[2, 4, 1]], dtype=np.int64)  # bit 0 → 1 → 2 → 0, order 3
    alone = gf2_orbits.PrefixMaps(cycle, np.zeros(1, dtype=np.int64))
    assert gf2_orbits.orbit_count(alone, 3) is None  # its square is missing
    square = np.array([[4, 1, 2]], dtype=np.int64)
    group = gf2_orbits.PrefixMaps(np.vstack([cycle, square]), np.zeros(2, dtype=np.int64))
    # {0}, {7}, {1, 2, 4}, {3, 5, 6}
    assert gf2_orbits.orbit_count(group, 3) == _orbits_by_union(group, 3) == 4
    no_maps = gf2_orbits.PrefixMaps(np.zeros((0, 0), dtype=np.int64), np.zeros(0, dtype=np.int64))
    assert gf2_orbits.orbit_count(no_maps, 5) == 32
