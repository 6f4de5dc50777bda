"""`Ring`: the number system of k light states, checked against facts computed here by
brute force (trial division by every smaller number, factorisations by repeated division),
and the goal's target against what pressing a button does on a tiny board."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.errors import BoardError
from lograph.core.model.checks import MAX_STATES, states_problem
from lograph.core.model.generators import grid_system, rectangle
from lograph.core.model.ring import Ring, RingKind
from lograph.core.solve import analyze, solve

ALL_K = range(2, MAX_STATES + 1)


def prime_by_hand(k: int) -> bool:
    """k > 1 with no divisor in 2..k-1 (no square-root shortcut)."""
    return k > 1 and all(k % d for d in range(2, k))


def factorisation_by_hand(k: int) -> tuple[tuple[int, int], ...]:
    """For each prime p ≤ k, the largest e with p^e dividing k (e > 0 only)."""
    out = []
    for p in range(2, k + 1):
        if not prime_by_hand(p):
            continue
        e = 0
        while k % p ** (e + 1) == 0:
            e += 1
        if e:
            out.append((p, e))
    return tuple(out)


@pytest.mark.parametrize("k", ALL_K)
def test_kind_and_field_follow_trial_division(k: int) -> None:
    ring = Ring.of(k)
    assert ring.order == ring.characteristic == k
    assert ring.is_field == prime_by_hand(k)
    expected = RingKind.GF2 if k == 2 else RingKind.GFP if prime_by_hand(k) else RingKind.ZK
    assert ring.kind is expected


@pytest.mark.parametrize("k", ALL_K)
def test_prime_powers_multiply_back_to_k(k: int) -> None:
    ring = Ring.of(k)
    assert ring.prime_powers == factorisation_by_hand(k)
    assert int(np.prod([p**e for p, e in ring.prime_powers])) == k
    assert ring.prime_power_orders == tuple(p**e for p, e in factorisation_by_hand(k))
    assert (len(ring.prime_powers) == 1 and ring.prime_powers[0][1] == 1) == ring.is_field


def test_written_as_people_write_it() -> None:
    texts = {k: str(Ring.of(k)) for k in (2, 3, 4, 6, 12, 251, 255)}
    assert texts == {
        2: "GF(2)",
        3: "GF(3)",
        4: "Z_4",
        6: "Z_6",
        12: "Z_12",
        251: "GF(251)",
        255: "Z_255",
    }


@pytest.mark.parametrize("bad", [0, 1, 256, -3, 10**40, True, 2.0, "3", None])
def test_refused_at_the_boundary_with_the_states_message(bad: object) -> None:
    with pytest.raises(BoardError) as info:
        Ring.of(bad)  # type: ignore[arg-type]
    assert str(info.value) == states_problem(bad)
    with pytest.raises(BoardError):
        Ring(bad)  # type: ignore[arg-type]


def test_one_value_per_k() -> None:
    assert Ring.of(6) is Ring.of(6)
    assert Ring(6) == Ring.of(6)
    assert hash(Ring(6)) == hash(Ring.of(6))
    assert Ring.of(6) != Ring.of(7)
    ring = Ring.of(np.uint8(5))
    assert ring == Ring.of(5)
    assert type(ring.order) is int
    with pytest.raises(AttributeError):
        ring.order = 7  # type: ignore[misc]


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6, 7, 8, 9, 12, 255])
def test_target_is_what_presses_reach_on_one_button(k: int) -> None:
    """One closed button: each press adds 1 to its light, k presses bring it back to 0.
    Goal "on" is the light k − 1 presses give; goal "off" the light of the cleared board."""
    ring = Ring.of(k)
    board = rectangle(1, 1, states=k)
    assert board.is_goal("off")
    assert int(board.lights()[0]) == ring.target("off") == 0
    for _ in range(k - 1):
        board.apply_presses([1])
    assert board.is_goal("on")
    assert int(board.lights()[0]) == ring.target("on") == ring.most
    board.apply_presses([1])
    assert board.is_goal("off")


@pytest.mark.parametrize("k", [2, 3, 4, 6])
def test_target_is_where_solve_takes_every_light(k: int) -> None:
    system = grid_system(2, 3, states=k)
    found = solve(system, goal="on")
    assert found.presses is not None
    reached = (system.lights.astype(np.int64) + system.apply(found.presses)) % k
    assert reached.tolist() == [system.ring.target("on")] * system.n
    with pytest.raises(BoardError):
        system.ring.target("dim")


def test_system_and_analysis_carry_the_ring_of_their_states() -> None:
    system = grid_system(4, 4, states=6)
    assert system.ring is Ring.of(6)
    assert system.ring.kind is RingKind.ZK
    assert system.with_states(5).ring.kind is RingKind.GFP
    assert system.with_states(2).ring.kind is RingKind.GF2
    assert analyze(system).ring is system.ring


@pytest.mark.parametrize(("rows", "cols", "k"), [(5, 5, 2), (4, 4, 3), (4, 4, 12), (5, 5, 6)])
def test_world_radices_are_the_syndrome_ranges(rows: int, cols: int, k: int) -> None:
    """Over a field every syndrome entry ranges over 0..k-1; over Z_k over its row's
    order, a divisor of k; their product is the number of worlds."""
    analysis = analyze(grid_system(rows, cols, states=k))
    radices = analysis.world_radices()
    assert len(radices) == len(analysis.left_kernel)
    assert all(k % r == 0 for r in radices)
    if analysis.ring.is_field:
        assert radices == (k,) * analysis.nullity
    assert int(np.prod(radices, dtype=object)) == analysis.worlds
    rng = np.random.default_rng(k)
    for _ in range(20):
        syndrome = analysis.syndrome(rng.integers(0, k, rows * cols))
        assert all(0 <= s < r for s, r in zip(syndrome, radices, strict=True))


def test_world_radices_refuse_orders_not_dividing_k() -> None:
    assert Ring.of(12).world_radices(2, (2, 6)) == (2, 6)
    assert Ring.of(7).world_radices(3) == (7, 7, 7)
    with pytest.raises(BoardError):
        Ring.of(12).world_radices(2, (5, 6))
    with pytest.raises(BoardError):
        Ring.of(12).world_radices(3, (2, 6))


def test_each_front_door_has_one_entry_per_kind() -> None:
    from lograph.core.optimize.fewest._search import _BY_RING as fewest
    from lograph.core.optimize.histogram._counting import _BY_RING as histogram
    from lograph.core.optimize.worst._search import _BY_RING as worst

    for table in (fewest, worst, histogram):
        assert set(table) == set(RingKind)
