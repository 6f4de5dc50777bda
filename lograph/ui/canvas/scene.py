"""The canvas scene: follows the Document's signals, hit-tests, selects, and hands mouse
events to the active interaction tool.

The scene owns what is drawn over the board: its overlays (`overlay`) and the active
interaction tool (`set_tool` ends the old one and starts the new one). Board positions are in
board units (a grid cell is 1); the scene multiplies them by `unit`,
chosen when a board is opened so that neighbouring buttons sit about one grid step (40 scene
units) apart whatever the file's scale. Selection is view state: it lives here, not in the
board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Protocol

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QAction, QColor, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QMenu,
    QStyleOptionGraphicsItem,
    QWidget,
)

from lograph.core.model.board import Board
from lograph.ui.canvas.items import RADIUS, ButtonLayer, EdgeLayer, Palette, light_colors, line_list
from lograph.ui.canvas.overlay import Overlay, Overlays
from lograph.ui.canvas.store import DrawingStore, edge_key
from lograph.ui.canvas.wrap_stubs import REACH
from lograph.ui.model.document import Document

__all__ = ["GRID", "BoardScene", "Interaction", "loop_mark", "unit_for"]

GRID = 40.0  # scene units between grid lines, and between neighbours of a grid board
#: Largest scene coordinate: positions times `unit`, their differences and the squared
#: edge lengths of the wrap test stay finite (a file may place a button at 10⁹ or beyond).
MAX_SCENE = 1e9
_MARGIN = 2 * RADIUS + 14  # covers halos, loop marks and arrowheads around a disc
#: What a change repaints around a disc: the margin, or a wrap's stub and tag if longer.
_DIRTY = max(_MARGIN, RADIUS + REACH) + 4

Edge = tuple[str, str]


class Interaction(Protocol):
    """What the scene asks of an interaction tool (`tools.Tool` is their base).

    A tool's life: `activate` when it becomes the active tool, mouse events while it is,
    `cancel` on Escape, `deactivate` when another tool (or the same one again) takes over.
    """

    def activate(self) -> None: ...
    def deactivate(self) -> None: ...
    def press(self, event: QGraphicsSceneMouseEvent) -> None: ...
    def move(self, event: QGraphicsSceneMouseEvent) -> None: ...
    def release(self, event: QGraphicsSceneMouseEvent) -> None: ...
    def cancel(self) -> None: ...
    def context_menu(
        self, point: QPointF, shared: dict[str, QAction], parent: QWidget
    ) -> QMenu | None: ...


def loop_mark(board: Board, button: str) -> int:
    """+1 if the button acts on itself against its rule, -1 if it does not though it should."""
    override = board.self_action_override(button)
    if override is None or override == (board.rule == "closed"):
        return 0
    return 1 if override else -1


def unit_for(pos: NDArray[np.float64], spacing: float = GRID) -> float:
    """Scene units per board unit: puts the median nearest-neighbour distance at `spacing`,
    but no scene coordinate beyond `MAX_SCENE`.

    Buttons nearer than 10⁻¹² of the board's size count as stacked, so a layout at any
    scale (10⁻⁹ apart, or 10⁹) fills the picture and a speck beside a far button does not.

    >>> unit_for(np.array([[0.0, 0.0], [1e-9, 0.0]]))  # doctest: +ELLIPSIS
    4000000000...
    >>> unit_for(np.array([[1e308, 0.0]])) * 1e308 <= MAX_SCENE
    True
    """
    reach = float(np.abs(pos).max()) if len(pos) else 0.0
    if not 0 < reach < math.inf:
        return GRID
    limit = MAX_SCENE / reach
    if len(pos) < 2:
        return min(GRID, limit)
    from scipy.spatial import cKDTree

    q = pos / reach  # within [-1, 1]: no distance overflows, whatever the file's scale
    dist, _ = cKDTree(q).query(q, k=2)
    nearest = dist[:, 1]
    nearest = nearest[nearest > 1e-12 * float(np.ptp(q, axis=0).max())]
    typical = float(np.median(nearest)) * reach if len(nearest) else 0.0
    unit = spacing / typical if typical > 0 else GRID
    return min(unit if math.isfinite(unit) else GRID, limit)


class BoardScene(QGraphicsScene):
    """The scene showing a Document's board.

    Parameters
    ----------
    document : Document
        The document to follow.
    """

    selection_changed = Signal()

    def __init__(self, document: Document) -> None:
        super().__init__()
        self.document = document
        self.store = DrawingStore()
        self.unit = GRID
        self.selected: set[str] = set()
        self.selected_edges: set[Edge] = set()
        self.grid_visible = False
        self.snap_enabled = False
        self._tool: Interaction | None = None
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # a few big items
        self.setBackgroundBrush(Palette.background)
        self.edge_layer = EdgeLayer(self)
        self.button_layer = ButtonLayer(self)
        self.button_layer.names_of = document.button_names
        self.addItem(self.edge_layer)
        self.addItem(self.button_layer)
        self._edge_preview: QGraphicsLineItem | None = None
        self._band: QGraphicsRectItem | None = None
        d = document
        d.board_replaced.connect(lambda: self.rebuild(rescale=True))
        d.properties_changed.connect(lambda: self.rebuild(rescale=False))
        d.buttons_added.connect(self._on_buttons_added)
        d.buttons_removed.connect(self._on_buttons_removed)
        d.edges_added.connect(self._on_edges_added)
        d.edges_removed.connect(self._on_edges_removed)
        d.positions_changed.connect(self._on_positions_changed)
        d.lights_changed.connect(self._on_lights_changed)
        d.self_actions_changed.connect(self._on_self_actions_changed)
        # after the scene's own handlers: the overlays read the store they have updated
        self._overlays = Overlays(self, document, lambda: self.store)
        self.rebuild(rescale=True)

    # ------------------------------------------------------------------ what it owns
    def overlay(self, name: str, z: float | None = None) -> Overlay:
        """The overlay called `name` (created at z 10 the first time; `z` restacks it).

        Examples
        --------
        ``scene.overlay("analysis.solution").set_marks({"r0c0": Mark("#e4572e")})``
        """
        return self._overlays.get(name, z)

    def overlays(self) -> list[Overlay]:
        """Every overlay made so far (an export hides them to draw only its own marks)."""
        return list(self._overlays)

    @property
    def tool(self) -> Interaction | None:
        """The active interaction tool (None until the window sets one)."""
        return self._tool

    def set_tool(self, tool: Interaction) -> None:
        """Make `tool` the active one: the old one is deactivated (a gesture in progress is
        dropped), then `tool` activated; the same tool again restarts it."""
        if self._tool is not None:
            self._tool.deactivate()
        self._tool = tool
        tool.activate()

    def set_view_options(self, grid: bool, snap: bool, labels: bool) -> None:
        """Show the grid, snap to it, show button labels."""
        self.grid_visible, self.snap_enabled = grid, snap
        self.button_layer.show_labels = labels
        self.update()

    # ------------------------------------------------------------------ coordinates
    def to_board(self, point: QPointF) -> tuple[float, float]:
        # six decimals, or more on a board drawn from a tiny layout: a move keeps ~1/40 px
        digits = max(6, math.ceil(math.log10(self.unit)) + 3)
        return (round(point.x() / self.unit, digits), round(point.y() / self.unit, digits))

    def snap(self, point: QPointF) -> QPointF:
        """The nearest grid crossing when snapping is on, else the point itself."""
        if not self.snap_enabled:
            return QPointF(point)
        return QPointF(round(point.x() / GRID) * GRID, round(point.y() / GRID) * GRID)

    def view_scale(self) -> float:
        """Pixels per scene unit in the first view (1 when there is no view)."""
        views = self.views()
        return views[0].transform().m11() if views else 1.0

    def lights_at_goal(self, goal: str) -> bool:
        """Every drawn light off (``"off"``) or at p-1 (``"on"``): vectorised, for big boards."""
        target = 0 if goal == "off" else len(self.button_layer.colors) - 1
        return bool(np.all(self.store.light[self.store.live_slots()] == target))

    def board_rect(self) -> QRectF:
        """The rectangle holding every button (empty board: a default area)."""
        bounds = self.store.bounds()
        if bounds is None:
            return QRectF(-6 * GRID, -4 * GRID, 12 * GRID, 8 * GRID)
        x0, y0, x1, y1 = bounds
        # wrap-around edges leave the board as stubs: make room for them (and in pictures)
        m = _MARGIN + (REACH if len(self.edge_layer.wraps()) else 0.0)
        return QRectF(x0, y0, x1 - x0, y1 - y0).adjusted(-m, -m, m, m)

    # ------------------------------------------------------------------ hit tests
    def button_at(self, point: QPointF) -> str | None:
        return self.store.button_at(point.x(), point.y(), RADIUS + 2)

    def edge_at(self, point: QPointF) -> Edge | None:
        return self.store.edge_at(point.x(), point.y(), 5.0 / self.view_scale())

    def buttons_in(self, rect: QRectF) -> list[str]:
        r = rect.normalized()
        return self.store.buttons_in((r.left(), r.top(), r.right(), r.bottom()))

    # ------------------------------------------------------------------ selection
    def set_selection(self, buttons: Iterable[str] = (), edges: Iterable[Edge] = ()) -> None:
        directed = self.store.directed
        new_b = set(buttons)
        new_e = {edge_key(u, v, directed) for u, v in edges}
        if new_b == self.selected and new_e == self.selected_edges:
            return
        self._dirty_buttons(list(new_b ^ self.selected))
        self._dirty_edges(list(new_e ^ self.selected_edges))
        self.selected, self.selected_edges = new_b, new_e
        self.selection_changed.emit()

    def toggle_selection(self, buttons: Iterable[str] = (), edges: Iterable[Edge] = ()) -> None:
        directed = self.store.directed
        self.set_selection(
            self.selected ^ set(buttons),
            self.selected_edges ^ {edge_key(u, v, directed) for u, v in edges},
        )

    def select_all(self) -> None:
        store = self.store
        self.set_selection(store.slot, store.edge_slot)

    def clear_selection(self) -> None:
        self.set_selection()

    # ------------------------------------------------------------------ overlays for tools
    def show_edge_preview(self, a: QPointF, b: QPointF) -> None:
        if self._edge_preview is None:
            self._edge_preview = QGraphicsLineItem()
            pen = QPen(Palette.selection, 3, Qt.PenStyle.DashLine)
            self._edge_preview.setPen(pen)
            self._edge_preview.setZValue(3)
            self.addItem(self._edge_preview)
        self._edge_preview.setLine(a.x(), a.y(), b.x(), b.y())

    def show_band(self, rect: QRectF) -> None:
        if self._band is None:
            self._band = QGraphicsRectItem()
            pen = QPen(Palette.selection, 1)
            pen.setCosmetic(True)
            self._band.setPen(pen)
            fill = QColor(Palette.selection)
            fill.setAlpha(40)
            self._band.setBrush(fill)
            self._band.setZValue(4)
            self.addItem(self._band)
        self._band.setRect(rect.normalized())

    def hide_overlays(self) -> None:
        for item in (self._edge_preview, self._band):
            if item is not None:
                self.removeItem(item)
        self._edge_preview = self._band = None

    def preview_positions(self, ids: Sequence[str], points: NDArray[np.float64]) -> None:
        """Draw `ids` at scene `points` without touching the board (during a drag)."""
        before = self.store.pos[self.store.slots_of(ids)].copy()
        self.store.set_positions(ids, points)
        self._dirty_moved(ids, before)

    def restore_positions(self, ids: Sequence[str]) -> None:
        """Put `ids` back where the board has them (a cancelled drag)."""
        self._on_positions_changed(list(ids))

    # ------------------------------------------------------------------ following the document
    def rebuild(self, rescale: bool) -> None:
        """Redraw the whole board (a new board, or new rule/states/direction)."""
        board = self.document.board
        ids = board.buttons
        pos = board.positions()
        if rescale:  # arrows need room between discs: directed boards are drawn wider apart
            self.unit = unit_for(pos, 2 * GRID if board.directed else GRID)
        self.store = DrawingStore(board.directed)
        self.store.add_buttons(
            ids, pos * self.unit, board.lights().tolist(), (loop_mark(board, b) for b in ids)
        )
        self.store.add_edges(board.graph.edges())
        self.button_layer.colors = light_colors(board.states)
        self.selected, self.selected_edges = set(), set()
        if rescale:
            self.setSceneRect(QRectF())
        self._refresh_geometry()
        self.update()
        self.selection_changed.emit()

    def _on_buttons_added(self, ids: list[str]) -> None:
        board = self.document.board
        pos = np.array([board.position(b) for b in ids], dtype=np.float64).reshape(-1, 2)
        lights = [board.light(b) for b in ids]
        self.store.add_buttons(ids, pos * self.unit, lights, (loop_mark(board, b) for b in ids))
        self._refresh_geometry()
        if len(self.store) == len(ids):  # was empty: the view's "empty board" text goes
            self.update()
        self._dirty_buttons(ids)

    def _on_buttons_removed(self, ids: list[str]) -> None:
        self._dirty_buttons(ids)
        self.store.remove_buttons(ids)
        gone = set(ids)
        if gone & self.selected:
            self.selected -= gone
            self.selection_changed.emit()
        self._refresh_geometry()
        if not len(self.store):
            self.update()

    def _on_edges_added(self, edges: list[Edge]) -> None:
        self.store.add_edges(edges)
        self._refresh_geometry()  # a new wrap-around edge needs room for its stubs
        self._dirty_edges(edges)

    def _on_edges_removed(self, edges: list[Edge]) -> None:
        self._dirty_edges(edges)
        self.store.remove_edges(edges)
        self._refresh_geometry()
        keys = {edge_key(u, v, self.store.directed) for u, v in edges}
        if keys & self.selected_edges:
            self.selected_edges -= keys
            self.selection_changed.emit()

    def _on_positions_changed(self, ids: list[str]) -> None:
        board = self.document.board
        before = self.store.pos[self.store.slots_of(ids)].copy()
        pos = np.array([board.position(b) for b in ids], dtype=np.float64).reshape(-1, 2)
        self.store.set_positions(ids, pos * self.unit)
        self._refresh_geometry()
        self._dirty_moved(ids, before)

    def _on_lights_changed(self, ids: list[str]) -> None:
        board = self.document.board
        self.store.set_lights(ids, [board.light(b) for b in ids])
        self._dirty_buttons(ids)

    def _on_self_actions_changed(self, ids: list[str]) -> None:
        board = self.document.board
        self.store.set_loops(ids, [loop_mark(board, b) for b in ids])
        self._dirty_buttons(ids)

    # ------------------------------------------------------------------ repainting
    def _dirty_points(self, points: NDArray[np.float64]) -> None:
        if not len(points):
            return
        (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
        self.update(QRectF(x0, y0, x1 - x0, y1 - y0).adjusted(-_DIRTY, -_DIRTY, _DIRTY, _DIRTY))

    def _dirty_buttons(self, ids: Sequence[str]) -> None:
        """Repaint only around these buttons (one small rectangle each)."""
        if len(ids) > 64:
            self._dirty_points(self.store.pos[self.store.slots_of(ids)])
            return
        for b in ids:
            x, y = self.store.position(b)
            self.update(QRectF(x - _DIRTY, y - _DIRTY, 2 * _DIRTY, 2 * _DIRTY))

    def _dirty_edges(self, edges: Sequence[Edge]) -> None:
        store = self.store
        ends = [store.position(b) for e in edges for b in e if b in store.slot]
        self._dirty_points(np.array(ends, dtype=np.float64).reshape(-1, 2))

    def _dirty_moved(self, ids: Sequence[str], before: NDArray[np.float64]) -> None:
        store = self.store
        near = {n for b in ids for n in self.document.board.neighbors(b) if n in store.slot}
        pts = [before, store.pos[store.slots_of(ids)], store.pos[store.slots_of(near)]]
        self._dirty_points(np.concatenate(pts).reshape(-1, 2))

    def _refresh_geometry(self) -> None:
        rect = self.board_rect()
        self.edge_layer.set_rect(rect)
        self.button_layer.set_rect(rect)
        room = rect.adjusted(-20 * GRID, -20 * GRID, 20 * GRID, 20 * GRID)
        self.setSceneRect(self.sceneRect().united(room) if self.sceneRect().isValid() else room)

    def drawBackground(self, painter: QPainter, area: QRectF | QRect) -> None:
        super().drawBackground(painter, area)
        rect = QRectF(area)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if not self.grid_visible or GRID * lod < 6:
            return
        xs = np.arange(np.floor(rect.left() / GRID), np.ceil(rect.right() / GRID) + 1) * GRID
        ys = np.arange(np.floor(rect.top() / GRID), np.ceil(rect.bottom() / GRID) + 1) * GRID
        top, bottom = np.full_like(xs, rect.top()), np.full_like(xs, rect.bottom())
        left, right = np.full_like(ys, rect.left()), np.full_like(ys, rect.right())
        lines = [np.column_stack([xs, top, xs, bottom]), np.column_stack([left, ys, right, ys])]
        pen = QPen(Palette.grid, 1)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLines(line_list(np.concatenate(lines)))

    # ------------------------------------------------------------------ events go to the tool
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.tool is not None:
            self.tool.press(event)
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.tool is not None:
            self.tool.move(event)
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.tool is not None:
            self.tool.release(event)
        event.accept()

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.tool is not None:
            self.tool.cancel()
            event.accept()
            return
        super().keyPressEvent(event)
