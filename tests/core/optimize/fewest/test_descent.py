"""The fewest-presses heuristics with more colours search each block of quiet generators by
one transform: checked against every solution of small boards (`coset_weights` and the
Z_k references walk them all), and on their fallback to the walk."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.errors import InterruptedComputation
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import _descent as neighbourhood
from lograph.core.optimize.fewest import _zk as zk_minimal
from lograph.core.optimize.fewest._descent import descend
from lograph.core.optimize.fewest._fourier import fewest_by_fourier
from lograph.core.optimize.fewest._zk import zk_heuristic
from lograph.core.solve import prepare
from lograph.core.work import Work
from tests.references import coset_weights


def _quiet_and_start(n: int, p: int, seed: int):  # type: ignore[no-untyped-def]
    """The n×n board over GF(p): its quiet basis, press system and a random press vector."""
    solver = prepare(rectangle(n, n, states=p))
    analysis = solver.analysis
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(analysis.nullity, analysis.n)
    x0 = np.random.default_rng(seed).integers(0, p, analysis.n).astype(np.uint8)
    return quiet, solver.system, x0


def test_a_random_tie_is_a_lightest_solution_and_ties_are_all_reached() -> None:
    # two quiet patterns over GF(3), three buttons each: on the first three buttons
    # (0, 1, 2) + a weighs 3 for every a (three ties), on the last (0, 0, 1) + b is lightest
    # only at b = 0
    quiet = np.array([[1, 1, 1, 0, 0, 0], [0, 0, 0, 1, 1, 1]], dtype=np.uint8)
    x0 = np.array([0, 1, 2, 0, 0, 1], dtype=np.uint8)
    weights = coset_weights(x0, quiet, 3)
    fewest = min(weights)
    assert weights.count(fewest) == 3
    first = fewest_by_fourier(quiet, (3, 3), x0, 3)
    assert first is not None
    assert (first[1], first[2]) == (fewest, 3)
    picked = set()
    for seed in range(40):
        found = fewest_by_fourier(quiet, (3, 3), x0, 3, np.random.default_rng(seed))
        assert found is not None
        assert found[1] == fewest == int(found[0].astype(np.int64).sum())
        shift = (found[0].astype(np.int64) - x0) % 3  # a combination of the two patterns
        assert len(set(shift[:3].tolist())) == len(set(shift[3:].tolist())) == 1
        picked.add(found[0].tobytes())
    assert len(picked) == 3  # every tie is reached by some seed


@pytest.mark.parametrize(("n", "p"), [(8, 3), (11, 3), (11, 5)])
def test_a_block_of_every_pattern_is_the_exact_answer(
    n: int, p: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    quiet, system, x0 = _quiet_and_start(n, p, seed=n * p)
    monkeypatch.setattr(neighbourhood, "HEURISTIC_BLOCK", p ** len(quiet))
    x = descend(quiet, x0, p, Work(), seed=0)
    assert np.array_equal(system.apply(x) % p, system.apply(x0) % p)  # the same position
    assert int(x.astype(np.int64).sum()) == min(coset_weights(x0, quiet, p))


def test_the_walk_answers_when_the_transform_declines(monkeypatch: pytest.MonkeyPatch) -> None:
    quiet, system, x0 = _quiet_and_start(11, 5, seed=3)
    monkeypatch.setattr(neighbourhood, "HEURISTIC_BLOCK", 5 ** len(quiet))
    monkeypatch.setattr(neighbourhood, "fewest_by_fourier", lambda *args: None)
    x = descend(quiet, x0, 5, Work(), seed=0)
    assert np.array_equal(system.apply(x) % 5, system.apply(x0) % 5)
    assert int(x.astype(np.int64).sum()) == min(coset_weights(x0, quiet, 5))


def test_blocks_of_one_pattern_still_descend(monkeypatch: pytest.MonkeyPatch) -> None:
    quiet, system, x0 = _quiet_and_start(11, 3, seed=5)
    monkeypatch.setattr(neighbourhood, "HEURISTIC_BLOCK", 3)  # one pattern a block
    x = descend(quiet, x0, 3, Work(), seed=0)
    assert np.array_equal(system.apply(x) % 3, system.apply(x0) % 3)
    assert min(coset_weights(x0, quiet, 3)) <= int(x.astype(np.int64).sum())
    assert int(x.astype(np.int64).sum()) <= int(x0.astype(np.int64).sum())


def test_the_z4_heuristic_with_one_block_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    # 9×9 over Z_4: four generators of order 2 and four of order 4 (4,096 solutions); one
    # block holding them all is one transform over the whole kernel, which must find the
    # lightest of every solution
    solver = prepare(rectangle(9, 9, states=4))
    analysis = solver.analysis
    orders = analysis.orders()
    quiet = np.asarray(analysis.quiet, dtype=np.uint8).reshape(len(orders), analysis.n)
    assert sorted(orders) == [2, 2, 2, 2, 4, 4, 4, 4]
    x0 = np.random.default_rng(9).integers(0, 4, analysis.n).astype(np.uint8)
    size = int(np.prod(orders))
    monkeypatch.setattr(zk_minimal, "_BLOCK_COMBINATIONS", size)
    x = zk_heuristic(quiet, orders, x0, 4, seed=2)
    every = [
        int(((x0.astype(np.int64) + np.asarray(c) @ quiet.astype(np.int64)) % 4).sum())
        for c in np.ndindex(*orders)
    ]
    assert np.array_equal(solver.system.apply(x) % 4, solver.system.apply(x0) % 4)
    assert int(x.astype(np.int64).sum()) == min(every)


def _counting_transforms(module, monkeypatch: pytest.MonkeyPatch) -> list[int]:  # type: ignore[no-untyped-def]
    """Count the block transforms `module` runs (a list that grows by one per block)."""
    blocks: list[int] = []
    real = module.fewest_by_fourier

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        blocks.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "fewest_by_fourier", counted)
    return blocks


def test_a_cancel_is_heard_after_one_block_over_gfp(monkeypatch: pytest.MonkeyPatch) -> None:
    """A transform does not poll, so the descent polls between blocks: a cancel that is
    already set stops it after the first block, not after a whole descent."""
    quiet, _system, x0 = _quiet_and_start(11, 3, seed=4)
    monkeypatch.setattr(neighbourhood, "HEURISTIC_BLOCK", 9)  # blocks of two patterns
    blocks = _counting_transforms(neighbourhood, monkeypatch)
    with pytest.raises(InterruptedComputation):
        descend(quiet, x0, 3, Work(cancel=lambda: True), seed=0)
    assert len(blocks) == 1


def test_a_cancel_is_heard_after_one_block_over_z4(monkeypatch: pytest.MonkeyPatch) -> None:
    solver = prepare(rectangle(9, 9, states=4))
    orders = solver.analysis.orders()
    quiet = np.asarray(solver.analysis.quiet, dtype=np.uint8).reshape(len(orders), -1)
    x0 = np.random.default_rng(4).integers(0, 4, solver.analysis.n).astype(np.uint8)
    monkeypatch.setattr(zk_minimal, "_BLOCK_COMBINATIONS", 8)
    blocks = _counting_transforms(zk_minimal, monkeypatch)
    with pytest.raises(InterruptedComputation):
        zk_heuristic(quiet, orders, x0, 4, work=Work(cancel=lambda: True))
    assert len(blocks) == 1
