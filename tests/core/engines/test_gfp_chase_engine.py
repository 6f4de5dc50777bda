"""The GF(p) symbolic-chase engine ("chase-p") against the dense and galois engines.

References: the dense GF(p) elimination (`get_solver(system, "dense")`) and the galois
library's own row reduction (`get_solver(system, "galois")`), compared on hundreds of small
random boards: holed grids under both rules, random graphs, directed graphs, self-action
overrides, p ∈ {3, 5, 7, 251}. Bases are compared as spans (their RREF by
`lograph.core.algebra.gfp.row_reduce`), and every answer is also checked against A itself.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.algebra.analysis import Solver
from lograph.core.chase.plan import ChasePlan, chase_plan
from lograph.core.engines import chase_p as gfp_chase_engine
from lograph.core.engines.chase_p import GfpChaseSolver
from lograph.core.engines.registry import available_engines, get_solver
from lograph.core.errors import BoardError, BoardTooLargeError, InterruptedComputation
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem
from tests.references import rref_mod_p, system_matrix

PRIMES = (3, 5, 7, 251)


def holed_grid(rng: np.random.Generator, p: int) -> PressSystem:
    rows, cols = (int(v) for v in rng.integers(1, 8, size=2))
    mask = rng.random((rows, cols)) > rng.choice([0.0, 0.15, 0.35])
    rule = str(rng.choice(["closed", "open"]))
    return grid_system(rows, cols, mask=mask, rule=rule, states=p)


def random_graph(rng: np.random.Generator, p: int, directed: bool) -> PressSystem:
    n = int(rng.integers(1, 30))
    m = int(rng.integers(0, 3 * n))
    src = rng.integers(0, n, size=m)
    dst = rng.integers(0, n, size=m)
    keep = src != dst
    self_mask = rng.random(n) < rng.choice([0.0, 0.5, 1.0])
    return PressSystem.from_edges(n, src[keep], dst[keep], self_mask, directed=directed, states=p)


def random_board(seed: int) -> PressSystem:
    rng = np.random.default_rng(seed)
    p = int(PRIMES[seed % len(PRIMES)])
    kind = seed % 5
    if kind == 0:
        system = holed_grid(rng, p)
    elif kind == 1:
        system = random_graph(rng, p, directed=False)
    elif kind == 2:
        system = random_graph(rng, p, directed=True)
    elif kind == 3:  # self-action overrides on a grid (the board stays symmetric)
        base = holed_grid(rng, p)
        system = base.with_self_action(rng.random(base.n) < 0.5)
    else:  # a directed grid: some edges dropped one way
        base = holed_grid(rng, p)
        cols = np.repeat(np.arange(base.n), np.diff(base.indptr))
        off = base.indices != cols
        keep = rng.random(int(off.sum())) < 0.8
        system = PressSystem.from_edges(
            base.n,
            cols[off][keep],
            base.indices[off][keep],
            rng.random(base.n) < 0.7,
            directed=True,
            states=p,
        )
    return system


def span(basis: np.ndarray, p: int) -> list[list[int]]:
    """The span of `basis` as its RREF (by the reference elimination, not lograph's)."""
    return rref_mod_p(basis, p)[0].tolist()


def check_against(system: PressSystem, ours: Solver, ref: Solver, seed: int) -> None:
    p, n = system.states, system.n
    a, b = ours.analysis, ref.analysis
    assert a.engine == "chase-p"
    assert a.rank == b.rank
    assert a.quiet.shape == a.left_kernel.shape == (a.nullity, n)
    assert a.quiet.dtype == a.left_kernel.dtype == np.uint8
    assert span(a.quiet, p) == span(b.quiet, p)
    assert span(a.left_kernel, p) == span(b.left_kernel, p)
    assert len(span(a.quiet, p)) == len(span(a.left_kernel, p)) == a.nullity
    mat = system_matrix(system)
    assert not ((mat @ a.quiet.astype(np.int64).T) % p).any()
    assert not ((a.left_kernel.astype(np.int64) @ mat) % p).any()
    rng = np.random.default_rng(seed + 10_000)
    rhs_list = [rng.integers(0, p, size=n) for _ in range(3)]
    rhs_list += [system.apply(rng.integers(0, p, size=n)) for _ in range(2)]
    rhs_list.append(np.zeros(n, dtype=np.int64))
    for rhs in rhs_list:
        x = ours.particular(rhs)
        expected = ref.particular(rhs)
        assert (x is None) == (expected is None)
        if x is not None:
            assert x.dtype == np.uint8
            assert x.shape == (n,)
            assert int(x.max(initial=0)) < p
            assert system.apply(x).tolist() == (rhs % p).tolist()


@pytest.mark.parametrize("chunk", range(4))
def test_matches_the_dense_engine_on_random_boards(chunk: int) -> None:
    for seed in range(chunk * 100, chunk * 100 + 100):
        system = random_board(seed)
        check_against(system, get_solver(system, "chase-p"), get_solver(system, "dense"), seed)


def test_matches_the_galois_engine_on_random_boards() -> None:
    for seed in range(1000, 1150):
        system = random_board(seed)
        check_against(system, get_solver(system, "chase-p"), get_solver(system, "galois"), seed)


def test_directed_boards_have_a_left_kernel_unlike_the_quiet_patterns() -> None:
    # a directed path with a self-loop at the start: ker A and ker Aᵀ differ
    system = PressSystem.from_edges(
        3,
        np.array([0, 1]),
        np.array([1, 2]),
        np.array([True, False, False]),
        directed=True,
        states=3,
    )
    a = get_solver(system, "chase-p").analysis
    ref = get_solver(system, "dense").analysis
    assert not system.symmetric
    assert a.nullity == ref.nullity == 1
    assert span(a.quiet, 3) == span(ref.quiet, 3)
    assert span(a.left_kernel, 3) == span(ref.left_kernel, 3)
    assert span(a.quiet, 3) != span(a.left_kernel, 3)


def test_a_300_by_300_grid_with_three_states() -> None:
    system = grid_system(300, 300, states=3)
    solver = get_solver(system)
    a = solver.analysis
    assert a.engine == "chase-p"
    assert a.free_buttons == 300
    quiet = a.quiet.astype(np.int64)
    for q in quiet:
        assert not system.apply(q).any()
    rhs = system.apply(np.random.default_rng(3).integers(0, 3, size=system.n))
    x = solver.particular(rhs)
    assert x is not None
    assert system.apply(x).tolist() == rhs.tolist()
    ones = np.ones(system.n, dtype=np.int64)
    x = solver.particular(ones)
    assert (x is None) == (not a.is_solvable_pattern(ones))
    if x is not None:
        assert system.apply(x).tolist() == ones.tolist()


def test_auto_prefers_chase_p_for_p_above_2_and_falls_back_to_dense(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert "chase-p" in available_engines()
    system = grid_system(5, 5, states=3)
    assert get_solver(system).analysis.engine == "chase-p"
    assert get_solver(grid_system(5, 5)).analysis.engine != "chase-p"  # p = 2: "fast"
    monkeypatch.setattr(gfp_chase_engine, "MAX_FREE", 4)
    with pytest.raises(BoardTooLargeError, match="5 free buttons"):
        get_solver(system, "chase-p")
    assert get_solver(system).analysis.engine == "dense"
    monkeypatch.setattr(gfp_chase_engine, "MAX_FREE", 2000)
    monkeypatch.setattr(gfp_chase_engine, "MAX_WORK", 10)
    with pytest.raises(BoardTooLargeError, match="symbolic pass"):
        get_solver(system, "chase-p")
    assert get_solver(system).analysis.engine == "dense"
    # beyond the dense engine's limit nothing is left: the chase-p refusal is what you get
    with pytest.raises(BoardTooLargeError, match="chase-p"):
        get_solver(grid_system(70, 70, states=3))


def test_refusals_and_cancel() -> None:
    with pytest.raises(BoardTooLargeError, match="does not support"):
        get_solver(grid_system(3, 3), "chase-p")
    with pytest.raises(BoardError, match="p > 2"):
        GfpChaseSolver(grid_system(3, 3))
    system = grid_system(6, 6, states=5)
    polls: list[int] = []

    def cancel() -> bool:
        polls.append(1)
        return len(polls) > 1

    with pytest.raises(InterruptedComputation):
        GfpChaseSolver(system, cancel, plan=chase_plan(system))
    assert len(polls) == 2
    with pytest.raises(InterruptedComputation):
        get_solver(system, "chase-p", lambda: True)


def test_invalid_plans_are_refused() -> None:
    system = grid_system(3, 3, states=3)
    plan = chase_plan(system)
    with pytest.raises(BoardError):
        GfpChaseSolver(system, plan=ChasePlan(plan.buttons[:-1], plan.lights[:-1], plan.check))
    # every button forced in index order by its own light: not a valid chase
    order = np.arange(9, dtype=np.int64)
    with pytest.raises(BoardError, match="not a valid force step"):
        GfpChaseSolver(system, plan=ChasePlan(order, order.copy(), np.zeros(0, np.int64)))


def test_empty_and_single_button_boards() -> None:
    empty = PressSystem.from_edges(
        0, np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, bool), states=5
    )
    a = get_solver(empty, "chase-p").analysis
    assert (a.n, a.rank, a.quiet.shape, a.left_kernel.shape) == (0, 0, (0, 0), (0, 0))
    one = PressSystem.from_edges(
        1, np.zeros(0, np.int64), np.zeros(0, np.int64), np.array([False]), states=7
    )
    solver = get_solver(one, "chase-p")
    assert solver.analysis.nullity == 1
    assert solver.particular(np.array([3])) is None
    assert solver.particular(np.array([0])) is not None


def test_irregular_boards_beyond_the_dense_limit_are_refused_with_both_reasons() -> None:
    # a random graph leaves thousands of free buttons (k ≈ 0.3 N): chase-p refuses the
    # 2607 × 2607 check system, and 8000 buttons are beyond the dense engine too
    rng = np.random.default_rng(0)
    n, m = 8000, 24000
    system = PressSystem.from_edges(
        n, rng.integers(0, n, m), rng.integers(0, n, m), np.ones(n, bool), states=3
    )
    with pytest.raises(BoardTooLargeError, match=r"chase-p: the chase leaves \d+ free.*dense: up"):
        get_solver(system)


@pytest.mark.parametrize("states", [3, 4, 5, 6])
def test_rectangles_chase_the_rows_without_a_plan_search(states: int) -> None:
    """A plain rectangle gets the row-by-row plan at once (valid, min(m, n) free buttons),
    and the answers are the textbook elimination's (mod p) or dense-zk's (mod k)."""
    from lograph.core.chase.plan import check_plan
    from lograph.core.engines.fast_grid import rectangle_plan

    for rows, cols in [(2, 2), (3, 5), (5, 3), (4, 4), (6, 2)]:
        for rule in ("closed", "open"):
            system = grid_system(rows, cols, states=states, rule=rule)
            plan = rectangle_plan(system)
            assert plan is not None
            check_plan(system, plan)
            assert plan.free_count == min(rows, cols)
            analysis = get_solver(system).analysis
            assert analysis.free_buttons == min(rows, cols)
            if states in (3, 5):
                a = system_matrix(system)
                assert analysis.rank == len(rref_mod_p(a, states)[1])
                quiet = get_solver(system, "dense").analysis.quiet
                assert analysis.quiet.tolist() == quiet.tolist()
            else:
                assert analysis.kernel_size == get_solver(system, "dense-zk").analysis.kernel_size
    assert rectangle_plan(grid_system(4, 4, mask=np.eye(4, dtype=bool) == 0)) is None
