"""Benchmark: general graphs (3-regular, Erdős–Rényi, geometric), `auto` vs forced methods.

Run from the repository root::

    .venv/bin/python benchmarks/general_graphs.py            # 500-4000 buttons
    .venv/bin/python benchmarks/general_graphs.py --sizes 4000 --repeats 5
    .venv/bin/python benchmarks/general_graphs.py --sizes 32000 64000 --families geometric \
        --methods chase banded --repeats 1

For each board: rank + quiet basis with ``engine="auto"``, with the fast engine forced to
the chase and to banded elimination, the small engine's LU (up to its 4096 buttons) and (up
to `DENSE_MAX` buttons) the dense engine; the
band ordering alone is timed as well. Every method must agree on the rank. Times are the
best of `--repeats` runs after a warm-up (numba loads its on-disk cache). `auto` should
never be much slower than the best forced method.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import networkx as nx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lograph.core.algebra.canonical import canonical_solver
from lograph.core.engines.common import SMALL_LIMIT
from lograph.core.engines.fast import build_fast_solver
from lograph.core.engines.fast_banded import band_order
from lograph.core.engines.registry import get_solver
from lograph.core.model.system import PressSystem

DENSE_MAX = 2000
MEAN_DEGREE = 6


def system_of(graph: nx.Graph) -> PressSystem:
    """The closed-rule press system of `graph` (nodes relabelled 0..n-1), built from arrays."""
    graph = nx.convert_node_labels_to_integers(graph)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    n = graph.number_of_nodes()
    return PressSystem.from_edges(n, edges[:, 0], edges[:, 1], np.ones(n, dtype=bool))


def families(n: int, seed: int = 1) -> dict[str, nx.Graph]:
    """The three general families at `n` buttons (ER and geometric with mean degree 6)."""
    radius = float(np.sqrt(MEAN_DEGREE / (np.pi * n)))
    return {
        "3-regular": nx.random_regular_graph(3, n, seed=seed),
        "erdos-renyi": nx.fast_gnp_random_graph(n, MEAN_DEGREE / (n - 1), seed=seed),
        "geometric": nx.random_geometric_graph(n, radius, seed=seed),
    }


def best_time(work: Callable[[], object], repeats: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


METHODS = ("auto", "chase", "banded", "small", "dense")


def measure(
    system: PressSystem, repeats: int, methods: Sequence[str] = METHODS
) -> dict[str, tuple[float, int, str]]:
    """``method -> (seconds, rank, engine that ran)`` for each of `methods` (all of them by
    default; `benchmarks/frontier.py` calls it so)."""
    # every method as a user gets it: through the canonical form the registry applies
    # (`auto`, `dense` and `get_solver(system, "fast")` all pay it)
    runs: dict[str, Callable[[], object]] = {
        "auto": lambda: get_solver(system, "auto").analysis,
        "chase": lambda: canonical_solver(build_fast_solver(system, method="chase")).analysis,
        "banded": lambda: canonical_solver(build_fast_solver(system, method="banded")).analysis,
    }
    if system.n <= SMALL_LIMIT:
        runs["small"] = lambda: get_solver(system, "small").analysis
    if system.n <= DENSE_MAX:
        runs["dense"] = lambda: get_solver(system, "dense").analysis
    out: dict[str, tuple[float, int, str]] = {}
    chosen = [name for name in runs if name in methods]
    # each method's runs back to back: all are timed with warm caches (interleaving them
    # handed the first method of every round the previous one's cold caches); two sweeps in
    # opposite orders, the best of both, so that a slow spell of the machine during one
    # method's block (seen: one engine at 1.1 and 1.7 ms in one run) does not decide
    for sweep in (chosen, chosen[::-1]):
        for name in sweep:
            seconds, analysis = best_time(runs[name], max(1, (repeats + 1) // 2))
            if name not in out or seconds < out[name][0]:
                out[name] = (seconds, analysis.rank, analysis.engine)  # type: ignore[attr-defined]
    order_time, _ = best_time(lambda: band_order(system), repeats)
    out["order"] = (order_time, -1, "band_order")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000, 4000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--families", nargs="+", default=["3-regular", "erdos-renyi", "geometric"])
    parser.add_argument("--methods", nargs="+", default=list(METHODS))
    args = parser.parse_args()
    for warm in (families(500)["3-regular"], families(2000)["erdos-renyi"]):
        measure(system_of(warm), 1, args.methods)  # numba loads every kernel's cache
    columns = "auto (engine) | chase | banded | small | dense | band order | auto / best"
    print(f"| family | N | {columns} |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for n in args.sizes:
        for family, graph in families(n).items():
            if family not in args.families:
                continue
            m = measure(system_of(graph), args.repeats, args.methods)
            ranks = {r for key, (_, r, _) in m.items() if key != "order"}
            assert len(ranks) == 1, f"methods disagree on the rank: {m}"
            forced = [t for key, (t, _, _) in m.items() if key not in ("auto", "order")]
            ratio = f"{m['auto'][0] / min(forced):.2f}" if forced and "auto" in m else "-"

            def ms(key: str, m: dict[str, tuple[float, int, str]] = m) -> str:
                return f"{m[key][0] * 1e3:.1f}" if key in m else "-"

            auto = f"{ms('auto')} ({m['auto'][2]})" if "auto" in m else "-"
            print(
                f"| {family} | {n} | {auto} | {ms('chase')} | {ms('banded')} | {ms('small')} | "
                f"{ms('dense')} | {ms('order')} | {ratio} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
