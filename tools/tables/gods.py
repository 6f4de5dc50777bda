"""Compute God's number of the n×n Lights Out board (the most presses any solvable position
needs at the fewest) with lograph's own front door, `lograph.core.optimize.worst.worst_position`,
exactly what ``lograph worst gN.txt --time-limit T`` runs.

For each n it writes the worst position found as a lograph .txt board (its digits are the
lights; solving it takes the claimed number of presses at the fewest) to
``docs/tables/worst/nNN.txt`` (none when the search answers with bounds alone) and one line
to ``docs/tables/gods.tsv``: n, nullity, worst (the value when exact, else a proven lower
bound: the position needs that many), the proven upper bound, exact, the method and the
seconds. An n already recorded is skipped.

    nice -n 19 .venv/bin/python tools/tables/gods.py 1 40 --time-limit 120
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
from lograph.core.optimize.worst import worst_position
from lograph.core.work import Work

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "tables"
RECORD = TABLES / "gods.tsv"
POSITIONS = TABLES / "worst"
FIELDS = ("n", "nullity", "worst", "upper_bound", "exact", "method", "seconds", "time_limit")


def board_text(n: int, lights: np.ndarray, worst: int, exact: bool) -> str:
    """The position as a lograph .txt board (closed rule, two states)."""
    kind = "God's number" if exact else "a lower bound on God's number"
    lines = [
        f"# name: {n}x{n} position needing {worst} presses ({kind})",
        "# rule: closed",
        "# states: 2",
    ]
    lines += ["".join(str(int(v)) for v in row) for row in lights.reshape(n, n)]
    return "\n".join(lines) + "\n"


def read_record(path: Path = RECORD) -> dict[int, dict[str, str]]:
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


def compute(n: int, time_limit: float) -> dict[str, str]:
    started = time.monotonic()
    found = worst_position(rectangle(n, n), work=Work().within(time_limit))
    seconds = time.monotonic() - started
    if found.lights is not None:  # None: bounds alone, the lower one without a position
        POSITIONS.mkdir(parents=True, exist_ok=True)
        text = board_text(n, found.lights, found.worst_presses, found.exact)
        (POSITIONS / f"n{n:02d}.txt").write_text(text)
    return {
        "n": str(n),
        "nullity": str(grid_nullity(n, n)),
        "worst": str(found.worst_presses),
        "upper_bound": str(found.upper_bound),
        "exact": "yes" if found.exact else "no",
        "method": found.method,
        "seconds": f"{seconds:.1f}",
        "time_limit": f"{time_limit:g}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--redo", action="store_true", help="recompute n already recorded")
    parser.add_argument("--only", type=int, nargs="*", help="only these n")
    args = parser.parse_args(argv)
    rows = read_record()
    for n in range(args.first, args.last + 1):
        if (n in rows and not args.redo) or (args.only and n not in args.only):
            continue
        rows[n] = compute(n, args.time_limit)
        write_record(rows)
        r = rows[n]
        print(
            f"n={n} nullity={r['nullity']} worst={r['worst']} upper={r['upper_bound']} "
            f"exact={r['exact']} {r['method']} {r['seconds']}s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
