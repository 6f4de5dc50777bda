"""Fewest presses: the lightest solution among all ``p^k`` solutions of ``A x = c``.

All solutions are ``x₀ + span(quiet)``. The *weight* of a press vector is the total number of
presses, ``Σ x_i`` with each ``x_i`` in ``0..p−1`` (for p = 2 the number of buttons pressed).

Over GF(2) each button i has a *class* ``q_i ∈ GF(2)^k`` (its column of the quiet basis), and
the weight of ``x₀ + c·Q`` is ``Σ_i x₀_i ⊕ (c·q_i)``. Grouping buttons by class turns all
``2^k`` weights into one Walsh–Hadamard transform over the classes: O(N·k + k·2^k) instead of
O(N·2^k). That is exact up to k = `EXACT_NULLITY_LIMIT`; beyond it, while at most
`BRANCH_NODE_LIMIT` leaves are needed, the split search over pairs of two button groups'
coordinates (`lograph.core.optimize.gf2_split`; a rectangle's parity sublattices) or else
one transform per leaf of up to 2^18 solutions and one leaf per orbit of the board's
symmetries (`lograph.core.optimize.gf2_frontier`) proves the answer too. For p > 2 the
``p^k`` combinations are enumerated over the distinct (class, value) groups while that is
small. Beyond either range a clearly labelled heuristic
(exact minimisation over random blocks of quiet patterns, repeated; over GF(2) started from
the lightest symmetric solution) returns a good solution with ``exact=False`` and, over
GF(2), a proven lower bound (`lograph.core.optimize.gf2_bounds`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.cancel import Cancel, Progress, RunningTotal
from lograph.core.errors import BoardError, UnsolvableError
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem
from lograph.core.optimize.gf2_bounds import cover_bound
from lograph.core.optimize.gf2_classes import class_numbers, minimise_classes, parity, quiet_classes
from lograph.core.optimize.gf2_frontier import plan_frontier
from lograph.core.optimize.gf2_orbits import root_bound
from lograph.core.optimize.gf2_seeds import symmetric_start
from lograph.core.optimize.gf2_split import PAIRS_PER_LEAF, plan_split
from lograph.core.optimize.gf2_split_floor import GroupSolver, group_descent, group_floor
from lograph.core.optimize.gf2_split_search import split_search
from lograph.core.optimize.gf2_symmetry import (
    coset_actions,
    dihedral_candidates,
    kept_permutations,
)
from lograph.core.optimize.neighbourhood import descend, minimise_modp
from lograph.core.optimize.zk_minimal import fewest_zk, kernel_exact_feasible

__all__ = [
    "BRANCH_NODE_LIMIT",
    "BRANCH_NULLITY_LIMIT",
    "EXACT_NULLITY_LIMIT",
    "MAX_SEARCH_LEAVES",
    "MinimalSolution",
    "exact_possible",
    "fewest_presses",
    "minimise_classes",
    "parity",
    "quiet_classes",
    "solve_minimal",
]


#: Largest nullity solved exactly over GF(2): the transform holds 2^k int32 (256 MB at 26).
EXACT_NULLITY_LIMIT = 26
#: Largest nullity searched beyond one transform (classes are int64 bit masks).
BRANCH_NULLITY_LIMIT = 62
#: Leaves (transforms of 2^18, one per orbit of the board's symmetries) a search may take by
#: default, about a minute and a half on two cores (some 30 µs a leaf); the split search
#: counts `PAIRS_PER_LEAF` pairs as one (all-on 65×65: 10,899; its orbit search: 2,122,816).
BRANCH_NODE_LIMIT = 3 << 20
#: The most leaves a search may be given (`--max-leaves`, the window's button): 9 hours here.
MAX_SEARCH_LEAVES = 1 << 30
#: p > 2: exact while (combinations × groups) stays below this many weight evaluations.
ENUMERATION_WORK_LIMIT = 1 << 28


@dataclass(frozen=True, eq=False)
class MinimalSolution:
    """The fewest-presses solution of one position.

    Attributes
    ----------
    presses : ndarray of uint8
        How often to press each button (0..p−1), in button order.
    press_count : int
        Its weight ``Σ presses``: the fewest presses when `exact`.
    optimal_solutions : int or None
        How many of the solutions reach `press_count` (None when not `exact`, or when a
        lower bound proved a heuristic answer optimal without counting).
    solutions : int
        How many solutions there are in all: ``p^nullity``.
    exact : bool
        True when `press_count` is proven minimal (also for a heuristic answer of 0).
    method : str
        ``"unique"`` (nullity 0), ``"walsh-hadamard"``, ``"branch and bound"``,
        ``"enumeration"``, ``"fourier"`` (Z_k) or ``"heuristic"``.
    lower_bound : int
        A proven lower bound on the fewest presses: `press_count` when `exact`, otherwise
        what the search proved (0 when nothing was proved).
    search_leaves : int or None
        For a GF(2) answer that is not exact because the search would need more leaves
        than allowed (``node_limit``, the CLI's ``--max-leaves``): how many leaves a complete
        search needs, when they were counted; else None.
    """

    presses: NDArray[np.uint8]
    press_count: int
    optimal_solutions: int | None
    solutions: int
    exact: bool
    method: str
    lower_bound: int = -1
    search_leaves: int | None = None

    def __post_init__(self) -> None:
        if self.exact or self.lower_bound < 0:  # exact, or no bound given: the proven value
            object.__setattr__(self, "lower_bound", self.press_count if self.exact else 0)


def _minimise_gf2(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], cancel: Cancel
) -> tuple[NDArray[np.uint8], int, int]:
    return minimise_classes(quiet_classes(quiet), len(quiet), x0, cancel)


def _exact_feasible(k: int, p: int, n: int, exact_limit: int) -> bool:
    if p == 2:
        return k <= exact_limit
    return k * math.log2(p) <= 62 and p**k * min(n, p ** (k + 1)) <= ENUMERATION_WORK_LIMIT


def exact_possible(analysis: Analysis, exact_limit: int = EXACT_NULLITY_LIMIT) -> bool:
    """Whether `fewest_presses` proves its answer on this board (for every position)."""
    if analysis.quiet_orders is not None:
        quiet = np.asarray(analysis.quiet, dtype=np.uint8)
        return kernel_exact_feasible(quiet, analysis.quiet_orders, analysis.states)
    return _exact_feasible(analysis.nullity, analysis.states, analysis.n, exact_limit)


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
) -> MinimalSolution:
    """The solution with the fewest presses among ``particular + span(quiet)``.

    Parameters
    ----------
    source, particular
        The prepared board (Solver or Analysis); any one solution ``x₀`` of ``A x = c``.
    exact_limit : int
        Largest nullity done by one transform over GF(2) (memory 4·2^k bytes).
    cancel, seed
        Polled during long work (True raises `InterruptedComputation`); the heuristic's seed.
    branch_limit, node_limit : int
        GF(2) beyond `exact_limit`: the search's largest nullity (`BRANCH_NULLITY_LIMIT`)
        and leaves (`BRANCH_NODE_LIMIT`); past them a heuristic answer and a proven bound.
    symmetries, progress, stop : optional
        Button permutations (``x ↦ x[perm]``) tried as symmetries (each checked; default:
        the square's about the drawn positions); ``progress(done, total)`` during a search;
        `stop`, polled by it (a time limit), ends it: the best found, not `exact`.

    Returns the `MinimalSolution` (weight: total presses ``Σ x_i``, ``x_i ∈ 0..p−1``).
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
    p, n = analysis.states, analysis.n
    x0 = _checked_particular(particular, n, p)
    if analysis.quiet_orders is not None:  # Z_k, k composite: a module
        return MinimalSolution(*fewest_zk(analysis, x0, cancel, seed))
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, n)
    if (k := len(quiet)) == 0:
        return MinimalSolution(x0, int(x0.astype(np.int64).sum()), 1, 1, True, "unique")
    if _exact_feasible(k, p, n, exact_limit):
        return _exact(quiet, x0, p, cancel)
    if p == 2:
        system = None if isinstance(source, Analysis) else source.system
        if symmetries is None and system is not None:
            symmetries = dihedral_candidates(system.positions)
        leaves = _search_leaves(k, exact_limit, branch_limit, node_limit)
        return _frontier(
            quiet, x0, symmetries, _Limits(leaves, cancel, progress, stop), system, seed
        )
    return _heuristic_answer(quiet, x0, p, cancel, seed)


def _search_leaves(k: int, exact_limit: int, branch_limit: int | None, node_limit: int) -> int:
    """The searches' leaf budget: none past `branch_limit` (default `BRANCH_NULLITY_LIMIT`,
    0 when `exact_limit` was lowered) but past int64 keys, where the groups' searches run."""
    default = BRANCH_NULLITY_LIMIT if exact_limit >= EXACT_NULLITY_LIMIT else 0
    within = k <= (default if branch_limit is None else branch_limit)
    return node_limit if within or k > BRANCH_NULLITY_LIMIT else 0


def _exact(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], p: int, cancel: Cancel
) -> MinimalSolution:
    found = _minimise_gf2(quiet, x0, cancel) if p == 2 else minimise_modp(quiet, x0, p, cancel)
    method = "walsh-hadamard" if p == 2 else "enumeration"
    return MinimalSolution(*found, p ** len(quiet), True, method)


def _heuristic_answer(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], p: int, cancel: Cancel, seed: int
) -> MinimalSolution:
    presses = descend(quiet, x0, p, cancel, seed)
    weight = int(presses.astype(np.int64).sum())
    solutions = p ** len(quiet)
    if weight == 0:  # nothing to press is optimal, and only the zero vector weighs 0
        return MinimalSolution(presses, 0, 1, solutions, True, "heuristic")
    return MinimalSolution(presses, weight, None, solutions, False, "heuristic")


@dataclass(frozen=True)
class _Limits:
    """What bounds a search beyond one transform: leaves, the cancel and stop hooks, and
    where it reports progress."""

    leaves: int
    cancel: Cancel
    progress: Progress
    stop: Callable[[], bool] | None


def _frontier(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    limits: _Limits,
    system: PressSystem | None,
    seed: int,
) -> MinimalSolution:
    """GF(2) beyond one transform: the split search when the board's groups split the
    combinations (`lograph.core.optimize.gf2_split`), else the orbit search, each when it
    fits the leaf budget; else (or when stopped) the heuristic's solution or the stopped
    search's best, whichever is lighter, with the best proven bound."""
    k, cancel = len(quiet), limits.cancel
    if k > BRANCH_NULLITY_LIMIT:  # class keys past int64: the bounded answer alone
        return _bounded(quiet, class_numbers(quiet), x0, symmetries, system, seed, limits)
    keys = quiet_classes(quiet)
    # below that nullity one transform answers unless told otherwise (tests of the orbit
    # search lower `exact_limit` on small boards): the split search is for the frontier
    splits = system is not None and k > EXACT_NULLITY_LIMIT
    split = None
    if splits and system is not None:
        kept = kept_permutations(quiet, x0, list(symmetries or []))
        split = plan_split(system, keys, k, x0, kept)
    if split is not None:
        needed = -(-split.needed // PAIRS_PER_LEAF)
        searched, lower = None, split.lower_bound
        if needed <= limits.leaves:
            found = split_search(
                split, x0, cancel=cancel, progress=limits.progress, stop=limits.stop
            )
            if found.complete and found.presses is not None:
                return MinimalSolution(
                    found.presses, found.weight, found.ties, 2**k, True, "branch and bound"
                )
            searched, lower = found.presses, max(lower, found.lower_bound)
        return _bounded(quiet, keys, x0, symmetries, system, seed, limits, searched, lower, needed)
    plan = plan_frontier(quiet, x0, symmetries or [], limits.leaves, cancel)
    searched = None
    if plan.leaves is not None:
        # limited by the budget, not by the count: exact only when the walk itself completed
        result = plan.search(
            x0,
            incumbent=None,
            leaf_limit=limits.leaves,
            cancel=cancel,
            progress=limits.progress,
            stop=limits.stop,
        )
        if result.complete:
            found_presses = plan.presses(x0, result.combination)
            return MinimalSolution(
                found_presses, result.weight, result.ties, 2**k, True, "branch and bound"
            )
        if result.combination >= 0:
            searched = plan.presses(x0, result.combination)
    return _bounded(quiet, keys, x0, symmetries, system, seed, limits, searched, 0, plan.needed)


def _bounded(
    quiet: NDArray[np.uint8],
    keys: NDArray[np.int64],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    system: PressSystem | None,
    seed: int,
    limits: _Limits,
    searched: NDArray[np.uint8] | None = None,
    lower: int = 0,
    needed: int | None = None,
) -> MinimalSolution:
    """The heuristic's solution (started from the lightest symmetric solution,
    `lograph.core.optimize.gf2_seeds`, and from the groups' lightest parts,
    `lograph.core.optimize.gf2_split_floor`) or a stopped search's, whichever is lighter,
    with the best of the root, cover, groups' and search bounds."""
    k, cancel = len(quiet), limits.cancel
    actions = coset_actions(quiet, x0, list(symmetries)) if symmetries else []
    starts = [symmetric_start(quiet, x0, actions, cancel)]
    floor, solver = None, _group_solver(limits, seed)
    if lower == 0 and system is not None and limits.leaves > 0:
        floor = group_floor(system, quiet, x0, solver, BRANCH_NULLITY_LIMIT)
    if floor is not None:
        starts += floor.starts
        lower = floor.lower
    tried = (descend(quiet, start, 2, cancel, seed) for start in starts)
    presses = min(tried, key=lambda found: int(found.sum()))
    if floor is not None:
        presses = group_descent(floor.members, quiet, presses, solver, BRANCH_NULLITY_LIMIT)
    method = "heuristic"
    if searched is not None and searched.sum() < presses.sum():
        presses, method = searched, "branch and bound"
    weight = int(presses.sum())
    if weight == 0:
        return MinimalSolution(presses, 0, 1, 2**k, True, method)
    lower = max(lower, root_bound(keys, x0))
    if system is not None:
        lower = max(lower, cover_bound(system.sparse(), x0))
    lower = min(weight, lower)
    exact = lower == weight
    needed = None if exact else needed
    return MinimalSolution(presses, weight, None, 2**k, exact, method, lower, needed)


def _group_solver(limits: _Limits, seed: int) -> GroupSolver:
    """Searches one group's question (or a slice of the board's) on its own, within the
    same leaf budget, cancel and stop; their leaves add up on one progress count."""
    count = RunningTotal(limits.progress)

    def solve_group(
        rows: NDArray[np.uint8], part: NDArray[np.uint8]
    ) -> tuple[NDArray[np.uint8], int]:
        alone = _Limits(limits.leaves, limits.cancel, count.piece(), limits.stop)
        found = _frontier(rows, part, None, alone, None, seed)
        return found.presses, found.lower_bound

    return solve_group


def _checked_particular(particular: ArrayLike, n: int, p: int) -> NDArray[np.uint8]:
    """`particular` as uint8 after checking it is n values in 0..p-1."""
    x0 = np.asarray(particular)
    if x0.shape != (n,):
        raise BoardError(f"particular solution must have {n} entries, not shape {x0.shape}")
    if x0.size and (x0.min() < 0 or x0.max() >= p):
        raise BoardError(f"particular solution values must lie in 0..{p - 1}")
    return x0.astype(np.uint8)


def solve_minimal(
    board: Board | PressSystem,
    goal: str | ArrayLike = "off",
    engine: str = "auto",
    *,
    solver: Solver | None = None,
    exact_limit: int = EXACT_NULLITY_LIMIT,
    cancel: Cancel = None,
) -> MinimalSolution:
    """Fewest presses taking the board's lights to the goal.

    Raises `UnsolvableError` when the goal cannot be reached.

    Examples
    --------
    >>> from lograph.core.model.generators import rectangle
    >>> board = rectangle(3, 3)
    >>> solve_minimal(board, goal="on").press_count  # 1 0 1 / 0 1 0 / 1 0 1 pressed
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
    return fewest_presses(solver, found.presses, exact_limit=exact_limit, cancel=cancel)
