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

import gc
import math
from collections.abc import Callable
from typing import Protocol

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from lograph.core.model.labels import ButtonNames
from lograph.ui.canvas.palette import Canvas, light_colors, text_on
from lograph.ui.canvas.store import DrawingStore
from lograph.ui.canvas.wrap_stubs import WrapStubs, find_wraps, paint_stubs

__all__ = [
    "ButtonLayer",
    "Drawing",
    "EdgeLayer",
    "Palette",
    "light_colors",
    "polygon",
    "set_bounds",
]

RADIUS = 14.0  # disc radius in scene units; one grid step is 40
#: Edges are drawn as a haze once their length exceeds this many times the pixels shown
#: (every pixel crossed twice on average): beyond that, more lines only add grey.
DENSE = 2.0
HAZE_ALPHA = 110
#: Lines or discs per native drawing call (tens of milliseconds each).
CHUNK = 20_000
#: Shafts, arrowhead strokes, total shaft length (scene units).
_EdgeLines = tuple[list[QLineF], list[QLineF], float]


#: The canvas colours (defined in `palette`; kept under this name for the modules using it).
Palette = Canvas


def polygon(points: NDArray[np.float64]) -> QPolygonF:
    """A QPolygonF from an ``(n, 2)`` array without a Python loop (QDataStream's format)."""
    xy = np.ascontiguousarray(points, dtype=">f8").reshape(-1, 2)
    data = QByteArray(np.array([len(xy)], dtype=">u4").tobytes() + xy.tobytes())
    poly = QPolygonF()
    QDataStream(data, QIODevice.OpenModeFlag.ReadOnly) >> poly
    return poly


def line_list(pairs: NDArray[np.float64]) -> list[QLineF]:
    """QLineF objects from an ``(2k, 2)`` array of point pairs.

    ``drawLines`` given a QPolygonF converts it point by point (~90 ms for 80,000 lines);
    given QLineF objects it runs in ~10 ms, so building them once per change pays off.
    """
    # The collector would scan every new wrapper again and again (pauses of ~0.8 s holding
    # Python's lock at 300,000 lines); these objects form no cycles.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return [QLineF(a, b, c, d) for a, b, c, d in pairs.reshape(-1, 4).tolist()]
    finally:
        if enabled:
            gc.enable()


def draw_lines(painter: QPainter, lines: list[QLineF]) -> None:
    """``drawLines`` in slices of `CHUNK`: one native call holds Python's lock throughout,
    and a picture of 300,000 edges in one call would keep Ctrl-C waiting for a second."""
    for start in range(0, len(lines), CHUNK):
        painter.drawLines(lines[start : start + CHUNK])


def draw_points(painter: QPainter, xy: NDArray[np.float64]) -> None:
    """``drawPoints`` of an ``(n, 2)`` array, in slices of `CHUNK` (see `draw_lines`)."""
    for start in range(0, len(xy), CHUNK):
        painter.drawPoints(polygon(xy[start : start + CHUNK]))


def set_bounds(item: QGraphicsItem, old: QRectF, new: QRectF) -> None:
    """Tell Qt that `item`'s bounding rectangle goes from `old` to `new` (call before the
    item reports `new`).

    ``prepareGeometryChange`` alone leaves leftovers: Qt repaints the area where the item was
    *last painted*, and a paint already queued by ``scene.update(rect)`` (a press repaints
    the lights it changed) runs first and records the new rectangle, so the old area is
    never repainted (the animated chase left fragments of its rings). Invalidating the old
    rectangle in scene coordinates does not depend on that order.
    """
    scene = item.scene()
    if scene is not None and not old.isEmpty():
        scene.update(item.mapRectToScene(old))
    if new != old:
        item.prepareGeometryChange()


def _round_pen(color: QColor, width: float) -> QPen:
    pen = QPen(color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    return pen


def _rect_tuple(rect: QRectF) -> tuple[float, float, float, float]:
    return rect.left(), rect.top(), rect.right(), rect.bottom()


class Drawing(Protocol):
    """What the layers draw: the arrays and the selection (the `BoardScene` holding them; the
    layers sit below the scene, so they name only this)."""

    store: DrawingStore
    selected: set[str]
    selected_edges: set[tuple[str, str]]


class _Layer(QGraphicsItem):
    def __init__(self, scene: Drawing) -> None:
        super().__init__()
        self.board_scene = scene
        self._rect = QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def set_rect(self, rect: QRectF) -> None:
        if rect != self._rect:
            set_bounds(self, self._rect, rect)
            self._rect = rect


class EdgeLayer(_Layer):
    """Every edge as a line (with an arrowhead on directed boards); wrap-around edges as
    matching stubs (`wrap_stubs`)."""

    width = 2.5

    def __init__(self, scene: Drawing) -> None:
        super().__init__(scene)
        self.setZValue(0)
        self._cache: tuple[int, _EdgeLines] | None = None
        self._wraps: tuple[int, WrapStubs] | None = None

    def wraps(self) -> WrapStubs:
        """The wrap-around edges, found again when the board's geometry changes."""
        store = self.board_scene.store
        if self._wraps is None or self._wraps[0] != store.generation:
            before = self._wraps[1].slots if self._wraps is not None else None
            found = find_wraps(
                store.pos, store.live_slots(), store.src, store.dst, store.live_edge_slots(), RADIUS
            )
            self._wraps = (store.generation, found)
            if before is not None and not np.array_equal(before, found.slots):
                self.update()  # an edit far away can turn a line into stubs: repaint all
        return self._wraps[1]

    def _drawn_as_lines(self, slots: NDArray[np.int64]) -> NDArray[np.int64]:
        wraps = self.wraps().slots
        return slots[~np.isin(slots, wraps)] if len(wraps) else slots

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

    def _split(self, slots: NDArray[np.int64]) -> _EdgeLines:
        """The edges' shafts, their arrowhead strokes and the shafts' total length."""
        rows = self._lines(slots).reshape(-1, 4)
        if self.board_scene.store.directed:
            per_edge = rows.reshape(-1, 3, 4)
            shafts, wings = per_edge[:, 0], per_edge[:, 1:].reshape(-1, 4)
        else:
            shafts, wings = rows, rows[:0]
        d = shafts[:, 2:] - shafts[:, :2]
        length = float(np.hypot(d[:, 0], d[:, 1]).sum())
        return line_list(shafts), line_list(wings), length

    def _all(self) -> _EdgeLines:
        """Every line; kept for full frames (zoom, pan) until the board's geometry changes."""
        store = self.board_scene.store
        if self._cache is None or self._cache[0] != store.generation:
            lines = self._drawn_as_lines(store.live_edge_slots())
            self._cache = (store.generation, self._split(lines))
        return self._cache[1]

    def all_lines(self) -> list[QLineF]:
        """Every line drawn for the board: the edges, then the arrowheads' strokes."""
        shafts, wings, _ = self._all()
        return shafts + wings

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scene = self.board_scene
        exposed = option.exposedRect
        area = max(self._rect.width() * self._rect.height(), 1.0)
        if exposed.width() * exposed.height() > area / 16:
            # a big part of the board: drawing every cached line (clipped) is cheaper than
            # building QLineF objects for the part that shows
            shafts, wings, length = self._all()
        else:
            slots = scene.store.edge_slots_in(_rect_tuple(exposed), 20.0)
            shafts, wings, length = self._split(self._drawn_as_lines(slots))
        if scene.selected_edges:
            chosen = self._split(scene.store.slots_of_edges(scene.selected_edges))
            painter.setPen(_flat_pen(Palette.selection, self.width + 5))
            draw_lines(painter, chosen[0])
            draw_lines(painter, chosen[1])
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        pixels = max(exposed.width() * exposed.height() * lod * lod, 1.0)
        if length * lod > DENSE * pixels:
            _paint_haze(painter, shafts, math.ceil(length * lod / (DENSE * pixels)))
        elif lod * RADIUS < 2.5:  # far away: hairlines without antialiasing are 5× faster
            pen = QPen(Palette.far_edge, 1.0)
            pen.setCosmetic(True)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(pen)
            draw_lines(painter, shafts)
            draw_lines(painter, wings)
        else:
            # Flat caps for the shafts: their ends hide under the discs, and Qt strokes long
            # antialiased round-capped lines ~90× slower (12 s for 1,500 lines across a
            # 2000-pixel picture). The short arrowhead strokes keep their round tips.
            painter.setPen(_flat_pen(Palette.edge, self.width))
            draw_lines(painter, shafts)
            painter.setPen(_round_pen(Palette.edge, self.width))
            draw_lines(painter, wings)
        wraps = self.wraps()
        if len(wraps):
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, lod * RADIUS >= 2.5)
            paint_stubs(painter, wraps, RADIUS, lod, scene.store.directed, exposed)


def _flat_pen(color: QColor, width: float) -> QPen:
    return QPen(color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap)


def _paint_haze(painter: QPainter, shafts: list[QLineF], step: int) -> None:
    """Edges denser than the pixels they cross: every `step`-th one as a translucent
    hairline, so the time is bounded by the picture's size and the result is the same grey
    haze that drawing them all would give (arrowheads would not show anyway)."""
    color = QColor(Palette.edge)
    color.setAlpha(HAZE_ALPHA)
    pen = QPen(color, 1.0)
    pen.setCosmetic(True)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(pen)
    draw_lines(painter, shafts[::step])


#: Disc radius on screen, in pixels, from which the numbers of a non-grid board are drawn.
NUMBER_PIXELS = 10


class ButtonLayer(_Layer):
    """Every button as a disc filled with its light's colour, plus marks and labels."""

    def __init__(self, scene: Drawing) -> None:
        super().__init__(scene)
        self.setZValue(1)
        self.colors = light_colors(2)
        self.show_labels = False
        #: The board's names for people (`Document.button_names`); on a board that is not a
        #: grid, each button's number is drawn under it, so "press button 7" can be found.
        self.names_of: Callable[[], ButtonNames] | None = None

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scene = self.board_scene
        store = scene.store
        exposed = option.exposedRect
        slots = store.slots_in(_rect_tuple(exposed), margin=2 * RADIUS)
        if not len(slots):
            return
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        on_screen = RADIUS * lod  # disc radius in pixels
        # Wide round points cost ~4 µs each with antialiasing, square ones ~0.1 µs: when tens
        # of thousands of tiny discs show, draw squares; then rough discs; smooth ones when
        # they are big or few.
        few = len(slots) <= 6000
        smooth = few or on_screen >= 6
        cap = Qt.PenCapStyle.RoundCap if few or on_screen >= 3 else Qt.PenCapStyle.SquareCap
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, smooth)
        xy = store.pos[slots]
        if scene.selected:
            sel = np.isin(slots, store.slots_of(scene.selected))
            if sel.any():
                halo = 2 * RADIUS + max(8.0, 4 / lod)
                painter.setPen(QPen(Palette.selection, halo, Qt.PenStyle.SolidLine, cap))
                draw_points(painter, xy[sel])
        if on_screen >= 4:  # under the discs, so each loop seems to leave and re-enter its disc
            self._paint_loops(painter, slots)
        width = 2 * RADIUS
        if on_screen >= 4:
            painter.setPen(QPen(Palette.outline, width + 3, Qt.PenStyle.SolidLine, cap))
            draw_points(painter, xy)
            width -= 1.0
        lights = store.light[slots]
        for value in np.unique(lights).tolist():
            pen = QPen(self.colors[value % len(self.colors)], width, Qt.PenStyle.SolidLine, cap)
            if on_screen < 0.8:  # a pixel or two per button
                pen.setWidthF(1.6)
                pen.setCosmetic(True)
            painter.setPen(pen)
            draw_points(painter, xy[lights == value])
        if on_screen >= 9:
            self._paint_text(painter, slots, on_screen)

    def _paint_loops(self, painter: QPainter, slots: NDArray[np.int64]) -> None:
        store = self.board_scene.store
        marked = slots[store.loop[slots] != 0]
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = RADIUS * 0.55
        for s in marked.tolist():
            x, y = store.pos[s]
            cx, cy = x - RADIUS * 0.85, y - RADIUS * 0.85  # up and left, half out of the disc
            extra = store.loop[s] > 0  # acts on itself against the rule: a solid loop
            style = Qt.PenStyle.SolidLine if extra else Qt.PenStyle.DotLine
            painter.setPen(QPen(Palette.loop, 2.4, style, Qt.PenCapStyle.RoundCap))
            painter.drawEllipse(QPointF(cx, cy), r, r)
            if not extra:  # does not act on itself: the loop is struck out
                painter.setPen(QPen(Palette.strike, 2.4, Qt.PenStyle.SolidLine))
                painter.drawLine(QPointF(cx - r, cy + r), QPointF(cx + r, cy - r))

    def _paint_text(self, painter: QPainter, slots: NDArray[np.int64], on_screen: float) -> None:
        store = self.board_scene.store
        digits = len(self.colors) > 2
        names = self.names_of() if self.names_of is not None else None
        numbered = names is not None and not names.grid and on_screen >= NUMBER_PIXELS
        if not digits and not self.show_labels and not numbered:
            return
        font = QFont(painter.font())
        font.setPixelSize(11)  # scene units: text grows with the discs when zooming
        painter.setFont(font)
        inks = [text_on(c) for c in self.colors]
        box = QRectF(-RADIUS, -RADIUS, 2 * RADIUS, 2 * RADIUS)
        for s in slots.tolist():
            x, y = store.pos[s]
            if digits:
                value = int(store.light[s])
                painter.setPen(inks[value % len(inks)])
                painter.drawText(box.translated(x, y), Qt.AlignmentFlag.AlignCenter, str(value))
            label = ""
            if numbered:
                assert names is not None
                label = str(names.number_of(str(store.ids[s])))
            if self.show_labels and on_screen >= 12:
                label = f"{label} · {store.ids[s]}" if label else str(store.ids[s])
            if label:
                painter.setPen(Palette.label)
                painter.drawText(
                    QRectF(x - 3 * RADIUS, y + RADIUS, 6 * RADIUS, 13.0),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                    label,
                )
