"""`lograph.core.algebra.gfp` against the galois library (an independent implementation)
and brute force.

The reduced row echelon form of a matrix, and of a basis of a subspace, is unique, so
lograph's and galois's answers must agree entry for entry.
"""

from __future__ import annotations

import itertools
import unittest.mock

import galois
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lograph.core.algebra import gfp
from lograph.core.algebra.gfp import (
    check_prime,
    kernel_from_rref,
    left_null_space,
    null_space,
    rank,
    row_reduce,
    solve,
)
from lograph.core.errors import BoardError, InterruptedComputation

PRIMES = [2, 3, 5, 7, 251]


def random_matrix(rng: np.random.Generator, p: int, m: int, n: int) -> np.ndarray:
    # sparse-ish entries give rank deficiency often enough to matter
    values = rng.integers(0, p, size=(m, n))
    values[rng.random((m, n)) < 0.5] = 0
    return values


def galois_rref_basis(rows: galois.FieldArray) -> np.ndarray:
    """RREF of a set of vectors with zero rows dropped (the canonical basis of their span)."""
    if rows.shape[0] == 0:
        return np.zeros((0, rows.shape[1]), dtype=np.uint8)
    reduced = rows.row_reduce()
    keep = np.asarray(reduced).any(axis=1)
    return np.asarray(reduced)[keep].astype(np.uint8)


@st.composite
def matrices(draw: st.DrawFn) -> tuple[np.ndarray, int]:
    p = draw(st.sampled_from(PRIMES))
    m = draw(st.integers(0, 7))
    n = draw(st.integers(0, 7))
    seed = draw(st.integers(0, 2**32 - 1))
    return random_matrix(np.random.default_rng(seed), p, m, n), p


@settings(max_examples=80, deadline=None)
@given(matrices())
def test_row_reduce_and_rank_match_galois(case: tuple[np.ndarray, int]) -> None:
    mat, p = case
    reduced, pivots = row_reduce(mat, p)
    assert reduced.dtype == np.uint8
    assert reduced.shape == mat.shape
    field = galois.GF(p)
    if mat.size:
        assert reduced.tolist() == np.asarray(field(mat).row_reduce()).tolist()
        assert len(pivots) == int(np.linalg.matrix_rank(field(mat)))
    else:
        assert len(pivots) == 0
    assert rank(mat, p) == len(pivots)
    # pivot columns: ascending, a 1 in their row and 0 elsewhere
    assert list(pivots) == sorted(set(pivots.tolist()))
    for i, j in enumerate(pivots.tolist()):
        column = reduced[:, j].tolist()
        assert column == [int(k == i) for k in range(mat.shape[0])]


@settings(max_examples=80, deadline=None)
@given(matrices())
def test_null_spaces_match_galois(case: tuple[np.ndarray, int]) -> None:
    mat, p = case
    m, n = mat.shape
    field = galois.GF(p)
    kernel = null_space(mat, p)
    left = left_null_space(mat, p)
    assert kernel.shape == (n - rank(mat, p), n)
    assert left.shape == (m - rank(mat, p), m)
    assert not ((mat.astype(np.int64) @ kernel.T.astype(np.int64)) % p).any()
    assert not ((left.astype(np.int64) @ mat.astype(np.int64)) % p).any()
    if m and n:
        assert kernel.tolist() == galois_rref_basis(field(mat).null_space()).tolist()
        assert left.tolist() == galois_rref_basis(field(mat).left_null_space()).tolist()


@settings(max_examples=80, deadline=None)
@given(matrices(), st.integers(0, 2**32 - 1))
def test_solve_agrees_with_rank_test(case: tuple[np.ndarray, int], seed: int) -> None:
    mat, p = case
    m, n = mat.shape
    rng = np.random.default_rng(seed)
    # half the time a right-hand side known to be solvable
    rhs = (
        (mat.astype(np.int64) @ rng.integers(0, p, size=n)) % p
        if rng.random() < 0.5
        else rng.integers(0, p, size=m)
    )
    x = solve(mat, rhs, p)
    # Rouché–Capelli: solvable iff appending rhs keeps the rank (ranks by galois)
    field = galois.GF(p)
    full = np.concatenate([mat, rhs[:, None]], axis=1).astype(np.int64)
    if m == 0:
        solvable = True
    else:
        solvable = np.linalg.matrix_rank(field(full)) == (
            np.linalg.matrix_rank(field(mat)) if n else 0
        )
    assert (x is not None) == solvable
    if x is not None:
        assert x.shape == (n,)
        assert x.dtype == np.uint8
        assert ((mat.astype(np.int64) @ x.astype(np.int64)) % p).tolist() == rhs.tolist()


def test_solve_by_brute_force_on_all_small_systems() -> None:
    # every 2×2 system over GF(3) with every right-hand side
    entries = list(itertools.product(range(3), repeat=4))
    vectors = [np.array(v) for v in itertools.product(range(3), repeat=2)]
    for flat in entries[::3]:
        mat = np.array(flat).reshape(2, 2)
        images = {tuple((mat @ v) % 3) for v in vectors}
        for rhs in vectors:
            x = solve(mat, rhs, 3)
            assert (x is not None) == (tuple(rhs) in images)


def test_negative_and_large_entries_are_taken_mod_p() -> None:
    reduced, pivots = row_reduce([[-1, 4], [7, -3]], 5)
    assert reduced.tolist() == row_reduce([[4, 4], [2, 2]], 5)[0].tolist()
    assert pivots.tolist() == [0]


def test_ncols_limits_pivoting_and_keeps_row_operations() -> None:
    mat = np.array([[0, 1], [0, 1], [1, 1]])
    augmented = np.concatenate([mat, np.eye(3, dtype=np.int64)], axis=1)
    reduced, pivots = row_reduce(augmented, 2, ncols=2)
    assert pivots.tolist() == [0, 1]
    transform = reduced[:, 2:].astype(np.int64)
    # T · mat is the reduced left block, and the third row of T is in the left kernel
    assert ((transform @ mat) % 2).tolist() == reduced[:, :2].tolist()
    assert ((transform[2] @ mat) % 2).tolist() == [0, 0]


def test_kernel_from_rref_by_hand() -> None:
    # x0 + 2 x2 = 0, x1 + x2 = 0 over GF(3): kernel spanned by (1, 2, 1)
    basis = kernel_from_rref(np.array([[1, 0, 2], [0, 1, 1]]), np.array([0, 1]), 3)
    assert basis.tolist() == [[1, 2, 1]]


def test_empty_shapes() -> None:
    for shape in [(0, 0), (0, 3), (3, 0)]:
        mat = np.zeros(shape, dtype=np.int64)
        reduced, pivots = row_reduce(mat, 3)
        assert reduced.shape == shape
        assert len(pivots) == 0
        assert null_space(mat, 3).shape == (shape[1], shape[1])
        assert left_null_space(mat, 3).shape == (shape[0], shape[0])
    assert solve(np.zeros((0, 2), dtype=np.int64), np.zeros(0, dtype=np.int64), 2).tolist() == [
        0,
        0,
    ]
    assert solve(np.zeros((2, 0), dtype=np.int64), np.array([0, 1]), 2) is None


def test_identity_for_every_prime_and_the_largest() -> None:
    for p in PRIMES:
        mat = (np.eye(4, dtype=np.int64) * (p - 1)) % p
        assert rank(mat, p) == 4
        x = solve(mat, [1, 2 % p, 0, p - 1], p)
        assert x is not None
        assert ((mat @ x.astype(np.int64)) % p).tolist() == [1, 2 % p, 0, p - 1]


@pytest.mark.parametrize("p", [0, 1, 4, 9, 253, 257, -3, 2**61 - 1])  # last: a 19-digit prime
def test_bad_field_size_is_refused(p: int) -> None:
    with pytest.raises(BoardError, match=str(p)):
        check_prime(p)
    with pytest.raises(BoardError, match=str(p)):
        rank([[1]], p)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(BoardError, match=r"2\.0"):
        check_prime(2.0)  # type: ignore[arg-type]
    with pytest.raises(BoardError, match=r"shape \(3,\)"):
        row_reduce([1, 0, 1], 2)
    with pytest.raises(BoardError, match="float64"):
        row_reduce([[0.5, 1.0]], 2)
    with pytest.raises(BoardError, match="ncols 3"):
        row_reduce([[1, 0]], 2, ncols=3)
    with pytest.raises(BoardError, match=r"2 integers, got shape \(3,\)"):
        solve([[1, 0], [0, 1]], [1, 0, 1], 2)


def test_cancel_is_polled_and_stops_the_work() -> None:
    calls = []

    def cancel_after_three() -> bool:
        calls.append(1)
        return len(calls) > 3

    mat = np.eye(10, dtype=np.int64)
    with pytest.raises(InterruptedComputation, match="column 3 of 10"):
        row_reduce(mat, 2, cancel=cancel_after_three)
    assert len(calls) == 4
    _, pivots = row_reduce(mat, 3, cancel=lambda: False)
    assert len(pivots) == 10


@pytest.mark.parametrize("p", [3, 61, 251])
def test_many_pivots_with_deferred_reduction_match_galois(p: int) -> None:
    # Entries are reduced mod p only every few dozen pivots when p = 61 (uint16 headroom);
    # dense 90 × 120 matrices make every pivot touch every row, and 90 updates of up to
    # 60² each would overflow uint16 without those reductions.
    rng = np.random.default_rng(p)
    mat = rng.integers(0, p, size=(90, 120))
    mat[:, 40:50] = (mat[:, :10] * 7 + mat[:, 10:20]) % p  # some dependent columns
    reduced, pivots = row_reduce(mat, p)
    assert reduced.tolist() == np.asarray(galois.GF(p)(mat).row_reduce()).tolist()
    assert len(pivots) == 90
    tall = np.concatenate([mat.T, mat.T[:5] * 2 % p], axis=0)  # 125 × 90: a kernel of dim 35
    assert (
        null_space(tall.T, p).tolist()
        == galois_rref_basis(galois.GF(p)(tall.T).null_space()).tolist()
    )


@settings(max_examples=60, deadline=None)
@given(matrices(), st.sampled_from([None, 0, 1]))
def test_list_and_array_reductions_agree(case: tuple[np.ndarray, int], ncols: int | None) -> None:
    """Small matrices are reduced on Python lists, larger ones on numpy arrays: both give
    galois's reduced form, with pivoting limited to the first columns or not."""
    mat, p = case
    if ncols is not None:
        ncols = min(ncols, mat.shape[1])
    small = row_reduce(mat, p, ncols=ncols)
    with unittest.mock.patch.object(gfp, "SMALL_WORK", -1):
        large = row_reduce(mat, p, ncols=ncols)
        kernel_large = null_space(mat, p)
    assert small[0].tolist() == large[0].tolist()
    assert small[1].tolist() == large[1].tolist()
    assert null_space(mat, p).tolist() == kernel_large.tolist()
    if ncols is None and mat.size:
        assert small[0].tolist() == np.asarray(galois.GF(p)(mat).row_reduce()).tolist()


@pytest.mark.parametrize("small_work", [gfp.SMALL_WORK, -1])
def test_cancel_is_polled_on_both_paths(small_work: int) -> None:
    calls = []

    def cancel_after_three() -> bool:
        calls.append(1)
        return len(calls) > 3

    with (
        unittest.mock.patch.object(gfp, "SMALL_WORK", small_work),
        pytest.raises(InterruptedComputation, match="column 3 of 5"),
    ):
        row_reduce(np.eye(5, dtype=np.int64), 3, cancel=cancel_after_three)
