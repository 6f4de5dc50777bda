"""Board generators: sizes, names, holes, degrees, and `grid_system` against `from_mask`.

Counts come from closed formulas worked out by hand: an m×n grid has m(n-1) + n(m-1) edges;
the radius-r diamond has 2r² + 2r + 1 cells and 4r² edges; a torus is 4-regular with 2mn
edges; planar lattices obey Euler's formula V - E + F = 2 (F = inner faces + 1).
"""

from __future__ import annotations

from collections import Counter

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.board import Board
from lograph.core.model.generators import (
    NAMED_GRAPHS,
    cylinder,
    diamond,
    diamond_mask,
    from_mask,
    from_networkx,
    grid_system,
    hexagonal,
    named,
    rectangle,
    torus,
    triangular,
    wayout_5x5,
)


def degrees(board: Board) -> Counter[int]:
    return Counter(len(board.neighbors(v)) for v in board.buttons)


@pytest.mark.parametrize(("m", "n"), [(1, 1), (1, 5), (2, 3), (5, 5), (4, 7)])
def test_rectangle_counts_names_and_positions(m: int, n: int) -> None:
    board = rectangle(m, n)
    assert len(board) == m * n
    assert len(board.edges()) == m * (n - 1) + n * (m - 1)
    assert board.buttons == tuple(f"r{r}c{c}" for r in range(m) for c in range(n))
    for r in range(m):
        for c in range(n):
            assert board.position(f"r{r}c{c}") == (c, r)
            assert board.grid_cell(f"r{r}c{c}") == (r, c)
    assert board.is_grid_like()
    assert (board.rule, board.states, board.directed) == ("closed", 2, False)


def test_rectangle_neighbours_are_the_four_orthogonal_cells() -> None:
    board = rectangle(3, 4)
    assert board.neighbors("r1c1") == ["r0c1", "r1c0", "r1c2", "r2c1"]
    assert board.neighbors("r0c0") == ["r0c1", "r1c0"]
    assert board.neighbors("r2c3") == ["r1c3", "r2c2"]


def test_rectangle_with_holes() -> None:
    board = rectangle(3, 3, holes=[(1, 1)])
    assert len(board) == 8
    assert "r1c1" not in board
    assert len(board.edges()) == 12 - 4  # the centre had four edges
    assert board.neighbors("r0c1") == ["r0c0", "r0c2"]
    with pytest.raises(BoardError, match=r"hole \(3, 0\) is outside the 3×3 board"):
        rectangle(3, 3, holes=[(3, 0)])


def test_rule_and_states_are_passed_on() -> None:
    board = rectangle(2, 2, rule="open", states=5)
    assert (board.rule, board.states) == ("open", 5)
    assert (torus(3, 3, states=3).states, diamond(1, rule="open").rule) == (3, "open")


def test_the_holed_wayout_board() -> None:
    board = wayout_5x5()
    assert len(board) == 22  # 25 - 3, as the seed says
    assert len(board.edges()) == 40 - 3 * 4  # the three holes are not adjacent
    for r, c in [(1, 1), (2, 2), (3, 3)]:
        assert f"r{r}c{c}" not in board
    # row-major order of the kept cells, as in the published index table
    expected = [
        f"r{r}c{c}" for r in range(5) for c in range(5) if (r, c) not in {(1, 1), (2, 2), (3, 3)}
    ]
    assert list(board.buttons) == expected


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 5])
def test_diamond_sizes(radius: int) -> None:
    board = diamond(radius)
    assert len(board) == 2 * radius * radius + 2 * radius + 1
    assert len(board.edges()) == 4 * radius * radius
    mask = diamond_mask(radius)
    assert mask.shape == (2 * radius + 1, 2 * radius + 1)
    assert mask.sum() == len(board)
    # rows hold 1, 3, ..., 2r+1, ..., 3, 1 cells
    widths = [1 + 2 * (radius - abs(r - radius)) for r in range(2 * radius + 1)]
    assert mask.sum(axis=1).tolist() == widths


@pytest.mark.parametrize(("m", "n"), [(3, 3), (3, 5), (4, 6)])
def test_torus_is_four_regular(m: int, n: int) -> None:
    board = torus(m, n)
    assert len(board) == m * n
    assert degrees(board) == Counter({4: m * n})
    assert len(board.edges()) == 2 * m * n
    assert board.has_edge("r0c0", f"r0c{n - 1}")
    assert board.has_edge("r0c0", f"r{m - 1}c0")


@pytest.mark.parametrize(("m", "n"), [(1, 4), (2, 3), (4, 5)])
def test_cylinder_wraps_columns_only(m: int, n: int) -> None:
    board = cylinder(m, n)
    assert len(board) == m * n
    assert len(board.edges()) == m * n + n * (m - 1)
    if m == 1:
        assert degrees(board) == Counter({2: n})
    else:
        assert degrees(board) == Counter({3: 2 * n, 4: (m - 2) * n})
    assert board.has_edge("r0c0", f"r0c{n - 1}")
    assert not board.has_edge("r0c0", f"r{m - 1}c0") or m == 2


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rectangle(0, 3), "rows must be a positive integer, not 0"),
        (lambda: rectangle(2, -1), "cols must be a positive integer, not -1"),
        (lambda: rectangle(2.5, 3), "2.5"),
        (lambda: rectangle(True, 3), "True"),
        (lambda: diamond(-1), "-1"),
        (lambda: torus(2, 5), "2×5"),
        (lambda: cylinder(3, 2), "not 2"),
        (lambda: hexagonal(0, 2), "not 0"),
        (lambda: triangular(2, 0), "not 0"),
        (lambda: grid_system(2, 2, mask=np.ones((2, 3))), r"\(2, 3\)"),
        (lambda: from_mask(np.ones(4)), r"\(4,\)"),
        (lambda: from_mask(np.ones((2, 2)), lights=np.ones((3, 2))), r"\(3, 2\)"),
        (lambda: named("petersen", 3), "no size"),
        (lambda: named("cycle"), "exactly one"),
        (lambda: named("cycle", 0), "not 0"),
        (lambda: named("moebius"), "'moebius'"),
        (lambda: from_networkx(nx.petersen_graph(), layout="fancy"), "'fancy'"),
        (lambda: from_networkx(nx.complete_graph(5), layout="planar"), "not planar"),
    ],
)
def test_bad_generator_arguments_are_refused(call: object, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(("m", "n"), [(1, 1), (2, 3), (3, 3), (4, 2)])
def test_hexagonal_lattice_counts(m: int, n: int) -> None:
    board = hexagonal(m, n)
    vertices = 2 * m * n + 2 * m + 2 * n
    assert len(board) == vertices
    assert len(board.edges()) == vertices + m * n - 1  # Euler: m·n hexagonal faces
    assert max(degrees(board)) == (2 if m * n == 1 else 3)  # one hexagon is a 6-cycle
    assert board.is_grid_like()


@pytest.mark.parametrize(("m", "n"), [(1, 2), (2, 2), (3, 4), (4, 6)])
def test_triangular_lattice_counts(m: int, n: int) -> None:
    board = triangular(m, n)
    vertices = (m + 1) * (n // 2 + 1)
    assert len(board) == vertices
    assert len(board.edges()) == vertices + m * n - 1  # Euler: m·n triangular faces
    assert max(degrees(board)) <= 6
    assert board.is_grid_like()


# name -> (args, buttons, edges), from the definitions of the graphs
NAMED = {
    "petersen": ((), 10, 15),
    "cycle": ((7,), 7, 7),
    "path": ((5,), 5, 4),
    "complete": ((5,), 5, 10),
    "star": ((4,), 5, 4),
    "wheel": ((6,), 6, 10),
    "hypercube": ((3,), 8, 12),
    "cube": ((), 8, 12),
    "dodecahedron": ((), 20, 30),
    "icosahedron": ((), 12, 30),
    "octahedron": ((), 6, 12),
    "heawood": ((), 14, 21),
}


def test_every_named_graph_is_covered() -> None:
    assert set(NAMED) == set(NAMED_GRAPHS)


@pytest.mark.parametrize("name", sorted(NAMED))
def test_named_graph_sizes(name: str) -> None:
    args, buttons, edges = NAMED[name]
    board = named(name, *args)
    assert len(board) == buttons
    assert len(board.edges()) == edges
    assert all(isinstance(v, str) for v in board.buttons)
    assert np.isfinite(board.positions()).all()
    assert len({board.position(v) for v in board.buttons}) == buttons  # no two on one spot


def test_hypercube_buttons_are_bit_strings() -> None:
    board = named("hypercube", 3)
    assert sorted(board.buttons) == [format(i, "03b") for i in range(8)]
    assert board.has_edge("000", "001")
    assert not board.has_edge("000", "011")


def test_from_networkx_keeps_order_and_direction() -> None:
    graph = nx.DiGraph([("x", "y"), ("y", "z")])
    board = from_networkx(graph, layout="circular", rule="open", states=3)
    assert board.buttons == ("x", "y", "z")
    assert board.directed
    assert board.targets("x") == ["y"]
    assert (board.rule, board.states) == ("open", 3)
    empty = from_networkx(nx.Graph())
    assert len(empty) == 0


# ----------------------------------------------------------------- grid_system


def grid_cases() -> list[tuple[str, dict[str, object]]]:
    rng = np.random.default_rng(5)
    holed = rng.random((4, 5)) < 0.75
    return [
        ("plain", {"rows": 3, "cols": 4}),
        ("open", {"rows": 4, "cols": 3, "rule": "open"}),
        ("holes", {"rows": 4, "cols": 5, "mask": holed}),
        ("torus", {"rows": 3, "cols": 4, "wrap_rows": True, "wrap_cols": True}),
        ("cylinder", {"rows": 2, "cols": 5, "wrap_cols": True}),
        ("thin wraps", {"rows": 2, "cols": 2, "wrap_rows": True, "wrap_cols": True}),
        ("one row wrap", {"rows": 1, "cols": 4, "wrap_rows": True, "wrap_cols": True}),
        (
            "holed torus",
            {"rows": 4, "cols": 5, "mask": holed, "wrap_rows": True, "wrap_cols": True},
        ),
        ("p=3 open holes", {"rows": 4, "cols": 5, "mask": holed, "rule": "open", "states": 3}),
        ("single", {"rows": 1, "cols": 1}),
        ("diamond", {"rows": 7, "cols": 7, "mask": diamond_mask(3)}),
    ]


@pytest.mark.parametrize(("label", "kw"), grid_cases(), ids=[c[0] for c in grid_cases()])
def test_grid_system_equals_board_system(label: str, kw: dict[str, object]) -> None:
    rows, cols = int(kw["rows"]), int(kw["cols"])  # type: ignore[call-overload]
    mask = kw.get("mask")
    mask_arr = np.ones((rows, cols), dtype=bool) if mask is None else np.asarray(mask)
    rule = str(kw.get("rule", "closed"))
    states = int(kw.get("states", 2))  # type: ignore[call-overload]
    wraps = {k: bool(kw.get(k, False)) for k in ("wrap_rows", "wrap_cols")}
    lights_grid = np.random.default_rng(1).integers(0, states, size=(rows, cols))
    lights = lights_grid[mask_arr]
    fast = grid_system(rows, cols, mask=mask, rule=rule, states=states, lights=lights, **wraps)
    board = from_mask(mask_arr, lights=lights_grid, rule=rule, states=states, **wraps)
    slow = board.to_system()
    assert fast.n == slow.n == int(mask_arr.sum())
    assert np.array_equal(fast.dense(), slow.dense())
    assert list(fast.names) == list(slow.names)
    assert fast.lights.tolist() == slow.lights.tolist()
    assert fast.states == slow.states
    assert fast.coords is not None
    assert fast.coords.tolist() == np.argwhere(mask_arr).tolist()
    # and both agree with the 4-neighbour rule written out directly
    cells = [tuple(c) for c in np.argwhere(mask_arr).tolist()]
    where = {c: i for i, c in enumerate(cells)}
    expected = np.zeros((len(cells), len(cells)), dtype=np.uint8)
    for (r, c), i in where.items():
        expected[i, i] = rule == "closed"
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            rr, cc = r + dr, c + dc
            if wraps["wrap_rows"]:
                rr %= rows
            if wraps["wrap_cols"]:
                cc %= cols
            j = where.get((rr, cc))
            if j is not None and j != i:
                expected[j, i] = 1
    assert np.array_equal(fast.dense(), expected)


def test_grid_system_lights_default_off_and_big_size_is_cheap() -> None:
    system = grid_system(300, 200)
    assert system.n == 60000
    assert system.nnz == 60000 + 2 * (300 * 199 + 200 * 299)
    assert not system.lights.any()
    assert system.names[60000 - 1] == "r299c199"


@pytest.mark.parametrize(
    "make",
    [
        lambda: rectangle(501, 500),
        lambda: torus(10**5, 10**5),
        lambda: cylinder(600, 600),
        lambda: diamond(400),
        lambda: hexagonal(400, 400),
        lambda: triangular(1000, 1000),
        lambda: named("hypercube", 10**9),
        lambda: named("complete", 1500),
        lambda: named("cycle", 10**12),
    ],
)
def test_too_big_generated_graphs_are_refused_before_building(make) -> None:
    # networkx builds about 25 000 buttons a second: a 100000×100000 torus used to run out
    # of memory, a 17-cube or a complete graph on 10⁵ buttons to run for minutes.
    with pytest.raises(BoardTooLargeError, match="generated graphs are limited"):
        make()
