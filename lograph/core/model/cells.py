"""Where a board's buttons sit on its grid: the cells the position presets and the shifts
work on.

A board is on a grid when every button is named ``r<row>c<col>`` (`Board.is_grid_like`,
`PressSystem.coords`), whatever its edges: a rectangle, one with holes, a diamond, a grid
glued into a torus, cylinder, Möbius strip, Klein bottle or projective plane, a lattice.
The patterns are drawn on the cells, never read from the edges, so a torus gets the same
border as the rectangle it is made from (as in LightsOutWeb, where the border preset ignores
the board's topology).

Rows and columns are counted from the top-left corner of the cells' bounding rectangle: a
board whose top row was deleted starts its chessboard with the row now on top.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.system import PressSystem

__all__ = ["GridCells", "grid_cells", "not_a_grid"]

Ints = NDArray[np.int64]


@dataclass(frozen=True)
class GridCells:
    """The cells of a grid board, relative to the top-left of their bounding rectangle.

    Attributes
    ----------
    rows, cols : ndarray of int64
        Button ``i`` sits at ``(rows[i], cols[i])``, counted from 0.
    shape : (int, int)
        The bounding rectangle's size: ``rows.max() + 1``, ``cols.max() + 1``.
    first : (int, int)
        The cell its top-left corner is named after (``r<row>c<col>``), for messages.
    """

    rows: Ints
    cols: Ints
    shape: tuple[int, int]
    first: tuple[int, int]

    def mask(self) -> NDArray[np.bool_]:
        """The bounding rectangle, True where a button is."""
        mask = np.zeros(self.shape, dtype=bool)
        mask[self.rows, self.cols] = True
        return mask

    def cell_name(self, row: int, col: int) -> str:
        """The button name of the cell at ``(row, col)`` of the bounding rectangle."""
        return f"r{row + self.first[0]}c{col + self.first[1]}"

    def hole(self) -> str | None:
        """The name of the first cell (in reading order) of the bounding rectangle without a
        button, or None when the rectangle is full."""
        missing = np.argwhere(~self.mask())
        return self.cell_name(*map(int, missing[0])) if len(missing) else None


def grid_cells(system: PressSystem) -> GridCells | None:
    """The board's grid cells, or None when some button is not named ``r<row>c<col>``.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> cells = grid_cells(rectangle(2, 3, holes=[(0, 0)]).to_system())
    >>> cells.rows.tolist(), cells.cols.tolist(), cells.shape, cells.hole()
    ([0, 0, 1, 1, 1], [1, 2, 0, 1, 2], (2, 3), 'r0c0')
    """
    coords = system.coords
    if coords is None or len(coords) == 0:
        return None
    low = coords.min(axis=0)
    rows, cols = (coords - low).T
    shape = (int(rows.max()) + 1, int(cols.max()) + 1)
    return GridCells(
        np.ascontiguousarray(rows), np.ascontiguousarray(cols), shape, (int(low[0]), int(low[1]))
    )


def not_a_grid(system: PressSystem, what: str) -> str:
    """Why `what` needs a grid board, naming a button that is not a grid cell."""
    from lograph.core.model.system import parse_cell_name

    name = next((str(v) for v in system.names if parse_cell_name(str(v)) is None), "")
    return f"{what} needs a grid board (every button named r<row>c<col>); {name!r} is not one"
