"""Puzzle generation and level packs, judged by brute force over every press vector and by
an independent enumeration of the board's automorphisms (every permutation of the buttons)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardError, BoardFormatError
from lograph.core.files.level_pack import (
    LevelPack,
    PackLevel,
    read_level_pack,
    write_level_pack,
)
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.optimize.puzzles import board_symmetries, generate_levels
from lograph.core.solve import prepare
from tests.core.boards import SMALL_BOARDS
from tests.references import brute_force_fewest, code_of, press_matrix

BOARDS = {**SMALL_BOARDS, "3x3": lambda: rectangle(3, 3)}


def reference(board: Board) -> tuple[np.ndarray, np.ndarray]:
    """Fewest presses and number of optimal press vectors of every light change."""
    return brute_force_fewest(press_matrix(board), board.states)


def judge(board: Board, lights: np.ndarray, table: tuple[np.ndarray, np.ndarray]) -> tuple:
    """(fewest presses, unique) of the position `lights` towards all off, by brute force."""
    code = code_of((-lights.astype(np.int64)) % board.states, board.states)
    return int(table[0][code]), int(table[1][code]) == 1


def every_symmetry(board: Board) -> set[tuple[int, ...]]:
    """Every permutation of the buttons that keeps the press matrix (n! candidates)."""
    a = press_matrix(board)
    n = len(board)
    return {
        perm
        for perm in itertools.permutations(range(n))
        if np.array_equal(a[np.ix_(perm, perm)], a)
    }


def image(lights: np.ndarray, perm: tuple[int, ...]) -> tuple[int, ...]:
    out = np.zeros_like(lights)
    out[list(perm)] = lights  # button i's light moves to button perm[i]
    return tuple(out.tolist())


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_level_matches_brute_force(name: str) -> None:
    board = BOARDS[name]()
    table = reference(board)
    counts = sorted({int(w) for w in table[0] if w >= 0})
    found = generate_levels(prepare(board), board, counts, seed=3, tries=40_000)
    assert not found.missing
    assert [lv.fewest for lv in found.levels] == counts  # rising difficulty
    for level in found.levels:
        assert judge(board, level.lights, table) == (level.fewest, level.unique)


@pytest.mark.parametrize("name", ["4x4", "cycle 12", "3x3 open p=3", "2x4 p=5"])
def test_unique_levels_have_one_optimal_press_vector(name: str) -> None:
    board = BOARDS[name]()
    table = reference(board)
    # every count some position needs with a unique optimum (by brute force)
    counts = sorted({int(w) for w, c in zip(*table, strict=True) if w >= 0 and c == 1})
    found = generate_levels(prepare(board), board, counts, unique=True, seed=1, tries=40_000)
    assert not found.missing
    assert [lv.fewest for lv in found.levels] == counts
    for level in found.levels:
        assert judge(board, level.lights, table) == (level.fewest, True)


TINY = {
    "cycle 7": lambda: Board.from_graph(nx.cycle_graph(7)),
    "2x3": lambda: rectangle(2, 3),
    "star 6 open": lambda: Board.from_graph(nx.star_graph(5), rule="open"),
    "directed ring 6": lambda: Board.from_graph(nx.cycle_graph(6, create_using=nx.DiGraph)),
    "path 5 p=3": lambda: rectangle(1, 5, states=3),
}


@pytest.mark.parametrize("name", sorted(TINY))
def test_symmetries_are_all_automorphisms(name: str) -> None:
    board = TINY[name]()
    found = {tuple(perm.tolist()) for perm in board_symmetries(board)}
    assert found == every_symmetry(board)


@pytest.mark.parametrize("name", sorted(TINY))
def test_one_level_per_orbit(name: str) -> None:
    # Orbits of positions needing k presses, counted independently: ask for exactly that many
    # levels, get them all, pairwise not alike; one more cannot be found.
    board = TINY[name]()
    table = reference(board)
    perms = every_symmetry(board)
    k = 2
    positions = [
        lights
        for lights in itertools.product(range(board.states), repeat=len(board))
        if judge(board, np.array(lights), table)[0] == k
    ]
    orbits = {min(image(np.array(lv), perm) for perm in perms) for lv in positions}
    solver = prepare(board)
    found = generate_levels(solver, board, [k] * len(orbits), seed=5, tries=20_000)
    assert not found.missing
    keys = [min(image(lv.lights, perm) for perm in perms) for lv in found.levels]
    assert len(set(keys)) == len(orbits)
    more = generate_levels(solver, board, [k] * (len(orbits) + 1), seed=5, tries=2000)
    assert more.missing == {k: 1}
    assert more.tries == 2000


def test_same_seed_same_levels() -> None:
    board = rectangle(5, 5)
    solver = prepare(board)
    runs = [generate_levels(solver, board, [3, 7, 11], seed=9) for _ in range(2)]
    assert [lv.lights.tolist() for lv in runs[0].levels] == [
        lv.lights.tolist() for lv in runs[1].levels
    ]


def test_impossible_counts_are_refused() -> None:
    board = rectangle(2, 2)
    with pytest.raises(BoardError, match="at most 4 presses"):
        generate_levels(prepare(board), board, [5])
    with pytest.raises(BoardError, match="cannot need -1"):
        generate_levels(prepare(board), board, [-1])


def test_pack_round_trip(tmp_path: Path) -> None:
    board = rectangle(3, 4, states=3)
    found = generate_levels(prepare(board), board, [2, 4, 6], seed=2)
    levels = [PackLevel(lv.lights, lv.fewest, lv.unique) for lv in found.levels]
    path = tmp_path / "pack.json"
    write_level_pack(LevelPack("three", board, levels), path)
    back = read_level_pack(path)
    assert back.name == "three"
    assert back.board.buttons == board.buttons
    assert back.board.states == 3
    assert back.board.edges() == board.edges()
    assert [(lv.lights.tolist(), lv.fewest, lv.unique) for lv in back.levels] == [
        (lv.lights.tolist(), lv.fewest, lv.unique) for lv in levels
    ]
    doc = json.loads(path.read_text())
    assert all(0 not in lv["lights"].values() for lv in doc["levels"])  # only lit buttons


def _good() -> dict:
    board = rectangle(2, 2)
    lights = np.array([1, 1, 0, 0], dtype=np.uint8)
    pack = LevelPack("ok", board, [PackLevel(lights, 1, True)])
    from lograph.core.files.level_pack import pack_text

    return dict(json.loads(pack_text(pack)))


def _edit(**changes: object) -> dict:
    doc = _good()
    doc.update(changes)
    return doc


def _level(**changes: object) -> dict:
    doc = _good()
    doc["levels"][0].update(changes)
    return doc


BAD_PACKS = {
    "not json": "{",
    "list": "[]",
    "board file": json.dumps({**_good(), "format": "lograph"}),
    "wrong format": json.dumps(_edit(format="lograph-packs")),
    "no format": json.dumps({k: v for k, v in _good().items() if k != "format"}),
    "version 2": json.dumps(_edit(version=2)),
    "version true": json.dumps(_edit(version=True)),
    "name number": json.dumps(_edit(name=3)),
    "no board": json.dumps(_edit(board=None)),
    "bad board": json.dumps(_edit(board={"format": "lograph", "version": 1, "nodes": 3})),
    "board states 256": json.dumps(_edit(board={**_good()["board"], "states": 256})),
    "levels not list": json.dumps(_edit(levels={})),
    "level not object": json.dumps(_edit(levels=[1])),
    "no fewest": json.dumps(_edit(levels=[{"lights": {}, "unique": True}])),
    "unknown button": json.dumps(_level(lights={"r9c9": 1})),
    "light 2 on p=2": json.dumps(_level(lights={"r0c0": 2})),
    "light negative": json.dumps(_level(lights={"r0c0": -1})),
    "light true": json.dumps(_level(lights={"r0c0": True})),
    "lights list": json.dumps(_level(lights=["r0c0"])),
    "fewest negative": json.dumps(_level(fewest=-1)),
    "fewest float": json.dumps(_level(fewest=1.0)),
    "fewest bool": json.dumps(_level(fewest=True)),
    "fewest too many": json.dumps(_level(fewest=5)),
    "fewest huge": json.dumps(_level(fewest=10**40)).replace("1" + "0" * 40, "9" * 5000),
    "unique string": json.dumps(_level(unique="yes")),
    "NaN": json.dumps(_level(fewest=1)).replace('"fewest": 1', '"fewest": NaN'),
    "deep": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("name", sorted(BAD_PACKS))
def test_bad_packs_give_one_clear_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / "pack.json"
    path.write_text(BAD_PACKS[name])
    with pytest.raises(BoardFormatError) as caught:
        read_level_pack(path)
    message = str(caught.value)
    assert message.startswith(str(path))
    assert "\n" not in message
    assert len(message) < 300
