"""Independent answers for the analysis-dock tests, and checks of them against published facts.

Nothing here uses lograph's linear algebra: the press matrix is built from the networkx graph
(`tests.references.press_matrix`), ranks from a plain Gaussian elimination, and fewest presses
from walking every press vector (tiny boards only), all in `tests.references`.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.model.generators import rectangle
from tests.references import fewest_table, histogram, rank_mod_p, solvable
from tests.references import press_matrix as matrix


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
    assert solvable(b, np.array([1, 1]), 2)
    assert not solvable(b, np.array([1, 0]), 2)
