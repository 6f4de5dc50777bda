"""Fewest presses over GF(2) beyond one transform (nullity past `EXACT_NULLITY_LIMIT`).

First the quiet code is split into independent pieces when it is a direct sum
(`lograph.core.optimize.quiet._pieces`): the lightest solution is then each piece's lightest,
found on its own. A piece (or the whole code) small enough for one transform is exact at
once; beyond, the split search when the board's groups split the combinations
(`lograph.core.optimize.fewest._gf2_split`), else the orbit search over leaves
(`lograph.core.optimize.fewest._gf2_orbits`), each while it fits the leaf budget; else a
heuristic answer with a proven lower bound.

**A strong start for the heuristic: the lightest solution that one symmetry keeps.** The
solutions a symmetry ``c ↦ c·M ⊕ t`` maps to themselves form an affine subspace
``c·(M ⊕ I) = t`` of the combinations, of about half the dimension for a reflection. While
that dimension is within one transform, the lightest solution in it is found exactly; the
lightest over all symmetries is a good start on symmetric boards (optimal solutions of a
symmetric problem are often nearly symmetric), and the heuristic improves from there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest._bounds import cover_bound
from lograph.core.optimize.fewest._descent import descend
from lograph.core.optimize.fewest._gf2_orbits import (
    BRANCH_NODE_LIMIT,
    leaf_budget,
    plan_frontier,
    root_bound,
)
from lograph.core.optimize.fewest._gf2_split import (
    PAIRS_PER_LEAF,
    GroupSolver,
    group_descent,
    group_floor,
    plan_split,
    split_search,
)
from lograph.core.optimize.fewest._solution import FewestSolution
from lograph.core.optimize.quiet import (
    Action,
    Pieces,
    class_numbers,
    coset_actions,
    dihedral_candidates,
    fewest_by_classes,
    kept_permutations,
    nullspace,
    piece_system,
    quiet_classes,
    quiet_pieces,
)
from lograph.core.work import Work

__all__ = [
    "BRANCH_NODE_LIMIT",
    "BRANCH_NULLITY_LIMIT",
    "EXACT_NULLITY_LIMIT",
    "MAX_SEARCH_LEAVES",
    "beyond_transform",
    "exact_gf2",
    "search_leaves",
    "symmetric_start",
    "transform_limit",
]


#: Largest nullity solved exactly over GF(2): the transform holds 2^k int32 (256 MB at 26).
EXACT_NULLITY_LIMIT = 26
#: Largest nullity searched beyond one transform (classes are int64 bit masks).
BRANCH_NULLITY_LIMIT = 62
#: The most leaves a search may be given (`--max-leaves`, the window's button): 9 hours here.
MAX_SEARCH_LEAVES = 1 << 30


def exact_gf2(quiet: NDArray[np.uint8], x0: NDArray[np.uint8], work: Work) -> FewestSolution:
    """One transform over the classes: the lightest solution and how many tie."""
    found = fewest_by_classes(quiet_classes(quiet), len(quiet), x0, work)
    return FewestSolution(*found, 2 ** len(quiet), True, "walsh-hadamard")


def transform_limit(work: Work) -> int:
    """The largest nullity done by one transform: `Work.transform_nullity`, else
    `EXACT_NULLITY_LIMIT`."""
    return EXACT_NULLITY_LIMIT if work.transform_nullity is None else work.transform_nullity


def beyond_transform(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    work: Work,
    system: PressSystem | None,
    seed: int,
) -> FewestSolution:
    """The lightest of ``x0 + span(quiet)`` past one transform: piece by piece when the code
    is a direct sum, else by `frontier`; each search within the leaves `search_leaves`
    gives its nullity."""
    split = quiet_pieces(quiet)
    if len(split.pieces) == 1:
        return frontier(quiet, x0, symmetries, _searching(work, len(quiet)), system, seed)
    exact_limit = transform_limit(work)
    searched = sum(piece.dimension > exact_limit for piece in split.pieces)
    share = work.equal_pieces(searched)  # sizes unknown until each search plans
    parts = []
    for piece in split.pieces:
        part = x0[piece.buttons]
        if piece.dimension <= exact_limit:
            parts.append(exact_gf2(piece.quiet, part, work))
            continue
        sub = None if system is None else piece_system(system, piece.buttons)
        kept = None if sub is None else dihedral_candidates(sub.positions)
        within = _searching(share(), piece.dimension)
        parts.append(frontier(piece.quiet, part, kept, within, sub, seed))
    return _combined(split, x0, parts)


def _searching(work: Work, k: int) -> Work:
    """The work of a search of nullity `k`: its leaves fixed by `search_leaves`."""
    return replace(work, leaves=search_leaves(k, work))


def _combined(split: Pieces, x0: NDArray[np.uint8], parts: list[FewestSolution]) -> FewestSolution:
    """The pieces' answers as one: the presses side by side (buttons in no quiet pattern as
    in `x0`), weights and bounds added, lightest solutions multiplied, exact when every
    piece is; a search the budget refused needs the largest of its pieces' leaves."""
    presses = x0.copy()
    for piece, part in zip(split.pieces, parts, strict=True):
        presses[piece.buttons] = part.presses
    weight, solutions = int(presses.sum()), 2 ** sum(piece.dimension for piece in split.pieces)
    methods = {part.method for part in parts}
    method = "heuristic" if "heuristic" in methods else "branch and bound"
    if all(part.exact for part in parts):
        ties = [part.optimal_solutions for part in parts]
        count = None if None in ties else math.prod(t for t in ties if t is not None)
        method = "walsh-hadamard" if methods == {"walsh-hadamard"} else method
        return FewestSolution(presses, weight, count, solutions, True, method)
    lower = int(x0[split.fixed].sum()) + sum(part.lower_bound for part in parts)
    needed = [part.search_leaves for part in parts if part.search_leaves is not None]
    leaves = max(needed) if needed else None
    return FewestSolution(presses, weight, None, solutions, lower == weight, method, lower, leaves)


def search_leaves(k: int, work: Work) -> int:
    """The leaves a search of nullity `k` may take: the work's (`leaf_budget`), but none
    past `Work.search_nullity` (default `BRANCH_NULLITY_LIMIT`, 0 when the transform's
    nullity was lowered) unless past int64 keys, where the groups' searches run."""
    default = BRANCH_NULLITY_LIMIT if transform_limit(work) >= EXACT_NULLITY_LIMIT else 0
    within = k <= (default if work.search_nullity is None else work.search_nullity)
    return leaf_budget(work) if within or k > BRANCH_NULLITY_LIMIT else 0


def frontier(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    work: Work,
    system: PressSystem | None,
    seed: int,
) -> FewestSolution:
    """GF(2) beyond one transform: the split search when the board's groups split the
    combinations (`lograph.core.optimize.fewest._gf2_split`), else the orbit search, each when it
    fits the work's leaves; else (or when stopped) the heuristic's solution or the stopped
    search's best, whichever is lighter, with the best proven bound."""
    k, leaves = len(quiet), leaf_budget(work)
    if k > BRANCH_NULLITY_LIMIT:  # class keys past int64: the bounded answer alone
        return bounded(quiet, class_numbers(quiet), x0, symmetries, system, seed, work)
    keys = quiet_classes(quiet)
    # below that nullity one transform answers unless told otherwise (tests of the orbit
    # search lower `Work.transform_nullity` on small boards): the split search is for the frontier
    splits = system is not None and k > EXACT_NULLITY_LIMIT
    split = None
    if splits and system is not None:
        kept = kept_permutations(quiet, x0, list(symmetries or []))
        split = plan_split(system, keys, k, x0, kept)
    if split is not None:
        needed = -(-split.needed // PAIRS_PER_LEAF)
        searched, lower = None, split.lower_bound
        if needed <= leaves:
            found = split_search(split, x0, work)
            if found.complete and found.presses is not None:
                return FewestSolution(
                    found.presses, found.weight, found.ties, 2**k, True, "branch and bound"
                )
            searched, lower = found.presses, max(lower, found.lower_bound)
        return bounded(quiet, keys, x0, symmetries, system, seed, work, searched, lower, needed)
    plan = plan_frontier(quiet, x0, symmetries or [], work)
    searched = None
    if plan.leaves is not None:
        # limited by the budget, not by the count: exact only when the walk itself completed
        result = plan.search(x0, incumbent=None, work=work)
        if result.complete:
            found_presses = plan.presses(x0, result.combination)
            return FewestSolution(
                found_presses, result.weight, result.ties, 2**k, True, "branch and bound"
            )
        if result.combination >= 0:
            searched = plan.presses(x0, result.combination)
    return bounded(quiet, keys, x0, symmetries, system, seed, work, searched, 0, plan.needed)


def bounded(
    quiet: NDArray[np.uint8],
    keys: NDArray[np.int64],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]] | None,
    system: PressSystem | None,
    seed: int,
    work: Work,
    searched: NDArray[np.uint8] | None = None,
    lower: int = 0,
    needed: int | None = None,
) -> FewestSolution:
    """The heuristic's solution (started from the lightest symmetric solution,
    `lograph.core.optimize.fewest._gf2`, and from the groups' lightest parts,
    `lograph.core.optimize.fewest._gf2_split`) or a stopped search's, whichever is lighter,
    with the best of the root, cover, groups' and search bounds; the groups' searches keep
    to the work's leaves, the descents run to their end (no deadline)."""
    k, alone = len(quiet), work.only_cancel()
    actions = coset_actions(quiet, x0, list(symmetries)) if symmetries else []
    starts = [symmetric_start(quiet, x0, actions, alone)]
    floor, solver = None, group_solver(work, seed)
    if lower == 0 and system is not None and leaf_budget(work) > 0:
        floor = group_floor(system, quiet, x0, solver, BRANCH_NULLITY_LIMIT)
    if floor is not None:
        starts += floor.starts
        lower = floor.lower
    tried = (descend(quiet, start, 2, alone, seed) for start in starts)
    presses = min(tried, key=lambda found: int(found.sum()))
    if floor is not None:
        presses = group_descent(floor.members, quiet, presses, solver, BRANCH_NULLITY_LIMIT)
    method = "heuristic"
    if searched is not None and searched.sum() < presses.sum():
        presses, method = searched, "branch and bound"
    weight = int(presses.sum())
    if weight == 0:
        return FewestSolution(presses, 0, 1, 2**k, True, method)
    lower = max(lower, root_bound(keys, x0))
    if system is not None:
        lower = max(lower, cover_bound(system.sparse(), x0))
    lower = min(weight, lower)
    exact = lower == weight
    needed = None if exact else needed
    return FewestSolution(presses, weight, None, 2**k, exact, method, lower, needed)


def group_solver(work: Work, seed: int) -> GroupSolver:
    """Searches one group's question (or a slice of the board's) on its own, within the
    same work (leaves, cancel hook, deadline); their leaves add up on one progress count."""
    piece = work.consecutive_pieces()

    def solve_group(
        rows: NDArray[np.uint8], part: NDArray[np.uint8]
    ) -> tuple[NDArray[np.uint8], int]:
        found = frontier(rows, part, None, piece(), None, seed)
        return found.presses, found.lower_bound

    return solve_group


#: Largest fixed subspace searched exactly (one transform of 2^22).
_FIXED_LIMIT = 22


def _particular(system: NDArray[np.uint8], rhs: NDArray[np.uint8]) -> NDArray[np.uint8] | None:
    """One c with ``c·system = rhs`` over GF(2), or None."""
    k = system.shape[0]
    augmented = np.concatenate([system.T, rhs[:, None]], axis=1).astype(np.uint8)
    kernel = nullspace(augmented)  # (c, s) with systemᵀ·c + s·rhs = 0; s = 1 gives c
    with_one = kernel[kernel[:, k] == 1]
    if len(with_one) == 0:
        return None
    found: NDArray[np.uint8] = with_one[0, :k].copy()
    return found


def symmetric_start(
    quiet: NDArray[np.uint8], x0: NDArray[np.uint8], actions: list[Action], work: Work
) -> NDArray[np.uint8]:
    """The lightest solution kept by some symmetry (searched exactly per symmetry while its
    fixed subspace is small), or `x0` when none is lighter."""
    k = len(quiet)
    eye = np.eye(k, dtype=np.uint8)
    best, weight = x0, int(x0.sum())
    for matrix, shift in actions:
        moved = matrix ^ eye
        start = _particular(moved, shift)
        if start is None:
            continue
        free = nullspace(moved.T)  # rows f with f·(M ⊕ I) = 0
        if len(free) > _FIXED_LIMIT:
            continue
        base = (x0.astype(np.int64) ^ (start.astype(np.int64) @ quiet) % 2).astype(np.uint8)
        rows = ((free.astype(np.int64) @ quiet) % 2).astype(np.uint8)
        if len(rows) == 0:
            found, w = base, int(base.sum())
        else:
            found, w, _ = fewest_by_classes(quiet_classes(rows), len(rows), base, work)
        if w < weight:
            best, weight = found, w
    return best
