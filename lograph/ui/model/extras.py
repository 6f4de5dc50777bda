"""The analysis model's answers on request: the worst position and the press histogram.

Both run on the model's job runner under their own channel, with the model's token, and
land in the model's fields (`AnalysisModel.worst`, `AnalysisModel.histogram`); the model
keeps them in step with the board. They report progress, which the panel's busy bar shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lograph.core.optimize.histogram import HISTOGRAM_LIMIT
from lograph.core.optimize.worst import WorstPosition
from lograph.ui.model.jobs import Job

if TYPE_CHECKING:
    from lograph.ui.model.analysis import AnalysisModel

__all__ = ["submit_histogram", "submit_worst"]


def submit_worst(model: AnalysisModel, time_limit: float) -> None:
    """Search for the hardest position in the background (its time limit as progress)."""
    solver, goal = model.solver, model.goal
    if solver is None:
        model.message.emit("worst", "Wait for the analysis to finish.")
        return

    def work(job: Job) -> WorstPosition:
        from lograph.core.optimize.worst import worst_position

        return worst_position(solver, goal, time_limit=time_limit, cancel=job, progress=job.report)

    def store(worst: WorstPosition) -> None:
        model.worst = worst
        model.worst_changed.emit()

    model.submit("worst", work, "Searching for the worst position…", store)
    model.worst_changed.emit()


def submit_histogram(model: AnalysisModel) -> None:
    """Count positions by fewest presses (walks every press vector: small boards only)."""
    system = model.system
    if system is None:
        model.message.emit("histogram", "Wait for the analysis to finish.")
        return
    if not model.histogram_allowed():
        model.message.emit(
            "histogram",
            f"Too many positions to count: {system.states}^{system.n} press vectors "
            f"(the limit is 2^{HISTOGRAM_LIMIT}).",
        )
        return

    def work(job: Job) -> list[int]:
        from lograph.core.optimize.histogram import press_histogram

        return press_histogram(system, cancel=job, progress=job.report)

    def store(counts: list[int]) -> None:
        model.histogram = counts
        model.histogram_changed.emit()

    model.submit("histogram", work, "Counting positions by presses…", store)
    model.histogram_changed.emit()
