"""The answer of a fewest-presses question (`lograph.core.optimize.fewest.fewest_presses`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = ["FewestSolution"]


@dataclass(frozen=True, eq=False)
class FewestSolution:
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
        than allowed (`Work.leaves`, the CLI's ``--max-leaves``): how many leaves a complete
        search needs, when they were counted; else None.
    search_solutions : int or None
        For an answer over more than two colours that is not exact because the search by
        prefixes was not run to its end (more solutions than it may walk without a time
        limit, or stopped by one): how many solutions an exact search walks (past
        ``lograph.core.optimize.fewest._past_walk.NUMBERED_LIMIT``, 2^62, one out of
        reach); else None.
    """

    presses: NDArray[np.uint8]
    press_count: int
    optimal_solutions: int | None
    solutions: int
    exact: bool
    method: str
    lower_bound: int = -1
    search_leaves: int | None = None
    search_solutions: int | None = None

    def __post_init__(self) -> None:
        if self.exact or self.lower_bound < 0:  # exact, or no bound given: the proven value
            object.__setattr__(self, "lower_bound", self.press_count if self.exact else 0)
