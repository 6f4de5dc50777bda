"""The fast GF(2) engine against independent answers.

References used here, none of them the engine's own code:
- a GF(2) elimination on Python-int bitmasks (`tests.references`: rank, solvability,
  canonical bases to compare spans), on press matrices read from the column arrays by hand;
- the galois reference engine (`get_solver(system, "galois")`) when it is installed;
- the closed form for m×n grids (`lograph.core.algebra.gridforms`, polynomial gcds);
- published facts: the two quiet patterns of the 5×5 board, the holed WayOut 5×5's posted solution.

What the engine refuses, and cancelling it, are tested in test_fast_engine_guards.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.spatial import cKDTree

from lograph.core.algebra.analysis import Analysis
from lograph.core.algebra.gridforms import grid_nullity
from lograph.core.chase.plan import ChasePlan, chase_plan
from lograph.core.engines import fast
from lograph.core.engines.fast import build_fast_solver
from lograph.core.engines.fast_banded import BandedSolver, band_order, bandwidth
from lograph.core.engines.fast_chase import ChaseSolver
from lograph.core.engines.registry import get_solver
from lograph.core.kernels.bits import DenseGF2, pack_rows, unpack_rows, unpack_sliced
from lograph.core.model.generators import grid_system, wayout_5x5
from lograph.core.model.system import PressSystem
from tests.core.engines.row_plan import row_plan
from tests.references import bits_of, solvable, system_matrix
from tests.references import canonical_gf2 as canonical
from tests.references import rank_gf2 as ref_rank

# --------------------------------------------------------------------------- reference


def to_int(bits: np.ndarray) -> int:
    return bits_of(bits)


def ref_solvable(a: np.ndarray, b: np.ndarray) -> bool:
    return solvable(a, b, 2)


def check_analysis(system: PressSystem, a: Analysis, dense: np.ndarray) -> None:
    """Every property an analysis must have, checked against the dense matrix."""
    n = system.n
    rank = ref_rank(dense)
    assert a.rank == rank
    assert a.nullity == n - rank
    assert a.quiet.shape == a.left_kernel.shape == (n - rank, n)
    assert a.quiet.dtype == a.left_kernel.dtype == np.uint8
    d = dense.astype(np.int64)
    assert not ((d @ a.quiet.T.astype(np.int64)) % 2).any()
    assert not ((a.left_kernel.astype(np.int64) @ d) % 2).any()
    assert ref_rank(a.quiet) == n - rank
    assert ref_rank(a.left_kernel) == n - rank


def check_solutions(solver, dense: np.ndarray, rng: np.random.Generator) -> None:
    n = dense.shape[0]
    d = dense.astype(np.int64)
    x = rng.integers(0, 2, n)
    b = (d @ x) % 2
    y = solver.particular(b)
    assert y is not None
    assert y.dtype == np.uint8
    assert y.shape == (n,)
    assert np.array_equal((d @ y) % 2, b)
    b2 = rng.integers(0, 2, n)
    y2 = solver.particular(b2)
    assert (y2 is not None) == ref_solvable(dense, b2)
    assert solver.analysis.is_solvable_pattern(b2) == ref_solvable(dense, b2)
    if y2 is not None:
        assert np.array_equal((d @ y2) % 2, b2)


# --------------------------------------------------------------------------- random boards


def grid_edges(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    index = np.full(mask.shape, -1)
    coords = np.argwhere(mask)
    index[mask] = np.arange(len(coords))
    src, dst = [], []
    for r, c in coords:
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if rr < mask.shape[0] and cc < mask.shape[1] and mask[rr, cc]:
                src.append(index[r, c])
                dst.append(index[rr, cc])
    return coords, np.array(src, dtype=np.int64), np.array(dst, dtype=np.int64)


def random_board(rng: np.random.Generator, kind: int) -> PressSystem:
    """Grids with random holes, random graphs, directed graphs; open/closed/mixed self flags."""
    self_p = rng.choice([0.0, 1.0, 0.5])  # open rule, closed rule, mixed self flags
    if kind == 0:
        m, n = rng.integers(1, 7, size=2)
        mask = rng.random((m, n)) >= rng.choice([0.0, 0.15, 0.35])
        if not mask.any():
            mask[0, 0] = True
        coords, src, dst = grid_edges(mask)
        selfs = rng.random(len(coords)) < self_p
        return PressSystem.from_edges(len(coords), src, dst, selfs, coords=coords)
    n = int(rng.integers(1, 26))
    m = int(rng.integers(0, 3 * n))
    src, dst = rng.integers(0, n, m), rng.integers(0, n, m)
    keep = src != dst
    selfs = rng.random(n) < self_p
    return PressSystem.from_edges(n, src[keep], dst[keep], selfs, directed=kind == 2)


@pytest.mark.parametrize("kind", [0, 1, 2], ids=["holed-grid", "graph", "directed"])
def test_random_boards_both_methods(kind: int) -> None:
    rng = np.random.default_rng(100 + kind)
    for _ in range(400):
        system = random_board(rng, kind)
        dense = system_matrix(system)
        results = []
        for method in ("chase", "banded"):
            solver = build_fast_solver(system, method=method)
            assert solver.analysis.engine == f"fast-{method}"
            check_analysis(system, solver.analysis, dense)
            check_solutions(solver, dense, rng)
            results.append(solver.analysis)
        # Both methods span the same spaces.
        chase, banded = results
        assert canonical([to_int(q) for q in chase.quiet]) == canonical(
            [to_int(q) for q in banded.quiet]
        )
        assert canonical([to_int(q) for q in chase.left_kernel]) == canonical(
            [to_int(q) for q in banded.left_kernel]
        )


def random_plan(system: PressSystem, rng: np.random.Generator) -> ChasePlan:
    """A valid chase plan written independently: force while possible, else free a random
    undecided button."""
    n = system.n
    rows = [
        set(system.transpose[1][system.transpose[0][u] : system.transpose[0][u + 1]])
        for u in range(n)
    ]
    decided: set[int] = set()
    used: set[int] = set()
    buttons, lights = [], []
    while len(decided) < n:
        forcing = [u for u in range(n) if u not in used and len(rows[u] - decided) == 1]
        if forcing:
            u = forcing[int(rng.integers(len(forcing)))]
            (w,) = rows[u] - decided
            used.add(u)
        else:
            w = int(rng.choice(sorted(set(range(n)) - decided)))
            u = -1
        decided.add(w)
        buttons.append(w)
        lights.append(u)
    check = [u for u in range(n) if u not in used]
    return ChasePlan(
        np.array(buttons, np.int64), np.array(lights, np.int64), np.array(check, np.int64)
    )


def test_chase_with_arbitrary_valid_plans() -> None:
    rng = np.random.default_rng(7)
    for trial in range(300):
        system = random_board(rng, trial % 3)
        solver = ChaseSolver(system, random_plan(system, rng))
        check_analysis(system, solver.analysis, system_matrix(system))
        check_solutions(solver, system_matrix(system), rng)


def test_against_galois_reference() -> None:
    # A second, library reference on 150 boards of each kind (test_random_boards_both_methods
    # checks 400 of each against the bit-vector elimination of tests.references).
    rng = np.random.default_rng(11)
    for trial in range(150):
        system = random_board(rng, trial % 3)
        fast = get_solver(system, "fast").analysis
        ref = get_solver(system, "galois").analysis
        assert fast.rank == ref.rank
        for mine, theirs in ((fast.quiet, ref.quiet), (fast.left_kernel, ref.left_kernel)):
            assert canonical([to_int(v) for v in mine]) == canonical([to_int(v) for v in theirs])


# --------------------------------------------------------------------------- published facts


def test_classic_5x5_quiet_patterns() -> None:
    # The two well-known quiet patterns of the 5×5 board (jaapsch.net).
    q1 = np.array(
        [[0, 1, 1, 1, 0], [1, 0, 1, 0, 1], [1, 1, 0, 1, 1], [1, 0, 1, 0, 1], [0, 1, 1, 1, 0]]
    )
    q2 = np.array(
        [[1, 0, 1, 0, 1], [1, 0, 1, 0, 1], [0, 0, 0, 0, 0], [1, 0, 1, 0, 1], [1, 0, 1, 0, 1]]
    )
    expected = canonical([to_int(q1.ravel()), to_int(q2.ravel())])
    for method, engine in ((None, "fast-grid"), ("chase", "fast-chase")):
        a = build_fast_solver(grid_system(5, 5), method=method).analysis
        assert (a.rank, a.nullity, a.engine, a.free_buttons) == (23, 2, engine, 5)
        assert canonical([to_int(q) for q in a.quiet]) == expected


def test_the_holed_wayout_board() -> None:
    # The WayOut 5×5 with diagonal holes; the posted start and solution.
    start = np.array([1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0])
    posted = np.array([0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0])
    system = wayout_5x5().to_system()
    solver = get_solver(system, "fast")
    x = solver.particular(start)
    assert x is not None
    assert np.array_equal(system.apply(x), start)
    # "A and B really are free choices": 2 quiet patterns, and ours differs from the posted
    # solution by one of them.
    assert solver.analysis.nullity == 2
    diff = (x.astype(np.int64) + posted) % 2
    span = canonical([to_int(q) for q in solver.analysis.quiet])
    assert canonical([*span, to_int(diff)]) == span


def test_grids_match_closed_form() -> None:
    for m in range(1, 21):
        for n in range(1, 21):
            for rule in ("closed", "open"):
                a = get_solver(grid_system(m, n, rule=rule), "fast").analysis
                assert a.nullity == grid_nullity(m, n, rule=rule), (m, n, rule)
                assert a.free_buttons is not None
                assert a.free_buttons <= min(m, n)  # never worse than the row-by-row chase


@pytest.mark.parametrize("side", [97, 150, 255])
def test_big_grids_closed_form_and_solution(side: int) -> None:
    system = grid_system(side, side)
    solver = get_solver(system, "fast")
    a = solver.analysis
    assert a.nullity == grid_nullity(side, side)
    assert a.engine == "fast-grid"  # a plain rectangle: chased row by row in numpy
    assert a.free_buttons == side
    for quiet in a.quiet:
        assert quiet.any()
        assert not system.apply(quiet).any()
    rng = np.random.default_rng(side)
    target = system.apply(rng.integers(0, 2, system.n))
    x = solver.particular(target)
    assert x is not None
    assert np.array_equal(system.apply(x), target)


# --------------------------------------------------------------------------- method choice


def random_geometric(n: int, seed: int) -> PressSystem:
    rng = np.random.default_rng(seed)
    pts = rng.random((n, 2))
    radius = np.sqrt(6 / (np.pi * n))  # about 6 neighbours on average
    pairs = cKDTree(pts).query_pairs(radius, output_type="ndarray")
    src, dst = pairs[:, 0], pairs[:, 1]
    return PressSystem.from_edges(n, src, dst, np.ones(n, bool), positions=pts)


def test_irregular_board_uses_the_chase_and_banded_when_forms_do_not_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A big random geometric graph leaves a large share of free buttons (≈ 0.37 N,
    # measured); its check system is reduced by M4RM, which beats banded elimination, so the
    # engine picks the chase, and banded elimination only when the chase forms would not
    # fit. Both methods must agree.
    system = random_geometric(12000, 3)
    a = get_solver(system, "auto").analysis
    assert a.engine == "fast-chase"
    plan_free = chase_plan(system, balanced=True).free_count
    assert a.free_buttons == plan_free
    assert plan_free > 0.2 * system.n
    monkeypatch.setattr(fast, "WORK_BYTES_LIMIT", system.n * 8 * (plan_free // 64))
    solver = get_solver(system, "auto")
    other = solver.analysis
    assert other.engine == "fast-banded"
    assert other.rank == a.rank
    for q in a.quiet:
        assert not system.apply(q).any()
    assert ref_rank(a.quiet) == a.nullity
    target = system.apply(np.random.default_rng(0).integers(0, 2, system.n))
    x = solver.particular(target)
    assert x is not None
    assert np.array_equal(system.apply(x), target)


def test_small_irregular_board_full_check() -> None:
    system = random_geometric(300, 5)
    for method in ("chase", "banded"):
        solver = build_fast_solver(system, method=method)
        check_analysis(system, solver.analysis, system_matrix(system))
        check_solutions(solver, system_matrix(system), np.random.default_rng(1))


def test_row_plan_and_chase_plan_agree() -> None:
    system = grid_system(12, 7, rule="open")
    plan = row_plan(system)
    assert plan.free_count == 7
    a = ChaseSolver(system, plan).analysis
    b = ChaseSolver(system, chase_plan(system)).analysis
    assert a.rank == b.rank == system.n - grid_nullity(12, 7, rule="open")


def test_degenerate_boards() -> None:
    # A single button that does not act on itself, and isolated buttons: all-zero matrices.
    for n in (1, 4):
        system = PressSystem.from_edges(
            n, np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(n, bool)
        )
        for method in ("chase", "banded"):
            a = build_fast_solver(system, method=method).analysis
            assert a.rank == 0
            assert canonical([to_int(q) for q in a.quiet]) == [1 << i for i in range(n)]


# --------------------------------------------------------------------------- bit helpers


def test_pack_unpack_roundtrip() -> None:
    rng = np.random.default_rng(1)
    for cols in (1, 63, 64, 65, 200):
        bits = rng.integers(0, 2, (5, cols)).astype(np.uint8)
        packed = pack_rows(bits)
        assert packed.shape == (5, (cols + 63) // 64)
        assert np.array_equal(unpack_rows(packed, cols), bits)
        # bit j of row r is word j // 64, bit j % 64
        r, j = 3, cols - 1
        assert (int(packed[r, j // 64]) >> (j % 64)) & 1 == bits[r, j]
        source = rng.permutation(5)
        sliced = unpack_sliced(packed, cols, source)
        assert np.array_equal(sliced, bits[source].T)


def test_dense_gf2_against_reference() -> None:
    rng = np.random.default_rng(2)
    for _ in range(200):
        k = int(rng.integers(0, 70))
        m = (rng.random((k, k)) < rng.choice([0.05, 0.3, 0.6])).astype(np.uint8)
        d = DenseGF2.reduce(pack_rows(m) if k else np.zeros((0, 1), np.uint64), k)
        assert d.rank == ref_rank(m)
        ker, left = d.kernel(), d.left_kernel()
        assert len(ker) == len(left) == k - d.rank
        assert not ((m.astype(int) @ ker.T) % 2).any()
        assert not ((left.astype(int) @ m) % 2).any()
        assert ref_rank(ker) == ref_rank(left) == k - d.rank
        rhs = rng.integers(0, 2, k).astype(np.uint8)
        y = d.solve(rhs)
        assert (y is not None) == (ref_solvable(m, rhs) if k else True)
        if y is not None:
            assert np.array_equal((m.astype(int) @ y) % 2, rhs)


def test_band_order_on_grids() -> None:
    system = grid_system(40, 9, mask=np.random.default_rng(4).random((40, 9)) > 0.1)
    order, band = band_order(system)
    assert band == bandwidth(system, order) <= 9
    assert np.array_equal(np.sort(order), np.arange(system.n))
    solver = BandedSolver(system)
    check_analysis(system, solver.analysis, system_matrix(system))
