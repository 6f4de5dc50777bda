"""The records every part of `lograph.core.dynamics` shares: which map (`MapKind`), a board
as a vector (`board_vector`), a board's orbit (`Orbit`) and a map's order (`MapOrder`).

They live apart from the algorithms so that the general methods (`maps`, `orbits`, `order`)
and the grid fast path (`lattice*`) both build on them without importing each other.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from lograph.core.dynamics.polys import I64
from lograph.core.errors import BoardError
from lograph.core.model.system import PressSystem

__all__ = ["MapKind", "MapOrder", "Orbit", "board_vector"]


class MapKind(enum.Enum):
    """Which map a board is stepped through: its solution or its press image."""

    SOLUTION = "solution"
    PRESS = "press"

    @property
    def other(self) -> MapKind:
        """The map that undoes this one where the press matrix is invertible."""
        return MapKind.PRESS if self is MapKind.SOLUTION else MapKind.SOLUTION


def board_vector(system: PressSystem, lights: ArrayLike | None) -> I64:
    """The lights as int64 values in 0..k−1 (the system's own lights when None)."""
    arr = np.asarray(system.lights if lights is None else lights)
    if arr.shape != (system.n,):
        raise BoardError(f"expected {system.n} light values, got shape {arr.shape}")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise BoardError(f"light values must be integers, not {arr.dtype}")
    values = arr.astype(np.int64)
    if values.size and (values.min() < 0 or values.max() >= system.states):
        raise BoardError(f"light values must lie in 0..{system.states - 1}")
    return values


@dataclass(frozen=True)
class Orbit:
    """The orbit of a board under a map: ``tail`` steps, then a cycle of ``period`` boards.

    Attributes
    ----------
    kind : MapKind
        The map.
    tail : int
        Steps before the orbit enters its cycle (0 when the board lies on its cycle, always
        so when A is invertible).
    period : int
        Length of the cycle: the least P > 0 with ``F^(tail+P) b = F^tail b``
        (LightsOutWeb's "solution period" for the solution map).
    factors : dict of int to int
        The period's prime factorisation.
    method : str
        Which algorithm answered: ``"krylov"`` (minimal polynomials, any board),
        ``"lattice"`` (the grid fast path) or ``"brute"``.
    """

    kind: MapKind
    tail: int
    period: int
    factors: dict[int, int] = field(default_factory=dict)
    method: str = "krylov"


@dataclass(frozen=True)
class MapOrder:
    """The longest period and tail of a map over all boards.

    Attributes
    ----------
    kind : MapKind
        The map.
    order : int
        The lcm of every board's period (the map's exponent on its cycles): when the map is
        invertible ``F^order`` is the identity.
    factors : dict of int to int
        The order's prime factorisation.
    tail : int
        The longest tail (0 when invertible): ``F^(tail + order) = F^tail``.
    invertible : bool
        Whether A is invertible over Z_k (both maps are then bijections).
    method : str
        Which algorithm answered (``"krylov"``, ``"lattice"``, ``"brute"``).
    """

    kind: MapKind
    order: int
    factors: dict[int, int] = field(default_factory=dict)
    tail: int = 0
    invertible: bool = True
    method: str = "krylov"
