"""The chasing view: the recommended chase drawn on the board, its lookup table in a dock,
and the Chase action that plays the forced presses.

The plan and table are computed on a worker thread from a snapshot of the board (they only
depend on its structure, so lighting changes keep them). Any structural edit drops them at
once (a stale plan is never drawn) and, while the dock or the plan is shown, a new one is
computed after a short pause.

A person's recipe, as the view offers it: **Chase** presses every forced button; the check
lights left on are looked up in the table (the row is selected and its free buttons ringed
green); **Press Free Buttons** presses them; **Chase** again switches every light off.

The parts it drives: `chase_worker` (the background thread), `chase_marks` (the overlays),
`chase_panel` (the dock) and `chase_player` (the presses played one by one).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget

from lograph.core.errors import InterruptedComputation, LographError
from lograph.ui.actions import make_action
from lograph.ui.chase.marks import ChaseMarks
from lograph.ui.chase.panel import ChasePanel
from lograph.ui.chase.plan_data import ChaseData, compute_chase, counts_text, pattern_text
from lograph.ui.chase.player import ChasePlayer, shifted_lights
from lograph.ui.chase.worker import ChaseWorker
from lograph.ui.model.commands import PressCommand
from lograph.ui.model.document import STRUCTURAL

if TYPE_CHECKING:
    from lograph.ui.main_window import MainWindow

__all__ = ["ChaseView", "install"]

log = logging.getLogger("lograph.ui")
DEBOUNCE_MS = 300
#: name, text, shortcut, tip, checkable
ACTIONS = (
    ("chase_show", "Show Chase &Plan", "Ctrl+Shift+K", "Draw the chase plan on the board", True),
    ("chase_run", "&Chase", "Ctrl+K", "Press every forced button, step by step", False),
    ("chase_stop", "S&top Chase", "Ctrl+Alt+K", "Stop the chase being played", False),
    (
        "chase_press_free",
        "Press &Free Buttons",
        "Ctrl+Alt+F",
        "Press the free buttons of the chosen table row, then chase again",
        False,
    ),
)


class ChaseView(QObject):
    """The chasing view of one window (made by `install`).

    Parameters
    ----------
    window : MainWindow
        The window to extend.
    goal : callable, optional
        Returns ``"off"`` or ``"on"`` (default: the play tool's goal).
    """

    data_ready = Signal()
    chase_done = Signal(str)  # the message shown when a chase ends

    def __init__(self, window: MainWindow, goal: Callable[[], str] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.scene = window.scene
        self.goal = goal or (lambda: getattr(window.tools["play"], "goal", "off"))
        self.data: ChaseData | None = None
        self.revision = 0
        self.free_presses: dict[str, int] = {}  # what Press Free Buttons presses
        self._want_chase = False
        self._stop = [False]  # the cancel flag of the job running now
        self._computing = -1  # the revision a plan is being computed for
        self._worker = ChaseWorker(self)
        self.marks = ChaseMarks(self.scene)
        self.panel = ChasePanel()
        self.player = ChasePlayer(self.document, self.marks.step, parent=self)
        self.player.finished.connect(self._chase_finished)
        self.player.progress.connect(self._progress)
        self.panel.row_chosen.connect(self._row_chosen)
        self.panel.cancel_requested.connect(self.cancel_computation)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._maybe_compute)
        self.actions: dict[str, QAction] = {a[0]: make_action(window, *a) for a in ACTIONS}
        self.actions["chase_show"].toggled.connect(self.show_plan)
        self.actions["chase_run"].triggered.connect(self.chase)
        self.actions["chase_stop"].triggered.connect(self.player.stop)
        self.actions["chase_press_free"].triggered.connect(self.press_free)
        self.panel.set_actions(self.actions)
        self._update_actions()
        doc = self.document
        for name in STRUCTURAL:
            getattr(doc, name).connect(self._structure_changed)
        doc.lights_changed.connect(self._lights_changed)
        self.dock: QDockWidget | None = None
        self._structure_changed()

    # ------------------------------------------------------------------ computing
    def _wanted(self) -> bool:
        shown = self.dock is not None and self.panel.isVisible()
        return shown or self.actions["chase_show"].isChecked() or self._want_chase

    def _structure_changed(self, *args: object) -> None:
        self.revision += 1
        self.data = None
        self._stop[0] = True  # the running job is for an older board
        self.free_presses = {}
        self.marks.clear()
        self.panel.clear_table("The board changed: updating the plan…")
        self._update_actions()
        self._timer.start()

    def _maybe_compute(self) -> None:
        if self.data is None and self._wanted():
            self.compute()

    def compute(self) -> None:
        """Start computing the plan and table of the current board (on the worker)."""
        if self.data is not None or self._computing == self.revision:
            return
        self._stop = [False]
        stop = self._stop
        try:
            system = self.document.press_system()  # the snapshot; the board stays here
        except LographError as exc:
            self.panel.clear_table(f"No chase plan: {exc}")
            return
        revision = self._computing = self.revision
        self.panel.set_busy(True, f"Finding a chase plan for {system.n} buttons…")
        self._worker.submit(
            lambda: compute_chase(system, lambda: stop[0]), lambda r: self._got(revision, r)
        )

    def cancel_computation(self) -> None:
        self._stop[0] = True
        self._want_chase = False

    def _got(self, revision: int, result: object) -> None:
        if revision == self._computing:
            self._computing = -1
            self.panel.set_busy(False)
        if revision != self.revision:
            return  # a plan for a board that has changed since: never shown
        if isinstance(result, InterruptedComputation):
            self.panel.clear_table("Cancelled. Show the plan or chase to compute it again.")
            return
        if isinstance(result, BaseException):
            if not isinstance(result, LographError | MemoryError):
                log.error("chase plan failed", exc_info=result)
            self.panel.clear_table(f"No chase plan: {result}")
            self._want_chase = False
            return
        assert isinstance(result, ChaseData)
        self.data = result
        self.panel.show_data(result)
        if self.actions["chase_show"].isChecked():
            self.marks.draw_plan(self.data)
        self._update_actions()
        self.data_ready.emit()
        if self._want_chase:
            self._want_chase = False
            self.chase()

    # ------------------------------------------------------------------ drawing
    def show_plan(self, on: bool) -> None:
        """Draw (or hide) the plan: numbered steps, free buttons, arrows, check lights."""
        if self.actions["chase_show"].isChecked() != on:
            self.actions["chase_show"].setChecked(on)  # comes back here through toggled
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

    def _mark_free(self, data: ChaseData, presses: np.ndarray) -> None:
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
        if not self.player.start(self.data, self.goal()):
            pass  # finished already emitted: nothing was forced
        self._update_actions()

    def _progress(self, done: int, total: int) -> None:
        light, button, times, step = self.player.steps[done - 1]
        again = f" ×{times}" if times > 1 else ""
        self.panel.set_message(
            f"Chasing: press {done} of {total} — step {step}: light {light} forces {button}{again}"
        )

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
            return
        self.marks.mark_lit(data, pattern)
        lit = counts_text(data.check_ids, pattern)
        if data.table is None:
            self._say(f"Check lights on: {lit}. Looking up the free presses…")
            self._solve_free(data, goal)
            return
        rows = np.flatnonzero((data.table.patterns == pattern).all(axis=1))
        if not len(rows):
            self.panel.select_row(-1)
            self.marks.mark_lit(data, pattern)
            self._say(
                f"Check lights read {pattern_text(pattern)} ({lit}): no table row has this "
                f"pattern, so this position cannot be solved (to all {goal})."
            )
            return
        row = int(rows[0])
        self.panel.select_row(row)  # marks the row's free presses through row_chosen
        self.marks.mark_lit(data, pattern)
        self._say(
            f"Check lights read {pattern_text(pattern)} ({lit}): table row {row + 1}. Press "
            f"the free buttons ringed green ({counts_text(data.free_ids, data.table.presses[row])})"
            ", then Chase again."
        )

    def _solve_free(self, data: ChaseData, goal: str) -> None:
        """No table (too big): the free presses of this one position, from a full solve.

        Any solution x, restricted to the free buttons, is what the lookup would give: the
        forced presses follow from the free ones, so chasing after pressing x[free] is x.
        """
        from lograph.core.solve import solve

        system = self.document.press_system()
        revision = self.revision

        def done(result: object) -> None:
            if revision != self.revision or self.player.running or self.goal() != goal:
                return
            if isinstance(result, BaseException):
                self._say(f"Cannot look up the free presses: {result}")
                return
            if result is None:
                self._say(f"This position cannot be solved (to all {goal}).")
                return
            presses = np.asarray(result)[data.plan.free]
            self._mark_free(data, presses)
            self._update_actions()
            self._say(
                f"Press the free buttons ringed green ({counts_text(data.free_ids, presses)}), "
                "then Chase again."
            )

        self._worker.submit(lambda: solve(system, goal).presses, done)

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
        self.window.statusBar().showMessage(text, 8000)
        self.chase_done.emit(text)

    def _update_actions(self) -> None:
        running = self.player.running
        self.actions["chase_run"].setEnabled(not running)
        self.actions["chase_stop"].setEnabled(running)
        self.actions["chase_press_free"].setEnabled(bool(self.free_presses) and not running)


def install(window: MainWindow) -> ChaseView:
    """Add the Chasing dock and the chase actions (menu Analysis) to `window`."""
    view = ChaseView(window)
    for name in ("chase_show", "chase_run", "chase_stop", "chase_press_free"):
        window.add_action("analysis", view.actions[name])
    area = Qt.DockWidgetArea.RightDockWidgetArea
    others = [
        d
        for d in window.findChildren(QDockWidget)
        if window.dockWidgetArea(d) == area and not d.isFloating()
    ]
    view.panel.setObjectName("chase_panel")
    view.dock = window.add_dock(view.panel, "Chasing", area)
    if others:
        window.tabifyDockWidget(others[0], view.dock)
        others[0].raise_()
    view.dock.visibilityChanged.connect(lambda shown: shown and view._timer.start(0))
    window.action("goal_on").toggled.connect(lambda _on: view.goal_changed())
    return view
