"""The Smith normal form over Z_q (q = p^e ≤ 255), compiled by numba: the loops behind
`lograph.core.algebra.zk_smith` (which explains the method).

Entries are int32 and reduced lazily, as in `lograph.core.algebra.gfp`: a row or column
update adds ``g · a`` with ``0 ≤ g, a < q``, at most (q-1)² per pivot, so int32 holds
`slack` pivots' updates before everything must be reduced mod q. Values are read mod q where
their exact residue matters (pivot search, factors). The work is split into calls of at
most `max_pivots` pivots so the caller can poll for cancellation between them.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import jit

__all__ = ["smith_steps"]

I32 = NDArray[np.int32]
I64 = NDArray[np.int64]

#: ``state`` slots: the next pivot, the valuation level, the first column not yet known to
#: hold no entry of that valuation, p^level, and updates since the last full reduction.
T, LEVEL, SCAN, POWER, PENDING = 0, 1, 2, 3, 4


@jit
def _reduce_all(a: I32, q: int) -> None:  # pragma: no cover - compiled
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] %= q


@jit
def _find(work: I32, t: int, start: int, step: int, q: int) -> tuple[int, int]:  # pragma: no cover
    """Row and column of the first entry in rows ``t:``, columns ``start:`` that is not a
    multiple of `step`, scanning column by column; (-1, -1) when there is none."""
    m, n = work.shape
    for j in range(start, n):
        for i in range(t, m):
            if (work[i, j] % q) % step != 0:
                return i, j
    return -1, -1


@jit
def _inverse(unit: int, q: int) -> int:  # pragma: no cover - compiled
    for x in range(1, q):
        if (unit * x) % q == 1:
            return x
    return 1


@jit
def _swap_rows(a: I32, i: int, j: int) -> None:  # pragma: no cover - compiled
    if i != j:
        for c in range(a.shape[1]):
            a[i, c], a[j, c] = a[j, c], a[i, c]


@jit
def _swap_cols(a: I32, i: int, j: int) -> None:  # pragma: no cover - compiled
    if i != j:
        for r in range(a.shape[0]):
            a[r, i], a[r, j] = a[r, j], a[r, i]


@jit
def _span(row: I32) -> tuple[int, int]:  # pragma: no cover - compiled
    """First and one-past-last index of the non-zero entries of a reduced row."""
    lo, hi = row.shape[0], 0
    for c in range(row.shape[0]):
        if row[c] != 0:
            if c < lo:
                lo = c
            hi = c + 1
    return lo, hi


@jit
def _clear_column(work: I32, left: I32, t: int, power: int, q: int) -> None:  # pragma: no cover
    """Rows below t: ``row_i += (q - f_i) · row_t`` with ``f_i = work[i, t] / power``."""
    m = work.shape[0]
    wlo, whi = _span(work[t])
    llo, lhi = _span(left[t])
    for i in range(t + 1, m):
        f = (work[i, t] % q) // power
        if f == 0:
            work[i, t] = 0
            continue
        g = q - f
        for c in range(wlo, whi):
            work[i, c] += g * work[t, c]
        for c in range(llo, lhi):
            left[i, c] += g * left[t, c]
        work[i, t] = 0


@jit
def _clear_row(work: I32, right: I32, t: int, power: int, q: int) -> None:  # pragma: no cover
    """Columns after t: ``col_j += (q - c_j) · col_t`` on V (the working matrix's column t
    is clear, so there only row t changes, and it becomes 0)."""
    n = work.shape[1]
    factors = np.zeros(n, dtype=np.int32)
    any_factor = False
    for j in range(t + 1, n):
        c = (work[t, j] % q) // power
        if c:
            factors[j] = q - c
            any_factor = True
        work[t, j] = 0
    if not any_factor:
        return
    for r in range(right.shape[0]):
        v = right[r, t] % q
        if v == 0:
            continue
        right[r, t] = v
        for j in range(t + 1, n):
            right[r, j] += factors[j] * v


@jit
def smith_steps(
    work: I32, left: I32, right: I32, p: int, e: int, q: int, state: I64, vals: I64, budget: int
) -> bool:  # pragma: no cover - compiled
    """Run at most `budget` pivots of the Smith form (``U M V = D``) in place: `work` holds
    U M V as it goes, `left` U and `right` V; `vals[t]` receives pivot t's valuation.
    Returns True when the form is complete (then `state[T]` pivots were found and `left`,
    `right` are reduced mod q)."""
    m, n = work.shape
    slack = (2147483647 - q) // ((q - 1) * (q - 1)) - 1
    t, level, scan = state[T], state[LEVEL], state[SCAN]
    power, pending = state[POWER], state[PENDING]
    done = False
    while budget > 0:
        if t >= min(m, n) or level >= e:
            done = True
            break
        i, j = _find(work, t, max(scan, t), power * p, q)
        if i < 0:  # no entry of this valuation left: one level up
            level += 1
            power *= p
            scan = t
            continue
        if pending >= slack:
            _reduce_all(work, q)
            _reduce_all(left, q)
            _reduce_all(right, q)
            pending = 0
        _swap_rows(work, t, i)
        _swap_rows(left, t, i)
        _swap_cols(work, t, j)
        _swap_cols(right, t, j)
        scan = j + 1  # columns t+1..j hold no entry of this valuation
        inverse = _inverse((work[t, t] % q) // power, q)
        for c in range(n):
            work[t, c] = (work[t, c] % q) * inverse % q
        for c in range(m):
            left[t, c] = (left[t, c] % q) * inverse % q
        _clear_column(work, left, t, power, q)
        _clear_row(work, right, t, power, q)
        pending += 1
        vals[t] = level
        t += 1
        budget -= 1
    state[T], state[LEVEL], state[SCAN] = t, level, scan
    state[POWER], state[PENDING] = power, pending
    if done:
        _reduce_all(left, q)
        _reduce_all(right, q)
    return done
