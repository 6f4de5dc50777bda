"""Fewest presses by the split search: pairs of two groups' coordinates, the other groups'
tables added, walked in order of the two sorted tables' sum until the floor rules the rest
out (`lograph.core.optimize.fewest._gf2_split`, `gf2_split_search`).

Checked against the single Walsh–Hadamard transform (a second algorithm: same weight and
same number of optimal solutions) on random positions of rectangles with quiet patterns,
against the orbit search and OEIS A075464 beyond one transform; every limit is a hook, never
a time.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.model.generators import rectangle, torus
from lograph.core.optimize.fewest import _gf2_split as gf2_split_search
from lograph.core.optimize.fewest._gf2_split import button_groups, plan_split, split_search
from lograph.core.optimize.fewest._search import fewest_by_classes, fewest_presses, quiet_classes
from lograph.core.optimize.quiet._symmetry import dihedral_candidates
from lograph.core.solve import prepare, solve
from lograph.core.work import Work
from tests.references import A075464_EXTENDED


def _set_up(rows: int, cols: int):  # type: ignore[no-untyped-def]
    system = rectangle(rows, cols).to_system()
    solver = prepare(system)
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, system.n)
    return system, solver, quiet_classes(quiet), k


def test_the_groups_of_a_rectangle_are_its_four_parity_sublattices() -> None:
    system = rectangle(7, 10).to_system()
    labels = button_groups(system)
    rows, cols = system.positions[:, 1].round(), system.positions[:, 0].round()
    parities = (rows.astype(int) % 2) * 2 + cols.astype(int) % 2
    assert len(set(labels.tolist())) == 4
    for label in set(labels.tolist()):  # one group, one sublattice, and back
        assert len(set(parities[labels == label].tolist())) == 1
    assert len(set(zip(labels.tolist(), parities.tolist(), strict=True))) == 4


@pytest.mark.parametrize(("rows", "cols"), [(9, 9), (16, 16), (19, 19), (4, 4), (11, 11)])
@pytest.mark.parametrize("seed", range(3))
def test_agrees_with_the_single_transform(rows: int, cols: int, seed: int) -> None:
    system, _, keys, k = _set_up(rows, cols)
    rng = np.random.default_rng(seed * 100 + rows)
    x0 = rng.integers(0, 2, system.n).astype(np.uint8)  # any press vector is a solution
    plan = plan_split(system, keys, k, x0)
    assert plan is not None  # the two sublattices' spans make up the quiet space
    found = split_search(plan, x0)
    _, weight, ties = fewest_by_classes(keys, k, x0, None)
    assert (found.weight, found.ties, found.complete) == (weight, ties, True)
    assert found.presses is not None
    assert int(found.presses.sum()) == weight
    # a solution of the same position: it differs from x0 by a quiet pattern
    assert not ((system.apply(found.presses) - system.apply(x0)) % 2).any()
    assert plan.lower_bound <= weight <= plan.ceiling
    assert found.pairs <= plan.needed


def test_beyond_one_transform_matches_the_orbit_search_and_the_published_value() -> None:
    system, solver, keys, k = _set_up(39, 39)  # nullity 32
    x0 = solve(system, goal="on", solver=solver).presses
    plan = plan_split(system, keys, k, x0)
    assert plan is not None
    found = split_search(plan, x0)
    # the orbit search: no system given, so no split, with the square's symmetries
    orbits = fewest_presses(solver.analysis, x0, symmetries=dihedral_candidates(system.positions))
    assert (found.weight, found.ties) == (orbits.press_count, orbits.optimal_solutions)
    assert found.weight == A075464_EXTENDED[38] == 561
    assert found.presses is not None
    assert not ((system.apply(found.presses) - 1) % 2).any()
    best = fewest_presses(solver, x0)  # the default path takes the split search
    assert (best.press_count, best.optimal_solutions, best.exact) == (561, 4, True)


def test_a_stopped_search_answers_with_a_solution_and_a_proven_bound() -> None:
    system, _, keys, k = _set_up(19, 19)
    rng = np.random.default_rng(7)
    x0 = rng.integers(0, 2, system.n).astype(np.uint8)
    plan = plan_split(system, keys, k, x0)
    assert plan is not None
    _, weight, _ = fewest_by_classes(keys, k, x0, None)
    stopped = split_search(plan, x0, work=Work(stop=lambda: True))
    assert not stopped.complete
    assert stopped.lower_bound <= weight <= stopped.weight
    assert stopped.presses is not None
    assert int(stopped.presses.sum()) == stopped.weight
    assert not ((system.apply(stopped.presses) - system.apply(x0)) % 2).any()
    calls = []

    def after_three() -> bool:
        calls.append(1)
        return len(calls) > 3

    later = split_search(
        plan, x0, work=Work(stop=after_three)
    )  # three levels walked: a bound as good
    assert stopped.lower_bound <= later.lower_bound <= weight <= later.weight


def test_cancel_stops_the_search() -> None:
    system, _, keys, k = _set_up(16, 16)
    x0 = np.ones(system.n, dtype=np.uint8)
    plan = plan_split(system, keys, k, x0)
    assert plan is not None
    with pytest.raises(InterruptedComputation):
        split_search(plan, x0, work=Work(cancel=lambda: True))


def test_small_calls_give_the_same_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cutting the work into many small calls (merged in order) changes nothing."""
    system, _, keys, k = _set_up(19, 19)
    x0 = np.random.default_rng(3).integers(0, 2, system.n).astype(np.uint8)
    plan = plan_split(system, keys, k, x0)
    assert plan is not None
    whole = split_search(plan, x0)
    monkeypatch.setattr(gf2_split_search, "_CHUNK_PAIRS", 7)
    pieces = split_search(plan, x0)
    assert (pieces.weight, pieces.ties, pieces.pairs) == (whole.weight, whole.ties, whole.pairs)
    assert pieces.presses is not None
    assert whole.presses is not None
    assert (pieces.presses == whole.presses).all()


def test_boards_whose_groups_do_not_split_are_left_to_the_orbit_search() -> None:
    # a 5×5 torus: A² joins every button to every other one (one group)
    system = torus(5, 5).to_system()
    solver = prepare(system)
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, system.n)
    x0 = np.zeros(system.n, dtype=np.uint8)
    assert len(set(button_groups(system).tolist())) == 1
    assert plan_split(system, quiet_classes(quiet), k, x0) is None


def test_buttons_in_no_quiet_pattern_add_a_constant() -> None:
    """A grid beside isolated buttons (each its own group, in no quiet pattern): the grid's
    sublattices pair up, and the isolated buttons' presses count in every solution."""
    import networkx as nx

    from lograph.core.model.board import Board

    graph = nx.disjoint_union(nx.grid_2d_graph(9, 9), nx.empty_graph(5))
    system = Board.from_graph(graph).to_system()
    solver = prepare(system)
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, system.n)
    keys = quiet_classes(quiet)
    assert len(set(button_groups(system).tolist())) == 4 + 5
    for seed in range(3):
        x0 = np.random.default_rng(seed).integers(0, 2, system.n).astype(np.uint8)
        plan = plan_split(system, keys, k, x0)
        assert plan is not None
        assert len(plan.groups) == 4  # the constant groups folded away
        found = split_search(plan, x0)
        _, weight, ties = fewest_by_classes(keys, k, x0, None)
        assert (found.weight, found.ties) == (weight, ties)
        assert found.presses is not None
        assert int(found.presses.sum()) == weight


@pytest.mark.parametrize("n", [9, 16, 19])
def test_symmetries_cut_the_first_side_and_keep_the_counts(n: int) -> None:
    """The all-on square boards keep the square's 8 symmetries: the first side walks one u₁
    per orbit, the orbits' sizes add up to all of them, and the weight and the number of
    optimal solutions are those of the single transform."""
    from lograph.core.optimize.fewest._gf2_split import group_orbits, keeping_group
    from lograph.core.optimize.quiet._symmetry import kept_permutations

    system, solver, keys, k = _set_up(n, n)
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, system.n)
    x0 = solve(system, goal="on", solver=solver).presses
    kept = kept_permutations(quiet, x0, list(dihedral_candidates(system.positions)))
    assert len(kept) == 7
    plain = plan_split(system, keys, k, x0)
    cut = plan_split(system, keys, k, x0, kept)
    assert plain is not None
    assert cut is not None
    head = cut.groups[0]
    every = np.arange(1 << len(head.basis))
    keeping = keeping_group(head.buttons, kept)
    orbits = group_orbits(head.buttons, head.coordinates, len(head.basis), x0, keeping, every)
    assert orbits is not None
    smallest, sizes = orbits
    assert int(sizes[smallest].sum()) == 1 << len(head.basis)  # the orbits cover every u₁
    assert set(sizes.tolist()) <= {1, 2, 4, 8}
    assert len(cut.order1) < len(plain.order1)
    assert len(plain.order1) <= 1 << len(plain.groups[0].basis)
    _, weight, ties = fewest_by_classes(keys, k, x0, None)
    for plan in (plain, cut):
        found = split_search(plan, x0)
        assert (found.weight, found.ties) == (weight, ties)
        assert found.presses is not None
        assert not ((system.apply(found.presses) - 1) % 2).any()
    assert split_search(cut, x0).pairs < split_search(plain, x0).pairs


def test_a_permutation_that_moves_the_group_gives_no_orbits() -> None:
    from lograph.core.optimize.fewest._gf2_split import group_orbits, keeping_group

    system, _, keys, k = _set_up(9, 9)
    x0 = np.zeros(system.n, dtype=np.uint8)
    plan = plan_split(system, keys, k, x0)
    assert plan is not None
    head = plan.groups[0]
    shift = np.roll(np.arange(system.n), 1)  # moves buttons across the sublattices
    assert keeping_group(head.buttons, [shift]) == []
    every = np.arange(1 << len(head.basis))
    assert group_orbits(head.buttons, head.coordinates, len(head.basis), x0, [], every) is None
    # a permutation that keeps the group but not the solution set: the buttons disagree
    swap = np.arange(system.n)
    swap[head.buttons[:2]] = head.buttons[1::-1]
    assert keeping_group(head.buttons, [swap])
    found = group_orbits(head.buttons, head.coordinates, len(head.basis), x0, [swap], every)
    assert found is None


def test_an_even_torus_splits_too_and_agrees_with_the_orbit_search() -> None:
    """On a torus of even side A² also falls into the four parity sublattices: the all-on
    20×20 torus (nullity 32, beyond one transform) gets the same fewest presses and tie
    count from the split search as from the orbit search."""
    system = torus(20, 20).to_system()
    solver = prepare(system)
    assert solver.analysis.nullity == 32
    assert len(set(button_groups(system).tolist())) == 4
    x0 = solve(system, goal="on", solver=solver).presses
    split = fewest_presses(solver, x0)
    orbits = fewest_presses(solver.analysis, x0, symmetries=dihedral_candidates(system.positions))
    assert split.exact
    assert orbits.exact
    assert (split.press_count, split.optimal_solutions) == (
        orbits.press_count,
        orbits.optimal_solutions,
    )
    assert not ((system.apply(split.presses) - 1) % 2).any()
