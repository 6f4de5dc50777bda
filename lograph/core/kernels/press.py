"""Compiled inner loops for fewest presses, worst position and the press histogram.

Imported lazily (numba takes a while to load); compiled once and cached on disk.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from lograph.core.kernels.jit import jit

__all__ = [
    "INT16_BUTTONS",
    "butterflies",
    "character_row",
    "min_weight_table",
    "transform_small",
    "wide",
]


#: Most buttons whose transforms fit int16 (every partial sum of a transform of ±1 per
#: button is bounded by their number).
INT16_BUTTONS = 32_767


def wide(buttons: int) -> type[np.signedinteger[Any]]:
    """The value type of a transform over this many buttons: int16, or int32 beyond."""
    return np.int16 if buttons <= INT16_BUTTONS else np.int32


@jit(inline=True)
def butterflies(u: Any, v: Any, n: int) -> None:  # pragma: no cover - compiled
    """``u[i], v[i] = u[i] + v[i], u[i] − v[i]`` for i < n: one butterfly stage's pairs read
    through two slices. With separate arrays the compiler checks once that they do not
    overlap and uses vector instructions (4–5× faster than ``a[i], a[i + h]`` on one array,
    which it keeps scalar)."""
    for i in range(n):
        x = u[i]
        y = v[i]
        u[i] = x + y
        v[i] = x - y


@jit(inline=True)
def transform_small(a: Any, size: int) -> None:  # pragma: no cover - compiled
    """The Walsh–Hadamard transform of ``a[:size]`` in place, plain loops: for the small
    arrays (a column of a leaf, the coset weights of one position) that a call per pass of
    `lograph.core.kernels.wht.transform_pass` would not pay for."""
    h = 1
    while h < size:
        for base in range(0, size, 2 * h):
            for i in range(base, base + h):
                x = a[i]
                y = a[i + h]
                a[i] = x + y
                a[i + h] = x - y
        h *= 2


@jit(inline=True)
def character_row(point: int, width: int, first: int, row: Any) -> None:  # pragma: no cover
    """``row[c] = first · (−1)^{point·c}`` for c below `width` (a power of two), by doubling:
    bit b of c flips the sign where the point has bit b. One character of the class space,
    for the kernels that add a class's signs to every coset at once."""
    row[0] = first
    h = 1
    while h < width:
        sign = -1 if point & h else 1
        for c in range(h):
            row[h + c] = sign * row[c]
        h *= 2


@jit
def min_weight_table(
    indptr: Any, indices: Any, p: int, powers: Any, state: Any, table: Any, steps: int
) -> None:  # pragma: no cover - compiled
    """Walk `steps` press vectors in base-p counting order, keeping min weight per image.

    `state` holds, in this order: the press digits x (n), the image digits (n), then the
    image index and the weight. Counting x → x + 1 adds 1 (mod p) to the trailing digits that
    wrap (p−1 → 0) and to the next one, so the image changes by those columns of A: about
    p/(p−1) column additions per step. `table[image]` keeps the fewest presses seen.
    """
    n = indptr.shape[0] - 1
    idx = state[2 * n]
    weight = state[2 * n + 1]
    for _ in range(steps):
        if weight < table[idx]:
            table[idx] = weight
        # increment x in base p: every digit it touches is added 1 mod p
        j = 0
        while j < n:
            for e in range(indptr[j], indptr[j + 1]):
                u = indices[e]
                if state[n + u] == p - 1:
                    state[n + u] = 0
                    idx -= (p - 1) * powers[u]
                else:
                    state[n + u] += 1
                    idx += powers[u]
            if state[j] == p - 1:
                state[j] = 0
                weight -= p - 1
                j += 1
            else:
                state[j] += 1
                weight += 1
                break
    state[2 * n] = idx
    state[2 * n + 1] = weight
