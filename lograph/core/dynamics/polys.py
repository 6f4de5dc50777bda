"""Polynomials over Z_q (q = p^e ≤ 255) as int64 coefficient arrays, lowest degree first.

The dynamics reduce every question about ``T^m b`` to arithmetic modulo a monic polynomial
that annihilates b: ``T^m b = r(T) b`` with ``r = x^m mod ψ``. Division by a monic
polynomial needs no inverses, so the same code serves GF(p) and the chain rings Z_{p^e}
(FLINT's nmod_poly does the arithmetic, for any modulus).

Examples
--------
>>> monic_mod(np.array([1, 0, 0, 1]), np.array([1, 1, 1]), 2).tolist()  # x³+1 mod x²+x+1
[0]
>>> power_mod(10, np.array([1, 1, 1]), 2).tolist()  # x^10 = x mod x²+x+1 over GF(2)
[0, 1]
"""

from __future__ import annotations

import flint
import numpy as np
from numpy.typing import NDArray

__all__ = [
    "I64",
    "monic_mod",
    "mul",
    "power_mod",
    "power_of",
    "strip",
    "x_power",
]

I64 = NDArray[np.int64]


def strip(a: I64) -> I64:
    """`a` without its zero leading coefficients (the zero polynomial keeps one 0)."""
    nz = np.flatnonzero(a)
    return a[: int(nz[-1]) + 1] if nz.size else a[:1] * 0


def x_power(m: int) -> I64:
    """The monomial x^m."""
    out = np.zeros(m + 1, dtype=np.int64)
    out[m] = 1
    return out


def _flint(a: I64, q: int) -> flint.nmod_poly:
    return flint.nmod_poly([int(c) for c in np.asarray(a, dtype=np.int64) % q], q)


def _array(poly: flint.nmod_poly) -> I64:
    coeffs = [int(c) for c in poly.coeffs()]
    return np.array(coeffs or [0], dtype=np.int64)


def mul(a: I64, b: I64, q: int) -> I64:
    """``a · b mod q``."""
    return _array(_flint(a, q) * _flint(b, q))


def monic_mod(a: I64, modulus: I64, q: int) -> I64:
    """``a mod modulus`` over Z_q for a monic `modulus` (leading coefficient 1; FLINT's
    division needs no inverse but the leading coefficient's)."""
    if len(modulus) == 1:
        return np.zeros(1, dtype=np.int64)
    return _array(_flint(a, q) % _flint(modulus, q))


def power_mod(m: int, modulus: I64, q: int) -> I64:
    """``x^m mod modulus`` over Z_q (the modulus monic)."""
    return power_of(np.array([0, 1], dtype=np.int64), m, modulus, q)


def power_of(base: I64, m: int, modulus: I64, q: int) -> I64:
    """``base^m mod modulus`` over Z_q, by FLINT's square-and-multiply (the modulus monic)."""
    if len(modulus) == 1:
        return np.zeros(1, dtype=np.int64)
    mod = _flint(modulus, q)
    return _array((_flint(base, q) % mod).pow_mod(int(m), mod))
