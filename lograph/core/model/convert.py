"""Conversions of a board: from any networkx graph, and to the compact `PressSystem` the
analysis works on.

`Board.to_system` and `Board.from_graph` are the entry points; they delegate here so the
board module keeps to editing. `press_system_from_graph` turns a networkx graph into a
`PressSystem` without any board, for questions that need nothing editable.

A networkx graph is read as arrays, never one Python call per button or edge: its adjacency
dicts are flattened by `numpy.fromiter` over the node index, which costs less than networkx's
own ``to_scipy_sparse_array`` of the same graph. A board read so keeps those arrays
(`BoardArrays`) and builds its own networkx graph only when something needs one (an edit, a
neighbour query, the drawing positions of a graph that came without any).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError
from lograph.core.model.checks import (
    MAX_COORDINATE,
    MAX_ID_CHARS,
    check_button_id,
    check_light,
    check_pos,
    check_self_action,
)
from lograph.core.model.layout import auto_layout
from lograph.core.model.system import PressSystem, cell_coords

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "FOLLOW_RULE",
    "BoardArrays",
    "board_arrays",
    "checked_arrays",
    "empty_graph",
    "graph_of",
    "light_values",
    "press_system",
    "press_system_from_graph",
    "relabel_in_place",
    "system_of_arrays",
]

#: `BoardArrays.overrides` of a button that follows the rule.
FOLLOW_RULE = -1

#: A line that starts or ends with a space (a button id padded).
_PADDED = re.compile("^ | $", re.MULTILINE)


def empty_graph(directed: bool) -> nx.Graph:
    """A new ``nx.DiGraph`` or ``nx.Graph`` (networkx loads here, not at start-up)."""
    import networkx as nx

    return nx.DiGraph() if directed else nx.Graph()


def relabel_in_place(graph: nx.Graph, mapping: Mapping[str, str]) -> None:
    """Rename nodes of `graph` in place, keeping their edges and attributes."""
    import networkx as nx

    nx.relabel_nodes(graph, mapping, copy=False)


@dataclass(frozen=True, eq=False)
class BoardArrays:
    """A board's content as arrays, button ``i`` being its ``i``-th button: what a board
    read from a networkx graph holds until it needs a graph of its own.

    Attributes
    ----------
    directed : bool
        Whether an edge acts one way only.
    src, dst : ndarray of int64
        Edge ``i`` joins ``src[i]`` to ``dst[i]`` (pressing ``src[i]`` changes ``dst[i]``
        when directed), in the order networkx listed the edges; no self loops.
    lights : ndarray of uint8
        The light of every button.
    overrides : ndarray of int8
        Each button's self action: 1 acts on itself, 0 not, `FOLLOW_RULE` as the rule says.
    positions : ndarray of float64 or None
        ``(N, 2)`` drawing positions; None when the graph gave none, so that they are laid
        out only when first asked for (`graph_of`).
    coords : ndarray of int64 or None
        ``(N, 2)`` grid cells of the buttons when the maker knows them (a grid generator),
        else None (`system_of_arrays` reads them from the ids).
    """

    directed: bool
    src: NDArray[np.int64]
    dst: NDArray[np.int64]
    lights: NDArray[np.uint8]
    overrides: NDArray[np.int8]
    positions: NDArray[np.float64] | None
    coords: NDArray[np.int64] | None = None

    def self_mask(self, rule: str) -> NDArray[np.bool_]:
        """Which buttons change their own light under `rule`."""
        default = np.int8(1 if rule == "closed" else 0)
        return np.where(self.overrides == FOLLOW_RULE, default, self.overrides).astype(bool)


def board_arrays(
    graph: nx.Graph,
    *,
    states: int,
    pos: Mapping[Any, tuple[float, float]] | None = None,
    order: Iterable[Hashable] | None = None,
    layout: bool = True,
) -> tuple[list[str], BoardArrays]:
    """Button ids (``str`` of each node) and arrays of a board made from `graph`.

    Node attributes ``pos``, ``light`` and ``self_action`` are read when present, with the
    checks and messages of `Board.add_button`; a self loop makes its node act on itself.
    Positions missing from the nodes come from `pos`; when every node lacks one and `pos` is
    None they stay None (laid out later) if `layout` is False or the order is the graph's
    own, else they are laid out here.
    """
    own_order = order is None
    nodes: list[Hashable] = list(graph) if order is None else list(order)
    index = {v: i for i, v in enumerate(nodes)}
    if not own_order and (len(index) != len(nodes) or len(nodes) != len(graph)):
        raise BoardError("order must list every node of the graph exactly once")
    ids = _button_ids(nodes)
    try:
        data = [graph._node[v] for v in nodes]
    except KeyError as exc:
        raise BoardError(f"order names {exc.args[0]!r}, which is not a node of the graph") from None
    src, dst, loops = _edge_arrays(graph, index, graph_order=own_order)
    simple = not graph.is_multigraph()
    overrides = _overrides(data, nodes)
    overrides[loops] = 1
    positions = _positions(graph, data, nodes, pos)
    if positions is None and pos is None and layout and not (own_order and simple):
        # a layout depends on the node order, and on parallel edges (the board keeps one):
        # lay out the graph as it is
        found = auto_layout(graph, seed=1)
        positions = np.array([found[v] for v in nodes], dtype=np.float64).reshape(-1, 2)
    arrays = BoardArrays(
        directed=bool(graph.is_directed()),
        src=src,
        dst=dst,
        lights=_lights(data, nodes, states),
        overrides=overrides,
        positions=positions,
    )
    return ids, arrays


def checked_arrays(
    ids: Sequence[str], arrays: BoardArrays, states: int
) -> tuple[list[str], BoardArrays]:
    """`ids` and `arrays` checked as `Board.add_button` and `Board.add_edge` check one button
    and edge at a time (the same messages), the edges' repeats dropped (a repeated edge, or
    an undirected one given from both ends, is one edge, as networkx keeps it)."""
    n = len(ids)
    names = _button_ids(ids)
    src = np.asarray(arrays.src, dtype=np.int64)
    dst = np.asarray(arrays.dst, dtype=np.int64)
    sizes = {len(arrays.lights), len(arrays.overrides)}
    if arrays.positions is not None:
        sizes.add(len(arrays.positions))
    if sizes != {n} or len(src) != len(dst):
        raise BoardError(f"arrays of {sorted(sizes)} buttons and {len(src)} edge ends for {n}")
    if len(src) and (min(src.min(), dst.min()) < 0 or max(src.max(), dst.max()) >= n):
        raise BoardError(f"an edge names a button outside 0..{n - 1}")
    loop = np.flatnonzero(src == dst)
    if len(loop):
        raise BoardError(
            f"self edge on {names[src[loop[0]]]!r}: use set_self_action to make a button act "
            "on itself"
        )
    bad = np.flatnonzero(arrays.lights >= states)
    if len(bad):
        check_light(int(arrays.lights[bad[0]]), states)  # raises, naming the value
    if np.any((arrays.overrides < FOLLOW_RULE) | (arrays.overrides > 1)):
        raise BoardError("self action overrides must be -1 (follow the rule), 0 or 1")
    if arrays.positions is not None:
        for p in arrays.positions[~np.all(np.abs(arrays.positions) <= MAX_COORDINATE, axis=1)]:
            check_pos((p[0], p[1]))  # raises, naming the position
    ends = (src, dst) if arrays.directed else (np.minimum(src, dst), np.maximum(src, dst))
    _, first = np.unique(ends[0] * max(n, 1) + ends[1], return_index=True)
    if len(first) < len(src):
        first.sort()
        src, dst = src[first], dst[first]
    return names, dataclasses.replace(arrays, src=src, dst=dst)


def light_values(values: ArrayLike, states: int) -> NDArray[np.uint8]:
    """Light values as `BoardArrays.lights`: each taken as ``int()`` takes it and checked
    as `Board.add_button` checks one (the same message for the first bad one)."""
    found = np.asarray(values)
    if found.dtype.kind in "iu" and (
        not found.size or (int(found.min()) >= 0 and int(found.max()) < states)
    ):
        return found.astype(np.uint8)
    return np.array([check_light(int(v), states) for v in found.tolist()], dtype=np.uint8)


def _button_ids(nodes: Sequence[Hashable]) -> list[str]:
    """``str`` of every node, checked as button ids (all at once when all are plain)."""
    ids = [str(v) for v in nodes]
    lengths = list(map(len, ids))
    plain = not ids or (
        min(lengths) > 0
        and max(lengths) <= MAX_ID_CHARS
        # no control, format, separator or surrogate character (nor a line break: each id
        # is one line below), and no space, the only printable padding, at either end
        and "".join(ids).isprintable()
        and _PADDED.search("\n".join(ids)) is None
    )
    if not plain:
        for button in ids:
            check_button_id(button)
    if len(set(ids)) != len(ids):
        raise BoardError("two graph nodes have the same string form")
    return ids


def _edge_arrays(
    graph: nx.Graph, index: Mapping[Any, int], *, graph_order: bool
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """``(src, dst, loops)``: the edges of `graph` as button indices (`index`), self loops
    apart (the buttons that have one), in the order ``graph.edges()`` lists them. An
    undirected edge comes once, from the end the graph lists first; `graph_order` says that
    `index` numbers the nodes in the graph's own order, which spares finding that end (a
    press matrix, which needs no edge order, passes it for any index: each edge then comes
    once from the end `index` numbers first)."""
    adj: dict[Hashable, dict[Hashable, Any]] = graph._adj  # successors when directed
    n = len(adj)
    degrees = np.fromiter(map(len, adj.values()), dtype=np.int64, count=n)
    entries = int(degrees.sum())
    at: Callable[[Hashable], int] = index.__getitem__
    try:
        heads = np.fromiter(map(at, chain.from_iterable(adj.values())), np.int64, count=entries)
        tails_of_node = np.fromiter(map(at, adj), dtype=np.int64, count=n)
    except KeyError as exc:
        raise BoardError(f"order leaves out the graph's node {exc.args[0]!r}") from None
    tails = np.repeat(tails_of_node, degrees)
    if not graph.is_directed():
        # graph.edges() gives an edge from the end networkx lists first (a self loop once)
        if graph_order:
            first = heads >= tails
        else:
            place = np.empty(n, dtype=np.int64)
            place[tails_of_node] = np.arange(n)
            first = place[heads] >= place[tails]
        tails, heads = tails[first], heads[first]
    loop = tails == heads
    return tails[~loop], heads[~loop], tails[loop]


def _overrides(data: Sequence[Mapping[str, Any]], nodes: Sequence[Hashable]) -> NDArray[np.int8]:
    values = [d.get("self_action") for d in data]
    out = np.full(len(values), FOLLOW_RULE, dtype=np.int8)
    for i, value in enumerate(values):
        if value is not None:
            try:
                out[i] = int(bool(check_self_action(value)))
            except BoardError as exc:
                raise BoardError(f"node {nodes[i]!r}: {exc}") from None
    return out


def _lights(
    data: Sequence[Mapping[str, Any]], nodes: Sequence[Hashable], states: int
) -> NDArray[np.uint8]:
    values = [d.get("light", 0) for d in data]
    if all(type(v) is int and 0 <= v < states for v in values):  # the usual case, no copies
        return np.array(values, dtype=np.uint8)
    out = np.zeros(len(values), dtype=np.uint8)
    for i, value in enumerate(values):
        try:
            number = int(value)
        except (TypeError, ValueError, OverflowError):
            raise BoardError(f"node {nodes[i]!r}: light value {value!r} is not a number") from None
        try:
            out[i] = check_light(number, states)
        except BoardError as exc:
            raise BoardError(f"node {nodes[i]!r}: {exc}") from None
    return out


def _positions(
    graph: nx.Graph,
    data: Sequence[Mapping[str, Any]],
    nodes: Sequence[Hashable],
    pos: Mapping[Any, tuple[float, float]] | None,
) -> NDArray[np.float64] | None:
    """The nodes' positions (``pos`` attribute, else `pos`, else `auto_layout` of the
    graph), or None when no node has one and `pos` is None."""
    given: list[Any] = [d.get("pos") for d in data]
    missing = [i for i, p in enumerate(given) if p is None]
    if len(missing) == len(given) and pos is None:
        return None
    if missing:
        fill = pos if pos is not None else auto_layout(graph, seed=1)
        for i in missing:
            try:
                given[i] = fill[nodes[i]]
            except KeyError:
                raise BoardError(f"no position for node {nodes[i]!r}") from None
    try:
        found = np.array(given, dtype=np.float64)
        good = found.shape == (len(given), 2) and bool(
            np.all(np.abs(found) <= MAX_COORDINATE)  # False for NaN and infinities too
        )
    except (TypeError, ValueError, OverflowError):
        good = False
    if good:
        return found
    checked = []  # one by one: the check names the bad position
    for v, p in zip(nodes, given, strict=True):
        try:
            checked.append(check_pos(p))
        except BoardError as exc:
            raise BoardError(f"node {v!r}: {exc}") from None
    return np.array(checked, dtype=np.float64).reshape(-1, 2)


def graph_of(ids: Sequence[str], arrays: BoardArrays) -> tuple[nx.Graph, NDArray[np.float64]]:
    """The networkx graph of a board held as `arrays`, as `Board.add_button` and
    `Board.add_edge` would have built it (same node and edge order, same attributes), and
    its positions (laid out by `auto_layout` when `arrays` has none)."""
    graph = empty_graph(arrays.directed)
    flags: list[bool | None] = [None if o == FOLLOW_RULE else bool(o) for o in arrays.overrides]
    lights = arrays.lights.tolist()
    origin = (0.0, 0.0)
    graph.add_nodes_from(
        (v, {"pos": origin, "light": light, "self_action": flag})
        for v, light, flag in zip(ids, lights, flags, strict=True)
    )
    graph.add_edges_from(
        zip(
            [ids[i] for i in arrays.src.tolist()],
            [ids[i] for i in arrays.dst.tolist()],
            strict=True,
        )
    )
    positions = arrays.positions
    if positions is None:
        found = auto_layout(graph, seed=1)
        positions = np.array([found[v] for v in ids], dtype=np.float64).reshape(-1, 2)
    nodes = graph._node
    for v, (x, y) in zip(ids, positions.tolist(), strict=True):
        nodes[v]["pos"] = (x, y)
    return graph, positions


def system_of_arrays(
    ids: Sequence[str],
    arrays: BoardArrays,
    rule: str,
    states: int,
    name: str = "",
    description: str = "",
) -> PressSystem:
    """The press matrix of a board held as `arrays` (positions None when not laid out)."""
    return PressSystem.from_edges(
        len(ids),
        arrays.src,
        arrays.dst,
        arrays.self_mask(rule),
        directed=arrays.directed,
        states=states,
        lights=arrays.lights,
        names=tuple(ids),
        coords=arrays.coords if arrays.coords is not None else cell_coords(ids),
        positions=arrays.positions,
        rule=rule,
        name=name,
        description=description,
    )


def press_system(
    graph: nx.Graph,
    order: Sequence[str],
    index: Mapping[str, int],
    rule: str,
    states: int,
    name: str = "",
    description: str = "",
    coords: NDArray[np.int64] | None = None,
) -> PressSystem:
    """The press matrix of a board's `graph`, its buttons in `order` (`index` inverts it);
    `coords` are the buttons' grid cells when known (None: read from the names, which
    costs little when they are not grid names: the first one refutes them)."""
    src, dst, _ = _edge_arrays(graph, index, graph_order=True)  # A needs no edge order
    nodes = graph._node
    attrs = [nodes[v] for v in order]  # one lookup per button
    default = rule == "closed"
    self_mask = np.array(
        [default if a["self_action"] is None else a["self_action"] for a in attrs], dtype=bool
    )
    return PressSystem.from_edges(
        len(order),
        src,
        dst,
        self_mask,
        directed=graph.is_directed(),
        states=states,
        lights=np.fromiter((a["light"] for a in attrs), dtype=np.uint8, count=len(attrs)),
        names=tuple(order),
        coords=coords if coords is not None else cell_coords(order),
        positions=np.fromiter(
            chain.from_iterable(a["pos"] for a in attrs), dtype=np.float64, count=2 * len(attrs)
        ).reshape(-1, 2),
        rule=rule,
        name=name,
        description=description,
    )


def press_system_from_graph(
    graph: nx.Graph,
    *,
    rule: str = "closed",
    states: int = 2,
    name: str = "",
    order: Iterable[Hashable] | None = None,
) -> PressSystem:
    """The press matrix of any networkx graph, without building a `Board`: what
    ``Board.from_graph(graph, ...).to_system()`` gives, except that a graph without node
    positions gives a system without any (no layout is computed).

    Examples
    --------
    >>> import networkx as nx
    >>> s = press_system_from_graph(nx.path_graph(3), rule="open")
    >>> s.names, s.dense().tolist()
    (('0', '1', '2'), [[0, 1, 0], [1, 0, 1], [0, 1, 0]])
    """
    from lograph.core.model.checks import check_rule, check_states

    rule = check_rule(rule)
    states = check_states(states)
    ids, arrays = board_arrays(graph, states=states, order=order, layout=False)
    return system_of_arrays(ids, arrays, rule, states, name)
