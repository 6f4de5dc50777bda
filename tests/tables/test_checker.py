"""The tables' checker (tools/tables/check.py) against brute force and published terms, and
against broken claims it must refuse."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import tests.references as ref
from lograph.core.model.generators import rectangle

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"tables_{name}", ROOT / "tools/tables" / name)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


check = _load("check.py")


def _nullity(n: int) -> int:
    return n * n - ref.rank_gf2(ref.press_matrix(rectangle(n, n)))


@pytest.mark.parametrize("n", range(1, 7))
def test_press_is_the_reference_press_matrix(n: int) -> None:
    a = ref.press_matrix(rectangle(n, n))
    rng = np.random.default_rng(n)
    for _ in range(5):
        x = rng.integers(0, 2, n * n)
        assert check.press(x.reshape(n, n)).ravel().tolist() == (a @ x % 2).tolist()


@pytest.mark.parametrize("n", range(1, 5))
def test_fewest_of_is_brute_force_on_every_position(n: int) -> None:
    """Every reachable position of the n×n board (all of them up to 4×4: 2^16 press
    vectors): the enumeration's fewest presses and tie count are brute force's."""
    a = ref.press_matrix(rectangle(n, n))
    fewest, count = ref.brute_force_fewest(a, 2)
    reachable = np.flatnonzero(fewest >= 0)
    rng = np.random.default_rng(0)
    picked = reachable if len(reachable) <= 64 else rng.choice(reachable, 64, replace=False)
    for code in picked:
        lights = (int(code) >> np.arange(n * n)) & 1  # code_of: light i is bit i
        best, ties, k = check.fewest_of(lights.reshape(n, n))
        assert (best, ties) == (int(fewest[code]), int(count[code]))
        assert k == _nullity(n)


def test_fewest_of_refuses_an_unreachable_position() -> None:
    lights = np.zeros((4, 4), dtype=np.int64)
    lights[0, 0] = 1  # 4×4 has nullity 4: a single light is out of reach
    with pytest.raises(ValueError, match="cannot be reached"):
        check.fewest_of(lights)


@pytest.mark.parametrize("n", [n for n in range(1, 55) if n not in (30, 32, 39, 47)])
def test_fewest_of_all_on_is_the_published_term(n: int) -> None:
    """OEIS A075464 for every n ≤ 54 whose 2^nullity solutions are quick to enumerate
    (up to 2^16 of them: 30 and 32, nullity 20, take a second each and are checked by
    `check.py` itself; 39 and 47, nullity 32 and 30, are left to the searches)."""
    best, _, _ = check.fewest_of(np.ones((n, n), dtype=np.int64))
    assert best == ref.A075464_EXTENDED[n - 1]


def _tables(tmp_path: Path, n: int, pattern: np.ndarray, claim: dict[str, str]) -> Path:
    (tmp_path / "a075464").mkdir()
    row = {"n": str(n), "nullity": "", "presses": "", "lower_bound": "0", "exact": "yes"}
    row |= {"optimal_solutions": "", "method": "test", "seconds": "0", "time_limit": "0"}
    row |= claim
    (tmp_path / "a075464.tsv").write_text("\t".join(row) + "\n" + "\t".join(row.values()) + "\n")
    grid = "\n".join("".join(str(int(v)) for v in r) for r in pattern)
    (tmp_path / "a075464" / f"n{n:03d}.txt").write_text("# a test pattern\n" + grid + "\n")
    return tmp_path


# an optimal all-on 4×4 solution (4 presses; its mirror image is the other of the 2 ties)
_FOUR = np.array([[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 1, 0]])


def _heavier_solution() -> np.ndarray:
    """An all-on 4×4 solution heavier than 4 presses, from the checker's own chasing."""
    cells, r0, kernel = check.chase(np.ones((4, 4), dtype=np.int64))
    assert r0 is not None
    for r in kernel:
        x = check.evaluate(cells, r0 ^ r)
        if x.sum() > 4:
            assert check.press(x).all()
            return x
    raise AssertionError("every solution has 4 presses")


def test_checker_accepts_a_true_claim(tmp_path: Path) -> None:
    claim = {"nullity": "4", "presses": "4", "lower_bound": "4", "optimal_solutions": "2"}
    out: list[str] = []
    assert check.check_a075464(_tables(tmp_path, 4, _FOUR, claim), 22, out) == 0, out
    assert "enumerated 2^4" in out[0]


@pytest.mark.parametrize(
    ("pattern", "claim", "problem"),
    [
        (_FOUR ^ np.eye(4, dtype=np.int64), {"presses": "4"}, "does not light"),
        (_FOUR, {"presses": "5"}, "has 4 presses"),
        (_FOUR, {"optimal_solutions": "3"}, "2 optimal solutions"),
        (_FOUR, {"nullity": "2"}, "nullity 4"),
        (_FOUR, {"lower_bound": "5", "exact": "no"}, "lower bound above"),
        (
            # a true solution heavier than 4, claimed optimal: the enumeration finds 4
            _heavier_solution(),
            {"presses": str(int(_heavier_solution().sum()))},
            "fewest by enumeration 4",
        ),
    ],
)
def test_checker_refuses_a_false_claim(
    tmp_path: Path, pattern: np.ndarray, claim: dict[str, str], problem: str
) -> None:
    full = {"nullity": "4", "presses": "4", "lower_bound": "4", "optimal_solutions": "2"}
    out: list[str] = []
    assert check.check_a075464(_tables(tmp_path, 4, pattern, full | claim), 22, out) == 1
    assert problem in out[0]


def test_checker_refuses_a_false_worst_position(tmp_path: Path) -> None:
    """A 4×4 position needing 4 presses (the all-on one), claimed to need 5."""
    (tmp_path / "worst").mkdir()
    (tmp_path / "gods.tsv").write_text(
        "n\tnullity\tworst\tupper_bound\texact\tmethod\tseconds\ttime_limit\n"
        "4\t4\t5\t5\tyes\ttest\t0\t0\n"
    )
    lights = check.press(_FOUR)
    grid = "\n".join("".join(str(int(v)) for v in r) for r in lights)
    (tmp_path / "worst" / "n04.txt").write_text(grid + "\n")
    out: list[str] = []
    assert check.check_gods(tmp_path, 22, out) == 1
    assert "needs 4 presses, claimed 5" in out[0]


def test_checker_passes_on_the_committed_tables(tmp_path: Path) -> None:
    """The committed tables, checked with enumeration up to nullity 8 (quick)."""
    shutil.copytree(ROOT / "docs" / "tables", tmp_path / "tables")
    out: list[str] = []
    failures = check.check_a075464(tmp_path / "tables", 8, out)
    failures += check.check_gods(tmp_path / "tables", 8, out)
    assert failures == 0, [line for line in out if "FAIL" in line]
    assert len(out) >= 128


@pytest.mark.parametrize(
    ("parts", "problem"),
    [
        ("1 1 1 3", "add up to 6"),  # claimed 7
        ("1 1 1 5", "part 11 is lighter"),  # 5×5's odd-odd part of the pattern weighs 4
    ],
)
def test_checker_refuses_a_false_square_bound(tmp_path: Path, parts: str, problem: str) -> None:
    """A sublattice bound for the all-on 5×5 board (15 presses; the 2×2 odd-odd part of a
    solution solves the all-on 2×2 board, 4 presses) that does not add up or exceeds the
    pattern's part."""
    best = np.array(
        [[1, 1, 0, 0, 0], [1, 1, 0, 1, 1], [0, 0, 1, 1, 1], [0, 1, 1, 1, 0], [0, 1, 1, 0, 1]]
    )
    assert check.press(best).all()
    claim = {"nullity": "2", "presses": "15", "lower_bound": "15", "optimal_solutions": "4"}
    tables = _tables(tmp_path, 5, best, claim)
    (tables / "square-bounds.tsv").write_text(
        f"n\tbound\tparts\texact\tseconds\n5\t7\t{parts}\tyes yes yes yes\t0\n"
    )
    out: list[str] = []
    assert check.check_square(tables, 22, out) == 1
    assert problem in out[0]
