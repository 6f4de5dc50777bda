"""The small engine's compiled path: a whole GF(2) analysis in one kernel call, by an LU
factorisation on packed rows, for boards up to a few thousand buttons.

`small_analysis` packs the rows of A from the CSC arrays and factorises ``P A = L U`` one
pivot at a time: a row below the pivot that has the pivot's bit is XORed with the pivot row
on the words from the pivot on, and the step is recorded as one bit of L. Nothing is ever
done above a pivot and no identity block is carried, so this costs about a third of the
Gauss–Jordan elimination of ``[A | I]`` (on a random graph of 500 buttons and mean degree 6,
0.5 ms where Gauss–Jordan took 1.5 ms; M4RI's PLUQ takes 0.5 ms).

- The rows are factorised sparsest first (stable order by entries), which delays the
  fill-in on graphs of uneven degree (random graphs of 1,000 buttons and mean degree 6:
  1.0 ms instead of 1.25; random geometric graphs, where the numbering is already as
  good, lose ~10 %). Only rows move, so the kernel keeps its column order.
- The **quiet basis** is the kernel of U: each free column f gives the vector with
  ``x_f = 1`` and its pivots found by back substitution. All free columns go at once, one
  bit each of a per-button word (`_kernel_of_echelon`), so back substitution costs one word
  per set bit of U; the basis is then put in reduced row echelon form.
- The **left kernel** is the quiet basis of Aᵀ: the same factorisation of the transposed
  rows (skipped on symmetric boards, where it is the quiet basis).
- `small_particular` solves ``A x = b``: forward substitution through L gives
  ``y = U x`` (each y_i is ``b`` of its original row plus L's earlier steps), back
  substitution through U gives x with the free buttons 0, and x is reduced against the quiet
  basis (0 on its pivots): the canonical particular solution.

Both bases come out in reduced row echelon form (pivot = first non-zero column), exactly the
canonical answers of `lograph.core.algebra.canonical`. The Python-int path of
`lograph.core.engines.small` gives the same answers with no compiled code at all.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

# the kernels themselves, not Python wrappers: compiled code calls them
from lograph.core.kernels.bitops import _bit, _lowest, _popcount
from lograph.core.kernels.bits import _rref, parity
from lograph.core.kernels.jit import IntArray, jit
from lograph.core.kernels.lu_gf2 import _factorise

__all__ = ["small_analysis", "small_particular"]

U64 = NDArray[np.uint64]
U8 = NDArray[np.uint8]
_ONE = np.uint64(1)


@jit
def _unpack(rows: U64, n: int) -> U8:  # pragma: no cover - compiled
    out = np.zeros((rows.shape[0], n), dtype=np.uint8)
    for i in range(rows.shape[0]):
        for c in range(n):
            if rows[i, c >> 6] & _bit(c):
                out[i, c] = 1
    return out


@jit
def _packed(indptr: IntArray, indices: IntArray, transpose: bool) -> U64:  # pragma: no cover
    """The rows of A (or of Aᵀ) as packed words: row u of A has bit `col` set when pressing
    `col` changes light u."""
    n = len(indptr) - 1
    m = np.zeros((n, max(1, (n + 63) >> 6)), dtype=np.uint64)
    for col in range(n):
        for e in range(indptr[col], indptr[col + 1]):
            u = indices[e]
            if transpose:
                m[col, u >> 6] |= _bit(u)
            else:
                m[u, col >> 6] |= _bit(col)
    return m


@jit
def _kernel_by_vectors(m: U64, piv: IntArray, free: IntArray) -> U64:  # pragma: no cover
    """The kernel basis one vector at a time: x_f = 1, then each pivot unknown is the
    parity of its U row with x (a word per word of the row)."""
    w = m.shape[1]
    basis = np.zeros((len(free), w), dtype=np.uint64)
    for j in range(len(free)):
        basis[j, free[j] >> 6] |= _bit(free[j])
        for i in range(len(piv) - 1, -1, -1):
            acc = np.uint64(0)
            for q in range(piv[i] >> 6, w):
                acc ^= m[i, q] & basis[j, q]
            if _popcount(acc) & 1:
                basis[j, piv[i] >> 6] |= _bit(piv[i])
    return basis


@jit
def _kernel_by_bits(m: U64, piv: IntArray, free: IntArray) -> U64:  # pragma: no cover
    """The kernel basis all at once: bit j of ``x[c]`` is x_c in vector j, and each pivot
    unknown is the XOR of ``x[c]`` over the set bits c of its U row (one word per bit)."""
    n, w = m.shape
    k = len(free)
    kw = max(1, (k + 63) >> 6)
    x = np.zeros((n, kw), dtype=np.uint64)
    for j in range(k):
        x[free[j], j >> 6] |= _bit(j)
    for i in range(len(piv) - 1, -1, -1):  # x_p = Σ_{c > p} U[i, c] x_c
        p = piv[i]
        for q in range(p >> 6, w):
            word = m[i, q]
            if q == p >> 6:
                word &= ~_bit(p)
            while word:
                c = (q << 6) + _lowest(word)
                word &= word - _ONE
                for s in range(kw):
                    x[p, s] ^= x[c, s]
    basis = np.zeros((k, w), dtype=np.uint64)
    for c in range(n):
        for s in range(kw):
            word = x[c, s]
            while word:
                basis[(s << 6) + _lowest(word), c >> 6] |= _bit(c)
                word &= word - _ONE
    return basis


@jit
def _kernel_of_echelon(m: U64, piv: IntArray) -> U64:  # pragma: no cover - compiled
    """A basis of the kernel of the row echelon matrix `m` (pivots `piv`) as packed rows,
    one per free column f (``x_f = 1``, the other free columns 0), by whichever of the two
    back substitutions touches fewer words."""
    n, w = m.shape
    rank = len(piv)
    pivotal = np.zeros(n, dtype=np.bool_)
    for i in range(rank):
        pivotal[piv[i]] = True
    free = np.empty(n - rank, dtype=np.int64)
    j = 0
    for f in range(n):
        if not pivotal[f]:
            free[j] = f
            j += 1
    if j == 0:
        return np.zeros((0, w), dtype=np.uint64)
    by_vector = 0  # each vector reads U's words from each pivot on: about rank * w / 2
    set_bits = 0
    for i in range(rank):
        by_vector += w - (piv[i] >> 6)
        for q in range(piv[i] >> 6, w):
            set_bits += _popcount(m[i, q])
    if j * by_vector <= set_bits * ((j + 63) >> 6) * 2:
        return _kernel_by_vectors(m, piv, free)
    return _kernel_by_bits(m, piv, free)


@jit
def _kernel_rref(
    indptr: IntArray, indices: IntArray, transpose: bool
) -> tuple[U64, IntArray]:  # pragma: no cover - compiled
    """The kernel of A (or Aᵀ) in reduced row echelon form, and its pivots."""
    m = _packed(indptr, indices, transpose)
    n = m.shape[0]
    low = np.zeros_like(m)
    perm = np.arange(n)
    basis = _kernel_of_echelon(m, _factorise(m, low, perm))
    return basis, _rref(basis, np.zeros((basis.shape[0], 0), dtype=np.uint64), n)


@jit
def small_analysis(
    indptr: IntArray, indices: IntArray, symmetric: bool
) -> tuple[U64, IntArray, U64, IntArray, U64, U64, IntArray, U8, U8]:  # pragma: no cover
    """``(U, pivots, L, perm, left kernel rows, quiet rows, quiet pivots, quiet, left
    kernel)`` of the board whose press matrix A has CSC arrays `indptr`, `indices`: packed
    rows (``words(N)`` uint64 each) and, last, the two bases as 0/1 arrays, both in reduced
    row echelon form."""
    n = len(indptr) - 1
    # Rows with fewer entries first: their pivots make less fill (random graphs of 1,000
    # buttons, mean degree 6: 1.0 ms instead of 1.3). Only the rows move, so the quiet basis
    # (the kernel, in column order) is unchanged; `perm` maps U's rows back to A's.
    counts = np.zeros(n, dtype=np.int64)
    for e in range(len(indices)):
        counts[indices[e]] += 1
    order = np.argsort(counts, kind="mergesort")
    at = np.empty(n, dtype=np.int64)
    at[order] = np.arange(n)
    m = np.zeros((n, max(1, (n + 63) >> 6)), dtype=np.uint64)
    for col in range(n):
        for e in range(indptr[col], indptr[col + 1]):
            m[at[indices[e]], col >> 6] |= _bit(col)
    low = np.zeros_like(m)
    perm = np.arange(n)
    piv = _factorise(m, low, perm)
    perm = order[perm]
    quiet = _kernel_of_echelon(m, piv)
    quiet_piv = _rref(quiet, np.zeros((quiet.shape[0], 0), dtype=np.uint64), n)
    if symmetric:  # ker Aᵀ = ker A
        left = quiet
    else:
        left, _ = _kernel_rref(indptr, indices, True)
    quiet_bits = _unpack(quiet, n)
    left_bits = quiet_bits if symmetric else _unpack(left, n)
    return (
        m,  # U: its first len(piv) rows
        piv,
        low,
        perm,
        left,
        quiet,
        quiet_piv,
        quiet_bits,
        left_bits,
    )


@jit
def small_particular(
    b: U8,
    upper: U64,
    pivots: IntArray,
    low: U64,
    perm: IntArray,
    left: U64,
    quiet: U64,
    quiet_piv: IntArray,
) -> tuple[bool, U8]:  # pragma: no cover - compiled
    """``(solvable, x)``: the x with ``A x = b`` that is 0 on the quiet pivots."""
    n = len(b)
    w = max(1, (n + 63) >> 6)
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
    rank = len(pivots)
    y = np.zeros(w, dtype=np.uint64)  # y = U x: each y_i is b of its row plus L's steps
    for i in range(rank):
        acc = low[i, 0] & y[0]
        for q in range(1, (i >> 6) + 1):
            acc ^= low[i, q] & y[q]
        if (b[perm[i]] & 1) ^ parity(int(np.int64(acc))):
            y[i >> 6] |= _bit(i)
    row = np.zeros(w, dtype=np.uint64)  # back substitution, free buttons 0
    for i in range(rank - 1, -1, -1):
        p = pivots[i]
        acc = np.uint64(0)
        for q in range(p >> 6, w):
            acc ^= upper[i, q] & row[q]
        if ((y[i >> 6] >> np.uint64(i & 63)) & _ONE) ^ np.uint64(parity(int(np.int64(acc)))):
            row[p >> 6] |= _bit(p)
    for j in range(quiet.shape[0]):  # 0 on the quiet pivots
        if row[quiet_piv[j] >> 6] & _bit(quiet_piv[j]):
            for q in range(w):
                row[q] ^= quiet[j, q]
    for c in range(n):
        if row[c >> 6] & _bit(c):
            x[c] = 1
    return True, x
