"""The worst position (computed, loaded, and needing its reported count) and the press
histogram, against walking every press vector of small boards."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from PySide6.QtGui import QColor

from lograph.core.model.generators import rectangle
from tests.references import fewest_table, histogram, max_min_worst
from tests.references import press_matrix as matrix
from tests.ui.helpers import button_point, click, load
from tests.ui.test_analysis_figures import settle, text


@pytest.mark.parametrize(("m", "n", "states", "goal"), [(4, 4, 2, "off"), (2, 3, 3, "off"),
                                                         (3, 3, 2, "on")])  # fmt: skip
def test_worst_position_loads_and_needs_its_count(qtbot, window, m, n, states, goal):
    board = rectangle(m, n)
    board.states = states
    a = matrix(board)
    table = fewest_table(a, states)
    load(window, board)
    settle(qtbot, window)
    if goal == "on":
        window.action("goal_on").trigger()
    model, panel, doc = window.analysis.model, window.analysis.panel, window.document
    window.action("analysis_worst").trigger()
    qtbot.waitUntil(lambda: model.worst is not None, timeout=20_000)
    worst = model.worst
    assert worst.exact
    assert worst.worst_presses == max(table.values())  # independent: the hardest of all
    assert f"needs {worst.worst_presses} presses" in text(window, "analysis_worst")
    before = doc.board.lights().copy()
    assert panel.load_button.isEnabled()
    panel.load_button.click()
    lights = doc.board.lights().astype(np.int64)
    target = 0 if goal == "off" else states - 1
    change = tuple(((target - lights) % states).tolist())
    assert table[change] == worst.worst_presses  # the loaded position needs that many
    rings = window.scene.overlay("analysis.solution")
    assert rings.marked() == {}  # a puzzle to play, not given away
    show = window.action("analysis_show_solution")
    show.trigger()  # asked for: the fewest presses of the loaded position
    qtbot.waitUntil(lambda: bool(rings.marked()), timeout=10_000)
    assert model.solution.press_count == worst.worst_presses
    assert sum(int(mk.label or 1) for mk in rings.marked().values()) == worst.worst_presses
    show.trigger()
    assert rings.marked() == {}  # and gone again when no longer asked for
    doc.undo_stack.undo()  # loading was one undoable step
    assert doc.board.lights().tolist() == before.tolist()


class FakeClock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_loading_the_worst_position_starts_a_new_game(qtbot, window):
    # seen in a real window: after a scramble and 3 presses, Load onto board kept Moves 3,
    # the running timer and the old Best (and after a solve, the frozen time)
    load(window, rectangle(4, 4))
    settle(qtbot, window)
    score = window.play.scoreboard
    clock = score.clock = FakeClock()
    window.action("scramble").trigger()
    qtbot.waitUntil(lambda: score.best is not None, timeout=20_000)
    old_best = score.best
    for button in ("r0c0", "r1c1", "r2c2"):
        click(window, button_point(window, button))
        clock.now += 7
    assert window.document.moves == 3
    window.action("analysis_worst").trigger()
    model = window.analysis.model
    qtbot.waitUntil(lambda: model.worst is not None, timeout=20_000)
    worst = model.worst.worst_presses
    assert worst != old_best[0]
    window.analysis.panel.load_button.click()
    assert window.document.moves == 0
    assert window.moves_label.text() == "Moves: 0"
    assert score.timer_label.text() == "Time: 0:00"
    qtbot.waitUntil(lambda: score.best is not None, timeout=20_000)
    assert score.best == (worst, True)
    assert score.best_label.text() == f"Best: {worst}"
    assert np.array_equal(window.document.start_lights, window.document.board.lights())
    click(window, button_point(window, "r3c3"))  # the new game's timer starts at its press
    clock.now += 5
    score.refresh()
    assert score.timer_label.text() == "Time: 0:05"
    window.action("reset").trigger()  # Reset goes back to the worst position, not before
    assert np.array_equal(window.document.board.lights(), model.worst.lights)


def test_worst_is_dropped_by_an_edit(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    model = window.analysis.model
    model.request_worst()
    qtbot.waitUntil(lambda: model.worst is not None, timeout=10_000)
    from lograph.ui.model.commands import RemoveCommand

    window.document.push(RemoveCommand(window.document, ["r1c1"]))
    assert model.worst is None
    assert not window.analysis.panel.load_button.isEnabled()


@pytest.mark.parametrize(("m", "n", "states"), [(3, 3, 2), (4, 4, 2), (2, 3, 3), (3, 3, 3)])
def test_histogram_matches_walking_every_press_vector(qtbot, window, m, n, states):
    board = rectangle(m, n)
    board.states = states
    load(window, board)
    settle(qtbot, window)
    model = window.analysis.model
    qtbot.waitUntil(lambda: model.histogram is not None, timeout=10_000)  # small: automatic
    expected = histogram(matrix(board), states)
    assert model.histogram == expected
    view = window.analysis.panel.histogram
    assert view.counts == expected
    verb = "needs" if expected[-1] == 1 else "need"  # one hardest position, or several
    assert f"{verb} {len(expected) - 1} presses" in text(window, "analysis_histogram_note")


def test_histogram_refused_beyond_both_ways(qtbot, window):
    board = rectangle(30, 30)  # 2^900 press vectors, and one class piece of dimension 20
    load(window, board)
    settle(qtbot, window)
    panel, model = window.analysis.panel, window.analysis.model
    assert model.histogram is None
    assert not panel.histogram_button.isEnabled()
    assert "2^26" in text(window, "analysis_histogram_note")
    assert "quiet classes" in text(window, "analysis_histogram_note")
    model.request_histogram()
    assert "Too many positions" in text(window, "analysis_histogram_note")
    assert not model.runner.is_running("histogram")


def test_histogram_past_the_walk_by_quiet_classes(qtbot, window):
    load(window, rectangle(7, 7))  # 2^49 press vectors, no quiet pattern: C(49, w)
    settle(qtbot, window)
    model, panel = window.analysis.model, window.analysis.panel
    qtbot.waitUntil(lambda: model.histogram is not None, timeout=10_000)  # cheap: automatic
    assert model.histogram == [comb(49, w) for w in range(50)]
    assert "the hardest needs 49 presses (just one)" in text(window, "analysis_histogram_note")
    load(window, rectangle(12, 12))  # nullity 0 again, counts of 42 digits: rounded
    settle(qtbot, window)
    qtbot.waitUntil(lambda: model.histogram is not None, timeout=10_000)
    assert model.histogram == [comb(144, w) for w in range(145)]
    note = text(window, "analysis_histogram_note")
    assert note.startswith("≈ 2.23 × 10^43 solvable positions")  # 2^144
    assert panel.histogram.counts == model.histogram
    board = rectangle(6, 6)
    board.states = 3  # invertible over GF(3): 3^36 press sets, (1 + z + z²)^36
    load(window, board)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: model.histogram is not None, timeout=10_000)
    expected = [1]
    for _ in range(36):
        expected = [sum(expected[w - j] for j in range(3) if 0 <= w - j < len(expected))
                    for w in range(len(expected) + 2)]  # fmt: skip
    assert model.histogram == expected


def test_histogram_widget_draws_bars(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)
    view = window.analysis.panel.histogram
    qtbot.waitUntil(lambda: bool(view.counts), timeout=10_000)
    view.resize(300, 140)
    image = view.grab().toImage()
    colors = {
        image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())
    }
    assert QColor("#4c6ef5").name() in colors  # ordinary bars
    assert QColor("#e4572e").name() in colors  # the hardest count stands out
    assert view.bar_at(view.width() - 10) == len(view.counts) - 1
    assert view.bar_at(10) == 0


def test_worst_refused_politely_when_too_large(qtbot, window, monkeypatch):
    # every board gets an answer or a range now; a refusal (as a future limit would give)
    # still reads as one line in the panel
    from lograph.core.errors import BoardTooLargeError
    from lograph.core.optimize import worst as worst_module

    def refuse(*args, **kwargs):
        raise BoardTooLargeError("boards up to 2^26 press vectors are supported")

    monkeypatch.setattr(worst_module, "worst_position", refuse)
    board = rectangle(5, 5)
    board.states = 3
    load(window, board)
    settle(qtbot, window)
    model = window.analysis.model
    window.action("analysis_worst").trigger()
    qtbot.waitUntil(lambda: not model.runner.is_running("worst"), timeout=10_000)
    assert model.worst is None
    assert "supported" in text(window, "analysis_worst")
    assert not window.analysis.panel.load_button.isEnabled()


@pytest.mark.parametrize("states", [3, 4])
def test_worst_position_past_the_walk_with_more_colours(qtbot, window, states):
    # 3^25 and 4^25 press vectors: the class integer program, checked against a second
    # program (the max-min form); the loaded position needs that many presses by the
    # fewest-presses search
    from lograph.core.optimize.fewest._search import fewest_presses
    from lograph.core.solve import prepare

    board = rectangle(5, 5)
    board.states = states
    solver = prepare(board.to_system())
    expected = max_min_worst(solver.analysis)
    load(window, board)
    settle(qtbot, window)
    model, panel, doc = window.analysis.model, window.analysis.panel, window.document
    window.action("analysis_worst").trigger()
    qtbot.waitUntil(lambda: model.worst is not None, timeout=30_000)
    assert (model.worst.worst_presses, model.worst.exact) == (expected, True)
    assert f"needs {expected} presses" in text(window, "analysis_worst")
    panel.load_button.click()
    lights = doc.board.lights().astype(np.int64)
    x0 = solver.particular((-lights) % states)
    assert fewest_presses(solver, x0).press_count == expected
