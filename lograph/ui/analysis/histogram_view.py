"""A small bar chart of the press histogram: how many positions need k presses at the fewest.

Drawn with QPainter (no chart library): one bar per k, heights on a linear scale (a log scale
when the counts span more than three decades, so the rare hardest positions stay visible),
the largest count and the worst k written on the axes. Hovering a bar shows its count.

Examples
--------
>>> view = HistogramView()  # doctest: +SKIP
>>> view.set_counts([1, 9, 36, 84, 126, 126, 84, 36, 9, 1])  # doctest: +SKIP
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QHelpEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from lograph.ui.analysis.numbers import count_text
from lograph.ui.model.words import count_of

__all__ = ["HistogramView"]

_BAR = QColor("#4c6ef5")
_WORST = QColor("#e4572e")
_PAD_LEFT, _PAD_RIGHT, _PAD_TOP, _PAD_BOTTOM = 8.0, 8.0, 18.0, 20.0


class HistogramView(QWidget):
    """Bars of positions per fewest-presses count; empty shows a short note instead."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("analysis_histogram")
        self.counts: list[int] = []
        self.note = "No histogram yet."
        self.setMinimumHeight(110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(240, 130)

    def set_counts(self, counts: list[int] | None, note: str = "") -> None:
        """Show `counts` (entry k = positions needing k presses); None shows `note`."""
        self.counts = list(counts) if counts else []
        self.note = note
        self.setToolTip("")
        self.update()

    @property
    def log_scale(self) -> bool:
        positive = [c for c in self.counts if c > 0]
        return bool(positive) and max(positive) > 1000 * min(positive)

    def _height(self, count: int) -> float:
        """Bar height as a share of the tallest, 0..1."""
        top = max(self.counts)
        if count <= 0 or top <= 0:
            return 0.0
        if self.log_scale:
            return (math.log10(count) + 1) / (math.log10(top) + 1)
        return count / top

    def _plot(self) -> QRectF:
        return QRectF(self.rect()).adjusted(_PAD_LEFT, _PAD_TOP, -_PAD_RIGHT, -_PAD_BOTTOM)

    def bar_at(self, x: float) -> int | None:
        """The k of the bar under widget x, if any."""
        plot = self._plot()
        if not self.counts or not plot.left() <= x < plot.right():
            return None
        return min(int((x - plot.left()) / plot.width() * len(self.counts)), len(self.counts) - 1)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # the theme's own text colour: a fixed dark grey vanished on the dark theme
        text = self.palette().color(QPalette.ColorRole.WindowText)
        axis = self.palette().color(QPalette.ColorRole.PlaceholderText)
        painter.setPen(text)
        if not self.counts:
            painter.drawText(
                QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self.note,
            )  # fmt: skip
            return
        plot = self._plot()
        n = len(self.counts)
        step = plot.width() / n
        gap = min(step * 0.15, 3.0)
        worst = n - 1
        for k, count in enumerate(self.counts):
            if count <= 0:
                continue
            # at least 2 px: a single hardest position must not vanish next to thousands
            h = max(self._height(count) * plot.height(), 2.0)
            bar = QRectF(plot.left() + k * step + gap / 2, plot.bottom() - h, step - gap, h)
            painter.fillRect(bar, _WORST if k == worst else _BAR)
        painter.setPen(QPen(axis, 1))
        painter.drawLine(QPointF(plot.left(), plot.bottom()), QPointF(plot.right(), plot.bottom()))
        font = painter.font()
        font.setPointSizeF(max(font.pointSizeF() - 1, 7.0))
        painter.setFont(font)
        painter.setPen(text)
        below = QRectF(plot.left(), plot.bottom() + 2, plot.width(), _PAD_BOTTOM - 2)
        painter.drawText(below, Qt.AlignmentFlag.AlignLeft, "0")
        painter.drawText(below, Qt.AlignmentFlag.AlignHCenter, "presses")
        painter.drawText(below, Qt.AlignmentFlag.AlignRight, str(worst))
        scale = " (log scale)" if self.log_scale else ""
        above = QRectF(plot.left(), 0, plot.width(), _PAD_TOP)
        top = count_text(max(self.counts))
        painter.drawText(above, Qt.AlignmentFlag.AlignLeft, f"max {top}{scale}")

    def event(self, event: object) -> bool:
        if isinstance(event, QHelpEvent) and event.type() == QHelpEvent.Type.ToolTip:
            k = self.bar_at(event.pos().x())
            if k is None:
                QToolTip.hideText()
            else:
                count = self.counts[k]
                word = "position needs" if count == 1 else "positions need"
                text = f"{count_text(count)} {word} {count_of(k, 'press')}"
                QToolTip.showText(event.globalPos(), text, self)
            return True
        return bool(super().event(event))  # type: ignore[arg-type]
