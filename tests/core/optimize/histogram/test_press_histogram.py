"""The press histogram, checked against brute force and against counting arguments."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from lograph.core.errors import BoardError, BoardTooLargeError, InterruptedComputation
from lograph.core.model.generators import rectangle
from lograph.core.optimize.histogram._counting import min_press_table, press_histogram
from lograph.core.work import Work
from tests.core.boards import SMALL_BOARDS
from tests.references import ReferenceSolver, coset_weights


@pytest.mark.parametrize("name", sorted(SMALL_BOARDS))
def test_matches_brute_force(name):
    system = SMALL_BOARDS[name]().to_system()
    fewest, _ = ReferenceSolver(system).fewest_and_count()
    histogram = press_histogram(system)
    assert histogram == np.bincount(fewest[fewest >= 0]).tolist()
    rank = ReferenceSolver(system).analysis.rank
    assert sum(histogram) == system.states**rank
    table = min_press_table(system).astype(np.int64)
    reached = fewest >= 0
    assert np.array_equal(table[reached], fewest[reached])
    assert (table[~reached] == np.iinfo(min_press_table(system).dtype).max).all()


def test_three_by_three_is_binomial():
    # Nullity 0: each of the 2^9 press sets is the only solution of its own position.
    assert press_histogram(rectangle(3, 3)) == [comb(9, w) for w in range(10)]


def test_five_by_five_by_counting():
    # The quiet patterns of the 5×5 board weigh 12, 12 and 16. So every press set of at
    # most 5 buttons is the unique lightest solution of its position (binomial counts), and
    # two 6-button sets share a position exactly when they split a weight-12 quiet pattern.
    board = rectangle(5, 5)
    quiet = ReferenceSolver(board.to_system()).analysis.quiet.astype(np.int64)
    assert sorted(coset_weights(np.zeros(25), quiet, 2)) == [0, 12, 12, 16]
    histogram = press_histogram(board)
    assert sum(histogram) == 2**23
    assert histogram[:6] == [comb(25, w) for w in range(6)]
    assert histogram[6] == comb(25, 6) - 2 * comb(12, 6) // 2
    assert len(histogram) - 1 == 15  # the well-known worst case


def test_refuses_large_boards_and_can_be_cancelled():
    with pytest.raises(BoardTooLargeError, match="5000 buttons"):
        press_histogram(rectangle(50, 100))
    with pytest.raises(BoardTooLargeError, match="4\\^17"):
        press_histogram(rectangle(1, 17, states=4))  # Z_4: no classes to count by
    with pytest.raises(BoardTooLargeError, match="25 buttons and nullity 3"):
        press_histogram(rectangle(5, 5, states=3))
    with pytest.raises(BoardError, match="limit"):
        press_histogram(rectangle(2, 2), limit=-1)
    with pytest.raises(InterruptedComputation):
        press_histogram(rectangle(3, 3), work=Work(cancel=lambda: True))
