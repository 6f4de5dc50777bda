"""Steps of either map on grids by base-p digits, against the general method's `step`
(minimal polynomials and the Drazin polynomial) on boards small enough for it, and on a
board past the dense limit against the definitions (T = −A one product at a time; the
solution map undoes it on the core)."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.dynamics import MapKind, image, step
from lograph.core.dynamics.lattice_step import lattice_power
from lograph.core.model.grids import grid_system
from lograph.core.model.system import PressSystem


def _hidden(system: PressSystem) -> PressSystem:
    return PressSystem(
        names=tuple(f"b{i}" for i in range(system.n)),
        indptr=system.indptr,
        indices=system.indices,
        states=system.states,
        lights=system.lights,
    )


@pytest.mark.parametrize(
    ("m", "n", "wrap", "k"),
    [(5, 5, False, 2), (9, 6, True, 2), (4, 4, False, 3), (7, 5, False, 3), (6, 6, True, 6)],
)
def test_steps_match_the_general_method(m: int, n: int, wrap: bool, k: int) -> None:
    system = grid_system(m, n, wrap_rows=wrap, wrap_cols=wrap, states=k)
    plain = _hidden(system)
    board = np.random.default_rng(m * n + k).integers(0, k, system.n)
    for kind in MapKind:
        for times in (0, 1, 2, 5, 10**30 + 7):
            fast = lattice_power(system, board, kind, times)
            assert fast is not None
            assert np.array_equal(fast, step(plain, board, kind, times)), (kind, times)


def test_a_singular_board_past_the_dense_limit() -> None:
    system = grid_system(90, 90)  # 8100 buttons, singular over GF(2)
    matrix = system.sparse(np.int64).tocsr()
    board = np.random.default_rng(0).integers(0, 2, system.n)
    press = board.copy()
    for _ in range(3):
        press = matrix @ press % 2
    assert np.array_equal(step(system, board, MapKind.PRESS, 3), press)
    # on the core (after the tail) the solution map undoes the press map
    core = step(system, board, MapKind.PRESS, 10)
    solved = image(system, core, MapKind.SOLUTION)
    assert np.array_equal(matrix @ solved.astype(np.int64) % 2, core)
    assert lattice_power(grid_system(5, 5, states=4), board[:25], MapKind.PRESS, 2) is None
