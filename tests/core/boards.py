"""Tiny boards shared by the optimiser tests (fewest presses, worst position, histogram):
small enough for brute force over every press vector, and each with quiet patterns."""

from __future__ import annotations

import networkx as nx

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle


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
