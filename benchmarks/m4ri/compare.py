"""Benchmark: rank + quiet basis by lograph's auto engine, galois and M4RI (the C reference).

Run from the repository root::

    .venv/bin/python benchmarks/m4ri/compare.py           # grids and general graphs to 32,000
    .venv/bin/python benchmarks/m4ri/compare.py --quick   # skip the 32,000-button boards
    .venv/bin/python benchmarks/m4ri/compare.py --families-only --sizes 4000 32000

The general graphs are `benchmarks/general_graphs.py`'s three families (3-regular,
Erdős–Rényi and random geometric, mean degree 6). To time an older lograph beside the same
M4RI runs, put its source tree first on the path (``PYTHONPATH=OLD_TREE``).

M4RI (Debian: ``apt-get install libm4ri-dev``) is the physical limit of dense GF(2)
elimination. The press matrices are written to files and `rank.c` (next to this script) is
compiled with ``cc`` and run on them; where cc or M4RI is missing its column is skipped with
a message. M4RI's time is its PLUQ kernel (``mzd_kernel_left_pluq``: rank and a kernel
basis); reading the file is not timed. lograph's time is ``get_solver(system, "auto")``
(rank, quiet basis and left kernel); galois's is ``GF(2)(A).null_space()``, up to
`GALOIS_LIMIT` buttons. Every tool must agree on the nullity. Times are best of a few runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import numpy as np

from lograph import __file__ as lograph_file
from lograph.core.engines.registry import get_solver
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from general_graphs import families, system_of  # noqa: E402

GALOIS_LIMIT = 1000
MEAN_DEGREE = 6


def random_system(n: int, seed: int = 1) -> PressSystem:
    """An Erdős–Rényi board of `n` buttons with mean degree 6 (closed rule)."""
    graph = nx.fast_gnp_random_graph(n, MEAN_DEGREE / (n - 1), seed=seed)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    return PressSystem.from_edges(n, edges[:, 0], edges[:, 1], np.ones(n, dtype=bool))


def boards(sizes: list[int], grids: bool) -> list[tuple[str, PressSystem]]:
    sides = [5, 20, 40, 60, 100] + ([179] if max(sizes) >= 32_000 else [])
    out = [(f"grid {s}×{s}", grid_system(s, s)) for s in sides] if grids else []
    for n in sizes:
        out += [(f"{family} {n}", system_of(graph)) for family, graph in families(n).items()]
    return out


def build_harness(workdir: Path) -> Path | None:
    """Compile rank.c against M4RI; None (and a message) when cc or M4RI is missing."""
    cc = shutil.which("cc")
    if cc is None:
        print("M4RI column skipped: no C compiler (cc) on PATH", file=sys.stderr)
        return None
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "m4ri"], capture_output=True, text=True
    )
    extra = flags.stdout.split() if flags.returncode == 0 else ["-lm4ri", "-lm"]
    binary = workdir / "rank"
    built = subprocess.run(
        [cc, "-O2", str(HERE / "rank.c"), *extra, "-o", str(binary)],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        print(
            "M4RI column skipped: rank.c does not build (install M4RI: apt-get install "
            f"libm4ri-dev): {built.stderr.strip().splitlines()[-1:]}",
            file=sys.stderr,
        )
        return None
    return binary


def write_matrix(system: PressSystem, path: Path) -> None:
    """The press matrix as ``n nnz`` and one ``row col`` line per non-zero."""
    cols = np.repeat(np.arange(system.n), np.diff(system.indptr))
    pairs = np.column_stack([system.indices, cols])
    with path.open("w") as f:
        f.write(f"{system.n} {system.nnz}\n")
        np.savetxt(f, pairs, fmt="%d")


def best(work: Callable[[], object], repeats: int) -> tuple[float, object]:
    seconds, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = work()
        seconds = min(seconds, time.perf_counter() - start)
    return seconds, result


def galois_nullity(system: PressSystem) -> int:
    import galois

    field = galois.GF(2)
    return int(field(system.dense()).null_space().shape[0])


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    return f"{seconds * 1e3:.3g} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="skip the 32,000-button boards")
    parser.add_argument("--sizes", type=int, nargs="+", help="general-graph sizes")
    parser.add_argument("--families-only", action="store_true", help="no grids")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    sizes = args.sizes or [500, 1000, 2000, 4000] + ([] if args.quick else [32_000])
    get_solver(grid_system(30, 30), "auto")  # numba loads its on-disk cache
    get_solver(random_system(2000), "auto")  # ... also of the dense check-system kernels
    galois_nullity(grid_system(5, 5))  # galois compiles its kernels on first use
    print(f"load average {os.getloadavg()[0]:.2f}; lograph from {Path(lograph_file).parent}")
    print("| board | N | nullity | lograph auto | galois | M4RI | auto / M4RI |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        harness = build_harness(Path(tmp))
        for name, system in boards(sizes, not args.families_only):
            repeats = args.repeats if system.n <= 10_000 else 1
            ours, analysis = best(lambda s=system: get_solver(s, "auto").analysis, repeats)
            nullity = analysis.nullity  # type: ignore[attr-defined]
            theirs = None
            if system.n <= GALOIS_LIMIT:
                theirs, g_nullity = best(lambda s=system: galois_nullity(s), 1)
                assert g_nullity == nullity, f"{name}: galois nullity {g_nullity} != {nullity}"
            m4ri = None
            if harness is not None:
                path = Path(tmp) / "matrix.txt"
                write_matrix(system, path)
                line = subprocess.run(
                    [str(harness), str(repeats), str(path)],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()
                assert int(line[3]) == nullity, f"{name}: M4RI nullity {line[3]} != {nullity}"
                m4ri = float(line[5])
            ratio = f"{ours / m4ri:.2f}" if m4ri else "-"
            print(
                f"| {name} | {system.n} | {nullity} | {fmt(ours)} | {fmt(theirs)} | "
                f"{fmt(m4ri)} | {ratio} |",
                flush=True,
            )
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
