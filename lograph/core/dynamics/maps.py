"""The two maps LightsOutWeb iterates on a board, and stepping a board through them.

With A the press matrix (``A[u, w] = 1`` when pressing w changes light u) over Z_k:

- the **press map** (LightsOutWeb's "inverse solution") ``g(b) = −A b``: the board whose
  solution is b; its powers are ``T^m`` with ``T = −A``;
- the **solution map** ``f(b) = −A^D b``: the presses that turn b off, shown as a board. A^D
  is the Drazin inverse of A (docs/math.md, "Board dynamics"): ``A^{-1}`` when A is
  invertible; on a singular board the inverse of A on its *core* (the part where A acts
  invertibly), 0 on its nilpotent part. So ``f = T^D``, ``f`` inverts ``g`` on the core.

Both are computed from a monic ψ with ``ψ(T) b = 0`` (`lograph.core.dynamics.krylov`):
``T^m b = (x^m mod ψ)(T) b``, and with ``ψ = x^s h``, ``h(0)`` a unit,
``T^D b = r(T) b`` for ``r = x^s · u^{s+1} mod ψ``, u the inverse of x modulo h. So a board
takes any number of steps, forwards or back, in O(log steps) polynomial products. Past the
dense limit (`~lograph.core.model.system.DENSE_LIMIT` buttons) a board steps one solve (or
one product) at a time, the solution map only where A is invertible.

Examples
--------
>>> from lograph.core.model.generators import grid_system
>>> s = grid_system(3, 3)
>>> b = np.zeros(9, dtype=np.uint8); b[0] = 1
>>> image(s, b, MapKind.PRESS).tolist()  # −A b = A b over GF(2): the corner's press
[1, 1, 0, 1, 0, 0, 0, 0, 0]
>>> x = image(s, b, MapKind.SOLUTION)
>>> (s.dense().astype(int) @ x % 2).tolist() == b.tolist()  # its presses turn b off
True
>>> step(s, step(s, b, MapKind.SOLUTION, 7), MapKind.SOLUTION, -7).tolist() == b.tolist()
True
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.algebra.zk import crt_idempotents
from lograph.core.dynamics.krylov import Krylov, PressOperator, annihilator
from lograph.core.dynamics.polys import I64, monic_mod, mul, power_mod, power_of
from lograph.core.dynamics.records import MapKind, board_vector
from lograph.core.errors import BoardError, BoardTooLargeError, DynamicsError
from lograph.core.model.system import DENSE_LIMIT, PressSystem

__all__ = ["MapKind", "board_vector", "drazin_polynomial", "image", "is_invertible", "step"]

#: Steps a board past the dense limit takes one at a time (a solve or a product each).
_SOLVER_STEPS = 10_000


def is_invertible(system: PressSystem) -> bool:
    """Whether A is invertible over Z_k (both maps are then bijections, each the other's
    inverse)."""
    from lograph.core.solve import analyze

    return analyze(system).nullity == 0


def drazin_polynomial(psi: I64, q: int) -> I64:
    """``r = x^s u^{s+1} mod ψ`` for ``ψ = x^s h``: ``r(T) = T^D`` on anything ψ kills."""
    nz = np.flatnonzero(psi % q)
    s = int(nz[0])
    h = psi[s:] % q
    if len(h) == 1:  # ψ = x^s: the board is all nilpotent part
        return np.zeros(1, dtype=np.int64)
    inv_h0 = pow(int(h[0]), -1, q)
    u = (-inv_h0 * h[1:]) % q  # x · u = 1 − h/h(0) ≡ 1 (mod h)
    r = np.ones(1, dtype=np.int64)
    for _ in range(s + 1):
        r = monic_mod(mul(r, u, q), psi, q)
    shifted = np.concatenate((np.zeros(s, dtype=np.int64), r))
    return monic_mod(shifted, psi, q)


def _step_part(system: PressSystem, b: I64, p: int, e: int, kind: MapKind, times: int) -> I64:
    """`times` ≥ 0 steps of the map on the Z_{p^e} part of a board."""
    q = p**e
    op = PressOperator(system, q)
    b = b % q
    if not np.any(b) or times == 0:
        return b
    psi, _ = annihilator(op, b, p, e)
    if kind is MapKind.PRESS:
        poly = power_mod(times, psi, q)
    else:
        poly = power_of(drazin_polynomial(psi, q), times, psi, q)
    return Krylov(op, b).combine(poly)


def _by_solver(system: PressSystem, b: I64, times: int) -> NDArray[np.uint8]:
    """`times` solution steps on a board past the dense limit, one solve each: f(b) is the
    presses that turn b off, unique when A is invertible (refused otherwise)."""
    from lograph.core.solve import prepare, solve

    if times > _SOLVER_STEPS:
        raise BoardTooLargeError(
            f"{times} solution steps on {system.n} buttons: past {DENSE_LIMIT} buttons the "
            f"board steps one solve at a time, at most {_SOLVER_STEPS}"
        )
    if not is_invertible(system):
        raise BoardTooLargeError(
            f"the solution map of a singular board of {system.n} buttons is beyond the exact "
            f"dynamics (limit {DENSE_LIMIT} buttons)"
        )
    solver = prepare(system)
    board = b.astype(np.uint8)
    for _ in range(times):
        found = solve(system.with_lights(board), "off", solver=solver)
        assert found.presses is not None  # A is invertible: every board is solvable
        board = np.asarray(found.presses, dtype=np.uint8)
    return board


def _by_parts(system: PressSystem, b: I64, kind: MapKind, times: int) -> NDArray[np.uint8]:
    k = system.states
    parts = system.ring.prime_powers
    if kind is MapKind.PRESS and times == 1:
        return (-system.apply(b) % k).astype(np.uint8)
    if system.n > DENSE_LIMIT:
        from lograph.core.dynamics.lattice_step import lattice_power  # grids: any steps

        solves = kind is MapKind.SOLUTION and times <= _SOLVER_STEPS and is_invertible(system)
        fast = None if solves else lattice_power(system, b, kind, times)  # a solve is faster
        if fast is not None:
            return fast
        if kind is MapKind.SOLUTION:
            return _by_solver(system, b, times)
        if times > _SOLVER_STEPS:
            raise BoardTooLargeError(
                f"{times} press steps on {system.n} buttons: past {DENSE_LIMIT} buttons the "
                f"board steps one product at a time, at most {_SOLVER_STEPS}"
            )
        board = b
        for _ in range(times):
            board = -system.apply(board) % k
        return board.astype(np.uint8)
    idem = crt_idempotents([p**e for p, e in parts])
    out = np.zeros(system.n, dtype=np.int64)
    for (p, e), weight in zip(parts, idem, strict=True):
        out = (out + weight * _step_part(system, b, p, e, kind, times)) % k
    return out.astype(np.uint8)


def image(system: PressSystem, lights: ArrayLike | None, kind: MapKind) -> NDArray[np.uint8]:
    """One step of the map: ``−A b`` (press) or ``−A^D b`` (solution).

    Parameters
    ----------
    system : PressSystem
        The board (any graph, directed or not, any k).
    lights : array_like of int or None
        The board b (None: the system's own lights).
    kind : MapKind
        Which map.

    Returns
    -------
    ndarray of uint8
        The image board.
    """
    return _by_parts(system, board_vector(system, lights), MapKind(kind), 1)


def step(
    system: PressSystem, lights: ArrayLike | None, kind: MapKind, times: int = 1
) -> NDArray[np.uint8]:
    """The board after `times` steps of the map (negative: backwards, through the other map).

    Any number of steps costs O(log |times|) polynomial products, never that many steps.

    Raises
    ------
    DynamicsError
        When `times` < 0 and A is not invertible over Z_k: the map then has no inverse.
    """
    kind = MapKind(kind)
    if isinstance(times, bool) or not isinstance(times, int | np.integer):
        raise BoardError(f"steps must be an integer, not {times!r}")
    times = int(times)
    b = board_vector(system, lights)
    if times < 0:
        if not is_invertible(system):
            raise DynamicsError(
                f"the {kind.value} map cannot step backwards: the press matrix is not "
                f"invertible over {system.ring}"
            )
        kind, times = kind.other, -times
    return _by_parts(system, b, kind, times)
