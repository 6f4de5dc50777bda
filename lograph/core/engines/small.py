"""The small-board engine: Gauss–Jordan elimination with Python ints as bit rows.

Registered as engine ``"small"``. On a board of a few dozen buttons the fixed costs of the
other engines dominate: planning a chase (several orders, each a compiled kernel call) costs
~0.5 ms on 25 buttons, and loading numba costs a whole process ~0.4 s. Here each row of
``[A | I]`` over GF(2) is one Python int (bit w = button w, bit n + i = row i of the
identity), so a pivot step is one XOR per row and the 5×5 board is analysed in tens of
microseconds with nothing but the standard library. Over GF(p) (p > 2) it runs the numpy
elimination of the dense engine (`lograph.core.algebra.gfp`), again without numba.

The answers are those of the ``dense`` engine exactly: the same canonical (reduced echelon)
quiet basis and left kernel, and the same particular solution (free buttons 0), because the
reduced echelon form is unique. Elimination costs O(n³/64) word operations, so the engine
stops at `SMALL_LIMIT` buttons.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> a = SmallSolver(grid_system(5, 5)).analysis
>>> a.engine, a.rank, a.nullity, a.free_buttons
('small', 23, 2, None)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, PreparedSolver, Solver
from lograph.core.cancel import Cancel, poll
from lograph.core.engines.common import ANALYSIS_CANCELLED, SMALL_LIMIT
from lograph.core.model.system import PressSystem

__all__ = ["ENGINE_NAME", "SMALL_LIMIT", "SmallSolver", "bit_rows", "build", "reduce_bits"]

ENGINE_NAME = "small"


def bit_rows(system: PressSystem) -> list[int]:
    """Row u of A (the buttons changing light u) as an int with bit w set per button w."""
    rows = [0] * system.n
    indptr, indices = system.indptr.tolist(), system.indices.tolist()
    for w in range(system.n):
        bit = 1 << w
        for u in indices[indptr[w] : indptr[w + 1]]:
            rows[u] |= bit
    return rows


def reduce_bits(rows: list[int], ncols: int, cancel: Cancel = None) -> list[int]:
    """Reduced row echelon form over GF(2) of bit rows, pivoting on bits ``0..ncols-1``.

    Returns the rows (non-zero pivot rows first, by pivot bit; then the rest); the pivot of
    row i is its lowest set bit, for i below the rank.
    """
    rows = list(rows)
    rank = 0
    for col in range(ncols):
        bit = 1 << col
        for i in range(rank, len(rows)):
            if rows[i] & bit:
                break
        else:
            continue
        rows[rank], rows[i] = rows[i], rows[rank]
        pivot = rows[rank]
        for j in range(len(rows)):
            if j != rank and rows[j] & bit:
                rows[j] ^= pivot
        rank += 1
        if cancel is not None and not col & 63:
            poll(cancel, ANALYSIS_CANCELLED)
    return rows


def _rank_of(rows: list[int], ncols: int) -> int:
    mask = (1 << ncols) - 1
    return sum(1 for row in rows if row & mask)


def _to_array(rows: list[int], n: int) -> NDArray[np.uint8]:
    """Bit rows as a ``(len(rows), n)`` 0/1 array."""
    if not rows:
        return np.zeros((0, n), dtype=np.uint8)
    nbytes = (n + 7) // 8
    packed = np.frombuffer(b"".join(r.to_bytes(nbytes, "little") for r in rows), np.uint8)
    bits = np.unpackbits(packed.reshape(len(rows), nbytes), axis=1, bitorder="little")
    return np.ascontiguousarray(bits[:, :n])


def _canonical(rows: list[int], n: int) -> NDArray[np.uint8]:
    """The reduced echelon basis of the span of `rows` (as the dense engine reports it)."""
    reduced = reduce_bits(rows, n)
    return _to_array(reduced[: _rank_of(reduced, n)], n)


class SmallSolver(PreparedSolver):
    """A GF(2) board prepared by elimination on int bit rows (any direction and rule)."""

    def __init__(self, system: PressSystem, cancel: Cancel = None) -> None:
        n = system.n
        reduced = reduce_bits(
            [row | (1 << (n + i)) for i, row in enumerate(bit_rows(system))], n, cancel
        )
        rank = _rank_of(reduced, n)
        self._system = system
        # x[pivot_i] = parity(T_i · b): one (pivot, T_i) pair per pivot row
        self._pivot_rows = [((row & -row).bit_length() - 1, row >> n) for row in reduced[:rank]]
        self._left = [row >> n for row in reduced[rank:]]
        pivots = {p for p, _ in self._pivot_rows}
        # ker R: per free column f, x[f] = 1 and x[pivot_i] = R[i, f]
        kernel = []
        for f in range(n):
            if f not in pivots:
                vec = 1 << f
                for i, row in enumerate(reduced[:rank]):
                    if row >> f & 1:
                        vec |= 1 << self._pivot_rows[i][0]
                kernel.append(vec)
        self._analysis = Analysis(
            n=n,
            states=2,
            rank=rank,
            quiet=_canonical(kernel, n),
            left_kernel=_canonical(self._left, n),
            engine=ENGINE_NAME,
        )

    def particular(self, rhs: ArrayLike) -> NDArray[np.uint8] | None:
        """One x with ``A x = rhs (mod 2)`` (free buttons 0), or None when unsolvable."""
        bits = (self._rhs(rhs) & 1).astype(np.uint8)
        b = int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")
        if any((row & b).bit_count() & 1 for row in self._left):
            return None
        x = np.zeros(self._system.n, dtype=np.uint8)
        for pivot, row in self._pivot_rows:
            x[pivot] = (row & b).bit_count() & 1
        return x


def build(system: PressSystem, cancel: Cancel = None) -> Solver:
    """Engine factory entry: bit rows over GF(2), the numpy elimination over GF(p)."""
    if system.states == 2:
        return SmallSolver(system, cancel)
    from lograph.core.engines.dense import DenseSolver

    return DenseSolver(system, cancel, engine=ENGINE_NAME)
