"""The score of whole-board play: a timer read from an injected clock, the best possible count
(checked by brute force) in the verdict, and the hint gone once it is used."""

from __future__ import annotations

import pytest

from lograph.core.model.generators import rectangle
from lograph.ui.play.scoreboard import format_elapsed, verdict
from tests.references import fewest_to_goal
from tests.ui.helpers import button_point, click, load


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0:00"), (59.99, "0:59"), (60, "1:00"), (3599, "59:59"), (3600, "1:00:00"), (-3, "0:00")],
)
def test_elapsed_time_is_written_as_minutes_and_seconds(seconds, text):
    assert format_elapsed(seconds) == text


def test_the_verdict_names_the_best_count():
    assert verdict(10, 7) == "Solved in 10 moves — the best possible is 7"
    assert verdict(7, 7) == "Solved in 7 moves — optimal!"
    assert verdict(1, 1) == "Solved in 1 move — optimal!"
    assert verdict(12, 9, exact=False) == "Solved in 12 moves — the best found is 9"
    assert verdict(4, None) == "Solved in 4 moves!"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_timer_and_best_count_while_playing_a_position(qtbot, window):
    board = rectangle(3, 3)
    board.press("r1c1")
    board.press("r0c0")
    board.press("r0c0")  # twice: the position is still one press away
    load(window, board)
    score = window.play.scoreboard
    clock = score.clock = FakeClock()
    assert not score.timer_label.isVisibleTo(window)  # edit mode: no score shown
    window.action("mode_play").trigger()
    assert score.timer_label.isVisibleTo(window)
    qtbot.waitUntil(lambda: score.best is not None, timeout=90_000)
    assert score.best == (fewest_to_goal(window.document.board), True) == (1, True)
    assert score.best_label.text() == "Best: 1"
    clock.now += 30  # the timer starts at the first press, not before
    click(window, button_point(window, "r0c0"))
    clock.now += 65
    score.refresh()
    assert score.timer_label.text() == "Time: 1:05"
    click(window, button_point(window, "r0c0"))
    click(window, button_point(window, "r1c1"))
    expected = "Solved in 3 moves — the best possible is 1\nTime 1:05"
    assert window.status_area.banner.text() == expected
    clock.now += 100  # stopped at the goal
    score.refresh()
    assert score.timer_label.text() == "Time: 1:05"
    window.action("reset").trigger()  # a new game from the same start
    assert score.timer_label.text() == "Time: 0:00"
    assert score.best == (1, True)


def test_the_hint_goes_once_the_hinted_button_is_pressed(qtbot, window):
    board = rectangle(3, 3)
    board.press("r0c0")
    board.press("r2c1")
    load(window, board)
    window.action("mode_play").trigger()
    solutions = window.analysis.solutions
    window.action("analysis_hint").trigger()
    qtbot.waitUntil(lambda: solutions.hint_button is not None, timeout=90_000)
    hinted = solutions.hint_button
    assert hinted in {"r0c0", "r2c1"}
    r, c = (int(x) for x in hinted[1:].split("c"))
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Hint: press row {r + 1}, column {c + 1} (")  # as a person counts
    assert solutions.hint_overlay.marks
    click(window, button_point(window, hinted))
    assert not solutions.hint_overlay.marks
    assert solutions.hint_button is None
    assert "Hint" not in window.statusBar().currentMessage()


def test_no_best_count_where_it_would_be_costly(qtbot, window, monkeypatch):
    monkeypatch.setattr("lograph.ui.play.scoreboard.BEST_BITS", -1)  # every board "too big"
    board = rectangle(3, 3)
    board.press("r1c1")
    load(window, board)
    window.action("mode_play").trigger()
    score = window.play.scoreboard
    qtbot.waitUntil(lambda: score.best is not None, timeout=90_000)
    assert score.best_label.text() == "Best: –"
    click(window, button_point(window, "r1c1"))
    assert window.status_area.banner.text().startswith("Solved in 1 move!\nTime ")


@pytest.mark.parametrize("player", ["chase", "step by step"])
def test_the_timer_stops_when_the_window_plays_to_the_goal(qtbot, window, player):
    board = rectangle(5, 5)
    for button in ("r1c2", "r3c0", "r4c4"):  # below the first row: the chase clears it alone
        board.press(button)
    load(window, board)
    score = window.play.scoreboard
    clock = score.clock = FakeClock()
    window.action("mode_play").trigger()
    click(window, button_point(window, "r2c2"))  # the player's first press starts the clock
    click(window, button_point(window, "r2c2"))  # and takes itself back
    clock.now += 19
    if player == "chase":
        window.chase.player.interval = 0
        window.chase.actions["chase_run"].trigger()
    else:
        window.analysis.solutions.timer.setInterval(0)
        window.action("analysis_step").trigger()
    qtbot.waitUntil(window.document.board.is_goal, timeout=30_000)
    qtbot.waitUntil(lambda: window.status_area.banner.isVisible(), timeout=5_000)
    clock.now += 13  # time passing after the goal does not count
    score.refresh()
    assert score.timer_label.text() == "Time: 0:19"
