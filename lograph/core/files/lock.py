"""A file in use by one process: an exclusive advisory lock the operating system drops when
the process ends, however it ends (``kill -9``, a power cut), so a stale lock cannot exist.

The lock is ``flock`` on a small lock file beside the file it guards (``msvcrt.locking`` on
Windows); the window's autosave slots are locked with it too (`lograph.ui.io.autosave`). The
lock file holds the owner's process id, for the message that refuses a second user, and is
removed when the owner lets go. A process forked while holding a lock (census workers)
closes its copy at once, so a killed owner's workers never keep its lock alive.

The lock file's name is predictable, so it is never opened through a symbolic link (one
planted there is refused, its target untouched), never truncated on opening, and the process
id is written only into a regular file of one link that this user owns: a planted hard link
to another file is locked, not written.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import threading
from pathlib import Path

__all__ = ["FileLock", "lock_path"]

PathLike = str | os.PathLike[str]

#: Opening flags: never through a symbolic link, never waiting (a named pipe planted there).
_OPEN_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
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
        the lock file cannot be made (a read-only folder) or is not one (a symbolic link, a
        folder, a named pipe at its name)."""
        if self.fd is not None:
            return True
        while True:
            fd = self._open()
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
        if _ours_alone(fd):
            pid = f"{os.getpid()}\n".encode()
            # only for the message that refuses a second user: a full disk costs it, not the lock
            with contextlib.suppress(OSError):
                os.lseek(fd, 0, os.SEEK_SET)
                os.write(fd, pid)
                os.ftruncate(fd, len(pid))  # a longer pid left by an earlier owner
        with _HELD_LOCK:
            _HELD.add(fd)
        self.fd = fd
        return True

    def _open(self) -> int:
        try:
            fd = os.open(self.path, _OPEN_FLAGS, self.mode)
        except OSError as exc:
            if exc.errno == errno.ELOOP or os.path.islink(self.path):
                raise OSError(
                    errno.ELOOP,
                    "is a symbolic link, not a lock file; lograph does not follow it",
                    os.fspath(self.path),
                ) from None
            raise
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise OSError(errno.EEXIST, "is not a regular file", os.fspath(self.path))
        return fd

    def owner(self) -> int | None:
        """The process id the lock file names (the holder, while it is held), or None."""
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(self.path, flags)
        except OSError:
            return None
        try:
            text = os.read(fd, 32).decode("ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None
        finally:
            os.close(fd)
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


def _ours_alone(fd: int) -> bool:
    """Whether the open lock file may hold our process id: a regular file of one link owned
    by this user (a hard link planted at the name shares its content with another file)."""
    found = os.fstat(fd)
    owner = getattr(os, "geteuid", None)
    mine = owner is None or found.st_uid == owner()
    return stat.S_ISREG(found.st_mode) and found.st_nlink == 1 and mine


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
