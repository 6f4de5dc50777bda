"""Overlays: marks and arrows drawn over the board (solutions, hints, chases, quiet patterns).

An `Overlay` is one QGraphicsItem above the buttons. It keeps *button ids*, not positions:
every paint reads the centres from the scene's `DrawingStore`, so marks follow moved buttons
for free, and marks on removed buttons are dropped. A replaced board clears every overlay.

The scene owns its overlays: `Overlays` (held by `BoardScene`, asked through
``scene.overlay(name)``) creates each one the first time it is named and tells all of them
what the Document changed. This module does not know the scene class (the scene imports it).

Every overlay paints in three layers, so marks of different overlays stay readable where
they meet: discs and glows (``fill``, ``glow``, ``hatch``) at the bottom, rings and dots in
the middle, and arrows, tags and badges on top of every ring of every overlay (a ring never
hides a step number or an arrowhead). Each ring kind has its own radius (`RING_RADII`), so a
solution ring, a chosen row's ring and a free button's dashes on one button are all seen.

Drawing is batched like the canvas layers: marks are grouped by (colour, style) and each
group is one ``drawPoints`` call with a round pen when there are many, so a solution marking
20,000 buttons of a 200×200 board paints in milliseconds. Rings and labels, which need one
call per mark, are only drawn for the marks inside the exposed area.

Examples
--------
>>> from lograph.ui.canvas.overlay import Mark
>>> Mark("#e4572e", "3")
Mark(color='#e4572e', label='3', style='ring')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from lograph.core.errors import LographError
from lograph.ui.canvas.items import RADIUS, line_list, polygon, set_bounds
from lograph.ui.canvas.palette import MARKS, text_on
from lograph.ui.canvas.store import DrawingStore
from lograph.ui.model.document import Document

__all__ = [
    "DASHED_RING",
    "INNER_RING",
    "OUTER_RING",
    "RING",
    "RING_RADII",
    "STYLES",
    "Mark",
    "Overlay",
    "Overlays",
    "mark",
]

Array = NDArray[np.float64]

STYLES = (
    "ring", "outer", "dashed", "inner", "inner_dashed", "dot", "fill", "glow", "hatch", "tag",
    "badge", "square", "diamond", "corner",
)  # fmt: skip
#: Outlines around the disc that are not circles: (half-side of the square, or half-diagonal
#: of the diamond); like rings they become tinted discs when there are many.
FRAMES = {"square": RADIUS + 2.5, "diamond": RADIUS + 7.5}
UNDER = ("fill", "glow", "hatch")  # painted below every ring
TOP = ("tag", "badge", "corner")  # painted above every ring, with the arrows
_MARGIN = 2 * RADIUS + 24  # room for rings, labels and arrowheads around a centre
_MANY = 3000  # above this many visible marks, rings become batched round points
RING_PEN = 2.6  # width of a ring's coloured stroke; its white under-stroke is 1.4 wider
RING = RADIUS + 3.5  # radius of a ring mark
#: A second solid ring (a chosen table row) goes around the first one …
OUTER_RING = RADIUS + 7.0
#: … and a dashed ring around both, so a button with all three shows all three.
DASHED_RING = RADIUS + 10.5
#: Inside the disc, around a centre dot (a check light that is on, the forcing light).
INNER_RING = RADIUS - 4.5
RING_RADII = {
    "ring": RING,
    "outer": OUTER_RING,
    "dashed": DASHED_RING,
    "inner": INNER_RING,
    "inner_dashed": INNER_RING,
}


@dataclass(frozen=True)
class Mark:
    """How one button is marked.

    Attributes
    ----------
    color : str
        Any QColor name (``"#e4572e"``, ``"red"``).
    label : str
        Short text shown in a badge at the button's upper right (a step number, a count).
    style : str
        ``"ring"`` (an outline around the disc), ``"outer"`` (an outline around that one),
        ``"dashed"`` (a dashed outline around both), ``"inner"`` / ``"inner_dashed"`` (a
        solid / dashed outline inside the disc), ``"dot"`` (a small centre dot), ``"fill"``
        (a translucent disc over the button), ``"glow"`` (a translucent band around the
        disc), ``"hatch"`` (the disc hatched), ``"tag"`` (a small square at the lower left),
        ``"badge"`` (only the label), ``"square"`` / ``"diamond"`` (a square / diamond
        outline around the disc) or ``"corner"`` (a small triangle at the upper left).
    """

    color: str
    label: str = ""
    style: str = "ring"

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise LographError(f"unknown mark style {self.style!r}: use one of {STYLES}")
        if not QColor(self.color).isValid():
            raise LographError(f"unknown colour {self.color!r}")


def mark(kind: str, label: str = "") -> Mark:
    """The mark of one meaning (`palette.MARKS`): its colour and shape, with `label`.

    >>> mark("free", "3")
    Mark(color='#f76707', label='3', style='dashed')
    """
    meaning = MARKS[kind]
    return Mark(meaning.color, label, meaning.style)


class Overlay(QGraphicsItem):
    """One layer of marks and arrows over a board scene; several may coexist.

    Made by `Overlays` (ask the scene: ``scene.overlay(name)``), which adds it to the scene
    and tells it what the board changed.

    Parameters
    ----------
    scene : QGraphicsScene
        The scene to draw on (the overlay adds itself to it).
    store : callable
        The scene's current `DrawingStore` (a rebuilt board gets a new one).
    name : str
        The overlay's name.
    z : float
        Stacking order; the buttons are at 1, so anything above 2 draws over them.
    """

    def __init__(
        self,
        scene: QGraphicsScene,
        store: Callable[[], DrawingStore],
        name: str,
        z: float = 10.0,
    ) -> None:
        super().__init__()
        self._store = store
        self.name = name
        self.marks: dict[str, Mark] = {}
        self.arrows: list[tuple[str, str, str]] = []
        # (store generation, groups) where groups maps (colour, style) -> slots
        self._groups: tuple[int, dict[tuple[str, str], NDArray[np.int64]]] | None = None
        # (store generation, colour -> (sources, targets) as (k, 2) arrays, all lines)
        self._arrow_cache: tuple[int, dict[str, list[Any]]] | None = None
        self._rect = QRectF()
        # the bottom (discs, glows) and top (arrows, tags, badges) layers of this overlay
        self.parts = (_Part(self, "under"), _Part(self, "top"))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the scene's tool
        scene.addItem(self)
        for part in self.parts:
            scene.addItem(part)
        self.setZValue(z)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        """Its layers follow the overlay's stacking order and visibility."""
        parts = getattr(self, "parts", ())
        if not parts:
            pass
        elif change == QGraphicsItem.GraphicsItemChange.ItemZValueHasChanged:
            z = float(self.zValue())
            self.parts[0].setZValue(UNDER_Z + z / 100)
            self.parts[1].setZValue(TOP_Z + z / 100)
        elif change == QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged:
            for part in self.parts:
                part.setVisible(self.isVisible())
        return super().itemChange(change, value)

    # ------------------------------------------------------------------ public API
    def set_marks(self, marks: Mapping[str, Mark]) -> None:
        """Replace the marks (button id -> Mark); ids not on the board are ignored."""
        slot = self._store().slot
        self.marks = {b: m for b, m in marks.items() if b in slot}
        self._changed()

    def set_arrows(self, arrows: Sequence[tuple[str, str, str]]) -> None:
        """Replace the arrows, each ``(from_button, to_button, colour)``."""
        slot = self._store().slot
        self.arrows = [(a, b, str(c)) for a, b, c in arrows if a in slot and b in slot]
        self._changed()

    def clear(self) -> None:
        """Remove every mark and arrow."""
        if self.marks or self.arrows:
            self.marks, self.arrows = {}, []
            self._changed()

    def set_visible(self, visible: bool) -> None:
        self.setVisible(visible)

    def is_empty(self) -> bool:
        return not self.marks and not self.arrows

    def marked(self) -> dict[str, Mark]:
        """A copy of the marks (for tests and exports)."""
        return dict(self.marks)

    # ------------------------------------------------------------------ following the board
    def buttons_removed(self, ids: list[str]) -> None:
        """Drop the marks and arrows of removed buttons."""
        gone = set(ids)
        if gone & self.marks.keys() or any(a in gone or b in gone for a, b, _ in self.arrows):
            self.marks = {b: m for b, m in self.marks.items() if b not in gone}
            self.arrows = [x for x in self.arrows if x[0] not in gone and x[1] not in gone]
            self._changed()

    def geometry_changed(self) -> None:
        """Buttons moved, came or were redrawn: the cached groups and bounds are stale."""
        if not self.is_empty():
            self._changed()

    def _changed(self) -> None:
        self._groups = self._arrow_cache = None
        self._refresh_rect()
        self.update()
        for part in self.parts:
            part.update()

    def _refresh_rect(self) -> None:
        store = self._store()
        ids = list(self.marks) + [b for a, c, _ in self.arrows for b in (a, c)]
        if ids:
            p = store.pos[store.slots_of(ids)]
            (x0, y0), (x1, y1) = p.min(axis=0), p.max(axis=0)
            rect = QRectF(x0, y0, x1 - x0, y1 - y0).adjusted(-_MARGIN, -_MARGIN, _MARGIN, _MARGIN)
        else:
            rect = QRectF()
        if rect != self._rect:
            for item in (self, *self.parts):
                set_bounds(item, self._rect, rect)
            self._rect = rect

    def boundingRect(self) -> QRectF:
        return self._rect

    # ------------------------------------------------------------------ painting
    def _mark_groups(self) -> dict[tuple[str, str], NDArray[np.int64]]:
        """Slots of the marked buttons grouped by (colour, style), cached per geometry."""
        store = self._store()
        if self._groups is None or self._groups[0] != store.generation:
            lists: dict[tuple[str, str], list[int]] = {}
            for b, m in self.marks.items():
                lists.setdefault((m.color, m.style), []).append(store.slot[b])
            groups = {k: np.array(v, dtype=np.int64) for k, v in lists.items()}
            self._groups = (store.generation, groups)
        return self._groups[1]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.paint_layer(painter, option, "middle")

    def paint_layer(self, painter: QPainter, option: QStyleOptionGraphicsItem, layer: str) -> None:
        """Paint one of the three layers: ``"under"``, ``"middle"`` or ``"top"``."""
        store = self._store()
        exposed = _visible(painter, option.exposedRect).adjusted(
            -_MARGIN, -_MARGIN, _MARGIN, _MARGIN
        )
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        on_screen = RADIUS * lod
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        top = layer == "top"
        if top and self.arrows and on_screen >= 2:  # below, arrows are a few pixels: clutter
            self._paint_arrows(painter, exposed)
        labelled: list[tuple[int, Mark]] = []
        for (color, style), slots in self._mark_groups().items():
            xy = store.pos[slots]
            inside = _inside(xy, exposed)
            xy, shown = xy[inside], slots[inside]
            here = "under" if style in UNDER else "top" if style in TOP else "middle"
            if len(xy) and here == layer:
                self._paint_group(painter, QColor(color), style, xy, on_screen)
            if top and on_screen >= 7:
                labelled.extend((s, m) for s in shown.tolist() if (m := self._mark_at(s)).label)
        if labelled:
            self._paint_labels(painter, labelled)

    def _mark_at(self, slot: int) -> Mark:
        return self.marks[self._store().ids[slot]]  # type: ignore[index]

    def _paint_group(
        self,
        painter: QPainter,
        color: QColor,
        style: str,
        xy: NDArray[np.float64],
        on_screen: float,
    ) -> None:
        if style == "badge":
            return  # the label is all there is, drawn with the others
        cap = Qt.PenCapStyle.RoundCap
        tiny = on_screen < 1.5
        ringed = style in RING_RADII or style in FRAMES
        many = tiny or len(xy) > _MANY
        if style in UNDER and style != "fill" and not many:
            self._paint_under(painter, color, style, xy)
        elif style in UNDER or (ringed and many):
            # many or tiny rings read better as tinted discs, and batch into one call
            fill = QColor(color)
            fill.setAlpha(150 if style in UNDER else 200)
            pen = QPen(fill, 2 * RADIUS + (0 if style in UNDER else 6), Qt.PenStyle.SolidLine, cap)
            if tiny:
                pen.setWidthF(2.5)
                pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawPoints(polygon(xy))
        elif style == "tag":
            self._paint_tags(painter, color, xy)
        elif style in FRAMES:
            self._paint_frames(painter, color, style, xy)
        elif style == "corner":
            self._paint_corners(painter, color, xy, many=many, tiny=tiny)
        elif style == "dot":
            self._paint_dots(painter, color, xy, tiny=tiny)
        else:
            self._paint_rings(painter, color, style, xy)

    @staticmethod
    def _paint_tags(painter: QPainter, color: QColor, xy: Array) -> None:
        """A small square with a white rim at each disc's lower left."""
        painter.setPen(QPen(QColor("#ffffff"), 1.5))
        painter.setBrush(color)
        side = 9.0
        for x, y in xy.tolist():
            cx, cy = x - RADIUS * 0.72, y + RADIUS * 0.72
            painter.drawRect(QRectF(cx - side / 2, cy - side / 2, side, side))
        painter.setBrush(Qt.BrushStyle.NoBrush)

    @staticmethod
    def _paint_frames(painter: QPainter, color: QColor, style: str, xy: Array) -> None:
        """A white under-stroke and a coloured square or diamond around each disc."""
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = FRAMES[style]
        shape = (
            [(-r, -r), (r, -r), (r, r), (-r, r)]
            if style == "square"
            else [(0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0)]
        )
        for pen in (QPen(QColor("#ffffff"), RING_PEN + 1.4), QPen(color, RING_PEN)):
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            for x, y in xy.tolist():
                painter.drawPolygon([QPointF(x + dx, y + dy) for dx, dy in shape])

    @staticmethod
    def _paint_corners(
        painter: QPainter, color: QColor, xy: Array, *, many: bool, tiny: bool
    ) -> None:
        """A small triangle with a dark rim at each disc's upper left."""
        corner = xy - RADIUS * 0.95
        if many:  # batched: a rimmed square point where the triangle would be
            for pen_color, width in ((QColor("#1f2329"), 8.0), (color, 5.0)):
                pen = QPen(pen_color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap)
                if tiny:
                    pen.setWidthF(width / 3)
                    pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawPoints(polygon(corner + 3.0))
            return
        painter.setPen(QPen(QColor("#1f2329"), 1.3))
        painter.setBrush(color)
        side = 11.0
        for cx, cy in corner.tolist():
            painter.drawPolygon([QPointF(cx, cy), QPointF(cx + side, cy), QPointF(cx, cy + side)])
        painter.setBrush(Qt.BrushStyle.NoBrush)

    @staticmethod
    def _paint_dots(painter: QPainter, color: QColor, xy: Array, *, tiny: bool) -> None:
        """A dot in each disc, with a white rim so it shows on any light."""
        cap = Qt.PenCapStyle.RoundCap
        pen = QPen(color, RADIUS * 0.8, Qt.PenStyle.SolidLine, cap)
        if tiny:
            pen.setWidthF(2.0)
            pen.setCosmetic(True)
        painter.setPen(QPen(QColor("#ffffff"), pen.widthF() + 3, Qt.PenStyle.SolidLine, cap))
        if not tiny:
            painter.drawPoints(polygon(xy))
        painter.setPen(pen)
        painter.drawPoints(polygon(xy))

    @staticmethod
    def _paint_rings(painter: QPainter, color: QColor, style: str, xy: Array) -> None:
        """A white under-stroke and a coloured outline (solid or dashed) around each disc."""
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = RING_RADII[style]
        width = RING_PEN if r > RADIUS else RING_PEN * 0.85
        outline = QPen(color, width)
        if style in ("dashed", "inner_dashed"):
            outline.setDashPattern([2.2, 1.5])  # in pen widths: dashes around the ring
            outline.setCapStyle(Qt.PenCapStyle.FlatCap)
        for pen in (QPen(QColor("#ffffff"), width + 1.4), outline):
            painter.setPen(pen)
            for x, y in xy.tolist():
                painter.drawEllipse(QPointF(x, y), r, r)

    @staticmethod
    def _paint_under(painter: QPainter, color: QColor, style: str, xy: Array) -> None:
        """A glow (a translucent band just around the disc) or a hatched disc."""
        if style == "glow":
            band = QColor(color)
            band.setAlpha(110)
            painter.setPen(QPen(band, 9.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for x, y in xy.tolist():
                painter.drawEllipse(QPointF(x, y), RADIUS + 4.5, RADIUS + 4.5)
            return
        tint = QColor(color)
        tint.setAlpha(90)
        stripe = QColor(color).lighter(135)
        for x, y in xy.tolist():  # a tinted disc crossed by four bright diagonal stripes
            disc = QPainterPath()
            disc.addEllipse(QPointF(x, y), RADIUS, RADIUS)
            painter.save()
            painter.setClipPath(disc, Qt.ClipOperation.IntersectClip)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(tint)
            painter.drawEllipse(QPointF(x, y), RADIUS, RADIUS)
            painter.setPen(QPen(stripe, 3.0))
            for k in (-1.5, -0.5, 0.5, 1.5):
                off = k * RADIUS * 0.62
                painter.drawLine(
                    QPointF(x + off - RADIUS, y + RADIUS), QPointF(x + off + RADIUS, y - RADIUS)
                )
            painter.restore()

    def _paint_labels(self, painter: QPainter, labelled: list[tuple[int, Mark]]) -> None:
        """Each label in a rounded badge at the upper right of its button."""
        store = self._store()
        font = QFont(painter.font())
        font.setPixelSize(10)
        font.setBold(True)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        for s, mark in labelled:
            x, y = store.pos[s].tolist()
            w = max(metrics.horizontalAdvance(mark.label) + 6, 14.0)
            box = QRectF(x + RADIUS * 0.75 - w / 2, y - RADIUS * 0.75 - 7, w, 14)
            painter.setPen(QPen(QColor("#1f2329"), 1.2))
            painter.setBrush(QColor(mark.color))
            painter.drawRoundedRect(box, 7, 7)
            painter.setPen(text_on(QColor(mark.color)))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark.label)
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def _arrow_groups(self) -> dict[str, list[Any]]:
        """Per colour ``[tails, heads, all lines or None]``, kept until the geometry changes.

        The QLineF list of every arrow is only built when a frame shows all of them (a
        zoomed-in frame of a 40,000-arrow plan builds just its few).
        """
        store = self._store()
        if self._arrow_cache is None or self._arrow_cache[0] != store.generation:
            by_color: dict[str, list[tuple[str, str]]] = {}
            for a, b, c in self.arrows:
                by_color.setdefault(c, []).append((a, b))
            groups: dict[str, list[Any]] = {}
            for color, pairs in by_color.items():
                src = store.pos[store.slots_of(a for a, _ in pairs)]
                dst = store.pos[store.slots_of(b for _, b in pairs)]
                groups[color] = [src, dst, None]
            self._arrow_cache = (store.generation, groups)
        return self._arrow_cache[1]

    def _paint_arrows(self, painter: QPainter, area: QRectF) -> None:
        for color, group in self._arrow_groups().items():
            src, dst = group[0], group[1]
            near = _inside(src, area) | _inside(dst, area)
            if not near.any():
                continue
            if near.all():
                if group[2] is None:
                    group[2] = line_list(_arrow_lines(src, dst))
                lines = group[2]
            else:
                lines = line_list(_arrow_lines(src[near], dst[near]))
            round_cap = Qt.PenCapStyle.RoundCap
            # a white casing under the shaft and head keeps them readable over rings
            for pen in (QPen(QColor("#ffffff"), 5.0), QPen(QColor(color), 3.0)):
                pen.setCapStyle(round_cap)
                painter.setPen(pen)
                painter.drawLines(lines)
            same = near & np.all(np.abs(src - dst) < 1e-9, axis=1)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for x, y in src[same].tolist():  # a light forcing its own button: a small loop
                painter.drawEllipse(QPointF(x + RADIUS * 0.9, y + RADIUS * 0.9), 6.0, 6.0)


#: Stacking of an overlay's bottom and top layers (its own z, 10 to 14, is the middle one;
#: the buttons are at 1): every disc under every ring, every badge above every ring.
UNDER_Z = 2.0
TOP_Z = 30.0


class _Part(QGraphicsItem):
    """The bottom or top layer of an `Overlay`: painted by it, stacked apart from it."""

    def __init__(self, overlay: Overlay, layer: str) -> None:
        super().__init__()
        self.overlay, self.layer = overlay, layer
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self.overlay.boundingRect()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self.overlay.paint_layer(painter, option, self.layer)


def _visible(painter: QPainter, exposed: QRectF) -> QRectF:
    """The exposed rectangle cut to what the paint device shows (QGraphicsScene.render
    exposes whole items, which would draw every label of a big board for a small image)."""
    device = painter.device()
    inverse, ok = painter.worldTransform().inverted()
    if device is None or not ok:
        return exposed
    shown = inverse.mapRect(QRectF(0, 0, device.width(), device.height()))
    return exposed.intersected(shown)


def _inside(xy: Array, rect: QRectF) -> NDArray[np.bool_]:
    return (
        (xy[:, 0] >= rect.left())
        & (xy[:, 0] <= rect.right())
        & (xy[:, 1] >= rect.top())
        & (xy[:, 1] <= rect.bottom())
    )


def _arrow_lines(src: Array, dst: Array) -> Array:
    """Point pairs: a shaft from disc edge to disc edge, and two strokes for the head."""
    d = dst - src
    length = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-9)[:, None]
    d = d / length
    n = np.stack([-d[:, 1], d[:, 0]], axis=1)
    gap = np.minimum(RADIUS + 3.0, length * 0.3)
    start = src + d * gap
    tip = dst - d * gap
    back = tip - d * 9.0
    wing1, wing2 = back + n * 5.5, back - n * 5.5
    return np.concatenate([start, tip, tip, wing1, tip, wing2], axis=1).reshape(-1, 2)


class Overlays:
    """The overlays of one scene, by name, following its Document (`BoardScene` holds one).

    Parameters
    ----------
    scene : QGraphicsScene
        Where the overlays draw.
    document : Document
        The board they mark: a new board clears them; removed buttons lose their marks;
        moved, added or redrawn buttons refresh them.
    store : callable
        The scene's current `DrawingStore`.
    """

    def __init__(
        self, scene: QGraphicsScene, document: Document, store: Callable[[], DrawingStore]
    ) -> None:
        self._scene, self._store = scene, store
        self._by_name: dict[str, Overlay] = {}
        document.board_replaced.connect(lambda: self._each(Overlay.clear))
        document.buttons_removed.connect(lambda ids: self._each(Overlay.buttons_removed, ids))
        for signal in (
            document.positions_changed,
            document.buttons_added,
            document.properties_changed,  # the scene rebuilt its store
        ):
            signal.connect(lambda *_: self._each(Overlay.geometry_changed))

    def get(self, name: str, z: float | None = None) -> Overlay:
        """The overlay called `name`, created (at z 10) the first time it is asked for;
        `z` restacks it."""
        lay = self._by_name.get(name)
        if lay is None:
            lay = self._by_name[name] = Overlay(self._scene, self._store, name)
        if z is not None:
            lay.setZValue(z)
        return lay

    def __iter__(self) -> Iterator[Overlay]:
        return iter(list(self._by_name.values()))

    def _each(self, method: Callable[..., None], *args: Any) -> None:
        for lay in self._by_name.values():
            method(lay, *args)
