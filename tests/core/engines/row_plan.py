"""The plain row-by-row chase plan of a full rectangle, built vectorised.

`lograph.core.chase.plan.chase_plan` is the heuristic the engine uses on every board; this is the
textbook plan (row by row) it must never do worse than: a reference for the tests only.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.chase.plan import ChasePlan
from lograph.core.errors import BoardError
from lograph.core.model.system import PressSystem

__all__ = ["row_plan"]

I64 = NDArray[np.int64]


def _full_grid(system: PressSystem) -> tuple[int, int, I64] | None:
    """``(rows, cols, index)`` when the buttons are exactly the cells of a rectangle."""
    coords = system.coords
    if coords is None or system.n == 0:
        return None
    rows, cols = (int(v) + 1 for v in coords.max(axis=0))
    if coords.min() < 0 or rows * cols != system.n:
        return None
    index = np.full((rows, cols), -1, dtype=np.int64)
    index[coords[:, 0], coords[:, 1]] = np.arange(system.n)
    if (index < 0).any():
        return None
    return rows, cols, index


def row_plan(system: PressSystem) -> ChasePlan:
    """The classic chase on a full m×n grid: free the shorter side's first line, force the
    rest line by line; the last line holds the check lights (min(m, n) free buttons).

    Only valid when pressing a cell changes the cell beyond it (4-neighbour grids, closed or
    open rule, undirected).

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> row_plan(grid_system(3, 5)).free_count
    3
    """
    grid = _full_grid(system)
    if grid is None:
        raise BoardError("a row-by-row chase needs a full rectangular grid board")
    _, cols, index = grid
    if cols > index.shape[0]:
        index = index.T  # chase along the longer side: fewer free buttons
    free = index[0]
    forced = index[1:].ravel()
    forcing = index[:-1].ravel()
    buttons = np.concatenate([free, forced])
    lights = np.concatenate([np.full(len(free), -1, dtype=np.int64), forcing])
    return ChasePlan(buttons=buttons, lights=lights, check=index[-1].copy())
