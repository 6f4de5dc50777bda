"""Ctrl-C and SIGTERM for the headless commands: stop within a second, one line, 130/143.

Python runs a signal handler only between bytecodes of the main thread, so a command busy in
native code (HiGHS, a numba loop, Qt rasterising a picture) would not see Ctrl-C until that
call returns, which can be minutes. Two parts therefore work together:

- the Python handler sets the process-wide cancel flag (`lograph.core.work.interrupt`),
  which long core work polls, and raises KeyboardInterrupt, which `main` turns into the
  ``lograph: interrupted`` line; pure-Python work stops there, and atomic saves remove
  their temporary file on the way out;
- a watcher thread reads the signal's byte from `signal.set_wakeup_fd` (written by the C
  handler even while the main thread is stuck in native code). When the main thread has
  not finished within `GRACE` seconds, it removes the temporary files being written
  (`abandon_writes`), prints the line and ends the process with `os._exit`: native code
  cannot be stopped any other way, and a clean interpreter exit would wait for it.

Either way the output of ``-o`` is untouched or complete: the rename is the last step of a
save, and no new temporary file is created once the flag is set.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["GRACE", "Interrupts", "deferred"]

#: Seconds the main thread gets to stop by itself before the process is ended.
GRACE = 0.5
MESSAGE = "lograph: interrupted"
_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupts:
    """The handlers of one command run (a context manager; no-op off the main thread)."""

    #: Whether the handler raises KeyboardInterrupt (False inside `deferred`).
    raising = True

    def __init__(self, hard_exit: bool = False) -> None:
        #: End the process at once after reporting (the real command line, not a test
        #: calling `main`): tearing down numba, scipy and Qt takes 1-2 s under load.
        self.hard_exit = hard_exit
        self.signum = 0  # the signal received, 0 while none
        self._claim = threading.Lock()
        self._claimed = False
        self._done = threading.Event()
        self._old: list[object] = []
        self._old_fd = -1
        self._pair: tuple[socket.socket, socket.socket] | None = None

    @property
    def status(self) -> int:
        """The exit status for the signal received: 128 + its number (130, 143)."""
        return 128 + (self.signum or signal.SIGINT)  # a KeyboardInterrupt of our own: 130

    def __enter__(self) -> Interrupts:
        from lograph.core.work import clear_interrupt

        if threading.current_thread() is not threading.main_thread():
            return self
        reader, writer = socket.socketpair()
        writer.setblocking(False)
        self._pair = (reader, writer)
        self._old_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
        # A signal ignored by whoever started us (``nohup``, a background job of a
        # script) stays ignored, as Python itself does for SIGINT.
        self._old = [
            signal.signal(sig, self._handler)
            if signal.getsignal(sig) is not signal.SIG_IGN
            else signal.SIG_IGN
            for sig in _SIGNALS
        ]
        clear_interrupt()  # a test may run several commands in one process
        watcher = threading.Thread(
            target=self._watch, args=(reader,), name="lograph-interrupts", daemon=True
        )
        watcher.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._pair is None:
            return
        for sig, old in zip(_SIGNALS, self._old, strict=True):
            signal.signal(sig, old)  # type: ignore[arg-type]  # what signal.signal returned
        signal.set_wakeup_fd(self._old_fd)
        self._pair[1].close()  # wakes the watcher with end-of-file
        self._pair = None

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        from lograph.core.work import interrupt

        first = not self.signum
        self.signum = self.signum or signum
        interrupt()
        if first and Interrupts.raising:  # a second Ctrl-C must not break the report
            raise KeyboardInterrupt

    def _watch(self, reader: socket.socket) -> None:
        try:
            while True:
                data = reader.recv(64)
                if not data:
                    return
                if any(b in _SIGNALS for b in data):
                    break
        finally:
            reader.close()
        from lograph.core.work import interrupt

        self.signum = self.signum or next(b for b in data if b in _SIGNALS)
        interrupt()
        if not self._done.wait(GRACE):
            self.end_now()

    def claim(self) -> bool:
        """True for the one caller that reports the interrupt (the line is printed once)."""
        with self._claim:
            first, self._claimed = not self._claimed, True
        return first

    def end_now(self) -> None:
        """Remove temporary files being written, print the line, end the process."""
        if not self.claim():
            return
        from lograph.core.files.atomic import abandon_writes

        abandon_writes()
        os.write(2, (MESSAGE + "\n").encode())
        os._exit(self.status)

    def report(self) -> int:
        """From the main thread once the command stopped: print the line, return 130/143.

        A helper thread still in native code (HiGHS) would keep a normal exit waiting for
        it, so then the process ends here (and always for the real command line).
        """
        if not self.claim():  # the watcher is ending the process this very moment
            threading.Event().wait()
        self._done.set()
        print(MESSAGE, file=sys.stderr, flush=True)
        if self.hard_exit or _lingering_threads():
            sys.stdout.flush()
            os._exit(self.status)
        return self.status


@contextmanager
def deferred() -> Iterator[None]:
    """Inside, the handler only sets the flag: for native code calling back into Python
    (Qt's painting of the canvas items), where an exception would be printed and dropped
    instead of stopping the work. The watcher still ends the process after `GRACE`."""
    previous, Interrupts.raising = Interrupts.raising, False
    try:
        yield
    finally:
        Interrupts.raising = previous


def _lingering_threads() -> bool:
    return any(
        t.is_alive() and not t.daemon and t is not threading.main_thread()
        for t in threading.enumerate()
    )
