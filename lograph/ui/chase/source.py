"""Where the chasing view's answers come from: the shared analysis of the board revision
(its press-system snapshot, the chase plan its engine made, its solver and position), with
only what is missing computed on the window's job runner.

A plan is never worked out twice for one board revision: while the analysis is running the
source waits for it; when its engine made a chase plan (the fast GF(2) chase and chase-p
engines do) only the lookup table is computed. The free presses of a position the table does
not hold come from the analysis too (its fewest presses when known, else one particular
solution of its prepared solver), never from a fresh solve of the board.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject

from lograph.core.errors import LographError
from lograph.core.model.system import PressSystem
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.jobs import Job, JobRunner
from lograph.ui.model.words import count_of
from lograph.ui.picture.chase_plan import ChaseData, compute_chase

__all__ = ["ChaseSource"]

Presses = NDArray[np.uint8]


class ChaseSource(QObject):
    """Chase plans and free presses for the current board, from the shared analysis."""

    def __init__(
        self, analysis: AnalysisModel, runner: JobRunner, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.analysis, self.runner = analysis, runner
        self._waiting: Callable[[], None] | None = None  # compute once the analysis is known
        analysis.analysis_changed.connect(self._analysis_changed)

    @property
    def revision(self) -> int:
        """The board revision (the shared analysis counts structural edits)."""
        return self.analysis.structure

    def busy(self) -> bool:
        return self._waiting is not None or self.runner.is_running("chase")

    def drop(self) -> None:
        """The board changed: whatever was under way is for an older board."""
        self._waiting = None
        self.runner.cancel("chase")
        self.runner.cancel("chase_free")

    def cancel(self) -> bool:
        """Stop computing a plan; True if one was under way."""
        was = self.busy()
        self._waiting = None
        self.runner.cancel("chase")
        return was

    def _analysis_changed(self) -> None:
        if self._waiting is not None and not self.analysis.pending:
            then, self._waiting = self._waiting, None
            then()

    # ------------------------------------------------------------------ the plan
    def plan(
        self,
        busy: Callable[[str], None],
        done: Callable[[ChaseData], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        """Compute the plan and table of the current board: `busy(text)` at once, then
        `done(data)` or `failed(error)` on the GUI thread (never for a board since edited)."""
        if self.busy():
            return
        model = self.analysis
        if model.solver is None and model.pending:  # its analysis is coming: use it
            self._waiting = lambda: self.plan(busy, done, failed)
            busy("Waiting for the analysis of the board…")
            return
        system: PressSystem | None = model.system if model.solver is not None else None
        plan = model.chase_plan
        if system is None:  # no analysis (refused, failed or cancelled): a snapshot of our own
            try:
                system = model.document.press_system()
            except LographError as exc:
                failed(exc)
                return
        snapshot = system
        text = f"Finding a chase plan for {count_of(snapshot.n, 'button')}…"
        busy(text)

        def work(job: Job) -> ChaseData:
            return compute_chase(snapshot, job, plan)

        self.runner.submit(
            "chase", work, text, token=self.revision, current=lambda: self.revision,
            done=lambda _t, data: done(data), failed=lambda _t, exc: failed(exc),
        )  # fmt: skip

    # ------------------------------------------------------------------ free presses
    def solution(
        self,
        goal: str,
        done: Callable[[Presses | None], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        """One solution of the current position (None: it cannot be solved), in the plan's
        button order; `done` runs at once when the analysis already holds one."""
        model = self.analysis
        position, solver = model.position, model.solver
        if model.solution is not None:
            done(model.solution.presses)
            return
        if solver is None or position is None:  # no analysis: solve this position alone
            from lograph.core.solve import solve

            system = model.document.press_system()

            def work(job: Job) -> Presses | None:
                return solve(system, goal).presses
        else:
            change, solvable = position.change, position.solvable

            def work(job: Job) -> Presses | None:
                return solver.particular(change) if solvable else None

        self.runner.submit(
            "chase_free", work, "Looking up the free presses…",
            token=(self.revision, model.lights, goal),
            current=lambda: (self.revision, model.lights, model.goal),
            done=lambda _t, x: done(x), failed=lambda _t, exc: failed(exc),
        )  # fmt: skip
