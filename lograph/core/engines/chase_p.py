"""The GF(p) symbolic-chase engine (p > 2): big multi-colour lattices in seconds.

Registered as engine ``"chase-p"`` and preferred by ``engine="auto"`` for p > 2 (the dense
engine stops at 3,600 buttons there). It follows docs/math.md, "Symbolic chase engines", with
forms over GF(p) instead of bits (`lograph.core.kernels.chase_gfp`):

1. plan a chase (`lograph.core.chase.plan.chase_plan`) with k free buttons;
2. run it symbolically: the check lights give a k × k system M over GF(p);
3. row-reduce ``[M | I]`` once (`lograph.core.algebra.gfp.row_reduce`): rank, ker M, the left
   kernel of M and a transform T with ``T M = R`` for later solves;
4. ker M pushed back through the chase is the quiet basis (nullity(A) = nullity(M));
5. the left kernel: the quiet basis when A is symmetric, otherwise the left kernel of M
   pulled back through the chase in reverse (each left-kernel vector λ of M gives the
   coefficients of the functional ``b -> λ · residual(b)``, which vanishes exactly on the
   solvable patterns).

A plan with many free buttons (irregular graphs) makes M dense and big; the engine refuses
such boards (`BoardTooLargeError`) and ``auto`` falls back to the dense engine when it can.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> a = GfpChaseSolver(grid_system(4, 4, states=3)).analysis
>>> a.engine, a.rank, a.nullity, a.free_buttons
('chase-p', 14, 2, 4)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, PreparedSolver
from lograph.core.algebra.gfp import kernel_from_rref, row_reduce
from lograph.core.chase.plan import ChasePlan, chase_plan
from lograph.core.engines.common import (
    ANALYSIS_CANCELLED,
    CHASE_P_MAX_FREE,
    WORK_BYTES_LIMIT,
    PlanArrays,
    check_basis_size,
    invalid_step,
    validate_plan,
)
from lograph.core.engines.fast_grid import rectangle_plan
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.kernels import chase_gfp as gk
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = ["ENGINE_NAME", "MAX_FREE", "MAX_WORK", "GfpChaseSolver", "build", "check_chase_size"]

ENGINE_NAME = "chase-p"
#: Most free buttons accepted (see `lograph.core.engines.common.CHASE_P_MAX_FREE`).
MAX_FREE = CHASE_P_MAX_FREE
#: Most form entries (free buttons × matrix entries) one symbolic pass may touch; a
#: 1000 × 1000 grid (k = 1000, 5·10⁶ entries) needs 5·10⁹ and takes ~1 s in all.
MAX_WORK = 10**10


def _check_size(system: PressSystem, k: int, engine: str = ENGINE_NAME) -> None:
    """Refuse plans whose check system or symbolic pass would be too big."""
    if k > MAX_FREE:
        raise BoardTooLargeError(
            f"the chase leaves {k} free buttons; the {k}×{k} check system is too large for "
            f"the {engine} engine (limit {MAX_FREE})"
        )
    if k * system.nnz > MAX_WORK:
        raise BoardTooLargeError(
            f"the chase leaves {k} free buttons on a board of {system.nnz} matrix entries; "
            f"its symbolic pass ({k * system.nnz:.1e} steps) is too long for the {engine} "
            f"engine (limit {MAX_WORK:.0e})"
        )


def check_chase_size(
    system: PressSystem, plan: ChasePlan, engine: str = ENGINE_NAME, *, planned: bool = False
) -> PlanArrays:
    """Check `plan` against `system` and the engine's limits; the arrays the kernels take.

    A plan the planners just made for this `system` (`planned`) is a chase by construction;
    only a plan passed in is checked for shape (a sixth of a 5×5 board's analysis).
    """
    if not planned:
        validate_plan(plan, system.n)
    _check_size(system, len(plan.check), engine)
    return PlanArrays.of(system, plan)


class GfpChaseSolver(PreparedSolver):
    """Analyse a GF(p) board (p > 2) by running a chase plan symbolically.

    Parameters
    ----------
    system : PressSystem
        The board, any prime p between 3 and 251.
    cancel : callable, optional
        Polled between phases; returning True raises `InterruptedComputation`.
    plan : ChasePlan, optional
        The chase to run (default: `chase_plan(system)`).

    Raises
    ------
    BoardTooLargeError
        When the plan leaves more than `MAX_FREE` free buttons, or the symbolic pass would
        exceed `MAX_WORK`.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> solver = GfpChaseSolver(grid_system(3, 3, states=5))
    >>> x = solver.particular(np.ones(9, dtype=np.int64))
    >>> solver.system.apply(x).tolist() == [1] * 9
    True
    """

    def __init__(
        self, system: PressSystem, cancel: Cancel = None, plan: ChasePlan | None = None
    ) -> None:
        p, n = system.states, system.n
        if system.ring.kind is RingKind.GF2:
            raise BoardError("the chase-p engine works over GF(p) for p > 2; use 'fast'")
        plan = self._load_plan(system, plan, cancel, ENGINE_NAME)
        k = len(plan.check)
        rows = self._check_system()
        poll(cancel, ANALYSIS_CANCELLED)
        kernel = self._reduce(rows, cancel)
        poll(cancel, ANALYSIS_CANCELLED)
        # ker M pushed through the chase: the quiet patterns.
        quiet = self._push(kernel)
        poll(cancel, ANALYSIS_CANCELLED)
        self._analysis = Analysis(
            n=n,
            states=p,
            rank=n - len(kernel),
            quiet=quiet,
            left_kernel=quiet if system.symmetric else self._left_kernel(),
            engine=ENGINE_NAME,
            free_buttons=k,
        )

    def _load_plan(
        self, system: PressSystem, plan: ChasePlan | None, cancel: Cancel, engine: str
    ) -> ChasePlan:
        """Plan the chase (unless given), check its size for `engine` and keep the arrays
        the kernels walk; the set-up every chase over Z_k shares, prime k or not."""
        planned = plan is None
        if plan is None:
            plan = rectangle_plan(system) or chase_plan(system, cancel=cancel, balanced=True)
        arrays = check_chase_size(system, plan, engine, planned=planned)
        poll(cancel, ANALYSIS_CANCELLED)
        self._system = system
        self._chase_plan = plan
        self._p = system.states
        self._magic = gk.magic_for(system.states)
        self._buttons, self._lights, self._check = arrays.buttons, arrays.lights, arrays.check
        self._rptr, self._ridx = arrays.rptr, arrays.ridx
        return plan

    def _check_system(self) -> NDArray[np.uint16]:
        """The check system M (k × k) from one symbolic pass of the plan."""
        k = len(self._check)
        rows, bad, peak = gk.gfp_chase_checks(
            self._buttons, self._lights, self._check, self._rptr, self._ridx, self._p, self._magic
        )
        if bad >= 0:
            raise invalid_step(self._system, self._buttons, bad)
        if peak * k * 2 > WORK_BYTES_LIMIT:  # pragma: no cover - far beyond MAX_WORK
            raise BoardTooLargeError(f"the chase forms ({peak} × {k}) need more than 4 GB")
        return rows

    def _reduce(self, rows: NDArray[np.uint16], cancel: Cancel) -> NDArray[np.uint8]:
        """Reduce ``[M | I]`` once (R = T M): keep T and the left kernel of M for solving,
        and return a basis of ker M."""
        k, p = len(rows), self._p
        reduced, pivots = row_reduce(
            np.concatenate([rows, np.eye(k, dtype=np.uint16)], axis=1), p, ncols=k, cancel=cancel
        )
        r = len(pivots)
        check_basis_size(k - r, self._system.n)
        self._pivots = pivots
        self._transform = reduced[:r, k:].astype(np.int64)
        self._left_m = reduced[r:, k:].astype(np.int64)  # λ with λ M = 0
        if not k:
            return np.zeros((0, 0), np.uint8)
        return kernel_from_rref(reduced[:r, :k], pivots, p)

    def _left_kernel(self) -> NDArray[np.uint8]:
        """The left kernel of A: the left kernel of M pulled back through the chase."""
        if len(self._left_m) == 0:
            return np.zeros((0, self._system.n), dtype=np.uint8)
        ell = gk.gfp_adjoint(
            self._buttons,
            self._lights,
            self._check,
            self._rptr,
            self._ridx,
            np.ascontiguousarray(self._left_m.T),
            self._p,
        )
        return np.ascontiguousarray(ell.T).astype(np.uint8)

    def _push(self, vectors: NDArray[np.uint8]) -> NDArray[np.uint8]:
        """Push vectors of free unknowns (rows of `vectors`) through the chase at once."""
        count, n = len(vectors), self._system.n
        if count == 0:
            return np.zeros((0, n), dtype=np.uint8)
        init = np.ascontiguousarray(vectors.T, dtype=np.uint16)
        forms, _ = gk.gfp_chase_forms(
            self._buttons, self._lights, self._rptr, self._ridx, init, self._p, self._magic
        )
        return np.ascontiguousarray(forms.T).astype(np.uint8)

    def particular(self, rhs: ArrayLike) -> NDArray[np.uint8] | None:
        """One x (entries 0..p-1) with ``A x = rhs (mod p)``, or None if there is none."""
        p = self._p
        b = np.ascontiguousarray(self._rhs(rhs))
        args = (self._buttons, self._lights, self._rptr, self._ridx, b)
        k = len(self._check)
        x0 = gk.gfp_chase_scalar(*args, np.zeros(k, dtype=np.int64), p)
        residual = gk.gfp_check_residual(self._check, self._rptr, self._ridx, b, x0, p)
        if not residual.any():
            return x0
        if len(self._left_m) and ((self._left_m @ residual) % p).any():
            return None
        y = np.zeros(k, dtype=np.int64)
        y[self._pivots] = (self._transform @ residual) % p
        return gk.gfp_chase_scalar(*args, y, p)


def build(system: PressSystem, cancel: Cancel = None) -> GfpChaseSolver:
    """Engine factory entry: `GfpChaseSolver` for `system`."""
    return GfpChaseSolver(system, cancel)
