"""The editable board model: buttons, edges, positions, lights, rule and number of states.

A `Board` wraps a networkx graph (``nx.Graph`` or ``nx.DiGraph``) and keeps an explicit button
order, so matrices, files and CLI output never depend on incidental dict order. All mutation
goes through methods that validate their arguments and raise `BoardError` naming the bad
value. For analysis, `Board.to_system` turns the board into a compact `PressSystem`, kept
until the board changes: every method that changes the board drops it (a change of lights
only keeps its structure), so several questions asked of one board convert it once.

A board read from a networkx graph (`Board.from_graph`) holds arrays at first
(`lograph.core.model.convert.BoardArrays`) and builds its own networkx graph when a method
first needs one: reading a graph and asking questions of it costs no graph building.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
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
from lograph.core.model.convert import (
    BoardArrays,
    board_arrays,
    checked_arrays,
    empty_graph,
    graph_of,
    press_system,
    relabel_in_place,
    system_of_arrays,
)
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
        #: the networkx graph, None while the board is held as `_arrays` (see `_graph`)
        self._nx: nx.Graph | None = empty_graph(directed)
        self._arrays: BoardArrays | None = None
        self._order: list[str] = []
        self._index: dict[str, int] | None = None
        self._rule = check_rule(rule)
        self._states = _check_states(states)
        self._name = name
        self._description = ""
        #: `to_system`'s answer while the board is unchanged; `_structure` is the same but
        #: kept across changes of lights only (its lights may be stale)
        self._system: PressSystem | None = None
        self._structure: PressSystem | None = None
        #: the grid cells of the buttons, when all are grid names and the list is unchanged
        self._cells: NDArray[np.int64] | None = None

    # ----------------------------------------------------------------- representation
    @property
    def _graph(self) -> nx.Graph:
        """The board's networkx graph, built from its arrays on first need."""
        graph = self._nx
        return graph if graph is not None else self._materialize()

    def _materialize(self) -> nx.Graph:
        """Build the networkx graph of a board held as arrays (laying it out if it has no
        positions yet); the board holds the graph from now on."""
        arrays = self._arrays
        if arrays is None:
            return self._graph
        graph, positions = graph_of(self._order, arrays)
        self._nx, self._arrays = graph, None
        if arrays.positions is None:  # laid out just now: the conversion gains positions
            structure, system = self._structure, self._system
            if structure is not None:
                self._structure = dataclasses.replace(structure, positions=positions)
            if system is not None:
                self._system = (
                    self._structure
                    if system is structure
                    else dataclasses.replace(system, positions=positions)
                )
        return graph

    def _changed(self, *, lights_only: bool = False, buttons: bool = False) -> None:
        """Forget the conversion (every change calls this; lights keep the structure, and
        only a change of the button list forgets their grid cells)."""
        self._system = None
        if not lights_only:
            self._structure = None
        if buttons:
            self._cells = None

    # ----------------------------------------------------------------- properties
    @property
    def name(self) -> str:
        """A display name."""
        return self._name

    @name.setter
    def name(self, name: str) -> None:
        self._name = name
        self._changed()

    @property
    def description(self) -> str:
        """A free text about the board (its rule, colours, history); files may carry it."""
        return self._description

    @description.setter
    def description(self, description: str) -> None:
        self._description = description
        self._changed()

    @property
    def directed(self) -> bool:
        if self._arrays is not None:
            return self._arrays.directed
        return bool(self._graph.is_directed())

    @property
    def rule(self) -> str:
        return self._rule

    @rule.setter
    def rule(self, rule: str) -> None:
        self._rule = check_rule(rule)
        self._changed()

    @property
    def states(self) -> int:
        return self._states

    @states.setter
    def states(self, states: int) -> None:
        """Set p; lights are reduced mod the new p."""
        self._states = _check_states(states)
        arrays = self._arrays
        if arrays is not None:
            self._arrays = dataclasses.replace(arrays, lights=arrays.lights % self._states)
        else:
            for v in self._order:
                self._graph.nodes[v]["light"] %= self._states
        self._changed()

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
        if self._arrays is not None:
            return button in self._index_map()
        return button in self._graph

    def __repr__(self) -> str:
        kind = "directed" if self.directed else "undirected"
        arrays = self._arrays
        edges = len(arrays.src) if arrays is not None else self._graph.number_of_edges()
        return (
            f"<Board {self.name!r}: {len(self)} buttons, {edges} edges, "
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
        self._changed(buttons=True)
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
        self._changed(buttons=True)

    def rename_button(self, button: str, new: str) -> None:
        """Give `button` a new id, keeping its place in the order, edges and state."""
        self._check(button)
        if check_button_id(new) in self._graph:
            raise BoardError(f"button {new!r} is already on the board")
        relabel_in_place(self._graph, {button: new})
        self._order[self._order.index(button)] = new
        self._index = None
        self._changed(buttons=True)

    def reorder(self, order: Sequence[str]) -> None:
        """Set the explicit button order (a permutation of the current buttons)."""
        if sorted(order) != sorted(self._order) or len(set(order)) != len(order):
            raise BoardError("new order must list every button exactly once")
        self._materialize()  # the arrays number the buttons in the old order
        self._order = list(order)
        self._index = None
        self._changed(buttons=True)

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
        self._changed()

    def remove_edge(self, u: str, v: str) -> None:
        """Remove the edge between `u` and `v` (BoardError when there is none)."""
        if not self._graph.has_edge(u, v):
            raise BoardError(f"edge {u!r} - {v!r} is not on the board")
        self._graph.remove_edge(u, v)
        self._changed()

    def has_edge(self, u: str, v: str) -> bool:
        """Whether `u` and `v` are joined (on a directed board: by the arc ``u -> v``)."""
        return bool(self._graph.has_edge(u, v))

    def reverse_edge(self, u: str, v: str) -> None:
        """Turn the directed edge ``u -> v`` into ``v -> u``."""
        if not self.directed:
            raise BoardError("only edges of a directed board have a direction")
        if not self._graph.has_edge(u, v):
            raise BoardError(f"edge {u!r} -> {v!r} is not on the board")
        self._graph.remove_edge(u, v)
        self._graph.add_edge(v, u)
        self._changed()

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
        graph = self._graph
        self._nx = graph.to_directed() if directed else graph.to_undirected()
        self._changed()

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
        """Where `button` is drawn, ``(x, y)``."""
        pos: tuple[float, float] = self._graph.nodes[self._check(button)]["pos"]
        return pos

    def set_position(self, button: str, pos: tuple[float, float]) -> None:
        """Move `button` to ``pos = (x, y)`` (finite numbers)."""
        self._graph.nodes[self._check(button)]["pos"] = check_pos(pos)
        self._changed()

    def positions(self) -> NDArray[np.float64]:
        """Positions as an ``(N, 2)`` array in button order."""
        arrays = self._arrays
        if arrays is not None and arrays.positions is not None:
            return arrays.positions.copy()
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
        """The light state of `button`, 0..k-1."""
        if self._arrays is not None:
            return int(self._arrays.lights[self.index(button)])
        value: int = self._graph.nodes[self._check(button)]["light"]
        return value

    def set_light(self, button: str, value: int) -> None:
        """Set the light state of `button` to `value` (0..k-1)."""
        self.set_lights({button: value})

    def lights(self) -> NDArray[np.uint8]:
        """Light states as an array in button order."""
        if self._arrays is not None:
            return self._arrays.lights.copy()
        return np.fromiter(
            (self._graph.nodes[v]["light"] for v in self._order), dtype=np.uint8, count=len(self)
        )

    def set_lights(self, values: ArrayLike | Mapping[str, int]) -> None:
        """Set lights from an array in button order, or from a mapping button -> value."""
        if isinstance(values, Mapping):
            items = [(self._known(b), check_light(v, self._states)) for b, v in values.items()]
        else:
            arr = np.asarray(values)
            if arr.shape != (len(self),):
                raise BoardError(f"expected {len(self)} light values, got shape {arr.shape}")
            items = [
                (b, check_light(int(v), self._states))
                for b, v in zip(self._order, arr, strict=True)
            ]
        arrays = self._arrays
        if arrays is not None:
            lights = arrays.lights.copy()
            at = self._index_map()
            for b, v in items:
                lights[at[b]] = v
            self._arrays = dataclasses.replace(arrays, lights=lights)
        else:
            for b, v in items:
                self._graph.nodes[b]["light"] = v
        self._changed(lights_only=True)

    def clear_lights(self) -> None:
        """Turn every light off (state 0)."""
        self.set_lights(np.zeros(len(self), dtype=np.uint8))

    def _known(self, button: str) -> str:
        """`button` when it is on the board (without building the graph), else BoardError."""
        if button not in self:
            raise BoardError(f"button {button!r} is not on the board")
        return button

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
        self._changed()

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
        arrays = self._arrays
        if arrays is not None:  # the press matrix's column: no graph needed
            lit = self.to_system().column(self.index(button))
            lights = arrays.lights.copy()
            lights[lit] = (lights[lit].astype(np.int64) + times) % self._states
            self._arrays = dataclasses.replace(arrays, lights=lights)
        else:
            for t in self.targets(self._check(button)):
                node = self._graph.nodes[t]
                node["light"] = (node["light"] + times) % self._states
        self._changed(lights_only=True)

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
        """An independent copy: buttons, edges, lights, positions, self actions, rule,
        states, name and description."""
        new = Board(directed=self.directed, rule=self._rule, states=self._states, name=self.name)
        new.description = self.description
        if self._arrays is not None:  # arrays are never changed in place: share them
            new._nx, new._arrays = None, self._arrays
        else:
            new._nx = self._graph.copy()
        new._order = list(self._order)
        new._system, new._structure = self._system, self._structure  # immutable: shared
        new._cells = self._cells
        return new

    def to_system(self) -> PressSystem:
        """The compact press matrix of this board, in button order.

        The answer is kept until the board changes (the same object is returned meanwhile),
        and shared: treat it as read-only, as every `PressSystem`. A board read from a graph
        without positions gives a system without any until its positions are asked for.
        """
        system = self._system
        if system is not None:
            return system
        structure = self._structure
        if structure is not None:
            system = dataclasses.replace(structure, lights=self.lights())
        elif self._arrays is not None:
            system = system_of_arrays(
                self._order,
                self._arrays,
                self._rule,
                self._states,
                self._name,
                self._description,
            )
        else:
            system = press_system(
                self._graph,
                self._order,
                self._index_map(),
                self._rule,
                self._states,
                self._name,
                self._description,
                self._cells,
            )
        self._system = self._structure = system
        self._cells = system.coords
        return system

    @classmethod
    def from_graph(
        cls,
        graph: nx.Graph,
        *,
        rule: str = "closed",
        states: int = 2,
        name: str = "",
        pos: Mapping[object, tuple[float, float]] | None = None,
        order: Iterable[Hashable] | None = None,
    ) -> Board:
        """Build a board from any networkx graph; node ids become strings.

        Node attributes ``pos``, ``light`` and ``self_action`` are used when present; missing
        positions come from `pos` or a spring layout (computed when first needed). Self
        loops of the graph become ``self_action=True`` overrides. `order` lists the nodes in
        the board's button order (default: the graph's). The graph is read as arrays (see
        `lograph.core.model.convert`); the board builds a networkx graph of its own when a
        method first needs one, so later changes to `graph` never reach the board.
        """
        states = _check_states(states)
        ids, arrays = board_arrays(graph, states=states, pos=pos, order=order)
        return cls._holding(ids, arrays, rule, states, name)

    @classmethod
    def from_arrays(
        cls,
        ids: Sequence[str],
        arrays: BoardArrays,
        *,
        rule: str = "closed",
        states: int = 2,
        name: str = "",
    ) -> Board:
        """The board whose button ``i`` is ``ids[i]`` and whose edges, lights, overrides
        and positions are `arrays` (`lograph.core.model.convert.BoardArrays`), checked as
        `add_button` and `add_edge` check them: for generators that compute a board as
        arrays. The board builds its networkx graph when a method first needs one."""
        states = _check_states(states)
        names, arrays = checked_arrays(ids, arrays, states)
        return cls._holding(names, arrays, rule, states, name)

    @classmethod
    def _holding(
        cls, ids: list[str], arrays: BoardArrays, rule: str, states: int, name: str
    ) -> Board:
        board = cls(directed=arrays.directed, rule=rule, states=states, name=name)
        board._nx, board._arrays, board._order = None, arrays, ids
        return board
