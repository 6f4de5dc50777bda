"""The legend of everything drawn on the board: the light colours (with their digits), every
mark meaning of `palette.MARKS`, the self-action loops and the wrap-around stubs.

Each sample is drawn by the board's own code (a one- or three-button scene rendered into a
small picture), so the legend cannot drift from what the board shows.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from lograph.core.model.board import Board
from lograph.core.model.ring import Ring, RingKind
from lograph.ui.canvas.items import RADIUS
from lograph.ui.canvas.overlay import mark
from lograph.ui.canvas.palette import MARKS, Canvas, light_colors, text_on
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.document import Document

__all__ = ["OTHER", "LegendWidget", "sample"]

ICON = 40  # pixels
#: Side of the legend's samples, in pixels; samples with a badge (a step number) get
#: `BADGE_ICON`, so the badge's 10-pixel digit shows at about 9 pixels, not 6.
LEGEND_ICON, BADGE_ICON = 34, 48
#: Samples whose mark carries a badge, and its text.
BADGES = {"step": "7", "pressing": "7"}
#: The legend lines that are not marks: name -> text.
OTHER = {
    "loop_extra": "acts on itself though the rule says not (solid loop)",
    "loop_missing": "does not act on itself though the rule says so (struck loop)",
    "wrap": "wrap-around edge: the two stubs with the same number are its ends",
}


def _board(cols: int = 1, rule: str = "closed") -> Board:
    board = Board(rule=rule)
    for c in range(cols):
        board.add_button(f"b{c}", (float(c), 0.0))
    for c in range(1, cols):
        board.add_edge(f"b{c - 1}", f"b{c}")
    return board


def _bare(board: Board) -> BoardScene:
    """A scene of `board` without the numbers a board that is not a grid draws under its
    buttons: a sample is one meaning, not a board to find buttons on."""
    scene = BoardScene(Document(board))
    scene.button_layer.names_of = None
    return scene


def _scene_of(name: str) -> tuple[BoardScene, QRectF]:
    """A tiny scene showing the sample `name`, and the area of it to show (a badge's sample
    closer in: the disc, its ring and the badge at its upper right)."""
    margin = 11 if name in BADGES else 15
    centre = QRectF(
        -RADIUS - margin, -RADIUS - margin, 2 * (RADIUS + margin), 2 * (RADIUS + margin)
    )
    if name in ("loop_extra", "loop_missing"):
        board = _board(rule="open" if name == "loop_extra" else "closed")
        board.set_self_action("b0", name == "loop_extra")
        return _bare(board), centre
    if name == "wrap":  # three in a row with the ends joined: a ring laid flat
        board = _board(3)
        board.add_edge("b0", "b2")
        scene = _bare(board)
        return scene, centre.translated(-RADIUS - 8, 0)
    board = _board(2 if name == "force" else 1)
    scene = _bare(board)
    lay = scene.overlay("legend")
    if name == "force":
        lay.set_arrows([("b0", "b1", MARKS["force"].color)])
        x1 = scene.store.position("b1")[0]
        return scene, QRectF(0, -x1 / 2, x1, x1)  # the arrow between two half discs
    lay.set_marks({"b0": mark(name, BADGES.get(name, ""))})
    return scene, centre


def sample(name: str, size: int = ICON) -> QPixmap:
    """A picture of the legend sample `name` (a key of `MARKS` or `OTHER`)."""
    scene, area = _scene_of(name)
    pixmap = QPixmap(QSize(size, size))
    pixmap.fill(Canvas.background)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    scene.render(painter, QRectF(pixmap.rect()), area, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return pixmap


def lights_sample(states: int, size: int = 18) -> QPixmap:
    """The light colours 0 … k-1 in a row of discs, with their digits when k > 2 (at most
    13 shown; beyond, the colours cycle and only the digit tells them apart)."""
    shown = min(states, 13)
    pixmap = QPixmap(QSize(shown * (size + 2), size + 2))
    pixmap.fill(Canvas.background)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    font = painter.font()
    font.setPixelSize(int(size * 0.55))
    painter.setFont(font)
    for value, color in enumerate(light_colors(states)[:shown]):
        box = QRectF(1 + value * (size + 2), 1, size, size)
        painter.setPen(Canvas.outline)
        painter.setBrush(color)
        painter.drawEllipse(box)
        if Ring.of(states).kind is not RingKind.GF2:
            painter.setPen(text_on(color))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(value))
    painter.end()
    return pixmap


class LegendWidget(QWidget):
    """Every mark the board can show, each with its sample and its meaning.

    ``entries`` lists the names shown (``"lights"``, then `MARKS`, then `OTHER`).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legend")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(0)
        grid.setColumnStretch(1, 1)
        self.lights = QLabel()
        self.lights.setObjectName("legend_lights")
        self.lights_text = QLabel()
        grid.addWidget(self.lights, 0, 0, 1, 2)
        grid.addWidget(self.lights_text, 1, 0, 1, 2)
        self.entries: list[str] = ["lights"]
        texts: dict[str, str] = {k: m.text for k, m in MARKS.items()} | OTHER
        for name, text in texts.items():
            icon = QLabel()
            icon.setPixmap(sample(name, BADGE_ICON if name in BADGES else LEGEND_ICON))
            self._add(grid, name, icon, QLabel(text))
        self.set_states(2)

    def _add(self, grid: QGridLayout, name: str, icon: QLabel, text: QLabel) -> None:
        row = len(self.entries) + 1  # the lights take two rows
        text.setWordWrap(True)
        icon.setObjectName(f"legend_{name}")
        grid.addWidget(icon, row, 0, Qt.AlignmentFlag.AlignCenter)
        grid.addWidget(text, row, 1)
        self.entries.append(name)

    def set_states(self, states: int) -> None:
        """Show the light colours of a board with `states` values."""
        self.lights.setPixmap(lights_sample(states))
        more = ", colours cycle, read the digit" if states > 13 else ""
        self.lights_text.setText(f"lights 0 … {states - 1}{more}")
