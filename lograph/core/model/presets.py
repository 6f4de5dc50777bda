"""Position presets: the starting lights LightsOutWeb offers, on any board where they mean
something.

Each preset returns a new lights array in button order (the board is never changed here).
"Lit" means the light k-1, as in LightsOutWeb and as the goal "on" (`Ring.target`):

==================  ======================================================================
preset              lights (k-1 where lit, 0 elsewhere)
==================  ======================================================================
``lit``             every light
``unlit``           none
``corners``         the four corner cells of the grid's bounding rectangle (those that are
                    buttons); refused when all four are holes (a diamond)
``border``          grids: every cell next to the outside of the board (an orthogonal
                    neighbour cell that is neither a button nor enclosed by buttons): the
                    frame of a rectangle, the outline of a diamond; the rims of holes inside
                    the board stay dark. Other boards: the buttons of fewer neighbours than
                    the most any button has; refused when every button has as many
                    neighbours (a cycle, the Petersen graph)
``checkers``        every other cell of every other row: odd rows, even columns (rows and
                    columns counted from 0 at the grid's top left)
``chessboard``      cells whose row + column is odd (the top-left cell dark). Other
                    boards: the two colours of a bipartite board, each connected part's
                    first button dark; refused on a board with an odd cycle
``random``          each light uniform in 0..k-1
``random-solvable`` random presses applied to the dark board (each button pressed 0..k-1
                    times, uniformly): a position the goal is reached from by construction,
                    for any k, prime or not, and uniform over all such positions
==================  ======================================================================

Grids are boards whose every button is named ``r<row>c<col>`` (`lograph.core.model.cells`),
surfaces included: a torus gets the rectangle's border, as in LightsOutWeb. ``corners`` and
``checkers`` are refused on other boards, which have no corners or rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError
from lograph.core.model.cells import GridCells, grid_cells, not_a_grid
from lograph.core.model.system import PressSystem

if TYPE_CHECKING:
    from lograph.core.model.board import Board

__all__ = [
    "PRESETS",
    "Seed",
    "as_system",
    "preset_lights",
    "preset_problem",
    "random_solvable",
]

Lights = NDArray[np.uint8]
Seed = int | np.random.Generator | None

#: The preset names, in LightsOutWeb's menu order.
PRESETS = (
    "lit",
    "unlit",
    "corners",
    "border",
    "checkers",
    "chessboard",
    "random",
    "random-solvable",
)


def as_system(board: Board | PressSystem) -> PressSystem:
    """The press system of `board` (a `PressSystem` as it is). The board module is not
    imported here, so the command line's parser reads the names without loading it."""
    return board if isinstance(board, PressSystem) else board.to_system()


def preset_lights(
    board: Board | PressSystem, name: str, *, seed: Seed = None, goal: str = "off"
) -> Lights:
    """The lights of preset `name` on `board`, in button order (the board is not changed).

    Parameters
    ----------
    board : Board or PressSystem
        The board: its buttons, grid cells and press matrix (its lights are not read).
    name : str
        One of `PRESETS`.
    seed : int or numpy.random.Generator, optional
        The randomness of ``random`` and ``random-solvable`` (None: fresh entropy).
    goal : {"off", "on"}
        The goal ``random-solvable`` is solvable to (the other presets ignore it).

    Returns
    -------
    ndarray of uint8

    Raises
    ------
    BoardError
        For an unknown name, or a preset that has no meaning on this board (the message
        says why, as `preset_problem` does).

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> preset_lights(rectangle(3, 3, states=3), "corners").reshape(3, 3).tolist()
    [[2, 0, 2], [0, 0, 0], [2, 0, 2]]
    """
    system = as_system(board)
    make = _maker(name)
    problem = _problem(system, name)
    if problem is not None:
        raise BoardError(problem)
    if system.n == 0:
        return np.zeros(0, dtype=np.uint8)
    if name == "random":
        return np.random.default_rng(seed).integers(0, system.states, system.n, dtype=np.uint8)
    if name == "random-solvable":
        return random_solvable(system, seed=seed, goal=goal)
    lit = make(system)
    return np.where(lit, system.states - 1, 0).astype(np.uint8)


def preset_problem(board: Board | PressSystem, name: str) -> str | None:
    """Why preset `name` has no meaning on `board`, or None when it has one (a window
    greys out its menu entry and shows the reason).

    Examples
    --------
    >>> from lograph.core.model.generators import diamond, named
    >>> preset_problem(diamond(2), "corners")
    'no corners: the four corner cells of the 5×5 rectangle around the board are holes'
    >>> preset_problem(named("petersen"), "border") is None
    False
    """
    _maker(name)
    return _problem(as_system(board), name)


def random_solvable(board: Board | PressSystem, *, seed: Seed = None, goal: str = "off") -> Lights:
    """Lights reached by pressing random buttons from the goal: each button pressed a
    uniform 0..k-1 times, so the goal is reached back by construction (pressing each
    button k - x times more), for any k. The lights are uniform over the solvable
    positions: the press matrix maps a uniform press vector to a uniform point of its
    image."""
    system = as_system(board)
    if goal not in ("off", "on"):
        raise BoardError(f"goal {goal!r} is not 'off' or 'on'")
    presses = np.random.default_rng(seed).integers(0, system.states, system.n, dtype=np.int64)
    start = 0 if goal == "off" else system.states - 1
    return ((start + system.apply(presses)) % system.states).astype(np.uint8)


# ------------------------------------------------------------------------ the patterns
Pattern = Callable[[PressSystem], NDArray[np.bool_]]


def _maker(name: str) -> Pattern:
    if name not in PRESETS:
        raise BoardError(f"unknown preset {name!r}; choose from {', '.join(PRESETS)}")
    return _PATTERNS.get(name, _nothing)


def _nothing(system: PressSystem) -> NDArray[np.bool_]:
    return np.zeros(system.n, dtype=bool)


def _problem(system: PressSystem, name: str) -> str | None:
    """Why `name` means nothing on `system` (None: it does; on a board without buttons
    every preset is the empty array)."""
    if system.n == 0:
        return None
    cells = grid_cells(system)
    if name in ("corners", "checkers") and cells is None:
        return not_a_grid(system, name)
    if name == "corners" and cells is not None and not _corners(cells).any():
        rows, cols = cells.shape
        return (
            f"no corners: the four corner cells of the {rows}×{cols} rectangle around the "
            "board are holes"
        )
    if name == "border" and cells is None:
        degree = _degrees(system)
        if degree.min() == degree.max():
            return (
                "no border: every button has as many neighbours as any other, and the board "
                "is not a grid (buttons named r<row>c<col>)"
            )
    if name == "chessboard" and cells is None and _two_colours(system) is None:
        return (
            "no chessboard: the board has an odd cycle, so no two colours make every "
            "pair of neighbours unlike, and it is not a grid (buttons named r<row>c<col>)"
        )
    return None


def _corners(cells: GridCells) -> NDArray[np.bool_]:
    rows, cols = cells.shape
    return np.isin(cells.rows, (0, rows - 1)) & np.isin(cells.cols, (0, cols - 1))


def _corners_of(system: PressSystem) -> NDArray[np.bool_]:
    cells = grid_cells(system)
    assert cells is not None  # _problem refused
    return _corners(cells)


def _border(system: PressSystem) -> NDArray[np.bool_]:
    cells = grid_cells(system)
    if cells is None:
        degree = _degrees(system)
        return np.asarray(degree < degree.max())
    from scipy import ndimage

    # The outside: the cells without a button that the frame around the bounding
    # rectangle reaches through other such cells (orthogonal steps); holes enclosed by
    # buttons are not outside.
    padded = np.pad(cells.mask(), 1)
    labels, _ = ndimage.label(~padded)
    outside = labels == labels[0, 0]
    r, c = cells.rows + 1, cells.cols + 1
    return np.asarray(outside[r - 1, c] | outside[r + 1, c] | outside[r, c - 1] | outside[r, c + 1])


def _checkers(system: PressSystem) -> NDArray[np.bool_]:
    cells = grid_cells(system)
    assert cells is not None  # _problem refused
    return np.asarray((cells.rows % 2 == 1) & (cells.cols % 2 == 0))


def _chessboard(system: PressSystem) -> NDArray[np.bool_]:
    cells = grid_cells(system)
    if cells is not None:
        return np.asarray((cells.rows + cells.cols) % 2 == 1)
    colours = _two_colours(system)
    assert colours is not None  # _problem refused
    return colours


_PATTERNS: dict[str, Pattern] = {
    "lit": lambda system: np.ones(system.n, dtype=bool),
    "corners": _corners_of,
    "border": _border,
    "checkers": _checkers,
    "chessboard": _chessboard,
}


# ------------------------------------------------------------------- graph structure
def _neighbour_pairs(system: PressSystem) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """``(owner, other)``: every pair of neighbours in either direction, both ways round,
    sorted by owner, without a button paired with itself and without repeats."""
    n = system.n
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(system.indptr))
    dst = system.indices.astype(np.int64)
    keep = src != dst
    a, b = src[keep], dst[keep]
    keys = np.sort(np.concatenate([a * n + b, b * n + a]))
    # sorted, then repeats dropped: numpy's own unique hashes and was 20 times slower here
    keys = keys[np.concatenate([[True], keys[1:] != keys[:-1]])] if len(keys) else keys
    owner, other = np.divmod(keys, max(n, 1))
    return owner, other


def _degrees(system: PressSystem) -> NDArray[np.int64]:
    """How many other buttons each button is joined to, in either direction."""
    owner, _ = _neighbour_pairs(system)
    return np.bincount(owner, minlength=system.n)


def _two_colours(system: PressSystem) -> NDArray[np.bool_] | None:
    """A colouring in which no two neighbours are alike (each connected part's first button
    False), or None when the board has an odd cycle.

    Read from the bipartite double cover (button v as v and v + n, each edge joining the two
    copies crosswise): a connected part is bipartite exactly when its copies of a button lie
    in different parts of the cover, and then v's colour says whether v + 0 shares a part
    with the first button's copy 0. Two calls to scipy's connected components, no Python
    loop over buttons.
    """
    from scipy.sparse import coo_array
    from scipy.sparse.csgraph import connected_components

    n = system.n
    owner, other = _neighbour_pairs(system)
    ones = np.ones(len(owner), dtype=np.int8)
    graph = coo_array((ones, (owner, other)), shape=(n, n))
    _, part = connected_components(graph, directed=False)
    cover = coo_array(
        (
            np.concatenate([ones, ones]),
            (np.concatenate([owner, owner + n]), np.concatenate([other + n, other])),
        ),
        shape=(2 * n, 2 * n),
    )
    _, side = connected_components(cover, directed=False)
    if np.any(side[:n] == side[n:]):
        return None
    _, first = np.unique(part, return_index=True)  # each part's first button, in order
    return np.asarray(side[:n] != side[first[part]])
