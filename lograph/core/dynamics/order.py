"""`map_order`: the longest period any board has under a map, and the longest tail.

Over GF(p) both come from the minimal polynomial ``μ_T = x^t g`` of the press map T = −A:
every board's tail is at most t and t is met; every period divides the order of x modulo g
(the lcm over g's irreducible factors f^E of ``ord_f(x) · p^⌈log_p E⌉``) and that order is
met. μ_T is the lcm of the minimal polynomials of random boards, *certified*: it kills the span
of those boards' Krylov vectors, and it is evaluated at T (a Horner scheme, ``deg μ`` sparse
products) on the unit boards that complete that span to a basis; a unit board it does not
kill adds its own minimal polynomial (`map_minimal_polynomial`).

Over Z_{p^e}, with N_1 and t_1 the order and tail mod p: on the core ``T^(N_1) = 1 + pX``,
so the order is ``N_1 · p^j`` for some j < e, and the tail lies between t_1 and e·t_1; both
are found by checking ``T^t (T^(N_1 p^j) − 1) = 0`` with ``μ^e`` (which annihilates T over
Z_{p^e}: ``μ(T) = pY`` there) as the modulus. A composite k is the product of its prime
powers: orders take the lcm, tails the largest.

The solution map has the same order (it is T's inverse on the core) and a tail of 1 on a
singular board (it sends the nilpotent part to 0 at once).
"""

from __future__ import annotations

import numpy as np

from lograph.core.algebra import gfp
from lograph.core.dynamics.factoring import lcm_factors, product
from lograph.core.dynamics.krylov import (
    Krylov,
    PressOperator,
    lcm_polynomials,
    minimal_polynomial,
)
from lograph.core.dynamics.maps import MapKind
from lograph.core.dynamics.orbits import period_of_polynomial
from lograph.core.dynamics.polys import I64, mul, power_mod
from lograph.core.dynamics.records import MapOrder
from lograph.core.errors import BoardTooLargeError, DynamicsError
from lograph.core.model.system import DENSE_LIMIT, PressSystem
from lograph.core.work import Work

__all__ = ["MapOrder", "map_minimal_polynomial", "map_order"]


def _evaluate_on_identity(op: PressOperator, poly: I64) -> I64:
    """``poly(T)`` as a dense matrix over Z_q, by Horner (deg poly sparse × dense products)."""
    return _evaluate_on_units(op, poly, np.arange(op.system.n))


def _evaluate_on_units(op: PressOperator, poly: I64, cols: I64) -> I64:
    """``poly(T) e_j`` for the unit boards e_j, j in `cols`, as the columns of a matrix."""
    if op.q == 2:
        return _evaluate_on_units_gf2(op.system, poly, cols)
    return _evaluate_on_units_int(op, poly, cols)


def _evaluate_on_units_int(op: PressOperator, poly: I64, cols: I64) -> I64:
    """`_evaluate_on_units` with integer columns and sparse products, any q: in the
    narrowest integers a product cannot overflow (int16 while a light's buttons times q − 1
    stay below 2^15: 6.6× faster than int64 on a 2965-button diamond, int32 otherwise)."""
    n, q = op.system.n, op.q
    widest = int(np.diff(op.system.transpose[0]).max(initial=0)) * (q - 1) + q
    dtype: type[np.signedinteger] = np.int16 if widest < 2**15 else np.int32
    rows = op.system.sparse(dtype).tocsr()
    out = np.zeros((n, len(cols)), dtype=dtype)
    where = (np.asarray(cols, dtype=np.int64), np.arange(len(cols)))
    for c in np.asarray(poly, dtype=np.int64)[::-1]:
        out = np.asarray(rows @ out, dtype=dtype)
        np.negative(out, out=out)
        np.remainder(out, q, out=out)  # T = −A, entries back in 0..q−1
        out[where] = (out[where] + int(c)) % q
    return out.astype(np.int64)


def _evaluate_on_units_gf2(system: PressSystem, poly: I64, cols: I64) -> I64:
    """`_evaluate_on_units` over GF(2) on bit-packed rows: a Horner step XORs, for each
    light, the words of the buttons that change it (64 unit boards a word)."""
    n = system.n
    indptr, indices = system.transpose  # light u is changed by indices[indptr[u]:indptr[u+1]]
    words = max(1, (len(cols) + 63) // 64)
    units = np.zeros((n, words), dtype=np.uint64)
    slot = np.arange(len(cols))
    units[np.asarray(cols, dtype=np.int64), slot // 64] |= np.left_shift(
        np.uint64(1), (slot % 64).astype(np.uint64)
    )
    empty = np.diff(indptr) == 0
    starts = np.minimum(indptr[:-1], max(len(indices) - 1, 0))
    out = np.zeros((n, words), dtype=np.uint64)
    for c in np.asarray(poly, dtype=np.int64)[::-1]:
        if len(indices):
            out = np.bitwise_xor.reduceat(out[indices], starts, axis=0)
            out[empty] = 0
        else:
            out[:] = 0
        if c % 2:
            out ^= units
    bits = np.unpackbits(out.view(np.uint8), axis=1, bitorder="little")[:, : len(cols)]
    return bits.astype(np.int64)


#: Random boards joined before the unit boards are checked: each costs an update of the
#: echelon form (O(deg · N · rank)), more than checking its share of unit boards once the
#: span's cyclic pieces get small (a 1985-button diamond: 50 boards took 11 s, 3 take 1 s).
_RANDOM_BOARDS = 3


class _Echelon:
    """A growing reduced row echelon basis over GF(p) (the span of Krylov vectors)."""

    def __init__(self, n: int, p: int) -> None:
        self.p = p
        self.rows = np.zeros((0, n), dtype=np.int64)
        self.pivots = np.zeros(0, dtype=np.int64)

    def add(self, block: I64) -> int:
        """Add the rows of `block` to the span; returns how much the rank grew."""
        p = self.p
        block = np.asarray(block, dtype=np.int64) % p
        if len(self.pivots):  # clear the known pivots (rows are reduced: R[:, P] = I)
            block = _matmul_mod(block[:, self.pivots], self.rows, p, block)
        reduced, new = gfp.row_reduce(block, p)
        if not len(new):
            return 0
        fresh = np.asarray(reduced[: len(new)], dtype=np.int64)
        if len(self.pivots):
            self.rows = _matmul_mod(self.rows[:, new], fresh, p, self.rows)
        self.rows = np.vstack((self.rows, fresh))
        self.pivots = np.concatenate((self.pivots, new))
        return len(new)

    def free(self) -> I64:
        """Columns without a pivot: their unit boards complete the span to everything."""
        mask = np.ones(self.rows.shape[1], dtype=bool)
        mask[self.pivots] = False
        return np.flatnonzero(mask)


def _matmul_mod(left: I64, right: I64, p: int, base: I64) -> I64:
    """``(base − left @ right) mod p``, exactly in float64 blocks (entries below p ≤ 251)."""
    out = np.array(base, dtype=np.int64)
    step = max(1, int(2**52 // max(1, (p - 1) ** 2)))
    for start in range(0, left.shape[1], step):
        part = left[:, start : start + step].astype(np.float64) @ right[start : start + step]
        out = (out - np.asarray(np.rint(part), dtype=np.int64)) % p
    return out


def map_minimal_polynomial(system: PressSystem, p: int, *, work: Work | None = None) -> I64:
    """The minimal polynomial of T = −A over GF(p), certified (module docstring).

    ψ is the lcm of random boards' minimal polynomials; it kills the span W of their Krylov
    vectors. Up to `_RANDOM_BOARDS` random boards are added while each still grows W by a
    good part of deg ψ; then
    ψ(T) is checked on the unit boards completing W to a basis (the echelon form's free
    columns), and any it does not kill joins the lcm. When W is everything, or ψ has degree
    N (it is then the characteristic polynomial), no check is needed.
    """
    op = PressOperator(system, p)
    n = system.n
    rng = np.random.default_rng(7)
    psi = np.ones(1, dtype=np.int64)
    span = _Echelon(n, p)

    def join(board: I64) -> int:
        nonlocal psi
        mu = minimal_polynomial(op, board, p)
        psi = lcm_polynomials(psi, mu, p)
        block = Krylov(op, board).block(0, len(mu) - 1)
        return span.add(np.asarray(block, dtype=np.int64))

    for _ in range(_RANDOM_BOARDS):
        if len(psi) - 1 >= n or len(span.pivots) >= n:
            break
        if work is not None:
            work.poll()
        grew = join(rng.integers(0, p, size=n, dtype=np.int64))
        if grew < max(1, (len(psi) - 1) // 4):
            break  # the rest of W comes in small cyclic pieces: check the units instead
    while len(psi) - 1 < n and len(span.pivots) < n:
        if work is not None:
            work.poll()
        free = span.free()
        residual = _evaluate_on_units(op, psi, free)
        bad = np.flatnonzero(residual.any(axis=0))
        if not bad.size:
            break
        unit = np.zeros(n, dtype=np.int64)
        unit[int(free[bad[0]])] = 1
        join(unit)
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
    from lograph.core.dynamics.lattice import lattice_order  # the grid fast path imports us

    fast = lattice_order(system, kind, work=work)
    if fast is not None:
        return fast
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
