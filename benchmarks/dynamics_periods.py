"""Periods of general boards: lograph's algebra against iterating the map until it returns.

Run from the repository root (a few minutes; `--quick` stops at 1000 buttons)::

    .venv/bin/python benchmarks/dynamics_periods.py [--budget SECONDS] [--quick]

Boards the grid fast path does not know, so the general method answers (minimal
polynomials by Berlekamp–Massey, docs/math.md, "Board dynamics"): diamonds and random
geometric boards of about 100 to 3000 buttons, k = 2, 3 and 6. A board whose order needs the
prime factors of a ``p^d − 1`` that FLINT cannot finish is shown as refused (the general
method's one limit: random boards over GF(3) meet it from a few hundred buttons). For each it
times the period and tail of a random board under the solution map (`orbit`) and the map's
order (`map_order`), then iterates the press map ``b ↦ −A b`` with a scipy sparse matrix
(the cheapest step; a solution step costs a solve, and the two maps have the same periods)
from the board's cycle entry, for at most `--budget` seconds. When the board comes back
within the budget the period is checked against lograph's and the steps and time are the
measured ones; otherwise the time is extrapolated as period ÷ steps per second. Prints a
markdown table (docs/performance.md, "Board dynamics").
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from lograph.core.dynamics import MapKind, map_order, orbit
from lograph.core.errors import DynamicsError
from lograph.core.model.generators import diamond, geometric
from lograph.core.model.system import PressSystem

#: Diamond radii: 113, 313, 1013, 1985 and 2965 buttons (2r² + 2r + 1).
RADII = (7, 12, 22, 31, 38)
STATES = (2, 3, 6)


def _human(seconds: float) -> str:
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:.3g} {unit}" if value < 1e6 else f"{value:.2e} {unit}"
    return f"{seconds:.3g} s" if seconds >= 0.01 else f"{seconds * 1000:.3g} ms"


def _extrapolated(period: int, rate: float) -> str:
    """period ÷ rate seconds, as a time (a power of ten of years past 10¹⁵ s)."""
    exponent = math.log10(period) - math.log10(rate)  # log10 takes ints of any size
    if exponent < 15:
        return _human(10**exponent)
    return f"10^{exponent - math.log10(365.25 * 86400):.0f} years"


def _count(value: int) -> str:
    text = str(value)
    return text if len(text) <= 12 else f"≈ 10^{len(text) - 1}"


def _board(kind: str, r: int, k: int) -> PressSystem:
    if kind == "diamond":
        return diamond(r, states=k).to_system()
    n = 2 * r * r + 2 * r + 1  # as many buttons as the diamond, about 6 neighbours each
    return geometric(n, float(np.sqrt(6.0 / (np.pi * n))), seed=n, states=k).to_system()


def walk_press_map(
    system: PressSystem, start: np.ndarray, tail: int, budget: float
) -> tuple[int, int, float]:
    """``(steps, period or 0, seconds)``: the press map from `start` moved `tail` steps onto
    its cycle, for at most `budget` seconds (period 0: not back yet)."""
    k = system.states
    matrix = system.sparse(np.int64).tocsr()
    board = start.astype(np.int64)
    for _ in range(tail):
        board = (-(matrix @ board)) % k
    entry, steps = board.copy(), 0
    began = time.perf_counter()
    while time.perf_counter() - began < budget:
        for _ in range(64):
            board = (-(matrix @ board)) % k
            steps += 1
            if np.array_equal(board, entry):
                return steps, steps, time.perf_counter() - began
    return steps, 0, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=2.0, help="seconds of iteration a row")
    parser.add_argument("--quick", action="store_true", help="boards up to 1000 buttons")
    args = parser.parse_args()
    radii = [r for r in RADII if r <= 22] if args.quick else RADII
    print(
        "| board | N | k | period (tail) of a random board | lograph: orbit "
        "| lograph: order | iterating until it returns |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for kind in ("diamond", "geometric"):
        for r in radii:
            for k in STATES:
                system = _board(kind, r, k)
                print(f"| {kind} | {system.n} | {k} | " + _row(system, args.budget), flush=True)


def _row(system: PressSystem, budget: float) -> str:
    k = system.states
    lights = np.random.default_rng(system.n + k).integers(0, k, system.n)
    try:
        began = time.perf_counter()
        answer = orbit(system, lights, MapKind.SOLUTION)
        took_orbit = time.perf_counter() - began
        began = time.perf_counter()
        order = map_order(system, MapKind.SOLUTION)
        took_order = time.perf_counter() - began
    except DynamicsError as exc:
        return f"refused: {exc} | | | |"
    press = orbit(system, lights, MapKind.PRESS)
    assert press.period == answer.period
    steps, back, spent = walk_press_map(system, lights, press.tail, budget)
    if back:
        assert back == answer.period, (back, answer)
        iterating = f"{_human(spent)} ({back:,} steps, measured)"
    else:
        rate = steps / spent
        iterating = f"{_extrapolated(answer.period, rate)} ({rate:,.0f} steps/s × period)"
    return (
        f"{_count(answer.period)} ({answer.tail}) | {_human(took_orbit)} | "
        f"{_human(took_order)} (order {_count(order.order)}) | {iterating} |"
    )


if __name__ == "__main__":
    main()
