"""The window's one job runner: every background computation (analysis, solutions, worst
position, histogram, chase plans, exports) runs here, on a thread pool, never on the GUI
thread; each can be cancelled and report progress, and a stale answer is dropped here.

A job is a function ``work(cancel) -> result`` handed to `JobRunner.submit` under a *channel*
name ("analysis", "solution", "worst" …). A channel runs at most one job that matters: a new
submission cancels the previous one and its late result is dropped, so a slow answer for an
old board can never overwrite a newer one. The result comes back on the GUI thread through a
queued signal, with the *token* the caller gave (its board revision), which the caller
checks once more against the board it now shows.

The work receives its `Job`, which is the ``cancel`` callable the core polls (it raises
`InterruptedComputation`) and can report progress with `Job.report`; numba kernels release
the GIL, so the window keeps painting while they run. Nothing here waits in a nested event
loop: answers arrive as queued signals.

Examples
--------
>>> runner = JobRunner()  # doctest: +SKIP
>>> runner.submit("analysis", lambda cancel: prepare(system, cancel=cancel), "Analysing",
...               token=7, done=on_solver)  # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from lograph.core.errors import InterruptedComputation
from lograph.core.kernels.compile_notice import on_first_compile

__all__ = ["COMPILING_NOTE", "Job", "JobRunner"]

log = logging.getLogger("lograph.ui")

JobFunction = Callable[["Job"], Any]  # a Job is also the ``cancel()`` callable the core polls
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
    relay: _Relay | None = None
    current: Callable[[], object] | None = None  # the token now; another one means stale
    stop: threading.Event = field(default_factory=threading.Event)

    def cancelled(self) -> bool:
        """True once the job was cancelled or superseded."""
        return self.stop.is_set()

    __call__ = cancelled  # the ``cancel`` callable the core polls

    def report(self, done: int, total: int) -> None:
        """Progress from the worker thread (`JobRunner.progress` carries it to the GUI)."""
        if self.relay is not None and not self.stop.is_set():
            self.relay.progress.emit(self, done, total)


class _Relay(QObject):
    """Carries a job's progress and outcome back to the GUI thread (queued signals)."""

    finished = Signal(object, object, object)  # job, result, error
    progress = Signal(object, int, int)  # job, done, total
    compiling = Signal()  # a worker began compiling kernels (the first run after install)


#: Added to the running jobs' texts while the first kernels compile.
COMPILING_NOTE = "Compiling kernels for this machine (first run only)"


def _tell_compiling(relay: weakref.ref[_Relay]) -> None:
    """Called on the worker thread that compiles; queues the news to the GUI thread."""
    target = relay()
    if target is not None:
        with contextlib.suppress(RuntimeError):  # its window was closed meanwhile
            target.compiling.emit()


class _Task(QRunnable):
    def __init__(self, job: Job, work: JobFunction, relay: _Relay) -> None:
        super().__init__()
        self.job, self.work, self.relay = job, work, relay
        self.setAutoDelete(False)  # the runner keeps it until its result is delivered

    def run(self) -> None:
        result: Any = None
        error: BaseException | None = None
        try:
            result = self.work(self.job)
        except BaseException as exc:  # delivered on the GUI thread, never lost in a thread
            error = exc
        with contextlib.suppress(RuntimeError):  # the window (and the relay) closed meanwhile
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
    progress(str, int, int)
        A current job's progress: (channel, done, total).
    """

    activity_changed = Signal()
    progress = Signal(str, int, int)

    def __init__(self, threads: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(threads)
        self._relay = _Relay(self)
        self._relay.finished.connect(self._finished)
        self._relay.progress.connect(self._progress)
        self._relay.compiling.connect(self._compiling)
        relay = weakref.ref(self._relay)
        on_first_compile(lambda: _tell_compiling(relay))
        self._ids = itertools.count(1)
        self._current: dict[str, Job] = {}  # channel -> the job whose answer is wanted
        self._tasks: dict[int, _Task] = {}  # every task not yet delivered (incl. superseded)

    # ------------------------------------------------------------------ submitting
    def submit(
        self,
        channel: str,
        work: JobFunction,
        text: str,
        *,
        token: object = None,
        current: Callable[[], object] | None = None,
        done: Done,
        failed: Failed | None = None,
    ) -> Job:
        """Run ``work(job)`` in the background; supersedes the channel's running job.

        An answer is stale, and dropped, when a newer job took its channel, or when
        `current()` (what the token would be now, e.g. the board revision) differs from
        `token`. `done(token, result)` runs on the GUI thread when it succeeds and is current;
        `failed(token, error)` when it raises (cancellations are reported to no one: whoever
        cancelled knows). Without `failed`, errors are re-raised on the GUI thread.
        """
        self.cancel(channel)
        job = Job(next(self._ids), channel, text, token, done, failed, self._relay, current)
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
    def _compiling(self) -> None:
        for job in self.active:  # a first analysis would otherwise look hung for seconds
            if COMPILING_NOTE not in job.text:  # first: the busy row may show only its start
                job.text = f"{COMPILING_NOTE} · {job.text}"
        self.activity_changed.emit()

    def _progress(self, job: Job, done: int, total: int) -> None:
        if self._current.get(job.channel) is job:
            self.progress.emit(job.channel, done, total)

    def _finished(self, job: Job, result: Any, error: BaseException | None) -> None:
        self._tasks.pop(job.id, None)
        if self._current.get(job.channel) is not job:
            return  # superseded or cancelled: nobody wants this answer any more
        del self._current[job.channel]
        self.activity_changed.emit()
        if job.current is not None and job.current() != job.token:
            log.info("%s: dropped an answer for an older board", job.channel)
            return
        if error is None:
            job.done(job.token, result)
        elif isinstance(error, InterruptedComputation):
            log.info("%s cancelled", job.channel)
        elif job.failed is not None:
            job.failed(job.token, error)
        else:
            raise error
