"""Solutions on the board: show solution, hint, solve step by step.

Fewest-press counts are checked against walking every press vector of the board
(tests/ui/test_analysis_gf.py); the marks against the core's own fewest-presses answer.
"""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.model.generators import rectangle
from lograph.core.optimize.fewest import solve_fewest
from lograph.ui.model.commands import PressCommand, SetLightsCommand
from tests.references import fewest_table
from tests.references import press_matrix as matrix
from tests.ui.helpers import load
from tests.ui.test_analysis_figures import settle


def solvable_lights(a: np.ndarray, p: int, rng: np.random.Generator) -> np.ndarray:
    """A random position that can be switched off: the lights some presses make."""
    return (a @ rng.integers(0, p, a.shape[1])) % p


def marked_presses(window) -> dict[str, int]:
    marks = window.scene.overlay("analysis.solution").marked()
    return {b: int(m.label or 1) for b, m in marks.items()}


def wait_solution(qtbot, window) -> None:
    model = window.analysis.model
    qtbot.waitUntil(lambda: model.solution is not None, timeout=10_000)


@pytest.mark.parametrize(("m", "n", "states"), [(5, 5, 2), (4, 4, 2), (2, 3, 3)])
def test_solution_overlay_marks_the_fewest_presses(qtbot, window, m, n, states):
    board = rectangle(m, n)
    board.states = states
    a = matrix(board)
    table = fewest_table(a, states) if m * n <= 16 else None
    load(window, board)
    settle(qtbot, window)
    doc = window.document
    window.action("analysis_show_solution").trigger()
    assert window.analysis.panel.show_button.isChecked()
    rng = np.random.default_rng(m * n)
    for _ in range(4):
        lights = solvable_lights(a, states, rng)
        doc.push(SetLightsCommand(doc, lights))
        assert not marked_presses(window)  # old marks go as soon as the lights change
        wait_solution(qtbot, window)
        core = solve_fewest(doc.board)
        names = list(doc.board.buttons)
        expected = {names[i]: int(core.presses[i]) for i in np.flatnonzero(core.presses)}
        assert marked_presses(window) == expected
        shown = window.analysis.model.solution
        assert shown.press_count == core.press_count
        if table is not None:  # independent: the fewest presses by walking every vector
            assert core.press_count == table[tuple(((-lights) % states).tolist())]
        assert f"Fewest presses: {core.press_count}" in window.analysis.panel.solution_text.text()
    window.action("analysis_show_solution").trigger()
    assert not marked_presses(window)


def test_show_solution_with_goal_on(qtbot, window):
    board = rectangle(3, 3)
    load(window, board)
    settle(qtbot, window)
    window.action("goal_on").trigger()
    window.action("analysis_show_solution").trigger()
    wait_solution(qtbot, window)
    table = fewest_table(matrix(board), 2)
    assert sum(marked_presses(window).values()) == table[(1,) * 9] == 5
    board = window.document.board
    board_copy = board.copy()
    board_copy.apply_presses(marked_presses(window))
    assert board_copy.is_goal("on")


@pytest.mark.parametrize(("m", "n", "states"), [(4, 4, 2), (2, 3, 3), (3, 3, 2)])
def test_hint_press_reduces_the_fewest_presses_by_one(qtbot, window, m, n, states):
    board = rectangle(m, n)
    board.states = states
    a = matrix(board)
    table = fewest_table(a, states)
    load(window, board)
    settle(qtbot, window)
    doc, solutions = window.document, window.analysis.solutions
    rng = np.random.default_rng(7 + m)
    for _ in range(5):
        doc.push(SetLightsCommand(doc, solvable_lights(a, states, rng)))
        while not doc.board.is_goal():
            before = table[tuple(((-doc.board.lights().astype(int)) % states).tolist())]
            window.action("analysis_hint").trigger()
            qtbot.waitUntil(lambda: solutions.hint_button is not None, timeout=10_000)
            hinted = solutions.hint_button
            assert set(window.scene.overlay("analysis.hint").marked()) == {hinted}
            doc.push(PressCommand(doc, hinted))
            assert window.scene.overlay("analysis.hint").is_empty()  # gone with the press
            after = table[tuple(((-doc.board.lights().astype(int)) % states).tolist())]
            assert after == before - 1


def test_a_hint_for_one_goal_is_dropped_when_the_goal_changes(qtbot, window):
    board = rectangle(3, 3)  # invertible: one solution per goal, and they differ here
    board.set_lights([1, 1, 0, 1, 0, 0, 0, 0, 0])
    load(window, board)
    settle(qtbot, window)
    solutions = window.analysis.solutions
    window.action("analysis_hint").trigger()
    qtbot.waitUntil(lambda: solutions.hint_button is not None, timeout=10_000)
    window.action("goal_on").trigger()
    assert solutions.hint_button is None
    assert window.scene.overlay("analysis.hint").is_empty()


def test_hint_on_an_unsolvable_position_says_so(qtbot, window):
    board = rectangle(5, 5)
    board.set_light("r0c0", 1)
    load(window, board)
    settle(qtbot, window)
    messages = []
    window.analysis.solutions.status.connect(messages.append)
    window.action("analysis_hint").trigger()
    assert "cannot be solved" in messages[-1]
    assert window.scene.overlay("analysis.hint").is_empty()


def test_step_by_step_ends_at_the_goal_and_is_undoable(qtbot, window):
    board = rectangle(4, 4)
    a = matrix(board)
    lights = solvable_lights(a, 2, np.random.default_rng(11))
    board.set_lights(lights)
    load(window, board)
    settle(qtbot, window)
    doc, solutions = window.document, window.analysis.solutions
    solutions.timer.setInterval(5)
    fewest = fewest_table(a, 2)[tuple(lights.tolist())]
    assert fewest > 0
    stack_before = doc.undo_stack.count()
    window.action("analysis_step").trigger()
    qtbot.waitUntil(lambda: solutions.stepping, timeout=10_000)
    assert window.action("analysis_step").isChecked()
    qtbot.waitUntil(lambda: not solutions.stepping, timeout=10_000)
    assert doc.board.is_goal()
    assert not window.action("analysis_step").isChecked()
    assert doc.undo_stack.count() - stack_before == fewest  # one undoable press per step
    for _ in range(fewest):
        doc.undo_stack.undo()
    assert doc.board.lights().tolist() == lights.tolist()


def test_step_by_step_stops_when_the_board_changes(qtbot, window):
    board = rectangle(5, 5)
    board.set_lights(solvable_lights(matrix(board), 2, np.random.default_rng(2)))
    load(window, board)
    settle(qtbot, window)
    doc, solutions = window.document, window.analysis.solutions
    solutions.timer.setInterval(60_000)  # the first step never comes by itself
    solutions.start_steps()
    qtbot.waitUntil(lambda: solutions.stepping, timeout=10_000)
    doc.push(SetLightsCommand(doc, {"r2c2": 1 - doc.board.light("r2c2")}))
    solutions._step()  # the tick that notices the change
    assert not solutions.stepping
    assert not window.action("analysis_step").isChecked()


def test_step_by_step_can_be_stopped(qtbot, window):
    board = rectangle(5, 5)
    board.set_lights(solvable_lights(matrix(board), 2, np.random.default_rng(4)))
    load(window, board)
    settle(qtbot, window)
    solutions = window.analysis.solutions
    solutions.timer.setInterval(60_000)
    window.action("analysis_step").trigger()
    qtbot.waitUntil(lambda: solutions.stepping, timeout=10_000)
    assert not window.scene.overlay("analysis.solution").is_empty()  # numbered steps shown
    window.action("analysis_step").trigger()
    assert not solutions.stepping
    assert window.analysis.panel.step_button.text() == "Step by step"


def test_step_by_step_ends_with_the_banner(qtbot, window):
    """An automatic step-through that reaches the goal says so over the board, as a solve by
    hand does."""
    from PySide6.QtWidgets import QLabel

    board = rectangle(3, 3)
    board.press("r1c1")
    load(window, board)
    settle(qtbot, window)
    solutions = window.analysis.solutions
    solutions.timer.setInterval(5)
    banner = window.findChild(QLabel, "goal_banner")
    assert not banner.isVisible()
    window.action("analysis_step").trigger()
    qtbot.waitUntil(lambda: window.document.board.is_goal(), timeout=10_000)
    qtbot.waitUntil(banner.isVisible, timeout=10_000)
    assert banner.text() == "Solved step by step in 1 press."


@pytest.mark.usefixtures("heuristic_fewest")
def test_heuristic_fewest_shows_its_proven_lower_bound(qtbot, window):
    """A fewest-presses answer that is not proven says so, with the bound that is."""
    board = rectangle(5, 5)
    for name in board.buttons:
        board.set_light(name, 1)
    load(window, board)
    settle(qtbot, window)
    window.action("analysis_show_solution").trigger()
    wait_solution(qtbot, window)
    shown = window.analysis.model.solution
    assert not shown.exact
    assert 0 < shown.lower_bound <= shown.press_count
    assert shown.lower_bound <= solve_fewest(board).press_count  # the exact answer: 15
    text = window.analysis.panel.solution_text.text()
    assert "a quick search" in text  # the heuristic, in a player's words
    assert f"maybe not the fewest; at least {shown.lower_bound})" in text
