"""A lower bound on the worst position by climbing: positions that need ever more presses.

Every position reached is scored exactly (the lightest vector of its coset by one
Walsh–Hadamard transform over the classes), so the count it returns is a proven lower bound
on the covering radius. A step presses one more button of the current lightest solution x:
the new coset's lightest vector weighs at most one more, often the same; the walk accepts
anything not lighter (sideways moves cross plateaus) and keeps the heaviest seen.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, poll
from lograph.core.optimize.minimal import minimise_classes

__all__ = ["climb"]

_CANCELLED = "worst-position search cancelled"


def climb(
    keys: NDArray[np.int64],
    k: int,
    start: NDArray[np.uint8],
    steps: int,
    cancel: Cancel = None,
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
    rng = np.random.default_rng(seed)
    x, weight, _ = minimise_classes(keys, k, start, cancel)
    best_x, best_w = x, weight
    for _ in range(steps):
        unpressed = np.flatnonzero(x == 0)
        if len(unpressed) == 0:
            break
        trial = x.copy()
        trial[int(rng.choice(unpressed))] = 1
        leader, w, _ = minimise_classes(keys, k, trial, cancel, rng)
        if w >= weight:
            x, weight = leader, w
            if w > best_w:
                best_x, best_w = leader, w
        poll(cancel, _CANCELLED)
    return best_x, best_w
