"""Polynomials over Z_q (q = p^e ≤ 255) as int64 coefficient arrays, lowest degree first.

The dynamics reduce every question about ``T^m b`` to arithmetic modulo a monic polynomial
that annihilates b: ``T^m b = r(T) b`` with ``r = x^m mod ψ``. Division by a monic
polynomial needs no inverses, so the same code serves GF(p) and the chain rings Z_{p^e}.

Examples
--------
>>> monic_mod(np.array([1, 0, 0, 1]), np.array([1, 1, 1]), 2).tolist()  # x³+1 mod x²+x+1
[0, 0]
>>> power_mod(10, np.array([1, 1, 1]), 2).tolist()  # x^10 = x mod x²+x+1 over GF(2)
[0, 1]
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "I64",
    "monic_mod",
    "mul",
    "power_mod",
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


def mul(a: I64, b: I64, q: int) -> I64:
    """``a · b mod q`` (coefficients below q: a product of 6000 terms stays in int64)."""
    return np.convolve(a, b) % q


def monic_mod(a: I64, modulus: I64, q: int) -> I64:
    """``a mod modulus`` over Z_q for a monic `modulus` (leading coefficient 1)."""
    d = len(modulus) - 1
    rem = np.array(a, dtype=np.int64) % q
    if d == 0:
        return np.zeros(1, dtype=np.int64)
    tail = modulus[:d]
    for top in range(len(rem) - 1, d - 1, -1):
        c = rem[top]
        if c:
            rem[top - d : top] = (rem[top - d : top] - c * tail) % q
    out = rem[:d].copy()
    return out if out.size else np.zeros(1, dtype=np.int64)


def power_mod(m: int, modulus: I64, q: int) -> I64:
    """``x^m mod modulus`` over Z_q, by squaring (the modulus monic)."""
    d = len(modulus) - 1
    if m < d:
        return x_power(m)
    result = np.ones(1, dtype=np.int64)
    for bit in bin(m)[2:]:
        result = monic_mod(mul(result, result, q), modulus, q)
        if bit == "1":
            result = monic_mod(np.concatenate(([0], result)), modulus, q)
    return result
