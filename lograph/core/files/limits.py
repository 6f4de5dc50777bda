"""The one set of limits of board files, shared by every command that writes or reads one.

A board file states numbers (buttons, edges, states, lights, positions, ids); each is
checked against these limits before anything is built from it, so a hostile or broken file
gets one clear `BoardFormatError` naming the file and the figure instead of a hang or an
out-of-memory kill. Writers check the same constants, so what one command writes every
command reads (the user's page: ``docs/limits-and-output.md``):

* Board files (``.txt``, ``.json``, ``.graphml``) read by the headless commands (analyze,
  solve, chase, worst, report, convert) hold at most `MAX_ARRAY_BUTTONS` buttons and
  `MAX_ARRAY_EDGES` edges: the most a press matrix holds (`MAX_SYSTEM_ENTRIES`, five
  entries a button on a plain grid). ``.json`` and ``.graphml`` files are at most
  `MAX_ARRAY_FILE_BYTES` long, and the writers stop (writing nothing) at that size.
* ``.txt`` grids also have a layout limit: ``ascii_grid.MAX_CELLS`` cells, holes included,
  and lines of ``ascii_grid.MAX_LINE_CHARS``; ``.g6`` files one line of
  ``graph6.MAX_LINE_BYTES``; other files ``source.MAX_FILE_BYTES``.
* The editable board (the window, puzzle, render, generated graphs other than plain grids)
  holds at most `MAX_BUTTONS` buttons and `MAX_EDGES` edges (a networkx graph).
* Whatever the limits allow, the machine's memory may not: `check_memory` refuses such a
  board with both figures.
"""

from __future__ import annotations

import json
import os
import reprlib
from typing import Any

from lograph.core.files.source import PathLike, TooBigForTheBoardPath, format_error
from lograph.core.model.checks import number_text
from lograph.core.model.generators import MAX_GRAPH_BUTTONS, MAX_GRAPH_EDGES
from lograph.core.model.grids import MAX_SYSTEM_ENTRIES

__all__ = [
    "ARRAY_BYTES_PER_BUTTON",
    "ARRAY_BYTES_PER_EDGE",
    "GRAPH_BYTES_PER_BUTTON",
    "GRAPH_BYTES_PER_EDGE",
    "GRID_BYTES_PER_BUTTON",
    "GRID_REACH",
    "MAX_ARRAY_BUTTONS",
    "MAX_ARRAY_EDGES",
    "MAX_ARRAY_FILE_BYTES",
    "MAX_BUTTONS",
    "MAX_EDGES",
    "MAX_NUMBER_DIGITS",
    "TooManyDigits",
    "available_memory",
    "check_array_counts",
    "check_counts",
    "check_file_counts",
    "check_memory",
    "json_constant",
    "json_int",
    "shown",
]

MAX_BUTTONS = MAX_GRAPH_BUTTONS
MAX_EDGES = MAX_GRAPH_EDGES

#: Longest integer a board file may state. Real values (lights < 251, states ≤ 251,
#: coordinates, numeric ids) are far shorter; 4301 digits hits Python's int-string limit.
MAX_NUMBER_DIGITS = 30

#: Peak memory of analysing a ``.txt`` grid, per button (measured: 2000×2000 takes 1.1 GB).
GRID_BYTES_PER_BUTTON = 300

#: Peak memory of reading a graph board, per button and per edge (measured: a ``.json`` of
#: 250 000 buttons and 10⁶ edges, read and turned into a press system, takes 0.9 GB).
GRAPH_BYTES_PER_BUTTON = 1500
GRAPH_BYTES_PER_EDGE = 600

#: Limits of the array path (``read_system`` of ``.txt``/``.json``/``.graphml``, and
#: ``generate`` and ``convert`` writing them from a press system): no networkx graph is built.
#: The button limit is what a press matrix holds for a plain grid (`MAX_SYSTEM_ENTRIES`,
#: five entries a button), 10⁷; edges have four times that budget; ``.json`` and
#: ``.graphml`` files up to 1 GiB (a 1000×1000 grid is a 179 MB ``.json`` and a 232 MB
#: ``.graphml``, so about 6·10⁶ and 4.6·10⁶ buttons of grid fit).
GRID_REACH = 5
MAX_ARRAY_BUTTONS = MAX_SYSTEM_ENTRIES // GRID_REACH
MAX_ARRAY_EDGES = 4 * MAX_ARRAY_BUTTONS
MAX_ARRAY_FILE_BYTES = 2**30

#: Peak memory of the array path per button and per edge (measured: reading a 1000×1000
#: ``.json``, 10⁶ buttons and 2·10⁶ edges, into a press system peaks at about 2.4 GB; writing
#: it at about 0.6 GB).
ARRAY_BYTES_PER_BUTTON = 1200
ARRAY_BYTES_PER_EDGE = 600


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, 80, 80
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = 4


def shown(value: object) -> str:
    """A short repr of a value from a file, for an error message: nesting, long strings and
    long lists are cut (a message quoting a 100 MB item or 900 nested lists is no message).

    Examples
    --------
    >>> shown([[[[[1]]]]])
    '[[[[...]]]]'
    """
    try:
        return _REPR.repr(value)
    except ValueError:  # an int over Python's 4300-digit string limit
        return number_text(value)


class TooManyDigits(ValueError):
    """Raised from inside ``json.loads`` for an integer literal that is too long."""


def json_int(text: str) -> int:
    """``parse_int`` for ``json.loads``: refuses integers longer than `MAX_NUMBER_DIGITS`."""
    digits = len(text) - text.startswith("-")
    if digits > MAX_NUMBER_DIGITS:
        raise TooManyDigits(
            f"a {digits}-digit integer is too large (numbers have at most "
            f"{MAX_NUMBER_DIGITS} digits)"
        )
    return int(text)


def json_constant(text: str) -> Any:
    """``parse_constant`` for ``json.loads``: NaN and Infinity are not JSON; refuse them."""
    raise TooManyDigits(f"{text} is not a valid JSON number")


def json_object(path: PathLike, text: str) -> dict[str, Any]:
    """Parse `text` as one JSON object with the digit and constant limits above; any problem
    (bad JSON, too many digits, nesting past Python's limit, not an object) raises one
    `BoardFormatError` naming `path`."""
    try:
        doc = json.loads(text, parse_int=json_int, parse_constant=json_constant)
    except TooManyDigits as exc:
        raise format_error(path, f"invalid JSON: {exc}") from None
    except json.JSONDecodeError as exc:
        raise format_error(
            path, f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise format_error(path, "invalid JSON: nested too deeply") from None
    if not isinstance(doc, dict):
        raise format_error(path, f"expected a JSON object, found {type(doc).__name__}")
    return doc


def check_version(path: PathLike, version: object, supported: int) -> None:
    """Refuse a file whose ``version`` field is not `supported` (``True`` is not ``1``)."""
    if version != supported or isinstance(version, bool):
        raise format_error(
            path, f"unsupported version {shown(version)}: this lograph reads version {supported}"
        )


def check_counts(path: PathLike, buttons: int, edges: int) -> None:
    """Refuse a graph board over the button or edge limit, or over the machine's memory,
    before building it."""
    if buttons > MAX_BUTTONS or edges > MAX_EDGES:
        # a .txt grid read as an editable board (the window, convert) has no bigger path
        # there; the headless commands read it straight into the engines
        hint = (
            "a .txt grid this big is for the headless commands, e.g. lograph analyze FILE"
            if os.fsdecode(path).lower().endswith(".txt")
            else "big grids: use .txt"
        )
        problem = (
            f"board has {buttons} buttons and {edges} edges; graph boards are limited to "
            f"{MAX_BUTTONS} buttons and {MAX_EDGES} edges ({hint})"
        )
        raise TooBigForTheBoardPath(format_error(path, problem).args[0])
    needed = buttons * GRAPH_BYTES_PER_BUTTON + edges * GRAPH_BYTES_PER_EDGE
    check_memory(path, needed, f"a board of {buttons} buttons and {edges} edges")


def check_file_counts(path: PathLike, buttons: int, edges: int, what: str = "board") -> None:
    """Refuse a board file (read or about to be written) over `MAX_ARRAY_BUTTONS` buttons
    or `MAX_ARRAY_EDGES` edges, naming `path`; `what` says what has them."""
    if buttons > MAX_ARRAY_BUTTONS or edges > MAX_ARRAY_EDGES:
        raise format_error(
            path,
            f"{what} has {buttons} buttons and {edges} edges; board files are limited to "
            f"{MAX_ARRAY_BUTTONS} buttons and {MAX_ARRAY_EDGES} edges",
        )


def check_array_counts(path: PathLike, buttons: int, edges: int) -> None:
    """`check_counts` for the array path: `check_file_counts`, and the memory."""
    check_file_counts(path, buttons, edges)
    needed = buttons * ARRAY_BYTES_PER_BUTTON + edges * ARRAY_BYTES_PER_EDGE
    check_memory(path, needed, f"a board of {buttons} buttons and {edges} edges")


def available_memory() -> int | None:
    """Bytes of memory this process can still use: MemAvailable (Linux), else physical
    memory, lowered by an address-space limit (``ulimit -v``); None when unknown."""
    found: int | None = None
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    found = int(line.split()[1]) * 1024
                    break
    except (OSError, ValueError, IndexError):
        found = None
    if found is None:
        try:
            found = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        except (AttributeError, ValueError, OSError):
            found = None
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft != resource.RLIM_INFINITY and soft > 0:
            found = soft if found is None else min(found, soft)
    except (ImportError, OSError, ValueError):
        pass
    return found


def check_memory(path: PathLike, needed: int, what: str) -> None:
    """Refuse work that needs more memory than the machine has, naming both figures."""
    have = available_memory()
    if have is not None and needed > have:
        raise format_error(
            path,
            f"{what} needs about {_gigabytes(needed)} of memory; this machine has "
            f"{_gigabytes(have)} available",
        )


def _gigabytes(count: int) -> str:
    return f"{count / 2**30:.1f} GB"
