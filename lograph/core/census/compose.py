"""All graphs from connected ones: the counts of every graph on n vertices, from the counts
of the connected graphs on at most n vertices (the Euler transform, graded).

A graph is a multiset of connected components, and its adjacency matrix is block diagonal
in them: vertices, edges and the GF(2) nullities of ``A + I`` and of ``A`` all add up over
the components. So the generating function of all graphs is
``prod over connected classes (1 - x^v y^e z^c w^o)^(-m)`` (m graphs in the class), and the
table of all graphs on 11 vertices follows from the connected tables on 1..11 vertices
with no second pass over a billion graphs. (OEIS A334443 is the inverse Euler transform of
A334444 for the same reason.)

Examples
--------
>>> from lograph.core.census.stream import Counts
>>> connected = Counts()
>>> connected.add_rows([(1, 0, 0, 1, 1), (2, 1, 1, 0, 1)])  # K1; K2
>>> sorted(all_graphs(connected, 2).rows())  # 2K1 (nullity 0 closed, 2 open), and K2
[(1, 0, 0, 1, 1), (2, 0, 0, 2, 1), (2, 1, 1, 0, 1)]
"""

from __future__ import annotations

from math import comb

import numpy as np

from lograph.core.census.stream import DENSE_TOP, Counts, empty_hist
from lograph.core.errors import LographError

__all__ = ["all_graphs"]


def all_graphs(connected: Counts, top: int) -> Counts:
    """Counts of all graphs on 1..`top` vertices (the empty graph left out) from the counts
    of the connected graphs on 1..`top` vertices in `connected`."""
    if top > DENSE_TOP:
        raise LographError(f"all graphs from connected ones: at most {DENSE_TOP} vertices")
    total = empty_hist(top)  # starts as the empty graph, then multiplied class by class
    total[0, 0, 0, 0] = 1
    for v, e, c, o, m in sorted(connected.rows()):
        if v > top or v == 0:
            continue
        before = total.copy()
        for j in range(1, top // v + 1):
            coefficient = comb(m + j - 1, j)  # multisets of j graphs of this class
            dv, de, dc, do = v * j, e * j, c * j, o * j
            if de >= total.shape[1] or dc >= total.shape[2] or do >= total.shape[3]:
                continue
            target = total[dv:, de:, dc:, do:]
            source = before[: total.shape[0] - dv, : total.shape[1] - de]
            source = source[:, :, : total.shape[2] - dc, : total.shape[3] - do]
            target += np.int64(coefficient) * source
    total[0, 0, 0, 0] = 0
    out = Counts()
    out.hist[: top + 1, : total.shape[1], : top + 1, : top + 1] = total
    return out
