"""Benchmark: the library's door costs no more than the room.

Run from the repository root::

    .venv/bin/python benchmarks/library_door.py                 # about half a minute
    .venv/bin/python benchmarks/library_door.py --before REV    # and that revision's tree

Three tables, each measured side by side in one process (or, for whole processes,
alternating runs):

1. ``analyze`` of a rectangle given as a `PressSystem` (the room) and as a `Board` (the
   door): the first question of a new board (its conversion included) and a question asked
   again of the same board (the conversion is kept until the board changes).
2. ``Board.from_graph`` and ``press_system_from_graph`` of a networkx graph against
   networkx's own ``nx.to_scipy_sparse_array`` of it (Petersen, a 100×100 grid, a random
   graph of 10,000 nodes and 30,000 edges).
3. ``python -c "import lograph"`` against ``python -c "import numpy"``, whole processes.

Times are the best of several repeats (in-process) or the median of alternating runs
(whole processes); `--before REV` runs tables 1 and 2 in the tree of that git revision too
(``git archive``), where they exist there.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import json, sys, time
import networkx as nx
import numpy as np
from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.solve import analyze
try:
    from lograph.core.model.convert import press_system_from_graph
except ImportError:  # an older tree
    press_system_from_graph = None

def best(work, repeats, inner=1):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(inner):
            work()
        times.append((time.perf_counter() - start) / inner)
    return min(times)

out = {"analyze": [], "graphs": []}
for side, boards in ((20, 40), (100, 6)):
    fresh = [rectangle(side, side) for _ in range(boards)]
    system = fresh[0].to_system()
    analyze(system), analyze(fresh[0])
    room = best(lambda: analyze(system), 5, 20 if side == 20 else 2)
    firsts = []
    for board in fresh[1:]:  # each board's first question: its conversion included
        start = time.perf_counter()
        a = analyze(board)
        firsts.append(time.perf_counter() - start)
        assert a.rank == analyze(system).rank
    again = best(lambda: analyze(fresh[1]), 5, 20 if side == 20 else 2)
    out["analyze"].append({"side": side, "room": room, "first": min(firsts),
                           "again": again})
graphs = {
    "Petersen": nx.petersen_graph(),
    "100×100 grid": nx.grid_2d_graph(100, 100),
    "random, 10,000 nodes": nx.gnm_random_graph(10_000, 30_000, seed=1),
}
for name, graph in graphs.items():
    repeats, inner = (7, 50) if len(graph) < 100 else (5, 1)
    row = {"graph": name}
    for label, work in (
        ("nx", lambda: nx.to_scipy_sparse_array(graph)),
        ("board", lambda: Board.from_graph(graph)),
        ("system", (lambda: press_system_from_graph(graph)) if press_system_from_graph
                   else None),
    ):
        row[label] = None if work is None else best(work, repeats, inner)
    # the answer checked: A is the adjacency matrix plus the identity (closed rule)
    import scipy.sparse
    nxa = (nx.to_scipy_sparse_array(graph, nodelist=list(graph)) != 0).astype(np.int8)
    a = Board.from_graph(graph).to_system().sparse(np.int8)
    assert (a - nxa - scipy.sparse.identity(len(graph), dtype=np.int8)).count_nonzero() == 0
    out["graphs"].append(row)
print(json.dumps(out))
"""


def child(path: Path) -> dict[str, list[dict[str, object]]]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(path)},
        cwd=path,
        check=True,
    )
    found: dict[str, list[dict[str, object]]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def whole_process(runs: int) -> tuple[float, float]:
    """Median wall seconds of ``import lograph`` and of ``import numpy``, alternating."""
    times: dict[str, list[float]] = {"lograph": [], "numpy": []}
    for i in range(runs + 1):
        for module in ("lograph", "numpy"):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", f"import {module}"], check=True, cwd=ROOT)
            if i:  # the first round warms the file cache
                times[module].append(time.perf_counter() - start)
    return statistics.median(times["lograph"]), statistics.median(times["numpy"])


def _t(seconds: object) -> str:
    if seconds is None:
        return "–"
    s = float(seconds)  # type: ignore[arg-type]
    return f"{s * 1e6:.0f} µs" if s < 1e-3 else f"{s * 1e3:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="a git revision to run as well, as it was")
    parser.add_argument("--runs", type=int, default=7, help="whole-process runs of each")
    args = parser.parse_args()
    trees = [("now", ROOT)]
    with tempfile.TemporaryDirectory() as folder:
        if args.before:
            archive = subprocess.run(
                ["git", "archive", args.before, "lograph"],
                cwd=ROOT,
                capture_output=True,
                check=True,
            )
            subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
            trees.append((args.before, Path(folder)))
        print(f"load average before: {os.getloadavg()[0]:.2f}\n")
        results = [(label, child(path)) for label, path in trees]
    print("| board | tree | PressSystem | Board, first question | Board, asked again |")
    print("|---|---|---:|---:|---:|")
    for i in range(len(results[0][1]["analyze"])):
        for label, found in results:
            other = found["analyze"][i]
            side = other["side"]
            print(
                f"| {side}×{side} | {label} | {_t(other['room'])} | {_t(other['first'])} "
                f"| {_t(other['again'])} |"
            )
    print()
    print(
        "| graph | tree | nx.to_scipy_sparse_array | Board.from_graph | press_system_from_graph |"
    )
    print("|---|---|---:|---:|---:|")
    for i, row in enumerate(results[0][1]["graphs"]):
        for label, found in results:
            other = found["graphs"][i]
            print(
                f"| {row['graph']} | {label} | {_t(other['nx'])} | {_t(other['board'])} "
                f"| {_t(other['system'])} |"
            )
    print()
    lograph, numpy = whole_process(args.runs)
    print("| whole process | median |")
    print("|---|---:|")
    print(f'| `python -c "import lograph"` | {_t(lograph)} |')
    print(f'| `python -c "import numpy"` | {_t(numpy)} |')
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
