"""The solution matrix: A's inverse where A is invertible (and then LightsOutWeb's inverse
matrix, entry for entry), A's Drazin inverse where it is singular (the matrix of the solution
map, column by column); and LightsOutWeb's click-rule matrices (square, torus, projective
plane) against lograph's press matrices, with its quiet-pattern counts against the nullity.

The independent answers: the defining equations (S A = I; the three Drazin equations), the
dynamics package's own map applied board by board, and LightsOutWeb's code transcribed in
`tests.core.matrices.lightsoutweb`.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.api.inputs import from_press_matrix
from lograph.core.algebra import gfp
from lograph.core.dynamics.maps import MapKind, image, is_invertible
from lograph.core.dynamics.solution_matrix import (
    SOLUTION_MATRIX_LIMIT,
    drazin_inverse,
    solution_matrix,
)
from lograph.core.errors import BoardTooLargeError
from lograph.core.model.generators import projective, rectangle, torus
from lograph.core.model.system import PressSystem
from lograph.core.solve import analyze
from tests.core.matrices import lightsoutweb as low


def reading_order(system: PressSystem, n: int) -> np.ndarray:
    """lograph's button index of LightsOutWeb's cell y·n + x (the button r<y>c<x>)."""
    index = {str(name): i for i, name in enumerate(system.names)}
    return np.array([index[f"r{y}c{x}"] for y in range(n) for x in range(n)])


def in_reading_order(matrix: np.ndarray, order: np.ndarray) -> np.ndarray:
    return np.asarray(matrix, dtype=np.int64)[np.ix_(order, order)]


def random_directed(n: int, k: int, seed: int) -> PressSystem:
    rng = np.random.default_rng(seed)
    a = (rng.random((n, n)) < 0.35).astype(np.int64)
    np.fill_diagonal(a, 1)
    return from_press_matrix(a, states=k).to_system()


def invertible_boards(k: int) -> list[PressSystem]:
    boards = [rectangle(r, c, states=k).to_system() for r, c in ((1, 1), (2, 3), (3, 3), (6, 6))]
    boards += [torus(3, 4, states=k).to_system(), torus(4, 4, states=k).to_system()]
    boards += [random_directed(n, k, seed) for n in (5, 9, 14) for seed in range(4)]
    return [s for s in boards if is_invertible(s)]


@pytest.mark.parametrize("k", [2, 3, 4, 6, 7])
def test_the_solution_matrix_of_an_invertible_board_is_its_inverse(k: int) -> None:
    boards = invertible_boards(k)
    assert len(boards) >= 4, "too few invertible boards to test"
    assert any(s.directed or not s.symmetric for s in boards)
    for system in boards:
        a = system.dense().astype(np.int64)
        s = solution_matrix(system).astype(np.int64)
        eye = np.eye(system.n, dtype=np.int64)
        assert np.array_equal(s @ a % k, eye), system.name
        assert np.array_equal(a @ s % k, eye), system.name
        lights = np.random.default_rng(k).integers(0, k, system.n)
        presses = -(s @ lights) % k
        assert not np.any((lights + a @ presses) % k)  # −S b turns b off
        # the solver's columns and the minimal polynomial's Drazin inverse: one matrix
        assert np.array_equal(drazin_inverse(system), s), system.name


@pytest.mark.parametrize(
    ("system", "k"),
    [
        (rectangle(5, 5).to_system(), 2),
        (rectangle(4, 4).to_system(), 2),
        (rectangle(4, 4, states=3).to_system(), 3),
        (rectangle(2, 2, states=6).to_system(), 6),  # singular mod 3, invertible mod 2
        (torus(3, 3, states=4).to_system(), 4),
    ],
    ids=["5x5", "4x4", "4x4-k3", "2x2-k6", "torus3x3-k4"],
)
def test_on_a_singular_board_it_is_the_drazin_inverse_and_the_solution_maps_matrix(
    system: PressSystem, k: int
) -> None:
    assert not is_invertible(system)
    a = system.dense().astype(np.int64)
    s = solution_matrix(system).astype(np.int64)
    n = system.n

    def a_to(m: int) -> np.ndarray:
        out = np.eye(n, dtype=np.int64)
        for _ in range(m):
            out = out @ a % k
        return out

    assert np.array_equal(s @ a @ s % k, s)
    assert np.array_equal(a @ s % k, s @ a % k)
    assert np.array_equal(a_to(n) @ a @ s % k, a_to(n))  # A^{m+1} S = A^m, m ≥ the index
    for j in range(n):  # column j, negated, is the solution map's image of light j alone
        unit = np.zeros(n, dtype=np.uint8)
        unit[j] = 1
        assert np.array_equal(-s[:, j] % k, image(system, unit, MapKind.SOLUTION)), j


@pytest.mark.parametrize("n", [4, 5])
def test_minus_s_b_solves_the_core_boards_and_lightsoutwebs_matrix_every_solvable_one(
    n: int,
) -> None:
    """What docs/commands.md says of singular boards: −S b turns off exactly the boards of
    A's core (A^n y), and on the 4×4 and 5×5 most solvable boards are not among them;
    LightsOutWeb's elimination matrix solves every solvable board."""
    system = rectangle(n, n).to_system()
    a = system.dense().astype(np.int64)
    s = solution_matrix(system).astype(np.int64)
    order = reading_order(system, n)
    low_s, _ = low.solution_matrix(low.game_matrix("square", n, 2), 2)
    rng = np.random.default_rng(n)
    core = np.linalg.matrix_power(a, 2 * n * n) % 2  # A^m for m past the index
    unsolved = 0
    for _ in range(64):
        b = a @ rng.integers(0, 2, n * n) % 2  # solvable
        lograph_presses = -(s @ b) % 2
        unsolved += bool(np.any((b + a @ lograph_presses) % 2))
        b_cells = b[order]
        low_presses = low.solve(low_s, b_cells, 2)
        assert not np.any((b_cells + in_reading_order(a, order) @ low_presses) % 2)
        c = core @ rng.integers(0, 2, n * n) % 2  # a board of the core
        assert not np.any((c + a @ (-(s @ c) % 2)) % 2)
    assert unsolved > 32


@pytest.mark.parametrize(
    ("n", "k"), [(2, 2), (2, 5), (3, 2), (3, 3), (3, 5), (6, 2), (6, 3), (7, 2), (7, 3), (7, 5)]
)
def test_it_is_lightsoutwebs_saved_inverse_matrix_on_invertible_grids(n: int, k: int) -> None:
    system = rectangle(n, n, states=k).to_system()
    game = low.game_matrix("square", n, k)
    low_s, quiet = low.solution_matrix(game, k)
    assert quiet == 0
    order = reading_order(system, n)
    assert np.array_equal(in_reading_order(solution_matrix(system), order), low_s)


def test_the_torus_inverse_matrices_agree_too() -> None:
    for n, k in ((4, 2), (7, 2), (3, 3), (7, 3)):
        system = torus(n, n, states=k).to_system()
        low_s, quiet = low.solution_matrix(low.game_matrix("torus", n, k), k)
        assert quiet == 0
        order = reading_order(system, n)
        assert np.array_equal(in_reading_order(solution_matrix(system), order), low_s)


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize(("topology", "make", "sizes"), [
    ("square", rectangle, range(2, 9)),
    ("torus", torus, range(3, 9)),
])  # fmt: skip
def test_lightsoutwebs_click_rule_gives_lographs_press_matrix_and_nullity(
    topology: str, make: object, sizes: range, k: int
) -> None:
    for n in sizes:
        system = make(n, n, states=k).to_system()  # type: ignore[operator]
        game = low.game_matrix(topology, n, k)
        order = reading_order(system, n)
        assert np.array_equal(in_reading_order(system.dense(), order), game.T), (topology, n)
        _, quiet = low.solution_matrix(game, k)
        assert quiet == analyze(system).nullity, (topology, n, k)


@pytest.mark.parametrize("k", [2, 3, 5])
def test_the_projective_plane_differs_at_its_opposite_corners_only(k: int) -> None:
    """LightsOutWeb's plus reaches the opposite corner twice from each corner (across both
    seams) and adds the two; lograph joins the two corners once. Elsewhere the matrices
    agree; LightsOutWeb's quiet-pattern count is the nullity of its own matrix."""
    for n in range(3, 9):
        system = projective(n, n, states=k).to_system()
        game = low.game_matrix("projective", n, k)
        ours = in_reading_order(system.dense(), order := reading_order(system, n))
        last = n * n - 1
        corners = {(0, last), (last, 0), (n - 1, last - n + 1), (last - n + 1, n - 1)}
        differ = {tuple(map(int, d)) for d in np.argwhere(ours != game.T)}
        assert differ == corners, n
        for u, w in corners:
            assert ours[u, w] == 1
            assert game.T[u, w] == 2 % k
        _, quiet = low.solution_matrix(game, k)
        assert quiet == n * n - gfp.rank(game.T % k, k)
        assert len(order) == n * n


def test_lightsoutwebs_two_by_two_torus_has_no_lograph_board() -> None:
    """Its plus reaches each neighbour twice on a 2×2 torus (entries 2 mod k: none for k = 2);
    lograph's torus needs 3 rows and 3 columns."""
    game = low.game_matrix("torus", 2, 2)
    assert np.array_equal(game, np.array([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]))
    with pytest.raises(Exception, match="at least 3 rows and 3 columns"):
        torus(2, 2)


def test_over_the_limit_it_is_refused_before_any_work() -> None:
    system = rectangle(1, SOLUTION_MATRIX_LIMIT + 1).to_system()
    with pytest.raises(BoardTooLargeError, match=r"1025 buttons .*limit \(1024 buttons"):
        solution_matrix(system)
