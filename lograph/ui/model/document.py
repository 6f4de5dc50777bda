"""The Document: the one owner of the board being edited, its undo stack and its file path.

Every change to the board goes through a method here, called by an undo command (see
`lograph.ui.model.commands`); each method emits a small past-tense signal naming what changed, so
the scene repaints only that. Nothing else may mutate ``document.board``.

Examples
--------
>>> from lograph.core.model.generators import rectangle
>>> doc = Document(rectangle(2, 2))
>>> doc.press("r0c0")
>>> doc.board.lights().tolist()
[1, 1, 1, 0]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from lograph.core.model.board import Board
from lograph.core.model.labels import ButtonNames
from lograph.core.model.system import PressSystem

__all__ = ["STRUCTURAL", "BoardProperties", "ButtonRecord", "Document"]

Edge = tuple[str, str]

#: The Document's signals for edits that change the press matrix (buttons, edges, self
#: actions, rule, states, direction, a new board); lights and positions leave it alone.
STRUCTURAL = (
    "buttons_added",
    "buttons_removed",
    "edges_added",
    "edges_removed",
    "self_actions_changed",
    "properties_changed",
    "board_replaced",
)


def _playing(command: QUndoCommand) -> bool:
    """A move of the game, not an edit: a command marked ``playing``, or a macro of them
    (the chase's "Press free buttons")."""
    if getattr(command, "playing", False):
        return True
    children = [command.child(i) for i in range(command.childCount())]
    return bool(children) and all(_playing(c) for c in children)


@dataclass(frozen=True)
class ButtonRecord:
    """Everything needed to put a removed button back: id, position, light, self action."""

    id: str
    pos: tuple[float, float]
    light: int = 0
    self_action: bool | None = None


@dataclass(frozen=True)
class BoardProperties:
    """The board-wide settings edited in the properties dialog."""

    name: str
    rule: str
    states: int
    directed: bool

    @classmethod
    def of(cls, board: Board) -> BoardProperties:
        return cls(board.name, board.rule, board.states, board.directed)


class Document(QObject):
    """The board being edited, its undo stack, its file path and the play counters.

    Parameters
    ----------
    board : Board, optional
        The board to own (default: an empty closed-rule board with 2 states).
    """

    buttons_added = Signal(list)  # ids
    buttons_removed = Signal(list)  # ids (their edges were reported by edges_removed first)
    edges_added = Signal(list)  # [(u, v)]
    edges_removed = Signal(list)  # [(u, v)]
    positions_changed = Signal(list)  # ids
    lights_changed = Signal(list)  # ids
    self_actions_changed = Signal(list)  # ids
    properties_changed = Signal()  # name, rule, states or direction
    board_replaced = Signal()  # a new or loaded board
    moves_changed = Signal(int)
    path_changed = Signal(object)  # Path or None
    modified_changed = Signal(bool)
    changed = Signal()  # after any change to the board's content

    def __init__(self, board: Board | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._board = board if board is not None else Board()
        self._path: Path | None = None
        self._moves = 0
        self._start: NDArray[np.uint8] = self._board.lights()
        self.undo_stack = QUndoStack(self)
        self._modified = False
        self.undo_stack.cleanChanged.connect(self._index_changed)
        self.undo_stack.indexChanged.connect(self._index_changed)
        # The press matrix is rebuilt only after a change to anything but the lights: the
        # analysis dock and the chasing view both ask for it after every edit.
        self._system: PressSystem | None = None
        for name in (*STRUCTURAL, "positions_changed"):  # the snapshot holds positions too
            getattr(self, name).connect(self._forget_system)
        self._names: ButtonNames | None = None
        for signal in (self.buttons_added, self.buttons_removed, self.board_replaced):
            signal.connect(self._forget_names)

    def _forget_names(self, *_: object) -> None:
        self._names = None

    def button_names(self) -> ButtonNames:
        """How a person finds each button: "row 2, column 3" on grids, else "button 7" (the
        number the canvas draws beside it); what hints and messages call buttons."""
        if self._names is None:
            self._names = ButtonNames(self._board.buttons)
        return self._names

    def _forget_system(self, *_: object) -> None:
        self._system = None

    def press_system(self) -> PressSystem:
        """A snapshot of the board's press matrix with the current lights (cached)."""
        if self._system is None:
            self._system = self._board.to_system()
            return self._system
        return self._system.with_lights(self._board.lights())

    def _index_changed(self, *_: object) -> None:
        modified = self._edited_since_clean()
        if modified != self._modified:
            self._modified = modified
            self.modified_changed.emit(modified)

    def _edited_since_clean(self) -> bool:
        """Whether a command between the saved (clean) state and now edits the board; presses
        and new games (commands marked ``playing``) do not: playing is not editing."""
        stack = self.undo_stack
        clean, now = stack.cleanIndex(), stack.index()
        if clean < 0:  # the saved state was undone and written over: it cannot come back
            return True
        low, high = sorted((clean, now))
        return not all(_playing(stack.command(i)) for i in range(low, high))

    # ------------------------------------------------------------------ state
    @property
    def board(self) -> Board:
        """The board; read it freely, change it only through this Document's methods."""
        return self._board

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        """The board was edited since it was saved or opened (presses in play mode are not
        edits: they change lights, but opening another file does not ask to save them)."""
        return self._modified

    @property
    def moves(self) -> int:
        """Presses made in play mode since the last scramble or reset."""
        return self._moves

    @property
    def start_lights(self) -> NDArray[np.uint8]:
        """The position play mode started from (what Reset goes back to)."""
        return self._start.copy()

    @property
    def display_name(self) -> str:
        """File name, else board name, else "untitled"."""
        if self._path is not None:
            return self._path.name
        return self._board.name or "untitled"

    def push(self, command: QUndoCommand) -> None:
        """Run `command` and put it on the undo stack."""
        self.undo_stack.push(command)

    def replace_board(self, board: Board, path: Path | None = None) -> None:
        """Start over with `board` (New or Open): forgets the undo history."""
        self.undo_stack.clear()
        self._board = board
        self._path = path
        self._moves = 0
        self._start = board.lights()
        self.undo_stack.setClean()
        self._modified = False
        self.board_replaced.emit()
        self.path_changed.emit(path)
        self.moves_changed.emit(0)
        self.modified_changed.emit(False)
        self.changed.emit()

    def mark_saved(self, path: Path) -> None:
        """Record that the board is now stored at `path`."""
        self._path = path
        self.undo_stack.setClean()
        self.path_changed.emit(path)

    # ------------------------------------------------------------------ buttons and edges
    def record(self, button: str) -> ButtonRecord:
        b = self._board
        return ButtonRecord(
            button, b.position(button), b.light(button), b.self_action_override(button)
        )

    def add_buttons(
        self, records: Sequence[ButtonRecord], order: Sequence[str] | None = None
    ) -> None:
        """Add buttons; `order` restores the full button order afterwards (used by undo)."""
        for r in records:
            self._board.add_button(r.id, r.pos, r.light % self._board.states, r.self_action)
        if order is not None:
            self._board.reorder(order)
        self.buttons_added.emit([r.id for r in records])
        self.changed.emit()

    def remove_buttons(self, ids: Sequence[str]) -> None:
        """Remove buttons with their edges (reported first by ``edges_removed``)."""
        gone = set(ids)
        touching = [(u, v) for u, v in self._board.edges() if u in gone or v in gone]
        self._board.remove_buttons(ids)  # one pass: many removals (undo of a big paste) stay fast
        if touching:
            self.edges_removed.emit(touching)
        self.buttons_removed.emit(list(ids))
        self.changed.emit()

    def add_edges(self, edges: Iterable[Edge]) -> None:
        added = [(u, v) for u, v in edges if not self._board.has_edge(u, v)]
        for u, v in added:
            self._board.add_edge(u, v)
        self.edges_added.emit(added)
        self.changed.emit()

    def remove_edges(self, edges: Iterable[Edge]) -> None:
        gone = list(edges)
        for u, v in gone:
            self._board.remove_edge(u, v)
        self.edges_removed.emit(gone)
        self.changed.emit()

    def reverse_edges(self, edges: Iterable[Edge]) -> None:
        """Turn each arc ``u -> v`` into ``v -> u`` (directed boards only)."""
        turned = list(edges)
        for u, v in turned:
            self._board.reverse_edge(u, v)
        self.edges_removed.emit(turned)
        self.edges_added.emit([(v, u) for u, v in turned])
        self.changed.emit()

    def set_edges(self, edges: Sequence[Edge]) -> None:
        """Replace the whole edge set (undo of a change of direction)."""
        old = self._board.edges()
        for u, v in old:
            self._board.remove_edge(u, v)
        for u, v in edges:
            self._board.add_edge(u, v)
        self.edges_removed.emit(old)
        self.edges_added.emit(list(edges))
        self.changed.emit()

    def set_positions(self, positions: Mapping[str, tuple[float, float]]) -> None:
        for b, p in positions.items():
            self._board.set_position(b, p)
        self.positions_changed.emit(list(positions))
        self.changed.emit()

    def set_self_actions(self, values: Mapping[str, bool | None]) -> None:
        for b, v in values.items():
            self._board.set_self_action(b, v)
        self.self_actions_changed.emit(list(values))
        self.changed.emit()

    def set_properties(self, props: BoardProperties) -> None:
        """Set name, rule, states and direction (lights are reduced mod the new states)."""
        b = self._board
        b.set_directed(props.directed)
        b.rule = props.rule
        b.states = props.states
        b.name = props.name
        self._start %= np.uint8(props.states)
        self.properties_changed.emit()
        self.changed.emit()

    # ------------------------------------------------------------------ lights and play
    def set_lights(self, values: Mapping[str, int]) -> None:
        """Set lights without pressing (lights mode, scramble, reset, undo of a press)."""
        self._board.set_lights(values)
        self.lights_changed.emit(list(values))
        self.changed.emit()

    def set_all_lights(self, values: NDArray[np.integer]) -> None:
        """Set every light from an array in button order."""
        self._board.set_lights(values)
        self.lights_changed.emit(list(self._board.buttons))
        self.changed.emit()

    def press(self, button: str, times: int = 1) -> None:
        """Press `button` `times` times: its targets gain `times` mod p."""
        targets = self._board.targets(button)
        self._board.press(button, times)
        self.lights_changed.emit(targets)
        self.changed.emit()

    def set_moves(self, moves: int) -> None:
        self._moves = moves
        self.moves_changed.emit(moves)

    def set_start(self, lights: NDArray[np.uint8]) -> None:
        """Remember the position play starts from (taken when play begins or on scramble)."""
        self._start = np.asarray(lights, dtype=np.uint8).copy()
