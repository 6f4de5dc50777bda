"""`orbit`: how long a board takes to enter its cycle under a map, and the cycle's length.

The orbit ``b, F b, F² b, …`` of a finite board is eventually periodic: ``tail`` steps lead
into a cycle of ``period`` boards. Both are read from a monic ψ with ``ψ(T) b = 0``
(`lograph.core.dynamics.krylov`), never by walking the orbit:

- over GF(p) ψ is b's minimal polynomial μ_b = x^t g, g(0) ≠ 0: the tail under the press
  map T is t, and the period is the order of x modulo g, the lcm over g's irreducible
  factors f^E of ``ord_f(x) · p^⌈log_p E⌉`` (`lograph.core.dynamics.factoring`);
- over Z_{p^e} ψ is a product of such minimal polynomials mod p; the same formula bounds the
  period by a number N whose primes are known; ``T^s (T^N − 1) b = 0`` is checked (N grows
  by p until it holds), and then every prime is divided out of N while the check still
  holds, and the tail is the number of T steps that take ``(T^N − 1) b`` to 0; so both
  are exact;
- a composite k is the product of its prime powers (CRT): the tail is the largest of the
  parts', the period the lcm.

The solution map ``f = T^D`` has the same period as T (on the core f is T's inverse) and a
tail of 1 exactly when b has a nilpotent part (b is not in the core), else 0.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from lograph.core.dynamics.factoring import (
    factor_polynomial,
    lcm_factors,
    order_of_x_power,
    product,
)
from lograph.core.dynamics.krylov import Krylov, PressOperator, annihilator
from lograph.core.dynamics.maps import MapKind, board_vector
from lograph.core.dynamics.polys import I64, monic_mod, power_mod
from lograph.core.dynamics.records import Orbit
from lograph.core.errors import BoardTooLargeError, DynamicsError
from lograph.core.model.system import DENSE_LIMIT, PressSystem
from lograph.core.work import Work

__all__ = ["Orbit", "orbit", "period_of_polynomial"]

#: Times N is multiplied by p while ``T^s (T^N − 1) b = 0`` fails, before giving up (the
#: bound is met after at most e + log_p(deg ψ) tries).
_LIFTS = 64


def period_of_polynomial(g: I64, p: int) -> dict[int, int]:
    """Factorisation of the order of x modulo g over GF(p) (g(0) ≠ 0)."""
    out: dict[int, int] = {}
    for f, mult in factor_polynomial(g, p):
        out = lcm_factors(out, order_of_x_power(f, mult, p))
    return out


def _x_multiplicity(psi: I64, q: int) -> int:
    nz = np.flatnonzero(psi % q)
    return int(nz[0]) if nz.size else 0


def _kills(krylov: Krylov, psi: I64, q: int, shift: int, n_exp: int) -> bool:
    """Whether ``T^shift (T^n_exp − 1) b = 0``."""
    diff = power_mod(n_exp, psi, q).copy()
    diff[0] = (diff[0] - 1) % q
    if shift:
        diff = monic_mod(np.concatenate((np.zeros(shift, dtype=np.int64), diff)), psi, q)
    return not np.any(krylov.combine(diff))


def _part(
    system: PressSystem, b: I64, p: int, e: int, work: Work | None = None
) -> tuple[int, dict[int, int]]:
    """(tail, period factors) of the Z_{p^e} part of b under the press map."""
    q = p**e
    op = PressOperator(system, q)
    b = b % q
    if not np.any(b):
        return 0, {}
    psi, pieces = annihilator(op, b, p, e, work=work)
    s = _x_multiplicity(psi, q)
    if e == 1:  # ψ = μ_b exactly: the formula is the answer
        return s, period_of_polynomial(psi[s:], p)
    irreducible: dict[tuple[int, ...], tuple[I64, int]] = {}
    for mu in pieces:
        t = _x_multiplicity(mu, p)
        for f, mult in factor_polynomial(mu[t:], p):
            key = tuple(int(c) for c in f)
            irreducible[key] = (f, irreducible.get(key, (f, 0))[1] + mult)
    bound: dict[int, int] = {}
    for f, mult in irreducible.values():
        bound = lcm_factors(bound, order_of_x_power(f, mult, p))
    krylov = Krylov(op, b)
    for _ in range(_LIFTS):
        if _kills(krylov, psi, q, s, product(bound)):
            break
        bound[p] = bound.get(p, 0) + 1
    else:
        raise DynamicsError(f"internal: no period bound found over Z_{q}")
    big = product(bound)
    # exact tail: steps of T that take (T^N − 1) b to 0
    poly = power_mod(big, psi, q)
    poly[0] = (poly[0] - 1) % q
    w = krylov.combine(poly)
    tail = 0
    while np.any(w):
        if tail >= s:  # x^s kills b's nilpotent part: more steps mean a wrong N
            raise DynamicsError(f"internal: the period bound over Z_{q} is not a multiple")
        w = op.apply(w)
        tail += 1
    period = dict(bound)
    for prime in list(period):
        while period[prime] and _kills(krylov, psi, q, tail, product(period) // prime):
            period[prime] -= 1
    return tail, {r: x for r, x in period.items() if x}


def orbit(
    system: PressSystem, lights: ArrayLike | None, kind: MapKind, *, work: Work | None = None
) -> Orbit:
    """The tail and period of a board under the solution or press map, exactly.

    Parameters
    ----------
    system : PressSystem
        The board: any graph, directed or not, any k in 2..255.
    lights : array_like of int or None
        The board b (None: the system's own lights).
    kind : MapKind
        The map: ``SOLUTION`` (b → its solution, LightsOutWeb's solution period) or
        ``PRESS`` (b → −A b, its inverse-solution period).
    work : Work, optional
        Cancellation, polled between projections of the minimal polynomials.

    Returns
    -------
    Orbit

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> s = grid_system(3, 3)
    >>> o = orbit(s, np.ones(9, dtype=np.uint8), MapKind.SOLUTION)
    >>> o.tail, o.period
    (0, 2)
    """
    kind = MapKind(kind)
    b = board_vector(system, lights)
    from lograph.core.dynamics.lattice import lattice_orbit  # the grid fast path imports us

    fast = lattice_orbit(system, b, kind, work=work)
    if fast is not None:
        return fast
    if system.n > DENSE_LIMIT:
        raise BoardTooLargeError(
            f"the orbit of a {system.n}-button board is beyond the exact dynamics "
            f"(limit {DENSE_LIMIT} buttons)"
        )
    tail, factors = 0, dict[int, int]()
    for p, e in system.ring.prime_powers:
        if work is not None:
            work.poll()
        part_tail, part_factors = _part(system, b, p, e, work)
        tail = max(tail, part_tail)
        factors = lcm_factors(factors, part_factors)
    if kind is MapKind.SOLUTION:
        tail = min(tail, 1)
    return Orbit(kind, tail, product(factors), factors, "krylov")
