"""Benchmark for multi-colour boards (p > 2): the chase-p engine vs dense elimination.

Run from the repository root (about a minute)::

    .venv/bin/python benchmarks/bench_multicolour.py

Prints a markdown table measured in this one run: best of several repeats after a warm-up
(numba loads its on-disk cache). Every answer is checked (quiet patterns change nothing, the
solution solves) so a fast wrong engine cannot look good.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from lograph.core.engines.registry import get_solver
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem


def best(work: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    fastest, out = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        out = work()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, out


def seconds(t: float) -> str:
    if t < 1e-3:
        return f"{t * 1e6:.0f} µs"
    return f"{t * 1e3:.1f} ms" if t < 1 else f"{t:.2f} s"


def row(label: str, system: PressSystem, dense: bool, rng: np.random.Generator) -> str:
    p = system.states
    t, solver = best(lambda: get_solver(system), 2)
    a = solver.analysis
    rhs = system.apply(rng.integers(0, p, size=system.n))
    ts, x = best(lambda: solver.particular(rhs), 2)
    assert x is not None
    assert (system.apply(x) == rhs).all()
    assert all(not system.apply(q).any() for q in a.quiet)
    td = best(lambda: get_solver(system, "dense"), 1)[0] if dense else None
    ratio = f"{td / t:,.0f}×" if td else "–"
    return (
        f"| {label} | {system.n:,} | {p} | {a.nullity} | {a.engine} ({a.free_buttons}) | "
        f"{seconds(t)} | {seconds(ts)} | {seconds(td) if td else 'skipped'} | {ratio} |"
    )


def main() -> None:
    get_solver(grid_system(5, 5, states=3))  # warm-up: numba's cache
    rng = np.random.default_rng(1)
    print("| board | buttons | p | nullity | engine (free) | analysis | one solution |", end="")
    print(" dense | dense ÷ auto |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n, p in [(5, 3), (60, 3), (60, 251)]:
        print(row(f"{n}×{n} grid", grid_system(n, n, states=p), True, rng))
    for n, p in [(300, 3), (300, 251), (1000, 3), (1000, 5), (1000, 251)]:
        print(row(f"{n}×{n} grid", grid_system(n, n, states=p), False, rng))
    mask = np.random.default_rng(2024).random((200, 200)) >= 0.1
    holed = grid_system(200, 200, mask=mask, states=3)
    print(row("200×200, 10% cells removed", holed, False, rng))


if __name__ == "__main__":
    main()
