"""The tools' lifecycle (canvas/tools.py, BoardScene.set_tool): the window only swaps tools;
each sets itself up when activated and drops its gesture when deactivated. Every gesture is
a real mouse event on the viewport; every check is on the Document or the scene."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from lograph.core.model.generators import rectangle
from lograph.ui.canvas.tools import EditTool
from tests.ui.helpers import LEFT, NO_MOD, at, button_point, click, load

SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_activating_play_starts_a_game_from_the_current_lights(window):
    load(window, rectangle(4, 4))
    window.action("mode_lights").trigger()
    for b in ("r0c0", "r2c1", "r3c3"):
        click(window, button_point(window, b))  # lights mode: one light each, no press
    set_up = window.document.board.lights()
    assert set_up.sum() == 3
    window.action("mode_play").trigger()
    assert np.array_equal(window.document.start_lights, set_up)
    assert window.document.moves == 0
    click(window, button_point(window, "r1c1"))
    click(window, button_point(window, "r2c2"))
    assert window.document.moves == 2
    assert np.array_equal(window.document.start_lights, set_up)  # presses are moves
    pressed = window.document.board.lights()
    assert not np.array_equal(pressed, set_up)
    window.set_mode("play")  # play again: a restart from the lights as they are now
    assert window.document.moves == 0
    assert np.array_equal(window.document.start_lights, pressed)


def test_leaving_play_keeps_the_game_and_coming_back_starts_a_new_one(window):
    load(window, rectangle(3, 3))
    window.action("mode_play").trigger()
    click(window, button_point(window, "r0c0"))
    assert window.document.moves == 1
    window.action("mode_edit").trigger()  # deactivating play changes nothing
    assert window.document.moves == 1
    window.action("mode_play").trigger()
    assert window.document.moves == 0


def test_other_tools_start_without_the_edit_selection(window):
    load(window, rectangle(3, 3))
    click(window, button_point(window, "r1c1"))  # edit mode: select it
    assert window.scene.selected == {"r1c1"}
    window.action("mode_lights").trigger()
    assert window.scene.selected == set()
    click(window, button_point(window, "r1c1"))  # lights mode: a light, not a selection
    assert window.scene.selected == set()
    assert window.document.board.light("r1c1") == 1


def test_deactivating_edit_mid_drag_drops_the_gesture(window, qtbot):
    load(window, rectangle(3, 3))
    viewport = window.view.viewport()
    start = button_point(window, "r0c0")
    before = window.document.board.position("r0c0")
    commands = window.document.undo_stack.count()
    QTest.mousePress(viewport, LEFT, SHIFT, at(window, start))
    for step in range(1, 7):  # Shift+drag: a move in progress, shown but not done
        QTest.mouseMove(viewport, at(window, start + QPointF(0, 15 * step)))
    tool = window.tools["edit"]
    assert isinstance(tool, EditTool)
    assert tool.state == "move"
    assert window.scene.store.position("r0c0")[1] > start.y() + 40  # drawn where dragged
    window.action("mode_lights").trigger()  # switching tools mid-gesture
    QTest.mouseRelease(viewport, LEFT, NO_MOD, at(window, start + QPointF(0, 90)))
    assert tool.state is None
    assert window.document.board.position("r0c0") == before
    assert tuple(window.scene.store.position("r0c0")) == (start.x(), start.y())  # drawn back
    assert window.document.undo_stack.count() == commands
    assert window.document.board.light("r0c0") == 0  # the release did nothing in lights mode


class Recorder:
    """An `Interaction` that records its lifecycle and the presses it gets."""

    def __init__(self, name: str, log: list[str]) -> None:
        self.name, self.log = name, log

    def activate(self) -> None:
        self.log.append(f"{self.name}.activate")

    def deactivate(self) -> None:
        self.log.append(f"{self.name}.deactivate")

    def press(self, event) -> None:
        self.log.append(f"{self.name}.press")

    def move(self, event) -> None:
        pass

    def release(self, event) -> None:
        pass

    def cancel(self) -> None:
        self.log.append(f"{self.name}.cancel")

    def context_menu(self, point, shared, parent):
        return None


def test_the_scene_ends_the_old_tool_before_starting_the_new_one(window):
    load(window, rectangle(2, 2))
    log: list[str] = []
    a, b = Recorder("a", log), Recorder("b", log)
    window.scene.set_tool(a)
    window.scene.set_tool(b)
    click(window, button_point(window, "r0c0"))
    window.scene.set_tool(b)  # the same tool again: a restart
    QTest.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert log == [
        "a.activate",
        "a.deactivate",
        "b.activate",
        "b.press",
        "b.deactivate",
        "b.activate",
        "b.cancel",
    ]
    assert window.scene.tool is b
