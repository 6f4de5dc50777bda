"""Board transforms: new lights made from the current ones, as LightsOutWeb's buttons and
keys make them, on any board where they mean something.

Each transform returns a new lights array in button order (the board is never changed here):

================  ========================================================================
transform         new light of each button (k states)
================  ========================================================================
``invert``        ``x + 1 mod k``: LightsOutWeb's invert (key I); for k = 2 every light flips
``complement``    ``k - 1 - x``: the dark and lit states swap places (the goal "off"
                  becomes the goal "on", and a board solvable to one is solvable to the
                  other); for k = 2 the same as ``invert``
``rotate``        every non-zero light one state on, ``x mod (k - 1) + 1``, zeros kept:
                  LightsOutWeb's domain rotation (Shift+I); nothing changes for k = 2
``scramble``      random presses added to the lights (each button a uniform 0..k-1 times):
                  the position stays in its world, so it is solvable exactly when it was
``shift-left``    every light one cell left, the leftmost column coming back on the right
``shift-right``   … one cell right (the arrow keys of LightsOutWeb)
``shift-up``      … one row up, the top row coming back at the bottom
``shift-down``    … one row down
================  ========================================================================

The shifts need a grid board whose cells fill their bounding rectangle (every button named
``r<row>c<col>``, no holes): they wrap around as on a torus, as LightsOutWeb wraps on every
board, whatever the board's own gluing (on a Möbius strip too, where it is a plain wrap, not
the strip's twisted one). A board with holes is refused rather than shifted partly: a light
moved into a hole would be lost, so shifting back would not restore the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError
from lograph.core.model.cells import grid_cells, not_a_grid
from lograph.core.model.presets import Seed, as_system
from lograph.core.model.system import PressSystem

if TYPE_CHECKING:
    from lograph.core.model.board import Board

__all__ = ["SHIFTS", "TRANSFORMS", "transform_lights", "transform_problem"]

Lights = NDArray[np.uint8]

#: Where each shift moves a light: ``(rows, columns)`` added to its cell, wrapping around.
SHIFTS = {
    "shift-left": (0, -1),
    "shift-right": (0, 1),
    "shift-up": (-1, 0),
    "shift-down": (1, 0),
}

#: The transform names.
TRANSFORMS = ("invert", "complement", "rotate", "scramble", *SHIFTS)


def transform_lights(board: Board | PressSystem, name: str, *, seed: Seed = None) -> Lights:
    """The lights transform `name` makes of `board`'s lights, in button order (the board is
    not changed).

    Parameters
    ----------
    board : Board or PressSystem
        The board, with its current lights.
    name : str
        One of `TRANSFORMS`.
    seed : int or numpy.random.Generator, optional
        The randomness of ``scramble`` (None: fresh entropy).

    Returns
    -------
    ndarray of uint8

    Raises
    ------
    BoardError
        For an unknown name, or a shift of a board that is not a full grid rectangle (the
        message says why, as `transform_problem` does).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> board = rectangle(1, 4, states=4)
    >>> board.set_lights([0, 1, 2, 3])
    >>> [transform_lights(board, name).tolist() for name in ("invert", "rotate", "shift-left")]
    [[1, 2, 3, 0], [0, 2, 3, 1], [1, 2, 3, 0]]
    """
    system = as_system(board)
    problem = transform_problem(system, name)
    if problem is not None:
        raise BoardError(problem)
    lights = system.lights.astype(np.int64)
    k = system.states
    if name in SHIFTS:
        return _shift(system, SHIFTS[name])
    if name == "scramble":
        presses = np.random.default_rng(seed).integers(0, k, system.n, dtype=np.int64)
        new = lights + system.apply(presses)
    else:
        new = _VALUE_MAPS[name](lights, k)
    return (new % k).astype(np.uint8)


def transform_problem(board: Board | PressSystem, name: str) -> str | None:
    """Why transform `name` has no meaning on `board`, or None when it has one (a window
    greys out its menu entry and shows the reason).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> transform_problem(rectangle(3, 3, holes=[(1, 1)]), "shift-up")
    'shift-up needs a full rectangle of grid cells, and r1c1 is a hole'
    """
    if name not in TRANSFORMS:
        raise BoardError(f"unknown transform {name!r}; choose from {', '.join(TRANSFORMS)}")
    system = as_system(board)
    if name not in SHIFTS or system.n == 0:
        return None
    cells = grid_cells(system)
    if cells is None:
        return not_a_grid(system, name)
    hole = cells.hole()
    if hole is not None:
        return f"{name} needs a full rectangle of grid cells, and {hole} is a hole"
    return None


_VALUE_MAPS: dict[str, Callable[[NDArray[np.int64], int], NDArray[np.int64]]] = {
    "invert": lambda x, k: x + 1,
    "complement": lambda x, k: k - 1 - x,
    "rotate": lambda x, k: np.where(x == 0, 0, x % (k - 1) + 1),
}


def _shift(system: PressSystem, step: tuple[int, int]) -> Lights:
    cells = grid_cells(system)
    if cells is None:  # no buttons (transform_problem refused every other board)
        return system.lights.copy()
    picture = np.zeros(cells.shape, dtype=np.uint8)
    picture[cells.rows, cells.cols] = system.lights
    moved = np.roll(picture, step, axis=(0, 1))
    return np.asarray(moved[cells.rows, cells.cols], dtype=np.uint8)
