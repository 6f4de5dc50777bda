"""Multiplicative orders of x modulo polynomials over GF(p), and the integer factoring they
need.

For an irreducible f of degree d (f ≠ x), x is a unit of the field GF(p)[x]/f of p^d
elements, so its order divides ``p^d − 1``; it is found from the prime factors of p^d − 1 by
dividing out every prime while ``x^(N/r) ≡ 1`` still holds. Modulo ``f^E`` the order is
``ord_f(x) · p^⌈log_p E⌉`` (the classical result on orders of polynomials, Lidl &
Niederreiter, Finite Fields, Theorem 3.8), and modulo a product of coprime pieces it is the
lcm of theirs. The number ``p^d − 1`` is split first into its cyclotomic parts
``Φ_m(p)`` (m | d), whose prime factors are 1 mod m or divide m: trial division by such
numbers, then FLINT (ECM and the quadratic sieve: whole up to 50 digits, small factors past
that) factor the parts met on boards of a few thousand buttons; a part that does not factor
within that work raises `DynamicsError` naming it, rather than running on.

Examples
--------
>>> factor_integer(2**12 - 1)
{3: 2, 5: 1, 7: 1, 13: 1}
>>> order_of_x(np.array([1, 1, 0, 0, 1]), 2)  # x⁴ + x + 1 is primitive: order 15
15
"""

from __future__ import annotations

from functools import lru_cache

import flint
import numpy as np

from lograph.core.dynamics.polys import I64
from lograph.core.errors import DynamicsError

__all__ = [
    "factor_integer",
    "factor_polynomial",
    "lcm_factors",
    "order_of_x",
    "order_of_x_power",
    "product",
]

#: Trial divisors tried per cyclotomic part (as k·m + 1).
_TRIAL = 20_000
#: Composite numbers up to this many digits are factored whole (a 50-digit product of two
#: primes takes FLINT about 0.6 s).
_FULL_DIGITS = 50
#: Past that, factors up to this many bits are found by FLINT's smooth factoring (ECM).
_SMOOTH_BITS = 48


def product(factors: dict[int, int]) -> int:
    """The number with this prime factorisation."""
    out = 1
    for prime, exp in factors.items():
        out *= prime**exp
    return out


def lcm_factors(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    """Factorisation of lcm(a, b) from those of a and b."""
    out = dict(a)
    for prime, exp in b.items():
        out[prime] = max(out.get(prime, 0), exp)
    return dict(sorted(out.items()))


def _is_prime(n: int) -> bool:
    return bool(flint.fmpz(n).is_probable_prime())


def _split(n: int, out: dict[int, int], what: str) -> None:
    """Add the prime factors of n to `out`: FLINT's full factorisation (ECM, quadratic sieve)
    up to `_FULL_DIGITS` digits; past that the factors up to `_SMOOTH_BITS` bits, and a
    cofactor that is a probable prime or again short enough."""
    if n == 1:
        return
    if _is_prime(n):
        out[n] = out.get(n, 0) + 1
        return
    if len(str(n)) <= _FULL_DIGITS:
        pieces = flint.fmpz(n).factor()
    else:
        pieces = flint.fmpz(n).factor_smooth(_SMOOTH_BITS)
        last = int(pieces[-1][0])
        if not _is_prime(last) and len(str(last)) > _FULL_DIGITS:
            raise DynamicsError(
                f"the order needs the prime factors of {what}, and a {len(str(last))}-digit "
                "part of it did not factor within the work limit"
            )
    for prime, exp in pieces:
        if _is_prime(int(prime)):
            out[int(prime)] = out.get(int(prime), 0) + int(exp)
        else:  # a composite cofactor of at most _FULL_DIGITS digits
            for q, e in flint.fmpz(int(prime)).factor():
                out[int(q)] = out.get(int(q), 0) + int(e) * int(exp)


def factor_integer(n: int, *, step: int = 1, what: str = "") -> dict[int, int]:
    """Prime factorisation of n ≥ 1; trial division by 2, 3 and numbers ≡ 1 (mod `step`)."""
    out: dict[int, int] = {}
    for small in (2, 3, 5, 7):
        while n % small == 0:
            out[small] = out.get(small, 0) + 1
            n //= small
    cand = step + 1 if step > 1 else 11
    tried = 0
    while n > 1 and cand * cand <= n and tried < _TRIAL:
        if n % cand == 0:
            while n % cand == 0:
                out[cand] = out.get(cand, 0) + 1
                n //= cand
        cand += step if step > 1 else 2
        tried += 1
    if n > 1:
        _split(n, out, what or str(n))
    return dict(sorted(out.items()))


@lru_cache(maxsize=4096)
def _cyclotomic_value(m: int, p: int) -> int:
    """Φ_m(p), from ``p^m − 1 = ∏_{k | m} Φ_k(p)``."""
    value = int(p**m) - 1
    for k in range(1, m):
        if m % k == 0:
            value //= _cyclotomic_value(k, p)
    return value


@lru_cache(maxsize=4096)
def _unit_group_factors(p: int, d: int) -> tuple[tuple[int, int], ...]:
    """Prime factorisation of p^d − 1, one cyclotomic part at a time."""
    out: dict[int, int] = {}
    for m in range(1, d + 1):
        if d % m == 0:
            part = factor_integer(_cyclotomic_value(m, p), step=m, what=f"{p}^{d} − 1")
            out = {q: out.get(q, 0) + part.get(q, 0) for q in out.keys() | part.keys()}
    return tuple(sorted(out.items()))


@lru_cache(maxsize=65536)
def _order_cached(coeffs: tuple[int, ...], p: int) -> tuple[tuple[int, int], ...]:
    f = flint.nmod_poly(list(coeffs), p)
    d = f.degree()
    x = flint.nmod_poly([0, 1], p)
    order = dict(_unit_group_factors(p, d))
    total = p**d - 1
    for prime in list(order):
        while order[prime] and (x % f).pow_mod(total // prime, f).is_one():
            total //= prime
            order[prime] -= 1
    return tuple((q, e) for q, e in sorted(order.items()) if e)


def order_of_x(f: I64, p: int) -> int:
    """The order of x modulo the irreducible f (coefficients lowest first, f(0) ≠ 0)."""
    return product(dict(_order_cached(tuple(int(c) for c in f), p)))


def order_of_x_power(f: I64, exponent: int, p: int) -> dict[int, int]:
    """Factorisation of the order of x modulo ``f^exponent`` (f irreducible, f(0) ≠ 0)."""
    out = dict(_order_cached(tuple(int(c) for c in f), p))
    lift = 0
    while p**lift < exponent:
        lift += 1
    if lift:
        out[p] = out.get(p, 0) + lift
    return dict(sorted(out.items()))


def factor_polynomial(g: I64, p: int) -> list[tuple[I64, int]]:
    """The monic irreducible factors of g over GF(p) with multiplicities (FLINT)."""
    if len(g) <= 1:
        return []
    _, factors = flint.nmod_poly([int(c) for c in g % p], p).factor()
    return [(np.array([int(c) for c in f.coeffs()], dtype=np.int64), int(m)) for f, m in factors]
