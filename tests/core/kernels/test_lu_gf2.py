"""The packed LU of `lograph.core.kernels.lu_gf2`: ``P A = L U`` checked row by row, the
rank against a Gauss–Jordan elimination, and the small engine's answers from it against the
chase engine on boards of several blocks of 64 columns (sparse and dense windows, the
one-XOR-per-step and the four-Russians tables)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import networkx as nx
import numpy as np
import pytest

from lograph.core.engines.registry import get_solver
from lograph.core.engines.small import SmallSolver
from lograph.core.kernels.bits import pack_rows, rref_packed, unpack_rows
from lograph.core.kernels.lu_gf2 import factorise
from lograph.core.model.system import PressSystem


def _check_factors(a: np.ndarray) -> int:
    """Assert that `factorise` gives ``P A = L U`` with U in row echelon form; its rank."""
    n = a.shape[0]
    u, low, perm, piv = factorise(pack_rows(a))
    rank = len(piv)
    ub = unpack_rows(u, n).astype(np.int64)
    lb = unpack_rows(low, n).astype(np.int64)
    assert sorted(perm.tolist()) == list(range(n))
    assert np.all(np.diff(piv) > 0)  # pivots strictly to the right, row after row
    for i in range(rank):
        assert ub[i, piv[i]] == 1
        assert not ub[i, : piv[i]].any()
    assert not ub[rank:].any()
    assert not np.triu(lb).any()  # L strictly lower, and only on pivot rows
    assert not lb[:, rank:].any()
    # row r of P A is row r of U plus the U rows its L bits name
    assert np.array_equal(a[perm] % 2, (ub + lb @ ub) % 2)
    return rank


@pytest.mark.parametrize(
    ("n", "density", "seed"),
    [
        (1, 0.5, 0),
        (63, 0.5, 1),
        (64, 0.02, 2),
        (65, 0.5, 3),
        (200, 0.01, 4),
        (300, 0.5, 5),
        (520, 0.5, 6),
        (700, 0.003, 7),
        (257, 0.1, 8),
    ],
)
def test_factors_rebuild_the_matrix(n: int, density: float, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a = (rng.random((n, n)) < density).astype(np.uint8)
    if n > 3:  # some dependent rows, so that zero rows of U occur too
        a[-3:] = a[:3] ^ a[3:6]
    rank = _check_factors(a)
    reduced = pack_rows(a)
    assert rank == len(rref_packed(reduced, np.zeros((n, 0), np.uint64), n))


def _graph_system(n: int, degree: float, seed: int, directed: bool) -> PressSystem:
    graph = nx.gnp_random_graph(n, degree / n, seed=seed, directed=directed)
    edges = np.array(list(graph.edges()), dtype=np.int64).reshape(-1, 2)
    self_action = np.random.default_rng(seed).random(n) < 0.7
    return PressSystem.from_edges(n, edges[:, 0], edges[:, 1], self_action, directed=directed)


@pytest.mark.parametrize(
    ("n", "degree", "directed"), [(300, 6, False), (450, 3, True), (700, 6, False)]
)
def test_small_engine_matches_the_chase_beyond_the_int_path(
    n: int, degree: float, directed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # compiled code even where the cache is cold (else the int path answers small boards)
    monkeypatch.setenv("LOGRAPH_JIT", "numba")
    system = _graph_system(n, degree, n, directed)
    small = SmallSolver(system)
    assert small._kernel is not None  # the compiled LU ran
    chase = get_solver(system, "fast")
    a, b = small.analysis, chase.analysis
    assert (a.rank, a.quiet.tolist(), a.left_kernel.tolist()) == (
        b.rank,
        b.quiet.tolist(),
        b.left_kernel.tolist(),
    )
    rng = np.random.default_rng(1)
    for _ in range(5):
        reachable = system.apply(rng.integers(0, 2, n)) % 2
        x = small.particular(reachable)
        assert x is not None
        assert np.array_equal(system.apply(x) % 2, reachable)
        assert np.array_equal(x, chase.particular(reachable))
        other = rng.integers(0, 2, n)
        y, z = small.particular(other), chase.particular(other)
        assert (y is None) == (z is None)


def test_auto_routes_mid_sized_boards_by_what_the_process_has_loaded() -> None:
    """In a fresh process a 30×30 rectangle stays numba-free (the small engine's chase on
    ints), so does a random graph of 500 buttons (its elimination on ints fits in INT_WORK);
    a random graph of 3,000 buttons does not fit, so a chase loads numba; the rectangle
    still takes the chase on ints, the quickest at that size whatever is loaded."""
    code = (
        "import json, sys\n"
        "import networkx as nx, numpy as np\n"
        "from lograph.core.model.generators import grid_system\n"
        "from lograph.core.model.system import PressSystem\n"
        "from lograph.core.solve import prepare\n"
        "def system(g):\n"
        "    e = np.array(list(g.edges()), dtype=np.int64)\n"
        "    n = g.number_of_nodes()\n"
        "    return PressSystem.from_edges(n, e[:, 0], e[:, 1], np.ones(n, dtype=bool))\n"
        "out = [prepare(grid_system(30, 30)).analysis.engine, 'numba' in sys.modules]\n"
        "s = system(nx.random_regular_graph(3, 500, seed=1))\n"
        "out += [prepare(s).analysis.engine, 'numba' in sys.modules]\n"
        "s = system(nx.gnp_random_graph(3000, 0.002, seed=1))\n"
        "out += [prepare(s).analysis.engine, 'numba' in sys.modules]\n"
        "out += [prepare(grid_system(30, 30)).analysis.engine]\n"
        "print(json.dumps(out))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "LOGRAPH_JIT"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert json.loads(done.stdout) == [
        "small",
        False,
        "small",
        False,
        "fast-chase",
        True,
        "small",
    ]
