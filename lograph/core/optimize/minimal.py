"""Fewest presses: the lightest solution among all ``p^k`` solutions of ``A x = c``.

All solutions are ``x₀ + span(quiet)``. The *weight* of a press vector is the total number of
presses, ``Σ x_i`` with each ``x_i`` in ``0..p−1`` (for p = 2 the number of buttons pressed).

Over GF(2) each button i has a *class* ``q_i ∈ GF(2)^k`` (its column of the quiet basis), and
the weight of ``x₀ + c·Q`` is ``Σ_i x₀_i ⊕ (c·q_i)``. Grouping buttons by class turns all
``2^k`` weights into one Walsh–Hadamard transform over the classes: O(N·k + k·2^k) instead of
O(N·2^k). That is exact up to k = `EXACT_NULLITY_LIMIT`; beyond it, while at most
`BRANCH_NODE_LIMIT` leaves are needed, one transform per leaf of up to 2^18 solutions and
one leaf per orbit of the board's symmetries (`lograph.core.optimize.gf2_frontier`) proves
the answer too. For p > 2 the ``p^k`` combinations are enumerated over the distinct
(class, value) groups while that is small. Beyond either range a clearly labelled heuristic
(exact minimisation over random blocks of quiet patterns, repeated; over GF(2) started from
the lightest symmetric solution) returns a good solution with ``exact=False`` and, over
GF(2), a proven lower bound (`lograph.core.optimize.gf2_bounds`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.cancel import Cancel, Progress, poll
from lograph.core.errors import BoardError, UnsolvableError
from lograph.core.model.board import Board
from lograph.core.model.system import PressSystem
from lograph.core.optimize.gf2_bounds import cover_bound
from lograph.core.optimize.gf2_classes import minimise_classes, parity, quiet_classes
from lograph.core.optimize.gf2_frontier import plan_frontier
from lograph.core.optimize.gf2_orbits import root_bound
from lograph.core.optimize.gf2_seeds import symmetric_start
from lograph.core.optimize.gf2_symmetry import coset_actions, dihedral_candidates
from lograph.core.optimize.zk_minimal import fewest_zk, kernel_exact_feasible

__all__ = [
    "BRANCH_NODE_LIMIT",
    "BRANCH_NULLITY_LIMIT",
    "EXACT_NULLITY_LIMIT",
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
#: default, about a minute and a half on two cores (some 30 µs a leaf): a complete search of
#: nullity 32 on a square board takes about 2,000 of them, of nullity 40 (all-on 61×61)
#: 530,976, of nullity 42 (all-on 65×65) 2,122,816.
BRANCH_NODE_LIMIT = 3 << 20
#: p > 2: exact while (combinations × groups) stays below this many weight evaluations.
ENUMERATION_WORK_LIMIT = 1 << 28
#: Heuristic: blocks of quiet patterns minimised exactly at once (2^16 per block for p = 2).
_BLOCK_BITS = 16
_HEURISTIC_PATIENCE = 16
_HEURISTIC_MAX_ROUNDS = 200
#: ... and at most about this many element operations in all (fewer rounds on huge boards).
_HEURISTIC_WORK = 300_000_000
#: Pairwise overlaps of quiet patterns are computed while k²·N stays below this.
_OVERLAP_WORK = 4_000_000_000


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


_CANCELLED = "fewest-presses search cancelled"


def _minimise_gf2(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], cancel: Cancel
) -> tuple[NDArray[np.uint8], int, int]:
    return minimise_classes(quiet_classes(quiet), len(quiet), x0, cancel)


def _minimise_modp(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], p: int, cancel: Cancel
) -> tuple[NDArray[np.uint8], int, int]:
    """Exact minimum of ``Σ (x0 + c·Q) mod p`` by enumerating c over (class, value) groups."""
    k = len(quiet)
    group_key = quiet_classes(quiet, p) * p + x0.astype(np.int64)
    uniq, counts = np.unique(group_key, return_counts=True)
    base = (uniq % p).astype(np.int64)
    classes = uniq // p
    digits = np.stack([(classes // p**j) % p for j in range(k)], axis=1)  # (G, k)
    total = p**k
    chunk = max(1, (1 << 22) // max(1, len(uniq)))
    best_w, best_c, count = -1, 0, 0
    for start in range(0, total, chunk):
        combos = np.arange(start, min(total, start + chunk), dtype=np.int64)
        cdig = np.stack([(combos // p**j) % p for j in range(k)], axis=1)  # (M, k)
        weights = ((base + cdig @ digits.T) % p) @ counts  # (M,)
        low = int(weights.min())
        hits = int(np.count_nonzero(weights == low))
        if best_w < 0 or low < best_w:
            best_w, best_c, count = low, int(combos[int(np.argmin(weights))]), hits
        elif low == best_w:
            count += hits
        poll(cancel, _CANCELLED)
    coeffs = np.array([(best_c // p**j) % p for j in range(k)], dtype=np.int64)
    presses = ((x0.astype(np.int64) + coeffs @ quiet.astype(np.int64)) % p).astype(np.uint8)
    return presses, int(presses.astype(np.int64).sum()), count


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


def _overlaps(quiet: NDArray[np.uint8]) -> NDArray[np.float32] | None:
    """Shared support of every pair of quiet patterns (None when too costly to compute)."""
    k, n = quiet.shape
    if k * k * n > _OVERLAP_WORK:
        return None
    dense = (quiet != 0).astype(np.float32)
    shared: NDArray[np.float32] = dense @ dense.T
    return shared


def _pick_block(
    k: int, block: int, overlaps: NDArray[np.float32] | None, rng: np.random.Generator
) -> NDArray[np.int64]:
    """A block of quiet patterns: random, or grown from a random seed by shared support."""
    if overlaps is None or rng.random() < 0.5:
        return np.sort(rng.choice(k, block, replace=False))
    chosen = [int(rng.integers(k))]
    score = overlaps[chosen[0]] + rng.random(k).astype(np.float32)  # random tie-breaks
    score[chosen[0]] = -np.inf
    while len(chosen) < block:
        nxt = int(np.argmax(score))
        chosen.append(nxt)
        score += overlaps[nxt]
        score[chosen] = -np.inf
    return np.sort(np.asarray(chosen, dtype=np.int64))


def _heuristic(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], p: int, cancel: Cancel, seed: int
) -> NDArray[np.uint8]:
    """Large-neighbourhood descent: minimise exactly over blocks of quiet patterns.

    Each round picks a block of quiet patterns small enough to search exactly (half the time
    at random, half the time patterns that overlap, which must usually change together) and
    moves to a best solution reachable with them, a random one among ties so that plateaus
    get crossed. It stops after `_HEURISTIC_PATIENCE` rounds without improvement. The result
    is a local optimum: good, but not proven minimal.
    """
    k = len(quiet)
    block = min(k, max(1, int(_BLOCK_BITS / math.log2(p))))
    rng = np.random.default_rng(seed)
    overlaps = _overlaps(quiet)
    per_round = len(x0) * block + block * (1 << block)
    max_rounds = min(_HEURISTIC_MAX_ROUNDS, max(_HEURISTIC_PATIENCE, _HEURISTIC_WORK // per_round))
    x = x0.copy()
    weight = int(x.astype(np.int64).sum())
    stale = rounds = 0
    while stale < _HEURISTIC_PATIENCE and rounds < max_rounds:
        rows = quiet[_pick_block(k, block, overlaps, rng)]
        if p == 2:
            cand, w, _ = minimise_classes(quiet_classes(rows), len(rows), x, cancel, rng)
        else:
            cand, w, _ = _minimise_modp(rows, x, p, cancel)
        stale = 0 if w < weight else stale + 1
        x, weight = cand, w
        rounds += 1
        poll(cancel, _CANCELLED)
    return x


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
) -> MinimalSolution:
    """The solution with the fewest presses among ``particular + span(quiet)``.

    Parameters
    ----------
    source, particular
        The prepared board (Solver or Analysis); any one solution ``x₀`` of ``A x = c``.
    exact_limit : int
        Largest nullity done by one transform over GF(2) (memory 4·2^k bytes; Z_k has
        the limits of `lograph.core.optimize.zk_minimal`).
    cancel, seed
        Polled during long work (True raises `InterruptedComputation`); the heuristic's seed.
    branch_limit, node_limit : int
        GF(2) beyond `exact_limit`: the search's largest nullity (`BRANCH_NULLITY_LIMIT`)
        and leaves (`BRANCH_NODE_LIMIT`); past them a heuristic answer and a proven bound.
    symmetries, progress : optional
        Button permutations (``x ↦ x[perm]``) tried as symmetries (each checked; default:
        the square's about the drawn positions); ``progress(done, total)`` during a search.

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
    if p == 2 and k <= 62:
        default = BRANCH_NULLITY_LIMIT if exact_limit >= EXACT_NULLITY_LIMIT else 0
        within = k <= (default if branch_limit is None else branch_limit)
        system = None if isinstance(source, Analysis) else source.system
        if symmetries is None and system is not None:
            symmetries = dihedral_candidates(system.positions)
        budget = node_limit if within else 0
        return _frontier(quiet, x0, symmetries, budget, system, cancel, progress, seed)
    return _heuristic_answer(quiet, x0, p, cancel, seed)


def _exact(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], p: int, cancel: Cancel
) -> MinimalSolution:
    found = _minimise_gf2(quiet, x0, cancel) if p == 2 else _minimise_modp(quiet, x0, p, cancel)
    method = "walsh-hadamard" if p == 2 else "enumeration"
    return MinimalSolution(*found, p ** len(quiet), True, method)


def _heuristic_answer(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], p: int, cancel: Cancel, seed: int
) -> MinimalSolution:
    presses = _heuristic(quiet, x0, p, cancel, seed)
    weight = int(presses.astype(np.int64).sum())
    solutions = p ** len(quiet)
    if weight == 0:  # nothing to press is optimal, and only the zero vector weighs 0
        return MinimalSolution(presses, 0, 1, solutions, True, "heuristic")
    return MinimalSolution(presses, weight, None, solutions, False, "heuristic")


def _frontier(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    leaf_budget: int,
    system: PressSystem | None,
    cancel: Cancel,
    progress: Progress,
    seed: int,
) -> MinimalSolution:
    """GF(2) beyond one transform: the orbit search when it fits `leaf_budget` leaves, else
    the heuristic's solution (started from the lightest symmetric solution,
    `lograph.core.optimize.gf2_seeds`) with the better of the root and cover bounds
    (`lograph.core.optimize.gf2_bounds`)."""
    k = len(quiet)
    symmetries = symmetries or []
    plan = plan_frontier(quiet, x0, symmetries, leaf_budget, cancel)
    if plan.leaves is not None:
        # limited by the budget, not by the count: exact only when the walk itself completed
        result = plan.search(
            x0, incumbent=None, leaf_limit=leaf_budget, cancel=cancel, progress=progress
        )
        if result.complete:
            found = plan.presses(x0, result.combination)
            return MinimalSolution(
                found, result.weight, result.ties, 2**k, True, "branch and bound"
            )
    actions = coset_actions(quiet, x0, list(symmetries)) if symmetries else []
    presses = _heuristic(quiet, symmetric_start(quiet, x0, actions, cancel), 2, cancel, seed)
    weight = int(presses.sum())
    if weight == 0:
        return MinimalSolution(presses, 0, 1, 2**k, True, "heuristic")
    lower = root_bound(plan.keys, x0)
    if system is not None:
        lower = max(lower, cover_bound(system.sparse(), x0))
    lower = min(weight, lower)
    exact = lower == weight
    needed = None if exact else plan.needed
    return MinimalSolution(presses, weight, None, 2**k, exact, "heuristic", lower, needed)


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
