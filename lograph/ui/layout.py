"""How the window lays itself out: the board fitted to the view until the user zooms, docks
that never squeeze the canvas, where a feature's dock and status widgets go (`WindowDocks`,
the play controller's `DockHost`), and the window's geometry and dock layout kept between
runs.

A window restored maximised is first shown at its normal size and then grown by the window
manager, some time later; fitting once, when the board opens, fits the small first size and
leaves the board tiny in the middle of the big one. `FitKeeper` refits on every resize of the
view for as long as the view shows what it last fitted: a zoom of the user's (any change of
the view's transform it did not make) stops it; Fit to Window and a new board start it again.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QDockWidget,
    QFrame,
    QMainWindow,
    QScrollArea,
    QWidget,
)

from lograph.ui.canvas.view import BoardView
from lograph.ui.widgets import guard_wheel

__all__ = [
    "DEFAULT_DOCK_WIDTH",
    "DEFAULT_SIZE",
    "MAX_DOCK_SHARE",
    "STATE_VERSION",
    "DockPolicy",
    "FitKeeper",
    "WindowDocks",
    "restore_window",
    "save_window",
]

DEFAULT_SIZE = (1100, 760)
DEFAULT_DOCK_WIDTH = 330
#: A side dock takes at most this share of the window's width: the canvas keeps the rest.
MAX_DOCK_SHARE = 0.42
#: Bumped when the docks change, so an old saved layout is not applied to new docks.
STATE_VERSION = 2


class FitKeeper(QObject):
    """Keeps `view` fitted to its board while the user has not zoomed.

    Parameters
    ----------
    view : BoardView
        The canvas; its `fit` shows the whole board.
    """

    def __init__(self, view: BoardView) -> None:
        super().__init__(view)
        self.view = view
        self.following = True
        self._fitted: QTransform | None = None
        view.viewport().installEventFilter(self)

    def fit(self) -> None:
        """Fit now, and keep fitting on every resize (Fit to Window, a new board)."""
        self.following = True
        self._fit()

    def refresh(self) -> None:
        """Fit again if the view still shows the last fit (after a layout pass)."""
        if self.following and self.view.transform() == self._fitted:
            self._fit()

    def _fit(self) -> None:
        self.view.fit()
        self._fitted = self.view.transform()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.following:
            if self._fitted is not None and self.view.transform() != self._fitted:
                self.following = False  # the user (or a script) zoomed: leave the view alone
            else:
                self._fit()
        return False


class DockPolicy(QObject):
    """Side docks of `window` stay between their content's minimum and `MAX_DOCK_SHARE` of
    the window's width; a dock whose content does not scroll gets a scroll area, so a wide
    row of buttons scrolls instead of pushing the canvas to a sliver.
    """

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.docks: list[QDockWidget] = []
        window.installEventFilter(self)

    def add(self, dock: QDockWidget) -> None:
        content = dock.widget()
        # a column that scrolls its own part (a row pinned above a scroll area) is left whole
        inner = (
            None
            if content is None
            else content.findChild(QScrollArea, options=Qt.FindChildOption.FindDirectChildrenOnly)
        )
        if isinstance(content, QScrollArea):
            self._fit_rows(content)
        elif inner is not None:
            self._fit_rows(inner)
        elif content is not None and not isinstance(content, QAbstractScrollArea):
            scroll = QScrollArea()
            scroll.setObjectName(f"{dock.objectName()}_scroll")
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setWidget(content)
            dock.setWidget(scroll)
        if content is not None:
            guard_wheel(content)  # the wheel scrolls the dock, not the fields it passes
        self.docks.append(dock)
        self.limit()

    @staticmethod
    def _fit_rows(scroll: QScrollArea) -> None:
        """A panel that wraps its text to its width (no horizontal scroll bar) is still as
        wide as its widest row of buttons, which cannot shrink."""
        body = scroll.widget()
        if body is None or (
            scroll.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        ):
            return
        need = (
            body.minimumSizeHint().width()
            + scroll.verticalScrollBar().sizeHint().width()
            + 2 * scroll.frameWidth()
        )
        scroll.setMinimumWidth(max(scroll.minimumWidth(), need))

    def limit(self) -> None:
        """Apply the width limit for the window's current width."""
        share = int(self.window.width() * MAX_DOCK_SHARE)
        for dock in self.docks:
            dock.setMaximumWidth(max(dock.minimumSizeHint().width(), share))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.limit()
        return False


class WindowDocks:
    """Side docks and status widgets of `window`, for a feature that shows its own (the play
    controller's `DockHost`): docks go on the right, status widgets before the permanent
    ones."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window

    def add_dock(self, dock: QDockWidget) -> None:
        self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)

    def bring_dock_forward(self, dock: QDockWidget) -> None:
        window = self.window
        if dock.isHidden():  # a tab beside the other docks shown in its area, in front
            area = window.dockWidgetArea(dock)
            others = [d for d in window.findChildren(QDockWidget) if d is not dock]
            shown = [d for d in others if window.dockWidgetArea(d) == area and not d.isHidden()]
            dock.show()
            if shown and not dock.isFloating():
                window.tabifyDockWidget(shown[0], dock)
        dock.raise_()

    def add_status_widget(self, widget: QWidget) -> None:
        self.window.statusBar().insertPermanentWidget(0, widget)


def restore_window(window: QMainWindow, settings: QSettings, docks: list[QDockWidget]) -> None:
    """Geometry (maximised or not) and the dock layout of the last run, or sane defaults."""
    geometry = settings.value("geometry")
    if not isinstance(geometry, QByteArray) or not window.restoreGeometry(geometry):
        window.resize(*DEFAULT_SIZE)
    state = settings.value("window_state")
    if not isinstance(state, QByteArray) or not window.restoreState(state, STATE_VERSION):
        window.resizeDocks(docks, [DEFAULT_DOCK_WIDTH] * len(docks), Qt.Orientation.Horizontal)


def save_window(window: QMainWindow, settings: QSettings) -> None:
    settings.setValue("geometry", window.saveGeometry())
    settings.setValue("window_state", window.saveState(STATE_VERSION))
