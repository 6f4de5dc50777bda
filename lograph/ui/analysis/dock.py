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
``analysis_map_forward``    E               replace the board by its solution
``analysis_map_back``       Shift+E         replace the board by its inverse solution
``analysis_show_inverse``   W               mark the inverse solution (toggle)
``analysis_stability``      A               mark the cells stable since stepping began
``analysis_lit_stability``  Shift+A         mark the stable cells that are lit
``analysis_animate_random`` S               animated solve, random order (again: stop)
``analysis_animate_reading`` C              animated solve, reading order (again: stop)
``analysis_animate_stop``   Esc             stop the animated solve (only while it runs)
``analysis_goto_periods``   V               show the Solution map section (the periods)
``analysis_goto_fixed``     G               show the Fixed boards section
``analysis_dock``           Ctrl+Shift+A    show or hide the analysis dock
==========================  ==============  ==================================================

The solution map's keys are LightsOutWeb's (E, W, A, Shift+A, S, C); F7 is also T, its
"show solution"; V and G, its period and eigenvector counts, show the sections that answer
them outright.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QVBoxLayout, QWidget

from lograph.ui.actions import make_action
from lograph.ui.analysis.animated import AnimatedSolve
from lograph.ui.analysis.dynamics import DynamicsAnswers
from lograph.ui.analysis.dynamics_box import AnimateBox, DynamicsBox, FixedBrowser
from lograph.ui.analysis.inverse import InverseMark
from lograph.ui.analysis.map_steps import MapStepper
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
    "analysis_map_forward": "E",
    "analysis_map_back": "Shift+E",
    "analysis_show_inverse": "W",
    "analysis_stability": "A",
    "analysis_lit_stability": "Shift+A",
    "analysis_animate_random": "S",
    "analysis_animate_reading": "C",
    "analysis_animate_stop": "Esc",
    "analysis_goto_periods": "V",
    "analysis_goto_fixed": "G",
    "analysis_dock": "Ctrl+Shift+A",
}
#: LightsOutWeb's key for showing the solution, a second shortcut of F7.
SHOW_SOLUTION_LETTER = "T"


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
        self.dynamics = DynamicsAnswers(model, parent=self)
        self.stepper = MapStepper(model, scene, session, parent=self)
        self.inverse = InverseMark(model.document, scene, session, parent=self)
        self.animated = AnimatedSolve(model, scene, session, parent=self)
        for part in (self.stepper, self.animated):
            part.status.connect(self.status)
        # one player at a time: step by step and the animated solve stop each other
        self.animated.running_changed.connect(self._animation_started)
        self.solutions.stepping_changed.connect(self._stepping_started)
        self.animate_box = AnimateBox(self.animated)
        self.dynamics_box = DynamicsBox(self.dynamics, self.stepper, session)
        self.fixed_browser = FixedBrowser(self.dynamics, scene, session)
        for section in (self.animate_box, self.dynamics_box, self.fixed_browser):
            self.panel.add_section(section, self.panel.worst_box)
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

    def _animation_started(self, on: bool) -> None:
        if on:
            self.solutions.stop()

    def _stepping_started(self, on: bool) -> None:
        if on:
            self.animated.stop()

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
        show.setShortcuts([QKeySequence(SHORTCUTS[show.objectName()]),
                           QKeySequence(SHOW_SOLUTION_LETTER)])  # fmt: skip
        toggle = self.dock.toggleViewAction()
        toggle.setText("&Analysis Panel")
        toggle.setObjectName("analysis_dock")
        toggle.setShortcut(QKeySequence(SHORTCUTS["analysis_dock"]))
        toggle.setStatusTip("Show or hide the analysis panel")
        made = {a.objectName(): a for a in (show, hint, step, worst, toggle)}
        return made | self._map_actions(session, parent)

    def _map_actions(self, session: Session, parent: QWidget) -> dict[str, QAction]:
        """The solution map's actions: step, overlays, animated solve."""
        forward = self._action(
            parent, "analysis_map_forward", "Replace Board by Its Sol&ution",
            "Each light becomes the number of times its button is pressed in the solution",
        )  # fmt: skip
        forward.triggered.connect(self.stepper.forward)
        back = self._action(
            parent, "analysis_map_back", "Replace Board by Its In&verse Solution",
            "The board whose solution this board is: the lights its own presses would clear",
        )  # fmt: skip
        back.triggered.connect(self.stepper.backward)
        made = [forward, back]
        for name, overlay, text, tip in (
            ("analysis_show_inverse", "inverse", "Show I&nverse Solution",
             "Mark the lights this board's own presses would clear (hides the solution)"),
            ("analysis_stability", "stability", "Show Sta&bility",
             "Mark the cells no step has changed since stepping began"),
            ("analysis_lit_stability", "lit_stability", "Show &Lit Stability",
             "Mark the stable cells that are lit"),
        ):  # fmt: skip
            act = self._action(parent, name, text, tip)
            bind_toggle(act, lambda o=overlay: session.shows(o),  # type: ignore[misc]
                        lambda on, o=overlay: session.set_shown(o, on),  # type: ignore[misc]
                        session.overlay_changed)  # fmt: skip
            made.append(act)
        for order, text in (("random", "Animated Solve, &Random Order"),
                            ("reading", "Animated Solve, Rea&ding Order")):  # fmt: skip
            act = self._action(
                parent, f"analysis_animate_{order}", text,
                f"Press the solution's buttons one at a time in {order} order (again: stop)",
            )  # fmt: skip
            act.triggered.connect(lambda _=False, o=order: self.animated.start(o))
            made.append(act)
        stop = self._action(
            parent, "analysis_animate_stop", "Stop Ani&mated Solve",
            "Stop pressing; the presses made stay, undone in one step",
        )  # fmt: skip
        stop.triggered.connect(lambda: self.animated.stop("Stopped."))
        stop.setEnabled(False)  # Esc belongs to the board (it cancels a drag) until a solve runs
        self.animated.running_changed.connect(stop.setEnabled)
        made.append(stop)
        for name, text, section in (
            ("analysis_goto_periods", "Solution Map &Periods", self.dynamics_box),
            ("analysis_goto_fixed", "&Fixed Boards", self.fixed_browser),
        ):
            act = self._action(parent, name, text, "Show this section of the analysis panel")
            act.triggered.connect(lambda _=False, s=section: self.show_section(s))
            made.append(act)
        return {a.objectName(): a for a in made}

    def show_section(self, section: QWidget) -> None:
        """Show the dock, in front, scrolled to `section`."""
        self.dock.show()
        self.dock.raise_()
        self.panel.ensureWidgetVisible(section.findChildren(QWidget)[-1], 0, 8)  # its end …
        self.panel.ensureWidgetVisible(section, 0, 0)  # … and its title, which wins

    def menu_actions(self) -> list[QAction | None]:
        """What the dock adds to the Analysis menu, in order (None: a separator)."""
        names = ("analysis_show_solution", "analysis_hint", "analysis_step", "analysis_worst")
        animate = ("analysis_animate_random", "analysis_animate_reading", "analysis_animate_stop")
        solution_map = (
            "analysis_map_forward",
            "analysis_map_back",
            "analysis_show_inverse",
            "analysis_stability",
            "analysis_lit_stability",
            "analysis_goto_periods",
            "analysis_goto_fixed",
        )
        return [
            *(self.actions[n] for n in names),
            None,
            *(self.actions[n] for n in animate),
            None,
            *(self.actions[n] for n in solution_map),
            None,
            self.actions["analysis_dock"],
        ]

    def _steps(self) -> None:
        self.solutions.toggle_steps()
        self.actions["analysis_step"].setChecked(self.solutions.stepping)  # starts later

    def worst(self) -> None:
        """Show the dock and search for the worst position."""
        self.dock.show()
        self.dock.raise_()
        self.model.request_worst()
