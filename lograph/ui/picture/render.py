"""Pictures of a board: PNG and SVG bytes from a `BoardScene`, optionally with the marks of
the fewest-presses solution or of the chase plan. Shared by the window's Export Image and the
headless ``lograph render``.

Examples
--------
>>> from PySide6.QtWidgets import QApplication
>>> app = QApplication.instance() or QApplication([])
>>> from lograph.core.model.generators import rectangle
>>> scene = scene_for(rectangle(3, 3))
>>> image_size(scene, width=300)
(300, 300)
>>> render_bytes(scene, ".png", (300, 300))[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPaintDevice, QPainter

from lograph.core.errors import LographError
from lograph.core.model.board import Board
from lograph.core.work import Cancel
from lograph.ui.canvas.items import Palette
from lograph.ui.canvas.overlay import Mark, mark
from lograph.ui.canvas.scene import BoardScene
from lograph.ui.model.document import Document
from lograph.ui.picture.chase_plan import check_marks, compute_chase, plan_marks

__all__ = [
    "IMAGE_TYPES",
    "MARK_MODES",
    "Layer",
    "chase_layers",
    "check_folder",
    "image_size",
    "marks_for_export",
    "render_bytes",
    "scene_for",
    "solution_layers",
    "write_image",
]

IMAGE_TYPES = (".png", ".svg")
#: "shown": the marks on the board as they are; "none": the bare board; "solution" and
#: "chase": only those marks.
MARK_MODES = ("shown", "none", "solution", "chase")
MAX_SIDE = 16384


@dataclass
class Layer:
    """Marks and arrows for one temporary overlay of an export."""

    marks: dict[str, Mark]
    arrows: list[tuple[str, str, str]] = field(default_factory=list)
    z: float = 10.0


def scene_for(board: Board) -> BoardScene:
    """A scene showing `board` (no window needed: for headless rendering)."""
    return BoardScene(Document(board))


def image_size(
    scene: BoardScene, width: int | None = None, height: int | None = None
) -> tuple[int, int]:
    """The picture's size in pixels: as given, or following the board's aspect ratio.

    With neither, about 1.5 pixels per scene unit (a grid step is 60 px), the longer side
    kept within 400..4096.
    """
    for name, value in (("width", width), ("height", height)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE
        ):
            raise LographError(f"image {name} must be 1..{MAX_SIDE} pixels, not {value!r}")
    rect = scene.board_rect()
    aspect = rect.width() / max(rect.height(), 1e-9)
    if width is not None and height is not None:
        return width, height
    if width is not None:
        return width, max(1, min(MAX_SIDE, round(width / aspect)))
    if height is not None:
        return max(1, min(MAX_SIDE, round(height * aspect))), height
    scale = 1.5
    longer = max(rect.width(), rect.height()) * scale
    scale *= min(max(longer, 400.0), 4096.0) / longer
    return max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale))


def _paint(scene: BoardScene, device: QPaintDevice, size: tuple[int, int]) -> None:
    painter = QPainter(device)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        target = QRectF(0, 0, *size)
        painter.fillRect(target, Palette.background)
        scene.render(painter, target, scene.board_rect(), Qt.AspectRatioMode.KeepAspectRatio)
    finally:
        painter.end()


def render_bytes(scene: BoardScene, suffix: str, size: tuple[int, int], title: str = "") -> bytes:
    """The scene's board as a PNG (``".png"``) or SVG (``".svg"``) file's bytes.

    The selection is view state and is left out of the picture.
    """
    suffix = suffix.lower()
    if suffix not in IMAGE_TYPES:
        raise LographError(f"images are written as .png or .svg, not {suffix or '(none)'!r}")
    selected, edges = set(scene.selected), set(scene.selected_edges)
    scene.set_selection()
    try:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if suffix == ".png":
            image = QImage(QSize(*size), QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Palette.background)
            _paint(scene, image, size)
            if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # str works, stubs say bytes
                raise LographError(f"cannot encode a {size[0]}×{size[1]} PNG image")
        else:
            from PySide6.QtSvg import QSvgGenerator

            svg = QSvgGenerator()
            svg.setOutputDevice(buffer)
            svg.setSize(QSize(*size))
            svg.setViewBox(QRect(0, 0, *size))
            svg.setTitle(title or "lograph board")
            svg.setDescription("Drawn by lograph")
            _paint(scene, svg, size)
        buffer.close()
        return bytes(data.data())
    finally:
        scene.set_selection(selected, edges)


def write_image(
    scene: BoardScene,
    path: str | Path,
    width: int | None = None,
    height: int | None = None,
    title: str = "",
) -> tuple[int, int]:
    """Write the picture atomically (type from the extension); returns its size."""
    from lograph.core.files import atomic_write_bytes

    check_folder(path)
    size = image_size(scene, width, height)
    atomic_write_bytes(path, render_bytes(scene, Path(path).suffix, size, title))
    return size


def check_folder(path: str | Path) -> None:
    """Refuse a path whose folder does not exist (before any work, with a plain message)."""
    folder = Path(path).absolute().parent
    if not folder.is_dir():
        raise LographError(f"{folder}: no such folder")


def solution_layers(board: Board, goal: str = "off", cancel: Cancel = None) -> list[Layer]:
    """The fewest-presses solution, marked as in the window ("press" rings, with the count
    when above one).

    Raises `UnsolvableError` when the goal cannot be reached.
    """
    from lograph.core.optimize.fewest import solve_fewest
    from lograph.core.work import Work

    best = solve_fewest(board, goal, work=Work(cancel=cancel))
    names = board.buttons
    marks = {
        names[i]: mark("press", str(t) if t > 1 else "")
        for i, t in enumerate(best.presses.tolist())
        if t
    }
    return [Layer(marks)]


def chase_layers(board: Board, cancel: Cancel = None) -> list[Layer]:
    """The chase plan: free buttons, arrows and check lights, then step numbers above."""
    data = compute_chase(board.to_system(), cancel)
    rings, badges, arrows = plan_marks(data)
    rings.update({b: m for b, m in check_marks(data).items() if b not in rings})
    return [Layer(rings, arrows, 10.0), Layer(badges, [], 13.0)]


@contextlib.contextmanager
def marks_for_export(
    scene: BoardScene, mode: str, layers: Sequence[Layer] = ()
) -> Iterator[BoardScene]:
    """Show the marks an export asks for, and put the scene back as it was afterwards.

    ``"shown"`` keeps every overlay; the other modes hide them and show only
    `layers` (none for ``"none"``).
    """
    if mode not in MARK_MODES:
        raise LographError(f"unknown marks {mode!r}: use one of {', '.join(MARK_MODES)}")
    if mode == "shown":
        yield scene
        return
    visible = [lay for lay in scene.overlays() if lay.isVisible()]
    temporary = [scene.overlay(f"export_{i}") for i in range(len(layers))]
    try:
        for lay in visible:
            lay.set_visible(False)
        for lay, layer in zip(temporary, layers, strict=True):
            lay.setZValue(layer.z)
            lay.set_marks(layer.marks)
            lay.set_arrows(layer.arrows)
            lay.set_visible(True)
        yield scene
    finally:
        for lay in temporary:
            lay.clear()
        for lay in visible:
            lay.set_visible(True)
