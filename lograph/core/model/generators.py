"""Board generators: rectangles (with holes), diamonds, tori, cylinders, lattices, named graphs.

Grid-like boards name their buttons ``r<row>c<col>`` (0-based) and place them at
``(x, y) = (col, row)``. `grid_system` builds the same press matrices directly as a
`PressSystem` with numpy, for boards far too large for a networkx graph (10⁶ buttons).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import networkx as nx
import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.layout import auto_layout
from lograph.core.model.system import CellNames, PressSystem

__all__ = [
    "MAX_GRAPH_BUTTONS",
    "MAX_GRAPH_EDGES",
    "NAMED_GRAPHS",
    "check_graph_size",
    "cylinder",
    "diamond",
    "diamond_mask",
    "from_mask",
    "from_networkx",
    "grid_system",
    "hexagonal",
    "named",
    "rectangle",
    "torus",
    "triangular",
    "wayout_5x5",
]


#: Largest boards the generators build as networkx graphs (a 500×500 grid takes ~10 s);
#: bigger grids are written as ASCII boards or built with `grid_system`.
MAX_GRAPH_BUTTONS = 250_000
MAX_GRAPH_EDGES = 1_000_000


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


def _check_grid(rows: int, cols: int, what: str) -> None:
    check_graph_size(rows * cols, 2 * rows * cols, what, " (save big grids as .txt)")


def _check_size(**sizes: int) -> None:
    for label, value in sizes.items():
        if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
            raise BoardError(f"{label} must be a positive integer, not {value!r}")


def _grid_mask(rows: int, cols: int, holes: Iterable[tuple[int, int]] | None) -> NDArray[np.bool_]:
    mask = np.ones((rows, cols), dtype=bool)
    for r, c in holes or ():
        if not (0 <= r < rows and 0 <= c < cols):
            raise BoardError(f"hole ({r}, {c}) is outside the {rows}×{cols} board")
        mask[r, c] = False
    return mask


def _grid_edges(
    mask: NDArray[np.bool_], wrap_rows: bool, wrap_cols: bool
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
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


def grid_system(
    rows: int,
    cols: int,
    *,
    mask: ArrayLike | None = None,
    wrap_rows: bool = False,
    wrap_cols: bool = False,
    rule: str = "closed",
    states: int = 2,
    lights: ArrayLike | None = None,
    name: str = "",
) -> PressSystem:
    """The press matrix of a (masked, optionally wrapped) grid, built without networkx.

    `mask` is a ``rows × cols`` boolean array (False = hole); `lights` gives the light of
    every button in row-major order of the kept cells.

    Examples
    --------
    >>> grid_system(1000, 1000).n
    1000000
    """
    _check_size(rows=rows, cols=cols)
    grid = np.ones((rows, cols), dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    if grid.shape != (rows, cols):
        raise BoardError(f"mask shape {grid.shape} is not {rows}×{cols}")
    coords, src, dst = _grid_edges(grid, wrap_rows, wrap_cols)
    n = len(coords)
    self_mask = np.full(n, rule == "closed", dtype=bool)
    lights_arr = None if lights is None else np.asarray(lights, dtype=np.uint8)
    return PressSystem.from_edges(
        n,
        src,
        dst,
        self_mask,
        states=states,
        lights=lights_arr,
        names=CellNames(coords),
        coords=coords,
        positions=coords[:, ::-1].astype(np.float64),
        rule=rule,
        name=name,
    )


def from_mask(
    mask: ArrayLike,
    *,
    lights: ArrayLike | None = None,
    wrap_rows: bool = False,
    wrap_cols: bool = False,
    rule: str = "closed",
    states: int = 2,
    name: str = "",
) -> Board:
    """A grid board of the cells where `mask` is True, with 4-neighbour edges.

    `lights` is a full ``rows × cols`` array (values at holes are ignored).
    """
    grid = np.asarray(mask, dtype=bool)
    if grid.ndim != 2:
        raise BoardError(f"mask must be two-dimensional, not shape {grid.shape}")
    coords, src, dst = _grid_edges(grid, wrap_rows, wrap_cols)
    light_grid = np.zeros(grid.shape, dtype=np.int64) if lights is None else np.asarray(lights)
    if light_grid.shape != grid.shape:
        raise BoardError(f"lights shape {light_grid.shape} is not the mask's {grid.shape}")
    board = Board(rule=rule, states=states, name=name)
    names = [f"r{r}c{c}" for r, c in coords.tolist()]
    for (r, c), button in zip(coords.tolist(), names, strict=True):
        board.add_button(button, pos=(float(c), float(r)), light=int(light_grid[r, c]))
    for u, v in zip(src.tolist(), dst.tolist(), strict=True):
        board.add_edge(names[u], names[v])
    return board


def rectangle(
    rows: int,
    cols: int,
    *,
    holes: Iterable[tuple[int, int]] | None = None,
    rule: str = "closed",
    states: int = 2,
) -> Board:
    """The m×n Lights Out board, optionally with holes at the given ``(row, col)`` cells.

    Examples
    --------
    >>> len(rectangle(5, 5)), len(rectangle(5, 5, holes=[(1, 1), (2, 2), (3, 3)]))
    (25, 22)
    """
    _check_size(rows=rows, cols=cols)
    _check_grid(rows, cols, f"a {rows}×{cols} rectangle")
    name = f"{rows}x{cols}" + (" with holes" if holes else "")
    return from_mask(_grid_mask(rows, cols, holes), rule=rule, states=states, name=name)


def diamond_mask(radius: int) -> NDArray[np.bool_]:
    """Cells within Manhattan distance `radius` of the centre of a (2r+1)² grid."""
    r = np.arange(2 * radius + 1)
    return np.asarray(np.abs(r[:, None] - radius) + np.abs(r[None, :] - radius) <= radius)


def diamond(radius: int, *, rule: str = "closed", states: int = 2) -> Board:
    """The diamond of the given radius (radius 2 has 13 buttons)."""
    if isinstance(radius, bool) or not isinstance(radius, int) or radius < 0:
        raise BoardError(f"radius must be a non-negative integer, not {radius!r}")
    check_graph_size(2 * radius * (radius + 1) + 1, 4 * radius**2, f"a diamond of radius {radius}")
    return from_mask(diamond_mask(radius), rule=rule, states=states, name=f"diamond {radius}")


def torus(rows: int, cols: int, *, rule: str = "closed", states: int = 2) -> Board:
    """The m×n grid with both directions wrapped around (m, n ≥ 3)."""
    _check_size(rows=rows, cols=cols)
    if rows < 3 or cols < 3:
        raise BoardError(f"a torus needs at least 3 rows and 3 columns, not {rows}×{cols}")
    _check_grid(rows, cols, f"a {rows}×{cols} torus")
    mask = np.ones((rows, cols), dtype=bool)
    return from_mask(
        mask, wrap_rows=True, wrap_cols=True, rule=rule, states=states, name=f"torus {rows}x{cols}"
    )


def cylinder(rows: int, cols: int, *, rule: str = "closed", states: int = 2) -> Board:
    """The m×n grid with its columns wrapped around (each row is a cycle; n ≥ 3)."""
    _check_size(rows=rows, cols=cols)
    if cols < 3:
        raise BoardError(f"a cylinder needs at least 3 columns, not {cols}")
    _check_grid(rows, cols, f"a {rows}×{cols} cylinder")
    mask = np.ones((rows, cols), dtype=bool)
    return from_mask(mask, wrap_cols=True, rule=rule, states=states, name=f"cylinder {rows}x{cols}")


def _lattice(graph: nx.Graph, rule: str, states: int, name: str) -> Board:
    # networkx lattice nodes are (i, j) = (column, row) with a "pos" attribute.
    pos = nx.get_node_attributes(graph, "pos")
    order = sorted(graph.nodes(), key=lambda v: (v[1], v[0]))
    relabel = {v: f"r{v[1]}c{v[0]}" for v in order}
    g = nx.relabel_nodes(graph, relabel)
    flipped = {relabel[v]: (float(x), -float(y)) for v, (x, y) in pos.items()}
    nx.set_node_attributes(g, flipped, "pos")
    return Board.from_graph(g, rule=rule, states=states, name=name, order=relabel.values())


def hexagonal(rows: int, cols: int, *, rule: str = "closed", states: int = 2) -> Board:
    """A honeycomb of rows × cols hexagons; buttons are its vertices (degree ≤ 3)."""
    _check_size(rows=rows, cols=cols)
    buttons = 2 * (rows + 1) * (cols + 1)
    check_graph_size(buttons, 1.5 * buttons, f"a {rows}×{cols} hexagonal board")
    graph = nx.hexagonal_lattice_graph(rows, cols, with_positions=True)
    return _lattice(graph, rule, states, f"hexagonal {rows}x{cols}")


def triangular(rows: int, cols: int, *, rule: str = "closed", states: int = 2) -> Board:
    """A triangular lattice (degree ≤ 6): the board of hexagonal cells."""
    _check_size(rows=rows, cols=cols)
    buttons = (rows + 1) * (cols // 2 + 1)
    check_graph_size(buttons, 3 * buttons, f"a {rows}×{cols} triangular board")
    graph = nx.triangular_lattice_graph(rows, cols, with_positions=True)
    return _lattice(graph, rule, states, f"triangular {rows}x{cols}")


#: The holed 5×5 board of seed 003 (WayOut): holes on the diagonal cells (1,1), (2,2), (3,3).
WAYOUT_HOLES = ((1, 1), (2, 2), (3, 3))


def wayout_5x5(*, rule: str = "closed", states: int = 2) -> Board:
    """The 5×5 board with three diagonal holes from the WayOut game (22 buttons)."""
    board = rectangle(5, 5, holes=WAYOUT_HOLES, rule=rule, states=states)
    board.name = "WayOut 5x5"
    return board


def _sized(
    make: Callable[[int], nx.Graph],
    buttons: Callable[[int], int] = lambda n: n + 1,
    edges: Callable[[int], int] = lambda n: 2 * n,
) -> Callable[..., nx.Graph]:
    def build(*args: int) -> nx.Graph:
        if len(args) != 1:
            raise BoardError("this graph takes exactly one size argument")
        _check_size(size=args[0])
        n = args[0]
        check_graph_size(buttons(n), edges(n), f"the graph of size {n}")
        return make(args[0])

    return build


def _fixed(make: Callable[[], nx.Graph]) -> Callable[..., nx.Graph]:
    def build(*args: int) -> nx.Graph:
        if args:
            raise BoardError("this graph takes no size argument")
        return make()

    return build


#: Named graphs: name -> (builder taking size arguments, layout, help text).
NAMED_GRAPHS: dict[str, tuple[Callable[..., nx.Graph], str, str]] = {
    "petersen": (_fixed(nx.petersen_graph), "shell", "the Petersen graph (10 buttons)"),
    "cycle": (_sized(nx.cycle_graph), "circular", "cycle of N buttons"),
    "path": (_sized(nx.path_graph), "line", "path of N buttons"),
    "complete": (
        _sized(nx.complete_graph, edges=lambda n: n * (n - 1) // 2),
        "circular",
        "complete graph on N buttons",
    ),
    "star": (_sized(nx.star_graph), "spring", "star with N leaves"),
    "wheel": (_sized(nx.wheel_graph), "spring", "wheel with N buttons"),
    "hypercube": (
        _sized(nx.hypercube_graph, lambda d: 2 ** min(d, 64), lambda d: d * 2 ** min(d, 64) // 2),
        "spring",
        "hypercube of dimension N",
    ),
    "cube": (_fixed(nx.cubical_graph), "spring", "the cube (8 buttons)"),
    "dodecahedron": (_fixed(nx.dodecahedral_graph), "spring", "the dodecahedron (20 buttons)"),
    "icosahedron": (_fixed(nx.icosahedral_graph), "spring", "the icosahedron (12 buttons)"),
    "octahedron": (_fixed(nx.octahedral_graph), "spring", "the octahedron (6 buttons)"),
    "heawood": (_fixed(nx.heawood_graph), "spring", "the Heawood graph (14 buttons)"),
}


def _layout(graph: nx.Graph, layout: str) -> dict[object, tuple[float, float]]:
    if len(graph) == 0:
        return {}
    if layout == "shell" and len(graph) == 10:  # Petersen: outer 5-cycle, inner star
        # the first shell is the inner one: the star 5..9 inside, spokes radial (rotate=0)
        raw = nx.shell_layout(graph, [list(range(5, 10)), list(range(5))], rotate=0)
    elif layout == "circular":
        raw = nx.circular_layout(graph)
    elif layout == "line":
        raw = {v: (float(i), 0.0) for i, v in enumerate(graph.nodes())}
    elif layout == "planar":
        if not nx.is_planar(graph):
            raise BoardError("the graph is not planar; use the spring layout")
        raw = nx.planar_layout(graph)
    elif layout == "spring":
        raw = auto_layout(graph, seed=7)
    else:
        raise BoardError(f"layout {layout!r} is not spring, planar, circular, shell or line")
    scale = 1.0 if layout == "line" else max(2.0, len(graph) ** 0.5)
    return {v: (float(x) * scale, -float(y) * scale) for v, (x, y) in raw.items()}


def named(name: str, *args: int, rule: str = "closed", states: int = 2) -> Board:
    """A named graph as a board, e.g. ``named("petersen")`` or ``named("cycle", 7)``."""
    if name not in NAMED_GRAPHS:
        raise BoardError(f"unknown graph {name!r}; choose from {', '.join(NAMED_GRAPHS)}")
    build, layout, _ = NAMED_GRAPHS[name]
    graph = build(*args)
    if any(isinstance(v, tuple) for v in graph):  # hypercube nodes are bit tuples
        graph = nx.relabel_nodes(graph, {v: "".join(map(str, v)) for v in graph})
    label = name if not args else f"{name} {' '.join(map(str, args))}"
    return from_networkx(graph, layout=layout, rule=rule, states=states, name=label)


def from_networkx(
    graph: nx.Graph,
    *,
    layout: str = "spring",
    rule: str = "closed",
    states: int = 2,
    name: str = "",
) -> Board:
    """Any networkx graph as a board, placed by a layout (spring, planar, circular …)."""
    nodes = list(graph.nodes())
    pos = None if all("pos" in graph.nodes[v] for v in nodes) else _layout(graph, layout)
    return Board.from_graph(graph, rule=rule, states=states, name=name, pos=pos, order=nodes)
