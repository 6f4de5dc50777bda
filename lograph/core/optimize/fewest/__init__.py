"""Fewest presses: the solution of a position with the fewest presses, and how many tie.

All solutions of ``A x = c`` are ``x₀ + ker A``; the press count of a solution is
``Σ x_i`` with each ``x_i`` in ``0..k−1``. `fewest_presses` finds the smallest over the
whole kernel, with a proof (``exact``) or, past what can be searched, the best solution
found and a proven lower bound. One front door serves every number of states: it dispatches
on the board's ring (GF(2), GF(p), Z_k) to the private searches of this package.
"""

from lograph.core.optimize.fewest._past_walk import (
    CLI_SPLIT_LIMIT,
    MAX_SEARCH_SOLUTIONS,
    SPLIT_LIMIT,
    out_of_reach,
)
from lograph.core.optimize.fewest._search import (
    BRANCH_NODE_LIMIT,
    BRANCH_NULLITY_LIMIT,
    EXACT_NULLITY_LIMIT,
    MAX_SEARCH_LEAVES,
    FewestSolution,
    exact_possible,
    fewest_presses,
    solve_fewest,
)

__all__ = [
    "BRANCH_NODE_LIMIT",
    "BRANCH_NULLITY_LIMIT",
    "CLI_SPLIT_LIMIT",
    "EXACT_NULLITY_LIMIT",
    "MAX_SEARCH_LEAVES",
    "MAX_SEARCH_SOLUTIONS",
    "SPLIT_LIMIT",
    "FewestSolution",
    "exact_possible",
    "fewest_presses",
    "out_of_reach",
    "solve_fewest",
]
