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

**Past one transform: one transform per prefix of the solution's coefficients** (prime or
composite k). `fewest_by_fourier` gets every solution's weight from one inverse FFT over the
kernel group ``K = ⊕ Z_{o_j}``, but holds all |K| of them at once (2^22 at most). Here the
coefficients ``c = (a, b)`` are split into a prefix a (the first generators) and a low part
b whose group has at most `LOW_LIMIT` elements. Each term of the weight is a character
``e(a·u_high / o) · e(b·u_low / o)``, so for a fixed prefix the first factor is a constant
phase: scattering the coefficients times their phases onto the low group and transforming
there gives the weights of all solutions with that prefix. The prefixes run in batches (one
batched FFT on two threads, scipy's); the minimum and the solutions that tie for it are
kept, so a finished search is exact with its tie count, as the single transform is.

A search stopped early (past its work's deadline, the CLI's ``--time-limit``) returns the
lightest solution of the prefixes it did, marked not complete."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.work import Work

__all__ = [
    "FOURIER_LIMIT",
    "HEURISTIC_BLOCK",
    "LOW_LIMIT",
    "SplitResult",
    "character_terms",
    "fewest_by_fourier",
    "fewest_by_prefixes",
]


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


def fewest_by_fourier(
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
    >>> x, weight, ties = fewest_by_fourier(quiet, (2,), np.array([3, 2, 1], dtype=np.uint8), 4)
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


#: Largest low group transformed per prefix: 2^20 complex numbers (16 MiB).
LOW_LIMIT = 1 << 20
#: Values per batch of prefixes (transformed together), and phase terms per batch.
_BATCH_VALUES = 1 << 22
_BATCH_TERMS = 1 << 24
#: Largest distance of a transformed weight from an integer that is trusted.
_ROUNDING = 0.25

_CANCELLED = "fewest-presses search cancelled"


@dataclass(frozen=True)
class SplitResult:
    """The lightest solution the prefixes searched reach."""

    presses: NDArray[np.uint8]
    weight: int
    ties: int  # solutions of that weight among those searched
    complete: bool  # every prefix searched: `weight` is the fewest presses
    prefixes_done: int
    prefixes: int


def fewest_by_prefixes(
    quiet: NDArray[np.uint8],
    orders: tuple[int, ...],
    x0: NDArray[np.uint8],
    k: int,
    work: Work | None = None,
) -> SplitResult | None:
    """The lightest solution in ``x0 + Σ c_j quiet[j] (mod k)`` by one transform per prefix;
    None when a transform's rounding is not clear (then nothing it says is trusted). `work`
    is polled and told the prefixes done after each batch; past its deadline the search
    stops with the lightest solution so far (not `complete`).

    Examples
    --------
    >>> quiet = np.array([[1, 1, 0], [0, 1, 1]], dtype=np.uint8)
    >>> found = fewest_by_prefixes(quiet, (3, 3), np.array([2, 2, 2], dtype=np.uint8), 3)
    >>> found.presses.tolist(), found.weight, found.ties, found.complete  # of 9: (a, b) = (1, 1)
    ([0, 1, 0], 1, 1, True)
    """
    work = work or Work()
    coefficients, points = character_terms(quiet, orders, x0, k)
    split = _split_point(orders)
    high, low = np.asarray(orders[:split], np.int64), tuple(orders[split:])
    low_size = int(np.prod(low, dtype=np.int64))
    prefixes = int(np.prod(high, dtype=np.int64))
    keep, low_index = _half_index(points[:, split:], low)
    coefficients, points = coefficients[keep], points[keep]
    phase_steps = points[:, :split] / high  # e(a · u_high / o) = exp(2πi · a @ steps)
    batch = max(1, min(_BATCH_VALUES // low_size, _BATCH_TERMS // max(1, len(points))))
    best, best_at, ties = np.inf, -1, 0
    done = 0
    while done < prefixes:
        count = min(batch, prefixes - done)
        weights = _prefix_weights(
            coefficients, phase_steps, low_index, high, low, np.arange(done, done + count)
        )
        rounded = np.rint(weights)
        if float(np.max(np.abs(weights - rounded))) > _ROUNDING:
            return None
        low_weight = float(rounded.min())
        hits = int(np.count_nonzero(rounded == low_weight))
        if low_weight < best:
            best, ties = low_weight, hits
            best_at = done * low_size + int(np.argmin(rounded))
        elif low_weight == best:
            ties += hits
        done += count
        work.report(done, prefixes)
        work.poll(_CANCELLED)
        if done < prefixes and work.past_deadline():
            break
    coeffs = np.array(np.unravel_index(best_at, orders), dtype=np.int64)
    gens = quiet.astype(np.int64).reshape(len(orders), -1)
    presses = ((x0.astype(np.int64) + coeffs @ gens) % k).astype(np.uint8)
    if int(presses.astype(np.int64).sum()) != int(best):  # a transform that disagrees
        return None
    return SplitResult(presses, int(best), ties, done == prefixes, done, prefixes)


def _split_point(orders: tuple[int, ...]) -> int:
    """How many leading generators make the prefix: the rest's group is at most
    `LOW_LIMIT` elements (as many as fit, and at least the last generator)."""
    size, split = 1, len(orders)
    while split > 0 and (split == len(orders) or size * orders[split - 1] <= LOW_LIMIT):
        split -= 1
        size *= orders[split]
    return split


def _prefix_weights(
    coefficients: NDArray[np.complex128],
    phase_steps: NDArray[np.float64],
    low_index: NDArray[np.int64],
    high: NDArray[np.int64],
    low: tuple[int, ...],
    prefix_numbers: NDArray[np.int64],
) -> NDArray[np.float64]:
    """Every solution's weight for the prefixes numbered `prefix_numbers` (rows), over the
    low group (columns, flattened). `low_index` numbers the terms' points in the half
    spectrum (`_half_index`): the weights are real, so the spectrum is Hermitian and a
    real inverse transform needs only the points whose last coordinate is at most half
    its order (a third less work over Z_3)."""
    import scipy.fft

    half = (*low[:-1], low[-1] // 2 + 1)
    half_size = int(np.prod(half, dtype=np.int64))
    count = len(prefix_numbers)
    if len(high):
        digits = np.stack(np.unravel_index(prefix_numbers, tuple(high)), axis=1)
        turns = digits.astype(np.float64) @ phase_steps.T  # (count, terms)
        terms = coefficients[None, :] * np.exp(2j * np.pi * (turns % 1.0))
    else:
        terms = np.broadcast_to(coefficients[None, :], (count, len(coefficients)))
    slots = (np.arange(count, dtype=np.int64)[:, None] * half_size + low_index[None, :]).ravel()
    total = count * half_size
    spectrum = np.bincount(slots, terms.real.ravel(), total) + 1j * np.bincount(
        slots, terms.imag.ravel(), total
    )
    axes = tuple(range(1, 1 + len(low)))
    weights = scipy.fft.irfftn(spectrum.reshape((count, *half)), s=low, axes=axes, workers=2)
    low_size = int(np.prod(low, dtype=np.int64))
    return np.asarray(weights, dtype=np.float64).reshape(count, low_size) * low_size


def _half_index(
    points: NDArray[np.int64], low: tuple[int, ...]
) -> tuple[NDArray[np.bool_], NDArray[np.int64]]:
    """Which terms lie in the half spectrum (last low coordinate at most half its order),
    and their flat index there."""
    keep = points[:, -1] <= low[-1] // 2
    half = (*low[:-1], low[-1] // 2 + 1)
    return keep, np.ravel_multi_index(tuple(points[keep].T), half)
