"""The worst position over Z_k (k > 2, prime or composite) by the class integer program,
checked against a breadth-first search over every position of small boards
(`tests.references.bfs_fewest`), the press histogram counted from the classes, and on boards
too big for both against a second program written here in the max-min form (every solution's
weight at least z), which does not rest on the packing rows' derivation."""

from __future__ import annotations

import dataclasses
import threading

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.model.system import PressSystem
from lograph.core.optimize.histogram._counting import class_histogram
from lograph.core.optimize.worst import _program as zk_worst_program
from lograph.core.optimize.worst import _search as worst_module
from lograph.core.optimize.worst._program import worst_program
from lograph.core.optimize.worst._search import worst_position
from lograph.core.solve import prepare
from lograph.core.work import Work
from tests.references import ReferenceSolver, ZkReferenceSolver, bfs_fewest, max_min_worst

PRIMES = (3, 5, 7)


def _reference(system: PressSystem) -> ReferenceSolver | ZkReferenceSolver:
    """Quiet patterns no engine computed: elimination over GF(p), enumeration over Z_k."""
    k = system.states
    return ReferenceSolver(system) if k in PRIMES else ZkReferenceSolver(system)


def _random_boards() -> list[tuple[str, PressSystem]]:
    """Random small graphs (closed and open rule, some directed) over k = 3 … 9 whose
    kernel is not trivial, small enough for a search over every position."""
    rng = np.random.default_rng(5)
    sizes = {3: 8, 4: 6, 5: 6, 6: 5, 7: 5, 8: 5, 9: 5}
    boards: list[tuple[str, PressSystem]] = []
    attempt = 0
    while len(boards) < 36:
        attempt += 1
        k = int(rng.choice(list(sizes)))
        n = int(rng.integers(3, sizes[k] + 1))
        directed = bool(rng.random() < 0.3)
        graph = nx.gnp_random_graph(n, 0.5, seed=int(rng.integers(1 << 30)), directed=directed)
        rule = "open" if rng.random() < 0.5 else "closed"
        system = dataclasses.replace(Board.from_graph(graph, rule=rule).to_system(), states=k)
        if _reference(system).analysis.kernel_size > 1:
            boards.append(
                (f"#{attempt} n={n} k={k} {rule}{' directed' if directed else ''}", system)
            )
    return boards


_GRIDS = [
    (m, n, k, rule)
    for k in (3, 4, 5, 6, 7)
    for m, n in ((2, 2), (2, 3), (3, 3), (2, 4))
    for rule in ("closed", "open")
    if k ** (m * n) <= 1 << 20
]
_GRID_SYSTEMS = [
    (f"{m}x{n} k={k} {rule}", dataclasses.replace(rectangle(m, n, rule=rule).to_system(), states=k))
    for m, n, k, rule in _GRIDS
]
SMALL = [
    *[
        (name, system)
        for name, system in _GRID_SYSTEMS
        if _reference(system).analysis.kernel_size > 1
    ],
    *_random_boards(),
]


@pytest.mark.parametrize("system", [s for _, s in SMALL], ids=[name for name, _ in SMALL])
def test_program_finds_the_breadth_first_worst(system: PressSystem) -> None:
    solver = _reference(system)
    k = system.states
    distances = bfs_fewest(solver.a, k)
    truth = max(distances.values())
    found = worst_program(solver.analysis, Work().within(60.0))
    assert found is not None
    assert found.proven
    assert found.worst == found.upper == truth
    assert int(found.presses.astype(np.int64).sum()) == truth
    assert distances[tuple(int(v) for v in system.apply(found.presses))] == truth


def test_program_does_not_depend_on_the_generators() -> None:
    # the engines' quiet patterns (Smith form over Z_k, elimination over GF(p)) against the
    # reference ones: one answer
    for _, system in SMALL[:: max(1, len(SMALL) // 12)]:
        solver = _reference(system)
        engine = prepare(system).analysis
        expected = worst_program(solver.analysis, Work().within(60.0))
        found = worst_program(engine, Work().within(60.0))
        assert expected is not None
        assert found is not None
        assert found.worst == expected.worst


@pytest.mark.parametrize(("m", "n", "k"), [(3, 5, 3), (2, 7, 5), (3, 3, 7)])
def test_program_meets_the_class_histogram(m: int, n: int, k: int) -> None:
    # boards past the search over positions (up to 5^20 press vectors), nullity 1: the
    # histogram counted from the class profiles ends at the worst position
    analysis = prepare(rectangle(m, n, states=k).to_system()).analysis
    assert analysis.nullity == 1
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(1, analysis.n)
    found = worst_program(analysis, Work().within(60.0))
    assert found is not None
    assert found.proven
    assert found.worst == len(class_histogram(quiet, states=k)) - 1


@pytest.mark.parametrize(("m", "n", "k"), [(5, 5, 3), (4, 4, 5), (4, 4, 7), (5, 5, 4), (4, 4, 6)])
def test_program_meets_the_max_min_form(m: int, n: int, k: int) -> None:
    # 3^25 … 7^16 press vectors, several quiet patterns: beyond the other references
    system = dataclasses.replace(rectangle(m, n).to_system(), states=k)
    solver = prepare(system)
    found = worst_program(solver.analysis, Work().within(60.0))
    assert found is not None
    assert found.proven
    assert found.worst == max_min_worst(solver.analysis)
    result = worst_position(solver)
    assert (result.worst_presses, result.exact, result.method) == (
        found.worst,
        True,
        "integer program",
    )
    change = (-result.lights.astype(np.int64)) % k  # the presses clear the position
    assert np.array_equal(system.apply(result.presses), change)


@pytest.mark.usefixtures("highs_stops_after_one_node")
@pytest.mark.parametrize("index", range(0, len(SMALL), 4))
def test_unfinished_program_gives_proven_bounds(index: int) -> None:
    # HiGHS stopped after one node (a limit on work, not seconds): whatever it proved, the
    # position is real and the bound holds
    system = SMALL[index][1]
    solver = _reference(system)
    distances = bfs_fewest(solver.a, system.states)
    truth = max(distances.values())
    found = worst_program(solver.analysis, Work().within(60.0))
    assert found is not None
    assert found.worst <= truth <= found.upper
    assert distances[tuple(int(v) for v in system.apply(found.presses))] == found.worst
    assert not found.proven or found.worst == truth


def test_worst_position_beyond_the_walk_without_the_program(monkeypatch) -> None:
    # no program, no walk: the searched range of before (a real position, a proven bound)
    monkeypatch.setattr(zk_worst_program, "PROGRAM_ENTRIES", 0)
    solver = prepare(rectangle(5, 5, states=3).to_system())
    result = worst_position(solver)
    assert result.method == "search"
    assert result.worst_presses <= 24 <= result.upper_bound


def test_walk_when_the_program_is_not_proven(monkeypatch) -> None:
    monkeypatch.setattr(zk_worst_program, "PROGRAM_ENTRIES", 0)
    system = dataclasses.replace(rectangle(2, 4).to_system(), states=5)
    solver = ReferenceSolver(system)
    result = worst_position(solver)
    assert result.method == "brute force"
    assert result.worst_presses == max(bfs_fewest(solver.a, 5).values())
    change = (-result.lights.astype(np.int64)) % 5
    assert bfs_fewest(solver.a, 5)[tuple(change.tolist())] == result.worst_presses


def test_cancel_during_the_program(monkeypatch) -> None:
    # HiGHS cannot be polled: a stand-in blocks until released, so that the cancel fires
    # while it runs however fast the machine
    entered, release = threading.Event(), threading.Event()

    def blocked(*args: object) -> None:
        entered.set()
        release.wait(timeout=60)  # only a guard against a hang if cancel is never polled

    monkeypatch.setattr(zk_worst_program, "_solve", blocked)
    solver = prepare(rectangle(5, 5, states=3).to_system())
    try:
        with pytest.raises(InterruptedComputation):
            worst_position(solver, work=Work(cancel=entered.is_set))
    finally:
        release.set()
    assert 25 * np.log2(3) > worst_module.BRUTE_FORCE_BITS  # the board is past the walk


@pytest.mark.usefixtures("highs_stops_after_one_node")
@pytest.mark.parametrize("index", range(1, len(SMALL), 6))
def test_worst_position_past_an_unfinished_program(index: int, monkeypatch) -> None:
    # no walk, HiGHS stopped after one node: the program's bound, the annealed position
    monkeypatch.setattr(worst_module, "BRUTE_FORCE_BITS", 0)
    system = SMALL[index][1]
    solver = _reference(system)
    distances = bfs_fewest(solver.a, system.states)
    truth = max(distances.values())
    result = worst_position(solver)
    assert result.worst_presses <= truth <= result.upper_bound
    assert result.exact == (result.worst_presses == result.upper_bound)
    change = (-result.lights.astype(np.int64)) % system.states
    assert distances[tuple(change.tolist())] == result.worst_presses
