"""Compute OEIS A075464 (fewest presses turning the all-off n×n board all on) with lograph.

Each n is one call of lograph's own front door, `lograph.core.optimize.fewest.solve_fewest`
on ``rectangle(n, n)`` with goal "on", exactly what ``lograph solve gN.txt --goal on
--fewest --time-limit T`` runs. For each n it writes the pattern found (a .txt grid of 0/1,
the presses) to ``docs/tables/a075464/nNNN.txt`` and one line to the record
``docs/tables/a075464.tsv``: n, nullity, presses (the pattern's weight, the value when
exact, else an upper bound), the proven lower bound, exact, how many solutions are optimal,
the method and the seconds taken. An n already in the record is skipped (resumable).

    nice -n 19 .venv/bin/python tools/tables/a075464.py 1 128 --time-limit 120
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
from lograph.core.optimize.fewest import CLI_SPLIT_LIMIT, solve_fewest
from lograph.core.work import Work

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "tables"
RECORD = TABLES / "a075464.tsv"
PATTERNS = TABLES / "a075464"
FIELDS = (
    "n",
    "nullity",
    "presses",
    "lower_bound",
    "exact",
    "optimal_solutions",
    "method",
    "seconds",
    "time_limit",
)


def pattern_text(n: int, presses: np.ndarray, header: dict[str, object]) -> str:
    """The presses as an n×n grid of 0/1 digits under ``# key: value`` comment lines."""
    lines = [f"# {key}: {value}" for key, value in header.items()]
    grid = presses.reshape(n, n)
    lines += ["".join(str(int(v)) for v in row) for row in grid]
    return "\n".join(lines) + "\n"


def read_record(path: Path = RECORD) -> dict[int, dict[str, str]]:
    """The rows computed so far, by n."""
    if not path.exists():
        return {}
    with path.open(newline="") as f:
        return {int(row["n"]): row for row in csv.DictReader(f, delimiter="\t")}


def write_record(rows: dict[int, dict[str, str]], path: Path = RECORD) -> None:
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as f:
        writer = csv.DictWriter(f, FIELDS, delimiter="\t", lineterminator="\n")
        writer.writeheader()
        for n in sorted(rows):
            writer.writerow(rows[n])
    tmp.replace(path)


def compute(n: int, time_limit: float, max_leaves: int | None) -> dict[str, str]:
    """Run the fewest-presses search for the n×n all-on goal and save its pattern."""
    started = time.monotonic()
    work = Work(leaves=max_leaves, solutions=CLI_SPLIT_LIMIT).within(time_limit)
    found = solve_fewest(rectangle(n, n), goal="on", work=work)
    seconds = time.monotonic() - started
    row = {
        "n": str(n),
        "nullity": str(grid_nullity(n, n)),
        "presses": str(found.press_count),
        "lower_bound": str(found.lower_bound),
        "exact": "yes" if found.exact else "no",
        "optimal_solutions": ""
        if found.optimal_solutions is None
        else str(found.optimal_solutions),
        "method": found.method,
        "seconds": f"{seconds:.1f}",
        "time_limit": f"{time_limit:g}",
    }
    header = {"n": n, "goal": "on", **{k: row[k] for k in FIELDS[2:7]}}
    PATTERNS.mkdir(parents=True, exist_ok=True)
    (PATTERNS / f"n{n:03d}.txt").write_text(pattern_text(n, found.presses, header))
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--max-leaves", type=int, default=None)
    parser.add_argument("--redo", action="store_true", help="recompute n already recorded")
    args = parser.parse_args(argv)
    rows = read_record()
    for n in range(args.first, args.last + 1):
        if n in rows and not args.redo:
            continue
        rows[n] = compute(n, args.time_limit, args.max_leaves)
        write_record(rows)
        r = rows[n]
        print(
            f"n={n} nullity={r['nullity']} presses={r['presses']} lower={r['lower_bound']} "
            f"exact={r['exact']} optimal={r['optimal_solutions']} {r['method']} {r['seconds']}s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
