"""The chase-plan loops, compiled by numba: the greedy forcing chase, the plain
sweep, and playing a plan on a position.

How they are used: `lograph.core.chase.plan`; the method: docs/math.md, "Light chasing".
"""

from __future__ import annotations

import numpy as np

from lograph.core.kernels.jit import IntArray, jit

__all__ = ["greedy_chase", "simulate_chase", "sweep_chase"]


@jit
def greedy_chase(
    rptr: IntArray,
    ridx: IntArray,
    cptr: IntArray,
    cidx: IntArray,
    order: IntArray,
    limit: int,
    buttons: IntArray,
    lights: IntArray,
) -> int:
    # The forcing loop, O(nnz): cnt[u] counts the undecided buttons acting on light u, and
    # the queue holds the lights whose count fell to one (each enters at most once, since
    # counts only fall). Returns the free count, or -1 as soon as it would exceed `limit`.
    n = len(cptr) - 1
    cnt = rptr[1:] - rptr[:-1]
    decided = np.zeros(n, dtype=np.bool_)
    used = np.zeros(n, dtype=np.bool_)
    queue = np.empty(n, dtype=np.int64)
    head = 0
    tail = 0
    for u in range(n):
        if cnt[u] == 1:
            queue[tail] = u
            tail += 1
    step = 0
    pos = 0
    free = 0
    while step < n:
        if head < tail:
            u = queue[head]
            head += 1
            if cnt[u] != 1:
                continue  # its last button was decided by another light meanwhile
            w = -1
            for j in range(rptr[u], rptr[u + 1]):
                if not decided[ridx[j]]:
                    w = ridx[j]
                    break
            used[u] = True
            light = u
        else:
            while decided[order[pos]]:
                pos += 1
            w = order[pos]
            light = -1
            free += 1
            if free > limit:
                return -1
        decided[w] = True
        buttons[step] = w
        lights[step] = light
        step += 1
        for j in range(cptr[w], cptr[w + 1]):
            v = cidx[j]
            cnt[v] -= 1
            if cnt[v] == 1 and not used[v]:
                queue[tail] = v
                tail += 1
    return free


@jit
def sweep_chase(
    rptr: IntArray,
    ridx: IntArray,
    cptr: IntArray,
    cidx: IntArray,
    order: IntArray,
    designated: IntArray,
    limit: int,
    buttons: IntArray,
    lights: IntArray,
) -> int:
    # The plain chase a person does on a grid: take the buttons in `order`; force each by its
    # designated light when that light is unused and this button is its last undecided one,
    # otherwise free it. Returns the free count, or -1 once it exceeds `limit`.
    n = len(cptr) - 1
    cnt = rptr[1:] - rptr[:-1]
    used = np.zeros(n, dtype=np.bool_)
    free = 0
    for step in range(n):
        w = order[step]
        u = designated[w]
        light = -1
        if u >= 0 and not used[u] and cnt[u] == 1:
            for j in range(rptr[u], rptr[u + 1]):
                if ridx[j] == w:
                    light = u
                    used[u] = True
                    break
        if light < 0:
            free += 1
            if free > limit:
                return -1
        buttons[step] = w
        lights[step] = light
        for j in range(cptr[w], cptr[w + 1]):
            cnt[cidx[j]] -= 1
    return free


@jit
def simulate_chase(
    cptr: IntArray,
    cidx: IntArray,
    buttons: IntArray,
    lights: IntArray,
    p: int,
    state: IntArray,
    free_presses: IntArray,
) -> IntArray:
    # Follow the plan on light values `state` (changed in place): a free step presses the
    # next entry of free_presses, a force step presses its button until its light is 0.
    n = len(cptr) - 1
    x = np.zeros(n, dtype=np.int64)
    j = 0
    for i in range(n):
        w = buttons[i]
        u = lights[i]
        if u < 0:
            v = free_presses[j] % p
            j += 1
        else:
            v = (p - state[u]) % p
        x[w] = v
        if v:
            for k in range(cptr[w], cptr[w + 1]):
                state[cidx[k]] = (state[cidx[k]] + v) % p
    return x
