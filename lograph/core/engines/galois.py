"""The reference engine: the galois library's own row reduction over GF(p).

It performs the same Gauss–Jordan elimination of ``[A | I]`` as the ``dense`` engine (see
`lograph.core.engines.dense` for how one elimination yields rank, quiet patterns, left kernel
and solutions), but every field operation is galois's (`galois.GF(p)` arrays and
`FieldArray.row_reduce`). It is the independent yardstick the faster engines are tested
against and is chosen with ``--engine galois``; ``auto`` never picks it because galois's
reduction is one uninterruptible call (`cancel` is polled only before and after it) and is
~20× slower than the numpy elimination.

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> a = GaloisSolver(rectangle(5, 5).to_system()).analysis
>>> a.engine, a.rank, a.nullity
('galois', 23, 2)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.engines.common import GALOIS_LIMIT
from lograph.core.engines.dense import DenseSolver
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = ["ENGINE_NAME", "GALOIS_LIMIT", "GaloisSolver", "galois_row_reduce"]

ENGINE_NAME = "galois"


_CANCELLED = "galois elimination cancelled"


def galois_row_reduce(
    matrix: NDArray[np.integer],
    p: int,
    *,
    ncols: int | None = None,
    cancel: Cancel = None,
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """Reduced row echelon form of `matrix` mod p (on its first `ncols` columns) by galois.

    Returns the reduced matrix as uint8 and the pivot column of each non-zero row.
    """
    import galois

    poll(cancel, _CANCELLED)
    field = galois.GF(p)
    rows, cols = matrix.shape
    if rows == 0 or cols == 0:
        return np.zeros((rows, cols), dtype=np.uint8), np.zeros(0, dtype=np.int64)
    reduced = field(np.asarray(matrix, dtype=np.int64) % p).row_reduce(ncols=ncols)
    poll(cancel, _CANCELLED)
    out = np.asarray(reduced.view(np.ndarray), dtype=np.uint8)
    left = out[:, : cols if ncols is None else ncols] != 0
    nonzero = left.any(axis=1)
    pivots = np.argmax(left[nonzero], axis=1).astype(np.int64)
    return out, pivots


class GaloisSolver(DenseSolver):
    """`DenseSolver` with galois doing every elimination."""

    def __init__(self, system: PressSystem, cancel: Cancel = None) -> None:
        super().__init__(system, cancel, reduce=galois_row_reduce, engine=ENGINE_NAME)
