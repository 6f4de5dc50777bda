"""How long work is bounded and observed: the `Work` every long search takes.

A `Work` holds the cancel hook (polled now and then; True stops the work by raising
`InterruptedComputation`), the progress hook (``progress(done, total)``), the deadline (a
`time.monotonic()` reading, or a `stop` hook) past which a search answers with its best so
far, and the budgets the searches keep to. ``Work()`` is never cancelled, reports nothing,
has no deadline and leaves every budget at its search's default.

Calls that can only stop (the engines, `lograph.core.solve.prepare`) take the plain `Cancel`
hook, `Work.cancel`. This module also holds the process-wide interrupt (Ctrl-C, SIGTERM),
`WORKERS` (the threads a parallel search runs on) and `run_cancellable`.

Examples
--------
>>> Work().poll("analysis cancelled")
>>> Work(cancel=lambda: True).poll("analysis cancelled")
Traceback (most recent call last):
...
lograph.core.errors.InterruptedComputation: analysis cancelled
>>> Work(deadline=0.0).past_deadline(), Work().past_deadline()
(True, False)
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
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from lograph.core.errors import InterruptedComputation

__all__ = [
    "WORKERS",
    "Cancel",
    "Progress",
    "Work",
    "clear_interrupt",
    "interrupt",
    "interrupted",
    "poll",
    "run_cancellable",
]

#: The cancel hook: polled during the work; None never cancels.
Cancel = Callable[[], bool] | None
#: The progress hook: ``progress(done, total)`` in units of the work's own
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


@dataclass(frozen=True)
class Work:
    """What bounds and observes one long computation.

    Attributes
    ----------
    cancel : callable, optional
        Polled during the work (`poll`); True stops it with `InterruptedComputation`.
    progress : callable, optional
        Told ``(done, total)`` as the work goes (`report`), in units of the work's choosing.
    deadline : float, optional
        A `time.monotonic()` reading: past it a search stops early and answers with its best
        so far, marked not exact (`within` makes one from a time limit in seconds).
    stop : callable, optional
        Another way to say the deadline has come (`past_deadline` asks both).
    leaves : int, optional
        Leaves the GF(2) fewest-presses search past one transform may take (the orbit
        search's transforms; the split search counts its pairs as leaves).
    solutions : int, optional
        Solutions the fewest-presses search by prefixes (GF(p), p > 2, and Z_k past the
        walk) may walk without a deadline; with one it walks any kernel until then.
    transform_nullity : int, optional
        Largest nullity the GF(2) fewest-presses search does by one transform (its memory
        is 4·2^k bytes); past it the searches over leaves.
    search_nullity : int, optional
        Largest nullity the GF(2) search past one transform takes on (beyond it, or with no
        leaves, the heuristic answers with a proven bound).
    program_nodes : int, optional
        Branch-and-bound nodes the worst-position integer program (HiGHS) may take, besides
        the time to the deadline (None: no limit on nodes).

    A budget left None is its search's own default (`lograph.core.optimize.fewest`).
    """

    cancel: Cancel = None
    progress: Progress = None
    deadline: float | None = None
    stop: Callable[[], bool] | None = None
    leaves: int | None = None
    solutions: int | None = None
    transform_nullity: int | None = None
    search_nullity: int | None = None
    program_nodes: int | None = None

    def poll(self, message: str = "computation cancelled") -> None:
        """Raise `InterruptedComputation(message)` when the caller asked to stop."""
        poll(self.cancel, message)

    def cancelled(self) -> bool:
        """Whether the caller asked to stop (without raising)."""
        return self.cancel is not None and self.cancel()

    def report(self, done: int, total: int) -> None:
        """Tell the progress hook that `done` of `total` units are finished."""
        if self.progress is not None:
            self.progress(done, total)

    def past_deadline(self) -> bool:
        """Whether the deadline has come: the clock is past `deadline`, or `stop` says so."""
        if self.stop is not None and self.stop():
            return True
        return self.deadline is not None and time.monotonic() > self.deadline

    def has_deadline(self) -> bool:
        """Whether a deadline bounds this work (a `deadline` or a `stop` hook)."""
        return self.deadline is not None or self.stop is not None

    def seconds_left(self, default: float) -> float:
        """Seconds until the deadline (at least 0); `default` when there is none."""
        if self.deadline is None:
            return default
        return max(0.0, self.deadline - time.monotonic())

    def within(self, seconds: float | None) -> Work:
        """This work with its deadline `seconds` from now (None: unchanged): a time limit, or
        a sub-search's share of the time (which the caller may let pass its own deadline).

        >>> Work().within(None).deadline is None
        True
        >>> Work(deadline=0.0).within(60).past_deadline()
        False
        """
        if seconds is None:
            return self
        return replace(self, deadline=time.monotonic() + float(seconds))

    def only_cancel(self) -> Work:
        """This work's cancel hook alone: no progress, no deadline, default budgets (for a
        sub-question that must not spend the caller's budgets, e.g. scoring one position)."""
        return Work(cancel=self.cancel)

    def with_clock_progress(self, seconds: float) -> Work:
        """This work without its progress hook, whose every poll reports the whole seconds
        elapsed of `seconds` instead: progress for work that cannot count its own (HiGHS
        under a time limit).

        >>> seen = []
        >>> work = Work(progress=lambda done, total: seen.append((done, total)))
        >>> work.with_clock_progress(2.5).poll(); seen
        [(0, 3)]
        """
        progress, cancel = self.progress, self.cancel
        if progress is None:
            return self
        start, total = time.monotonic(), max(1, math.ceil(seconds))

        def polled() -> bool:
            progress(min(total, int(time.monotonic() - start)), total)
            return cancel is not None and cancel()

        return replace(self, cancel=polled, progress=None)

    def consecutive_pieces(self) -> Callable[[], Work]:
        """Work for consecutive pieces, each reporting ``(done, total)`` from zero, as one
        count that never falls back: each piece's work reports after the totals of the
        pieces before. Call the result for the next piece's `Work`.

        >>> seen = []
        >>> work = Work(progress=lambda done, total: seen.append((done, total)))
        >>> piece = work.consecutive_pieces()
        >>> first = piece()
        >>> first.report(5, 10); first.report(10, 10)
        >>> piece().report(2, 4)
        >>> seen
        [(5, 10), (10, 10), (12, 14)]
        """
        progress = self.progress
        if progress is None:
            return lambda: self
        totals = [0, 0]  # the finished pieces' totals, the current piece's total so far

        def piece() -> Work:
            totals[0], totals[1] = totals[0] + totals[1], 0
            before = totals[0]

            def report(done: int, total: int) -> None:
                totals[1] = total
                progress(before + done, before + total)

            return replace(self, progress=report)

        return piece

    def equal_pieces(self, pieces: int) -> Callable[[], Work]:
        """Work for `pieces` pieces known in number but not in size, each reporting
        ``(done, total)`` from zero, as one count whose total never changes: each piece
        fills an equal share (a bar whose total grew as each piece started would jump back
        at every start). Call the result for the next piece's `Work`.

        >>> seen = []
        >>> work = Work(progress=lambda done, total: seen.append((done, total)))
        >>> piece = work.equal_pieces(2)
        >>> first = piece()
        >>> first.report(5, 10); first.report(10, 10)
        >>> piece().report(1, 4)
        >>> seen
        [(500, 2000), (1000, 2000), (1250, 2000)]
        """
        progress = self.progress
        if progress is None:
            return lambda: self
        whole, started = max(pieces, 1) * _SHARE, [0]

        def piece() -> Work:
            offset = started[0] * _SHARE
            started[0] += 1

            def report(done: int, total: int) -> None:
                part = _SHARE * min(done, total) // total if total > 0 else 0
                progress(min(offset + part, whole), whole)

            return replace(self, progress=report)

        return piece


#: Units of progress each of `Work.equal_pieces` fills.
_SHARE = 1000
