"""Fewest presses: the lightest solution among all ``p^k`` solutions of ``A x = c``.

All solutions are ``x₀ + span(quiet)``. The *weight* of a press vector is the total number of
presses, ``Σ x_i`` with each ``x_i`` in ``0..p−1`` (for p = 2 the number of buttons pressed).

Over GF(2) each button i has a *class* ``q_i ∈ GF(2)^k`` (its column of the quiet basis), and
the weight of ``x₀ + c·Q`` is ``Σ_i x₀_i ⊕ (c·q_i)``. Grouping buttons by class turns all
``2^k`` weights into one Walsh–Hadamard transform over the classes: O(N·k + k·2^k) instead of
O(N·2^k). That is exact up to k = `EXACT_NULLITY_LIMIT`; beyond it, while at most
`BRANCH_NODE_LIMIT` leaves are needed, the split search over pairs of two button groups'
coordinates (`lograph.core.optimize.fewest._gf2_split`; a rectangle's parity sublattices) or else
one transform per leaf of up to 2^18 solutions and one leaf per orbit of the board's
symmetries (`lograph.core.optimize.fewest._gf2_orbits`) proves the answer too. For p > 2 the
``p^k`` combinations are enumerated over the distinct (class, value) groups while that is
small, then Fourier transforms over the kernel prove it (`lograph.core.optimize.fewest._past_walk`,
shared with Z_k). Beyond either range a clearly labelled heuristic
(exact minimisation over random blocks of quiet patterns, repeated; over GF(2) started from
the lightest symmetric solution) returns a good solution with ``exact=False`` and a proven
lower bound (`lograph.core.optimize.fewest._bounds`; for p > 2 `zk_beyond.cover_bound_mod`).

A time limit (`stop`) over GF(2) holds for the whole call: the searches end at it, and the
work after them (the heuristic's descents over the board's groups, which poll no time
limit: minutes on the open 100×100 board) is cut `OVERRUN_SECONDS` later; the quick
heuristic answers then (`_quick_answer`: its descent and bounds, about a second there).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.cancel import Cancel, Progress
from lograph.core.errors import BoardError, UnsolvableError
from lograph.core.model.board import Board
from lograph.core.model.ring import Ring, RingKind
from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest._descent import descend, fewest_mod_p
from lograph.core.optimize.fewest._fourier import FOURIER_LIMIT
from lograph.core.optimize.fewest._gf2 import (
    BRANCH_NODE_LIMIT,
    BRANCH_NULLITY_LIMIT,
    EXACT_NULLITY_LIMIT,
    MAX_SEARCH_LEAVES,
    Budget,
    Limits,
    beyond_transform,
    bounded,
    exact_gf2,
)
from lograph.core.optimize.fewest._past_walk import (
    MAX_SEARCH_SOLUTIONS,
    SPLIT_LIMIT,
    PastWalk,
    fewest_past_walk,
)
from lograph.core.optimize.fewest._solution import FewestSolution
from lograph.core.optimize.fewest._zk import fewest_zk, kernel_exact_feasible
from lograph.core.optimize.quiet import (
    class_numbers,
    dihedral_candidates,
    fewest_by_classes,
    parity,
    quiet_classes,
)

__all__ = [
    "BRANCH_NODE_LIMIT",
    "BRANCH_NULLITY_LIMIT",
    "EXACT_NULLITY_LIMIT",
    "MAX_SEARCH_LEAVES",
    "MAX_SEARCH_SOLUTIONS",
    "OVERRUN_SECONDS",
    "FewestSolution",
    "exact_possible",
    "fewest_by_classes",
    "fewest_presses",
    "parity",
    "quiet_classes",
    "solve_fewest",
]


#: p > 2: exact while (combinations × groups) stays below this many weight evaluations.
ENUMERATION_WORK_LIMIT = 1 << 28


#: Seconds the work after a time limit may take over GF(2) before the quick heuristic
#: answers instead (what follows a stopped search takes a few seconds on most boards).
OVERRUN_SECONDS = 10.0


class _PastTimeLimit(Exception):
    """Raised through the search's cancel hook once the time limit is `OVERRUN_SECONDS` past."""


#: p > 2: the walk answers while (combinations × groups) stays below this; beyond, a
#: transform (`_transform_first`).
_WALK_FIRST = 1 << 24


def _exact_feasible(k: int, ring: Ring, n: int, exact_limit: int) -> bool:
    if ring.kind is RingKind.GF2:
        return k <= exact_limit
    p = ring.order
    if k * math.log2(p) > 62:
        return False
    return bool(p**k <= FOURIER_LIMIT or p**k * min(n, p ** (k + 1)) <= ENUMERATION_WORK_LIMIT)


def exact_possible(analysis: Analysis, exact_limit: int = EXACT_NULLITY_LIMIT) -> bool:
    """Whether `fewest_presses` proves its answer on this board (for every position)."""
    if analysis.quiet_orders is not None:
        quiet = np.asarray(analysis.quiet, dtype=np.uint8)
        return kernel_exact_feasible(quiet, analysis.quiet_orders, analysis.states)
    return _exact_feasible(analysis.nullity, analysis.ring, analysis.n, exact_limit)


def fewest_presses(
    source: Solver | Analysis,
    particular: ArrayLike,
    *,
    exact_limit: int = EXACT_NULLITY_LIMIT,
    cancel: Cancel = None,
    seed: int = 0,
    branch_limit: int | None = None,
    node_limit: int = BRANCH_NODE_LIMIT,
    symmetries: Sequence[NDArray[np.intp]] | None = None,
    progress: Progress = None,
    stop: Callable[[], bool] | None = None,
    split_limit: int = SPLIT_LIMIT,
) -> FewestSolution:
    """The solution with the fewest presses among ``particular + span(quiet)``.

    Parameters
    ----------
    source, particular
        The prepared board (Solver or Analysis); any one solution ``x₀`` of ``A x = c``.
    exact_limit : int
        Largest nullity done by one transform over GF(2) (memory 4·2^k bytes).
    cancel, seed
        Polled during long work (True raises `InterruptedComputation`); the heuristic's seed.
    branch_limit, node_limit, split_limit : int
        GF(2) beyond `exact_limit`: the search's largest nullity (`BRANCH_NULLITY_LIMIT`)
        and leaves (`BRANCH_NODE_LIMIT`); p > 2: the solutions searched by prefixes without
        `stop` (`zk_beyond.PastWalk`); past them a heuristic answer and a proven bound.
    symmetries, progress, stop : optional
        Button permutations (``x ↦ x[perm]``) tried as symmetries (each checked; default:
        the square's about the drawn positions); ``progress(done, total)`` during a search;
        `stop` (a time limit; see the module's notes) ends it: the best found, not `exact`.

    Returns the `FewestSolution` (weight: total presses ``Σ x_i``, ``x_i ∈ 0..p−1``).
    Examples
    --------
    >>> from lograph.core.solve import prepare, solve
    >>> from lograph.core.model.generators import rectangle
    >>> solver = prepare(board := rectangle(5, 5))
    >>> best = fewest_presses(solver, solve(board, goal="on", solver=solver).presses)
    >>> best.press_count, best.optimal_solutions, best.solutions, best.exact
    (15, 4, 4, True)
    """
    analysis = source if isinstance(source, Analysis) else source.analysis
    x0 = _checked_particular(particular, analysis.n, analysis.states)
    system = None if isinstance(source, Analysis) else source.system
    past = PastWalk(system, stop, progress, split_limit)  # GF(p) and Z_k past the walk
    budget = Budget(exact_limit, branch_limit, node_limit, cancel, progress, stop)  # GF(2)
    search = _BY_RING[analysis.ring.kind]
    return search(analysis, x0, budget, past, symmetries, seed)


def _quiet_basis(analysis: Analysis) -> NDArray[np.uint8]:
    """The quiet basis over a field as rows (``nullity × N``)."""
    return np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, analysis.n)


def _unique(x0: NDArray[np.uint8]) -> FewestSolution:
    """No quiet pattern: `x0` is the only solution."""
    return FewestSolution(x0, int(x0.astype(np.int64).sum()), 1, 1, True, "unique")


def _fewest_gf2(
    analysis: Analysis,
    x0: NDArray[np.uint8],
    budget: Budget,
    past: PastWalk,
    symmetries: Sequence[NDArray[np.intp]] | None,
    seed: int,
) -> FewestSolution:
    """GF(2): one Walsh–Hadamard transform up to `exact_limit`, then the searches past it."""
    quiet = _quiet_basis(analysis)
    if (k := len(quiet)) == 0:
        return _unique(x0)
    if _exact_feasible(k, analysis.ring, analysis.n, budget.exact_limit):
        return exact_gf2(quiet, x0, budget.cancel)
    system = past.system
    if symmetries is None and system is not None:
        symmetries = dihedral_candidates(system.positions)
    return _beyond_within(quiet, x0, symmetries, budget, system, seed)


def _fewest_gfp(
    analysis: Analysis,
    x0: NDArray[np.uint8],
    budget: Budget,
    past: PastWalk,
    symmetries: Sequence[NDArray[np.intp]] | None,
    seed: int,
) -> FewestSolution:
    """GF(p), p > 2: the walk over the combinations while it is small and no transform
    beats it, else transforms and the block descent."""
    quiet = _quiet_basis(analysis)
    if (k := len(quiet)) == 0:
        return _unique(x0)
    p, n, cancel = analysis.states, analysis.n, budget.cancel
    if _exact_feasible(k, analysis.ring, n, budget.exact_limit) and not _transform_first(k, p, n):
        return FewestSolution(*fewest_mod_p(quiet, x0, p, cancel), p**k, True, "enumeration")
    return _past_walk_gfp(quiet, x0, p, cancel, seed, past)


def _fewest_zk(
    analysis: Analysis,
    x0: NDArray[np.uint8],
    budget: Budget,
    past: PastWalk,
    symmetries: Sequence[NDArray[np.intp]] | None,
    seed: int,
) -> FewestSolution:
    """Z_k, k composite: the quiet patterns form a module (`fewest_zk`)."""
    return fewest_zk(analysis, x0, budget.cancel, seed, past)


_Search = Callable[
    [Analysis, NDArray[np.uint8], Budget, PastWalk, Sequence[NDArray[np.intp]] | None, int],
    FewestSolution,
]

#: The search `fewest_presses` runs, by the board's number system.
_BY_RING: dict[RingKind, _Search] = {
    RingKind.GF2: _fewest_gf2,
    RingKind.GFP: _fewest_gfp,
    RingKind.ZK: _fewest_zk,
}


def _beyond_within(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    budget: Budget,
    system: PressSystem | None,
    seed: int,
) -> FewestSolution:
    """`beyond_transform` held to its time limit: its cancel hook also watches `stop`, and
    once it holds `OVERRUN_SECONDS` after the last poll that found it not holding, ends the
    work for the quick heuristic's answer (measured from that poll, the limit passed no
    earlier: a long stretch without polls before it is not granted more time after it)."""
    stop, cancel = budget.stop, budget.cancel
    if stop is None:
        return beyond_transform(quiet, x0, symmetries, budget, system, seed)
    last_running = time.monotonic()

    def watched() -> bool:
        nonlocal last_running
        if cancel is not None and cancel():
            return True  # the caller's own cancel: interrupted as ever
        now = time.monotonic()
        if not stop():
            last_running = now
        elif now - last_running > OVERRUN_SECONDS:
            raise _PastTimeLimit
        return False

    limits = (budget.exact_limit, budget.branch_limit, budget.node_limit)
    guarded = Budget(*limits, watched, budget.progress, stop)
    try:
        return beyond_transform(quiet, x0, symmetries, guarded, system, seed)
    except _PastTimeLimit:
        return _quick_answer(quiet, x0, symmetries, system, seed, cancel)


def _quick_answer(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    system: PressSystem | None,
    seed: int,
    cancel: Cancel,
) -> FewestSolution:
    """The heuristic alone, with no search and no group descent: its descent from the
    lightest symmetric solution, with the root and covering bounds (about a second on the
    open 100×100 board)."""
    keys = class_numbers(quiet) if len(quiet) > BRANCH_NULLITY_LIMIT else quiet_classes(quiet)
    return bounded(quiet, keys, x0, symmetries, system, seed, Limits(0, cancel, None, None))


def _past_walk_gfp(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    p: int,
    cancel: Cancel,
    seed: int,
    past: PastWalk,
) -> FewestSolution:
    """GF(p), p > 2, past the walk: transforms, then the block descent (`zk_beyond`)."""

    def heuristic(start: NDArray[np.uint8], until: Callable[[], bool] | None) -> NDArray[np.uint8]:
        return descend(quiet, start, p, cancel, seed, until)

    return fewest_past_walk(quiet, (p,) * len(quiet), x0, p, heuristic, cancel, past)


def _transform_first(k: int, p: int, n: int) -> bool:
    """Over GF(p), p > 2: whether one transform beats walking the combinations (17×17 over
    GF(3): 0.1 s against 3.4 s), which it does once the walk passes ~2^24 updates."""
    return bool(p**k <= FOURIER_LIMIT and p**k * min(n, p ** (k + 1)) > _WALK_FIRST)


def _checked_particular(particular: ArrayLike, n: int, p: int) -> NDArray[np.uint8]:
    """`particular` as uint8 after checking it is n values in 0..p-1."""
    x0 = np.asarray(particular)
    if x0.shape != (n,):
        raise BoardError(f"particular solution must have {n} entries, not shape {x0.shape}")
    if x0.size and (x0.min() < 0 or x0.max() >= p):
        raise BoardError(f"particular solution values must lie in 0..{p - 1}")
    return x0.astype(np.uint8)


def solve_fewest(
    board: Board | PressSystem,
    goal: str | ArrayLike = "off",
    engine: str = "auto",
    *,
    solver: Solver | None = None,
    exact_limit: int = EXACT_NULLITY_LIMIT,
    cancel: Cancel = None,
    stop: Callable[[], bool] | None = None,
) -> FewestSolution:
    """Fewest presses taking the board's lights to the goal (`stop`: a time limit, as in
    `fewest_presses`).

    Raises `UnsolvableError` when the goal cannot be reached.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> board = rectangle(3, 3)
    >>> solve_fewest(board, goal="on").press_count  # 1 0 1 / 0 1 0 / 1 0 1 pressed
    5
    """
    from lograph.core.solve import prepare, solve

    system = board.to_system() if isinstance(board, Board) else board
    solver = solver or prepare(system, engine, cancel)
    found = solve(system, goal, solver=solver)
    if found.presses is None:
        raise UnsolvableError(
            f"the goal cannot be reached from this position (world {list(found.world)})"
        )
    return fewest_presses(solver, found.presses, exact_limit=exact_limit, cancel=cancel, stop=stop)
