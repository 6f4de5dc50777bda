"""One form of the answers for every engine: outputs do not depend on which engine ran.

Over GF(p) the quiet patterns and the worlds are vector spaces, and each engine finds its
own basis of them (the chase's comes from its free buttons, elimination's from the reduced
matrix), and its own particular solution. Every prime-field solver built through the
registry is passed through `canonical_solver`, which fixes one representative of each:

- the quiet basis and the left kernel in reduced row echelon form (pivot = the first non-zero
  entry of a row, in button order; pivots equal to 1, the only non-zero of their columns,
  rows ordered by pivot) — the unique such basis of the space;
- the particular solution reduced against the quiet basis: ``x - sum(x[c_i] * q_i)`` over
  the quiet rows q_i with pivot c_i, the unique solution that is 0 on every quiet pivot.

It costs O(k²N) for k quiet patterns on N buttons, next to nothing beside the elimination
that found them. Over Z_k with k composite the quiet generators come with their orders and
are left as the engine returns them. An engine whose answers already have this form (the
``small`` engine) sets ``canonical = True`` on its solver and is passed through untouched.

Examples
--------
>>> import numpy as np
>>> rref_basis(np.array([[1, 1, 0, 1], [1, 0, 1, 1]], dtype=np.uint8), 2).tolist()
[[1, 0, 1, 1], [0, 1, 1, 0]]
>>> q = rref_basis(np.array([[2, 1, 0]], dtype=np.uint8), 3)
>>> q.tolist(), reduce_against(np.array([1, 1, 1], dtype=np.uint8), q, 3).tolist()
([[1, 2, 0]], [0, 2, 1])
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import PreparedSolver, Solver
from lograph.core.algebra.gfp import SMALL_WORK, row_reduce
from lograph.core.model.ring import Ring, RingKind

__all__ = ["CanonicalSolver", "canonical_solver", "pivot_columns", "reduce_against", "rref_basis"]

U8 = NDArray[np.uint8]
#: From this many quiet patterns over GF(2) the pivots are found on packed rows.
_PACKED_ROWS = 64


def pivot_columns(basis: U8) -> NDArray[np.int64]:
    """The column of each row's first non-zero entry (rows must be non-zero)."""
    columns: NDArray[np.int64] = np.argmax(basis != 0, axis=1).astype(np.int64)
    return columns


def rref_basis(rows: ArrayLike, p: int) -> U8:
    """The reduced row echelon basis of the row space of `rows` over GF(p) (zero rows
    dropped), of shape ``(rank, N)``.

    The pivots are found on a prefix of the columns some row touches (they usually lie in
    the first few dozen), the row operations that reduce the prefix are recorded in a
    transform T, and the whole basis is ``T @ rows``; where the prefix misses some pivots
    it is widened.
    """
    matrix = np.asarray(rows, dtype=np.uint8)
    if matrix.size and int(matrix.max()) >= p:  # engines give reduced entries: no copy then
        matrix = matrix % p
    k, n = matrix.shape
    if k == 0 or n == 0:
        return np.zeros((0, n), dtype=np.uint8)
    # over GF(p), p > 2, a few rows of a small board: reduce them at once
    if Ring.of(p).kind is not RingKind.GF2 and k * k * n <= SMALL_WORK:
        reduced, pivots = row_reduce(matrix, p)
        return reduced[: len(pivots)]
    # Pivots lie in columns some row touches: reduce only those (a quiet pattern of a few
    # buttons far down the numbering would otherwise widen the prefix to all N columns).
    support = np.flatnonzero(matrix.any(axis=0))
    touched = matrix[:, support]
    span = len(support)
    width = min(span, 2 * k + 64)
    while True:
        transform, pivots = _prefix_transform(touched[:, :width], p)
        if len(pivots) == k or width == span:
            break
        width = min(span, 4 * width)
    if len(pivots) < k:  # dependent rows: keep the independent combinations
        transform = transform[: len(pivots)]
    if np.array_equal(transform, np.eye(k, dtype=np.uint8)):  # already in RREF
        return matrix
    return _times(transform, matrix, p)


def _prefix_transform(prefix: U8, p: int) -> tuple[U8, NDArray[np.int64]]:
    """The row operations T that bring `prefix` (k × w) to reduced row echelon form, and
    its pivot columns. Many rows over GF(2) go through the packed compiled kernel (the
    engine that found that many quiet patterns has loaded it already); otherwise
    `row_reduce` on ``[prefix | I]``."""
    k, width = prefix.shape
    if Ring.of(p).kind is RingKind.GF2 and k >= _PACKED_ROWS:
        from lograph.core.kernels.bits import identity_rows, pack_rows, rref_packed, unpack_rows

        packed, operations = pack_rows(prefix), identity_rows(k)
        pivots = rref_packed(packed, operations, width)
        return unpack_rows(operations, k), pivots
    reduced, pivots = row_reduce(
        np.concatenate([prefix, np.eye(k, dtype=np.uint8)], axis=1), p, ncols=width
    )
    return reduced[:, width:], pivots


def _times(transform: U8, matrix: U8, p: int) -> U8:
    """``transform @ matrix mod p`` (r × k by k × N), exact."""
    if Ring.of(p).kind is RingKind.GF2:
        from lograph.core.kernels.bits import pack_rows, times_packed, unpack_rows

        packed = pack_rows(matrix)
        rows, cols = np.nonzero(transform)  # row-major: grouped by output row
        counts = np.bincount(rows, minlength=len(transform))
        several = np.flatnonzero(counts > 1)
        if len(several) * 4 <= len(transform):
            # Nearly a permutation (quiet patterns of separate small components): gather one
            # source row per output row, XOR the few others row by row.
            starts = np.searchsorted(rows, np.arange(len(transform)))
            summed = np.zeros((len(transform), packed.shape[1]), dtype=np.uint64)
            some = counts > 0
            summed[some] = packed[cols[starts[some]]]
            for i in several:
                block = packed[cols[starts[i] : starts[i] + counts[i]]]
                summed[i] = np.bitwise_xor.reduce(block, axis=0)
        else:  # dense: eight rows at a time through 256-row tables (Four Russians)
            summed = times_packed(transform, packed)
        return np.ascontiguousarray(unpack_rows(summed, matrix.shape[1]))
    # float64 is exact: k·(p-1)² < 2^53 for any basis that fits in memory; columns go in
    # slabs so the float temporaries stay near 128 MB
    left = transform.astype(np.float64)
    out = np.empty((len(transform), matrix.shape[1]), dtype=matrix.dtype)
    step = max(1, (1 << 24) // len(matrix))
    for start in range(0, matrix.shape[1], step):
        product = left @ matrix[:, start : start + step].astype(np.float64)
        out[:, start : start + step] = np.mod(product, p)
    return out


def reduce_against(x: U8, basis: U8, p: int) -> U8:
    """`x` minus the combination of the RREF `basis` rows that makes it 0 on their pivots."""
    if len(basis) == 0:
        return x
    coefficients = x[pivot_columns(basis)].astype(np.int64)
    if not coefficients.any():
        return x
    shift = (coefficients @ basis.astype(np.int64)) % p
    return ((x.astype(np.int64) - shift) % p).astype(np.uint8)


class CanonicalSolver(PreparedSolver):
    """Another engine's solver with its answers in the canonical form (module docstring)."""

    canonical = True

    def __init__(self, inner: Solver) -> None:
        analysis = inner.analysis
        p = analysis.states
        self.inner = inner
        self._system = inner.system
        self._chase_plan = inner.chase_plan
        quiet = rref_basis(analysis.quiet, p)
        same = analysis.left_kernel is analysis.quiet  # symmetric A: one basis for both
        left = quiet if same else rref_basis(analysis.left_kernel, p)
        self._analysis = replace(analysis, quiet=quiet, left_kernel=left)

    def particular(self, rhs: ArrayLike) -> U8 | None:
        """The solution of ``A x = rhs (mod p)`` that is 0 on the quiet pivots, or None."""
        x = self.inner.particular(self._rhs(rhs))
        if x is None:
            return None
        return reduce_against(x, self._analysis.quiet, self._analysis.states)


def canonical_solver(solver: Solver) -> Solver:
    """`solver` with canonical answers (unchanged over Z_k, or when already canonical)."""
    if getattr(solver, "canonical", False) or not solver.analysis.prime:
        return solver
    return CanonicalSolver(solver)
