"""The Session owns the goal, the mode and the shown overlays: its signals fire once per real
change, and every control that shows one of them (menu action, dock button, check box) stays
in step with it both ways."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from lograph.core.model.generators import rectangle
from lograph.ui.model.session import Session

from .helpers import button_point, click, load
from .test_analysis_figures import settle


def recorder(signal) -> list[tuple]:
    seen: list[tuple] = []
    signal.connect(lambda *args: seen.append(args))
    return seen


def test_signals_fire_once_per_change_and_never_for_the_same_value(qtbot):
    session = Session()
    goals, modes, overlays = (
        recorder(session.goal_changed),
        recorder(session.mode_changed),
        recorder(session.overlay_changed),
    )
    session.set_goal("off")  # the default: no change
    session.set_goal("on")
    session.set_goal("on")
    session.set_mode("play")
    session.set_mode("play")
    session.set_shown("solution", True)
    session.set_shown("solution", True)
    session.set_shown("solution", False)
    assert goals == [("on",)]
    assert modes == [("play",)]
    assert overlays == [("solution", True), ("solution", False)]
    assert (session.goal, session.mode, session.shows("solution")) == ("on", "play", False)
    assert session.target(3) == 2


@pytest.mark.parametrize(
    ("setter", "value"),
    [("set_goal", "sideways"), ("set_mode", "draw"), ("set_shown", "everything")],
)
def test_unknown_values_are_refused(setter, value):
    session = Session()
    args = (value, True) if setter == "set_shown" else (value,)
    with pytest.raises(ValueError, match=repr(value)):
        getattr(session, setter)(*args)


def test_goal_action_and_session_agree_both_ways(window):
    action, session = window.action("goal_on"), window.session
    goals = recorder(session.goal_changed)
    action.trigger()
    assert session.goal == "on"
    session.set_goal("off")
    assert not action.isChecked()
    assert goals == [("on",), ("off",)]  # one signal per change, none echoed back


def test_the_play_tool_wins_with_the_sessions_goal(qtbot, window):
    board = rectangle(1, 1)  # one button: a press switches its light
    load(window, board)
    window.session.set_goal("on")
    window.action("mode_play").trigger()
    click(window, button_point(window, "r0c0"))  # off -> on: the goal "all on" is reached
    assert window.status_area.banner.isVisible()
    assert "Every light is on" in window.status_area.banner.text()


def test_mode_keys_set_the_session_and_the_session_sets_the_tool(qtbot, window):
    modes = recorder(window.session.mode_changed)
    QTest.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert window.session.mode == "play"
    window.session.set_mode("lights")
    assert window.tool.name == "lights"
    assert window.action("mode_lights").isChecked()
    assert window.status_area.mode_label.text() == "Lights mode"
    assert modes == [("play",), ("lights",)]


def test_show_solution_action_button_and_session_agree(qtbot, window):
    load(window, rectangle(3, 3))
    settle(qtbot, window)  # the button is enabled once the analysis is known
    action = window.action("analysis_show_solution")
    button = window.analysis.panel.show_button
    session = window.session
    button.click()
    assert session.shows("solution")
    assert action.isChecked()
    action.trigger()
    assert not session.shows("solution")
    assert not button.isChecked()
    session.set_shown("solution", True)
    assert action.isChecked()
    assert button.isChecked()


def test_chase_plan_action_and_session_agree(window):
    action, session = window.action("chase_show"), window.session
    action.trigger()
    assert session.shows("chase_plan")
    session.set_shown("chase_plan", False)
    assert not action.isChecked()


def test_pattern_check_boxes_are_views_of_the_session(window):
    quiet, world = window.analysis.panel.quiet.show_board, window.analysis.panel.position.highlight
    session = window.session
    assert world.isChecked() == session.shows("world")
    world.setChecked(False)
    assert not session.shows("world")
    session.set_shown("quiet", True)
    assert quiet.isChecked()
