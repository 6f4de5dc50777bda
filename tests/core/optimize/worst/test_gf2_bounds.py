"""The worst position's bounds: the climb's positions are scored exactly and never exceed
the covering radius found by brute force over every press vector; the reported range always
contains the answer where it is known (brute force, or exact results of other boards)."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest._search import quiet_classes
from lograph.core.optimize.worst import _search as worst_module
from lograph.core.optimize.worst._gf2_bounds import climb
from lograph.core.optimize.worst._search import worst_position
from lograph.core.work import Work
from tests.references import coset_weights, histogram, null_space_mod_p, press_matrix


def _boards() -> list[Board]:
    boards = [rectangle(4, 4), rectangle(2, 9)]
    for seed in range(20):
        graph = nx.gnm_random_graph(14, 20, seed=seed)
        boards.append(Board.from_graph(graph))
    return [b for b in boards if len(null_space_mod_p(press_matrix(b), 2)) > 0]


BOARDS = _boards()


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_climb_is_a_lower_bound_scored_exactly(index: int) -> None:
    a = press_matrix(BOARDS[index])
    n = len(a)
    quiet = null_space_mod_p(a, 2).astype(np.uint8)
    radius = len(histogram(a, 2)) - 1  # heaviest fewest-presses count, by brute force
    start = np.random.default_rng(index).integers(0, 2, n, dtype=np.uint8)
    leader, weight = climb(quiet_classes(quiet), len(quiet), start, steps=30, seed=index)
    assert weight == int(leader.sum()) == min(coset_weights(leader, quiet, 2))
    assert weight <= radius


@pytest.mark.parametrize(("n", "known"), [(4, 7), (5, 15), (11, 65), (14, 123), (9, 37)])
def test_reported_range_contains_the_answer(n: int, known: int) -> None:
    found = worst_position(
        rectangle(n, n), work=Work().within(1.0)
    )  # any limit: the range stays valid
    assert found.worst_presses <= known <= found.upper_bound
    assert found.exact == (found.worst_presses == found.upper_bound)


def test_search_path_brackets_the_brute_force_radius(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worst_module, "ILP_NULLITY_LIMIT", 0)  # force search and climb
    monkeypatch.setattr(worst_module, "SPECTRUM_NULLITY_LIMIT", 0)
    board = rectangle(4, 4)
    radius = len(histogram(press_matrix(board), 2)) - 1
    found = worst_position(board)
    assert found.method == "search"
    assert found.worst_presses <= radius <= found.upper_bound
    assert found.presses is not None
    assert int(found.presses.sum()) == found.worst_presses


def test_the_heaviest_30x30_position_found_needs_416_presses() -> None:
    """docs/performance.md's lower bound on the 30×30 board's worst position (nullity 20): the
    position `lograph worst --time-limit 600` found, scored by brute force over all 2^20
    solutions (bit-packed; a second algorithm to the transform that scored it)."""
    from pathlib import Path

    from lograph.core.files import read_board
    from lograph.core.solve import prepare, solve

    board = read_board(Path(__file__).parent / "data" / "worst-30x30-416.txt")
    solver = prepare(board)
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, -1)
    x0 = np.asarray(solve(board, goal="off", solver=solver).presses, dtype=np.uint8)
    words = np.packbits(quiet, axis=1).view(np.uint8)  # one row of bytes per pattern
    half = k // 2

    def spans(rows: np.ndarray) -> np.ndarray:  # every combination of the rows, packed
        table = np.zeros((1 << len(rows), words.shape[1]), dtype=np.uint8)
        for j, row in enumerate(rows):
            table[1 << j : 2 << j] = table[: 1 << j] ^ row
        return table

    low, high = spans(words[:half]), spans(words[half:]) ^ np.packbits(x0)
    lightest = min(
        int(np.bitwise_count(low ^ pattern).sum(axis=1, dtype=np.int64).min()) for pattern in high
    )
    assert (k, lightest) == (20, 416)
