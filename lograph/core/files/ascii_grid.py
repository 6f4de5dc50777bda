"""ASCII boards (``.txt``): the quickest way to type a holed or diamond board by hand.

One line per row of the grid. A digit ``0``..``p-1`` is a button with that light, ``.`` is a
hole; lines may be ragged (missing cells at the end of a line are holes). ``#`` starts a
comment that runs to the end of the line. Full-line comments of the form ``# key: value``
set the board's options:

=========== ============================================ ==========
key         value                                        default
=========== ============================================ ==========
``rule``    ``closed`` (press toggles itself) or ``open`` ``closed``
``states``  number of light states, an integer 2..255     ``2``
``name``    display name                                 file stem
=========== ============================================ ==========

Other comments are ignored. Blank lines before the first row and after the last are ignored;
a blank line between rows is a row of holes (write ``.`` to make that explicit). Neighbours are
the 4 orthogonal cells; buttons are named ``r<row>c<col>`` (0-based) and drawn at
``(col, row)``. Spaces and tabs inside a row are refused (use ``.`` for holes).

Example, the 5×5 WayOut board of three diagonal holes::

    # name: WayOut 5x5
    10101
    1.101
    00.10
    111.0
    11110
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError, BoardFormatError, BoardTooLargeError
from lograph.core.files.limits import (
    GRID_BYTES_PER_BUTTON,
    MAX_NUMBER_DIGITS,
    check_counts,
    check_file_counts,
    check_memory,
    shown,
)
from lograph.core.files.source import PathLike, format_error
from lograph.core.model.board import RULES, Board
from lograph.core.model.checks import name_problem, printable, states_problem
from lograph.core.model.generators import from_mask, grid_system
from lograph.core.model.system import PressSystem, cell_coords, parse_cell_name

__all__ = [
    "MAX_CELLS",
    "MAX_LINE_CHARS",
    "AsciiGrid",
    "cannot_hold",
    "dumps",
    "grid_text",
    "grid_too_big",
    "parse",
    "system_grid",
]

#: Longest accepted line: a row of 100 000 cells. Longer lines are a wrong file, not a board.
MAX_LINE_CHARS = 100_000

#: Largest padded grid (rows × longest line) read: 16 Mi cells, e.g. 4096×4096. Analysing a
#: grid takes about `GRID_BYTES_PER_BUTTON` bytes a button, so this is about 5 GB at most.
MAX_CELLS = 16 * 2**20

_ASCII_DIGITS = re.compile("[0-9]+")
_SETTING = re.compile(r"#\s*([A-Za-z]+)\s*:\s*(.*?)\s*$")
_HOLE, _ZERO, _NINE = ord("."), ord("0"), ord("9")


@dataclass(frozen=True, eq=False)
class AsciiGrid:
    """A parsed ASCII board: the cell mask, the light of every cell, and the options."""

    mask: NDArray[np.bool_]
    lights: NDArray[np.uint8]
    rule: str = "closed"
    states: int = 2
    name: str = ""
    source: str = ""  # the file, for error messages

    def to_board(self) -> Board:
        """The board (a networkx graph; fine up to ~10⁵ buttons, refused above the graph
        board limits of `limits.check_counts`)."""
        check_counts(self.source, int(self.mask.sum()), _edge_count(self.mask))
        return from_mask(
            self.mask, lights=self.lights, rule=self.rule, states=self.states, name=self.name
        )

    def to_system(self) -> PressSystem:
        """The press system, built vectorised (no networkx): fine for 10⁶ buttons, refused
        over the board file limits (`limits.check_file_counts`) or the machine's memory."""
        buttons = int(self.mask.sum())
        check_file_counts(self.source, buttons, _edge_count(self.mask), "grid")
        check_memory(self.source, buttons * GRID_BYTES_PER_BUTTON, f"a grid of {buttons} buttons")
        rows, cols = self.mask.shape
        try:
            return self._system(rows, cols)
        except BoardTooLargeError as exc:  # the press matrix's own limit: name the file
            raise format_error(self.source, str(exc)) from None

    def _system(self, rows: int, cols: int) -> PressSystem:
        return grid_system(
            rows,
            cols,
            mask=self.mask,
            rule=self.rule,
            states=self.states,
            lights=self.lights[self.mask],
            name=self.name,
        )


def parse(
    path: PathLike,
    text: str,
    *,
    rule: str | None = None,
    states: int | None = None,
    name: str = "",
) -> AsciiGrid:
    """Parse ASCII board text; `rule`/`states` override the file's settings.

    Examples
    --------
    >>> grid = parse("x.txt", "# rule: open\\n1.1\\n011\\n")
    >>> grid.rule, grid.mask.sum(), grid.lights.tolist()
    ('open', np.int64(5), [[1, 0, 1], [0, 1, 1]])
    """
    settings: dict[str, str] = {"rule": "closed", "states": "2", "name": printable(name)}
    rows = _rows(path, text, settings)
    grid = _cells(path, rows)
    p = _states(path, settings["states"] if states is None else states)
    digits = grid != _HOLE
    lights = np.where(digits, grid - _ZERO, 0).astype(np.uint8)
    if digits.any() and int(lights.max()) >= p:
        r, c = np.argwhere(lights >= p)[0]
        raise format_error(
            path,
            f"line {rows[r][0]} column {c + 1}: light {lights[r, c]} is out of range for "
            f"{p} states (add a '# states: P' line)",
        )
    if not digits.any():
        raise format_error(path, "no buttons: every cell is a hole")
    # Rule names are exact, as in .json ("OPEN" is refused there too).
    chosen = rule if rule is not None else settings["rule"]
    if chosen not in RULES:
        raise format_error(path, f"rule {shown(chosen)} is not one of {', '.join(RULES)}")
    # The caller's default name (a file's stem) was made printable above; a name the file
    # states is refused when it would not print as one line.
    problem = name_problem(settings["name"])
    if problem is not None:
        raise format_error(path, problem)
    return AsciiGrid(digits, lights, chosen, p, settings["name"], os.fspath(path))


def _rows(path: PathLike, text: str, settings: dict[str, str]) -> list[tuple[int, str]]:
    """The rows of the grid as ``(line number, text)``, blank rows at either end dropped;
    ``# key: value`` lines of a known key go into `settings`."""
    rows: list[tuple[int, str]] = []
    # Only \n, \r\n and \r end a line: str.splitlines would also split at form feeds,
    # vertical tabs, U+001C..U+001E, U+0085, U+2028 and U+2029, turning a stray control
    # character inside a row into a silent extra row.
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    for lineno, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE_CHARS:
            raise format_error(
                path, f"line {lineno} is too long ({len(raw)} characters; limit {MAX_LINE_CHARS})"
            )
        content, hash_, comment = raw.partition("#")
        content = content.rstrip()
        if hash_ and not content:
            found = _SETTING.match(hash_ + comment)
            if found and found.group(1).lower() in settings:
                settings[found.group(1).lower()] = found.group(2)
            continue
        rows.append((lineno, content))
    filled = [i for i, (_, content) in enumerate(rows) if content]
    return rows[filled[0] : filled[-1] + 1] if filled else []


def _edge_count(mask: NDArray[np.bool_]) -> int:
    """Edges of a grid: neighbouring buttons in a row or a column."""
    return int((mask[:, 1:] & mask[:, :-1]).sum() + (mask[1:, :] & mask[:-1, :]).sum())


def _cells(path: PathLike, rows: list[tuple[int, str]]) -> NDArray[np.uint8]:
    """The rows as a character grid padded with holes, after checking every character."""
    width = max((len(text) for _, text in rows), default=0)
    if len(rows) * width > MAX_CELLS:  # ragged lines could ask for a huge padded grid
        raise format_error(
            path, f"a grid of {len(rows)}×{width} cells is too large (limit {MAX_CELLS} cells)"
        )
    grid = np.full((len(rows), width), _HOLE, dtype=np.uint8)
    for i, (lineno, text) in enumerate(rows):
        try:
            grid[i, : len(text)] = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
        except UnicodeEncodeError as exc:
            where = f"line {lineno} column {exc.start + 1}"
            raise format_error(path, f"{where}: unexpected character {text[exc.start]!r}") from None
    bad = (grid != _HOLE) & ((grid < _ZERO) | (grid > _NINE))
    if bad.any():
        r, c = np.argwhere(bad)[0]
        char = chr(grid[r, c])
        hint = " (use '.' for a hole)" if char.isspace() else ""
        raise format_error(
            path, f"line {rows[r][0]} column {c + 1}: unexpected character {char!r}{hint}"
        )
    return grid


def _states(path: PathLike, text: str | int) -> int:
    """The number of states a ``# states:`` line gives (or the caller's override)."""
    if isinstance(text, int):
        k = text
    elif len(text) > MAX_NUMBER_DIGITS:
        raise format_error(path, f"states of {len(text)} characters is not a small integer")
    # ASCII digits only: int() would also read "1_1" as 11 and a full-width "３" as 3.
    elif _ASCII_DIGITS.fullmatch(text) is None:
        raise format_error(path, f"states {text!r} is not a number (write digits 0-9)")
    else:
        k = int(text)
    problem = states_problem(k)
    if problem is not None:
        raise format_error(path, problem)
    return k


def cannot_hold(board: Board) -> str | None:
    """Why `board` cannot be written as an ASCII grid, or None when it can."""
    if not len(board):
        return "the board has no buttons"
    if board.directed:
        return "the board is directed"
    cells: dict[tuple[int, int], str] = {}
    for v in board.buttons:
        cell = parse_cell_name(v)
        if cell is None:  # (grid names are canonical: one name, one cell)
            return f"button {v!r} is not named r<row>c<col>"
        cells[cell] = v
        if board.self_action_override(v) is not None:
            return f"button {v!r} has its own self-action setting"
        if board.light(v) > 9:
            return f"button {v!r} has light {board.light(v)}, which is not one digit"
    too_big = grid_too_big(*(max(axis) + 1 for axis in zip(*cells, strict=True)))
    if too_big is not None:
        return too_big
    expected = {
        frozenset((cells[(r, c)], cells[other]))
        for (r, c) in cells
        for other in ((r, c + 1), (r + 1, c))
        if other in cells
    }
    actual = {frozenset(e) for e in board.edges()}
    if actual != expected:
        extra = sorted(tuple(sorted(e)) for e in actual - expected)
        missing = sorted(tuple(sorted(e)) for e in expected - actual)
        what = f"extra edge {' - '.join(extra[0])}" if extra else ""
        what = what or f"no edge {' - '.join(missing[0])}"
        return f"its edges are not the 4-neighbour grid edges ({what})"
    return None


def system_grid(system: PressSystem) -> tuple[NDArray[np.bool_], NDArray[np.uint8]] | str:
    """The cell mask and lights (full grids) of the ``.txt`` board `system` is, or why it
    is none (`cannot_hold` for a board read straight into arrays): grid cell names, the
    4-neighbour edges both ways, every self action as the rule says, one-digit lights."""
    coords = cell_coords(system.names) if system.coords is None else system.coords
    if system.n == 0:
        return "the board has no buttons"
    if coords is None:
        return "its buttons are not all named r<row>c<col>"
    if system.directed or not system.symmetric:
        return "the board is directed"
    if system.n and int(system.lights.max()) > 9:
        return "a light above 9 is not one digit"
    rows, cols = (int(v) + 1 for v in coords.max(axis=0))
    too_big = grid_too_big(rows, cols)
    if too_big is not None:
        return too_big
    mask = np.zeros((rows, cols), dtype=bool)
    mask[coords[:, 0], coords[:, 1]] = True
    expected = grid_system(rows, cols, mask=mask, rule=system.rule, states=system.states)
    # both matrices as sorted (row, col) cell pairs: the button orders may differ
    cell = coords[:, 0] * cols + coords[:, 1]
    found = np.repeat(cell, np.diff(system.indptr)) * (rows * cols) + cell[system.indices]
    kept = np.flatnonzero(mask.ravel())
    want = np.repeat(kept, np.diff(expected.indptr)) * (rows * cols) + kept[expected.indices]
    if not np.array_equal(np.sort(found), np.sort(want)):
        return "its edges and self actions are not those of a .txt grid"
    lights = np.zeros((rows, cols), dtype=np.uint8)
    lights[coords[:, 0], coords[:, 1]] = system.lights
    return mask, lights


def grid_too_big(rows: int, cols: int) -> str | None:
    """Why a grid of `rows` × `cols` cells (holes included: a .txt board draws every cell
    from r0c0 on) is more than a .txt board holds, or None when `parse` would read it."""
    if cols > MAX_LINE_CHARS or rows * cols > MAX_CELLS:
        return (
            f"its cells span {rows}×{cols} grid cells (holes included), more than a .txt "
            f"grid holds ({MAX_CELLS} cells, lines of {MAX_LINE_CHARS})"
        )
    return None


def dumps(board: Board) -> str:
    """The board as ASCII text (check `cannot_hold` first).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> print(dumps(rectangle(2, 3, holes=[(0, 1)])), end="")
    # name: 2x3 with holes
    # rule: closed
    # states: 2
    0.0
    000
    """
    cells = [parse_cell_name(v) for v in board.buttons]
    if not cells or any(cell is None for cell in cells):
        raise BoardFormatError("only boards of r<row>c<col> buttons can be written as ASCII")
    coords = np.array(cells, dtype=np.int64)
    shape = (int(coords[:, 0].max()) + 1, int(coords[:, 1].max()) + 1)
    mask = np.zeros(shape, dtype=bool)
    mask[coords[:, 0], coords[:, 1]] = True
    lights = np.zeros(shape, dtype=np.uint8)
    lights[coords[:, 0], coords[:, 1]] = board.lights()
    return grid_text(mask, lights, rule=board.rule, states=board.states, name=board.name)


def grid_text(
    mask: NDArray[np.bool_],
    lights: NDArray[np.uint8] | None = None,
    *,
    rule: str = "closed",
    states: int = 2,
    name: str = "",
) -> str:
    """ASCII text of a masked grid, built with numpy (a 1000×1000 board takes milliseconds).

    `lights` is a full grid (values at holes are ignored) of digits 0..9.

    Examples
    --------
    >>> import numpy as np
    >>> print(grid_text(np.array([[1, 0], [1, 1]], dtype=bool)), end="")
    # name:
    # rule: closed
    # states: 2
    0
    00
    """
    values = np.zeros(mask.shape, dtype=np.uint8) if lights is None else lights
    if mask.any() and int(values[mask].max()) > 9:
        raise BoardError("light values above 9 do not fit in an ASCII board; use .json")
    chars = np.where(mask, _ZERO + values.astype(np.uint8), _HOLE).astype(np.uint8)
    # Rows start at 0 and an all-hole row is written as ".", so reading the text back
    # gives the same r<row>c<col> names; trailing holes are dropped (lines may be ragged).
    body = [row.tobytes().decode("ascii").rstrip(".") or "." for row in chars]
    head = [
        # One line that `parse` reads back: line breaks become spaces, ESC and the like go.
        f"# name: {printable(' '.join(name.split()))}".rstrip(),
        f"# rule: {rule}",
        f"# states: {states}",
    ]
    return "\n".join(head + body) + "\n"
