"""The table searches on a Dask cluster: speed per core, and what each open value would take.

Run from the repository root, niced (it keeps one or two cores busy for about a minute)::

    nice -n 19 .venv/bin/python benchmarks/table_search_cluster.py            # everything
    nice -n 19 .venv/bin/python benchmarks/table_search_cluster.py --speed    # part 1 only
    nice -n 19 .venv/bin/python benchmarks/table_search_cluster.py --open     # part 2 only

1. **Speed per core** on a ``LocalCluster`` of 1 and of 2 worker processes (one thread
   each): 16 pieces of the A075464 orbit search of 119×119 (65,536 pieces in all, every
   4,096th) and 32 pieces of the spectrum search's question for 19×19 (does a position need
   166 presses?), each piece given at most 2^27 transform updates here (a real run gives
   none). Rates are per CPU second of a worker (each piece's own ``time.process_time``),
   so a loaded machine slows the wall clock, not the figure: pieces/s, leaves/s and
   solutions (coset elements) per second per core; the wall time of each cluster too.
2. **Each open value**: the search's own count of its space (A075464: the orbit search's
   leaves by Burnside's lemma, `search_pieces.leaf_plan`; God's number: the spectrum tree,
   estimated by Knuth's random probes of that very tree with its pruning), the seconds a
   leaf or a transform update takes on that board on one core (measured here on every board
   the kernel runs; 79 and 123, past its 64-bit classes, at 95's and 125's rate), and so
   the time on 1, 100 and 10,000 cores (perfect division: pieces are independent).

Prints Markdown tables (docs/tables.md, "On many machines").
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import math
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repository, not an installed copy

OPEN_A075464 = (79, 95, 119, 123, 125, 126, 128)
OPEN_GODS = (19, 23, 29, 30, 32, 33, 39)
CORES = (1, 100, 10_000)
YEAR = 365.25 * 86400


def _load(name: str) -> ModuleType:
    module_name = f"tables_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, ROOT / "tools/tables" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


cluster = _load("cluster")
pieces = cluster.search_pieces


def _recorded(name: str, n: int) -> dict[str, str]:
    with (ROOT / "docs/tables" / name).open(newline="") as f:
        return next(r for r in csv.DictReader(f, delimiter="\t") if int(r["n"]) == n)


def duration(seconds: float) -> str:
    if seconds < 1:
        return "under 1 s"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.1f} h"
    if seconds < YEAR:
        return f"{seconds / 86400:.0f} days"
    years = seconds / YEAR
    return f"{years:,.0f} years" if years < 1e6 else f"10^{math.log10(years):.0f} years"


# ---------------------------------------------------------------------------------------
# 1. speed per core


def budgeted_spectrum_piece(plan: Any, budget: int, piece: int) -> dict[str, Any]:
    """`spectrum_piece` stopped after `budget` transform updates (``found`` None: not
    decided): for timing only, never journaled."""
    from lograph.core.kernels.spectrum import spectrum_search

    started, cpu = time.monotonic(), time.process_time()
    points, _ = pieces._piece_points(plan, piece)
    k = plan.k
    signs = pieces._signs(k)
    values = np.zeros(len(points.order), dtype=np.int64)
    transform = np.zeros(1 << k, dtype=np.int32)
    row = np.zeros(1 << k, dtype=np.int32)
    families = np.zeros((k + 2) << (k + 1) if points.prefix_checks else 1, dtype=np.int32)
    scratch = np.zeros(1 << k, dtype=np.int32)
    cursor = np.array([0, 1] + [-1] * (k + 2), dtype=np.int64)
    arrays = (points.order, points.m, points.low, points.remaining, points.span, points.inside)
    calls, status = 0, -1
    while status == -1 and calls * pieces._SLICE < budget:
        status = spectrum_search(
            arrays, signs, values, (transform, families, row, scratch), cursor, plan.bound,
            pieces._SLICE,
        )  # fmt: skip
        calls += 1
    return {
        "piece": piece,
        "found": None if status == -1 else status == 1,
        "work": calls * pieces._SLICE,
        "seconds": time.monotonic() - started,
        "cpu": time.process_time() - cpu,
    }


def on_cluster(workers: int, tasks: list[tuple[Any, tuple[Any, ...]]]) -> tuple[float, list[Any]]:
    """Wall seconds of the tasks on a new LocalCluster (after one warm-up task per worker,
    which compiles or loads the kernels), and their results."""
    import distributed

    with distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as local, distributed.Client(local) as client:  # fmt: skip
        executor = client.get_executor(pure=False)
        shipped = [cluster.shipped(f, a) for f, a in tasks]
        warm = [executor.submit(f, *a) for f, a in shipped[:workers]]
        for future in warm:
            future.result()
        started = time.monotonic()
        futures = [executor.submit(f, *a) for f, a in shipped]
        results = [future.result() for future in futures]
        return time.monotonic() - started, results


def speed() -> dict[str, float]:
    """Part 1: rates per core, and the wall time on 1 and 2 workers."""
    leaf_plan = pieces.leaf_plan(119, 1 << 16)
    incumbent = int(_recorded("a075464.tsv", 119)["presses"])
    leaf_tasks = [(pieces.leaf_piece, (leaf_plan, incumbent, p)) for p in range(0, 65536, 4096)]
    presses = int(_recorded("gods.tsv", 19)["worst"]) + 1
    spectrum_plan = pieces.spectrum_plan(19, presses, 1024)
    spread = range(0, spectrum_plan.pieces, max(1, spectrum_plan.pieces // 32))
    spectrum_tasks = [(budgeted_spectrum_piece, (spectrum_plan, 1 << 27, p)) for p in spread]
    rates: dict[str, float] = {}
    print("| search | workers | pieces | wall s | pieces/s per core | work/s per core | "
          "solutions/s per core |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|")
    for workers in (1, 2):
        for name, tasks in (("a075464 119", leaf_tasks), ("gods 19", spectrum_tasks)):
            wall, results = on_cluster(workers, tasks)
            cpu = sum(r["cpu"] for r in results)
            work = sum(r["work"] for r in results)
            per_core = work / cpu
            if name.startswith("a075464"):
                elements = f"{per_core * (1 << leaf_plan.low):.3g}"
                unit = f"{per_core:,.0f} leaves"
                rates[f"leaf {workers}"] = cpu / work
            else:
                elements = "–"
                unit = f"{per_core:.3g} updates"
                rates[f"update {workers}"] = cpu / work
                decided = sum(r["found"] is not None for r in results)
                name += f" ({decided} of {len(results)} decided)"
            print(f"| {name} | {workers} | {len(results)} | {wall:.1f} | "
                  f"{len(results) / cpu:.2f} | {unit} | {elements} |", flush=True)  # fmt: skip
    return rates


# ---------------------------------------------------------------------------------------
# 2. every open value


def sample_plan(n: int) -> Any:
    """The n×n orbit search cut into pieces of 2^12 prefixes (a few hundred leaves each)."""
    high = pieces.leaf_plan(n, 1).high
    return pieces.leaf_plan(n, 1 << max(0, high - 12))


def leaf_seconds(plan: Any, incumbent: int, samples: int = 4) -> float:
    """CPU seconds a leaf of this board takes in this process (after one warm-up piece),
    over `samples` pieces spread over the prefixes."""
    spread = [(plan.pieces // samples) * i + plan.pieces // (2 * samples) for i in range(samples)]
    pieces.leaf_piece(plan, incumbent, spread[0])
    cpu = work = 0.0
    for p in spread:
        result = pieces.leaf_piece(plan, incumbent, p)
        cpu, work = cpu + result["cpu"], work + result["work"]
    return cpu / work


def knuth_updates(plan: Any, probes: int, seed: int = 1) -> tuple[float, float, int]:
    """Knuth's estimate of the transform updates the whole spectrum search spends (mean over
    `probes` random root-to-leaf walks of its tree, each child kept by the kernel's level
    check; the prefix-subspace checks, on up to nullity 10, are left out, so there the
    tree estimated is the larger one without them), the largest single probe's, and how
    many probes reached a position (then the answer is yes and the tree is moot)."""
    rng = np.random.default_rng(seed)
    points = plan.points()
    characters = np.arange(1 << plan.k, dtype=np.int64)
    from lograph.core.optimize.quiet import parity

    estimates, reached = [], 0
    for _ in range(probes):
        transform = np.zeros(1 << plan.k, dtype=np.int64)
        paths, total = 1.0, 0.0
        for pos, point in enumerate(points.order.tolist()):
            width = int(points.span[pos])
            row = 1 - 2 * parity(point & characters[:width])
            choices = np.arange(points.low[pos], points.m[pos] + 1, 2)
            total += paths * len(choices) * width  # every value is tried, each one pass
            highest = (transform[None, :width] + choices[:, None] * row[None, :]).max(axis=1)
            fits = choices[highest - points.remaining[pos] <= plan.bound]
            if len(fits) == 0:
                break
            paths *= len(fits)
            value = int(rng.choice(fits))
            transform[:width] += value * row
            if pos + 1 < len(points.order):
                following = int(points.span[pos + 1])
                if following > width:  # a new level repeats the last one's characters
                    transform[width:following] = transform[
                        np.arange(width, following) & (width - 1)
                    ]
        else:
            reached += 1
        estimates.append(total)
    return float(np.mean(estimates)), float(np.max(estimates)), reached


def open_values(rates: dict[str, float], probes: int) -> None:
    """Part 2: the tables of what each open value would take."""
    print()
    print("| a(n) | nullity | leaves (Burnside) | solutions | s a leaf | 1 core | "
          "100 cores | 10,000 cores |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    measured: dict[int, float] = {}
    for n in OPEN_A075464:
        incumbent = int(_recorded("a075464.tsv", n)["presses"])
        plan = sample_plan(n)
        if plan.keys is not None:
            if n not in measured:
                measured[n] = leaf_seconds(plan, incumbent)
            cost, note = measured[n], ""
        else:
            near = 95 if n == 79 else 125
            if near not in measured:
                near_incumbent = int(_recorded("a075464.tsv", near)["presses"])
                measured[near] = leaf_seconds(sample_plan(near), near_incumbent)
            cost, note = measured[near], f" (at {near}×{near}'s rate)"
        whole = plan.leaves * cost
        times = " | ".join(duration(whole / c) for c in CORES)
        print(f"| {n} | {plan.k} | {plan.leaves:.4g} | {plan.elements:.3g} | "
              f"{cost * 1e6:.0f} µs{note} | {times} |", flush=True)  # fmt: skip
    print()
    print("| God's number | nullity | question | points | tree unpruned | updates (Knuth) | "
          "1 core | 100 cores | 10,000 cores |")  # fmt: skip
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
    update = rates.get("update 1", 1 / 2e9)
    for n in OPEN_GODS:
        presses = int(_recorded("gods.tsv", n)["worst"]) + 1
        question = f"≥ {presses}?"
        try:
            plan = pieces.spectrum_plan(n, presses, 1)
        except ValueError:  # nullity past the spectrum search: 2^k values a node
            k = int(_recorded("gods.tsv", n)["nullity"])
            print(f"| {n} | {k} | {question} | – | – | – | past the search: a node updates "
                  f"2^{k} values ({(4 << k) / 2**30:.0f} GB) | – | – |", flush=True)  # fmt: skip
            continue
        space = pieces.search_space(plan)
        # a probe costs about points × 2^k: fewer of them on the big spaces
        mean, _, reached = knuth_updates(plan, probes if plan.k <= 16 else max(10, probes // 30))
        whole = mean * update
        times = " | ".join(duration(whole / c) for c in CORES)
        found = f"; {reached} probes reached a position" if reached else ""
        unpruned = f"10^{math.log10(space):.0f}"
        print(f"| {n} | {plan.k} | {question} | {len(plan.classes)} | {unpruned} | "
              f"{mean:.2g}{found} | {times} |", flush=True)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true", help="part 1 only")
    parser.add_argument("--open", action="store_true", help="part 2 only")
    parser.add_argument("--probes", type=int, default=1000, help="Knuth probes per board")
    args = parser.parse_args()
    both = not (args.speed or args.open)
    rates = speed() if args.speed or both else {}
    if args.open or both:
        open_values(rates, args.probes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
