"""The lit-only game against a plain breadth-first search written here from the graph."""

from __future__ import annotations

import random
from collections import deque

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardError, BoardTooLargeError, InterruptedComputation
from lograph.core.model.generators import from_networkx, rectangle
from lograph.core.optimize.lit_only import lit_only_solvable_count, lit_only_solve
from lograph.core.solve import analyze
from lograph.core.work import Work
from tests.references import lit_only_changes

#: Tiny graphs: paths, cycles, grids, Petersen; a few with the open rule.
GRAPHS = {
    **{f"path{n}": (lambda n=n: nx.path_graph(n)) for n in range(1, 7)},
    **{f"cycle{n}": (lambda n=n: nx.cycle_graph(n)) for n in range(3, 8)},
    "grid2x3": lambda: nx.grid_2d_graph(2, 3),
    "grid3x3": lambda: nx.grid_2d_graph(3, 3),
    "petersen": nx.petersen_graph,
    "star5": lambda: nx.star_graph(4),
    "directed": lambda: nx.DiGraph([(0, 1), (1, 2), (2, 0), (2, 3), (3, 1)]),
}


def _game(graph: nx.Graph, rule: str) -> tuple[list[str], list[tuple[int, ...]]]:
    """Button names in the board's order and, per button, the lights a press changes,
    taken from the graph itself (not from the press matrix)."""
    return [str(node) for node in graph.nodes], lit_only_changes(graph, rule)


def _press(state: tuple[int, ...], lights: tuple[int, ...]) -> tuple[int, ...]:
    out = list(state)
    for j in lights:
        out[j] ^= 1
    return tuple(out)


def _fewest(changes: list[tuple[int, ...]], start: tuple[int, ...], goal: tuple[int, ...]):
    """Fewest lit presses from start to goal by a plain BFS over tuples; None if never."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        state = todo.popleft()
        if state == goal:
            return dist[state]
        for i, lights in enumerate(changes):
            if state[i]:
                nxt = _press(state, lights)
                if nxt not in dist:
                    dist[nxt] = dist[state] + 1
                    todo.append(nxt)
    return None


def _clearable(changes: list[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """Positions that reach all-off, as a least fixed point: sweep every position until no
    new one has a lit press into the set (a different algorithm from the library's)."""
    n = len(changes)
    positions = [tuple((k >> j) & 1 for j in range(n)) for k in range(1 << n)]
    good = {tuple([0] * n)}
    grew = True
    while grew:
        grew = False
        for state in positions:
            if state not in good and any(
                state[i] and _press(state, lights) in good for i, lights in enumerate(changes)
            ):
                good.add(state)
                grew = True
    return good


def _board(name: str, rule: str):
    graph = GRAPHS[name]()
    return graph, from_networkx(graph, layout="circular", rule=rule)


def _replay(changes, names, start, ids, goal):
    """Replay a press sequence: every press on a lit button, ending at the goal."""
    state = tuple(start)
    for button in ids:
        i = names.index(button)
        assert state[i] == 1, f"{button} pressed while unlit"
        state = _press(state, changes[i])
    assert state == goal


@pytest.mark.parametrize("rule", ["closed", "open"])
@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_count_matches_fixed_point(name, rule):
    graph, board = _board(name, rule)
    names, changes = _game(graph, rule)
    assert list(board.to_system().names) == names
    count = lit_only_solvable_count(board)
    assert count == len(_clearable(changes))
    assert count <= 2 ** analyze(board).rank  # never more than the ordinary game


@pytest.mark.parametrize("goal", ["off", "on"])
@pytest.mark.parametrize("rule", ["closed", "open"])
@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_solve_matches_bfs_and_replays(name, rule, goal):
    graph, board = _board(name, rule)
    names, changes = _game(graph, rule)
    n = len(names)
    target = tuple([0 if goal == "off" else 1] * n)
    rng = random.Random(f"{name}{rule}{goal}")
    starts = [tuple(rng.randint(0, 1) for _ in range(n)) for _ in range(12)]
    for start in [*starts, target]:
        board.set_lights(np.array(start, dtype=np.uint8))
        result = lit_only_solve(board, goal)
        expected = _fewest(changes, start, target)
        assert result.solvable == (expected is not None)
        if expected is not None:
            assert result.presses is not None
            assert len(result.presses) == expected
            _replay(changes, names, start, [names[i] for i in result.presses], target)
        else:
            assert result.presses is None


def test_open_rule_never_clears_a_lit_position():
    # Under the open rule the pressed (lit) light stays lit, so the last light never goes.
    assert lit_only_solvable_count(rectangle(3, 3, rule="open")) == 1


def test_five_by_five_closed_example():
    board = rectangle(5, 5)
    board.set_light("r2c2", 1)
    result = lit_only_solve(board)
    assert result.solvable
    assert result.presses is not None
    names = list(board.to_system().names)  # r0c0, r0c1, … row by row, as grid_2d_graph
    _, changes = _game(nx.grid_2d_graph(5, 5), "closed")
    start = tuple(int(name == "r2c2") for name in names)
    ids = [names[i] for i in result.presses]
    _replay(changes, names, start, ids, tuple([0] * 25))


def test_refusals():
    with pytest.raises(BoardError, match="states 2"):
        lit_only_solvable_count(rectangle(2, 2, states=3))
    with pytest.raises(BoardTooLargeError, match="26 buttons; this board has 36"):
        lit_only_solve(rectangle(6, 6))
    with pytest.raises(BoardError, match="goal"):
        lit_only_solve(rectangle(2, 2), "blue")
    board = rectangle(3, 3)
    board.set_light("r0c0", 1)
    with pytest.raises(InterruptedComputation):
        lit_only_solve(board, work=Work(cancel=lambda: True))
    with pytest.raises(InterruptedComputation):
        lit_only_solvable_count(board, work=Work(cancel=lambda: True))


def test_directed_board_where_lit_only_clears_fewer():
    # 0↔1, 2↔3 and 0→2 (closed rule). Light 2 alone is solvable in the ordinary game
    # (press 0 and 1), but 0 and 1 are never lit: buttons 2 and 3 only swap lights 2 and 3.
    graph = nx.DiGraph([(0, 1), (1, 0), (2, 3), (3, 2), (0, 2)])
    board = from_networkx(graph, layout="circular")
    assert 2 ** analyze(board).rank == 8
    assert lit_only_solvable_count(board) == 6 == len(_clearable(_game(graph, "closed")[1]))
    board.set_lights(np.array([0, 0, 1, 0], dtype=np.uint8))
    assert not lit_only_solve(board).solvable
