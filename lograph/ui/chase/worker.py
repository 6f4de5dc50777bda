"""The chasing view's background work: one job at a time on its own thread, its result (or
the exception it raised) handed back on the GUI thread.

Unlike the analysis dock's `JobRunner` there are no channels and nothing is dropped here:
every answer reaches its callback, which decides (the view compares board revisions, and
shows a cancelled plan as cancelled).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

__all__ = ["ChaseWorker"]


class _Relay(QObject):
    done = Signal(int, object)  # token, result (or the exception raised)


class _Task(QRunnable):
    def __init__(self, relay: _Relay, token: int, work: Callable[[], Any]) -> None:
        super().__init__()
        self.relay, self.token, self.work = relay, token, work

    def run(self) -> None:
        try:
            result = self.work()
        except BaseException as exc:  # handed to the GUI thread, which decides
            result = exc
        with contextlib.suppress(RuntimeError):  # the window closed meanwhile
            self.relay.done.emit(self.token, result)


class ChaseWorker(QObject):
    """Runs ``work()`` on one worker thread and calls ``done(result)`` on the GUI thread."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._job_done)
        self._pending: dict[int, Callable[[object], None]] = {}
        self._next_token = 0

    def submit(self, work: Callable[[], Any], done: Callable[[object], None]) -> None:
        self._next_token += 1
        self._pending[self._next_token] = done
        self._pool.start(_Task(self._relay, self._next_token, work))

    def _job_done(self, token: int, result: object) -> None:
        done = self._pending.pop(token, None)
        if done is not None:
            done(result)
