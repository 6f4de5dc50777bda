"""Automatic button positions for graphs that come without any.

`auto_layout` uses networkx's spring layout on small graphs. Its cost grows quadratically
with the buttons (2 000 buttons take seconds, 10 000 minutes), so bigger graphs are placed
on a square grid in their button order instead: instant, and they can be moved later.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx


__all__ = ["SPRING_LIMIT", "auto_layout"]

#: Largest graph laid out by the spring layout (networkx's dense algorithm, well under 1 s).
SPRING_LIMIT = 400


def auto_layout(graph: nx.Graph, seed: int = 7) -> dict[Hashable, tuple[float, float]]:
    """Positions in the square [-1, 1]² for every node of `graph`, deterministic.

    Examples
    --------
    >>> import networkx as nx
    >>> grid = auto_layout(nx.path_graph(2500))  # 50×50: too big for the spring layout
    >>> grid[0], grid[1], grid[2499]
    ((-1.0, -1.0), (-0.9591836734693877, -1.0), (1.0, 1.0))
    """
    import networkx as nx

    n = len(graph)
    if n == 0:
        return {}
    if n <= SPRING_LIMIT:
        raw = nx.spring_layout(graph, seed=seed)
        return {v: (float(x), float(y)) for v, (x, y) in raw.items()}
    side = math.ceil(math.sqrt(n))
    span = max(side - 1, 1)
    return {
        v: (-1.0 + 2.0 * (i % side) / span, -1.0 + 2.0 * (i // side) / span)
        for i, v in enumerate(graph)
    }
