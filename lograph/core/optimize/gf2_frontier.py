"""Fewest presses over GF(2) beyond one transform: the symmetric basis and the leaf search.

`plan_frontier` picks the leaf size, checks which offered symmetries keep the solution set,
changes the quiet basis so that they keep the leaves (`lograph.core.optimize.gf2_symmetry`)
and counts the leaves; `FrontierPlan.search` runs `lograph.core.optimize.gf2_orbits`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, Progress
from lograph.core.optimize import gf2_orbits
from lograph.core.optimize.gf2_branch import BranchResult
from lograph.core.optimize.gf2_classes import parity, quiet_classes
from lograph.core.optimize.gf2_orbits import (
    PrefixMaps,
    count_leaves,
    orbit_count,
    orbit_search,
    prefix_maps,
)
from lograph.core.optimize.gf2_symmetry import coset_actions, invariant_basis

__all__ = ["COUNTED_PREFIXES", "FrontierPlan", "plan_frontier"]

#: Prefixes walked to count the leaves a search needs when Burnside's count does not apply,
#: even beyond the budget (the answer then says how many an exact search would take): 2^20
#: take well under a second.
COUNTED_PREFIXES = 1 << 20


@dataclass(frozen=True)
class FrontierPlan:
    """The search's set-up: classes in the symmetric basis, prefix maps and leaf count.

    `leaves` is how many transforms a complete search needs, or None when that is more than
    the budget the plan was made for; `needed` is that count whenever it was taken (also
    beyond the budget: by Burnside's lemma, or by walking up to `COUNTED_PREFIXES`
    prefixes), else None.
    """

    keys: NDArray[np.int64]
    k: int
    low: int
    maps: PrefixMaps
    leaves: int | None
    symmetries: int
    needed: int | None = None

    def search(
        self,
        x0: NDArray[np.uint8],
        *,
        incumbent: int | None,
        leaf_limit: int,
        cancel: Cancel,
        progress: Progress = None,
        stop: Callable[[], bool] | None = None,
    ) -> BranchResult:
        """Run the orbit search (see `lograph.core.optimize.gf2_orbits.orbit_search`)."""
        return orbit_search(
            self.keys,
            self.k,
            x0,
            self.maps,
            low=self.low,
            incumbent=incumbent,
            leaf_limit=leaf_limit,
            cancel=cancel,
            progress=progress,
            leaves_total=self.needed,
            stop=stop,
        )

    def presses(self, x0: NDArray[np.uint8], combination: int) -> NDArray[np.uint8]:
        """The solution of a combination (in this plan's basis)."""
        return (x0.astype(np.int64) ^ parity(self.keys & combination)).astype(np.uint8)


def plan_frontier(
    quiet: NDArray[np.uint8],
    x0: NDArray[np.uint8],
    symmetries: Sequence[NDArray[np.intp]],
    leaf_budget: int,
    cancel: Cancel = None,
) -> FrontierPlan:
    """Set the search up; symmetries that do not keep ``x0 + span(quiet)`` are ignored."""
    k = len(quiet)
    low = min(k, gf2_orbits.LEAF_BITS)
    perms = list(symmetries)
    actions = coset_actions(quiet, x0, perms) if perms and low < k else []
    if actions:
        basis, low = invariant_basis(actions, k, k - low)
        quiet = ((basis.astype(np.int64) @ quiet.astype(np.int64)) % 2).astype(np.uint8)
        actions = coset_actions(quiet, x0, perms)
        if any(m[:low, low:].any() for m, _ in actions):  # not kept after all: no symmetry
            actions = []
    maps = prefix_maps(actions, low)
    high = k - low
    group = len(actions) + 1
    needed = orbit_count(maps, high) if leaf_budget > 0 else None
    # not a group (Burnside does not apply): walk the prefixes while that is quick, or while
    # the orbits, of at most `group` prefixes each, could still fit the budget
    walk = (1 << high) <= max(leaf_budget * group, COUNTED_PREFIXES)
    if needed is None and leaf_budget > 0 and walk:
        needed = count_leaves(maps, high, cancel)
    leaves = needed if needed is not None and needed <= leaf_budget else None
    return FrontierPlan(quiet_classes(quiet), k, low, maps, leaves, group, needed)
