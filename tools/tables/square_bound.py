"""A proven lower bound on A075464 from the square of the press matrix: its four sublattices.

On the n×n board ``A = I + N`` (N the grid's adjacency), and over GF(2) ``A² = I + N²``:
N² joins a button to those two steps away in a line, plus itself where a line ends (a
border button has one neighbour along that line). So A² never joins two sublattices of
different row or column parity, and every all-on solution x (``A x = 1``) satisfies, on each
sublattice s, ``A²_ss x_s = (A·1)_s``: x's part on s solves a board of its own (the
sublattice's cells as a grid, neighbours two steps apart, a cell acting on itself unless it
lies on exactly one border line of the big board), with the target ``A·1`` (a light is on
unless it is on an edge but not a corner). The weight of x is the sum of its four parts, so

    a(n) ≥ Σ_s fewest(A²_ss, (A·1)_s),

each a fewest-presses question on a board of about n²/4 buttons, which lograph's own
front door (`lograph.core.optimize.fewest.solve_fewest`) answers, exactly or with a proven
lower bound (then that is what is added). On odd n = 2m + 1 the odd-odd sublattice is the
plain m×m board with every light to switch on: its part weighs at least a(m).

Each result goes to ``docs/tables/square-bounds.tsv``: n, the four parts' bounds (00, 01,
10, 11 by row and column parity), whether each is exact, the sum, the seconds.

    nice -n 19 .venv/bin/python tools/tables/square_bound.py 119 123 --time-limit 120
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

import numpy as np

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import CLI_SPLIT_LIMIT, solve_fewest
from lograph.core.work import Work

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "docs" / "tables" / "square-bounds.tsv"
FIELDS = ("n", "bound", "parts", "exact", "seconds")


def sublattice_board(n: int, rows: int, cols: int) -> tuple[Board, np.ndarray]:
    """The board of ``A²`` on the cells of row parity `rows` and column parity `cols`, and
    its target ``(A·1)`` there (row-major, as the board's buttons)."""
    r_at = np.arange(rows, n, 2)
    c_at = np.arange(cols, n, 2)
    board = rectangle(len(r_at), len(c_at))
    r_end = np.isin(r_at, (0, n - 1)).astype(int) if n > 1 else np.zeros(len(r_at), int)
    c_end = np.isin(c_at, (0, n - 1)).astype(int) if n > 1 else np.zeros(len(c_at), int)
    target = np.zeros((len(r_at), len(c_at)), dtype=np.uint8)
    for a, i in enumerate(r_at):
        for b, j in enumerate(c_at):
            own = (1 + r_end[a] + c_end[b]) % 2
            board.set_self_action(f"r{a}c{b}", bool(own))
            border = int(i in (0, n - 1)) + int(j in (0, n - 1))
            target[a, b] = 0 if border == 1 else 1  # A·1: (1 + degree) mod 2
    if list(board.buttons) != [f"r{a}c{b}" for a in range(len(r_at)) for b in range(len(c_at))]:
        raise SystemExit("buttons are not in row-major order")
    return board, target.ravel()


def bound(n: int, time_limit: float) -> dict[str, str]:
    started = time.monotonic()
    parts, exact = [], []
    for rows, cols in ((0, 0), (0, 1), (1, 0), (1, 1)):
        if rows >= n or cols >= n:
            parts.append(0)
            exact.append(True)
            continue
        board, target = sublattice_board(n, rows, cols)
        work = Work(solutions=CLI_SPLIT_LIMIT).within(time_limit)
        found = solve_fewest(board, goal=target, work=work)
        parts.append(found.lower_bound)
        exact.append(found.exact)
    return {
        "n": str(n),
        "bound": str(sum(parts)),
        "parts": " ".join(map(str, parts)),
        "exact": " ".join("yes" if e else "no" for e in exact),
        "seconds": f"{time.monotonic() - started:.1f}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="+")
    parser.add_argument("--time-limit", type=float, default=120.0)
    args = parser.parse_args(argv)
    rows: dict[int, dict[str, str]] = {}
    if RECORD.exists():
        with RECORD.open(newline="") as f:
            rows = {int(r["n"]): r for r in csv.DictReader(f, delimiter="\t")}
    for n in args.n:
        rows[n] = bound(n, args.time_limit)
        with RECORD.open("w", newline="") as f:
            writer = csv.DictWriter(f, FIELDS, delimiter="\t", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows[m] for m in sorted(rows))
        print("\t".join(rows[n].values()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
