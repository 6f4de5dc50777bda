"""The groups' floor, starts and exact steps when the split search's tables would be too big
(`lograph.core.optimize.fewest._gf2_split`), and the bounded answer past int64 class keys.

Checked by brute force over every combination of the quiet patterns (nullity 16 and below),
never against the code's own arithmetic.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from lograph.core.model.generators import from_networkx, rectangle
from lograph.core.optimize.fewest._bounds import cover_bound
from lograph.core.optimize.fewest._gf2_split import (
    button_groups,
    group_descent,
    group_floor,
    group_members,
)
from lograph.core.optimize.fewest._search import fewest_presses
from lograph.core.optimize.quiet._classes import column_keys, quiet_classes
from lograph.core.solve import prepare, solve


def _brute_force(quiet: np.ndarray, x0: np.ndarray) -> np.ndarray:
    """Every solution ``x₀ ⊕ c·Q``, one row per combination c."""
    k = len(quiet)
    combos = (np.arange(1 << k)[:, None] >> np.arange(k)[None, :]) & 1
    return (x0[None, :] ^ (combos @ quiet.astype(np.int64)) % 2).astype(np.uint8)


def _exhaustive(group_rows: np.ndarray, part: np.ndarray) -> tuple[np.ndarray, int]:
    """A group's question answered by trying every combination (the solver under test's
    stand-in, so that only the floor's own bookkeeping is checked)."""
    every = _brute_force(group_rows, part)
    best = every[int(np.argmin(every.sum(axis=1)))]
    return best, int(best.sum())


def _set_up(n: int, seed: int):  # type: ignore[no-untyped-def]
    system = rectangle(n, n).to_system()
    solver = prepare(system)
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, system.n)
    x0 = np.random.default_rng(seed).integers(0, 2, system.n).astype(np.uint8)
    return system, quiet, x0


def test_column_keys_read_every_bit_whatever_the_nullity() -> None:
    _, quiet, _ = _set_up(19, 0)
    assert column_keys(quiet) == quiet_classes(quiet).tolist()
    wide = np.zeros((64, 3), dtype=np.uint8)
    wide[63, 0] = wide[0, 1] = wide[62, 2] = wide[63, 2] = 1  # past int64
    assert column_keys(wide) == [1 << 63, 1, 3 << 62]


@pytest.mark.parametrize("seed", range(3))
def test_the_floor_is_the_sum_of_each_groups_lightest_part(seed: int) -> None:
    system, quiet, x0 = _set_up(19, seed)  # nullity 16, four groups of 8 dimensions
    floor = group_floor(system, quiet, x0, _exhaustive, 62)
    assert floor is not None
    every = _brute_force(quiet, x0)
    labels = button_groups(system)
    lightest = [int(every[:, labels == g].sum(axis=1).min()) for g in set(labels.tolist())]
    assert floor.lower == sum(lightest)
    assert floor.lower <= int(every.sum(axis=1).min())
    assert floor.starts  # two sublattices span the quiet space
    for start in floor.starts:  # solutions of the same position
        assert not ((system.apply(start) - system.apply(x0)) % 2).any()


def test_a_board_of_one_group_has_no_floor() -> None:
    board = from_networkx(nx.cycle_graph(9), layout="circular")  # A² connected: one group
    solver = prepare(board)
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, -1)
    assert k > 0
    x0 = np.zeros(quiet.shape[1], dtype=np.uint8)
    assert group_floor(board.to_system(), quiet, x0, _exhaustive, 62) is None


@pytest.mark.parametrize("seed", range(3))
def test_group_descent_ends_where_no_groups_step_is_lighter(seed: int) -> None:
    system, quiet, x0 = _set_up(19, 10 + seed)
    found = group_descent(group_members(system), quiet, x0, _exhaustive, 62)
    assert int(found.sum()) <= int(x0.sum())
    assert not ((system.apply(found) - system.apply(x0)) % 2).any()
    every = _brute_force(quiet, x0)
    labels = button_groups(system)
    for g in set(labels.tolist()):  # keeping found's presses on g, nothing is lighter
        same = (every[:, labels == g] == found[labels == g]).all(axis=1)
        assert int(every[same].sum(axis=1).min()) == int(found.sum())


def test_past_int64_keys_the_answer_is_bounded_by_the_groups() -> None:
    # sixteen separate 4×4 boards (nullity 64; each board's fewest presses by brute force)
    # and a 3×3 board, whose groups no quiet pattern touches (its one solution is fixed)
    grids = [nx.grid_2d_graph(4, 4) for _ in range(16)] + [nx.grid_2d_graph(3, 3)]
    graph = nx.disjoint_union_all(grids)
    for i, v in enumerate(graph.nodes):
        graph.nodes[v]["pos"] = (float(i % 4 + 5 * (i // 16)), float(i // 4 % 4))
    board = from_networkx(graph)
    solver = prepare(board)
    assert solver.analysis.nullity == 64
    one = prepare(rectangle(4, 4))
    quiet4 = np.asarray(one.analysis.quiet, dtype=np.uint8).reshape(4, 16)
    x4 = np.asarray(solve(rectangle(4, 4), goal="on", solver=one).presses, dtype=np.uint8)
    x3 = np.asarray(solve(rectangle(3, 3), goal="on").presses, dtype=np.int64)
    optimum = 16 * int(_brute_force(quiet4, x4).sum(axis=1).min()) + int(x3.sum())
    x0 = np.asarray(solve(board, goal="on", solver=solver).presses, dtype=np.uint8)
    best = fewest_presses(solver, x0)
    system = board.to_system()
    assert not ((system.apply(best.presses) - system.apply(x0)) % 2).any()
    assert 0 < best.lower_bound <= optimum <= best.press_count
    # the groups (each board's four sublattices) prove their own lightest parts
    every = _brute_force(quiet4, x4)
    sublattices = button_groups(rectangle(4, 4).to_system())
    parts = sum(int(every[:, sublattices == g].sum(axis=1).min()) for g in range(4))
    assert best.lower_bound >= 16 * parts + int(x3.sum())
    assert best.lower_bound > cover_bound(system.sparse(), x0)  # the groups' bound, not that
