"""Wiring the analysis into the main window: the dock, the Analysis menu and its shortcuts.

==========================  ==============  ==================================================
action (objectName)         shortcut        does
==========================  ==============  ==================================================
``analysis_show_solution``  F7              mark the fewest presses on the board (toggle)
``analysis_hint``           F8              highlight one press of an optimal solution
``analysis_step``           F9              press the solution one button at a time (toggle)
``analysis_worst``          Ctrl+Alt+W      compute the worst position
``analysis_dock``           Ctrl+Shift+A    show or hide the analysis dock
==========================  ==============  ==================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu

from lograph.ui.actions import make_action
from lograph.ui.analysis.model import AnalysisModel
from lograph.ui.analysis.panel import AnalysisPanel
from lograph.ui.analysis.solution import SolutionController

if TYPE_CHECKING:
    from lograph.ui.main_window import MainWindow

__all__ = ["AnalysisDock", "install"]

SHORTCUTS = {
    "analysis_show_solution": "F7",
    "analysis_hint": "F8",
    "analysis_step": "F9",
    "analysis_worst": "Ctrl+Alt+W",
    "analysis_dock": "Ctrl+Shift+A",
}


@dataclass
class AnalysisDock:
    """What `install` added to a window (tests and other features reach the parts here)."""

    model: AnalysisModel
    solutions: SolutionController
    panel: AnalysisPanel
    dock: QDockWidget
    actions: dict[str, QAction]


class _CloseWatcher(QObject):
    """Stops the background jobs once the window has really closed (not when a close is
    refused by the unsaved-changes prompt)."""

    def __init__(self, window: MainWindow, model: AnalysisModel) -> None:
        super().__init__(window)
        self.window, self.model = window, model
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            QTimer.singleShot(0, self._after_close)
        return False

    def _after_close(self) -> None:
        if not self.window.isVisible():
            self.model.timer.stop()
            self.model.runner.shutdown()


def _action(window: MainWindow, name: str, text: str, tip: str, checkable: bool = False) -> QAction:
    return make_action(window, name, text, SHORTCUTS[name], tip, checkable)


def install(window: MainWindow) -> AnalysisDock:
    """Add the analysis dock, the Analysis menu and their shortcuts to `window`."""
    goal_action = window.action("goal_on")
    model = AnalysisModel(
        window.document, goal=lambda: "on" if goal_action.isChecked() else "off", parent=window
    )
    goal_action.toggled.connect(lambda _on: model.goal_changed())
    solutions = SolutionController(model, window.scene, parent=window)
    goal_action.toggled.connect(lambda _on: solutions.goal_changed())
    panel = AnalysisPanel(model, solutions, window.scene)
    dock = window.add_dock(panel, "Analysis", Qt.DockWidgetArea.RightDockWidgetArea)
    bar = window.statusBar()
    solutions.status.connect(lambda text: bar.showMessage(text, 6000))

    show = _action(
        window, "analysis_show_solution", "Show &Solution",
        "Mark the fewest presses that reach the goal", checkable=True,
    )  # fmt: skip
    show.toggled.connect(panel.show_button.setChecked)
    panel.show_button.toggled.connect(show.setChecked)
    hint = _action(window, "analysis_hint", "&Hint", "Highlight one press of a best solution")
    hint.triggered.connect(solutions.hint)
    step = _action(
        window, "analysis_step", "Solve Step by S&tep",
        "Press the fewest-presses solution one button at a time (again: stop)", checkable=True,
    )  # fmt: skip

    def steps() -> None:
        solutions.toggle_steps()
        step.setChecked(solutions.stepping)  # starts later, once the solution is known

    step.triggered.connect(steps)
    solutions.stepping_changed.connect(step.setChecked)

    def worst() -> None:
        dock.show()
        dock.raise_()
        model.request_worst()

    worst_act = _action(window, "analysis_worst", "&Worst Position", "The hardest position")
    worst_act.triggered.connect(worst)
    toggle = dock.toggleViewAction()
    toggle.setText("&Analysis Panel")
    toggle.setObjectName("analysis_dock")
    toggle.setShortcut(QKeySequence(SHORTCUTS["analysis_dock"]))
    toggle.setStatusTip("Show or hide the analysis panel")
    actions = {a.objectName(): a for a in (show, hint, step, worst_act, toggle)}
    if "analysis" not in window.menus:  # before Help, where menus usually end
        menu = QMenu("&Analysis", window)
        window.menuBar().insertMenu(window.menus["help"].menuAction(), menu)
        window.menus["analysis"] = menu
    for act in (show, hint, step, worst_act):
        window.add_action("analysis", act)
    window.menus["analysis"].addSeparator()
    window.add_action("analysis", toggle)
    _CloseWatcher(window, model)
    return AnalysisDock(model, solutions, panel, dock, actions)
