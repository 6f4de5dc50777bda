"""Grid boards from a cell mask: as a `Board`, or straight as a `PressSystem` with numpy.

Grid buttons are named ``r<row>c<col>`` (0-based) and placed at ``(x, y) = (col, row)``.
A grid may lie on a surface (`lograph.core.model.surfaces`) and follow any click rule
(`lograph.core.model.stencils`); without a stencil it is the classic 4-neighbour board.
`grid_system` builds the press matrix of boards far too large for a networkx graph (10⁶
buttons) without one.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.checks import check_rule
from lograph.core.model.checks import check_states as _check_states
from lograph.core.model.convert import FOLLOW_RULE, BoardArrays, light_values
from lograph.core.model.stencils import STENCILS, Stencil, acts_on_itself, make_stencil, within
from lograph.core.model.surfaces import Surface, check_surface, stencil_edges
from lograph.core.model.system import CellNames, PressSystem

__all__ = [
    "MAX_GRAPH_BUTTONS",
    "MAX_GRAPH_EDGES",
    "MAX_SYSTEM_ENTRIES",
    "check_graph_size",
    "check_sizes",
    "from_mask",
    "grid_mask",
    "grid_system",
]

#: Largest boards the generators build as networkx graphs (a 500×500 grid takes ~10 s);
#: bigger grids are written as ASCII boards or built with `grid_system`.
MAX_GRAPH_BUTTONS = 250_000
MAX_GRAPH_EDGES = 1_000_000
#: Most entries of a press matrix `grid_system` builds (a 1000×1000 king board has 9·10⁶).
MAX_SYSTEM_ENTRIES = 50_000_000

Ints = NDArray[np.int64]


def check_graph_size(buttons: float, edges: float, what: str, hint: str = "") -> None:
    """Refuse, before building anything, a generated graph too big to build in seconds.

    Examples
    --------
    >>> check_graph_size(10**6, 2 * 10**6, "a 1000×1000 rectangle")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lograph.core.errors.BoardTooLargeError: a 1000×1000 rectangle would have 1000000 buttons ...
    """
    if buttons > MAX_GRAPH_BUTTONS or edges > MAX_GRAPH_EDGES:
        raise BoardTooLargeError(
            f"{what} would have {buttons:.0f} buttons and {edges:.0f} edges; generated graphs "
            f"are limited to {MAX_GRAPH_BUTTONS} buttons and {MAX_GRAPH_EDGES} edges{hint}"
        )


def check_sizes(**sizes: int) -> None:
    """Every keyword must be a positive integer; `BoardError` names the first that is not."""
    for label, value in sizes.items():
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
            raise BoardError(f"{label} must be a positive integer, not {value!r}")


def grid_mask(rows: int, cols: int, holes: Iterable[tuple[int, int]] | None) -> NDArray[np.bool_]:
    """The ``rows × cols`` mask with False at the holes (each checked to be on the board)."""
    mask = np.ones((rows, cols), dtype=bool)
    for r, c in holes or ():
        if not (0 <= r < rows and 0 <= c < cols):
            raise BoardError(f"hole ({r}, {c}) is outside the {rows}×{cols} board")
        mask[r, c] = False
    return mask


def _classic_edges(
    mask: NDArray[np.bool_], wrap_rows: bool, wrap_cols: bool
) -> tuple[Ints, Ints, Ints]:
    """Cell coordinates and the right/down neighbour pairs (as indices) of a masked grid."""
    rows, cols = mask.shape
    index = np.full(mask.shape, -1, dtype=np.int64)
    coords = np.argwhere(mask).astype(np.int64)
    index[coords[:, 0], coords[:, 1]] = np.arange(len(coords))
    pairs = []
    right = np.roll(index, -1, axis=1)
    if not wrap_cols:
        right[:, -1] = -1
    down = np.roll(index, -1, axis=0)
    if not wrap_rows:
        down[-1, :] = -1
    for other in (right, down):
        ok = (index >= 0) & (other >= 0) & (index != other)
        pairs.append(np.stack([index[ok], other[ok]], axis=1))
    both = np.concatenate(pairs)
    if (wrap_rows and rows <= 2) or (wrap_cols and cols <= 2):  # tiny wraps repeat pairs
        both = np.unique(np.sort(both, axis=1), axis=0)
    return coords, both[:, 0], both[:, 1]


def _surface(
    surface: str | None, shape: tuple[int, int], wrap_rows: bool, wrap_cols: bool
) -> Surface:
    if surface is None:
        return Surface("grid", wrap_cols=wrap_cols, wrap_rows=wrap_rows)
    if wrap_rows or wrap_cols:
        raise BoardError("give either a surface or wrap_rows/wrap_cols, not both")
    return check_surface(surface, *shape)


def _edges(
    mask: NDArray[np.bool_],
    surface: Surface,
    stencil: Stencil | None,
    rule: str,
) -> tuple[Ints, Ints, Ints, bool, bool]:
    """``(coords, src, dst, directed, self_acting)`` of a masked grid on a surface."""
    rule = check_rule(rule)
    twisted = surface.mirror_rows or surface.mirror_cols
    if stencil is None and not twisted:  # the classic board, as it always was built
        coords, src, dst = _classic_edges(mask, surface.wrap_rows, surface.wrap_cols)
        return coords, src, dst, False, rule == "closed"
    stencil = STENCILS["plus"] if stencil is None else make_stencil(stencil)
    coords, src, dst, directed = stencil_edges(mask, surface, stencil)
    return coords, src, dst, directed, acts_on_itself(stencil, rule)


def grid_system(
    rows: int,
    cols: int,
    *,
    mask: ArrayLike | None = None,
    wrap_rows: bool = False,
    wrap_cols: bool = False,
    surface: str | None = None,
    stencil: Stencil | None = None,
    rule: str = "closed",
    states: int = 2,
    lights: ArrayLike | None = None,
    name: str = "",
) -> PressSystem:
    """The press matrix of a (masked, wrapped or glued) grid, built without networkx.

    `mask` is a ``rows × cols`` boolean array (False = hole); `lights` gives the light of
    every button in row-major order of the kept cells. `surface` names one of
    `lograph.core.model.surfaces.SURFACES` (instead of `wrap_rows`/`wrap_cols`); `stencil` is
    the click rule (default: the classic plus; its centre and `rule` decide the self action).

    Examples
    --------
    >>> grid_system(1000, 1000).n
    1000000
    >>> grid_system(3, 3, stencil=STENCILS["knight"], rule="open").dense()[4].tolist()
    [0, 0, 0, 0, 0, 0, 0, 0, 0]
    """
    check_sizes(rows=rows, cols=cols)
    grid = np.ones((rows, cols), dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    if grid.shape != (rows, cols):
        raise BoardError(f"mask shape {grid.shape} is not {rows}×{cols}")
    place = _surface(surface, (rows, cols), wrap_rows, wrap_cols)
    reach = 5 if stencil is None else len(within(make_stencil(stencil), rows, cols))
    if int(grid.sum()) * reach > MAX_SYSTEM_ENTRIES:
        raise BoardTooLargeError(
            f"a {rows}×{cols} grid with a {reach}-cell stencil would have over "
            f"{MAX_SYSTEM_ENTRIES} press matrix entries"
        )
    coords, src, dst, directed, selfish = _edges(grid, place, stencil, rule)
    n = len(coords)
    lights_arr = None if lights is None else np.asarray(lights, dtype=np.uint8)
    return PressSystem.from_edges(
        n,
        src,
        dst,
        np.full(n, selfish, dtype=bool),
        directed=directed,
        states=states,
        lights=lights_arr,
        names=CellNames(coords),
        coords=coords,
        positions=coords[:, ::-1].astype(np.float64),
        rule="closed" if selfish else "open",
        name=name,
    )


def from_mask(
    mask: ArrayLike,
    *,
    lights: ArrayLike | None = None,
    wrap_rows: bool = False,
    wrap_cols: bool = False,
    surface: str | None = None,
    stencil: Stencil | None = None,
    rule: str = "closed",
    states: int = 2,
    name: str = "",
) -> Board:
    """A grid board of the cells where `mask` is True, joined as `stencil` presses.

    `lights` is a full ``rows × cols`` array (values at holes are ignored). Without a stencil
    the board is the classic one (4 neighbours); an asymmetric stencil makes it directed.
    """
    grid = np.asarray(mask, dtype=bool)
    if grid.ndim != 2:
        raise BoardError(f"mask must be two-dimensional, not shape {grid.shape}")
    place = _surface(surface, grid.shape, wrap_rows, wrap_cols)
    if stencil is not None:
        stencil = make_stencil(stencil)
        count, reach = int(grid.sum()), len(within(stencil, *grid.shape)) - 1
        check_graph_size(count, count * reach / 2, f"a {grid.shape[0]}×{grid.shape[1]} grid")
    light_grid = np.zeros(grid.shape, dtype=np.int64) if lights is None else np.asarray(lights)
    if light_grid.shape != grid.shape:
        raise BoardError(f"lights shape {light_grid.shape} is not the mask's {grid.shape}")
    coords, src, dst, directed, selfish = _edges(grid, place, stencil, rule)
    board_rule = rule if stencil is None else ("closed" if selfish else "open")
    arrays = BoardArrays(  # the board is built from these when first edited
        directed=directed,
        src=src,
        dst=dst,
        lights=light_values(light_grid[coords[:, 0], coords[:, 1]], _check_states(states)),
        overrides=np.full(len(coords), FOLLOW_RULE, dtype=np.int8),
        positions=coords[:, ::-1].astype(np.float64),
        coords=coords,
    )
    names = [f"r{r}c{c}" for r, c in coords.tolist()]
    return Board.from_arrays(names, arrays, rule=board_rule, states=states, name=name)
