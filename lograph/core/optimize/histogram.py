"""The press histogram: how many solvable positions need exactly 0, 1, 2 … fewest presses.

Two exact ways, the faster that fits. Over GF(p) the positions are counted from the quiet
classes (`lograph.core.optimize.histogram_classes`, piece by piece over GF(2)): any board
whose positions need at most 4,096 presses (4,096 buttons over GF(2)) and whose pieces have
few class profiles (a board with no quiet pattern at once, a random geometric graph of
1,000 buttons and nullity 78 in half a second). Otherwise every one of the ``p^N`` press
vectors is walked once (in a compiled loop, base-p counting order, so each step adds about
one column of A to the running image), keeping the fewest presses seen per image:
independent of the linear algebra, a few seconds at N = 25 over GF(2). Boards beyond both
are refused.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis
from lograph.core.cancel import Cancel, Progress, poll, report
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.checks import is_prime
from lograph.core.model.system import PressSystem
from lograph.core.optimize.histogram_classes import (
    CLASS_DEGREE_LIMIT,
    CLASS_WORK_LIMIT,
    class_histogram,
    class_histogram_work,
)

__all__ = [
    "HISTOGRAM_LIMIT",
    "histogram_method",
    "min_press_table",
    "press_histogram",
    "quiet_rows",
]


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


def quiet_rows(analysis: Analysis) -> NDArray[np.uint8] | None:
    """The quiet basis over GF(p) as rows (``k × N``); None over Z_k, k composite (no basis
    to count by)."""
    if analysis.quiet_orders is not None:
        return None
    return np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, analysis.n)


def _quiet_basis(system: PressSystem, cancel: Cancel) -> NDArray[np.uint8] | None:
    from lograph.core.solve import prepare

    return quiet_rows(prepare(system, cancel=cancel).analysis)


def _by_classes(system: PressSystem) -> bool:
    """Whether the board is one the classes can count (a field, few enough presses)."""
    return is_prime(system.states) and system.n * (system.states - 1) <= CLASS_DEGREE_LIMIT


def histogram_method(
    system: PressSystem, quiet: NDArray[np.uint8] | None, limit: int = HISTOGRAM_LIMIT
) -> str | None:
    """How the histogram would be counted: ``"classes"``, ``"walk"``, or None (too big).

    `quiet` is the quiet basis over GF(p) (``k × N``), or None when it is not known (then
    only the walk is considered).

    >>> from lograph.core.model.generators import rectangle
    >>> system = rectangle(40, 40).to_system()  # no quiet pattern: C(1600, w) positions
    >>> histogram_method(system, np.zeros((0, 1600), dtype=np.uint8))
    'classes'
    >>> histogram_method(system, None) is None  # 2^1600 press vectors to walk
    True
    """
    limit = _check_limit(limit)
    if (
        quiet is not None
        and _by_classes(system)
        and class_histogram_work(quiet, system.states) <= CLASS_WORK_LIMIT
    ):
        return "classes"
    return "walk" if system.n * math.log2(system.states) <= limit + 1e-9 else None


def _out_of_reach(system: PressSystem, nullity: int, limit: int) -> BoardTooLargeError:
    return BoardTooLargeError(
        f"the press histogram is out of reach: {system.n} buttons and nullity {nullity} need "
        f"more than 2^{CLASS_WORK_LIMIT.bit_length() - 1} steps of counting by quiet classes, "
        f"and walking press vectors stops at 2^{limit} of them"
    )


def press_histogram(
    board: Board | PressSystem,
    limit: int = HISTOGRAM_LIMIT,
    cancel: Cancel = None,
    progress: Progress = None,
    quiet: NDArray[np.uint8] | None = None,
) -> list[int]:
    """How many solvable positions need exactly 0, 1, 2, … presses at the fewest.

    Parameters
    ----------
    board : Board or PressSystem
        The board (its current lights do not matter).
    limit : int
        Walk the press vectors only while there are at most ``2**limit`` of them (`limit`
        buttons over GF(2)). Over GF(p) the classes are counted first when their work fits
        (`histogram_method`); a board beyond both raises `BoardTooLargeError`.
    cancel : callable, optional
        Polled between chunks; returning True raises `InterruptedComputation`.
    progress : callable, optional
        Told the work done so far and its total after each chunk.
    quiet : array, optional
        The quiet basis over GF(p) (``k × N``) when the caller has it; found otherwise.

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
    limit = _check_limit(limit)
    walkable = system.n * math.log2(system.states) <= limit + 1e-9
    if _by_classes(system):
        quiet = _quiet_basis(system, cancel) if quiet is None else quiet
        try:  # the count checks its own work first, before doing any
            if quiet is not None:  # always over GF(p)
                return class_histogram(quiet, cancel, progress, system.states)
        except BoardTooLargeError:
            if not walkable and quiet is not None:
                raise _out_of_reach(system, len(quiet), limit) from None
    elif not walkable and is_prime(system.states):
        raise BoardTooLargeError(
            f"the press histogram is out of reach: {system.n} buttons (counting by quiet "
            f"classes stops at {CLASS_DEGREE_LIMIT // (system.states - 1)} buttons with "
            f"{system.states} states, walking press vectors at 2^{limit} of them)"
        )
    table = min_press_table(system, limit, cancel, progress)
    reached = table[table != np.iinfo(table.dtype).max]
    return [int(c) for c in np.bincount(reached.astype(np.int64))]
