"""Periods on grids and tori outright: the fast path of the dynamics for LightsOutWeb's boards.

`lattice_orbit` and `lattice_order` answer for boards recognised (and checked entry by entry)
as m×n rectangles, tori or cylinders with the plus rule, closed or open
(`lograph.core.dynamics.lattice_shape`), over any Z_k: prime by prime (Chinese remainders:
tails take the maximum, periods the lcm), a prime power p^e lifted from GF(p)
(`lograph.core.dynamics.lattice_lift`, while the map's order mod p stays below its bound).
Everything else is answered None and left to the general method.

The press map is multiplication in a ring of two-variable polynomials
(`lograph.core.dynamics.lattice_algebra`), split into small part pairs; a 256×256 board
takes a fraction of a second where iterating takes as many steps as its period
(docs/math.md, "Periods on grids and tori"; docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.dynamics.lattice_algebra import (
    Factors,
    PartPair,
    Side,
    lcm_factors,
    pair_orbit,
    side,
)
from lograph.core.dynamics.lattice_lift import lift_ring, lifted_orbit
from lograph.core.dynamics.lattice_shape import GridShape, grid_shape
from lograph.core.dynamics.records import MapKind, MapOrder, Orbit, board_vector
from lograph.core.model.system import PressSystem
from lograph.core.work import Work

__all__ = ["GridOrbit", "lattice_orbit", "lattice_order"]


@dataclass(frozen=True)
class GridOrbit:
    """The orbit of a board under the press map (for the map: the longest tail and its order).

    Attributes
    ----------
    tail : int
        Steps of the press map before the board enters its cycle.
    factors : dict of int to int
        The period's prime factorisation ({} for period 1).
    """

    tail: int
    factors: Factors

    @property
    def period(self) -> int:
        """The length of the cycle."""
        out = 1
        for q, e in self.factors.items():
            out *= q**e
        return out


@lru_cache(maxsize=16)
def _algebra(
    rows: int, wrap_rows: bool, cols: int, wrap_cols: bool, self_press: bool, p: int
) -> tuple[Side, Side, list[list[PartPair]]]:
    """Both sides and every part pair of a grid over GF(p) (the pairs keep their orders)."""
    row_side, col_side = side(rows, wrap_rows, p), side(cols, wrap_cols, p)
    pairs = [[PartPair(a, b, p, self_press) for b in col_side.parts] for a in row_side.parts]
    return row_side, col_side, pairs


def _prime_orbit(
    shape: GridShape, p: int, board: NDArray[np.int64] | None, work: Work | None = None
) -> tuple[int, Factors] | None:
    """Tail and period factors over GF(p) of `board` (None: of the unit, i.e. the map)."""
    rows, cols, pairs = _algebra(
        shape.rows, shape.wrap_rows, shape.cols, shape.wrap_cols, shape.self_press, p
    )
    coefficients = None
    if board is not None:
        coefficients = (rows.to_parts @ (board % p).astype(np.float64)) % p
        coefficients = (coefficients @ cols.to_parts.T) % p
    tail, period = 0, Factors()
    for row_part, row_pairs in zip(rows.parts, pairs, strict=True):
        for col_part, pair in zip(cols.parts, row_pairs, strict=True):
            if coefficients is None:
                block = np.zeros((row_part.dim, col_part.dim))
                block[0, 0] = 1.0
            else:
                block = coefficients[
                    row_part.start : row_part.start + row_part.dim,
                    col_part.start : col_part.start + col_part.dim,
                ]
            if work is not None:
                work.poll()
            answer = pair_orbit(pair, block)
            if answer is None:
                return None
            tail, period = max(tail, answer.tail), lcm_factors(period, answer.period)
    return tail, period


def _orbit(
    system: PressSystem, board: NDArray[np.int64] | None, work: Work | None = None
) -> GridOrbit | None:
    """Tail and period over Z_k of a board (None: of the map), prime by prime (CRT)."""
    shape = grid_shape(system)
    if shape is None:
        return None
    grid = None if board is None else shape.board(board)
    tail, period = 0, Factors()
    for p, e in system.ring.prime_powers:
        if e == 1:
            answer = _prime_orbit(shape, p, grid, work)
        else:
            answer = _lifted_orbit(shape, p, e, grid, work)
        if answer is None:
            return None
        tail, period = max(tail, answer[0]), lcm_factors(period, answer[1])
    return GridOrbit(tail, period)


def _lifted_orbit(
    shape: GridShape, p: int, e: int, board: NDArray[np.int64] | None, work: Work | None
) -> tuple[int, Factors] | None:
    """Tail and period factors over Z_(p^e), lifted from GF(p) (`lattice_lift`)."""
    whole = _prime_orbit(shape, p, None, work)
    mod_p = whole if board is None else _prime_orbit(shape, p, board, work)
    if whole is None or mod_p is None:
        return None
    ring = lift_ring(
        shape.rows, shape.wrap_rows, shape.cols, shape.wrap_cols, shape.self_press, p**e
    )
    if board is None:
        element = np.zeros((shape.rows, shape.cols), dtype=np.int64)
        element[0, 0] = 1
    else:
        element = ring.from_board(board)
    return lifted_orbit(ring, element, p, e, whole, mod_p[1], work)


def lattice_orbit(
    system: PressSystem, lights: ArrayLike | None, kind: MapKind, *, work: Work | None = None
) -> Orbit | None:
    """The orbit of a board under the solution or press map, when the board is a grid.

    Parameters
    ----------
    system : PressSystem
        The board; answered when it is a rectangle, torus or cylinder with the plus rule
        (closed or open), checked against its press matrix (any k; a prime power only
        while its lift stays within `~lograph.core.dynamics.lattice_lift.MAX_LIFT_BITS`).
    lights : array_like of int or None
        The board b (None: the system's own lights).
    kind : MapKind
        The solution map (b to its solution) or the press map (b to ``−A b``).
    work : Work, optional
        Cancellation, polled between part pairs and between the lift's powers.

    Returns
    -------
    Orbit or None
        None when the board is not one this fast path knows.

    Examples
    --------
    >>> from lograph.core.model.grids import grid_system
    >>> board = grid_system(128, 128, states=3)
    >>> o = lattice_orbit(board, np.ones(board.n, dtype=np.uint8), MapKind.SOLUTION)
    >>> o.tail, o.period, sorted(o.factors.items())
    (1, 31381059606, [(2, 1), (3, 1), (13, 1), (1093, 1), (368089, 1)])
    """
    kind = MapKind(kind)
    answer = _orbit(system, board_vector(system, lights), work)
    if answer is None:
        return None
    tail = answer.tail if kind is MapKind.PRESS else min(answer.tail, 1)
    return Orbit(kind, tail, answer.period, answer.factors, "lattice")


def lattice_order(
    system: PressSystem, kind: MapKind, *, work: Work | None = None
) -> MapOrder | None:
    """The map's order (the lcm of every board's period), its factors and the longest tail,
    when the board is a grid (see `lattice_orbit`); None otherwise.

    The boards form a free module of rank one over the ring, generated by the polynomial 1,
    whose annihilator is zero: its orbit has the longest tail and the map's period.

    Examples
    --------
    >>> from lograph.core.model.grids import grid_system
    >>> order = lattice_order(grid_system(5, 5), MapKind.PRESS)
    >>> order.order, order.tail, order.invertible
    (4, 4, False)
    """
    kind = MapKind(kind)
    answer = _orbit(system, None, work)
    if answer is None:
        return None
    invertible = answer.tail == 0
    tail = answer.tail if kind is MapKind.PRESS else min(answer.tail, 1)
    return MapOrder(kind, answer.period, answer.factors, tail, invertible, "lattice")
