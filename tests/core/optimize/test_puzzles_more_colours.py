"""Puzzles over Z_k for composite k, every level judged by brute force over all k^n press
vectors (`tests.references.brute_force_fewest`)."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.optimize.puzzles import generate_levels
from lograph.core.solve import prepare
from tests.references import brute_force_fewest, code_of, press_matrix

#: Boards over Z_4 with quiet patterns (2×3: Z_2 × Z_4, not a free module) and over Z_6.
BOARDS = {
    "2x3 k=4": lambda: rectangle(2, 3, states=4),
    "2x2 open k=4": lambda: rectangle(2, 2, rule="open", states=4),
    "cycle 6 k=4": lambda: Board.from_graph(nx.cycle_graph(6), states=4),
    "path 5 k=6": lambda: Board.from_graph(nx.path_graph(5), states=6),
}


def judge(board: Board, lights: np.ndarray, table: tuple[np.ndarray, np.ndarray]) -> tuple:
    """(fewest presses, unique) of the position towards all off, by brute force."""
    k = board.states
    code = code_of((-lights.astype(np.int64)) % k, k)
    return int(table[0][code]), int(table[1][code]) == 1


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_level_matches_brute_force(name: str) -> None:
    board = BOARDS[name]()
    table = brute_force_fewest(press_matrix(board), board.states)
    counts = sorted({int(w) for w in table[0] if w >= 0})
    found = generate_levels(prepare(board), board, counts, seed=2, tries=40_000)
    assert not found.missing
    assert [lv.fewest for lv in found.levels] == counts  # rising difficulty, every count
    for level in found.levels:
        assert level.lights.max() < board.states
        assert judge(board, level.lights, table) == (level.fewest, level.unique)


@pytest.mark.parametrize("name", ["2x3 k=4", "cycle 6 k=4"])
def test_unique_levels_have_one_optimal_press_vector(name: str) -> None:
    board = BOARDS[name]()
    table = brute_force_fewest(press_matrix(board), board.states)
    counts = sorted({int(w) for w, c in zip(*table, strict=True) if w >= 0 and c == 1})
    found = generate_levels(prepare(board), board, counts, unique=True, seed=4, tries=40_000)
    assert not found.missing
    assert [lv.fewest for lv in found.levels] == counts
    for level in found.levels:
        assert level.unique
        assert judge(board, level.lights, table) == (level.fewest, True)
