"""A small read-only picture of a board, for the New Board dialog.

For rectangles it also shows the holes as hollow rings, and a click on a cell reports it
(`cell_clicked`) so the dialog can punch or fill a hole.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from lograph.core.model.board import Board
from lograph.ui.canvas.items import Palette, light_colors, line_list, polygon
from lograph.ui.canvas.wraps import stub_directions, wrap_mask

__all__ = ["BoardPreview"]


class BoardPreview(QWidget):
    """Draws a board scaled to fit; `cell_clicked(row, col)` in grid mode."""

    cell_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board_preview")
        self.setMinimumSize(260, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.board: Board | None = None
        self.grid: tuple[int, int] | None = None
        self.holes: set[tuple[int, int]] = set()
        self.message = ""

    def sizeHint(self) -> QSize:
        return QSize(340, 300)

    def show_board(
        self,
        board: Board | None,
        grid: tuple[int, int] | None = None,
        holes: set[tuple[int, int]] | None = None,
        message: str = "",
    ) -> None:
        """Show `board` (None: show `message`); `grid` = (rows, cols) enables hole clicking."""
        self.board, self.grid, self.holes, self.message = board, grid, set(holes or ()), message
        self.update()

    def _frame(self) -> tuple[float, float, float, float] | None:
        """Scale and offset mapping board units to widget pixels, and the disc radius."""
        if self.grid is not None:
            rows, cols = self.grid
            x0, y0, x1, y1 = 0.0, 0.0, float(cols - 1), float(rows - 1)
        elif self.board is not None and len(self.board):
            pos = self.board.positions()
            (x0, y0), (x1, y1) = pos.min(axis=0), pos.max(axis=0)
        else:
            return None
        pad = 14.0
        w, h = max(self.width() - 2 * pad, 1.0), max(self.height() - 2 * pad, 1.0)
        span = max(x1 - x0, y1 - y0, 1e-9)
        scale = min(w / max(x1 - x0, span * 0.05, 1e-9), h / max(y1 - y0, span * 0.05, 1e-9))
        scale = min(scale, 60.0)
        ox = pad + (w - (x1 - x0) * scale) / 2 - x0 * scale
        oy = pad + (h - (y1 - y0) * scale) / 2 - y0 * scale
        return scale, ox, oy, 0.0

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), Palette.background)
        frame = self._frame()
        if frame is None or self.board is None:
            painter.setPen(Palette.label)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.message or "empty")
            return
        scale, ox, oy, _ = frame
        board = self.board
        pos = board.positions() * scale + (ox, oy)
        radius = max(1.0, min(scale * 0.36, 16.0))
        index = {b: i for i, b in enumerate(board.buttons)}
        edges = np.array([(index[u], index[v]) for u, v in board.graph.edges()], dtype=np.int64)
        if len(edges):
            # wrap-around edges (tori, cylinders …) as stubs leaving the board, as on the canvas
            wraps = wrap_mask(pos, edges[:, 0], edges[:, 1], radius)
            lines = edges[~wraps]
            pairs = np.hstack([pos[lines[:, 0]], pos[lines[:, 1]]]).reshape(-1, 2)
            painter.setPen(QPen(Palette.edge, max(0.6, min(2.0, scale * 0.06))))
            painter.drawLines(line_list(pairs))
            a, b = pos[edges[wraps, 0]], pos[edges[wraps, 1]]
            way_a, way_b, _ = stub_directions(pos, a, b, scale / 2)
            ends, ways = np.concatenate([a, b]), np.concatenate([way_a, way_b])
            stubs = np.hstack([ends, ends + ways * (radius + max(4.0, scale * 0.4))])
            painter.setPen(QPen(Palette.wrap, max(0.8, min(2.5, scale * 0.08))))
            painter.drawLines(line_list(stubs.reshape(-1, 2)))
        if self.grid is not None and self.holes:
            holes = np.array(sorted(self.holes), dtype=np.float64)[:, ::-1] * scale + (ox, oy)
            painter.setPen(QPen(Palette.edge, 1.2, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for x, y in holes.tolist():
                painter.drawEllipse(QPointF(x, y), radius, radius)
        colors = light_colors(board.states)
        lights = board.lights()
        for value in np.unique(lights).tolist():
            pen = QPen(colors[value], 2 * radius, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawPoints(polygon(pos[lights == value]))
        if self.message:
            painter.setPen(Palette.label)
            painter.drawText(
                QRectF(self.rect()).adjusted(4, 4, -4, -4),
                Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft,
                self.message,
            )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        frame = self._frame()
        if self.grid is None or frame is None or event.button() != Qt.MouseButton.LeftButton:
            return
        scale, ox, oy, _ = frame
        p = event.position()
        col = round((p.x() - ox) / scale)
        row = round((p.y() - oy) / scale)
        rows, cols = self.grid
        if 0 <= row < rows and 0 <= col < cols:
            self.cell_clicked.emit(row, col)
