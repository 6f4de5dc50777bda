"""The classic games gallery (``lograph/samples/classic``) against rules written out by hand.

Each game's press table is typed here from its published description (Merlin's as the nine
sets of the handheld's instructions), or built with networkx; published figures check the
analysis: Orbix game 1 has 4096 positions with Jaap Scherphuis's depth table (at most 12
presses), the 1995 5×5 has nullity 2 and needs at most 15 presses.
"""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from networkx.algorithms.isomorphism import GraphMatcher

from lograph.core.files.samples import classic_names, read_sample, sample_names, sample_title
from lograph.core.model.board import Board
from tests.references import graph_press_matrix, histogram, press_matrix, rank_mod_p

CLASSIC = Path(__file__).resolve().parents[3] / "graphs" / "classic"


def grid_matrix(rows: int, cols: int, offsets, periodic: bool = False) -> np.ndarray:
    n = rows * cols
    a = np.zeros((n, n), dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            a[r * cols + c, r * cols + c] = 1
            for dr, dc in offsets:
                rr, cc = r + dr, c + dc
                if periodic:
                    rr, cc = rr % rows, cc % cols
                if 0 <= rr < rows and 0 <= cc < cols:
                    a[rr * cols + cc, r * cols + c] = 1
    return a


PLUS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
CROSS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def test_every_classic_game_is_listed_shipped_and_linked() -> None:
    names = classic_names()
    assert len(names) == 9
    assert set(names) <= set(sample_names())
    for name in names:
        link = CLASSIC / name.removeprefix("classic/")
        assert link.is_symlink()
        assert (
            link.resolve().read_bytes()
            == (CLASSIC.parents[1] / "lograph" / "samples" / name).read_bytes()
        )
        title, description = sample_title(name)
        board = read_sample(name)
        assert (board.name, board.description) == (title, description)
        assert len(description) > 40


@pytest.mark.parametrize(
    ("name", "rows", "cols", "offsets", "states", "periodic"),
    [
        ("lights-out-1995.json", 5, 5, PLUS, 2, False),
        ("lights-out-mini.json", 4, 4, PLUS, 2, False),
        ("lights-out-deluxe.json", 6, 6, PLUS, 2, False),
        ("lights-out-deluxe-x.json", 6, 6, CROSS, 2, False),
        ("lights-out-2000.json", 5, 5, PLUS, 3, False),
        ("lights-out-keychain.json", 4, 4, PLUS, 2, True),
    ],
)
def test_grid_games_match_their_rules(name, rows, cols, offsets, states, periodic) -> None:
    board = read_sample(f"classic/{name}")
    assert board.states == states
    assert np.array_equal(press_matrix(board), grid_matrix(rows, cols, offsets, periodic))


def test_merlins_magic_square_acts_as_the_instructions_say() -> None:
    # buttons 1..9 row by row: corners flip their 2×2 block, sides their border row,
    # the centre its plus
    acts = {
        1: {1, 2, 4, 5}, 2: {1, 2, 3}, 3: {2, 3, 5, 6},
        4: {1, 4, 7}, 5: {2, 4, 5, 6, 8}, 6: {3, 6, 9},
        7: {4, 5, 7, 8}, 8: {7, 8, 9}, 9: {5, 6, 8, 9},
    }  # fmt: skip
    board = read_sample("classic/merlins-magic-square.json")
    assert board.directed
    expected = np.zeros((9, 9), dtype=np.int64)
    for pressed, changed in acts.items():
        for light in changed:
            expected[light - 1, pressed - 1] = 1
    assert np.array_equal(press_matrix(board), expected)
    assert board.lights().tolist() == [1, 1, 1, 1, 0, 1, 1, 1, 1]  # the goal ring
    assert rank_mod_p(expected, 2) == 9  # every position can be made


def test_lights_out_cube_is_the_symmetric_4_regular_facelet_graph() -> None:
    board = read_sample("classic/lights-out-cube.json")
    graph = nx.Graph(board.graph)
    assert len(graph) == 54
    assert all(d == 4 for _, d in graph.degree())
    # a corner facelet: two neighbours on its face, one on each of the two faces it touches
    assert sorted(v[0] for v in graph["U1"]) == ["B", "L", "U", "U"]
    assert sorted(graph["F5"]) == ["F2", "F4", "F6", "F8"]
    # a rightly glued cube has the cube's 48 symmetries and no more
    assert sum(1 for _ in GraphMatcher(graph, graph).isomorphisms_iter()) == 48
    assert rank_mod_p(press_matrix(board), 2) == 48


def test_orbix_game_one_matches_jaaps_table() -> None:
    board = read_sample("classic/orbix.json")
    assert board.rule == "open"
    assert nx.is_isomorphic(nx.Graph(board.graph), nx.icosahedral_graph())
    order = list(board.buttons)
    a = graph_press_matrix(board.graph, order, dict.fromkeys(order, False))
    assert histogram(a, 2) == [comb(12, k) for k in range(13)]  # 1 12 66 220 495 792 924 …


def test_the_1995_game_has_nullity_two() -> None:
    assert rank_mod_p(press_matrix(read_sample("classic/lights-out-1995.json")), 2) == 23


def test_descriptions_round_trip_and_are_validated(tmp_path: Path) -> None:
    from lograph.core.errors import BoardFormatError
    from lograph.core.files import read_board, write_board

    board = Board(name="x")
    board.add_button("a")
    board.description = "a line about it"
    write_board(board, tmp_path / "b.json")
    assert read_board(tmp_path / "b.json").description == "a line about it"
    assert read_board(tmp_path / "b.json").copy().description == "a line about it"
    doc = json.loads((tmp_path / "b.json").read_text())
    for bad, words in [(7, "must be str"), ("x" * 5000, "too long"), ("a\x00b", "control")]:
        doc["description"] = bad
        (tmp_path / "c.json").write_text(json.dumps(doc))
        with pytest.raises(BoardFormatError, match=words):
            read_board(tmp_path / "c.json")
    board.description = ""
    write_board(board, tmp_path / "d.json")
    assert "description" not in (tmp_path / "d.json").read_text()
