"""`Board.to_system` is kept until the board changes, and `Board.from_graph` reads a networkx
graph as arrays: both checked against answers worked out independently.

The reference press matrix is built from the board's public answers alone (`targets` of
every button), never from the conversion code; the reference board of a graph is built
button by button through `add_button` and `add_edge`, as the board did before it read
graphs as arrays.
"""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardError
from lograph.core.model.board import Board
from lograph.core.model.convert import FOLLOW_RULE, BoardArrays, press_system_from_graph
from lograph.core.model.generators import rectangle, torus
from lograph.core.model.grids import from_mask
from lograph.core.model.layout import auto_layout
from lograph.core.model.system import PressSystem, parse_cell_name


def assert_is_conversion(system: PressSystem, board: Board) -> None:
    """`system` says what the board's public methods say, entry by entry."""
    n = len(board)
    assert tuple(system.names) == board.buttons
    assert (system.states, system.rule, system.directed) == (
        board.states,
        board.rule,
        board.directed,
    )
    assert (system.name, system.description) == (board.name, board.description)
    assert system.lights.tolist() == board.lights().tolist()
    dense = np.zeros((n, n), dtype=np.uint8)
    for w, button in enumerate(board.buttons):
        for t in board.targets(button):
            dense[board.index(t), w] = 1
    assert system.dense().tolist() == dense.tolist()
    assert system.symmetric == bool(np.array_equal(dense, dense.T))
    cells = [parse_cell_name(b) for b in board.buttons]
    if n and all(cells):
        assert system.coords is not None
        assert system.coords.tolist() == [list(c) for c in cells]
    else:
        assert system.coords is None
    if system.positions is not None:
        assert system.positions.tolist() == board.positions().tolist()


def drawn_graph(directed: bool) -> nx.Graph:
    """A small graph with positions, lights, an override and a self loop."""
    graph = nx.DiGraph() if directed else nx.Graph()
    for i in range(6):
        graph.add_node(f"r0c{i}", pos=(float(i), 0.0), light=i % 2)
    graph.add_edges_from([("r0c0", "r0c1"), ("r0c1", "r0c2"), ("r0c2", "r0c3"), ("r0c4", "r0c5")])
    graph.add_edge("r0c5", "r0c0")
    graph.add_edge("r0c3", "r0c3")  # a self loop: acts on itself
    graph.nodes["r0c2"]["self_action"] = False
    return graph


def built_board(directed: bool) -> Board:
    """The same board built button by button (it holds a networkx graph from the start)."""
    board = Board(directed=directed, rule="open")
    graph = drawn_graph(directed)
    for v, data in graph.nodes(data=True):
        board.add_button(v, pos=data["pos"], light=data["light"])
    for u, v in graph.edges():
        if u != v:
            board.add_edge(u, v)
    board.set_self_action("r0c2", False)
    board.set_self_action("r0c3", True)
    return board


#: Ways to make a board: held as arrays (with or without positions) or as a graph.
BOARDS: dict[str, Callable[[], Board]] = {
    "arrays": lambda: Board.from_graph(drawn_graph(False), rule="open"),
    "arrays, directed": lambda: Board.from_graph(drawn_graph(True), rule="open"),
    "arrays, no positions": lambda: Board.from_graph(nx.cycle_graph(7), states=3),
    "generated grid": lambda: rectangle(3, 4, holes=[(1, 1)], states=3),
    "generated, directed stencil": lambda: torus(4, 4, stencil=[(0, 1), (1, 1)]),
    "graph": lambda: built_board(False),
    "graph, directed": lambda: built_board(True),
}


def _missing_edge(board: Board) -> tuple[str, str]:
    for u in board.buttons:
        for v in board.buttons:
            if u != v and not board.has_edge(u, v) and not board.has_edge(v, u):
                return u, v
    raise AssertionError("the test boards are not complete graphs")


def _turn_edge(board: Board) -> None:
    if board.directed:
        board.reverse_edge(*board.edges()[0])
    else:
        board.set_directed(True)


#: Every method that changes a board, applied to its first buttons.
CHANGES: dict[str, Callable[[Board], object]] = {
    "add_button": lambda b: b.add_button("new", pos=(9.0, 9.0), light=1),
    "remove_button": lambda b: b.remove_button(b.buttons[1]),
    "remove_buttons": lambda b: b.remove_buttons(b.buttons[:2]),
    "rename_button": lambda b: b.rename_button(b.buttons[0], "renamed"),
    "reorder": lambda b: b.reorder(list(reversed(b.buttons))),
    "add_edge": lambda b: b.add_edge(*_missing_edge(b)),
    "remove_edge": lambda b: b.remove_edge(*b.edges()[0]),
    "reverse_edge or set_directed": _turn_edge,
    "set_directed": lambda b: b.set_directed(not b.directed),
    "set_position": lambda b: b.set_position(b.buttons[0], (7.0, -7.0)),
    "set_light": lambda b: b.set_light(b.buttons[0], 1 - b.light(b.buttons[0])),
    "set_lights array": lambda b: b.set_lights((np.arange(len(b)) + 1) % b.states),
    "set_lights mapping": lambda b: b.set_lights({b.buttons[2]: 1 - b.light(b.buttons[2])}),
    "clear_lights": lambda b: b.clear_lights(),
    "set_self_action": lambda b: b.set_self_action(
        b.buttons[0], not b.acts_on_itself(b.buttons[0])
    ),
    "press": lambda b: b.press(b.buttons[0]),
    "press k + 1 times": lambda b: b.press(b.buttons[1], times=b.states + 1),
    "apply_presses": lambda b: b.apply_presses(np.eye(len(b), dtype=np.int64)[1]),
    "rule": lambda b: setattr(b, "rule", "closed" if b.rule == "open" else "open"),
    "states": lambda b: setattr(b, "states", 5 if b.states == 3 else 3),
    "name": lambda b: setattr(b, "name", "renamed board"),
    "description": lambda b: setattr(b, "description", "a board that changed"),
}


def _differs(before: PressSystem, after: PressSystem) -> bool:
    """Whether two conversions differ in anything a change can touch."""
    if before.n != after.n or tuple(before.names) != tuple(after.names):
        return True
    same_positions = (before.positions is None) == (after.positions is None) and (
        before.positions is None or np.array_equal(before.positions, after.positions)
    )
    return not (
        np.array_equal(before.dense(), after.dense())
        and np.array_equal(before.lights, after.lights)
        and same_positions
        and (before.states, before.rule, before.directed, before.name, before.description)
        == (after.states, after.rule, after.directed, after.name, after.description)
    )


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("make", BOARDS)
def test_every_change_gives_a_fresh_conversion(make: str, change: str) -> None:
    board = BOARDS[make]()
    board.set_light(board.buttons[3], 1)  # clear_lights has something to clear
    before = board.to_system()
    assert board.to_system() is before  # kept while nothing changes
    CHANGES[change](board)
    after = board.to_system()
    assert _differs(before, after), "the change changed nothing: it tests nothing"
    assert_is_conversion(after, board)
    assert board.to_system() is board.to_system()


@pytest.mark.parametrize("make", BOARDS)
def test_questions_keep_the_conversion(make: str) -> None:
    board = BOARDS[make]()
    first = board.to_system()
    board.lights(), board.buttons, len(board), board.light(board.buttons[0])
    "r0c0" in board  # noqa: B015 (a question, not a change)
    assert board.to_system() is first
    board.edges(), board.neighbors(board.buttons[0]), board.targets(board.buttons[0])
    board.positions(), board.is_goal(), board.copy().to_system()
    kept = board.to_system()
    assert_is_conversion(kept, board)
    if first.positions is not None:  # only a layout made on demand replaces it
        assert kept is first


@pytest.mark.parametrize("make", BOARDS)
def test_copies_change_apart(make: str) -> None:
    board = BOARDS[make]()
    before = board.to_system()
    twin = board.copy()
    twin.press(twin.buttons[0])
    twin.add_button("extra")
    assert board.to_system() is before
    assert_is_conversion(board.to_system(), board)
    assert_is_conversion(twin.to_system(), twin)
    assert len(twin) == len(board) + 1


@pytest.mark.parametrize("seed", range(12))
def test_random_change_sequences_agree_with_the_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    names = list(BOARDS)
    board = BOARDS[names[seed % len(names)]]()
    board.set_light(board.buttons[3], 1)
    for _ in range(8):
        change = list(CHANGES)[int(rng.integers(len(CHANGES)))]
        if change == "add_button" and "new" in board:
            continue
        if len(board) < 4:
            break
        try:
            CHANGES[change](board)
        except BoardError:  # e.g. no edge left to remove
            continue
        assert_is_conversion(board.to_system(), board)


def test_a_change_of_lights_keeps_the_structure() -> None:
    board = Board.from_graph(nx.petersen_graph())
    before = board.to_system()
    board.press("3")
    after = board.to_system()
    assert after is not before
    assert after.indices is before.indices
    assert after.indptr is before.indptr
    assert after.lights.tolist() != before.lights.tolist()


# ----------------------------------------------------------------- from_graph


def reference_board(graph: nx.Graph, **options: object) -> Board:
    """The board of `graph` built one call per button and edge (the way `from_graph`
    worked before it read arrays), positions laid out as it did."""
    pos = options.pop("pos", None)
    order = options.pop("order", None)
    nodes = list(order) if order is not None else list(graph)  # type: ignore[call-overload]
    if pos is None and any("pos" not in graph.nodes[v] for v in nodes):
        pos = auto_layout(graph, seed=1)
    board = Board(directed=graph.is_directed(), **options)  # type: ignore[arg-type]
    for v in nodes:
        data = graph.nodes[v]
        p = data.get("pos", pos[v] if pos is not None else (0.0, 0.0))  # type: ignore[index]
        board.add_button(
            str(v), pos=p, light=int(data.get("light", 0)), self_action=data.get("self_action")
        )
    for u, v in graph.edges():
        if u == v:
            board.set_self_action(str(u), True)
        else:
            board.add_edge(str(u), str(v))
    return board


def attributed_graph() -> nx.Graph:
    graph = nx.gnm_random_graph(30, 70, seed=4)
    for v in graph:
        graph.nodes[v]["light"] = v % 3
        if v % 5 == 0:
            graph.nodes[v]["self_action"] = v % 10 == 0
    graph.add_edge(7, 7)
    return graph


GRAPHS: dict[str, tuple[Callable[[], nx.Graph], dict[str, object]]] = {
    "petersen": (nx.petersen_graph, {}),
    "grid of tuples": (lambda: nx.grid_2d_graph(4, 5), {"rule": "open"}),
    "attributes, 3 states": (attributed_graph, {"states": 3}),
    "directed with loops": (
        lambda: nx.gnm_random_graph(25, 60, seed=2, directed=True),
        {"states": 5},
    ),
    "multigraph": (lambda: nx.MultiGraph([(0, 1), (0, 1), (1, 2), (2, 2)]), {}),
    "drawn": (lambda: drawn_graph(False), {"rule": "open"}),
    "given order": (
        nx.petersen_graph,
        {"order": [3, 1, 4, 0, 5, 9, 2, 6, 8, 7]},
    ),
    "positions given": (
        lambda: nx.path_graph(4),
        {"pos": {0: (0, 0), 1: (1, 0), 2: (2, 1), 3: (3, 1)}},
    ),
    "empty": (nx.empty_graph, {}),
}


@pytest.mark.parametrize("name", GRAPHS)
def test_from_graph_builds_the_board_one_call_per_button_would(name: str) -> None:
    make, options = GRAPHS[name]
    read = Board.from_graph(make(), **options)  # type: ignore[arg-type]
    expected = reference_board(make(), **dict(options))
    assert read.to_system().dense().tolist() == expected.to_system().dense().tolist()
    assert_is_conversion(read.to_system(), read)
    assert read.buttons == expected.buttons
    assert read.lights().tolist() == expected.lights().tolist()
    assert read.positions().tolist() == expected.positions().tolist()
    assert [read.self_action_override(b) for b in read] == [
        expected.self_action_override(b) for b in expected
    ]
    # the graph the board builds for itself is the one it built button by button
    assert list(read.graph.nodes(data=True)) == list(expected.graph.nodes(data=True))
    assert list(read.graph.edges()) == list(expected.graph.edges())
    assert read.edges() == expected.edges()


def test_from_graph_is_not_changed_by_later_changes_to_the_graph() -> None:
    graph = nx.petersen_graph()
    board = Board.from_graph(graph)
    graph.add_edge(0, 2)
    graph.nodes[1]["light"] = 1
    graph.remove_node(9)
    assert len(board) == 10
    assert not board.has_edge("0", "2")
    assert board.light("1") == 0


def test_from_graph_lays_out_only_when_positions_are_asked_for() -> None:
    board = Board.from_graph(nx.petersen_graph())
    assert board.to_system().positions is None
    laid = auto_layout(nx.petersen_graph(), seed=1)
    assert board.positions().tolist() == [list(laid[int(b)]) for b in board]
    assert board.to_system().positions.tolist() == board.positions().tolist()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda g: g.nodes[2].update(light=2), r"node 2: light value 2 is out of range 0\.\.1"),
        (lambda g: g.nodes[2].update(light="x"), r"node 2: light value 'x' is not a number"),
        (lambda g: g.nodes[1].update(self_action="yes"), r"node 1: self action 'yes'"),
        (lambda g: g.nodes[3].update(pos=(0.0, float("nan"))), r"node 3: position .* not finite"),
        (lambda g: g.nodes[3].update(pos="here"), r"node 3: position 'here' is not a pair"),
        (lambda g: nx.relabel_nodes(g, {0: " 0"}, copy=False), r"without padding"),
        (lambda g: nx.relabel_nodes(g, {0: "a\nb"}, copy=False), r"control character"),
        (lambda g: nx.relabel_nodes(g, {0: "1"}, copy=False), "the same string form"),
    ],
)
def test_from_graph_names_a_bad_node(make: Callable[[nx.Graph], object], message: str) -> None:
    graph = nx.path_graph(5)
    for v in graph:
        graph.nodes[v]["pos"] = (float(v), 0.0)
    make(graph)
    with pytest.raises(BoardError, match=message):
        Board.from_graph(graph)


def test_from_graph_refuses_an_order_that_is_not_the_nodes() -> None:
    graph = nx.path_graph(3)
    for order in ([0, 1], [0, 1, 1], [0, 1, 7], [0, 1, 2, 3]):
        with pytest.raises(BoardError, match="order"):
            Board.from_graph(graph, order=order)


@pytest.mark.parametrize("name", GRAPHS)
def test_press_system_from_graph_is_the_boards_conversion(name: str) -> None:
    make, options = GRAPHS[name]
    options = {k: v for k, v in options.items() if k != "pos"}
    direct = press_system_from_graph(make(), **options)  # type: ignore[arg-type]
    board = Board.from_graph(make(), **options)  # type: ignore[arg-type]
    assert_is_conversion(direct, board)


# ----------------------------------------------------------------- from_arrays


def grid_one_call_at_a_time(mask: np.ndarray, **options: object) -> Board:
    """A grid board built button by button from the arrays `from_mask` computes (the way
    it built boards before it handed the arrays over)."""
    from lograph.core.model.grids import _edges, _surface

    surface = _surface(options.pop("surface", None), mask.shape, False, False)  # type: ignore[arg-type]
    stencil = options.pop("stencil", None)
    lights = options.pop("lights", np.zeros(mask.shape, dtype=np.int64))
    coords, src, dst, directed, selfish = _edges(mask, surface, stencil, "closed")  # type: ignore[arg-type]
    rule = "closed" if stencil is None else ("closed" if selfish else "open")
    board = Board(directed=directed, rule=rule, **options)  # type: ignore[arg-type]
    names = [f"r{r}c{c}" for r, c in coords.tolist()]
    for (r, c), button in zip(coords.tolist(), names, strict=True):
        board.add_button(button, pos=(float(c), float(r)), light=int(lights[r, c]))  # type: ignore[index]
    for u, v in zip(src.tolist(), dst.tolist(), strict=True):
        board.add_edge(names[u], names[v])
    return board


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"states": 5, "lights": np.arange(20).reshape(4, 5) % 5},
        {"surface": "torus"},
        {"surface": "mobius"},
        {"stencil": [(0, 1), (1, 1), (-1, 0)]},
        {"surface": "torus", "stencil": [(0, 1), (0, -1), (1, 0), (-1, 0), (0, 2)]},
    ],
)
def test_generated_grids_are_the_boards_built_one_call_at_a_time(options: dict) -> None:
    mask = np.ones((4, 5), dtype=bool)
    mask[1, 2] = not options.get("surface")  # a hole where the surface allows one
    made = from_mask(mask, **options)
    expected = grid_one_call_at_a_time(mask, **dict(options))
    assert_is_conversion(made.to_system(), expected)
    assert made.buttons == expected.buttons
    assert made.lights().tolist() == expected.lights().tolist()
    assert repr(made) == repr(expected)  # the edge count: repeats counted once
    assert list(made.graph.nodes(data=True)) == list(expected.graph.nodes(data=True))
    assert list(made.graph.edges()) == list(expected.graph.edges())


def arrays(**changes: object) -> BoardArrays:
    base = {
        "directed": False,
        "src": np.array([0, 1], dtype=np.int64),
        "dst": np.array([1, 2], dtype=np.int64),
        "lights": np.zeros(3, dtype=np.uint8),
        "overrides": np.full(3, FOLLOW_RULE, dtype=np.int8),
        "positions": np.zeros((3, 2)),
    }
    return BoardArrays(**{**base, **changes})  # type: ignore[arg-type]


def test_from_arrays_counts_a_repeated_edge_once() -> None:
    board = Board.from_arrays(
        ["a", "b", "c"], arrays(src=np.array([0, 1, 1, 0]), dst=np.array([1, 2, 0, 1]))
    )
    assert board.edges() == [("a", "b"), ("b", "c")]
    assert "2 edges" in repr(
        Board.from_arrays(["a", "b", "c"], arrays(src=np.array([0, 1, 1]), dst=np.array([1, 2, 0])))
    )


@pytest.mark.parametrize(
    ("changes", "ids", "message"),
    [
        ({"src": np.array([0, 2]), "dst": np.array([1, 2])}, "abc", "self edge on 'c'"),
        ({"lights": np.array([0, 2, 0], dtype=np.uint8)}, "abc", "light value 2 is out of range"),
        ({"src": np.array([0, 3]), "dst": np.array([1, 2])}, "abc", "outside 0..2"),
        ({"overrides": np.array([0, 2, 1], dtype=np.int8)}, "abc", "overrides"),
        ({"positions": np.array([[0, 0], [0, 1e12], [0, 0]])}, "abc", "out of range"),
        ({}, "ab", r"arrays of \[3\] buttons .* for 2"),
        ({}, ["a", "b", "a"], "same string form"),
        ({}, ["a", "b ", "c"], "padding"),
    ],
)
def test_from_arrays_checks_what_add_button_and_add_edge_check(
    changes: dict, ids: object, message: str
) -> None:
    with pytest.raises(BoardError, match=message):
        Board.from_arrays(list(ids), arrays(**changes))  # type: ignore[call-overload]
