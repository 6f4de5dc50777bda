"""`stable_cells`: the cells no step of a map has changed (LightsOutWeb's stability).

LightsOutWeb keeps a 0/1 mask, reset on any edit, and clears a cell the first time a step
changes it; "lit stability" is stable and lit. Here the mask after `steps` steps is computed
outright: a cell is stable when ``F^t b`` agrees with b there for every t ≤ steps. The
sequence of one cell's values satisfies a linear recurrence of order ``D = deg ψ`` (ψ
annihilates b), so a cell unchanged for D + 2 steps never changes; more steps than that
cost no more.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> s = grid_system(1, 3)
>>> stable_cells(s, np.array([1, 0, 0], dtype=np.uint8), MapKind.PRESS, 1).tolist()
[True, False, True]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.dynamics.krylov import Krylov, PressOperator, annihilator
from lograph.core.dynamics.maps import MapKind, board_vector, drazin_polynomial
from lograph.core.dynamics.polys import monic_mod, mul
from lograph.core.errors import BoardError
from lograph.core.model.system import PressSystem

__all__ = ["stable_cells"]


def stable_cells(
    system: PressSystem, lights: ArrayLike | None, kind: MapKind, steps: int
) -> NDArray[np.bool_]:
    """Which cells keep their value through `steps` steps of the map.

    Parameters
    ----------
    system : PressSystem
        The board.
    lights : array_like of int or None
        The board b (None: the system's own lights).
    kind : MapKind
        The map.
    steps : int
        How many steps (≥ 0; 0 leaves every cell stable).

    Returns
    -------
    ndarray of bool
        True where ``F^t b`` equals b for every t in 1..steps. Lit stability is this and
        ``b != 0``.
    """
    kind = MapKind(kind)
    if isinstance(steps, bool) or not isinstance(steps, int | np.integer) or steps < 0:
        raise BoardError(f"steps must be a whole number ≥ 0, not {steps!r}")
    b = board_vector(system, lights)
    mask = np.ones(system.n, dtype=bool)
    for p, e in system.ring.prime_powers:
        q = p**e
        op = PressOperator(system, q)
        part = b % q
        if not np.any(part):
            continue  # the unlit board stays unlit under both maps
        psi, _ = annihilator(op, part, p, e)
        krylov = Krylov(op, part)
        last = min(int(steps), len(psi) + 1)
        if kind is MapKind.PRESS:
            for t in range(1, last + 1):
                mask &= krylov.vector(t) == part
            continue
        r = drazin_polynomial(psi, q)
        power = np.ones(1, dtype=np.int64)
        for _ in range(last):
            power = monic_mod(mul(power, r, q), psi, q)
            mask &= krylov.combine(power) == part
    return mask
