"""The toolbar's icons (small SVGs drawn in ``currentColor``) and the application icon.

`action_icon` draws an SVG in the palette's text colour, so the same file reads on the light
and the dark theme; `app_icon` is ``lograph.png`` (256 px, also fit for a ``.desktop``
file), a 3×3 board drawn by the window's own renderer (``tools/make_app_icon.py``).
"""

from __future__ import annotations

from importlib.resources import files

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

__all__ = ["ICON_NAMES", "SIZES", "action_icon", "app_icon", "svg_text"]

#: The actions that have an icon (each ``NAME.svg`` here).
ICON_NAMES = (
    "new", "open", "save", "fit", "undo", "redo",
    "mode_edit", "mode_lights", "mode_play", "scramble", "reset",
)  # fmt: skip
SIZES = (16, 22, 24, 32, 48)
_ROOT = files(__name__)


def svg_text(name: str) -> str:
    return _ROOT.joinpath(f"{name}.svg").read_text(encoding="utf-8")


def action_icon(name: str, color: QColor) -> QIcon:
    """Icon `name` drawn in `color` at the usual toolbar sizes."""
    text = svg_text(name).replace('color="#343a40"', f'color="{color.name()}"', 1)
    renderer = QSvgRenderer(QByteArray(text.encode("utf-8")))
    icon = QIcon()
    for side in SIZES:
        image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, side, side))
        painter.end()
        icon.addPixmap(QPixmap.fromImage(image))
    return icon


def app_icon() -> QIcon:
    """The application's icon (window title bars, task bars)."""
    data = _ROOT.joinpath("lograph.png").read_bytes()
    image = QImage.fromData(data)
    return QIcon(QPixmap.fromImage(image))
