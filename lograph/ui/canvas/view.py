"""The canvas view: zoom (wheel, keys, fit), pan (middle drag or space + drag), and the
right-click menu of the active tool."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QCursor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QMenu, QWidget

from lograph.ui.canvas.items import Palette
from lograph.ui.canvas.scene import BoardScene

__all__ = ["BoardView"]

MIN_SCALE, MAX_SCALE = 0.005, 12.0


class BoardView(QGraphicsView):
    """A QGraphicsView with zoom, pan and fit for a `BoardScene`.

    Parameters
    ----------
    scene : BoardScene
        The scene to show.
    """

    scale_changed = Signal(float)
    #: A right-click menu was just shown (tests trigger its entries).
    menu_shown = Signal(QMenu)

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setObjectName("board_view")
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        # keys zoom around the centre; the wheel keeps the point under the cursor (zoom_by)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        # the grid is drawn in the background: cache it, the board changes far more often
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # the canvas pans by middle drag or space + drag; scroll bars would only take room
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._space = False
        self._pan_from: QPoint | None = None
        self.menu: QMenu | None = None  # the last right-click menu, replaced by the next

    @property
    def board_scene(self) -> BoardScene:
        scene = self.scene()
        assert isinstance(scene, BoardScene)
        return scene

    # ------------------------------------------------------------------ zoom
    def current_scale(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float, at: QPoint | None = None) -> None:
        """Zoom by `factor` (kept between MIN_SCALE and MAX_SCALE).

        With `at` (a viewport pixel) the scene point under it stays under it.
        """
        s = self.current_scale()
        factor = max(MIN_SCALE / s, min(MAX_SCALE / s, factor))
        under = self.mapToScene(at) if at is not None else None
        self.scale(factor, factor)
        if at is not None and under is not None:
            drift = self.mapFromScene(under) - at
            h, v = self.horizontalScrollBar(), self.verticalScrollBar()
            h.setValue(h.value() + drift.x())
            v.setValue(v.value() + drift.y())
        self.scale_changed.emit(self.current_scale())

    def zoom_in(self) -> None:
        self.zoom_by(1.25)

    def zoom_out(self) -> None:
        self.zoom_by(0.8)

    def fit(self) -> None:
        """Show the whole board, at most at natural size."""
        rect: QRectF = self.board_scene.board_rect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        if self.current_scale() > 2.0:
            self.resetTransform()
            self.scale(2.0, 2.0)
            self.centerOn(rect.center())
        self.scale_changed.emit(self.current_scale())

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """On an empty board, say how to start."""
        if len(self.board_scene.store):
            return
        painter.save()
        painter.resetTransform()
        painter.setPen(Palette.label)
        painter.drawText(
            self.viewport().rect(),
            Qt.AlignmentFlag.AlignCenter,
            "Empty board\n\nEdit mode: click to add a button, drag from one button to another "
            "to connect them,\nShift+drag to move one, right-click for more.\n"
            "Or start from File ▸ New Board… (Ctrl+N) or open a file (Ctrl+O).",
        )
        painter.restore()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """The active tool's menu for the point clicked (Edit mode has one)."""
        tool = self.board_scene.tool
        event.accept()  # never handed on to the scene: Lights mode uses the right button
        if tool is None or self._pan_from is not None:
            return
        shared: dict[str, QAction] = {
            act.objectName(): act for act in self.window().actions() if act.objectName()
        }
        where = event.pos()
        if event.reason() == QContextMenuEvent.Reason.Keyboard:  # the Menu key, Shift+F10
            area = self.viewport().rect()
            cursor = self.viewport().mapFromGlobal(QCursor.pos())
            where = cursor if area.contains(cursor) else area.center()
        menu = tool.context_menu(self.mapToScene(where), shared, self)
        if menu is None:
            return
        if self.menu is not None:
            self.menu.deleteLater()
        self.menu = menu
        menu.popup(self.viewport().mapToGlobal(where))
        self.menu_shown.emit(menu)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(1.2**steps, event.position().toPoint())
        event.accept()

    # ------------------------------------------------------------------ pan
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            event.accept()
            return
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        middle = event.button() == Qt.MouseButton.MiddleButton
        if middle or (self._space and event.button() == Qt.MouseButton.LeftButton):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            now = event.position().toPoint()
            delta = now - self._pan_from
            self._pan_from = now
            h, v = self.horizontalScrollBar(), self.verticalScrollBar()
            h.setValue(h.value() - delta.x())
            v.setValue(v.value() - delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            if self._space:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)
