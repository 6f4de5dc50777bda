"""Animated solve: press the fewest-presses solution's buttons one at a time, in random order
or in reading order, as LightsOutWeb's "Solve (random)" (S) and "Solve (sequential)" (C) do.

Reading order is the grid's: row by row from the top-left cell, each row left to right
(the cells ``r<row>c<col>`` name); a board that is not a grid has no rows, and its
buttons are pressed in button order. A button pressed t times (more than two states) is
pressed t times in a row.

A QTimer pushes one `SolvePressCommand` per tick; consecutive presses of one run merge into
one entry of the undo stack, so Undo takes the whole solve back in one step, and a solve
stopped halfway (Esc, the Stop action, any edit of the board) keeps what it pressed, as one
step too. The speed is presses per second (`SPEEDS`).

Examples
--------
>>> reading_order([(1, 0), (0, 2), (0, 1)])
[2, 1, 0]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand

from lograph.core.optimize.fewest import FewestSolution
from lograph.ui.analysis.solution import HINT_STYLE, NEXT_COLOR, press_marks
from lograph.ui.canvas.overlay import Mark, Overlay
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.document import Document
from lograph.ui.model.session import Session
from lograph.ui.model.words import count_of

__all__ = ["ORDERS", "SPEEDS", "AnimatedSolve", "SolvePressCommand", "reading_order"]

#: The orders a solve can press in: name -> what the menu and the status bar call it.
ORDERS = {"random": "random order", "reading": "reading order"}
#: Presses per second the speed setting offers; the default is `DEFAULT_SPEED`.
SPEEDS = (1, 2, 4, 8, 16, 32, 64)
DEFAULT_SPEED = 4
#: The id under which `SolvePressCommand`s merge (any constant other commands do not use).
_MERGE_ID = 0x50_4C_56  # "SLV"
_runs = itertools.count(1)


def reading_order(cells: Sequence[tuple[int, int]]) -> list[int]:
    """Indices of `cells` ``(row, col)`` sorted row by row, left to right."""
    return sorted(range(len(cells)), key=lambda i: (cells[i][0], cells[i][1]))


class SolvePressCommand(QUndoCommand):
    """One or more presses of one animated solve: consecutive ones of the same run merge,
    so the run is one step of the undo stack (a play move: `Document.is_modified` ignores it).
    """

    playing = True

    def __init__(self, doc: Document, button: str, run: int) -> None:
        super().__init__(f"Animated solve: press {button}")
        self.doc, self.run = doc, run
        self.buttons = [button]
        self.moves = doc.moves

    def id(self) -> int:
        return _MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SolvePressCommand) or other.run != self.run:
            return False
        self.buttons.extend(other.buttons)
        self.setText(f"Animated solve ({count_of(len(self.buttons), 'press')})")
        return True

    def redo(self) -> None:
        for button in self.buttons:  # once at push; every button again on redo
            self.doc.press(button)
        self.doc.set_moves(self.moves + len(self.buttons))

    def undo(self) -> None:
        p = self.doc.board.states
        for button in reversed(self.buttons):
            self.doc.press(button, p - 1)  # p - 1 more presses bring its targets back
        self.doc.set_moves(self.moves)


class AnimatedSolve(QObject):
    """Plays the model's fewest-presses solution, one press per timer tick.

    Parameters
    ----------
    model : AnalysisModel
        Gives the solution (computed in the background).
    scene : BoardScene
        Where the presses still to come are marked (the next one glowing).
    session : Session
        Under the lit-only rule an animated solve is refused (its orders press unlit buttons).

    Signals
    -------
    running_changed(bool)
        A solve started or stopped.
    pressed(str)
        A button was pressed by the solve (tests record the order).
    status(str)
        One line for the status bar.
    goal_reached(str)
        The solve pressed its last button.
    """

    running_changed = Signal(bool)
    pressed = Signal(str)
    status = Signal(str)
    goal_reached = Signal(str)

    def __init__(
        self,
        model: AnalysisModel,
        scene: BoardScene,
        session: Session,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.model, self.scene, self.session = model, scene, session
        self.document = model.document
        self.rng = np.random.default_rng()
        self.order = "reading"
        self.steps: list[str] = []  # presses still to make
        self.done = 0
        self.run = 0
        self._expected: tuple[int, int] | None = None
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.set_speed(DEFAULT_SPEED)

    @property
    def overlay(self) -> Overlay:
        return self.scene.overlay("analysis.animated")

    @property
    def running(self) -> bool:
        return self.timer.isActive()

    @property
    def speed(self) -> int:
        """Presses per second."""
        return round(1000 / max(self.timer.interval(), 1))

    def set_speed(self, per_second: int) -> None:
        self.timer.setInterval(max(1, round(1000 / max(per_second, 1))))

    # ------------------------------------------------------------------ starting
    def start(self, order: str) -> None:
        """Solve in `order` (a key of `ORDERS`); again while running: stop."""
        if order not in ORDERS:
            raise ValueError(f"order must be one of {tuple(ORDERS)}, not {order!r}")
        if self.running:
            self.stop("Stopped.")
            return
        if self.session.lit_only:
            self.status.emit(
                "An animated solve presses unlit buttons: under the lit-only rule use "
                "Solve Step by Step."
            )
            return
        position = self.model.position
        if position is not None and not position.solvable:
            self.status.emit("This position cannot be solved.")
            return
        self.order = order
        self.status.emit("Finding the fewest presses…")
        self.model.request_solution(self._begin)

    def _begin(self, solution: FewestSolution | None) -> None:
        if solution is None:
            self.status.emit("Cannot solve: unsolvable, or the board changed.")
            return
        board = self.document.board
        presses = solution.presses
        where = np.flatnonzero(presses).tolist()
        if self.order == "random":
            where = [where[i] for i in self.rng.permutation(len(where)).tolist()]
        else:
            cells = self.document.press_system().coords  # (row, col) of a grid's buttons
            if cells is not None:  # a grid: row by row; else button order (already)
                pairs = [(int(cells[i, 0]), int(cells[i, 1])) for i in where]
                where = [where[j] for j in reading_order(pairs)]
        names = board.buttons
        self.steps = [names[i] for i in where for _ in range(int(presses[i]))]
        self.done = 0
        if not self.steps:
            self.status.emit("Nothing to press: the goal is reached.")
            return
        self.run = next(_runs)
        self._expected = (self.model.structure, self.model.lights)
        self._draw()
        self.timer.start()
        self.running_changed.emit(True)
        self.status.emit(
            f"Solving in {count_of(len(self.steps), 'press')}, {ORDERS[self.order]} (Esc stops)…"
        )

    # ------------------------------------------------------------------ playing
    def _draw(self) -> None:
        marks = press_marks(list(self.steps), np.ones(len(self.steps), dtype=np.uint8))
        if self.steps:
            marks[self.steps[0]] = Mark(NEXT_COLOR, "", HINT_STYLE)
        self.overlay.set_marks(marks)

    def _tick(self) -> None:
        if self._expected != (self.model.structure, self.model.lights):
            self.stop(f"Stopped: the board changed ({count_of(self.done, 'press')} kept).")
            return
        button = self.steps.pop(0)
        self.document.push(SolvePressCommand(self.document, button, self.run))
        self.done += 1
        self._expected = (self.model.structure, self.model.lights)
        self.pressed.emit(button)
        if not self.steps:
            text = f"Solved in {count_of(self.done, 'press')} ({ORDERS[self.order]})."
            self.stop(f"{text} Undo takes it back in one step.")
            self.goal_reached.emit(text)
            return
        self._draw()

    def stop(self, text: str = "") -> None:
        """Stop the solve; the presses made so far stay (one step of the undo stack)."""
        was = self.running
        self.timer.stop()
        self.steps = []
        self._expected = None
        self.overlay.clear()
        if was:
            self.running_changed.emit(False)
        if text:
            self.status.emit(text)
