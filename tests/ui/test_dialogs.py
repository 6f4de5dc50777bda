"""The New Board dialog (every generator, holes by clicking the preview) and the
properties dialog, checked against counts known independently of the generators."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from lograph.core.model.generators import rectangle
from lograph.ui.io.dialogs import KINDS, NewBoardDialog, PropertiesDialog
from lograph.ui.model.document import BoardProperties
from tests.ui.helpers import load, snapshot


def make(qtbot, kind: str, **values) -> NewBoardDialog:
    dialog = NewBoardDialog()
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
    for name, value in values.items():
        widget = getattr(dialog, name)
        if name == "graph":
            widget.setCurrentIndex(widget.findData(value))
        elif name == "rule":
            widget.setCurrentText(value)
        else:
            widget.setValue(value)
    dialog.refresh()
    return dialog


def degrees(board) -> list[int]:
    return sorted(d for _, d in board.graph.degree())


@pytest.mark.parametrize(
    ("kind", "values", "buttons", "edges"),
    [
        ("rectangle", {"rows": 3, "cols": 4}, 12, 3 * 3 + 2 * 4),
        ("diamond", {"radius": 2}, 13, 16),  # 1+3+5+3+1 cells; 8 horizontal + 8 vertical
        ("torus", {"rows": 3, "cols": 4}, 12, 24),  # every cell has 4 neighbours
        ("cylinder", {"rows": 2, "cols": 3}, 6, 2 * 3 + 3),  # two 3-cycles and 3 rungs
        ("hexagonal", {"rows": 1, "cols": 1}, 6, 6),  # one hexagon
        ("triangular", {"rows": 2, "cols": 2}, 4, 5),  # two triangles sharing a side
        ("wayout", {}, 22, 40 - 12),  # 5×5 minus three cells of degree 4
        ("named", {"graph": "petersen"}, 10, 15),
        ("named", {"graph": "cycle", "graph_size": 7}, 7, 7),
        ("empty", {}, 0, 0),
    ],
)
def test_every_generator_through_the_dialog(qtbot, kind, values, buttons, edges):
    board = make(qtbot, kind, **values).board()
    assert board is not None
    assert len(board) == buttons
    assert board.graph.number_of_edges() == edges


def test_every_kind_is_offered(qtbot):
    dialog = make(qtbot, "rectangle")
    offered = {dialog.kind.itemData(i) for i in range(dialog.kind.count())}
    assert offered == set(KINDS)


def test_rule_states_and_direction_are_applied(qtbot):
    board = make(qtbot, "torus", rows=3, cols=3, rule="open", states=5).board()
    assert (board.rule, board.states, board.directed) == ("open", 5, False)
    dialog = make(qtbot, "rectangle", rows=1, cols=2)
    dialog.directed.setChecked(True)
    dialog.refresh()
    assert sorted(dialog.board().edges()) == [("r0c0", "r0c1"), ("r0c1", "r0c0")]


def test_any_number_of_states_is_accepted(qtbot):
    """Composite k (4 colours) builds a board: the core validator allows every 2 ≤ k ≤ 255."""
    dialog = make(qtbot, "rectangle", states=4)
    board = dialog.board()
    assert board is not None
    assert board.states == 4
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()


def test_clicking_preview_cells_makes_and_fills_holes(qtbot):
    dialog = make(qtbot, "rectangle", rows=3, cols=3)
    dialog.show()
    qtbot.waitExposed(dialog)
    preview = dialog.preview
    scale, ox, oy, _ = preview._frame()

    def cell(r: int, c: int) -> QPoint:
        return QPoint(round(ox + c * scale), round(oy + r * scale))

    QTest.mouseClick(preview, Qt.MouseButton.LeftButton, pos=cell(1, 1))
    QTest.mouseClick(preview, Qt.MouseButton.LeftButton, pos=cell(0, 2))
    board = dialog.board()
    assert len(board) == 7
    assert "r1c1" not in board
    assert "r0c2" not in board
    assert board.graph.number_of_edges() == 12 - 4 - 2
    QTest.mouseClick(preview, Qt.MouseButton.LeftButton, pos=cell(1, 1))  # fill it again
    assert "r1c1" in dialog.board()


def test_new_board_through_the_window(window, monkeypatch):
    def accept(self):
        self.kind.setCurrentIndex(self.kind.findData("torus"))
        self.refresh()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewBoardDialog, "exec", accept)
    window.action("new").trigger()
    assert len(window.document.board) == 25
    assert window.document.path is None
    assert not window.document.undo_stack.canUndo()


def test_properties_dialog_through_the_window(window, monkeypatch):
    load(window, rectangle(2, 2, states=3))
    original = snapshot(window.document.board)

    def accept(self):
        self.name.setText("renamed")
        self.states.setValue(2)
        self.directed.setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PropertiesDialog, "exec", accept)
    window.action("properties").trigger()
    board = window.document.board
    assert (board.name, board.states, board.directed) == ("renamed", 2, True)
    assert board.graph.number_of_edges() == 8
    window.action("undo").trigger()
    assert snapshot(window.document.board) == original


def test_properties_dialog_reports_its_values(qtbot):
    dialog = PropertiesDialog(BoardProperties("x", "closed", 3, False))
    qtbot.addWidget(dialog)
    dialog.rule.setCurrentText("open")
    dialog.states.setValue(9)  # composite: Z_9 is allowed like any 2 ≤ k ≤ 255
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert dialog.properties() == BoardProperties("x", "open", 9, False)


def test_new_board_remembers_the_last_kind_and_size(qtbot, window):
    # seen in a real window: every New Board started again at a 5×5 rectangle
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    seen: list[tuple[str, int, int]] = []

    def choose(kind: str | None) -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewBoardDialog)
        seen.append((dialog.kind.currentData(), dialog.rows.value(), dialog.cols.value()))
        if kind is not None:
            dialog.kind.setCurrentIndex(dialog.kind.findData(kind))
            dialog.rows.setValue(4)
            dialog.cols.setValue(6)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.waitUntil(ok.isEnabled)
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, lambda: choose("torus"))
    window.action("new").trigger()
    assert len(window.document.board) == 24
    QTimer.singleShot(0, lambda: choose(None))  # the next New Board starts from the torus
    window.action("new").trigger()
    assert seen == [("rectangle", 5, 5), ("torus", 4, 6)]
    assert len(window.document.board) == 24


def test_the_preview_caption_wraps_instead_of_being_cut(qtbot):
    # seen in a real window: "… · stubs: edges across the glued sides" cut at the right
    dialog = make(qtbot, "torus", rows=5, cols=5)
    dialog.show()
    qtbot.waitExposed(dialog)
    preview = dialog.preview
    preview.setFixedWidth(preview.minimumWidth())
    qtbot.waitUntil(lambda: preview.width() == preview.minimumWidth())
    assert "glued sides" in preview.message
    room = preview.caption_rect()
    flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
    needed = preview.fontMetrics().boundingRect(room.toRect(), flags, preview.message)
    assert room.contains(needed.toRectF().adjusted(1, 1, -1, -1))
    assert preview.rect().toRectF().contains(room)
    assert preview.fontMetrics().horizontalAdvance(preview.message) > room.width()  # it wraps


def test_a_new_empty_board_starts_in_edit_mode(window, monkeypatch):
    def accept(self):
        self.kind.setCurrentIndex(self.kind.findData("empty"))
        self.refresh()
        return QDialog.DialogCode.Accepted

    window.set_mode("play")
    monkeypatch.setattr(NewBoardDialog, "exec", accept)
    window.action("new").trigger()
    assert not len(window.document.board)
    assert window.session.mode == "edit"
