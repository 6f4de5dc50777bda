"""Export: pictures (PNG/SVG, with or without marks), solutions and reports from the window.

Independent answers: the classic 5×5 facts (rank 23, nullity 2; all off -> all on takes 15
presses at least), presses made on a board copy, Qt's own image/SVG readers and xml.etree.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QProgressDialog, QPushButton

from lograph.core.chase.plan import chase_plan
from lograph.core.files import read_solution
from lograph.core.model.generators import rectangle
from lograph.ui.canvas.items import RADIUS, light_colors
from lograph.ui.canvas.overlay import DASHED_RING, Mark
from lograph.ui.canvas.palette import MARKS
from lograph.ui.io.export import ImageOptionsDialog
from lograph.ui.picture.chase_plan import FREE

from .helpers import load

PRESS = MARKS["press"].color  # the solution's rings (a table row's are brown)


def exported(qtbot, window, method: str, *args, **kwargs):
    """Run an export and wait for its outcome: the path written, or None."""
    with qtbot.waitSignal(window.exports.finished, timeout=20_000) as blocker:
        getattr(window.exports, method)(*args, **kwargs)
    return blocker.args[0]


def near(c: QColor, hex_color: str, tol: int = 40) -> bool:
    want = QColor(hex_color)
    return all(abs(a - b) <= tol for a, b in zip(c.getRgb()[:3], want.getRgb()[:3], strict=True))


def to_image(window, image: QImage, point: QPointF) -> tuple[int, int]:
    """Pixel of a scene point in an exported picture (the board rect is fitted and centred)."""
    rect: QRectF = window.scene.board_rect()
    scale = min(image.width() / rect.width(), image.height() / rect.height())
    x0 = (image.width() - rect.width() * scale) / 2
    y0 = (image.height() - rect.height() * scale) / 2
    return (
        round(x0 + (point.x() - rect.left()) * scale),
        round(y0 + (point.y() - rect.top()) * scale),
    )


def ring_colors(window, image: QImage, ring: float = RADIUS + 4) -> dict[str, QColor]:
    """The colour on the ring of radius `ring` around each button, where rings are drawn."""
    out = {}
    for b in window.document.board.buttons:
        x, y = window.scene.store.position(b)
        out[b] = image.pixelColor(*to_image(window, image, QPointF(x + ring, y)))
    return out


def test_png_has_the_size_and_the_lights(qtbot, window, tmp_path):
    board = rectangle(5, 5)
    board.set_light("r2c2", 1)
    load(window, board)
    path = tmp_path / "board.png"
    assert exported(qtbot, window, "export_image", path, "none", width=320)
    image = QImage(str(path))
    assert not image.isNull()
    assert (image.width(), image.height()) == (320, 320)  # a square board stays square
    lit, dark = light_colors(2)[1], light_colors(2)[0]
    for b, color in (("r2c2", lit), ("r0c0", dark)):
        pixel = image.pixelColor(*to_image(window, image, QPointF(*window.scene.store.position(b))))
        assert near(pixel, color.name(), 10)
    assert exported(qtbot, window, "export_image", path, "none", width=200, height=90)
    assert QImage(str(path)).size().toTuple() == (200, 90)
    assert [p.name for p in tmp_path.iterdir()] == ["board.png"]  # no temporary file left


def test_svg_parses_and_draws_the_buttons(qtbot, window, tmp_path):
    load(window, rectangle(3, 4))
    path = tmp_path / "board.svg"
    assert exported(qtbot, window, "export_image", path, "chase")
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    tags = [e.tag.rsplit("}", 1)[-1] for e in root.iter()]
    assert tags.count("circle") + tags.count("path") >= 12
    assert QImage(str(path)).isNull() is False  # Qt reads it back as a picture too


def test_solution_picture_rings_the_fewest_presses(qtbot, window, tmp_path):
    load(window, rectangle(5, 5))
    window.action("goal_on").trigger()  # all off -> all on: 15 presses at least (classic)
    path = tmp_path / "solution.png"
    assert exported(qtbot, window, "export_image", path, "solution", width=600)
    image = QImage(str(path))
    ringed = {b for b, c in ring_colors(window, image).items() if near(c, PRESS)}
    assert len(ringed) == 15
    probe = rectangle(5, 5)
    for b in ringed:
        probe.press(b)
    assert probe.is_goal("on")


def test_marks_modes_leave_the_board_marks_as_they_were(qtbot, window, tmp_path):
    load(window, rectangle(3, 3))
    shown = window.scene.overlay("mine")
    shown.set_marks({"r1c1": Mark("#ff0000")})
    path = tmp_path / "a.png"
    assert exported(qtbot, window, "export_image", path, "none", width=300)
    assert not near(ring_colors(window, QImage(str(path)))["r1c1"], "#ff0000")
    assert exported(qtbot, window, "export_image", path, "chase", width=300)
    colors = ring_colors(window, QImage(str(path)))
    assert not near(colors["r1c1"], "#ff0000")
    plan = chase_plan(window.document.board)
    free = {window.document.board.buttons[i] for i in plan.free.tolist()}
    assert len(free) == 3  # a chase on a 3-wide grid frees one row
    dashed = ring_colors(window, QImage(str(path)), DASHED_RING)  # free buttons: dashed rings
    assert {b for b, c in dashed.items() if near(c, FREE)} == free
    assert shown.isVisible()
    assert set(shown.marked()) == {"r1c1"}
    assert exported(qtbot, window, "export_image", path, "shown", width=300)
    assert near(ring_colors(window, QImage(str(path)))["r1c1"], "#ff0000")


@pytest.mark.parametrize("suffix", [".json", ".csv", ".txt"])
def test_solution_file_round_trips(qtbot, window, tmp_path, suffix):
    board = rectangle(5, 5)
    for b in ("r0c0", "r3c1", "r4c4"):
        board.press(b)
    load(window, board)
    path = tmp_path / f"s{suffix}"
    assert exported(qtbot, window, "export_solution", path)
    system = window.document.board.to_system()
    presses = read_solution(path, system)
    probe = window.document.board.copy()
    for i, times in enumerate(presses.tolist()):
        for _ in range(times):
            probe.press(probe.buttons[i])
    assert probe.is_goal("off")
    assert int(presses.sum()) <= 3  # three presses made the position: never more needed
    if suffix == ".json":
        doc = json.loads(path.read_text())
        assert doc["format"] == "lograph-solution"
        assert doc["info"]["goal"] == "off"
        assert doc["press_count"] == int(presses.sum())


def test_report_has_the_figures(qtbot, window, tmp_path):
    load(window, rectangle(5, 5))
    md, js = tmp_path / "r.md", tmp_path / "r.json"
    assert exported(qtbot, window, "export_report", md)
    assert exported(qtbot, window, "export_report", js)
    data = json.loads(js.read_text())
    assert (data["rank"], data["nullity"]) == (23, 2)
    assert len(data["chase"]["table"]) == 8
    text = md.read_text()
    assert "23" in text
    assert "nullity" in text.lower()


def test_errors_show_a_dialog_and_write_nothing(qtbot, window, tmp_path, no_dialogs):
    board = rectangle(5, 5)
    board.set_light("r0c0", 1)  # the corner alone cannot be switched off on the 5×5
    load(window, board)
    assert not exported(qtbot, window, "export_image", tmp_path / "x.gif")
    assert not exported(qtbot, window, "export_solution", tmp_path / "s.json")
    assert not exported(qtbot, window, "export_image", tmp_path / "missing" / "x.png")
    assert not exported(qtbot, window, "export_report", tmp_path / "r.html")
    kinds = [kind for kind, _ in no_dialogs]
    assert kinds == ["critical"] * 4  # each reported once, refused at once or after the work
    assert ".png or .svg" in no_dialogs[0][1]
    assert "cannot be reached" in no_dialogs[1][1]
    assert list(tmp_path.iterdir()) == []


def test_dialogs_add_the_extension_and_remember_the_folder(qtbot, window, tmp_path, monkeypatch):
    load(window, rectangle(2, 3))
    starts: list[str] = []
    answers = iter(
        [
            (str(tmp_path / "pic"), "SVG drawing (*.svg)"),
            (str(tmp_path / "sol"), "CSV table (*.csv)"),
            (str(tmp_path / "rep.md"), "JSON report (*.json)"),
        ]
    )

    def fake(parent, title, start, filters):
        starts.append(start)
        return next(answers)

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake)
    monkeypatch.setattr(ImageOptionsDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    for name in ("export_image", "export_solution", "export_report"):
        with qtbot.waitSignal(window.exports.finished, timeout=20_000):
            window.action(name).trigger()
    names = sorted(p.name for p in tmp_path.iterdir() if p.name != "settings.ini")
    assert names == ["pic.svg", "rep.md", "sol.csv"]
    assert all(s.startswith(str(tmp_path)) for s in starts[1:])  # the last export folder


def test_options_dialog_keeps_the_board_shape(qtbot):
    dialog = ImageOptionsDialog(2.0, (400, 200))
    qtbot.addWidget(dialog)
    dialog.width_box.setValue(1000)
    assert dialog.options() == ("shown", 1000, 500)


def test_a_cancelled_export_writes_nothing_and_says_so(qtbot, window, tmp_path, monkeypatch):
    """Cancel while the work runs (it waits on an event the test holds): no file, and
    `finished` reports None; no nested event loop kept the call waiting meanwhile."""
    import threading

    import lograph.ui.io.export as export_module

    started, release = threading.Event(), threading.Event()

    def slow_layers(board, goal, cancel):
        started.set()
        release.wait(10)
        return []

    monkeypatch.setattr(export_module, "solution_layers", slow_layers)
    load(window, rectangle(3, 3))
    path = tmp_path / "cancelled.png"
    outcomes: list[object] = []
    window.exports.finished.connect(outcomes.append)
    assert window.exports.export_image(path, "solution")  # returns while the work runs
    assert started.wait(10)
    dialog = window.findChild(QProgressDialog)
    assert dialog is not None
    dialog.findChild(QPushButton).click()  # the user's Cancel
    assert outcomes == [None]
    release.set()
    assert window.jobs.pool.waitForDone(5000)
    QApplication.processEvents()  # deliver the late result, which must be dropped
    assert outcomes == [None]
    assert not path.exists()


def test_report_and_solution_use_the_windows_goal_and_known_answer(
    qtbot, window, tmp_path, monkeypatch
):
    """With goal all-on, the exported report and solution refer to it (classic 5×5: all off
    → all on takes 15 presses, and all 4 solutions do), and the fewest presses the window
    already knows are written without searching again (a search would fail here)."""
    from lograph.core.optimize import fewest as minimal

    load(window, rectangle(5, 5))
    window.action("goal_on").trigger()
    model = window.analysis.model
    window.action("analysis_show_solution").trigger()
    qtbot.waitUntil(lambda: model.solution is not None, timeout=20_000)
    assert model.solution.press_count == 15

    def no_search(*_args, **_kwargs):
        raise AssertionError("searched again for an answer the window knew")

    monkeypatch.setattr(minimal, "fewest_presses", no_search)
    monkeypatch.setattr(minimal, "solve_fewest", no_search)
    js, md, sol = tmp_path / "r.json", tmp_path / "r.md", tmp_path / "s.json"
    assert exported(qtbot, window, "export_report", js)
    assert exported(qtbot, window, "export_report", md)
    assert exported(qtbot, window, "export_solution", sol)
    data = json.loads(js.read_text())
    assert data["goal"] == "on"
    assert data["position"]["solvable"]
    assert (data["fewest"]["press_count"], data["fewest"]["optimal_solutions"]) == (15, 4)
    assert "every light can be switched on" in md.read_text()
    probe = window.document.board.copy()
    for button in data["fewest"]["presses"]:
        probe.press(button)
    assert probe.is_goal("on")
    assert json.loads(sol.read_text())["press_count"] == 15
