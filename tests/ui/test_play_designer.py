"""Play ▸ Design Puzzles…: levels generated in the background on the current board, each
one's fewest presses confirmed by brute force, previews shown, the pack exported and read
back; File ▸ Export Level Pack… writes the same pack."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QFileDialog

from lograph.core.files.level_pack import read_level_pack
from lograph.core.model.generators import rectangle
from lograph.ui.play.designer import DesignerDialog
from tests.references import fewest_to_goal
from tests.ui.helpers import load


def open_designer(window) -> DesignerDialog:
    window.action("design_puzzles").trigger()
    dialog = window.play.designer
    assert isinstance(dialog, DesignerDialog)
    return dialog


def test_designer_levels_need_exactly_their_count(qtbot, window, tmp_path, monkeypatch):
    load(window, rectangle(3, 3))
    dialog = open_designer(window)
    dialog.low.setValue(2)
    dialog.high.setValue(6)
    dialog.count.setValue(5)
    dialog.seed.setValue(11)
    dialog.generate_button.click()
    qtbot.waitUntil(lambda: dialog.export_button.isEnabled(), timeout=90_000)
    assert [lv.fewest for lv in dialog.levels] == [2, 3, 4, 5, 6]
    assert dialog.list.count() == 5
    for level in dialog.levels:
        board = rectangle(3, 3)
        board.set_lights(level.lights)
        assert fewest_to_goal(board) == level.fewest  # brute force over all 2^9 presses
        assert level.unique  # 3×3 is invertible: every optimum is the only solution
    assert len({lv.lights.tobytes() for lv in dialog.levels}) == 5
    target = tmp_path / "mine.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.action("export_pack").trigger()  # File ▸ Export Level Pack…
    pack = read_level_pack(target)
    assert [lv.fewest for lv in pack.levels] == [2, 3, 4, 5, 6]
    for ours, theirs in zip(dialog.levels, pack.levels, strict=True):
        assert np.array_equal(ours.lights, theirs.lights)
    assert list(pack.board.buttons) == list(window.document.board.buttons)
    dialog.close()


def test_an_impossible_count_says_what_is_missing(qtbot, window):
    load(window, rectangle(2, 2))  # 2×2: every position needs at most 4 presses
    dialog = open_designer(window)
    dialog.low.setValue(4)
    dialog.high.setValue(4)
    dialog.count.setValue(2)  # only one position needs 4 presses
    qtbot.waitUntil(lambda: dialog.bounds is not None, timeout=60_000)
    dialog.generate_button.click()  # told at once from the histogram, before any try
    assert not window.jobs.is_running("designer")
    assert dialog.levels == []
    assert dialog.status.text() == (
        "Not enough positions: only 1 position needs 4 presses (2 asked for). "
        "Ask for fewer levels or other counts."
    )


def test_the_designer_knows_the_boards_bounds_before_trying(qtbot, window):
    from collections import Counter

    from PySide6.QtCore import Qt

    from tests.references import fewest_table, press_matrix

    board = rectangle(2, 3)
    table = fewest_table(press_matrix(board), 2)  # brute force over every press vector
    hardest = max(table.values())
    load(window, board)
    dialog = open_designer(window)
    qtbot.waitUntil(lambda: dialog.bounds is not None, timeout=60_000)
    counts = Counter(table.values())
    assert dialog.bounds.histogram == [counts[k] for k in range(hardest + 1)]
    assert f"hardest position of this board needs {hardest} presses" in dialog.bounds_label.text()
    assert dialog.high.maximum() == dialog.high.value() == hardest  # the default 6 came down
    dialog.high.setFocus()
    qtbot.keyClick(dialog.high, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dialog.high, "5")  # typed: no such count is offered
    assert dialog.high.value() <= hardest
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)  # the defaults
    assert not window.jobs.is_running("designer")  # 6 levels of the hardest: said at once
    assert dialog.status.text().startswith(
        f"Not enough positions: only {counts[hardest]} positions need {hardest} presses "
        "(6 asked for)."
    )
    dialog.count.setValue(counts[hardest])  # as many as there are: alike ones count once
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "tries" in dialog.status.text(), timeout=60_000)
    said = dialog.status.text()
    assert "unique" not in said  # not asked for, so not the reason
    assert f"only so many positions exist: 1 needs {hardest} presses" in said
    assert [lv.fewest for lv in dialog.levels] == [hardest]
    dialog.close()


def test_cancel_stops_the_search(qtbot, window):
    load(window, rectangle(3, 3))
    dialog = open_designer(window)
    dialog.count.setValue(400)
    dialog.generate_button.click()
    dialog.cancel_button.click()
    assert not window.jobs.is_running("designer")
    assert dialog.status.text() == "Cancelled."
    assert not dialog.export_button.isEnabled()
