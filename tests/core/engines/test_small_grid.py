"""The small engine's light chase on ints (plain rectangles) against the textbook elimination
of tests/references.py, the elimination on int rows (a second algorithm) and OEIS A159257."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.engines.registry import get_solver
from lograph.core.engines.small import SmallSolver
from lograph.core.engines.small_grid import GridIntsSolver
from lograph.core.model.generators import grid_system
from tests.references import A159257, null_space_mod_p, rref_mod_p, solve_mod_p, system_matrix

SHAPES = [(m, w) for m in range(2, 9) for w in range(2, 9)]


@pytest.mark.parametrize("rule", ["closed", "open"])
def test_chase_on_ints_matches_the_textbook_elimination(rule: str) -> None:
    rng = np.random.default_rng(5)
    for m, w in SHAPES:  # w > m chases along the columns
        system = grid_system(m, w, rule=rule)
        solver = GridIntsSolver(system, m, w, rule == "closed")
        a = system_matrix(system)
        analysis = solver.analysis
        assert analysis.rank == len(rref_mod_p(a, 2)[1]), (m, w)
        quiet, pivots = rref_mod_p(null_space_mod_p(a, 2), 2)
        assert analysis.quiet.tolist() == quiet.tolist(), (m, w)
        assert analysis.left_kernel.tolist() == quiet.tolist()
        assert analysis.free_buttons is None  # as on the small engine's other paths
        for _ in range(4):
            rhs = rng.integers(0, 2, system.n)
            expected = solve_mod_p(a, rhs, 2)
            x = solver.particular(rhs)
            if expected is None:
                assert x is None, (m, w)
                continue
            assert x is not None, (m, w)
            for row, col in zip(quiet, pivots, strict=True):  # 0 on the quiet pivots
                expected = (expected - int(expected[col]) * row) % 2
            assert x.tolist() == expected.tolist(), (m, w)


def test_chase_on_ints_gives_the_answers_of_elimination_on_int_rows() -> None:
    """Bigger and lopsided rectangles: the same canonical answers as the small engine's
    elimination of ``[A | I]``, for a reachable and an unreachable position."""
    rng = np.random.default_rng(11)
    for m, w in [(19, 19), (30, 30), (4, 61), (61, 4), (2, 300), (33, 17)]:
        system = grid_system(m, w)
        mine, theirs = GridIntsSolver(system, m, w, True), SmallSolver(system)
        assert mine.analysis.rank == theirs.analysis.rank
        assert np.array_equal(mine.analysis.quiet, theirs.analysis.quiet), (m, w)
        reachable = system.apply(rng.integers(0, 2, system.n)) % 2
        assert np.array_equal(mine.particular(reachable), theirs.particular(reachable))
        if mine.analysis.nullity:  # a light pattern some quiet pattern sees an odd number of
            unreachable = np.zeros(system.n, dtype=np.uint8)
            unreachable[int(np.flatnonzero(mine.analysis.quiet[0])[0])] = 1
            assert mine.particular(unreachable) is None
            assert theirs.particular(unreachable) is None


def test_square_nullities_are_the_published_ones() -> None:
    for n, published in enumerate(A159257, start=1):
        if n >= 2:
            assert GridIntsSolver(grid_system(n, n), n, n, True).analysis.nullity == published


def test_auto_gives_rectangles_up_to_4096_buttons_to_the_chase_on_ints() -> None:
    for m, w in [(20, 20), (16, 100), (64, 64)]:
        solver = get_solver(grid_system(m, w))
        assert isinstance(solver, GridIntsSolver)
        assert solver.analysis.engine == "small"
    assert get_solver(grid_system(65, 64)).analysis.engine == "fast-grid"
