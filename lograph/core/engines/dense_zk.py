"""The dense engine over Z_k for composite k: Smith normal form of the whole press matrix.

Registered as engine ``"dense-zk"``; ``engine="auto"`` uses it for composite k when the
``chase-zk`` engine refuses a board (a chase with too many free buttons). The algebra is
`lograph.core.algebra.zk`: A's Smith form over each prime power of k, joined by the Chinese
remainder theorem, gives the quiet generators, the world functionals and, with the kept
transforms, every later solve as two matrix–vector products.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> a = DenseZkSolver(grid_system(4, 4, states=4)).analysis
>>> a.engine, a.kernel_structure, a.rank, a.nullity
('dense-zk', [2, 2, 4, 4], 12, 4)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.analysis import Analysis, PreparedSolver
from lograph.core.algebra.zk import ZkModule
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel

__all__ = ["ENGINE_NAME", "DenseZkSolver", "build", "module_analysis"]

ENGINE_NAME = "dense-zk"


def module_analysis(
    module: ZkModule,
    n: int,
    k: int,
    engine: str,
    quiet: NDArray[np.uint8],
    left: NDArray[np.uint8],
    free_buttons: int | None = None,
) -> Analysis:
    """The `Analysis` of a board over Z_k whose quiet generators and world functionals (on
    the lights) are `quiet` and `left`, with the orders `module` found."""
    return Analysis(
        n=n,
        states=k,
        rank=n - len(module.quiet_orders),
        quiet=quiet,
        left_kernel=left,
        engine=engine,
        free_buttons=free_buttons,
        quiet_orders=module.quiet_orders,
        world_orders=module.world_orders,
    )


class DenseZkSolver(PreparedSolver):
    """A board over Z_k (any k, meant for composite k) prepared by a dense Smith form.

    Parameters
    ----------
    system : PressSystem
        The board; at most `lograph.core.engines.common.DENSE_LIMIT_ZK` buttons through
        the registry.
    cancel : callable, optional
        Polled between pivots; returning True raises `InterruptedComputation`.
    """

    def __init__(self, system: PressSystem, cancel: Cancel = None) -> None:
        n, k = system.n, system.states
        self._system = system
        self._module = ZkModule(system.dense(), k, cancel=cancel)
        module = self._module
        self._analysis = module_analysis(module, n, k, ENGINE_NAME, module.quiet, module.worlds)

    def particular(self, rhs: ArrayLike) -> NDArray[np.uint8] | None:
        """One x (entries 0..k-1) with ``A x = rhs (mod k)``, or None if there is none."""
        return self._module.solve(self._rhs(rhs))


def build(system: PressSystem, cancel: Cancel = None) -> DenseZkSolver:
    """Engine factory entry: `DenseZkSolver` for `system`."""
    return DenseZkSolver(system, cancel)
