"""A lower bound on the worst position over Z_k (k > 2): simulated annealing over how many
buttons of each class are pressed 0 … k − 1 times (`lograph.core.kernels.zk_cover`), one
chain per core, from the best position known; the position found is scored again by the
exact fewest-presses search, so the count never rests on the annealing.

Runs of a fixed length (a schedule from hot to cold, 512 proposals per button as over
GF(2)) repeat from the best position found, `ANNEAL_RUNS` times or until the time is up.
Used when the integer program (`lograph.core.optimize.worst._program`) has not proved
its answer.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis
from lograph.core.optimize.fewest import fewest_presses
from lograph.core.optimize.worst._gf2_anneal import anneal_run
from lograph.core.optimize.worst._program import (
    WORST_SECONDS,
    ShiftClasses,
    press_vector,
    shift_classes,
    table_entries,
)
from lograph.core.work import WORKERS, Work

__all__ = ["ANNEAL_ENTRIES", "ANNEAL_RUNS", "zk_annealed"]

#: Largest kernel size × classes the annealing keeps (its shift table, one byte each: 256 MB
#: at most). 3-colour 17×17 (3^12 solutions ×
#: 271 classes) needs 2^28: 227 → 246 in 20 s over the searched positions alone.
ANNEAL_ENTRIES = 1 << 28
#: Runs each chain may make: small boards stop after this many (their answer then never
#: depends on the machine's speed); on big ones the time is up first.
ANNEAL_RUNS = 8
#: Proposed moves per run and button; the target's margin above the best minimum and the
#: relative temperature's fall over a run (the GF(2) annealing's schedule, in presses).
_RUN_MOVES_PER_BUTTON = 512
_TARGET_MARGIN = 8
_HOT, _COLD = 0.1, 0.002
#: Proposed moves between two polls of the cancel hook and the clock (a move costs a pass
#: over the tail, a few percent of the kernel).
_CHUNK_WORK = 1 << 27
_CANCELLED = "worst-position search cancelled"


class _Chain:
    """One chain's fixed data: the shift table (classes × solutions), the class sizes and
    the weight of the buttons in no quiet pattern."""

    def __init__(self, classes: ShiftClasses, k: int, work: Work, deadline: float) -> None:
        self.shifts = classes.shifts[1:]  # laid out by class; class 0 never moves
        self.sizes = classes.sizes[1:]
        self.base = int(classes.sizes[0]) * (k - 1)
        self.k, self.work, self.deadline = k, work, deadline

    def run(self, start: NDArray[np.int64], seed: int) -> tuple[NDArray[np.int64], int]:
        """The best counts found from `start` (classes × k) in `ANNEAL_RUNS` runs or before
        the deadline, and their fewest presses."""
        from lograph.core.kernels.zk_cover import zk_anneal, zk_weights

        k, sizes = self.k, self.sizes
        best_counts = start.copy()
        best = int(zk_weights(self.shifts, best_counts, k, self.base).min())
        run = _RUN_MOVES_PER_BUTTON * int(sizes.sum())
        chunk = max(64, min(run, _CHUNK_WORK // max(1, self.shifts.shape[1])))
        cooling = (_COLD / _HOT) ** (1.0 / run)
        for _ in range(ANNEAL_RUNS):
            counts = best_counts.copy()  # every run starts again from the best, hot
            weights = zk_weights(self.shifts, counts, k, self.base)
            state = np.array([_TARGET_MARGIN, _HOT, cooling, 1.0, best], dtype=np.float64)
            # the arrays of this run, then (moves, seed) per chunk
            step = partial(zk_anneal, self.shifts, counts, sizes, weights, best_counts, state, k=k)
            best, seed = anneal_run(step, run, chunk, seed, self.work, self.deadline)
            if time.monotonic() > self.deadline:
                break
        return best_counts, best


def _counts(classes: ShiftClasses, presses: NDArray[np.uint8], k: int) -> NDArray[np.int64]:
    """How many buttons of each nonzero class the press vector presses a = 0 … k − 1 times."""
    table = np.zeros((len(classes.sizes), k), dtype=np.int64)
    np.add.at(table, (classes.inverse, presses.astype(np.int64)), 1)
    return table[1:]


def zk_annealed(
    analysis: Analysis,
    start: tuple[NDArray[np.uint8], int],
    work: Work,
    seed: int,
) -> tuple[NDArray[np.uint8], int]:
    """The annealing's best position from `start` (a lightest solution and its fewest
    presses) when heavier, as its lightest solution and fewest presses (scored exactly);
    `start` itself otherwise, or when the shift table is past `ANNEAL_ENTRIES`. The chains
    run until the work's deadline (`WORST_SECONDS` from now without one)."""
    k = analysis.states
    # listing the shifts counts too (2 s at 2^27)
    deadline = time.monotonic() + work.seconds_left(WORST_SECONDS)
    if table_entries(analysis) > ANNEAL_ENTRIES:
        return start
    classes = shift_classes(analysis, by_class=True)
    if len(classes.sizes) == 1:
        return start  # no quiet pattern moves a button
    chain = _Chain(classes, k, work, deadline)
    first = _counts(classes, start[0], k)
    with ThreadPoolExecutor(WORKERS) as pool:  # independent chains, the best one kept
        found = list(pool.map(lambda i: chain.run(first, seed + i), range(WORKERS)))
    counts, best = max(found, key=lambda pair: pair[1])
    if best <= start[1]:
        return start
    scored = fewest_presses(
        analysis, press_vector(classes, counts[:, 1:], k), work=work.only_cancel()
    )
    if not scored.exact or scored.press_count <= start[1]:
        return start
    return scored.presses, scored.press_count
