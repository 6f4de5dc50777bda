"""The score of the position being played: a timer, the best possible count, the verdict.

A game starts whenever the move counter is back at 0 in Play mode (entering Play, Scramble,
Reset, a loaded level, undoing the first press): the lights then *are* the start position.
Its fewest presses are computed in the background on the "play_best" channel (the ordinary
fewest presses from the analysis model's solver, or the fewest lit presses under the
lit-only rule), so the verdict on solving can say "Solved in 10 moves — the best possible
is 7". The timer starts at the first press and stops when the goal is reached; it reads an
injected clock, so tests set the time instead of waiting for it.

Examples
--------
>>> format_elapsed(7), format_elapsed(754.9), format_elapsed(3723)
('0:07', '12:34', '1:02:03')
>>> verdict(10, 7), verdict(7, 7), verdict(1, None)
('Solved in 10 moves — the best possible is 7', 'Solved in 7 moves — optimal!', 'Solved in 1 move!')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel

from lograph.core.algebra.analysis import Analysis, Solver
from lograph.core.errors import LographError
from lograph.core.model.system import PressSystem
from lograph.core.work import Cancel
from lograph.ui.model.analysis import AUTO_SOLUTION_BUTTONS, AnalysisModel
from lograph.ui.widgets import named

__all__ = ["Best", "Scoreboard", "best_count", "format_elapsed", "verdict"]

#: (fewest presses or None when the goal cannot be reached, proven minimal?); (None, False)
#: means "not computed".
Best = tuple[int | None, bool]
#: The best count is computed when the exact search compares at most 2^BEST_BITS solutions.
BEST_BITS = 24


def format_elapsed(seconds: float) -> str:
    """Whole seconds as ``m:ss`` (``h:mm:ss`` from one hour on)."""
    whole = max(int(seconds), 0)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _moves(n: int) -> str:
    return f"{n} move" if n == 1 else f"{n} moves"


def verdict(moves: int, best: int | None, exact: bool = True) -> str:
    """What the banner says when the goal is reached after `moves` presses."""
    if best is None:
        return f"Solved in {_moves(moves)}!"
    if moves <= best:
        return f"Solved in {_moves(moves)} — optimal!"
    word = "possible" if exact else "found"
    return f"Solved in {_moves(moves)} — the best {word} is {best}"


def best_count(
    solver: Solver | None,
    system: PressSystem,
    goal: str,
    lit_only: bool,
    cancel: Cancel = None,
) -> Best:
    """The fewest presses (lit presses under `lit_only`) from `system`'s lights to the goal."""
    if lit_only:
        from lograph.core.optimize.lit_only import lit_only_solve
        from lograph.core.work import Work

        presses = lit_only_solve(system, goal, Work(cancel=cancel)).presses
        return (None if presses is None else len(presses)), True
    from lograph.core.optimize.fewest import fewest_presses
    from lograph.core.work import Work

    assert solver is not None
    p = system.states
    change = ((0 if goal == "off" else p - 1) - system.lights.astype(np.int64)) % p
    x0 = solver.particular(change)
    if x0 is None:
        return None, True
    best = fewest_presses(solver, x0, work=Work(cancel=cancel))
    return best.press_count, best.exact


def _cheap(analysis: Analysis) -> bool:
    """The exact fewest presses take a moment at most (see `BEST_BITS`)."""
    bits = analysis.nullity * math.log2(analysis.states)
    return analysis.n <= AUTO_SOLUTION_BUTTONS and bits <= BEST_BITS


class Scoreboard(QObject):
    """Timer and best-count labels for the status bar, and the verdict when solved.

    Parameters
    ----------
    model : AnalysisModel
        Gives the document, the session, the job runner and the solver.
    clock : callable, optional
        Seconds from any fixed origin (default `time.monotonic`; tests pass a fake one).
    """

    best_changed = Signal()

    def __init__(
        self,
        model: AnalysisModel,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.model, self.clock = model, clock
        self.document, self.session = model.document, model.session
        self.timer_label = named(QLabel("Time: 0:00"), "timer_label")
        self.best_label = named(QLabel(), "best_label")
        self.timer_label.setToolTip("Time since the first press of this position")
        self.best_label.setToolTip("The fewest presses that reach the goal from the start")
        self.best: Best | None = None  # for the start position; None while unknown
        #: what `best` was computed for: (start lights as bytes, goal, lit-only), else None
        self.best_of: tuple[bytes, str, bool] | None = None
        self.known: dict[bytes, int] = {}  # start lights → fewest (a level pack says so)
        self.began: float | None = None  # clock at the first press; None before it
        self.frozen: float | None = None  # elapsed seconds once solved
        self.start_key = b""
        self.ticker = QTimer(self)
        self.ticker.setInterval(1000)
        self.ticker.timeout.connect(self.refresh)
        self.document.moves_changed.connect(self._moves_changed)
        self.session.mode_changed.connect(self._mode_changed)
        for signal in (self.session.goal_changed, self.session.lit_only_changed):
            signal.connect(lambda *_: self._rule_changed())
        model.analysis_changed.connect(self._analysis_changed)
        self._mode_changed(self.session.mode)

    # ------------------------------------------------------------------ the game
    @property
    def elapsed(self) -> float:
        if self.frozen is not None:
            return self.frozen
        return 0.0 if self.began is None else self.clock() - self.began

    def _mode_changed(self, mode: str) -> None:
        for label in (self.timer_label, self.best_label):
            label.setVisible(mode == "play")
        if mode != "play":
            self.ticker.stop()

    def _moves_changed(self, moves: int) -> None:
        if self.session.mode != "play":
            return
        if moves == 0:
            self._new_game()
        elif self.began is None and self.frozen is None:
            self.began = self.clock()
            self.ticker.start()
        self.refresh()

    def _new_game(self, force: bool = False) -> None:
        """The lights are the start of a new game: reset the timer, find the best count."""
        self.began = self.frozen = None
        self.ticker.stop()
        lights = self.document.board.lights()
        key = lights.tobytes()
        if force or key != self.start_key or self.best is None:
            self.start_key = key
            self.best = self.best_of = None
            self._request_best(lights)
        self.refresh()

    def _rule_changed(self) -> None:
        """The goal or the lit-only rule changed: the same game, a new best count. Its start
        is the position play started from, not the lights now (after a solve they are the
        goal itself, whose "best" would read 0)."""
        start = self.document.start_lights
        if self.document.moves == 0 or len(start) != len(self.document.board):
            self._new_game(force=True)
            return
        self.start_key = start.tobytes()
        self.best = self.best_of = None
        if self.session.mode == "play":
            self._request_best(start)
        self.refresh()

    def _analysis_changed(self) -> None:
        if self.model.solver is None:
            self.model.runner.cancel("play_best")
            self.best = self.best_of = None
        elif self.best is None and self.session.mode == "play":
            self._request_best(np.frombuffer(self.start_key, dtype=np.uint8))
        self.refresh()

    def _request_best(self, lights: NDArray[np.uint8]) -> None:
        model, session = self.model, self.session
        claimed = None if session.lit_only else self.known.get(lights.tobytes())
        solver = model.solver
        if (solver is None and not session.lit_only) or len(lights) != len(self.document.board):
            return  # the analysis calls again when it is done
        analysis = solver.analysis if solver is not None else None
        if claimed is not None and (analysis is None or not _cheap(analysis)):
            # a pack's word stands only where the count is too dear to check: a pack file
            # can say anything, and `puzzle --check` is not run before playing it
            self._store((claimed, True), (lights.tobytes(), session.goal, False))
            return
        if not session.lit_only and analysis is not None and not _cheap(analysis):
            self.best_label.setToolTip("Not computed: too many solutions to compare on this board")
            self.best = (None, False)  # unknown, and not to be asked again for this game
            self.refresh()
            return
        system = self.document.press_system().with_lights(lights)
        goal, lit_only = session.goal, session.lit_only
        of = (lights.tobytes(), goal, lit_only)

        def token() -> object:
            return (model.structure, self.start_key, session.goal, session.lit_only)

        model.runner.submit(
            "play_best",
            lambda cancel: best_count(solver, system, goal, lit_only, cancel),
            "Finding the best possible count…",
            token=token(),
            current=token,
            done=lambda _token, best: self._store(best, of),
            failed=self._failed,
        )

    def _failed(self, _token: object, error: BaseException) -> None:
        if not isinstance(error, LographError):
            raise error
        self.best = (None, False)  # not known; the tooltip says why
        self.best_label.setToolTip(str(error))
        self.refresh()

    def _store(self, best: Best, of: tuple[bytes, str, bool]) -> None:
        self.best, self.best_of = best, of
        self.refresh()
        self.best_changed.emit()

    # ------------------------------------------------------------------ showing it
    def refresh(self) -> None:
        self.timer_label.setText(f"Time: {format_elapsed(self.elapsed)}")
        word = "Best (lit-only)" if self.session.lit_only else "Best"
        if self.best is None:
            self.best_label.setText(f"{word}: …")
        elif self.best[0] is None:
            self.best_label.setText(f"{word}: " + ("cannot be cleared" if self.best[1] else "–"))
        else:
            self.best_label.setText(f"{word}: {self.best[0]}")

    def solved(self, moves: int) -> str:
        """Stop the timer and say how the game went (the banner's text)."""
        self.stop_clock()
        return self.verdict(moves)

    def stop_clock(self) -> None:
        """The goal is reached, by the player or by the window playing for them (a chase,
        step by step): the time stands still until a new game."""
        if self.frozen is None:
            self.frozen = self.elapsed
        self.ticker.stop()
        self.refresh()

    def verdict(self, moves: int) -> str:
        """The verdict, and on a second line the time taken."""
        best, exact = self.best if self.best is not None else (None, True)
        text = verdict(moves, best, exact)
        if self.session.goal == "on":
            text += " Every light is on."
        return f"{text}\nTime {format_elapsed(self.elapsed)}"
