"""Edit mode driven through the real viewport: add, connect, select, move, delete, undo.

The gestures of the drawing scheme have their own stories in test_drawing*.py.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from tests.ui.helpers import at, button_point, click, drag, load, redo_all, snapshot, undo_all

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_clicks_on_empty_space_add_buttons_where_clicked(window):
    load(window, Board())
    scene = window.scene
    for x, y in [(0, 0), (120, 0), (0, 80)]:
        click(window, (x, y))
    board = window.document.board
    assert len(board) == 3
    got = sorted((round(x * scene.unit), round(y * scene.unit)) for x, y in board.positions())
    assert got == [(0, 0), (0, 80), (120, 0)]
    assert scene.selected == set()  # a new button is not selected: the next click adds again


def test_snap_puts_a_new_button_on_the_nearest_grid_crossing(window):
    load(window, Board())
    window.action("snap").trigger()
    click(window, (52, 29))  # nearest crossing of the 40-unit grid: (40, 40)
    ((x, y),) = window.document.board.positions() * window.scene.unit
    assert (round(x), round(y)) == (40, 40)


def test_drag_from_button_to_button_adds_one_edge(window):
    load(window, Board())
    click(window, (0, 0))
    click(window, (160, 0))
    a, b = window.document.board.buttons
    window.scene.clear_selection()
    drag(window, (0, 0), (158, 3))
    assert window.document.board.edges() == [(a, b)]
    drag(window, (160, 0), (1, 1))  # the same pair again: nothing new
    assert window.document.board.graph.number_of_edges() == 1


def test_drag_to_empty_space_adds_a_button_joined_to_the_start(window):
    load(window, rectangle(1, 2))
    doc = window.document
    before = snapshot(doc.board)
    drag(window, button_point(window, "r0c0"), (20, 200))
    assert len(doc.board) == 3
    (new,) = set(doc.board.buttons) - {"r0c0", "r0c1"}
    assert doc.board.has_edge("r0c0", new)
    assert doc.board.position(new) == (20 / window.scene.unit, 200 / window.scene.unit)
    doc.undo_stack.undo()  # one step takes back the button and its edge
    assert snapshot(doc.board) == before


def test_drag_ending_too_close_to_its_own_button_changes_nothing(window):
    load(window, rectangle(1, 2))  # unit 40: r0c1 is 40 away, so go up, not sideways
    before = snapshot(window.document.board)
    start = button_point(window, "r0c0")
    # out of the disc (radius 14) and back to 20 units away: no room for a new button there
    drag(window, start, start + QPointF(0, -20), steps=2)
    assert snapshot(window.document.board) == before


def test_directed_edge_goes_from_the_drag_start(window):
    board = Board(directed=True)
    board.add_button("a", (0.0, 0.0))
    board.add_button("b", (3.0, 0.0))
    load(window, board)
    drag(window, button_point(window, "b"), button_point(window, "a"))
    assert window.document.board.edges() == [("b", "a")]


def test_rubber_band_selects_the_buttons_inside(window):
    load(window, rectangle(3, 3))
    u = window.scene.unit
    drag(window, (-0.5 * u, -0.5 * u), (1.5 * u, 0.5 * u))
    assert window.scene.selected == {"r0c0", "r0c1"}


def test_click_selects_and_ctrl_click_toggles(window):
    load(window, rectangle(2, 2))
    click(window, button_point(window, "r0c0"))
    assert window.scene.selected == {"r0c0"}
    click(window, button_point(window, "r1c1"), modifiers=CTRL)
    assert window.scene.selected == {"r0c0", "r1c1"}
    click(window, button_point(window, "r0c0"), modifiers=CTRL)
    assert window.scene.selected == {"r1c1"}


def test_shift_dragging_a_selected_button_moves_the_selection_in_one_undo_step(window):
    load(window, rectangle(2, 3))
    doc, scene = window.document, window.scene
    original = snapshot(doc.board)
    scene.set_selection(["r0c0", "r0c1"])
    count = doc.undo_stack.count()
    start = button_point(window, "r0c1")
    drag(window, start, start + QPointF(0, 2 * scene.unit), modifiers=SHIFT, steps=10)
    assert doc.undo_stack.count() == count + 1
    assert doc.board.position("r0c0") == (0.0, 2.0)
    assert doc.board.position("r0c1") == (1.0, 2.0)
    assert doc.board.position("r0c2") == (2.0, 0.0)  # not selected: stays
    doc.undo_stack.undo()
    assert snapshot(doc.board) == original
    assert scene.store.position("r0c0") == (0.0, 0.0)  # the drawing follows the undo


def test_shift_drag_moves_an_unselected_button(window):
    load(window, rectangle(1, 2))
    u = window.scene.unit
    drag(window, button_point(window, "r0c0"), (0, -u), modifiers=SHIFT)
    assert window.document.board.position("r0c0") == (0.0, -1.0)
    assert window.document.board.graph.number_of_edges() == 1


def test_escape_cancels_a_move(window, qtbot):
    load(window, rectangle(1, 2))
    viewport = window.view.viewport()
    window.scene.set_selection(["r0c0"])
    a = at(window, button_point(window, "r0c0"))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, SHIFT, a)
    QTest.mouseMove(viewport, a + QPoint(0, 60))
    QTest.mouseMove(viewport, a + QPoint(0, 80))
    assert window.scene.store.position("r0c0") != (0.0, 0.0)
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    assert window.scene.store.position("r0c0") == (0.0, 0.0)
    assert window.document.board.position("r0c0") == (0.0, 0.0)
    assert not window.document.undo_stack.canUndo()


def test_delete_removes_buttons_with_their_edges_and_undo_restores_them(window):
    board = rectangle(3, 3)
    board.set_light("r1c1", 1)
    board.set_self_action("r1c1", False)
    load(window, board)
    doc = window.document
    original = snapshot(doc.board)
    window.scene.set_selection(["r1c1", "r0c0"])
    window.action("delete").trigger()
    after = snapshot(doc.board)
    assert set(after["order"]) == set(original["order"]) - {"r1c1", "r0c0"}
    assert len(after["edges"]) == 12 - 4 - 2  # 12 edges; the centre had 4, the corner 2
    doc.undo_stack.undo()
    assert snapshot(doc.board) == original  # order, light and self action come back too
    doc.undo_stack.redo()
    assert snapshot(doc.board) == after


def test_selected_edge_is_deleted_alone(window):
    load(window, rectangle(1, 3))
    u = window.scene.unit
    click(window, (0.5 * u, 0))  # on the edge r0c0 - r0c1, between the discs
    assert window.scene.selected_edges == {("r0c0", "r0c1")}
    window.action("delete").trigger()
    assert window.document.board.edges() == [("r0c1", "r0c2")]
    assert len(window.document.board) == 3


def test_a_whole_editing_session_undoes_to_the_start_and_redoes_to_the_end(window):
    load(window, rectangle(2, 2))
    doc, u = window.document, window.scene.unit
    original = snapshot(doc.board)
    click(window, (3 * u, 0))  # add b4
    drag(window, (3 * u, 0), button_point(window, "r0c1"))  # connect it
    window.scene.set_selection(["r1c1"])
    drag(window, button_point(window, "r1c1"), (3 * u, 2 * u), modifiers=SHIFT)  # move
    window.scene.set_selection(["r0c0"])
    window.action("toggle_self").trigger()
    window.scene.set_selection(["r1c0"])
    window.action("delete").trigger()
    final = snapshot(doc.board)
    assert final != original
    assert doc.undo_stack.count() == 5
    undo_all(doc.undo_stack)
    assert snapshot(doc.board) == original
    redo_all(doc.undo_stack)
    assert snapshot(doc.board) == final
    undo_all(doc.undo_stack)
    assert snapshot(doc.board) == original
