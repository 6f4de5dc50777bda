"""Exact algebra over Z_k (k composite) against independent answers.

References: the Smith normal form over the integers (``|ker| = Π gcd(d_i, k)``,
`tests.references.integer_smith_diagonal`), brute-force enumeration of every press vector
and every light pattern on tiny boards, and simulation (``A x ≡ b mod k``) of every
solution. Nothing here trusts lograph's own algebra to judge it.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tests.references as ref
from lograph.core.algebra.zk import ZkModule, prime_powers
from lograph.core.engines.registry import get_solver
from lograph.core.model.generators import grid_system, rectangle
from lograph.core.model.system import PressSystem
from lograph.core.solve import count_solutions, iter_solutions, solve

COMPOSITE = [4, 6, 8, 9, 12]
ENGINES = ["chase-zk", "dense-zk"]


def _tiny_boards(k: int) -> list[PressSystem]:
    """Boards small enough to enumerate all k^n vectors one by one (k^n ≤ 4096)."""
    n_max = {4: 6, 6: 4, 8: 4, 9: 3, 12: 3}[k]
    boards = [grid_system(r, c, states=k) for r in (1, 2, 3) for c in (1, 2, 3) if r * c <= n_max]
    boards.append(grid_system(1, 3, states=k).with_rule("open"))
    ring = PressSystem.from_edges(  # a directed 3-cycle: A is not symmetric
        3, np.arange(3), (np.arange(3) + 1) % 3, np.ones(3, bool), directed=True, states=k
    )
    boards.append(ring)
    boards.append(ring.with_rule("open"))
    if n_max >= 4:
        boards.append(grid_system(2, 2, states=k).with_rule("open"))
    return boards


def _generated(quiet: np.ndarray, orders: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """Every ``Σ c_j quiet[j] mod k`` with ``0 <= c_j < orders[j]`` (with repeats)."""
    out = []
    for coeffs in itertools.product(*(range(o) for o in orders)):
        vec = np.asarray(coeffs, dtype=np.int64) @ quiet.astype(np.int64) if len(orders) else 0
        out.append(tuple(int(v) for v in np.broadcast_to(vec % k, (quiet.shape[1],))))
    return out


@pytest.mark.parametrize("k", COMPOSITE)
@pytest.mark.parametrize("engine", ENGINES)
def test_quiet_generators_give_every_quiet_pattern_exactly_once(k: int, engine: str) -> None:
    for system in _tiny_boards(k):
        a = ref.system_matrix(system)
        analysis = get_solver(system, engine).analysis
        kernel = ref.kernel_mod_k(a, k)
        assert analysis.kernel_size == len(kernel) == ref.kernel_size_mod_k(a, k)
        generated = _generated(analysis.quiet, analysis.orders(), k)
        assert len(set(generated)) == len(generated)  # each exactly once
        assert set(generated) == kernel
        # each generator's order is its exact additive order
        for vec, order in zip(analysis.quiet.astype(np.int64), analysis.orders(), strict=True):
            assert not ((order * vec) % k).any()
            assert all(
                ((order // d) * vec % k).any() for d in range(2, order + 1) if order % d == 0
            )


@pytest.mark.parametrize("k", COMPOSITE)
@pytest.mark.parametrize("engine", ENGINES)
def test_worlds_and_solvable_count_match_enumeration_of_every_pattern(k: int, engine: str) -> None:
    for system in _tiny_boards(k):
        a = ref.system_matrix(system)
        analysis = get_solver(system, engine).analysis
        image = ref.image_mod_k(a, k)
        assert analysis.solvable_count == len(image)
        assert analysis.worlds * len(image) == k**system.n
        assert analysis.solvable_fraction == type(analysis.solvable_fraction)(
            len(image), k**system.n
        )
        patterns = ref.all_vectors(system.n, k)
        indices = [analysis.world_index(b) for b in patterns]
        assert set(indices) == set(range(analysis.worlds))  # mixed radix, no gaps
        for b, index in zip(patterns, indices, strict=True):
            assert (index == 0) == (tuple(int(v) for v in b) in image)
            assert analysis.is_solvable_pattern(b) == (index == 0)


@pytest.mark.parametrize("k", COMPOSITE)
@pytest.mark.parametrize("engine", ENGINES)
def test_every_solution_is_checked_by_simulation(k: int, engine: str) -> None:
    rng = np.random.default_rng(k)
    for system in _tiny_boards(k):
        a = ref.system_matrix(system)
        solver = get_solver(system, engine)
        for _ in range(30):
            b = rng.integers(0, k, system.n)
            x = solver.particular(b)
            if x is None:
                assert not ref.image_mod_k(a, k) & {tuple(int(v) for v in b)}
            else:
                assert ((a @ x.astype(np.int64) - b) % k == 0).all()
            reachable = (a @ rng.integers(0, k, system.n)) % k
            y = solver.particular(reachable)
            assert y is not None
            assert ((a @ y.astype(np.int64) - reachable) % k == 0).all()


@pytest.mark.parametrize("k", [4, 6])
def test_solve_counts_and_lists_every_solution(k: int) -> None:
    board = rectangle(2, 2, states=k)
    board.set_light("r0c0", 1)
    a = ref.press_matrix(board)
    change = ref.goal_change(board)
    expected = {
        tuple(int(v) for v in x) for x in ref.all_vectors(4, k) if ((a @ x - change) % k == 0).all()
    }
    listed = {tuple(int(v) for v in x) for x in iter_solutions(board)}
    assert listed == expected
    assert count_solutions(board) == len(expected) == solve(board).solutions


@pytest.mark.parametrize(
    ("rows", "cols", "k"), [(4, 4, 4), (5, 5, 6), (6, 7, 8), (9, 9, 12), (9, 8, 10), (10, 10, 9)]
)
def test_kernel_size_matches_the_integer_smith_form(rows: int, cols: int, k: int) -> None:
    for system in (
        grid_system(rows, cols, states=k),
        grid_system(rows, cols, states=k).with_rule("open"),
    ):
        expected = ref.kernel_size_mod_k(ref.system_matrix(system), k)
        for engine in ENGINES:
            analysis = get_solver(system, engine).analysis
            assert analysis.kernel_size == expected
            assert not (system.sparse() @ analysis.quiet.T.astype(np.int64) % k).any()


@pytest.mark.parametrize("k", [4, 6, 12])
def test_chase_and_dense_agree_on_grids(k: int) -> None:
    rng = np.random.default_rng(7)
    for rows, cols in [(6, 6), (8, 5), (10, 10), (14, 9)]:
        system = grid_system(rows, cols, states=k)
        chase, dense = get_solver(system, "chase-zk"), get_solver(system, "dense-zk")
        ca, da = chase.analysis, dense.analysis
        assert ca.kernel_structure == da.kernel_structure
        assert ca.worlds == da.worlds
        assert ca.solvable_count == da.solvable_count
        for _ in range(10):
            b = rng.integers(0, k, system.n)
            assert ca.is_solvable_pattern(b) == da.is_solvable_pattern(b)
            x = chase.particular(b)
            assert (x is None) == (dense.particular(b) is None)
            if x is not None:
                assert (system.apply(x) == b).all()


def test_random_matrices_against_the_integer_smith_form() -> None:
    rng = np.random.default_rng(3)
    for _ in range(60):
        k = int(rng.choice([4, 6, 8, 9, 12, 16, 36, 60, 128, 210, 243, 255]))
        m, n = (int(v) for v in rng.integers(1, 8, 2))
        matrix = rng.integers(0, k, (m, n)) * rng.integers(0, 2, (m, n))
        module = ZkModule(matrix, k)
        if m == n:
            assert module.kernel_size == ref.kernel_size_mod_k(matrix, k)
        assert not ((matrix @ module.quiet.T.astype(np.int64)) % k).any()
        # solutions exist exactly for the world-0 right-hand sides, and check out
        for _ in range(5):
            b = (matrix @ rng.integers(0, k, n)) % k
            assert module.world(b) == (0,) * len(module.world_orders)
            x = module.solve(b)
            assert x is not None
            assert ((matrix @ x.astype(np.int64) - b) % k == 0).all()
            c = rng.integers(0, k, m)
            y = module.solve(c)
            assert (y is None) == any(module.world(c))


def test_orders_are_invariant_factors_in_divisibility_order() -> None:
    analysis = get_solver(grid_system(4, 4, states=12), "dense-zk").analysis
    assert analysis.kernel_structure == [2, 2, 12, 12]  # Z_2^4 (GF(2)) × Z_3^2 (GF(3))
    orders = analysis.orders()
    assert all(b % a == 0 for a, b in itertools.pairwise(orders))
    assert analysis.rank == 12
    assert analysis.nullity == len(analysis.quiet) == 4


@pytest.mark.parametrize("p", [2, 3, 5, 7])
def test_prime_boards_keep_their_engines_and_results(p: int) -> None:
    system = grid_system(5, 5, states=p)
    analysis = get_solver(system).analysis
    assert analysis.engine == ("small" if p == 2 else "chase-p")  # auto on a small board
    assert analysis.quiet_orders is None
    assert analysis.world_orders is None
    reference = ref.rank_mod_p(ref.system_matrix(system), p)
    assert analysis.rank == reference
    assert analysis.solvable_count == p**reference
    with pytest.raises(Exception, match="composite"):
        get_solver(system, "chase-zk")


def test_prime_powers_and_engine_refusals() -> None:
    assert prime_powers(255) == [(3, 1), (5, 1), (17, 1)]
    assert prime_powers(2) == [(2, 1)]
    with pytest.raises(Exception, match="prime"):
        get_solver(grid_system(3, 3, states=6), "dense")
    with pytest.raises(Exception, match="prime"):
        get_solver(grid_system(3, 3, states=6), "galois")


def test_auto_falls_back_to_dense_zk_and_names_both_refusals(monkeypatch) -> None:
    import lograph.core.engines.chase_p as chase_p
    from lograph.core.errors import BoardTooLargeError

    rng = np.random.default_rng(5)
    n, m = 60, 150
    system = PressSystem.from_edges(
        n, rng.integers(0, n, m), rng.integers(0, n, m), np.ones(n, bool), states=6
    )
    monkeypatch.setattr(chase_p, "MAX_FREE", 0)  # every chase with a free button refused
    solver = get_solver(system)
    assert solver.analysis.engine == "dense-zk"
    assert solver.analysis.kernel_size == ref.kernel_size_mod_k(ref.system_matrix(system), 6)
    monkeypatch.setattr("lograph.core.engines.registry.DENSE_LIMIT_ZK", 10)
    with pytest.raises(BoardTooLargeError, match=r"chase-zk: the chase leaves \d+ free.*dense-zk"):
        get_solver(system, engine="auto")
