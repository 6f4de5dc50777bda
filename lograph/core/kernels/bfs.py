"""Breadth-first search over compact adjacency arrays, compiled by numba (chase orders)."""

from __future__ import annotations

import numpy as np

from lograph.core.kernels.jit import IntArray, jit

__all__ = ["bfs_expand", "bfs_forest"]


@jit
def bfs_expand(
    indptr: IntArray,
    indices: IntArray,
    order: IntArray,
    dist: IntArray,
    tree: IntArray,
    head: int,
    tail: int,
) -> int:
    # Grow the BFS queue order[head:tail] until it is exhausted; returns the new tail.
    while head < tail:
        v = order[head]
        head += 1
        for j in range(indptr[v], indptr[v + 1]):
            u = indices[j]
            if dist[u] < 0:
                dist[u] = dist[v] + 1
                tree[u] = tree[v]
                order[tail] = u
                tail += 1
    return tail


@jit
def bfs_forest(
    indptr: IntArray, indices: IntArray, seeds: IntArray, multi: bool
) -> tuple[IntArray, IntArray, IntArray]:
    # BFS from the seeds in turn, each unvisited seed rooting a new tree (with `multi`, all
    # seeds together as one tree at distance 0), then from every vertex still unvisited, in
    # index order. Returns the visit order, the distance from the root(s) and the tree ids.
    n = len(indptr) - 1
    dist = np.full(n, -1, dtype=np.int64)
    tree = np.full(n, -1, dtype=np.int64)
    order = np.empty(n, dtype=np.int64)
    # n - n, not 0: numba would compile bfs_expand again for each Literal[int](0) argument
    tail = start = n - n
    trees = 0
    if multi:
        for s in seeds:
            if dist[s] < 0:
                dist[s] = 0
                tree[s] = 0
                order[tail] = s
                tail += 1
        tail = bfs_expand(indptr, indices, order, dist, tree, start, tail)
        trees = 1
    for k in range(len(seeds) + n):
        s = seeds[k] if k < len(seeds) else k - len(seeds)
        if dist[s] >= 0:
            continue
        dist[s] = 0
        tree[s] = trees
        trees += 1
        order[tail] = s
        tail = bfs_expand(indptr, indices, order, dist, tree, tail, tail + 1)
    return order, dist, tree
