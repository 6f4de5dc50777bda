"""Compiled depth-first search behind the exact worst position of small quiet codes.

A position presses ``t_v`` of the ``m_v`` buttons of each class v; write ``y_v = m_v − 2t_v``
(from −m_v to m_v in steps of 2). Its coset weights are ``W(c) = A − ŷ(c)/2`` with
``ŷ(c) = Σ_v y_v (−1)^{c·v}`` and A the average weight, so a coset whose lightest vector
weighs at least w exists exactly when some y has ``max_c ŷ(c) ≤ T = 2(A − w)``.

The search assigns y to the points of the class space level by level: level j holds the
points whose highest coordinate is j, so after level j every point of the subspace
``V_j`` (coordinates below j + 1) is set. Averaging ŷ over the cosets of ``V_j``'s annihilator
shows that the restriction of y to ``V_j`` must itself keep its transform (over the
``2^(j+1)`` characters of ``V_j``) at most T: with R the multiplicities still to set in
the level, a value ``F(c) − R > T`` there ends the branch. The transform F of the values
set so far is updated in one pass of 2^k per assignment.

The search is resumable: its whole state lives in the arrays passed in, so the caller
runs it in slices of a few million nodes and polls its cancel hook and time limit between.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import IntArray, jit
from lograph.core.kernels.press import character_row

__all__ = ["character_signs", "spectrum_search"]


@jit
def spectrum_search(
    points: tuple[IntArray, IntArray, IntArray, IntArray, IntArray],
    signs: NDArray[np.int32],
    values: IntArray,
    transform: NDArray[np.int32],
    row: NDArray[np.int32],
    cursor: IntArray,
    bound: int,
    work_limit: int,
) -> int:  # pragma: no cover - compiled
    """Continue the search for y with ``max ŷ ≤ bound``; 1 when found (in `values`, one per
    point), 0 when there is none, −1 after about `work_limit` transform updates (a node at
    level j costs 2^(j+1)): call again.

    `points` = (order, m, low, remaining, span): the points with buttons, level by level;
    per position the multiplicity, the smallest y (−m, or m mod 2 where the symmetry fixes
    its sign), the multiplicities after it in its level, and the characters its level
    checks (only those of the transform are kept up to date). `signs[p, c]` =
    ``(−1)^{p·c}`` when the table is that big, else each point's row is built in `row`.
    `transform` and `cursor` ([position, fresh], from ``[0, 1]`` with zeros) carry the state.
    """
    order, m, low, remaining, span = points
    count = order.shape[0]
    pos, fresh, work = cursor[0], cursor[1], 0
    while True:
        if pos == count or pos < 0:
            cursor[0], cursor[1] = pos, 0
            return 1 if pos == count else 0
        point, width = order[pos], span[pos]
        if fresh:
            previous = 1 if pos == 0 else span[pos - 1]
            for c in range(previous, width):  # a new level: its characters repeat the last
                transform[c] = transform[c & (previous - 1)]
            step = value = low[pos]
        else:  # the next value, or undo this position's and go back
            value = values[pos]
            if value >= m[pos]:
                _add(transform, point, -value, width, signs, row)
                pos, fresh = pos - 1, 0
                continue
            step, value = 2, value + 2
        values[pos] = value
        highest = _add(transform, point, step, width, signs, row)
        work += width
        fits = highest - remaining[pos] <= bound
        pos, fresh = (pos + 1, 1) if fits else (pos, 0)
        if work >= work_limit:
            cursor[0], cursor[1] = pos, fresh
            return -1


@jit(inline=True)
def _add(
    transform: NDArray[np.int32],
    point: int,
    delta: int,
    width: int,
    signs: NDArray[np.int32],
    row: NDArray[np.int32],
) -> int:  # pragma: no cover - compiled
    """``transform[c] += delta · (−1)^{point·c}`` for c below `width`, from the table or
    from the point's row built by doubling (bit b of c flips the sign where the point has
    bit b); the largest value after it. One pass adds and takes the maximum (a vector
    reduction), instead of a second pass that stops at the first value over the line."""
    if point >= signs.shape[0]:
        character_row(point, width, 1, row)
    line = row if point >= signs.shape[0] else signs[point]
    highest = transform[0] + delta * line[0]
    for c in range(width):
        value = transform[c] + delta * line[c]
        transform[c] = value
        highest = max(highest, value)
    return int(highest)


@jit
def character_signs(k: int) -> NDArray[np.int32]:  # pragma: no cover - compiled
    """``(−1)^{p·c}`` for every pair of points p, c of GF(2)^k (a 2^k × 2^k table)."""
    size = 1 << k
    signs = np.empty((size, size), dtype=np.int32)
    for p in range(size):
        character_row(p, size, 1, signs[p])
    return signs
