"""Check the tables in docs/tables independently of lograph's search code (numpy only).

For A075464 (``docs/tables/a075464.tsv`` and the patterns in ``docs/tables/a075464/``):
each pattern is pressed on the n×n board (a press toggles the button and its four
neighbours) and must light every light, with exactly the claimed number of presses; the
claimed lower bound must not exceed it. For an exact row of nullity up to ``--enumerate``
the optimality is re-proved here by enumerating every one of the 2^nullity solutions: the
null space comes from this file's own light chasing and GF(2) elimination, the weights of
all solutions from one matrix product per block (each weight computed, none skipped), and
the smallest weight and how many solutions reach it must be the claimed ones.

For the lower bounds from the sublattices of A² (``docs/tables/square-bounds.tsv``): the
parts add up, every pattern's part is at least its part's bound, and on odd n = 2m + 1 the
odd-odd part both solves the m×m all-on board and, up to ``--enumerate``, has the m×m
board's enumerated fewest presses as its bound.

For God's numbers (``docs/tables/gods.tsv`` and the positions in ``docs/tables/worst/``):
each worst position (a lograph .txt board whose digits are the lights) must be solvable, and
the fewest presses that switch it off, found by enumerating all its 2^nullity solutions,
must be the claimed God's number. (That no position needs more is the search's proof,
recorded in the table's method column; this script checks the position half.)

    .venv/bin/python tools/tables/check.py            # everything, exit status 1 on a failure
    .venv/bin/python tools/tables/check.py --enumerate 16

Nothing here imports lograph: the board, its chasing and its solutions are all written out
below, so a bug in lograph's searches cannot hide in the check.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "tables"

#: Largest nullity whose 2^k solutions are enumerated by default (2^24 weights, 62×62: about
#: 20 s on a busy machine; 2^20 about a second).
ENUMERATE_LIMIT = 24
#: Solutions whose weights one matrix product computes (rows of the low half).
_BLOCK_BITS = 12
#: High halves of c whose blocks one matrix product computes.
_HI_BATCH = 64


# ----------------------------------------------------------------------------- the board


def press(presses: np.ndarray) -> np.ndarray:
    """The lights (mod 2) that `presses` (an n×n 0/1 grid) switch on from all off: each
    pressed button toggles itself and its up to four orthogonal neighbours."""
    x = np.asarray(presses, dtype=np.int64) % 2
    lights = x.copy()
    lights[1:, :] += x[:-1, :]
    lights[:-1, :] += x[1:, :]
    lights[:, 1:] += x[:, :-1]
    lights[:, :-1] += x[:, 1:]
    return lights % 2


def read_grid(path: Path) -> np.ndarray:
    """A grid of digits from a .txt file (lines starting with '#' are comments)."""
    rows = [
        line.strip()
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        raise ValueError(f"{path}: not a rectangular grid of digits")
    return np.array([[int(ch) for ch in r] for r in rows], dtype=np.int64)


# ------------------------------------------------------------------- solutions by chasing


def _parity(v: int) -> int:
    return v.bit_count() & 1


def chase(target: np.ndarray) -> tuple[list[list[int]], int | None, list[int]]:
    """All press patterns x with ``press(x) == target`` on the n×n board, by light chasing.

    The first row's presses r (n unknowns) fix every other row: the light above each
    button of row i + 1 must end as the target asks. Each button's press is kept as an
    affine function of r, a bit mask over n + 1 bits (bit n the constant). The last row's
    lights give n equations in r, solved by Gauss-Jordan elimination over GF(2).

    Returns (cells, r0, kernel): the n×n masks, one first row solving the equations (None
    when the target cannot be reached) and a basis of the first rows of the quiet patterns.
    """
    t = np.asarray(target, dtype=np.int64) % 2
    n = t.shape[0]
    one = 1 << n
    cells = [[1 << j for j in range(n)]]
    for i in range(n - 1):
        above = cells[i - 1] if i else [0] * n
        row = cells[i]
        nxt = []
        for j in range(n):
            v = row[j] ^ above[j] ^ (one if t[i, j] else 0)
            if j:
                v ^= row[j - 1]
            if j < n - 1:
                v ^= row[j + 1]
            nxt.append(v)
        cells.append(nxt)
    last, above = cells[n - 1], cells[n - 2] if n > 1 else [0] * n
    equations = []
    for j in range(n):
        v = last[j] ^ above[j] ^ (one if t[n - 1, j] else 0)
        if j:
            v ^= last[j - 1]
        if j < n - 1:
            v ^= last[j + 1]
        equations.append(v)  # the light (n-1, j) is right when its mask's value is 0
    # Gauss-Jordan on the equations' linear parts (bits 0..n-1), constant in bit n
    pivots: dict[int, int] = {}
    for v in equations:
        for col, p in pivots.items():
            if v >> col & 1:
                v ^= p
        low = v & (one - 1)
        if low == 0:
            if v & one:
                return cells, None, []
            continue
        col = low.bit_length() - 1
        for c2 in list(pivots):
            if pivots[c2] >> col & 1:
                pivots[c2] ^= v
        pivots[col] = v
    free = [j for j in range(n) if j not in pivots]
    r0 = 0
    for col, p in pivots.items():
        if p & one:  # row: x_col + Σ free terms + const = 0, free set to 0
            r0 |= 1 << col
    kernel = []
    for f in free:
        r = 1 << f
        for col, p in pivots.items():
            if p >> f & 1:
                r |= 1 << col
        kernel.append(r)
    return cells, r0, kernel


def evaluate(cells: list[list[int]], r: int, constant: bool = True) -> np.ndarray:
    """The press grid of first row r (constant=False: the linear part only)."""
    n = len(cells)
    rr = r | (1 << n) if constant else r
    return np.array([[_parity(m & rr) for m in row] for row in cells], dtype=np.int64)


# ----------------------------------------------------------------------- enumeration


def solution_weights(x0: np.ndarray, quiet: list[np.ndarray]) -> Iterator[np.ndarray]:
    """The weight of every solution ``x0 ⊕ Σ c_i quiet_i`` for c = 0 … 2^k − 1, in blocks.

    Buttons with the same column (q_1(i), …, q_k(i)) are grouped: such a group of m buttons
    of which m1 are pressed in x0 adds m1 when ``c·q`` is even, else m − m1. With s = ±1 for
    even/odd, that is ``m/2 + (m1 − m/2)·s``, and ``s(c) = s_lo(c_lo)·s_hi(c_hi)``: the
    weights of a batch of blocks (a few c_hi, every c_lo) are one matrix product.
    """
    k = len(quiet)
    flat = [q.ravel() for q in quiet]
    x = x0.ravel()
    keys = np.zeros(x.size, dtype=np.int64)
    for i, q in enumerate(flat):
        keys |= q.astype(np.int64) << i
    classes, inverse = np.unique(keys, return_inverse=True)
    m = np.bincount(inverse, minlength=len(classes)).astype(np.float64)
    m1 = np.bincount(inverse, weights=x.astype(np.float64), minlength=len(classes))
    base = float(m.sum()) / 2
    d = m1 - m / 2
    lo_bits = min(k, _BLOCK_BITS)
    lo = np.arange(1 << lo_bits, dtype=np.int64)
    s_lo = 1.0 - 2.0 * _parities(lo[:, None] & (classes[None, :] & ((1 << lo_bits) - 1)))
    hi_count = 1 << (k - lo_bits)
    for start in range(0, hi_count, _HI_BATCH):
        hi = np.arange(start, min(start + _HI_BATCH, hi_count), dtype=np.int64)
        s_hi = 1.0 - 2.0 * _parities((hi[None, :] << lo_bits) & classes[:, None])
        w = base + s_lo @ (d[:, None] * s_hi)  # column j: the block c_hi = hi[j]
        yield np.rint(w.T).astype(np.int64).ravel()


def _parities(v: np.ndarray) -> np.ndarray:
    """Bit parity of each int64 entry."""
    v = v.copy()
    for shift in (32, 16, 8, 4, 2, 1):
        v ^= v >> shift
    return v & 1


def fewest_of(target: np.ndarray) -> tuple[int, int, int]:
    """(fewest presses, how many solutions reach it, nullity) for the lights `target`,
    by enumerating all 2^nullity solutions. Raises ValueError when unsolvable."""
    cells, r0, kernel = chase(target)
    if r0 is None:
        raise ValueError("the position cannot be reached")
    x0 = evaluate(cells, r0)
    quiet = [evaluate(cells, r, constant=False) for r in kernel]
    best, count = None, 0
    for w in solution_weights(x0, quiet):
        low = int(w.min())
        if best is None or low < best:
            best, count = low, 0
        if low == best:
            count += int((w == low).sum())
    assert best is not None
    return best, count, len(kernel)


# ----------------------------------------------------------------------- the two tables


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def check_a075464(tables: Path, limit: int, out: list[str]) -> int:
    """Check every row of the A075464 record; returns the number of failures."""
    failures = 0
    for row in _rows(tables / "a075464.tsv"):
        n, claim = int(row["n"]), int(row["presses"])
        started = time.monotonic()
        x = read_grid(tables / "a075464" / f"n{n:03d}.txt")
        problems = []
        if x.shape != (n, n):
            problems.append(f"pattern is {x.shape}, not {n}x{n}")
        elif not press(x).all():
            problems.append("pattern does not light every light")
        if int(x.sum()) != claim:
            problems.append(f"pattern has {int(x.sum())} presses, claimed {claim}")
        if int(row["lower_bound"]) > claim:
            problems.append("lower bound above the pattern's weight")
        how = "pressed"
        k = int(row["nullity"])
        if not problems and row["exact"] == "yes" and k <= limit:
            best, count, nullity = fewest_of(np.ones((n, n), dtype=np.int64))
            how = f"enumerated 2^{nullity}"
            if nullity != k:
                problems.append(f"nullity {nullity}, recorded {k}")
            if best != claim:
                problems.append(f"fewest by enumeration {best}, claimed {claim}")
            if row["optimal_solutions"] and count != int(row["optimal_solutions"]):
                problems.append(f"{count} optimal solutions, claimed {row['optimal_solutions']}")
        failures += bool(problems)
        status = "FAIL " + "; ".join(problems) if problems else "ok"
        out.append(f"A075464 n={n} {claim} {how} ({time.monotonic() - started:.1f}s): {status}")
    return failures


def check_gods(tables: Path, limit: int, out: list[str]) -> int:
    """Check every worst position of the God's-number record; returns the failures."""
    path = tables / "gods.tsv"
    if not path.exists():
        return 0
    failures = 0
    for row in _rows(path):
        n, claim = int(row["n"]), int(row["worst"])
        started = time.monotonic()
        problems = []
        k = int(row["nullity"])
        how = "skipped (nullity above the limit)"
        position = tables / "worst" / f"n{n:02d}.txt"
        lights = read_grid(position) if position.exists() else None
        if lights is None:
            how = "bounds alone (no position)"
            if row["exact"] == "yes":
                problems.append("an exact value without its position")
        elif lights.shape != (n, n):
            problems.append(f"position is {lights.shape}, not {n}x{n}")
        elif k <= limit:
            best, _, nullity = fewest_of(lights)
            how = f"enumerated 2^{nullity}"
            if best != claim:
                problems.append(f"position needs {best} presses, claimed {claim}")
        if int(row["upper_bound"]) < claim:
            problems.append("upper bound below the claim")
        failures += bool(problems)
        status = "FAIL " + "; ".join(problems) if problems else "ok"
        out.append(f"gods n={n} {claim} {how} ({time.monotonic() - started:.1f}s): {status}")
    return failures


def check_square(tables: Path, limit: int, out: list[str]) -> int:
    """Check the sublattice bounds of A² (``square-bounds.tsv``) against the patterns: the
    parts add up, and each part of the n×n pattern (its buttons of one row and column
    parity) weighs at least its bound. On odd n = 2m + 1 the odd-odd part is a solution of
    the plain m×m all-on board (checked by pressing), and its bound, the m×m board's
    fewest, is recounted by enumeration up to nullity `limit`."""
    path = tables / "square-bounds.tsv"
    if not path.exists():
        return 0
    failures = 0
    for row in _rows(path):
        n, claim = int(row["n"]), int(row["bound"])
        parts = [int(p) for p in row["parts"].split()]
        x = read_grid(tables / "a075464" / f"n{n:03d}.txt")
        problems = []
        if sum(parts) != claim:
            problems.append(f"parts add up to {sum(parts)}, not {claim}")
        for (rows, cols), part in zip(((0, 0), (0, 1), (1, 0), (1, 1)), parts, strict=True):
            if int(x[rows::2, cols::2].sum()) < part:
                problems.append(f"the pattern's part {rows}{cols} is lighter than its bound")
        how = "added up"
        if n % 2 == 1 and n > 1:
            m = n // 2
            if not press(x[1::2, 1::2]).all():
                problems.append(f"the odd-odd part does not solve the {m}x{m} all-on board")
            kernel = chase(np.ones((m, m), dtype=np.int64))[2]
            if len(kernel) <= limit:
                best = fewest_of(np.ones((m, m), dtype=np.int64))[0]
                how = f"odd-odd part enumerated 2^{len(kernel)}"
                if best != parts[3]:
                    problems.append(f"the {m}x{m} all-on board needs {best}, bound {parts[3]}")
        failures += bool(problems)
        status = "FAIL " + "; ".join(problems) if problems else "ok"
        out.append(f"A² bound n={n} {claim} {how}: {status}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--enumerate",
        type=int,
        default=ENUMERATE_LIMIT,
        metavar="K",
        help=f"enumerate all solutions up to nullity K (default {ENUMERATE_LIMIT})",
    )
    parser.add_argument("--tables", type=Path, default=TABLES, help="the tables' folder")
    args = parser.parse_args(argv)
    out: list[str] = []
    failures = check_a075464(args.tables, args.enumerate, out)
    failures += check_gods(args.tables, args.enumerate, out)
    failures += check_square(args.tables, args.enumerate, out)
    print("\n".join(out))
    print(f"{len(out)} rows checked, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
