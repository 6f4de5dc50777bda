"""The analysis panel's solution-map sections: the periods and orders (`DynamicsBox`, with the
step buttons, the step counter and the stability and inverse-solution overlays), the fixed
boards (`FixedBrowser`, the quiet patterns' browser over another basis) and the animated
solve (`AnimateBox`: order buttons and the speed).

Every widget has an objectName (``analysis_period_solution`` …) for tests and style sheets.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from lograph.ui.analysis.animated import ORDERS, SPEEDS, AnimatedSolve
from lograph.ui.analysis.dynamics import DynamicsAnswers, factor_text, number_text
from lograph.ui.analysis.map_steps import MapStepper
from lograph.ui.analysis.patterns import PatternBrowser
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.commands import SetLightsCommand
from lograph.ui.model.session import Session, bind_toggle
from lograph.ui.model.words import count_of
from lograph.ui.widgets import named

if TYPE_CHECKING:
    from lograph.core.dynamics import MapOrder, Orbit

__all__ = ["AnimateBox", "DynamicsBox", "FixedBrowser", "order_text", "period_text"]


def period_text(orbit: Orbit) -> str:
    """This board's period under one map, with its tail when it has one."""
    period = number_text(orbit.period)
    if orbit.tail:
        return f"{period}, after a tail of {count_of(orbit.tail, 'step')}"
    return period


def order_text(order: MapOrder) -> str:
    """A map's order, factorised, and whether every board comes back."""
    text = number_text(order.order)
    if order.order > 1 and not (len(order.factors) == 1 and sum(order.factors.values()) == 1):
        text += f" = {factor_text(order.factors)}"
    if order.invertible:
        return f"{text} (every board comes back)"
    return f"{text}, after a tail of up to {count_of(order.tail, 'step')}"


def _label(name: str) -> QLabel:
    label = named(QLabel("…"), name)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class DynamicsBox(QGroupBox):
    """Periods and orders, the step buttons and counter, the solution-map overlays.

    Parameters
    ----------
    answers : DynamicsAnswers
        The background answers.
    stepper : MapStepper
        Steps the map; owns the counter and the stability mask.
    session : Session
        Owns the overlays the check boxes show.
    """

    def __init__(
        self,
        answers: DynamicsAnswers,
        stepper: MapStepper,
        session: Session,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Solution map", parent)
        self.setObjectName("analysis_dynamics_box")
        self.answers, self.stepper = answers, stepper
        form = self._figures()
        self._controls(answers, stepper, session)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back)
        buttons.addWidget(self.forth)
        marks = QHBoxLayout()
        marks.addWidget(self.stability)
        marks.addWidget(self.lit_stability)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.singular)
        layout.addWidget(self.error)
        layout.addWidget(self.compute)
        layout.addLayout(buttons)
        layout.addWidget(self.steps)
        layout.addLayout(marks)
        layout.addWidget(self.inverse)
        answers.changed.connect(self.refresh)
        answers.model.runner.activity_changed.connect(self.refresh)
        stepper.changed.connect(self.refresh_steps)
        self.refresh()
        self.refresh_steps()

    def _figures(self) -> QFormLayout:
        """The periods and orders, and the notes under them."""
        form = QFormLayout()
        self.period_solution = _label("analysis_period_solution")
        self.period_press = _label("analysis_period_press")
        self.order_solution = _label("analysis_order_solution")
        self.order_press = _label("analysis_order_press")
        self.period_solution.setToolTip(
            "Replace the board by its solution again and again: after this many steps it "
            "comes back (LightsOutWeb's solution period)."
        )
        self.period_press.setToolTip(
            "Replace the board by its inverse solution (the lights its own presses would "
            "clear) again and again: LightsOutWeb's inverse solution period."
        )
        self.order_solution.setToolTip("The longest period any board has: the lcm of them all.")
        self.order_press.setToolTip("The longest period any board has under the press map.")
        form.addRow("This board's period", self.period_solution)
        form.addRow("… inverse solution", self.period_press)
        form.addRow("Longest period", self.order_solution)
        form.addRow("… inverse solution", self.order_press)
        # On a board with quiet patterns the solution map is the Drazin inverse (the one
        # that depends on the board alone): a LightsOutWeb user expects each step to be a
        # solution, which it is only on the part of a board that presses can undo.
        self.singular = named(
            QLabel(
                "This board has quiet patterns: a step keeps the part of the board that "
                "presses can undo (the Drazin inverse), so it is not always a solution. "
                "Show Solution solves the board."
            ),
            "analysis_dynamics_singular",
        )
        self.singular.setWordWrap(True)
        self.error = named(QLabel(""), "analysis_dynamics_error")
        self.error.setWordWrap(True)
        return form

    def _controls(self, answers: DynamicsAnswers, stepper: MapStepper, session: Session) -> None:
        """Compute, the step buttons, the counter and the overlays' check boxes."""
        self.compute = named(QPushButton("Compute"), "analysis_dynamics_compute")
        self.compute.setToolTip("Find the periods, the orders and the fixed boards again")
        self.compute.clicked.connect(answers.request)
        self.back = named(QPushButton("◀ Inverse"), "analysis_map_back")
        self.back.setToolTip("Replace the board by its inverse solution (Shift+E)")
        self.back.clicked.connect(stepper.backward)
        self.forth = named(QPushButton("Solution ▶"), "analysis_map_forward")
        self.forth.setToolTip("Replace the board by its solution (E)")
        self.forth.clicked.connect(stepper.forward)
        self.steps = _label("analysis_map_steps")
        self.stability = named(QCheckBox("Stability"), "analysis_show_stability")
        self.stability.setToolTip("Mark the cells no step has changed since stepping began (A)")
        self.lit_stability = named(QCheckBox("Lit stability"), "analysis_show_lit_stability")
        self.lit_stability.setToolTip("Mark the stable cells that are lit (Shift+A)")
        self.inverse = named(QCheckBox("Show inverse solution"), "analysis_show_inverse_box")
        self.inverse.setToolTip(
            "Mark the board whose solution this board is: the lights its own presses would "
            "clear (W; hides the solution's rings)"
        )
        for box, name in (
            (self.stability, "stability"),
            (self.lit_stability, "lit_stability"),
            (self.inverse, "inverse"),
        ):
            bind_toggle(box, lambda n=name: session.shows(n),  # type: ignore[misc]
                        lambda on, n=name: session.set_shown(n, on),  # type: ignore[misc]
                        session.overlay_changed)  # fmt: skip

    def refresh(self) -> None:
        from lograph.core.dynamics import MapKind

        answers, running = self.answers, self.answers.running
        waiting = "Finding…" if running else "—"
        orbits = answers.orbits
        maps = answers.maps
        if orbits is None:
            for label in (self.period_solution, self.period_press):
                label.setText(waiting)
        else:
            self.period_solution.setText(period_text(orbits[MapKind.SOLUTION]))
            self.period_press.setText(period_text(orbits[MapKind.PRESS]))
        if maps is None:
            for label in (self.order_solution, self.order_press):
                label.setText(waiting)
        else:
            self.order_solution.setText(order_text(maps.orders[MapKind.SOLUTION]))
            self.order_press.setText(order_text(maps.orders[MapKind.PRESS]))
        singular = maps is not None and not maps.orders[MapKind.SOLUTION].invertible
        self.singular.setVisible(singular)
        self.error.setText(answers.error)
        self.error.setVisible(bool(answers.error))
        board = answers.document.board
        missing = maps is None or orbits is None
        ready = answers.model.system is not None
        self.compute.setVisible(missing and not running and ready and len(board) > 0)
        for button in (self.back, self.forth):
            button.setEnabled(len(board) > 0)

    def refresh_steps(self) -> None:
        text = self.stepper.text()
        self.steps.setText(text or "Not stepping: the counter starts at the first step.")


class FixedBrowser(PatternBrowser):
    """The fixed boards of the solution map (boards that are their own solution), browsed
    and drawn like the quiet patterns, with "Load onto board"."""

    item, symbol = "Board", "f"

    def __init__(
        self,
        answers: DynamicsAnswers,
        scene: BoardScene,
        session: Session,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            "Fixed boards",
            "analysis_fixed",
            "fixed",
            "fixed",
            answers.model,
            scene,
            session,
            parent,
        )
        self.answers = answers
        self.load = named(QPushButton("Load onto board"), "analysis_fixed_load")
        self.load.setToolTip("Set the lights to the chosen fixed board (one undoable step)")
        self.load.clicked.connect(self.load_board)
        self.box_layout.addWidget(self.load)
        answers.changed.connect(self._answers_changed)
        self._rows: NDArray[np.uint8] | None = None
        self.refresh()

    def _answers_changed(self) -> None:
        rows = None if self.answers.maps is None else self.answers.maps.fixed
        if rows is not self._rows:  # the periods' job leaves the browser where it is
            self._rows = rows
            self.refresh()

    def basis(self) -> tuple[NDArray[np.uint8], tuple[int, ...], int] | None:
        maps = self.answers.maps
        if maps is None:
            return None
        k = self.answers.document.board.states
        # each generator's additive order: k over the gcd of k and its entries
        orders = tuple(k // math.gcd(k, *map(int, row)) for row in maps.fixed)
        return maps.fixed, orders, k

    def waiting_text(self) -> str:
        return "Finding…" if self.answers.running else "Not computed."

    def summary_text(self) -> str:
        if not self.k:
            return "None: only the dark board is its own solution."
        s = "s" if self.k > 1 else ""
        return (
            f"{self.k} basis board{s}: each is its own solution (LightsOutWeb's "
            f"citybuilder boards), and so is every combination ({number_text(self.total)} "
            "boards, the dark one included)."
        )

    def describe(self, vector: NDArray[np.int64]) -> str:
        return f"{count_of(int(np.count_nonzero(vector)), 'light')} on."

    def refresh(self) -> None:
        super().refresh()
        if hasattr(self, "load"):
            self.load.setEnabled(self.count > 0)

    def load_board(self) -> bool:
        vector = self.vector()
        if vector is None:
            return False
        doc = self.answers.document
        doc.push(SetLightsCommand(doc, vector.astype(np.uint8), "Load fixed board"))
        return True


class AnimateBox(QGroupBox):
    """Animated solve: random or reading order, and the speed."""

    def __init__(self, solve: AnimatedSolve, parent: QWidget | None = None) -> None:
        super().__init__("Animated solve", parent)
        self.setObjectName("analysis_animate_box")
        self.solve = solve
        self.buttons = {
            order: named(QPushButton(words.capitalize()), f"analysis_animate_{order}")
            for order, words in ORDERS.items()
        }
        self.buttons["random"].setToolTip("Press the solution's buttons in random order (S)")
        self.buttons["reading"].setToolTip(
            "Press the solution's buttons row by row, left to right (C); on a board that is "
            "not a grid, in button order"
        )
        for order, button in self.buttons.items():
            button.clicked.connect(lambda _=False, o=order: solve.start(o))
        self.speed = named(QComboBox(), "analysis_animate_speed")
        for per_second in SPEEDS:
            self.speed.addItem(f"{per_second} / s", per_second)
        self.speed.setToolTip("Presses per second")
        self.speed.setCurrentIndex(SPEEDS.index(solve.speed) if solve.speed in SPEEDS else 0)
        self.speed.currentIndexChanged.connect(
            lambda i: solve.set_speed(int(self.speed.itemData(i)))
        )
        row = QHBoxLayout(self)
        for button in self.buttons.values():
            row.addWidget(button)
        row.addWidget(self.speed)
        solve.running_changed.connect(self._running)

    def _running(self, on: bool) -> None:
        order = self.solve.order
        self.buttons[order].setText("Stop" if on else ORDERS[order].capitalize())
        for other, button in self.buttons.items():
            if other != order:
                button.setEnabled(not on)
