"""Prove the exact A075464 values past the checker's enumeration a second way.

`a075464.py` proves the all-on values of nullity 27 to 62 by lograph's split search over
pairs of sublattice coordinates (`lograph.core.optimize.fewest._gf2_split`). This script
asks the same front door, `lograph.core.optimize.fewest.fewest_presses`, with the board's
analysis alone (no press system): that leaves the split search out, and the orbit search
over leaves (`lograph.core.optimize.fewest._gf2_orbits`: one Walsh–Hadamard transform of
2^18 solutions per orbit of prefixes under the square's 8 symmetries, given here) proves
the value instead, a different algorithm on different code. Each result goes to
``docs/tables/a075464-second.tsv``: n, nullity, presses, exact, optimal solutions,
method, leaves allowed, seconds.

    nice -n 19 .venv/bin/python tools/tables/second.py 39 47 64 67 61 65 --time-limit 900
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

import numpy as np

from lograph.core.algebra.gridforms import grid_nullity
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import MAX_SEARCH_LEAVES, fewest_presses
from lograph.core.solve import prepare, solve
from lograph.core.work import Work

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "docs" / "tables" / "a075464-second.tsv"
FIELDS = ("n", "nullity", "presses", "exact", "optimal_solutions", "method", "seconds")


def square_symmetries(n: int) -> list[np.ndarray]:
    """The 8 symmetries of the n×n square as permutations of row-major button indices."""
    grid = np.arange(n * n).reshape(n, n)
    images = [np.rot90(grid, t) for t in range(4)]
    images += [np.fliplr(g) for g in images]
    return [g.ravel().astype(np.intp) for g in images]


def prove(n: int, time_limit: float) -> dict[str, str]:
    board = rectangle(n, n)
    names = list(board.buttons)
    if names != [f"r{i}c{j}" for i in range(n) for j in range(n)]:
        raise SystemExit("buttons are not in row-major order: the symmetries would be wrong")
    started = time.monotonic()
    solver = prepare(board)
    x0 = solve(board, goal="on", solver=solver).presses
    work = Work(leaves=MAX_SEARCH_LEAVES).within(time_limit)
    found = fewest_presses(solver.analysis, x0, work=work, symmetries=square_symmetries(n))
    return {
        "n": str(n),
        "nullity": str(grid_nullity(n, n)),
        "presses": str(found.press_count),
        "exact": "yes" if found.exact else "no",
        "optimal_solutions": ""
        if found.optimal_solutions is None
        else str(found.optimal_solutions),
        "method": found.method,
        "seconds": f"{time.monotonic() - started:.1f}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="+")
    parser.add_argument("--time-limit", type=float, default=900.0)
    args = parser.parse_args(argv)
    rows: dict[int, dict[str, str]] = {}
    if RECORD.exists():
        with RECORD.open(newline="") as f:
            rows = {int(r["n"]): r for r in csv.DictReader(f, delimiter="\t")}
    for n in args.n:
        rows[n] = prove(n, args.time_limit)
        with RECORD.open("w", newline="") as f:
            writer = csv.DictWriter(f, FIELDS, delimiter="\t", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows[m] for m in sorted(rows))
        print("\t".join(rows[n].values()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
