"""Vertex orders that make good chase plans: BFS layers from spread-out peripheral starts,
Cuthill–McKee, and the four row-by-row sweeps of grid-like boards.

Everything works on the compact arrays of a `PressSystem` (no networkx graph), with the BFS
loops compiled by numba (`lograph.core.kernels.bfs`), so orders for a 10⁶-button board cost
a few milliseconds each.
"""

from __future__ import annotations

from typing import cast

import numpy as np

from lograph.core.kernels.bfs import bfs_forest
from lograph.core.kernels.jit import IntArray
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel

__all__ = ["adjacency", "bfs_order", "cuthill_mckee", "grid_sweeps", "spread_starts"]


def adjacency(system: PressSystem) -> tuple[IntArray, IntArray]:
    """The symmetric adjacency structure ``(indptr, indices)`` of the board, without loops.

    For an undirected board this is A without its diagonal; for a directed one, A + Aᵀ, so
    that orders follow edges both ways.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> indptr, indices = adjacency(grid_system(1, 3))
    >>> indices.tolist()
    [1, 0, 2, 1]
    """
    n = system.n
    cols = np.repeat(np.arange(n, dtype=np.int64), np.diff(system.indptr))
    rows = system.indices
    if system.symmetric:
        src, dst = cols, rows
    else:
        src, dst = np.concatenate([cols, rows]), np.concatenate([rows, cols])
    keep = src != dst
    key = src[keep] * n + dst[keep]
    key = np.unique(key) if not system.symmetric else key  # CSC order is already sorted
    src, dst = np.divmod(key, n) if n else (key, key)
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=indptr[1:])
    return indptr, dst.astype(np.int64)


def bfs_order(adj: tuple[IntArray, IntArray], seeds: IntArray) -> IntArray:
    """Breadth-first visit order, starting a new tree at each unvisited seed in turn.

    Vertices no seed reaches follow, each unvisited one starting a tree in index order.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> bfs_order(adjacency(grid_system(2, 2)), np.array([3])).tolist()
    [3, 1, 2, 0]
    """
    order, _, _ = bfs_forest(adj[0], adj[1], np.asarray(seeds, dtype=np.int64), False)
    return order


def _farthest_per_tree(dist: IntArray, tree: IntArray, degree: IntArray) -> IntArray:
    """For each tree (component), its vertex farthest from the sources.

    Ties go to the lowest degree (corners before edge cells), then the lowest index.
    """
    if len(tree) and tree.max() == 0:  # one component (the usual case): no sort needed
        far = np.flatnonzero(dist == dist.max())
        return np.array([far[np.argmin(degree[far])]], dtype=np.int64)  # first: lowest index
    idx = np.lexsort((np.arange(len(dist)), degree, -dist, tree))
    first = np.concatenate(([True], tree[idx][1:] != tree[idx][:-1]))
    return cast(IntArray, idx[first].astype(np.int64))


def spread_starts(
    adj: tuple[IntArray, IntArray], rounds: int, cancel: Cancel = None
) -> list[IntArray]:
    """Start vertices for BFS orders: one per component per round, spread far apart.

    Round 0 holds a pseudo-peripheral vertex of each component (the end of a double BFS
    sweep); each further round adds, per component, the vertex farthest from every start
    chosen so far (farthest-point sampling), so on a rectangle the first four rounds are its
    four corners.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> [s.tolist() for s in spread_starts(adjacency(grid_system(3, 4)), 4)]
    [[0], [11], [3], [8]]
    """
    indptr, indices = adj
    n = len(indptr) - 1
    if n == 0 or rounds < 1:
        return []
    degree = np.diff(indptr)
    _, dist, tree = bfs_forest(indptr, indices, np.zeros(0, dtype=np.int64), False)
    first = _farthest_per_tree(dist, tree, degree)
    _, dist, tree = bfs_forest(indptr, indices, first, False)
    starts = [_farthest_per_tree(dist, tree, degree)]
    chosen = starts[0]
    for _ in range(rounds - 1):
        if cancel is not None and cancel():
            break
        _, dist, _ = bfs_forest(indptr, indices, chosen, True)
        nxt = _farthest_per_tree(dist, tree, degree)
        nxt = nxt[dist[nxt] > 0]  # components already fully used as starts drop out
        if len(nxt) == 0:
            break
        starts.append(nxt)
        chosen = np.concatenate([chosen, nxt])
    return starts


#: Adjacency entries up to which `cuthill_mckee` runs in Python rather than loading scipy's
#: graph module (~0.2 s of a small board's start-up).
PYTHON_RCM_LIMIT = 4096


def cuthill_mckee(adj: tuple[IntArray, IntArray]) -> IntArray:
    """The reverse Cuthill–McKee order of scipy (bandwidth reducing), as int64 indices."""
    if len(adj[1]) <= PYTHON_RCM_LIMIT:
        return _python_cuthill_mckee(*adj)
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import reverse_cuthill_mckee

    indptr, indices = adj
    n = len(indptr) - 1
    matrix = csr_matrix((np.ones(len(indices), dtype=np.int8), indices, indptr), shape=(n, n))
    return np.asarray(reverse_cuthill_mckee(matrix, symmetric_mode=True), dtype=np.int64)


def _python_cuthill_mckee(indptr: IntArray, indices: IntArray) -> IntArray:
    """scipy's ``reverse_cuthill_mckee(symmetric_mode=True)`` step for step, in Python: seeds
    by ``np.argsort`` of the degrees, each BFS level sorted stably by degree, then reversed
    (tests/core/engines/test_small_engine.py compares the two)."""
    n = len(indptr) - 1
    ptr, ind = indptr.tolist(), indices.tolist()
    degree = [ptr[v + 1] - ptr[v] + (v in ind[ptr[v] : ptr[v + 1]]) for v in range(n)]
    seeds = np.argsort(np.asarray(degree, dtype=np.int32)).tolist()
    position = [0] * n
    for at, v in enumerate(seeds):
        position[v] = at
    order: list[int] = []
    for seed in seeds:
        if seed < 0:
            continue
        order.append(seed)
        seeds[position[seed]] = -1
        start, end = len(order) - 1, len(order)
        while start < end:
            for i in order[start:end]:
                first = len(order)
                for j in ind[ptr[i] : ptr[i + 1]]:
                    if seeds[position[j]] >= 0:
                        seeds[position[j]] = -1
                        order.append(j)
                order[first:] = sorted(order[first:], key=degree.__getitem__)
            start, end = end, len(order)
    return np.asarray(order[::-1], dtype=np.int64)


def grid_sweeps(system: PressSystem) -> list[tuple[str, IntArray, IntArray]]:
    """The four row-by-row chases of a grid-like board: ``(side, order, designated light)``.

    Sweeping from the top, cells are taken row by row and cell ``(r, c)`` is meant to be
    forced by the light at ``(r - 1, c)`` (-1 when that cell is missing); the other sides
    rotate this. Empty when the system has no grid coordinates.

    Examples
    --------
    >>> from lograph.core.model.generators import grid_system
    >>> side, order, light = grid_sweeps(grid_system(2, 2))[0]
    >>> side, order.tolist(), light.tolist()
    ('top', [0, 1, 2, 3], [-1, -1, 0, 1])
    """
    coords = system.coords
    if coords is None or system.n == 0:
        return []
    r = coords[:, 0] - coords[:, 0].min()
    c = coords[:, 1] - coords[:, 1].min()
    shape = (int(r.max()) + 3, int(c.max()) + 3)
    if shape[0] * shape[1] > 16 * system.n + 4096:
        return []  # cells scattered over a huge box: not a grid to sweep
    table = np.full(shape, -1, dtype=np.int64)
    table[r + 1, c + 1] = np.arange(system.n)  # a border of -1 all round: no bounds checks
    inner = table[1:-1, 1:-1]
    sweeps = []
    # Reading the cell table in the sweep's direction gives its order with no sort.
    for side, cells, dr, dc in (
        ("top", inner, -1, 0),
        ("bottom", inner[::-1], 1, 0),
        ("left", inner.T, 0, -1),
        ("right", inner[:, ::-1].T, 0, 1),
    ):
        flat = cells.ravel()
        sweeps.append((side, flat[flat >= 0], table[r + 1 + dr, c + 1 + dc]))
    return sweeps
