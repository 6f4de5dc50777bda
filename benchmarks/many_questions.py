"""Benchmark: a process that asks many questions, one after another, reaches kernel speed.

Run from the repository root::

    .venv/bin/python benchmarks/many_questions.py                      # 40 graphs of 1,000
    .venv/bin/python benchmarks/many_questions.py --count 80 --buttons 2000
    .venv/bin/python benchmarks/many_questions.py --before REV         # and an older tree

Each row is one fresh process that builds `--count` random graphs of `--buttons` buttons
(Erdős–Rényi of mean degree 6, or 3-regular; building them is not timed), then asks
``get_solver(system, "auto")`` of each in turn, timing every call. Side by side: the default
policy (the Python paths are counted and the compiled kernels taken once they have cost more
than loading them would), ``LOGRAPH_JIT=numba`` (compiled from the first question: its first
call imports numba and loads the kernels from the disk cache) and, with ``--before REV``, the
tree of that git revision (``git archive``), to show what the policy changed. The numba cache
is the one in use (warm after any earlier run); every solver's rank is checked against the
first mode's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = """
import json, sys, time
import networkx as nx
import numpy as np
from lograph.core.engines.registry import get_solver
from lograph.core.model.system import PressSystem

family, count, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
systems = []
for seed in range(count):
    if family == "erdos-renyi":
        graph = nx.fast_gnp_random_graph(n, 6 / (n - 1), seed=seed)
    else:
        graph = nx.random_regular_graph(3, n, seed=seed)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    systems.append(PressSystem.from_edges(n, edges[:, 0], edges[:, 1], np.ones(n, dtype=bool)))
times, ranks, switched = [], [], None
for i, system in enumerate(systems):
    start = time.perf_counter()
    solver = get_solver(system, "auto")
    times.append(time.perf_counter() - start)
    ranks.append(int(solver.analysis.rank))
    if switched is None and "numba" in sys.modules:
        switched = i
print(json.dumps({"times": times, "ranks": ranks, "numba_at": switched}))
"""


def run(family: str, count: int, n: int, env: dict[str, str], path: Path) -> dict[str, object]:
    """One fresh process asking the questions; its times, ranks and when numba loaded."""
    full = {**os.environ, **env, "PYTHONPATH": str(path)}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, family, str(count), str(n)],
        capture_output=True,
        text=True,
        env=full,
        cwd=path,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--buttons", type=int, default=1000)
    parser.add_argument("--families", nargs="+", default=["erdos-renyi", "3-regular"])
    parser.add_argument("--before", help="a git revision to run as well, as it was")
    args = parser.parse_args()
    modes: list[tuple[str, dict[str, str], Path]] = [
        ("default", {}, ROOT),
        ("LOGRAPH_JIT=numba", {"LOGRAPH_JIT": "numba"}, ROOT),
    ]
    with tempfile.TemporaryDirectory() as folder:
        if args.before:
            old = Path(folder)
            archive = subprocess.run(
                ["git", "archive", args.before, "lograph"],
                cwd=ROOT,
                capture_output=True,
                check=True,
            )
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
            modes.append((f"before ({args.before})", {}, old))
        print(f"{args.count} graphs of {args.buttons} buttons, get_solver(system, 'auto') each")
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        print()
        print("| graphs | mode | first | median | last 10 (median) | all | numba loaded at |")
        print("|---|---|---:|---:|---:|---:|---|")
        for family in args.families:
            reference = None
            for label, env, path in modes:
                found = run(family, args.count, args.buttons, env, path)
                times = sorted(found["times"])  # type: ignore[arg-type]
                order: list[float] = found["times"]  # type: ignore[assignment]
                ranks = found["ranks"]
                if reference is None:
                    reference = ranks
                elif ranks != reference:
                    raise SystemExit(f"{label}: ranks differ from the first mode's")
                last = sorted(order[-10:])
                at = found["numba_at"]
                print(
                    f"| {family} | {label} | {_ms(order[0])} | {_ms(times[len(times) // 2])} "
                    f"| {_ms(last[len(last) // 2])} | {_ms(sum(order))} "
                    f"| {'never' if at is None else f'question {int(at) + 1}'} |"
                )
    print()
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
