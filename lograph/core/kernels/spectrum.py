"""Compiled depth-first search behind the exact worst position of small quiet codes.

A position presses ``t_v`` of the ``m_v`` buttons of each class v; write ``y_v = m_v − 2t_v``
(from −m_v to m_v in steps of 2). Its coset weights are ``W(c) = A − ŷ(c)/2`` with
``ŷ(c) = Σ_v y_v (−1)^{c·v}`` and A the average weight, so a coset whose lightest vector
weighs at least w exists exactly when some y has ``max_c ŷ(c) ≤ T = 2(A − w)``.

The search assigns y to the points of the class space in increasing order, level by level:
level j holds the points whose highest coordinate is j, so after level j every point of
the subspace ``V_j`` (coordinates below j + 1) is set. Averaging ŷ over the cosets of a
subspace's annihilator shows that the restriction of y to *any* subspace U must itself
keep its transform (over U's characters) at most T. Two families of subspaces are checked:

- ``V_{j+1}`` itself, with R the multiplicities still to set in the level: a value
  ``F(c) − R > T`` ends the branch (F the transform of the values set so far, updated in
  one pass of ``2^(j+1)`` per assignment);
- inside level j, ``U_i = V_i ⊕ ⟨e_j⟩`` for i < j, whose level-j points (coordinates below
  ``2^i`` under the top bit) come first in the order, so U_i is complete long before the
  level is: its own transform G_i, less the multiplicities of its points still to set,
  must stay at most T. A point updates the G_i of the subspaces it lies in (at most
  ``2^(j+1)`` more values), and each G_i starts a level as the transform of y on V_i
  (averages of F). On the all-on 9×9 board this cuts the refutation of 38 presses from 14.5
  million nodes to 111 thousand; on boards of nullity 16–20 it prunes little and is off.

The search is resumable: its whole state lives in the arrays passed in, so the caller
runs it in slices of a few million nodes and polls its cancel hook and time limit between.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import IntArray, jit
from lograph.core.kernels.press import character_row

__all__ = ["character_signs", "spectrum_search"]

Points = tuple[IntArray, IntArray, IntArray, IntArray, IntArray, IntArray, IntArray]


@jit
def spectrum_search(
    points: Points,
    signs: NDArray[np.int32],
    values: IntArray,
    transforms: tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]],
    cursor: IntArray,
    bound: int,
    work_limit: int,
) -> int:  # pragma: no cover - compiled
    """Continue the search for y with ``max ŷ ≤ bound``; 1 when found (in `values`, one per
    point), 0 when there is none, −1 after about `work_limit` transform updates (a node at
    level j costs 2^(j+1), not counting the inner checks', at most as many): call again.

    `points` = (order, m, low, remaining, span, inner, inner_remaining): the points with
    buttons, in increasing order; per position the multiplicity, the smallest y (−m, or
    m mod 2 where the symmetry fixes its sign), the multiplicities after it in its level,
    the characters its level checks (only those of the transform are kept up to date), the
    first inner subspace U_i holding it (j when none does or the checks are off), and per i
    the multiplicities
    after it in U_i. `signs[p, c]` = ``(−1)^{p·c}`` when the table is that big, else each
    point's row is built in a scratch row. `transforms` = (F, the G_i of every level side
    by side (one value when the checks are off), the scratch row); they and `cursor`
    ([position, fresh], from ``[0, 1]`` with zeros) carry the state.
    """
    order, m, low, remaining, span, inner, inner_remaining = points
    transform, partial, row = transforms
    count = order.shape[0]
    pos, fresh, work = cursor[0], cursor[1], 0
    while True:
        if pos == count or pos < 0:
            cursor[0], cursor[1] = pos, 0
            return 1 if pos == count else 0
        point, width, rest = order[pos], span[pos], inner_remaining[pos]
        if fresh:
            previous = 1 if pos == 0 else span[pos - 1]
            for c in range(previous, width):  # a new level: its characters repeat the last
                transform[c] = transform[c & (previous - 1)]
            if previous != width and partial.shape[0] > 1:
                _start_level(transform, partial, row, width)
            step = value = low[pos]
        else:  # the next value, or undo this position's and go back
            value = values[pos]
            if value >= m[pos]:
                _add(transform, point, -value, width, signs, row)
                _add_inner(partial, point, inner[pos], -value, width, signs, row, rest)
                pos, fresh = pos - 1, 0
                continue
            step, value = 2, value + 2
        values[pos] = value
        highest = _add(transform, point, step, width, signs, row)
        slack = _add_inner(partial, point, inner[pos], step, width, signs, row, rest)
        work += width
        fits = max(highest - remaining[pos], slack) <= bound
        pos, fresh = (pos + 1, 1) if fits else (pos, 0)
        if work >= work_limit:
            cursor[0], cursor[1] = pos, fresh
            return -1


@jit(inline=True)
def _start_level(
    transform: NDArray[np.int32], partial: NDArray[np.int32], row: NDArray[np.int32], width: int
) -> None:  # pragma: no cover - compiled
    """Start level j (``width = 2^(j+1)``): each G_i is the transform of y on V_i, the same
    for both signs of e_j, and the transform over V_i is the average of F over the characters
    that agree below bit i (halving F's first half, one bit at a time)."""
    half = width >> 1
    for c in range(half):
        row[c] = transform[c]
    size = half
    while size > 1:
        size >>= 1
        for c in range(size):
            row[c] = (row[c] + row[c + size]) // 2
        block = width - 2 + 2 * size - 2  # G_i for 2^i = size
        for c in range(size):
            partial[block + c] = row[c]
            partial[block + size + c] = row[c]


@jit(inline=True)
def _add_inner(
    partial: NDArray[np.int32],
    point: int,
    first: int,
    delta: int,
    width: int,
    signs: NDArray[np.int32],
    row: NDArray[np.int32],
    remaining: IntArray,
) -> int:  # pragma: no cover - compiled
    """Add ``delta`` at `point` (of the level of ``width = 2^(j+1)``) to G_i for every inner
    subspace U_i holding it (i from `first` to j − 1, where it has coordinates ``q + 2^i``,
    q its coordinates under the top bit); the largest ``max G_i − remaining[i]``. Called
    even when F already fails, so that the next value finds every G_i up to date."""
    q = point - (width >> 1)
    worst = -(1 << 30)
    i, size = first, 1 << first
    while 2 * size < width:
        block = width - 2 + 2 * size - 2
        highest = _add(partial[block : block + 2 * size], q + size, delta, 2 * size, signs, row)
        worst = max(worst, highest - remaining[i])
        i, size = i + 1, 2 * size
    return worst


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
