"""The census table on disk: a CSV appended row by row, resumable after any interruption.

Why a CSV appended in place, not an atomic rewrite: a census may run for days, and work
done must survive Ctrl-C, ``kill -9`` or a power cut. Each finished row goes to the file in
one ``write`` of a whole line (flushed at once, fsynced at least every `SYNC_SECONDS`), so
the file is always the header, complete rows, and at worst one cut-off last line from a
crash, which the next run removes before appending.

While a census is unfinished a small sidecar ``TABLE.census-resume.json`` records what it
computes (family, ranges, states, rule …). Running the same command again reads the
table's keys (a grid's name, a graph6 line number), skips those boards and appends the rest;
a different command on the same table is refused instead of mixing two censuses. When every
row is written the sidecar is removed: an existing table without one is a finished table,
and is never overwritten.

A table in use is locked (`lock_table`: ``TABLE.lock`` beside it, dropped by the operating
system when the census ends, however it ends): a second census on the same table is refused
instead of appending a second copy of every row and removing the first one's resume record.

The resume record, and a table lograph names itself (the CSV behind a Parquet table), are
side files with predictable names: they are never written through a symbolic link planted
at their name (the record is replaced whole; such a table is refused).
"""

from __future__ import annotations

import csv
import io
import json
import os
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lograph.core.errors import LographError
from lograph.core.files.atomic import atomic_write_text
from lograph.core.files.lock import FileLock, lock_path

if TYPE_CHECKING:  # the row census's module imports the solvers: not for a counting census
    from lograph.core.census.rows import Row

__all__ = [
    "SYNC_SECONDS",
    "DoneKeys",
    "TableWriter",
    "format_row",
    "lock_table",
    "sidecar_path",
]

#: Longest time a finished row may wait for fsync.
SYNC_SECONDS = 1.0


def sidecar_path(path: str | os.PathLike[str]) -> Path:
    """Where an unfinished census keeps its parameters."""
    target = Path(path)
    return target.with_name(target.name + ".census-resume.json")


@contextmanager
def lock_table(path: str | os.PathLike[str], shown: str | None = None) -> Iterator[None]:
    """Hold the lock of the table at `path` for the block; `LographError` (naming `shown`,
    the table the user named, else `path`) when another process holds it."""
    lock = FileLock(lock_path(path))
    name = os.fspath(path) if shown is None else shown
    try:
        taken = lock.acquire()
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise LographError(f"{name}: cannot lock the table ({lock.path.name}: {why})") from None
    if not taken:
        owner = lock.owner()
        who = f" (process {owner})" if owner is not None else ""
        raise LographError(
            f"{name}: in use by another census{who}; wait for it to end or choose another -o"
        )
    try:
        yield
    finally:
        lock.release()


def format_row(row: Sequence[object]) -> str:
    """One CSV line (None becomes an empty cell; floats keep every digit).

    >>> format_row(("5x5", 25, 0.25, None, "a,b"))
    '5x5,25,0.25,,"a,b"\\n'
    """
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(
        ["" if value is None else value for value in row]
    )
    return buffer.getvalue()


class DoneKeys:
    """The keys already in a table: names in a set, graph6 line numbers in a bitmap (10⁸
    lines take 12.5 MB, not gigabytes of Python integers)."""

    def __init__(self, numeric: bool) -> None:
        self.numeric = numeric
        self.count = 0
        self._names: set[str] = set()
        self._bits = bytearray()

    def add(self, key: str) -> None:
        self.count += 1
        if not self.numeric:
            self._names.add(key)
            return
        number = int(key)
        if number >> 3 >= len(self._bits):
            self._bits.extend(bytes(max(len(self._bits), (number >> 3) + 1 - len(self._bits))))
        self._bits[number >> 3] |= 1 << (number & 7)

    def __contains__(self, key: str) -> bool:
        if not self.numeric:
            return key in self._names
        number = int(key)
        return number >> 3 < len(self._bits) and bool(self._bits[number >> 3] >> (number & 7) & 1)


class TableWriter:
    """An open census table: `done` holds the keys already written, `write` appends rows."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        columns: Sequence[str],
        params: dict[str, Any],
        *,
        follow_symlinks: bool = True,
    ) -> None:
        """`follow_symlinks` False: the table is a side file lograph named, never opened
        through a symbolic link."""
        self.path = Path(path)
        self._no_follow = 0 if follow_symlinks else getattr(os, "O_NOFOLLOW", 0)
        self.columns = tuple(columns)
        self.sidecar = sidecar_path(path)
        self.done = DoneKeys(numeric=self.columns[0] == "line")
        self._last_sync = time.monotonic()
        header = format_row(self.columns)
        #: Whether this run started the table (else it resumes one), and the size it found:
        #: what `abandon` goes back to.
        self.created = not (self.path.exists() or self.path.is_symlink())
        if self.created:
            record = json.dumps(params, sort_keys=True) + "\n"
            atomic_write_text(self.sidecar, record, follow_symlinks=False)
            try:
                self._write_header(header)
            except OSError:  # no table, so no resume record either
                self.sidecar.unlink(missing_ok=True)
                raise
        else:
            self._check_resumable(params, header)
        self._fd = self._open(os.O_WRONLY | os.O_APPEND)
        self._start = os.fstat(self._fd).st_size

    def _open(self, flags: int) -> int:
        """A descriptor of the table (never through a link, for a side file), naming it in
        an error."""
        with self._naming_table():
            return os.open(self.path, flags | self._no_follow | getattr(os, "O_CLOEXEC", 0), 0o666)

    def _check_resumable(self, params: dict[str, Any], header: str) -> None:
        if not self.sidecar.is_file():
            raise LographError(
                f"{self.path} already exists and is not an unfinished census; "
                "remove it or choose another -o"
            )
        try:
            recorded = json.loads(self.sidecar.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            raise LographError(f"{self.sidecar}: unreadable resume record ({exc})") from exc
        if not isinstance(recorded, dict):
            raise LographError(f"{self.sidecar}: unreadable resume record (not an object)")
        if recorded != params:
            keys = params.keys() | recorded.keys()
            differs = sorted(k for k in keys if params.get(k) != recorded.get(k))
            raise LographError(
                f"{self.path} holds an unfinished census of other boards (different "
                f"{', '.join(differs)}); finish it with the same command or choose another -o"
            )
        if self._drop_partial_line() == 0:  # a crash while the header was written
            self._write_header(header)
        with open(self._open(os.O_RDONLY), encoding="utf-8", newline="") as handle:
            if handle.readline() != header:
                raise LographError(f"{self.path}: the header is not a census header")
            for record in csv.reader(handle):
                if record:
                    self.done.add(record[0])

    def _write_header(self, header: str) -> None:
        # a new table is made here (O_EXCL: nothing at its name, not even a link); a table
        # whose header a crash cut off is rewritten in place
        flags = os.O_WRONLY | os.O_TRUNC | (os.O_CREAT | os.O_EXCL if self.created else 0)
        fd = self._open(flags)
        with self._naming_table(), open(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(header)
            handle.flush()
            os.fsync(handle.fileno())

    def _drop_partial_line(self) -> int:
        """Cut a last line that a crash left without its line end; the size kept."""
        with open(self._open(os.O_RDWR), "rb+") as handle:
            end = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, end - 1))
            if end == 0 or handle.read(1) == b"\n":
                return end
            while end > 0:  # back to the last line end, a block at a time
                start = max(0, end - 65536)
                handle.seek(start)
                at = handle.read(end - start).rfind(b"\n")
                end = start if at < 0 else start + at + 1
                if at >= 0:
                    break
            handle.truncate(end)
            handle.flush()
            os.fsync(handle.fileno())
        return end

    def write(self, rows: Iterable[Row]) -> None:
        """Append rows, each in one write of its whole line. An OSError (a full disk) names
        the table: the rows written so far stay, and a rerun resumes after them."""
        with self._naming_table():
            for row in rows:
                data = format_row(row).encode("utf-8")
                while data:
                    data = data[os.write(self._fd, data) :]
            if time.monotonic() - self._last_sync >= SYNC_SECONDS:
                os.fsync(self._fd)
                self._last_sync = time.monotonic()

    @contextmanager
    def _naming_table(self) -> Iterator[None]:
        try:
            yield
        except OSError as exc:
            if exc.filename is not None:
                raise
            raise OSError(exc.errno, exc.strerror or str(exc), os.fspath(self.path)) from exc

    def close(self, finished: bool) -> None:
        """Sync and close (again: nothing); a finished census drops its resume record."""
        if self._fd >= 0:
            fd, self._fd = self._fd, -1
            try:
                with self._naming_table():
                    os.fsync(fd)
            finally:
                os.close(fd)
        if finished:
            self.sidecar.unlink(missing_ok=True)

    def abandon(self) -> None:
        """Undo this run after bad input: remove a table it started, with its resume record,
        or cut a resumed one back to the rows it had. Resuming is for interruptions; a
        table that stops at a bad board would stop there again on every rerun."""
        try:
            if not self.created:  # by descriptor: the file this run appended to, not a link
                if self._fd < 0:
                    self._fd = self._open(os.O_WRONLY)
                os.ftruncate(self._fd, self._start)
        finally:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1
        if self.created:
            self.path.unlink(missing_ok=True)
            self.sidecar.unlink(missing_ok=True)
