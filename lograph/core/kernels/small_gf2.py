"""The small engine's compiled path: a whole GF(2) analysis of a board of up to a few hundred
buttons in one kernel call, for processes that have loaded numba already.

`small_analysis` builds the packed rows of ``[A | I]`` from the CSC arrays, brings them to
reduced row echelon form (rank, pivots, and the transform rows T with ``T A`` the reduced
A), takes the left kernel from the rows whose A part vanished and the quiet basis from the
free columns, and puts both in reduced row echelon form (pivot = first non-zero column) —
exactly the canonical answers of `lograph.core.algebra.canonical`. `small_particular`
solves ``A x = b`` with the free buttons 0 and reduces x against the quiet basis (0 on its
pivots). The Python-int path of `lograph.core.engines.small` gives the same answers with
no compiled code at all; this one skips Python's per-XOR cost (~0.2 µs) once numba is
there anyway.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

# the kernel _rref itself, not a Python wrapper: compiled code calls it
from lograph.core.kernels.bits import _rref, parity
from lograph.core.kernels.jit import IntArray, jit

__all__ = ["small_analysis", "small_particular"]

U64 = NDArray[np.uint64]
U8 = NDArray[np.uint8]
_ONE = np.uint64(1)


@jit(inline=True)
def _bit(c: int) -> np.uint64:  # pragma: no cover - compiled
    return np.uint64(_ONE << np.uint64(c & 63))


@jit
def _unpack(rows: U64, n: int) -> U8:  # pragma: no cover - compiled
    out = np.zeros((rows.shape[0], n), dtype=np.uint8)
    for i in range(rows.shape[0]):
        for c in range(n):
            if rows[i, c >> 6] & _bit(c):
                out[i, c] = 1
    return out


@jit
def small_analysis(
    indptr: IntArray, indices: IntArray, symmetric: bool
) -> tuple[IntArray, U64, U64, U64, IntArray, U8, U8]:  # pragma: no cover - compiled
    """``(pivots, T rows, left kernel rows, quiet rows, quiet pivots, quiet, left kernel)``
    of the board whose press matrix A has CSC arrays `indptr`, `indices`: packed rows
    (``words(N)`` uint64 each) and, last, the two bases as 0/1 arrays, both in reduced row
    echelon form."""
    n = len(indptr) - 1
    w = max(1, (n + 63) >> 6)
    m = np.zeros((n, w), dtype=np.uint64)
    for col in range(n):  # row u of A has bit col set when pressing col changes light u
        for e in range(indptr[col], indptr[col + 1]):
            m[indices[e], col >> 6] |= _bit(col)
    t = np.zeros((n, w), dtype=np.uint64)  # the row operations, from I
    for u in range(n):
        t[u, u >> 6] |= _bit(u)
    piv = _rref(m, t, n)
    rank = len(piv)
    k = n - rank
    none = np.zeros((k, 0), dtype=np.uint64)  # the bases' own reductions track no operations
    left = t[rank:].copy()
    left_piv = _rref(left, none, n)
    if symmetric:  # ker A = ker Aᵀ
        quiet, quiet_piv = left, left_piv
    else:
        pivotal = np.zeros(n, dtype=np.bool_)
        for i in range(rank):
            pivotal[piv[i]] = True
        quiet = np.zeros((k, w), dtype=np.uint64)
        j = 0
        for f in range(n):
            if pivotal[f]:
                continue
            quiet[j, f >> 6] |= _bit(f)  # x_f = 1, each pivot unknown from its RREF row
            for i in range(rank):
                if m[i, f >> 6] & _bit(f):
                    quiet[j, piv[i] >> 6] |= _bit(piv[i])
            j += 1
        quiet_piv = _rref(quiet, none, n)
    transform = t[:rank].copy()
    quiet_bits = _unpack(quiet, n)
    left_bits = quiet_bits if symmetric else _unpack(left, n)
    return piv.copy(), transform, left, quiet, quiet_piv.copy(), quiet_bits, left_bits


@jit
def small_particular(
    b: U8, pivots: IntArray, transform: U64, left: U64, quiet: U64, quiet_piv: IntArray
) -> tuple[bool, U8]:  # pragma: no cover - compiled
    """``(solvable, x)``: the x with ``A x = b`` that is 0 on the quiet pivots."""
    n = len(b)
    w = transform.shape[1] if transform.shape[0] else max(1, (n + 63) >> 6)
    packed = np.zeros(w, dtype=np.uint64)
    for u in range(n):
        if b[u] & 1:
            packed[u >> 6] |= _bit(u)
    x = np.zeros(n, dtype=np.uint8)
    for j in range(left.shape[0]):  # a left-kernel functional that b fails: unsolvable
        acc = np.uint64(0)
        for q in range(w):
            acc ^= left[j, q] & packed[q]
        if parity(int(np.int64(acc))):  # the low bit folds right even when the cast wraps
            return False, x
    row = np.zeros(w, dtype=np.uint64)
    for i in range(len(pivots)):  # free buttons 0: each pivot unknown is T_i · b
        acc = np.uint64(0)
        for q in range(w):
            acc ^= transform[i, q] & packed[q]
        if parity(int(np.int64(acc))):
            row[pivots[i] >> 6] |= _bit(pivots[i])
    for j in range(quiet.shape[0]):  # 0 on the quiet pivots
        if row[quiet_piv[j] >> 6] & _bit(quiet_piv[j]):
            for q in range(w):
                row[q] ^= quiet[j, q]
    for c in range(n):
        if row[c >> 6] & _bit(c):
            x[c] = 1
    return True, x
