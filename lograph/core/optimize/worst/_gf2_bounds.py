"""Bounds on the covering radius of the quiet code over GF(2), needing no search.

`lograph.core.optimize.worst._search` reports them when the exact answer is out of reach: the
sphere-covering lower bound (2^k cosets of radius ρ must cover every press vector) and the
upper bounds that hold for every position (redundancy and average weight).

**A lower bound by climbing: positions that need ever more presses.** Every position reached
is scored exactly (the lightest vector of its coset by one Walsh–Hadamard transform over the
classes), so the count it returns is a proven lower bound on the covering radius. A step
presses one more button of the current lightest solution x: the new coset's lightest vector
weighs at most one more, often the same; the walk accepts anything not lighter (sideways
moves cross plateaus) and keeps the heaviest seen."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from lograph.core.optimize.quiet import fewest_by_classes
from lograph.core.work import Work

__all__ = ["climb", "covering_lower_bound", "upper_bound"]


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


_CANCELLED = "worst-position search cancelled"


def climb(
    keys: NDArray[np.int64],
    k: int,
    start: NDArray[np.uint8],
    steps: int,
    work: Work | None = None,
    seed: int = 0,
) -> tuple[NDArray[np.uint8], int]:
    """Climb from `start` for `steps` exact evaluations; the heaviest coset leader found
    and its weight (the fewest presses of its position).

    Examples
    --------
    >>> keys = np.array([1, 1, 1], dtype=np.int64)  # the repetition code {000, 111}
    >>> climb(keys, 1, np.zeros(3, dtype=np.uint8), 4)[1]
    1
    """
    work = work or Work()
    rng = np.random.default_rng(seed)
    x, weight, _ = fewest_by_classes(keys, k, start, work)
    best_x, best_w = x, weight
    for _ in range(steps):
        unpressed = np.flatnonzero(x == 0)
        if len(unpressed) == 0:
            break
        trial = x.copy()
        trial[int(rng.choice(unpressed))] = 1
        leader, w, _ = fewest_by_classes(keys, k, trial, work, rng)
        if w >= weight:
            x, weight = leader, w
            if w > best_w:
                best_x, best_w = leader, w
        work.poll(_CANCELLED)
    return best_x, best_w
