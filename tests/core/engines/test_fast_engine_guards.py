"""The fast GF(2) engine's guards: what it refuses (other fields, unknown methods, invalid
chase plans, a quiet basis too large to hold, right-hand sides of the wrong shape) and how a
cancelled build stops. Its answers are checked in test_fast_engine."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.chase.plan import ChasePlan
from lograph.core.engines import common as engine_common
from lograph.core.engines.fast import build_fast_solver
from lograph.core.engines.fast_chase import ChaseSolver
from lograph.core.engines.registry import get_solver
from lograph.core.errors import (
    BoardError,
    BoardTooLargeError,
    InterruptedComputation,
    LographError,
)
from lograph.core.model.generators import grid_system
from tests.core.engines.row_plan import row_plan


def test_cancel_raises() -> None:
    system = grid_system(8, 8)
    for method in ("chase", "banded"):
        with pytest.raises(InterruptedComputation):
            build_fast_solver(system, cancel=lambda: True, method=method)
    calls = iter(range(100))
    # cancelled after a few polls: the later phases are guarded too
    with pytest.raises(InterruptedComputation):
        build_fast_solver(system, cancel=lambda: next(calls) >= 3, method="chase")


def test_only_gf2() -> None:
    system = grid_system(3, 3, states=3)
    with pytest.raises(LographError, match="does not support"):
        get_solver(system, "fast")
    with pytest.raises(BoardError, match="GF\\(3\\)"):
        build_fast_solver(system)
    composite = grid_system(3, 3, states=4)  # Z_4 is no field: never called "GF(4)"
    for build in (build_fast_solver, lambda s: ChaseSolver(s, row_plan(grid_system(3, 3)))):
        with pytest.raises(BoardError, match=r"not Z_4$"):
            build(composite)
    with pytest.raises(BoardError, match="method"):
        build_fast_solver(grid_system(3, 3), method="magic")


def test_invalid_plans_are_refused() -> None:
    system = grid_system(3, 3)
    plan = row_plan(system)
    swapped = plan.buttons.copy()
    swapped[[3, 8]] = swapped[[8, 3]]  # forces a button before its light is ready
    with pytest.raises(BoardError, match="not a valid force step"):
        ChaseSolver(system, ChasePlan(swapped, plan.lights, plan.check))
    with pytest.raises(BoardError, match="exactly once"):
        ChaseSolver(system, ChasePlan(np.zeros(9, np.int64), plan.lights, plan.check))
    with pytest.raises(BoardError, match="partition"):
        ChaseSolver(system, ChasePlan(plan.buttons, plan.lights, plan.check[:1]))
    torus_like = grid_system(4, 4, wrap_rows=True)
    with pytest.raises(BoardError):
        ChaseSolver(torus_like, row_plan(torus_like))


def test_too_large_basis_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_common, "BASIS_BYTES_LIMIT", 10)
    system = grid_system(4, 4)  # nullity 4: 4 × 16 bytes > 10
    for method in ("chase", "banded"):
        with pytest.raises(BoardTooLargeError, match="quiet basis"):
            build_fast_solver(system, method=method)


def test_particular_validates_shape() -> None:
    for method in ("chase", "banded"):
        solver = build_fast_solver(grid_system(2, 2), method=method)
        with pytest.raises(BoardError, match="must be 4 integers"):
            solver.particular(np.zeros(5, dtype=np.int64))
