"""Compiled leaf of the fewest-presses search: one Walsh–Hadamard transform, fused and blocked.

A leaf is every combination ``c = (prefix, b)`` with the high bits fixed. The buttons' signs,
flipped by the parity of ``prefix · (high bits of their class)``, are summed by the low bits
of their class; the transform of that array is ``H(prefix, b)`` for every b. The transform
runs its first stages block by block (a block fits the L2 cache), so the whole array crosses
memory about ``1 + (low − BLOCK_BITS)`` times instead of ``low`` times, and the last stage
keeps only the maximum and how often it occurs (nothing written back).
"""

from __future__ import annotations

from typing import Any

from lograph.core.kernels.bits import parity
from lograph.core.kernels.jit import jit

__all__ = ["BLOCK_BITS", "leaf_maximum"]

#: Stages done inside one block of 2^13 int32 (32 KB) before the array-wide stages.
BLOCK_BITS = 13


@jit(inline=True)
def _radix8(a: Any, size: int) -> None:  # pragma: no cover - compiled
    """The first three butterfly stages, eight values at a time."""
    for j in range(0, size, 8):
        a0, a1 = a[j] + a[j + 1], a[j] - a[j + 1]
        a2, a3 = a[j + 2] + a[j + 3], a[j + 2] - a[j + 3]
        a4, a5 = a[j + 4] + a[j + 5], a[j + 4] - a[j + 5]
        a6, a7 = a[j + 6] + a[j + 7], a[j + 6] - a[j + 7]
        b0, b1, b2, b3 = a0 + a2, a1 + a3, a0 - a2, a1 - a3
        b4, b5, b6, b7 = a4 + a6, a5 + a7, a4 - a6, a5 - a7
        a[j], a[j + 1], a[j + 2], a[j + 3] = b0 + b4, b1 + b5, b2 + b6, b3 + b7
        a[j + 4], a[j + 5], a[j + 6], a[j + 7] = b0 - b4, b1 - b5, b2 - b6, b3 - b7


@jit(inline=True)
def _scatter(
    keys: Any, signs: Any, prefix: int, low: int, spectrum: Any
) -> None:  # pragma: no cover - compiled
    """Sum the signs, flipped by ``parity(prefix · high bits)``, by the low bits of the class."""
    size = 1 << low
    mask = size - 1
    for i in range(size):
        spectrum[i] = 0
    for i in range(keys.shape[0]):
        key = keys[i]
        sign = signs[i]
        if parity((key >> low) & prefix):
            sign = -sign
        spectrum[key & mask] += sign


@jit(inline=True)
def _stage(a: Any, lo: int, hi: int, h: int) -> None:  # pragma: no cover - compiled
    for base in range(lo, hi, 2 * h):
        for i in range(base, base + h):
            x = a[i]
            y = a[i + h]
            a[i] = x + y
            a[i + h] = x - y


@jit(inline=True)
def _all_but_last_stage(a: Any, size: int) -> None:  # pragma: no cover - compiled
    """Every butterfly stage but the last: small ones block by block (in cache)."""
    block = min(size, 1 << BLOCK_BITS)
    last = size >> 1
    first = 1
    if last >= 8:  # the first three stages on eight values at a time, in registers
        _radix8(a, size)
        first = 8
    for start in range(0, size, block):
        h = first
        while h < block and h < last:
            _stage(a, start, start + block, h)
            h *= 2
    h = max(block, first)
    while h < last:
        _stage(a, 0, size, h)
        h *= 2


@jit
def leaf_maximum(
    keys: Any, signs: Any, prefix: int, low: int, spectrum: Any, floor: int
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """The largest ``H(prefix, b)`` over the ``2^low`` values of b, how many b reach it and
    one such b. `spectrum` is scratch space of ``2^low`` int32 (overwritten).

    When the leaf's bound ``Σ_u |d_u|`` is below `floor` (checked only when there are fewer
    low classes than buttons, else it seldom helps) the transform is skipped and
    ``(floor − 1, 0, 0)`` returned.
    """
    size = 1 << low
    _scatter(keys, signs, prefix, low, spectrum)
    if size <= keys.shape[0]:
        bound = 0
        for i in range(size):
            bound += abs(spectrum[i])
        if bound < floor:
            return floor - 1, 0, 0
    if low == 0:
        return int(spectrum[0]), 1, 0
    _all_but_last_stage(spectrum, size)
    last = size >> 1  # the final stage only looks for the maximum
    best, count, where = -(1 << 40), 0, 0
    for i in range(last):
        x = spectrum[i]
        y = spectrum[i + last]
        plus = x + y
        if plus > best:
            best, count, where = plus, 1, i
        elif plus == best:
            count += 1
        minus = x - y
        if minus > best:
            best, count, where = minus, 1, i + last
        elif minus == best:
            count += 1
    return int(best), count, where
