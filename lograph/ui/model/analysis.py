"""The analysis of the current board, shared by every dock: follows the Document, keeps the
prepared solver (with the chase plan its engine made) and the answers for the current board
revision, and never lets a stale one through. The analysis dock shows it; the chasing dock
reads its solver, chase plan and position instead of computing them again.

Two counters name what an answer belongs to. ``structure`` grows with every edit that changes
the press matrix (buttons, edges, self actions, rule, states, direction, a new board);
``lights`` grows with every change of lights. A structural edit drops the solver and every
answer at once and starts a short debounce timer, so a burst of edits costs one analysis; the
analysis then runs in the background and its solver is kept only if ``structure`` has not
moved meanwhile. A change of lights alone reuses the solver: the position's world is a few
dot products, computed at once on the GUI thread; the fewest-presses solution, when wanted,
is a background job tagged with both counters. The worst position and the press histogram
are answers on request, each on its own runner channel (`request_worst`, `request_histogram`).

Examples
--------
>>> model = AnalysisModel(document, session, JobRunner())  # doctest: +SKIP
>>> model.analysis_changed.connect(lambda: print(model.analysis.rank))  # doctest: +SKIP
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.chase.plan import ChasePlan
from lograph.core.errors import LographError
from lograph.core.model.system import PressSystem
from lograph.core.optimize.fewest import (
    BRANCH_NODE_LIMIT,
    MAX_SEARCH_LEAVES,
    MAX_SEARCH_SOLUTIONS,
    SPLIT_LIMIT,
    FewestSolution,
)
from lograph.core.optimize.worst import WorstPosition
from lograph.core.work import Cancel, Work
from lograph.ui.model.document import STRUCTURAL, Document
from lograph.ui.model.jobs import Job, JobFunction, JobRunner
from lograph.ui.model.position import Position, PositionTracker, Prepared, prepare, quiet_basis
from lograph.ui.model.session import Session
from lograph.ui.model.words import count_of

__all__ = [
    "AUTO_SOLUTION_BITS",
    "DEBOUNCE_MS",
    "MAX_SEARCH_LEAVES",
    "MAX_SEARCH_SOLUTIONS",
    "AnalysisModel",
    "Position",
]

#: The runner channels of the model's jobs, and of the solution map's (the analysis dock's
#: `DynamicsAnswers` and map steps): an edit or Cancel stops them all, the busy row shows them.
CHANNELS = ("analysis", "solution", "worst", "histogram", "dynamics", "orbit", "map_step")
#: Quiet time after the last structural edit before the analysis starts.
DEBOUNCE_MS = 150
#: The fewest presses are kept up to date without asking while p^nullity ≤ 2^this …
AUTO_SOLUTION_BITS = 16
#: … on boards of at most this many buttons.
AUTO_SOLUTION_BUTTONS = 10_000
#: The first answer's budget of leaves (about two seconds): a bigger search within the
#: default budget then runs by itself, the heuristic's answer shown meanwhile.
QUICK_LEAVES = 1 << 16
#: With more than two colours the first answer searches at most this many solutions (a few
#: seconds); past it the Solution section offers the whole search.
QUICK_SOLUTIONS = SPLIT_LIMIT


class AnalysisModel(QObject):
    """The current board's analysis, position, solution, worst position and histogram.

    Parameters
    ----------
    document : Document
        The document to follow.
    session : Session
        Owns the goal (``"off"`` or ``"on"``); a change of goal moves the position.
    runner : JobRunner
        The window's job runner, where background work runs.
    engine : str
        Engine name passed to the core (``"auto"`` picks the fastest).
    """

    analysis_changed = Signal()  # solver set or dropped
    position_changed = Signal()
    solution_changed = Signal()
    worst_changed = Signal()
    histogram_changed = Signal()
    message = Signal(str, str)  # (section, text): a refusal or error to show in the panel

    def __init__(
        self,
        document: Document,
        session: Session,
        runner: JobRunner,
        engine: str = "auto",
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.session = session
        self.runner = runner
        self.engine = engine
        self.structure = 0
        self.lights = 0
        self.solver: Solver | None = None
        self.system: PressSystem | None = None
        self.position: Position | None = None
        self.solution: FewestSolution | None = None
        self.worst: WorstPosition | None = None
        self.histogram: list[int] | None = None
        self.histogram_how: str | None = None  # "classes", "walk" or None (too big)
        self.error = ""  # why there is no analysis (too large, failed, cancelled)
        self.want_solution = False
        self.analyses_started = 0  # how many analyses ran (tests check the debounce)
        self._solution_waiters: list[Callable[[FewestSolution | None], None]] = []
        self._tracker = PositionTracker()  # the lights in the analysed order
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.start_analysis)
        for name in STRUCTURAL:
            getattr(document, name).connect(self._structure_edited)
        document.lights_changed.connect(self._lights_edited)
        session.goal_changed.connect(lambda _goal: self.goal_changed())
        self._structure_edited()

    # ------------------------------------------------------------------ state
    def jobs(self) -> list[Job]:
        """The model's own jobs running now (the runner is shared with other docks)."""
        return [job for job in self.runner.active if job.channel in CHANNELS]

    @property
    def analysis(self) -> Analysis | None:
        return self.solver.analysis if self.solver is not None else None

    @property
    def goal(self) -> str:
        return self.session.goal

    @property
    def chase_plan(self) -> ChasePlan | None:
        """The chase plan the engine made while preparing the solver (the fast GF(2) chase and
        the chase-p engines make one; other engines, or no analysis yet: None)."""
        plan = getattr(self.solver, "chase_plan", None)  # engines that planned a chase attach it
        return plan if isinstance(plan, ChasePlan) else None

    @property
    def pending(self) -> bool:
        """An analysis is scheduled or running for the current structure."""
        return self.timer.isActive() or self.runner.is_running("analysis")

    @property
    def wants_solution(self) -> bool:
        """Recompute the fewest presses after every change of lights: when shown, or when it
        is cheap (an exact search over at most 2^16 combinations), so the count stays live."""
        analysis = self.analysis
        if self.want_solution:
            return True
        if analysis is None:
            return False
        cheap = analysis.nullity * math.log2(analysis.states) <= AUTO_SOLUTION_BITS
        return cheap and analysis.n <= AUTO_SOLUTION_BUTTONS

    # ------------------------------------------------------------------ following the board
    def _signals(self) -> tuple[Any, ...]:
        return (
            self.analysis_changed,
            self.position_changed,
            self.solution_changed,
            self.worst_changed,
            self.histogram_changed,
        )

    def _structure_edited(self, *_: Any) -> None:
        self.structure += 1
        self.lights += 1
        for channel in CHANNELS:
            self.runner.cancel(channel)
        self.solver = self.system = self.position = self.solution = None
        self._tracker.reset()
        self.worst = self.histogram = self.histogram_how = None
        self.error = ""
        self._fail_waiters()
        self.timer.start()
        for signal in self._signals():
            signal.emit()

    def _lights_edited(self, ids: list[str] | None = None) -> None:
        self.lights += 1
        self._tracker.follow(self.document.board, ids)
        self.runner.cancel("solution")
        self._fail_waiters()
        if self.solution is not None:
            self.solution = None
            self.solution_changed.emit()
        self.update_position()
        if self.wants_solution:
            self.request_solution()

    def goal_changed(self) -> None:
        """The goal switched between all off and all on: position and answers change."""
        self._lights_edited()
        self.runner.cancel("worst")
        if self.worst is not None:
            self.worst = None
            self.worst_changed.emit()

    def set_engine(self, engine: str) -> None:
        """Analyse with another engine (the figures stay the same; the speed does not)."""
        if engine != self.engine:
            self.engine = engine
            self._structure_edited()

    # ------------------------------------------------------------------ background answers
    def token(self, channel: str) -> object:
        """What a channel's answer depends on; an answer for another token is stale."""
        if channel == "solution":
            return (self.structure, self.lights)
        if channel == "worst":
            return (self.structure, self.goal)
        return self.structure  # analysis, histogram: the press matrix only

    def submit(
        self, channel: str, work: JobFunction, text: str, store: Callable[[Any], None]
    ) -> None:
        """Run `work` for the current board; `store` its answer (the runner drops it when the
        channel's token has moved meanwhile)."""

        def done(_token: object, result: Any) -> None:
            store(result)

        def failed(_token: object, error: BaseException) -> None:
            if channel == "solution":
                self._fail_waiters()
            if not isinstance(error, LographError):
                raise error  # a bug: let the window's error hook report it
            if channel == "analysis":
                self.error = str(error)
                self.analysis_changed.emit()
            else:  # the section refreshes first, then shows why it has no answer
                {"worst": self.worst_changed, "histogram": self.histogram_changed}.get(
                    channel, self.solution_changed
                ).emit()
                self.message.emit(channel, str(error))

        self.runner.submit(
            channel,
            work,
            text,
            token=self.token(channel),
            current=lambda: self.token(channel),
            done=done,
            failed=failed,
        )

    # ------------------------------------------------------------------ the analysis
    def start_analysis(self) -> None:
        """Analyse the board now (the debounce timer calls this; so does "Analyse")."""
        self.timer.stop()
        self.error = ""
        # An empty board is analysed too: its one position (no lights) is solved, 1 of 1.
        # The snapshot is taken here, on the GUI thread: the board is mutated only here.
        system, engine = self.document.press_system(), self.engine
        self.analyses_started += 1

        def work(cancel: Cancel) -> Prepared:
            return prepare(system, engine, cancel)

        text = f"Analysing {count_of(system.n, 'button')} with {system.states} states…"
        self.submit("analysis", work, text, self._analysed)
        self.analysis_changed.emit()

    def cancel(self) -> None:
        """Stop every running job (the Cancel button)."""
        was_analysing = self.pending
        self.timer.stop()
        for channel in CHANNELS:
            self.runner.cancel(channel)
        self._fail_waiters()
        if was_analysing and self.solver is None:
            self.error = "Analysis cancelled."
        for signal in self._signals():
            signal.emit()

    def _analysed(self, result: Prepared) -> None:
        self.solver, self.system = result.solver, result.system
        self._tracker.start(result, self.document.board.lights())  # they may have changed
        self.histogram_how, automatic = result.histogram
        self.analysis_changed.emit()
        self.update_position()
        if self.wants_solution or self._solution_waiters:
            self.request_solution()
        if automatic:
            self.request_histogram()

    # ------------------------------------------------------------------ the position
    def update_position(self) -> None:
        """The world of the current lights: cheap (a few dot products), done at once."""
        self.position = self._tracker.locate(self.analysis, self.goal)
        self.position_changed.emit()

    # ------------------------------------------------------------------ fewest presses
    def request_solution(self, then: Callable[[FewestSolution | None], None] | None = None) -> None:
        """Compute the fewest-presses solution of the current position in the background.

        `then(solution)` is called once it is known (at once if it already is); it gets None
        when the position cannot be solved or the work was cancelled or superseded.
        """
        if then is not None:
            if self.solution is not None:
                then(self.solution)
                return
            self._solution_waiters.append(then)
        solver, position = self.solver, self.position
        if self.solution is not None or solver is None or position is None:
            return  # known already, or the analysis will ask again when it is done
        if not position.solvable:
            self._fail_waiters()
            return
        if self.runner.is_running("solution"):
            return
        work = self._fewest(solver, position.change, min(QUICK_LEAVES, BRANCH_NODE_LIMIT))
        self.submit("solution", work, "Finding the fewest presses…", self._quick_solved)

    def search_all_leaves(self) -> bool:
        """Run the exact search a bounded answer names (its ``search_leaves`` or, with more
        colours, ``search_solutions``), the bounded answer shown meanwhile. False when there
        is none, or past `MAX_SEARCH_LEAVES` or `MAX_SEARCH_SOLUTIONS` (days of work)."""
        solution, solver, position = self.solution, self.solver, self.position
        if solution is None or solution.exact or solver is None or position is None:
            return False
        leaves, walks = solution.search_leaves, solution.search_solutions
        if leaves and leaves <= MAX_SEARCH_LEAVES:
            text = f"Searching all {leaves:,} leaves for the fewest presses…"
            work = self._fewest(solver, position.change, leaves)
        elif walks and walks <= MAX_SEARCH_SOLUTIONS:
            text = f"Searching all {walks:,} solutions for the fewest presses…"
            work = self._fewest(solver, position.change, None, walks)
        else:
            return False
        self.submit("solution", work, text, self._solved)
        self.solution_changed.emit()
        return True

    @staticmethod
    def _fewest(
        solver: Solver, change: Any, leaves: int | None, walks: int | None = None
    ) -> JobFunction:
        """The job finding the fewest presses that make `change`: `leaves` and `walks` bound
        the search over GF(2) and with more colours (None: the defaults)."""
        budget = BRANCH_NODE_LIMIT if leaves is None else leaves
        most = QUICK_SOLUTIONS if walks is None else walks

        def work(job: Job) -> FewestSolution:
            from lograph.core.optimize.fewest import fewest_presses

            x0 = solver.particular(change)
            if x0 is None:  # the engine contradicts its own left kernel: a bug
                raise AssertionError("no particular solution for a solvable position")
            bounds = Work(cancel=job, progress=job.report, leaves=budget, solutions=most)
            return fewest_presses(solver, x0, work=bounds)

        return work

    def _solved(self, solution: FewestSolution) -> None:
        self.solution = solution
        self.solution_changed.emit()
        self._call_waiters(solution)

    def _quick_solved(self, solution: FewestSolution) -> None:
        """The first answer: shown at once; when it is the heuristic's and the exact search
        fits the default budget, that search starts (the answer stays until it ends)."""
        self._solved(solution)
        leaves = solution.search_leaves
        if not solution.exact and leaves is not None and leaves <= BRANCH_NODE_LIMIT:
            self.search_all_leaves()

    def _fail_waiters(self) -> None:
        self._call_waiters(None)

    def _call_waiters(self, solution: FewestSolution | None) -> None:
        waiters, self._solution_waiters = self._solution_waiters, []
        for then in waiters:
            then(solution)

    # ------------------------------------------------------------------ worst, histogram
    # Both answers run on the runner under their own channel, with the model's token, and
    # report progress (the panel's busy bar shows it).
    def request_worst(self, time_limit: float = 20.0) -> None:
        """Find the hardest position in the background (the count does not depend on the
        lights; its time limit is the progress)."""
        solver, goal = self.solver, self.goal
        if solver is None:
            self.message.emit("worst", "Wait for the analysis to finish.")
            return

        def work(job: Job) -> WorstPosition:
            from lograph.core.optimize.worst import worst_position

            bounds = Work(cancel=job, progress=job.report).within(time_limit)
            return worst_position(solver, goal, work=bounds)

        def store(worst: WorstPosition) -> None:
            self.worst = worst
            self.worst_changed.emit()

        self.submit("worst", work, "Searching for the worst position…", store)
        self.worst_changed.emit()

    def histogram_allowed(self) -> bool:
        """Whether the histogram can be counted (known once the analysis is done)."""
        return self.histogram_how is not None

    def request_histogram(self) -> None:
        """Count positions by fewest presses (by quiet classes, or walking every press
        vector)."""
        system = self.system
        if system is None:
            self.message.emit("histogram", "Wait for the analysis to finish.")
            return
        if not self.histogram_allowed():
            self.message.emit(
                "histogram",
                "Too many positions to count: by quiet classes the work is too large, and "
                f"walking every press vector ({system.states}^{system.n}) too.",
            )
            return

        quiet = quiet_basis(self.solver, system)

        def work(job: Job) -> list[int]:
            from lograph.core.optimize.histogram import press_histogram

            bounds = Work(cancel=job, progress=job.report)
            return press_histogram(system, work=bounds, quiet=quiet)

        def store(counts: list[int]) -> None:
            self.histogram = counts
            self.histogram_changed.emit()

        self.submit("histogram", work, "Counting positions by presses…", store)
        self.histogram_changed.emit()
