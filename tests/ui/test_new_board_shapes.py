"""The New Board dialog's click rules, surfaces, random graphs and classic games, driven by
mouse clicks on the real widgets; boards are checked against hand counts and the core's
generators, and the preview's geometry (nothing clipped, caption below the picture)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from lograph.core.files.samples import classic_names, read_sample
from lograph.core.model.generators import surface_grid
from lograph.core.model.stencils import STENCILS
from tests.references import press_matrix
from tests.ui.test_dialogs import make


def click(widget) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def cell(dialog, dr: int, dc: int):
    return dialog.stencil.cells[(dr, dc)]


def test_clicks_on_the_stencil_grid_make_a_custom_directed_rule(qtbot):
    dialog = make(qtbot, "rectangle", rows=4, cols=4)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert cell(dialog, 0, 1).isChecked()  # the plus is shown to begin with
    click(cell(dialog, 0, 1))  # leave out the right neighbour
    click(cell(dialog, 0, 2))  # act two to the right instead
    assert dialog.stencil.preset.currentData() == "custom"
    board = dialog.board()
    assert board.directed
    assert board.targets("r1c1") == ["r0c1", "r1c0", "r1c1", "r1c3", "r2c1"]
    assert board.targets("r1c3") == ["r0c3", "r1c2", "r1c3", "r2c3"]  # nothing off the board
    assert "0,2" in dialog.stencil.summary.text()


def test_clicking_the_centre_removes_the_self_action(qtbot):
    dialog = make(qtbot, "rectangle", rows=3, cols=3)
    dialog.show()
    click(cell(dialog, 0, 0))
    board = dialog.board()
    assert board.rule == "open"
    assert "r1c1" not in board.targets("r1c1")
    assert "not itself" in dialog.stencil.summary.text()


def test_clicking_back_to_a_preset_names_it(qtbot):
    dialog = make(qtbot, "rectangle", rows=3, cols=3)
    dialog.show()
    for dr, dc in [(1, 1), (1, -1), (-1, 1), (-1, -1)]:
        click(cell(dialog, dr, dc))
    assert dialog.stencil.preset.currentData() == "king"


@pytest.mark.parametrize("preset", ["knight", "x", "king"])
@pytest.mark.parametrize("surface", ["torus", "mobius", "klein", "projective"])
def test_a_surface_with_a_preset_is_the_core_board(qtbot, surface, preset):
    dialog = make(qtbot, surface, rows=4, cols=5)
    dialog.stencil.set_preset(preset)
    dialog.refresh()
    board = dialog.board()
    expected = surface_grid(surface, 4, 5, stencil=STENCILS[preset])
    assert np.array_equal(press_matrix(board), press_matrix(expected))
    assert dialog.stencil.isVisible() or not dialog.isVisible()


def test_the_mobius_strip_by_hand_and_its_stubs(qtbot):
    dialog = make(qtbot, "mobius", rows=3, cols=4)
    board = dialog.board()
    assert board.neighbors("r0c3") == ["r0c2", "r1c3", "r2c0"]  # out right, in mirrored
    # each of the 3 rows leaves right and left once: 6 stubs, all horizontal
    stubs = dialog.preview.stubs
    assert len(stubs) == 6
    assert sorted(stubs[:, 2].tolist()) == [-1.0] * 3 + [1.0] * 3
    assert "stubs" in dialog.preview.message


def test_triangular_rows_and_columns_count_buttons(qtbot):
    board = make(qtbot, "triangular", rows=5, cols=5).board()
    rows = {board.grid_cell(v)[0] for v in board.buttons}
    assert len(board) == 25
    assert len(rows) == 5


def test_random_and_geometric_graphs(qtbot):
    dialog = make(qtbot, "random", count=12, chance=1.0)
    assert dialog.board().graph.number_of_edges() == 66  # every pair: 12·11/2
    dialog = make(qtbot, "geometric", count=9, reach=0.0)
    assert dialog.board().graph.number_of_edges() == 0  # nothing within distance 0
    same = make(qtbot, "geometric", count=30, reach=0.3, seed=4).board()
    again = make(qtbot, "geometric", count=30, reach=0.3, seed=4).board()
    assert sorted(same.edges()) == sorted(again.edges())


def test_classic_games_open_as_shipped(qtbot):
    dialog = make(qtbot, "classic")
    assert dialog.game.count() == len(classic_names())
    index = dialog.game.findData("classic/merlins-magic-square.json")
    dialog.game.setCurrentIndex(index)
    dialog.refresh()
    board = dialog.board()
    shipped = read_sample("classic/merlins-magic-square.json")
    assert np.array_equal(press_matrix(board), press_matrix(shipped))
    assert board.description == shipped.description
    assert "2×2" in dialog.game.itemData(index, Qt.ItemDataRole.ToolTipRole)
    assert not dialog.rule.isVisibleTo(dialog)


def test_states_go_through_the_core_validator(qtbot):
    dialog = make(qtbot, "rectangle", states=7)
    assert dialog.board().states == 7
    assert dialog.states.maximum() == 255
    from lograph.core.errors import BoardError
    from lograph.core.model.checks import check_states

    try:
        check_states(255)
        refusal = ""
    except BoardError as exc:  # refused by the core (prime k only): the dialog says why
        refusal = str(exc)
    dialog = make(qtbot, "rectangle", states=255)
    assert dialog.error.text() == refusal
    assert (dialog.board() is None) == bool(refusal)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled() == (not refusal)


@pytest.mark.parametrize(
    ("kind", "values"),
    [
        ("named", {"graph": "petersen"}),
        ("hexagonal", {"rows": 3, "cols": 3}),
        ("triangular", {"rows": 5, "cols": 5}),
        ("torus", {"rows": 5, "cols": 5}),
    ],
)
def test_preview_draws_inside_and_keeps_the_caption_below(qtbot, kind, values):
    dialog = make(qtbot, kind, **values)
    dialog.show()
    qtbot.waitExposed(dialog)
    preview = dialog.preview
    scale, ox, oy, radius = preview._frame()
    pos = preview.board.positions() * scale + (ox, oy)
    caption_top = preview.height() - preview._caption_height()
    assert (pos - radius >= 0).all()
    assert (pos[:, 0] + radius <= preview.width()).all()
    assert (pos[:, 1] + radius <= caption_top).all()
    if len(preview.stubs):  # stub ends stay inside too
        ends = preview.stubs[:, :2] * scale + (ox, oy) + preview.stubs[:, 2:] * scale
        assert (ends >= 0).all()
        assert (ends[:, 1] <= caption_top).all()


def test_holes_still_click_on_a_stencil_rectangle(qtbot):
    dialog = make(qtbot, "rectangle", rows=3, cols=3)
    dialog.stencil.set_preset("king")
    dialog.show()
    qtbot.waitExposed(dialog)
    scale, ox, oy, _ = dialog.preview._frame()
    QTest.mouseClick(
        dialog.preview, Qt.MouseButton.LeftButton, pos=QPoint(round(ox + scale), round(oy + scale))
    )
    board = dialog.board()
    assert "r1c1" not in board
    assert board.neighbors("r0c0") == ["r0c1", "r1c0"]  # the king's diagonal went with the hole
