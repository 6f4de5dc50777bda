"""The annealing lower bound on the worst position over Z_k (k > 2): its compiled weights
against every solution's weight summed directly, its moves keeping the weights exact, and
its positions real (checked by a breadth-first search over every position) and, on small
boards, reaching the worst."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from lograph.core.kernels.zk_cover import zk_anneal, zk_weights
from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest._zk import iter_kernel
from lograph.core.optimize.worst._program import press_vector, shift_classes
from lograph.core.optimize.worst._zk_anneal import zk_annealed
from lograph.core.solve import prepare
from lograph.core.work import Work
from tests.references import ReferenceSolver, ZkReferenceSolver, bfs_fewest

#: (rows, columns, k, rule), each with quiet patterns: free and not free modules (2×3 over
#: Z_8 is Z_8 × Z_2), prime and composite k.
BOARDS = [
    (2, 3, 4, "closed"),
    (2, 3, 8, "closed"),
    (2, 3, 6, "closed"),
    (3, 3, 5, "open"),
    (3, 3, 4, "open"),
    (2, 5, 3, "open"),
    (3, 4, 3, "closed"),
    (2, 2, 9, "open"),
]


def _solver(m: int, n: int, k: int, rule: str) -> ReferenceSolver | ZkReferenceSolver:
    system = dataclasses.replace(rectangle(m, n, rule=rule).to_system(), states=k)
    return ReferenceSolver(system) if k in (3, 5, 7) else ZkReferenceSolver(system)


def _table(counts_by_class, k):
    return np.ascontiguousarray(counts_by_class, dtype=np.int64).reshape(-1, k)


@pytest.mark.parametrize(("m", "n", "k", "rule"), BOARDS)
def test_weights_are_every_solutions_weight(m: int, n: int, k: int, rule: str) -> None:
    analysis = _solver(m, n, k, rule).analysis
    assert analysis.kernel_size > 1
    classes = shift_classes(analysis)
    shifts = np.ascontiguousarray(classes.shifts[:, 1:].T, dtype=np.uint8)
    rng = np.random.default_rng(3)
    for _ in range(5):
        x = rng.integers(0, k, analysis.n).astype(np.uint8)
        counts = np.zeros((len(classes.sizes), k), dtype=np.int64)
        np.add.at(counts, (classes.inverse, x.astype(np.int64)), 1)
        base = int(np.dot(np.arange(k), counts[0]))
        weights = zk_weights(shifts, _table(counts[1:], k), k, base)
        # the same solutions, listed from the generators in the same mixed-radix order
        direct = [
            int(((x + q) % k).sum()) for q in iter_kernel(analysis.quiet, analysis.orders(), k)
        ]
        assert sorted(weights.tolist()) == sorted(direct)
        assert weights[0] == int(x.sum())  # λ = 0 is x itself


@pytest.mark.parametrize(("m", "n", "k", "rule"), BOARDS)
def test_moves_keep_the_weights_exact(m: int, n: int, k: int, rule: str) -> None:
    analysis = _solver(m, n, k, rule).analysis
    classes = shift_classes(analysis)
    shifts = np.ascontiguousarray(classes.shifts[:, 1:].T, dtype=np.uint8)
    sizes = classes.sizes[1:]
    counts = np.zeros((len(sizes), k), dtype=np.int64)
    counts[:, 0] = sizes
    base = int(classes.sizes[0]) * (k - 1)
    weights = zk_weights(shifts, counts, k, base)
    best_counts = counts.copy()
    state = np.array([8, 0.1, 0.999, 1.0, weights.min()], dtype=np.float64)
    best = zk_anneal(shifts, counts, sizes, weights, best_counts, state, 3000, 7, k)
    assert np.array_equal(weights, zk_weights(shifts, counts, k, base))  # kept up to date
    assert np.array_equal(counts.sum(axis=1), sizes)  # every button pressed 0 … k − 1 times
    assert best == zk_weights(shifts, best_counts, k, base).min() == state[4]


@pytest.mark.parametrize(("m", "n", "k", "rule"), BOARDS)
def test_annealed_positions_are_real_and_reach_the_worst(m: int, n: int, k: int, rule: str) -> None:
    solver = _solver(m, n, k, rule)
    distances = bfs_fewest(solver.a, k)
    truth = max(distances.values())
    zero = np.zeros(solver.system.n, dtype=np.uint8)
    presses, worst = zk_annealed(solver.analysis, (zero, 0), Work().within(600.0), 1)
    assert distances[tuple(int(v) for v in solver.system.apply(presses))] == worst
    assert int(presses.astype(np.int64).sum()) == worst
    assert worst == truth  # eight short runs are enough on boards this small


def test_classes_press_vector_round_trip() -> None:
    analysis = prepare(rectangle(5, 5, states=3).to_system()).analysis
    classes = shift_classes(analysis)
    rng = np.random.default_rng(0)
    x = rng.integers(0, 3, analysis.n).astype(np.uint8)
    x[classes.inverse == 0] = 2  # the zero class is always pressed k − 1 times
    counts = np.zeros((len(classes.sizes), 3), dtype=np.int64)
    np.add.at(counts, (classes.inverse, x.astype(np.int64)), 1)
    y = press_vector(classes, counts[1:, 1:], 3)
    # the same counts in every class (the buttons of a class are interchangeable)
    again = np.zeros_like(counts)
    np.add.at(again, (classes.inverse, y.astype(np.int64)), 1)
    assert np.array_equal(again, counts)


def test_shifts_listed_in_chunks_are_every_solutions(monkeypatch) -> None:
    # a chunk of a few entries: many chunks, against the product written out in integers
    from lograph.core.optimize.fewest._zk import mixed_radix_digits
    from lograph.core.optimize.worst import _program as zk_worst_program

    analysis = _solver(3, 3, 5, "open").analysis
    whole = shift_classes(analysis)
    monkeypatch.setattr(zk_worst_program, "_SHIFT_CHUNK", 7)
    chunked = shift_classes(analysis)
    orders = np.array(analysis.orders(), dtype=np.int64)
    quiet = np.asarray(analysis.quiet, dtype=np.int64).reshape(len(orders), analysis.n)
    combinations = mixed_radix_digits(np.arange(analysis.kernel_size), orders)
    direct = (combinations @ quiet) % 5  # every solution's shift, button by button
    assert chunked.shifts.dtype == np.uint8
    assert np.array_equal(chunked.shifts, whole.shifts)
    assert np.array_equal(chunked.shifts[:, chunked.inverse], direct)
    by_class = shift_classes(analysis, by_class=True)  # the annealing's layout, also chunked
    assert by_class.shifts.flags.c_contiguous
    assert np.array_equal(by_class.shifts, whole.shifts.T)
