"""A small read-only picture of a board (a widget), for the New Board dialog and the puzzle
designer.

For rectangles it also shows the holes as hollow rings, and a click on a cell reports it
(`cell_clicked`) so the dialog can punch or fill a hole. On a glued surface (torus, Möbius
strip …) the edges that cross a glued side are drawn as dashed stubs leaving the board in the
direction of the press, instead of lines across the whole board that would hide among the
grid's own edges. The caption has its own strip below the picture.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from lograph.core.model.board import Board
from lograph.core.model.stencils import STENCILS, Stencil, neighbour_offsets
from lograph.core.model.surfaces import SURFACES, seam_crossings
from lograph.ui.canvas.items import Palette, light_colors, line_list, polygon
from lograph.ui.canvas.wrap_edges import stub_directions, wrap_mask

__all__ = ["BoardPreview"]

#: Colour of the stubs of edges across a glued side.
SEAM = QColor("#e8590c")
#: Stub length in cells (past the board's border).
STUB = 0.55


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
        self.stubs = np.zeros((0, 4))  # x, y, dx, dy in board units
        self.surface: str | None = None
        self._seam_pairs: set[tuple[str, str]] = set()

    def sizeHint(self) -> QSize:
        return QSize(360, 320)

    def show_board(
        self,
        board: Board | None,
        grid: tuple[int, int] | None = None,
        holes: set[tuple[int, int]] | None = None,
        message: str = "",
        *,
        surface: str | None = None,
        stencil: Stencil | None = None,
    ) -> None:
        """Show `board` (None: show `message`); `grid` = (rows, cols) enables hole clicking;
        `surface` (with the board's `stencil`) draws the edges across glued sides as stubs."""
        self.board, self.grid, self.holes, self.message = board, grid, set(holes or ()), message
        self.surface = surface if board is not None and board.is_grid_like() else None
        self._find_seams(surface, stencil or STENCILS["plus"])
        self.update()

    def _find_seams(self, surface: str | None, stencil: Stencil) -> None:
        self.stubs, self._seam_pairs = np.zeros((0, 4)), set()
        board = self.board
        if surface is None or board is None or not board.is_grid_like() or not len(board):
            return
        cells = np.array([board.grid_cell(v) for v in board.buttons], dtype=np.int64)
        mask = np.zeros(tuple(cells.max(axis=0) + 1), dtype=bool)
        mask[cells[:, 0], cells[:, 1]] = True
        src, dst, which = seam_crossings(mask, SURFACES[surface], stencil)
        coords = np.argwhere(mask)
        offsets = np.array(neighbour_offsets(stencil), dtype=np.float64).reshape(-1, 2)
        direction = offsets[which][:, ::-1]  # (dr, dc) -> (dx, dy)
        direction /= np.maximum(np.linalg.norm(direction, axis=1, keepdims=True), 1e-9)
        self.stubs = np.hstack([coords[src][:, ::-1].astype(np.float64), direction])
        names = [f"r{r}c{c}" for r, c in coords.tolist()]
        self._seam_pairs = {
            (names[u], names[v]) for u, v in zip(src.tolist(), dst.tolist(), strict=True)
        }

    _CAPTION = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft) | int(
        Qt.TextFlag.TextWordWrap
    )

    def _caption_height(self) -> float:
        """Height of the caption below the board: as many lines as the words need (a one-line
        caption cut "glued sides" off in a narrow dialog)."""
        if not self.message:
            return 0.0
        width = max(self.width() - 12, 1)
        box = self.fontMetrics().boundingRect(
            QRect(0, 0, width, 10_000), self._CAPTION, self.message
        )
        return float(box.height() + 6)

    def caption_rect(self) -> QRectF:
        """Where the caption is drawn (empty without one)."""
        strip = QRectF(self.rect()).adjusted(6, 0, -6, -3)
        strip.setTop(strip.bottom() - self._caption_height() + 3)
        return strip if self.message else QRectF()

    def _frame(self) -> tuple[float, float, float, float] | None:
        """Scale and offset mapping board units to widget pixels, and the disc radius.

        The margin around the buttons is counted in board units (half a cell, or a stub's
        length when there are stubs), so discs and stubs are never clipped."""
        if self.grid is not None:
            rows, cols = self.grid
            x0, y0, x1, y1 = 0.0, 0.0, float(cols - 1), float(rows - 1)
        elif self.board is not None and len(self.board):
            pos = self.board.positions()
            (x0, y0), (x1, y1) = pos.min(axis=0), pos.max(axis=0)
        else:
            return None
        pad = 6.0
        margin = STUB + 0.75 if self.surface else 0.5
        w = max(self.width() - 2 * pad, 1.0)
        h = max(self.height() - 2 * pad - self._caption_height(), 1.0)
        scale = min(w / (x1 - x0 + 2 * margin), h / (y1 - y0 + 2 * margin), 60.0)
        ox = pad + (w - (x1 - x0) * scale) / 2 - x0 * scale
        oy = pad + (h - (y1 - y0) * scale) / 2 - y0 * scale
        return scale, ox, oy, min(scale * 0.36, 16.0)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), Palette.background)
        frame = self._frame()
        if frame is None or self.board is None:
            painter.setPen(Palette.label)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.message or "empty")
            return
        scale, ox, oy, radius = frame
        radius = max(1.0, radius)
        board = self.board
        pos = board.positions() * scale + (ox, oy)
        self._draw_edges(painter, pos, scale)
        self._draw_stubs(painter, scale, ox, oy)
        self._draw_gluing(painter, scale, ox, oy)
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
            painter.drawText(self.caption_rect(), self._CAPTION, self.message)

    def _draw_edges(self, painter: QPainter, pos: np.ndarray, scale: float) -> None:
        board = self.board
        assert board is not None
        index = {b: i for i, b in enumerate(board.buttons)}
        seams = self._seam_pairs
        edges = np.array(
            [
                (index[u], index[v])
                for u, v in board.graph.edges()
                if (u, v) not in seams and (v, u) not in seams
            ],
            dtype=np.int64,
        ).reshape(-1, 2)
        if not len(edges):
            return
        wraps = np.zeros(len(edges), dtype=bool)
        if not seams:
            # a board of unknown topology (a loaded torus, a classic game): its long
            # wrap-around edges become stubs, as on the canvas
            radius = max(1.0, min(scale * 0.36, 16.0))
            wraps = wrap_mask(pos, edges[:, 0], edges[:, 1], radius)
        lines = edges[~wraps]
        pairs = np.hstack([pos[lines[:, 0]], pos[lines[:, 1]]]).reshape(-1, 2)
        painter.setPen(QPen(Palette.edge, max(0.6, min(2.0, scale * 0.06))))
        painter.drawLines(line_list(pairs))
        if wraps.any():
            a, b = pos[edges[wraps, 0]], pos[edges[wraps, 1]]
            way_a, way_b, _ = stub_directions(pos, a, b, scale / 2)
            ends, ways = np.concatenate([a, b]), np.concatenate([way_a, way_b])
            stubs = np.hstack([ends, ends + ways * max(4.0, scale * 0.6)])
            painter.setPen(QPen(Palette.wrap, max(0.8, min(2.5, scale * 0.08))))
            painter.drawLines(line_list(stubs.reshape(-1, 2)))

    def _draw_stubs(self, painter: QPainter, scale: float, ox: float, oy: float) -> None:
        if not len(self.stubs):
            return
        start = self.stubs[:, :2] * scale + (ox, oy)
        end = start + self.stubs[:, 2:] * (STUB + 0.45) * scale
        pen = QPen(SEAM, max(1.0, min(2.4, scale * 0.07)), Qt.PenStyle.DashLine)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLines(line_list(np.hstack([start, end]).reshape(-1, 2)))

    def _draw_gluing(self, painter: QPainter, scale: float, ox: float, oy: float) -> None:
        """Arrows along the glued sides, as in topology books: sides glued the same way
        point the same way; a half twist makes them point against each other. Column seams
        get one arrowhead, row seams two."""
        if self.surface is None or self.board is None:
            return
        glue = SURFACES[self.surface]
        pos = self.board.positions()
        (x0, y0), (x1, y1) = pos.min(axis=0), pos.max(axis=0)
        gap = STUB + 0.5
        painter.setPen(QPen(SEAM, 1.6))
        if glue.wrap_cols:
            for x, down in ((x0 - gap, True), (x1 + gap, not glue.mirror_rows)):
                self._arrow(painter, (x, y0), (x, y1), down, 1, scale, ox, oy)
        if glue.wrap_rows:
            for y, right in ((y0 - gap, True), (y1 + gap, not glue.mirror_cols)):
                self._arrow(painter, (x0, y), (x1, y), right, 2, scale, ox, oy)

    @staticmethod
    def _arrow(
        painter: QPainter,
        a: tuple[float, float],
        b: tuple[float, float],
        forward: bool,
        heads: int,
        scale: float,
        ox: float,
        oy: float,
    ) -> None:
        start = np.array(a) * scale + (ox, oy)
        end = np.array(b) * scale + (ox, oy)
        if not forward:
            start, end = end, start
        painter.drawLine(QPointF(*start), QPointF(*end))
        unit = (end - start) / max(float(np.linalg.norm(end - start)), 1e-9)
        side = np.array([-unit[1], unit[0]])
        for k in range(heads):
            tip = end - unit * 7 * k
            for wing in (1, -1):
                painter.drawLine(QPointF(*tip), QPointF(*(tip - unit * 7 + side * 4 * wing)))

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
