"""The spectrum search written in numpy (a fresh install's path): for every bound of random
codes it answers as the compiled search does in the same basis, with the same y — the first
in depth-first order — and that y keeps its transform within the bound, checked by a
transform computed here from scratch. Limits are counts of transform updates, never a
duration."""

from __future__ import annotations

from threading import Event

import numpy as np
import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.model.generators import rectangle
from lograph.core.optimize.quiet._classes import quiet_classes
from lograph.core.optimize.worst import _gf2_spectrum as gf2_spectrum
from lograph.core.solve import prepare
from lograph.core.work import Work
from tests.core.optimize.worst.test_gf2_spectrum_prefix import _random_keys


def _basis(keys: np.ndarray, k: int):  # type: ignore[no-untyped-def]
    classes, counts = np.unique(keys, return_counts=True)
    return gf2_spectrum._points(classes[classes != 0], counts[classes != 0], k)


def _transform_max(points, values: np.ndarray, k: int) -> int:  # type: ignore[no-untyped-def]
    """max over characters c of Σ_p y_p (−1)^{p·c}, one character at a time."""
    return max(
        sum(
            int(y) * (-1) ** bin(int(p) & c).count("1")
            for p, y in zip(points.order, values, strict=True)
        )
        for c in range(1 << k)
    )


@pytest.mark.parametrize("prefix_checks", [True, False])
@pytest.mark.parametrize("seed", range(12))
def test_every_bound_answers_as_the_kernel(
    seed: int, prefix_checks: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not prefix_checks:
        monkeypatch.setattr(gf2_spectrum, "PREFIX_CHECK_NULLITY", -1)
    rng = np.random.default_rng(seed)
    k = int(rng.integers(3, 8))
    keys = _random_keys(rng, k, int(rng.integers(2 * k, 5 * k)))
    points = _basis(keys, k)
    plan = gf2_spectrum._numpy_plan(points, k)
    signs = gf2_spectrum._signs(k)
    total = int(points.m.sum())
    answers = []
    for bound in range(-total, total + 1, 2):
        found, spent = gf2_spectrum._feasible_in_numpy(points, plan, bound, Work(), 1 << 40)
        question = gf2_spectrum._Question(bound, signs, Work(), Event())
        compiled = gf2_spectrum._feasible(points, k, question, None)
        assert spent > 0
        if compiled is False:
            assert found is False
            answers.append(False)
            continue
        assert isinstance(found, np.ndarray)
        assert isinstance(compiled, np.ndarray)
        assert found.tolist() == compiled.tolist()  # the same first y
        assert _transform_max(points, found, k) <= bound
        assert np.all(np.abs(found) <= points.m)
        assert np.all((found - points.m) % 2 == 0)
        answers.append(True)
    assert False in answers
    assert True in answers


def test_a_budget_or_a_passed_deadline_leaves_the_question_open() -> None:
    # the all-on 9×9 board: no position needs 38 presses, a refutation of many nodes
    solver = prepare(rectangle(9, 9))
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(8, -1)
    keys = quiet_classes(quiet)
    points = _basis(keys, 8)
    plan = gf2_spectrum._numpy_plan(points, 8)
    bound = 81 + int((keys == 0).sum()) - 2 * 38  # max ŷ ≤ 2(A − 38)
    found, spent = gf2_spectrum._feasible_in_numpy(points, plan, bound, Work(), 1 << 40)
    assert found is False
    assert spent > 1 << 20
    assert gf2_spectrum._feasible_in_numpy(points, plan, bound, Work(), 1 << 20)[0] is None
    passed = Work(deadline=0.0)  # one batch, then the deadline stops it
    found, spent = gf2_spectrum._feasible_in_numpy(points, plan, bound, passed, 1 << 40)
    assert found is None
    assert 0 < spent <= 1 << 20
    with pytest.raises(InterruptedComputation):
        gf2_spectrum._feasible_in_numpy(points, plan, bound, Work(cancel=lambda: True), 1 << 40)
