"""The Analysis menu: named actions with their own shortcuts, the dock toggle, and the panel's
buttons kept in step with the actions."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from lograph.core.model.generators import rectangle
from lograph.ui.analysis.dock import SHORTCUTS
from tests.ui.helpers import load
from tests.ui.test_analysis_figures import settle


@pytest.mark.parametrize("name", sorted(SHORTCUTS))
def test_analysis_actions_have_names_and_their_own_shortcuts(window, name):
    act = window.action(name)
    assert act.shortcut() == QKeySequence(SHORTCUTS[name])
    others = [
        a
        for a in window.findChildren(QAction)
        if a is not act and a.objectName() and act.shortcut() in a.shortcuts()
    ]
    assert not others, f"{SHORTCUTS[name]} is also used by {[a.objectName() for a in others]}"
    assert act in window.menus["analysis"].actions()


def test_the_dock_toggles(qtbot, window):
    dock = window.analysis.dock
    assert dock.isVisible()
    assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    window.action("analysis_dock").trigger()
    assert not dock.isVisible()
    window.action("analysis_dock").trigger()
    assert dock.isVisible()


def test_show_solution_action_and_button_agree(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    action, button = window.action("analysis_show_solution"), window.analysis.panel.show_button
    action.trigger()
    assert button.isChecked()
    assert window.analysis.solutions.show
    button.click()
    assert not action.isChecked()
    assert not window.analysis.solutions.show


def test_worst_action_opens_the_dock(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    window.analysis.dock.hide()
    window.action("analysis_worst").trigger()
    assert window.analysis.dock.isVisible()
    qtbot.waitUntil(lambda: window.analysis.model.worst is not None, timeout=10_000)
    assert window.analysis.model.worst.worst_presses == 9  # 3x3: every button, published


def test_buttons_wait_for_the_analysis(qtbot, window):
    panel = window.analysis.panel
    load(window, rectangle(3, 3))
    assert not panel.hint_button.isEnabled()  # nothing to hint from before the analysis
    settle(qtbot, window)
    assert panel.hint_button.isEnabled()
    assert panel.worst_button.isEnabled()


def test_empty_board(qtbot, window):
    from lograph.core.model.board import Board

    model, panel = window.analysis.model, window.analysis.panel
    load(window, Board())
    # analysed like any board: its one position (no lights) is solved
    qtbot.waitUntil(lambda: model.solver is not None and not model.pending)
    assert model.analysis.n == 0
    assert panel.position.status.text() == "Solved: an empty board has no lights to switch."
    assert not panel.recompute_button.isVisible()
