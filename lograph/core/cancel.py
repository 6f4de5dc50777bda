"""Cancelling long computations: the `Cancel` hook, polling it, and a cancellable thread.

Every long call in `lograph.core` takes ``cancel=``: a callable the work polls now and then;
when it returns True the work stops by raising `InterruptedComputation`. None means "never
cancelled".

Examples
--------
>>> poll(None, "analysis cancelled")
>>> poll(lambda: True, "analysis cancelled")
Traceback (most recent call last):
...
lograph.core.errors.InterruptedComputation: analysis cancelled
>>> run_cancellable(lambda: 6 * 7, lambda: False)
42
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from lograph.core.errors import InterruptedComputation

__all__ = [
    "WORKERS",
    "Cancel",
    "EqualShares",
    "Progress",
    "RunningTotal",
    "clear_interrupt",
    "interrupt",
    "interrupted",
    "poll",
    "report",
    "run_cancellable",
    "timed",
]

#: The cancel hook every long call takes: polled during the work; None never cancels.
Cancel = Callable[[], bool] | None
#: The progress hook long calls take: ``progress(done, total)`` in units of the work's own
#: choosing (chunks, seconds of a time limit); None reports nothing. The user interface
#: owns the display (a bar on a terminal, nothing in a pipe).
Progress = Callable[[int, int], None] | None

_T = TypeVar("_T")
#: Threads a parallel search runs on (its kernels release the GIL): one per core, at most four.
WORKERS = max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1))
#: Seconds between polls of `cancel` while a helper thread works.
POLL_INTERVAL = 0.05
#: Set once the user asked the whole process to stop (Ctrl-C, SIGTERM; see `lograph.cli`).
_INTERRUPT = threading.Event()
log = logging.getLogger("lograph")


def interrupt() -> None:
    """Ask every long computation of this process to stop (called from a signal handler)."""
    _INTERRUPT.set()


def clear_interrupt() -> None:
    """Forget an earlier `interrupt` (a new command starts in the same process)."""
    _INTERRUPT.clear()


def interrupted() -> bool:
    """Whether the process was asked to stop: a `Cancel` hook shared by the whole process."""
    return _INTERRUPT.is_set()


def poll(cancel: Cancel, message: str = "computation cancelled") -> None:
    """Raise `InterruptedComputation(message)` when the caller asked to stop."""
    if cancel is not None and cancel():
        raise InterruptedComputation(message)


def report(progress: Progress, done: int, total: int) -> None:
    """Tell `progress` that `done` of `total` units are finished (nothing when None)."""
    if progress is not None:
        progress(done, total)


def timed(cancel: Cancel, progress: Progress, seconds: float) -> Cancel:
    """`cancel`, also reporting the whole seconds elapsed of a `seconds` time limit each time
    it is polled: progress for work that cannot count its own (HiGHS under a time limit)."""
    if progress is None:
        return cancel
    start, total = time.monotonic(), max(1, math.ceil(seconds))

    def polled() -> bool:
        progress(min(total, int(time.monotonic() - start)), total)
        return cancel is not None and cancel()

    return polled


def run_cancellable(
    work: Callable[[], _T],
    cancel: Cancel,
    message: str = "computation cancelled",
    name: str = "lograph-work",
) -> _T:
    """Run `work` (a call that cannot poll, e.g. a C solver releasing the GIL) in a helper
    thread and poll `cancel` meanwhile; its result or exception is handed back.

    A cancelled call is abandoned: its thread runs on until the work ends by itself (give
    the work its own time limit). The thread is not a daemon, because a process exiting
    under native threads (HiGHS) aborts; Python waits for it at exit instead.
    """
    poll(cancel, message)
    if cancel is None:
        return work()
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["result"] = work()
        except BaseException as exc:  # handed to the caller below
            box["error"] = exc

    thread = threading.Thread(target=target, name=name, daemon=False)
    thread.start()
    log.debug("%s: started", name)  # a marker the interrupt tests wait for
    while thread.is_alive():
        thread.join(POLL_INTERVAL)
        poll(cancel, message)
    if "error" in box:
        raise box["error"]
    result: _T = box["result"]
    return result


class RunningTotal:
    """Consecutive pieces of work, each reporting ``(done, total)`` from zero, as one count
    that never falls back: each `piece` hook reports after the totals of the pieces before.

    Examples
    --------
    >>> seen = []
    >>> count = RunningTotal(lambda done, total: seen.append((done, total)))
    >>> first = count.piece()
    >>> first(5, 10); first(10, 10)
    >>> second = count.piece()
    >>> second(2, 4)
    >>> seen
    [(5, 10), (10, 10), (12, 14)]
    """

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.before = 0  # the finished pieces' totals
        self.current = 0  # the current piece's total so far

    def piece(self) -> Progress:
        """The hook of the next piece (None when nothing is reported)."""
        progress = self.progress
        if progress is None:
            return None
        self.before, self.current = self.before + self.current, 0

        def report(done: int, total: int) -> None:
            self.current = total
            progress(self.before + done, self.before + total)

        return report


class EqualShares:
    """Pieces of work known in number but not in size, each reporting ``(done, total)`` from
    zero, as one count whose total never changes: each piece fills an equal share (a bar
    whose total grew as each piece started would jump back at every start).

    Examples
    --------
    >>> seen = []
    >>> shares = EqualShares(lambda done, total: seen.append((done, total)), 2)
    >>> first = shares.piece()
    >>> first(5, 10); first(10, 10)
    >>> second = shares.piece()
    >>> second(1, 4)
    >>> seen
    [(500, 2000), (1000, 2000), (1250, 2000)]
    """

    SHARE = 1000

    def __init__(self, progress: Progress, pieces: int) -> None:
        self.progress, self.pieces, self.started = progress, max(pieces, 1), 0

    def piece(self) -> Progress:
        """The hook of the next piece (None when nothing is reported)."""
        progress = self.progress
        if progress is None:
            return None
        offset, self.started = self.started * self.SHARE, self.started + 1
        whole = self.pieces * self.SHARE

        def report(done: int, total: int) -> None:
            part = self.SHARE * min(done, total) // total if total > 0 else 0
            progress(min(offset + part, whole), whole)

        return report
