"""`summarize`: everything the CLI and the library say about a board's dynamics at once.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> s = grid_system(3, 3)
>>> d = summarize(s, np.ones(9, dtype=np.uint8), MapKind.SOLUTION)
>>> d.orbit.period, d.order.order, d.fixed_count
(2, 4, 8)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.dynamics.fixed import fixed_board_count, fixed_boards
from lograph.core.dynamics.maps import MapKind, board_vector
from lograph.core.dynamics.orbits import Orbit, orbit
from lograph.core.dynamics.order import MapOrder, map_order
from lograph.core.model.system import PressSystem
from lograph.core.work import Work

__all__ = ["BoardDynamics", "summarize"]


@dataclass(frozen=True, eq=False)
class BoardDynamics:
    """A board's orbit under a map, the map's order and the boards it fixes.

    Attributes
    ----------
    kind : MapKind
        The map.
    lights : ndarray of uint8
        The board b the orbit starts from.
    orbit : Orbit
        b's tail and period.
    order : MapOrder
        The map's order, its factors, the longest tail, whether A is invertible.
    fixed : ndarray of uint8
        Rows generating the fixed boards (a basis over GF(p)).
    fixed_count : int
        How many boards the map fixes (the unlit board included).
    """

    kind: MapKind
    lights: NDArray[np.uint8]
    orbit: Orbit
    order: MapOrder
    fixed: NDArray[np.uint8]
    fixed_count: int


def summarize(
    system: PressSystem, lights: ArrayLike | None, kind: MapKind, *, work: Work | None = None
) -> BoardDynamics:
    """The orbit of `lights` (None: the system's own), the map's order and fixed boards."""
    kind = MapKind(kind)
    b = board_vector(system, lights)
    return BoardDynamics(
        kind,
        b.astype(np.uint8),
        orbit(system, b, kind, work=work),
        map_order(system, kind, work=work),
        fixed_boards(system, kind),
        fixed_board_count(system),
    )
