"""The references of `tests.references` checked against hand-worked and published answers,
so that the tests which lean on them lean on something checked."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import tests.references as ref
from lograph.core.model.generators import rectangle

A159257, A075462, A075464 = ref.A159257, ref.A075462, ref.A075464


def test_doctests_of_the_references_pass() -> None:
    failures, tried = doctest.testmod(ref, optionflags=doctest.ELLIPSIS)
    assert tried >= 15
    assert failures == 0


def test_the_two_oeis_tables_agree() -> None:
    assert tuple(2**k for k in A159257[: len(A075462)]) == A075462


@pytest.mark.parametrize("n", range(1, 12))
def test_rank_of_n_by_n_matches_oeis_a159257(n: int) -> None:
    a = ref.press_matrix(rectangle(n, n))
    assert n * n - ref.rank_mod_p(a, 2) == A159257[n - 1]
    assert n * n - ref.rank_gf2(a) == A159257[n - 1]


@pytest.mark.parametrize("n", [12, 14, 16, 17, 19])
def test_bit_rank_of_larger_n_by_n_matches_oeis_a159257(n: int) -> None:
    assert n * n - ref.rank_gf2(ref.press_matrix(rectangle(n, n))) == A159257[n - 1]


@pytest.mark.parametrize("n", range(1, 5))
def test_brute_force_all_on_matches_oeis_a075464_and_a075462(n: int) -> None:
    a = ref.press_matrix(rectangle(n, n))
    fewest, count = ref.brute_force_fewest(a, 2)
    all_on = ref.code_of([1] * n * n, 2)
    assert fewest[all_on] == A075464[n - 1]
    # every solution of a·x = 1 is a coset of the kernel: A075462(n) of them in all
    xs = ref.all_vectors(n * n, 2)
    assert int(np.count_nonzero(((xs @ a.T) % 2 == 1).all(axis=1))) == A075462[n - 1]
    assert count[all_on] >= 1


def test_null_space_is_the_kernel_and_has_the_nullity() -> None:
    rng = np.random.default_rng(0)
    for p in (2, 3, 5):
        for _ in range(10):
            a = rng.integers(0, p, size=(5, 6)) * (rng.random((5, 6)) < 0.5)
            kernel = ref.null_space_mod_p(a, p).astype(np.int64)
            assert len(kernel) == 6 - ref.rank_mod_p(a, p)
            assert not ((a @ kernel.T) % p).any()
            xs = ref.all_vectors(6, p)
            brute = {tuple(x) for x in xs[~((xs @ a.T) % p).any(axis=1)].tolist()}
            assert ref.span(kernel, p) == brute


def test_solve_and_solvable_agree_with_enumeration() -> None:
    rng = np.random.default_rng(1)
    for p in (2, 3):
        a = rng.integers(0, p, size=(4, 4)) * (rng.random((4, 4)) < 0.5)
        images = {tuple(v) for v in ((ref.all_vectors(4, p) @ a.T) % p).tolist()}
        for b in ref.all_vectors(4, p).tolist():
            x = ref.solve_mod_p(a, b, p)
            assert (x is not None) == (tuple(b) in images) == ref.solvable(a, b, p)
            if x is not None:
                assert ((a @ x) % p).tolist() == b


def test_system_matrix_reads_the_same_press_matrix_as_the_board() -> None:
    board = rectangle(3, 4, holes=[(1, 1)], rule="open")
    assert np.array_equal(ref.system_matrix(board.to_system()), ref.press_matrix(board))
