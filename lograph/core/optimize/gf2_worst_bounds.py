"""Bounds on the covering radius of the quiet code over GF(2), needing no search.

`lograph.core.optimize.worst` reports them when the exact answer is out of reach: the
sphere-covering lower bound (2^k cosets of radius ρ must cover every press vector) and the
upper bounds that hold for every position (redundancy and average weight).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

__all__ = ["covering_lower_bound", "upper_bound"]


def upper_bound(quiet: NDArray[np.uint8], n: int, k: int) -> int:
    """The redundancy bound N − k and the average weight of a coset (min ≤ average)."""
    # redundancy bound N − k, and min ≤ average: a button in no quiet pattern (class 0) is
    # pressed in the whole coset, any other one in exactly half of it
    m0 = n - int(np.count_nonzero(quiet.any(axis=0)))
    return min(n - k, m0 + (n - m0) // 2)


def covering_lower_bound(n: int, k: int) -> int:
    """Sphere-covering bound: 2^k balls of radius ρ must cover all 2^N press vectors.

    Exact ball volumes while N is small; beyond, the volume bound ``V(N, r) ≤ 2^{N·H(r/N)}``
    (r ≤ N/2) can only make the returned radius smaller, so it stays a valid lower bound.
    """
    if n - k <= 0:
        return 0
    if n <= 4096:
        need, volume, term, rho = 1 << (n - k), 1, 1, 0
        while volume < need:
            rho += 1
            term = term * (n - rho + 1) // rho
            volume += term
        return rho

    def entropy_bits(r: int) -> float:
        q = r / n
        return 0.0 if q <= 0.0 else -n * (q * math.log2(q) + (1 - q) * math.log2(1 - q))

    low, high = 0, n // 2  # smallest r ≤ N/2 whose volume bound reaches 2^(N−k)
    while low < high:
        mid = (low + high) // 2
        if entropy_bits(mid) >= n - k:
            high = mid
        else:
            low = mid + 1
    return low
