"""Play and lights modes through the viewport: presses, move counter, scramble, reset, goal."""

from __future__ import annotations

import numpy as np
import pytest

from lograph.core.model.board import Board
from lograph.core.model.generators import named, rectangle
from tests.references import graph_press_matrix as press_matrix
from tests.references import solvable
from tests.ui.helpers import RIGHT, button_point, click, load


def plus(rows: int, cols: int, r: int, c: int) -> set[str]:
    """The lights a press at (r, c) changes on a closed grid, from coordinates alone."""
    cells = [(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return {f"r{i}c{j}" for i, j in cells if 0 <= i < rows and 0 <= j < cols}


def lit(board: Board) -> dict[str, int]:
    return {b: int(v) for b, v in zip(board.buttons, board.lights(), strict=True) if v}


def test_clicking_in_play_mode_presses_the_button(window):
    load(window, rectangle(5, 5))
    window.action("mode_play").trigger()
    click(window, button_point(window, "r2c3"))
    assert lit(window.document.board) == dict.fromkeys(plus(5, 5, 2, 3), 1)
    click(window, button_point(window, "r0c0"))
    expected = plus(5, 5, 2, 3) ^ plus(5, 5, 0, 0)
    assert lit(window.document.board) == dict.fromkeys(expected, 1)
    assert window.document.moves == 2
    assert window.status_area.moves_label.text() == "Moves: 2"


def test_the_scene_repaints_the_pressed_lights(window):
    load(window, rectangle(3, 3))
    window.action("mode_play").trigger()
    click(window, button_point(window, "r1c1"))
    store = window.scene.store
    drawn = {b: int(store.light[store.slot[b]]) for b in window.document.board.buttons}
    assert {b for b, v in drawn.items() if v} == plus(3, 3, 1, 1)


def test_three_states_press_adds_one_mod_three(window):
    load(window, rectangle(2, 2, states=3))
    window.action("mode_play").trigger()
    for _ in range(2):
        click(window, button_point(window, "r0c0"))
    assert lit(window.document.board) == {"r0c0": 2, "r0c1": 2, "r1c0": 2}
    click(window, button_point(window, "r0c0"))
    assert lit(window.document.board) == {}


def test_directed_press_changes_only_the_arc_heads(window):
    board = Board(directed=True)
    for i, name in enumerate("abc"):
        board.add_button(name, (float(i), 0.0))
    board.add_edge("a", "b")
    board.add_edge("c", "b")
    load(window, board)
    window.action("mode_play").trigger()
    click(window, button_point(window, "a"))
    assert lit(window.document.board) == {"a": 1, "b": 1}


def test_undo_takes_back_presses_and_moves(window):
    load(window, rectangle(3, 3, states=5))
    doc = window.document
    window.action("mode_play").trigger()
    for b in ("r0c0", "r1c1", "r1c1"):
        click(window, button_point(window, b))
    after = doc.board.lights()
    window.action("undo").trigger()
    window.action("undo").trigger()
    assert doc.moves == 1
    assert lit(doc.board) == dict.fromkeys(plus(3, 3, 0, 0), 1)
    window.action("redo").trigger()
    window.action("redo").trigger()
    assert doc.moves == 3
    assert doc.board.lights().tolist() == after.tolist()


@pytest.mark.parametrize(
    ("board", "goal"),
    [
        (rectangle(5, 5), "off"),  # nullity 2: only a quarter of all positions are solvable
        (rectangle(4, 5), "on"),
        (rectangle(3, 4, states=3), "off"),
        (named("petersen"), "off"),
    ],
    ids=["5x5", "4x5-on", "3x4-p3", "petersen"],
)
def test_scramble_gives_a_solvable_position(window, board, goal):
    load(window, board)
    if goal == "on":
        window.action("goal_on").trigger()
    board = window.document.board
    self_action = {b: board.acts_on_itself(b) for b in board.buttons}
    a = press_matrix(board.graph, list(board.buttons), self_action)
    target = np.zeros(len(board), dtype=np.int64) if goal == "off" else board.states - 1
    seen = set()
    for _ in range(6):
        window.action("scramble").trigger()
        lights = board.lights().astype(np.int64)
        seen.add(tuple(lights))
        assert solvable(a, target - lights, board.states)
        assert window.document.moves == 0
    assert window.mode == "play"
    assert len(seen) > 1  # really random


def test_random_lights_can_be_unsolvable_but_scramble_never(window):
    """The check above can fail: 5×5 random lights are unsolvable three times in four."""
    load(window, rectangle(5, 5))
    board = window.document.board
    a = press_matrix(board.graph, list(board.buttons), dict.fromkeys(board.buttons, True))
    window.rng = np.random.default_rng(1)
    results = []
    for _ in range(12):
        window.action("lights_random").trigger()
        results.append(solvable(a, -board.lights().astype(np.int64), 2))
    assert not all(results)


def test_reset_returns_to_the_start_position(window):
    load(window, rectangle(4, 4))
    window.action("mode_play").trigger()
    window.action("scramble").trigger()
    start = window.document.board.lights().tolist()
    click(window, button_point(window, "r1c1"))
    click(window, button_point(window, "r3c0"))
    window.action("reset").trigger()
    assert window.document.board.lights().tolist() == start
    assert window.document.moves == 0
    window.action("undo").trigger()  # reset is undoable too
    assert window.document.moves == 2


def test_reaching_the_goal_shows_a_message(window):
    board = rectangle(3, 3)
    board.press("r1c1")
    load(window, board)
    window.action("mode_play").trigger()
    assert not window.status_area.banner.isVisible()
    click(window, button_point(window, "r1c1"))
    assert window.status_area.banner.isVisible()
    # "Solved in 1 move!", or "Solved in 1 move — optimal!" once the best count is known
    assert window.status_area.banner.text().startswith("Solved in 1 move")
    click(window, button_point(window, "r0c0"))  # playing on hides it
    assert not window.status_area.banner.isVisible()


@pytest.mark.parametrize("top", [30, 300])  # the top row under the banner's usual place, or not
def test_the_solved_banner_covers_no_button(window, top):
    from PySide6.QtCore import QRect

    from lograph.ui.canvas.items import RADIUS

    board = rectangle(5, 5)
    board.press("r0c2")
    load(window, board)
    view = window.view
    middle = view.viewport().height() / 2
    view.centerOn(80, middle - top)  # scene row 0 (y = 0) drawn `top` pixels down
    assert view.mapFromScene(*window.scene.store.position("r0c2")).y() == pytest.approx(top, abs=2)
    window.action("mode_play").trigger()
    click(window, button_point(window, "r0c2"))
    banner = window.status_area.banner
    assert banner.isVisible()
    where = QRect(view.viewport().mapFrom(view, banner.pos()), banner.size())
    drawn = view.mapToScene(where).boundingRect()
    for button in window.document.board.buttons:
        x, y = window.scene.store.position(button)
        near_x = drawn.left() - RADIUS <= x <= drawn.right() + RADIUS
        assert not (near_x and drawn.top() - RADIUS <= y <= drawn.bottom() + RADIUS), button


def test_playing_is_not_editing(window, no_dialogs):
    load(window, rectangle(3, 3))
    doc = window.document
    window.action("mode_play").trigger()
    click(window, button_point(window, "r1c1"))
    window.action("scramble").trigger()
    click(window, button_point(window, "r0c2"))
    window.action("reset").trigger()
    doc.undo_stack.beginMacro("Press free buttons")  # as the chase presses several at once
    click(window, button_point(window, "r0c0"))
    click(window, button_point(window, "r2c2"))
    doc.undo_stack.endMacro()
    assert not doc.is_modified
    assert not window.isWindowModified()
    assert window.files.maybe_save()
    assert not no_dialogs
    window.action("lights_clear").trigger()  # Lights ▸ Clear All: an edit of the board
    assert doc.is_modified
    assert window.isWindowModified()
    click(window, button_point(window, "r1c1"))  # a press after it keeps the edit unsaved
    assert doc.is_modified
    doc.undo_stack.undo()
    doc.undo_stack.undo()  # back before the edit
    assert not doc.is_modified
    assert not window.isWindowModified()


def test_goal_all_on(window):
    board = rectangle(2, 3)
    board.set_lights(np.ones(6, dtype=np.uint8))
    board.press("r0c0")
    load(window, board)
    window.action("goal_on").trigger()
    window.action("mode_play").trigger()
    click(window, button_point(window, "r0c0"))
    assert window.document.board.lights().tolist() == [1] * 6
    assert window.status_area.banner.isVisible()


def test_lights_mode_sets_one_light_without_pressing(window):
    load(window, rectangle(3, 3, states=3))
    window.action("mode_lights").trigger()
    point = button_point(window, "r1c1")
    click(window, point)
    assert lit(window.document.board) == {"r1c1": 1}
    click(window, point)
    click(window, point)
    assert lit(window.document.board) == {}  # 0 → 1 → 2 → 0
    click(window, point, button=RIGHT)
    assert lit(window.document.board) == {"r1c1": 2}
    assert window.document.moves == 0


def test_lights_actions_clear_all_on_random_and_undo(window):
    load(window, rectangle(3, 3, states=5))
    doc = window.document
    window.action("lights_on").trigger()
    assert doc.board.lights().tolist() == [4] * 9
    window.action("lights_clear").trigger()
    assert doc.board.lights().tolist() == [0] * 9
    window.rng = np.random.default_rng(3)
    window.action("lights_random").trigger()
    values = doc.board.lights()
    assert values.max() < 5
    assert len(set(values.tolist())) > 1
    window.action("undo").trigger()
    assert doc.board.lights().tolist() == [0] * 9
    window.action("undo").trigger()
    assert doc.board.lights().tolist() == [4] * 9


def test_a_press_repaints_only_around_the_changed_lights(window, qtbot):
    with qtbot.waitSignal(window.scene.changed):  # the first full repaint goes by
        load(window, rectangle(30, 30))
        window.action("mode_play").trigger()
    regions = []
    window.scene.changed.connect(regions.extend)
    click(window, button_point(window, "r15c15"))
    qtbot.waitUntil(lambda: bool(regions))
    united = regions[0]
    for rect in regions[1:]:
        united = united.united(rect)
    unit = window.scene.unit
    # the plus of five discs spans 3 cells each way; the board spans 30
    assert united.width() < 5 * unit
    assert united.height() < 5 * unit
    assert united.contains(button_point(window, "r14c15"))
    assert united.contains(button_point(window, "r15c16"))
