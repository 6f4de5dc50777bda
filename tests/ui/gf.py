"""Independent GF(p) rank and solvability checks for the tests: plain Gaussian elimination on
a press matrix the test builds itself from the graph (not from lograph's PressSystem)."""

from __future__ import annotations

import networkx as nx
import numpy as np


def press_matrix(graph: nx.Graph, order: list[str], self_action: dict[str, bool]) -> np.ndarray:
    """A[u, w] = 1 when pressing w changes u: w's out-neighbours, and w if it acts on itself."""
    index = {b: i for i, b in enumerate(order)}
    a = np.zeros((len(order), len(order)), dtype=np.int64)
    for w in order:
        near = graph.successors(w) if graph.is_directed() else graph.neighbors(w)
        for u in near:
            a[index[u], index[w]] = 1
        if self_action[w]:
            a[index[w], index[w]] = 1
    return a


def rank_mod_p(a: np.ndarray, p: int) -> int:
    """The rank of `a` mod the prime p, by Gauss-Jordan elimination."""
    m = np.array(a, dtype=np.int64) % p
    rows, cols = m.shape
    r = 0
    for c in range(cols):
        pivot = next((i for i in range(r, rows) if m[i, c]), None)
        if pivot is None:
            continue
        m[[r, pivot]] = m[[pivot, r]]
        m[r] = m[r] * pow(int(m[r, c]), -1, p) % p
        for i in range(rows):
            if i != r and m[i, c]:
                m[i] = (m[i] - m[i, c] * m[r]) % p
        r += 1
    return r


def solvable(a: np.ndarray, rhs: np.ndarray, p: int) -> bool:
    """Whether a x = rhs has a solution mod the prime p: appending rhs keeps the rank."""
    return rank_mod_p(a, p) == rank_mod_p(np.column_stack([a, rhs]), p)
