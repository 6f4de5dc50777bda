"""The grid path of the fixed boards and ``ker(A − λI)`` against independent answers: every
board of small grids, the general elimination (grid names hidden), and the closed form of
the open rule's nullity (``ker(A + I)`` of the closed rule over GF(2) is the open board's)."""

from __future__ import annotations

import itertools

import flint
import numpy as np
import pytest
from numpy.typing import NDArray

from lograph.core.algebra.gridforms import grid_nullity
from lograph.core.dynamics import MapKind, fixed_boards, lattice_kernel
from lograph.core.dynamics.fixed import fixed_board_count
from lograph.core.dynamics.lattice_kernel import lattice_fixed_board_count
from lograph.core.model.grids import grid_system
from lograph.core.model.system import PressSystem


def _span_size(rows: NDArray[np.uint8], k: int, n: int) -> int:
    """The number of combinations of `rows` mod k, by closing the set under adding a row."""
    seen = {bytes(n)}
    frontier = [np.zeros(n, dtype=np.int64)]
    while frontier:
        grown = []
        for board in frontier:
            for row in rows.astype(np.int64):
                nxt = (board + row) % k
                key = nxt.astype(np.uint8).tobytes()
                if key not in seen:
                    seen.add(key)
                    grown.append(nxt)
        frontier = grown
    return len(seen)


@pytest.mark.parametrize("k", [2, 3, 6])
def test_kernels_are_every_solution_on_small_grids(k: int) -> None:
    for m, n in itertools.product(range(1, 5), repeat=2):
        for wrap_rows in (False, True) if m >= 3 else (False,):
            for wrap_cols in (False, True) if n >= 3 else (False,):
                system = grid_system(m, n, wrap_rows=wrap_rows, wrap_cols=wrap_cols, states=k)
                if k**system.n > 5000:
                    continue
                matrix = system.dense().astype(np.int64)
                boards = np.array(list(itertools.product(range(k), repeat=system.n)))
                for shift in range(k):
                    zero = ~(
                        (boards @ (matrix - shift * np.eye(system.n, dtype=np.int64)).T) % k
                    ).any(1)
                    rows = lattice_kernel.lattice_kernel(system, shift)
                    assert rows is not None
                    assert _span_size(rows, k, system.n) == int(zero.sum()), (m, n, k, shift)
                    assert not ((matrix @ rows.T.astype(np.int64) - shift * rows.T) % k).any()
                count = lattice_fixed_board_count(system)
                assert count == _span_size(
                    lattice_kernel.lattice_fixed_boards(system, MapKind.PRESS), k, system.n
                )


def _hidden(system: PressSystem) -> PressSystem:
    return PressSystem(
        names=tuple(f"b{i}" for i in range(system.n)),
        indptr=system.indptr,
        indices=system.indices,
        states=system.states,
        lights=system.lights,
    )


def _rank(rows: NDArray[np.uint8], p: int) -> int:
    if not len(rows):
        return 0
    return int(flint.nmod_mat((rows.astype(np.int64) % p).tolist(), p).rank())


@pytest.mark.parametrize(
    ("m", "n", "wrap", "k"),
    [(9, 14, False, 2), (12, 12, True, 2), (10, 7, False, 3), (8, 8, True, 5)],
)
def test_fixed_boards_span_what_elimination_finds(m: int, n: int, wrap: bool, k: int) -> None:
    system = grid_system(m, n, wrap_rows=wrap, wrap_cols=wrap, states=k)
    fast = fixed_boards(system, MapKind.SOLUTION)  # takes the grid path
    general = fixed_boards(_hidden(system), MapKind.SOLUTION)
    assert _rank(fast, k) == _rank(general, k) == len(fast)
    assert _rank(np.vstack([fast, general]), k) == len(fast)  # the same space
    assert fixed_board_count(system) == fixed_board_count(_hidden(system)) == k ** len(fast)


@pytest.mark.parametrize("n", [16, 30, 64, 100])
def test_closed_fixed_boards_are_the_open_boards_quiet_patterns(n: int) -> None:
    system = grid_system(n, n + 3)
    rows = lattice_kernel.lattice_fixed_boards(system, MapKind.SOLUTION)
    assert rows is not None
    assert len(rows) == grid_nullity(n, n + 3, "open")
    assert _rank(rows, 2) == len(rows)


def test_a_wrong_basis_is_never_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    system = grid_system(6, 6)
    assert lattice_kernel.lattice_kernel(system, 1) is not None
    real = lattice_kernel._prime_kernel

    def spoiled(*args: object) -> NDArray[np.uint8]:
        rows = real(*args)  # type: ignore[arg-type]
        rows[:, 0] ^= 1
        return rows

    monkeypatch.setattr(lattice_kernel, "_prime_kernel", spoiled)
    assert lattice_kernel.lattice_kernel(system, 1) is None
