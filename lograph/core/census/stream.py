"""Counting a stream of graph6 graphs by (vertices, edges, nullity closed, nullity open).

The fast census: no Python object per graph. Bytes are read in blocks of `BLOCK` into one
numpy buffer and handed to the compiled `graph6_block` kernel, which decodes each line into
64-bit row masks and eliminates over GF(2) (`lograph.core.kernels.graph6_rank`); what
comes back is a histogram (`Counts`) and, when a `Where` filter is given, the offsets of the
matching lines, which are copied out as graph6.

Sources (`Source`): nauty's ``geng`` run as a subprocess (`GengSource`, split into pieces
by geng's own ``res/mod``), a graph6 file (`FileSource`, split into byte ranges, a line
belonging to the range its first byte is in), or standard input (one piece). A piece is
the unit of work of `count_piece`: the same piece always gives the same counts.

Examples
--------
>>> import io
>>> counts = Counts()
>>> scan(io.BytesIO(b"A_\\nBW\\n").readinto, counts)  # an edge; a path on 3 vertices
2
>>> sorted(counts.rows())  # (vertices, edges, nullity closed, nullity open, graphs)
[(2, 1, 1, 0, 1), (3, 2, 0, 1, 1)]
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, cast

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, poll
from lograph.core.errors import BoardFormatError, LographError
from lograph.core.kernels.graph6_rank import (
    BAD_LINE,
    GROW,
    MATCHES_FULL,
    MAX_VERTICES,
    copy_lines,
    graph6_block,
)

__all__ = [
    "BLOCK",
    "Counts",
    "FileSource",
    "GengSource",
    "PieceResult",
    "Source",
    "StdinSource",
    "Where",
    "count_piece",
    "find_geng",
    "scan",
]

#: Bytes read per kernel call (about 90,000 graphs on 11 vertices).
BLOCK = 1 << 20
#: Longest graph6 line with a one-byte size, with CR LF.
_LONGEST = 2 + (MAX_VERTICES * (MAX_VERTICES - 1) // 2 + 5) // 6 + 1
_HEADER = b">>graph6<<"
_CANCELLED = "census cancelled"
_FIGURES = ("vertices", "edges", "closed", "open")
_CONDITION = re.compile(r"\s*([a-z_]+)\s*(<=|>=|==|=|<|>)\s*(\d+)\s*$")
#: Linux: grow a pipe from geng to this many bytes (fewer, larger reads).
_PIPE_BYTES = 1 << 20
_F_SETPIPE_SZ = 1031


def _empty_hist(top: int) -> NDArray[np.int64]:
    return np.zeros((top + 1, top * (top - 1) // 2 + 1, top + 1, top + 1), dtype=np.int64)


class Counts:
    """How many graphs have each (vertices, edges, nullity closed, nullity open): a dense
    histogram grown to the largest n seen."""

    def __init__(self, top: int = 11) -> None:
        self.hist = _empty_hist(top)

    @property
    def top(self) -> int:
        return int(self.hist.shape[0]) - 1

    def grow(self, top: int) -> None:
        if top > self.top:
            hist = _empty_hist(top)
            old = self.hist
            hist[: old.shape[0], : old.shape[1], : old.shape[2], : old.shape[3]] = old
            self.hist = hist

    @property
    def graphs(self) -> int:
        return int(self.hist.sum())

    def rows(self) -> Iterator[tuple[int, int, int, int, int]]:
        """(vertices, edges, nullity closed, nullity open, graphs) of every non-zero cell,
        in that order."""
        for index in np.argwhere(self.hist):
            v, e, c, o = (int(x) for x in index)
            yield v, e, c, o, int(self.hist[v, e, c, o])

    def add_rows(self, rows: Sequence[Sequence[int]]) -> None:
        for v, e, c, o, count in rows:
            self.grow(v)
            self.hist[v, e, c, o] += count

    def add(self, other: Counts) -> None:
        self.add_rows(list(other.rows()))


@dataclass(frozen=True)
class Where:
    """Inclusive bounds on (vertices, edges, nullity closed, nullity open), e.g. from
    ``nullity=0`` (the nullity of `rule`), ``closed<=1,open=2``, ``edges>=10``.

    >>> Where.parse("nullity=0,edges>=3", "open").bounds
    (0, 62, 3, 1891, 0, 62, 0, 0)
    """

    bounds: tuple[int, ...] = (0, MAX_VERTICES, 0, 1891, 0, MAX_VERTICES, 0, MAX_VERTICES)

    @classmethod
    def parse(cls, text: str, rule: str = "closed") -> Where:
        bounds = list(cls().bounds)
        for part in text.split(","):
            match = _CONDITION.match(part)
            name = match.group(1) if match else ""
            name = {"nullity": rule, "n": "vertices", "buttons": "vertices"}.get(name, name)
            if match is None or name not in _FIGURES:
                raise LographError(
                    f"--where {text!r}: expected conditions like nullity=0, closed<=1, "
                    "open=2, edges>=10, vertices=9 (joined by commas)"
                )
            at = 2 * _FIGURES.index(name)
            op, value = match.group(2), int(match.group(3))
            low, high = {
                "=": (value, value),
                "==": (value, value),
                "<=": (0, value),
                "<": (0, value - 1),
                ">=": (value, bounds[at + 1]),
                ">": (value + 1, bounds[at + 1]),
            }[op]
            bounds[at] = max(bounds[at], low)
            bounds[at + 1] = min(bounds[at + 1], high)
        return cls(tuple(bounds))

    def array(self) -> NDArray[np.int64]:
        return np.array(self.bounds, dtype=np.int64)


def scan(
    read: Callable[[memoryview], int | None],
    counts: Counts,
    *,
    where: Where | None = None,
    write: Callable[[memoryview], Any] | None = None,
    cancel: Cancel = None,
    name: str = "graph6 input",
) -> int:
    """Count every graph6 line `read` (a ``readinto``) gives into `counts`; lines inside
    `where` are passed, as graph6 bytes, to `write`. Returns the number of graphs read.

    A leading ``>>graph6<<`` header and blank lines are skipped; a last line without a
    newline counts. A line that is not graph6 with a one-byte size (n ≤ 62) raises
    `BoardFormatError` naming its byte offset.
    """
    block = max(BLOCK, 2 * _LONGEST)  # what is left after a block is less than a line
    buf = np.empty(block + _LONGEST + 1, dtype=np.uint8)
    view = memoryview(buf)  # type: ignore[arg-type]
    bounds = (where or Where((1, 0, 0, 0, 0, 0, 0, 0))).array()  # none: an empty box
    matches = np.empty(1 << 16, dtype=np.int64)
    copied = np.empty(len(matches) * _LONGEST, dtype=np.uint8)
    state = np.zeros(4, dtype=np.int64)
    filled = 0
    offset = 0  # of buf[0] in the stream
    first = True
    eof = False
    graphs = 0
    while not eof:
        while filled < block:
            got = read(view[filled:block])
            if not got:
                eof = True
                break
            filled += got
        if first:
            first = False
            if bytes(buf[: len(_HEADER)]) == _HEADER and filled >= len(_HEADER):
                buf[: filled - len(_HEADER)] = buf[len(_HEADER) : filled].copy()
                filled -= len(_HEADER)
                offset += len(_HEADER)
        if eof and filled and buf[filled - 1] != 10:
            buf[filled] = 10
            filled += 1
        state[0] = 0
        state[1] = 0
        while True:
            state[2] = 0
            graph6_block(buf, filled, counts.hist, bounds, matches, state)
            if state[2] and write is not None:
                size = copy_lines(buf, matches[: state[2]], copied)
                write(memoryview(copied)[:size])  # type: ignore[arg-type]
            stop = int(state[3])
            if stop == GROW:
                counts.grow(int(buf[state[0]]) - 63)
            elif stop == BAD_LINE:
                at = offset + int(state[0])
                raise BoardFormatError(
                    f"{name}: the line at byte {at} is not graph6 with at most "
                    f"{MAX_VERTICES} vertices"
                )
            elif stop != MATCHES_FULL:
                break
        graphs += int(state[1])
        used = int(state[0])
        if eof and used < filled:
            raise BoardFormatError(f"{name}: the last line (byte {offset + used}) is cut off")
        buf[: filled - used] = buf[used:filled].copy()
        filled -= used
        offset += used
        poll(cancel, _CANCELLED)
    return graphs


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
    """A graph6 file cut into `pieces` byte ranges of about equal size."""

    path: str
    size: int
    pieces: int = 1
    kind: str = field(default="file", init=False)

    def bounds(self, piece: int) -> tuple[int, int]:
        return self.size * piece // self.pieces, self.size * (piece + 1) // self.pieces

    def describe(self) -> dict[str, Any]:
        return {"kind": "file", "path": self.path, "size": self.size, "pieces": self.pieces}


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
) -> PieceResult:
    """Count piece `piece` of `source`; with `where` and `matches`, write the matching
    graphs to the file `matches` (replaced whole at the end: present means complete)."""
    started, cpu = time.monotonic(), time.process_time()
    counts = Counts()
    sink = None if matches is None else open(f"{matches}.part", "wb")  # noqa: SIM115

    def write(data: memoryview) -> None:
        if sink is not None:
            sink.write(data)

    try:
        if isinstance(source, GengSource):
            graphs = _count_geng(source, piece, counts, where, write, cancel)
        elif isinstance(source, FileSource):
            start, stop = source.bounds(piece)
            with open(source.path, "rb") as handle:
                reader = _Range(handle, start, stop)
                graphs = scan(
                    reader.readinto, counts, where=where, write=write, cancel=cancel,
                    name=source.path,
                )  # fmt: skip
        else:
            stdin = cast(io.BufferedReader, sys.stdin.buffer)
            graphs = scan(stdin.readinto, counts, where=where, write=write, cancel=cancel,
                          name="standard input")  # fmt: skip
        if sink is not None:
            sink.flush()
            os.fsync(sink.fileno())
            sink.close()
            os.replace(f"{matches}.part", str(matches))
            sink = None
    finally:
        if sink is not None:
            sink.close()
            os.unlink(f"{matches}.part")
    matched = int(sum(r[4] for r in counts.rows() if where is not None and _inside(where, r)))
    return PieceResult(
        piece, list(counts.rows()), graphs, matched,
        time.monotonic() - started, time.process_time() - cpu,
    )  # fmt: skip


def _inside(where: Where, row: tuple[int, int, int, int, int]) -> bool:
    b = where.bounds
    return all(b[2 * k] <= row[k] <= b[2 * k + 1] for k in range(4))


def _count_geng(
    source: GengSource,
    piece: int,
    counts: Counts,
    where: Where | None,
    write: Callable[[memoryview], Any],
    cancel: Cancel,
) -> int:
    command = source.command(find_geng(), piece)
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
    )
    assert process.stdout is not None
    assert process.stderr is not None
    ok = False
    try:
        _grow_pipe(process.stdout)
        stdout = cast(io.BufferedReader, process.stdout)
        graphs = scan(
            stdout.readinto, counts, where=where, write=write, cancel=cancel,
            name=" ".join(command[1:]),
        )  # fmt: skip
        ok = True
    finally:
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
