"""The dynamics against brute force on random graphs (directed too), k = 2..12.

Two tiers. Every board of a random graph with k^n ≤ 50 000 (all of them enumerated): the
functional graph of each map gives every board's tail and period, the map's order (the lcm
of all periods) and longest tail, the fixed boards and the eigenboards, all compared with
lograph's algebra. Random graphs on 9..12 buttons made of small groups of buttons (so that
orbits stay short enough to walk): the maps' orders by walking the matrix powers, and sampled
boards' orbits by walking them, board by board.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from lograph.core.dynamics import (
    MapKind,
    eigenboards,
    fixed_boards,
    image,
    map_order,
    orbit,
    stable_cells,
    step,
)
from lograph.core.errors import DynamicsError
from tests.dynamics.brute import (
    all_boards,
    drazin_step,
    encode,
    functional_graph,
    matrix_orbit,
    random_board,
    span,
    walk,
)

#: (n, k, directed, seed): for every k = 2..12 the largest n with k^n ≤ 50 000, undirected
#: and directed, and a smaller board.
ENUMERATED = [
    (n, k, directed, 100 * k + n + 50 * directed)
    for k in range(2, 13)
    for n in sorted({min(12, int(math.log(50_000) / math.log(k))), 3})
    for directed in (False, True)
]

SAMPLES = 10


@pytest.mark.parametrize(("n", "k", "directed", "seed"), ENUMERATED)
def test_every_board_matches_its_functional_graph(n: int, k: int, directed: bool, seed: int):
    board = random_board(n, k, directed, seed)
    system, press = board.system, (-board.matrix) % k
    boards = all_boards(n, k)
    press_graph = functional_graph(press, boards, k)
    solution = drazin_step(press, press_graph.order, press_graph.max_tail, k)
    solution_graph = functional_graph(solution, boards, k)
    invertible = len(np.unique(press_graph.succ)) == len(boards)
    graphs = {MapKind.PRESS: (press, press_graph), MapKind.SOLUTION: (solution, solution_graph)}

    rng = np.random.default_rng(seed)
    picks = [0, len(boards) - 1, *rng.integers(0, len(boards), SAMPLES).tolist()]
    for kind, (linear, graph) in graphs.items():
        order = map_order(system, kind)
        assert (order.order, order.tail) == (graph.order, graph.max_tail), kind
        assert order.invertible == invertible
        assert math.prod(p**e for p, e in order.factors.items()) == order.order
        for j in picks:
            b = boards[j]
            got = orbit(system, b, kind)
            assert (got.tail, got.period) == (graph.tail[j], graph.period[j]), (kind, b)
            assert image(system, b, kind).tolist() == (linear @ b % k).tolist()
        fixed = fixed_boards(system, kind)
        assert span(fixed, k, n) == set(np.flatnonzero(graph.succ == np.arange(len(boards))))

    # eigenboards: A v = λ v, every λ
    eigen = eigenboards(system)
    products = boards @ board.matrix.T % k
    for lam in range(k):
        brute = set(np.flatnonzero((products == lam * boards % k).all(axis=1)).tolist())
        if brute == {0}:
            assert lam not in eigen
        else:
            assert span(eigen[lam], k, n) == brute, lam

    # steps forwards and back, against the functional graph
    j = picks[2]
    for kind, (_, graph) in graphs.items():
        node = j
        for _ in range(7):
            node = int(graph.succ[node])
        assert encode(step(system, boards[j], kind, 7).astype(np.int64), k) == node
        if invertible:
            back = step(system, boards[j], kind, -7)
            assert encode(step(system, back, kind, 7).astype(np.int64), k) == j
        else:
            with pytest.raises(DynamicsError):
                step(system, boards[j], kind, -1)


@pytest.mark.parametrize(("n", "k", "directed", "seed"), ENUMERATED[::5])
def test_stable_cells_match_walking_the_map(n: int, k: int, directed: bool, seed: int):
    board = random_board(n, k, directed, seed)
    press = (-board.matrix) % k
    boards = all_boards(n, k)
    graph = functional_graph(press, boards, k)
    solution = drazin_step(press, graph.order, graph.max_tail, k)
    rng = np.random.default_rng(seed)
    for linear, kind in ((press, MapKind.PRESS), (solution, MapKind.SOLUTION)):
        for j in rng.integers(0, len(boards), 4).tolist():
            b = boards[j]
            for steps in (0, 1, 3, 40):
                x, stable = b.copy(), np.ones(n, dtype=bool)
                for _ in range(steps):
                    x = linear @ x % k
                    stable &= x == b
                assert stable_cells(board.system, b, kind, steps).tolist() == stable.tolist()


#: Random graphs on 9..12 buttons in groups of at most 4 buttons, k = 2..12.
GROUPED = [
    (n, k, directed, 7 * k + n) for k in range(2, 13) for n, directed in ((12, True), (10, False))
]


@pytest.mark.parametrize(("n", "k", "directed", "seed"), GROUPED)
def test_orbits_of_twelve_buttons_by_walking(n: int, k: int, directed: bool, seed: int):
    board = random_board(n, k, directed, seed, density=0.6, block=3)
    press = (-board.matrix) % k
    walked = matrix_orbit(press, k, 200_000)
    assert walked is not None, "the grouped board's matrix powers should repeat soon"
    max_tail, order = walked
    assert (
        map_order(board.system, MapKind.PRESS).order,
        map_order(board.system, MapKind.PRESS).tail,
    ) == (order, max_tail)
    solution = drazin_step(press, order, max_tail, k)
    rng = np.random.default_rng(seed)
    for kind, linear in ((MapKind.PRESS, press), (MapKind.SOLUTION, solution)):
        for _ in range(3):
            b = rng.integers(0, k, n)
            brute = walk(linear, b, k, 200_000)
            assert brute is not None
            got = orbit(board.system, b, kind)
            assert (got.tail, got.period) == brute, (kind, b.tolist())
            assert image(board.system, b, kind).tolist() == (linear @ b % k).tolist()
