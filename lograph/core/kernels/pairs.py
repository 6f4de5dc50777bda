"""Compiled loop of the split fewest-presses search: the weights of pairs of coordinates.

The search (`lograph.core.optimize.fewest._gf2_split`) writes a solution's weight as a sum of small
tables, one per group of buttons, each indexed by that group's coordinates of the
combination. Two groups' coordinates (u₁, u₂) fix the combination; every other group's
index is ``first[g, i] ^ second[g, j]`` (a linear map of u₁ plus one of u₂, listed in the
sorted orders i of u₁ and j of u₂). A *block* is a run of i by a run of j whose two sorted
tables sum to the same value s, so a pair's weight is s plus one table entry per other group.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import IntArray, jit

__all__ = ["scan_pairs"]


@jit
def scan_pairs(
    blocks: IntArray,
    first: NDArray[np.int32],
    second: NDArray[np.int32],
    tables: NDArray[np.integer],
    multiplicity: IntArray,
    best: int,
) -> tuple[int, int, int, int]:
    """The lightest pair of the blocks (rows ``i0, i1, j0, j1, s``) if lighter than or as
    light as `best`: ``(weight, ties, i, j)``, ties counting every pair of that weight
    (`multiplicity[i]` times: the solutions pair i stands for) and (i, j) the first of them
    in block order; ``(best, 0, -1, -1)`` when no pair reaches
    `best`. The lookups dominate: two groups' tables of 2^21 int16 stay in the shared cache.
    """
    groups = first.shape[0]
    ties, best_i, best_j = 0, -1, -1
    for b in range(blocks.shape[0]):
        i0, i1, j0, j1, s = blocks[b, 0], blocks[b, 1], blocks[b, 2], blocks[b, 3], blocks[b, 4]
        for i in range(i0, i1):
            for j in range(j0, j1):
                w = s
                for g in range(groups):
                    w += np.int64(tables[g, first[g, i] ^ second[g, j]])
                if w < best:
                    best, ties, best_i, best_j = w, multiplicity[i], i, j
                elif w == best:
                    ties += multiplicity[i]
                    if best_i < 0:
                        best_i, best_j = i, j
    return best, ties, best_i, best_j
