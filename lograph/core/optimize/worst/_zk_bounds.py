"""Bounds on the worst position over Z_k (k composite) when the board is too big to walk.

The exact worst position walks all k^N press vectors (`lograph.core.optimize.worst._search`); beyond
that this module gives a proven range instead of a refusal:

- **Lower bound**: the fewest presses of a few positions (every button pressed k − 1 times,
  random ones, perturbations of the hardest so far), each scored exactly by the kernel walk
  (`lograph.core.optimize.fewest._zk`); the hardest is returned with its lightest solution.
  Without an exact fewest-presses search, the sphere-covering bound: the ``k^N / |K|``
  solvable positions each have their own lightest solution, so the press vectors of weight
  at most ρ (the coefficients of ``(1 + x + … + x^{k−1})^N``) must number at least that many;
  past a few thousand buttons their count is bounded by ``z^{−ρ}·S(z)^N`` (any
  ``0 < z ≤ 1``, ``S(z) = 1 + z + … + z^{k−1}``), which can only lower the radius found.
- **Upper bound**: the lightest solution weighs at most the average over its coset. On button
  i the quiet patterns take the values of the subgroup ``d_i·Z_k`` (``d_i`` the gcd of k and
  the generators' entries on i), evenly, so the button's average is
  ``(a mod d_i) + (k − d_i)/2`` for its value a, at most ``(d_i − 1) + (k − d_i)/2``; summed
  over the buttons this bounds every position (a button in no quiet pattern, ``d_i = k``,
  counts k − 1).
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Solver
from lograph.core.optimize.fewest import SPLIT_LIMIT, exact_possible, fewest_presses
from lograph.core.optimize.worst._program import WORST_SECONDS
from lograph.core.work import Work

if TYPE_CHECKING:
    from lograph.core.optimize.worst._program import ProgramWorst

__all__ = [
    "ZkRange",
    "average_upper_bound",
    "covering_lower_bound",
    "search_lower_bound",
    "zk_range",
]

_TRIES = 24
#: The covering bound's polynomial is built while N · N·(k − 1) stays below this.
_COVERING_WORK = 4_000_000


def average_upper_bound(quiet: NDArray[np.uint8], k: int) -> int:
    """The average-weight bound on every position's fewest presses (module docstring).

    >>> average_upper_bound(np.array([[2, 2, 0]], dtype=np.uint8), 4)  # d = 2, 2, 4
    7
    """
    n = quiet.shape[-1]
    d = np.full(n, k, dtype=np.int64)
    for row in quiet.reshape(-1, n).astype(np.int64):
        d = np.gcd(d, row)
    return int(np.sum(2 * (d - 1) + (k - d)) // 2)


def search_lower_bound(
    solver: Solver, work: Work | None = None, seed: int = 0
) -> tuple[NDArray[np.uint8] | None, int]:
    """The hardest of a few positions, scored exactly: its lightest solution and its fewest
    presses (None and 0 when the kernel is too big for an exact score). No new position is
    tried past the work's deadline, once one has been scored."""
    work = work or Work()
    deadline = math.inf if work.deadline is None else work.deadline
    analysis = solver.analysis
    n, k = analysis.n, analysis.states
    # past the walk and one transform, the prefix transforms still score a position exactly
    # (19×19 over Z_4: 1.7·10^7 solutions in about 3 s)
    if not exact_possible(analysis) and analysis.kernel_size > SPLIT_LIMIT:
        return None, 0
    rng = np.random.default_rng(seed)
    best_x: NDArray[np.uint8] | None = None
    best_w = 0
    for attempt in range(_TRIES):
        if attempt and time.monotonic() > deadline:
            break
        if attempt == 0:
            x = np.full(n, k - 1, dtype=np.uint8)
        elif attempt % 2:
            x = rng.integers(0, k, n, dtype=np.uint8)
        else:  # perturb the hardest so far
            x = np.full(n, k - 1, dtype=np.uint8) if best_x is None else best_x.copy()
            change = rng.choice(n, max(1, math.ceil(n / 16)), replace=False)
            x[change] = rng.integers(0, k, len(change), dtype=np.uint8)
        # past the first, a score still running at the deadline is dropped, not waited for
        late = None if attempt == 0 else deadline
        found = fewest_presses(analysis, x, work=Work(cancel=work.cancel, deadline=late))
        if found.exact and found.press_count > best_w:
            best_x, best_w = found.presses, found.press_count
        work.poll("worst-position search cancelled")
    return best_x, best_w


def covering_lower_bound(n: int, k: int, kernel_size: int) -> int:
    """The smallest ρ with at least ``k^N / kernel_size`` press vectors of weight ≤ ρ: every
    solvable position needs at least that many presses in the worst case. Counted exactly
    while the counting polynomial is small; past it `_chernoff_radius`, a little lower.

    >>> covering_lower_bound(3, 4, 4)  # 16 positions; weights ≤ 1: 4 vectors, ≤ 2: 10, ≤ 3: 20
    3
    """
    if n * n * (k - 1) > _COVERING_WORK:
        return _chernoff_radius(n, k, kernel_size)
    counts = [1]  # press vectors of each weight, one button at a time
    for _ in range(n):
        prefix = [0, *itertools.accumulate(counts)]
        size = len(counts) + k - 1
        counts = [prefix[min(w + 1, len(counts))] - prefix[max(0, w - k + 1)] for w in range(size)]
    need = k**n // kernel_size
    reached = 0
    for rho, count in enumerate(counts):
        reached += count
        if reached >= need:
            return rho
    return len(counts) - 1


def _chernoff_radius(n: int, k: int, kernel_size: int) -> int:
    """The smallest ρ whose bound ``min_z z^{−ρ}·S(z)^N`` on the press vectors of weight ≤ ρ
    reaches ``k^N / kernel_size``: at most the exact radius, since the bound is at least
    the count (for ``0 < z ≤ 1`` every term ``z^{w−ρ}`` with ``w ≤ ρ`` is at least 1).

    Compared in logarithms with a margin far above float rounding, on the side that lowers
    the radius. 200 buttons over GF(3), kernel 3^10: 147 (the exact count: 152).

    >>> _chernoff_radius(200, 3, 3**10), covering_lower_bound(200, 3, 3**10)
    (147, 152)
    """
    need = n * math.log(k) - math.log(kernel_size)
    low, high = 0, n * (k - 1)
    while low < high:
        mid = (low + high) // 2
        if _log_volume_bound(n, k, mid) >= need - 1e-9 * max(1.0, abs(need)):
            high = mid
        else:
            low = mid + 1
    return low


def _log_volume_bound(n: int, k: int, rho: int) -> float:
    """``log(z^{−ρ}·S(z)^N)`` at the z whose tilted mean weight per button is ρ/N (the
    minimiser, found by bisection; any z would still give a valid bound)."""
    if rho <= 0:
        return 0.0  # one vector weighs 0
    if rho >= n * (k - 1) / 2:
        return n * math.log(k)  # z = 1: every vector
    low, high = 0.0, 1.0
    for _ in range(64):
        z = (low + high) / 2
        powers = [z**j for j in range(k)]
        mean = sum(j * p for j, p in enumerate(powers)) / sum(powers)
        low, high = (z, high) if mean * n < rho else (low, z)
    z = (low + high) / 2
    return n * math.log(sum(z**j for j in range(k))) - rho * math.log(z)


class ZkRange(NamedTuple):
    """A proven range: a lightest solution of a position needing `lower` presses (None when
    `lower` is the covering bound) and an `upper` bound on every position."""

    presses: NDArray[np.uint8] | None
    lower: int
    upper: int


def zk_range(solver: Solver, work: Work, seed: int, program: ProgramWorst | None) -> ZkRange:
    """The best range before the work's deadline: the integer program's position (when it ran) or a
    searched one (a quarter of the time left), then annealed
    (`lograph.core.optimize.worst._zk_anneal`), or the covering bound when it proves more (then no
    position); the program's upper bound or the average weight, whichever is smaller."""
    from lograph.core.optimize.worst._program import table_entries
    from lograph.core.optimize.worst._zk_anneal import ANNEAL_ENTRIES, zk_annealed

    analysis = solver.analysis
    n, k = analysis.n, analysis.states
    deadline = time.monotonic() + work.seconds_left(WORST_SECONDS)
    upper = average_upper_bound(np.asarray(analysis.quiet, dtype=np.uint8), k)
    # the search gets the whole time when no annealing can follow (a shift table too big)
    share = 4 if table_entries(analysis) <= ANNEAL_ENTRIES else 1
    searching = time.monotonic() + max(0.0, deadline - time.monotonic()) / share
    presses, lower = search_lower_bound(solver, Work(cancel=work.cancel, deadline=searching), seed)
    if program is not None:
        upper = min(upper, program.upper)
        if program.worst >= lower:
            presses, lower = program.presses, program.worst
    counted = covering_lower_bound(n, k, analysis.kernel_size)
    if presses is None:
        return ZkRange(None, counted, upper)
    annealing = replace(work, deadline=deadline)
    presses, lower = zk_annealed(analysis, (presses, lower), annealing, seed + 1)
    if counted > lower:  # counting proves more than any position found shows
        return ZkRange(None, counted, max(counted, upper))
    return ZkRange(presses, lower, max(lower, upper))
