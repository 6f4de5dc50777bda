"""Tiny boards shared by the optimiser tests (fewest presses, worst position, histogram):
small enough for brute force over every press vector, and each with quiet patterns; and
connected boards whose quiet code splits into pieces, with a way to draw boards side by
side (a union past every brute force, whose parts are brute-forced one by one)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from lograph.core.model.board import Board
from lograph.core.model.generators import geometric, rectangle
from lograph.core.optimize.quiet._pieces import quiet_pieces
from tests.references import ReferenceSolver


def _directed_board() -> Board:
    board = Board.from_graph(nx.gnp_random_graph(11, 0.35, seed=0, directed=True))
    board.set_self_action("3", False)  # self-action overrides must be honoured too
    board.set_self_action("7", False)
    return board


#: Tiny boards with quiet patterns (nullity > 0): rectangles, holes, open rule, directed,
#: a random graph, a cycle, and p = 3 and 5.
SMALL_BOARDS = {
    "4x4": lambda: rectangle(4, 4),
    "4x4 holed": lambda: rectangle(4, 4, holes=[(0, 0), (2, 1)]),
    "3x5 open": lambda: rectangle(3, 5, rule="open"),
    "directed": _directed_board,
    "random open": lambda: Board.from_graph(nx.gnp_random_graph(12, 0.3, seed=2), rule="open"),
    "cycle 12": lambda: Board.from_graph(nx.cycle_graph(12)),
    "3x4 p=3": lambda: rectangle(3, 4, states=3),
    "3x3 open p=3": lambda: rectangle(3, 3, rule="open", states=3),
    "2x4 p=5": lambda: rectangle(2, 4, states=5),
}


def twins_board() -> Board:
    """A connected board whose code splits: two pairs of twin buttons (same closed
    neighbourhood, so pressing both changes nothing) hang off one hub, with a tail."""
    graph = nx.Graph([("u1", "u2"), ("u1", "hub"), ("u2", "hub")])
    graph.add_edges_from([("v1", "v2"), ("v1", "hub"), ("v2", "hub"), ("hub", "t1"), ("t1", "t2")])
    return Board.from_graph(graph)


def split_code_boards() -> list[Board]:
    """The twins board and small connected random geometric boards whose code splits."""
    boards = [twins_board()]
    for seed in range(400):
        board = geometric(14, 0.42, seed=seed)
        solver = ReferenceSolver(board.to_system())
        if solver.analysis.nullity < 2 or not nx.is_connected(board.graph):
            continue
        if len(quiet_pieces(np.asarray(solver.analysis.quiet, dtype=np.uint8)).pieces) > 1:
            boards.append(board)
        if len(boards) == 6:
            break
    return boards


def side_by_side(boards: list[Board]) -> tuple[Board, list[ReferenceSolver]]:
    """The boards side by side (copy j's buttons named j/…, in each board's order)."""
    graph = nx.Graph()
    order = []
    for j, board in enumerate(boards):
        names = {b: f"{j}/{b}" for b in board.buttons}
        order += [names[b] for b in board.buttons]
        graph.add_nodes_from(names[b] for b in board.buttons)
        graph.add_edges_from((names[u], names[v]) for u, v in board.graph.edges)
    return Board.from_graph(graph, order=order), [ReferenceSolver(b.to_system()) for b in boards]
