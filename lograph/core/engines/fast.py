"""The fast GF(2) engine: the symbolic chase or banded elimination, chosen per board.

Registered as engine ``"fast"`` (preferred by ``engine="auto"`` for every p = 2 board).
Lattice-like boards, where a chase leaves about √N free buttons, go to the symbolic chase
(`lograph.core.engines.fast_chase`); irregular boards, where it leaves many, go to banded
forward elimination (`lograph.core.engines.fast_banded`) when its estimated cost is lower.
`Analysis.engine` says which ran: ``"fast-chase"`` or ``"fast-banded"``.

Examples
--------
>>> from lograph.core.engines.registry import get_solver
>>> from lograph.core.model.generators import grid_system
>>> a = get_solver(grid_system(5, 5), "fast").analysis
>>> a.engine, a.rank, a.free_buttons
('fast-chase', 23, 5)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Solver
from lograph.core.cancel import Cancel, poll
from lograph.core.chase.plan import chase_plan
from lograph.core.engines.common import ANALYSIS_CANCELLED, WORK_BYTES_LIMIT
from lograph.core.engines.fast_banded import BandedSolver, band_order, banded_cost
from lograph.core.engines.fast_chase import ChaseSolver
from lograph.core.errors import BoardError
from lograph.core.kernels.bits import words
from lograph.core.model.system import PressSystem

__all__ = ["BANDED_WEIGHT", "CHEAP_CHASE", "build_fast_solver", "chase_cost", "choose_method"]


#: Word operations below which the chase runs without looking for a band order (~1 ms).
CHEAP_CHASE = 1_000_000
#: What one estimated banded word operation costs in estimated chase operations. Measured on
#: random geometric graphs and holed grids (benchmarks/general_graphs.py): the two methods
#: take the same time at a chase/banded estimate ratio of ~40-290 and banded elimination
#: wins only beyond it (1.8x at 32,000 geometric buttons, ratio ~500).
BANDED_WEIGHT = 100


def chase_cost(nnz: int, free: int) -> float:
    """Rough word operations of the symbolic chase: one pass over the plan with
    ``words(k)``-word forms, plus the dense k × k check system."""
    w = words(free)
    return nnz * w + free * free * w


def choose_method(
    system: PressSystem, free: int
) -> tuple[str, tuple[NDArray[np.int64], int] | None]:
    """``("chase" | "banded", band order or None)`` for a plan with `free` free buttons.

    With k ≤ √N free buttons (every lattice), or when the chase costs under a millisecond
    anyway, the chase wins outright and no ordering is computed; otherwise both costs are
    estimated and the cheaper method runs. The band order, when computed, is returned for
    reuse.
    """
    forms_fit = system.n * words(free) * 8 <= WORK_BYTES_LIMIT
    cost = chase_cost(system.nnz, free)
    if forms_fit and (free * free <= system.n or cost <= CHEAP_CHASE):
        return "chase", None
    order = band_order(system)
    if forms_fit and cost <= BANDED_WEIGHT * banded_cost(system.n, order[1]):
        return "chase", order
    return "banded", order


def build_fast_solver(
    system: PressSystem, cancel: Cancel = None, method: str | None = None
) -> Solver:
    """Plan a chase, then analyse with the chase or banded elimination (`method` forces one).

    Raises
    ------
    BoardError
        When p ≠ 2 or `method` is not ``"chase"``/``"banded"``/None.
    InterruptedComputation
        When `cancel` returns True between phases.
    """
    if system.states != 2:
        raise BoardError(f"the fast engine works over GF(2), not GF({system.states})")
    if method not in (None, "chase", "banded"):
        raise BoardError(f"method must be 'chase' or 'banded', not {method!r}")
    plan = chase_plan(system, cancel=cancel)
    poll(cancel, ANALYSIS_CANCELLED)
    order = None
    if method is None:
        method, order = choose_method(system, plan.free_count)
    if method == "chase":
        return ChaseSolver(system, plan, cancel)
    if order is None:
        order = band_order(system)
    poll(cancel, ANALYSIS_CANCELLED)
    return BandedSolver(system, cancel, order=order, free_buttons=plan.free_count)
