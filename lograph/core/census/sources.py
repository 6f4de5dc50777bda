"""Where a fast census gets its graph6 bytes, cut into pieces: nauty's ``geng`` run as a
subprocess (`GengSource`, split by geng's own ``res/mod``), a graph6 file (`FileSource`,
split into byte ranges, a line belonging to the range its first byte is in), or standard
input (`StdinSource`, one piece). `count_piece` counts one piece with `scan`; the same piece
always gives the same counts, which is what makes redoing a piece harmless.

Examples
--------
>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "g.g6"
>>> path.write_bytes(b"A_\\nBW\\nBw\\n")
9
>>> source = FileSource(str(path), 9, pieces=2)
>>> [count_piece(source, piece).graphs for piece in range(2)]  # lines starting in 0-3, 4-8
[2, 1]
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import IO, Any, cast

from lograph.core.census.stream import Counts, Where, inside, scan
from lograph.core.errors import LographError
from lograph.core.files.atomic import AtomicFile, atomic_writer
from lograph.core.work import Cancel, poll

__all__ = [
    "FileSource",
    "GengSource",
    "PieceResult",
    "Source",
    "StdinSource",
    "content_digest",
    "count_piece",
    "find_geng",
]

_CANCELLED = "census cancelled"
#: Linux: grow a pipe from geng to this many bytes (fewer, larger reads).
_PIPE_BYTES = 1 << 20
_F_SETPIPE_SZ = 1031
#: Seconds between polls of `cancel` while a piece waits for its turn to start geng.
_WAIT = 0.05
#: Bytes hashed between polls of `cancel` in `content_digest`.
_DIGEST_BLOCK = 1 << 22


def find_geng() -> str:
    """The path of nauty's geng (``geng``, or Debian's ``nauty-geng``), or one line saying
    how to install it."""
    for name in ("geng", "nauty-geng"):
        path = shutil.which(name)
        if path:
            return path
    raise LographError(
        "nauty's geng is not on PATH: install nauty (Debian/Ubuntu: apt-get install nauty; "
        "macOS: brew install nauty; conda: conda install -c conda-forge nauty)"
    )


@dataclass(frozen=True)
class GengSource:
    """``geng [options] n [edges] res/mod``: piece `res` of `pieces`."""

    vertices: int
    options: tuple[str, ...] = ()
    edges: str | None = None
    pieces: int = 1
    kind: str = field(default="geng", init=False)

    def command(self, geng: str, piece: int) -> list[str]:
        args = [geng, "-q", *self.options, str(self.vertices)]
        if self.edges is not None:
            args.append(self.edges)
        if self.pieces > 1:
            args.append(f"{piece}/{self.pieces}")
        return args

    def describe(self) -> dict[str, Any]:
        return {
            "kind": "geng",
            "vertices": self.vertices,
            "options": list(self.options),
            "edges": self.edges,
            "pieces": self.pieces,
        }


@dataclass(frozen=True)
class FileSource:
    """A graph6 file cut into `pieces` byte ranges of about equal size; `sha256`, the hex
    digest of its content (`content_digest`), is what a resumed census recognises it by."""

    path: str
    size: int
    pieces: int = 1
    sha256: str | None = None
    kind: str = field(default="file", init=False)

    def bounds(self, piece: int) -> tuple[int, int]:
        return self.size * piece // self.pieces, self.size * (piece + 1) // self.pieces

    def describe(self) -> dict[str, Any]:
        return {
            "kind": "file",
            "path": self.path,
            "size": self.size,
            "pieces": self.pieces,
            "sha256": self.sha256,
        }


def content_digest(path: str, cancel: Cancel = None) -> str:
    """The SHA-256 of the file at `path` (hex), read in blocks, polling `cancel` between
    them: a journal names its input by content, so an edited file is never resumed with
    counts of the old one (0.2 s for 117 MB, 2% of that file's census).

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "g.g6"
    >>> _ = path.write_bytes(b"A_\\n")
    >>> content_digest(str(path))[:12]
    'fae4bfc454bd'
    """
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(_DIGEST_BLOCK):
            digest.update(block)
            poll(cancel, _CANCELLED)
    return digest.hexdigest()


@dataclass(frozen=True)
class StdinSource:
    """Standard input: one piece, not resumable (it cannot be read twice)."""

    pieces: int = 1
    kind: str = field(default="stdin", init=False)

    def describe(self) -> dict[str, Any]:
        return {"kind": "stdin"}


Source = GengSource | FileSource | StdinSource


@dataclass
class PieceResult:
    """What one piece gave: its counts as rows, how many graphs and matches, and the time
    it took (wall and this process's CPU seconds; geng's own CPU is not included)."""

    piece: int
    rows: list[tuple[int, int, int, int, int]]
    graphs: int
    matched: int
    seconds: float
    cpu: float


class _Range:
    """``readinto`` over the lines of a file whose first byte is in [start, stop)."""

    def __init__(self, handle: io.BufferedReader, start: int, stop: int) -> None:
        self._handle = handle
        self._stop = stop
        self._tail = False  # past `stop`: reading to the end of the line begun before it
        self._done = False
        if start > 0:
            handle.seek(start - 1)
            if handle.read(1) != b"\n":
                handle.readline()  # that line belongs to the piece before
        self._pos = handle.tell()
        #: Where the first byte given is in the file.
        self.first = self._pos
        if self._pos >= stop:
            self._done = True

    def readinto(self, view: memoryview) -> int:
        if self._done or len(view) == 0:
            return 0
        if not self._tail:
            want = min(len(view), self._stop - self._pos)
            got = self._handle.readinto(view[:want]) or 0
            self._pos += got
            if got == 0:
                self._done = True
            elif self._pos >= self._stop:
                self._tail = view[got - 1] != ord("\n")
                self._done = not self._tail
            return got
        rest = self._handle.readline(len(view))
        view[: len(rest)] = rest
        if not rest or rest.endswith(b"\n"):
            self._done = True
        return len(rest)


def _grow_pipe(stream: IO[bytes]) -> None:
    if sys.platform.startswith("linux"):
        import fcntl

        # a limit set by the system: the default size works too
        with contextlib.suppress(OSError):
            fcntl.fcntl(stream.fileno(), _F_SETPIPE_SZ, _PIPE_BYTES)


def count_piece(
    source: Source,
    piece: int,
    where: Where | None = None,
    matches: str | None = None,
    cancel: Cancel = None,
    genges: threading.Semaphore | None = None,
) -> PieceResult:
    """Count piece `piece` of `source`; with `where` and `matches`, write the matching
    graphs to the file `matches` (replaced whole at the end: present means complete).

    `genges` (threads of one process counting pieces side by side) bounds how many genges
    run at once: a piece holds one of its places from geng's start to the end of geng's
    output, so a piece whose graphs are all read, waiting for the kernel to load, lets
    the next piece's geng start."""
    started, cpu = time.monotonic(), time.process_time()
    counts = Counts()
    with ExitStack() as stack:
        # a side file: written aside under a new name and renamed over whatever is at
        # `matches` (a planted link included), never written through
        sink: AtomicFile | None = None
        if matches is not None:
            sink = stack.enter_context(atomic_writer(matches, follow_symlinks=False))

        def write(data: memoryview) -> None:
            if sink is not None:
                sink.write(data)

        if isinstance(source, GengSource):
            graphs = _count_geng(source, piece, counts, where, write, cancel, genges)
        elif isinstance(source, FileSource):
            start, stop = source.bounds(piece)
            with open(source.path, "rb") as handle:
                reader = _Range(handle, start, stop)
                graphs = scan(
                    reader.readinto, counts, where=where, write=write, cancel=cancel,
                    name=source.path, position=reader.first,
                )  # fmt: skip
        else:
            stdin = cast(io.BufferedReader, sys.stdin.buffer)
            graphs = scan(stdin.readinto, counts, where=where, write=write, cancel=cancel,
                          name="standard input")  # fmt: skip
    matched = int(sum(r[4] for r in counts.rows() if where is not None and inside(where, r)))
    return PieceResult(
        piece, list(counts.rows()), graphs, matched,
        time.monotonic() - started, time.process_time() - cpu,
    )  # fmt: skip


def _count_geng(
    source: GengSource,
    piece: int,
    counts: Counts,
    where: Where | None,
    write: Callable[[memoryview], Any],
    cancel: Cancel,
    genges: threading.Semaphore | None = None,
) -> int:
    command = source.command(find_geng(), piece)
    held = [False]  # a place among `genges`
    if genges is not None:
        while not genges.acquire(timeout=_WAIT):
            poll(cancel, _CANCELLED)
        held[0] = True

    def leave() -> None:
        if held[0] and genges is not None:
            held[0] = False
            genges.release()

    try:
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
        )
    except BaseException:
        leave()
        raise
    assert process.stdout is not None
    assert process.stderr is not None
    stdout = cast(io.BufferedReader, process.stdout)

    def read(view: memoryview) -> int:
        got = stdout.readinto(view) or 0
        if not got:  # geng's output has ended: the next piece's geng may start
            leave()
        return got

    ok = False
    try:
        _grow_pipe(process.stdout)
        graphs = scan(read, counts, where=where, write=write, cancel=cancel,
                      name=" ".join(command[1:]))  # fmt: skip
        ok = True
    finally:
        leave()
        if not ok:
            process.kill()
        process.stdout.close()
        error = process.stderr.read().decode("utf-8", "replace").strip()
        process.stderr.close()
        code = process.wait()
    poll(cancel, _CANCELLED)  # a Ctrl-C from the terminal ends geng too: not geng's failure
    if code != 0:  # a piece is never recorded from a geng that did not finish
        raise LographError(f"geng {' '.join(command[1:])} failed (exit {code}): {error}")
    return graphs
