"""The lit-only switch in the window: the play tool refuses unlit buttons, Solve presses an
ordered sequence (each press on a lit button) that clears the board, Hint says so when no
such sequence exists, and the switch is kept in the settings."""

from __future__ import annotations

import numpy as np

from lograph.core.model.generators import rectangle
from lograph.ui.analysis.solution import LIT_ONLY_STUCK
from lograph.ui.main_window import MainWindow
from lograph.ui.model.commands import PressCommand
from tests.references import press_matrix
from tests.ui.helpers import button_point, click, load


def lit_only_window(window: MainWindow, lit: list[str], rows: int = 3, cols: int = 3):
    board = rectangle(rows, cols)
    for b in lit:
        board.set_light(b, 1)
    load(window, board)
    window.action("lit_only").trigger()
    window.action("mode_play").trigger()
    return board


def test_an_unlit_press_is_refused_with_a_message(window):
    lit_only_window(window, ["r0c0"])
    assert window.session.lit_only
    click(window, button_point(window, "r2c2"))
    assert window.document.moves == 0
    assert window.document.board.lights().tolist() == [1] + [0] * 8
    assert "not lit" in window.statusBar().currentMessage()
    click(window, button_point(window, "r0c0"))  # a lit button is pressed as usual
    assert window.document.moves == 1
    assert window.document.board.light("r0c1") == 1


def test_solve_plays_lit_presses_that_clear_the_board(qtbot, window, monkeypatch):
    monkeypatch.setattr("lograph.ui.analysis.solution.STEP_MS", 1)
    lit_only_window(window, ["r0c0", "r1c2", "r2c1"])
    start = window.document.board.lights().astype(np.int64)
    steps = window.analysis.solutions
    steps.timer.setInterval(1)
    window.action("analysis_step").trigger()
    qtbot.waitUntil(lambda: not window.document.board.lights().any(), timeout=90_000)
    qtbot.waitUntil(lambda: not steps.stepping, timeout=5_000)
    stack = window.document.undo_stack
    presses = [stack.command(i) for i in range(stack.count())]
    presses = [c.button for c in presses if isinstance(c, PressCommand)]
    assert presses
    # replay independently: each press must hit a lit button, and the end is all off
    a, names = press_matrix(window.document.board), list(window.document.board.buttons)
    lights = start.copy()
    for button in presses:
        i = names.index(button)
        assert lights[i] == 1, f"{button} was pressed while unlit"
        lights = (lights + a[:, i]) % 2
    assert not lights.any()


def test_hint_says_when_lit_presses_cannot_clear(qtbot, window):
    # two buttons, one lit: pressing the lit one swaps which is lit, forever
    lit_only_window(window, ["r0c0"], rows=1, cols=2)
    messages: list[str] = []
    window.analysis.solutions.status.connect(messages.append)
    window.action("analysis_hint").trigger()
    qtbot.waitUntil(lambda: LIT_ONLY_STUCK in messages, timeout=90_000)
    assert not window.analysis.solutions.hint_overlay.marks


def test_lit_only_hint_names_a_lit_button_and_goes_after_it_is_pressed(qtbot, window):
    lit_only_window(window, ["r0c0", "r2c2"])
    solutions = window.analysis.solutions
    window.action("analysis_hint").trigger()
    qtbot.waitUntil(lambda: solutions.hint_button is not None, timeout=90_000)
    hinted = solutions.hint_button
    assert window.document.board.light(hinted) == 1
    click(window, button_point(window, hinted))
    assert solutions.hint_button is None
    assert not solutions.hint_overlay.marks


def test_the_switch_is_kept_between_sessions(qtbot, window, settings):
    window.action("lit_only").trigger()
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.session.lit_only
    assert again.action("lit_only").isChecked()
    again.action("lit_only").trigger()
    assert not again.session.lit_only
    third = MainWindow(settings=settings)
    qtbot.addWidget(third)
    assert not third.session.lit_only
