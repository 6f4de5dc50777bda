"""The graph6 nullity kernel against galois, brute force and the per-graph census path,
on random graphs of every one-byte graph6 size."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import galois
import networkx as nx
import numpy as np
import pytest

from lograph.core.census.families import parse_family
from lograph.core.census.rows import CensusSpec, columns_for, compute_row
from lograph.core.kernels.graph6_rank import graph6_nullities

GF2 = galois.GF(2)


def _line(graph: nx.Graph) -> bytes:
    return nx.to_graph6_bytes(graph, header=False)


def _figures(lines: list[bytes]) -> np.ndarray:
    data = b"".join(lines)
    starts = np.cumsum([0] + [len(line) for line in lines[:-1]], dtype=np.int64)
    return graph6_nullities(np.frombuffer(data, dtype=np.uint8), starts)


def _nullity(matrix: np.ndarray) -> int:
    n = matrix.shape[0]
    return n - int(np.linalg.matrix_rank(GF2(matrix % 2))) if n else 0


def _random_graphs(seed: int, count: int, sizes: range) -> list[nx.Graph]:
    rng = random.Random(seed)
    graphs = []
    for _ in range(count):
        n = rng.choice(sizes)
        graphs.append(nx.gnp_random_graph(n, rng.random(), seed=rng.randrange(1 << 30)))
    return graphs


@pytest.mark.parametrize(("seed", "sizes"), [(1, range(0, 17)), (2, range(17, 63))])
def test_random_graphs_match_galois(seed: int, sizes: range) -> None:
    graphs = _random_graphs(seed, 150, sizes)
    got = _figures([_line(g) for g in graphs])
    for graph, (n, edges, closed, open_) in zip(graphs, got, strict=True):
        a = nx.to_numpy_array(graph, nodelist=sorted(graph), dtype=np.int64)
        assert (n, edges) == (graph.number_of_nodes(), graph.number_of_edges())
        assert closed == _nullity(a + np.eye(n, dtype=np.int64))
        assert open_ == _nullity(a)


def _brute_nullity(matrix: np.ndarray) -> int:
    n = matrix.shape[0]
    zero = sum(
        1
        for x in itertools.product((0, 1), repeat=n)
        if not (matrix @ np.array(x, dtype=np.int64) % 2).any()
    )
    return zero.bit_length() - 1


def test_every_graph_on_five_vertices_matches_brute_force() -> None:
    graphs = [g for g in nx.graph_atlas_g() if 1 <= g.number_of_nodes() <= 5]
    got = _figures([_line(g) for g in graphs])
    for graph, (n, _edges, closed, open_) in zip(graphs, got, strict=True):
        a = nx.to_numpy_array(graph, nodelist=sorted(graph), dtype=np.int64)
        assert closed == _brute_nullity(a + np.eye(n, dtype=np.int64))
        assert open_ == _brute_nullity(a)


@pytest.mark.parametrize("rule", ["closed", "open"])
def test_the_per_graph_census_path_agrees(tmp_path: Path, rule: str) -> None:
    graphs = _random_graphs(3, 40, range(1, 13))
    path = tmp_path / "g.g6"
    path.write_bytes(b"".join(_line(g) for g in graphs))
    got = _figures([_line(g) for g in graphs])
    nullity = columns_for("graph6").index("nullity")
    spec = CensusSpec(rule=rule, worst=False)
    for case, figures in zip(parse_family("graph6", [str(path)]).cases(), got, strict=True):
        row = compute_row(spec, case)
        assert row[nullity] == figures[2 if rule == "closed" else 3]


def test_a_line_that_is_not_graph6_is_marked() -> None:
    data = b"A_\nA*\n" + b"~?@c\n"  # a bad data byte; a size past one byte
    got = graph6_nullities(np.frombuffer(data, dtype=np.uint8), np.array([0, 3, 6]))
    assert got[:, 0].tolist() == [2, -1, -1]
