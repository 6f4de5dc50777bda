"""The quiet code split into independent pieces (`lograph.core.optimize.quiet._pieces`), and
fewest presses and the worst position computed piece by piece, against brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from lograph.core.model.board import Board
from lograph.core.optimize.fewest._search import fewest_presses
from lograph.core.optimize.quiet._pieces import Piece, piece_system, quiet_pieces
from lograph.core.optimize.worst._search import worst_position
from lograph.core.work import Work
from tests.core.boards import side_by_side, split_code_boards, twins_board
from tests.references import ReferenceSolver, all_vectors, code_of, rank_gf2


def _codewords(basis: np.ndarray) -> set[bytes]:
    return {bytes(row) for row in (all_vectors(len(basis), 2) @ basis % 2).astype(np.uint8)}


def _splits(words: np.ndarray, part: np.ndarray) -> bool:
    """Whether the code (all its words) is the direct sum of its words inside `part` and
    its words outside: their dimensions add up to the code's."""
    inside = words[~words[:, ~part].any(axis=1)]
    outside = words[~words[:, part].any(axis=1)]
    return len(inside) * len(outside) == len(words)


def _mixed_direct_sum(rng: np.random.Generator) -> np.ndarray:
    """A basis of a direct sum of random blocks, hidden: columns shuffled, rows mixed by a
    random invertible matrix (so no row of the basis shows the split)."""
    blocks = [
        rng.integers(0, 2, (int(rng.integers(1, 3)), int(rng.integers(2, 5)))) for _ in range(3)
    ]
    blocks = [b for b in blocks if rank_gf2(b) == len(b)]
    k, n = sum(len(b) for b in blocks), sum(b.shape[1] for b in blocks) + 1  # one zero column
    quiet = np.zeros((k, n), dtype=np.int64)
    r = c = 0
    for b in blocks:
        quiet[r : r + len(b), c : c + b.shape[1]] = b
        r, c = r + len(b), c + b.shape[1]
    while True:
        mix = rng.integers(0, 2, (k, k))
        if rank_gf2(mix) == k:
            break
    return (mix @ quiet % 2)[:, rng.permutation(n)].astype(np.uint8)


@pytest.mark.parametrize("seed", range(40))
def test_pieces_are_the_finest_direct_sum(seed: int) -> None:
    quiet = _mixed_direct_sum(np.random.default_rng(seed))
    k, n = quiet.shape
    split = quiet_pieces(quiet)
    buttons = np.concatenate([p.buttons for p in split.pieces] + [split.fixed])
    assert sorted(buttons.tolist()) == list(range(n))  # a partition of the buttons
    assert sum(p.dimension for p in split.pieces) == k
    assert split.fixed.tolist() == np.flatnonzero(~quiet.any(axis=0)).tolist()
    # the pieces' patterns, put back in place, span the same code
    rebuilt = np.zeros((k, n), dtype=np.uint8)
    row = 0
    for piece in split.pieces:
        rebuilt[row : row + piece.dimension][:, piece.buttons] = piece.quiet
        row += piece.dimension
    assert _codewords(rebuilt) == _codewords(quiet)
    # no piece splits further (every partition of its buttons checked)
    for piece in split.pieces:
        words = all_vectors(piece.dimension, 2) @ piece.quiet % 2
        size = len(piece.buttons)
        for mask in range(1, 1 << (size - 1)):
            part = np.array([(mask >> i) & 1 for i in range(size)], dtype=bool)
            assert not _splits(words, part)
    # and the pieces are that fine: the code splits along every piece
    words = all_vectors(k, 2) @ quiet % 2
    for piece in split.pieces:
        assert _splits(words, np.isin(np.arange(n), piece.buttons))


@pytest.fixture(scope="module")
def connected_boards() -> list[Board]:
    return split_code_boards()


def test_connected_boards_with_split_codes_exist(connected_boards: list[Board]) -> None:
    assert len(connected_boards) >= 4


def test_fewest_presses_piece_by_piece_matches_brute_force(connected_boards) -> None:
    for board in connected_boards:
        solver = ReferenceSolver(board.to_system())
        fewest, count = solver.fewest_and_count()
        rng = np.random.default_rng(3)
        for _ in range(6):
            change = solver.system.apply(rng.integers(0, 2, solver.system.n)) % 2
            x0 = solver.particular(change)
            # the searches past one transform, on each piece (no transform at all)
            found = fewest_presses(solver, x0, work=Work(transform_nullity=0, search_nullity=62))
            assert found.exact
            assert found.press_count == fewest[code_of(change, 2)]
            assert found.optimal_solutions == count[code_of(change, 2)]
            assert np.array_equal(solver.system.apply(found.presses) % 2, change)


def test_worst_piece_by_piece_matches_brute_force(connected_boards) -> None:
    for board in connected_boards:
        solver = ReferenceSolver(board.to_system())
        fewest, _ = solver.fewest_and_count()
        found = worst_position(solver)
        assert (found.worst_presses, found.exact) == (int(fewest.max()), True)
        change = (-found.lights.astype(np.int64)) % 2  # to all off
        assert fewest[code_of(change, 2)] == found.worst_presses


def test_past_the_transform_and_the_searches_by_pieces(connected_boards) -> None:
    """Copies of the small boards side by side: nullity past one transform (26) and past
    the worst position's searches (20). Each copy is brute-forced on its own: the union's
    fewest presses, lightest solutions and worst are their sums and products."""
    boards = (connected_boards * 6)[:16]
    union, parts = side_by_side(boards)
    solver = ReferenceSolver(union.to_system())
    assert solver.analysis.nullity > 26
    rng = np.random.default_rng(11)
    x = rng.integers(0, 2, solver.system.n)
    change = solver.system.apply(x) % 2
    found = fewest_presses(solver, solver.particular(change))
    truth, ties, worst, start = 0, 1, 0, 0
    for part in parts:
        fewest, count = part.fewest_and_count()
        piece_change = part.system.apply(x[start : start + part.system.n]) % 2
        truth += int(fewest[code_of(piece_change, 2)])
        ties *= int(count[code_of(piece_change, 2)])
        worst += int(fewest.max())
        start += part.system.n
    assert (found.press_count, found.optimal_solutions, found.exact) == (truth, ties, True)
    assert np.array_equal(solver.system.apply(found.presses) % 2, change)
    radius = worst_position(solver)
    assert (radius.worst_presses, radius.upper_bound, radius.exact) == (worst, worst, True)


def test_a_piece_system_keeps_the_piece_quiet() -> None:
    board = twins_board()
    solver = ReferenceSolver(board.to_system())
    split = quiet_pieces(np.asarray(solver.analysis.quiet, dtype=np.uint8))
    for piece in split.pieces:
        cut = piece_system(solver.system, piece.buttons)
        assert [cut.names[i] for i in range(cut.n)] == [
            solver.system.names[int(b)] for b in piece.buttons
        ]
        for pattern in piece.quiet:
            assert not (cut.apply(pattern) % 2).any()


def test_every_subset_of_twins_is_checked() -> None:
    # the twins board: two pieces of dimension 1 ({u1, u2} and {v1, v2}), the rest fixed
    solver = ReferenceSolver(twins_board().to_system())
    split = quiet_pieces(np.asarray(solver.analysis.quiet, dtype=np.uint8))
    names = solver.system.names
    assert sorted(sorted(names[int(b)] for b in p.buttons) for p in split.pieces) == [
        ["u1", "u2"],
        ["v1", "v2"],
    ]
    assert sorted(names[int(b)] for b in split.fixed) == ["hub", "t1", "t2"]
    assert list(itertools.chain.from_iterable(p.quiet.tolist() for p in split.pieces)) == [
        [1, 1],
        [1, 1],
    ]


@pytest.mark.parametrize("seed", range(10))
def test_a_piece_form_names_its_code_whatever_the_basis(seed: int) -> None:
    rng = np.random.default_rng(seed)
    quiet = _mixed_direct_sum(rng)
    k = len(quiet)
    while True:
        mix = rng.integers(0, 2, (k, k))
        if rank_gf2(mix) == k:
            break
    other_basis = (mix @ quiet % 2).astype(np.uint8)
    assert (
        Piece(np.arange(quiet.shape[1]), quiet).form()
        == Piece(np.arange(quiet.shape[1]), other_basis).form()
    )
    flipped = quiet.copy()
    flipped[:, 0] ^= 1  # another code (the first column changes in every pattern)
    same = _codewords(flipped) == _codewords(quiet)
    assert (
        Piece(np.arange(quiet.shape[1]), flipped).form()
        == Piece(np.arange(quiet.shape[1]), quiet).form()
    ) == same


def test_the_bar_of_a_search_by_pieces_keeps_its_total(connected_boards) -> None:
    """Copies side by side, each piece searched (no transform): the progress reported has
    one total from the first report to the last, and never goes back."""
    union, _ = side_by_side((connected_boards * 2)[:8])
    solver = ReferenceSolver(union.to_system())
    change = solver.system.apply(np.random.default_rng(2).integers(0, 2, solver.system.n)) % 2
    seen: list[tuple[int, int]] = []
    found = fewest_presses(
        solver,
        solver.particular(change),
        work=Work(
            transform_nullity=0,
            search_nullity=62,
            progress=lambda done, total: seen.append((done, total)),
        ),
    )
    assert found.exact
    assert len(seen) > 1
    assert len({total for _, total in seen}) == 1
    done = [d for d, _ in seen]
    assert done == sorted(done)
    assert done[-1] <= seen[0][1]
