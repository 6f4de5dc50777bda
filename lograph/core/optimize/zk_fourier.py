"""Fewest presses over Z_k by one Fourier transform over the kernel group.

The Z_k analogue of the Walsh–Hadamard trick of GF(2) (docs/math.md, "Fewest presses over
Z_k"). Write each quiet generator ``q_j`` (order ``o_j``) on a button as ``q_j = (k/o_j)·w_j``
with ``w_j ∈ Z_{o_j}`` (``o_j q_j ≡ 0`` makes every entry such a multiple). A button whose
generator column is d and whose ``x₀`` value is a carries ``(a + χ_d(c)) mod k`` in the
solution c, where ``χ_d(c) = Σ_j c_j d_j mod k``. Grouping buttons by column,

    weight(c) = Σ_d h_d(χ_d(c)),   h_d(t) = Σ_a n[d, a] · ((a + t) mod k),

and expanding each ``h_d`` over the characters of Z_k (``H_d`` its DFT) turns every term into
a character of the kernel group ``K = ⊕ Z_{o_j}``: ``ω_k^{s χ_d(c)} = e(Σ_j c_j u_j / o_j)``
with ``u_j = s·w_j mod o_j``. So all |K| weights are one inverse n-dimensional FFT (shape the
orders) of the coefficients ``H_d(s) / k`` scattered onto the points u: O(G·k + |K| log |K|)
instead of the walk's O(|K|·G). The weights come back as floats; they are rounded, and the
answer is refused (None) unless every one lies within 0.25 of an integer.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["FOURIER_LIMIT", "HEURISTIC_BLOCK", "character_terms", "minimise_fourier"]

#: Largest kernel transformed at once: 2^22 complex numbers (64 MiB per array, about 250 MB
#: at the peak of the transform and the rounding), under a second.
FOURIER_LIMIT = 1 << 22
#: The fewest-presses heuristics with more colours minimise blocks of quiet generators by one
#: transform each, over at most this many combinations (3^13 over GF(3), 5^9 over GF(5):
#: 0.1–0.2 s a block here). Larger blocks leave fewer local optima: 39×39 over GF(3), a
#: random position, 1,357 presses with walked blocks of 3^10 (10 s), 1,317 with 3^13 (3 s);
#: the fewest is 1,313.
HEURISTIC_BLOCK = 1 << 21


def character_terms(
    quiet: NDArray[np.uint8], orders: tuple[int, ...], x0: NDArray[np.uint8], k: int
) -> tuple[NDArray[np.complex128], NDArray[np.int64]]:
    """The weight as a sum of characters of K: coefficients ``H_d(s) / k`` and their points
    ``u = s·w_d mod o`` (one row each, terms at one point added), so that
    ``weight(c) = Σ_t coefficient_t · e(Σ_j c_j u_tj / o_j)``."""
    m = len(orders)
    radix = np.asarray(orders, dtype=np.int64)
    step = (k // radix)[:, None]  # q_j = (k/o_j) · w_j
    w = (quiet.astype(np.int64).reshape(m, -1) // step).T  # (n, m)
    columns, cls = np.unique(w, axis=0, return_inverse=True)
    counts = np.zeros((len(columns), k), dtype=np.float64)  # n[d, a]
    np.add.at(counts, (cls.ravel(), x0.astype(np.int64)), 1.0)
    shift = (np.arange(k)[:, None] + np.arange(k)[None, :]) % k  # (a + t) mod k
    h = counts @ shift  # h[d, t]
    spectrum = np.fft.fft(h, axis=1) / k  # H_d(s)/k, h_d(t) = Σ_s H_d(s)/k · ω^{st}
    s = np.arange(k, dtype=np.int64)
    points = ((s[None, :, None] * columns[:, None, :]) % radix).reshape(-1, m)  # (D·k, m)
    unique, where = np.unique(points, axis=0, return_inverse=True)
    summed = np.zeros(len(unique), dtype=np.complex128)
    np.add.at(summed, where.ravel(), spectrum.ravel())
    return summed, unique


def _coefficients(
    quiet: NDArray[np.uint8], orders: tuple[int, ...], x0: NDArray[np.uint8], k: int
) -> NDArray[np.complex128]:
    """The spectrum F on the dual of K whose inverse transform is every solution's weight."""
    coefficients, points = character_terms(quiet, orders, x0, k)
    f = np.zeros(int(np.prod(np.asarray(orders, dtype=np.int64))), dtype=np.complex128)
    if len(orders):
        f[np.ravel_multi_index(tuple(points.T), orders)] = coefficients
    return f.reshape(orders)


def minimise_fourier(
    quiet: NDArray[np.uint8],
    orders: tuple[int, ...],
    x0: NDArray[np.uint8],
    k: int,
    rng: np.random.Generator | None = None,
) -> tuple[NDArray[np.uint8], int, int] | None:
    """The lightest solution in ``x0 + Σ c_j quiet[j]``, its weight and how many choices of c
    tie for it, by one FFT over the kernel group; None when the rounding is not clear.
    Among tying solutions the first is taken, or a random one when `rng` is given (a
    heuristic's block step then crosses plateaus).

    Examples
    --------
    >>> quiet = np.array([[2, 2, 0]], dtype=np.uint8)  # order 2 over Z_4
    >>> x, weight, ties = minimise_fourier(quiet, (2,), np.array([3, 2, 1], dtype=np.uint8), 4)
    >>> x.tolist(), weight, ties
    ([1, 0, 1], 2, 1)
    """
    f = _coefficients(quiet, orders, x0, k)
    # weight(c) = Σ_u F[u] e(+<c,u>); numpy's ifftn divides by |K|
    weights = np.fft.ifftn(f).real * f.size
    rounded = np.rint(weights)
    if float(np.max(np.abs(weights - rounded))) > 0.25:
        return None
    low = rounded.min()
    lightest = np.flatnonzero(rounded == low)
    best = int(lightest[0] if rng is None else rng.choice(lightest))
    ties = len(lightest)
    coeffs = np.array(np.unravel_index(best, orders), dtype=np.int64)
    presses = (x0.astype(np.int64) + coeffs @ quiet.astype(np.int64).reshape(len(orders), -1)) % k
    if int(presses.sum()) != int(low):  # a transform that disagrees is not trusted
        return None
    return presses.astype(np.uint8), int(low), ties
