"""Compiled loops of the worst position's lower bound: simulated annealing over class counts
that keeps every coset weight ``W(c)`` of the current position up to date.

A position is given by ``t_v``, how many buttons of class v it presses (0 ≤ t_v ≤ m_v).
Pressing one more button of class v adds 1 to ``W(c)`` for every c even on v (c·v = 0) and
removes 1 where c·v is odd, so a move costs one pass over the 2^k weights, and the minimum
of ``W`` — the fewest presses of the position — is exact after every move.

The minimum alone is a poor guide (most moves leave it where it is), so the annealing
lowers a smoother cost: ``Σ_c max(0, L − W(c))³`` for a target L a little above the best
minimum found, which counts how far every light coset falls short. Only the cosets with
``W(c) ≤ L`` (the *tail*, a few percent of them) can change the cost by a move, so a move
is priced in one pass over the tail and only an accepted move pays a pass over all 2^k
(which lists the new tail as it goes). A move may press one button more or fewer in each
class of a group at once (the orbits of a symmetry), which keeps a symmetric position
symmetric.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.bits import parity
from lograph.core.kernels.jit import IntArray, jit
from lograph.core.kernels.press import character_row, transform_small

__all__ = ["coset_weights", "cover_anneal", "cubed_change", "tail_below"]


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
def tail_below(w: IntArray, target: int, tail: IntArray) -> int:  # pragma: no cover - compiled
    """The indices c with ``W(c) ≤ target`` (the cosets a move can make cost) into `tail`;
    how many."""
    count = 0
    for c in range(len(w)):
        if w[c] <= target:
            tail[count] = c
            count += 1
    return count


@jit
def cubed_change(before: int, after: int) -> float:  # pragma: no cover - compiled
    """How a cost term ``max(0, L − W)³`` changes when its shortfall ``L − W`` goes from
    `before` to `after`."""
    change = 0.0
    if after > 0:
        change += after * after * after
    if before > 0:
        change -= before * before * before
    return change


@jit
def _price(
    w: IntArray, tail: IntArray, count: int, members: IntArray, delta: int, target: int
) -> float:  # pragma: no cover - compiled
    """How much pressing `delta` (±1) more buttons of each class in `members` changes the
    cost."""
    change = 0.0
    for i in range(count):
        c = tail[i]
        signs = 0  # Σ (−1)^{c·v} over the group's classes
        for v in members:
            signs += -1 if parity(c & v) else 1
        before = target - w[c]
        change += cubed_change(before, before - delta * signs)
    return change


@jit
def _group_row(
    members: IntArray, delta: int, row: IntArray, scratch: IntArray
) -> None:  # pragma: no cover - compiled
    """``row[c] = delta · Σ_v (−1)^{c·v}`` over the group's classes, each character built
    by doubling (one class, the usual move, writes its own row directly)."""
    size = len(row)
    character_row(members[0], size, delta, row)
    for v in members[1:]:
        character_row(v, size, delta, scratch)
        for c in range(size):
            row[c] += scratch[c]


@jit
def _press(
    w: IntArray, row: IntArray, target: int, tail: IntArray
) -> tuple[int, int]:  # pragma: no cover - compiled
    """Add `row` (a move's change) to the weights, listing the new tail (``W(c) ≤ target``)
    in the same pass; the new minimum of W and the tail's length."""
    size = len(w)
    low: int = w[0] + row[0]
    count = 0
    for c in range(size):
        value = w[c] + row[c]
        w[c] = value
        low = min(low, value)
        if value <= target:
            tail[count] = c
            count += 1
    return low, count


@jit
def cover_anneal(
    cls: IntArray,
    m: IntArray,
    t: IntArray,
    w: IntArray,
    best_t: IntArray,
    state: NDArray[np.float64],
    moves: int,
    seed: int,
    groups: IntArray,
) -> int:  # pragma: no cover - compiled
    """Anneal counts `t` (weights `w`, both updated in place) for `moves` proposed moves;
    the best minimum of W seen, its counts copied into `best_t`.

    `state` = [margin, temperature, cooling factor per move, mean |cost change|, best]
    carries the schedule from one call to the next. A move presses one more or one fewer
    button of every class of a random group (group g holds the classes
    ``groups[g] ≤ j < groups[g + 1]`` of `cls`, all of one size and count; one class each
    for the unrestricted search, or the orbits of a symmetry, which keeps a symmetric
    position symmetric); it is taken when it lowers the cost, and otherwise with
    probability ``exp(−change / (temperature · mean |change|))``, so the temperature is
    relative to the moves' own scale and one schedule fits every board. The target L is
    the best minimum plus `margin`.
    """
    np.random.seed(seed)
    n, size = len(groups) - 1, len(w)
    margin, heat, cooling, scale, best = int(state[0]), state[1], state[2], state[3], int(state[4])
    target = best + margin
    tail = np.empty(size, dtype=np.int64)
    row = np.empty(size, dtype=np.int64)
    scratch = np.empty(size, dtype=np.int64)
    count = tail_below(w, target, tail)
    for _ in range(moves):
        heat *= cooling
        g = np.random.randint(n)
        j, end = groups[g], groups[g + 1]
        delta = 1 if np.random.randint(2) else -1
        if not 0 <= t[j] + delta <= m[j]:
            delta = -delta
            if not 0 <= t[j] + delta <= m[j]:
                continue
        members = cls[j:end]
        change = _price(w, tail, count, members, delta, target)
        scale += 0.01 * (abs(change) - scale)
        if change > 0 and np.random.random() >= np.exp(-change / (heat * scale + 1e-9)):
            continue
        t[j:end] += delta
        _group_row(members, delta, row, scratch)
        low, count = _press(w, row, target, tail)
        if low > best:  # the target follows the best minimum
            best, target = low, low + margin
            best_t[:] = t
            count = tail_below(w, target, tail)
    state[1], state[3], state[4] = heat, scale, best
    return best
