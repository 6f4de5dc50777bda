"""The fast GF(2) engine: the symbolic chase or banded elimination, chosen per board.

Registered as engine ``"fast"`` (preferred by ``engine="auto"`` for every p = 2 board).
Full rectangles are chased row by row in numpy (`lograph.core.engines.fast_grid`). Other
lattice-like boards, where a chase leaves about √N free buttons, go to the symbolic chase
(`lograph.core.engines.fast_chase`), and so do irregular boards, where it leaves many (its
check system is then reduced by M4RM); boards too big for the chase's forms go to banded
forward elimination (`lograph.core.engines.fast_banded`).
`Analysis.engine` says which ran: ``"fast-grid"``, ``"fast-chase"`` or ``"fast-banded"``.

Examples
--------
>>> from lograph.core.engines.registry import get_solver
>>> from lograph.core.model.generators import grid_system
>>> a = get_solver(grid_system(5, 5), "fast").analysis
>>> a.engine, a.rank, a.free_buttons
('fast-grid', 23, 5)
>>> get_solver(grid_system(5, 5, wrap_rows=True, wrap_cols=True), "fast").analysis.engine
'fast-chase'
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Solver
from lograph.core.chase.plan import chase_plan
from lograph.core.engines.common import ANALYSIS_CANCELLED, WORK_BYTES_LIMIT
from lograph.core.engines.fast_banded import BandedSolver, band_order, banded_cost
from lograph.core.engines.fast_chase import ChaseSolver
from lograph.core.engines.fast_grid import GridRowsSolver, plain_rectangle
from lograph.core.errors import BoardError
from lograph.core.kernels.bits import words
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = [
    "BANDED_WEIGHT",
    "CHASE_SURE_FREE",
    "build_fast_solver",
    "chase_cost",
    "choose_method",
]


#: Most free buttons for which the chase is taken without comparing costs: the largest check
#: system measured (geometric graph of 64,000 buttons, 24,329 free) was reduced by M4RM
#: 2.9x faster than banded elimination took.
CHASE_SURE_FREE = 25_000
#: Beyond that, the chase runs unless its estimate exceeds this many times banded
#: elimination's (the break-even measured before M4RM, a conservative choice now).
BANDED_WEIGHT = 100


def chase_cost(nnz: int, free: int) -> float:
    """Rough word operations of the symbolic chase: one pass over the plan with
    ``words(k)``-word forms, plus the dense k × k check system one pivot at a time."""
    w = words(free)
    return nnz * w + free * free * w


def choose_method(
    system: PressSystem, free: int
) -> tuple[str, tuple[NDArray[np.int64], int] | None]:
    """``("chase" | "banded", band order or None)`` for a plan with `free` free buttons.

    The chase runs whenever its forms (N × k bits) fit in `WORK_BYTES_LIMIT` and k is at most
    `CHASE_SURE_FREE`. Since its check system is reduced by M4RM
    (`lograph.core.kernels.m4rm`) it beat banded elimination on every family and size
    measured: lattices, holed grids, 3-regular, Erdős–Rényi and random geometric graphs up
    to 64,000 buttons, and geometric strips whose band is 30 (``benchmarks/general_graphs.py
    --methods``: geometric 32,000: 0.66 s against 1.09 s, 64,000: 1.9 s against 5.6 s; a
    50,000-button strip: 1.7 s against 4.8 s), so no band order is computed for it. Larger
    check systems are weighed against banded elimination; boards whose forms would not fit
    go to it. The band order, when computed, is returned for reuse.
    """
    forms_fit = system.n * words(free) * 8 <= WORK_BYTES_LIMIT
    if forms_fit and free <= CHASE_SURE_FREE:
        return "chase", None
    order = band_order(system)
    if forms_fit and chase_cost(system.nnz, free) <= BANDED_WEIGHT * banded_cost(
        system.n, order[1]
    ):
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
    if system.ring.kind is not RingKind.GF2:
        raise BoardError(f"the fast engine works over GF(2), not {system.ring}")
    if method not in (None, "chase", "banded"):
        raise BoardError(f"method must be 'chase' or 'banded', not {method!r}")
    if method is None and plain_rectangle(system) is not None:
        return GridRowsSolver(system, cancel)  # numpy alone: no plan, no compiled kernels
    plan = chase_plan(system, cancel=cancel, balanced=True)
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
