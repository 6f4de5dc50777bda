"""The chasing view: the plan drawn on the board, the lookup table, and the Chase action.

Independent answers: the board's own neighbourhoods (an arrow must join a light to a button
that changes it), presses made on the board one by one (the recipe must end with every
light at the goal), and the core's linear-algebra solvability test for positions the chase
calls unsolvable.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from lograph.core.model.generators import rectangle
from lograph.core.solve import is_solvable
from lograph.ui.chase.view import ChaseView
from lograph.ui.model.document import BoardProperties
from lograph.ui.picture.chase_plan import CHECK, FREE, ROW, STEP_BADGE

from .helpers import load, undo_all


def ready(qtbot, view: ChaseView, show: bool = True) -> None:
    view.player.interval = 0
    if show:
        view.show_plan(True)
    else:
        view.compute()
    qtbot.waitUntil(lambda: view.data is not None, timeout=20_000)


def chase(qtbot, view: ChaseView) -> None:
    messages: list[str] = []
    view.chase_done.connect(messages.append)
    view.actions["chase_run"].trigger()
    qtbot.waitUntil(lambda: bool(messages) and not view.player.running, timeout=20_000)


def scrambled(board, rng, presses: int = 9):
    """A position reached by pressing buttons from all off: solvable by construction."""
    for b in rng.choice(board.buttons, size=presses, replace=False).tolist():
        board.press(b)
    return board


def lights(window) -> dict[str, int]:
    board = window.document.board
    return {b: board.light(b) for b in board.buttons}


def changes(board, button: str, light: str) -> bool:
    """Whether pressing `button` changes `light`, found by pressing a copy of the board."""
    probe = rectangle(5, 5)
    before = probe.light(light)
    probe.press(button)
    return probe.light(light) != before


def test_plan_is_drawn_step_by_step(window, qtbot):
    load(window, rectangle(5, 5))
    view = window.chase
    ready(qtbot, view)
    data = view.data
    names, plan = data.names, data.plan
    steps = window.scene.overlay("chase_steps").marked()
    # numbers 1..n, each on the button decided at that step
    assert sorted(int(m.label) for m in steps.values()) == list(range(1, 26))
    assert {names[w]: str(i + 1) for i, w in enumerate(plan.buttons)} == {
        b: m.label for b, m in steps.items()
    }
    free = set(data.free_ids)
    assert len(free) == 5  # the classic 5×5 chase: the first row is free
    assert {b for b, m in steps.items() if m.color == FREE} == free
    assert {b for b, m in steps.items() if m.color == STEP_BADGE} == set(names) - free
    rings = window.scene.overlay("chase").marked()
    assert set(rings) == free
    assert {m.color for m in rings.values()} == {FREE}
    # one arrow per forced button, from a light it changes (checked on the board itself)
    arrows = window.scene.overlay("chase").arrows
    assert len(arrows) == 20
    assert {b for _, b, _ in arrows} == set(names) - free
    assert all(changes(window.document.board, b, light) for light, b, _ in arrows)
    assert len({light for light, _, _ in arrows}) == 20  # no light forces twice
    checks = window.scene.overlay("chase_check").marked()
    assert set(checks) == set(data.check_ids)
    assert not set(checks) & {light for light, _, _ in arrows}  # check lights never force
    assert {m.color for m in checks.values()} == {CHECK}
    assert len({FREE, CHECK, ROW, STEP_BADGE}) == 4  # distinct colours
    view.show_plan(False)
    assert window.scene.overlay("chase").is_empty()
    assert window.scene.overlay("chase_steps").is_empty()


def test_table_rows_are_shown_and_a_click_marks_its_free_presses(window, qtbot):
    load(window, rectangle(5, 5))
    view = window.chase
    view.dock.show()
    view.dock.raise_()
    ready(qtbot, view)
    widget = view.panel.table
    table = view.data.table
    assert widget.rowCount() == len(table) == 8  # 2^(25-2)/2^(25-5) patterns
    row = 3
    rect = widget.visualItemRect(widget.item(row, 0))
    QTest.mouseClick(widget.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    expected = {b for b, t in zip(view.data.free_ids, table.presses[row], strict=True) if t}
    marked = window.scene.overlay("chase_row").marked()
    assert set(marked) == expected
    assert {m.color for m in marked.values()} == {ROW}
    # the recipe, done by pressing on the board: the row's pattern on the check lights
    # (all else off), its free presses, then a chase, ends with every light off
    board = window.document.board
    pattern = dict(zip(view.data.check_ids, table.patterns[row].tolist(), strict=True))
    window.document.set_lights({b: pattern.get(b, 0) for b in board.buttons})
    widget.selectRow(row)
    view.actions["chase_press_free"].trigger()
    chase(qtbot, view)
    assert set(lights(window).values()) == {0}


def test_the_count_column_is_in_view_without_a_sideways_scrollbar(window, qtbot):
    from lograph.ui.chase.panel import COLUMNS

    load(window, rectangle(5, 5))
    view = window.chase
    view.dock.show()
    view.dock.raise_()
    ready(qtbot, view)
    widget = view.panel.table
    header, count = widget.horizontalHeader(), COLUMNS.index("Count")
    qtbot.waitUntil(lambda: header.sectionSize(count) > 0)
    assert header.sectionViewportPosition(count) >= 0
    assert header.sectionViewportPosition(count) + header.sectionSize(count) <= (
        widget.viewport().width()
    )
    assert not widget.horizontalScrollBar().isVisible()
    assert widget.item(0, count).text() == str(int(view.data.table.presses[0].sum()))


def test_chase_looks_up_the_row_and_the_recipe_ends_all_off(window, qtbot):
    rng = np.random.default_rng(5)
    start = scrambled(rectangle(5, 5), rng)
    load(window, start)
    before = lights(window)
    view = window.chase
    ready(qtbot, view, show=False)
    chase(qtbot, view)
    data = view.data
    after = lights(window)
    on = {b for b, v in after.items() if v}
    assert on <= set(data.check_ids)  # only check lights stay on
    pattern = np.array([after[b] for b in data.check_ids])
    row = view.panel.selected_row()
    assert row >= 0
    assert np.array_equal(data.table.patterns[row], pattern)
    assert set(window.scene.overlay("chase_lit").marked()) == on
    # what to do comes first, so a narrow status bar cutting the line keeps it; the free
    # buttons named as people find them (no plan drawn, so no step numbers to go by)
    said = view.panel.message.text()
    assert said.startswith(f"Table row {row + 1}: press the free buttons ringed brown (row ")
    free = [b for b, t in zip(data.free_ids, data.table.presses[row].tolist(), strict=True) if t]
    names = [f"row {int(b[1]) + 1}, column {int(b[3]) + 1}" for b in free]  # r<d>c<d> on 5×5
    assert f"({'; '.join(names)}), then Chase again." in said
    assert "r0c" not in said
    window.resize(700, 600)
    bar = window.statusBar()
    qtbot.waitUntil(lambda: bar.width() <= 700)
    assert bar.shown_message().startswith(f"Table row {row + 1}: press the free buttons")
    view.actions["chase_press_free"].trigger()
    chase(qtbot, view)
    assert set(lights(window).values()) == {0}
    assert "Solved" in view.panel.message.text()
    undo_all(window.document.undo_stack)  # every press was a real undoable command
    assert lights(window) == before


def test_unsolvable_position_is_reported(window, qtbot):
    board = rectangle(5, 5)
    board.set_light("r0c0", 1)
    assert not is_solvable(board)  # the corner alone is outside the 5×5's reach
    load(window, board)
    view = window.chase
    ready(qtbot, view, show=False)
    chase(qtbot, view)
    assert "cannot be solved" in view.panel.message.text()
    assert view.panel.selected_row() == -1
    assert not view.actions["chase_press_free"].isEnabled()


def test_goal_on_is_chased_to_all_on(window, qtbot):
    load(window, rectangle(5, 5))
    window.action("goal_on").trigger()
    view = window.chase
    ready(qtbot, view, show=False)
    chase(qtbot, view)
    view.actions["chase_press_free"].trigger()
    chase(qtbot, view)
    assert set(lights(window).values()) == {1}


def test_changing_the_goal_drops_the_chase_made_for_the_other_goal(window, qtbot):
    """The forced presses and the check-light reading depend on the goal: a chase played
    for "off" and read for "on" used to call solvable positions unsolvable."""
    load(window, scrambled(rectangle(5, 5), np.random.default_rng(0), 9))
    view = window.chase
    ready(qtbot, view, show=False)
    view.player.interval = 60_000
    view.chase()
    assert view.player.running
    window.action("goal_on").trigger()
    assert not view.player.running
    assert "Goal changed" in view.panel.message.text()
    window.action("goal_on").trigger()  # back to "off": a finished chase and its row
    view.player.interval = 0
    chase(qtbot, view)
    assert view.free_presses
    window.action("goal_on").trigger()
    assert not view.free_presses
    assert window.scene.overlay("chase_row").is_empty()
    assert not view.actions["chase_press_free"].isEnabled()


def test_chase_computes_the_plan_first_and_can_be_stopped(window, qtbot):
    load(window, scrambled(rectangle(5, 5), np.random.default_rng(2), 12))
    view = window.chase
    view.player.interval = 60_000  # one step, then wait for a tick that never comes
    assert view.data is None
    view.actions["chase_run"].trigger()  # no plan yet: computes it, then starts
    qtbot.waitUntil(lambda: view.player.running, timeout=20_000)
    made = window.document.undo_stack.count()
    assert made >= 1
    assert not view.actions["chase_run"].isEnabled()
    assert not window.scene.overlay("chase_step").is_empty()
    view.actions["chase_stop"].trigger()
    assert not view.player.running
    assert window.scene.overlay("chase_step").is_empty()
    assert "stopped" in view.panel.message.text()
    assert window.document.undo_stack.count() == made  # the presses made stay


def test_a_click_on_the_board_stops_the_chase(window, qtbot):
    load(window, scrambled(rectangle(5, 5), np.random.default_rng(3), 12))
    view = window.chase
    ready(qtbot, view, show=False)
    view.player.interval = 60_000
    view.chase()
    assert view.player.running
    window.document.press("r2c2")  # someone else changes the lights
    assert not view.player.running


def test_a_chase_dies_with_its_window(qtbot, settings, no_dialogs):
    """The player belonged to the Document, which outlives the window: a chase left running
    kept pressing, and the window's slots raised on deleted widgets."""
    from lograph.ui.main_window import MainWindow

    w = MainWindow(settings=settings)
    w.show()
    load(w, scrambled(rectangle(5, 5), np.random.default_rng(3), 12))
    view = w.chase
    ready(qtbot, view, show=False)
    view.player.interval = 1
    view.chase()
    assert view.player.running
    doc = w.document
    doc.undo_stack.setClean()
    gone: list[str] = []
    view.player.destroyed.connect(lambda: gone.append("player"))
    view.player.timer.destroyed.connect(lambda: gone.append("timer"))
    w.close()
    with qtbot.waitSignal(w.destroyed):
        w.deleteLater()
    assert sorted(gone) == ["player", "timer"]  # nothing is left to tick and press


def test_edits_drop_the_plan_at_once_and_a_new_one_follows(window, qtbot):
    load(window, rectangle(5, 5))
    view = window.chase
    ready(qtbot, view)
    window.document.remove_buttons(["r4c4"])
    assert view.data is None
    assert window.scene.overlay("chase").is_empty()
    assert window.scene.overlay("chase_steps").is_empty()
    assert view.panel.table.rowCount() == 0
    qtbot.waitUntil(lambda: view.data is not None, timeout=20_000)
    assert len(view.data.plan.buttons) == 24
    assert "r4c4" not in window.scene.overlay("chase_steps").marked()
    props = BoardProperties.of(window.document.board)
    window.document.set_properties(BoardProperties(props.name, props.rule, 3, props.directed))
    assert view.data is None
    qtbot.waitUntil(lambda: view.data is not None, timeout=20_000)
    assert view.data.states == 3


def test_big_board_has_no_table_but_the_chase_still_solves(window, qtbot):
    load(window, scrambled(rectangle(20, 20), np.random.default_rng(7), 40))
    view = window.chase
    ready(qtbot, view, show=False)
    assert view.data.table is None
    assert "lookup table would have" in view.panel.summary.text()
    assert "worked out directly" in view.panel.summary.text()
    assert view.panel.table.rowCount() == 0
    chase(qtbot, view)
    qtbot.waitUntil(lambda: view.actions["chase_press_free"].isEnabled(), timeout=20_000)
    view.actions["chase_press_free"].trigger()
    chase(qtbot, view)
    assert set(lights(window).values()) == {0}


@pytest.mark.parametrize("name", ["chase_show", "chase_run", "chase_stop", "chase_press_free"])
def test_actions_are_in_the_window(window, name):
    act = window.action(name)
    assert not act.shortcut().isEmpty()
    assert act in window.menus["analysis"].actions()


def test_three_states_recipe_ends_at_the_goal(window, qtbot):
    board = rectangle(4, 4)
    board.states = 3
    rng = np.random.default_rng(11)
    for b in rng.choice(board.buttons, size=10).tolist():  # repeats press twice: still solvable
        board.press(b)
    load(window, board)
    view = window.chase
    ready(qtbot, view, show=False)
    chase(qtbot, view)
    after = lights(window)
    assert {b for b, v in after.items() if v} <= set(view.data.check_ids)
    assert any(after.values())  # this position needs the lookup
    assert view.free_presses
    view.actions["chase_press_free"].trigger()
    chase(qtbot, view)
    assert set(lights(window).values()) == {0}


def test_a_chase_that_reaches_the_goal_shows_the_banner(window, qtbot):
    """Pressing buttons below the first row only gives a position the chase clears by itself
    (the first row is free); its end is announced over the board."""
    from PySide6.QtWidgets import QLabel

    board = rectangle(5, 5)
    for button in ("r1c2", "r3c0", "r4c4"):
        board.press(button)
    load(window, board)
    view = window.chase
    ready(qtbot, view)
    banner = window.findChild(QLabel, "goal_banner")
    chase(qtbot, view)
    assert window.document.board.is_goal()
    assert banner.isVisible()
    assert banner.text().startswith("Solved by chasing!")
