"""The Four Russians reduction of check systems (`lograph.core.kernels.m4rm`) against
independent answers.

References: galois's row reduction (the RREF is unique), the one-pivot-at-a-time elimination
`DenseGF2` used before (its kernel, left kernel and solutions must come out identical, since
the engines' quiet bases and solutions are built from them), the Python-int reference rank
(`tests.references`), and plain matrix products (T M = RREF, M y = r, M · kernel = 0).
"""

from __future__ import annotations

import galois
import networkx as nx
import numpy as np
import pytest

import lograph.core.kernels.bits as bits
from lograph.core.chase.plan import chase_plan
from lograph.core.engines.fast import build_fast_solver
from lograph.core.kernels.bits import DenseGF2, pack_rows, unpack_rows, words
from lograph.core.kernels.m4rm import rref_m4rm
from lograph.core.model.system import PressSystem
from tests.references import rank_gf2, system_matrix

GF2 = galois.GF(2)

# Word-boundary sizes, odd sizes, and sizes spanning several 64-column blocks.
SHAPES = [(1, 1), (2, 3), (63, 63), (64, 64), (65, 65), (127, 127), (128, 128), (129, 129)]
SHAPES += [(40, 129), (129, 40), (200, 65), (300, 300), (64, 200)]


def random_matrix(rng: np.random.Generator, rows: int, cols: int, deficit: int) -> np.ndarray:
    """A 0/1 matrix of rank at most ``min(rows, cols) - deficit`` (rows mixed in)."""
    m = (rng.random((rows, cols)) < rng.choice([0.03, 0.5])).astype(np.uint8)
    if deficit and rows > deficit:
        m[:deficit] = (rng.integers(0, 2, (deficit, rows - deficit)) @ m[deficit:]) % 2
        m = m[rng.permutation(rows)]
    return m


def m4rm(m: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(rref bits, pivots, compact transform bits, origin, columns)`` of `m` by M4RM."""
    rows, cols = m.shape
    red = pack_rows(m)
    t = np.zeros((rows, words(rows)), dtype=np.uint64)
    origin = np.arange(rows, dtype=np.int64)
    columns = np.zeros(rows, dtype=np.int64)
    pivots = rref_m4rm(red, t, origin, columns, cols)
    return unpack_rows(red, cols), pivots, unpack_rows(t, rows), origin, columns


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
@pytest.mark.parametrize("deficit", [0, 3])
def test_rref_matches_galois_and_transform_reproduces_it(rows: int, cols: int, deficit: int):
    rng = np.random.default_rng(rows * 1000 + cols + deficit)
    for _ in range(3):
        m = random_matrix(rng, rows, cols, deficit)
        rref, pivots, t, origin, columns = m4rm(m)
        rank = len(pivots)
        assert rank == rank_gf2(m)
        expected = np.asarray(GF2(m).row_reduce(), dtype=np.uint8)
        assert np.array_equal(rref, expected)
        assert rref[rank:].sum() == 0
        assert np.array_equal(pivots, [int(np.flatnonzero(row)[0]) for row in expected[:rank]])
        # Row i of T, with transform column s standing for original row columns[s] (and
        # rows past the rank also holding original row origin[i]), reproduces row i.
        full = np.zeros((rows, rows), dtype=np.int64)
        full[:, columns[:rank]] = t[:, :rank]
        full[np.arange(rank, rows), origin[rank:]] ^= 1
        assert np.array_equal((full @ m) % 2, rref)
        assert not t[:, rank:].any()
        assert sorted(origin.tolist()) == list(range(rows))


def both_ways(m: np.ndarray) -> tuple[DenseGF2, DenseGF2]:
    k = len(m)
    packed = pack_rows(m) if k else np.zeros((0, 1), np.uint64)
    classic = DenseGF2._classic(packed.copy(), k)
    saved = bits.M4RM_MIN
    bits.M4RM_MIN = 1
    try:
        fast = DenseGF2.reduce(packed, k)
    finally:
        bits.M4RM_MIN = saved
    return fast, classic


@pytest.mark.parametrize("k", [1, 2, 63, 64, 65, 127, 128, 129, 300])
def test_dense_gf2_by_m4rm_is_identical_to_the_classic_reduction(k: int) -> None:
    rng = np.random.default_rng(k)
    for deficit in (0, 1, 4):
        m = random_matrix(rng, k, k, deficit)
        fast, classic = both_ways(m)
        assert fast.origin is not None
        assert classic.origin is None
        assert fast.rank == classic.rank == rank_gf2(m)
        assert np.array_equal(fast.pivots, classic.pivots)
        kernel = fast.kernel()
        assert np.array_equal(kernel, classic.kernel())
        assert not ((m.astype(np.int64) @ kernel.T) % 2).any()
        sliced = fast.kernel_sliced()
        assert np.array_equal(unpack_rows(sliced, len(kernel)), kernel.T)
        left = fast.left_kernel()
        assert np.array_equal(left, classic.left_kernel())
        assert not ((left.astype(np.int64) @ m) % 2).any()
        for solvable in (True, False, True):
            rhs = rng.integers(0, 2, k).astype(np.uint8)
            if solvable:
                rhs = ((m.astype(np.int64) @ rng.integers(0, 2, k)) % 2).astype(np.uint8)
            y = fast.solve(rhs)
            y_classic = classic.solve(rhs)
            assert (y is None) == (y_classic is None)
            if solvable:
                assert y is not None
            if y is not None:
                assert np.array_equal(y, y_classic)
                assert np.array_equal((m.astype(np.int64) @ y) % 2, rhs)


def test_left_kernel_needs_the_kept_matrix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bits, "M4RM_MIN", 1)  # the compact M4RM form drops the matrix
    m = random_matrix(np.random.default_rng(1), 300, 300, 2)
    dropped = DenseGF2.reduce(pack_rows(m), 300, keep_source=False)
    assert dropped.rank == rank_gf2(m) < 300
    with pytest.raises(ValueError, match="keep_source"):
        dropped.left_kernel()


def random_board(n: int, seed: int, directed: bool) -> PressSystem:
    """Erdős–Rényi, mean degree 6, plus closed pairs (each adds 1 to the nullity)."""
    graph = nx.fast_gnp_random_graph(n, 6 / n, seed=seed, directed=directed)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    pairs = np.arange(n, n + 6, dtype=np.int64).reshape(-1, 2)
    edges = np.concatenate([edges, pairs, pairs[:, ::-1]])
    return PressSystem.from_edges(
        n + 6, edges[:, 0], edges[:, 1], np.ones(n + 6, dtype=bool), directed=directed
    )


@pytest.mark.parametrize("directed", [False, True])
def test_chase_engine_answers_are_unchanged_by_m4rm(
    directed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bits, "M4RM_MIN", 128)  # M4RM from this board's check system up
    system = random_board(1200, 3, directed)
    assert chase_plan(system).free_count >= bits.M4RM_MIN  # the M4RM path runs
    new = build_fast_solver(system, method="chase")
    saved = bits.M4RM_MIN
    bits.M4RM_MIN = 1 << 40
    try:
        old = build_fast_solver(system, method="chase")
    finally:
        bits.M4RM_MIN = saved
    a, b = new.analysis, old.analysis
    dense = system_matrix(system).astype(np.int64)
    assert a.rank == b.rank == rank_gf2(dense)
    assert a.nullity >= 3
    assert np.array_equal(a.quiet, b.quiet)
    assert np.array_equal(a.left_kernel, b.left_kernel)
    assert not ((dense @ a.quiet.T) % 2).any()
    assert not ((a.left_kernel.astype(np.int64) @ dense) % 2).any()
    rng = np.random.default_rng(7)
    for _ in range(3):
        rhs = (dense @ rng.integers(0, 2, system.n)) % 2
        x = new.particular(rhs)
        assert x is not None
        assert np.array_equal(x, old.particular(rhs))
        assert np.array_equal((dense @ x) % 2, rhs)
