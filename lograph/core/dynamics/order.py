"""`map_order`: the longest period any board has under a map, and the longest tail.

Over GF(p) both come from the minimal polynomial ``μ_T = x^t g`` of the press map T = −A:
every board's tail is at most t and t is met; every period divides the order of x modulo g
(the lcm over g's irreducible factors f^E of ``ord_f(x) · p^⌈log_p E⌉``) and that order is
met. μ_T is the lcm of the minimal polynomials of a few random boards, *certified*: it is
evaluated at T on every unit board (a Horner scheme over the identity, ``deg μ`` sparse
products), and a unit board it does not kill adds its own minimal polynomial; when the lcm
already has degree N it is the characteristic polynomial's equal and needs no check.

Over Z_{p^e}, with N_1 and t_1 the order and tail mod p: on the core ``T^(N_1) = 1 + pX``,
so the order is ``N_1 · p^j`` for some j < e, and the tail lies between t_1 and e·t_1; both
are found by checking ``T^t (T^(N_1 p^j) − 1) = 0`` with ``μ^e`` (which annihilates T over
Z_{p^e}: ``μ(T) = pY`` there) as the modulus. A composite k is the product of its prime
powers: orders take the lcm, tails the largest.

The solution map has the same order (it is T's inverse on the core) and a tail of 1 on a
singular board (it sends the nilpotent part to 0 at once).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lograph.core.dynamics.factoring import lcm_factors, product
from lograph.core.dynamics.krylov import PressOperator, lcm_polynomials, minimal_polynomial
from lograph.core.dynamics.maps import MapKind
from lograph.core.dynamics.orbits import period_of_polynomial
from lograph.core.dynamics.polys import I64, mul, power_mod
from lograph.core.errors import BoardTooLargeError, DynamicsError
from lograph.core.model.system import DENSE_LIMIT, PressSystem
from lograph.core.work import Work

__all__ = ["MapOrder", "map_minimal_polynomial", "map_order"]

#: Random boards whose minimal polynomials start the lcm (each has μ_b = μ_T with
#: probability above 1/4 over GF(2)).
_START = 3


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


def _evaluate_on_identity(op: PressOperator, poly: I64) -> I64:
    """``poly(T)`` as a dense matrix over Z_q, by Horner (deg poly sparse × dense products)."""
    n, q = op.system.n, op.q
    out = np.zeros((n, n), dtype=np.int64)
    diag = np.arange(n)
    for c in np.asarray(poly, dtype=np.int64)[::-1]:
        out = op.apply(out)
        out[diag, diag] = (out[diag, diag] + int(c)) % q
    return out


def map_minimal_polynomial(system: PressSystem, p: int, *, work: Work | None = None) -> I64:
    """The minimal polynomial of T = −A over GF(p), certified (module docstring)."""
    op = PressOperator(system, p)
    n = system.n
    rng = np.random.default_rng(7)
    psi = np.ones(1, dtype=np.int64)
    for _ in range(_START):
        b = rng.integers(0, p, size=n, dtype=np.int64)
        psi = lcm_polynomials(psi, minimal_polynomial(op, b, p), p)
    while len(psi) - 1 < n:
        if work is not None:
            work.poll()
        residual = _evaluate_on_identity(op, psi)
        cols = np.flatnonzero(residual.any(axis=0))
        if not cols.size:
            break
        unit = np.zeros(n, dtype=np.int64)
        unit[int(cols[0])] = 1
        grown = lcm_polynomials(psi, minimal_polynomial(op, unit, p), p)
        if len(grown) == len(psi):
            raise DynamicsError("internal: a unit board's minimal polynomial added nothing")
        psi = grown
    return psi


def _part(system: PressSystem, p: int, e: int, work: Work | None) -> tuple[int, dict[int, int]]:
    """(largest tail, order factors) of the press map on the Z_{p^e} part."""
    mu = map_minimal_polynomial(system, p, work=work)
    nz = np.flatnonzero(mu)
    t1 = int(nz[0])
    base = period_of_polynomial(mu[t1:], p)
    if e == 1:
        return t1, base
    q = p**e
    op = PressOperator(system, q)
    psi = np.ones(1, dtype=np.int64)
    for _ in range(e):
        psi = mul(psi, mu, q)
    top = dict(base)
    top[p] = top.get(p, 0) + e - 1

    def residual(shift: int, exponent: int) -> I64:
        poly = power_mod(exponent, psi, q).copy()
        poly[0] = (poly[0] - 1) % q
        out = _evaluate_on_identity(op, poly)
        for _ in range(shift):
            out = op.apply(out)
        return out

    rest = residual(0, product(top))
    tail = 0
    while np.any(rest):
        if tail >= e * t1:  # μ^e = x^(e·t1)·… annihilates T: no tail is longer
            raise DynamicsError(f"internal: the order bound over Z_{q} is not a multiple")
        rest = op.apply(rest)
        tail += 1
    for j in range(e):
        factors = dict(base)
        factors[p] = factors.get(p, 0) + j
        if j == e - 1 or not np.any(residual(tail, product(factors))):
            return tail, {r: x for r, x in factors.items() if x}
    raise AssertionError("unreachable")


def map_order(system: PressSystem, kind: MapKind, *, work: Work | None = None) -> MapOrder:
    """The map's order (the lcm of all periods), its factors and the longest tail.

    Parameters
    ----------
    system : PressSystem
        The board: any graph, directed or not, any k in 2..255 (at most
        `~lograph.core.model.system.DENSE_LIMIT` buttons).
    kind : MapKind
        The solution or the press map.
    work : Work, optional
        Cancellation, polled between certification rounds.

    Returns
    -------
    MapOrder

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> m = map_order(grid_system(3, 3), MapKind.SOLUTION)
    >>> m.order, m.tail, m.invertible
    (4, 0, True)
    """
    kind = MapKind(kind)
    if system.n > DENSE_LIMIT:
        raise BoardTooLargeError(
            f"the order of a map on {system.n} buttons is beyond the exact dynamics "
            f"(limit {DENSE_LIMIT} buttons)"
        )
    tail, factors = 0, dict[int, int]()
    for p, e in system.ring.prime_powers:
        part_tail, part_factors = _part(system, p, e, work)
        tail = max(tail, part_tail)
        factors = lcm_factors(factors, part_factors)
    invertible = tail == 0
    if kind is MapKind.SOLUTION:
        tail = min(tail, 1)
    return MapOrder(kind, product(factors), factors, tail, invertible, "krylov")
