"""The small engine's compiled path (taken once numba is loaded) against its Python-int path
and brute force: the same canonical answers, bit for bit."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest

from lograph.core.engines.small import SmallSolver
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem


def _random_system(n: int, seed: int, directed: bool) -> PressSystem:
    rng = np.random.default_rng(seed)
    graph = nx.gnp_random_graph(n, min(1.0, 3 / max(n, 1)), seed=seed, directed=directed)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    self_action = rng.random(n) < 0.5
    return PressSystem.from_edges(n, edges[:, 0], edges[:, 1], self_action, directed=directed)


SYSTEMS = [grid_system(m, n) for m, n in [(1, 1), (2, 3), (4, 4), (5, 5), (9, 9), (8, 16)]] + [
    _random_system(n, seed, directed)
    for n in (3, 20, 63, 64, 65, 129)
    for seed, directed in ((1, False), (2, True))
]


def _both(system: PressSystem, monkeypatch: pytest.MonkeyPatch) -> tuple[SmallSolver, SmallSolver]:
    monkeypatch.setenv("LOGRAPH_JIT", "numba")
    compiled = SmallSolver(system)
    monkeypatch.setenv("LOGRAPH_JIT", "python")
    python = SmallSolver(system)
    assert compiled._kernel is not None  # both paths ran
    assert python._kernel is None
    return compiled, python


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: f"{s.n}-{s.symmetric}")
def test_compiled_and_python_paths_agree(
    system: PressSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled, python = _both(system, monkeypatch)
    a, b = compiled.analysis, python.analysis
    assert a.rank == b.rank
    assert np.array_equal(a.quiet, b.quiet)
    assert np.array_equal(a.left_kernel, b.left_kernel)
    rng = np.random.default_rng(system.n)
    for _ in range(6):
        rhs = rng.integers(0, 2, system.n)
        x, y = compiled.particular(rhs), python.particular(rhs)
        assert (x is None) == (y is None)
        if x is not None:
            assert np.array_equal(x, y)
            assert np.array_equal(system.apply(x) % 2, rhs)


def test_compiled_path_by_brute_force(monkeypatch: pytest.MonkeyPatch) -> None:
    """A directed 10-button board: the solvable set and quiet space from all 2^10 presses."""
    system = _random_system(10, 4, True)
    compiled, _ = _both(system, monkeypatch)
    images = set()
    quiet = 0
    for bits in itertools.product((0, 1), repeat=10):
        effect = tuple(system.apply(np.array(bits)) % 2)
        images.add(effect)
        quiet += not any(effect)
    assert quiet == 2**compiled.analysis.nullity
    for q in compiled.analysis.quiet:
        assert not (system.apply(q) % 2).any()
    rng = np.random.default_rng(0)
    for _ in range(30):
        rhs = rng.integers(0, 2, 10)
        assert (compiled.particular(rhs) is not None) == (tuple(rhs) in images)
