"""Grid periods over Z_(p^e), e > 1: the period over GF(p) times a power of p, found by lifting.

Over ``Z_q``, ``q = p^e``, the boards of a plain grid are still the ring
``R = Z_q[u]/(w_m) ⊗ Z_q[v]/(w_n)`` (the sides' polynomials are monic with integer
coefficients and the path's Krylov matrix is unitriangular, so invertible over any ring),
and the press map is multiplication by ``t = −(d + φ + ψ)``. With ``τ_T`` and ``N_1`` the
map's longest tail and order mod p (`lograph.core.dynamics.lattice_algebra`), and Fitting's
decomposition ``Z_q^N = core ⊕ nil`` (both T-invariant direct summands):

- ``T^(τ_T)`` maps nil into ``p·nil``, so ``T^(e·τ_T)`` kills it: every tail is at most
  ``e·τ_T``, and ``c = T^(e·τ_T) b`` lies on b's cycle;
- on the core ``T^(N_1) = 1 + pE`` with E mapping the core into itself, so
  ``T^(N_1·p^(e−1)) = 1`` there: c's period divides ``N_1·p^(e−1)``, and each prime is
  divided out while ``T^(P/r) c = c`` still holds;
- the tail is then the first τ with ``T^(τ+P) b = T^τ b``.

Powers are square-and-multiply in R (two-dimensional convolutions by FFT, exact in float64
for these sizes, then reduction by the sides' polynomials), so the cost grows with the bits of
``N_1``; orders past `MAX_LIFT_BITS` bits are left to the general method (None).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lograph.core.dynamics.lattice_algebra import GROWTH, Factors, krylov_matrix
from lograph.core.work import Work

__all__ = ["MAX_LIFT_BITS", "LiftRing", "lift_ring", "lifted_orbit"]

#: Largest bound ``N_1·p^(e−1)`` (in bits) lifted to Z_(p^e): each bit of each power costs
#: up to two products in R, and there is a power per prime divided out.
MAX_LIFT_BITS = 96

Ints = NDArray[np.int64]


def _integer_side(size: int, wrap: bool) -> Ints:
    """The side's monic polynomial w over the integers, lowest coefficient first."""
    if wrap:
        out = np.zeros(size + 1, dtype=np.int64)
        out[0], out[size] = -1, 1
        return out
    before, poly = np.array([1], dtype=np.int64), np.array([0, 1], dtype=np.int64)
    for _ in range(size - 1):
        nxt = np.zeros(len(poly) + 1, dtype=np.int64)
        nxt[1:] = poly
        nxt[: len(before)] -= before
        before, poly = poly, nxt
    return poly


def _reduction(w: Ints, q: int) -> Ints:
    """``(s, 2s − 1)``: column a holds ``u^a mod w`` over Z_q (s = deg w)."""
    s = len(w) - 1
    out = np.zeros((s, 2 * s - 1), dtype=np.int64)
    column = np.zeros(s, dtype=np.int64)
    column[0] = 1
    tail = w[:s] % q
    for a in range(2 * s - 1):
        out[:, a] = column
        top = column[-1]
        column = np.roll(column, 1)
        column[0] = 0
        column = (column - top * tail) % q
    return out


def _unitriangular_inverse(matrix: Ints, q: int) -> Ints:
    """The inverse over Z_q of an upper unitriangular integer matrix (back substitution)."""
    size = len(matrix)
    out = np.zeros_like(matrix)
    for i in range(size - 1, -1, -1):
        row = -matrix[i, i + 1 :] @ out[i + 1 :] % q
        row[i] = 1
        out[i] = row % q
    return out


class LiftRing:
    """The ring R over Z_q of one grid: boards in and out, products and powers of t."""

    def __init__(
        self, rows: int, wrap_rows: bool, cols: int, wrap_cols: bool, self_press: bool, q: int
    ) -> None:
        self.q, self.shape, self.self_press = q, (rows, cols), int(self_press)
        # per axis: size, wrapped, and w's lower coefficients (u^s = −low on a path)
        self.sides = [
            (rows, wrap_rows, _integer_side(rows, wrap_rows)[:rows] % q),
            (cols, wrap_cols, _integer_side(cols, wrap_cols)[:cols] % q),
        ]
        # float32 sums of products of residues are exact below 2^24 (BLAS is twice as fast)
        exact32 = (q - 1) ** 2 * max(rows, cols) + q < 1 << 24
        self.exact: type[np.floating[Any]] = np.float32 if exact32 else np.float64
        self.red_rows = _reduction(_integer_side(rows, wrap_rows), q).astype(self.exact)
        self.red_cols = _reduction(_integer_side(cols, wrap_cols), q).astype(self.exact)
        self.in_rows = self._basis(rows, wrap_rows)
        self.in_cols = self._basis(cols, wrap_cols)
        t = np.zeros((rows, cols), dtype=np.int64)
        t[0, 0] -= int(self_press)
        for axis, size, wrap in ((0, rows, wrap_rows), (1, cols, wrap_cols)):
            index = [0, 0]
            if size > 1:
                index[axis] = 1
                t[tuple(index)] -= 1
                if wrap:  # φ = u + u^(s−1)
                    index[axis] = size - 1
                    t[tuple(index)] -= 1
        self.t = t % q
        self._squares = [self.t]

    def _basis(self, size: int, wrap: bool) -> NDArray[np.float64]:
        """A side's cell vectors to coefficients (a path: the Krylov matrix's inverse)."""
        if wrap:
            return np.eye(size)
        krylov = krylov_matrix(size, self.q)  # walk counts, reduced mod q
        return _unitriangular_inverse(krylov, self.q).astype(np.float64)

    def from_board(self, grid: Ints) -> Ints:
        """A rows × cols board's coefficients in R."""
        out = (self.in_rows @ (grid % self.q).astype(np.float64)) % self.q
        return ((out @ self.in_cols.T) % self.q).astype(np.int64)

    def multiply(self, a: Ints, b: Ints) -> Ints:
        """``a·b`` in R: the product's coefficients by FFT (exact: every coefficient is below
        ``rows·cols·q² < 2^33``), then ``u^a`` past the rows' degree replaced by its remainder
        (the reduction matrix is the identity on the first columns), and the same for v."""
        rows, cols = self.shape
        size = (1 << (2 * rows - 2).bit_length(), 1 << (2 * cols - 2).bit_length())
        spectrum = np.fft.rfft2(a, size) * np.fft.rfft2(b, size)
        full = np.rint(np.fft.irfft2(spectrum, size)[: 2 * rows - 1, : 2 * cols - 1])
        full = (full % self.q).astype(self.exact)
        out = full[:rows] + self.red_rows[:, rows:] @ full[rows:]
        out %= self.q
        out = out[:, :cols] + out[:, cols:] @ self.red_cols[:, cols:].T
        result: Ints = (out % self.q).astype(np.int64)
        return result

    def step(self, a: Ints) -> Ints:
        """``t·a``, by shifts: multiplication by u is a shift, the top row folded back by w."""
        out = -(self.self_press * a + self._shift(a, 0) + self._shift(a, 1))
        return out % self.q

    def _shift(self, a: Ints, axis: int) -> Ints:
        """φ·a along one axis (``u·a``, or ``u·a + u^(s−1)·a`` on a cycle)."""
        size, wrap, low = self.sides[axis]
        if size == 1:
            return np.zeros_like(a)
        if wrap:
            return np.roll(a, 1, axis=axis) + np.roll(a, -1, axis=axis)
        moved = np.roll(a, 1, axis=axis)
        top = a[-1] if axis == 0 else a[:, -1]
        if axis == 0:
            moved[0] = 0
            return moved - np.outer(low, top)
        moved[:, 0] = 0
        return moved - np.outer(top, low)

    def power(self, a: Ints, exponent: int) -> Ints:
        """``a^exponent`` in R (square and multiply)."""
        result = np.zeros_like(a)
        result[0, 0] = 1
        base = a
        while exponent:
            if exponent & 1:
                result = self.multiply(result, base)
            exponent >>= 1
            if exponent:
                base = self.multiply(base, base)
        return result

    def t_power(self, exponent: int) -> Ints:
        """``t^exponent``, from the kept squares ``t^(2^i)``."""
        result: Ints | None = None
        bit = 0
        while exponent >> bit:
            with GROWTH:
                while len(self._squares) <= bit:
                    last = self._squares[-1]
                    self._squares.append(self.multiply(last, last))
            if exponent >> bit & 1:
                square = self._squares[bit]
                result = square if result is None else self.multiply(result, square)
            bit += 1
        if result is None:
            result = np.zeros_like(self.t)
            result[0, 0] = 1
        return result


@lru_cache(maxsize=8)
def lift_ring(
    rows: int, wrap_rows: bool, cols: int, wrap_cols: bool, self_press: bool, q: int
) -> LiftRing:
    """The cached `LiftRing` of a grid over Z_q."""
    return LiftRing(rows, wrap_rows, cols, wrap_cols, self_press, q)


def lifted_orbit(
    ring: LiftRing,
    element: Ints,
    p: int,
    e: int,
    map_mod_p: tuple[int, Factors],
    period_mod_p: Factors,
    work: Work | None = None,
) -> tuple[int, Factors] | None:
    """``(tail, period factors)`` over Z_(p^e) of a ring element, given the map's longest
    tail and order mod p and the element's period mod p (which divides the one over Z_q);
    None when the order is too long to lift (`MAX_LIFT_BITS`)."""
    map_tail, map_factors = map_mod_p
    bound = dict(map_factors)
    bound[p] = bound.get(p, 0) + e - 1
    period = 1
    for r, x in bound.items():
        period *= r**x
    if period.bit_length() > MAX_LIFT_BITS:
        return None
    cycled = element
    for _ in range(e * map_tail):  # onto the cycle: the nilpotent part is gone
        cycled = ring.step(cycled)
    floor = 1
    for r, x in period_mod_p.items():
        floor *= r**x
    for r in sorted(bound):
        if work is not None:
            work.poll()
        while (
            period % r == 0
            and (period // r) % floor == 0
            and np.array_equal(ring.multiply(ring.t_power(period // r), cycled), cycled)
        ):
            period //= r
    ahead, here, tail = ring.multiply(ring.t_power(period), element), element, 0
    while not np.array_equal(ahead, here):
        ahead, here = ring.step(ahead), ring.step(here)
        tail += 1
    out: Factors = {}
    for r in bound:
        while period % r == 0:
            period //= r
            out[r] = out.get(r, 0) + 1
    return tail, out
