"""The worst position's annealing over class counts: its coset weights are every solution's
weight (checked against enumerating the coset), they follow its moves, and the position it
returns, scored exactly, never exceeds the covering radius found by brute force over every
press vector, and reaches it on the small boards. Limits are run counts, not durations."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.kernels.cover import coset_weights as kernel_weights
from lograph.core.kernels.cover import cover_anneal
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest._search import quiet_classes
from lograph.core.optimize.quiet._symmetry import (
    dihedral_candidates,
    keeps_quiet_space,
    largest_rotation,
    span_coefficients,
)
from lograph.core.optimize.worst._gf2_anneal import anneal, class_orbits
from lograph.core.work import Work
from tests.references import coset_weights, histogram, null_space_mod_p, press_matrix


def _boards() -> list[Board]:
    boards = [rectangle(4, 4), rectangle(2, 9), rectangle(5, 5)]
    for seed in range(12):
        boards.append(Board.from_graph(nx.gnm_random_graph(13, 18, seed=seed)))
    return [b for b in boards if len(null_space_mod_p(press_matrix(b), 2)) > 0]


BOARDS = _boards()


def _radius(index: int, a: np.ndarray) -> int:
    """The heaviest fewest-presses count: by brute force over every press vector, except
    for the 5×5 board (2^25 of them, most of this file's time), whose 15 is published
    (Jaap Scherphuis; `test_five_by_five_is_fifteen` checks lograph against it)."""
    if index == 2:
        assert a.shape == (25, 25)  # BOARDS[2] is the 5×5 board
        return 15
    return len(histogram(a, 2)) - 1


def _classes(quiet: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    keys = quiet_classes(quiet)
    classes, counts = np.unique(keys, return_counts=True)
    m0 = int(counts[classes == 0].sum())
    return keys, classes[classes != 0], counts[classes != 0], m0


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_kernel_weights_are_the_coset_weights(index: int) -> None:
    quiet = null_space_mod_p(press_matrix(BOARDS[index]), 2).astype(np.uint8)
    keys, cls, m, m0 = _classes(quiet)
    rng = np.random.default_rng(index)
    t = rng.integers(0, m + 1)
    x = (keys == 0).astype(np.int64)  # a press vector with t_v buttons of class v pressed
    for value, count in zip(cls.tolist(), t.tolist(), strict=True):
        x[np.flatnonzero(keys == value)[:count]] = 1
    found = kernel_weights(cls, m, t, m0, len(quiet))
    assert found.tolist() == coset_weights(x, quiet, 2)  # c's bit j is quiet row j


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_annealing_is_a_lower_bound_scored_exactly(index: int) -> None:
    a = press_matrix(BOARDS[index])
    quiet = null_space_mod_p(a, 2).astype(np.uint8)
    keys, cls, m, m0 = _classes(quiet)
    radius = _radius(index, a)
    t = np.zeros(len(cls), dtype=np.int64)
    weights = kernel_weights(cls, m, t, m0, len(quiet))
    best_t = t.copy()
    state = np.array([8, 0.1, 0.999, 1.0, weights.min()], dtype=np.float64)
    alone = np.arange(len(cls) + 1, dtype=np.int64)  # every class a group of its own
    best = cover_anneal(cls, m, t, weights, best_t, state, 2000, index, alone)
    assert best <= radius
    assert (t >= 0).all()
    assert (t <= m).all()
    # the kernel's weights follow its moves: recomputing them from scratch agrees
    assert kernel_weights(cls, m, t, m0, len(quiet)).tolist() == weights.tolist()
    assert int(kernel_weights(cls, m, best_t, m0, len(quiet)).min()) == best == state[4]
    presses = anneal(
        keys, len(quiet), np.zeros(len(keys), dtype=np.uint8), Work().within(60.0), index, 2
    )
    assert min(coset_weights(presses, quiet, 2)) <= radius


def test_annealing_reaches_the_radius_of_small_boards() -> None:
    for n, radius in (
        (4, 7),
        (5, 15),
    ):  # brute force: tests/core/optimize/worst/test_worst_position.py
        quiet = null_space_mod_p(press_matrix(rectangle(n, n)), 2).astype(np.uint8)
        keys = quiet_classes(quiet)
        start = np.zeros(len(keys), dtype=np.uint8)
        presses = anneal(keys, len(quiet), start, Work().within(600.0), 0, runs=4)
        assert min(coset_weights(presses, quiet, 2)) == radius


def test_annealing_polls_cancel() -> None:
    quiet = null_space_mod_p(press_matrix(rectangle(4, 4)), 2).astype(np.uint8)
    keys = quiet_classes(quiet)
    with pytest.raises(InterruptedComputation):
        anneal(
            keys,
            len(quiet),
            np.zeros(16, dtype=np.uint8),
            Work(cancel=lambda: True).within(60.0),
            0,
        )


def test_upper_bound_only_skips_the_annealing_and_keeps_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`raise_lower=False` (what `lograph puzzle` asks for) skips the annealing: it can only
    raise the lower bound, so the upper bound is the same and the lower bound is a position
    scored exactly either way. (The spectrum search is switched off: its refutations within
    a time limit would make the two upper bounds depend on the machine's speed.)"""
    from lograph.core.optimize.worst import _search as worst_module
    from lograph.core.optimize.worst._search import worst_position
    from lograph.core.solve import prepare

    monkeypatch.setattr(worst_module, "SPECTRUM_NULLITY_LIMIT", 0)
    solver = prepare(rectangle(15, 23))  # nullity 15: past the integer program's range
    quick = worst_position(solver, raise_lower=False, work=Work().within(1.0))
    annealed = worst_position(solver, work=Work().within(1.0))
    assert quick.method == annealed.method == "search"
    assert quick.upper_bound == annealed.upper_bound
    # the annealing starts from the climb's position (same seed) and keeps it unless heavier
    assert quick.worst_presses <= annealed.worst_presses <= annealed.upper_bound


def _square(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The quiet basis (from the reference null space), class keys and drawn positions."""
    board = rectangle(n, n)
    quiet = null_space_mod_p(press_matrix(board), 2).astype(np.uint8)
    positions = np.array([board.graph.nodes[v]["pos"] for v in board.graph], dtype=float)
    return quiet, quiet_classes(quiet), positions


@pytest.mark.parametrize("n", [9, 16])
def test_the_quarter_turn_permutes_the_classes(n: int) -> None:
    quiet, keys, positions = _square(n)
    turn = largest_rotation(positions, keys)
    assert turn is not None
    grid = np.arange(n * n).reshape(n, n)
    assert {tuple(turn), tuple(turn[turn][turn])} == {  # a quarter turn, one way or the other
        tuple(np.rot90(grid, 1).ravel()),
        tuple(np.rot90(grid, 3).ravel()),
    }
    # it maps the quiet space onto itself: the turned basis adds no rank over GF(2), so
    # the 2k stacked rows have k independent dependencies
    stacked = np.vstack([quiet, quiet[:, turn]])
    assert len(null_space_mod_p(stacked.T, 2)) == len(quiet)
    cls = np.unique(keys[keys != 0])
    groups, order = class_orbits(keys, cls, turn)
    assert sorted(order.tolist()) == list(range(len(cls)))
    orbit_of = np.empty(len(cls), dtype=np.int64)
    for g in range(len(groups) - 1):
        orbit_of[order[groups[g] : groups[g + 1]]] = g
    size = {v: int((keys == v).sum()) for v in cls.tolist()}
    for i in np.flatnonzero(keys != 0):  # a button and its image lie in one orbit
        j = turn[i]
        a, b = np.searchsorted(cls, keys[i]), np.searchsorted(cls, keys[j])
        assert orbit_of[a] == orbit_of[b]
        assert size[int(keys[i])] == size[int(keys[j])]
    assert max(np.diff(groups)) == 4


def test_a_permutation_that_is_no_symmetry_gives_no_orbits() -> None:
    _, keys, _ = _square(9)
    cls = np.unique(keys[keys != 0])
    shuffled = np.random.default_rng(0).permutation(len(keys))
    assert class_orbits(keys, cls, shuffled) is None
    assert largest_rotation(None, keys) is None


def test_grouped_moves_keep_a_symmetric_position_symmetric() -> None:
    quiet, keys, positions = _square(9)
    k = len(quiet)
    cls, m = np.unique(keys[keys != 0], return_counts=True)
    groups, order = class_orbits(keys, cls, largest_rotation(positions, keys))
    cls, m = cls[order], m[order]
    t = np.zeros(len(cls), dtype=np.int64)
    weights = kernel_weights(cls, m, t, 0, k)
    best_t = t.copy()
    state = np.array([8, 0.1, 0.999, 1.0, weights.min()], dtype=np.float64)
    best = cover_anneal(cls, m, t, weights, best_t, state, 3000, 7, groups)
    for g in range(len(groups) - 1):  # one count per orbit, within its classes' sizes
        assert len(set(t[groups[g] : groups[g + 1]].tolist())) == 1
        assert len(set(best_t[groups[g] : groups[g + 1]].tolist())) == 1
    assert (t >= 0).all()
    assert (t <= m).all()
    assert kernel_weights(cls, m, t, 0, k).tolist() == weights.tolist()
    assert int(kernel_weights(cls, m, best_t, 0, k).min()) == best <= 37  # 9×9's radius


def test_the_symmetric_chain_reaches_sixteens_radius_in_one_run() -> None:
    """16×16's worst position needs 124 presses (proven by the integer program, see the
    docs/performance.md); in one run the symmetric chain finds one (the unrestricted chain
    alone stops at 123 from this start)."""
    quiet, keys, positions = _square(16)
    start = np.zeros(len(keys), dtype=np.uint8)
    turn = largest_rotation(positions, keys)
    presses = anneal(keys, len(quiet), start, Work().within(600.0), 0, runs=1, symmetry=turn)
    assert min(coset_weights(presses, quiet, 2)) == 124


@pytest.mark.parametrize("n", [4, 5, 9, 16])
def test_the_key_check_agrees_with_elimination(n: int) -> None:
    """`keeps_quiet_space` (from class keys) against solving ``Q[:, π] = M·Q`` by
    elimination, on every drawn symmetry, on permutations inside the classes (they keep
    the space) and on random permutations (they do not)."""
    quiet, keys, positions = _square(n)
    rng = np.random.default_rng(n)
    within = np.arange(len(keys))
    for value in np.unique(keys).tolist():  # shuffle the buttons of each class among themselves
        members = np.flatnonzero(keys == value)
        within[members] = rng.permutation(members)
    offered = [*dihedral_candidates(positions), within]
    offered += [rng.permutation(len(keys)) for _ in range(3)]
    verdicts = []
    for perm in offered:
        expected = span_coefficients(quiet, quiet[:, perm]) is not None
        assert keeps_quiet_space(keys, perm) == expected
        verdicts.append(expected)
    assert verdicts[-4] is True
    assert verdicts[-3:] == [False, False, False]
