"""Periods of n×n boards: lograph's grid fast path against iterating the map until it returns.

Run from the repository root (about half a minute)::

    .venv/bin/python benchmarks/lattice_periods.py [--budget SECONDS]

For n = 16, 32, 64, 128, 256 and k = 2, 3 it times, from cold caches, the period of the
all-lit board under the solution map and the map's order (`lograph.core.dynamics.orbit`,
`map_order`, which take the lattice fast path), then iterates the press map ``b ↦ −A b``
with a scipy sparse matrix — the cheapest step there is; a solution step costs a solve —
for at most `--budget` seconds. When the board comes back within the budget the period is
checked against lograph's; otherwise the iteration's time is extrapolated as period / steps
per second. Prints a markdown table (the figures in docs/performance.md come from it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from lograph.core.dynamics import MapKind, lattice, lattice_algebra, map_order, orbit
from lograph.core.model.grids import grid_system

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dynamics_periods import walk_press_map  # the one walk both benchmarks time

SIZES = (16, 32, 64, 128, 256)
STATES = (2, 3)


def _cold() -> None:
    lattice_algebra.side.cache_clear()
    lattice_algebra._unit_field_factors.cache_clear()
    lattice._algebra.cache_clear()


def _human(seconds: float) -> str:
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:.3g} {unit}" if value < 1e6 else f"{value:.2e} {unit}"
    return f"{seconds:.3g} s" if seconds >= 0.01 else f"{seconds * 1000:.3g} ms"


def _period_text(period: int) -> str:
    return (
        str(period)
        if period < 10**12
        else f"≈ 10^{len(str(period)) - 1} ({len(str(period))} digits)"
    )


def _iterate(n: int, k: int, tail: int, budget: float) -> tuple[int, int, float]:
    """``(steps, period or 0, seconds)``: the press map from the all-lit n×n board, walked
    as `dynamics_periods.walk_press_map` walks it."""
    system = grid_system(n, n, states=k)
    return walk_press_map(system, np.ones(system.n, dtype=np.int64), tail, budget)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of iteration a row")
    budget = parser.parse_args().budget
    print("| board | k | period of the all-lit board | lograph: period + order | iterating |")
    print("| --- | --- | --- | --- | --- |")
    for k in STATES:
        for n in SIZES:
            system = grid_system(n, n, states=k)
            lit = np.ones(system.n, dtype=np.uint8)
            _cold()
            began = time.perf_counter()
            answer = orbit(system, lit, MapKind.SOLUTION)
            order = map_order(system, MapKind.SOLUTION)
            took = time.perf_counter() - began
            assert answer.method == order.method == "lattice"
            press = orbit(system, lit, MapKind.PRESS)  # its period is the solution map's
            steps, back, spent = _iterate(n, k, press.tail, budget)
            rate = steps / spent
            if back:
                assert back == answer.period == press.period, (back, answer)
                iterating = f"{_human(spent)} ({back} steps, measured)"
            else:
                iterating = f"{_human(answer.period / rate)} ({rate:,.0f} steps/s × period)"
            print(
                f"| {n}×{n} | {k} | {_period_text(answer.period)} | {_human(took)} "
                f"(order {_period_text(order.order)}) | {iterating} |"
            )


if __name__ == "__main__":
    main()
