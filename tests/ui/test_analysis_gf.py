"""Independent answers for the analysis-dock tests, and checks of them against published facts.

Nothing here uses lograph's linear algebra: the press matrix is built from the networkx graph
(`tests.ui.gf.press_matrix`), ranks come from a plain Gaussian elimination (`tests.ui.gf`), and
fewest presses from walking every press vector (tiny boards only).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from tests.ui.gf import press_matrix, rank_mod_p


def matrix(board: Board) -> np.ndarray:
    """A[u, w] = 1 when pressing w changes u, from the graph (self action by the rule)."""
    order = list(board.buttons)
    own = dict.fromkeys(order, board.rule == "closed")
    for b in order:
        override = board.self_action_override(b)
        if override is not None:
            own[b] = override
    return press_matrix(board.graph, order, own)


def all_press_vectors(n: int, p: int) -> np.ndarray:
    """Every vector in {0..p-1}^n, one per row (p^n rows: keep n small)."""
    return np.array(list(itertools.product(range(p), repeat=n)), dtype=np.int64).reshape(-1, n)


def fewest_table(a: np.ndarray, p: int) -> dict[tuple[int, ...], int]:
    """Fewest total presses of every reachable light change, by walking all press vectors."""
    xs = all_press_vectors(a.shape[1], p)
    images = (xs @ a.T) % p
    weights = xs.sum(axis=1)
    best: dict[tuple[int, ...], int] = {}
    for image, w in zip(map(tuple, images.tolist()), weights.tolist(), strict=True):
        if w < best.get(image, 1 << 30):
            best[image] = w
    return best


def fewest(a: np.ndarray, p: int, change: np.ndarray) -> int | None:
    """Fewest presses that add `change` to the lights (None when unreachable)."""
    return fewest_table(a, p).get(tuple(int(v) % p for v in change))


def histogram(a: np.ndarray, p: int) -> list[int]:
    """How many reachable changes need exactly k presses at the fewest."""
    weights = list(fewest_table(a, p).values())
    return [weights.count(k) for k in range(max(weights) + 1)]


def solvable(a: np.ndarray, p: int, change: np.ndarray) -> bool:
    """a x = change has a solution iff appending it as a column keeps the rank."""
    return rank_mod_p(a, p) == rank_mod_p(np.column_stack([a, change]), p)


# ---------------------------------------------------------------------- the helpers themselves
@pytest.mark.parametrize(
    ("m", "n", "nullity"),
    # Anderson & Feil (1998), and the tables on Jaap Scherphuis's Lights Out pages
    [(5, 5, 2), (4, 4, 4), (3, 3, 0), (6, 6, 0), (9, 9, 8), (11, 11, 6)],
)
def test_rank_matches_published_nullities(m, n, nullity):
    a = matrix(rectangle(m, n))
    assert a.shape[0] - rank_mod_p(a, 2) == nullity


def test_fewest_table_reproduces_the_3x3_histogram():
    # every 3x3 position is solvable and each needs exactly the presses of its unique
    # solution, so the counts are the binomial coefficients C(9, k)
    from math import comb

    assert histogram(matrix(rectangle(3, 3)), 2) == [comb(9, k) for k in range(10)]


def test_solvable_agrees_with_the_fewest_table():
    a, p = matrix(rectangle(2, 2)), 2  # 2x2: nullity 0 over GF(2), every change reachable
    table = fewest_table(a, p)
    assert len(table) == 16
    b = matrix(rectangle(1, 2))  # both buttons change both lights: only 00 and 11 reachable
    assert sorted(fewest_table(b, 2)) == [(0, 0), (1, 1)]
    assert solvable(b, 2, np.array([1, 1]))
    assert not solvable(b, 2, np.array([1, 0]))
