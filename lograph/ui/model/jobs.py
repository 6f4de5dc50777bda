"""Background jobs for the analysis dock: core calls run on a thread pool, never on the GUI
thread, and each can be cancelled.

A job is a function ``work(cancel) -> result`` handed to `JobRunner.submit` under a *channel*
name ("analysis", "solution", "worst" …). A channel runs at most one job that matters: a new
submission cancels the previous one and its late result is dropped, so a slow answer for an
old board can never overwrite a newer one. The result comes back on the GUI thread through a
queued signal, with the *token* the caller gave (its board revision), which the caller
checks once more against the board it now shows.

The core polls ``cancel()`` during long work and raises `InterruptedComputation`; numba
kernels release the GIL, so the window keeps painting while they run.

Examples
--------
>>> runner = JobRunner()  # doctest: +SKIP
>>> runner.submit("analysis", lambda cancel: prepare(system, cancel=cancel), "Analysing",
...               token=7, done=on_solver)  # doctest: +SKIP
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from lograph.core.errors import InterruptedComputation

__all__ = ["Job", "JobRunner"]

log = logging.getLogger("lograph.ui.analysis")

Work = Callable[[Callable[[], bool]], Any]
Done = Callable[[object, Any], None]  # (token, result)
Failed = Callable[[object, BaseException], None]  # (token, error)


@dataclass(eq=False)
class Job:
    """One submitted piece of work and how to report its outcome."""

    id: int
    channel: str
    text: str
    token: object
    done: Done
    failed: Failed | None
    stop: threading.Event = field(default_factory=threading.Event)

    def cancelled(self) -> bool:
        """The ``cancel`` callable the core polls."""
        return self.stop.is_set()


class _Relay(QObject):
    """Carries a finished job back to the GUI thread (a queued cross-thread signal)."""

    finished = Signal(object, object, object)  # job, result, error


class _Task(QRunnable):
    def __init__(self, job: Job, work: Work, relay: _Relay) -> None:
        super().__init__()
        self.job, self.work, self.relay = job, work, relay
        self.setAutoDelete(False)  # the runner keeps it until its result is delivered

    def run(self) -> None:
        result: Any = None
        error: BaseException | None = None
        try:
            result = self.work(self.job.cancelled)
        except BaseException as exc:  # delivered on the GUI thread, never lost in a thread
            error = exc
        self.relay.finished.emit(self.job, result, error)


class JobRunner(QObject):
    """Runs core calls on its own thread pool, one current job per channel.

    Parameters
    ----------
    threads : int
        Worker threads (two: a long worst-position search does not hold up the analysis).
    parent : QObject, optional
        Qt parent.

    Signals
    -------
    activity_changed()
        A job started or ended; read `active` for what is running.
    """

    activity_changed = Signal()

    def __init__(self, threads: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(threads)
        self._relay = _Relay(self)
        self._relay.finished.connect(self._finished)
        self._ids = itertools.count(1)
        self._current: dict[str, Job] = {}  # channel -> the job whose answer is wanted
        self._tasks: dict[int, _Task] = {}  # every task not yet delivered (incl. superseded)

    # ------------------------------------------------------------------ submitting
    def submit(
        self,
        channel: str,
        work: Work,
        text: str,
        *,
        token: object = None,
        done: Done,
        failed: Failed | None = None,
    ) -> Job:
        """Run ``work(cancel)`` in the background; supersedes the channel's running job.

        `done(token, result)` runs on the GUI thread when it succeeds and is still current;
        `failed(token, error)` when it raises (cancellations are reported to no one: whoever
        cancelled knows). Without `failed`, errors are re-raised on the GUI thread.
        """
        self.cancel(channel)
        job = Job(next(self._ids), channel, text, token, done, failed)
        task = _Task(job, work, self._relay)
        self._current[channel] = job
        self._tasks[job.id] = task
        self.pool.start(task)
        self.activity_changed.emit()
        return job

    def cancel(self, channel: str | None = None) -> None:
        """Cancel the channel's job (every job when `channel` is None); results are dropped."""
        channels = list(self._current) if channel is None else [channel]
        stopped = [self._current.pop(c) for c in channels if c in self._current]
        for job in stopped:
            job.stop.set()
            task = self._tasks.get(job.id)
            if task is not None and self.pool.tryTake(task):  # still queued: never runs
                del self._tasks[job.id]
        if stopped:
            self.activity_changed.emit()

    # ------------------------------------------------------------------ state
    @property
    def active(self) -> list[Job]:
        """The jobs whose answers are awaited, oldest first."""
        return sorted(self._current.values(), key=lambda j: j.id)

    def is_running(self, channel: str | None = None) -> bool:
        if channel is None:
            return bool(self._current)
        return channel in self._current

    def shutdown(self, msecs: int = 5000) -> bool:
        """Cancel everything and wait for the threads (on close). True if they all ended."""
        self.cancel()
        return bool(self.pool.waitForDone(msecs))

    # ------------------------------------------------------------------ delivery
    def _finished(self, job: Job, result: Any, error: BaseException | None) -> None:
        self._tasks.pop(job.id, None)
        if self._current.get(job.channel) is not job:
            return  # superseded or cancelled: nobody wants this answer any more
        del self._current[job.channel]
        self.activity_changed.emit()
        if error is None:
            job.done(job.token, result)
        elif isinstance(error, InterruptedComputation):
            log.info("%s cancelled", job.channel)
        elif job.failed is not None:
            job.failed(job.token, error)
        else:
            raise error
