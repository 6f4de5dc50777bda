"""Counting graph6 streams block by block (`scan`) and piece by piece (`count_piece`): the
counts never depend on how the bytes arrive or how the work is cut."""

from __future__ import annotations

import io
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from lograph.core.census import pieces, sources, stream
from lograph.core.census.compose import all_graphs
from lograph.core.census.pieces import PieceJournal, run_pieces, summary_params
from lograph.core.census.sources import FileSource, GengSource, count_piece
from lograph.core.census.stream import Counts, Where, scan
from lograph.core.errors import BoardFormatError, InterruptedComputation, LographError
from lograph.core.kernels.graph6_rank import graph6_nullities, graph6_rows_in_numpy
from tests.core.census.geng import geng_or_skip

#: Seconds a test waits at most for what it polls (a hang guard, never a timing).
GUARD = 60.0


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


def _file_source(tmp_path: Path, lines: list[bytes], pieces: int) -> FileSource:
    path = tmp_path / "g.g6"
    path.write_bytes(b"".join(lines))
    return FileSource(str(path), path.stat().st_size, pieces)


def test_pieces_are_counted_two_at_a_time_without_an_executor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`threads=2`: the first two pieces meet at a barrier (which a census counting one
    piece after the other never passes), and the counts and journal are the same."""
    met = threading.Barrier(2, timeout=GUARD)
    real = pieces.count_piece

    def meeting(source, piece, *args):  # type: ignore[no-untyped-def]
        if piece < 2:
            met.wait()
        return real(source, piece, *args)

    monkeypatch.setattr(pieces, "count_piece", meeting)
    lines = _lines(3, 400, range(1, 12))
    source = _file_source(tmp_path, lines, 5)
    journal = PieceJournal(tmp_path / "t.csv", summary_params(source, None))
    counts = run_pieces(source, journal, threads=2)
    assert _counted(counts) == _expected(lines)
    assert sorted(journal.done) == list(range(5))


def test_a_failing_piece_stops_the_piece_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stopped = threading.Event()

    def piece_or_failure(source, piece, where, matches, cancel, genges):  # type: ignore[no-untyped-def]
        if piece == 1:
            raise BoardFormatError("g.g6: the line at byte 9 is not graph6")
        deadline = time.monotonic() + GUARD  # a hang guard: the stop is polled for
        while not cancel():
            assert time.monotonic() < deadline, "piece 0 was never told to stop"
            time.sleep(0.01)
        stopped.set()
        raise InterruptedComputation("census cancelled")

    monkeypatch.setattr(pieces, "count_piece", piece_or_failure)
    source = _file_source(tmp_path, _lines(3), 4)
    journal = PieceJournal(tmp_path / "t.csv", summary_params(source, None))
    with pytest.raises(BoardFormatError, match="byte 9"):
        run_pieces(source, journal, threads=2)
    assert stopped.is_set()
    assert not journal.done


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


def _fresh_install(monkeypatch: pytest.MonkeyPatch, cached: bool) -> list[int]:
    """A process where the kernel is not ready yet (`cached`: numba's disk cache holds it);
    the graphs of each block numpy counts are listed in the list returned."""
    monkeypatch.setattr(stream, "compiled_ready", lambda *kernels: False)
    monkeypatch.setattr(stream, "kernel_cached", lambda copying: cached)
    monkeypatch.setattr(stream, "_KERNEL_CHOSEN", threading.Event())
    monkeypatch.setattr(stream, "_NUMPY_USED", [0])
    in_numpy: list[int] = []
    real = stream.graph6_rows_in_numpy

    def spy(data, top):  # type: ignore[no-untyped-def]
        rows = real(data, top)
        in_numpy.append(0 if rows is None else len(rows))
        return rows

    monkeypatch.setattr(stream, "graph6_rows_in_numpy", spy)
    return in_numpy


def test_a_cached_kernel_counts_a_long_input_from_its_first_block(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the disk cache holds the kernel, numpy counts only an input that ends within
    `NUMPY_CACHED_BYTES` (it would cost more than loading the kernel); and once the kernel
    has counted in the process, later inputs (the census's other pieces) go to it at once."""
    in_numpy = _fresh_install(monkeypatch, cached=True)
    monkeypatch.setattr(stream, "BLOCK", 256)  # a block of 2 * _LONGEST = 638 bytes
    monkeypatch.setattr(stream, "NUMPY_CACHED_BYTES", 400)
    short = _lines(7, 20, range(1, 9))
    assert 50 <= len(b"".join(short)) <= 400
    for lines in (short, _lines(8, 300, range(1, 9))):
        counts = Counts()
        scan(io.BytesIO(b"".join(lines)).readinto, counts)
        assert _counted(counts) == _expected(lines)
    assert in_numpy == [len(short)]  # the short input in one block (the whole of it at once)
    assert stream._KERNEL_CHOSEN.is_set()
    monkeypatch.setattr(stream, "kernel_cached", lambda copying: False)  # would be numpy's
    scan(io.BytesIO(b"".join(short)).readinto, Counts())
    assert in_numpy == [len(short)]


def test_numpys_blocks_are_counted_once_a_process_not_once_a_piece(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fresh install: `NUMPY_BLOCKS` blocks with numpy in all, then the kernel, however
    many pieces (scans) the census has."""
    in_numpy = _fresh_install(monkeypatch, cached=False)
    monkeypatch.setattr(stream, "BLOCK", 256)  # a block of 638 bytes
    short = _lines(1, 400, range(1, 9))  # a piece that numpy counts whole
    assert 2 * 638 < len(b"".join(short)) < 3 * 638
    for lines in (short, _lines(2, 300, range(1, 9))):
        counts = Counts()
        scan(io.BytesIO(b"".join(lines)).readinto, counts)
        assert _counted(counts) == _expected(lines)
    assert len(in_numpy) == stream.NUMPY_BLOCKS  # 3 for the first piece, 1 for the second


def test_the_input_is_read_on_while_the_kernel_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long input whose kernel is in the disk cache but not loaded: the kernel loads in
    another thread while the reading goes on into a grown buffer (geng is not kept
    waiting), then everything read is counted at once, the same counts as ever."""
    _fresh_install(monkeypatch, cached=True)
    monkeypatch.setattr(stream, "BLOCK", 256)
    loaded = threading.Event()
    monkeypatch.setattr(stream, "kernel_loading", lambda: loaded)
    lines = _lines(9, 600, range(1, 13))
    data = b"".join(lines)
    source, reads = io.BytesIO(data), []

    def read(view: memoryview) -> int:
        reads.append(len(view))
        if len(reads) == 12:
            loaded.set()  # the load ends after 12 reads
        return source.readinto(view[:100])

    counted: list[int] = []
    real = stream._Kernel.count

    def count(self, counts, filled, offset, last):  # type: ignore[no-untyped-def]
        counted.append(len(reads))
        counted.append(filled)
        return real(self, counts, filled, offset, last)

    monkeypatch.setattr(stream._Kernel, "count", count)
    counts = Counts()
    assert scan(read, counts) == len(lines)
    assert _counted(counts) == _expected(lines)
    block = 2 * stream._LONGEST  # 638 bytes (BLOCK is smaller): 6 reads of 100 and 38
    assert counted[:2] == [12, block + 5 * 100]  # 5 more reads until loaded, then counted


@pytest.mark.parametrize("seed", range(4))
def test_blocks_counted_with_numpy_match_the_kernel(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the kernel is not compiled (a fresh install) the first `NUMPY_BLOCKS` blocks are
    counted with numpy, then the kernel goes on: the same counts and the same matching
    lines, in order, as the kernel alone."""
    in_numpy = _fresh_install(monkeypatch, cached=False)
    monkeypatch.setattr(stream, "BLOCK", 256)  # many blocks: numpy's, then the kernel's
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


def test_a_geng_piece_holds_its_place_until_gengs_output_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`genges` bounds the genges running at once: a piece takes a place before geng
    starts and gives it back as soon as geng's output has ended (while its counting may
    still wait for the kernel), and a piece waiting for a place can be cancelled."""
    geng_or_skip()
    places = threading.Semaphore(1)
    free_at_end: list[bool] = []

    def read_all(read, counts, **kwargs):  # type: ignore[no-untyped-def]
        buffer = bytearray(1 << 16)
        while read(memoryview(buffer)):
            assert not places.acquire(blocking=False)  # geng runs: the place is held
        free_at_end.append(places.acquire(blocking=False))  # its output ended: given back
        places.release()
        return 0

    monkeypatch.setattr(sources, "scan", read_all)
    count_piece(GengSource(7, ("-c",)), 0, genges=places)
    assert free_at_end == [True]
    assert places.acquire(blocking=False)  # and still free after the piece
    with pytest.raises(InterruptedComputation):  # no place: waits, polling cancel
        count_piece(GengSource(7, ("-c",)), 0, cancel=lambda: True, genges=places)
