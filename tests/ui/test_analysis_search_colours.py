"""With more than two colours the Solution section offers the whole search by prefixes when
the first answer stopped short of it, and the exact answer it brings matches brute force.

The 17×17 board over GF(3) has 3^12 solutions per position. The window's first answer is
made to search at most 3^6 of them, and the one-transform shortcut is turned off, so the
first answer is the heuristic's with a proven lower bound; the button then walks all 3^12
(in prefixes) and must agree with a numpy walk over every solution, written here.
Every wait is for an event (an answer, a progress report, a cancelled job), never a time.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import _past_walk as zk_beyond
from lograph.ui.model import analysis as analysis_model
from tests.ui.test_analysis_figures import text
from tests.ui.test_analysis_search_all import cancel_a_search, show_a_bounded_answer

SIDE, COLOURS = 17, 3


def _scrambled_board():  # type: ignore[no-untyped-def]
    """The 17×17 three-colour board after random presses (so the position is solvable)."""
    board = rectangle(SIDE, SIDE, states=COLOURS)
    rng = np.random.default_rng(7)
    lights = np.zeros(len(board), dtype=np.int64)
    index = {button: i for i, button in enumerate(board.buttons)}
    for button in board.buttons:
        times = int(rng.integers(0, COLOURS))
        for reached in {button, *board.neighbors(button)}:
            lights[index[reached]] += times
    for button in board.buttons:
        board.set_light(button, int(lights[index[button]] % COLOURS))
    return board


def _walk_every_solution(model):  # type: ignore[no-untyped-def]
    """(fewest presses, how many reach it) over every solution, by brute force in numpy."""
    analysis = model.solver.analysis
    quiet = np.asarray(analysis.quiet, dtype=np.int64).reshape(analysis.nullity, analysis.n)
    a = model.system.sparse()
    assert not ((a @ quiet.T) % COLOURS).any()  # every row really is quiet
    x0 = np.asarray(model.solver.particular(model.position.change), dtype=np.int64)
    k = len(quiet)
    best, ties = None, 0
    for start in range(0, COLOURS**k, 1 << 15):
        numbers = np.arange(start, min(start + (1 << 15), COLOURS**k))
        digits = (numbers[:, None] // COLOURS ** np.arange(k)) % COLOURS
        weights = ((x0 + digits @ quiet) % COLOURS).sum(axis=1)
        low = int(weights.min())
        if best is None or low < best:
            best, ties = low, 0
        if low == best:
            ties += int((weights == low).sum())
    return best, ties


def _bounded(qtbot, window, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(analysis_model, "QUICK_SOLUTIONS", COLOURS**6)
    monkeypatch.setattr(zk_beyond, "FOURIER_LIMIT", COLOURS**6)  # no one-transform shortcut
    panel, model = show_a_bounded_answer(qtbot, window, _scrambled_board())
    assert model.solver.analysis.nullity == 12
    return panel, model


def test_search_all_solutions_proves_what_brute_force_finds(qtbot, window, monkeypatch):
    panel, model = _bounded(qtbot, window, monkeypatch)
    bounded = model.solution
    assert bounded.search_solutions == COLOURS**12
    button = panel.solution_box.search_button
    assert button.isVisible()
    assert button.isEnabled()
    assert button.text() == f"Search all {COLOURS**12:,} solutions"
    assert f"at least {bounded.lower_bound}" in text(window, "analysis_solution")
    reports = []
    model.runner.progress.connect(lambda *args: reports.append(args))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not button.isEnabled()  # one search at a time
    qtbot.waitUntil(lambda: model.solution is not bounded, timeout=120_000)
    best = model.solution
    assert best.exact
    fewest, ties = _walk_every_solution(model)
    assert (best.press_count, best.optimal_solutions) == (fewest, ties)
    assert fewest <= bounded.press_count
    assert bounded.lower_bound <= fewest
    assert text(window, "analysis_solution").startswith(f"Fewest presses: {fewest} (exact")
    assert not button.isVisible()
    assert any(channel == "solution" for channel, _done, _total in reports)  # the busy bar
    presses = np.asarray(best.presses, dtype=np.int64)  # in the analysed system's order
    lights = np.asarray(window.document.board.lights(), dtype=np.int64)
    assert (((model.system.sparse() @ presses) + lights) % COLOURS == 0).all()


def test_a_cancelled_search_keeps_the_bounded_answer(qtbot, window, monkeypatch):
    _bounded(qtbot, window, monkeypatch)
    asked, busy = cancel_a_search(qtbot, window, monkeypatch)
    assert asked["work"].solutions == COLOURS**12  # the whole kernel, not the quick budget
    assert f"Searching all {COLOURS**12:,} solutions" in busy


def test_a_search_past_the_most_solutions_is_not_offered(qtbot, window, monkeypatch):
    monkeypatch.setattr(analysis_model, "MAX_SEARCH_SOLUTIONS", COLOURS**12 - 1)
    panel, model = _bounded(qtbot, window, monkeypatch)
    button = panel.solution_box.search_button
    assert button.isVisible()
    assert not button.isEnabled()
    assert button.text() == "Exact search out of reach"
    assert f"need {COLOURS**12:,} solutions" in button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # a disabled button: nothing starts
    assert not model.runner.is_running("solution")
    assert not model.search_all_leaves()  # nor through the model
