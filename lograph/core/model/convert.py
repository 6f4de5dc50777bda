"""Conversions of a `Board`: to the compact `PressSystem` the analysis works on, and from
any networkx graph.

`Board.to_system` and `Board.from_graph` are the entry points; they delegate here so the
board module keeps to editing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import numpy as np

from lograph.core.errors import BoardError
from lograph.core.model.layout import auto_layout
from lograph.core.model.system import PressSystem, parse_cell_name

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["board_from_graph", "empty_graph", "press_system", "relabel_in_place"]


class EditableBoard(Protocol):
    """What `board_from_graph` needs of a board (`Board` has it; no import of it here, since
    the board module imports this one)."""

    def add_button(
        self,
        button: str | None = None,
        pos: tuple[float, float] = (0.0, 0.0),
        light: int = 0,
        self_action: bool | None = None,
    ) -> str: ...

    def add_edge(self, u: str, v: str) -> None: ...

    def set_self_action(self, button: str, value: bool | None) -> None: ...


B = TypeVar("B", bound=EditableBoard)


def empty_graph(directed: bool) -> nx.Graph:
    """A new ``nx.DiGraph`` or ``nx.Graph`` (networkx loads here, not at start-up)."""
    import networkx as nx

    return nx.DiGraph() if directed else nx.Graph()


def relabel_in_place(graph: nx.Graph, mapping: Mapping[str, str]) -> None:
    """Rename nodes of `graph` in place, keeping their edges and attributes."""
    import networkx as nx

    nx.relabel_nodes(graph, mapping, copy=False)


def press_system(
    graph: nx.Graph,
    order: Sequence[str],
    index: Mapping[str, int],
    rule: str,
    states: int,
    name: str = "",
    description: str = "",
) -> PressSystem:
    """The press matrix of a board's `graph`, its buttons in `order` (`index` inverts it)."""
    edges = np.array([(index[u], index[v]) for u, v in graph.edges()], dtype=np.int64).reshape(
        -1, 2
    )
    attrs = [graph.nodes[v] for v in order]  # one lookup per button
    default = rule == "closed"
    self_mask = np.array(
        [default if a["self_action"] is None else a["self_action"] for a in attrs], dtype=bool
    )
    cells = [parse_cell_name(v) for v in order]
    coords = (
        np.array(cells, dtype=np.int64).reshape(-1, 2)
        if order and all(c is not None for c in cells)
        else None
    )
    return PressSystem.from_edges(
        len(order),
        edges[:, 0],
        edges[:, 1],
        self_mask,
        directed=graph.is_directed(),
        states=states,
        lights=np.array([a["light"] for a in attrs], dtype=np.uint8),
        names=tuple(order),
        coords=coords,
        positions=np.array([a["pos"] for a in attrs], dtype=np.float64).reshape(-1, 2),
        rule=rule,
        name=name,
        description=description,
    )


def board_from_graph(
    cls: Callable[..., B],
    graph: nx.Graph,
    *,
    rule: str,
    states: int,
    name: str,
    pos: Mapping[object, tuple[float, float]] | None,
    order: Iterable[object] | None,
) -> B:
    """A board of class `cls` built from `graph` (see `Board.from_graph`)."""
    nodes = list(order) if order is not None else list(graph.nodes())
    if pos is None and any("pos" not in graph.nodes[v] for v in nodes):
        pos = auto_layout(graph, seed=1)
    ids = {v: str(v) for v in nodes}
    if len(set(ids.values())) != len(ids):
        raise BoardError("two graph nodes have the same string form")
    board = cls(directed=graph.is_directed(), rule=rule, states=states, name=name)
    for v in nodes:
        data = graph.nodes[v]
        p = data.get("pos", pos[v] if pos is not None else (0.0, 0.0))
        board.add_button(
            ids[v],
            pos=(float(p[0]), float(p[1])),
            light=int(data.get("light", 0)),
            self_action=data.get("self_action"),
        )
    for u, v in graph.edges():
        if u == v:
            board.set_self_action(ids[u], True)
        else:
            board.add_edge(ids[u], ids[v])
    return board
