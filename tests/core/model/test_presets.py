"""Position presets against independent definitions: LightsOutWeb's own loops transcribed,
index arithmetic on the grid, and the solver for the solvable random positions."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardError
from lograph.core.model.board import Board
from lograph.core.model.generators import diamond, hexagonal, named, rectangle, surface_grid
from lograph.core.model.presets import PRESETS, preset_lights, preset_problem
from lograph.core.solve import is_solvable

PATTERNS = ("lit", "unlit", "corners", "border", "checkers", "chessboard")


def _web_board(size: int, k: int, mode: str) -> np.ndarray:
    """LightsOutWeb's generateNewBoard for a size×size board, transcribed loop for loop
    (its modes: GenAllLit, GenAllUnlit, Gen4Corners, GenBorder, GenPietia, GenBlatnoy)."""
    low, high = 0, k - 1
    out = np.zeros((size, size), dtype=np.uint8)
    for y in range(size):
        for x in range(size):
            if mode == "lit":
                value = high
            elif mode == "unlit":
                value = low
            elif mode == "chessboard":  # GenBlatnoy
                value = low if x % 2 == y % 2 else high
            elif mode == "checkers":  # GenPietia
                value = (high if x % 2 == 0 else low) if y % 2 != 0 else low
            elif mode == "border":
                value = high if y in (0, size - 1) or x in (0, size - 1) else low
            else:  # Gen4Corners
                corner = (y in (0, size - 1)) and (x in (0, size - 1))
                value = high if corner else low
            out[y, x] = value
    return out


def _picture(board: Board, lights: np.ndarray) -> np.ndarray:
    """The lights laid out on the board's grid cells (holes: 255)."""
    cells = [board.grid_cell(b) for b in board.buttons]
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    out = np.full((rows, cols), 255, dtype=np.int64)
    for (r, c), value in zip(cells, lights.tolist(), strict=True):
        out[r, c] = value
    return out


@pytest.mark.parametrize("mode", PATTERNS)
@pytest.mark.parametrize(("size", "k"), [(1, 2), (2, 3), (5, 2), (6, 4), (7, 5)])
def test_square_boards_match_lightsoutweb(mode: str, size: int, k: int) -> None:
    board = rectangle(size, size, states=k)
    assert (
        _picture(board, preset_lights(board, mode)).tolist() == _web_board(size, k, mode).tolist()
    )


def _by_indices(rows: int, cols: int, mode: str) -> np.ndarray:
    """The patterns written as index arithmetic on an m×n grid (1 = lit)."""
    r, c = np.indices((rows, cols))
    return {
        "lit": np.ones((rows, cols), dtype=bool),
        "unlit": np.zeros((rows, cols), dtype=bool),
        "corners": np.isin(r, (0, rows - 1)) & np.isin(c, (0, cols - 1)),
        "border": (r == 0) | (r == rows - 1) | (c == 0) | (c == cols - 1),
        "checkers": (r % 2 == 1) & (c % 2 == 0),
        "chessboard": (r + c) % 2 == 1,
    }[mode].astype(np.int64)


@pytest.mark.parametrize("mode", PATTERNS)
@pytest.mark.parametrize(
    ("surface", "rows", "cols"),
    [
        ("plane", 3, 7),
        ("plane", 6, 4),
        ("torus", 4, 6),
        ("cylinder", 5, 3),
        ("mobius", 3, 5),
        ("klein", 4, 3),
        ("projective", 5, 4),
    ],
)
def test_rectangles_and_surfaces_by_index_arithmetic(
    mode: str, surface: str, rows: int, cols: int
) -> None:
    board = surface_grid(surface, rows, cols, states=3)
    expected = 2 * _by_indices(rows, cols, mode)
    assert _picture(board, preset_lights(board, mode)).tolist() == expected.tolist()


def test_diamond_border_is_its_outline_and_it_has_no_corners() -> None:
    radius = 3
    board = diamond(radius)
    r, c = np.indices((2 * radius + 1, 2 * radius + 1))
    distance = np.abs(r - radius) + np.abs(c - radius)
    expected = np.where(distance > radius, 255, distance == radius)
    assert _picture(board, preset_lights(board, "border")).tolist() == expected.tolist()
    problem = preset_problem(board, "corners")
    assert problem is not None
    assert "holes" in problem
    with pytest.raises(BoardError, match="no corners"):
        preset_lights(board, "corners")


def test_rectangle_with_holes_border_and_corners() -> None:
    # (0, 2) opens onto the outside, (2, 2) is enclosed, (4, 4) is a corner
    board = rectangle(5, 5, holes=[(0, 2), (2, 2), (4, 4)])
    x = 255
    border = [
        [1, 1, x, 1, 1],
        [1, 0, 1, 0, 1],
        [1, 0, x, 0, 1],
        [1, 0, 0, 0, 1],
        [1, 1, 1, 1, x],
    ]
    corners = [
        [1, 0, x, 0, 1],
        [0, 0, 0, 0, 0],
        [0, 0, x, 0, 0],
        [0, 0, 0, 0, 0],
        [1, 0, 0, 0, x],
    ]
    assert _picture(board, preset_lights(board, "border")).tolist() == border
    assert _picture(board, preset_lights(board, "corners")).tolist() == corners


def test_rows_and_columns_count_from_the_boards_top_left() -> None:
    board = rectangle(4, 4)
    board.remove_buttons([f"r0c{c}" for c in range(4)])  # now rows 1..3
    lights = preset_lights(board, "chessboard")
    assert lights[board.index("r1c0")] == 0
    assert lights[board.index("r1c1")] == 1
    checkers = preset_lights(board, "checkers")
    assert [board.buttons[i] for i in np.flatnonzero(checkers)] == ["r2c0", "r2c2"]


def test_hexagonal_lattice_is_a_grid_by_its_names() -> None:
    board = hexagonal(2, 2)
    assert board.is_grid_like()
    for mode in PATTERNS:
        assert preset_problem(board, mode) is None
        assert preset_lights(board, mode).shape == (len(board),)


def test_other_boards_border_is_the_buttons_of_fewer_neighbours() -> None:
    path = Board.from_graph(nx.path_graph(5))
    assert preset_lights(path, "border").tolist() == [1, 0, 0, 0, 1]
    star = Board.from_graph(nx.star_graph(4), states=4)
    assert preset_lights(star, "border").tolist() == [0, 3, 3, 3, 3]
    for regular in (named("petersen"), named("cycle", 6)):
        problem = preset_problem(regular, "border")
        assert problem is not None
        assert "as many neighbours" in problem


def test_directed_board_border_counts_neighbours_either_way() -> None:
    # 0 -> 1 -> 2 and 2 -> 0, 3 -> 0: button 0 has three neighbours, the others fewer
    board = Board.from_graph(nx.DiGraph([(0, 1), (1, 2), (2, 0), (3, 0)]))
    assert preset_lights(board, "border").tolist() == [0, 1, 1, 1]


@pytest.mark.parametrize("seed", range(6))
def test_other_boards_chessboard_is_a_two_colouring(seed: int) -> None:
    graph = (
        nx.random_labeled_tree(9, seed=seed)
        if hasattr(nx, "random_labeled_tree")
        else (nx.random_tree(9, seed=seed))
    )
    graph.add_nodes_from([100, 101])  # an isolated part: its button stays dark
    graph.add_edge(100, 101)
    board = Board.from_graph(graph)
    lights = preset_lights(board, "chessboard")
    for u, v in graph.edges():
        assert lights[board.index(str(u))] != lights[board.index(str(v))]
    components = sorted(
        nx.connected_components(graph), key=lambda part: min(board.index(str(v)) for v in part)
    )
    for part in components:
        first = min(part, key=lambda v: board.index(str(v)))
        assert lights[board.index(str(first))] == 0


def test_odd_cycles_and_grid_patterns_are_refused_off_grids() -> None:
    for board in (named("petersen"), named("cycle", 5)):
        assert not nx.is_bipartite(board.graph)
        with pytest.raises(BoardError, match="odd cycle"):
            preset_lights(board, "chessboard")
    even = named("cycle", 8)
    assert preset_lights(even, "chessboard").tolist() == [0, 1] * 4
    for mode in ("corners", "checkers"):
        with pytest.raises(BoardError, match=r"needs a grid board.*'0' is not one"):
            preset_lights(even, mode)


def test_unknown_name_and_empty_board() -> None:
    with pytest.raises(BoardError, match="unknown preset 'stars'; choose from lit, unlit"):
        preset_lights(rectangle(2, 2), "stars")
    with pytest.raises(BoardError, match="unknown preset"):
        preset_problem(rectangle(2, 2), "stars")
    for mode in PRESETS:
        assert preset_lights(Board(), mode, seed=0).tolist() == []


def test_presets_leave_the_board_alone() -> None:
    board = rectangle(3, 3, states=5)
    board.set_lights(np.arange(9) % 5)
    before = board.lights().tolist()
    for mode in PRESETS:
        preset_lights(board, mode, seed=1)
    assert board.lights().tolist() == before


def test_random_is_seeded_and_covers_every_state() -> None:
    board = rectangle(8, 8, states=7)
    first = preset_lights(board, "random", seed=42)
    assert first.tolist() == preset_lights(board, "random", seed=42).tolist()
    assert first.tolist() != preset_lights(board, "random", seed=43).tolist()
    assert set(first.tolist()) == set(range(7))
    generator = np.random.default_rng(5)  # a Generator is used as it stands, and advanced
    drawn = preset_lights(board, "random", seed=generator)
    assert drawn.tolist() == preset_lights(board, "random", seed=5).tolist()
    assert preset_lights(board, "random", seed=generator).tolist() != drawn.tolist()


#: Boards whose press matrix is singular, so that most random positions are unsolvable.
SINGULAR = {
    "5x5 k=2": lambda: rectangle(5, 5),
    "4x4 k=2": lambda: rectangle(4, 4),
    "5x5 k=4": lambda: rectangle(5, 5, states=4),
    "4x4 k=6": lambda: rectangle(4, 4, states=6),
    "torus 4x4 k=3": lambda: surface_grid("torus", 4, 4, states=3),
    "torus 3x3 k=6": lambda: surface_grid("torus", 3, 3, states=6),
    "cycle 6 k=6": lambda: named("cycle", 6, states=6),
}


@pytest.mark.parametrize("name", SINGULAR)
@pytest.mark.parametrize("goal", ["off", "on"])
def test_random_solvable_is_solvable_where_random_is_not(name: str, goal: str) -> None:
    board = SINGULAR[name]()
    unsolvable = 0
    for seed in range(12):
        solvable = board.copy()
        solvable.set_lights(preset_lights(board, "random-solvable", seed=seed, goal=goal))
        assert is_solvable(solvable, goal)
        plain = board.copy()
        plain.set_lights(preset_lights(board, "random", seed=seed))
        unsolvable += not is_solvable(plain, goal)
    # the board is singular: plain random positions miss, so the test could fail
    assert unsolvable > 0


def test_random_solvable_refuses_another_goal() -> None:
    with pytest.raises(BoardError, match="goal 'up'"):
        preset_lights(rectangle(2, 2), "random-solvable", goal="up")
