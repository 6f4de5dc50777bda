"""Every mark is repainted right: no leftovers on screen after an animation, and nothing an
overlay paints lies outside its bounding rectangle (what Qt repaints).

No fixed waits: a step waits for the viewport's next paint event, and the end waits until
the screen shows what a fresh paint shows (leftovers never go away, so that wait fails).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter

from lograph.core.model.generators import rectangle
from lograph.ui.canvas.overlay import Mark
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.canvas.view import BoardView
from lograph.ui.chase.marks import ChaseMarks
from lograph.ui.chase.player import ChasePlayer
from lograph.ui.model.commands import PressCommand
from lograph.ui.model.document import Document
from lograph.ui.picture.chase_plan import compute_chase


def _pixels(image: QImage, fmt: QImage.Format = QImage.Format.Format_RGB32) -> np.ndarray:
    image = image.convertToFormat(fmt)
    data = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.sizeInBytes() // 4)
    return data.reshape(image.height(), image.bytesPerLine() // 4)[:, : image.width()].copy()


def on_screen_vs_fresh(view: BoardView) -> int:
    """Pixels where what the window shows (its backing store) differs from a fresh paint."""
    shown = view.screen().grabWindow(view.winId()).toImage()
    fresh = view.grab().toImage()
    assert shown.size() == fresh.size()
    return int((_pixels(shown) != _pixels(fresh)).sum())


class PaintCounter(QObject):
    """Counts the paint events a widget receives."""

    def __init__(self, widget) -> None:
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def settled(qtbot, view: BoardView) -> None:
    """Wait until the window shows exactly what a fresh paint shows."""
    qtbot.waitUntil(lambda: on_screen_vs_fresh(view) == 0, timeout=5000)


@pytest.fixture
def shown_view(qtbot):
    board = rectangle(5, 5)
    for b in board.buttons:
        board.set_light(b, 1)
    document = Document(board)
    scene = BoardScene(document)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(500, 500)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    settled(qtbot, view)
    return document, scene, view


def test_animated_chase_leaves_no_fragments(qtbot, shown_view):
    """The chase rings a light and a button per step, pressing as it goes: once it ends the
    window shows exactly what a fresh paint shows (the bug left arcs of rings behind)."""
    document, scene, view = shown_view
    marks = ChaseMarks(scene)
    player = ChasePlayer(document, marks.step, interval=20)
    painted: list[int] = []
    player.progress.connect(lambda done, total: painted.append(done))
    with qtbot.waitSignal(player.finished, timeout=30_000) as finished:
        player.start(compute_chase(document.board.to_system()))
    assert finished.args == [True]
    assert len(painted) > 5
    settled(qtbot, view)  # the last repaints reach the window; leftovers would stay


def test_moving_marks_after_a_press_leave_no_fragments(qtbot, shown_view):
    """The exact order that left leftovers: a press queues a repaint of its lights, then the
    overlay's marks move elsewhere, step after step."""
    document, scene, view = shown_view
    lay = scene.overlay("moving")
    paints = PaintCounter(view.viewport())
    path = ["r0c0", "r1c1", "r2c2", "r3c3", "r4c4", "r0c4"]
    for light, button in itertools.pairwise(path):
        before = paints.count
        document.push(PressCommand(document, button))
        lay.set_marks({light: Mark("#1971c2"), button: Mark("#e03131", "12")})
        lay.set_arrows([(light, button, "#1971c2")])
        qtbot.waitUntil(lambda before=before: paints.count > before)  # this step is painted
    lay.clear()
    settled(qtbot, view)


@pytest.mark.parametrize("zoom", [0.25, 1.0, 3.0])
def test_overlay_paints_only_inside_its_bounding_rect(qapp, zoom):
    """Every style, a label, an arrow and a self-arrow, at several zooms: no painted pixel
    outside the overlay's bounding rectangle (Qt only repaints that rectangle)."""
    scene = BoardScene(Document(rectangle(4, 4)))
    scene.edge_layer.hide()
    scene.button_layer.hide()
    scene.setBackgroundBrush(QBrush(Qt.BrushStyle.NoBrush))
    lay = scene.overlay("all")
    styles = {"r0c0": "ring", "r0c3": "dot", "r3c0": "fill", "r3c3": "badge", "r1c1": "dashed"}
    lay.set_marks({b: Mark("#e03131", "×12", s) for b, s in styles.items()})
    lay.set_arrows([("r0c0", "r3c3", "#1971c2"), ("r2c2", "r2c2", "#1971c2")])
    bounds = lay.sceneBoundingRect()
    area = bounds.adjusted(-120, -120, 120, 120)
    image = QImage(
        round(area.width() * zoom), round(area.height() * zoom), QImage.Format.Format_ARGB32
    )
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    scene.render(painter, QRectF(image.rect()), area)
    painter.end()
    alpha = _pixels(image, QImage.Format.Format_ARGB32) >> 24
    ys, xs = np.nonzero(alpha)
    assert len(xs) > 100  # something was drawn
    inside = QRectF(
        (bounds.left() - area.left()) * zoom - 1,
        (bounds.top() - area.top()) * zoom - 1,
        bounds.width() * zoom + 2,
        bounds.height() * zoom + 2,
    )
    assert xs.min() >= inside.left()
    assert xs.max() <= inside.right()
    assert ys.min() >= inside.top()
    assert ys.max() <= inside.bottom()
