"""Counting graph6 streams block by block (`scan`) and piece by piece (`count_piece`): the
counts never depend on how the bytes arrive or how the work is cut."""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lograph.core.census import stream
from lograph.core.census.compose import all_graphs
from lograph.core.census.sources import FileSource, count_piece
from lograph.core.census.stream import Counts, Where, scan
from lograph.core.errors import BoardFormatError, LographError
from lograph.core.kernels.graph6_rank import graph6_nullities, graph6_rows_in_numpy


def _lines(seed: int = 0, count: int = 300, sizes: range = range(0, 14)) -> list[bytes]:
    rng = random.Random(seed)
    return [
        nx.to_graph6_bytes(
            nx.gnp_random_graph(rng.choice(sizes), rng.random(), seed=rng.randrange(1 << 30)),
            header=False,
        )
        for _ in range(count)
    ]


def _expected(lines: list[bytes]) -> Counter[tuple[int, ...]]:
    data = b"".join(lines)
    starts = np.cumsum([0] + [len(x) for x in lines[:-1]], dtype=np.int64)
    rows = graph6_nullities(np.frombuffer(data, dtype=np.uint8), starts)
    return Counter(tuple(int(x) for x in row) for row in rows)


def _counted(counts: Counts) -> Counter[tuple[int, ...]]:
    return Counter({row[:4]: row[4] for row in counts.rows()})


def _trickle(data: bytes, size: int) -> Callable[[memoryview], int]:
    """A readinto giving at most `size` bytes a call (a pipe, a slow stream)."""
    source = io.BytesIO(data)
    return lambda view: source.readinto(view[:size])


@pytest.mark.parametrize("size", [1, 7, 1 << 20])
def test_counts_do_not_depend_on_how_the_bytes_arrive(size: int) -> None:
    lines = _lines()
    counts = Counts()
    assert scan(_trickle(b"".join(lines), size), counts) == len(lines)
    assert _counted(counts) == _expected(lines)


def test_blocks_larger_than_one_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "BLOCK", 64)
    lines = _lines(1, 500, range(20, 40))  # lines longer than a block's rest
    counts = Counts()
    scan(io.BytesIO(b"".join(lines)).readinto, counts)
    assert _counted(counts) == _expected(lines)


def test_header_blank_lines_crlf_and_a_last_line_without_newline() -> None:
    data = b">>graph6<<A_\n\nBw\r\n\r\nCF"
    counts = Counts()
    assert scan(io.BytesIO(data).readinto, counts) == 3
    assert _counted(counts) == _expected([b"A_\n", b"Bw\n", b"CF\n"])


@pytest.mark.parametrize(
    ("data", "where"),
    [(b"A_\nA*\n", "byte 3"), (b"A_\n:Bw\n", "byte 3"), (b"A_\n~?@c\n", "byte 3"),
     (b"Bw\nBww\n", "byte 3"), (b"A_\nD\n", "byte 3"), (b"A_\nG??", "cut off")],
)  # fmt: skip
def test_a_bad_line_is_named_by_its_offset(data: bytes, where: str) -> None:
    with pytest.raises(BoardFormatError, match=where):
        scan(io.BytesIO(data).readinto, Counts(), name="g.g6")


def test_where_selects_lines_and_many_matches_fill_several_batches() -> None:
    base = _lines(2, 200)
    chosen = [line for line in base if _expected([line]).most_common(1)[0][0][2] == 0]
    kept: list[bytes] = []
    counts = Counts()
    scan(
        io.BytesIO(b"".join(base * 400)).readinto,
        counts,
        where=Where.parse("closed=0"),
        write=lambda view: kept.append(bytes(view)),
    )  # 80,000 lines: several batches
    assert b"".join(kept) == b"".join(chosen * 400)


def test_where_parses_conditions() -> None:
    assert Where.parse("nullity=1", "closed").bounds[4:6] == (1, 1)
    assert Where.parse("nullity<2,edges>3", "open").bounds[2:] == (4, 1891, 0, 62, 0, 1)
    with pytest.raises(LographError, match="--where"):
        Where.parse("colour=2")


@pytest.mark.parametrize("pieces", [1, 2, 3, 17, 5000])
def test_file_pieces_add_up_to_the_file(tmp_path: Path, pieces: int) -> None:
    lines = _lines(3)
    path = tmp_path / "g.g6"
    path.write_bytes(b"".join(lines))
    source = FileSource(str(path), path.stat().st_size, pieces)
    total = Counts()
    graphs = 0
    for piece in range(pieces):
        result = count_piece(source, piece)
        total.add_rows(result.rows)
        graphs += result.graphs
    assert graphs == len(lines)
    assert _counted(total) == _expected(lines)


def test_a_piece_writes_its_matching_graphs_whole(tmp_path: Path) -> None:
    lines = _lines(4)
    path = tmp_path / "g.g6"
    path.write_bytes(b"".join(lines))
    target = tmp_path / "m.g6"
    result = count_piece(FileSource(str(path), path.stat().st_size, 1), 0,
                         Where.parse("open=0"), str(target))  # fmt: skip
    kept = target.read_bytes().splitlines(keepends=True)
    assert result.matched == len(kept) > 0
    assert all(_expected([line]).most_common(1)[0][0][3] == 0 for line in kept)
    assert not (tmp_path / "m.g6.part").exists()


def test_all_graphs_from_connected_ones() -> None:
    connected = Counts()
    every = Counts()
    for graph in nx.graph_atlas_g()[1:]:  # every graph on 1..7 vertices
        line = nx.to_graph6_bytes(graph, header=False)
        scan(io.BytesIO(line).readinto, every)
        if nx.is_connected(graph):
            scan(io.BytesIO(line).readinto, connected)
    assert _counted(all_graphs(connected, 7)) == _counted(every)


def test_graphs_past_the_dense_histogram_are_counted_too() -> None:
    lines = _lines(5, 3000, range(14, 40))  # more large graphs than one kernel call keeps
    counts = Counts()
    scan(io.BytesIO(b"".join(lines)).readinto, counts)
    assert counts.large
    assert _counted(counts) == _expected(lines)
    assert counts.graphs == len(lines)


@pytest.mark.parametrize("seed", range(4))
def test_blocks_counted_with_numpy_match_the_kernel(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the kernel is not compiled (a fresh install) the first `NUMPY_BLOCKS` blocks are
    counted with numpy, then the kernel goes on: the same counts and the same matching
    lines, in order, as the kernel alone."""
    monkeypatch.setattr(stream, "compiled_ready", lambda *kernels: False)
    monkeypatch.setattr(stream, "BLOCK", 256)  # many blocks: numpy's, then the kernel's
    in_numpy: list[int] = []
    real = stream.graph6_rows_in_numpy

    def spy(data, top):  # type: ignore[no-untyped-def]
        rows = real(data, top)
        in_numpy.append(0 if rows is None else len(rows))
        return rows

    monkeypatch.setattr(stream, "graph6_rows_in_numpy", spy)
    lines = _lines(seed, 300, range(0, 17))
    counts, kept = Counts(), []
    where = Where.parse("closed=0")
    scan(io.BytesIO(b"".join(lines)).readinto, counts, where=where,
         write=lambda v: kept.append(bytes(v)))  # fmt: skip
    assert len(in_numpy) == stream.NUMPY_BLOCKS
    assert all(in_numpy)
    assert _counted(counts) == _expected(lines)
    chosen = [line for line in lines if _expected([line]).most_common(1)[0][0][2] == 0]
    assert b"".join(kept) == b"".join(chosen)


def test_numpy_leaves_what_is_not_plain_graph6_to_the_kernel() -> None:
    rows = graph6_rows_in_numpy
    data = lambda text: np.frombuffer(text, dtype=np.uint8)  # noqa: E731
    assert rows(data(b"A_\nBw\n"), 16).tolist() == [[2, 1, 1, 0], [3, 3, 2, 1]]  # K2, K3
    for text in (b"A_\r\nBw\n", b"A_\n\nBw\n", b"A_\nB\x7f\n", b"A_\nBww\n", b"A_"):
        assert rows(data(text), 16) is None
    big = nx.to_graph6_bytes(nx.path_graph(17), header=False)
    assert rows(data(big), 16) is None  # past the dense histogram
    assert rows(data(big), 17) is not None
    counts = Counts()
    scan(io.BytesIO(b"A_\r\n" + big).readinto, counts)  # the kernel copes with both
    assert _counted(counts) == _expected([b"A_\n", big])


def test_numpy_figures_of_every_graph_on_up_to_7_vertices() -> None:
    lines = [
        nx.to_graph6_bytes(graph, header=False) for n in range(1, 8) for graph in _all_graphs(n)
    ]
    data = np.frombuffer(b"".join(lines), dtype=np.uint8)
    starts = np.cumsum([0] + [len(x) for x in lines[:-1]], dtype=np.int64)
    rows = graph6_rows_in_numpy(data, 16)
    assert rows is not None
    assert rows.tolist() == graph6_nullities(data, starts).tolist()


def _all_graphs(n: int):  # type: ignore[no-untyped-def]
    """Every labelled graph on n ≤ 5 vertices, then random ones (2^21 labelled graphs on 7)."""
    pairs = [(i, j) for j in range(n) for i in range(j)]
    rng = random.Random(n)
    choices = range(1 << len(pairs)) if len(pairs) <= 10 else (
        rng.getrandbits(len(pairs)) for _ in range(3000))  # fmt: skip
    for mask in choices:
        graph = nx.empty_graph(n)
        graph.add_edges_from(p for t, p in enumerate(pairs) if mask >> t & 1)
        yield graph
