"""The compiled leaf of the fewest-presses search against a plain numpy transform.

A leaf's answer is the maximum of ``H(prefix, b)`` over b, how many b reach it and the
smallest such b, whenever it reaches the floor (else a "below the floor" marker). The kernel
finishes its last stages either vectorised or column by column (where a column's bound
reaches the floor), scatters with rows of a Hadamard matrix, and keeps int16 or int32
values; every one of those paths must give the numpy answer.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.kernels.leaf_wht import (
    TAIL_BITS,
    column_scratch,
    leaf_batch,
    leaf_maximum,
    scatter_table,
    wide,
)
from lograph.core.optimize.gf2_classes import parity, transform_numpy


def _numpy_leaf(keys: np.ndarray, signs: np.ndarray, prefix: int, low: int) -> np.ndarray:
    """H(prefix, b) for every b: flip by parity(prefix · high bits), sum, transform."""
    flipped = signs.astype(np.int64) * (1 - 2 * parity((keys >> low) & prefix))
    spectrum = np.bincount(keys & ((1 << low) - 1), flipped, 1 << low).astype(np.int64)
    transform_numpy(spectrum, None)
    return spectrum


def _kernel(keys: np.ndarray, signs: np.ndarray, prefix: int, low: int, floor: int):  # type: ignore[no-untyped-def]
    dtype = wide(len(keys))
    return leaf_maximum(
        keys,
        signs.astype(dtype),
        prefix,
        low,
        np.zeros(1 << low, dtype=dtype),
        scatter_table(low, dtype),
        floor,
        column_scratch(low, dtype),
    )


def _expected(spectrum: np.ndarray, floor: int) -> tuple[int, int, int]:
    top = int(spectrum.max())
    if top < floor:
        return floor - 1, 0, -1
    hits = np.flatnonzero(spectrum == top)
    return top, len(hits), int(hits[0])


def _instance(seed: int, buttons: int, bits: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    keys = rng.integers(0, 1 << bits, buttons).astype(np.int64)
    signs = rng.choice(np.array([-1, 1]), buttons)
    return keys, signs


@pytest.mark.parametrize("low", [0, 1, 2, 5, 6, 7, 11, 12, 15])
@pytest.mark.parametrize("seed", [0, 1])
def test_every_leaf_size_matches_numpy(low: int, seed: int) -> None:
    keys, signs = _instance(seed, 700, low + 6)
    for prefix in (0, 5, 37):
        spectrum = _numpy_leaf(keys, signs, prefix, low)
        for floor in (-len(keys) - 1, int(spectrum.max()), int(spectrum.max()) + 1):
            assert _kernel(keys, signs, prefix, low, floor) == _expected(spectrum, floor)


def _column_bounds(keys: np.ndarray, signs: np.ndarray, prefix: int, low: int) -> np.ndarray:
    """Σ |value| of each column before the last `TAIL_BITS` stages, in numpy."""
    stride = (1 << low) >> TAIL_BITS
    flipped = signs * (1 - 2 * parity((keys >> low) & prefix))
    rows = np.bincount(keys & ((1 << low) - 1), flipped, 1 << low).astype(np.int64)
    rows = rows.reshape(1 << TAIL_BITS, stride)
    h = 1
    while h < stride:  # the stages below the tail, within each row
        view = rows.reshape(1 << TAIL_BITS, stride // (2 * h), 2, h)
        first, second = view[:, :, 0, :].copy(), view[:, :, 1, :].copy()
        view[:, :, 0, :], view[:, :, 1, :] = first + second, first - second
        h *= 2
    return np.abs(rows).sum(axis=0)


def test_the_column_path_matches_numpy() -> None:
    """A planted light solution (b = 1234 under prefix 9) stands far above every other
    value, so with floors near it only its own column's bound reaches them: the kernel
    finishes column by column, and must still find, count and place the maximum."""
    low, planted, prefix = 14, 1234, 9
    rng = np.random.default_rng(7)
    keys = rng.integers(0, 1 << 30, 3000).astype(np.int64)
    agree = np.where(rng.random(3000) < 0.8, 1, -1)
    phase = parity((keys & ((1 << low) - 1)) & planted) ^ parity((keys >> low) & prefix)
    signs = agree * (1 - 2 * phase)
    spectrum = _numpy_leaf(keys, signs, prefix, low)
    top = int(spectrum.max())
    assert int(np.argmax(spectrum)) == planted
    bounds = _column_bounds(keys, signs, prefix, low)
    for floor in (top - 2, top, top + 3):
        assert np.count_nonzero(bounds >= floor) <= len(bounds) // 16  # the column path
        assert _kernel(keys, signs, prefix, low, floor) == _expected(spectrum, floor)
    for other in (0, 1, 2):  # no planted value: floors above the maximum close every column
        spectrum = _numpy_leaf(keys, signs, other, low)
        floor = int(_column_bounds(keys, signs, other, low).max()) + 1
        assert _kernel(keys, signs, other, low, floor) == (floor - 1, 0, -1)


def test_int32_values_beyond_int16() -> None:
    """More than 32,767 buttons: int32 values, and sums that int16 could not hold."""
    low = 8
    keys = np.random.default_rng(5).integers(0, 1 << 12, 40_000).astype(np.int64)
    signs = np.ones(40_000, dtype=np.int64)  # H(prefix 0, b = 0) = 40,000
    assert wide(len(keys)) is np.int32
    for prefix in (0, 3):
        spectrum = _numpy_leaf(keys, signs, prefix, low)
        assert _kernel(keys, signs, prefix, low, -40_001) == _expected(spectrum, -40_001)
    assert _kernel(keys, signs, 0, low, -40_001)[0] == 40_000


def test_a_batch_raises_its_floor_and_counts_only_what_can_matter() -> None:
    low = 10
    keys, signs = _instance(3, 500, 20)
    prefixes = np.arange(12, dtype=np.int64)
    dtype = wide(len(keys))
    out = np.zeros((len(prefixes), 3), dtype=np.int64)
    leaf_batch(
        keys,
        signs.astype(dtype),
        prefixes,
        low,
        np.zeros(1 << low, dtype=dtype),
        scatter_table(low, dtype),
        -len(keys) - 1,
        column_scratch(low, dtype),
        out,
    )
    floor = -len(keys) - 1
    for prefix, found in zip(prefixes.tolist(), out.tolist(), strict=True):
        expected = _expected(_numpy_leaf(keys, signs, prefix, low), floor)
        assert tuple(found) == expected
        if expected[2] >= 0:
            floor = max(floor, expected[0])
