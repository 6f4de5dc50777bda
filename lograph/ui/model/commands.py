"""Undo commands: every change a user makes, as a QUndoCommand that touches only the Document.

Each command captures what it needs to undo itself when it is built (before it first runs),
so ``redo(); undo()`` always returns the board to exactly where it was, including the button
order, lights, self actions and the edges a removed button took with it.

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> from lograph.ui.model.document import Document
>>> doc = Document(rectangle(1, 2))
>>> doc.push(PressCommand(doc, "r0c0"))
>>> doc.board.lights().tolist(), doc.moves
([1, 1], 1)
>>> doc.undo_stack.undo()
>>> doc.board.lights().tolist(), doc.moves
([0, 0], 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
from numpy.typing import NDArray
from PySide6.QtGui import QUndoCommand

from lograph.ui.model.document import BoardProperties, ButtonRecord, Document

__all__ = [
    "AddButtonsCommand",
    "AddEdgesCommand",
    "MoveCommand",
    "PressCommand",
    "PropertiesCommand",
    "RemoveCommand",
    "ReverseEdgesCommand",
    "SetLightsCommand",
    "SetSelfActionsCommand",
]

Edge = tuple[str, str]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class AddButtonsCommand(QUndoCommand):
    """Add buttons, and edges among them or to existing buttons (a click, or a paste)."""

    def __init__(
        self,
        doc: Document,
        records: Sequence[ButtonRecord],
        edges: Sequence[Edge] = (),
        text: str | None = None,
    ) -> None:
        super().__init__(text or f"Add {_plural(len(records), 'button')}")
        self.doc = doc
        self.records = list(records)
        self.edges = list(edges)

    def redo(self) -> None:
        self.doc.add_buttons(self.records)
        if self.edges:
            self.doc.add_edges(self.edges)

    def undo(self) -> None:
        self.doc.remove_buttons([r.id for r in self.records])


class RemoveCommand(QUndoCommand):
    """Remove buttons (with every edge touching them) and edges."""

    def __init__(
        self, doc: Document, buttons: Iterable[str] = (), edges: Iterable[Edge] = ()
    ) -> None:
        board = doc.board
        self.doc = doc
        self.buttons = list(dict.fromkeys(buttons))
        gone = set(self.buttons)
        chosen = {(u, v) for u, v in edges}
        if not board.directed:
            chosen |= {(v, u) for u, v in chosen}
        # every edge that disappears, in board order, so undo puts back exactly these
        self.all_edges = [
            (u, v) for u, v in board.edges() if u in gone or v in gone or (u, v) in chosen
        ]
        self.loose_edges = [(u, v) for u, v in self.all_edges if u not in gone and v not in gone]
        self.records = [doc.record(b) for b in self.buttons]
        self.order = list(board.buttons)
        parts = []
        if self.buttons:
            parts.append(_plural(len(self.buttons), "button"))
        if self.loose_edges:
            parts.append(_plural(len(self.loose_edges), "edge"))
        super().__init__("Delete " + " and ".join(parts))

    def redo(self) -> None:
        if self.loose_edges:
            self.doc.remove_edges(self.loose_edges)
        if self.buttons:
            self.doc.remove_buttons(self.buttons)

    def undo(self) -> None:
        if self.records:
            self.doc.add_buttons(self.records, order=self.order)
        if self.all_edges:
            self.doc.add_edges(self.all_edges)


class AddEdgesCommand(QUndoCommand):
    """Connect pairs of buttons (pairs already connected are left out)."""

    def __init__(self, doc: Document, edges: Sequence[Edge]) -> None:
        self.doc = doc
        self.edges = [(u, v) for u, v in dict.fromkeys(edges) if not doc.board.has_edge(u, v)]
        label = f"{self.edges[0][0]} – {self.edges[0][1]}" if len(self.edges) == 1 else ""
        super().__init__(f"Add edge {label}" if label else f"Add {_plural(len(edges), 'edge')}")

    def redo(self) -> None:
        self.doc.add_edges(self.edges)

    def undo(self) -> None:
        self.doc.remove_edges(self.edges)


class ReverseEdgesCommand(QUndoCommand):
    """Reverse the direction of arcs of a directed board."""

    def __init__(self, doc: Document, edges: Sequence[Edge]) -> None:
        super().__init__(f"Reverse {_plural(len(edges), 'edge')}")
        self.doc = doc
        self.edges = list(edges)

    def redo(self) -> None:
        self.doc.reverse_edges(self.edges)

    def undo(self) -> None:
        self.doc.reverse_edges([(v, u) for u, v in self.edges])


class MoveCommand(QUndoCommand):
    """Move buttons (one command per drag)."""

    def __init__(
        self,
        doc: Document,
        new: Mapping[str, tuple[float, float]],
        old: Mapping[str, tuple[float, float]] | None = None,
    ) -> None:
        super().__init__(f"Move {_plural(len(new), 'button')}")
        self.doc = doc
        self.new = dict(new)
        self.old = dict(old) if old is not None else {b: doc.board.position(b) for b in new}

    def redo(self) -> None:
        self.doc.set_positions(self.new)

    def undo(self) -> None:
        self.doc.set_positions(self.old)


class SetLightsCommand(QUndoCommand):
    """Set lights without pressing; optionally also the move counter and the start position."""

    def __init__(
        self,
        doc: Document,
        values: Mapping[str, int] | NDArray[np.integer],
        text: str = "Set lights",
        moves: int | None = None,
        start: bool = False,
    ) -> None:
        super().__init__(text)
        self.doc = doc
        self.whole = not isinstance(values, Mapping)
        if self.whole:
            self.new_all = np.asarray(values, dtype=np.uint8)
            self.old_all = doc.board.lights()
        else:
            self.new = dict(values)
            self.old = {b: doc.board.light(b) for b in self.new}
        self.moves = (doc.moves, moves)
        self.start = (doc.start_lights, start)
        #: A game's move (scramble, reset, a level, the worst position) rather than an edit
        #: of the board: it leaves the document unmodified (`Document.is_modified`).
        self.playing = moves is not None

    def _apply(self, lights: NDArray[np.uint8] | Mapping[str, int], moves: int | None) -> None:
        if isinstance(lights, Mapping):
            self.doc.set_lights(lights)
        else:
            self.doc.set_all_lights(lights)
        if moves is not None:
            self.doc.set_moves(moves)

    def redo(self) -> None:
        self._apply(self.new_all if self.whole else self.new, self.moves[1])
        if self.start[1]:
            self.doc.set_start(self.doc.board.lights())

    def undo(self) -> None:
        self._apply(self.old_all if self.whole else self.old, self.moves[0])
        self.doc.set_start(self.start[0])


class PressCommand(QUndoCommand):
    """Press one button in play mode (counts one move)."""

    playing = True  # playing is not editing: see `Document.is_modified`

    def __init__(self, doc: Document, button: str) -> None:
        super().__init__(f"Press {button}")
        self.doc = doc
        self.button = button
        self.moves = doc.moves

    def redo(self) -> None:
        self.doc.press(self.button)
        self.doc.set_moves(self.moves + 1)

    def undo(self) -> None:
        # p - 1 more presses bring every target back: each gained 1 mod p
        self.doc.press(self.button, self.doc.board.states - 1)
        self.doc.set_moves(self.moves)


class SetSelfActionsCommand(QUndoCommand):
    """Set the self-action override of buttons (True, False or None = follow the rule)."""

    def __init__(self, doc: Document, values: Mapping[str, bool | None]) -> None:
        super().__init__(f"Change self action of {_plural(len(values), 'button')}")
        self.doc = doc
        self.new = dict(values)
        self.old = {b: doc.board.self_action_override(b) for b in values}

    def redo(self) -> None:
        self.doc.set_self_actions(self.new)

    def undo(self) -> None:
        self.doc.set_self_actions(self.old)


class PropertiesCommand(QUndoCommand):
    """Change name, rule, number of states and direction of the board."""

    def __init__(self, doc: Document, props: BoardProperties) -> None:
        super().__init__("Change board properties")
        self.doc = doc
        self.new = props
        self.old = BoardProperties.of(doc.board)
        # fewer states reduce lights, and a trip through undirected merges arcs: keep both
        self.lights = doc.board.lights()
        self.edges = doc.board.edges()
        self.start = doc.start_lights

    def redo(self) -> None:
        self.doc.set_properties(self.new)

    def undo(self) -> None:
        self.doc.set_properties(self.old)
        if self.old.directed != self.new.directed:
            self.doc.set_edges(self.edges)
        if self.old.states != self.new.states:
            self.doc.set_all_lights(self.lights)
            self.doc.set_start(self.start)
