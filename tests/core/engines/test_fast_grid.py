"""The row-by-row numpy engine for plain rectangles against the small engine (a different
algorithm: elimination on int bit rows), brute force, and in a fresh process."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest

from lograph.core.algebra.canonical import canonical_solver
from lograph.core.engines.fast import build_fast_solver
from lograph.core.engines.fast_grid import GridRowsSolver, plain_rectangle
from lograph.core.engines.registry import get_solver
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem

SHAPES = [(m, n) for m in range(2, 12) for n in range(2, 12)]


@pytest.mark.parametrize("rule", ["closed", "open"])
def test_every_small_rectangle_matches_the_small_engine(rule: str) -> None:
    rng = np.random.default_rng(5)
    for m, n in SHAPES:  # both orientations: the chase runs along the longer side
        system = grid_system(m, n, rule=rule)
        grid = canonical_solver(GridRowsSolver(system))
        small = get_solver(system, "small")
        assert grid.analysis.rank == small.analysis.rank, (m, n)
        assert np.array_equal(grid.analysis.quiet, small.analysis.quiet), (m, n)
        assert grid.analysis.free_buttons == min(m, n)
        for _ in range(4):
            rhs = rng.integers(0, 2, system.n)
            x, y = grid.particular(rhs), small.particular(rhs)
            assert (x is None) == (y is None), (m, n)
            if x is not None:
                assert np.array_equal(x, y)
                assert np.array_equal(system.apply(x) % 2, rhs)


def test_quiet_patterns_and_unsolvable_positions_by_brute_force() -> None:
    """4×4 (nullity 4): every press pattern's effect, against the engine's answers."""
    system = grid_system(4, 4)
    solver = GridRowsSolver(system)
    effects = {}
    for bits in itertools.product((0, 1), repeat=16):
        x = np.array(bits, dtype=np.uint8)
        effects.setdefault(tuple(system.apply(x) % 2), []).append(x)
    quiet = {tuple(x) for x in effects[(0,) * 16]}
    assert len(quiet) == 2**solver.analysis.nullity == 16
    assert all(tuple(q) in quiet for q in solver.analysis.quiet)
    rng = np.random.default_rng(1)
    for _ in range(40):
        rhs = rng.integers(0, 2, 16)
        x = solver.particular(rhs)
        assert (x is None) == (tuple(rhs) not in effects)
        if x is not None:
            assert np.array_equal(system.apply(x) % 2, rhs)


def _with_self_action(system: PressSystem, button: int) -> PressSystem:
    """`system` with one button that also changes its own light under the open rule."""
    cols = np.repeat(np.arange(system.n), np.diff(system.indptr))
    src = np.concatenate([cols[system.indices != cols], [button]])
    dst = np.concatenate([system.indices[system.indices != cols], [button]])
    mask = np.zeros(system.n, dtype=bool)
    return PressSystem.from_edges(system.n, src, dst, mask, directed=True, coords=system.coords)


def test_only_plain_rectangles_are_taken() -> None:
    holed = np.ones((4, 5), dtype=bool)
    holed[1, 2] = False
    assert plain_rectangle(grid_system(4, 5, mask=holed)) is None
    assert plain_rectangle(grid_system(4, 5, wrap_rows=True)) is None
    assert plain_rectangle(grid_system(4, 5, states=3)) is None
    assert plain_rectangle(_with_self_action(grid_system(4, 5, rule="open"), 7)) is None
    assert plain_rectangle(grid_system(1, 5)) is None  # one row: nothing to chase
    # two edges rewired (0-1, 2-3 become 0-2, 1-3): every button keeps its entry count
    grid = grid_system(4, 4)
    cols = np.repeat(np.arange(16), np.diff(grid.indptr))
    pairs = {(int(a), int(b)) for a, b in zip(cols, grid.indices, strict=True) if a < b}
    pairs = (pairs - {(0, 1), (2, 3)}) | {(0, 2), (1, 3)}
    src, dst = np.array(sorted(pairs)).T
    rewired = PressSystem.from_edges(16, src, dst, np.ones(16, dtype=bool), coords=grid.coords)
    assert np.array_equal(np.diff(rewired.indptr), np.diff(grid.indptr))
    assert plain_rectangle(rewired) is None
    assert build_fast_solver(grid_system(6, 6)).analysis.engine == "fast-grid"
    assert build_fast_solver(grid_system(6, 6, wrap_rows=True)).analysis.engine == "fast-chase"


def test_a_big_rectangle_is_analysed_without_numba() -> None:
    code = (
        "import json, sys\n"
        "from lograph.core.model.generators import grid_system\n"
        "from lograph.core.solve import prepare\n"
        "import numpy as np\n"
        "solver = prepare(grid_system(120, 90))\n"
        "x = solver.particular(np.ones(120 * 90, dtype=np.int64))\n"
        "print(json.dumps([solver.analysis.engine, solver.analysis.nullity,"
        " x is not None, 'numba' in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    engine, nullity, solved, numba = json.loads(done.stdout)
    assert (engine, numba) == ("fast-grid", False)
    chase = build_fast_solver(grid_system(120, 90), method="chase")  # the compiled chase
    assert nullity == chase.analysis.nullity
    assert solved == (chase.particular(np.ones(120 * 90, dtype=np.int64)) is not None)


@pytest.mark.parametrize(("m", "n", "rule"), [(5, 5, "closed"), (3, 7, "open"), (8, 4, "closed")])
def test_the_row_chase_it_ran_is_a_valid_plan(m: int, n: int, rule: str) -> None:
    """The plan the window's chase dock reuses: valid for the board, min(m, n) free."""
    from lograph.core.chase.plan import check_plan

    system = grid_system(m, n, rule=rule)
    plan = GridRowsSolver(system).chase_plan
    assert plan is not None
    check_plan(system, plan)  # raises on any invalid step
    assert plan.free_count == len(plan.check) == min(m, n)
