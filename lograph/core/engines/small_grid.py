"""The small engine on plain rectangles: the light chase on Python ints, bit-sliced.

On a full m × w rectangle under the four-neighbour rule the presses of row r + 1 are forced
by the lights of row r: ``X_{r+1} = X_{r−1} + N(X_r) + b_r`` (N adds each cell's left and
right neighbour, and the cell itself under the closed rule). With the w presses of the first
row left as unknowns, every row's presses are affine in them; the virtual row m must vanish,
which is a w × w check system (`lograph.core.engines.fast_grid` runs the same chase on numpy
arrays for big boards).

Here one Python int holds a whole row's affine form, *bit-sliced*: slot j (w bits and two
guard bits) holds which cells of the row depend on unknown j. ``N`` is then two shifts and a
mask for all unknowns at once, so the chase is a handful of int operations per row (5×5:
~7 µs with the check system reduced; 20×20: ~18 µs, against ~60 µs and ~0.9 ms for
elimination on the rows of ``[A | I]``). Quiet patterns come from chasing each kernel vector
of the check system as a first row; one solution from chasing its lights alone, solving the
check system, and chasing again from the first row found. The chase runs along the longer
side, so min(m, w) unknowns.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> solver = GridIntsSolver(grid_system(5, 5), 5, 5, True)
>>> a = solver.analysis
>>> a.engine, a.rank, a.nullity
('small', 23, 2)
>>> import numpy as np
>>> x = solver.particular(np.ones(25, dtype=np.uint8))
>>> bool((grid_system(5, 5).apply(x) % 2 == 1).all())
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, PreparedSolver, Solver
from lograph.core.engines import small
from lograph.core.engines.fast_grid import plain_rectangle
from lograph.core.kernels.jit import compiled_ready
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel

__all__ = ["GridIntsSolver", "build"]


def _to_int(bits: NDArray[np.uint8]) -> int:
    """A 0/1 vector as an int, bit i = entry i."""
    return int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")


def _to_bits(value: int, n: int) -> NDArray[np.uint8]:
    packed = np.frombuffer(value.to_bytes((n + 7) >> 3, "little"), np.uint8)
    bits: NDArray[np.uint8] = np.unpackbits(packed, bitorder="little", count=n)
    return bits


class GridIntsSolver(PreparedSolver):
    """A plain rectangle over GF(2), chased row by row on bit-sliced Python ints."""

    #: the answers are already in `lograph.core.algebra.canonical` form
    canonical = True

    def __init__(self, system: PressSystem, rows: int, cols: int, closed: bool) -> None:
        self._system = system
        # chase along the longer side: cells are then read in the transposed order
        self._flip = cols > rows
        m, w = (cols, rows) if self._flip else (rows, cols)
        self._m, self._w, self._closed = m, w, closed
        self._ones = (1 << w) - 1
        slot = w + 2  # w bits and two guard bits, so shifts never cross into a neighbour
        # ones in every slot's w cells, and unknown j pressing cell j of the first row: the
        # geometric series sum of 1 << (j · step) for j < w is (2^(w·step) − 1) / (2^step − 1)
        mask = self._ones * (((1 << (slot * w)) - 1) // ((1 << slot) - 1))
        first = ((1 << ((slot + 1) * w)) - 1) // ((1 << (slot + 1)) - 1)
        last = self._chase_rows(first, 0, mask)[-1]
        # the check system: unknown j's effect on the virtual row m, tagged with 1 << (w + j)
        checks = [(last >> (j * slot)) & self._ones | 1 << (w + j) for j in range(w)]
        self._pivots, kernel = small.echelon(checks)
        quiet = small.rref_ints([self._presses(v, 0) for v in kernel])
        self._quiet = [((q & -q).bit_length() - 1, q) for q in quiet]
        array = small._to_array(quiet, system.n)
        self._analysis = Analysis(
            n=system.n,
            states=2,
            rank=system.n - len(quiet),
            quiet=array,
            left_kernel=array,  # A is symmetric
            engine=small.ENGINE_NAME,  # no free buttons reported, like the small engine's
        )  # other paths: what `analyze` prints never depends on which one ran

    def _chase_rows(self, first: int, lights: int, mask: int) -> list[int]:
        """Rows 0..m of presses from `first` (row m is virtual: it must come out 0), with
        `lights` (m rows of w bits, row r at bit r·w) the lights to make."""
        before, row, w, ones = 0, first, self._w, self._ones
        out = [row]
        closed = self._closed
        for r in range(self._m):
            spread = (row << 1 ^ row >> 1 ^ row if closed else row << 1 ^ row >> 1) & mask
            before, row = row, spread ^ before
            if lights:
                row ^= lights >> (r * w) & ones
            out.append(row)
        return out

    def _presses(self, first: int, lights: int) -> int:
        """All m·w presses (cell order) chased from first-row presses `first`."""
        rows = self._chase_rows(first, lights, self._ones)
        x, w = 0, self._w
        for r in range(self._m - 1, -1, -1):
            x = x << w | rows[r]
        return self._order(x, forward=False) if self._flip else x

    def _order(self, value: int, *, forward: bool) -> int:
        """Cells from the board's row-by-row order into the chase's (or back), when the
        chase runs along the board's columns."""
        rows, cols = (self._w, self._m) if forward else (self._m, self._w)
        bits = _to_bits(value, rows * cols).reshape(rows, cols)
        return _to_int(np.ascontiguousarray(bits.T).ravel())

    def particular(self, rhs: ArrayLike) -> NDArray[np.uint8] | None:
        """The x with ``A x = rhs (mod 2)`` that is 0 on the quiet pivots, or None."""
        lights = _to_int((self._rhs(rhs) & 1).astype(np.uint8))
        if self._flip:
            lights = self._order(lights, forward=True)
        need = self._chase_rows(0, lights, self._ones)[-1]  # what the unknowns must cancel
        while need & self._ones:  # reduce by the check system: the tag part collects them
            other = self._pivots.get((need & -need).bit_length())
            if other is None:
                return None
            need ^= other
        x = self._presses(need >> self._w, lights)
        for c, q in self._quiet:
            if x >> c & 1:
                x ^= q
        return _to_bits(x, self._system.n)


def build(system: PressSystem, cancel: Cancel = None) -> Solver:
    """The small engine's factory: the int chase on a plain rectangle over GF(2), else
    `lograph.core.engines.small.build` (also for rectangles of up to 128 buttons once
    numba is loaded: its compiled LU takes ~22 µs on the 5×5 board, the chase ~45 µs)."""
    if system.n <= 128 and compiled_ready(*small.lu_kernels()):  # the cheaper test first
        return small.build(system, cancel)
    shape = plain_rectangle(system)
    if shape is not None:
        return GridIntsSolver(system, *shape)
    return small.build(system, cancel)
