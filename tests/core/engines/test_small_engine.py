"""The small-board engine against the textbook elimination of tests/references.py and the
other engines, on random small boards (GF(2) and GF(p), directed or not, open or closed)."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.engines.registry import available_engines, get_solver
from lograph.core.errors import BoardTooLargeError
from lograph.core.model.generators import grid_system
from lograph.core.model.system import PressSystem
from tests.references import null_space_mod_p, rref_mod_p, solve_mod_p, system_matrix


def random_system(rng: np.random.Generator, p: int) -> PressSystem:
    """A random board of 1..30 buttons: random edges, direction and self action."""
    n = int(rng.integers(1, 31))
    directed = bool(rng.integers(2))
    density = float(rng.uniform(0.05, 0.4))
    pairs = [(u, w) for u in range(n) for w in range(n) if u != w and rng.random() < density]
    src = np.array([u for u, _ in pairs], dtype=np.int64)
    dst = np.array([w for _, w in pairs], dtype=np.int64)
    self_mask = rng.random(n) < rng.choice([0.0, 0.5, 1.0])  # open, mixed, closed
    lights = rng.integers(0, p, n).astype(np.uint8)
    return PressSystem.from_edges(
        n, src, dst, self_mask, directed=directed, states=p, lights=lights
    )


@pytest.mark.parametrize("p", [2, 3, 5])
def test_small_engine_matches_the_textbook_elimination(p: int) -> None:
    rng = np.random.default_rng(1000 + p)
    for _ in range(60):
        system = random_system(rng, p)
        a = system_matrix(system)
        solver = get_solver(system, "small")
        analysis = solver.analysis
        assert analysis.engine == "small"
        assert analysis.rank == len(rref_mod_p(a, p)[1])
        # the canonical bases: reduced echelon forms of ker A and ker Aᵀ
        quiet, quiet_pivots = rref_mod_p(null_space_mod_p(a, p), p)
        assert analysis.quiet.tolist() == quiet.tolist()
        left = rref_mod_p(null_space_mod_p(a.T, p), p)[0]
        assert analysis.left_kernel.tolist() == left.tolist()
        for _ in range(3):
            rhs = rng.integers(0, p, system.n)
            x = solver.particular(rhs)
            expected = solve_mod_p(a, rhs, p)
            if expected is None:
                assert x is None
            else:
                assert x is not None
                assert ((a @ x.astype(np.int64) - rhs) % p == 0).all()
                # canonical: the solution that is 0 on the quiet pivots
                for row, col in zip(quiet, quiet_pivots, strict=True):
                    expected = (expected - int(expected[col]) * row) % p
                assert x.tolist() == expected.tolist()


@pytest.mark.parametrize("p", [2, 3])
def test_small_engine_agrees_with_the_other_engines(p: int) -> None:
    rng = np.random.default_rng(7 + p)
    others = ["dense", "galois"] + (["fast"] if p == 2 else ["chase-p"])
    for _ in range(20):
        system = random_system(rng, p)
        small = get_solver(system, "small").analysis
        dense = get_solver(system, "dense").analysis
        assert small.quiet.tolist() == dense.quiet.tolist()
        assert small.left_kernel.tolist() == dense.left_kernel.tolist()
        for name in others:
            try:
                other = get_solver(system, name).analysis
            except BoardTooLargeError:  # chase-p refuses some boards
                continue
            assert other.rank == small.rank
            # same spaces: the canonical forms of the bases agree
            assert rref_mod_p(other.quiet, p)[0].tolist() == small.quiet.tolist()


def test_small_engine_on_the_classic_boards() -> None:
    # n×n nullities (OEIS A159257): 3×3 → 0, 4×4 → 4, 5×5 → 2, 9×9 → 8, 16×16 → 8
    for n, expected in [(3, 0), (4, 4), (5, 2), (9, 8), (16, 8)]:
        assert get_solver(grid_system(n, n), "small").analysis.nullity == expected


def test_small_engine_is_registered_and_bounded() -> None:
    assert "small" in available_engines()
    assert get_solver(grid_system(5, 5)).analysis.engine == "small"  # auto's choice
    # full rectangles up to 4096 buttons: the small engine's chase on ints
    assert get_solver(grid_system(64, 64)).analysis.engine == "small"
    assert get_solver(grid_system(65, 64)).analysis.engine == "fast-grid"
    with pytest.raises(BoardTooLargeError, match="up to 4096 buttons, 400 for p > 2"):
        get_solver(grid_system(65, 64), "small")
    with pytest.raises(BoardTooLargeError, match="400 for p > 2"):
        get_solver(grid_system(21, 20, states=3), "small")


def test_small_engine_empty_board() -> None:
    system = PressSystem.from_edges(
        0, np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, bool)
    )
    solver = get_solver(system, "small")
    assert solver.analysis.rank == 0
    assert solver.particular(np.zeros(0, dtype=np.int64)) is not None


def test_python_cuthill_mckee_is_scipys() -> None:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import reverse_cuthill_mckee

    from lograph.core.chase.orders import _python_cuthill_mckee

    rng = np.random.default_rng(3)
    for _ in range(300):
        n = int(rng.integers(1, 60))
        upper = np.triu(rng.random((n, n)) < rng.uniform(0.01, 0.3), 1)
        matrix = csr_matrix((upper | upper.T).astype(np.int8))
        matrix.sort_indices()
        indptr, indices = matrix.indptr.astype(np.int64), matrix.indices.astype(np.int64)
        expected = reverse_cuthill_mckee(matrix, symmetric_mode=True)
        assert _python_cuthill_mckee(indptr, indices).tolist() == expected.tolist()


def test_numpy_structure_sort_is_scipys(monkeypatch: pytest.MonkeyPatch) -> None:
    from lograph.core.model import system as system_module

    rng = np.random.default_rng(5)
    for _ in range(40):
        small = random_system(rng, 2)
        cols = np.repeat(np.arange(small.n), np.diff(small.indptr))
        args = (small.n, cols, small.indices, np.zeros(small.n, bool))
        with monkeypatch.context() as patch:
            patch.setattr(system_module, "_NUMPY_SORT_LIMIT", -1)  # scipy's conversions
            big = PressSystem.from_edges(*args, directed=True)
            big_rows = big.transpose
        numpy_built = PressSystem.from_edges(*args, directed=True)
        assert numpy_built.indptr.tolist() == big.indptr.tolist()
        assert numpy_built.indices.tolist() == big.indices.tolist()
        for ours, theirs in zip(numpy_built.transpose, big_rows, strict=True):
            assert ours.tolist() == theirs.tolist()


def test_bit_rows_are_the_rows_of_the_press_matrix() -> None:
    from lograph.core.engines.small import bit_rows

    rng = np.random.default_rng(11)
    for _ in range(40):  # both sides of the 64-button switch, empty rows included
        n = int(rng.integers(1, 130))
        pairs = [(u, w) for u in range(n) for w in range(n) if u != w and rng.random() < 0.03]
        src = np.array([u for u, _ in pairs], dtype=np.int64)
        dst = np.array([w for _, w in pairs], dtype=np.int64)
        system = PressSystem.from_edges(
            n, src, dst, rng.random(n) < 0.5, directed=bool(rng.integers(2))
        )
        dense = system_matrix(system)
        expected = [sum(1 << int(w) for w in np.flatnonzero(row)) for row in dense]
        assert bit_rows(system) == expected


def _graph_system(n: int, p: float, seed: int, *, directed: bool = False) -> PressSystem:
    rng = np.random.default_rng(seed)
    u, w = np.nonzero(np.triu(rng.random((n, n)) < p, 1))
    if directed:  # flip half the edges
        flip = rng.random(len(u)) < 0.5
        u, w = np.where(flip, w, u), np.where(flip, u, w)
    return PressSystem.from_edges(n, u, w, np.ones(n, dtype=bool), directed=directed)


@pytest.mark.parametrize("directed", [False, True])
def test_int_path_over_its_work_limit_hands_over_to_the_lu_with_the_same_answers(
    monkeypatch: pytest.MonkeyPatch, directed: bool
) -> None:
    """A process without numba tries the int path within INT_WORK; past it the compiled LU
    answers, identically (the limit is a choice of path, never of answer)."""
    from lograph.core.engines import small

    monkeypatch.setattr(small, "compiled_ready", lambda *kernels: False)
    monkeypatch.delenv("LOGRAPH_JIT", raising=False)
    system = _graph_system(300, 0.02, 7, directed=directed)
    ints = small.SmallSolver(system)
    assert ints._kernel is None  # the whole elimination fitted
    monkeypatch.setattr(small, "INT_WORK", 10_000)
    with pytest.raises(small.IntsOverBudget):
        small.echelon(small.bit_rows(system), None, small.INT_WORK)
    assert small.build_on_ints(system) is None
    lu = small.SmallSolver(system)
    assert lu._kernel is not None  # handed over
    for mine, other in ((lu.analysis, ints.analysis),):
        assert mine.rank == other.rank
        assert np.array_equal(mine.quiet, other.quiet)
        assert np.array_equal(mine.left_kernel, other.left_kernel)
    b = system.apply(np.random.default_rng(1).integers(0, 2, system.n)) % 2
    assert np.array_equal(lu.particular(b), ints.particular(b))
    # LOGRAPH_JIT=python keeps the int path whatever the work
    monkeypatch.setenv("LOGRAPH_JIT", "python")
    assert small.SmallSolver(system)._kernel is None


def test_int_path_declines_a_quiet_basis_too_big_to_reduce(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The open star has 2,999 twin leaves: elimination is cheap, but reducing a quiet basis
    of ~3,000 patterns on Python ints is not, so the int path declines; with that many
    twins auto gives the board to the compiled LU (not the chase)."""
    from lograph.core.engines import small
    from lograph.core.kernels import jit

    monkeypatch.setattr(small, "compiled_ready", lambda *kernels: False)
    monkeypatch.setattr(jit, "compiled_ready", lambda *kernels: False)
    monkeypatch.delenv("LOGRAPH_JIT", raising=False)
    n = 3001
    leaves = np.arange(1, n, dtype=np.int64)
    system = PressSystem.from_edges(
        n, np.zeros(n - 1, dtype=np.int64), leaves, np.zeros(n, dtype=bool)
    )
    assert small.build_on_ints(system) is None
    analysis = get_solver(system).analysis
    assert (analysis.nullity, analysis.engine) == (n - 2, "small")


def test_twin_share_counts_buttons_pressing_like_another() -> None:
    """Against a direct count: group the columns of A (the lights each press changes)."""
    from collections import Counter

    from lograph.core.engines.registry import _twin_share

    rng = np.random.default_rng(3)
    for directed in (False, True):
        for _ in range(5):
            base = _graph_system(60, 0.05, int(rng.integers(1 << 30)), directed=directed)
            # copy a few buttons' edges onto new buttons: closed twins (or directed copies)
            copies = rng.choice(base.n, 8, replace=False)
            src, dst = [], []
            for w in range(base.n):
                for u in base.column(w):
                    if u != w:
                        src.append(w)
                        dst.append(int(u))
            for i, w in enumerate(copies):
                twin = base.n + i
                src.append(int(w))
                dst.append(twin)  # the twin and w change each other's lights
                for u in base.column(w):
                    if u != w:
                        src.append(twin)
                        dst.append(int(u))
                        # directed: u's press reaches the twin as it reaches w
                        if directed and w in base.column(int(u)):
                            src.append(int(u))
                            dst.append(twin)
            n = base.n + len(copies)
            system = PressSystem.from_edges(
                n,
                np.array(src, dtype=np.int64),
                np.array(dst, dtype=np.int64),
                np.ones(n, dtype=bool),
                directed=directed,
            )
            columns = Counter(system.column(w).tobytes() for w in range(n))
            expected = sum(c - 1 for c in columns.values()) / n
            assert _twin_share(system) == pytest.approx(expected)


def test_auto_gives_boards_rich_in_twins_to_the_lu(monkeypatch: pytest.MonkeyPatch) -> None:
    """With numba loaded, a board of 1,025–4,096 buttons goes to the chase unless at least
    one button in 32 has a twin (hundreds of quiet patterns: the LU is quicker there)."""
    from lograph.core.engines import small
    from lograph.core.kernels import jit

    monkeypatch.setattr(jit, "compiled_ready", lambda *kernels: True)
    monkeypatch.setattr(small, "compiled_ready", lambda *kernels: True)
    plain = _graph_system(1200, 5 / 1200, 4)
    assert get_solver(plain).analysis.engine == "fast-chase"
    # two new buttons joined only to each other press alike: 60 such pairs, 60 twins in 1,320
    n = plain.n + 120
    pairs = np.arange(plain.n, n, 2, dtype=np.int64)
    src = np.concatenate([np.repeat(np.arange(plain.n), np.diff(plain.indptr)), pairs])
    dst = np.concatenate([plain.indices, pairs + 1])
    twins = PressSystem.from_edges(n, src, dst, np.ones(n, dtype=bool))
    analysis = get_solver(twins).analysis
    assert analysis.engine == "small"
    assert analysis.nullity >= 60


def test_auto_tries_the_int_path_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past INT_WORK auto hands the board to the LU without eliminating on ints again."""
    from lograph.core.engines import small
    from lograph.core.kernels import jit

    monkeypatch.setattr(small, "compiled_ready", lambda *kernels: False)
    monkeypatch.setattr(jit, "compiled_ready", lambda *kernels: False)
    monkeypatch.delenv("LOGRAPH_JIT", raising=False)
    monkeypatch.setattr(small, "INT_WORK", 10_000)
    calls = []
    real = small.echelon

    def counted(*args: object) -> object:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(small, "echelon", counted)
    system = _graph_system(300, 0.05, 9)
    analysis = get_solver(system).analysis
    assert analysis.engine == "small"
    assert calls == [1]
