"""The Smith form over Z_q in numpy (a fresh install's path, while the compiled loops are
not ready) takes the compiled loops' steps: the same pivots, U, V and valuations on random
matrices of every shape and prime power, and U M V is the diagonal of p^valuations
(checked here by multiplying, an independent test of both)."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.algebra import zk_smith
from lograph.core.errors import InterruptedComputation


def _both(matrix: np.ndarray, p: int, e: int, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    with monkeypatch.context() as patch:
        patch.setattr(zk_smith, "compiled_ready", lambda *kernels: False)
        in_numpy = zk_smith.smith_mod_prime_power(matrix, p, e)
    with monkeypatch.context() as patch:
        patch.setattr(zk_smith, "_NUMPY_ENTRIES", 0)
        compiled = zk_smith.smith_mod_prime_power(matrix, p, e)
    return in_numpy, compiled


@pytest.mark.parametrize("seed", range(30))
def test_numpy_takes_the_kernels_steps(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(seed)
    p, e = [(2, 1), (3, 1), (2, 2), (2, 3), (3, 2), (5, 1), (5, 2), (7, 1), (2, 7)][seed % 9]
    q = p**e
    m, n = (int(x) for x in rng.integers(1, 14, size=2))
    # low-rank and valuation-rich matrices: products of thin factors, multiples of p
    matrix = rng.integers(0, q, size=(m, n))
    if seed % 3 == 1:
        matrix = rng.integers(0, q, size=(m, 2)) @ rng.integers(0, q, size=(2, n))
    if seed % 3 == 2:
        matrix = matrix * p ** int(rng.integers(0, e))
    matrix = np.mod(matrix, q).astype(np.int32)
    in_numpy, compiled = _both(matrix, p, e, monkeypatch)
    assert in_numpy.valuations.tolist() == compiled.valuations.tolist()
    assert np.array_equal(in_numpy.left, compiled.left)
    assert np.array_equal(in_numpy.right, compiled.right)
    product = in_numpy.left.astype(np.int64) @ matrix @ in_numpy.right.astype(np.int64) % q
    diagonal = np.zeros((m, n), dtype=np.int64)
    for t, a in enumerate(in_numpy.valuations.tolist()):
        diagonal[t, t] = p**a % q
    assert np.array_equal(product, diagonal)


def test_cancel_stops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zk_smith, "compiled_ready", lambda *kernels: False)
    matrix = np.eye(80, dtype=np.int32)  # 80 pivots: a poll after 64
    with pytest.raises(InterruptedComputation):
        zk_smith.smith_mod_prime_power(matrix, 3, 1, cancel=lambda: True)
