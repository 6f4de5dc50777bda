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

__all__ = ["ICON_NAMES", "SIZES", "action_icon", "app_icon", "faded", "svg_text"]

#: The actions that have an icon (each ``NAME.svg`` here).
ICON_NAMES = (
    "new", "open", "save", "fit", "undo", "redo",
    "mode_edit", "mode_lights", "mode_play", "scramble", "reset",
)  # fmt: skip
SIZES = (16, 22, 24, 32, 48)
_ROOT = files(__name__)


def svg_text(name: str) -> str:
    return _ROOT.joinpath(f"{name}.svg").read_text(encoding="utf-8")


def faded(color: QColor, background: QColor, share: float = 0.35) -> QColor:
    """`color` mixed with `background`, keeping `share` of it: the ink of a disabled icon,
    which reads as switched off on a light and on a dark theme alike.

    >>> faded(QColor("#e9ecef"), QColor("#25282d")).name()
    '#6a6d71'
    """
    a = (color.redF(), color.greenF(), color.blueF())
    b = (background.redF(), background.greenF(), background.blueF())
    return QColor.fromRgbF(*(share * x + (1 - share) * y for x, y in zip(a, b, strict=True)))


def action_icon(name: str, color: QColor, disabled: QColor | None = None) -> QIcon:
    """Icon `name` drawn in `color` at the usual toolbar sizes, and in `disabled` for the
    disabled state (without it Qt greys the pixmap itself, which on a dark theme looks like
    the enabled icon)."""
    icon = QIcon()
    modes = [(color, QIcon.Mode.Normal)]
    if disabled is not None:
        modes.append((disabled, QIcon.Mode.Disabled))
    for ink, mode in modes:
        text = svg_text(name).replace('color="#343a40"', f'color="{ink.name()}"', 1)
        renderer = QSvgRenderer(QByteArray(text.encode("utf-8")))
        for side in SIZES:
            image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            renderer.render(painter, QRectF(0, 0, side, side))
            painter.end()
            icon.addPixmap(QPixmap.fromImage(image), mode)
    return icon


def app_icon() -> QIcon:
    """The application's icon (window title bars, task bars)."""
    data = _ROOT.joinpath("lograph.png").read_bytes()
    image = QImage.fromData(data)
    return QIcon(QPixmap.fromImage(image))
