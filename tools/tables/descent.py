"""A better all-on pattern (an upper bound on A075464) from the sublattices: fix one
sublattice's part of the solution, search the rest exactly, and descend.

Every all-on solution is ``x₀ ⊕ c·Q`` (Q the quiet basis). For each of the four
sublattices s (row and column parity) this script takes the lightest solution y of s's own
board (`square_bound.sublattice_board`, by lograph's `solve_fewest`), finds the solutions
whose part on s is y (a linear system in c over GF(2)), and among them the lightest: the
quiet patterns that vanish on s form a smaller space (on 119×119, 22–24 of the 46
dimensions), searched exactly by lograph's own front door `fewest_presses` (given that
space as the board's analysis: one Walsh–Hadamard transform). The lightest of the four is
then improved the same way, each sublattice's current part fixed in turn, until no step is
lighter. The result is written as the row's pattern (``docs/tables/a075464/nNNN.txt``) and
row of ``docs/tables/a075464.tsv`` when it is lighter than the one there, with method
"sublattice descent" (the row keeps the search's lower bound).

    nice -n 19 .venv/bin/python tools/tables/descent.py 119
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import EXACT_NULLITY_LIMIT, fewest_presses, solve_fewest
from lograph.core.solve import prepare, solve
from lograph.core.work import Work

HERE = Path(__file__).resolve().parent


def _load(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(f"tables_{name}", HERE / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


square_bound = _load("square_bound")
a075464 = _load("a075464")

SUBLATTICES = ((0, 0), (0, 1), (1, 0), (1, 1))


def _eliminate(m: NDArray[np.uint8], columns: int) -> tuple[NDArray[np.uint8], list[int]]:
    """Gauss-Jordan over GF(2) on the first `columns` columns of m (a copy), and pivots."""
    a = m.copy()
    row, pivots = 0, []
    for col in range(columns):
        hits = np.flatnonzero(a[row:, col])
        if len(hits) == 0:
            continue
        r = row + int(hits[0])
        a[[row, r]] = a[[r, row]]
        others = a[:, col].astype(bool)
        others[row] = False
        a[others] ^= a[row]
        pivots.append(col)
        row += 1
        if row == len(a):
            break
    return a, pivots


def combination_for(quiet_part: NDArray[np.uint8], change: NDArray[np.uint8]) -> NDArray | None:
    """c with ``c · quiet_part = change`` over GF(2) (quiet_part k × m), or None."""
    k = quiet_part.shape[0]
    a, pivots = _eliminate(np.concatenate([quiet_part.T, change[:, None]], axis=1), k)
    if a[len(pivots) :, k].any():
        return None
    c = np.zeros(k, dtype=np.uint8)
    for i, col in enumerate(pivots):
        c[col] = a[i, k]
    return c


def vanishing(quiet_part: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """A basis of the c with ``c · quiet_part = 0`` over GF(2)."""
    k, m = quiet_part.shape
    a, pivots = _eliminate(np.concatenate([quiet_part, np.eye(k, dtype=np.uint8)], axis=1), m)
    return a[len(pivots) :, m:]


def lightest_keeping(
    quiet: NDArray[np.uint8], start: NDArray[np.uint8], fixed: NDArray[np.uint8]
) -> NDArray[np.uint8] | None:
    """The lightest solution agreeing with `start` on the buttons `fixed` (exact), or None
    when the quiet patterns vanishing there are too many for one transform."""
    keep = vanishing(quiet[:, fixed])
    rest = ((keep.astype(np.int64) @ quiet.astype(np.int64)) % 2).astype(np.uint8)
    if len(rest) > EXACT_NULLITY_LIMIT:
        return None
    n = quiet.shape[1]
    empty = np.zeros((0, n), dtype=np.uint8)
    analysis = Analysis(n, 2, n - len(rest), rest, empty, "sublattice")
    found = fewest_presses(analysis, start, work=Work())
    assert found.exact
    return np.asarray(found.presses, dtype=np.uint8)


def descend(n: int) -> tuple[NDArray[np.uint8], list[str]]:
    board = rectangle(n, n)
    solver = prepare(board)
    x0 = np.asarray(solve(board, goal="on", solver=solver).presses, dtype=np.uint8)
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(-1, n * n)
    cells = np.arange(n * n).reshape(n, n)
    log, best = [], None
    for rows, cols in SUBLATTICES:
        sub, target = square_bound.sublattice_board(n, rows, cols)
        y = np.asarray(solve_fewest(sub, goal=target).presses, dtype=np.uint8)
        fixed = cells[rows::2, cols::2].ravel()
        c = combination_for(quiet[:, fixed], x0[fixed] ^ y)
        if c is None:
            log.append(f"{rows}{cols}: its lightest part is no solution's part")
            continue
        start = x0 ^ ((c.astype(np.int64) @ quiet.astype(np.int64)) % 2).astype(np.uint8)
        found = lightest_keeping(quiet, start, fixed)
        if found is None:
            log.append(f"{rows}{cols}: the rest is past one transform")
            continue
        log.append(f"{rows}{cols} fixed at {int(y.sum())}: {int(found.sum())}")
        if best is None or found.sum() < best.sum():
            best = found
    if best is None:
        raise SystemExit(f"n={n}: no sublattice's rest fits one transform")
    improved = True
    while improved:
        improved = False
        for rows, cols in SUBLATTICES:
            found = lightest_keeping(quiet, best, cells[rows::2, cols::2].ravel())
            if found is not None and found.sum() < best.sum():
                best, improved = found, True
                log.append(f"descent on {rows}{cols}: {int(best.sum())}")
    return best, log


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="+")
    args = parser.parse_args(argv)
    rows = a075464.read_record()
    for n in args.n:
        started = time.monotonic()
        best, log = descend(n)
        seconds = time.monotonic() - started
        print(f"n={n}: " + "; ".join(log) + f" ({seconds:.1f} s)", flush=True)
        row = rows[n]
        if int(best.sum()) >= int(row["presses"]):
            print(f"n={n}: no lighter than the recorded {row['presses']}")
            continue
        row.update(presses=str(int(best.sum())), method="sublattice descent")
        row.update(optimal_solutions="", seconds=f"{seconds:.1f}", time_limit="0")
        header = {"n": n, "goal": "on", **{k: row[k] for k in a075464.FIELDS[2:7]}}
        text = a075464.pattern_text(n, best, header)
        (a075464.PATTERNS / f"n{n:03d}.txt").write_text(text)
        a075464.write_record(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
