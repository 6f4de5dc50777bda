"""Fewest presses with more than two colours past the walk, whole `lograph solve` process.

For n×n boards over GF(p) and Z_k whose kernels are past the walk and the single transform
(2^22 solutions), this times `lograph solve FILE --fewest --json` and checks each answer
without lograph's algebra: the printed presses, added over each button's closed
neighbourhood on the grid with numpy, make the position's change (mod k), and their number
is the reported count. Positions: all off to all on where that is solvable, else the
lights some seeded random presses make. Prints a Markdown table (docs/performance.md, section
"Fewest presses", "More colours").

    .venv/bin/python benchmarks/fewest_colours.py             # about 5 minutes
    .venv/bin/python benchmarks/fewest_colours.py --root DIR  # another checkout's lograph

No peer computes fewest presses over Z_k on these boards (galois and python-flint give one
solution, not the lightest).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from worst_colours import grid_press  # the grid's press, shared

ROOT = Path(__file__).resolve().parent.parent
#: (n, k, extra CLI arguments): kernels from 5^12 (2.4·10^8) to 3^20 (3.5·10^9)
BOARDS = [
    (17, 3, ()),
    (19, 4, ()),
    (30, 5, ()),
    (95, 4, ()),
    (40, 3, ()),
    (40, 3, ("--time-limit", "60")),
]


def _board(n: int, k: int, folder: Path) -> tuple[Path, np.ndarray, str]:
    """The board file, the change its goal needs, and the goal."""
    path = folder / f"{n}-{k}.txt"
    ones = np.full((n, n), k - 1)
    # all on from all off where some presses make it (a row of k - 1 … is then reachable)
    lights = np.zeros((n, n), dtype=np.int64)
    goal = "on"
    if not _reachable(ones, n, k, folder):
        presses = np.random.default_rng(n * 100 + k).integers(0, k, (n, n))
        lights = grid_press(presses, k)
        goal = "off"
    rows = "".join("".join(map(str, row)) + "\n" for row in lights.tolist())
    path.write_text(f"# states: {k}\n{rows}")
    change = (ones - lights) % k if goal == "on" else (-lights) % k
    return path, change, goal


def _reachable(change: np.ndarray, n: int, k: int, folder: Path) -> bool:
    probe = folder / "probe.txt"
    rows = "".join("".join(map(str, row)) + "\n" for row in ((-change) % k).tolist())
    probe.write_text(f"# states: {k}\n{rows}")
    done = subprocess.run([sys.executable, "-m", "lograph", "solve", str(probe), "--json"],
                          capture_output=True, text=True, check=False, cwd=ROOT)  # fmt: skip
    return done.returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to run")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(args.root.resolve())}
    print("| board | k | position | fewest presses | how | time | checked |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as scratch:
        for n, k, extra in BOARDS:
            path, change, goal = _board(n, k, Path(scratch))
            command = [sys.executable, "-m", "lograph", "solve", str(path), "--goal", goal,
                       "--fewest", "--json", *extra]  # fmt: skip
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True, env=env,
                                  cwd=args.root, check=False)  # fmt: skip
            seconds = time.perf_counter() - start
            answer = json.loads(done.stdout)
            presses = np.zeros((n, n), dtype=np.int64)
            for name in answer["presses"]:  # a button pressed twice is listed twice
                row, column = name[1:].split("c")
                presses[int(row), int(column)] += 1
            ok = np.array_equal(grid_press(presses, k), change)
            ok = ok and int(presses.sum()) == answer["press_count"]
            count = answer["press_count"]
            if answer["exact"]:
                ties = answer.get("optimal_solutions")
                value = f"**{count}**" + (f", {ties} optimal" if ties else "") + " (exact)"
            else:
                value = f"{count}, at least {answer.get('lower_bound', 0)}"
            flags = " ".join(extra)
            print(f"| {n}×{n} {flags} | {k} | {'all on' if goal == 'on' else 'random'} | "
                  f"{value} | {answer['method']} | {seconds:.1f} s | "
                  f"{'yes' if ok else 'NO'} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
