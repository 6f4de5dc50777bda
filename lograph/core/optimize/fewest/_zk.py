"""Fewest presses over Z_k for composite k: the lightest vector of ``x₀ + ker A``.

Over Z_k (k composite) the quiet patterns form a module, given by generators ``q_j`` with
orders ``o_j`` (`Analysis.quiet_orders`): every solution is ``x₀ + Σ c_j q_j mod k`` for
exactly one choice of ``0 ≤ c_j < o_j``, so there are ``Π o_j`` of them (the kernel's size).
The weight of a solution is its total presses ``Σ_i x_i`` with each ``x_i`` in ``0..k−1``.

Exact: buttons with the same column of generators and the same ``x₀`` value always carry
the same value, so they are grouped and counted once (buttons in no quiet pattern weigh the
same in every solution and drop out); then every choice of the ``c_j`` is
walked in mixed-radix counting order by a compiled loop (`lograph.core.kernels.zk_walk`),
where each step adds about one generator to the running group values and updates the weight
in O(groups), while ``kernel size × groups`` stays within `ENUMERATION_WORK_LIMIT`. This
also counts the solutions that tie for fewest presses (each choice of c is a distinct one).
Past the walk, Fourier transforms over the kernel group give every weight (one for the
whole kernel up to `FOURIER_LIMIT`, else one per prefix of the coefficients), and beyond
them the heuristic below with a proven lower bound: `lograph.core.optimize.fewest._past_walk`.

The heuristic: block coordinate descent. Each round picks a
block of generators whose combinations number at most ``2^18``, finds
every one's weight by one transform over the block's group, moves to a best solution
reachable with them (a random one among ties, to cross plateaus), and stops after a run of
rounds without improvement; this is done from several starts (``x₀`` and ``x₀`` plus random
quiet patterns) and the lightest result kept. It always returns a true solution, but its
weight is not proven minimal.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis
from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest._fourier import FOURIER_LIMIT, fewest_by_fourier
from lograph.core.optimize.fewest._past_walk import fewest_past_walk
from lograph.core.optimize.fewest._solution import FewestSolution
from lograph.core.optimize.quiet import mixed_radix_digits
from lograph.core.work import Work

__all__ = [
    "ENUMERATION_WORK_LIMIT",
    "fewest_by_enumeration",
    "fewest_zk",
    "iter_kernel",
    "kernel_exact_feasible",
    "zk_heuristic",
]

#: Exact while (kernel size × groups of buttons) stays below this many group updates (each
#: step of the compiled walk costs about one update per group: about 2 s at the limit).
ENUMERATION_WORK_LIMIT = 1 << 30
#: The heuristic's blocks: at most this many combinations, each block's weights by one
#: transform. It runs from four starts, so its blocks are smaller than GF(p)'s single
#: descent's (`HEURISTIC_BLOCK`): random positions, blocks of 2^16 / 2^18 / 2^20 —
#: 95×95 over Z_4: 12,951 presses in 4.0 s / 12,911 in 4.1 s / 12,887 in 15 s; 19×19 over
#: Z_6: 742 / 724 (the fewest) / 724 in 0.5 / 1.2 / 5.1 s.
_BLOCK_COMBINATIONS = 1 << 18
_PATIENCE = 12
_MAX_ROUNDS = 200
_STARTS = 4
#: ... and at most about this many group updates in all (fewer rounds on huge boards).
_HEURISTIC_WORK = 1 << 31
#: Weight evaluations per chunk of the exact enumeration (bounds its memory).
_CHUNK_ENTRIES = 1 << 22

_CANCELLED = "fewest-presses search cancelled"


def _size(orders: tuple[int, ...] | list[int]) -> int:
    size = 1
    for order in orders:
        size *= int(order)
    return size


def kernel_exact_feasible(quiet: NDArray[np.uint8], orders: tuple[int, ...], k: int) -> bool:
    """Whether every position gets an exact answer: the kernel is small enough for the
    transform, or for the walk with at most ``min(N, distinct generator columns × k)``
    groups of buttons."""
    size = _size(orders)
    if size <= FOURIER_LIMIT:
        return True
    if size > ENUMERATION_WORK_LIMIT:
        return False
    m, n = len(orders), quiet.shape[-1]
    columns = np.unique(quiet.reshape(m, n).T, axis=0)
    return bool(size * min(n, len(columns) * k) <= ENUMERATION_WORK_LIMIT)


def _walk_feasible(
    quiet: NDArray[np.uint8], orders: tuple[int, ...], x0: NDArray[np.uint8]
) -> bool:
    """Whether the walk fits the work limit: kernel size × groups that some generator
    changes."""
    size = _size(orders)
    if size > ENUMERATION_WORK_LIMIT:
        return False
    return size * len(_moving(*_groups(quiet, x0), len(orders))[0]) <= ENUMERATION_WORK_LIMIT


def _groups(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8]
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Buttons grouped by (generator column, x0 value): the distinct rows and their counts."""
    m, n = len(quiet), len(x0)
    columns = np.concatenate([quiet.T.astype(np.int64), x0.astype(np.int64)[:, None]], axis=1)
    groups, counts = np.unique(columns.reshape(n, m + 1), axis=0, return_counts=True)
    return groups, counts.astype(np.int64)


def _moving(
    groups: NDArray[np.int64], counts: NDArray[np.int64], m: int
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The groups some generator changes (the others weigh the same in every solution)."""
    moving = groups[:, :m].any(axis=1)
    return np.ascontiguousarray(groups[moving]), np.ascontiguousarray(counts[moving])


def fewest_by_enumeration(
    quiet: NDArray[np.uint8],
    orders: tuple[int, ...] | list[int],
    x0: NDArray[np.uint8],
    k: int,
    work: Work | None = None,
    rng: np.random.Generator | None = None,
) -> tuple[NDArray[np.uint8], int, int]:
    """Exact minimum of ``Σ (x0 + Σ c_j quiet[j]) mod k`` over every ``0 ≤ c_j < orders[j]``.

    Returns the lightest solution (the first in mixed-radix order, or a random one of the
    ties when `rng` is given), its weight, and how many choices of c reach that weight.

    Examples
    --------
    >>> quiet = np.array([[2, 2, 0]], dtype=np.uint8)  # order 2 over Z_4
    >>> x, weight, ties = fewest_by_enumeration(quiet, (2,), np.array([3, 2, 1], dtype=np.uint8), 4)
    >>> x.tolist(), weight, ties
    ([1, 0, 1], 2, 1)
    """
    from lograph.core.kernels.zk_walk import coset_walk

    work = work or Work()
    m = len(quiet)
    radix = np.asarray(orders, dtype=np.int64)
    groups, counts = _groups(quiet, x0)
    start_weight = int(groups[:, m] @ counts)
    groups, counts = _moving(groups, counts, m)
    gen = np.ascontiguousarray(groups[:, :m].T % k, dtype=np.int64)  # (m, G)
    state = np.concatenate([np.zeros(m, np.int64), groups[:, m], [start_weight, 0]])
    seed = 0 if rng is None else int(rng.integers(1 << 31))
    best = np.array([-1, 0, 0, 0 if rng is None else 1], dtype=np.int64)
    total = _size(orders)
    chunk = max(1, _CHUNK_ENTRIES // max(1, len(groups)))
    for start in range(0, total, chunk):
        steps = min(chunk, total - start)
        coset_walk(gen, radix, k, counts, state, best, steps, seed + start)
        work.poll(_CANCELLED)
    coeffs = mixed_radix_digits(np.array([best[1]], dtype=np.int64), radix)[0]
    presses = (x0.astype(np.int64) + coeffs @ quiet.astype(np.int64)) % k
    return presses.astype(np.uint8), int(presses.sum()), int(best[2])


def _pick_block(orders: tuple[int, ...], limit: int, rng: np.random.Generator) -> NDArray[np.int64]:
    """Generators in random order, as many as keep the block's combinations within `limit`
    (always at least one)."""
    chosen: list[int] = []
    size = 1
    for j in rng.permutation(len(orders)):
        if chosen and size * orders[j] > limit:
            continue
        chosen.append(int(j))
        size *= orders[j]
    return np.sort(np.asarray(chosen, dtype=np.int64))


def _descend(
    quiet: NDArray[np.uint8],
    orders: tuple[int, ...],
    x: NDArray[np.uint8],
    k: int,
    rng: np.random.Generator,
    max_rounds: int,
    work: Work,
) -> NDArray[np.uint8]:
    """Block coordinate descent from `x` until `_PATIENCE` rounds bring no improvement (or
    the work's deadline comes)."""
    weight = int(x.astype(np.int64).sum())
    stale = rounds = 0
    while stale < _PATIENCE and rounds < max_rounds and not work.past_deadline():
        block = _pick_block(orders, _BLOCK_COMBINATIONS, rng)
        rows, block_orders = quiet[block], tuple(orders[j] for j in block)
        found = fewest_by_fourier(rows, block_orders, x, k, rng)  # one transform a block
        if found is None:  # its rounding unclear: the walk
            found = fewest_by_enumeration(rows, list(block_orders), x, k, work, rng)
        x, w = found[0], found[1]
        stale = 0 if w < weight else stale + 1
        weight = w
        rounds += 1
        work.poll(_CANCELLED)  # a transform does not poll: between blocks, then
    return x


def zk_heuristic(
    quiet: NDArray[np.uint8],
    orders: tuple[int, ...],
    x0: NDArray[np.uint8],
    k: int,
    work: Work | None = None,
    seed: int = 0,
) -> NDArray[np.uint8]:
    """A light solution in ``x0 + ker A`` by block coordinate descent from several starts:
    a local optimum, not proven minimal (see the module's docstring); the work's deadline
    ends it with the best so far."""
    work = work or Work()
    rng = np.random.default_rng(seed)
    n = len(x0)
    per_round = n * 64 + _BLOCK_COMBINATIONS * 8  # grouping the buttons, and the transform
    max_rounds = min(_MAX_ROUNDS, max(_PATIENCE, _HEURISTIC_WORK // (per_round * _STARTS)))
    best = x0.copy()
    best_w = int(best.astype(np.int64).sum())
    for start in range(_STARTS):
        x = x0.copy()
        if start:  # a random solution: x0 plus a random quiet pattern, a row at a time
            acc = x0.astype(np.int64)
            for row, order in zip(quiet, orders, strict=True):
                acc = (acc + int(rng.integers(order)) * row.astype(np.int64)) % k
            x = acc.astype(np.uint8)
        x = _descend(quiet, orders, x, k, rng, max_rounds, work)
        weight = int(x.astype(np.int64).sum())
        if weight < best_w:
            best, best_w = x, weight
        work.poll(_CANCELLED)
    return best


def fewest_zk(
    analysis: Analysis,
    x0: NDArray[np.uint8],
    work: Work,
    seed: int = 0,
    system: PressSystem | None = None,
) -> FewestSolution:
    """Fewest presses in ``x0 + ker A`` over Z_k: the exact walk while the kernel allows,
    then transforms and the labelled heuristic with a proven bound from the board's lights
    (`system`, when given; `lograph.core.optimize.fewest._past_walk`)."""
    k, orders = analysis.states, analysis.orders()
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(len(orders), analysis.n)
    size = _size(orders)
    if size == 1:
        return FewestSolution(x0, int(x0.astype(np.int64).sum()), 1, 1, True, "unique")
    if _walk_feasible(quiet, orders, x0):
        presses, weight, ties = fewest_by_enumeration(quiet, orders, x0, k, work)
        return FewestSolution(presses, weight, ties, size, True, "enumeration")

    def heuristic(start: NDArray[np.uint8], within: Work) -> NDArray[np.uint8]:
        return zk_heuristic(quiet, orders, start, k, within, seed)

    return fewest_past_walk(quiet, orders, x0, k, heuristic, work, system)


def iter_kernel(
    quiet: NDArray[np.uint8], orders: tuple[int, ...], k: int
) -> Iterator[NDArray[np.int64]]:
    """Every quiet pattern ``Σ c_j quiet[j] mod k``, each exactly once (``Π orders`` of them).

    >>> q = np.array([[2, 2]], dtype=np.uint8)
    >>> [v.tolist() for v in iter_kernel(q, (2,), 4)]
    [[0, 0], [2, 2]]
    """
    radix = np.asarray(orders, dtype=np.int64)
    gens = quiet.astype(np.int64).reshape(len(orders), quiet.shape[-1])
    for index in range(_size(orders)):
        coeffs = mixed_radix_digits(np.array([index], dtype=np.int64), radix)[0]
        yield (coeffs @ gens) % k
