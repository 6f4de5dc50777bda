"""Grid closed forms against linear algebra, galois polynomials and published values."""

from __future__ import annotations

import math

import galois
import numpy as np
import pytest

from lograph.core.algebra.gridforms import (
    fibonacci_polynomial,
    gf2_poly_gcd,
    grid_nullity,
    poly_degree,
)
from lograph.core.errors import BoardError
from lograph.core.model.generators import grid_system
from tests.references import A159257, nullity


def chase_nullity(m: int, n: int, rule: str) -> int:
    """Nullity by classic light chasing: the first row's presses are unknowns (bit masks),
    each next row is forced to clear the row above, and the kernel is the set of first rows
    whose chase leaves the last row dark."""
    own = rule == "closed"
    rows = [[1 << c for c in range(n)]]
    for r in range(m):
        above = rows[r - 1] if r else [0] * n
        cur = rows[r]
        light = [
            (cur[c] if own else 0)
            ^ above[c]
            ^ (cur[c - 1] if c else 0)
            ^ (cur[c + 1] if c + 1 < n else 0)
            for c in range(n)
        ]
        rows.append(light)  # the press below must cancel this light
    last = rows[m]  # lights of the last row, as forms in the first-row unknowns
    basis: list[int] = []
    for form in last:
        for b in basis:
            form = min(form, form ^ b)
        if form:
            basis.append(form)
    return n - len(basis)


@pytest.mark.parametrize("rule", ["closed", "open"])
def test_all_grids_up_to_thirty_match_chasing(rule):
    for m in range(1, 31):
        for n in range(1, 31):
            assert grid_nullity(m, n, rule) == chase_nullity(m, n, rule), (m, n)


@pytest.mark.parametrize("rule", ["closed", "open"])
def test_small_grids_match_dense_elimination(rule):
    for m in range(1, 7):
        for n in range(1, 7):
            assert grid_nullity(m, n, rule) == nullity(grid_system(m, n, rule=rule)), (m, n)


def test_published_square_nullities():
    # OEIS A159257: nullity of the n×n Lights Out matrix.
    assert [grid_nullity(n, n) for n in range(1, len(A159257) + 1)] == list(A159257)


def test_open_rule_is_gcd_minus_one():
    # gcd(f_m, f_n) = f_{gcd(m+1, n+1) − 1} for these Fibonacci-type polynomials.
    rng = np.random.default_rng(3)
    for m, n in rng.integers(1, 5000, size=(40, 2)).tolist():
        assert grid_nullity(m, n, "open") == math.gcd(m + 1, n + 1) - 1


def _packed(poly: galois.Poly) -> int:
    return sum(int(c) << e for e, c in enumerate(poly.coeffs[::-1]))


@pytest.mark.parametrize("shift", [False, True])
def test_polynomials_and_gcds_match_galois(shift):
    # The recurrence in galois arithmetic, with y = x or y = x + 1 (closed rule).
    gf2 = galois.GF(2)
    y = galois.Poly([1, 1] if shift else [1, 0], field=gf2)
    polys = [galois.Poly([1], field=gf2), y]
    for _ in range(60):
        polys.append(y * polys[-1] + polys[-2])
    for j, poly in enumerate(polys):
        assert fibonacci_polynomial(j, shift) == _packed(poly), j
    plain = fibonacci_polynomial
    for m, n in ((4, 4), (9, 9), (19, 19), (16, 33), (24, 49), (41, 29), (60, 17)):
        expected = galois.gcd(_galois_plain(m), polys[n]).degree
        assert poly_degree(gf2_poly_gcd(plain(m), _packed(polys[n]))) == expected, (m, n)
        assert grid_nullity(m, n, "closed" if shift else "open") == expected, (m, n)


def _galois_plain(m: int) -> galois.Poly:
    gf2 = galois.GF(2)
    x = galois.Poly([1, 0], field=gf2)
    prev, cur = galois.Poly([1], field=gf2), x
    for _ in range(m):
        prev, cur = cur, x * cur + prev
    return prev


def test_closed_rule_is_symmetric_for_large_boards():
    # The formula treats m and n differently (only f_n is shifted); the board does not.
    rng = np.random.default_rng(4)
    for m, n in rng.integers(1000, 20000, size=(6, 2)).tolist():
        assert grid_nullity(m, n) == grid_nullity(n, m)
    assert grid_nullity(99999, 99999) == grid_nullity(99999, 99999, "closed")


def test_with_galois_engine():
    from lograph.core.engines.registry import get_solver

    for m, n in ((4, 4), (5, 5), (9, 11), (16, 16)):
        for rule in ("closed", "open"):
            solver = get_solver(grid_system(m, n, rule=rule), "galois")
            assert grid_nullity(m, n, rule) == solver.analysis.nullity


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 5), "rows"),
        ((5, -1), "cols"),
        (("5", 5), "rows"),
        ((True, 5), "rows"),
        ((5, 5, "half"), "rule"),
        ((10**9, 5), "supported"),
    ],
)
def test_bad_input(args, message):
    with pytest.raises(BoardError, match=message):
        grid_nullity(*args)


def test_sides_beyond_a_few_seconds_of_work_are_refused() -> None:
    # 1999999×2000000 (open rule) was accepted and took 45 s
    with pytest.raises(BoardError, match="larger than the supported 1000000"):
        grid_nullity(1_000_001, 3)
    with pytest.raises(BoardError, match="cols = 1999999"):
        grid_nullity(3, 1_999_999, "open")
