"""The window's kernel warm-up: compile the kernels into numba's on-disk cache in a background
process at start (`lograph.core.report.warmup`), with its progress in the status bar.

On a fresh install a board past the plain-Python paths would otherwise wait seconds for its
kernels on its first analysis. The warm-up runs in a child process rather than a thread:
numba's compiler is Python code holding the GIL and a process-wide lock, so a compiling
thread would stall the window's painting and its own analyses. The child is niced, checks the
stamp of a complete warm-up first (a later start costs it well under a second), and is killed
when the window closes. Meanwhile the window's analyses of small boards take the Python paths
and never wait for it; a big board compiles what it needs itself.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QObject, QProcess, Signal

from lograph.core.report.warmup import PREFIX

__all__ = ["KernelWarmup"]


class KernelWarmup(QObject):
    """Runs the warm-up child and relays its progress.

    Signals
    -------
    progress(int, int, str)
        A step started: (steps done, steps in all, what the step does).
    finished(int)
        The warm-up ended: how many kernels it compiled (0: the cache was warm already), or
        -1 when the child failed or was stopped.
    """

    progress = Signal(int, int, str)
    finished = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.process: QProcess | None = None
        self._buffer = b""
        self._told = False

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.state() != QProcess.ProcessState.NotRunning

    def start(self, command: list[str] | None = None) -> bool:
        """Start the child (`command` replaces ``python -m lograph.core.report.warmup``, for
        tests). False when one runs already or ``LOGRAPH_WARMUP=0`` turns it off."""
        if self.running or (command is None and os.environ.get("LOGRAPH_WARMUP") == "0"):
            return False
        argv = command or [sys.executable, "-m", "lograph.core.report.warmup"]
        process = QProcess(self)
        process.setProcessChannelMode(QProcess.ProcessChannelMode.SeparateChannels)
        process.readyReadStandardOutput.connect(self._read)
        process.finished.connect(self._ended)
        process.errorOccurred.connect(self._failed)
        self.process, self._buffer, self._told = process, b"", False
        process.start(argv[0], argv[1:])
        return True

    def stop(self) -> None:
        """Kill the child (the window closes); the cache keeps what it compiled so far."""
        process = self.process
        if process is None:
            return
        if process.state() != QProcess.ProcessState.NotRunning:
            process.kill()
            process.waitForFinished(3000)
        self._finish(-1)

    # ------------------------------------------------------------------ the child's lines
    def _read(self) -> None:
        if self.process is None:
            return
        self._buffer += bytes(self.process.readAllStandardOutput().data())
        *lines, self._buffer = self._buffer.split(b"\n")
        for raw in lines:
            words = raw.decode("utf-8", "replace").strip().split(" ", 3)
            if len(words) < 3 or words[0] != PREFIX:
                continue
            if words[1] == "done":
                self._finish(int(words[2]) if words[2].isdigit() else 0)
            elif words[1].isdigit() and words[2].isdigit():
                self.progress.emit(int(words[1]), int(words[2]), words[3] if len(words) > 3 else "")

    def _ended(self, code: int, status: QProcess.ExitStatus) -> None:
        self._read()
        self._finish(0 if code == 0 and status == QProcess.ExitStatus.NormalExit else -1)

    def _failed(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self._finish(-1)

    def _finish(self, compiled: int) -> None:
        if not self._told:
            self._told = True
            self.finished.emit(compiled)
