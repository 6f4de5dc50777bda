"""The wheel over a dock scrolls the dock: a combo box or spin box it passes keeps its value
unless it has the focus (scrolling the Analysis dock under Xvfb changed the shown quiet
pattern on the way down; with the guard it scrolled to the bottom and back, the pattern
unchanged)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox

from lograph.core.model.generators import rectangle
from tests.ui.helpers import load
from tests.ui.test_analysis_figures import settle


def _wheel_down(widget) -> QWheelEvent:
    """One notch of the wheel, down, over the middle of `widget`; the event, to see whether
    the widget kept it (accepted) or left it to its parents, the dock's scroll area."""
    middle = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(
        middle, QPointF(widget.mapToGlobal(middle.toPoint())), QPoint(0, 0), QPoint(0, -120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )  # fmt: skip
    QApplication.sendEvent(widget, event)
    return event


def test_a_field_without_focus_leaves_the_wheel_to_the_dock(qtbot, window):
    load(window, rectangle(5, 5))
    settle(qtbot, window)
    engine = window.findChild(QComboBox, "analysis_engine")
    chosen = engine.currentText()
    assert not engine.hasFocus()
    event = _wheel_down(engine)
    assert engine.currentText() == chosen
    assert not event.isAccepted()  # so Qt hands a mouse's wheel on to the scroll area
    window.activateWindow()
    engine.setFocus(Qt.FocusReason.TabFocusReason)  # tabbed to (a click opens its list)
    qtbot.waitUntil(engine.hasFocus, timeout=5_000)
    _wheel_down(engine)
    assert engine.currentText() != chosen  # a focused field turns as usual


def test_every_field_of_the_docks_is_guarded(qtbot, window):
    fields = [*window.findChildren(QComboBox), *window.findChildren(QAbstractSpinBox)]
    docked = [f for f in fields if window.analysis.panel.isAncestorOf(f)]
    assert docked  # the engine, the failing patterns, the quiet-pattern spin box …
    for field in docked:
        assert field.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel never focuses
