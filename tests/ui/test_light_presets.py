"""Lights ▸ presets and transforms: each entry sets the lights the core function gives, in
one undoable step, and is greyed out (saying why) where it means nothing."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from lograph.core.model.generators import named, rectangle, torus
from lograph.core.model.presets import preset_lights
from lograph.core.model.transforms import transform_lights
from lograph.ui.canvas.light_presets import EXTRA_KEYS, PRESET_ACTIONS
from tests.ui.helpers import load

SPECS = [spec for spec in PRESET_ACTIONS if spec is not None]


def start_board(states: int = 3):
    """A 4x5 grid with every light value somewhere (so every transform changes it)."""
    board = rectangle(4, 5, states=states)
    board.set_lights(np.arange(20) % states)
    return board


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_each_entry_sets_the_core_functions_lights_and_undo_restores(window, spec):
    board = start_board()
    load(window, board)
    before = window.document.board.lights().copy()
    window.presets.rng = np.random.default_rng(7)
    action = window.action(spec.name)
    assert action.isEnabled(), action.toolTip()
    copy = board.copy()  # the window's board is `board` itself
    if spec.transform:
        want = transform_lights(copy, spec.core)
    else:
        want = preset_lights(copy, spec.core, seed=np.random.default_rng(7), goal="off")
    count = window.document.undo_stack.count()
    action.trigger()
    assert window.document.board.lights().tolist() == want.tolist()
    assert window.document.undo_stack.count() == count + 1  # one step
    window.document.undo_stack.undo()
    assert window.document.board.lights().tolist() == before.tolist()


def test_values_by_hand_on_a_small_grid(window):
    """Independent of the core: corners, border and a shift worked out by hand on 3x4."""
    load(window, rectangle(3, 4))
    lights = lambda: window.document.board.lights().reshape(3, 4).tolist()  # noqa: E731
    window.action("lights_corners").trigger()
    assert lights() == [[1, 0, 0, 1], [0, 0, 0, 0], [1, 0, 0, 1]]
    window.action("lights_border").trigger()
    assert lights() == [[1, 1, 1, 1], [1, 0, 0, 1], [1, 1, 1, 1]]
    window.document.board.set_lights(np.arange(12) % 2)
    window.action("lights_invert").trigger()
    assert lights() == [[1, 0, 1, 0], [1, 0, 1, 0], [1, 0, 1, 0]]
    window.action("lights_shift_left").trigger()
    assert lights() == [[0, 1, 0, 1], [0, 1, 0, 1], [0, 1, 0, 1]]


def test_random_solvable_is_solvable_to_the_goal(qtbot, window):
    from tests.ui.test_analysis_figures import settle

    load(window, rectangle(5, 5))  # nullity 2: three quarters of the positions are not
    for _ in range(4):
        window.action("lights_solvable").trigger()
        settle(qtbot, window)
        assert window.analysis.model.position.solvable


def test_entries_without_meaning_are_greyed_out_with_the_reason(window):
    load(window, named("petersen"))  # no grid, every button of degree 3, odd cycles
    for name in ("lights_corners", "lights_checkers", "lights_border", "lights_chessboard",
                 "lights_shift_left", "lights_shift_down"):  # fmt: skip
        action = window.action(name)
        assert not action.isEnabled(), name
        assert ": not on this board, " in action.toolTip(), action.toolTip()
        assert action.statusTip().startswith("Not on this board:"), action.statusTip()
    for name in ("lights_invert", "lights_rotate", "lights_solvable", "lights_complement"):
        assert window.action(name).isEnabled(), name
    load(window, torus(4, 4))  # a grid glued into a torus: shifts, corners, border
    for spec in SPECS:
        assert window.action(spec.name).isEnabled(), spec.name
    load(window, rectangle(3, 3, holes=[(1, 1)]))  # a hole: no shift
    assert not window.action("lights_shift_up").isEnabled()
    assert window.action("lights_corners").isEnabled()


def test_an_edit_of_the_board_updates_the_entries(window):
    load(window, rectangle(2, 2))
    assert window.action("lights_shift_up").isEnabled()
    window.document.remove_buttons(["r0c0"])  # now a hole
    assert not window.action("lights_shift_up").isEnabled()


def test_lightsoutweb_keys_reach_the_entries(window):
    load(window, rectangle(3, 3))
    window.activateWindow()
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_4)
    assert window.document.board.lights().reshape(3, 3).tolist() == [[1, 0, 1], [0, 0, 0],
                                                                     [1, 0, 1]]  # fmt: skip
    QTest.keyClick(window.view, Qt.Key.Key_1)
    assert window.document.board.lights().tolist() == [1] * 9
    QTest.keyClick(window.view, Qt.Key.Key_0)
    assert window.document.board.lights().tolist() == [0] * 9
    QTest.keyClick(window.view, Qt.Key.Key_I)  # invert
    assert window.document.board.lights().tolist() == [1] * 9
    for name, key in EXTRA_KEYS.items():
        assert key in [k.toString() for k in window.action(name).shortcuts()]


def test_typing_a_number_into_a_box_is_not_a_preset(qtbot, window):
    """The bare keys are shortcuts only where no text box takes them: a digit typed into
    the fixed boards' number box goes to the box."""
    from tests.ui.test_analysis_figures import settle

    load(window, rectangle(4, 4))  # 16 fixed boards: the box takes 1..15 in combinations
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.analysis.dynamics.maps is not None)
    window.analysis.dock.show()
    browser = window.analysis.fixed_browser
    browser.combo_mode.setChecked(True)
    spin = browser.spin
    window.activateWindow()
    spin.setFocus()
    spin.selectAll()
    before = window.document.undo_stack.count()
    QTest.keyClick(spin, Qt.Key.Key_4)
    assert spin.value() == 4
    assert window.document.undo_stack.count() == before  # no "Four Corners"
