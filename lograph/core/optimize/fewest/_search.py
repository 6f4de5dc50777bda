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
lower bound (`lograph.core.optimize.fewest._bounds`; for p > 2
`lograph.core.optimize.fewest._past_walk.cover_bound_mod`).

A deadline (`Work.deadline` or `Work.stop`, a time limit) over GF(2) holds for the whole
call: the searches end at it, and the work after them (the heuristic's descents over the
board's groups, which ask no deadline: minutes on the open 100×100 board) is cut
`OVERRUN_SECONDS` later; the quick heuristic answers then (`_quick_answer`: its descent and
bounds, about a second there).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, Solver
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
    beyond_transform,
    bounded,
    exact_gf2,
    transform_limit,
)
from lograph.core.optimize.fewest._past_walk import (
    MAX_SEARCH_SOLUTIONS,
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
from lograph.core.work import Work

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
    """Raised through the search's cancel hook once the deadline is `OVERRUN_SECONDS` past."""


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


def exact_possible(analysis: Analysis, work: Work | None = None) -> bool:
    """Whether `fewest_presses` proves its answer on this board (for every position) by
    one transform or walk, whatever the work's leaves and solutions."""
    if analysis.quiet_orders is not None:
        quiet = np.asarray(analysis.quiet, dtype=np.uint8)
        return kernel_exact_feasible(quiet, analysis.quiet_orders, analysis.states)
    exact_limit = transform_limit(work or Work())
    return _exact_feasible(analysis.nullity, analysis.ring, analysis.n, exact_limit)


def fewest_presses(
    source: Solver | Analysis,
    particular: ArrayLike,
    *,
    work: Work | None = None,
    seed: int = 0,
    symmetries: Sequence[NDArray[np.intp]] | None = None,
) -> FewestSolution:
    """The solution with the fewest presses among ``particular + span(quiet)``.

    Parameters
    ----------
    source, particular
        The prepared board (Solver or Analysis); any one solution ``x₀`` of ``A x = c``.
    work : Work, optional
        Polled during long work (cancelled: `InterruptedComputation`) and told its progress.
        Its budgets: over GF(2) the largest nullity done by one transform
        (`transform_nullity`, default `EXACT_NULLITY_LIMIT`; memory 4·2^k bytes), and past
        it the search's largest nullity (`search_nullity`, `BRANCH_NULLITY_LIMIT`) and
        leaves (`leaves`, `BRANCH_NODE_LIMIT`); p > 2: the solutions searched by prefixes
        (`solutions`, `SPLIT_LIMIT`) when it has no deadline. Past them a heuristic answer
        and a proven bound; past its deadline (see the module's notes) the best found, not
        `exact`.
    seed, symmetries : optional
        The heuristic's seed; button permutations (``x ↦ x[perm]``) tried as symmetries
        (each checked; default: the square's about the drawn positions).

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
    work = work or Work()
    analysis = source if isinstance(source, Analysis) else source.analysis
    x0 = _checked_particular(particular, analysis.n, analysis.states)
    system = None if isinstance(source, Analysis) else source.system
    search = _BY_RING[analysis.ring.kind]
    return search(analysis, x0, work, system, symmetries, seed)


def _quiet_basis(analysis: Analysis) -> NDArray[np.uint8]:
    """The quiet basis over a field as rows (``nullity × N``)."""
    return np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, analysis.n)


def _unique(x0: NDArray[np.uint8]) -> FewestSolution:
    """No quiet pattern: `x0` is the only solution."""
    return FewestSolution(x0, int(x0.astype(np.int64).sum()), 1, 1, True, "unique")


def _fewest_gf2(
    analysis: Analysis,
    x0: NDArray[np.uint8],
    work: Work,
    system: PressSystem | None,
    symmetries: Sequence[NDArray[np.intp]] | None,
    seed: int,
) -> FewestSolution:
    """GF(2): one Walsh–Hadamard transform up to the work's `transform_nullity`, then the
    searches past it."""
    quiet = _quiet_basis(analysis)
    if (k := len(quiet)) == 0:
        return _unique(x0)
    if _exact_feasible(k, analysis.ring, analysis.n, transform_limit(work)):
        return exact_gf2(quiet, x0, work)
    if symmetries is None and system is not None:
        symmetries = dihedral_candidates(system.positions)
    return _beyond_within(quiet, x0, symmetries, work, system, seed)


def _fewest_gfp(
    analysis: Analysis,
    x0: NDArray[np.uint8],
    work: Work,
    system: PressSystem | None,
    symmetries: Sequence[NDArray[np.intp]] | None,
    seed: int,
) -> FewestSolution:
    """GF(p), p > 2: the walk over the combinations while it is small and no transform
    beats it, else transforms and the block descent."""
    quiet = _quiet_basis(analysis)
    if (k := len(quiet)) == 0:
        return _unique(x0)
    p, n = analysis.states, analysis.n
    if _exact_feasible(k, analysis.ring, n, transform_limit(work)) and not _transform_first(
        k, p, n
    ):
        return FewestSolution(*fewest_mod_p(quiet, x0, p, work), p**k, True, "enumeration")
    return _past_walk_gfp(quiet, x0, p, work, seed, system)


def _fewest_zk(
    analysis: Analysis,
    x0: NDArray[np.uint8],
    work: Work,
    system: PressSystem | None,
    symmetries: Sequence[NDArray[np.intp]] | None,
    seed: int,
) -> FewestSolution:
    """Z_k, k composite: the quiet patterns form a module (`fewest_zk`)."""
    return fewest_zk(analysis, x0, work, seed, system)


_Search = Callable[
    [
        Analysis,
        NDArray[np.uint8],
        Work,
        PressSystem | None,
        Sequence[NDArray[np.intp]] | None,
        int,
    ],
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
    work: Work,
    system: PressSystem | None,
    seed: int,
) -> FewestSolution:
    """`beyond_transform` held to the work's deadline: its cancel hook also watches the
    deadline, and once it has passed `OVERRUN_SECONDS` after the last poll that found it
    not passed, ends the work for the quick heuristic's answer (measured from that poll,
    the deadline passed no earlier: a long stretch without polls before it is not granted
    more time after it)."""
    if not work.has_deadline():
        return beyond_transform(quiet, x0, symmetries, work, system, seed)
    last_running = time.monotonic()

    def watched() -> bool:
        nonlocal last_running
        if work.cancelled():
            return True  # the caller's own cancel: interrupted as ever
        now = time.monotonic()
        if not work.past_deadline():
            last_running = now
        elif now - last_running > OVERRUN_SECONDS:
            raise _PastTimeLimit
        return False

    try:
        return beyond_transform(quiet, x0, symmetries, replace(work, cancel=watched), system, seed)
    except _PastTimeLimit:
        return _quick_answer(quiet, x0, symmetries, system, seed, work)


def _quick_answer(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    system: PressSystem | None,
    seed: int,
    work: Work,
) -> FewestSolution:
    """The heuristic alone, with no search and no group descent: its descent from the
    lightest symmetric solution, with the root and covering bounds (about a second on the
    open 100×100 board)."""
    keys = class_numbers(quiet) if len(quiet) > BRANCH_NULLITY_LIMIT else quiet_classes(quiet)
    alone = replace(work.only_cancel(), leaves=0)
    return bounded(quiet, keys, x0, symmetries, system, seed, alone)


def _past_walk_gfp(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    p: int,
    work: Work,
    seed: int,
    system: PressSystem | None,
) -> FewestSolution:
    """GF(p), p > 2, past the walk: transforms, then the block descent
    (`lograph.core.optimize.fewest._past_walk`)."""

    def heuristic(start: NDArray[np.uint8], within: Work) -> NDArray[np.uint8]:
        return descend(quiet, start, p, within, seed)

    return fewest_past_walk(quiet, (p,) * len(quiet), x0, p, heuristic, work, system)


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
    work: Work | None = None,
) -> FewestSolution:
    """Fewest presses taking the board's lights to the goal, within `work` as in
    `fewest_presses` (its cancel hook also stops preparing the board).

    Raises `UnsolvableError` when the goal cannot be reached.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> board = rectangle(3, 3)
    >>> solve_fewest(board, goal="on").press_count  # 1 0 1 / 0 1 0 / 1 0 1 pressed
    5
    """
    from lograph.core.solve import prepare, solve

    work = work or Work()
    system = board.to_system() if isinstance(board, Board) else board
    solver = solver or prepare(system, engine, work.cancel)
    found = solve(system, goal, solver=solver)
    if found.presses is None:
        raise UnsolvableError(
            f"the goal cannot be reached from this position (world {list(found.world)})"
        )
    return fewest_presses(solver, found.presses, work=work)
