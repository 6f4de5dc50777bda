"""Lower bounds on the worst position: positions scored exactly, from a few random tries
(`searched`) and by simulated annealing over class counts (`anneal`,
`lograph.core.kernels.cover`).

The annealing keeps all 2^k coset weights ``W(c)`` of the current position, so a move
(press one more or one fewer button of a class) is priced on the few light cosets and paid
for in one pass over the weights instead of a transform; the best position is re-scored
exactly by the caller. Runs of a fixed length (a schedule from hot to cold) repeat from
the best position found until the time limit or the run count: a finished run's answer
never depends on the machine's speed, only how many runs fit. One chain runs on each core,
from different seeds; when the board has a drawn symmetry of the quiet patterns, every
second chain searches only the positions it leaves unchanged (one count per orbit of
classes, moved together), a space small enough for the annealing to find heavier
positions on some boards (19×19: 165 where the unrestricted chains stop at 162).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import numpy as np
from numpy.typing import NDArray

from lograph.core.optimize.quiet import fewest_by_classes, pressing_counts
from lograph.core.work import WORKERS, Work

__all__ = ["ANNEAL_RUNS", "anneal", "anneal_run", "annealed", "class_orbits", "searched"]

#: Runs the annealing may make: more than a usual time limit allows on big boards, where
#: the time limit governs; small boards stop after this many.
ANNEAL_RUNS = 8
#: Proposed moves per run and class: a run of 30×30's 740 classes takes about 20 s here.
_RUN_MOVES_PER_CLASS = 512
#: The target L sits this far above the best minimum found, and the relative temperature
#: falls from _HOT to _COLD over a run. Measured on 30×30 (20 s from a random position):
#: margin 8 at 0.1 → 0.002 reaches 412–414 (margin 20: 412; 0.3 → 0.01 or 0.1 → 0.0002:
#: 413), margin 4 at 1.0 → 0.002 only 400–402; 19×19 reaches 161–162 with all of them.
_TARGET_MARGIN = 8
_HOT, _COLD = 0.1, 0.002
#: Positions `searched` scores (all buttons, random, and the best so far perturbed).
_SEARCH_TRIES = 24
#: Proposed moves between two polls of the cancel hook and the clock.
_CHUNK_WORK = 1 << 29
_CANCELLED = "worst-position search cancelled"


def anneal(
    keys: NDArray[np.int64],
    k: int,
    start: NDArray[np.uint8],
    work: Work,
    seed: int,
    runs: int = ANNEAL_RUNS,
    symmetry: NDArray[np.intp] | None = None,
) -> NDArray[np.uint8]:
    """The heaviest position the annealing from press vector `start` finds, as a press vector
    (pressing the first ``t_v`` buttons of each class and every button of class 0).

    With `symmetry` (a button permutation mapping the quiet space to itself) every second
    chain searches only the positions it leaves unchanged: pressing the same count in
    every class of an orbit. Stops after `runs` runs or at the work's deadline, whichever
    comes first; polls the work.
    """
    classes, inverse = np.unique(keys, return_inverse=True)
    counts = np.bincount(inverse).astype(np.int64)
    pressed = np.bincount(inverse, weights=start.astype(np.int64)).astype(np.int64)
    zero = classes == 0
    m0 = int(counts[zero].sum())
    cls, m, best_t = classes[~zero], counts[~zero], pressed[~zero]
    if len(cls) == 0:
        return start.astype(np.uint8)
    chain = _Chain(cls, m, m0, k, work, math.inf if work.deadline is None else work.deadline)
    alone = [np.arange(len(cls) + 1, dtype=np.int64), np.arange(len(cls), dtype=np.int64)]
    orbits = class_orbits(keys, cls, symmetry) if symmetry is not None else None
    plans = [alone if orbits is None or i % 2 == 0 else orbits for i in range(WORKERS)]

    def run(i: int) -> NDArray[np.int64]:
        return chain.run(best_t, seed + i, runs, *plans[i])

    with ThreadPoolExecutor(WORKERS) as pool:  # independent chains, the best one kept
        found = list(pool.map(run, range(WORKERS)))
    best_t = max(found, key=chain.lowest)
    return pressing_counts(keys, cls, best_t)


def class_orbits(
    keys: NDArray[np.int64], cls: NDArray[np.int64], symmetry: NDArray[np.intp]
) -> list[NDArray[np.int64]] | None:
    """``[groups, order]``: the orbits of the (sorted, nonzero) classes `cls` under the powers
    of a button permutation, as `order` (class indices, orbit after orbit) and `groups`
    (where each orbit starts in it, and the end); None unless it maps every class onto one
    class of the same size (a symmetry of the quiet space does)."""
    pairs = np.unique(np.stack([keys, keys[symmetry]]), axis=1)
    if pairs.shape[1] != len(np.unique(keys)) or not np.array_equal(
        np.unique(pairs[1]), np.unique(keys)
    ):
        return None  # a class split over two images, or two classes onto one
    source, target = pairs[:, pairs[0] != 0]
    if len(source) != len(cls):
        return None  # class 0 (no quiet pattern) must stay class 0
    image = np.searchsorted(cls, target)
    seen = np.zeros(len(cls), dtype=bool)
    order, groups = [], [0]
    for first in range(len(cls)):  # follow each cycle of the class permutation
        j = first
        while not seen[j]:
            seen[j] = True
            order.append(j)
            j = int(image[j])
        if len(order) > groups[-1]:
            groups.append(len(order))
    return [np.asarray(groups, dtype=np.int64), np.asarray(order, dtype=np.int64)]


class _Chain:
    """One annealing chain over the class counts (several run side by side, each on its
    own counts and weights; the kernel releases the GIL)."""

    def __init__(
        self,
        cls: NDArray[np.int64],
        m: NDArray[np.int64],
        m0: int,
        k: int,
        work: Work,
        deadline: float,
    ) -> None:
        self.cls, self.m, self.m0, self.k = cls, m, m0, k
        self.work, self.deadline = work, deadline

    def lowest(self, counts: NDArray[np.int64]) -> int:
        """The fewest presses of the position with these class counts."""
        from lograph.core.kernels.cover import coset_weights

        return int(coset_weights(self.cls, self.m, counts, self.m0, self.k).min())

    def run(
        self,
        start: NDArray[np.int64],
        seed: int,
        runs: int,
        groups: NDArray[np.int64],
        order: NDArray[np.int64],
    ) -> NDArray[np.int64]:
        """The best counts found from `start` in `runs` runs or until the deadline, moving
        the classes of a group (`groups` into `order`, see `class_orbits`) together."""
        from lograph.core.kernels.cover import coset_weights, cover_anneal

        cls, m = self.cls[order], self.m[order]
        sizes = np.diff(groups)
        # a start every move keeps within the groups: each group's mean count
        means = np.add.reduceat(start[order], groups[:-1]) / sizes
        best_t = np.repeat(np.rint(means).astype(np.int64), sizes)
        best = int(coset_weights(cls, m, best_t, self.m0, self.k).min())
        run = _RUN_MOVES_PER_CLASS * len(sizes)
        chunk = max(64, min(run, _CHUNK_WORK >> self.k))
        cooling = (_COLD / _HOT) ** (1.0 / run)
        for _ in range(runs):
            t = best_t.copy()  # every run starts again from the best position, hot
            weights = coset_weights(cls, m, t, self.m0, self.k)
            state = np.array([_TARGET_MARGIN, _HOT, cooling, 1.0, best], dtype=np.float64)
            # the arrays of this run, then (moves, seed) per chunk
            step = partial(cover_anneal, cls, m, t, weights, best_t, state, groups=groups)
            best, seed = anneal_run(step, run, chunk, seed, self.work, self.deadline)
            if time.monotonic() > self.deadline:
                break
        counts = np.empty_like(best_t)
        counts[order] = best_t
        return counts


def anneal_run(
    step: Callable[[int, int], int],
    run: int,
    chunk: int,
    seed: int,
    work: Work,
    deadline: float,
) -> tuple[int, int]:
    """One run of `run` proposed moves, `chunk` at a time: ``step(moves, seed)`` makes them
    (the compiled annealing, its schedule carried in its state) and returns the best
    minimum so far. Polls the work and stops at `deadline` (`time.monotonic()`) between
    chunks; returns the best and the seed for the next run."""
    best = -1
    for done in range(0, run, chunk):
        best = int(step(min(chunk, run - done), seed))
        seed += 1 << 20  # the next call's moves are drawn afresh
        work.poll(_CANCELLED)
        if time.monotonic() > deadline:
            break
    return best, seed


def searched(
    keys: NDArray[np.int64], k: int, n: int, work: Work, seed: int
) -> tuple[NDArray[np.uint8], int]:
    """The hardest of a few positions (all buttons, random, random flips), scored exactly."""
    rng = np.random.default_rng(seed)
    best_x, best_w = np.ones(n, dtype=np.uint8), -1
    for attempt in range(_SEARCH_TRIES):
        if attempt == 0:
            x = np.ones(n, dtype=np.uint8)
        elif attempt % 2:
            x = rng.integers(0, 2, n, dtype=np.uint8)
        else:  # perturb the best so far
            x = best_x.copy()
            flip = rng.choice(n, max(1, n // 16), replace=False)
            x[flip] ^= 1
        lightest, weight, _ = fewest_by_classes(keys, k, x, work)
        if weight > best_w:
            best_x, best_w = lightest, weight
        work.poll(_CANCELLED)
    return best_x, best_w


def annealed(
    keys: NDArray[np.int64],
    k: int,
    start: tuple[NDArray[np.uint8], int],
    work: Work,
    seed: int,
    symmetry: NDArray[np.intp] | None = None,
) -> tuple[NDArray[np.uint8], int]:
    """The annealing's best position from `start` (presses, fewest presses) if heavier,
    scored exactly by one transform: the count never rests on the annealing."""
    found = anneal(keys, k, start[0], work, seed, symmetry=symmetry)
    presses, worst, _ = fewest_by_classes(keys, k, found, work)
    return (presses, worst) if worst > start[1] else start
