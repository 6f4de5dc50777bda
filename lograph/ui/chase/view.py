"""The chasing view: the recommended chase drawn on the board, its lookup table in a dock,
and the Chase action that plays the forced presses.

The plan and table only depend on the board's structure, so lighting changes keep them. They
are computed on the window's job runner from the shared `AnalysisModel`: its press-system
snapshot, and the chase plan its engine already made when it has one (the fast and chase-p
engines do), so a plan is never worked out twice for one board revision. Any structural edit
drops them at once (a stale plan is never drawn) and, while the dock or the plan is shown, a
new one is computed after a short pause.

A person's recipe, as the view offers it: **Chase** presses every forced button; the check
lights left on are looked up in the table (the row is selected and its free buttons ringed
brown); **Press Free Buttons** presses them; **Chase** again switches every light off.

The parts it drives: `source` (plans and free presses from the shared analysis), `marks`
(the overlays), `panel` (the dock's widget) and `player` (the presses played one by one).
"""

from __future__ import annotations

import logging

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QWidget

from lograph.core.errors import LographError
from lograph.ui.actions import make_action
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.chase.marks import ChaseMarks
from lograph.ui.chase.panel import ChasePanel, counts_text, pattern_text, step_labels
from lograph.ui.chase.player import ChasePlayer, shifted_lights
from lograph.ui.chase.source import ChaseSource
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.commands import PressCommand
from lograph.ui.model.document import STRUCTURAL
from lograph.ui.model.jobs import JobRunner
from lograph.ui.model.session import Session, bind_toggle
from lograph.ui.picture.chase_plan import ChaseData

__all__ = ["ChaseView"]

log = logging.getLogger("lograph.ui")
DEBOUNCE_MS = 300
#: name, text, shortcut, tip
ACTIONS = (
    ("chase_show", "Show Chase &Plan", "Ctrl+Shift+K", "Draw the chase plan on the board"),
    ("chase_run", "&Chase", "Ctrl+K", "Press every forced button, step by step"),
    ("chase_stop", "S&top Chase", "Ctrl+Alt+K", "Stop the chase being played"),
    (
        "chase_press_free",
        "Press &Free Buttons",
        "Ctrl+Alt+F",
        "Press the free buttons of the chosen table row, then chase again",
    ),
)


class ChaseView(QObject):
    """The chasing dock of one window and its actions (menu Analysis).

    Parameters
    ----------
    analysis : AnalysisModel
        The shared analysis: the Document, the board revision, the prepared solver and its
        chase plan, the position.
    session : Session
        Owns the goal and whether the plan is shown.
    runner : JobRunner
        The window's job runner.
    scene : BoardScene
        Where the plan and the chase are drawn.
    parent : QWidget
        The window (owner of the dock and the actions).

    Signals
    -------
    data_ready()
        A plan (and table) for the current board is known.
    chase_done(str)
        The message shown when a chase ends (also sent as `status`).
    goal_reached(str)
        A chase ended with every light at the goal (the window shows it as its banner).
    status(str)
        One line for the status bar.
    """

    data_ready = Signal()
    chase_done = Signal(str)
    goal_reached = Signal(str)
    status = Signal(str)

    def __init__(
        self,
        analysis: AnalysisModel,
        session: Session,
        runner: JobRunner,
        scene: BoardScene,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.analysis, self.session, self.runner = analysis, session, runner
        self.document = analysis.document
        self.scene = scene
        self.data: ChaseData | None = None
        self.free_presses: dict[str, int] = {}  # what Press Free Buttons presses
        self._labels: tuple[ChaseData, dict[str, str]] | None = None  # step numbers
        self._want_chase = False
        self.source = ChaseSource(analysis, runner, parent=self)
        self.marks = ChaseMarks(scene)
        self.panel = ChasePanel()
        self.panel.setObjectName("chase_panel")
        self.player = ChasePlayer(self.document, self.marks.step, parent=self)
        self.player.finished.connect(self._chase_finished)
        self.player.progress.connect(self._progress)
        self.panel.row_chosen.connect(self._row_chosen)
        self.panel.cancel_requested.connect(self.cancel_computation)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._maybe_compute)
        self.actions = self._make_actions(parent)
        self.dock = QDockWidget("Chasing", parent)
        self.dock.setObjectName("dock_chase_panel")
        self.dock.setWidget(self.panel)
        self.dock.visibilityChanged.connect(lambda shown: shown and self._timer.start(0))
        for name in STRUCTURAL:
            getattr(self.document, name).connect(self._structure_changed)
        self.document.lights_changed.connect(self._lights_changed)
        session.goal_changed.connect(lambda _goal: self.goal_changed())
        session.overlay_changed.connect(self._overlay_changed)
        self._structure_changed()

    def _make_actions(self, parent: QWidget) -> dict[str, QAction]:
        actions = {a[0]: make_action(parent, *a) for a in ACTIONS}
        session = self.session
        bind_toggle(
            actions["chase_show"],
            lambda: session.shows("chase_plan"),
            lambda on: session.set_shown("chase_plan", on),
            session.overlay_changed,
        )
        actions["chase_run"].triggered.connect(self.chase)
        actions["chase_stop"].triggered.connect(self.player.stop)
        actions["chase_press_free"].triggered.connect(self.press_free)
        self.panel.set_actions(actions)
        return actions

    def menu_actions(self) -> list[QAction]:
        """What the view adds to the Analysis menu, in order."""
        return [self.actions[a[0]] for a in ACTIONS]

    def goal(self) -> str:
        return self.session.goal

    # ------------------------------------------------------------------ computing
    def _wanted(self) -> bool:
        return self.panel.isVisible() or self.session.shows("chase_plan") or self._want_chase

    def _structure_changed(self, *args: object) -> None:
        self.data = None
        self.source.drop()
        self.panel.set_busy(False)
        self.free_presses = {}
        self.marks.clear()
        self.panel.legend.set_states(self.document.board.states)
        self.panel.clear_table("The board changed: updating the plan…")
        self._update_actions()
        self._timer.start()

    def _maybe_compute(self) -> None:
        if self.data is None and self._wanted():
            self.compute()

    def compute(self) -> None:
        """Start computing the plan and table of the current board (from the shared
        analysis; see `ChaseSource`)."""
        if self.data is None:
            self.source.plan(lambda text: self.panel.set_busy(True, text), self._got, self._failed)

    def cancel_computation(self) -> None:
        cancelled = self.source.cancel()
        self._want_chase = False
        self.panel.set_busy(False)
        if cancelled:
            self.panel.clear_table("Cancelled. Show the plan or chase to compute it again.")

    def _failed(self, error: BaseException) -> None:
        self.panel.set_busy(False)
        if not isinstance(error, LographError | MemoryError):
            log.error("chase plan failed", exc_info=error)
        self.panel.clear_table(f"No chase plan: {error}")
        self._want_chase = False

    def _got(self, data: ChaseData) -> None:
        self.panel.set_busy(False)
        self.data = data
        self.panel.show_data(data)
        if self.session.shows("chase_plan"):
            self.marks.draw_plan(data)
        self._update_actions()
        self.data_ready.emit()
        if self._want_chase:
            self._want_chase = False
            self.chase()

    # ------------------------------------------------------------------ drawing
    def show_plan(self, on: bool) -> None:
        """Draw (or hide) the plan: numbered steps, free buttons, arrows, check lights."""
        self.session.set_shown("chase_plan", on)

    def _overlay_changed(self, name: str, on: bool) -> None:
        if name != "chase_plan":
            return
        if not on:
            self.marks.clear_plan()
        elif self.data is None:
            self.compute()
        else:
            self.marks.draw_plan(self.data)

    def _row_chosen(self, row: int) -> None:
        """Mark the free presses of a table row, and the check lights its pattern has on."""
        data = self.data
        if data is None or data.table is None or row < 0:
            self.marks.clear_row()
            self.free_presses = {}
            self._update_actions()
            return
        self._mark_free(data, data.table.presses[row])
        self.marks.mark_lit(data, data.table.patterns[row])
        self._update_actions()

    def _mark_free(self, data: ChaseData, presses: NDArray[np.integer]) -> None:
        """Ring the free buttons to press (what Press Free Buttons will press)."""
        self.free_presses = {
            b: int(t) for b, t in zip(data.free_ids, presses.tolist(), strict=True) if t
        }
        self.marks.mark_row(data, presses)

    # ------------------------------------------------------------------ the Chase action
    def chase(self) -> None:
        """Play the forced presses for the current position (computing the plan first)."""
        if self.player.running:
            return
        if self.data is None:
            self._want_chase = True
            self.panel.set_message("Finding a chase plan first…")
            self.compute()
            return
        self.marks.clear_row()
        self.free_presses = {}
        self._update_actions()
        self.player.start(self.data, self.goal())  # nothing forced: `finished` came at once
        self._update_actions()

    def _progress(self, done: int, total: int) -> None:
        light, _button, times, step = self.player.steps[done - 1]
        again = f" ×{times}" if times > 1 else ""
        at = self._label(light)
        self.panel.set_message(
            f"Chasing: press {done} of {total} — step {step}{again}, forced by the light at "
            f"step {at}"
        )

    def _label(self, button: str) -> str:
        """The button's step number, as the board shows it (else its name for people)."""
        if self.data is None:
            return self.document.button_names().of(button)
        if self._labels is None or self._labels[0] is not self.data:
            self._labels = (self.data, step_labels(self.data))
        label = self._labels[1].get(button)
        return label if label is not None else self.document.button_names().of(button)

    def _named(self, ids: list[str], counts: NDArray[np.integer]) -> str:
        """``"steps 2, 4×2"`` while the plan's step numbers are drawn on the board, else the
        buttons as people find them (``"row 1, column 2; row 1, column 4×2"``)."""
        if not self.session.shows("chase_plan"):
            names = self.document.button_names()
            return counts_text([names.of(b) for b in ids], counts, sep="; ")
        steps = counts_text([self._label(b) for b in ids], counts, sep=", ")
        if steps == "none":
            return steps
        word = "step" if np.count_nonzero(counts) == 1 else "steps"
        return f"{word} {steps}"

    def _chase_finished(self, complete: bool) -> None:
        self._update_actions()
        if not complete:
            self._say("Chase stopped: the presses made so far stay (each can be undone).")
            return
        data = self.data
        if data is None:
            return
        goal = self.goal()
        pattern = shifted_lights(self.document, data.names, goal)[data.plan.check]
        if not pattern.any():
            self.panel.select_row(-1)
            self._say(f"Chase done: every light is {goal}. Solved!")
            self.goal_reached.emit(f"Solved by chasing! Every light is {goal}.")
            return
        self.marks.mark_lit(data, pattern)
        lit = self._named(data.check_ids, pattern)
        if data.table is None:
            self._say(f"Check lights on: {lit}. Looking up the free presses…")
            self._solve_free(data, goal)
            return
        rows = np.flatnonzero((data.table.patterns == pattern).all(axis=1))
        if not len(rows):
            self.panel.select_row(-1)
            self.marks.mark_lit(data, pattern)
            self._say(
                f"This position cannot be solved (to all {goal}): no table row has the check "
                f"lights' pattern {pattern_text(pattern)} ({lit})."
            )
            return
        row = int(rows[0])
        self.panel.select_row(row)  # marks the row's free presses through row_chosen
        self.marks.mark_lit(data, pattern)
        free = self._named(data.free_ids, data.table.presses[row])
        # the instruction first: a narrow status bar cuts the end of the line
        self._say(
            f"Table row {row + 1}: press the free buttons ringed brown ({free}), then Chase "
            f"again. The check lights read {pattern_text(pattern)} ({lit})."
        )

    def _solve_free(self, data: ChaseData, goal: str) -> None:
        """No table (too big): the free presses of this one position, from a solution.

        Any solution x, restricted to the free buttons, is what the lookup would give: the
        forced presses follow from the free ones, so chasing after pressing x[free] is x.
        """
        self.source.solution(
            goal,
            lambda x: self._free_found(data, goal, x),
            lambda exc: self._say(f"Cannot look up the free presses: {exc}"),
        )

    def _free_found(self, data: ChaseData, goal: str, solution: NDArray[np.uint8] | None) -> None:
        if self.player.running:
            return
        if solution is None:
            self._say(f"This position cannot be solved (to all {goal}).")
            return
        presses = np.asarray(solution)[data.plan.free]
        self._mark_free(data, presses)
        self._update_actions()
        self._say(
            f"Press the free buttons ringed brown ({self._named(data.free_ids, presses)}), "
            "then Chase again."
        )

    def press_free(self) -> None:
        """Press the free buttons of the chosen row (each press a PressCommand)."""
        if not self.free_presses or self.player.running:
            return
        presses, self.free_presses = self.free_presses, {}
        stack = self.document.undo_stack
        stack.beginMacro("Press free buttons")
        try:
            for button, times in presses.items():
                for _ in range(times):
                    self.document.push(PressCommand(self.document, button))
        finally:
            stack.endMacro()
        self.marks.clear_row()
        self.panel.select_row(-1)
        self._update_actions()
        self._say("Free buttons pressed: now Chase again.")

    def goal_changed(self) -> None:
        """A chase, its check lights and its free presses hold for one goal: drop them."""
        running = self.player.running
        self.player.stop()
        self.marks.clear_row()
        self.panel.select_row(-1)  # forgets the free presses through row_chosen
        if running:
            self._say("Goal changed: chase stopped. Chase again for the new goal.")

    def _lights_changed(self, ids: list[str]) -> None:
        if not self.player.running and self.marks.lit.marks:
            self.marks.lit.clear()  # they showed the check lights of an earlier position

    def _say(self, text: str) -> None:
        self.panel.set_message(text)
        self.status.emit(text)
        self.chase_done.emit(text)

    def _update_actions(self) -> None:
        running = self.player.running
        self.actions["chase_run"].setEnabled(not running)
        self.actions["chase_stop"].setEnabled(running)
        self.actions["chase_press_free"].setEnabled(bool(self.free_presses) and not running)
