"""File ▸ Export ▸ Press Matrix Image… and Solution Matrix Image…: the file dialog (patched)
gives the path, the matrix is written as `lograph matrix` writes it; a board over the solution
matrix's limit is refused in a dialog, nothing written.

Independent answers: Qt's own PNG reader, and S A = I over Z_k (S read back from the .csv).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog

from lograph.core.model.generators import rectangle

from .helpers import load


def export_through_the_menu(qtbot, window, monkeypatch, name: str, answer: tuple[str, str]):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: answer)
    menu_actions = window.menus["export"].actions()
    assert window.action(name) in menu_actions  # where the other exports are
    with qtbot.waitSignal(window.exports.finished, timeout=60_000) as blocker:
        window.action(name).trigger()
    return blocker.args[0]


def test_the_press_matrix_image_is_written(qtbot, window, tmp_path, monkeypatch):
    load(window, rectangle(3, 3))
    path = export_through_the_menu(
        qtbot, window, monkeypatch, "export_press_matrix", (str(tmp_path / "press"), "")
    )
    assert path == tmp_path / "press.png"  # the first filter's extension added
    image = QImage(str(path))
    assert (image.width(), image.height()) == (9, 9)  # one pixel per entry, 3×3 blocks
    green = [[image.pixelColor(x, y).green() for x in range(3)] for y in range(3)]
    assert green == [[255, 255, 0], [255, 0, 0], [0, 0, 0]]  # block r0c0: the corner's plus


def test_the_solution_matrix_is_written_as_text_too(qtbot, window, tmp_path, monkeypatch):
    load(window, rectangle(3, 3, states=3))
    path = export_through_the_menu(
        qtbot,
        window,
        monkeypatch,
        "export_solution_matrix",
        (str(tmp_path / "s.csv"), "CSV table (*.csv)"),
    )
    assert path == tmp_path / "s.csv"
    s = np.loadtxt(path, delimiter=",", dtype=int)
    a = window.document.press_system().dense().astype(int)
    assert np.array_equal(s @ a % 3, np.eye(9, dtype=int))


def test_over_the_limit_it_is_refused_in_a_dialog(qtbot, window, tmp_path, no_dialogs):
    load(window, rectangle(1, 1025))
    path = tmp_path / "s.png"
    with qtbot.waitSignal(window.exports.finished, timeout=60_000) as blocker:
        assert not window.exports.export_matrix(path, solution=True)
    assert blocker.args[0] is None
    assert [kind for kind, _ in no_dialogs] == ["critical"]
    assert "beyond the dense limit (1024 buttons" in no_dialogs[0][1]
    assert not path.exists()
