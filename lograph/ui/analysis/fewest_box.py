"""The analysis panel's Solution section: Show, Hint, Step by step, the fewest-presses line,
and "Search all leaves" (or "solutions") when that line is a heuristic's answer with a
proven bound.

Past the default leaf budget (about a minute and a half of search) the fewest presses come
from a heuristic with a proven lower bound, and the core says how many leaves an exact
search needs; with more than two colours, past a few seconds' search by prefixes, how many
solutions it walks. The button runs that search in the background with progress in the busy row
and the Cancel button beside it; the heuristic answer stays shown until the exact one
replaces it, and stays when the search is cancelled.

Examples
--------
>>> box = SolutionBox(model, solutions, session)  # doctest: +SKIP
>>> box.search_button.click()  # the exact search, when the answer is bounded  # doctest: +SKIP
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from lograph.core.optimize.fewest import FewestSolution
from lograph.ui.analysis.solution import SolutionController
from lograph.ui.model import analysis as analysis_model
from lograph.ui.model.analysis import AnalysisModel
from lograph.ui.model.session import Session, bind_toggle
from lograph.ui.model.words import method_words
from lograph.ui.widgets import named

__all__ = ["SolutionBox", "exact_search", "fewest_text"]


def fewest_text(solution: FewestSolution) -> str:
    """One sentence about a fewest-presses answer: exact or bounded, and how many tie."""
    how = "exact" if solution.method == "unique" else f"exact, {method_words(solution.method)}"
    if not solution.exact:  # and what is proven instead: a lower bound
        how = f"{method_words(solution.method)}: maybe not the fewest"
        how += f"; at least {solution.lower_bound}" if solution.lower_bound else ""
    if solution.solutions == 1:
        optimal = "the only solution"
    elif solution.optimal_solutions is None:
        optimal = f"{solution.solutions:,} solutions in all"
    else:
        optimal = f"{solution.optimal_solutions:,} of {solution.solutions:,} solutions reach it"
    return f"Fewest presses: {solution.press_count} ({how}); {optimal}."


def _amount(count: int) -> str:
    """A count as digits with separators, or rounded past fifteen digits.

    >>> _amount(387_420_489), _amount(2**124)
    ('387,420,489', '2.13e+37')
    """
    return f"{count:,}" if count < 10**15 else f"{count:.3g}"


def exact_search(solution: FewestSolution | None) -> tuple[int, str, int] | None:
    """What proving a bounded answer takes: (how many, of what, the most the window runs);
    None for an exact answer or one whose search cannot be counted."""
    if solution is None or solution.exact:
        return None
    if solution.search_leaves:  # the limits are read here: the model's, one owner
        return solution.search_leaves, "leaves", analysis_model.MAX_SEARCH_LEAVES
    if solution.search_solutions:
        return solution.search_solutions, "solutions", analysis_model.MAX_SEARCH_SOLUTIONS
    return None


class SolutionBox(QGroupBox):
    """The Solution section, bound to the model's fewest-presses answer.

    Parameters
    ----------
    model : AnalysisModel
        Owns the answer and runs the searches.
    solutions : SolutionController
        Draws and plays solutions (Hint and Step by step drive it).
    session : Session
        Owns whether the solution is shown (the Show button is its view).
    """

    def __init__(
        self,
        model: AnalysisModel,
        solutions: SolutionController,
        session: Session,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Solution", parent)
        self.setObjectName("analysis_solution_box")
        self.model = model
        self.show_button = named(QPushButton("Show"), "analysis_show_button")
        bind_toggle(
            self.show_button,
            lambda: session.shows("solution"),
            lambda on: session.set_shown("solution", on),
            session.overlay_changed,
        )
        self.hint_button = named(QPushButton("Hint"), "analysis_hint_button")
        self.hint_button.clicked.connect(solutions.hint)
        self.step_button = named(QPushButton("Step by step"), "analysis_step_button")
        self.step_button.clicked.connect(solutions.toggle_steps)
        solutions.stepping_changed.connect(self._stepping)
        row = QHBoxLayout()
        for button in (self.show_button, self.hint_button, self.step_button):
            row.addWidget(button)
        self.text = named(QLabel(""), "analysis_solution")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.search_button = named(QPushButton("Search all leaves"), "analysis_search_all")
        self.search_button.clicked.connect(model.search_all_leaves)
        self.search_button.setVisible(False)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.text)
        layout.addWidget(self.search_button)
        model.solution_changed.connect(self.refresh)
        model.position_changed.connect(self.refresh)
        model.runner.activity_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        solution, position = self.model.solution, self.model.position
        running = self.model.runner.is_running("solution")
        if position is not None and not position.solvable:
            self.text.setText("No solution: this position is in another world.")
        elif solution is None:
            self.text.setText("Finding the fewest presses…" if running else "")
        else:
            self.text.setText(fewest_text(solution))
        search = exact_search(solution)
        self.search_button.setVisible(search is not None)
        if search is None:
            return
        count, unit, most = search
        reachable = 0 < count <= most
        self.search_button.setEnabled(reachable and not running)
        each = "leaves of up to 2^18 solutions each" if unit == "leaves" else unit
        if not reachable:  # days of work: not offered, but said
            self.search_button.setText("Exact search out of reach")
            self.search_button.setToolTip(  # rich text: Qt wraps it
                f"<p>An exact search would need {_amount(count)} {each}, more than the {most:,} "
                "allowed (hours of work here). The answer above is the best found, with its "
                "proven lower bound.</p>"
            )
            return
        pace = "about 30 µs a leaf" if unit == "leaves" else "tens of millions a second"
        self.search_button.setText(f"Search all {count:,} {unit}")
        self.search_button.setToolTip(
            f"<p>Prove the fewest presses: an exact search over {count:,} {each} ({pace} "
            "here; Cancel stops it). The answer above stays until the exact one replaces "
            "it.</p>"
        )

    def _stepping(self, on: bool) -> None:
        self.step_button.setText("Stop" if on else "Step by step")
