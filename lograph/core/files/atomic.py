"""Atomic file writes: a crash or an error never leaves a half-written file behind.

The data goes to a temporary file in the target's own folder (so the final rename stays on
one file system), is flushed and fsynced, and then `os.replace` swaps it in. Readers see
either the old file or the complete new one, never a mixture.

A process killed mid-save (``kill -9``, a power cut) cannot remove its temporary file, so
the name says whose it is: ``.NAME.PID.HEX.tmp``. The next save of the same target removes
the ones whose process is gone. Temporary files being written are also listed here, so an
interrupt that ends the process at once (`abandon_writes`) can remove them first.

A temporary file is created exclusively (``O_EXCL``, never through a symbolic link) under a
random name, so nobody can plant a link where it will be written. A file a user names is
followed when it is a symbolic link (the link stays, its target gets the content); a side
file lograph names itself (``follow_symlinks=False``: a census journal, a resume record, a
piece of a census) replaces whatever is at its name, a planted link included, and never
writes through it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from lograph.core.errors import BoardTooLargeError, InterruptedComputation
from lograph.core.files.source import check_no_nul, not_regular
from lograph.core.work import interrupted

__all__ = [
    "AtomicFile",
    "abandon_writes",
    "atomic_write_bytes",
    "atomic_write_chunks",
    "atomic_write_text",
    "atomic_writer",
    "check_writable",
    "remove_stale_temps",
]

PathLike = str | os.PathLike[str]
#: Temporary files of this process being written; guarded by `_LOCK`.
_LIVE: set[Path] = set()
_LOCK = threading.Lock()
#: Temporary files named by versions before the PID was in the name: no owner to ask, so
#: they are removed once no save could still be writing them.
_LEGACY_AGE = 3600.0
#: Opening never goes through a symbolic link at the last component (0 where unknown).
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


def atomic_write_bytes(
    path: PathLike, data: bytes, *, limit: int | None = None, follow_symlinks: bool = True
) -> None:
    """Replace the file at `path` by `data` atomically.

    A symbolic link is followed, so the link stays and its target gets the new content;
    with ``follow_symlinks=False`` (a side file lograph names) the link itself is replaced.
    New files get the usual permissions (0666 less the umask); an existing file keeps its mode.
    Every error names `path` (not the temporary file), e.g. ``board.json: No space left``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "board.txt"
    >>> atomic_write_bytes(target, b"111\\n")
    >>> target.read_bytes()
    b'111\\n'

    `limit` is the most bytes the file may have, the most its readers read (see
    `lograph.core.files.limits`): a longer file is refused (`BoardTooLargeError` naming
    `path`) and nothing is written.
    """
    _write_atomically(path, [data], limit, follow_symlinks)


def atomic_write_text(
    path: PathLike, text: str, *, limit: int | None = None, follow_symlinks: bool = True
) -> None:
    """Replace the file at `path` by `text` (UTF-8, ``\\n`` line ends) atomically."""
    atomic_write_bytes(path, text.encode("utf-8"), limit=limit, follow_symlinks=follow_symlinks)


def atomic_write_chunks(
    path: PathLike, chunks: Iterable[str], *, limit: int | None = None, follow_symlinks: bool = True
) -> None:
    """Replace the file at `path` by the text `chunks` make up, written as they come (a big
    board's text is never held whole), atomically as `atomic_write_bytes`: an error while
    making them, an interrupt, or more than `limit` bytes leaves the old file and no
    temporary one."""
    pieces = (chunk.encode("utf-8") for chunk in chunks)
    _write_atomically(path, pieces, limit, follow_symlinks)


class AtomicFile:
    """The file `atomic_writer` gives: `write` appends bytes; an OSError names the target."""

    def __init__(self, handle: BinaryIO, path: PathLike) -> None:
        self._handle = handle
        self._path = path

    def write(self, data: bytes | memoryview) -> int:
        with _naming(self._path):
            return self._handle.write(data)


@contextmanager
def atomic_writer(path: PathLike, *, follow_symlinks: bool = True) -> Iterator[AtomicFile]:
    """A binary file to write, that replaces the file at `path` atomically when the block
    ends normally (as `atomic_write_bytes`); an exception in the block leaves the old file
    and no temporary one. For data that comes through calls rather than as an iterable.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "graphs.g6"
    >>> with atomic_writer(target) as handle:
    ...     _ = handle.write(b"A_\\n")
    >>> target.read_bytes()
    b'A_\\n'
    """
    target = check_writable(path, follow_symlinks=follow_symlinks)
    remove_stale_temps(target)
    with _naming(path):
        handle, tmp = _create_temp(target)
    try:
        with handle:
            yield AtomicFile(handle, path)
            with _naming(path):
                handle.flush()
                os.fsync(handle.fileno())
        with _naming(path):
            os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        with _LOCK:
            _LIVE.discard(tmp)
    _sync_folder(target.parent)


def check_writable(path: PathLike, *, follow_symlinks: bool = True) -> Path:
    """Refuse (OSError naming `path`) a target that is not a regular file, or no file yet in
    an existing folder; returns the real path a save replaces (a symbolic link followed,
    unless `follow_symlinks` is False: then the link itself is what a save replaces).

    Every file lograph writes goes through here: a save replaces a file by rename, which
    would put a regular file where a device (``/dev/null``), a named pipe or a socket was,
    so those are refused instead, as a folder is. Callers about to do long work check first.
    """
    check_no_nul(path)  # a dropped URL can hold one; realpath would raise a ValueError
    if follow_symlinks:
        target = Path(os.path.realpath(path))
    else:
        name = Path(os.path.abspath(path))
        target = Path(os.path.realpath(name.parent)) / name.name
    try:
        mode: int | None = os.stat(target, follow_symlinks=follow_symlinks).st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISLNK(mode):
        mode = None  # a link at a side file's name: replaced, never followed
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", os.fspath(path))
    kind = None if mode is None else not_regular(mode)
    if kind is not None:
        problem = f"{kind}; lograph only replaces regular files"
        raise FileExistsError(errno.EEXIST, problem, os.fspath(path))
    if target.parent.exists() and not target.parent.is_dir():
        problem = f"{str(target.parent)!r} is a file, not a folder"
        raise NotADirectoryError(errno.ENOTDIR, problem, os.fspath(path))
    if not target.parent.is_dir():
        problem = f"{os.strerror(errno.ENOENT)} (no folder {str(target.parent)!r})"
        raise FileNotFoundError(errno.ENOENT, problem, os.fspath(path))
    return target


def _write_atomically(
    path: PathLike, pieces: Iterable[bytes], limit: int | None, follow_symlinks: bool = True
) -> None:
    target = check_writable(path, follow_symlinks=follow_symlinks)
    remove_stale_temps(target)
    if limit is not None:
        pieces = _within(path, pieces, limit)
    with _naming(path):
        _write_and_replace(target, pieces)
    _sync_folder(target.parent)


@contextmanager
def _naming(path: PathLike) -> Iterator[None]:
    """OSErrors inside name what the user asked for (`path`), not the temporary file."""
    try:
        yield
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), os.fspath(path)) from exc


def _within(path: PathLike, pieces: Iterable[bytes], limit: int) -> Iterator[bytes]:
    """`pieces`, refusing (before the first byte over) a file longer than `limit`."""
    written = 0
    for piece in pieces:
        written += len(piece)
        if written > limit:
            raise BoardTooLargeError(
                f"{os.fsdecode(path)}: the file would be over {limit} bytes, the most lograph "
                "reads back; nothing written"
            )
        yield piece


def _create_temp(target: Path) -> tuple[BinaryIO, Path]:
    """A new temporary file beside `target`, open for writing, and its path (listed live)."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(6)}.tmp")
    with _LOCK:  # held for ever by `abandon_writes`: no new temporary file after it
        if interrupted():
            raise InterruptedComputation(f"{target}: not written (interrupted)")
        # os.open with 0o666 lets the umask decide the mode, as a plain open() would.
        # O_EXCL: a name taken (a planted link too) is an error, never a file written through.
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW | getattr(os, "O_BINARY", 0)
        fd = os.open(tmp, flags | getattr(os, "O_CLOEXEC", 0), 0o666)
        _LIVE.add(tmp)
    try:
        _keep_mode(target, fd, tmp)
    except BaseException:
        os.close(fd)
        _discard(tmp)
        raise
    return os.fdopen(fd, "wb"), tmp


def _keep_mode(target: Path, fd: int, tmp: Path) -> None:
    """Give the new file the mode of the regular file at `target`, if there is one (a link
    at `target` is replaced, not followed: `target` is already resolved when wanted)."""
    try:
        found = os.lstat(target)
    except FileNotFoundError:
        return
    if stat.S_ISREG(found.st_mode):
        if hasattr(os, "fchmod"):  # by descriptor: the file we made, whatever its name holds
            os.fchmod(fd, stat.S_IMODE(found.st_mode))
        else:
            os.chmod(tmp, stat.S_IMODE(found.st_mode))


def _discard(tmp: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    with _LOCK:
        _LIVE.discard(tmp)


def _write_and_replace(target: Path, pieces: Iterable[bytes]) -> None:
    handle, tmp = _create_temp(target)
    try:
        with handle:
            for piece in pieces:
                if interrupted():  # Ctrl-C while a big board is written: stop, remove it
                    raise InterruptedComputation(f"{target}: not written (interrupted)")
                handle.write(piece)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        with _LOCK:
            _LIVE.discard(tmp)


def abandon_writes() -> None:
    """Remove every temporary file this process is writing and block new ones: for an
    interrupt that ends the process at once (its saves never finish, their targets stay)."""
    _LOCK.acquire()  # never released: the caller is about to end the process
    for tmp in list(_LIVE):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _LIVE.clear()


def remove_stale_temps(target: PathLike) -> list[Path]:
    """Remove the temporary files of `target` left by processes that no longer run.

    Only names this module makes are touched; a file whose process still runs (or may: a
    PID owned by another user) is kept. Returns the files removed.
    """
    target = Path(target)
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(?:(\d+)\.)?[0-9a-f]{{12}}\.tmp")
    removed: list[Path] = []
    try:
        names = os.listdir(target.parent)
    except OSError:
        return removed
    for name in names:
        match = pattern.fullmatch(name)
        if match is None:
            continue
        stale = target.with_name(name)
        if _owner_gone(stale, match.group(1)):
            with contextlib.suppress(OSError):
                stale.unlink()
                removed.append(stale)
    return removed


def _owner_gone(path: Path, pid_text: str | None) -> bool:
    if pid_text is None:
        try:
            return time.time() - path.lstat().st_mtime > _LEGACY_AGE
        except OSError:
            return False
    pid = int(pid_text)
    if os.name != "posix" or pid == os.getpid():  # os.kill(pid, 0) ends a process on Windows
        return False
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, ValueError):
        return False  # another user's process, or a PID we cannot ask about: keep it
    return False


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
