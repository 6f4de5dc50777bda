"""Compiled loops of the worst position's lower bound over Z_k (k > 2): simulated annealing
over how many buttons of each class are pressed 0 … k − 1 times, keeping the weight of
every solution of the current position up to date.

A position is a table ``n[v, a]``: how many of the buttons of class v it presses a times.
Its solution λ (one of the kernel's combinations of quiet generators) presses such a button
``(a + s) mod k`` times, ``s = shifts[v, λ]`` (one row per class, so that a move reads one
contiguous row), so ``W(λ) = Σ_v Σ_a n[v, a]·((a + s) mod k)``
and the position's fewest presses is ``min W``. A move re-presses one button of a class
from a to b times: W changes by ``((b + s) mod k) − ((a + s) mod k)`` at each λ, one pass
over the weights, and ``min W`` is exact after every move.

As over GF(2) (`lograph.core.kernels.cover`) the annealing lowers the smoother cost
``Σ_λ max(0, L − W(λ))³`` for a target L a little above the best minimum found. A move
lowers a weight by at most k − 1, so only the solutions with ``W(λ) ≤ L + k − 2`` (the
*tail*) can change the cost: a move is priced on the tail and only an accepted move pays
a pass over every weight (listing the new tail as it goes).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.kernels.cover import cubed_change, tail_below
from lograph.core.kernels.jit import IntArray, jit

__all__ = ["zk_anneal", "zk_weights"]


@jit
def zk_weights(shifts: NDArray[np.uint8], counts: IntArray, k: int, base: int) -> IntArray:
    """``W(λ) = base + Σ_v Σ_a counts[v, a]·((a + shifts[v, λ]) mod k)`` for every λ."""
    classes, size = shifts.shape
    w = np.full(size, base, dtype=np.int64)
    for v in range(classes):
        for c in range(size):
            s = shifts[v, c]
            for a in range(k):
                w[c] += counts[v, a] * ((a + s) % k)
    return w


@jit
def _price(
    w: IntArray,
    tail: IntArray,
    count: int,
    column: NDArray[np.uint8],
    a: int,
    b: int,
    k: int,
    target: int,
) -> float:  # pragma: no cover - compiled
    """How much re-pressing one button of a class (its shifts `column`) from a to b times
    changes the cost."""
    change = 0.0
    for i in range(count):
        c = tail[i]
        s = column[c]
        before = target - w[c]
        change += cubed_change(before, before - ((b + s) % k - (a + s) % k))
    return change


@jit
def _press(
    w: IntArray, column: NDArray[np.uint8], a: int, b: int, k: int, reach: int, tail: IntArray
) -> tuple[int, int]:  # pragma: no cover - compiled
    """Apply the move to every weight, listing the new tail; the new minimum and the tail's
    length."""
    low = w[0] + ((b + column[0]) % k - (a + column[0]) % k)
    count = 0
    for c in range(len(w)):
        s = column[c]
        value = w[c] + ((b + s) % k - (a + s) % k)
        w[c] = value
        low = min(low, value)
        if value <= reach:
            tail[count] = c
            count += 1
    return low, count


@jit
def _pick_value(counts: IntArray, v: int, m: int) -> int:  # pragma: no cover - compiled
    """How many times a random button of class v is pressed."""
    r = np.random.randint(m)
    a = 0
    while r >= counts[v, a]:
        r -= counts[v, a]
        a += 1
    return a


@jit
def zk_anneal(
    shifts: NDArray[np.uint8],
    counts: IntArray,
    sizes: IntArray,
    w: IntArray,
    best_counts: IntArray,
    state: NDArray[np.float64],
    moves: int,
    seed: int,
    k: int,
) -> int:  # pragma: no cover - compiled
    """Anneal `counts` (classes × k; weights `w`, both updated in place) for `moves`
    proposed moves; the best minimum of W seen, its counts copied into `best_counts`.

    `state` = [margin, temperature, cooling factor per move, mean |cost change|, best]
    carries the schedule from one call to the next, as in `lograph.core.kernels.cover`: a
    move (a random class, one of its buttons, a new number of presses) is taken when it
    lowers the cost, otherwise with probability ``exp(−change / (temperature · mean
    |change|))``.
    """
    np.random.seed(seed)
    classes = len(sizes)
    margin, heat, cooling, scale, best = int(state[0]), state[1], state[2], state[3], int(state[4])
    target = best + margin
    tail = np.empty(len(w), dtype=np.int64)
    count = tail_below(w, target + k - 2, tail)
    for _ in range(moves):
        heat *= cooling
        v = np.random.randint(classes)
        a = _pick_value(counts, v, sizes[v])
        b = (a + 1 + np.random.randint(k - 1)) % k
        column = shifts[v]
        change = _price(w, tail, count, column, a, b, k, target)
        scale += 0.01 * (abs(change) - scale)
        if change > 0 and np.random.random() >= np.exp(-change / (heat * scale + 1e-9)):
            continue
        counts[v, a] -= 1
        counts[v, b] += 1
        low, count = _press(w, column, a, b, k, target + k - 2, tail)
        if low > best:  # the target follows the best minimum
            best, target = low, low + margin
            best_counts[:, :] = counts
            count = tail_below(w, target + k - 2, tail)
    state[1], state[3], state[4] = heat, scale, best
    return best
