"""PressSystem: building from edge lists, the row structure, apply vs the dense matrix, names.

Expected matrices are written out by hand or built entry by entry from the edge list in the
test, independent of the vectorised construction.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.errors import BoardError, BoardTooLargeError
from lograph.core.model.system import CellNames, PressSystem, parse_cell_name


def by_hand(n: int, edges: list[tuple[int, int]], loops: list[int], directed: bool) -> np.ndarray:
    """A[u, w] = 1 when pressing w changes u, entry by entry."""
    a = np.zeros((n, n), dtype=np.uint8)
    for w, u in edges:
        a[u, w] = 1
        if not directed:
            a[w, u] = 1
    for w in loops:
        a[w, w] = 1
    return a


def make(n: int, edges: list[tuple[int, int]], loops: list[int], **kw: object) -> PressSystem:
    src = np.array([e[0] for e in edges], dtype=np.int64)
    dst = np.array([e[1] for e in edges], dtype=np.int64)
    mask = np.zeros(n, dtype=bool)
    mask[loops] = True
    return PressSystem.from_edges(n, src, dst, mask, **kw)  # type: ignore[arg-type]


def test_path_closed_rule_matrix() -> None:
    system = make(3, [(0, 1), (1, 2)], [0, 1, 2])
    assert system.dense().tolist() == [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    assert system.symmetric
    assert system.n == 3
    assert system.nnz == 7
    assert list(system.names) == ["b0", "b1", "b2"]
    assert system.column(1).tolist() == [0, 1, 2]


def test_directed_matrix_and_symmetry_flag() -> None:
    system = make(3, [(0, 1), (1, 2)], [1], directed=True)
    # pressing 0 changes 1; pressing 1 changes 1 and 2; pressing 2 changes nothing
    assert system.dense().tolist() == [[0, 0, 0], [1, 1, 0], [0, 1, 0]]
    assert not system.symmetric
    both_ways = make(2, [(0, 1), (1, 0)], [], directed=True)
    assert both_ways.symmetric  # a directed board whose arcs all come in pairs


def test_duplicate_edges_count_once() -> None:
    system = make(2, [(0, 1), (1, 0), (0, 1)], [0])
    assert system.dense().tolist() == [[1, 1], [1, 0]]
    assert system.nnz == 3


@pytest.mark.parametrize("seed", range(20))
def test_random_edges_match_hand_built_matrix(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 12))
    directed = bool(rng.integers(2))
    edges = [(int(u), int(v)) for u, v in rng.integers(0, n, size=(3 * n, 2)).tolist() if u != v]
    loops = [int(v) for v in np.flatnonzero(rng.random(n) < 0.5)]
    system = make(n, edges, loops, directed=directed)
    expected = by_hand(n, edges, loops, directed)
    assert np.array_equal(system.dense(), expected)
    # columns sorted ascending, no repeats
    for w in range(n):
        col = system.column(w)
        assert np.all(np.diff(col) > 0)
    # the row structure lists, per light, the buttons that change it
    indptr, indices = system.transpose
    for u in range(n):
        assert indices[indptr[u] : indptr[u + 1]].tolist() == np.flatnonzero(expected[u]).tolist()
    assert system.symmetric == bool(np.array_equal(expected, expected.T))


@pytest.mark.parametrize("seed", range(20))
def test_apply_is_dense_matrix_times_presses_mod_p(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(1, 10))
    p = int(rng.choice([2, 3, 5, 7]))
    edges = [(int(u), int(v)) for u, v in rng.integers(0, n, size=(2 * n, 2)).tolist() if u != v]
    loops = [int(v) for v in np.flatnonzero(rng.random(n) < 0.5)]
    directed = bool(rng.integers(2))
    system = make(n, edges, loops, directed=directed, states=p)
    presses = rng.integers(-20, 20, size=n)  # any integers: taken mod p
    matrix = by_hand(n, edges, loops, directed).astype(np.int64)
    expected = matrix @ (presses % p) % p
    assert system.apply(presses).tolist() == expected.tolist()


def test_apply_checks_shape() -> None:
    system = make(3, [(0, 1)], [])
    with pytest.raises(BoardError, match=r"expected 3 press counts, got shape \(2,\)"):
        system.apply([1, 1])


def test_dense_refuses_beyond_limit() -> None:
    system = make(5, [], [])
    with pytest.raises(BoardTooLargeError, match="limit 4"):
        system.dense(limit=4)
    assert system.dense(limit=5).shape == (5, 5)


def test_empty_system() -> None:
    system = make(0, [], [])
    assert system.n == 0
    assert system.dense().shape == (0, 0)
    assert system.apply(np.zeros(0)).tolist() == []
    assert system.transpose[0].tolist() == [0]


def test_with_lights_validates_and_keeps_matrix() -> None:
    system = make(3, [(0, 1)], [0], states=3)
    lit = system.with_lights([2, 0, 1])
    assert lit.lights.tolist() == [2, 0, 1]
    assert np.array_equal(lit.dense(), system.dense())
    assert system.lights.tolist() == [0, 0, 0]
    for bad in ([3, 0, 0], [-1, 0, 0], [0, 0]):
        with pytest.raises(BoardError, match=r"3 light values in 0..2"):
            system.with_lights(bad)


def test_names_lights_length_mismatch() -> None:
    with pytest.raises(BoardError, match="must number 2"):
        PressSystem.from_edges(
            2, np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(2, bool), names=("a",)
        )


def test_index_of_names() -> None:
    system = make(2, [], [], names=("x", "y"))
    assert system.index("y") == 1
    with pytest.raises(BoardError, match="'z'"):
        system.index("z")


def test_parse_cell_name() -> None:
    assert parse_cell_name("r0c0") == (0, 0)
    assert parse_cell_name("r12c305") == (12, 305)
    for bad in ("r1c", "c1r1", "r1c1 ", "R1C1", "r-1c2", "rxc1", ""):
        assert parse_cell_name(bad) is None


def test_cell_names_behave_like_a_list_of_strings() -> None:
    coords = np.array([[0, 1], [0, 3], [2, 0], [10, 4]], dtype=np.int64)
    names = CellNames(coords)
    plain = ["r0c1", "r0c3", "r2c0", "r10c4"]
    assert len(names) == 4
    assert list(names) == plain
    assert [names[i] for i in range(4)] == plain
    assert names[1:3] == plain[1:3]
    assert names[-1] == "r10c4"
    for i, name in enumerate(plain):
        assert names.index(name) == i
        assert name in names
    for missing in ("r0c0", "r10c5", "r11c4", "b0", "r99c99"):
        with pytest.raises(ValueError, match=repr(missing)):
            names.index(missing)
    assert "r0c0" not in names


def test_cell_names_are_the_default_for_grid_coords() -> None:
    coords = np.array([[0, 0], [0, 1]], dtype=np.int64)
    system = make(2, [(0, 1)], [0, 1], coords=coords)
    assert list(system.names) == ["r0c0", "r0c1"]
    assert system.index("r0c1") == 1
    with pytest.raises(BoardError, match="'r1c1'"):
        system.index("r1c1")
