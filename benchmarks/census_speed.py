"""Census throughput: lograph's graph6 counting against nauty's geng alone, side by side.

Run from the repository root (needs nauty's ``geng`` or ``nauty-geng`` on PATH)::

    .venv/bin/python benchmarks/census_speed.py            # n = 8, 9, 10 connected
    .venv/bin/python benchmarks/census_speed.py 8 9 10 11  # sizes to time

All rates are **graphs per CPU second of one core** (user + system time of the process
doing that work), not per wall second: on a shared machine the wall clock measures the
neighbours. For each n, one row each:

- *geng alone*: ``geng -cq n > /dev/null`` (its CPU, from the children's rusage);
- *lograph kernel*: `scan` over geng's output held in memory: read in blocks, graph6
  decoded into 64-bit rows, rank of A + I and of A, counts by (vertices, edges, nullities);
- *lograph census geng*: `count_piece` on geng's pipe, one piece in one thread: the
  consumer's CPU (geng runs beside it in its own process);
- *per-graph census* (n ≤ 8 only; a sample of 2,000 graphs): the exact row-per-graph path
  of ``lograph census graph6 FILE --no-worst``.

The kernel is compiled (or loaded from the disk cache) before any timing. Then the
command itself against geng alone (``--command``, n = 10 unless sizes are given): ``lograph
census geng N -c -o T.csv`` and ``geng -cq N > /dev/null`` run in turn, RUNS times each
(default 5), wall and CPU (user + system of the process and its children) of every run,
and their medians and the ratio of the medians, with the load average before and after:
on a shared machine, quote the figures of a run at low load. Last, the start of a new
process (what a new Dask worker pays): compiling into an empty numba cache, then loading
from it.

    .venv/bin/python benchmarks/census_speed.py --command 10 11   # the command, n = 10, 11
"""

from __future__ import annotations

import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# the repository, not an installed copy
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lograph.core.census.families import parse_family
from lograph.core.census.rows import CensusSpec, compute_row
from lograph.core.census.sources import GengSource, count_piece, find_geng
from lograph.core.census.stream import Counts, ready_kernel, scan

SAMPLE = 2000
#: Runs of each command in `command_vs_geng`.
RUNS = 5


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _row(what: str, graphs: int, cpu: float, wall: float) -> None:
    rate = graphs / cpu if cpu > 0 else float("inf")
    print(f"  {what:<28} {graphs:>12,} graphs {cpu:8.2f} s CPU {wall:8.2f} s wall "
          f"{rate:>14,.0f} graphs/s/core")  # fmt: skip


def main(sizes: list[int]) -> None:
    geng = find_geng()
    ready_kernel()  # compile or load the kernel first
    print(f"geng: {geng}; rates are graphs per CPU second of one core")
    for n in sizes:
        print(f"n = {n}, connected (geng -c)")
        cpu, wall = _children_cpu(), time.monotonic()
        with open(os.devnull, "wb") as null:
            subprocess.run([geng, "-cq", str(n)], stdout=null, check=True)
        geng_cpu = _children_cpu() - cpu
        geng_wall = time.monotonic() - wall
        data = b""
        if n <= 10:
            data = subprocess.run([geng, "-cq", str(n)], capture_output=True, check=True).stdout
        count = data.count(b"\n") if data else 0
        if data:
            _row("geng alone", count, geng_cpu, geng_wall)
            cpu, wall = _self_cpu(), time.monotonic()
            counts = Counts()
            scan(io.BytesIO(data).readinto, counts)
            _row("lograph kernel", counts.graphs, _self_cpu() - cpu, time.monotonic() - wall)
        cpu, wall, children = _self_cpu(), time.monotonic(), _children_cpu()
        result = count_piece(GengSource(n, ("-c",)), 0)
        own = _self_cpu() - cpu
        if not data:
            _row("geng alone", result.graphs, geng_cpu, geng_wall)
        _row("lograph census geng", result.graphs, own, time.monotonic() - wall)
        _row("  (geng inside it)", result.graphs, _children_cpu() - children, 0.0)
        if n <= 8 and data:
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "g.g6"
                path.write_bytes(b"".join(data.splitlines(keepends=True)[:SAMPLE]))
                cases = list(parse_family("graph6", [str(path)]).cases())
                spec = CensusSpec(worst=False)
                compute_row(spec, cases[0])  # warm
                cpu, wall = _self_cpu(), time.monotonic()
                for case in cases:
                    compute_row(spec, case)
                _row("per-graph census (sample)", len(cases), _self_cpu() - cpu,
                     time.monotonic() - wall)  # fmt: skip


def _timed(command: list[str], output: Path | None) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of `command`, its children included."""
    if output is not None:
        output.unlink(missing_ok=True)
    cpu, wall = _children_cpu(), time.monotonic()
    with open(os.devnull, "wb") as null:
        subprocess.run(command, stdout=null, check=True)
    return time.monotonic() - wall, _children_cpu() - cpu


def command_vs_geng(sizes: list[int], runs: int = RUNS) -> None:
    """``lograph census geng N -c -o T.csv`` against ``geng -cq N`` alone, in turn."""
    geng = find_geng()
    lograph = [sys.executable, "-m", "lograph"]
    with tempfile.TemporaryDirectory() as folder:
        table = Path(folder) / "t.csv"
        for n in sizes:
            census = [*lograph, "census", "geng", str(n), "-c", "-o", str(table)]
            load = os.getloadavg()[0]
            _timed(census, table)  # a warm-up: the kernel in numba's cache, files in memory
            mine, theirs = [], []
            for _ in range(runs):
                mine.append(_timed(census, table))
                theirs.append(_timed([geng, "-cq", str(n)], None))
            wall = [statistics.median(r[k] for r in mine) for k in (0, 1)]
            alone = [statistics.median(r[k] for r in theirs) for k in (0, 1)]
            print(f"n = {n}: load {load:.2f} -> {os.getloadavg()[0]:.2f}, {runs} runs each, "
                  "medians")  # fmt: skip
            print(f"  census geng {n} -c  {wall[0]:7.2f} s wall {wall[1]:7.2f} s CPU")
            print(f"  geng -cq {n}        {alone[0]:7.2f} s wall {alone[1]:7.2f} s CPU")
            print(f"  ratio              {wall[0] / alone[0]:7.2f}× wall "
                  f"{wall[1] / alone[1]:7.2f}× CPU")  # fmt: skip


_FIRST = (
    "import io, time; t = time.perf_counter(); "
    "from lograph.core.census.stream import Counts, scan; "
    "scan(io.BytesIO(b'A_\\n').readinto, Counts()); first = time.perf_counter() - t; "
    "from lograph.core.census.stream import ready_kernel; ready_kernel(); "
    "print(first, time.perf_counter() - t)"
)


def cold_start() -> None:
    """A new process (a new Dask worker): seconds to its first counted graph (the first
    blocks are counted with numpy while the kernel is not compiled), and to the compiled
    kernel being ready, compiling it into an empty numba cache, then loading it from that
    cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for what in ("new process, compiling", "new process, cached kernel"):
            out = subprocess.run([sys.executable, "-c", _FIRST], env=env, check=True,
                                 capture_output=True, text=True).stdout.split()  # fmt: skip
            print(f"  {what:<28} {float(out[0]):6.2f} s to the first graph, "
                  f"{float(out[1]):6.2f} s to the kernel (wall)")  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["--command"]:
        command_vs_geng([int(a) for a in sys.argv[2:]] or [10])
    else:
        main([int(a) for a in sys.argv[1:]] or [8, 9, 10])
        cold_start()
