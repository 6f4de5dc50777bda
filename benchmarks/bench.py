"""Benchmark: lograph's fast engine vs galois dense elimination vs two peer methods.

Run from the repository root::

    .venv/bin/python benchmarks/bench.py            # the full table (a few minutes)
    .venv/bin/python benchmarks/bench.py --quick    # skip galois on the 60×60 board
    .venv/bin/python benchmarks/bench.py --composite  # boards over Z_k, k composite
    .venv/bin/python benchmarks/bench.py --small      # in-process small boards vs peers
    .venv/bin/python benchmarks/bench.py --files      # big board files (read, write)

Everything is measured in this one run, on the same boards, after a warm-up (numba loads its
on-disk cache). Times are the best of several repeats.

- *lograph analysis*: `get_solver(system, "fast")` (chase plan, rank, nullity, quiet basis,
  left kernel) plus one solution of a solvable random position.
- *lograph full*: the same plus the fewest-presses solution (`fewest_presses`) and the worst
  position (`worst_position`), where the nullity allows an exact answer.
- *galois*: the galois library's dense elimination, ``GF(2)([A | b]).row_reduce()`` (rank and
  a solution) plus ``GF(2)(A).null_space()`` (quiet basis); skipped above `GALOIS_LIMIT`.
- *state-space BFS*: breadth-first search over all 2^N light patterns (≤ 16 buttons), compared
  with lograph full (both give the worst position).
- *first-row enumeration*: enumeration of the 2^cols first-row patterns on full rectangles
  (cols ≤ 12), compared with lograph full (both give the fewest presses).
"""

from __future__ import annotations

import argparse
import functools
import os
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peer_methods import first_row_enumeration, state_space_bfs

from lograph.core.engines.fast import build_fast_solver
from lograph.core.engines.registry import get_solver
from lograph.core.model.generators import (
    diamond,
    from_networkx,
    grid_system,
    hexagonal,
    wayout_5x5,
)
from lograph.core.model.system import PressSystem
from lograph.core.report.records import factors_text

GALOIS_LIMIT = 4000  # buttons; 60×60 (3600) takes ~10 s, 200×200 would take hours
BFS_LIMIT = 16
FIRST_ROW_LIMIT = 12
FULL_LIMIT = 50_000  # buttons for the fewest-presses + worst-position column

try:
    from lograph.core.optimize.fewest._search import fewest_presses
    from lograph.core.optimize.worst._search import worst_position
except ImportError:  # pragma: no cover - colleagues' modules not present
    fewest_presses = worst_position = None


def best_time(fn: Callable[[], Any], repeat: int = 5, budget: float = 2.0) -> float:
    """Best wall time of `repeat` calls (at least two; fewer repeats past `budget` seconds)."""
    best = float("inf")
    spent = 0.0
    for i in range(repeat):
        t = time.perf_counter()
        fn()
        dt = time.perf_counter() - t
        best = min(best, dt)
        spent += dt
        if i >= 1 and spent > budget:
            break
    return best


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "skipped"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def ratio(slow: float | None, fast: float | None) -> str:
    if slow is None or fast is None:
        return "–"
    r = slow / fast
    return f"{r:,.0f}×" if r >= 10 else f"{r:.2g}×"


def random_geometric(n: int, seed: int) -> PressSystem:
    radius = np.sqrt(6.0 / (np.pi * n))  # about 6 neighbours on average
    graph = nx.random_geometric_graph(n, radius, seed=seed)
    return from_networkx(graph).to_system()


def boards() -> list[tuple[str, Callable[[], PressSystem], tuple[int, int] | None]]:
    """(label, builder, (rows, cols) for full rectangles)."""
    rng = np.random.default_rng(2024)
    holed_mask = rng.random((200, 200)) >= 0.10
    return [
        ("3×3 grid", lambda: grid_system(3, 3), (3, 3)),
        ("4×4 grid", lambda: grid_system(4, 4), (4, 4)),
        ("5×5 grid", lambda: grid_system(5, 5), (5, 5)),
        ("holed WayOut 5×5", lambda: wayout_5x5().to_system(), None),
        ("diamond r=2", lambda: diamond(2).to_system(), None),
        ("diamond r=20", lambda: diamond(20).to_system(), None),
        ("40×40 grid", lambda: grid_system(40, 40), (40, 40)),
        ("60×60 grid", lambda: grid_system(60, 60), (60, 60)),
        ("200×200 grid", lambda: grid_system(200, 200), (200, 200)),
        ("1000×1000 grid", lambda: grid_system(1000, 1000), (1000, 1000)),
        ("random geometric, 1000 nodes", lambda: random_geometric(1000, 7), None),
        ("200×200, 10% cells removed", lambda: grid_system(200, 200, mask=holed_mask), None),
        ("100×100 hexagonal", lambda: hexagonal(100, 100).to_system(), None),
    ]


def lograph_analysis(system: PressSystem, rhs: np.ndarray) -> Any:
    solver = get_solver(system, "fast")
    return solver, solver.particular(rhs)


def lograph_full(system: PressSystem, rhs: np.ndarray) -> tuple[int, int]:
    solver = get_solver(system, "fast")
    x = solver.particular(rhs)
    best = fewest_presses(solver, x)
    worst = worst_position(solver)
    return best.press_count, worst.worst_presses


def galois_dense(system: PressSystem, rhs: np.ndarray) -> int:
    import galois

    gf2 = galois.GF(2)
    a = system.dense(limit=GALOIS_LIMIT)
    reduced = gf2(np.concatenate([a, rhs[:, None].astype(np.uint8)], axis=1)).row_reduce()
    quiet = gf2(a).null_space()
    rank = int(np.count_nonzero(np.asarray(reduced)[:, :-1].any(axis=1)))
    assert rank + quiet.shape[0] == system.n
    return rank


# Runs a command and reports its wall time and peak RSS. A child forked straight from this
# (large) benchmark process would inherit its memory high-water mark, so a small wrapper
# process does the measuring.
_MEASURE = """
import resource, subprocess, sys, time
t = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, capture_output=True)
wall = time.perf_counter() - t
print(wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)
"""


def measure(cmd: list[str]) -> tuple[float, float]:
    """Wall time (s) and peak RSS (MB) of `cmd`, run by a small wrapper process."""
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, *cmd], check=True, capture_output=True, text=True
    )
    wall, peak = out.stdout.split()
    return float(wall), float(peak)


def whole_process(side: int) -> tuple[float, float]:
    """Best wall time and peak RSS (MB) of ``lograph analyze`` on a side×side ASCII board."""
    rng = np.random.default_rng(1)
    lights = rng.integers(0, 2, (side, side))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"grid{side}.txt")
        with open(path, "w") as fh:
            fh.write("\n".join("".join(map(str, row)) for row in lights) + "\n")
        cmd = [sys.executable, "-m", "lograph", "analyze", path]
        measure(cmd)  # warm the numba cache
        runs = [measure(cmd) for _ in range(3)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def in_process_peak(side: int) -> float:
    """Peak RSS (MB) of a fresh process that builds the grid, analyses it and solves it."""
    code = (
        "import numpy as np\n"
        "from lograph.core.model.generators import grid_system\n"
        "from lograph.core.engines.registry import get_solver\n"
        f"s = grid_system({side}, {side})\n"
        "solver = get_solver(s, 'fast'); solver.particular(np.ones(s.n, dtype=np.int64))\n"
    )
    return measure([sys.executable, "-c", code])[1]


def warm_up() -> None:
    """Load every compiled kernel once (numba cache, galois JIT) so no timing pays for it."""
    small = grid_system(6, 6)
    zeros = np.zeros(small.n, dtype=np.int64)
    for method in ("chase", "banded"):
        build_fast_solver(small, method=method).particular(zeros)
    if fewest_presses is not None:
        lograph_full(grid_system(5, 5), np.zeros(25, dtype=np.int64))
    galois_dense(small, zeros)


#: Composite numbers of states (``--composite``): (label, rows, cols, k, also run dense-zk).
COMPOSITE_BOARDS = [
    ("40×40 grid", 40, 40, 6, True),
    ("50×50 grid", 50, 50, 4, True),
    ("300×300 grid", 300, 300, 12, False),
    ("1000×1000 grid", 1000, 1000, 4, False),
    ("1000×1000 grid", 1000, 1000, 6, False),
    ("1000×1000 grid (prime, for comparison)", 1000, 1000, 3, False),
]


def composite_table() -> None:
    """Boards over Z_k (k composite): the chase-zk engine (what auto picks) against the
    dense Smith form, and one prime board (chase-p) as the yardstick. Every answer is
    checked (quiet patterns change nothing, the solution solves)."""
    get_solver(grid_system(5, 5, states=6))  # warm-up: numba's cache
    print("| board | buttons | k | quiet patterns | engine (free) | analysis ", end="")
    print("| one solution | dense-zk |")
    print("|---|---|---|---|---|---|---|---|")
    rng = np.random.default_rng(1)
    for label, rows, cols, k, dense in COMPOSITE_BOARDS:
        system = grid_system(rows, cols, states=k)
        t_an = best_time(lambda s=system: get_solver(s), 2, budget=0.0)
        solver = get_solver(system)
        a = solver.analysis
        rhs = system.apply(rng.integers(0, k, system.n))
        t_solve = best_time(lambda s=solver, b=rhs: s.particular(b), 2, budget=0.0)
        x = solver.particular(rhs)
        assert x is not None
        assert np.array_equal(system.apply(x), rhs)
        assert all(not system.apply(q).any() for q in a.quiet)
        t_dense = best_time(lambda s=system: get_solver(s, "dense-zk"), 1) if dense else None
        structure = factors_text(a.kernel_structure)
        print(
            f"| {label} | {system.n:,} | {k} | {a.kernel_size} = {structure} | {a.engine} "
            f"({a.free_buttons}) | {fmt(t_an)} | {fmt(t_solve)} | {fmt(t_dense)} |"
        )


def per_call(fn: Callable[[], Any], budget: float = 0.5) -> float:
    """Mean seconds per call of `fn` over about `budget` seconds (best of three timeit runs)."""
    number = max(1, int(budget / 3 / max(best_time(fn, 3), 1e-6)))
    return min(timeit.repeat(fn, number=number, repeat=3)) / number


def small_table() -> None:
    """In-process rank + quiet basis + one solution, lograph's small and auto engines against
    python-flint, gf2, galois and M4RI (benchmarks/small_peers.py)."""
    from small_peers import small_peer_table

    small_peer_table()


def file_table() -> None:
    """Board files: whole ``lograph`` processes on big grids, and the array readers and
    writers against the networkx path they replace (same bytes, same systems)."""
    from lograph.core.files import fast_graphml, fast_json, graphml, graphml_lines, native_json
    from lograph.core.files.source import read_text

    print(f"load average {os.getloadavg()[0]:.1f}")
    print("| file work | array path | networkx path | networkx ÷ array |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        at = functools.partial(os.path.join, tmp)
        lograph = [sys.executable, "-m", "lograph"]
        random = ["--lights", "random", "--seed", "1"]
        measure([*lograph, "generate", "rectangle", "1000", "1000", "-o", at("g1000.txt"), *random])
        measure([*lograph, "generate", "rectangle", "500", "500", "-o", at("g500.txt"), *random])
        processes = [
            (
                "`generate rectangle 300 300 -o b.json`",
                ["generate", "rectangle", "300", "300", "-o", at("b.json"), *random],
            ),
            ("`analyze` 300×300 `.json`", ["analyze", at("b.json")]),
            ("`convert` 500×500 `.txt` → `.json`", ["convert", at("g500.txt"), at("c.json")]),
            ("`convert` 500×500 `.txt` → `.graphml`", ["convert", at("g500.txt"), at("c.graphml")]),
            ("`analyze` 1000×1000 `.txt`", ["analyze", at("g1000.txt")]),
            (
                "`generate rectangle 1000 1000 -o b.json`",
                ["generate", "rectangle", "1000", "1000", "-o", at("g1000.json"), *random],
            ),
            ("`convert` 1000×1000 `.txt` → `.json`", ["convert", at("g1000.txt"), at("k.json")]),
            (
                "`convert` 1000×1000 `.txt` → `.graphml`",
                ["convert", at("g1000.txt"), at("k.graphml")],
            ),
            ("`analyze` 1000×1000 `.json`", ["analyze", at("k.json")]),
            ("`analyze` 1000×1000 `.graphml`", ["analyze", at("k.graphml")]),
        ]
        for label, cmd in processes:
            wall = min(measure([*lograph, *cmd])[0] for _ in range(3))
            print(f"| {label}, whole process | {fmt(wall)} | | |", flush=True)
        path = at("b.json")
        text = read_text(path)
        system = fast_json.read_system(path, text)
        board = native_json.loads(path, text)
        graphml_text = fast_graphml.system_text(system)
        pairs = [
            (
                "read 300×300 `.json` to a press system",
                lambda: fast_json.read_system(path, text),
                lambda: native_json.loads(path, text).to_system(),
            ),
            (
                "write 300×300 `.json`",
                lambda: fast_json.system_text(system),
                lambda: native_json.dumps(board),
            ),
            (
                "write 300×300 `.graphml`",
                lambda: fast_graphml.system_text(system),
                lambda: graphml.dumps(board),
            ),
            (
                "read 300×300 `.graphml` to a press system",
                lambda: graphml_lines.read_system(path, graphml_text),
                lambda: graphml.loads(path, graphml_text).to_system(),
            ),
        ]
        assert fast_json.system_text(system) == native_json.dumps(board)
        for label, fast, slow in pairs:
            t_fast, t_slow = best_time(fast, 3), best_time(slow, 2)
            print(
                f"| {label}, in process | {fmt(t_fast)} | {fmt(t_slow)} "
                f"| {ratio(t_slow, t_fast)} |",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip galois above 2000 buttons")
    parser.add_argument(
        "--composite", action="store_true", help="only the table of composite k (Z_k boards)"
    )
    parser.add_argument(
        "--small", action="store_true", help="only the in-process table of small boards vs peers"
    )
    parser.add_argument(
        "--files", action="store_true", help="only the table of big board files (read, write)"
    )
    args = parser.parse_args()
    if args.small:
        small_table()
        return
    if args.files:
        file_table()
        return
    if args.composite:
        composite_table()
        return
    galois_limit = 2000 if args.quick else GALOIS_LIMIT
    warm_up()
    wall, peak = whole_process(1000)
    in_peak = in_process_peak(1000)
    header = (
        "| board | buttons | nullity | engine (free buttons) | lograph analysis | lograph full¹ "
        "| galois dense² | galois ÷ lograph | state-space BFS³ | BFS ÷ full "
        "| first-row enumeration⁴ | first row ÷ full |"
    )
    print(header)
    print("|" + "---|" * 12)
    results: dict[str, float | None] = {}
    for label, build, rect in boards():
        system = build()
        rng = np.random.default_rng(0)
        rhs = system.apply(rng.integers(0, 2, system.n)).astype(np.int64)  # solvable
        repeat = 3 if system.n > 10**5 else 15
        t_an = best_time(lambda s=system, b=rhs: lograph_analysis(s, b), repeat)
        solver, x = lograph_analysis(system, rhs)
        assert x is not None  # checked outside the timing
        assert np.array_equal(system.apply(x), rhs)
        a = solver.analysis
        t_full = None
        answers: tuple[int, int] | None = None
        if fewest_presses is not None and system.n <= FULL_LIMIT and a.nullity <= 26:
            t_full = best_time(lambda s=system, b=rhs: lograph_full(s, b), repeat)
            answers = lograph_full(system, rhs)
        t_gal = None
        if system.n <= galois_limit:
            t = time.perf_counter()
            assert galois_dense(system, rhs) == a.rank
            t_gal = time.perf_counter() - t
        t_bfs = None
        if system.n <= BFS_LIMIT:
            t = time.perf_counter()
            worst, reachable = state_space_bfs(system)
            t_bfs = time.perf_counter() - t
            assert reachable == 2**a.rank
            assert answers is None or worst == answers[1], (worst, answers)
        t_row = None
        if rect is not None and rect[1] <= FIRST_ROW_LIMIT:
            lights = rhs.reshape(rect)
            t = time.perf_counter()
            found = first_row_enumeration(lights)
            t_row = time.perf_counter() - t
            assert found is not None
            assert answers is None or found[0] == answers[0]
        results[label] = t_full if label == "5×5 grid" else t_an
        if label == "60×60 grid":
            results["60x60 galois ratio"] = None if t_gal is None else t_gal / t_an
        print(
            f"| {label} | {system.n:,} | {a.nullity} | {a.engine} ({a.free_buttons}) "
            f"| {fmt(t_an)} | {fmt(t_full)} | {fmt(t_gal)} | {ratio(t_gal, t_an)} "
            f"| {fmt(t_bfs)} | {ratio(t_bfs, t_full)} | {fmt(t_row)} | {ratio(t_row, t_full)} |",
            flush=True,
        )
    print()
    print("¹ analysis + fewest presses of the same position + worst position (exact).")
    print("² galois `row_reduce` of [A | b] + `null_space` of A; skipped above", galois_limit)
    print(f"³ state-space breadth-first search, boards of at most {BFS_LIMIT} buttons.")
    print(f"⁴ first-row enumeration, full rectangles of ≤ {FIRST_ROW_LIMIT} columns.")
    print()
    print(f"Whole `lograph analyze` process on a 1000×1000 ASCII board: {wall:.2f} s,")
    print(
        f"peak RSS {peak:.0f} MB; a process that builds, analyses and solves it: {in_peak:.0f} MB."
    )
    print()
    print("| target | measured | met |")
    print("|---|---|---|")
    rows: list[tuple[str, float | None, float]] = [
        ("1000×1000 analysis < 0.5 s", results.get("1000×1000 grid"), 0.5),
        ("10%-holed 200×200 < 2 s", results.get("200×200, 10% cells removed"), 2.0),
        ("5×5 full analysis < 5 ms", results.get("5×5 grid"), 0.005),
        ("whole process < 3 s", wall, 3.0),
    ]
    for name, value, limit in rows:
        met = "yes" if value is not None and value < limit else "no"
        print(f"| {name} | {fmt(value)} | {met} |")
    gal = results.get("60x60 galois ratio")
    met = "yes" if gal is not None and gal >= 1000 else "no"
    print(f"| ≥ 1000× faster than galois on 60×60 | {ratio(gal, 1.0)} | {met} |")
    top = max(peak, in_peak)
    print(f"| peak memory 1000×1000 < 1 GB | {top:.0f} MB | {'yes' if top < 1024 else 'no'} |")
    print()
    small_table()


if __name__ == "__main__":
    main()
