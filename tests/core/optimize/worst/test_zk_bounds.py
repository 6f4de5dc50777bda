"""The sphere-covering bound on the worst position with more colours past its exact count:
never above the exact count (which it stands in for), and what `lograph worst` reports on a
board whose kernel is too large to score any position."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lograph.cli import main
from lograph.core.optimize.worst import _zk_bounds as zk_worst
from lograph.core.optimize.worst._zk_bounds import covering_lower_bound


def _vectors_up_to(n: int, k: int, rho: int) -> int:
    """Press vectors of N buttons with values 0..k−1 summing to at most rho, counted by a
    dynamic program over the buttons (exact integers)."""
    counts = np.zeros(rho + 1, dtype=object)
    counts[0] = 1
    for _ in range(n):
        nxt = np.zeros(rho + 1, dtype=object)
        for value in range(k):
            nxt[value:] += counts[: rho + 1 - value]
        counts = nxt
    return int(sum(counts))


@pytest.mark.parametrize(
    ("n", "k", "dimension"), [(40, 3, 4), (120, 3, 12), (90, 4, 9), (60, 5, 7), (50, 7, 10)]
)
def test_the_bound_past_the_count_never_exceeds_the_count(
    n: int, k: int, dimension: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    exact = covering_lower_bound(n, k, k**dimension)
    monkeypatch.setattr(zk_worst, "_COVERING_WORK", 0)  # as on a board too big to count
    bounded = covering_lower_bound(n, k, k**dimension)
    assert bounded <= exact
    assert exact - bounded <= 6  # and still a useful bound: a few presses lower
    # the exact radius is the first weight whose vectors cover every solvable position
    positions = k ** (n - dimension)
    assert _vectors_up_to(n, k, exact) >= positions > _vectors_up_to(n, k, exact - 1)


def test_worst_on_a_kernel_too_large_to_score_reports_the_counting_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """39×39 over GF(3): 3^18 solutions per position, past every exact search of a
    position; the lower bound is the counting bound, checked here by counting exactly that
    fewer press vectors than positions weigh less."""
    board = tmp_path / "b39.json"
    assert main(["generate", "rectangle", "39", "39", "--states", "3", "-o", str(board)]) == 0
    capsys.readouterr()
    assert main(["worst", str(board), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert (found["exact"], found["method"], found["presses"]) == (False, "bounds", None)
    lower, n = found["worst_presses"], 39 * 39
    assert _vectors_up_to(n, 3, lower - 1) < 3 ** (n - 18)  # a proven lower bound
    assert lower > 1300  # (it was 0 while the count stopped at 1,414 buttons)
    assert found["upper_bound"] == n  # the average weight: one press a button
