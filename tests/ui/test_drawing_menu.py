"""Right-click menus of Edit mode, opened by a real right click on the view and used by
clicking their entries (the menu is a non-blocking popup the view announces)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QContextMenuEvent, QCursor
from PySide6.QtWidgets import QApplication, QMenu

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from tests.ui.helpers import load, snapshot
from tests.ui.test_drawing import centre, pixel

LEFT = Qt.MouseButton.LeftButton
RIGHT = Qt.MouseButton.RightButton
NO_MOD = Qt.KeyboardModifier.NoModifier


def window_click(qtbot, window, point) -> None:
    """A right click at the scene point, sent to the top-level QWindow: it travels Qt's whole
    input path (as a click of the windowing system does), which is where a right press
    becomes a context-menu event — QTest's widget overload skips that step."""
    where = window.view.viewport().mapTo(window, pixel(window, point))
    qtbot.mouseClick(window.windowHandle(), RIGHT, NO_MOD, where)


def right_click(qtbot, window, point) -> QMenu:
    """Right-click at the scene point; the menu that opened."""
    with qtbot.waitSignal(window.view.menu_shown, timeout=2000) as shown:
        window_click(qtbot, window, point)
    menu = shown.args[0]
    assert menu.isVisible()
    return menu


def entry(menu: QMenu, name: str) -> QAction:
    found = [a for a in menu.actions() if a.objectName() == name]
    assert found, [a.objectName() for a in menu.actions()]
    return found[0]


def choose(qtbot, menu: QMenu, name: str) -> None:
    """Click the entry with the mouse, as a person does (the menu then closes)."""
    act = entry(menu, name)
    assert act.isEnabled()
    qtbot.mouseClick(menu, LEFT, NO_MOD, menu.actionGeometry(act).center())
    qtbot.waitUntil(lambda: not menu.isVisible(), timeout=2000)


def texts(menu: QMenu) -> list[str]:
    """Section titles and entries, without the shortcut column."""
    return [a.text().split("\t")[0] for a in menu.actions() if a.text()]


def test_button_menu_sets_a_light_in_one_undo_step(qtbot, window):
    board = rectangle(2, 2)
    board.states = 3
    load(window, board)
    doc = window.document
    before = snapshot(doc.board)
    menu = right_click(qtbot, window, centre(window, "r0c1"))
    assert texts(menu)[:3] == ["Button r0c1", "&Delete r0c1", "&Connect to Selection"]
    light = menu.findChild(QMenu, "menu_light")
    assert [a.text() for a in light.actions()] == ["0 (off)", "1", "2 (on)"]
    assert light.actions()[0].isChecked()
    sub = light.menuAction()
    qtbot.mouseClick(menu, LEFT, NO_MOD, menu.actionGeometry(sub).center())
    qtbot.waitUntil(light.isVisible, timeout=2000)
    choose(qtbot, light, "menu_light_2")
    assert doc.board.light("r0c1") == 2
    assert doc.board.light("r0c0") == 0
    assert doc.moves == 0  # set, not pressed
    doc.undo_stack.undo()
    assert snapshot(doc.board) == before


def test_button_menu_deletes_the_button(qtbot, window):
    load(window, rectangle(2, 2))
    doc = window.document
    before = snapshot(doc.board)
    choose(qtbot, right_click(qtbot, window, centre(window, "r1c1")), "menu_delete")
    assert "r1c1" not in doc.board.buttons
    assert doc.board.graph.number_of_edges() == 2
    doc.undo_stack.undo()
    assert snapshot(doc.board) == before


def test_button_menu_connects_to_the_selection(qtbot, window):
    load(window, rectangle(2, 3))
    doc = window.document
    window.scene.set_selection(["r0c2", "r1c2", "r0c1"])  # r0c1 is joined already
    menu = right_click(qtbot, window, centre(window, "r0c0"))
    assert entry(menu, "menu_connect").text() == "&Connect to Selection (3)"
    count = doc.undo_stack.count()
    choose(qtbot, menu, "menu_connect")
    assert doc.board.has_edge("r0c0", "r0c2")
    assert doc.board.has_edge("r0c0", "r1c2")
    assert doc.undo_stack.count() == count + 1  # two edges, one step


def test_a_menu_on_a_selected_button_acts_on_the_whole_selection(qtbot, window):
    load(window, rectangle(2, 2))
    doc = window.document
    window.scene.set_selection(["r0c0", "r1c1"])
    menu = right_click(qtbot, window, centre(window, "r1c1"))
    assert texts(menu)[0] == "2 Selected Buttons"
    assert entry(menu, "menu_self").isChecked()  # the closed rule: both act on themselves
    choose(qtbot, menu, "menu_self")
    board = doc.board
    assert not board.acts_on_itself("r0c0")
    assert not board.acts_on_itself("r1c1")
    assert board.acts_on_itself("r0c1")
    assert doc.undo_stack.count() == 1


def test_edge_menu_deletes_and_reverses(qtbot, window):
    board = Board(directed=True)
    for name, x in (("a", 0.0), ("b", 1.0), ("c", 2.0)):
        board.add_button(name, (x, 0.0))
    board.add_edge("a", "b")
    board.add_edge("b", "c")
    board.add_edge("c", "b")
    load(window, board)
    doc = window.document
    mid_ab = (centre(window, "a") + centre(window, "b")) / 2
    menu = right_click(qtbot, window, mid_ab)
    assert texts(menu)[0] == "Edge a – b"
    choose(qtbot, menu, "menu_reverse")
    assert doc.board.has_edge("b", "a")
    assert not doc.board.has_edge("a", "b")
    mid_bc = (centre(window, "b") + centre(window, "c")) / 2
    menu = right_click(qtbot, window, mid_bc)
    assert not entry(menu, "menu_reverse").isEnabled()  # both arcs exist: would merge
    choose(qtbot, menu, "menu_delete")
    assert len(doc.board.edges()) == 2
    assert len(doc.board) == 3


def test_background_menu_adds_a_button_where_clicked(qtbot, window):
    load(window, rectangle(1, 2))
    doc, u = window.document, window.scene.unit
    menu = right_click(qtbot, window, (0.5 * u, 3 * u))
    names = [a.objectName() for a in menu.actions() if not a.isSeparator()]
    assert names == ["menu_add", "paste", "select_all", "properties"]
    choose(qtbot, menu, "menu_add")
    (new,) = set(doc.board.buttons) - {"r0c0", "r0c1"}
    assert doc.board.position(new) == (0.5, 3.0)
    # no room right beside a button: the entry says so and is disabled
    menu = right_click(qtbot, window, centre(window, "r0c0") + QPointF(0, -22))
    assert not entry(menu, "menu_add").isEnabled()
    assert "r0c0" in entry(menu, "menu_add").text()


def test_background_menu_offers_delete_with_a_selection(qtbot, window):
    load(window, rectangle(1, 3))
    u = window.scene.unit
    window.scene.set_selection(["r0c2"])
    menu = right_click(qtbot, window, (u, 3 * u))
    choose(qtbot, menu, "delete")
    assert list(window.document.board.buttons) == ["r0c0", "r0c1"]


def test_lights_mode_right_click_steps_back_and_opens_no_menu(qtbot, window):
    load(window, rectangle(1, 2))
    window.set_mode("lights")
    shown: list[QMenu] = []
    window.view.menu_shown.connect(shown.append)
    window_click(qtbot, window, centre(window, "r0c0"))
    assert window.document.board.light("r0c0") == 1  # 0 − 1 mod 2
    assert shown == []


def test_the_menu_key_opens_the_menu_of_the_button_under_the_cursor(qtbot, window):
    """X11 turns the Menu key (and Shift+F10) into a keyboard context-menu event; the
    offscreen test platform does not, so that event is sent as the platform would."""
    load(window, rectangle(1, 2))
    viewport = window.view.viewport()
    QCursor.setPos(viewport.mapToGlobal(pixel(window, centre(window, "r0c1"))))
    if viewport.mapFromGlobal(QCursor.pos()) != pixel(window, centre(window, "r0c1")):
        pytest.skip("this platform cannot place the mouse cursor")
    middle = viewport.rect().center()  # what the platform reports: not where the cursor is
    key = QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, middle, viewport.mapToGlobal(middle))
    with qtbot.waitSignal(window.view.menu_shown, timeout=2000) as shown:
        QApplication.sendEvent(viewport, key)
    assert texts(shown.args[0])[0] == "Button r0c1"
