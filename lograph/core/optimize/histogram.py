"""The press histogram: how many solvable positions need exactly 0, 1, 2 … fewest presses.

Computed by walking every one of the ``p^N`` press vectors once (in a compiled loop, base-p
counting order, so each step adds about one column of A to the running image) and keeping
the fewest presses seen per image. That is exact and independent of the linear algebra, and
takes a few seconds at N = 25 over GF(2); larger boards are refused.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, Progress, poll, report
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem

__all__ = ["HISTOGRAM_LIMIT", "min_press_table", "press_histogram"]


#: Largest log2 of the number of press vectors walked (2^26 over GF(2): 26 buttons).
HISTOGRAM_LIMIT = 26
#: Press vectors walked per compiled call, between polls of `cancel`.
_CHUNK = 1 << 21


def _check_limit(limit: int) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 34:
        raise BoardError(
            f"limit must be an integer in 0..34 (log2 of press vectors), not {limit!r}"
        )
    return limit


def min_press_table(
    system: PressSystem,
    limit: int = HISTOGRAM_LIMIT,
    cancel: Cancel = None,
    progress: Progress = None,
) -> NDArray[np.uint8] | NDArray[np.uint16]:
    """Fewest presses of every light pattern, by walking all ``p^N`` press vectors.

    Entry ``i`` belongs to the pattern whose base-p digits (light 0 lowest) are the change
    ``A x``; patterns no press vector reaches hold the dtype's maximum.

    Raises `BoardTooLargeError` when ``p^N > 2^limit``.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> table = min_press_table(rectangle(1, 2).to_system())  # presses a, b light 11, 11
    >>> table.tolist()  # patterns 00, 10, 01, 11
    [0, 255, 255, 1]
    """
    limit = _check_limit(limit)
    n, p = system.n, system.states
    bits = n * math.log2(p)
    if bits > limit + 1e-9:
        raise BoardTooLargeError(
            f"the press histogram walks {p}^{n} press vectors; boards up to 2^{limit} "
            f"are supported (this one has {n} buttons)"
        )
    from lograph.core.kernels.press import min_weight_table

    total = p**n
    dtype = np.uint8 if n * (p - 1) < 255 else np.uint16
    table = np.full(total, np.iinfo(dtype).max, dtype=dtype)
    powers = np.array([p**u for u in range(n)], dtype=np.int64)
    state = np.zeros(2 * n + 2, dtype=np.int64)
    done = 0
    while done < total:
        steps = min(_CHUNK, total - done)
        min_weight_table(system.indptr, system.indices, p, powers, state, table, steps)
        done += steps
        poll(cancel, "press histogram cancelled")
        report(progress, done, total)
    return table


def press_histogram(
    board: Board | PressSystem,
    limit: int = HISTOGRAM_LIMIT,
    cancel: Cancel = None,
    progress: Progress = None,
) -> list[int]:
    """How many solvable positions need exactly 0, 1, 2, … presses at the fewest.

    Parameters
    ----------
    board : Board or PressSystem
        The board (its current lights do not matter).
    limit : int
        Refuse (`BoardTooLargeError`) when there are more than ``2**limit`` press vectors,
        i.e. more than `limit` buttons over GF(2).
    cancel : callable, optional
        Polled between chunks; returning True raises `InterruptedComputation`.
    progress : callable, optional
        Told the press vectors walked so far, of ``p**N``, after each chunk.

    Returns
    -------
    list of int
        Entry w counts the positions whose fewest presses is w (total presses, values
        0..p−1 each); the entries sum to ``p**rank``. The last entry is the worst case.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> press_histogram(rectangle(3, 3))
    [1, 9, 36, 84, 126, 126, 84, 36, 9, 1]
    """
    system = board.to_system() if isinstance(board, Board) else board
    table = min_press_table(system, limit, cancel, progress)
    reached = table[table != np.iinfo(table.dtype).max]
    return [int(c) for c in np.bincount(reached.astype(np.int64))]
