"""Compiled leaves of the fewest-presses search: one Walsh–Hadamard transform per leaf, in
as few passes over memory as possible.

A leaf is every combination ``c = (prefix, b)`` with the high bits fixed. The buttons' signs,
flipped by the parity of ``prefix · (high bits of their class)``, are summed by the low bits
of their class; the transform of that array is ``H(prefix, b)`` for every b.

A leaf of 2^18 values costs about 0.2 ns per solution on one core (0.6 with one stage per
pass, 10 with scalar stages):

- The six smallest stages (``h < 64``), too narrow for vector registers, are done while
  scattering: a button adds its sign times one row of the 64 × 64 Hadamard matrix (the
  transform of a single entry) to its block of 64.
- The buttons are sorted by the low bits of their class, so the scatter fills one group of
  4096 values at a time in a small array that stays in the first-level cache, runs its next
  stages there, and its last three move it into the leaf (`lograph.core.kernels.simd`).
- Every later pass does three stages in vector registers, and the last pass stores nothing:
  it only keeps the maximum. Only a leaf whose maximum reaches the floor (the best so far)
  runs its last stages again to count the maximum and find where it first occurs.
- Values are int16 whenever the board has at most 32,767 buttons (every partial sum of a
  transform is bounded by the number of buttons), twice the lanes of int32.

Leaves below ``2^VECTOR_LOW`` values (tests and tiny searches) take a plain path: scatter,
two-slice stages, last stage fused with the maximum.
"""

from __future__ import annotations

from typing import Any

from lograph.core.kernels.bits import parity
from lograph.core.kernels.jit import jit
from lograph.core.kernels.leaf_layout import GROUP_BITS, SCATTER_BITS
from lograph.core.kernels.press import butterflies
from lograph.core.kernels.simd import (
    REGISTER_BYTES,
    ROW,
    add_row,
    radix_copy8,
    radix_max,
    set_row,
)
from lograph.core.kernels.wht import register_stages

__all__ = ["VECTOR_LOW", "leaf_batch", "leaf_maximum"]

#: Leaves of at least 2^15 values take the vector path (three stages left for the last pass).
VECTOR_LOW = GROUP_BITS + 3
#: Stages of the plain path done inside one block of 2^14 values (first-level cache).
BLOCK_BITS = 14


@jit(inline=True)
def _stages(a: Any, lo: int, hi: int, h: int, stop: int) -> None:  # pragma: no cover
    """The butterfly stages of half-width h, 2h, … below `stop` on ``a[lo:hi]``."""
    while h < stop:
        for base in range(lo, hi, 2 * h):
            butterflies(a[base : base + h], a[base + h : base + 2 * h], h)
        h *= 2


@jit(inline=True)
def _signed_rows(
    slots: Any, highs: Any, negative: Any, prefix: int, width: int, rows: Any
) -> None:  # pragma: no cover
    """Where each button's row starts in the table: its slot's lowest bits, negated when its
    sign (from x₀, flipped by ``parity(prefix · high bits)``) is −1. One loop over all the
    buttons, which the compiler vectorises."""
    for i in range(slots.shape[0]):
        flip = negative[i] ^ parity(highs[i] & prefix)
        rows[i] = ((slots[i] & (width - 1)) + flip * width) * width


@jit(inline=True)
def _scatter_groups(
    blocks: Any, table: Any, rows: Any, spectrum: Any, group: Any
) -> None:  # pragma: no cover
    """The leaf's first `GROUP_BITS` stages: each group of 4096 slots is written block by
    block in `group` (first-level cache): the block's first button's row stored, the
    others' added (a block without buttons gets the table's zeros); the group's next stages
    run there, and its last three move it into the leaf."""
    lanes = REGISTER_BYTES // group.itemsize
    zeros = table.shape[0] - ROW
    span = 1 << GROUP_BITS
    per_group = span // ROW
    h = span >> 3
    for g in range((blocks.shape[0] - 1) // per_group):
        for j in range(per_group):
            first, end = blocks[g * per_group + j], blocks[g * per_group + j + 1]
            place = j * ROW
            if first == end:
                set_row(group, place, table, zeros)
                continue
            set_row(group, place, table, rows[first])
            for i in range(first + 1, end):
                add_row(group, place, table, rows[i])
        register_stages(group, span, ROW, h)
        for i in range(0, h, lanes):
            radix_copy8(group, i, spectrum, g * span + i, h)


@jit(inline=True)
def _vector_leaf(
    arrays: Any, prefix: int, low: int, scratch: Any, floor: int
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """A leaf of at least ``2^VECTOR_LOW`` values: scatter by groups, register stages, and a
    last pass that keeps only the maximum. Measured slower and left out: bounding columns
    before the last stages, as the scalar kernel did (the bounding pass costs more than two
    register passes), and the last six stages column by column through a small buffer
    (64 reads 8 KB apart fall into one set of the first-level cache)."""
    slots, highs, negative, blocks, table = arrays
    spectrum, group, best, rows = scratch
    size = 1 << low
    _signed_rows(slots, highs, negative, prefix, ROW, rows)
    _scatter_groups(blocks, table, rows, spectrum, group)
    last = size >> 3
    register_stages(spectrum, size, 1 << GROUP_BITS, last)
    best[:] = -(1 << (8 * spectrum.itemsize - 1))
    for i in range(0, last, best.shape[0]):
        radix_max(spectrum, i, last, best)
    top = int(best.max())
    if top < floor:
        return floor - 1, 0, -1
    register_stages(spectrum, size, last, size)  # again, stored, to count and place it
    count, where = 0, -1
    for i in range(size):
        if spectrum[i] == top:
            count += 1
            if where < 0:
                where = i
    return top, count, where


@jit(inline=True)
def _plain_leaf(
    arrays: Any, prefix: int, low: int, scratch: Any, floor: int
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """Small leaves: scatter the rows into the leaf, stages over two slices, and the last
    stage fused with finding the maximum."""
    slots, highs, negative, _, table = arrays
    spectrum, _, _, rows = scratch
    size = 1 << low
    width = 1 << max(0, min(SCATTER_BITS, low - 1))
    _signed_rows(slots, highs, negative, prefix, width, rows)
    spectrum[:] = 0
    for i in range(slots.shape[0]):
        row = rows[i]
        start = slots[i] & ~(width - 1)
        for j in range(width):
            spectrum[start + j] += table[row + j]
    if low == 0:
        top = int(spectrum[0])
        return (top, 1, 0) if top >= floor else (floor - 1, 0, -1)
    block = min(1 << BLOCK_BITS, size >> 1)
    if width < block:
        for start in range(0, size, block):
            _stages(spectrum, start, start + block, width, block)
    _stages(spectrum, 0, size, max(block, width), size >> 1)
    return _last_stage_maximum(spectrum, size, floor)


@jit(inline=True)
def _last_stage_maximum(a: Any, size: int, floor: int) -> tuple[int, int, int]:  # pragma: no cover
    """The last stage, keeping only the maximum, then counting it when it reaches `floor`
    (else ``(floor − 1, 0, −1)``)."""
    last = size >> 1
    first, second = a[:last], a[last:]
    best = -(1 << 40)
    for i in range(last):
        x = first[i]
        y = second[i]
        best = max(best, x + y)
        best = max(best, x - y)
    if best < floor:
        return floor - 1, 0, -1
    count, where = 0, size  # the smallest b that reaches the maximum
    for i in range(last):
        x = first[i]
        y = second[i]
        if x + y == best:
            count += 1
            where = min(where, i)
        if x - y == best:
            count += 1
            where = min(where, i + last)
    return int(best), count, where


@jit
def leaf_maximum(
    arrays: Any, prefix: int, low: int, scratch: Any, floor: int
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """The largest ``H(prefix, b)`` over the ``2^low`` values of b, how many b reach it and
    the smallest such b, when it reaches `floor`; else ``(floor − 1, 0, −1)``.

    `arrays` is a `LeafLayout`'s `arrays()`, `scratch` its `scratch()` (overwritten)."""
    if low >= VECTOR_LOW:
        return _vector_leaf(arrays, prefix, low, scratch, floor)
    return _plain_leaf(arrays, prefix, low, scratch, floor)


@jit
def leaf_batch(
    arrays: Any, prefixes: Any, low: int, scratch: Any, floor: int, out: Any
) -> None:  # pragma: no cover - compiled
    """`leaf_maximum` of every prefix in turn, one call for many leaves: ``out[j]`` gets
    (maximum, count, smallest b) of ``prefixes[j]``. The floor rises to the best maximum seen, so
    only leaves that can tie or beat it are counted."""
    for j in range(prefixes.shape[0]):
        found = leaf_maximum(arrays, prefixes[j], low, scratch, floor)
        out[j, 0], out[j, 1], out[j, 2] = found
        if found[2] >= 0:
            floor = max(floor, found[0])
