"""The names a person finds buttons by, for hints and lists meant to be read by people.

Button ids (``r1c2``, ``b6``, ``7``) are how files and matrices know buttons: ids on grids
count from 0, and the ids of drawn boards are numbers the editor handed out, so "press b4"
sends a player looking for a label nowhere on the board. A person finds a button either by
counting rows and columns, or by a number drawn beside it:

- On a grid (every id a grid cell name, ``r<row>c<col>``) a button is named by its row and
  column counted from 1 at the top left of the drawn grid: ``row 2, column 3``. Counting
  starts at the first row and column that have a button, so a board whose top row was
  deleted still starts at "row 1". Words rather than a compact "C2": nothing has to be drawn
  along the board's edges for them to be found, they read the same in the window, on the
  shared page and on a printed worksheet, and "row" and "column" cannot be mistaken for one
  another, which letters-and-digits can (is C2 column C, row 2, or the other way round?).
- On any other board a button is ``button N``: its place in the board's order counted from 1,
  the number the window draws beside each button of such a board.

One board is named one way: a grid with one extra non-grid button is numbered throughout,
so the names in one list never mix the two conventions.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.system import CellNames, cell_coords

__all__ = ["ButtonNames", "button_names"]


class ButtonNames:
    """The person-facing name of every button of a board, in the board's order.

    Builds nothing per button up front beyond the grid test (one regular expression over the
    joined ids; none at all for a lazy `CellNames`), so a million-button grid costs a few
    milliseconds and a single hint on it no list of a million strings.

    Examples
    --------
    >>> names = ButtonNames(["r0c0", "r0c1", "r1c0", "r1c1"])
    >>> names.grid, names[1], names.of("r1c0")
    (True, 'row 1, column 2', 'row 2, column 1')
    >>> names = ButtonNames(["r1c1", "r1c2", "r2c1"])  # the first row and column deleted
    >>> names[0], names.listed([0, 2])
    ('row 1, column 1', 'row 1, column 1; row 2, column 1')
    >>> petersen = ButtonNames([str(i) for i in range(10)])
    >>> petersen.grid, petersen[0], petersen.of("9"), petersen.number(3)
    (False, 'button 1', 'button 10', 4)
    """

    def __init__(self, ids: Sequence[str]) -> None:
        self._ids = ids
        self._index: dict[str, int] | None = None
        # The lazy names' own cells: no million strings made and parsed again.
        coords = ids._coords if isinstance(ids, CellNames) else cell_coords(list(ids))
        self._coords: NDArray[np.int64] | None = coords
        self._origin = (0, 0) if coords is None or not len(coords) else tuple(coords.min(axis=0))

    @property
    def grid(self) -> bool:
        """True when buttons are named by row and column; False when by their number."""
        return self._coords is not None

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, index: int) -> str:
        """The name of the button at `index` of the board's order."""
        if self._coords is None:
            return f"button {self.number(index)}"
        r, c = self._coords[index].tolist()
        return f"row {r - self._origin[0] + 1}, column {c - self._origin[1] + 1}"

    def number(self, index: int) -> int:
        """The number drawn beside the button at `index` on a board that is not a grid."""
        if not -len(self._ids) <= index < len(self._ids):
            raise IndexError(f"button index {index} outside 0..{len(self._ids) - 1}")
        return index % len(self._ids) + 1

    def of(self, button: str) -> str:
        """The name of the button whose id is `button` (`KeyError` for an unknown id)."""
        return self[self.index_of(button)]

    def number_of(self, button: str) -> int:
        """The number drawn beside the button whose id is `button` (boards not grids)."""
        return self.number(self.index_of(button))

    def index_of(self, button: str) -> int:
        """The place of `button` in the board's order (`KeyError` for an unknown id)."""
        if self._index is None:
            self._index = {b: i for i, b in enumerate(self._ids)}
        return self._index[button]

    def listed(self, indices: Sequence[int]) -> str:
        """Several names in one line: "; " between names, since a grid name holds a comma."""
        return "; ".join(self[i] for i in indices)


def button_names(ids: Sequence[str]) -> list[str]:
    """Every button's name, in the board's order (`ButtonNames` for one or a few).

    Examples
    --------
    >>> button_names(["r0c0", "r0c1"]), button_names(["a", "b"])
    (['row 1, column 1', 'row 1, column 2'], ['button 1', 'button 2'])
    """
    names = ButtonNames(ids)
    return [names[i] for i in range(len(names))]
