"""Compiled depth-first search behind the exact worst position of small quiet codes.

A position presses ``t_v`` of the ``m_v`` buttons of each class v; write ``y_v = m_v − 2t_v``
(from −m_v to m_v in steps of 2). Its coset weights are ``W(c) = A − ŷ(c)/2`` with
``ŷ(c) = Σ_v y_v (−1)^{c·v}`` and A the average weight, so a coset whose lightest vector
weighs at least w exists exactly when some y has ``max_c ŷ(c) ≤ T = 2(A − w)``.

The search assigns y to the points of the class space in increasing order. Averaging ŷ over
the cosets of a subspace's annihilator shows that the restriction of y to *any* subspace U
must itself keep its transform (over U's characters) at most T; so, with R_U the
multiplicities of U's points still to set, a transform value above ``T + R_U`` ends the
branch. Two families of subspaces are checked:

- the levels: level j holds the points whose highest coordinate is j, and ``V_{j+1}`` (the
  coordinates below j + 1) is complete when level j is. Its transform F, over ``2^(j+1)``
  characters, is updated in one pass per assignment.
- the *prefix subspaces* of the current point p, whose set coordinates are
  b₁ > b₂ > … > b_r: ``S(t, b) = ⟨e_{b₁}, …, e_{b_t}⟩ ⊕ V_b`` for ``b_{t+1} < b < b_t``.
  Every point of S(t, b) below p in the order is set, and the later ones are the points
  that share p's top t coordinates with the rest below b: few, so S(t, b) is complete long
  before its level. Each S(t, b) keeps its own transform (``2^(b+t)`` values, p's top
  coordinates laid out above the low b); when the current point's top t coordinates change,
  the family of depth t is recomputed from the smallest family holding it (the average of a
  transform over the characters that agree on the smaller subspace, halving it one
  coordinate at a time). A node costs up to a few times F's pass.

On the all-on 9×9 board the prefix subspaces cut the refutation of 38 presses from 14.5
million nodes to 90 thousand, and 16×16's 125 (not refuted in 25 minutes before) falls
after 1.1 million; on sparse class spaces (30×30: 740 classes in 2^20 points) they prune
little and are off (`lograph.core.optimize.worst._gf2_spectrum.PREFIX_CHECK_NULLITY`).

The search is resumable: its whole state lives in the arrays passed in, so the caller
runs it in slices of a few million nodes and polls its cancel hook and time limit between.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import IntArray, jit
from lograph.core.kernels.press import character_row

__all__ = ["character_signs", "spectrum_search"]

Points = tuple[IntArray, IntArray, IntArray, IntArray, IntArray, IntArray]
Transforms = tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]]


@jit
def spectrum_search(
    points: Points,
    signs: NDArray[np.int32],
    values: IntArray,
    transforms: Transforms,
    cursor: IntArray,
    bound: int,
    work_limit: int,
) -> int:  # pragma: no cover - compiled
    """Continue the search for y with ``max ŷ ≤ bound``; 1 when found (in `values`, one per
    point), 0 when there is none, −1 after about `work_limit` transform updates (a node at
    level j counts 2^(j+1)): call again.

    `points` = (order, m, low, remaining, span, inside): the points with buttons in
    increasing order; per position the multiplicity, the smallest y (−m, or m mod 2 where
    the symmetry fixes its sign), the multiplicities after it in its level, the characters
    its level checks, and ``inside[pos, t, b]``, those after it in S(t, b). `signs[p, c]` =
    ``(−1)^{p·c}`` when the table is that big, else rows are built. `transforms` = (F, the
    prefix families: depth t at ``t · 2^(k+1)``, S(t, b) at ``2^(b+t)`` within, or one value
    when the checks are off; two scratch rows of 2^k). They and `cursor` ([position, fresh,
    the top coordinates each family was computed for], from ``[0, 1, −1, …]``) carry state.
    """
    order, m, low, remaining, span, inside = points
    transform, families, row, scratch = transforms
    checks, count = families.shape[0] > 1, order.shape[0]
    top = np.full(64, -1, dtype=np.int64)  # the current point's set coordinates, descending
    stride = 2 * transform.shape[0]  # room for one depth's prefix family
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
        if checks:
            _refresh(point, transform, families, cursor[2:], top, scratch)
        if fresh:
            step = value = low[pos]
        else:  # the next value, or undo this position's and go back
            value = values[pos]
            if value >= m[pos]:
                _add(transform, point, -value, width, signs, row)
                _add_prefixes(families, stride, point, -value, top, inside[pos], signs, row)
                pos, fresh = pos - 1, 0
                continue
            step, value = 2, value + 2
        values[pos] = value
        highest = _add(transform, point, step, width, signs, row)
        # updated even when F already fails, so that the next value finds them current
        slack = _add_prefixes(families, stride, point, step, top, inside[pos], signs, row)
        work += width
        fits = max(highest - remaining[pos], slack) <= bound
        pos, fresh = (pos + 1, 1) if fits else (pos, 0)
        if work >= work_limit:
            cursor[0], cursor[1] = pos, fresh
            return -1


@jit
def _refresh(
    point: int,
    transform: NDArray[np.int32],
    families: NDArray[np.int32],
    computed_for: IntArray,
    top: IntArray,
    scratch: NDArray[np.int32],
) -> int:  # pragma: no cover - compiled
    """Make the prefix families of `point` current and return its number of coordinates r
    (listed in `top`, descending, then −1): a family whose top coordinates differ from the
    ones it was computed for is recomputed from its parent, shallower first; deeper ones are
    forgotten (a point above them has changed)."""
    depth, rest = 0, point
    while rest:
        top[depth] = _highest_bit(rest)
        rest ^= 1 << top[depth]
        depth += 1
    top[depth] = -1
    prefix = 0
    for t in range(1, depth + 1):
        prefix |= 1 << top[t - 1]
        if computed_for[t] != prefix:
            computed_for[t] = prefix
            computed_for[t + 1 :] = -1
            _family_from_parent(t, top, transform, families, scratch)
    computed_for[depth + 1 :] = -1
    return depth


@jit
def _highest_bit(value: int) -> int:  # pragma: no cover - compiled
    """The position of `value`'s highest set bit (value > 0)."""
    bit = 0
    while value >> (bit + 1):
        bit += 1
    return bit


@jit
def _family_from_parent(
    t: int,
    top: IntArray,
    transform: NDArray[np.int32],
    families: NDArray[np.int32],
    scratch: NDArray[np.int32],
) -> None:  # pragma: no cover - compiled
    """Recompute S(t, b) for every b below ``b_t``, not only those above the current
    point's ``b_{t+1}``: the later points of the same top coordinates use larger b, and a
    search that comes back into their range from its end (where the family was recomputed)
    meets the earlier ones again. The smallest family holding them is S(t', b_{t'+1} + 1),
    t' the start of the run of consecutive coordinates ending at b_t (F when the run reaches
    b₁); in its layout the low b_t coordinates come first and the t top ones above, as in
    S(t, b)'s, so each S(t, b) is its parent averaged over coordinates b … b_t − 1."""
    high = top[t - 1]
    parent = t - 1
    while parent >= 1 and top[parent - 1] == top[parent] + 1:
        parent -= 1
    width = 1 << (high + t)
    stride = 2 * transform.shape[0]
    start = 0 if parent == 0 else parent * stride + (1 << (top[parent] + 1 + parent))
    source = transform if parent == 0 else families
    for c in range(width):
        scratch[c] = source[start + c]
    blocks, size = 1 << t, 1 << high
    for b in range(high - 1, -1, -1):
        half = size >> 1
        for block in range(blocks):  # in place: block i's result lands before its source
            for c in range(half):
                scratch[block * half + c] = (
                    scratch[block * size + c] + scratch[block * size + c + half]
                ) // 2
        size = half
        base = t * stride + (1 << (b + t))
        for c in range(blocks * size):
            families[base + c] = scratch[c]


@jit
def _add_prefixes(
    families: NDArray[np.int32],
    stride: int,
    point: int,
    delta: int,
    top: IntArray,
    inside: IntArray,
    signs: NDArray[np.int32],
    row: NDArray[np.int32],
) -> int:  # pragma: no cover - compiled
    """Add ``delta`` at `point` to every prefix subspace S(t, b) holding it (b above its
    next coordinate ``top[t]``), where its coordinates are its low b and t ones above;
    the largest ``max − inside[t, b]`` (a very low number when there is none)."""
    worst = -(1 << 30)
    t = 1
    while top[t - 1] >= 0:  # top ends with −1 (and is all −1 when the checks are off)
        for b in range(top[t] + 1, top[t - 1]):
            width = 1 << (b + t)
            coordinates = (point & ((1 << b) - 1)) + (((1 << t) - 1) << b)
            base = t * stride + width
            highest = _add(families[base : base + width], coordinates, delta, width, signs, row)
            worst = max(worst, highest - inside[t, b])
        t += 1
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
