"""The general engine: dense Gauss–Jordan elimination of ``[A | I]`` over GF(p).

It handles everything a board can be — any prime p ≤ 251, directed boards (A not symmetric),
the open rule, self-action overrides — up to `DENSE_LIMIT` buttons. Registered as engine
``"dense"``: ``engine="auto"`` uses it for p > 2 when the ``chase-p`` engine refuses a
board (a chase with too many free buttons, `lograph.core.engines.chase_p`). The arithmetic
is `lograph.core.algebra.gfp`, a numpy elimination that polls `cancel` between pivots and runs ~20×
faster than galois field arrays; `lograph.core.engines.galois` runs the very same steps with
the galois library itself as the reference the other engines are tested against.

One elimination gives everything. Row-reducing ``[A | I]`` on the columns of A yields
``[R | T]`` with ``T A = R`` (T invertible) and rank r:

- the kernel of R (= ker A) gives the quiet patterns;
- the last n - r rows of T satisfy ``T_i A = 0``: a basis of the left kernel ker Aᵀ;
- ``A x = b`` ⇔ ``R x = T b``: solvable iff the last rows of ``T b`` vanish, and then
  ``x[pivots] = (T b)[:r]`` with the free entries 0 is a solution. Each later solve is a
  matrix–vector product, O(n²).

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> solver = DenseSolver(rectangle(4, 4).to_system())
>>> a = solver.analysis
>>> a.engine, a.rank, a.nullity, a.quiet.shape
('dense', 12, 4, (4, 16))
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, PreparedSolver
from lograph.core.algebra.gfp import kernel_from_rref, row_reduce
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel

__all__ = ["ENGINE_NAME", "DenseSolver", "RowReduce"]

ENGINE_NAME = "dense"
#: ``row_reduce(matrix, p, *, ncols=None, cancel=None) -> (rref, pivots)``
RowReduce = Callable[..., tuple[NDArray[np.uint8], NDArray[np.int64]]]
# Rows of T multiplied at a time in `particular`, bounding the int64 temporary.
_MATVEC_ROWS = 512


class DenseSolver(PreparedSolver):
    """A board prepared by dense elimination: its `Analysis` and fast repeated solves.

    Parameters
    ----------
    system : PressSystem
        The board; at most `DENSE_LIMIT` buttons.
    cancel : callable, optional
        Polled between pivots; returning True raises `InterruptedComputation`.
    reduce : callable, optional
        The row reduction to use (`lograph.core.algebra.gfp.row_reduce` by default).
    engine : str
        The name recorded in the `Analysis`.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> solver = DenseSolver(rectangle(3, 3).to_system())
    >>> x = solver.particular(np.ones(9, dtype=np.int64))
    >>> solver.system.apply(x).tolist() == [1] * 9
    True
    """

    def __init__(
        self,
        system: PressSystem,
        cancel: Cancel = None,
        reduce: RowReduce = row_reduce,
        engine: str = ENGINE_NAME,
    ) -> None:
        n, p = system.n, system.states
        augmented = np.concatenate([system.dense(), np.eye(n, dtype=np.uint8)], axis=1)
        reduced, pivots = reduce(augmented, p, ncols=n, cancel=cancel)
        r = len(pivots)
        self._system = system
        self._pivots = pivots
        # rows of T that produce the pivot rows (a copy, so the n × 2n array can go)
        self._transform = reduced[:r, n:].copy()
        # The left-kernel rows of T span ker Aᵀ; reducing them gives the canonical basis.
        left_kernel = reduce(reduced[r:, n:], p, cancel=cancel)[0]
        quiet = reduce(kernel_from_rref(reduced[:r, :n], pivots, p), p, cancel=cancel)[0]
        self._analysis = Analysis(
            n=n, states=p, rank=r, quiet=quiet, left_kernel=left_kernel, engine=engine
        )

    def particular(self, rhs: ArrayLike) -> NDArray[np.uint8] | None:
        """One x (entries 0..p-1) with ``A x = rhs (mod p)``, or None if there is none."""
        n, p = self._system.n, self._system.states
        b = self._rhs(rhs)
        if not self._analysis.is_solvable_pattern(b):
            return None
        x = np.zeros(n, dtype=np.uint8)
        t = self._transform
        for start in range(0, len(t), _MATVEC_ROWS):
            block = t[start : start + _MATVEC_ROWS].astype(np.int64)
            x[self._pivots[start : start + _MATVEC_ROWS]] = (block @ b) % p
        return x


def build(system: PressSystem, cancel: Cancel = None) -> DenseSolver:
    """Engine factory entry: `DenseSolver` for `system`."""
    return DenseSolver(system, cancel)
