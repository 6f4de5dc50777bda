"""Fewest presses over GF(p), p > 2, and over Z_k past the walk: transforms while the
kernel allows, then the labelled heuristic with a proven lower bound.

Order of work for a kernel K (docs/math.md, "Fewest presses over Z_k"):

1. |K| ≤ `FOURIER_LIMIT`: one inverse FFT over K gives every solution's weight (exact).
2. |K| ≤ `Work.solutions` (`SPLIT_LIMIT` by default: a few seconds; ``lograph solve``
   allows `CLI_SPLIT_LIMIT`, about a minute), or any |K| when the work has a deadline (a
   time limit): one transform per prefix (`fewest_by_prefixes`), exact when it finishes;
   stopped, its lightest solution so far.
3. Otherwise, or after a stopped search, the block descent heuristic (from the best found),
   and a proven lower bound from the covering relaxation (`cover_bound_mod`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest._fourier import (
    FOURIER_LIMIT,
    fewest_by_fourier,
    fewest_by_prefixes,
)
from lograph.core.optimize.fewest._solution import FewestSolution
from lograph.core.work import Work

if TYPE_CHECKING:
    import scipy.sparse

__all__ = [
    "CLI_SPLIT_LIMIT",
    "MAX_SEARCH_SOLUTIONS",
    "NUMBERED_LIMIT",
    "SPLIT_LIMIT",
    "cover_bound_mod",
    "fewest_past_walk",
    "out_of_reach",
]

#: Most solutions searched by prefixes without a time limit, by default: 2^26, a few
#: seconds here (40 million solutions a second over GF(5), 23 million over GF(3), on two
#: cores), about what the heuristic takes on such boards; the window, reports and the
#: worst-position search keep to it.
SPLIT_LIMIT = 1 << 26
#: ... and in ``lograph solve --fewest``: 2^30, about a minute at most (as the GF(2)
#: search's default budget).
CLI_SPLIT_LIMIT = 1 << 30
#: The most solutions an exact search may be asked to walk without a time limit (the
#: window's button): 2^39, some hours here (23–40 million a second); past it the search is
#: not offered, though ``--time-limit`` may still run it until the limit.
MAX_SEARCH_SOLUTIONS = 1 << 39
#: Boards up to this many buttons get the covering relaxation solved as a linear program
#: (HiGHS's interior point method: 0.1 s at 1,600 buttons, 1 s at 3,600 with every light to
#: change; its simplex took 3 s and over 5 s there); larger ones, or a program not solved
#: within `_LP_SECONDS`, a greedy dual (about a quarter lower on grids).
_LP_BUTTONS = 2500
_LP_SECONDS = 1.0

#: Largest kernel whose solutions the prefix search can number (int64): past it no time
#: limit lets an exact search run.
NUMBERED_LIMIT = 1 << 62

#: ``heuristic(start, work)``: a light solution in the coset of `start`, ending early past
#: the work's deadline.
Heuristic = Callable[[NDArray[np.uint8], Work], NDArray[np.uint8]]


def solutions_budget(work: Work) -> int:
    """The most solutions the prefix search walks without a deadline (`SPLIT_LIMIT` unless
    the work says)."""
    return SPLIT_LIMIT if work.solutions is None else work.solutions


def fewest_past_walk(
    quiet: NDArray[np.uint8],
    orders: tuple[int, ...],
    x0: NDArray[np.uint8],
    k: int,
    heuristic: Heuristic,
    work: Work | None = None,
    system: PressSystem | None = None,
) -> FewestSolution:
    """The lightest solution in ``x0 + Σ c_j quiet[j] (mod k)`` when a transform can prove
    it, else the best found with a proven lower bound (from the board's lights, when given)
    and the solutions an exact search walks (past `NUMBERED_LIMIT`, one it cannot run).
    The prefix search runs within `Work.solutions`, or on any kernel it can number when the
    work has a deadline (then until it)."""
    work = work or Work()
    size = math.prod(orders)
    if size <= FOURIER_LIMIT:
        found = fewest_by_fourier(quiet, orders, x0, k)
        if found is not None:
            return FewestSolution(*found, size, True, "fourier")
    if not x0.any():  # nothing to press: only the zero vector weighs 0
        return FewestSolution(x0, 0, 1, size, True, "heuristic")
    best, method = x0, "heuristic"
    # (the prefixes are numbered in int64: a kernel past 2^62 goes to the heuristic)
    if size <= solutions_budget(work) or (work.has_deadline() and size <= NUMBERED_LIMIT):
        split = fewest_by_prefixes(quiet, orders, x0, k, work)
        if split is not None and split.complete:
            return FewestSolution(split.presses, split.weight, split.ties, size, True, "fourier")
        if split is not None:
            best, method = split.presses, "fourier"
    descended = heuristic(best, work)
    if _weight(descended) < _weight(best):
        best, method = descended, "heuristic"
    weight = _weight(best)
    if weight == 0:
        return FewestSolution(best, 0, 1, size, True, method)
    lower = 0 if system is None else cover_bound_mod(system, x0)
    if lower >= weight:  # the bound proves the answer optimal (ties not counted)
        return FewestSolution(best, weight, None, size, True, method)
    return FewestSolution(best, weight, None, size, False, method, lower, None, size)


def out_of_reach(walks: int) -> str | None:
    """How a bounded answer says its exact search cannot run (past `NUMBERED_LIMIT`); None
    when a long enough time limit would run it.

    >>> out_of_reach(2**124)
    'an exact search would walk 2.13e+37 solutions, out of reach'
    >>> out_of_reach(3**20) is None
    True
    """
    if walks <= NUMBERED_LIMIT:
        return None
    return f"an exact search would walk {walks:.3g} solutions, out of reach"


def _weight(x: NDArray[np.uint8]) -> int:
    return int(x.astype(np.int64).sum())


def cover_bound_mod(system: PressSystem, x0: NDArray[np.uint8]) -> int:
    """A proven lower bound on the presses of every x with ``A x = A x0 (mod k)``.

    Light u must change by ``b_u = (A x0)_u mod k``; the presses of the buttons acting on it
    add up to ``b_u`` modulo k, and so to at least ``b_u``: ``A x ≥ b`` with
    ``0 ≤ x ≤ k − 1``. For any ``y ≥ 0`` weak duality gives
    ``Σ x ≥ b·y − (k − 1)·Σ_i max(0, (Aᵀy)_i − 1)``; y is the covering program's dual
    (HiGHS) on boards up to `_LP_BUTTONS` when it is solved in time, else
    ``y_u = 1 / max_{i ∋ u} c_i`` (``c_i`` the lights to change that button i acts on),
    and the bound is evaluated for that y here.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> path = grid_system(1, 3, states=3)
    >>> cover_bound_mod(path, np.array([0, 2, 0], dtype=np.uint8))  # every light by 2
    2
    """
    import scipy.sparse  # (only past the walk: small boards never load scipy)

    from lograph.core.optimize.fewest._bounds import cover_widths

    k, n = system.states, system.n
    a = scipy.sparse.csc_array(
        (np.ones(len(system.indices)), system.indices, system.indptr), shape=(n, n)
    ).tocsr()
    b = (a @ x0.astype(np.float64)) % k
    if not b.any():
        return 0
    y = _lp_dual(a, b, k) if n <= _LP_BUTTONS else None
    if y is None:
        y = np.zeros(n)
        y[b > 0] = 1.0 / cover_widths(a[b > 0], n)
    excess = np.maximum(0.0, a.T @ y - 1.0)
    value = float(b @ y - (k - 1) * excess.sum())
    return max(0, math.ceil(value - 1e-6))


def _lp_dual(
    a: scipy.sparse.csr_array, b: NDArray[np.float64], k: int
) -> NDArray[np.float64] | None:
    """The covering program's dual values (None when HiGHS gives none)."""
    from scipy.optimize import linprog

    n = len(b)
    result = linprog(
        np.ones(n),
        A_ub=-a,
        b_ub=-b,
        bounds=(0, k - 1),
        method="highs-ipm",
        options={"time_limit": _LP_SECONDS},
    )
    if result.status != 0 or result.ineqlin is None or result.ineqlin.marginals is None:
        return None
    return np.maximum(0.0, -np.asarray(result.ineqlin.marginals, dtype=np.float64))
