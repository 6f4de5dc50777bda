"""`ChaseSolver`: analysis and solutions of a GF(2) board by the symbolic chase."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Analysis, PreparedSolver
from lograph.core.chase.plan import ChasePlan
from lograph.core.engines.common import (
    ANALYSIS_CANCELLED,
    WORK_BYTES_LIMIT,
    PlanArrays,
    check_basis_size,
    invalid_step,
    validate_plan,
)
from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.kernels import chase_gf2 as ck
from lograph.core.kernels.bits import DenseGF2, identity_rows, pack_rows, unpack_sliced, words
from lograph.core.model.ring import RingKind
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = ["ChaseSolver"]


class ChaseSolver(PreparedSolver):
    """Analyse `system` (p = 2) by running `plan` symbolically.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> from lograph.core.chase.plan import chase_plan
    >>> s = grid_system(5, 5)
    >>> ChaseSolver(s, chase_plan(s)).analysis.nullity
    2
    """

    def __init__(self, system: PressSystem, plan: ChasePlan, cancel: Cancel = None) -> None:
        if system.ring.kind is not RingKind.GF2:
            raise BoardError(f"the chase engine works over GF(2), not {system.ring}")
        n = system.n
        validate_plan(plan, n)
        self._system = system
        self._chase_plan = plan
        arrays = PlanArrays.of(system, plan)
        self._buttons, self._lights, self._check = arrays.buttons, arrays.lights, arrays.check
        self._rptr, self._ridx = arrays.rptr, arrays.ridx
        k = len(self._check)
        width = words(k)
        if n * width * 8 > WORK_BYTES_LIMIT:
            raise BoardTooLargeError(
                f"the chase forms ({n} buttons × {k} free unknowns) need more than 4 GB"
            )
        poll(cancel, ANALYSIS_CANCELLED)
        # Phase 1: the check lights as forms in the free unknowns (unit vectors for free
        # steps); button forms are dropped as soon as no later step reads them.
        unit = identity_rows(k) if k else np.zeros((0, 1), np.uint64)
        check_rows, bad = ck.chase_checks(
            self._buttons, self._lights, self._check, self._rptr, self._ridx, unit
        )
        if bad >= 0:
            raise invalid_step(system, self._buttons, bad)
        poll(cancel, ANALYSIS_CANCELLED)
        # Phase 2: the k × k check system.
        self._dense = DenseGF2.reduce(check_rows, k, keep_source=not system.symmetric)
        nullity = k - self._dense.rank
        check_basis_size(nullity, n)
        poll(cancel, ANALYSIS_CANCELLED)
        # Phase 3: kernel of M pushed back through the chase = quiet patterns.
        quiet = self._bitsliced(self._dense.kernel_sliced(), nullity)
        poll(cancel, ANALYSIS_CANCELLED)
        # Phase 4: left kernel; equal to the quiet patterns when A is symmetric.
        if system.symmetric:
            left = quiet
        else:
            lam = self._dense.left_kernel()
            packed = pack_rows(lam.T) if nullity else np.zeros((k, 1), np.uint64)
            ell = ck.adjoint_chase(
                self._buttons, self._lights, self._check, self._rptr, self._ridx, packed
            )
            left = unpack_sliced(ell, nullity)
        self._analysis = Analysis(
            n=n,
            states=2,
            rank=n - nullity,
            quiet=quiet,
            left_kernel=left,
            engine="fast-chase",
            free_buttons=k,
        )

    def _bitsliced(self, init: NDArray[np.uint64], count: int) -> NDArray[np.uint8]:
        """Push `count` vectors of free unknowns through the chase at once (bit s of
        ``init[j]``: unknown j of vector s)."""
        n = self._system.n
        if count == 0:
            return np.zeros((0, n), dtype=np.uint8)
        out, _ = ck.chase_forms(self._buttons, self._lights, self._rptr, self._ridx, init)
        return unpack_sliced(out, count)

    def particular(self, rhs: NDArray[np.int64]) -> NDArray[np.uint8] | None:
        """One x with ``A x = rhs (mod 2)``, or None when the pattern is unsolvable."""
        b = self._rhs(rhs)
        b8 = (b & 1).astype(np.uint8)
        args = (self._buttons, self._lights, self._rptr, self._ridx, b8)
        zero = np.zeros(len(self._check), dtype=np.uint8)
        x0 = ck.chase_scalar(*args, zero)
        residual = ck.check_residual(self._check, self._rptr, self._ridx, b8, x0)
        if not residual.any():
            return x0
        y = self._dense.solve(residual)
        if y is None:
            return None
        return ck.chase_scalar(*args, y)
