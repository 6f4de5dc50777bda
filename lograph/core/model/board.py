"""The editable board model: buttons, edges, positions, lights, rule and number of states.

A `Board` wraps a networkx graph (``nx.Graph`` or ``nx.DiGraph``) and keeps an explicit button
order, so matrices, files and CLI output never depend on incidental dict order. All mutation
goes through methods that validate their arguments and raise `BoardError` naming the bad
value. For analysis, `Board.to_system` turns the board into a compact `PressSystem`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lograph.core.errors import BoardError
from lograph.core.model.checks import (
    MAX_STATES,
    RULES,
    check_button_id,
    check_light,
    check_pos,
    check_rule,
    check_self_action,
    is_prime,
)
from lograph.core.model.checks import check_states as _check_states  # still imported from here
from lograph.core.model.convert import board_from_graph, empty_graph, press_system, relabel_in_place
from lograph.core.model.ring import Ring
from lograph.core.model.system import PressSystem, parse_cell_name

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["MAX_STATES", "RULES", "Board", "is_prime", "parse_cell_name"]


class Board:
    """A Lights Out board on any graph.

    Parameters
    ----------
    directed : bool
        If True, an edge ``u -> v`` means pressing ``u`` changes ``v`` (not the reverse).
    rule : {"closed", "open"}
        ``closed`` (the classic game): a press changes the button itself and its neighbours;
        ``open``: only its neighbours. A per-button override can change the self action.
    states : int
        Number of light states k, any integer 2..255 (2 = on/off; prime or not). A press
        adds 1 mod k.
    name : str
        A display name.

    Examples
    --------
    >>> b = Board()
    >>> b.add_button("a"), b.add_button("b")
    ('a', 'b')
    >>> b.add_edge("a", "b")
    >>> b.press("a")
    >>> b.lights().tolist()
    [1, 1]
    """

    def __init__(
        self, *, directed: bool = False, rule: str = "closed", states: int = 2, name: str = ""
    ) -> None:
        self._graph: nx.Graph = empty_graph(directed)
        self._order: list[str] = []
        self._index: dict[str, int] | None = None
        self._rule = check_rule(rule)
        self._states = _check_states(states)
        self.name = name
        #: A free text about the board (its rule, colours, history); files may carry it.
        self.description = ""

    # ----------------------------------------------------------------- properties
    @property
    def directed(self) -> bool:
        return bool(self._graph.is_directed())

    @property
    def rule(self) -> str:
        return self._rule

    @rule.setter
    def rule(self, rule: str) -> None:
        self._rule = check_rule(rule)

    @property
    def states(self) -> int:
        return self._states

    @states.setter
    def states(self, states: int) -> None:
        """Set p; lights are reduced mod the new p."""
        self._states = _check_states(states)
        for v in self._order:
            self._graph.nodes[v]["light"] %= self._states

    @property
    def graph(self) -> nx.Graph:
        """The underlying networkx graph. Read it freely; mutate only through the Board."""
        return self._graph

    @property
    def buttons(self) -> tuple[str, ...]:
        """Button ids in the board's explicit order."""
        return tuple(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(self._order))

    def __contains__(self, button: object) -> bool:
        return button in self._graph

    def __repr__(self) -> str:
        kind = "directed" if self.directed else "undirected"
        return (
            f"<Board {self.name!r}: {len(self)} buttons, {self._graph.number_of_edges()} edges, "
            f"{kind}, rule={self._rule}, states={self._states}>"
        )

    def _index_map(self) -> dict[str, int]:
        if self._index is None:
            self._index = {v: i for i, v in enumerate(self._order)}
        return self._index

    def index(self, button: str) -> int:
        """Position of `button` in the button order."""
        try:
            return self._index_map()[button]
        except KeyError:
            raise BoardError(f"button {button!r} is not on the board") from None

    def _check(self, button: str) -> str:
        if button not in self._graph:
            raise BoardError(f"button {button!r} is not on the board")
        return button

    # ----------------------------------------------------------------- buttons
    def new_button_id(self) -> str:
        """A fresh id of the form ``b<k>`` not used on this board."""
        k = len(self._order)
        while f"b{k}" in self._graph:
            k += 1
        return f"b{k}"

    def add_button(
        self,
        button: str | None = None,
        pos: tuple[float, float] = (0.0, 0.0),
        light: int = 0,
        self_action: bool | None = None,
    ) -> str:
        """Add a button and return its id (a fresh ``b<k>`` when `button` is None)."""
        if button is None:
            button = self.new_button_id()
        if check_button_id(button) in self._graph:
            raise BoardError(f"button {button!r} is already on the board")
        pos = check_pos(pos)
        light = check_light(light, self._states)
        self_action = check_self_action(self_action)
        self._graph.add_node(button, pos=pos, light=light, self_action=self_action)
        self._order.append(button)
        if self._index is not None:
            self._index[button] = len(self._order) - 1
        return button

    def remove_button(self, button: str) -> None:
        """Remove a button together with its edges."""
        self.remove_buttons([button])

    def remove_buttons(self, buttons: Iterable[str]) -> None:
        """Remove several buttons with their edges, in one pass over the order.

        All ids are checked first: on an unknown id nothing is removed.
        """
        gone = {self._check(b) for b in buttons}
        self._graph.remove_nodes_from(gone)
        self._order = [v for v in self._order if v not in gone]
        self._index = None

    def rename_button(self, button: str, new: str) -> None:
        """Give `button` a new id, keeping its place in the order, edges and state."""
        self._check(button)
        if check_button_id(new) in self._graph:
            raise BoardError(f"button {new!r} is already on the board")
        relabel_in_place(self._graph, {button: new})
        self._order[self._order.index(button)] = new
        self._index = None

    def reorder(self, order: Sequence[str]) -> None:
        """Set the explicit button order (a permutation of the current buttons)."""
        if sorted(order) != sorted(self._order) or len(set(order)) != len(order):
            raise BoardError("new order must list every button exactly once")
        self._order = list(order)
        self._index = None

    # ----------------------------------------------------------------- edges
    def add_edge(self, u: str, v: str) -> None:
        """Connect `u` and `v` (for a directed board: pressing `u` changes `v`)."""
        self._check(u)
        self._check(v)
        if u == v:
            raise BoardError(
                f"self edge on {u!r}: use set_self_action to make a button act on itself"
            )
        self._graph.add_edge(u, v)

    def remove_edge(self, u: str, v: str) -> None:
        if not self._graph.has_edge(u, v):
            raise BoardError(f"edge {u!r} - {v!r} is not on the board")
        self._graph.remove_edge(u, v)

    def has_edge(self, u: str, v: str) -> bool:
        return bool(self._graph.has_edge(u, v))

    def reverse_edge(self, u: str, v: str) -> None:
        """Turn the directed edge ``u -> v`` into ``v -> u``."""
        if not self.directed:
            raise BoardError("only edges of a directed board have a direction")
        if not self._graph.has_edge(u, v):
            raise BoardError(f"edge {u!r} -> {v!r} is not on the board")
        self._graph.remove_edge(u, v)
        self._graph.add_edge(v, u)

    def edges(self) -> list[tuple[str, str]]:
        """All edges, ordered by the button order of their ends."""
        key = self.index
        out = []
        for u, v in self._graph.edges():
            if not self.directed and key(u) > key(v):
                u, v = v, u
            out.append((u, v))
        out.sort(key=lambda e: (key(e[0]), key(e[1])))
        return out

    def set_directed(self, directed: bool) -> None:
        """Switch between directed and undirected; an undirected edge becomes two arcs."""
        if directed == self.directed:
            return
        self._graph = self._graph.to_directed() if directed else self._graph.to_undirected()

    def neighbors(self, button: str) -> list[str]:
        """Buttons joined to `button` by an edge in either direction, in button order."""
        self._check(button)
        g = self._graph
        near = (
            set(g.successors(button)) | set(g.predecessors(button))
            if self.directed
            else set(g.neighbors(button))
        )
        return sorted(near, key=self.index)

    # ----------------------------------------------------------------- positions
    def position(self, button: str) -> tuple[float, float]:
        pos: tuple[float, float] = self._graph.nodes[self._check(button)]["pos"]
        return pos

    def set_position(self, button: str, pos: tuple[float, float]) -> None:
        self._graph.nodes[self._check(button)]["pos"] = check_pos(pos)

    def positions(self) -> NDArray[np.float64]:
        """Positions as an ``(N, 2)`` array in button order."""
        return np.array(
            [self._graph.nodes[v]["pos"] for v in self._order], dtype=np.float64
        ).reshape(-1, 2)

    def grid_cell(self, button: str) -> tuple[int, int] | None:
        """``(row, col)`` for grid-named buttons (``r<row>c<col>``), else None."""
        return parse_cell_name(self._check(button))

    def is_grid_like(self) -> bool:
        """True when every button is named ``r<row>c<col>`` (so it can be drawn as a grid)."""
        return bool(self._order) and all(parse_cell_name(v) for v in self._order)

    # ----------------------------------------------------------------- lights
    def light(self, button: str) -> int:
        value: int = self._graph.nodes[self._check(button)]["light"]
        return value

    def set_light(self, button: str, value: int) -> None:
        self._graph.nodes[self._check(button)]["light"] = check_light(value, self._states)

    def lights(self) -> NDArray[np.uint8]:
        """Light states as an array in button order."""
        return np.fromiter(
            (self._graph.nodes[v]["light"] for v in self._order), dtype=np.uint8, count=len(self)
        )

    def set_lights(self, values: ArrayLike | Mapping[str, int]) -> None:
        """Set lights from an array in button order, or from a mapping button -> value."""
        if isinstance(values, Mapping):
            items = [(self._check(b), check_light(v, self._states)) for b, v in values.items()]
        else:
            arr = np.asarray(values)
            if arr.shape != (len(self),):
                raise BoardError(f"expected {len(self)} light values, got shape {arr.shape}")
            items = [
                (b, check_light(int(v), self._states))
                for b, v in zip(self._order, arr, strict=True)
            ]
        for b, v in items:
            self._graph.nodes[b]["light"] = v

    def clear_lights(self) -> None:
        for v in self._order:
            self._graph.nodes[v]["light"] = 0

    # ----------------------------------------------------------------- self action
    def self_action_override(self, button: str) -> bool | None:
        """The per-button override (None = follow the rule)."""
        value: bool | None = self._graph.nodes[self._check(button)]["self_action"]
        return value

    def set_self_action(self, button: str, value: bool | None) -> None:
        """Make `button` act on itself (True), not (False), or follow the rule (None)."""
        value = check_self_action(value)
        self._graph.nodes[self._check(button)]["self_action"] = (
            None if value is None else bool(value)
        )

    def acts_on_itself(self, button: str) -> bool:
        """Whether pressing `button` changes its own light."""
        override = self.self_action_override(button)
        return (self._rule == "closed") if override is None else override

    # ----------------------------------------------------------------- playing
    def targets(self, button: str) -> list[str]:
        """Lights changed by pressing `button`, in button order."""
        g = self._graph
        self._check(button)
        near = set(g.successors(button) if self.directed else g.neighbors(button))
        if self.acts_on_itself(button):
            near.add(button)
        return sorted(near, key=self.index)

    def press(self, button: str, times: int = 1) -> None:
        """Press `button` `times` times: each target light gains `times` mod p."""
        for t in self.targets(self._check(button)):
            node = self._graph.nodes[t]
            node["light"] = (node["light"] + times) % self._states

    def apply_presses(self, presses: ArrayLike | Mapping[str, int]) -> None:
        """Apply a whole press vector (in button order) or a mapping button -> times."""
        if isinstance(presses, Mapping):
            vec = np.zeros(len(self), dtype=np.int64)
            for b, t in presses.items():
                vec[self.index(b)] = t
        else:
            vec = np.asarray(presses, dtype=np.int64)
            if vec.shape != (len(self),):
                raise BoardError(f"expected {len(self)} press counts, got shape {vec.shape}")
        new = (self.lights().astype(np.int64) + self.to_system().apply(vec)) % self._states
        self.set_lights(new.astype(np.uint8))

    def is_goal(self, goal: str = "off") -> bool:
        """True when every light is off (``goal="off"``) or on at p-1 (``goal="on"``)."""
        target = Ring.of(self._states).target("off" if goal == "off" else "on")
        return bool(np.all(self.lights() == target))

    # ----------------------------------------------------------------- conversions
    def copy(self) -> Board:
        new = Board(directed=self.directed, rule=self._rule, states=self._states, name=self.name)
        new.description = self.description
        new._graph = self._graph.copy()
        new._order = list(self._order)
        return new

    def to_system(self) -> PressSystem:
        """The compact press matrix of this board, in button order."""
        return press_system(
            self._graph,
            self._order,
            self._index_map(),
            self._rule,
            self._states,
            self.name,
            self.description,
        )

    @classmethod
    def from_graph(
        cls,
        graph: nx.Graph,
        *,
        rule: str = "closed",
        states: int = 2,
        name: str = "",
        pos: Mapping[object, tuple[float, float]] | None = None,
        order: Iterable[object] | None = None,
    ) -> Board:
        """Build a board from any networkx graph; node ids become strings.

        Node attributes ``pos``, ``light`` and ``self_action`` are used when present; missing
        positions come from `pos` or a spring layout. Self loops of the graph become
        ``self_action=True`` overrides.
        """
        return board_from_graph(
            cls, graph, rule=rule, states=states, name=name, pos=pos, order=order
        )
