"""Past the leaf budget the Solution section offers the exact search the bounded answer
names, and the busy row shows how far a counted job is.

The budget is lowered (the model's `BRANCH_NODE_LIMIT`) so that the all-on 39×39 board
(nullity 32: beyond one transform) gets a bounded answer at once; the exact search it then
runs must find the published fewest presses (OEIS A075464: 561, 4 optimal solutions). That
board's split search (`lograph.core.optimize.fewest._gf2_split`) walks only a few thousand pairs, so
one pair is made to count as a leaf of the budget.
Every wait is for an event (an answer, a progress report, a cancelled job), never a time.
"""

from __future__ import annotations

import threading

import numpy as np
from PySide6.QtCore import Qt

from lograph.core.errors import InterruptedComputation
from lograph.core.model.generators import rectangle
from lograph.core.optimize import fewest as minimal
from lograph.core.optimize.fewest import _gf2 as gf2_fewest
from lograph.ui.model import analysis as analysis_model
from tests.references import A075464_EXTENDED
from tests.ui.helpers import load
from tests.ui.test_analysis_figures import settle, text


def show_a_bounded_answer(qtbot, window, board, goal: str = "off"):  # type: ignore[no-untyped-def]
    """Load `board`, ask for its fewest presses towards `goal` with Show, and check the
    answer that comes is bounded (not exact). Returns the panel and the model."""
    load(window, board)
    settle(qtbot, window, timeout=60_000)
    if goal == "on":
        window.action("goal_on").trigger()
    panel, model = window.analysis.panel, window.analysis.model
    qtbot.mouseClick(panel.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: model.solution is not None, timeout=60_000)
    assert not model.solution.exact
    return panel, model


def _bounded_39(qtbot, window, monkeypatch):  # type: ignore[no-untyped-def]
    """The all-on 39×39 board with a 16-leaf budget: shown, bounded, and the button up."""
    monkeypatch.setattr(analysis_model, "BRANCH_NODE_LIMIT", 16)
    monkeypatch.setattr(gf2_fewest, "PAIRS_PER_LEAF", 1)
    return show_a_bounded_answer(qtbot, window, rectangle(39, 39), goal="on")


def test_search_all_leaves_proves_the_published_answer(qtbot, window, monkeypatch):
    panel, model = _bounded_39(qtbot, window, monkeypatch)
    bounded = model.solution
    button = panel.solution_box.search_button
    assert button.isVisible()
    assert button.isEnabled()
    assert f"{bounded.search_leaves:,} leaves" in button.text()
    assert f"at least {bounded.lower_bound}" in text(window, "analysis_solution")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not button.isEnabled()  # one search at a time
    assert "maybe not the fewest" in text(window, "analysis_solution")  # kept meanwhile
    qtbot.waitUntil(lambda: model.solution is not bounded, timeout=120_000)
    best = model.solution
    assert best.exact
    assert (best.press_count, best.optimal_solutions) == (A075464_EXTENDED[38], 4)
    assert text(window, "analysis_solution").startswith(
        f"Fewest presses: {best.press_count} (exact"
    )
    assert not button.isVisible()
    assert window.document.board.lights().sum() == 0  # all off: the presses turn all on
    presses = np.asarray(best.presses, dtype=np.int64)  # in the analysed system's order
    assert ((model.system.sparse() @ presses) % 2 == 1).all()
    assert presses.sum() == best.press_count


def cancel_a_search(qtbot, window, monkeypatch) -> tuple[dict, str]:  # type: ignore[no-untyped-def]
    """Start the offered exact search (made to run until cancelled), cancel it with the
    busy row's button, and check the bounded answer stays. Returns the search's keyword
    arguments (its ``work``, the `Work` it was given) and the busy row's text while it ran."""
    panel, model = window.analysis.panel, window.analysis.model
    bounded = model.solution
    started = threading.Event()
    asked = {}

    def until_cancelled(*_args, work, **kwargs):  # type: ignore[no-untyped-def]
        asked.update(kwargs, work=work)
        started.set()
        while not work.cancelled():
            started.wait(0.01)
        raise InterruptedComputation("fewest-presses search cancelled")

    monkeypatch.setattr(minimal, "fewest_presses", until_cancelled)
    qtbot.mouseClick(panel.solution_box.search_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(started.is_set, timeout=10_000)
    busy = panel.busy_text.text()
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not model.runner.is_running("solution"), timeout=10_000)
    assert model.solution is bounded
    assert "maybe not the fewest" in text(window, "analysis_solution")
    assert panel.solution_box.search_button.isEnabled()  # ready to try again
    return asked, busy


def test_a_cancelled_search_keeps_the_bounded_answer(qtbot, window, monkeypatch):
    _bounded_39(qtbot, window, monkeypatch)
    leaves = window.analysis.model.solution.search_leaves
    asked, busy = cancel_a_search(qtbot, window, monkeypatch)
    assert asked["work"].leaves == leaves
    assert "Searching all" in busy


def test_a_search_past_the_most_leaves_is_not_offered(qtbot, window, monkeypatch):
    # the limit set below this board's search stands for a 95×95 board's 2.2·10¹² leaves
    monkeypatch.setattr(analysis_model, "MAX_SEARCH_LEAVES", 1)
    panel, model = _bounded_39(qtbot, window, monkeypatch)
    bounded = model.solution
    button = panel.solution_box.search_button
    assert button.isVisible()
    assert not button.isEnabled()
    assert button.text() == "Exact search out of reach"
    assert f"need {bounded.search_leaves:,} leaves" in button.toolTip()
    assert "more than the 1 allowed" in button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # a disabled button: nothing starts
    assert not model.runner.is_running("solution")
    assert not model.search_all_leaves()  # nor through the model
    assert model.solution is bounded
    assert f"at least {bounded.lower_bound}" in text(window, "analysis_solution")


def test_the_busy_row_shows_a_counted_jobs_progress(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    panel, model = window.analysis.panel, window.analysis.model
    reported, release = threading.Event(), threading.Event()

    def work(job):  # type: ignore[no-untyped-def]
        job.report(3, 8)
        reported.set()
        release.wait(30)
        return [1]

    model.submit("histogram", work, "Counting positions by presses…", lambda _counts: None)
    qtbot.waitUntil(reported.is_set, timeout=10_000)
    qtbot.waitUntil(lambda: "37%" in panel.busy_text.text(), timeout=10_000)
    assert (panel.busy_bar.maximum(), panel.busy_bar.value()) == (8, 3)
    release.set()
    qtbot.waitUntil(lambda: not model.runner.active, timeout=10_000)
    assert panel.busy_text.text() == "Figures up to date."


def test_the_busy_row_stays_in_view_when_the_panel_scrolls(qtbot, window):
    """A search started from the Solution section, low in the panel, keeps its bar in view:
    the busy row sits above the scrolled part of the dock."""
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    window.resize(900, 420)  # too short for every section: the panel scrolls
    panel, model = window.analysis.panel, window.analysis.model
    qtbot.waitUntil(lambda: panel.verticalScrollBar().maximum() > 0, timeout=10_000)
    assert not panel.widget().isAncestorOf(panel.busy_row)
    release = threading.Event()

    def work(job):  # type: ignore[no-untyped-def]
        job.report(1, 2)
        release.wait(30)
        return [1]

    model.submit("histogram", work, "Counting positions by presses…", lambda _counts: None)
    bar = panel.verticalScrollBar()
    bar.setValue(bar.maximum())  # scrolled down to the last section
    qtbot.waitUntil(lambda: "50%" in panel.busy_text.text(), timeout=10_000)
    assert panel.busy_bar.isVisible()
    assert not panel.busy_bar.visibleRegion().isEmpty()
    release.set()
    qtbot.waitUntil(lambda: not model.runner.active, timeout=10_000)


def test_a_search_within_the_budget_shows_the_heuristic_first(qtbot, window, monkeypatch):
    """A search bigger than the first answer's budget but within the default one: the
    heuristic's answer is shown first (and given to the waiting Show), then the exact
    search runs by itself, with its percentage, and replaces it: A075464's 561, 4 optimal."""
    monkeypatch.setattr(analysis_model, "QUICK_LEAVES", 16)
    monkeypatch.setattr(gf2_fewest, "PAIRS_PER_LEAF", 1)
    load(window, rectangle(39, 39))
    settle(qtbot, window, timeout=60_000)
    window.action("goal_on").trigger()
    panel, model = window.analysis.panel, window.analysis.model
    seen = []
    model.solution_changed.connect(lambda: seen.append(model.solution))
    qtbot.mouseClick(panel.show_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: model.solution is not None and model.solution.exact, timeout=120_000)
    answers = [s for s in seen if s is not None]
    assert not answers[0].exact  # the heuristic's, shown first
    assert answers[0].search_leaves > 16
    best = model.solution
    assert (best.press_count, best.optimal_solutions) == (A075464_EXTENDED[38], 4)
    assert text(window, "analysis_solution").startswith(
        f"Fewest presses: {best.press_count} (exact"
    )
    assert not panel.solution_box.search_button.isVisible()
    presses = np.asarray(best.presses, dtype=np.int64)
    assert ((model.system.sparse() @ presses) % 2 == 1).all()
