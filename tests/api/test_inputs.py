"""`lograph.board` and the questions take every kind of graph and agree on it: a networkx
Petersen graph, its graph6 string, its adjacency matrix (numpy and scipy), its edge list, a
.g6 file, a Board and a PressSystem give the same answers, checked against a brute-force
count of quiet patterns; anything else is a one-line TypeError."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pytest
import scipy.sparse

import lograph as lo


def _quiet_count_by_brute_force(graph: nx.Graph) -> int:
    """How many press sets change no light (closed rule, GF(2)): every subset tried."""
    nodes = list(graph.nodes())
    index = {v: i for i, v in enumerate(nodes)}
    columns = []
    for v in nodes:
        mask = 1 << index[v]
        for u in graph.neighbors(v):
            mask ^= 1 << index[u]
        columns.append(mask)
    quiet = 0
    for presses in range(1 << len(nodes)):
        lights = 0
        for i in range(len(nodes)):
            if presses >> i & 1:
                lights ^= columns[i]
        quiet += lights == 0
    return quiet


PETERSEN = nx.petersen_graph()


def _petersen_inputs(tmp_path: Path) -> dict[str, Any]:
    g6 = nx.to_graph6_bytes(PETERSEN, header=False).strip().decode()
    path = tmp_path / "petersen.g6"
    path.write_text(g6 + "\n")
    return {
        "networkx": PETERSEN,
        "graph6 string": g6,
        "graph6 bytes": g6.encode(),
        "numpy adjacency": nx.to_numpy_array(PETERSEN, dtype=np.int64),
        "scipy adjacency": nx.to_scipy_sparse_array(PETERSEN),
        "scipy matrix": scipy.sparse.csr_matrix(nx.to_numpy_array(PETERSEN)),
        "edge list": list(PETERSEN.edges()),
        "file path (str)": str(path),
        "file path (Path)": path,
        "Board": lo.board(PETERSEN),
        "PressSystem": lo.board(PETERSEN).to_system(),
    }


def test_every_input_kind_gives_the_same_analysis(tmp_path: Path) -> None:
    quiet = _quiet_count_by_brute_force(PETERSEN)
    nullity = quiet.bit_length() - 1
    assert quiet == 1 << nullity
    for kind, given in _petersen_inputs(tmp_path).items():
        a = lo.analyze(given)
        assert (a.buttons, a.nullity, a.rank) == (10, nullity, 10 - nullity), kind
        assert lo.board(given).graph.number_of_edges() == 15, kind
        # the quiet basis really changes nothing
        system = lo.board(given).to_system()
        for pattern in a.quiet:
            assert not np.any(system.apply(pattern) % 2), kind


def test_a_directed_graph_and_an_asymmetric_matrix_are_directed_boards() -> None:
    g = nx.DiGraph([(0, 1), (1, 2), (2, 0)])
    from_graph = lo.board(g)
    from_matrix = lo.board(nx.to_numpy_array(g, dtype=np.int64))
    assert from_graph.directed
    assert from_matrix.directed
    assert (
        sorted(from_graph.edges())
        == sorted(from_matrix.edges())
        == [
            ("0", "1"),
            ("1", "2"),
            ("2", "0"),
        ]
    )
    # pressing 0 changes 0 and 1 only (closed rule, the arc 0 -> 1)
    from_graph.press("0")
    assert from_graph.lights().tolist() == [1, 1, 0]


def test_node_attributes_and_options_are_read() -> None:
    g = nx.path_graph(3)
    g.nodes[0]["light"] = 1
    g.nodes[2]["self_action"] = False
    g.nodes[1]["pos"] = (5.0, 7.0)
    b = lo.board(g, states=3, rule="open")
    assert (b.states, b.rule) == (3, "open")
    assert b.lights().tolist() == [1, 0, 0]
    assert b.position("1") == (5.0, 7.0)
    assert lo.board(b, lights=2).lights().tolist() == [2, 2, 2]
    assert b.lights().tolist() == [1, 0, 0], "an option copies the given board"
    assert lo.board(b) is b


def test_to_networkx_and_back_loses_nothing() -> None:
    b = lo.board(lo.torus(3, 4), states=5, rule="open", name="ring")
    b.set_lights(np.arange(12) % 5)
    b.set_self_action("r0c0", True)
    back = lo.board(lo.to_networkx(b))
    assert back.buttons == b.buttons
    assert sorted(back.edges()) == sorted(b.edges())
    assert back.lights().tolist() == b.lights().tolist()
    assert np.array_equal(back.positions(), b.positions())
    assert (back.states, back.rule, back.name) == (5, "open", "ring")
    assert np.array_equal(back.to_system().dense(), b.to_system().dense())


def test_a_press_system_becomes_an_equal_board() -> None:
    for made in (lo.rectangle(3, 4, states=3), lo.board(nx.DiGraph([(0, 1), (1, 0), (1, 2)]))):
        made.set_lights(np.arange(len(made)) % made.states)
        system = made.to_system()
        again = lo.board(system)
        assert again.buttons == made.buttons
        assert again.directed == made.directed
        assert np.array_equal(again.to_system().dense(), system.dense())
        assert again.lights().tolist() == made.lights().tolist()


def test_a_press_matrix_from_numpy_and_galois() -> None:
    import galois

    rng = np.random.default_rng(7)
    for _ in range(20):
        n = int(rng.integers(1, 7))
        matrix = rng.integers(0, 2, (n, n))
        made = lo.from_press_matrix(matrix)
        assert np.array_equal(made.to_system().dense(), matrix)
    gf3 = galois.GF(3)
    matrix = gf3([[1, 1, 0], [1, 1, 1], [0, 1, 0]])
    made = lo.from_press_matrix(matrix)
    assert made.states == 3
    assert np.array_equal(made.to_system().dense(), np.asarray(matrix))
    # pressing button 2 (column 2) changes light 1 only: its own light is off the diagonal
    made.press("2")
    assert made.lights().tolist() == [0, 1, 0]
    with pytest.raises(lo.BoardError, match="0 and 1 only"):
        lo.from_press_matrix(np.array([[2]]))
    with pytest.raises(lo.BoardError, match="square"):
        lo.from_press_matrix(np.ones((2, 3)))


@pytest.mark.parametrize(
    "bad",
    [3.5, None, {"a": 1}, object(), nx.MultiGraph([(0, 1), (0, 1)]), [(0, 1, 2)]],
    ids=["float", "None", "dict", "object", "multigraph", "triples"],
)
def test_anything_else_is_a_one_line_type_error(bad: Any) -> None:
    with pytest.raises(TypeError) as caught:
        lo.analyze(bad)
    message = str(caught.value)
    assert "\n" not in message
    assert "lograph cannot" in message


def test_the_type_error_names_what_it_got_and_what_it_takes() -> None:
    with pytest.raises(TypeError, match=r"a float; it takes a lograph Board.*networkx"):
        lo.board(3.5)


def test_a_missing_file_names_it() -> None:
    with pytest.raises(lo.BoardFormatError, match=r"no-such-board\.txt"):
        lo.board("no-such-board.txt")
