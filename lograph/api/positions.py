"""New positions for a board: LightsOutWeb's presets and transforms, each returning a new
`Board` (the input is never changed). The patterns and their meaning off grids are those of
`lograph.core.model.presets` and `lograph.core.model.transforms`."""

from __future__ import annotations

from typing import Any

import numpy as np

from lograph.api.inputs import board as as_board
from lograph.core.model.board import Board
from lograph.core.model.presets import preset_lights
from lograph.core.model.transforms import transform_lights

__all__ = ["preset", "transform"]


def _new_board(obj: Any) -> Board:
    """A board of its own for `obj`: a copy of a given `Board`, else the one made."""
    made = as_board(obj)
    return made.copy() if made is obj else made


def preset(
    obj: Any, name: str, *, seed: int | np.random.Generator | None = None, goal: str = "off"
) -> Board:
    """The board with the lights of a LightsOutWeb preset (lit means the light k-1).

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path. A Board
        given is not changed.
    name : str
        ``"lit"``, ``"unlit"``, ``"corners"``, ``"border"``, ``"checkers"`` (odd rows,
        even columns), ``"chessboard"`` (row + column odd), ``"random"`` or
        ``"random-solvable"`` (random presses from the goal: solvable by construction for
        any k). Corners and checkers need a grid board (buttons named ``r<row>c<col>``,
        surfaces included); off grids, border is the buttons of fewer neighbours than the
        most any has, and chessboard the two colours of a bipartite board.
    seed : int or numpy.random.Generator, optional
        The randomness of the random presets (None: fresh entropy).
    goal : {"off", "on"}
        The goal ``"random-solvable"`` positions are solvable to.

    Returns
    -------
    Board
        A new board: the same buttons, edges, rule and states, with the preset's lights.

    Raises
    ------
    BoardError
        For an unknown name, or a preset that has no meaning on this board (corners of a
        graph without a grid, a chessboard of a board with an odd cycle): the message
        says why.

    Examples
    --------
    >>> import lograph as lo
    >>> lo.preset(lo.rectangle(3, 4), "chessboard").lights().reshape(3, 4).tolist()
    [[0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 1]]
    >>> lo.is_solvable(lo.preset(lo.rectangle(5, 5), "random-solvable", seed=1))
    True
    """
    new = _new_board(obj)
    new.set_lights(preset_lights(new, name, seed=seed, goal=goal))
    return new


def transform(obj: Any, name: str, *, seed: int | np.random.Generator | None = None) -> Board:
    """The board with its lights transformed as LightsOutWeb's buttons and keys do.

    Parameters
    ----------
    obj : board-like
        Anything `lograph.board` accepts: a Board, a PressSystem, a networkx graph, an
        adjacency matrix, a graph6 string, an edge list or a board file's path. A Board
        given is not changed.
    name : str
        ``"invert"`` (every light x + 1 mod k), ``"complement"`` (k - 1 - x: the goals
        off and on swap), ``"rotate"`` (every non-zero light one state on, k - 1 back to 1,
        zeros kept), ``"scramble"`` (random presses added: the position stays in its
        world), or ``"shift-left"``, ``"shift-right"``, ``"shift-up"``, ``"shift-down"``
        (every light one cell over, wrapping around; a full rectangle of grid cells only).
    seed : int or numpy.random.Generator, optional
        The randomness of ``"scramble"`` (None: fresh entropy).

    Returns
    -------
    Board
        A new board: the same buttons, edges, rule and states, with the new lights.

    Raises
    ------
    BoardError
        For an unknown name, or a shift of a board that is not a full grid rectangle (the
        message names a hole or a button that is not a grid cell).

    Examples
    --------
    >>> import lograph as lo
    >>> b = lo.board(lo.rectangle(1, 4, states=3), lights=[0, 1, 2, 0])
    >>> [lo.transform(b, n).lights().tolist() for n in ("invert", "rotate", "shift-right")]
    [[1, 2, 0, 1], [0, 2, 1, 0], [0, 0, 1, 2]]
    """
    new = _new_board(obj)
    new.set_lights(transform_lights(new, name, seed=seed))
    return new
