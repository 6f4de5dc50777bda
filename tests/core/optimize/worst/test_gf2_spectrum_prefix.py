"""The spectrum search's prefix-subspace checks: the answers they give agree with the
search without them and with the integer program (HiGHS, a second algorithm) on random codes
dense enough for the levels to hold many points, and they prune: an explicit budget of
transform updates (a count, never a duration) that the plain search does not refute the 9×9
board's 38 presses within is enough with them."""

from __future__ import annotations

from threading import Event

import numpy as np
import pytest

from lograph.core.model.generators import rectangle
from lograph.core.optimize.quiet._classes import fewest_by_classes, quiet_classes
from lograph.core.optimize.worst import _gf2_exact as gf2_worst_exact
from lograph.core.optimize.worst import _gf2_spectrum as gf2_spectrum
from lograph.core.optimize.worst._gf2_bounds import upper_bound
from lograph.core.optimize.worst._gf2_spectrum import spectrum_worst
from lograph.core.solve import prepare
from lograph.core.work import Work


def _radius(keys: np.ndarray, k: int, n: int):  # type: ignore[no-untyped-def]
    start = fewest_by_classes(keys, k, np.zeros(n, dtype=np.uint8))[:2]
    m0 = int((keys == 0).sum())
    average = m0 + (n - m0) // 2  # an upper bound for any code: the search starts there
    return spectrum_worst(keys, k, start, average, Work())


def _random_keys(rng: np.random.Generator, k: int, n: int) -> np.ndarray:
    """Class keys of n buttons spanning GF(2)^k, some repeated (classes of 2–3 buttons)."""
    while True:
        distinct = rng.integers(1, 1 << k, size=n)
        keys = distinct[rng.integers(0, n, size=n)] if rng.random() < 0.5 else distinct
        basis: dict[int, int] = {}
        for value in keys.tolist():
            while value and value.bit_length() in basis:
                value ^= basis[value.bit_length()]
            if value:
                basis[value.bit_length()] = value
        if len(basis) == k:
            return keys.astype(np.int64)


# 40 codes: a check that prunes slightly too much (remaining multiplicities halved) gives a
# smaller answer on 2 of them; every eighth is also solved by HiGHS.
@pytest.mark.parametrize("seed", range(40))
def test_prefix_checks_agree_with_the_plain_search_and_highs(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(seed)
    k = int(rng.integers(6, 9))
    n = int(rng.integers(3 * k, 6 * k))
    keys = _random_keys(rng, k, n)
    with_checks = _radius(keys, k, n)
    monkeypatch.setattr(gf2_spectrum, "PREFIX_CHECK_NULLITY", -1)
    without = _radius(keys, k, n)
    assert with_checks.exact
    assert without.exact
    assert with_checks.lower == without.lower
    if seed % 8 == 0:
        solved = gf2_worst_exact._ilp(keys, k, n, 600.0)
        assert solved is not None
        assert solved[2]
        assert with_checks.lower == solved[1]
    # the position returned needs exactly that many presses at the fewest
    assert fewest_by_classes(keys, k, with_checks.presses)[1] == with_checks.lower


def test_a_prefix_range_entered_from_its_end_keeps_every_family() -> None:
    # A code (nullity 9, 46 buttons in 27 classes) where the search leaves a range of
    # points sharing their top coordinates, comes back into it from its end and then moves
    # to its start: the families of small b must be there too. Before that was kept, the
    # search refuted 19 presses here, which HiGHS proves and its position needs.
    rng = np.random.default_rng(210)
    k = int(rng.integers(8, 12))
    n = int(rng.integers(3 * k, 6 * k))
    keys = _random_keys(rng, k, n)
    assert (k, n) == (9, 46)
    found = _radius(keys, k, n)
    solved = gf2_worst_exact._ilp(keys, k, n, 600.0)
    assert solved is not None
    assert solved[2]
    assert fewest_by_classes(keys, k, solved[0])[1] == solved[1] == 19
    assert found.exact
    assert found.lower == 19


def _refutes_38_within(budget: int) -> bool | None:
    solver = prepare(rectangle(9, 9))
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(8, -1)
    classes, counts = np.unique(quiet_classes(quiet), return_counts=True)
    points = gf2_spectrum._points(classes[classes != 0], counts[classes != 0], 8)
    m0 = int(counts[classes == 0].sum())
    bound = 81 + m0 - 2 * 38  # max ŷ ≤ 2(A − 38): a position needing 38 presses
    question = gf2_spectrum._Question(bound, gf2_spectrum._signs(8), Work(), Event())
    found = gf2_spectrum._feasible(points, 8, question, budget)
    return None if found is None else bool(found is not False)


def test_prefix_checks_refute_the_9x9_bound_within_a_small_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(gf2_spectrum, "_SLICE_WORK", 1 << 20)
    budget = 1 << 26  # transform updates: the plain search needs about 3.6 billion
    assert _refutes_38_within(budget) is False  # no position needs 38: refuted
    monkeypatch.setattr(gf2_spectrum, "PREFIX_CHECK_NULLITY", -1)
    assert _refutes_38_within(budget) is None  # the plain search is still running


@pytest.mark.parametrize(("rows", "columns"), [(9, 19), (17, 20)])
def test_rectangles_reach_the_average_weight_bound(rows: int, columns: int) -> None:
    # Both boards' worst position meets the average-weight bound A (an upper bound for any
    # code), so the answer is checked by scoring the position found, not by the search.
    solver = prepare(rectangle(rows, columns))
    k = solver.analysis.nullity
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(k, -1)
    keys = quiet_classes(quiet)
    n = rows * columns
    m0 = int((keys == 0).sum())
    average = m0 + (n - m0) // 2
    start = fewest_by_classes(keys, k, np.zeros(n, dtype=np.uint8))[:2]
    found = spectrum_worst(keys, k, start, upper_bound(quiet, n, k), Work())
    assert found.exact
    assert found.lower == average
    assert fewest_by_classes(keys, k, found.presses)[1] == average
