"""A proven floor and good starts from the board's groups when the split search cannot run.

The split search (`lograph.core.optimize.gf2_split`) tabulates each group's weights, one
transform of 2^dim per group; past 24 dimensions (the all-on 95×95 board's four sublattices
span 30–32 of its 62, the 79×79 board's 32 each of its 64) the tables would take gigabytes.
The groups still partition the buttons, so every solution weighs at least the sum over the
groups of the lightest their buttons can be, ``Σ_g min_u W_g(u)``: each is a fewest-presses
question of its own, of a group's dimension, which the orbit search answers in about a
second (95×95: 1,000 + 978 + 978 + 971 = 3,927, where the covering bound proves 1,806).
And two groups whose subspaces span everything fix a solution from their two lightest
parts: a start for the heuristic (4,167 presses on 95×95 against 4,179 from the symmetric
start; 2,677 on 79×79 against 2,741). From there `group_descent` takes exact steps: for each
group, the lightest solution that keeps the current one's presses on that group (the quiet
patterns empty there, 30–32 dimensions on 95×95: the orbit search answers each in under a
second), until no group's step is lighter (95×95: 4,167 → 4,107).

Class keys are Python ints here, so nullities past 62 (the int64 keys of the searches) work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.system import PressSystem
from lograph.core.optimize.gf2_classes import column_keys, span_coordinates
from lograph.core.optimize.gf2_split import group_members
from lograph.core.optimize.gf2_symmetry import nullspace, span_coefficients

__all__ = ["GroupFloor", "GroupSolver", "group_descent", "group_floor"]

#: Answers one group's question: (its quiet rows, its x₀) → (lightest part found, proven
#: lower bound on its weight). The caller passes its own search (no import cycle).
GroupSolver = Callable[[NDArray[np.uint8], NDArray[np.uint8]], tuple[NDArray[np.uint8], int]]


@dataclass(frozen=True)
class GroupFloor:
    """What the groups prove and suggest: ``lower`` bounds every solution's weight; each of
    `starts` is a solution (``x₀ ⊕ c·Q``) put together from two groups' lightest parts;
    `members` are the groups' buttons (for `group_descent`)."""

    lower: int
    starts: list[NDArray[np.uint8]]
    members: list[NDArray[np.intp]]


def group_floor(
    system: PressSystem,
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    solve_group: GroupSolver,
    largest: int,
) -> GroupFloor | None:
    """The groups' floor and starts, or None when the board has fewer than two groups or a
    group spans more than `largest` dimensions (or all of them: no smaller question)."""
    members = group_members(system)
    if len(members) < 2:
        return None
    keys = column_keys(quiet)
    k = len(quiet)
    parts: list[NDArray[np.uint8]] = []
    dims: list[int] = []
    lower = 0
    for buttons in members:
        basis, coordinates, _ = span_coordinates([keys[b] for b in buttons.tolist()])
        if len(basis) > largest or len(basis) >= k:
            return None
        dims.append(len(basis))
        if not basis:  # no quiet pattern touches the group: its presses are fixed
            parts.append(x0[buttons].copy())
            lower += int(x0[buttons].sum())
            continue
        coords = np.asarray(coordinates, dtype=np.int64)
        rows = ((coords[None, :] >> np.arange(len(basis))[:, None]) & 1).astype(np.uint8)
        part, bound = solve_group(rows, x0[buttons])
        parts.append(part)
        lower += bound
    pairs = [(a, b) for a, b in combinations(range(len(members)), 2) if dims[a] + dims[b] >= k]
    return GroupFloor(lower, _starts(quiet, x0, members, parts, pairs), members)


def _starts(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    members: list[NDArray[np.intp]],
    parts: list[NDArray[np.uint8]],
    pairs: list[tuple[int, int]],
) -> list[NDArray[np.uint8]]:
    """For each pair of groups (those whose dimensions could span everything), a solution
    agreeing with both groups' lightest parts when one exists."""
    starts = []
    for a, b in pairs:
        buttons = np.concatenate([members[a], members[b]])
        change = np.concatenate([parts[a], parts[b]]) ^ x0[buttons]
        combination = span_coefficients(quiet[:, buttons], change[None, :])
        if combination is None:  # no solution agrees with both parts
            continue
        flips = (combination.astype(np.int64) @ quiet.astype(np.int64)) % 2
        starts.append((x0 ^ flips[0].astype(np.uint8)).astype(np.uint8))
    return starts


def _gf2_product(a: NDArray[np.uint8], b: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """``a @ b`` over GF(2) through float32 BLAS: every sum is at most the inner size (the
    nullity, below 2^24), so exact; numpy's int64 product has no BLAS and took 31 s of the
    open 100×100 board's 35 (5,000 groups).

    >>> _gf2_product(np.array([[1, 1]], np.uint8), np.array([[1, 0], [1, 1]], np.uint8))
    array([[0, 1]], dtype=uint8)
    """
    product = a.astype(np.float32) @ b.astype(np.float32)
    return (product.astype(np.int64) & 1).astype(np.uint8)


def group_descent(
    members: list[NDArray[np.intp]],
    quiet: NDArray[np.uint8],
    x: NDArray[np.uint8],
    solve_group: GroupSolver,
    largest: int,
) -> NDArray[np.uint8]:
    """A solution at most as heavy as `x`, from exact steps over the quiet patterns empty on
    one group at a time (those that span at most `largest` dimensions), repeated until no
    step is lighter (each lighter step lowers the weight, so this ends)."""
    slices = []  # each group's patterns, found once for every round
    for buttons in members:
        kept = nullspace(quiet[:, buttons].T)  # combinations empty on the group
        if 0 < len(kept) <= largest:
            slices.append(_gf2_product(kept, quiet))
    best = x
    improved = True
    while improved:
        improved = False
        for rows in slices:
            found, _ = solve_group(rows, best)
            if int(found.sum()) < int(best.sum()):
                best, improved = found, True
    return best
