"""Every GF(p) engine gives the same canonical answers (lograph.core.algebra.canonical):
the quiet basis and left kernel in reduced row echelon form, the particular solution 0 on the
quiet pivots. Checked against the definition of RREF, against ker A directly, and by brute
force over every press vector on tiny boards."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from lograph.core.algebra.analysis import Solver
from lograph.core.algebra.canonical import canonical_solver, rref_basis
from lograph.core.engines.fast import build_fast_solver
from lograph.core.engines.registry import get_solver
from lograph.core.errors import BoardTooLargeError
from lograph.core.files import read_board
from lograph.core.model.system import PressSystem
from tests.core.engines.test_small_engine import random_system
from tests.references import rank_mod_p, system_matrix

SAMPLES = sorted(
    p for p in (Path(__file__).resolve().parents[3] / "graphs").iterdir() if p.suffix != ".py"
)
SAMPLES = [p for p in SAMPLES if p.is_file()]


def solvers(system: PressSystem) -> dict[str, Solver]:
    """One solver per engine that takes the board (the fast engine both ways over GF(2))."""
    names = ["auto", "small", "dense", "galois"]
    names += ["fast"] if system.states == 2 else ["chase-p"]
    out = {}
    for name in names:
        try:
            out[name] = get_solver(system, name)
        except BoardTooLargeError:  # chase-p refuses plans with too many free buttons
            continue
    if system.states == 2:
        for method in ("chase", "banded"):
            out[method] = canonical_solver(build_fast_solver(system, method=method))
    return out


def is_rref(rows: np.ndarray) -> bool:
    """The definition: non-zero rows whose first non-zero entries (pivots) are 1, strictly
    increase from row to row, and are the only non-zero entries of their columns."""
    last = -1
    for row in rows.tolist():
        nonzero = [j for j, v in enumerate(row) if v]
        if not nonzero or nonzero[0] <= last or row[nonzero[0]] != 1:
            return False
        last = nonzero[0]
        if sum(1 for other in rows.tolist() if other[last]) != 1:
            return False
    return True


def check_board(system: PressSystem, rng: np.random.Generator) -> None:
    p, n = system.states, system.n
    a = system_matrix(system)
    built = solvers(system)
    reference = built["small"]
    quiet, left = reference.analysis.quiet, reference.analysis.left_kernel
    rank = rank_mod_p(a, p)
    assert reference.analysis.rank == rank
    assert len(quiet) == n - rank
    assert not ((a @ quiet.T.astype(np.int64)) % p).any()  # quiet: A q = 0
    assert not ((left.astype(np.int64) @ a) % p).any()  # worlds: l A = 0
    assert rank_mod_p(quiet, p) == len(quiet)
    assert rank_mod_p(left, p) == len(left)
    assert is_rref(quiet)
    assert is_rref(left)
    pivots = [int(np.flatnonzero(q)[0]) for q in quiet]
    rhs_list = [system.apply(rng.integers(0, p, n)) for _ in range(3)]
    for name, solver in built.items():
        assert solver.analysis.quiet.tolist() == quiet.tolist(), name
        assert solver.analysis.left_kernel.tolist() == left.tolist(), name
        for rhs in rhs_list:
            x = solver.particular(rhs)
            assert x is not None, name
            assert ((a @ x.astype(np.int64) - rhs) % p == 0).all(), name
            assert not x[pivots].any(), name  # 0 on the quiet pivots
            assert x.tolist() == reference.particular(rhs).tolist(), name


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_engine_gives_the_canonical_answers_on_the_samples(path: Path) -> None:
    board = read_board(path)
    rng = np.random.default_rng(1)
    for states in sorted({board.states, 3, 5}):
        board.states = states
        check_board(board.to_system(), rng)


@pytest.mark.parametrize("p", [2, 3, 5])
def test_every_engine_gives_the_canonical_answers_on_random_boards(p: int) -> None:
    rng = np.random.default_rng(40 + p)
    for _ in range(25):  # directed or not, open, closed or mixed rule
        check_board(random_system(rng, p), rng)


@pytest.mark.parametrize("p", [2, 3])
def test_canonical_answers_by_brute_force(p: int) -> None:
    """On tiny boards: the quiet space and every solution set enumerated outright."""
    rng = np.random.default_rng(90 + p)
    for _ in range(15):
        system = random_system(rng, p)
        if p**system.n > 4096:
            continue
        a = system_matrix(system)
        vectors = np.array(list(itertools.product(range(p), repeat=system.n)), dtype=np.int64)
        effects = (vectors @ a.T) % p
        solver = get_solver(system)
        quiet = solver.analysis.quiet.astype(np.int64)
        combos = np.array(list(itertools.product(range(p), repeat=len(quiet))), dtype=np.int64)
        span = {tuple(v) for v in (combos @ quiet) % p} if len(quiet) else {(0,) * system.n}
        assert span == {tuple(v) for v in vectors[~effects.any(axis=1)]}
        pivots = [int(np.flatnonzero(q)[0]) for q in quiet]
        rhs = effects[int(rng.integers(len(effects)))]
        solutions = vectors[(effects == rhs).all(axis=1)]
        canonical = [s for s in solutions if not s[pivots].any()]
        assert len(canonical) == 1  # exactly one solution is 0 on the quiet pivots
        assert solver.particular(rhs).tolist() == canonical[0].tolist()


def test_is_rref_rejects_echelon_forms_that_are_not_reduced() -> None:
    assert is_rref(np.array([[1, 0, 1], [0, 1, 1]]))
    assert not is_rref(np.array([[1, 1, 0], [0, 1, 1]]))  # pivot column 1 not cleared
    assert not is_rref(np.array([[0, 1, 1], [1, 0, 0]]))  # pivots out of order
    assert not is_rref(np.array([[2, 0, 1]]))  # pivot not 1


def test_rref_basis_widens_its_prefix_and_drops_dependent_rows() -> None:
    rng = np.random.default_rng(5)
    for p in (2, 3, 7):
        for _ in range(30):
            k, n = int(rng.integers(1, 6)), int(rng.integers(1, 300))
            rows = rng.integers(0, p, (k, n)) * (rng.random((k, n)) < 0.05)
            rows[:, : int(rng.integers(0, n))] = 0  # pivots far to the right
            rows = np.concatenate([rows, (2 * rows[:1]) % p])  # a dependent row
            got = rref_basis(rows, p)
            assert is_rref(got)
            assert len(got) == rank_mod_p(rows, p)
            assert rank_mod_p(np.concatenate([got, rows]), p) == len(got)  # same span


def test_rref_basis_of_many_rows_on_packed_bits_equals_galois() -> None:
    """From 64 rows over GF(2) the pivots are found on packed words: the basis is still
    galois's reduced row echelon form (zero rows dropped), with dependent and zero rows,
    zero columns in front and rows touching few columns."""
    import galois

    gf2 = galois.GF(2)
    rng = np.random.default_rng(11)
    for k, n in [(64, 200), (70, 129), (90, 1000), (65, 65)]:
        rows = (rng.random((k, n)) < 0.03).astype(np.uint8)
        rows[:, : n // 3] = 0  # pivots far to the right
        rows[5] = rows[1] ^ rows[2]  # a dependent row
        rows[7] = 0
        expected = np.asarray(gf2(rows).row_reduce(), dtype=np.uint8)
        expected = expected[expected.any(axis=1)]
        assert np.array_equal(rref_basis(rows, 2), expected)


@pytest.mark.parametrize(
    ("r", "k", "n"), [(1, 1, 1), (3, 7, 5), (9, 8, 64), (40, 77, 500), (5, 130, 65)]
)
def test_packed_product_equals_integer_matrix_product(r: int, k: int, n: int) -> None:
    """The Four Russians product against numpy's integer product mod 2 (chunk edges: k = 7,
    8, 77, 130; word edges: n = 64, 65)."""
    from lograph.core.kernels.bits import pack_rows, times_packed, unpack_rows

    rng = np.random.default_rng(r * 1000 + k)
    transform = rng.integers(0, 2, (r, k)).astype(np.uint8)
    matrix = rng.integers(0, 2, (k, n)).astype(np.uint8)
    expected = (transform.astype(np.int64) @ matrix.astype(np.int64)) % 2
    got = unpack_rows(times_packed(transform, pack_rows(matrix)), n)
    assert np.array_equal(got, expected)


@pytest.mark.parametrize("extra", [0, 3, 40, 400])
def test_transform_product_near_a_permutation_and_dense(extra: int) -> None:
    """Both ways of applying the transform (gathering rows of a near-permutation, the Four
    Russians product of a dense one) against numpy's integer product mod 2."""
    from lograph.core.algebra.canonical import _times

    rng = np.random.default_rng(extra)
    k, n = 60, 130
    transform = np.eye(k, dtype=np.uint8)[rng.permutation(k)]
    transform[rng.integers(0, k, extra), rng.integers(0, k, extra)] ^= 1
    transform[7] = 0  # an empty output row
    matrix = rng.integers(0, 2, (k, n)).astype(np.uint8)
    expected = (transform.astype(np.int64) @ matrix.astype(np.int64)) % 2
    assert np.array_equal(_times(transform, matrix, 2), expected)
