"""In-process rank + quiet basis + one solution: lograph's small and auto engines against the
Python-callable peers (python-flint, gf2, galois) and M4RI (C), in one run.

Run from the repository root::

    .venv/bin/python benchmarks/small_peers.py          # or: benchmarks/bench.py --small

Each row is one board, each cell the best mean time per call (timeit, several repeats) of:

- *lograph, plain Python*: ``get_solver(system, "small").particular(rhs)`` from the
  `PressSystem` (rank, canonical quiet basis and left kernel, one solution) with
  ``LOGRAPH_JIT=python``, the path of a process that has not loaded numba;
- *lograph auto*: ``get_solver(system).particular(rhs)`` in this process, which has loaded
  numba (as any process that met a bigger board): the small engine's one compiled call;
- *python-flint*: ``nmod_mat(A, 2)``: ``rref()`` of ``[A | b]`` (rank and a solution) and
  ``nullspace()`` of A, the matrices given (*flint*) or built from the dense numpy matrix
  inside the timing (*flint+*);
- *gf2* (PyPI ``gf2``): ``solve(A, b)`` and ``nullspace(A)`` on a ``DenseGF2Matrix``, given
  (*gf2*) or built inside the timing (*gf2+*);
- *galois*: ``GF(2)([A | b]).row_reduce()`` and ``GF(2)(A).null_space()``;
- *M4RI*: its PLUQ kernel (rank and kernel basis, no solution; benchmarks/m4ri), compiled
  here when ``cc`` and libm4ri are present, else skipped with a message.

Every tool must agree on the nullity, and lograph's solution is checked. The peers get the
dense matrix for free; lograph starts from the sparse board.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from m4ri.compare import build_harness, write_matrix

from lograph.core.engines.common import SMALL_LIMIT
from lograph.core.engines.registry import get_solver
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem

GALOIS_LIMIT = 1600
PEER_LIMIT = 3600


def random_board(n: int, degree: float = 6.0, seed: int = 1) -> PressSystem:
    """An Erdős–Rényi board (closed rule) of `n` buttons and mean degree `degree`."""
    graph = nx.fast_gnp_random_graph(n, min(1.0, degree / (n - 1)), seed=seed)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    return PressSystem.from_edges(n, edges[:, 0], edges[:, 1], np.ones(n, dtype=bool))


def boards() -> list[tuple[str, PressSystem]]:
    grids = [(f"{s}×{s} grid", grid_system(s, s)) for s in (5, 10, 20, 40, 60)]
    randoms = [(f"random {n}, degree 6", random_board(n)) for n in (25, 100, 400)]
    return grids + randoms


def per_call(fn: Callable[[], Any], budget: float = 0.3) -> float:
    """Mean seconds per call over about `budget` seconds, best of five timeit runs (best of
    two single calls for calls slower than `budget`)."""
    number = 1
    while True:
        spent = timeit.timeit(fn, number=number)
        if spent > budget:
            return min(spent / number, timeit.timeit(fn, number=number) / number)
        if spent > budget / 5 or number > 1 << 16:
            break
        number *= 4
    return min(timeit.repeat(fn, number=number, repeat=5)) / number


def flint_work(a: np.ndarray, rhs: np.ndarray, given: bool) -> Callable[[], int]:
    import flint

    augmented = np.concatenate([a, rhs[:, None]], axis=1)
    prebuilt = (flint.nmod_mat(a.tolist(), 2), flint.nmod_mat(augmented.tolist(), 2))

    def work() -> int:
        matrix, both = (
            prebuilt
            if given
            else (
                flint.nmod_mat(a.tolist(), 2),
                flint.nmod_mat(augmented.tolist(), 2),
            )
        )
        both.rref()
        return int(matrix.nullspace()[1])

    return work


def gf2_work(a: np.ndarray, rhs: np.ndarray, given: bool) -> Callable[[], int]:
    import gf2

    prebuilt = gf2.DenseGF2Matrix(a.shape[0], a.shape[1], a.tolist())
    b = rhs.tolist()

    def work() -> int:
        matrix = prebuilt if given else gf2.DenseGF2Matrix(a.shape[0], a.shape[1], a.tolist())
        x = gf2.solve(matrix, b)
        assert x is not None
        return len(gf2.nullspace(matrix))

    return work


def galois_work(a: np.ndarray, rhs: np.ndarray, given: bool) -> Callable[[], int]:
    import galois

    field = galois.GF(2)
    augmented = np.concatenate([a, rhs[:, None]], axis=1)

    def work() -> int:
        field(augmented).row_reduce()
        return int(field(a).null_space().shape[0])

    return work


def m4ri_time(harness: Path | None, system: PressSystem, tmp: str, nullity: int) -> float | None:
    if harness is None:
        return None
    path = Path(tmp) / "matrix.txt"
    write_matrix(system, path)
    line = subprocess.run(
        [str(harness), "20", str(path)], capture_output=True, text=True, check=True
    ).stdout.split()
    assert int(line[3]) == nullity, f"M4RI nullity {line[3]} != {nullity}"
    return float(line[5])


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    return f"{seconds * 1e6:.0f} µs" if seconds < 1e-3 else f"{seconds * 1e3:.2f} ms"


PEERS = {"flint": flint_work, "gf2": gf2_work, "galois": galois_work}
#: the columns after lograph's: (key, peer, matrix given)
COLUMNS = [
    ("flint", "flint", True),
    ("flint+", "flint", False),
    ("gf2", "gf2", True),
    ("gf2+", "gf2", False),
    ("galois", "galois", False),
]


def row(label: str, system: PressSystem, harness: Path | None, tmp: str) -> str:
    rhs = system.apply(np.random.default_rng(0).integers(0, 2, system.n)).astype(np.int64)
    times: dict[str, float | None] = {}
    nullity = get_solver(system).analysis.nullity
    for engine in ("small", "auto"):
        if engine == "small" and system.n > SMALL_LIMIT:
            times[engine] = None
            continue
        # "small": the plain-Python path a process without numba takes; "auto": this
        # process, which has loaded numba (the small engine then runs one compiled call)
        os.environ["LOGRAPH_JIT"] = "python" if engine == "small" else ""
        x = get_solver(system, engine).particular(rhs)
        assert x is not None
        assert np.array_equal(system.apply(x), rhs)
        times[engine] = per_call(lambda e=engine: get_solver(system, e).particular(rhs))
        os.environ["LOGRAPH_JIT"] = ""
    a = system.dense().astype(np.int64)
    for key, peer, given in COLUMNS:
        limit = GALOIS_LIMIT if peer == "galois" else PEER_LIMIT
        if system.n > limit or (not given and system.n > GALOIS_LIMIT):
            times[key] = None
            continue
        work = PEERS[peer](a, rhs, given)
        assert work() == nullity, f"{peer} nullity"
        times[key] = per_call(work)
    times["m4ri"] = m4ri_time(harness, system, tmp, nullity)
    ours = times["auto"]
    assert ours is not None
    keys = [key for key, _, _ in COLUMNS] + ["m4ri"]
    cells = [fmt(times[k]) for k in ("small", "auto", *keys)]
    ratios = [f"{t / ours:.3g}×" if t else "–" for t in (times[k] for k in keys)]
    engine = get_solver(system).analysis.engine
    return f"| {label} | {system.n} | {nullity} | {engine} | " + " | ".join(cells + ratios) + " |"


def small_peer_table() -> None:
    """Print the table (markdown) with the load average."""
    import numba  # noqa: F401  (loaded, as in any process that has met a big board)

    get_solver(random_board(400), "fast")  # numba loads its on-disk cache
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the start")
    names = ["flint", "flint+", "gf2", "gf2+", "galois", "M4RI"]
    print(
        "| board | N | nullity | auto's engine | lograph, plain Python | lograph auto | "
        + " | ".join(names)
        + " | "
        + " | ".join(f"{n} ÷ auto" for n in names)
        + " |"
    )
    print("|---|---:|---:|---|" + "---:|" * 14)
    with tempfile.TemporaryDirectory() as tmp:
        harness = build_harness(Path(tmp))
        for label, system in boards():
            print(row(label, system, harness, tmp), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the end")
    print("flint, gf2: the matrix given as the library's object; flint+, gf2+: built from the")
    print("dense numpy matrix inside the timing (as galois does). M4RI: rank + kernel only.")


if __name__ == "__main__":
    small_peer_table()
