"""Bit-packed GF(2) vectors (uint64 words) and a small dense elimination for them.

Bit ``j`` of a packed row lives in word ``j >> 6`` at position ``j & 63``. The dense
elimination here is for the small square systems the chase leaves (k_c × k_c check systems),
not for whole boards.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import jit

__all__ = [
    "M4RM_MIN",
    "DenseGF2",
    "identity_rows",
    "pack_rows",
    "parity",
    "rref_packed",
    "times_packed",
    "unpack_rows",
    "unpack_sliced",
    "words",
]

U64 = NDArray[np.uint64]
U8 = NDArray[np.uint8]
I64 = NDArray[np.int64]


@jit(inline=True)
def parity(value: int) -> int:  # pragma: no cover - compiled
    """Parity of the set bits of a non-negative 64-bit value (the classes' dot products)."""
    value ^= value >> 32
    value ^= value >> 16
    value ^= value >> 8
    value ^= value >> 4
    value ^= value >> 2
    value ^= value >> 1
    return value & 1


def words(nbits: int) -> int:
    """uint64 words needed for `nbits` bits (at least one, so arrays never have width 0)."""
    return max(1, (nbits + 63) // 64)


def pack_rows(bits: NDArray[np.generic]) -> U64:
    """Pack a 0/1 array of shape ``(r, c)`` into ``(r, words(c))`` uint64 words.

    Examples
    --------
    >>> pack_rows(np.array([[1, 0, 1]], dtype=np.uint8))
    array([[5]], dtype=uint64)
    """
    arr = np.asarray(bits, dtype=np.uint8) & 1
    r, c = arr.shape
    w = words(c)
    packed = np.packbits(arr, axis=1, bitorder="little")  # (r, ceil(c/8)) bytes
    out = np.zeros((r, w * 8), dtype=np.uint8)
    out[:, : packed.shape[1]] = packed
    # '<u8' reads the bytes as little-endian words, matching bit j -> word j >> 6.
    return out.view(np.dtype("<u8")).astype(np.uint64).reshape(r, w)


def identity_rows(k: int) -> U64:
    """The packed k × k identity (``(k, words(k))`` words), without a k × k byte array.

    Examples
    --------
    >>> identity_rows(2).tolist()
    [[1], [2]]
    """
    out = np.zeros((k, words(k)), dtype=np.uint64)
    j = np.arange(k)
    out[j, j >> 6] = np.left_shift(np.uint64(1), (j & 63).astype(np.uint64))
    return out


def unpack_rows(packed: U64, nbits: int) -> U8:
    """Inverse of `pack_rows`: ``(r, W)`` words to an ``(r, nbits)`` 0/1 uint8 array."""
    arr = np.ascontiguousarray(packed, dtype=np.uint64).astype(np.dtype("<u8"))
    r, w = arr.shape
    raw = arr.view(np.uint8).reshape(r, 8 * w)
    return np.unpackbits(raw, axis=1, count=nbits, bitorder="little")


def times_packed(transform: NDArray[np.generic], packed: U64) -> U64:
    """``transform @ M`` over GF(2): `transform` a 0/1 ``(r, k)`` array, `packed` the rows
    of M as `pack_rows` gives them; the product's rows packed the same way.

    The Method of Four Russians in numpy: the 256 sums of each eight rows of M are tabled
    (eight doublings), and each output row XORs the table row its byte of `transform`
    selects, so the product costs k/8 vectorised passes instead of one call per output row.

    Examples
    --------
    >>> m = pack_rows(np.array([[1, 0, 1], [0, 1, 1]], dtype=np.uint8))
    >>> unpack_rows(times_packed(np.array([[1, 1], [0, 1]], dtype=np.uint8), m), 3).tolist()
    [[1, 1, 0], [0, 1, 1]]
    """
    r, k = np.shape(transform)
    out = np.zeros((r, packed.shape[1]), dtype=np.uint64)
    codes = np.packbits(np.asarray(transform, dtype=np.uint8) & 1, axis=1, bitorder="little")
    table = np.zeros((256, packed.shape[1]), dtype=np.uint64)
    for chunk, start in enumerate(range(0, k, 8)):
        block = packed[start : start + 8]
        for j in range(len(block)):
            np.bitwise_xor(table[: 1 << j], block[j], out=table[1 << j : 2 << j])
        out ^= table[codes[:, chunk]]
    return out


@jit
def _unpack_sliced(x: U64, count: int, source: I64) -> U8:  # pragma: no cover - compiled
    n = source.shape[0]
    out = np.empty((count, n), dtype=np.uint8)
    col = np.empty(n, dtype=np.uint64)
    for q in range((count + 63) >> 6):
        for o in range(n):
            col[o] = x[source[o], q]
        for b in range(min(64, count - 64 * q)):
            row = out[64 * q + b]
            sh = np.uint64(b)
            for o in range(n):
                row[o] = np.uint8((col[o] >> sh) & np.uint64(1))
    return out


def unpack_sliced(x: U64, count: int, source: I64 | None = None) -> U8:
    """Turn bit-sliced vectors into rows: ``out[t, o]`` is bit t of ``x[source[o]]``.

    `x` holds one row of words per coordinate (bit t = vector t); `source` maps each output
    column to its row of `x` (identity by default). Written column-block-wise so that a
    quiet basis of a million buttons is unpacked with sequential writes.

    Examples
    --------
    >>> unpack_sliced(np.array([[1], [3]], dtype=np.uint64), 2).tolist()
    [[1, 1], [0, 1]]
    """
    n = x.shape[0]
    src = np.arange(n, dtype=np.int64) if source is None else np.asarray(source, np.int64)
    return _unpack_sliced(np.ascontiguousarray(x, dtype=np.uint64), int(count), src)


@jit
def _kernel_sliced(reduced: U64, pivots: I64, free: I64) -> U64:  # pragma: no cover - compiled
    """The kernel basis of an RREF, transposed and packed: row j holds unknown j of every
    basis vector (bit s: vector s, the one that is 1 on free column ``free[s]``)."""
    k = reduced.shape[1] * 64
    out = np.zeros((k, (free.shape[0] + 63) >> 6 if free.shape[0] else 1), dtype=np.uint64)
    for s in range(free.shape[0]):
        out[free[s], s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    for i in range(pivots.shape[0]):
        row = out[pivots[i]]
        for s in range(free.shape[0]):
            if (reduced[i, free[s] >> 6] >> np.uint64(free[s] & 63)) & np.uint64(1):
                row[s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    return out


@jit
def _rref(m: U64, t: U64, ncols: int) -> I64:  # pragma: no cover - compiled
    """Reduce `m` to reduced row echelon form in place, applying the same row operations
    to `t`; return the pivot column of each non-zero row."""
    k = m.shape[0]
    wm = m.shape[1]
    wt = t.shape[1]
    piv = np.full(k, -1, dtype=np.int64)
    rank = 0
    for c in range(ncols):
        wi = c >> 6
        bit = np.uint64(1) << np.uint64(c & 63)
        p = -1
        for r in range(rank, k):
            if m[r, wi] & bit:
                p = r
                break
        if p < 0:
            continue
        if p != rank:
            for q in range(wm):
                m[p, q], m[rank, q] = m[rank, q], m[p, q]
            for q in range(wt):
                t[p, q], t[rank, q] = t[rank, q], t[p, q]
        for r in range(k):
            if r != rank and (m[r, wi] & bit):
                for q in range(wi, wm):
                    m[r, q] ^= m[rank, q]
                for q in range(wt):
                    t[r, q] ^= t[rank, q]
        piv[rank] = c
        rank += 1
    return piv[:rank]


def rref_packed(m: U64, t: U64, ncols: int) -> I64:
    """Reduce the packed rows `m` in place to reduced row echelon form over their first
    `ncols` columns, applying the same row operations to `t`; the pivot columns."""
    return _rref(m, t, ncols)


#: Check systems from this many unknowns are reduced by M4RM (`lograph.core.kernels.m4rm`).
#: Below it one pivot at a time costs at most ~1 ms more (0.5 vs 0.3 ms at 256 unknowns, 2.1
#: vs 0.9 ms at 512), while compiling the M4RM kernels costs ~3 s on the first run after
#: install: a board must be big before that pays.
M4RM_MIN = 512


@dataclass(frozen=True, eq=False)
class DenseGF2:
    """A square GF(2) system ``M y = r`` reduced once, then solved for many right sides.

    ``T M = E`` with E in reduced row echelon form; the last ``k - rank`` rows of T span the
    left kernel of M, the non-pivot columns of E give its kernel. T is stored with its
    columns in the order `columns` (original rows of M); when `origin` is set, row i of T
    also holds original row ``origin[i]`` implicitly (the compact form M4RM keeps) and
    `source` keeps M for `left_kernel`.

    Examples
    --------
    >>> d = DenseGF2.reduce(pack_rows(np.array([[1, 1], [1, 1]])), 2)
    >>> d.rank, d.kernel().tolist(), d.solve(np.array([1, 1], dtype=np.uint8)).tolist()
    (1, [[1, 1]], [1, 0])
    """

    k: int
    reduced: U64
    transform: U64
    pivots: I64
    columns: I64
    origin: I64 | None = None
    source: U64 | None = None

    @classmethod
    def reduce(cls, m: U64, k: int, *, keep_source: bool = True) -> DenseGF2:
        """Reduce the packed ``(k, words(k))`` matrix `m` (not modified). Without
        `keep_source`, a copy of M is not kept for `left_kernel` (which then needs the
        classic reduction's T and must not be called after an M4RM reduction)."""
        red = np.array(m, dtype=np.uint64, copy=True).reshape(k, words(k))
        if k >= M4RM_MIN:
            from lograph.core.kernels.m4rm import rref_m4rm

            t = np.zeros_like(red)
            origin = np.arange(k, dtype=np.int64)
            columns = np.zeros(k, dtype=np.int64)
            pivots = rref_m4rm(red, t, origin, columns, k)
            source = np.array(m, dtype=np.uint64).reshape(k, words(k)) if keep_source else None
            return cls(k, red, t, pivots, columns[: len(pivots)], origin, source)
        return cls._classic(red, k)

    @classmethod
    def _classic(cls, red: U64, k: int) -> DenseGF2:
        """One pivot at a time on ``[M | I]`` (`red` is reduced in place)."""
        t = identity_rows(k) if k else np.zeros((0, 1), np.uint64)
        pivots = _rref(red, t, k) if k else np.zeros(0, dtype=np.int64)
        return cls(k, red, t, pivots, np.arange(k, dtype=np.int64))

    @property
    def rank(self) -> int:
        return len(self.pivots)

    def kernel(self) -> U8:
        """A basis of ker M as a ``(k - rank, k)`` 0/1 array."""
        free = np.setdiff1d(np.arange(self.k), self.pivots)
        basis = np.zeros((len(free), self.k), dtype=np.uint8)
        basis[np.arange(len(free)), free] = 1
        if self.rank and len(free):
            rows = unpack_rows(self.reduced[: self.rank], self.k)
            basis[:, self.pivots] = rows[:, free].T
        return basis

    def kernel_sliced(self) -> U64:
        """`kernel` transposed and packed: ``(k, words(nullity))`` words, bit s of row j
        being unknown j of kernel vector s (the form the chase pushes through)."""
        free = np.setdiff1d(np.arange(self.k), self.pivots)
        if self.k == 0:
            return np.zeros((0, 1), dtype=np.uint64)
        return _kernel_sliced(self.reduced, self.pivots, free)[: self.k]

    def left_kernel(self) -> U8:
        """A basis of ker Mᵀ as a ``(k - rank, k)`` 0/1 array: the rows of the classic
        elimination's T for the zero rows (the same basis whichever way M was reduced)."""
        if self.origin is None:
            return unpack_rows(self.transform[self.rank :], self.k)
        if self.rank == self.k:
            return np.zeros((0, self.k), dtype=np.uint8)
        if self.source is None:
            raise ValueError("left_kernel needs the matrix, dropped by keep_source=False")
        return DenseGF2._classic(self.source.copy(), self.k).left_kernel()

    def solve(self, rhs: U8) -> U8 | None:
        """One y with ``M y = rhs`` (free unknowns 0), or None when there is none."""
        if self.k == 0:
            return np.zeros(0, dtype=np.uint8)
        r8 = np.asarray(rhs, dtype=np.uint8) & 1
        ordered = np.zeros(self.k, dtype=np.uint8)
        ordered[: len(self.columns)] = r8[self.columns]
        r = pack_rows(ordered.reshape(1, -1))[0]
        t = (np.bitwise_count(self.transform & r).sum(axis=1) & 1).astype(np.uint8)
        if self.origin is not None:
            t[self.rank :] ^= r8[self.origin[self.rank :]]
        if t[self.rank :].any():
            return None
        y = np.zeros(self.k, dtype=np.uint8)
        y[self.pivots] = t[: self.rank]
        return y
