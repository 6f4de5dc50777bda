"""Board files: read and write boards in every supported format, and export solutions.

=========== ===================== ======================================================
format      extensions            holds
=========== ===================== ======================================================
``json``    ``.json``             everything (native: node-link data + lograph fields)
``graphml`` ``.graphml``          everything (graph and node attributes)
``txt``     ``.txt``              grid boards: 4-neighbour edges, names ``r<row>c<col>``,
                                  lights 0..9, rule, states, name (no positions)
``graph6``  ``.g6``, ``.graph6``  only the undirected graph (no lights, positions, names,
                                  rule, states or direction)
=========== ===================== ======================================================

Every read is all-or-nothing: any problem raises one `BoardFormatError` naming the file.
Every write is atomic (temporary file, fsync, rename), so a crash never leaves half a file.

Examples
--------
>>> import tempfile, pathlib
>>> from lograph.core.model.generators import wayout_5x5
>>> path = pathlib.Path(tempfile.mkdtemp()) / "wayout.txt"
>>> write_board(wayout_5x5(), path)
>>> len(read_board(path)), read_system(path).n
(22, 22)
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from lograph.core.files import ascii_grid
from lograph.core.files.atomic import atomic_write_bytes, atomic_write_text
from lograph.core.files.solutions import read_solution, write_solution
from lograph.core.files.source import PathLike, format_error, read_bytes, read_text
from lograph.core.model.board import Board
from lograph.core.model.checks import name_problem, printable
from lograph.core.model.system import PressSystem

__all__ = [
    "FORMATS",
    "FileFormat",
    "atomic_write_bytes",
    "atomic_write_text",
    "cannot_hold",
    "format_for",
    "read_board",
    "read_solution",
    "read_system",
    "write_board",
    "write_solution",
]

Reader = Callable[[PathLike, str | None, int | None], Board]


@dataclass(frozen=True)
class FileFormat:
    """One board file format: its extensions, what it holds, and how to read and write it."""

    name: str
    extensions: tuple[str, ...]
    holds: str
    read: Reader
    write: Callable[[Board], bytes]
    why_not: Callable[[Board], str | None]


def _stem(path: PathLike) -> str:
    """The file's name without folder and extension: the name of a board whose file names
    none, made printable (a file name may hold ESC or a line break; a board name may not)."""
    return printable(os.path.splitext(os.path.basename(os.fspath(path)))[0])


def _always(board: Board) -> str | None:
    return None


def _format_module(name: str) -> ModuleType:
    """The reader/writer module of a format, imported on first use: networkx, which the
    JSON, GraphML and graph6 modules load, costs ~0.2 s that a ``.txt`` board never needs."""
    return importlib.import_module(f"lograph.core.files.{name}")


# The lambdas look the module functions up at call time, so tests can patch them.
FORMATS: dict[str, FileFormat] = {
    "json": FileFormat(
        "json",
        (".json",),
        "everything: graph, positions, lights, rule, states, self-action, direction, name",
        lambda path, rule, states: _format_module("native_json").loads(
            path, read_text(path), rule=rule, states=states
        ),
        lambda board: _format_module("native_json").dumps(board).encode("utf-8"),
        _always,
    ),
    "graphml": FileFormat(
        "graphml",
        (".graphml",),
        "everything, as GraphML graph and node attributes",
        lambda path, rule, states: _format_module("graphml").loads(
            path, read_text(path), rule=rule, states=states
        ),
        lambda board: _format_module("graphml").dumps(board).encode("utf-8"),
        lambda board: _format_module("graphml").cannot_hold(board),
    ),
    "txt": FileFormat(
        "txt",
        (".txt",),
        "grid boards: cells, 4-neighbour edges, lights 0..9, rule, states, name",
        lambda path, rule, states: ascii_grid.parse(
            path, read_text(path), rule=rule, states=states, name=_stem(path)
        ).to_board(),
        lambda board: ascii_grid.dumps(board).encode("utf-8"),
        ascii_grid.cannot_hold,
    ),
    "graph6": FileFormat(
        "graph6",
        (".g6", ".graph6"),
        "only the undirected graph: no lights, positions, names, rule, states or direction",
        lambda path, rule, states: _format_module("graph6").loads(
            path, read_bytes(path), rule=rule, states=states, name=_stem(path)
        ),
        lambda board: _format_module("graph6").dumps(board),
        lambda board: _format_module("graph6").cannot_hold(board),
    ),
}


def format_for(path: PathLike, fmt: str | None = None) -> FileFormat:
    """The format named by `fmt` (``"json"`` or ``".json"``), else by the file's extension."""
    if fmt is not None:
        key = fmt.lower().lstrip(".")
        for entry in FORMATS.values():
            if key == entry.name or f".{key}" in entry.extensions:
                return entry
        raise format_error(path, f"unknown board format {fmt!r} (known: {', '.join(FORMATS)})")
    ext = os.path.splitext(os.fspath(path))[1].lower()
    for entry in FORMATS.values():
        if ext in entry.extensions:
            return entry
    known = ", ".join(e for entry in FORMATS.values() for e in entry.extensions)
    raise format_error(path, f"unknown board file type {ext or '(none)'!r} (known: {known})")


def cannot_hold(board: Board, fmt: str) -> str | None:
    """Why format `fmt` cannot hold `board` without losing part of the game, or None.

    Examples
    --------
    >>> from lograph.core.model.generators import named
    >>> cannot_hold(named("petersen"), "txt")
    "button '0' is not named r<row>c<col>"
    """
    entry = format_for(fmt, fmt)
    return _name_problem(entry, board) or entry.why_not(board)


def _name_problem(entry: FileFormat, board: Board) -> str | None:
    """Why the board's name cannot be saved (`name_problem`: the readers refuse a name
    that does not print as one line, so no writer may write one), or None. graph6 keeps
    no name at all, and .txt writes a printable line of it (`ascii_grid.grid_text`)."""
    return None if entry.name in ("graph6", "txt") else name_problem(board.name)


def read_board(
    path: PathLike, fmt: str | None = None, *, rule: str | None = None, states: int | None = None
) -> Board:
    """Read a board; the format comes from the extension unless `fmt` names one.

    `rule` and `states` override what the file says. A file without a name gets its stem.
    Raises `BoardFormatError` (naming the file and the problem) for any bad input.
    """
    return format_for(path, fmt).read(path, rule, states)


def read_system(
    path: PathLike, fmt: str | None = None, *, rule: str | None = None, states: int | None = None
) -> PressSystem:
    """Read a board straight into a `PressSystem`.

    ASCII boards, and native JSON and GraphML boards in lograph's own layout, are built
    from arrays without networkx (up to the array limits of `limits.check_array_counts`);
    other files go through `read_board`.
    """
    entry = format_for(path, fmt)
    if entry.name == "txt":
        text = read_text(path)
        return ascii_grid.parse(path, text, rule=rule, states=states).to_system()
    if entry.name == "json":  # from arrays, no networkx graph (same system, same errors)
        from lograph.core.files.fast_json import read_system as json_system
        from lograph.core.files.limits import MAX_ARRAY_FILE_BYTES

        text = read_text(path, MAX_ARRAY_FILE_BYTES)
        return json_system(path, text, rule=rule, states=states)
    if entry.name == "graphml":  # lograph's own layout from arrays, else networkx
        from lograph.core.files.graphml_lines import read_system as graphml_system
        from lograph.core.files.limits import MAX_ARRAY_FILE_BYTES

        text = read_text(path, MAX_ARRAY_FILE_BYTES)
        return graphml_system(path, text, rule=rule, states=states)
    return entry.read(path, rule, states).to_system()


def write_board(board: Board, path: PathLike, fmt: str | None = None) -> None:
    """Save a board atomically; the format comes from the extension unless `fmt` names one.

    Raises `BoardFormatError` when the format cannot hold the board (for example a Petersen
    graph as ``.txt``, or a lit board as graph6); the message says what and suggests ``.json``.
    """
    entry = format_for(path, fmt)
    problem = _name_problem(entry, board)
    if problem is not None:  # no format would help: the name itself is the problem
        raise format_error(path, f"cannot save the board: its {problem}")
    reason = entry.why_not(board)
    if reason is not None:
        raise format_error(
            path, f"cannot save as {entry.name}: {reason}; save as .json to keep everything"
        )
    from lograph.core.files import source

    # the board path's readers read up to MAX_FILE_BYTES: no writer writes more
    atomic_write_bytes(path, entry.write(board), limit=source.MAX_FILE_BYTES)
