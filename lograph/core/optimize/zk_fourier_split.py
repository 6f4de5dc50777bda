"""Fewest presses over Z_k (prime or composite k) past one transform: one transform per
prefix of the solution's coefficients.

`zk_fourier` gets every solution's weight from one inverse FFT over the kernel group
``K = ⊕ Z_{o_j}``, but holds all |K| of them at once (2^22 at most). Here the coefficients
``c = (a, b)`` are split into a prefix a (the first generators) and a low part b whose group
has at most `LOW_LIMIT` elements. Each term of the weight is a character
``e(a·u_high / o) · e(b·u_low / o)``, so for a fixed prefix the first factor is a constant
phase: scattering the coefficients times their phases onto the low group and transforming
there gives the weights of all solutions with that prefix. The prefixes run in batches
(one batched FFT on two threads, scipy's); the minimum and the solutions that tie for it
are kept, so a finished search is exact with its tie count, as the single transform is.

A search stopped early (a `stop` hook, the CLI's ``--time-limit``) returns the lightest
solution of the prefixes it did, marked not complete.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.cancel import Cancel, Progress, poll, report
from lograph.core.optimize.zk_fourier import character_terms

__all__ = ["LOW_LIMIT", "SplitResult", "minimise_by_prefixes"]

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


def minimise_by_prefixes(
    quiet: NDArray[np.uint8],
    orders: tuple[int, ...],
    x0: NDArray[np.uint8],
    k: int,
    *,
    cancel: Cancel = None,
    stop: Callable[[], bool] | None = None,
    progress: Progress = None,
) -> SplitResult | None:
    """The lightest solution in ``x0 + Σ c_j quiet[j] (mod k)`` by one transform per prefix;
    None when a transform's rounding is not clear (then nothing it says is trusted).

    Examples
    --------
    >>> quiet = np.array([[1, 1, 0], [0, 1, 1]], dtype=np.uint8)
    >>> found = minimise_by_prefixes(quiet, (3, 3), np.array([2, 2, 2], dtype=np.uint8), 3)
    >>> found.presses.tolist(), found.weight, found.ties, found.complete  # of 9: (a, b) = (1, 1)
    ([0, 1, 0], 1, 1, True)
    """
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
        report(progress, done, prefixes)
        poll(cancel, _CANCELLED)
        if stop is not None and done < prefixes and stop():
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
