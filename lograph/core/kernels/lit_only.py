"""Breadth-first searches over the positions of the lit-only game, compiled by numba.

A position is an integer whose bit ``j`` is light ``j`` (GF(2) boards of at most 30
buttons). Pressing button ``i`` XORs ``masks[i]`` (the lights it changes) into the position
and is allowed only while bit ``i`` is set. Both searches work a bounded number of steps
per call and keep their queue in caller-owned arrays, so the caller can poll a cancel flag
between calls; ``np.zeros``/``np.empty`` arrays cost memory only for the pages touched.

`lit_bitset_sweep` works on a set of positions kept as a bitset instead: word ``k`` of a
``uint64`` array holds positions ``64k`` to ``64k + 63`` (bit ``b`` is position
``64k + b``). XOR with a mask splits into the mask's low six bits, which permute the bits
inside every word (swap blocks of 1, 2, 4, … bits), and its high bits, which move word
``k`` to word ``k ^ (mask >> 6)``: 64 positions per machine operation.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.jit import IntArray, jit

__all__ = ["lit_backward_steps", "lit_bitset_sweep", "lit_forward_steps"]


@jit
def lit_forward_steps(
    masks: IntArray,
    parent: NDArray[np.uint8],
    queue: NDArray[np.uint32],
    cursor: IntArray,
    goal: int,
    steps: int,
) -> bool:
    # Expand at most `steps` queued positions (queue[cursor[0]:cursor[1]]) by lit presses.
    # parent[s] is 0 while s is unseen, else 1 + the press that first reached it (the
    # start holds 255). Returns True once `goal` has been reached.
    head = cursor[0]
    tail = cursor[1]
    n = len(masks)
    found: bool = parent[goal] != 0
    while head < tail and steps > 0 and not found:
        s = np.int64(queue[head])
        head += 1
        steps -= 1
        for i in range(n):
            if (s >> i) & 1:
                t = s ^ masks[i]
                if parent[t] == 0:
                    parent[t] = i + 1
                    queue[tail] = t
                    tail += 1
                    if t == goal:
                        found = True
                        break
    cursor[0] = head
    cursor[1] = tail
    return found


@jit
def lit_backward_steps(
    masks: IntArray,
    seen: NDArray[np.uint8],
    queue: NDArray[np.uint32],
    cursor: IntArray,
    steps: int,
) -> None:
    # Grow the set of positions from which a queued position is reachable by one lit press:
    # x reaches y by pressing i when x = y ^ masks[i] and bit i of x is set.
    head = cursor[0]
    tail = cursor[1]
    n = len(masks)
    while head < tail and steps > 0:
        y = np.int64(queue[head])
        head += 1
        steps -= 1
        for i in range(n):
            x = y ^ masks[i]
            if (x >> i) & 1 and seen[x] == 0:
                seen[x] = 1
                queue[tail] = x
                tail += 1
    cursor[0] = head
    cursor[1] = tail


#: Bits of a word whose position has bit ``j`` clear (``j`` = 0..5): the block-swap masks.
_LOW_HALVES = np.array(
    [
        0x5555555555555555,
        0x3333333333333333,
        0x0F0F0F0F0F0F0F0F,
        0x00FF00FF00FF00FF,
        0x0000FFFF0000FFFF,
        0x00000000FFFFFFFF,
    ],
    dtype=np.uint64,
)


@jit
def lit_bitset_sweep(
    seen: NDArray[np.uint64], mask: int, button: int, start: int, stop: int
) -> bool:
    # Add to `seen` every x = y ^ mask with y in seen (words start..stop) and bit `button`
    # of x set: the positions one lit press of `button` away from a position in the set.
    # Updating in place is sound because the set only grows towards its closure.
    # Returns True when a new position was added.
    low = mask & 63
    high = mask >> 6
    lit = np.uint64(0xFFFFFFFFFFFFFFFF)  # bits of a word whose position has `button` set
    if button < 6:
        lit = ~_LOW_HALVES[button]
    changed = False
    for k in range(start, stop):
        w = seen[k]
        if w == 0:
            continue
        dest = k ^ high
        if button >= 6 and not (dest >> (button - 6)) & 1:
            continue
        for j in range(6):
            if (low >> j) & 1:
                shift = np.uint64(1 << j)
                half = _LOW_HALVES[j]
                w = ((w & half) << shift) | ((w >> shift) & half)
        new = w & lit & ~seen[dest]
        if new != 0:
            seen[dest] |= new
            changed = True
    return changed
