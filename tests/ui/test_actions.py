"""Actions: names, unique shortcuts, standard keys, keyboard mode switching, view options,
clipboard, self action and edge direction through the menus."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from lograph.core.model.board import Board
from lograph.core.model.generators import rectangle
from lograph.ui.actions import ACTIONS
from tests.ui.helpers import load, snapshot

Std = QKeySequence.StandardKey
CTRL = Qt.KeyboardModifier.ControlModifier


def all_actions(window) -> list[QAction]:
    """Every command action (the Open Sample entries are a list of boards, not commands)."""
    return [
        a
        for a in window.findChildren(QAction)
        if a.objectName() and not a.menu() and not a.objectName().startswith("sample_")
    ]


def test_every_action_has_a_name_and_a_shortcut_and_no_shortcut_is_shared(window, tmp_path):
    from lograph.core.files import write_board

    for i in range(3):  # recent-file entries get shortcuts too
        path = tmp_path / f"r{i}.json"
        write_board(rectangle(1, 1), path)
        window.files.open_path(path)
    seen: dict[str, str] = {}
    names = set()
    for act in all_actions(window):
        if act.objectName().startswith("qt_") or act.isSeparator():
            continue
        names.add(act.objectName())
        keys = [k.toString() for k in act.shortcuts()]
        assert keys, f"{act.objectName()} has no shortcut"
        for key in keys:
            assert key not in seen, f"{key} is used by {seen[key]} and {act.objectName()}"
            seen[key] = act.objectName()
    assert {spec.name for spec in ACTIONS} | {"undo", "redo", "recent_1", "recent_3"} <= names


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("new", Std.New),
        ("open", Std.Open),
        ("save", Std.Save),
        ("save_as", Std.SaveAs),
        ("undo", Std.Undo),
        ("redo", Std.Redo),
        ("zoom_in", Std.ZoomIn),
        ("zoom_out", Std.ZoomOut),
        ("copy", Std.Copy),
        ("paste", Std.Paste),
        ("select_all", Std.SelectAll),
        ("delete", Std.Delete),
    ],
)
def test_standard_keys(window, name, key):
    expected = QKeySequence.keyBindings(key)
    assert expected, "the platform has no binding for this key"
    assert window.action(name).shortcuts() == expected


def test_keys_switch_modes(window, qtbot):
    window.activateWindow()
    window.view.setFocus()
    for key, mode in ((Qt.Key.Key_3, "play"), (Qt.Key.Key_2, "lights"), (Qt.Key.Key_1, "edit")):
        QTest.keyClick(window.view, key, CTRL)
        assert window.mode == mode
        assert window.status_area.mode_label.text() == f"{mode.title()} mode"


def test_edit_actions_are_only_enabled_in_edit_mode(window):
    window.set_mode("play")
    assert not window.action("delete").isEnabled()
    assert not window.action("paste").isEnabled()
    window.set_mode("edit")
    assert window.action("delete").isEnabled()


def test_zoom_actions_change_the_scale_and_fit_shows_everything(window):
    load(window, rectangle(30, 30))
    view = window.view
    before = view.current_scale()
    window.action("zoom_in").trigger()
    assert view.current_scale() == pytest.approx(before * 1.25)
    window.action("zoom_out").trigger()
    assert view.current_scale() == pytest.approx(before)
    window.action("fit").trigger()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(window.scene.board_rect())
    assert window.status_area.zoom_label.text() == f"{view.current_scale() * 100:.0f}%"


def test_view_options_reach_the_scene(window):
    window.action("show_grid").trigger()
    window.action("snap").trigger()
    assert window.scene.grid_visible
    assert window.scene.snap_enabled
    window.action("show_grid").trigger()
    assert not window.scene.grid_visible


def test_copy_paste_duplicates_buttons_edges_and_lights(window):
    board = rectangle(2, 2)
    board.set_light("r0c1", 1)
    load(window, board)
    doc = window.document
    window.scene.set_selection(["r0c0", "r0c1"])
    window.action("copy").trigger()
    window.action("paste").trigger()
    new = sorted(window.scene.selected, key=doc.board.index)
    assert len(new) == 2
    assert len(doc.board) == 6
    a, b = new
    assert doc.board.has_edge(a, b)
    assert doc.board.light(b) == 1
    dx = doc.board.position(a)[0] - doc.board.position("r0c0")[0]
    assert dx == doc.board.position(b)[0] - doc.board.position("r0c1")[0] != 0
    doc.undo_stack.undo()
    assert len(doc.board) == 4


def test_cut_removes_and_paste_brings_back_a_copy(window):
    load(window, rectangle(1, 3))
    window.scene.set_selection(["r0c1", "r0c2"])
    window.action("cut").trigger()
    assert window.document.board.buttons == ("r0c0",)
    window.action("paste").trigger()
    assert len(window.document.board) == 3
    assert window.document.board.graph.number_of_edges() == 1  # only the copied edge


def test_paste_of_foreign_text_does_nothing(window):
    load(window, rectangle(1, 1))
    QApplication.clipboard().setText("hello")
    before = snapshot(window.document.board)
    window.action("paste").trigger()
    assert snapshot(window.document.board) == before


def _button(**fields) -> dict:
    return {"id": "a", "pos": [0, 0], **fields}


@pytest.mark.parametrize(
    "clip",
    [
        {"buttons": [_button(self_action="yes")], "edges": []},
        {"buttons": [_button(pos=[float("nan"), 0])], "edges": []},
        {"buttons": [_button(light=float("inf"))], "edges": []},
        {"buttons": [_button()], "edges": [["a", "a"]]},
        {"buttons": "abc", "edges": []},
    ],
    ids=["self_action", "nan", "inf_light", "loop", "not_a_list"],
)
def test_paste_of_a_damaged_selection_changes_nothing(window, clip):
    """Values the board refuses used to be found inside the undo command, half-way through:
    a button added, the stack out of step with the board, and undo raising."""
    import json

    load(window, rectangle(2, 2))
    QApplication.clipboard().setText(json.dumps({"lograph_selection": 1, **clip}))
    before = snapshot(window.document.board)
    assert not window.paste()
    assert "Cannot paste" in window.statusBar().currentMessage()
    assert snapshot(window.document.board) == before
    assert window.document.undo_stack.count() == 0


def test_toggle_self_action_twice_returns_to_the_rule(window):
    load(window, rectangle(1, 2))
    doc = window.document
    window.scene.set_selection(["r0c0"])
    window.action("toggle_self").trigger()
    assert doc.board.self_action_override("r0c0") is False
    assert not doc.board.acts_on_itself("r0c0")
    assert window.scene.store.loop[window.scene.store.slot["r0c0"]] == -1  # marked
    window.action("toggle_self").trigger()
    assert doc.board.self_action_override("r0c0") is None


def test_reverse_edges_of_a_directed_board(window):
    board = Board(directed=True)
    for i, b in enumerate("abc"):
        board.add_button(b, (float(i), 0.0))
    board.add_edge("a", "b")
    board.add_edge("b", "c")
    board.add_edge("c", "b")
    load(window, board)
    window.scene.set_selection(edges=[("a", "b"), ("b", "c")])
    window.action("reverse").trigger()
    # a->b turns; b->c is left alone because c->b exists already
    assert sorted(window.document.board.edges()) == [("b", "a"), ("b", "c"), ("c", "b")]


def test_select_all(window):
    load(window, rectangle(2, 2))
    window.action("select_all").trigger()
    assert window.scene.selected == set(window.document.board.buttons)
    assert len(window.scene.selected_edges) == 4


def test_about_shows_the_version(window, no_dialogs):
    from lograph import __version__

    window.action("about").trigger()
    assert no_dialogs[0][0] == "about"
    assert __version__ in no_dialogs[0][1]
