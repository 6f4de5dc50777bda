"""Fewest presses over GF(2) beyond the single transform: branch and bound over quiet classes.

The weight of ``x₀ + cᵀQ`` is ``(N − H(c)) / 2`` with ``H(c) = Σ_i s_i (−1)^{c·q_i}``,
``s_i = ±1`` (+1 where ``x₀_i = 0``) and ``q_i`` button i's class. Fix the top bits of c one
at a time; with the low L bits still free, buttons whose classes agree on those L bits move
together, so grouping the signs by the low L bits of the class (``d_u``, already multiplied
by the fixed bits' parities) gives

    H(c) = Σ_u d_u (−1)^{c_low·u}  ≤  Σ_u |d_u|,

a bound on every completion of the node, exact when all of a group's signs agree. Once
``L ≤ LEAF_BITS`` the whole subtree is one Walsh–Hadamard transform of ``d``. Depth-first,
the child with the better bound first, nodes whose bound cannot beat the best weight so far
are cut. When the work limit stops the search, the open nodes' bounds give a proven lower
bound on the fewest presses, reported with the best solution found.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, poll
from lograph.core.optimize.gf2_classes import transform_compiled, transform_numpy

__all__ = ["LEAF_BITS", "BranchResult", "branch_and_bound"]

#: Free bits solved by one transform at a leaf of the search (2^22 int32: 16 MB).
LEAF_BITS = 22
#: Leaves up to this size transform in numpy; larger ones in the compiled in-place kernel.
_NUMPY_LEAF_BITS = 16
_CANCELLED = "fewest-presses search cancelled"


@dataclass(frozen=True)
class BranchResult:
    """What the search proved: the best combination, its weight, and a lower bound.

    The weight is proven minimal when ``lower_bound == weight``; `complete` says no node was
    left open, so that `ties` counts every optimal combination.
    """

    combination: int
    weight: int
    lower_bound: int
    ties: int
    complete: bool
    nodes: int


class _Search:
    """Depth-first branch and bound; one instance per call (it keeps the incumbent)."""

    def __init__(
        self, keys: NDArray[np.int64], k: int, signs: NDArray[np.int64], cancel: Cancel
    ) -> None:
        self.n, self.k, self.keys, self.cancel = len(keys), k, keys, cancel
        self.leaf = min(k, LEAF_BITS)
        # group index of every button by the low L bits of its class, for each L > leaf
        self.groups: dict[int, tuple[NDArray[np.intp], int]] = {}
        for low in range(self.leaf + 1, k + 1):
            _, inverse = np.unique(keys & ((1 << low) - 1), return_inverse=True)
            self.groups[low] = (inverse.ravel(), int(inverse.max()) + 1 if len(keys) else 0)
        self.root_signs = signs
        self.best_h, self.best_c, self.ties = -self.n - 1, 0, 0
        self.nodes, self.open_bound = 0, -self.n - 1  # open: the best H a cut-off node may hold
        self.budget = 0

    def bound(self, low: int, signs: NDArray[np.int64]) -> int:
        inverse, size = self.groups[low]
        return int(np.abs(np.bincount(inverse, signs, size)).sum())

    def leaf_scan(self, prefix: int, signs: NDArray[np.int64]) -> None:
        counts = np.bincount(self.keys & ((1 << self.leaf) - 1), signs, 1 << self.leaf)
        spectrum: NDArray[np.int64] | NDArray[np.int32]
        if self.leaf <= _NUMPY_LEAF_BITS:
            spectrum = wide = counts.astype(np.int64)
            transform_numpy(wide, self.cancel)
        else:  # |H| ≤ N: int16 (int32 past 32,767 buttons) cuts the transform's memory traffic
            from lograph.core.kernels.press import wide as value_type

            spectrum = narrow = counts.astype(value_type(len(self.keys)))
            transform_compiled(narrow, self.cancel)
        top = int(spectrum.max())
        hits = int(np.count_nonzero(spectrum == top))
        if top > self.best_h:
            self.best_h, self.ties = top, hits
            self.best_c = prefix | int(np.argmax(spectrum))
        elif top == self.best_h:
            self.ties += hits

    def visit(self, low: int, prefix: int, signs: NDArray[np.int64], bound: int) -> None:
        """Search every c whose bits above `low` equal `prefix` (bound: their best H)."""
        if bound < self.best_h:
            return
        if self.nodes >= self.budget:
            self.open_bound = max(self.open_bound, bound)
            return
        self.nodes += 1
        poll(self.cancel, _CANCELLED)
        if low <= self.leaf:
            self.leaf_scan(prefix, signs)
            return
        bit = low - 1
        flipped = signs * (1 - 2 * ((self.keys >> bit) & 1))
        children = [(prefix, signs), (prefix | (1 << bit), flipped)]
        bounds = [self.bound(bit, s) if bit > self.leaf else self.n for _, s in children]
        for i in np.argsort(bounds)[::-1]:
            self.visit(bit, children[i][0], children[i][1], bounds[i])


def branch_and_bound(
    keys: NDArray[np.int64],
    k: int,
    x0: NDArray[np.uint8],
    *,
    incumbent: int | None = None,
    node_limit: int = 1 << 16,
    cancel: Cancel = None,
) -> BranchResult:
    """The lightest vector of ``x0 + span(quiet)`` by branch and bound over the classes.

    Parameters
    ----------
    keys : ndarray of int64
        Every button's class (bit j: in quiet pattern j); needs k ≤ 62.
    k : int
        Nullity (number of quiet patterns).
    x0 : ndarray of uint8
        Any solution.
    incumbent : int, optional
        The weight of a known solution (e.g. from a heuristic), to cut with from the start;
        `combination` is −1 when nothing lighter than it was found.
    node_limit : int
        Most nodes visited (each costs O(N), a leaf one transform of 2^16); past it the
        result is not `complete` and `lower_bound` comes from the nodes left open.

    Returns the `BranchResult`: weights count presses; `ties` (the optimal combinations) is
    meaningful only when the search is `complete`.
    """
    signs = 1 - 2 * x0.astype(np.int64)
    search = _Search(keys, k, signs, cancel)
    n = len(keys)
    if incumbent is not None:
        search.best_c, search.best_h = -1, n - 2 * incumbent
    search.budget = node_limit
    root = search.bound(k, signs) if k > search.leaf else n
    search.visit(k, 0, signs, root)
    weight = (n - search.best_h) // 2
    complete = search.open_bound < -n  # no node left open: ties are counted too
    lower = weight
    if not complete:  # every open node holds H ≤ open_bound: weight ≥ ⌈(N − bound) / 2⌉
        lower = min(weight, max(0, -((search.open_bound - n) // 2)))
    return BranchResult(search.best_c, weight, lower, search.ties, complete, search.nodes)
