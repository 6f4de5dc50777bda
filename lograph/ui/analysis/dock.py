"""The analysis dock: its panel, the solution controller and the actions it contributes to
the Analysis menu. It receives what it needs (the shared `AnalysisModel`, the Session, the
scene); the main window places the dock and the actions.

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

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QVBoxLayout, QWidget

from lograph.ui.actions import make_action
from lograph.ui.analysis.panel import AnalysisPanel
from lograph.ui.analysis.solution import SolutionController
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.session import Session, bind_toggle

__all__ = ["SHORTCUTS", "AnalysisDock"]

SHORTCUTS = {
    "analysis_show_solution": "F7",
    "analysis_hint": "F8",
    "analysis_step": "F9",
    "analysis_worst": "Ctrl+Alt+W",
    "analysis_dock": "Ctrl+Shift+A",
}


class AnalysisDock(QObject):
    """The analysis dock and its actions.

    Parameters
    ----------
    model : AnalysisModel
        The shared analysis of the current board.
    session : Session
        Owns the goal and the shown overlays.
    scene : BoardScene
        Where solutions and patterns are drawn.
    parent : QWidget
        The window (owner of the dock and the actions).

    Signals
    -------
    status(str)
        One line for the status bar.
    """

    status = Signal(str)

    def __init__(
        self, model: AnalysisModel, session: Session, scene: BoardScene, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.solutions = SolutionController(model, scene, session, parent=self)
        self.solutions.status.connect(self.status)
        self.panel = AnalysisPanel(model, self.solutions, scene, session)
        self.dock = QDockWidget("Analysis", parent)
        self.dock.setObjectName("dock_analysis_panel")
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.panel.busy_row)  # pinned: it never scrolls out of view
        column.addWidget(self.panel, 1)
        self.dock.setWidget(body)
        self.actions = self._make_actions(session, parent)

    def _action(self, parent: QWidget, name: str, text: str, tip: str) -> QAction:
        return make_action(parent, name, text, SHORTCUTS[name], tip)

    def _make_actions(self, session: Session, parent: QWidget) -> dict[str, QAction]:
        show = self._action(
            parent, "analysis_show_solution", "Show &Solution",
            "Mark the fewest presses that reach the goal",
        )  # fmt: skip
        bind_toggle(
            show,
            lambda: session.shows("solution"),
            lambda on: session.set_shown("solution", on),
            session.overlay_changed,
        )
        hint = self._action(
            parent, "analysis_hint", "&Hint", "Highlight one press of a best solution"
        )
        hint.triggered.connect(self.solutions.hint)
        step = self._action(
            parent, "analysis_step", "Solve Step by S&tep",
            "Press the fewest-presses solution one button at a time (again: stop)",
        )  # fmt: skip
        step.setCheckable(True)
        step.triggered.connect(self._steps)
        self.solutions.stepping_changed.connect(step.setChecked)
        worst = self._action(parent, "analysis_worst", "&Worst Position", "The hardest position")
        worst.triggered.connect(self.worst)
        toggle = self.dock.toggleViewAction()
        toggle.setText("&Analysis Panel")
        toggle.setObjectName("analysis_dock")
        toggle.setShortcut(QKeySequence(SHORTCUTS["analysis_dock"]))
        toggle.setStatusTip("Show or hide the analysis panel")
        return {a.objectName(): a for a in (show, hint, step, worst, toggle)}

    def menu_actions(self) -> list[QAction | None]:
        """What the dock adds to the Analysis menu, in order (None: a separator)."""
        names = ("analysis_show_solution", "analysis_hint", "analysis_step", "analysis_worst")
        return [*(self.actions[n] for n in names), None, self.actions["analysis_dock"]]

    def _steps(self) -> None:
        self.solutions.toggle_steps()
        self.actions["analysis_step"].setChecked(self.solutions.stepping)  # starts later

    def worst(self) -> None:
        """Show the dock and search for the worst position."""
        self.dock.show()
        self.dock.raise_()
        self.model.request_worst()
