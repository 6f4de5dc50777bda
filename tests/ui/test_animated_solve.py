"""Animated solve (LightsOutWeb's S and C): the solution's buttons pressed one at a time, in
random or reading order, one step of the undo stack, stoppable with Esc."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from lograph.core.model.generators import named, rectangle
from lograph.ui.model.document import Document
from tests.ui.helpers import load
from tests.ui.test_analysis_figures import settle


def recorded_presses(monkeypatch) -> list[str]:
    """Every button the document presses, in order (recorded below the undo commands)."""
    pressed: list[str] = []
    real = Document.press

    def press(self, button, times=1):
        pressed.append(button)
        real(self, button, times)

    monkeypatch.setattr(Document, "press", press)
    return pressed


def scrambled(rows: int, cols: int, seed: int):
    """A board whose lights are the image of random presses (solvable), and those presses."""
    board = rectangle(rows, cols)
    rng = np.random.default_rng(seed)
    for b in board.buttons:
        if rng.random() < 0.5:
            board.press(b)
    return board


def test_reading_order_solves_pressing_row_by_row(qtbot, window, monkeypatch):
    load(window, scrambled(4, 5, 3))  # 4x5: one solution, every position solvable
    settle(qtbot, window)
    solve, doc = window.analysis.animated, window.document
    solve.set_speed(64)
    before = doc.undo_stack.count()
    pressed = recorded_presses(monkeypatch)
    window.action("analysis_animate_reading").trigger()
    qtbot.waitUntil(lambda: solve.running)
    qtbot.waitUntil(lambda: not solve.running)
    assert doc.board.is_goal("off")
    assert pressed, "the board needed presses"
    cells = [doc.board.grid_cell(b) for b in pressed]
    assert cells == sorted(cells)  # row by row, left to right
    assert doc.undo_stack.count() == before + 1  # the whole solve is one step
    assert doc.moves == len(pressed)
    doc.undo_stack.undo()
    assert doc.board.lights().tolist() == scrambled(4, 5, 3).lights().tolist()
    assert doc.moves == 0


def test_non_grid_boards_press_in_button_order(qtbot, window, monkeypatch):
    board = named("petersen")
    board.press(board.buttons[0])
    board.press(board.buttons[7])
    load(window, board)
    settle(qtbot, window)
    solve, doc = window.analysis.animated, window.document
    solve.set_speed(64)
    pressed = recorded_presses(monkeypatch)
    solve.start("reading")
    qtbot.waitUntil(lambda: solve.running)
    qtbot.waitUntil(lambda: not solve.running)
    assert doc.board.is_goal("off")
    order = [doc.board.index(b) for b in pressed]
    assert order == sorted(order)
    assert len(order) >= 1


def test_random_order_solves_and_undoes_in_one_step(qtbot, window):
    load(window, scrambled(5, 5, 11))  # 5x5 has quiet patterns: scrambled is solvable
    settle(qtbot, window)
    solve, doc = window.analysis.animated, window.document
    solve.set_speed(64)
    start = doc.board.lights().tolist()
    before = doc.undo_stack.count()
    window.action("analysis_animate_random").trigger()
    qtbot.waitUntil(lambda: solve.running)
    qtbot.waitUntil(lambda: not solve.running)
    assert doc.board.is_goal("off")
    assert doc.undo_stack.count() == before + 1
    doc.undo_stack.undo()
    assert doc.board.lights().tolist() == start


def test_escape_stops_halfway_keeping_the_presses(qtbot, window, monkeypatch):
    load(window, rectangle(4, 4))
    window.action("lights_on").trigger()  # all on: needs many presses on a 4x4
    settle(qtbot, window)
    solve, doc = window.analysis.animated, window.document
    assert not window.action("analysis_animate_stop").isEnabled()  # Esc is the board's
    solve.timer.setInterval(60_000)  # the ticks below are the only presses
    pressed = recorded_presses(monkeypatch)
    solve.start("reading")
    qtbot.waitUntil(lambda: solve.running)
    total = len(solve.steps)
    assert total >= 3
    solve._tick()
    solve._tick()
    assert window.action("analysis_animate_stop").isEnabled()
    window.activateWindow()
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert not solve.running
    made = len(pressed)
    assert 2 <= made < total
    assert not doc.board.is_goal("off")
    lit = doc.board.lights().copy()
    doc.undo_stack.undo()  # the pressed part is one step
    assert doc.board.lights().tolist() == [1] * 16
    doc.undo_stack.redo()
    assert doc.board.lights().tolist() == lit.tolist()


def test_an_edit_stops_the_solve(qtbot, window):
    load(window, rectangle(3, 3))
    window.action("lights_on").trigger()
    settle(qtbot, window)
    solve, doc = window.analysis.animated, window.document
    solve.timer.setInterval(60_000)  # no press comes by itself
    solve.start("random")
    qtbot.waitUntil(lambda: solve.running)
    window.action("lights_clear").trigger()
    solve._tick()  # the tick that notices the change
    assert not solve.running
    assert doc.board.lights().tolist() == [0] * 9


def test_one_player_at_a_time_and_none_under_lit_only(qtbot, window):
    load(window, rectangle(3, 3))
    window.action("lights_on").trigger()
    settle(qtbot, window)
    solve, steps = window.analysis.animated, window.analysis.solutions
    solve.timer.setInterval(60_000)
    steps.timer.setInterval(60_000)
    solve.start("reading")
    qtbot.waitUntil(lambda: solve.running)
    steps.start_steps()  # Solve Step by Step takes over
    qtbot.waitUntil(lambda: steps.stepping)
    assert not solve.running
    solve.start("random")  # and back
    qtbot.waitUntil(lambda: solve.running)
    assert not steps.stepping
    solve.stop()
    window.session.set_lit_only(True)
    messages: list[str] = []
    solve.status.connect(messages.append)
    solve.start("reading")
    assert not solve.running
    assert "lit-only" in messages[-1]


def test_the_speed_is_kept_between_runs(qtbot, settings, no_dialogs) -> None:
    from lograph.ui.analysis.animated import DEFAULT_SPEED, SPEEDS
    from lograph.ui.main_window import MainWindow

    first = MainWindow(settings=settings)
    qtbot.addWidget(first)
    box = first.analysis.animate_box.speed
    assert first.analysis.animated.speed == DEFAULT_SPEED  # nothing kept yet
    chosen = next(i for i, s in enumerate(SPEEDS) if s != DEFAULT_SPEED)
    box.setCurrentIndex(chosen)
    first.close()
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.analysis.animated.speed == SPEEDS[chosen]
    assert again.analysis.animate_box.speed.currentIndex() == chosen
    settings.setValue("animate/speed", "fast")  # a hand-edited file: the default stays
    third = MainWindow(settings=settings)
    qtbot.addWidget(third)
    assert third.analysis.animated.speed == DEFAULT_SPEED
