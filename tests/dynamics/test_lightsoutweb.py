"""LightsOutWeb's own figures, reproduced by porting its definitions line by line.

Its solution matrix comes from `calculateSolutionMatrixFromMatrix` (js/SolutionMatrixWorker.js:
Gauss–Jordan on the rows of the game matrix with row swaps only, counting the rows that end
all zero as quiet patterns, then a transpose); a solution is ``domainInverseBoard`` of the
dot products of the board with that matrix's rows (`calculateSolution`), the inverse
solution ``domainInverseBoard`` of the board's own presses (`makeTurnsDefault`); a period
counts steps until the board equals the one counting started from. The default click rule
is the plus ``[0 1 0; 1 1 1; 0 1 0]`` on the square topology. Also published sequences on
the orders of 0/1 matrices (OEIS), since every 0/1 matrix is a directed board's press matrix.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from lograph.core.dynamics import MapKind, map_order, orbit
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem
from lograph.core.solve import analyze

PLUS = [0, 1, 0, 1, 1, 1, 0, 1, 0]


def _inv_mod(num: int, k: int) -> int:
    """invModGcdEx: 0 for a non-unit."""
    if num == 1:
        return 1
    if num == 0 or k % num == 0:
        return 0
    try:
        return pow(num, -1, k)
    except ValueError:
        return 0


def game_matrix(size: int, k: int) -> list[list[int]]:
    """calculateGameMatrix with populateClickRuleSquare: row i is the press of cell i."""
    rows = []
    for y in range(size):
        for x in range(size):
            row = [0] * (size * size)
            for dy in range(3):
                for dx in range(3):
                    yy, xx = y + dy - 1, x + dx - 1
                    if 0 <= yy < size and 0 <= xx < size:
                        row[yy * size + xx] = PLUS[dy * 3 + dx]
            rows.append(row)
    return rows


def solution_matrix(size: int, k: int) -> tuple[list[list[int]], int]:
    """calculateSolutionMatrixFromMatrix, line by line: (invMatrix, quietPatterns)."""
    m = [row[:] for row in game_matrix(size, k)]
    n = size * size
    inv = [[int(i == j) for j in range(n)] for i in range(n)]
    invs = [_inv_mod(d, k) for d in range(k)]

    def mulsub(left: list[int], right: list[int], value: int) -> None:
        value %= k
        for i in range(n):
            left[i] = (left[i] - value * right[i]) % k

    for d in range(n):
        this = comp = m[d][d]
        if invs[comp] == 0 or (this != 1 and k % this == 0):
            for j in range(d + 1, n):
                comp = m[j][d]
                if invs[comp] != 0:
                    this = comp
                    m[d], m[j] = m[j], m[d]
                    inv[d], inv[j] = inv[j], inv[d]
                    break
        inv_this = invs[this]
        for j in range(d + 1, n):
            comp = m[j][d]
            if invs[comp] != 0:
                mulsub(m[j], m[d], inv_this * comp)
                mulsub(inv[j], inv[d], inv_this * comp)
    quiet = 0
    for u in range(n - 1, -1, -1):
        this = m[u][u]
        inv_this = invs[this]
        for j in range(u - 1, -1, -1):
            comp = m[j][u]
            if invs[comp] != 0:
                mulsub(m[j], m[u], inv_this * comp)
                mulsub(inv[j], inv[u], inv_this * comp)
        if invs[this] != 0:
            m[u] = [(v * inv_this) % k for v in m[u]]
            inv[u] = [(v * inv_this) % k for v in inv[u]]
        if all(v == 0 for v in m[u]):
            quiet += 1
    transposed = [[inv[j][i] for j in range(n)] for i in range(n)]
    return transposed, quiet


def domain_inverse(board: np.ndarray, k: int) -> np.ndarray:
    return board if k == 2 else (k - board) % k


def lightsoutweb_solution(board: np.ndarray, inv: np.ndarray, k: int) -> np.ndarray:
    """calculateSolution: dot products with the matrix's rows, then domainInverseBoard."""
    return domain_inverse(inv @ board % k, k)


def lightsoutweb_inverse_solution(board: np.ndarray, size: int, k: int) -> np.ndarray:
    """calculateInverseSolution with makeTurnsDefault on the square topology."""
    out = np.zeros_like(board)
    for y in range(size):
        for x in range(size):
            turn = board[y * size + x]
            for yy, xx in ((y, x), (y, x - 1), (y, x + 1), (y - 1, x), (y + 1, x)):
                if 0 <= yy < size and 0 <= xx < size:
                    out[yy * size + xx] = (out[yy * size + xx] + turn) % k
    return domain_inverse(out, k)


def count_period(step, board: np.ndarray, limit: int) -> int | None:
    """LightsOutWeb's period count: steps until the board equals the one counting started
    from (None: not back within `limit` steps; LightsOutWeb would count on for ever)."""
    current = board.copy()
    for count in range(1, limit + 1):
        current = step(current)
        if np.array_equal(current, board):
            return count
    return None


# A159257: the nullity of the n×n Lights Out matrix over GF(2), n = 1..19 (OEIS; also
# log2 of A075462, the number of solutions of the all-ones problem).
A159257 = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16]


@pytest.mark.parametrize(
    ("size", "k"), [*((n, 2) for n in range(1, 10)), (4, 3), (5, 3), (5, 5), (3, 7)]
)
def test_its_quiet_pattern_count_is_the_nullity(size: int, k: int):
    _, quiet = solution_matrix(size, k)
    assert quiet == analyze(grid_system(size, size).with_states(k)).nullity
    if k == 2:
        assert quiet == A159257[size - 1]


@pytest.mark.parametrize(
    ("size", "k"),
    [
        (1, 2),
        (2, 2),
        (3, 2),
        (6, 2),
        (7, 2),
        (8, 2),
        (3, 3),
        (6, 3),
        (3, 5),
        (2, 7),
    ],
)
def test_its_solution_period_of_the_lit_board(size: int, k: int):
    """On an invertible board its elimination's matrix is the inverse, so its count of the
    fully lit board's solution period must equal the algebra's."""
    system = grid_system(size, size).with_states(k)
    assert analyze(system).nullity == 0
    inv = np.array(solution_matrix(size, k)[0], dtype=np.int64)
    lit = np.full(size * size, k - 1, dtype=np.int64)
    counted = count_period(lambda b: lightsoutweb_solution(b, inv, k), lit, 100_000)
    algebra = orbit(system, lit, MapKind.SOLUTION)
    assert (algebra.tail, algebra.period) == (0, counted)
    # its inverse solution period too, and its 4x mode counts the same steps
    counted_back = count_period(lambda b: lightsoutweb_inverse_solution(b, size, k), lit, 100_000)
    assert orbit(system, lit, MapKind.PRESS).period == counted_back == counted


@pytest.mark.parametrize(("size", "k"), [(4, 2), (5, 2), (9, 2), (4, 3), (5, 3)])
def test_on_a_singular_board_its_matrix_is_a_generalised_inverse(size: int, k: int):
    """Over GF(p) its elimination's matrix G has A G A = A: its solution of a solvable board
    turns it off (docs/math.md says how that differs from the Drazin inverse)."""
    system = grid_system(size, size).with_states(k)
    assert analyze(system).nullity > 0
    matrix = system.dense().astype(np.int64)
    inv = np.array(solution_matrix(size, k)[0], dtype=np.int64)
    assert np.array_equal(matrix @ inv @ matrix % k, matrix % k)


@pytest.mark.parametrize(("size", "k"), [(3, 4), (3, 6)])
def test_over_composite_k_its_solution_matrix_is_no_inverse(size: int, k: int):
    """Over Z_4 and Z_6 its elimination clears only unit entries, so on a board whose press
    matrix is invertible its "solution" does not turn the board off and its solution period
    differs (3×3 lit: 8 over Z_4, 240 over Z_6, against 4 and 8); its inverse-solution
    period, which needs no elimination, agrees with the algebra (docs/math.md)."""
    system = grid_system(size, size).with_states(k)
    assert analyze(system).nullity == 0
    matrix = system.dense().astype(np.int64)
    inv = np.array(solution_matrix(size, k)[0], dtype=np.int64)
    assert not np.array_equal(matrix @ inv % k, np.eye(size * size, dtype=np.int64))
    lit = np.full(size * size, k - 1, dtype=np.int64)
    counted = count_period(lambda b: lightsoutweb_solution(b, inv, k), lit, 100_000)
    counted_back = count_period(lambda b: lightsoutweb_inverse_solution(b, size, k), lit, 100_000)
    algebra = orbit(system, lit, MapKind.SOLUTION).period
    assert counted_back == orbit(system, lit, MapKind.PRESS).period == algebra != counted


@pytest.mark.parametrize(("size", "k"), [(4, 2), (5, 2), (5, 3), (9, 2)])
def test_its_inverse_solution_count_stops_only_without_a_tail(size: int, k: int):
    """On a singular board the inverse-solution count returns to its start exactly when the
    board has no tail; with a tail it would count for ever. lograph says which."""
    system = grid_system(size, size).with_states(k)
    rng = np.random.default_rng(size * k)
    for b in [np.full(size * size, k - 1, dtype=np.int64), *rng.integers(0, k, (6, size * size))]:
        algebra = orbit(system, b, MapKind.PRESS)
        counted = count_period(
            lambda x: lightsoutweb_inverse_solution(x, size, k),
            b,
            algebra.tail + algebra.period + 5,
        )
        assert counted == (algebra.period if algebra.tail == 0 else None)


def _all_matrices(n: int):
    for bits in itertools.product((0, 1), repeat=n * n):
        yield np.array(bits, dtype=np.int64).reshape(n, n)


def _directed_board(matrix: np.ndarray) -> PressSystem:
    """The directed board whose press matrix is `matrix` (A[u, w] = 1: w changes u)."""
    n = len(matrix)
    dst, src = np.nonzero(matrix * (1 - np.eye(n, dtype=np.int64)))
    return PressSystem.from_edges(
        n, src.astype(np.int64), dst.astype(np.int64), np.diag(matrix) == 1, directed=True
    )


# OEIS A053722 (X² = I in GL(n, 2)), A053725 (X³ = I in GL(n, 2)) and A346019 (order
# 2^n − 1 in GL(n, 2)), n = 1..3: counted over every 0/1 matrix as a directed board (over
# GF(2) the press map −A is A).
@pytest.mark.parametrize(
    ("n", "order_2", "order_3", "primitive"), [(1, 1, 1, 1), (2, 4, 3, 2), (3, 22, 57, 48)]
)
def test_orders_of_all_binary_matrices_match_published_counts(n, order_2, order_3, primitive):
    counts = {"2": 0, "3": 0, "max": 0}
    for matrix in _all_matrices(n):
        order = map_order(_directed_board(matrix), MapKind.PRESS)
        if not order.invertible:
            continue
        counts["2"] += 2 % order.order == 0
        counts["3"] += 3 % order.order == 0
        counts["max"] += order.order == 2**n - 1
    assert (counts["2"], counts["3"], counts["max"]) == (order_2, order_3, primitive)
