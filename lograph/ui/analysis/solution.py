"""Solutions on the board: show the fewest presses, give a hint, solve step by step.

The presses come from the model's background fewest-presses job; this controller only draws
them (overlay marks on the buttons to press) and plays them back. Step by step is a QTimer
that pushes one real `PressCommand` per tick, so every step is on the undo stack; it stops
by itself when the board changes under it (any press or edit it did not make).

Under the session's lit-only rule, Hint and step by step use the core's lit-only search
instead (an ordered sequence of presses, each on a lit button), run on the "lit_only" channel.

Examples
--------
>>> controller = SolutionController(model, scene, session)  # doctest: +SKIP
>>> session.set_shown("solution", True)  # marks appear when the solution is known  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, QTimer, Signal

from lograph.core.errors import LographError
from lograph.core.optimize.fewest import FewestSolution
from lograph.core.optimize.lit_only import LitOnlySolution
from lograph.ui.canvas.overlay import Mark, Overlay
from lograph.ui.canvas.palette import MARKS
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.commands import PressCommand
from lograph.ui.model.session import Session
from lograph.ui.model.words import count_of

__all__ = ["HINT_COLOR", "SOLUTION_COLOR", "STEP_MS", "SolutionController"]

SOLUTION_COLOR = MARKS["press"].color  # one colour per meaning: see `palette.MARKS`
HINT_COLOR = MARKS["hint"].color
#: the shapes of the two meanings (a glow around the next press, rings on the solution)
HINT_STYLE, SOLUTION_STYLE = MARKS["hint"].style, MARKS["press"].style
NEXT_COLOR = MARKS["hint"].color  # the next press of step by step: "press this one now"
#: What Hint and Solve say when the lit-only search finds no way to the goal.
LIT_ONLY_STUCK = "This position cannot be cleared pressing only lit buttons."
#: Milliseconds between two presses of "Solve step by step".
STEP_MS = 350
#: Step numbers are written on at most this many marks (more would be unreadable anyway).
_NUMBERED = 400


def press_marks(
    names: list[str], presses: NDArray[np.uint8], color: str = SOLUTION_COLOR
) -> dict[str, Mark]:
    """Ring marks on the buttons to press; the badge says how often when more than once."""
    where = np.flatnonzero(presses)
    return {
        names[i]: Mark(color, str(int(presses[i])) if presses[i] > 1 else "", SOLUTION_STYLE)
        for i in where.tolist()
    }


class SolutionController(QObject):
    """Draws and plays the model's fewest-presses solution.

    Signals
    -------
    status(str)
        One line for the status bar ("Hint: press row 3, column 4", "Solved in 7 presses" …).
    stepping_changed(bool)
        Step-by-step playback started or stopped.
    goal_reached(str)
        Step-by-step playback pressed its last button (the window shows it as its banner).
    """

    status = Signal(str)
    stepping_changed = Signal(bool)
    goal_reached = Signal(str)

    def __init__(
        self,
        model: AnalysisModel,
        scene: BoardScene,
        session: Session,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.scene = scene
        self.session = session
        self.document = model.document
        self.hint_button: str | None = None
        self.steps: list[str] = []  # presses still to make
        self.done_steps = 0
        self._expected: tuple[int, int] | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(STEP_MS)
        self.timer.timeout.connect(self._step)
        model.solution_changed.connect(self.redraw)
        self._structure = model.structure  # the board the marks and steps were made for
        model.analysis_changed.connect(self._structure_maybe_changed)
        self.document.lights_changed.connect(self._lights_changed)
        session.overlay_changed.connect(self._overlay_changed)
        session.goal_changed.connect(lambda _goal: self.goal_changed())
        session.lit_only_changed.connect(lambda _on: self.goal_changed())

    @property
    def solution_overlay(self) -> Overlay:
        return self.scene.overlay("analysis.solution")

    @property
    def hint_overlay(self) -> Overlay:
        return self.scene.overlay("analysis.hint")

    @property
    def stepping(self) -> bool:
        return self.timer.isActive()

    # ------------------------------------------------------------------ show solution
    @property
    def show(self) -> bool:
        """The fewest-presses solution is kept marked (the session's "solution" overlay)."""
        return self.session.shows("solution")

    def _overlay_changed(self, name: str, on: bool) -> None:
        if name == "solution":
            self._set_show(on)

    def _set_show(self, on: bool) -> None:
        self.model.want_solution = on
        if on:
            self.model.request_solution()
        self.redraw()

    def redraw(self) -> None:
        if self.stepping:
            return  # the step overlay owns the marks while playing
        solution = self.model.solution
        if not self.show or solution is None:
            self.solution_overlay.clear()
            return
        names = list(self.document.board.buttons)
        self.solution_overlay.set_marks(press_marks(names, solution.presses))

    def _lights_changed(self, _ids: list[str]) -> None:
        self.hint_overlay.clear()
        if self.hint_button is not None:  # the hint is used (or stale): its text goes too
            self.hint_button = None
            self.status.emit("")
        if not self.stepping:
            self.redraw()

    def goal_changed(self) -> None:
        """The hint led to the other goal (or rule): drop it."""
        self._lights_changed([])

    def _structure_maybe_changed(self) -> None:
        # An analysis starting for the same board (lit-only steps need none) keeps the marks.
        edited, self._structure = self._structure != self.model.structure, self.model.structure
        if self.model.solver is None and edited:  # an edit dropped the analysis: marks go
            self.stop()
            self.hint_overlay.clear()
            self.hint_button = None
            self.redraw()

    # ------------------------------------------------------------------ hint
    def hint(self) -> None:
        """Highlight one press of an optimal solution (it cuts the fewest count by one)."""
        if self.session.lit_only:
            self.status.emit("Looking for a lit-only hint…")
            self._request_lit_only(self._show_lit_hint)
            return
        position = self.model.position
        if position is not None and not position.solvable:
            self.status.emit("This position cannot be solved: no hint.")
            return
        self.status.emit("Looking for a hint…")
        self.model.request_solution(self._show_hint)

    def _request_lit_only(self, then: Callable[[LitOnlySolution], None]) -> None:
        """The fewest lit presses from the current lights, in order, in the background."""
        from lograph.core.optimize.lit_only import lit_only_solve
        from lograph.core.work import Work

        system, goal, model = self.document.press_system(), self.session.goal, self.model

        def token() -> object:
            return (model.structure, model.lights, self.session.goal, self.session.lit_only)

        def failed(_token: object, error: BaseException) -> None:
            if not isinstance(error, LographError):
                raise error
            self.status.emit(f"Lit-only: {error}")

        model.runner.submit(
            "lit_only",
            lambda cancel: lit_only_solve(system, goal, Work(cancel=cancel)),
            "Searching lit-only presses…",
            token=token(),
            current=token,
            done=lambda _token, solution: then(solution),
            failed=failed,
        )

    def _show_lit_hint(self, solution: LitOnlySolution) -> None:
        if solution.presses is None:
            self.status.emit(LIT_ONLY_STUCK)
        elif not solution.presses:
            self.status.emit("Nothing to press: the goal is reached.")
        else:
            button = self.document.board.buttons[solution.presses[0]]
            self.hint_button = button
            self.hint_overlay.set_marks({button: Mark(HINT_COLOR, "?", HINT_STYLE)})
            left = len(solution.presses)
            name = self.document.button_names()[solution.presses[0]]
            self.status.emit(
                f"Hint: press {name} ({count_of(left, 'lit press')} left at the fewest)"
            )

    def _show_hint(self, solution: FewestSolution | None) -> None:
        if solution is None:
            self.status.emit("No hint: the position cannot be solved or the board changed.")
            return
        where = np.flatnonzero(solution.presses)
        if not len(where):
            self.status.emit("Nothing to press: the goal is reached.")
            return
        # Any press of an optimal solution works; the first in board order is predictable.
        button = self.document.board.buttons[int(where[0])]
        self.hint_button = button
        self.hint_overlay.set_marks({button: Mark(HINT_COLOR, "?", HINT_STYLE)})
        left, name = solution.press_count, self.document.button_names()[int(where[0])]
        self.status.emit(f"Hint: press {name} ({count_of(left, 'press')} left at the fewest)")

    # ------------------------------------------------------------------ step by step
    def toggle_steps(self) -> None:
        """Start solving step by step, or stop if it is running."""
        if self.stepping:
            self.stop("Stopped.")
        else:
            self.start_steps()

    def start_steps(self) -> None:
        if self.session.lit_only:
            self.status.emit("Finding the fewest lit-only presses…")
            self._request_lit_only(self._begin_lit_only)
            return
        position = self.model.position
        if position is not None and not position.solvable:
            self.status.emit("This position cannot be solved.")
            return
        self.status.emit("Finding the fewest presses…")
        self.model.request_solution(self._begin)

    def _begin(self, solution: FewestSolution | None) -> None:
        if solution is None:
            self.status.emit("Cannot solve step by step: unsolvable, or the board changed.")
            return
        names, presses = self.document.board.buttons, solution.presses
        # p > 2: a button pressed t times appears t times in a row
        self._play([names[i] for i in np.flatnonzero(presses).tolist() for _ in range(presses[i])])

    def _begin_lit_only(self, solution: LitOnlySolution) -> None:
        if solution.presses is None:
            self.status.emit(LIT_ONLY_STUCK)
            return
        names = self.document.board.buttons
        self._play([names[i] for i in solution.presses])  # the order matters here

    def _play(self, steps: list[str]) -> None:
        """Press `steps` in order, one per tick of the timer."""
        self.steps = steps
        self.done_steps = 0
        if not self.steps:
            self.status.emit("Nothing to press: the goal is reached.")
            return
        self.hint_overlay.clear()
        self._expected = (self.model.structure, self.model.lights)
        self._draw_steps()
        self.timer.start()
        self.stepping_changed.emit(True)
        self.status.emit(f"Solving in {count_of(len(self.steps), 'press')}…")

    def _draw_steps(self) -> None:
        marks: dict[str, Mark] = {}
        for i, button in enumerate(self.steps):
            if button in marks:
                continue  # a button pressed several times keeps its first step number
            number = str(self.done_steps + i + 1) if i < _NUMBERED else ""
            color = NEXT_COLOR if i == 0 else SOLUTION_COLOR
            marks[button] = Mark(color, number, HINT_STYLE if i == 0 else SOLUTION_STYLE)
        self.solution_overlay.set_marks(marks)

    def _step(self) -> None:
        if self._expected != (self.model.structure, self.model.lights):
            self.stop("Stopped: the board changed.")
            return
        button = self.steps.pop(0)
        self.document.push(PressCommand(self.document, button))
        self.done_steps += 1
        self._expected = (self.model.structure, self.model.lights)
        if not self.steps:
            presses = f"{self.done_steps} press{'' if self.done_steps == 1 else 'es'}"
            self.stop(f"Solved in {presses} (each can be undone).")
            self.goal_reached.emit(f"Solved step by step in {presses}.")
            return
        self._draw_steps()

    def stop(self, text: str = "") -> None:
        """Stop step-by-step playback (the presses made so far stay, undoable)."""
        was = self.stepping
        self.timer.stop()
        self.steps = []
        self._expected = None
        if was:
            self.stepping_changed.emit(False)
            self.redraw()
        if text:
            self.status.emit(text)
