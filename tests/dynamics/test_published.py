"""Published periods: the elementary cellular automata rules 90 and 150 on a cycle of n cells
are the press map of the cycle graph over GF(2) (−A = A), open rule (rule 90: a cell becomes
the sum of its two neighbours) and closed rule (rule 150: of itself and its neighbours), so
their "eventual period of a single cell" (Martin, Odlyzko and Wolfram, Algebraic properties
of cellular automata, 1984, Table 1) is lograph's period of a one-light board."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.dynamics import MapKind, orbit
from lograph.core.model.system import PressSystem

# OEIS A085587: eventual period of a single cell in rule 90, cyclic universe of width n,
# n = 1..60 (widths 1 and 2 are no simple cycle: the test starts at 3).
A085587 = [
    1, 1, 1, 1, 3, 2, 7, 1, 7, 6, 31, 4, 63, 14, 15, 1, 15, 14, 511, 12, 63, 62, 2047, 8,
    1023, 126, 511, 28, 16383, 30, 31, 1, 31, 30, 4095, 28, 87381, 1022, 4095, 24, 1023, 126,
    127, 124, 4095, 4094, 8388607, 16, 2097151, 2046, 255, 252, 67108863, 1022, 1048575, 56,
    511, 32766, 536870911, 60,
]  # fmt: skip

# OEIS A085588: the same for rule 150, n = 3..66.
A085588 = [
    1, 2, 3, 1, 7, 4, 7, 6, 31, 2, 21, 14, 15, 8, 15, 14, 511, 12, 63, 62, 2047, 4, 1023, 42,
    511, 28, 16383, 30, 31, 16, 31, 30, 4095, 28, 29127, 1022, 4095, 24, 1023, 126, 127, 124,
    4095, 4094, 8388607, 8, 2097151, 2046, 255, 84, 67108863, 1022, 1048575, 56, 511, 32766,
    536870911, 60, 17043521, 62, 63, 32, 63, 62,
]  # fmt: skip


def cycle(n: int, closed: bool) -> PressSystem:
    """The cycle graph on n buttons (no grid cells: the general method answers)."""
    src = np.arange(n, dtype=np.int64)
    return PressSystem.from_edges(n, src, (src + 1) % n, np.full(n, closed))


def _single_cell(n: int) -> np.ndarray:
    board = np.zeros(n, dtype=np.int64)
    board[0] = 1
    return board


@pytest.mark.parametrize("n", range(3, 61))
def test_rule_90_single_cell_periods(n: int):
    assert orbit(cycle(n, closed=False), _single_cell(n), MapKind.PRESS).period == A085587[n - 1]


@pytest.mark.parametrize("n", range(3, 3 + len(A085588)))
def test_rule_150_single_cell_periods(n: int):
    assert orbit(cycle(n, closed=True), _single_cell(n), MapKind.PRESS).period == A085588[n - 3]
