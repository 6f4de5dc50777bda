"""The graph6 nullity kernel against galois, brute force and the per-graph census path,
on random graphs of every one-byte graph6 size."""

from __future__ import annotations

import io
import itertools
import random
from collections import Counter
from pathlib import Path

import galois
import networkx as nx
import numpy as np
import pytest

from lograph.core.census import stream
from lograph.core.census.families import parse_family
from lograph.core.census.rows import CensusSpec, columns_for, compute_row
from lograph.core.census.stream import Counts, scan
from lograph.core.kernels.graph6_rank import graph6_nullities
from tests.core.census.geng import geng_lines

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


def _brute_nullities(lines: list[bytes]) -> Counter[tuple[int, int, int, int]]:
    """(n, edges, nullity of A + I, nullity of A) of every line, counted, by brute force:
    all 2^n vectors multiplied by each matrix (numpy, 256 graphs of one size at a time)."""
    found: Counter[tuple[int, int, int, int]] = Counter()
    by_size: dict[int, list[np.ndarray]] = {}
    for line in lines:
        graph = nx.from_graph6_bytes(line.strip())
        n = graph.number_of_nodes()
        by_size.setdefault(n, []).append(nx.to_numpy_array(graph, sorted(graph), dtype=np.int64))
    for n, matrices in by_size.items():
        if n > 12:  # 2^n vectors too many: galois
            for a in matrices:
                found[(n, int(a.sum()) // 2, _nullity(a + np.eye(n, dtype=np.int64)),
                       _nullity(a))] += 1  # fmt: skip
            continue
        vectors = (np.arange(1 << n)[None, :] >> np.arange(n)[:, None]) & 1  # (n, 2^n)
        for at in range(0, len(matrices), 256):  # a few MB at a time
            a = np.array(matrices[at : at + 256]).reshape(-1, n, n)
            edges = a.sum(axis=(1, 2)) // 2
            closed = ((((a + np.eye(n, dtype=np.int64)) @ vectors) % 2).any(axis=1) == 0).sum(1)
            open_ = (((a @ vectors) % 2).any(axis=1) == 0).sum(axis=1)
            for e, c, o in zip(edges.tolist(), closed.tolist(), open_.tolist(), strict=True):
                found[(n, e, c.bit_length() - 1, o.bit_length() - 1)] += 1
    return found


@pytest.fixture
def kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """`scan` counts with the compiled kernel from the first block (not with numpy)."""
    monkeypatch.setattr(stream, "compiled_ready", lambda *kernels: True)


def _scanned(lines: list[bytes]) -> Counter[tuple[int, int, int, int]]:
    counts = Counts()
    scan(io.BytesIO(b"".join(lines)).readinto, counts)
    return Counter({row[:4]: row[4] for row in counts.rows()})


def test_every_graph_up_to_7_vertices_in_gengs_order(kernel: None) -> None:
    """geng writes a graph's children one after another: the kernel's fast path keeps the
    parent's basis over them. Every unlabelled graph on 1..7 vertices, against brute force."""
    lines = [line + b"\n" for n in range(1, 8) for line in geng_lines(str(n)).split()]
    assert len(lines) == 1 + 2 + 4 + 11 + 34 + 156 + 1044
    assert _scanned(lines) == _brute_nullities(lines)


def test_every_labelled_graph_on_6_vertices(kernel: None) -> None:
    """All 2^15 labelled graphs on 6 vertices in the order of their graph6 bits: runs of 32
    children of each of the 2^10 labelled parents on 5 vertices, against brute force."""
    lines = []
    for mask in range(1 << 15):
        body = [(mask >> (14 - 6 * k - b)) & 1 if 6 * k + b < 15 else 0 for k in range(3)
                for b in range(6)]  # fmt: skip
        six = [
            sum(bit << (5 - b) for b, bit in enumerate(body[6 * k : 6 * k + 6])) for k in range(3)
        ]
        lines.append(bytes([63 + 6, *(63 + x for x in six)]) + b"\n")
    assert _scanned(lines) == _brute_nullities(lines)


@pytest.mark.parametrize("args", [("9", "0/40"), ("-c", "10", "0/512"), ("10", "0/4096")])
def test_gengs_graphs_on_9_and_10_vertices(args: tuple[str, ...], kernel: None) -> None:
    lines = [line + b"\n" for line in geng_lines(*args).split()]
    assert len(lines) > 1000
    assert _scanned(lines) == _brute_nullities(lines)


def test_children_of_random_parents_between_other_lines(kernel: None) -> None:
    """Runs of graphs sharing their first n - 1 vertices, broken by other sizes, CR LF
    lines, blank lines and graphs past the fast path's 16 vertices."""
    rng = random.Random(5)
    lines = []
    for _ in range(60):
        n = rng.choice(range(2, 19))
        parent = nx.gnp_random_graph(n - 1, rng.random(), seed=rng.randrange(1 << 30))
        for _child in range(rng.randrange(1, 12)):
            child = parent.copy()
            child.add_node(n - 1)
            child.add_edges_from((i, n - 1) for i in range(n - 1) if rng.random() < 0.5)
            lines.append(_line(child))
        lines.append(rng.choice([b"\n", b"A_\r\n", _line(nx.path_graph(rng.randrange(1, 6)))]))
    counted = [line for line in lines if line.strip()]
    assert _scanned(lines) == _brute_nullities(counted)
