"""Counting buttons whose presses change the same lights as another's, compiled by numba."""

from __future__ import annotations

import numpy as np

from lograph.core.kernels.jit import IntArray, jit

__all__ = ["twin_count"]


@jit
def twin_count(indptr: IntArray, indices: IntArray) -> int:
    # Each column's hash is the wrapping sum of splitmix64 words of its row indices, so
    # equal columns hash equal; the columns whose hash is already in an open-addressing
    # table (twice N slots, quicker than sorting) repeat an earlier one. A collision of
    # two different columns could only raise the count, never lower it.
    n = len(indptr) - 1
    size = 2
    while size < 2 * n:
        size *= 2
    table = np.zeros(size, dtype=np.uint64)  # 0 marks an empty slot: hashes are stored | 1
    mask = np.uint64(size - 1)
    repeats = 0
    for j in range(n):
        total = np.uint64(0)
        for p in range(indptr[j], indptr[j + 1]):
            z = np.uint64(indices[p] + 1)
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            total += z ^ (z >> np.uint64(31))
        key = total | np.uint64(1)
        slot = (total >> np.uint64(17)) & mask
        while table[slot] != 0 and table[slot] != key:
            slot = (slot + np.uint64(1)) & mask
        if table[slot] == key:
            repeats += 1
        else:
            table[slot] = key
    return repeats
