"""Krylov sequences ``b, T b, T² b, …`` of the press map ``T = −A`` and the polynomials that
annihilate a board.

The minimal polynomial μ_b of a board b under T (over GF(p)) is the monic ψ of least degree
with ``ψ(T) b = 0``. It is found by Berlekamp–Massey on a projected sequence ``u · T^j b``
(u random): the answer divides μ_b, and it *is* μ_b exactly when ``ψ(T) b = 0``, which is
checked on the Krylov vectors themselves; so the result is exact whatever u was (an unlucky
u only costs another try). The work is ``deg μ_b`` sparse products and O(deg²) for BM.

Over Z_{p^e} a board is annihilated by a product ``μ_e ⋯ μ_1`` of minimal polynomials over
GF(p): μ_1 kills b mod p, so ``μ_1(T) b = p b'``; μ_2 kills b' mod p, and so on
(`annihilator`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flint
import numpy as np
from numpy.typing import NDArray

from lograph.core.dynamics.polys import I64, mul
from lograph.core.errors import DynamicsError
from lograph.core.model.system import PressSystem
from lograph.core.work import Work

__all__ = [
    "Krylov",
    "PressOperator",
    "annihilator",
    "berlekamp_massey",
    "lcm_polynomials",
    "minimal_polynomial",
]

#: Random projections tried before giving up on a minimal polynomial (each succeeds with
#: probability above 1/4 over GF(2); failing 64 in a row does not happen in practice).
_TRIES = 64


@dataclass(frozen=True, eq=False)
class PressOperator:
    """The press map ``T b = −A b`` over Z_q as a sparse matrix (rows: lights)."""

    system: PressSystem
    q: int
    _rows: object = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rows", self.system.sparse(np.int64).tocsr())

    def apply(self, v: I64) -> I64:
        """``T v mod q`` for one vector or the columns of a block."""
        out: I64 = np.asarray(self._rows @ v, dtype=np.int64)  # type: ignore[operator]
        return (-out) % self.q


class Krylov:
    """The vectors ``T^j v mod q`` for j = 0, 1, …, computed as far as asked (kept as uint8:
    12 000 vectors of a 6000-button board take 72 MB)."""

    #: Vectors combined per float64 block (bounds the temporary memory).
    BLOCK = 512

    def __init__(self, op: PressOperator, v: I64) -> None:
        self.op = op
        self._last = np.asarray(v, dtype=np.int64) % op.q
        self._rows: list[NDArray[np.uint8]] = [self._last.astype(np.uint8)]

    def __len__(self) -> int:
        return len(self._rows)

    def extend(self, count: int) -> None:
        """Compute the vectors up to index ``count − 1``."""
        while len(self._rows) < count:
            self._last = self.op.apply(self._last)
            self._rows.append(self._last.astype(np.uint8))

    def vector(self, j: int) -> I64:
        """``T^j v mod q``."""
        self.extend(j + 1)
        return self._rows[j].astype(np.int64)

    def block(self, start: int, stop: int) -> NDArray[np.float64]:
        """Vectors ``start..stop−1`` as the rows of a float64 matrix."""
        self.extend(stop)
        return np.array(self._rows[start:stop], dtype=np.float64).reshape(stop - start, -1)

    def combine(self, coeffs: I64) -> I64:
        """``Σ coeffs[j] T^j v mod q`` (a polynomial in T applied to v)."""
        q = self.op.q
        total = np.zeros(self.op.system.n, dtype=np.int64)
        coeffs = np.asarray(coeffs, dtype=np.int64) % q
        for start in range(0, len(coeffs), self.BLOCK):
            stop = min(len(coeffs), start + self.BLOCK)
            # entries < q ≤ 255, at most BLOCK terms: float64 sums are exact
            part = coeffs[start:stop].astype(np.float64) @ self.block(start, stop)
            total = (total + np.asarray(np.rint(part), dtype=np.int64)) % q
        return total

    def project(self, u: I64, count: int) -> I64:
        """``u · T^j v mod q`` for j < count."""
        self.extend(count)
        out = np.empty(count, dtype=np.int64)
        uf = np.asarray(u, dtype=np.float64)
        for start in range(0, count, self.BLOCK):
            stop = min(count, start + self.BLOCK)
            out[start:stop] = np.rint(self.block(start, stop) @ uf).astype(np.int64)
        return out % self.op.q


def berlekamp_massey(seq: I64, p: int) -> I64:
    """The monic minimal polynomial (lowest degree first) of a sequence over GF(p): the
    shortest ``x^L + c_1 x^{L-1} + … + c_L`` with ``s_i + c_1 s_{i-1} + … + c_L s_{i-L} = 0``
    for every i ≥ L of the sequence.

    >>> berlekamp_massey(np.array([1, 1, 0, 1, 1, 0, 1, 1]), 2).tolist()  # period 3
    [1, 1, 1]
    """
    s = np.asarray(seq, dtype=np.int64) % p
    c = np.zeros(len(s) + 1, dtype=np.int64)
    b = np.zeros(len(s) + 1, dtype=np.int64)
    c[0] = b[0] = 1
    length, shift, last = 0, 1, 1
    for i in range(len(s)):
        d = int(s[i] + c[1 : length + 1] @ s[i - length : i][::-1]) % p if length else int(s[i])
        if d == 0:
            shift += 1
            continue
        coef = d * pow(last, -1, p) % p
        if 2 * length <= i:
            saved = c.copy()
            c[shift:] = (c[shift:] - coef * b[: len(b) - shift]) % p
            length, b, last, shift = i + 1 - length, saved, d, 1
        else:
            c[shift:] = (c[shift:] - coef * b[: len(b) - shift]) % p
            shift += 1
    return c[: length + 1][::-1].copy()


def minimal_polynomial(
    op: PressOperator, v: I64, p: int, level: int = 0, *, work: Work | None = None
) -> I64:
    """μ of ``w = v / p^level mod p`` under T over GF(p) (v ≡ 0 mod p^level), exactly.

    `op` may work over Z_q, q = p^e; the vectors ``T^j v`` over Z_q then give ``T^j w`` mod p
    as ``(T^j v / p^level) mod p`` (so one `Krylov` serves every level).
    """
    scale = p**level
    krylov = Krylov(op, v)
    n = op.system.n
    w0 = (krylov.vector(0) // scale) % p
    if not np.any(w0):
        return np.ones(1, dtype=np.int64)

    def kills(poly: I64) -> bool:
        if scale == 1:
            return not np.any(krylov.combine(poly) % p)
        # Σ c_j (T^j v / p^level) ≡ 0 (mod p)  ⟺  Σ c_j T^j v ≡ 0 (mod p^(level+1))
        return not np.any(krylov.combine(poly) % (scale * p))

    found = np.ones(1, dtype=np.int64)
    rng = np.random.default_rng(20261207)
    full = 2 * n + 2
    count = min(16, full)
    for _ in range(_TRIES):
        if work is not None:
            work.poll()
        u = rng.integers(0, p, size=n, dtype=np.int64)
        # u · (T^j v / p^level) mod p, from u · T^j v over Z_q (a multiple of p^level)
        seq = (krylov.project(u, count) // scale) % p
        cand = berlekamp_massey(seq, p)
        if 2 * (len(cand) - 1) + 2 > count and count < full:
            count = min(2 * count, full)  # too few terms to trust the recurrence yet
            continue
        cand = lcm_polynomials(found, cand, p)
        if kills(cand):
            return cand
        if count >= full:
            found = cand  # a true divisor of μ: keep it for the next projection
        count = min(2 * count, full)
    raise DynamicsError("the minimal polynomial of the board was not found (projections failed)")


def lcm_polynomials(a: I64, b: I64, p: int) -> I64:
    """lcm of two monic polynomials over GF(p)."""
    if len(a) == 1:
        return b
    if len(b) == 1:
        return a
    fa = flint.nmod_poly([int(c) for c in a % p], p)
    fb = flint.nmod_poly([int(c) for c in b % p], p)
    out = (fa * fb) // fa.gcd(fb)
    return np.array([int(c) for c in out.coeffs()], dtype=np.int64)


def annihilator(
    op: PressOperator, v: I64, p: int, e: int, *, work: Work | None = None
) -> tuple[I64, list[I64]]:
    """A monic ψ over Z_{p^e} with ``ψ(T) v = 0`` and its GF(p) pieces ``[μ_1, …]``.

    ``ψ = μ_j ⋯ μ_1``: μ_1 is v's minimal polynomial mod p, μ_2 that of ``μ_1(T) v / p``,
    and so on until the vector is 0 mod p^e. Over GF(p) (e = 1) ψ is μ_v itself.
    """
    q = p**e
    current = np.asarray(v, dtype=np.int64) % q
    psi = np.ones(1, dtype=np.int64)
    pieces: list[I64] = []
    for level in range(e):
        if not np.any(current):
            break
        mu = minimal_polynomial(op, current, p, level, work=work)
        pieces.append(mu)
        psi = mul(psi, mu, q)
        current = Krylov(op, current).combine(mu)
        if np.any(current % p ** (level + 1)):
            raise DynamicsError("internal: a minimal polynomial did not divide by p")
    return psi, pieces
