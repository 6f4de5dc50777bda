"""The split search's walk: pairs of two groups' coordinates, level by level in order of
their two sorted tables' sum, until that sum plus the other tables' minima (the floor)
exceeds the lightest weight found (the plan: `lograph.core.optimize.gf2_split`).

Each level is cut into compiled calls (`lograph.core.kernels.pairs`) of about
`_CHUNK_PAIRS` pairs on the orbit search's threads, merged in block order, so the answer
does not depend on the threads; the cancel hook, the stop hook (a time limit) and the
progress report are served between levels.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, Progress, poll, report
from lograph.core.kernels.pairs import scan_pairs
from lograph.core.optimize.gf2_orbits import WORKERS
from lograph.core.optimize.gf2_split import SplitPlan

__all__ = ["SplitResult", "split_search"]

#: Pairs per compiled call (a few milliseconds: the cancel hook is polled between calls).
_CHUNK_PAIRS = 1 << 21
_CANCELLED = "fewest-presses search cancelled"


@dataclass(frozen=True)
class SplitResult:
    """What the split search found: the lightest solution (None if it found none), its
    weight, a proven lower bound, how many solutions tie (when `complete`), pairs walked."""

    presses: NDArray[np.uint8] | None
    weight: int
    lower_bound: int
    ties: int
    complete: bool
    pairs: int


def split_search(
    plan: SplitPlan,
    x0: NDArray[np.uint8],
    *,
    cancel: Cancel = None,
    progress: Progress = None,
    stop: Callable[[], bool] | None = None,
) -> SplitResult:
    """Walk the pairs in order of their two tables' sum until the floor rules the rest out;
    `stop` (a time limit), polled between calls, ends it with what it has proved."""
    g1 = plan.groups[0].weights[plan.order1]
    g2 = plan.groups[1].weights[plan.order2]
    values1, starts1 = np.unique(g1, return_index=True)
    ends1 = np.append(starts1[1:], len(g1))
    values2, starts2 = np.unique(g2, return_index=True)
    ends2 = np.append(starts2[1:], len(g2))
    where2 = {int(v): (int(a), int(b)) for v, a, b in zip(values2, starts2, ends2, strict=True)}
    best, ties, at, walked = int(plan.ceiling) + 1, 0, (-1, -1), 0
    level = int(values1[0] + values2[0])
    with ThreadPoolExecutor(WORKERS) as pool:
        while level + plan.floor <= best:
            if stop is not None and stop():
                found = plan.presses(x0, *at) if at[0] >= 0 else plan.lightest
                weight = best if at[0] >= 0 else plan.ceiling
                return SplitResult(found, weight, min(weight, level + plan.floor), 0, False, walked)
            blocks = _level_blocks(level, values1, starts1, ends1, where2)
            calls = [
                pool.submit(
                    scan_pairs, chunk, plan.first, plan.second, plan.tables, plan.multiplicity, best
                )
                for chunk in _chunks(blocks)
            ]
            for call in calls:  # in block order: the answer does not depend on the threads
                weight, count, i, j = call.result()
                if weight < best:
                    best, ties, at = weight, count, (i, j)
                elif weight == best:
                    ties += count
            walked += int(((blocks[:, 1] - blocks[:, 0]) * (blocks[:, 3] - blocks[:, 2])).sum())
            poll(cancel, _CANCELLED)
            report(progress, min(walked, plan.needed), plan.needed)
            level += 1
    return SplitResult(plan.presses(x0, *at), best, best, ties, True, walked)


def _level_blocks(
    level: int,
    values1: NDArray[np.int64],
    starts1: NDArray[np.intp],
    ends1: NDArray[np.intp],
    where2: dict[int, tuple[int, int]],
) -> NDArray[np.int64]:
    """The blocks of pairs whose two sorted tables sum to `level`: rows i0, i1, j0, j1, s."""
    rows = [
        (int(a), int(b), *where2[level - int(v)], level)
        for v, a, b in zip(values1, starts1, ends1, strict=True)
        if level - int(v) in where2
    ]
    return np.asarray(rows, dtype=np.int64).reshape(-1, 5)


def _chunks(blocks: NDArray[np.int64]) -> list[NDArray[np.int64]]:
    """The blocks cut (along i) into calls of about `_CHUNK_PAIRS` pairs, in order."""
    pieces: list[tuple[int, int, int, int, int]] = []
    for i0, i1, j0, j1, s in blocks.tolist():
        step = max(1, _CHUNK_PAIRS // max(1, j1 - j0))
        pieces += [(i, min(i1, i + step), j0, j1, s) for i in range(i0, i1, step)]
    calls, size, current = [], 0, []
    for piece in pieces:
        current.append(piece)
        size += (piece[1] - piece[0]) * (piece[3] - piece[2])
        if size >= _CHUNK_PAIRS:
            calls.append(np.asarray(current, dtype=np.int64))
            current, size = [], 0
    if current:
        calls.append(np.asarray(current, dtype=np.int64))
    return calls
