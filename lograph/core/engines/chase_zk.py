"""The symbolic-chase engine over Z_k for composite k: big multi-colour lattices in seconds.

Registered as engine ``"chase-zk"`` and preferred by ``engine="auto"`` for composite k. It
is the ``chase-p`` engine (`lograph.core.engines.chase_p`) with the check system solved over
Z_k instead of GF(p):

- A force step ``u -> w`` needs w's coefficient on light u to be a unit mod k, so that
  ``x_w`` is determined by the rest. Every entry of a press matrix is 0 or 1, so that
  coefficient is 1 and every chase plan serves every k; the symbolic kernels
  (`lograph.core.kernels.chase_gfp`) only add and negate, which is the same mod k.
- The k × k check system M is brought to Smith form over each prime power of k and joined
  by the Chinese remainder theorem (`lograph.core.algebra.zk.ZkModule`): ker M, with the
  generators' orders, pushed through the chase gives the quiet generators of A; M's world
  functionals pulled back through the chase give A's (the residual is linear over Z_k in
  the lights, and every world order divides k).

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> a = ZkChaseSolver(grid_system(4, 4, states=6)).analysis
>>> a.engine, a.kernel_structure, a.free_buttons
('chase-zk', [2, 2, 6, 6], 4)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.zk import ZkModule
from lograph.core.chase.plan import ChasePlan
from lograph.core.engines.chase_p import GfpChaseSolver
from lograph.core.engines.common import ANALYSIS_CANCELLED, check_basis_size
from lograph.core.engines.dense_zk import module_analysis
from lograph.core.kernels import chase_gfp as gk
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel, poll

__all__ = ["ENGINE_NAME", "ZkChaseSolver", "build"]

ENGINE_NAME = "chase-zk"


class ZkChaseSolver(GfpChaseSolver):
    """Analyse a board over Z_k by running a chase plan symbolically (any k ≥ 2).

    Parameters
    ----------
    system : PressSystem
        The board, any number of states 2..255 (meant for composite k).
    cancel : callable, optional
        Polled between phases; returning True raises `InterruptedComputation`.
    plan : ChasePlan, optional
        The chase to run (default: `chase_plan(system)`).

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> solver = ZkChaseSolver(grid_system(3, 3, states=4))
    >>> x = solver.particular(np.ones(9, dtype=np.int64))
    >>> solver.system.apply(x).tolist() == [1] * 9
    True
    """

    def __init__(
        self, system: PressSystem, cancel: Cancel = None, plan: ChasePlan | None = None
    ) -> None:
        k, n = system.states, system.n
        plan = self._load_plan(system, plan, cancel, ENGINE_NAME)
        rows = self._check_system()
        poll(cancel, ANALYSIS_CANCELLED)
        self._module = ZkModule(rows, k, cancel=cancel)
        module = self._module
        check_basis_size(len(module.quiet_orders), n)
        poll(cancel, ANALYSIS_CANCELLED)
        quiet = self._push(module.quiet)
        poll(cancel, ANALYSIS_CANCELLED)
        left = self._pull(module.worlds, module.world_orders)
        self._analysis = module_analysis(
            module, n, k, ENGINE_NAME, quiet, left, free_buttons=len(plan.check)
        )

    def _pull(self, worlds: NDArray[np.uint8], orders: tuple[int, ...]) -> NDArray[np.uint8]:
        """A's world functionals: M's pulled back through the chase (mod k), each then
        reduced mod its order."""
        if len(worlds) == 0:
            return np.zeros((0, self._system.n), dtype=np.uint8)
        lam = np.ascontiguousarray(worlds.T.astype(np.int64))
        ell = gk.gfp_adjoint(
            self._buttons, self._lights, self._check, self._rptr, self._ridx, lam, self._p
        )
        modulus = np.asarray(orders, dtype=np.int64)
        return np.ascontiguousarray((ell.T % modulus[:, None]).astype(np.uint8))

    def particular(self, rhs: ArrayLike) -> NDArray[np.uint8] | None:
        """One x (entries 0..k-1) with ``A x = rhs (mod k)``, or None if there is none."""
        k = self._p
        b = np.ascontiguousarray(self._rhs(rhs))
        args = (self._buttons, self._lights, self._rptr, self._ridx, b)
        x0 = gk.gfp_chase_scalar(*args, np.zeros(len(self._check), dtype=np.int64), k)
        residual = gk.gfp_check_residual(self._check, self._rptr, self._ridx, b, x0, k)
        if not residual.any():
            return x0
        y = self._module.solve(residual)
        if y is None:
            return None
        return gk.gfp_chase_scalar(*args, y.astype(np.int64), k)


def build(system: PressSystem, cancel: Cancel = None) -> ZkChaseSolver:
    """Engine factory entry: `ZkChaseSolver` for `system`."""
    return ZkChaseSolver(system, cancel)
