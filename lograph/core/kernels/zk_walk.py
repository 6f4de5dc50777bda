"""Compiled walk over a coset ``x₀ + ker A`` over Z_k: the fewest-presses enumeration.

Imported lazily (numba takes a while to load); compiled once and cached on disk.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lograph.core.kernels.jit import jit

__all__ = ["coset_walk"]


@jit
def coset_walk(
    gen: Any, orders: Any, k: int, counts: Any, state: Any, best: Any, steps: int, seed: int
) -> None:  # pragma: no cover - compiled
    """Walk `steps` choices of c in mixed-radix counting order, keeping the lightest.

    `gen` (m × G) holds the generators' values on each group of buttons, `counts` the group
    sizes. `state` holds the digits c (m), the group values (G), then the weight and the index
    of c; counting c → c + 1 adds every generator whose digit it touches (a digit wrapping
    from ``orders[j] − 1`` to 0 adds ``gen[j]`` once more, ``orders[j]·gen[j] ≡ 0``), so a step
    costs about one O(G) update. `best` holds the lightest weight (−1: none yet), the index
    of a lightest c, how many c tie for it, and a flag: 1 picks a uniformly random tie
    (reservoir sampling, numba's generator seeded with `seed`), 0 keeps the first.
    """
    m = orders.shape[0]
    groups = counts.shape[0]
    weight = state[m + groups]
    index = state[m + groups + 1]
    if best[3]:
        np.random.seed(seed)
    for _ in range(steps):
        if best[0] < 0 or weight < best[0]:
            best[0] = weight
            best[1] = index
            best[2] = 1
        elif weight == best[0]:
            best[2] += 1
            if best[3] and np.random.random() * best[2] < 1.0:
                best[1] = index
        j = 0
        while j < m:
            for g in range(groups):
                old = state[m + g]
                new = old + gen[j, g]
                if new >= k:
                    new -= k
                weight += (new - old) * counts[g]
                state[m + g] = new
            if state[j] == orders[j] - 1:
                state[j] = 0
                j += 1
            else:
                state[j] += 1
                break
        index += 1
    state[m + groups] = weight
    state[m + groups + 1] = index
