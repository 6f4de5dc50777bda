"""Interaction modes as small objects: the scene hands each mouse event to the active tool,
which turns gestures into undo commands (never touching the board itself).

A tool has a lifecycle (the scene's `Interaction`): the window picks a tool and hands it to
`BoardScene.set_tool`, which deactivates the old one (a gesture in progress is dropped) and
activates the new one. Activation is where a tool sets itself up: every tool but Edit starts
without a selection, and Play makes the current lights the start of a new game (moves 0).

=========  ==============================================================================
Edit       drag from a button: to another button, connect them; to empty space, a new
           button there joined to it · Shift+drag a button: move it (with the selection if
           it is selected) · click a button: select (Ctrl or Shift toggles) · click empty
           space: deselect, or add a button when nothing is selected · drag on empty space:
           rubber-band select · Ctrl+Shift+click a button or edge: delete it (Alt+click
           too, where the window manager lets it through) · right click: menu
Lights     click: next light value (right click: previous), no press
Play       click: press the button (a move); a message when the goal is reached; under the
           Session's lit-only rule a click on an unlit button is refused with a message
=========  ==============================================================================

A button is never put closer than `placement.MIN_DISTANCE` to another: an add or a move
that would is refused with a status message, and a drag from a button that ends that close
to another button connects to it.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QAction, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsEllipseItem,
    QGraphicsSceneMouseEvent,
    QMenu,
    QWidget,
)

from lograph.ui.canvas import operations as ops
from lograph.ui.canvas.context_menu import DELETE_CLICK, build_menu
from lograph.ui.canvas.items import RADIUS, Palette
from lograph.ui.canvas.placement import Obstacles, blocker
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.commands import MoveCommand, PressCommand, SetLightsCommand
from lograph.ui.model.session import Session

__all__ = ["EditTool", "LightsTool", "PlayTool", "Tool"]

_LEFT = Qt.MouseButton.LeftButton
_CTRL = Qt.KeyboardModifier.ControlModifier
_SHIFT = Qt.KeyboardModifier.ShiftModifier
_ALT = Qt.KeyboardModifier.AltModifier


class Tool(QObject):
    """Base of the interaction modes (an `Interaction`); `message` carries one-line status
    texts."""

    name = ""
    hint = ""
    cursor = Qt.CursorShape.ArrowCursor
    message = Signal(str)

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.scene = scene
        self.doc = scene.document

    def named(self, button: str) -> str:
        """`button` as messages say it: as people find it ("row 2, column 3", "button 7")."""
        return self.doc.button_names().of(button)

    def activate(self) -> None:
        """Become the active tool. The selection is the edit tool's: others start without."""
        self.scene.clear_selection()

    def deactivate(self) -> None:
        """Stop being the active tool (another one, or this one restarting, takes over)."""
        self.cancel()

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        """A mouse button went down."""

    def move(self, event: QGraphicsSceneMouseEvent) -> None:
        """The mouse moved (with or without a button down)."""

    def release(self, event: QGraphicsSceneMouseEvent) -> None:
        """A mouse button went up."""

    def cancel(self) -> None:
        """Abandon a gesture in progress (Escape, or switching tools)."""

    def context_menu(
        self, point: QPointF, shared: dict[str, QAction], parent: QWidget
    ) -> QMenu | None:
        """The menu for a right click at scene `point` (None: this mode has none)."""
        return None


class EditTool(Tool):
    """Draw the board: add buttons and edges, select, move, delete."""

    name = "edit"
    hint = (
        f"Drag between buttons: connect · Shift+drag: move · {DELETE_CLICK}: delete · "
        "right click: more"
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
        self.ghost: QGraphicsEllipseItem | None = None
        self.obstacles: Obstacles | None = None
        self.blocked: list[tuple[str, str]] = []

    def activate(self) -> None:
        """Start editing; the selection stays (switching back keeps what was selected)."""

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != _LEFT:
            return
        scene = self.scene
        point = event.scenePos()
        self.origin, self.origin_screen = point, QPointF(event.screenPos())
        self.modifiers = event.modifiers()
        button = scene.button_at(point)
        edge = scene.edge_at(point) if button is None else None
        self.state = None
        # one-click delete: Ctrl+Shift, which window managers leave alone; Alt (as in Jaap's
        # Lights Out programs) where it reaches the window at all (Openbox and most take it)
        target = button is not None or edge is not None
        if self.modifiers & _ALT or (target and self.modifiers & _CTRL and self.modifiers & _SHIFT):
            ops.delete(scene, [button] if button else [], [edge] if edge else [])
        elif button is not None:
            self.anchor = button
            self.state = "button-move" if self.modifiers & _SHIFT else "button-edge"
        elif edge is not None:
            if self.modifiers & (_CTRL | _SHIFT):
                scene.toggle_selection(edges=[edge])
            else:
                scene.set_selection(edges=[edge])
        else:
            self.state = "empty"

    def _dragged(self, event: QGraphicsSceneMouseEvent) -> bool:
        delta = QPointF(event.screenPos()) - self.origin_screen
        return delta.manhattanLength() >= QApplication.startDragDistance()

    def move(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.state is None:
            return
        point = event.scenePos()
        if self.state in ("empty", "button-edge", "button-move"):
            if not self._dragged(event):
                return
            self._begin_drag()
        if self.state == "band":
            rect = QRectF(self.origin, point)
            self.scene.show_band(rect)
            self.scene.set_selection(self.base | set(self.scene.buttons_in(rect)))
        elif self.state == "edge":
            self._preview_edge(point)
        elif self.state == "move":
            assert self.anchor is not None
            anchor_from = QPointF(*self.start[self.moving.index(self.anchor)])
            moved = self.scene.snap(anchor_from + (point - self.origin)) - anchor_from
            shifted = self.start + np.array([moved.x(), moved.y()])
            self.scene.preview_positions(self.moving, shifted)
            self._warn_landing(shifted)

    def _begin_drag(self) -> None:
        scene, store = self.scene, self.scene.store
        if self.state == "empty":
            self.base = set(scene.selected) if self.modifiers & _CTRL else set()
            self.state = "band"
        elif self.state == "button-edge":
            self.state = "edge"
        else:  # the grabbed button, with the selection only when it belongs to it
            assert self.anchor is not None
            grabbed_selection = self.anchor in scene.selected
            self.moving = sorted(scene.selected) if grabbed_selection else [self.anchor]
            self.start = store.pos[store.slots_of(self.moving)].copy()
            self.obstacles = Obstacles(scene, self.moving)
            self.blocked = []
            self.state = "move"

    def _warn_landing(self, points: np.ndarray) -> None:
        """Say while dragging when a release here would be refused (and when not any more)."""
        assert self.obstacles is not None
        blocked = self.obstacles.blockers(points)
        if bool(blocked) != bool(self.blocked):
            moved, other = blocked[0] if blocked else ("", "")
            self.message.emit(
                f"{self.named(moved)} would land on {self.named(other)}: release elsewhere"
                if blocked
                else ""
            )
        self.blocked = blocked

    def _drop_target(self, point: QPointF) -> str | QPointF | None:
        """Where a connecting drag ending at `point` goes: a button (the one under the point,
        or too close to it to leave room), a new button's place, or nowhere (back on the
        button it started from)."""
        assert self.anchor is not None
        scene = self.scene
        under = scene.button_at(point)
        if under is not None:
            return None if under == self.anchor else under
        where = scene.snap(point)
        near = blocker(scene, where.x(), where.y())
        if near is None:
            return where
        return None if near == self.anchor else near

    def _preview_edge(self, point: QPointF) -> None:
        assert self.anchor is not None
        store = self.scene.store
        target = self._drop_target(point)
        if isinstance(target, str):
            end = QPointF(*store.position(target))
        elif isinstance(target, QPointF):
            end = target
        else:
            end = point
        self.scene.show_edge_preview(QPointF(*store.position(self.anchor)), end)
        self._show_ghost(target if isinstance(target, QPointF) else None)

    def _show_ghost(self, where: QPointF | None) -> None:
        """A dashed disc where a drag to empty space would put its new button."""
        if where is None:
            self._hide_ghost()
            return
        if self.ghost is None:
            self.ghost = QGraphicsEllipseItem(-RADIUS, -RADIUS, 2 * RADIUS, 2 * RADIUS)
            self.ghost.setPen(QPen(Palette.selection, 2, Qt.PenStyle.DashLine))
            self.ghost.setZValue(3)
            self.scene.addItem(self.ghost)
        self.ghost.setPos(where)

    def _hide_ghost(self) -> None:
        if self.ghost is not None:
            self.scene.removeItem(self.ghost)
            self.ghost = None

    def release(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() != _LEFT or self.state is None:
            return
        scene = self.scene
        state, self.state = self.state, None
        scene.hide_overlays()
        self._hide_ghost()
        point = event.scenePos()
        if state == "empty":
            self._click_empty(point)
        elif state in ("button-edge", "button-move"):
            assert self.anchor is not None
            if self.modifiers & (_CTRL | _SHIFT):
                scene.toggle_selection([self.anchor])
            else:
                scene.set_selection([self.anchor])
        elif state == "edge":
            self._finish_edge(point)
        elif state == "move":
            self._finish_move()

    def _click_empty(self, point: QPointF) -> None:
        """With a selection a click only deselects; without one it adds a button."""
        scene = self.scene
        if scene.selected or scene.selected_edges:
            if not self.modifiers & (_CTRL | _SHIFT):
                scene.clear_selection()
            return
        where = scene.snap(point)
        near = blocker(scene, where.x(), where.y())
        if near is not None:
            self.message.emit(f"No room for a button here: too close to {self.named(near)}")
            return
        ops.add_button(scene, point)

    def _finish_edge(self, point: QPointF) -> None:
        assert self.anchor is not None
        target = self._drop_target(point)
        if isinstance(target, QPointF):
            ops.add_button(self.scene, target, link=self.anchor)
        elif isinstance(target, str) and not ops.connect(self.scene, self.anchor, [target]):
            self.message.emit(
                f"{self.named(self.anchor)} and {self.named(target)} are already connected"
            )

    def _finish_move(self) -> None:
        scene, store = self.scene, self.scene.store
        now = store.pos[store.slots_of(self.moving)].copy()
        if np.allclose(now, self.start):
            return
        assert self.obstacles is not None
        clash = self.obstacles.blockers(now)
        if clash:
            scene.restore_positions(self.moving)
            moved, other = clash[0]
            self.message.emit(f"Not moved: {self.named(moved)} would land on {self.named(other)}")
            return
        new = {b: scene.to_board(QPointF(x, y)) for b, (x, y) in zip(self.moving, now, strict=True)}
        self.doc.push(MoveCommand(self.doc, new))

    def cancel(self) -> None:
        if self.state is None:  # Escape with no gesture going on: drop the selection
            self.scene.clear_selection()
        if self.state == "move":
            self.scene.restore_positions(self.moving)
        self.state = None
        self.scene.hide_overlays()
        self._hide_ghost()

    def context_menu(
        self, point: QPointF, shared: dict[str, QAction], parent: QWidget
    ) -> QMenu | None:
        if self.state is not None:  # a drag is going on
            return None
        return build_menu(self.scene, point, shared, parent, self.message.emit)


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
    """Play: clicking presses a button; `solved` fires when the goal is reached.

    Activating it starts a game: the current lights become the start, with no moves. Under
    the Session's lit-only rule a click on an unlit button is refused with a short message
    and presses nothing (so it is not a move either).
    """

    name = "play"
    hint = "Click: press a button · F5: scramble · Ctrl+Z: take back a press"
    cursor = Qt.CursorShape.PointingHandCursor
    solved = Signal(int)  # number of moves

    def __init__(self, scene: BoardScene, session: Session) -> None:
        super().__init__(scene)
        self.session = session  # owns the goal

    def activate(self) -> None:
        super().activate()
        self.doc.set_start(self.doc.board.lights())
        self.doc.set_moves(0)

    def press(self, event: QGraphicsSceneMouseEvent) -> None:
        button = self.scene.button_at(event.scenePos())
        if event.button() != _LEFT or button is None:
            return
        if self.session.lit_only and self.doc.board.light(button) == 0:
            self.message.emit(f"Lit-only: {self.named(button)} is not lit — press a lit button")
            return
        self.doc.push(PressCommand(self.doc, button))
        if self.scene.lights_at_goal(self.session.goal):
            self.solved.emit(self.doc.moves)
