"""Native JSON straight to and from arrays (`lograph.core.files.fast_json`).

The independent answer is the networkx path that always existed: `native_json.loads` builds
an editable board through a networkx graph, `Board.to_system` its press matrix, and
`native_json.dumps` writes node-link data with networkx. The array path must agree with it
on every sample and on random boards of every kind, byte for byte and error for error.
"""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lograph.core.errors import BoardFormatError
from lograph.core.files import (
    fast_graphml,
    fast_json,
    graphml,
    native_json,
    read_board,
    read_system,
    write_board,
)
from lograph.core.files.samples import sample_file, sample_names
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.model.system import PressSystem
from tests.references import system_matrix

SAMPLES = [name for name in sample_names() if name.endswith(".json")]


def same_system(a: PressSystem, b: PressSystem) -> None:
    for field in ("indptr", "indices", "lights", "coords", "positions"):
        left, right = getattr(a, field), getattr(b, field)
        assert (left is None) == (right is None), field
        if left is not None:
            assert np.array_equal(left, right), field
    assert list(a.names) == list(b.names)
    assert (a.states, a.rule, a.name, a.symmetric) == (b.states, b.rule, b.name, b.symmetric)


def networkx_system(path: Path, **overrides: object) -> PressSystem:
    return native_json.loads(path, path.read_text("utf-8"), **overrides).to_system()  # type: ignore[arg-type]


def random_board(rng: np.random.Generator, states: int, directed: bool) -> Board:
    """Odd ids, holes in the numbering, self-action overrides either way, any lights."""
    board = Board(directed=directed, rule=str(rng.choice(["closed", "open"])), states=states)
    n = int(rng.integers(1, 30))
    ids = [f"r{i}c{int(rng.integers(0, 4))}" for i in range(n)] if rng.random() < 0.3 else []
    ids = ids or [str(rng.choice(["b", "Ω", 'q"', "a b", "x\\"])) + str(i) for i in range(n)]
    for v in ids:
        override = [None, True, False][int(rng.integers(0, 3))]
        pos = (float(rng.normal()), float(rng.integers(-5, 5)))
        board.add_button(v, pos=pos, light=int(rng.integers(0, states)), self_action=override)
    for _ in range(int(rng.integers(0, 3 * n + 1))):
        u, w = rng.choice(n, size=2)
        if u != w:
            board.add_edge(ids[u], ids[w])
    return board


@pytest.mark.parametrize("name", SAMPLES)
def test_samples_read_as_the_networkx_path_reads_them(tmp_path: Path, name: str) -> None:
    path = tmp_path / Path(name).name
    path.write_bytes(sample_file(name).read_bytes())
    fast = read_system(path)
    same_system(fast, networkx_system(path))
    same_system(
        read_system(path, rule="open", states=7), networkx_system(path, rule="open", states=7)
    )
    assert np.array_equal(system_matrix(fast), system_matrix(read_board(path).to_system()))


@pytest.mark.parametrize("seed", range(40))
def test_random_boards_round_trip(tmp_path: Path, seed: int) -> None:
    rng = np.random.default_rng(seed)
    states = [2, 3, 4, 5, 6, 9][seed % 6]  # prime and composite k
    board = random_board(rng, states, directed=seed % 2 == 1)
    path = tmp_path / "board.json"
    write_board(board, path)
    fast = fast_json.read_system(path, path.read_text("utf-8"))
    same_system(fast, networkx_system(path))
    same_system(fast, board.to_system())


@pytest.mark.parametrize("seed", range(20))
def test_writer_gives_the_networkx_writers_bytes(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(100 + seed)
    board = random_board(rng, [2, 3, 4, 6][seed % 4], directed=seed % 3 == 0)
    for v in board.buttons:  # a system keeps the diagonal, not an override equal to the rule
        if board.self_action_override(v) == (board.rule == "closed"):
            board.set_self_action(v, None)
    # the text is made in pieces of CHUNK_LINES lines: 1, 2, 3 lines or all at once
    monkeypatch.setattr(fast_json, "CHUNK_LINES", [1, 2, 3, 1 << 14][seed % 4])
    text = fast_json.system_text(board.to_system(), directed=board.directed)
    assert text == native_json.dumps(board)


def test_writer_on_a_holed_grid_with_a_description() -> None:
    board = rectangle(4, 6, holes=[(0, 0), (2, 3)], states=4)
    board.set_lights(np.arange(len(board)) % 4)
    board.description = "a grid\nwith a note"
    text = fast_json.system_text(board.to_system(), description=board.description)
    assert text == native_json.dumps(board)


def test_plain_node_link_data_and_missing_positions_take_the_checked_path(tmp_path: Path) -> None:
    graph = nx.path_graph(4)  # integer ids, no positions: the networkx path lays them out
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(nx.node_link_data(graph, edges="edges")), "utf-8")
    same_system(read_system(path), networkx_system(path))


BAD_NODES = {
    "duplicate id": [{"id": "a", "pos": [0, 0]}, {"id": "a", "pos": [1, 0]}],
    "light out of range": [{"id": "a", "pos": [0, 0], "light": 2}],
    "light a bool": [{"id": "a", "pos": [0, 0], "light": True}],
    "padded id": [{"id": " a", "pos": [0, 0]}],
    "control in id": [{"id": "a\u0007", "pos": [0, 0]}],
    "pos of three": [{"id": "a", "pos": [0, 0, 0]}],
    "pos a bool": [{"id": "a", "pos": [True, 0]}],
    "self action a number": [{"id": "a", "pos": [0, 0], "self_action": 1}],
    "no id": [{"pos": [0, 0]}],
    "not an object": ["a"],
}


@pytest.mark.parametrize("case", sorted(BAD_NODES))
@pytest.mark.parametrize("edges", [[], [{"source": "a", "target": "zz"}], [{"source": "a"}]])
def test_bad_files_give_the_networkx_paths_error(tmp_path: Path, case: str, edges: list) -> None:
    path = tmp_path / "bad.json"
    doc = {"format": "lograph", "version": 1, "nodes": BAD_NODES[case], "edges": edges}
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.raises(BoardFormatError) as slow:
        read_board(path)
    with pytest.raises(BoardFormatError) as fast:
        read_system(path)
    assert str(fast.value) == str(slow.value)


def test_bad_edges_give_the_networkx_paths_error(tmp_path: Path) -> None:
    nodes = [{"id": "a", "pos": [0, 0]}, {"id": "b", "pos": [1, 0]}]
    for edges in ([{"source": "a", "target": "c"}], [{"source": "a", "target": "a"}], [7]):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({"nodes": nodes, "edges": edges}), "utf-8")
        with pytest.raises(BoardFormatError) as slow:
            read_board(path)
        with pytest.raises(BoardFormatError) as fast:
            read_system(path)
        assert str(fast.value) == str(slow.value)


@pytest.mark.parametrize("seed", range(20))
def test_graphml_writer_gives_the_networkx_writers_bytes(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(200 + seed)
    board = random_board(rng, [2, 3, 4, 6][seed % 4], directed=seed % 3 == 0)
    board.name = ["", "plain", "a & <b> \"c\" 'd' é"][seed % 3]
    for v in board.buttons:  # a system keeps the diagonal, not an override equal to the rule
        if board.self_action_override(v) == (board.rule == "closed"):
            board.set_self_action(v, None)
    monkeypatch.setattr(fast_graphml, "CHUNK_LINES", [1, 2, 3, 1 << 14][seed % 4])
    text = fast_graphml.system_text(board.to_system(), directed=board.directed)
    assert text == graphml.dumps(board)
