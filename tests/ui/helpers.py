"""Gestures sent to the real viewport at scene positions, and board snapshots."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtTest import QTest

from lograph.core.model.board import Board
from lograph.ui.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
RIGHT = Qt.MouseButton.RightButton
NO_MOD = Qt.KeyboardModifier.NoModifier


def load(window: MainWindow, board: Board, zoom: float = 1.0) -> None:
    """Show `board` at a fixed zoom, centred (so scene positions map inside the viewport)."""
    window.document.replace_board(board)
    window.view.resetTransform()
    window.view.scale(zoom, zoom)
    window.view.centerOn(window.scene.board_rect().center())


def at(window: MainWindow, point: QPointF | tuple[float, float]) -> QPoint:
    """Viewport pixel of a scene point."""
    return window.view.mapFromScene(QPointF(*point) if isinstance(point, tuple) else point)


def button_point(window: MainWindow, button: str) -> QPointF:
    return QPointF(*window.scene.store.position(button))


def click(window, point, button=LEFT, modifiers=NO_MOD) -> None:
    QTest.mouseClick(window.view.viewport(), button, modifiers, at(window, point))


def drag(window, start, end, modifiers=NO_MOD, steps: int = 6) -> None:
    """Press at `start`, move in steps, release at `end` (scene points)."""
    viewport = window.view.viewport()
    a, b = at(window, start), at(window, end)
    QTest.mousePress(viewport, LEFT, modifiers, a)
    for i in range(1, steps + 1):
        QTest.mouseMove(viewport, a + (b - a) * i / steps)
    QTest.mouseRelease(viewport, LEFT, modifiers, b)


def snapshot(board: Board) -> dict:
    """Everything that defines a board, independent of the Board's own equality."""
    nodes = board.graph.nodes
    return {
        "order": list(board.buttons),
        "pos": {b: tuple(nodes[b]["pos"]) for b in board.buttons},
        "light": {b: int(nodes[b]["light"]) for b in board.buttons},
        "self": {b: nodes[b]["self_action"] for b in board.buttons},
        "edges": sorted(
            (u, v) if board.directed else tuple(sorted((u, v))) for u, v in board.graph.edges()
        ),
        "props": (board.name, board.rule, board.states, board.directed),
    }


def undo_all(stack: QUndoStack) -> None:
    while stack.canUndo():
        stack.undo()


def redo_all(stack: QUndoStack) -> None:
    while stack.canRedo():
        stack.redo()
