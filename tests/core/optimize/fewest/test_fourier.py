"""Fewest presses past one transform over GF(p) and Z_k: one transform per prefix
(`zk_fourier_split`), the order of work after the walk and the covering bound (`zk_beyond`),
checked against `coset_weights` (every solution's weight summed directly), brute force over
all press vectors and a breadth-first search over positions (`tests.references`)."""

from __future__ import annotations

import dataclasses

import networkx as nx
import numpy as np
import pytest

from lograph.core.engines.registry import get_solver
from lograph.core.model.board import Board
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest import _fourier as zk_fourier_split
from lograph.core.optimize.fewest import _past_walk as zk_beyond
from lograph.core.optimize.fewest import _search as minimal
from lograph.core.optimize.fewest._fourier import fewest_by_prefixes
from lograph.core.optimize.fewest._past_walk import cover_bound_mod, fewest_past_walk
from lograph.core.optimize.fewest._search import fewest_presses
from lograph.core.work import Work
from tests.references import bfs_fewest, system_matrix

#: (rows, cols, k): grids with quiet patterns over prime and composite k, even orders too
GRIDS = [(5, 5, 3), (4, 4, 5), (11, 11, 5), (5, 5, 4), (5, 5, 6), (4, 4, 8), (5, 5, 9)]


def _case(rows: int, cols: int, k: int, seed: int):
    system = grid_system(rows, cols, states=k)
    analysis = get_solver(system).analysis
    orders = analysis.orders()
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(len(orders), system.n)
    x0 = np.random.default_rng(seed).integers(0, k, system.n).astype(np.uint8)
    return system, quiet, orders, x0


@pytest.mark.parametrize(("rows", "cols", "k"), GRIDS)
@pytest.mark.parametrize("low_limit", [2, 30, 1 << 20])
def test_prefix_transforms_give_every_solutions_minimum_and_ties(
    rows: int, cols: int, k: int, low_limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Low groups of one generator (many prefixes), a few, or all: the minimum and how many
    solutions reach it are those of every solution's weight summed directly."""
    monkeypatch.setattr(zk_fourier_split, "LOW_LIMIT", low_limit)
    for seed in range(2):
        system, quiet, orders, x0 = _case(rows, cols, k, seed)
        weights = _all_weights(quiet, orders, x0, k).tolist()
        found = fewest_by_prefixes(quiet, orders, x0, k)
        assert found is not None
        assert found.complete
        assert found.weight == min(weights)
        assert found.ties == weights.count(min(weights))
        presses = found.presses.astype(np.int64)
        assert int(presses.sum()) == found.weight
        assert np.array_equal(system.apply(presses), system.apply(x0))  # a solution


def _all_weights(quiet, orders, x0, k) -> np.ndarray:
    """Every solution's weight, summed directly: each c with 0 ≤ c_j < o_j once (prefix
    order, as the search numbers them)."""
    combos = np.stack(np.meshgrid(*[np.arange(o) for o in orders], indexing="ij"), -1)
    combos = combos.reshape(-1, len(orders))
    return ((x0.astype(np.int64) + combos @ quiet.astype(np.int64)) % k).sum(axis=1)


def test_composite_orders_counted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over Z_k with generators of order below k each solution is one c with c_j < o_j:
    ties are counted once each (the walk over all of Z_k^m would count them several times)."""
    monkeypatch.setattr(zk_fourier_split, "LOW_LIMIT", 4)
    _, quiet, orders, x0 = _case(9, 9, 4, 3)  # orders (2, 2, 2, 2, 4, 4, 4, 4)
    assert min(orders) < 4
    weights = _all_weights(quiet, orders, x0, 4)
    found = fewest_by_prefixes(quiet, orders, x0, 4)
    assert found is not None
    assert (found.weight, found.ties) == (int(weights.min()), int((weights == weights.min()).sum()))


def test_a_stopped_search_gives_a_solution_and_reports_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(zk_fourier_split, "LOW_LIMIT", 3)
    monkeypatch.setattr(zk_fourier_split, "_BATCH_VALUES", 3)  # one prefix per batch
    system, quiet, orders, x0 = _case(11, 11, 5, 0)  # 625 solutions: 125 prefixes of 5
    reports: list[tuple[int, int]] = []
    found = fewest_by_prefixes(
        quiet,
        orders,
        x0,
        5,
        work=Work(stop=lambda: len(reports) >= 7, progress=lambda *a: reports.append(a)),
    )
    assert found is not None
    assert not found.complete
    assert (found.prefixes_done, found.prefixes) == (7, 125)
    assert reports == [(i, 125) for i in range(1, 8)]
    weights = _all_weights(quiet, orders, x0, 5)
    assert found.weight >= weights.min()
    assert found.weight == weights[: 7 * 5].min()  # the first seven prefixes' lightest
    assert np.array_equal(system.apply(found.presses), system.apply(x0))


def _random_system(seed: int, k: int) -> PressSystem:
    rng = np.random.default_rng(seed)
    graph = nx.gnp_random_graph(int(rng.integers(3, 7)), 0.45, seed=seed, directed=seed % 3 == 0)
    board = Board.from_graph(graph, rule="open" if seed % 4 == 0 else "closed")
    return dataclasses.replace(board.to_system(), states=k)


@pytest.mark.parametrize("k", [3, 4, 5, 6])
def test_the_covering_bound_never_passes_the_fewest_presses(k: int) -> None:
    """On every reachable change of random small graphs (directed, open rule), by a
    breadth-first search over positions; the linear program's and the greedy dual's."""
    checked = 0
    for seed in range(12):
        system = _random_system(seed, k)
        a = system_matrix(system)
        table = list(bfs_fewest(a, k).items())
        picks = np.random.default_rng(seed).choice(len(table), min(len(table), 24), replace=False)
        for change, fewest in (table[i] for i in picks):
            x0 = get_solver(system).particular(np.asarray(change))
            assert x0 is not None
            for lp_buttons in (2500, 0):
                with pytest.MonkeyPatch.context() as patch:
                    patch.setattr(zk_beyond, "_LP_BUTTONS", lp_buttons)
                    assert cover_bound_mod(system, x0) <= fewest
            checked += 1
    assert checked > 150


def test_the_covering_bound_by_hand_and_tight() -> None:
    # a 3-button path over GF(3), every light to change by 2: the middle button's light
    # needs 2 from the three buttons, the ends' from two each; pressing the middle button
    # twice does it, so 2 is the bound and the fewest
    system = grid_system(1, 3, states=3)
    x0 = get_solver(system).particular(np.array([2, 2, 2]))
    assert x0 is not None
    assert cover_bound_mod(system, x0) == 2 == fewest_presses(get_solver(system), x0).press_count


@pytest.mark.parametrize(("rows", "cols", "k"), [(5, 5, 3), (5, 5, 4), (11, 11, 5), (4, 4, 8)])
def test_past_the_walk_exact_by_prefixes_or_heuristic_with_a_bound(
    rows: int, cols: int, k: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the single transform and the walk made too small: the prefix search proves the
    answer; with the prefixes' limit small too, the heuristic answers with a valid bound;
    with a deadline the prefixes run whatever the limit."""
    monkeypatch.setattr(zk_beyond, "FOURIER_LIMIT", 1)
    monkeypatch.setattr(zk_fourier_split, "LOW_LIMIT", k)
    monkeypatch.setattr(zk_fourier_split, "_BATCH_VALUES", 1)  # one prefix per batch
    system, quiet, orders, x0 = _case(rows, cols, k, 5)
    weights = _all_weights(quiet, orders, x0, k)
    fewest = int(weights.min())

    def heuristic(start, work):
        return start  # no descent: the answers below come from the prefixes or the bound

    exact = fewest_past_walk(quiet, orders, x0, k, heuristic, Work(), system)
    assert (exact.press_count, exact.exact, exact.method) == (fewest, True, "fourier")
    assert exact.optimal_solutions == int((weights == fewest).sum())
    past = fewest_past_walk(quiet, orders, x0, k, heuristic, Work(solutions=1), system)
    assert past.method == "heuristic"
    assert past.press_count == int(x0.astype(np.int64).sum())
    assert 0 < past.lower_bound <= fewest
    work = Work(stop=lambda: True, solutions=1)
    stopped = fewest_past_walk(quiet, orders, x0, k, heuristic, work, system)
    assert stopped.method == "fourier"  # one batch ran before the hook was asked
    assert fewest <= stopped.press_count <= past.press_count
    assert stopped.lower_bound == past.lower_bound


def test_fewest_presses_over_gf3_takes_one_transform_where_the_walk_is_slow() -> None:
    """17×17 over GF(3): 3^12 solutions in 271 classes, past the walk's quick range: one
    transform, the same answer as the walk (the enumeration kept as the reference)."""
    system = grid_system(17, 17, states=3)
    solver = get_solver(system)
    x0 = np.random.default_rng(2).integers(0, 3, system.n).astype(np.uint8)
    found = fewest_presses(solver, x0)
    assert found.method == "fourier"
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    _, weight, ties = minimal.fewest_mod_p(quiet, x0, 3, Work())
    assert (found.press_count, found.optimal_solutions) == (weight, ties)
    assert found.exact


def test_a_kernel_too_big_to_number_goes_to_the_heuristic_even_with_a_time_limit() -> None:
    """3^45 solutions (past int64): no prefix search, whatever the stop hook says."""
    rng = np.random.default_rng(0)
    quiet = rng.integers(0, 3, (45, 60)).astype(np.uint8)
    x0 = rng.integers(0, 3, 60).astype(np.uint8)
    called = []

    def heuristic(start, work):
        called.append(start)
        return start

    found = fewest_past_walk(quiet, (3,) * 45, x0, 3, heuristic, Work(stop=lambda: False))
    assert found.method == "heuristic"
    assert found.solutions == 3**45
    assert len(called) == 1
    assert np.array_equal(called[0], x0)
