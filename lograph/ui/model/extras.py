"""The analysis model's answers on request: the worst position and the press histogram.

Both run on the model's job runner under their own channel, with the model's token, and
land in the model's fields (`AnalysisModel.worst`, `AnalysisModel.histogram`); the model
keeps them in step with the board. They report progress, which the panel's busy bar shows.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lograph.core.algebra.analysis import Solver
from lograph.core.model.system import PressSystem
from lograph.core.optimize.histogram import class_histogram_work, histogram_method, quiet_rows
from lograph.core.optimize.worst import WorstPosition
from lograph.ui.model.jobs import Job

if TYPE_CHECKING:
    from lograph.ui.model.analysis import AnalysisModel

__all__ = [
    "AUTO_HISTOGRAM_BITS",
    "AUTO_HISTOGRAM_WORK",
    "plan_histogram",
    "quiet_basis",
    "submit_histogram",
    "submit_worst",
]

#: The histogram is counted without asking while p^N ≤ 2^this (a fraction of a second) …
AUTO_HISTOGRAM_BITS = 16
#: … or while its count by quiet classes takes at most this much work (milliseconds).
AUTO_HISTOGRAM_WORK = 1 << 22


def quiet_basis(solver: Solver | None, system: PressSystem | None) -> NDArray[np.uint8] | None:
    """The quiet patterns over GF(p) as rows (``k × N``); None over Z_k, k composite."""
    return None if solver is None or system is None else quiet_rows(solver.analysis)


def plan_histogram(solver: Solver, system: PressSystem) -> tuple[str | None, bool]:
    """How the histogram would be counted (`histogram_method`), and whether it is cheap
    enough to count without asking."""
    quiet = quiet_basis(solver, system)
    how = histogram_method(system, quiet)
    if how is None:
        return how, False
    if system.n * math.log2(system.states) <= AUTO_HISTOGRAM_BITS:
        return how, True  # either way a fraction of a second
    if how != "classes" or quiet is None:
        return how, False
    return how, class_histogram_work(quiet, system.states) <= AUTO_HISTOGRAM_WORK


def submit_worst(model: AnalysisModel, time_limit: float) -> None:
    """Search for the hardest position in the background (its time limit as progress)."""
    solver, goal = model.solver, model.goal
    if solver is None:
        model.message.emit("worst", "Wait for the analysis to finish.")
        return

    def work(job: Job) -> WorstPosition:
        from lograph.core.optimize.worst import worst_position
        from lograph.core.work import Work

        bounds = Work(cancel=job, progress=job.report).within(time_limit)
        return worst_position(solver, goal, work=bounds)

    def store(worst: WorstPosition) -> None:
        model.worst = worst
        model.worst_changed.emit()

    model.submit("worst", work, "Searching for the worst position…", store)
    model.worst_changed.emit()


def submit_histogram(model: AnalysisModel) -> None:
    """Count positions by fewest presses (by quiet classes, or walking every press vector)."""
    system = model.system
    if system is None:
        model.message.emit("histogram", "Wait for the analysis to finish.")
        return
    if not model.histogram_allowed():
        model.message.emit(
            "histogram",
            "Too many positions to count: by quiet classes the work is too large, and "
            f"walking every press vector ({system.states}^{system.n}) too.",
        )
        return

    quiet = quiet_basis(model.solver, system)

    def work(job: Job) -> list[int]:
        from lograph.core.optimize.histogram import press_histogram
        from lograph.core.work import Work

        bounds = Work(cancel=job, progress=job.report)
        return press_histogram(system, work=bounds, quiet=quiet)

    def store(counts: list[int]) -> None:
        model.histogram = counts
        model.histogram_changed.emit()

    model.submit("histogram", work, "Counting positions by presses…", store)
    model.histogram_changed.emit()
