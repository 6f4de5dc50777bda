"""The two canvas items: all edges in one layer, all buttons in another.

A QGraphicsItem per button costs ~45 µs to paint and ~10 µs to create in Python, which makes
a 200×200 board (40,000 buttons, 80,000 edges) take seconds per frame when zoomed out. These
layers instead draw straight from the `DrawingStore` arrays with batched QPainter calls
(``drawPoints`` with a round pen draws discs, ``drawLines`` draws every edge): a full frame of
that board is a few tens of milliseconds, and a press repaints only the rectangles of the
lights that changed. Detail (outlines, loop marks, digits, labels) appears as discs grow on
screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

if TYPE_CHECKING:
    from lograph.ui.scene import BoardScene

__all__ = ["ButtonLayer", "EdgeLayer", "Palette", "light_colors", "polygon"]

RADIUS = 14.0  # disc radius in scene units; one grid step is 40


class Palette:
    """Colours of the canvas."""

    background = QColor("#eef0f3")
    grid = QColor("#d5dae1")
    edge = QColor("#8a94a3")
    outline = QColor("#1f2329")
    selection = QColor("#1c7ed6")
    loop = QColor("#495057")
    label = QColor("#212529")


_RAMP = [QColor("#4c6ef5"), QColor("#15aabf"), QColor("#40c057"), QColor("#ffd43b")]


def light_colors(states: int) -> list[QColor]:
    """One colour per light value: 0 is dark, p-1 the brightest (yellow)."""
    colors = [QColor("#343a46")]
    for k in range(1, states):
        t = (k - 1) / (states - 2) if states > 2 else 1.0
        x = t * (len(_RAMP) - 1)
        i = min(int(x), len(_RAMP) - 2)
        a, b, f = _RAMP[i], _RAMP[i + 1], x - i
        colors.append(
            QColor.fromRgbF(
                a.redF() + (b.redF() - a.redF()) * f,
                a.greenF() + (b.greenF() - a.greenF()) * f,
                a.blueF() + (b.blueF() - a.blueF()) * f,
            )
        )
    return colors


def polygon(points: NDArray[np.float64]) -> QPolygonF:
    """A QPolygonF from an ``(n, 2)`` array without a Python loop (QDataStream's format)."""
    xy = np.ascontiguousarray(points, dtype=">f8").reshape(-1, 2)
    data = QByteArray(np.array([len(xy)], dtype=">u4").tobytes() + xy.tobytes())
    poly = QPolygonF()
    QDataStream(data, QIODevice.OpenModeFlag.ReadOnly) >> poly
    return poly


def _round_pen(color: QColor, width: float) -> QPen:
    pen = QPen(color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    return pen


def _rect_tuple(rect: QRectF) -> tuple[float, float, float, float]:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


class _Layer(QGraphicsItem):
    def __init__(self, scene: BoardScene) -> None:
        super().__init__()
        self.board_scene = scene
        self._rect = QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def set_rect(self, rect: QRectF) -> None:
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect


class EdgeLayer(_Layer):
    """Every edge as a line (with an arrowhead on directed boards)."""

    width = 2.5

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.setZValue(0)
        self._cache: tuple[object, QPolygonF] | None = None

    def _lines(self, slots: NDArray[np.int64]) -> NDArray[np.float64]:
        """Point pairs of the lines to draw: the edges, plus two strokes per arrowhead."""
        store = self.board_scene.store
        seg = store.segments(slots)
        if not store.directed or not len(seg):
            return seg.reshape(-1, 2)
        a, b = seg[:, :2], seg[:, 2:]
        d = b - a
        length = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-9)[:, None]
        d = d / length
        n = np.stack([-d[:, 1], d[:, 0]], axis=1)
        tip = b - d * np.minimum(RADIUS + 1.5, length * 0.5)
        back = tip - d * 11.0
        wing1, wing2 = back + n * 6.0, back - n * 6.0
        pairs = np.concatenate([a, tip, tip, wing1, tip, wing2], axis=1)
        return pairs.reshape(-1, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scene = self.board_scene
        store = scene.store
        exposed = option.exposedRect  # type: ignore[attr-defined]
        whole = exposed.contains(self._rect)
        if whole:  # a full frame (zoom, pan): reuse the lines until the board changes
            key = (store.generation, store.directed)
            if self._cache is None or self._cache[0] != key:
                self._cache = (key, polygon(self._lines(store.live_edge_slots())))
            lines = self._cache[1]
        else:
            lines = polygon(self._lines(store.edge_slots_in(_rect_tuple(exposed), 20.0)))
        if scene.selected_edges:
            chosen = store.slots_of_edges(scene.selected_edges)
            painter.setPen(_round_pen(Palette.selection, self.width + 5))
            painter.drawLines(polygon(self._lines(chosen)))
        painter.setPen(_round_pen(Palette.edge, self.width))
        painter.drawLines(lines)


class ButtonLayer(_Layer):
    """Every button as a disc filled with its light's colour, plus marks and labels."""

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.setZValue(1)
        self.colors = light_colors(2)
        self.show_labels = False

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scene = self.board_scene
        store = scene.store
        exposed = option.exposedRect  # type: ignore[attr-defined]
        slots = store.slots_in(_rect_tuple(exposed), margin=2 * RADIUS)
        if not len(slots):
            return
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        on_screen = RADIUS * lod  # disc radius in pixels
        xy = store.pos[slots]
        if scene.selected:
            sel = np.isin(slots, store.slots_of(scene.selected))
            if sel.any():
                painter.setPen(_round_pen(Palette.selection, 2 * RADIUS + max(8.0, 4 / lod)))
                painter.drawPoints(polygon(xy[sel]))
        if on_screen < 0.8:  # far away: a pixel per button, no outline
            pen = _round_pen(Palette.outline, 1.6)
            pen.setCosmetic(True)
            fill_width = None
        else:
            if on_screen >= 2.5:
                painter.setPen(_round_pen(Palette.outline, 2 * RADIUS + 3))
                painter.drawPoints(polygon(xy))
            fill_width = 2 * RADIUS - (1.0 if on_screen >= 2.5 else 0.0)
        lights = store.light[slots]
        for value in np.unique(lights).tolist():
            color = self.colors[value % len(self.colors)]
            if fill_width is None:
                pen.setColor(color)
                painter.setPen(pen)
            else:
                painter.setPen(_round_pen(color, fill_width))
            painter.drawPoints(polygon(xy[lights == value]))
        if on_screen >= 4:
            self._paint_loops(painter, slots)
        if on_screen >= 9:
            self._paint_text(painter, slots, on_screen)

    def _paint_loops(self, painter: QPainter, slots: NDArray[np.int64]) -> None:
        store = self.board_scene.store
        marked = slots[store.loop[slots] != 0]
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for s in marked.tolist():
            x, y = store.pos[s]
            extra = store.loop[s] > 0  # acts on itself against the rule: a solid loop
            pen = QPen(Palette.loop, 2.2, Qt.PenStyle.SolidLine if extra else Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawEllipse(QPointF(x - RADIUS * 0.95, y - RADIUS * 0.95), 7.0, 7.0)
            if not extra:  # does not act on itself: the loop is struck out
                painter.drawLine(
                    QPointF(x - RADIUS * 1.6, y - RADIUS * 0.3),
                    QPointF(x - RADIUS * 0.3, y - RADIUS * 1.6),
                )

    def _paint_text(self, painter: QPainter, slots: NDArray[np.int64], on_screen: float) -> None:
        store = self.board_scene.store
        digits = len(self.colors) > 2
        if not digits and not self.show_labels:
            return
        font = QFont(painter.font())
        font.setPointSizeF(9.0)
        painter.setFont(font)
        box = QRectF(-RADIUS, -RADIUS, 2 * RADIUS, 2 * RADIUS)
        for s in slots.tolist():
            x, y = store.pos[s]
            if digits:
                value = int(store.light[s])
                painter.setPen(QColor("#f8f9fa") if value == 0 else QColor("#212529"))
                painter.drawText(box.translated(x, y), Qt.AlignmentFlag.AlignCenter, str(value))
            if self.show_labels and on_screen >= 12:
                painter.setPen(Palette.label)
                painter.drawText(
                    QRectF(x - 3 * RADIUS, y + RADIUS, 6 * RADIUS, 14.0),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                    str(store.ids[s]),
                )
