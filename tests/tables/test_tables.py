"""The committed tables (docs/tables) and the lograph methods behind them, against brute
force, the checker's own enumeration and the published terms."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

import tests.references as ref
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import solve_fewest
from lograph.core.optimize.worst import worst_position
from lograph.core.work import Work
from tests.tables.test_checker import _load, check

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "tables"
write_docs = _load("write_docs.py")


def _rows(name: str) -> dict[int, dict[str, str]]:
    with (TABLES / name).open(newline="") as f:
        return {int(r["n"]): r for r in csv.DictReader(f, delimiter="\t")}


def test_recorded_values_are_the_published_terms() -> None:
    rows = _rows("a075464.tsv")
    for n, published in enumerate(ref.A075464_EXTENDED, start=1):
        assert rows[n]["exact"] == "yes"
        assert int(rows[n]["presses"]) == published, n


def test_every_n_up_to_128_is_recorded_with_consistent_bounds() -> None:
    rows = _rows("a075464.tsv")
    assert sorted(rows) == list(range(1, 129))
    for r in rows.values():
        low, high = int(r["lower_bound"]), int(r["presses"])
        assert low <= high
        assert (r["exact"] == "yes") == (low == high)


def test_b_file_is_the_proven_prefix() -> None:
    lines = (TABLES / "b075464.txt").read_text().splitlines()
    rows = _rows("a075464.tsv")
    first_open = min(n for n, r in rows.items() if r["exact"] != "yes")
    assert lines == [f"{n} {rows[n]['presses']}" for n in range(1, first_open)]


def test_gods_numbers_file_holds_the_exact_rows_only() -> None:
    rows = _rows("gods.tsv")
    assert sorted(rows) == list(range(1, 41))
    lines = (TABLES / "gods-numbers.txt").read_text().splitlines()
    exact = [n for n, r in rows.items() if r["exact"] == "yes"]
    assert lines == [f"{n} {rows[n]['worst']}" for n in exact]
    for n, r in rows.items():
        assert int(r["worst"]) <= int(r["upper_bound"])
        if int(r["nullity"]) == 0:  # one solution per position: pressing all n² buttons
            assert int(r["worst"]) == n * n


def test_page_is_written_from_the_records() -> None:
    """docs/tables.md is what write_docs.py makes of the committed records."""
    fewest, gods = write_docs.rows("a075464.tsv"), write_docs.rows("gods.tsv")
    second, square = write_docs.second_rows(), write_docs.square_rows()
    page = (ROOT / "docs" / "tables.md").read_text()
    lines = write_docs.fewest_table(fewest, second, square) + write_docs.gods_table(gods)
    for line in lines:
        assert line in page


@pytest.mark.parametrize("n", range(1, 5))
def test_fewest_and_worst_are_brute_force_on_small_boards(n: int) -> None:
    """lograph's two front doors against every press vector of the n×n board."""
    a = ref.press_matrix(rectangle(n, n))
    fewest, _ = ref.brute_force_fewest(a, 2)
    found = solve_fewest(rectangle(n, n), goal="on")
    assert found.exact
    assert found.press_count == fewest[ref.code_of([1] * (n * n), 2)]
    worst = worst_position(rectangle(n, n))
    assert worst.exact
    assert worst.worst_presses == fewest.max()
    assert int(_rows("gods.tsv")[n]["worst"]) == fewest.max()


@pytest.mark.parametrize(("n", "transform"), [(19, 8), (23, 8), (30, 12)])
def test_search_past_one_transform_is_the_checkers_enumeration(n: int, transform: int) -> None:
    """The search beyond one transform (forced by a smaller transform limit) against the
    checker's enumeration of all 2^nullity solutions: value and optimal solutions."""
    work = Work(transform_nullity=transform, search_nullity=20)
    found = solve_fewest(rectangle(n, n), goal="on", work=work)
    assert found.method == "branch and bound"
    best, ties, _ = check.fewest_of(np.ones((n, n), dtype=np.int64))
    assert (found.press_count, found.optimal_solutions) == (best, ties)


def test_heuristic_bounds_hold_the_true_value() -> None:
    """With no search allowed, the heuristic's proven range holds the enumerated value."""
    work = Work(transform_nullity=8, leaves=0)
    found = solve_fewest(rectangle(19, 19), goal="on", work=work)
    best, _, _ = check.fewest_of(np.ones((19, 19), dtype=np.int64))
    assert found.lower_bound <= best <= found.press_count


def test_worst_positions_need_the_recorded_presses() -> None:
    """Each committed worst position of nullity ≤ 8, by the checker's enumeration."""
    for n, r in _rows("gods.tsv").items():
        if int(r["nullity"]) <= 8:
            lights = check.read_grid(TABLES / "worst" / f"n{n:02d}.txt")
            assert check.fewest_of(lights)[0] == int(r["worst"]), n


square_bound = _load("square_bound.py")


@pytest.mark.parametrize("n", [4, 5, 7, 8])
@pytest.mark.parametrize(("rows", "cols"), [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_sublattice_board_is_the_square_of_the_press_matrix(n: int, rows: int, cols: int) -> None:
    """Each sublattice board's press matrix is A² on those cells (pressed twice by the
    checker's own press), its target A·1 there, and A² joins no other cells."""
    board, target = square_bound.sublattice_board(n, rows, cols)
    a = ref.press_matrix(board)
    shape = (len(range(rows, n, 2)), len(range(cols, n, 2)))
    for k in range(a.shape[1]):
        cell = np.zeros(a.shape[1], dtype=np.int64)
        cell[k] = 1
        z = np.zeros((n, n), dtype=np.int64)
        z[rows::2, cols::2] = cell.reshape(shape)
        twice = check.press(check.press(z))
        assert twice[rows::2, cols::2].ravel().tolist() == a[:, k].tolist()
        twice[rows::2, cols::2] = 0
        assert not twice.any()
    ones = check.press(np.ones((n, n), dtype=np.int64))
    assert ones[rows::2, cols::2].ravel().tolist() == target.tolist()


@pytest.mark.parametrize(("n", "expected"), [(9, 21), (11, 51), (13, 105), (19, 125)])
def test_square_bound_is_below_the_published_terms(n: int, expected: int) -> None:
    """The bound holds (and is tight on 13×13, nullity 0); its value is pinned."""
    found = square_bound.bound(n, 60)
    assert int(found["bound"]) == expected
    assert expected <= ref.A075464_EXTENDED[n - 1]


descent = _load("descent.py")


def test_gf2_helpers_of_the_descent_are_brute_force() -> None:
    rng = np.random.default_rng(3)
    m = rng.integers(0, 2, (5, 7)).astype(np.uint8)
    m[4] = m[0] ^ m[1]  # a dependent row: a vanishing combination exists
    combos = ((np.arange(32)[:, None] >> np.arange(5)) & 1).astype(np.int64)
    zero = {tuple(c) for c in combos if not ((c @ m) % 2).any()}
    basis = descent.vanishing(m).astype(np.int64)
    r = len(basis)
    coefficients = (np.arange(1 << r)[:, None] >> np.arange(r)) & 1
    spanned = {tuple((c @ basis) % 2) for c in coefficients}
    assert spanned == zero
    change = ((combos[13] @ m) % 2).astype(np.uint8)
    c = descent.combination_for(m, change)
    assert ((c.astype(np.int64) @ m) % 2).tolist() == change.tolist()


@pytest.mark.parametrize("n", [9, 19])
def test_descent_gives_a_solution_no_lighter_than_the_optimum(n: int) -> None:
    best, _ = descent.descend(n)
    x = best.reshape(n, n)
    assert check.press(x).all()
    assert int(x.sum()) >= ref.A075464_EXTENDED[n - 1]
