"""Counting a stream of graph6 graphs by (vertices, edges, nullity closed, nullity open).

The fast census: no Python object per graph. Bytes are read in blocks of `BLOCK` into one
numpy buffer and handed to the compiled `graph6_block` kernel, which decodes each line into
64-bit row masks and eliminates over GF(2) (`lograph.core.kernels.graph6_rank`); what
comes back is a histogram (`Counts`) and, when a `Where` filter is given, the offsets of the
matching lines, which are copied out as graph6.

Where the bytes come from (geng, a file, standard input) and how the work is cut into
pieces is `lograph.core.census.sources`.

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
import functools
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardFormatError, LographError
from lograph.core.kernels.graph6_rank import (
    BAD_LINE,
    BIG_FULL,
    MATCHES_FULL,
    MAX_VERTICES,
    ByteTable,
    byte_table,
    copy_lines,
    graph6_block,
    graph6_rows_in_numpy,
)
from lograph.core.kernels.jit import cache_holds, compiled_ready
from lograph.core.work import Cancel, poll

__all__ = [
    "BACKLOG",
    "BLOCK",
    "DENSE_TOP",
    "NUMPY_BLOCKS",
    "NUMPY_CACHED_BYTES",
    "Counts",
    "Where",
    "empty_hist",
    "inside",
    "kernel_cached",
    "kernel_loading",
    "ready_kernel",
    "scan",
]

#: Bytes read per kernel call (about 90,000 graphs on 11 vertices).
BLOCK = 1 << 20
#: Blocks a process counts with numpy (`graph6_rows_in_numpy`) while the kernel is not
#: compiled (a fresh install): 4 MB, every graph on up to 9 vertices; a longer census then
#: compiles the kernel (about 2.2 CPU seconds), many times faster a graph.
NUMPY_BLOCKS = 4
#: Where numba's disk cache holds the kernel, numpy counts only an input that ends within
#: this many bytes: about where counting with numpy costs what loading numba and the
#: kernel does (numpy takes about 0.38 CPU seconds for 1 MB of ``geng -c 10``'s lines,
#: the load about 0.35). A longer input loads the kernel before its first block.
NUMPY_CACHED_BYTES = 1 << 20
#: Most bytes read ahead while the kernel loads (about 0.6 s; ``geng -c 10`` writes about
#: 30 MB a second): the input is not left waiting meanwhile.
BACKLOG = 64 << 20
#: Longest graph6 line with a one-byte size, with CR LF.
_LONGEST = 2 + (MAX_VERTICES * (MAX_VERTICES - 1) // 2 + 5) // 6 + 1
_HEADER = b">>graph6<<"
#: A UTF-8 byte-order mark, which an editor may put at the start of a text file.
_BOM = b"\xef\xbb\xbf"
_CANCELLED = "census cancelled"
_FIGURES = ("vertices", "edges", "closed", "open")
_CONDITION = re.compile(r"\s*([a-z_]+)\s*(<=|>=|==|=|<|>)\s*(\d+)\s*$")


#: Graphs on up to this many vertices are counted in a dense histogram (4.7 MB); larger
#: ones, which no census of *all* graphs reaches, in a dictionary.
DENSE_TOP = 16


def empty_hist(top: int) -> NDArray[np.int64]:
    """A zero histogram indexed [vertices, edges, nullity closed, nullity open], n ≤ `top`."""
    return np.zeros((top + 1, top * (top - 1) // 2 + 1, top + 1, top + 1), dtype=np.int64)


class Counts:
    """How many graphs have each (vertices, edges, nullity closed, nullity open): a dense
    histogram `hist` up to `DENSE_TOP` vertices, a dictionary `large` past it."""

    def __init__(self) -> None:
        self.hist = empty_hist(DENSE_TOP)
        self.large: Counter[tuple[int, int, int, int]] = Counter()

    @property
    def graphs(self) -> int:
        return int(self.hist.sum()) + sum(self.large.values())

    def rows(self) -> Iterator[tuple[int, int, int, int, int]]:
        """(vertices, edges, nullity closed, nullity open, graphs) of every non-zero cell,
        in that order."""
        for index in np.argwhere(self.hist):
            v, e, c, o = (int(x) for x in index)
            yield v, e, c, o, int(self.hist[v, e, c, o])
        for (v, e, c, o), count in sorted(self.large.items()):
            yield v, e, c, o, count

    def add_rows(self, rows: Iterable[Sequence[int]]) -> None:
        for v, e, c, o, count in rows:
            if v > DENSE_TOP:
                self.large[v, e, c, o] += count
            else:
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
        """The bounds `text` sets; `LographError` (one line, a long `text` shortened) for a
        condition that is not one, or a number past what the figure can be (a graph6
        line holds at most 62 vertices and 1891 edges)."""
        bounds = list(cls().bounds)
        for part in text.split(","):
            match = _CONDITION.match(part)
            name = match.group(1) if match else ""
            name = {"nullity": rule, "n": "vertices", "buttons": "vertices"}.get(name, name)
            if match is None or name not in _FIGURES:
                raise LographError(
                    f"--where {_shown(text)}: expected conditions like nullity=0, closed<=1, "
                    "open=2, edges>=10, vertices=9 (joined by commas)"
                )
            at = 2 * _FIGURES.index(name)
            top = cls().bounds[at + 1]
            digits = match.group(3).lstrip("0") or "0"
            if len(digits) > len(str(top)) or int(digits) > top:
                raise LographError(
                    f"--where {_shown(text)}: {_shown(match.group(3))} is past any {name} "
                    f"(at most {top}: graph6 lines of at most {MAX_VERTICES} vertices)"
                )
            op, value = match.group(2), int(digits)
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


def _shown(text: str) -> str:
    """`text` as a message repeats it: whole when short, else its start and its length.

    >>> _shown("nullity=0"), _shown("x" * 5000)
    ("'nullity=0'", "'xxxxxxxxxxxxxxxxxxxx…' (5000 characters)")
    """
    return repr(text) if len(text) <= 40 else f"{text[:20] + '…'!r} ({len(text)} characters)"


def scan(
    read: Callable[[memoryview], int | None],
    counts: Counts,
    *,
    where: Where | None = None,
    write: Callable[[memoryview], Any] | None = None,
    cancel: Cancel = None,
    name: str = "graph6 input",
    position: int = 0,
) -> int:
    """Count every graph6 line `read` (a ``readinto``) gives into `counts`; lines inside
    `where` are passed, as graph6 bytes, to `write`. Returns the number of graphs read.

    `position` is where the bytes start in the file (a piece of it). At the start of a file
    a UTF-8 byte-order mark and then a ``>>graph6<<`` header are skipped, as the row census
    skips them; blank lines are skipped; a last line without a newline counts. A line that
    is not graph6 with a one-byte size (n ≤ 62) raises `BoardFormatError` naming its byte
    offset in the file.
    """
    block = max(BLOCK, 2 * _LONGEST)  # what is left after a block is less than a line
    kernel = _Kernel(block + _LONGEST + 1, where, write, name)
    filled = 0
    offset = position  # of buf[0] in the file
    at_start = position == 0
    eof = False
    graphs = 0
    while not eof:
        buf = kernel.buf
        view = memoryview(buf)  # type: ignore[arg-type]
        while filled < block:
            got = read(view[filled:block])
            if not got:
                eof = True
                break
            filled += got
        if at_start and not eof and kernel.must_load():
            # numba and the kernel load in another thread meanwhile: keep reading (geng
            # goes on writing instead of waiting on a full pipe), count it all after
            filled, eof = kernel.read_while(kernel_loading(), read, filled, cancel)
            buf = kernel.buf
        for prefix in (_BOM, _HEADER) if at_start else ():
            if filled >= len(prefix) and bytes(buf[: len(prefix)]) == prefix:
                buf[: filled - len(prefix)] = buf[len(prefix) : filled].copy()
                filled -= len(prefix)
                offset += len(prefix)
        at_start = False
        if eof and filled and buf[filled - 1] != 10:
            buf[filled] = 10
            filled += 1
        used, found = kernel.count(counts, filled, offset, eof)
        graphs += found
        if eof and used < filled:
            raise BoardFormatError(f"{name}: the last line (byte {offset + used}) is cut off")
        kernel.keep(used, filled, block + _LONGEST + 1)
        filled -= used
        offset += used
        poll(cancel, _CANCELLED)
    return graphs


@functools.cache
def kernel_cached(copying: bool) -> bool:
    """Whether numba's disk cache holds the kernels `scan` runs: `graph6_block`, and
    `copy_lines` when it is `copying` matching lines (asked once a process)."""
    kernels = (graph6_block, copy_lines) if copying else (graph6_block,)
    return all(cache_holds(getattr(k, "py_func", k)) for k in kernels)


def ready_kernel() -> None:
    """Make the kernel ready now: compile it, or load it from numba's disk cache."""
    kernel = _Kernel(8, None, None, "a kernel warm-up")
    kernel.buf[:3] = np.frombuffer(b"A_\n", dtype=np.uint8)
    kernel.count_in_kernel(Counts(), 3, 0)


_LOADER = threading.Lock()
_LOADED = threading.Event()
_LOADING: list[threading.Thread] = []


def kernel_loading() -> threading.Event:
    """An event set once the kernel is ready (or failed to load: calling it then says
    why), loading it in a thread of its own on the first call of the process."""
    with _LOADER:
        if not _LOADING:
            thread = threading.Thread(target=_load, name="census kernel load", daemon=True)
            _LOADING.append(thread)
            thread.start()
    return _LOADED


def _load() -> None:
    try:
        with contextlib.suppress(Exception):  # the census's own call of the kernel says it
            ready_kernel()
    finally:
        _LOADED.set()


#: Blocks counted with numpy in this process: `NUMPY_BLOCKS` in all, whatever the number
#: of pieces and threads (two threads would each count their own four while one compiles).
_NUMPY_USED = [0]
_NUMPY_LOCK = threading.Lock()


def _numpy_left() -> bool:
    return _NUMPY_USED[0] < NUMPY_BLOCKS


#: Set once the kernel has counted in this process: every later block goes to it (a
#: census of many pieces pays numpy's first blocks once, not in every piece).
_KERNEL_CHOSEN = threading.Event()


@functools.cache
def _byte_table() -> ByteTable:
    """The kernel's `ByteTable`, made once a process (about 10 ms)."""
    return byte_table(DENSE_TOP)


class _Kernel:
    """The buffer `scan` fills and the arrays `graph6_block` works in."""

    def __init__(
        self, size: int, where: Where | None, write: Callable[[memoryview], Any] | None, name: str
    ) -> None:
        self.buf = np.empty(size, dtype=np.uint8)
        self.bounds = (where or Where((1, 0, 0, 0, 0, 0, 0, 0))).array()  # none: an empty box
        self.matches = np.empty(1 << 16, dtype=np.int64)
        self.copied = np.empty(len(self.matches) * _LONGEST, dtype=np.uint8)
        self.big = np.empty((1 << 12, 4), dtype=np.int64)
        self.state = np.zeros(5, dtype=np.int64)
        self.table = _byte_table()
        self.write = write
        #: Whether matching lines are copied out (`copy_lines` runs)
        self.copying = where is not None and write is not None
        self.name = name
        self.plain = True  # no block of this input has been refused by numpy

    def count(self, counts: Counts, filled: int, offset: int, last: bool) -> tuple[int, int]:
        """Count the whole lines of ``buf[:filled]`` (`last`: the input ends there):
        (bytes used, graphs counted)."""
        if self.plain and _numpy_left() and self._numpy_cheaper(filled, last):
            counted = self._count_in_numpy(counts, filled)
            if counted is not None:
                with _NUMPY_LOCK:
                    _NUMPY_USED[0] += 1
                return counted
            self.plain = False  # not plain graph6: the kernel names the line, or copes
        counted = self.count_in_kernel(counts, filled, offset)
        _KERNEL_CHOSEN.set()
        return counted

    def count_in_kernel(self, counts: Counts, filled: int, offset: int) -> tuple[int, int]:
        """`count` by the compiled kernel."""
        state = self.state
        state[:] = 0
        while True:
            state[2] = 0
            graph6_block(
                self.buf, filled, counts.hist, self.bounds, self.matches, self.big, state,
                self.table.words, self.table.start,
            )  # fmt: skip
            if state[4]:
                counts.add_rows([(*row, 1) for row in self.big[: state[4]].tolist()])
                state[4] = 0
            if state[2] and self.write is not None:
                size = copy_lines(self.buf, self.matches[: state[2]], self.copied)
                self.write(memoryview(self.copied)[:size])  # type: ignore[arg-type]
            stop = int(state[3])
            if stop == BAD_LINE:
                raise BoardFormatError(
                    f"{self.name}: the line at byte {offset + int(state[0])} is not graph6 "
                    f"with at most {MAX_VERTICES} vertices"
                )
            elif stop not in (MATCHES_FULL, BIG_FULL):
                return int(state[0]), int(state[1])

    def must_load(self) -> bool:
        """Whether the next block goes to a kernel not loaded yet (its load, not numpy's
        first blocks, comes next)."""
        return not (
            _KERNEL_CHOSEN.is_set()
            or compiled_ready(*self._kernels())
            or (self.plain and _numpy_left() and self._numpy_cheaper(len(self.buf), False))
        )

    def read_while(
        self,
        loading: threading.Event,
        read: Callable[[memoryview], int | None],
        filled: int,
        cancel: Cancel,
    ) -> tuple[int, bool]:
        """Read on into `buf` (grown, up to `BACKLOG` bytes) until `loading` is set: the
        bytes now in it, and whether the input ended."""
        while not loading.is_set():
            room = len(self.buf) - _LONGEST - 1
            if filled >= room:
                if len(self.buf) >= BACKLOG:
                    break
                grown = np.empty(2 * len(self.buf), dtype=np.uint8)
                grown[:filled] = self.buf[:filled]
                self.buf = grown
                continue
            got = read(memoryview(self.buf)[filled : min(room, filled + BLOCK)])  # type: ignore[arg-type]
            if not got:
                return filled, True
            filled += got
            poll(cancel, _CANCELLED)
        return filled, False

    def keep(self, used: int, filled: int, size: int) -> None:
        """Move the bytes after `used` to the start of a buffer of `size` bytes (the
        usual one again after a backlog)."""
        rest = self.buf[used:filled].copy()
        if len(self.buf) != size:
            self.buf = np.empty(size, dtype=np.uint8)
        self.buf[: len(rest)] = rest

    def _numpy_cheaper(self, filled: int, last: bool) -> bool:
        """Whether to count these bytes with numpy rather than make the kernel ready: it
        is not ready, and either would compile (a fresh install: numpy's `NUMPY_BLOCKS`
        first) or the input ends within `NUMPY_CACHED_BYTES` (a longer one pays less for
        loading the kernel than numpy would take for its first block)."""
        if _KERNEL_CHOSEN.is_set() or compiled_ready(*self._kernels()):
            return False
        return not kernel_cached(self.copying) or (last and filled <= NUMPY_CACHED_BYTES)

    def _kernels(self) -> tuple[Callable[..., Any], ...]:
        return (graph6_block, copy_lines) if self.copying else (graph6_block,)

    def _count_in_numpy(self, counts: Counts, filled: int) -> tuple[int, int] | None:
        """`count` by `graph6_rows_in_numpy`; None when a line is not plain graph6 of at
        most `DENSE_TOP` vertices."""
        ends = np.flatnonzero(self.buf[:filled] == 10)
        if not len(ends):
            return 0, 0
        data = self.buf[: ends[-1] + 1]
        rows = graph6_rows_in_numpy(data, DENSE_TOP)
        if rows is None:
            return None
        np.add.at(counts.hist, tuple(rows.T), 1)
        low, high = np.array(self.bounds[0::2]), np.array(self.bounds[1::2])
        matched = ((rows >= low) & (rows <= high)).all(axis=1)
        if self.write is not None and matched.any():
            lengths = np.diff(np.concatenate(([-1], ends)))
            self.write(memoryview(data[np.repeat(matched, lengths)]))  # type: ignore[arg-type]
        return len(data), len(rows)


def inside(where: Where, row: Sequence[int]) -> bool:
    """Whether a counts row (vertices, edges, closed, open, …) is inside `where`."""
    b = where.bounds
    return all(b[2 * k] <= row[k] <= b[2 * k + 1] for k in range(4))
