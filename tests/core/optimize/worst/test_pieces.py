"""The quiet code over GF(p), p > 2, split into independent pieces: planted direct sums
recovered from a scrambled basis, the pieces spanning the code, and the worst position and
the histogram piece by piece against the whole board's (a second program in the max-min
form, the class histogram without pieces) and against sums of known answers."""

from __future__ import annotations

import dataclasses

import networkx as nx
import numpy as np
import pytest

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.optimize.histogram._counting import class_histogram
from lograph.core.optimize.worst import _program as zk_worst_program
from lograph.core.optimize.worst._pieces import quiet_pieces_mod_p, worst_by_pieces
from lograph.core.optimize.worst._search import worst_position
from lograph.core.solve import prepare
from lograph.core.work import Work
from tests.references import ReferenceSolver, bfs_fewest, max_min_worst, rank_mod_p


def _planted(rng: np.random.Generator, p: int) -> tuple[np.ndarray, list[set[int]]]:
    """A basis of a direct sum of 2–4 random pieces on disjoint random button sets, scrambled
    by a random invertible matrix, and the planted pieces' button sets."""
    n = 30
    order = rng.permutation(n)
    blocks, rows, start = [], [], 0
    for _ in range(int(rng.integers(2, 5))):
        width, dimension = int(rng.integers(3, 7)), int(rng.integers(1, 3))
        buttons = order[start : start + width]
        start += width
        while True:  # an indecomposable block: one row touching every button, or two
            block = rng.integers(0, p, (dimension, width))
            if rank_mod_p(block, p) == dimension and np.all(block != 0):
                break
        for row in block:
            full = np.zeros(n, dtype=np.int64)
            full[buttons] = row
            rows.append(full)
        blocks.append({int(b) for b in buttons})
    basis = np.array(rows)
    while True:
        mix = rng.integers(0, p, (len(basis), len(basis)))
        if rank_mod_p(mix, p) == len(basis):
            break
    return ((mix @ basis) % p).astype(np.uint8), blocks


@pytest.mark.parametrize("p", [3, 5, 7])
def test_planted_pieces_are_recovered(p: int) -> None:
    rng = np.random.default_rng(p)
    for _ in range(20):
        quiet, blocks = _planted(rng, p)
        split = quiet_pieces_mod_p(quiet, p)
        found = [set(piece.buttons.tolist()) for piece in split.pieces]
        # a block whose rows happen to split further is allowed to come out finer
        assert all(any(f <= block for block in blocks) for f in found)
        assert sum(piece.dimension for piece in split.pieces) == len(quiet)
        assert set(split.fixed.tolist()) == set(range(30)) - set().union(*blocks)
        for piece in split.pieces:  # each piece's rows, put back, lie in the code
            full = np.zeros((piece.dimension, 30), dtype=np.int64)
            full[:, piece.buttons] = piece.quiet
            assert rank_mod_p(np.vstack([quiet, full]), p) == len(quiet)


def _copies(board: Board, copies: int, p: int):
    graph = nx.disjoint_union_all([board.graph] * copies)
    system = Board.from_graph(nx.convert_node_labels_to_integers(graph)).to_system()
    return dataclasses.replace(system, states=p)


@pytest.mark.parametrize(("m", "n", "p", "copies"), [(4, 4, 3, 3), (4, 4, 5, 2), (3, 3, 7, 3)])
def test_worst_of_copies_is_the_sum(m: int, n: int, p: int, copies: int) -> None:
    one = prepare(dataclasses.replace(rectangle(m, n).to_system(), states=p))
    single = worst_position(one)
    assert single.exact
    system = _copies(rectangle(m, n), copies, p)
    solver = prepare(system)
    result = worst_position(solver)
    assert (result.worst_presses, result.exact) == (copies * single.worst_presses, True)
    assert np.array_equal(
        (system.apply(result.presses) + result.lights.astype(np.int64)) % p, np.zeros(system.n)
    )


def _twin_graph(seed: int, size: int = 7) -> nx.Graph:
    """A random graph with twins (same closed neighbourhood: a quiet pattern of their own on
    any field), so that its quiet code splits."""
    rng = np.random.default_rng(seed)
    graph = nx.gnp_random_graph(size, 0.3, seed=seed)
    for node in list(graph.nodes):
        if rng.random() < 0.5:
            twin = graph.number_of_nodes()
            graph.add_edges_from([(twin, other) for other in graph.neighbors(node)])
            graph.add_edge(twin, node)
    return graph


def test_pieces_worst_meets_the_whole_programs() -> None:
    checked = 0
    for seed, p in [(seed, p) for seed in range(10) for p in (3, 5)]:
        system = dataclasses.replace(Board.from_graph(_twin_graph(seed)).to_system(), states=p)
        solver = ReferenceSolver(system)
        quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
        if len(quiet_pieces_mod_p(quiet, p).pieces) < 2 or solver.analysis.kernel_size > 1000:
            continue  # (the whole board's programs take seconds past a thousand solutions)
        found = worst_by_pieces(quiet, p, Work().within(60.0))
        assert found is not None
        assert found.proven
        checked += 1
        assert found.lower == found.upper == max_min_worst(solver.analysis)
        whole = zk_worst_program.worst_program(solver.analysis, Work().within(60.0))
        assert whole is not None
        assert whole.worst == found.lower
    assert checked >= 8


def test_pieces_worst_against_breadth_first_search() -> None:
    # two pairs of twins (each pair a path of two) and a triangle with a pendant: 9 buttons
    graph = nx.disjoint_union_all([nx.path_graph(2), nx.path_graph(2), nx.complete_graph(3)])
    graph.add_edge(6, 7 + 2)
    system = dataclasses.replace(Board.from_graph(graph).to_system(), states=3)
    solver = ReferenceSolver(system)
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
    assert len(quiet_pieces_mod_p(quiet, 3).pieces) >= 2
    found = worst_by_pieces(quiet, 3, Work().within(60.0))
    assert found is not None
    distances = bfs_fewest(solver.a, 3)
    assert found.lower == max(distances.values())
    assert distances[tuple(int(v) for v in system.apply(found.presses))] == found.lower


@pytest.mark.parametrize("seed", range(4))
def test_histogram_by_pieces_meets_the_histogram_of_the_whole(seed: int, monkeypatch) -> None:
    from lograph.core.optimize.histogram import _counting as histogram_classes

    graph = _twin_graph(seed, size=5)
    system = dataclasses.replace(Board.from_graph(graph).to_system(), states=3)
    quiet = np.asarray(ReferenceSolver(system).analysis.quiet, dtype=np.uint8)
    by_pieces = class_histogram(quiet, states=3)

    def one_piece(rows: np.ndarray, p: int):  # the old way: the whole code at once
        moving = rows.any(axis=0)
        return [(rows[:, moving], 1)], rows.shape[1] - int(moving.sum())

    monkeypatch.setattr(histogram_classes, "_split", one_piece)
    assert by_pieces == class_histogram(quiet, states=3)


def test_pieces_past_the_program_get_a_proven_range(monkeypatch) -> None:
    # no program at all: each piece by the annealing and its average weight
    from lograph.core.optimize.fewest._search import fewest_presses

    monkeypatch.setattr(zk_worst_program, "PROGRAM_ENTRIES", 0)
    checked = 0
    for seed in range(6):
        system = dataclasses.replace(Board.from_graph(_twin_graph(seed)).to_system(), states=3)
        solver = ReferenceSolver(system)
        quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8)
        if len(quiet_pieces_mod_p(quiet, 3).pieces) < 2 or solver.analysis.kernel_size > 1000:
            continue
        found = worst_by_pieces(quiet, 3, Work().within(60.0))
        assert found is not None
        truth = max_min_worst(solver.analysis)
        assert found.lower <= truth <= found.upper
        assert found.proven == (found.lower == found.upper)
        best = fewest_presses(solver, found.presses)  # the position really needs that many
        assert best.press_count == found.lower
        checked += 1
    assert checked >= 3
