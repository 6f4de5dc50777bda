"""Gauss–Jordan elimination over GF(2) by the Method of Four Russians (M4RM), on uint64 words.

The check system a chase leaves on a random expander is dense and large (about N/3 unknowns),
so its reduction dominates the analysis. Eliminating one pivot at a time costs a row
operation per pivot for half the rows; M4RM (Arlazarov, Dinic, Kronrod, Faradzev; the method
M4RI implements) finds the pivots of a block of up to 64 columns, tabulates every combination
of the block's pivot rows in groups of 8 (2^8 rows per group, each one XOR from a smaller
one), and then reduces each other row with one table row per group: 8× fewer word operations
for the same reduced row echelon form (RREF, unique, so the kernel is the same as any
elimination's).

The transform ``T`` with ``T M = RREF`` is kept in place of the identity block ``[M | I]``
would carry, compacted: transform column s stands for the original row that became pivot
number s (``columns[s]``), and a row that is not (yet) a pivot row also holds its own
original row implicitly (``origin``). A row of T therefore only has bits for the pivots
found so far, so each row operation touches the columns of M still to be reduced plus the
columns of T filled so far — about k words, instead of 2k with an explicit identity.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.bitops import _lowest
from lograph.core.kernels.jit import jit

__all__ = ["BLOCK", "rref_m4rm"]

U64 = NDArray[np.uint64]
I64 = NDArray[np.int64]

#: Columns whose pivots are found and applied together (8 tables of 8 bits).
BLOCK = 64
#: Words of a row handled per table pass: 8 tables × 256 rows × 16 words = 256 KiB.
STRIPE = 16
_ONE = np.uint64(1)


@jit
def _window(m: U64, row: int, c: int) -> np.uint64:  # pragma: no cover - compiled
    """Bits ``c .. c + 63`` of row `row` of `m` (zeros past the end)."""
    wi = c >> 6
    sh = c & 63
    x = m[row, wi] >> np.uint64(sh)
    if sh and wi + 1 < m.shape[1]:
        x |= m[row, wi + 1] << np.uint64(64 - sh)
    return np.uint64(x)


@jit
def _add_row(m: U64, t: U64, dst: int, src: int, w0: int, tw: int) -> None:  # pragma: no cover
    """Row `dst` ^= row `src` on the M words from `w0` and the first `tw` T words."""
    for q in range(w0, m.shape[1]):
        m[dst, q] ^= m[src, q]
    for q in range(tw):
        t[dst, q] ^= t[src, q]


@jit
def _swap_rows(m: U64, t: U64, origin: I64, a: int, b: int) -> None:  # pragma: no cover
    if a == b:
        return
    for q in range(m.shape[1]):
        m[a, q], m[b, q] = m[b, q], m[a, q]
    for q in range(t.shape[1]):
        t[a, q], t[b, q] = t[b, q], t[a, q]
    origin[a], origin[b] = origin[b], origin[a]


@jit
def _find_pivots(
    m: U64, t: U64, origin: I64, columns: I64, rank: int, c: int, mask: np.uint64, pcol: I64
) -> int:  # pragma: no cover - compiled
    """Find the pivots of the window ``c .. c + 63`` (bits in `mask`) among rows ≥ `rank`.

    Pivot rows are moved to ``rank, rank + 1, ...`` (``pcol[j]`` = window bit of pivot j),
    given their transform bit, and kept reduced against each other, so each pivot's column
    is its row's lowest window bit and no other pivot row has it: the pivot columns are the
    RREF's. Rows scanned but not chosen are left for the table pass. Returns the count.
    """
    k = m.shape[0]
    w0 = c >> 6
    width = 0
    while width < 64 and (mask >> np.uint64(width)) & _ONE:
        width += 1
    pwin = np.zeros(64, dtype=np.uint64)
    f = 0
    r = rank
    while r < k and f < width:
        x = _window(m, r, c) & mask
        y = x
        for j in range(f):
            if (y >> np.uint64(pcol[j])) & _ONE:
                y ^= pwin[j]
        if y:
            tw = ((rank + f) >> 6) + 1
            for j in range(f):
                if (x >> np.uint64(pcol[j])) & _ONE:
                    _add_row(m, t, r, rank + j, w0, tw)
            s = rank + f
            _swap_rows(m, t, origin, r, s)
            t[s, s >> 6] |= _ONE << np.uint64(s & 63)
            columns[s] = origin[s]
            b = _lowest(y)
            for j in range(f):
                if (pwin[j] >> np.uint64(b)) & _ONE:
                    _add_row(m, t, rank + j, s, w0, tw)
                    pwin[j] ^= y
            pwin[f] = y
            pcol[f] = b
            f += 1
        r += 1
    return f


@jit
def _stripe(
    a: U64, of_bit: I64, xs: U64, skip: int, f: int, q0: int, q1: int, tables: U64
) -> None:  # pragma: no cover - compiled
    """Words ``q0 .. q1`` of every row of `a` but rows ``skip .. skip + f - 1`` (the pivot
    rows): tabulate the pivot rows' combinations on those words (``tables[g, v]`` = XOR of
    the pivot rows whose window bit is set in ``v << 8g``), then XOR in each row's eight."""
    for g in range(8):
        for q in range(q1 - q0):
            tables[g, 0, q] = 0
        for v in range(1, 256):
            low = 0
            while not (v >> low) & 1:
                low += 1
            src = of_bit[8 * g + low]
            prev = v & (v - 1)
            for q in range(q1 - q0):
                tables[g, v, q] = tables[g, prev, q]
            if src >= 0:
                for q in range(q1 - q0):
                    tables[g, v, q] ^= a[src, q0 + q]
    for i in range(a.shape[0]):
        x = xs[i]
        if not x or skip <= i < skip + f:
            continue
        v0 = x & np.uint64(255)
        v1 = (x >> np.uint64(8)) & np.uint64(255)
        v2 = (x >> np.uint64(16)) & np.uint64(255)
        v3 = (x >> np.uint64(24)) & np.uint64(255)
        v4 = (x >> np.uint64(32)) & np.uint64(255)
        v5 = (x >> np.uint64(40)) & np.uint64(255)
        v6 = (x >> np.uint64(48)) & np.uint64(255)
        v7 = x >> np.uint64(56)
        for q in range(q1 - q0):
            a[i, q0 + q] ^= (
                tables[0, v0, q] ^ tables[1, v1, q] ^ tables[2, v2, q] ^ tables[3, v3, q]
            ) ^ (tables[4, v4, q] ^ tables[5, v5, q] ^ tables[6, v6, q] ^ tables[7, v7, q])


@jit
def _apply_block(
    m: U64, t: U64, rank: int, f: int, pcol: I64, c: int, mask: np.uint64, tw: int
) -> None:  # pragma: no cover - compiled
    """Clear the block's pivot columns from every row but the pivot rows themselves, in
    stripes of `STRIPE` words so that the eight tables stay in the L2 cache."""
    of_bit = np.full(64, -1, dtype=np.int64)
    for j in range(f):
        of_bit[pcol[j]] = rank + j
    xs = np.empty(m.shape[0], dtype=np.uint64)
    for i in range(m.shape[0]):
        xs[i] = _window(m, i, c) & mask
    tables = np.empty((8, 256, STRIPE), dtype=np.uint64)
    for q0 in range(c >> 6, m.shape[1], STRIPE):
        _stripe(m, of_bit, xs, rank, f, q0, min(q0 + STRIPE, m.shape[1]), tables)
    for q0 in range(0, tw, STRIPE):
        _stripe(t, of_bit, xs, rank, f, q0, min(q0 + STRIPE, tw), tables)


@jit
def _sort_block(
    m: U64, t: U64, origin: I64, rank: int, f: int, pcol: I64
) -> None:  # pragma: no cover - compiled
    """Order the block's pivot rows by pivot column (insertion sort of at most 64 rows)."""
    for a in range(1, f):
        j = a
        while j > 0 and pcol[j - 1] > pcol[j]:
            _swap_rows(m, t, origin, rank + j - 1, rank + j)
            pcol[j - 1], pcol[j] = pcol[j], pcol[j - 1]
            j -= 1


@jit
def rref_m4rm(
    m: U64, t: U64, origin: I64, columns: I64, ncols: int
) -> I64:  # pragma: no cover - compiled
    """Reduce `m` (k rows) to RREF in place by M4RM; return the pivot column of each row.

    `t` (k × words(k), zeros) receives the compact transform, `origin` (``arange(k)`` on
    entry) the original row now at each position, ``columns[s]`` the original row of
    transform column s. For ``i < rank``: row i of M's RREF is ``Σ_s t[i, s] M[columns[s]]``;
    for ``i ≥ rank`` the same sum plus ``M[origin[i]]`` is zero (a left-kernel vector).
    """
    k = m.shape[0]
    pcol = np.zeros(64, dtype=np.int64)
    piv = np.empty(k, dtype=np.int64)
    # k - k, not 0: numba would type a literal start as Literal[int](0) and compile every
    # callee a second time for the first iteration (seconds on the first run after install)
    rank = k - k
    c = k - k
    while c < ncols and rank < k:
        width = min(BLOCK, ncols - c)
        mask = ~np.uint64(0) if width == 64 else (_ONE << np.uint64(width)) - _ONE
        f = _find_pivots(m, t, origin, columns, rank, c, mask, pcol)
        if f:
            tw = ((rank + f - 1) >> 6) + 1
            _apply_block(m, t, rank, f, pcol, c, mask, tw)
            _sort_block(m, t, origin, rank, f, pcol)
            for j in range(f):
                piv[rank + j] = c + pcol[j]
            rank += f
        c += width
    return piv[:rank]
