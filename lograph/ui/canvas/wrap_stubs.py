"""Wrap-around edges drawn as matching stubs (see `wrap_edges` for which edges they are).

Each wrap gets, at both its ends, a short line leaving the button towards the board's side
and a small round tag with the wrap's number: the two tags with the same number are the two
ends of one edge. On directed boards the stub at the head carries an arrowhead pointing into
its button. The same drawing serves the window, exported pictures and the legend.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from lograph.ui.canvas.palette import Canvas
from lograph.ui.canvas.wrap_edges import stub_directions, wrap_mask

__all__ = ["REACH", "TAG", "WrapStubs", "find_wraps", "paint_stubs"]

STUB = 13.0  # length of the stub's line beyond the disc (scene units)
TAG = 7.0  # radius of the numbered tag at the stub's end
#: How far a stub reaches from its button's centre, tag included.
REACH = STUB + 2 * TAG + 1.5
#: Tags are numbered while there are at most this many wraps (more would be unreadable).
NUMBERED = 999

FloatArray = NDArray[np.float64]


@dataclass(frozen=True)
class WrapStubs:
    """The wraps of one drawing: which edge slots, and where their stubs go.

    Attributes
    ----------
    slots : ndarray of int
        Edge slots drawn as stubs (not as lines).
    ends : ndarray, shape (2w, 2)
        Button centres: the tails of the w wraps, then their heads.
    ways : ndarray, shape (2w, 2)
        Unit direction of each stub.
    numbers : ndarray of int, shape (2w,)
        The wrap number (1 … w) shown on both ends' tags.
    """

    slots: NDArray[np.int64]
    ends: FloatArray
    ways: FloatArray
    numbers: NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.slots)


def find_wraps(
    pos: FloatArray, alive: NDArray[np.int64], src: NDArray[np.int64], dst: NDArray[np.int64],
    slots: NDArray[np.int64], radius: float,
) -> WrapStubs:  # fmt: skip
    """The wraps among the edges `slots` (``src``/``dst`` are button slots, `alive` the live
    button slots, `pos` every slot's centre)."""
    compact = np.full(len(pos), -1, dtype=np.int64)
    compact[alive] = np.arange(len(alive))
    a, b = compact[src[slots]], compact[dst[slots]]
    mask = wrap_mask(pos[alive], a, b, radius) if len(alive) else np.zeros(0, dtype=bool)
    chosen = slots[mask]
    if not len(chosen):
        none = np.zeros((0, 2))
        return WrapStubs(chosen, none, none, np.zeros(0, dtype=np.int64))
    tails, heads = pos[src[chosen]], pos[dst[chosen]]
    ends = np.concatenate([tails, heads]).reshape(-1, 2)
    typical = _typical_length(pos, src[slots], dst[slots])
    at_tail, at_head, _ = stub_directions(pos[alive], tails, heads, typical / 2)
    ways = np.concatenate([at_tail, at_head])
    numbers = np.tile(np.arange(1, len(chosen) + 1), 2)
    return WrapStubs(chosen, ends, ways.reshape(-1, 2), numbers)


def _typical_length(pos: FloatArray, src: NDArray[np.int64], dst: NDArray[np.int64]) -> float:
    length = np.hypot(*(pos[dst] - pos[src]).T)
    positive = length[length > 1e-9]
    return float(np.median(positive)) if len(positive) else 0.0


def paint_stubs(
    painter: QPainter, stubs: WrapStubs, radius: float, lod: float, directed: bool, area: QRectF
) -> None:
    """Draw the stubs whose button lies near `area` (scene units; `lod` pixels per unit)."""
    reach = radius + REACH
    x, y = stubs.ends[:, 0], stubs.ends[:, 1]
    near = (
        (x >= area.left() - reach)
        & (x <= area.right() + reach)
        & (y >= area.top() - reach)
        & (y <= area.bottom() + reach)
    )
    if not near.any():
        return
    ends, ways, numbers = stubs.ends[near], stubs.ways[near], stubs.numbers[near]
    heads = np.flatnonzero(near) >= len(stubs)  # the second half of `ends` are heads
    start = ends + ways * (radius + 1.0)
    stop = ends + ways * (radius + STUB)
    pen = QPen(Canvas.wrap, 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap)
    if radius * lod < 2.5:  # far away: hairlines, no tags
        pen = QPen(Canvas.wrap, 1.0)
        pen.setCosmetic(True)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for (x0, y0), (x1, y1) in zip(start.tolist(), stop.tolist(), strict=True):
        painter.drawLine(QPointF(x0, y0), QPointF(x1, y1))
    if radius * lod < 2.5:
        return
    if directed:
        _paint_heads(painter, start[heads], ways[heads])
    _paint_tags(painter, ends + ways * (radius + STUB + TAG), numbers, lod, len(stubs))


def _paint_heads(painter: QPainter, tips: FloatArray, ways: FloatArray) -> None:
    """An arrowhead at each head's stub, pointing into the button (the edge arrives)."""
    painter.setPen(QPen(Canvas.wrap, 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    side = np.stack([-ways[:, 1], ways[:, 0]], axis=1)
    for tip, back, s in zip(
        tips.tolist(), (tips + ways * 7.0).tolist(), side.tolist(), strict=True
    ):
        for sign in (1, -1):
            wing = QPointF(back[0] + sign * 4.5 * s[0], back[1] + sign * 4.5 * s[1])
            painter.drawLine(QPointF(*tip), wing)


def _paint_tags(
    painter: QPainter, centres: FloatArray, numbers: NDArray[np.int64], lod: float, count: int
) -> None:
    """Round tags at the stubs' ends, numbered when they are big enough to read."""
    painter.setPen(QPen(Canvas.wrap, 1.5))
    painter.setBrush(QColor("#ffffff"))
    for cx, cy in centres.tolist():
        painter.drawEllipse(QPointF(cx, cy), TAG, TAG)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if TAG * lod < 6 or count > NUMBERED:
        return
    font = QFont(painter.font())
    font.setPixelSize(8 if count >= 100 else 9)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(Canvas.wrap)
    for (cx, cy), n in zip(centres.tolist(), numbers.tolist(), strict=True):
        box = QRectF(cx - TAG, cy - TAG, 2 * TAG, 2 * TAG)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(n))
