"""Brute-force dynamics for the tests: small boards, maps iterated by hand with numpy.

Nothing here uses lograph's algebra: the press matrix is built from the edge lists, the maps
are matrix products mod k, tails and periods are read off the functional graph of a map on
every board (or by walking one orbit until a board repeats), and the solution map is
``T^(N−1)`` for N a multiple of every period that is larger than every tail (on the core
that is T's inverse, on the nilpotent part 0: the Drazin inverse, by its definition).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lograph.core.model.system import PressSystem

I64 = NDArray[np.int64]


@dataclass
class RandomBoard:
    system: PressSystem
    matrix: I64  # A[u, w] = 1 when pressing w changes u
    k: int


def random_board(
    n: int, k: int, directed: bool, seed: int, *, density: float = 0.35, block: int = 0
) -> RandomBoard:
    """A seeded random graph on n buttons (random self actions); with `block` > 0 its
    buttons fall into random groups of at most `block` buttons with no edge between groups
    (so that orbits stay short enough to walk on 12 buttons)."""
    rng = np.random.default_rng(seed)
    group = rng.integers(0, max(1, n // max(block, 1)), size=n) if block else np.zeros(n, int)
    src: list[int] = []
    dst: list[int] = []
    for u in range(n):
        for v in range(n):
            if u == v or group[u] != group[v] or (not directed and v < u):
                continue
            if rng.random() < density:
                src.append(u)
                dst.append(v)
    self_mask = rng.random(n) < 0.7
    matrix = np.zeros((n, n), dtype=np.int64)
    for u, v in zip(src, dst, strict=True):
        matrix[v, u] = 1
        if not directed:
            matrix[u, v] = 1
    matrix[np.arange(n), np.arange(n)] = self_mask
    system = PressSystem.from_edges(
        n,
        np.array(src, dtype=np.int64),
        np.array(dst, dtype=np.int64),
        self_mask,
        directed=directed,
        states=k,
    )
    return RandomBoard(system, matrix, k)


def matrix_power(matrix: I64, exponent: int, k: int) -> I64:
    out = np.eye(len(matrix), dtype=np.int64)
    base = matrix % k
    while exponent:
        if exponent & 1:
            out = out @ base % k
        base = base @ base % k
        exponent >>= 1
    return out


def drazin_step(press: I64, order: int, tail: int, k: int) -> I64:
    """T^(N−1) with N the least multiple of `order` above `tail`: the solution map."""
    big = order * (tail // order + 1)
    return matrix_power(press, big - 1, k)


@dataclass
class FunctionalGraph:
    """A map on all k^n boards: successor, tail and period of every board."""

    succ: I64
    tail: I64
    period: I64

    @property
    def order(self) -> int:
        return math.lcm(*(int(x) for x in np.unique(self.period)))

    @property
    def max_tail(self) -> int:
        return int(self.tail.max())


def all_boards(n: int, k: int) -> I64:
    grids = np.indices((k,) * n).reshape(n, -1).T  # board j has digits of j, first slowest
    return np.asarray(grids[:, ::-1], dtype=np.int64)  # b[i] is digit i of j (lowest first)


def encode(boards: I64, k: int) -> I64:
    weights = k ** np.arange(boards.shape[-1], dtype=np.int64)
    return np.asarray(boards @ weights, dtype=np.int64)


def functional_graph(linear: I64, boards: I64, k: int) -> FunctionalGraph:
    """Tails and periods of ``b → linear b mod k`` on every board, walking each path once."""
    succ = encode(boards @ linear.T % k, k).tolist()
    size = len(succ)
    tail = [-1] * size
    period = [-1] * size
    for start in range(size):
        if tail[start] >= 0:
            continue
        path: list[int] = []
        where: dict[int, int] = {}
        node = start
        while tail[node] < 0 and node not in where:
            where[node] = len(path)
            path.append(node)
            node = succ[node]
        if tail[node] < 0:  # the walk closed a new cycle at node
            first = where[node]
            for x in path[first:]:
                tail[x], period[x] = 0, len(path) - first
            path = path[:first]
        for depth, x in enumerate(reversed(path), start=1):
            tail[x], period[x] = tail[node] + depth, period[node]
    return FunctionalGraph(np.array(succ), np.array(tail), np.array(period))


def walk(linear: I64, board: I64, k: int, limit: int) -> tuple[int, int] | None:
    """(tail, period) of one board under ``b → linear b``, or None past `limit` steps."""
    seen: dict[bytes, int] = {}
    x = np.asarray(board, dtype=np.int64) % k
    for t in range(limit):
        key = x.astype(np.uint8).tobytes()
        if key in seen:
            return seen[key], t - seen[key]
        seen[key] = t
        x = linear @ x % k
    return None


def matrix_orbit(linear: I64, k: int, limit: int) -> tuple[int, int] | None:
    """(largest tail, order) of a map from its sequence of matrix powers, or None."""
    seen: dict[bytes, int] = {}
    power = np.eye(len(linear), dtype=np.int64)
    for t in range(limit):
        key = power.astype(np.uint8).tobytes()
        if key in seen:
            return seen[key], t - seen[key]
        seen[key] = t
        power = linear @ power % k
    return None


def span(rows: NDArray[np.integer], k: int, n: int) -> set[int]:
    """Every combination of the rows with coefficients mod k, as encoded boards."""
    vectors = np.zeros((1, n), dtype=np.int64)
    coeffs = np.arange(k, dtype=np.int64)
    for row in np.asarray(rows, dtype=np.int64).reshape(-1, n):
        grown = (vectors[:, None, :] + coeffs[None, :, None] * row) % k
        grown = grown.reshape(-1, n)
        _, first = np.unique(encode(grown, k), return_index=True)
        vectors = grown[first]
    return {int(x) for x in encode(vectors, k)}
