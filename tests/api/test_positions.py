"""`lo.preset` and `lo.transform`: new boards with the core's lights, the input untouched,
any board-like input."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

import lograph as lo
from lograph.core.model.presets import PRESETS
from lograph.core.model.transforms import TRANSFORMS


def test_preset_returns_a_new_board_and_leaves_the_input_alone() -> None:
    board = lo.board(lo.torus(4, 4, states=3), lights=1, name="t")
    for name in PRESETS:
        new = lo.preset(board, name, seed=2)
        assert new is not board
        assert board.lights().tolist() == [1] * 16
        assert (new.name, new.states, new.rule, new.edges()) == ("t", 3, "closed", board.edges())
    assert lo.preset(board, "border").lights().reshape(4, 4).tolist() == [
        [2, 2, 2, 2],
        [2, 0, 0, 2],
        [2, 0, 0, 2],
        [2, 2, 2, 2],
    ]


def test_transform_returns_a_new_board_and_leaves_the_input_alone() -> None:
    board = lo.board(lo.rectangle(2, 3, states=4), lights=[0, 1, 2, 3, 0, 1])
    for name in TRANSFORMS:
        new = lo.transform(board, name, seed=0)
        assert new is not board
        assert board.lights().tolist() == [0, 1, 2, 3, 0, 1]
    assert lo.transform(board, "invert").lights().tolist() == [1, 2, 3, 0, 1, 2]
    assert lo.transform(board, "complement").lights().tolist() == [3, 2, 1, 0, 3, 2]
    assert lo.transform(board, "rotate").lights().tolist() == [0, 2, 3, 1, 0, 2]
    assert lo.transform(board, "shift-up").lights().tolist() == [3, 0, 1, 0, 1, 2]


def test_any_board_like_input() -> None:
    cycle = lo.preset(nx.cycle_graph(6), "chessboard")
    assert isinstance(cycle, lo.Board)
    assert cycle.lights().tolist() == [0, 1, 0, 1, 0, 1]
    system = lo.rectangle(3, 3).to_system()
    assert lo.preset(system, "corners").lights().tolist() == [1, 0, 1, 0, 0, 0, 1, 0, 1]


def test_seeds_and_generators() -> None:
    board = lo.rectangle(6, 6, states=5)
    one = lo.preset(board, "random", seed=11).lights()
    assert (
        one.tolist() == lo.preset(board, "random", seed=np.random.default_rng(11)).lights().tolist()
    )
    assert lo.transform(board, "scramble", seed=3).lights().tolist() == (
        lo.transform(board, "scramble", seed=3).lights().tolist()
    )


def test_random_solvable_reaches_either_goal() -> None:
    board = lo.rectangle(4, 4, states=6)
    for seed in range(5):
        assert lo.is_solvable(lo.preset(board, "random-solvable", seed=seed))
        on = lo.preset(board, "random-solvable", seed=seed, goal="on")
        assert lo.is_solvable(on, "on")


def test_refusals_are_board_errors() -> None:
    with pytest.raises(lo.BoardError, match="r1c1 is a hole"):
        lo.transform(lo.rectangle(3, 3, holes=[(1, 1)]), "shift-left")
    with pytest.raises(lo.BoardError, match="odd cycle"):
        lo.preset(lo.named("petersen"), "chessboard")
    with pytest.raises(lo.BoardError, match="unknown transform"):
        lo.transform(lo.rectangle(2, 2), "mirror")
