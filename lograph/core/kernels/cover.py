"""Compiled loops of the worst-position search: a local search over class counts that keeps
every coset weight ``W(c)`` of the current position up to date.

A position is given by ``t_v``, how many buttons of class v it presses (0 ≤ t_v ≤ m_v).
Pressing one more button of class v adds 1 to ``W(c)`` for every c even on v (c·v = 0) and
removes 1 where c·v is odd, so a move costs one pass over the 2^k weights, and the minimum
of ``W`` — the fewest presses of the position — is exact after every move.
"""

from __future__ import annotations

import numpy as np

from lograph.core.kernels.bits import parity
from lograph.core.kernels.jit import IntArray, jit
from lograph.core.kernels.press import transform_small

__all__ = ["coset_weights", "cover_walk"]


@jit
def coset_weights(cls: IntArray, m: IntArray, t: IntArray, m0: int, k: int) -> IntArray:
    """``W(c) = m0 + Σ_v [c·v even ? t_v : m_v − t_v]`` for every c, by one Walsh–Hadamard
    transform of ``2t − m`` (``2W = 2·m0 + Σ m + transform``)."""
    size = 1 << k
    w = np.zeros(size, dtype=np.int64)
    for j in range(len(cls)):
        w[cls[j]] += 2 * t[j] - m[j]
    transform_small(w, size)
    base = 2 * m0 + m.sum()
    for c in range(size):
        w[c] = (w[c] + base) // 2
    return w


@jit
def _shift(w: IntArray, v: int, delta: int) -> None:
    """Press `delta` (±1) more buttons of class v: W(c) += delta where c·v is even."""
    for c in range(len(w)):
        if parity(c & v):
            w[c] -= delta
        else:
            w[c] += delta


@jit
def _lowest(w: IntArray) -> tuple[int, int]:
    """The smallest weight and how many c reach it."""
    low = w[0]
    count = 0
    for c in range(len(w)):
        if w[c] < low:
            low = w[c]
            count = 1
        elif w[c] == low:
            count += 1
    return low, count


@jit
def _recentre(cls: IntArray, m: IntArray, t: IntArray, w: IntArray, low: int, count: int) -> None:
    """Move to a lightest vector of the coset, one of the `count` c with W(c) = `low` picked
    at random: ``t_v ↦ m_v − t_v`` on the classes odd on c, and ``W(c') ↦ W(c' + c)``."""
    pick = np.random.randint(count)
    target = 0
    for c in range(len(w)):
        if w[c] == low:
            if pick == 0:
                target = c
                break
            pick -= 1
    if target == 0:
        return
    for j in range(len(cls)):
        if parity(target & cls[j]):
            t[j] = m[j] - t[j]
    moved = w.copy()
    for c in range(len(w)):
        w[c] = moved[c ^ target]


@jit
def cover_walk(
    cls: IntArray, m: IntArray, t: IntArray, w: IntArray, steps: int, tries: int, seed: int
) -> tuple[IntArray, int]:
    """Walk from counts `t` (weights `w`, both updated in place) for `steps` moves; the
    heaviest position seen (its counts) and its fewest presses.

    The walk stays on lightest vectors (W(0) is the minimum). A move presses one more
    button of a class: the coset's lightest weight rises by one, stays or drops. Of `tries`
    random classes the move keeping the highest minimum with the fewest ties is made when
    it does not lower the minimum, and the walk re-centres on a lightest vector (a random
    one of the ties, so plateaus are crossed); otherwise a few random unpressings kick the
    walk out of its local maximum.
    """
    np.random.seed(seed)
    n = len(cls)
    # ±1 typed from the input: literal 1 and -1 would compile _shift twice
    up = n - n + 1
    down = -up
    low, count = _lowest(w)
    _recentre(cls, m, t, w, low, count)
    best_t = t.copy()
    best = low
    for _ in range(steps):
        pick, pick_low, pick_count = -1, low - 1, 0
        for _try in range(tries):
            j = np.random.randint(n)
            if t[j] >= m[j]:
                continue
            _shift(w, cls[j], up)
            new_low, new_count = _lowest(w)
            _shift(w, cls[j], down)
            if new_low > pick_low or (new_low == pick_low and new_count < pick_count):
                pick, pick_low, pick_count = j, new_low, new_count
        if pick >= 0 and pick_low >= low:
            _shift(w, cls[pick], up)
            t[pick] += 1
        else:
            for _kick in range(3):
                i = np.random.randint(n)
                if t[i] > 0:
                    _shift(w, cls[i], down)
                    t[i] -= 1
        low, count = _lowest(w)
        _recentre(cls, m, t, w, low, count)
        if low > best:
            best = low
            best_t[:] = t
    return best_t, best
