"""A file in use by one process: an exclusive advisory lock the operating system drops when
the process ends, however it ends (``kill -9``, a power cut), so a stale lock cannot exist.

The lock is ``flock`` on a small lock file beside the file it guards (``msvcrt.locking`` on
Windows); the window's autosave slots are locked with it too (`lograph.ui.io.autosave`). The
lock file holds the owner's process id, for the message that refuses a second user, and is
removed when the owner lets go. A process forked while holding a lock (census workers)
closes its copy at once, so a killed owner's workers never keep its lock alive.
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

__all__ = ["FileLock", "lock_path"]

PathLike = str | os.PathLike[str]

#: Descriptors of the locks this process holds; guarded by `_HELD_LOCK`.
_HELD: set[int] = set()
_HELD_LOCK = threading.Lock()


def lock_path(path: PathLike) -> Path:
    """The lock file guarding `path`: ``NAME.lock`` beside it.

    >>> lock_path("runs/table.csv").as_posix()
    'runs/table.csv.lock'
    """
    target = Path(path)
    return target.with_name(target.name + ".lock")


class FileLock:
    """An exclusive lock on `path` (a lock file, created with `mode` when needed)."""

    def __init__(self, path: PathLike, mode: int = 0o644) -> None:
        self.path = Path(path)
        self.mode = mode
        self.fd: int | None = None

    def acquire(self) -> bool:
        """Take the lock without waiting; False when another process holds it. OSError when
        the lock file cannot be made (a read-only folder)."""
        if self.fd is not None:
            return True
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, self.mode)
            try:
                _lock_fd(fd)
            except OSError:
                os.close(fd)
                return False
            # The owner before us removes the file as it lets go: a lock taken on a file
            # no longer at this path guards nothing; take the one that is there now.
            try:
                now, held = os.stat(self.path), os.fstat(fd)
                same = (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)
            except OSError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        with _HELD_LOCK:
            _HELD.add(fd)
        self.fd = fd
        return True

    def owner(self) -> int | None:
        """The process id the lock file names (the holder, while it is held), or None."""
        try:
            text = self.path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return int(text) if text.isdigit() and len(text) < 12 else None

    def release(self, remove: bool = True) -> None:
        """Let go (again: nothing); `remove` deletes the lock file first (a clean end; kept,
        it stays for whoever takes the lock next)."""
        if self.fd is None:
            return
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()  # while still held: a waiting process retries (acquire)
        with _HELD_LOCK:
            _HELD.discard(self.fd)
        os.close(self.fd)  # closing the last descriptor drops flock/msvcrt locks
        self.fd = None


def _lock_fd(fd: int) -> None:
    """Lock `fd` exclusively without waiting; OSError when someone else holds it."""
    if os.name == "nt":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _close_in_child() -> None:
    # A forked child shares the lock (same open file); its copy closes, the parent's stays.
    for fd in list(_HELD):
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_in_child)
