"""The grid fast path of the dynamics against answers it does not share code with.

- brute force: the press map iterated with dense matrices until a board repeats, on every
  rectangle, torus and cylinder up to 5×5 (closed and open rule, k = 2, 3, 5, 6), and the
  map's order as the lcm over every board where there are few;
- certificates on large grids: ``T^P b = b`` and ``T^(P/q) b ≠ b`` for every prime q of the
  claimed period P, with ``T^r`` computed in the cell basis from the Frobenius identity
  ``(d + X + Y)^p = d + X^p + Y^p`` (P up to 10^30, where iteration cannot go);
- the general method (`orbit` / `map_order` on the same board with its grid names hidden);
- boards that are not plain grids (a missing or extra edge, a hole, another rule, Z_4)
  must give None.
"""

from __future__ import annotations

import itertools
import math
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from numpy.typing import NDArray

from lograph.core.dynamics import MapKind, lattice, lattice_algebra, lattice_lift, map_order, orbit
from lograph.core.dynamics.lattice import lattice_orbit, lattice_order
from lograph.core.dynamics.lattice_algebra import PartPair
from lograph.core.dynamics.lattice_shape import grid_shape
from lograph.core.errors import InterruptedComputation
from lograph.core.model.generators import named
from lograph.core.model.grids import grid_system
from lograph.core.model.stencils import STENCILS
from lograph.core.model.system import PressSystem
from lograph.core.work import Work

I64 = NDArray[np.int64]


def _walk(matrix: I64, board: I64, k: int) -> tuple[int, int]:
    """Tail and period of the press map b ↦ −A b by walking the orbit."""
    seen: dict[bytes, int] = {}
    x, t = board % k, 0
    while x.tobytes() not in seen:
        seen[x.tobytes()] = t
        x = (-(matrix @ x)) % k
        t += 1
    return seen[x.tobytes()], t - seen[x.tobytes()]


def _shapes(limit: int) -> list[tuple[int, int, bool, bool, str]]:
    out = []
    for m, n in itertools.product(range(1, limit + 1), repeat=2):
        for wrap_rows in (False, True) if m >= 3 else (False,):
            for wrap_cols in (False, True) if n >= 3 else (False,):
                for rule in ("closed", "open"):
                    out.append((m, n, wrap_rows, wrap_cols, rule))
    return out


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6, 8, 9, 12])
def test_orbits_and_orders_match_walking_the_map_on_small_grids(k: int) -> None:
    rng = np.random.default_rng(k)
    for m, n, wrap_rows, wrap_cols, rule in _shapes(5):
        system = grid_system(m, n, wrap_rows=wrap_rows, wrap_cols=wrap_cols, rule=rule, states=k)
        matrix = system.dense().astype(np.int64)
        where = (m, n, wrap_rows, wrap_cols, rule, k)
        # the map's order: the lcm over the cell boards (they span), the longest tail
        walks = [_walk(matrix, row, k) for row in np.eye(system.n, dtype=np.int64)]
        order = lattice_order(system, MapKind.PRESS)
        assert order is not None, where
        assert (order.tail, order.order) == (
            max(t for t, _ in walks),
            math.lcm(*(p for _, p in walks)),
        ), where
        assert order.invertible == (order.tail == 0)
        assert order.order == math.prod(q**e for q, e in order.factors.items())
        for _ in range(3):
            board = rng.integers(0, k, system.n)
            got = lattice_orbit(system, board, MapKind.PRESS)
            assert got is not None, where
            assert (got.tail, got.period) == _walk(matrix, board, k), where
            solution = lattice_orbit(system, board, MapKind.SOLUTION)
            assert solution is not None
            assert solution.period == got.period
            assert solution.tail == min(got.tail, 1)


def test_the_order_is_the_lcm_over_every_board() -> None:
    for m, n, wrap_rows, wrap_cols, rule in _shapes(4):
        if m * n > 12:
            continue
        system = grid_system(m, n, wrap_rows=wrap_rows, wrap_cols=wrap_cols, rule=rule)
        matrix = system.dense().astype(np.int64)
        boards = np.array(list(itertools.product((0, 1), repeat=m * n)), dtype=np.int64)
        walks = [_walk(matrix, board, 2) for board in boards]
        order = lattice_order(system, MapKind.PRESS)
        assert order is not None
        assert (order.tail, order.order) == (
            max(t for t, _ in walks),
            math.lcm(*(p for _, p in walks)),
        )


class _CellPowers:
    """``T^r b`` on a plain grid in the cell basis: X = P_m, Y = P_n as dense matrices and
    ``(d + X + Y)^(p^s) = d + X^(p^s) + Y^(p^s)`` digit by digit (k prime)."""

    def __init__(self, system: PressSystem) -> None:
        shape = grid_shape(system)
        assert shape is not None
        self.shape, self.p = shape, system.states
        self.x = [self._adjacency(shape.rows, shape.wrap_rows)]
        self.y = [self._adjacency(shape.cols, shape.wrap_cols)]

    @staticmethod
    def _adjacency(size: int, wrap: bool) -> NDArray[np.float64]:
        out = np.zeros((size, size))  # float products use BLAS and are exact here
        for i in range(size - 1):
            out[i, i + 1] = out[i + 1, i] = 1
        if wrap:
            out[0, size - 1] = out[size - 1, 0] = 1
        return out

    def _frobenius(self, powers: list[NDArray[np.float64]], s: int) -> NDArray[np.float64]:
        while len(powers) <= s:
            out = last = powers[-1]
            for _ in range(self.p - 1):
                out = (out @ last) % self.p
            powers.append(out)
        return powers[s]

    def __call__(self, board: I64, exponent: int) -> I64:
        shape, p = self.shape, self.p
        grid = shape.board(board).astype(np.float64)
        rest, s = exponent, 0
        while rest:
            rest, digit = divmod(rest, p)
            x, y = self._frobenius(self.x, s), self._frobenius(self.y, s)
            for _ in range(digit):
                grid = (int(shape.self_press) * grid + x @ grid + grid @ y.T) % p
            s += 1
        if exponent % 2:
            grid = (-grid) % p
        out = np.zeros(len(board), dtype=np.int64)
        out[shape.order] = grid.ravel().astype(np.int64)
        return out


@pytest.mark.parametrize(
    ("m", "n", "wrap", "k"),
    [
        (64, 64, False, 2),
        (40, 30, False, 3),
        (80, 80, False, 3),
        (33, 33, True, 2),
        (50, 50, True, 5),
        (61, 47, False, 7),
    ],
)
def test_large_periods_are_certified_in_the_cell_basis(m: int, n: int, wrap: bool, k: int) -> None:
    system = grid_system(m, n, wrap_rows=wrap, wrap_cols=wrap, states=k)
    power = _CellPowers(system)
    rng = np.random.default_rng(m * n + k)
    for board in (np.ones(system.n, dtype=np.int64), rng.integers(0, k, system.n)):
        got = lattice_orbit(system, board, MapKind.PRESS)
        assert got is not None
        start = power(board, got.tail)
        assert np.array_equal(power(start, got.period), start)
        for q in got.factors:
            assert not np.array_equal(power(start, got.period // q), start), q
        if got.tail:
            before = power(board, got.tail - 1)
            assert not np.array_equal(power(before, got.period), before)


def test_the_root_search_and_flint_factoring_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    # 100×100 over GF(3): two parts of degree 50 per side, so the pairs use the root search
    system = grid_system(100, 100, states=3)
    board = np.random.default_rng(3).integers(0, 3, system.n)
    used: list[bool] = []
    original = PartPair._known_roots

    def spy(self: PartPair, g: object) -> object:
        found = original(self, g)
        used.append(found is not None)
        return found

    def answers() -> tuple[object, object]:
        lattice_algebra.side.cache_clear()
        lattice._algebra.cache_clear()
        return lattice_order(system, MapKind.PRESS), lattice_orbit(system, board, MapKind.PRESS)

    monkeypatch.setattr(PartPair, "_known_roots", spy)
    searched = answers()
    assert any(used)
    used.clear()
    monkeypatch.setattr(lattice_algebra, "ROOT_SEARCH_FROM", 10**9)
    factored = answers()
    assert used
    assert not any(used)
    assert searched == factored


def _hidden(system: PressSystem) -> PressSystem:
    """The same press matrix under plain names: not recognisable as a grid."""
    return PressSystem(
        names=tuple(f"b{i}" for i in range(system.n)),
        indptr=system.indptr,
        indices=system.indices,
        states=system.states,
        lights=system.lights,
    )


@pytest.mark.parametrize(
    ("m", "n", "wrap", "rule", "k"),
    [
        (24, 24, False, "closed", 2),
        (12, 12, False, "closed", 3),
        (9, 7, False, "open", 3),
        (8, 8, True, "closed", 6),
        (14, 14, False, "closed", 4),
        (7, 5, True, "closed", 8),
    ],
)
def test_the_general_method_agrees(m: int, n: int, wrap: bool, rule: str, k: int) -> None:
    # primes 2 and 3 only: the general method's first call over a new odd prime costs ~10 s
    system = grid_system(m, n, wrap_rows=wrap, wrap_cols=wrap, rule=rule, states=k)
    plain = _hidden(system)
    assert lattice_order(plain, MapKind.PRESS) is None
    fast, general = lattice_order(system, MapKind.PRESS), map_order(plain, MapKind.PRESS)
    assert fast is not None
    assert (fast.order, fast.tail, fast.invertible) == (
        general.order,
        general.tail,
        general.invertible,
    )
    solution = lattice_order(system, MapKind.SOLUTION)
    assert solution is not None
    assert (solution.order, solution.tail) == (fast.order, min(fast.tail, 1))
    board = np.random.default_rng(m + n).integers(0, k, system.n)
    # the press map only: the general solution map costs seconds here (a Drazin inverse)
    fast_orbit = lattice_orbit(system, board, MapKind.PRESS)
    general_orbit = orbit(plain, board, MapKind.PRESS)
    assert fast_orbit is not None
    assert (fast_orbit.tail, fast_orbit.period) == (general_orbit.tail, general_orbit.period)


def _without_edge(system: PressSystem, a: int, b: int) -> PressSystem:
    keep = np.ones(system.nnz, dtype=bool)
    for col, row in ((a, b), (b, a)):
        start, stop = system.indptr[col], system.indptr[col + 1]
        keep[start + int(np.flatnonzero(system.indices[start:stop] == row)[0])] = False
    counts = np.diff(system.indptr) - np.array(
        [np.count_nonzero(~keep[system.indptr[c] : system.indptr[c + 1]]) for c in range(system.n)]
    )
    indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    return PressSystem(
        names=system.names,
        indptr=indptr,
        indices=system.indices[keep],
        states=system.states,
        lights=system.lights,
        coords=system.coords,
    )


def test_boards_that_are_not_plain_grids_give_none() -> None:
    grid = grid_system(5, 6)
    assert lattice_order(grid, MapKind.PRESS) is not None
    r1c1, r1c2 = grid.names.index("r1c1"), grid.names.index("r1c2")
    not_grids = [
        _without_edge(grid, r1c1, r1c2),
        grid_system(5, 6, mask=np.array([[True] * 6] * 4 + [[True] * 5 + [False]])),
        grid_system(5, 6, stencil=STENCILS["king"]),
        grid_system(5, 6, wrap_rows=True),  # fine: a cylinder (checked below)
        grid_system(5, 6, states=4),  # fine: Z_4 is lifted from GF(2) (checked above)
        named("petersen").to_system(),
        grid.with_self_action(np.arange(grid.n) != 7),  # one button not acting on itself
    ]
    answers = [lattice_order(s, MapKind.PRESS) for s in not_grids]
    assert [a is None for a in answers] == [True, True, True, False, False, True, True]
    assert lattice_orbit(not_grids[0], np.ones(grid.n, dtype=np.int64), MapKind.PRESS) is None


def test_a_grid_in_any_button_order_is_recognised() -> None:
    grid = grid_system(7, 5, wrap_cols=True, states=3)
    perm = np.random.default_rng(0).permutation(grid.n)
    inverse = np.argsort(perm)
    cols = np.repeat(np.arange(grid.n), np.diff(grid.indptr))
    src, dst = inverse[cols], inverse[grid.indices]
    shuffled = PressSystem.from_edges(
        grid.n,
        src[src != dst],
        dst[src != dst],
        np.ones(grid.n, dtype=bool),
        directed=True,  # both directions are listed
        states=3,
        names=[grid.names[i] for i in perm],
    )
    board = np.random.default_rng(1).integers(0, 3, grid.n)
    want = lattice_orbit(grid, board, MapKind.PRESS)
    got = lattice_orbit(shuffled, board[perm], MapKind.PRESS)
    assert want is not None
    assert got is not None
    assert (got.tail, got.period) == (want.tail, want.period)
    assert _walk(shuffled.dense().astype(np.int64), board[perm], 3)[1] == got.period


@pytest.mark.parametrize(
    ("m", "n", "wrap", "k"),
    [(40, 40, False, 4), (33, 20, True, 8), (15, 30, False, 16), (17, 17, True, 16)],
)
def test_prime_powers_match_walking_on_larger_grids(m: int, n: int, wrap: bool, k: int) -> None:
    system = grid_system(m, n, wrap_rows=wrap, wrap_cols=wrap, states=k)
    matrix = system.sparse(np.int64).tocsr()
    board = np.random.default_rng(m * n).integers(0, k, system.n)
    got = lattice_orbit(system, board, MapKind.PRESS)
    assert got is not None
    assert got.period < 200_000  # short enough to walk
    x = board.copy()
    for _ in range(got.tail):
        x = (-(matrix @ x)) % k
    start, steps = x.copy(), 0
    while steps < got.period:
        x = (-(matrix @ x)) % k
        steps += 1
        if np.array_equal(x, start):
            break
    assert steps == got.period
    assert np.array_equal(x, start)
    if got.tail:  # one step earlier is not yet on the cycle
        y = board.copy()
        for _ in range(got.tail - 1):
            y = (-(matrix @ y)) % k
        z = y.copy()
        for _ in range(got.period):
            z = (-(matrix @ z)) % k
        assert not np.array_equal(z, y)


def test_orders_too_long_to_lift_are_left_to_the_general_method(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    system = grid_system(4, 4, states=9)
    assert lattice_order(system, MapKind.PRESS) is not None
    monkeypatch.setattr(lattice_lift, "MAX_LIFT_BITS", 2)
    assert lattice_order(system, MapKind.PRESS) is None
    assert lattice_order(grid_system(4, 4, states=3), MapKind.PRESS) is not None  # no lift


def test_threads_growing_the_frobenius_powers_agree() -> None:
    # the window runs orders and orbits in threads: the cached Frobenius powers grow under a
    # lock, and every thread must read φ^(p^s) at s
    def fresh() -> list[lattice_algebra.Part]:
        lattice_algebra.side.cache_clear()
        return lattice_algebra.side(200, False, 3).parts

    parts = fresh()
    barrier = threading.Barrier(8)

    def grow(_: int) -> None:
        barrier.wait()
        for part in parts:
            part.frobenius(60)

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(grow, range(8)))
    alone = fresh()
    for part, reference in zip(parts, alone, strict=True):
        for s in range(61):
            assert np.array_equal(part.frobenius(s), reference.frobenius(s)), s
    lattice_algebra.side.cache_clear()


def test_a_cancelled_work_stops_the_fast_path() -> None:
    stop = Work(cancel=lambda: True)
    for k in (3, 4):  # a prime, and a prime power (lifted from GF(2))
        system = grid_system(12, 12, states=k)
        with pytest.raises(InterruptedComputation):
            lattice_order(system, MapKind.PRESS, work=stop)
        with pytest.raises(InterruptedComputation):
            orbit(system, np.ones(system.n, dtype=np.int64), MapKind.PRESS, work=stop)
    assert lattice_order(grid_system(12, 12), MapKind.PRESS, work=Work()) is not None
