"""Fewest presses, the worst position and the histogram over Z_k for composite k, checked
against brute force over all k^n press vectors of tiny boards and a breadth-first search over
positions (`tests.references`); every returned solution is checked by simulation."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import networkx as nx
import numpy as np
import pytest

from lograph.core.algebra.analysis import Analysis
from lograph.core.errors import BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest import _zk as zk_minimal
from lograph.core.optimize.fewest._search import exact_possible, fewest_presses
from lograph.core.optimize.fewest._zk import fewest_by_enumeration, iter_kernel, zk_heuristic
from lograph.core.optimize.histogram._counting import press_histogram
from lograph.core.optimize.worst import _program as zk_worst_program
from lograph.core.optimize.worst import _search as worst_module
from lograph.core.optimize.worst import _zk_bounds as zk_worst
from lograph.core.optimize.worst._search import worst_position
from tests.references import (
    ZkReferenceSolver,
    all_vectors,
    bfs_fewest,
    brute_force_fewest,
    code_of,
    histogram,
    system_matrix,
    zk_kernel,
)


def _system(board: Callable[[], Board], k: int) -> PressSystem:
    """The board's press system with k states (built directly: the model may still refuse
    composite k when a board is made)."""
    return dataclasses.replace(board().to_system(), states=k)


_BOARDS: dict[str, Callable[[], Board]] = {
    "2x2 open": lambda: rectangle(2, 2, rule="open"),
    "2x2": lambda: rectangle(2, 2),
    "2x3": lambda: rectangle(2, 3),
    "3x3 open": lambda: rectangle(3, 3, rule="open"),
    "cycle 6": lambda: Board.from_graph(nx.cycle_graph(6)),
    "path 5": lambda: Board.from_graph(nx.path_graph(5)),
    "K4": lambda: Board.from_graph(nx.complete_graph(4)),
}

#: (board, k): kernels free and not free (2×3 over Z_4 is Z_2 × Z_4) or trivial (2×2 over
#: Z_4), k = 4, 6, 8, 9.
CASES = [
    ("2x2 open", 4),
    ("2x2 open", 6),
    ("2x2 open", 8),
    ("2x2 open", 9),
    ("2x2", 6),
    ("2x3", 4),
    ("2x3", 6),
    ("2x3", 8),
    ("2x3", 9),
    ("2x2", 4),
    ("3x3 open", 4),
    ("cycle 6", 4),
    ("cycle 6", 6),
    ("path 5", 9),
    ("K4", 6),
]


@pytest.fixture(params=CASES, ids=[f"{b} k={k}" for b, k in CASES], scope="module")
def case(request: pytest.FixtureRequest) -> tuple[ZkReferenceSolver, np.ndarray, np.ndarray]:
    board, k = request.param
    solver = ZkReferenceSolver(_system(_BOARDS[board], k))
    fewest, count = brute_force_fewest(solver.a, k)
    return solver, fewest, count


def _changes(solver: ZkReferenceSolver, fewest: np.ndarray, count: int = 24) -> list[np.ndarray]:
    """Reachable light changes: the hardest, the all-(k−1) one when reachable, and random."""
    system, k = solver.system, solver.system.states
    rng = np.random.default_rng(11)
    hardest = int(np.argmax(fewest))
    picks = [np.array([(hardest // k**u) % k for u in range(system.n)])]
    picks += [system.apply(rng.integers(0, k, system.n)) for _ in range(count)]
    return picks


def test_reference_generators_span_the_kernel_once(case):
    solver, _, _ = case
    k, a = solver.system.states, solver.analysis
    kernel = {tuple(v) for v in zk_kernel(solver.a, k).tolist()}
    listed = [tuple(v.tolist()) for v in iter_kernel(a.quiet, a.orders(), k)]
    assert len(listed) == len(set(listed)) == a.kernel_size == len(kernel)
    assert set(listed) == kernel


def test_fewest_presses_and_ties_match_brute_force(case):
    solver, fewest, count = case
    system, k = solver.system, solver.system.states
    assert exact_possible(solver.analysis)
    for change in _changes(solver, fewest):
        result = fewest_presses(solver, solver.particular(change))
        code = code_of(change, k)
        assert result.exact
        assert result.method in ("enumeration", "unique")
        assert (result.press_count, result.optimal_solutions) == (fewest[code], count[code])
        assert result.solutions == solver.analysis.kernel_size
        assert np.array_equal(system.apply(result.presses), change)  # simulation
        assert int(result.presses.astype(np.int64).sum()) == result.press_count
        assert result.presses.max(initial=0) < k


def test_fourier_transform_matches_brute_force(case, monkeypatch):
    # with no budget for the walk every answer comes from the transform over the kernel group
    solver, fewest, count = case
    system, k = solver.system, solver.system.states
    monkeypatch.setattr(zk_minimal, "ENUMERATION_WORK_LIMIT", 0)
    for change in _changes(solver, fewest, 8):
        result = fewest_presses(solver, solver.particular(change))
        code = code_of(change, k)
        assert result.method in ("fourier", "unique")
        assert (result.press_count, result.optimal_solutions) == (fewest[code], count[code])
        assert np.array_equal(system.apply(result.presses), change)


def test_worst_position_matches_breadth_first_search(case):
    solver, _, _ = case
    system, k = solver.system, solver.system.states
    distances = bfs_fewest(solver.a, k)
    worst = worst_position(solver)
    assert worst.exact
    assert worst.worst_presses == worst.upper_bound == max(distances.values())
    assert worst.presses is not None
    assert worst.lights is not None
    # the position is cleared by its presses, and no lighter solution exists
    assert not np.any((system.apply(worst.presses) + worst.lights) % k)
    assert distances[tuple(int(v) for v in system.apply(worst.presses))] == worst.worst_presses
    on = worst_position(solver, goal="on")
    assert on.worst_presses == worst.worst_presses
    assert np.all((system.apply(on.presses) + on.lights) % k == k - 1)


def test_histogram_matches_breadth_first_search(case):
    solver, _, _ = case
    k = solver.system.states
    distances = bfs_fewest(solver.a, k)
    expected = np.bincount(list(distances.values())).tolist()
    got = press_histogram(solver.system)
    assert got == expected == histogram(solver.a, k)
    assert sum(got) == k**solver.system.n // solver.analysis.kernel_size  # the solvable ones


def test_fewest_by_zk_counts_every_tie_and_picks_among_them():
    # over Z_6 the quiet pattern (3, 3, 0, 0) has order 2 and (2, 0, 2, 0) order 3
    quiet = np.array([[3, 3, 0, 0], [2, 0, 2, 0]], dtype=np.uint8)
    x0 = np.array([3, 0, 4, 1], dtype=np.uint8)
    weights = {}
    for c0 in range(2):
        for c1 in range(3):
            x = (x0 + c0 * quiet[0].astype(int) + c1 * quiet[1].astype(int)) % 6
            weights[(c0, c1)] = int(x.sum())
    low = min(weights.values())
    ties = [c for c, w in weights.items() if w == low]
    x, weight, count = fewest_by_enumeration(quiet, (2, 3), x0, 6)
    assert (weight, count) == (low, len(ties))
    seen = set()
    for seed in range(40):
        x, weight, _ = fewest_by_enumeration(quiet, (2, 3), x0, 6, rng=np.random.default_rng(seed))
        assert weight == low
        seen.add(tuple(x.tolist()))
    assert len(seen) == len(ties)  # a random tie each time, and each of them reachable


def _copies_analysis(copies: int, k: int) -> tuple[PressSystem, Analysis, ZkReferenceSolver]:
    """`copies` disjoint open 2×2 boards over Z_k: the kernel is the product of the copies'."""
    graph = nx.disjoint_union_all([nx.grid_2d_graph(2, 2)] * copies)
    system = dataclasses.replace(Board.from_graph(graph, rule="open").to_system(), states=k)
    one = ZkReferenceSolver(_system(_BOARDS["2x2 open"], k))
    gens, orders = one.analysis.quiet, one.analysis.orders()
    quiet = np.zeros((len(gens) * copies, 4 * copies), dtype=np.uint8)
    for i in range(copies):
        quiet[len(gens) * i : len(gens) * (i + 1), 4 * i : 4 * i + 4] = gens
    analysis = Analysis(
        system.n, k, system.n, quiet, quiet, "reference", quiet_orders=orders * copies
    )
    return system, analysis, one


def test_large_kernels_get_the_labelled_heuristic():
    # 7 copies over Z_6: 36^7 ≈ 2^36 quiet patterns, beyond the exact enumeration. The
    # copies are independent, so the true optimum is the sum of the per-copy optima.
    copies, k = 7, 6
    system, analysis, one = _copies_analysis(copies, k)
    assert not exact_possible(analysis)
    rng = np.random.default_rng(3)
    x0 = rng.integers(0, k, system.n).astype(np.uint8)
    result = fewest_presses(analysis, x0)
    assert (result.method, result.exact, result.optimal_solutions) == ("heuristic", False, None)
    assert result.solutions == 36**copies
    assert np.array_equal(system.apply(result.presses), system.apply(x0))
    table, _ = brute_force_fewest(one.a, k)
    optimum = sum(
        int(table[code_of(one.system.apply(x0[4 * i : 4 * i + 4]), k)]) for i in range(copies)
    )
    assert optimum <= result.press_count <= int(x0.astype(np.int64).sum())
    # blocks of three copies (36^3 combinations) are searched exactly: this board is solved
    assert result.press_count == optimum


def test_heuristic_descends_from_every_start(monkeypatch):
    # with blocks of one generator the descent is plain coordinate descent; its answer is
    # still a solution and never heavier than the start
    monkeypatch.setattr(zk_minimal, "_BLOCK_COMBINATIONS", 1)
    system, analysis, _ = _copies_analysis(3, 6)
    x0 = np.full(system.n, 5, dtype=np.uint8)
    x = zk_heuristic(analysis.quiet, analysis.orders(), x0, 6, seed=1)
    assert np.array_equal(system.apply(x), system.apply(x0))
    assert int(x.astype(np.int64).sum()) <= int(x0.astype(np.int64).sum())


def test_heuristic_answer_of_zero_is_exact():
    system, analysis, _ = _copies_analysis(7, 6)
    result = fewest_presses(analysis, np.zeros(system.n, dtype=np.uint8))
    assert (result.press_count, result.exact, result.optimal_solutions) == (0, True, 1)


def test_histogram_refuses_large_boards_with_the_limit():
    with pytest.raises(BoardTooLargeError, match="6\\^16 press vectors"):
        press_histogram(_system(lambda: rectangle(4, 4), 6))


def test_worst_position_beyond_the_walk_is_the_program(case, monkeypatch):
    # with no budget for the walk: the integer program over the classes, proven
    solver, _, _ = case
    system, k = solver.system, solver.system.states
    if solver.analysis.kernel_size == 1:
        return  # a trivial kernel needs no walk at all
    monkeypatch.setattr(worst_module, "BRUTE_FORCE_BITS", 0)
    found = worst_position(solver)
    assert (found.method, found.exact) == ("integer program", True)
    assert found.worst_presses == max(bfs_fewest(solver.a, k).values())
    assert not np.any((system.apply(found.presses) + found.lights) % k)


def test_worst_position_beyond_the_walk_and_the_program_is_a_proven_range(case, monkeypatch):
    # with no budget for the walk or the program: a searched lower bound (a real position,
    # scored exactly) and the average-weight upper bound, both around the breadth-first answer
    solver, _, _ = case
    system, k = solver.system, solver.system.states
    if solver.analysis.kernel_size == 1:
        return  # a trivial kernel needs no walk at all
    monkeypatch.setattr(worst_module, "BRUTE_FORCE_BITS", 0)
    monkeypatch.setattr(zk_worst_program, "PROGRAM_ENTRIES", 0)
    true_worst = max(bfs_fewest(solver.a, k).values())
    found = worst_position(solver)
    assert found.method == "search"
    assert found.worst_presses <= true_worst <= found.upper_bound
    assert found.exact == (found.worst_presses == found.upper_bound)
    assert found.presses is not None
    assert found.lights is not None
    clearing = tuple(int(v) for v in (-found.lights.astype(np.int64)) % k)
    assert bfs_fewest(solver.a, k)[clearing] == found.worst_presses  # the lower bound is real
    assert not np.any((system.apply(found.presses) + found.lights) % k)


def _without_walk_or_transform(monkeypatch) -> None:
    """No walking the press vectors, no program, no walk over the kernel, no single
    transform: what is left is the prefix transforms (and past them the bounds)."""
    monkeypatch.setattr(worst_module, "BRUTE_FORCE_BITS", 0)
    monkeypatch.setattr(zk_worst_program, "PROGRAM_ENTRIES", 0)
    monkeypatch.setattr(zk_minimal, "FOURIER_LIMIT", 0)
    monkeypatch.setattr(zk_minimal, "ENUMERATION_WORK_LIMIT", 0)
    monkeypatch.setattr("lograph.core.optimize.fewest._past_walk.FOURIER_LIMIT", 0)


def test_worst_position_without_an_exact_search_uses_the_covering_bound(case, monkeypatch):
    solver, _, _ = case
    k = solver.system.states
    if solver.analysis.kernel_size == 1:
        return
    _without_walk_or_transform(monkeypatch)
    monkeypatch.setattr(zk_worst, "SPLIT_LIMIT", 0)  # nor the prefix transforms
    true_worst = max(bfs_fewest(solver.a, k).values())
    found = worst_position(solver)
    assert (found.method, found.presses, found.lights) == ("bounds", None, None)
    assert found.worst_presses <= true_worst <= found.upper_bound
    # the covering bound by brute force: the smallest ρ whose press vectors of weight ≤ ρ
    # are at least as many as the solvable positions
    n = solver.system.n
    positions = k**n // solver.analysis.kernel_size
    weights = np.sort(all_vectors(n, k).sum(axis=1))
    assert found.worst_presses == int(weights[positions - 1])


def test_worst_position_past_the_walk_searches_with_prefix_transforms(case, monkeypatch):
    """Without the walk and the single transform the prefix transforms still score positions
    exactly: a searched range whose position needs exactly its lower bound (by BFS)."""
    solver, _, _ = case
    k = solver.system.states
    if solver.analysis.kernel_size == 1:
        return
    _without_walk_or_transform(monkeypatch)
    table = bfs_fewest(solver.a, k)
    found = worst_position(solver)
    assert found.method == "search"
    assert found.lights is not None
    change = tuple(int(v) for v in (-found.lights.astype(np.int64)) % k)
    assert table[change] == found.worst_presses <= max(table.values()) <= found.upper_bound


def test_system_matrix_is_the_press_matrix():
    # the brute force reads only the board's columns: a guard against a wrong fixture
    system = _system(_BOARDS["path 5"], 9)
    a = system_matrix(system)
    assert a.tolist()[0] == [1, 1, 0, 0, 0]
    assert a.tolist()[2] == [0, 1, 1, 1, 0]


def test_lograph_engines_give_the_brute_force_answers(case):
    # the same questions on the kernel the engines compute (Smith form over Z_k), not the
    # brute-force generators: the answers must not depend on which generating set is used
    from lograph.core.solve import prepare, solve

    reference, fewest, count = case
    system, k = reference.system, reference.system.states
    solver = prepare(system)
    assert solver.analysis.kernel_size == reference.analysis.kernel_size
    for change in _changes(reference, fewest, 8):
        code = code_of(change, k)
        found = solve(system.with_lights((-change) % k), solver=solver)
        assert found.presses is not None
        result = fewest_presses(solver, found.presses)
        assert (result.press_count, result.optimal_solutions) == (fewest[code], count[code])
        assert np.array_equal(system.apply(result.presses), change)
    assert worst_position(solver).worst_presses == int(fewest.max())
