"""The compiled leaf of the fewest-presses search against a plain numpy transform.

A leaf's answer is the maximum of ``H(prefix, b)`` over b, how many b reach it and the
smallest such b, whenever it reaches the floor (else a "below the floor" marker). The kernel
takes a plain path on small leaves and explicit vector registers from 2^12 values on,
scatters with rows of a Hadamard matrix, and keeps int16 or int32 values; every one of those
paths must give the numpy answer.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.kernels.leaf_layout import leaf_layout
from lograph.core.kernels.leaf_wht import VECTOR_LOW, leaf_batch, leaf_maximum
from lograph.core.kernels.press import wide
from lograph.core.optimize.quiet._classes import parity, transform_numpy


def _numpy_leaf(keys: np.ndarray, signs: np.ndarray, prefix: int, low: int) -> np.ndarray:
    """H(prefix, b) for every b: flip by parity(prefix · high bits), sum, transform."""
    flipped = signs.astype(np.int64) * (1 - 2 * parity((keys >> low) & prefix))
    spectrum = np.bincount(keys & ((1 << low) - 1), flipped, 1 << low).astype(np.int64)
    transform_numpy(spectrum, None)
    return spectrum


def _layout(keys: np.ndarray, signs: np.ndarray, low: int):  # type: ignore[no-untyped-def]
    """The kernel's layout of buttons whose sign is −1 where x₀ presses them."""
    return leaf_layout(keys, (signs < 0).astype(np.uint8), low)


def _kernel(keys: np.ndarray, signs: np.ndarray, prefix: int, low: int, floor: int):  # type: ignore[no-untyped-def]
    """(maximum, count, where) with `where` in the leaf's own coordinates."""
    layout = _layout(keys, signs, low)
    top, hits, where = leaf_maximum(layout.arrays(), prefix, low, layout.scratch(), floor)
    return top, hits, where if where < 0 else layout.original(where)


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


@pytest.mark.parametrize("low", [0, 1, 2, 5, 6, 7, 8, 11, 14, 15, 16, 18])
@pytest.mark.parametrize("seed", [0, 1])
def test_every_leaf_size_matches_numpy(low: int, seed: int) -> None:
    keys, signs = _instance(seed, 700, low + 6)
    for prefix in (0, 5, 37):
        spectrum = _numpy_leaf(keys, signs, prefix, low)
        for floor in (-len(keys) - 1, int(spectrum.max()), int(spectrum.max()) + 1):
            assert _kernel(keys, signs, prefix, low, floor) == _expected(spectrum, floor)


def test_a_planted_maximum_is_found_counted_and_placed() -> None:
    """A planted light solution (b = 1234 under prefix 9) stands far above every other
    value, and twice: no class has bit 13, so ``H(b) = H(b ⊕ 2^13)``. With floors just
    below, at and above it the vector path must find it, count both and place the first,
    or report the leaf below the floor."""
    low, planted, prefix = 16, 1234, 9
    assert low >= VECTOR_LOW
    rng = np.random.default_rng(7)
    keys = rng.integers(0, 1 << 30, 3000).astype(np.int64) & ~(1 << 13)
    agree = np.where(rng.random(3000) < 0.8, 1, -1)
    phase = parity((keys & ((1 << low) - 1)) & planted) ^ parity((keys >> low) & prefix)
    signs = agree * (1 - 2 * phase)
    spectrum = _numpy_leaf(keys, signs, prefix, low)
    top = int(spectrum.max())
    assert np.flatnonzero(spectrum == top).tolist() == [planted, planted + (1 << 13)]
    for floor in (top - 2, top, top + 3):
        assert _kernel(keys, signs, prefix, low, floor) == _expected(spectrum, floor)


def test_a_crowded_group_is_mixed_into_int8_and_keeps_the_answer() -> None:
    """200 buttons share one group of 4096 slots (int8 cannot hold their sums), the others
    are spread: the layout mixes the low bits until every group has at most 127 buttons,
    runs int8 groups, and the leaf's maximum, its count and a place reaching it (mapped
    back to the leaf's own index) are numpy's."""
    low = 16
    rng = np.random.default_rng(11)
    crowded = rng.integers(0, 1 << 12, 200) | (3 << 12)  # all in group 3
    spread = rng.integers(0, 1 << 22, 500)
    keys = np.concatenate([crowded, spread]).astype(np.int64)
    signs = rng.choice(np.array([-1, 1]), len(keys))
    assert np.bincount((keys & 0xFFFF) >> 12).max() > 127
    layout = _layout(keys, signs, low)
    assert layout.table.dtype == np.int8
    assert layout.mix != tuple(1 << j for j in range(low))
    assert np.bincount(layout.slots >> 12).max() <= 127
    for prefix in (0, 9, 40):
        spectrum = _numpy_leaf(keys, signs, prefix, low)
        top = int(spectrum.max())
        found = _kernel(keys, signs, prefix, low, top)
        assert found[:2] == _expected(spectrum, top)[:2]
        assert spectrum[found[2]] == top


def test_int8_groups_hold_127_buttons_in_one_slot() -> None:
    """127 buttons of one sign in one slot: a group value of exactly 127, int8's largest."""
    low = 15
    spread = 4096 + np.arange(200) * 100 + (1 << 15)  # groups 1-5 of the leaf, ~40 each
    keys = np.concatenate([np.full(127, 77), spread]).astype(np.int64)
    signs = np.ones(len(keys), dtype=np.int64)
    assert _layout(keys, signs, low).table.dtype == np.int8
    for prefix in (0, 1):
        spectrum = _numpy_leaf(keys, signs, prefix, low)
        floor = -len(keys) - 1
        assert _kernel(keys, signs, prefix, low, floor) == _expected(spectrum, floor)


@pytest.mark.parametrize(
    ("low", "spread", "groups"), [(8, 12, None), (15, 12, np.int32), (22, 22, np.int8)]
)
def test_int32_values_beyond_int16(low: int, spread: int, groups: type | None) -> None:
    """More than 32,767 buttons: int32 values, and sums that int16 could not hold; their
    groups int32 too when crowded, int8 (sign-extended into the int32 leaf) when spread."""
    keys = np.random.default_rng(5).integers(0, 1 << spread, 40_000).astype(np.int64)
    signs = np.ones(40_000, dtype=np.int64)  # H(prefix 0, b = 0) = 40,000
    assert wide(len(keys)) is np.int32
    if groups is not None:
        assert _layout(keys, signs, low).table.dtype == groups
    for prefix in (0, 3):
        spectrum = _numpy_leaf(keys, signs, prefix, low)
        assert _kernel(keys, signs, prefix, low, -40_001) == _expected(spectrum, -40_001)
    assert _kernel(keys, signs, 0, low, -40_001)[0] == 40_000


@pytest.mark.parametrize("low", [10, 15])
def test_a_batch_raises_its_floor_and_counts_only_what_can_matter(low: int) -> None:
    keys, signs = _instance(3, 500, low + 10)
    prefixes = np.arange(12, dtype=np.int64)
    layout = _layout(keys, signs, low)
    out = np.zeros((len(prefixes), 3), dtype=np.int64)
    leaf_batch(layout.arrays(), prefixes, low, layout.scratch(), -len(keys) - 1, out)
    floor = -len(keys) - 1
    for prefix, found in zip(prefixes.tolist(), out.tolist(), strict=True):
        expected = _expected(_numpy_leaf(keys, signs, prefix, low), floor)
        assert tuple(found) == expected
        if expected[2] >= 0:
            floor = max(floor, expected[0])
