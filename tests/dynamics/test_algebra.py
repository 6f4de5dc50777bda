"""The dynamics' algebra piece by piece: Berlekamp–Massey, the certified map minimal
polynomial on every path (random boards only, unit boards only, bit-packed GF(2)), the
factoring of p^d − 1 and its refusal in one line."""

from __future__ import annotations

import math

import numpy as np
import pytest

import lograph as lo
from lograph.core.dynamics import MapKind, factoring, map_order, orbit, order
from lograph.core.dynamics.krylov import PressOperator, berlekamp_massey
from lograph.core.errors import DynamicsError
from lograph.core.files import write_board
from tests.cli.helpers import run_cli
from tests.dynamics.brute import matrix_orbit, random_board


def test_berlekamp_massey_finds_the_shortest_recurrence():
    rng = np.random.default_rng(3)
    for p in (2, 3, 5, 7):
        for _ in range(20):
            length = int(rng.integers(1, 6))
            recurrence = rng.integers(0, p, length)
            seq = list(rng.integers(0, p, length))
            for i in range(length, 4 * length + 4):
                seq.append(int(-np.dot(recurrence, seq[i - length : i][::-1])) % p)
            poly = berlekamp_massey(np.array(seq), p)
            degree = len(poly) - 1
            assert degree <= length
            assert poly[-1] == 1
            for i in range(degree, len(seq)):  # the recurrence holds everywhere
                window = np.array(seq[i - degree : i + 1])
                assert int(poly @ window) % p == 0


@pytest.mark.parametrize("seed", range(6))
def test_packed_gf2_horner_equals_the_integer_one(seed: int):
    board = random_board(11, 2, seed % 2 == 0, seed)
    rng = np.random.default_rng(seed)
    poly = rng.integers(0, 2, 9)
    cols = np.sort(rng.choice(11, 7, replace=False))
    generic = order._evaluate_on_units_int(PressOperator(board.system, 2), poly, cols)
    power = np.eye(11, dtype=np.int64)
    expected = np.zeros((11, 11), dtype=np.int64)
    for c in poly:
        expected = (expected + c * power) % 2
        power = board.matrix @ power % 2
    packed = order._evaluate_on_units_gf2(board.system, poly, cols)
    assert packed.tolist() == generic.tolist() == expected[:, cols].tolist()


@pytest.mark.parametrize("boards", [0, 1])
@pytest.mark.parametrize(("k", "seed"), [(2, 1), (2, 2), (3, 3), (5, 4), (4, 5), (6, 6)])
def test_the_map_order_is_right_whatever_certifies_it(monkeypatch, boards: int, k: int, seed: int):
    """With no random board (or one) the unit boards do the certifying and join the lcm."""
    monkeypatch.setattr(order, "_RANDOM_BOARDS", boards)
    board = random_board(9, k, seed % 2 == 0, seed, density=0.3)
    walked = matrix_orbit((-board.matrix) % k, k, 500_000)
    assert walked is not None
    answer = map_order(board.system, MapKind.PRESS)
    assert (answer.tail, answer.order) == walked


def test_orders_of_primitive_and_other_polynomials():
    # x⁴+x+1 primitive (15); x⁴+x³+x²+x+1 has order 5; over GF(3) x²+1 has order 4
    assert factoring.order_of_x(np.array([1, 1, 0, 0, 1]), 2) == 15
    assert factoring.order_of_x(np.array([1, 1, 1, 1, 1]), 2) == 5
    assert factoring.order_of_x(np.array([1, 0, 1]), 3) == 4
    # modulo (x+1)^5 over GF(2): ord 1 · 2^⌈log2 5⌉ = 8
    assert factoring.order_of_x_power(np.array([1, 1]), 5, 2) == {2: 3}
    for n in (2**64 - 1, 3**40 - 1, 10**18 + 9, 1):
        assert math.prod(q**e for q, e in factoring.factor_integer(n).items()) == n


def test_an_unfactorable_order_is_refused_in_one_line(monkeypatch, tmp_path, capsys):
    """Past what FLINT may factor the answer is an error naming p^d − 1, never a hang."""
    # as if no part of p^d − 1 above 7 were known prime or small enough to factor whole
    monkeypatch.setattr(factoring, "_is_prime", lambda n: n < 8)
    monkeypatch.setattr(factoring, "_FULL_DIGITS", 0)
    monkeypatch.setattr(factoring, "_SMOOTH_BITS", 4)
    monkeypatch.setattr(factoring, "_TRIAL", 0)
    factoring._unit_group_factors.cache_clear()
    factoring._order_cached.cache_clear()
    try:
        board = random_board(10, 2, True, 11, density=0.4)  # a factor of degree 7 (2^7 − 1)
        with pytest.raises(DynamicsError, match=r"prime factors of 2\^\d+ − 1"):
            orbit(board.system, np.ones(10, dtype=np.int64), MapKind.SOLUTION)
        path = tmp_path / "b.json"
        write_board(lo.board(board.system), path)
        status, _, err = run_cli(capsys, "dynamics", str(path))
        assert status == 2
        assert err.count("\n") == 1
        assert "prime factors of 2^" in err
    finally:
        factoring._unit_group_factors.cache_clear()
        factoring._order_cached.cache_clear()


def test_past_the_dense_limit_boards_step_one_solve_at_a_time(monkeypatch):
    from lograph.core.dynamics import image, maps, step
    from lograph.core.errors import BoardTooLargeError
    from lograph.core.model.generators import grid_system
    from lograph.core.model.system import PressSystem

    invertible, singular = grid_system(3, 3).with_states(3), grid_system(5, 5)
    lights = np.arange(9) % 3
    expected = [step(invertible, lights, kind, t).tolist() for kind in MapKind for t in (1, 4)]
    drazin = image(singular, None, MapKind.SOLUTION).tolist()  # by the general method
    monkeypatch.setattr(maps, "DENSE_LIMIT", 4)
    got = [step(invertible, lights, kind, t).tolist() for kind in MapKind for t in (1, 4)]
    assert got == expected
    assert (
        image(singular, None, MapKind.PRESS).tolist()
        == ((singular.dense().astype(int) @ singular.lights) % 2).tolist()
    )
    # a plain grid takes the grid fast path (any steps, singular too); other boards refuse
    assert image(singular, None, MapKind.SOLUTION).tolist() == drazin
    assert step(invertible, lights, MapKind.SOLUTION, 10**6).shape == (9,)

    def hidden(system: PressSystem) -> PressSystem:  # the same matrix, no grid names
        names = tuple(f"b{i}" for i in range(system.n))
        return PressSystem(names, system.indptr, system.indices, system.states, system.lights)

    with pytest.raises(BoardTooLargeError, match="singular"):
        image(hidden(singular), None, MapKind.SOLUTION)
    with pytest.raises(BoardTooLargeError, match="at most"):
        step(hidden(invertible), lights, MapKind.SOLUTION, 10**6)


def test_a_cancelled_orbit_or_order_stops_with_interrupted_computation():
    from lograph.core.errors import InterruptedComputation
    from lograph.core.work import Work

    board = random_board(12, 3, True, 5)
    asked: list[int] = []

    def cancel() -> bool:
        asked.append(1)
        return True

    lights = np.ones(12, dtype=np.int64)
    with pytest.raises(InterruptedComputation):
        orbit(board.system, lights, MapKind.SOLUTION, work=Work(cancel=cancel))
    with pytest.raises(InterruptedComputation):
        map_order(board.system, MapKind.SOLUTION, work=Work(cancel=cancel))
    assert len(asked) == 2
