"""Closed forms for plain m×n rectangles over GF(2): the nullity without any matrix.

Define over GF(2) the polynomials ``f₀ = 1``, ``f₁ = x``, ``f_{j+1} = x·f_j + f_{j−1}``.
The press matrix of the m×n grid is ``f``-related to the path graphs, and (docs/math.md,
"Closed forms for grids")

- closed rule: ``nullity = deg gcd(f_m(x), f_n(x + 1))``;
- open rule: ``nullity = deg gcd(f_m(x), f_n(x))``.

Polynomials are packed into Python ints (bit i = coefficient of xⁱ), so addition is XOR and
multiplication by x a shift; a 10⁵ × 10⁵ board takes a fraction of a second, where
`galois.Poly` arithmetic needs about a minute (its Euclid loop is quadratic there).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lograph.core.errors import BoardError

__all__ = ["fibonacci_polynomial", "gf2_poly_gcd", "grid_nullity", "poly_degree"]

#: Largest side accepted: the polynomials have about `MAX_SIDE` bits each. Time grows about
#: quadratically: 10⁶ × 10⁶ takes ~6 s (open rule ~12 s) here; 2·10⁶ took up to 45 s.
MAX_SIDE = 1_000_000


def _check_side(label: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise BoardError(f"{label} must be a positive integer, not {value!r}")
    if value > MAX_SIDE:
        raise BoardError(f"{label} = {value} is larger than the supported {MAX_SIDE}")
    return int(value)


def poly_degree(poly: int) -> int:
    """Degree of a packed GF(2)[x] polynomial (−1 for the zero polynomial).

    Examples
    --------
    >>> poly_degree(0b1011), poly_degree(1), poly_degree(0)
    (3, 0, -1)
    """
    return poly.bit_length() - 1


def _spread_table() -> NDArray[np.uint16]:
    # byte b -> the 16-bit number with b's bits at the even positions: the square of b
    table = np.zeros(256, dtype=np.uint16)
    for bit in range(8):
        table |= ((np.arange(256) >> bit) & 1).astype(np.uint16) << (2 * bit)
    return table


_SPREAD = _spread_table()


def _square(poly: int) -> int:
    """p(x)² over GF(2): the Frobenius map spreads the coefficients to even positions."""
    if poly == 0:
        return 0
    raw = np.frombuffer(poly.to_bytes((poly.bit_length() + 7) // 8, "little"), dtype=np.uint8)
    return int.from_bytes(_SPREAD[raw].astype("<u2").tobytes(), "little")


def fibonacci_polynomial(n: int, shift: bool = False) -> int:
    """The packed polynomial ``f_n(x)`` (or ``f_n(x + 1)`` when `shift` is True).

    With ``F_k = f_{k−1}`` (so ``F_0 = 0``, ``F_1 = 1``, ``F_{k+1} = y·F_k + F_{k−1}``, ``y = x``
    or ``x + 1``), characteristic 2 gives the doubling rules ``F_{2k} = y·F_k²`` and
    ``F_{2k+1} = F_k² + F_{k+1}²``. Squares over GF(2) only spread bits, so ``f_n`` costs
    O(n log n) bit work instead of the n big-int steps of the plain recurrence, and the
    ``x + 1`` version needs no polynomial composition.

    Examples
    --------
    >>> bin(fibonacci_polynomial(2))  # x² + 1
    '0b101'
    >>> bin(fibonacci_polynomial(2, shift=True))  # (x + 1)² + 1 = x²
    '0b100'
    """
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 0:
        raise BoardError(f"polynomial index must be a non-negative integer, not {n!r}")

    def times_y(poly: int) -> int:
        return (poly << 1) ^ poly if shift else poly << 1

    low, high = 0, 1  # (F_k, F_{k+1}) for k = the bits of n + 1 read so far
    for bit in bin(int(n) + 1)[2:]:
        sq_low, sq_high = _square(low), _square(high)
        low, high = times_y(sq_low), sq_low ^ sq_high  # (F_2k, F_2k+1)
        if bit == "1":
            low, high = high, times_y(high) ^ low  # (F_2k+1, F_2k+2)
    return low


def gf2_poly_gcd(a: int, b: int) -> int:
    """Greatest common divisor of two packed GF(2)[x] polynomials (Euclid).

    Examples
    --------
    >>> bin(gf2_poly_gcd(0b101, 0b11))  # x² + 1 = (x + 1)²
    '0b11'
    """
    while b:
        db = b.bit_length()
        # a mod b: cancel the leading term of a with a shifted copy of b until deg a < deg b
        while (da := a.bit_length()) >= db:
            a ^= b << (da - db)
        a, b = b, a
    return a


def grid_nullity(m: int, n: int, rule: str = "closed") -> int:
    """Nullity of the press matrix of the plain m×n grid over GF(2), by the closed form.

    Parameters
    ----------
    m, n : int
        Rows and columns (positive).
    rule : {"closed", "open"}
        ``closed`` is the classic game (a press toggles the button and its neighbours),
        ``open`` toggles only the neighbours.

    Returns
    -------
    int
        ``deg gcd(f_m(x), f_n(x + 1))`` (closed) or ``deg gcd(f_m(x), f_n(x))`` (open). The
        board has ``2**nullity`` quiet patterns and ``2**(m*n - nullity)`` solvable positions.

    Examples
    --------
    >>> grid_nullity(5, 5), grid_nullity(4, 4), grid_nullity(3, 3)
    (2, 4, 0)
    >>> grid_nullity(5, 5, rule="open")
    5
    """
    m = _check_side("rows", m)
    n = _check_side("cols", n)
    if rule not in ("closed", "open"):
        raise BoardError(f"rule {rule!r} is not one of closed, open")
    # The shorter side's polynomial goes first: Euclid then starts with one cheap reduction.
    return poly_degree(
        gf2_poly_gcd(fibonacci_polynomial(m), fibonacci_polynomial(n, shift=rule == "closed"))
    )
