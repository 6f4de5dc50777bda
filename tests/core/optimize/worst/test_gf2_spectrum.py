"""The worst position by the spectrum search, checked against brute force over every press
vector of small random codes, against the integer program (HiGHS, a second algorithm) on
boards it solves quickly, and against the published 5×5 value. Limits are counts or a
deadline already past, never a duration that a faster machine would beat."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.model.generators import rectangle
from lograph.core.optimize.quiet._classes import fewest_by_classes, quiet_classes
from lograph.core.optimize.worst import _gf2_exact as gf2_worst_exact
from lograph.core.optimize.worst import _gf2_spectrum as gf2_spectrum
from lograph.core.optimize.worst._gf2_bounds import upper_bound
from lograph.core.optimize.worst._gf2_spectrum import spectrum_worst
from lograph.core.optimize.worst._search import worst_position
from lograph.core.solve import prepare
from lograph.core.work import Work


def _independent_rows(rng: np.random.Generator, k: int, n: int, density: float) -> np.ndarray:
    while True:
        quiet = (rng.random((k, n)) < density).astype(np.uint8)
        keys = quiet_classes(quiet)
        if len({int(v) for v in keys}) > 1 and _rank(quiet) == k:
            return quiet


def _rank(rows: np.ndarray) -> int:
    pivots: dict[int, int] = {}
    for row in rows:
        value = int("".join(map(str, row.tolist())), 2)
        while value and value.bit_length() in pivots:
            value ^= pivots[value.bit_length()]
        if value:
            pivots[value.bit_length()] = value
    return len(pivots)


def _brute_force_radius(quiet: np.ndarray) -> int:
    """Largest lightest-vector weight over every coset, walking all 2^n vectors."""
    k, n = quiet.shape
    code = np.array(
        [np.bitwise_xor.reduce(quiet[list(c)], axis=0) if c else np.zeros(n, np.uint8)
         for r in range(k + 1) for c in itertools.combinations(range(k), r)]
    )  # fmt: skip
    vectors = ((np.arange(1 << n)[:, None] >> np.arange(n)) & 1).astype(np.uint8)
    lightest = np.full(1 << n, n, dtype=np.int64)
    for word in code:
        lightest = np.minimum(lightest, (vectors ^ word).sum(axis=1))
    return int(lightest.max())


def _run(quiet: np.ndarray, deadline: float = math.inf, cancel=None):  # type: ignore[no-untyped-def]
    k, n = quiet.shape
    keys = quiet_classes(quiet)
    start = fewest_by_classes(keys, k, np.zeros(n, dtype=np.uint8))[:2]
    return keys, spectrum_worst(
        keys, k, start, upper_bound(quiet, n, k), Work(cancel=cancel, deadline=deadline)
    )


# "table": the compiled search, signs from the table, one search in the default basis
# (nullity ≤ 10); "restarts": rows built by doubling and restarts from random bases (the path
# past 10); "tiny": the same with budgets of a few nodes, so that most bounds take many
# restarts; "numpy": the search in numpy alone (a fresh install's path); "handover": the
# numpy search stops after a few hundred transform updates and the kernel goes on.
@pytest.mark.parametrize("mode", ["table", "restarts", "tiny", "numpy", "handover"])
@pytest.mark.parametrize("seed", range(16))
def test_random_codes_match_brute_force(
    seed: int, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_numpy = {"numpy": 1 << 40, "handover": 300}.get(mode, 0)
    monkeypatch.setattr(gf2_spectrum, "_NUMPY_UPDATES", in_numpy)
    monkeypatch.setattr(gf2_spectrum, "compiled_ready", lambda *kernels: False)
    if mode in ("restarts", "tiny"):
        monkeypatch.setattr(gf2_spectrum, "SPECTRUM_EXACT_NULLITY", 0)
    if mode == "tiny":
        monkeypatch.setattr(gf2_spectrum, "_SLICE_WORK", 2)
        monkeypatch.setattr(gf2_spectrum, "_RESTART_WORK", 2)
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, 6))
    n = int(rng.integers(k + 2, 15))
    quiet = _independent_rows(rng, k, n, float(rng.choice([0.2, 0.4, 0.6])))
    keys, found = _run(quiet)
    assert found.exact
    assert found.lower == found.upper == _brute_force_radius(quiet)
    # the position returned really needs that many presses: its coset's lightest vector
    assert fewest_by_classes(keys, k, found.presses)[1] == found.lower


@pytest.mark.parametrize(("n", "expected"), [(4, 7), (5, 15), (11, None), (14, None)])
def test_boards_match_the_integer_program(n: int, expected: int | None) -> None:
    solver = prepare(rectangle(n, n))
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, -1)
    keys, found = _run(quiet)
    if expected is None:  # HiGHS proves these in a fraction of a second
        _, proven_upper, proven = gf2_worst_exact._ilp(keys, k, n * n, 600.0)
        assert proven
        expected = proven_upper
    assert (found.exact, found.lower) == (True, expected)


def test_nine_by_nine_is_exact_and_its_position_needs_37() -> None:
    result = worst_position(rectangle(9, 9))
    assert (result.exact, result.method, result.worst_presses) == (True, "spectrum search", 37)
    solver = prepare(rectangle(9, 9))
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, -1)
    assert fewest_by_classes(quiet_classes(quiet), k, result.presses)[1] == 37


def test_sixteen_is_exact_at_124() -> None:
    # HiGHS proved 124 in 43 minutes (docs/performance.md); prefix checks refute 125 in a fraction
    # of a second. The position found is scored again by brute force over its coset.
    solver = prepare(rectangle(16, 16))
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(8, -1)
    keys, found = _run(quiet)
    assert found.exact
    assert found.lower == 124
    assert fewest_by_classes(keys, 8, found.presses)[1] == 124


def test_a_passed_deadline_gives_proven_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # 16×16 (nullity 8): the first slice of the search (made a few nodes long) proves some
    # upper bounds, then the deadline (already past) stops it; 124 presses are reached by a
    # known position.
    monkeypatch.setattr(gf2_spectrum, "_SLICE_WORK", 1 << 12)
    solver = prepare(rectangle(16, 16))
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(8, -1)
    keys, found = _run(quiet, deadline=0.0)
    assert not found.exact
    assert found.lower < found.upper
    assert 124 <= found.upper <= upper_bound(quiet, 256, 8)
    assert fewest_by_classes(keys, 8, found.presses)[1] == found.lower


def test_cancel_stops_it() -> None:
    solver = prepare(rectangle(16, 16))
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(8, -1)
    with pytest.raises(InterruptedComputation):
        _run(quiet, cancel=lambda: True)


def test_random_bases_give_every_class_its_coordinates() -> None:
    solver = prepare(rectangle(19, 19))
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(16, -1)
    classes, counts = np.unique(quiet_classes(quiet), return_counts=True)
    classes, counts = classes[classes != 0], counts[classes != 0]
    bases = set()
    for seed in range(4):
        points = gf2_spectrum._points(classes, counts, 16, np.random.default_rng(seed))
        pairs = zip(points.order.tolist(), points.keys.tolist(), strict=True)
        basis = {p.bit_length() - 1: key for p, key in pairs if p & (p - 1) == 0}
        assert sorted(basis) == list(range(16))
        # the basis is made of the smallest classes: no class is smaller than a basis class
        assert max(counts[np.isin(classes, list(basis.values()))]) <= sorted(counts)[15]
        for point, key in zip(points.order.tolist(), points.keys.tolist(), strict=True):
            summed = 0
            for j in range(16):
                if point >> j & 1:
                    summed ^= basis[j]
            assert summed == key
        assert sorted(points.keys.tolist()) == classes.tolist()
        bases.add(tuple(sorted(basis.values())))
    assert len(bases) > 1  # the seeds draw different bases


def test_beyond_nullity_10_the_first_refutations_lower_the_upper_bound() -> None:
    # 19×19 (nullity 16): the average-weight bound is 181; a deadline already past lets the
    # search run one slice, which refutes the smallest bounds (each a proof: no position
    # needs that many presses); 158 presses is reached by a known position (the annealing
    # finds 162).
    solver = prepare(rectangle(19, 19))
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(16, -1)
    keys, found = _run(quiet, deadline=0.0)
    assert not found.exact
    assert 158 <= found.upper < upper_bound(quiet, 361, 16) == 181
    assert fewest_by_classes(keys, 16, found.presses)[1] == found.lower
