"""The transforms on vector registers against the plain numpy transform.

`transform_compiled` (lane shuffles, then passes of three register stages: radix 8, 4 and 2
at the end) must give numpy's answer on every length from one register up, in int16 and
int32, including values near the type's limits.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.optimize.quiet._classes import parity, transform_compiled, transform_numpy


@pytest.mark.parametrize("dtype", [np.int16, np.int32])
@pytest.mark.parametrize("bits", [4, 5, 6, 7, 8, 9, 10, 11, 13, 16])
def test_the_register_transform_matches_numpy(dtype: type, bits: int) -> None:
    if np.dtype(dtype).itemsize * (1 << bits) < 32:
        pytest.skip("shorter than one register")
    rng = np.random.default_rng(bits)
    values = rng.integers(-1, 2, 1 << bits)  # |transform| ≤ 2^bits: fits int16 up to 2^15
    if dtype is np.int16 and bits > 14:
        values = np.zeros(1 << bits, dtype=np.int64)
        values[rng.integers(0, 1 << bits, 30_000)] += 1  # 30,000 buttons' signs
        values[: 1 << 10] *= -1
    expected = values.astype(np.int64)
    transform_numpy(expected, None)
    got = values.astype(dtype)
    transform_compiled(got, None)
    assert np.array_equal(got.astype(np.int64), expected)


def test_int16_reaches_its_limit_without_wrapping() -> None:
    """32,767 buttons in one class: the transform's values are ±32,767, int16's largest."""
    values = np.zeros(1 << 12, dtype=np.int64)
    values[5] = 32_767
    expected = values.copy()
    transform_numpy(expected, None)
    got = values.astype(np.int16)
    transform_compiled(got, None)
    assert np.array_equal(got.astype(np.int64), expected)
    assert set(np.unique(expected).tolist()) == {-32_767, 32_767}


@pytest.mark.parametrize("k", [13, 17])
def test_fewest_by_classes_agrees_in_numpy_and_compiled(
    k: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between 2^12 and 2^20 solutions the transform is compiled once numba is loaded, numpy
    otherwise: the lightest solution, its weight and its ties must not depend on which."""
    from lograph.core.optimize.quiet._classes import fewest_by_classes

    rng = np.random.default_rng(k)
    keys = rng.integers(0, 1 << k, 300).astype(np.int64)
    x0 = rng.integers(0, 2, 300).astype(np.uint8)
    answers = []
    for mode in ("python", "numba"):
        monkeypatch.setenv("LOGRAPH_JIT", mode)
        presses, weight, ties = fewest_by_classes(keys, k, x0, None)
        answers.append((presses.tolist(), weight, ties))
    assert answers[0] == answers[1]
    weights = [int((x0 ^ parity(keys & c)).sum()) for c in range(1 << k)]  # brute force
    assert answers[0][1] == min(weights)
    assert answers[0][2] == weights.count(min(weights))
