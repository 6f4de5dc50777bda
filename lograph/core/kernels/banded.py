"""Bit-packed banded forward elimination over GF(2) (numba-compiled).

Rows and columns are in a bandwidth-reducing order, so every entry of A has
``|row - col| <= B``. Columns are eliminated left to right; a row joins the working set when
the sweep reaches its first entry. With any choice of pivot, every live row touched at step j
has its entries inside columns ``[j, j + 2B]`` (the LAPACK banded bound), so each row is
stored in a ring of ``R`` words: absolute word ``a`` sits in slot ``a % R``. Eliminated words
are zero in every live row, which is what lets slots be reused without clearing.

The row operations are recorded (step j: "XOR pivot row into rows ops[op_ptr[j]:op_ptr[j+1]]")
so that a right-hand side can be replayed later and left-kernel vectors recovered backwards.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import jit

__all__ = ["back_kernel", "eliminate", "left_combinations", "replay_solve", "ring_words"]

U64 = NDArray[np.uint64]
U8 = NDArray[np.uint8]
I64 = NDArray[np.int64]
I32 = NDArray[np.int32]

# De Bruijn table: index of the lowest set bit of a uint64 in O(1).
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_CTZ = np.zeros(64, dtype=np.int64)
_CTZ[((np.uint64(1) << np.arange(64, dtype=np.uint64)) * _DEBRUIJN) >> np.uint64(58)] = np.arange(
    64
)


def ring_words(bandwidth: int) -> int:
    """Ring size (words) that holds any span of ``2B + 1`` columns without wrapping."""
    return (2 * bandwidth + 1 + 63) // 64 + 2


@jit
def eliminate(
    rptr: I64, ridx: I64, load_ptr: I64, load_rows: I64, ring: int
) -> tuple[U64, I64, I64, I64, I32]:  # pragma: no cover - compiled
    """Forward elimination of the square 0/1 matrix with rows ``ridx[rptr[i]:rptr[i+1]]``.

    `load_rows[load_ptr[j]:load_ptr[j+1]]` are the rows whose first entry is column j.
    Returns ``(rows, last, pivot_row, op_ptr, ops)``: the row storage (pivot rows hold U),
    each row's last possibly non-zero word, the pivot row of each column (-1 if none), and
    the recorded row operations.
    """
    n = rptr.shape[0] - 1
    rows = np.zeros((n, ring), dtype=np.uint64)
    last = np.full(n, -1, dtype=np.int64)
    pivot_row = np.full(n, -1, dtype=np.int64)
    active = np.empty(n, dtype=np.int64)
    nact = 0
    op_ptr = np.zeros(n + 1, dtype=np.int64)
    ops = np.empty(max(16, 4 * n), dtype=np.int32)
    nops = 0
    for j in range(n):
        for q in range(load_ptr[j], load_ptr[j + 1]):
            r = load_rows[q]
            _load_row(rows, last, r, rptr, ridx, ring)
            active[nact] = r
            nact += 1
        a0 = j >> 6
        slot = a0 % ring
        bit = np.uint64(1) << np.uint64(j & 63)
        bq = _pick_pivot(rows, last, active, nact, slot, bit)
        if bq >= 0:
            best = active[bq]
            pivot_row[j] = best
            nact -= 1
            active[bq] = active[nact]
            hi = last[best]
            for q in range(nact):
                r = active[q]
                if rows[r, slot] & bit:
                    _xor_row(rows, r, best, slot, hi - a0 + 1, ring)
                    if hi > last[r]:
                        last[r] = hi
                    if nops == ops.shape[0]:
                        ops = _grown(ops)
                    ops[nops] = r
                    nops += 1
        op_ptr[j + 1] = nops
    return rows, last, pivot_row, op_ptr, ops[:nops]


@jit(inline=True)
def _load_row(
    rows: U64, last: I64, r: int, rptr: I64, ridx: I64, ring: int
) -> None:  # pragma: no cover - compiled
    """Set the bits of row r of A in its ring storage and its last word."""
    for e in range(rptr[r], rptr[r + 1]):
        c = ridx[e]
        a = c >> 6
        rows[r, a % ring] |= np.uint64(1) << np.uint64(c & 63)
        if a > last[r]:
            last[r] = a


@jit(inline=True)
def _pick_pivot(
    rows: U64, last: I64, active: I64, nact: int, slot: int, bit: np.uint64
) -> int:  # pragma: no cover - compiled
    """Index in `active` of the pivot row for the column at (slot, bit), or -1: the row with
    the shortest span, which causes the least fill-in."""
    best = -1
    bq = -1
    for q in range(nact):
        r = active[q]
        if rows[r, slot] & bit and (best < 0 or last[r] < last[best]):
            best = r
            bq = q
    return bq


@jit(inline=True)
def _xor_row(
    rows: U64, r: int, pivot: int, slot: int, count: int, ring: int
) -> None:  # pragma: no cover - compiled
    """``row r ^= pivot row`` over `count` words from `slot`, walking the ring without a
    division per word."""
    s = slot
    for _ in range(count):
        rows[r, s] ^= rows[pivot, s]
        s += 1
        if s == ring:
            s = 0


@jit
def _grown(ops: I32) -> I32:  # pragma: no cover - compiled
    """`ops` copied into an array twice as long."""
    grown = np.empty(2 * ops.shape[0], dtype=np.int32)
    grown[: ops.shape[0]] = ops
    return grown


@jit
def _row_dot(rows: U64, p: int, j: int, hi: int, ring: int, x: U64, out: U64) -> None:
    """``out ^= XOR of x[c]`` over the set columns c > j of pivot row p."""  # pragma: no cover
    width = x.shape[1]
    s = (j >> 6) % ring
    for a in range(j >> 6, hi + 1):
        word = rows[p, s]
        s = s + 1 if s + 1 < ring else 0
        if a == (j >> 6):
            # drop columns <= j (the pivot itself)
            word &= ~((np.uint64(2) << np.uint64(j & 63)) - np.uint64(1))
        while word:
            low = word & (~word + np.uint64(1))
            c = (a << 6) + _CTZ[(low * _DEBRUIJN) >> np.uint64(58)]
            for q in range(width):
                out[q] ^= x[c, q]
            word ^= low


@jit
def back_kernel(
    rows: U64, last: I64, pivot_row: I64, ring: int, width: int
) -> U64:  # pragma: no cover - compiled
    """Kernel basis, bit-sliced: free column t (in column order) is vector t; row c of the
    result holds bit t when vector t has a 1 in column c."""
    n = pivot_row.shape[0]
    x = np.zeros((n, width), dtype=np.uint64)
    t = 0
    for c in range(n):
        if pivot_row[c] < 0:
            x[c, t >> 6] |= np.uint64(1) << np.uint64(t & 63)
            t += 1
    for j in range(n - 1, -1, -1):
        p = pivot_row[j]
        if p >= 0:
            _row_dot(rows, p, j, last[p], ring, x, x[j])
    return x


@jit
def replay_solve(
    rows: U64, last: I64, pivot_row: I64, op_ptr: I64, ops: I32, ring: int, rhs: U8
) -> tuple[U8, bool]:  # pragma: no cover - compiled
    """Solve ``A x = rhs`` (permuted indices) by replaying the recorded row operations on
    `rhs` and back-substituting; free columns get 0. Returns ``(x, solvable)``."""
    n = pivot_row.shape[0]
    v = rhs.copy()
    is_pivot = np.zeros(n, dtype=np.bool_)
    for j in range(n):
        p = pivot_row[j]
        if p < 0:
            continue
        is_pivot[p] = True
        if v[p]:
            for q in range(op_ptr[j], op_ptr[j + 1]):
                v[ops[q]] ^= 1
    x = np.zeros(n, dtype=np.uint8)
    for r in range(n):
        if not is_pivot[r] and v[r]:
            return x, False  # a row reduced to 0 = 1
    acc = np.zeros(1, dtype=np.uint64)
    xw = np.zeros((n, 1), dtype=np.uint64)
    for j in range(n - 1, -1, -1):
        p = pivot_row[j]
        if p >= 0:
            acc[0] = np.uint64(v[p])
            _row_dot(rows, p, j, last[p], ring, xw, acc)
            xw[j, 0] = acc[0]
            x[j] = np.uint8(acc[0])
    return x, True


@jit
def left_combinations(
    pivot_row: I64, op_ptr: I64, ops: I32, zero_rows: I64, width: int
) -> U64:  # pragma: no cover - compiled
    """Which original rows add up to each zero row (bit-sliced): the left kernel.

    Walks the recorded operations backwards; "row t ^= pivot p" means a combination using
    the new row t also uses the old row p.
    """
    n = pivot_row.shape[0]
    coef = np.zeros((n, width), dtype=np.uint64)
    for t in range(zero_rows.shape[0]):
        coef[zero_rows[t], t >> 6] |= np.uint64(1) << np.uint64(t & 63)
    for j in range(n - 1, -1, -1):
        p = pivot_row[j]
        if p < 0:
            continue
        for q in range(op_ptr[j], op_ptr[j + 1]):
            r = ops[q]
            for s in range(width):
                coef[p, s] ^= coef[r, s]
    return coef
