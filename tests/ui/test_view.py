"""Zoom and pan of the canvas view, driven by real wheel, mouse and key events."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from lograph.core.model.generators import rectangle
from tests.ui.helpers import load

MIDDLE = Qt.MouseButton.MiddleButton
LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier


def centre_in_scene(view) -> QPointF:
    return view.mapToScene(view.viewport().rect().center())


def wheel(view, at: QPoint, steps: int) -> None:
    event = QWheelEvent(
        QPointF(at),
        QPointF(view.viewport().mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        NO_MOD,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def test_wheel_zooms_around_the_cursor(window):
    load(window, rectangle(20, 20))
    view = window.view
    at = QPoint(200, 150)
    before_scale = view.current_scale()
    under = view.mapToScene(at)
    wheel(view, at, 2)
    assert view.current_scale() == pytest.approx(before_scale * 1.44)
    after = view.mapToScene(at)
    assert abs(after.x() - under.x()) < 2 / view.current_scale() + 1
    assert abs(after.y() - under.y()) < 2 / view.current_scale() + 1
    wheel(view, at, -2)
    assert view.current_scale() == pytest.approx(before_scale)


def test_zoom_has_limits(window):
    view = window.view
    for _ in range(80):
        view.zoom_in()
    assert view.current_scale() <= 12.0 + 1e-9
    for _ in range(200):
        view.zoom_out()
    assert view.current_scale() >= 0.005 - 1e-12


def test_middle_drag_pans(window):
    load(window, rectangle(40, 40))
    view = window.view
    viewport = view.viewport()
    before = centre_in_scene(view)
    QTest.mousePress(viewport, MIDDLE, NO_MOD, QPoint(300, 300))
    QTest.mouseMove(viewport, QPoint(250, 280))
    QTest.mouseMove(viewport, QPoint(200, 260))
    QTest.mouseRelease(viewport, MIDDLE, NO_MOD, QPoint(200, 260))
    after = centre_in_scene(view)
    assert after.x() - before.x() == pytest.approx(100 / view.current_scale(), abs=2)
    assert after.y() - before.y() == pytest.approx(40 / view.current_scale(), abs=2)
    assert len(window.document.board) == 1600  # the pan did not add a button


def test_space_and_left_drag_pans_instead_of_editing(window):
    load(window, rectangle(40, 40))
    view = window.view
    viewport = view.viewport()
    before = centre_in_scene(view)
    view.setFocus()
    QTest.keyPress(view, Qt.Key.Key_Space)
    QTest.mousePress(viewport, LEFT, NO_MOD, QPoint(300, 300))
    QTest.mouseMove(viewport, QPoint(360, 300))
    QTest.mouseRelease(viewport, LEFT, NO_MOD, QPoint(360, 300))
    QTest.keyRelease(view, Qt.Key.Key_Space)
    after = centre_in_scene(view)
    assert before.x() - after.x() == pytest.approx(60 / view.current_scale(), abs=2)
    assert not window.document.undo_stack.canUndo()


def test_escape_drops_the_selection(window):
    load(window, rectangle(2, 2))
    window.scene.set_selection(["r0c0"])
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.scene.selected == set()
