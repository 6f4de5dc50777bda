"""Interaction modes as small objects: the scene hands each mouse event to the active tool,
which turns gestures into undo commands (never touching the board itself).

=========  ==============================================================================
Edit       click empty space: add a button · drag from a button to another: connect them ·
           click: select (Ctrl toggles) · drag on empty space: rubber-band select ·
           drag a selected button (or Shift+drag any): move the selection, one undo step
Lights     click: next light value (right click: previous), no press
Play       click: press the button (a move); a message when the goal is reached
=========  ==============================================================================
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtWidgets import QApplication, QGraphicsSceneMouseEvent

from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.commands import (
    AddButtonsCommand,
    AddEdgesCommand,
    MoveCommand,
    PressCommand,
    SetLightsCommand,
)
from lograph.ui.model.document import ButtonRecord
from lograph.ui.model.session import Session

__all__ = ["EditTool", "LightsTool", "PlayTool", "Tool"]

_LEFT = Qt.MouseButton.LeftButton
_CTRL = Qt.KeyboardModifier.ControlModifier
_SHIFT = Qt.KeyboardModifier.ShiftModifier


class Tool(QObject):
    """Base of the interaction modes; `message` carries one-line status texts."""

    name = ""
    hint = ""
    cursor = Qt.CursorShape.ArrowCursor
    message = Signal(str)

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.scene = scene
        self.doc = scene.document

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        """A mouse button went down."""

    def move(self, event: QGraphicsSceneMouseEvent) -> None:
        """The mouse moved (with or without a button down)."""

    def release(self, event: QGraphicsSceneMouseEvent) -> None:
        """A mouse button went up."""

    def cancel(self) -> None:
        """Abandon a gesture in progress (Escape, or switching tools)."""


class EditTool(Tool):
    """Draw the board: add buttons and edges, select, move."""

    name = "edit"
    hint = (
        "Click: add a button · drag button→button: connect · drag empty space: select · "
        "drag a selected button (or Shift+drag): move"
    )

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.state: str | None = None
        self.anchor: str | None = None
        self.origin = QPointF()
        self.origin_screen = QPointF()
        self.moving: list[str] = []
        self.start = np.zeros((0, 2))
        self.base: set[str] = set()
        self.modifiers = Qt.KeyboardModifier.NoModifier

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != _LEFT:
            return
        scene = self.scene
        point = event.scenePos()
        self.origin, self.origin_screen = point, QPointF(event.screenPos())
        self.modifiers = event.modifiers()
        button = scene.button_at(point)
        if button is not None:
            self.anchor = button
            moving = button in scene.selected or bool(self.modifiers & _SHIFT)
            self.state = "button-move" if moving else "button-edge"
            return
        edge = scene.edge_at(point)
        if edge is not None:
            self.state = None
            if self.modifiers & _CTRL:
                scene.toggle_selection(edges=[edge])
            else:
                scene.set_selection(edges=[edge])
            return
        self.state = "empty"

    def _dragged(self, event: QGraphicsSceneMouseEvent) -> bool:
        delta = QPointF(event.screenPos()) - self.origin_screen
        return delta.manhattanLength() >= QApplication.startDragDistance()

    def move(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.state is None:
            return
        scene, store = self.scene, self.scene.store
        point = event.scenePos()
        if self.state in ("empty", "button-edge", "button-move"):
            if not self._dragged(event):
                return
            if self.state == "empty":
                self.base = set(scene.selected) if self.modifiers & _CTRL else set()
                self.state = "band"
            elif self.state == "button-edge":
                self.state = "edge"
            else:
                assert self.anchor is not None
                if self.anchor not in scene.selected:
                    scene.set_selection(scene.selected | {self.anchor}, scene.selected_edges)
                self.moving = sorted(scene.selected)
                self.start = store.pos[store.slots_of(self.moving)].copy()
                self.state = "move"
        if self.state == "band":
            rect = QRectF(self.origin, point)
            scene.show_band(rect)
            scene.set_selection(self.base | set(scene.buttons_in(rect)))
        elif self.state == "edge":
            assert self.anchor is not None
            a = QPointF(*store.position(self.anchor))
            target = scene.button_at(point)
            end = QPointF(*store.position(target)) if target not in (None, self.anchor) else point
            scene.show_edge_preview(a, end)
        elif self.state == "move":
            assert self.anchor is not None
            anchor_from = QPointF(*self.start[self.moving.index(self.anchor)])
            moved = scene.snap(anchor_from + (point - self.origin)) - anchor_from
            scene.preview_positions(self.moving, self.start + np.array([moved.x(), moved.y()]))

    def release(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != _LEFT or self.state is None:
            return
        scene, doc = self.scene, self.doc
        state, self.state = self.state, None
        scene.hide_overlays()
        point = event.scenePos()
        if state == "empty":
            self._add_button(point)
        elif state in ("button-edge", "button-move"):
            assert self.anchor is not None
            if self.modifiers & _CTRL:
                scene.toggle_selection([self.anchor])
            else:
                scene.set_selection([self.anchor])
        elif state == "edge":
            target = scene.button_at(point)
            if target is None or target == self.anchor:
                return
            assert self.anchor is not None
            if doc.board.has_edge(self.anchor, target):
                self.message.emit(f"{self.anchor} and {target} are already connected")
                return
            doc.push(AddEdgesCommand(doc, [(self.anchor, target)]))
        elif state == "move":
            store = scene.store
            now = store.pos[store.slots_of(self.moving)]
            if np.allclose(now, self.start):
                return
            new = {
                b: scene.to_board(QPointF(x, y)) for b, (x, y) in zip(self.moving, now, strict=True)
            }
            doc.push(MoveCommand(doc, new))

    def _add_button(self, point: QPointF) -> None:
        doc = self.doc
        button = doc.board.new_button_id()
        where = self.scene.to_board(self.scene.snap(point))
        doc.push(AddButtonsCommand(doc, [ButtonRecord(button, where)], text=f"Add button {button}"))
        self.scene.set_selection([button])

    def cancel(self) -> None:
        if self.state is None:  # Escape with no gesture going on: drop the selection
            self.scene.clear_selection()
        if self.state == "move":
            self.scene.restore_positions(self.moving)
        self.state = None
        self.scene.hide_overlays()


class LightsTool(Tool):
    """Set up a puzzle: clicking changes one light without pressing."""

    name = "lights"
    hint = "Click: next light value · right click: previous value (no press)"
    cursor = Qt.CursorShape.PointingHandCursor

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        step = {_LEFT: 1, Qt.MouseButton.RightButton: -1}.get(event.button())
        button = self.scene.button_at(event.scenePos())
        if step is None or button is None:
            return
        board = self.doc.board
        value = (board.light(button) + step) % board.states
        self.doc.push(SetLightsCommand(self.doc, {button: value}, f"Set light of {button}"))


class PlayTool(Tool):
    """Play: clicking presses a button; `solved` fires when the goal is reached."""

    name = "play"
    hint = "Click: press a button · F5: scramble · Ctrl+Z: take back a press"
    cursor = Qt.CursorShape.PointingHandCursor
    solved = Signal(int)  # number of moves

    def __init__(self, scene: BoardScene, session: Session) -> None:
        super().__init__(scene)
        self.session = session  # owns the goal

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        button = self.scene.button_at(event.scenePos())
        if event.button() != _LEFT or button is None:
            return
        self.doc.push(PressCommand(self.doc, button))
        if self.scene.lights_at_goal(self.session.goal):
            self.solved.emit(self.doc.moves)
