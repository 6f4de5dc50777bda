"""GF(2) LU factorisation ``P A = L U`` of a packed square matrix, by blocks of 64 columns.

`_factorise` is the small engine's elimination (`lograph.core.kernels.small_gf2`). It never
works above a pivot and carries no identity block: L is recorded one bit per row operation.
Columns go one word (64 columns) at a time:

1. *Pivots on the window.* The block's columns are eliminated on that one word of every
   remaining row, noting for each row which of the block's pivot rows it takes (a 64-bit
   "pending steps" word). Each new pivot row is completed at once (its pending steps on the
   rest of its words), since later pivot rows are built from it. When one bit in eight of
   the window is set, the per-row loop is branch-free (a mispredicted branch per row cost
   more than the arithmetic); on sparse windows it branches.
2. *The rest of the rows.* Each row below applies its pending steps to its words after the
   window: one XOR per step when that is less work, else by the Method of Four Russians —
   eight tables of the 256 combinations of 8 pivot rows, built each from a smaller one with
   one XOR, then one table row per group of 8 steps.

On random graphs of mean degree 6 this takes 0.26 ms at 500 buttons and 1.1 ms at 1000,
against 0.5 and 2.3 ms one pivot at a time (M4RI's PLUQ: 0.5 and 1.1 ms).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.bitops import _bit, _lowest, _popcount
from lograph.core.kernels.jit import IntArray, jit

__all__ = ["factorise"]

U64 = NDArray[np.uint64]
_ONE = np.uint64(1)


@jit
def _record_steps(low: U64, r: int, steps: np.uint64, first: int) -> None:  # pragma: no cover
    """Set L bits ``first + j`` of row r for the bits j of `steps`."""
    sh = first & 63
    lw = first >> 6
    low[r, lw] |= steps << np.uint64(sh)
    if sh and lw + 1 < low.shape[1]:
        low[r, lw + 1] |= steps >> np.uint64(64 - sh)


@jit
def _swap(
    m: U64, low: U64, perm: IntArray, side: U64, a: int, b: int, wi: int
) -> None:  # pragma: no cover - compiled
    """Swap rows a and b (``side`` holds the window word and the pending steps per row)."""
    for q in range(wi, m.shape[1]):
        m[a, q], m[b, q] = m[b, q], m[a, q]
    for q in range((min(a, b) >> 6) + 1):
        low[a, q], low[b, q] = low[b, q], low[a, q]
    perm[a], perm[b] = perm[b], perm[a]
    for s in range(2):
        side[s, a], side[s, b] = side[s, b], side[s, a]


@jit
def _block_pivots(
    m: U64, low: U64, perm: IntArray, side: U64, wi: int, rank: int, piv: IntArray
) -> int:  # pragma: no cover - compiled
    """Eliminate the 64 columns of word `wi` on the window words only (``side[0]``), noting
    each row's pending steps (``side[1]``, bit j: pivot row ``rank + j``); each new pivot
    row is completed at once. Returns the new rank."""
    n, w = m.shape
    first = rank
    density = 0
    for r in range(first, n):
        side[0, r] = m[r, wi]
        side[1, r] = np.uint64(0)
        density += _popcount(side[0, r])
    # one bit in eight set: branching mispredicts; then a branch-free loop (it vectorises)
    dense = 8 * density > 64 * (n - first)
    for b in range(min(64, n - (wi << 6))):
        bit = _bit(b)
        p = -1
        for r in range(rank, n):
            if side[0, r] & bit:
                p = r
                break
        if p < 0:
            continue
        _swap(m, low, perm, side, p, rank, wi + 1)
        steps = side[1, rank]
        if steps:  # the new pivot row takes its pending steps on the tail words now
            _record_steps(low, rank, steps, first)
            while steps:
                src = first + _lowest(steps)
                steps &= steps - _ONE
                for q in range(wi + 1, w):
                    m[rank, q] ^= m[src, q]
        m[rank, wi] = pivot = side[0, rank]
        step = _bit(rank - first)
        if dense:
            for r in range(rank + 1, n):
                mask = np.uint64(0) - ((side[0, r] >> np.uint64(b)) & _ONE)
                side[0, r] ^= pivot & mask
                side[1, r] ^= step & mask
        else:
            for r in range(rank + 1, n):
                if side[0, r] & bit:
                    side[0, r] ^= pivot
                    side[1, r] ^= step
        piv[rank] = (wi << 6) + b
        rank += 1
    return rank


@jit
def _apply_block(
    m: U64, low: U64, side: U64, wi: int, first: int, rank: int, tables: U64
) -> None:  # pragma: no cover - compiled
    """Apply the block's pivot rows ``first .. rank - 1`` to the rows below on the words
    after `wi`: one XOR per pending step, or, when that is more, eight tables of the 256
    combinations of 8 pivot rows each (the Method of Four Russians) and one XOR per table."""
    n, w = m.shape
    groups = (rank - first + 7) >> 3
    steps = 0
    busy = 0
    for r in range(rank, n):
        m[r, wi] = side[0, r]
        if side[1, r]:
            busy += 1
            steps += _popcount(side[1, r])
    tabulate = groups * (256 + busy) < steps
    pick = np.zeros(8, dtype=np.int64)
    if tabulate:
        for g in range(groups):
            for q in range(wi + 1, w):
                tables[g, 0, q] = 0
            for v in range(1, 256):
                j = 8 * g + _lowest(np.uint64(v))
                prev = v & (v - 1)
                for q in range(wi + 1, w):
                    tables[g, v, q] = tables[g, prev, q]
                    if first + j < rank:
                        tables[g, v, q] ^= m[first + j, q]
    for r in range(rank, n):
        x = side[1, r]
        if not x:
            continue
        _record_steps(low, r, x, first)
        if tabulate:  # all groups per word: one load and store of the row's word
            for g in range(groups):
                pick[g] = (x >> np.uint64(8 * g)) & np.uint64(255)
            for q in range(wi + 1, w):
                acc = m[r, q]
                for g in range(groups):
                    acc ^= tables[g, pick[g], q]
                m[r, q] = acc
            continue
        while x:
            src = first + _lowest(x)
            x &= x - _ONE
            for q in range(wi + 1, w):
                m[r, q] ^= m[src, q]


@jit
def _factorise(m: U64, low: U64, perm: IntArray) -> IntArray:  # pragma: no cover - compiled
    """``P A = L U`` in place: `m` becomes U (its first rank rows, in row echelon form),
    ``low[r]`` gets bit j when row r took pivot row j, ``perm[r]`` is the original row now at
    r. Returns the pivot column of each of U's rows.

    Columns go 64 at a time (one word): their pivots are found on that word alone, then the
    block is applied to the rest of the rows (`_apply_block`)."""
    n, w = m.shape
    piv = np.empty(n, dtype=np.int64)
    side = np.zeros((2, n), dtype=np.uint64)
    tables = np.empty((8, 256, w), dtype=np.uint64)
    rank = n - n  # not a literal 0: numba would compile the callees twice
    for wi in range(w):
        if rank >= n:
            break
        first = rank
        rank = _block_pivots(m, low, perm, side, wi, rank, piv)
        if rank > first:
            _apply_block(m, low, side, wi, first, rank, tables)
    return piv[:rank]


def factorise(m: U64) -> tuple[U64, U64, IntArray, IntArray]:
    """``(U, L, perm, pivots)`` of the packed square matrix `m` (not modified): row i of U
    (i < rank) is original row ``perm[i]`` plus the earlier U rows set in row i of L.

    Examples
    --------
    Rows 0b11, 0b11, 0b10: the second row is the first plus nothing (L bit 0), so the third
    becomes U's second row.

    >>> u, low, perm, piv = factorise(np.array([[3], [3], [2]], dtype=np.uint64))
    >>> piv.tolist(), u[:2, 0].tolist(), perm.tolist(), low[2, 0].item()
    ([0, 1], [3, 2], [0, 2, 1], 1)
    """
    u = np.array(m, dtype=np.uint64, copy=True)
    low = np.zeros_like(u)
    perm = np.arange(u.shape[0], dtype=np.int64)
    piv = _factorise(u, low, perm)
    return u, low, perm, piv
