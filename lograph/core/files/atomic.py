"""Atomic file writes: a crash or an error never leaves a half-written file behind.

The data goes to a temporary file in the target's own folder (so the final rename stays on
one file system), is flushed and fsynced, and then `os.replace` swaps it in. Readers see
either the old file or the complete new one, never a mixture.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from pathlib import Path

__all__ = ["atomic_write_bytes", "atomic_write_text"]

PathLike = str | os.PathLike[str]


def atomic_write_bytes(path: PathLike, data: bytes) -> None:
    """Replace the file at `path` by `data` atomically.

    A symbolic link is followed, so the link stays and its target gets the new content.
    New files get the usual permissions (0666 less the umask); an existing file keeps its mode.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "board.txt"
    >>> atomic_write_bytes(target, b"111\\n")
    >>> target.read_bytes()
    b'111\\n'
    """
    target = Path(os.path.realpath(path))
    try:
        mode: int | None = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    # os.open with 0o666 lets the umask decide the mode, as a plain open() would.
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", os.fspath(path))
    if not target.parent.is_dir():
        problem = f"{os.strerror(errno.ENOENT)} (no folder {str(target.parent)!r})"
        raise FileNotFoundError(errno.ENOENT, problem, os.fspath(path))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(target.parent)


def atomic_write_text(path: PathLike, text: str) -> None:
    """Replace the file at `path` by `text` (UTF-8, ``\\n`` line ends) atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def _sync_folder(folder: Path) -> None:
    # The rename itself is only durable once the folder entry reaches the disk (POSIX);
    # Windows cannot open folders this way, and there the rename is durable already.
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
