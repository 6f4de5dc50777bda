"""Board generators: rectangles (with holes), diamonds, grids on surfaces (torus, cylinder,
Möbius strip, Klein bottle, projective plane), lattices, named graphs.

Grid-like boards name their buttons ``r<row>c<col>`` (0-based) and place them at
``(x, y) = (col, row)``; every grid generator takes a `stencil` (the click rule, see
`lograph.core.model.stencils`). `grid_system` builds the same press matrices directly as a
`PressSystem` with numpy, for boards far too large for a networkx graph (10⁶ buttons).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.grids import (
    MAX_GRAPH_BUTTONS,
    MAX_GRAPH_EDGES,
    check_graph_size,
    check_sizes,
    from_mask,
    grid_mask,
    grid_system,
)
from lograph.core.model.layout import auto_layout
from lograph.core.model.stencils import STENCILS, Stencil, make_stencil, stencil_text, within
from lograph.core.model.surfaces import check_surface

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "MAX_GRAPH_BUTTONS",
    "MAX_GRAPH_EDGES",
    "NAMED_GRAPHS",
    "STENCILS",
    "check_graph_size",
    "cylinder",
    "diamond",
    "diamond_mask",
    "from_mask",
    "from_networkx",
    "geometric",
    "grid_system",
    "hexagonal",
    "klein",
    "mobius",
    "named",
    "projective",
    "random_graph",
    "rectangle",
    "surface_grid",
    "torus",
    "triangular",
    "wayout_5x5",
]


def _check_grid(rows: int, cols: int, what: str, stencil: Stencil | None = None) -> None:
    reach = 2 if stencil is None else max(len(within(make_stencil(stencil), rows, cols)) - 1, 1) / 2
    hint = " (save big grids as .txt)" if stencil is None else ""
    check_graph_size(rows * cols, reach * rows * cols, what, hint)


def _label(base: str, stencil: Stencil | None) -> str:
    """A board name: the shape, then the click rule when it is not the classic one."""
    if stencil is None:
        return base
    text = stencil_text(make_stencil(stencil))
    return f"{base} {text}" if len(text) <= 40 else f"{base} custom rule"


def rectangle(
    rows: int,
    cols: int,
    *,
    holes: Iterable[tuple[int, int]] | None = None,
    rule: str = "closed",
    states: int = 2,
    stencil: Stencil | str | None = None,
) -> Board:
    """The m×n Lights Out board, optionally with holes at the given ``(row, col)`` cells.

    Parameters
    ----------
    rows, cols : int
        The grid's size; buttons are named ``r<row>c<col>``, counted from 0.
    holes : iterable of (int, int), optional
        Cells left without a button.
    rule : {"closed", "open"}
        Whether a press changes its own light (closed, the classic game) or only its
        neighbours' (open).
    states : int
        Number of light states k (2..255); a press adds 1 mod k.
    stencil : str or sequence of (int, int), optional
        The click rule: which cells a press changes, as a preset name (``"plus"``, ``"x"``,
        ``"king"``, ``"knight"``, ``"plus2"``, ``"rowcol"``), as offsets ``"DR,DC DR,DC
        ..."`` (the centre ``0,0`` is the self action) or as ``(dr, dc)`` pairs; default
        the four orthogonal neighbours.

    Returns
    -------
    Board

    Examples
    --------
    >>> len(rectangle(5, 5)), len(rectangle(5, 5, holes=[(1, 1), (2, 2), (3, 3)]))
    (25, 22)
    >>> rectangle(3, 3, stencil="king").targets("r0c0")
    ['r0c0', 'r0c1', 'r1c0', 'r1c1']
    """
    check_sizes(rows=rows, cols=cols)
    stencil = None if stencil is None else make_stencil(stencil)
    _check_grid(rows, cols, f"a {rows}×{cols} rectangle", stencil)
    name = _label(f"{rows}x{cols}" + (" with holes" if holes else ""), stencil)
    mask = grid_mask(rows, cols, holes)
    return from_mask(mask, rule=rule, states=states, name=name, stencil=stencil)


def diamond_mask(radius: int) -> NDArray[np.bool_]:
    """Cells within Manhattan distance `radius` of the centre of a (2r+1)² grid."""
    r = np.arange(2 * radius + 1)
    return np.asarray(np.abs(r[:, None] - radius) + np.abs(r[None, :] - radius) <= radius)


def diamond(
    radius: int, *, rule: str = "closed", states: int = 2, stencil: Stencil | str | None = None
) -> Board:
    """The diamond of the given radius (radius 2 has 13 buttons).

    Parameters
    ----------
    radius : int
        The cells within this Manhattan distance of the centre of a (2r+1)² grid.
    rule : {"closed", "open"}
        Whether a press changes its own light (closed, the classic game) or only its
        neighbours' (open).
    states : int
        Number of light states k (2..255); a press adds 1 mod k.
    stencil : str or sequence of (int, int), optional
        The click rule: which cells a press changes, as a preset name (``"plus"``, ``"x"``,
        ``"king"``, ``"knight"``, ``"plus2"``, ``"rowcol"``), as offsets ``"DR,DC DR,DC
        ..."`` (the centre ``0,0`` is the self action) or as ``(dr, dc)`` pairs; default
        the four orthogonal neighbours.

    Returns
    -------
    Board
    """
    if isinstance(radius, bool) or not isinstance(radius, int) or radius < 0:
        raise BoardError(f"radius must be a non-negative integer, not {radius!r}")
    check_graph_size(2 * radius * (radius + 1) + 1, 4 * radius**2, f"a diamond of radius {radius}")
    stencil = None if stencil is None else make_stencil(stencil)
    name = _label(f"diamond {radius}", stencil)
    return from_mask(diamond_mask(radius), rule=rule, states=states, name=name, stencil=stencil)


def surface_grid(
    surface: str,
    rows: int,
    cols: int,
    *,
    rule: str = "closed",
    states: int = 2,
    stencil: Stencil | str | None = None,
) -> Board:
    """The m×n grid on a surface of `lograph.core.model.surfaces.SURFACES` (torus, mobius …).

    Examples
    --------
    >>> board = surface_grid("mobius", 3, 4)
    >>> board.name, board.neighbors("r0c3")
    ('mobius 3x4', ['r0c2', 'r1c3', 'r2c0'])
    """
    check_sizes(rows=rows, cols=cols)
    check_surface(surface, rows, cols)
    stencil = None if stencil is None else make_stencil(stencil)
    _check_grid(rows, cols, f"a {rows}×{cols} {surface}", stencil)
    mask = np.ones((rows, cols), dtype=bool)
    name = _label(f"{surface} {rows}x{cols}", stencil)
    return from_mask(mask, surface=surface, rule=rule, states=states, name=name, stencil=stencil)


def torus(rows: int, cols: int, **options: Any) -> Board:
    """The m×n grid with both directions wrapped around (m, n ≥ 3).

    Parameters
    ----------
    rows, cols : int
        The grid's size; buttons are named ``r<row>c<col>``, counted from 0.
    **options
        ``rule``, ``states`` and ``stencil``, as for `rectangle`.

    Returns
    -------
    Board
    """
    return surface_grid("torus", rows, cols, **options)


def cylinder(rows: int, cols: int, **options: Any) -> Board:
    """The m×n grid with its columns wrapped around (each row is a cycle; n ≥ 3).

    Parameters
    ----------
    rows, cols : int
        The grid's size; buttons are named ``r<row>c<col>``, counted from 0.
    **options
        ``rule``, ``states`` and ``stencil``, as for `rectangle`.

    Returns
    -------
    Board
    """
    return surface_grid("cylinder", rows, cols, **options)


def mobius(rows: int, cols: int, **options: Any) -> Board:
    """The m×n Möbius strip: rows wrap with a half twist (n ≥ 3).

    Parameters
    ----------
    rows, cols : int
        The grid's size; buttons are named ``r<row>c<col>``, counted from 0.
    **options
        ``rule``, ``states`` and ``stencil``, as for `rectangle`.

    Returns
    -------
    Board
    """
    return surface_grid("mobius", rows, cols, **options)


def klein(rows: int, cols: int, **options: Any) -> Board:
    """The m×n Klein bottle: rows wrap with a half twist, columns plainly (m, n ≥ 3).

    Parameters
    ----------
    rows, cols : int
        The grid's size; buttons are named ``r<row>c<col>``, counted from 0.
    **options
        ``rule``, ``states`` and ``stencil``, as for `rectangle`.

    Returns
    -------
    Board
    """
    return surface_grid("klein", rows, cols, **options)


def projective(rows: int, cols: int, **options: Any) -> Board:
    """The m×n projective plane: rows and columns both wrap with a half twist (m, n ≥ 3).

    Parameters
    ----------
    rows, cols : int
        The grid's size; buttons are named ``r<row>c<col>``, counted from 0.
    **options
        ``rule``, ``states`` and ``stencil``, as for `rectangle`.

    Returns
    -------
    Board
    """
    return surface_grid("projective", rows, cols, **options)


def _lattice(graph: nx.Graph, rule: str, states: int, name: str) -> Board:
    # networkx lattice nodes are (i, j) = (column, row) with a "pos" attribute.
    import networkx as nx

    pos = nx.get_node_attributes(graph, "pos")
    order = sorted(graph.nodes(), key=lambda v: (v[1], v[0]))
    relabel = {v: f"r{v[1]}c{v[0]}" for v in order}
    g = nx.relabel_nodes(graph, relabel)
    flipped = {relabel[v]: (float(x), -float(y)) for v, (x, y) in pos.items()}
    nx.set_node_attributes(g, flipped, "pos")
    return Board.from_graph(g, rule=rule, states=states, name=name, order=relabel.values())


def hexagonal(rows: int, cols: int, *, rule: str = "closed", states: int = 2) -> Board:
    """A honeycomb of rows × cols hexagons; buttons are its vertices (degree ≤ 3).

    Parameters
    ----------
    rows, cols : int
        The lattice's size in cells (networkx's own sizes); buttons are named
        ``r<row>c<col>`` by position.
    rule : {"closed", "open"}
        Whether a press changes its own light (closed, the classic game) or only its
        neighbours' (open).
    states : int
        Number of light states k (2..255); a press adds 1 mod k.

    Returns
    -------
    Board
    """
    import networkx as nx

    check_sizes(rows=rows, cols=cols)
    buttons = 2 * (rows + 1) * (cols + 1)
    check_graph_size(buttons, 1.5 * buttons, f"a {rows}×{cols} hexagonal board")
    graph = nx.hexagonal_lattice_graph(rows, cols, with_positions=True)
    return _lattice(graph, rule, states, f"hexagonal {rows}x{cols}")


def triangular(rows: int, cols: int, *, rule: str = "closed", states: int = 2) -> Board:
    """A triangular lattice (degree ≤ 6): the board of hexagonal cells.

    Parameters
    ----------
    rows, cols : int
        The lattice's size in cells (networkx's own sizes); buttons are named
        ``r<row>c<col>`` by position.
    rule : {"closed", "open"}
        Whether a press changes its own light (closed, the classic game) or only its
        neighbours' (open).
    states : int
        Number of light states k (2..255); a press adds 1 mod k.

    Returns
    -------
    Board
    """
    import networkx as nx

    check_sizes(rows=rows, cols=cols)
    buttons = (rows + 1) * (cols // 2 + 1)
    check_graph_size(buttons, 3 * buttons, f"a {rows}×{cols} triangular board")
    graph = nx.triangular_lattice_graph(rows, cols, with_positions=True)
    return _lattice(graph, rule, states, f"triangular {rows}x{cols}")


#: The holed 5×5 board of the WayOut game: holes on the diagonal cells (1,1), (2,2), (3,3).
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
        check_sizes(size=args[0])
        n = args[0]
        check_graph_size(buttons(n), edges(n), f"the graph of size {n}")
        return make(args[0])

    return build


def _networkx(name: str) -> Callable[..., nx.Graph]:
    """networkx's graph generator `name`, imported on first call (not at start-up)."""

    def make(*args: int) -> nx.Graph:
        import networkx

        graph: nx.Graph = getattr(networkx, name)(*args)
        return graph

    return make


def _fixed(make: Callable[[], nx.Graph]) -> Callable[..., nx.Graph]:
    def build(*args: int) -> nx.Graph:
        if args:
            raise BoardError("this graph takes no size argument")
        return make()

    return build


#: Named graphs: name -> (builder taking size arguments, layout, help text).
NAMED_GRAPHS: dict[str, tuple[Callable[..., nx.Graph], str, str]] = {
    "petersen": (_fixed(_networkx("petersen_graph")), "shell", "the Petersen graph (10 buttons)"),
    "cycle": (_sized(_networkx("cycle_graph")), "circular", "cycle of N buttons"),
    "path": (_sized(_networkx("path_graph")), "line", "path of N buttons"),
    "complete": (
        _sized(_networkx("complete_graph"), edges=lambda n: n * (n - 1) // 2),
        "circular",
        "complete graph on N buttons",
    ),
    "star": (_sized(_networkx("star_graph")), "spring", "star with N leaves"),
    "wheel": (_sized(_networkx("wheel_graph")), "spring", "wheel with N buttons"),
    "hypercube": (
        _sized(
            _networkx("hypercube_graph"),
            lambda d: 2 ** min(d, 64),
            lambda d: d * 2 ** min(d, 64) // 2,
        ),
        "spring",
        "hypercube of dimension N",
    ),
    "cube": (_fixed(_networkx("cubical_graph")), "spring", "the cube (8 buttons)"),
    "dodecahedron": (
        _fixed(_networkx("dodecahedral_graph")),
        "spring",
        "the dodecahedron (20 buttons)",
    ),
    "icosahedron": (
        _fixed(_networkx("icosahedral_graph")),
        "spring",
        "the icosahedron (12 buttons)",
    ),
    "octahedron": (_fixed(_networkx("octahedral_graph")), "spring", "the octahedron (6 buttons)"),
    "heawood": (_fixed(_networkx("heawood_graph")), "spring", "the Heawood graph (14 buttons)"),
}


def _layout(graph: nx.Graph, layout: str) -> dict[object, tuple[float, float]]:
    import networkx as nx

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
    """A named graph as a board, e.g. ``named("petersen")`` or ``named("cycle", 7)``.

    Parameters
    ----------
    name : str
        One of `NAMED_GRAPHS`: petersen, cycle, path, complete, star, wheel, hypercube,
        cube, dodecahedron, icosahedron, octahedron, heawood.
    *args : int
        The size, for the families that take one (cycle, path, complete, star, wheel:
        buttons or leaves; hypercube: dimension).
    rule : {"closed", "open"}
        Whether a press changes its own light (closed, the classic game) or only its
        neighbours' (open).
    states : int
        Number of light states k (2..255); a press adds 1 mod k.

    Returns
    -------
    Board
    """
    import networkx as nx

    if name not in NAMED_GRAPHS:
        raise BoardError(f"unknown graph {name!r}; choose from {', '.join(NAMED_GRAPHS)}")
    build, layout, _ = NAMED_GRAPHS[name]
    graph = build(*args)
    if any(isinstance(v, tuple) for v in graph):  # hypercube nodes are bit tuples
        graph = nx.relabel_nodes(graph, {v: "".join(map(str, v)) for v in graph})
    label = name if not args else f"{name} {' '.join(map(str, args))}"
    return from_networkx(graph, layout=layout, rule=rule, states=states, name=label)


#: `random_graph` tries every pair of buttons: 10 000 buttons take a few seconds.
RANDOM_LIMIT = 10_000


def random_graph(
    n: int, p: float, *, seed: int | None = None, directed: bool = False, **options: Any
) -> Board:
    """An Erdős–Rényi board: `n` buttons, each pair joined with probability `p`.

    Parameters
    ----------
    n : int
        Number of buttons (at most `RANDOM_LIMIT`).
    p : float
        The probability of each edge, 0..1.
    seed : int, optional
        Seed of the random choice; the same seed gives the same board.
    directed : bool
        Each ordered pair joined on its own: an arc ``u -> v`` (pressing u changes v).
    **options
        ``rule`` and ``states``, as for `rectangle`.

    Returns
    -------
    Board
    """
    import networkx as nx

    check_sizes(buttons=n)
    if not 0.0 <= p <= 1.0:
        raise BoardError(f"edge probability {p} is not between 0 and 1")
    if n > RANDOM_LIMIT:  # networkx visits every pair of buttons
        raise BoardTooLargeError(
            f"random graphs are limited to {RANDOM_LIMIT} buttons, not {n} (try geometric "
            "for big irregular boards)"
        )
    check_graph_size(n, n * (n - 1) / 2 * p, f"random {n} {p}")
    graph = nx.gnp_random_graph(n, p, seed=seed, directed=directed)
    return from_networkx(graph, layout="spring", name=f"random {n} {p}", **options)


def geometric(n: int, radius: float, *, seed: int | None = None, **options: Any) -> Board:
    """`n` random points in the unit square, joined when closer than `radius`."""
    import networkx as nx

    check_sizes(buttons=n)
    if not radius >= 0.0:
        raise BoardError(f"radius {radius} must be a non-negative number")
    covered = min(1.0, 3.15 * radius**2)  # about the share of pairs within the radius
    check_graph_size(n, n * (n - 1) / 2 * covered, f"geometric {n} {radius}")
    graph = nx.random_geometric_graph(n, radius, seed=seed)
    scale = max(2.0, n**0.5) * 2  # spread the unit square so buttons do not overlap
    for v, (x, y) in nx.get_node_attributes(graph, "pos").items():
        graph.nodes[v]["pos"] = (float(x) * scale, -float(y) * scale)
    return from_networkx(graph, name=f"geometric {n} {radius}", **options)


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
