"""Compiled leaves of the fewest-presses search: one Walsh–Hadamard transform per leaf, in
vector-friendly passes.

A leaf is every combination ``c = (prefix, b)`` with the high bits fixed. The buttons' signs,
flipped by the parity of ``prefix · (high bits of their class)``, are summed by the low bits
of their class; the transform of that array is ``H(prefix, b)`` for every b.

Three choices make a leaf cost about 0.6 ns per solution instead of 10:

- The smallest butterfly stages (``h < 64``) cannot use vector registers, so they are done
  while scattering: a button adds its sign times one row of the 64×64 Hadamard matrix (the
  transform of a single entry) to its block of 64, which is one vector-friendly loop.
- Every other stage runs as a loop over two separate slices, ``u[i], v[i] = u[i] + v[i],
  u[i] − v[i]``, which the compiler turns into 16-wide vector instructions; written as one
  array with offsets ``a[i], a[i + h]`` it stays scalar (the compiler cannot rule out that
  the two overlap), and so do radix-4 loops over four slices (too many overlaps to check).
- Values are int16 whenever the board has at most 32,767 buttons (every partial sum of a
  transform is bounded by the number of buttons), twice the lanes of int32.

The stages below ``2^BLOCK_BITS`` run block by block, in the first-level cache; the last
stage only keeps the maximum, and counts how often it occurs only when it can matter.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.bits import parity
from lograph.core.kernels.jit import jit
from lograph.core.kernels.press import butterflies, transform_small

__all__ = [
    "BLOCK_BITS",
    "SCATTER_BITS",
    "TAIL_BITS",
    "column_scratch",
    "leaf_batch",
    "leaf_maximum",
    "scatter_table",
    "wide",
]

#: Stages done inside one block of 2^14 int16 (32 KB) before the array-wide stages.
BLOCK_BITS = 14
#: Stages done by the scatter: each button adds a row of the 2^6 × 2^6 Hadamard matrix.
SCATTER_BITS = 6
#: The last stages, done column by column where a column's bound reaches the floor …
TAIL_BITS = 5
#: … when at most one column in this many does (else they run vectorised).
FEW_COLUMNS = 16
#: Most buttons whose transforms fit int16.
INT16_BUTTONS = 32_767


def wide(buttons: int) -> type[np.signedinteger[Any]]:
    """The value type of a leaf's transform for a board of this many buttons."""
    return np.int16 if buttons <= INT16_BUTTONS else np.int32


def scatter_table(low: int, dtype: Any) -> NDArray[Any]:
    """The Hadamard matrix of the stages the scatter does for leaves of 2^low: all but the
    last (which `leaf_batch` fuses with finding the maximum), at most `SCATTER_BITS`."""
    bits = max(0, min(SCATTER_BITS, low - 1))
    table = np.ones((1, 1), dtype=dtype)
    for _ in range(bits):
        table = np.block([[table, table], [table, -table]])
    return table


def column_scratch(low: int, dtype: Any) -> NDArray[Any]:
    """The `columns` scratch array `leaf_maximum` needs for leaves of 2^low."""
    return np.zeros((1 << max(0, low - TAIL_BITS)) + (1 << TAIL_BITS), dtype=dtype)


@jit(inline=True)
def _stages(a: Any, lo: int, hi: int, h: int, stop: int) -> None:  # pragma: no cover
    """The butterfly stages of half-width h, 2h, … below `stop` on ``a[lo:hi]``."""
    while h < stop:
        for base in range(lo, hi, 2 * h):
            butterflies(a[base : base + h], a[base + h : base + 2 * h], h)
        h *= 2


@jit(inline=True)
def _add_row(block: Any, row: Any, sign: int, width: int) -> None:  # pragma: no cover
    for j in range(width):
        block[j] += sign * row[j]


@jit(inline=True)
def _scatter(
    keys: Any, signs: Any, prefix: int, low: int, spectrum: Any, table: Any
) -> None:  # pragma: no cover - compiled
    """Each button's sign, flipped by ``parity(prefix · high bits)``, times the table row of
    its class's lowest bits, added to the block of its class's other low bits."""
    size = 1 << low
    mask = size - 1
    width = table.shape[0]
    for i in range(size):
        spectrum[i] = 0
    for i in range(keys.shape[0]):
        key = keys[i]
        sign = signs[i]
        if parity((key >> low) & prefix):
            sign = -sign
        slot = key & mask
        start = slot & ~(width - 1)
        _add_row(spectrum[start : start + width], table[slot & (width - 1)], sign, width)


@jit(inline=True)
def _bound(keys: Any, signs: Any, prefix: int, low: int) -> int:  # pragma: no cover
    """``Σ_u |d_u|`` over the leaf's low classes u: no b does better. Only worth its cost
    when there are fewer low classes than buttons."""
    size = 1 << low
    d = np.zeros(size, dtype=np.int64)
    for i in range(keys.shape[0]):
        key = keys[i]
        sign = signs[i]
        if parity((key >> low) & prefix):
            sign = -sign
        d[key & (size - 1)] += sign
    total = 0
    for i in range(size):
        total += abs(d[i])
    return total


@jit(inline=True)
def _transform_until(a: Any, size: int, width: int, stop: int) -> None:  # pragma: no cover
    """The butterfly stages of half-width `width` … below `stop`: the small ones block by
    block in the first-level cache, the rest over the whole array (grouping those by strips
    of columns, measured, gained nothing: a leaf of 2^18 int16 fits the second-level cache)."""
    block = min(1 << BLOCK_BITS, stop)
    if width < block:
        for start in range(0, size, block):
            _stages(a, start, start + block, width, block)
    _stages(a, 0, size, max(block, width), stop)


@jit(inline=True)
def _open_columns(
    a: Any, size: int, stride: int, columns: Any, floor: int
) -> int:  # pragma: no cover - compiled
    """``columns[c] = Σ_j |a[c + j·stride]|``, a bound on every value the remaining stages
    make of column c; how many columns reach `floor` (only those can hold a maximum that
    matters)."""
    for c in range(stride):
        columns[c] = abs(a[c])
    for start in range(stride, size, stride):
        row = a[start : start + stride]
        for c in range(stride):
            columns[c] += abs(row[c])
    found = 0
    for c in range(stride):
        found += columns[c] >= floor
    return found


@jit(inline=True)
def _column_maximum(
    a: Any, size: int, stride: int, columns: Any, floor: int
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """The last stages column by column, only where the column's bound reaches `floor`: the
    maximum there, how often it occurs and where first (``(floor − 1, 0, −1)`` when no value
    reaches the floor)."""
    span = size // stride
    small = columns[stride : stride + span]
    best, count, where = floor - 1, 0, -1
    for c in range(stride):
        if columns[c] < floor:
            continue
        for j in range(span):
            small[j] = a[c + j * stride]
        transform_small(small, span)
        for j in range(span):
            value = small[j]
            spot = c + j * stride
            if value > best:
                best, count, where = value, 1, spot
            elif value == best and value >= floor:
                count += 1
                where = min(where, spot)
    return int(best), count, where


@jit(inline=True)
def _last_stage_maximum(a: Any, size: int, floor: int) -> tuple[int, int, int]:  # pragma: no cover
    """The last stage, keeping only the maximum (vectorised), then counting it when it
    reaches `floor` (else ``(floor − 1, 0, −1)``)."""
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
    keys: Any,
    signs: Any,
    prefix: int,
    low: int,
    spectrum: Any,
    table: Any,
    floor: int,
    columns: Any,
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """The largest ``H(prefix, b)`` over the ``2^low`` values of b, how many b reach it and
    the smallest such b, when it reaches `floor`; else ``(floor − 1, 0, −1)``.

    `spectrum` is scratch space of ``2^low`` values, `columns` of ``2^(low − TAIL_BITS) +
    2^TAIL_BITS`` (both overwritten), `table` the `scatter_table` for `low`. Two bounds skip
    work that cannot reach the floor: the leaf's ``Σ_u |d_u|`` (checked only when there are
    fewer low classes than buttons), and, before the last `TAIL_BITS` stages, each column's
    ``Σ |values|``; when most columns pass that bound the last stages run vectorised.
    """
    size = 1 << low
    if size <= keys.shape[0] and _bound(keys, signs, prefix, low) < floor:
        return floor - 1, 0, -1
    _scatter(keys, signs, prefix, low, spectrum, table)
    if low == 0:
        top = int(spectrum[0])
        return (top, 1, 0) if top >= floor else (floor - 1, 0, -1)
    width = table.shape[0]
    stride = size >> TAIL_BITS
    if stride >= width and stride >= 2:
        _transform_until(spectrum, size, width, stride)
        if _open_columns(spectrum, size, stride, columns, floor) * FEW_COLUMNS <= stride:
            return _column_maximum(spectrum, size, stride, columns, floor)
        width = stride
    _transform_until(spectrum, size, width, size >> 1)
    return _last_stage_maximum(spectrum, size, floor)


@jit
def leaf_batch(
    keys: Any,
    signs: Any,
    prefixes: Any,
    low: int,
    spectrum: Any,
    table: Any,
    floor: int,
    columns: Any,
    out: Any,
) -> None:  # pragma: no cover - compiled
    """`leaf_maximum` of every prefix in turn, one call for many leaves: ``out[j]`` gets
    (maximum, count, smallest b) of ``prefixes[j]``. The floor rises to the best maximum seen, so
    only leaves that can tie or beat it are counted."""
    for j in range(prefixes.shape[0]):
        found = leaf_maximum(keys, signs, prefixes[j], low, spectrum, table, floor, columns)
        out[j, 0], out[j, 1], out[j, 2] = found
        if found[2] >= 0:
            floor = max(floor, found[0])
