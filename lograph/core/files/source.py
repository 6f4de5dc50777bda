"""Shared reading helpers: guarded file input and all-or-nothing board assembly.

Every reader goes through `read_text` (size limit, empty, binary and UTF-8 checks) and
builds its board with `assemble_board`, which validates everything before returning. Any
problem becomes one `BoardFormatError` whose message starts with the file name, so the CLI
prints one line and the GUI one dialog, and no caller ever sees a partial board.
"""

from __future__ import annotations

import errno
import gc
import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lograph.core.errors import BoardError, BoardFormatError
from lograph.core.model.board import Board
from lograph.core.model.checks import check_board_name
from lograph.core.model.layout import auto_layout

if TYPE_CHECKING:
    pass

__all__ = [
    "MAX_FILE_BYTES",
    "NodeSpec",
    "TooBigForTheBoardPath",
    "assemble_board",
    "format_error",
    "not_regular",
    "open_regular",
    "paused_gc",
    "read_bytes",
    "read_text",
    "spring_positions",
]

#: Largest board file read (bytes). A 1000×1000 ASCII board is about 1 MB; a native JSON
#: file of 10⁵ buttons about 15 MB. Anything far larger is a mistake, not a board.
MAX_FILE_BYTES = 128 * 2**20

PathLike = str | os.PathLike[str]


class TooBigForTheBoardPath(BoardFormatError):
    """A file over the limits of the editable board (`MAX_FILE_BYTES`, or the graph board
    limits of `limits.check_counts`) that may still be within those of the array readers
    (`limits.check_array_counts`): ``lograph convert`` then converts it from arrays."""


def format_error(path: PathLike, problem: str) -> BoardFormatError:
    """A `BoardFormatError` whose message names the file, then the problem."""
    shown = os.fsdecode(path).replace("\x00", "\\0")  # a NUL would cut the line short
    return BoardFormatError(f"{shown}: {problem}")


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection inside: parsing or writing a big board makes millions of
    small objects (dicts, lists, strings) without cycles, and the collector passes they
    trigger cost about a third of the time (measured on a 300×300 ``.json``)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def read_bytes(path: PathLike, limit: int | None = None) -> bytes:
    """The file's bytes, refusing missing, unreadable, empty, oversized and binary files.

    `limit` is the largest size read: `MAX_FILE_BYTES` unless the caller reads the file
    straight into arrays (``read_system``), which may take bigger files."""
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        with open(open_regular(path), "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                problem = f"file is too large ({size} bytes; the limit is {limit})"
                raise TooBigForTheBoardPath(format_error(path, problem).args[0])
            data = handle.read(limit + 1)
    except OSError as exc:
        raise format_error(path, f"cannot read the file: {exc.strerror or exc}") from exc
    if len(data) > limit:  # grew while we read, or a special file without a size
        raise format_error(path, f"file is too large (over {limit} bytes)")
    if not data.strip():
        raise format_error(path, "file is empty")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # what some Windows editors save
        raise format_error(path, "not UTF-8 text but UTF-16; save it as UTF-8")
    if b"\x00" in data:
        raise format_error(path, "binary data (NUL bytes), not a board file")
    return data


#: What a path that is not a regular file is, for the message refusing it.
_KINDS = (
    (stat.S_ISDIR, "is a folder, not a file"),
    (stat.S_ISFIFO, "is a named pipe (FIFO), not a regular file"),
    (stat.S_ISCHR, "is a device, not a regular file"),
    (stat.S_ISBLK, "is a device, not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
)


def open_regular(path: PathLike) -> int:
    """A file descriptor open for reading `path`, refusing (one `BoardFormatError`) anything
    but a regular file after following symlinks: a FIFO or terminal waits forever for a
    writer, a device like /dev/zero never ends, a folder is no board. OSError as `open`."""
    check_no_nul(path)
    _check_regular(path, os.stat(path).st_mode)  # before opening: opening a FIFO blocks
    # O_NONBLOCK: should a FIFO replace the file after the check, opening it returns at
    # once instead of waiting for a writer, and the second check refuses it.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        _check_regular(path, os.fstat(fd).st_mode)
    except BoardFormatError:
        os.close(fd)
        raise
    return fd


def check_no_nul(path: PathLike) -> None:
    r"""Refuse (OSError, as for any path the system cannot open) a path holding a NUL byte,
    which no file name can: a dropped ``file:///a%00b`` URL gives one, and the system calls
    would raise a bare ValueError instead.

    >>> check_no_nul("a" + chr(0) + "b.json")
    Traceback (most recent call last):
    ...
    OSError: [Errno 22] a file name cannot hold a NUL byte: 'a\\0b.json'
    """
    text = os.fsdecode(path)
    if "\x00" in text:
        problem = "a file name cannot hold a NUL byte"
        raise OSError(errno.EINVAL, problem, text.replace("\x00", "\\0"))


def not_regular(mode: int) -> str | None:
    """What a file of mode `mode` (``os.stat``) is when it is not a regular file, e.g. "is a
    named pipe (FIFO), not a regular file"; None for a regular file. The readers refuse
    such a path, and so does the atomic writer (`atomic.check_writable`).

    >>> import stat
    >>> not_regular(stat.S_IFCHR)
    'is a device, not a regular file'
    """
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "is not a regular file")


def _check_regular(path: PathLike, mode: int) -> None:
    problem = not_regular(mode)
    if problem is not None:
        raise format_error(path, problem)


def read_text(path: PathLike, limit: int | None = None) -> str:
    """The file as text: UTF-8 (an optional byte-order mark is skipped), checked as above."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bad = data[exc.start]
        raise format_error(
            path, f"not UTF-8 text (byte 0x{bad:02x} at offset {exc.start})"
        ) from None


@dataclass(frozen=True)
class NodeSpec:
    """One button as a file describes it; `pos` None means "lay it out for me"."""

    id: str
    pos: tuple[float, float] | None = None
    light: int = 0
    self_action: bool | None = None


def spring_positions(
    ids: Sequence[str], edges: Iterable[tuple[str, str]]
) -> dict[str, tuple[float, float]]:
    """A deterministic layout (`auto_layout`), scaled so neighbours sit about one unit apart."""
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from(edges)
    if len(graph) == 0:
        return {}
    raw = auto_layout(graph, seed=7)
    scale = max(2.0, len(graph) ** 0.5)
    return {str(v): (float(x) * scale, -float(y) * scale) for v, (x, y) in raw.items()}


def assemble_board(
    path: PathLike,
    nodes: Sequence[NodeSpec],
    edges: Sequence[tuple[str, str]],
    *,
    directed: bool = False,
    rule: str = "closed",
    states: int = 2,
    name: str = "",
) -> Board:
    """Build and validate a whole board; any problem is a `BoardFormatError` naming `path`."""
    try:
        check_board_name(name)
        board = Board(directed=directed, rule=rule, states=states, name=name)
        missing = [v.id for v in nodes if v.pos is None]
        layout = spring_positions([v.id for v in nodes], edges) if missing else {}
        for spec in nodes:
            pos = spec.pos if spec.pos is not None else layout[spec.id]
            try:
                board.add_button(spec.id, pos=pos, light=spec.light, self_action=spec.self_action)
            except BoardError as exc:
                raise BoardError(f"button {spec.id!r}: {exc}") from None
        for u, v in edges:
            for end in (u, v):
                if end not in board:
                    raise BoardError(f"edge {u!r} - {v!r} names unknown button {end!r}")
            board.add_edge(u, v)
    except BoardError as exc:
        raise format_error(path, str(exc)) from None
    return board
