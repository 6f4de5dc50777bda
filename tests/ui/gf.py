"""Independent GF(p) checks for the UI tests: a press matrix built from the graph itself (not
from lograph's PressSystem), and solvability by plain Gaussian elimination (`tests.gf_rank`)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from tests.gf_rank import rank_mod_p


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


def solvable(a: np.ndarray, rhs: np.ndarray, p: int) -> bool:
    """Whether a x = rhs has a solution mod the prime p: appending rhs keeps the rank."""
    return rank_mod_p(a, p) == rank_mod_p(np.column_stack([a, rhs]), p)
