"""Walsh–Hadamard transforms in passes of three stages on vector registers.

A transform of 2^k values has k butterfly stages. The first ``log2(lanes)`` happen inside
each register (lanes exchanged by shuffles), every later pass does three stages at once on
eight registers at distance h, 2h, 4h (`lograph.core.kernels.simd`): a transform of 2^24
int16 values reads and writes memory 8 times instead of 24.
"""

from __future__ import annotations

from typing import Any

from lograph.core.kernels.jit import jit
from lograph.core.kernels.simd import REGISTER_BYTES, lane_stages, radix2, radix4, radix8

__all__ = ["register_stages", "transform_pass"]


@jit(inline=True)
def register_stages(a: Any, size: int, h: int, stop: int) -> None:  # pragma: no cover
    """The stages of half-width h, 2h, … below `stop` on ``a[:size]`` (h at least a
    register's lanes), three per pass over the array while three remain."""
    lanes = REGISTER_BYTES // a.itemsize
    while h < stop:
        if 8 * h <= stop:
            for base in range(0, size, 8 * h):
                for i in range(base, base + h, lanes):
                    radix8(a, i, h)
            h *= 8
        elif 4 * h <= stop:
            for base in range(0, size, 4 * h):
                for i in range(base, base + h, lanes):
                    radix4(a, i, h)
            h *= 4
        else:
            for base in range(0, size, 2 * h):
                for i in range(base, base + h, lanes):
                    radix2(a, i, h)
            h *= 2


@jit
def transform_pass(a: Any, h: int) -> int:  # pragma: no cover - compiled
    """One pass of the in-place transform of `a` (length a power of two, at least one
    register) starting at half-width h: the stages inside the registers when h is 1, else
    up to three. Returns the next half-width (the length when the transform is done)."""
    size = a.shape[0]
    lanes = REGISTER_BYTES // a.itemsize
    if h == 1:
        for i in range(0, size, lanes):
            lane_stages(a, i)
        return int(lanes)
    stop = min(size, 8 * h)
    register_stages(a, size, h, stop)
    return int(stop)
