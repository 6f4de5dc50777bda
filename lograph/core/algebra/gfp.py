"""Small exact linear algebra over the prime field GF(p) on plain numpy arrays.

Matrices are numpy integer arrays (any integer dtype; entries are reduced mod p) and results
are ``uint8`` arrays with entries ``0..p-1``. Everything rests on one Gauss–Jordan routine,
`row_reduce`, which follows the algorithm of ``galois.FieldArray.row_reduce`` but

- polls a `cancel` callable between pivots (a 6000-button board takes a while), and
- works on raw unsigned arrays: XOR rows for p = 2; for p > 2 ``row + f·pivot`` with the
  ``mod p`` deferred until the dtype's headroom is used up (uint16 for p ≤ 61, uint32
  above). On the 1600 × 3200 ``[A | I]`` of a 40×40 board with p = 3 this takes about
  0.8 s, against about 15 s for the same loop on galois field arrays (measured on the
  shared build machine). The galois library itself is the independent oracle in the tests
  (``tests/core/algebra/test_gfp.py``).

It never calls ``np.linalg.solve`` (galois's raises on singular matrices) or galois's
``null_space`` (about 8× the matrix's memory): `solve` row-reduces ``[A | b]`` and
`null_space` reads the kernel straight off the reduced matrix.

Examples
--------
>>> import numpy as np
>>> a = np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
>>> rank(a, 2), rank(a, 3)
(2, 3)
>>> null_space(a, 2).tolist()
[[1, 1, 1]]
>>> solve(a, [1, 0, 1], 2).tolist()
[1, 0, 0]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError
from lograph.core.model.ring import Ring, RingKind
from lograph.core.work import Cancel, poll

__all__ = [
    "MAX_PRIME",
    "SMALL_WORK",
    "check_prime",
    "kernel_from_rref",
    "left_null_space",
    "null_space",
    "rank",
    "row_reduce",
    "solve",
]

#: Largest p handled (the largest prime number of states): products of two entries must fit
#: in uint16. Composite k: `lograph.core.algebra.zk`.
MAX_PRIME = 251
U8 = NDArray[np.uint8]
# Row updates are done in slabs of about this many entries, so the temporaries stay small
# even on a 6000 × 12000 augmented matrix.
_SLAB = 1 << 22
Work = NDArray[np.unsignedinteger]
#: Up to about this much work (rows² × columns) Gauss–Jordan runs on Python lists: numpy's
#: per-call cost dominates a small check system (5 × 10: 27 µs against 126 µs; equal near
#: 15 × 30).
SMALL_WORK = 4096


def check_prime(p: int) -> int:
    """Return `p` as an int if it is a prime in ``2..MAX_PRIME``, else raise `BoardError`."""
    if isinstance(p, bool) or not isinstance(p, int | np.integer):
        raise BoardError(f"field size {p!r} is not an integer")
    p = int(p)
    # the range first: trial division of a 19-digit number would not end
    if not 2 <= p <= MAX_PRIME or not Ring.of(p).is_field:
        raise BoardError(f"field size {p} must be a prime between 2 and {MAX_PRIME}")
    return p


def _as_matrix(matrix: ArrayLike, p: int) -> NDArray[np.integer]:
    """Validate a 2-D integer matrix and reduce it mod p (unsigned input keeps its dtype,
    so a 6000 × 12000 uint8 matrix is not blown up to int64)."""
    arr = np.asarray(matrix)
    if arr.ndim != 2:
        raise BoardError(f"expected a two-dimensional matrix, got shape {arr.shape}")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise BoardError(f"matrix entries must be integers, not {arr.dtype}")
    reduced: NDArray[np.integer] = (
        np.mod(arr, arr.dtype.type(p))
        if arr.dtype.kind == "u"
        else np.mod(arr.astype(np.int64, copy=False), p)
    )
    return reduced


def _working_dtype(p: int) -> tuple[type[np.unsignedinteger], int]:
    """The dtype rows are updated in, and how many updates fit before entries overflow.

    Entries are reduced lazily: an update adds at most (p-1)² to an entry, so starting from
    reduced entries (≤ p-1) the dtype holds `slack` updates before a full ``% p`` is due.
    For p = 2 rows are XORed and never grow.
    """
    if Ring.of(p).kind is RingKind.GF2:
        return np.uint8, 1 << 62
    dtype = np.uint16 if p <= 61 else np.uint32
    return dtype, (int(np.iinfo(dtype).max) - (p - 1)) // (p - 1) ** 2


def _inverses(p: int, dtype: type[np.unsignedinteger]) -> Work:
    """Table of multiplicative inverses mod p (index 0 unused)."""
    table = np.zeros(p, dtype=dtype)
    for a in range(1, p):
        table[a] = pow(a, -1, p)
    return table


def _eliminate(work: Work, r: int, j: int, p: int) -> bool:
    """Clear column `j` (mod p) in every row but the reduced pivot row `r`.

    Returns whether any row changed. Rows are *not* reduced afterwards: an entry that should
    become 0 may hold a multiple of p until the next full reduction.
    """
    xor = Ring.of(p).kind is RingKind.GF2  # GF(2): rows are XORed and never grow
    factor = work[:, j].copy() if xor else (p - work[:, j] % p) % p
    factor[r] = 0
    targets = np.flatnonzero(factor)
    if not targets.size:
        return False
    # Only the span of the pivot row's non-zeros can change; a slice costs nothing.
    support = np.flatnonzero(work[r])
    lo, hi = int(support[0]), int(support[-1]) + 1
    pivot = work[r, lo:hi]
    add = np.bitwise_xor if xor else np.add
    step = max(1, _SLAB // (hi - lo))
    if 2 * targets.size > len(work):
        # Most rows change: update whole slabs in place (zero factors add nothing), which
        # avoids copying rows out and back.
        for start in range(0, len(work), step):
            block = work[start : start + step, lo:hi]
            add(block, np.multiply.outer(factor[start : start + step], pivot), out=block)
    else:
        for start in range(0, targets.size, step):
            rows = targets[start : start + step]
            work[rows, lo:hi] = add(work[rows, lo:hi], np.multiply.outer(factor[rows], pivot))
    return True


def row_reduce(
    matrix: ArrayLike, p: int, *, ncols: int | None = None, cancel: Cancel = None
) -> tuple[U8, NDArray[np.int64]]:
    """Reduced row echelon form over GF(p), pivoting only in the first `ncols` columns.

    Parameters
    ----------
    matrix : array_like of int, shape (m, N)
        Entries are taken mod p.
    p : int
        A prime ≤ 251.
    ncols : int, optional
        Pivot in columns ``0..ncols-1`` only (default: all). With ``[A | B]`` and
        ``ncols = A.shape[1]`` the right block records the row operations.
    cancel : callable, optional
        Polled before each pivot; when it returns True, `InterruptedComputation` is raised.

    Returns
    -------
    rref : ndarray of uint8, shape (m, N)
        The reduced matrix; its first ``len(pivots)`` rows hold the pivots.
    pivots : ndarray of int64
        The pivot columns, ascending; ``len(pivots)`` is the rank of the first `ncols`
        columns.

    Notes
    -----
    Memory: the matrix is copied once into a working array of 1 byte per entry for p = 2,
    2 bytes for p ≤ 61 and 4 bytes above.

    Examples
    --------
    >>> r, piv = row_reduce([[2, 1], [1, 2]], 3)
    >>> r.tolist(), piv.tolist()
    ([[1, 2], [0, 0]], [0])
    """
    p = check_prime(p)
    values = _as_matrix(matrix, p)
    total = values.shape[1]
    if ncols is None:
        ncols = total
    if isinstance(ncols, bool) or not isinstance(ncols, int) or not 0 <= ncols <= total:
        raise BoardError(f"ncols {ncols!r} must be an integer in 0..{total}")
    if values.shape[0] ** 2 * total <= SMALL_WORK:
        rows, pivots = _reduce_lists(values.tolist(), p, ncols, cancel)
        reduced = np.array(rows, dtype=np.uint8).reshape(values.shape)
        return reduced, np.asarray(pivots, dtype=np.int64)
    dtype, _ = _working_dtype(p)
    work: Work = values.astype(dtype)
    del values
    pivots = _reduce_in_place(work, p, ncols, cancel)
    return work.astype(np.uint8), np.asarray(pivots, dtype=np.int64)


def _reduce_lists(
    rows: list[list[int]], p: int, ncols: int, cancel: Cancel
) -> tuple[list[list[int]], list[int]]:
    """`_reduce_in_place` on a small matrix held as Python lists (entries reduced mod p)."""
    pivots: list[int] = []
    r = 0
    for j in range(ncols):
        if r == len(rows):
            break
        poll(cancel, f"row reduction cancelled at column {j} of {ncols}")
        i = next((i for i in range(r, len(rows)) if rows[i][j]), -1)
        if i < 0:
            continue
        rows[r], rows[i] = rows[i], rows[r]
        pivot = rows[r]
        if pivot[j] != 1:
            inverse = pow(pivot[j], -1, p)
            pivot = rows[r] = [v * inverse % p for v in pivot]
        for i, row in enumerate(rows):
            if row[j] and i != r:
                factor = p - row[j]
                rows[i] = [(a + factor * b) % p for a, b in zip(row, pivot, strict=True)]
        pivots.append(j)
        r += 1
    return rows, pivots


def _reduce_in_place(work: Work, p: int, ncols: int, cancel: Cancel) -> list[int]:
    """Gauss–Jordan elimination of `work` (entries reduced mod p on return); the pivots.

    Entries are reduced mod p only every `slack` pivots: the working dtype holds that many
    unreduced updates without overflow.
    """
    m = work.shape[0]
    dtype, slack = _working_dtype(p)
    inverse = _inverses(p, dtype)
    pivots: list[int] = []
    pending = 0  # updates since entries were last reduced
    r = 0
    for j in range(ncols):
        if r == m:
            break
        poll(cancel, f"row reduction cancelled at column {j} of {ncols}")
        below = np.flatnonzero(work[r:, j] % p)
        if not below.size:
            continue
        i = r + int(below[0])
        if i != r:
            work[[r, i]] = work[[i, r]]
        row = work[r] % p
        if row[j] != 1:
            row = (row * inverse[row[j]]) % p
        work[r] = row
        if pending == slack:
            np.remainder(work, p, out=work)
            pending = 0
        pending += _eliminate(work, r, j, p)
        pivots.append(j)
        r += 1
    np.remainder(work, p, out=work)
    return pivots


def rank(matrix: ArrayLike, p: int, *, cancel: Cancel = None) -> int:
    """Rank of `matrix` over GF(p).

    Examples
    --------
    >>> rank([[1, 2], [2, 4]], 5), rank([[1, 2], [2, 4]], 3)
    (1, 1)
    """
    return len(row_reduce(matrix, p, cancel=cancel)[1])


def kernel_from_rref(rref: ArrayLike, pivots: ArrayLike, p: int) -> U8:
    """A basis of ``{x : R x = 0}`` read off a reduced matrix R and its pivot columns.

    One vector per free column f: ``x[f] = 1``, ``x[pivots[i]] = -R[i, f]``, zero elsewhere.
    The result has shape ``(ncols - rank, ncols)`` and is *not* yet in echelon form; pass it
    to `row_reduce` for the canonical basis (as `null_space` does).
    """
    r_mat = np.asarray(rref, dtype=np.int64)
    piv = np.asarray(pivots, dtype=np.int64)
    n = r_mat.shape[1]
    if n * n <= SMALL_WORK:  # a small check system: a dozen numpy calls cost more than this
        return _kernel_lists(r_mat[: len(piv)].tolist(), piv.tolist(), n, p)
    is_free = np.ones(n, dtype=bool)
    is_free[piv] = False
    free = np.flatnonzero(is_free)  # (np.setdiff1d sorts: most of a small board's cost)
    basis = np.zeros((len(free), n), dtype=np.int64)
    basis[np.arange(len(free)), free] = 1
    if len(piv):
        basis[:, piv] = (-r_mat[: len(piv)][:, free]).T
    return np.mod(basis, p).astype(np.uint8)


def _kernel_lists(rows: list[list[int]], pivots: list[int], n: int, p: int) -> U8:
    """`kernel_from_rref` on Python lists."""
    pivot_set = set(pivots)
    free = [f for f in range(n) if f not in pivot_set]
    basis = [[0] * n for _ in free]
    for vector, f in zip(basis, free, strict=True):
        vector[f] = 1
        for row, column in zip(rows, pivots, strict=True):
            vector[column] = -row[f] % p
    return np.array(basis, dtype=np.uint8).reshape(len(free), n)


def null_space(matrix: ArrayLike, p: int, *, cancel: Cancel = None) -> U8:
    """A basis of the kernel ``{x : M x = 0}`` in reduced row echelon form.

    Returns an array of shape ``(nullity, ncols)``; zero rows when M has full column rank.

    Examples
    --------
    >>> null_space([[1, 1, 0], [0, 1, 1]], 3).tolist()
    [[1, 2, 1]]
    """
    reduced, pivots = row_reduce(matrix, p, cancel=cancel)
    basis = kernel_from_rref(reduced, pivots, p)
    return row_reduce(basis, p, cancel=cancel)[0]


def left_null_space(matrix: ArrayLike, p: int, *, cancel: Cancel = None) -> U8:
    """A basis of ``{y : yᵀ M = 0}`` (the kernel of Mᵀ) in reduced row echelon form."""
    p = check_prime(p)
    return null_space(_as_matrix(matrix, p).T, p, cancel=cancel)


def solve(matrix: ArrayLike, rhs: ArrayLike, p: int, *, cancel: Cancel = None) -> U8 | None:
    """One x with ``M x = rhs (mod p)`` — free variables set to 0 — or None if none exists.

    Works for singular and non-square M by row-reducing the augmented matrix ``[M | rhs]``.

    Examples
    --------
    >>> solve([[1, 1], [1, 1]], [1, 0], 2) is None
    True
    >>> solve([[1, 1], [2, 2]], [1, 2], 3).tolist()
    [1, 0]
    """
    p = check_prime(p)
    mat = _as_matrix(matrix, p)
    vec = np.asarray(rhs)
    if vec.shape != (mat.shape[0],) or (vec.size and not np.issubdtype(vec.dtype, np.integer)):
        raise BoardError(f"right-hand side must be {mat.shape[0]} integers, got shape {vec.shape}")
    n = mat.shape[1]
    augmented = np.concatenate([mat, np.mod(vec.astype(np.int64), p)[:, None]], axis=1)
    reduced, pivots = row_reduce(augmented, p, ncols=n, cancel=cancel)
    r = len(pivots)
    if reduced[r:, n].any():  # a row 0 = c ≠ 0: inconsistent
        return None
    x = np.zeros(n, dtype=np.uint8)
    x[pivots] = reduced[:r, n]
    return x
