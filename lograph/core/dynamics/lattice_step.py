"""Any number of steps of either map on a large grid: ``T^r b`` by base-p digits.

Past the dense limit the general method steps the solution map one solve at a time and only
when A is invertible. On a plain grid (`lograph.core.dynamics.lattice_shape`) over GF(p),
``T = −(d + X + Y)`` with X, Y commuting, so ``(d + X + Y)^(p^s) = d + X^(p^s) + Y^(p^s)``:
``T^r b`` costs one product with the m×m and n×n matrices ``P^(p^s)`` per unit of each
base-p digit of r. The solution map is ``f = T^D``, and ``T^D = T^(jN − 1)`` for the map's
order N and the least j with ``jN − 1`` at least the longest tail τ (on the core that is
``T^(−1)``, on the nilpotent part 0), so ``f^t = T^(t(jN − 1))``; an exponent r ≥ τ is
replaced by ``τ + (r − τ) mod N`` first (`lograph.core.dynamics.lattice`). k square-free:
prime by prime, joined by CRT.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.dynamics.lattice import lattice_order
from lograph.core.dynamics.lattice_algebra import GROWTH
from lograph.core.dynamics.lattice_shape import GridShape, grid_shape
from lograph.core.dynamics.records import MapKind
from lograph.core.model.system import PressSystem

__all__ = ["lattice_power"]

Matrix = NDArray[np.floating[Any]]


class _Frobenius:
    """``P^(p^s)`` of one side over GF(p), grown on demand (floats: BLAS, exact here)."""

    def __init__(self, size: int, wrap: bool, p: int, single: bool) -> None:
        adjacency = np.zeros((size, size), dtype=np.float32 if single else np.float64)
        index = np.arange(size - 1)
        adjacency[index, index + 1] = adjacency[index + 1, index] = 1
        if wrap:
            adjacency[0, size - 1] = adjacency[size - 1, 0] = 1
        self.p, self.powers = p, [adjacency]

    def __getitem__(self, s: int) -> Matrix:
        with GROWTH:
            while len(self.powers) <= s:
                last = out = self.powers[-1]
                for _ in range(self.p - 1):
                    out = (out @ last) % self.p
                self.powers.append(out)
            return self.powers[s]


@lru_cache(maxsize=8)
def _frobenius(size: int, wrap: bool, p: int, single: bool) -> _Frobenius:
    return _Frobenius(size, wrap, p, single)


def _prime_power(grid: NDArray[np.int64], p: int, exponent: int, shape: GridShape) -> Matrix:
    """``T^exponent`` of a rows × cols board over GF(p), digit by digit."""
    # float32 sums of products of residues are exact below 2^24 (half the memory and time)
    single = 2 * max(shape.rows, shape.cols) * (p - 1) ** 2 + p < 1 << 24
    rows = _frobenius(shape.rows, shape.wrap_rows, p, single)
    cols = _frobenius(shape.cols, shape.wrap_cols, p, single)
    board: Matrix = (grid % p).astype(np.float32 if single else np.float64)
    d = float(shape.self_press)
    rest, s = exponent, 0
    while rest:
        rest, digit = divmod(rest, p)
        if digit:
            x, y = rows[s], cols[s]
            for _ in range(digit):
                board = (d * board + x @ board + board @ y.T) % p
        s += 1
    return (-board) % p if exponent % 2 else board


def lattice_power(
    system: PressSystem, board: NDArray[np.int64], kind: MapKind, times: int
) -> NDArray[np.uint8] | None:
    """The board after `times` ≥ 0 steps of the map on a plain grid with k square-free;
    None otherwise.

    Examples
    --------
    >>> from lograph.core.model.grids import grid_system
    >>> s = grid_system(256, 256)  # singular: the solution map is T's Drazin inverse
    >>> on_core = lattice_power(s, np.ones(s.n, dtype=np.int64), MapKind.PRESS, 2)
    >>> f = lattice_power(s, on_core.astype(np.int64), MapKind.SOLUTION, 1)
    >>> back = lattice_power(s, f.astype(np.int64), MapKind.PRESS, 1)
    >>> bool(np.array_equal(back, on_core))  # on the core f undoes the press map
    True
    """
    kind = MapKind(kind)
    shape = grid_shape(system)
    powers = system.ring.prime_powers
    if shape is None or any(e > 1 for _, e in powers) or times < 0:
        return None
    if times == 0:
        return (board % system.states).astype(np.uint8)
    order = lattice_order(system, MapKind.PRESS)
    if order is None:
        return None
    tail, period = order.tail, order.order
    if kind is MapKind.PRESS:
        exponent = times
    else:
        multiple = period * max(1, -(-(tail + 1) // period))  # jN with jN − 1 ≥ tail
        exponent = times * (multiple - 1)
    if exponent > tail:
        exponent = tail + (exponent - tail) % period
    grid = shape.board(board)
    k = system.states
    out = np.zeros((shape.rows, shape.cols), dtype=np.int64)
    for p, _ in powers:
        lift = (k // p) * pow(k // p, -1, p) % k  # 1 mod p, 0 mod k/p
        out = (out + lift * _prime_power(grid, p, exponent, shape).astype(np.int64)) % k
    result = np.zeros(system.n, dtype=np.uint8)
    result[shape.order] = out.ravel().astype(np.uint8)
    return result
