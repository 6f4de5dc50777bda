"""`GridRowsSolver`: plain rectangles over GF(2), chased row by row in numpy.

A full m × n rectangle (every cell a button, the four-neighbour rule, closed or open) is the
board people meet most, and its chase needs no plan: pressing row r + 1 is forced by the
lights of row r, so the presses of row r are ``X_r = M_r y + c_r`` in the free presses y of
the first row, with ``M_{r+1} = M_{r−1} + N(M_r)`` (N adds each cell's left and right
neighbour, and the cell itself under the closed rule). The last row's lights give the check
system ``C = M_{m−2} + N(M_{m−1})``, n × n. Every step is a few vectorised XORs of packed
rows, so the whole analysis runs on numpy alone: a 1000 × 1000 board is analysed without
loading numba, whose start-up (~0.5 s) would otherwise be most of the command's time.

The chase runs along the longer side, so min(m, n) buttons are free. The answers are the
same as every other engine's once made canonical (`lograph.core.algebra.canonical`).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis, PreparedSolver
from lograph.core.chase.plan import ChasePlan
from lograph.core.engines.common import ANALYSIS_CANCELLED, check_basis_size
from lograph.core.kernels.bits import identity_rows, pack_rows, unpack_rows
from lograph.core.model.generators import grid_system
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = ["GridRowsSolver", "plain_rectangle", "rectangle_plan"]

U64 = NDArray[np.uint64]
U8 = NDArray[np.uint8]
_ONE = np.uint64(1)


def plain_rectangle(
    system: PressSystem, *, any_states: bool = False
) -> tuple[int, int, bool] | None:
    """``(rows, cols, closed)`` when `system` is a full rectangle of cells numbered row by
    row under the four-neighbour rule (closed: every press changes its own light; open:
    none does) over GF(2) (with `any_states`, over any Z_k); else None.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> plain_rectangle(grid_system(3, 4)), plain_rectangle(grid_system(3, 4, rule="open"))
    ((3, 4, True), (3, 4, False))
    """
    coords, n = system.coords, system.n
    if (system.ring.kind is not RingKind.GF2 and not any_states) or coords is None or n < 2:
        return None
    if not system.symmetric:
        return None
    rows, cols = int(coords[-1, 0]) + 1, int(coords[-1, 1]) + 1
    if rows * cols != n or rows < 2 or cols < 2:
        return None
    closed = bool(system.indptr[1] > 0 and system.indices[0] == 0)
    if n <= _SMALL_SHAPE:  # three comparisons with the rectangle's own arrays
        same = _plain_bytes(rows, cols, closed) == _bytes(system)
        return (rows, cols, closed) if same else None
    index = np.arange(n, dtype=np.int64)
    if not (
        np.array_equal(coords[:, 0], index // cols) and np.array_equal(coords[:, 1], index % cols)
    ):
        return None
    return (rows, cols, closed) if _has_stencil(system, rows, cols, closed) else None


#: Up to this many buttons a rectangle is recognised by comparing its arrays with a cached
#: plain rectangle's (~5 µs, where the checks below cost ~70 µs on a 5×5 board).
_SMALL_SHAPE = 4096


def _bytes(system: PressSystem) -> tuple[bytes, ...]:
    arrays = (system.coords, system.indptr, system.indices)
    return tuple(np.asarray(a, dtype=np.int64).tobytes() for a in arrays)


@lru_cache(maxsize=16)
def _plain_bytes(rows: int, cols: int, closed: bool) -> tuple[bytes, ...]:
    return _bytes(grid_system(rows, cols, rule="closed" if closed else "open"))


def rectangle_plan(system: PressSystem) -> ChasePlan | None:
    """The row-by-row chase of a plain rectangle over any Z_k (first row free along the
    longer side, each light forcing the button beyond it, the last row checked), or None:
    the plan `lograph.core.chase.plan.chase_plan` would find after trying dozens of orders
    (on a 5×5 board over GF(3) that search was 60 % of the analysis).

    >>> rectangle_plan(grid_system(2, 3, states=3)).free.tolist()
    [0, 3]
    """
    shape = plain_rectangle(system, any_states=True)
    if shape is None:
        return None
    rows, cols, _ = shape
    cells = np.arange(system.n, dtype=np.int64).reshape(rows, cols)
    if cols > rows:
        cells = np.ascontiguousarray(cells.T)
    lights = np.full(cells.shape, -1, dtype=np.int64)
    lights[1:] = cells[:-1]
    return ChasePlan(cells.ravel(), lights.ravel(), cells[-1].copy())


def _has_stencil(system: PressSystem, rows: int, cols: int, closed: bool) -> bool:
    """Whether column j of A holds exactly j − cols, j − 1, (j), j + 1, j + cols where they
    exist, in that (ascending) order; checked one direction at a time, so a board of 16
    million buttons needs a few arrays of its size, not a table of five."""
    n = rows * cols
    j = np.arange(n, dtype=np.int64)
    c = j % cols
    directions = [(-cols, j >= cols), (-1, c > 0)]
    if closed:
        directions.append((0, np.ones(n, dtype=bool)))
    directions += [(1, c < cols - 1), (cols, j < n - cols)]
    offset = np.zeros(n, dtype=np.int64)  # where the next direction's entry sits in column j
    for delta, exists in directions:
        at = system.indptr[:-1][exists] + offset[exists]
        if len(at) and (
            at.max() >= len(system.indices)
            or not np.array_equal(system.indices[at], j[exists] + delta)
        ):
            return False
        offset += exists
    return bool(np.array_equal(np.diff(system.indptr), offset))


def _neighbours_into(out: U64, rows: U64, closed: bool) -> None:
    """``out ^= N(rows)``: each cell's left and right neighbour (and itself when closed);
    `rows` holds one packed row of bits per cell."""
    if closed:
        out ^= rows
    out[1:] ^= rows[:-1]
    out[:-1] ^= rows[1:]


def _chase(first: U64, steps: int, closed: bool, keep: bool) -> tuple[U64, list[U64]]:
    """Run ``X_{r+1} = X_{r−1} + N(X_r)`` from ``X_0 = first`` for `steps` rows; returns
    the last row's check ``X_{steps−2} + N(X_{steps−1})`` and, with `keep`, every X_r."""
    before, row = np.zeros_like(first), first.copy()
    kept = [row.copy()] if keep else []  # the buffers are reused below
    for _ in range(steps - 1):
        _neighbours_into(before, row, closed)  # before becomes X_{r+1}
        before, row = row, before
        if keep:
            kept.append(row.copy())
    _neighbours_into(before, row, closed)
    return before, kept


class GridRowsSolver(PreparedSolver):
    """Analyse a plain rectangle (see `plain_rectangle`) by the row-by-row chase.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> a = GridRowsSolver(grid_system(5, 5)).analysis
    >>> a.engine, a.rank, a.free_buttons
    ('fast-grid', 23, 5)
    """

    def __init__(self, system: PressSystem, cancel: Cancel = None) -> None:
        shape = plain_rectangle(system)
        if shape is None:
            raise ValueError("GridRowsSolver needs a plain rectangle (see plain_rectangle)")
        rows, cols, self._closed = shape
        self._system = system
        self._transposed = cols > rows  # chase along the longer side: fewer free buttons
        self._steps, self._free = (cols, rows) if self._transposed else (rows, cols)
        k = self._free
        check, _ = _chase(identity_rows(k), self._steps, self._closed, keep=False)
        poll(cancel, ANALYSIS_CANCELLED)
        self._reduced, self._transform, self._pivots = _reduce(check, k, cancel)
        nullity = k - len(self._pivots)
        check_basis_size(nullity, system.n)
        quiet = self._quiet_patterns(nullity)
        self._analysis = Analysis(
            n=system.n,
            states=2,
            rank=system.n - nullity,
            quiet=quiet,
            left_kernel=quiet,  # A is symmetric
            engine="fast-grid",
            free_buttons=k,
        )

    @property
    def chase_plan(self) -> ChasePlan | None:
        """The row-by-row chase this engine ran (first row free, each light forcing the
        button below it, the last row checked), built on first use."""
        if self._chase_plan is None:
            cells = np.asarray(self._cells(np.arange(self._system.n)), dtype=np.int64)
            lights = np.full((self._steps, self._free), -1, dtype=np.int64)
            lights[1:] = cells[:-1]
            self._chase_plan = ChasePlan(cells.ravel(), lights.ravel(), cells[-1].copy())
        return self._chase_plan

    @chase_plan.setter
    def chase_plan(self, plan: ChasePlan | None) -> None:
        self._chase_plan = plan

    def _cells(self, vector: NDArray[np.generic]) -> NDArray[np.generic]:
        """A board vector as a (steps, free) table of the chase's rows."""
        if self._transposed:
            return vector.reshape(self._free, self._steps).T
        return vector.reshape(self._steps, self._free)

    def _board(self, table: NDArray[np.generic]) -> NDArray[np.generic]:
        """Inverse of `_cells`: (steps, free, …) back to board order."""
        if self._transposed:
            table = np.swapaxes(table, 0, 1)
        return np.ascontiguousarray(table).reshape(self._system.n, *table.shape[2:])

    def _quiet_patterns(self, nullity: int) -> U8:
        """The kernel of the check system pushed through the chase: ker A, one row each."""
        n, k = self._system.n, self._free
        if nullity == 0:
            return np.zeros((0, n), dtype=np.uint8)
        free_columns = np.setdiff1d(np.arange(k), self._pivots)
        reduced = unpack_rows(self._reduced[: len(self._pivots)], k)
        kernel = np.zeros((nullity, k), dtype=np.uint8)
        kernel[np.arange(nullity), free_columns] = 1
        kernel[:, self._pivots] = reduced[:, free_columns].T
        # one packed word row per cell, bit s = pattern s: the chase moves all at once
        _, kept = _chase(pack_rows(kernel.T), self._steps, self._closed, keep=True)
        table = unpack_rows(np.concatenate(kept), nullity)  # (steps·free, nullity)
        return np.ascontiguousarray(self._board(table.reshape(self._steps, k, nullity)).T)

    def particular(self, rhs: NDArray[np.int64]) -> U8 | None:
        """One x with ``A x = rhs (mod 2)``, or None when the pattern is unsolvable."""
        b = self._cells((self._rhs(rhs) & 1).astype(np.uint8))
        x, residual = self._scalar_chase(b, np.zeros(self._free, dtype=np.uint8))
        if not residual.any():
            return x
        packed = pack_rows(residual[None, :])[0]
        image = np.bitwise_count(self._transform & packed).sum(axis=1) & 1
        rank = len(self._pivots)
        if image[rank:].any():
            return None
        first = np.zeros(self._free, dtype=np.uint8)
        first[self._pivots] = image[:rank]
        return self._scalar_chase(b, first)[0]

    def _scalar_chase(self, b: NDArray[np.generic], first: U8) -> tuple[U8, U8]:
        """Presses from the first row `first` with lights `b`, and the last row's residual."""
        presses = np.zeros((self._steps, self._free), dtype=np.uint8)
        presses[0] = first
        for r in range(self._steps):
            light = b[r] ^ presses[r] if self._closed else b[r].copy()
            light[1:] ^= presses[r, :-1]
            light[:-1] ^= presses[r, 1:]
            if r:
                light ^= presses[r - 1]
            if r + 1 == self._steps:
                return self._board(presses).astype(np.uint8), light.astype(np.uint8)
            presses[r + 1] = light
        raise AssertionError("unreachable")  # pragma: no cover


def _reduce(check: U64, k: int, cancel: Cancel) -> tuple[U64, U64, NDArray[np.int64]]:
    """Gauss–Jordan elimination of the packed k × k check system, with its transform T
    (``T · check`` is the reduced form; rows past the rank of T are its left kernel)."""
    m, t = check.copy(), identity_rows(k)
    pivots: list[int] = []
    for c in range(k):
        r = len(pivots)
        word, bit = c >> 6, np.uint64(c & 63)
        hits = np.flatnonzero((m[r:, word] >> bit) & _ONE)
        if not len(hits):
            continue
        p = r + int(hits[0])
        if p != r:
            m[[r, p]], t[[r, p]] = m[[p, r]], t[[p, r]]
        others = ((m[:, word] >> bit) & _ONE).astype(bool)
        others[r] = False
        m[others] ^= m[r]
        t[others] ^= t[r]
        pivots.append(c)
        if len(pivots) == k:
            break
        if not c & 63:
            poll(cancel, ANALYSIS_CANCELLED)
    return m, t, np.array(pivots, dtype=np.int64)
