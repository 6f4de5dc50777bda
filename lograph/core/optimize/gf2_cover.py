"""A lower bound on the worst position by a walk over class counts (`lograph.core.kernels.cover`).

The walk keeps all 2^k coset weights ``W(c)`` of the current position, so each move (press
one more button of a class, then re-centre on a lightest vector of the coset) costs a pass
over them instead of a transform; the best position is re-scored exactly by the caller.
"""

from __future__ import annotations

import time

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, poll

__all__ = ["WALK_WORK", "walk"]

#: Weight updates (moves tried × 2^k) the walk may spend: more than a usual time limit
#: allows on big boards, where the time limit governs.
WALK_WORK = 1 << 36
#: Moves tried per step: about 2^25 / 2^k (more tries find harder positions: 158 on 19×19
#: with 512, 154 with 16 in the same time), at most two per class.
_TRIES_WORK = 1 << 25
#: Weight updates between two polls of the cancel hook and the clock.
_CHUNK_WORK = 1 << 29
#: ... and at most this many steps in all (small spaces: the walk has long converged).
_MOST_STEPS = 1 << 17
_CANCELLED = "worst-position search cancelled"


def walk(
    keys: NDArray[np.int64],
    k: int,
    start: NDArray[np.uint8],
    cancel: Cancel,
    seed: int,
    seconds: float,
    work: int = WALK_WORK,
) -> NDArray[np.uint8]:
    """The heaviest position the walk from press vector `start` finds, as a press vector
    (pressing the first ``t_v`` buttons of each class and every button of class 0).

    Stops after `work` weight updates or `seconds`, whichever comes first; polls `cancel`.
    """
    from lograph.core.kernels.cover import coset_weights, cover_walk

    classes, inverse = np.unique(keys, return_inverse=True)
    counts = np.bincount(inverse).astype(np.int64)
    pressed = np.bincount(inverse, weights=start.astype(np.int64)).astype(np.int64)
    zero = classes == 0
    m0 = int(counts[zero].sum())
    cls, m, t = classes[~zero], counts[~zero], pressed[~zero]
    if len(cls) == 0:
        return start.astype(np.uint8)
    tries = max(4, min(256, 2 * len(cls), _TRIES_WORK >> k))
    # each try shifts, scans and shifts back the 2^k weights; a step also looks at every class
    per_step = tries * (3 << k) + 64 * len(cls)
    weights = coset_weights(cls, m, t, m0, k)
    best_t, best = t.copy(), int(weights.min())
    deadline = time.monotonic() + seconds
    steps = max(1, min(_CHUNK_WORK // per_step, _MOST_STEPS // 16))
    rounds = max(1, min(work // (steps * per_step), _MOST_STEPS // steps))
    for index in range(rounds):
        found_t, found = cover_walk(cls, m, t, weights, steps, tries, seed + index)
        if found > best:
            best_t, best = found_t.copy(), int(found)
        poll(cancel, _CANCELLED)
        if time.monotonic() > deadline:
            break
    return _press_vector(keys, cls, best_t)


def _press_vector(
    keys: NDArray[np.int64], cls: NDArray[np.int64], counts: NDArray[np.int64]
) -> NDArray[np.uint8]:
    """The first ``counts[i]`` buttons of class ``cls[i]`` pressed, and all of class 0."""
    presses: NDArray[np.uint8] = (keys == 0).astype(np.uint8)
    for value, count in zip(cls.tolist(), counts.tolist(), strict=True):
        presses[np.flatnonzero(keys == value)[:count]] = 1
    return presses
