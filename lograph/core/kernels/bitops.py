"""Word-level bit operations the GF(2) kernels share: one bit as a word, the index of a
word's lowest set bit, and a word's population count (numba has no intrinsics for the last
two, so they are the classic branch-free forms)."""

from __future__ import annotations

import numpy as np

from lograph.core.kernels.jit import jit

__all__: list[str] = []  # the helpers are for compiled callers only

_ONE = np.uint64(1)
# de Bruijn sequence for the index of a word's lowest set bit in two operations
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_LOWEST = np.array(
    [
        0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
        62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
        63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
        46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
    ],
    dtype=np.int64,
)  # fmt: skip


@jit
def _bit(c: int) -> np.uint64:  # pragma: no cover - compiled
    return np.uint64(_ONE << np.uint64(c & 63))


@jit
def _lowest(x: np.uint64) -> int:  # pragma: no cover - compiled
    """Index of the lowest set bit of a non-zero word."""
    return int(_LOWEST[((x & (~x + _ONE)) * _DEBRUIJN) >> np.uint64(58)])


@jit
def _popcount(x: np.uint64) -> int:  # pragma: no cover - compiled
    x = x - ((x >> _ONE) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))
