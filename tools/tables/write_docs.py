"""Write docs/tables.md, docs/tables/b075464.txt and docs/tables/gods-numbers.txt from the
records that `a075464.py` and `gods.py` keep (docs/tables/a075464.tsv, docs/tables/gods.tsv).

    .venv/bin/python tools/tables/write_docs.py
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "tables"
PAGE = ROOT / "docs" / "tables.md"

#: CLI's default time limit for --fewest past nullity 26: rows beyond it name theirs.
_INSTANT_NULLITY = 26

INTRO = """\
# Tables: fewest presses to all on, and God's numbers

Two tables of the plain n×n board (closed rule: a press toggles the button and its four
neighbours; two states), computed with lograph's own searches and checked by a script that
shares no code with them.

- **A075464**: the fewest presses that turn the all-off n×n board all on, n = 1 … 128.
  Published up to n = 78 (OEIS A075464's b-file; the entry lists n ≤ 54).
- **God's number** of the n×n board, n = 1 … 40: the most presses any solvable position
  needs at the fewest (the covering radius of the board's quiet code).

Each row gives the command that reproduces it. `gN.txt` is the board, written by
`lograph generate rectangle N N -o gN.txt`. The scripts that made the tables run the same
front doors in one process (`tools/tables/a075464.py 1 128 --time-limit 120`,
`tools/tables/gods.py 1 40 --time-limit 120`; both resumable) and keep a record
(`docs/tables/a075464.tsv`, `docs/tables/gods.tsv`) from which
`tools/tables/write_docs.py` writes this page and the two plain files. Seconds are wall
time on a shared two-core machine, under `nice -n 19`, with other work running.

**Checking.** `python tools/tables/check.py` (numpy only; it imports nothing from lograph)
presses every pattern in `docs/tables/a075464/` on the board and checks that it lights every
light with the claimed number of presses; for an exact row of nullity at most 24 it finds
the board's solutions by its own light chasing and GF(2) elimination and computes the
weight of every one of the 2^nullity solutions, so the minimum and the number of optimal
solutions are proved a second time, by a different program. For God's numbers it takes
each worst position in `docs/tables/worst/` (a lograph `.txt` board: its digits are the
lights), enumerates all its solutions and checks that the lightest has the claimed number
of presses. The whole check takes about a minute. How each method proves its value is in
[the mathematics](math.md#the-tables-past-the-published-terms).

Plain files in the form of an OEIS b-file (`n value`, one pair a line, proven values only):
`docs/tables/b075464.txt` (n = 1 up to the first n not proven) and
`docs/tables/gods-numbers.txt` (every n ≤ 40 whose God's number is proven: unlike a
b-file it skips the open n, which the table below names).

**A second proof past the checker's reach.** The exact values of nullity 28 to 42 (n = 39,
47, 61, 64, 65, 67) are too many solutions for the checker's enumeration (2^28 to 2^42). The
table's method column gives each a second proof by a different algorithm: the orbit search
(`tools/tables/second.py`: the same front door given the board's analysis alone, so the
split search is left out, and the orbit search over leaves of 2^18 solutions proves it),
with its value and its count of optimal solutions, which agree with the split search's.

**On a cluster.** a(119) (nullity 46) was proved by the orbit search cut into 4,096 pieces
(`tools/tables/cluster.py`, see "On many machines" below): every piece's leaves, wall and
processor seconds are in `docs/tables/a075464/n119-cluster.json`, 33,656,960 leaves in all,
1,694 processor seconds, so any piece can be run again alone and compared.
"""


def rows(name: str) -> list[dict[str, str]]:
    path = TABLES / name
    if not path.exists():
        return []
    with path.open(newline="") as f:
        return sorted(csv.DictReader(f, delimiter="\t"), key=lambda r: int(r["n"]))


def second_rows() -> dict[str, dict[str, str]]:
    """The second proofs (`second.py`) by n."""
    return {r["n"]: r for r in rows("a075464-second.tsv")}


def _fewest_command(r: dict[str, str]) -> str:
    n = r["n"]
    if r["method"] == "sublattice descent":
        return f"`python tools/tables/descent.py {n}`"
    if r["method"] == "orbit search on a cluster":
        return f"`python tools/tables/cluster.py a075464 {n} --pieces 4096 --local N -o a{n}.json`"
    limit = "" if int(r["nullity"]) <= _INSTANT_NULLITY else f" --time-limit {r['time_limit']}"
    return f"`lograph solve g{n}.txt --goal on --fewest{limit}`"


def square_rows() -> dict[str, dict[str, str]]:
    """The sublattice bounds of A² (`square_bound.py`) by n."""
    return {r["n"]: r for r in rows("square-bounds.tsv")}


def lower_bound(r: dict[str, str], square: dict[str, dict[str, str]]) -> int:
    """The best proven lower bound of a row: the search's, or the square's sublattices'."""
    low = int(r["lower_bound"])
    if r["n"] in square:
        low = max(low, int(square[r["n"]]["bound"]))
    return low


def fewest_table(
    data: list[dict[str, str]],
    second: dict[str, dict[str, str]],
    square: dict[str, dict[str, str]],
) -> list[str]:
    out = [
        "| n | nullity | a(n) | optimal solutions | method | s | command |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in data:
        method = r["method"]
        if r["exact"] == "yes":
            value = r["presses"]
        else:
            low = lower_bound(r, square)
            gap = int(r["presses"]) - low
            value = f"{low} ≤ a(n) ≤ {r['presses']} (gap {gap})"
            if r["n"] in square:
                parts = " + ".join(square[r["n"]]["parts"].split())
                method += f"; search's bound {r['lower_bound']}; A² sublattices {parts}"
        if r["n"] in second and second[r["n"]]["exact"] == "yes":
            again = second[r["n"]]
            ties, seconds = again["optimal_solutions"], again["seconds"]
            method += f"; orbit search {again['presses']} ({ties}), {seconds} s"
        out.append(
            f"| {r['n']} | {r['nullity']} | {value} | {r['optimal_solutions'] or '?'} | "
            f"{method} | {r['seconds']} | {_fewest_command(r)} |"
        )
    return out


def gods_table(data: list[dict[str, str]]) -> list[str]:
    out = [
        "| n | nullity | God's number | method | s | command |",
        "|---|---|---|---|---|---|",
    ]
    for r in data:
        if r["exact"] == "yes":
            value = r["worst"]
        else:
            gap = int(r["upper_bound"]) - int(r["worst"])
            value = f"{r['worst']} ≤ G ≤ {r['upper_bound']} (gap {gap})"
        limit = r["time_limit"]
        command = f"`lograph worst g{r['n']}.txt --time-limit {limit}`"
        out.append(
            f"| {r['n']} | {r['nullity']} | {value} | {r['method']} | {r['seconds']} | {command} |"
        )
    return out


def b_file(data: list[dict[str, str]], key: str) -> str:
    """`n value` lines from n = 1 while every n is proven."""
    lines = []
    for expected, r in enumerate(data, start=1):
        if int(r["n"]) != expected or r["exact"] != "yes":
            break
        lines.append(f"{r['n']} {r[key]}")
    return "\n".join(lines) + "\n"


#: The page's sections from this heading on are written by hand (the cluster runs and
#: their measurements, `tools/tables/cluster.py`) and kept as they are.
KEPT_FROM = "## On many machines"


def kept_tail() -> str:
    """The hand-written end of the page (from `KEPT_FROM`), or nothing."""
    text = PAGE.read_text() if PAGE.exists() else ""
    at = text.find("\n" + KEPT_FROM + "\n")
    return "" if at < 0 else text[at:]


def main() -> int:
    fewest, gods = rows("a075464.tsv"), rows("gods.tsv")
    (TABLES / "b075464.txt").write_text(b_file(fewest, "presses"))
    exact_gods = [r for r in gods if r["exact"] == "yes"]
    (TABLES / "gods-numbers.txt").write_text(
        "".join(f"{r['n']} {r['worst']}\n" for r in exact_gods)
    )
    open_fewest = [r for r in fewest if r["exact"] != "yes"]
    open_gods = [r for r in gods if r["exact"] != "yes"]
    page = [INTRO]
    page += ["## All lights on: fewest presses (A075464)", ""]
    page += [
        f"{len(fewest) - len(open_fewest)} of {len(fewest)} values proven; "
        f"b075464.txt runs to n = {len(b_file(fewest, 'presses').splitlines())}. "
        "Open: " + (", ".join(f"a({r['n']})" for r in open_fewest) or "none") + ". "
        "For an open row the upper bound is the weight of the pattern found (in "
        "`docs/tables/a075464/`) and the lower bound the larger of the search's and the "
        "sum over the four sublattices of A² (`python tools/tables/square_bound.py N`, "
        "each part one exact fewest-presses question; see the mathematics page). "
        "n ≤ 54 agree with the published terms (a test checks them; the b-file's terms "
        "55–78 could not be fetched here to compare).",
        "",
    ]
    page += [*fewest_table(fewest, second_rows(), square_rows()), ""]
    page += ["## God's number of the n×n board", ""]
    page += [
        f"{len(exact_gods)} of {len(gods)} values proven. Open: "
        + (", ".join(f"n = {r['n']}" for r in open_gods) or "none")
        + ". For an open row the lower bound is a position that needs that many "
        "presses (in `docs/tables/worst/`, checked by enumeration) and the upper bound "
        "what the search refuted.",
        "",
    ]
    page += [*gods_table(gods), ""]
    PAGE.write_text("\n".join(page) + kept_tail())
    return 0


if __name__ == "__main__":
    sys.exit(main())
